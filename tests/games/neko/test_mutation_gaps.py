"""Tests for what mutation testing (benchmarks/mutants.py, docs/mutation.md) found unchecked
in the Neko engine: each fails on the named mutant and passes on the engine."""
from __future__ import annotations

import tabletop_nb
from tabletop_nb import CHANCE
from tabletop_nb.games.neko.engine import DRAFT, ROLL
from tabletop_nb.games.neko.state import RollDice


def test_nk_drf_01_each_player_rolls_once_after_the_market():
    """NK-DRF-01: after the morning market each player rolls his six dice once, then the
    draft begins. (Mutant: the roll phase's turn counter started at -1, so the last seat
    rolled twice, first out of turn.)"""
    game = tabletop_nb.load_game("neko", players=3)
    s = game.position(phase="market")
    assert s.phase == ROLL
    rolls = 0
    while s.phase == ROLL:
        assert game.current_player(s) == CHANCE
        s = game.apply(s, RollDice((1, 1, 2, 3, 5, 6)))
        rolls += 1
    assert rolls == 3 and s.phase == DRAFT
