"""Energy stones (rulebook: "2. Bring energy stones into play"): dropping them into ships,
two of one colour on a space, taking stones back when the supply is empty.

Rules: PC-DROP, PC-CONFLICT, PC-TAKEBACK, PC-CONST-02.
"""
from __future__ import annotations

from .. import analysis
from ..constellations import bit_list
from ..state import DROP, Drop, PacalState, TakeBack, evolve
from .base import Engine as PacalGame
from .base import decision
from .movement import ships_mask

__all__ = ["visible_stones", "drop_options", "drop_stone", "drop", "take_back", "to_drop"]


def visible_stones(s: PacalState, seat: int, leaving: bool = False) -> int:
    """Bit set of the seat's stones not under any ship; with ``leaving``, not under any
    other ship (as they lie once his own ship has left its space, before it lands).

    Behind :meth:`PacalGame.visible_stones`; :func:`drop_options` offers these for taking back.

    Parameters
    ----------
    s : PacalState
        The state.
    seat : int
        The seat whose stones are looked at.
    leaving : bool, default False
        Leave the seat's own ship out (what a move uncovers).

    Returns
    -------
    int
        A bit set of spaces (``game.geo`` bit indices).

    Examples
    --------
    >>> import tabletop_nb
    >>> game = tabletop_nb.load_game("pacal", players=3)
    >>> s = game.position(ships=[(3, 3), (5, 3), (3, 5)], stones={0: [(3, 3), (1, 1)]})
    >>> [game.geo.xy[j] for j in range(game.geo.size) if visible_stones(s, 0) >> j & 1]
    [(1, 1)]
    >>> [game.geo.xy[j] for j in range(game.geo.size) if visible_stones(s, 0, leaving=True) >> j & 1]
    [(1, 1), (3, 3)]

    Rules: PC-CONST-02.
    """
    return s.stones[seat] & ~ships_mask(s.ships, seat if leaving else -1)


def drop_options(game: PacalGame, s: PacalState) -> tuple:
    """The drop decision's options: no stone, one into the own ship and (after a 2-stone
    move) one into another ship, as the supply allows; with an empty supply, taking back a
    visible stone first.

    The legal actions (:meth:`PacalGame.legal_actions`) of the drop decision, set by
    :func:`to_drop` and :func:`take_back`.

    Parameters
    ----------
    game : PacalGame
        The game.
    s : PacalState
        The state after the move, with its ``allowance``.

    Returns
    -------
    tuple
        :class:`Drop` and :class:`TakeBack` actions; empty when the move allows no stone.

    Examples
    --------
    >>> import tabletop_nb
    >>> game = tabletop_nb.load_game("pacal", players=3)
    >>> s = game.position(ships=[(3, 3), (5, 3), (3, 5)], phase="drop", allowance=1)
    >>> drop_options(game, s)
    (Drop(own=False, into=-1), Drop(own=True, into=-1))

    Rules: PC-DROP-03, PC-TAKEBACK-01, PC-TAKEBACK-02, PC-TAKEBACK-04, PC-TWO-05.
    """
    allowance = s.allowance
    if allowance == 0:
        return ()
    p = s.player
    supply, taken = s.supply[p], s.taken
    key = (p, allowance, min(supply, 2), taken)
    drops = game.tables.drops.get(key)
    if drops is None:
        drops = game.tables.drops[key] = _drops(game.players, p, allowance, supply, taken)
    if supply == taken and taken < allowance:
        takeback_of = game.tables.takeback_of
        return drops + tuple([takeback_of[c] for c in bit_list(visible_stones(s, p))])
    return drops


def _drops(players: int, p: int, allowance: int, supply: int, taken: int) -> tuple:
    """The drops (no take-backs) of seat ``p`` allowed ``allowance`` stones, with
    ``supply`` in front of him and ``taken`` taken back.

    Rules: PC-DROP-01, PC-DROP-02, PC-DROP-04, PC-DROP-07, PC-DROP-08, PC-TAKEBACK-03."""
    targets = [-1] + ([q for q in range(players) if q != p] if allowance == 2 else [])
    drops = []
    for own in (False, True):
        for into in targets:
            k = own + (into >= 0)
            if k > supply or (taken and k != taken):
                continue
            drops.append(Drop(own, into))
    return tuple(drops)


def drop_stone(stones: list, supply: list, seat: int, cell: int) -> bool:
    """Put a stone of ``seat`` on ``cell`` (changing the lists); a second one there sends
    both back to the supply. Returns whether they clashed.

    The step :func:`drop` takes for each stone.

    Parameters
    ----------
    stones : list of int
        Each seat's stones as a bit set; changed in place.
    supply : list of int
        Each seat's supply; changed in place.
    seat : int
        The seat whose stone is dropped.
    cell : int
        The space (bit index).

    Returns
    -------
    bool
        Whether a stone of the seat was already there (both went back).

    Examples
    --------
    >>> stones, supply = [0, 0], [10, 10]
    >>> drop_stone(stones, supply, 0, 4), stones, supply
    (False, [16, 0], [9, 10])
    >>> drop_stone(stones, supply, 0, 4), stones, supply
    (True, [0, 0], [10, 10])

    Whether they clash is :func:`~..analysis.drop_clashes`'.

    Rules: PC-DROP-05, PC-DROP-06, PC-CONFLICT-03, PC-CONFLICT-04, PC-CONFLICT-05.
    """
    bit = 1 << cell
    supply[seat] -= 1
    if analysis.drop_clashes(stones[seat], cell):
        stones[seat] &= ~bit
        supply[seat] += 2
        return True
    stones[seat] |= bit
    return False


def to_drop(game: PacalGame, s: PacalState) -> PacalState:
    """After a move: the drop decision, or (nothing to choose) straight on to what follows
    the drops (:meth:`PacalGame.after_drops`).

    Called by :meth:`PacalGame.apply` after a :class:`Move` or :class:`Place` action
    (:func:`.movement.move_ship`).

    Parameters
    ----------
    game : PacalGame
        The game.
    s : PacalState
        The state with the ship just moved.

    Returns
    -------
    PacalState

    Examples
    --------
    >>> import tabletop_nb
    >>> game = tabletop_nb.load_game("pacal", players=3)
    >>> s = game.position(ships=[(3, 3), (5, 3), (3, 5)], phase="drop", allowance=2)
    >>> s2 = to_drop(game, s)
    >>> game.phase(s2), len(s2.options)
    ('round 2, die 3: Yellow - drop', 6)
    """
    opts = drop_options(game, s)
    if len(opts) > 1:
        return decision(s, DROP, opts)
    return game.after_drops(s)


def take_back(game: PacalGame, s: PacalState, a: TakeBack) -> PacalState:
    """Take back a visible own stone into the empty supply, to drop it again now.

    What :meth:`PacalGame.apply` does with a :class:`TakeBack` action.

    Parameters
    ----------
    game : PacalGame
        The game.
    s : PacalState
        The state at the drop decision, the seat's supply empty.
    a : TakeBack
        The stone's space, one of :func:`drop_options`.

    Returns
    -------
    PacalState
        The drop decision again, with one stone more in the supply.

    Examples
    --------
    >>> import tabletop_nb
    >>> game = tabletop_nb.load_game("pacal", players=3)
    >>> s = game.position(ships=[(3, 3), (5, 3), (3, 5)], stones={0: [(1, 1)]},
    ...                   supply={0: 0}, phase="drop", allowance=1)
    >>> s2 = take_back(game, s, TakeBack((1, 1)))
    >>> s2.supply[0], game.events(s2)
    (1, ('Yellow took back the stone on (1, 1)',))
    """
    p = s.player
    c = game.geo.index[a.at]
    stones = list(s.stones)
    stones[p] &= ~(1 << c)
    supply = list(s.supply)
    supply[p] += 1
    # events say what this action did (not the turn so far): one log line per event
    s2 = evolve(s, stones=tuple(stones), supply=tuple(supply), taken=s.taken + 1, phase=DROP,
                events=(("takeback", p, a.at),))
    s2.options = drop_options(game, s2)   # s2 is this call's new state (base.py: decisions)
    return s2


def drop(game: PacalGame, s: PacalState, a: Drop) -> PacalState:
    """Drop the chosen stones into the ships' spaces.

    What :meth:`PacalGame.apply` does with a :class:`Drop` action; then
    :meth:`PacalGame.after_drops`.

    Parameters
    ----------
    game : PacalGame
        The game.
    s : PacalState
        The state at the drop decision.
    a : Drop
        The stones to drop, one of :func:`drop_options`.

    Returns
    -------
    PacalState

    Examples
    --------
    >>> import tabletop_nb
    >>> game = tabletop_nb.load_game("pacal", players=3)
    >>> s = game.position(ships=[(3, 3), (5, 3), (3, 5)], phase="drop", allowance=2)
    >>> s2 = drop(game, s, Drop(own=True, into=1))
    >>> game.events(s2)
    ('Yellow dropped a stone into own ship', "Yellow dropped a stone into Violet's ship")
    """
    p = s.player
    stones = list(s.stones)
    supply = list(s.supply)
    ev = []  # this action's events only: the move's are already told
    if a.own:
        clash = drop_stone(stones, supply, p, s.ships[p])
        ev.append(("drop", p, p, clash))
    if a.into >= 0:
        clash = drop_stone(stones, supply, p, s.ships[a.into])
        ev.append(("drop", p, a.into, clash))
    # the stones taken back go down now (PC-TAKEBACK-03): outside the drop decision the
    # count is 0, so the turn's end has nothing to reset
    s2 = evolve(s, stones=tuple(stones), supply=tuple(supply), taken=0, events=tuple(ev))
    return game.after_drops(s2)
