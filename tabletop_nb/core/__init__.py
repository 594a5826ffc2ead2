"""Game-agnostic core: protocol, dice, rules, records, runner, bots.

Imports neither plotly, ipywidgets nor pandas at import time, so engines run headless
and ``import tabletop_nb`` stays fast.
"""
from .bots import random_bot, resolve_bot
from .dice import Die
from .errors import IllegalActionError, RecordError, RulesError, TabletopError
from .protocol import CHANCE, TERMINAL, BaseGame, Game
from .record import GameRecord, replay
from .rules import RulesBase, rule
from .runner import play, simulate

__all__ = ["Die", "CHANCE", "TERMINAL", "Game", "BaseGame", "GameRecord", "replay", "play",
           "simulate", "RulesBase", "rule", "random_bot", "resolve_bot", "TabletopError",
           "IllegalActionError", "RulesError", "RecordError"]
