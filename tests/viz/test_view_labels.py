"""The words on the buttons can be read off the board (issue 38).

- Pebble Rock's buttons say "Sail to space 29 (by ...)": every space shows its number on
  the board, at the board's smallest font or larger, centred on the space.
- Pacal's moves say "straight move to (5, 10)": the axes are titled so (x, y) reads as
  column x, row y, and the ticks are the coordinates the labels use.
- Pacal's status before the round's roll names no die value (it showed the last round's).
"""
from __future__ import annotations

import re

import pytest

import tabletop_nb
from tabletop_nb import CHANCE
from tabletop_nb.games.pacal import view as pacal_view
from tabletop_nb.games.pacal.state import Move
from tabletop_nb.games.pebble_rock import view as pr_view
from tabletop_nb.games.pebble_rock.state import Step


def _states(game, seed=1):
    return tabletop_nb.replay(game, tabletop_nb.play(game, bots="greedy", seed=seed))


def test_pebble_rock_buttons_name_spaces_whose_numbers_are_on_the_board():
    game = tabletop_nb.load_game("pebble_rock", players=3)
    pos = game.info.pos
    seen = 0
    for s in _states(game)[::7]:
        spaces = pr_view.layers(game, s)[pr_view.LAYERS.index("spaces")]
        assert spaces["mode"] == "markers+text" and spaces["textposition"] == "middle center"
        assert spaces["textfont"]["size"] >= 11 and spaces["textfont"]["size"] >= pr_view.FONT
        shown = dict(zip(spaces["text"], zip(spaces["x"], spaces["y"])))
        if game.current_player(s) < 0:
            continue
        for a in game.legal_actions(s):
            if type(a) is not Step:
                continue
            label = game.action_label(s, a)
            m = re.search(r"space (\d+)", label)
            assert m, label
            n = m.group(1)
            assert shown[n] == tuple(pos[int(n)]), (label, n)   # the number sits on that space
            seen += 1
    assert seen > 10


def test_pebble_rock_space_numbers_fit_inside_their_marks():
    """A two-digit number at 11 px is about 13 px wide: the marks are wider than that."""
    game = tabletop_nb.load_game("pebble_rock", players=2)
    spaces = pr_view.layers(game, game.initial_state())[pr_view.LAYERS.index("spaces")]
    assert max(len(t) for t in spaces["text"]) == 2
    assert spaces["marker"]["size"] >= 2 * 0.62 * spaces["textfont"]["size"] + 6


def test_pacal_axes_are_titled_as_the_moves_name_a_space():
    game = tabletop_nb.load_game("pacal", players=3)
    fig = pacal_view.figure(game, game.initial_state())
    xt, yt = fig.layout.xaxis.title.text, fig.layout.yaxis.title.text
    assert "(x, y)" in xt and "column x" in xt and "row y" in yt
    assert fig.layout.xaxis.title.font.size >= 11 and fig.layout.yaxis.title.font.size >= 11
    assert list(fig.layout.xaxis.tickvals) == list(range(game.geo.width))
    assert list(fig.layout.yaxis.tickvals) == list(range(game.geo.height))
    # a move's (x, y) is the space drawn at column x, row y: its click key is "x,y"
    for s in _states(game)[5:80]:
        if game.current_player(s) < 0:
            continue
        places = pacal_view.place_actions(game, s)
        for key, a in places.items():
            if type(a) is Move:
                x, y = a.to
                assert key == f"{x},{y}" and f"move to ({x}, {y})" in game.action_label(s, a)
                return
    pytest.fail("no move among the places of a seeded game")


def test_pacal_status_before_the_roll_names_no_old_die():
    game = tabletop_nb.load_game("pacal", players=3)
    rolls = [s for s in _states(game) if game.current_player(s) == CHANCE and s.round > 1]
    assert rolls
    for s in rolls:
        assert s.face is not None                  # the last round's face is still in the state
        assert "die" not in game.phase(s), game.phase(s)
        status = pacal_view.layers(game, s)[-1]
        assert not any("die" in t for t in status["text"]), status["text"]
