"""Engine throughput on two (or more) Python versions, side by side in one window.

    python benchmarks/bench_pythons.py --python /path/to/python3.13 [--python ...]
                                       [--seconds 2] [--rounds 3] [--both-modes] [--json] [--save]

Runs ``python -m tabletop_nb bench --json`` (random playouts of every game, CPU time) under
this interpreter and each ``--python`` in turn, ``--rounds`` times, alternating, so that
other work on the machine falls on all of them alike; each interpreter must have this
checkout installed (``pip install -e .`` in its own environment). With ``--both-modes`` each
interpreter runs the Python source and its compiled build (``TABLETOP_PURE=1`` / ``0``; every
round reverses the order). Prints, per game, the
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


def bench_once(python: str, seconds: float, pure: str | None = None) -> dict:
    """One run of ``python -m tabletop_nb bench``; ``pure`` sets TABLETOP_PURE ("1": the
    Python source, "0": the compiled modules; None: as the environment has it)."""
    env = dict(os.environ) if pure is None else dict(os.environ, TABLETOP_PURE=pure)
    out = subprocess.run([python, "-m", "tabletop_nb", "bench", "--json", "--seconds", str(seconds)],
                         capture_output=True, text=True, check=True, cwd=ROOT, env=env)
    return {g["game"]: g["actions_per_s"] for g in json.loads(out.stdout)["games"]}


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--python", action="append", default=[], help="another interpreter")
    ap.add_argument("--seconds", type=float, default=2.0, help="seconds per game per run")
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--json", action="store_true")
    ap.add_argument("--save", action="store_true", help="append to benchmarks/results/pythons.jsonl")
    ap.add_argument("--both-modes", action="store_true",
                    help="each interpreter on the Python source and on its compiled build (TABLETOP_PURE=1 / 0)")
    ap.add_argument("--note", default="", help="with --save: what the row is")
    a = ap.parse_args(argv)
    pythons = [sys.executable] + a.python
    modes: list[tuple[str | None, str]] = [("1", " source"), ("0", " compiled")] if a.both_modes else [(None, "")]
    runners = [(p, pure, version_of(p) + label) for p in pythons for pure, label in modes]
    versions = [v for _, _, v in runners]
    runs: dict[str, list[dict]] = {v: [] for v in versions}
    load_before = [round(x, 2) for x in os.getloadavg()]
    for r in range(a.rounds):
        for p, pure, v in (runners if r % 2 == 0 else runners[::-1]):
            runs[v].append(bench_once(p, a.seconds, pure))
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
                                 for g, t in table.items()},
              "note": a.note}
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
