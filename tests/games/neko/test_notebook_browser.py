"""notebooks/neko.ipynb in a real JupyterLab (headless Chromium): every cell runs without an
error and the table, the odds chart, the GameApp board and the win-rate chart are drawn."""
from __future__ import annotations

import shutil
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[3]
sys.path.insert(0, str(ROOT / "tests" / "browser"))

from harness import cell_errors, chromium_page, jupyter_lab, plotly_figures, run_all  # noqa: E402

pytestmark = pytest.mark.browser


@pytest.mark.timeout(400)
def test_neko_notebook_runs_in_jupyterlab(tmp_path: Path):
    shutil.copy(ROOT / "notebooks" / "neko.ipynb", tmp_path / "neko.ipynb")
    with jupyter_lab(tmp_path) as lab, chromium_page() as page:
        prompts = run_all(page, lab, "neko.ipynb", timeout=300)
        assert prompts and all(p.strip("[]:").isdigit() for p in prompts)
        assert cell_errors(page) == []
        assert plotly_figures(page) >= 4
