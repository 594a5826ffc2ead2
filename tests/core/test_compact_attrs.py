"""The limit behind the game objects' "at most 28 instance attributes" (Speed), checked
against the running CPython rather than taken on trust.

CPython 3.11 keeps an instance's attributes as a values array over keys shared by all
instances of its class, and specialises attribute and method loads on it
(``LOAD_ATTR_INSTANCE_VALUE``, ``LOAD_METHOD_WITH_VALUES``) only while its ``__dict__`` is
not materialised and the shared keys have room for its names: ``SHARED_KEYS_MAX_SIZE``
(30, Include/internal/pycore_dict.h) less one for each instance made while the keys still
grow, down to one free name. The first instance so gets 29 names; a later name that does
not fit, or ``obj.__dict__[...] = ...``, gives the object an ordinary dict and its loads
go through the slower dict forms. Neko's and Pebble Rock's game objects therefore set at
most 28 names in ``setup()`` (their test_engine_speed.py), which leaves the one name that
is always free to the greedy bot's cache, however many games were made first.
"""
from __future__ import annotations

import dis
import sys

import pytest

#: the names a game object may set in setup() (see the module docstring)
GAME_ATTR_LIMIT = 28

needs_311 = pytest.mark.skipif(sys.implementation.name != "cpython" or sys.version_info[:2] != (3, 11),
                               reason="the opcode names and the limit are CPython 3.11's")


def specialised(obj, name: str = "a0", method: str = "m") -> bool:
    """Whether a warm load of ``obj.<name>`` and call of ``obj.<method>()`` use the
    values-array forms of the adaptive interpreter."""
    ns: dict = {}
    exec(f"def probe(o):\n    return o.{name}, o.{method}()\n", ns)
    probe = ns["probe"]
    for _ in range(2000):   # past the warm-up and any back-off of the adaptive counters
        probe(obj)
    ops = {i.opname for i in dis.get_instructions(probe, adaptive=True)}
    return "LOAD_ATTR_INSTANCE_VALUE" in ops and "LOAD_METHOD_WITH_VALUES" in ops


def _instances(n_names: int, n_instances: int = 1, late: int = 0, materialise: bool = False):
    C = type("C", (), {"m": lambda self: 1})
    objs = []
    for _ in range(n_instances):
        o = C()
        for i in range(n_names):
            setattr(o, f"a{i}", i)
        objs.append(o)
    o = objs[-1]
    for i in range(late):
        setattr(o, f"late{i}", i)
    if materialise:
        o.__dict__["x"] = 1
    return o


@needs_311
def test_the_first_instance_keeps_29_names_compact():
    assert specialised(_instances(GAME_ATTR_LIMIT + 1))
    assert not specialised(_instances(GAME_ATTR_LIMIT + 2))


@needs_311
def test_one_late_name_always_fits_after_28():
    """The bot's one cache, set after many games were made, still fits; a second does not."""
    assert specialised(_instances(GAME_ATTR_LIMIT, n_instances=10, late=1))
    assert not specialised(_instances(GAME_ATTR_LIMIT, n_instances=10, late=2))


@needs_311
def test_a_materialised_dict_loses_the_compact_form():
    assert specialised(_instances(5))
    assert not specialised(_instances(5, materialise=True))
