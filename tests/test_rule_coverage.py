"""tools/rule_coverage.py counts every ID form the checklists use."""
from __future__ import annotations

import importlib.util
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def _tool():
    spec = importlib.util.spec_from_file_location("rule_coverage", ROOT / "tools" / "rule_coverage.py")
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def test_three_part_ids_are_read_and_found_in_names_text_and_ranges(tmp_path):
    rc = _tool()
    checklist = tmp_path / "x.checklist.md"
    checklist.write_text("- **PR-ITEM-MAISY-01** a\n- **PR-ITEM-MAISY-02** b\n- **PR-SETUP-04** c\n"
                         "- **PR-ITEM-JAM-01** d\n- **PR-ITEM-JAM-02** e\n- **NK-EX-30a** f\n")
    ids = rc.checklist_ids(checklist)
    assert ids == ["PR-ITEM-MAISY-01", "PR-ITEM-MAISY-02", "PR-SETUP-04", "PR-ITEM-JAM-01",
                   "PR-ITEM-JAM-02", "NK-EX-30a"]
    tests = tmp_path / "tests"
    tests.mkdir()
    (tests / "test_a.py").write_text(
        "def test_pr_item_maisy_01_moves():\n    pass\n"
        "def test_other():\n    '''PR-ITEM-JAM-01..02: both.'''\n")
    found = rc.named_ids(tests, ids)
    assert {"PR-ITEM-MAISY-01", "PR-ITEM-JAM-01", "PR-ITEM-JAM-02"} <= found
    # not cited anywhere, and a prefix of a longer name is no citation
    assert "PR-ITEM-MAISY-02" not in found and "PR-SETUP-04" not in found
    assert "NK-EX-30a" not in found
