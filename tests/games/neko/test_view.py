"""The view contract (docs/DEVELOPING.md): same layers for every state, small figure JSON,
clickable places that map to legal actions."""
from __future__ import annotations

import json

import pytest

import tabletop_nb
from tabletop_nb.games.neko import view
from tabletop_nb.games.neko.state import ActivateHub, Bid, Buy, MoveShip

from neko_helpers import card, make_game, player, table


def states_along(game, seed=3, every=7):
    rec = tabletop_nb.play(game, "greedy", seed=seed)
    states = tabletop_nb.replay(game, rec)
    return states[::every] + [states[-1]]


@pytest.mark.parametrize("cfg", [dict(players=2), dict(players=3, advanced_setup=True),
                                 dict(players=4, advanced_cards=True)])
def test_layers_are_stable_along_a_playout(cfg):
    game = tabletop_nb.load_game("neko", **cfg)
    shape = None
    for s in states_along(game):
        ls = view.layers(game, s, frozenset(view.place_actions(game, s)))
        now = [(t["type"], t["name"]) for t in ls]
        assert len(ls) == len(view.LAYERS) == 13
        assert [n for _, n in now] == list(view.LAYERS)
        shape = shape or now
        assert now == shape
        for t in ls:
            assert len(t["x"]) == len(t["y"])


@pytest.mark.parametrize("n", [2, 4])
def test_figure_builds_and_stays_small(n):
    game = tabletop_nb.load_game("neko", players=n, advanced_cards=True)
    biggest = 0
    for s in states_along(game, every=25):
        fig = view.figure(game, s, frozenset(view.place_actions(game, s)))
        assert len(fig.data) == len(view.LAYERS) == 13
        biggest = max(biggest, len(fig.to_json()))
    assert biggest < 100_000


def test_place_actions_are_legal_and_drawn():
    """Every clickable key is a legal action of the current player, drawn with that key in a
    trace's customdata, and highlighted when passed as highlight."""
    game = tabletop_nb.load_game("neko", players=3)
    checked = 0
    for s in states_along(game, every=3):
        places = view.place_actions(game, s)
        if not places:
            continue
        legal = game.legal_actions(s)
        assert all(a in legal for a in places.values())
        ls = view.layers(game, s, frozenset(places))
        # the last two layers mark the highlighted tiles and points; the others draw places
        keys = {k for t in ls[:-2] for k in (t.get("customdata") or [])}
        assert set(places) <= keys
        marked = {k for t in ls[-2:] for k in (t.get("customdata") or [])}
        assert marked == set(places)
        checked += 1
    assert checked > 20


def test_clicks_choose_sensible_actions():
    """A bidding space bids the highest die; a hub places its die; a ship moves; a slot buys."""
    a, b = card(100, right="fuel"), card(101, left=2)
    game = make_game(2, [a, b, card(102, cost=1)])
    s = table(game, [player(game, [[100, 101]], dice=(2, 5), fuel=2), player(game, dice=(1,))],
              area=[102])
    places = view.place_actions(game, s)
    assert places["space:0"] == Bid(0, 5)
    assert places["hub:0:0:1:0"] == ActivateHub(0, 1, 0)
    assert places["ship:0:0:0:0"] == MoveShip(0, 0, 0)
    from neko_helpers import RESOLVE
    s = game.advance(table(game, [player(game, coins=5), player(game)], phase=RESOLVE, frames=(),
                           area=[102], bids={0: {0: (3,)}}))
    assert view.place_actions(game, s)["slot:0:0:2"] == Buy(102, 0, 2)


def test_texts_show_resources_and_bids():
    game = make_game(2, [card(102, cost=1)])
    s = table(game, [player(game, dice=(2, 5), coins=13), player(game, dice=(1,))], area=[102],
              bids={0: {1: (3, 4)}}, discard=(6,))
    ls = {t["name"]: t for t in view.layers(game, s)}
    assert any("13 coins" in t for t in ls["texts"]["text"])
    assert any("discard area: 6" in t for t in ls["texts"]["text"])
    assert any("Red 3+4=7" in t for t in ls["bids"]["text"])
    assert sorted(ls["dice"]["text"]) == ["1", "2", "5"]  # each player's dice on their panel
    assert json.dumps(view.figure(game, s).to_plotly_json(), default=str)


def test_events_and_labels_read_as_sentences():
    """Every event of a few games has its own sentence (no raw tuples), and labels name cards."""
    seen = set()
    for cfg, seed in ((dict(players=3, advanced_cards=True), 2), (dict(players=2), 5),
                      (dict(players=4, advanced_setup=True), 1)):
        game = tabletop_nb.load_game("neko", **cfg)
        rec = tabletop_nb.play(game, ["greedy"] + ["random"] * (game.num_players - 1), seed=seed)
        states, actions = tabletop_nb.replay(game, rec, with_actions=True)
        for before, a, after in zip(states, actions, states[1:]):
            texts = game.events(after)
            assert len(texts) == len(after.events)
            for e, text in zip(after.events, texts):
                seen.add(e[0])
                assert not text.startswith(e[0] + " "), text
            assert game.action_label(before, a).strip()
    assert {"roll", "picks", "income", "reward", "order", "bid", "place", "mid", "final"} <= seen
