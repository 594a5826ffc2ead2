"""skill_ladder: the schedule, the rating fit on synthetic results with known strengths,
depth and luck share, determinism, bad input, and small real ladders."""
import collections
import doctest
import itertools
import math
import warnings

import numpy as np
import pandas as pd
import pytest

import tabletop_nb
from tabletop_nb import TabletopError
from tabletop_nb.lab import ladder as ladder_module
from tabletop_nb.lab.ladder import ELO, SkillLadder, bradley_terry, lineups


def synthetic(strengths, players, rounds, seed, tie_rate=0.0):
    """A ladder table drawn from Plackett-Luce ranks (Bradley-Terry for two players) with
    known natural-log strengths, on the ladder's own schedule."""
    rng = np.random.default_rng(seed)
    k = len(strengths)
    names = [f"bot{i}" for i in range(k)]
    rows = []
    for r in range(rounds):
        for li, lu in enumerate(lineups(k, players)):
            # Gumbel-max: sorting strength + Gumbel noise gives Plackett-Luce finishing orders
            u = np.array([strengths[b] for b in lu]) + rng.gumbel(size=players)
            rank = np.empty(players, dtype=int)
            rank[np.argsort(-u)] = np.arange(1, players + 1)
            if tie_rate and rng.random() < tie_rate:
                rank[:] = 1  # everybody shares the win
            for seat, b in enumerate(lu):
                rows.append({"round": r, "lineup": li, "seat": seat, "bot": names[b],
                             "rank": int(rank[seat]), "winner": bool(rank[seat] == 1)})
    return pd.DataFrame(rows), names


# ------------------------------------------------------------------- the schedule
@pytest.mark.parametrize("k,p", [(k, p) for k in range(2, 7) for p in range(2, 6)])
def test_lineups_balance_seats_meetings_and_turn_order(k, p):
    lus = lineups(k, p)
    assert len(set(lus)) == len(lus) and all(len(lu) == p for lu in lus)
    seats = collections.Counter((b, s) for lu in lus for s, b in enumerate(lu))
    assert len(seats) == k * p and len(set(seats.values())) == 1  # every bot in every seat, equally
    pairs = collections.Counter(frozenset((lu[s], lu[t])) for lu in lus
                                for s, t in itertools.combinations(range(p), 2) if lu[s] != lu[t])
    assert len(pairs) == k * (k - 1) // 2 and len(set(pairs.values())) == 1  # every pair meets equally
    before = collections.Counter((lu[s], lu[t]) for lu in lus
                                 for s, t in itertools.combinations(range(p), 2) if lu[s] != lu[t])
    assert len(set(before.values())) == 1  # a bot sits before another as often as after it


def test_two_player_schedule_is_every_pair_in_both_orders():
    assert sorted(lineups(4, 2)) == sorted(itertools.permutations(range(4), 2))


# ------------------------------------------------------------------- the rating fit
def test_bradley_terry_exact_for_two_bots_and_batches():
    s = bradley_terry([[0, 30], [10, 0]], prior=0)
    assert s[0] == 0 and s[1] == pytest.approx(math.log(10 / 30))
    stack = bradley_terry(np.array([[[0, 30], [10, 0]], [[0, 10], [30, 0]]]), prior=0)
    assert stack[:, 1] == pytest.approx([math.log(1 / 3), math.log(3)])
    # a bot that never lost: infinite without a prior, large but finite with one
    sweep = bradley_terry([[0, 0], [20, 0]], prior=1)
    assert sweep[1] == pytest.approx(math.log(20.5 / 0.5))


def test_bradley_terry_refuses_bad_input():
    with pytest.raises(TabletopError, match="square"):
        bradley_terry([[0, 1, 2], [1, 0, 2]])
    with pytest.raises(TabletopError, match="not negative"):
        bradley_terry([[0, -1], [1, 0]])
    with pytest.raises(TabletopError, match="never met"):
        bradley_terry([[0, 3, 0, 0], [2, 0, 0, 0], [0, 0, 0, 1], [0, 0, 1, 0]])


@pytest.mark.parametrize("players", [2, 4])
def test_fit_recovers_known_strengths(players):
    truth = np.array([0.0, 0.6, 1.2, 2.0])
    table, names = synthetic(truth, players, rounds=150 if players == 2 else 60, seed=3)
    lad = SkillLadder(table, names, bootstrap=400, seed=1, prior=0.1)
    got = lad.ratings.set_index("bot")
    for name, t in zip(names, truth * ELO):
        r = got.loc[name]
        assert abs(r.rating - t) < 60, (name, r.rating, t)
        if name != names[0]:
            assert r.low < t < r.high  # the interval covers the truth
    assert list(lad.ratings.bot) == names  # weakest first
    # the head-to-head rate of the strongest over the weakest is Bradley-Terry's
    e = lad.win_rate("bot3", "bot0")
    assert e.low < 1 / (1 + math.exp(-2.0)) < e.high


def test_intervals_cover_about_95_percent():
    truth = np.array([0.0, 0.4, 0.8])
    hits = total = 0
    for rep in range(40):
        table, names = synthetic(truth, 2, rounds=25, seed=100 + rep)
        lad = SkillLadder(table, names, bootstrap=300, seed=rep, prior=0.1)
        got = lad.ratings.set_index("bot")
        for name, t in zip(names[1:], truth[1:] * ELO):
            hits += got.loc[name, "low"] < t < got.loc[name, "high"]
            total += 1
    assert 0.85 <= hits / total <= 1.0, hits / total


def test_depth_and_luck_share_on_synthetic_ladders():
    # two equal rungs, then two clear steps up
    table, names = synthetic([0.0, 0.0, 2.5, 5.0], 2, rounds=80, seed=7)
    lad = SkillLadder(table, names, bootstrap=300, seed=2)
    assert lad.depth == 2
    steps = lad.steps
    assert list(steps.upper[-2:]) == ["bot2", "bot3"] and steps.significant.tolist() == [False, True, True]
    upset = 1 / (1 + math.exp(2.5))
    expected = (0.5 + upset + upset) / 3
    assert abs(lad.luck_share.value - expected) < 0.04
    assert lad.luck_share.low < expected < lad.luck_share.high
    assert "Depth 2 of 3" in lad.report() and "Luck share" in lad.report()

    flat, names = synthetic([0.0, 0.0, 0.0], 4, rounds=40, seed=8)
    even = SkillLadder(flat, names, bootstrap=300, seed=2)
    assert even.depth == 0
    assert abs(even.luck_share.value - 0.5) < 0.06  # luck alone: a coin flip


def test_shared_ranks_count_half_a_win_each():
    table, names = synthetic([0.0, 3.0], 2, rounds=30, seed=9, tie_rate=1.0)  # every game a shared win
    lad = SkillLadder(table, names, bootstrap=100)
    assert lad.win_rate("bot1", "bot0").value == 0.5
    assert lad.ratings.rating.abs().max() < 1e-6 and lad.depth == 0
    some, names = synthetic([0.0, 0.0], 2, rounds=200, seed=10, tie_rate=0.3)
    assert abs(SkillLadder(some, names, bootstrap=0).win_rate("bot0", "bot1").value - 0.5) < 0.06


def test_a_sweep_leaves_the_interval_open_above():
    table, names = synthetic([0.0, 50.0], 2, rounds=20, seed=11)  # bot1 always wins
    lad = SkillLadder(table, names, bootstrap=200)
    r = lad.ratings.set_index("bot").loc["bot1"]
    assert math.isinf(r.high) and 300 < r.low < r.rating
    assert "never lost" in lad.report() and "or more" in lad.report()
    assert lad.figure().data  # an open end is still drawn


# ------------------------------------------------------------------- playing ladders
@pytest.fixture
def toy():
    return tabletop_nb.load_game("toy", players=2)


def test_real_ladder_on_the_toy_game(toy):
    lad = tabletop_nb.skill_ladder(toy, ["random", "hold10"], games=60, seed=4, progress=False)
    assert lad.games == 60 and len(lad.rounds) == 30
    assert list(lad.ratings.columns[:5]) == ["bot", "rating", "low", "high", "games"]
    assert lad.ratings.set_index("bot").loc["random", "rating"] == 0  # the first bot is the zero
    assert lad.win_rate("hold10", "random").value > 0.5
    seats = lad.table.groupby(["bot", "seat"]).size()
    assert seats.nunique() == 1 and len(seats) == 4  # each bot in each seat equally
    # common random numbers: a round's two line-ups are played from the same seed
    assert lad.table.groupby("round").spawn_key.nunique().eq(1).all()
    html = lad._repr_html_()
    assert "<table" in html and "%" in html and "Estimate(" not in html and "nan" not in html
    assert lad.figure().data and lad.figure("matrix").data
    assert "hold10 beats random" in lad.report()


def test_same_seed_same_table(toy):
    a = tabletop_nb.skill_ladder(toy, ["random", "hold10"], games=16, seed=5, progress=False)
    b = tabletop_nb.skill_ladder(toy, ["random", "hold10"], games=16, seed=5, progress=False)
    pd.testing.assert_frame_equal(a.table, b.table)
    pd.testing.assert_frame_equal(a.ratings, b.ratings)
    c = tabletop_nb.skill_ladder(toy, ["random", "hold10"], games=16, seed=6, progress=False)
    assert not a.table.score.equals(c.table.score)


def test_games_round_up_to_whole_rounds_and_three_players():
    game = tabletop_nb.load_game("toy", players=3)
    lad = tabletop_nb.skill_ladder(game, ["random", "hold10", tabletop_nb.core.bots.random_bot],
                                   games=7, seed=1, progress=False, bootstrap=50)
    assert len(lineups(3, 3)) == 6 and lad.games == 12  # 7 games need two rounds of 6 line-ups
    assert "finishes ahead of" in lad.report()


def test_a_small_real_ladder_on_a_game():
    game = tabletop_nb.load_game("neko", players=2)
    lad = tabletop_nb.skill_ladder(game, ["random", "greedy"], games=20, seed=1, progress=False)
    assert list(lad.ratings.bot) == ["random", "greedy"] and lad.depth == 1
    assert lad.win_rate("greedy", "random").low > 0.5


def test_the_docstring_examples_run():
    result = doctest.testmod(ladder_module, optionflags=doctest.ELLIPSIS)
    assert result.attempted >= 4 and result.failed == 0


def test_an_interrupted_ladder_keeps_what_finished(toy):
    calls = {"n": 0}

    def tired(game, state, rng):
        calls["n"] += 1
        if calls["n"] > 150:
            raise KeyboardInterrupt
        return game.legal_actions(state)[0]

    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        lad = tabletop_nb.skill_ladder(toy, ["random", tired], games=40, seed=1, progress=False,
                                       executor="serial")
    assert lad.interrupted and 0 < lad.games < 40
    assert any("interrupted" in str(w.message) for w in caught)
    assert "Interrupted" in lad.report()


@pytest.mark.parametrize("kwargs,match", [
    (dict(bots=["random", "nobody"]), "no bot called 'nobody'"),
    (dict(bots=["random"]), "at least 2 bots"),
    (dict(bots="random"), "list of at least 2 bots"),
    (dict(bots=["random", "random"]), "different names"),
    (dict(games=0), "games must be"),
    (dict(games=-3), "games must be"),
    (dict(games=2.5), "games must be"),
    (dict(games=True), "games must be"),
    (dict(bootstrap=-1), "bootstrap must be"),
    (dict(seed=-1), "seed"),
])
def test_bad_input_is_refused(toy, kwargs, match):
    args = dict(bots=["random", "hold10"], games=4, progress=False) | kwargs
    with pytest.raises(TabletopError, match=match):
        tabletop_nb.skill_ladder(toy, **args)


def test_bad_tables_and_questions_are_refused():
    table, names = synthetic([0.0, 1.0], 2, rounds=5, seed=1)
    with pytest.raises(TabletopError, match="missing"):
        SkillLadder(table.drop(columns="rank"), names)
    with pytest.raises(TabletopError, match="not on the ladder"):
        SkillLadder(table, ["bot0", "other"])
    lad = SkillLadder(table, names, bootstrap=0)
    assert math.isnan(lad.ratings.low.iloc[1])  # no bootstrap, no interval, and it says so by NaN
    with pytest.raises(TabletopError, match="no bot 'bot9'"):
        lad.win_rate("bot9", "bot0")
    with pytest.raises(TabletopError, match="figure kind"):
        lad.figure("pie")


def test_one_round_gives_no_rating_intervals_rather_than_false_ones():
    table, names = synthetic([0.0, 1.0, 2.0], 2, rounds=1, seed=12)
    lad = SkillLadder(table, names, bootstrap=200)
    assert lad.ratings.low.isna().all() and lad.ratings.high.isna().all()
    assert 0 <= lad.luck_share.low <= lad.luck_share.value <= lad.luck_share.high <= 1
    assert lad.luck_share.high - lad.luck_share.low > 0.3  # six games: a wide interval
    assert "One round only" in lad.report() and lad.figure().data
