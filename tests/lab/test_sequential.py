"""Anytime-valid confidence sequences (lab/sequential.py) on synthetic streams.

The error that matters for an early stop is the chance that the interval misses the
true mean at *any* look. These tests play thousands of synthetic streams and count it;
the same harness run on a repeated ordinary 95% test counts far more than 5%, which
shows it can see the inflation it guards against.
"""
import numpy as np
import pytest

import math

from tabletop_nb.lab.sequential import (MIN_GAMES, bernstein_cs, beta_binomial_cs, decide, multinomial_cs,
                                         normal_mixture_cs)

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


# ---------------------------------------------------------------- the conjugate-mixture sequences
@pytest.mark.parametrize("p", [0.05, 0.25, 0.5])
def test_beta_binomial_covers_the_true_rate_at_every_look(p):
    """Anytime coverage by simulation: the chance that the interval ever misses p is at most
    alpha (here 0.1, so a few hundred streams can see a breach)."""
    rng = np.random.default_rng(int(p * 1000))
    streams = [(rng.random(600) < p).astype(float) for _ in range(500)]
    assert _miss_rate(streams, p, lambda x: beta_binomial_cs(x, 0.1), start=1) <= 0.1
    # the same harness sees the inflation of a repeated ordinary 90% test on the same streams
    if p == 0.25:
        assert _naive_miss_rate([s - p for s in streams], 0.0) > 0.1


def test_beta_binomial_matches_a_brute_force_mixture():
    """The bounds are where the mixture martingale m_t / L_t(p) crosses 1/alpha, with m_t
    integrated numerically over the Beta(1/2, 1/2) prior (a fine grid in the sine
    substitution p = sin^2(u), where the prior is uniform)."""
    x = np.array([1, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 1, 0] * 3, dtype=float)
    alpha = 0.05
    cs = beta_binomial_cs(x, alpha)
    u = (np.arange(200_000) + 0.5) / 200_000 * (math.pi / 2)
    theta = np.sin(u) ** 2
    grid = np.linspace(1e-6, 1 - 1e-6, 200_001)
    low_bf, high_bf = 0.0, 1.0
    for t in range(1, len(x) + 1):
        k = x[:t].sum()
        m_t = np.mean(theta ** k * (1 - theta) ** (t - k))   # E over the prior of the likelihood
        lik = grid ** k * (1 - grid) ** (t - k)
        inside = grid[m_t / lik < 1 / alpha]
        low_bf, high_bf = max(low_bf, inside.min()), min(high_bf, inside.max())
        assert cs.low[t - 1] == pytest.approx(low_bf, abs=2e-5)
        assert cs.high[t - 1] == pytest.approx(high_bf, abs=2e-5)


def test_beta_binomial_is_narrower_than_bernstein_on_win_indicators():
    x = (np.random.default_rng(5).random(3000) < 0.25).astype(float)
    for alpha in (0.05, 1e-4):
        bb, eb = beta_binomial_cs(x, alpha), bernstein_cs(x, alpha)
        assert (bb.high[-1] - bb.low[-1]) < 0.92 * (eb.high[-1] - eb.low[-1])


def test_multinomial_cs_covers_every_seat_jointly():
    """A known multinomial of 4 seats and a tie category (seats 0 and 3 share the win): the
    chance that any seat's interval misses its win rate at any look is at most alpha."""
    probs = [0.3, 0.25, 0.2, 0.15, 0.1]
    seats_of = [(0,), (1,), (2,), (3,), (0, 3)]
    truth = [0.4, 0.25, 0.2, 0.25]
    rng = np.random.default_rng(17)
    missed = 0
    reps = 250
    for _ in range(reps):
        out = rng.choice(5, size=600, p=probs)
        seats = multinomial_cs(out, 5, seats_of, alpha=0.1)
        missed += any(bool(((cs.low > w) | (cs.high < w)).any()) for cs, w in zip(seats, truth))
    assert missed / reps <= 0.1


def test_multinomial_cs_projection_matches_a_brute_force_search():
    """Each seat's bounds are the extremes of its win rate over the category distributions
    the confidence set holds (running intersection over the looks): checked at every look
    against a grid over a 3-category simplex (2 seats and a tie)."""
    from math import lgamma
    out = np.array([0, 1, 0, 0, 2, 1, 0, 0, 1, 0, 0, 2, 1, 0, 0, 1, 0, 0, 0, 1, 1, 0, 2, 0, 0, 1])
    alpha = 0.1
    seats = multinomial_cs(out, 3, [(0,), (1,), (0, 1)], alpha=alpha)
    g = np.linspace(1e-4, 1 - 1e-4, 700)
    q0, q1 = np.meshgrid(g, g, indexing="ij")
    q2 = 1 - q0 - q1
    ok = q2 > 1e-6
    lq = [np.log(q0), np.log(q1), np.log(np.where(ok, q2, 1.0))]
    lo, hi = [0.0, 0.0], [1.0, 1.0]
    for t in range(1, len(out) + 1):
        n = np.bincount(out[:t], minlength=3).astype(float)
        log_m = sum(lgamma(c + 0.5) for c in n) - lgamma(t + 1.5) + lgamma(1.5) - 3 * lgamma(0.5)
        inside = ok & (n[0] * lq[0] + n[1] * lq[1] + n[2] * lq[2] > log_m + math.log(alpha))
        for s, w in enumerate(((q0 + q2)[inside], (q1 + q2)[inside])):
            lo[s], hi[s] = max(lo[s], w.min()), min(hi[s], w.max())
            assert seats[s].low[t - 1] == pytest.approx(lo[s], abs=3e-3)
            assert seats[s].high[t - 1] == pytest.approx(hi[s], abs=3e-3)


def test_mixture_sequences_refuse_bad_input():
    with pytest.raises(ValueError, match="0/1"):
        beta_binomial_cs([0.5, 1.0])
    with pytest.raises(ValueError, match="categories"):
        multinomial_cs([0, 3], 3, [(0,), (1,), (0, 1)])
