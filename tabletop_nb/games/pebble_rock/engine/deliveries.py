"""Delivery Cards: cargo, passengers, and refilling the Deliveries row.

Rulebook "Delivery Cards" ("Cargo", "Passengers") and "Refilling the Deliveries after your
turn" (checklist sections 10-12: PR-DELIV-01..11, PR-PASS-01..10, PR-REFILL-01..08).
Tests: tests/games/pebble_rock/test_deliveries.py.
"""
from __future__ import annotations

from itertools import filterfalse

from ..analysis import can_deliver, can_take_on_board, hold_room
from ..state import (ROBERTO, Deliver, DeliverTreasure, DiscardPassenger, DrawCard,
                     DropOff, PickUp, Player, State, TakeTreasure, replace_player,
                     replace_table, replace_turn)
from ....core.hooks import hook, is_int
from .base import PebbleRockBase, _remove_one, _with_player


class Deliveries(PebbleRockBase):
    """This section's part of the game class (a mixin of PebbleRockGame)."""

    def _space_actions(self, s: State, p: Player, pos: int, acts: list) -> None:
        """Append the optional actions on a space entered during the move to ``acts``
        (``p`` is the moving player): deliveries of row cards whose island the space
        surrounds and that the hold has the cargo for, pick-ups there while a Passenger
        token fits, drop-offs of passengers bound there, the treasure of a treasure space,
        and giving treasures to Roberto from beside him.
        The player takes them in any order, as many as the hold allows (several
        deliveries in one move included).
        Rules: PR-DELIV-01..04, PR-DELIV-08..09, PR-MOVE-09, PR-PASS-02..04, PR-TREAS-02..03,
        PR-TREAS-05..06.
        """
        here = self.info.islands_at[pos]
        r = self.rules
        seat = s.seat
        room = None  # can a token come on board? (asked only where it matters)
        if here:
            ci = self.card_island
            for c in s.table.row:
                if c and ci[c] in here:
                    if self.card_cargo[c]:
                        if can_deliver(self, p, c):
                            acts.append(Deliver(c))
                    else:
                        if room is None:
                            room = can_take_on_board(self, s, seat)
                        if room and self._passenger_token_free(s):
                            acts.append(PickUp(c))
            cd = self.card_dest
            for c in p.passengers:
                if cd[c] in here:
                    acts.append(DropOff(c))
        if pos in s.table.treasure_spaces:
            if room is None:
                room = can_take_on_board(self, s, seat)
            if room:
                acts.append(TakeTreasure())
        if p.treasures and s.chars[ROBERTO] in self.adjset[pos] and \
                (r.deliver_all_treasures or not s.turn.treasure_here):
            acts.append(DeliverTreasure())

    def _passenger_token_free(self, s: State) -> bool:
        """Whether a Passenger token is left in the supply (always, unless the supply is a
        hard limit). Rules: PR-SETUP-16."""
        if not self.rules.passenger_supply_limited:
            return True
        return sum(len(p.passengers) for p in s.players) < self.rules.passenger_tokens

    @hook(returns="int >= 0", check=is_int(0), rules=("PR-DELIV-06", "PR-PASS-04"),
          example="return self.cards[card].points + 1  # every delivery one more")
    def delivery_points(self, card: int) -> int:
        """Track points for completing Delivery card ``card``: the points printed on it,
        scored at once for a cargo delivery or a passenger dropped off. A variant that
        scores deliveries otherwise overrides this method; the engine and the bots
        (through :func:`~tabletop_nb.games.pebble_rock.analysis.delivery_points`) both ask it.
        Rules: PR-DELIV-06, PR-PASS-04.
        """
        return self.cards[card].points

    def _a_deliver(self, w: State, a: Deliver) -> State:
        """Deliver a row card: its cargo leaves the hold, its points go on the track, the
        card goes to the completed ones. Rules: PR-DELIV-05..07."""
        seat = w.seat
        p = w.players[seat]
        card = self.cards[a.card]
        points = self.delivery_points(a.card)
        p = replace_player(p, cargo=p.cargo - card.amount, score=p.score + points,
                           completed=p.completed + (a.card,))
        w.players = _with_player(w.players, seat, p)
        w.table = replace_table(w.table, row=tuple(0 if c == a.card else c for c in w.table.row))
        w.turn = replace_turn(w.turn, delivered=True)
        w.events = self._ev(w, "deliver", seat, a.card, points)
        return w

    def _make_room(self, s: State, p: Player) -> Player:
        """Throw one Cargo token overboard if the hold is full (``p`` is the moving
        player's board). Rules: PR-PASS-03, PR-TREAS-03."""
        if hold_room(self, s, s.seat) <= 0:
            return replace_player(p, cargo=p.cargo - 1)
        return p

    def _a_pickup(self, w: State, a: PickUp) -> State:
        """Pick up a passenger: its token goes in the hold (cargo thrown overboard to make
        room), the card leaves the row, in progress. Rules: PR-PASS-02..03, PR-PASS-05."""
        seat = w.seat
        p = self._make_room(w, w.players[seat])
        w.players = _with_player(w.players, seat, replace_player(p, passengers=p.passengers + (a.card,)))
        w.table = replace_table(w.table, row=tuple(0 if c == a.card else c for c in w.table.row))
        w.events = self._ev(w, "pickup", seat, a.card)
        return w

    def _a_dropoff(self, w: State, a: DropOff) -> State:
        """Drop a passenger off at its destination: the token leaves the hold, the card is
        completed and scores. Rules: PR-PASS-04."""
        seat = w.seat
        p = w.players[seat]
        pts = self.delivery_points(a.card)
        p = replace_player(p, passengers=_remove_one(p.passengers, a.card), score=p.score + pts,
                           completed=p.completed + (a.card,))
        w.players = _with_player(w.players, seat, p)
        w.events = self._ev(w, "dropoff", seat, a.card, pts)
        return w

    def _a_discard_passenger(self, w: State, a: DiscardPassenger) -> State:
        """Discard a passenger ("poor customer service"): its card can never be completed.
        Rules: PR-PASS-07..08."""
        seat = w.seat
        p = w.players[seat]
        w.players = _with_player(w.players, seat, replace_player(p, passengers=_remove_one(p.passengers, a.card)))
        w.table = replace_table(w.table, lost_cards=w.table.lost_cards + (a.card,))
        w.events = self._ev(w, "discard_passenger", seat, a.card)
        return w

    def _row_islands(self, row) -> set:
        """The islands the row's cards occupy for the no-duplicate rule: their pick-up
        islands, and passengers' destinations too when ``destination_blocks_row``.
        A card taken this turn is no longer in the row, so its island is free again.
        Rules: PR-REFILL-03..04, PR-REFILL-07."""
        out = set()
        dest = self.rules.destination_blocks_row
        for c in row:
            if c:
                out.add(self.card_island[c])
                if dest and self.card_dest[c] >= 0:
                    out.add(self.card_dest[c])
        return out

    def _row_eligible(self, s: State) -> tuple[int, ...]:
        """PR-REFILL-02, PR-REFILL-05: deck cards whose island is not in the row (the redraw rule
        makes the revealed card uniform over these)."""
        t = s.table
        used = self._row_islands(t.row)
        # (the deck's cards of no island in ``used``: the cards of those islands, from the
        # table built in setup, left out in one C-level filter)
        by_island = self._tables.cards_blocked_by
        blocked = set().union(*[by_island[i] for i in used])
        return tuple(filterfalse(blocked.__contains__, t.deck))

    def _a_draw_card(self, w: State, a: DrawCard) -> State:
        """Chance: the card revealed fills the first empty row slot. Rules: PR-REFILL-01, PR-REFILL-05."""
        t = w.table
        slot = t.row.index(0)
        row = t.row[:slot] + (a.card,) + t.row[slot + 1:]
        w.table = replace_table(t, row=row, deck=_remove_one(t.deck, a.card))
        w.todo = w.todo[1:]
        w.events = self._ev(w, "row_draw", a.card)
        return self._run(w)
