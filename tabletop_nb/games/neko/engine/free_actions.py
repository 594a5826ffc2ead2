"""Free Actions a) to h): fish for coins or fuel, pick up a discarded die, remove
interference, buy a ship, open a harbour, adjust a die with fuel, move ships.

Rulebook "Free Actions" (checklist section 10, NK-FA-01..20); worked examples NK-EX-10..13.
Ship movement and cargo are in :mod:`.hubs_ships`; the Penguin Park tiles' +/-1 and reroll
are offered here (NK-PP). Tests: tests/games/neko/test_free_actions.py.
"""
from __future__ import annotations

from .. import analysis


from ....core.hooks import hook, is_int
from ..frames import RerollFrame
from ..state import (Adjust, BuyShip,
                     HospitalRemove, Lighthouse,
                     OpenHarbour, Trade)
from .base import (NekoBase, _UNJAM, _a, _insert, _remove, changing_player, push, pop)


class FreeActions(NekoBase):
    """This section's part of the game class (a mixin of NekoGame)."""

    # The free actions of each kind (``FREE_KINDS``), one function a kind: the turn's
    # legal list (``_turn_actions`` in :mod:`.action_phase`) and the greedy bot's questions
    # (``turn_actions_of``) both come from these, and only while free actions are offered.

    def _free_offered(self, s, P) -> bool:
        """Whether the turn offers free actions at all: while the player has dice, and
        after the last one where the rules allow it.

        Rules: NK-FA-14, NK-ACT-10.
        """
        return bool(P.dice) or bool(s.main and self.rules.free_actions_after_last_die)

    def _kind_fish_for(self, s, p, P) -> list:
        """The FishFor actions of the turn.

        Rules: NK-FA-01.
        """
        if not P.fish:
            return []
        r = self.rules
        out = []
        if r.fish_coins:
            out.append(self._A_fishfor[0])
        if r.fish_fuel:
            out.append(self._A_fishfor[1])
        return out

    def _kind_take_discard(self, s, p, P) -> list:
        """The TakeDiscard actions of the turn (for fish, or a Penguin Park pickup).

        Rules: NK-FA-02..04, NK-PP-06, NK-PP-07, NK-ST-03.
        """
        if not s.discard or P.picked_up:
            return []
        r = self.rules
        prof = self.profile(P) if P.cards else None
        effects = prof.effects if prof else ()
        cost = r.seaside_pickup_fish if "seaside_pickup" in effects else r.pickup_fish
        dva = self._acts_for(self._distinct(s.discard))
        out: list = []
        if P.fish >= cost:
            out += dva.pick_fish
        if prof and prof.park[1] > P.park_pickups_used:
            out += dva.pick_park
        return out

    def _kind_remove_interference(self, s, p, P) -> list:
        """RemoveInterference when the player has a tile and the coins.

        Rules: NK-FA-05, NK-CAP-04.
        """
        if P.interference and P.coins >= self.rules.interference_removal_cost:
            return [_UNJAM]
        return []

    def _kind_buy_ship(self, s, p, P) -> list:
        """The BuyShip actions: a lane holding fewer ships than harbours, the price paid.

        Rules: NK-FA-06..08, NK-CAP-04, NK-CAP-06.
        """
        lanes = analysis.ship_lanes(self, P)
        if not lanes or P.coins < self.ship_price(P):
            return []
        return [_a(BuyShip, li) for li in lanes]

    def _kind_open_harbour(self, s, p, P) -> list:
        """OpenHarbour below the harbour limit, the price paid.

        Rules: NK-FA-11..13, NK-CAP-04, NK-CAP-06.
        """
        if P.harbours < self.rules.max_harbours and P.coins >= self.harbour_price(P):
            return [_a(OpenHarbour)]
        return []

    def _kind_adjust(self, s, p, P) -> list:
        """The Adjust actions (1 fuel: a die +1 or -1, wrapping).

        Rules: NK-FA-15.
        """
        if P.fuel >= self.rules.adjust_fuel:
            return self._acts_for(self._distinct(P.dice)).adjust
        return []

    def _kind_tile_adjust(self, s, p, P) -> list:
        """The TileAdjust actions (a Penguin Park +/-1 tile not yet used this round).

        Rules: NK-PP-02, NK-PP-03.
        """
        if P.cards and P.dice and self.profile(P).park[0] > P.tile_adjust_used:
            return self._acts_for(self._distinct(P.dice)).tile
        return []

    def _kind_reroll(self, s, p, P) -> list:
        """The Reroll actions (a Penguin Park reroll tile not yet used this round).

        Rules: NK-PP-02, NK-PP-04.
        """
        if P.cards and P.dice and self.profile(P).park[0] > P.tile_reroll_used:
            return self._acts_for(self._distinct(P.dice)).reroll
        return []

    def _kind_move_ship(self, s, p, P) -> list:
        """The MoveShip actions (2 fuel, a ship with a next stop).

        Rules: NK-FA-16, NK-FA-17.
        """
        if P.fuel >= self.rules.move_fuel:
            return self._ship_moves(P)
        return []

    def _kind_load_cargo(self, s, p, P) -> list:
        """The LoadCargo actions (a good onto a port's next cargo space).

        Rules: NK-FA-18, NK-PORT-02.
        """
        if P.goods and P.cards and self.profile(P).ports:
            return self._cargo_moves(P)
        return []

    def _kind_trade(self, s, p, P) -> list:
        """The Trade actions of an activated Seaside Town.

        Rules: NK-ST-01, NK-ST-06, NK-ST-07.
        """
        if not P.cards:
            return []
        r = self.rules
        effects = self.profile(P).effects
        out = []
        if "seaside_trade_low" in effects and self._card_active(P, "seaside_trade_low"):
            lo_c, lo_f = r.seaside_low_rates
            if P.coins >= lo_c:
                out.append(_a(Trade, "coins_to_fuel"))
            if P.fuel >= lo_f:
                out.append(_a(Trade, "fuel_to_goods"))
        if "seaside_trade_high" in effects and self._card_active(P, "seaside_trade_high"):
            if P.fuel >= 1:
                out.append(_a(Trade, "fuel_to_coins"))
            if P.goods >= 1:
                out.append(_a(Trade, "goods_to_pp"))
        return out

    def _kind_lighthouse(self, s, p, P) -> list:
        """The Lighthouse actions (a Light House not used this round).

        Rules: NK-LH-01.
        """
        if P.cards and P.lighthouse is None and "light_house" in self.profile(P).effects:
            return [_a(Lighthouse, *key) for key, _, _ in P.hubs]
        return []

    def _kind_hospital_remove(self, s, p, P) -> list:
        """HospitalRemove, the Hospital's free removal (without the die variant).

        Rules: NK-HO-02.
        """
        if P.cards and not P.hospital_used and P.interference and not self.rules.hospital_needs_die \
                and "hospital" in self.profile(P).effects:
            return [_a(HospitalRemove)]
        return []

    @hook(returns="int >= 0", check=is_int(0), rules=("NK-FA-06", "NK-FA-09"),
          example="return 3  # every ship costs 3 coins")
    def ship_price(self, P) -> int:
        """The price of the player's next ship: 2k - 1 coins for the k-th.

        Rules: NK-FA-06, NK-FA-09.
        """
        return self.rules.ship_cost_first + self.rules.ship_cost_step * (len(P.ships) - 1)

    @hook(returns="int >= 0", check=is_int(0), rules=("NK-HC-01", "NK-HC-02"),
          example="return 2 * super().harbour_price(P)  # harbours twice the price")
    def harbour_price(self, P) -> int:
        """The price of the next harbour, lowered by an activated Harbour City (NK-HC-01).

        Rules: NK-HC-02.
        """
        base = self.rules.harbour_costs[P.harbours - 1]
        if P.harbour_city_used and not self.rules.harbour_city_all_round:
            return base
        for (li, si), v in P.card_dice:
            if self.effect_of[P.lanes[li][si]] == "harbour_city":
                return -(-base // v)
        return base

    def _h_fish_for(self, w, top, a):
        """Pay a fish for coins or fuel (cabin cap).

        Rules: NK-FA-01, NK-CAP-01.
        """
        p = top.seat
        m = changing_player(w, p)
        m.fish -= 1
        r = self.rules
        got = self._gain(m, a.item, r.fish_coins if a.item == "coins" else r.fish_fuel)
        w.events.append(("fish_for", p, a.item, got))

    def _h_take_discard(self, w, top, a):
        """Take a die from the discard area (for fish or a Park pickup); one per turn.

        Rules: NK-FA-02, NK-FA-03, NK-ACT-11, NK-PP-06, NK-ST-03, NK-CAP-07, NK-PP-09.
        """
        p = top.seat
        m = changing_player(w, p)
        r = self.rules
        w.discard = _remove(w.discard, a.value)
        m.dice = _insert(m.dice, a.value)
        m.picked_up = True
        if a.source == "fish":
            m.fish -= (r.seaside_pickup_fish if self.owned_card(m, "seaside_pickup") is not None
                       else r.pickup_fish)
        else:
            m.park_pickups_used += 1
        w.events.append(("pickup", p, a.value, a.source))

    def _h_remove_interference(self, w, top, a):
        """Pay coins to remove an interference tile.

        Rules: NK-FA-05.
        """
        m = changing_player(w, top.seat)
        m.coins -= self.rules.interference_removal_cost
        m.interference -= 1
        w.events.append(("unjam", top.seat))

    def _h_buy_ship(self, w, top, a):
        """Buy a ship; it starts at the start of the chosen lane.

        Rules: NK-FA-06..08, NK-FA-10.
        """
        p = top.seat
        m = changing_player(w, p)
        m.coins -= self.ship_price(m)
        m.ships = _insert(m.ships, (a.lane, 0, 0))  # the start of the lane (NK-FA-10)
        w.events.append(("ship", p, a.lane))

    def _h_open_harbour(self, w, top, a):
        """Open a harbour: a new empty lane, the Harbour City price if activated.

        Rules: NK-FA-11..13, NK-HC-01, NK-HC-03, NK-HUB-01.
        """
        p = top.seat
        m = changing_player(w, p)
        price = self.harbour_price(m)
        if price != self.rules.harbour_costs[m.harbours - 1]:
            m.harbour_city_used = True
        m.coins -= price
        m.harbours += 1
        prof = self.profile(m)
        m.lanes = m.lanes + ((-1,) * self.rules.lane_slots,)
        # Speed: a lane of empty slots more holds no card, so the lanes' profile is the old
        # one (``_Profile`` reads the cards and their positions alone), not built afresh
        self._profile_is(m.lanes, prof)
        w.events.append(("harbour", p, price))

    def _h_adjust(self, w, top, a):
        """Change a die by +1 or -1, wrapping, for fuel or with a Park tile.

        Rules: NK-FA-15, NK-PP-03.
        """
        p = top.seat
        m = changing_player(w, p)
        if type(a) is Adjust:
            m.fuel -= self.rules.adjust_fuel
        else:
            m.tile_adjust_used += 1
        nv = (a.value - 1 + a.delta) % 6 + 1
        m.dice = _insert(_remove(m.dice, a.value), nv)
        w.events.append(("adjust", p, a.value, nv))

    def _h_reroll(self, w, top, a):
        """Use a Park reroll tile: the die leaves the hand and is rolled again (chance).

        Rules: NK-PP-04.
        """
        p = top.seat
        m = changing_player(w, p)
        m.tile_reroll_used += 1
        m.dice = _remove(m.dice, a.value)
        push(w, RerollFrame(seat=p))
        w.events.append(("reroll", p, a.value))

    def _h_rolled(self, w, top, a):
        """The rerolled die's new value back into the hand.

        Rules: NK-PP-04.
        """
        pop(w)
        m = changing_player(w, top.seat)
        m.dice = _insert(m.dice, a.value)
        w.events.append(("rerolled", top.seat, a.value))
