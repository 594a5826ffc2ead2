"""Exercise: a question with its answer hidden behind a button (for lessons and Voila apps)."""
from __future__ import annotations

import ipywidgets as W

__all__ = ["Exercise"]


class Exercise:
    """A short exercise: the question is shown, the answer appears when asked for.

    Parameters
    ----------
    question : str
        HTML of the question.
    answer : str
        HTML of the answer (worked out, not just the number).

    Examples
    --------
    >>> ex = Exercise("What is P(6) on a fair die?", "1/6")
    >>> ex.revealed
    False
    >>> ex.button.click(); ex.revealed
    True
    """

    def __init__(self, question: str, answer: str):
        self.question = W.HTML(f"<b>Exercise.</b> {question}")
        self.answer = W.HTML(answer)
        self.answer.layout.display = "none"
        self.answer.add_class("tabletop-answer")
        self.button = W.Button(description="Show answer", icon="eye", button_style="info")
        self.button.on_click(self._toggle)
        self.widget = W.VBox([self.question, self.button, self.answer],
                             layout=W.Layout(border="1px solid #ddd", padding="6px", margin="6px 0"))

    @property
    def revealed(self) -> bool:
        return self.answer.layout.display != "none"

    def _toggle(self, _=None) -> None:
        show = not self.revealed
        self.answer.layout.display = "" if show else "none"
        self.button.description = "Hide answer" if show else "Show answer"

    def _repr_mimebundle_(self, **kwargs):
        return self.widget._repr_mimebundle_(**kwargs)
