"""compare_rules, sweep and luck_vs_skill on the toy game (known answers)."""
import math

import pytest

import tabletop_nb
from tabletop_nb import TabletopError


@pytest.fixture
def game():
    return tabletop_nb.load_game("toy", players=3)


def test_identical_variants_are_not_different(game):
    cmp = tabletop_nb.compare_rules({"a": game, "b": game.with_rules()}, games=200, seed=4, progress=False)
    later = cmp.metrics[cmp.metrics.variant == "b"]
    assert not later.significant.any()
    assert (later["diff"].fillna(0) == 0).all()  # same seeds, same rules: the very same games
    assert "No metric differs significantly" in cmp.summary()


def test_ten_points_for_one_seat_is_detected(game):
    cmp = tabletop_nb.compare_rules({"base": game, "seat 0 +10": game.with_rules(seat0_bonus=10)},
                                    games=300, seed=2, progress=False)
    d = cmp.difference("seat 0 +10", "win_rate_seat_0")
    assert d.significant and d.diff > 0.1
    assert cmp.difference("seat 0 +10", "win_rate_seat_1").diff < 0
    sm = cmp.difference("seat 0 +10", "score_mean")
    assert sm.diff == pytest.approx(10 / 3) and sm.significant
    assert not cmp.difference("seat 0 +10", "turns").significant  # the game itself is the same
    rep = cmp.report()
    assert "*" in rep.loc["win_rate_seat_0", "seat 0 +10 - base"]
    w = cmp.seat_win_rates()
    assert set(w.columns) >= {"variant", "seat", "value", "low", "high"}
    assert cmp.figure().data and cmp.figure("turns").data
    assert "<table" in cmp._repr_html_()


def test_compare_rejects_mixed_games_and_bad_metric(game):
    with pytest.raises(TabletopError):
        tabletop_nb.compare_rules({}, games=2)
    cmp = tabletop_nb.compare_rules({"a": game}, games=5, seed=1, progress=False)
    with pytest.raises(TabletopError, match="no metric 'wins'"):
        cmp.estimate("a", "wins")


def test_sweep_curves(game):
    sw = tabletop_nb.sweep(game, "target", [10, 20, 40], games=120, seed=3, progress=False)
    c = sw.curve("turns")
    assert list(c.target) == [10, 20, 40]
    assert c.value.is_monotonic_increasing  # a higher target makes longer games
    assert (c.low <= c.value).all() and (c.value <= c.high).all()
    assert len(sw.figure(["turns", "win_rate_seat_0"]).data) == 4


def test_luck_vs_skill(game):
    ls = tabletop_nb.luck_vs_skill(game, "hold10", "random", games=300, seed=5, progress=False)
    assert ls.skilled_win_rate.value > ls.chance_win_rate
    assert 0 < ls.skill_share < 1
    assert set(ls.by_seat) == {0, 1, 2}
    assert "skill share" in ls.summary() and ls.figure().data


def test_skill_sees_a_rule_that_makes_skill_matter_less():
    # with 1, 2 and 3 all losing the pot, rolling on to 10 is a poor plan: the hold10
    # bot's edge over random play shrinks
    game = tabletop_nb.load_game("toy", players=2)
    cmp = tabletop_nb.compare_rules({"base": game, "pig 1-3": game.with_rules(pig_faces=(1, 2, 3))},
                                    games=10, seed=2, progress=False, skill=("random", "hold10"),
                                    skill_games=200)
    base, variant = cmp.estimate("base", "skill_win_rate"), cmp.estimate("pig 1-3", "skill_win_rate")
    assert base.low > 0.5 and base.n == 200
    d = cmp.difference("pig 1-3", "skill_win_rate")
    assert d.significant and d.diff < -0.1 and d.diff == pytest.approx(variant.value - base.value)
    assert "skill matters less" in cmp.skill_summary() and "Skill: hold10" in cmp.summary()
    assert "*" in cmp.report().loc["skill_win_rate", "pig 1-3 - base"]
    assert "hold10 finishes ahead of random" in cmp._repr_html_()
    assert set(cmp.skill_ladders) == {"base", "pig 1-3"}
    assert len(cmp.figure("skill_win_rate").data[0].y) == 2


def test_skill_on_identical_rules_is_the_same_games(game):
    cmp = tabletop_nb.compare_rules({"a": game, "b": game.with_rules()}, games=12, seed=3,
                                    progress=False, skill=("random", "hold10"))
    d = cmp.difference("b", "skill_win_rate")
    assert d.diff == 0 and not d.significant
    assert "no significant change" in cmp.skill_summary()
    assert cmp.skill_summary() and tabletop_nb.compare_rules({"a": game}, games=2, seed=1,
                                                             progress=False).skill_summary() == ""


@pytest.mark.parametrize("kwargs,match", [
    (dict(skill="hold10"), "pair of bots"),
    (dict(skill=("random", "hold10", "random")), "pair of bots"),
    (dict(skill=("random", "nobody")), "no bot called 'nobody'"),
    (dict(skill=("hold10", "hold10")), "two different bots"),
    (dict(skill_games=10), "skill_games needs skill"),
    (dict(skill=("random", "hold10"), skill_games=0), "games must be"),
])
def test_bad_skill_arguments_are_refused(game, kwargs, match):
    with pytest.raises(TabletopError, match=match):
        tabletop_nb.compare_rules({"a": game}, games=2, seed=1, progress=False, **kwargs)


def test_skill_with_another_player_count_is_not_paired(game):
    cmp = tabletop_nb.compare_rules({"3 players": game, "2 players": game.with_rules(players=2)},
                                    games=4, seed=1, progress=False, skill=("random", "hold10"),
                                    skill_games=8)
    assert math.isnan(cmp.difference("2 players", "skill_win_rate").diff)
    assert "no paired difference" in cmp.skill_summary()


def test_margins_are_the_plain_margin_of_every_game():
    """The one-pass winning margins (``_margins``) equal ``_margin`` applied game by game:
    ties at the top, one-seat games (NaN), negative scores, games out of order."""
    import numpy as np
    import pandas as pd

    from tabletop_nb.lab.compare import _margin, _margins

    rng = np.random.default_rng(5)
    for trial in range(30):
        rows = []
        for game in rng.permutation(40):
            for _seat in range(int(rng.integers(1, 5))):
                rows.append((int(game), int(rng.integers(-3, 6))))
        df = pd.DataFrame(rows, columns=["game", "score"]).sample(frac=1, random_state=trial)
        plain = df.groupby("game", sort=True).score.apply(lambda s: _margin(s.to_numpy()))
        pd.testing.assert_series_equal(_margins(df), plain.astype(float), check_names=False)
        assert list(_margins(df).index) == sorted(set(df.game))
    assert _margins(pd.DataFrame({"game": [], "score": []})).empty


def test_per_game_margin_of_a_real_run(game):
    df = tabletop_nb.simulate(game, bots="random", games=30, seed=4, progress=False)
    from tabletop_nb.lab.compare import _margin, _per_game

    plain = df.groupby("game", sort=True).score.apply(lambda s: _margin(s.to_numpy()))
    got = _per_game(df)["winning_margin"]
    assert got.to_numpy().tolist() == plain.to_numpy(dtype=float).tolist()
    assert list(got.index) == list(plain.index)
