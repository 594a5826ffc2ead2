"""The registry of games.

Every sub-package of ``tabletop_nb.games`` whose ``__init__`` defines
``load_game(players=None, **rule_overrides)`` is a game, found without importing it.
Other games (a plugin, the test suite's toy game) register with :func:`register_game`.
"""
from __future__ import annotations

import importlib
import pkgutil
from typing import Any, Callable

from ..core.errors import TabletopError

__all__ = ["list_games", "load_game", "register_game", "game_module"]

_REGISTERED: dict[str, Callable[..., Any]] = {}


def _builtin() -> list[str]:
    return sorted(m.name for m in pkgutil.iter_modules(__path__)
                  if m.ispkg and not m.name.startswith("_"))


def list_games() -> list[str]:
    """Names of the games that can be loaded, sorted.

    >>> "pebble_rock" in list_games()  # doctest: +SKIP
    True
    """
    return sorted(set(_builtin()) | set(_REGISTERED))


def register_game(name: str, loader: Callable[..., Any]) -> None:
    """Make ``load_game(name, ...)`` call ``loader(players=..., **overrides)``."""
    _REGISTERED[name] = loader


def game_module(name: str):
    """The package of a built-in game (``tabletop_nb.games.<name>``)."""
    if name not in _builtin():
        raise TabletopError(f"no built-in game called {name!r}; the games are: {', '.join(list_games())}")
    return importlib.import_module(f"{__name__}.{name}")


def load_game(name: str, players: int | None = None, **rule_overrides: Any):
    """Load a game by name, optionally with the number of players and rule changes.

    Parameters
    ----------
    name : str
        One of :func:`list_games`.
    players : int, optional
        Seats at the table; the game's default when omitted.
    **rule_overrides
        Changes to the game's rules (see ``game.rules``); a bad one raises RulesError
        naming the field.

    Examples
    --------
    >>> game = load_game("pebble_rock", players=4)  # doctest: +SKIP
    """
    if not isinstance(name, str):
        raise TabletopError(f"a game name is text, got {name!r}")
    if players is not None:
        rule_overrides["players"] = players
    if name in _REGISTERED:
        return _REGISTERED[name](**rule_overrides)
    return game_module(name).load_game(**rule_overrides)
