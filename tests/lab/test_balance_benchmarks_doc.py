"""docs/balance-benchmarks.md reads its numbers from benchmarks/results/balance.jsonl: every
table in it is the one benchmarks/bench_balance.py makes from the rows (``--part tables``), and
it has no table typed by hand."""
from __future__ import annotations

import importlib.util
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
DOC = ROOT / "docs" / "balance-benchmarks.md"


@pytest.fixture(scope="module")
def bench():
    spec = importlib.util.spec_from_file_location("bench_balance", ROOT / "benchmarks" / "bench_balance.py")
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def test_every_table_is_made_from_the_rows(bench):
    text = DOC.read_text(encoding="utf-8")
    rows = bench.read_rows()
    assert bench.render_doc(text, rows) == text, \
        "the note's tables differ from balance.jsonl: python benchmarks/bench_balance.py --part tables"
    named = re.findall(r"<!-- balance-table:([a-z-]+) -->", text)
    assert sorted(set(named)) == sorted(bench.TABLES), "each table of bench_balance.TABLES once in the note"


def test_no_table_is_typed_by_hand():
    text = DOC.read_text(encoding="utf-8")
    outside = re.sub(r"<!-- balance-table:[a-z-]+ -->\n.*?<!-- /balance-table -->", "", text, flags=re.S)
    typed = [line for line in outside.splitlines() if line.lstrip().startswith("|")]
    assert not typed, f"table lines outside the generated blocks: {typed[:3]}"


def test_a_changed_row_changes_the_note(bench):
    """Not vacuous: the check sees a number that differs from the file."""
    text = DOC.read_text(encoding="utf-8")
    rows = bench.read_rows()
    synth = [r for r in rows if r.get("part") == "synthetic"][-1]
    synth["share_of_tool_grid"] += 0.5
    assert bench.render_doc(text, rows) != text
