"""Old code against new, measured alternately in one run: games per second by CPU time.

    git worktree add /tmp/old <commit>          # the code before the change
    python benchmarks/bench_ab.py /tmp/old . --cases neko:4:greedy pebble_rock:2:random

Each measurement is a fresh process (``PYTHONPATH`` set to one tree) that warms up, then
plays seeded games for ``--seconds`` of its own CPU time (``time.process_time``, so other
work on the machine slows the wall clock, not the figure); old and new alternate (ABBA
order) ``--reps`` times and the medians are reported with every sample and the machine's
load average. Use it for any speed change that must stay within a bound (issue 14: the
engine split within 5%; issue 12: greedy bots faster).
"""
from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
from pathlib import Path

_ONE = r"""
import json, sys, time
import numpy as np
import tabletop_nb
from tabletop_nb.core.runner import play_state
game, players, bots, secs = sys.argv[1], int(sys.argv[2]), sys.argv[3], float(sys.argv[4])
g = tabletop_nb.load_game(game, players=players)
for i in range(2):
    play_state(g, bots, np.random.SeedSequence(10**6 + i), keep_actions=False)
t0 = time.process_time()
n = acts = 0
while time.process_time() - t0 < secs:
    out = play_state(g, bots, np.random.SeedSequence(n), keep_actions=False)
    acts += out.decisions + out.chance
    n += 1
cpu = time.process_time() - t0
print(json.dumps({"games_s": n / cpu, "actions_s": acts / cpu, "file": tabletop_nb.__file__}))
"""


def measure(tree: str, game: str, players: int, bots: str, seconds: float) -> dict:
    env = dict(os.environ, PYTHONPATH=str(Path(tree).resolve()))
    out = subprocess.run([sys.executable, "-c", _ONE, game, str(players), bots, str(seconds)],
                         env=env, capture_output=True, text=True, cwd="/", check=True)
    d = json.loads(out.stdout)
    if not d["file"].startswith(str(Path(tree).resolve())):
        raise RuntimeError(f"{tree}: imported tabletop_nb from {d['file']}")
    return d


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("old", help="the tree with the old code (a git worktree)")
    ap.add_argument("new", help="the tree with the new code")
    ap.add_argument("--cases", nargs="+", default=["neko:4:random", "neko:4:greedy"],
                    help="game:players:bots")
    ap.add_argument("--reps", type=int, default=5)
    ap.add_argument("--seconds", type=float, default=3.0)
    args = ap.parse_args(argv)
    for case in args.cases:
        game, players, bots = case.split(":")
        res: dict = {"old": [], "new": []}
        loads = []
        for r in range(args.reps):
            for which in (("old", "new") if r % 2 == 0 else ("new", "old")):
                tree = args.old if which == "old" else args.new
                res[which].append(measure(tree, game, int(players), bots, args.seconds)["games_s"])
                loads.append(os.getloadavg()[0])
        o, n = statistics.median(res["old"]), statistics.median(res["new"])
        print(f"{game} {players}p {bots}: old {o:.1f} games/s, new {n:.1f} games/s, new/old {n / o:.3f} "
              f"[old {' '.join(f'{x:.1f}' for x in res['old'])} | new {' '.join(f'{x:.1f}' for x in res['new'])}] "
              f"load {min(loads):.1f}-{max(loads):.1f}", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
