"""Rule paths: read and set one value deep inside a game's rules.

A rule path names a rule, then ``.field`` and ``[index]`` parts inside its value:
``"start_coins"``, ``"harbour_costs[0]"``, ``"board.width"``, ``"thresholds[1][1]"``.
:func:`rule_path_value` reads the value there and :func:`with_rule_path` makes a game with
it changed, validated like any rule change. The balance search
(:mod:`tabletop_nb.lab.balance`) and the lever finder (:mod:`tabletop_nb.lab.levers`) both
name the rules they move this way.
"""
from __future__ import annotations

import re
from typing import Any

from ..core.errors import RulesError, TabletopError

__all__ = ["rule_path_value", "with_rule_path"]

_PATH_PART = re.compile(r"\.?([A-Za-z_][A-Za-z0-9_]*)|\[(-?\d+)\]")


def _parse_path(path: str) -> list[str | int]:
    """The parts of ``path``: the rule's name, then field names and whole-number indexes."""
    if not isinstance(path, str) or not path:
        raise TabletopError(f"a rule path is text like 'start_coins', 'harbour_costs[0]' or "
                            f"'board.width', got {path!r}")
    parts: list[str | int] = []
    pos = 0
    for m in _PATH_PART.finditer(path):
        if m.start() != pos or (m.group(0).startswith(".") and not parts):
            break
        parts.append(m.group(1) if m.group(1) is not None else int(m.group(2)))
        pos = m.end()
    if pos != len(path) or not parts or not isinstance(parts[0], str):
        raise TabletopError(f"cannot read the rule path {path!r}: write a rule name, then .field or [index] "
                            f"parts, e.g. 'harbour_costs[0]' or 'thresholds[1][1]'")
    return parts


def rule_path_value(rules: Any, path: str) -> Any:
    """The value at ``path`` in ``rules`` (``"start_coins"``, ``"harbour_costs[0]"``).

    Parameters
    ----------
    rules : RulesBase
        A game's rules (``game.rules``).
    path : str
        A rule name, then ``.field`` and ``[index]`` parts: ``"start_coins"``,
        ``"harbour_costs[0]"``, ``"board.width"``, ``"thresholds[1][1]"``.

    Returns
    -------
    object
        The value found there.

    Raises
    ------
    TabletopError
        For a path that cannot be read or does not exist in ``rules``.

    Examples
    --------
    >>> import tabletop_nb
    >>> rule_path_value(tabletop_nb.load_game("neko").rules, "harbour_costs[1]")
    10
    """
    value = rules
    for i, part in enumerate(_parse_path(path)):
        value = _step(value, part, path, i)
    return value


def _step(value: Any, part: str | int, path: str, i: int) -> Any:
    """``value``'s part ``part`` (part ``i`` of ``path``), or a RulesError naming the path."""
    if isinstance(part, int):
        if not isinstance(value, tuple):
            raise RulesError(str(_parse_path(path)[0]), f"{_shown(path, i)} is not a list to index", path=path)
        if not -len(value) <= part < len(value):
            raise RulesError(str(_parse_path(path)[0]), f"index {part} is outside {_shown(path, i)}, which has "
                             f"{len(value)} items", path=path)
        return value[part]
    if i == 0:
        names = [f for f in getattr(type(value), "__dataclass_fields__", {})]
        if part not in names:
            raise RulesError(part, "there is no such rule; the rules are: " + ", ".join(names), path=path)
    elif part not in _field_names(value):
        raise RulesError(str(_parse_path(path)[0]), f"{_shown(path, i)} has no field {part!r}", path=path)
    return getattr(value, part)


def _field_names(value: Any) -> tuple[str, ...]:
    """The fields a path may name inside a rule's value: a dataclass's or named tuple's
    fields, a die's ``faces`` (a die made of faces, not a sum of dice); nothing else (a
    tuple's methods are not rules)."""
    import dataclasses

    from ..core.dice import Die
    if isinstance(value, Die):
        return ("faces",) if value.faces is not None else ()
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return tuple(f.name for f in dataclasses.fields(value))
    return tuple(getattr(value, "_fields", ()))


def _shown(path: str, i: int) -> str:
    """The first ``i`` parts of ``path`` as written ("the rules" for none)."""
    parts = _parse_path(path)
    out = ""
    for p in parts[:i]:
        out += f"[{p}]" if isinstance(p, int) else (f".{p}" if out else p)
    return out or "the rules"


def _set(value: Any, parts: list[str | int], new: Any) -> Any:
    """A copy of ``value`` with ``new`` at ``parts`` (tuples, named tuples, dataclasses, dice)."""
    import dataclasses
    if not parts:
        return new
    head, rest = parts[0], parts[1:]
    if isinstance(head, int):
        items = list(value)
        items[head] = _set(items[head], rest, new)
        return type(value)(*items) if hasattr(value, "_fields") else tuple(items)
    inner = _set(getattr(value, head), rest, new)
    from ..core.dice import Die
    if isinstance(value, Die):
        return Die(inner, name=value.name)
    if hasattr(value, "_replace"):
        return value._replace(**{head: inner})
    return dataclasses.replace(value, **{head: inner})


def with_rule_path(game: Any, path: str, value: Any) -> Any:
    """``game`` with the rule at ``path`` set to ``value``, validated like any rule change
    (a RulesError names the path).

    Parameters
    ----------
    game : Game
        The game to change (it is not modified).
    path : str
        Where the value goes, as in :func:`rule_path_value`: ``"start_coins"``,
        ``"harbour_costs[0]"``, ``"board.width"``.
    value : object
        The new value.

    Returns
    -------
    Game
        A new game of the same kind with the changed rules.

    Raises
    ------
    RulesError
        When the rules refuse the value (the error names ``path``).
    TabletopError
        For a path that cannot be read or does not exist.

    Examples
    --------
    >>> import tabletop_nb
    >>> g = with_rule_path(tabletop_nb.load_game("neko"), "harbour_costs[0]", 4)
    >>> g.rules.harbour_costs
    (4, 10, 15, 20)
    """
    parts = _parse_path(path)
    rule_path_value(game.rules, path)  # a path that does not exist is refused here
    top = str(parts[0])
    try:
        return game.with_rules(**{top: _set(getattr(game.rules, top), parts[1:], value)})
    except RulesError as e:
        raise RulesError(top, f"{value!r} refused: {e.reason}", path=path) from None
    except (TypeError, ValueError) as e:
        raise RulesError(top, f"{value!r} refused: {e}", path=path) from None
