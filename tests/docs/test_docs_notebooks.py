"""The site's executed notebooks (docs/notebooks/) are current with notebooks/ (issue 29, item 3).

The site renders executed copies (``make docs-notebooks`` writes them) instead of executing
every notebook at build time (about five minutes). Each copy records a hash of its source's
cells; a copy that is missing, stale or left over fails here with the command that fixes it.
"""
from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "tools"))
import docs_notebooks  # noqa: E402

NAMES = sorted(p.stem for p in (ROOT / "notebooks").glob("*.ipynb"))


@pytest.mark.parametrize("name", NAMES)
def test_executed_copy_is_current(name):
    why = docs_notebooks.stale(name)
    assert why is None, f"docs/notebooks/{name}.ipynb: {why}; run `make docs-notebooks` and commit it"


def test_no_copy_without_its_notebook():
    extra = sorted(p.stem for p in (ROOT / "docs" / "notebooks").glob("*.ipynb") if p.stem not in NAMES)
    assert not extra, f"executed copies whose notebook is gone: {extra}; run `make docs-notebooks`"


@pytest.mark.parametrize("name", NAMES)
def test_copy_is_small_and_loads_nothing_from_a_cdn(name):
    path = ROOT / "docs" / "notebooks" / f"{name}.ipynb"
    if not path.exists():
        pytest.skip("no copy (the test above fails)")
    text = path.read_text()
    nb = json.loads(text)
    assert "widgets" not in nb["metadata"], "widget state is not stored (5 MB of plotly.js per figure)"
    assert len(text) < 3_000_000, f"{len(text)} bytes"
    for cdn in ("cdn.plot.ly", "cdn.jsdelivr", "unpkg.com", "cdnjs"):
        assert cdn not in text, f"{name} loads from {cdn}"
    for cell in nb["cells"]:
        for out in cell.get("outputs", []):
            assert out.get("output_type") != "error", f"{name}: a cell failed when executed"
