"""Was it luck? (issue 41): the analysis measured.

Two measurements, each appended to ``benchmarks/results/luck.jsonl`` with ``--save``:

``--many`` (default): ``luck_and_skill`` over ``--games`` games of the skill ladder's
line-ups of ``--bots`` (random, greedy, search by default): each seat's mean luck with its
95% interval (it should cover 0), each bot's mean error per game (random above greedy above
search), the share of results luck explains, and the ladder's upset rate on the same games.

``--time``: one 4-player game of each game analysed at the default accuracy and at the
quick (classroom) setting: wall seconds, CPU seconds of this process and its workers, and
the load average before and after (the machine may be shared: read the time with the load).

    python benchmarks/bench_luck.py --game pacal --players 2 --games 200 --save
    python benchmarks/bench_luck.py --time --save
"""
from __future__ import annotations

import argparse
import json
import os
import resource
import time
from pathlib import Path

import tabletop_nb as tt

RESULTS = Path(__file__).resolve().parent / "results" / "luck.jsonl"


def cpu_seconds() -> float:
    """CPU time of this process and of its finished children."""
    me = resource.getrusage(resource.RUSAGE_SELF)
    kids = resource.getrusage(resource.RUSAGE_CHILDREN)
    return me.ru_utime + me.ru_stime + kids.ru_utime + kids.ru_stime


def many(args) -> dict:
    game = tt.load_game(args.game, players=args.players)
    bots = args.bots.split(",")
    load0, t0, c0 = os.getloadavg(), time.time(), cpu_seconds()
    ls = tt.luck_and_skill(game, bots, games=args.games, seed=args.seed, quick=args.quick,
                           executor=args.executor, progress=True, luck_view=args.luck_view)
    wall, cpu = time.time() - t0, cpu_seconds() - c0
    seats = {int(r.seat): [round(r.luck, 4), round(r.luck_low, 4), round(r.luck_high, 4)]
             for r in ls.by_seat.itertuples()}
    errors = {r.bot: [round(r.error, 4), round(r.error_low, 4), round(r.error_high, 4)]
              for r in ls.by_bot.itertuples()}
    luck_bot = {r.bot: [round(r.luck, 4), round(r.luck_low, 4), round(r.luck_high, 4)]
                for r in ls.by_bot.itertuples()}
    out = {"kind": "many", "game": args.game, "players": args.players, "bots": bots,
           "games": int(ls.table.game.nunique()), "seed": args.seed,
           "settings": {k: v for k, v in ls.settings.items() if k not in ("bots", "games")},
           "luck_by_seat": seats, "luck_covers_0": all(lo <= 0 <= hi for _, lo, hi in seats.values()),
           "luck_by_bot": luck_bot, "error_by_bot": errors,
           "luck_share": [round(x, 4) for x in ls.luck_share[:3]],
           "ladder_upset_rate": [round(x, 4) for x in ls.ladder.luck_share[:3]],
           "wall_s": round(wall, 1), "cpu_s": round(cpu, 1),
           "load_before": [round(x, 2) for x in load0],
           "load_after": [round(x, 2) for x in os.getloadavg()]}
    print(ls.summary())
    return out


def timing(args) -> list[dict]:
    rows = []
    for name in ("pacal", "neko", "pebble_rock"):
        game = tt.load_game(name, players=4)
        rec = tt.play(game, ["greedy", "random", "greedy", "random"], seed=args.seed)
        for quick in (True, False):
            load0, t0, c0 = os.getloadavg(), time.time(), cpu_seconds()
            a = tt.analyse(game, rec, quick=quick, progress=True)
            wall, cpu = time.time() - t0, cpu_seconds() - c0
            row = {"kind": "time", "game": name, "players": 4, "quick": quick,
                   "actions": len(rec.actions), "decisions_judged": len(a.decisions),
                   "chance_events": len(a.chance), "settings": a.settings,
                   "wall_s": round(wall, 1), "cpu_s": round(cpu, 1),
                   "load_before": [round(x, 2) for x in load0],
                   "load_after": [round(x, 2) for x in os.getloadavg()]}
            print(json.dumps(row))
            rows.append(row)
    return rows


def main(argv=None) -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--time", action="store_true", help="time one 4-player game of each game")
    p.add_argument("--game", default="pacal")
    p.add_argument("--players", type=int, default=2)
    p.add_argument("--games", type=int, default=200)
    p.add_argument("--bots", default="random,greedy,search")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--quick", action=argparse.BooleanOptionalAction, default=True)
    p.add_argument("--executor", default="processes")
    p.add_argument("--luck-view", default="seat", choices=["seat", "table"])
    p.add_argument("--save", action="store_true", help=f"append to {RESULTS.name}")
    args = p.parse_args(argv)
    rows = timing(args) if args.time else [many(args)]
    for row in rows:
        row["version"] = tt.__version__
        row["date"] = time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime())
        if not args.time:
            print(json.dumps(row))
        if args.save:
            with RESULTS.open("a") as f:
                f.write(json.dumps(row) + "\n")


if __name__ == "__main__":
    main()
