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
