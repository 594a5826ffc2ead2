"""Boards as a person sees them: a view's figure drawn by plotly.js in headless Chromium
inside an output area of a given width, and measured (drawn width, smallest text, text
cut off, sideways scrolling).

Used by ``tests/viz/test_board_render.py`` (a browser test) and by hand::

    .venv/bin/python tests/viz/board_render.py /tmp/boards      # PNGs and numbers per game

The states drawn are seeded greedy games (the middle and the end of the game) so the
boards are full, as in a real session.
"""
from __future__ import annotations

import json
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent / "browser"))  # the harness (Chromium)

from harness import chromium_page  # noqa: E402

#: what plotly.js reports about the drawn figure: its width, the smallest font of any
#: visible text, texts that fall outside the figure or outside the plot area, and whether
#: the output area scrolls sideways
MEASURE = """() => {
  const host = document.getElementById('host');
  const plot = host.querySelector('.js-plotly-plot');
  const svg = plot.querySelector('svg.main-svg');
  const fig = svg.getBoundingClientRect();
  const drag = plot.querySelector('.nsewdrag');
  const area = drag ? drag.getBoundingClientRect() : fig;
  let min = 1e9, minText = '';
  const outside = [], boxes = [];
  for (const t of plot.querySelectorAll('svg text')) {
    const s = t.textContent.trim();
    if (!s) continue;
    const b = t.getBoundingClientRect();
    if (b.width === 0 || b.height === 0) continue;
    const fs = parseFloat(getComputedStyle(t).fontSize);
    if (fs < min) { min = fs; minText = s; }
    const inPlot = t.closest('.scatterlayer, .heatmaplayer') !== null;
    const box = inPlot ? area : fig;
    if (b.left < box.left - 1 || b.right > box.right + 1 || b.top < box.top - 1 || b.bottom > box.bottom + 1)
      outside.push(s.slice(0, 60));
  }
  return {width: fig.width, height: fig.height, host: host.clientWidth,
          scrolls: host.scrollWidth > host.clientWidth + 1, min_font: min, min_text: minText.slice(0, 60),
          outside: outside};
}"""


def _page_html(fig_json: str, width: int) -> str:
    return f"""<!doctype html><html><head><meta charset="utf-8">
<script src="plotly.min.js"></script>
<style>body {{ margin: 0; font-family: sans-serif; }}
#host {{ width: {width}px; overflow-x: auto; }}</style></head>
<body><div id="host"><div id="fig"></div></div>
<script>
const f = {fig_json};
Plotly.newPlot('fig', f.data, f.layout, {{responsive: true, displayModeBar: false}})
  .then(() => {{ document.body.dataset.done = '1'; }});
</script></body></html>"""


def measure_figures(figs: dict, widths=(900,), png_dir: Path | None = None) -> dict:
    """Draw each ``name -> go.Figure`` at each output width; return ``{(name, width): numbers}``."""
    import plotly
    js = Path(plotly.__file__).parent / "package_data" / "plotly.min.js"
    out = {}
    with tempfile.TemporaryDirectory() as tmp, chromium_page(width=max(widths) + 60, height=1000) as page:
        (Path(tmp) / "plotly.min.js").write_bytes(js.read_bytes())
        for name, fig in figs.items():
            for w in widths:
                html = Path(tmp) / f"{name}-{w}.html"
                html.write_text(_page_html(fig.to_json(), w))
                page.goto(html.as_uri())
                page.wait_for_function("document.body.dataset.done === '1'", timeout=30_000)
                page.wait_for_timeout(150)
                out[(name, w)] = page.evaluate(MEASURE)
                if png_dir is not None:
                    page.locator("#host").screenshot(path=str(Path(png_dir) / f"{name}-{w}.png"))
    return out


def sample_figures() -> dict:
    """The boards a session shows: each game mid-game (with its clickable places marked)
    and at the end, plus Pebble Rock's reach heat map."""
    import tabletop_nb as tt
    from tabletop_nb.viz import view_for
    from tabletop_nb.games.pebble_rock import view as pr_view

    figs = {}
    for name, players in (("pebble_rock", 4), ("neko", 4), ("pacal", 4)):
        game = tt.load_game(name, players=players)
        states = tt.replay(game, tt.play(game, bots="greedy", seed=3))
        view = view_for(game)
        mid = next(s for s in states[len(states) // 2:] if game.current_player(s) >= 0)
        figs[f"{name}-mid"] = view.figure(game, mid, frozenset(view.place_actions(game, mid)))
        figs[f"{name}-end"] = view.figure(game, states[-1])
        if name == "pebble_rock":
            turn = next(s for s in states[len(states) // 2:] if s.phase == "choose")
            figs["pebble_rock-reach"] = pr_view.reach_figure(game, turn, "speedy")
    return figs


if __name__ == "__main__":
    target = Path(sys.argv[1] if len(sys.argv) > 1 else "/tmp/boards")
    target.mkdir(parents=True, exist_ok=True)
    widths = tuple(int(w) for w in sys.argv[2:]) or (900, 600)
    for (name, w), m in measure_figures(sample_figures(), widths, target).items():
        print(f"{name:20s} output {w:4d}px: figure {m['width']:.0f}x{m['height']:.0f}px, "
              f"scrolls {m['scrolls']}, smallest text {m['min_font']}px ({m['min_text']!r}), "
              f"outside: {len(m['outside'])} {json.dumps(m['outside'][:3])}")
