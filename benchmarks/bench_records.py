"""What a state record costs to make and to read from compiled code, by how it is declared.

    python benchmarks/bench_records.py [--n 200000] [--repeat 5] [--json] [--save]

The engines' states are ``draft.state_record`` classes (slots dataclasses, interpreted) read
by the compiled sections. This compiles a small module with mypyc (into a temporary folder,
with the same ``opt_level`` as setup.py) holding the same four-field record declared three
ways, and times, from compiled loops, making one record (and reading two of its fields) and
reading three fields of one record:

- ``state_record``: ``@draft.state_record`` in an interpreted module, as the engines have it;
- ``mypyc dataclass``: ``@dataclass(eq=True, unsafe_hash=True)`` in the compiled module (a
  native class whose ``__init__`` is written by ``dataclasses``, so interpreted);
- ``native class``: a plain class with its own ``__init__`` in the compiled module.

Times are the best of ``--repeat`` runs of ``--n`` records (CPU time of this process), in
nanoseconds per record. ``--save`` appends a row to ``benchmarks/results/build.jsonl``.
"""
from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import textwrap

INTERPRETED = '''
from tabletop_nb.core.draft import state_record


@state_record
class Rec:
    a: int
    b: int
    c: tuple
    d: int
'''

COMPILED = '''
from dataclasses import dataclass

from interp_rec import Rec


@dataclass(eq=True, unsafe_hash=True)
class DataRec:
    a: int
    b: int
    c: tuple
    d: int


class NativeRec:
    a: int
    b: int
    c: tuple
    d: int

    def __init__(self, a: int, b: int, c: tuple, d: int) -> None:
        self.a = a
        self.b = b
        self.c = c
        self.d = d
'''

# mypyc does not follow the interpreted module (so ``Rec`` is untyped to it, read and called
# through the generic protocol as the compiled sections read and make an engine's states)
MYPY_INI = '''
[mypy]
[mypy-interp_rec]
follow_imports = skip
'''

# one maker and one reader per declaration, each typed with its class (so that mypyc compiles
# its own construction and field reads)
LOOPS = '''

def make_{kind}(n: int) -> int:
    t = 0
    for i in range(n):
        r = {cls}(i, 2, (), 4)
        t += r.a + r.b
    return t


def read_{kind}(r: {cls}, n: int) -> int:
    t = 0
    for _ in range(n):
        t += r.a + r.b + r.d
    return t
'''
KINDS = (("state_record", "Rec"), ("dataclass", "DataRec"), ("native", "NativeRec"))
COMPILED += "".join(LOOPS.format(kind=kind, cls=cls) for kind, cls in KINDS)

SETUP = '''
from setuptools import setup
from mypyc.build import mypycify
setup(name="bench_records", ext_modules=mypycify(["comp_rec.py"], opt_level="3"))
'''

MEASURE = '''
import json, sys, time
import comp_rec, interp_rec
n, repeat = int(sys.argv[1]), int(sys.argv[2])
def best(f, *args):
    out = []
    for _ in range(repeat):
        c = time.process_time()
        f(*args)
        out.append(time.process_time() - c)
    return min(out) / n * 1e9
rows = {}
for kind, make, read, rec in (
        ("state_record", comp_rec.make_state_record, comp_rec.read_state_record, interp_rec.Rec(1, 2, (), 3)),
        ("mypyc dataclass", comp_rec.make_dataclass, comp_rec.read_dataclass, comp_rec.DataRec(1, 2, (), 3)),
        ("native class", comp_rec.make_native, comp_rec.read_native, comp_rec.NativeRec(1, 2, (), 3))):
    rows[kind] = {"make_and_read_2_ns": round(best(make, n), 1), "read_3_fields_ns": round(best(read, rec, n), 1),
                  "init_is_compiled": type(type(rec).__init__).__name__ != "function"}
print(json.dumps(rows))
'''


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--n", type=int, default=200_000, help="records per run")
    ap.add_argument("--repeat", type=int, default=5, help="runs per measure (the best is kept)")
    ap.add_argument("--json", action="store_true")
    ap.add_argument("--save", action="store_true", help="append a row to benchmarks/results/build.jsonl")
    a = ap.parse_args()
    here = os.path.dirname(os.path.abspath(__file__))
    with tempfile.TemporaryDirectory() as tmp:
        for name, text in (("interp_rec.py", INTERPRETED), ("comp_rec.py", COMPILED), ("setup.py", SETUP),
                           ("mypy.ini", MYPY_INI)):
            with open(os.path.join(tmp, name), "w") as f:
                f.write(textwrap.dedent(text))
        env = dict(os.environ, PYTHONPATH=tmp)
        build = subprocess.run([sys.executable, "setup.py", "build_ext", "--inplace"], cwd=tmp, env=env,
                               capture_output=True, text=True)
        if build.returncode:
            raise SystemExit(f"mypyc could not build the records module:\n{(build.stdout + build.stderr)[-3000:]}")
        load = os.getloadavg()
        r = subprocess.run([sys.executable, "-c", MEASURE, str(a.n), str(a.repeat)], cwd=tmp, env=env,
                           capture_output=True, text=True)
        if r.returncode:
            raise SystemExit(r.stderr[-3000:])
        rows = json.loads(r.stdout.strip().splitlines()[-1])
    report = {"kind": "state records", "python": sys.version.split()[0], "n": a.n, "repeat": a.repeat,
              "clock": "CPU ns per record, best of the runs, compiled loops (mypyc opt_level 3)",
              "load_before": [round(x, 2) for x in load], "results": rows}
    if a.json:
        print(json.dumps(report, indent=1))
    else:
        print(f"Python {report['python']}, load {report['load_before']}; ns per record (best of {a.repeat})")
        print(f"{'declared as':<18}{'make + read 2':>15}{'read 3 fields':>15}  __init__")
        for kind, v in rows.items():
            print(f"{kind:<18}{v['make_and_read_2_ns']:>15}{v['read_3_fields_ns']:>15}  "
                  f"{'compiled' if v['init_is_compiled'] else 'interpreted'}")
    if a.save:
        import datetime
        now = datetime.datetime.now(datetime.timezone.utc)
        report = {"date": now.strftime("%Y-%m-%d"), "time_utc": now.strftime("%H:%M"), **report}
        with open(os.path.join(here, "results", "build.jsonl"), "a") as f:
            f.write(json.dumps(report) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
