"""Pacal's Rocket throughput: random games per second and actions per second on one core.

    python benchmarks/bench_pacal.py [--players 4] [--seconds 10] [--bots random]

Plays seeded games back to back in this process (one core) with the core runner's hot
loop (no records) and reports games/s and actions/s (decisions + chance outcomes).
"""
from __future__ import annotations

import argparse
import time

import numpy as np

import tabletop_nb
from tabletop_nb.core.runner import play_state


def bench(players: int = 4, seconds: float = 10.0, bots: str = "random", seed: int = 1, **rules):
    game = tabletop_nb.load_game("pacal", players=players, **rules)
    games = actions = 0
    t0 = time.perf_counter()
    while time.perf_counter() - t0 < seconds:
        out = play_state(game, bots, np.random.SeedSequence(seed, spawn_key=(games,)), False)
        actions += out[2] + out[3]
        games += 1
    dt = time.perf_counter() - t0
    return {"players": players, "games": games, "seconds": dt, "games_per_s": games / dt,
            "actions_per_s": actions / dt, "actions_per_game": actions / games}


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--players", type=int, nargs="*", default=[4])
    ap.add_argument("--seconds", type=float, default=10.0)
    ap.add_argument("--bots", default="random")
    args = ap.parse_args(argv)
    for n in args.players:
        r = bench(n, args.seconds, args.bots)
        print(f"pacal {n} players ({args.bots}): {r['games']} games in {r['seconds']:.1f} s = "
              f"{r['games_per_s']:.1f} games/s, {r['actions_per_s']:,.0f} actions/s "
              f"({r['actions_per_game']:.0f} actions a game)")


if __name__ == "__main__":
    main()
