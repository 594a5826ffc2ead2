"""GameApp in a real JupyterLab page (headless Chromium): press a legal action button,
click a place on the board, roll, autoplay, and see the board and the log change.

Uses the lead's harness (tests/browser/harness.py); the notebook is
tests/widgets/gameapp_in_lab.ipynb, run beside a copy of the toy game.
"""
from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from harness import cell_errors, chromium_page, jupyter_lab, run_all

pytestmark = pytest.mark.browser

HERE = Path(__file__).resolve().parent
NOTEBOOK = "gameapp_in_lab.ipynb"

BOARD = "document.querySelector('.tabletop-gameapp .tabletop-board .js-plotly-plot')"
LOG = "document.querySelector('.tabletop-gameapp .tabletop-log')"
APP = "document.querySelector('.tabletop-gameapp')"
TIMELINE = ".tabletop-gameapp .tabletop-timeline input[type=range]"


def _board(page) -> list:
    """The live figure data of the board in the page: x, y and text of every trace."""
    return page.evaluate(f"() => {BOARD}.data.map(t => [t.x, t.y, t.text])")


def _log(page) -> str:
    return page.evaluate(f"() => {LOG}.innerText")


def _wait_log(page, text: str) -> None:
    page.wait_for_function(f"(t) => {LOG} && {LOG}.innerText.includes(t)", arg=text, timeout=30_000)


def _wait_board_change(page, before: list) -> list:
    page.wait_for_function(
        f"(b) => JSON.stringify({BOARD}.data.map(t => [t.x, t.y, t.text])) !== b",
        arg=__import__("json").dumps(before, separators=(",", ":")), timeout=30_000)
    return _board(page)


def test_gameapp_buttons_and_board_clicks_in_jupyterlab(tmp_path):
    shutil.copy(HERE / NOTEBOOK, tmp_path / NOTEBOOK)
    shutil.copy(HERE.parent / "toygame.py", tmp_path / "toygame.py")
    with jupyter_lab(tmp_path) as lab, chromium_page() as page:
        run_all(page, lab, NOTEBOOK)
        assert cell_errors(page) == []
        page.wait_for_selector(".tabletop-gameapp .tabletop-board .js-plotly-plot svg.main-svg")
        assert "no actions yet" in _log(page)
        board0 = _board(page)
        assert board0[1][2] == ["Roll"]  # the generic board lists the human's legal action

        # 1. a legal action button
        page.get_by_role("button", name="Roll", exact=True).click()
        _wait_log(page, "1. Player 1 rolls")
        board1 = _wait_board_change(page, board0)
        assert "roll a 1  (1/6)" in board1[1][2]  # the board now lists the roll's outcomes

        # 2. the visible roll with the seeded dice
        page.locator(".tabletop-gameapp .tabletop-roll-button").click()
        _wait_log(page, "2. Player 1 rolled")
        board2 = _wait_board_change(page, board1)
        assert board2[1][2] == ["Roll", "Hold"]
        assert "last roll" in page.inner_text(".tabletop-gameapp")

        # 3. a click on a place of the board: the "Hold" point of the action list
        point = page.locator(".tabletop-board .js-plotly-plot .scatterlayer .trace").first \
            .locator("path.point").nth(1)
        point.scroll_into_view_if_needed()
        box = point.bounding_box()
        assert box is not None
        page.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
        page.mouse.click(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
        _wait_log(page, "3. Player 1 banked")
        board3 = _wait_board_change(page, board2)
        assert board3[0][1][0] > 0  # Player 1's score bar grew

        # 4. autoplay: the bot's whole turn runs on the kernel's event loop, then stops
        page.locator(".tabletop-gameapp .tabletop-autoplay-button").click()
        page.wait_for_function(
            "() => document.querySelector('.tabletop-status').innerText.includes('Your turn, Player 1')",
            timeout=60_000)
        assert "Player 2" in _log(page)

        # 5. the timeline: the page's slider shows the live position, and a person's move
        # on it (an input event: the only thing that makes the page send a position)
        # shows an earlier one; moving it back to the end plays on
        def move(value):
            page.evaluate("(v) => { const i = document.querySelector(arguments_sel); i.value = String(v);"
                          " i.dispatchEvent(new Event('input', {bubbles: true})); }"
                          .replace("arguments_sel", repr(TIMELINE)), value)
        # wait until autoplay has released the slider, not only until it shows the last
        # position: a move sent while autoplay still holds it carries an old seq and is dropped
        page.wait_for_function(f"() => {{ const i = document.querySelector({TIMELINE!r});"
                               " return !!i && +i.max > 3 && i.value === i.max && !i.disabled; }",
                               timeout=30_000)
        top = int(page.evaluate(f"() => document.querySelector({TIMELINE!r}).max"))
        move(1)
        page.wait_for_function(f"() => {APP}.innerText.includes('action 1 of {top} (reviewing)')",
                               timeout=30_000)
        move(top)
        page.wait_for_function(f"() => {APP}.innerText.includes('action {top} of {top}') && "
                               f"!{APP}.innerText.includes('reviewing')", timeout=30_000)
        assert page.locator(".tabletop-gameapp .tabletop-action").count() > 0
        assert cell_errors(page) == []


def test_widgets_tour_renders_in_jupyterlab(tmp_path):
    """notebooks/widgets_tour.ipynb in a real page: no cell error, no widget that failed
    to display, and every plotly figure drawn (apps, lab, viewer and charts).

    The ReplayViewer there is moved along its timeline before it is shown: its board
    failed to draw when GameApp updated traces with ``overwrite=True`` (plotly's front
    end then held ``marker: undefined``), so this is also that bug's regression test."""
    tour = HERE.parent.parent / "notebooks" / "widgets_tour.ipynb"
    shutil.copy(tour, tmp_path / tour.name)
    with jupyter_lab(tmp_path) as lab, chromium_page() as page:
        run_all(page, lab, tour.name)
        page.wait_for_selector(".tabletop-replay .js-plotly-plot svg.main-svg", timeout=60_000)
        assert cell_errors(page) == []
        # GameApp (board, scores), DiceLab (odds, running frequency), ReplayViewer (board,
        # scores) and the four charts of the last cells
        page.wait_for_function(
            "() => [...document.querySelectorAll('.jp-OutputArea .js-plotly-plot')]"
            ".filter(e => e.querySelector('svg.main-svg')).length >= 10", timeout=60_000)
        assert page.locator(".tabletop-gameapp .tabletop-action").count() > 0
        assert page.locator(".tabletop-dicelab").count() == 1
        assert page.locator(".tabletop-ruleseditor").count() == 1


def test_gameapp_in_voila(tmp_path):
    """The same notebook served as an app by Voila: a button and autoplay (an asyncio
    task on the kernel's loop) work there too."""
    from harness import voila

    shutil.copy(HERE / NOTEBOOK, tmp_path / NOTEBOOK)
    shutil.copy(HERE.parent / "toygame.py", tmp_path / "toygame.py")
    with voila(tmp_path, NOTEBOOK) as server, chromium_page() as page:
        page.goto(server.page_url("/"), timeout=90_000)
        page.wait_for_selector(".tabletop-gameapp .tabletop-board .js-plotly-plot svg.main-svg",
                               timeout=90_000)
        assert "no actions yet" in _log(page)
        page.get_by_role("button", name="Roll", exact=True).click()
        _wait_log(page, "1. Player 1 rolls")
        page.locator(".tabletop-gameapp .tabletop-roll-button").click()
        _wait_log(page, "2. Player 1 rolled")
        page.get_by_role("button", name="Hold", exact=True).click()
        _wait_log(page, "3. Player 1 banked")
        page.locator(".tabletop-gameapp .tabletop-autoplay-button").click()
        page.wait_for_function(
            "() => document.querySelector('.tabletop-status').innerText.includes('Your turn, Player 1')",
            timeout=60_000)
        assert "Player 2" in _log(page)
