"""The conformance suite: every registered game, in every configuration it lists in its
package's ``CONFORMANCE``, must pass these checks (the test-only toy game included).

Set TABLETOP_CONFORMANCE_GAMES to play more seeded playouts per configuration.
"""
from __future__ import annotations

import copy
import json
import os
import pickle
import random
from fractions import Fraction

import numpy as np
import pytest

import tabletop_nb
from tabletop_nb import CHANCE, TERMINAL, GameRecord, IllegalActionError, RulesError
from tabletop_nb.core.codec import to_plain
from tabletop_nb.core.runner import seed_sequence, seat_streams
from tabletop_nb.games import game_module, list_games

import toygame

PLAYOUTS = int(os.environ.get("TABLETOP_CONFORMANCE_GAMES", "3"))


def _module(name):
    return toygame if name == "toy" else game_module(name)


def _configs():
    out = []
    for name in list_games():
        for cfg in getattr(_module(name), "CONFORMANCE", [{}]):
            tag = "-".join(f"{k}={v}" for k, v in cfg.items())
            out.append(pytest.param(name, cfg, id=f"{name}-{tag}" if tag else name))
    return out


CONFIGS = _configs()


def _game(name, cfg):
    return tabletop_nb.load_game(name, **cfg)


class Unknown:
    """An action no game can know."""

    def __repr__(self):
        return "Unknown()"


def walk(game, seed, check_every=1):
    """A seeded random playout that checks the protocol at every step; yields (state, action)."""
    module = _module(game.name)
    invariants = getattr(module, "invariants", None)
    chance_rng, bot_rngs = seat_streams(seed_sequence(seed), game.num_players)
    s = game.initial_state()
    n = game.num_players
    limit = getattr(game, "max_actions", 100_000)
    for step in range(limit + 1):
        p = game.current_player(s)
        assert p in (CHANCE, TERMINAL) or (isinstance(p, int) and 0 <= p < n), p
        if invariants is not None and step % check_every == 0:
            broken = invariants(game, s)
            assert not broken, f"step {step}: {broken}"
        scores = game.scores(s)
        assert len(scores) == n
        if p == TERMINAL:
            assert game.is_terminal(s)
            assert game.legal_actions(s) == []
            return
        assert not game.is_terminal(s)
        if p == CHANCE:
            outs = game.chance_outcomes(s)
            assert outs, "a chance node with no outcomes"
            probs = [q for _, q in outs]
            assert all(isinstance(q, Fraction) and q > 0 for q in probs), probs
            assert sum(probs) == 1, f"chance probabilities sum to {sum(probs)}"
            acts = [a for a, _ in outs]
            assert len({json.dumps(to_plain(a), sort_keys=True) for a in acts}) == len(acts), \
                "two chance outcomes encode the same"
            a = game.sample_chance(s, chance_rng)
            assert a in acts
        else:
            legal = game.legal_actions(s)
            assert legal, f"step {step}: a non-terminal state without legal actions"
            enc = [json.dumps(to_plain(a), sort_keys=True) for a in legal]
            assert len(set(enc)) == len(legal), "two legal actions encode the same (records break)"
            for a in legal:
                hash(a)
                lab = game.action_label(s, a)
                assert isinstance(lab, str) and lab.strip()
            view = game.observation(s, p)
            assert game.current_player(view) == p
            assert game.legal_actions(view) == legal, "the observation changes the legal actions"
            a = legal[int(bot_rngs[p].random() * len(legal))]
        yield s, a
        if step % check_every == 0:
            before = copy.deepcopy(s)
            hash(s)
            s2 = game.apply(s, a)
            assert s == before, "apply changed its input state"
        else:
            s2 = game.apply_trusted(s, a)
        s = s2
    pytest.fail(f"{game.name} did not end within {limit} actions")


@pytest.mark.parametrize("name,cfg", CONFIGS)
def test_random_playouts_end_and_keep_the_protocol(name, cfg):
    game = _game(name, cfg)
    for seed in range(PLAYOUTS):
        last = None
        for last in walk(game, seed):
            pass
        assert last is not None


@pytest.mark.parametrize("name,cfg", CONFIGS)
def test_terminal_results(name, cfg):
    game = _game(name, cfg)
    rec = tabletop_nb.play(game, "random", seed=11)
    final = tabletop_nb.replay(game, rec)[-1]
    assert game.is_terminal(final)
    win = game.winners(final)
    assert win and set(win) <= set(range(game.num_players)) and len(set(win)) == len(win)
    ranks = game.ranks(final)
    assert len(ranks) == game.num_players
    assert {ranks[i] for i in win} == {1}
    assert all(r > 1 for i, r in enumerate(ranks) if i not in win)
    with pytest.raises(IllegalActionError):
        game.apply(final, Unknown())


@pytest.mark.parametrize("name,cfg", CONFIGS)
def test_same_seed_same_record_despite_global_random(name, cfg):
    game = _game(name, cfg)
    random.seed(1)
    np.random.seed(1)
    a = tabletop_nb.play(game, "random", seed=5)
    random.seed(99)
    np.random.seed(99)
    [random.random() for _ in range(17)]
    np.random.random(23)
    b = tabletop_nb.play(game, "random", seed=5)
    assert a == b
    c = tabletop_nb.play(game, "random", seed=6)
    assert c.actions != a.actions


@pytest.mark.parametrize("name,cfg", CONFIGS)
def test_record_json_round_trip_and_replay(name, cfg):
    game = _game(name, cfg)
    rec = tabletop_nb.play(game, "random", seed=3)
    text = rec.to_json()
    back = GameRecord.from_json(text, game=name)
    assert back == rec
    states = tabletop_nb.replay(game, back)
    assert len(states) == len(rec.actions) + 1
    # the replay walks the very same states as a fresh playout of the seed
    ref = [s for s, _ in walk(game, 3, check_every=10**9)]
    assert states[:-1] == ref
    assert game.is_terminal(states[-1])
    assert list(to_plain(tuple(game.scores(states[-1])))) == list(rec.scores)


@pytest.mark.parametrize("name,cfg", CONFIGS)
def test_illegal_action_raises_and_leaves_state_equal(name, cfg):
    game = _game(name, cfg)
    seen = []
    tried = 0
    for s, a in walk(game, 7, check_every=10**9):
        p = game.current_player(s)
        legal = [x for x, _ in game.chance_outcomes(s)] if p == CHANCE else game.legal_actions(s)
        candidates = [Unknown()] + [x for x in seen[-50:] if x not in legal][:2]
        before = copy.deepcopy(s)
        for bad in candidates:
            with pytest.raises(IllegalActionError) as err:
                game.apply(s, bad)
            assert s == before
            assert "legal" in str(err.value)
            tried += 1
        seen.append(a)
    assert tried > 0


@pytest.mark.parametrize("name,cfg", CONFIGS)
def test_pickle_and_rule_changes(name, cfg):
    game = _game(name, cfg)
    g2 = pickle.loads(pickle.dumps(game))
    assert g2 == game and hash(g2) == hash(game)
    s = game.initial_state()
    assert pickle.loads(pickle.dumps(s)) == s
    with pytest.raises(RulesError) as err:
        game.with_rules(no_such_rule_at_all=1)
    assert "no_such_rule_at_all" in str(err.value)
    with pytest.raises(RulesError) as err:
        game.with_rules(players=99)
    assert "players" in str(err.value)
    same = game.with_plain_rules(json.loads(json.dumps(game.rules.to_plain())))
    assert same == game
    assert isinstance(game.dice, dict) and all(isinstance(d, tabletop_nb.Die) for d in game.dice.values())


@pytest.mark.parametrize("name,cfg", CONFIGS)
def test_simulate_small_table(name, cfg):
    game = _game(name, cfg)
    df = tabletop_nb.simulate(game, "random", games=4, seed=2, progress=False)
    assert len(df) == 4 * game.num_players
    assert set(df.game) == {0, 1, 2, 3}
    assert (df.groupby("game").winner.sum() >= 1).all()
    assert (df["rank"] >= 1).all()
