"""Plain-data encoding of rules and actions, for JSON save files.

``to_plain`` turns frozen dataclasses, named tuples, tuples, frozensets, enums,
Fractions and dice into JSON-friendly data. ``from_plain(type_hint, data)`` rebuilds a
value of a *declared* type from such data, guided only by type hints: nothing in the
data names a class to import or code to run, so loading a file never executes it.
"""
from __future__ import annotations

import dataclasses
import enum
import math
import sys
import types
import typing
from fractions import Fraction
from functools import lru_cache
from typing import Any

from .dice import Die

__all__ = ["to_plain", "from_plain", "CodecError"]


class CodecError(ValueError):
    """Data that does not fit the declared type; the message gives the path.

    Examples
    --------
    >>> from_plain(tuple[int, ...], ["x"])
    Traceback (most recent call last):
    ...
    tabletop_nb.core.codec.CodecError: value[0]: expected a whole number, got 'x'
    """


#: each dataclass's field names, in order, found when ``to_plain`` first meets the class (its
#: fields are fixed when it is made; records encode one action after another)
_DATACLASS_FIELDS: dict[type, tuple[str, ...]] = {}


def _fields_plain(obj: Any, names: tuple[str, ...]) -> dict:
    """A dataclass as a dict: its class's name under ``"type"``, then each field encoded."""
    d = {"type": type(obj).__name__}
    for name in names:
        d[name] = to_plain(getattr(obj, name))
    return d


def to_plain(obj: Any) -> Any:
    """Encode ``obj`` as JSON-friendly data (dicts, lists, str, int, float, bool, None).

    Named tuples and dataclasses become dicts with a ``"type"`` entry naming their
    class (for people reading the file; decoding never uses it to find a class).

    Parameters
    ----------
    obj : object
        A value made of named tuples, dataclasses, tuples, frozensets, dicts and scalars.

    Returns
    -------
    object
        Dicts, lists, str, int, float, bool and None.

    Examples
    --------
    >>> from typing import NamedTuple
    >>> class Move(NamedTuple):
    ...     to: int
    >>> to_plain(Move(3))
    {'type': 'Move', 'to': 3}
    """
    if obj is None or isinstance(obj, (bool, int, float, str)):
        return obj
    cls = type(obj)
    if cls is tuple or cls is list:  # exactly a tuple or a list: none of the kinds below
        return [to_plain(v) for v in obj]
    names = _DATACLASS_FIELDS.get(cls)
    if names is not None:  # a dataclass met before (the branch below)
        return _fields_plain(obj, names)
    if isinstance(obj, enum.Enum):
        return obj.name
    if isinstance(obj, Fraction):
        return str(obj)
    if isinstance(obj, Die):
        return obj.to_plain()
    if isinstance(obj, tuple) and hasattr(obj, "_fields"):
        d = {"type": type(obj).__name__}
        for k, v in zip(obj._fields, obj):
            d[k] = to_plain(v)
        return d
    if dataclasses.is_dataclass(obj) and not isinstance(obj, type):
        names = _DATACLASS_FIELDS[cls] = tuple(f.name for f in dataclasses.fields(obj))
        return _fields_plain(obj, names)
    if isinstance(obj, (tuple, list)):
        return [to_plain(v) for v in obj]
    if isinstance(obj, (frozenset, set)):
        items = [to_plain(v) for v in obj]
        return sorted(items, key=repr)
    if isinstance(obj, dict) or isinstance(obj, types.MappingProxyType):
        return {str(k) if not isinstance(k, str) else k: to_plain(v) for k, v in obj.items()}
    if hasattr(obj, "item"):  # numpy scalar
        return obj.item()
    raise TypeError(f"cannot encode {type(obj).__name__} {obj!r} as plain data")


@lru_cache(maxsize=None)
def _hints_cached(cls) -> dict:
    # no globalns: each class in the MRO resolves its hints in its own module (a base's
    # annotation, such as RulesBase's ClassVar, names what its module imports, not ours)
    return typing.get_type_hints(cls)


def _hints(cls: Any) -> dict:
    """The resolved type hints of a class, cached per class."""
    # (a typed front for the cache: the type checker does not see classes as hashable keys)
    return _hints_cached(cls)


def from_plain(tp: Any, data: Any, path: str = "") -> Any:
    """Rebuild a value of type ``tp`` from plain data; raise :class:`CodecError` if it does not fit.

    Parameters
    ----------
    tp : type
        The declared type (a NamedTuple, dataclass, tuple[...], frozenset[...], ...).
    data : object
        Plain data, as :func:`to_plain` writes it (JSON-friendly).
    path : str, default ""
        Where ``data`` sits in a larger value, for the error message.

    Returns
    -------
    object
        A value of type ``tp``.

    Examples
    --------
    >>> from_plain(tuple[int, ...], [1, 2])
    (1, 2)
    """
    where = path or "value"
    origin = typing.get_origin(tp)
    args = typing.get_args(tp)
    if tp is Any:
        return _freeze(data)
    if origin is typing.Union or (sys.version_info >= (3, 10) and origin is types.UnionType):
        if data is None and type(None) in args:
            return None
        errors = []
        for a in args:
            if a is type(None):
                continue
            try:
                return from_plain(a, data, path)
            except CodecError as no_fit:
                errors.append(str(no_fit))
        raise CodecError(f"{where}: {data!r} fits none of {tp}")
    if origin is typing.Literal:
        if data in args:
            return data
        raise CodecError(f"{where}: expected one of {list(args)}, got {data!r}")
    if tp is type(None):
        if data is not None:
            raise CodecError(f"{where}: expected null, got {data!r}")
        return None
    if tp is bool:
        if not isinstance(data, bool):
            raise CodecError(f"{where}: expected true/false, got {data!r}")
        return data
    if tp is int:
        if isinstance(data, bool) or not isinstance(data, int):
            raise CodecError(f"{where}: expected a whole number, got {data!r}")
        return data
    if tp is float:
        if isinstance(data, bool) or not isinstance(data, (int, float)):
            raise CodecError(f"{where}: expected a number, got {data!r}")
        try:
            value = float(data)
        except OverflowError:
            raise CodecError(f"{where}: the number is too large") from None
        if not math.isfinite(value):
            raise CodecError(f"{where}: expected a finite number, got {data!r}")
        return value
    if tp is str:
        if not isinstance(data, str):
            raise CodecError(f"{where}: expected text, got {data!r}")
        return data
    if tp is Fraction:
        try:
            return Fraction(data) if not isinstance(data, bool) else _bad(where, data, "a fraction")
        except (TypeError, ValueError, ZeroDivisionError):
            raise CodecError(f"{where}: expected a fraction like '1/3', got {data!r}") from None
    if tp is Die:
        if isinstance(data, dict) and not isinstance(data.get("name"), (str, type(None))):
            raise CodecError(f"{where}.name: expected text or null, got {data.get('name')!r}")
        try:
            return Die.from_plain(data)
        except (TypeError, ValueError, AttributeError, OverflowError, RecursionError) as not_a_die:
            raise CodecError(f"{where}: not a die ({not_a_die})") from None
    if isinstance(tp, type) and issubclass(tp, enum.Enum):
        try:
            return tp[data]
        except (KeyError, TypeError):
            raise CodecError(f"{where}: expected one of {[m.name for m in tp]}, got {data!r}") from None
    if origin in (tuple, list, frozenset, set):
        if not isinstance(data, list):
            raise CodecError(f"{where}: expected a list, got {data!r}")
        if origin is tuple and args and not (len(args) == 2 and args[1] is Ellipsis):
            if len(args) != len(data):
                raise CodecError(f"{where}: expected {len(args)} items, got {len(data)}")
            return tuple(from_plain(a, v, f"{where}[{i}]") for i, (a, v) in enumerate(zip(args, data)))
        item = args[0] if args else Any
        vals = [from_plain(item, v, f"{where}[{i}]") for i, v in enumerate(data)]
        return frozenset(vals) if origin in (frozenset, set) else tuple(vals)
    if tp in (tuple, list):
        if not isinstance(data, list):
            raise CodecError(f"{where}: expected a list, got {data!r}")
        return tuple(_freeze(v) for v in data)
    if origin in (dict, typing.Mapping) or (origin is not None and getattr(origin, "__name__", "") == "Mapping"):
        if not isinstance(data, dict):
            raise CodecError(f"{where}: expected a mapping, got {data!r}")
        kt, vt = args if args else (Any, Any)
        out = {}
        for k, v in data.items():
            key = k if kt in (str, Any) else from_plain(kt, _key_from_str(k), f"{where} key")
            out[key] = from_plain(vt, v, f"{where}[{k!r}]")
        return out
    if isinstance(tp, type) and (dataclasses.is_dataclass(tp) or
                                 (issubclass(tp, tuple) and hasattr(tp, "_fields"))):
        if not isinstance(data, dict):
            raise CodecError(f"{where}: expected a mapping for {tp.__name__}, got {data!r}")
        hints = _hints(tp)
        names = ([f.name for f in dataclasses.fields(tp)] if dataclasses.is_dataclass(tp)
                 else list(tp._fields))
        unknown = set(data) - set(names) - {"type"}
        if unknown:
            raise CodecError(f"{where}: unknown field(s) {sorted(unknown)} for {tp.__name__}")
        kwargs = {}
        for n in names:
            if n in data:
                kwargs[n] = from_plain(hints.get(n, Any), data[n], f"{where}.{n}")
        try:
            return tp(**kwargs)
        except (TypeError, ValueError) as refused:
            raise CodecError(f"{where}: {refused}") from None
    raise CodecError(f"{where}: cannot decode type {tp}")


def _bad(where, data, what):
    raise CodecError(f"{where}: expected {what}, got {data!r}")


def _key_from_str(k: str) -> Any:
    try:
        return int(k)
    except ValueError:
        return k


def _freeze(v: Any) -> Any:
    """Lists become tuples so the decoded value is hashable like the original."""
    if isinstance(v, list):
        return tuple(_freeze(x) for x in v)
    if isinstance(v, dict):
        return {k: _freeze(x) for k, x in v.items()}
    return v
