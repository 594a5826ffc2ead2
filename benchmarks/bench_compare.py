"""Time of a rule comparison of two variants, per game (the designer's big run).

    python benchmarks/bench_compare.py [--games 10000] [--bots greedy] [--json]

Each game compares its base rules with one changed rule (below), every variant playing
the same seeds, on the default executor (a local process pool for runs this size).
"""
import argparse
import json
import time

import tabletop_nb as tt

VARIANTS = {
    "pebble_rock": {"cargo_capacity": 5},
    "neko": {"start_coins": 10},
    "pacal": {"second_place": 3},
}


def measure(name: str, games: int, bots: str) -> dict:
    base = tt.load_game(name)
    change = VARIANTS[name]
    t = time.perf_counter()
    cmp = tt.compare_rules({"base": base, "variant": base.with_rules(**change)}, bots=bots,
                           games=games, seed=1, progress=False)
    elapsed = time.perf_counter() - t
    sig = cmp.metrics[cmp.metrics.significant].metric.tolist()
    return {"game": name, "change": change, "bots": bots, "games_per_variant": games,
            "seconds": round(elapsed, 1), "games_per_s": round(2 * games / elapsed, 1),
            "significant_changes": sig}


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=10_000)
    ap.add_argument("--bots", default="greedy")
    ap.add_argument("--game", action="append")
    ap.add_argument("--json", action="store_true")
    a = ap.parse_args()
    rows = [measure(g, a.games, a.bots) for g in (a.game or sorted(VARIANTS))]
    if a.json:
        print(json.dumps(rows, indent=1))
    else:
        for r in rows:
            print(f"{r['game']:12} {r['change']} x {r['games_per_variant']} games ({r['bots']}): "
                  f"{r['seconds']} s ({r['games_per_s']} games/s); significant: {r['significant_changes']}")


if __name__ == "__main__":
    main()
