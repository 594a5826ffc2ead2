"""Time skill ladders and print what they found (not run in CI).

    python benchmarks/bench_ladder.py --games 12 --bots random greedy search:4
    nice -n 10 python benchmarks/bench_ladder.py --game neko --games 120 \
        --bots random greedy search:8 search:32 --processes 2

For each game: wall time, CPU time of this process and its workers, games, and the
ladder's report (ratings, head-to-head steps, depth, luck share).
"""
from __future__ import annotations

import argparse
import os
import resource
import time

import tabletop_nb as tt


def cpu_seconds() -> float:
    own = resource.getrusage(resource.RUSAGE_SELF)
    kids = resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + kids.ru_utime + kids.ru_stime


def main(argv=None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--game", nargs="*", default=["pacal", "neko", "pebble_rock"])
    ap.add_argument("--players", type=int, default=2)
    ap.add_argument("--bots", nargs="+", default=["random", "greedy", "search:4"])
    ap.add_argument("--games", type=int, default=12)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--processes", type=int, default=0,
                    help="worker processes (0: run in this process)")
    args = ap.parse_args(argv)
    for name in args.game:
        game = tt.load_game(name, players=args.players)
        executor = "serial"
        pool = None
        if args.processes:
            from concurrent.futures import ProcessPoolExecutor
            import multiprocessing as mp
            executor = pool = ProcessPoolExecutor(args.processes, mp_context=mp.get_context("fork"))
        t0, c0 = time.perf_counter(), cpu_seconds()
        try:
            lad = tt.skill_ladder(game, args.bots, games=args.games, seed=args.seed,
                                  executor=executor, progress=False)
        finally:
            if pool is not None:
                pool.shutdown()
        wall, cpu = time.perf_counter() - t0, cpu_seconds() - c0
        print(f"== {name}, {args.players} players, bots {' '.join(args.bots)}, {lad.games} games, "
              f"seed {args.seed}: {wall:.1f} s wall, {cpu:.1f} s CPU "
              f"({cpu / lad.games:.2f} s CPU per game; {args.processes or 1} process(es), "
              f"{os.cpu_count()} cores)")
        print(lad.report())
        fmt = {c: (lambda v: f"{v:+.0f}") for c in ("rating", "low", "high")}
        fmt["win_rate"] = lambda v: f"{100 * v:.0f}%"
        print(lad.ratings.to_string(index=False, formatters=fmt))
        print(flush=True)


if __name__ == "__main__":
    main()
