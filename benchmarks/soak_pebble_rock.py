"""Soak test for Pebble Rock: play many seeded games and check every invariant after every
action (PR-INV-01..09: no negative fish or cargo, cargo within capacity, at most three
items, four treasures accounted for, no two row cards for one island, ...).

    python benchmarks/soak_pebble_rock.py --games 10000 --seed 1 [--workers 2]

Game ``i`` uses ``SeedSequence(seed, spawn_key=(i,))`` (so any failing game replays
alone with ``--only i``). Games cycle through 2, 3 and 4 players and through the rules
configurations the conformance suite lists (the default rules and the other reading of
every switch); every fifth game seats greedy bots against random ones. The script exits
non-zero if any game raised or broke an invariant.
"""
from __future__ import annotations

import argparse
import sys
import time
from concurrent.futures import ProcessPoolExecutor

import numpy as np

import tabletop_nb
from tabletop_nb import CHANCE, TERMINAL
from tabletop_nb.core.bots import resolve_bot
from tabletop_nb.core.runner import seat_streams
from tabletop_nb.games.pebble_rock import CONFORMANCE, invariants


def _config(i: int) -> tuple[dict, list]:
    cfg = dict(CONFORMANCE[i % len(CONFORMANCE)])
    n = cfg["players"]
    bots = ["greedy"] + ["random"] * (n - 1) if i % 5 == 4 else ["random"] * n
    return cfg, bots


def play_one(seed: int, i: int, check_every: int = 1) -> dict:
    """Play game ``i`` of a soak run; return counts and any error or broken invariant."""
    cfg, bot_names = _config(i)
    game = tabletop_nb.load_game("pebble_rock", **cfg)
    bots = [resolve_bot(game, b) for b in bot_names]
    chance_rng, bot_rngs = seat_streams(np.random.SeedSequence(seed, spawn_key=(i,)), game.num_players)
    s = game.initial_state()
    steps = 0
    try:
        while True:
            if steps % check_every == 0:
                broken = invariants(game, s)
                if broken:
                    return {"game": i, "actions": steps, "error": f"step {steps}: {broken}"}
            p = game.current_player(s)
            if p == TERMINAL:
                break
            if p == CHANCE:
                s = game.apply_trusted(s, game.sample_chance(s, chance_rng))
            else:
                a = bots[p](game, game.observation(s, p), bot_rngs[p])
                s = game.apply(s, a)  # checked: a bot's illegal action is an error too
            steps += 1
            if steps > game.max_actions:
                return {"game": i, "actions": steps, "error": "the game did not end"}
        scores = game.scores(s)
        if not game.winners(s) or len(scores) != game.num_players:
            return {"game": i, "actions": steps, "error": "no winner"}
    except Exception as e:  # noqa: BLE001 - a soak reports every failure
        return {"game": i, "actions": steps, "error": f"{type(e).__name__}: {e}"}
    return {"game": i, "actions": steps, "error": None, "turns": s.turns}


def _chunk(args):
    seed, indices, check_every = args
    return [play_one(seed, i, check_every) for i in indices]


def run_soak(games: int, seed: int = 1, workers: int = 1, check_every: int = 1,
             only: int | None = None) -> dict:
    """Play ``games`` soak games; return a summary with the failures."""
    t0 = time.perf_counter()
    indices = [only] if only is not None else list(range(games))
    if workers > 1 and len(indices) > 1:
        size = max(1, len(indices) // (workers * 8))
        parts = [(seed, indices[k:k + size], check_every) for k in range(0, len(indices), size)]
        with ProcessPoolExecutor(max_workers=workers) as ex:
            results = [r for part in ex.map(_chunk, parts) for r in part]
    else:
        results = _chunk((seed, indices, check_every))
    failures = [r for r in results if r["error"]]
    return {"games": len(results), "actions": sum(r["actions"] for r in results),
            "seconds": round(time.perf_counter() - t0, 2), "failures": failures}


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=1000)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--workers", type=int, default=1)
    ap.add_argument("--check-every", type=int, default=1)
    ap.add_argument("--only", type=int, default=None, help="replay one game of the run")
    args = ap.parse_args(argv)
    out = run_soak(args.games, args.seed, args.workers, args.check_every, args.only)
    print(f"{out['games']} games, {out['actions']} actions, {out['seconds']} s, "
          f"{len(out['failures'])} failures")
    for f in out["failures"][:20]:
        print(f"  game {f['game']} after {f['actions']} actions: {f['error']}")
    return 1 if out["failures"] else 0


if __name__ == "__main__":
    sys.exit(main())
