"""The view contract (docs/DEVELOPING.md, "The view") checked on every registered game,
whether it brings its own view.py or gets the generic view."""
from __future__ import annotations

import json


import tabletop_nb
from tabletop_nb import CHANCE, TERMINAL
from tabletop_nb.core.runner import seat_streams, seed_sequence
from tabletop_nb.viz import generic_view, view_for, view_module

STATES = 120  # states of one seeded playout drawn per game (every one of them)


def _playout(game, seed, limit=STATES):
    chance_rng, bot_rngs = seat_streams(seed_sequence(seed), game.num_players)
    s = game.initial_state()
    out = [s]
    while not game.is_terminal(s) and len(out) < limit:
        p = game.current_player(s)
        if p == CHANCE:
            a = game.sample_chance(s, chance_rng)
        else:
            legal = game.legal_actions(s)
            a = legal[int(bot_rngs[p].random() * len(legal))]
        s = game.apply(s, a)
        out.append(s)
    return out


def _keys(trace):
    cd = trace.get("customdata")
    if cd is None:
        return set()
    out = set()
    for k in cd:
        if isinstance(k, (list, tuple)) and len(k) == 1:
            k = k[0]
        try:
            hash(k)
        except TypeError:
            continue
        out.add(k)
    return out


def test_view_module_is_the_games_own_or_the_generic_one(game_name):
    game = tabletop_nb.load_game(game_name)
    mod = view_module(game)
    if game_name == "toy":
        assert mod is generic_view
    else:
        import importlib.util
        own = importlib.util.find_spec(f"tabletop_nb.games.{game_name}.view") is not None
        assert (mod.__name__ == f"tabletop_nb.games.{game_name}.view") == own
        assert (mod is generic_view) == (not own)


def test_layers_are_stable_and_places_are_clickable(game_name):
    game = tabletop_nb.load_game(game_name)
    view = view_for(game)
    states = _playout(game, seed=1)
    fig = view.figure(game, states[0])
    size = len(fig.to_json())
    assert size < 100_000, f"{view.name}: the figure is {size} bytes"
    shape = [t.type for t in fig.data]
    placed = 0
    for s in states:
        p = game.current_player(s)
        shown = game.observation(s, p) if p >= 0 else s
        places = view.place_actions(game, shown)
        layers = view.layers(game, shown, frozenset(places))
        assert [t.get("type", "scatter") for t in layers] == shape, \
            f"{view.name}: layers change count or type between states"
        json.dumps(layers, default=str)  # plain data plotly can send
        if places:
            legal = game.legal_actions(s)
            assert all(a in legal for a in places.values()), "a place maps to an illegal action"
            shown_keys = set().union(*(_keys(t) for t in layers))
            assert set(places) <= shown_keys, "a clickable place has no point carrying its key"
            placed += 1
        if p in (CHANCE, TERMINAL):
            assert places == {}
    figure_last = view.figure(game, states[-1])
    assert len(figure_last.to_json()) < 100_000
    if view.generic:
        assert placed > 0


def test_generic_view_lists_actions_and_outcomes():
    game = tabletop_nb.load_game("toy")
    s = game.initial_state()
    bars, listed, status = generic_view.layers(game, s)
    assert list(bars["x"]) == ["Player 1", "Player 2"] and list(bars["y"]) == [0.0, 0.0]
    assert listed["text"] == ["Roll"]
    assert listed["customdata"] == [generic_view.action_key(game.legal_actions(s)[0])]
    assert "Player 1 to act" in status["text"][0]
    s = game.apply(s, game.legal_actions(s)[0])  # a chance node: the outcomes with odds
    _, listed, status = generic_view.layers(game, s)
    assert listed["text"][0] == "roll a 1  (1/6)" and listed["customdata"][0] == ""
    assert generic_view.place_actions(game, s) == {}
    _, hidden, _ = generic_view.layers(game, s, show_actions=False)
    assert hidden["text"] == []


def test_generic_view_highlights_the_targets():
    game = tabletop_nb.load_game("toy")
    s = game.initial_state()
    places = generic_view.place_actions(game, s)
    _, listed, _ = generic_view.layers(game, s, frozenset(places))
    assert listed["marker"]["size"] == [16]
    _, plain, _ = generic_view.layers(game, s)
    assert plain["marker"]["size"] == [9]


def test_generic_view_of_a_long_action_list():
    game = tabletop_nb.load_game("toy")

    class Many(type(game)):
        def legal_actions(self, s):
            return list(range(40)) if self.current_player(s) >= 0 else []

        def action_label(self, s, a):
            return f"option {a}"

    g = Many(game.rules)
    s = g.initial_state()
    _, listed, _ = generic_view.layers(g, s)
    assert len(listed["text"]) == generic_view.MAX_LISTED + 1
    assert listed["text"][-1] == f"... and {40 - generic_view.MAX_LISTED} more (see the buttons)"
