"""Hubs and ships: hub activation, ship travel, catching a fish, ports, capacity limits.

Rulebook "Hub Activation", free action g) "What will happen when your ship(s) move to a
hub?", "Port" (checklist sections 11-14: NK-HUB-01, NK-HUB-02, NK-HUB-03, NK-HUB-04, NK-HUB-05, NK-HUB-06, NK-HUB-07, NK-HUB-08, NK-HUB-09, NK-HUB-10, NK-HUB-11, NK-HUB-12, NK-HUB-13, NK-HUB-14, NK-HUB-15, NK-HUB-16, NK-HUB-17, NK-HUB-18, NK-HUB-19, NK-CAT-01, NK-CAT-02, NK-CAT-03, NK-CAT-04, NK-CAT-05, NK-CAT-06, NK-CAT-07, NK-CAT-08, NK-PORT-01, NK-PORT-02, NK-PORT-03, NK-PORT-04, NK-PORT-05, NK-PORT-06, NK-PORT-07, NK-PORT-08, NK-PORT-09, NK-PORT-10,
NK-CAP-01, NK-CAP-02, NK-CAP-03, NK-CAP-04, NK-CAP-05, NK-CAP-06, NK-CAP-07). Tests: tests/games/neko/test_hubs_ships.py.
"""
from __future__ import annotations


from .. import analysis
from ..state import ACTIVATED, LoadCargo, Player
from .base import Engine as NekoGame
from .base import profile
from .base import (MOVE_ACTIONS, action, insert_sorted, remove_one, changing_player)


def gain(game: NekoGame, m: Player, item: str, n: int) -> int:
    """Give ``n`` of ``item`` within the cabin and freezer limits; return what was kept.

    ``max(0, min(n, room))``: the clamp called only when ``n`` does not fit (the same
    number, test_engine_speed.py).

    Rules: NK-CAP-03, NK-INC-07.
    """
    if n <= 0:
        return 0
    r = game.rules
    if item == "coins":
        m.coins += n
        return n
    if item == "fuel":
        room = r.cabin_capacity - m.fuel - m.goods
        if n > room:
            n = max(room, 0)
        m.fuel += n
        return n
    if item == "goods":
        room = r.cabin_capacity - m.fuel - m.goods
        if n > room:
            n = max(room, 0)
        m.goods += n
        return n
    if item == "fish":
        room = r.freezer_capacity - m.fish
        if n > room:
            n = max(room, 0)
        m.fish += n
        return n
    if item == "pp":
        m.pp += n
        return n
    raise ValueError(item)


def hub_at(game: NekoGame, P, key) -> tuple[int, str] | None:
    """(multiplier, item) of the player's hub at ``key``, or None for a half-hub."""
    for k, mult, item in analysis.hubs(game, P):
        if k == key:
            return mult, item
    return None


def next_stop(game: NekoGame, lane: tuple, boundary: int, sub: int):
    """The stop a ship at (boundary, sub) of ``lane`` moves to, or None (NK-HUB-10).

    >>> import tabletop_nb
    >>> game = tabletop_nb.load_game("neko", players=2)
    >>> lane = (0, 14, -1, -1, -1)          # an Ocean Bank, then a Port (one port hub)
    >>> next_stop(game, lane, 0, 0), next_stop(game, lane, 1, 0), next_stop(game, lane, 1, 1)
    ((1, 0), (1, 1), (2, 0))
    >>> next_stop(game, lane, 2, 0) is None   # an empty slot stops the ship
    True

    Rules: NK-HUB-11, NK-PORT-07.
    """
    if boundary >= len(lane):
        return None
    c = lane[boundary]
    if c < 0:
        return None
    if sub < len(game.card[c].hubs):
        return boundary, sub + 1
    return boundary + 1, 0


def hub_count(game: NekoGame, P) -> int:
    """The hubs Neko Harbour counts (port hubs only under ``neko_counts_port_hubs``).

    Rules: NK-NH-01, NK-NH-03.
    """
    hubs = analysis.hubs(game, P)
    if game.rules.neko_counts_port_hubs:
        return len(hubs)
    return sum(1 for k, _, _ in hubs if k[2] == 0)


def crossed(game: NekoGame, P, lane: int) -> int:
    """Cards crossed by the furthest ship in a lane.

    Rules: NK-HUB-16.
    """
    # ``max((b for (li, b, _) in P.ships if li == lane), default=0)`` as a
    # plain loop (no generator): the first largest boundary of the lane's ships, else 0
    best = None
    for li, b, _ in P.ships:
        if li == lane and (best is None or b > best):
            best = b
    return 0 if best is None else best


def activate_hub(game: NekoGame, w, m, p, key, by_ship: bool) -> None:
    """A hub activates: multiplier times one unit of its item (Light House adds), caps apply.

    Rules: NK-HUB-05, NK-HUB-12, NK-LH-01, NK-CAT-08, NK-HUB-06, NK-LH-02.
    """
    mult, item = hub_at(game, m, key)  # type: ignore[misc]  # a complete hub (never a half-hub's key)
    units = mult + (game.rules.lighthouse_units if m.lighthouse == key else 0)
    amount = units * (game.rules.coin_unit if item == "coins" else 1)
    got = gain(game, m, item, amount)
    w.events.append(("hub", p, key, item, got, by_ship))


def apply_activate_hub(game: NekoGame, w, top, a):
    """Put a die equal to the multiplier on a hub: its reward, and a fish with a ship there.

    Rules: NK-ACT-08, NK-HUB-04, NK-CAT-03, NK-CAT-04.
    """
    p = top.seat
    m = changing_player(w, p)
    key = (a.lane, a.boundary, a.sub)
    mult, _ = hub_at(game, m, key)  # type: ignore[misc]  # a legal ActivateHub names a complete hub
    m.dice = remove_one(m.dice, mult)
    m.hub_dice = m.hub_dice + ((key, mult),)
    w.main = ACTIVATED
    activate_hub(game, w, m, p, key, False)
    if key in m.ships:
        got = gain(game, m, "fish", game.rules.catch_fish)
        w.events.append(("catch", p, got))


def ship_moves(game: NekoGame, P) -> list:
    """A MoveShip per distinct ship position with a next stop.

    Rules: NK-FA-16, NK-FA-17, NK-HUB-10, NK-HUB-19.
    """
    out = []
    last = None
    for pos in P.ships:
        if pos == last:
            continue
        last = pos
        li, b, j = pos
        if next_stop(game, P.lanes[li], b, j) is not None:
            out.append(MOVE_ACTIONS[pos])
    return out


def apply_move_ship(game: NekoGame, w, top, a):
    """Move a ship to its next stop for fuel; a hub there activates (a fish if a die waits
    and no ship).

    Rules: NK-FA-16, NK-HUB-10, NK-HUB-12, NK-CAT-01, NK-CAT-02, NK-CAT-05, NK-CAT-06,
    NK-CAT-07, NK-HUB-13, NK-HUB-17.
    """
    p = top.seat
    m = changing_player(w, p)
    m.fuel -= game.rules.move_fuel
    frm = (a.lane, a.boundary, a.sub)
    b, j = next_stop(game, m.lanes[a.lane], a.boundary, a.sub)
    to = (a.lane, b, j)
    ships = remove_one(m.ships, frm)
    others = ships.count(to)
    m.ships = insert_sorted(ships, to)
    w.events.append(("move", p, frm, to))
    if hub_at(game, m, to) is not None:
        activate_hub(game, w, m, p, to, True)
        if others == 0 and any(k == to for k, _ in m.hub_dice):
            got = gain(game, m, "fish", game.rules.catch_fish)
            w.events.append(("catch", p, got))


def cargo_moves(game: NekoGame, P) -> list:
    """A LoadCargo per port with a cargo space left.

    Rules: NK-FA-18, NK-PORT-02, NK-PORT-10, NK-PORT-01.
    """
    filled = dict(P.cargo) if P.cargo else {}
    return [action(LoadCargo, li, si) for li, si, c, n in profile(game, P).ports
            if filled.get(c, 0) < n]


def apply_load(game: NekoGame, w, top, a):
    """Load a good onto a port's next cargo space; an icon there pays at once.

    Rules: NK-PORT-02, NK-PORT-03, NK-PORT-04.
    """
    p = top.seat
    m = changing_player(w, p)
    card = m.lanes[a.lane][a.slot]
    filled = dict(m.cargo)
    n = filled.get(card, 0)
    space = game.card[card].cargo[n]
    filled[card] = n + 1
    m.cargo = tuple(sorted(filled.items()))
    m.goods -= 1
    got = gain(game, m, space.item, space.amount) if space.item else 0
    w.events.append(("cargo", p, card, n, space.item, got))


def port_unlocked(game: NekoGame, P, card: int) -> bool:
    """Whether every cargo space of the port is covered.

    Rules: NK-PORT-05.
    """
    need = len(game.card[card].cargo)
    return dict(P.cargo).get(card, 0) >= need
