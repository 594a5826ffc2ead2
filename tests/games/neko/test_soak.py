"""The soak run in CI: a few hundred seeded random games over every player count and variant,
every invariant checked at every step (NK-INV-01..08; the full 5,000-game run is
``benchmarks/soak_neko.py``)."""
from __future__ import annotations

import importlib.util
from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]


def load_soak():
    spec = importlib.util.spec_from_file_location("soak_neko", ROOT / "benchmarks" / "soak_neko.py")
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def test_soak_random_games_keep_every_invariant():
    """NK-INV-01..08 on 240 random games (2-4 players x 4 variant settings)."""
    out = load_soak().soak(240, seed=7)
    assert out["games"] == 240 and len(out["configs"]) == 12
    assert out["actions"] > 240 * 100


def test_soak_greedy_and_random_games_keep_every_invariant():
    """NK-INV-01..08 with the greedy bot seated among random ones (24 games)."""
    out = load_soak().soak(24, seed=8, bots=("greedy", "random"))
    assert out["games"] == 24
