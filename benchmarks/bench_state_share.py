"""How much of a game's CPU goes to making its records (states and actions): the most that
declaring them as compiled classes could save.

    python benchmarks/bench_state_share.py [--games 200] [--game NAME ...] [--json] [--save]

``bench_records.py`` shows that only a plain class with its own ``__init__`` is made by
compiled code, several times faster than a ``state_record``. Whether that is worth
redeclaring every record depends on how much of a game making records is. For each game
(4 players, greedy bots, played as ``compare_rules`` plays them, in this one process):

1. the CPU time per game, the records untouched;
2. how many records of each class a game makes: the calls of the ``__init__`` (or a
   NamedTuple's ``__new__``) of every record class of the game's ``state`` module (its
   state records and its actions), counted by a profile function over a second run of the
   same games;
3. what one construction of each class costs, ``cls(*fields)`` with the fields of a record
   the games made, timed from Python (best of 5 x 20,000, CPU time).

The share is the sum over classes of count x cost, over the CPU per game. It is an upper
bound of what compiled construction would save: a compiled ``__init__`` still costs
something (44 ns for four fields in ``bench_records.py``), and the call from the compiled
sections costs less than one from Python. ``--save`` appends a row to
``benchmarks/results/build.jsonl`` (kind "record share").
"""
from __future__ import annotations

import argparse
import dataclasses
import datetime
import importlib
import json
import os
import subprocess
import sys
import time
import timeit
from collections import Counter

import tabletop_nb as tt
from tabletop_nb import native
from tabletop_nb.core.draft import fields_of


def _record_classes(game: str) -> list[type]:
    """The game's record classes: the dataclasses and NamedTuples its state module defines."""
    mod = importlib.import_module(f"tabletop_nb.games.{game}.state")
    found = []
    for obj in vars(mod).values():
        if isinstance(obj, type) and obj.__module__ == mod.__name__:
            if dataclasses.is_dataclass(obj) or (issubclass(obj, tuple) and hasattr(obj, "_fields")):
                found.append(obj)
    return found


def _fields(rec) -> tuple:
    """The record's constructor arguments, in order (as the working copy reads them)."""
    return tuple(getattr(rec, name) for name in fields_of(type(rec)))


def _play(base, games: int) -> float:
    t = time.process_time()
    tt.compare_rules({"base": base}, bots="greedy", games=games, seed=1, progress=False, executor="serial")
    return time.process_time() - t


def measure(game: str, games: int) -> dict:
    base = tt.load_game(game, players=4)
    _play(base, 3)  # imports and caches made once per process
    cpu = _play(base, games)

    # count through a profile function, which changes no class (a class whose __init__ is
    # swapped and put back is made more slowly afterwards on 3.11, which would skew step 3)
    counts: Counter = Counter()
    sample: dict = {}
    code_of = {}
    for cls in _record_classes(game):
        maker = cls.__dict__.get("__new__" if issubclass(cls, tuple) else "__init__")
        code = getattr(getattr(maker, "__func__", maker), "__code__", None)  # __new__: a staticmethod
        if code is not None:
            code_of[code] = cls

    def count(frame, event, arg):
        if event == "return":
            cls = code_of.get(frame.f_code)
            if cls is not None:
                counts[cls] += 1
                if cls not in sample:
                    sample[cls] = arg if issubclass(cls, tuple) else frame.f_locals["self"]

    sys.setprofile(count)
    try:
        _play(base, games)
    finally:
        sys.setprofile(None)

    per_class = {}
    total_ns = 0.0
    for cls, n in counts.most_common():
        values = _fields(sample[cls])
        ns = min(timeit.repeat(lambda c=cls, v=values: c(*v), number=20_000, repeat=5,
                               timer=time.process_time)) / 20_000 * 1e9
        per_class[cls.__name__] = {"per_game": round(n / games, 1), "fields": len(values), "ns": round(ns, 1)}
        total_ns += n / games * ns
    cpu_per_game = cpu / games
    return {"cpu_ms_per_game": round(cpu_per_game * 1e3, 3),
            "records_per_game": round(sum(counts.values()) / games, 1),
            "making_records_ms_per_game": round(total_ns / 1e6, 3),
            "share": round(total_ns / 1e9 / cpu_per_game, 4),
            "classes": per_class}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=200)
    ap.add_argument("--game", nargs="*", default=["pacal", "pebble_rock", "neko"])
    ap.add_argument("--json", action="store_true")
    ap.add_argument("--save", action="store_true", help="append a row to benchmarks/results/build.jsonl")
    a = ap.parse_args()
    load = [round(x, 2) for x in os.getloadavg()]
    results = {g: measure(g, a.games) for g in a.game}
    here = os.path.dirname(os.path.abspath(__file__))
    code = subprocess.run(["git", "rev-parse", "--short", "HEAD"], capture_output=True, text=True, cwd=here).stdout.strip()
    row = {"date": datetime.date.today().isoformat(), "time_utc": time.strftime("%H:%M", time.gmtime()),
           "kind": "record share", "code": code, "python": sys.version.split()[0], "mode": native.MODE,
           "players": 4, "bots": "greedy", "games": a.games, "load_before": load,
           "clock": "CPU s of this process; a construction timed from Python, best of 5 x 20,000",
           "results": results}
    if a.json:
        print(json.dumps(row, indent=1))
    else:
        for g, r in results.items():
            print(f"{g}: {r['cpu_ms_per_game']} ms per game, {r['records_per_game']} records made, "
                  f"{r['making_records_ms_per_game']} ms making them ({100 * r['share']:.1f}%)")
            for name, c in list(r["classes"].items())[:6]:
                print(f"    {name}: {c['per_game']} per game, {c['fields']} fields, {c['ns']} ns")
    if a.save:
        with open(os.path.join(here, "results", "build.jsonl"), "a") as f:
            f.write(json.dumps(row) + "\n")


if __name__ == "__main__":
    main()
