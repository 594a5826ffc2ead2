"""The soak run in CI: two hundred seeded random games (and a few greedy ones) with every
invariant checked at every step (benchmarks/soak_pacal.py runs 10,000)."""
from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[3]


@pytest.fixture(scope="module")
def soak_module():
    spec = importlib.util.spec_from_file_location("soak_pacal", ROOT / "benchmarks" / "soak_pacal.py")
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def test_soak_random_games_keep_every_invariant(soak_module):
    """PC-SETUP-06, PC-CONFLICT-01, PC-SETUP-03: 11 stones and 11 pyramids of every colour
    accounted for, one stone per colour per space, scores never decrease, over 200 games
    of 2-5 players, normal and expert."""
    games, actions, problems, _ = soak_module.soak(200, seed=20240)
    assert problems == []
    assert games == 200 and actions > 200 * 100


def test_soak_greedy_games(soak_module):
    """The greedy bot's choices keep every invariant too."""
    games, _, problems, _ = soak_module.soak(12, seed=7, bots="greedy")
    assert problems == [] and games == 12
