"""Die: exact values on known dice, and hypothesis properties."""
from fractions import Fraction as F

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tabletop_nb import Die

D6 = Die(range(1, 7), name="d6")


def test_pmf_of_repeated_faces_and_symbols():
    steady = Die([1, 1, 2, 2, 3, 4], name="steady")
    assert steady.pmf == {1: F(1, 3), 2: F(1, 3), 3: F(1, 6), 4: F(1, 6)}
    assert steady.outcomes == (1, 2, 3, 4)
    res = Die(["fish", "maisy", "winds", "blank", "blank", "fish"])
    assert res.outcomes == ("fish", "maisy", "winds", "blank")  # face order kept for symbols
    assert res.prob("blank") == F(1, 3)
    assert res.prob("nothing") == 0
    assert res.prob(lambda v: v != "blank") == F(2, 3)


def test_mean_variance_exact():
    assert D6.mean == F(7, 2)
    assert D6.variance == F(35, 12)
    assert D6.std == pytest.approx((35 / 12) ** 0.5)
    with pytest.raises(TypeError, match="numeric"):
        Die(["fish", "blank"]).mean


def test_sum_of_two_dice_and_constants():
    two = D6 + D6
    assert two.prob(7) == F(1, 6)
    assert two.prob(2) == F(1, 36)
    assert (D6 + 1).outcomes == (2, 3, 4, 5, 6, 7)
    assert sum([D6, D6, D6]).prob(3) == F(1, 216)
    assert (D6 - D6).prob(0) == F(1, 6)
    assert (-D6).outcomes == (-6, -5, -4, -3, -2, -1)


def test_total_of_ten_d6_matches_known_values():
    t = D6.total(10)
    assert t.prob(10) == F(1, 6 ** 10)
    assert t.prob(35) == F(4395456, 6 ** 10)  # the central coefficient of (x + ... + x^6)^10
    assert t == sum([D6] * 10)
    assert t.mean == 35


def test_lowest_and_highest():
    assert D6.lowest(2).prob(1) == F(11, 36)
    assert D6.highest(2).prob(6) == F(11, 36)
    low5 = D6.lowest(5)
    assert low5.prob(6) == F(1, 6 ** 5)
    assert low5.prob(1) == 1 - F(5, 6) ** 5
    with pytest.raises(TypeError):
        Die(["fish", 1]).lowest(2)


def test_joint_map_given():
    steady = Die([1, 1, 2, 2, 3, 4])
    resource = Die(["fish", "fish", "maisy", "winds", "blank", "blank"])
    j = Die.joint(steady, resource)
    assert j.prob((4, "winds")) == F(1, 36)
    moved = j.map(lambda t: t[0] * 2 if t[1] == "winds" else t[0])
    assert moved.prob(8) == F(1, 36)
    assert moved.prob(4) == F(1, 6) * F(5, 6) + F(1, 3) * F(1, 6)
    assert D6.given(lambda v: v >= 5).pmf == {5: F(1, 2), 6: F(1, 2)}
    with pytest.raises(ValueError):
        D6.given(lambda v: v > 6)


def test_immutable_hashable_equal():
    a = Die([1, 2, 2], name="x")
    b = Die([2, 1, 2], name="x")
    assert a == b and hash(a) == hash(b)
    assert a != Die([1, 2, 2], name="y")
    assert Die([1, 2]) == Die([1, 1, 2, 2]) and Die([1, 2]) != Die([1, 2, 2])
    assert len({a, b}) == 1
    with pytest.raises(AttributeError):
        a.faces = (1,)
    with pytest.raises(TypeError):
        a.pmf[1] = F(1)


def test_sampling_is_vectorised_seeded_and_fair():
    x = D6.sample(60_000, rng=3)
    assert x.shape == (60_000,) and x.dtype.kind == "i"
    assert np.array_equal(x, D6.sample(60_000, rng=3))
    counts = np.bincount(x, minlength=7)[1:]
    assert np.all(np.abs(counts / 60_000 - 1 / 6) < 0.01)
    sym = Die(["fish", "blank"]).sample(10, rng=np.random.default_rng(1))
    assert set(sym) <= {"fish", "blank"}
    assert Die([5]).roll(rng=0) == 5
    derived = (D6 + D6).sample(50_000, rng=2)
    assert abs((derived == 7).mean() - 1 / 6) < 0.01


def test_plain_round_trip_and_pickle():
    import pickle
    for d in (D6, Die(["a", "b", "b"], name="sym"), D6 + D6, D6.lowest(3)):
        assert Die.from_plain(d.to_plain()) == d
        assert pickle.loads(pickle.dumps(d)) == d
    with pytest.raises(ValueError):
        Die.from_plain({"outcomes": [1], "weights": ["x"]})
    with pytest.raises(ValueError):
        Die([])


def test_from_pmf_checks():
    assert Die.from_pmf({"hit": F(1, 3), "miss": F(2, 3)}).prob("miss") == F(2, 3)
    with pytest.raises(ValueError, match="sum to 1"):
        Die.from_pmf({1: F(1, 2)})


numeric_faces = st.lists(st.integers(-5, 12), min_size=1, max_size=8)


@settings(max_examples=60, deadline=None)
@given(numeric_faces)
def test_probabilities_sum_to_one(faces):
    d = Die(faces)
    assert sum(d.pmf.values()) == 1
    assert all(p > 0 for p in d.pmf.values())


@settings(max_examples=60, deadline=None)
@given(numeric_faces, numeric_faces)
def test_mean_of_a_sum_is_the_sum_of_means(a, b):
    da, db = Die(a), Die(b)
    s = da + db
    assert s.mean == da.mean + db.mean
    assert s.variance == da.variance + db.variance  # independent
    assert sum(s.pmf.values()) == 1


@settings(max_examples=40, deadline=None)
@given(numeric_faces, st.integers(1, 5))
def test_order_statistics_are_distributions_and_bounded(faces, n):
    d = Die(faces)
    lo, hi = d.lowest(n), d.highest(n)
    assert sum(lo.pmf.values()) == 1 and sum(hi.pmf.values()) == 1
    assert lo.mean <= d.mean <= hi.mean
    assert min(lo.outcomes) == min(faces) and max(hi.outcomes) == max(faces)


@settings(max_examples=40, deadline=None)
@given(numeric_faces, st.integers(1, 6))
def test_total_equals_repeated_addition(faces, n):
    d = Die(faces)
    assert d.total(n) == sum([d] * n)
    assert d.total(n).mean == n * d.mean


@settings(max_examples=60, deadline=None)
@given(numeric_faces, st.randoms(use_true_random=False))
def test_equal_dice_hash_equal_whatever_the_face_order_or_repeats(faces, rnd):
    shuffled = list(faces)
    rnd.shuffle(shuffled)
    d, e, twice = Die(faces), Die(shuffled), Die(faces * 2)
    assert d == e == twice and hash(d) == hash(e) == hash(twice)
    assert hash(d + d) == hash(e + e) and d + d == twice + e
    assert Die(faces, name="a") != Die(faces, name="b")


def test_reading_a_die_leaves_it_as_it_was():
    d = D6 + D6
    before = (d.to_plain(), hash(d), repr(d))
    d.sample(10, rng=1), d.pmf, d.roll(rng=2), hash(d), d.mean
    assert (d.to_plain(), hash(d), repr(d)) == before
    assert d.sample(10, rng=1).tolist() == (D6 + D6).sample(10, rng=1).tolist()
