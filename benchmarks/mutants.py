"""Mutation testing of a game engine: sample seeded mutants, run that game's tests on each.

    python benchmarks/mutants.py --game pacal [-n 200] [--seed 1] [--only ID ...] [--list]

What it does (never writes into the checkout it is run from):

1. Copies the committed tree (``git archive HEAD``) into a private temporary directory,
   with ``<tmp>/shared`` linked to the checkout's ``../shared`` (the rulebooks), and runs
   everything there with ``cwd=`` the copy and the copy first on ``PYTHONPATH`` (it
   checks that ``tabletop_nb`` is imported from the copy).
2. Baseline: runs the game's tests (``tests/games/<game>`` and the game's cases of
   ``tests/conformance``) once under coverage with one coverage context per test, which
   gives every test's time and the engine lines it executes.
3. Lists every mutation site of the game's engine files with an AST mutator (comparison,
   arithmetic, numeric constants, and/or, ``not`` removed, conditions negated, returned
   values, min/max swapped, indices and slice bounds off by one, statements deleted;
   docstrings, strings, type annotations, ``raise`` arguments and text-only methods are skipped), and
   draws ``-n`` of them with ``--seed``. A mutant's id is ``<file>:<line>:<col>:<op>``
   plus a number among equal keys, stable while the file is unchanged.
4. For each mutant: writes the mutated file in the copy, runs (``-x -q``) only the tests
   that execute the mutated line (every test when the line runs at import time, e.g. a
   module constant), fastest first, with a timeout of 3x their baseline time plus the
   start-up time. A mutant on a line that no test executes survives without a run.
   A timeout counts as killed and is reported separately.

Results are appended as JSON lines to ``benchmarks/results/mutants.jsonl`` (one line per
mutant, then one summary line); survivors are printed with file:line, the operator and
the mutated source line. ``--only ID`` re-runs chosen mutants (ids from the jsonl); use it
after adding a test, which must be committed first (the copy is taken from HEAD), or pass
``--worktree`` to copy the working-tree versions of the tracked files plus ``--extra``
files instead.
"""
from __future__ import annotations

import argparse
import ast
import json
import os
import random
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PYTHON = sys.executable

#: modules of a game package that are not the engine (sampled: everything else)
NOT_ENGINE = {"__init__.py", "bots.py", "odds.py", "view.py", "position.py", "rules.py", "board.py",
              "state.py"}  # state.py: the state classes and their replace()/evolve() helpers
#: (and any ``words.py``: the engine's event and label text)
#: methods that only make words, pictures or bot hooks (no rule can be observed there)
TEXT_ONLY = {"__repr__", "__str__", "action_label", "events", "phase", "player_name", "summary",
             "bots", "search_horizon", "search_actions", "estimate_scores", "determinize",
             "describe", "_label", "_event_text", "_words", "doc"}

PLUGIN = r'''
import json, os, time
import pytest

_ORDER = None
_COV = None
_TIMES = {}

def pytest_configure(config):
    global _ORDER, _COV
    sel = os.environ.get("MUTANT_SELECT")
    if sel:
        with open(sel) as f:
            _ORDER = {n: i for i, n in enumerate(json.load(f))}
    if os.environ.get("MUTANT_COVERAGE"):
        import coverage
        _COV = coverage.Coverage(data_file=os.environ["MUTANT_COVERAGE"],
                                 include=json.loads(os.environ["MUTANT_INCLUDE"]))
        _COV.start()

@pytest.hookimpl(trylast=True)
def pytest_collection_modifyitems(config, items):
    game = os.environ.get("MUTANT_GAME", "")
    keep = []
    for it in items:
        if "/conformance/" in it.nodeid and f"[{game}" not in it.nodeid:
            continue
        if any(x and x in it.nodeid for x in os.environ.get("MUTANT_SKIP", "").split(",")):
            continue
        if _ORDER is not None and it.nodeid not in _ORDER:
            continue
        keep.append(it)
    if _ORDER is not None:
        keep.sort(key=lambda it: _ORDER[it.nodeid])
    items[:] = keep

@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_protocol(item, nextitem):
    if _COV is not None:
        _COV.switch_context(item.nodeid)
    t = time.perf_counter()
    yield
    _TIMES[item.nodeid] = time.perf_counter() - t
    if _COV is not None:
        _COV.switch_context("")

def pytest_unconfigure(config):
    if _COV is not None:
        _COV.stop()
        _COV.save()
    out = os.environ.get("MUTANT_TIMES")
    if out:
        import tabletop_nb
        with open(out, "w") as f:
            json.dump({"times": _TIMES, "tabletop_nb": tabletop_nb.__file__}, f)
'''


WORKER = r'''
"""A long-lived pytest runner in the copy: numpy, pytest and its plugins are imported once;
before each mutant every module loaded from the copy is dropped, so the mutated engine and
the tests are imported afresh. One JSON request per line on stdin, one answer on stdout."""
import json, os, sys, time
import pytest

REPO = os.getcwd()
proto = os.fdopen(os.dup(1), "w")
devnull = os.open(os.devnull, os.O_WRONLY)


class Watch:
    def __init__(self):
        self.failed, self.timeout = [], False

    def pytest_runtest_logreport(self, report):
        if report.failed:
            self.failed.append(report.nodeid)
            text = str(report.longrepr) if report.longrepr is not None else ""
            if "from pytest-timeout" in text or "+ Timeout +" in text:
                self.timeout = True


def purge():
    for name, mod in list(sys.modules.items()):
        f = getattr(mod, "__file__", None) or ""
        if f.startswith(REPO) or name in ("conftest", "toygame", "harness") or name.startswith("tabletop_nb"):
            del sys.modules[name]


for line in sys.stdin:
    req = json.loads(line)
    purge()
    w = Watch()
    t = time.perf_counter()
    os.environ["MUTANT_SELECT"] = req["select"]
    sys.stdout.flush()
    os.dup2(devnull, 1)
    try:
        code = pytest.main(["-x", "-q", "-p", "no:cacheprovider", "-p", "mutant_plugin",
                            "-o", f"timeout={req['timeout']}", "-o", "timeout_method=signal", *req["files"]],
                           plugins=[w])
    except BaseException as e:  # a mutant that breaks pytest itself
        code, w.failed = 99, [repr(e)[:200]]
    finally:
        sys.stdout.flush()
        os.dup2(proto.fileno(), 1)
    proto.write(json.dumps({"code": int(code), "failed": w.failed[:1], "timeout": w.timeout,
                            "seconds": time.perf_counter() - t}) + "\n")
    proto.flush()
'''


class Worker:
    """The driver's end of the long-lived runner: restarted when a mutant hangs it."""

    def __init__(self, repo: Path, game: str):
        self.repo, self.game, self.proc = repo, game, None

    def start(self):
        self.proc = subprocess.Popen([PYTHON, str(self.repo.parent / "plugin" / "mutant_worker.py")], cwd=self.repo,
                                     env=env_for(self.repo, self.game), stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                     stderr=subprocess.DEVNULL, text=True, start_new_session=True)

    def run(self, req: dict, budget: float):
        """The answer, or None when the budget ran out (the worker is then killed)."""
        if self.proc is None or self.proc.poll() is not None:
            self.start()
        self.proc.stdin.write(json.dumps(req) + "\n")
        self.proc.stdin.flush()
        import selectors
        sel = selectors.DefaultSelector()
        sel.register(self.proc.stdout, selectors.EVENT_READ)
        if not sel.select(timeout=budget):
            self.stop()
            return None
        line = self.proc.stdout.readline()
        if not line:
            self.stop()
            return {"code": 98, "failed": ["the worker died"], "timeout": False}
        return json.loads(line)

    def stop(self):
        if self.proc is not None:
            try:
                os.killpg(self.proc.pid, 9)
            except ProcessLookupError:
                pass
            self.proc.wait()
            self.proc = None


# ----------------------------------------------------------------------------- the copy

def make_copy(worktree: bool, extra: list[str]) -> Path:
    base = Path(tempfile.mkdtemp(prefix="mutants-"))
    repo = base / "main"
    repo.mkdir()
    if worktree:
        files = subprocess.run(["git", "ls-files", "-z"], cwd=ROOT, check=True,
                               capture_output=True).stdout.decode().split("\0")
        for f in [f for f in files if f] + extra:
            src = ROOT / f
            if src.is_file():
                (repo / f).parent.mkdir(parents=True, exist_ok=True)
                shutil.copy2(src, repo / f)
    else:
        tar = subprocess.run(["git", "archive", "HEAD"], cwd=ROOT, check=True, capture_output=True).stdout
        subprocess.run(["tar", "-x", "-C", str(repo)], input=tar, check=True)
    shared = ROOT.parent / "shared"
    if shared.exists():
        (base / "shared").symlink_to(shared)
    commit = subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=ROOT, capture_output=True, text=True)
    (base / "COMMIT").write_text(commit.stdout.strip() + (" + working tree" if worktree else ""))
    write_plugin(base)
    return repo


def write_plugin(base: Path) -> None:
    (base / "plugin").mkdir(exist_ok=True)
    (base / "plugin" / "mutant_plugin.py").write_text(PLUGIN)
    (base / "plugin" / "mutant_worker.py").write_text(WORKER)


def engine_files(repo: Path, game: str) -> list[str]:
    pkg = repo / "tabletop_nb" / "games" / game
    out = []
    for p in sorted(pkg.rglob("*.py")):
        rel = p.relative_to(pkg)
        if rel.parts[0] == "data" or (len(rel.parts) == 1 and rel.name in NOT_ENGINE) or rel.name == "words.py":
            continue
        if game == "pacal" and not (rel.parts[0] == "engine" or rel.name in ("engine.py", "analysis.py")):
            continue  # constellations.py is the shape search, checked against a plain search by its tests
        out.append(str(p.relative_to(repo)))
    return out


def write_source(path: Path, text: str) -> None:
    """Write a module and drop its compiled copy (a pyc is trusted by mtime and size, and a
    mutant often has the original's size)."""
    path.write_text(text)
    for pyc in (path.parent / "__pycache__").glob(path.stem + ".*.pyc"):
        pyc.unlink()


def env_for(repo: Path, game: str, **extra) -> dict:
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join([str(repo), str(repo.parent / "plugin")])
    env.pop("PYTHONDONTWRITEBYTECODE", None)  # the copy's pycs are kept (an engine file's pyc is dropped on each write)
    env["MUTANT_GAME"] = game
    env["TABLETOP_SKIP_BROWSER"] = "1"
    # mutants are of the Python source: never a compiled module (tabletop_nb/native.py), which
    # would not see the mutated file and would call its compiled neighbours directly
    env["TABLETOP_PURE"] = "1"
    skip = ([] if OPTIONS["slow"] else [SOAKS]) + list(OPTIONS["skip"])
    if skip:
        env["MUTANT_SKIP"] = ",".join(skip)
    env.update(extra)
    return env


#: the long soak runs (hundreds of random games; minutes under coverage), left out of the
#: baseline and so of every mutant's run unless --slow
SOAKS = "test_soak_random_games_keep_every_invariant,test_soak_300_games_without_error_or_broken_invariant"
OPTIONS: dict = {"conformance": False, "slow": False, "skip": []}


def test_paths(game: str) -> list[str]:
    return [f"tests/games/{game}"] + (["tests/conformance"] if OPTIONS["conformance"] else [])


# ----------------------------------------------------------------------------- baseline

def baseline(repo: Path, game: str, files: list[str], log) -> dict:
    work = repo.parent
    include = [str(repo / f) for f in files]
    env = env_for(repo, game, MUTANT_COVERAGE=str(work / "cov.data"), MUTANT_INCLUDE=json.dumps(include),
                  MUTANT_TIMES=str(work / "times.json"))
    t = time.perf_counter()
    r = subprocess.run([PYTHON, "-m", "pytest", "-q", "-p", "no:cacheprovider", "-p", "mutant_plugin",
                        *test_paths(game)], cwd=repo, env=env, capture_output=True, text=True)
    wall = time.perf_counter() - t
    tail = r.stdout.strip().splitlines()[-1:] if r.stdout.strip() else ["(no output)"]
    log(f"baseline under coverage: {wall:.0f}s, {tail[0]}")
    if r.returncode != 0:
        sys.exit(f"the baseline fails:\n{r.stdout[-3000:]}\n{r.stderr[-3000:]}")
    info = json.loads((work / "times.json").read_text())
    assert info["tabletop_nb"].startswith(str(repo)), f"tabletop_nb imported from {info['tabletop_nb']}"
    import coverage
    data = coverage.CoverageData(str(work / "cov.data"))
    data.read()
    lines: dict[tuple[str, int], set] = {}
    for f in files:
        for ln, ctxs in data.contexts_by_lineno(str(repo / f)).items():
            lines[(f, ln)] = set(ctxs)
    return {"times": info["times"], "lines": lines, "baseline_wall": wall}


def collect(repo: Path, game: str) -> tuple[list[str], float]:
    """The game's test ids in the copy, and the start-up time (collecting, running nothing)."""
    t = time.perf_counter()
    r = subprocess.run([PYTHON, "-m", "pytest", "-q", "-p", "no:cacheprovider", "-p", "mutant_plugin",
                        "--co", *test_paths(game)], cwd=repo, env=env_for(repo, game), capture_output=True, text=True)
    return [ln for ln in r.stdout.splitlines() if "::" in ln], time.perf_counter() - t


def baseline_from(repo: Path, game: str, files: list[str], log) -> dict:
    """The baseline a kept copy already measured (its coverage data and times)."""
    import coverage
    info = json.loads((repo.parent / "times.json").read_text())
    assert info["tabletop_nb"].startswith(str(repo)), f"tabletop_nb imported from {info['tabletop_nb']}"
    data = coverage.CoverageData(str(repo.parent / "cov.data"))
    data.read()
    lines = {}
    for f in files:
        for ln, ctxs in data.contexts_by_lineno(str(repo / f)).items():
            lines[(f, ln)] = set(ctxs)
    ids, startup = collect(repo, game)
    log(f"baseline of the kept copy {repo}; start-up (collect only) {startup:.1f}s")
    return {"times": {t: v for t, v in info["times"].items() if t in set(ids)}, "lines": lines, "startup": startup,
            "baseline_wall": 0.0, "new": [t for t in ids if t not in info["times"]]}


def cached_baseline(repo: Path, game: str, files: list[str], log, use_cache: bool) -> dict:
    """The baseline, kept in the temp directory by the git trees of the engine files: a
    re-run after a commit that changed only tests reuses it, running each test that is new
    since then for every mutant (first) and dropping the tests that are gone."""
    trees = [subprocess.run(["git", "rev-parse", f"HEAD:{p}"], cwd=ROOT, capture_output=True, text=True).stdout.strip()
             for p in files]
    import hashlib
    key = hashlib.sha1(" ".join(trees + sorted(OPTIONS["skip"])).encode()).hexdigest()[:16]
    path = Path(tempfile.gettempdir()) / f"mutants-baseline-{game}-{key}-{int(OPTIONS['conformance'])}{int(OPTIONS['slow'])}.json"
    if use_cache and path.exists():
        d = json.loads(path.read_text())
        log(f"baseline from {path} (it took {d['baseline_wall']:.0f}s)")
        d["lines"] = {(f, int(ln)): set(c) for f, ln, c in d["lines"]}
    else:
        d = baseline(repo, game, files, log)
        if use_cache:
            path.write_text(json.dumps({**d, "lines": [[f, ln, sorted(c)] for (f, ln), c in d["lines"].items()]}))
    ids, d["startup"] = collect(repo, game)
    now = set(ids)
    d["new"] = [t for t in ids if t not in d["times"]]
    d["times"] = {t: v for t, v in d["times"].items() if t in now}
    log(f"start-up (collect only): {d['startup']:.1f}s; {len(d['times'])} tests with a baseline "
        f"({sum(d['times'].values()):.0f}s under coverage), {len(d['new'])} new tests run for every mutant")
    return d


# ----------------------------------------------------------------------------- mutator

class Site:
    __slots__ = ("file", "line", "col", "end_line", "end_col", "op", "new", "scope", "key")

    def __init__(self, file, node, op, new, scope):
        self.file, self.line, self.col = file, node.lineno, node.col_offset
        self.end_line, self.end_col = node.end_lineno, node.end_col_offset
        self.op, self.new, self.scope = op, new, scope
        self.key = f"{file}:{self.line}:{self.col}:{op}"


CMP_SWAP = {ast.Lt: [ast.LtE, ast.Gt], ast.LtE: [ast.Lt, ast.GtE], ast.Gt: [ast.GtE, ast.Lt],
            ast.GtE: [ast.Gt, ast.LtE], ast.Eq: [ast.NotEq], ast.NotEq: [ast.Eq],
            ast.Is: [ast.IsNot], ast.IsNot: [ast.Is], ast.In: [ast.NotIn], ast.NotIn: [ast.In]}
BIN_SWAP = {ast.Add: [ast.Sub], ast.Sub: [ast.Add], ast.Mult: [ast.FloorDiv, ast.Add],
            ast.FloorDiv: [ast.Mult], ast.Mod: [ast.FloorDiv], ast.BitAnd: [ast.BitOr],
            ast.BitOr: [ast.BitAnd], ast.LShift: [ast.RShift], ast.RShift: [ast.LShift],
            ast.BitXor: [ast.BitOr]}


def _copy(node):
    return ast.parse(ast.unparse(node), mode="eval").body if isinstance(node, ast.expr) else \
        ast.parse(ast.unparse(node)).body[0]


def _is_docstring(stmt) -> bool:
    return isinstance(stmt, ast.Expr) and isinstance(stmt.value, ast.Constant) and isinstance(stmt.value.value, str)


def sites_of(file: str, source: str) -> list[Site]:
    tree = ast.parse(source)
    out: list[Site] = []

    def add(node, op, new, scope):
        out.append(Site(file, node, op, new, scope))

    def expr_sites(node, scope):
        """Mutations of one expression node (not its children)."""
        if isinstance(node, ast.Compare):
            for i, o in enumerate(node.ops):
                for alt in CMP_SWAP.get(type(o), []):
                    m = _copy(node)
                    m.ops[i] = alt()
                    add(node, f"cmp:{type(o).__name__}->{alt.__name__}", m, scope)
        elif isinstance(node, ast.BinOp) and type(node.op) in BIN_SWAP:
            for alt in BIN_SWAP[type(node.op)]:
                m = _copy(node)
                m.op = alt()
                add(node, f"arith:{type(node.op).__name__}->{alt.__name__}", m, scope)
        elif isinstance(node, ast.BoolOp):
            m = _copy(node)
            m.op = ast.Or() if isinstance(node.op, ast.And) else ast.And()
            add(node, f"bool:{type(node.op).__name__}->{type(m.op).__name__}", m, scope)
        elif isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.Not):
            add(node, "not:removed", _copy(node.operand), scope)
        elif isinstance(node, ast.Constant) and type(node.value) is int:
            v = node.value
            for new in sorted({v + 1, v - 1, 0} - {v}):
                add(node, f"const:{v}->{new}", ast.Constant(new), scope)
        elif isinstance(node, ast.Constant) and type(node.value) is bool:
            add(node, f"const:{node.value}->{not node.value}", ast.Constant(not node.value), scope)
        elif isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in ("min", "max"):
            m = _copy(node)
            m.func.id = "max" if node.func.id == "min" else "min"
            add(node, f"call:{node.func.id}->{m.func.id}", m, scope)
        elif isinstance(node, ast.Subscript):
            sl = node.slice
            if isinstance(sl, ast.Slice):
                for part in ("lower", "upper"):
                    b = getattr(sl, part)
                    if b is None:
                        continue
                    for d, name in ((1, "+1"), (-1, "-1")):
                        m = _copy(node)
                        setattr(m.slice, part, ast.BinOp(_copy(b), ast.Add() if d > 0 else ast.Sub(),
                                                         ast.Constant(1)))
                        add(node, f"slice:{part}{name}", m, scope)
            elif isinstance(sl, (ast.Name, ast.Constant, ast.BinOp, ast.Attribute)) and \
                    isinstance(node.ctx, ast.Load) and not (isinstance(sl, ast.Constant) and not isinstance(sl.value, int)):
                for d in (1, -1):
                    m = _copy(node)
                    m.slice = ast.BinOp(_copy(sl), ast.Add() if d > 0 else ast.Sub(), ast.Constant(1))
                    add(node, f"index:{'+1' if d > 0 else '-1'}", m, scope)

    def negate_test(holder, scope, what):
        t = holder.test
        m = ast.UnaryOp(ast.Not(), _copy(t))
        out.append(Site(file, t, f"negate:{what}", m, scope))

    def walk_expr(node, scope):
        if isinstance(node, (ast.JoinedStr, ast.Lambda)) or node is None:
            return
        expr_sites(node, scope)
        if isinstance(node, ast.IfExp):
            negate_test(node, scope, "ifexp")
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.comprehension):
                walk_expr(child.iter, scope)
                for c in child.ifs:
                    expr_sites(c, scope)
                    out.append(Site(file, c, "negate:comp-if", ast.UnaryOp(ast.Not(), _copy(c)), scope))
                    for cc in ast.iter_child_nodes(c):
                        if isinstance(cc, ast.expr):
                            walk_expr(cc, scope)
            elif isinstance(child, ast.expr):
                if isinstance(child, ast.Constant) and isinstance(child.value, int) and \
                        isinstance(node, ast.Subscript) and child is node.slice:
                    continue  # the index mutation covers it
                walk_expr(child, scope)
            elif isinstance(child, ast.keyword):
                walk_expr(child.value, scope)

    def walk_body(body, scope):
        for i, st in enumerate(body):
            if i == 0 and _is_docstring(st):
                continue
            walk_stmt(st, scope, deletable=len(body) > 0)

    def walk_stmt(st, scope, deletable=True):
        if isinstance(st, (ast.FunctionDef, ast.AsyncFunctionDef)):
            if st.name in TEXT_ONLY or st.name.startswith("_fmt"):
                return
            for d in st.args.defaults + [d for d in st.args.kw_defaults if d is not None]:
                walk_expr(d, scope)
            walk_body(st.body, "function")
            return
        if isinstance(st, ast.ClassDef):
            walk_body(st.body, scope)
            return
        if isinstance(st, (ast.Import, ast.ImportFrom, ast.Global, ast.Nonlocal, ast.Pass)):
            return
        if isinstance(st, ast.Raise):
            if scope == "function":
                add(st, "stmt:delete-raise", ast.Pass(), scope)
            return
        if isinstance(st, ast.Assert):
            return
        if isinstance(st, ast.Expr) and isinstance(st.value, ast.Constant):
            return
        if scope == "function" and isinstance(st, (ast.Assign, ast.AugAssign, ast.AnnAssign, ast.Expr,
                                                     ast.Return, ast.If, ast.For, ast.Continue, ast.Break)):
            if not (isinstance(st, ast.AnnAssign) and st.value is None):
                add(st, "stmt:delete", ast.Pass(), scope)
        if isinstance(st, ast.Return) and st.value is not None and scope == "function":
            v = st.value
            if isinstance(v, (ast.Compare, ast.BoolOp)) or (isinstance(v, ast.UnaryOp) and isinstance(v.op, ast.Not)):
                add(v, "return:negated", ast.UnaryOp(ast.Not(), _copy(v)), scope)
            elif not (isinstance(v, ast.Constant) and v.value is None):
                add(v, "return:None", ast.Constant(None), scope)
        if isinstance(st, (ast.If, ast.While)):
            negate_test(st, scope, type(st).__name__.lower())
            walk_expr(st.test, scope)
            walk_body(st.body, scope)
            walk_body(st.orelse, scope)
            return
        if isinstance(st, (ast.For, ast.AsyncFor)):
            walk_expr(st.iter, scope)
            walk_body(st.body, scope)
            walk_body(st.orelse, scope)
            return
        if isinstance(st, (ast.With, ast.AsyncWith)):
            walk_body(st.body, scope)
            return
        if isinstance(st, ast.Try):
            walk_body(st.body, scope)
            for h in st.handlers:
                walk_body(h.body, scope)
            walk_body(st.orelse, scope)
            walk_body(st.finalbody, scope)
            return
        if isinstance(st, ast.Match):
            for c in st.cases:
                walk_body(c.body, scope)
            return
        for child in ast.iter_child_nodes(st):
            if isinstance(child, ast.expr):
                if isinstance(st, (ast.Assign, ast.AugAssign, ast.AnnAssign)) and child in getattr(st, "targets", [getattr(st, "target", None)]):
                    continue
                if isinstance(st, ast.AnnAssign) and child is st.annotation:
                    continue  # a type, never run by the rules: its mutants are equivalent
                walk_expr(child, scope)

    walk_body(tree.body, "module")
    return out


def apply_site(source: str, site: Site) -> str:
    lines = source.splitlines(keepends=True)
    starts = [0]
    for ln in lines:
        starts.append(starts[-1] + len(ln.encode()))
    raw = source.encode()
    a = starts[site.line - 1] + site.col
    b = starts[site.end_line - 1] + site.end_col
    new = ast.unparse(site.new)
    if isinstance(site.new, ast.expr):
        new = f"({new})"
    mutated = (raw[:a] + new.encode() + raw[b:]).decode()
    ast.parse(mutated)  # must still compile
    return mutated


def all_sites(repo: Path, files: list[str]) -> list[Site]:
    sites = []
    for f in files:
        sites.extend(sites_of(f, (repo / f).read_text()))
    seen: dict[str, int] = {}
    for s in sites:
        n = seen.get(s.key, 0)
        seen[s.key] = n + 1
        s.key = f"{s.key}#{n}"
    return sites


# ----------------------------------------------------------------------------- running

def run_mutant(repo: Path, game: str, site: Site, base: dict, sources: dict, worker=None) -> dict:
    src = sources[site.file]
    try:
        mutated = apply_site(src, site)
    except SyntaxError:
        return {"status": "invalid"}
    times = base["times"]
    covering = base["lines"].get((site.file, site.line), set()) - {""}
    if site.scope == "module":
        tests = [t for t in times]
    else:
        # a multi-line statement: any of its lines
        for ln in range(site.line, site.end_line + 1):
            covering |= base["lines"].get((site.file, ln), set()) - {""}
        tests = [t for t in times if t in covering]
    line_text = src.splitlines()[site.line - 1].strip()
    mut_line = mutated.splitlines()[site.line - 1].strip()
    rec = {"id": site.key, "file": site.file, "line": site.line, "op": site.op,
           "source": line_text, "mutated": mut_line, "tests": len(tests)}
    tests.sort(key=lambda t: times[t])
    tests = base["new"] + tests
    rec["tests"] = len(tests)
    if not tests:
        rec.update(status="survived", why="no test executes this line", seconds=0.0)
        return rec
    sel = repo.parent / "select.json"
    sel.write_text(json.dumps(tests))
    budget = 3 * sum(times.get(t, 10.0) for t in tests) + 2 * base["startup"] + 10
    files = sorted({t.split("::")[0] for t in tests})
    slowest = max([times.get(t, 10.0) for t in tests])
    write_source(repo / site.file, mutated)
    t0 = time.perf_counter()
    try:
        if worker is not None:
            ans = worker.run({"select": str(sel), "files": files, "timeout": round(3 * slowest + 20)}, budget)
        else:
            r = subprocess.run([PYTHON, "-m", "pytest", "-x", "-q", "-p", "no:cacheprovider", "-p", "mutant_plugin",
                                "-o", f"timeout={round(3 * slowest + 20)}", *files], cwd=repo,
                               env=env_for(repo, game, MUTANT_SELECT=str(sel)), capture_output=True, text=True,
                               timeout=budget)
            failed = [ln.split(" ", 1)[1].split(" - ")[0] for ln in r.stdout.splitlines() if ln.startswith("FAILED ")]
            ans = {"code": r.returncode, "failed": failed[:1], "timeout": "Timeout" in r.stdout}
    except subprocess.TimeoutExpired:
        ans = None
    finally:
        write_source(repo / site.file, src)
    dt = time.perf_counter() - t0
    if ans is not None and ans["code"] == 98:
        rec.update(status="error", why="the worker died")
    elif ans is None or ans["timeout"]:
        rec.update(status="timeout")
    elif ans["code"] == 0:
        rec.update(status="survived", why="all selected tests pass")
    elif ans["code"] == 5:
        rec.update(status="error", why="no test collected (selection lost)")
    else:
        rec.update(status="killed", by=ans["failed"] or [f"pytest exit {ans['code']}"])
    rec["seconds"] = round(dt, 2)
    rec["budget"] = round(budget, 1)
    return rec


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--game", required=True, choices=["pacal", "neko", "pebble_rock"])
    ap.add_argument("-n", type=int, default=200, help="mutants to sample (default 200)")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--only", nargs="*", help="mutant ids to (re-)run")
    ap.add_argument("--list", action="store_true", help="list the sample and stop (no tests run)")
    ap.add_argument("--worktree", action="store_true", help="copy the working-tree tracked files, not HEAD")
    ap.add_argument("--extra", nargs="*", default=[], help="untracked files to copy too (with --worktree)")
    ap.add_argument("--out", default=str(ROOT / "benchmarks" / "results" / "mutants.jsonl"))
    ap.add_argument("--subprocess", action="store_true",
                    help="one pytest process per mutant (slower: pays the start-up each time) instead of the worker")
    ap.add_argument("--copy", help="reuse a kept copy (a --keep run's DIR/main) and its baseline")
    ap.add_argument("--conformance", action="store_true",
                    help="run the game's conformance cases too (slow: random playouts of every configuration)")
    ap.add_argument("--slow", action="store_true", help="run the long soak tests too (minutes each under coverage)")
    ap.add_argument("--max-test-seconds", type=float, default=30.0,
                    help="leave out tests slower than this in the baseline (under coverage); default 30 "
                         "(it leaves out the 200-game soak test)")
    ap.add_argument("--fresh", action="store_true", help="measure the baseline again even if cached")
    ap.add_argument("--skip", nargs="*", default=[],
                    help="tests to leave out (a part of their node id), e.g. one that fails under "
                         "coverage on a loaded machine; the run's summary line names them")
    ap.add_argument("--keep", action="store_true", help="keep the temporary copy")
    args = ap.parse_args(argv)
    OPTIONS.update(conformance=args.conformance, slow=args.slow, skip=args.skip)

    def log(msg):
        print(f"[{time.strftime('%H:%M:%S')}] {msg}", flush=True)

    repo = Path(args.copy).resolve() if args.copy else make_copy(args.worktree, args.extra)
    if args.copy:
        args.keep = True
        write_plugin(repo.parent)
    # a TERM (or a timeout of the caller) still restores the mutated file and removes the copy
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(143))
    signal.signal(signal.SIGINT, signal.default_int_handler)
    try:
        files = engine_files(repo, args.game)
        sources = {f: (repo / f).read_text() for f in files}
        sites = all_sites(repo, files)
        log(f"copy in {repo}; engine files {files}; {len(sites)} mutation sites")
        if args.only:
            want = set(args.only)
            sample = [s for s in sites if s.key in want]
            missing = want - {s.key for s in sample}
            if missing:
                log(f"unknown ids (the file changed?): {sorted(missing)}")
        else:
            sample = random.Random(args.seed).sample(sites, min(args.n, len(sites)))
        if args.list:
            for s in sample:
                src = sources[s.file]
                print(s.key, "|", apply_site(src, s).splitlines()[s.line - 1].strip())
            return 0
        commit = (repo.parent / "COMMIT").read_text().strip()
        if args.copy and (repo.parent / "times.json").exists() and not args.fresh:
            base = baseline_from(repo, args.game, files, log)
        else:
            base = cached_baseline(repo, args.game, files, log, use_cache=not args.worktree and not args.fresh)
        left_out = sorted(t for t, v in base["times"].items()
                          if v > args.max_test_seconds or (not args.conformance and "/conformance/" in t))
        for t in left_out:
            del base["times"][t]
        base["new"] = [t for t in base["new"] if args.conformance or "/conformance/" not in t]
        log(f"left out: {len(left_out)} tests (conformance: {'in' if args.conformance else 'out'}; slower than "
            f"{args.max_test_seconds:.0f}s under coverage: "
            f"{[t for t in left_out if '/conformance/' not in t] or 'none'}); {len(base['times'])} tests kept, "
            f"{sum(base['times'].values()):.0f}s")
        log(f"cost: a killed mutant takes about the start-up ({base['startup']:.1f}s) plus its first failing "
            f"test; a survivor runs every test that executes its line (at most "
            f"{sum(base['times'].values()):.0f}s under coverage)")
        run = f"{args.game}-{time.strftime('%Y%m%dT%H%M%S')}"
        results = []
        worker = None if args.subprocess else Worker(repo, args.game)
        t_all = time.perf_counter()
        with open(args.out, "a") as out:
            for i, site in enumerate(sample):
                rec = run_mutant(repo, args.game, site, base, sources, worker)
                rec.update(run=run, game=args.game, commit=commit, seed=args.seed)
                results.append(rec)
                out.write(json.dumps(rec) + "\n")
                out.flush()
                log(f"{i + 1}/{len(sample)} {rec.get('status'):8} {rec.get('seconds', 0):6.1f}s "
                    f"{site.key}  {rec.get('mutated', '')[:90]}")
            if worker is not None:
                worker.stop()
            counted = [r for r in results if r["status"] not in ("invalid", "error")]
            killed = sum(r["status"] == "killed" for r in counted)
            timeouts = sum(r["status"] == "timeout" for r in counted)
            surv = [r for r in counted if r["status"] == "survived"]
            summary = {"run": run, "game": args.game, "commit": commit, "seed": args.seed, "summary": True,
                       "only": bool(args.only), "sites": len(sites), "total": len(counted), "killed": killed,
                       "timeouts": timeouts, "survived": len(surv),
                       "share_killed": round((killed + timeouts) / max(1, len(counted)), 4),
                       "seconds": round(time.perf_counter() - t_all, 1), "baseline_seconds": round(base["baseline_wall"], 1),
                       "invalid": len(results) - len(counted)}
            if args.skip:
                summary["skipped_tests"] = list(args.skip)
            out.write(json.dumps(summary) + "\n")
        log(f"killed {killed + timeouts}/{len(counted)} ({summary['share_killed']:.1%}; {timeouts} by timeout) "
            f"in {summary['seconds']:.0f}s")
        for r in surv:
            print(f"SURVIVED {r['id']}  {r['file']}:{r['line']}  {r['op']}\n    was: {r['source']}\n    now: {r['mutated']}"
                  f"\n    ({r['why']})")
    finally:
        if not args.keep:
            shutil.rmtree(repo.parent, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
