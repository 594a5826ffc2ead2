"""Rules as data: the base of every game's frozen ``Rules`` dataclass.

A game declares its rules as a frozen dataclass that inherits :class:`RulesBase` and
describes each field with :func:`rule` (default, bounds, choices, a sentence of
explanation). The base checks types and bounds on construction, so a bad rule change is
refused with a :class:`~tabletop_nb.core.errors.RulesError` that names the field, and the
same metadata builds the RulesEditor form.

Examples
--------
>>> from dataclasses import dataclass
>>> @dataclass(frozen=True, slots=True)
... class PigRules(RulesBase):
...     players: int = rule(2, min=2, max=4, doc="number of players")
...     target: int = rule(30, min=5, max=200, doc="points needed to win")
>>> PigRules().replace(target=50).target
50
>>> PigRules(target=1)
Traceback (most recent call last):
...
tabletop_nb.core.errors.RulesError: rules.target: must be at least 5, got 1
"""
from __future__ import annotations

import dataclasses
import numbers
import typing
from functools import lru_cache
from typing import Any, Mapping, NamedTuple

from .codec import CodecError, _hints, from_plain, to_plain
from .dice import Die
from .errors import RulesError

__all__ = ["RulesBase", "rule", "RuleField"]


def rule(default: Any, *, min: Any = None, max: Any = None, choices: Any = None,
         doc: str = "", group: str = "") -> Any:
    """Declare a rule field: its default, optional bounds or choices, and what it means.

    ``group`` is a heading for the RulesEditor form ("Setup", "Scoring", "Variants").
    """
    if isinstance(default, (list, dict, set)):
        raise TypeError("rule defaults must be immutable: use a tuple or frozenset")
    meta = {"min": min, "max": max, "choices": tuple(choices) if choices is not None else None,
            "doc": doc, "group": group}
    return dataclasses.field(default=default, metadata=meta)


class RuleField(NamedTuple):
    """What a form needs to know about one rule."""

    name: str
    type: Any
    default: Any
    min: Any
    max: Any
    choices: tuple | None
    doc: str
    group: str


@lru_cache(maxsize=None)
def _fields_info(cls) -> tuple[RuleField, ...]:
    hints = _hints(cls)
    out = []
    for f in dataclasses.fields(cls):
        m = f.metadata
        out.append(RuleField(f.name, hints.get(f.name, Any), f.default, m.get("min"), m.get("max"),
                             m.get("choices"), m.get("doc", ""), m.get("group", "")))
    return tuple(out)


def _type_ok(tp: Any, value: Any) -> bool:
    if tp is Any:
        return True
    if tp is bool:
        return isinstance(value, bool)
    if tp is int:
        return isinstance(value, int) and not isinstance(value, bool)
    if tp is float:
        return isinstance(value, numbers.Real) and not isinstance(value, bool)
    if tp in (str, Die):
        return isinstance(value, tp)
    origin = typing.get_origin(tp)
    if origin is typing.Union or type(tp).__name__ == "UnionType":
        return any(_type_ok(a, value) for a in typing.get_args(tp))
    if tp is type(None):
        return value is None
    if origin is typing.Literal:
        return value in typing.get_args(tp)
    if origin in (tuple, frozenset, dict):
        return isinstance(value, origin)
    if isinstance(tp, type):
        return isinstance(value, tp)
    return True


def _type_name(tp: Any) -> str:
    return getattr(tp, "__name__", None) or str(tp).replace("typing.", "")


class RulesBase:
    """Base of a game's frozen ``Rules`` dataclass: checks, plain data, changes."""

    __slots__ = ()

    def __post_init__(self) -> None:
        for info in _fields_info(type(self)):
            value = getattr(self, info.name)
            if isinstance(value, list) and typing.get_origin(info.type) is tuple:
                value = tuple(value)
                object.__setattr__(self, info.name, value)
            if not _type_ok(info.type, value):
                raise RulesError(info.name, f"must be {_type_name(info.type)}, got {value!r}")
            if info.choices is not None and value not in info.choices:
                raise RulesError(info.name, f"must be one of {list(info.choices)}, got {value!r}")
            if info.min is not None and value < info.min:
                raise RulesError(info.name, f"must be at least {info.min}, got {value!r}")
            if info.max is not None and value > info.max:
                raise RulesError(info.name, f"must be at most {info.max}, got {value!r}")
        self.validate()

    def validate(self) -> None:
        """Checks across fields; raise RulesError(field, reason). Override in a game."""

    @classmethod
    def fields_info(cls) -> tuple[RuleField, ...]:
        """Every rule with its type, default, bounds, choices and explanation."""
        return _fields_info(cls)

    def replace(self, **changes: Any) -> "RulesBase":
        """A copy with some rules changed (validated). Unknown names are refused."""
        names = [f.name for f in dataclasses.fields(self)]
        for k in changes:
            if k not in names:
                raise RulesError(k, "there is no such rule; the rules are: " + ", ".join(names))
        return dataclasses.replace(self, **changes)

    def changes_from(self, other: "RulesBase") -> dict[str, Any]:
        """The fields whose values differ from ``other`` (by name)."""
        return {f.name: getattr(self, f.name) for f in dataclasses.fields(self)
                if getattr(self, f.name) != getattr(other, f.name)}

    def to_plain(self) -> dict[str, Any]:
        """JSON-friendly data of every rule."""
        return {f.name: to_plain(getattr(self, f.name)) for f in dataclasses.fields(self)}

    @classmethod
    def from_plain(cls, data: Mapping[str, Any]) -> "RulesBase":
        """Rules from :meth:`to_plain` data; missing fields take their defaults."""
        if not isinstance(data, Mapping):
            raise RulesError("*", f"rules must be a mapping of rule names, got {type(data).__name__}")
        infos = {i.name: i for i in _fields_info(cls)}
        kwargs = {}
        for k, v in data.items():
            if k not in infos:
                raise RulesError(k, "there is no such rule; the rules are: " + ", ".join(infos))
            try:
                kwargs[k] = from_plain(infos[k].type, v, k)
            except CodecError as e:
                raise RulesError(k, str(e)) from None
        return cls(**kwargs)
