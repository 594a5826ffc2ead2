"""3. Action Phase and On Bidding: turns, take a fish, bid, activate.

Rulebook "Play A Round", "3. Action Phase" and "On Bidding" (checklist sections 8-9:
NK-ACT-01..13, NK-BID-01..11); worked examples NK-EX-06..08. The bidding spaces and the
bids on them live here. Tests: tests/games/neko/test_action_phase.py.
"""
from __future__ import annotations


from ....core.hooks import hook, is_int
from .. import analysis
from ..frames import NekoFrame, SeaRewardFrame
from ..state import (ActivateHub, NewBid)
from .base import (FREE_KINDS, NekoBase, _ValueActions, _CARD, _END_TURN, _a, _insert, _remove, changing_player, put,
                   push, pop)


class ActionPhase(NekoBase):
    """This section's part of the game class (a mixin of NekoGame)."""

    def _card_at(self, w, space: int) -> int:
        """The card on a bidding space (-1 when empty): the area's spaces, then the advanced cards'.

        Rules: NK-BID-09, NK-ADV-03.
        """
        return w.area[space] if space < self.area_spaces else w.adv[space - self.area_spaces]

    def _set_card_at(self, w, space: int, card: int) -> None:
        """Put ``card`` (or -1, empty) on a bidding space."""
        if space < self.area_spaces:
            w.area = w.area[:space] + (card,) + w.area[space + 1:]
        else:
            i = space - self.area_spaces
            w.adv = w.adv[:i] + (card,) + w.adv[i + 1:]

    def _add_bid(self, w, space: int, p: int, v: int) -> None:
        """Put a die of value ``v`` into seat ``p``'s slot on ``space``; dice in a slot stay there.

        Rules: NK-BID-01, NK-BID-08.
        """
        row = w.bids[space]
        row = row[:p] + (_insert(row[p], v),) + row[p + 1:]
        w.bids = w.bids[:space] + (row,) + w.bids[space + 1:]

    def _distinct(self, dice: tuple) -> tuple:
        """The distinct values of ``dice``, sorted (kept per dice tuple: the same few recur)."""
        vals = self.die_values.get(dice)
        if vals is None:
            if len(self.die_values) > 100_000:
                self.die_values.clear()
            vals = self.die_values[dice] = tuple(sorted(set(dice)))
        return vals

    def _acts_for(self, vals: tuple) -> _ValueActions:
        """The actions offered once per distinct die value, for these values (a speed
        helper: built once per set of values, at most 63 of them, instead of one list per
        kind at every turn; each list is the one the comprehension it replaces gave)."""
        acts = self.value_actions.get(vals)
        if acts is None:
            acts = self.value_actions[vals] = _ValueActions(self, vals)
        return acts

    def _bid_spaces(self, s, p, P) -> list:
        """The spaces, in resolution order, where player ``p`` may bid as the turn's main
        action (any of their dice): :func:`..analysis.open_bid_spaces` for all their dice.
        Rules: NK-BID-03, NK-BID-04, NK-BID-09."""
        return analysis.open_bid_spaces(self, s, p, len(P.dice))

    def _turn_actions(self, s, p, P) -> list:
        """Every legal action of seat ``p``'s Action-phase turn: before the main action take fish,
        bid, start a new bid, activate a hub or card; after it, only more of the same fish or bid;
        the free actions around it (while the player has dice, or after the last one where
        the rules allow it), and EndTurn once the main action is made.

        Each kind of action is offered by one function, ``_kind_<action>`` (below and in
        :mod:`.free_actions`), the only place its conditions are written; the legal list is
        theirs one after the other, in the order of ``_KINDS`` (engine/__init__.py), and
        :meth:`turn_actions_of` asks one of them.

        Rules: NK-ACT-02, NK-ACT-03, NK-ACT-06..08, NK-ACT-10, NK-ACT-13, NK-BID-02, NK-ACT-05,
        NK-FA-14.
        """
        main_kinds, free_kinds = self._TURN_KINDS   # (engine/__init__.py: ``_KINDS`` split)
        out: list = []
        for actions_of in main_kinds:
            out += actions_of(self, s, p, P)
        if self._free_offered(s, P):
            for actions_of in free_kinds:
                out += actions_of(self, s, p, P)
        out += self._kind_end_turn(s, p, P)
        return out

    def turn_actions_of(self, s, kind) -> list:
        """The legal actions of this type at an Action-phase turn, in legal order (read
        only: the list may be shared): what :meth:`_turn_actions` takes from that kind's
        function. The greedy bot asks for the few kinds it weighs."""
        p = s.frames[-1].seat
        P = s.players[p]
        if kind in FREE_KINDS and not self._free_offered(s, P):
            return []
        return self._KINDS[kind](self, s, p, P)

    def _kind_take_fish(self, s, p, P) -> list:
        """The TakeFish actions of the turn (``turn_actions_of``).

        Rules: NK-ACT-06, NK-ACT-13.
        """
        main = s.main
        if (not main and P.dice) or (main and main[0] == "fish"):
            return self._acts_for(self._distinct(P.dice)).fish
        return []

    def _kind_bid(self, s, p, P) -> list:
        """The Bid actions of the turn: any die on an open space before the main action, more dice
        on the same space after it.

        Rules: NK-ACT-07, NK-BID-02..05.
        """
        main = s.main
        dice = P.dice
        if main:
            return self._acts_for(self._distinct(dice)).bid[main[1]] if main[0] == "bid" else []
        if not dice:
            return []
        va = self._acts_for(self._distinct(dice))
        out: list = []
        for sp in self._bid_spaces(s, p, P):
            out += va.bid[sp]
        return out

    def _kind_new_bid(self, s, p, P) -> list:
        """The NewBid actions of the turn (advanced setup, a free space in the area).

        Rules: NK-ADV-05, NK-ADV-06, NK-ADV-08.
        """
        if s.main or not P.dice or not (self.rules.advanced_setup and -1 in s.area):
            return []
        return [_a(NewBid, c) for c in s.piles]

    def _kind_activate_hub(self, s, p, P) -> list:
        """The ActivateHub actions of the turn: a die equal to a vacant hub's multiplier.

        Rules: NK-ACT-08, NK-ACT-09, NK-HUB-04.
        """
        if s.main or not P.dice or not P.hubs:
            return []
        dice = P.dice
        used = [k for k, _ in P.hub_dice]
        return [_a(ActivateHub, *key) for key, mult, _ in P.hubs
                if mult in dice and key not in used and analysis.hub_takes_dice(self, key)]

    def _kind_activate_card(self, s, p, P) -> list:
        """The ActivateCard actions of the turn (the cards' own die requirements).

        Rules: NK-ACT-08, NK-ACT-12.
        """
        if s.main or not P.dice or not P.cards:
            return []
        out: list = []
        self._card_activations(P, self._distinct(P.dice), out)
        return out

    def _card_activations(self, P, vals, out: list) -> None:
        """Append the player's card activations with the dice values ``vals`` to ``out``.

        Rules: NK-ST-02.
        """
        act = self.profile(P).activatable
        if act:
            cused = [k for k, _ in P.card_dice]
            for li, si, ok in act:
                if (li, si) not in cused:
                    for v in vals:
                        if v in ok:
                            out.append(_CARD[li, si, v])
        if self.rules.hospital_needs_die and P.interference and not P.hospital_used:
            # NK-HO-02 (b): any die on the Hospital's space removes a tile
            at = self.profile(P).effect_pos.get("hospital")
            if at is not None:
                out += [_CARD[at[0], at[1], v] for v in vals]

    def _kind_end_turn(self, s, p, P) -> list:
        """EndTurn, once the main action is made and the count rule is met.

        Rules: NK-ACT-02, NK-BID-04.
        """
        return [_END_TURN] if s.main and analysis.can_end_turn(self, s, p) else []

    def _h_take_fish(self, w, top, a):
        """Take fish: one die to the discard area (value kept), one fish (freezer cap).

        Rules: NK-ACT-06, NK-CAP-02.
        """
        p = top.seat
        m = changing_player(w, p)
        n = self.fish_taken(w, p, a.value)
        m.dice = _remove(m.dice, a.value)
        w.discard = _insert(w.discard, a.value)
        got = self._gain(m, "fish", n)
        w.main = ("fish",)
        w.events.append(("take_fish", p, a.value, got))

    @hook(returns="int >= 0", check=is_int(0), rules=("NK-ACT-06",),
          example="return 2 if value >= 5 else 1  # a high die takes two fish")
    def fish_taken(self, s, seat: int, value: int) -> int:
        """The fish ``seat`` takes with the Take Fish action, spending a die of ``value``:
        one (the freezer's cap still applies).

        >>> import tabletop_nb
        >>> tabletop_nb.load_game("neko").fish_taken(None, 0, 6)
        1

        Rules: NK-ACT-06.
        """
        return 1

    def _h_bid(self, w, top, a):
        """Bid: one die from the player's unused dice into their slot on the space.

        Rules: NK-ACT-07, NK-BID-01, NK-BID-02.
        """
        p = top.seat
        space, v = a.space, a.value
        m = changing_player(w, p)
        m.dice = _remove(m.dice, v)
        # Speed: ``_add_bid(w, space, p, v)`` and ``_card_at(w, space)`` written out (the
        # commonest decision: two calls fewer)
        bids = w.bids
        row = bids[space]
        w.bids = bids[:space] + (row[:p] + (_insert(row[p], v),) + row[p + 1:],) + bids[space + 1:]
        main = w.main
        placed = main[2] if main and main[0] == "bid" else 0
        w.main = ("bid", space, placed + 1)
        S = self.area_spaces
        w.events.append(("bid", p, w.area[space] if space < S else w.adv[space - S], v))

    def _h_activate_card(self, w, top, a):
        """Activate a card with a die: its once-a-round effect (Ocean Bank and Fuel Platform
        variants, Research Station, Neko Harbour, Seaside Town reward, Hospital).

        Rules: NK-ACT-08, NK-ACT-09, NK-OB-03, NK-RS-02, NK-NH-02, NK-ST-05, NK-HO-02.
        """
        p = top.seat
        m = changing_player(w, p)
        r = self.rules
        m.dice = _remove(m.dice, a.value)
        m.card_dice = m.card_dice + (((a.lane, a.slot), a.value),)
        w.main = ("act",)
        card = m.lanes[a.lane][a.slot]
        C = self.card[card]
        e = C.effect
        w.events.append(("card", p, card, a.value))
        if e == "variant" and C.kind == "ocean_bank":
            m.coins += r.set_value(self.count_kind(m, "ocean_bank"), r.ocean_bank_income)
        elif e == "variant" and C.kind == "fuel_platform":
            self._gain(m, "fuel", r.set_value(self.count_kind(m, "fuel_platform"), r.fuel_platform_income))
        elif e == "research_station":
            self._research(m)
        elif e == "neko_harbour":
            h = self.hub_count(m)
            if h:
                push(w, NekoFrame(seat=p, hubs=h))
        elif e == "seaside_reward":
            push(w, SeaRewardFrame(seat=p, level=a.value))
        elif e == "hospital":  # NK-HO-02 (b), hospital_needs_die
            m.hospital_used = True
            m.interference -= 1
            w.events.append(("hospital", p, 1))

    def _h_end_turn(self, w, top, a):
        """End the turn: per-turn limits reset, the next seat with dice moves.

        Rules: NK-ACT-01, NK-ACT-04, NK-FA-03.
        """
        pop(w)
        p = top.seat
        # Speed: ``put(w, p, picked_up=False)`` written out: the player is copied only when
        # the field is not already False (``put``'s test for a bool, without its call and
        # keywords; at nearly every end of a turn there is nothing to reset)
        if w.players[p].picked_up is not False:
            changing_player(w, p).picked_up = False
        if self.rules.park_pickup_per_turn:  # NK-PP-09 (i)(b)
            put(w, p, park_pickups_used=0)
        w.main = ()
        w.turn = (w.turn + 1) % self.player_count
        w.events.append(("end_turn", p))
