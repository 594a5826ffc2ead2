"""Fish Tokens and Jetstream tokens: fish gained and lost, fish that buy movement, and the
jetstream's extra roll.

Rulebook "Fish Tokens" and "Jetstream tokens" (checklist sections 8-9: PR-FISH-01..07,
PR-JET-01..05). A fish pays for a step in ``_a_step`` (:mod:`.movement`).
Tests: tests/games/pebble_rock/test_fish_and_jetstream.py.
"""
from __future__ import annotations


from ..state import (State, make_state, replace_player, replace_state)
from .base import (_with_player)


class FishAndJetstream:
    """This section's part of the game class (a mixin of PebbleRockGame)."""

    def _i_effect(self, s: State, head, rest) -> State:
        purpose, v = head[1], head[2]
        seat = s.seat
        p = s.players[seat]
        if purpose == "gain":  # PR-RES-02, PR-END-02, PR-ITEM-GEAR-01
            gain = v + self._gear_bonus(s, p)
            players = _with_player(s.players, seat, replace_player(p, fish=p.fish + gain))
            # (replace_state(s, players=, todo=, events=), positionally: Speed, see
            # state.make_state)
            return make_state(players, s.boats, s.chars, s.jets, s.table, s.secret, s.round,
                              seat, s.first, s.turns, s.phase, rest, s.turn, s.steps, s.moved,
                              self._ev(s, "fish", seat, gain))
        if purpose == "larry":  # PR-CHAR-09: never below 0; Gear does not apply
            lost = min(p.fish, v)
            return replace_state(s, players=_with_player(s.players, seat, replace_player(p, fish=p.fish - lost)),
                                 todo=rest, events=self._ev(s, "larry", seat, lost))
        # "jet": PR-JET-02, PR-RES-06
        extra = v * (2 if self._t.jet_doubles and s.turn.symbol == "winds" else 1)
        return replace_state(s, steps=s.steps + extra, todo=rest, events=self._ev(s, "jet", seat, extra))

    def _fish_extra(self, s: State) -> int:
        """Movement a fish buys beyond its own step (1 under Winds when Winds doubles all)."""
        return 1 if self._t.all_double and s.turn.symbol == "winds" else 0
