"""How strong and how fast is the search bot? (issue 11; not run in CI)

One search seat plays against greedy seats, the search seat rotated game by game (game i
puts it in seat ``i % players``), every game from its own seed. Each finished game is
appended to a JSON-lines file at once, so an interrupted run keeps what it played, and a
rerun with the same arguments skips the games already in the file.

    nice -n 10 python benchmarks/bench_search.py run --game pacal --players 2 --games 400
    python benchmarks/bench_search.py report benchmarks/results/search.jsonl

``report`` prints, per game, player count and budget: the search seat's win rate (shared
wins split) with a Wilson 95% interval, its ratio to the equal share 1/players, the median
and 95th percentile of its think time per decision (CPU seconds of this process: one
core), the mean CPU seconds of a whole game (all seats, chance included) and the range of
the machine's 1-minute load average when the games ended. ``--tag`` labels a version of
the bot (each record keeps it; ``report --tag v2`` shows that version only).
"""
from __future__ import annotations

import argparse
import json
import math
import os
import statistics
import sys
import time
from concurrent.futures import ProcessPoolExecutor, as_completed

import numpy as np

import tabletop_nb
from tabletop_nb.core.runner import play_state
from tabletop_nb.core.search import DEFAULT_SIMULATIONS, SearchBot

OUT = os.path.join(os.path.dirname(__file__), "results", "search.jsonl")


class TimedBot:
    """A bot that records the CPU time of every decision of the bot it wraps."""

    def __init__(self, bot):
        self.bot = bot
        self.times: list[float] = []
        self.bot_name = bot.bot_name

    def __call__(self, game, state, rng):
        t = time.process_time()
        a = self.bot(game, state, rng)
        self.times.append(time.process_time() - t)
        return a


def play_one(game_name: str, players: int, sims: int, seed: int, index: int, rules: dict,
             tag: str = "") -> dict:
    """Game ``index``: one search seat (seat ``index % players``) among greedy seats."""
    game = tabletop_nb.load_game(game_name, players=players, **rules)
    seat = index % players
    timed = TimedBot(SearchBot(simulations=sims))
    bots = ["greedy"] * players
    bots[seat] = timed
    t = time.process_time()
    po = play_state(game, bots, np.random.SeedSequence(seed, spawn_key=(index,)), keep_actions=False)
    cpu = time.process_time() - t
    win = game.winners(po.state)
    return {"game": game_name, "players": players, "sims": sims, "rules": rules, "seed": seed,
            "index": index, "seat": seat, "win": (1.0 / len(win)) if seat in win else 0.0,
            "scores": [float(v) for v in game.scores(po.state)], "cpu": cpu,
            "think": [round(x, 5) for x in timed.times], "tag": tag,
            "load": round(os.getloadavg()[0], 1)}


def _done(path: str) -> set:
    out = set()
    if os.path.exists(path):
        with open(path) as f:
            for line in f:
                try:
                    r = json.loads(line)
                except ValueError:
                    continue  # a line cut by an interruption
                out.add((r["game"], r["players"], r["sims"], json.dumps(r.get("rules", {}), sort_keys=True),
                         r["seed"], r["index"], r.get("tag", "")))
    return out


def run(args) -> None:
    rules = json.loads(args.rules) if args.rules else {}
    os.makedirs(os.path.dirname(args.out) or ".", exist_ok=True)
    done = _done(args.out)
    key = json.dumps(rules, sort_keys=True)
    todo = [i for i in range(args.games)
            if (args.game, args.players, args.sims, key, args.seed, i, args.tag) not in done]
    print(f"{args.game} {args.players}p search:{args.sims}: {len(todo)} games to play "
          f"({args.games - len(todo)} in {args.out})", flush=True)
    t0 = time.time()
    with open(args.out, "a") as f, ProcessPoolExecutor(max_workers=min(2, args.workers)) as pool:
        futs = [pool.submit(play_one, args.game, args.players, args.sims, args.seed, i, rules, args.tag)
                for i in todo]
        wins = n = 0
        for fut in as_completed(futs):
            r = fut.result()
            f.write(json.dumps(r) + "\n")
            f.flush()
            wins += r["win"]
            n += 1
            if n % 20 == 0 or n == len(todo):
                print(f"  {n}/{len(todo)} games, search won {wins / n:.1%}, "
                      f"{time.time() - t0:.0f} s", flush=True)


def wilson(wins: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval of a proportion (95% by default)."""
    if n == 0:
        return (0.0, 1.0)
    p = wins / n
    d = 1 + z * z / n
    c = (p + z * z / (2 * n)) / d
    h = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / d
    return (c - h, c + h)


def report(args) -> None:
    groups: dict = {}
    with open(args.path) as f:
        for line in f:
            try:
                r = json.loads(line)
            except ValueError:
                continue
            if args.tag is not None and r.get("tag", "") != args.tag:
                continue
            k = (r["game"], r["players"], r["sims"], json.dumps(r.get("rules", {}), sort_keys=True))
            groups.setdefault(k, []).append(r)
    print("| game | players | bot | games | search wins | 95% interval | x equal share "
          "| think median | think p95 | median when searching | CPU s / game | load |")
    print("|---|---|---|---|---|---|---|---|---|---|---|---|")
    for (g, n, sims, rules), rs in sorted(groups.items()):
        wins = sum(r["win"] for r in rs)
        lo, hi = wilson(wins, len(rs))
        think = sorted(t for r in rs for t in r["think"])
        med = statistics.median(think) if think else float("nan")
        p95 = think[min(len(think) - 1, int(0.95 * len(think)))] if think else float("nan")
        # decisions that ran a search (the rest were one sensible action: about 0.1 ms)
        searched = [x for x in think if x > 0.001]
        smed = statistics.median(searched) if searched else float("nan")
        cpu = statistics.mean(r["cpu"] for r in rs)
        loads = sorted(r["load"] for r in rs if "load" in r)
        load = f"{loads[0]:g}-{loads[-1]:g}" if loads else "?"
        extra = "" if rules == "{}" else f" {rules}"
        print(f"| {g}{extra} | {n} | search:{sims} | {len(rs)} | {wins / len(rs):.1%} | "
              f"{lo:.1%}-{hi:.1%} | {wins / len(rs) * n:.2f} | {med * 1000:.1f} ms | "
              f"{p95 * 1000:.0f} ms | {smed * 1000:.0f} ms ({len(searched) / max(1, len(think)):.0%}) | "
              f"{cpu:.2f} | {load} |")


def main(argv=None) -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = ap.add_subparsers(dest="cmd", required=True)
    r = sub.add_parser("run", help="play games and append them to the results file")
    r.add_argument("--game", required=True)
    r.add_argument("--players", type=int, default=2)
    r.add_argument("--games", type=int, default=400)
    r.add_argument("--sims", type=int, default=DEFAULT_SIMULATIONS)
    r.add_argument("--seed", type=int, default=11)
    r.add_argument("--rules", default="", help="rule overrides as JSON")
    r.add_argument("--workers", type=int, default=2, help="processes (at most 2)")
    r.add_argument("--tag", default="", help="a label for this version of the bot (kept in each "
                   "record; report --tag shows one version)")
    r.add_argument("--out", default=OUT)
    p = sub.add_parser("report", help="summarise a results file")
    p.add_argument("path", nargs="?", default=OUT)
    p.add_argument("--tag", default=None, help="only the records of this label ('' = untagged)")
    args = ap.parse_args(argv)
    run(args) if args.cmd == "run" else report(args)


if __name__ == "__main__":
    sys.exit(main())
