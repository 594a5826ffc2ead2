"""The examples in the docstrings run, as doctests (issue 29, item 5).

Every module of the package whose docstrings have examples is run with the standard
doctest module (ELLIPSIS and NORMALIZE_WHITESPACE), each in a fresh namespace. The whole
run takes a few seconds: examples play a few games at most. A docstring whose examples
start with a line ``>>> # doctest: +SKIP`` is skipped as a whole (that is how its examples
say they need a notebook, a kernel or a long run); the stdlib parser refuses such a line,
so it is taken out here. To skip one line, end it with ``# doctest: +SKIP``.
"""
from __future__ import annotations

import doctest
import importlib
import pkgutil
import re

import pytest

import tabletop_nb

WHOLE_SKIP = re.compile(r"^\s*>>> # doctest: \+SKIP\s*$", re.M)
FLAGS = doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE


class _Parser(doctest.DocTestParser):
    def get_doctest(self, string, globs, name, filename, lineno):
        if WHOLE_SKIP.search(string or ""):
            string = ""   # the whole docstring's examples are illustrations, not tests
        return super().get_doctest(string, globs, name, filename, lineno)


def _modules() -> list[str]:
    out = ["tabletop_nb"]
    for m in pkgutil.walk_packages(tabletop_nb.__path__, "tabletop_nb."):
        if ".data" in m.name or m.name.endswith("__main__"):
            continue
        out.append(m.name)
    return out


@pytest.mark.parametrize("name", _modules())
def test_docstring_examples_run(name):
    mod = importlib.import_module(name)
    finder = doctest.DocTestFinder(parser=_Parser(), exclude_empty=True)
    tests = [t for t in finder.find(mod, name) if t.examples]
    if not tests:
        pytest.skip("no examples")
    runner = doctest.DocTestRunner(optionflags=FLAGS)
    report: list[str] = []
    for t in tests:
        runner.run(t, out=report.append)
    result = runner.summarize(verbose=False)
    assert result.failed == 0, "".join(report)
