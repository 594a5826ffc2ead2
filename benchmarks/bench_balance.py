"""How well ``tabletop_nb.balance`` answers "which rule values make this game fair".

    python benchmarks/bench_balance.py --part synthetic [--studies 200] [--seed0 0] [--budget 6000]
    python benchmarks/bench_balance.py --part real --game pebble_rock [--time-limit 300] [--levers]
    python benchmarks/bench_balance.py --part real --game pacal4 --levers     (9 settings, default budget)
    python benchmarks/bench_balance.py --part measure --game pacal --players 5 --games 3000
    python benchmarks/bench_balance.py --part levers [--studies 200] [--rows F]   (decoy rules named as levers?
                                                          resumable: the seeds already in F are not re-run)
    python benchmarks/bench_balance.py --part widths [--games 2000]         (old and new race intervals)
    python benchmarks/bench_balance.py --part rotation [--blocks 1000]      (would seat-rotated deals narrow them?)
    python benchmarks/bench_balance.py --part tables [--dry]   (docs/balance-benchmarks.md's tables from the rows)

Every run appends rows to ``benchmarks/results/balance.jsonl`` (``--out`` to change it),
with the machine's load average beside every timing.

``--part synthetic`` repeats a balance study of Known Odds (``tabletop_nb.lab.synthetic``,
whose true seat win rates and mean length are exact) ``--studies`` times with different
seeds and scores every study against the truth:

(a) how often ``verdict == "met"`` names a ``best`` setting that truly misses a goal, how
    often it names nothing; the same for the ``"likely"`` verdict;
(b) the games the study used (race + confirmation) against the games a fixed grid with the
    same confidence needs (the tool's own ``grid_games`` and :func:`grid_games_needed`);
(c) at the same total games, the study's pick against a one-game-per-evaluation NTBEA
    (``benchmarks/ntbea_baseline.py``): how often each pick truly meets every goal and the
    mean true badness of the picks.

``--part real`` runs one study of a real game (the spaces below, greedy bots, on a pool of
2 processes) and checks the reported setting on 5,000 fresh games (seeds never used by
the study). ``--part measure`` plays the base rules to see which seat wins most.
"""
from __future__ import annotations

import argparse
import json
import math
import os
import sys
import time
from fractions import Fraction
from pathlib import Path
from statistics import NormalDist

import tabletop_nb as tt
from tabletop_nb.lab import synthetic as sy

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
OUT = HERE / "results" / "balance.jsonl"

# ----------------------------------------------------------------------------- synthetic
#: Known Odds at 4 players, seat 0 wins ``edge - handicap`` points above 25%.
SYN_PLAYERS = 4
SYN_EDGE = 24
#: 7 x 3 = 21 settings; seat 0 is 24 - handicap points off its fair 25%; the true answer:
#: handicap 20, 25 or 30 (4, 1, 6 points off) with rounds 10 (3 settings); the nearest misses
#: are handicap 15 and 35 (9 and 11 points off) and rounds 9 / 11 (36 / 44 turns)
SYN_SPACE = {"handicap": list(range(10, 41, 5)), "rounds": [9, 10, 11]}
#: seat fairness within 8 points, mean length 40 +- 3 turns (rounds x 4 players)
SYN_FAIR_TOL = 0.08
SYN_TURNS = (40, 3)
SYN_GOALS = {"fair": SYN_FAIR_TOL, "turns": SYN_TURNS}


def true_badness(values: dict) -> float:
    """max over the goal numbers of |true mean - target| / tolerance (at most 1 = meets)."""
    rules = sy.KnownOddsRules(players=SYN_PLAYERS, edge=SYN_EDGE, **values)
    share = Fraction(1, SYN_PLAYERS)
    fair = max(abs(p - share) for p in sy.true_win_rates(rules)) / Fraction(SYN_FAIR_TOL).limit_denominator()
    turns = abs(sy.true_turns(rules) - SYN_TURNS[0]) / SYN_TURNS[1]
    return float(max(fair, turns))


def truly_meets(values: dict | None) -> bool:
    return values is not None and true_badness(values) <= 1


def true_answer() -> list[dict]:
    import itertools
    keys = list(SYN_SPACE)
    out = []
    for combo in itertools.product(*SYN_SPACE.values()):
        v = dict(zip(keys, combo))
        if truly_meets(v):
            out.append(v)
    return out


def grid_games_needed(settings: int, streams: int, alpha: float, tol_fair: float, sd_fair: float,
                      tol_turns: float, sd_turns: float) -> dict:
    """Games a fixed grid needs for the same family-wise confidence, computed independently.

    A fixed grid plays every setting ``n`` games and decides each goal number of each
    setting with a fixed-sample two-sided interval; Bonferroni over ``settings x streams``
    intervals keeps the family-wise error at ``alpha``: ``z = Phi^-1(1 - alpha / (2 m))``,
    ``m = settings * streams``. To tell "inside the band" from "outside" for a setting whose
    true mean is half a tolerance from a band's edge (the same resolution the tool's
    confirmation asks for: an interval at most half a tolerance wide each side) the
    half-width ``z * sd / sqrt(n)`` must be at most ``tol / 2``:
    ``n = ceil((2 z sd / tol)^2)`` for the hardest goal number. A win rate's sd is taken at
    its fair share (``sqrt(p (1 - p))``), the length's from its known spread.
    """
    m = settings * streams
    z = NormalDist().inv_cdf(1 - alpha / (2 * m))
    n_fair = math.ceil((2 * z * sd_fair / tol_fair) ** 2)
    n_turns = math.ceil((2 * z * sd_turns / tol_turns) ** 2)
    n = max(n_fair, n_turns)
    return {"z": round(z, 4), "per_setting": n, "total": n * settings, "per_setting_fair": n_fair,
            "per_setting_turns": n_turns}


def pick_of(res) -> tuple[dict | None, str]:
    """The tool's pick: ``best``, else the closest ``likely`` one, else the top finalist."""
    if res.best is not None:
        return dict(res.best), "best"
    if res.info.get("closest"):
        return dict(res.info["closest"]), "closest"
    f = res.finalists
    if f is not None and len(f):
        label = f["label"].iloc[0]
        cand = res.candidates.set_index("label").loc[label]
        return {p: _plain(cand[p]) for p in res.paths}, "top finalist"
    return None, "nothing"


def _plain(v):
    try:
        return v.item()
    except AttributeError:
        return v


def run_synthetic(args) -> None:
    from ntbea_baseline import ntbea

    game = sy.load_game(players=SYN_PLAYERS, edge=SYN_EDGE)
    answer = true_answer()
    n_set = math.prod(len(v) for v in SYN_SPACE.values())
    grid = synthetic_grid(args.alpha)
    print(f"true answer ({len(answer)} of {n_set}): {answer}; independent grid: {grid}", flush=True)
    rows = []
    rows_file = open(args.rows, "a", encoding="utf-8") if args.rows else None
    t_all = time.perf_counter()
    cpu0 = _cpu()
    load0 = _load()
    for k in range(args.studies):
        seed = args.seed0 + k
        t = time.perf_counter()
        res = tt.balance(game, SYN_SPACE, SYN_GOALS, bots="random", seed=seed, budget=args.budget,
                         confirm_games=args.confirm, finalists=args.finalists, alpha=args.alpha,
                         executor="serial", progress=False)
        secs = time.perf_counter() - t
        pick, how = pick_of(res)
        used = res.games["total"]
        t2 = time.perf_counter()
        nt = ntbea(game, SYN_SPACE, SYN_GOALS, evaluations=used, seed=seed)
        nt_secs = time.perf_counter() - t2
        row = {"study": k, "seed": seed, "verdict": res.verdict, "best": res.best,
               "best_truly_meets": truly_meets(res.best) if res.best else None,
               "closest": res.info.get("closest"),
               "closest_truly_meets": truly_meets(res.info.get("closest")) if res.info.get("closest") else None,
               "pick": pick, "pick_how": how, "pick_meets": truly_meets(pick),
               "pick_badness": true_badness(pick) if pick else None,
               "games": res.games, "grid_games": res.grid_games, "s": round(secs, 2),
               "ntbea_pick": nt["pick"], "ntbea_meets": truly_meets(nt["pick"]),
               "ntbea_badness": true_badness(nt["pick"]), "ntbea_games": nt["games"],
               "ntbea_means_pick": nt["pick_means"], "ntbea_means_meets": truly_meets(nt["pick_means"]),
               "ntbea_means_badness": true_badness(nt["pick_means"]),
               "ntbea_s": round(nt_secs, 2)}
        row["load"] = _load()
        rows.append(row)
        if rows_file is not None:
            rows_file.write(json.dumps(row) + "\n")
            rows_file.flush()
        if args.verbose or k % 10 == 0:
            print(k, res.verdict, res.best, how, pick, round(row["pick_badness"] or -1, 3), used,
                  "ntbea", nt["pick"], round(row["ntbea_badness"], 3), nt["pick_means"], f"{secs:.1f}s", _load(), flush=True)
    wall = time.perf_counter() - t_all
    summary = summarise(rows, grid)
    summary.update({"part": "synthetic", "studies": len(rows), "seed0": args.seed0, "budget": args.budget,
                    "confirm_games": args.confirm, "finalists": args.finalists, "alpha": args.alpha,
                    "space": SYN_SPACE, "goals": {"fair": SYN_FAIR_TOL, "turns": list(SYN_TURNS)},
                    "edge": SYN_EDGE, "players": SYN_PLAYERS, "true_answer": answer,
                    "wall_s": round(wall, 1), "cpu_s": round(_cpu() - cpu0, 1), "load_before": load0,
                    "load_after": _load(), "rows_file": args.rows, **_stamp()})
    print(json.dumps(summary, indent=1), flush=True)
    _write(args.out, summary)


def synthetic_grid(alpha: float) -> dict:
    n_set = math.prod(len(v) for v in SYN_SPACE.values())
    spread = sy.KnownOddsRules().spread
    sd_turns = math.sqrt(((2 * spread + 1) ** 2 - 1) / 12)  # discrete uniform on mean +- spread
    share = 1 / SYN_PLAYERS
    return grid_games_needed(n_set, SYN_PLAYERS + 1, alpha, SYN_FAIR_TOL, math.sqrt(share * (1 - share)),
                             SYN_TURNS[1], sd_turns)


def run_summarise(args) -> None:
    """Summarise a --rows file (e.g. of studies run in several pieces)."""
    with open(args.summarise, encoding="utf-8") as f:
        rows = [json.loads(line) for line in f if line.strip()]
    summary = summarise(rows, synthetic_grid(args.alpha))
    summary.update({"part": "synthetic", "studies": len(rows), "seeds": [min(r["seed"] for r in rows),
                    max(r["seed"] for r in rows)], "budget": args.budget, "confirm_games": args.confirm,
                    "finalists": args.finalists, "alpha": args.alpha, "space": SYN_SPACE,
                    "goals": {"fair": SYN_FAIR_TOL, "turns": list(SYN_TURNS)}, "edge": SYN_EDGE,
                    "players": SYN_PLAYERS, "true_answer": true_answer(),
                    "study_s_sum": round(sum(r["s"] + r["ntbea_s"] for r in rows), 1),
                    "load_during": [min(r["load"][0] for r in rows), max(r["load"][0] for r in rows)],
                    "rows_file": args.summarise, **_stamp()})
    print(json.dumps(summary, indent=1), flush=True)
    if not args.dry:
        _write(args.out, summary)


def summarise(rows: list[dict], grid: dict) -> dict:
    n = len(rows)

    def share(xs) -> float:
        xs = list(xs)
        return round(sum(xs) / n, 4) if n else math.nan
    met = [r for r in rows if r["verdict"] == "met"]
    likely = [r for r in rows if r["verdict"] == "likely"]
    used = [r["games"]["total"] for r in rows]
    tool_grid = [r["grid_games"] for r in rows]
    mean_used = sum(used) / n
    return {
        "met_share": share(r["verdict"] == "met" for r in rows),
        "met_but_truly_misses": share(r["verdict"] == "met" and not r["best_truly_meets"] for r in rows),
        "met_but_truly_misses_of_met": round(sum(not r["best_truly_meets"] for r in met) / len(met), 4)
        if met else None,
        "likely_share": share(r["verdict"] == "likely" for r in rows),
        "likely_but_truly_misses": share(r["verdict"] == "likely" and not r["closest_truly_meets"] for r in rows),
        "likely_but_truly_misses_of_likely": round(sum(not r["closest_truly_meets"] for r in likely) / len(likely), 4)
        if likely else None,
        "verdicts": {v: sum(r["verdict"] == v for r in rows) for v in sorted({r["verdict"] for r in rows})},
        "picks_nothing": share(r["best"] is None for r in rows),
        "games_mean": round(mean_used, 1), "games_max": max(used), "games_min": min(used),
        "race_games_mean": round(sum(r["games"]["race"] for r in rows) / n, 1),
        "confirm_games_mean": round(sum(r["games"]["confirm"] for r in rows) / n, 1),
        "tool_grid_games": sorted(set(tool_grid))[:3],
        "share_of_tool_grid": round(mean_used / (sum(tool_grid) / n), 4),
        "own_grid": grid, "share_of_own_grid": round(mean_used / grid["total"], 4),
        "tool_pick_meets": share(r["pick_meets"] for r in rows),
        "tool_pick_badness_mean": round(sum(r["pick_badness"] for r in rows if r["pick_badness"] is not None)
                                        / max(1, sum(r["pick_badness"] is not None for r in rows)), 4),
        "ntbea_pick_meets": share(r["ntbea_meets"] for r in rows),
        "ntbea_pick_badness_mean": round(sum(r["ntbea_badness"] for r in rows) / n, 4),
        "ntbea_means_pick_meets": share(r["ntbea_means_meets"] for r in rows),
        "ntbea_means_pick_badness_mean": round(sum(r["ntbea_means_badness"] for r in rows) / n, 4),
        "study_s_mean": round(sum(r["s"] for r in rows) / n, 2),
        "ntbea_s_mean": round(sum(r["ntbea_s"] for r in rows) / n, 2),
    }


# ----------------------------------------------------------------------------- levers
def run_levers(args) -> None:
    """``--studies`` lever searches of DecoyOddsGame (its decoys move nothing): how often a
    rule that moves nothing is named a lever for some goal number, and how often the true
    levers are found (``edge`` and ``handicap`` for seat 0's win rate, ``rounds`` for the length)."""
    game = sy.DecoyOddsGame(players=4, edge=8, handicap=4)
    goals = {"fair": 0.04, "turns": (40, 3)}
    rows: list[dict] = []
    done: dict[int, dict] = {}
    if args.rows and Path(args.rows).exists():  # resumable: the studies already in --rows are kept
        with open(args.rows, encoding="utf-8") as f:
            done = {r["seed"]: r for r in map(json.loads, filter(str.strip, f))}
    rows_file = open(args.rows, "a", encoding="utf-8") if args.rows else None
    t_all = time.perf_counter()
    load0 = _load()
    for k in range(args.studies):
        if args.seed0 + k in done:
            rows.append(done[args.seed0 + k])
            continue
        t, c = time.perf_counter(), time.process_time()
        res = tt.levers(game, goals, bots="random", seed=args.seed0 + k, games=args.lever_games, batch=200,
                        executor="serial", progress=False)
        named = {n: res.levers_for(n) for n in dict.fromkeys(res.table["number"])}
        decoys = sorted({r for rules in named.values() for r in rules if r in sy.DECOY_RULES})
        rows.append({"seed": args.seed0 + k, "decoys_named": decoys, "seat0_levers": named["win_rate_seat_0"],
                     "turns_levers": named["turns"], "games": res.games["total"], "s": round(time.perf_counter() - t, 2),
                     "cpu_s": round(time.process_time() - c, 2), "load": _load()})
        if rows_file is not None:
            rows_file.write(json.dumps(rows[-1]) + "\n")
            rows_file.flush()
        if k % 20 == 0:
            print(k, rows[-1], _load(), flush=True)
    n = len(rows)
    summary = {"part": "levers", "game": "decoy_odds", "players": 4, "edge": 8, "handicap": 4, "goals": goals,
               "lever_games": args.lever_games, "studies": n, "alpha": 0.05,
               "rules": [f.name for f in sy.DecoyOddsRules.fields_info() if f.name != "players"],
               "decoy_rules": list(sy.DECOY_RULES),
               "studies_naming_a_decoy": sum(bool(r["decoys_named"]) for r in rows),
               "share_naming_a_decoy": round(sum(bool(r["decoys_named"]) for r in rows) / n, 4),
               "seat0_edge_found": round(sum("edge" in r["seat0_levers"] for r in rows) / n, 4),
               "seat0_handicap_found": round(sum("handicap" in r["seat0_levers"] for r in rows) / n, 4),
               "turns_rounds_found": round(sum("rounds" in r["turns_levers"] for r in rows) / n, 4),
               "games_mean": round(sum(r["games"] for r in rows) / n, 1),
               "study_s_mean": round(sum(r["s"] for r in rows) / n, 2), "wall_s": round(time.perf_counter() - t_all, 1),
               "resumed_studies": len(done), "rows_file": args.rows,
               "load_before": load0, "load_after": _load(), **_stamp()}
    print(json.dumps(summary, indent=1), flush=True)
    _write(args.out, summary)


# ----------------------------------------------------------------------------- interval widths
def run_widths(args) -> None:
    """Interval widths of one setting's seat win rates at equal games, old race against new:
    the old race's empirical-Bernstein sequence per seat, the new beta-binomial one per seat
    (both with the race's Bonferroni split over ``K`` settings x the seats), and the joint
    multinomial sequence over the seats (split over settings only). ``--games`` greedy games
    of each real game's base rules at 4 players; ``K = 9`` and ``K = 40``."""
    import numpy as np

    from tabletop_nb.lab.sequential import bernstein_cs, beta_binomial_cs, multinomial_cs
    alpha = args.alpha
    for name in ("pebble_rock", "pacal", "neko"):
        game = tt.load_game(name, players=4)
        load = _load()
        t = time.perf_counter()
        df = tt.simulate(game, bots="greedy", games=args.games, seed=args.seed, executor="processes", progress=False)
        secs = time.perf_counter() - t
        wins = df.pivot(index="game", columns="seat", values="winner").astype(float).to_numpy()
        # the categories the multinomial sequence may use are fixed in advance: each sole winner and each
        # shared win among the seats (2^4 - 1); only those seen have counts, the rest stay at zero
        import itertools
        all_keys = [c for r in range(1, 5) for c in itertools.combinations(range(4), r)]
        index = {c: i for i, c in enumerate(all_keys)}
        outcome_full = [index[tuple(int(s) for s in np.flatnonzero(row))] for row in wins]
        out = {"part": "widths", "game": name, "players": 4, "games": args.games, "seed": args.seed,
               "seat_rates": [round(float(x), 4) for x in wins.mean(axis=0)],
               "shared_wins": int((wins.sum(axis=1) > 1).sum()),
               "simulate_s": round(secs, 1), "load_before": load}
        for k_set in (9, 40):
            per_seat = alpha / (2 * k_set * 4)
            joint = alpha / (2 * k_set)
            for n in (500, 1000, args.games):
                eb = [bernstein_cs(wins[:n, s], per_seat) for s in range(4)]
                bb = [beta_binomial_cs(wins[:n, s], per_seat) for s in range(4)]
                old = [float(cs.high[-1] - cs.low[-1]) / 2 for cs in eb]
                new = [float(cs.high[-1] - cs.low[-1]) / 2 for cs in bb]
                js = multinomial_cs(outcome_full[:n], len(all_keys), all_keys, alpha=joint)
                mult = [float(cs.high[-1] - cs.low[-1]) / 2 for cs in js]
                out[f"K{k_set}_n{n}"] = {"old_bernstein": round(sum(old) / 4, 4), "new_beta_binomial": round(sum(new) / 4, 4),
                                         "joint_multinomial_15_categories": round(sum(mult) / 4, 4)}
        out.update({"load_after": _load(), **_stamp()})
        print(json.dumps(out), flush=True)
        _write(args.out, out)


# ----------------------------------------------------------------------------- seat-rotated deals
def _rotated_play(game, bot, ss, r: int, chance_seat) -> list[int]:
    """One greedy game from ``ss`` with per-seat chance streams, rotated by ``r``: a chance
    node ``chance_seat(state)`` gives to a seat draws from the stream of seat ``(seat - r) % n``
    (its bot likewise), other nodes from a shared stream. Each stream's next draw is fresh,
    so every game is a game of the rules with the right odds; the ``n`` rotations of one seed
    hand each seat, in turn, the luck every seat had. Returns who won (1/0 per seat)."""
    import numpy as np

    from tabletop_nb.core.protocol import CHANCE, TERMINAL
    n = game.num_players
    kids = [np.random.SeedSequence(ss.entropy, spawn_key=tuple(ss.spawn_key) + (k,)) for k in range(2 * n + 1)]
    shared = np.random.default_rng(kids[0])
    chance = [np.random.default_rng(k) for k in kids[1:n + 1]]
    bots = [np.random.default_rng(k) for k in kids[n + 1:]]
    s = game.initial_state()
    while True:
        p = game.current_player(s)
        if p == TERMINAL:
            break
        if p == CHANCE:
            q = chance_seat(s)
            s = game.apply_trusted(s, game.sample_chance(s, shared if q is None else chance[(q - r) % n]))
        else:
            s = game.apply(s, bot(game, s, bots[(p - r) % n]))
    w = game.winners(s)
    return [int(k in w) for k in range(n)]


def _pebble_rock_chance_seat(s):
    """Pebble Rock's chance nodes that belong to a seat: an Assignment card dealt to it, and
    the rolls and the treasure value of the seat on turn (the market and row are shared)."""
    from tabletop_nb.games.pebble_rock import frames as fr
    head = s.todo[0]
    if isinstance(head, fr.DealCard):
        return head.seat
    if isinstance(head, (fr.RollDice, fr.RollDie, fr.RerollDie, fr.RevealValue)):
        return s.seat
    return None


def run_rotation(args) -> None:
    """Seat-rotated deals measured before being built: Pebble Rock, 4 players, greedy, base
    rules. ``--blocks`` seeds x 4 rotations against ``4 x --blocks`` independent games (the same
    per-seat streams, rotation 0, other seeds). For each seat: the variance of a block's mean
    win (rotated against independent blocks; below 1 means rotation helps), a bootstrap
    interval on that ratio, and the half-widths at equal games of the race's interval on the
    independent games (beta-binomial, per game) and of a valid interval on the rotated blocks
    (empirical Bernstein on the block means: a block's games are not independent), both at
    the race's level for 40 settings x 4 seats."""
    import numpy as np

    from tabletop_nb.core.bots import resolve_bot
    from tabletop_nb.lab.sequential import bernstein_cs, beta_binomial_cs
    game = tt.load_game("pebble_rock", players=4)
    bot = resolve_bot(game, "greedy")
    n, k = 4, args.blocks
    load0, t, c = _load(), time.perf_counter(), time.process_time()
    rot = np.array([[_rotated_play(game, bot, np.random.SeedSequence(args.seed, spawn_key=(i,)), r,
                                   _pebble_rock_chance_seat) for r in range(n)] for i in range(k)])
    ind = np.array([[_rotated_play(game, bot, np.random.SeedSequence(args.seed, spawn_key=(10**6 + n * i + j,)), 0,
                                   _pebble_rock_chance_seat) for j in range(n)] for i in range(k)])
    secs, cpu = time.perf_counter() - t, time.process_time() - c
    level = args.alpha / (2 * 40 * n)
    rng = np.random.default_rng(0)
    seats = []
    for s in range(n):
        br, bi = rot[:, :, s].mean(1), ind[:, :, s].mean(1)
        boot = [br[rng.integers(k, size=k)].var(ddof=1) / bi[rng.integers(k, size=k)].var(ddof=1) for _ in range(2000)]
        bb = beta_binomial_cs(ind[:, :, s].reshape(-1), level)
        eb = bernstein_cs(br, level, 0.0, 1.0)
        seats.append({"seat": s, "rotated_rate": round(float(br.mean()), 4), "independent_rate": round(float(bi.mean()), 4),
                      "variance_ratio": round(float(br.var(ddof=1) / bi.var(ddof=1)), 3),
                      "variance_ratio_95": [round(float(x), 3) for x in np.percentile(boot, [2.5, 97.5])],
                      "half_width_independent_beta_binomial": round(float(bb.high[-1] - bb.low[-1]) / 2, 4),
                      "half_width_rotated_bernstein": round(float(eb.high[-1] - eb.low[-1]) / 2, 4)})
    row = {"part": "rotation", "game": "pebble_rock", "players": n, "bots": "greedy", "blocks": k, "games": k * n,
           "seed": args.seed, "seats": seats, "kept": False, "s": round(secs, 1), "cpu_s": round(cpu, 1),
           "load_before": load0, "load_after": _load(), **_stamp()}
    print(json.dumps(row, indent=1), flush=True)
    _write(args.out, row)


# ----------------------------------------------------------------------------- real games
REAL = {
    # seat 3 (last in turn order) wins most at 4 players (measured: --part measure)
    "pebble_rock": {"players": 4, "space": {"first_player": [0, 1, 2, 3, -1], "catch_up": [True, False],
                                            "start_fish": [1, 3, 5, 7]},
                    "goals": {"fair": 0.02}},
    # seat 0 wins least at 5 players; the end of the game decides who gets a last turn
    "pacal": {"players": 5, "space": {"thresholds[3][1]": [25, 30, 35, 40, 45], "end_bonus": [0, 5, 10, 15],
                                      "pyramids_left_at_end": [0, 1]},
              "goals": {"fair": 0.02}},
    # issue 37's designer study: Pacal at 4 players, the end bonus x the 4-player end threshold (9 settings),
    # every seat 25% +- 4, the default budget
    "pacal4": {"game": "pacal", "players": 4, "space": {"end_bonus": [0, 5, 10], "thresholds[2][1]": [30, 35, 40]},
               "goals": {"fair": 0.04}, "budget": 20_000, "time_limit": None},
    # Neko plays 2-4 players only: 4 is its biggest table
    "neko": {"players": 4, "space": {"first_player_interference": [0, 1, 2, 3, 4, 5],
                                     "random_start_order": [False, True], "start_coins": [6, 8, 10, 12]},
             "goals": {"fair": 0.02}},
}


def seat_rates(df) -> dict:
    from tabletop_nb.core.stats import wilson
    games = df["game"].nunique()
    out = {}
    for seat, part in df.groupby("seat"):
        wins = float(part["winner"].sum())
        e = wilson(wins, games)
        out[int(seat)] = [round(wins / games, 4), round(e.low, 4), round(e.high, 4)]
    return out


def check_fresh(game, values: dict, games: int, seed: int, tol: float) -> dict:
    from tabletop_nb.lab.balance import with_rule_path
    g = game
    for p, v in values.items():
        g = with_rule_path(g, p, v)
    load = _load()
    t = time.perf_counter()
    df = tt.simulate(g, bots="greedy", games=games, seed=seed, executor="processes", progress=False)
    secs = time.perf_counter() - t
    rates = seat_rates(df)
    share = 1 / g.num_players
    inside = all(abs(r[0] - share) <= tol for r in rates.values())
    turns = df.groupby("game")["turns"].first()
    return {"setting": values, "games": games, "seed": seed, "seat_rates": rates,
            "every_seat_within_tol": inside, "worst_seat_gap": round(max(abs(r[0] - share) for r in rates.values()), 4),
            "turns_mean": round(float(turns.mean()), 2), "s": round(secs, 1), "load_before": load}


def run_real(args) -> None:
    spec = REAL[args.game]
    game = tt.load_game(spec.get("game", args.game), players=spec["players"])
    if "budget" in spec and not args.budget_given:
        args.budget = spec["budget"]
    if "time_limit" in spec and not args.time_limit_given:
        args.time_limit = spec["time_limit"]
    goals = dict(spec["goals"])
    if args.skill:
        goals["skill"] = ("greedy", args.skill, args.skill_share)
    n_set = math.prod(len(v) for v in spec["space"].values())
    load0 = _load()
    print(f"{args.game} at {spec['players']}: {n_set} settings, goals {goals}, load {load0}", flush=True)
    t = time.perf_counter()
    cpu0 = _cpu()
    res = tt.balance(game, spec["space"], goals, bots="greedy", seed=args.seed, budget=args.budget,
                     time_limit=args.time_limit, finalists=args.finalists, confirm_games=args.confirm,
                     executor="processes", progress=False, levers=True if args.levers else None,
                     lever_games=args.lever_games, skill_games=args.skill_games, batch=args.batch)
    wall = time.perf_counter() - t
    cpu = _cpu() - cpu0
    load1 = _load()
    print(f"wall {wall:.1f} s, cpu {cpu:.1f} s (this process and its workers), load {load0} -> {load1}", flush=True)
    print(res.summary(), flush=True)
    print(res.finalists_table().to_string(), flush=True)
    if args.save:
        res.save(args.save)
    pick, how = pick_of(res)
    row = {"part": "real", "game": args.game, "players": spec["players"], "space": spec["space"],
           "settings": n_set, "goals": goals, "seed": args.seed, "budget": args.budget,
           "time_limit": args.time_limit, "verdict": res.verdict, "verdict_text": res.info["verdict_text"],
           "best": res.best, "closest": res.info.get("closest"), "unreachable": res.unreachable,
           "games": res.games, "grid_games": res.grid_games, "rounds": res.info["rounds"],
           "seconds": res.seconds, "wall_s": round(wall, 1), "cpu_s": round(cpu, 1), "load_before": load0,
           "load_after": load1,
           "finalists": res.finalists_table().reset_index().to_dict(orient="records"),
           "statuses": res.candidates["status"].value_counts().to_dict(), "pick": pick, "pick_how": how,
           "first_line": res.summary().splitlines()[0], "summary": res.summary(), "race_stop": res.info.get("race_stop"),
           "plan": res.info.get("plan"), "levers": res.info.get("levers"), "lever_games": args.lever_games,
           "skill_games": args.skill_games, "batch": args.batch}
    if args.skill and res.seconds.get("total"):
        row["skill_share_of_wall"] = round(res.seconds.get("skill", 0) / res.seconds["total"], 4)
    if pick is not None and args.check:
        row["fresh_check"] = check_fresh(game, pick, args.check, args.check_seed, spec["goals"]["fair"])
        print("fresh check", row["fresh_check"], flush=True)
    row.update(_stamp())
    _write(args.out, row)


def run_skill(args) -> None:
    """``--part skill``: the skill goal's number (the stronger bot's share of weaker seats
    finished ahead of, :func:`tabletop_nb.lab.balance._skill_values`) on one setting, played
    as a study's skill check plays it (``skill_seats`` line-ups, games ``SKILL_BASE + r`` of
    ``--seed``), with its CPU seconds a game: what a decided skill goal costs."""
    from tabletop_nb.core.study import Request, StudyRun
    from tabletop_nb.lab.balance import SKILL_BASE, _build, _skill_values, skill_seats
    spec = REAL[args.game]
    game = tt.load_game(spec.get("game", args.game), players=spec["players"])
    setting = json.loads(args.setting)
    g = _build(game, list(setting), list(setting.values()))
    lineups = skill_seats(game.num_players)
    rounds = -(-args.games // len(lineups))
    bots = ("greedy", args.skill or "search:10")
    load0 = _load()
    t = time.perf_counter()
    cpu0 = _cpu()
    with StudyRun("processes", rounds * len(lineups), False, rounds * len(lineups), "skill", entropy=args.seed) as run:
        got, _ = run.play([Request(f"skill{li}", g, [bots[k] for k in lu], [SKILL_BASE + r for r in range(rounds)])
                           for li, lu in enumerate(lineups)])
    wall = time.perf_counter() - t
    cpu = _cpu() - cpu0
    v = _skill_values([got[f"skill{li}"] for li in range(len(lineups))], lineups)
    row = {"part": "skill", "game": args.game, "players": spec["players"], "setting": setting, "bots": list(bots),
           "at_least": args.skill_share, "seed": args.seed, "games": int(len(v)), "mean": round(float(v.mean()), 5),
           "sd": round(float(v.std(ddof=1)), 5), "wall_s": round(wall, 1), "cpu_s": round(cpu, 1),
           "cpu_per_game": round(cpu / len(v), 4), "load_before": load0, "load_after": _load()}
    print(row, flush=True)
    row.update(_stamp())
    _write(args.out, row)


def run_measure(args) -> None:
    game = tt.load_game(args.game, players=args.players or REAL[args.game]["players"])
    load = _load()
    t = time.perf_counter()
    df = tt.simulate(game, bots="greedy", games=args.games, seed=args.seed, executor="processes", progress=False)
    secs = time.perf_counter() - t
    turns = df.groupby("game")["turns"].first()
    row = {"part": "measure", "game": args.game, "players": game.num_players, "games": args.games,
           "seed": args.seed, "seat_rates": seat_rates(df), "turns_mean": round(float(turns.mean()), 2),
           "turns_sd": round(float(turns.std()), 2), "s": round(secs, 1), "load_before": load,
           "load_after": _load(), **_stamp()}
    print(row, flush=True)
    _write(args.out, row)


# ----------------------------------------------------------------------------- the note's tables
DOC = HERE.parent / "docs" / "balance-benchmarks.md"


def read_rows(path=OUT) -> list[dict]:
    """Every row of ``balance.jsonl``, in the order written."""
    with open(path, encoding="utf-8") as f:
        return [json.loads(line) for line in f if line.strip()]


def _pct(x, digits: int = 1) -> str:
    return "" if x is None else f"{100 * x:.{digits}f}%"


def _load_span(r: dict) -> str:
    a, b = r.get("load_before"), r.get("load_after")
    if a and b:
        lo, hi = sorted((a[0], b[0]))
        return f"{lo:.1f}-{hi:.1f}"
    return ""


def _md(head: list[str], body: list[list]) -> str:
    lines = ["| " + " | ".join(head) + " |", "|" + "---|" * len(head)]
    lines += ["| " + " | ".join(str(c) for c in row) + " |" for row in body]
    return "\n".join(lines)


def table_synthetic(rows: list[dict]) -> str:
    """One line per run of the 200 Known Odds studies (``--part synthetic``)."""
    body = []
    for r in rows:
        if r.get("part") != "synthetic":
            continue
        v = r["verdicts"]
        cpu = r.get("cpu_s")
        body.append([r["time_utc"], r.get("balance_code", r["code"]), r["studies"],
                     " / ".join(str(v.get(k, 0)) for k in ("met", "likely", "undecided", "none")),
                     f"{round(r['met_but_truly_misses'] * r['studies'])} ({_pct(r['met_but_truly_misses'])})",
                     f"{r['games_mean']:,.0f} ({r['race_games_mean']:,.0f} + {r['confirm_games_mean']:,.0f})",
                     f"{r['tool_grid_games'][0]:,}", f"**{_pct(r['share_of_tool_grid'], 2)}**",
                     _pct(r["share_of_own_grid"], 2), _pct(r["tool_pick_meets"]),
                     f"{r['wall_s']:,.0f}", f"{cpu:,.0f}" if cpu is not None else "not measured", _load_span(r)])
    return _md(["run (UTC)", "code", "studies", "met / likely / undecided / none",
                "met, setting truly misses (target <= 5%)", "games a study (race + confirmation)",
                "tool's grid", "share of it (target <= 12%)", "share of the independent grid",
                "pick truly meets", "wall s", "CPU s (with NTBEA)", "load"], body)


def _real_name(r: dict) -> str:
    goals = r["goals"]
    extra = f" + skill {goals['skill'][2]:g}" if "skill" in goals else ""
    if r.get("batch", 100) != 100:
        extra += f"; rounds of {r['batch']:,}, budget {r['budget']:,}"
    return f"{r['game']} ({r['settings']} settings, fair {goals['fair']}{extra})"


def table_real(rows: list[dict], since: str = "") -> str:
    """One line per real study (``--part real``) run on or after ``since``: games and seconds
    of each step, wall and CPU seconds, load, verdict."""
    body = []
    for r in rows:
        if r.get("part") != "real" or r["time_utc"] < since:
            continue
        g, sec = r["games"], r["seconds"]
        lev = r.get("levers") or {}
        cpu = r.get("cpu_s")
        body.append([r["time_utc"], r.get("balance_code", r["code"]), _real_name(r),
                     f"{g['race']:,} / {sec['race']:.0f}", f"{g['confirm']:,} / {sec['confirm']:.0f}",
                     f"{g['skill']:,} / {sec.get('skill', 0):.0f}",
                     f"{lev.get('games', 0):,} / {lev.get('seconds', 0):.0f}" if lev else "",
                     f"**{r['wall_s']:,.0f}**", f"{cpu:,.0f}" if cpu is not None else "not measured",
                     f"{cpu / 2:,.0f}" if cpu is not None else "", _load_span(r), r.get("mode", "source"),
                     f"`{r['verdict']}`"])
    return _md(["run (UTC)", "code", "study", "race games / s", "confirmation games / s", "skill games / s",
                "lever games / s", "wall s", "CPU s", "CPU s / 2 (two idle cores)", "load", "mode", "verdict"], body)


def table_first_lines(rows: list[dict], since: str = "2026-12-06") -> str:
    """The first line of each real study's summary (what a designer reads first)."""
    body = []
    for r in rows:
        if r.get("part") != "real" or r["time_utc"] < since or not r.get("first_line"):
            continue
        body.append([r["time_utc"], r["game"], r["first_line"].replace("|", "\\|")])
    return _md(["run (UTC)", "study", "first line of the summary"], body)


def table_plans(rows: list[dict], since: str = "2026-12-06") -> str:
    """Each real study's plan after its first round: what the goals need, what the budget gives."""
    body = []
    for r in rows:
        p = r.get("plan")
        if r.get("part") != "real" or r["time_utc"] < since or not p:
            continue
        binding = max(p["numbers"], key=lambda x: x["need"])
        rate = p.get("rate")
        body.append([r["time_utc"], r["game"], p["settings"], f"+-{binding['resolve']:.3g}",
                     f"{p['need_per_setting']:,}", f"{p['need_total']:,}",
                     f"{p['need_total'] / rate / 3600:.1f} h at {rate:.0f} games/s" if rate else "",
                     f"{p['budget_per_setting']:,}", f"+-{binding['budget_half']:.3f}", f"{p['confirm_games']:,}"])
    return _md(["run (UTC)", "study", "settings", "interval wanted", "games a setting", "games in all",
                "time at the pilot's speed", "budget a setting", "the budget gives", "confirmation a finalist"], body)


def table_widths(rows: list[dict]) -> str:
    """Interval half-widths at equal games, old race against new (``--part widths``), per game."""
    body = []
    for r in rows:
        if r.get("part") != "widths":
            continue
        for k in (9, 40):
            for n in sorted({int(key.split("_n")[1]) for key in r if key.startswith(f"K{k}_n")}):
                w = r[f"K{k}_n{n}"]
                old, new = w["old_bernstein"], w["new_beta_binomial"]
                body.append([r["game"], k, f"{n:,}", f"+-{old:.3f}", f"**+-{new:.3f}**",
                             f"{100 * (new - old) / old:+.0f}%", f"+-{w['joint_multinomial_15_categories']:.3f}"])
    return _md(["game", "settings K", "games", "old: empirical Bernstein", "new: beta-binomial", "change",
                "joint multinomial (no split over seats)"], body)


def table_rotation(rows: list[dict]) -> str:
    """Seat-rotated deals against independent games at equal games (``--part rotation``)."""
    body = []
    for r in rows:
        if r.get("part") != "rotation":
            continue
        for s in r["seats"]:
            lo, hi = s["variance_ratio_95"]
            bb, eb = s["half_width_independent_beta_binomial"], s["half_width_rotated_bernstein"]
            body.append([r["game"], f"{r['games']:,} + {r['games']:,}", s["seat"],
                         f"{_pct(s['independent_rate'])} / {_pct(s['rotated_rate'])}",
                         f"{s['variance_ratio']:.3f} [{lo:.3f}, {hi:.3f}]", f"+-{bb:.3f}", f"+-{eb:.3f}",
                         f"{100 * (eb - bb) / bb:+.0f}%", f"{r['s']:,.0f} / {r['cpu_s']:,.0f}", _load_span(r)])
    return _md(["game", "games (independent + rotated)", "seat", "win rate (independent / rotated)",
                "variance of a block's mean, rotated / independent [95%]", "race interval, independent games",
                "valid interval, rotated blocks", "change", "wall s / CPU s", "load"], body)


def table_levers(rows: list[dict]) -> str:
    """The decoy lever searches (``--part levers``)."""
    body = []
    for r in rows:
        if r.get("part") != "levers":
            continue
        body.append([r["time_utc"], r.get("balance_code", r["code"]), r["studies"], f"{r['lever_games']:,}",
                     f"**{r['studies_naming_a_decoy']} ({_pct(r['share_naming_a_decoy'])})**",
                     _pct(r["turns_rounds_found"], 0), _pct(r["seat0_edge_found"], 0),
                     f"{r['games_mean']:,.0f}", f"{r['wall_s']:,.0f}", _load_span(r)])
    return _md(["run (UTC)", "code", "searches", "games a change at most",
                "naming a do-nothing rule (target <= 5%)", "rounds found for the length", "edge found for seat 0",
                "games a search", "wall s", "load"], body)


def table_measure(rows: list[dict]) -> str:
    """The base rules' seat win rates (``--part measure``)."""
    body = []
    for r in rows:
        if r.get("part") != "measure":
            continue
        rates = r["seat_rates"]
        body.append([r["game"], r["players"], f"{r['games']:,}",
                     ", ".join(_pct(v[0] if isinstance(v, list) else v) for v in rates.values()),
                     r["turns_mean"]])
    return _md(["game", "players", "greedy games", "seat win rates (seat 0 first)", "mean turns"], body)


def table_skill(rows: list[dict]) -> str:
    """The skill goal's number on one setting (``--part skill``) and the games a decided skill goal
    needs at the confirmation's level for two finalists (``alpha / 5`` two-sided: a
    fixed-sample interval clearing 55% at the mean and spread seen; showing it below 55% on
    the anytime-valid sequence takes more than the fixed-sample count given)."""
    z = NormalDist().inv_cdf(1 - 0.05 / 10)
    body = []
    for r in rows:
        if r.get("part") != "skill":
            continue
        m, sd, n = r["mean"], r["sd"], r["games"]
        se = sd / math.sqrt(n)
        gap = m - r["at_least"]
        need = math.ceil((z * sd / abs(gap)) ** 2) if gap else math.inf
        what = ("to show it at least" if gap > 0 else "to show it below (at least)")
        setting = ", ".join(f"{k}={v!r}" for k, v in r["setting"].items())
        body.append([r["time_utc"], r["game"], setting, f"{r['bots'][1]} vs {r['bots'][0]}", f"{n:,}",
                     f"{_pct(m)} +- {_pct(1.96 * se)}", f"{sd:.3f}", f"{r['cpu_per_game']:.2f}",
                     f"{what} {_pct(r['at_least'])}: {need:,} games, {need * r['cpu_per_game'] / 2 / 60:,.0f} min "
                     f"on two idle cores", f"{r['wall_s']:,.0f} / {r['cpu_s']:,.0f}", _load_span(r),
                     r.get("mode", "source")])
    return _md(["run (UTC)", "game", "setting", "bots", "skill games", "share ahead (95%)", "sd a game",
                "CPU s a game", "a decided skill goal needs", "wall s / CPU s", "load", "mode"], body)


TABLES = {"synthetic": table_synthetic, "real": table_real, "first-lines": table_first_lines,
          "plans": table_plans, "widths": table_widths, "rotation": table_rotation, "levers": table_levers,
          "measure": table_measure, "skill": table_skill}


def render_doc(text: str, rows: list[dict]) -> str:
    """``text`` with every ``<!-- balance-table:NAME -->`` block replaced by the table made from ``rows``."""
    import re

    def fill(m):
        name = m.group(1)
        return f"<!-- balance-table:{name} -->\n{TABLES[name](rows)}\n<!-- /balance-table -->"
    return re.sub(r"<!-- balance-table:([a-z-]+) -->\n.*?<!-- /balance-table -->", fill, text, flags=re.S)


def run_tables(args) -> None:
    """Write (or, with --dry, print) the note's tables from balance.jsonl."""
    rows = read_rows(args.out)
    text = DOC.read_text(encoding="utf-8")
    new = render_doc(text, rows)
    if args.dry:
        print(new)
    else:
        DOC.write_text(new, encoding="utf-8")
        print(f"{DOC}: {'unchanged' if new == text else 'tables regenerated'}")


# ----------------------------------------------------------------------------- helpers
def _load() -> list:
    return [round(x, 2) for x in os.getloadavg()]


def _cpu() -> float:
    """CPU seconds of this process and of its finished workers (a process pool's, once shut down)."""
    import resource
    me, kids = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
    return me.ru_utime + me.ru_stime + kids.ru_utime + kids.ru_stime


def _stamp() -> dict:
    import subprocess
    try:
        code = subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=HERE, capture_output=True,
                              text=True, timeout=10).stdout.strip()
    except (OSError, subprocess.SubprocessError):
        code = "?"
    from tabletop_nb.games.pebble_rock.engine import turn
    out = {"code": code, "time_utc": time.strftime("%Y-%m-%d %H:%M", time.gmtime()),
           "machine": f"{os.cpu_count()} cores",
           "mode": "compiled" if not str(turn.__file__).endswith(".py") else "source"}
    if _BALANCE_CODE:
        out["balance_code"] = _BALANCE_CODE
    return out


#: ``--balance-code``: the commit of lab/balance.py that ran (a scratch clone's HEAD may be older)
_BALANCE_CODE = ""


def _write(path, row: dict) -> None:
    Path(path).parent.mkdir(parents=True, exist_ok=True)
    with open(path, "a", encoding="utf-8") as f:
        f.write(json.dumps(row, default=str) + "\n")


def main(argv=None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--part", choices=("synthetic", "real", "measure", "summarise", "levers", "widths", "rotation",
                                       "tables", "skill"),
                    required=True)
    ap.add_argument("--levers", action="store_true", help="--part real: balance(..., levers=True)")
    ap.add_argument("--lever-games", type=int, default=600, help="games per one-step change (levers)")
    ap.add_argument("--skill-games", type=int, default=40, help="--part real: skill games per finalist")
    ap.add_argument("--summarise", default=None, help="--part summarise: the --rows file to read")
    ap.add_argument("--dry", action="store_true", help="--part summarise: print, do not write a row")
    ap.add_argument("--out", default=str(OUT))
    ap.add_argument("--alpha", type=float, default=0.05)
    ap.add_argument("--finalists", type=int, default=3)
    ap.add_argument("--confirm", type=int, default=None, help="confirmation games per finalist (default: auto)")
    # synthetic
    ap.add_argument("--studies", type=int, default=200)
    ap.add_argument("--seed0", type=int, default=0)
    ap.add_argument("--budget", type=int, default=None, help="race games (synthetic default 6000, real 100000)")
    ap.add_argument("--rows", default=None, help="also write one line per study to this file")
    ap.add_argument("--verbose", action="store_true")
    # real
    ap.add_argument("--game", choices=sorted(REAL), default="pebble_rock")
    ap.add_argument("--players", type=int, default=None)
    ap.add_argument("--seed", type=int, default=28)
    ap.add_argument("--time-limit", type=float, default=300.0)
    ap.add_argument("--batch", type=int, default=100, help="--part real: games per setting per round of the race")
    ap.add_argument("--skill", default=None, help="add the goal ('greedy', SKILL, --skill-share), e.g. search:20")
    ap.add_argument("--skill-share", type=float, default=0.55,
                    help="the skill goal's share: SKILL finishes ahead of greedy at least this often")
    ap.add_argument("--check", type=int, default=5000, help="fresh games to check the pick on (0: none)")
    ap.add_argument("--check-seed", type=int, default=928_028)
    ap.add_argument("--save", default=None, help="save the BalanceResult as JSON here")
    ap.add_argument("--games", type=int, default=3000)
    ap.add_argument("--blocks", type=int, default=1000, help="--part rotation: seeds, each played in 4 rotations")
    ap.add_argument("--setting", default='{"first_player": -1, "catch_up": false, "start_fish": 7}',
                    help="--part skill: the setting as JSON")
    ap.add_argument("--balance-code", default="", help="the commit of lab/balance.py that runs (for a scratch clone)")
    args = ap.parse_args(argv)
    global _BALANCE_CODE
    _BALANCE_CODE = args.balance_code
    args.budget_given = args.budget is not None
    args.time_limit_given = any(a.startswith("--time-limit") for a in (argv if argv is not None else sys.argv[1:]))
    if args.budget is None:
        args.budget = 4000 if args.part in ("synthetic", "summarise") else 100_000
    {"synthetic": run_synthetic, "real": run_real, "measure": run_measure, "summarise": run_summarise,
     "levers": run_levers, "widths": run_widths, "rotation": run_rotation, "tables": run_tables,
     "skill": run_skill}[args.part](args)


if __name__ == "__main__":
    main()
