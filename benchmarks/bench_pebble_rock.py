"""Pebble Rock benchmarks: engine speed with random bots, and the greedy bot's strength.

    python benchmarks/bench_pebble_rock.py [--seconds 10] [--games 1000] [--skip-greedy]

Speed: random 4-player (and 2-player) games played on one core for ``--seconds``,
reported as games and actions (decisions + chance outcomes) per second, in CPU time
(the machine may be shared) and in wall time. Strength: the greedy bot against three
random bots over ``--games`` 4-player games, the greedy seat rotating (a quarter of the
games in each seat), plus all-greedy track and final scores.
"""
from __future__ import annotations

import argparse
import time

import numpy as np

import tabletop_nb
from tabletop_nb.core.runner import play_state


def speed(players: int, seconds: float, seed: int = 0) -> dict:
    game = tabletop_nb.load_game("pebble_rock", players=players)
    play_state(game, "random", np.random.SeedSequence(seed, spawn_key=(10**6,)), False)  # warm up
    games = actions = 0
    c0, w0 = time.process_time(), time.perf_counter()
    while time.process_time() - c0 < seconds:
        out = play_state(game, "random", np.random.SeedSequence(seed, spawn_key=(games,)), False)
        games += 1
        actions += out.decisions + out.chance
    cpu, wall = time.process_time() - c0, time.perf_counter() - w0
    return {"players": players, "games": games, "actions": actions,
            "games_per_s_cpu": games / cpu, "actions_per_s_cpu": actions / cpu,
            "games_per_s_wall": games / wall, "actions_per_s_wall": actions / wall,
            "actions_per_game": actions / games}


def strength(games: int, seed: int = 1) -> dict:
    game = tabletop_nb.load_game("pebble_rock", players=4)
    wins = shared = played = 0
    g_scores, r_scores = [], []
    for seat in range(4):
        bots = ["random"] * 4
        bots[seat] = "greedy"
        df = tabletop_nb.simulate(game, bots, games=games // 4, seed=seed + seat, progress=False)
        g = df[df.seat == seat]
        wins += int(g.winner.sum())
        shared += int(g.shared_win.sum())
        played += len(g)
        g_scores += list(g.score)
        r_scores += list(df[df.seat != seat].score)
    allg = tabletop_nb.simulate(game, "greedy", games=max(100, games // 5), seed=seed + 9, progress=False)
    return {"games": played, "greedy_wins": wins, "greedy_shared_wins": shared,
            "greedy_win_rate": wins / played, "greedy_mean_score": float(np.mean(g_scores)),
            "random_mean_score": float(np.mean(r_scores)),
            "all_greedy_mean_final": float(allg.score.mean()),
            "all_greedy_games": int(allg.game.nunique()),
            "all_greedy_seat_win_rates": [round(float(x), 3) for x in allg.groupby("seat").winner.mean()]}


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seconds", type=float, default=10.0)
    ap.add_argument("--games", type=int, default=1000)
    ap.add_argument("--skip-greedy", action="store_true")
    args = ap.parse_args(argv)
    for n in (4, 2):
        r = speed(n, args.seconds)
        print(f"random {n}p: {r['games']} games in {args.seconds:.0f} s CPU: "
              f"{r['games_per_s_cpu']:.1f} games/s, {r['actions_per_s_cpu']:,.0f} actions/s (CPU time); "
              f"{r['games_per_s_wall']:.1f} games/s, {r['actions_per_s_wall']:,.0f} actions/s (wall); "
              f"{r['actions_per_game']:.0f} actions/game")
    if not args.skip_greedy:
        t = time.perf_counter()
        st = strength(args.games)
        print(f"greedy vs 3 random, {st['games']} 4-player games (seat rotating): greedy won "
              f"{st['greedy_wins']} ({100 * st['greedy_win_rate']:.1f}%, {st['greedy_shared_wins']} shared); "
              f"mean final score greedy {st['greedy_mean_score']:.1f}, random {st['random_mean_score']:.1f}")
        print(f"all greedy ({st['all_greedy_games']} games): mean final score "
              f"{st['all_greedy_mean_final']:.1f}; win rate by seat {st['all_greedy_seat_win_rates']}")
        print(f"({time.perf_counter() - t:.0f} s)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
