"""The balance search's charts: each figure's data on real (synthetic-game) results, the
degenerate results (no finalists, one goal, everything out, interrupted), size and text
limits, and LiveRace updating one FigureWidget in place."""
import json
import math
import warnings

import pandas as pd
import plotly.graph_objects as go
import pytest

from tabletop_nb import TabletopError
from tabletop_nb.lab import balance_charts as bc
from tabletop_nb.lab.balance import BalanceResult, balance
from tabletop_nb.lab.synthetic import load_game


@pytest.fixture(scope="module")
def result():
    """40 settings, two goals: settings leave the race in round 1, others race on (a 0.15
    fairness band, so that the rest of the budget could still show a setting inside it)."""
    g = load_game(players=4, edge=8, rounds=10)
    return balance(g, {"handicap": range(0, 16, 2), "rounds": [6, 7, 8, 9, 10]}, {"fair": 0.15, "turns": (30, 3)},
                   bots="random", seed=1, budget=12000, batch=200, confirm_games=600, progress=False,
                   executor="serial")


@pytest.fixture(scope="module")
def one_goal():
    g = load_game(players=3, edge=6, rounds=8)
    return balance(g, {"handicap": [0, 3, 6, 9]}, {"fair": 0.04}, bots="random", seed=2, budget=2400, batch=200,
                   confirm_games=300, progress=False, executor="serial")


@pytest.fixture(scope="module")
def all_out():
    """Every setting misses the length: all leave in the first round, no finalists."""
    g = load_game(players=2, edge=0, rounds=10)
    return balance(g, {"rounds": [3, 4, 5]}, {"turns": (40, 2)}, bots="random", seed=3, budget=1500, batch=200,
                   confirm_games=200, progress=False, executor="serial")


def interrupted(res):
    """The same result as an interrupted study leaves it: no finalists, verdict interrupted."""
    info = dict(res.info, verdict="interrupted", best=None)
    return BalanceResult(info, res.candidates, res.history, res.finalists.iloc[0:0])


def size_kb(fig):
    return len(fig.to_json()) / 1024


def check_house_style(fig):
    lay = fig.layout
    assert lay.autosize is True and lay.width is None
    assert lay.font.size >= 11
    for a in lay.annotations:
        assert a.font.size is None or a.font.size >= 11
    if lay.legend.font.size is not None:
        assert lay.legend.font.size >= 11
    for t in fig.data:
        tf = getattr(t, "textfont", None)
        if tf is not None and tf.size is not None:
            assert tf.size >= 11
    assert size_kb(fig) < 100


def message_of(fig):
    return " ".join(a.text for a in fig.layout.annotations)


# ------------------------------------------------------------------- the race
def test_race_figure_greys_the_settings_that_left(result):
    c = result.candidates
    fig = result.race_figure("turns")
    check_house_style(fig)
    out = set(c.label[c.status == "out"])
    assert out, "the study should put some settings out"
    exits = next(t for t in fig.data if t.name and t.name.startswith("left the race"))
    assert exits.marker.color == bc.OUT
    left = {t.split(":")[0] for t in exits.text}
    finals = set(result.finalists.label)
    assert left == out - finals
    # the hover says why, in the candidates' own words
    reasons = dict(zip(c.label, c.reason))
    for t in exits.text:
        label = t.split(":")[0]
        assert reasons[label].split(":")[0] in t
    # each exit cross sits at the setting's last interval in the history
    h = result.history[result.history.stream == "turns"]
    for x, y, t in zip(exits.x, exits.y, exits.text):
        last = h[h.label == t.split(":")[0]].iloc[-1]
        assert last.status == "out" and x == last.n and y == pytest.approx(last["mean"], rel=1e-2)
    still = next(t for t in fig.data if t.name == "still racing")
    assert {t.split("<br>")[0].strip("<b>/") for t in still.text} == set(c.label[c.status == "racing"]) - finals


def test_race_figure_shades_the_goal_band_and_highlights_finalists(result):
    fig = result.race_figure("turns")
    bands = [s for s in fig.layout.shapes if s.type == "rect"]
    assert bands and all((s.y0, s.y1) == (27, 33) for s in bands)
    finals = list(dict.fromkeys(result.finalists.label))
    named = [t.name for t in fig.data if t.name and t.name.startswith("finalist: ")]
    assert named == [f"finalist: {lab}" for lab in finals]
    lines = [t for t in fig.data if t.name in named]
    assert len({t.line.color for t in lines}) == len(lines) and bc.OUT not in {t.line.color for t in lines}


def test_race_figure_default_and_per_seat(result):
    fig = result.race_figure()
    assert fig.layout.title.text.startswith("The race: ")
    per_seat = result.race_figure("fair")
    check_house_style(per_seat)
    titles = [a.text for a in per_seat.layout.annotations]
    assert [f"seat {k} win rate" for k in range(4)] == titles[:4]
    assert per_seat.layout.yaxis.tickformat.endswith("%")  # win rates in percent
    bands = {(round(s.y0, 4), round(s.y1, 4)) for s in per_seat.layout.shapes}
    assert bands == {(0.1, 0.4)}
    with pytest.raises(TabletopError, match="turns"):
        result.race_figure("no_such_number")


def test_race_figure_of_sixty_settings_stays_small():
    g = load_game(players=4, edge=8, rounds=10)
    res = balance(g, {"handicap": range(0, 24, 2), "rounds": [6, 7, 8, 9, 10]}, {"fair": 0.03, "turns": (30, 3)},
                  bots="random", seed=2, budget=15000, batch=100, confirm_games=200, progress=False,
                  executor="serial")
    assert len(res.candidates) == 60
    for fig in (res.race_figure(), res.race_figure("fair"), res.tradeoff_figure(), res.effects_figure(),
                res.figure()):
        check_house_style(fig)


# ------------------------------------------------------------------- trade-offs
def test_tradeoff_marks_the_pareto_column(result):
    fig = result.tradeoff_figure()
    check_house_style(fig)
    c = result.candidates
    front = next(t for t in fig.data if t.name and t.name.startswith("no other setting"))
    want = c[c.pareto]
    assert len(front.x) == len(want)
    got = sorted(zip(front.x, front.y))
    exp = sorted(zip(want.badness_fair, want.badness_turns))
    # the figure keeps 4 significant digits
    assert [pytest.approx(p, rel=1e-3) for p in exp] == [tuple(p) for p in got]
    assert list(front.x) == sorted(front.x)  # joined left to right
    box = [s for s in fig.layout.shapes if s.type == "rect"]
    assert len(box) == 1 and (box[0].x0, box[0].y0, box[0].x1, box[0].y1) == (0, 0, 1, 1)
    points = sum(len(t.x) for t in fig.data if t.name in ("still racing", "left the race",
                                                         "met every goal in the race"))
    assert points == int(pd.Series([math.isfinite(v) for v in c.badness_turns]).sum())
    grey = next(t for t in fig.data if t.name == "left the race")
    assert len(grey.x) == int((c.status == "out").sum()) and grey.marker.color == bc.OUT
    assert "handicap=" in grey.text[0] and "badness" in grey.text[0]
    swapped = result.tradeoff_figure("turns", "fair")
    assert "turns: badness" in swapped.layout.xaxis.title.text
    with pytest.raises(TabletopError, match="fair"):
        result.tradeoff_figure("speed")


def test_tradeoff_with_one_goal_is_badness_against_games(one_goal):
    fig = one_goal.tradeoff_figure()
    check_house_style(fig)
    assert "games" in fig.layout.xaxis.title.text
    assert [(s.y0, s.y1) for s in fig.layout.shapes] == [(0, 1)]


# ------------------------------------------------------------------- effects
def test_effects_figure_means_per_value(result):
    fig = result.effects_figure()
    check_house_style(fig)
    c = result.candidates
    assert len(fig.data) == 2 * 2  # goals x rule paths
    fair_by_handicap, fair_by_rounds, turns_by_handicap, turns_by_rounds = fig.data
    assert list(turns_by_rounds.x) == ["6", "7", "8", "9", "10"]
    for v, y in zip(turns_by_rounds.x, turns_by_rounds.y):
        assert y == pytest.approx(c.turns[c.rounds == int(v)].mean(), rel=1e-3)
    for v, y, lo, hi in zip(fair_by_handicap.x, fair_by_handicap.y, fair_by_handicap.error_y.arrayminus,
                            fair_by_handicap.error_y.array):
        vals = c.badness_fair[c.handicap == int(v)]
        assert y == pytest.approx(vals.mean(), rel=1e-3)
        assert y - lo == pytest.approx(vals.min(), rel=1e-3, abs=1e-3)
        assert y + hi == pytest.approx(vals.max(), rel=1e-3, abs=1e-3)
    assert [a.text for a in fig.layout.annotations][:2] == ["handicap", "rounds"]


# ------------------------------------------------------------------- finalists
def test_finalists_figure_colours_met_and_missed(result):
    fig = result.figure()
    check_house_style(fig)
    f = result.finalists
    drawn = {}
    for t in fig.data:
        if t.name is None:
            continue
        kind = t.name.split(":")[0]
        drawn[kind] = drawn.get(kind, 0) + len(t.x)
        color = {"met": bc.MET, "missed": bc.MISSED, "not decided": bc.UNSURE}[kind]
        assert t.marker.color == color
    assert drawn.get("met", 0) == int(f.met.sum())
    assert drawn.get("missed", 0) == int(f.missed.sum())
    assert sum(drawn.values()) == len(f)
    bands = sorted((round(s.x0, 4), round(s.x1, 4)) for s in fig.layout.shapes)
    assert bands == [(0.1, 0.4), (27.0, 33.0)]


# ------------------------------------------------------------------- degenerate results
def test_no_finalists_all_out(all_out):
    assert (all_out.candidates.status == "out").all() and not len(all_out.finalists)
    fin = all_out.figure()
    assert "No finalists" in message_of(fin) and not fin.data
    race = all_out.race_figure()
    exits = next(t for t in race.data if t.name and t.name.startswith("left the race"))
    assert len(exits.x) == len(all_out.candidates)
    trade = all_out.tradeoff_figure()  # one goal, everything out
    assert len(next(t for t in trade.data if t.name == "left the race").x) == len(all_out.candidates)
    all_out.effects_figure()


def test_interrupted_and_empty_results(result):
    res = interrupted(result)
    assert "interrupted" in message_of(res.figure())
    res.race_figure()
    res.tradeoff_figure()
    empty = BalanceResult(dict(result.info, verdict="interrupted"), result.candidates.iloc[0:0],
                          result.history.iloc[0:0], result.finalists.iloc[0:0])
    for fig in (empty.race_figure(), empty.tradeoff_figure(), empty.effects_figure(), empty.figure()):
        assert isinstance(fig, go.Figure) and not fig.data and "Nothing to draw" in message_of(fig) \
            or "No finalists" in message_of(fig)
    # a result read back from JSON draws the same figures
    back = BalanceResult.from_json(result.to_json())
    assert len(back.race_figure("turns").data) == len(result.race_figure("turns").data)
    assert len(back.figure().data) == len(result.figure().data)


# ------------------------------------------------------------------- live
def test_live_race_updates_one_widget(result):
    h = result.history
    live = bc.LiveRace()
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        live(h[h["round"] == 1])
        fig = live.figure
        assert isinstance(fig, go.FigureWidget)
        n_traces = len(fig.data)
        assert n_traces == 3 * h.stream.nunique()
        first = fig.layout.title.text
        for k in range(2, int(h["round"].max()) + 1):
            live(h[h["round"] <= k])
            assert live.figure is fig and len(fig.data) == n_traces
    assert not live._warned
    assert first.startswith("Round 1:") and fig.layout.title.text != first
    rounds = int(h["round"].max())
    c = result.candidates
    games = int(c.games.sum())
    assert fig.layout.title.text == (f"Round {rounds}: {(c.status == 'racing').sum()} racing, "
                                     f"{(c.status == 'meets').sum()} met, {(c.status == 'out').sum()} out; "
                                     f"{games:,} games played")
    # the turns panel: every setting once, greyed exactly when out
    streams = list(dict.fromkeys(h.stream))
    i = streams.index("turns")
    racing, meets, out = fig.data[3 * i: 3 * i + 3]
    assert len(racing.x) + len(meets.x) + len(out.x) == len(c)
    assert len(out.x) == int((c.status == "out").sum()) and out.marker.color == bc.OUT
    assert json.loads(fig.to_json())  # serialisable as it stands


def test_live_race_in_balance_and_with_bands():
    g = load_game(players=2, edge=4, rounds=6)
    seen = []
    res = balance(g, {"handicap": [0, 4]}, {"fair": 0.05}, bots="random", seed=4, budget=800, batch=100,
                  confirm_games=100, progress=False, executor="serial", live=True, on_round=seen.append)
    assert res.info["rounds"] == len(seen) >= 1
    # the history that balance() hands over carries each number's band: every seat's is shaded
    live = bc.LiveRace()
    live(seen[-1])
    shapes = live.figure.layout.shapes
    assert len(shapes) == 2 and all((sh.y0, sh.y1) == (0.45, 0.55) for sh in shapes)
    # bands given by hand for a history without them
    bare = seen[-1].drop(columns=["band_low", "band_high"])
    live = bc.LiveRace(bands={"win_rate_seat_0": (0.45, 0.55)})
    live(bare)
    shapes = live.figure.layout.shapes
    assert len(shapes) == 1 and (shapes[0].y0, shapes[0].y1) == (0.45, 0.55)
    empty = bc.LiveRace()
    empty(seen[-1].iloc[0:0])  # nothing yet: a figure saying so, no error
    assert "waiting" in empty.figure.layout.title.text
