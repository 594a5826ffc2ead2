"""A human seat sees only ``game.observation(state, seat)``; bots are given theirs."""
from __future__ import annotations

from dataclasses import replace

import numpy as np

import tabletop_nb
from tabletop_nb import CHANCE
from tabletop_nb.core.bots import random_bot
from tabletop_nb.widgets import GameApp

import toygame


class SecretToy(toygame.ToyGame):
    """The toy game with secret banks: a seat sees only its own banked points."""

    def observation(self, s, player):
        return replace(s, banked=tuple(b if i == player else 0 for i, b in enumerate(s.banked)))


def _comparable(layer):
    # data and the marker's per-point values; plotly normalises other styling
    # (colour-scale names, titles), so those are left out of the comparison
    out = {k: v for k, v in layer.items() if k in ("x", "y", "z", "text", "customdata")}
    marker = layer.get("marker")
    if isinstance(marker, dict):
        out["marker"] = {k: v for k, v in marker.items() if k in ("color", "size", "symbol", "opacity")}
    return out


def _board(app):
    return [_plain(_comparable(t.to_plotly_json())) for t in app.board.data]


def _plain(v):
    """Layers and the figure's JSON in one comparable form (lists, numpy, tuples)."""
    if hasattr(v, "tolist"):
        v = v.tolist()
    if isinstance(v, dict):
        return {k: _plain(x) for k, x in v.items()}
    if isinstance(v, (list, tuple)):
        return [_plain(x) for x in v]
    return v


def _listify(layers):
    return [_plain(_comparable(l)) for l in layers]


def test_secret_banks_stay_secret():
    game = SecretToy()
    app = GameApp(game, seats=["human", "hold10"], seed=2)
    # play until the bot has banked something
    rng = np.random.default_rng(0)
    for _ in range(300):
        if game.is_terminal(app.state) or app.state.banked[1] > 0:
            break
        p = game.current_player(app.state)
        if p == 0:
            legal = game.legal_actions(app.state)
            app.choose(legal[int(rng.integers(len(legal)))])
        else:
            app.roll() if p == CHANCE else app.step()
    assert app.state.banked[1] > 0, "the bot never banked: pick another seed"
    secret = app.state.banked[1]
    assert list(app.board.data[0].y)[1] == 0  # the board shows the observation
    assert f">{secret}<" not in app.summary_box.value.split("Player 2")[1].split("</tr>")[0]
    assert app.score_chart.data[1].y[-1] == 0
    # a designer who asks to see everything does
    spy = GameApp(game, seats=["human", "hold10"], seed=2, reveal=True)
    spy.load(app.record())
    assert list(spy.board.data[0].y)[1] == secret


def test_bots_are_given_their_observation():
    game = SecretToy()
    seen = []

    def spying(g, state, rng):
        seen.append(state)
        return random_bot(g, state, rng)

    app = GameApp(game, seats=["random", spying], seed=3)
    app.run()
    assert seen
    for i, s in enumerate(app.history[:-1]):
        if game.current_player(s) == 1:
            assert game.observation(s, 1) in seen
    assert all(st.banked[0] == 0 for st in seen)


def test_the_board_shows_the_human_seats_observation(game_name):
    """After every action the board holds exactly the view's layers of the human seat's
    observation (this also checks that sending only what changed loses nothing)."""
    game = tabletop_nb.load_game(game_name)
    app = GameApp(game, seats=["human"] + ["random"] * (game.num_players - 1), seed=22)
    checked = 0
    for _ in range(60):
        s = app.state
        if game.is_terminal(s):
            break
        shown = game.observation(s, 0)
        expected = app.view.layers(game, shown, frozenset(app.board_panel.places), **app.board_panel.view_kw(s))
        assert _board(app) == _listify(expected)
        checked += 1
        p = game.current_player(s)
        if p == 0:
            app.choose(game.legal_actions(s)[0])
        elif p == CHANCE:
            app.roll()
        else:
            app.step()
    assert checked > 10


class SecretWordsToy(SecretToy):
    """Also the log is secret: others read "banked some points"."""

    def observation(self, s, player):
        o = super().observation(s, player)
        me = self.player_name(player)
        words = tuple(e if "banked" not in e or e.startswith(me) else e.split(" banked")[0] + " banked some points"
                      for e in s.events)
        return replace(o, events=words)


def _play_to_bank(app, seat):
    g = app.game
    while not g.is_terminal(app.state) and g.current_player(app.state) in (seat, CHANCE):
        p = g.current_player(app.state)
        if p == CHANCE:
            app.roll()
        else:
            legal = g.legal_actions(app.state)
            app.choose(legal[-1] if app.state.pot >= 6 else legal[0])


def test_hot_seat_covers_the_screen_between_people():
    game = SecretWordsToy()
    app = GameApp(game, seats=["human", "human"], seed=4)
    assert not app.covered and app.viewer == 0
    _play_to_bank(app, 0)
    assert game.current_player(app.state) == 1
    # Player 2's turn: nothing of either view is on screen until Player 2 says so
    assert app.covered
    assert app.board_box.layout.display == "none" and app.log_box.layout.display == "none"
    assert app.actions_box.layout.display == "none"
    assert "Pass the screen to Player 2" in app.curtain_text.value
    app.curtain_button.click()
    assert not app.covered and app.board_box.layout.display == ""
    assert app.viewer == 1
    assert list(app.board.data[0].y)[0] == 0  # Player 1's bank is secret to Player 2


def test_hot_seat_log_keeps_only_what_everyone_may_read():
    game = SecretWordsToy()
    app = GameApp(game, seats=["human", "human"], seed=4)
    _play_to_bank(app, 0)
    banked = [line for line in app.log if "banked" in line]
    assert banked == [], banked  # Player 2 may not read how much Player 1 banked
    assert any(line.endswith("Player 1: Hold") for line in app.log)
    # one person at the screen reads their own words
    solo = GameApp(game, seats=["human", "random"], seed=4)
    _play_to_bank(solo, 0)
    assert any("Player 1 banked" in line and "some" not in line for line in solo.log)
