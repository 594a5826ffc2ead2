"""tools/readability.py counts what issue 27 measures: Speed comments, private names used
across modules, functions without docstring."""
from __future__ import annotations

import ast
import importlib.util
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def _tool():
    spec = importlib.util.spec_from_file_location("readability", ROOT / "tools" / "readability.py")
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


SRC = '''
"""Module. Speed: not a comment line but a docstring line."""
from .engine import _hidden, shown
# Speed: a cache
x = 1  # speed in lower case is not counted

def documented(game):
    """Doc."""
    return game._prof + self_like._y

class A:
    def method(self):
        return self._own + super()._base()
'''


def test_counts_speed_lines_private_uses_and_undocumented_functions():
    rb = _tool()
    assert rb.speed_lines(SRC) == 2
    tree = ast.parse(SRC)
    uses = sorted(u for _, u in rb.private_uses(tree))
    assert uses == ["game._prof", "import _hidden", "self_like._y"]
    assert rb.undocumented(tree) == ["method"]


def test_measures_this_checkout():
    got = _tool().measure(ROOT)
    assert got["import cycles"] == 0
    assert got["engine functions"] > 100


SHAPE_SRC = '''
from dataclasses import dataclass
from typing import NamedTuple

class Stubs:
    def stub(self, s):
        """Written in turn.py."""
        ...
    def raises(self):
        raise NotImplementedError
    def real(self):
        return 1

@dataclass(frozen=True)
class Bid:
    """A bid on a space. Rules: NK-BID-03..05."""

class Ship(NamedTuple):
    """A ship. Rules: NK-SHIP-01."""
    lane: int

class Offer:
    """Not a record. Rules: NK-BID-01."""
'''


def test_counts_stubs_records_and_ranges():
    rb = _tool()
    tree = ast.parse(SHAPE_SRC)
    fns = {n.name: n for n in ast.walk(tree) if isinstance(n, ast.FunctionDef)}
    assert [rb._is_stub(fns[k]) for k in ("stub", "raises", "real")] == [True, True, False]
    classes = {n.name: n for n in ast.walk(tree) if isinstance(n, ast.ClassDef)}
    assert [rb._is_record(classes[k]) for k in ("Bid", "Ship", "Offer", "Stubs")] == [True, True, False, False]


def test_engine_shape_and_rule_homes_cover_every_game():
    rb = _tool()
    shape, homes = rb.engine_shape(ROOT), rb.rule_homes(ROOT)
    assert set(shape) == set(homes) == {"neko", "pacal", "pebble_rock"}
    assert shape["pacal"]["engine classes with more than one base"] == 0
    assert all(v >= 0 for d in homes.values() for v in d.values())
