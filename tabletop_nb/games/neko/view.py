"""Plotly drawing of a Neko state, for GameApp and notebooks.

The view contract (docs/DEVELOPING.md): :func:`layers` returns the same traces (see
:data:`LAYERS`), in the same order, for every state of a game: the bidding area (one tile
per space, the card's name and cost on it, every bid under it), then one panel per player
(name, points, resources and dice on the panel's top lines; the ship lanes below: the cards
with their names, costs and cargo, the hubs between them, the ships under the hubs), the
phase and discard line, and the highlight outlines of the places a click can choose.
:func:`figure` adds the fixed layout. :func:`place_actions` maps a clickable place's key
to the action a click chooses: a bidding space (bid the highest die), a hub (place a die
on it), a ship (move it), a port (load a good), a card with an activation space, an empty
slot (place the card being bought).

The figure is drawn in pixel units for an output 900 px wide: card tiles are bars (they
scale with the figure when the cell is narrower or wider), every text is at least 11 px,
and clickable places never overlap (ships ride a row of their own under the hubs, so a
click on a ship is never taken for its hub). The figure is as tall as what it shows
(:func:`frame`): each player's panel has the lanes the player has, each row of the
bidding area room for the bids on it.

Keys are text: ``"space:3"``, ``"slot:1:0:2"`` (player, lane, slot), ``"hub:1:0:2:0"``
(player, lane, boundary, sub), ``"ship:1:0:2:0"``, ``"card:1:0:2"``.

Examples
--------
>>> import tabletop_nb
>>> from tabletop_nb.games.neko import view
>>> game = tabletop_nb.load_game("neko", players=3)
>>> s = game.initial_state()
>>> len(view.layers(game, s)) == len(view.LAYERS)
True
>>> len(view.figure(game, s).to_json()) < 100_000
True
"""
from __future__ import annotations

from typing import Any

import plotly.graph_objects as go

from . import analysis
from .engine import DRAFT, OVER
from .state import (ActivateCard, ActivateHub, Bid, Buy, ChurchHub, LoadCargo, MoveShip, ParkDie)

__all__ = ["figure", "layers", "place_actions", "place_choices", "dice_to_choose", "SEAT_COLOURS", "KIND_COLOURS", "LAYERS",
           "WIDTH", "FONT", "MIN_WIDTH", "frame"]

#: the players' colours (the game's Yellow, Red, Purple and Green boards)
SEAT_COLOURS = ("#e6b800", "#d64541", "#8e44ad", "#27ae60")
#: the same colours dark enough for text on white
_SEAT_TEXT = ("#8a6d00", "#b03a2e", "#7d3c98", "#1e8449")
#: and light enough for a die's black number (the draft's dice to choose from)
_SEAT_LIGHT = ("#fbe98f", "#f5b7b1", "#d7bde2", "#abebc6")
KIND_COLOURS = {"ocean_bank": "#a9cce3", "fuel_platform": "#f5cba7", "blue_bar": "#aed6f1",
                "penguin_park": "#abebc6", "seaside_town": "#f9e79f", "port": "#d7bde2",
                "special": "#f5b7b1"}
ITEM = {"coins": "coin", "fuel": "fuel", "goods": "goods", "fish": "fish", "pp": "PP", "": ""}
LAYERS = ("bidding area", "slots", "cards", "card labels", "hubs", "hub rewards", "half-hubs",
          "dice", "ships", "bids", "texts", "highlight tiles", "highlight points")

#: the output width the figure is drawn for, in px (data units are px at this width)
WIDTH = 900
#: the smallest font size used anywhere on the board
FONT = 11
#: below this width (px) the names on the cards no longer fit their tiles: GameApp gives
#: the board a row of its own (the choices go above it) rather than draw it narrower
MIN_WIDTH = 860

_TILE_W, _TILE_H, _TILE_DX = 90, 48, 98     # bidding-area tiles
_BID_LINE = 14                              # one bid per line under a tile
_PANEL_W = 445                              # a player's panel (two panels per row)
_CARD_W, _CARD_H, _SLOT_DX = 76, 46, 80     # cards in a lane
_HUB_DY, _SHIP_DY = 13, 32                  # hub row and ship row under the cards
_LANE_DY = 89                               # lane pitch: cards, hub row, ship row
_LANE_END = 3                               # under the last lane: the ships' highlight rings
_HEAD = 34                                  # the panel's two top lines
_TOP = 20                                   # the phase line above the bidding area
_GAP = 4                                    # between the bidding area and panels, and panels


def _name_lines(name: str) -> str:
    """A card's name on one line, or on two when it is long (no abbreviations)."""
    base = name.split(" (")[0]
    if len(base) <= 13 or " " not in base:
        return base
    words = base.split()
    best = min(range(1, len(words)), key=lambda k: abs(len(" ".join(words[:k])) - len(base) / 2))
    return " ".join(words[:best]) + "<br>" + " ".join(words[best:])


def _bid_lines(state, sp: int) -> int:
    row = state.area.bids[sp] if sp < len(state.area.bids) else ()
    return sum(1 for d in row if d)


def _geometry(game, state) -> dict:
    """Positions (px at :data:`WIDTH`) of the bidding area and the panels for ``state``.

    The figure is as tall as what it shows: a row of the bidding area has room under its
    tiles for the bids it holds (none before the first bid), and a player's panel for
    the lanes the player has; the panels are two columns (even seats left, odd right),
    each as tall as its own panels, so no panel reserves room it does not use."""
    n = game.num_players
    spaces = game.area_spaces + game.advanced_spaces
    per_row = max(1, (WIDTH - 10) // _TILE_DX)
    space_xy = {}
    y = -_TOP
    for r in range(-(-spaces // per_row)):
        row = range(r * per_row, min(spaces, (r + 1) * per_row))
        for sp in row:
            space_xy[sp] = (8 + _TILE_W / 2 + (sp - r * per_row) * _TILE_DX, y - _TILE_H / 2)
        lines = max(_bid_lines(state, sp) for sp in row)
        y -= _TILE_H + (lines * _BID_LINE + 6 if lines else 0)
    blocks, heights = {}, {}
    col = [y - _GAP, y - _GAP]
    for p in range(n):
        c = p % 2
        h = _HEAD + max(1, len(state.players[p].lanes)) * _LANE_DY + _LANE_END
        blocks[p] = (3 + c * (_PANEL_W + 2), col[c])
        heights[p] = h
        col[c] -= h + _GAP
    bottom = min(col) + _GAP
    return {"space": space_xy, "block": blocks, "y": (bottom, 0.0), "panel_h": heights}


def frame(game, state) -> dict:
    """The size of the figure of ``state``: ``height`` (px at :data:`WIDTH`) and the axis
    ranges. It follows what is shown (lanes, bids), so GameApp asks for it with each
    state and resizes its board when it changes.

    Parameters
    ----------
    game : NekoGame
        A Neko game.
    state : NekoState
        The state drawn.

    Returns
    -------
    dict
        ``{"height": ..., "xaxis": ..., "yaxis": ...}``.

    Examples
    --------
    >>> import tabletop_nb
    >>> game = tabletop_nb.load_game("neko", players=2)
    >>> sorted(frame(game, game.initial_state()))
    ['height', 'xaxis', 'yaxis']
    """
    y0, y1 = _geometry(game, state)["y"]
    return {"height": int(round(y1 - y0)), "xaxis": (0, WIDTH), "yaxis": (y0, y1)}


def _lane_y(geo, p: int, lane: int) -> float:
    """The centre line of a lane's cards."""
    return geo["block"][p][1] - _HEAD - _CARD_H / 2 - 2 - lane * _LANE_DY


def _slot_x(geo, p: int, slot: int) -> float:
    return geo["block"][p][0] + 20 + _CARD_W / 2 + slot * _SLOT_DX


def _hub_x(game, geo, P, p: int, lane: int, b: int, j: int) -> float:
    """Where the hub (or ship stop) at (boundary, sub) of a lane is drawn: between two
    cards, or for a port hub (``j`` > 0) under its port card."""
    if j:
        # right of the card's centre: the reward text of the hub before the card runs
        # under its left part
        n = len(game.card[P.lanes[lane][b]].hubs)
        return _slot_x(geo, p, b) + 10 + 17 * (j - 1 - (n - 1) / 2)
    return _slot_x(geo, p, b) - _SLOT_DX / 2


def _card_hover(game, c: int, filled: int | None = None) -> str:
    card = game.card[c]
    out = (f"<b>{card.name}</b> (card {c})<br>cost {card.cost} coins, {card.pp} PP<br>"
           f"left half: multiplier x{card.left}; right half: {ITEM[card.right] or 'nothing'}")
    if card.hubs:
        out += "<br>port hubs: " + ", ".join(f"{h.multiplier} x {ITEM[h.item]}" for h in card.hubs)
    if card.cargo:
        done = "" if filled is None else f" ({filled} of {len(card.cargo)} loaded)"
        out += f"<br>cargo{done}: " + ", ".join(
            f"{g.amount} {ITEM[g.item]}" if g.item else "no reward" for g in card.cargo)
    if card.activate:
        out += f"<br>activation space: a die showing {' or '.join(map(str, card.activate))}"
    return out


def _card_label(game, c: int, filled: int | None = None) -> str:
    card = game.card[c]
    text = f"{_name_lines(card.name)}<br>cost {card.cost} · {card.pp} PP"
    if card.cargo and filled is not None:
        text += "<br>" + "●" * filled + "○" * (len(card.cargo) - filled)
    return text


def layers(game, state, highlight=frozenset()) -> list[dict]:
    """The traces of ``state`` (see :data:`LAYERS`); same count and types always.

    Parameters
    ----------
    game : NekoGame
        A Neko game.
    state : NekoState
        The state drawn.
    highlight : frozenset, default frozenset()
        Place keys to mark as clickable (GameApp passes the keys of :func:`place_actions`).

    Returns
    -------
    list of dict
        Plotly trace dicts, one per name in :data:`LAYERS`.

    Examples
    --------
    >>> import tabletop_nb
    >>> game = tabletop_nb.load_game("neko", players=2)
    >>> len(layers(game, game.initial_state())) == len(LAYERS)
    True
    """
    geo = _geometry(game, state)
    s = state
    C = game.card
    n = game.num_players
    tiles: dict[str, tuple[float, float, float, float]] = {}   # key -> x, y, w, h
    points: dict[str, tuple[float, float]] = {}
    slot_x, slot_y, slot_key, slot_hover = [], [], [], []
    card_x, card_y, card_col, card_line, card_key, card_hover = [], [], [], [], [], []
    lab_x, lab_y, lab_text = [], [], []
    hub_x, hub_y, hub_text, hub_hover, hub_key, hub_size = [], [], [], [], [], []
    rew_x, rew_y, rew_text = [], [], []
    half_x, half_y, half_text, half_pos = [], [], [], []
    die_x, die_y, die_text, die_fill = [], [], [], []
    ship_x, ship_y, ship_col, ship_key, ship_hover, ship_text = [], [], [], [], [], []
    txt_x, txt_y, txt_text = [], [], []
    for p in range(n):
        P = s.players[p]
        bx, by = geo["block"][p]
        # in the draft, the dice the player chooses from, drawn after the kept ones in the
        # player's colour (the choices "Keep a 4" are these dice)
        hands = s.draft.hands
        hand = hands[p] if s.phase == DRAFT and p < len(hands) else ()
        hub_dice = dict(P.hub_dice)
        filled = dict(P.cargo)
        complete = {(li, b) for (li, b, j), _, _ in analysis.hubs(game, P) if not j}
        for li, lane in enumerate(P.lanes):
            y = _lane_y(geo, p, li)
            hy = y - _CARD_H / 2 - _HUB_DY
            for si, c in enumerate(lane):
                x = _slot_x(geo, p, si)
                if c < 0:
                    key = f"slot:{p}:{li}:{si}"
                    tiles[key] = (x, y, _CARD_W, _CARD_H)
                    slot_x.append(x)
                    slot_y.append(y)
                    slot_key.append(key)
                    gap = game.gap_coins(lane, si)
                    slot_hover.append(f"{game.player_name(p)}'s lane {li + 1}, slot {si + 1}: empty"
                                      + (f" (+{gap} coins for the gap)" if gap else ""))
                    continue
                card = C[c]
                key = f"card:{p}:{li}:{si}"
                tiles[key] = (x, y, _CARD_W, _CARD_H)
                card_x.append(x)
                card_y.append(y)
                card_col.append(KIND_COLOURS.get(card.kind, "#ddd"))
                card_line.append("#1b2631" if "(" in card.name else "#7f8c8d")
                card_key.append(key)
                card_hover.append(_card_hover(game, c, filled.get(c, 0)))
                lab_x.append(x)
                lab_y.append(y)
                lab_text.append(_card_label(game, c, filled.get(c, 0)))
                # the halves of hubs not yet complete, at the card's edges in the hub row
                if (li, si) not in complete:
                    # just outside the card, on its side of the boundary (no hub is there
                    # yet, so nothing else is drawn there)
                    half_x.append(x - _SLOT_DX / 2 + 2)
                    half_y.append(hy)
                    half_pos.append("middle left")
                    half_text.append(f"x{card.left}")
                if (li, si + 1) not in complete:
                    half_x.append(x + _SLOT_DX / 2 - 2)
                    half_y.append(hy)
                    half_pos.append("middle right")
                    half_text.append(ITEM[card.right])
        for (li, b, j), mult, item in analysis.hubs(game, P):
            x = _hub_x(game, geo, P, p, li, b, j)
            y = _lane_y(geo, p, li) - _CARD_H / 2 - _HUB_DY
            key = f"hub:{p}:{li}:{b}:{j}"
            points[key] = (x, y)
            hub_x.append(x)
            hub_y.append(y)
            hub_key.append(key)
            bonus = " (+2 from the Light House)" if P.lighthouse == (li, b, j) else ""
            hub_text.append(str(mult))
            hub_size.append(15 if j else 17)
            hub_hover.append(f"{'port hub' if j else 'hub'}: a die showing {mult} gains "
                             f"{mult} x {ITEM[item]}{bonus}")
            if not j:  # a port hub's reward is in its hover: under the card there is no room
                rew_x.append(x + 9)
                rew_y.append(y)
                rew_text.append(ITEM[item])
            if (li, b, j) in hub_dice:
                die_x.append(x)
                die_y.append(y)
                die_text.append(str(hub_dice[(li, b, j)]))
                die_fill.append("white")
        for (li, si), v in P.card_dice:
            die_x.append(_slot_x(geo, p, si) + _CARD_W / 2 - 10)
            die_y.append(_lane_y(geo, p, li) + _CARD_H / 2 - 10)
            die_text.append(str(v))
            die_fill.append("white")
        stops: dict = {}
        for stop in P.ships:
            stops[stop] = stops.get(stop, 0) + 1
        for (li, b, j), k in sorted(stops.items()):
            x = _hub_x(game, geo, P, p, li, b, j)
            y = _lane_y(geo, p, li) - _CARD_H / 2 - _SHIP_DY
            key = f"ship:{p}:{li}:{b}:{j}"
            points[key] = (x, y)
            ship_x.append(x)
            ship_y.append(y)
            ship_col.append(SEAT_COLOURS[p % len(SEAT_COLOURS)])
            ship_key.append(key)
            ship_text.append(f"×{k}" if k > 1 else "")
            where = "at the start of" if b == 0 and not j else f"after card {b}" if not j else f"in port, slot {b + 1}"
            ship_hover.append(f"{game.player_name(p)}'s {'ships' if k > 1 else 'ship'} ({k}) "
                              f"{where} on lane {li + 1}")
        # the panel's top lines: who, points and dice; then the resources
        first = " · first player" if s.order and s.order[0] == p else ""
        score = f"{s.final[p][-1]} PP final" if s.final else f"{P.pp} PP"
        colour = _SEAT_TEXT[p % len(_SEAT_TEXT)]
        txt_x += [bx + 4, bx + 4]
        txt_y += [by - 8, by - 25]
        txt_text += [f"<b style='color:{colour}'>{game.player_name(p)}</b>{first} · <b>{score}</b>"
                     + (" · dice:" if P.dice or hand else ""),
                     f"{P.coins} coins · {P.fuel} fuel · {P.goods} goods · {P.fish} fish · "
                     f"{P.interference} interference"]
        for i, v in enumerate(P.dice):
            die_x.append(bx + 300 + 22 * i)
            die_y.append(by - 8)
            die_text.append(str(v))
            die_fill.append("white")
        for i, v in enumerate(hand, start=len(P.dice)):
            die_x.append(bx + 300 + 22 * i)
            die_y.append(by - 8)
            die_text.append(str(v))
            die_fill.append(_SEAT_LIGHT[p % len(_SEAT_LIGHT)])
    # the bidding area, with every bid under its space
    area_x, area_y, area_col, area_line, area_key, area_hover = [], [], [], [], [], []
    bid_x, bid_y, bid_text = [], [], []
    for sp, (x, y) in sorted(geo["space"].items()):
        c = analysis.card_on_space(game, s, sp)
        key = f"space:{sp}"
        tiles[key] = (x, y, _TILE_W, _TILE_H)
        area_x.append(x)
        area_y.append(y)
        area_key.append(key)
        advanced = sp >= game.area_spaces
        area_line.append("#1b2631" if advanced else "#7f8c8d")
        if c < 0:
            area_col.append("#f4f6f6")
            area_hover.append("advanced space: empty" if advanced else "empty space")
            lab_x.append(x)
            lab_y.append(y)
            lab_text.append("<span style='color:#95a5a6'>empty</span>")
        else:
            area_col.append(KIND_COLOURS.get(C[c].kind, "#ddd"))
            area_hover.append(("advanced space<br>" if advanced else "") + _card_hover(game, c))
            lab_x.append(x)
            lab_y.append(y)
            lab_text.append(_card_label(game, c))
        row = s.area.bids[sp] if sp < len(s.area.bids) else ()
        lines = [f"<span style='color:{_SEAT_TEXT[q]}'>{game.player_name(q)} "
                 f"{'+'.join(map(str, d))}{'=' + str(sum(d)) if len(d) > 1 else ''}</span>"
                 for q, d in enumerate(row) if d]
        bid_x.append(x)
        bid_y.append(y - _TILE_H / 2 - 5)  # clear of a highlighted tile's outline
        bid_text.append("<br>".join(lines))
    phase = game.phase(s)
    if s.phase == DRAFT and s.draft.hands:
        phase += " · dice in front of " + ", ".join(
            f"{game.player_name(q)}: {' '.join(map(str, h)) or '-'}" for q, h in enumerate(s.draft.hands))
    txt_x += [8, WIDTH - 8]
    txt_y += [-_TOP / 2, -_TOP / 2]
    txt_text += [f"<b>{phase}</b>", "discard area: " + (" ".join(map(str, s.discard)) or "empty")]
    # highlight outlines of the places a click can choose
    hl_tx, hl_ty, hl_tw, hl_tb, hl_tk = [], [], [], [], []
    hl_x, hl_y, hl_key, hl_size = [], [], [], []
    for key in sorted(highlight):
        if key in tiles:
            x, y, w, h = tiles[key]
            hl_tx.append(x)
            hl_tw.append(w + 6)
            hl_tb.append(y - h / 2 - 3)
            hl_ty.append(h + 6)
            hl_tk.append(key)
        elif key in points:
            x, y = points[key]
            hl_x.append(x)
            hl_y.append(y)
            hl_key.append(key)
            hl_size.append(24)
    hover = "%{hovertext}<extra></extra>"
    font = dict(size=FONT, color="#1b2631")

    def bars(name, xs, ys, w, h, fill, line, keys, hovers):
        return dict(type="bar", name=name, x=xs, y=[h] * len(xs), base=[y - h / 2 for y in ys],
                    width=[w] * len(xs), marker=dict(color=fill, line=dict(color=line, width=1.5)),
                    customdata=keys, hovertext=hovers, hovertemplate=hover, textposition="none")

    return [
        bars("bidding area", area_x, area_y, _TILE_W, _TILE_H, area_col, area_line, area_key, area_hover),
        bars("slots", slot_x, slot_y, _CARD_W, _CARD_H, "rgba(0,0,0,0)", "#d5d8dc", slot_key, slot_hover),
        bars("cards", card_x, card_y, _CARD_W, _CARD_H, card_col, card_line, card_key, card_hover),
        dict(type="scatter", name="card labels", x=lab_x, y=lab_y, mode="text", text=lab_text,
             textfont=font, hoverinfo="skip"),
        dict(type="scatter", name="hubs", x=hub_x, y=hub_y, mode="markers+text", text=hub_text,
             marker=dict(symbol="circle", size=hub_size, color="white", line=dict(color="#1f618d", width=2)),
             textfont=dict(size=FONT, color="#1f618d"), customdata=hub_key, hovertext=hub_hover,
             hovertemplate=hover),
        dict(type="scatter", name="hub rewards", x=rew_x, y=rew_y, mode="text", text=rew_text,
             textposition="middle right", textfont=dict(size=FONT, color="#1f618d"), hoverinfo="skip"),
        dict(type="scatter", name="half-hubs", x=half_x, y=half_y, mode="text", text=half_text,
             textposition=half_pos, textfont=dict(size=FONT, color="#7f8c8d"), hoverinfo="skip"),
        dict(type="scatter", name="dice", x=die_x, y=die_y, mode="markers+text", text=die_text,
             marker=dict(symbol="square", size=18, color=die_fill, line=dict(color="#1b2631", width=1.5)),
             textfont=dict(size=12, color="#1b2631"), hoverinfo="skip"),
        dict(type="scatter", name="ships", x=ship_x, y=ship_y, mode="markers+text", text=ship_text,
             textposition="middle right", textfont=font,
             marker=dict(symbol="triangle-right", size=16, color=ship_col, line=dict(color="#1b2631", width=1)),
             customdata=ship_key, hovertext=ship_hover, hovertemplate=hover),
        dict(type="scatter", name="bids", x=bid_x, y=bid_y, mode="text", text=bid_text,
             textposition="bottom center", textfont=font, hoverinfo="skip"),
        dict(type="scatter", name="texts", x=txt_x, y=txt_y, mode="text", text=txt_text,
             textposition=["middle right"] * (len(txt_x) - 1) + ["middle left"],
             textfont=dict(size=12, color="#1b2631"), hoverinfo="skip"),
        dict(type="bar", name="highlight tiles", x=hl_tx, y=hl_ty, base=hl_tb, width=hl_tw,
             marker=dict(color="rgba(0,0,0,0)", line=dict(color="#e74c3c", width=3)),
             customdata=hl_tk, hoverinfo="skip", textposition="none"),
        dict(type="scatter", name="highlight points", x=hl_x, y=hl_y, mode="markers",
             marker=dict(symbol="circle-open", size=hl_size, color="#e74c3c", line=dict(width=3)),
             customdata=hl_key, hoverinfo="skip"),
    ]


def figure(game, state, highlight=frozenset()) -> go.Figure:
    """The table as a plotly figure: :func:`layers` in a fixed layout that fills the
    output's width (drawn for :data:`WIDTH` px; narrower or wider cells scale it).

    Parameters
    ----------
    game : NekoGame
        A Neko game.
    state : NekoState
        The state drawn.
    highlight : frozenset, default frozenset()
        Place keys to mark as clickable (GameApp passes the keys of :func:`place_actions`).

    Returns
    -------
    plotly.graph_objects.Figure
        The player boards, the bidding area and the status.

    Examples
    --------
    >>> import tabletop_nb
    >>> game = tabletop_nb.load_game("neko", players=4, advanced_cards=True)
    >>> fig = figure(game, game.initial_state())
    >>> len(fig.data) == len(LAYERS), fig.layout.width
    (True, None)
    """
    geo = _geometry(game, state)
    fig = go.Figure()
    for t in layers(game, state, highlight):
        fig.add_trace(go.Bar(t) if t["type"] == "bar" else go.Scatter(t))
    y0, y1 = geo["y"]
    fig.update_layout(
        autosize=True, height=int(y1 - y0), showlegend=False, barmode="overlay",
        margin=dict(l=0, r=0, t=0, b=0), plot_bgcolor="white", paper_bgcolor="white",
        clickmode="event", dragmode=False, hovermode="closest", font=dict(size=FONT),
        xaxis=dict(range=[0, WIDTH], visible=False, fixedrange=True),
        yaxis=dict(range=[y0, y1], visible=False, fixedrange=True, scaleanchor="x", scaleratio=1))
    return fig
def place_actions(game, state) -> dict[str, Any]:
    """Place key -> the action a click there chooses now (see the module docstring): the
    first of :func:`place_choices` for each place.

    Parameters
    ----------
    game : NekoGame
        A Neko game.
    state : NekoState
        The state drawn.

    Returns
    -------
    dict
        ``{place key: action}``; empty at a chance node.

    Examples
    --------
    >>> import tabletop_nb
    >>> game = tabletop_nb.load_game("neko", players=2)
    >>> place_actions(game, game.initial_state())   # the set-up draws come first: nothing to click
    {}
    """
    return {key: actions[0] for key, actions in place_choices(game, state).items()}


def place_choices(game, state) -> dict[str, list]:
    """Place key -> every action a click there may mean now, in the order offered: a slot
    two cards could be placed in, a card that can be loaded or activated. GameApp chooses
    a place's only action at once and asks which when there are several. A bidding space
    offers one action, the bid of the highest die (as the board says).

    Parameters
    ----------
    game : NekoGame
        A Neko game.
    state : NekoState
        The state drawn.

    Returns
    -------
    dict
        ``{place key: [action, ...]}`` (lists, never empty); empty at a chance node.

    Examples
    --------
    >>> import tabletop_nb
    >>> game = tabletop_nb.load_game("neko", players=2)
    >>> place_choices(game, game.initial_state())
    {}
    """
    if state.phase == OVER or game.current_player(state) < 0:
        return {}
    p = state.frames[-1].seat
    out: dict[str, list] = {}
    for a in game.legal_actions(state):
        t = type(a)
        if t is Bid or t is ParkDie:
            key = f"space:{a.space}"
            if key not in out or a.value > out[key][0].value:
                out[key] = [a]
            continue
        if t in (ActivateHub, ChurchHub):
            key = f"hub:{p}:{a.lane}:{a.boundary}:{a.sub}"
        elif t is MoveShip:
            key = f"ship:{p}:{a.lane}:{a.boundary}:{a.sub}"
        elif t is Buy:
            key = f"slot:{p}:{a.lane}:{a.slot}"
        elif t is LoadCargo or t is ActivateCard:
            key = f"card:{p}:{a.lane}:{a.slot}"
        else:
            continue
        out.setdefault(key, []).append(a)
    return out


def dice_to_choose(game, state) -> list[int]:
    """The dice the player to act chooses from, drawn by GameApp as die faces beside the
    choices: in the draft, that player's own roll (the choices "Keep a 4" are these dice);
    empty otherwise.

    Parameters
    ----------
    game : NekoGame
        A Neko game.
    state : NekoState
        The state drawn.

    Returns
    -------
    list of int
        The die values, in order (empty when the decision is not about dice).

    Examples
    --------
    >>> import tabletop_nb
    >>> game = tabletop_nb.load_game("neko", players=2)
    >>> dice_to_choose(game, game.initial_state())
    []
    """
    hands = state.draft.hands
    if state.phase != DRAFT or game.current_player(state) < 0 or not hands:
        return []
    p = state.frames[-1].seat
    return list(hands[p]) if p < len(hands) else []
