"""Soak run for Pacal's Rocket: many seeded games, every invariant checked at every step.

    python benchmarks/soak_pacal.py --games 10000 --seed 1 [--bots random] [--workers 2]

Game ``i`` plays configuration ``CONFIGS[i % len(CONFIGS)]`` (2-5 players, normal and
expert) from ``SeedSequence(seed, spawn_key=(i,))``, like ``tabletop_nb.simulate``. At
every step it checks ``invariants`` (11 stones and 11 pyramids of every colour accounted
for, one stone per colour per space, ships on free spaces), that scores never decrease,
that a decision has legal actions and a chance node sums to 1. Exit status 1 on any
failure, with the seed and step to replay it.
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
from tabletop_nb.games.pacal import invariants

CONFIGS = [dict(players=2), dict(players=3), dict(players=4), dict(players=5),
           dict(players=3, expert=True), dict(players=4, expert=True)]


def soak_one(seed: int, index: int, bots: str = "random") -> tuple[int, list[str]]:
    """Play game ``index`` of a soak run; return (actions, problems)."""
    cfg = CONFIGS[index % len(CONFIGS)]
    game = tabletop_nb.load_game("pacal", **cfg)
    ss = np.random.SeedSequence(seed, spawn_key=(index,))
    chance_rng, bot_rngs = seat_streams(ss, game.num_players)
    bot = resolve_bot(game, bots)
    s = game.initial_state()
    last = s.scores
    problems: list[str] = []
    for step in range(game.max_actions + 1):
        broken = invariants(game, s)
        if broken:
            problems.append(f"game {index} {cfg} step {step}: {broken}")
            break
        if any(a < b for a, b in zip(s.scores, last)):
            problems.append(f"game {index} {cfg} step {step}: a score went down {last} -> {s.scores}")
            break
        last = s.scores
        p = game.current_player(s)
        if p == TERMINAL:
            if not game.winners(s):
                problems.append(f"game {index}: no winner")
            return step, problems
        if p == CHANCE:
            if sum(q for _, q in game.chance_outcomes(s)) != 1:
                problems.append(f"game {index} step {step}: chance odds do not sum to 1")
                break
            a = game.sample_chance(s, chance_rng)
        else:
            if not game.legal_actions(s):
                problems.append(f"game {index} step {step}: no legal action")
                break
            a = bot(game, s, bot_rngs[p])
        try:
            s = game.apply(s, a)
        except Exception as e:  # noqa: BLE001 - a soak reports every failure
            problems.append(f"game {index} {cfg} step {step}: {type(e).__name__}: {e}")
            break
    else:
        problems.append(f"game {index} {cfg}: did not end within {game.max_actions} actions")
    return game.max_actions, problems


def _chunk(args):
    seed, indices, bots = args
    actions, problems = 0, []
    for i in indices:
        n, p = soak_one(seed, i, bots)
        actions += n
        problems.extend(p)
    return len(indices), actions, problems


def soak(games: int, seed: int = 1, bots: str = "random", workers: int = 1):
    """Run the soak; return (games, actions, problems, seconds)."""
    t = time.perf_counter()
    chunks = [(seed, range(a, min(a + 250, games)), bots) for a in range(0, games, 250)]
    done = actions = 0
    problems: list[str] = []
    if workers > 1:
        with ProcessPoolExecutor(workers) as pool:
            results = pool.map(_chunk, chunks)
            for g, a, p in results:
                done, actions = done + g, actions + a
                problems.extend(p)
    else:
        for c in chunks:
            g, a, p = _chunk(c)
            done, actions = done + g, actions + a
            problems.extend(p)
    return done, actions, problems, time.perf_counter() - t


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=1000)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--bots", default="random")
    ap.add_argument("--workers", type=int, default=1)
    args = ap.parse_args(argv)
    games, actions, problems, secs = soak(args.games, args.seed, args.bots, args.workers)
    for p in problems[:20]:
        print("FAIL", p)
    print(f"pacal soak: {games} games, {actions} actions, {len(problems)} problems, "
          f"{secs:.1f} s ({games / secs:.1f} games/s with checks)")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
