"""Anytime-valid confidence sequences: intervals you may look at after every game.

An ordinary 95% interval is right 95% of the time *at one sample size fixed in advance*.
Look at it after every batch and stop the first time it excludes 0, and the chance of a
false alarm grows without bound as you keep looking. A confidence sequence is a sequence
of intervals ``C_1, C_2, ...`` that holds *at every sample size at once* with the stated
probability, so ``compare_rules(..., stop="decided")`` can stop the moment an interval
excludes 0 without inflating the error.

Two constructions, both vectorised over the whole stream (numpy only):

- :func:`bernstein_cs` for observations bounded in ``[lo, hi]`` (win rates and other
  rates; their paired differences lie in ``[-1, 1]``): the predictable plug-in
  empirical-Bernstein confidence sequence of Waudby-Smith & Ramdas (2023), "Estimating
  means of bounded random variables by betting", JRSS-B, Theorem 2 (their eq. 13-15).
  Valid for every sample size and every distribution on ``[lo, hi]``, not approximately.
- :func:`normal_mixture_cs` for unbounded metrics (turns, scores): the asymptotic
  confidence sequence of Waudby-Smith, Arnold, Wu, Lindon & Ramdas (2021), "Time-uniform
  central limit theory and asymptotic confidence sequences", Theorem 2.2: Robbins'
  normal-mixture boundary (Howard, Ramdas, McAuliffe & Sekhon 2021, "Time-uniform,
  nonparametric, nonasymptotic confidence sequences") with the variance estimated from
  the data. Valid as the sample grows (like the ordinary normal interval); the rule lab
  looks only from ``MIN_GAMES`` games on.

- :func:`beta_binomial_cs` for 0/1 observations (a seat's win indicator): the conjugate
  mixture confidence sequence (Robbins' method of mixtures; Howard, Ramdas, McAuliffe &
  Sekhon 2021, Section 3, the beta-binomial boundary). For each candidate mean ``p``,
  ``M_t(p) = m_t / L_t(p)`` (the Beta(1/2, 1/2) mixture's likelihood of the games over
  their likelihood at ``p``) is a nonnegative martingale of mean 1 when the games are
  independent with mean ``p``, so by Ville's inequality ``P(M_t(p) >= 1/alpha`` for some
  ``t) <= alpha``: the set ``{p : M_t(p) < 1/alpha}`` holds at every ``t`` at once. Exact,
  not asymptotic; on win indicators it is 10-20% narrower than :func:`bernstein_cs` at the
  same games and level (measured in ``docs/balance-benchmarks.md``).
- :func:`multinomial_cs`: the same construction on the whole vector of seat win rates at
  once (one categorical draw per game: who won, ties as their own category; a
  Dirichlet(1/2, ...) mixture), projected to each seat. It holds jointly over every seat
  with no split of ``alpha`` over seats, but its mixture pays for the dimension: at the
  race's levels it is wider than a Bonferroni split of :func:`beta_binomial_cs` over 4
  seats (measured), so the race does not use it.

All return the running intersection (``max`` of the lower bounds so far, ``min`` of the
upper), which is still valid and never widens.
"""
from __future__ import annotations

import math
from typing import NamedTuple

import numpy as np

__all__ = ["CS", "bernstein_cs", "normal_mixture_cs", "beta_binomial_cs", "multinomial_cs", "decide",
           "beta_binomial_bounds", "normal_mixture_half_width", "MIN_GAMES"]

#: the rule lab does not stop before this many paired games (the unbounded CS is asymptotic)
MIN_GAMES = 100


class CS(NamedTuple):
    """A confidence sequence: arrays over the stream, element ``t`` after ``t + 1`` observations.

    Parameters
    ----------
    centre : numpy.ndarray
        The running mean.
    low, high : numpy.ndarray
        The sequence's bounds after each observation.

    Examples
    --------
    >>> cs = bernstein_cs(np.array([0.0, 1.0, 1.0, 0.0]))
    >>> len(cs.low), bool((cs.low <= cs.centre).all() and (cs.centre <= cs.high).all())
    (4, True)
    """

    centre: np.ndarray
    low: np.ndarray
    high: np.ndarray


def bernstein_cs(x, alpha: float = 0.05, lo: float = 0.0, hi: float = 1.0, c: float = 0.5) -> CS:
    """Two-sided predictable plug-in empirical-Bernstein CS for the mean of ``x`` in ``[lo, hi]``.

    With probability at least ``1 - alpha`` the true mean lies in ``[low[t], high[t]]``
    for every ``t`` at once (observations independent with a common mean, or more
    generally a martingale; each bounded in ``[lo, hi]``).

    Parameters
    ----------
    x : array_like
        The observations, in order (one per game).
    alpha : float, default 0.05
        One minus the coverage.
    lo, hi : float, default 0.0 and 1.0
        Bounds every observation lies in.
    c : float, default 0.5
        The tuning constant of the plug-in rate.

    Returns
    -------
    CS
        The confidence sequence.

    Examples
    --------
    >>> cs = bernstein_cs(np.full(1000, 0.5))
    >>> bool(cs.low[-1] < 0.5 < cs.high[-1]) and bool(cs.high[-1] - cs.low[-1] < 0.2)
    True
    """
    if not 0 < alpha < 1:
        raise ValueError(f"alpha must be in (0, 1), got {alpha}")
    if not hi > lo:
        raise ValueError(f"the bounds need lo < hi, got [{lo}, {hi}]")
    raw = np.asarray(x, dtype=float)
    if raw.size and (raw.min() < lo - 1e-12 or raw.max() > hi + 1e-12):
        raise ValueError(f"bernstein_cs needs observations in [{lo}, {hi}], got [{raw.min()}, {raw.max()}]")
    scale = hi - lo
    y = np.clip((raw - lo) / scale, 0.0, 1.0)
    n = len(y)
    if n == 0:
        e = np.empty(0)
        return CS(e, e, e)
    t = np.arange(1, n + 1, dtype=float)
    log2a = math.log(2 / alpha)
    # running estimates including observation i: mu_hat_i and sigma2_hat_i (eq. 13)
    mu = (0.5 + np.cumsum(y)) / (t + 1)
    sig2 = (0.25 + np.cumsum((y - mu) ** 2)) / (t + 1)
    # predictable versions: the estimate before observation i
    mu_prev = np.concatenate(([0.5], mu[:-1]))
    sig2_prev = np.concatenate(([0.25], sig2[:-1]))
    lam = np.minimum(np.sqrt(2 * log2a / (sig2_prev * t * np.log1p(t))), c)
    v = 4 * (y - mu_prev) ** 2
    psi = (-np.log1p(-lam) - lam) / 4
    sum_lam = np.cumsum(lam)
    centre = np.cumsum(lam * y) / sum_lam
    half = (log2a + np.cumsum(v * psi)) / sum_lam
    low = np.maximum.accumulate(np.clip(centre - half, 0.0, 1.0))
    high = np.minimum.accumulate(np.clip(centre + half, 0.0, 1.0))
    return CS(lo + scale * centre, lo + scale * low, lo + scale * high)


def normal_mixture_cs(x, alpha: float = 0.05, t_opt: int = 500, start: int = MIN_GAMES) -> CS:
    """Two-sided asymptotic CS for the mean of ``x`` (any finite-variance metric).

    ``mean_t +/- sd_t * sqrt(2 (t r^2 + 1) / (t^2 r^2) * log(sqrt(t r^2 + 1) / alpha))``,
    with ``r`` chosen so the boundary is tightest near ``t_opt`` observations. The
    variance is estimated, so the first ``start`` intervals are infinite (a few games
    can show no spread at all) and the running intersection begins there.

    Parameters
    ----------
    x : array_like
        The observations, in order.
    alpha : float, default 0.05
        One minus the coverage.
    t_opt : int, default 500
        Where the boundary is tightest.
    start : int, default 100
        Observations before the first finite interval.

    Returns
    -------
    CS
        The confidence sequence.

    Examples
    --------
    >>> cs = normal_mixture_cs(np.random.default_rng(1).normal(3, 1, 2000))
    >>> bool(cs.low[-1] < 3 < cs.high[-1])
    True
    """
    if not 0 < alpha < 1:
        raise ValueError(f"alpha must be in (0, 1), got {alpha}")
    y = np.asarray(x, dtype=float)
    n = len(y)
    if n == 0:
        e = np.empty(0)
        return CS(e, e, e)
    t = np.arange(1, n + 1, dtype=float)
    mean = np.cumsum(y) / t
    # running sample variance (ddof 0), from sums of deviations to stay accurate
    sq = np.cumsum((y - y[0]) ** 2) / t - (mean - y[0]) ** 2
    sd = np.sqrt(np.maximum(sq, 0.0))
    la = math.log(alpha)
    r2 = (-2 * la + math.log(-2 * la + 1)) / max(1, t_opt)
    half = sd * np.sqrt(2 * (t * r2 + 1) / (t * t * r2) * np.log(np.sqrt(t * r2 + 1) / alpha))
    half[: max(0, start - 1)] = np.inf
    low = np.maximum.accumulate(mean - half)
    high = np.minimum.accumulate(mean + half)
    return CS(mean, low, high)


def _lgamma(x: np.ndarray) -> np.ndarray:
    return np.vectorize(math.lgamma, otypes=[float])(x)


def _mixture_bounds(k: np.ndarray, t: np.ndarray, rest: np.ndarray, threshold: np.ndarray,
                    iters: int = 60) -> tuple[np.ndarray, np.ndarray]:
    """Where ``k log p + (t - k) log(1 - p) + rest >= threshold`` (a concave function of ``p``,
    largest at ``k / t``): the ends of that interval, by bisection, vectorised over ``t``."""
    with np.errstate(divide="ignore", invalid="ignore"):
        def f(p: np.ndarray) -> np.ndarray:
            a = np.where(k > 0, k * np.log(p), 0.0)
            b = np.where(t - k > 0, (t - k) * np.log1p(-p), 0.0)
            return a + b + rest - threshold
        phat = k / t
        inside_low = f(np.zeros_like(phat)) >= 0
        inside_high = f(np.ones_like(phat)) >= 0
        a, b = np.zeros_like(phat), phat.copy()
        for _ in range(iters):  # lower end: f < 0 at a, f >= 0 at b
            m = (a + b) / 2
            ok = f(m) >= 0
            a, b = np.where(ok, a, m), np.where(ok, m, b)
        low = np.where(inside_low, 0.0, a)
        a, b = phat.copy(), np.ones_like(phat)
        for _ in range(iters):  # upper end: f >= 0 at a, f < 0 at b
            m = (a + b) / 2
            ok = f(m) >= 0
            a, b = np.where(ok, m, a), np.where(ok, b, m)
        high = np.where(inside_high, 1.0, b)
    return low, high


def beta_binomial_bounds(k: int, n: int, alpha: float = 0.05, prior: float = 0.5) -> tuple[float, float]:
    """The bounds :func:`beta_binomial_cs` gives after ``n`` games with ``k`` wins, at that
    look alone (before the running intersection): for planning how many games a width needs.

    Parameters
    ----------
    k : int
        The wins (observations equal to 1).
    n : int
        The games (observations).
    alpha : float, default 0.05
        One minus the coverage.
    prior : float, default 0.5
        Both parameters of the Beta mixing distribution (1/2: Jeffreys), as in
        :func:`beta_binomial_cs`.

    Returns
    -------
    tuple of float
        The interval's low and high ends.

    Examples
    --------
    >>> lo, hi = beta_binomial_bounds(250, 1000)
    >>> round(lo, 3), round(hi, 3)
    (0.202, 0.302)
    """
    kk, tt = np.array([float(k)]), np.array([float(n)])
    log_m = (math.lgamma(k + prior) + math.lgamma(n - k + prior) - math.lgamma(n + 2 * prior)
             + math.lgamma(2 * prior) - 2 * math.lgamma(prior))
    low, high = _mixture_bounds(kk, tt, np.zeros(1), np.array([log_m + math.log(alpha)]))
    return float(low[0]), float(high[0])


def normal_mixture_half_width(sd: float, n: int, alpha: float = 0.05, t_opt: int = 500) -> float:
    """The half-width of :func:`normal_mixture_cs` after ``n`` observations of spread ``sd``
    (at that look alone): for planning.

    Parameters
    ----------
    sd : float
        The observations' standard deviation.
    n : int
        The number of observations (at least 1).
    alpha : float, default 0.05
        One minus the coverage.
    t_opt : int, default 500
        Where the boundary is tightest, as in :func:`normal_mixture_cs`.

    Returns
    -------
    float
        Half the interval's width (each side of the mean).

    Examples
    --------
    >>> x = np.random.default_rng(4).normal(0, 2, 800)
    >>> cs = normal_mixture_cs(x)
    >>> h = normal_mixture_half_width(float(x.std()), 800)
    >>> bool(abs((cs.high[-1] - cs.low[-1]) / 2 - h) < 0.05)
    True
    """
    la = math.log(alpha)
    r2 = (-2 * la + math.log(-2 * la + 1)) / max(1, t_opt)
    return sd * math.sqrt(2 * (n * r2 + 1) / (n * n * r2) * math.log(math.sqrt(n * r2 + 1) / alpha))


def beta_binomial_cs(x, alpha: float = 0.05, prior: float = 0.5) -> CS:
    """Two-sided conjugate-mixture CS for the mean of 0/1 observations (see the module).

    With probability at least ``1 - alpha`` the true mean lies in ``[low[t], high[t]]`` for
    every ``t`` at once, when the observations are independent 0/1 values with a common
    mean (a seat's win indicator over games played from independent seeds).

    Parameters
    ----------
    x : array_like
        The 0/1 observations, in order.
    alpha : float, default 0.05
        One minus the coverage.
    prior : float, default 0.5
        Both parameters of the Beta mixing distribution (1/2: Jeffreys).

    Returns
    -------
    CS
        The confidence sequence (running intersection).

    Examples
    --------
    >>> x = np.random.default_rng(2).random(2000) < 0.25
    >>> cs = beta_binomial_cs(x)
    >>> bool(cs.low[-1] < 0.25 < cs.high[-1]), round(float(cs.high[-1] - cs.low[-1]), 3)
    (True, 0.066)
    """
    if not 0 < alpha < 1:
        raise ValueError(f"alpha must be in (0, 1), got {alpha}")
    y = np.asarray(x, dtype=float)
    if y.size and not np.isin(y, (0.0, 1.0)).all():
        raise ValueError("beta_binomial_cs needs 0/1 observations")
    n = len(y)
    if n == 0:
        e = np.empty(0)
        return CS(e, e, e)
    t = np.arange(1, n + 1, dtype=float)
    k = np.cumsum(y)
    a = float(prior)
    log_m = (_lgamma(k + a) + _lgamma(t - k + a) - _lgamma(t + 2 * a)
             + math.lgamma(2 * a) - 2 * math.lgamma(a))
    low, high = _mixture_bounds(k, t, np.zeros(n), log_m + math.log(alpha))
    return CS(k / t, np.maximum.accumulate(low), np.minimum.accumulate(high))


def multinomial_cs(outcomes, categories: int, seats_of: list[tuple[int, ...]], alpha: float = 0.05,
                   prior: float = 0.5) -> list[CS]:
    """Joint CS for every seat's win rate from one categorical draw per game (see the module).

    Game ``i``'s outcome is a category ``outcomes[i]`` in ``range(categories)`` (who won;
    a tie is its own category); ``seats_of[c]`` lists the seats that win in category ``c``.
    With probability at least ``1 - alpha`` *every* seat's win rate lies in its interval at
    every ``t`` at once (one Dirichlet-mixture martingale for the whole vector, projected
    to each seat: the largest and smallest win rate of a category distribution the set
    ``{q : M_t(q) < 1/alpha}`` holds).

    Parameters
    ----------
    outcomes : array_like of int
        The category of each game, in order.
    categories : int
        How many categories there are (fixed before the games).
    seats_of : list of tuple of int
        For each category, the seats that win in it.
    alpha : float, default 0.05
        One minus the joint coverage.
    prior : float, default 0.5
        Each parameter of the Dirichlet mixing distribution.

    Returns
    -------
    list of CS
        One confidence sequence per seat.

    Examples
    --------
    >>> rng = np.random.default_rng(3)
    >>> out = rng.choice(3, size=3000, p=[0.5, 0.3, 0.2])       # 2 seats; category 2 = a tie
    >>> seats = multinomial_cs(out, 3, [(0,), (1,), (0, 1)])
    >>> [bool(cs.low[-1] < p < cs.high[-1]) for cs, p in zip(seats, (0.7, 0.5))]
    [True, True]
    """
    if not 0 < alpha < 1:
        raise ValueError(f"alpha must be in (0, 1), got {alpha}")
    o = np.asarray(outcomes, dtype=int)
    if o.size and (o.min() < 0 or o.max() >= categories):
        raise ValueError(f"outcomes are categories in range({categories})")
    if len(seats_of) != categories:
        raise ValueError("seats_of needs one tuple of seats per category")
    n = len(o)
    seats = sorted({s for c in seats_of for s in c})
    if n == 0:
        e = np.empty(0)
        return [CS(e, e, e) for _ in seats]
    t = np.arange(1, n + 1, dtype=float)
    counts = np.zeros((categories, n))
    counts[o, np.arange(n)] = 1.0
    counts = np.cumsum(counts, axis=1)
    a = float(prior)
    log_m = (_lgamma(counts + a).sum(axis=0) - _lgamma(t + categories * a)
             + math.lgamma(categories * a) - categories * math.lgamma(a))
    threshold = log_m + math.log(alpha)

    def within(cats: list[int]) -> np.ndarray:
        """sum n_c log(n_c / n_group) over a group: the likelihood's best spread inside it."""
        if not cats:
            return np.zeros(n)
        c = counts[cats]
        tot = c.sum(axis=0)
        with np.errstate(divide="ignore", invalid="ignore"):
            return np.where(c > 0, c * np.log(c / tot), 0.0).sum(axis=0)
    out = []
    for s in seats:
        win = [c for c in range(categories) if s in seats_of[c]]
        lose = [c for c in range(categories) if s not in seats_of[c]]
        k = counts[win].sum(axis=0)
        low, high = _mixture_bounds(k, t, within(win) + within(lose), threshold)
        out.append(CS(k / t, np.maximum.accumulate(low), np.minimum.accumulate(high)))
    return out


def decide(low: float, high: float, tolerance: float | None = None) -> str:
    """What an interval for a difference decides: "higher" (excludes 0 from above),
    "lower", "same" (inside ``[-tolerance, tolerance]``, if a tolerance is given) or
    "undecided".

    Parameters
    ----------
    low, high : float
        The interval's bounds.
    tolerance : float, optional
        The difference that counts as "the same".

    Returns
    -------
    str
        ``"higher"``, ``"lower"``, ``"same"`` or ``"undecided"``.

    Examples
    --------
    >>> decide(0.01, 0.05), decide(-0.05, 0.02), decide(-0.01, 0.01, tolerance=0.02)
    ('higher', 'undecided', 'same')
    """
    if low > 0:
        return "higher"
    if high < 0:
        return "lower"
    if tolerance is not None and -tolerance <= low and high <= tolerance:
        return "same"
    return "undecided"
