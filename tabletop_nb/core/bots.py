"""Bots: the signature, the random bot, and looking a bot up by name.

A bot is any callable ``bot(game, state, rng) -> action``: it is given the state as its
seat may see it (``game.observation``) and a numpy Generator of its own, and returns one
of ``game.legal_actions(state)``. Games offer more bots by name through ``game.bots()``.

The signature, the random bot and a game's bots without search live in
``core/basebots.py`` (the search bot's rollouts use them); this module adds the search
bot's names on top, so it imports ``core/search.py`` and search never imports it.
"""
from __future__ import annotations

from .basebots import CORE_BOTS, Bot, plain_bots, random_bot, unknown_bot  # noqa: F401  (CORE_BOTS: its old home)
from .errors import TabletopError
from .search import SearchBot, parse_search_name

__all__ = ["Bot", "random_bot", "resolve_bot", "bot_name", "available_bots"]


def available_bots(game) -> dict[str, Bot]:
    """Every bot the game can be played by, by name: "random", the game's own bots, and
    "search" (its default budget; ``"search:N"`` names the budget N, see core/search.py).

    Parameters
    ----------
    game : Game
        Any game.

    Returns
    -------
    dict
        ``{name: bot}``.

    Examples
    --------
    >>> import tabletop_nb
    >>> sorted(available_bots(tabletop_nb.load_game("pacal", players=2)))
    ['greedy', 'random', 'search']
    """
    out = plain_bots(game)
    out.setdefault("search", SearchBot())
    return out


def resolve_bot(game, spec: str | Bot) -> Bot:
    """A bot from a name ("random", "greedy", "search", "search:400", ...) or a callable
    (returned as is).

    Parameters
    ----------
    game : Game
        The game the bot will play (its own bots are looked up there).
    spec : str or callable
        A bot name or a bot ``bot(game, state, rng) -> action``.

    Returns
    -------
    Bot
        The bot.

    Examples
    --------
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
        found = parse_search_name(spec)  # "search:N" for any budget N
        if found is not None:
            return found
        raise unknown_bot(game, spec, bots)
    raise TabletopError(f"a bot is a name or a callable bot(game, state, rng), got {spec!r}")


def bot_name(spec: str | Bot) -> str:
    """The name shown in tables and logs for a bot spec.

    Parameters
    ----------
    spec : str or callable
        A bot name or a bot.

    Returns
    -------
    str
        The name itself, a bot's ``bot_name`` or its function name.

    Examples
    --------
    >>> from tabletop_nb.core.search import search
    >>> bot_name("greedy"), bot_name(search(simulations=64)), bot_name(random_bot)
    ('greedy', 'search:64', 'random_bot')
    """
    if isinstance(spec, str):
        return spec
    return getattr(spec, "bot_name", None) or getattr(spec, "__name__", None) or type(spec).__name__
