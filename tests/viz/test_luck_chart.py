"""The luck chart (issue 41) from its figure data: one line per seat through the analysis'
points, the big errors and the luckiest and unluckiest rolls marked where they happened,
hover text in the game's words, and every point naming its position for a click."""
from __future__ import annotations

import html

import pytest

import tabletop_nb as tt
from tabletop_nb.viz.luck import luck_chart, turning_points_table


@pytest.fixture(scope="module")
def analysis():
    game = tt.load_game("pacal", players=2)
    rec = tt.play(game, ["greedy", "random"], seed=3)
    # truncated rollouts and few worlds: the chart's shape, quickly
    return tt.analyse(game, rec, rollouts=4, alternatives=2, horizon=20, executor="serial",
                      progress=False)


def test_one_line_per_seat_through_its_points(analysis):
    fig = luck_chart(analysis)
    game = analysis.game
    for seat in range(game.num_players):
        line = fig.data[seat]
        pts = [p for p in analysis.curve if p[1] == seat]
        assert line.name == game.player_name(seat)
        assert list(line.x) == [p[0] for p in pts] and list(line.customdata) == list(line.x)
        assert list(line.y) == pytest.approx([100 * p[2] for p in pts])
        assert line.y[-1] in (0, 50, 100)  # the end: a win, a shared win or a loss
        for x, text in zip(line.x, line.text):
            if x:
                assert html.escape(analysis.labels[x - 1], quote=False) in text  # in the game's words


def test_big_errors_and_extreme_rolls_are_marked(analysis):
    fig = luck_chart(analysis)
    errors, rolls = fig.data[-2], fig.data[-1]
    big = [d for d in analysis.decisions if d.tag]
    assert list(errors.x) == [d.index + 1 for d in big]
    assert all(d.tag in t and html.escape(d.label, quote=False) in t for d, t in zip(big, errors.text))
    lucky, unlucky = analysis.luckiest(), analysis.unluckiest()
    assert list(rolls.x) == [lucky.index + 1, unlucky.index + 1]
    assert "luckiest" in rolls.text[0] and html.escape(lucky.label, quote=False) in rolls.text[0]
    assert "unluckiest" in rolls.text[1] and html.escape(unlucky.label, quote=False) in rolls.text[1]
    assert fig.layout.yaxis.range == (-3, 103)
    assert len(fig.to_json()) < 100_000


def test_turning_points_table_escapes_and_lists_each(analysis):
    html = turning_points_table(analysis)
    assert html.count("<tr>") == 1 + len(analysis.turning_points)
    assert "<script" not in html
