"""The classroom app: the dice lesson served by Voila (code hidden) opens in Chromium,
shows its charts and widgets, answers a click, and reads as math: no raw ``Fraction(``,
no traceback, no page error at all, and no request leaving 127.0.0.1 (a classroom may
be offline), both as ``make voila`` serves it and through Binder's ``voila/render`` link.

Two things used to break that, both fixed in the project's Voila set-up (voila.json at the
repository root, the template in share/jupyter/voila/templates/tabletop):

- jupyterlab-plotly's renderer calls ``model.setData`` after drawing a figure (to keep a
  PNG of it); Voila's default rendering hands renderers the bare output JSON, which has
  no ``setData``: one ``TypeError: r.setData is not a function`` per figure. Voila's
  progressive rendering renders outputs through real output models.
- Voila's lab template links Font Awesome from cdn.jsdelivr.net, though Voila's bundle
  already serves it; the tabletop template drops those links.

A screenshot of the whole page is kept in ``tmp/artifacts/voila_dice_odds*.png``
(git-ignored) to look at.
"""
from pathlib import Path
from urllib.parse import urlparse

import pytest

from harness import chromium_page, voila

pytestmark = pytest.mark.browser

ROOT = Path(__file__).resolve().parents[2]
NOTEBOOKS = ROOT / "notebooks"
ARTIFACTS = ROOT / "tmp" / "artifacts"


LOCAL_HOSTS = {"127.0.0.1", "localhost"}


def leaves_the_machine(url: str) -> bool:
    """Whether a request goes to another host (``blob:`` URLs are named by their origin;
    ``data:`` URLs go nowhere)."""
    if url.startswith("data:"):
        return False
    if url.startswith("blob:"):
        url = url[len("blob:"):]
    return urlparse(url).hostname not in LOCAL_HOSTS


def test_leaves_the_machine():
    assert leaves_the_machine("https://cdn.jsdelivr.net/npm/@fortawesome/fontawesome-free@^5/css/all.min.css")
    assert leaves_the_machine("blob:https://example.org/1234")
    assert not leaves_the_machine("http://127.0.0.1:8866/voila/static/voila.js")
    assert not leaves_the_machine("blob:http://127.0.0.1:8866/5e6c34df")
    assert not leaves_the_machine("data:image/png;base64,AAAA")


@pytest.mark.timeout(300)
@pytest.mark.parametrize("via", ["voila", "voila/render"])
def test_voila_lesson_opens_and_responds_to_a_click(via):
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    name = "voila_dice_odds" + ("" if via == "voila" else "_render")
    with voila(NOTEBOOKS, "dice_odds.ipynb", via=via) as app, chromium_page() as page:
        console, requests, failed = [], [], []
        page.on("console", lambda m: console.append((m.type, m.text)))
        page.on("pageerror", lambda e: console.append(("pageerror", f"{e}\n{e.stack or ''}")))
        page.on("request", lambda r: requests.append(r.url))
        page.on("requestfailed", lambda r: failed.append(f"{r.url}: {r.failure}"))
        page.goto(app.page_url(app.home), timeout=120_000)
        buttons = page.get_by_role("button", name="Show answer")
        buttons.first.wait_for(timeout=120_000)
        # progressive rendering shows each cell's outputs as it runs: wait for the last ones
        # (Voila's placeholder skeletons gone, every exercise's button there)
        page.wait_for_function("""() => !document.querySelector('.voila-skeleton-container')
            && [...document.querySelectorAll('button')].filter(b => b.textContent.includes('Show answer')).length >= 5""",
                               timeout=120_000)
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
        page.screenshot(path=str(ARTIFACTS / f"{name}.png"), full_page=True)
        # Font Awesome (the widgets' button icons) comes from the Voila server and is used
        icon_font = page.evaluate("""() => {
            const i = document.querySelector('button i.fa');
            return i ? getComputedStyle(i, '::before').fontFamily : null; }""")
        assert icon_font and "Font Awesome" in icon_font, icon_font
        assert page.evaluate("document.fonts.check('900 16px \"Font Awesome 5 Free\"')")
        (ARTIFACTS / f"{name}_console.txt").write_text(
            "\n".join(f"{kind}: {msg}" for kind, msg in console)
            + f"\n\n{len(requests)} requests; failed: {failed}\n")
        page_errors = [m for kind, m in console if kind == "pageerror"]
        assert not page_errors, page_errors
        outside = [u for u in requests if leaves_the_machine(u)]
        assert not outside, outside
        assert not failed, failed
        assert any("/api/kernels/" in u or "/voila/" in u for u in requests)  # the listener did listen
