"""The caches change nothing but speed: every game, every CONFORMANCE configuration, with
random, greedy and search bots, gives the same records with every cache on and off.

The caches are the declared ones of :mod:`tabletop_nb.core.memo`. Two fresh processes play
the same seeded games, one with ``TABLETOP_CACHES=off`` (every ``memo.cache`` is a
do-nothing mapping and every ``memo.function`` the bare function), one with the caches on
and counting their use (:func:`tabletop_nb.core.memo.counting`; dicts with the same
contents as the plain ones, which the golden-record tests run); each game's digest (its
actions, scores, winners and the repr of its last state, as tests/test_golden_records.py
hashes them) must be the same in both. A game whose play declares or uses a cache must
also show cache hits in the "on" process, so the comparison cannot pass because nothing
was cached.
"""
from __future__ import annotations

import hashlib
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from tabletop_nb import native

ROOT = Path(__file__).resolve().parents[1]
SEEDS = (1, 2)
#: one seat of each kind (search first); played on each game's first and last configuration
MIXED = ("search:4", "greedy", "random")


def _games() -> list[str]:
    """The built-in game packages (tabletop_nb/games/<name>/, as the registry finds them)."""
    games = ROOT / "tabletop_nb" / "games"
    return sorted(p.name for p in games.iterdir()
                  if (p / "__init__.py").exists() and not p.name.startswith("_"))


def _cases_of(name: str):
    """(rules, bots, seed) for one game: every configuration with random and with greedy
    bots on each seed, and the first and last configuration with a search seat."""
    from importlib import import_module

    configs = list(import_module(f"tabletop_nb.games.{name}").CONFORMANCE)
    for rules in configs:
        for bots in ("random", "greedy"):
            for seed in SEEDS:
                yield rules, bots, seed
    for rules in (configs[0], configs[-1]):
        yield rules, "mixed", 3


def _digest(game, bots, seed) -> str:
    from tabletop_nb import play, replay

    rec = play(game, bots, seed=seed)
    h = hashlib.sha256(json.dumps([list(rec.actions), list(rec.scores), list(rec.winners)]).encode())
    h.update(repr(replay(game, rec)[-1]).encode())
    return h.hexdigest()[:16]


def _usage_delta(before: dict, after: dict) -> dict:
    """Per cache name: [created, lookups, hits, stores] made between two registry reads."""
    out = {}
    for name, e in after.items():
        b = before.get(name)
        d = [e.created - (b.created if b else 0), e.lookups - (b.lookups if b else 0),
             e.hits - (b.hits if b else 0), e.stores - (b.stores if b else 0)]
        if any(d):
            out[name] = d
    return out


def _play_all() -> dict:
    """Play every case in this process; the digests, and each game's cache use."""
    import tabletop_nb
    from tabletop_nb.core import memo

    digests: dict[str, str] = {}
    usage: dict[str, dict] = {}
    with memo.counting():
        for name in _games():
            before = memo.declared()
            for rules, bots, seed in _cases_of(name):
                game = tabletop_nb.load_game(name, **rules)
                seats = list((MIXED * 3)[:game.num_players]) if bots == "mixed" else bots
                key = f"{name} {json.dumps(rules, sort_keys=True)} {bots} seed {seed}"
                digests[key] = _digest(game, seats, seed)
            usage[name] = _usage_delta(before, memo.declared())
    return {"enabled": memo.enabled(), "digests": digests, "usage": usage}


def _run(caches: str) -> subprocess.Popen:
    env = dict(os.environ, TABLETOP_CACHES=caches,
               PYTHONPATH=os.pathsep.join([str(ROOT), os.environ.get("PYTHONPATH", "")]))
    return subprocess.Popen([sys.executable, __file__], env=env, cwd=ROOT, text=True,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE)


@pytest.fixture(scope="module")
def runs() -> dict:
    procs = {c: _run(c) for c in ("on", "off")}   # the two processes run side by side
    out = {}
    for c, p in procs.items():
        stdout, stderr = p.communicate(timeout=600)
        assert p.returncode == 0, f"caches {c}: the worker failed:\n{stderr[-4000:]}"
        out[c] = json.loads(stdout.strip().splitlines()[-1])
    return out


def test_the_switch_reached_both_processes(runs):
    assert runs["on"]["enabled"] is True and runs["off"]["enabled"] is False
    assert runs["on"]["digests"].keys() == runs["off"]["digests"].keys()
    assert len(runs["on"]["digests"]) == sum(len(list(_cases_of(g))) for g in _games())
    assert {k.split()[0] for k in runs["on"]["digests"]} == set(_games()) >= {
        "neko", "pacal", "pebble_rock"}


def test_every_game_gives_the_same_records_with_caches_on_and_off(runs):
    on, off = runs["on"]["digests"], runs["off"]["digests"]
    differ = [k for k in on if on[k] != off[k]]
    assert not differ, f"{len(differ)} games differ with the caches off, e.g. {differ[:5]}"


@pytest.mark.skipif(native.MODE == "compiled", reason="source mode only: compiled code reads a cache's "
                    "dict directly (its get is not the counting cache's), so only the source's look-ups "
                    "and hits are counted (make test runs this module again with TABLETOP_PURE=1)")
def test_a_game_that_declares_caches_uses_them(runs):
    """Each game that declares caches (named ``<game>.``) or looked one up while it played
    got cache hits, so the on/off comparison above compared something; the off process
    made only empty ones."""
    for name, usage in runs["on"]["usage"].items():
        used = {c: v for c, v in usage.items() if c.startswith(f"{name}.") or v[1] > 0}
        if not used:
            continue   # this game declares no cache (yet): the digests are all there is
        hits = sum(v[2] for v in used.values())
        assert hits > 0, f"{name} declares caches but none was hit: {used}"
    for name, used in runs["off"]["usage"].items():
        assert all(v[1] == v[2] == v[3] == 0 for v in used.values()), (name, used)


if __name__ == "__main__":   # the worker: one process's digests, printed as JSON
    print(json.dumps(_play_all()))
