"""ClassView: the teacher's view of the class's pooled rolls (class mode).

Every student's dice lab sends its rolls to the class's store
(:mod:`tabletop_nb.classroom`); this view reads the store and draws the pooled
frequencies beside the exact odds, with how many students and rolls, a refresh, and a
reset for the next lesson.
"""
from __future__ import annotations

import html
from typing import Any, Mapping

import ipywidgets as W

from ..classroom import ClassRolls, class_store
from ..core.dice import Die
from ..core.errors import TabletopError
from ..viz.dice import dice_odds, dice_odds_traces, dice_title, odds_axis_top, rolls_text
from ._board import BoardWidget
from .board_panel import refresh_figures

__all__ = ["ClassView"]


class ClassView:
    """The class's pooled rolls of some dice, converging to the exact odds.

    Parameters
    ----------
    dice : dict name -> Die
        The dice the students' labs offer (``game.dice``).
    store : ClassRolls, str or None
        The class's store, its file, or None for the one named by ``TABLETOP_CLASS_DB``.
    pick : list of names, optional
        The dice to show first (one entry per die); default the dice the class rolled most.

    Examples
    --------
    >>> import tempfile, os
    >>> from tabletop_nb import Die
    >>> store = ClassRolls(os.path.join(tempfile.mkdtemp(), "c.sqlite"))
    >>> _ = store.add("s1", ["d6"], [1, 2, 6])
    >>> view = ClassView({"d6": Die(range(1, 7), name="d6")}, store)
    >>> view.summary
    ClassSummary(students=1, rolls=3)
    """

    def __init__(self, dice: Mapping[str, Die], store: ClassRolls | str | None = None, *,
                 pick: list[str] | None = None):
        self.dice = dict(dice)
        if store is None:
            found = class_store()
            if found is None:
                raise TabletopError("no class store: pass one (ClassRolls(path)) or set TABLETOP_CLASS_DB "
                                    "(make classroom does)")
            store = found
        self.store = store if isinstance(store, ClassRolls) else ClassRolls(store)
        self.header = W.HTML()
        self.header.add_class("tabletop-class-summary")
        self.choice = W.Dropdown(description="dice", options=[], layout=W.Layout(width="360px"))
        self.choice.observe(lambda ch: self._press(self.refresh), "value")
        self.refresh_button = W.Button(description="refresh", icon="refresh")
        self.refresh_button.on_click(lambda b: self._press(self.refresh))
        self.reset_button = W.Button(description="reset for the next lesson", icon="eraser",
                                     button_style="warning", layout=W.Layout(width="230px"))
        self.reset_button.on_click(lambda b: self._press(self._ask_reset))
        self.confirm = W.Button(description="yes, clear the class's rolls", button_style="danger",
                                layout=W.Layout(width="230px"))
        self.confirm.on_click(lambda b: self._press(self.reset))
        self.cancel = W.Button(description="cancel")
        self.cancel.on_click(lambda b: self._press(self._hide_confirm))
        self.confirm_box = W.HBox([self.confirm, self.cancel])
        self.confirm_box.layout.display = "none"
        self.message = W.HTML()
        self.chart = BoardWidget()
        self.widget = W.VBox([W.HTML("<b>The class's rolls</b>: every student's dice lab, pooled"),
                              W.HBox([self.choice, self.refresh_button, self.reset_button]),
                              self.confirm_box, self.header, self.message, self.chart])
        self.widget.add_class("tabletop-classview")
        self._picked = list(pick) if pick else None
        self.refresh()

    # ------------------------------------------------------------------ data ----
    @property
    def picked(self) -> list[str]:
        """The dice on show, one entry per die."""
        if self.choice.value:
            return str(self.choice.value).split("+")
        return self._picked or [next(iter(self.dice))]

    @property
    def summary(self):
        """Students and rolls for the dice on show (a ``ClassSummary``)."""
        return self.store.summary(self.picked)

    @property
    def counts(self) -> dict:
        """The class's pooled counts of each outcome of the dice on show."""
        return self.store.counts(self.picked)

    def refresh(self) -> None:
        """Read the store again and redraw."""
        rolled = self.store.dice_rolled()
        keys = [k for k, _ in rolled if all(n in self.dice for n in k.split("+"))]
        wanted = self.choice.value or ("+".join(sorted(self._picked)) if self._picked else None)
        if wanted and wanted not in keys:
            keys.append(wanted)
        options = [(f"{dice_title([self.dice[n] for n in k.split('+')])}", k) for k in keys]
        if [o[1] for o in self.choice.options] != keys:
            self.choice.unobserve_all("value")
            self.choice.options = options
            # the index is what the page shows (setting the value alone left it blank there)
            self.choice.index = keys.index(wanted) if wanted in keys else (0 if keys else None)
            self.choice.observe(lambda ch: self._press(self.refresh), "value")
        self._draw()

    def _draw(self) -> None:
        dice = [self.dice[n] for n in self.picked if n in self.dice]
        if not dice:
            self.header.value = "No rolls yet: the students' dice labs send their rolls here."
            return
        s = self.store.summary(self.picked)
        counts = self.store.counts(self.picked)
        self.header.value = (f"<b>{s.students}</b> student{'' if s.students == 1 else 's'}, "
                             f"<b>{html.escape(rolls_text(s.rolls))}</b> of {html.escape(dice_title(dice))} "
                             f"(lesson {self.store.lesson})")
        fig = dice_odds(dice, title=f"The class's rolls of {dice_title(dice)} beside the exact odds")
        traces = dice_odds_traces(dice, counts=counts)
        traces[1]["name"] = f"the class: {rolls_text(s.rolls)}"
        with self.chart.batch_update():
            self.chart.data = ()
            self.chart.layout = fig.layout
            for t in traces:
                self.chart.add_trace(t)
            self.chart.layout.yaxis.range = [0, odds_axis_top(dice, counts=counts)]

    # ----------------------------------------------------------------- reset ----
    def _ask_reset(self) -> None:
        s = self.store.summary()
        self.confirm.description = f"yes, clear {rolls_text(s.rolls)}"
        self.confirm_box.layout.display = ""

    def _hide_confirm(self) -> None:
        self.confirm_box.layout.display = "none"

    def reset(self) -> None:
        """Forget every roll of the class (the next lesson starts)."""
        lesson = self.store.reset()
        self._hide_confirm()
        self.message.value = f"Cleared: lesson {lesson} starts with no rolls."
        self.refresh()

    def _press(self, fn) -> Any:
        try:
            return fn()
        except Exception as e:  # noqa: BLE001  (a message, never a traceback)
            self.message.value = f"<span style='color:#b00020'>{html.escape(str(e))}</span>"
            return None

    def _repr_mimebundle_(self, **kwargs):
        refresh_figures(self.chart)
        return self.widget._repr_mimebundle_(**kwargs)
