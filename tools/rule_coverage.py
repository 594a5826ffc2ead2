"""Which rulebook checklist IDs do the tests name?

Reads ``<rules>/<game>.checklist.md`` (default: docs/rules, copies of shared/rules) and
searches every file under tests/ for each ID (in a test name, ``pr_setup_04``, or in a
docstring or comment, ``PR-SETUP-04``; ranges like ``PR-SETUP-01..04`` count too).

    python tools/rule_coverage.py [--rules DIR] [--game pebble_rock] [--missing]

``citing_tests`` lists, for rule IDs, the test functions that cite them (the rules map's
sampled check runs them against a mutated home).
"""
from __future__ import annotations

import argparse
import ast
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

# one ID parser for the project: the rules map reads the code's docstrings with it
from tabletop_nb.rules_map import checklist_ids, cited_ids  # noqa: E402,F401

GAMES = {"pebble_rock": "pebble_rock", "neko": "neko", "pacal": "pacal"}


def named_ids(test_root: Path, ids: list[str] | None = None) -> set[str]:
    """Every ID cited under ``test_root``: in text (``PR-ITEM-MAISY-01``, ranges) or, for
    the ``ids`` given, as the snake-case form in a test's name (``test_pr_item_maisy_01_...``)."""
    found: set[str] = set()
    names: list[str] = []
    for f in test_root.rglob("*.py"):
        text = f.read_text(encoding="utf-8", errors="replace")
        found.update(cited_ids(text))
        names.extend(re.findall(r"def (test_\w+)", text))
    joined = "\n".join("_" + n + "_" for n in names)
    for i in ids or ():
        if i not in found and "_" + i.lower().replace("-", "_") + "_" in joined:
            found.add(i)
    return found


def citing_tests(test_root: Path, ids: list[str], root: Path = ROOT) -> dict[str, list[str]]:
    """The pytest node ids of the tests that cite each of ``ids``: a ``test_*`` function
    (or a method of a ``Test*`` class) whose name holds the ID's snake-case form
    (``test_pr_setup_04_...``) or whose docstring names it (ranges too).

    Parameters
    ----------
    test_root : Path
        The folder of the tests.
    ids : list of str
        The rule IDs.
    root : Path, optional
        The folder node ids are relative to (the project).

    Returns
    -------
    dict
        ``{id: ["tests/x/test_y.py::test_z", ...]}`` for the IDs some test cites, in file
        and line order.
    """
    snake = {i: "_" + i.lower().replace("-", "_") + "_" for i in ids}
    out: dict[str, list[str]] = {}
    for f in sorted(test_root.rglob("test_*.py")):
        tree = ast.parse(f.read_text(encoding="utf-8", errors="replace"))
        rel = f.relative_to(root).as_posix()
        for node, prefix in _tests(tree):
            cited = set(cited_ids(ast.get_docstring(node) or ""))
            name = "_" + node.name + "_"
            for i in ids:
                if i in cited or snake[i] in name:
                    out.setdefault(i, []).append(f"{rel}::{prefix}{node.name}")
    return out


def _tests(tree: ast.Module):
    """(test function node, class prefix) of a test module, in source order."""
    for node in tree.body:
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and node.name.startswith("test"):
            yield node, ""
        elif isinstance(node, ast.ClassDef) and node.name.startswith("Test"):
            for sub in node.body:
                if isinstance(sub, (ast.FunctionDef, ast.AsyncFunctionDef)) and sub.name.startswith("test"):
                    yield sub, f"{node.name}::"


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--rules", type=Path, default=ROOT / "docs" / "rules")
    ap.add_argument("--game", choices=sorted(GAMES), action="append")
    ap.add_argument("--missing", action="store_true", help="list the IDs no test names")
    args = ap.parse_args(argv)
    for game in args.game or sorted(GAMES):
        path = args.rules / f"{GAMES[game]}.checklist.md"
        if not path.exists():
            print(f"{game}: no checklist at {path}", file=sys.stderr)
            continue
        ids = checklist_ids(path)
        found = named_ids(ROOT / "tests", ids)
        covered = [i for i in ids if i in found]
        print(f"{game}: {len(covered)}/{len(ids)} rule IDs named by tests "
              f"({100 * len(covered) / max(1, len(ids)):.0f}%)")
        if args.missing:
            for i in ids:
                if i not in found:
                    print(f"  missing {i}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
