"""Bots by name or with a chosen budget: the public home of every bot the package offers.

>>> import tabletop_nb
>>> tabletop_nb.bots.search(simulations=400).bot_name
'search:400'

A bot is any callable ``bot(game, state, rng) -> action``; wherever a bot is asked for
(``play``, ``simulate``, ``compare_rules``, GameApp seats, the CLI) a name works too:
``"random"``, ``"greedy"`` (each game's heuristic bot), ``"search"`` (the search bot at
its default budget) or ``"search:N"`` (N simulations per decision).
"""
from __future__ import annotations

from .core.bots import available_bots, bot_name, random_bot, resolve_bot
from .core.search import DEFAULT_SIMULATIONS, SearchBot, search

__all__ = ["random_bot", "search", "SearchBot", "DEFAULT_SIMULATIONS", "available_bots",
           "resolve_bot", "bot_name"]
