"""The search bot as a conformance check: in every configuration each game lists in its
``CONFORMANCE`` (the toy game included), a small-budget search seat plays a whole game
of legal actions (the runner checks each one), the same seed gives the same game, and
its decisions do not change when the hidden parts of a state are drawn anew."""
from __future__ import annotations

import numpy as np
import pytest

import tabletop_nb
from tabletop_nb import CHANCE
from tabletop_nb.core.bots import available_bots, resolve_bot
from tabletop_nb.core.search import SearchBot

# the conformance suite's own list of configurations (one list: a game added there is
# checked here too)
from conformance.test_conformance import CONFIGS, _game  # tests/ is on the path (conftest)

# a small budget and short rollouts: this checks the rules of play, not strength
BOT = SearchBot(simulations=2, horizon=8)


def checked_search(game, state, rng):
    """The search bot as a plain function: the runner does not trust it, so it checks
    every action against the legal ones."""
    return BOT(game, state, rng)


def _others(game):
    return "greedy" if "greedy" in available_bots(game) else "random"


@pytest.mark.parametrize("name,cfg", CONFIGS)
def test_search_plays_legal_seeded_games(name, cfg):
    game = _game(name, cfg)
    bots = [checked_search] + [_others(game)] * (game.num_players - 1)
    a = tabletop_nb.play(game, bots, seed=21)
    assert game.is_terminal(tabletop_nb.replay(game, a)[-1])
    b = tabletop_nb.play(game, bots, seed=21)
    assert a.actions == b.actions and a.scores == b.scores


@pytest.mark.parametrize("name,cfg", CONFIGS)
def test_search_decides_the_same_in_every_world_its_seat_cannot_tell_apart(name, cfg):
    game = _game(name, cfg)
    other = resolve_bot(game, _others(game))
    rng = np.random.default_rng(8)
    s = game.initial_state()
    checked = decisions = 0
    while not game.is_terminal(s) and checked < 6:
        p = game.current_player(s)
        if p == CHANCE:
            s = game.apply(s, game.sample_chance(s, rng))
            continue
        decisions += 1
        if decisions % 7 == 0 and len(game.legal_actions(s)) > 1:
            view = game.observation(s, p)
            world = game.determinize(view, p, np.random.default_rng(decisions))
            assert game.observation(world, p) == view
            k = int(rng.integers(1 << 30))
            assert BOT(game, s, np.random.default_rng(k)) == BOT(game, world, np.random.default_rng(k))
            checked += 1
        s = game.apply(s, other(game, game.observation(s, p), rng))
    assert checked > 0
