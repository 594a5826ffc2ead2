"""tabletop_nb: three dice board games as faithful rules engines, made for notebooks.

>>> import tabletop_nb
>>> tabletop_nb.list_games()  # doctest: +SKIP
['neko', 'pacal', 'pebble_rock']

``tabletop_nb.rules_map("neko")`` tables where each rule of the rulebook lives in a game's code.

The engine (``tabletop_nb.core`` and ``tabletop_nb.games``) imports neither plotly,
ipywidgets nor pandas; the widget classes load on first use.
"""
from __future__ import annotations

from . import native  # noqa: F401  first: whether the compiled modules or their source run
from ._version import __version__
from .core.dice import Die
from .core.errors import HouseRuleError, IllegalActionError, RecordError, RulesError, TabletopError
from .core.protocol import CHANCE, TERMINAL
from .core.record import GameRecord, replay
from .core.runner import play, simulate
from .games import list_games, load_game
from . import bots  # noqa: E402,F401  tabletop_nb.bots.search(...): no pandas or plotly
# Imported now, not lazily: a function named like its module would be replaced by the module
# (tabletop_nb.rules_map) as soon as anything imported tabletop_nb.rules_map first. It costs
# nothing: ast and re are loaded already, pandas only when a table is asked for.
from .rules_map import rules_map  # noqa: E402

__all__ = ["__version__", "load_game", "list_games", "Die", "GameRecord", "play", "replay",
           "simulate", "compare_rules", "sweep", "balance", "plan_balance", "levers", "luck_vs_skill", "skill_ladder", "analyse", "luck_and_skill", "rules_map", "CHANCE", "TERMINAL", "TabletopError", "IllegalActionError",
           "RulesError", "RecordError", "HouseRuleError", "hooks", "check_rule"]

# name -> module that defines it; imported on first attribute access (PEP 562)
_LAZY = {"GameApp": ".widgets", "DiceLab": ".widgets", "RulesEditor": ".widgets",
         "ReplayViewer": ".widgets", "compare_rules": ".lab", "sweep": ".lab",
         "luck_vs_skill": ".lab", "skill_ladder": ".lab",
         "balance": ".lab", "plan_balance": ".lab", "levers": ".lab", "hooks": ".core.hooks",
         "analyse": ".lab.analyse", "luck_and_skill": ".lab.analyse",  # (as check_rule's)
         "check_rule": ".lab.check_rule"}  # (the module shares the function's name)


def __getattr__(name: str):
    if name in _LAZY:
        import importlib
        value = getattr(importlib.import_module(_LAZY[name], __name__), name)
        globals()[name] = value
        return value
    raise AttributeError(f"module 'tabletop_nb' has no attribute {name!r}")


def __dir__():
    return sorted(set(globals()) | set(_LAZY))
