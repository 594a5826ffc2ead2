"""view.py: the board figure along a playout, the stable layers, clickable places, the
reach heat map."""
import json

import pytest

import tabletop_nb
from tabletop_nb import CHANCE, TERMINAL
from tabletop_nb.games.pebble_rock import odds, view
from tabletop_nb.games.pebble_rock.state import PlaceBoat, PlaceCharacter, Step


@pytest.fixture(scope="module", params=[2, 4])
def playout(request):
    game = tabletop_nb.load_game("pebble_rock", players=request.param)
    rec = tabletop_nb.play(game, ["greedy"] + ["random"] * (request.param - 1), seed=4)
    return game, tabletop_nb.replay(game, rec)


def test_figure_builds_along_a_playout_with_stable_layers(playout):
    game, states = playout
    shape = None
    for s in states[::7] + [states[-1]]:
        lay = view.layers(game, s, frozenset(view.place_actions(game, s)))
        sig = [(d["type"], d["name"]) for d in lay]
        assert len(lay) == len(view.LAYERS) and [d["name"] for d in lay] == list(view.LAYERS)
        shape = shape or sig
        assert sig == shape
    fig = view.figure(game, states[len(states) // 2])
    assert len(fig.data) == len(view.LAYERS)
    assert max(len(view.figure(game, s).to_json()) for s in states[::40]) < 100_000


def test_layers_show_the_state(playout):
    game, states = playout
    s = states[-1]
    lay = {d["name"]: d for d in view.layers(game, s)}
    assert lay["characters"]["customdata"] == list(s.chars)
    assert sorted(lay["boats"]["customdata"]) == sorted(s.boats)
    assert len(lay["jetstreams"]["x"]) == len(s.jets)
    assert len(lay["treasure"]["x"]) == len(s.table.treasure_spaces)
    assert len(lay["delivery standees"]["x"]) == sum(1 for c in s.table.row if c)
    assert len(lay["islands"]["x"]) == len(game.rules.board.islands)
    assert lay["dotted lines"]["x"].count(None) == len(game.rules.board.edges)
    assert lay["reach"]["x"] == [] and lay["targets"]["x"] == []


def test_place_actions_are_clickable_spaces(playout):
    game, states = playout
    seen = set()
    for s in states:
        p = game.current_player(s)
        places = view.place_actions(game, s)
        if p in (CHANCE, TERMINAL):
            assert places == {}
            continue
        legal = game.legal_actions(s)
        for key, a in places.items():
            assert a in legal and isinstance(a, (Step, PlaceCharacter, PlaceBoat))
            seen.add(type(a))
        lay = {d["name"]: d for d in view.layers(game, s, frozenset(places))}
        assert set(lay["targets"]["customdata"]) == set(places)
        assert set(places) <= set(lay["spaces"]["customdata"])
        json.dumps(list(places))  # keys are plain ids
    assert Step in seen and PlaceBoat in seen


def test_reach_heat_map(playout):
    game, states = playout
    s = next(x for x in states if x.phase == "choose" and x.round == 2)
    for choice in ("steady", "speedy"):
        fig = view.reach_figure(game, s, choice)
        heat = fig.data[view.LAYERS.index("reach")]
        exact = odds.reach_map(game, s.boats[s.seat], choice, fish=s.players[s.seat].fish,
                               gear=s.players[s.seat].items.count("fishing_gear"),
                               blocked=set(s.chars) | set(s.boats) - {s.boats[s.seat]})
        assert list(heat.customdata) == sorted(k for k, v in exact.items() if v > 0)
        assert list(heat.marker.color) == [float(exact[k]) for k in heat.customdata]
        assert len(fig.data) == len(view.LAYERS)
