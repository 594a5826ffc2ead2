"""The board widget: plotly's FigureWidget, with three fixes GameApp needs.

Found in plotly 6-7's anywidget front end (``plotly/package_data/widgetbundle.js``):

1. **The first view must be born with the figure.** The front end's view draws
   ``_widget_data`` and ``_widget_layout`` once, when it is rendered; later changes of
   those two traits are ignored (``do_data(){}``, ``do_layout(){}``). plotly's Python
   side opens the widget's comm with both empty and fills them in with two updates
   right after; when the page renders the view before those updates are applied (a
   busy kernel or browser), the board stays an empty plot (360 px high, default axes)
   for good: the "flaky empty boards under load". :class:`BoardWidget` can open its
   comm only once the figure is in place (``_DEFER_OPEN``), so the model is created
   with the data; it is off, see 3.
2. **The board is drawn at its box's width.** In the anywidget front end the figure is
   autosized once, when its view is rendered (often before it is in the page, hence
   plotly's default 700 px), and never again: no resize listener is installed. A
   :class:`WidthProbe` beside the board reports the width of the board's box (a
   ResizeObserver, so a cell that gets narrower or wider is followed) and GameApp
   sets the figure's width and height from it.
3. **A view that does not draw can be seen.** Under load (a load average of 12, in
   unchanged code too) a plotly view sometimes never applies the kernel's edits: it
   keeps what it drew first (an empty plot when that came before the data), while the
   button and HTML widgets of the same app update fine. The page answers every edit it
   draws (``_js2py_traceDeltas``, ``_js2py_widget_layoutDelta``), so
   :attr:`BoardWidget.unanswered` and :attr:`BoardWidget.drawn_empty` tell from the
   kernel. Tried and dropped: opening the comm with the figure already in it
   (``_DEFER_OPEN``: the view then had its data, but was deaf to edits more often), and
   replacing a deaf board by a new one from the kernel (the new boards were as deaf).
4. **No echo of the front end's defaults.** After every restyle the front end sends
   each trace's computed defaults back (``_js2py_traceDeltas``); plotly's Python side
   walks all of them, on every step. GameApp never reads those defaults, so the
   message is dropped at once (a kernel-side cost per step, proportional to the board).
"""
from __future__ import annotations

import anywidget
import plotly.graph_objects as go
import traitlets
from plotly.serializers import custom_serializers

__all__ = ["BoardWidget", "WidthProbe"]

#: open the comm only once the figure is in it (fix 1); off: measured under load, boards
#: made that way were deaf to later edits more often than not (see the module docstring)
_DEFER_OPEN = False


class BoardWidget(go.FigureWidget):
    """A FigureWidget whose comm opens with the figure in it (see the module docstring)."""

    def __init__(self, *args, **kwargs):
        self._tabletop_defer_open = _DEFER_OPEN
        try:
            super().__init__(*args, **kwargs)
        finally:
            self._tabletop_defer_open = False
        self.open()

    def open(self):
        if getattr(self, "_tabletop_defer_open", False):
            return  # opened by __init__ once _widget_data and _widget_layout are set
        super().open()

    # the page's answers to each edit (plotly.js sends them after drawing one): GameApp
    # checks that a board it edited answered, and replaces a board whose view went deaf
    _js2py_widget_layoutDelta = traitlets.Dict(allow_none=True).tag(sync=True, **custom_serializers)
    _tabletop_acked = (-1, -1)     # (trace, layout) edit ids the page said it drew
    _tabletop_drawn = None         # traces in the figure the page drew first (None: no word)
    _tabletop_on_answer = None     # called after each answer of the page

    @traitlets.observe("_js2py_traceDeltas")
    def _handler_js2py_traceDeltas(self, change):  # plotly's handler, replaced
        # the trace defaults the page computed: not needed (see the module docstring)
        msg = change["new"]
        if msg:
            if self._tabletop_drawn is None:
                self._tabletop_drawn = len(msg.get("trace_deltas") or ())
            edit = msg.get("trace_edit_id")
            if isinstance(edit, int):
                self._tabletop_acked = (max(self._tabletop_acked[0], edit), self._tabletop_acked[1])
            self._trace_edit_in_process = False
            self._js2py_traceDeltas = None
            self._answered()

    @traitlets.observe("_js2py_widget_layoutDelta")
    def _on_layout_answer(self, change):
        msg = change["new"]
        if msg:
            edit = msg.get("layout_edit_id")
            if isinstance(edit, int):
                self._tabletop_acked = (self._tabletop_acked[0], max(self._tabletop_acked[1], edit))
            self._layout_edit_in_process = False
            self._js2py_widget_layoutDelta = None  # type: ignore[assignment]  # as plotly resets it
            self._answered()

    def _answered(self) -> None:
        if self._tabletop_on_answer is not None:
            self._tabletop_on_answer()

    @property
    def unanswered(self) -> bool:
        """True when the page has not yet drawn the last edit sent to it."""
        trace, layout = self._tabletop_acked
        return trace < self._last_trace_edit_id or layout < self._last_layout_edit_id

    @property
    def drawn_empty(self) -> bool:
        """True when the page drew this board without its traces (a view that missed the data)."""
        return self._tabletop_drawn is not None and self._tabletop_drawn < len(self.data)


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
