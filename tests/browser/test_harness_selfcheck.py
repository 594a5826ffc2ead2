"""The harness itself catches an error in a cell (so a green notebook test means something)."""
import json
from pathlib import Path

import pytest

from harness import cell_errors, chromium_page, jupyter_lab, plotly_figures, run_all

pytestmark = pytest.mark.browser


def _nb(cells):
    return {"cells": [{"cell_type": "code", "metadata": {}, "execution_count": None, "outputs": [],
                       "source": src} for src in cells],
            "metadata": {"kernelspec": {"display_name": "Python 3", "language": "python", "name": "python3"}},
            "nbformat": 4, "nbformat_minor": 5}


def test_harness_sees_figures_and_errors(tmp_path: Path):
    (tmp_path / "good.ipynb").write_text(json.dumps(_nb([
        "import plotly.graph_objects as go\ngo.Figure(go.Bar(x=[1, 2], y=[3, 1]))",
        "print('fine')"])))
    (tmp_path / "bad.ipynb").write_text(json.dumps(_nb(["1 / 0"])))
    with jupyter_lab(tmp_path) as lab, chromium_page() as page:
        prompts = run_all(page, lab, "good.ipynb")
        assert prompts == ["[1]:", "[2]:"]
        assert plotly_figures(page) == 1
        assert cell_errors(page) == []
        run_all(page, lab, "bad.ipynb")
        errs = cell_errors(page)
        assert errs and "ZeroDivisionError" in errs[0]
