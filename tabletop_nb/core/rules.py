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

import collections.abc
import dataclasses
import math
import numbers
import typing
from fractions import Fraction
from functools import lru_cache
from typing import TYPE_CHECKING, Any, ClassVar, Mapping, NamedTuple

from .codec import CodecError, _hints, from_plain, to_plain
from .dice import Die
from .errors import RulesError, unknown_name

__all__ = ["RulesBase", "rule", "RuleField"]


def rule(default: Any, *, min: Any = None, max: Any = None, choices: Any = None,
         doc: str = "", group: str = "") -> Any:
    """Declare a rule field: its default, optional bounds or choices, and what it means.

    Parameters
    ----------
    default : object
        The rulebook's value; immutable (a tuple, not a list).
    min, max : number, optional
        Inclusive bounds, checked whenever the rules are made or changed.
    choices : iterable, optional
        The only values allowed (a variant's readings, for instance).
    doc : str
        One sentence saying what the rule means, with its rule ID.
    group : str
        A heading for the RulesEditor form and the rule-values tables ("Setup", "Scoring").

    Returns
    -------
    dataclasses.Field
        The field, its metadata read back by ``Rules.fields_info()``.

    Examples
    --------
    >>> from dataclasses import dataclass
    >>> @dataclass(frozen=True, slots=True)
    ... class PigRules(RulesBase):
    ...     players: int = rule(2, min=2, max=4, doc="number of players", group="Setup")
    >>> f = PigRules.fields_info()[0]
    >>> f.name, f.default, f.min, f.max, f.group
    ('players', 2, 2, 4, 'Setup')
    """
    if isinstance(default, (list, dict, set)):
        raise TypeError("rule defaults must be immutable: use a tuple or frozenset")
    meta = {"min": min, "max": max, "choices": tuple(choices) if choices is not None else None,
            "doc": doc, "group": group}
    return dataclasses.field(default=default, metadata=meta)


class RuleField(NamedTuple):
    """What a form needs to know about one rule.

    Parameters
    ----------
    name : str
        The field's name.
    type : type
        Its annotated type.
    default : object
        The printed game's value.
    min, max : object
        Bounds of a number (None: unbounded).
    choices : tuple or None
        The allowed values of a choice.
    doc : str
        What it means, with its rule ID.
    group : str
        The form section it is shown in.

    Examples
    --------
    >>> from tabletop_nb.games.pacal.rules import PacalRules
    >>> f = PacalRules.fields_info()[0]
    >>> f.name, f.default, f.min, f.max, f.group
    ('players', 4, 2, 5, 'Setup')
    """

    name: str
    type: Any
    default: Any
    min: Any
    max: Any
    choices: tuple | None
    doc: str
    group: str


def _fields_info(cls: Any) -> tuple[RuleField, ...]:
    """Every field of a rules class with its metadata, cached per class."""
    return _fields_info_cached(cls)


@lru_cache(maxsize=None)
def _fields_info_cached(cls) -> tuple[RuleField, ...]:
    hints = _hints(cls)
    out = []
    for f in dataclasses.fields(cls):
        m = f.metadata
        out.append(RuleField(f.name, hints.get(f.name, Any), f.default, m.get("min"), m.get("max"),
                             m.get("choices"), m.get("doc", ""), m.get("group", "")))
    return tuple(out)


class _Bad(Exception):
    """A value that does not fit its declared type; ``path`` says where."""

    def __init__(self, path: str, reason: str):
        self.path, self.reason = path, reason


def _show(value: Any) -> str:
    """A short repr that never fails (a 5,000-digit int cannot be printed by default)."""
    if isinstance(value, int) and not isinstance(value, bool) and value.bit_length() > 200:
        return f"an integer of about {int(value.bit_length() * 0.30103)} digits"
    try:
        text = repr(value)
    except Exception:  # a broken __repr__ is still a bad value, not a crash
        text = f"<{type(value).__name__}>"
    return text if len(text) <= 60 else text[:57] + "..."


def _what(value: Any) -> str:
    return f"{type(value).__name__} {_show(value)}"


def _number_ok(v: Any, path: str) -> None:
    if isinstance(v, float) and not math.isfinite(v):
        raise _Bad(path, f"must be a finite number, got {v!r}")


def _check_face(v: Any, path: str) -> None:
    if isinstance(v, bool) or not isinstance(v, (int, float, str, Fraction, tuple)):
        raise _Bad(path, f"a die face is a whole number, a number or a symbol (text), got {_what(v)}")
    if isinstance(v, tuple):
        for i, x in enumerate(v):
            _check_face(x, f"{path}[{i}]")
    _number_ok(v, path)


def _check_value(tp: Any, value: Any, path: str) -> Any:
    """``value`` checked against the type hint ``tp`` all the way down; returns it with
    lists made tuples and numpy scalars made Python ones. Raises _Bad naming the path."""
    if tp is Any:
        _walk_numbers(value, path)
        return value
    if tp is bool:
        if type(value) is bool:
            return value
        if type(value).__name__ == "bool_":  # numpy's bool
            return bool(value)
        raise _Bad(path, f"expected bool, got {_what(value)}")
    if tp is int:
        if type(value) is int:
            return value
        if isinstance(value, numbers.Integral) and not isinstance(value, bool) and hasattr(value, "dtype"):
            return int(value)  # a numpy integer from a notebook computation
        raise _Bad(path, f"expected int, got {_what(value)}")
    if tp is float:
        if isinstance(value, bool) or not isinstance(value, numbers.Real):
            raise _Bad(path, f"expected a number, got {_what(value)}")
        value = float(value) if hasattr(value, "dtype") else value
        if not math.isfinite(value):
            raise _Bad(path, f"must be a finite number, got {value!r}")
        return value
    if tp is str:
        if not isinstance(value, str):
            raise _Bad(path, f"expected str, got {_what(value)}")
        return value
    if tp is Fraction:
        if not isinstance(value, Fraction):
            raise _Bad(path, f"expected a Fraction, got {_what(value)}")
        return value
    if tp is Die:
        if not isinstance(value, Die):
            raise _Bad(path, f"expected a Die, got {_what(value)}")
        if value.name is not None and not isinstance(value.name, str):
            raise _Bad(f"{path}.name", f"expected str or None, got {_what(value.name)}")
        for i, f in enumerate(value.outcomes):
            _check_face(f, f"{path}.faces[{i}]")
        return value
    if tp is type(None):
        if value is not None:
            raise _Bad(path, f"expected None, got {_what(value)}")
        return None
    origin = typing.get_origin(tp)
    args = typing.get_args(tp)
    if origin is typing.Union or type(tp).__name__ == "UnionType":
        reasons = []
        for a in args:
            try:
                return _check_value(a, value, path)
            except _Bad as e:
                reasons.append(e.reason)
        raise _Bad(path, f"expected {_type_name(tp)}, got {_what(value)}")
    if origin is typing.Literal:
        if any(type(value) is type(a) and value == a for a in args):
            return value
        raise _Bad(path, f"must be one of {list(args)}, got {_what(value)}")
    if origin is tuple or tp is tuple:
        if isinstance(value, list):
            value = tuple(value)
        if not isinstance(value, tuple) or hasattr(value, "_fields"):
            raise _Bad(path, f"expected a tuple, got {_what(value)}")
        if not args:
            _walk_numbers(value, path)
            return value
        if len(args) == 2 and args[1] is Ellipsis:
            out = tuple(_check_value(args[0], v, f"{path}[{i}]") for i, v in enumerate(value))
        else:
            if len(args) != len(value):
                raise _Bad(path, f"expected {len(args)} items, got {len(value)}")
            out = tuple(_check_value(a, v, f"{path}[{i}]") for i, (a, v) in enumerate(zip(args, value)))
        return value if all(a is b for a, b in zip(out, value)) else out
    if origin in (frozenset, set) or tp in (frozenset, set):
        if isinstance(value, (set, list, tuple)):
            value = frozenset(value)
        if not isinstance(value, frozenset):
            raise _Bad(path, f"expected a frozenset, got {_what(value)}")
        item = args[0] if args else Any
        return frozenset(_check_value(item, v, f"{path}{{{_show(v)}}}") for v in value)
    if origin in (dict, collections.abc.Mapping) or tp is dict:
        if not isinstance(value, collections.abc.Mapping):
            raise _Bad(path, f"expected a mapping, got {_what(value)}")
        kt, vt = args if args else (Any, Any)
        for k, v in value.items():
            _check_value(kt, k, f"{path} key {k!r}")
            _check_value(vt, v, f"{path}[{k!r}]")
        return value
    if isinstance(tp, type) and issubclass(tp, tuple) and hasattr(tp, "_fields"):
        if type(value) is not tp:
            raise _Bad(path, f"expected {tp.__name__}, got {_what(value)}")
        hints = _hints(tp)
        items = [_check_value(hints.get(n, Any), v, f"{path}.{n}") for n, v in zip(tp._fields, value)]
        return value if all(a is b for a, b in zip(items, value)) else tp(*items)
    if isinstance(tp, type) and dataclasses.is_dataclass(tp):
        if type(value) is not tp:
            raise _Bad(path, f"expected {tp.__name__}, got {_what(value)}")
        hints = _hints(tp)
        changed = {}
        for f in dataclasses.fields(tp):
            v = getattr(value, f.name)
            w = _check_value(hints.get(f.name, Any), v, f"{path}.{f.name}")
            if w is not v:
                changed[f.name] = w
        return dataclasses.replace(value, **changed) if changed else value
    if isinstance(tp, type):
        if not isinstance(value, tp):
            raise _Bad(path, f"expected {_type_name(tp)}, got {_what(value)}")
        _walk_numbers(value, path)
        return value
    return value


def _walk_numbers(value: Any, path: str) -> None:
    """Refuse NaN and infinities anywhere inside an untyped value."""
    if isinstance(value, float):
        _number_ok(value, path)
    elif isinstance(value, (tuple, list, frozenset, set)):
        for i, v in enumerate(value):
            _walk_numbers(v, f"{path}[{i}]")
    elif isinstance(value, dict):
        for k, v in value.items():
            _walk_numbers(v, f"{path}[{k!r}]")


def _type_ok(tp: Any, value: Any) -> bool:
    """Whether ``value`` fits the type hint ``tp`` all the way down (used by forms)."""
    try:
        _check_value(tp, value, "value")
    except _Bad:
        return False
    return True


def _check_field(info: RuleField, value: Any) -> Any:
    """One field's own checks (type, choices, bounds); the value as the rules keep it."""
    try:
        checked = _check_value(info.type, value, info.name)
    except _Bad as e:
        raise RulesError(info.name, e.reason, path=e.path) from None
    value = checked
    if info.choices is not None and not any(type(value) is type(c) and value == c for c in info.choices):
        raise RulesError(info.name, f"must be one of {list(info.choices)}, got {_show(value)}")
    if info.min is not None and value < info.min:
        raise RulesError(info.name, f"must be at least {info.min}, got {_show(value)}")
    if info.max is not None and value > info.max:
        raise RulesError(info.name, f"must be at most {info.max}, got {_show(value)}")
    return checked


def touched_field(err: RulesError, changes: Mapping[str, Any],
                  base: "RulesBase | None" = None) -> RulesError:
    """``err`` restated under the rule the designer changed, when the check that refused
    the change names another rule (a cross-field check: ``harbour_costs=(5, 10)`` leaves
    ``harbour_pp`` one value too long).

    Parameters
    ----------
    err : RulesError
        The refusal, from the rules' checks.
    changes : mapping
        The rules changed, by name.
    base : RulesBase, optional
        The rules they were changed from: then the changes that alone bring the refusal
        are named (not every change made at once).

    Returns
    -------
    RulesError
        ``err`` itself when it names a changed rule (or nothing was changed), else a new
        error whose ``field`` is the (first) changed rule and whose reason says which
        other rule it does not fit.

    Examples
    --------
    >>> str(touched_field(RulesError("harbour_pp", "needs 3 values"), {"harbour_costs": (5, 10)}))
    'rules.harbour_costs: does not fit rules.harbour_pp: needs 3 values'
    """
    if not changes or err.field in changes or err.field == "*":
        return err
    culprits: dict[str, Any] = dict(changes)
    if base is not None and len(changes) > 1:
        alone = {}
        for k, v in changes.items():
            try:
                base.replace(**{k: v})
            except RulesError as e:
                if e.field == err.field:
                    alone[k] = v
        culprits = alone or culprits
    first = next(iter(culprits))
    also = f" (with {', '.join(k for k in culprits if k != first)} changed too)" if len(culprits) > 1 else ""
    return RulesError(first, f"does not fit rules.{err.path}: {err.reason}{also}")


def _type_name(tp: Any) -> str:
    return getattr(tp, "__name__", None) or str(tp).replace("typing.", "")


class RulesBase:
    """Base of a game's frozen ``Rules`` dataclass: checks, plain data, changes.

    Examples
    --------
    >>> from tabletop_nb.games.pacal.rules import PacalRules
    >>> r = PacalRules().replace(players=3)
    >>> r.changes_from(PacalRules())
    {'players': 3}
    >>> PacalRules.from_plain(r.to_plain()) == r
    True
    """

    __slots__ = ()
    if TYPE_CHECKING:  # what every game's Rules dataclass has, for the type checker
        __dataclass_fields__: ClassVar[dict[str, Any]]
        players: int

        def __init__(self, **fields: Any) -> None: ...

    def __post_init__(self) -> None:
        for info in _fields_info(type(self)):
            value = getattr(self, info.name)
            checked = _check_field(info, value)
            if checked is not value:
                object.__setattr__(self, info.name, checked)
        try:
            self.validate()
        except RulesError:
            raise
        except (TypeError, ValueError, KeyError, IndexError, AttributeError, ZeroDivisionError,
                OverflowError, RecursionError) as e:
            # a game's cross-field check met a value it did not expect: still a refusal
            raise RulesError("*", f"these rules do not fit together ({type(e).__name__}: {e})") from None

    def validate(self) -> None:
        """Checks across fields; raise RulesError(field, reason). Override in a game."""

    @classmethod
    def check_field(cls, name: str, value: Any) -> Any:
        """Check one rule's value alone (its type, choices and bounds, not the checks
        across rules); return it as the rules keep it, or raise RulesError.

        >>> from tabletop_nb.games.pebble_rock.rules import Rules
        >>> Rules.check_field("rounds", 12)
        12
        """
        infos = {i.name: i for i in _fields_info(cls)}
        if name not in infos:
            raise RulesError(str(name), unknown_name(name, infos))
        return _check_field(infos[name], value)

    @classmethod
    def fields_info(cls) -> tuple[RuleField, ...]:
        """Every rule with its type, default, bounds, choices and explanation."""
        return _fields_info(cls)

    def replace(self, **changes: Any) -> "RulesBase":
        """A copy with some rules changed (validated). Unknown names are refused."""
        names = [f.name for f in dataclasses.fields(self)]
        for k in changes:
            if k not in names:
                raise RulesError(k, unknown_name(k, names))
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
                raise RulesError(k, unknown_name(k, infos))
            try:
                kwargs[k] = from_plain(infos[k].type, v, k)
            except CodecError as e:
                where, _, why = str(e).partition(": ")
                raise RulesError(k, why or str(e), path=where if why else k) from None
        return cls(**kwargs)
