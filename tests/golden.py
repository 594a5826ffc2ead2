"""Golden greedy records for tests: the hash of one seeded game, and the check that a game
still gives its pinned hash (``tests/games/<game>/test_golden_greedy.py``, issue 12).

``from golden import record_hash, check_golden`` (tests/ is on the path, see conftest.py).
"""
from __future__ import annotations

import hashlib

import tabletop_nb
from tabletop_nb import play, replay


def record_hash(game, bots, seed) -> str:
    """The record's JSON (actions, scores, winners, counts) and the repr of its last state."""
    rec = play(game, bots, seed=seed)
    h = hashlib.sha256(rec.to_json().encode())
    h.update(repr(replay(game, rec)[-1]).encode())
    return h.hexdigest()[:16]


def check_golden(name: str, rules: dict, bots, seed, expected: str) -> None:
    """The seeded game of ``name`` under ``rules`` gives the golden hash (a failure prints
    the new one, for a deliberate change of behaviour)."""
    game = tabletop_nb.load_game(name, **rules)
    got = record_hash(game, bots, seed)
    assert got == expected, f"{name} {rules} {bots} seed {seed}: record hash {got}, golden {expected}"
