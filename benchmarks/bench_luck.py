"""Was it luck? (issue 41): the analysis measured.

Two measurements, each appended to ``benchmarks/results/luck.jsonl`` with ``--save``:

``--many`` (default): ``luck_and_skill`` over ``--games`` games of the skill ladder's
line-ups of ``--bots`` (random, greedy, search by default): each seat's mean luck with its
95% interval (it should cover 0), each bot's mean error per game, and the same errors
paired: for each two bots, the mean over the games where both played of the difference of
their errors in that game (the game's own length and difficulty cancel), with its 95%
interval. Every interval counts each ladder round (one seed, one deal) once. ``ordered``
says whether each bot's error is surely above the next one's (``--bots`` weakest first: the
paired interval of each neighbouring two lies above 0); ``measures`` gives the same for
each of ``MEASURES`` (the error in win chance and in points of lead, and the best found
where at least 2 alternatives are compared: with 1, only the reference and the chosen).
``--luck-table`` adds the same games' luck seen by the whole table; ``--raw`` keeps every
judged decision's values.
Also the share of results luck explains and the ladder's upset rate on the same games.
``--quick`` analyses luck only (no decision judged); ``--rollouts``/``--alternatives``
set the accuracy of the error (default: the analysis's default, 8 and 3).
``--eval-seed E`` draws the rollouts' seeds from ``E``, apart from the games' (block ``b``:
``SeedSequence(E, spawn_key=(b,))``): the same games analysed again on other worlds.

``--noise``: ``--games`` games analysed (quick) on ``--seeds`` evaluator seeds each: how far
a game's luck total moves when only the rollout worlds change, beside ``luck_se``.

``--time``: one 4-player game of each game analysed at the default accuracy and at the
quick (classroom) setting: wall seconds, CPU seconds of this process and its workers, and
the load average before and after (the machine may be shared: read the time with the load).
``two_cores_s`` is what the analysis would take on two idle cores, from CPU seconds: the
same analysis run once more serially, each estimate's CPU time taken, and the estimates
dealt in the analysis's own chunks to two workers as they come free (the longer worker's
sum, plus the set-up before the first estimate); ``serial_cpu_s`` is that serial run's CPU
seconds and ``workers_cpu_s`` the worker processes' part of ``cpu_s`` (0 where the analysis
ran in this process), so the two ways of running it can be compared in CPU.

    python benchmarks/bench_luck.py --game pacal --players 2 --games 200 --save
    python benchmarks/bench_luck.py --game pebble_rock --no-quick --games 200 --save
    python benchmarks/bench_luck.py --time --save
"""
from __future__ import annotations

import argparse
import json
import os
import resource
import time
from pathlib import Path

import numpy as np

import tabletop_nb as tt

RESULTS = Path(__file__).resolve().parent / "results" / "luck.jsonl"


def cpu_seconds() -> float:
    """CPU time of this process and of its finished children."""
    me = resource.getrusage(resource.RUSAGE_SELF)
    return me.ru_utime + me.ru_stime + workers_cpu()


def workers_cpu() -> float:
    """CPU time of this process's finished children (the analysis's worker processes)."""
    kids = resource.getrusage(resource.RUSAGE_CHILDREN)
    return kids.ru_utime + kids.ru_stime


#: the error measures a many-game row compares, by their column in the per-seat table:
#: ``error`` (win chance against the rollout bot's own choice), ``points_error`` (the same in
#: points of score lead) and ``missed`` (what the best action found would have added,
#: cross-fitted: GNU Backgammon's "best move minus chosen" with a weaker evaluator)
MEASURES = ("error", "points_error", "missed")


def paired_errors(table, bots: list[str], measure: str = "error") -> dict:
    """For each two bots, the mean per game of (first's ``measure`` - second's: an error,
    or the result or gain) over the games where both played (a bot in several seats: its
    seats' mean), with a 95% interval that counts each round's games (one seed, one deal)
    once (``dealt_ci``)."""
    import pandas as pd

    from tabletop_nb.lab.analyse import dealt_ci

    per_game = table.groupby(["game", "bot"])[measure].mean().unstack()
    deal = table.groupby("game")["round"].first() if "round" in table else None
    out = {}
    for i, a in enumerate(bots):
        for b in bots[i + 1:]:
            both = per_game[[a, b]].dropna() if a in per_game and b in per_game else per_game.iloc[:0]
            diff = pd.DataFrame({"d": both[a] - both[b]})
            if deal is not None:
                diff["round"] = deal.reindex(diff.index).to_numpy()
            est = dealt_ci(diff, "d")._replace(n=len(diff))  # n: the games paired
            out[f"{a}-{b}"] = [round(est.value, 4), round(est.low, 4), round(est.high, 4), int(est.n)]
    return out


def measures_of(alternatives: int) -> tuple[str, ...]:
    """The error measures a run can give: the best found needs at least one action
    compared besides the reference and the chosen one (``alternatives`` of 2 or more)."""
    return MEASURES if alternatives >= 2 else tuple(m for m in MEASURES if m != "missed")


def summarise(ls, bots: list[str], judged: bool, alternatives: int = 2) -> dict:
    """The figures of a LuckAndSkill (or of its table gathered over blocks)."""
    seats = {int(r.seat): [round(r.luck, 4), round(r.luck_low, 4), round(r.luck_high, 4)]
             for r in ls.by_seat.itertuples()}
    errors = {r.bot: [round(r.error, 4), round(r.error_low, 4), round(r.error_high, 4)]
              for r in ls.by_bot.itertuples()}
    luck_bot = {r.bot: [round(r.luck, 4), round(r.luck_low, 4), round(r.luck_high, 4)]
                for r in ls.by_bot.itertuples()}
    paired = paired_errors(ls.table, bots)
    # weakest first: each bot's error surely above the next one's (paired interval above 0)
    ordered = all(paired[f"{a}-{b}"][1] > 0 for a, b in zip(bots, bots[1:])) if judged else None
    out = {"games": int(ls.table.game.nunique()),
           "luck_by_seat": seats, "luck_covers_0": all(lo <= 0 <= hi for _, lo, hi in seats.values()),
           "luck_by_bot": luck_bot, "error_by_bot": errors, "error_paired": paired,
           "ordered": ordered, "luck_share": [round(x, 4) for x in ls.luck_share[:3]]}
    from tabletop_nb.lab.analyse import dealt_ci
    if judged:  # every measure of the error, each bot's mean and the paired differences
        measures = {}
        for m in measures_of(alternatives):
            if m not in ls.table:
                continue
            by_bot = {b: [round(e.value, 4), round(e.low, 4), round(e.high, 4)]
                      for b, g in ls.table.groupby("bot") for e in [dealt_ci(g, m)]}
            pm = paired_errors(ls.table, bots, m)
            measures[m] = {"by_bot": by_bot, "paired": pm,
                           "ordered": all(pm[f"{a}-{b}"][1] > 0 for a, b in zip(bots, bots[1:]))}
        out["measures"] = measures
    # what the bots won in the same games, beside what their errors say: each bot's mean
    # result (its win share) and gain (result minus its starting win chance), and the
    # same paired within games, as the errors are
    t = ls.table.assign(gain=ls.table.result - ls.table.start)
    for col in ("result", "gain"):
        out[f"{col}_by_bot"] = {b: [round(e.value, 4), round(e.low, 4), round(e.high, 4)]
                                for b, g in t.groupby("bot") for e in [dealt_ci(g, col)]}
        out[f"{col}_paired"] = paired_errors(t, bots, col)
    if "luck_table" in ls.table:  # the same games' luck seen by the whole table
        out["luck_table_by_seat"] = {
            int(s): [round(e.value, 4), round(e.low, 4), round(e.high, 4)]
            for s, g in ls.table.groupby("seat") for e in [dealt_ci(g, "luck_table")]}
    return out


def many(args) -> dict:
    import pandas as pd

    from tabletop_nb.lab.analyse import LuckAndSkill, _settings
    from tabletop_nb.lab.ladder import lineups

    game = tt.load_game(args.game, players=args.players)
    bots = args.bots.split(",")
    judged = not args.quick and (args.alternatives is None or args.alternatives > 0)
    n_alt = _settings(args.quick, args.rollouts, args.alternatives)[1]
    load0, t0, c0 = os.getloadavg(), time.time(), cpu_seconds()
    opts = dict(quick=args.quick, rollouts=args.rollouts, alternatives=args.alternatives,
                executor=args.executor, progress=True, luck_view=args.luck_view)
    if not args.blocks:
        ls = tt.luck_and_skill(game, bots, games=args.games, seed=args.seed,
                               evaluator_seed=args.eval_seed, **opts)
        table, upsets = ls.table, [round(x, 4) for x in ls.ladder.luck_share[:3]]
        settings = ls.settings
    else:
        # one ladder round per block, each on its own child seed, appended to the table as
        # it finishes (a run stopped early keeps its blocks and resumes after them)
        if not args.table:
            raise SystemExit("--blocks needs --table (the blocks are kept there)")
        per = len(lineups(len(bots), args.players))
        done = pd.read_csv(args.table) if os.path.exists(args.table) else None
        have = set(done.block) if done is not None else set()
        for b in range(-(-args.games // per)):
            if b in have:
                continue
            kid = int(np.random.SeedSequence(args.seed, spawn_key=(b,)).generate_state(1)[0])
            worlds = None if args.eval_seed is None else int(
                np.random.SeedSequence(args.eval_seed, spawn_key=(b,)).generate_state(1)[0])
            w0, k0, l0 = time.time(), cpu_seconds(), os.getloadavg()[0]
            part = tt.luck_and_skill(game, bots, games=per, seed=kid, evaluator_seed=worlds, **opts)
            extra: dict = {}
            if args.raw and judged:  # every judged decision's values, for other measures later
                import pickle
                raw = [(b, gi, d.seat, a.record.bots[d.seat], d.index, d.chosen_index, d.worlds)
                       for gi, a in enumerate(part.analyses) for d in a.decisions]
                with open(f"{args.raw}.{b}.pkl", "wb") as f:
                    pickle.dump(raw, f)
            if args.luck_table:  # the same games' luck from the whole table's knowledge
                extra["luck_table"] = [
                    s.luck for a in part.analyses for s in tt.analyse(
                        game, a.record, quick=True, luck_view="table", progress=False,
                        seed=a.settings["seed"], executor="serial").seats]
            t = part.table.assign(**extra, block=b, game=part.table.game + b * per,
                                  block_wall_s=round(time.time() - w0, 1),
                                  block_cpu_s=round(cpu_seconds() - k0, 1), block_load=round(l0, 2))
            t.to_csv(args.table, mode="a", header=not os.path.exists(args.table), index=False)
            print(f"block {b}: {time.time() - t0:.0f} s, {cpu_seconds() - c0:.0f} CPU s", flush=True)
        table = pd.read_csv(args.table)
        # a block is one round of the line-ups on one seed: its games are one deal
        table["round"] = table["block"]
        rollouts, alternatives = _settings(args.quick, args.rollouts, args.alternatives)
        settings = {"quick": args.quick, "rollouts": rollouts, "horizon": "game", "max_outcomes": 6,
                    "alternatives": alternatives, "luck_view": args.luck_view,
                    "seed": f"block b: SeedSequence({args.seed}, spawn_key=(b,))",
                    "evaluator_seed": None if args.eval_seed is None
                    else f"block b: SeedSequence({args.eval_seed}, spawn_key=(b,))"}
        ls = LuckAndSkill(table, None, [], {"seed": args.seed})
        upsets = None
    wall, cpu = time.time() - t0, cpu_seconds() - c0
    if args.blocks:  # the blocks' own time, wherever they ran (None where not recorded)
        once = table.drop_duplicates("block")
        timed = "block_cpu_s" in once and once.block_cpu_s.notna().all()
        wall = float(once.block_wall_s.sum()) if timed else None
        cpu = float(once.block_cpu_s.sum()) if timed else None
    out = {"kind": "many", "game": args.game, "players": args.players, "bots": bots,
           "seed": args.seed, "eval_seed": args.eval_seed, "blocks": bool(args.blocks),
           "settings": {k: v for k, v in settings.items() if k not in ("bots", "games")},
           **summarise(ls, bots, judged, n_alt), "ladder_upset_rate": upsets,
           "wall_s": None if wall is None else round(wall, 1),
           "cpu_s": None if cpu is None else round(cpu, 1),
           "load_before": [round(x, 2) for x in load0],
           "load_after": [round(x, 2) for x in os.getloadavg()]}
    if not args.blocks:
        print(ls.summary())
        if args.table:
            table.to_csv(args.table, index=False)
    return out


def noise(args) -> dict:
    """``--noise``: how much of a game's luck total is the evaluator's noise, and whether
    ``luck_se`` says so. ``--games`` games of the line-ups of ``--bots`` (whole ladder rounds,
    block ``b`` on ``SeedSequence(--seed, spawn_key=(b,))`` as ``--blocks`` plays them) are
    each analysed (quick) on ``--seeds`` evaluator seeds; recorded: the spread of the luck
    totals over the games and seats, the spread over evaluator seeds of the same game's and
    seat's total (pooled), and the root mean square of the analyses' own ``luck_se``."""
    from tabletop_nb.lab.ladder import lineups

    game = tt.load_game(args.game, players=args.players)
    bots = args.bots.split(",")
    per = len(lineups(len(bots), args.players))
    load0, t0, c0 = os.getloadavg(), time.time(), cpu_seconds()
    records = []
    for b in range(-(-args.games // per)):
        kid = int(np.random.SeedSequence(args.seed, spawn_key=(b,)).generate_state(1)[0])
        part = tt.luck_and_skill(game, bots, games=per, seed=kid, quick=True,
                                 rollouts=args.rollouts, executor="serial", progress=False)
        records += [a.record for a in part.analyses]
    root = 0 if args.eval_seed is None else args.eval_seed
    luck = np.zeros((len(records), args.seeds, game.num_players))
    se = np.zeros_like(luck)
    for g, rec in enumerate(records):
        for k in range(args.seeds):
            worlds = int(np.random.SeedSequence(root, spawn_key=(g, k)).generate_state(1)[0])
            a = tt.analyse(game, rec, quick=True, rollouts=args.rollouts, seed=worlds,
                           executor="serial", progress=False)
            luck[g, k] = [s.luck for s in a.seats]
            se[g, k] = [s.luck_se for s in a.seats]
        print(f"game {g}: {time.time() - t0:.0f} s", flush=True)
    rollouts = _settings_of(args)[0]
    return {"kind": "noise", "game": args.game, "players": args.players, "bots": bots,
            "seed": args.seed, "eval_seed": args.eval_seed, "games": len(records),
            "seeds": args.seeds, "rollouts": rollouts,
            "sd_over_games": round(float(luck.reshape(-1).std(ddof=1)), 4),
            "sd_over_seeds": round(float(np.sqrt(luck.var(axis=1, ddof=1).mean())), 4),
            "luck_se_rms": round(float(np.sqrt((se ** 2).mean())), 4),
            "wall_s": round(time.time() - t0, 1), "cpu_s": round(cpu_seconds() - c0, 1),
            "load_before": [round(x, 2) for x in load0],
            "load_after": [round(x, 2) for x in os.getloadavg()]}


def _settings_of(args) -> tuple[int, int]:
    from tabletop_nb.lab.analyse import _settings
    return _settings(True, args.rollouts, None)


def noise_rows(rows: list[dict]) -> list[dict]:
    """Per game, the last ``--noise`` row."""
    out = {r["game"]: r for r in rows if r.get("kind") == "noise"}
    return [out[g] for g in GAMES if g in out]


def noise_table(rows: list[dict]) -> str:
    """The guide's table of the luck's noise (markdown), from the ``--noise`` rows."""
    lines = ["| game | players, games x evaluator seeds | rollouts | luck total: spread over "
             "games | spread over evaluator seeds (same game) | luck_se (root mean square) |",
             "| --- | --- | --- | --- | --- | --- |"]
    for r in noise_rows(rows):
        lines.append(f"| {r['game']} | {r['players']}, {r['games']} x {r['seeds']} | "
                     f"{r['rollouts']} | {r['sd_over_games']:.2f} | {r['sd_over_seeds']:.2f} | "
                     f"{r['luck_se_rms']:.2f} |")
    return "\n".join(lines)


def two_cores(game, rec, quick: bool) -> tuple[float, float]:
    """The same analysis run once more serially: what it would take as wall time on two
    idle cores, from CPU seconds (see the module), and its CPU seconds (to set beside the
    two worker processes' own)."""
    from tabletop_nb.lab.analyse import _chunk_size

    marks: list[float] = []
    c0 = time.process_time()
    tt.analyse(game, rec, quick=quick, executor="serial",
               progress=lambda done, total: marks.append(time.process_time()))
    total = time.process_time() - c0
    setup = marks[0] - c0 if marks else 0.0
    each = [b - a for a, b in zip(marks, marks[1:])]
    each.insert(0, 0.0)  # the first estimate is in the set-up figure (not told apart)
    size = _chunk_size(len(each))
    workers = [0.0, 0.0]
    for k in range(0, len(each), size):
        workers[workers.index(min(workers))] += sum(each[k:k + size])
    return setup + max(workers), total


def timing(args) -> list[dict]:
    rows = []
    for name in ("pacal", "neko", "pebble_rock"):
        game = tt.load_game(name, players=4)
        rec = tt.play(game, ["greedy", "random", "greedy", "random"], seed=args.seed)
        for quick in (True, False):
            load0, t0, c0, w0 = os.getloadavg(), time.time(), cpu_seconds(), workers_cpu()
            a = tt.analyse(game, rec, quick=quick, progress=True)
            wall, cpu, workers = time.time() - t0, cpu_seconds() - c0, workers_cpu() - w0
            load1 = os.getloadavg()
            row = {"kind": "time", "game": name, "players": 4, "quick": quick,
                   "actions": len(rec.actions), "decisions_judged": len(a.decisions),
                   "chance_events": len(a.chance), "settings": a.settings,
                   "wall_s": round(wall, 1), "cpu_s": round(cpu, 1),
                   "load_before": [round(x, 2) for x in load0],
                   "load_after": [round(x, 2) for x in load1],
                   "workers_cpu_s": round(workers, 1)}
            two, serial = two_cores(game, rec, quick)
            row.update(two_cores_s=round(two, 1), serial_cpu_s=round(serial, 1))
            print(json.dumps(row))
            rows.append(row)
    return rows


GAMES = ("pacal", "neko", "pebble_rock")
ORDER = ["random", "greedy", "search"]


def error_rows(rows: list[dict]) -> dict[str, dict]:
    """Per game, the last many-game row with the three bots and every measure of the error."""
    out = {}
    for r in rows:
        if r.get("kind") == "many" and r.get("bots") == ORDER and r.get("ordered") is not None \
                and r.get("measures"):
            out[r["game"]] = r
    return {g: out[g] for g in GAMES if g in out}


#: how the guide names each measure, and its unit
MEASURE_WORDS = {"error": "error (win chance)", "points_error": "error (points of lead)",
                 "missed": "best found (win chance)"}


def error_table(rows: list[dict]) -> str:
    """The guide's table of each bot's error per game (markdown), from the results rows."""
    def cell(x, fmt: str) -> str:
        return f"{x[0]:{fmt}} ({x[1]:{fmt}} to {x[2]:{fmt}})"
    lines = ["| game | players, games | measure | random | greedy | search "
             "| random - greedy | greedy - search | ordered |",
             "| --- | --- | --- | --- | --- | --- | --- | --- | --- |"]
    for g, r in error_rows(rows).items():
        for m, res in r["measures"].items():
            fmt = "+.1f" if m == "points_error" else "+.2f"
            e, p = res["by_bot"], res["paired"]
            lines.append(f"| {g} | {r['players']}, {r['games']}{earlier(r)} | {MEASURE_WORDS.get(m, m)} "
                         f"| {cell(e['random'], fmt)} | {cell(e['greedy'], fmt)} "
                         f"| {cell(e['search'], fmt)} | {cell(p['random-greedy'], fmt)} "
                         f"| {cell(p['greedy-search'], fmt)} | {'yes' if res['ordered'] else 'no'} |")
    return "\n".join(lines)


def wins_rows(rows: list[dict]) -> list[dict]:
    """Per game, players and bots, the last many-game row with decisions judged that
    records what the bots won (``result_paired``, ``gain_paired``)."""
    out: dict = {}
    for r in rows:
        if r.get("kind") == "many" and r.get("ordered") is not None and r.get("gain_paired"):
            out[(r["game"], r["players"], tuple(r["bots"]))] = r
    return [out[k] for k in sorted(out, key=lambda k: (GAMES.index(k[0]), k[1], k[2]))]


def wins_table(rows: list[dict]) -> str:
    """The guide's table of what each stronger bot won against the next weaker one, beside
    what its errors say (markdown), from the results rows: per neighbouring two bots
    ``a, b`` (``b`` the stronger), paired within games, ``b``'s win share minus ``a``'s,
    its gain (result minus starting win chance) minus ``a``'s, and ``a``'s error minus
    ``b``'s (what ``b``'s own decisions gained over ``a``'s, measured against the rollout
    bot)."""
    def flip(x) -> list:  # b - a from a - b
        return [-x[0], -x[2], -x[1]]

    def cell(x) -> str:
        return f"{x[0]:+.2f} ({x[1]:+.2f} to {x[2]:+.2f})"
    lines = ["| game | players, games | bots (weaker, stronger) | wins: stronger - weaker "
             "| gain: stronger - weaker | error: weaker - stronger |",
             "| --- | --- | --- | --- | --- | --- |"]
    for r in wins_rows(rows):
        for a, b in zip(r["bots"], r["bots"][1:]):
            key = f"{a}-{b}"
            lines.append(f"| {r['game']} | {r['players']}, {r['games']}{earlier(r)} | {a}, {b} "
                         f"| {cell(flip(r['result_paired'][key]))} "
                         f"| {cell(flip(r['gain_paired'][key]))} "
                         f"| {cell(r['error_paired'][key])} |")
    return "\n".join(lines)


def luck_rows(rows: list[dict]) -> list[dict]:
    """Per game and per rollout worlds (the games' seed, or each seed apart from it), the
    last many-game run of the three bots at three players played in blocks; a game measured
    with the current estimator (:data:`ESTIMATOR`) shows only those runs."""
    out: dict = {}
    for r in rows:
        if r.get("kind") == "many" and r.get("bots") == ORDER and r.get("players") == 3 \
                and r.get("blocks"):
            out[(r["game"], r.get("eval_seed"))] = r
    current = {g for (g, _), r in out.items() if estimator(r) == ESTIMATOR}
    out = {k: r for k, r in out.items() if k[0] not in current or estimator(r) == ESTIMATOR}
    return [out[k] for k in sorted(out, key=lambda k: (GAMES.index(k[0]), k[1] is not None,
                                                       k[1] or 0))]


#: the luck estimator a row was measured with: 1, the chance events that follow a position
#: before the next decision drawn from each world's stream (the estimates before and after
#: an event shared no dice after it), and ``luck_se`` every estimate's spread added up; 2,
#: those events on each world's stratified quantiles (common dice), and ``luck_se`` the
#: spread of each world's summed luck. Rows of estimator 1 say so (``"estimator": 1``); a
#: row without the field was measured after it
ESTIMATOR = 2


def estimator(row: dict) -> int:
    """The luck estimator ``row`` was measured with (see :data:`ESTIMATOR`)."""
    return int(row.get("estimator", ESTIMATOR))


def earlier(row: dict) -> str:
    """What a table cell adds for a row of an earlier estimator (nothing for the current)."""
    return "" if estimator(row) == ESTIMATOR else " (earlier estimator)"


def luck_table(rows: list[dict]) -> str:
    """The guide's table of each seat's and each bot's mean luck per game (markdown), from
    the results rows: does each interval cover 0?"""
    def cell(x) -> str:
        return f"{x[0]:+.2f} ({x[1]:+.2f} to {x[2]:+.2f})"

    def covers(xs) -> bool:
        return all(lo <= 0 <= hi for _, lo, hi in xs)
    lines = ["| game | games (seed) | rollout worlds, rollouts | seat 0 | seat 1 | seat 2 | random "
             "| greedy | search "
             "| seats cover 0 | bots cover 0 |",
             "| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |"]
    for r in luck_rows(rows):
        seats = [r["luck_by_seat"][str(i)] if str(i) in r["luck_by_seat"] else r["luck_by_seat"][i]
                 for i in range(3)]
        bots = [r["luck_by_bot"][b] for b in ORDER]
        worlds = "from the games' seed" if r.get("eval_seed") is None else f"apart (seed {r['eval_seed']})"
        worlds += earlier(r)
        lines.append(f"| {r['game']} | {r['games']} ({r['seed']}) | {worlds}, {r['settings']['rollouts']} "
                     f"| {' | '.join(cell(x) for x in seats)} | {' | '.join(cell(x) for x in bots)} "
                     f"| {'yes' if covers(seats) else 'no'} | {'yes' if covers(bots) else 'no'} |")
    return "\n".join(lines)


def read_results() -> list[dict]:
    """Every row of ``luck.jsonl``."""
    return [json.loads(line) for line in RESULTS.read_text().splitlines() if line.strip()]


def main(argv=None) -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--time", action="store_true", help="time one 4-player game of each game")
    p.add_argument("--error-table", action="store_true",
                   help="print the guide's table of errors per bot from luck.jsonl")
    p.add_argument("--luck-summary", action="store_true",
                   help="print the guide's table of luck per seat and per bot from luck.jsonl")
    p.add_argument("--wins-table", action="store_true",
                   help="print the guide's table of wins, gains and errors of neighbouring bots")
    p.add_argument("--game", default="pacal")
    p.add_argument("--players", type=int, default=2)
    p.add_argument("--games", type=int, default=200)
    p.add_argument("--bots", default="random,greedy,search")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--eval-seed", type=int, default=None,
                   help="the rollouts' own seed, apart from the games' (default: the games')")
    p.add_argument("--quick", action=argparse.BooleanOptionalAction, default=True)
    p.add_argument("--rollouts", type=int, default=None, help="worlds per estimate")
    p.add_argument("--alternatives", type=int, default=None, help="actions compared per decision")
    p.add_argument("--executor", default="processes")
    p.add_argument("--luck-view", default="seat", choices=["seat", "table"])
    p.add_argument("--blocks", action="store_true",
                   help="play and analyse one ladder round at a time, each kept in --table")
    p.add_argument("--luck-table", action="store_true",
                   help="also each game's luck seen by the whole table (quick; with --blocks)")
    p.add_argument("--raw", default=None,
                   help="with --blocks: keep each block's judged decisions (pickles PATH.<block>.pkl)")
    p.add_argument("--table", default=None, help="write the per-game, per-seat table to this CSV")
    p.add_argument("--save", action="store_true", help=f"append to {RESULTS.name}")
    p.add_argument("--noise", action="store_true",
                   help="analyse --games games on --seeds evaluator seeds each: the luck's noise")
    p.add_argument("--seeds", type=int, default=8, help="evaluator seeds per game (--noise)")
    p.add_argument("--noise-table", action="store_true",
                   help="print the guide's table of the luck's noise from luck.jsonl")
    args = p.parse_args(argv)
    if args.error_table:
        print(error_table(read_results()))
        return
    if args.luck_summary:
        print(luck_table(read_results()))
        return
    if args.wins_table:
        print(wins_table(read_results()))
        return
    if args.noise_table:
        print(noise_table(read_results()))
        return
    rows = timing(args) if args.time else [noise(args)] if args.noise else [many(args)]
    for row in rows:
        row["estimator"] = ESTIMATOR
        row["version"] = tt.__version__
        row["date"] = time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime())
        if not args.time:
            print(json.dumps(row))
        if args.save:
            with RESULTS.open("a") as f:
                f.write(json.dumps(row) + "\n")


if __name__ == "__main__":
    main()
