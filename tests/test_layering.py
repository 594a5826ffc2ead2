"""The package's imports go one way and never round in a circle (issue 27, item 5).

Every module of ``tabletop_nb`` is parsed with ``ast`` (nothing is imported), and every
import in it counts, wherever it stands: at module level, inside a function (a lazy
import is still a dependency), under ``if TYPE_CHECKING:``, relative or absolute, and
``importlib.import_module("...")`` / ``__import__("...")`` with a literal name (an
f-string counts as a dependency on the package its literal head names; a name computed at
run time, such as the top package's ``_LAZY`` table or ``viz/views``' lookup of a game's
``view``, is not seen). A package's
``__init__`` is a node of its own; ``import a.b.c`` and ``from a.b import c`` (``c`` a
module) depend on ``a.b.c`` only, ``from a.b import name`` on ``a.b``.

The rules (DESIGN.md: ``widgets -> viz / games/*/view -> games -> core``, and ``lab``
beside core, above it):

(a) no cycle between modules;
(b) nothing under ``tabletop_nb/core`` imports ``tabletop_nb`` itself (its ``__init__``),
    ``tabletop_nb.games``, ``.lab``, ``.viz`` or ``.widgets``: core is found by the rest,
    and asks the rest only through tables it is given (``core/registry.py`` holds the
    name -> game loaders that ``tabletop_nb.games`` fills);
(c) a game (``tabletop_nb/games/**``, except its ``view.py``) imports neither
    ``tabletop_nb.viz`` nor ``.widgets``, nor plotly, ipywidgets or pandas: engines run
    headless;
(d) nothing under ``tabletop_nb/lab`` imports ``tabletop_nb.widgets``: studies sit below the
    widgets, and what both use (the live figure, ``viz/live.py``) lives below both;
(e) the studies (``tabletop_nb/lab``) import no private name (``_x``) from core: the jobs,
    progress and checkpoints they share are public (``core/study.py``).
"""
from __future__ import annotations

import ast
from pathlib import Path

import pytest

import tabletop_nb

PACKAGE = "tabletop_nb"
ROOT = Path(tabletop_nb.__file__).resolve().parent

# Cycles known and accepted for now: (the set of its modules, the reason). A cycle not
# listed here, or a listed one that grows, fails the test; one that is gone must leave the
# list. None today: keep it so (issue 27 removed the last four).
KNOWN_CYCLES: list[tuple[frozenset[str], str]] = []


def module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT.parent).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def all_modules() -> dict[str, Path]:
    return {module_name(p): p for p in sorted(ROOT.rglob("*.py"))}


MODULES = all_modules()


def _is_package(name: str) -> bool:
    return MODULES.get(name, Path()).name == "__init__.py"


def _resolve_relative(module: str, level: int, target: str | None) -> str:
    """The absolute name ``from <level dots><target> import ...`` means inside ``module``."""
    base = module.split(".")
    if not _is_package(module):
        base = base[:-1]            # a plain module's package is its parent
    if level > 1:
        base = base[: len(base) - (level - 1)]
    return ".".join(base + ([target] if target else []))


def _literal_head(node: ast.expr) -> str | None:
    """The module a string (or an f-string's constant head) names, if it names one."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return node.value
    if isinstance(node, ast.JoinedStr) and node.values:
        head = node.values[0]
        if isinstance(head, ast.Constant) and isinstance(head.value, str):
            # f"tabletop_nb.games.{name}": some module under tabletop_nb.games
            return head.value.rsplit(".", 1)[0] if "." in head.value else None
    return None


def imports_of(module: str, path: Path) -> list[tuple[str, int]]:
    """Every (imported name, line) in a module: packages and modules, in and out of it."""
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    found: list[tuple[str, int]] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found += [(alias.name, node.lineno) for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            source = (_resolve_relative(module, node.level, node.module) if node.level
                      else node.module or "")
            for alias in node.names:
                sub = f"{source}.{alias.name}" if source else alias.name
                # from a.b import c: the module a.b.c when there is one, else a name of a.b
                found.append((sub if sub in MODULES else source, node.lineno))
        elif isinstance(node, ast.Call) and node.args:
            func = node.func
            called = (func.attr if isinstance(func, ast.Attribute)
                      else func.id if isinstance(func, ast.Name) else "")
            if called not in ("import_module", "__import__"):
                continue
            name = _literal_head(node.args[0])
            if name is None:
                continue
            if name.startswith("."):
                package = next((kw.value for kw in node.keywords if kw.arg == "package"),
                               node.args[1] if len(node.args) > 1 else None)
                if not (isinstance(package, ast.Name) and package.id == "__name__"):
                    continue            # relative to something not known here
                level = len(name) - len(name.lstrip("."))
                name = _resolve_relative(module, level, name.lstrip(".") or None)
            found.append((name, node.lineno))
    return found


def _internal(name: str) -> str | None:
    """The package's own module an imported name stands for (its longest known prefix)."""
    if name != PACKAGE and not name.startswith(PACKAGE + "."):
        return None
    while name not in MODULES:
        name = name.rsplit(".", 1)[0]
    return name


def import_graph() -> dict[str, dict[str, int]]:
    """module -> {imported module of the package: first line}."""
    graph: dict[str, dict[str, int]] = {}
    for module, path in MODULES.items():
        edges: dict[str, int] = {}
        for name, line in imports_of(module, path):
            target = _internal(name)
            if target is not None and target != module:
                edges.setdefault(target, line)
        graph[module] = edges
    return graph


def strongly_connected(graph: dict[str, dict[str, int]]) -> list[list[str]]:
    """Tarjan's strongly connected components with more than one module."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    components: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on_stack.add(v)
        for w in graph[v]:
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            component = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                component.append(w)
                if w == v:
                    break
            if len(component) > 1:
                components.append(sorted(component))

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return components


def a_cycle(graph: dict[str, dict[str, int]], component: list[str]) -> list[str]:
    """One shortest cycle through the component's first module, for the message."""
    members = set(component)
    start = component[0]
    paths = {start: [start]}
    frontier = [start]
    while frontier:
        nxt = []
        for v in frontier:
            for w in sorted(graph[v]):
                if w == start:
                    return paths[v] + [start]
                if w in members and w not in paths:
                    paths[w] = paths[v] + [w]
                    nxt.append(w)
        frontier = nxt
    raise AssertionError("not a cycle")  # pragma: no cover


def _path(module: str) -> str:
    return str(MODULES[module].relative_to(ROOT.parent))


def describe(graph: dict[str, dict[str, int]], cycle: list[str]) -> str:
    """``a.py:12 imports b, b.py:7 imports a``: each step with the file and line."""
    return ", ".join(f"{_path(a)}:{graph[a][b]} imports {b}" for a, b in zip(cycle, cycle[1:]))


GRAPH = import_graph()


def test_the_parser_sees_lazy_and_relative_imports():
    # a check of the checker: lazy imports inside functions, and relative ones, count
    assert "tabletop_nb.core.errors" in GRAPH["tabletop_nb.core.runner"]
    assert "tabletop_nb.core" in GRAPH["tabletop_nb"] or \
        "tabletop_nb.core.dice" in GRAPH["tabletop_nb"]
    assert "tabletop_nb.games" in GRAPH["tabletop_nb"]
    assert len(MODULES) > 50


def test_no_import_cycle():
    known = {members: why for members, why in KNOWN_CYCLES}
    problems = []
    for component in strongly_connected(GRAPH):
        members = frozenset(component)
        if members in known:
            continue
        problems.append(f"cycle among {len(component)} modules: "
                        + describe(GRAPH, a_cycle(GRAPH, component))
                        + ("" if len(component) <= 3 else f"\n    all of: {', '.join(component)}"))
    assert not problems, "import cycles:\n  " + "\n  ".join(problems)


def test_known_cycles_are_still_there():
    # an accepted exception that has been removed must leave the list
    present = {frozenset(c) for c in strongly_connected(GRAPH)}
    gone = [sorted(members) for members, _ in KNOWN_CYCLES if members not in present]
    assert not gone, f"these known cycles are gone, remove them from KNOWN_CYCLES: {gone}"


CORE_MUST_NOT_IMPORT = ("tabletop_nb.games", "tabletop_nb.lab", "tabletop_nb.viz",
                        "tabletop_nb.widgets")


def _under(name: str, prefix: str) -> bool:
    return name == prefix or name.startswith(prefix + ".")


def test_core_imports_nothing_above_it():
    problems = []
    for module, path in MODULES.items():
        if not _under(module, "tabletop_nb.core"):
            continue
        for name, line in imports_of(module, path):
            target = _internal(name)
            if target is None:
                continue
            if target == PACKAGE or any(_under(target, p) for p in CORE_MUST_NOT_IMPORT):
                problems.append(f"{path.relative_to(ROOT.parent)}:{line} imports {name}")
    assert not problems, "core imports upward:\n  " + "\n  ".join(problems)


GAME_MUST_NOT_IMPORT = ("tabletop_nb.viz", "tabletop_nb.widgets", "plotly", "ipywidgets",
                        "pandas")


def test_games_run_headless():
    problems = []
    for module, path in MODULES.items():
        if not _under(module, "tabletop_nb.games") or path.name == "view.py":
            continue
        for name, line in imports_of(module, path):
            if any(_under(name, p) for p in GAME_MUST_NOT_IMPORT):
                problems.append(f"{path.relative_to(ROOT.parent)}:{line} imports {name}")
    assert not problems, "a game imports drawing or table code:\n  " + "\n  ".join(problems)


@pytest.mark.parametrize("source, expected", [
    ("from . import x", {"pkg.x"}),
    ("from .x import y", {"pkg.x"}),
    ("from .. import top", {"top"}),
    ("from .. import top as t\nimport pkg.x", {"top", "pkg.x"}),
    ("import importlib\nimportlib.import_module('.x', __name__)", {"pkg.x"}),
    ("def f():\n    from .x import y", {"pkg.x"}),
    ("import importlib\nimportlib.import_module('pkg.x')", {"pkg.x"}),
    ("import importlib\nimportlib.import_module(f'pkg.{n}')", {"pkg"}),
])
def test_the_parser_on_small_sources(tmp_path, source, expected):
    # a module pkg/m.py beside pkg/x.py; names resolve against MODULES, so pretend
    path = tmp_path / "m.py"
    path.write_text(source)
    fake = {"pkg": Path("__init__.py"), "pkg.m": path, "pkg.x": Path("x.py"),
            "top": Path("__init__.py")}
    global MODULES
    saved = MODULES
    MODULES = fake
    try:
        names = {name for name, _ in imports_of("pkg.m", path)} - {"importlib"}
    finally:
        MODULES = saved
    assert names == expected


LAB_MUST_NOT_IMPORT = ("tabletop_nb.widgets",)


def lab_upward_imports(graph: dict[str, dict[str, int]]) -> list[str]:
    """Every ``lab -> widgets`` arrow of an import graph, as ``file:line imports module``."""
    return [f"{_path(m)}:{line} imports {target}"
            for m, edges in sorted(graph.items()) if _under(m, "tabletop_nb.lab")
            for target, line in sorted(edges.items())
            if any(_under(target, p) for p in LAB_MUST_NOT_IMPORT)]


def test_studies_do_not_import_widgets():
    problems = lab_upward_imports(GRAPH)
    assert not problems, "a study reaches into the widgets layer:\n  " + "\n  ".join(problems)


def test_the_lab_rule_sees_a_lazy_widget_import():
    # the check of the check: the arrow the live race chart had (a lazy import inside a
    # method, lab/balance_charts.py -> widgets/_board.py) is reported with its line
    graph = {m: dict(edges) for m, edges in GRAPH.items()}
    graph["tabletop_nb.lab.balance_charts"]["tabletop_nb.widgets._board"] = 894
    assert lab_upward_imports(graph) == [
        "tabletop_nb/lab/balance_charts.py:894 imports tabletop_nb.widgets._board"]
    assert "tabletop_nb.viz.live" in GRAPH["tabletop_nb.lab.balance_charts"]


def private_core_imports(module: str, path: Path) -> list[str]:
    """Every ``from tabletop_nb.core... import _name`` of a module, as ``file:line imports name``."""
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    out = []
    for node in ast.walk(tree):
        if not isinstance(node, ast.ImportFrom):
            continue
        source = _resolve_relative(module, node.level, node.module) if node.level else node.module or ""
        if not _under(source, "tabletop_nb.core"):
            continue
        out += [f"{path.relative_to(ROOT.parent)}:{node.lineno} imports {source}.{alias.name}"
                for alias in node.names if alias.name.startswith("_")]
    return out


def test_studies_use_only_public_core_names():
    problems = [p for m, path in MODULES.items() if _under(m, "tabletop_nb.lab")
                for p in private_core_imports(m, path)]
    assert not problems, "a study imports a private core name:\n  " + "\n  ".join(problems)


def test_the_private_name_rule_sees_a_lazy_relative_import(tmp_path):
    # the check of the check: what lab/balance.py had inside _study before core/study.py
    path = tmp_path / "balance.py"
    path.write_text("def f():\n    from ..core.runner import (_bots_for, play,\n        _Progress)\n")
    global ROOT
    saved = ROOT
    ROOT = tmp_path / "pkg"
    try:
        found = private_core_imports("tabletop_nb.lab.balance", path)
    finally:
        ROOT = saved
    assert [f.split(" imports ")[1] for f in found] == ["tabletop_nb.core.runner._bots_for",
                                                        "tabletop_nb.core.runner._Progress"]
