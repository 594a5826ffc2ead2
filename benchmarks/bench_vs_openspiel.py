"""Random playouts per action: our engines and OpenSpiel's, side by side in one run.

    python benchmarks/bench_vs_openspiel.py [--seconds 3] [--rounds 3] [--json]

One driver plays every engine: at a chance node it samples an outcome, at a decision it
takes a uniformly random legal action, and it counts both as actions. For our games it
calls ``current_player``, ``sample_chance``, ``legal_actions`` and ``apply_trusted`` (what
the runner's random bot does); for OpenSpiel ``is_terminal``, ``is_chance_node``,
``chance_outcomes`` (sampled by the same cumulative draw), ``legal_actions`` and
``apply_action``. Engines take turns for ``--seconds`` of this process's CPU time each
(``time.process_time``: other work on the machine slows the wall clock, not the figure),
``--rounds`` times, so what load remains falls on all of them alike; the load average is
printed before and after. OpenSpiel (``pip install -e ".[bench]"``) is required: without it the
script says so and exits with status 2.

For reference it also prints our runner's own loop (``play_state``, the loop ``simulate``
runs) for each of our games.
"""
from __future__ import annotations

import argparse
import json
import os
import sys
import time

import numpy as np

OPENSPIEL_GAMES = ("python_block_dominoes", "python_liars_poker", "backgammon")


class Ours:
    def __init__(self, name: str):
        import tabletop_nb as tt
        from tabletop_nb.core.protocol import CHANCE, TERMINAL
        self.game = tt.load_game(name)
        self.label = f"{name} ({self.game.num_players}p)"
        self.CHANCE, self.TERMINAL = CHANCE, TERMINAL

    def playout(self, rng) -> int:
        g = self.game
        current, legal_actions, sample, apply = g.current_player, g.legal_actions, g.sample_chance, g.apply_trusted
        CHANCE, TERMINAL = self.CHANCE, self.TERMINAL
        s = g.initial_state()
        n = 0
        while True:
            p = current(s)
            if p == TERMINAL:
                return n
            if p == CHANCE:
                a = sample(s, rng)
            else:
                legal = legal_actions(s)
                a = legal[int(rng.random() * len(legal))]
            s = apply(s, a)
            n += 1


class Spiel:
    def __init__(self, name: str, pyspiel):
        self.game = pyspiel.load_game(name)
        self.label = f"openspiel {name} ({self.game.num_players()}p)"

    def playout(self, rng) -> int:
        s = self.game.new_initial_state()
        n = 0
        while not s.is_terminal():
            if s.is_chance_node():
                r, acc = rng.random(), 0.0
                outcomes = s.chance_outcomes()
                a = outcomes[-1][0]
                for o, p in outcomes:
                    acc += p
                    if r < acc:
                        a = o
                        break
            else:
                legal = s.legal_actions()
                a = legal[int(rng.random() * len(legal))]
            s.apply_action(a)
            n += 1
        return n


def drive(engine, seconds: float, seed: int) -> tuple[int, int, float]:
    """Play random games for about ``seconds``: (games, actions, elapsed)."""
    rng = np.random.default_rng(seed)
    games = actions = 0
    t0 = time.process_time()
    while True:
        actions += engine.playout(rng)
        games += 1
        elapsed = time.process_time() - t0
        if elapsed >= seconds and games >= 3:
            return games, actions, elapsed


def runner_loop(name: str, seconds: float) -> float:
    """Actions per second of the runner's own loop (play_state with the random bot)."""
    import tabletop_nb as tt
    from tabletop_nb.core.runner import play_state
    game = tt.load_game(name)
    actions, t0, i = 0, time.process_time(), 0
    while True:
        out = play_state(game, "random", np.random.SeedSequence(1, spawn_key=(i,)), keep_actions=False)
        actions += out.decisions + out.chance
        i += 1
        el = time.process_time() - t0
        if el >= seconds and i >= 3:
            return actions / el


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seconds", type=float, default=3.0, help="seconds per engine per round")
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--json", action="store_true")
    ap.add_argument("--save", action="store_true", help="append the report to benchmarks/results/openspiel.jsonl")
    ap.add_argument("--note", default="", help="with --save: what the row is")
    ap.add_argument("--code", default="", help="with --save: the code measured (default: this tree's commit; "
                    "give it when an interpreter with an older tree's package runs this script)")
    a = ap.parse_args()
    try:
        import pyspiel
        import open_spiel.python.games  # noqa: F401  (registers the python_* games)
    except ImportError as e:
        print(f"OpenSpiel is not installed ({e}); install the bench extra: pip install -e \".[bench]\"",
              file=sys.stderr)
        return 2
    import tabletop_nb as tt

    load_before = os.getloadavg()
    ours = [Ours(n) for n in tt.list_games()]
    theirs = [Spiel(n, pyspiel) for n in OPENSPIEL_GAMES]
    engines = ours + theirs
    totals = {e.label: [0, 0, 0.0] for e in engines}
    for r in range(a.rounds):
        for k, e in enumerate(engines):
            g, n, el = drive(e, a.seconds, seed=1000 * r + k)
            t = totals[e.label]
            t[0] += g
            t[1] += n
            t[2] += el
    rate = {k: v[1] / v[2] for k, v in totals.items()}
    runner = {e.label: runner_loop(e.game.name, a.seconds) for e in ours}
    load_after = os.getloadavg()
    try:
        from tabletop_nb import native
        mode, describe = native.MODE, native.describe()
    except ImportError:  # a tree older than the compiled build (--code names it)
        mode, describe = "before the compiled build", f"tabletop_nb {tt.__file__}"
    report = {
        "mode": mode, "python": sys.version.split()[0],
        "load_average_before": [round(x, 2) for x in load_before],
        "load_average_after": [round(x, 2) for x in load_after],
        "cores": os.cpu_count(), "clock": "process CPU time", "seconds_per_engine": a.seconds * a.rounds,
        "engines": [{"engine": k, "games": v[0], "actions": v[1], "seconds": round(v[2], 2),
                     "actions_per_s": round(rate[k]), "runner_loop_actions_per_s":
                     round(runner[k]) if k in runner else None} for k, v in totals.items()],
        "ratios": {o.label: {t.label: round(rate[o.label] / rate[t.label], 2) for t in theirs} for o in ours},
    }
    if a.save:
        import datetime
        import subprocess
        here = os.path.dirname(os.path.abspath(__file__))
        code = a.code or subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=here,
                                        capture_output=True, text=True).stdout.strip()
        now = datetime.datetime.now(datetime.timezone.utc)
        row = {"date": now.date().isoformat(), "time_utc": now.strftime("%H:%M"), "code": code,
               "note": a.note, **report}
        with open(os.path.join(here, "results", "openspiel.jsonl"), "a") as f:
            f.write(json.dumps(row) + "\n")
    if a.json:
        print(json.dumps(report, indent=1))
        return 0
    print(f"{describe}; Python {report['python']}")
    print(f"load average {report['load_average_before']} before, {report['load_average_after']} after "
          f"({report['cores']} cores); {a.rounds} rounds of {a.seconds} s of CPU time per engine, alternating")
    print(f"{'engine':40} {'games':>7} {'actions':>9} {'actions/s':>10} {'runner loop/s':>14}")
    for e in report["engines"]:
        rl = e["runner_loop_actions_per_s"]
        print(f"{e['engine']:40} {e['games']:>7} {e['actions']:>9} {e['actions_per_s']:>10} "
              f"{rl if rl is not None else '':>14}")
    print()
    print("ratio of our actions/s to OpenSpiel's (same driver, >1 = we are faster):")
    print(f"{'':22}" + "".join(f"{t.label.split(' ')[1]:>24}" for t in theirs))
    for o in ours:
        print(f"{o.label:22}" + "".join(f"{report['ratios'][o.label][t.label]:>24.2f}" for t in theirs))
    return 0


if __name__ == "__main__":
    sys.exit(main())
