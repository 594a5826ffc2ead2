"""Write a notebook from a compact Python description (cells as strings), without outputs.

Notebooks are the product's face and are reviewed as diffs, so we keep their source in
a readable script: ``python tools/make_notebook.py notebooks/src/00_start_here.py``
writes ``notebooks/00_start_here.ipynb``. In the source, a line ``# %% [markdown]``
starts a markdown cell and ``# %%`` a code cell (the "percent" format of Jupytext);
markdown lines are written as ``# text``. Cell tags follow the marker as in Jupytext:
``# %% [markdown] tags=["teacher"]`` (the classroom app leaves out cells tagged ``teacher``).
"""
from __future__ import annotations

import json
import re
import sys
from pathlib import Path


def parse(text: str) -> list[dict]:
    cells, kind, buf, tags = [], None, [], []

    def flush():
        if kind is None:
            return
        lines = buf[:]
        while lines and not lines[-1].strip():
            lines.pop()
        while lines and not lines[0].strip():
            lines.pop(0)
        if kind == "markdown":
            lines = [l[2:] if l.startswith("# ") else l.lstrip("#") for l in lines]
        src = "\n".join(lines)
        cell = {"cell_type": kind, "metadata": {"tags": tags} if tags else {},
                "source": src.splitlines(keepends=True)}
        if kind == "code":
            cell.update(execution_count=None, outputs=[])
        cells.append(cell)

    for line in text.splitlines():
        if line.startswith("# %%"):
            flush()
            kind, buf = ("markdown" if "[markdown]" in line else "code"), []
            m = re.search(r"tags=(\[.*?\])", line)
            tags = json.loads(m[1]) if m else []
        elif kind is not None:
            buf.append(line)
    flush()
    return cells


def build(src: Path, out: Path) -> None:
    nb = {"cells": parse(src.read_text(encoding="utf-8")),
          "metadata": {"kernelspec": {"display_name": "Python 3 (ipykernel)", "language": "python",
                                      "name": "python3"},
                       "language_info": {"name": "python"}},
          "nbformat": 4, "nbformat_minor": 5}
    for i, c in enumerate(nb["cells"]):
        c["id"] = f"{out.stem[:40]}-{i}"
    out.write_text(json.dumps(nb, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")


if __name__ == "__main__":
    for arg in sys.argv[1:]:
        src = Path(arg)
        build(src, src.parent.parent / (src.stem + ".ipynb"))
