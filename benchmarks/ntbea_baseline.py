"""A one-game-per-evaluation NTBEA baseline for ``bench_balance.py`` (issue 28).

N-Tuple Bandit Evolutionary Algorithm as TAG tunes game parameters with it (Lucas, Liu &
Perez-Liebana 2018; TAG's ``NTBEA``): a model of the mean fitness of every value of every
rule (1-tuples) and of every pair of values (2-tuples); each iteration plays ONE game of
the current setting on a fresh seed, adds its fitness to the model, draws ``neighbours``
mutants of the current setting and moves to the one with the best UCB score (the mean of
its tuples' ``mean + k sqrt(log(N + 1) / (n + eps))``). At the end it picks, among the
settings it evaluated, the one with the best model estimate (no exploration term).

The fitness of one game (the only thing one game can give): minus the distance from the
goals, ``-(|won_0 - 1/n| / tol_fair + |turns - target| / tol_turns)``, seat 0's win
indicator against its fair share and the length against the target. Its mean is NOT the
distance of the means (``E|won_0 - 1/n| = 1/n + p0 (1 - 2/n)`` grows with seat 0's win
rate ``p0``, so the fitness prefers settings where seat 0 loses), which is what one game
per evaluation costs. ``means=True`` is a kinder variant: the model keeps seat 0's win rate
and the mean length per tuple and the pick minimises the goals' badness of those model
means (the same badness as the tool's). Both are returned by :func:`ntbea`.
"""
from __future__ import annotations

import itertools
import math
from typing import Any, Mapping, Sequence

import numpy as np


def play_one(game: Any, rng: np.random.Generator) -> tuple[int, int]:
    """One game of a chance-only game (Known Odds): (seat 0 won, turns)."""
    from tabletop_nb.core.protocol import CHANCE
    s = game.initial_state()
    while game.current_player(s) == CHANCE:
        outs = game.chance_outcomes(s)
        probs = np.array([float(p) for _, p in outs])
        k = int(rng.choice(len(outs), p=probs / probs.sum()))
        s = game.apply(s, outs[k][0])
    won0 = int(game.winners(s) == (0,)) if hasattr(game, "winners") else int(game.scores(s)[0] > 0)
    return won0, int(game.turn_count(s))


class _Sampler:
    """Draws one game per call, exactly as the game's chance nodes do, but with the
    outcome tables precomputed per setting (so 20,000 evaluations take a second)."""

    def __init__(self, game: Any):
        self.game = game
        self.cache: dict[tuple, tuple] = {}

    def tables(self, g: Any, key: tuple) -> tuple:
        if key not in self.cache:
            s = g.initial_state()
            win_outs = g.chance_outcomes(s)
            p_win = np.array([float(p) for _, p in win_outs])
            seats = np.array([a.seat for a, _ in win_outs])
            s2 = g.apply(s, win_outs[0][0])
            len_outs = g.chance_outcomes(s2)
            p_len = np.array([float(p) for _, p in len_outs])
            turns = np.array([a.turns for a, _ in len_outs])
            self.cache[key] = (np.cumsum(p_win), seats, np.cumsum(p_len), turns)
        return self.cache[key]

    def one(self, g: Any, key: tuple, uv: np.ndarray) -> tuple[int, int]:
        cw, seats, cl, turns = self.tables(g, key)
        u, v = uv
        seat = seats[min(int(np.searchsorted(cw, u * cw[-1], side="right")), len(seats) - 1)]
        t = turns[min(int(np.searchsorted(cl, v * cl[-1], side="right")), len(turns) - 1)]
        return int(seat == 0), int(t)


def ntbea(game: Any, space: Mapping[str, Sequence[Any]], goals: Mapping[str, Any], evaluations: int,
          seed: int, neighbours: int = 50, k_explore: float = 2.0, eps: float = 0.5,
          mutation: float = 0.5) -> dict:
    """Run NTBEA for ``evaluations`` games; returns both picks (see the module's docstring).

    ``goals``: ``{"fair": tol, "turns": (target, tol)}``. Fresh seeds: evaluation ``i``
    plays on ``SeedSequence(seed, spawn_key=(2**43 + i,))``, never a seed of the tool.
    """
    from tabletop_nb.lab.balance import _build

    paths = list(space)
    values = [list(v) for v in space.values()]
    sizes = [len(v) for v in values]
    d = len(sizes)
    n = game.num_players
    tol_f = float(goals["fair"])
    target_t, tol_t = (float(x) for x in goals["turns"])
    tuples = [(i,) for i in range(d)] + list(itertools.combinations(range(d), 2))
    shapes = [tuple(sizes[i] for i in t) for t in tuples]
    # per tuple: count, fitness sum, seat-0 win sum, turns sum
    cnt = [np.zeros(s) for s in shapes]
    fit = [np.zeros(s) for s in shapes]
    won = [np.zeros(s) for s in shapes]
    trn = [np.zeros(s) for s in shapes]
    sampler = _Sampler(game)
    games: dict[tuple, Any] = {}
    rng_search = np.random.default_rng(np.random.SeedSequence(seed, spawn_key=(2 ** 43 - 1,)))
    rng_games = np.random.default_rng(np.random.SeedSequence(seed, spawn_key=(2 ** 43,)))
    cur = tuple(int(rng_search.integers(s)) for s in sizes)
    visited: set = set()
    total = 0
    fit_sq = fit_sum = 0.0
    # each tuple's arrays seen through the full grid's shape (broadcasting), for the UCB
    views = [tuple(sizes[i] if i in t else 1 for i in range(d)) for t in tuples]
    draws = rng_games.random((evaluations, 2))  # one independent game per evaluation
    # TAG's neighbours: each rule mutated with probability `mutation`, at least one
    masks = rng_search.random((evaluations, neighbours, d)) < mutation
    forced = rng_search.integers(d, size=(evaluations, neighbours))
    masks[np.arange(evaluations)[:, None], np.arange(neighbours)[None, :], forced] = True
    fresh = np.stack([rng_search.integers(s, size=(evaluations, neighbours)) for s in sizes], axis=2)

    for i in range(evaluations):
        if cur not in games:
            games[cur] = _build(game, paths, [values[j][x] for j, x in enumerate(cur)])
        w0, t = sampler.one(games[cur], cur, draws[i])
        f = -(abs(w0 - 1 / n) / tol_f + abs(t - target_t) / tol_t)
        visited.add(cur)
        for tp, c, fs, ws, ts in zip(tuples, cnt, fit, won, trn):
            key = tuple(cur[j] for j in tp)
            c[key] += 1
            fs[key] += f
            ws[key] += w0
            ts[key] += t
        total += 1
        fit_sum += f
        fit_sq += f * f
        sd = math.sqrt(max(fit_sq / total - (fit_sum / total) ** 2, 1e-12))
        k, log_n = k_explore * sd, math.log(total + 1)
        score = np.zeros(sizes)
        for c, fs, view in zip(cnt, fit, views):
            score = score + (np.where(c > 0, fs / np.maximum(c, 1), 0.0)
                             + k * np.sqrt(log_n / (c + eps))).reshape(view)
        pts = np.where(masks[i], fresh[i], np.array(cur))
        best = int(np.argmax(score[tuple(pts.T)]))
        cur = tuple(int(x) for x in pts[best])

    pts = np.array(sorted(visited))
    est_fit = np.zeros(len(pts))
    est_w0 = np.zeros(len(pts))
    est_t = np.zeros(len(pts))
    for tp, c, fs, ws, ts in zip(tuples, cnt, fit, won, trn):
        idx = tuple(pts[:, j] for j in tp)
        cc = np.maximum(c[idx], 1)
        est_fit += fs[idx] / cc
        est_w0 += ws[idx] / cc
        est_t += ts[idx] / cc
    est_fit /= len(tuples)
    est_w0 /= len(tuples)
    est_t /= len(tuples)
    bad_means = np.maximum(np.abs(est_w0 - 1 / n) / tol_f, np.abs(est_t - target_t) / tol_t)

    def named(p) -> dict:
        return {paths[j]: values[j][int(x)] for j, x in enumerate(p)}
    return {"pick": named(pts[int(np.argmax(est_fit))]), "pick_means": named(pts[int(np.argmin(bad_means))]),
            "games": evaluations, "visited": len(visited)}


if __name__ == "__main__":
    import sys
    import time

    from tabletop_nb.lab import synthetic as sy
    g = sy.load_game(players=4, edge=24)
    t = time.perf_counter()
    out = ntbea(g, {"handicap": list(range(10, 41, 5)), "rounds": [9, 10, 11]},
                {"fair": 0.08, "turns": (40, 3)}, evaluations=int(sys.argv[1]) if len(sys.argv) > 1 else 10_000,
                seed=1)
    print(out, f"{time.perf_counter() - t:.2f} s")
