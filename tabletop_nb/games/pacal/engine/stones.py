"""Energy stones (rulebook: "2. Bring energy stones into play"): dropping them into ships,
two of one colour on a space, taking stones back when the supply is empty.

Rules: PC-DROP, PC-CONFLICT, PC-TAKEBACK, PC-CONST-02.
"""
from __future__ import annotations

from ..constellations import bit_list
from ..state import DROP, Drop, PacalState, TakeBack, evolve
from .base import Engine as PacalGame
from .base import decision
from .movement import ships_mask

__all__ = ["visible_stones", "drop_options", "drop_stone", "drop", "take_back", "to_drop"]


def visible_stones(s: PacalState, seat: int) -> int:
    """Bit set of the seat's stones not under any ship.

    Rules: PC-CONST-02."""
    return s.stones[seat] & ~ships_mask(s.ships)


def drop_options(game: PacalGame, s: PacalState) -> tuple:
    """The drop decision's options: no stone, one into the own ship and (after a 2-stone
    move) one into another ship, as the supply allows; with an empty supply, taking back a
    visible stone first.

    Rules: PC-DROP-01..05, PC-DROP-07, PC-DROP-08, PC-TAKEBACK-01..04, PC-TWO-05."""
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

    Rules: PC-DROP-01..04, PC-DROP-07, PC-DROP-08."""
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

    Rules: PC-DROP-05, PC-DROP-06, PC-CONFLICT-01..05."""
    bit = 1 << cell
    supply[seat] -= 1
    if stones[seat] & bit:
        stones[seat] &= ~bit
        supply[seat] += 2
        return True
    stones[seat] |= bit
    return False


def to_drop(game: PacalGame, s: PacalState) -> PacalState:
    """After a move: the drop decision, or (nothing to choose) straight on to what follows
    the drops (:meth:`PacalGame.after_drops`).

    Rules: PC-DROP-03, PC-DROP-04."""
    opts = drop_options(game, s)
    if len(opts) > 1:
        return decision(s, DROP, opts)
    return game.after_drops(s)


def take_back(game: PacalGame, s: PacalState, a: TakeBack) -> PacalState:
    """Take back a visible own stone into the empty supply, to drop it again now.

    Rules: PC-TAKEBACK-01..04."""
    p = s.player
    c = game.geo.index[a.at]
    stones = list(s.stones)
    stones[p] &= ~(1 << c)
    supply = list(s.supply)
    supply[p] += 1
    # events say what this action did (not the turn so far): one log line per event
    s2 = evolve(s, stones=tuple(stones), supply=tuple(supply), taken=s.taken + 1,
                events=(("takeback", p, a.at),))
    return decision(s2, DROP, drop_options(game, s2))


def drop(game: PacalGame, s: PacalState, a: Drop) -> PacalState:
    """Drop the chosen stones into the ships' spaces.

    Rules: PC-DROP-01, PC-DROP-02, PC-DROP-05, PC-CONFLICT-01."""
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
    s2 = evolve(s, stones=tuple(stones), supply=tuple(supply), taken=0, events=tuple(ev))
    return game.after_drops(s2)
