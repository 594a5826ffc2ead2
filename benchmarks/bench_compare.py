"""Time of a rule comparison of two variants, per game, on 2 processes and on 1.

    python benchmarks/bench_compare.py [--games 10000] [--bots greedy] [--players 4]
                                       [--game NAME ...] [--workers 2] [--no-serial]
                                       [--stop METRIC ...] [--json]

The designer's big run (issue 12): each game compares its base rules with one changed
rule (below), both variants playing the same seeds, with ``--games`` games per variant
(so twice that many in all). It runs on a pool of ``--workers`` processes, then in this
one process (``executor="serial"``) for the speed-up, and checks that both give the same
table. With ``--stop METRIC`` it also runs the comparison with ``stop="decided",
metrics=[METRIC, ...]`` on the process pool and reports how many games that took. The
machine's load average is printed beside every timing: on a loaded machine the times are
longer and the speed-up smaller than on a quiet one.
"""
import argparse
import json
import multiprocessing as mp
import os
import sys
import time
from concurrent.futures import ProcessPoolExecutor

import tabletop_nb as tt

VARIANTS = {
    "pebble_rock": {"cargo_capacity": 5},
    "neko": {"start_coins": 10},
    "pacal": {"second_place": 3},
}


def _load() -> list:
    return [round(x, 2) for x in os.getloadavg()]


def timed(base, change: dict, games: int, bots: str, executor) -> tuple[float, object, list]:
    load = _load()
    t = time.perf_counter()
    cmp = tt.compare_rules({"base": base, "variant": base.with_rules(**change)}, bots=bots,
                           games=games, seed=1, progress=False, executor=executor)
    return time.perf_counter() - t, cmp, load


def measure(name: str, games: int, bots: str, players: int, workers: int, serial: bool,
            stop: list | None = None, stop_only: bool = False) -> dict:
    base = tt.load_game(name, players=players)
    change = VARIANTS[name]
    ctx = mp.get_context("fork") if "fork" in mp.get_all_start_methods() else mp.get_context("spawn")
    row = {"game": name, "players": players, "change": change, "bots": bots, "games_per_variant": games}
    if not stop_only:
        with ProcessPoolExecutor(workers, mp_context=ctx) as ex:
            t_pool, cmp, load_pool = timed(base, change, games, bots, ex)
        row.update({f"{workers}_processes_s": round(t_pool, 1), "load_before_pool": load_pool,
                    "games_per_s_pool": round(2 * games / t_pool, 1),
                    "significant_changes": cmp.metrics[cmp.metrics.significant].metric.tolist()})
    if serial and not stop_only:
        t_one, one, load_one = timed(base, change, games, bots, "serial")
        if not one.table.equals(cmp.table):
            raise SystemExit(f"{name}: the 1-process table differs from the {workers}-process one")
        row.update({"1_process_s": round(t_one, 1), "load_before_serial": load_one,
                    "speedup": round(t_one / t_pool, 2)})
    if stop:
        with ProcessPoolExecutor(workers, mp_context=ctx) as ex:
            load = _load()
            t = time.perf_counter()
            early = tt.compare_rules({"base": base, "variant": base.with_rules(**change)}, bots=bots,
                                     games=games, seed=1, progress=False, executor=ex,
                                     stop="decided", metrics=stop)
            row.update({"stop_metrics": stop, "stop_s": round(time.perf_counter() - t, 1),
                        "load_before_stop": load, "stop_games": early.games, "stopped": early.stopped,
                        "stop_decisions": dict(zip(early.decisions.metric, early.decisions.decision))})
    row["load_after"] = _load()
    return row


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=10_000, help="games per variant (default 10000)")
    ap.add_argument("--bots", default="greedy")
    ap.add_argument("--players", type=int, default=4)
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--game", action="append", choices=sorted(VARIANTS))
    ap.add_argument("--no-serial", action="store_true", help="skip the 1-process run (no speed-up)")
    ap.add_argument("--stop", action="append", metavar="METRIC",
                    help="also run with stop='decided' on these metrics (e.g. score_mean)")
    ap.add_argument("--stop-only", action="store_true", help="with --stop: only the early-stopping run")
    ap.add_argument("--json", action="store_true")
    a = ap.parse_args()
    if a.stop_only and not a.stop:
        ap.error("--stop-only needs --stop METRIC")
    if a.games < 1:
        ap.error("--games must be at least 1")
    print(f"{os.cpu_count()} cores; load average {_load()} at the start", file=sys.stderr)
    rows = []
    for g in a.game or sorted(VARIANTS):
        r = measure(g, a.games, a.bots, a.players, a.workers, not a.no_serial, a.stop, a.stop_only)
        rows.append(r)
        if not a.json and not a.stop_only:
            w = a.workers
            one = (f"; 1 process {r['1_process_s']} s (load {r['load_before_serial'][0]}), "
                   f"speed-up {r['speedup']}x") if "speedup" in r else ""
            print(f"{r['game']:12} {r['players']}p {r['change']} x {r['games_per_variant']} games ({r['bots']}): "
                  f"{w} processes {r[f'{w}_processes_s']} s (load {r['load_before_pool'][0]}, "
                  f"{r['games_per_s_pool']} games/s){one}; significant: {r['significant_changes']}",
                  flush=True)
        if not a.json and "stop_s" in r:
            print(f"{r['game']:12} {r['players']}p {r['change']}, stop='decided' on {r['stop_metrics']} "
                  f"(at most {r['games_per_variant']} games): {r['stopped']} after {r['stop_games']} games "
                  f"per variant in {r['stop_s']} s on {a.workers} processes (load {r['load_before_stop'][0]}): "
                  f"{r['stop_decisions']}", flush=True)
    if a.json:
        print(json.dumps(rows, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
