"""Exercise: a question a student answers in a box, checked exactly, with hints and the
worked answer (for lessons and the classroom app).

The checking is :mod:`tabletop_nb.answers` (no widgets); this module is its face.
"""
from __future__ import annotations

import html
import os
import weakref
from fractions import Fraction
from typing import Sequence

import ipywidgets as W

from ..answers import TOLERANCE, Attempts, Feedback, exact_answer, fraction_words

__all__ = ["Exercise", "teacher_mode"]

_LIVE: "weakref.WeakSet[Exercise]" = weakref.WeakSet()
_TEACHER = [os.environ.get("TABLETOP_TEACHER", "").strip().lower() in ("1", "true", "yes", "on")]
_COLOURS = {"right": "#1b7f3b", "wrong": "#b00020", "unreadable": "#8a5a00"}


def teacher_mode(on: bool | None = None) -> bool:
    """Show every exercise's worked answer (a teacher's copy of the lesson), or hide them again.

    Also on when the kernel starts with the environment variable ``TABLETOP_TEACHER=1``.

    Parameters
    ----------
    on : bool, optional
        Turn teacher mode on or off; omitted, only report it.

    Returns
    -------
    bool
        Whether teacher mode is on.

    Examples
    --------
    >>> ex = Exercise("P(6) on a fair die?", Fraction(1, 6), worked="One face of six: {answer}.")
    >>> teacher_mode(True); ex.revealed
    True
    True
    >>> teacher_mode(False); ex.revealed
    False
    False
    """
    if on is not None:
        _TEACHER[0] = bool(on)
        for ex in list(_LIVE):
            ex._show_worked(_TEACHER[0] or ex.attempts.solved or ex._given_up)
    return _TEACHER[0]


class Exercise:
    """A question with an answer box: a fraction, a decimal or a percent, checked against
    the exact answer; a hint after a wrong try, the worked answer after ``tries`` wrong ones
    or on request.

    Parameters
    ----------
    question : str
        HTML of the question.
    answer : Fraction
        The exact answer, computed by the engine (``speedy.at_least(5)``): never a number
        typed by hand (a float or a string is refused).
    worked : str
        HTML of the worked answer; ``{answer}`` is replaced by the answer as a fraction,
        decimal and percent.
    hints : str or sequence of str, optional
        One per wrong try, in order.
    tries : int, default 3
        Wrong tries before the worked answer shows by itself.
    tolerance : Fraction, default 0.005
        How far a decimal or percent may be from the exact answer.

    Examples
    --------
    >>> ex = Exercise("What is P(6) on a fair die?", Fraction(1, 6),
    ...               worked="One face of six: {answer}.", hints="How many faces show 6?")
    >>> ex.submit("1/5").kind
    'wrong'
    >>> ex.feedback.value
    "<span ...>Not quite. Hint: How many faces show 6?</span>"
    >>> ex.submit("2/12").kind, ex.revealed
    ('right', True)
    """

    def __init__(self, question: str, answer: Fraction, worked: str = "{answer}", *,
                 hints: str | Sequence[str] = (), tries: int = 3, tolerance: Fraction = TOLERANCE):
        self.answer = exact_answer(answer)
        self.attempts = Attempts(self.answer, hints=[hints] if isinstance(hints, str) else list(hints),
                                 tries=tries, tolerance=Fraction(tolerance))
        self._given_up = False
        self.question = W.HTML(f"<b>Exercise.</b> {question}")
        # the value arrives on Enter or when the box loses focus; the same answer sent again
        # (Enter, then a click on Check) is judged once (Attempts.submit)
        self.box = W.Text(placeholder="e.g. 5/9, 0.556 or 55.6%", description="Your answer",
                          continuous_update=False,
                          style={"description_width": "initial"}, layout=W.Layout(width="260px"))
        self.box.add_class("tabletop-answer-box")
        self.box.observe(lambda ch: self.submit(ch["new"]) if ch["new"].strip() else None, "value")
        self.check_button = W.Button(description="Check", icon="check", button_style="primary")
        self.check_button.on_click(lambda _: self.submit(self.box.value))
        self.show_button = W.Button(description="Show answer", icon="eye")
        self.show_button.on_click(lambda _: self.show_answer())
        self.rule = W.HTML(f"<small>{html.escape(self.attempts.rule)}</small>")
        self.feedback = W.HTML()
        self.feedback.add_class("tabletop-feedback")
        self.worked = W.HTML(worked.replace("{answer}", f"<b>{html.escape(fraction_words(self.answer))}</b>"))
        self.worked.add_class("tabletop-answer")
        self.worked.layout.display = "none"
        self.widget = W.VBox([self.question, W.HBox([self.box, self.check_button, self.show_button]),
                              self.rule, self.feedback, self.worked],
                             layout=W.Layout(border="1px solid #ddd", padding="6px", margin="6px 0"))
        self.widget.add_class("tabletop-exercise")
        _LIVE.add(self)
        if _TEACHER[0]:
            self._show_worked(True)

    @property
    def revealed(self) -> bool:
        """Whether the worked answer is showing."""
        return self.worked.layout.display != "none"

    def submit(self, text: str) -> Feedback:
        """Check an answer as if typed in the box; the page shows the feedback.

        Parameters
        ----------
        text : str
            The answer typed.

        Returns
        -------
        Feedback
            The verdict (``kind``, ``message``, ``reveal``).
        """
        try:
            fb = self.attempts.submit(text)
        except Exception as e:  # noqa: BLE001  (a student never sees a traceback)
            fb = Feedback("unreadable", f"That answer could not be checked ({e}).")
        colour = _COLOURS[fb.kind]
        self.feedback.value = f"<span style='color:{colour}'>{html.escape(fb.message)}</span>"
        if fb.reveal:
            self._given_up = self._given_up or not fb.correct
            self._show_worked(True)
        return fb

    def show_answer(self) -> None:
        """Show the worked answer (the student asked, or gave up)."""
        if not self.revealed:
            self._given_up = not self.attempts.solved
            self._show_worked(True)
        else:
            self._show_worked(_TEACHER[0])

    def _show_worked(self, show: bool) -> None:
        self.worked.layout.display = "" if show else "none"
        self.show_button.description = "Hide answer" if show else "Show answer"

    def _repr_mimebundle_(self, **kwargs):
        return self.widget._repr_mimebundle_(**kwargs)
