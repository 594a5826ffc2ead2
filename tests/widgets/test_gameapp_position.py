"""GameApp(game, seats, state=game.position(...)): start from a set-up situation (issue 14).

For each game: the app shows the position (the board and the status line are of that
state), plays on from it (a person's choice, the bots after), undo goes back to it and
not before; a state of another game or player count, or not a state at all, is refused
with the reason; a record of such a game is refused, since a record replays from the
initial state.
"""
from __future__ import annotations

import pytest

import tabletop_nb
from tabletop_nb import CHANCE, TabletopError
from tabletop_nb.widgets import GameApp


def _pacal():
    g = tabletop_nb.load_game("pacal", players=3)
    return g, g.position(ships=[(1, 0), (7, 8), (9, 8)], stones={0: [(3, 9)]}, phase="build")


def _pebble_rock():
    g = tabletop_nb.load_game("pebble_rock", players=2)
    return g, g.position(boats={1: 16}, characters={"larry": 11}, scores=[3, 6], fish={1: 7},
                         cargo=[1, 2], round=3, seat=0)


def _neko():
    g = tabletop_nb.load_game("neko", players=2)
    return g, g.position(coins=[10, 3], fuel={0: 4}, goods={0: 3})


POSITIONS = {"pacal": _pacal, "pebble_rock": _pebble_rock, "neko": _neko}


@pytest.fixture(params=sorted(POSITIONS))
def position(request):
    return POSITIONS[request.param]()


def _to_person(app):
    """Roll and let bots act until seat 0 (the person) must act."""
    for _ in range(200):
        p = app.game.current_player(app.state)
        if p == 0 or app.game.is_terminal(app.state):
            return
        assert (app.roll() if p == CHANCE else app.step()), app.message


def test_the_app_shows_the_position_and_plays_on(position):
    game, start = position
    seats = ["human"] + ["greedy"] * (game.num_players - 1)
    app = GameApp(game, seats, seed=1, state=start)
    assert app.history == [start] and app.state is start and app.from_position
    fresh = GameApp(game, seats, seed=1)
    # the board shows the position, not the initial state
    assert [t.to_plotly_json() for t in app.board.data] != [t.to_plotly_json() for t in fresh.board.data]
    _to_person(app)
    s = app.state
    assert app.choose(app.legal_actions()[0]), app.message
    assert app.history[-2] is s and len(app.history) >= 2
    assert app.undo(), app.message
    assert app.history[0] is start  # undo never goes back before the position
    while app.undo():
        pass
    assert app.history == [start]
    with pytest.raises(TabletopError, match="set-up position"):
        app.record()


def test_a_bots_only_app_plays_from_the_position_to_the_end(position):
    game, start = position
    app = GameApp(game, "greedy", seed=2, state=start)
    app.run()
    assert game.is_terminal(app.state) and app.history[0] is start


def test_a_bad_state_is_refused_with_the_reason(position):
    game, start = position
    with pytest.raises(TabletopError, match=f"must be a {game.name} state"):
        GameApp(game, state={"boats": [1, 2]})
    other = "pacal" if game.name != "pacal" else "neko"
    with pytest.raises(TabletopError, match=f"must be a {game.name} state"):
        GameApp(game, state=tabletop_nb.load_game(other).initial_state())
    bigger = tabletop_nb.load_game(game.name, players=game.num_players + 1)
    with pytest.raises(TabletopError, match="players"):
        GameApp(bigger, state=start)


def test_load_after_a_position_plays_a_recorded_game(position):
    game, start = position
    app = GameApp(game, "random", seed=3, state=start)
    rec = GameApp(game, "random", seed=3)
    rec.run(20)
    assert app.load(rec.record()), app.message
    assert not app.from_position and app.record().actions == rec.record().actions
