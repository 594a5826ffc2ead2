"""The classroom app as a student uses it, in Chromium at 1366x768 (issue 38): an exercise
answered wrong (a hint), then right; the dice lab after 1 roll and after 1,000 rolls (the
y axis at most 1.2 x the largest share shown, near the exact odds' range after 1,000); no
teacher's note on the page. Screenshots go to tmp/artifacts/ (git-ignored) to look at.
"""
from __future__ import annotations

from pathlib import Path

import pytest

from harness import chromium_page, voila

pytestmark = pytest.mark.browser

ROOT = Path(__file__).resolve().parents[2]
ARTIFACTS = ROOT / "tmp" / "artifacts"


def _axis_top(page, index: int) -> float:
    """The y range's top of the dice lab's odds chart (its live plotly figure)."""
    return page.evaluate("""(i) => {
        const el = document.querySelectorAll('.tabletop-odds-chart .js-plotly-plot')[i];
        return el._fullLayout.yaxis.range[1]; }""", index)


def _shares(page, index: int) -> tuple[list[float], list[float]]:
    """The exact probabilities (bars) and the simulated shares (markers) on show."""
    return tuple(page.evaluate("""(i) => {
        const el = document.querySelectorAll('.tabletop-odds-chart .js-plotly-plot')[i];
        return [Array.from(el.data[0].y), Array.from(el.data[1].y || [])]; }""", index))


@pytest.mark.timeout(300)
def test_a_student_answers_an_exercise_and_rolls_the_dice_lab():
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    with voila(ROOT / "notebooks", "dice_odds.ipynb") as app, chromium_page(1366, 768) as page:
        errors: list[str] = []
        page.on("pageerror", lambda e: errors.append(str(e)))
        page.goto(app.page_url(app.home), timeout=120_000)
        box = page.locator(".tabletop-answer-box input").first
        box.wait_for(timeout=120_000)
        assert page.get_by_text("For teachers").count() == 0  # the teacher's note is not sent
        # exercise 1: P(Speedy shows 5 or more) = 1/2
        box.fill("1/3")
        box.press("Enter")
        feedback = page.locator(".tabletop-feedback").first
        feedback.get_by_text("Not quite").wait_for(timeout=20_000)
        assert "Hint: Count the faces that show 5 or more." in feedback.inner_text()
        worked = page.locator(".tabletop-answer").first
        assert not worked.is_visible()
        box.fill("50%")
        page.get_by_role("button", name="Check").first.click()
        feedback.get_by_text("Right: 1/2 = 0.5 (50%)").wait_for(timeout=20_000)
        worked.wait_for(state="visible", timeout=10_000)
        assert "3/6 = 1/2 = 0.5 (50%)" in worked.inner_text()
        page.locator(".tabletop-exercise").first.scroll_into_view_if_needed()
        page.screenshot(path=str(ARTIFACTS / "classroom_exercise.png"))

        # the dice lab: 1 roll, then 1,000 more
        page.wait_for_function("document.querySelectorAll('.tabletop-odds-chart .js-plotly-plot').length >= 1",
                               timeout=120_000)
        lab = page.locator(".tabletop-dicelab").first
        lab.scroll_into_view_if_needed()
        exact, sim = _shares(page, 0)
        assert _axis_top(page, 0) == pytest.approx(1.2 * max(exact), rel=1e-6) and sim == []
        lab.locator("button[title='roll 1']").click()
        lab.locator(".tabletop-roll", has_text="1 roll so far").wait_for(timeout=20_000)
        page.wait_for_function("""() => {
            const el = document.querySelector('.tabletop-odds-chart .js-plotly-plot');
            return el && (el.data[1].y || []).length > 0; }""", timeout=20_000)
        exact, sim = _shares(page, 0)
        assert max(sim) == 1.0 and _axis_top(page, 0) == pytest.approx(1.2, rel=1e-6)
        page.screenshot(path=str(ARTIFACTS / "classroom_dicelab_1_roll.png"))
        lab.locator("button[title='roll 1000']").click()
        lab.locator(".tabletop-roll", has_text="1,001 rolls so far").wait_for(timeout=30_000)
        page.wait_for_function("""() => {
            const el = document.querySelector('.tabletop-odds-chart .js-plotly-plot');
            return el && el._fullLayout.yaxis.range[1] < 1; }""", timeout=20_000)
        exact, sim = _shares(page, 0)
        top = _axis_top(page, 0)
        assert top == pytest.approx(1.2 * max(max(exact), max(sim)), rel=1e-6)
        assert top <= 1.2 * max(exact) * 1.25   # the exact odds' range, not 0-120%
        assert "simulated: 1,001 rolls" in page.locator(".tabletop-odds-chart").first.inner_text()
        page.screenshot(path=str(ARTIFACTS / "classroom_dicelab_1001_rolls.png"))
        assert not errors, errors
