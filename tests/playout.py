"""One random playout for tests: random legal actions, chance sampled, invariants checked.

``from playout import play_out`` (tests/ is on the path, see conftest.py).
"""

from __future__ import annotations

import numpy as np

from tabletop_nb.core.protocol import CHANCE


def play_out(game, s, seed, invariants=None, limit: int = 20000):
    """Play ``s`` to the end with random legal actions and sampled chance from ``seed``;
    after every step ``invariants(game, s)`` (if given) must be empty. Returns the final
    state; fails if the game has not ended within ``limit`` actions."""
    rng = np.random.default_rng(seed)
    for _ in range(limit):
        if game.is_terminal(s):
            return s
        if game.current_player(s) == CHANCE:
            s = game.apply(s, game.sample_chance(s, rng))
        else:
            legal = game.legal_actions(s)
            s = game.apply(s, legal[rng.integers(len(legal))])
        if invariants is not None:
            assert invariants(game, s) == [], f"broken invariants: {invariants(game, s)}"
    raise AssertionError(f"the game did not end within {limit} actions")
