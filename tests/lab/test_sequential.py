"""Anytime-valid confidence sequences (lab/sequential.py) on synthetic streams.

The error that matters for an early stop is the chance that the interval misses the
true mean at *any* look. These tests play thousands of synthetic streams and count it;
the same harness run on a repeated ordinary 95% test counts far more than 5%, which
shows it can see the inflation it guards against.
"""
import numpy as np
import pytest

from tabletop_nb.lab.sequential import MIN_GAMES, bernstein_cs, decide, normal_mixture_cs

REPS, N = 2000, 1500


def _miss_rate(streams, truth, cs_fn, start=MIN_GAMES):
    missed = 0
    for x in streams:
        cs = cs_fn(x)
        missed += bool(((cs.low > truth) | (cs.high < truth))[start - 1:].any())
    return missed / len(streams)


def _naive_miss_rate(streams, truth, every=100):
    missed = 0
    for x in streams:
        t = np.arange(1, len(x) + 1)
        m = np.cumsum(x) / t
        sd = np.sqrt(np.maximum(np.cumsum(x * x) / t - m * m, 0)) * np.sqrt(t / np.maximum(t - 1, 1))
        se = sd / np.sqrt(t)
        look = slice(every - 1, None, every)
        missed += bool((np.abs(m - truth)[look] > 1.96 * se[look]).any())
    return missed / len(streams)


def _paired_win_diffs(rng, p_each, reps=REPS, n=N):
    """Paired win-rate differences under no effect: +1 and -1 equally likely."""
    return [rng.choice([-1.0, 0.0, 1.0], p=[p_each, 1 - 2 * p_each, p_each], size=n) for _ in range(reps)]


@pytest.mark.parametrize("p_each", [0.02, 0.15, 0.45])
def test_bernstein_false_alarms_stay_under_5_percent_at_every_look(p_each):
    rng = np.random.default_rng(int(p_each * 100))
    streams = _paired_win_diffs(rng, p_each)
    rate = _miss_rate(streams, 0.0, lambda x: bernstein_cs(x, 0.05, lo=-1, hi=1), start=1)
    assert rate <= 0.05
    if p_each >= 0.15:  # the harness sees the inflation of a repeated ordinary test
        assert _naive_miss_rate(streams, 0.0) > 0.10


def test_bernstein_covers_a_true_mean_that_is_not_zero():
    rng = np.random.default_rng(7)
    streams = [(rng.random(N) < 0.3).astype(float) for _ in range(REPS)]
    assert _miss_rate(streams, 0.3, bernstein_cs, start=1) <= 0.05


@pytest.mark.parametrize("kind", ["normal", "skewed", "lumpy"])
def test_normal_mixture_false_alarms_stay_under_5_percent(kind):
    rng = np.random.default_rng({"normal": 1, "skewed": 2, "lumpy": 3}[kind])
    if kind == "normal":
        streams = [rng.normal(0, 3, N) for _ in range(REPS)]
    elif kind == "skewed":  # turns-like: exponential, centred
        streams = [rng.exponential(4, N) - 4 for _ in range(REPS)]
    else:  # mostly 0 with rare big jumps either way (common random numbers on a game)
        streams = [rng.choice([-5.0, 0.0, 5.0], p=[0.1, 0.8, 0.1], size=N) for _ in range(REPS)]
    assert _miss_rate(streams, 0.0, lambda x: normal_mixture_cs(x, 0.05)) <= 0.05
    assert _naive_miss_rate(streams, 0.0) > 0.10


def test_a_real_effect_is_decided_and_early():
    rng = np.random.default_rng(11)
    x = rng.choice([-1.0, 0.0, 1.0], p=[0.10, 0.70, 0.20], size=5000)  # +0.1 per game
    b = bernstein_cs(x, 0.05, lo=-1, hi=1)
    first = int(np.argmax(b.low > 0))
    assert b.low[-1] > 0 and 0 < first < 2000
    m = normal_mixture_cs(rng.normal(0.5, 2, 5000))
    assert m.low[-1] > 0 and int(np.argmax(m.low > 0)) < 2000


def test_intervals_never_widen_and_bounds_hold():
    rng = np.random.default_rng(3)
    x = rng.random(500)
    cs = bernstein_cs(x)
    assert (np.diff(cs.low) >= 0).all() and (np.diff(cs.high) <= 0).all()
    assert (cs.low >= 0).all() and (cs.high <= 1).all() and (cs.low <= cs.high).all()
    nm = normal_mixture_cs(x)
    assert np.isinf(nm.low[: MIN_GAMES - 1]).all()  # no look before MIN_GAMES
    assert np.isfinite(nm.low[MIN_GAMES - 1:]).all()
    zeros = bernstein_cs(np.zeros(3000), lo=-1, hi=1)  # identical games: 0 is never excluded
    assert zeros.low[-1] <= 0 <= zeros.high[-1] and zeros.high[-1] - zeros.low[-1] < 0.05


def test_bad_input_is_refused():
    with pytest.raises(ValueError, match="in \\[0.0, 1.0\\]"):
        bernstein_cs([0.2, 1.5])
    with pytest.raises(ValueError, match="alpha"):
        bernstein_cs([0.5], alpha=1.5)
    with pytest.raises(ValueError, match="lo < hi"):
        bernstein_cs([0.5], lo=1, hi=1)
    assert len(normal_mixture_cs([]).low) == 0


def test_decide():
    assert decide(0.01, 0.2) == "higher" and decide(-0.2, -0.01) == "lower"
    assert decide(-0.01, 0.02) == "undecided"
    assert decide(-0.01, 0.02, tolerance=0.05) == "same"
    assert decide(-0.01, 0.06, tolerance=0.05) == "undecided"
