"""4: End of Turn, the Market, and The Final Round.

Rulebook "On Your Turn" step 4, the Market, "The Final Round" (checklist sections 15-17:
PR-MARKET-01..07, PR-END-01..08, PR-FINAL-01..04): the dock refill, the Market, fishing, the
Lighthouse token in the final round, the Assignment check. Refilling the Deliveries row
is in :mod:`.deliveries`; passing the turn in :mod:`.turn`.
Tests: tests/games/pebble_rock/test_end_of_turn.py.
"""
from __future__ import annotations

from typing import Any


from ..rules import ITEM_KINDS
from ..state import (Decline, DiscardPassenger, DrawItem, Refill, State, TakeItem,
                     replace, replace_player, replace_table, replace_turn)
from ..frames import (AssignmentCheck, DockRefill, FillMarketSlot, FillRowSlot, Frame,
                      LighthouseCheck, MarketVisit, NextTurn, RollDie)
from .base import PebbleRockBase, ITEM_INDEX, _bump, _with_player


class EndOfTurn(PebbleRockBase):
    """This section's part of the game class (a mixin of PebbleRockGame)."""

    def _end_of_turn(self, s: State, pos: int) -> tuple[Frame, ...]:
        """The end-of-turn steps that apply where the boat stopped (PR-END-01..08).

        Nothing done at the end of a turn changes whether a later step applies (the dock
        refill comes before the Market under both orders), so they are chosen at once.
        Fish caught here come after the move (they cannot be spent this turn); the row is
        refilled after the turn (a card revealed cannot be delivered in it), the slots of
        passengers picked up too under ``refill_after_pickup``.
        Rules: PR-END-01..08, PR-FISH-06, PR-DELIV-10, PR-REFILL-01, PR-REFILL-06.
        """
        seat = s.seat
        p = s.players[seat]
        todo: list[Frame] = []
        for what in self._tables.end_order:
            if what == "dock":
                if pos in self.docks and (p.tokens < self.capacity(s, seat) or p.passengers):
                    todo.append(DockRefill())
            elif what == "market":
                if pos in self.info.market_spaces and any(s.table.market):
                    todo.append(MarketVisit())
            elif pos in self.info.fishing:
                todo.append(RollDie("gain"))
        if s.round >= self.rules.rounds and pos in self.docks:
            todo.append(LighthouseCheck())
        empty = s.table.row.count(0)  # PR-REFILL-01, PR-REFILL-06
        if empty and (self.rules.refill_after_pickup or s.turn.delivered):
            todo.extend((FillRowSlot(),) * empty)
        if self.rules.assignment_check == "any_time":
            todo.append(AssignmentCheck())
        todo.append(NextTurn())
        return tuple(todo)

    def _d_dock(self, s: State, head) -> list:
        """PR-END-03, PR-END-06: fill the empty hold spaces (all or none, or any number)."""
        seat = s.seat
        p = s.players[seat]
        room = self.capacity(s, seat) - p.tokens
        acts: list[Any] = []
        if room > 0:
            acts.append(Refill(room))
            if self.rules.dock_refill == "any_number":
                acts.extend(Refill(k) for k in range(room - 1, 0, -1))
        acts.append(self._decline)
        acts.extend(DiscardPassenger(c) for c in p.passengers)
        return acts

    def _a_refill(self, w: State, a: Refill) -> State:
        """Fill the hold with cargo at the dock (PR-END-03)."""
        seat = w.seat
        p = w.players[seat]
        w.players = _with_player(w.players, seat, replace_player(p, cargo=p.cargo + a.n))
        w.todo = w.todo[1:]
        w.events = self._ev(w, "refill", seat, a.n)
        return self._run(w)

    def _a_decline(self, w: State, a: Decline) -> State:
        """Say no to the dock refill or the Market (PR-END-03, PR-MARKET-02)."""
        w.todo = w.todo[1:]
        return self._run(w)

    def _d_market(self, s: State, head) -> list:
        """PR-MARKET-02..05: one free item; with three held, discard one to take it."""
        p = s.players[s.seat]
        full = len(p.items) >= self.rules.max_items
        acts: list[Any] = []
        for slot, kind in enumerate(s.table.market):
            if not kind:
                continue
            if not full:
                acts.append(TakeItem(slot))
            else:
                acts.extend(TakeItem(slot, d) for d in sorted(set(p.items)) if self._may_discard(s, p, d))
        acts.append(self._decline)
        return acts

    def _a_take_item(self, w: State, a: TakeItem) -> State:
        """Take an item from the Market (discarding one first when three are held); it is
        usable from the next turn, the slot refills at once. Rules: PR-MARKET-02..07, PR-ITEM-01."""
        seat = w.seat
        p = w.players[seat]
        kind = w.table.market[a.slot]
        if a.discard:
            p, w.table = self._discard_item(w, p, a.discard)
        p = replace_player(p, items=tuple(sorted(p.items + (kind,))))
        w.players = _with_player(w.players, seat, p)
        market = w.table.market
        w.table = replace_table(w.table, market=market[:a.slot] + ("",) + market[a.slot + 1:])
        w.turn = replace_turn(w.turn, fresh_item=kind)
        w.events = self._ev(w, "take_item", seat, kind, a.discard)
        todo = (FillMarketSlot(),) + w.todo[1:]
        w.todo = self._after_discard(w, todo) if a.discard else todo
        return self._run(w)

    def _a_draw_item(self, w: State, a: DrawItem) -> State:
        """Chance: the item turned up fills the empty Market slot, from the deck or the
        reshuffled discard pile. Rules: PR-MARKET-06, PR-ITEM-07."""
        t = w.table
        i = ITEM_INDEX[a.kind]
        if any(t.item_deck):
            deck, disc = _bump(t.item_deck, i, -1), t.item_discard
        else:  # PR-ITEM-07: the discard pile is shuffled into a new deck
            deck, disc = _bump(t.item_discard, i, -1), (0,) * len(ITEM_KINDS)
        slot = t.market.index("")
        market = t.market[:slot] + (a.kind,) + t.market[slot + 1:]
        w.table = replace_table(t, item_deck=deck, item_discard=disc, market=market)
        w.todo = w.todo[1:]
        w.events = self._ev(w, "market_draw", a.kind)
        return self._run(w)

    def _i_lighthouse(self, w: State, head, rest) -> State:
        """Ending the final round's turn on a dock earns the Lighthouse token.
        Rules: PR-FINAL-01..03."""
        seat = w.seat
        p = w.players[seat]
        w.todo = rest
        if w.round >= self.rules.rounds and w.boats[seat] in self.docks and not p.lighthouse:
            w.players = _with_player(w.players, seat, replace_player(p, lighthouse=True))
            w.events = self._ev(w, "lighthouse", seat)
        return w

    def _i_assign_check(self, w: State, head, rest) -> State:
        """Under ``assignment_check="any_time"``, note the Assignment halves met by the end
        of this turn (they stay met). Rules: PR-SCORE-07."""
        if self.rules.assignment_check == "any_time":
            seat = w.seat
            sec = w.secret[seat]
            bits = sec.achieved | self.assignment_halves_met(w, seat)
            if bits != sec.achieved:
                w.secret = w.secret[:seat] + (replace(sec, achieved=bits),) + w.secret[seat + 1:]
        w.todo = rest
        return w
