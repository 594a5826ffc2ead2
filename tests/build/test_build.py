"""The compiled build (setup.py, tabletop_nb/native.py; DEVELOPING.md, "Compiled build").

The modules listed in pyproject.toml's ``[tool.tabletop_nb.compiled]`` are compiled with mypyc
at install time where a C compiler is there; ``TABLETOP_PURE=1`` runs their Python source.
These tests prove that the install compiled them, that the switch runs the source (a
debugger steps into it, a traceback has its frames), that both play the same games, and
that what a designer and a reader use still works compiled: a house rule in a notebook
cell, its traceback, the bots following it, docstrings, doctests and ``rules_map``.

``make test`` runs this module twice: in the compiled build, then with ``TABLETOP_PURE=1``.
Tests that start a child process in each mode prove both whichever mode runs them.
"""
from __future__ import annotations

import doctest
import hashlib
import importlib.machinery
import inspect
import json
import os
import random
import shutil
import subprocess
import re
import sys
import sysconfig
import textwrap
import traceback
from pathlib import Path

import pytest

import tabletop_nb
from tabletop_nb import CHANCE, native

ROOT = Path(__file__).resolve().parents[2]


def _listed() -> list[str]:
    import tomllib
    with open(ROOT / "pyproject.toml", "rb") as f:
        paths = tomllib.load(f)["tool"]["tabletop_nb"]["compiled"]["modules"]
    return sorted(p[:-3].replace("/", ".") for p in paths)


def _c_compiler_here() -> bool:
    """Whether this machine can build an extension (the compiler and Python's headers)."""
    cc = (sysconfig.get_config_var("CC") or "cc").split()[0]
    return bool(shutil.which(cc)) and (Path(sysconfig.get_paths()["include"]) / "Python.h").exists()


def _child(code: str, pure: bool, extra_env: dict | None = None, args: list[str] | None = None) -> dict:
    """Run ``code`` (which prints one JSON line last; ``sys.argv[1:]`` is ``args``) in a
    child process in one mode."""
    env = dict(os.environ, TABLETOP_PURE="1" if pure else "0", **(extra_env or {}))
    r = subprocess.run([sys.executable, "-c", textwrap.dedent(code), *(args or [])], cwd=ROOT, env=env,
                       capture_output=True, text=True, timeout=600)
    assert r.returncode == 0, r.stderr[-3000:]
    return json.loads(r.stdout.strip().splitlines()[-1])


needs_build = pytest.mark.skipif(not native.BUILT, reason="nothing was compiled at install time "
                                 "(test_a_machine_with_a_compiler_gets_the_compiled_modules says whether it should have been)")


# -- the install ---------------------------------------------------------------------------------

def test_a_machine_with_a_compiler_gets_the_compiled_modules():
    """Where a C compiler is there (CI, make lab), the install compiled every listed module:
    a build that silently fell back to pure Python fails here."""
    if not _c_compiler_here():
        assert native.BUILT == (), "no compiler here, yet a build manifest lists compiled modules"
        pytest.skip("no C compiler on this machine: the pure-Python package is the right install")
    assert sorted(native.BUILT) == _listed(), "re-install (make compiled): the build is not the list's"


def _setup_functions() -> dict:
    """setup.py's functions, without running setup() (what a build calls)."""
    src = (ROOT / "setup.py").read_text().replace("\nsetup(ext_modules", "\n_no_setup(ext_modules")
    ns = {"__file__": str(ROOT / "setup.py"), "__name__": "setup_for_test", "_no_setup": lambda **kw: None}
    exec(compile(src, str(ROOT / "setup.py"), "exec"), ns)
    return ns


def test_the_build_finds_no_compiler_where_there_is_none(monkeypatch):
    """Where the C compiler fails, the build installs pure Python and says why."""
    problem = _setup_functions()["compiler_problem"]
    monkeypatch.setenv("CC", "/nonexistent/cc")
    assert problem() is not None
    monkeypatch.delenv("CC")
    if _c_compiler_here():
        assert problem() is None


def test_the_build_writes_each_docstring_into_the_generated_c(tmp_path):
    """mypyc's empty docstrings (a text signature only, or nothing where it cannot spell a
    default) get the source's, in a C string."""
    ns = _setup_functions()
    c = tmp_path / "group.c"
    c.write_text(textwrap.dedent(r'''
        static PyMethodDef analysismodule_methods[] = {
            {"majority_gain", (PyCFunction)CPyPy_analysis___majority_gain, METH_FASTCALL | METH_KEYWORDS, PyDoc_STR("majority_gain(value, before, seat, added, ties=False)\n--\n\n") /* docstring */},
            {"district_gain_bounds", (PyCFunction)CPyPy_analysis___district_gain_bounds, METH_FASTCALL | METH_KEYWORDS, PyDoc_STR(NULL) /* docstring */},
            {NULL, NULL, 0, NULL}
        };
        static struct PyModuleDef analysismodule = {
            PyModuleDef_HEAD_INIT,
            "tabletop_nb.games.pacal.analysis",
            NULL, /* docstring */
            0,
        };
        '''))
    n = ns["restore_docstrings"](str(c), ["tabletop_nb/games/pacal/analysis.py"])
    text = c.read_text()
    assert n == 3 and "NULL, /* docstring */" not in text and "PyDoc_STR(NULL)" not in text
    assert 'ties=False)\\n--\\n\\nThe points ``seat`` scores now' in text
    import ast
    tree = ast.parse((ROOT / "tabletop_nb/games/pacal/analysis.py").read_text())
    doc = next(ast.get_docstring(f, clean=False) for f in tree.body
               if isinstance(f, ast.FunctionDef) and f.name == "majority_gain")
    assert "PC-SCORE-03" in doc and ns["_c_text"](doc) in text


@needs_build
def test_compiled_mode_runs_every_listed_module_compiled():
    got = _child("""
        import json, tabletop_nb, importlib
        from tabletop_nb import CHANCE, native
        for m in native.BUILT: importlib.import_module(m)
        print(json.dumps({"mode": native.MODE, "compiled": native.compiled_modules(),
                          "files": [importlib.import_module(m).__file__ for m in native.BUILT]}))
        """, pure=False)
    assert got["mode"] == "compiled"
    assert got["compiled"] == _listed()
    assert all(f.endswith(".so") for f in got["files"])


@needs_build
def test_the_switch_runs_the_python_source():
    got = _child("""
        import json, importlib
        from tabletop_nb import CHANCE, native
        for m in native.BUILT: importlib.import_module(m)
        print(json.dumps({"mode": native.MODE, "reason": native.REASON, "compiled": native.compiled_modules(),
                          "files": [importlib.import_module(m).__file__ for m in native.BUILT]}))
        """, pure=True)
    assert (got["mode"], got["reason"], got["compiled"]) == ("source", "TABLETOP_PURE is set", [])
    assert got["files"] and all(f.endswith(".py") for f in got["files"])


def test_a_wrong_switch_value_names_the_variable():
    env = dict(os.environ, TABLETOP_PURE="maybe")
    r = subprocess.run([sys.executable, "-c", "import tabletop_nb"], cwd=ROOT, env=env,
                       capture_output=True, text=True, timeout=120)
    assert r.returncode != 0 and "TABLETOP_PURE='maybe'" in r.stderr and "set it to 1" in r.stderr


def test_a_source_changed_since_the_build_runs_the_source(tmp_path, capsys):
    """An edit in an editable install is not shadowed by the library built before it."""
    (tmp_path / "pkg").mkdir()
    src = tmp_path / "pkg" / "rules.py"
    src.write_text("X = 1\n")
    manifest = tmp_path / "manifest.json"
    digest = hashlib.sha256(b"X = 1\n").hexdigest()
    manifest.write_text(json.dumps({"modules": {"pkg/rules.py": digest}}))
    (tmp_path / "pkg" / ("rules" + importlib.machinery.EXTENSION_SUFFIXES[0])).write_bytes(b"")
    assert native._decide(str(manifest), str(tmp_path), {})[:2] == ("compiled", "compiled at install time")
    assert native._decide(str(manifest), str(tmp_path), {"TABLETOP_PURE": "1"})[0] == "source"
    src.write_text("X = 2\n")
    mode, reason, built = native._decide(str(manifest), str(tmp_path), {})
    assert (mode, built) == ("source", {"pkg.rules": "pkg/rules.py"}) and "pkg/rules.py" in reason
    assert "changed since compiled" in capsys.readouterr().err
    manifest.write_text(json.dumps({"modules": {}, "why_not": "no working C compiler at install time (x)"}))
    assert native._decide(str(manifest), str(tmp_path), {})[:2] == (  # a pure install over a compiled one
        "source", "nothing was compiled: no working C compiler at install time (x)")


def test_without_a_manifest_the_reason_names_tabletop_pure_when_it_is_set(tmp_path):
    """An install under TABLETOP_PURE=1 writes no build manifest: the reason given is the
    switch the user set, not "nothing was compiled"."""
    missing = str(tmp_path / "none.json")
    assert native._decide(missing, str(tmp_path), {"TABLETOP_PURE": "1"}) == ("source", "TABLETOP_PURE is set", {})
    assert native._decide(missing, str(tmp_path), {}) == (
        "source", "nothing was compiled (no build manifest)", {})


def test_a_build_without_a_library_for_this_python_runs_the_source(tmp_path, capsys):
    """The manifest is this Python's (``_native_build.cpython-311.json``); a listed module
    without this Python's library (removed, or built for another Python) runs the source,
    and says so, rather than claiming compiled code that is not there."""
    assert native._MANIFEST.endswith(f"_native_build.{sys.implementation.cache_tag}.json")
    (tmp_path / "pkg").mkdir()
    (tmp_path / "pkg" / "rules.py").write_text("X = 1\n")
    (tmp_path / "pkg" / "rules.cpython-299-x86_64-linux-gnu.so").write_bytes(b"")  # another Python's
    manifest = tmp_path / "manifest.json"
    manifest.write_text(json.dumps({"modules": {"pkg/rules.py": hashlib.sha256(b"X = 1\n").hexdigest()}}))
    mode, reason, _ = native._decide(str(manifest), str(tmp_path), {})
    assert mode == "source" and "no compiled library for this Python: pkg/rules.py" in reason
    assert "make compiled" in capsys.readouterr().err


def test_a_build_removes_only_this_pythons_stale_libraries(tmp_path):
    """An editable install for one Python removes the libraries of modules no longer compiled,
    built for that Python, and leaves another Python's (a 3.13 venv beside the 3.11 one)."""
    own = importlib.machinery.EXTENSION_SUFFIXES[0]
    pkg = tmp_path / "tabletop_nb" / "games"
    pkg.mkdir(parents=True)
    for name in ("kept" + own, "dropped" + own, "kept.cpython-299-x86_64-linux-gnu.so",
                 "dropped.cpython-299-x86_64-linux-gnu.so"):
        (pkg / name).write_bytes(b"")
    (tmp_path / "tabletop_nb" / ("_native__mypyc" + own)).write_bytes(b"")
    stale = _setup_functions()["stale_libraries"](str(tmp_path), ["tabletop_nb/games/kept.py"])
    assert stale == [str(pkg / ("dropped" + own))]


@pytest.mark.parametrize("commands, compiles", [
    (["egg_info"], False), (["dist_info"], False),   # pip's two metadata hooks
    (["editable_wheel"], True), (["bdist_wheel"], True), (["build_ext"], True), ([], True)])
def test_mypyc_runs_only_when_a_build_runs(monkeypatch, commands, compiles):
    """pip calls setup.py three times per install; its metadata calls (egg_info, dist_info)
    finalize build_ext too, and must not run mypyc (about 13 CPU s each, for nothing)."""
    import mypyc.build
    from setuptools.dist import Distribution

    class Compiling(Exception):
        pass

    def mypycify(*args, **kw):
        raise Compiling

    ns = _setup_functions()
    monkeypatch.setattr(mypyc.build, "mypycify", mypycify)
    monkeypatch.delenv("TABLETOP_PURE", raising=False)
    ns["compiler_problem"] = lambda: None   # (the finalize's own name look-up: a compiler is there)
    dist = Distribution({"name": "tabletop-nb"})
    dist.commands = commands
    cmd = ns["BuildCompiled"](dist)
    if compiles:
        with pytest.raises(Compiling):
            cmd.finalize_options()
    else:
        cmd.finalize_options()
        assert cmd.extensions == [] and dist.ext_modules == []


def test_a_library_left_by_an_earlier_build_is_not_imported(tmp_path):
    """Compiled mode loads only this build's modules compiled: a module dropped from the list
    runs its source even if its old extension module is still beside it."""
    (tmp_path / "gone.py").write_text("X = 1\n")
    (tmp_path / ("gone" + importlib.machinery.EXTENSION_SUFFIXES[0])).write_bytes(b"not a library")
    spec = native._CompiledDocs(names=("tabletop_nb.kept",)).find_spec("tabletop_nb.gone", [str(tmp_path)])
    assert spec is not None and spec.origin == str(tmp_path / "gone.py")


def test_mutation_testing_runs_the_source():
    sys.path.insert(0, str(ROOT / "benchmarks"))
    try:
        import mutants
    finally:
        sys.path.remove(str(ROOT / "benchmarks"))
    assert native.pure_requested(mutants.env_for(Path("/nowhere"), "pacal"))


def test_make_test_runs_the_golden_engine_bot_and_lab_tests_on_the_source_too():
    """CI (``make test``) runs the unit tests on the compiled build, then the golden records
    and every engine, bot and lab test again with ``TABLETOP_PURE=1``."""
    make = (ROOT / "Makefile").read_text().replace("\\\n", " ")
    listed = re.search(r"^SOURCE_MODE_TESTS = (.*)$", make, re.M).group(1).split()
    for needed in ("tests/build", "tests/test_golden_records.py", "tests/games/neko",
                   "tests/games/pacal", "tests/games/pebble_rock", "tests/conformance", "tests/lab"):
        assert needed in listed, (needed, listed)
    recipe = make[make.index("\ntest:"):]
    recipe = recipe[:recipe.index("\n\n")]
    assert "TABLETOP_PURE=1 $(PY) -m pytest $(SOURCE_MODE_TESTS)" in recipe
    assert '$(PY) -m pytest tests -m "not browser"' in recipe


# -- the source is the reference: both modes play the same games ---------------------------------

_GAMES = """
    import hashlib, json, sys, tabletop_nb
    from tabletop_nb import CHANCE, native
    name, sizes, seeds = sys.argv[1], json.loads(sys.argv[2]), int(sys.argv[3])
    def digest(players, bots, seed):
        g = tabletop_nb.load_game(name, players=players)
        rec = tabletop_nb.play(g, bots, seed=seed)
        h = hashlib.sha256(rec.to_json().encode())
        h.update(repr(tabletop_nb.replay(g, rec)[-1]).encode())
        return h.hexdigest()[:16]
    out = {f"{p}p-{b}-{seed}": digest(p, b, seed) for p in sizes for b in ("greedy", "random")
           for seed in range(seeds)}
    out["3p-search-0"] = digest(3, ["search", "greedy", "random"], 0)
    print(json.dumps({"mode": native.MODE, "games": out}))
"""

#: the games whose engines are compiled: the table sizes and seeds both modes play
COMPILED_GAMES = {"neko": ([2, 3, 4], 5), "pacal": ([2, 3, 4, 5], 6), "pebble_rock": ([2, 3, 4], 5)}


@needs_build
@pytest.mark.parametrize("game", sorted(COMPILED_GAMES))
def test_both_modes_play_the_same_games(game):
    """Games of every size, greedy, random and search bots: the same records and final
    states compiled and from the source (the golden tests pin more, in both modes)."""
    sizes, seeds = COMPILED_GAMES[game]
    args = [game, json.dumps(sizes), str(seeds)]
    compiled, source = _child(_GAMES, pure=False, args=args), _child(_GAMES, pure=True, args=args)
    assert (compiled["mode"], source["mode"]) == ("compiled", "source")
    assert compiled["games"] == source["games"]


_CHOICES = """
    import json, sys, importlib
    import numpy as np
    import tabletop_nb
    from tabletop_nb import CHANCE, native
    name, sizes, seeds = sys.argv[1], json.loads(sys.argv[2]), int(sys.argv[3])
    B = importlib.import_module(f"tabletop_nb.games.{name}.bots")
    def shown(c):  # a macro-action (core.search.Plan) by its action, label and goal
        if hasattr(c, "follow"):
            return (c.action, c.label, norm(tuple(getattr(c.follow, k) for k in ("key", "turn", "seat"))))
        return c
    def norm(x):  # a set by its sorted members: equal sets may print in different orders
        if isinstance(x, (set, frozenset)):
            return ("set", sorted(map(norm, x), key=repr))
        return tuple(map(norm, x)) if type(x) is tuple else x
    out = []
    for players in sizes:
        g = tabletop_nb.load_game(name, players=players)
        for seed in range(seeds):
            for k, s in enumerate(tabletop_nb.replay(g, tabletop_nb.play(g, "greedy", seed=seed))):
                if g.is_terminal(s) or g.current_player(s) == CHANCE:
                    continue
                out.append(repr((players, seed, k, B.GreedyBot()(g, s, np.random.default_rng(k)),
                                 [shown(c) for c in B.search_actions(g, s, np.random.default_rng(k))],
                                 B.estimate_scores(g, s))))
    print(json.dumps({"mode": native.MODE, "bots": B.__file__, "choices": out}))
"""


@needs_build
@pytest.mark.parametrize("game", sorted(COMPILED_GAMES))
def test_the_compiled_bots_choose_as_the_source_bots_do(game):
    """The bots' tests that patch ``analysis`` (test_bots_ask_rules.py: the bots ask the rules)
    run on the source only, since a compiled bot calls the compiled query directly; this is
    what stands for them in compiled mode: at every decision of seeded greedy games, of every
    table size, a fresh greedy bot's action, the search bot's candidate actions and its score
    estimate are the same from the compiled bots module as from its source."""
    sizes, seeds = COMPILED_GAMES[game]
    args = [game, json.dumps(sizes), str(min(seeds, 2))]
    compiled, source = _child(_CHOICES, pure=False, args=args), _child(_CHOICES, pure=True, args=args)
    assert (compiled["mode"], source["mode"]) == ("compiled", "source")
    assert compiled["bots"].endswith(".so") and source["bots"].endswith(".py")
    assert len(compiled["choices"]) > 100 * len(sizes)
    assert compiled["choices"] == source["choices"]


_NEKO_WORTHS = """
    import json, sys
    import tabletop_nb
    from tabletop_nb import CHANCE, native
    from tabletop_nb.games.neko import analysis, bots as B
    out, priced = [], 0
    for players in (2, 3, 4):
        g = tabletop_nb.load_game("neko", players=players)
        cards = range(len(g.card))   # (every card of the game, the advanced ones too)
        for seed in range(int(sys.argv[1])):
            for k, s in enumerate(tabletop_nb.replay(g, tabletop_nb.play(g, "greedy", seed=seed))):
                if g.is_terminal(s) or g.current_player(s) == CHANCE:
                    continue
                d = analysis.decision(s)
                if d is None or d.kind != "turn" or s.main is not None:
                    continue
                P = s.players[d.seat]
                bid = B._plan_bid(g, s, d.seat, P, g.legal_actions(s))
                worths = [B.card_worth(g, s, d.seat, c) for c in cards] if k % 7 == 0 else []
                priced += bid is not None
                out.append(repr((players, seed, k, bid, worths)))
    print(json.dumps({"mode": native.MODE, "worths": out, "priced": priced}))
"""


@needs_build
def test_the_compiled_neko_bot_values_as_the_source_does_to_the_last_bit():
    """NK-ACT-07 and NK-BID-03 as the greedy bot prices them: its worth of the best bid (the
    gain less the dice it takes to lead) and of every card, at the turns of seeded games,
    are the same floats compiled and from the source. A float total written as
    ``sum(<generator>)`` breaks this on CPython >= 3.12: the interpreter's ``sum`` adds floats
    with compensation there, while mypyc compiles ``sum(<generator>)`` into a plain ``+``
    loop, so the two differ in the last bit (and a 10,000-game table differed); the bots
    add such totals with ``math.fsum``, the same in both modes on every Python."""
    compiled = _child(_NEKO_WORTHS, pure=False, args=["3"])
    source = _child(_NEKO_WORTHS, pure=True, args=["3"])
    assert (compiled["mode"], source["mode"]) == ("compiled", "source")
    assert len(compiled["worths"]) > 100
    assert compiled["priced"] > 50   # bids were priced, not only turns without one
    assert compiled["worths"] == source["worths"]


# -- what designers and readers use, in whichever mode runs (make test runs both) ------------------

def _cell(src: str, name: str = "<cell-7>") -> dict:
    """Run ``src`` as a notebook cell would: exec'd code with its own file name."""
    ns: dict = {}
    exec(compile(textwrap.dedent(src), name, "exec"), ns)
    return ns


def test_mode_is_what_the_environment_asks():
    """The rest of this module runs compiled unless TABLETOP_PURE=1 (make test runs it both ways)."""
    from tabletop_nb.games.pacal import analysis  # noqa: F401  a compiled module, imported
    want_compiled = bool(native.BUILT) and not native.pure_requested()
    assert native.MODE == ("compiled" if want_compiled else "source")
    assert (native.compiled_modules() != []) == want_compiled


def test_a_house_rule_in_a_cell_overrides_a_hook_the_compiled_engine_calls():
    """PC-SCORE-03..08 through ``district_gain``: the compiled build section asks the game, so
    a designer's subclass from a cell changes the points scored, on every build."""
    ns = _cell("""
        from tabletop_nb.games.pacal.engine import PacalGame
        class Generous(PacalGame):
            calls = 0
            def district_gain(self, district, before, seat, added):
                type(self).calls += 1
                return super().district_gain(district, before, seat, added) + 1
        """)
    from tabletop_nb.games.pacal.engine import PacalGame
    from tabletop_nb.games.pacal.state import OVER
    base, gen = PacalGame(players=3), ns["Generous"](players=3)
    rng = random.Random(4)
    s, t = base.initial_state(), gen.initial_state()
    builds = 0
    while True:  # the same random actions in both, until the scores may change the game's course
        a = base.sample_chance(s, rng) if base.current_player(s) == CHANCE else rng.choice(base.legal_actions(s))
        s2, t2 = base.apply(s, a), gen.apply(t, a)
        if OVER in (s2.phase, t2.phase) or s2.last_round != t2.last_round:
            break  # from here the higher scores may change the game's course
        gained = [y - x for x, y in zip(s.scores, s2.scores)]
        if any(gained):  # a build scored
            assert [y - x for x, y in zip(t.scores, t2.scores)] == [g + (g > 0) for g in gained]
            builds += 1
        s, t = s2, t2
    assert builds >= 3 and ns["Generous"].calls > 0


def test_the_bots_follow_a_house_rule_from_a_cell():
    """The greedy bot values builds through ``district_gain``: a rule that pays only for
    the lowest district makes it choose otherwise in some positions."""
    ns = _cell("""
        from tabletop_nb.games.pacal.engine import PacalGame
        class OnlyDistrictZero(PacalGame):
            def district_gain(self, district, before, seat, added):
                return 50 if district == 0 else 0
        """)
    from tabletop_nb.games.pacal.engine import PacalGame
    base, odd = PacalGame(players=4), ns["OnlyDistrictZero"](players=4)
    differ = sum(tabletop_nb.play(base, "greedy", seed=s).actions != tabletop_nb.play(odd, "greedy", seed=s).actions
                 for s in range(3))
    assert differ >= 2


def test_a_traceback_from_a_house_rule_ends_in_the_designers_code():
    ns = _cell("""
        from tabletop_nb.games.pacal.engine import PacalGame
        class Broken(PacalGame):
            def district_gain(self, district, before, seat, added):
                return added // (seat - seat)
        """, name="<cell-12>")
    with pytest.raises(tabletop_nb.HouseRuleError) as info:  # the runner names the house rule
        tabletop_nb.play(ns["Broken"](players=3), "random", seed=1)
    cause = info.value.__cause__
    assert isinstance(cause, ZeroDivisionError)
    frames = traceback.extract_tb(cause.__traceback__)
    assert (frames[-1].filename, frames[-1].name) == ("<cell-12>", "district_gain")
    # the rule's path through the engine is in it too, compiled or not
    assert any(f.filename.endswith(os.path.join("pacal", "engine", "turn.py")) for f in frames)


def test_a_house_rule_in_a_cell_overrides_a_hook_the_compiled_pebble_rock_sections_call():
    """PR-DELIV-06, PR-DELIV-07 through ``delivery_points``: the compiled deliveries section
    asks the game, so a designer's subclass from a cell changes the points of every delivery."""
    ns = _cell("""
        from tabletop_nb.games.pebble_rock import PebbleRockGame
        class Bonus(PebbleRockGame):
            def delivery_points(self, card):
                return super().delivery_points(card) + 10
        """)
    game = ns["Bonus"](players=3)
    states = tabletop_nb.replay(game, tabletop_nb.play(game, "greedy", seed=2))
    delivered = [e for s in states for e in s.events if e[0] == "deliver"]
    assert len(delivered) >= 3
    assert [points for *_, points in delivered] == [game.cards[card].points + 10 for _, _, card, _ in delivered]


def test_the_pebble_rock_bots_follow_a_house_rule_from_a_cell():
    """The greedy bot values deliveries through ``delivery_points`` (analysis, compiled, asks
    the game): a rule that pays only for odd-numbered cards makes it choose otherwise."""
    ns = _cell("""
        from tabletop_nb.games.pebble_rock import PebbleRockGame
        class OddCardsOnly(PebbleRockGame):
            def delivery_points(self, card):
                return 30 if card % 2 else 0
        """)
    from tabletop_nb.games.pebble_rock import PebbleRockGame
    base, odd = PebbleRockGame(players=3), ns["OddCardsOnly"](players=3)
    differ = sum(tabletop_nb.play(base, "greedy", seed=s).actions != tabletop_nb.play(odd, "greedy", seed=s).actions
                 for s in range(3))
    assert differ >= 2


def test_a_traceback_from_a_pebble_rock_house_rule_ends_in_the_designers_code():
    ns = _cell("""
        from tabletop_nb.games.pebble_rock import PebbleRockGame
        class Broken(PebbleRockGame):
            def delivery_points(self, card):
                return card // (card - card)
        """, name="<cell-13>")
    with pytest.raises(tabletop_nb.HouseRuleError) as info:
        tabletop_nb.play(ns["Broken"](players=3), "random", seed=1)
    cause = info.value.__cause__
    assert isinstance(cause, ZeroDivisionError)
    frames = traceback.extract_tb(cause.__traceback__)
    assert (frames[-1].filename, frames[-1].name) == ("<cell-13>", "delivery_points")
    assert any(f.filename.endswith(os.path.join("pebble_rock", "engine", "deliveries.py")) for f in frames)


def test_a_house_rule_in_a_cell_overrides_a_hook_the_compiled_neko_sections_call():
    """NK-ACT-06 through ``fish_taken``: the compiled Action-phase section asks the game,
    giving it the working state of the action, so a designer's subclass from a cell that reads
    that state (two fish to an empty freezer) changes the fish every Take Fish gives."""
    ns = _cell("""
        from tabletop_nb.games.neko import NekoGame
        class WarmWelcome(NekoGame):
            def fish_taken(self, s, seat, value):
                return 2 if s.players[seat].fish == 0 else 1
        """)
    game = ns["WarmWelcome"](players=3)
    cap = game.rules.freezer_capacity
    taken = []
    for seed in range(3):
        states = tabletop_nb.replay(game, tabletop_nb.play(game, "random", seed=seed))
        for s, s2 in zip(states, states[1:]):
            for e in s2.events:
                if e[0] == "take_fish":
                    before = s.players[e[1]].fish
                    taken.append((before, e[3]))
                    assert e[3] == min(2 if before == 0 else 1, cap - before)
    assert sum(before == 0 for before, _ in taken) >= 3 and any(got == 2 for _, got in taken)


def test_the_neko_bots_follow_a_house_rule_from_a_cell():
    """The greedy bot prices cards through ``card_price`` (NK-BB-02, asked by the compiled
    analysis and bots): cards at a third of their price make it choose otherwise."""
    ns = _cell("""
        from tabletop_nb.games.neko import NekoGame
        class Sale(NekoGame):
            def card_price(self, P, card, discount):
                return super().card_price(P, card, discount) // 3
        """)
    from tabletop_nb.games.neko import NekoGame
    base, sale = NekoGame(players=3), ns["Sale"](players=3)
    differ = sum(tabletop_nb.play(base, "greedy", seed=s).actions != tabletop_nb.play(sale, "greedy", seed=s).actions
                 for s in range(3))
    assert differ >= 2


def test_a_traceback_from_a_neko_house_rule_ends_in_the_designers_code():
    ns = _cell("""
        from tabletop_nb.games.neko import NekoGame
        class Broken(NekoGame):
            def fish_taken(self, s, seat, value):
                return value // (seat - seat)
        """, name="<cell-14>")
    with pytest.raises(tabletop_nb.HouseRuleError) as info:
        tabletop_nb.play(ns["Broken"](players=3), "random", seed=1)
    cause = info.value.__cause__
    assert isinstance(cause, ZeroDivisionError)
    frames = traceback.extract_tb(cause.__traceback__)
    assert (frames[-1].filename, frames[-1].name) == ("<cell-14>", "fish_taken")
    assert any(f.filename.endswith(os.path.join("neko", "engine", "action_phase.py")) for f in frames)


def test_a_traceback_in_source_mode_is_a_debuggers():
    """With TABLETOP_PURE=1 an error inside a rule has real frames (the locals a debugger
    shows) and a tracer sees each call into the rule's module; compiled, neither."""
    code = """
        import json, sys, traceback
        from tabletop_nb.games.pacal import analysis
        calls = []
        def tracer(frame, event, arg):
            if event == "call" and frame.f_code.co_filename.endswith("analysis.py"):
                calls.append(frame.f_code.co_name)
        sys.settrace(tracer)
        analysis.majority_gain(5, [1, 0, 2], 0, 1)
        sys.settrace(None)
        try:
            analysis.majority_gain(5, [1, 0], 7, 1)   # seat 7 of 2: an IndexError inside the rule
        except IndexError as e:
            tb = e.__traceback__
            while tb.tb_next: tb = tb.tb_next
            last = traceback.extract_tb(e.__traceback__)[-1]
            print(json.dumps({"calls": calls, "file": last.filename, "line": last.line,
                              "locals": sorted(tb.tb_frame.f_locals)}))
    """
    src = _child(code, pure=True)
    assert src["calls"] == ["majority_gain"]
    assert src["file"].endswith("analysis.py") and "before[seat]" in src["line"]
    assert {"value", "before", "seat", "added"} <= set(src["locals"])
    if native.BUILT:
        comp = _child(code, pure=False)
        assert comp["calls"] == [] and comp["locals"] == []
        assert comp["file"].endswith("analysis.py")  # mypyc still names the line


_DOCS = """
    import doctest, importlib, inspect, json
    from tabletop_nb import CHANCE, native
    out = {}
    for name in native.BUILT:
        mod = importlib.import_module(name)
        docs = {name: inspect.getdoc(mod)}
        for k, v in vars(mod).items():
            # a bound method kept as a name (``_memory = greedy_bot.memory``): a compiled one
            # has no __module__ of its own, its instance's class has
            home = getattr(v, "__module__", None) or getattr(type(getattr(v, "__self__", None)), "__module__", None)
            if home != name:
                continue
            docs[k] = inspect.getdoc(v)
            if isinstance(v, type):
                for mk, mv in vars(v).items():
                    if callable(mv) and getattr(mv, "__doc__", None) and not mk.startswith("__"):
                        docs[f"{k}.{mk}"] = inspect.getdoc(mv)
        tests = doctest.DocTestFinder(exclude_empty=True).find(mod, name)
        out[name] = {"docs": docs, "doctests": sorted((t.name, [e.source for e in t.examples])
                                                      for t in tests if t.examples)}
    print(json.dumps({"mode": native.MODE, "modules": out}))
"""


@needs_build
def test_docstrings_and_doctests_are_the_sources_in_both_modes():
    """mypyc leaves compiled functions without docstrings; the build writes the source's in
    (setup.py), and tabletop_nb.native gives compiled modules' Python classes theirs."""
    compiled, source = _child(_DOCS, pure=False), _child(_DOCS, pure=True)
    assert (compiled["mode"], source["mode"]) == ("compiled", "source")
    for name, want in source["modules"].items():
        got = compiled["modules"][name]
        assert got["docs"] == want["docs"], name
        assert got["doctests"] == want["doctests"], name
    assert sum(len(m["doctests"]) for m in compiled["modules"].values()) > 20


def test_the_compiled_modules_doctests_pass():
    import importlib
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
    n = 0
    for mod in map(importlib.import_module, _listed()):
        for t in doctest.DocTestFinder(exclude_empty=True).find(mod, mod.__name__):
            runner.run(t)
            n += len(t.examples)
    assert n > 20 and runner.summarize(verbose=False).failed == 0


@needs_build
@pytest.mark.parametrize("game", sorted(COMPILED_GAMES))
def test_rules_map_is_the_same_in_both_modes(game):
    code = """
        import json, sys, tabletop_nb
        from tabletop_nb import CHANCE, native
        t = tabletop_nb.rules_map(sys.argv[1])
        print(json.dumps({"mode": native.MODE, "rows": t.astype(str).values.tolist()}))
    """
    compiled, source = _child(code, pure=False, args=[game]), _child(code, pure=True, args=[game])
    assert (compiled["mode"], source["mode"]) == ("compiled", "source")
    assert compiled["rows"] == source["rows"] and len(source["rows"]) > 50


@needs_build
def test_the_docs_sites_api_pages_place_compiled_functions_as_the_source_does():
    """The docs extension (docs/_ext) finds each public name's home page by the object: a
    compiled function is a builtin function (``inspect.isfunction`` is False for it), so
    the pages must come out the same whichever build Sphinx imports."""
    pytest.importorskip("sphinx")  # the docs extra (make test installs it)
    code = """
        import json, sys
        sys.path.insert(0, "docs/_ext")
        import tabletop_docs
        from tabletop_nb import CHANCE, native
        print(json.dumps({"mode": native.MODE, "homes": tabletop_docs.public_objects()}))
    """
    compiled, source = _child(code, pure=False), _child(code, pure=True)
    assert (compiled["mode"], source["mode"]) == ("compiled", "source")
    assert compiled["homes"] == source["homes"]
    # a compiled public function is at home where it is defined, as in the source
    assert source["homes"]["tabletop_nb.games.pacal.engine"]["place_points"] == \
        "tabletop_nb.games.pacal.analysis.place_points"


def test_help_shows_a_compiled_functions_docstring():
    from tabletop_nb.games.pacal import analysis
    assert "PC-SCORE-03" in (inspect.getdoc(analysis.majority_gain) or "")
    assert list(inspect.signature(analysis.majority_gain).parameters) == ["value", "before", "seat", "added", "ties"]
