"""A pytest plugin that mutates one rule's home for the run (tests/test_rules_map.py's
sampled check).

``TABLETOP_MUTATE="<module>|<qualified name>|<kind>"`` names a function or method of the
package, e.g. ``tabletop_nb.games.pacal.analysis|heights|raise``. Once the tests are
collected (so every module they import is loaded), the function is replaced everywhere it
is reachable by name: on its class for a method (a property's getter for a property), and
in every loaded module whose globals hold it, directly, as the function a cache wraps
(``__wrapped__``) or as a value of a module-level dict (a dispatch table). Kinds:

- ``raise``: every call raises :class:`MutatedHome`;
- ``changed``: the value is changed (a bool negated, an int plus one, a list or tuple
  without its last item, a str with one more character); any other value raises.

Run as ``python -m pytest -p rule_mutation_plugin ...`` with this folder on ``PYTHONPATH``.
"""
from __future__ import annotations

import functools
import importlib
import os
import sys
from typing import Any, Callable

ENV = "TABLETOP_MUTATE"


class MutatedHome(RuntimeError):
    """Raised by a mutated rule home."""


def _changed(value: Any) -> Any:
    if isinstance(value, bool):
        return not value
    if isinstance(value, int):
        return value + 1
    if isinstance(value, (list, tuple)) and value:
        return value[:-1]
    if isinstance(value, str):
        return value + "?"
    raise MutatedHome(f"a changed value of {type(value).__name__} {value!r:.40}")


def mutant(original: Callable, kind: str, name: str) -> Callable:
    """``original`` made to raise, or to return a changed value."""
    @functools.wraps(original)
    def raising(*args: Any, **kwargs: Any) -> Any:
        raise MutatedHome(f"{name} is mutated")

    @functools.wraps(original)
    def changing(*args: Any, **kwargs: Any) -> Any:
        return _changed(original(*args, **kwargs))

    if kind == "raise":
        return raising
    if kind == "changed":
        return changing
    raise ValueError(f"{ENV}: the kind must be 'raise' or 'changed', not {kind!r}")


def apply(module_name: str, qualname: str, kind: str) -> int:
    """Put the mutant of ``module_name.qualname`` in its places; return how many."""
    module = importlib.import_module(module_name)
    *path, name = qualname.split(".")
    owner: Any = module
    for part in path:
        owner = getattr(owner, part)
    original = owner.__dict__[name] if isinstance(owner, type) else getattr(owner, name)
    places = 0
    if isinstance(original, property):
        setattr(owner, name, property(mutant(original.fget, kind, qualname), original.fset))
        return 1
    new = mutant(original, kind, qualname)
    if isinstance(owner, type):
        setattr(owner, name, new)
        places += 1
    for mod in list(sys.modules.values()):
        d = getattr(mod, "__dict__", None)
        if not isinstance(d, dict):
            continue
        for key, value in list(d.items()):
            if value is original or (callable(value)
                                     and getattr(value, "__wrapped__", None) is original):
                d[key] = new
                places += 1
            elif type(value) is dict:   # a dispatch table (Pebble Rock's turn.SECTION_OF)
                for k, v in list(value.items()):
                    if v is original:
                        value[k] = new
                        places += 1
    return places


def pytest_collection_finish(session: Any) -> None:
    spec = os.environ.get(ENV)
    if not spec:
        return
    module_name, qualname, kind = spec.split("|")
    places = apply(module_name, qualname, kind)
    if not places:
        raise RuntimeError(f"{ENV}: {module_name}.{qualname} was found nowhere to replace")
