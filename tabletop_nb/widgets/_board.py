"""The width probe that GameApp's board sits beside, and the board itself (re-exported).

The board, :class:`~tabletop_nb.viz.live.BoardWidget`, is a live figure that studies use too,
so it lives in :mod:`tabletop_nb.viz.live`, below both layers (its docstring tells the fixes
it carries: 1, the small module ready within anywidget's 2 s; 2, the redraw once drawn;
4, no echo of the front end's defaults). This module keeps what only widgets need: fix 3,
:class:`WidthProbe`, which reports the width of the box a board sits in.
"""
from __future__ import annotations

import anywidget
import traitlets

from ..viz.live import BUNDLE_URL_ENV, BoardWidget, bundle_path

__all__ = ["BoardWidget", "WidthProbe", "bundle_path", "BUNDLE_URL_ENV"]


class WidthProbe(anywidget.AnyWidget):
    """An invisible widget that reports the width (px) of the element it sits in.

    Put it in a box: ``width`` follows the box's content width (0 until the page drew it).
    """

    _esm = """
    export default {
      render({ model, el }) {
        el.style.height = "0px";
        el.style.overflow = "hidden";
        const box = () => el.parentElement;
        const report = () => {
          const b = box();
          if (!b) return;
          const cs = getComputedStyle(b);
          const w = Math.floor(b.getBoundingClientRect().width
                               - parseFloat(cs.paddingLeft || 0) - parseFloat(cs.paddingRight || 0)
                               - parseFloat(cs.borderLeftWidth || 0) - parseFloat(cs.borderRightWidth || 0));
          if (w > 0 && w !== model.get("width")) { model.set("width", w); model.save_changes(); }
        };
        let ro = null;
        const start = () => {
          const b = box();
          if (!b) { requestAnimationFrame(start); return; }
          ro = new ResizeObserver(report);
          ro.observe(b);
          report();
        };
        start();
        return () => { if (ro) ro.disconnect(); };
      }
    };
    """
    width = traitlets.Int(0).tag(sync=True)
