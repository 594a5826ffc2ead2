"""End of a Round: resolve the bids, place a card into a ship lane, prepare the next round.

Rulebook "End of a Round" and "Place a card into your ship lane" (checklist sections 15-17:
NK-RES-01..14, NK-PLC-01..10, NK-PREP-01..06); worked examples NK-EX-17..21. Buying a card
outside the resolution (the "card" reward, the Post Office) uses the same offer and
placement. Tests: tests/games/neko/test_end_of_round.py.
"""
from __future__ import annotations


from ....core.hooks import hook, is_bool, is_int
from .. import analysis
from ..state import (DrawTwo)
from ..frames import (BuyFrame, ChurchFrame, DrawFrame, HospitalFrame, NekoFrame, ParkFrame, WinFrame,
                      reveal_frame)
from .base import (NekoBase, _BUY, _PASS, ENDGAME, MARKET, PREP, _a, _insert, _remove, changing_player,
                   push, pop)


#: the two steps of resolving one bidding space (``resolution_steps``)
OFFER, LOSERS = "offer", "losers"


class EndOfRound(NekoBase):
    """This section's part of the game class (a mixin of NekoGame)."""

    def _resolution_steps(self) -> tuple:
        """The steps of the resolution in order: for each space in resolution order, its
        ``OFFER`` step, then its ``LOSERS`` step (NK-RES-02: each card completely before the
        next). ``state.step`` counts the steps taken during the resolution.

        Rules: NK-RES-02.
        """
        return tuple((space, stage) for space in self.res_order for stage in (OFFER, LOSERS))

    def _unresolved_after(self, s) -> tuple:
        """The spaces the resolution has not reached yet: those after the space whose step
        it is (none once it is over). Rules: NK-RES-02."""
        steps = self.resolution_steps
        if s.step >= len(steps):
            return ()
        return self.res_order[self.res_order.index(steps[s.step][0]) + 1:]

    def _resolve_step(self, w) -> None:
        """Take the next step of the resolution (``w.step`` counts them, in the order of
        ``resolution_steps``): at a space's ``OFFER`` step an unbid card goes to the bottom
        and the winner is offered the card (or made to decline); at its ``LOSERS`` step the
        other bidders are paid in fish.

        Rules: NK-RES-01..03, NK-RES-06, NK-RES-08..10, NK-RES-13, NK-ADV-03, NK-ADV-04.
        """
        if w.step >= len(self.resolution_steps):
            w.phase, w.step = PREP, 0
            return
        space, stage = self.resolution_steps[w.step]
        card = self._card_at(w, space)
        w.step += 1
        who = self.winner(w, space)
        if stage == OFFER:
            if card < 0:
                w.step += 1   # nobody bid on an empty space: no losers' step
                return
            if who is None:
                w.step += 1
                if space < self.area_spaces:
                    self._set_card_at(w, space, -1)
                    self._to_bottom(w, card, self._period(w))
                    w.events.append(("unbid", card))
                return
            if analysis.placements(self, w.players[who], card, self.blue_bar_discount(w.players[who])):
                push(w, WinFrame(seat=who, space=space))
            else:
                self._decline(w, space, who, forced=True)
            return
        # the LOSERS step: the other bidders are compensated (NK-RES-09)
        for q in w.order:
            if q == who:
                continue
            dice = w.bids[space][q]
            if not dice:
                continue
            P = w.players[q]
            if self.owned_card(P, "church") is not None and P.church_used < self.rules.church_dice \
                    and self._vacant_hubs(P):
                push(w, ChurchFrame(seat=q, space=space, dice_left=len(dice)))
                continue
            self._bid_fish(w, q, len(dice))
        return

    def winner(self, s, space: int) -> int | None:
        """The winner of a bidding space: the highest total, equal totals settled by
        :meth:`wins_tie` (:func:`..analysis.leader`); None when nobody bid.
        Rules: NK-RES-04, NK-RES-05."""
        return analysis.leader(self, s, space)

    @hook(returns="bool", check=is_bool(), rules=("NK-RES-05",),
          example="return s.order.index(p) > s.order.index(q)  # the later bidder wins")
    def wins_tie(self, s, p: int, q: int) -> bool:
        """Whether seat ``p``'s bid beats seat ``q``'s bid of the same total on a space: the
        player earlier in the current turn order wins (NK-RES-05).

        This is the one place of the tie rule: the resolution (:meth:`winner`) and the bots
        (:func:`..analysis.dice_to_lead`, :func:`..analysis.leads`) ask it, so a subclass
        that overrides it plays, and is played by the bots, under its own rule. For
        example, ties to the later bidder::

            class LaterWins(NekoGame):
                def wins_tie(self, s, p, q):
                    return s.order.index(p) > s.order.index(q)

        Rules: NK-RES-05.
        """
        order = s.order
        return order.index(p) < order.index(q)

    def _bid_fish(self, w, q: int, n: int) -> None:
        """A losing bidder's fish: one per die (Fishing Spot: more), freezer cap.

        Rules: NK-RES-09, NK-FS-01, NK-CAP-02.
        """
        m = changing_player(w, q)
        per = self.rules.fishing_spot_fish if self.owned_card(m, "fishing_spot") is not None else 1
        got = self._gain(m, "fish", n * per)
        w.events.append(("lost", q, n, got))

    def _decline(self, w, space: int, who: int, forced: bool = False) -> None:
        """The winner declines (or must): the card to the bottom of the period deck (an
        advanced card may stay).

        Rules: NK-RES-06, NK-RES-08, NK-ADV-04.
        """
        card = self._card_at(w, space)
        if not (space >= self.area_spaces and self.rules.declined_advanced_stays):
            self._set_card_at(w, space, -1)
            self._to_bottom(w, card, self._period(w))
        w.events.append(("declined", who, card, forced))

    def _prep_step(self, w) -> None:
        """Prepare the next round: dice back, round-scoped uses reset, the area refilled, then
        mid-game scoring after rounds 2 and 4, then the next round or the game's end.

        Rules: NK-PREP-01..06, NK-ADS-05, NK-RND-03, NK-RND-04, NK-HUB-18, NK-PP-05.
        """
        r = self.rules
        if w.step == 0:
            for p in range(self.player_count):
                m = changing_player(w, p)
                m.dice = m.hub_dice = m.card_dice = ()
                m.tile_adjust_used = m.tile_reroll_used = m.park_pickups_used = 0
                m.picked_up = m.hospital_used = m.harbour_city_used = False
                m.lighthouse = None
                m.church_used = 0
            w.bids = self._empty_bids()
            w.discard = ()
            w.main = ()
            w.step = 1
        elif w.step == 1:
            if w.round < r.rounds:
                if r.advanced_setup:
                    if w.round == r.rounds // 2:
                        # the period-2 piles replace what is left of period 1 (NK-ADS-05)
                        w.removed = w.removed + w.piles
                        w.piles = tuple(sorted(w.deck[1] + w.bottom[1]))
                        w.deck, w.bottom = ((), ()), ((), ())
                else:
                    d = 1 if w.round < r.rounds // 2 else 2
                    if self._fill_area(w, d):
                        return
            w.step = 2
        elif w.step == 2:
            if w.round in (r.rounds // 2, r.rounds):
                self._mid_scoring(w)
            w.step = 3
        else:
            if w.round < r.rounds:
                w.round += 1
                w.phase, w.turn = MARKET, 0
            else:
                w.phase, w.turn = ENDGAME, 0

    def _fill_area(self, w, d: int) -> bool:
        """Reveal cards of deck ``d`` into the free bidding spaces; True while waiting on a draw."""
        while -1 in w.area:
            if w.deck[d - 1]:
                push(w, reveal_frame(d))
                return True
            if w.bottom[d - 1]:
                b = list(w.bottom)
                card, b[d - 1] = b[d - 1][0], b[d - 1][1:]
                w.bottom = tuple(b)
                self._set_card_at(w, w.area.index(-1), card)
                continue
            return False  # the deck ran out: the rest stays empty (NK-PREP-04)
        return False

    def _to_bottom(self, w, card: int, d: int) -> None:
        """A card to the bottom of period deck ``d`` (advanced setup: back into the piles).

        Rules: NK-RES-03, NK-RES-06.
        """
        if self.rules.advanced_setup:
            w.piles = _insert(w.piles, card)
            return
        b = list(w.bottom)
        b[d - 1] = b[d - 1] + (card,)
        w.bottom = tuple(b)

    def _take_from_deck(self, w, d: int, card: int) -> None:
        """Take a drawn card out of period deck ``d``."""
        deck = list(w.deck)
        deck[d - 1] = _remove(deck[d - 1], card)
        w.deck = tuple(deck)

    def _deck_size(self, w, d: int) -> int:
        """The cards left in period deck ``d``, its bottom included."""
        return len(w.deck[d - 1]) + len(w.bottom[d - 1])

    def _h_draw(self, w, top, a):
        """A card drawn: revealed into the area, or one of the cards a purchase draws.

        Rules: NK-PREP-03, NK-RWD-08, NK-PO-01.
        """
        pop(w)
        d = top.period
        self._take_from_deck(w, d, a.card)
        if top.kind == "reveal":
            self._set_card_at(w, w.area.index(-1), a.card)
        else:
            self._draw_offer(w, top.seat, top.discount, top.need - 1, top.drawn + (a.card,), d)

    @hook(returns="int >= 0", check=is_int(0), rules=("NK-BB-02",),
          example="return max(0, super().card_price(P, card, discount) - 1)  # cards 1 cheaper")
    def card_price(self, P, card: int, discount: int) -> int:
        """A card's price after a discount, never below ``min_card_price`` (NK-BB-02)."""
        cost = self.card[card].cost
        if discount <= 0:
            return cost
        return max(min(cost, self.rules.min_card_price), cost - discount)

    @hook(returns="int >= 0", check=is_int(0), rules=("NK-PLC-02",),
          example="return 0  # no coins for gaps")
    def gap_coins(self, lane: tuple, slot: int) -> int:
        """Coins for the empty slots between ``slot`` and the harbour (NK-PLC-02).

        >>> import tabletop_nb
        >>> tabletop_nb.load_game("neko").gap_coins((-1, 7, -1, -1, -1), 3)
        2
        """
        # Speed: the empty slots counted in a plain loop (no generator; the bot asks this
        # for every empty slot it values)
        n = 0
        for c in lane[:slot]:
            if c < 0:
                n += 1
        return self.rules.gap_coins * n

    def offer_discount(self, P, base: int) -> int:
        """The discount on a card bought outside the resolution (the card reward, the Post
        Office): the offer's own, plus the Blue Bar's under ``blue_bar_outside_resolution``.
        Rules: NK-BB-04, NK-PO-01, NK-PO-02, NK-RWD-09.
        """
        if self.rules.blue_bar_outside_resolution:
            return base + self.blue_bar_discount(P)
        return base

    def _buy_actions(self, s, p, P, top) -> list:
        """The purchase decision's actions: a Buy per card and affordable placement, DrawTwo
        when offered, then Pass.

        Rules: NK-PLC-02, NK-RES-06, NK-RES-08, NK-RWD-08, NK-ADV-07, NK-RES-11.
        """
        out = []
        if top.kind == "win":
            card = self._card_at(s, top.space)
            for li, si, _ in analysis.placements(self, P, card, self.blue_bar_discount(P)):
                out.append(_BUY[card, li, si])
            out.append(_PASS)
            return out
        disc = self.offer_discount(P, top.discount)
        for card in top.offered:
            for li, si, _ in analysis.placements(self, P, card, disc):
                out.append(_BUY[card, li, si])
        if top.allow_draw:
            out.append(_a(DrawTwo))
        out.append(_PASS)
        return out

    def _h_buy(self, w, top, a):
        """Buy a card: its price (discounts, gap coins) paid and the card placed at once; the
        other drawn cards go to the bottom.

        Rules: NK-RES-07, NK-PLC-01..04, NK-RWD-08, NK-PO-01.
        """
        pop(w)
        p = top.seat
        m = changing_player(w, p)
        if top.kind == "win":
            space = top.space
            price = self.card_price(m, a.card, self.blue_bar_discount(m))
            self._set_card_at(w, space, -1)
            during = True
        else:
            price = self.card_price(m, a.card, self.offer_discount(m, top.discount))
            if top.drawn:
                d = top.period
                for c in top.offered:
                    if c != a.card:
                        self._to_bottom(w, c, d)
            else:
                self._take_from_display(w, a.card)
            during = False
        price += self.gap_coins(m.lanes[a.lane], a.slot)
        self._place(w, p, a.card, a.lane, a.slot, price, during)

    def _h_pass(self, w, top, a):
        """Pass a purchase: drawn cards to the bottom; a won card declined.

        Rules: NK-RES-06, NK-RWD-08.
        """
        pop(w)
        k = top.kind
        if k == "buy":
            if top.drawn:
                d = top.period
                for c in top.offered:
                    self._to_bottom(w, c, d)
            w.events.append(("pass", top.seat))
        elif k == "win":
            self._decline(w, top.space, top.seat)
        else:
            w.events.append(("pass", top.seat))

    def _place(self, w, p: int, card: int, lane: int, slot: int, price: int, during: bool) -> None:
        """Pay for a card and put it in a lane; its lightning effect fires once (NK-PLC).

        Rules: NK-FP-02, NK-HUB-15, NK-OB-02, NK-PLC-05..08, NK-RES-12, NK-RWD-12.
        """
        r = self.rules
        m = changing_player(w, p)
        m.coins -= price
        lanes = list(m.lanes)
        empty = lanes[lane][slot] < 0
        before = self.profile(m) if empty else None
        lanes[lane] = lanes[lane][:slot] + (card,) + lanes[lane][slot + 1:]
        m.lanes = tuple(lanes)
        m.cards = _insert(m.cards, card)
        # Speed: into an empty slot (every legal placement), the hubs it adds to the old
        # ones (``_hubs_with``), the same tuple as ``_hubs_of(m.lanes)``
        m.hubs = self._hubs_with(m.hubs, m.lanes, lane, slot) if empty else self._hubs_of(m.lanes)
        if before is not None:
            # Speed: the new lanes' profile from the old one and the card (``with_card``)
            self._profile_is(m.lanes, before.with_card(self, card, lane, slot))
        C = self.card[card]
        w.events.append(("place", p, card, lane, slot, price))
        if r.card_interference and C.interference:
            m.interference += C.interference
        e = C.effect
        if e == "variant":
            if C.kind == "ocean_bank":
                m.coins += r.set_value(self.count_kind(m, "ocean_bank"), r.ocean_bank_income)
            elif C.kind == "fuel_platform":
                self._gain(m, "fuel", r.set_value(self.count_kind(m, "fuel_platform"), r.fuel_platform_income))
            elif C.kind == "penguin_park":
                if not m.park_variant_round:
                    m.park_variant_round = w.round
                if w.discard and self._park_spaces(w, p):
                    push(w, ParkFrame(seat=p, may_pass=0))
        elif e == "research_station":
            self._research(m)
        elif e == "hospital":
            if m.interference and r.hospital_tiles:
                push(w, HospitalFrame(seat=p))
        elif e == "neko_harbour":
            h = self.hub_count(m)
            if h:
                push(w, NekoFrame(seat=p, hubs=h))
        elif e == "post_office":
            self._start_offer(w, p, r.post_office_discount)

    def _start_offer(self, w, p: int, discount: int) -> None:
        """Offer a card outside the resolution: from the display (advanced) or two drawn.

        Rules: NK-RWD-08, NK-RWD-10, NK-PO-01, NK-PO-02, NK-ADS-04.
        """
        r = self.rules
        d = self._period(w)
        if r.advanced_setup or r.advanced_cards:
            display = self._direct_cards(w)
            allow_draw = (not r.advanced_setup) and self._deck_size(w, d) > 0
            if display or allow_draw:
                push(w, BuyFrame(seat=p, discount=discount, offered=display, drawn=False,
                                  allow_draw=allow_draw, period=d))
            return
        self._draw_offer(w, p, discount, 2, (), d)

    def _draw_offer(self, w, p, discount, need, drawn, d) -> None:
        """Draw up to ``need`` cards for an offer (from the bottom when the deck is out), then
        offer them.

        Rules: NK-RWD-08, NK-PO-01.
        """
        while need > 0:
            if w.deck[d - 1]:
                push(w, DrawFrame(seat=p, discount=discount, need=need, drawn=drawn, period=d))
                return
            if w.bottom[d - 1]:
                b = list(w.bottom)
                card, b[d - 1] = b[d - 1][0], b[d - 1][1:]
                w.bottom = tuple(b)
                drawn = drawn + (card,)
                need -= 1
                continue
            break
        if drawn:
            w.events.append(("drew", p, drawn))
            push(w, BuyFrame(seat=p, discount=discount, offered=drawn, drawn=True,
                              allow_draw=False, period=d))

    def _h_drawtwo(self, w, top, a):
        """Draw two instead of buying from the display (advanced cards without the setup).

        Rules: NK-ADV-07.
        """
        pop(w)
        self._draw_offer(w, top.seat, top.discount, 2, (), top.period)

    def _take_from_display(self, w, card: int) -> None:
        """Take a bought card off the display (piles or bidding area).

        Rules: NK-ADV-07, NK-ADS-04.
        """
        if card in w.piles:
            w.piles = _remove(w.piles, card)
            return
        for sp in self.res_order:
            if self._card_at(w, sp) == card:
                self._set_card_at(w, sp, -1)
                return
        raise AssertionError(f"card {card} is not on display")
