"""core/memo.py: declared caches, the switch that turns them off, and the registry."""
from __future__ import annotations

import os
import subprocess
import sys

import pytest

from tabletop_nb.core import memo


def test_a_cache_is_a_plain_dict_while_caches_are_on():
    c = memo.cache("test_memo.plain", key="a string")
    assert type(c) is dict and memo.enabled()
    c["k"] = 1
    assert c.get("k") == 1 and "k" in c


def test_caches_made_inside_caches_off_do_nothing():
    with memo.caches_off():
        assert not memo.enabled()
        c = memo.cache("test_memo.off", key="a string")
    assert memo.enabled()                               # the switch is back on after the block
    c["k"] = 1
    c.update({"j": 2})
    assert c.setdefault("m", 3) == 3
    c |= {"n": 4}
    assert c.get("k") is None and c.get("k", 5) == 5 and "k" not in c and len(c) == 0
    assert list(c) == [] and isinstance(c, dict)
    with pytest.raises(KeyError):
        c["k"]


def test_caches_off_nests_and_restores_after_an_error():
    with pytest.raises(RuntimeError):
        with memo.caches_off():
            with memo.caches_off():
                pass
            assert not memo.enabled()
            raise RuntimeError
    assert memo.enabled()


def test_the_registry_counts_caches_and_refuses_a_second_key_for_a_name():
    before = memo.declared().get("test_memo.count")
    n0 = before.created if before else 0
    memo.cache("test_memo.count", key="(seat, state)")
    with memo.caches_off():
        memo.cache("test_memo.count", key="(seat, state)")
    entry = memo.declared()["test_memo.count"]
    assert entry.created == n0 + 2 and entry.key == "(seat, state)"
    with pytest.raises(ValueError, match="already declared"):
        memo.cache("test_memo.count", key="something else")
    with pytest.raises(ValueError):
        memo.cache("test_memo.nokey", key="")


def test_counting_caches_count_lookups_hits_and_stores():
    with memo.counting():
        c = memo.cache("test_memo.counted", key="an int")
    assert isinstance(c, dict)
    c[1] = "one"
    assert c.get(1) == "one" and c.get(2) is None and 1 in c and c[1] == "one"
    assert c.setdefault(3, "three") == "three"
    with pytest.raises(KeyError):
        c[4]
    e = memo.declared()["test_memo.counted"]
    assert (e.lookups, e.hits, e.stores) == (6, 3, 2)


def test_function_caches_by_arguments_and_reports_its_use():
    calls = []

    @memo.function(name="test_memo.fn", key="an int")
    def double(n):
        calls.append(n)
        return 2 * n

    assert [double(3), double(3), double(4)] == [6, 6, 8]
    assert calls == [3, 4]
    e = memo.declared()["test_memo.fn"]
    assert (e.hits, e.stores) == (1, 2)


def test_function_decorated_while_off_is_the_function_itself():
    def f(n):
        return n

    with memo.caches_off():
        g = memo.function(name="test_memo.fn_off", key="an int")(f)
    assert g is f


def test_the_environment_variable_turns_caches_off_in_a_new_process():
    code = ("from tabletop_nb.core import memo; c = memo.cache('x', key='y'); c[1] = 1; "
            "print(memo.enabled(), 1 in c, type(c).__name__)")
    env = dict(os.environ, TABLETOP_CACHES="off")
    out = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True,
                         check=True).stdout.split()
    assert out == ["False", "False", "NoCache"]
    env["TABLETOP_CACHES"] = "on"
    out = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True,
                         check=True).stdout.split()
    assert out == ["True", "True", "dict"]


def test_processes_started_inside_caches_off_have_caches_off():
    code = "from tabletop_nb.core import memo; print(memo.enabled())"
    before = os.environ.get("TABLETOP_CACHES")
    with memo.caches_off():
        inside = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                                check=True).stdout.strip()
    assert inside == "False"
    assert os.environ.get("TABLETOP_CACHES") == before   # the caller's environment is back


def test_function_caches_an_int_and_an_equal_float_apart():
    @memo.function(name="test_memo.typed", key="(a number, another)")
    def kind(n, m):
        return type(n).__name__

    assert (kind(3, 1), kind(3.0, 1), kind(3, 1)) == ("int", "float", "int")
