"""Treasure: taking a treasure token and giving it to Roberto.

Rulebook "Treasure" (checklist section 13, PR-TREAS-01..10). Roberto taking a treasure is in
:mod:`.characters`. Tests: tests/games/pebble_rock/test_treasure.py.
"""
from __future__ import annotations


from ..state import (DeliverTreasure, DiscardTreasure, RevealTreasure, State,
                     TakeTreasure, replace_player, replace_table,
                     replace_turn)
from ..frames import RevealValue
from .base import PebbleRockBase, _remove_one, _with_player


class Treasure(PebbleRockBase):
    """This section's part of the game class (a mixin of PebbleRockGame)."""

    def _a_take_treasure(self, w: State, a: TakeTreasure) -> State:
        """Take the treasure token of this space (cargo thrown overboard to make room).
        Rules: PR-TREAS-01..04."""
        seat = w.seat
        pos = w.boats[seat]
        p = self._make_room(w, w.players[seat])
        w.players = _with_player(w.players, seat, replace_player(p, treasures=p.treasures + (pos,)))
        w.table = replace_table(w.table, treasure_spaces=w.table.treasure_spaces - {pos})
        w.events = self._ev(w, "treasure", seat, pos)
        return w

    def _a_deliver_treasure(self, w: State, a: DeliverTreasure) -> State:
        """PR-TREAS-05: the token leaves the hold when its value is revealed (next)."""
        w.turn = replace_turn(w.turn, treasure_here=True)
        w.todo = (RevealValue(),) + w.todo
        return w

    def _a_reveal(self, w: State, a: RevealTreasure) -> State:
        """Chance: the delivered treasure's value, drawn from the values nobody has seen,
        goes on the track. Rules: PR-TREAS-05."""
        seat = w.seat
        p = w.players[seat]
        p = replace_player(p, score=p.score + a.value, treasure_values=p.treasure_values + (a.value,),
                           treasures=p.treasures[:-1])
        w.players = _with_player(w.players, seat, p)
        w.table = replace_table(w.table, hidden_values=_remove_one(w.table.hidden_values, a.value))
        w.todo = w.todo[1:]
        w.events = self._ev(w, "treasure_value", seat, a.value)
        return self._run(w)

    def _a_discard_treasure(self, w: State, a: DiscardTreasure) -> State:
        """Discard a treasure (under ``treasure_discard``): it leaves the game. Rules: PR-TREAS-10."""
        seat = w.seat
        p = w.players[seat]
        w.players = _with_player(w.players, seat, replace_player(p, treasures=p.treasures[:-1]))
        w.table = replace_table(w.table, treasures_gone=w.table.treasures_gone + 1)
        w.events = self._ev(w, "discard_treasure", seat)
        return w
