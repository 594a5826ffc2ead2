"""Which rulebook checklist IDs do the tests name?

Reads ``<rules>/<game>.checklist.md`` (default: docs/rules, copies of shared/rules) and
searches every file under tests/ for each ID (in a test name, ``pr_setup_04``, or in a
docstring or comment, ``PR-SETUP-04``; ranges like ``PR-SETUP-01..04`` count too).

    python tools/rule_coverage.py [--rules DIR] [--game pebble_rock] [--missing]
"""
from __future__ import annotations

import argparse
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
