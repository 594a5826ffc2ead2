"""The classroom app: the dice lesson served by Voila (code hidden) opens in Chromium,
shows its charts and widgets, answers a click, and reads as math: no raw ``Fraction(``,
no traceback, and no console error from this project's code.

A screenshot of the whole page is kept in ``tmp/artifacts/voila_dice_odds.png``
(git-ignored) to look at.
"""
from pathlib import Path

import pytest

from harness import chromium_page, voila

pytestmark = pytest.mark.browser

ROOT = Path(__file__).resolve().parents[2]
NOTEBOOKS = ROOT / "notebooks"
ARTIFACTS = ROOT / "tmp" / "artifacts"


@pytest.mark.timeout(300)
def test_voila_lesson_opens_and_responds_to_a_click():
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    with voila(NOTEBOOKS, "dice_odds.ipynb") as app, chromium_page() as page:
        console = []
        page.on("console", lambda m: console.append((m.type, m.text)))
        page.on("pageerror", lambda e: console.append(("pageerror", f"{e}\n{e.stack or ''}")))
        page.goto(app.page_url("/"), timeout=120_000)
        buttons = page.get_by_role("button", name="Show answer")
        buttons.first.wait_for(timeout=120_000)
        assert buttons.count() >= 5  # one per exercise
        code = page.get_by_text("steady_and_resource = Die.joint", exact=False)
        assert code.count() == 0 or not code.first.is_visible()  # the code is hidden
        page.wait_for_function("document.querySelectorAll('.js-plotly-plot svg.main-svg').length >= 5",
                               timeout=60_000)
        # teaching values read as math: the dice tables are there, no raw Python values
        text = page.inner_text("body")
        assert "Fraction(" not in text
        assert "Traceback" not in text and "Error" not in text.replace("Error bars", "")
        assert page.locator(".tabletop-die").count() >= 3    # Die tables (exact a/b, %)
        assert page.locator(".tabletop-table").count() >= 2  # the dice, the reach table
        assert "16.7%" in text and "1/6" in text
        answer = page.get_by_text("3/6 = 1/2")
        assert not answer.is_visible()
        buttons.first.click()
        answer.wait_for(state="visible", timeout=15_000)
        assert page.get_by_role("button", name="Hide answer").count() == 1
        # the dice lab answers too: a roll button changes the "last roll" text
        assert page.locator(".tabletop-roll").count() == 0
        page.locator("button[title='roll 10']").click()
        page.locator(".tabletop-roll", has_text="last roll").first.wait_for(timeout=15_000)
        page.wait_for_timeout(500)
        # Voila scrolls an inner panel, not the page: make the window as tall as the lesson
        tall = page.evaluate("Math.max(...[...document.querySelectorAll('*')].map(e => e.scrollHeight))")
        page.set_viewport_size({"width": 1400, "height": min(int(tall) + 40, 16000)})
        page.wait_for_timeout(800)
        page.screenshot(path=str(ARTIFACTS / "voila_dice_odds.png"), full_page=True)
        (ARTIFACTS / "voila_dice_odds_console.txt").write_text(
            "\n".join(f"{kind}: {msg}" for kind, msg in console))
        # errors must come from a library, never from this project: the only page errors
        # seen are jupyterlab-plotly's mime renderer calling model.setData (to keep a PNG of
        # each static figure), which Voila's output models do not have; see the note below
        errors = [m for kind, m in console if kind == "pageerror"]
        ours = [m for m in errors if "tabletop" in m.lower() and "labextensions/jupyterlab-plotly" not in m]
        assert not ours, ours
        assert all("setData" in m and "jupyterlab-plotly" in m for m in errors), errors
