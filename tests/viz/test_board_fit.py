"""Boards that fit and read (issue 13): every game's board follows the output's width
(drawn for 900 px), uses text of at least 11 px, and never puts two clickable places on
top of each other, checked on the figure data of whole seeded games."""
from __future__ import annotations

import pytest

import tabletop_nb
from tabletop_nb import CHANCE, TERMINAL

GAMES = ("pebble_rock", "neko", "pacal")
WIDTH = 900   # the notebook's output width at default size
MIN_FONT = 11
GAP = 2       # px between the click areas of two different places


def _states(name, players=4, seed=3):
    game = tabletop_nb.load_game(name, players=players)
    return game, tabletop_nb.replay(game, tabletop_nb.play(game, bots="greedy", seed=seed))


def _view(game):
    from tabletop_nb.viz import view_for
    return view_for(game)


def _sizes(obj):
    """Every font size set anywhere in a trace or layout dict."""
    if isinstance(obj, dict):
        for k, v in obj.items():
            if k in ("textfont", "font", "tickfont") and isinstance(v, dict) and "size" in v:
                yield v["size"]
            yield from _sizes(v)
    elif isinstance(obj, (list, tuple)):
        for v in obj:
            yield from _sizes(v)


def _scale(layout) -> float:
    """px per data unit when the figure is drawn at WIDTH (axes with a fixed aspect)."""
    m = layout["margin"]
    (x0, x1), (y0, y1) = layout["xaxis"]["range"], layout["yaxis"]["range"]
    return min((WIDTH - m["l"] - m["r"]) / abs(x1 - x0),
               (layout["height"] - m["t"] - m["b"]) / abs(y1 - y0))


def _click_boxes(layers, scale):
    """(key, x0, x1, y0, y1) in px for every point a click can land on."""
    out = []
    for t in layers:
        keys = t.get("customdata")
        if not keys or t.get("hoverinfo") == "skip":
            continue
        if t["type"] == "bar":
            for i, k in enumerate(keys):
                x, w, b, h = t["x"][i], t["width"][i], t["base"][i], t["y"][i]
                out.append((k, (x - w / 2) * scale, (x + w / 2) * scale, b * scale, (b + h) * scale))
        elif t["type"] == "scatter" and "markers" in t.get("mode", "markers"):
            size = t.get("marker", {}).get("size", 6)
            for i, k in enumerate(keys):
                r = (size[i] if isinstance(size, (list, tuple)) else size) / 2
                x, y = t["x"][i] * scale, t["y"][i] * scale
                out.append((k, x - r, x + r, y - r, y + r))
    return out


@pytest.mark.parametrize("name", GAMES)
def test_board_follows_the_output_width(name):
    game, states = _states(name)
    fig = _view(game).figure(game, states[len(states) // 2]).to_plotly_json()
    lay = fig["layout"]
    assert lay.get("width") is None and lay.get("autosize") is True  # plotly fills the cell
    m = lay["margin"]
    (x0, x1), (y0, y1) = lay["xaxis"]["range"], lay["yaxis"]["range"]
    # at 900 px the board is as wide as the output (its height is not what limits it)
    drawn = (lay["height"] - m["t"] - m["b"]) * abs(x1 - x0) / abs(y1 - y0) + m["l"] + m["r"]
    assert WIDTH - 2 <= drawn, f"{name}: the board leaves {WIDTH - drawn:.0f} px empty at {WIDTH} px"
    assert lay["yaxis"].get("scaleanchor") == "x"  # fixed aspect: narrower cells shrink it whole


@pytest.mark.parametrize("name", GAMES)
def test_board_text_is_at_least_11px(name):
    game, states = _states(name)
    view = _view(game)
    fig = view.figure(game, states[0]).to_plotly_json()
    assert min(_sizes(fig["layout"])) >= MIN_FONT
    for s in states[::7] + [states[-1]]:
        layers = view.layers(game, s, frozenset(view.place_actions(game, s)))
        for t in layers:
            if t.get("text") or t.get("texttemplate"):
                sizes = list(_sizes(t))
                assert sizes and min(sizes) >= MIN_FONT, f"{name}: {t['name']} text at {sizes} px"


def test_pebble_rock_reach_map_numbers_are_readable():
    from tabletop_nb.games.pebble_rock import view
    game, states = _states("pebble_rock")
    turn = next(s for s in states[len(states) // 2:] if s.phase == "choose")
    fig = view.reach_figure(game, turn, "speedy").to_plotly_json()
    reach = fig["data"][view.LAYERS.index("reach")]
    assert reach["text"] and reach["textfont"]["size"] >= MIN_FONT
    assert reach["marker"]["size"] >= 30  # "100%" at 11 px fits inside its mark


def overlapping_places(game, view, states):
    """Pairs of different keys whose click areas touch, with one of them clickable now."""
    fig = view.figure(game, states[0]).to_plotly_json()
    scale = _scale(fig["layout"])
    bad = []
    for s in states:
        if game.current_player(s) in (CHANCE, TERMINAL):
            continue
        places = view.place_actions(game, s)
        boxes = _click_boxes(view.layers(game, s, frozenset(places)), scale)
        for i, (k, ax0, ax1, ay0, ay1) in enumerate(boxes):
            if k not in places:
                continue
            for q, bx0, bx1, by0, by1 in boxes:
                if q != k and ax0 < bx1 + GAP and bx0 < ax1 + GAP and ay0 < by1 + GAP and by0 < ay1 + GAP:
                    bad.append((k, q))
    return bad


@pytest.mark.parametrize("name", GAMES)
def test_clickable_places_never_overlap(name):
    game, states = _states(name)
    bad = overlapping_places(game, _view(game), states)
    assert not bad, f"{name}: {len(bad)} clicks could land on another place, e.g. {sorted(set(bad))[:5]}"


def test_neko_ship_and_hub_are_apart_when_both_can_be_clicked():
    """The case from the issue: a ship waiting at a hub, both clickable in one state."""
    game, states = _states("neko")
    view = _view(game)
    both = [s for s in states if game.current_player(s) >= 0 and
            {k.split(":")[0] for k in view.place_actions(game, s)} >= {"ship", "hub"}]
    assert both, "no state of the game offers a ship and a hub together"
    assert not overlapping_places(game, view, both)
