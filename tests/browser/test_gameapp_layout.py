"""Each game's GameApp as a person sees it on a 1366x768 laptop screen, in JupyterLab.

For every game, at two moments: the first decision of the person in seat 0 (after the
setup draws), and a later one, set up with ``GameApp(game, seats, state=...)`` from a
seeded greedy game (the state of the game's second half where seat 0 acts and the
board is tallest: Neko with several lanes and bids):

- the board was drawn with its traces, at the width the app gave it (an empty plot, or
  plotly's default 700 px, fails: it would pass the size checks on default axes);
- the board is no wider than the output area and as wide as its box; the output area
  does not scroll sideways;
- the smallest text on the board is at least 11 px;
- **the whole board and the first choice fit the notebook's visible area together**:
  the span from the higher of their tops to the lower of their bottoms is no taller
  than the part of the notebook a person sees (the viewport less JupyterLab's menu,
  tab, toolbar and status bars, measured in the page), and once the span's top is
  scrolled to the top of that area, both are inside it;
- JupyterLab's news question is not over the page.

The numbers are written to ``tmp/artifacts/gameapp_layout.json`` (by ``<game>`` and
``<game>_later``) and screenshots to ``tmp/artifacts/gameapp_<game>[_later].png`` and
``..._whole.png`` (the folder is git-ignored), so a change to the layout can be judged by
eye as well as by the numbers.
"""
from __future__ import annotations

import json
import time
import urllib.request
from pathlib import Path

import pytest

from harness import cell_errors, chromium_page, jupyter_lab, run_all

pytestmark = pytest.mark.browser

ROOT = Path(__file__).resolve().parents[2]
ARTIFACTS = ROOT / "tmp" / "artifacts"
WIDTH, HEIGHT = 1366, 768
GAMES = ["neko", "pacal", "pebble_rock"]

STAGES = ["first", "later"]

# measured in the page; distances are in CSS px, relative to the viewport (after the
# scroll the test chose), except the span, which does not depend on the scroll
MEASURE = """() => {
  const app = document.querySelector('.tabletop-gameapp');
  const out = app.closest('.jp-OutputArea-output') || app.parentElement;
  const plot = app.querySelector('.tabletop-board .js-plotly-plot');
  const svg = plot.querySelector('svg.main-svg');
  const scroller = app.closest('.jp-WindowedPanel-outer') || app.closest('.jp-Notebook')
                   || document.scrollingElement;
  const visible = el => { const r = el.getBoundingClientRect(); const cs = getComputedStyle(el);
      return r.width > 0 && r.height > 0 && cs.visibility !== 'hidden' && cs.display !== 'none'
             && parseFloat(cs.opacity || '1') > 0; };
  let smallest = null, smallestText = '';
  for (const t of plot.querySelectorAll('text')) {
    if (!t.textContent.trim() || !visible(t)) continue;
    const px = parseFloat(getComputedStyle(t).fontSize);
    if (smallest === null || px < smallest) { smallest = px; smallestText = t.textContent.trim(); }
  }
  const choices = [...app.querySelectorAll('button.tabletop-action, button.tabletop-roll-button')]
      .filter(b => visible(b) && !b.disabled);
  const first = choices.length ? choices[0] : null;
  const b = svg.getBoundingClientRect();
  const c = first ? first.getBoundingClientRect() : null;
  const area = scroller.getBoundingClientRect();
  const visTop = Math.max(area.top, 0), visBottom = Math.min(area.bottom, window.innerHeight);
  const spanTop = c ? Math.min(b.top, c.top) : b.top;
  const spanBottom = c ? Math.max(b.bottom, c.bottom) : b.bottom;
  return {
    output_width: out.clientWidth, output_scroll_width: out.scrollWidth,
    app_width: app.getBoundingClientRect().width,
    board_width: b.width, board_height: b.height,
    board_box_width: app.querySelector('.tabletop-board').getBoundingClientRect().width,
    board_traces: (plot.data || []).length,
    board_sized_by_app: !!(plot.layout && plot.layout.width > 0),
    smallest_text_px: smallest, smallest_text: smallestText.slice(0, 40),
    choices: choices.length,
    first_choice: first ? first.innerText.trim().slice(0, 60) : null,
    board_top_to_choice_top: c ? c.top - b.top : null,
    board_top_to_choice_bottom: c ? c.bottom - b.top : null,
    visible_top: visTop, visible_bottom: visBottom, visible_height: visBottom - visTop,
    span_top: spanTop, span_bottom: spanBottom, span: spanBottom - spanTop,
    board_top: b.top, board_bottom: b.bottom,
    choice_top: c ? c.top : null, choice_bottom: c ? c.bottom : null,
  };
}"""

# scroll the notebook so that the top of the board-and-choice span is at the top of
# the visible area (as a person would scroll to play)
SCROLL_TO_SPAN = """() => {
  const app = document.querySelector('.tabletop-gameapp');
  const svg = app.querySelector('.tabletop-board .js-plotly-plot svg.main-svg');
  const scroller = app.closest('.jp-WindowedPanel-outer') || app.closest('.jp-Notebook')
                   || document.scrollingElement;
  const choice = [...app.querySelectorAll('button.tabletop-action, button.tabletop-roll-button')]
      .find(b => b.getBoundingClientRect().height > 0 && !b.disabled);
  const top = Math.min(svg.getBoundingClientRect().top,
                       choice ? choice.getBoundingClientRect().top : Infinity);
  const area = scroller.getBoundingClientRect();
  scroller.scrollTop += top - Math.max(area.top, 0) - 2;
}"""


# the board drawn with its traces at the width of its box (the app sized it)
SETTLED = """() => { const box = document.querySelector('.tabletop-gameapp .tabletop-board');
  const plot = box && box.querySelector('.js-plotly-plot');
  const svg = plot && plot.querySelector('svg.main-svg');
  return !!svg && (plot.data || []).length > 0 && !!plot.layout && plot.layout.width > 0
         && Math.abs(svg.getBoundingClientRect().width - box.getBoundingClientRect().width) <= 1; }"""


def _notebook(game: str, stage: str) -> dict:
    setup = (f"game = tt.load_game({game!r})\n"
             "seats = ['human'] + ['greedy'] * (game.num_players - 1)\n")
    if stage == "first":
        app = ("app = GameApp(game, seats=seats, seed=1)\n"
               "app.run()  # the setup draws and the bots, up to the person's first decision\n")
    else:
        # a later decision of seat 0, from a seeded greedy game: the tallest board of the
        # game's second half (the view's frame, when it has one), else the first
        app = ("from tabletop_nb.viz import view_for\n"
               "states = tt.replay(game, tt.play(game, bots='greedy', seed=1))\n"
               "view = view_for(game)\n"
               "later = [s for s in states[len(states) // 2:] if game.current_player(s) == 0]\n"
               "pick = max(later, key=lambda s: (view.frame(game, s) or {}).get('height', 0))\n"
               "app = GameApp(game, seats=seats, seed=1, state=pick)\n")
    cells = ["import tabletop_nb as tt\nfrom tabletop_nb import GameApp", setup + app + "app"]
    return {"cells": [{"cell_type": "code", "metadata": {}, "execution_count": None, "outputs": [],
                       "source": src} for src in cells],
            "metadata": {"kernelspec": {"display_name": "Python 3", "language": "python",
                                        "name": "python3"}},
            "nbformat": 4, "nbformat_minor": 5}


def _cells(*sources: str) -> dict:
    return {"cells": [{"cell_type": "code", "metadata": {}, "execution_count": None, "outputs": [],
                       "source": src} for src in sources],
            "metadata": {"kernelspec": {"display_name": "Python 3", "language": "python",
                                        "name": "python3"}},
            "nbformat": 4, "nbformat_minor": 5}


FRESH_RUNS = 20
# the apps of issue 38 as a person meets them: Neko's draft (your own dice drawn), a Neko
# slot that two cards could go in, clicked (the buttons ask which)
SCENES = {
    "neko_draft": ("import tabletop_nb as tt\nfrom tabletop_nb import GameApp\n"
                   "game = tt.load_game('neko')\n"
                   "app = GameApp(game, seats=['human'] + ['greedy'] * 3, seed=1)\n"
                   "for _ in range(10):\n"
                   "    app.run()\n"
                   "    if game.phase(app.state).endswith('Draft dice'):\n"
                   "        break\n"
                   "    app.choose(game.legal_actions(app.state)[0])\n"
                   "assert game.phase(app.state).endswith('Draft dice')\n"
                   "app"),
    "neko_two_choices": ("import tabletop_nb as tt\nfrom tabletop_nb import GameApp\n"
                         "from tabletop_nb.games.neko import view\n"
                         "game = tt.load_game('neko')\n"
                         "states = tt.replay(game, tt.play(game, bots='greedy', seed=0))\n"
                         "s = next(s for s in states if game.current_player(s) == 0 and any(\n"
                         "    len(v) > 1 for v in view.place_choices(game, s).values()))\n"
                         "key = next(k for k, v in view.place_choices(game, s).items() if len(v) > 1)\n"
                         "app = GameApp(game, seats=['human'] + ['greedy'] * 3, seed=1, state=s)\n"
                         "app.click_place(key)\n"
                         "app"),
}


@pytest.fixture(scope="module")
def lab(tmp_path_factory):
    folder = tmp_path_factory.mktemp("layout")
    for g in GAMES:
        for stage in STAGES:
            (folder / f"app_{g}_{stage}.ipynb").write_text(json.dumps(_notebook(g, stage)))
    for i in range(FRESH_RUNS):
        (folder / f"fresh_neko_{i}.ipynb").write_text(json.dumps(_cells(
            "import tabletop_nb as tt\nfrom tabletop_nb import GameApp",
            f"app = GameApp(tt.load_game('neko'), seats=['human'] + ['greedy'] * 3, seed={i}, delay=0.02)\n"
            "app.run()\napp")))
    for name, src in SCENES.items():
        (folder / f"{name}.ipynb").write_text(json.dumps(_cells(src)))
    with jupyter_lab(folder) as server:
        yield server


def _save(game: str, numbers: dict) -> None:
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    path = ARTIFACTS / "gameapp_layout.json"
    try:
        allnum = json.loads(path.read_text())
    except (OSError, ValueError):
        allnum = {}
    allnum[game] = numbers
    path.write_text(json.dumps(allnum, indent=1, sort_keys=True))


@pytest.mark.timeout(300)
@pytest.mark.parametrize("stage", STAGES)
@pytest.mark.parametrize("game", GAMES)
def test_board_and_choices_fit_a_laptop_screen(lab, game, stage):
    name = game if stage == "first" else f"{game}_{stage}"
    with chromium_page(WIDTH, HEIGHT) as page:
        run_all(page, lab, f"app_{game}_{stage}.ipynb")
        assert cell_errors(page) == []
        page.wait_for_selector(".tabletop-gameapp .tabletop-board .js-plotly-plot svg.main-svg")
        # the page reports the board box's width, the kernel sizes the board to it
        try:
            page.wait_for_function(SETTLED, timeout=30_000)
        except Exception:  # noqa: BLE001  (measured and failed below, with the numbers)
            pass
        page.wait_for_timeout(300)
        page.evaluate(SCROLL_TO_SPAN)
        page.wait_for_timeout(300)
        m = page.evaluate(MEASURE)
        m["news_toast"] = page.locator(".jp-toast-container").get_by_text("Jupyter news").count()
        m["viewport"] = [WIDTH, HEIGHT]
        _save(name, m)
        page.screenshot(path=str(ARTIFACTS / f"gameapp_{name}.png"))
        page.locator(".tabletop-gameapp").screenshot(path=str(ARTIFACTS / f"gameapp_{name}_whole.png"))
    print(name, m)
    # an empty plot (plotly's front end drew the figure before its data came; seen on a
    # busy machine) would pass every size check below with its default axes
    assert m["news_toast"] == 0, m  # the test server's settings turn the news question off
    assert m["board_traces"] > 0, m
    # the board follows its box (the cell's width, less the choices' column when beside)
    assert m["board_width"] >= m["board_box_width"] - 1.5, m
    assert m["board_sized_by_app"], m  # the kernel set its width (and its height to match)
    assert m["board_width"] <= m["output_width"] + 0.5, m
    assert m["board_width"] <= m["board_box_width"] + 0.5, m  # not cut off by its own box
    assert m["output_scroll_width"] <= m["output_width"] + 1, m
    assert m["smallest_text_px"] >= 11, m
    assert m["choices"] > 0, m
    # the whole board and the first choice on one screen: the notebook's visible area
    # (the viewport less JupyterLab's bars) holds their span, and holds both once scrolled
    assert 300 < m["visible_height"] < HEIGHT, m  # measured, not the whole viewport
    assert m["span"] <= m["visible_height"], m
    for edge in ("board_top", "choice_top"):
        assert m[edge] >= m["visible_top"] - 0.5, (edge, m)
    for edge in ("board_bottom", "choice_bottom"):
        assert m[edge] <= m["visible_bottom"] + 0.5, (edge, m)


# what the app offers now, read in the page
OFFER = """() => { const app = document.querySelector('.tabletop-gameapp'); if (!app) return null;
  const vis = b => b.getBoundingClientRect().height > 0 && !b.disabled;
  const count = sel => [...app.querySelectorAll(sel)].filter(vis).length;
  return {status: (app.querySelector('.tabletop-status') || {}).innerText || '',
          choices: count('button.tabletop-action'), roll: count('button.tabletop-roll-button'),
          end_turn: count('button.tabletop-end-turn-button')}; }"""


def _shut_down_kernels(lab) -> None:
    with urllib.request.urlopen(lab.page_url("/api/kernels"), timeout=10) as r:
        kernels = json.load(r)
    for k in kernels:
        req = urllib.request.Request(lab.page_url(f"/api/kernels/{k['id']}"), method="DELETE")
        urllib.request.urlopen(req, timeout=30).close()


@pytest.mark.timeout(1500)
def test_neko_app_always_offers_a_choice_when_a_person_is_to_act(lab):
    """Issue 38: once in 8 fresh runs Neko's app said "Your turn, Yellow ... waiting for
    Yellow (you)" with no button to press and 22 "Could not process update msg for model"
    errors. Over 20 fresh runs (one server, a fresh kernel each), whenever the status says
    it is the person's turn at least one choice is on show; the test presses on (a choice,
    the Roll, "to end of turn") a few times per run, and the page logs no failed update."""
    runs = []
    with chromium_page(WIDTH, HEIGHT) as page:
        console: list[str] = []
        page.on("console", lambda m: console.append(m.text))
        for i in range(FRESH_RUNS):
            console.clear()
            run_all(page, lab, f"fresh_neko_{i}.ipynb")
            assert cell_errors(page) == [], i
            turns, stuck = 0, None
            for _ in range(6):
                # the page gets the status, then the choices and the controls, in separate
                # messages: a person's turn shown without its choices for a moment is in
                # flight; stuck is a person's turn without a choice after 20 s
                deadline = time.time() + 20
                offer = None
                while time.time() < deadline:
                    offer = page.evaluate(OFFER)
                    if offer and (offer["choices"] if "Your turn" in offer["status"]
                                  else offer["roll"] or offer["end_turn"]):
                        break
                    page.wait_for_timeout(100)
                if not offer or not (offer["choices"] if "Your turn" in offer["status"]
                                     else offer["roll"] or offer["end_turn"]):
                    stuck = offer
                    break
                if "Your turn" in offer["status"]:
                    turns += 1
                sel = ("button.tabletop-action" if offer["choices"] else
                       "button.tabletop-roll-button" if offer["roll"] else "button.tabletop-end-turn-button")
                try:
                    page.locator(".tabletop-gameapp " + sel).first.click(timeout=5_000)
                except Exception:  # noqa: BLE001  (the page moved on between the look and the click)
                    continue
                # wait for the kernel's answer (the page changes) before looking again
                seen = json.dumps(json.dumps(offer, separators=(",", ":"), ensure_ascii=False), ensure_ascii=False)
                try:
                    page.wait_for_function(f"() => JSON.stringify(({OFFER})()) !== {seen}", timeout=20_000)
                except Exception:  # noqa: BLE001  (judged at the next look)
                    pass
            failed = [m for m in console if "Could not process update msg" in m]
            runs.append((i, turns, stuck, len(failed)))
            if stuck:
                ARTIFACTS.mkdir(parents=True, exist_ok=True)
                page.screenshot(path=str(ARTIFACTS / f"gameapp_neko_stuck_{i}.png"))
            _shut_down_kernels(lab)
    print("fresh runs (run, person's turns seen, stuck, failed updates):", runs)
    assert all(stuck is None for _, _, stuck, _ in runs), runs
    assert all(failed == 0 for *_, failed in runs), runs
    assert all(turns >= 2 for _, turns, _, _ in runs), runs


@pytest.mark.timeout(300)
@pytest.mark.parametrize("scene", sorted(SCENES))
def test_issue_38_scenes_at_a_laptop_screen(lab, scene):
    """Neko's draft draws your own dice beside the choices; a click on a slot that two
    cards could go in shows the two (and "all choices"). Screenshots to look at:
    ``tmp/artifacts/gameapp_<scene>.png``."""
    with chromium_page(WIDTH, HEIGHT) as page:
        run_all(page, lab, f"{scene}.ipynb")
        assert cell_errors(page) == []
        page.wait_for_selector(".tabletop-gameapp .tabletop-board .js-plotly-plot svg.main-svg")
        try:
            page.wait_for_function(SETTLED, timeout=30_000)
        except Exception:  # noqa: BLE001  (the numbers below fail with what was drawn)
            pass
        page.wait_for_timeout(300)
        page.evaluate(SCROLL_TO_SPAN)
        page.wait_for_timeout(300)
        m = page.evaluate(MEASURE)
        ARTIFACTS.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(ARTIFACTS / f"gameapp_{scene}.png"))
        labels = page.eval_on_selector_all(".tabletop-gameapp button.tabletop-action",
                                           "els => els.map(e => e.innerText.trim())")
        dice = page.locator(".tabletop-gameapp .tabletop-your-dice svg").count()
        back = page.locator(".tabletop-gameapp button.tabletop-all-choices").count()
        _shut_down_kernels(lab)
    print(scene, labels, dice, back, m)
    assert m["smallest_text_px"] >= 11, m
    assert m["span"] <= m["visible_height"], m
    if scene == "neko_draft":
        kept = sorted({int(t.split()[-1]) for t in labels})
        assert labels and all(t.startswith("Keep a ") for t in labels), labels
        assert dice >= len(kept)            # your own dice, drawn beside the choices
    else:
        assert len(labels) == 2 and back == 1, labels


@pytest.mark.timeout(300)
def test_make_lab_shows_no_jupyter_news_question(tmp_path):
    """After ``make lab`` (the project's etc/jupyter, none of the tests' own settings),
    JupyterLab's "get notified about official Jupyter news?" box does not cover the page:
    etc/jupyter/labconfig/page_config.json turns its announcements plugin off."""
    (tmp_path / "empty.ipynb").write_text(json.dumps(_cells("1 + 1")))
    with jupyter_lab(tmp_path, as_make_lab=True) as server, chromium_page(WIDTH, HEIGHT) as page:
        page.goto(server.page_url("/lab/tree/empty.ipynb") + "&reset")
        page.wait_for_selector(".jp-Notebook .jp-Cell", timeout=60_000)
        page.get_by_text("| Idle").first.wait_for(timeout=90_000)
        page.wait_for_timeout(4000)   # the question comes once the app has restored
        news = page.get_by_text("official Jupyter news").count()
        disabled = page.evaluate("() => JSON.parse(document.getElementById('jupyter-config-data')"
                                 ".textContent).disabledExtensions")
        ARTIFACTS.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(ARTIFACTS / "make_lab_first_view.png"))
    assert "@jupyterlab/apputils-extension:announcements" in disabled, disabled
    assert news == 0
