"""Reading the games' TOML data files on every supported Python.

Python 3.11 added :mod:`tomllib` to the standard library; on 3.10 the same parser comes
from the ``tomli`` package it grew from (a dependency only there, see pyproject.toml).

>>> loads('players = 4')
{'players': 4}
"""
from __future__ import annotations

import sys
from typing import IO, Any

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover - Python 3.10
    import tomli as tomllib

__all__ = ["loads", "load"]


def loads(text: str) -> dict[str, Any]:
    """Parse TOML text.

    Parameters
    ----------
    text : str
        The TOML document.

    Returns
    -------
    dict
        Its tables and values.

    Examples
    --------
    >>> loads('[board]\\nwidth = 13')
    {'board': {'width': 13}}
    """
    return tomllib.loads(text)


def load(fh: IO[bytes]) -> dict[str, Any]:
    """Parse a TOML file opened in binary mode.

    Parameters
    ----------
    fh : binary file
        An open file (``open(path, "rb")``).

    Returns
    -------
    dict
        Its tables and values.

    Examples
    --------
    >>> import io
    >>> load(io.BytesIO(b"stones = 11"))
    {'stones': 11}
    """
    return tomllib.load(fh)
