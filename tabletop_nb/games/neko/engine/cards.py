"""Card Reference Guide and Special Stops: what each card does.

Rulebook "Card Reference Guide" and "Special Stops" (checklist sections 25-31: NK-CARD,
NK-OB, NK-FP, NK-BB, NK-PP, NK-ST, NK-LH, NK-CH, NK-SMC, NK-SP, NK-FS, NK-RS, NK-HO, NK-NH,
NK-IW, NK-SI, NK-PO, NK-HC); worked examples NK-EX-22, NK-EX-24..28. A card's lightning
effect fires in ``_place`` (:mod:`.end_of_round`), its activation in ``_h_activate_card``
(:mod:`.action_phase`), its end-game points in ``final_breakdown`` (:mod:`.scoring`).
Tests: tests/games/neko/test_cards.py.
"""
from __future__ import annotations


from ..frames import ChurchFrame
from .base import (NekoBase, RESOLVE, _Profile, _remove, changing_player, push, pop)


class Cards(NekoBase):
    """This section's part of the game class (a mixin of NekoGame)."""

    def profile(self, P) -> _Profile:
        """What a player's lanes hold, computed once per distinct lanes value."""
        lanes = P.lanes
        prof = self.profiles.get(lanes)
        if prof is None:
            if len(self.profiles) > 200_000:
                self.profiles.clear()
            prof = self.profiles[lanes] = _Profile(self, lanes)
        return prof

    def _profile_is(self, lanes: tuple, prof: _Profile) -> None:
        """Keep ``prof`` as the profile of ``lanes`` (made without walking them: see
        ``_Profile.with_card`` and ``_h_open_harbour``)."""
        if len(self.profiles) > 200_000:
            self.profiles.clear()
        self.profiles[lanes] = prof

    def count_kind(self, P, kind: str) -> int:
        """How many cards of ``kind`` the player's lanes hold (set sizes).

        Rules: NK-CARD-03, NK-ADV-09, NK-FP-03, NK-OB-04.
        """
        return self.profile(P).kinds.get(kind, 0)

    def owned_card(self, P, effect: str) -> int | None:
        """The id of the player's card with this effect, or None.

        Rules: NK-CARD-02.
        """
        pos = self.profile(P).effect_pos.get(effect)
        return None if pos is None else P.lanes[pos[0]][pos[1]]

    def _card_active(self, P, effect: str) -> bool:
        """Whether the player's card with this effect holds a die this round."""
        E = self.effect_of
        for (li, si), _ in P.card_dice:
            if E[P.lanes[li][si]] == effect:
                return True
        return False

    def blue_bar_discount(self, P) -> int:
        """The Blue Bar discount on a card won at resolution: by the sets of Blue Bars held.

        Rules: NK-BB-01, NK-BB-03.
        """
        n = self.count_kind(P, "blue_bar")
        return self.rules.set_value(n, self.rules.blue_bar_discount) if n else 0

    def park_sets(self, P) -> tuple[int, int]:
        """(dice reward tile pairs, discarded-die pickups per round) from Penguin Parks."""
        return self.profile(P).park

    def _park_spaces(self, s, p) -> list:
        """Spaces where a variant Penguin Park die may go (NK-PP-10, NK-PP-13)."""
        if s.phase == RESOLVE:
            spaces = self._unresolved_after(s)
        else:
            spaces = self.res_order
        out = []
        check = self.rules.park_die_obeys_count_rule
        for sp in spaces:
            if self._card_at(s, sp) < 0:
                continue
            if check:
                row = s.bids[sp]
                if len(row[p]) + 1 < max(len(d) for q, d in enumerate(row) if q != p):
                    continue
            out.append(sp)
        return sorted(out)

    def _research(self, m) -> None:
        """Research Station: Ocean Bank and Fuel Platform income once more (or one per card).

        Rules: NK-RS-01, NK-RS-03.
        """
        r = self.rules
        ob, fp = self.count_kind(m, "ocean_bank"), self.count_kind(m, "fuel_platform")
        if r.research_station_per_card:
            m.coins += ob
            self._gain(m, "fuel", fp)
        else:
            m.coins += r.set_value(ob, r.ocean_bank_income) if ob else 0
            self._gain(m, "fuel", r.set_value(fp, r.fuel_platform_income) if fp else 0)

    def _h_city(self, w, top, a):
        """Southernmost City at income: the coins or the fuel chosen.

        Rules: NK-SMC-01.
        """
        pop(w)
        m = changing_player(w, top.seat)
        r = self.rules
        got = self._gain(m, a.item, r.southernmost_coins if a.item == "coins" else r.southernmost_fuel)
        w.events.append(("city", top.seat, a.item, got))

    def _h_post(self, w, top, a):
        """Use the Post Office before Set Turn Order: its draw-and-buy.

        Rules: NK-TO-01, NK-PO-03.
        """
        pop(w)
        self._start_offer(w, top.seat, self.rules.post_office_discount)
        w.events.append(("post_office", top.seat))

    def _h_trade(self, w, top, a):
        """A Seaside Town trade (the low or high rates of an activated town).

        Rules: NK-ST-01, NK-ST-06, NK-ST-07.
        """
        p = top.seat
        m = changing_player(w, p)
        r = self.rules
        t = a.trade
        if t == "coins_to_fuel":
            m.coins -= r.seaside_low_rates[0]
            self._gain(m, "fuel", 1)
        elif t == "fuel_to_goods":
            m.fuel -= r.seaside_low_rates[1]
            self._gain(m, "goods", 1)
        elif t == "fuel_to_coins":
            m.fuel -= 1
            m.coins += r.seaside_high_rates[0]
        else:
            m.goods -= 1
            m.pp += r.seaside_high_rates[1]
        w.events.append(("trade", p, t))

    def _h_lighthouse(self, w, top, a):
        """Light House: choose the hub that gives more this round.

        Rules: NK-LH-01, NK-LH-03.
        """
        m = changing_player(w, top.seat)
        m.lighthouse = (a.lane, a.boundary, a.sub)
        w.events.append(("lighthouse", top.seat, m.lighthouse))

    def _h_hospital(self, w, top, a):
        """Hospital's once-a-round free removal of one interference tile.

        Rules: NK-HO-02.
        """
        m = changing_player(w, top.seat)
        m.hospital_used = True
        m.interference -= 1
        w.events.append(("hospital", top.seat, 1))

    def _h_neko(self, w, top, a):
        """Neko Harbour: the hubs counted split into fuel and coins as chosen.

        Rules: NK-NH-01.
        """
        pop(w)
        p, h = top.seat, top.hubs
        m = changing_player(w, p)
        fuel = self._gain(m, "fuel", a.fuel)
        coins = h - self.rules.neko_hubs_per_fuel * a.fuel
        m.coins += coins
        w.events.append(("neko", p, coins, fuel))

    def _h_remove_tiles(self, w, top, a):
        """Hospital's lightning: remove the chosen number of interference tiles.

        Rules: NK-HO-01.
        """
        pop(w)
        m = changing_player(w, top.seat)
        m.interference -= a.count
        w.events.append(("hospital", top.seat, a.count))

    def _h_park_die(self, w, top, a):
        """Variant Penguin Park: a discarded die into one's slot on a card.

        Rules: NK-PP-10, NK-PP-11, NK-BID-11.
        """
        pop(w)
        p = top.seat
        w.discard = _remove(w.discard, a.value)
        self._add_bid(w, a.space, p, a.value)
        w.events.append(("park_die", p, self._card_at(w, a.space), a.value))

    def _h_church_hub(self, w, top, a):
        """Church: one losing die of the bid onto a vacant hub, which activates; the rest go on
        or become fish.

        Rules: NK-CH-01, NK-CH-02, NK-CH-04, NK-CAT-03.
        """
        pop(w)
        p, space, left = top.seat, top.space, top.dice_left
        m = changing_player(w, p)
        key = (a.lane, a.boundary, a.sub)
        mult, _ = self.hub_at(m, key)  # type: ignore[misc]  # a legal ChurchHub names a complete hub
        row = w.bids[space]
        mine = row[p]
        row = row[:p] + (mine[1:],) + row[p + 1:]
        w.bids = w.bids[:space] + (row,) + w.bids[space + 1:]
        m.hub_dice = m.hub_dice + ((key, mult),)
        m.church_used += 1
        w.events.append(("church", p, key))
        self._activate_hub(w, m, p, key, False)
        if key in m.ships:
            got = self._gain(m, "fish", self.rules.catch_fish)
            w.events.append(("catch", p, got))
        left -= 1
        if left:
            if m.church_used < self.rules.church_dice and self._vacant_hubs(m):
                push(w, ChurchFrame(seat=p, space=space, dice_left=left))
            else:
                self._bid_fish(w, p, left)

    def _h_church_fish(self, w, top, a):
        """Church declined: the losing dice left give fish as usual.

        Rules: NK-RES-09, NK-CH-01.
        """
        pop(w)
        self._bid_fish(w, top.seat, top.dice_left)
