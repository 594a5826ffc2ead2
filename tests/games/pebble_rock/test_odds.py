"""Exact odds (odds.py) against the engine itself: movement for each dice choice, the chance
to reach a space this turn (fish included), and Larry's cost, each checked by simulation."""
from fractions import Fraction
from math import sqrt

import numpy as np
import pytest
from pebble_rock_helpers import game_with

import tabletop_nb
from tabletop_nb import CHANCE
from tabletop_nb.games.pebble_rock import odds
from tabletop_nb.games.pebble_rock.state import ChooseDice

N = 3000


def close(p_exact, hits, n=N, sigmas=4.5):
    p = float(p_exact)
    return abs(hits / n - p) <= sigmas * sqrt(max(p * (1 - p), 1e-4) / n) + 1e-9


@pytest.fixture(scope="module")
def game():
    return tabletop_nb.load_game("pebble_rock", players=2)


def roll_until_move(game, s, rng, place):
    """From a ChooseDice'd state: sample every chance node, make ``place`` choose where a
    character goes, until the boat may move."""
    while s.phase != "move" or s.todo:
        if game.current_player(s) == CHANCE:
            s = game.apply_trusted(s, game.sample_chance(s, rng))
        else:
            s = game.apply_trusted(s, place(game.legal_actions(s)))
    return s


def test_movement_distributions_exact_and_simulated(game):
    """Movement per dice choice (Winds doubling) matches the engine's rolls."""
    rng = np.random.default_rng(1)
    s0 = game.position(scores=[0, 5])  # seat 0 alone last
    for choice in odds.CHOICES:
        exact = odds.movement(game, choice)
        assert sum(exact.pmf.values()) == 1
        counts = {}
        for _ in range(N):
            s = game.apply(s0, ChooseDice(choice))
            s = roll_until_move(game, s, rng, lambda legal: legal[0])
            counts[s.steps] = counts.get(s.steps, 0) + 1
        assert set(counts) <= set(exact.outcomes)
        for v, p in exact.pmf.items():
            assert close(p, counts.get(v, 0)), (choice, v, p, counts.get(v, 0))
    steady = odds.movement(game, "steady")
    r = game.rules
    assert steady.mean == r.steady_die.mean * (1 + r.resource_die.prob("winds"))
    assert odds.movement(game, "speedy") == game.rules.speedy_die.map(lambda v: v, name="speedy movement")


def test_reach_probability_exact_and_simulated(game):
    """The chance to reach a space this turn, spending fish, matches playing it out."""
    info = game.info
    start = info.docks_sorted[0]
    far = sorted(range(info.n), key=lambda x: -info.dist[start][x])
    target = next(x for x in range(info.n) if info.dist[start][x] == 7 and x not in info.docks)
    route = {x for x in range(info.n) if info.dist[start][x] + info.dist[x][target] <= 9}
    away = [x for x in far if x not in route and x not in info.docks]
    # the table as a teacher sets it up: "from here, what are my odds?"
    s0 = game.position(boats=[start, away[3]], scores=[0, 5], fish=[2, 3],
                       characters=dict(maisy=away[0], larry=away[1], roberto=away[2]))
    for i, choice in enumerate(odds.CHOICES):
        exact = odds.reach_probability(game, start, target, choice, fish=2)
        # played_reach plays every turn through the engine (rolls as chance nodes, characters
        # put off the route, a shortest route sailed step by step, fish spent at the end)
        played = odds.played_reach(game, s0, target, choice, trials=N, rng=2 + i)
        assert close(exact, round(played * N)), (choice, exact, played)
    assert odds.reach_probability(game, start, start, "steady") == 1


def test_reach_map_is_reach_probability_everywhere(game):
    """The heat map gives each space its reach probability; blocked spaces get 0."""
    info = game.info
    start = info.docks_sorted[2]
    m = odds.reach_map(game, start, "speedy", fish=1, blocked=[5])
    for sp in range(info.n):
        expect = Fraction(0) if sp == 5 else odds.reach_probability(game, start, sp, "speedy", fish=1)
        assert m[sp] == expect
    assert m[start] == 1 and min(m.values()) == 0


def test_reach_counts_resource_fish_and_larry():
    """The reach distribution includes the Resource fish (plus Gear) and Larry's theft, and
    under winds_doubles="all" a fish buys two spaces on Winds."""
    game = game_with(2)  # test dice: Steady 1-6, Resource fish/maisy/winds/3 blanks, Fish 0-3
    r = odds.reach(game, "steady", fish=0)
    # a 6 with the fish symbol and a 3 on the Fish die: 9 spaces
    assert r.prob(9) >= Fraction(1, 6 * 6 * 4)
    assert r.prob(lambda v: v > 12) == 0 and r.prob(12) == Fraction(1, 36)  # 6 doubled
    sp = odds.reach(game, "speedy", fish=3)
    assert sp.prob(12 + 3) == Fraction(1, 6) * (Fraction(5, 6) + Fraction(1, 6) * Fraction(1, 4))
    doubled = odds.reach(game.with_rules(winds_doubles="all"), "steady", fish=2)
    assert doubled.prob(12 + 4) == Fraction(1, 36)


def test_larry_expected_loss_exact_and_simulated(game):
    """Expected fish lost to Larry's symbol (Speedy + Danger) matches the engine."""
    rng = np.random.default_rng(3)
    for fish in (0, 1, 3, 6):
        exact = odds.expected_fish_lost(game, "speedy", fish)
        assert odds.larry_loss(game, fish).mean * game.rules.danger_die.prob("larry") == exact
        s0 = game.position(fish=[fish, 3])
        lost = 0
        for _ in range(N):
            s = roll_until_move(game, game.apply(s0, ChooseDice("speedy")), rng,
                                lambda legal: legal[0])
            lost += fish - s.players[0].fish
        sd = sqrt(float(odds.larry_loss(game, fish).variance) + 1.0)
        assert abs(lost / N - float(exact)) <= 4.5 * sd / sqrt(N), (fish, exact, lost / N)
    assert odds.expected_fish_lost(game, "steady", 5) == 0


def test_choice_table_rows(game):
    rows = odds.choice_table(game, fish=3)
    assert [r["choice"] for r in rows] == list(odds.CHOICES)
    assert rows[0]["mean movement"] == odds.movement(game, "steady").mean
    assert rows[1]["expected fish lost to Larry"] > 0 and rows[0]["expected fish lost to Larry"] == 0
