"""1: Decide which dice to roll, 2: Roll your chosen dice, Resource and Danger Dice.

Rulebook "On Your Turn" steps 1-2 and "Resource and Danger Dice" (checklist sections 3-5:
PR-DICE-01..07, PR-RES-01..07, PR-DANGER-01..08): the dice choice (and the catch-up choice of
the player alone in last place), the roll as one chance node, and the symbol resolved
(fish, a character placed, Winds, a jetstream token). The Lucky Shell's reroll is in
:mod:`.items`. Tests: tests/games/pebble_rock/test_dice.py, test_resource.py, test_danger.py.
"""
from __future__ import annotations


from ..state import (CHARACTERS, ChooseDice, DieRoll, Roll, State, Turn,
                     replace, replace_state, replace_turn)
from ..frames import (BeginMove, DieEffect, Frame, OfferReroll, PutCharacter, RerollDie,
                      ResolveSymbol, RollDice, RollDie)

from .base import PebbleRockBase


class Dice(PebbleRockBase):
    """This section's part of the game class (a mixin of PebbleRockGame)."""

    def alone_last(self, s: State, seat: int) -> bool:
        """PR-DICE-03, PR-DICE-04, PR-DICE-06: the seat alone has the fewest track points."""
        scores = [p.score for p in s.players]
        low = min(scores)
        return scores[seat] == low and scores.count(low) == 1

    def _choose_actions(self, s: State) -> list:
        """Step 1: Steady + Resource or Speedy + Danger, and Speedy + Resource for the player
        alone in last place; any-time actions besides. Rules: PR-DICE-01..06."""
        seat = s.seat
        acts = list(self._choose_all if self.rules.catch_up and self.alone_last(s, seat)
                    else self._choose_basic)
        p = s.players[seat]
        if p.passengers or self._anytime_rules:  # (else there is no any-time action)
            acts.extend(self._anytime_actions(s, p))
        return acts

    def _a_choose(self, s: State, a: ChooseDice) -> State:
        """The dice chosen become this turn's; the roll comes next. Rules: PR-DICE-07, PR-TURN-03."""
        return replace_state(s, todo=(RollDice(),), turn=self._tables.turn_for[a.choice],
                             events=self._ev(s, "choose", s.seat, a.choice))

    def _a_roll(self, s: State, a: Roll) -> State:
        """Chance: the two dice rolled; a usable Lucky Shell may reroll one straight away,
        else the symbol is resolved. Rules: PR-TURN-03, PR-ITEM-SHELL-02."""
        t = replace_turn(s.turn, roll=a.move, symbol=a.symbol)
        ev = self._ev(s, "roll", s.seat, a.move, a.symbol)
        if self._usable(s, "lucky_shell"):  # PR-ITEM-SHELL-02 (a): straight after the roll
            return replace_state(s, turn=t, todo=(OfferReroll("step2", None), ResolveSymbol()),
                                 events=ev)
        return self._resolve_symbol(s, t, ev, ())

    def _a_dieroll(self, s: State, a: DieRoll) -> State:
        """Chance: one die rolled for fish, Larry or a jetstream (or rerolled by the Lucky
        Shell); its effect follows, after a chance to reroll it. Rules: PR-ITEM-SHELL-01..02."""
        head = s.todo[0]
        if isinstance(head, RerollDie):
            if head.purpose == "step2":
                t = (replace_turn(s.turn, roll=a.value) if head.die == "movement"
                     else replace_turn(s.turn, symbol=a.value))
                return self._run(replace_state(s, turn=t, todo=s.todo[1:],
                                               events=self._ev(s, "reroll", s.seat, head.die, a.value)))
            return self._run(replace_state(s, todo=(DieEffect(head.purpose, int(a.value)),) + s.todo[1:],
                                           events=self._ev(s, "reroll", s.seat, head.die, a.value)))
        assert isinstance(head, RollDie)
        purpose = head.purpose
        nxt: Frame
        if self._usable(s, "lucky_shell"):
            nxt = OfferReroll(purpose, int(a.value))
        else:
            nxt = DieEffect(purpose, int(a.value))
        return self._run(replace_state(s, todo=(nxt,) + s.todo[1:],
                                       events=self._ev(s, "die", s.seat, purpose, a.value)))

    def _i_symbol(self, s: State, head, rest) -> State:
        """Resolve the turn's symbol (after a Lucky Shell decision on the roll). Rules: PR-RES-01, PR-DANGER-01."""
        return self._resolve_symbol(s, s.turn, s.events, rest)

    def _resolve_symbol(self, s: State, t: Turn, ev: tuple, rest: tuple) -> State:
        """Step 2: resolve the Resource or Danger symbol, then start moving: fish (to spend
        this turn), a character put beside the boat (nothing if there is no room), Winds,
        a jetstream token placed where the boat is (none left: nothing), a blank.
        Rules: PR-RES-01..03, PR-RES-07, PR-DANGER-01..05, PR-DANGER-07, PR-FISH-06."""
        sym = t.symbol
        if sym == "fish":  # PR-RES-02
            return replace_state(s, turn=t, todo=(RollDie("gain"), BeginMove()) + rest, events=ev)
        jets = s.jets
        if sym in ("maisy", "larry", "roberto"):
            c = CHARACTERS.index(sym)
            if self._adjacent_places(s, c):
                return replace_state(s, turn=t, todo=(PutCharacter(c, "symbol"), BeginMove()) + rest,
                                     events=ev)
            # PR-DANGER-04: nowhere to put the character: nothing happens
            self._fresh = False
            ev = ev + (("no_room", s.seat, sym),)
        elif sym == "jetstream":  # PR-DANGER-05, PR-DANGER-07, PR-DANGER-08
            pos = s.boats[s.seat]
            if len(jets) < self.rules.jetstream_tokens and pos not in jets:
                jets = jets | {pos}
                t = replace(t, fresh_jet=pos)
                self._fresh = False
                ev = ev + (("jet_placed", s.seat, pos),)
        return self._begin_move(s, t, jets, rest, ev)
