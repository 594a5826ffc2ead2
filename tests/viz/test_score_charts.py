"""Score charts of one game and balance charts of a simulate table (exact values)."""
from __future__ import annotations

import pandas as pd
import plotly.graph_objects as go
import pytest

import tabletop_nb
from tabletop_nb.viz import (score_distribution, scores_over_time, wilson_interval,
                             win_rate_table, win_rates)


def _table():
    """Four hand-made games of two seats; seat 0 (greedy) wins 3, one shared."""
    rows = [  # game, seat, bot, score, rank, winner, shared_win
        (0, 0, "greedy", 10, 1, True, False), (0, 1, "random", 4, 2, False, False),
        (1, 0, "greedy", 8, 1, True, False), (1, 1, "random", 7, 2, False, False),
        (2, 0, "greedy", 5, 1, True, True), (2, 1, "random", 5, 1, True, True),
        (3, 0, "greedy", 3, 2, False, False), (3, 1, "random", 9, 1, True, False),
    ]
    df = pd.DataFrame(rows, columns=["game", "seat", "bot", "score", "rank", "winner", "shared_win"])
    df["seed"], df["spawn_key"], df["turns"], df["actions"] = 1, df["game"].astype(str), 10, 30
    return df


def test_wilson_interval_known_values():
    assert wilson_interval(50, 100) == pytest.approx((0.4038, 0.5962), abs=1e-4)
    lo, hi = wilson_interval(0, 10)
    assert lo == 0 and hi == pytest.approx(0.2775, abs=1e-4)
    assert wilson_interval(0, 0) == (0.0, 1.0)


def test_win_rate_table_by_seat_and_bot():
    t = win_rate_table(_table(), by="seat")
    assert t["seat"].tolist() == [0, 1]
    assert t["played"].tolist() == [4, 4] and t["wins"].tolist() == [3, 2]
    assert t["rate"].tolist() == [0.75, 0.5]
    assert (t["low"].iloc[0], t["high"].iloc[0]) == pytest.approx(wilson_interval(3, 4))
    ex = win_rate_table(_table(), by="bot", shared="exclude")
    assert ex["bot"].tolist() == ["greedy", "random"] and ex["wins"].tolist() == [2, 1]


def test_win_rates_figure_has_intervals_and_fair_share():
    fig = win_rates(_table(), by="seat")
    bar = fig.data[0]
    assert list(bar.x) == ["seat 0", "seat 1"] and list(bar.y) == [0.75, 0.5]
    lo, hi = wilson_interval(3, 4)
    assert bar.error_y.array[0] == pytest.approx(hi - 0.75)
    assert bar.error_y.arrayminus[0] == pytest.approx(0.75 - lo)
    assert any(s.y0 == 0.5 for s in fig.layout.shapes)  # fair share of two seats
    assert "4 games" in fig.layout.title.text
    by_bot = win_rates(_table(), by="bot")
    assert list(by_bot.data[0].x) == ["greedy", "random"]


def test_score_distribution_boxes_and_histogram():
    fig = score_distribution(_table(), by="seat")
    b0 = fig.data[0]
    s0 = pd.Series([10, 8, 5, 3], dtype=float)
    assert b0.median[0] == s0.median() and b0.q1[0] == s0.quantile(0.25)
    assert b0.mean[0] == s0.mean()
    hist = score_distribution(_table(), by="bot", kind="histogram")
    assert [t.name for t in hist.data] == ["greedy", "random"]
    assert sum(hist.data[0].y) == pytest.approx(1.0)
    with pytest.raises(ValueError):
        score_distribution(_table(), by="colour")
    with pytest.raises(ValueError, match="missing columns"):
        win_rates(pd.DataFrame({"x": [1]}))


def test_charts_of_a_real_simulation(game_name):
    game = tabletop_nb.load_game(game_name)
    df = tabletop_nb.simulate(game, "random", games=12, seed=1, progress=False)
    t = win_rate_table(df, by="seat")
    assert t["played"].tolist() == [12] * game.num_players
    assert t["wins"].sum() == df["winner"].sum()
    for fig in (win_rates(df), win_rates(df, by="bot"), score_distribution(df),
                score_distribution(df, kind="histogram")):
        assert isinstance(fig, go.Figure) and len(fig.to_json()) < 100_000


def test_scores_over_time_of_a_record(game_name):
    game = tabletop_nb.load_game(game_name)
    rec = tabletop_nb.play(game, "random", seed=4)
    fig = scores_over_time(game, rec)
    states = tabletop_nb.replay(game, rec)
    assert len(fig.data) == game.num_players
    assert [t.name for t in fig.data] == [game.player_name(i) for i in range(game.num_players)]
    assert list(fig.data[0].x) == list(range(len(states)))
    final = game.scores(states[-1])
    for seat, tr in enumerate(fig.data):
        v = final[seat][0] if isinstance(final[seat], tuple) else final[seat]
        assert tr.y[-1] == pytest.approx(float(v))
