"""compare_rules(stop="decided"): stops when every metric asked for is decided, never
raises more than 5% false alarms, same seed same answer."""
import pytest

import tabletop_nb
from tabletop_nb import TabletopError
from toygame import ToyGame


class MirrorToy(ToyGame):
    """The toy game with the die's faces drawn in mirrored order: every game differs from
    ToyGame's on the same seed, but the two play by the very same odds (no real effect)."""

    def chance_outcomes(self, s):
        return list(reversed(self._outcomes)) if s.rolling else []


@pytest.fixture
def game():
    return tabletop_nb.load_game("toy", players=3)


def test_a_real_effect_stops_early_and_says_why(game):
    cmp = tabletop_nb.compare_rules({"base": game, "bonus": game.with_rules(seat0_bonus=10)},
                                    games=3000, seed=2, progress=False, executor="serial",
                                    stop="decided", metrics=["win_rate_seat_0", "score_mean"],
                                    batch=100)
    assert cmp.stopped == "decided"
    assert cmp.games_played == {"base": cmp.games, "bonus": cmp.games} and cmp.games < 3000
    assert cmp.games % 100 == 0
    assert set(cmp.decisions.decision) == {"higher"}
    assert "Stopped after" in cmp.stop_reason and "Stopped after" in cmp.summary()
    assert f"{cmp.games} of at most 3000" in cmp.stop_reason
    rep = cmp.report()
    assert rep.loc["win_rate_seat_0", "bonus - base, anytime 95%"].endswith("higher")
    assert rep.loc["turns", "bonus - base, anytime 95%"] == ""  # not asked
    assert rep.attrs["stopped"] == cmp.table.attrs["stopped"] == "decided"
    assert rep.attrs["games_played"] == {"base": cmp.games, "bonus": cmp.games}
    assert rep.attrs["stop_reason"] == cmp.stop_reason
    m = cmp.metrics.set_index(["variant", "metric"])
    assert m.loc[("bonus", "win_rate_seat_0"), "cs_low"] > 0
    assert cmp.table.groupby("variant").game.nunique().tolist() == [cmp.games, cmp.games]


def test_same_seed_same_stop_on_every_executor(game):
    kw = dict(games=2000, seed=5, progress=False, stop="decided", metrics=["win_rate_seat_0"], batch=100)
    variants = {"base": game, "bonus": game.with_rules(seat0_bonus=5)}
    a = tabletop_nb.compare_rules(variants, executor="serial", **kw)
    b = tabletop_nb.compare_rules(variants, executor="processes", **kw)
    assert a.games == b.games and a.stopped == b.stopped
    assert a.table.equals(b.table) and a.decisions.equals(b.decisions)


def test_no_difference_plays_every_game_or_decides_same(game):
    same = {"a": game, "b": game.with_rules()}
    cmp = tabletop_nb.compare_rules(same, games=300, seed=1, progress=False, executor="serial",
                                    stop="decided", metrics=["win_rate_seat_0", "turns"], batch=100)
    assert cmp.stopped == "games" and cmp.games == 300
    assert "still undecided" in cmp.stop_reason
    assert set(cmp.decisions.decision) == {"undecided"}
    tol = tabletop_nb.compare_rules(same, games=3000, seed=1, progress=False, executor="serial",
                                    stop="decided", metrics=["win_rate_seat_0"], tolerance=0.1, batch=100)
    assert tol.stopped == "decided" and tol.games < 3000 and set(tol.decisions.decision) == {"same"}


@pytest.mark.slow
def test_false_alarm_rate_under_no_effect_in_real_runs():
    # the mirrored die changes every game but not the odds: any "higher"/"lower" is false
    rules = dict(players=2, target=10, max_turns=3)
    runs, alarms = 24, 0
    for seed in range(runs):
        cmp = tabletop_nb.compare_rules({"base": ToyGame(**rules), "mirror": MirrorToy(**rules)},
                                        games=300, seed=seed, progress=False, executor="serial",
                                        stop="decided", metrics=["win_rate_seat_0", "turns"], batch=100)
        assert not cmp.table[cmp.table.variant == "base"].reset_index(drop=True).drop(columns="variant") \
            .equals(cmp.table[cmp.table.variant == "mirror"].reset_index(drop=True).drop(columns="variant"))
        alarms += int((cmp.decisions.decision != "undecided").any())
    assert alarms / runs <= 0.05


@pytest.mark.parametrize("kwargs,match", [
    (dict(stop="early"), "stop is None .* or 'decided'"),
    (dict(stop="decided"), "needs metrics"),
    (dict(stop="decided", metrics=["wins"]), "no metric 'wins' to decide"),
    (dict(stop="decided", metrics=["win_rate_seat_3"]), "no metric 'win_rate_seat_3'"),
    (dict(stop="decided", metrics=[]), "at least one metric"),
    (dict(stop="decided", metrics=["turns", "turns"]), "asked twice"),
    (dict(metrics=["turns"]), "pass stop='decided' too"),
    (dict(stop="decided", metrics=["turns"], tolerance=-1), "positive number"),
    (dict(stop="decided", metrics=["turns"], tolerance={"score_mean": 1}), "not asked for"),
    (dict(stop="decided", metrics=["turns"], batch=0), "batch is a positive"),
])
def test_bad_stop_arguments_are_refused_before_any_game(game, kwargs, match):
    with pytest.raises(TabletopError, match=match):
        tabletop_nb.compare_rules({"a": game, "b": game.with_rules(target=30)}, games=10, seed=1,
                                  progress=False, **kwargs)


def test_stop_needs_two_variants(game):
    with pytest.raises(TabletopError, match="at least two"):
        tabletop_nb.compare_rules({"a": game}, games=10, stop="decided", metrics=["turns"], progress=False)


def test_sweep_stops_too(game):
    sw = tabletop_nb.sweep(game, "seat0_bonus", [0, 20], games=2000, seed=1, progress=False,
                           executor="serial", stop="decided", metrics=["win_rate_seat_0"], batch=100)
    assert sw.comparison.stopped == "decided" and sw.comparison.games < 2000


def test_zero_games_is_an_empty_comparison_not_an_error(game):
    cmp = tabletop_nb.compare_rules({"a": game, "b": game.with_rules(target=30)}, games=0, seed=1,
                                    progress=False)
    assert cmp.games_played == {"a": 0, "b": 0} and cmp.stopped == "games"
