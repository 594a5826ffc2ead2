"""Treasure: taking a treasure token and giving it to Roberto.

Rulebook "Treasure" (checklist section 13, PR-TREAS-01..10). Roberto taking a treasure is in
:mod:`.characters`. Tests: tests/games/pebble_rock/test_treasure.py.
"""
from __future__ import annotations


from ..state import (DeliverTreasure, DiscardTreasure, RevealTreasure, State, TakeTreasure, replace)
from .base import (_remove_one, _with_player)


class Treasure:
    """This section's part of the game class (a mixin of PebbleRockGame)."""

    def _a_take_treasure(self, s: State, a: TakeTreasure) -> State:
        seat = s.seat
        pos = s.boats[seat]
        p = self._make_room(s, s.players[seat])
        p = replace(p, treasures=p.treasures + (pos,))
        t = replace(s.table, treasure_spaces=s.table.treasure_spaces - {pos})
        return replace(s, players=_with_player(s.players, seat, p), table=t,
                       events=self._ev(s, "treasure", seat, pos))

    def _a_deliver_treasure(self, s: State, a: DeliverTreasure) -> State:
        """PR-TREAS-05: the token leaves the hold when its value is revealed (next)."""
        return replace(s, turn=replace(s.turn, treasure_here=True), todo=(("reveal",),) + s.todo)

    def _a_reveal(self, s: State, a: RevealTreasure) -> State:
        seat = s.seat
        p = s.players[seat]
        p = replace(p, score=p.score + a.value, treasure_values=p.treasure_values + (a.value,),
                    treasures=p.treasures[:-1])
        t = replace(s.table, hidden_values=_remove_one(s.table.hidden_values, a.value))
        return self._run(replace(s, players=_with_player(s.players, seat, p), table=t,
                                 todo=s.todo[1:], events=self._ev(s, "treasure_value", seat, a.value)))

    def _a_discard_treasure(self, s: State, a: DiscardTreasure) -> State:
        seat = s.seat
        p = s.players[seat]
        t = replace(s.table, treasures_gone=s.table.treasures_gone + 1)
        return replace(s, players=_with_player(s.players, seat, replace(p, treasures=p.treasures[:-1])),
                       table=t, events=self._ev(s, "discard_treasure", seat))
