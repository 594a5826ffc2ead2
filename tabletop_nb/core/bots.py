"""Bots: the signature, the random bot, and looking a bot up by name.

A bot is any callable ``bot(game, state, rng) -> action``: it is given the state as its
seat may see it (``game.observation``) and a numpy Generator of its own, and returns one
of ``game.legal_actions(state)``. Games offer more bots by name through ``game.bots()``.
"""
from __future__ import annotations

from typing import Any, Callable

from .errors import TabletopError

__all__ = ["Bot", "random_bot", "resolve_bot", "bot_name", "available_bots"]

Bot = Callable[[Any, Any, Any], Any]


def random_bot(game, state, rng):
    """Pick a legal action uniformly at random.

    >>> # doctest: +SKIP
    >>> tabletop_nb.play(game, bots=random_bot, seed=1)
    """
    legal = game.legal_actions(state)
    return legal[int(rng.random() * len(legal))]


random_bot.trusted = True  # type: ignore[attr-defined]  # returns a legal action by construction: the runner skips the check

CORE_BOTS: dict[str, Bot] = {"random": random_bot}


def available_bots(game) -> dict[str, Bot]:
    """Every bot the game can be played by, by name: "random", the game's own bots, and
    "search" (its default budget; ``"search:N"`` names the budget N, see core/search.py).

    >>> import tabletop_nb
    >>> sorted(available_bots(tabletop_nb.load_game("pacal", players=2)))
    ['greedy', 'random', 'search']
    """
    from .search import SearchBot
    out = dict(CORE_BOTS)
    out.update(game.bots())
    out.setdefault("search", SearchBot())
    return out


def resolve_bot(game, spec: str | Bot) -> Bot:
    """A bot from a name ("random", "greedy", "search", "search:400", ...) or a callable
    (returned as is).

    >>> import tabletop_nb
    >>> resolve_bot(tabletop_nb.load_game("pacal", players=2), "search:64").bot_name
    'search:64'
    """
    if callable(spec):
        return spec
    if isinstance(spec, str):
        bots = available_bots(game)
        if spec in bots:
            return bots[spec]
        from .search import parse_search_name
        found = parse_search_name(spec)  # "search:N" for any budget N
        if found is not None:
            return found
        raise TabletopError(f"no bot called {spec!r} for {game.name}; choose from: "
                            + ", ".join(sorted(bots)) + " (or 'search:N' for N simulations)")
    raise TabletopError(f"a bot is a name or a callable bot(game, state, rng), got {spec!r}")


def bot_name(spec: str | Bot) -> str:
    """The name shown in tables and logs for a bot spec."""
    if isinstance(spec, str):
        return spec
    return getattr(spec, "bot_name", None) or getattr(spec, "__name__", None) or type(spec).__name__
