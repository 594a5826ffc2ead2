"""CI's share of the soak run: a few hundred seeded games of benchmarks/soak_pebble_rock.py
(2-4 players, every rules configuration of the conformance suite, greedy and random
bots), every invariant checked after every action (PR-INV-01..09)."""
import importlib.util
from pathlib import Path

SCRIPT = Path(__file__).resolve().parents[3] / "benchmarks" / "soak_pebble_rock.py"


def _soak_module():
    spec = importlib.util.spec_from_file_location("soak_pebble_rock", SCRIPT)
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def test_soak_300_games_without_error_or_broken_invariant():
    out = _soak_module().run_soak(games=300, seed=20240)
    assert out["games"] == 300
    assert out["failures"] == [], out["failures"][:5]
    assert out["actions"] > 300 * 100


def test_soak_reports_a_broken_invariant(monkeypatch):
    """The soak can fail: a broken invariant is reported with its game and step."""
    mod = _soak_module()
    monkeypatch.setattr(mod, "invariants", lambda game, s: ["PR-INV-01: planted"] if s.turns == 3 else [])
    out = mod.run_soak(games=2, seed=1)
    assert len(out["failures"]) == 2 and "planted" in out["failures"][0]["error"]
