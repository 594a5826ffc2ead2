"""Every notebook runs in JupyterLab in a real browser: all cells execute, no cell shows
an error (a traceback or a widget that failed to display), and plotly figures render."""
from pathlib import Path

import pytest

from harness import cell_errors, chromium_page, jupyter_lab, plotly_figures, run_all

pytestmark = pytest.mark.browser

NOTEBOOKS = Path(__file__).resolve().parents[2] / "notebooks"
NAMES = sorted(p.name for p in NOTEBOOKS.glob("*.ipynb"))


@pytest.fixture(scope="module")
def lab():
    with jupyter_lab(NOTEBOOKS) as server:
        yield server


def test_the_notebooks_are_there():
    assert {"00_start_here.ipynb", "dice_odds.ipynb", "pebble_rock.ipynb", "neko.ipynb",
            "pacal.ipynb", "rule_lab.ipynb"} <= set(NAMES)


@pytest.mark.timeout(400)
@pytest.mark.parametrize("notebook", NAMES)
def test_notebook_runs_in_jupyterlab(lab, notebook):
    with chromium_page() as page:
        prompts = run_all(page, lab, notebook, timeout=300)
        errors = cell_errors(page)
        assert not errors, f"{notebook}: {errors}"
        unrun = [i for i, p in enumerate(prompts) if not any(ch.isdigit() for ch in p)]
        assert not unrun, f"{notebook}: code cells {unrun} did not run (prompts {prompts})"
        assert plotly_figures(page) >= 1, f"{notebook}: no plotly figure rendered"
