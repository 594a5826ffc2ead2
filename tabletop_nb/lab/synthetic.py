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

__all__ = ["KnownOddsGame", "KnownOddsRules", "true_win_rates", "true_turns", "load_game",
           "DecoyOddsGame", "DecoyOddsRules", "DECOY_RULES"]


@dataclass(frozen=True, slots=True)
class KnownOddsRules(RulesBase):
    """The rules of Known Odds (see the module's docstring).

    Attributes
    ----------
    players : int, default 4
        Number of players (2 to 6).
    edge : int, default 8
        Percentage points that seat 0 wins above a fair ``1/players`` (-20 to 40).
    handicap : int, default 0
        Percentage points given back to the other seats (0 to 40): the setting is fair
        exactly when ``handicap == edge``.
    rounds : int, default 10
        Mean length in rounds: a game lasts ``rounds * players`` turns on average.
    spread : int, default 4
        Turns the length varies by around its mean, each way (below ``rounds * players``).

    Examples
    --------
    >>> rules = KnownOddsRules(players=2, edge=10)
    >>> rules
    KnownOddsRules(players=2, edge=10, handicap=0, rounds=10, spread=4)
    >>> true_win_rates(rules.replace(handicap=10))
    (Fraction(1, 2), Fraction(1, 2))
    >>> KnownOddsRules(players=2, spread=20)
    Traceback (most recent call last):
    ...
    tabletop_nb.core.errors.RulesError: rules.spread: must be below rounds x players (20)
    """

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
    """Each seat's exact chance to win under ``rules``.

    Parameters
    ----------
    rules : KnownOddsRules
        The rules of a Known Odds game.

    Returns
    -------
    tuple of Fraction
        One exact probability per seat, seat 0 first; they add up to 1.

    Examples
    --------
    >>> true_win_rates(KnownOddsRules(players=2, edge=10))
    (Fraction(3, 5), Fraction(2, 5))
    >>> true_win_rates(KnownOddsRules(players=2, edge=10, handicap=10))
    (Fraction(1, 2), Fraction(1, 2))
    """
    n = rules.players
    p0 = Fraction(1, n) + Fraction(rules.edge - rules.handicap, 100)
    rest = (1 - p0) / (n - 1)
    return (p0,) + (rest,) * (n - 1)


def true_turns(rules: KnownOddsRules) -> Fraction:
    """The exact mean length of a game in turns.

    Parameters
    ----------
    rules : KnownOddsRules
        The rules of a Known Odds game.

    Returns
    -------
    Fraction
        ``rounds * players`` (the length is uniform in ``mean - spread .. mean + spread``).

    Examples
    --------
    >>> true_turns(KnownOddsRules(players=3, rounds=5))
    Fraction(15, 1)
    """
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
    """Two chance nodes, no decisions: the winner, then the length.

    Parameters
    ----------
    rules : KnownOddsRules, optional
        The rules; by default ``KnownOddsRules()`` (4 players, ``edge=8``, no handicap).
    **overrides
        Rules to change (``players=2``, ``handicap=8``, ...), validated like any rule
        change.

    Examples
    --------
    >>> game = KnownOddsGame(players=2, edge=10)
    >>> game.num_players
    2
    >>> game.chance_outcomes(game.initial_state())   # who wins, with exact odds
    [(Winner(seat=0), Fraction(3, 5)), (Winner(seat=1), Fraction(2, 5))]
    >>> game.with_rules(handicap=10).rules
    KnownOddsRules(players=2, edge=10, handicap=10, rounds=10, spread=4)
    """

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
    """Known Odds with some rules changed (``players`` included).

    Parameters
    ----------
    **overrides
        Rules of :class:`KnownOddsRules` to change.

    Returns
    -------
    KnownOddsGame

    Examples
    --------
    >>> load_game(players=2, handicap=8).rules
    KnownOddsRules(players=2, edge=8, handicap=8, rounds=10, spread=4)
    """
    return KnownOddsGame(**overrides)


#: the rules of :class:`DecoyOddsGame` that change nothing about its odds
DECOY_RULES = ("decoy_order", "decoy_reversed", "spread")


@dataclass(frozen=True, slots=True)
class DecoyOddsRules(KnownOddsRules):
    """Known Odds with two rules that move nothing (for checking :func:`tabletop_nb.levers`).

    ``decoy_order`` rotates, and ``decoy_reversed`` reverses, the order in which the
    winner's chance outcomes are listed. The odds stay exactly those of
    :func:`true_win_rates` (the same list, in another order), but the same seed now
    gives another winner, so a change of a decoy plays *different* games on the same
    seeds: a lever search must find that it moves nothing from noisy paired games, not
    from identical ones. ``spread`` changes the length's variance, never its mean, nor
    who wins: a third rule that moves no goal number's mean.

    Attributes
    ----------
    decoy_order : int, default 0
        How far the winner's outcomes are rotated (0 to 5).
    decoy_reversed : bool, default False
        Whether they are listed in reverse.

    Examples
    --------
    >>> r = DecoyOddsRules(players=3, decoy_order=1, decoy_reversed=True)
    >>> true_win_rates(r) == true_win_rates(KnownOddsRules(players=3))
    True
    """

    decoy_order: int = rule(0, min=0, max=5, doc="rotation of the winner's outcomes (moves no odds)")
    decoy_reversed: bool = rule(False, doc="the winner's outcomes listed in reverse (moves no odds)")


class DecoyOddsGame(KnownOddsGame):
    """Known Odds with rules that move nothing (:class:`DecoyOddsRules`).

    Parameters
    ----------
    rules : DecoyOddsRules, optional
        The rules; by default ``DecoyOddsRules()`` (as :class:`KnownOddsRules`' defaults,
        decoys unset: ``decoy_order=0``, ``decoy_reversed=False``).
    **overrides
        Rules to change (``players=2``, ``decoy_reversed=True``, ...), validated like any
        rule change.

    Examples
    --------
    >>> g = DecoyOddsGame(players=2, edge=10, decoy_reversed=True)
    >>> g.chance_outcomes(g.initial_state())     # the same odds, listed the other way
    [(Winner(seat=1), Fraction(2, 5)), (Winner(seat=0), Fraction(3, 5))]
    """

    name = "decoy_odds"
    Rules = DecoyOddsRules

    def setup(self) -> None:
        super().setup()
        r = cast(DecoyOddsRules, self.rules)
        w = list(self._winners)
        k = r.decoy_order % len(w)
        w = w[k:] + w[:k]
        self._winners = w[::-1] if r.decoy_reversed else w
