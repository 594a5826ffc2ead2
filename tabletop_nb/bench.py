"""Throughput benchmarks: ``python -m tabletop_nb bench`` and ``benchmarks/bench_core.py``.

For each game: random playouts per second, actions per second (decisions and chance
outcomes, as the runner plays them on one core), and the median time of one
``legal_actions`` and one ``apply`` call over the states of those playouts. For dice: the
time of the exact distribution of a sum of 10 six-sided dice and of the lowest of 5.
"""
from __future__ import annotations

import functools
import operator
import statistics
import time
from typing import Iterable

import numpy as np

__all__ = ["run_bench", "bench_game", "bench_dice", "format_report"]


def bench_game(game, seconds: float = 2.0, seed: int = 0) -> dict:
    """Play random games on one core for about ``seconds``; measure what happened.

    Parameters
    ----------
    game : Game
        The game.
    seconds : float, default 2.0
        About how long to play (at least 3 games).
    seed : int, default 0
        The games' seed.

    Returns
    -------
    dict
        Games and actions per second, actions per game and the median time of
        ``legal_actions`` and ``apply``.

    Examples
    --------
    >>> import tabletop_nb
    >>> r = bench_game(tabletop_nb.load_game("pacal", players=2), seconds=0.1)
    >>> r["game"], r["games"] >= 3
    ('pacal', True)
    """
    from .core.protocol import CHANCE, TERMINAL
    from .core.runner import play_state

    games = actions = 0
    t0 = time.perf_counter()
    while True:
        ss = np.random.SeedSequence(seed, spawn_key=(games,))
        out = play_state(game, "random", ss, keep_actions=False)
        decisions, chance = out.decisions, out.chance
        games += 1
        actions += decisions + chance
        elapsed = time.perf_counter() - t0
        if elapsed >= seconds and games >= 3:
            break
    # per-call timings over the states of one more playout
    rng = np.random.default_rng(seed)
    s = game.initial_state()
    t_legal, t_apply = [], []
    clock = time.perf_counter_ns
    while True:
        p = game.current_player(s)
        if p == TERMINAL:
            break
        if p == CHANCE:
            a = game.sample_chance(s, rng)
        else:
            t = clock()
            legal = game.legal_actions(s)
            t_legal.append(clock() - t)
            a = legal[int(rng.random() * len(legal))]
        t = clock()
        s2 = game.apply(s, a)
        t_apply.append(clock() - t)
        s = s2
    return {
        "game": game.name, "players": game.num_players, "games": games,
        "seconds": round(elapsed, 3),
        "games_per_s": round(games / elapsed, 2),
        "actions_per_s": round(actions / elapsed),
        "actions_per_game": round(actions / games, 1),
        "legal_actions_us_median": round(statistics.median(t_legal) / 1000, 2) if t_legal else None,
        "apply_us_median": round(statistics.median(t_apply) / 1000, 2) if t_apply else None,
    }


def _best_time(fn, repeat: int = 7, number: int = 50) -> float:
    best = float("inf")
    for _ in range(repeat):
        t = time.perf_counter()
        for _ in range(number):
            fn()
        best = min(best, (time.perf_counter() - t) / number)
    return best


def bench_dice() -> dict:
    """Exact-odds timings for a six-sided die (best of several runs, in microseconds).

    Returns
    -------
    dict
        Timings by name (``"sum_of_10_d6_us"``, ``"lowest_of_5_d6_us"``, ...).

    Examples
    --------
    >>> sorted(bench_dice())
    ['lowest_of_5_d6_us', 'sample_1e6_d6_ms', 'sum_of_10_d6_by_addition_us', 'sum_of_10_d6_us']
    """
    from .core.dice import Die

    d6 = Die(range(1, 7), name="d6")
    return {
        "sum_of_10_d6_us": round(_best_time(lambda: d6.total(10).pmf) * 1e6, 1),
        "sum_of_10_d6_by_addition_us": round(_best_time(lambda: functools.reduce(operator.add, [d6] * 10).pmf) * 1e6, 1),
        "lowest_of_5_d6_us": round(_best_time(lambda: d6.lowest(5).pmf) * 1e6, 1),
        "sample_1e6_d6_ms": round(_best_time(lambda: d6.sample(1_000_000, rng=1), 3, 3) * 1e3, 2),
    }


def run_bench(games: Iterable[str] | None = None, seconds: float = 2.0,
              players: int | None = None) -> dict:
    """Benchmark the named games (default: every built-in game) and the dice.

    Parameters
    ----------
    games : iterable of str, optional
        Game names (default: every built-in game).
    seconds : float, default 2.0
        About how long to play each game.
    players : int, optional
        Seats (default: each game's default).

    Returns
    -------
    dict
        ``{"games": [one :func:`bench_game` row per game], "dice": bench_dice()}``.

    Examples
    --------
    >>> rep = run_bench(["pacal"], seconds=0.1)
    >>> [r["game"] for r in rep["games"]], sorted(rep)
    (['pacal'], ['dice', 'games'])
    """
    from .games import list_games, load_game

    names = list(games) if games else [g for g in list_games()]
    rows = []
    for name in names:
        game = load_game(name, players=players)
        rows.append(bench_game(game, seconds=seconds))
    return {"games": rows, "dice": bench_dice()}


def format_report(report: dict) -> str:
    """A plain-text table of :func:`run_bench`'s result.

    Parameters
    ----------
    report : dict
        What :func:`run_bench` returned.

    Returns
    -------
    str
        One line per game, then the dice.

    Examples
    --------
    >>> lines = format_report(run_bench(["pacal"], seconds=0.1)).splitlines()
    >>> lines[0].split()[:3], lines[1].split()[0], lines[-1].startswith("dice: sum of 10 d6")
    (['game', 'players', 'games/s'], 'pacal', True)
    """
    lines = [f"{'game':<12} {'players':>7} {'games/s':>9} {'actions/s':>10} {'actions/game':>12} "
             f"{'legal us':>9} {'apply us':>9}"]
    for r in report["games"]:
        lines.append(f"{r['game']:<12} {r['players']:>7} {r['games_per_s']:>9.1f} {r['actions_per_s']:>10} "
                     f"{r['actions_per_game']:>12} {r['legal_actions_us_median'] or 0:>9} "
                     f"{r['apply_us_median'] or 0:>9}")
    d = report["dice"]
    lines.append("")
    lines.append(f"dice: sum of 10 d6 exact {d['sum_of_10_d6_us']} us "
                 f"(by repeated addition {d['sum_of_10_d6_by_addition_us']} us); "
                 f"lowest of 5 d6 {d['lowest_of_5_d6_us']} us; "
                 f"1,000,000 rolls sampled in {d['sample_1e6_d6_ms']} ms")
    return "\n".join(lines)
