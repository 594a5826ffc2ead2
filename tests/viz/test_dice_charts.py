"""Dice charts: exact bars, simulated histograms, running frequencies (exact values)."""
from __future__ import annotations

from fractions import Fraction

import numpy as np
import plotly.graph_objects as go
import pytest

from tabletop_nb import Die
from tabletop_nb.viz import (combine_dice, dice_odds, event_probability, roll_dice,
                             running_frequency)

D6 = Die(range(1, 7), name="d6")
STEADY = Die([1, 1, 2, 2, 3, 4], name="steady")
FISH = Die(["fish", "blank", "blank"], name="fish")


def test_exact_bars_of_one_die():
    fig = dice_odds(STEADY)
    assert isinstance(fig, go.Figure)
    exact, sim, labels = fig.data
    assert list(exact.x) == ["1", "2", "3", "4"]
    assert list(exact.text) == ["1/3", "1/3", "1/6", "1/6"]
    assert list(exact.y) == [1 / 3, 1 / 3, 1 / 6, 1 / 6]
    assert list(sim.y) == [] and sim.name == "simulated: 0 rolls"
    assert exact.name == "exact odds (from the faces)"
    assert list(labels.text) == ["1/3", "1/3", "1/6", "1/6"] and list(labels.y) == list(exact.y)


def test_simulated_histogram_overlays_the_exact_bars():
    fig = dice_odds([D6, D6], rolls=3000, rng=7)
    exact, sim, labels = fig.data
    assert list(exact.x) == [str(v) for v in range(2, 13)]
    assert exact.text[5] == "1/6"
    totals, _ = roll_dice([D6, D6], 3000, rng=7)
    expected = [(totals == v).sum() / 3000 for v in range(2, 13)]
    assert list(sim.y) == pytest.approx(expected)
    assert sum(sim.y) == pytest.approx(1.0)
    assert fig.layout.barmode == "overlay"
    # the exact labels sit above the bar or the simulated marker, whichever is higher,
    # drawn after both, and inside the y range
    assert list(labels.y) == pytest.approx([max(e, f) for e, f in zip(exact.y, sim.y)])
    assert [t.name for t in fig.data][-1] == "exact fractions"
    assert fig.layout.yaxis.range[1] > max(labels.y) * 1.1
    assert sim.type == "scatter" and sim.mode == "markers"
    # rolls can also be given directly
    again = dice_odds([D6, D6], rolls=list(totals))
    assert list(again.data[1].y) == pytest.approx(expected)


def test_roll_dice_is_seeded_and_adds_faces():
    t1, f1 = roll_dice([D6, STEADY], 100, rng=3)
    t2, f2 = roll_dice([D6, STEADY], 100, rng=3)
    assert (t1 == t2).all() and (t1 == f1[0] + f1[1]).all()
    assert set(np.unique(f1[1])) <= {1, 2, 3, 4}


def test_symbol_dice_combine_jointly():
    j = combine_dice([FISH, D6])
    assert j.prob(("fish", 3)) == Fraction(1, 18)
    fig = dice_odds([FISH, D6], rolls=90, rng=1)
    assert fig.data[0].x[0] == "fish · 1"
    assert sum(fig.data[1].y) == pytest.approx(1.0)


def test_event_probability_views():
    two = [D6, D6]
    assert event_probability(two, 10, "at_least") == Fraction(1, 6)
    assert event_probability(two, 4, "at_most") == Fraction(1, 6)
    assert event_probability(two, 7, "exactly") == Fraction(1, 6)
    assert event_probability(FISH, "fish", "exactly") == Fraction(1, 3)
    with pytest.raises(ValueError):
        event_probability(FISH, "fish", "at_least")


@pytest.mark.parametrize("view,k,p", [("at_least", 5, Fraction(1, 3)), ("at_most", 2, Fraction(1, 3)),
                                      ("exactly", 6, Fraction(1, 6))])
def test_running_frequency_converges_to_the_exact_line(view, k, p):
    fig = running_frequency(D6, k, rolls=20_000, rng=11, view=view)
    band, exact, run = fig.data
    assert list(exact.y) == [float(p), float(p)]
    rolls, _ = roll_dice(D6, 20_000, rng=11)
    test = {"at_least": rolls >= k, "at_most": rolls <= k, "exactly": rolls == k}[view]
    assert run.x[-1] == 20_000 and run.y[-1] == pytest.approx(test.mean())
    assert run.y[0] == float(test[0])
    assert abs(run.y[-1] - float(p)) < 0.01  # 20000 rolls: within a hundredth
    assert len(run.x) <= 400  # thinned: the figure stays small
    assert fig.layout.xaxis.type == "log"
    lo_band = min(band.y)
    assert 0 <= lo_band < float(p) < max(band.y) <= 1


def test_running_frequency_of_a_symbol():
    fig = running_frequency(FISH, "fish", rolls=300, rng=2, view="exactly")
    assert fig.data[1].y[0] == pytest.approx(1 / 3)
    with pytest.raises(ValueError):
        running_frequency(FISH, "fish", rolls=10, view="sideways")


def test_bad_dice_input():
    with pytest.raises(TypeError):
        dice_odds([1, 2, 3])
    with pytest.raises(ValueError):
        dice_odds([])


def test_the_real_dice_of_every_game_chart(game_name):
    import tabletop_nb
    game = tabletop_nb.load_game(game_name)
    for name, die in game.dice.items():
        fig = dice_odds(die, rolls=200, rng=1)
        assert [Fraction(t) for t in fig.data[0].text] == list(die.pmf.values())
        assert sum(fig.data[1].y) == pytest.approx(1.0)
        assert len(fig.to_json()) < 100_000


def test_many_outcomes_keep_their_fractions_in_the_hover_only():
    fig = dice_odds([D6] * 6)  # 31 totals: labels would run into each other
    exact, _, labels = fig.data
    assert set(labels.text) == {""} and "hover" in exact.name
    assert exact.customdata[0] == "1/46656"
