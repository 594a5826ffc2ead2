"""The build: the package as pyproject.toml declares it, its hot modules compiled by mypyc.

The modules listed in pyproject.toml's ``[tool.tabletop_nb.compiled]`` are compiled from the
same Python source with mypyc (it comes with mypy, a pinned build requirement) when pip builds
the package, editable or not (``make lab``, ``make test``, Binder's postBuild). Where no C
compiler (or no Python headers) is found, or ``TABLETOP_PURE=1`` is set at install time, the
package installs as pure Python with a one-line notice. Build through pip, so the pinned
build requirements apply: a venv's own setuptools may be older than the pin.

The compiled modules make one shared library, ``tabletop_nb/_native__mypyc*.so`` (inside
the package, so an editable install finds it), and a small extension module beside each
source. The build also writes ``tabletop_nb/_native_build.<python>.json``: each compiled module's
source hash, so that ``tabletop_nb.native`` runs the source instead of a library built
from older code (see that module, and docs/DEVELOPING.md, "Compiled build").
"""
from __future__ import annotations

import ast
import hashlib
import json
import os
import re
import sys
import sysconfig
import tempfile

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext

HERE = os.path.dirname(os.path.abspath(__file__))
#: mypyc's group name: the shared library is the package's module ``_native__mypyc``
GROUP = "tabletop_nb._native"
#: written beside the compiled modules: {"modules": {path: sha256 of its source}, ...}; one per
#: Python (``cpython-311``): two interpreters' editable installs may share one source tree
MANIFEST = os.path.join("tabletop_nb", f"_native_build.{sys.implementation.cache_tag}.json")
#: the environment switch (also read at run time by tabletop_nb.native)
PURE_ENV = "TABLETOP_PURE"


def _notice(msg: str) -> None:
    print(f"tabletop_nb: {msg}", file=sys.stderr, flush=True)


def pure_requested() -> bool:
    """Whether TABLETOP_PURE asks for the Python source (1/true/yes; 0/false/no/empty: no)."""
    v = os.environ.get(PURE_ENV, "").strip().lower()
    if v in ("", "0", "false", "no", "off"):
        return False
    if v in ("1", "true", "yes", "on"):
        return True
    raise SystemExit(f"{PURE_ENV}={os.environ[PURE_ENV]!r}: set it to 1 (run the Python source) or 0")


def compiled_modules() -> list[str]:
    """The source paths listed in pyproject.toml's [tool.tabletop_nb.compiled] modules."""
    if sys.version_info >= (3, 11):
        import tomllib
    else:  # pragma: no cover - Python 3.10
        import tomli as tomllib
    with open(os.path.join(HERE, "pyproject.toml"), "rb") as f:
        paths = tomllib.load(f)["tool"]["tabletop_nb"]["compiled"]["modules"]
    missing = [p for p in paths if not os.path.isfile(os.path.join(HERE, p))]
    if missing:
        raise SystemExit(f"pyproject.toml [tool.tabletop_nb.compiled] names missing files: {missing}")
    return list(paths)


def compiler_problem() -> str | None:
    """Why no extension can be built here (no C compiler, no Python headers), or None."""
    from setuptools._distutils.ccompiler import new_compiler
    from setuptools._distutils.sysconfig import customize_compiler

    try:
        cc = new_compiler()
        customize_compiler(cc)
        with tempfile.TemporaryDirectory() as tmp:
            src = os.path.join(tmp, "probe.c")
            with open(src, "w") as f:
                f.write("#include <Python.h>\nint tabletop_probe(void) { return 0; }\n")
            cc.compile([src], output_dir=tmp, include_dirs=[sysconfig.get_paths()["include"]])
    except Exception as e:  # any failure to compile the probe means: no usable compiler
        return f"{type(e).__name__}: {str(e).strip().splitlines()[-1] if str(e).strip() else e}"
    return None


def source_hashes(paths: list[str]) -> dict[str, str]:
    """sha256 of each source file, by its path from the project root."""
    out = {}
    for p in paths:
        with open(os.path.join(HERE, p), "rb") as f:
            out[p] = hashlib.sha256(f.read()).hexdigest()
    return out


# -- docstrings ----------------------------------------------------------------------------
# mypyc gives a compiled function, method, class and module only a text signature, no
# docstring (``__doc__`` is None), which would lose help(), the doctests and the API pages in
# the compiled build. The docstrings are taken from the source (ast) and written into the
# generated C, where mypyc leaves them empty: after the text signature's "--\n\n" (CPython's
# convention for a C function's ``__doc__``), and in the module definition's docstring slot.
# tests/build/test_docstrings.py checks that both builds show the same docstrings.

def _source_docs(path: str) -> tuple[str | None, dict[str, str], dict[str, tuple[str | None, dict[str, str]]]]:
    """(module doc, {function: doc}, {class: (doc, {method: doc})}) of a source file."""
    with open(os.path.join(HERE, path), encoding="utf-8") as f:
        tree = ast.parse(f.read())
    funcs: dict[str, str] = {}
    classes: dict[str, tuple[str | None, dict[str, str]]] = {}
    for node in tree.body:
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            doc = ast.get_docstring(node, clean=False)
            if doc:
                funcs[node.name] = doc
        elif isinstance(node, ast.ClassDef):
            methods = {n.name: d for n in node.body if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef))
                       for d in [ast.get_docstring(n, clean=False)] if d}
            classes[node.name] = (ast.get_docstring(node, clean=False), methods)
    return ast.get_docstring(tree, clean=False), funcs, classes


def _c_text(doc: str) -> str:
    """``doc`` as C string literal text (without the quotes), UTF-8, every byte safe."""
    out = []
    for b in doc.encode("utf-8"):
        c = chr(b)
        if c == "\n":
            out.append("\\n")
        elif c in '"\\?':
            out.append("\\" + c)
        elif 32 <= b < 127:
            out.append(c)
        else:
            out.append(f"\\{b:03o}")
    return "".join(out)


#: a text signature in the generated C: PyDoc_STR("name(args)\n--\n\n") (group 1: the signature)
_SIG = r'PyDoc_STR\("((?:[^"\\]|\\.)*?)\\n--\\n\\n"\)'


def _signature_and_doc(sig: str, doc: str) -> str:
    return f'PyDoc_STR("{sig}\\n--\\n\\n{_c_text(doc)}")'


def restore_docstrings(c_file: str, paths: list[str]) -> int:
    """Write the source's docstrings into mypyc's generated ``c_file``; the number written."""
    with open(c_file, encoding="utf-8") as f:
        text = f.read()
    written = 0

    def with_docs(block: str, docs: dict[str, str]) -> str:
        """A PyMethodDef table's entries with their docstrings after their signatures."""
        def entry(m: re.Match[str]) -> str:
            nonlocal written
            doc = docs.get(m.group(1))
            if not doc:
                return m.group(0)
            written += 1
            return m.group(0)[:m.start(2) - m.start(0) - len('PyDoc_STR("')] + _signature_and_doc(m.group(2), doc)

        def unsigned(m: re.Match[str]) -> str:
            """An entry mypyc gave no text signature (a default it cannot spell, such as a
            sentinel object): the docstring alone."""
            nonlocal written
            doc = docs.get(m.group(1))
            if not doc:
                return m.group(0)
            written += 1
            return m.group(0)[:-len("PyDoc_STR(NULL)")] + f'PyDoc_STR("{_c_text(doc)}")'
        block = re.sub(r'\{"(\w+)",[^{}]*?' + _SIG, entry, block, flags=re.S)
        return re.sub(r'\{"(\w+)",[^{}]*?PyDoc_STR\(NULL\)', unsigned, block, flags=re.S)

    for path in paths:
        name = path[:-3].replace("/", ".")
        mod_doc, funcs, classes = _source_docs(path)
        m = re.search(r'static struct PyModuleDef (\w+)module = \{\s*PyModuleDef_HEAD_INIT,\s*"'
                      + re.escape(name) + r'",\s*NULL, /\* docstring \*/', text)
        if m is None:
            raise SystemExit(f"setup.py: no module definition of {name} in {c_file} (has mypyc's output changed?)")
        prefix = m.group(1)
        if mod_doc:
            text = (text[:m.start()] + m.group(0).replace("NULL, /* docstring */", f'"{_c_text(mod_doc)}", /* docstring */')
                    + text[m.end():])
            written += 1
        tables = [(f"{prefix}module_methods", funcs)]
        tables += [(f"{prefix}___{cls}_methods", methods) for cls, (_, methods) in classes.items()]
        for table, docs in tables:
            m = re.search(r"static PyMethodDef " + re.escape(table) + r"\[\] = \{.*?\n\s*\};", text, flags=re.S)
            if m is None or not docs:
                continue  # a class that stays a Python class (mypyc's choice) has no table
            text = text[:m.start()] + with_docs(m.group(0), docs) + text[m.end():]
        for cls, (doc, _) in classes.items():
            m = re.search(r"static PyTypeObject CPyType_" + re.escape(f"{prefix}___{cls}") + r"_template_ = \{[^}]*?"
                          + r"\.tp_doc = " + _SIG, text, flags=re.S)
            if m is not None and doc:
                text = text[:m.start(1) - len('PyDoc_STR("')] + _signature_and_doc(m.group(1), doc) + text[m.end():]
                written += 1
    with open(c_file, "w", encoding="utf-8") as f:
        f.write(text)
    return written


#: the commands of pip's metadata hooks (``get_requires_for_build_*`` runs egg_info,
#: ``prepare_metadata_for_build_*`` dist_info) and of a source archive: they finalize
#: build_ext too (to list its sources), but build nothing
METADATA_COMMANDS = frozenset({"egg_info", "dist_info", "sdist"})


def builds_extensions(commands: list[str]) -> bool:
    """Whether setup.py was called to build (``editable_wheel``, ``bdist_wheel``,
    ``build_ext``, ...), not only for the package's metadata.

    >>> builds_extensions(["editable_wheel"]), builds_extensions(["dist_info"])
    (True, False)
    """
    return not commands or not set(commands) <= METADATA_COMMANDS


class BuildCompiled(build_ext):
    """build_ext whose extensions are the mypyc-compiled modules, made when a build runs (pip
    calls setup.py three times per install; its two metadata calls compile nothing), or
    none at all."""

    def finalize_options(self) -> None:
        self.extensions = []
        self._compiled: list[str] = []
        self._hashes: dict[str, str] = {}
        self._why = ""  # why nothing was compiled (the manifest keeps it for tabletop_nb.native)
        if not builds_extensions(self.distribution.commands):
            pass  # metadata only: mypyc would check and translate the modules for nothing
        elif pure_requested():
            self._why = f"{PURE_ENV} was set at install time"
            _notice(f"{self._why}: installing the pure-Python package (nothing compiled)")
        else:
            why = compiler_problem()
            if why:
                self._why = f"no working C compiler at install time ({why})"
                _notice(f"{self._why}: installing the pure-Python package")
            else:
                from mypyc.build import mypycify

                self._compiled = compiled_modules()
                # hashed before compiling: a source edited while the build runs must not be
                # recorded as the one compiled (tabletop_nb.native would trust the library)
                self._hashes = source_hashes(self._compiled)
                # mypy reads pyproject.toml's [tool.mypy] (follow_imports = silent: the
                # modules imported by these are type-checked, not compiled)
                self.extensions = mypycify(self._compiled, opt_level="3", group_name=GROUP)
                for ext in self.extensions:
                    for c_file in ext.sources:
                        if c_file.endswith("__native.c"):  # the group's code (not the runtime's)
                            n = restore_docstrings(c_file, self._compiled)
                            _notice(f"{n} docstrings written into the compiled modules")
        self.distribution.ext_modules = self.extensions
        super().finalize_options()

    def run(self) -> None:
        super().run()
        # a pure build writes an empty manifest too, so that the libraries of an earlier
        # compiled build left in the tree (an editable install) are not used
        manifest = json.dumps({"group": GROUP if self._compiled else None, "why_not": self._why,
                               "modules": self._hashes},
                              indent=1, sort_keys=True) + "\n"
        targets = [os.path.join(self.build_lib, MANIFEST)]
        if self.inplace or getattr(self, "editable_mode", False):
            targets.append(os.path.join(HERE, MANIFEST))
            self._remove_stale_libraries()
        for t in targets:
            os.makedirs(os.path.dirname(t), exist_ok=True)
            with open(t, "w") as f:
                f.write(manifest)
        if self._compiled:
            _notice(f"compiled {len(self._compiled)} modules with mypyc")


    def _remove_stale_libraries(self) -> None:
        """In the source tree (an editable install): this Python's extension modules of an
        earlier build whose module is no longer compiled (they would be imported instead of
        the source)."""
        for path in stale_libraries(HERE, self._compiled):
            os.remove(path)
            _notice(f"removed {os.path.relpath(path, HERE)} (no longer compiled)")


def stale_libraries(root: str, compiled: list[str]) -> list[str]:
    """The extension modules under ``root/tabletop_nb`` built for this Python (their file
    name ends in its own tag, ``.cpython-311-x86_64-linux-gnu.so``) whose module is not in
    ``compiled`` (source paths) nor the group's library. Another Python's libraries stay: an
    editable install for 3.13 in the same tree must not remove 3.11's."""
    from importlib.machinery import EXTENSION_SUFFIXES

    own = EXTENSION_SUFFIXES[0]  # the tagged suffix; the untagged ones ('.so') match any Python's
    keep = {p[:-3] for p in compiled} | ({GROUP.replace(".", "/") + "__mypyc"} if compiled else set())
    out = []
    for folder, _, files in os.walk(os.path.join(root, "tabletop_nb")):
        for name in files:
            path = os.path.join(folder, name)
            if name.endswith(own) and os.path.relpath(path, root)[:-len(own)].replace(os.sep, "/") not in keep:
                out.append(path)
    return sorted(out)


# One placeholder extension makes setuptools run build_ext; BuildCompiled replaces it with
# the compiled modules, or with nothing.
setup(ext_modules=[Extension(f"{GROUP}__mypyc", sources=[])], cmdclass={"build_ext": BuildCompiled})
