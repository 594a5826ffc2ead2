"""Notebooks with a percent-format source in notebooks/src/ are up to date with it, and
every notebook is committed without outputs or widget state."""
import json
from pathlib import Path

import pytest

import importlib.util

ROOT = Path(__file__).resolve().parents[1]
SOURCES = sorted((ROOT / "notebooks" / "src").glob("*.py"))
NOTEBOOKS = sorted((ROOT / "notebooks").glob("*.ipynb"))


def _tool():
    spec = importlib.util.spec_from_file_location("make_notebook", ROOT / "tools" / "make_notebook.py")
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


@pytest.mark.parametrize("src", SOURCES, ids=[s.stem for s in SOURCES])
def test_notebook_matches_its_source(src):
    built = _tool().parse(src.read_text(encoding="utf-8"))
    nb = json.loads((ROOT / "notebooks" / f"{src.stem}.ipynb").read_text(encoding="utf-8"))
    strip = lambda cells: [(c["cell_type"], "".join(c["source"])) for c in cells]
    assert strip(nb["cells"]) == strip(built), \
        f"notebooks/{src.stem}.ipynb is stale: run python tools/make_notebook.py {src.relative_to(ROOT)}"


@pytest.mark.parametrize("nb", NOTEBOOKS, ids=[n.stem for n in NOTEBOOKS])
def test_notebook_has_no_outputs(nb):
    data = json.loads(nb.read_text(encoding="utf-8"))
    assert "widgets" not in data.get("metadata", {}), "widget state is stored in the notebook"
    for c in data["cells"]:
        if c["cell_type"] == "code":
            assert not c.get("outputs") and c.get("execution_count") is None, "outputs are stored"
