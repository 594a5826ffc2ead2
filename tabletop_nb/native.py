"""Which code runs: the modules compiled at install time, or their Python source.

Some hot modules (pyproject.toml's ``[tool.tabletop_nb.compiled]``: every game's engine
sections, analysis and bots, Pacal's constellation search, the record codec) are compiled with mypyc when the package is installed
on a machine with a C compiler (``setup.py``). The Python source stays the reference: both
builds play the same games, and the source runs

- when ``TABLETOP_PURE=1`` is set (to step into a rule with a debugger, or to read a
  traceback line by line; ``0`` or unset: the compiled modules where they exist),
- when nothing was compiled (no C compiler at install time, or ``TABLETOP_PURE=1`` then),
- when a compiled module's source has changed since the build (an edit in an editable
  install), or its library for this Python is missing: then for every compiled module, with
  a one-line warning saying how to rebuild, because a compiled module calls the others of its
  build directly.

The decision is made once, when ``tabletop_nb`` is imported (it imports this module first),
and worker processes inherit the environment. In source mode an import hook makes every
``tabletop_nb`` module load from its ``.py`` file even where a compiled one sits beside it.

>>> from tabletop_nb import native
>>> native.MODE in ("compiled", "source")
True
>>> set(native.compiled_modules()) <= set(native.BUILT)
True
"""
from __future__ import annotations

import hashlib
import importlib.abc
import importlib.machinery
import json
import os
import sys
from types import ModuleType
from typing import Any, Sequence

__all__ = ["ENV", "MODE", "REASON", "BUILT", "pure_requested", "compiled_modules", "describe"]

#: the environment switch: ``1`` runs the Python source even where compiled modules exist
ENV = "TABLETOP_PURE"
_PACKAGE = os.path.dirname(os.path.abspath(__file__))
_ROOT = os.path.dirname(_PACKAGE)
#: written by the build (setup.py): the compiled modules and their sources' hashes, one per
#: Python (two interpreters' editable installs may share a source tree)
_MANIFEST = os.path.join(_PACKAGE, f"_native_build.{sys.implementation.cache_tag}.json")


def pure_requested(environ: Any = None) -> bool:
    """Whether ``TABLETOP_PURE`` asks for the Python source.

    Parameters
    ----------
    environ : mapping, optional
        The environment to read (default ``os.environ``).

    Returns
    -------
    bool
        True for ``1``, ``true``, ``yes``, ``on``; False when unset, empty or ``0``,
        ``false``, ``no``, ``off``.

    Raises
    ------
    ValueError
        For any other value, naming the variable.

    Examples
    --------
    >>> pure_requested({"TABLETOP_PURE": "1"}), pure_requested({})
    (True, False)
    """
    env = os.environ if environ is None else environ
    v = str(env.get(ENV, "")).strip().lower()
    if v in ("", "0", "false", "no", "off"):
        return False
    if v in ("1", "true", "yes", "on"):
        return True
    raise ValueError(f"{ENV}={env[ENV]!r}: set it to 1 (run the Python source) or 0 (the compiled modules)")


def _module_name(path: str) -> str:
    """``tabletop_nb/games/pacal/analysis.py`` -> ``tabletop_nb.games.pacal.analysis``."""
    return path[:-3].replace("/", ".")


def _decide(manifest: str = _MANIFEST, root: str = _ROOT,
            environ: Any = None) -> tuple[str, str, dict[str, str]]:
    """(mode, reason, {module name: source path}) for the build whose manifest is given."""
    try:
        with open(manifest) as f:
            data = json.load(f)
    except FileNotFoundError:
        if pure_requested(environ):  # an install under TABLETOP_PURE=1 writes no manifest
            return "source", f"{ENV} is set", {}
        return "source", "nothing was compiled (no build manifest)", {}
    built = data["modules"]
    modules = {_module_name(p): p for p in built}
    if not modules:
        return "source", f"nothing was compiled: {data.get('why_not') or 'an install without the build'}", {}
    if pure_requested(environ):
        return "source", f"{ENV} is set", modules
    stale = []
    for path, digest in built.items():
        try:
            with open(os.path.join(root, path), "rb") as f:
                if hashlib.sha256(f.read()).hexdigest() != digest:
                    stale.append(path)
        except FileNotFoundError:
            stale.append(path)
    if stale:
        print(f"tabletop_nb: {', '.join(stale)} changed since compiled: running the Python source "
              f"of every compiled module (rebuild: make compiled)", file=sys.stderr)
        return "source", f"changed since compiled: {', '.join(stale)}", modules
    missing = [p for p in built if not _library_of(os.path.join(root, p[:-3]))]
    if missing:  # removed by hand, or by a clean: never report compiled code that is not there
        print(f"tabletop_nb: no compiled library of {', '.join(missing)} for this Python: running the "
              f"Python source of every compiled module (rebuild: make compiled)", file=sys.stderr)
        return "source", f"no compiled library for this Python: {', '.join(missing)}", modules
    return "compiled", "compiled at install time", modules


def _library_of(stem: str) -> bool:
    """Whether this Python can import an extension module at ``stem`` (a path without suffix)."""
    return any(os.path.isfile(stem + s) for s in importlib.machinery.EXTENSION_SUFFIXES)


class _SourceFirst:
    """A meta path finder: ``tabletop_nb``'s submodules from their ``.py`` files only."""

    def __init__(self) -> None:
        self._finders: dict[str, importlib.machinery.FileFinder] = {}

    def find_spec(self, fullname: str, path: Sequence[str] | None,
                  target: ModuleType | None = None) -> importlib.machinery.ModuleSpec | None:
        if path is None or not fullname.startswith("tabletop_nb."):
            return None
        for entry in path:
            finder = self._finders.get(entry)
            if finder is None:
                finder = self._finders[entry] = importlib.machinery.FileFinder(
                    entry, (importlib.machinery.SourceFileLoader, importlib.machinery.SOURCE_SUFFIXES))
            spec = finder.find_spec(fullname)
            if spec is not None and spec.loader is not None:
                return spec
        return None  # not a source module (e.g. the compiled library): the usual finders

    def invalidate_caches(self) -> None:
        self._finders.clear()


#: what mypyc puts in a compiled module's Python classes (NamedTuples, ...) for their docstring
_FILLER = "mypyc filler docstring"


class _CompiledDocs:
    """A meta path finder for the compiled modules: loads them as usual, then gives their
    Python classes the docstrings of the source (mypyc leaves a filler there; the build
    writes the other docstrings into the compiled code, see setup.py)."""

    def __init__(self, names: Sequence[str]) -> None:
        self.names = frozenset(names)
        self.source = _SourceFirst()

    def find_spec(self, fullname: str, path: Sequence[str] | None,
                  target: ModuleType | None = None) -> importlib.machinery.ModuleSpec | None:
        if fullname not in self.names:
            # a module this build did not compile runs its source, even if a library of an
            # earlier build is left beside it
            return self.source.find_spec(fullname, path, target)
        spec = importlib.machinery.PathFinder.find_spec(fullname, path)
        if spec is not None and isinstance(spec.loader, importlib.machinery.ExtensionFileLoader):
            spec.loader = _DocsLoader(spec.loader)
        return spec


class _DocsLoader(importlib.abc.Loader):
    def __init__(self, loader: importlib.machinery.ExtensionFileLoader) -> None:
        self.loader = loader

    def __getattr__(self, name: str) -> Any:  # get_filename, is_package, ... of the loader
        return getattr(self.loader, name)

    def create_module(self, spec: importlib.machinery.ModuleSpec) -> ModuleType | None:
        return self.loader.create_module(spec)

    def exec_module(self, module: ModuleType) -> None:
        self.loader.exec_module(module)
        # a compiled module that imports another of its build initialises it in the shared
        # library, past the import system (and this loader): every compiled module imported
        # by now gets its docstrings here
        for name in BUILT:
            m = sys.modules.get(name)
            if m is not None and name not in _DOCS_GIVEN:
                _DOCS_GIVEN.add(name)
                _give_docs(m)


#: the compiled modules whose Python classes have their docstrings
_DOCS_GIVEN: set[str] = set()


def _give_docs(module: ModuleType) -> None:
    """Give ``module``'s Python classes (mypyc's filler in their ``__doc__``) the source's docstrings."""
    import ast
    source = os.path.join(_ROOT, *module.__name__.split(".")) + ".py"
    with open(source, encoding="utf-8") as f:
        tree = ast.parse(f.read())
    for node in tree.body:
        if isinstance(node, ast.ClassDef):
            cls = getattr(module, node.name, None)
            if isinstance(cls, type) and cls.__dict__.get("__doc__") == _FILLER:
                cls.__doc__ = ast.get_docstring(node, clean=False)


#: ``"compiled"`` or ``"source"``: which code this process runs
MODE: str
#: why (e.g. ``"TABLETOP_PURE is set"``)
REASON: str
MODE, REASON, _built = _decide()
#: the modules the build compiled (names), whichever mode runs
BUILT: tuple[str, ...] = tuple(sorted(_built))

if MODE == "source" and _built and not any(isinstance(f, _SourceFirst) for f in sys.meta_path):
    sys.meta_path.insert(0, _SourceFirst())
elif MODE == "compiled" and not any(isinstance(f, _CompiledDocs) for f in sys.meta_path):
    sys.meta_path.insert(0, _CompiledDocs(BUILT))


def describe() -> str:
    """One line: which code runs and why (``make`` prints it after installing).

    Returns
    -------
    str

    Examples
    --------
    >>> describe().startswith("tabletop_nb: ")
    True
    """
    if MODE == "compiled":
        return f"tabletop_nb: {len(BUILT)} modules compiled with mypyc run (TABLETOP_PURE=1 runs their source)"
    return f"tabletop_nb: the Python source runs ({REASON})"


def compiled_modules() -> list[str]:
    """The imported ``tabletop_nb`` modules that run compiled code (empty in source mode).

    Returns
    -------
    list of str
        Module names whose file is an extension module, sorted.

    Examples
    --------
    >>> import tabletop_nb
    >>> mods = tabletop_nb.native.compiled_modules()
    >>> MODE == "compiled" or mods == []
    True
    """
    ext = tuple(importlib.machinery.EXTENSION_SUFFIXES)
    return sorted(name for name, m in list(sys.modules.items())
                  if name.startswith("tabletop_nb.") and not name.endswith("__mypyc")
                  and str(getattr(m, "__file__", "") or "").endswith(ext))
