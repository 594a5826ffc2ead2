"""Pacal's search hooks: the search seat never stalls the game by hoarding its stones.

Dropping is optional (PC-DROP-04). A search bot whose first drop candidate was "drop none"
(the search keeps its first candidate unless another is clearly better) kept its stones
turn after turn while the greedy seat had run out, so nobody could build or score and
``play(pacal 2p, ["search:4", "greedy"], seed=game_seed(1, 3))`` ran into the engine's
20,000-action cap (more than 130 s). The first test fails on that code (commit e800280)
at its 600-action cap; the second checks the hook that now prevents it.
"""
from __future__ import annotations

import numpy as np
import pytest

import tabletop_nb
from tabletop_nb import CHANCE
from tabletop_nb.core.runner import game_seed
from tabletop_nb.games.pacal.bots import NO_DROP, greedy_bot, search_actions
from tabletop_nb.games.pacal.state import DROP


@pytest.mark.parametrize("lineup", [["search:4", "greedy"], ["greedy", "search:4"]])
def test_the_reported_game_ends_in_a_normal_number_of_actions(lineup):
    game = tabletop_nb.load_game("pacal", players=2)
    # a greedy 2-player game is about 100-250 actions; the runner raises past the cap
    rec = tabletop_nb.play(game, lineup, seed=game_seed(1, 3), max_actions=600)
    assert rec.ended and len(rec.actions) < 600


def test_drop_candidates_never_hoard_when_greedy_drops():
    game = tabletop_nb.load_game("pacal", players=2)
    rng = np.random.default_rng(5)
    seen = hoard_offered = 0
    for g in range(6):
        s = game.initial_state()
        while not game.is_terminal(s):
            p = game.current_player(s)
            if p == CHANCE:
                s = game.apply(s, game.sample_chance(s, rng))
                continue
            if s.phase == DROP and s.supply[p] and NO_DROP in game.legal_actions(s):
                acts = search_actions(game, s, np.random.default_rng(g))
                if greedy_bot(game, s, np.random.default_rng(g)) != NO_DROP:
                    seen += 1
                    hoard_offered += NO_DROP in acts
            s = game.apply(s, greedy_bot(game, s, rng))
    assert seen > 20
    assert hoard_offered == 0
