"""Execute the notebooks into docs/notebooks/ for the documentation site (make docs-notebooks).

The notebooks in notebooks/ are committed without outputs. The site shows them with their
outputs, but executing all of them takes about five minutes on a busy two-core machine
(measured: 23-70 s each), too slow for every docs build. So this script executes each
notebook once and stores a copy with outputs in docs/notebooks/, which the site renders as
is (MyST-NB with execution off). tests/docs/test_docs_notebooks.py checks that every copy
is current: same cells as its source, recorded by a hash of the source's cells.

Each copy is made small and stable:

- plotly outputs (``application/vnd.plotly.v1+json``) become an HTML div drawn by the
  site's own plotly.js (docs/_ext/tabletop_docs.py serves it), with a stable div id; no
  plotly.js inside the notebook and no CDN;
- widget state is not stored (each FigureWidget would carry 5 MB of plotly.js), and a
  widget's output becomes a short note that it needs a running kernel;
- execution counts and timing metadata are kept, cell ids are the source's.

Usage::

    python tools/docs_notebooks.py              # every notebook whose copy is missing or stale
    python tools/docs_notebooks.py --all        # every notebook
    python tools/docs_notebooks.py NAME ...     # these (e.g. dice_odds or notebooks/dice_odds.ipynb)
    python tools/docs_notebooks.py --check      # exit 1 if a copy is missing or stale
"""
from __future__ import annotations

import argparse
import copy
import hashlib
import html
import json
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SOURCES = ROOT / "notebooks"
COPIES = ROOT / "docs" / "notebooks"
WIDGET_MIME = "application/vnd.jupyter.widget-view+json"
PLOTLY_MIME = "application/vnd.plotly.v1+json"


def source_hash(nb: dict) -> str:
    """A hash of what a notebook says: each cell's type and source, in order."""
    cells = [[c["cell_type"], "".join(c["source"]) if isinstance(c["source"], list) else c["source"]]
             for c in nb["cells"]]
    return hashlib.sha256(json.dumps(cells, ensure_ascii=False).encode()).hexdigest()


def stale(name: str) -> str | None:
    """Why docs/notebooks/NAME.ipynb is not current with notebooks/NAME.ipynb (None if it is)."""
    src = SOURCES / f"{name}.ipynb"
    dst = COPIES / f"{name}.ipynb"
    if not dst.exists():
        return "no executed copy"
    want = source_hash(json.loads(src.read_text()))
    got = json.loads(dst.read_text()).get("metadata", {}).get("tabletop_docs", {}).get("source_sha256")
    if got != want:
        return "its source changed since the copy was executed"
    return None


def _plotly_html(fig: dict, div_id: str) -> str:
    import plotly.io as pio
    return pio.to_html(fig, include_plotlyjs=False, full_html=False, div_id=div_id,
                       config={"responsive": True, "displaylogo": False})


def _widget_note(data: dict) -> str:
    text = data.get("text/plain", "")
    text = "".join(text) if isinstance(text, list) else text
    what = html.escape(text.split("(")[0].strip() or "an interactive widget")
    return (f'<div class="widget-note"><b>{what}</b>: an interactive widget. It needs a running '
            f'kernel: open this notebook in JupyterLab (<code>make lab</code>) or on Binder to use it.</div>')


def clean(nb: dict, name: str) -> dict:
    """The executed notebook made small and stable for the site (see the module docstring)."""
    nb = copy.deepcopy(nb)
    nb["metadata"].pop("widgets", None)
    n = 0
    for cell in nb["cells"]:
        cell.get("metadata", {}).pop("execution", None)
        for out in cell.get("outputs", []):
            data = out.get("data")
            if not data:
                continue
            if PLOTLY_MIME in data:
                n += 1
                div = _plotly_html(data[PLOTLY_MIME], f"{name}-fig-{n}")
                out["data"] = {"text/html": div, "text/plain": "<plotly figure: see the site>"}
            elif WIDGET_MIME in data:
                out["data"] = {"text/html": _widget_note(data), "text/plain": data.get("text/plain", "")}
    return nb


def execute(name: str, timeout: int = 600) -> float:
    """Execute notebooks/NAME.ipynb and write the cleaned copy; return the seconds taken."""
    import nbformat
    from nbclient import NotebookClient

    src = SOURCES / f"{name}.ipynb"
    nb = nbformat.read(src, as_version=4)
    want = source_hash(json.loads(src.read_text()))
    t0 = time.perf_counter()
    NotebookClient(nb, timeout=timeout, kernel_name="python3", store_widget_state=False,
                   resources={"metadata": {"path": str(SOURCES)}}).execute()
    took = time.perf_counter() - t0
    out = clean(json.loads(nbformat.writes(nb)), name)
    out["metadata"]["tabletop_docs"] = {"source_sha256": want,
                                        "note": "executed by tools/docs_notebooks.py; edit notebooks/ instead"}
    COPIES.mkdir(parents=True, exist_ok=True)
    (COPIES / f"{name}.ipynb").write_text(json.dumps(out, indent=1, ensure_ascii=False) + "\n")
    return took


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("names", nargs="*", help="notebook names (default: the missing or stale ones)")
    ap.add_argument("--all", action="store_true", help="execute every notebook")
    ap.add_argument("--check", action="store_true", help="only report missing or stale copies")
    args = ap.parse_args(argv)
    every = sorted(p.stem for p in SOURCES.glob("*.ipynb"))
    for p in COPIES.glob("*.ipynb"):
        if p.stem not in every:
            print(f"removing {p.relative_to(ROOT)}: its notebook is gone")
            if not args.check:
                p.unlink()
    if args.check:
        bad = {n: why for n in every if (why := stale(n))}
        for n, why in bad.items():
            print(f"docs/notebooks/{n}.ipynb: {why}; run `make docs-notebooks`")
        return 1 if bad else 0
    names = [Path(n).stem for n in args.names] or (every if args.all else [n for n in every if stale(n)])
    total = 0.0
    for n in names:
        took = execute(n)
        total += took
        print(f"{n}: executed in {took:.1f} s")
    print(f"{len(names)} notebooks, {total:.1f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
