"""The rules map: every checklist rule has a findable home in the code, the function that
decides it.

A function or method is a rule's home when its docstring names the rule's checklist ID
(``NK-BID-04``); ``tabletop_nb.rules_map`` reads them with ``ast``. Per game:

(a) every ID a docstring cites exists in the checklist;
(b) every reason in ``games/<game>/rules_without_code.toml`` names a checklist ID that no
    function also claims;
(c) ``docs/rules-map.md`` is what ``python tools/rules_map.py`` writes from the code now;
(d) every checklist ID has a home or a reason;
(e) no class cites a rule (records, actions, frames and states hold what a rule decides:
    a class is no home) and no docstring writes a range (``NK-BID-03..05`` attaches rules
    to a function whether or not it decides them: a home names each);
(f) sampled: a rule's home, made to fail, fails the tests that cite the rule.

The checklists are the shared originals beside the project (``../shared/rules``) or their
copies in ``docs/rules/`` (kept equal by tests/test_rulings.py); without either, the tests
that need them fail and say so. The parser itself is tested on small sources at the end.
"""
from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest

import tabletop_nb
from tabletop_nb.rules_map import (_package_homes, checklist_ids, checklist_map, cited_ids,
                                   docstring_homes, docstring_problems, find_checklist,
                                   home_problems, rules_map, rules_without_code)

ROOT = Path(__file__).resolve().parents[1]
GAMES = ["neko", "pacal", "pebble_rock"]


def _tool():
    spec = importlib.util.spec_from_file_location("rules_map_tool", ROOT / "tools" / "rules_map.py")
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def _checklist(game: str, examples: bool = False) -> list[str]:
    try:
        return checklist_ids(find_checklist(game), examples)
    except FileNotFoundError as e:
        pytest.fail(f"the rules checklist is needed here and is missing: {e}", pytrace=False)


@pytest.mark.parametrize("game", GAMES)
def test_every_cited_id_is_in_the_checklist(game):
    """(a) A docstring that cites an ID the checklist does not have fails, naming both.
    A worked example's ID (NK-EX-24) may be cited too."""
    ids = set(_checklist(game, examples=True))
    bad = [f"{r['function']} ({r['file']}:{r['line']}) cites {r['rule']}"
           for r in rules_map(game, as_frame=False) if r["rule"] not in ids]
    assert not bad, (f"{game}: docstrings cite rule IDs that are not in {game}.checklist.md:\n"
                     + "\n".join(bad))


@pytest.mark.parametrize("game", GAMES)
def test_every_reason_names_a_checklist_id_without_code(game):
    """(b) rules_without_code.toml lists only existing IDs that no function claims."""
    ids = set(_checklist(game))
    claimed: dict[str, list[str]] = {}
    for r in rules_map(game, as_frame=False):
        claimed.setdefault(r["rule"], []).append(r["function"])
    problems = []
    for rule, why in rules_without_code(game).items():
        if rule not in ids:
            problems.append(f"{rule}: not in {game}.checklist.md")
        elif rule in claimed:
            problems.append(f"{rule}: has a reason but is also implemented by {', '.join(claimed[rule])} "
                            "(drop its line from rules_without_code.toml)")
        if not isinstance(why, str) or not why.strip():
            problems.append(f"{rule}: the reason must be a non-empty string, got {why!r}")
    assert not problems, f"games/{game}/rules_without_code.toml:\n" + "\n".join(problems)


def test_rules_map_page_is_current():
    """(c) docs/rules-map.md matches the code's docstrings and the checklists."""
    for game in GAMES:
        _checklist(game)
    page = ROOT / "docs" / "rules-map.md"
    want = _tool().render()
    assert page.exists() and page.read_text(encoding="utf-8") == want, \
        "docs/rules-map.md is stale (the docstrings or rules_without_code.toml changed): " \
        "run `python tools/rules_map.py` and commit it"


@pytest.mark.parametrize("game", GAMES)
def test_every_checklist_id_has_a_home_or_a_reason(game):
    """(d) A rule nobody can find in the code fails, by ID."""
    _checklist(game)
    missing = _tool().missing(game)
    assert not missing, (
        f"{game}: {len(missing)} checklist IDs have neither a home (a docstring naming the ID) "
        f"nor a reason in games/{game}/rules_without_code.toml: {', '.join(missing)}")


@pytest.mark.parametrize("game", GAMES)
def test_no_class_is_a_home(game):
    """(e) A class docstring that cites rule IDs (an action, a frame, a state record, an
    engine class) fails, naming the class and the IDs to cite in the deciding functions."""
    bad = [f"{r['function']} ({r['file']}:{r['line']}): {', '.join(r['rules'])}"
           for r in home_problems(game, as_frame=False) if r["problem"] == "class"]
    assert not bad, (f"{game}: {len(bad)} classes cite rule IDs (a class is no home: cite each "
                     "rule in the function that decides it, or name only its section):\n"
                     + "\n".join(bad))


@pytest.mark.parametrize("game", GAMES)
def test_no_home_writes_a_range(game):
    """(e) A docstring that writes a range of IDs fails, naming the function and the IDs."""
    bad = [f"{r['function']} ({r['file']}:{r['line']}): {r['rules'][0]}..{r['rules'][-1]}"
           for r in home_problems(game, as_frame=False) if r["problem"] == "range"]
    assert not bad, (f"{game}: {len(bad)} docstrings write ranges of rule IDs (name each rule "
                     "the function decides):\n" + "\n".join(bad))


#: rule IDs sampled per game, and the most tests of one rule run against its mutant
SAMPLE = 6
MOST_TESTS = 5


def _coverage_tool():
    spec = importlib.util.spec_from_file_location("rule_coverage_tool", ROOT / "tools" / "rule_coverage.py")
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def _home_object(game: str, row: dict):
    """(module name, qualified name) of a home row, or None when it cannot be replaced by
    name (a function inside a function)."""
    import importlib as il
    parts = row["file"][:-3].split("/")
    if parts[-1] == "__init__":
        parts.pop()
    module = ".".join(["tabletop_nb", "games", game] + parts)
    prefix = ".".join(parts)
    qualname = row["function"][len(prefix) + 1:] if prefix else row["function"]
    try:
        owner = il.import_module(module)
    except ImportError:
        return None
    for i, part in enumerate(qualname.split(".")):
        if i and not isinstance(owner, type):
            return None   # nested in a function
        owner = getattr(owner, part, None)
        if owner is None:
            return None
    return module, qualname


def _mutation_sample(game: str) -> list[tuple[str, str, str, str, list[str]]]:
    """(rule, module, qualified name, kind, tests) for ``SAMPLE`` seeded rule IDs of the
    game with a replaceable home and tests that cite them; the kinds alternate."""
    import random
    rows = rules_map(game, as_frame=False)
    cited = _coverage_tool().citing_tests(ROOT / "tests", sorted({r["rule"] for r in rows}))
    eligible: dict[str, tuple] = {}
    for r in rows:
        tests = [t for t in cited.get(r["rule"], []) if not t.startswith("tests/test_rules_map.py")]
        if tests and r["rule"] not in eligible:
            home = _home_object(game, r)
            if home is not None:
                eligible[r["rule"]] = (home, tests)
    picks = random.Random(f"rules map {game}").sample(sorted(eligible), min(SAMPLE, len(eligible)))
    kinds = ("raise", "changed")
    return [(rule, *eligible[rule][0], kinds[i % 2], eligible[rule][1][:MOST_TESTS])
            for i, rule in enumerate(picks)]


@pytest.mark.parametrize("game", GAMES)
def test_a_mutated_home_fails_the_tests_of_its_rule(game):
    """(f) For a seeded sample of rule IDs, the rule's home is made to raise or to return
    a changed value (tests/rule_mutation_plugin.py, in a fresh pytest run of the tests
    that cite the ID): some of those tests must fail. A survivor is a home that does not
    decide its rule in the scenario its tests play (or a test that does not look)."""
    import os
    import subprocess
    import sys
    sample = _mutation_sample(game)
    assert len(sample) == SAMPLE, f"{game}: too few rules with a home and a citing test"
    survived = []
    for rule, module, qualname, kind, tests in sample:
        # on the Python source (TABLETOP_PURE=1): a compiled caller calls a compiled home
        # directly, so replacing the home would reach no caller (mutation runs on the source)
        env = dict(os.environ, TABLETOP_MUTATE=f"{module}|{qualname}|{kind}", TABLETOP_PURE="1",
                   PYTHONPATH=os.pathsep.join([str(ROOT / "tests"), str(ROOT)]))
        run = subprocess.run([sys.executable, "-m", "pytest", "-q", "-x", "-p", "no:cacheprovider",
                              "-p", "rule_mutation_plugin", *tests],
                             cwd=ROOT, env=env, capture_output=True, text=True, timeout=600)
        if run.returncode == 0:
            survived.append(f"{rule}: {module}.{qualname} made to {kind}, "
                            f"and {', '.join(tests)} still pass")
        elif run.returncode != 1:
            survived.append(f"{rule}: the run did not test ({run.returncode}): "
                            f"{(run.stdout + run.stderr)[-600:]}")
    assert not survived, f"{game}: mutated homes that no test of their rule noticed:\n" + \
        "\n".join(survived)


# -- the table ------------------------------------------------------------------------------

def test_rules_map_takes_a_name_or_a_game_and_gives_a_frame_or_rows():
    game = tabletop_nb.load_game("pebble_rock", players=2)
    rows = rules_map("pebble_rock", as_frame=False)
    assert rows and rows == rules_map(game, as_frame=False)
    assert set(rows[0]) == {"rule", "function", "file", "line"}
    df = tabletop_nb.rules_map("pebble_rock")
    assert list(df.columns) == ["rule", "function", "file", "line"] and len(df) == len(rows)
    with pytest.raises(ValueError, match="no game 'chess'"):
        rules_map("chess")


def test_rules_map_rows_point_at_real_definitions():
    """Each row's file and line hold the ``def``/``class`` of the function it names."""
    for game in GAMES:
        for r in rules_map(game, as_frame=False):
            src = (ROOT / "tabletop_nb" / "games" / game / r["file"]).read_text(encoding="utf-8")
            line = src.splitlines()[r["line"] - 1].strip()
            name = r["function"].rsplit(".", 1)[-1]
            assert line.startswith((f"def {name}(", f"async def {name}(", f"class {name}(",
                                    f"class {name}:")), (r, line)


def test_checklist_map_joins_homes_reasons_and_the_rest(tmp_path):
    ids = checklist_ids(find_checklist("neko"))
    homes = {r["rule"] for r in rules_map("neko", as_frame=False)}
    reasons = rules_without_code("neko")
    one_home = next(iter(homes & set(ids)))
    one_reason = next(iter(reasons), None)
    (tmp_path / "neko.checklist.md").write_text(
        "# Neko: rules checklist\n\n## 1. Setup (NK-SET)\n\n"
        f"- [ ] **{one_home}** Has a home. *Test:* x.\n"
        + (f"- [ ] **{one_reason}** Has a reason.\n" if one_reason else "")
        + "## 2. Later\n\n- [ ] **NK-ZZZ-01** Nobody implements this.\n")
    rows = checklist_map("neko", tmp_path, as_frame=False)
    by_rule = {r["rule"]: r for r in rows}
    assert by_rule[one_home]["function"] and by_rule[one_home]["section"] == "1. Setup (NK-SET)"
    assert by_rule[one_home]["text"].startswith("Has a home.")
    if one_reason:
        assert by_rule[one_reason]["reason"] == reasons[one_reason]
        assert by_rule[one_reason]["function"] is None
    assert by_rule["NK-ZZZ-01"]["function"] is None and by_rule["NK-ZZZ-01"]["reason"] is None
    assert by_rule["NK-ZZZ-01"]["section"] == "2. Later"
    assert [r["rule"] for r in rows][-1] == "NK-ZZZ-01"   # checklist order


def test_a_missing_checklist_is_a_clear_error(tmp_path):
    with pytest.raises(FileNotFoundError, match="no rules checklist for pacal.*shared/rules"):
        find_checklist("pacal", tmp_path)


def test_the_tool_counts_and_lists_ids_without_a_home(tmp_path):
    (tmp_path / "pacal.checklist.md").write_text(
        "# Pacal: rules checklist\n\n## 1. A\n\n- [ ] **PC-NOPE-01** Nobody. x.\n")
    tool = _tool()
    assert tool.missing("pacal", tmp_path) == ["PC-NOPE-01"]
    for game in ("neko", "pebble_rock"):
        (tmp_path / f"{game}.checklist.md").write_text(f"# {game}\n")
    page = tool.render(tmp_path)
    assert "**1 with neither yet**" in page and "| PC-NOPE-01 | Nobody. | **none yet** |" in page


# -- the parser -----------------------------------------------------------------------------

def test_cited_ids_reads_ranges_suffixes_and_three_part_ids():
    assert cited_ids("Rules: NK-BID-03..05, NK-TIE-01.") == ["NK-BID-03", "NK-BID-04", "NK-BID-05",
                                                          "NK-TIE-01"]
    assert cited_ids("PR-SETUP-01..PR-SETUP-03") == ["PR-SETUP-01", "PR-SETUP-02", "PR-SETUP-03"]
    assert cited_ids("see NK-EX-30a and PR-ITEM-MAISY-01..02") == [
        "NK-EX-30a", "PR-ITEM-MAISY-01", "PR-ITEM-MAISY-02"]
    assert cited_ids("PC-CONST-9..11") == ["PC-CONST-9", "PC-CONST-10", "PC-CONST-11"]
    # a prefix alone, a one-part name, an encoding: no IDs
    assert cited_ids("the NK-BID section, rule 4, UTF-8, ISO-8859-1, PR-SETUP") == []
    # an ID inside a longer one is not cited on its own
    assert cited_ids("PR-ITEM-MAISY-01") == ["PR-ITEM-MAISY-01"]


SOURCE = '''"""Module docstring: NK-SET-01 here is no home."""
import x


def free():
    """Free function. Rules: NK-BID-03..05."""


class Bidding:
    """The bidding mixin (NK-TIE-01)."""

    def place(self):
        """Place dice.

        Rules: NK-EX-30a, PR-ITEM-MAISY-01.
        """

    def undocumented(self):
        return 1

    def commented(self):
        # NK-RES-01 in a comment is no home
        "not a docstring: NK-RES-02" if x else None
        s = "NK-RES-03 in a string"

    class Inner:
        def deep(self):
            """NK-FIN-01"""

    @property
    def decorated(self):
        """NK-CAP-01"""


if x:
    def conditional():
        """NK-CAP-02"""

    async def waits():
        """NK-CAP-03"""


def outer():
    def inner():
        """NK-CAP-04"""
'''


def test_docstring_homes_reads_functions_and_methods_not_classes_or_the_module():
    rows = docstring_homes(SOURCE, "engine.bid", "engine/bid.py")
    got = [(r["rule"], r["function"], r["line"]) for r in rows]
    assert got == [
        ("NK-BID-03", "engine.bid.free", 5),
        ("NK-BID-04", "engine.bid.free", 5),
        ("NK-BID-05", "engine.bid.free", 5),
        ("NK-EX-30a", "engine.bid.Bidding.place", 12),
        ("PR-ITEM-MAISY-01", "engine.bid.Bidding.place", 12),
        ("NK-FIN-01", "engine.bid.Bidding.Inner.deep", 27),
        ("NK-CAP-01", "engine.bid.Bidding.decorated", 31),
        ("NK-CAP-02", "engine.bid.conditional", 36),
        ("NK-CAP-03", "engine.bid.waits", 39),
        ("NK-CAP-04", "engine.bid.outer.inner", 44),
    ]
    assert all(r["file"] == "engine/bid.py" for r in rows)
    assert docstring_homes(SOURCE)[0]["function"] == "free"


def test_docstring_problems_name_classes_that_cite_rules_and_ranges():
    rows = docstring_problems(SOURCE, "engine.bid", "engine/bid.py")
    got = [(r["problem"], r["function"], r["rules"], r["line"]) for r in rows]
    assert got == [
        ("range", "engine.bid.free", ["NK-BID-03", "NK-BID-04", "NK-BID-05"], 5),
        ("class", "engine.bid.Bidding", ["NK-TIE-01"], 9),
    ]
    # a class naming only a section (no number) is fine, and so is a list of IDs
    assert docstring_problems('class A:\n    """(NK-BID)"""\n\n'
                              'def f():\n    """NK-BID-01, NK-BID-02"""\n') == []


def test_a_package_is_read_file_by_file_with_mixins_in_their_own_modules(tmp_path):
    pkg = tmp_path / "game"
    (pkg / "engine").mkdir(parents=True)
    (pkg / "__init__.py").write_text('"""NK-SET-01 in a package docstring."""\n')
    (pkg / "engine" / "__init__.py").write_text(
        "from .bid import Bidding\n\nclass Game(Bidding):\n    def step(self):\n        '''NK-RND-02'''\n")
    (pkg / "engine" / "bid.py").write_text(
        "class Bidding:\n    def bid(self):\n        '''NK-BID-04'''\n")
    (pkg / "analysis.py").write_text("def who_leads():\n    '''NK-TIE-01..02'''\n")
    rows = [(r["rule"], r["function"], r["file"], r["line"]) for r in _package_homes(pkg)]
    assert rows == [
        ("NK-TIE-01", "analysis.who_leads", "analysis.py", 1),
        ("NK-TIE-02", "analysis.who_leads", "analysis.py", 1),
        ("NK-RND-02", "engine.Game.step", "engine/__init__.py", 4),
        ("NK-BID-04", "engine.bid.Bidding.bid", "engine/bid.py", 2),
    ]


def test_checklist_ids_read_only_bold_ids_once_in_order(tmp_path):
    path = tmp_path / "x.checklist.md"
    path.write_text("- [ ] **PR-ITEM-MAISY-01** a (see PR-SETUP-09)\n- [ ] **NK-EX-30a** b\n"
                    "- **NK-EX-01 Morning Market.** an example, no ID\n"
                    "## Index\n- **PR-ITEM-MAISY-01** again\n")
    assert checklist_ids(path) == ["PR-ITEM-MAISY-01", "NK-EX-30a"]
    assert checklist_ids(path, examples=True) == ["PR-ITEM-MAISY-01", "NK-EX-30a", "NK-EX-01"]
