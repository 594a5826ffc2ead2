"""GameApp's board: the game's view drawn from a session, sized to its box, clickable.

The figure is one :class:`~tabletop_nb.widgets._board.BoardWidget` updated in place: each
new state sends only the parts of each layer that changed (:func:`layer_delta`), merged
inside ``batch_update``. A click on a place the view offers (``view.place_actions``)
chooses that action through the session.
"""
from __future__ import annotations

import asyncio
import copy
from typing import Any, Callable

import ipywidgets as W
import numpy as np
import plotly.graph_objects as go

from ..session import Session
from ..viz.views import View
from ._board import BoardWidget, WidthProbe

__all__ = ["BoardPanel", "layer_delta", "refresh_figures"]

_MISSING = object()


def _same(a: Any, b: Any) -> bool:
    if a is b:
        return True
    if isinstance(a, np.ndarray) or isinstance(b, np.ndarray):
        try:
            return bool(np.array_equal(np.asarray(a, dtype=object), np.asarray(b, dtype=object)))
        except (TypeError, ValueError):
            return False
    try:
        return bool(a == b) and type(a) is type(b)
    except (TypeError, ValueError):  # values that do not compare plainly: send them
        return False


def layer_delta(old: dict, new: dict) -> dict:
    """The part of trace ``new`` that differs from ``old`` (nested dicts compared key by key).

    Validating a trace in plotly costs far more than comparing plain data, and most of a
    board (islands, grid, routes) is the same from one state to the next.

    Parameters
    ----------
    old : dict
        The trace as last sent (``{}`` for none: everything of ``new`` is sent).
    new : dict
        The trace the view draws now. Its ``type`` is never part of the delta.

    Returns
    -------
    dict
        The keys of ``new`` whose value differs (or is new), nested dicts narrowed the
        same way; empty when nothing changed.

    Examples
    --------
    >>> layer_delta({"x": [1, 2], "marker": {"color": "red", "size": 3}},
    ...             {"x": [1, 2], "marker": {"color": "blue", "size": 3}})
    {'marker': {'color': 'blue'}}
    """
    out = {}
    for k, v in new.items():
        if k == "type":
            continue
        o = old.get(k, _MISSING)
        if isinstance(v, dict) and isinstance(o, dict):
            d = layer_delta(o, v)
            if d:
                out[k] = d
        elif o is _MISSING or not _same(o, v):
            out[k] = v
    return out


def _snapshot(v: Any) -> Any:
    """A copy of a layer's containers, so a view that reuses its lists cannot fool the diff."""
    if isinstance(v, dict):
        return {k: _snapshot(x) for k, x in v.items()}
    if isinstance(v, list):
        return [_snapshot(x) for x in v]
    if isinstance(v, np.ndarray):
        return v.copy()
    return v


def _patched(old: dict, delta: dict) -> dict:
    """``old`` with ``delta`` applied (copies only what changed)."""
    if not delta:
        return old
    out = dict(old)
    for k, v in delta.items():
        o = out.get(k)
        out[k] = _patched(o, v) if isinstance(v, dict) and isinstance(o, dict) else _snapshot(v)
    return out


def refresh_figures(*figures: go.FigureWidget) -> None:
    """Send each figure's whole data and layout to the front end before it is shown.

    plotly's FigureWidget does this only when the figure itself is displayed, not when
    it is a child of a box; a new view then starts from the edits the front end has
    replayed on its own copy, which is fragile. Sending the state makes every new view
    start from exactly what Python holds.

    Parameters
    ----------
    *figures : plotly.graph_objects.FigureWidget
        The figures to send.

    Examples
    --------
    >>> import plotly.graph_objects as go
    >>> fw = go.FigureWidget(go.Scatter(x=[1, 2], y=[3, 4]))
    >>> fw.data[0].x = [5, 6]          # not yet in what the front end is given
    >>> fw._widget_data[0]["x"]
    [1, 2]
    >>> refresh_figures(fw)
    >>> fw._widget_data[0]["x"]
    [5, 6]
    """
    for fw in figures:
        fw._widget_data = copy.deepcopy(fw._data)
        fw._widget_layout = copy.deepcopy(fw._layout_obj._props)
        fw.send_state(["_widget_data", "_widget_layout"])


def _board_shape(layout, design_width) -> tuple[float, float, float] | None:
    """(plot-area height per px of plot-area width, horizontal margins, vertical margins)
    of a board figure drawn for ``design_width`` px, or None when its height is not to
    follow its width (no design width, no fixed height, or a fixed width)."""
    if not isinstance(design_width, (int, float)) or not layout.height or layout.width:
        return None
    m = layout.margin
    mx = (m.l if m.l is not None else 80) + (m.r if m.r is not None else 80)
    my = (m.t if m.t is not None else 100) + (m.b if m.b is not None else 80)
    if design_width <= mx or layout.height <= my:
        return None
    return (layout.height - my) / (design_width - mx), mx, my


def _board_height(shape: tuple[float, float, float], width: float) -> int:
    """The height of a board drawn ``width`` px wide (see :func:`_board_shape`).

    >>> _board_height((0.5, 0, 20), 900.0), _board_height((0.5, 0, 20), 600.0)
    (470, 320)
    """
    ratio, mx, my = shape
    return int(round(max(width - mx, 50) * ratio + my))


class BoardPanel:
    """The board of a :class:`~tabletop_nb.session.Session`, drawn with ``view``.

    ``box`` holds a width probe and the figure (``board``); the figure is as wide as the
    box and as tall as that width and the view's frame ask. ``render()`` draws the
    position on show; ``click_place(key)`` chooses the place's action.

    Parameters
    ----------
    session : Session
        The game drawn; a click chooses through it.
    view : View
        The game's view (:func:`tabletop_nb.viz.views.view_for`).
    press : callable
        Runs a handler (a function of no arguments) so that an error becomes the
        session's message, never a traceback: GameApp passes ``lambda fn: press(session, fn)``
        (:func:`tabletop_nb.widgets.panels.press`).
    offer : callable, optional
        Shows a place's several actions to pick from (``offer(actions)``): GameApp passes
        :meth:`~tabletop_nb.widgets.panels.ChoicesPanel.offer`. Without it such a click
        only says to use the buttons.

    Attributes
    ----------
    board : BoardWidget
        The figure (a plotly FigureWidget).
    places : dict
        Place key -> action, for the person to act on the position drawn last (empty
        when nobody at the screen is to act).
    place_options : dict
        Place key -> every action a click there may mean (``view.place_choices``).
    box : ipywidgets.VBox
        What the panel puts on the page.

    Examples
    --------
    >>> import tabletop_nb
    >>> from tabletop_nb.session import Session
    >>> from tabletop_nb.viz.views import view_for
    >>> from tabletop_nb.widgets.panels import press
    >>> g = tabletop_nb.load_game("pebble_rock", players=2)
    >>> s = Session(g, seats=["human", "greedy"], seed=1)
    >>> s.run()                        # the set-up draws, up to the first boat to place
    6
    >>> panel = BoardPanel(s, view_for(g), lambda fn: press(s, fn))
    >>> panel.render()
    >>> sorted(panel.places)           # the docks a boat may start on
    [38, 39, 47, 48, 56, 57]
    >>> panel.click_place(10), s.message
    (False, 'that place is not a legal choice now')
    >>> panel.click_place(38), s.actions[-1]
    (True, PlaceBoat(space=38))
    """

    #: seconds a board's view may stay empty after the kernel re-sent it, before a new
    #: board is put in its place; and how many new boards are tried
    RENEW_AFTER = 4.0
    RENEWALS = 3

    def __init__(self, session: Session, view: View, press: Callable[[Callable[[], Any]], Any],
                 offer: Callable[[list], Any] | None = None):
        self.session = session
        self.view = view
        self._press = press       # runs a handler with no traceback reaching the page
        self._offer = offer       # shows the person a place's several actions to pick from
        self.places: dict = {}    # place key -> action, for the person to act now
        self.place_options: dict = {}   # place key -> every action a click there may mean
        self._renewals = 0
        self._last_layers: list | None = None
        self.probe = WidthProbe()
        self.probe.observe(lambda ch: self._press(self.fit), "width")
        self.board = self._new_board()
        min_w = int(getattr(view.module, "MIN_WIDTH", 560))
        self.box = W.VBox([self.probe, self.board],
                          layout=W.Layout(flex=f"1000 1 {min_w}px", min_width="0", max_width="100%"))
        self.box.add_class("tabletop-board")

    # -------------------------------------------------------------- figure ----
    def view_kw(self, state) -> dict:
        """The generic view lists the legal actions: hidden on another seat's turn in a
        game with hidden information."""
        if not self.view.generic:
            return {}
        ses = self.session
        p = ses.game.current_player(state)
        v = ses.viewer
        hide = ses.masked and v is not None and p >= 0 and p != v
        return {"show_actions": not hide}

    def _new_board(self) -> go.FigureWidget:
        ses = self.session
        s = ses.history[ses.position]
        shown = ses.shown(s)
        fw = BoardWidget(self.view.figure(ses.game, shown, frozenset(), **self.view_kw(s)))
        fw._tabletop_on_drawn = self._on_drawn
        for tr in fw.data:
            tr.on_click(self._on_click)
        self._shape = _board_shape(fw.layout, getattr(self.view.module, "WIDTH", None))
        self._ranges = {ax: tuple(fw.layout[ax].range) for ax in ("xaxis", "yaxis")
                        if fw.layout[ax].range is not None}
        self._frame = self.view.frame(ses.game, shown)
        return fw

    def replace(self, view: View | None = None) -> None:
        """A new figure (another game or player count, or a view the page lost)."""
        if view is not None:
            self.view = view
        self.board = self._new_board()
        self._last_layers = None
        self.box.children = [self.probe, self.board]
        self.fit()

    def _on_drawn(self, board) -> None:
        """A view of ``board`` said what it drew: when it drew it empty, look again a
        little later and put a new board in its place if it is still empty (a model the
        page no longer hears: widgets/_board.py)."""
        if board is not self.board or not board.drawn_empty:
            return
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:
            return
        loop.call_later(self.RENEW_AFTER, lambda: self._press(lambda: self.renew_if_empty(board)))

    def renew_if_empty(self, board) -> bool:
        """Replace ``board`` when it is still this panel's board and its view still empty."""
        if board is not self.board or not board.drawn_empty:
            return False
        if self._renewals >= self.RENEWALS:
            self.session.say("the board could not be drawn by this page: re-run the cell", "error")
            return False
        self._renewals += 1
        self.replace()
        self.render()
        return True

    # -------------------------------------------------------------- sizing ----
    def fit(self) -> None:
        """Draw the board at the width of its box (reported by the page), its height
        following (the same aspect as at the view's WIDTH)."""
        width = self.probe.width
        if not width or width < 50:
            return
        lay = self.board.layout
        shape = self._shape
        height = _board_height(shape, float(width)) if shape is not None else lay.height
        if lay.width == width and (shape is None or lay.height == height):
            return
        with self.board.batch_update():
            lay.width = width
            if shape is not None:
                lay.height = height
        # plotly.js writes the ranges it widened to keep the aspect (scaleanchor) back into
        # the page's layout, and the next size would widen them again: send the view's own
        # ranges with every new size
        ranges = {f"{ax}.range": list(r) for ax, r in self._ranges.items()}
        if ranges:
            self.board._send_relayout_msg(ranges)

    def _follow_frame(self, shown) -> None:
        """A view whose figure is as tall as what it shows (``frame(game, state)``, e.g.
        Neko's lanes and bids) gets its board resized when that changes."""
        try:
            fr = self.view.frame(self.session.game, shown)
        except Exception as e:  # noqa: BLE001
            self.session.say(f"the view could not size this state: {type(e).__name__}: {e}", "error")
            return
        if not fr or fr == self._frame:
            return
        self._frame = fr
        lay = self.board.layout
        height = fr.get("height")
        if isinstance(height, (int, float)) and height > 0:
            self._shape = _board_shape(go.Layout(height=height, margin=lay.margin),
                                       getattr(self.view.module, "WIDTH", None))
        self._ranges = {ax: tuple(fr[ax]) for ax in ("xaxis", "yaxis") if fr.get(ax) is not None}
        width = self.probe.width
        with self.board.batch_update():
            for ax, r in self._ranges.items():
                lay[ax].range = list(r)
            if self._shape is not None and width and width >= 50 and lay.width:
                lay.height = _board_height(self._shape, float(lay.width))
            elif isinstance(height, (int, float)) and height > 0:
                lay.height = int(height)
        self.fit()

    # ------------------------------------------------------------- drawing ----
    def render(self) -> None:
        """Draw the position on show, its places highlighted when a person is to act."""
        ses = self.session
        s = ses.history[ses.position]
        shown = ses.shown(s)
        options: dict = {}
        if ses.live and ses.person_to_act(s) and not ses.autoplaying:
            try:
                options = self.view.place_choices(ses.game, shown)
            except Exception as e:  # noqa: BLE001
                ses.say(f"the view's place_actions failed: {type(e).__name__}: {e}", "error")
        self.place_options = options
        self.places = places = {k: v[0] for k, v in options.items()}
        try:
            layers = self.view.layers(ses.game, shown, frozenset(places), **self.view_kw(s))
        except Exception as e:  # noqa: BLE001
            ses.say(f"the view could not draw this state: {type(e).__name__}: {e}", "error")
            return
        traces = self.board.data
        if len(layers) != len(traces):
            ses.say(f"{self.view.name}.layers gave {len(layers)} traces, the board has "
                    f"{len(traces)}: a view must return the same layers for every state "
                    "(docs/DEVELOPING.md)", "error")
            return
        last = self._last_layers
        if last is None or len(last) != len(layers):
            last = [{} for _ in layers]
        deltas = [layer_delta(old, new) for old, new in zip(last, layers)]
        if any(deltas):
            with self.board.batch_update():
                for tr, delta in zip(traces, deltas):
                    if delta:
                        # merge, not overwrite=True: plotly's front-end model mishandles
                        # whole-object replacements (a figure updated before it is shown
                        # then fails to draw: "Cannot use 'in' operator to search for 'line'")
                        tr.update(delta)
            self._last_layers = [_patched(old, delta) for old, delta in zip(last, deltas)]
        self._follow_frame(shown)

    # -------------------------------------------------------------- clicks ----
    def _on_click(self, trace, points, state) -> None:
        if not points.point_inds:
            return
        index = points.point_inds[0]
        data = trace.customdata
        key = None
        if data is not None and 0 <= index < len(data):
            key = data[index]
            if isinstance(key, (list, tuple)) and len(key) == 1:
                key = key[0]
        self._press(lambda: self.click_place(key))

    def click_place(self, key: Any) -> bool:
        """Choose the action of board place ``key`` when it is a legal target now; when the
        place offers several actions (``view.place_choices``), show those to pick from
        (the ``offer`` given) and return False; else a message and False."""
        ses = self.session
        if ses.autoplaying:
            ses.say("autoplay is running: press stop before you choose", "error")
            return False
        if not ses.live:
            ses.say("you are reviewing the timeline: move it to the end to play", "error")
            return False
        try:
            hit = key in self.places
        except TypeError:
            hit = False
        if not hit:
            s = ses.state
            if ses.game.is_terminal(s):
                ses.say("the game is over: " + ses.result_text(s), "error")
            elif self.places:
                ses.say("that place is not a legal choice now", "error")
            else:
                ses.say("nothing on the board can be chosen now", "error")
            return False
        options = self.place_options.get(key) or [self.places[key]]
        if len(options) > 1:
            if self._offer is None:
                ses.say(f"that place offers {len(options)} choices: choose one with the buttons", "info")
                return False
            self._offer(options)
            ses.say(f"that place offers {len(options)} choices: which one?", "info")
            return False
        return ses.choose(options[0])
