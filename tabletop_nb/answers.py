"""Checking a student's answer to a probability question (no widgets: the logic of
:class:`~tabletop_nb.widgets.exercise.Exercise`, tested on its own).

A student may type a fraction (``5/9``), a decimal (``0.556``) or a percent (``55.6%``).
A fraction (or a whole number) is checked exactly, so any equivalent form is right
(``10/18`` for ``5/9``); a decimal or a percent is right within a stated tolerance
(:data:`TOLERANCE`, 0.005 by default), because ``5/9`` has no exact decimal. Anything else
gets a friendly message saying what to type, never an exception the page would show.

Examples
--------
>>> from fractions import Fraction
>>> check_answer("10/18", Fraction(5, 9)).correct
True
>>> check_answer("55.6%", Fraction(5, 9)).correct
True
>>> print(check_answer("1/0", Fraction(5, 9)).message)
A fraction cannot have 0 below the line.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from fractions import Fraction
from numbers import Rational
from typing import Literal, Sequence

__all__ = ["TOLERANCE", "AnswerError", "Parsed", "Feedback", "parse_answer", "check_answer",
           "Attempts", "fraction_words", "exact_answer"]

#: how far a decimal or a percent may be from the exact answer and still be right
TOLERANCE = Fraction(5, 1000)

_HOW = "a fraction like 5/9, a decimal like 0.556 or a percent like 55.6%"
_NUMBER = r"[+-]?(?:\d+(?:[.,]\d*)?|[.,]\d+)"
_FRACTION = re.compile(rf"^\s*({_NUMBER})\s*/\s*({_NUMBER})\s*$")
_PERCENT = re.compile(rf"^\s*({_NUMBER})\s*%\s*$")
_PLAIN = re.compile(rf"^\s*({_NUMBER})\s*$")


class AnswerError(ValueError):
    """What a student typed is not a number we can read; the message says what to type.

    Parameters
    ----------
    message : str
        The friendly message.

    Examples
    --------
    >>> try:
    ...     parse_answer("half")
    ... except AnswerError as e:
    ...     print(e)
    'half' is not a number we can read. Type a fraction like 5/9, a decimal like 0.556 or a percent like 55.6%.
    """


@dataclass(frozen=True)
class Parsed:
    """A typed answer read as a number.

    Parameters
    ----------
    value : Fraction
        The number typed, exactly (``0.556`` is ``Fraction(139, 250)``).
    form : str
        ``"fraction"`` (also a whole number: checked exactly), ``"decimal"`` or ``"percent"``.

    Examples
    --------
    >>> parse_answer("1/2").exact, parse_answer("50%").exact
    (True, False)
    """
    value: Fraction
    form: Literal["fraction", "decimal", "percent"]

    @property
    def exact(self) -> bool:
        """Whether the answer is checked exactly (a fraction or a whole number)."""
        return self.form == "fraction"


def _number(text: str) -> Fraction:
    return Fraction(text.replace(",", "."))


def parse_answer(text: str) -> Parsed:
    """Read a fraction, a decimal or a percent.

    Parameters
    ----------
    text : str
        What the student typed (spaces and a decimal comma are fine).

    Returns
    -------
    Parsed
        The exact number typed and its form.

    Raises
    ------
    AnswerError
        Empty, not a number, or a fraction with 0 below the line; the message says what to
        type instead.

    Examples
    --------
    >>> parse_answer(" 5 / 9 ")
    Parsed(value=Fraction(5, 9), form='fraction')
    >>> parse_answer("55.6%").value
    Fraction(139, 250)
    >>> parse_answer("0,5").form
    'decimal'
    """
    if not isinstance(text, str) or not text.strip():
        raise AnswerError(f"Type an answer first: {_HOW}.")
    m = _FRACTION.match(text)
    if m:
        top, bottom = _number(m[1]), _number(m[2])
        if bottom == 0:
            raise AnswerError("A fraction cannot have 0 below the line.")
        return Parsed(top / bottom, "fraction")
    m = _PERCENT.match(text)
    if m:
        return Parsed(_number(m[1]) / 100, "percent")
    m = _PLAIN.match(text)
    if m:
        is_whole = re.fullmatch(r"\s*[+-]?\d+\s*", text) is not None
        return Parsed(_number(m[1]), "fraction" if is_whole else "decimal")
    shown = text.strip()
    if len(shown) > 30:
        shown = shown[:30] + "..."
    raise AnswerError(f"{shown!r} is not a number we can read. Type {_HOW}.")


def fraction_words(p: Fraction) -> str:
    """A probability as a person reads it: ``5/9 ≈ 0.556 (55.6%)``.

    Parameters
    ----------
    p : Fraction
        The probability.

    Returns
    -------
    str
        The fraction, the decimal and the percent.

    Examples
    --------
    >>> fraction_words(Fraction(1, 2))
    '1/2 = 0.5 (50%)'
    >>> fraction_words(Fraction(5, 9))
    '5/9 ≈ 0.556 (55.6%)'
    """
    p = Fraction(p)
    dec = f"{float(p):.3f}".rstrip("0").rstrip(".") or "0"
    pct = f"{float(p) * 100:.1f}".rstrip("0").rstrip(".")
    sign = "=" if Fraction(dec) == p else "≈"
    text = str(p) if p.denominator != 1 else str(p.numerator)
    return f"{text} {sign} {dec} ({pct}%)"


@dataclass(frozen=True)
class Feedback:
    """The verdict on one answer.

    Parameters
    ----------
    kind : str
        ``"right"``, ``"wrong"`` or ``"unreadable"`` (not a number: it costs no try).
    message : str
        What the student reads.
    reveal : bool
        Whether the worked answer should now be shown.

    Examples
    --------
    >>> check_answer("1/2", Fraction(1, 2))
    Feedback(kind='right', message='Right: 1/2 = 0.5 (50%).', reveal=True)
    """
    kind: Literal["right", "wrong", "unreadable"]
    message: str
    reveal: bool = False

    @property
    def correct(self) -> bool:
        """Whether the answer was right."""
        return self.kind == "right"


def exact_answer(answer: object) -> Fraction:
    """The exact answer an exercise is checked against: a Fraction or an int, as a ``Die``
    computes it (``speedy.at_least(5)``), never a float or a string typed by hand.

    Parameters
    ----------
    answer : Fraction or int
        The exact value.

    Returns
    -------
    Fraction

    Raises
    ------
    TypeError
        For a float, a string or anything not an exact rational number.

    Examples
    --------
    >>> exact_answer(Fraction(1, 2))
    Fraction(1, 2)
    """
    if isinstance(answer, bool) or not isinstance(answer, Rational):
        raise TypeError(f"an exercise's answer must be exact, as a Die computes it (for example "
                        f"speedy.at_least(5), a Fraction), not {type(answer).__name__} {answer!r}")
    return Fraction(answer)


def check_answer(text: str, expected: Fraction, tolerance: Fraction = TOLERANCE) -> Feedback:
    """Check one typed answer against the exact one (a single try: no hints).

    Parameters
    ----------
    text : str
        What the student typed.
    expected : Fraction
        The exact answer (from a ``Die``).
    tolerance : Fraction, default TOLERANCE
        How far a decimal or a percent may be (absolute, as a probability).

    Returns
    -------
    Feedback
        ``right`` / ``wrong`` / ``unreadable`` and a message.

    Examples
    --------
    >>> check_answer("0.556", Fraction(5, 9)).correct
    True
    >>> check_answer("0.55", Fraction(5, 9)).correct
    False
    >>> check_answer("2/3", Fraction(5, 9)).kind
    'wrong'
    """
    expected = exact_answer(expected)
    try:
        got = parse_answer(text)
    except AnswerError as e:
        return Feedback("unreadable", str(e))
    if got.exact:
        right = got.value == expected
    else:
        right = abs(got.value - expected) <= tolerance
    if right:
        return Feedback("right", f"Right: {fraction_words(expected)}.", reveal=True)
    return Feedback("wrong", "Not quite.")


@dataclass
class Attempts:
    """A student's tries at one exercise: hints after wrong answers, the worked answer after
    ``tries`` wrong ones (or on request).

    Parameters
    ----------
    expected : Fraction
        The exact answer, from a ``Die`` expression.
    hints : sequence of str
        Given one per wrong try, in order (the last repeats).
    tries : int, default 3
        Wrong tries before the worked answer is shown.
    tolerance : Fraction, default TOLERANCE
        For decimals and percents.

    Examples
    --------
    >>> a = Attempts(Fraction(1, 2), hints=["Count the faces that show 5 or more."])
    >>> a.submit("1/3").message
    'Not quite. Hint: Count the faces that show 5 or more.'
    >>> a.submit("3/6").kind
    'right'
    >>> a.wrong
    1
    """
    expected: Fraction
    hints: Sequence[str] = ()
    tries: int = 3
    tolerance: Fraction = TOLERANCE
    wrong: int = 0
    solved: bool = False
    history: list[tuple[str, Feedback]] = field(default_factory=list)

    def __post_init__(self) -> None:
        self.expected = exact_answer(self.expected)
        if isinstance(self.tries, bool) or not isinstance(self.tries, int) or self.tries < 1:
            raise ValueError(f"tries must be a whole number of at least 1, got {self.tries!r}")
        if isinstance(self.hints, str):
            self.hints = [self.hints]

    @property
    def rule(self) -> str:
        """How answers are checked, in words the student reads."""
        return (f"Type a fraction (checked exactly), a decimal or a percent (right within "
                f"{float(self.tolerance):g}, that is {float(self.tolerance) * 100:g} percentage points).")

    def submit(self, text: str) -> Feedback:
        """Check a typed answer; an unreadable one costs no try."""
        key = text.strip() if isinstance(text, str) else repr(text)
        if self.history and self.history[-1][0] == key:
            return self.history[-1][1]  # the same answer sent twice (Enter, then Check): one try
        if self.solved:
            return Feedback("right", f"Already solved: {fraction_words(self.expected)}.", reveal=True)
        fb = self._judge(text)
        if fb.kind != "unreadable":
            self.history.append((key, fb))
        return fb

    def _judge(self, text: str) -> Feedback:
        fb = check_answer(text, self.expected, self.tolerance)
        if fb.kind == "unreadable":
            return fb
        if fb.correct:
            self.solved = True
            return fb
        self.wrong += 1
        msg = "Not quite."
        got = parse_answer(text).value
        if got < 0 or got > 1:
            msg += " A probability lies between 0 and 1 (0% to 100%)."
        if self.wrong >= self.tries:
            return Feedback("wrong", f"{msg} After {self.wrong} tries, here is the worked answer.",
                            reveal=True)
        if self.hints:
            msg += " Hint: " + self.hints[min(self.wrong, len(self.hints)) - 1]
        left = self.tries - self.wrong
        if not self.hints:
            msg += f" Try again ({left} {'try' if left == 1 else 'tries'} before the worked answer)."
        return Feedback("wrong", msg)
