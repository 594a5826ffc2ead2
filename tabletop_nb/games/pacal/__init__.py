"""Pacal's Rocket (Günter Burkhardt, Piatnik 2015) for 2 to 5 players.

>>> import tabletop_nb
>>> game = tabletop_nb.load_game("pacal", players=4)
>>> game.rules.threshold, game.num_players
(35, 4)
"""
from __future__ import annotations

from typing import Any

from .engine import COLOURS, PacalGame
from .rules import PacalRules
from .state import OVER, SETUP, PacalState

__all__ = ["load_game", "PacalGame", "PacalRules", "PacalState", "CONFORMANCE", "invariants",
           "COLOURS"]


def load_game(**overrides: Any) -> PacalGame:
    """Pacal's Rocket with rule overrides (``players=2..5``, ``expert=True``, readings...).

    Parameters
    ----------
    **overrides
        Rule changes by name: any field of :class:`~tabletop_nb.games.pacal.rules.PacalRules`.

    Returns
    -------
    PacalGame
        The game.

    Examples
    --------
    >>> load_game(players=3).num_players
    3
    """
    return PacalGame(**overrides)


CONFORMANCE = [dict(players=2), dict(players=3), dict(players=4), dict(players=5),
               dict(players=2, expert=True), dict(players=4, expert=True),
               dict(players=5, expert=True),
               # every reading switch on its other reading (RULINGS.md)
               dict(players=2, marker_is_stone=False, zero_straight=True, god_in_first_round=True,
                    arrows_in_first_round=False, diamond_squares=True, tie_scores=True,
                    two_player_bonus_end=False, turning_paths="no_reversal", boxed_in="by_surroundings",
                    gap_contents="no_own", lower_substitute="next", replaced_pyramid="discard",
                    river_lake="combined"),
               dict(players=4, expert=True, marker_is_stone=False, zero_straight=True,
                    god_in_first_round=True, arrows_in_first_round=False, diamond_squares=True,
                    tie_scores=True, gap_contents="empty")]


def invariants(game: PacalGame, s: PacalState) -> list[str]:
    """The broken invariants of a state (empty when all hold).

    Checked: every colour's 11 stones are accounted for (supply + board + score marker),
    every colour's 11 pyramids too (supply + board + discarded), supplies are never
    negative, one stone per colour per space (by construction) and never on a pyramid,
    the lake or a covered space; ships on distinct free playable spaces; scores never
    negative; the pyramid bit sets agree with the board.

    Parameters
    ----------
    game : PacalGame
        The game.
    s : PacalState
        Any state of it.

    Returns
    -------
    list of str
        What is wrong, one sentence each.

    Examples
    --------
    >>> game = load_game(players=3)
    >>> invariants(game, game.initial_state())
    []
    """
    r, geo, n = game.rules, game.geo, game.num_players
    out: list[str] = []
    marker = 1 if r.marker_is_stone else 0
    pyr_cells = 0
    for q in range(n):
        on_board = bin(s.stones[q]).count("1")
        if s.supply[q] < 0:
            out.append(f"seat {q}: negative stone supply {s.supply[q]}")
        if s.supply[q] + on_board + marker != r.stones:
            out.append(f"seat {q}: stones {s.supply[q]} + {on_board} on board + {marker} marker != {r.stones}")
        if s.stones[q] & ~geo.playable:
            out.append(f"seat {q}: a stone off the playable board")
        built = bin(s.pyr_masks[q]).count("1")
        if any(c < 0 for c in s.pyr_supply[q]):
            out.append(f"seat {q}: negative pyramid supply {s.pyr_supply[q]}")
        if sum(s.pyr_supply[q]) + built + s.discarded[q] != sum(r.pyramids):
            out.append(f"seat {q}: pyramids {sum(s.pyr_supply[q])} + {built} built + "
                       f"{s.discarded[q]} discarded != {sum(r.pyramids)}")
        pyr_cells |= s.pyr_masks[q]
        if s.scores[q] < 0:
            out.append(f"seat {q}: negative score")
    # the per-space pyramid codes must agree with the owners' bit sets (both directions)
    codes = s.pyramids
    for i in range(len(codes)):
        v = codes[i]
        if v and not (1 <= (v & 7) <= 5 and (v >> 3) < n and s.pyr_masks[v >> 3] >> i & 1):
            out.append(f"pyramid code {v} on space {geo.xy[i]} disagrees with the owner masks")
    mask = pyr_cells
    if sum(1 for v in codes if v) != bin(mask).count("1"):
        out.append("pyramid masks disagree with the board")
    if mask & ~geo.playable:
        out.append("a pyramid off the playable board")
    for q in range(n):
        if s.stones[q] & mask:
            out.append(f"seat {q}: a stone on a pyramid space")
    if s.phase != SETUP:
        ships = [c for c in s.ships if c >= 0]
        if len(ships) != n or len(set(ships)) != n:
            out.append(f"ships not on {n} distinct spaces: {s.ships}")
        for c in ships:
            if not geo.playable >> c & 1 or mask >> c & 1:
                out.append(f"a ship on a blocked space {geo.xy[c]}")
    if s.phase == OVER and len(s.final) != n:
        out.append("game over without a final scoring")
    return out
