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


def test_citing_tests_name_the_test_functions_by_name_docstring_and_range(tmp_path):
    """citing_tests: the node ids of the test functions (and Test* methods) whose name or
    docstring cites an ID; a module docstring or a helper cites nothing."""
    rc = _tool()
    tests = tmp_path / "tests" / "games"
    tests.mkdir(parents=True)
    (tests / "test_b.py").write_text(
        '"""PC-END-01 in the module docstring."""\n'
        "def helper():\n    '''PC-END-01'''\n"
        "def test_pc_end_01_bonus():\n    pass\n"
        "def test_plain():\n    '''PC-END-01..03: ends.'''\n"
        "class TestEnds:\n    def test_more(self):\n        '''PC-END-02'''\n")
    got = rc.citing_tests(tmp_path / "tests", ["PC-END-01", "PC-END-02", "PC-END-04"], root=tmp_path)
    assert got == {
        "PC-END-01": ["tests/games/test_b.py::test_pc_end_01_bonus", "tests/games/test_b.py::test_plain"],
        "PC-END-02": ["tests/games/test_b.py::test_plain", "tests/games/test_b.py::TestEnds::test_more"],
    }
