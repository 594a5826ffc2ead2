"""Balance statistics with confidence intervals (numpy only; no scipy needed).

Simulated games are independent samples, so a win rate is a binomial proportion (Wilson
interval) and a mean score has a normal-theory interval. Rule variants compared with
``compare_rules`` play the same seeds (common random numbers), so differences are
tested game by game (a paired test), which needs far fewer games to see a real effect.
"""
from __future__ import annotations

import math
from typing import NamedTuple, Sequence

import numpy as np

__all__ = ["Estimate", "Difference", "wilson", "mean_ci", "paired_difference", "Z95"]

#: two-sided 95% normal quantile
Z95 = 1.959963984540054


class Estimate(NamedTuple):
    """A value with its 95% interval and the sample size.

    Parameters
    ----------
    value : float
        The estimate.
    low, high : float
        Its 95% interval.
    n : int
        The sample size.

    Examples
    --------
    >>> e = wilson(30, 100)
    >>> e.value, round(e.low, 3), round(e.high, 3), e.n
    (0.3, 0.219, 0.396, 100)
    """

    value: float
    low: float
    high: float
    n: int

    def __str__(self) -> str:
        return f"{self.value:.3f} [{self.low:.3f}, {self.high:.3f}]"


class Difference(NamedTuple):
    """A paired difference (variant minus baseline) with its interval and p-value.

    Parameters
    ----------
    diff : float
        The mean of variant minus baseline.
    low, high : float
        Its 95% interval.
    p_value : float
        The two-sided p-value of "no difference".
    n : int
        The pairs of games.

    Examples
    --------
    >>> d = paired_difference([1, 2, 3], [0, 1, 1])
    >>> round(d.diff, 3), d.n, d.p_value < 0.05
    (1.333, 3, True)
    """

    diff: float
    low: float
    high: float
    p_value: float
    n: int

    @property
    def significant(self) -> bool:
        """Significant at the 5% level (the interval excludes 0)."""
        return self.p_value < 0.05


def wilson(successes: float, n: int, z: float = Z95) -> Estimate:
    """Wilson score interval for a proportion (good near 0 and 1, unlike p +/- 2 se).

    Parameters
    ----------
    successes : float
        How many of the trials succeeded (a shared win may count a fraction).
    n : int
        How many trials; 0 gives an estimate of NaN in [0, 1].
    z : float, default Z95
        The normal quantile of the interval (1.96 for 95%).

    Returns
    -------
    Estimate
        The proportion with its interval and ``n``.

    Examples
    --------
    >>> e = wilson(50, 100)
    >>> round(e.low, 4), round(e.high, 4)
    (0.4038, 0.5962)
    """
    if n <= 0:
        return Estimate(float("nan"), 0.0, 1.0, 0)
    p = successes / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return Estimate(p, max(0.0, centre - half), min(1.0, centre + half), n)


def mean_ci(values: Sequence[float], z: float = Z95) -> Estimate:
    """Mean with a normal-theory 95% interval (fine for the hundreds of games we run).

    Parameters
    ----------
    values : sequence of float
        One value per game.
    z : float, default Z95
        The normal quantile of the interval.

    Returns
    -------
    Estimate
        The mean with its interval (NaN bounds for fewer than two values).

    Examples
    --------
    >>> mean_ci([1, 2, 3, 4]).value
    2.5
    """
    x = np.asarray(values, dtype=float)
    n = len(x)
    if n == 0:
        return Estimate(float("nan"), float("nan"), float("nan"), 0)
    m = float(x.mean())
    if n == 1:
        return Estimate(m, float("nan"), float("nan"), 1)
    se = float(x.std(ddof=1)) / math.sqrt(n)
    return Estimate(m, m - z * se, m + z * se, n)


def _two_sided_p(zscore: float) -> float:
    return math.erfc(abs(zscore) / math.sqrt(2))


def paired_difference(variant: Sequence[float], baseline: Sequence[float], z: float = Z95) -> Difference:
    """Mean of ``variant - baseline`` over paired games, with a 95% interval and a p-value.

    Identical samples give a difference of exactly 0 and p = 1.

    Parameters
    ----------
    variant, baseline : sequence of float
        One value per game, game ``i`` of each played on the same seed.
    z : float, default Z95
        The normal quantile of the interval.

    Returns
    -------
    Difference
        The mean difference, its interval and the two-sided p-value.

    Examples
    --------
    >>> paired_difference([1, 1, 0, 1], [1, 1, 0, 1]).p_value
    1.0
    """
    a = np.asarray(variant, dtype=float)
    b = np.asarray(baseline, dtype=float)
    if a.shape != b.shape:
        raise ValueError(f"paired samples need the same length, got {len(a)} and {len(b)}")
    d = a - b
    n = len(d)
    if n == 0:
        return Difference(float("nan"), float("nan"), float("nan"), 1.0, 0)
    m = float(d.mean())
    sd = float(d.std(ddof=1)) if n > 1 else 0.0
    if sd == 0.0:
        # every game moved by the same amount: no spread to estimate an error from
        return Difference(m, m, m, 1.0 if m == 0 else 0.0, n)
    se = sd / math.sqrt(n)
    return Difference(m, m - z * se, m + z * se, _two_sided_p(m / se), n)
