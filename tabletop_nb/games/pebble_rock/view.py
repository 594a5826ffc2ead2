"""Plotly drawing of a Pebble Rock state, for GameApp and notebooks.

The view contract (docs/DEVELOPING.md): :func:`layers` returns the same 12 traces, in the
same order, for every state: the dotted lines, the islands in their colour groups, the
Delivery standees (the row's islands, highlighted), Pebble Rock with the Lighthouse and
the landmarks, the spaces (docks, fishing and Market spaces marked), a reach heat map
(empty unless asked for), Jetstream tokens, Treasure tokens, the three characters, the
boats, the clickable targets, and a text panel (round, the Delivery row, the Market).
:func:`figure` adds the fixed layout. :func:`place_actions` maps a space id (the
``customdata`` of every point drawn on a space) to the action a click chooses there:
a step of the move, where a character goes, or a boat's starting dock.

:func:`reach_figure` draws the exact chance of reaching each space this turn for a dice
choice (``odds.reach_map``) as a heat map on the board.

Examples
--------
>>> import tabletop_nb
>>> from tabletop_nb.games.pebble_rock import view
>>> game = tabletop_nb.load_game("pebble_rock", players=4)
>>> s = game.initial_state()
>>> len(view.layers(game, s)) == len(view.LAYERS)
True
>>> len(view.figure(game, s).to_json()) < 100_000
True
"""
from __future__ import annotations

import math
import textwrap
from typing import Any

import plotly.graph_objects as go

from . import analysis, odds
from .state import PlaceBoat, PlaceCharacter, Step

__all__ = ["figure", "layers", "place_actions", "reach_figure", "LAYERS", "ISLAND_COLOURS",
           "SEAT_COLOURS", "FONT", "WIDTH"]

#: the layers, in order (one trace each)
LAYERS = ("dotted lines", "islands", "delivery standees", "Pebble Rock and landmarks",
          "spaces", "reach", "jetstreams", "treasure", "characters", "boats", "targets", "panel")
ISLAND_COLOURS = {"red": "#e4572e", "blue": "#3a7bd5", "green": "#43aa8b", "yellow": "#f3c623"}
SEAT_COLOURS = ("#ff7f0e", "#9467bd", "#17becf", "#e377c2")
CHARACTER_STYLE = {"maisy": ("Maisy", "#4f6d7a"), "larry": ("Larry", "#6b6b6b"),
                   "roberto": ("Roberto", "#1b1b1b")}
_SEA = "#cfe8f3"
#: the smallest font size on the board (px); the figure is drawn for an output 900 px wide
FONT = 11
WIDTH = 900
#: white halo behind dark text, so names stay readable on coloured islands and heat marks
_HALO = "0 0 2px #ffffff, 0 0 3px #ffffff, 0 0 4px #ffffff"
_MARGIN = 0.6          # sea around the outermost spaces (board units)
_PANEL_W = 4.6         # the text panel right of the board (board units)
_PANEL_CHARS = 34      # characters per panel line at 12 px in that width
_LINE = 0.36           # panel line height (board units)


def _two_lines(name: str) -> str:
    """A long island name over two lines, so it stays on its circle ("Meerkat<br>Mount").

    >>> _two_lines("Meerkat Mount"), _two_lines("Gull Gap")
    ('Meerkat<br>Mount', 'Gull Gap')
    """
    if len(name) <= 9 or " " not in name:
        return name
    words = name.split()
    cut = min(range(1, len(words)), key=lambda k: abs(len(" ".join(words[:k])) - len(name) / 2))
    return " ".join(words[:cut]) + "<br>" + " ".join(words[cut:])


def _colour(name: str) -> str:
    return ISLAND_COLOURS.get(name, name)


def _extent(game) -> tuple[float, float, float, float]:
    """The board's extent with a margin of sea: x0, x1, y0, y1 (board units)."""
    xs = [s.x for s in game.rules.board.spaces]
    ys = [s.y for s in game.rules.board.spaces]
    return min(xs) - _MARGIN, max(xs) + _MARGIN, min(ys) - _MARGIN, max(ys) + _MARGIN


def _panel_x(game) -> float:
    return _extent(game)[1] + 0.2


def b_top(game) -> float:
    """Where the panel's first line goes (the board's top)."""
    return _extent(game)[3] - 0.3


def layers(game, state, highlight=frozenset(), *, heat: dict | None = None) -> list[dict]:
    """The 12 traces of ``state`` (see :data:`LAYERS`); ``highlight`` is a set of space ids
    to mark as clickable; ``heat`` maps space ids to probabilities for the reach layer.

    Parameters
    ----------
    game : PebbleRockGame
        A Pebble Rock game.
    state : State
        The state drawn.
    highlight : frozenset, default frozenset()
        Space ids to mark as clickable.
    heat : dict, optional
        ``{space: probability}`` for the reach layer.

    Returns
    -------
    list of dict
        Plotly trace dicts, one per name in :data:`LAYERS`.

    Examples
    --------
    >>> import tabletop_nb
    >>> game = tabletop_nb.load_game("pebble_rock", players=2)
    >>> len(layers(game, game.initial_state())) == len(LAYERS)
    True
    """
    info = game.info
    b = game.rules.board
    pos = info.pos
    t = state.table
    out = []
    # 0 dotted lines
    ex, ey = [], []
    for a, c in b.edges:
        ex += [pos[a][0], pos[c][0], None]
        ey += [pos[a][1], pos[c][1], None]
    out.append(dict(type="scatter", name=LAYERS[0], x=ex, y=ey, mode="lines", hoverinfo="skip",
                    line=dict(color="#5b7083", width=1.2, dash="dot"), showlegend=False))
    # 1 islands
    isl = b.islands
    out.append(dict(type="scatter", name=LAYERS[1], x=[i.x for i in isl], y=[i.y for i in isl],
                    mode="markers+text", text=[_two_lines(i.name) for i in isl],
                    textposition="middle center",
                    textfont=dict(size=FONT, color="#111111", shadow=_HALO),
                    hovertext=[f"{i.name} ({i.colour}, {i.ring}"
                               + (f", Market {i.market}" if i.market else "") + ")" for i in isl],
                    hoverinfo="text",
                    marker=dict(size=[46 if i.standee else 40 for i in isl],
                                color=[_colour(i.colour) for i in isl], opacity=0.75,
                                line=dict(color=["#3b2f2f" if i.standee else "#ffffff" for i in isl],
                                          width=[3 if i.standee else 1 for i in isl])),
                    showlegend=False))
    # 2 delivery standees: the islands of the row's cards (pick-up islands for passengers)
    sx, sy, st, sh = [], [], [], []
    for slot, c in enumerate(t.row):
        if not c:
            continue
        card = game.cards[c]
        i = isl[game.card_island[c]]
        sx.append(i.x)
        sy.append(i.y)
        st.append("EFG"[slot] if slot < 3 else str(slot + 1))
        what = (f"{card.amount} cargo" if card.kind == "cargo"
                else f"passenger to {card.destination}")
        sh.append(f"Delivery {st[-1]}: {what} at {card.island}, {card.points} points "
                  f"({'/'.join(card.colours)})")
    out.append(dict(type="scatter", name=LAYERS[2], x=sx, y=sy, mode="markers+text", text=st,
                    textposition="top right", textfont=dict(size=13, color="#8b6508", shadow=_HALO),
                    hovertext=sh, hoverinfo="text",
                    marker=dict(size=56, color="rgba(0,0,0,0)",
                                line=dict(color="#b8860b", width=4)), showlegend=False))
    # 3 Pebble Rock with its Lighthouse, and the landmarks
    lx = [0.0] + [m.x for m in b.landmarks]
    ly = [0.0] + [m.y for m in b.landmarks]
    ln = ["Lighthouse"] + [m.name for m in b.landmarks]
    out.append(dict(type="scatter", name=LAYERS[3], x=lx, y=ly, mode="markers+text", text=ln,
                    textposition="middle center", textfont=dict(size=FONT, color="#111111", shadow=_HALO),
                    hoverinfo="text", hovertext=["Pebble Rock and its Lighthouse"] + ln[1:],
                    marker=dict(size=[48] + [40] * len(b.landmarks),
                                color=["#ffffff"] + ["#a9a9a9"] * len(b.landmarks),
                                symbol=["star"] + ["circle"] * len(b.landmarks),
                                line=dict(color="#333333", width=1)), showlegend=False))
    # 4 spaces
    n = info.n
    sym, fill, edge = [], [], []
    for sp in range(n):
        if sp in info.docks:
            sym.append("square")
            fill.append("#d9d9d9")
        elif sp in info.fishing:
            sym.append("diamond")
            fill.append("#7ec8e3")
        else:
            sym.append("circle")
            fill.append("#ffffff")
        edge.append("#c71585" if sp in info.market_spaces else "#333333")
    # each space shows its number, as the buttons name it ("Sail to space 29 (by ...)")
    out.append(dict(type="scatter", name=LAYERS[4], x=[p[0] for p in pos], y=[p[1] for p in pos],
                    mode="markers+text", customdata=list(range(n)),
                    text=[str(sp) for sp in range(n)], textposition="middle center",
                    textfont=dict(size=FONT, color="#333333"),
                    hovertext=[info.describe(sp) for sp in range(n)], hoverinfo="text",
                    marker=dict(size=21, symbol=sym, color=fill,
                                line=dict(color=edge, width=[3 if e != "#333333" else 1 for e in edge])),
                    showlegend=False))
    # 5 reach heat map
    heat = heat or {}
    hs = sorted(sp for sp, v in heat.items() if v > 0)
    out.append(dict(type="scatter", name=LAYERS[5], x=[pos[sp][0] for sp in hs],
                    y=[pos[sp][1] for sp in hs], mode="markers+text",
                    text=[f"{float(heat[sp]):.0%}" for sp in hs],
                    textfont=dict(size=FONT, color="#111111", shadow=_HALO),
                    textposition="middle center", customdata=hs,
                    hovertext=[f"{info.describe(sp)}: reached with probability {heat[sp]} "
                               f"({float(heat[sp]):.1%})" for sp in hs], hoverinfo="text",
                    marker=dict(size=34, color=[float(heat[sp]) for sp in hs], cmin=0, cmax=1,
                                colorscale="YlOrRd", opacity=0.85, showscale=bool(hs),
                                colorbar=dict(title=dict(text="chance to reach", side="right"),
                                              x=0.99, xanchor="right", y=0.02, yanchor="bottom",
                                              len=0.4, thickness=14, tickformat=".0%",
                                              tickfont=dict(size=FONT))),
                    showlegend=False))
    # 6 jetstreams
    jets = sorted(state.jets)
    out.append(dict(type="scatter", name=LAYERS[6], x=[pos[j][0] + 0.18 for j in jets],
                    y=[pos[j][1] + 0.18 for j in jets], mode="markers", customdata=jets,
                    hovertext=["Jetstream token" + ("" if analysis.jetstream_live(state, j)
                                                    else " (placed this turn: it cannot trigger)")
                               for j in jets], hoverinfo="text",
                    marker=dict(size=13, symbol="triangle-up", color="#00bcd4",
                                line=dict(color="#006064", width=1)), showlegend=False))
    # 7 treasure tokens (face down)
    tr = sorted(t.treasure_spaces)
    out.append(dict(type="scatter", name=LAYERS[7], x=[pos[x][0] - 0.18 for x in tr],
                    y=[pos[x][1] + 0.18 for x in tr], mode="markers", customdata=tr,
                    hovertext=["Treasure token (face down)"] * len(tr), hoverinfo="text",
                    marker=dict(size=14, symbol="star", color="#ffd700",
                                line=dict(color="#8b6508", width=1)), showlegend=False))
    # 8 characters
    names = ("maisy", "larry", "roberto")
    cx = [pos[c][0] for c in state.chars]
    cy = [pos[c][1] for c in state.chars]
    out.append(dict(type="scatter", name=LAYERS[8], x=cx, y=cy, mode="markers+text",
                    text=[CHARACTER_STYLE[k][0][0] for k in names], textfont=dict(color="#ffffff", size=FONT),
                    textposition="middle center", customdata=list(state.chars),
                    hovertext=[CHARACTER_STYLE[k][0] for k in names], hoverinfo="text",
                    marker=dict(size=24, symbol="hexagon", color=[CHARACTER_STYLE[k][1] for k in names],
                                line=dict(color="#ffffff", width=1)), showlegend=False))
    # 9 boats
    seats = [i for i, bt in enumerate(state.boats) if bt >= 0]
    bx = [pos[state.boats[i]][0] + 0.12 * (k % 2) for k, i in enumerate(seats)]
    by = [pos[state.boats[i]][1] - 0.12 * (k % 2) for k, i in enumerate(seats)]
    out.append(dict(type="scatter", name=LAYERS[9], x=bx, y=by, mode="markers+text",
                    text=[game.player_name(i)[0] for i in seats], textposition="middle center",
                    textfont=dict(color="#ffffff", size=FONT),
                    customdata=[state.boats[i] for i in seats],
                    hovertext=[_boat_text(game, state, i) for i in seats], hoverinfo="text",
                    marker=dict(size=[28 if i == state.seat and state.phase != "setup" else 23
                                      for i in seats],
                                symbol="pentagon", color=[SEAT_COLOURS[i % 4] for i in seats],
                                line=dict(color="#000000", width=[3 if i == state.seat else 1
                                                                  for i in seats])),
                    showlegend=False))
    # 10 clickable targets
    hl = sorted(k for k in highlight if isinstance(k, int) and 0 <= k < n)
    out.append(dict(type="scatter", name=LAYERS[10], x=[pos[k][0] for k in hl],
                    y=[pos[k][1] for k in hl], mode="markers", customdata=hl,
                    hovertext=[f"choose {info.describe(k)}" for k in hl], hoverinfo="text",
                    marker=dict(size=26, color="rgba(46,204,64,0.25)",
                                line=dict(color="#2ecc40", width=3)), showlegend=False))
    # 11 the panel: round, the Delivery row, the Market (wrapped to the panel's width)
    lines = [f"<b>{game.phase(state) or 'Setup'}</b>"]
    for slot, c in enumerate(t.row):
        tag = "EFG"[slot] if slot < 3 else str(slot + 1)
        if not c:
            lines.append(f"Delivery {tag}: (empty)")
            continue
        card = game.cards[c]
        what = (f"{card.amount} cargo to {card.island}" if card.kind == "cargo"
                else f"passenger {card.island} to {card.destination}")
        lines.append(f"Delivery {tag}: {what}, {card.points} points")
    lines.append("Market: " + ", ".join(k.replace("_", " ") if k else "-" for k in t.market))
    lines.append(f"Jetstreams left: {analysis.jetstreams_left(game, state)}")
    lines.append(f"Treasures on the board: {len(t.treasure_spaces)}")
    px = _panel_x(game)
    ys, texts, y = [], [], b_top(game)
    for line in lines:
        wrapped = textwrap.wrap(line, _PANEL_CHARS, break_long_words=False) or [""]
        ys.append(y - _LINE * (len(wrapped) - 1) / 2)
        texts.append("<br>".join(wrapped))
        y -= _LINE * len(wrapped) + 0.12
    out.append(dict(type="scatter", name=LAYERS[11], x=[px] * len(texts), y=ys, mode="text",
                    text=texts, textposition="middle right", textfont=dict(size=12, color="#1b1b1b"),
                    hoverinfo="skip", showlegend=False))
    return out


def _boat_text(game, s, seat: int) -> str:
    p = s.players[seat]
    return (f"{game.player_name(seat)}: {p.score} points, {p.fish} fish, hold "
            f"{p.cargo} cargo + {len(p.passengers)} passengers + {len(p.treasures)} treasure "
            f"of {game.capacity(s, seat)}; items: {', '.join(p.items) or 'none'}")


def figure(game, state, highlight=frozenset(), *, heat: dict | None = None,
           title: str | None = None) -> go.Figure:
    """The board with every layer and the fixed layout.

    Parameters
    ----------
    game : PebbleRockGame
        A Pebble Rock game.
    state : State
        The state drawn.
    highlight : frozenset, default frozenset()
        Space ids to mark as clickable.
    heat : dict, optional
        ``{space: probability}`` for the reach layer (see :func:`reach_figure`).
    title : str, optional
        A title above the board.

    Returns
    -------
    plotly.graph_objects.Figure
        The board: spaces, islands, boats, characters, jetstreams, the row and the status.

    Examples
    --------
    >>> import tabletop_nb
    >>> game = tabletop_nb.load_game("pebble_rock", players=2)
    >>> figure(game, game.initial_state()).layout.xaxis.visible
    False
    """
    x0, x1, y0, y1 = _extent(game)
    x2 = x1 + _PANEL_W
    scale = WIDTH / (x2 - x0)  # px per board unit at the output width drawn for
    top = 40 if title else 0
    fig = go.Figure(data=layers(game, state, highlight, heat=heat))
    fig.update_layout(
        autosize=True, height=math.ceil((y1 - y0) * scale) + top,
        margin=dict(l=0, r=0, t=top, b=0), font=dict(size=FONT),
        plot_bgcolor="#ffffff", paper_bgcolor="#ffffff", showlegend=False, hovermode="closest",
        dragmode=False, title=dict(text=title, x=0.01, font=dict(size=14)) if title else None,
        # the sea only under the board; the panel sits on white
        shapes=[dict(type="rect", xref="x", yref="y", x0=x0, x1=x1, y0=y0, y1=y1, layer="below",
                     fillcolor=_SEA, line=dict(width=0))],
        xaxis=dict(visible=False, range=[x0, x2], fixedrange=True),
        yaxis=dict(visible=False, range=[y0, y1], fixedrange=True, scaleanchor="x", scaleratio=1))
    return fig


def place_actions(game, state) -> dict[int, Any]:
    """Space id -> the action a click on that space chooses now: a step of the move, where a
    character goes, or the dock a boat starts on. Other decisions are buttons.

    Parameters
    ----------
    game : PebbleRockGame
        A Pebble Rock game.
    state : State
        The state drawn.

    Returns
    -------
    dict
        ``{space id: action}``; empty at a chance node.

    Examples
    --------
    >>> import tabletop_nb
    >>> game = tabletop_nb.load_game("pebble_rock", players=2)
    >>> place_actions(game, game.initial_state())
    {}
    """
    p = game.current_player(state)
    if p < 0:
        return {}
    out: dict[int, Any] = {}
    for a in game.legal_actions(state):
        if isinstance(a, Step):
            out.setdefault(a.to, a)
        elif isinstance(a, (PlaceCharacter, PlaceBoat)):
            out.setdefault(a.space, a)
    return out


def reach_figure(game, state, choice: str, fish: int | None = None) -> go.Figure:
    """A heat map of the exact chance that the current player's boat reaches each space
    this turn with dice ``choice``, spending up to ``fish`` fish (default: all it holds);
    spaces with another boat or a character get 0 (no stopping there).

    Parameters
    ----------
    game : PebbleRockGame
        A Pebble Rock game.
    state : State
        The state drawn.
    choice : str
        The dice choice: ``"steady"``, ``"speedy"`` or ``"catch_up"``.
    fish : int, optional
        The fish the boat may spend (default: all it holds).

    Returns
    -------
    plotly.graph_objects.Figure
        The board with the reach layer filled in.

    Examples
    --------
    >>> import tabletop_nb
    >>> game = tabletop_nb.load_game("pebble_rock", players=2)
    >>> s = tabletop_nb.replay(game, tabletop_nb.play(game, "random", seed=1))[30]
    >>> fig = reach_figure(game, s, "speedy")
    >>> len(fig.data[LAYERS.index("reach")].x) > 0
    True
    """
    seat = state.seat
    start = state.boats[seat]
    p = state.players[seat]
    fish = p.fish if fish is None else fish
    gear = p.items.count("fishing_gear")
    blocked = set(state.chars) | {b for i, b in enumerate(state.boats) if i != seat}
    heat = odds.reach_map(game, start, choice, fish=fish, gear=gear, blocked=blocked)
    title = (f"{game.player_name(seat)}: chance to reach each space this turn "
             f"({odds_name(choice)}, {fish} fish)")
    return figure(game, state, heat=heat, title=title)


def odds_name(choice: str) -> str:
    return {"steady": "Steady + Resource", "speedy": "Speedy + Danger",
            "catch_up": "Speedy + Resource"}[choice]
