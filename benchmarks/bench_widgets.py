"""GameApp latency and board size, for every registered game.

Measures, per game (bots in every seat, seeded):

- the median (and 90th percentile, max) server-side time of one ``app.step()``: the
  bot's move or the roll, the board figure updated in place from ``view.layers``, the
  score chart, the summary, the log and every other widget, and the JSON encoding of
  every widget message a kernel would send (a comm that serialises what it is given);
- the median time of ``app.choose(...)`` for a human seat (it also rebuilds the buttons);
- the size of the board figure's JSON (the largest over states sampled along the games);
- the bytes of widget messages one step sends.

Targets (the issue): a step under 30 ms and a board under 100 KB for every game.

    python benchmarks/bench_widgets.py [--steps 200] [--seed 1] [--games pacal neko] [--with-toy]
"""
from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import time

import comm

STEP_TARGET_MS = 30.0
BOARD_TARGET_BYTES = 100_000


class SerialisingComm(comm.DummyComm):
    """A comm that does the kernel's share of sending: JSON-encode every message."""

    sent_bytes = 0
    messages = 0

    def publish_msg(self, msg_type, data=None, metadata=None, buffers=None, **keys):
        text = json.dumps({"data": data, "comm_id": self.comm_id, **keys}, default=str)
        SerialisingComm.sent_bytes += len(text) + sum(len(memoryview(b).cast("B")) for b in buffers or ())
        SerialisingComm.messages += 1


def _install_comm() -> None:
    comm.create_comm = lambda *a, **k: SerialisingComm(*a, **k)


def _pct(xs, q):
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(q * len(xs)))]


def bench_game(name: str, steps: int, seed: int) -> dict:
    import tabletop_nb
    from tabletop_nb import CHANCE
    from tabletop_nb.widgets import GameApp

    game = tabletop_nb.load_game(name)
    t0 = time.perf_counter()
    app = GameApp(game, seats="random", seed=seed)
    build_ms = (time.perf_counter() - t0) * 1000
    view = app.view.name
    boards = [len(app.board.to_json())]
    step_ms, sent = [], []
    games = 1
    warm = 5
    while len(step_ms) < steps:
        if game.is_terminal(app.state):
            boards.append(len(app.board.to_json()))
            games += 1
            app = GameApp(game, seats="random", seed=seed + games)
        b0 = SerialisingComm.sent_bytes
        t = time.perf_counter()
        ok = app.step()
        dt = (time.perf_counter() - t) * 1000
        if not ok:
            raise RuntimeError(f"{name}: step refused: {app.message}")
        if warm:
            warm -= 1
            continue
        step_ms.append(dt)
        sent.append(SerialisingComm.sent_bytes - b0)
        if len(step_ms) % 25 == 0:
            boards.append(len(app.board.to_json()))
    boards.append(len(app.board.to_json()))

    # a person's decisions: choose() also builds fresh action buttons
    choose_ms = []
    happ = GameApp(game, seats=["human"] + ["random"] * (game.num_players - 1), seed=seed)
    guard = 0
    while len(choose_ms) < max(20, steps // 5) and guard < 20 * steps:
        guard += 1
        s = happ.state
        if game.is_terminal(s):
            happ = GameApp(game, seats=["human"] + ["random"] * (game.num_players - 1), seed=seed + guard)
            continue
        p = game.current_player(s)
        if p == 0:
            legal = game.legal_actions(s)
            t = time.perf_counter()
            ok = happ.choose(legal[guard % len(legal)])
            choose_ms.append((time.perf_counter() - t) * 1000)
            assert ok, happ.message
        else:
            happ.step() if p != CHANCE else happ.roll()
    return {"game": name, "players": game.num_players, "view": view, "steps": len(step_ms),
            "games": games, "build_ms": round(build_ms, 1),
            "step_median_ms": round(statistics.median(step_ms), 2),
            "step_p90_ms": round(_pct(step_ms, 0.9), 2), "step_max_ms": round(max(step_ms), 2),
            "choose_median_ms": round(statistics.median(choose_ms), 2) if choose_ms else None,
            "board_json_bytes_max": max(boards), "board_json_bytes_initial": boards[0],
            "sent_bytes_median": int(statistics.median(sent)),
            "ok": statistics.median(step_ms) < STEP_TARGET_MS and max(boards) < BOARD_TARGET_BYTES}


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--steps", type=int, default=200, help="timed steps per game")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--games", nargs="*", help="games to measure (default: every registered game)")
    ap.add_argument("--with-toy", action="store_true", help="also the test-only toy game (tests/toygame.py)")
    ap.add_argument("--json", help="also write the results to this file")
    args = ap.parse_args(argv)

    _install_comm()
    import tabletop_nb
    from tabletop_nb.games import register_game
    if args.with_toy:
        sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "tests"))
        import toygame
        register_game("toy", toygame.load_game)
    names = args.games or tabletop_nb.list_games()
    rows = []
    for name in names:
        try:
            rows.append(bench_game(name, args.steps, args.seed))
        except Exception as e:  # a game in progress must not hide the others' numbers
            rows.append({"game": name, "error": f"{type(e).__name__}: {e}"})
    head = (f"{'game':<12} {'view':<34} {'step median':>11} {'p90':>7} {'max':>7} {'choose':>7} "
            f"{'board JSON':>11} {'sent/step':>9}  target")
    print(head)
    print("-" * len(head))
    for r in rows:
        if "error" in r:
            print(f"{r['game']:<12} ERROR {r['error']}")
            continue
        print(f"{r['game']:<12} {r['view']:<34} {r['step_median_ms']:>8.2f} ms {r['step_p90_ms']:>7.2f} "
              f"{r['step_max_ms']:>7.2f} {r['choose_median_ms'] or 0:>7.2f} "
              f"{r['board_json_bytes_max'] / 1000:>8.1f} KB {r['sent_bytes_median'] / 1000:>6.1f} KB  "
              f"{'ok' if r['ok'] else 'MISSED'}")
    print(f"targets: step median < {STEP_TARGET_MS:.0f} ms, board < {BOARD_TARGET_BYTES // 1000} KB; "
          f"{args.steps} timed steps per game (after 5 warm-up steps), seed {args.seed}")
    if args.json:
        with open(args.json, "w") as f:
            json.dump(rows, f, indent=1)
    return 0 if all(r.get("ok") for r in rows) else 1


if __name__ == "__main__":
    sys.exit(main())
