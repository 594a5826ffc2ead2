"""Card Reference Guide and Special Stops: what each card does.

Rulebook "Card Reference Guide" and "Special Stops" (checklist sections 25-31: NK-CARD,
NK-OB, NK-FP, NK-BB, NK-PP, NK-ST, NK-LH, NK-CH, NK-SMC, NK-SP, NK-FS, NK-RS, NK-HO, NK-NH,
NK-IW, NK-SI, NK-PO, NK-HC); worked examples NK-EX-22, NK-EX-24, NK-EX-25, NK-EX-26, NK-EX-27, NK-EX-28. A card's lightning
effect fires in ``place`` (:mod:`.end_of_round`), its activation in ``apply_activate_card``
(:mod:`.action_phase`), its end-game points in ``final_breakdown`` (:mod:`.scoring`).
Tests: tests/games/neko/test_cards.py.
"""
from __future__ import annotations


from ..frames import ChurchFrame
from ..state import ChurchFish, ChurchHub, CityIncome, NekoSplit, ParkDie, Pass, RemoveTiles, replace_area
from .. import analysis
from .base import Engine as NekoGame
from .base import add_bid, profile, unresolved_after
from .base import action
from .base import (RESOLVE, remove_one, changing_player, push, pop)
from . import hubs_ships


def count_kind(game: NekoGame, P, kind: str) -> int:
    """How many cards of ``kind`` the player's lanes hold (set sizes).

    Rules: NK-CARD-03, NK-ADV-09, NK-FP-03, NK-OB-04.
    """
    return profile(game, P).kinds.get(kind, 0)


def owned_card(game: NekoGame, P, effect: str) -> int | None:
    """The id of the player's card with this effect, or None.

    Rules: NK-CARD-02.
    """
    pos = profile(game, P).effect_pos.get(effect)
    return None if pos is None else P.lanes[pos[0]][pos[1]]


def church_may_place(game: NekoGame, P) -> bool:
    """Whether the Church lets the player put a losing die on a hub now: the player owns
    a Church, has put fewer than ``rules.church_dice`` dice on hubs with it this round, and
    has a vacant hub (:func:`..analysis.vacant_hubs`). Bid resolution asks it before
    offering the Church (:func:`.end_of_round.resolve_step`), and again after each die the
    Church places (:func:`apply_church_hub`); when it says no, the losing dice left give
    fish.

    Examples
    --------
    >>> import tabletop_nb
    >>> from tabletop_nb.games.neko.state import Player
    >>> g = tabletop_nb.load_game("neko", players=2)
    >>> church_may_place(g, Player())     # no Church in the lanes
    False

    Rules: NK-CH-01, NK-CH-04.
    """
    return owned_card(game, P, "church") is not None and P.church_used < game.rules.church_dice \
        and bool(analysis.vacant_hubs(game, P))


def card_active(game: NekoGame, P, effect: str) -> bool:
    """Whether the player's card with this effect holds a die this round."""
    E = game.effect_of
    for (li, si), _ in P.card_dice:
        if E[P.lanes[li][si]] == effect:
            return True
    return False


def blue_bar_discount(game: NekoGame, P) -> int:
    """The Blue Bar discount on a card won at resolution: by the sets of Blue Bars held.

    Rules: NK-BB-01, NK-BB-03.
    """
    n = count_kind(game, P, "blue_bar")
    return game.rules.set_value(n, game.rules.blue_bar_discount) if n else 0


def park_sets(game: NekoGame, P) -> tuple[int, int]:
    """(dice reward tile pairs, discarded-die pickups per round) from Penguin Parks."""
    return profile(game, P).park


def park_spaces(game: NekoGame, s, p) -> list:
    """Spaces where a variant Penguin Park die may go (NK-PP-10, NK-PP-13)."""
    if s.phase == RESOLVE:
        spaces = unresolved_after(game, s)
    else:
        spaces = game.res_order
    out = []
    check = game.rules.park_die_obeys_count_rule
    for sp in spaces:
        if analysis.card_on_space(game, s, sp) < 0:
            continue
        if check:
            row = s.area.bids[sp]
            if len(row[p]) + 1 < max(len(d) for q, d in enumerate(row) if q != p):
                continue
        out.append(sp)
    return sorted(out)


def research(game: NekoGame, m) -> None:
    """Research Station: Ocean Bank and Fuel Platform income once more (or one per card).

    Rules: NK-RS-01, NK-RS-03.
    """
    r = game.rules
    ob, fp = count_kind(game, m, "ocean_bank"), count_kind(game, m, "fuel_platform")
    if r.research_station_per_card:
        m.coins += ob
        hubs_ships.gain(game, m, "fuel", fp)
    else:
        m.coins += r.set_value(ob, r.ocean_bank_income) if ob else 0
        hubs_ships.gain(game, m, "fuel", r.set_value(fp, r.fuel_platform_income) if fp else 0)


def apply_city(game: NekoGame, w, top, a):
    """Southernmost City at income: the coins or the fuel chosen.

    Rules: NK-SMC-01.
    """
    pop(w)
    m = changing_player(w, top.seat)
    r = game.rules
    got = hubs_ships.gain(game, m, a.item, r.southernmost_coins if a.item == "coins" else r.southernmost_fuel)
    w.events.append(("city", top.seat, a.item, got))


def apply_trade(game: NekoGame, w, top, a):
    """A Seaside Town trade (the low or high rates of an activated town).

    Rules: NK-ST-01, NK-ST-06, NK-ST-07.
    """
    p = top.seat
    m = changing_player(w, p)
    r = game.rules
    t = a.trade
    if t == "coins_to_fuel":
        m.coins -= r.seaside_low_rates[0]
        hubs_ships.gain(game, m, "fuel", 1)
    elif t == "fuel_to_goods":
        m.fuel -= r.seaside_low_rates[1]
        hubs_ships.gain(game, m, "goods", 1)
    elif t == "fuel_to_coins":
        m.fuel -= 1
        m.coins += r.seaside_high_rates[0]
    else:
        m.goods -= 1
        m.pp += r.seaside_high_rates[1]
    w.events.append(("trade", p, t))


def apply_lighthouse(game: NekoGame, w, top, a):
    """Light House: choose the hub that gives more this round.

    Rules: NK-LH-01, NK-LH-03.
    """
    m = changing_player(w, top.seat)
    m.lighthouse = (a.lane, a.boundary, a.sub)
    w.events.append(("lighthouse", top.seat, m.lighthouse))


def apply_hospital(game: NekoGame, w, top, a):
    """Hospital's once-a-round free removal of one interference tile.

    Rules: NK-HO-02.
    """
    m = changing_player(w, top.seat)
    m.hospital_used = True
    m.interference -= 1
    w.events.append(("hospital", top.seat, 1))


def apply_neko(game: NekoGame, w, top, a):
    """Neko Harbour: the hubs counted split into fuel and coins as chosen.

    Rules: NK-NH-01.
    """
    pop(w)
    p, h = top.seat, top.hubs
    m = changing_player(w, p)
    fuel = hubs_ships.gain(game, m, "fuel", a.fuel)
    coins = h - game.rules.neko_hubs_per_fuel * a.fuel
    m.coins += coins
    w.events.append(("neko", p, coins, fuel))


def apply_remove_tiles(game: NekoGame, w, top, a):
    """Hospital's lightning: remove the chosen number of interference tiles.

    Rules: NK-HO-01.
    """
    pop(w)
    m = changing_player(w, top.seat)
    m.interference -= a.count
    w.events.append(("hospital", top.seat, a.count))


def apply_park_die(game: NekoGame, w, top, a):
    """Variant Penguin Park: a discarded die into one's slot on a card.

    Rules: NK-PP-10, NK-PP-11, NK-BID-11.
    """
    pop(w)
    p = top.seat
    w.discard = remove_one(w.discard, a.value)
    add_bid(game, w, a.space, p, a.value)
    w.events.append(("park_die", p, analysis.card_on_space(game, w, a.space), a.value))


def apply_church_hub(game: NekoGame, w, top, a):
    """Church: one losing die of the bid onto a vacant hub, which activates; the rest go on
    or become fish.

    Rules: NK-CH-01, NK-CH-02, NK-CH-04, NK-CAT-03.
    """
    pop(w)
    p, space, left = top.seat, top.space, top.dice_left
    m = changing_player(w, p)
    key = (a.lane, a.boundary, a.sub)
    mult, _ = hubs_ships.hub_at(game, m, key)  # type: ignore[misc]  # a legal ChurchHub names a complete hub
    row = w.area.bids[space]
    mine = row[p]
    row = row[:p] + (mine[1:],) + row[p + 1:]
    w.area = replace_area(w.area, bids=w.area.bids[:space] + (row,) + w.area.bids[space + 1:])
    m.hub_dice = m.hub_dice + ((key, mult),)
    m.church_used += 1
    w.events.append(("church", p, key))
    hubs_ships.activate_hub(game, w, m, p, key, False)
    if key in m.ships:
        got = hubs_ships.gain(game, m, "fish", game.rules.catch_fish)
        w.events.append(("catch", p, got))
    left -= 1
    if left:
        if church_may_place(game, m):
            push(w, ChurchFrame(seat=p, space=space, dice_left=left))
        else:
            bid_fish(game, w, p, left)


def apply_church_fish(game: NekoGame, w, top, a):
    """Church declined: the losing dice left give fish as usual.

    Rules: NK-RES-09, NK-CH-01.
    """
    pop(w)
    bid_fish(game, w, top.seat, top.dice_left)


def city_income_choices(game: NekoGame, s, top) -> list:
    """Southernmost City: coins or fuel.

    Rules: NK-SMC-01.
    """
    return [action(CityIncome, "coins"), action(CityIncome, "fuel")]


def neko_choices(game: NekoGame, s, top) -> list:
    """Neko: how many fuel to take for the frame's hubs (the rest in coins).

    Rules: NK-NH-01.
    """
    return [action(NekoSplit, f) for f in range(top.hubs // game.rules.neko_hubs_per_fuel + 1)]


def hospital_choices(game: NekoGame, s, top) -> list:
    """The Hospital: how many interference tiles to remove.

    Rules: NK-HO-01.
    """
    P = s.players[top.seat]
    return [action(RemoveTiles, n) for n in range(min(game.rules.hospital_tiles, P.interference) + 1)]


def park_choices(game: NekoGame, s, top) -> list:
    """A variant Penguin Park: a discarded die on a space, or pass (when allowed or nothing
    fits).

    Rules: NK-PP-10, NK-PP-11.
    """
    out = [action(ParkDie, v, sp) for v in sorted(set(s.discard)) for sp in park_spaces(game, s, top.seat)]
    if top.may_pass or not out:
        out.append(action(Pass))
    return out


def church_choices(game: NekoGame, s, top) -> list:
    """The Church: a vacant hub to activate, or a fish.

    Rules: NK-CH-01.
    """
    return [action(ChurchHub, *h[0]) for h in analysis.vacant_hubs(game, s.players[top.seat])] + [action(ChurchFish)]


def bid_fish(game: NekoGame, w, q: int, n: int) -> None:
    """A losing bidder's fish: one per die (Fishing Spot: more), freezer cap.

    Rules: NK-RES-09, NK-FS-01, NK-CAP-02.
    """
    m = changing_player(w, q)
    per = game.rules.fishing_spot_fish if owned_card(game, m, "fishing_spot") is not None else 1
    got = hubs_ships.gain(game, m, "fish", n * per)
    w.events.append(("lost", q, n, got))
