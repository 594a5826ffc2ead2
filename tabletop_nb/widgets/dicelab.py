"""DiceLab: a teaching widget for a game's real dice.

Pick one or more dice, read the exact odds (fractions on the bars), roll 1 / 10 / 1000
times with a seeded generator and watch the simulated bars approach the exact ones,
and ask "what is the probability that the total is at least k?" with a slider; a
second chart follows the running frequency of that event (the law of large numbers).
"""
from __future__ import annotations

import html
from fractions import Fraction
from typing import Any, Iterable, Mapping

import ipywidgets as W
import numpy as np

from ..core.dice import Die
from ..core.errors import TabletopError
from ..viz._common import fraction_text, outcome_label
from ._board import BoardWidget
from ._dice_faces import face_html
from .board_panel import refresh_figures
from ..viz.dice import (_numeric, as_dice, combine_dice, dice_odds, dice_odds_traces, dice_title,
                        event_probability, event_test, odds_axis_top, roll_dice, rolls_text,
                        running_frequency, running_frequency_traces)

__all__ = ["DiceLab", "MAX_PER_DIE"]

#: the most dice of one kind the lab rolls together (a count box refuses more)
MAX_PER_DIE = 12

_VIEW_WORDS = {"at_least": "at least", "at_most": "at most", "exactly": "exactly"}


def _named(dice) -> dict[str, Die]:
    if isinstance(dice, Die):
        dice = [dice]
    if isinstance(dice, Mapping):
        items = list(dice.items())
    else:
        items = [(d.name or f"die {i + 1}", d) for i, d in enumerate(as_dice(list(dice)))]
    out: dict[str, Die] = {}
    for name, d in items:
        if not isinstance(d, Die):
            raise TabletopError(f"DiceLab needs dice (Die objects), got {type(d).__name__} for {name!r}")
        key, n = str(name), 2
        while key in out:  # two dice with the same name stay apart
            key, n = f"{name} ({n})", n + 1
        out[key] = d
    if not out:
        raise TabletopError("DiceLab needs at least one die")
    return out


def _plain(v: Any) -> Any:
    return v.item() if isinstance(v, np.generic) else v


class DiceLab:
    """Exact odds and simulated rolls of a game's dice, side by side.

    Parameters
    ----------
    dice : dict name -> Die, list of Die, or one Die
        For example ``game.dice``.
    seed : int or None
        Seeds the rolls (the same seed rolls the same faces).
    pick : list of names, optional
        The dice picked at the start (a name may repeat: two of that die). Default:
        the first die.
    class_store : ClassRolls or "env", optional
        Class mode: each roll also goes to the class's pooled store
        (:class:`tabletop_nb.classroom.ClassRolls`) under this kernel's anonymous id.
        ``"env"`` uses the store named by ``TABLETOP_CLASS_DB`` when it is set (what the
        lesson passes, so ``make classroom`` turns class mode on).

    Examples
    --------
    >>> # doctest: +SKIP
    >>> lab = DiceLab(load_game("pebble_rock").dice, seed=1)
    >>> lab.pick("steady", "steady"); lab.roll(1000)
    >>> lab.set_event(7, "at_least"); lab.probability     # exact, a Fraction
    >>> lab.frequency                                      # among the rolls so far
    """

    def __init__(self, dice, seed: Any = None, *, pick: Iterable[str] | None = None,
                 class_store: Any = None):
        self.dice = _named(dice)
        self.rng = np.random.default_rng(seed)
        self._rolls: list = []
        self._faces: list = []
        self.message = ""
        names = list(self.dice)
        lay = W.Layout
        # plain IntText, checked in _on_counts: a bounded box would clamp 13 to 12 silently
        self.count_boxes = {n: W.IntText(value=0, description=n,
                                         tooltip=self._faces_text(self.dice[n]),
                                         style={"description_width": "initial"},
                                         layout=lay(width="170px"))
                            for n in names}
        self._counts_shown = {n: 0 for n in names}
        for box in self.count_boxes.values():
            box.observe(self._on_counts, "value")
        self.faces_box = W.HTML()
        self.roll_buttons = {}
        for n in (1, 10, 1000):
            b = W.Button(description=f"roll {n}", icon="cube")
            b.on_click(lambda btn, n=n: self._press(lambda: self.roll(n)))
            self.roll_buttons[n] = b
        self.reset_button = W.Button(description="clear rolls", icon="eraser")
        self.reset_button.on_click(lambda b: self._press(self.clear))
        self.view_toggle = W.ToggleButtons(options=[("≥ at least", "at_least"), ("≤ at most", "at_most"),
                                                    ("= exactly", "exactly")], value="at_least",
                                           style={"button_width": "90px"})
        self.view_toggle.observe(lambda ch: self._press(self._update_event), "value")
        self.k_slider = W.SelectionSlider(options=[("?", 0)], description="k",
                                          continuous_update=True, layout=lay(width="420px"))
        self.k_slider.observe(lambda ch: self._press(self._update_event), "value")
        self.answer = W.HTML()
        self.answer.add_class("tabletop-event")
        self.last_roll = W.HTML()
        self.on_roll: list = []  # callbacks(names, outcomes) after each roll (class mode)
        self.message_box = W.HTML()
        self.odds_chart = BoardWidget()
        self.lln_chart = BoardWidget()
        # each chart in a box that can be hidden (a FigureWidget's .layout is plotly's)
        self.odds_box = W.Box([self.odds_chart])
        self.lln_box = W.Box([self.lln_chart])
        self.odds_box.add_class("tabletop-odds-chart")
        self.lln_box.add_class("tabletop-lln-chart")
        self._syncing = False
        self.widget = W.VBox([
            W.HTML("<b>Dice lab</b>: pick dice, read the exact odds, roll and compare"),
            W.HBox(list(self.count_boxes.values()), layout=lay(flex_flow="row wrap")),
            self.faces_box,
            W.HBox(list(self.roll_buttons.values()) + [self.reset_button, self.last_roll]),
            self.message_box, self.odds_box,
            W.HBox([self.view_toggle]), self.k_slider, self.answer, self.lln_box])
        self.widget.add_class("tabletop-dicelab")
        self.class_store = None
        if class_store is not None:
            from .. import classroom
            self.class_store = classroom.class_store() if class_store == "env" else class_store
            if self.class_store is not None:
                store, me = self.class_store, classroom.student_id()
                self.on_roll.append(lambda picked, outs: store.add(me, picked, outs))
                self.widget.children = (*self.widget.children, W.HTML(
                    "<small>Class mode: your rolls also join the class's pooled rolls "
                    "(anonymously).</small>"))
        first = list(pick) if pick is not None else [names[0]]
        self.pick(*first)

    # ------------------------------------------------------------- picking ----
    @staticmethod
    def _faces_text(d: Die) -> str:
        if d.faces is not None:
            return "faces: " + ", ".join(outcome_label(f) for f in d.faces)
        return "outcomes: " + ", ".join(outcome_label(o) for o in d.outcomes)

    @property
    def picked(self) -> list[str]:
        """The names of the picked dice, one entry per die rolled."""
        return [n for n, b in self.count_boxes.items() for _ in range(b.value)]

    @property
    def picked_dice(self) -> list[Die]:
        return [self.dice[n] for n in self.picked]

    def pick(self, *names: str) -> None:
        """Pick the dice to roll together (repeat a name for two of that die); clears the rolls.

        >>> # doctest: +SKIP
        >>> lab.pick("d6", "d6")
        """
        if len(names) == 1 and isinstance(names[0], (list, tuple)):
            names = tuple(names[0])
        unknown = [n for n in names if n not in self.dice]
        if unknown:
            raise TabletopError(f"no die called {unknown[0]!r}; the dice are: {', '.join(self.dice)}")
        if not names:
            raise TabletopError("pick at least one die")
        too_many = [n for n in dict.fromkeys(names) if names.count(n) > MAX_PER_DIE]
        if too_many:
            raise TabletopError(f"at most {MAX_PER_DIE} dice of one kind, got {names.count(too_many[0])} "
                                f"x {too_many[0]}")
        self._set_counts({n: sum(1 for x in names if x == n) for n in self.count_boxes})
        self._on_pick()

    def _set_counts(self, counts: Mapping[str, int]) -> None:
        self._syncing = True
        try:
            for n, box in self.count_boxes.items():
                box.value = counts[n]
                self._counts_shown[n] = counts[n]
        finally:
            self._syncing = False

    def _on_counts(self, change) -> None:
        if self._syncing:
            return
        box = change["owner"]
        name = next(n for n, b in self.count_boxes.items() if b is box)
        new, old = change["new"], self._counts_shown[name]
        if not isinstance(new, int) or new < 0 or new > MAX_PER_DIE:
            # say so and put the count back: a silent clamp would roll dice nobody asked for
            self._set_counts(self._counts_shown)
            self._say(f"{name}: {new} is not a number of dice the lab can roll (0 to {MAX_PER_DIE}); "
                      f"the count stays at {old}.")
            return
        self._counts_shown[name] = new
        self._press(self._on_pick)

    def _on_pick(self) -> None:
        self._rolls, self._faces = [], []
        self.last_roll.value = ""
        if not self.picked:
            # nothing to show: no old chart or answer left standing beside the warning
            self.faces_box.value = self.answer.value = ""
            self.odds_chart.layout.title.text = ""
            self.odds_chart.data = ()
            self.lln_chart.data = ()
            self._show_charts(odds=False, lln=False)
            self._say("No dice are picked: set a count above 0 to choose the dice to roll.")
            return
        self._say("")
        die = self.combined
        self.faces_box.value = "<br>".join(
            f"{html.escape(n)}: {html.escape(self._faces_text(self.dice[n]))}" for n in dict.fromkeys(self.picked))
        numeric = _numeric([die])
        self._syncing = True
        try:
            self.view_toggle.disabled = not numeric
            if not numeric:
                self.view_toggle.value = "exactly"
            opts = [(outcome_label(o), i) for i, o in enumerate(die.outcomes)]
            self.k_slider.options = opts
            # start at the middle outcome: an event that is neither sure nor impossible
            self.k_slider.value = len(opts) // 2
            self.k_slider.description = "total k" if numeric and len(self.picked) > 1 else "k"
        finally:
            self._syncing = False
        fig = dice_odds(self.picked_dice, title=f"Odds of {dice_title(self.picked_dice)}")
        self.odds_chart.data = ()
        self.odds_chart.layout = fig.layout
        for t in dice_odds_traces(self.picked_dice, None):
            self.odds_chart.add_trace(t)
        lfig = running_frequency(self.picked_dice, self.k, [], view=self.view)
        self.lln_chart.data = ()
        self.lln_chart.layout = lfig.layout
        for t in running_frequency_traces(self.picked_dice, self.k, None, self.view):
            self.lln_chart.add_trace(t)
        # the running share has nothing to draw before the first roll: no empty log axis
        self._show_charts(odds=True, lln=False)
        self._update_event()

    def _show_charts(self, odds: bool, lln: bool) -> None:
        self.odds_box.layout.display = "" if odds else "none"
        self.lln_box.layout.display = "" if lln else "none"

    @property
    def charts_shown(self) -> tuple[bool, bool]:
        """Whether the odds chart and the running-frequency chart are showing."""
        return self.odds_box.layout.display != "none", self.lln_box.layout.display != "none"

    @property
    def combined(self) -> Die:
        """The picked dice as one die (their total, or the joint faces for symbols)."""
        if not self.picked:
            raise TabletopError("no dice are picked")
        return combine_dice(self.picked_dice)

    @property
    def exact(self) -> dict:
        """Exact probability of each outcome (Fractions)."""
        return dict(self.combined.pmf)

    # -------------------------------------------------------------- events ----
    @property
    def view(self) -> str:
        return self.view_toggle.value

    @property
    def k(self) -> Any:
        return self.combined.outcomes[self.k_slider.value]

    def set_event(self, k: Any, view: str | None = None) -> None:
        """Ask about "total at least k" (``view="at_least"``), "at most k" or "exactly k"."""
        die = self.combined
        if view is not None:
            if view not in _VIEW_WORDS:
                raise TabletopError(f"view must be one of {list(_VIEW_WORDS)}, got {view!r}")
            if view != "exactly" and not _numeric([die]):
                raise TabletopError("at least / at most need numeric dice")
        if k not in die.outcomes:
            raise TabletopError(f"{k!r} is not an outcome; the outcomes are "
                                f"{[outcome_label(o) for o in die.outcomes]}")
        self._syncing = True
        try:
            if view is not None:
                self.view_toggle.value = view
            self.k_slider.value = die.outcomes.index(k)
        finally:
            self._syncing = False
        self._update_event()

    @property
    def probability(self) -> Fraction:
        """The exact probability of the event on the slider."""
        return event_probability(self.picked_dice, self.k, self.view)

    @property
    def frequency(self) -> float | None:
        """How often the event happened in the rolls so far (None before any roll)."""
        if not self._rolls:
            return None
        test = event_test(self.k, self.view)
        return sum(1 for v in self._rolls if test(v)) / len(self._rolls)

    def _update_event(self) -> None:
        if self._syncing or not self.picked:
            return
        p = self.probability
        word = "total" if len(self.picked) > 1 and _numeric([self.combined]) else "roll"
        freq = self.frequency
        seen = (f"; in your {rolls_text(len(self._rolls))}: <b>{freq:.3f}</b>" if freq is not None
                else "; roll the dice to compare")
        self.answer.value = (f"P({word} {_VIEW_WORDS[self.view]} {html.escape(outcome_label(self.k))}) = "
                             f"<b>{fraction_text(p)}</b> ≈ {float(p):.4f}{seen}")
        self._draw_lln()

    # ------------------------------------------------------------- rolling ----
    @property
    def rolls(self) -> list:
        """Every outcome rolled since the dice were picked, in order."""
        return list(self._rolls)

    @property
    def counts(self) -> dict:
        """How many times each outcome came up."""
        out = {o: 0 for o in self.combined.outcomes}
        for v in self._rolls:
            out[v] = out.get(v, 0) + 1
        return out

    @property
    def frequencies(self) -> dict:
        """Relative frequency of each outcome among the rolls so far."""
        n = len(self._rolls)
        return {o: (c / n if n else 0.0) for o, c in self.counts.items()}

    def roll(self, n: int = 1) -> list:
        """Roll the picked dice ``n`` times with the seeded generator; returns the outcomes."""
        if not self.picked:
            raise TabletopError("pick at least one die first")
        if isinstance(n, bool) or not isinstance(n, (int, np.integer)) or n < 1:
            raise TabletopError(f"roll needs a whole number of rolls >= 1, got {n!r}")
        outs, faces = roll_dice(self.picked_dice, int(n), self.rng)
        new = [_plain(v) for v in outs]
        self._rolls.extend(new)
        last = [_plain(f[-1]) for f in faces]
        self._faces.append(last)
        if _numeric(self.picked_dice):
            dice_txt = " + ".join(outcome_label(f) for f in last)
            if len(last) > 1:
                dice_txt += f" = {outcome_label(new[-1])}"
        else:
            dice_txt = ", ".join(outcome_label(f) for f in last)
        pictures = "".join(face_html(d, f, size=26) for d, f in zip(self.picked_dice, last)) \
            if len(last) <= 6 else ""
        self.last_roll.value = (f"<span class='tabletop-roll'>last roll: {pictures} <b>{html.escape(dice_txt)}</b>"
                                f"; {rolls_text(len(self._rolls))} so far</span>")
        self._draw_odds()
        self._show_charts(odds=True, lln=True)
        self._update_event()
        for callback in self.on_roll:
            try:
                callback(self.picked, new)
            except Exception as e:  # noqa: BLE001  (the class's store is down: the lab still works)
                self._say(f"your rolls could not join the class's rolls ({e})")
        return new

    def clear(self) -> None:
        """Forget the rolls (the exact odds stay)."""
        self._rolls, self._faces = [], []
        self.last_roll.value = ""
        if not self.picked:
            return
        self._draw_odds()
        self._show_charts(odds=True, lln=False)
        self._update_event()

    # ------------------------------------------------------------- drawing ----
    def _draw_odds(self) -> None:
        traces = dice_odds_traces(self.picked_dice, self._rolls)
        with self.odds_chart.batch_update():
            sim, labels = self.odds_chart.data[1], self.odds_chart.data[2]
            sim.x, sim.y, sim.name = traces[1]["x"], traces[1]["y"], traces[1]["name"]
            labels.y = traces[2]["y"]  # the fractions ride above a taller simulated share
            # the axis follows what is shown now, shrinking too: after 1 roll one face is
            # 100%, after 1,000 the shares are near the exact odds again
            self.odds_chart.layout.yaxis.range = [0, odds_axis_top(self.picked_dice, self._rolls)]

    def _draw_lln(self) -> None:
        traces = running_frequency_traces(self.picked_dice, self.k, self._rolls, self.view)
        with self.lln_chart.batch_update():
            for tr, t in zip(self.lln_chart.data, traces):
                tr.x, tr.y, tr.name = t["x"], t["y"], t["name"]
            self.lln_chart.layout.title.text = (
                f"Running frequency of {_VIEW_WORDS[self.view]} {outcome_label(self.k)} "
                f"(exact {fraction_text(self.probability)})")

    # -------------------------------------------------------------- errors ----
    def _say(self, text: str) -> None:
        self.message = text
        self.message_box.value = f"<span style='color:#b00020'>{html.escape(text)}</span>" if text else ""

    def _press(self, fn) -> Any:
        try:
            return fn()
        except Exception as e:  # noqa: BLE001  (no traceback in the page)
            self._say(f"{e}")
            return None

    def _repr_mimebundle_(self, **kwargs):
        refresh_figures(self.odds_chart, self.lln_chart)
        return self.widget._repr_mimebundle_(**kwargs)
