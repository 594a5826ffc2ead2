"""A live figure: plotly's FigureWidget, with the fixes every in-place figure needs.

:class:`BoardWidget` is the one figure that studies (``balance(..., live=True)``'s race chart)
and widgets (GameApp's board, DiceLab, the class view) update in place. It lives here, below
both, so a study never reaches into the widgets layer. Importing this module needs anywidget
(plotly's FigureWidget does); a caller that must also run without it falls back to a plain
``go.Figure`` itself.

Found in plotly 6-7's anywidget front end (``plotly/package_data/widgetbundle.js``) and
anywidget 0.11's (``anywidget/labextension``):

1. **Empty and deaf boards under load: anywidget's 2-second model timeout.** anywidget
   gives each model 2 s (``AbortSignal.timeout(2000)`` in its ``Runtime``) to import
   its ``_esm`` and run ``initialize``; past that the model's ``ready`` promise is
   rejected, for good. Every comm message of that model waits on ``ready``
   (``AnyModel._handle_comm_msg``), so after a rejection every message is dropped:
   the update that carries the figure (``_widget_data``, ``_widget_layout``: plotly
   opens the comm with both empty) and every later edit. The view is still drawn once
   the module is in, from the empty model: an empty plot, 700 x 360 px with default
   axes, deaf to the kernel (the "flaky empty boards"). plotly's ``_esm`` is its whole
   4.9 MB bundle, imported again for every FigureWidget (a blob URL each), which on a
   loaded machine takes longer than 2 s; two in one app load it twice at once.
   :class:`BoardWidget` replaces the ``_esm`` by a small module (``_ESM``) that
   finishes ``initialize`` at once and imports plotly's bundle only when drawing, once
   per page for every board (it travels in the ``_tabletop_bundle`` trait). So the
   model is ready well inside the 2 s and hears every message. Where the server serves
   the bundle as a file (the classroom server, ``tools/classroom.py``, which sets
   ``TABLETOP_PLOTLY_BUNDLE_URL``), the board sends only its URL
   (``_tabletop_bundle_url``) and the browser fetches it once and caches it: 30 students'
   kernels then do not each send two copies of 4.9 MB through the server.
2. **A view that came up before the model was current is redrawn.** The bundle's own
   view draws ``_widget_data`` and ``_widget_layout`` when it is rendered and ignores
   later changes of those two (``do_data(){}``); edits sent while the bundle was still
   loading may not be in the model yet. So once a view has drawn it tells the kernel
   (``{"tabletop": "drawn", "traces": n}``), the kernel sends the whole figure again
   (:meth:`BoardWidget.refresh`), and the view redraws from it when it differs and says
   so (``"redrawn"``). The kernel counts the views' reports (:attr:`BoardWidget.drawn`,
   the trace count of the last report in :attr:`BoardWidget.drawn_traces`), so a view
   still empty after the refresh (a model that went deaf all the same) is seen:
   :attr:`BoardWidget.drawn_empty`; GameApp then puts a new board in its place.
3. **The board is drawn at its box's width.** In the anywidget front end the figure is
   autosized once, when its view is rendered (often before it is in the page, hence
   plotly's default 700 px), and never again: no resize listener is installed. A
   ``widgets._board.WidthProbe`` beside the board reports the width of the board's box (a
   ResizeObserver, so a cell that gets narrower or wider is followed) and GameApp
   sets the figure's width and height from it.
4. **No echo of the front end's defaults.** After every restyle the front end sends
   each trace's computed defaults back (``_js2py_traceDeltas``); plotly's Python side
   walks all of them, on every step. GameApp never reads those defaults, so the
   message is dropped at once (a kernel-side cost per step, proportional to the board).
   The page's answers to each edit still tell :attr:`BoardWidget.unanswered`.
"""
from __future__ import annotations

import copy
import functools
import os
import pathlib
from typing import Any, Callable

import plotly
import plotly.graph_objects as go
import traitlets
from plotly.serializers import custom_serializers

__all__ = ["BoardWidget", "bundle_path", "BUNDLE_URL_ENV"]


#: set (by tools/classroom.py) to the URL the server serves plotly's widget bundle at; the
#: boards then send that URL instead of the bundle's 4.9 MB text (see the module docstring)
BUNDLE_URL_ENV = "TABLETOP_PLOTLY_BUNDLE_URL"


def bundle_path() -> pathlib.Path:
    """The file of plotly's own widget module (its FigureWidget ``_esm``).

    The classroom server serves this file (``tools/classroom.py``), so the boards send its
    URL instead of its text.

    Returns
    -------
    pathlib.Path

    Examples
    --------
    >>> bundle_path().name
    'widgetbundle.js'
    """
    return pathlib.Path(plotly.__file__).parent / "package_data" / "widgetbundle.js"


@functools.lru_cache(maxsize=1)
def _bundle_source() -> str:
    """plotly's own widget module (its FigureWidget ``_esm``), as text."""
    return bundle_path().read_text(encoding="utf-8")


#: the board's front end: ready at once (fix 1); plotly's bundle imported on first draw,
#: once per page; a fresh plotly view (with its own listeners) per draw; redrawn when the
#: kernel sends the whole figure (fix 2)
_ESM = """
const KEY = "__tabletop_plotly_widget_" + %(version)s;
function bundle(model) {
  let p = globalThis[KEY];
  if (!p) {
    const served = model.get("_tabletop_bundle_url");
    const url = served ? new URL(served, document.baseURI).href
      : URL.createObjectURL(new Blob([model.get("_tabletop_bundle")], { type: "text/javascript" }));
    const done = () => { if (!served) URL.revokeObjectURL(url); };
    p = globalThis[KEY] = import(url);
    p.then(done, () => { done(); if (globalThis[KEY] === p) delete globalThis[KEY]; });
  }
  return p;
}
// the model as plotly's code uses it (get, set, on, save_changes), with every listener
// it adds remembered, so a redraw leaves no old view listening
function scoped(model) {
  const subs = [];
  return {
    api: {
      get: (k) => model.get(k),
      set: (k, v) => model.set(k, v),
      save_changes: () => model.save_changes(),
      on: (ev, cb) => { model.on(ev, cb); subs.push([ev, cb]); },
      off: (ev, cb) => model.off(ev, cb),
      send: (...a) => model.send(...a),
    },
    off: () => { for (const [ev, cb] of subs) model.off(ev, cb); subs.length = 0; },
  };
}
export default {
  initialize() {},
  async render({ model, el }) {
    const mod = await bundle(model);
    let current = null, alive = true, pending = false;
    const draw = () => {
      if (current) current();
      const scope = scoped(model);
      const w = mod.default();
      w.initialize({ model: scope.api });
      const cleanup = w.render({ el });
      current = () => { scope.off(); if (typeof cleanup === "function") cleanup(); };
    };
    draw();
    model.send({ tabletop: "drawn", traces: (model.get("_widget_data") || []).length });
    const redraw = () => {
      if (pending || !alive) return;
      pending = true;
      Promise.resolve().then(() => {
        pending = false;
        if (!alive) return;
        draw();
        model.send({ tabletop: "redrawn", traces: (model.get("_widget_data") || []).length });
      });
    };
    model.on("change:_widget_data", redraw);
    model.on("change:_widget_layout", redraw);
    return () => {
      alive = false;
      model.off("change:_widget_data", redraw);
      model.off("change:_widget_layout", redraw);
      if (current) current();
    };
  },
};
""" % {"version": repr(plotly.__version__)}


class BoardWidget(go.FigureWidget):
    """A FigureWidget whose model is ready in time and whose views redraw from the
    kernel's figure once they are drawn (see the module docstring).

    Parameters
    ----------
    *args, **kwargs
        As for ``plotly.graph_objects.FigureWidget`` (data, layout).

    Examples
    --------
    >>> fig = BoardWidget()
    >>> with fig.batch_update():
    ...     _ = fig.add_scatter(x=[0, 1], y=[2, 3])
    ...     fig.layout.title.text = "updated in place"
    >>> len(fig.data), fig.drawn, fig.drawn_empty   # no page has drawn it yet
    (1, 0, False)
    """

    _esm = _ESM
    _tabletop_bundle = traitlets.Unicode().tag(sync=True)
    _tabletop_bundle_url = traitlets.Unicode().tag(sync=True)

    @traitlets.default("_tabletop_bundle_url")
    def _bundle_url_default(self) -> str:
        return os.environ.get(BUNDLE_URL_ENV, "")

    @traitlets.default("_tabletop_bundle")
    def _bundle_default(self) -> str:
        return "" if self._tabletop_bundle_url else _bundle_source()

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self._tabletop_drawn = 0                  # views that said they drew this board
        self._tabletop_drawn_traces: int | None = None   # traces in the last (None: no word)
        self.on_msg(self._on_page_msg)

    def _on_page_msg(self, widget, content, buffers) -> None:
        kind = content.get("tabletop") if isinstance(content, dict) else None
        if kind not in ("drawn", "redrawn"):
            return
        traces = content.get("traces")
        self._tabletop_drawn_traces = traces if isinstance(traces, int) else None
        if kind == "drawn":          # a new view: send it the whole figure (fix 2)
            self._tabletop_drawn += 1
            self.refresh()
        if self._tabletop_on_drawn is not None:
            self._tabletop_on_drawn(self)

    def refresh(self) -> None:
        """Send the whole figure to the page: a view drawn from an older copy redraws."""
        self._widget_data = copy.deepcopy(self._data)
        self._widget_layout = copy.deepcopy(self._layout_obj._props)
        self.send_state(["_widget_data", "_widget_layout"])

    # the page's answers to each edit (plotly.js sends them after drawing one)
    _js2py_widget_layoutDelta = traitlets.Dict(allow_none=True).tag(sync=True, **custom_serializers)
    _tabletop_acked = (-1, -1)     # (trace, layout) edit ids the page said it drew
    _tabletop_on_answer = None     # called after each answer of the page
    _tabletop_on_drawn: Callable[[Any], None] | None = None  # called with the board after each view's drawn report

    @traitlets.observe("_js2py_traceDeltas")
    def _handler_js2py_traceDeltas(self, change):  # plotly's handler, replaced
        # the trace defaults the page computed: not needed (see the module docstring)
        msg = change["new"]
        if msg:
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
    def drawn(self) -> int:
        """How many views said they drew this board."""
        return self._tabletop_drawn

    @property
    def drawn_traces(self) -> int | None:
        """The traces the last view that reported drew (None before any report)."""
        return self._tabletop_drawn_traces

    @property
    def drawn_empty(self) -> bool:
        """True when the last view that reported drew this board without its traces."""
        return self.drawn_traces is not None and self.drawn_traces < len(self.data)


