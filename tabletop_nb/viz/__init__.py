"""Plotly charts shared by every game (dice odds, scores, balance, the generic board view)
and HTML tables of teaching values (exact chances as a/b with percentages).

Every chart is a plain function returning a ``go.Figure``. This package imports plotly
(``import tabletop_nb`` does not import it); pandas is imported only inside the
functions that read a ``simulate`` table.

Examples
--------
>>> from tabletop_nb import Die
>>> from tabletop_nb import viz
>>> d6 = Die(range(1, 7), name="d6")
>>> fig = viz.dice_odds([d6, d6], rolls=1000, rng=1)
>>> fig = viz.running_frequency([d6, d6], 8, rolls=2000, rng=1, view="at_least")
"""
from __future__ import annotations

from .dice import (VIEWS, as_dice, combine_dice, dice_odds, event_probability, event_test,
                   roll_dice, running_frequency)
from .scores import (score_distribution, score_series, scores_over_time, wilson_interval,
                     win_rate_table, win_rates)
from .tables import Table, chance_text, dice_faces, side_by_side, table
from .views import View, view_for, view_module

__all__ = ["dice_odds", "running_frequency", "combine_dice", "roll_dice", "as_dice",
           "event_probability", "event_test", "VIEWS", "scores_over_time", "score_series",
           "score_distribution", "win_rates", "win_rate_table", "wilson_interval",
           "view_for", "view_module", "View", "Table", "table", "side_by_side", "dice_faces",
           "chance_text"]
