"""Scale-out: the speed-up of a 2-process simulation over 1 process, per game.

    python benchmarks/bench_scaleout.py [--games 400] [--bots random] [--json]

Both runs play the same seeds and must give the same table (checked).
"""
import argparse
import json
import time

import tabletop_nb as tt


def measure(name: str, games: int, bots: str) -> dict:
    from concurrent.futures import ProcessPoolExecutor
    import multiprocessing as mp

    game = tt.load_game(name)
    t = time.perf_counter()
    one = tt.simulate(game, bots, games=games, seed=1, executor="serial", progress=False)
    t1 = time.perf_counter() - t
    with ProcessPoolExecutor(2, mp_context=mp.get_context("fork")) as ex:
        t = time.perf_counter()
        two = tt.simulate(game, bots, games=games, seed=1, executor=ex, progress=False)
        t2 = time.perf_counter() - t
    assert one.equals(two), "the 2-process table differs from the 1-process one"
    return {"game": name, "bots": bots, "games": games, "one_process_s": round(t1, 2),
            "two_processes_s": round(t2, 2), "speedup": round(t1 / t2, 2)}


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=400)
    ap.add_argument("--bots", default="random")
    ap.add_argument("--game", action="append")
    ap.add_argument("--json", action="store_true")
    a = ap.parse_args()
    rows = [measure(g, a.games, a.bots) for g in (a.game or tt.list_games())]
    if a.json:
        print(json.dumps(rows, indent=1))
    else:
        for r in rows:
            print(f"{r['game']:12} {r['games']} games ({r['bots']}): 1 process {r['one_process_s']} s, "
                  f"2 processes {r['two_processes_s']} s, speed-up {r['speedup']}x")


if __name__ == "__main__":
    main()
