"""Shared set-up of the fuzz suite (issue 10): a hypothesis profile and honest counting.

``TABLETOP_FUZZ_EXAMPLES`` sets how many examples each property tries (default 12, so the
whole suite, widgets included, runs in well under a minute in CI);
``benchmarks/fuzz.py --examples N`` raises it. Each generated bad input is one *case*,
counted with the ``fuzz_case`` fixture under its class (actions, rules, records, widgets,
cli, interrupts). A case *got through* when the code under test did the wrong thing
(accepted it, raised the wrong error, or changed a state); the test then fails too.
With ``TABLETOP_FUZZ_REPORT=path`` the counts are written there as JSON at the end.
"""
from __future__ import annotations

import collections
import contextlib
import json
import os
import sys

import pytest
from hypothesis import HealthCheck, settings

sys.path.insert(0, os.path.dirname(__file__))  # `from _strategies import ...`

EXAMPLES = int(os.environ.get("TABLETOP_FUZZ_EXAMPLES", "12"))

settings.register_profile(
    "tabletop_fuzz", max_examples=EXAMPLES, deadline=None, derandomize=False,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much,
                           HealthCheck.function_scoped_fixture, HealthCheck.data_too_large])
settings.load_profile("tabletop_fuzz")

#: class -> [tried, got through]
COUNTS: dict = collections.defaultdict(lambda: [0, 0])


class _Cases:
    """``with fuzz_case("rules"): ...`` counts one case; an exception out of the block
    (a failed check) counts it as got through and is re-raised."""

    def __call__(self, klass: str, n: int = 1):
        return self._case(klass, n)

    @contextlib.contextmanager
    def _case(self, klass: str, n: int):
        COUNTS[klass][0] += n
        try:
            yield
        except BaseException:
            COUNTS[klass][1] += n
            raise


@pytest.fixture
def fuzz_case():
    return _Cases()


_WRITTEN: dict = {}


def _write_counts() -> None:
    """Add this session's new counts to the report file (after every test, so a run that is
    stopped part-way still leaves honest counts of what it tried)."""
    path = os.environ.get("TABLETOP_FUZZ_REPORT")
    if not path or not COUNTS:
        return
    old = {}
    if os.path.exists(path):
        with open(path) as f:
            old = json.load(f)
    for k, (tried, through) in COUNTS.items():
        done = _WRITTEN.get(k, (0, 0))
        o = old.setdefault(k, [0, 0])
        o[0] += tried - done[0]
        o[1] += through - done[1]
        _WRITTEN[k] = (tried, through)
    with open(path, "w") as f:
        json.dump(old, f, indent=1, sort_keys=True)


def pytest_runtest_teardown(item, nextitem):
    _write_counts()


def pytest_sessionfinish(session, exitstatus):
    _write_counts()
