"""Balance statistics against known answers."""
import math

import numpy as np
import pytest

from tabletop_nb.core.stats import mean_ci, paired_difference, wilson


def test_wilson_known_values():
    e = wilson(50, 100)
    assert e.value == 0.5
    assert e.low == pytest.approx(0.40383, abs=1e-5) and e.high == pytest.approx(0.59617, abs=1e-5)
    z = wilson(0, 20)  # never 0-width at the edge, unlike p +/- 2 se
    assert z.low == 0 and z.high == pytest.approx(0.16112, abs=1e-5)
    assert wilson(20, 20).high == 1.0


def test_mean_ci_known_values():
    e = mean_ci([2, 4, 4, 4, 5, 5, 7, 9])
    assert e.value == 5
    se = np.std([2, 4, 4, 4, 5, 5, 7, 9], ddof=1) / math.sqrt(8)
    assert e.high - e.value == pytest.approx(1.959964 * se, rel=1e-6)


def test_paired_difference_identical_and_constant_shift():
    a = [3, 1, 4, 1, 5]
    assert paired_difference(a, a).p_value == 1.0 and not paired_difference(a, a).significant
    shifted = paired_difference([x + 10 for x in a], a)
    assert shifted.diff == 10 and shifted.significant
    with pytest.raises(ValueError):
        paired_difference([1, 2], [1])


def test_paired_test_false_positive_rate_is_about_five_percent():
    """Same distribution, independent samples: about 5% of tests reject (calibration)."""
    rng = np.random.default_rng(0)
    rejections = sum(paired_difference(rng.random(200) < 0.4, rng.random(200) < 0.4).significant
                     for _ in range(600))
    assert 0.025 < rejections / 600 < 0.08


def test_paired_test_detects_a_real_difference():
    rng = np.random.default_rng(1)
    hits = sum(paired_difference(rng.normal(0.3, 1, 300), rng.normal(0, 1, 300)).significant
               for _ in range(100))
    assert hits > 90
