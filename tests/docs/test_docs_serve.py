"""The documentation site read through ``make docs-serve`` (issue 38, item 7).

Opened from ``file://``, Sphinx's search page lists titles only: it fetches each page's
text for the snippets, which a browser refuses there. ``make docs-serve`` serves the built
site on 127.0.0.1; this test starts it the way a person does (``make docs-serve
DOCS_PORT=...``), searches, and finds results with snippets, the search bot's own page
(``search_bot.html``, no longer shadowed by Sphinx's ``search.html``), and no request
that leaves the machine. The server is stopped by its own process group.
"""
from __future__ import annotations

import os
import re
import signal
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest

from harness import chromium_page, free_port

pytestmark = pytest.mark.browser

ROOT = Path(__file__).resolve().parents[2]
# the built site (TABLETOP_DOCS_HTML: another build of it, served the same way)
SITE = Path(os.environ.get("TABLETOP_DOCS_HTML", ROOT / "docs" / "_build" / "html"))
ARTIFACTS = ROOT / "tmp" / "artifacts"


@pytest.fixture(scope="module")
def served():
    if not (SITE / "index.html").exists():
        subprocess.run([sys.executable, "-m", "sphinx", "-b", "html", "-W", "--keep-going", "-q",
                        str(ROOT / "docs"), str(SITE)], check=True, cwd=ROOT)
    port = free_port()
    # the Makefile's target with this interpreter (PY), on a free port
    proc = subprocess.Popen(["make", "-s", "docs-serve", f"DOCS_PORT={port}", f"PY={sys.executable}",
                             f"DOCS_HTML={SITE}"],
                            cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                            start_new_session=True)
    url = f"http://127.0.0.1:{port}"
    try:
        deadline = time.time() + 30
        while True:
            if proc.poll() is not None:
                raise RuntimeError(f"make docs-serve exited: {proc.stdout.read().decode()[-2000:]}")
            try:
                with urllib.request.urlopen(url + "/index.html", timeout=2) as r:
                    if r.status == 200:
                        break
            except OSError:
                if time.time() > deadline:
                    raise
                time.sleep(0.3)
        yield url
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGTERM)   # make and its http.server, started above
            proc.wait(timeout=15)


def _search(page, base: str, words: str) -> dict:
    page.goto(f"{base}/search.html?q={words}")
    page.wait_for_selector("#search-results ul.search li", timeout=30_000)
    page.wait_for_timeout(1500)   # snippets arrive one fetch per result
    return page.evaluate("""() => {
        const items = [...document.querySelectorAll('#search-results ul.search li')];
        return {results: items.length,
                snippets: items.filter(li => { const p = li.querySelector('p.context');
                                                return p && p.textContent.trim().length > 20; }).length,
                titles: items.map(li => (li.querySelector('a') || {}).textContent || '')}; }""")


def test_search_shows_snippets_when_served(served):
    with chromium_page(1366, 900) as page:
        outside: list[str] = []

        def route(r):
            if r.request.url.startswith(("data:", "blob:", "about:")) or "://127.0.0.1" in r.request.url:
                r.continue_()
            else:
                outside.append(r.request.url)
                r.abort()
        page.route("**/*", route)
        found = _search(page, served, "search+bot")
        ARTIFACTS.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(ARTIFACTS / "docs_search_served.png"))
        print("served:", found)
        assert found["results"] >= 3 and found["snippets"] >= 3, found
        assert any("search bot" in t.lower() for t in found["titles"]), found["titles"]
        page.goto(f"{served}/search_bot.html")
        assert page.title().startswith("The search bot"), page.title()
        page.goto(f"{served}/project.html")
        links = page.eval_on_selector_all("article a.reference.internal",
                                          "els => els.map(a => a.getAttribute('href'))")
        assert "search_bot.html" in links and "search.html" not in links, links
        assert outside == []


def test_navigation_titles_carry_no_internal_references(served):
    """Titles in the site's navigation name the page, not an issue or a stop ("Balance
    search: benchmarks (issue 28)" was one): the contributors' pages and the user guide."""
    titles = []
    with chromium_page(1366, 900) as page:
        for path in ("project.html", "guide/index.html", "index.html"):
            page.goto(f"{served}/{path}")
            titles += page.eval_on_selector_all("a.reference.internal, nav a",
                                                "els => els.map(a => a.textContent.trim())")
    assert titles
    bad = [t for t in titles if re.search(r"\bissue \d+|\bstop \d+", t, re.I)]
    assert bad == [], bad
