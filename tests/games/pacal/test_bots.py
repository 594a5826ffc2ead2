"""The greedy bot: legal, exposed by name, and clearly better than random."""
from __future__ import annotations

import tabletop_nb
from pacal_helpers import open_game, parked
from tabletop_nb.games.pacal.bots import greedy_bot
from tabletop_nb.games.pacal.state import Build


def test_greedy_is_offered_by_name():
    g = tabletop_nb.load_game("pacal", players=3)
    assert g.bots()["greedy"] is greedy_bot


def test_greedy_prefers_a_scoring_build():
    """PC-SCORE-03: with a 1-story in an empty district or nothing, greedy builds."""
    import numpy as np
    g = open_game(3)
    s = g.position(ships=parked(3), phase="build", stones={0: [(2, 2)]})
    assert greedy_bot(g, s, np.random.default_rng(0)) == Build(1, (2, 2), ((2, 2),))


def test_greedy_beats_random_clearly():
    """Greedy in each seat of 4-player games against three random bots wins far more than
    the 25% a random seat would (measured: 100% of 120 games, see the report)."""
    g = tabletop_nb.load_game("pacal", players=4)
    wins = games = 0
    for seat in range(4):
        bots = ["random"] * 4
        bots[seat] = "greedy"
        df = tabletop_nb.simulate(g, bots, games=8, seed=300 + seat, progress=False, executor="serial")
        row = df[df.seat == seat]
        wins += int(row.winner.sum())
        games += len(row)
    assert games == 32 and wins / games >= 0.75
