"""The classroom app: the dice lesson served by Voila (code hidden) opens in Chromium,
shows its charts and widgets, and answers a click."""
from pathlib import Path

import pytest

from harness import chromium_page, voila

pytestmark = pytest.mark.browser

NOTEBOOKS = Path(__file__).resolve().parents[2] / "notebooks"


@pytest.mark.timeout(300)
def test_voila_lesson_opens_and_responds_to_a_click():
    with voila(NOTEBOOKS, "dice_odds.ipynb") as app, chromium_page() as page:
        page.goto(app.page_url("/"), timeout=120_000)
        buttons = page.get_by_role("button", name="Show answer")
        buttons.first.wait_for(timeout=120_000)
        assert buttons.count() >= 5  # one per exercise
        code = page.get_by_text("steady_and_resource = Die.joint", exact=False)
        assert code.count() == 0 or not code.first.is_visible()  # the code is hidden
        page.wait_for_function("document.querySelectorAll('.js-plotly-plot svg.main-svg').length >= 5",
                               timeout=60_000)
        answer = page.get_by_text("3/6 = 1/2")
        assert not answer.is_visible()
        buttons.first.click()
        answer.wait_for(state="visible", timeout=15_000)
        assert page.get_by_role("button", name="Hide answer").count() == 1
        # the dice lab answers too: a roll button changes the "last roll" text
        assert page.locator(".tabletop-roll").count() == 0
        page.locator("button[title='roll 10']").click()
        page.locator(".tabletop-roll", has_text="last roll").first.wait_for(timeout=15_000)
