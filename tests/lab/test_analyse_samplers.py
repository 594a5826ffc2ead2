"""Luck averages 0 only if the dice of a game fall as ``chance_outcomes`` says (issue 41:
an event's luck is the win chance after the outcome that came minus the expectation over
``chance_outcomes``). Checked at the chance events of real games of each game: each
sampled outcome's randomized probability-integral transform (where it sits in the listed
order, spread over its own probability) is uniform exactly when the sampler follows the
stated probabilities; a chi-square over 20 bins, pooled over the events, stays below its
99.9% point. The same check catches a sampler that picks uniformly among the outcomes."""
from __future__ import annotations

import numpy as np
import pytest

import tabletop_nb as tt
from tabletop_nb import CHANCE

#: the chi-square's 99.9% point with 19 degrees of freedom (20 bins)
CHI2_19_999 = 43.82


def pit(game, sample, games: int = 2, draws: int = 60, seed: int = 0) -> np.ndarray:
    """Randomized PIT values of ``draws`` samples at every chance event with more than one
    outcome in ``games`` greedy/random games."""
    rng = np.random.default_rng(seed)
    out = []
    for k in range(games):
        rec = tt.play(game, ["greedy", "random"] + ["greedy"] * (game.num_players - 2), seed=k)
        states = tt.replay(game, rec)
        for s in states[:-1]:
            if game.current_player(s) != CHANCE:
                continue
            outs = game.chance_outcomes(s)
            if len(outs) < 2:
                continue
            probs = np.array([float(p) for _, p in outs])
            below = np.concatenate([[0.0], np.cumsum(probs)[:-1]])
            where = {o: i for i, (o, _) in enumerate(outs)}
            for _ in range(draws):
                i = where[sample(game, s, rng)]
                out.append(below[i] + rng.random() * probs[i])
    return np.array(out)


def chi2(u: np.ndarray, bins: int = 20) -> float:
    counts = np.histogram(u, bins=bins, range=(0.0, 1.0))[0]
    expected = len(u) / bins
    return float(((counts - expected) ** 2 / expected).sum())


def own(game, s, rng):
    return game.sample_chance(s, rng)


def uniform(game, s, rng):
    outs = game.chance_outcomes(s)
    return outs[int(rng.integers(len(outs)))][0]


@pytest.mark.parametrize("name,players", [("pacal", 2), ("neko", 3), ("pebble_rock", 3)])
def test_the_dice_fall_as_chance_outcomes_says(name, players):
    game = tt.load_game(name, players=players)
    u = pit(game, own)
    assert len(u) > 1000
    assert chi2(u) < CHI2_19_999, name


@pytest.mark.parametrize("name,players", [("pacal", 2), ("neko", 3)])
def test_the_check_catches_a_sampler_that_ignores_the_probabilities(name, players):
    """Rolls have unequal probabilities (Pacal's arrow die has a face twice, Neko's dice
    are counted as a multiset): drawn uniformly among the outcomes, the transform fails the
    same check."""
    game = tt.load_game(name, players=players)
    assert chi2(pit(game, uniform)) > CHI2_19_999
