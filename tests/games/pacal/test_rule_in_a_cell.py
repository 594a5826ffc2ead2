"""A rule the rule values cannot express, written as a few lines (issue 27, item 7):
"a rocket may move twice on doubles" (the die shows the same face as the round before),
as a subclass overriding one documented hook, ``PacalGame.moves_this_turn``. The engine
plays it, the greedy and search bots follow it, and the lab tools take the subclass.
"""
from __future__ import annotations

import numpy as np

import tabletop_nb
from tabletop_nb.core.search import SearchBot
from tabletop_nb.games.pacal.bots import greedy_bot
from tabletop_nb.games.pacal.engine import PacalGame
from tabletop_nb.games.pacal.state import MOVE


class TwiceOnDoubles(PacalGame):
    """A rocket may move twice when the die repeats the last round's face."""

    def moves_this_turn(self, s):
        return 2 if s.face == s.last_face else 1


def _states(game, bots, seed):
    return tabletop_nb.replay(game, tabletop_nb.play(game, bots, seed=seed))


def _second_moves(states):
    """States waiting on a seat's second move of a turn."""
    return [s for s in states if s.phase == MOVE and s.moved == 1]


def test_doubles_give_a_second_move_and_only_doubles():
    base, twice = PacalGame(players=3), TwiceOnDoubles(players=3)
    states = _states(twice, "greedy", 2)
    seconds = _second_moves(states)
    assert seconds, "no second move in a whole game"
    assert all(s.face == s.last_face for s in seconds)
    doubled = {s.turn for s in states if s.phase == MOVE and s.moved == 0 and s.face == s.last_face}
    assert {s.turn for s in seconds} == doubled  # every doubled turn, and only those
    assert not _second_moves(_states(base, "greedy", 2))


def test_seeded_games_differ_and_the_greedy_bot_plays_the_second_moves():
    base, twice = PacalGame(players=4), TwiceOnDoubles(players=4)
    differ = sum(tabletop_nb.play(base, "greedy", seed=seed).actions
                 != tabletop_nb.play(twice, "greedy", seed=seed).actions for seed in range(4))
    assert differ >= 2  # a game without a repeated face plays the same
    s = _second_moves(_states(twice, "greedy", 2))[0]
    choice = greedy_bot(twice, s, np.random.default_rng(0))
    assert choice in twice.legal_actions(s)
    after = twice.apply(s, choice)
    assert after.ships[s.player] != s.ships[s.player]  # the ship moved again


def test_the_search_bot_expects_the_second_move():
    """At a doubled roll's first move the search bot's rollouts play the second move under
    the subclass: its choice changes in some of these situations (same state, same seed)."""
    base, twice = PacalGame(players=2), TwiceOnDoubles(players=2)
    firsts = [s for s in _states(twice, "greedy", 5)
              if s.phase == MOVE and s.moved == 0 and s.face == s.last_face and len(s.options) > 2]
    assert len(firsts) >= 4
    bot = SearchBot(simulations=24)
    changed = sum(bot(base, s, np.random.default_rng(i)) != bot(twice, s, np.random.default_rng(i))
                  for i, s in enumerate(firsts[:8]))
    assert changed >= 1


def test_the_subclass_survives_rule_changes_and_the_lab_tools():
    twice = TwiceOnDoubles(players=3)
    assert type(twice.with_rules(expert=True)) is TwiceOnDoubles
    assert twice.with_rules(expert=True).rules.expert
    df = tabletop_nb.simulate(twice, "greedy", games=4, seed=1, progress=False)
    assert len(df) == 12
    cmp = tabletop_nb.compare_rules({"printed": PacalGame(players=3), "twice on doubles": twice},
                                    "greedy", games=6, seed=1, progress=False)
    assert "twice on doubles" in str(cmp.table) and cmp.games_played["twice on doubles"] == 6
