"""A rule written in a notebook cell (issue 27, item 7): "jetstreams cost 2 fish, but each
player's first one is free", as a subclass overriding one documented method
(``PebbleRockGame.jetstream_fee``) that the engine and the bots both go through.
"""
from __future__ import annotations

import numpy as np

import tabletop_nb
from tabletop_nb import CHANCE
from tabletop_nb.core.bots import resolve_bot
from tabletop_nb.games.pebble_rock import PebbleRockGame
from tabletop_nb.games.pebble_rock import bots as B
from tabletop_nb.games.pebble_rock.state import DieRoll, Step, replace

from pebble_rock_helpers import P, game_with, make_state, run


# -- the cell ---------------------------------------------------------------------------
class FirstJetstreamFree(PebbleRockGame):
    """Jetstreams cost 2 fish, but each player's first one is free."""

    def jetstream_fee(self, s, seat):
        return 0 if s.players[seat].jetstreams == 0 else 2
# ----------------------------------------------------------------------------------------


def _ride(game, s):
    """Step onto the jetstream on space 6 and roll 2 for it."""
    s = run(game, s, Step(5), Step(6))
    assert game.current_player(s) == CHANCE
    return run(game, s, DieRoll(2))


def test_the_first_jetstream_of_each_player_is_free():
    plain = game_with(2)
    game = FirstJetstreamFree(plain.rules)
    s = make_state(game, players=[P(fish=5), P(fish=5)], boats=[4, 16], steps=3, jets={6})
    first = _ride(game, s)
    assert first.players[0].fish == 5 and first.players[0].jetstreams == 1
    assert first.steps == 1 + 2
    again = replace(s, players=(replace(s.players[0], jetstreams=1),) + s.players[1:])
    second = _ride(game, again)
    assert second.players[0].fish == 3 and second.players[0].jetstreams == 2
    assert any(e[0] == "jet_fee" for e in second.events)
    # a player pays what they hold, at most
    poor = replace(again, players=(replace(again.players[0], fish=1),) + s.players[1:])
    assert _ride(game, poor).players[0].fish == 0
    # the printed game charges nothing, and counts the ride too
    plain_second = _ride(plain, again)
    assert plain_second.players[0].fish == 5 and plain_second.players[0].jetstreams == 2


def test_with_rules_keeps_the_subclass():
    game = FirstJetstreamFree(players=2)
    assert type(game.with_rules(players=3)) is FirstJetstreamFree
    assert game.with_rules(players=3).num_players == 3
    assert game != tabletop_nb.load_game("pebble_rock", players=2)


def test_seeded_games_differ():
    base = tabletop_nb.load_game("pebble_rock", players=3)
    variant = FirstJetstreamFree(players=3)
    differ = 0
    for seed in range(6):  # (random bots ride more jetstreams than greedy ones)
        ends = [tabletop_nb.replay(g, tabletop_nb.play(g, "random", seed=seed))[-1]
                for g in (base, variant)]
        differ += [p.fish for p in ends[0].players] != [p.fish for p in ends[1].players]
    assert differ > 0


def _states(game, seed):
    """The states of a seeded game of random bots (they ride many jetstreams)."""
    rng = np.random.default_rng(seed)
    s = game.initial_state()
    while not game.is_terminal(s):
        yield s
        if game.current_player(s) == CHANCE:
            s = game.apply(s, game.sample_chance(s, rng))
        else:
            legal = game.legal_actions(s)
            s = game.apply(s, legal[int(rng.integers(len(legal)))])


def _costly_jet_beside(game, s) -> bool:
    """A moving boat that has ridden a jetstream before, a token beside it."""
    if s.phase != "move" or s.todo or not s.jets or not s.players[s.seat].jetstreams:
        return False
    return not game.adjset[s.boats[s.seat]].isdisjoint(s.jets)


def test_greedy_bot_avoids_the_jetstreams_it_would_pay_for():
    base = tabletop_nb.load_game("pebble_rock", players=4)
    variant = FirstJetstreamFree(players=4)
    rng = np.random.default_rng(0)
    differ = 0
    for seed in range(4):
        for s in _states(base, seed):
            if _costly_jet_beside(base, s):
                mine, theirs = B.greedy_bot(base, s, rng), B.greedy_bot(variant, s, rng)
                if mine != theirs:
                    differ += 1
                    assert isinstance(mine, Step) and mine.to in s.jets
                    assert not (isinstance(theirs, Step) and theirs.to in s.jets)
    assert differ > 0


def test_search_bot_follows_the_rule():
    """The search bot's rollouts play the variant's engine and its candidates come from
    the greedy planner: its choice changes in some of the same states."""
    base = tabletop_nb.load_game("pebble_rock", players=2)
    variant = FirstJetstreamFree(players=2)
    differ = tried = 0
    for seed in range(12):
        for s in _states(base, seed):
            if _costly_jet_beside(base, s) and tried < 12:
                tried += 1
                picks = [resolve_bot(g, "search:8")(g, s, np.random.default_rng(1))
                         for g in (base, variant)]
                differ += picks[0] != picks[1]
        if differ:
            break
    assert differ > 0


def test_simulate_and_compare_rules_take_the_subclass():
    variant = FirstJetstreamFree(players=2)
    df = tabletop_nb.simulate(variant, "greedy", games=4, seed=1, progress=False)
    assert sorted(set(df["game"])) == [0, 1, 2, 3]
    out = tabletop_nb.compare_rules({"printed": tabletop_nb.load_game("pebble_rock", players=2),
                                     "first jetstream free": variant},
                                    bots="greedy", games=4, seed=1, progress=False)
    assert out is not None
