"""The board widget's front end (issue 13: empty boards under load) and a board whose
height follows what it shows (Neko's lanes and bids)."""
from __future__ import annotations

import pathlib

import plotly

import tabletop_nb
from tabletop_nb.viz import view_for
from tabletop_nb.widgets import GameApp
from tabletop_nb.widgets._board import BoardWidget
from tabletop_nb.widgets.board_panel import BoardPanel


def _sent(board):
    """Record what the board sends to the page instead of sending it."""
    out = []
    board.send_state = lambda keys=None, key=None: out.append((keys or key, len(board._widget_data)))
    return out


def test_the_model_is_ready_at_once_and_loads_plotly_when_drawing():
    """anywidget rejects a model whose _esm is not imported and initialized within 2 s
    and then drops every message to it (the figure included): the empty, deaf boards.
    So the board's own module is small, and plotly's 4.9 MB bundle travels as data,
    imported when a view draws (once per page)."""
    bundle = (pathlib.Path(plotly.__file__).parent / "package_data" / "widgetbundle.js").read_text()
    state = BoardWidget(data=[dict(type="scatter", x=[1], y=[2])]).get_state()
    assert len(state["_esm"]) < 10_000
    assert state["_tabletop_bundle"] == bundle
    assert "import(url)" in state["_esm"] and "initialize() {}" in state["_esm"]


def test_a_view_that_drew_is_sent_the_whole_figure_and_an_empty_one_is_seen():
    board = BoardWidget(data=[dict(type="scatter", x=[1], y=[2]), dict(type="bar", x=[1], y=[3])])
    sent = _sent(board)
    assert board.drawn == 0 and board.drawn_traces is None and not board.drawn_empty
    board._on_page_msg(board, {"tabletop": "drawn", "traces": 0}, [])
    assert board.drawn == 1 and board.drawn_empty  # the page drew it without its traces
    assert sent == [(["_widget_data", "_widget_layout"], 2)]  # so the whole figure goes again
    board._on_page_msg(board, {"tabletop": "drawn", "traces": 2}, [])
    assert board.drawn == 2 and not board.drawn_empty
    board._on_page_msg(board, {"other": 1}, [])  # not ours: ignored
    assert board.drawn == 2 and len(sent) == 2


def test_neko_board_height_follows_the_lanes_and_bids_shown():
    game = tabletop_nb.load_game("neko")
    view = view_for(game)
    states = tabletop_nb.replay(game, tabletop_nb.play(game, bots="greedy", seed=1))
    first, tallest = view.frame(game, states[0]), max((view.frame(game, s) for s in states),
                                                       key=lambda f: f["height"])
    assert tallest["height"] > first["height"] + 150  # lanes and bids add room ...
    assert first["height"] < 360                      # ... none is reserved before
    for s in (states[0], states[len(states) // 2]):
        fig = view.figure(game, s).to_plotly_json()["layout"]
        fr = view.frame(game, s)
        assert fig["height"] == fr["height"] and tuple(fig["yaxis"]["range"]) == tuple(fr["yaxis"])
    app = GameApp(game, seats=["greedy"] * game.num_players, seed=1)
    app.board_probe.width = 934   # as the page reports it
    start = app.board.layout.height
    assert start == round(first["height"] * 934 / 900)
    app.run()
    end = view.frame(game, app.state)
    assert end["height"] > first["height"]
    assert tuple(app.board.layout.yaxis.range) == tuple(end["yaxis"])
    assert app.board.layout.height == round(end["height"] * 934 / 900)
    assert app.board.layout.width == 934


def test_a_board_whose_view_stays_empty_is_replaced():
    """The page drew the board without its traces and did not redraw it after the kernel
    re-sent it (a model the page no longer hears): the app puts a new board in its place,
    with the same traces and the current state; a board drawn whole is kept."""
    game = tabletop_nb.load_game("pebble_rock")
    app = GameApp(game, seats=["human"] + ["greedy"] * (game.num_players - 1), seed=1)
    app.run()
    old = app.board
    _sent(old)
    old._on_page_msg(old, {"tabletop": "drawn", "traces": len(old.data)}, [])
    assert not old.drawn_empty and not app.board_panel.renew_if_empty(old) and app.board is old
    old._on_page_msg(old, {"tabletop": "drawn", "traces": 0}, [])
    assert old.drawn_empty
    assert app.board_panel.renew_if_empty(old)
    new = app.board
    assert new is not old and new in app.board_box.children and old not in app.board_box.children
    assert [t.type for t in new.data] == [t.type for t in old.data]
    plain = lambda fw: [{k: v for k, v in t.to_plotly_json().items() if k != "uid"} for t in fw.data]  # noqa: E731
    assert plain(new) == plain(old)
    assert not app.board_panel.renew_if_empty(old)  # an old board is no longer the app's
    for _ in range(BoardPanel.RENEWALS):   # at most a few new boards, then it says so
        b = app.board
        b._on_page_msg(b, {"tabletop": "drawn", "traces": 0}, [])
        app.board_panel.renew_if_empty(b)
    b = app.board
    b._on_page_msg(b, {"tabletop": "drawn", "traces": 0}, [])
    assert not app.board_panel.renew_if_empty(b) and "could not be drawn" in app.message
