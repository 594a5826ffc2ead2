"""Hypothesis strategies shared by the fuzz tests: values guided by a rules type hint."""
from __future__ import annotations

import dataclasses
import math
import typing
from fractions import Fraction
from typing import Any

from hypothesis import strategies as st

from tabletop_nb import Die
from tabletop_nb.core.codec import _hints

NAN, INF = math.nan, math.inf


def leaf_kind(tp: Any) -> str:
    if tp is bool:
        return "bool"
    if tp is int:
        return "int"
    if tp is float:
        return "float"
    if tp is str:
        return "str"
    if tp is Die:
        return "die"
    return "other"


#: values that are never of the given leaf type
WRONG = {
    "int": [1.0, 2.5, NAN, INF, -INF, "3", None, True, False, (1,), Fraction(1, 2)],
    "bool": [0, 1, "true", None, 1.0, NAN],
    "str": [0, 1.5, None, NAN, ("a",), b"x", True],
    "float": ["1", None, NAN, INF, -INF, True, (1.0,)],
    "die": [6, "d6", None, (1, 2, 3), NAN, Die([1, NAN]), Die([1, INF]), Die([1, 2], name=["x"])],
    "tuple": ["abc", 3, None, NAN, {"a": 1}, 1.5],
}


def children(tp: Any, value: Any) -> list[tuple[str, Any, Any, Any]]:
    """(path step, type hint, value, rebuild(new) -> parent) for each part of ``value``."""
    origin, args = typing.get_origin(tp), typing.get_args(tp)
    out = []
    if origin is tuple and isinstance(value, tuple):
        for i, v in enumerate(value):
            t = args[0] if len(args) == 2 and args[1] is Ellipsis else (args[i] if i < len(args) else Any)
            out.append((f"[{i}]", t, v, lambda new, i=i: value[:i] + (new,) + value[i + 1:]))
    elif isinstance(tp, type) and issubclass(tp, tuple) and hasattr(tp, "_fields"):
        hints = _hints(tp)
        for n in tp._fields:
            out.append((f".{n}", hints.get(n, Any), getattr(value, n),
                        lambda new, n=n: value._replace(**{n: new})))
    elif isinstance(tp, type) and dataclasses.is_dataclass(tp):
        hints = _hints(tp)
        for f in dataclasses.fields(tp):
            out.append((f".{f.name}", hints.get(f.name, Any), getattr(value, f.name),
                        lambda new, n=f.name: dataclasses.replace(value, **{n: new})))
    return out


@st.composite
def deep_edit(draw, tp: Any, value: Any, path: str, make):
    """Walk down ``value`` to a random part and let ``make(tp, value)`` (a strategy) replace
    it. Returns (new value, path of the edited part, hint of the edited part)."""
    kids = children(tp, value)
    if kids and draw(st.integers(0, 3)) > 0:
        step, t, v, rebuild = draw(st.sampled_from(kids))
        new, where, hint = draw(deep_edit(t, v, path + step, make))
        return rebuild(new), where, hint
    return draw(make(tp, value)), path, tp


def wrong_for(tp: Any, value: Any):
    """A strategy of values that do not fit ``tp`` (never of its type)."""
    kind = leaf_kind(tp)
    if kind in WRONG:
        return st.sampled_from(WRONG[kind])
    if isinstance(tp, type) and issubclass(tp, tuple) and hasattr(tp, "_fields"):
        return st.sampled_from([tuple(value), None, "x", 3])  # a plain tuple is no named tuple
    if isinstance(tp, type) and dataclasses.is_dataclass(tp):
        return st.sampled_from([None, "x", 3, (1, 2)])
    origin = typing.get_origin(tp)
    if origin is tuple:
        args = typing.get_args(tp)
        fixed = not (len(args) == 2 and args[1] is Ellipsis)
        options = list(WRONG["tuple"])
        if fixed:
            options += [tuple(value) + tuple(value[:1]), tuple(value[:-1])]  # wrong length
        return st.sampled_from(options)
    return st.sampled_from([object()])


def _die_faces(value: Die):
    pool = list(value.outcomes) + [0, 1, 2, 3, 6, 12]
    return st.lists(st.sampled_from(pool), min_size=1, max_size=8)


def near(tp: Any, value: Any):
    """A strategy of values of the right type near ``value`` (to play with)."""
    kind = leaf_kind(tp)
    if kind == "bool":
        return st.booleans()
    if kind == "int":
        v = value if isinstance(value, int) else 0
        return st.one_of(st.integers(-3, max(6, 2 * abs(v) + 3)), st.sampled_from([-(10 ** 6), 10 ** 6, 10 ** 30]))
    if kind == "float":
        return st.floats(-10, 100, allow_nan=False)
    if kind == "str":
        return st.one_of(st.just(value), st.text(max_size=6))
    if kind == "die":
        return st.builds(lambda f: Die(f, name=value.name), _die_faces(value))
    origin, args = typing.get_origin(tp), typing.get_args(tp)
    if origin is tuple and isinstance(value, tuple):
        n = len(value)
        if n and len(args) == 2 and args[1] is Ellipsis:
            return st.one_of(
                st.lists(st.sampled_from(list(value)), min_size=0, max_size=n + 2).map(tuple),
                st.just(value[:-1]), st.just(value + value[:1]), st.permutations(list(value)).map(tuple))
        return st.just(value)
    return st.just(value)
