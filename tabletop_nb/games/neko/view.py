"""Plotly drawing of a Neko state, for GameApp and notebooks.

The view contract (docs/DEVELOPING.md): :func:`layers` returns the same twelve scatter
traces, in the same order, for every state of a game - each player's ship lanes (the
lines, the card slots, the cards with their half-hubs, the complete hubs, the dice placed
on hubs and cards, the ships and the port cargo), the bidding area with every bid, the
texts (resources, discard area, phase) and the highlight rings. :func:`figure` adds the
fixed layout. :func:`place_actions` maps a clickable place's key to the action a click
chooses: a bidding space (bid the highest die), a hub (place a die on it), a ship (move
it), a port (load a good), a card with an activation space, an empty slot (place the card
being bought).

Keys are text: ``"space:3"``, ``"slot:1:0:2"`` (player, lane, slot), ``"hub:1:0:2:0"``
(player, lane, boundary, sub), ``"ship:1:0:2:0"``, ``"card:1:0:2"``.

Examples
--------
>>> import tabletop_nb
>>> from tabletop_nb.games.neko import view
>>> game = tabletop_nb.load_game("neko", players=3)
>>> s = game.initial_state()
>>> len(view.layers(game, s))
12
>>> len(view.figure(game, s).to_json()) < 100_000
True
"""
from __future__ import annotations

from typing import Any

import plotly.graph_objects as go

from .engine import DRAFT, OVER
from .rules import load_board
from .state import (ActivateCard, ActivateHub, Bid, Buy, ChurchHub, LoadCargo, MoveShip, ParkDie)

__all__ = ["figure", "layers", "place_actions", "SEAT_COLOURS", "KIND_COLOURS", "LAYERS"]

#: the players' colours (the game's Yellow, Red, Purple and Green boards)
SEAT_COLOURS = ("#e6b800", "#d64541", "#8e44ad", "#27ae60")
KIND_COLOURS = {"ocean_bank": "#7fb3d5", "fuel_platform": "#f0b27a", "blue_bar": "#5dade2",
                "penguin_park": "#82e0aa", "seaside_town": "#f7dc6f", "port": "#bb8fce",
                "special": "#f1948a"}
ITEM = {"coins": "coin", "fuel": "fuel", "goods": "good", "fish": "fish", "pp": "PP", "": ""}
SHORT = {"Ocean Bank": "Bank", "Fuel Platform": "Fuel Pl.", "Blue Bar": "Blue Bar",
         "Penguin Park": "Park", "Seaside Town": "Seaside", "Southernmost City": "S. City",
         "Research Station": "Research", "Neko Harbour": "Neko Hb.", "Small Islands": "Islands",
         "Harbour City": "Hb. City", "Fishing Spot": "Fishing", "Light House": "Lighthouse",
         "Post Office": "Post Off."}
LAYERS = ("lanes", "slots", "cards", "half-hubs", "hubs", "dice", "ships", "cargo",
          "bidding area", "bids", "texts", "highlight")

_SLOT_W = 1.1          # x distance between card slots
_LANE_H = 0.95         # y distance between lanes
_BLOCK_W = 7.6         # x distance between player blocks
_BLOCK_H = 6.3         # y distance between player block rows
_AREA_W = 1.15


def _short(game, card: int) -> str:
    name = game.card[card].name
    base = name.split(" (")[0]
    tag = " *" if "(" in name else ""
    return SHORT.get(base, base) + tag


def _geometry(game) -> dict:
    """Fixed positions of every place, computed once per game."""
    cache = getattr(game, "_view_geo", None)
    if cache is not None:
        return cache
    n = game.num_players
    r = game.rules
    layout = load_board()["layout"].get(n) or (tuple(range(game.S)),)
    space_xy = {}
    for row, spaces in enumerate(layout):
        for col, sp in enumerate(spaces):
            space_xy[sp] = (col * _AREA_W, -row * 1.05)
    cols = max(len(row) for row in layout)
    for i in range(game.A):
        space_xy[game.S + i] = ((cols + 0.6 + i) * _AREA_W, 0.0)
    blocks = {}
    for p in range(n):
        blocks[p] = ((p % 2) * _BLOCK_W, -2.9 - (p // 2) * _BLOCK_H)
    rows = (n + 1) // 2
    geo = {"space": space_xy, "block": blocks, "slots": r.lane_slots,
           "x": (-0.9, 2 * _BLOCK_W - 0.6), "y": (-2.9 - rows * _BLOCK_H + 0.5, 0.75),
           "discard": ((cols + 0.6 + max(game.A, 0)) * _AREA_W + (0.4 if game.A else 0), -1.05)}
    game._view_geo = geo
    return geo


def _lane_y(geo, p: int, lane: int) -> float:
    return geo["block"][p][1] - 0.95 - lane * _LANE_H


def _slot_x(geo, p: int, slot: int) -> float:
    return geo["block"][p][0] + 0.9 + slot * _SLOT_W


def _stop_xy(game, geo, P, p: int, lane: int, b: int, j: int) -> tuple[float, float]:
    """Where a ship or hub at (boundary, sub) of a lane is drawn."""
    y = _lane_y(geo, p, lane)
    if j:
        n = len(game.card[P.lanes[lane][b]].hubs)
        return _slot_x(geo, p, b) - 0.35 + 0.7 * j / (n + 1), y + 0.02
    return _slot_x(geo, p, b) - _SLOT_W / 2, y


def _cell(key: str, x: float, y: float, out: dict) -> None:
    out[key] = (x, y)


def layers(game, state, highlight=frozenset()) -> list[dict]:
    """The twelve traces (see :data:`LAYERS`) of ``state``; same count and types always."""
    geo = _geometry(game)
    s = state
    C = game.card
    n = game.num_players
    places: dict[str, tuple[float, float]] = {}
    lane_x, lane_y = [], []
    slot_x, slot_y, slot_key, slot_text = [], [], [], []
    card_x, card_y, card_text, card_hover, card_col, card_key = [], [], [], [], [], []
    half_x, half_y, half_text = [], [], []
    hub_x, hub_y, hub_text, hub_hover, hub_key = [], [], [], [], []
    die_x, die_y, die_text = [], [], []
    ship_x, ship_y, ship_col, ship_key, ship_hover = [], [], [], [], []
    cargo_x, cargo_y, cargo_fill, cargo_hover = [], [], [], []
    for p in range(n):
        P = s.players[p]
        colour = SEAT_COLOURS[p % len(SEAT_COLOURS)]
        hub_dice = dict(P.hub_dice)
        filled = dict(P.cargo)
        for li, lane in enumerate(P.lanes):
            y = _lane_y(geo, p, li)
            x0 = geo["block"][p][0] + 0.25
            lane_x += [x0, _slot_x(geo, p, len(lane) - 1) + _SLOT_W / 2, None]
            lane_y += [y, y, None]
            for si, c in enumerate(lane):
                x = _slot_x(geo, p, si)
                key = f"slot:{p}:{li}:{si}"
                _cell(key, x, y, places)
                slot_x.append(x)
                slot_y.append(y)
                slot_key.append(key)
                slot_text.append(f"{game.player_name(p)} lane {li + 1}, slot {si + 1}"
                                 + (f" (+{game.gap_coins(lane, si)} coin gap)" if c < 0 else ""))
                if c < 0:
                    continue
                card = C[c]
                ckey = f"card:{p}:{li}:{si}"
                _cell(ckey, x, y, places)
                card_x.append(x)
                card_y.append(y)
                card_col.append(KIND_COLOURS.get(card.kind, "#ccc"))
                card_key.append(ckey)
                card_text.append(f"{_short(game, c)}<br>{card.cost}c {card.pp}PP")
                extra = ""
                if card.cargo:
                    extra = f"<br>cargo {filled.get(c, 0)}/{len(card.cargo)}: " + ", ".join(
                        f"{g.amount} {ITEM[g.item]}" if g.item else "-" for g in card.cargo)
                if card.activate:
                    extra += f"<br>activate with {'/'.join(map(str, card.activate))}"
                card_hover.append(f"{card.name} #{c}: cost {card.cost}, {card.pp} PP, "
                                  f"left x{card.left}, right {ITEM[card.right]}{extra}")
                half_x += [x - 0.42, x + 0.42]
                half_y += [y - 0.3, y - 0.3]
                half_text += [f"x{card.left}", ITEM[card.right]]
                for j, cg in enumerate(card.cargo):
                    cargo_x.append(x - 0.35 + 0.7 * j / max(1, len(card.cargo) - 1))
                    cargo_y.append(y + 0.34)
                    cargo_fill.append("#6e2c00" if j < filled.get(c, 0) else "white")
                    cargo_hover.append(f"cargo space {j + 1}: " + (f"{cg.amount} {ITEM[cg.item]}"
                                                                   if cg.item else "no reward"))
        for (li, b, j), mult, item in P.hubs:
            x, y = _stop_xy(game, geo, P, p, li, b, j)
            key = f"hub:{p}:{li}:{b}:{j}"
            _cell(key, x, y, places)
            hub_x.append(x)
            hub_y.append(y)
            hub_key.append(key)
            bonus = " (+2 Light House)" if P.lighthouse == (li, b, j) else ""
            hub_text.append(f"{mult}{ITEM[item][0]}")
            hub_hover.append(f"hub: {mult} x {ITEM[item]}{bonus}; needs a {mult}")
            if (li, b, j) in hub_dice:
                die_x.append(x)
                die_y.append(y - 0.22)
                die_text.append(str(hub_dice[(li, b, j)]))
        for (li, si), v in P.card_dice:
            die_x.append(_slot_x(geo, p, si) + 0.3)
            die_y.append(_lane_y(geo, p, li) + 0.12)
            die_text.append(str(v))
        seen: dict = {}
        for li, b, j in P.ships:
            x, y = _stop_xy(game, geo, P, p, li, b, j)
            k = seen.get((li, b, j), 0)
            seen[(li, b, j)] = k + 1
            key = f"ship:{p}:{li}:{b}:{j}"
            _cell(key, x, y, places)
            ship_x.append(x + 0.12 * k)
            ship_y.append(y + 0.22)
            ship_col.append(colour)
            ship_key.append(key)
            ship_hover.append(f"{game.player_name(p)}'s ship: crossed {b} card(s)")
    # the bidding area
    area_x, area_y, area_text, area_hover, area_col, area_key = [], [], [], [], [], []
    bid_x, bid_y, bid_text = [], [], []
    for sp, (x, y) in sorted(geo["space"].items()):
        c = game._card_at(s, sp)
        key = f"space:{sp}"
        _cell(key, x, y, places)
        area_x.append(x)
        area_y.append(y)
        area_key.append(key)
        if c < 0:
            area_text.append("")
            area_col.append("rgba(0,0,0,0.04)")
            area_hover.append("free space" if sp < game.S else "advanced space")
        else:
            card = C[c]
            area_text.append(f"{_short(game, c)}<br>{card.cost}c {card.pp}PP<br>x{card.left}|{ITEM[card.right]}")
            area_col.append(KIND_COLOURS.get(card.kind, "#ccc"))
            area_hover.append(f"{card.name} #{c}: cost {card.cost}, {card.pp} PP, left x{card.left}, "
                              f"right {ITEM[card.right]}")
        row = s.bids[sp] if sp < len(s.bids) else ()
        lines = [f"<span style='color:{SEAT_COLOURS[q]}'>{'+'.join(map(str, d))}={sum(d)}</span>"
                 for q, d in enumerate(row) if d]
        bid_x.append(x)
        bid_y.append(y - 0.52)
        bid_text.append(" ".join(lines))
    # texts: the players' resources, the discard area, the phase
    txt_x, txt_y, txt_text = [], [], []
    final = s.final
    for p in range(n):
        P = s.players[p]
        bx, by = geo["block"][p]
        first = " (1st)" if s.order and s.order[0] == p else ""
        score = f"{final[p][-1]} PP final" if final else f"{P.pp} PP"
        txt_x.append(bx - 0.75)
        txt_y.append(by - 0.2)
        txt_text.append(
            f"<b style='color:{SEAT_COLOURS[p]}'>{game.player_name(p)}</b>{first}: {score} · "
            f"{P.coins} coins · {P.fuel} fuel · {P.goods} goods · {P.fish} fish · "
            f"{P.interference} interference · dice {' '.join(map(str, P.dice)) or '-'}")
    dx, dy = geo["discard"]
    txt_x.append(dx)
    txt_y.append(dy)
    txt_text.append("discard: " + (" ".join(map(str, s.discard)) or "-"))
    txt_x.append(-0.5)
    txt_y.append(0.62)
    phase = game.phase(s)
    if s.phase == DRAFT and s.hands:
        phase += " · hands " + " | ".join("".join(map(str, h)) for h in s.hands)
    txt_text.append(f"<b>{phase}</b>")
    # highlight rings for clickable places
    hl_x, hl_y, hl_key, hl_size = [], [], [], []
    ring = {"space": 60, "slot": 52, "card": 52, "hub": 24, "ship": 22}
    for key in sorted(highlight):
        if key in places:
            x, y = places[key]
            hl_x.append(x)
            hl_y.append(y)
            hl_key.append(key)
            hl_size.append(ring.get(key.split(":")[0], 30))
    hover = "%{hovertext}<extra></extra>"
    return [
        dict(type="scatter", name="lanes", x=lane_x, y=lane_y, mode="lines",
             line=dict(color="#aed6f1", width=3), hoverinfo="skip"),
        dict(type="scatter", name="slots", x=slot_x, y=slot_y, mode="markers",
             marker=dict(symbol="square-open", size=44, color="#d5d8dc"), customdata=slot_key,
             hovertext=slot_text, hovertemplate=hover),
        dict(type="scatter", name="cards", x=card_x, y=card_y, mode="markers+text",
             marker=dict(symbol="square", size=44, color=card_col, line=dict(color="#555", width=1)),
             text=card_text, textfont=dict(size=8), customdata=card_key, hovertext=card_hover,
             hovertemplate=hover),
        dict(type="scatter", name="half-hubs", x=half_x, y=half_y, mode="text", text=half_text,
             textfont=dict(size=7, color="#566573"), hoverinfo="skip"),
        dict(type="scatter", name="hubs", x=hub_x, y=hub_y, mode="markers+text",
             marker=dict(symbol="diamond", size=16, color="#fdfefe", line=dict(color="#1f618d", width=2)),
             text=hub_text, textfont=dict(size=7), customdata=hub_key, hovertext=hub_hover,
             hovertemplate=hover),
        dict(type="scatter", name="dice", x=die_x, y=die_y, mode="markers+text",
             marker=dict(symbol="square", size=13, color="white", line=dict(color="black", width=1)),
             text=die_text, textfont=dict(size=9), hoverinfo="skip"),
        dict(type="scatter", name="ships", x=ship_x, y=ship_y, mode="markers",
             marker=dict(symbol="triangle-right", size=13, color=ship_col, line=dict(color="black", width=1)),
             customdata=ship_key, hovertext=ship_hover, hovertemplate=hover),
        dict(type="scatter", name="cargo", x=cargo_x, y=cargo_y, mode="markers",
             marker=dict(symbol="circle", size=6, color=cargo_fill, line=dict(color="#6e2c00", width=1)),
             hovertext=cargo_hover, hovertemplate=hover),
        dict(type="scatter", name="bidding area", x=area_x, y=area_y, mode="markers+text",
             marker=dict(symbol="square", size=50, color=area_col, line=dict(color="#555", width=1)),
             text=area_text, textfont=dict(size=8), customdata=area_key, hovertext=area_hover,
             hovertemplate=hover),
        dict(type="scatter", name="bids", x=bid_x, y=bid_y, mode="text", text=bid_text,
             textfont=dict(size=9), hoverinfo="skip"),
        dict(type="scatter", name="texts", x=txt_x, y=txt_y, mode="text", text=txt_text,
             textposition="middle right", textfont=dict(size=10), hoverinfo="skip"),
        dict(type="scatter", name="highlight", x=hl_x, y=hl_y, mode="markers",
             marker=dict(symbol="square-open", size=hl_size, color="#e74c3c", line=dict(width=3)),
             customdata=hl_key, hoverinfo="skip"),
    ]


def figure(game, state, highlight=frozenset()) -> go.Figure:
    """The table as a plotly figure: :func:`layers` in a fixed layout.

    >>> import tabletop_nb
    >>> game = tabletop_nb.load_game("neko", players=4, advanced_cards=True)
    >>> len(figure(game, game.initial_state()).data)
    12
    """
    geo = _geometry(game)
    fig = go.Figure(data=[go.Scatter(t) for t in layers(game, state, highlight)])
    (x0, x1), (y0, y1) = geo["x"], geo["y"]
    px = 68
    fig.update_layout(
        width=int((x1 - x0) * px), height=int((y1 - y0) * px) + 20, showlegend=False,
        margin=dict(l=5, r=5, t=5, b=5), plot_bgcolor="white", clickmode="event",
        xaxis=dict(range=[x0, x1], visible=False, fixedrange=True),
        yaxis=dict(range=[y0, y1], visible=False, fixedrange=True, scaleanchor="x", scaleratio=1))
    return fig


def place_actions(game, state) -> dict[str, Any]:
    """Place key -> the action a click there chooses now (see the module docstring)."""
    if state.phase == OVER or game.current_player(state) < 0:
        return {}
    top = state.frames[-1]
    p = top[1]
    out: dict[str, Any] = {}
    for a in game.legal_actions(state):
        t = type(a)
        if t is Bid:
            key = f"space:{a.space}"
            if key not in out or a.value > out[key].value:
                out[key] = a
        elif t is ParkDie:
            key = f"space:{a.space}"
            if key not in out or a.value > out[key].value:
                out[key] = a
        elif t in (ActivateHub, ChurchHub):
            out.setdefault(f"hub:{p}:{a.lane}:{a.boundary}:{a.sub}", a)
        elif t is MoveShip:
            out.setdefault(f"ship:{p}:{a.lane}:{a.boundary}:{a.sub}", a)
        elif t is Buy:
            out.setdefault(f"slot:{p}:{a.lane}:{a.slot}", a)
        elif t is LoadCargo:
            out.setdefault(f"card:{p}:{a.lane}:{a.slot}", a)
        elif t is ActivateCard:
            out.setdefault(f"card:{p}:{a.lane}:{a.slot}", a)
    return out
