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
                     replace, replace_player, replace_state, replace_turn)
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

    def _a_refill(self, s: State, a: Refill) -> State:
        """Fill the hold with cargo at the dock (PR-END-03)."""
        seat = s.seat
        p = s.players[seat]
        players = _with_player(s.players, seat, replace_player(p, cargo=p.cargo + a.n))
        return self._run(replace_state(s, players=players, todo=s.todo[1:],
                                       events=self._ev(s, "refill", seat, a.n)))

    def _a_decline(self, s: State, a: Decline) -> State:
        """Say no to the dock refill or the Market (PR-END-03, PR-MARKET-02)."""
        return self._run(replace_state(s, todo=s.todo[1:]))

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

    def _a_take_item(self, s: State, a: TakeItem) -> State:
        """Take an item from the Market (discarding one first when three are held); it is
        usable from the next turn, the slot refills at once. Rules: PR-MARKET-02..07, PR-ITEM-01."""
        seat = s.seat
        p = s.players[seat]
        table = s.table
        kind = table.market[a.slot]
        if a.discard:
            p, table = self._discard_item(replace_state(s, table=table), p, a.discard)
        p = replace_player(p, items=tuple(sorted(p.items + (kind,))))
        table = replace(table, market=table.market[:a.slot] + ("",) + table.market[a.slot + 1:])
        s = replace_state(s, players=_with_player(s.players, seat, p), table=table,
                          turn=replace_turn(s.turn, fresh_item=kind),
                          events=self._ev(s, "take_item", seat, kind, a.discard))
        todo = (FillMarketSlot(),) + s.todo[1:]
        return self._run(replace_state(s, todo=self._after_discard(s, todo) if a.discard else todo))

    def _a_draw_item(self, s: State, a: DrawItem) -> State:
        """Chance: the item turned up fills the empty Market slot, from the deck or the
        reshuffled discard pile. Rules: PR-MARKET-06, PR-ITEM-07."""
        t = s.table
        i = ITEM_INDEX[a.kind]
        if any(t.item_deck):
            deck, disc = _bump(t.item_deck, i, -1), t.item_discard
        else:  # PR-ITEM-07: the discard pile is shuffled into a new deck
            deck, disc = _bump(t.item_discard, i, -1), (0,) * len(ITEM_KINDS)
        slot = t.market.index("")
        market = t.market[:slot] + (a.kind,) + t.market[slot + 1:]
        t = replace(t, item_deck=deck, item_discard=disc, market=market)
        return self._run(replace_state(s, table=t, todo=s.todo[1:], events=self._ev(s, "market_draw", a.kind)))

    def _i_lighthouse(self, s: State, head, rest) -> State:
        """Ending the final round's turn on a dock earns the Lighthouse token.
        Rules: PR-FINAL-01..03."""
        seat = s.seat
        p = s.players[seat]
        if s.round >= self.rules.rounds and s.boats[seat] in self.docks and not p.lighthouse:
            return replace_state(s, players=_with_player(s.players, seat, replace_player(p, lighthouse=True)),
                                 todo=rest, events=self._ev(s, "lighthouse", seat))
        return replace_state(s, todo=rest)

    def _i_assign_check(self, s: State, head, rest) -> State:
        """Under ``assignment_check="any_time"``, note the Assignment halves met by the end
        of this turn (they stay met). Rules: PR-SCORE-07."""
        if self.rules.assignment_check != "any_time":
            return replace_state(s, todo=rest)
        seat = s.seat
        sec = s.secret[seat]
        bits = sec.achieved | self.assignment_halves_met(s, seat)
        if bits != sec.achieved:
            secret = s.secret[:seat] + (replace(sec, achieved=bits),) + s.secret[seat + 1:]
            return replace_state(s, secret=secret, todo=rest)
        return replace_state(s, todo=rest)
