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
GAMES = {"pebble_rock": "pebble_rock", "neko": "neko", "pacal": "pacal"}
ID = re.compile(r"\*\*([A-Z]+-[A-Z0-9]+-\d+[a-z]?)\*\*")
RANGE = re.compile(r"\b([A-Z]+-[A-Z0-9]+-)(\d+)\.\.(?:[A-Z]+-[A-Z0-9]+-)?(\d+)\b")


def checklist_ids(path: Path) -> list[str]:
    return list(dict.fromkeys(ID.findall(path.read_text(encoding="utf-8"))))


def named_ids(test_root: Path) -> set[str]:
    found: set[str] = set()
    for f in test_root.rglob("*.py"):
        text = f.read_text(encoding="utf-8", errors="replace")
        for m in RANGE.finditer(text):
            prefix, a, b = m.group(1), int(m.group(2)), int(m.group(3))
            width = len(m.group(2))
            found.update(f"{prefix}{i:0{width}d}" for i in range(a, b + 1))
        found.update(re.findall(r"\b[A-Z]+-[A-Z0-9]+-\d+[a-z]?\b", text))
        for name in re.findall(r"def (test_\w+)", text):
            for m in re.finditer(r"([a-z]+)_([a-z0-9]+)_(\d+[a-z]?)", name):
                found.add(f"{m.group(1).upper()}-{m.group(2).upper()}-{m.group(3)}")
    return found


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--rules", type=Path, default=ROOT / "docs" / "rules")
    ap.add_argument("--game", choices=sorted(GAMES), action="append")
    ap.add_argument("--missing", action="store_true", help="list the IDs no test names")
    args = ap.parse_args(argv)
    found = named_ids(ROOT / "tests")
    for game in args.game or sorted(GAMES):
        path = args.rules / f"{GAMES[game]}.checklist.md"
        if not path.exists():
            print(f"{game}: no checklist at {path}", file=sys.stderr)
            continue
        ids = checklist_ids(path)
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
