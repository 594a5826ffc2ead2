"""view.py: the view contract (docs/DEVELOPING.md) for Pacal's Rocket, and GameApp clicks."""
from __future__ import annotations


import pytest

import tabletop_nb
from tabletop_nb.games.pacal import view
from tabletop_nb.games.pacal.state import GOD, MOVE, SETUP, Move


@pytest.fixture(scope="module")
def playout():
    game = tabletop_nb.load_game("pacal", players=4)
    rec = tabletop_nb.play(game, ["greedy", "random", "random", "random"], seed=12)
    return game, tabletop_nb.replay(game, rec)


def test_layers_are_stable_along_a_playout(playout):
    game, states = playout
    ref = None
    for s in states[:: max(1, len(states) // 40)] + [states[-1]]:
        hl = frozenset(view.place_actions(game, s))
        ls = view.layers(game, s, hl)
        sig = [(t["type"], t["name"]) for t in ls]
        ref = ref or sig
        assert sig == ref
    assert len(ref) == 7


def test_figure_builds_and_stays_small(playout):
    game, states = playout
    for s in (states[0], states[len(states) // 2], states[-1]):
        fig = view.figure(game, s, frozenset(view.place_actions(game, s)))
        assert len(fig.to_json()) < 100_000
        assert len(fig.data) == 7


def test_place_actions_are_legal_and_clickable(playout):
    """Every clickable key maps to a legal action, and the places layer carries the keys in
    customdata; straight moves win over turning ones on the same space (2 stones)."""
    game, states = playout
    seen_move = False
    for s in states:
        if s.phase not in (SETUP, MOVE, GOD):
            continue
        places = view.place_actions(game, s)
        legal = game.legal_actions(s)
        assert all(a in legal for a in places.values())
        layer = view.layers(game, s, frozenset(places))[5]
        assert sorted(layer["customdata"]) == sorted(places)
        if s.phase == MOVE and places:
            seen_move = True
            for k, a in places.items():
                if type(a) is Move and a.kind == "turn":
                    assert Move("straight", a.to) not in legal
    assert seen_move


def test_districts_covers_and_reach_figure():
    game = tabletop_nb.load_game("pacal", players=3)
    s = game.initial_state()
    heat = view.layers(game, s)[0]
    n = len(game.rules.board.districts)
    assert heat["type"] == "heatmap"
    assert heat["z"][5][12] == n + 1.5      # covered (right edge, 3 players)
    assert heat["z"][2][6] == n + 0.5       # lake
    assert heat["text"][6][6] == "7"        # holy district value
    s2 = game.position(ships=[(1, 1), (9, 9), (10, 10)], phase="roll")
    fig = view.reach_figure(game, s2, 0)
    assert fig.data[0].z[3][1] == 0.5


def test_gameapp_click_moves_a_ship():
    """The GameApp (built by another engineer) plays Pacal through this view: clicks on
    highlighted spaces place the ship in setup and then move it."""
    from tabletop_nb.widgets import GameApp
    game = tabletop_nb.load_game("pacal", players=3)
    app = GameApp(game, seats=["human", "greedy", "random"], seed=1)
    moved = False
    for _ in range(200):
        s = app.state
        if game.is_terminal(s):
            break
        if game.current_player(s) != 0:
            app.run()
            continue
        places = view.place_actions(game, s)
        if s.phase == MOVE and places:
            k = sorted(places)[0]
            assert app.click_place(k)
            assert game.geo.xy[app.state.ships[0]] == tuple(int(v) for v in k.split(","))
            moved = True
            break
        if places:
            assert app.click_place(sorted(places)[0])
        else:
            assert app.choose(game.legal_actions(s)[0])
    assert moved
    assert not app.click_place("99,99")  # not a place: refused with a message, nothing lost
