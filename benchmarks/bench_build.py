"""The compiled build against the Python source, alternated in one window.

    python benchmarks/bench_build.py [--game pacal] [--rounds 2] [--greedy 300] [--random 200]
                                     [--players 4] [--compare 0] [--search 0] [--json] [--save]
                                     [--baseline PYTHON] [--baseline-label CODE] [--lock FILE]

Each measurement runs in a fresh process, with ``TABLETOP_PURE=1`` (the source) or ``0`` (the
modules compiled at install time; tabletop_nb/native.py), the two modes alternating round
after round so that a change of the machine's load falls on both. It reports the CPU seconds
of the measured process (``time.process_time``) beside the wall time and the load average,
and checks that both modes gave the same games (a digest of the seats' scores and the game
lengths). ``--compare N`` also times ``compare_rules`` of two variants with N games each
(greedy bots, 2 processes: the CPU seconds then add the workers'); ``--search N`` plays N
games of one search seat against greedy ones and reports its think time per decision.
``--save`` appends a row to ``benchmarks/results/build.jsonl``.

``--baseline PYTHON`` adds a third code to the rotation: that interpreter with its own
``tabletop_nb`` (an older commit's tree in a scratch venv, ``--baseline-label`` names it),
measured in the same rounds (baseline, source, compiled, then the reverse). Whether it played
the same games is reported, not required. ``--lock FILE`` runs each measurement holding
``flock FILE`` (at normal priority), so that on a shared machine the timed processes take
turns with other helpers' timed runs while niced work goes on.
"""
from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys

CHILD = r"""
import hashlib, json, os, resource, sys, time
import tabletop_nb as tt
try:
    from tabletop_nb import native
    MODE = native.MODE
except ImportError:  # an older tree than the compiled build (--baseline)
    MODE = "baseline"
game, players, greedy, rand, compare, search = (sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), int(sys.argv[4]),
                                                int(sys.argv[5]), int(sys.argv[6]))
g = tt.load_game(game, players=players)
out = {"mode": MODE, "load": os.getloadavg()[0]}
def run(bots, n):
    h = hashlib.sha256()
    c, w = time.process_time(), time.perf_counter()
    actions = 0
    for seed in range(n):
        rec = tt.play(g, bots, seed=seed)
        actions += len(rec.actions)
        h.update(repr((rec.scores, len(rec.actions))).encode())
    return {"cpu_s": time.process_time() - c, "wall_s": time.perf_counter() - w, "actions": actions,
            "digest": h.hexdigest()[:16]}
if greedy:
    out["greedy"] = run("greedy", greedy)
if rand:
    out["random"] = run("random", rand)
if search:  # one search seat (seat i % players in game i) against greedy: its think time per decision
    from tabletop_nb.core.bots import resolve_bot
    bot, think = resolve_bot(g, "search"), []
    def timed(game, s, rng):
        t = time.process_time()
        a = bot(game, s, rng)
        think.append(time.process_time() - t)
        return a
    h = hashlib.sha256()
    c, w = time.process_time(), time.perf_counter()
    for i in range(search):
        seats = ["greedy"] * players
        seats[i % players] = timed
        rec = tt.play(g, seats, seed=i)
        h.update(repr((rec.scores, len(rec.actions))).encode())
    think.sort()
    out["search"] = {"cpu_s": time.process_time() - c, "wall_s": time.perf_counter() - w, "decisions": len(think),
                     "think_median_s": think[len(think) // 2], "think_p95_s": think[int(0.95 * len(think))],
                     "think_mean_s": sum(think) / len(think), "digest": h.hexdigest()[:16]}
if compare:
    import multiprocessing as mp
    from concurrent.futures import ProcessPoolExecutor
    VARIANTS = {"pebble_rock": {"cargo_capacity": 5}, "neko": {"start_coins": 10}, "pacal": {"second_place": 3}}
    ctx = mp.get_context("fork")
    load = os.getloadavg()[0]
    c, w = time.process_time(), time.perf_counter()
    with ProcessPoolExecutor(2, mp_context=ctx) as ex:
        cmp = tt.compare_rules({"base": g, "variant": g.with_rules(**VARIANTS[game])}, bots="greedy",
                               games=compare, seed=1, progress=False, executor=ex)
    kids = resource.getrusage(resource.RUSAGE_CHILDREN)
    out["compare"] = {"wall_s": time.perf_counter() - w, "cpu_s": time.process_time() - c + kids.ru_utime + kids.ru_stime,
                      "load_before": load, "digest": hashlib.sha256(cmp.table.to_csv().encode()).hexdigest()[:16]}
print(json.dumps(out))
"""


def once(pure: bool | None, a: argparse.Namespace) -> dict:
    """One measurement in a fresh process: the source (``pure``), compiled, or (None) the baseline."""
    env = dict(os.environ, TABLETOP_PURE="1" if pure else "0")
    python = a.baseline if pure is None else sys.executable
    cwd = None
    if pure is None:  # not this tree: the baseline interpreter imports its own package
        env.pop("TABLETOP_PURE")
        cwd = "/"
    cmd = [python, "-c", CHILD, a.game, str(a.players), str(a.greedy), str(a.random), str(a.compare), str(a.search)]
    if a.lock:
        cmd = ["flock", a.lock, *cmd]
    r = subprocess.run(cmd, env=env, capture_output=True, text=True, cwd=cwd)
    if r.returncode:
        raise SystemExit(r.stderr[-3000:])
    out = json.loads(r.stdout.strip().splitlines()[-1])
    if pure is None:  # the baseline's own tree may have tabletop_nb.native too (a source mode)
        out["mode"] = "baseline"
    elif out["mode"] != ("source" if pure else "compiled"):
        raise SystemExit(f"asked for {'the source' if pure else 'the compiled build'}, the child ran {out['mode']}")
    return out


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--game", default="pacal")
    ap.add_argument("--players", type=int, default=4)
    ap.add_argument("--rounds", type=int, default=2)
    ap.add_argument("--greedy", type=int, default=300, help="greedy games per measurement")
    ap.add_argument("--random", type=int, default=200, help="random games per measurement")
    ap.add_argument("--compare", type=int, default=0, help="games per variant of compare_rules (0: none)")
    ap.add_argument("--search", type=int, default=0,
                    help="games with one search seat (default budget) against greedy: its think time")
    ap.add_argument("--baseline", default="", help="another interpreter (with an older tree's package) to time too")
    ap.add_argument("--baseline-label", default="baseline", help="what --baseline's code is (a commit)")
    ap.add_argument("--lock", default="", help="hold flock on this file during each measurement")
    ap.add_argument("--json", action="store_true")
    ap.add_argument("--save", action="store_true", help="append a row to benchmarks/results/build.jsonl")
    ap.add_argument("--note", default="", help="with --save: what the row is")
    a = ap.parse_args()
    rows = []
    order: tuple[bool | None, ...] = ((None,) if a.baseline else ()) + (True, False)
    for i in range(a.rounds):
        for pure in (order if i % 2 == 0 else order[::-1]):
            r = once(pure, a)
            rows.append(r)
            if not a.json:
                parts = [f"{k} {v['cpu_s']:.2f} CPU s / {v['wall_s']:.2f} s wall" for k, v in r.items()
                         if isinstance(v, dict)]
                print(f"round {i + 1} {r['mode']:8} (load {r['load']:.2f}): " + "; ".join(parts), flush=True)
    summary = {}
    for kind in ("greedy", "random", "search", "compare"):
        by = {m: [r[kind] for r in rows if r["mode"] == m and kind in r] for m in ("source", "compiled")}
        if not by["source"] or not by["compiled"]:
            continue
        digests = {r["digest"] for m in by for r in by[m]}
        if len(digests) != 1:
            raise SystemExit(f"{kind}: the modes played different games: {digests}")
        base = [r[kind] for r in rows if r["mode"] == "baseline" and kind in r]
        if base:
            by["baseline"] = base
        s = sum(r["cpu_s"] for r in by["source"]) / len(by["source"])
        c = sum(r["cpu_s"] for r in by["compiled"]) / len(by["compiled"])
        summary[kind] = {m: {"cpu_s": [round(r["cpu_s"], 2) for r in by[m]],
                             "wall_s": [round(r["wall_s"], 2) for r in by[m]]} for m in by}
        summary[kind]["compiled_vs_source_cpu"] = round((c - s) / s, 3)
        if base:
            b = sum(r["cpu_s"] for r in base) / len(base)
            summary[kind]["baseline"]["code"] = a.baseline_label
            summary[kind]["baseline"]["same_games"] = all(r["digest"] in digests for r in base)
            summary[kind]["compiled_vs_baseline_cpu"] = round((c - b) / b, 3)
        if kind == "search":
            for m in by:
                summary[kind][m]["think_median_s"] = [round(r["think_median_s"], 4) for r in by[m]]
                summary[kind][m]["think_mean_s"] = [round(r["think_mean_s"], 4) for r in by[m]]
        if not a.json:
            print(f"{kind}: source {s:.2f} CPU s, compiled {c:.2f} CPU s (mean of {len(by['source'])}): "
                  f"{100 * (c - s) / s:+.0f}%, same games"
                  + (f"; {a.baseline_label} {b:.2f} CPU s (compiled {100 * (c - b) / b:+.0f}%"
                     f"{', same games' if summary[kind]['baseline']['same_games'] else ', other games'})"
                     if base else ""))
    if a.json:
        print(json.dumps(rows, indent=1))
    if a.save:
        import datetime
        import platform
        here = os.path.dirname(os.path.abspath(__file__))
        code = subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=here, capture_output=True,
                              text=True).stdout.strip()
        row = {"date": datetime.date.today().isoformat(),
               "time_utc": datetime.datetime.now(datetime.timezone.utc).strftime("%H:%M"),
               "code": code, "python": platform.python_version(), "game": a.game, "players": a.players,
               "games": {"greedy": a.greedy, "random": a.random, "search": a.search, "compare_per_variant": a.compare},
               "rounds": a.rounds, "lock": bool(a.lock), "clock": "CPU s of the process (compare: with its 2 workers), and wall s",
               "load_before": [r["load"] for r in rows], "load_after": list(os.getloadavg()),
               "results": summary, "note": a.note}
        with open(os.path.join(here, "results", "build.jsonl"), "a") as f:
            f.write(json.dumps(row) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
