"""How much of a game is the engine: a greedy game against the replay of its actions.

    python benchmarks/bench_floor.py [--games 150] [--players 4] [--bots greedy] [neko pacal ...]

For each game: after a few warm-up games on other seeds, play ``--games`` seeded games
with the bots (CPU time per game, recording the actions), then replay each game's actions
through the engine alone (``current_player`` and ``apply_trusted``: no legal lists, no
bot, no observation). The difference is what the
bots and the legal lists cost. Also prints what 60 s for a 10,000-game two-variant
comparison on 2 processes asks of each process (issue 12).
"""
from __future__ import annotations

import argparse
import time

import numpy as np

import tabletop_nb
from tabletop_nb.core.runner import play_state


#: games played before the timed ones, so the bots' tables are as in a running worker
WARM_UP = 30


def measure(name: str, games: int, players: int, bots: str) -> dict:
    g = tabletop_nb.load_game(name, players=players)
    # warm-up games on other seeds first: the bots keep tables across games (per game
    # object, as a worker does over a long run); the timed games are new to them, since a
    # game played again would find every table filled and time too fast
    for i in range(WARM_UP):
        play_state(g, bots, np.random.SeedSequence(10**6 + i), keep_actions=False)
    t0 = time.process_time()
    recorded = [play_state(g, bots, np.random.SeedSequence(i)).actions for i in range(games)]
    whole = (time.process_time() - t0) / games
    init, current, apply = g.initial_state, g.current_player, g.apply_trusted
    t0 = time.process_time()
    for acts in recorded:
        s = init()
        for a in acts or ():
            current(s)
            s = apply(s, a)
    replay = (time.process_time() - t0) / games
    actions = sum(len(a or ()) for a in recorded) / games
    return {"game": name, "whole_ms": whole * 1e3, "replay_ms": replay * 1e3, "actions": actions}


def main(argv=None) -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("names", nargs="*", default=tabletop_nb.list_games())
    p.add_argument("--games", type=int, default=150)
    p.add_argument("--players", type=int, default=4)
    p.add_argument("--bots", default="greedy")
    a = p.parse_args(argv)
    budget = 1e3 / (20_000 / 60 / 2)  # ms a game for 20,000 games in 60 s on 2 processes
    for name in a.names:
        r = measure(name, a.games, a.players, a.bots)
        rest = r["whole_ms"] - r["replay_ms"]
        print(f"{name}: {a.bots} game {r['whole_ms']:.2f} ms, {r['actions']:.0f} actions; engine "
              f"replay {r['replay_ms']:.2f} ms ({r['replay_ms'] / r['actions'] * 1e3:.1f} us an "
              f"action); bots and legal lists {rest:.2f} ms; the 60 s goal allows {budget:.1f} ms a game")


if __name__ == "__main__":
    main()
