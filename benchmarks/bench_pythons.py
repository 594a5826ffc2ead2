"""Engine throughput on two (or more) Python versions, side by side in one window.

    python benchmarks/bench_pythons.py --python /path/to/python3.13 [--python ...]
                                       [--seconds 2] [--rounds 3] [--json]

Runs ``python -m tabletop_nb bench --json`` (random playouts of every game, CPU time) under
this interpreter and each ``--python`` in turn, ``--rounds`` times, alternating, so that
other work on the machine falls on all of them alike; each interpreter must have this
checkout installed (``pip install -e .`` in its own environment). Prints, per game, the
median actions per second of each interpreter and the ratio to the first, and appends a row
to ``benchmarks/results/pythons.jsonl`` (with ``--save``).
"""
from __future__ import annotations

import argparse
import datetime
import json
import os
import statistics
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def version_of(python: str) -> str:
    out = subprocess.run([python, "-c", "import platform; print(platform.python_version())"],
                         capture_output=True, text=True, check=True)
    return out.stdout.strip()


def bench_once(python: str, seconds: float) -> dict:
    out = subprocess.run([python, "-m", "tabletop_nb", "bench", "--json", "--seconds", str(seconds)],
                         capture_output=True, text=True, check=True, cwd=ROOT)
    return {g["game"]: g["actions_per_s"] for g in json.loads(out.stdout)["games"]}


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--python", action="append", default=[], help="another interpreter")
    ap.add_argument("--seconds", type=float, default=2.0, help="seconds per game per run")
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--json", action="store_true")
    ap.add_argument("--save", action="store_true", help="append to benchmarks/results/pythons.jsonl")
    a = ap.parse_args(argv)
    pythons = [sys.executable] + a.python
    versions = [version_of(p) for p in pythons]
    runs: dict[str, list[dict]] = {v: [] for v in versions}
    load_before = [round(x, 2) for x in os.getloadavg()]
    for _ in range(a.rounds):
        for p, v in zip(pythons, versions):
            runs[v].append(bench_once(p, a.seconds))
    games = sorted(runs[versions[0]][0])
    table = {g: {v: round(statistics.median(r[g] for r in runs[v])) for v in versions} for g in games}
    report = {"date": datetime.date.today().isoformat(),
              "code": subprocess.run(["git", "rev-parse", "--short", "HEAD"], capture_output=True,
                                     text=True, cwd=ROOT).stdout.strip(),
              "clock": "process CPU time", "seconds_per_game": a.seconds, "rounds": a.rounds,
              "load_average_before": load_before,
              "load_average_after": [round(x, 2) for x in os.getloadavg()],
              "actions_per_s_median": table,
              "ratio_to_first": {g: {v: round(t[v] / t[versions[0]], 3) for v in versions}
                                 for g, t in table.items()}}
    if a.json:
        print(json.dumps(report, indent=1))
    else:
        print(f"{'game':<14}" + "".join(f"{'Python ' + v:>18}" for v in versions) + "   ratio")
        for g, t in table.items():
            ratio = " ".join(f"{t[v] / t[versions[0]]:.2f}" for v in versions[1:])
            print(f"{g:<14}" + "".join(f"{t[v]:>18,}" for v in versions) + f"   {ratio}")
        print(f"(actions per second, median of {a.rounds} runs of {a.seconds:g} s each, alternated; "
              f"load {report['load_average_before']} -> {report['load_average_after']})")
    if a.save:
        with open(ROOT / "benchmarks" / "results" / "pythons.jsonl", "a") as f:
            f.write(json.dumps(report) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
