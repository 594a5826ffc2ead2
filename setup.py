"""The build: the package as pyproject.toml declares it, its hot modules compiled by mypyc.

The modules listed in pyproject.toml's ``[tool.tabletop_nb.compiled]`` are compiled from the
same Python source with mypyc (it comes with mypy, a pinned build requirement) when pip builds
the package, editable or not (``make lab``, ``make test``, Binder's postBuild). Where no C
compiler (or no Python headers) is found, or ``TABLETOP_PURE=1`` is set at install time, the
package installs as pure Python with a one-line notice. Build through pip, so the pinned
build requirements apply: a venv's own setuptools may be older than the pin.

The compiled modules make one shared library, ``tabletop_nb/_native__mypyc*.so`` (inside
the package, so an editable install finds it), and a small extension module beside each
source. The build also writes ``tabletop_nb/_native_build.json``: each compiled module's
source hash, so that ``tabletop_nb.native`` runs the source instead of a library built
from older code (see that module, and docs/DEVELOPING.md, "Compiled build").
"""
from __future__ import annotations

import hashlib
import json
import os
import sys
import sysconfig
import tempfile

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext

HERE = os.path.dirname(os.path.abspath(__file__))
#: mypyc's group name: the shared library is the package's module ``_native__mypyc``
GROUP = "tabletop_nb._native"
#: written beside the compiled modules: {"modules": {path: sha256 of its source}, ...}
MANIFEST = os.path.join("tabletop_nb", "_native_build.json")
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


class BuildCompiled(build_ext):
    """build_ext whose extensions are the mypyc-compiled modules, made when the build runs
    (not on every call of setup.py, which pip makes three times), or none at all."""

    def finalize_options(self) -> None:
        self.extensions = []
        self._compiled: list[str] = []
        if pure_requested():
            _notice(f"{PURE_ENV} is set: installing the pure-Python package (nothing compiled)")
        else:
            why = compiler_problem()
            if why:
                _notice(f"no working C compiler ({why}): installing the pure-Python package")
            else:
                from mypyc.build import mypycify

                self._compiled = compiled_modules()
                # mypy reads pyproject.toml's [tool.mypy] (follow_imports = silent: the
                # modules imported by these are type-checked, not compiled)
                self.extensions = mypycify(self._compiled, opt_level="3", group_name=GROUP)
        self.distribution.ext_modules = self.extensions
        super().finalize_options()

    def run(self) -> None:
        super().run()
        # a pure build writes an empty manifest too, so that the libraries of an earlier
        # compiled build left in the tree (an editable install) are not used
        manifest = json.dumps({"group": GROUP if self._compiled else None,
                               "modules": source_hashes(self._compiled)},
                              indent=1, sort_keys=True) + "\n"
        targets = [os.path.join(self.build_lib, MANIFEST)]
        if self.inplace or getattr(self, "editable_mode", False):
            targets.append(os.path.join(HERE, MANIFEST))
        for t in targets:
            os.makedirs(os.path.dirname(t), exist_ok=True)
            with open(t, "w") as f:
                f.write(manifest)
        if self._compiled:
            _notice(f"compiled {len(self._compiled)} modules with mypyc")


# One placeholder extension makes setuptools run build_ext; BuildCompiled replaces it with
# the compiled modules, or with nothing.
setup(ext_modules=[Extension(f"{GROUP}__mypyc", sources=[])], cmdclass={"build_ext": BuildCompiled})
