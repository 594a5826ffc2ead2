"""Draw docs/images/tour.png: a Pebble Rock GameApp in JupyterLab, screenshotted in Chromium.

    python tools/make_tour_image.py

Uses the browser-test harness (tests/browser/harness.py): Debian's Chromium, a throw-away
JupyterLab on 127.0.0.1, stopped when done.
"""
import json
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests" / "browser"))

from harness import chromium_page, jupyter_lab, run_all  # noqa: E402

CELLS = [
    # the app is shown first, then a few rounds are played in it (the person's moves chosen
    # by the greedy bot) until it is the person's turn in round 5
    "import numpy as np\n"
    "import tabletop_nb as tt\n"
    "from tabletop_nb.core.bots import resolve_bot\n"
    "game = tt.load_game('pebble_rock', players=3)\n"
    "app = tt.GameApp(game, seats=['human', 'greedy', 'greedy'], seed=3)\n"
    "app",
    "greedy, rng = resolve_bot(game, 'greedy'), np.random.default_rng(0)\n"
    "while 'Round 5' not in game.phase(app.state):\n"
    "    app.run()\n"
    "    app.choose(greedy(game, app.state, rng))\n"
    "app.run()",
]


# the app's board has its traces and the width the app set (it follows its box)
DRAWN = """() => { const box = document.querySelector('.tabletop-gameapp .tabletop-board');
  const plot = box && box.querySelector('.js-plotly-plot');
  const svg = plot && plot.querySelector('svg.main-svg');
  return !!svg && (plot.data || []).length > 0 && !!plot.layout && plot.layout.width > 0
         && Math.abs(svg.getBoundingClientRect().width - box.getBoundingClientRect().width) <= 1; }"""


def main() -> None:
    with tempfile.TemporaryDirectory() as tmp:
        nb = {"cells": [{"cell_type": "code", "metadata": {}, "execution_count": None, "outputs": [],
                         "source": c} for c in CELLS],
              "metadata": {"kernelspec": {"display_name": "Python 3", "language": "python", "name": "python3"}},
              "nbformat": 4, "nbformat_minor": 5}
        Path(tmp, "tour.ipynb").write_text(json.dumps(nb))
        with jupyter_lab(Path(tmp)) as lab, chromium_page(width=1500, height=1700) as page:
            run_all(page, lab, "tour.ipynb")
            page.wait_for_selector(".jp-OutputArea .js-plotly-plot svg.main-svg", timeout=60_000)
            # the board drawn with its traces at the width the app gave it (never a picture
            # of an empty plot on default axes)
            page.wait_for_function(DRAWN, timeout=60_000)
            # no "get notified about Jupyter news?" toast over the picture
            page.add_style_tag(content=".jp-toast-container, .Toastify { display: none !important; }")
            page.wait_for_timeout(1500)
            assert not page.locator(".jp-toast-container").is_visible()
            out = page.locator(".jp-OutputArea-output").first
            out.screenshot(path=str(ROOT / "docs" / "images" / "tour.png"))
    print("wrote docs/images/tour.png")


if __name__ == "__main__":
    main()
