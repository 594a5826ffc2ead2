"""Readability counts of the package, for a checkout given as the first argument.

    python tools/readability.py [ROOT] [--json]

Counted over ROOT/tabletop_nb (default: this checkout):

- ``speed comments``: comment or docstring lines containing the word "Speed";
- ``private names across modules``: ``x._name`` where ``x`` is not ``self``/``cls`` (a name
  private to another object), and ``from m import _name`` of another module's private name;
  the share of them in the games' bots and in the search bot is reported apart;
- ``functions without docstring``: in the engines (``games/*/engine*``) and in the package;
- ``mypy excludes``: package modules outside ``[tool.mypy] files`` of pyproject.toml;
- ``import cycles``: strongly connected groups of the import graph (tests/test_layering.py);
- the engines' shape, per game: ``engine classes with more than one base`` (classes under
  ``games/<game>/engine/`` listing two or more bases: mixins), ``stubs in engine/base.py``
  (functions there whose body is only a docstring, ``...``, ``pass`` or a ``raise``);
- the rules map, per game: ``rule IDs with more than one home`` (IDs that the docstrings of
  two or more definitions name, read by the checkout's own ``tabletop_nb/rules_map.py``),
  ``rule rows homed in records`` (IDs named by a class decorated with ``dataclass`` or deriving from
  ``NamedTuple``) and ``ID ranges in docstrings`` (``NK-FA-06..08``).

A measurement, not a test: the numbers go in the issue note, before and after.
"""
from __future__ import annotations

import ast
import glob
import importlib.util
import io
import json
import re
import sys
import tokenize
from pathlib import Path

try:
    import tomllib
except ModuleNotFoundError:  # Python 3.10
    import tomli as tomllib  # type: ignore[no-redef]

SPEED = re.compile(r"\bSpeed\b")


def _files(pkg: Path) -> list[Path]:
    return sorted(p for p in pkg.rglob("*.py") if "data" not in p.relative_to(pkg).parts[:-1])


def speed_lines(src: str) -> int:
    """Comment lines and docstring lines naming "Speed"."""
    n = 0
    try:
        for tok in tokenize.generate_tokens(io.StringIO(src).readline):
            if tok.type == tokenize.COMMENT and SPEED.search(tok.string):
                n += 1
            elif tok.type == tokenize.STRING:
                n += sum(1 for line in tok.string.splitlines() if SPEED.search(line))
    except (tokenize.TokenError, SyntaxError):
        pass
    return n


def private_uses(tree: ast.AST) -> list[tuple[int, str]]:
    """``x._name`` on anything but self/cls, and imports of private names."""
    out = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Attribute) and node.attr.startswith("_") \
                and not node.attr.startswith("__"):
            base = node.value
            if isinstance(base, ast.Name) and base.id in ("self", "cls"):
                continue
            if isinstance(base, ast.Call) and isinstance(base.func, ast.Name) and base.func.id == "super":
                continue
            out.append((node.lineno, ast.unparse(node)))
        elif isinstance(node, ast.ImportFrom) and node.module != "__future__":
            for alias in node.names:
                if alias.name.startswith("_") and not alias.name.startswith("__"):
                    out.append((node.lineno, f"import {alias.name}"))
    return out


def undocumented(tree: ast.AST) -> list[str]:
    out = []
    for node in ast.walk(tree):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and ast.get_docstring(node) is None:
            out.append(node.name)
    return out


def mypy_excluded(root: Path) -> list[str]:
    conf = tomllib.loads((root / "pyproject.toml").read_text()).get("tool", {}).get("mypy", {})
    covered: set[Path] = set()
    for pattern in conf.get("files", []):
        for hit in glob.glob(str(root / pattern)):
            p = Path(hit)
            covered |= set(p.rglob("*.py")) if p.is_dir() else {p}
    excludes = [re.compile(x) for x in ([conf["exclude"]] if isinstance(conf.get("exclude"), str)
                                        else conf.get("exclude", []))]
    pkg = root / "tabletop_nb"
    out = []
    for f in _files(pkg):
        rel = str(f.relative_to(root))
        if f not in covered or any(x.search(rel) for x in excludes):
            out.append(rel)
    return out


def import_cycles(root: Path) -> list[list[str]]:
    spec = importlib.util.spec_from_file_location("_layering", root / "tests" / "test_layering.py")
    if spec is None or not (root / "tests" / "test_layering.py").exists():
        return [["(tests/test_layering.py missing)"]]
    mod = importlib.util.module_from_spec(spec)
    old = sys.path[:]
    sys.path.insert(0, str(root))
    try:
        spec.loader.exec_module(mod)  # type: ignore[union-attr]
        graph = mod.import_graph()
        return [c for c in mod.strongly_connected(graph) if len(c) > 1]
    finally:
        sys.path[:] = old


def _is_stub(fn: ast.FunctionDef | ast.AsyncFunctionDef) -> bool:
    body = list(fn.body)
    if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant) \
            and isinstance(body[0].value.value, str):
        body = body[1:]
    return all(isinstance(b, (ast.Pass, ast.Raise)) or (isinstance(b, ast.Expr)
               and isinstance(b.value, ast.Constant) and b.value.value is Ellipsis) for b in body)


def _is_record(node: ast.ClassDef) -> bool:
    names = {ast.unparse(d).split("(")[0].split(".")[-1] for d in node.decorator_list}
    bases = {ast.unparse(b).split(".")[-1] for b in node.bases}
    return "dataclass" in names or "NamedTuple" in bases


def engine_shape(root: Path) -> dict[str, dict[str, int]]:
    """Per game: engine classes with more than one base, and stubs in engine/base.py."""
    out: dict[str, dict[str, int]] = {}
    for game in sorted(p.parent.name for p in (root / "tabletop_nb" / "games").glob("*/__init__.py")):
        folder = root / "tabletop_nb" / "games" / game
        multi = 0
        for f in sorted((folder / "engine").rglob("*.py")) if (folder / "engine").is_dir() else []:
            tree = ast.parse(f.read_text(encoding="utf-8"))
            multi += sum(1 for n in ast.walk(tree) if isinstance(n, ast.ClassDef) and len(n.bases) > 1)
        stubs = 0
        base = folder / "engine" / "base.py"
        if base.exists():
            tree = ast.parse(base.read_text(encoding="utf-8"))
            stubs = sum(1 for n in ast.walk(tree)
                        if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef)) and _is_stub(n))
        out[game] = {"engine classes with more than one base": multi, "stubs in engine/base.py": stubs}
    return out


def rule_homes(root: Path) -> dict[str, dict[str, int]]:
    """Per game: rule IDs with more than one home, homes that are records, ID ranges."""
    spec = importlib.util.spec_from_file_location("_rules_map", root / "tabletop_nb" / "rules_map.py")
    if spec is None or spec.loader is None:
        return {}
    rm = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(rm)
    rng = re.compile(rm._RANGE)
    out: dict[str, dict[str, int]] = {}
    for game in sorted(p.parent.name for p in (root / "tabletop_nb" / "games").glob("*/__init__.py")):
        folder = root / "tabletop_nb" / "games" / game
        homes: dict[str, set[str]] = {}
        records = ranges = 0
        for f in sorted(folder.rglob("*.py")):
            src = f.read_text(encoding="utf-8")
            for row in rm.docstring_homes(src, f.stem, f.name):
                homes.setdefault(row["rule"], set()).add(row["function"])
            for _, node in rm._definitions(ast.parse(src), f.stem):
                doc = ast.get_docstring(node, clean=True) or ""
                ranges += len(rng.findall(doc))
                if isinstance(node, ast.ClassDef) and _is_record(node):
                    records += len(rm.cited_ids(doc))
        out[game] = {"rule IDs with more than one home": sum(len(v) > 1 for v in homes.values()),
                     "rule rows homed in records": records, "ID ranges in docstrings": ranges}
    return out


def measure(root: Path) -> dict:
    pkg = root / "tabletop_nb"
    speed = priv = priv_bots = undoc_engine = undoc_all = n_engine = 0
    speed_files = set()
    for f in _files(pkg):
        src = f.read_text(encoding="utf-8")
        rel = f.relative_to(pkg)
        s = speed_lines(src)
        speed += s
        if s:
            speed_files.add(rel)
        tree = ast.parse(src)
        uses = private_uses(tree)
        priv += len(uses)
        if rel.name == "bots.py" or rel.name == "search.py":
            priv_bots += len(uses)
        und = undocumented(tree)
        undoc_all += len(und)
        if len(rel.parts) >= 3 and rel.parts[0] == "games" and rel.parts[2].startswith("engine"):
            undoc_engine += len(und)
            n_engine += sum(isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef)) for n in ast.walk(tree))
    return {
        "speed comments": speed, "files with speed comments": len(speed_files),
        "private names across modules": priv, "of them in bots.py and search.py": priv_bots,
        "engine functions": n_engine, "engine functions without docstring": undoc_engine,
        "package functions without docstring": undoc_all,
        "mypy excludes": len(mypy_excluded(root)), "import cycles": len(import_cycles(root)),
        **{f"{game}: {k}": v for game, d in engine_shape(root).items() for k, v in d.items()},
        **{f"{game}: {k}": v for game, d in rule_homes(root).items() for k, v in d.items()},
    }


def main(argv: list[str]) -> None:
    args = [a for a in argv if not a.startswith("--")]
    root = Path(args[0]).resolve() if args else Path(__file__).resolve().parent.parent
    got = measure(root)
    if "--json" in argv:
        print(json.dumps(got))
    else:
        for k, v in got.items():
            print(f"{k:40s} {v}")


if __name__ == "__main__":
    main(sys.argv[1:])
