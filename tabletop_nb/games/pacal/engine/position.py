"""Positions built by hand (tests, notebooks, the odds): checked against the rules of the
components, with their legal actions computed.

Rules: PC-SETUP-03, PC-SETUP-04, PC-SETUP-05, PC-SETUP-06.
"""
from __future__ import annotations

from typing import Any, Iterable, Mapping, NoReturn

from ....core.errors import TabletopError
from ..state import BUILD, DROP, MOVE, ROLL, PacalState
from .base import Engine as PacalGame
from .base import decision
from .building import build_options
from .movement import move_options
from .stones import drop_options

__all__ = ["position"]


def position(game: PacalGame, *, ships: Mapping[int, tuple] | Iterable[tuple],
             stones: Mapping[int, Iterable[tuple]] | None = None,
             pyramids: Mapping[tuple, tuple[int, int]] | None = None,
             phase: str = "move", player: int = 0, face: Any = 3, turn: int | None = None,
             roller: int | None = None, gods: Mapping[int, Iterable[int]] | None = None,
             scores: Iterable[int] | None = None, supply: Mapping[int, int] | None = None,
             pyr_supply: Mapping[int, Iterable[int]] | None = None, allowance: int = 2,
             last_round: bool = False) -> PacalState:
    """A hand-built position, with its legal actions computed.

    ``ships`` maps seat -> (x, y) (or lists them in seat order); ``stones`` maps seat ->
    spaces of his stones; ``pyramids`` maps (x, y) -> (seat, stories). Supplies default
    to everything not on the board; ``turn`` defaults to round 2 (turning allowed).
    ``phase`` is "move", "drop", "build" or "roll".

    Parameters
    ----------
    game : PacalGame
        The game.
    ships : mapping of int to tuple, or iterable of tuple
        Each seat's ship ``(x, y)``; a seat left out has none on the board.
    stones : mapping of int to iterable of tuple, optional
        Each seat's stones on the board.
    pyramids : mapping of tuple to tuple of int, optional
        ``(x, y) -> (seat, stories)``.
    phase : str, default "move"
        The decision the position waits on: "move", "drop", "build" or "roll".
    player : int, default 0
        The seat to play.
    face : int or str, default 3
        The die's face this round (not checked in "roll").
    turn : int, optional
        Turns finished; by default the number of seats (round 2).
    roller : int, optional
        The seat that rolled this round; by default ``player``.
    gods : mapping of int to iterable of int, optional
        Each seat's unused god stones; by default all of them.
    scores : iterable of int, optional
        One score per seat; by default 0.
    supply : mapping of int to int, optional
        Stones in a seat's supply; by default those not on the board.
    pyr_supply : mapping of int to iterable of int, optional
        A seat's pyramids left by stories; by default those not on the board.
    allowance : int, default 2
        Stones the turn's move allows dropping (0, 1 or 2).
    last_round : bool, default False
        Whether this is the last round (3 to 5 players: a score has reached the end
        threshold).

    Returns
    -------
    PacalState

    Raises
    ------
    TabletopError
        When the position breaks the rules of the components (two ships on a space, a
        stone on a pyramid, more pyramids than the game gives, ...).

    Examples
    --------
    >>> import tabletop_nb
    >>> g = tabletop_nb.load_game("pacal", players=3)
    >>> s = g.position(ships=[(1, 0), (7, 8), (9, 8)], stones={0: [(3, 9)]}, phase="build")
    >>> g.legal_actions(s)
    [NoBuild(), Build(height=1, at=(3, 9), members=((3, 9),))]
    """
    n, r, geo = game.players, game.rules, game.geo
    try:
        return _position(game, n, r, geo, ships, stones, pyramids, phase, player, face, turn,
                              roller, gods, scores, supply, pyr_supply, allowance, last_round)
    except (TypeError, ValueError, KeyError, IndexError, AttributeError) as err:
        raise TabletopError(f"impossible position: a keyword has the wrong shape ({err!r})") from err


def _position(game: PacalGame, n, r, geo, ships, stones, pyramids, phase, player, face, turn, roller,
              gods, scores, supply, pyr_supply, allowance, last_round) -> PacalState:
    """:func:`position`'s checks and the state, the shapes of the keywords unchecked."""

    def refuse(what: str, reason: str) -> NoReturn:
        """Refuse the position: ``what`` is wrong because of ``reason``."""
        raise TabletopError(f"impossible position: {what}: {reason}")

    def seat(q: Any, what: str) -> int:
        """``q`` if it is a seat, else refuse."""
        if isinstance(q, bool) or not isinstance(q, int) or not 0 <= q < n:
            refuse(what, f"seat {q!r} is not one of 0..{n - 1}")
        return q

    def space(xy: Any, what: str) -> int:
        """The playable space ``xy``'s index, else refuse."""
        try:
            i = geo.cell(xy)
        except (KeyError, TypeError):
            refuse(what, f"{xy!r} is not a space of the board")
        if not geo.playable >> i & 1:
            refuse(what, f"{tuple(xy)} is the lake or covered")
        return i

    if not isinstance(ships, Mapping):
        ships = dict(enumerate(ships))
    for q in ships:
        seat(q, "ships")
    ship_t = tuple(space(ships[q], "ships") if q in ships else -1 for q in range(n))
    placed = [c for c in ship_t if c >= 0]
    if len(set(placed)) < len(placed):
        refuse("ships", "two ships on one space")
    stone_t = [0] * n
    for q, cells in (stones or {}).items():
        seat(q, "stones")
        for c in cells:
            i = space(c, "stones")
            if stone_t[q] >> i & 1:
                refuse("stones", f"seat {q} has two stones on {tuple(c)}")
            stone_t[q] |= 1 << i
    pyr_t = [0] * geo.size
    masks = [0] * n
    ps = [list(r.pyramids) for _ in range(n)]
    for c, (q, h) in (pyramids or {}).items():
        i = space(c, "pyramids")
        seat(q, "pyramids")
        if isinstance(h, bool) or not isinstance(h, int) or not 1 <= h <= len(r.pyramids):
            refuse("pyramids", f"a pyramid has 1..{len(r.pyramids)} stories, not {h!r}")
        if i in placed:
            refuse("pyramids", f"a ship stands on the pyramid at {tuple(c)}")
        if any(st >> i & 1 for st in stone_t):
            refuse("stones", f"a stone lies on the pyramid at {tuple(c)}")
        pyr_t[i] = q * 8 + h
        masks[q] |= 1 << i
        ps[q][h - 1] -= 1
    if pyr_supply:
        for q, counts in pyr_supply.items():
            seat(q, "pyr_supply")
            ps[q] = list(counts)
            if len(ps[q]) != len(r.pyramids):
                refuse("pyr_supply", f"one count per pyramid size ({len(r.pyramids)}) for seat {q}")
    for q in range(n):
        if any(not isinstance(k, int) or k < 0 for k in ps[q]):
            refuse("pyramids", f"seat {q} has more pyramids on the board than the game gives "
                   f"({list(r.pyramids)} per size)")
    sup = [r.playable_stones - bin(stone_t[q]).count("1") for q in range(n)]
    for q, v in (supply or {}).items():
        seat(q, "supply")
        sup[q] = v
    for q in range(n):
        if isinstance(sup[q], bool) or not isinstance(sup[q], int) or sup[q] < 0:
            refuse("stones", f"seat {q} has more stones out than the {r.playable_stones} "
                   "the game gives (or a supply that is not a count)")
    for q, vals in (gods or {}).items():
        seat(q, "gods")
        left = list(r.god_stones)
        for v in vals:
            if v not in left:
                refuse("gods", f"seat {q}'s god stones must come from {list(r.god_stones)}")
            left.remove(v)
    if scores is not None:
        scores = tuple(scores)
        if len(scores) != n or any(isinstance(v, bool) or not isinstance(v, int) for v in scores):
            refuse("scores", f"one whole number per seat ({n})")
    seat(player, "player")
    if turn is None:
        turn = n
    if isinstance(turn, bool) or not isinstance(turn, int) or turn < 0:
        refuse("turn", f"a turn number is a whole number from 0, not {turn!r}")
    if roller is None:
        roller = player
    seat(roller, "roller")
    if phase not in ("move", "drop", "build", "roll"):
        refuse("phase", f"{phase!r} is not one of 'move', 'drop', 'build', 'roll'")
    if phase != "roll" and face not in r.die.pmf:
        refuse("face", f"{face!r} is not a face of the die ({sorted(map(str, r.die.pmf))})")
    if isinstance(allowance, bool) or allowance not in (0, 1, 2):
        refuse("allowance", "0, 1 or 2 stones may be dropped")
    if type(last_round) is not bool:
        refuse("last_round", f"True or False, not {last_round!r}")
    if last_round and n == 2:
        refuse("last_round", "the 2-player game has no last round: it ends at once at the "
               f"{game.threshold} points (PC-TWO-02)")
    if phase in ("move", "drop", "build") and ship_t[player] < 0:
        refuse("ships", f"seat {player} is to play but has no ship on the board")
    ph = {"move": MOVE, "drop": DROP, "build": BUILD, "roll": ROLL}[phase]
    s = PacalState(
        phase=ph, player=player, turn=turn, round=turn // n + 1, roller=roller,
        pos=(player - roller) % n, face=face, ships=ship_t, stones=tuple(stone_t),
        supply=tuple(sup), pyramids=tuple(pyr_t), pyr_masks=tuple(masks),
        pyr_supply=tuple(tuple(x) for x in ps), discarded=(0,) * n,
        gods=tuple(tuple(sorted((gods or {}).get(q, r.god_stones))) for q in range(n)),
        scores=tuple(scores) if scores is not None else (0,) * n, allowance=allowance,
        last_round=last_round)
    if ph == MOVE:
        return decision(s, MOVE, move_options(game, s))
    if ph == DROP:
        return decision(s, DROP, drop_options(game, s))
    if ph == BUILD:
        return decision(s, BUILD, build_options(game, s))
    return s
