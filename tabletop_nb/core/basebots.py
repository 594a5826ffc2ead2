"""The bot signature, the random bot, and a game's bots that need no search.

Below both ``core/bots.py`` (every bot by name, the search bot's names included) and
``core/search.py`` (whose rollouts are played by one of these bots): the search bot asks
this module for its rollout policy, and the naming module asks the search module for
``"search"`` and ``"search:N"``, so neither of the two imports the other.
"""
from __future__ import annotations

import difflib
from typing import Any, Callable, Iterable

from .errors import TabletopError

__all__ = ["Bot", "random_bot", "CORE_BOTS", "plain_bots", "unknown_bot"]

Bot = Callable[[Any, Any, Any], Any]


def random_bot(game, state, rng):
    """Pick a legal action uniformly at random.

    Parameters
    ----------
    game : Game
        The game being played.
    state : state
        The state as the seat may see it.
    rng : numpy.random.Generator
        The seat's own random stream (one draw per decision).

    Returns
    -------
    action
        One of ``game.legal_actions(state)``.

    Examples
    --------
    >>> import numpy as np, tabletop_nb
    >>> game = tabletop_nb.load_game("pacal", players=2)
    >>> s = game.initial_state()
    >>> random_bot(game, s, np.random.default_rng(1)) in game.legal_actions(s)
    True
    """
    legal = game.legal_actions(state)
    return legal[int(rng.random() * len(legal))]


random_bot.trusted = True  # type: ignore[attr-defined]  # returns a legal action by construction: the runner skips the check

#: the bots every game has, by name
CORE_BOTS: dict[str, Bot] = {"random": random_bot}


def plain_bots(game) -> dict[str, Bot]:
    """The game's bots that need no search, by name: ``"random"`` and ``game.bots()``.

    Parameters
    ----------
    game : Game
        The game whose bots are asked for; its own bots win over a core bot of the
        same name.

    Returns
    -------
    dict
        Name -> bot, a new dict.

    Examples
    --------
    >>> import tabletop_nb
    >>> sorted(plain_bots(tabletop_nb.load_game("pacal", players=2)))
    ['greedy', 'random']
    """
    out = dict(CORE_BOTS)
    out.update(game.bots())
    return out


def unknown_bot(game, spec: str, names: Iterable[str]) -> TabletopError:
    """The error for a bot name the game does not have.

    Parameters
    ----------
    game : Game
        The game the name was asked of (its name is in the message).
    spec : str
        The name asked for.
    names : iterable of str
        The names there are (listed in the message, sorted).

    Returns
    -------
    TabletopError
        To be raised by the caller.

    Examples
    --------
    >>> import tabletop_nb
    >>> str(unknown_bot(tabletop_nb.load_game("pacal", players=2), "clever", ["random"]))
    "no bot called 'clever' for pacal; choose from: random (or 'search:N' for N simulations)"
    >>> str(unknown_bot(tabletop_nb.load_game("pacal", players=2), "gredy", ["greedy", "random"]))
    "no bot called 'gredy' for pacal; did you mean 'greedy'? choose from: greedy, random (or 'search:N' for N simulations)"
    """
    names = sorted(names)
    close = difflib.get_close_matches(str(spec), names + ["search:N"], n=1, cutoff=0.6)
    hint = f"did you mean {close[0]!r}? " if close else ""
    return TabletopError(f"no bot called {spec!r} for {game.name}; {hint}choose from: "
                         + ", ".join(names) + " (or 'search:N' for N simulations)")
