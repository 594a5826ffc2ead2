"""Exact odds for Pacal's Rocket: where the shared die can take a ship, and whether a
constellation can be completed.

The round's die is rolled once for every player. Before the roll, each face has its
exact probability (``rules.die.pmf``); for each face the engine's own move rules give
the spaces a ship can reach with a die move (straight, turning, arrows), so the chance
that a space is reachable this round is the sum of the probabilities of the faces that
reach it. God stones are left out unless asked for (they reach every free space).

Examples
--------
>>> import tabletop_nb
>>> game = tabletop_nb.load_game("pacal", players=3)
>>> s = game.position(ships=[(1, 1), (9, 9), (11, 11)], phase="roll")
>>> odds = reach_odds(game, s, seat=0)
>>> odds[(1, 3)]          # two spaces south: pips 2 or 4 (an even roll), or arrows
Fraction(1, 2)
>>> odds[(1, 8)]          # only the arrows face jumps that far down the column
Fraction(1, 6)
"""
from __future__ import annotations

from fractions import Fraction
from typing import Iterable

from .constellations import shape_height
from .state import Move, evolve

__all__ = ["face_reach", "reach_odds", "reach_grid", "constellation_odds"]


def face_reach(game, state, seat: int | None = None) -> dict:
    """For each die face: the set of spaces (x, y) a die move can end on.

    Uses the state's obstacles (ships, pyramids, lake, covers) and round (round 1 allows
    only straight moves out of the holy district).

    Parameters
    ----------
    game : PacalGame
        A Pacal's Rocket game.
    state : PacalState
        The position (its obstacles and round count; the face in it is ignored).
    seat : int, optional
        Whose ship (default: the player to act).

    Returns
    -------
    dict
        ``{face: set of (x, y)}`` for every face of the die (PC-MOVE).

    Examples
    --------
    >>> import tabletop_nb
    >>> game = tabletop_nb.load_game("pacal", players=3)
    >>> s = game.position(ships=[(1, 1), (9, 9), (11, 11)], phase="roll")
    >>> sorted(face_reach(game, s, 0)[2])[:3]
    [(0, 0), (0, 1), (0, 2)]
    """
    seat = state.player if seat is None else seat
    out = {}
    for face in game.rules.die.outcomes:
        s = evolve(state, face=face, player=seat)
        out[face] = {m.to for m in game.die_moves(s, seat) if type(m) is Move}
    return out


def reach_odds(game, state, seat: int | None = None, *, god: bool = False) -> dict:
    """Exact chance, over the round's die roll, that each space can be reached this round.

    Parameters
    ----------
    game, state
        A Pacal's Rocket game and a state (any phase; the face in it is ignored).
    seat : int, optional
        Whose ship (default: the player to act).
    god : bool
        Count a god stone as a way to reach any free space (if the seat has one and may
        use it this round).

    Returns
    -------
    dict
        (x, y) -> Fraction for every space reachable with some face (others are 0).

    Examples
    --------
    >>> import tabletop_nb
    >>> game = tabletop_nb.load_game("pacal", players=3)
    >>> s = game.position(ships=[(1, 1), (9, 9), (11, 11)], phase="roll")
    >>> sum(reach_odds(game, s, 0).values()) > 1
    True
    """
    seat = state.player if seat is None else seat
    pmf = game.rules.die.pmf
    odds: dict = {}
    for face, cells in face_reach(game, state, seat).items():
        for c in cells:
            odds[c] = odds.get(c, Fraction(0)) + pmf[face]
    if god and state.gods[seat] and (not game.first_round(state) or game.rules.god_in_first_round):
        free = game.free_mask(state, seat) & ~(1 << state.ships[seat])
        xy = game.geo.xy
        for c in range(game.geo.size):
            if free >> c & 1:
                odds[xy[c]] = Fraction(1)
    return odds


def reach_grid(game, state, seat: int | None = None, *, god: bool = False) -> list[list]:
    """:func:`reach_odds` as rows of floats for a heat map (None on unplayable spaces).

    Parameters
    ----------
    game : PacalGame
        A Pacal's Rocket game.
    state : PacalState
        The position (its obstacles and round count; the face in it is ignored).
    seat : int, optional
        Whose ship (default: the player to act).
    god : bool, default False
        Count a god stone's free placement too (PC-GOD).

    Returns
    -------
    list of list
        ``grid[y][x]``: the chance as a float, None on unplayable spaces.

    Examples
    --------
    >>> import tabletop_nb
    >>> game = tabletop_nb.load_game("pacal", players=3)
    >>> s = game.position(ships=[(1, 1), (9, 9), (11, 11)], phase="roll")
    >>> grid = reach_grid(game, s, 0)
    >>> len(grid), len(grid[0]), grid[3][1]
    (13, 13, 0.5)
    """
    odds = reach_odds(game, state, seat, god=god)
    geo = game.geo
    return [[(float(odds.get((x, y), 0)) if geo.playable >> geo.index[(x, y)] & 1 else None)
             for x in range(geo.width)] for y in range(geo.height)]


def constellation_odds(game, state, seat: int, members: Iterable[tuple[int, int]], *,
                       god: bool = False) -> Fraction:
    """Exact chance, over this round's die roll, that ``members`` will be buildable next turn.

    A constellation is buildable at the seat's next build step when every member holds
    one of his visible stones or (where allowed) his own pyramids. Stones under his own
    ship count (they show when the ship leaves); stones under other ships do not (whether
    that ship moves first is not known). At most one member may be missing: this turn his
    ship must end on it, so that the stone he drops shows next turn; the chance of that is
    the chance the die lets the ship reach the space (see :func:`reach_odds`). No missing
    member gives 1; two or more, or an invalid shape, or an empty supply give 0.

    Parameters
    ----------
    game : PacalGame
        A Pacal's Rocket game.
    state : PacalState
        The position (its obstacles and round count; the face in it is ignored).
    seat : int
        The builder.
    members : iterable of tuple of int
        The constellation's spaces ``(x, y)``.
    god : bool, default False
        Count the god stones the seat holds as moves (PC-GOD).

    Returns
    -------
    Fraction
        The exact chance over the round's roll.

    Examples
    --------
    >>> import tabletop_nb
    >>> game = tabletop_nb.load_game("pacal", players=3)
    >>> s = game.position(ships=[(1, 1), (9, 9), (11, 11)], phase="roll",
    ...                   stones={0: [(3, 1), (4, 1)]})
    >>> constellation_odds(game, s, 0, [(2, 1), (3, 1), (4, 1)])   # (2,1) is 1 step away: odd faces
    Fraction(2, 3)
    """
    cells: list[tuple] = [tuple(m) for m in members]
    if len(set(cells)) != len(cells) or shape_height(cells, game.rules.diamond_squares) == 0:
        return Fraction(0)
    geo = game.geo
    own_ship = state.ships[seat]
    hidden = 0
    for q, c in enumerate(state.ships):
        if q != seat and c >= 0:
            hidden |= 1 << c
    stones = state.stones[seat] & ~hidden
    pyr = state.pyr_masks[seat] if not game.rules.expert else 0
    missing = []
    n_stones = 0
    for m in cells:
        c = geo.index.get(m)
        if c is None or not geo.playable >> c & 1:
            return Fraction(0)
        if stones >> c & 1:
            n_stones += 1
        elif not pyr >> c & 1:
            missing.append(m)
    if len(missing) > 1:
        return Fraction(0)
    if not missing:
        return Fraction(1) if n_stones else Fraction(0)
    target = missing[0]
    if geo.index[target] == own_ship or state.supply[seat] == 0:
        return Fraction(0)
    return reach_odds(game, state, seat, god=god).get(target, Fraction(0))
