"""Free Actions a) to h): fish for coins or fuel, pick up a discarded die, remove
interference, buy a ship, open a harbour, adjust a die with fuel, move ships.

Rulebook "Free Actions" (checklist section 10, NK-FA-01, NK-FA-02, NK-FA-03, NK-FA-04, NK-FA-05, NK-FA-06, NK-FA-07, NK-FA-08, NK-FA-09, NK-FA-10, NK-FA-11, NK-FA-12, NK-FA-13, NK-FA-14, NK-FA-15, NK-FA-16, NK-FA-17, NK-FA-18, NK-FA-19, NK-FA-20); worked examples NK-EX-10, NK-EX-11, NK-EX-12, NK-EX-13.
Ship movement and cargo are in :mod:`.hubs_ships`; the Penguin Park tiles' +/-1 and reroll
are offered here (NK-PP). Tests: tests/games/neko/test_free_actions.py.
"""
from __future__ import annotations


from bisect import bisect_right

from .. import analysis


from ..frames import RerollFrame
from ..state import (Adjust, BuyShip,
                     HospitalRemove, Lighthouse,
                     OpenHarbour, Trade)
from .base import Engine as NekoGame
from .base import acts_for, distinct, profile, profile_is
from .base import (UNJAM, action, insert_sorted, remove_one, changing_player, push, pop)
from . import cards, hubs_ships


def free_offered(game: NekoGame, s, P) -> bool:
    """Whether the turn offers free actions at all: while the player has dice, and
    after the last one where the rules allow it.

    Rules: NK-FA-14, NK-ACT-10, NK-FA-20.
    """
    return bool(P.dice) or (s.main is not None and game.rules.free_actions_after_last_die)


def fish_for_actions(game: NekoGame, s, p, P) -> list:
    """The FishFor actions of the turn.

    Rules: NK-FA-01, NK-FA-19.
    """
    if not P.fish:
        return []
    r = game.rules
    out = []
    if r.fish_coins:
        out.append(game.fish_for_pair[0])
    if r.fish_fuel:
        out.append(game.fish_for_pair[1])
    return out


def take_discard_actions(game: NekoGame, s, p, P) -> list:
    """The TakeDiscard actions of the turn (for fish, or a Penguin Park pickup).

    Rules: NK-FA-02, NK-FA-03, NK-FA-04, NK-PP-06, NK-PP-07, NK-ST-03.
    """
    if not s.discard or P.picked_up:
        return []
    r = game.rules
    prof = profile(game, P) if P.cards else None
    effects = prof.effects if prof else ()
    cost = r.seaside_pickup_fish if "seaside_pickup" in effects else r.pickup_fish
    dva = acts_for(game, distinct(game, s.discard))
    out: list = []
    if P.fish >= cost:
        out += dva.pick_fish
    if prof and prof.park[1] > P.park_pickups_used:
        out += dva.pick_park
    return out


def remove_interference_actions(game: NekoGame, s, p, P) -> list:
    """RemoveInterference when the player has a tile and the coins.

    Rules: NK-FA-05, NK-CAP-04, NK-FA-19.
    """
    if P.interference and P.coins >= game.rules.interference_removal_cost:
        return [UNJAM]
    return []


def buy_ship_actions(game: NekoGame, s, p, P) -> list:
    """The BuyShip actions: one per lane a ship may start in (:func:`..analysis.ship_lanes`),
    the price (:meth:`NekoGame.ship_price`) paid.

    Rules: NK-CAP-04, NK-FA-19.
    """
    lanes = analysis.ship_lanes(game, P)
    if not lanes or P.coins < game.ship_price(P):
        return []
    return [action(BuyShip, li) for li in lanes]


def open_harbour_actions(game: NekoGame, s, p, P) -> list:
    """OpenHarbour below the harbour limit, the price (:meth:`NekoGame.harbour_price`) paid.

    Rules: NK-FA-12, NK-CAP-04, NK-CAP-06, NK-FA-19.
    """
    if P.harbours < game.rules.max_harbours and P.coins >= game.harbour_price(P):
        return [action(OpenHarbour)]
    return []


def adjust_actions(game: NekoGame, s, p, P) -> list:
    """The Adjust actions (1 fuel: a die +1 or -1, wrapping).

    Rules: NK-FA-15, NK-FA-19.
    """
    if P.fuel >= game.rules.adjust_fuel:
        return acts_for(game, distinct(game, P.dice)).adjust
    return []


def tile_adjust_actions(game: NekoGame, s, p, P) -> list:
    """The TileAdjust actions (a Penguin Park +/-1 tile not yet used this round).

    Rules: NK-PP-02, NK-PP-03.
    """
    if P.cards and P.dice and profile(game, P).park[0] > P.tile_adjust_used:
        return acts_for(game, distinct(game, P.dice)).tile
    return []


def reroll_actions(game: NekoGame, s, p, P) -> list:
    """The Reroll actions (a Penguin Park reroll tile not yet used this round).

    Rules: NK-PP-02, NK-PP-04.
    """
    if P.cards and P.dice and profile(game, P).park[0] > P.tile_reroll_used:
        return acts_for(game, distinct(game, P.dice)).reroll
    return []


def move_ship_actions(game: NekoGame, s, p, P) -> list:
    """The MoveShip actions (2 fuel, a ship with a next stop).

    Rules: NK-FA-16, NK-FA-17, NK-FA-19.
    """
    if P.fuel >= game.rules.move_fuel:
        return hubs_ships.ship_moves(game, P)
    return []


def load_cargo_actions(game: NekoGame, s, p, P) -> list:
    """The LoadCargo actions (a good onto a port's next cargo space).

    Rules: NK-FA-18, NK-PORT-02.
    """
    if P.goods and P.cards and profile(game, P).ports:
        return hubs_ships.cargo_moves(game, P)
    return []


def trade_actions(game: NekoGame, s, p, P) -> list:
    """The Trade actions of an activated Seaside Town.

    Rules: NK-ST-01, NK-ST-06, NK-ST-07.
    """
    if not P.cards:
        return []
    r = game.rules
    effects = profile(game, P).effects
    out = []
    if "seaside_trade_low" in effects and cards.card_active(game, P, "seaside_trade_low"):
        lo_c, lo_f = r.seaside_low_rates
        if P.coins >= lo_c:
            out.append(action(Trade, "coins_to_fuel"))
        if P.fuel >= lo_f:
            out.append(action(Trade, "fuel_to_goods"))
    if "seaside_trade_high" in effects and cards.card_active(game, P, "seaside_trade_high"):
        if P.fuel >= 1:
            out.append(action(Trade, "fuel_to_coins"))
        if P.goods >= 1:
            out.append(action(Trade, "goods_to_pp"))
    return out


def lighthouse_actions(game: NekoGame, s, p, P) -> list:
    """The Lighthouse actions (a Light House not used this round).

    Rules: NK-LH-01.
    """
    if P.cards and P.lighthouse is None and "light_house" in profile(game, P).effects:
        return [action(Lighthouse, *key) for key, _, _ in analysis.hubs(game, P)]
    return []


def hospital_remove_actions(game: NekoGame, s, p, P) -> list:
    """HospitalRemove, the Hospital's free removal (without the die variant).

    Rules: NK-HO-02.
    """
    if P.cards and not P.hospital_used and P.interference and not game.rules.hospital_needs_die \
            and "hospital" in profile(game, P).effects:
        return [action(HospitalRemove)]
    return []


def ship_price(game: NekoGame, P) -> int:
    """The price of the player's next ship: 2k - 1 coins for the k-th.

    Rules: NK-FA-06, NK-FA-09.
    """
    return game.rules.ship_cost_first + game.rules.ship_cost_step * (len(P.ships) - 1)


def harbour_price(game: NekoGame, P) -> int:
    """The price of the next harbour (the rules' table), lowered by an activated Harbour City
    (NK-HC-01).

    Rules: NK-FA-11, NK-HC-02.
    """
    base = game.rules.harbour_costs[P.harbours - 1]
    if P.harbour_city_used and not game.rules.harbour_city_all_round:
        return base
    for (li, si), v in P.card_dice:
        if game.effect_of[P.lanes[li][si]] == "harbour_city":
            return -(-base // v)
    return base


def apply_fish_for(game: NekoGame, w, top, a):
    """Pay a fish for coins or fuel (cabin cap).

    Rules: NK-FA-01, NK-CAP-01.
    """
    p = top.seat
    m = changing_player(w, p)
    m.fish -= 1
    r = game.rules
    got = hubs_ships.gain(game, m, a.item, r.fish_coins if a.item == "coins" else r.fish_fuel)
    w.events.append(("fish_for", p, a.item, got))


def apply_take_discard(game: NekoGame, w, top, a):
    """Take a die from the discard area (for fish or a Park pickup); one per turn.

    Rules: NK-FA-02, NK-FA-03, NK-ACT-11, NK-PP-06, NK-ST-03, NK-CAP-07, NK-PP-09.
    """
    p = top.seat
    m = changing_player(w, p)
    r = game.rules
    w.discard = remove_one(w.discard, a.value)
    m.dice = insert_sorted(m.dice, a.value)
    m.picked_up = True
    if a.source == "fish":
        m.fish -= (r.seaside_pickup_fish if cards.owned_card(game, m, "seaside_pickup") is not None
                   else r.pickup_fish)
    else:
        m.park_pickups_used += 1
    w.events.append(("pickup", p, a.value, a.source))


def apply_remove_interference(game: NekoGame, w, top, a):
    """Pay coins to remove an interference tile.

    Rules: NK-FA-05.
    """
    m = changing_player(w, top.seat)
    m.coins -= game.rules.interference_removal_cost
    m.interference -= 1
    w.events.append(("unjam", top.seat))


def apply_buy_ship(game: NekoGame, w, top, a):
    """Buy a ship; it starts at the start of the chosen lane.

    Rules: NK-FA-08, NK-FA-10.
    """
    p = top.seat
    m = changing_player(w, p)
    m.coins -= game.ship_price(m)
    m.ships = insert_sorted(m.ships, (a.lane, 0, 0))  # the start of the lane (NK-FA-10)
    w.events.append(("ship", p, a.lane))


def apply_open_harbour(game: NekoGame, w, top, a):
    """Open a harbour: a new empty lane, the Harbour City price if activated.

    Rules: NK-FA-13, NK-HC-01, NK-HC-03, NK-HUB-01.
    """
    p = top.seat
    m = changing_player(w, p)
    price = game.harbour_price(m)
    if price != game.rules.harbour_costs[m.harbours - 1]:
        m.harbour_city_used = True
    m.coins -= price
    m.harbours += 1
    prof = profile(game, m)
    m.lanes = m.lanes + ((-1,) * game.rules.lane_slots,)
    # A lane of empty slots more holds no card, so the lanes' profile is the old
    # one (``Profile`` reads the cards and their positions alone), not built afresh
    profile_is(game, m.lanes, prof)
    w.events.append(("harbour", p, price))


def apply_adjust(game: NekoGame, w, top, a):
    """Change a die by +1 or -1, wrapping, for fuel or with a Park tile.

    Rules: NK-FA-15, NK-PP-03.
    """
    p = top.seat
    m = changing_player(w, p)
    if type(a) is Adjust:
        m.fuel -= game.rules.adjust_fuel
    else:
        m.tile_adjust_used += 1
    nv = analysis.adjusted(a.value, a.delta)
    m.dice = insert_sorted(remove_one(m.dice, a.value), nv)
    w.events.append(("adjust", p, a.value, nv))


def apply_reroll(game: NekoGame, w, top, a):
    """Use a Park reroll tile: the die leaves the hand and is rolled again (chance).

    Rules: NK-PP-04.
    """
    p = top.seat
    m = changing_player(w, p)
    m.tile_reroll_used += 1
    m.dice = remove_one(m.dice, a.value)
    push(w, RerollFrame(seat=p))
    w.events.append(("reroll", p, a.value))


def apply_rolled(game: NekoGame, w, top, a):
    """The rerolled die's new value back into the hand.

    Rules: NK-PP-04.
    """
    pop(w)
    m = changing_player(w, top.seat)
    m.dice = insert_sorted(m.dice, a.value)
    w.events.append(("rerolled", top.seat, a.value))


def reroll_outcomes(game: NekoGame, s, top) -> list:
    """One die rerolled: each face and its chance.

    Rules: NK-PP-04.
    """
    return list(game.one)


def sample_reroll(game: NekoGame, s, top, rng):
    """One face drawn with ``rng`` from :func:`reroll_outcomes`' chances (one number)."""
    return game.one[bisect_right(game.one_cum, rng.random())][0]
