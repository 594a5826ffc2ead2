"""1: Decide which dice to roll, 2: Roll your chosen dice, Resource and Danger Dice.

Rulebook "On Your Turn" steps 1-2 and "Resource and Danger Dice" (checklist sections 3-5:
PR-DICE-01..07, PR-RES-01..07, PR-DANGER-01..08): the dice choice (and the catch-up choice of
the player alone in last place), the roll as one chance node, and the symbol resolved
(fish, a character placed, Winds, a jetstream token). The Lucky Shell's reroll is in
:mod:`.items`. Tests: tests/games/pebble_rock/test_dice.py, test_resource.py, test_danger.py.
"""
from __future__ import annotations


from ..state import (CHARACTERS, ChooseDice, DieRoll, Roll, State, replace, replace_turn)
from ..frames import (BeginMove, DieEffect, Frame, OfferReroll, PutCharacter, RerollDie,
                      ResolveSymbol, RollDice, RollDie)

from ....core.hooks import hook, is_bool
from .base import PebbleRockBase


class Dice(PebbleRockBase):
    """This section's part of the game class (a mixin of PebbleRockGame)."""

    @hook(returns="bool", check=is_bool(), rules=("PR-DICE-03", "PR-DICE-04", "PR-DICE-06"),
          example="return s.players[seat].score < max(p.score for p in s.players)  # any trailing seat")
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

    def _a_choose(self, w: State, a: ChooseDice) -> State:
        """The dice chosen become this turn's; the roll comes next. Rules: PR-DICE-07, PR-TURN-03."""
        w.todo = (RollDice(),)
        w.turn = self._tables.turn_for[a.choice]
        w.events = self._ev(w, "choose", w.seat, a.choice)
        return w

    def _a_roll(self, w: State, a: Roll) -> State:
        """Chance: the two dice rolled; a usable Lucky Shell may reroll one straight away,
        else the symbol is resolved. Rules: PR-TURN-03, PR-ITEM-SHELL-02."""
        w.turn = replace_turn(w.turn, roll=a.move, symbol=a.symbol)
        w.events = self._ev(w, "roll", w.seat, a.move, a.symbol)
        if self._usable(w, "lucky_shell"):  # PR-ITEM-SHELL-02 (a): straight after the roll
            w.todo = (OfferReroll("step2", None), ResolveSymbol())
            return w
        w.todo = ()
        return self._resolve_symbol(w)

    def _a_dieroll(self, w: State, a: DieRoll) -> State:
        """Chance: one die rolled for fish, Larry or a jetstream (or rerolled by the Lucky
        Shell); its effect follows, after a chance to reroll it. Rules: PR-ITEM-SHELL-01..02."""
        head, rest = w.todo[0], w.todo[1:]
        if isinstance(head, RerollDie):
            w.events = self._ev(w, "reroll", w.seat, head.die, a.value)
            if head.purpose == "step2":
                w.turn = (replace_turn(w.turn, roll=a.value) if head.die == "movement"
                          else replace_turn(w.turn, symbol=a.value))
                w.todo = rest
            else:
                w.todo = (DieEffect(head.purpose, int(a.value)),) + rest
            return self._run(w)
        assert isinstance(head, RollDie)
        purpose = head.purpose
        nxt: Frame
        if self._usable(w, "lucky_shell"):
            nxt = OfferReroll(purpose, int(a.value))
        else:
            nxt = DieEffect(purpose, int(a.value))
        w.todo = (nxt,) + rest
        w.events = self._ev(w, "die", w.seat, purpose, a.value)
        return self._run(w)

    def _i_symbol(self, w: State, head, rest) -> State:
        """Resolve the turn's symbol (after a Lucky Shell decision on the roll). Rules: PR-RES-01, PR-DANGER-01."""
        w.todo = rest
        return self._resolve_symbol(w)

    def _resolve_symbol(self, w: State) -> State:
        """Step 2: resolve the Resource or Danger symbol of ``w.turn``, then start moving:
        fish (to spend this turn), a character put beside the boat (nothing if there is no
        room), Winds, a jetstream token placed where the boat is (none left: nothing), a
        blank. Rules: PR-RES-01..03, PR-RES-07, PR-DANGER-01..05, PR-DANGER-07, PR-FISH-06."""
        sym = w.turn.symbol
        if sym == "fish":  # PR-RES-02
            w.todo = (RollDie("gain"), BeginMove()) + w.todo
            return w
        if sym in ("maisy", "larry", "roberto"):
            c = CHARACTERS.index(sym)
            if self._adjacent_places(w, c):
                w.todo = (PutCharacter(c, "symbol"), BeginMove()) + w.todo
                return w
            # PR-DANGER-04: nowhere to put the character: nothing happens
            w.events = self._ev(w, "no_room", w.seat, sym)
        elif sym == "jetstream":  # PR-DANGER-05, PR-DANGER-07, PR-DANGER-08
            pos = w.boats[w.seat]
            if len(w.jets) < self.rules.jetstream_tokens and pos not in w.jets:
                w.jets = w.jets | {pos}
                w.turn = replace(w.turn, fresh_jet=pos)
                w.events = self._ev(w, "jet_placed", w.seat, pos)
        return self._begin_move(w)
