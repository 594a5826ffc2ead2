"""The "Analyse this game" control of GameApp and ReplayViewer (issue 41).

A button runs :func:`tabletop_nb.analyse` on the app's record in a background thread (the
kernel stays free: the board, the timeline and other cells work meanwhile), with a
progress bar and a stop button; when it is done the panel shows the win-chance chart
(:func:`tabletop_nb.viz.luck.luck_chart`) and each seat's verdict. Clicking a point of
the chart moves the app's timeline to that position.

The thread touches the widgets only a few dozen times (the progress bar moves in steps of
2%, then the result is shown once): ipywidgets 8 sends those from any thread.

Examples
--------
>>> import tabletop_nb as tt
>>> from tabletop_nb.widgets import ReplayViewer
>>> game = tt.load_game("pacal", players=2)
>>> viewer = ReplayViewer(game, tt.play(game, "greedy", seed=1))
>>> panel = viewer.analysis_panel
>>> panel.start(), panel.wait(120)
(True, True)
>>> panel.analysis is not None and len(panel.chart.data) >= 3
True
"""
from __future__ import annotations

import html
import threading
from typing import Any

import ipywidgets as W

__all__ = ["AnalysisPanel"]


class _Stopped(Exception):
    """Raised from the progress callback when the stop button was pressed."""


class AnalysisPanel:
    """The analysis control of an app: button, quick switch, progress, stop, chart.

    Parameters
    ----------
    app : GameApp
        The app whose record is analysed and whose timeline a click on the chart moves
        (it needs ``record()``, ``goto(index)`` and ``session.game``).
    quick : bool, default True
        Start with the quick (classroom) setting ticked.

    Examples
    --------
    >>> import tabletop_nb as tt
    >>> from tabletop_nb.widgets import GameApp
    >>> app = GameApp(tt.load_game("pacal", players=2), seats=["greedy", "greedy"], seed=1)
    >>> app.analysis_panel.start()      # the game is not over yet: a message, no thread
    False
    >>> "finish the game" in app.analysis_panel.note.value
    True
    """

    def __init__(self, app: Any, quick: bool = True):
        self.app = app
        self.analysis: Any = None
        self.chart: Any = None
        self.error: str = ""
        self._thread: threading.Thread | None = None
        self._stop = threading.Event()
        lay = W.Layout
        self.button = W.Button(description="Analyse this game", icon="line-chart",
                               tooltip="each decision's cost and each roll's luck, from rollouts",
                               layout=lay(width="auto"))
        self.button.on_click(lambda b: self.start())
        self.quick = W.Checkbox(value=quick, description="quick", indent=False,
                                tooltip="the classroom setting: seconds, rougher numbers",
                                layout=lay(width="auto"))
        self.stop_button = W.Button(description="stop", icon="stop", disabled=True,
                                    layout=lay(width="auto"))
        self.stop_button.on_click(lambda b: self.stop())
        self.progress = W.IntProgress(value=0, min=0, max=100, description="",
                                      layout=lay(width="160px", display="none"))
        self.note = W.HTML("")
        self.chart_box = W.Box(layout=lay(width="100%"))
        self.box = W.VBox([W.HBox([self.button, self.quick, self.stop_button, self.progress],
                                  layout=lay(align_items="center", flex_flow="row wrap")),
                           self.note, self.chart_box],
                          layout=lay(width="100%", margin="8px 0 0 0"))
        self.box.add_class("tabletop-analysis")

    # ------------------------------------------------------------------ running
    @property
    def running(self) -> bool:
        """True while an analysis runs."""
        return self._thread is not None and self._thread.is_alive()

    def start(self) -> bool:
        """Analyse the app's game in the background; False (with a message) if it cannot.

        Returns
        -------
        bool
            True when the analysis started.
        """
        if self.running:
            self._say("an analysis is already running: wait for it or press stop")
            return False
        try:
            record = self.app.record()
        except Exception as e:  # a record that cannot be made is said, never raised
            self._say(f"this game cannot be analysed: {e}")
            return False
        if not record.ended:
            self._say("finish the game first (or open a finished record): the analysis "
                      "judges a whole game")
            return False
        game = self.app.session.game
        quick = bool(self.quick.value)
        self._stop.clear()
        self.error = ""
        self.progress.value = 0
        self.progress.layout.display = ""
        self.button.disabled = True
        self.stop_button.disabled = False
        self._say("analysing: each decision against its alternatives, each roll against "
                  "the rolls it could have been")
        self._thread = threading.Thread(target=self._work, args=(game, record, quick),
                                        name="tabletop-analysis", daemon=True)
        self._thread.start()
        return True

    def stop(self) -> None:
        """Stop a running analysis (it stops at its next estimate)."""
        self._stop.set()

    def wait(self, timeout: float | None = None) -> bool:
        """Wait for the analysis to finish (for tests and scripts); True if it did."""
        if self._thread is not None:
            self._thread.join(timeout)
        return not self.running

    def _progress(self, done: int, total: int) -> None:
        if self._stop.is_set():
            raise _Stopped
        pct = (100 * done) // max(1, total)
        if pct >= self.progress.value + 2 or done == total:  # a few dozen updates in all
            self.progress.value = pct

    def _work(self, game, record, quick: bool) -> None:
        from ..lab.analyse import analyse
        try:
            # serial: a process pool forked from a kernel's thread is not safe
            a = analyse(game, record, quick=quick, executor="serial", progress=self._progress)
        except _Stopped:
            self._say("stopped: press the button to analyse again")
        except Exception as e:  # shown in the app, never a traceback
            self.error = str(e)
            self._say(f"the analysis failed: {e}", "error")
        else:
            self.analysis = a
            self._show(a)
        finally:
            self.button.disabled = False
            self.stop_button.disabled = True
            self.progress.layout.display = "none"

    # ------------------------------------------------------------------ showing
    def _show(self, a) -> None:
        from ..viz.luck import luck_chart
        from ._board import BoardWidget
        chart = BoardWidget(luck_chart(a, height=380))
        for trace in chart.data:
            trace.on_click(self._clicked)
        self.chart = chart
        self.chart_box.children = [chart]
        lines = "".join(f"<li>{html.escape(s.verdict)}</li>" for s in a.seats)
        st = a.settings
        self._say(f"<ul style='margin:2px 0'>{lines}</ul><small>{st['rollouts']} rollouts by "
                  f"{html.escape(str(st['bot']))} per estimate. Click a point to see that "
                  f"position.</small>", raw=True)

    def _clicked(self, trace, points, state) -> None:
        if points.point_inds:
            self.goto(int(trace.customdata[points.point_inds[0]]))

    def goto(self, index: int) -> bool:
        """Show the position after ``index`` actions on the app's board (a chart click)."""
        return bool(self.app.goto(index))

    def _say(self, text: str, kind: str = "info", raw: bool = False) -> None:
        body = text if raw else html.escape(text)
        colour = "#b00020" if kind == "error" else "inherit"
        self.note.value = f"<div style='color:{colour}'>{body}</div>"
