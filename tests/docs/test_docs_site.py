"""The documentation site in Chromium, opened from disk (issue 29, item 4).

Builds the site if it is missing (``make docs`` builds it first in ``make test``), then opens
the landing page, a notebook page with plotly charts, the API page of ``compare_rules`` and a
game's rule-values page from ``file://``. Every request must stay on disk (or 127.0.0.1),
nothing may log a console error, and hovering a chart must show plotly's hover label.
Screenshots go to tmp/artifacts/ (git-ignored) to look at.
"""
from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from harness import chromium_page

pytestmark = pytest.mark.browser

ROOT = Path(__file__).resolve().parents[2]
SITE = ROOT / "docs" / "_build" / "html"
ARTIFACTS = ROOT / "tmp" / "artifacts"


@pytest.fixture(scope="module")
def site() -> Path:
    if not (SITE / "index.html").exists():
        subprocess.run([sys.executable, "-m", "sphinx", "-b", "html", "-W", "--keep-going", "-q",
                        str(ROOT / "docs"), str(SITE)], check=True, cwd=ROOT)
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    return SITE


@pytest.fixture
def page():
    with chromium_page(width=1366, height=900) as p:
        p.problems = []   # type: ignore[attr-defined]

        def outside(route):
            url = route.request.url
            if url.startswith(("file://", "data:", "blob:", "about:")) or "://127.0.0.1" in url:
                route.continue_()
            else:
                p.problems.append(f"request left the disk: {url}")
                route.abort()

        p.route("**/*", outside)
        p.on("console", lambda m: m.type == "error" and p.problems.append(f"console error: {m.text}"))
        p.on("pageerror", lambda e: p.problems.append(f"page error: {e}"))
        yield p


def _open(page, path: str) -> None:
    page.goto((SITE / path).as_uri())
    page.wait_for_load_state("load")


def test_landing_page(site, page):
    _open(page, "index.html")
    assert "tabletop_nb" in page.title()
    tour = page.locator("img[src*='tour']").first
    assert tour.evaluate("img => img.complete && img.naturalWidth > 0"), "the tour picture did not load"
    for alt in ("Binder: JupyterLab", "Binder: classroom app (Voila)"):
        badge = page.locator(f"img[alt='{alt}']")
        assert badge.evaluate("img => img.complete && img.naturalWidth > 0"), alt
    assert page.get_by_text("make lab").first.is_visible()
    page.screenshot(path=str(ARTIFACTS / "docs_landing.png"), full_page=False)
    assert not page.problems, page.problems


def test_notebook_chart_is_interactive(site, page):
    _open(page, "notebooks/dice_odds.html")
    plots = page.locator(".js-plotly-plot")
    plots.first.wait_for(state="visible", timeout=20_000)
    assert plots.count() >= 5, "the dice lesson draws at least five charts"
    plot = plots.first
    plot.scroll_into_view_if_needed()
    # the first point of the first trace, in page pixels, from plotly's own axes
    x, y = plot.evaluate("""gd => {
        const L = gd._fullLayout, t = gd._fullData[0], r = gd.getBoundingClientRect();
        const xa = L[t.xaxis === 'x' ? 'xaxis' : 'xaxis' + t.xaxis.slice(1)];
        const ya = L[t.yaxis === 'y' ? 'yaxis' : 'yaxis' + t.yaxis.slice(1)];
        const i = 0, xv = xa.d2p(t.x[i]), yv = ya.d2p(t.type === 'bar' ? t.y[i] / 2 : t.y[i]);
        return [r.left + xa._offset + xv, r.top + ya._offset + yv];
    }""")
    page.mouse.move(x, y)
    page.wait_for_selector(".hoverlayer .hovertext", timeout=5_000)
    page.screenshot(path=str(ARTIFACTS / "docs_notebook_hover.png"), full_page=False)
    assert not page.problems, page.problems


def test_compare_rules_api_page(site, page):
    _open(page, "api/tabletop_nb.lab.compare.html")
    entry = page.locator("dt[id='tabletop_nb.lab.compare.compare_rules']")
    assert entry.count() == 1
    body = page.locator("dt[id='tabletop_nb.lab.compare.compare_rules'] + dd")
    text = body.inner_text()
    assert "Parameters" in text and "variants" in text and "Examples" in text
    entry.scroll_into_view_if_needed()
    page.screenshot(path=str(ARTIFACTS / "docs_api_compare_rules.png"), full_page=False)
    assert not page.problems, page.problems


def test_rule_values_page(site, page):
    _open(page, "games/pebble_rock.html")
    table = page.locator(".rule-values-table table")
    assert table.count() == 1
    import tabletop_nb
    fields = type(tabletop_nb.load_game("pebble_rock").rules).fields_info()
    assert table.locator("tbody tr").count() == len(fields)
    row = table.locator("tbody tr", has_text="cargo_capacity")
    assert "1 ≤ value ≤ 10" in row.inner_text()
    page.locator("#pebble_rock-rule-values, #rule-values").first.scroll_into_view_if_needed()
    page.screenshot(path=str(ARTIFACTS / "docs_rule_values.png"), full_page=False)
    assert not page.problems, page.problems
