"""Throughput of the Neko engine: random (and greedy) playouts on one core.

    python benchmarks/bench_neko.py [--seconds 10] [--players 2 3 4] [--bots random]

Reports games and actions (decisions and chance outcomes) per second, by wall-clock time and
by CPU time of this process (the CPU figure is the one-core speed even when other work
shares the machine). The target is 60,000 actions per second with random bots.
"""
from __future__ import annotations

import argparse
import sys
import time

import numpy as np

import tabletop_nb
from tabletop_nb.core.runner import play_state


def bench(players: int = 4, bots: str = "random", seconds: float = 10.0, **rules) -> dict:
    game = tabletop_nb.load_game("neko", players=players, **rules)
    play_state(game, bots, np.random.SeedSequence(10**6), keep_actions=False)   # warm caches
    wall0, cpu0 = time.perf_counter(), time.process_time()
    games = actions = 0
    while time.process_time() - cpu0 < seconds:
        out = play_state(game, bots, np.random.SeedSequence(games), keep_actions=False)
        actions += out.decisions + out.chance
        games += 1
    wall, cpu = time.perf_counter() - wall0, time.process_time() - cpu0
    return {"players": players, "bots": bots, "games": games, "actions": actions,
            "games_per_s_wall": games / wall, "actions_per_s_wall": actions / wall,
            "games_per_s_cpu": games / cpu, "actions_per_s_cpu": actions / cpu,
            "actions_per_game": actions / games}


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seconds", type=float, default=10.0)
    ap.add_argument("--players", type=int, nargs="+", default=[4])
    ap.add_argument("--bots", default="random")
    args = ap.parse_args(argv)
    for n in args.players:
        r = bench(n, args.bots, args.seconds)
        print(f"{n} players, {r['bots']}: {r['games']} games, {r['actions_per_game']:.0f} actions/game | "
              f"wall {r['games_per_s_wall']:.1f} games/s, {r['actions_per_s_wall']:,.0f} actions/s | "
              f"CPU {r['games_per_s_cpu']:.1f} games/s, {r['actions_per_s_cpu']:,.0f} actions/s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
