"""The luck chart (issue 41) in a real browser: in JupyterLab through ReplayViewer's
"Analyse this game" control (the chart appears, a click on a point moves the timeline),
in the Voila app, and on the documentation site (the notebook page's chart hovers, nothing
leaves the disk)."""
from __future__ import annotations

import json
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest

from harness import cell_errors, chromium_page, jupyter_lab, run_all, voila

pytestmark = pytest.mark.browser

ROOT = Path(__file__).resolve().parents[2]
SITE = ROOT / "docs" / "_build" / "html"


def _notebook(folder: Path, name: str, cells: list[str]) -> None:
    nb = {"cells": [{"cell_type": "code", "metadata": {}, "execution_count": None, "outputs": [],
                     "source": c} for c in cells],
          "metadata": {"kernelspec": {"name": "python3", "display_name": "Python 3",
                                      "language": "python"}},
          "nbformat": 4, "nbformat_minor": 5}
    (folder / name).write_text(json.dumps(nb))


VIEWER = ["import tabletop_nb as tt\n"
          "from tabletop_nb.widgets import ReplayViewer\n"
          "game = tt.load_game('pacal', players=2)\n"
          "viewer = ReplayViewer(game, tt.play(game, 'greedy', seed=1))\n"
          "viewer"]

CHART = ["import tabletop_nb as tt\n"
         "game = tt.load_game('pacal', players=2)\n"
         "a = tt.analyse(game, tt.play(game, 'greedy', seed=1), quick=True, progress=False)\n"
         "a.figure()"]

# the page position of a point of the first trace, from plotly's own axes
POINT_JS = """(gd, i) => {
    const L = gd._fullLayout, t = gd._fullData[0], r = gd.getBoundingClientRect();
    const xa = L.xaxis, ya = L.yaxis;
    return [r.left + xa._offset + xa.d2p(t.x[i]), r.top + ya._offset + ya.d2p(t.y[i]), t.x[i]];
}"""


@pytest.mark.timeout(500)
def test_analyse_control_in_jupyterlab_shows_the_chart_and_moves_the_timeline():
    folder = Path(tempfile.mkdtemp(prefix="tabletop-luck-"))
    _notebook(folder, "viewer.ipynb", VIEWER)
    with jupyter_lab(folder) as lab, chromium_page() as page:
        run_all(page, lab, "viewer.ipynb", timeout=200)
        assert not cell_errors(page)
        page.get_by_role("button", name="Analyse this game").click()
        chart = page.locator(".tabletop-analysis .js-plotly-plot")
        chart.first.wait_for(state="visible", timeout=240_000)
        page.wait_for_function(
            "() => { const g = document.querySelector('.tabletop-analysis .js-plotly-plot');"
            " return g && g._fullData && g._fullData.length >= 3 && g.querySelector('svg.main-svg'); }",
            timeout=60_000)
        assert "the dice" in page.locator(".tabletop-analysis").inner_text()  # the verdicts
        gd = chart.first
        gd.scroll_into_view_if_needed()
        n = gd.evaluate("gd => gd._fullData[0].x.length")
        x, y, index = gd.evaluate(POINT_JS, n // 2)
        page.mouse.move(x, y)
        page.wait_for_timeout(300)
        page.mouse.click(x, y)
        # the timeline shows the clicked position, in review
        page.get_by_text(f"action {index} of").first.wait_for(timeout=30_000)
        assert not cell_errors(page)


@pytest.mark.timeout(400)
def test_luck_chart_renders_in_the_voila_app():
    folder = Path(tempfile.mkdtemp(prefix="tabletop-luck-voila-"))
    _notebook(folder, "luck_chart.ipynb", CHART)
    with voila(folder, "luck_chart.ipynb") as app, chromium_page() as page:
        errors: list[str] = []
        page.on("pageerror", lambda e: errors.append(str(e)))
        page.goto(app.page_url(app.home))
        page.wait_for_selector(".js-plotly-plot svg.main-svg", timeout=240_000)
        traces = page.evaluate("() => document.querySelector('.js-plotly-plot')._fullData.length")
        assert traces >= 3  # one line per seat, the big errors, the luckiest rolls
        assert not errors, errors


@pytest.fixture(scope="module")
def site() -> Path:
    if not (SITE / "notebooks" / "luck.html").exists():
        subprocess.run([sys.executable, "-m", "sphinx", "-b", "html", "-W", "--keep-going", "-q",
                        str(ROOT / "docs"), str(SITE)], check=True, cwd=ROOT)
    return SITE


@pytest.mark.timeout(900)
def test_luck_chart_on_the_docs_site_hovers_in_the_games_words(site):
    with chromium_page(width=1366, height=900) as page:
        problems: list[str] = []

        def outside(route):
            url = route.request.url
            if url.startswith(("file://", "data:", "blob:", "about:")):
                route.continue_()
            else:
                problems.append(f"request left the disk: {url}")
                route.abort()

        page.route("**/*", outside)
        page.on("pageerror", lambda e: problems.append(f"page error: {e}"))
        page.goto((site / "notebooks" / "luck.html").as_uri())
        page.wait_for_load_state("load")
        chart = page.locator(".js-plotly-plot").first
        chart.wait_for(state="visible", timeout=20_000)
        chart.scroll_into_view_if_needed()
        x, y, _ = chart.evaluate(POINT_JS, 1)
        page.mouse.move(x, y)
        hover = page.locator(".hoverlayer .hovertext").first
        hover.wait_for(timeout=5_000)
        assert "after" in (hover.text_content() or "")  # "after <the action, in the game's words>"
        assert not problems, problems
