"""Run the whole fuzz suite (tests/fuzz) with more examples and count the cases.

    python benchmarks/fuzz.py --examples 2000 [--timeout 900] [-k pattern]

Every generated bad input is one case, counted by the suite's ``fuzz_case`` fixture under
its class (actions, rules, records, widgets, cli, interrupts). "Got through" counts the
cases where the code under test did the wrong thing (accepted a bad input, raised the
wrong error, or changed a state); hypothesis re-runs a failing case while shrinking it, so
one real failure may count a few times. Prints a table and exits with pytest's code.
"""
from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
CLASSES = ("actions", "rules", "records", "widgets", "cli", "interrupts")


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--examples", type=int, default=200, help="hypothesis examples per property")
    p.add_argument("--timeout", type=float, default=900, help="stop the run after this many seconds")
    p.add_argument("-k", default=None, help="only tests matching this pytest -k expression")
    args = p.parse_args(argv)
    if args.examples < 1 or not 0 < args.timeout < 1e6:
        p.error("--examples must be at least 1 and --timeout positive")
    with tempfile.TemporaryDirectory() as tmp:
        report = os.path.join(tmp, "counts.json")
        env = dict(os.environ, TABLETOP_FUZZ_EXAMPLES=str(args.examples), TABLETOP_FUZZ_REPORT=report)
        cmd = [sys.executable, "-m", "pytest", os.path.join(ROOT, "tests", "fuzz"), "-q",
               "-p", "no:cacheprovider", "--timeout", str(int(args.timeout))]
        if args.k:
            cmd += ["-k", args.k]
        t0 = time.perf_counter()
        try:
            proc = subprocess.run(cmd, cwd=ROOT, env=env, timeout=args.timeout + 60,
                                  capture_output=True, text=True)
            code, tail = proc.returncode, (proc.stdout + proc.stderr).strip().splitlines()[-3:]
        except subprocess.TimeoutExpired:
            code, tail = 124, [f"stopped after {args.timeout:.0f} s"]
        elapsed = time.perf_counter() - t0
        counts = json.load(open(report)) if os.path.exists(report) else {}
    print(f"fuzz suite, {args.examples} examples per property, {elapsed:.0f} s; pytest: {' / '.join(tail)}")
    print(f"{'class':<12} {'cases tried':>12} {'got through':>12}")
    for k in CLASSES + tuple(sorted(set(counts) - set(CLASSES))):
        tried, through = counts.get(k, [0, 0])
        print(f"{k:<12} {tried:>12,} {through:>12,}")
    return code


if __name__ == "__main__":
    sys.exit(main())
