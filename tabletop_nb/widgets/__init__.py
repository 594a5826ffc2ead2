"""ipywidgets apps: GameApp, DiceLab, RulesEditor and ReplayViewer.

Importing this package imports ipywidgets and plotly (``import tabletop_nb`` does not;
the top level loads these classes on first use).
"""
from __future__ import annotations

from .dicelab import DiceLab
from .gameapp import GameApp
from .replayviewer import ReplayViewer
from .ruleseditor import RulesEditor

__all__ = ["GameApp", "DiceLab", "RulesEditor", "ReplayViewer"]
