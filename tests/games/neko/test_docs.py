"""The examples in the Neko modules' docstrings run and give what they show."""
from __future__ import annotations

import doctest
import importlib

import pytest

MODULES = ["", ".rules", ".state", ".engine", ".board", ".bots", ".odds", ".view"]


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name):
    mod = importlib.import_module("tabletop_nb.games.neko" + name)
    result = doctest.testmod(mod, optionflags=doctest.ELLIPSIS)
    assert result.failed == 0


def test_engine_imports_no_plotting_or_tables():
    """The engine runs headless: importing it does not import plotly, ipywidgets or pandas."""
    import subprocess
    import sys
    code = ("import sys, tabletop_nb; g = tabletop_nb.load_game('neko', players=3); "
            "import tabletop_nb.games.neko.bots, tabletop_nb.games.neko.odds, "
            "tabletop_nb.games.neko.board; "
            "bad = [m for m in ('plotly', 'ipywidgets', 'pandas') if m in sys.modules]; "
            "print(bad); sys.exit(1 if bad else 0)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert out.returncode == 0, out.stdout + out.stderr
