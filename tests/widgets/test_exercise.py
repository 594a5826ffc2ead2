"""Exercises students answer: the checking (tabletop_nb.answers, no widgets) and the widget.

Answers are checked against exact values from the engine's dice; fractions exactly,
decimals and percents within the stated tolerance; bad input gets a message, no exception.
"""
from __future__ import annotations

from fractions import Fraction

import pytest

import tabletop_nb as tt
from tabletop_nb.answers import (TOLERANCE, AnswerError, Attempts, check_answer, exact_answer,
                                 fraction_words, parse_answer)
from tabletop_nb.widgets.exercise import Exercise, teacher_mode

FIVE_NINTHS = Fraction(5, 9)


@pytest.mark.parametrize("text, value, form", [
    ("5/9", Fraction(5, 9), "fraction"), (" 10 / 18 ", Fraction(5, 9), "fraction"),
    ("1", Fraction(1), "fraction"), ("0", Fraction(0), "fraction"),
    ("0.556", Fraction(556, 1000), "decimal"), (".5", Fraction(1, 2), "decimal"),
    ("0,5", Fraction(1, 2), "decimal"), ("55.6%", Fraction(556, 1000), "percent"),
    ("50 %", Fraction(1, 2), "percent"), ("1.5/3", Fraction(1, 2), "fraction"),
])
def test_parse_reads_fractions_decimals_and_percents(text, value, form):
    got = parse_answer(text)
    assert got.value == value and got.form == form


@pytest.mark.parametrize("text, words", [
    ("", "Type an answer first"), ("   ", "Type an answer first"), ("1/0", "0 below the line"),
    ("half", "is not a number"), ("5/9/2", "is not a number"), ("5//9", "is not a number"),
    ("1e3", "is not a number"), ("x" * 200, "..."),
])
def test_unreadable_answers_say_what_to_type(text, words):
    with pytest.raises(AnswerError, match=words.replace(".", r"\.")):
        parse_answer(text)
    fb = check_answer(text, FIVE_NINTHS)
    assert fb.kind == "unreadable" and words in fb.message
    assert "5/9" in fb.message or "0 below" in fb.message  # it says what a good answer looks like


def test_fractions_are_exact_and_equivalent_forms_are_right():
    assert check_answer("5/9", FIVE_NINTHS).correct
    assert check_answer("10/18", FIVE_NINTHS).correct
    assert not check_answer("56/100", FIVE_NINTHS).correct   # close, but a fraction is exact
    assert not check_answer("2/3", FIVE_NINTHS).correct      # the landing page's old slip


def test_decimals_and_percents_within_the_stated_tolerance():
    assert TOLERANCE == Fraction(1, 200)
    for ok in ("0.556", "0.555", "0.56", "55.6%", "55.56%", "0,556"):
        assert check_answer(ok, FIVE_NINTHS).correct, ok
    for bad in ("0.55", "0.57", "56.2%", "0.5"):
        assert not check_answer(bad, FIVE_NINTHS).correct, bad
    # the boundary: exactly 0.005 away is right, a hair more is not
    assert check_answer(str(float(FIVE_NINTHS - TOLERANCE))[:8], FIVE_NINTHS).correct is (
        abs(Fraction(str(float(FIVE_NINTHS - TOLERANCE))[:8]) - FIVE_NINTHS) <= TOLERANCE)
    assert check_answer("0.5", Fraction(1, 2)).correct  # an exact decimal is right too
    assert check_answer("0.1", Fraction(1, 10), tolerance=Fraction(0)).correct


def test_the_answer_must_be_exact_from_the_engine():
    speedy = tt.load_game("pebble_rock").dice["speedy"]
    assert exact_answer(speedy.at_least(5)) == Fraction(1, 2)
    for typed in (0.5, "1/2", True, None):
        with pytest.raises(TypeError, match="must be exact"):
            exact_answer(typed)
    with pytest.raises(TypeError):
        Exercise("?", 0.5)


def test_attempts_give_hints_then_the_worked_answer_after_three_wrong_tries():
    a = Attempts(Fraction(1, 3), hints=["Count the faces.", "Two faces of six."], tries=3)
    fb = a.submit("1/2")
    assert fb.kind == "wrong" and "Hint: Count the faces." in fb.message and not fb.reveal
    assert a.submit("1/2") is fb and a.wrong == 1        # the same answer twice is one try
    assert a.submit("nonsense").kind == "unreadable" and a.wrong == 1  # costs no try
    fb = a.submit("0.4")
    assert "Hint: Two faces of six." in fb.message and not fb.reveal
    fb = a.submit("3/2")
    assert fb.reveal and "between 0 and 1" in fb.message and "worked answer" in fb.message
    assert a.wrong == 3 and not a.solved
    fb = a.submit("2/6")
    assert fb.correct and a.solved and "1/3" in fb.message


def test_without_hints_it_says_how_many_tries_are_left():
    a = Attempts(Fraction(1, 3), tries=2)
    assert "1 try before the worked answer" in a.submit("1/2").message
    with pytest.raises(ValueError, match="tries"):
        Attempts(Fraction(1, 3), tries=0)


def test_fraction_words():
    assert fraction_words(Fraction(5, 9)) == "5/9 ≈ 0.556 (55.6%)"
    assert fraction_words(Fraction(1, 4)) == "1/4 = 0.25 (25%)"
    assert fraction_words(Fraction(1)) == "1 = 1 (100%)"
    assert fraction_words(Fraction(64, 729)) == "64/729 ≈ 0.088 (8.8%)"


# ------------------------------------------------------------------ the widget ----

def make(**kw):
    speedy = tt.load_game("pebble_rock").dice["speedy"]
    return Exercise("What is the chance that Speedy shows 5 or more?", speedy.at_least(5),
                    worked="Three faces of six: {answer}.", hints="Which faces show 5 or more?", **kw)


def test_widget_wrong_then_hint_then_right():
    ex = make()
    assert not ex.revealed and "within 0.005" in ex.rule.value and ex.attempts.tries == 3  # as the docs say
    ex.box.value = "1/3"          # what a student's Enter sends
    assert "Not quite" in ex.feedback.value and "Hint: Which faces" in ex.feedback.value
    assert not ex.revealed
    ex.check_button.click()       # the same answer again: still one wrong try
    assert ex.attempts.wrong == 1
    ex.box.value = "50%"
    ex.check_button.click()
    assert "Right: 1/2 = 0.5 (50%)" in ex.feedback.value and ex.revealed
    assert "<b>1/2 = 0.5 (50%)</b>" in ex.worked.value


def test_widget_bad_input_is_a_message_and_show_answer_on_request():
    ex = make()
    for bad in ("1/0", "abc", "<script>"):
        fb = ex.submit(bad)
        assert fb.kind == "unreadable" and "Traceback" not in ex.feedback.value
    assert "&lt;script&gt;" in ex.feedback.value  # shown as text, never as markup
    assert ex.attempts.wrong == 0
    ex.show_button.click()
    assert ex.revealed and ex.show_button.description == "Hide answer"
    ex.show_button.click()
    assert not ex.revealed


def test_widget_shows_the_worked_answer_after_three_wrong_tries():
    ex = make(tries=3)
    for wrong in ("1/6", "1/3", "2/3"):
        ex.submit(wrong)
    assert ex.revealed and "After 3 tries" in ex.feedback.value


def test_teacher_mode_shows_every_answer():
    a, b = make(), make()
    try:
        assert teacher_mode(True)
        assert a.revealed and b.revealed
        c = make()
        assert c.revealed  # made while teacher mode is on
    finally:
        teacher_mode(False)
    assert not a.revealed and not b.revealed
