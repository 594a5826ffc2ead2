"""Exact odds (odds.py) against hand arithmetic, against simulation, and against the engine."""
from __future__ import annotations

import math
from fractions import Fraction

import numpy as np
import pytest

import tabletop_nb
from tabletop_nb.games.neko import odds

from neko_helpers import POST, REWARD, make_game, player, table

RULES = tabletop_nb.load_game("neko", players=4).rules


def close(exact: Fraction, hits: int, n: int) -> bool:
    """Within 4.5 standard errors (a false alarm about once in 150,000 checks)."""
    p = float(exact)
    se = math.sqrt(max(p * (1 - p), 1e-12) / n)
    return abs(hits / n - p) <= 4.5 * se + 1e-9


def test_lowest_die_exact_and_simulated():
    d = odds.lowest_die(RULES, 5)
    assert d.prob(1) == 1 - Fraction(5, 6) ** 5
    assert d.prob(6) == Fraction(1, 6 ** 5)
    assert sum(d.pmf.values()) == 1
    rng = np.random.default_rng(1)
    rolls = rng.integers(1, 7, size=(40_000, 5)).min(axis=1)
    for v in range(1, 7):
        assert close(d.prob(v), int((rolls == v).sum()), len(rolls)), v


def test_reward_options_match_the_engine():
    """The options odds.py assigns to a lowest die are exactly what the engine offers."""
    game = make_game(2)
    rng = np.random.default_rng(2)
    for _ in range(30):
        dice = tuple(sorted(int(x) for x in rng.integers(1, 7, size=5)))
        s = game.advance(table(game, [player(game, dice=dice, interference=1),
                                      player(game, dice=(6,))], phase=REWARD, frames=()))
        offered = {a.reward for a in game.legal_actions(s)}
        assert offered == set(odds._options(game.rules, min(dice)))
    chance = odds.reward_chance(RULES, "card", 5)
    assert chance == 1 - Fraction(5, 6) ** 5
    assert odds.reward_chance(RULES, "coins", 5) == 1
    assert odds.reward_chance(RULES, "fuel", 5) == 1 - Fraction(1, 6) ** 5


def test_dice_total_exact_and_simulated():
    d = odds.dice_total(RULES, 5)
    assert d.mean == Fraction(35, 2) and d.prob(5) == Fraction(1, 6 ** 5)
    rng = np.random.default_rng(3)
    totals = rng.integers(1, 7, size=(40_000, 5)).sum(axis=1)
    for v in (10, 15, 17, 18, 22):
        assert close(d.prob(v), int((totals == v).sum()), len(totals)), v


@pytest.mark.parametrize("players,previous", [(2, 0), (3, 1), (4, 3)])
def test_turn_order_place_against_the_engine(players, previous):
    """Random dice for every player, the engine's Set Turn Order, and the exact place odds of
    the player who was ``previous``-th (ties to the earlier previous place)."""
    game = make_game(players)
    exact = odds.turn_order_place(game.rules, None, previous=previous, n=5)
    assert sum(exact.pmf.values()) == 1
    rng = np.random.default_rng(10 + players)
    order = tuple(range(players))
    me = order[previous]
    counts = {k: 0 for k in range(1, players + 1)}
    n = 2500
    for _ in range(n):
        ps = [player(game, dice=tuple(sorted(int(x) for x in rng.integers(1, 7, size=5))))
              for _ in range(players)]
        s = game.advance(table(game, ps, phase=POST, frames=(), order=order))
        counts[s.order.index(me) + 1] += 1
    for place, hits in counts.items():
        assert close(exact.prob(place), hits, n), (place, hits)


def test_turn_order_place_given_a_total():
    """With a known total: first for sure with 30 unless an earlier player ties at 30."""
    rules = make_game(3).rules
    first = odds.turn_order_place(rules, 30, previous=0)
    assert first.prob(1) == 1
    d = odds.turn_order_place(rules, 5, previous=2)
    assert d.prob(3) == 1                                     # 5 is the least: everyone ties or beats
    assert odds.first_player_chance(rules, 30, previous=0) == 1


def test_reach_and_reroll_chances():
    assert [odds.steps(a, b) for a, b in ((1, 6), (6, 1), (2, 5), (4, 4))] == [1, 1, 3, 0]
    assert odds.reach_chance(RULES, {1}) == Fraction(1, 6)
    assert odds.reach_chance(RULES, {1}, fuel=1) == Fraction(3, 6)      # 6, 1, 2
    assert odds.reach_chance(RULES, {1, 4}, fuel=1) == 1
    assert odds.any_die_reaches(RULES, {2}, 3) == 1 - Fraction(5, 6) ** 3
    rng = np.random.default_rng(4)
    rolls = rng.integers(1, 7, size=30_000)
    for targets, fuel in (({1}, 1), ({3, 5}, 0), ({6}, 2)):
        hits = sum(1 for v in rolls if min(odds.steps(int(v), t) for t in targets) <= fuel)
        assert close(odds.reach_chance(RULES, targets, fuel), hits, len(rolls))


def test_odds_follow_a_changed_die():
    """The odds use the rules' die: a die with two 1s changes them."""
    game = tabletop_nb.load_game("neko", players=2, die=tabletop_nb.Die([1, 1, 3, 4, 5, 6]))
    assert odds.reach_chance(game.rules, {1}) == Fraction(1, 3)
    assert odds.lowest_die(game.rules, 1).prob(2) == 0
