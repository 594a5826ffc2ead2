"""Small checks shared by the games' ``position(...)`` builders.

A position is built from what a person sees at the table; whatever could not be there is
refused with a :class:`TabletopError` that names the keyword and the reason.
"""
from __future__ import annotations

from typing import Any, Mapping, NoReturn

from .errors import TabletopError

__all__ = ["refuse", "per_seat"]


def refuse(what: str, reason: str) -> NoReturn:
    """Refuse a position: ``impossible position: <keyword>: <reason>``.

    Parameters
    ----------
    what : str
        The keyword of the position that is wrong.
    reason : str
        Why.

    Returns
    -------
    NoReturn
        It always raises ``TabletopError``.

    Examples
    --------
    >>> refuse("ships", "two ships on one space")
    Traceback (most recent call last):
    ...
    tabletop_nb.core.errors.TabletopError: impossible position: ships: two ships on one space
    """
    raise TabletopError(f"impossible position: {what}: {reason}")


def per_seat(name: str, value: Any, n: int, default: Any) -> list:
    """``value`` in seat order: None (``default`` for all), n values, or a mapping seat -> value.

    Parameters
    ----------
    name : str
        The keyword, for the error message.
    value : None, sequence or mapping
        What was given.
    n : int
        The seat count.
    default : object
        The value of the seats not given.

    Returns
    -------
    list
        One value per seat (a wrong count or an unknown seat is refused).

    Examples
    --------
    >>> per_seat("coins", {1: 5}, 3, 0)
    [0, 5, 0]
    """
    if value is None:
        return [default] * n
    if isinstance(value, Mapping):
        bad = [q for q in value if not (type(q) is int and 0 <= q < n)]
        if bad:
            refuse(name, f"no seat {bad[0]!r} in a {n}-player game")
        return [value.get(q, default) for q in range(n)]
    value = list(value)
    if len(value) != n:
        refuse(name, f"{len(value)} values for {n} players")
    return value
