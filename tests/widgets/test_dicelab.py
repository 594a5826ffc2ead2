"""DiceLab driven headless: picking dice, exact odds, seeded rolls, the event slider."""
from __future__ import annotations

from fractions import Fraction

import pytest

import tabletop_nb
from tabletop_nb import Die, TabletopError
from tabletop_nb.viz._common import outcome_label
from tabletop_nb.widgets import DiceLab

D6 = Die(range(1, 7), name="d6")
STEADY = Die([1, 1, 2, 2, 3, 4], name="steady")
FISH = Die(["fish", "blank", "blank"], name="fish")


def test_exact_bars_show_fractions_for_two_dice():
    lab = DiceLab({"d6": D6}, seed=1, pick=["d6", "d6"])
    assert lab.picked == ["d6", "d6"]
    exact = lab.odds_chart.data[0]
    assert list(exact.x) == [str(v) for v in range(2, 13)]
    assert list(exact.text) == ["1/36", "1/18", "1/12", "1/9", "5/36", "1/6",
                                "5/36", "1/9", "1/12", "1/18", "1/36"]
    assert lab.exact[7] == Fraction(1, 6)
    assert list(lab.odds_chart.data[1].y) == []  # nothing rolled yet


def test_roll_buttons_are_seeded_and_frequencies_approach_the_exact_odds():
    a = DiceLab([D6, STEADY], seed=42, pick=["d6", "steady"])
    b = DiceLab([D6, STEADY], seed=42, pick=["d6", "steady"])
    a.roll_buttons[1].click()
    a.roll_buttons[10].click()
    a.roll_buttons[1000].click()
    for n in (1, 10, 1000):
        b.roll(n)
    assert len(a.rolls) == 1011
    assert a.rolls == b.rolls  # the buttons roll the seeded stream, like roll(n)
    assert "last roll" in a.last_roll.value and "1,011 rolls so far" in a.last_roll.value
    for _ in range(20):
        a.roll(1000)
    exact = (D6 + STEADY).pmf
    freq = a.frequencies
    assert abs(sum(freq.values()) - 1) < 1e-12
    worst = max(abs(freq[o] - float(p)) for o, p in exact.items())
    assert worst < 0.01, worst  # 21011 rolls: the largest gap is a few thousandths
    sim = a.odds_chart.data[1]
    assert list(sim.x) == [outcome_label(o) for o in exact]
    assert sim.name == "simulated: 21,011 rolls"
    assert list(sim.y) == pytest.approx([freq[o] for o in exact])


def test_same_seed_same_rolls():
    a = DiceLab([D6], seed=5)
    b = DiceLab([D6], seed=5)
    assert a.roll(50) == b.roll(50)
    assert DiceLab([D6], seed=6).roll(50) != a.rolls


def test_probability_slider_and_running_frequency():
    lab = DiceLab({"d6": D6}, seed=3, pick=["d6", "d6"])
    lab.set_event(10, "at_least")
    assert lab.probability == Fraction(1, 6)
    assert "P(total at least 10) = <b>1/6</b>" in lab.answer.value
    lab.roll(500)
    hits = sum(1 for v in lab.rolls if v >= 10)
    assert lab.frequency == hits / 500
    run = lab.lln_chart.data[2]
    assert run.x[-1] == 500 and run.y[-1] == pytest.approx(hits / 500)
    assert list(lab.lln_chart.data[1].y) == [1 / 6, 1 / 6]
    # the slider and the toggle are the same controls a person moves
    lab.view_toggle.value = "at_most"
    lab.k_slider.value = lab.combined.outcomes.index(4)
    assert lab.k == 4 and lab.view == "at_most"
    assert lab.probability == Fraction(6, 36)
    assert lab.frequency == sum(1 for v in lab.rolls if v <= 4) / 500
    assert lab.lln_chart.data[2].y[-1] == pytest.approx(lab.frequency)


def test_symbol_dice_are_rolled_jointly_and_only_exact_events():
    lab = DiceLab({"fish": FISH, "d6": D6}, seed=1, pick=["fish", "d6"])
    assert lab.view == "exactly" and lab.view_toggle.disabled
    assert lab.exact[("fish", 6)] == Fraction(1, 18)
    lab.set_event(("fish", 6))
    assert lab.probability == Fraction(1, 18)
    lab.roll(30)
    assert all(isinstance(v, tuple) and v[0] in ("fish", "blank") for v in lab.rolls)
    with pytest.raises(TabletopError):
        lab.set_event(("fish", 6), "at_least")


def test_counts_boxes_pick_and_bad_input_shows_a_message():
    lab = DiceLab([D6, STEADY], seed=1)
    assert lab.picked == ["d6"]
    lab.count_boxes["steady"].value = 2
    assert lab.picked == ["d6", "steady", "steady"]
    assert lab.combined.pmf == (D6 + STEADY + STEADY).pmf
    for box in lab.count_boxes.values():
        box.value = 0
    assert "No dice are picked" in lab.message
    lab.roll_buttons[10].click()  # nothing picked: a message, no traceback
    assert "pick at least one die" in lab.message
    with pytest.raises(TabletopError, match="no die called"):
        lab.pick("d20")


def test_clear_forgets_the_rolls():
    lab = DiceLab([D6], seed=1)
    lab.roll(10)
    lab.reset_button.click()
    assert lab.rolls == [] and lab.frequency is None
    assert list(lab.odds_chart.data[1].y) == []


def test_the_real_dice_of_every_game(game_name):
    """Every die of every game opens in the lab with exact odds that sum to 1."""
    game = tabletop_nb.load_game(game_name)
    dice = game.dice
    if not dice:
        pytest.skip(f"{game_name} has no dice in its rules")
    lab = DiceLab(dice, seed=1)
    for name, die in dice.items():
        lab.pick(name)
        assert sum(lab.exact.values()) == 1
        assert list(lab.odds_chart.data[0].text) == [str(p) for p in die.pmf.values()]
        outs = lab.roll(200)
        assert all(o in die.pmf for o in outs)
        k = lab.k
        expected = die.prob(lambda v: v >= k) if lab.view == "at_least" else die.prob(k)
        assert lab.probability == expected
    first = next(iter(dice))
    lab.pick(first, first)  # two of the same die
    assert len(lab.roll(5)) == 5


# ------------------------------------------------- the charts read right (issue 38) ----

def test_the_y_axis_follows_what_is_shown_after_1_and_after_1000_rolls():
    lab = DiceLab({"d6": D6}, seed=2, pick=["d6", "d6"])
    top_exact = float(max(lab.exact.values()))           # 1/6, at a total of 7
    assert lab.odds_chart.layout.yaxis.range[1] == pytest.approx(1.2 * top_exact)
    lab.roll(1)                                           # one outcome is 100% of one roll
    assert lab.odds_chart.layout.yaxis.range[1] == pytest.approx(1.2)
    lab.roll(999)
    shown = max(max(lab.frequencies.values()), top_exact)
    top = lab.odds_chart.layout.yaxis.range[1]
    assert top == pytest.approx(1.2 * shown)              # it shrank back
    assert top <= 1.2 * top_exact * 1.25                  # near the exact odds' range, not 0-120%
    assert max(lab.odds_chart.data[2].y) <= top           # every label inside


def test_no_dice_picked_clears_the_charts_and_says_so():
    lab = DiceLab({"d6": D6, "steady": STEADY}, seed=1, pick=["d6", "d6"])
    lab.roll(1000)
    lab.set_event(8, "exactly")
    assert "in your 1,000 rolls" in lab.answer.value
    lab.count_boxes["d6"].value = 0
    assert lab.message == "No dice are picked: set a count above 0 to choose the dice to roll."
    assert lab.answer.value == "" and lab.last_roll.value == "" and lab.faces_box.value == ""
    assert lab.charts_shown == (False, False) and len(lab.odds_chart.data) == 0
    lab.count_boxes["steady"].value = 1
    assert lab.message == "" and lab.charts_shown == (True, False)


def test_words_read_right_one_roll_separators_and_no_empty_log_axis():
    lab = DiceLab({"d6": D6}, seed=1, pick=["d6"])
    assert lab.charts_shown == (True, False)              # no running share before a roll
    assert "roll the dice to compare" in lab.answer.value
    lab.roll(1)
    assert lab.odds_chart.data[1].name == "simulated: 1 roll"
    assert "1 roll so far" in lab.last_roll.value and "in your 1 roll:" in lab.answer.value
    assert lab.charts_shown == (True, True)
    lab.roll(1010)
    assert "1,011 rolls so far" in lab.last_roll.value
    lab.reset_button.click()
    assert lab.charts_shown == (True, False)


def test_symbol_dice_last_roll_names_the_faces_without_a_stray_separator():
    lab = DiceLab({"fish": FISH, "d6": D6}, seed=4, pick=["fish", "fish"])
    lab.roll(10)
    text = lab.last_roll.value
    assert "·" not in text.split("</svg>")[-1]             # faces, then the count: no dot chain
    assert "10 rolls so far" in text
    faces = text.split("<b>")[1].split("</b>")[0]
    assert all(f.strip() in ("fish", "blank") for f in faces.split(","))


def test_many_dice_get_a_short_title():
    lab = DiceLab({"fish": FISH, "d6": D6}, seed=1, pick=["fish"] * 4)
    assert lab.odds_chart.layout.title.text == "Odds of 4 x fish"
    lab.pick("d6", "d6", "d6")
    assert lab.odds_chart.layout.title.text == "Odds of 3 x d6"


@pytest.mark.parametrize("bad", [13, -1, 100])
def test_out_of_range_counts_give_a_message_not_a_silent_clamp(bad):
    lab = DiceLab({"d6": D6}, seed=1, pick=["d6", "d6"])
    lab.count_boxes["d6"].value = bad
    assert f"d6: {bad} is not a number of dice the lab can roll (0 to 12)" in lab.message
    assert lab.count_boxes["d6"].value == 2 and lab.picked == ["d6", "d6"]  # put back
    lab.count_boxes["d6"].value = 12                       # the largest count is fine
    assert lab.picked == ["d6"] * 12 and lab.message == ""
    with pytest.raises(TabletopError, match="at most 12 dice of one kind"):
        lab.pick(*["d6"] * 13)
