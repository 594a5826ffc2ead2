"""Pacal's Rocket throughput: random games per second and actions per second on one core.

    python benchmarks/bench_pacal.py [--players 4] [--seconds 10] [--bots random]

Plays seeded games back to back in this process (one core) with the core runner's hot
loop (no records) and reports games/s and actions/s (decisions + chance outcomes) per
CPU second of this process (fair on a shared machine) and by the wall clock.
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
    t0, c0 = time.perf_counter(), time.process_time()
    while time.perf_counter() - t0 < seconds:
        out = play_state(game, bots, np.random.SeedSequence(seed, spawn_key=(games,)), False)
        actions += out[2] + out[3]
        games += 1
    dt, cpu = time.perf_counter() - t0, time.process_time() - c0
    # on a shared machine the CPU time of this process is the fair measure of one core
    return {"players": players, "games": games, "seconds": dt, "cpu_seconds": cpu,
            "games_per_s": games / cpu, "actions_per_s": actions / cpu,
            "wall_actions_per_s": actions / dt, "actions_per_game": actions / games}


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--players", type=int, nargs="*", default=[4])
    ap.add_argument("--seconds", type=float, default=10.0)
    ap.add_argument("--bots", default="random")
    args = ap.parse_args(argv)
    for n in args.players:
        r = bench(n, args.seconds, args.bots)
        print(f"pacal {n} players ({args.bots}): {r['games']} games, {r['cpu_seconds']:.1f} s CPU "
              f"({r['seconds']:.1f} s wall) = {r['games_per_s']:.1f} games/s, "
              f"{r['actions_per_s']:,.0f} actions/s per CPU second "
              f"({r['wall_actions_per_s']:,.0f} by the wall clock; {r['actions_per_game']:.0f} actions a game)")


if __name__ == "__main__":
    main()
