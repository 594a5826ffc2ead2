"""Fish Tokens and Jetstream tokens: fish gained and lost, fish that buy movement, and the
jetstream's extra roll.

Rulebook "Fish Tokens" and "Jetstream tokens" (checklist sections 8-9: PR-FISH-01..07,
PR-JET-01..05). A fish pays for a step in ``_a_step`` (:mod:`.movement`).
Tests: tests/games/pebble_rock/test_fish_and_jetstream.py.
"""
from __future__ import annotations


from ..state import State, replace_player
from ....core.hooks import hook, is_int
from .base import PebbleRockBase, _with_player


class FishAndJetstream(PebbleRockBase):
    """This section's part of the game class (a mixin of PebbleRockGame)."""

    @hook(returns="int >= 0", check=is_int(0), rules=("PR-JET-02",),
          example="return 0 if s.players[seat].jetstreams == 0 else 2  # first one free")
    def jetstream_fee(self, s: State, seat: int) -> int:
        """Fish ``seat`` pays to ride a jetstream token its boat triggers, before the
        token's roll is added to its movement (the player pays what they hold, at most).

        The printed game charges nothing. This is the hook for a variant: override it in
        a subclass, and the engine charges the fee when a token triggers, and the bots
        (through :func:`~tabletop_nb.games.pebble_rock.analysis.jetstream_fee`) weigh it
        when they choose their steps. ``s.players[seat].jetstreams`` counts the tokens the
        player has ridden before this one, e.g. for "each player's first jetstream is
        free"::

            class FirstJetstreamFree(PebbleRockGame):
                def jetstream_fee(self, s, seat):
                    return 0 if s.players[seat].jetstreams == 0 else 2

        Rules: PR-JET-02.
        """
        return 0

    def _i_effect(self, w: State, head, rest) -> State:
        """Apply a die rolled for fish, Larry or a jetstream (after any Lucky Shell reroll):
        the fish gained (with Fishing Gear), the fish Larry steals (never below 0, Gear does
        not apply), or the jetstream's extra movement (doubled by Winds when the rules say
        so), its fee paid and the ride counted.
        Rules: PR-RES-02, PR-END-02, PR-ITEM-GEAR-01, PR-CHAR-09, PR-JET-02, PR-JET-05, PR-RES-06.
        """
        purpose, v = head.purpose, head.value
        seat = w.seat
        p = w.players[seat]
        if purpose == "gain":  # PR-RES-02, PR-END-02, PR-ITEM-GEAR-01
            gain = v + self._gear_bonus(w, p)
            w.todo = rest
            w.players = _with_player(w.players, seat, replace_player(p, fish=p.fish + gain))
            w.events = self._ev(w, "fish", seat, gain)
            return w
        if purpose == "larry":  # PR-CHAR-09: never below 0; Gear does not apply
            lost = min(p.fish, v)
            w.todo = rest
            w.players = _with_player(w.players, seat, replace_player(p, fish=p.fish - lost))
            w.events = self._ev(w, "larry", seat, lost)
            return w
        # "jet": PR-JET-02, PR-RES-06
        extra = v * (2 if self._tables.jet_doubles and w.turn.symbol == "winds" else 1)
        fee = min(p.fish, self.jetstream_fee(w, seat))
        w.todo = rest
        w.players = _with_player(w.players, seat,
                                 replace_player(p, fish=p.fish - fee, jetstreams=p.jetstreams + 1))
        w.steps += extra
        w.events = self._ev(w, "jet", seat, extra)
        if fee:
            w.events = self._ev(w, "jet_fee", seat, fee)
        return w
