"""A game whose balance is known by construction, for checking the balance search.

"Known Odds" is not a board game: one chance node names the winner and one the length,
with probabilities that are exact functions of the rules. So for every setting of its
rules the true seat win rates and the true mean length are known in advance, and a
balance study of it can be scored against the truth (``benchmarks/bench_balance.py``
repeats studies hundreds of times and counts how often the tool's pick truly misses a
goal).

The rules:

- ``edge``: percentage points that seat 0 wins above a fair ``1/players``, taken evenly
  from the other seats (the "first-player advantage" a designer wants to remove);
- ``handicap``: percentage points given back (seat 0 wins ``1/players + (edge -
  handicap)/100``): the setting is fair exactly when ``handicap == edge``;
- ``rounds``: the game lasts ``rounds * players + k`` turns, ``k`` uniform in
  ``-spread..spread``: the true mean length is ``rounds * players``;
- ``spread``: how much the length varies around its mean.

>>> game = KnownOddsGame(KnownOddsRules(players=4, edge=6, handicap=2))
>>> [str(p) for p in true_win_rates(game.rules)]
['29/100', '71/300', '71/300', '71/300']
>>> true_turns(game.rules)
Fraction(40, 1)
"""
from __future__ import annotations

from dataclasses import dataclass, replace
from fractions import Fraction
from typing import NamedTuple, cast

from ..core.protocol import CHANCE, TERMINAL, BaseGame
from ..core.rules import RulesBase, rule

__all__ = ["KnownOddsGame", "KnownOddsRules", "true_win_rates", "true_turns", "load_game"]


@dataclass(frozen=True, slots=True)
class KnownOddsRules(RulesBase):
    """The rules of Known Odds (see the module's docstring)."""

    players: int = rule(4, min=2, max=6, doc="number of players")
    edge: int = rule(8, min=-20, max=40, doc="percentage points seat 0 wins above a fair share")
    handicap: int = rule(0, min=0, max=40, doc="percentage points given back to the other seats")
    rounds: int = rule(10, min=1, max=60, doc="mean length in rounds (turns = rounds x players)")
    spread: int = rule(4, min=0, max=40, doc="turns the length varies by around its mean, each way")

    def validate(self) -> None:
        from ..core.errors import RulesError
        p0 = true_win_rates(self)[0]
        if not 0 <= p0 <= 1:
            raise RulesError("edge", f"seat 0 would win with probability {p0}: edge - handicap must keep it "
                                     f"between 0 and 1")
        if self.spread >= self.rounds * self.players:
            raise RulesError("spread", f"must be below rounds x players ({self.rounds * self.players})")


def true_win_rates(rules: KnownOddsRules) -> tuple[Fraction, ...]:
    """Each seat's exact chance to win under ``rules``."""
    n = rules.players
    p0 = Fraction(1, n) + Fraction(rules.edge - rules.handicap, 100)
    rest = (1 - p0) / (n - 1)
    return (p0,) + (rest,) * (n - 1)


def true_turns(rules: KnownOddsRules) -> Fraction:
    """The exact mean length of a game in turns."""
    return Fraction(rules.rounds * rules.players)


class Winner(NamedTuple):
    """Chance: the seat that wins."""

    seat: int


class Length(NamedTuple):
    """Chance: how many turns the game lasted."""

    turns: int


@dataclass(frozen=True, slots=True)
class KnownOddsState:
    """Who won (None until drawn) and the length (0 until drawn)."""

    winner: int | None = None
    turns: int = 0
    events: tuple = ()


class KnownOddsGame(BaseGame):
    """Two chance nodes, no decisions: the winner, then the length."""

    name = "known_odds"
    Rules = KnownOddsRules

    def setup(self) -> None:
        r = cast(KnownOddsRules, self.rules)
        self._winners = [(Winner(k), p) for k, p in enumerate(true_win_rates(r)) if p > 0]
        mean = r.rounds * r.players
        k = 2 * r.spread + 1
        self._lengths = [(Length(t), Fraction(1, k)) for t in range(mean - r.spread, mean + r.spread + 1)]

    def initial_state(self) -> KnownOddsState:
        return KnownOddsState()

    def current_player(self, s: KnownOddsState) -> int:
        return TERMINAL if s.turns else CHANCE

    def legal_actions(self, s: KnownOddsState) -> list:
        return []

    def chance_outcomes(self, s: KnownOddsState) -> list:
        if s.turns:
            return []
        return list(self._winners if s.winner is None else self._lengths)

    def apply_trusted(self, s: KnownOddsState, a) -> KnownOddsState:
        if isinstance(a, Winner):
            return replace(s, winner=a.seat, events=(f"{self.player_name(a.seat)} wins",))
        return replace(s, turns=a.turns, events=(f"the game lasted {a.turns} turns",))

    def scores(self, s: KnownOddsState) -> tuple:
        return tuple(int(k == s.winner) for k in range(self.num_players))

    def turn_count(self, s: KnownOddsState) -> int:
        return s.turns

    def action_label(self, s: KnownOddsState, a) -> str:
        if isinstance(a, Winner):
            return f"{self.player_name(a.seat)} wins"
        return f"{a.turns} turns"


def load_game(**overrides) -> KnownOddsGame:
    """Known Odds with some rules changed (``players`` included)."""
    return KnownOddsGame(**overrides)
