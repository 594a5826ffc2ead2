"""Every notebook runs in JupyterLab in a real browser: all cells execute, no cell shows
an error (a traceback or a widget that failed to display), and plotly figures render."""
from pathlib import Path

import pytest

from harness import cell_errors, chromium_page, jupyter_lab, plotly_figures, run_all

pytestmark = pytest.mark.browser

NOTEBOOKS = Path(__file__).resolve().parents[2] / "notebooks"
NAMES = sorted(p.name for p in NOTEBOOKS.glob("*.ipynb"))
# how many plotly figures each notebook must show at least (boards, heat maps, charts)
MIN_FIGURES = {"neko.ipynb": 4, "pacal.ipynb": 3, "pebble_rock.ipynb": 4, "dice_odds.ipynb": 6,
               "rule_lab.ipynb": 4, "00_start_here.ipynb": 3,
               "skill.ipynb": 4, "balance.ipynb": 6}


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
        shown, need = plotly_figures(page), MIN_FIGURES.get(notebook, 1)
        assert shown >= need, f"{notebook}: {shown} plotly figures rendered, expected at least {need}"
