"""A tiny test-only game ("Pig to 20") that proves the core and the conformance suite.

Each turn the player rolls the die as often as they like; a 1 loses the turn's points,
holding banks them. First to the target wins; after ``max_turns`` turns each, the
highest bank wins (ties share). It has a chance node, choices, a turn structure and
events, which is all the core needs to exercise.
"""
from __future__ import annotations

from dataclasses import dataclass, replace
from typing import NamedTuple

from tabletop_nb.core import CHANCE, TERMINAL, BaseGame, Die, RulesBase, rule


@dataclass(frozen=True, slots=True)
class ToyRules(RulesBase):
    players: int = rule(2, min=2, max=4, doc="number of players")
    target: int = rule(20, min=5, max=100, doc="banked points that win at once")
    max_turns: int = rule(8, min=1, max=50, doc="turns per player before the game ends")
    die: Die = rule(Die([1, 2, 3, 4, 5, 6], name="d6"), doc="the die rolled")
    hold_bonus: bool = rule(False, doc="variant: +1 point each time you hold")
    pig_faces: tuple[int, ...] = rule((1,), doc="faces that lose the turn's points")
    seat0_bonus: int = rule(0, min=0, max=100, doc="points given to seat 0 at the end (a designer's test)")

    def validate(self):
        from tabletop_nb.core.errors import RulesError
        if not self.pig_faces or not set(self.pig_faces) <= set(self.die.outcomes):
            raise RulesError("pig_faces", f"must be faces of the die {list(self.die.outcomes)}")


class Decide(NamedTuple):
    choice: str  # "roll" or "hold"


class Roll(NamedTuple):
    face: int


@dataclass(frozen=True, slots=True)
class ToyState:
    banked: tuple
    pot: int
    player: int
    rolling: bool
    turns: int
    events: tuple = ()


class ToyGame(BaseGame):
    name = "toy"
    Rules = ToyRules
    max_actions = 10_000

    def setup(self):
        r = self.rules
        self._outcomes = [(Roll(f), p) for f, p in r.die.pmf.items()]

    def initial_state(self):
        return ToyState(banked=(0,) * self.num_players, pot=0, player=0, rolling=False, turns=0)

    def current_player(self, s):
        if s.turns >= self.rules.max_turns * self.num_players or max(s.banked) >= self.rules.target:
            return TERMINAL
        return CHANCE if s.rolling else s.player

    def legal_actions(self, s):
        if self.current_player(s) < 0:
            return []
        return [Decide("roll"), Decide("hold")] if s.pot else [Decide("roll")]

    def chance_outcomes(self, s):
        return list(self._outcomes) if s.rolling else []

    def _next_turn(self, s, banked, events):
        return replace(s, banked=banked, pot=0, rolling=False, player=(s.player + 1) % self.num_players,
                       turns=s.turns + 1, events=events)

    def apply_trusted(self, s, a):
        name = self.player_name(s.player)
        if isinstance(a, Roll):
            if a.face in self.rules.pig_faces:
                return self._next_turn(s, s.banked, (f"{name} rolled a {a.face} and lost {s.pot} points",))
            return replace(s, pot=s.pot + a.face, rolling=False, events=(f"{name} rolled {a.face}",))
        if a.choice == "roll":
            return replace(s, rolling=True, events=(f"{name} rolls",))
        gain = s.pot + (1 if self.rules.hold_bonus else 0)
        banked = s.banked[:s.player] + (s.banked[s.player] + gain,) + s.banked[s.player + 1:]
        return self._next_turn(s, banked, (f"{name} banked {gain} points",))

    def scores(self, s):
        if self.rules.seat0_bonus and self.current_player(s) == TERMINAL:
            return (s.banked[0] + self.rules.seat0_bonus,) + s.banked[1:]
        return s.banked

    def action_label(self, s, a):
        return f"roll a {a.face}" if isinstance(a, Roll) else a.choice.capitalize()

    def bots(self):
        return {"hold10": hold_at_10}

    def turn_count(self, s):
        return s.turns

    def summary(self, s):
        return {"banked": s.banked, "pot": tuple(s.pot if i == s.player else 0
                                                  for i in range(self.num_players))}

    def phase(self, s):
        return f"turn {s.turns // self.num_players + 1} of {self.rules.max_turns}"


def hold_at_10(game, state, rng):
    """A simple strategy bot: roll until the pot holds 10 or more."""
    return Decide("hold") if state.pot >= 10 else Decide("roll")


def load_game(**overrides):
    return ToyGame(**overrides)


CONFORMANCE = [dict(players=2), dict(players=3, target=30), dict(players=4, hold_bonus=True)]
