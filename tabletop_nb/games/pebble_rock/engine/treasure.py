"""Treasure: taking a treasure token and giving it to Roberto.

Rulebook "Treasure" (checklist section 13, PR-TREAS-01..10). Roberto taking a treasure is in
:mod:`.characters`. Tests: tests/games/pebble_rock/test_treasure.py.
"""
from __future__ import annotations


from ..state import (DeliverTreasure, DiscardTreasure, RevealTreasure, State,
                     TakeTreasure, replace_player, replace_state, replace_table,
                     replace_turn)
from ..frames import RevealValue
from .base import PebbleRockBase, _remove_one, _with_player


class Treasure(PebbleRockBase):
    """This section's part of the game class (a mixin of PebbleRockGame)."""

    def _a_take_treasure(self, s: State, a: TakeTreasure) -> State:
        """Take the treasure token of this space (cargo thrown overboard to make room).
        Rules: PR-TREAS-01..04."""
        seat = s.seat
        pos = s.boats[seat]
        p = self._make_room(s, s.players[seat])
        p = replace_player(p, treasures=p.treasures + (pos,))
        t = replace_table(s.table, treasure_spaces=s.table.treasure_spaces - {pos})
        return replace_state(s, players=_with_player(s.players, seat, p), table=t,
                             events=self._ev(s, "treasure", seat, pos))

    def _a_deliver_treasure(self, s: State, a: DeliverTreasure) -> State:
        """PR-TREAS-05: the token leaves the hold when its value is revealed (next)."""
        return replace_state(s, turn=replace_turn(s.turn, treasure_here=True), todo=(RevealValue(),) + s.todo)

    def _a_reveal(self, s: State, a: RevealTreasure) -> State:
        """Chance: the delivered treasure's value, drawn from the values nobody has seen,
        goes on the track. Rules: PR-TREAS-05."""
        seat = s.seat
        p = s.players[seat]
        p = replace_player(p, score=p.score + a.value, treasure_values=p.treasure_values + (a.value,),
                           treasures=p.treasures[:-1])
        t = replace_table(s.table, hidden_values=_remove_one(s.table.hidden_values, a.value))
        return self._run(replace_state(s, players=_with_player(s.players, seat, p), table=t,
                                       todo=s.todo[1:], events=self._ev(s, "treasure_value", seat, a.value)))

    def _a_discard_treasure(self, s: State, a: DiscardTreasure) -> State:
        """Discard a treasure (under ``treasure_discard``): it leaves the game. Rules: PR-TREAS-10."""
        seat = s.seat
        p = s.players[seat]
        t = replace_table(s.table, treasures_gone=s.table.treasures_gone + 1)
        return replace_state(s, players=_with_player(s.players, seat, replace_player(p, treasures=p.treasures[:-1])),
                             table=t, events=self._ev(s, "discard_treasure", seat))
