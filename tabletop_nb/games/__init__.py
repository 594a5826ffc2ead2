"""The built-in games: every sub-package of ``tabletop_nb.games``.

Every sub-package of ``tabletop_nb.games`` whose ``__init__`` defines
``load_game(players=None, **rule_overrides)`` is a game, found without importing it.
The name -> game table itself is ``tabletop_nb.core.registry`` (core looks games up
there and never imports this package); importing this package hands it the built-in
games. Other games (a plugin, the test suite's toy game) register with
:func:`register_game`.
"""
from __future__ import annotations

import importlib
import pkgutil
from typing import Any

from ..core import registry
from ..core.errors import TabletopError
from ..core.registry import list_games, load_game, register_game

__all__ = ["list_games", "load_game", "register_game", "game_module"]


def _builtin() -> list[str]:
    return sorted(m.name for m in pkgutil.iter_modules(__path__)
                  if m.ispkg and not m.name.startswith("_"))


def game_module(name: str):
    """The package of a built-in game (``tabletop_nb.games.<name>``).

    Parameters
    ----------
    name : str
        A built-in game's name, as ``list_games()`` gives it.

    Returns
    -------
    module
        The imported package.

    Examples
    --------
    >>> game_module("pacal").__name__
    'tabletop_nb.games.pacal'
    """
    if name not in _builtin():
        raise TabletopError(f"no built-in game called {name!r}; the games are: {', '.join(list_games())}")
    return importlib.import_module(f"{__name__}.{name}")


def _load_builtin(name: str, **rule_overrides: Any):
    return game_module(name).load_game(**rule_overrides)


registry.use_builtin_games(_builtin, _load_builtin)
