"""The name -> game table: which games there are, and loading one by name.

Core looks games up here (``GameRecord.verify`` replays a record with the game its name
says) and never imports ``tabletop_nb.games``: that package fills this table when it is
imported (and ``import tabletop_nb``, which any ``tabletop_nb.*`` import runs first,
imports it). It hands over the built-in games as two functions, the names of the game
packages under ``tabletop_nb/games`` (found without importing them) and a loader by name;
games defined elsewhere (a plugin, the test suite's toy game) come in by
:func:`register_game`. ``tabletop_nb.games`` re-exports :func:`load_game`,
:func:`list_games` and :func:`register_game`, where notebooks know them from.
"""
from __future__ import annotations

from typing import Any, Callable, Iterable, NamedTuple

from .errors import TabletopError

__all__ = ["list_games", "load_game", "register_game", "use_builtin_games"]

_REGISTERED: dict[str, Callable[..., Any]] = {}


class _Builtin(NamedTuple):
    names: Callable[[], Iterable[str]]
    load: Callable[..., Any]         # load(name, **rule_overrides) -> game


_BUILTIN: list[_Builtin] = []      # at most one: set by tabletop_nb.games


def use_builtin_games(names: Callable[[], Iterable[str]], load: Callable[..., Any]) -> None:
    """Say where the built-in games are (called once, by ``tabletop_nb.games``).

    Parameters
    ----------
    names : callable
        ``names()`` -> the built-in games' names (asked each time, so nothing is imported
        before a game is loaded).
    load : callable
        ``load(name, **rule_overrides)`` -> the game; raises TabletopError for a name that
        is not a built-in game.

    Examples
    --------
    >>> import tabletop_nb  # which calls it
    >>> "pacal" in list_games()
    True
    """
    _BUILTIN[:] = [_Builtin(names, load)]


def list_games() -> list[str]:
    """Names of the games that can be loaded, sorted.

    Examples
    --------
    >>> import tabletop_nb
    >>> "pebble_rock" in tabletop_nb.list_games()
    True
    """
    names = set(_REGISTERED)
    for builtin in _BUILTIN:
        names.update(builtin.names())
    return sorted(names)


def register_game(name: str, loader: Callable[..., Any]) -> None:
    """Make ``load_game(name, ...)`` call ``loader(players=..., **overrides)``.

    Parameters
    ----------
    name : str
        The game's name; a registered name is found before a built-in game of that name.
    loader : callable
        ``loader(**rule_overrides)`` -> the game (``players`` is one of the overrides
        when given).

    Examples
    --------
    >>> import tabletop_nb
    >>> from tabletop_nb.games import register_game
    >>> register_game("small_pacal", lambda **kw: tabletop_nb.load_game("pacal", **kw))
    >>> tabletop_nb.load_game("small_pacal", players=2).num_players
    2
    >>> _ = _REGISTERED.pop("small_pacal")
    """
    _REGISTERED[name] = loader


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
    >>> import tabletop_nb
    >>> game = tabletop_nb.load_game("pebble_rock", players=4)
    >>> game.num_players
    4
    """
    if not isinstance(name, str):
        raise TabletopError(f"a game name is text, got {name!r}")
    if players is not None:
        rule_overrides["players"] = players
    if name in _REGISTERED:
        return _REGISTERED[name](**rule_overrides)
    if not _BUILTIN:
        raise TabletopError(f"no game called {name!r}; the games are: {', '.join(list_games())}")
    return _BUILTIN[0].load(name, **rule_overrides)
