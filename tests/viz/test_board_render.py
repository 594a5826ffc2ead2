"""Boards as drawn by plotly.js in Chromium (a browser test): at the notebook's default
output width (900 px) and a wider one, every game's board is as wide as its output, never
scrolls sideways, has no text under 11 px and no text cut off."""
from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))
from board_render import measure_figures, sample_figures  # noqa: E402

pytestmark = pytest.mark.browser


@pytest.mark.timeout(300)
def test_boards_fit_and_read_in_the_browser():
    figures = sample_figures()
    measured = measure_figures(figures, widths=(900, 1200))
    assert len(measured) == 2 * len(figures)
    for (name, width), m in measured.items():
        assert abs(m["width"] - width) <= 1, f"{name} at {width}px: drawn {m['width']} px wide"
        assert not m["scrolls"], f"{name} at {width}px: the output scrolls sideways"
        assert m["min_font"] >= 11, f"{name} at {width}px: text at {m['min_font']} px ({m['min_text']!r})"
        assert not m["outside"], f"{name} at {width}px: text cut off: {m['outside'][:3]}"
