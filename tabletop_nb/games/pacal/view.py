"""Plotly drawing of a Pacal's Rocket state, for GameApp and notebooks.

The view contract (docs/DEVELOPING.md): :func:`layers` returns the same seven traces in
the same order for every state - the district heat map (values as text, lake blue,
covered spaces grey), the river and lake marks, the energy stones by colour (stones
hidden under a ship drawn faint), the pyramids with their heights, the ships, the
clickable places and a status line. :func:`figure` adds the fixed layout.
:func:`place_actions` maps a space key ``"x,y"`` to the action a click there chooses:
where a die move, a god-stone or ship placement, or a take-back can go.

Examples
--------
>>> import tabletop_nb
>>> from tabletop_nb.games.pacal import view
>>> game = tabletop_nb.load_game("pacal", players=3)
>>> s = game.initial_state()
>>> len(view.layers(game, s)), sorted(view.place_actions(game, s))[:2]
(7, ['5,5', '5,6'])
"""
from __future__ import annotations

import math
import textwrap
from typing import Any

import plotly.graph_objects as go

from ...core import memo
from .engine import COLOURS
from .state import OVER, Move, Place, PlaceShip, TakeBack

__all__ = ["figure", "layers", "place_actions", "reach_figure", "SEAT_COLOURS", "key", "FONT", "WIDTH",
           "AXIS_TITLES"]

#: drawing colours of the seats (Yellow, Violet, Green, Blue, Orange)
SEAT_COLOURS = ("#f2c500", "#8e44ad", "#27ae60", "#2e86de", "#e67e22")
#: the same colours dark enough for text on white
_TEXT_COLOURS = ("#9a7b00", "#7d3c98", "#1e8449", "#1f5fa8", "#b9600f")
LAKE = "#3a7bd5"
#: the smallest font on the board (px); the figure is drawn for an output 900 px wide
FONT = 11
WIDTH = 900
_AXIS = 44       # px for the coordinates and their titles left of and under the board
_PANEL_W = 4.8   # the status panel right of the board, in spaces
#: the axes' titles: a move "to (5, 10)" is column x = 5, row y = 10
AXIS_TITLES = ("x: a move to (x, y) ends in column x", "y: row y")
COVERED = "#4a4a4a"
_OFFSETS = (-0.32, -0.16, 0.0, 0.16, 0.32)


def key(xy) -> str:
    """The click key of a space: ``"x,y"``.

    Parameters
    ----------
    xy : tuple of int
        A space ``(x, y)``.

    Returns
    -------
    str
        Its click key.

    Examples
    --------
    >>> key((3, 4))
    '3,4'
    """
    return f"{xy[0]},{xy[1]}"


#: the districts' heatmap layer by board and player count (the covered spaces): it never
#: changes within a game
_DISTRICT_LAYERS = memo.cache("pacal.view_districts", key="(board, players)")


def _district_layer(game) -> dict:
    """The districts' heatmap (colours, values, what each space is), a fresh copy."""
    cache = _DISTRICT_LAYERS.get((game.rules.board, game.rules.players))
    if cache is not None:
        # new lists every call: GameApp diffs layers and may keep the ones it was given
        return {**cache, "z": [r[:] for r in cache["z"]], "text": [r[:] for r in cache["text"]],
                "hovertext": [r[:] for r in cache["hovertext"]]}
    geo, board = game.geo, game.rules.board
    n = len(board.districts)
    colours = [d.colour for d in board.districts] + [LAKE, COVERED]
    total = len(colours)
    scale = []
    for i, c in enumerate(colours):
        scale += [[i / total, c], [(i + 1) / total, c]]
    z, text, hover = [], [], []
    for y in range(geo.height):
        zr, tr, hr = [], [], []
        for x in range(geo.width):
            i = geo.index[(x, y)]
            k = geo.district[i]
            if k < 0:
                zr.append(n + 0.5)
                tr.append("")
                hr.append(f"({x}, {y}) lake")
                continue
            d = board.districts[k]
            covered = geo.covered_mask >> i & 1
            zr.append((n + 1.5) if covered else k + 0.5)
            tr.append("" if covered else str(d.value))
            marks = [m for m, on in (("river", geo.river_mask >> i & 1),
                                     ("lake shore", geo.lakeside_mask >> i & 1)) if on]
            hr.append(f"({x}, {y}) {d.name} {d.letter}, value {d.value}"
                      + (" - covered" if covered else "") + ("; " + ", ".join(marks) if marks else ""))
        z.append(zr)
        text.append(tr)
        hover.append(hr)
    layer = dict(type="heatmap", name="districts", z=z, text=text, hovertext=hover,
                 texttemplate="%{text}", textfont=dict(size=FONT, color="rgba(0,0,0,0.6)"),
                 hoverinfo="text", colorscale=scale, zmin=0, zmax=total, showscale=False,
                 xgap=1, ygap=1)
    _DISTRICT_LAYERS[(game.rules.board, game.rules.players)] = layer
    return {**layer, "z": [r[:] for r in z], "text": [r[:] for r in text],
            "hovertext": [r[:] for r in hover]}


def _marks_layer(game) -> dict:
    geo = game.geo
    xs, ys, sym = [], [], []
    for c in range(geo.size):
        x, y = geo.xy[c]
        if geo.river_mask >> c & 1:
            xs.append(x - 0.3)
            ys.append(y - 0.3)
            sym.append("line-ew-open")
        if geo.lakeside_mask >> c & 1:
            xs.append(x + 0.3)
            ys.append(y - 0.3)
            sym.append("circle-open")
    return dict(type="scatter", name="river and lake marks", x=xs, y=ys, mode="markers",
                marker=dict(symbol=sym, size=8, color=LAKE, line=dict(width=2, color=LAKE)),
                hoverinfo="skip")


def layers(game, state, highlight=frozenset()) -> list[dict]:
    """Seven plotly trace dicts: districts, marks, stones, pyramids, ships, places, status.

    Parameters
    ----------
    game : PacalGame
        A Pacal's Rocket game.
    state : PacalState
        The state drawn.
    highlight : frozenset, default frozenset()
        Space keys (:func:`key`) to mark as clickable.

    Returns
    -------
    list of dict
        Plotly trace dicts, in the order of :data:`LAYERS`.

    Examples
    --------
    >>> import tabletop_nb
    >>> game = tabletop_nb.load_game("pacal", players=2)
    >>> len(layers(game, game.initial_state()))
    7
    """
    geo = game.geo
    xy = geo.xy
    n = game.num_players
    ships = {c: q for q, c in enumerate(state.ships) if c >= 0}
    # stones
    sx, sy, sc, so, sd, st = [], [], [], [], [], []
    for q in range(n):
        m = state.stones[q]
        c = 0
        while m:
            if m & 1:
                x, y = xy[c]
                sx.append(x + _OFFSETS[q])
                sy.append(y + 0.3)
                sc.append(SEAT_COLOURS[q])
                so.append(0.35 if c in ships else 1.0)
                sd.append(key((x, y)))
                st.append(f"{COLOURS[q]} stone on ({x}, {y})" + (" (under a ship)" if c in ships else ""))
            m >>= 1
            c += 1
    stones = dict(type="scatter", name="energy stones", x=sx, y=sy, mode="markers",
                  marker=dict(symbol="triangle-up", size=9, color=sc, opacity=so,
                              line=dict(width=1, color="#222")),
                  customdata=sd, hovertext=st, hoverinfo="text")
    # pyramids
    px, py, pc, ps, pt, pd, ph = [], [], [], [], [], [], []
    for c, v in enumerate(state.pyramids):
        if v:
            q, h = v >> 3, v & 7
            x, y = xy[c]
            px.append(x)
            py.append(y - 0.05)
            pc.append(SEAT_COLOURS[q])
            ps.append(12 + 4 * h)
            pt.append(str(h))
            pd.append(key((x, y)))
            ph.append(f"{COLOURS[q]} {h}-story pyramid on ({x}, {y})")
    pyramids = dict(type="scatter", name="pyramids", x=px, y=py, mode="markers+text",
                    marker=dict(symbol="triangle-up", size=ps, color=pc, line=dict(width=1.5, color="#111")),
                    text=pt, textposition="middle center", textfont=dict(size=FONT, color="#111"),
                    customdata=pd, hovertext=ph, hoverinfo="text")
    # ships
    hx, hy, hc, hd, ht = [], [], [], [], []
    for q in range(n):
        c = state.ships[q]
        if c >= 0:
            x, y = xy[c]
            hx.append(x)
            hy.append(y)
            hc.append(SEAT_COLOURS[q])
            hd.append(key((x, y)))
            ht.append(f"{COLOURS[q]}'s spaceship on ({x}, {y})")
    ships_t = dict(type="scatter", name="spaceships", x=hx, y=hy, mode="markers",
                   marker=dict(symbol="circle", size=18, color=hc, line=dict(width=2.5, color="white")),
                   customdata=hd, hovertext=ht, hoverinfo="text")
    # clickable places
    lx, ly, ld = [], [], []
    for k in sorted(highlight):
        try:
            x, y = (int(v) for v in str(k).split(","))
        except ValueError:
            continue
        lx.append(x)
        ly.append(y)
        ld.append(k)
    places = dict(type="scatter", name="places", x=lx, y=ly, mode="markers",
                  marker=dict(symbol="square-open", size=22, color="#000", line=dict(width=2.5)),
                  customdata=ld, hovertext=[f"choose ({x}, {y})" for x, y in zip(lx, ly)],
                  hoverinfo="text")
    # the status panel right of the board: the phase (wrapped), then each player's points
    lines = textwrap.wrap(game.phase(state), 28) or [""]
    lines += [""] + [f"<span style='color:{_TEXT_COLOURS[q]}'><b>{COLOURS[q]}</b></span>: "
                     f"{v} points" for q, v in enumerate(state.scores)]
    status = dict(type="scatter", name="status", x=[geo.width + 0.1] * len(lines),
                  y=[0.55 * k for k in range(len(lines))], mode="text", text=lines,
                  textposition="middle right", hoverinfo="skip", textfont=dict(size=12, color="#1b1b1b"))
    return [_district_layer(game), _marks_layer(game), stones, pyramids, ships_t, places, status]


def figure(game, state, highlight=frozenset()) -> go.Figure:
    """The board as a plotly figure (fixed layout; see :func:`layers`).

    Parameters
    ----------
    game : PacalGame
        A Pacal's Rocket game.
    state : PacalState
        The state drawn.
    highlight : frozenset, default frozenset()
        Space keys (:func:`key`) to mark as clickable.

    Returns
    -------
    plotly.graph_objects.Figure
        The board: districts, stones, pyramids, ships, status.

    Examples
    --------
    >>> import tabletop_nb
    >>> game = tabletop_nb.load_game("pacal", players=4)
    >>> len(figure(game, game.initial_state()).to_json()) < 100_000
    True
    """
    geo = game.geo
    fig = go.Figure(data=[go.Heatmap(layers(game, state, highlight)[0])] +
                    [go.Scatter(t) for t in layers(game, state, highlight)[1:]])
    x0, x1 = -0.55, geo.width - 0.45 + _PANEL_W
    scale = (WIDTH - _AXIS) / (x1 - x0)  # px per space at the output width drawn for
    fig.update_layout(
        autosize=True, height=math.ceil((geo.height + 0.1) * scale) + _AXIS, showlegend=False,
        margin=dict(l=_AXIS, r=0, t=0, b=_AXIS), font=dict(size=FONT),
        plot_bgcolor="white", clickmode="event", dragmode=False,
        # the moves name a space (x, y): the titles say which number is which
        xaxis=dict(range=[x0, x1], showgrid=False, zeroline=False, fixedrange=True,
                   tickvals=list(range(geo.width)), tickfont=dict(size=FONT),
                   title=dict(text=AXIS_TITLES[0], font=dict(size=12), standoff=4)),
        yaxis=dict(range=[geo.height - 0.45, -0.55], showgrid=False, zeroline=False, fixedrange=True,
                   tickvals=list(range(geo.height)), tickfont=dict(size=FONT),
                   title=dict(text=AXIS_TITLES[1], font=dict(size=12), standoff=4),
                   scaleanchor="x", scaleratio=1))
    return fig


def place_actions(game, state) -> dict[str, Any]:
    """Space key ``"x,y"`` -> the action a click on that space chooses now.

    Move step: the die move ending there (a straight or arrows move before a turning one,
    since it earns two stones); god-stone and ship placements; take-backs in the drop
    step. Build choices and drops are chosen with the action buttons.

    Parameters
    ----------
    game : PacalGame
        A Pacal's Rocket game.
    state : PacalState
        The state drawn.

    Returns
    -------
    dict
        ``{"x,y": action}``.

    Examples
    --------
    >>> import tabletop_nb
    >>> game = tabletop_nb.load_game("pacal", players=2)
    >>> list(place_actions(game, game.initial_state()).items())[:2]   # setup: ships in the holy district
    [('5,5', PlaceShip(at=(5, 5))), ('6,5', PlaceShip(at=(6, 5)))]
    """
    if state.phase in (OVER,) or game.current_player(state) < 0:
        return {}
    out: dict[str, Any] = {}
    for a in game.legal_actions(state):
        t = type(a)
        if t is Move:
            k = key(a.to)
            if k not in out or out[k].kind == "turn":
                out[k] = a
        elif t in (Place, PlaceShip, TakeBack):
            out[key(a.at)] = a
    return out


def reach_figure(game, state, seat: int | None = None, *, god: bool = False) -> go.Figure:
    """Heat map of the exact chance that each space can be reached this round (odds.py).

    Parameters
    ----------
    game : PacalGame
        A Pacal's Rocket game.
    state : PacalState
        The state drawn.
    seat : int, optional
        Whose ship (default: the player to act).
    god : bool, default False
        Count a god stone's free placement too (PC-GOD).

    Returns
    -------
    plotly.graph_objects.Figure
        A heatmap over the board.

    Examples
    --------
    >>> import tabletop_nb
    >>> game = tabletop_nb.load_game("pacal", players=3)
    >>> s = game.position(ships=[(1, 1), (9, 9), (11, 11)], phase="roll")
    >>> reach_figure(game, s, 0).data[0].type
    'heatmap'
    """
    from .odds import reach_grid
    seat = state.player if seat is None else seat
    grid = reach_grid(game, state, seat, god=god)
    geo = game.geo
    x, y = geo.xy[state.ships[seat]]
    fig = go.Figure(go.Heatmap(z=grid, colorscale="Viridis", zmin=0, zmax=1, xgap=1, ygap=1,
                               colorbar=dict(title="P(reach)"),
                               hovertemplate="(%{x}, %{y}): %{z:.3f}<extra></extra>"))
    fig.add_trace(go.Scatter(x=[x], y=[y], mode="markers", hoverinfo="skip",
                             marker=dict(symbol="circle", size=16, color=SEAT_COLOURS[seat],
                                         line=dict(width=2, color="white"))))
    fig.update_layout(autosize=True, height=560, margin=dict(l=30, r=10, t=40, b=30), showlegend=False,
                      font=dict(size=FONT),
                      title=f"{COLOURS[seat]}: chance to reach each space this round",
                      yaxis=dict(autorange="reversed", scaleanchor="x", scaleratio=1))
    return fig

