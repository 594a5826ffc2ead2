"""Soak test for A Pleasant Journey to Neko: many seeded games, every invariant at every step.

    python benchmarks/soak_neko.py --games 5000 --seed 1 [--players 2 3 4] [--bots random greedy]

Games rotate over the player counts and the four variant settings (base, advanced cards,
advanced setup, both). At every step ``invariants(game, state)`` must be empty (NK-INV); between
steps no ship's crossed count falls (NK-INV-05) and the hub/card dice of a round are never moved
(NK-ACT-10). Bots are seated in rotation (random only by default). Exits 1 on the first failure,
printing the seed so the game can be replayed alone.
"""
from __future__ import annotations

import argparse
import sys
import time
from collections import Counter


import tabletop_nb
from tabletop_nb import CHANCE, TERMINAL
from tabletop_nb.core.bots import resolve_bot
from tabletop_nb.core.runner import seat_streams, seed_sequence
from tabletop_nb.games.neko import invariants

VARIANTS = ({}, {"advanced_cards": True}, {"advanced_setup": True},
            {"advanced_cards": True, "advanced_setup": True})


def _ships_fell(before, after) -> str | None:
    for i, (a, b) in enumerate(zip(before.players, after.players)):
        if a.ships == b.ships:
            continue
        for lane in range(len(a.lanes)):
            fa = sorted(k for (li, k, _) in a.ships if li == lane)
            fb = sorted(k for (li, k, _) in b.ships if li == lane)
            # ships are only added (at 0) or moved right: the k-th furthest never falls
            if len(fb) < len(fa) or any(x < y for x, y in zip(fb[::-1], fa[::-1])):
                return f"player {i}: a ship moved back in lane {lane}"
    return None


def play_checked(game, bots, seed: int, check_every: int = 1) -> dict:
    """Play one seeded game, checking invariants; return counts. Raises AssertionError."""
    chance_rng, bot_rngs = seat_streams(seed_sequence(seed), game.num_players)
    funcs = [resolve_bot(game, b) for b in bots]
    s = game.initial_state()
    steps = 0
    while True:
        if steps % check_every == 0:
            bad = invariants(game, s)
            if bad:
                raise AssertionError(f"seed {seed}, step {steps}: {bad}")
        p = game.current_player(s)
        if p == TERMINAL:
            break
        if p == CHANCE:
            a = game.sample_chance(s, chance_rng)
            s2 = game.apply_trusted(s, a)
        else:
            a = funcs[p](game, game.observation(s, p), bot_rngs[p])
            s2 = game.apply(s, a)
        if steps % check_every == 0:
            fell = _ships_fell(s, s2)
            if fell:
                raise AssertionError(f"seed {seed}, step {steps}: {fell}")
        s = s2
        steps += 1
        if steps > game.max_actions:
            raise AssertionError(f"seed {seed}: no end after {steps} actions")
    return {"actions": steps, "scores": game.scores(s), "winner": game.winners(s)[0]}


def soak(games: int, seed: int = 0, players=(2, 3, 4), bots=("random",), check_every: int = 1,
         progress: bool = False) -> dict:
    """Play ``games`` games rotating player counts, variants and bot seatings."""
    t0 = time.perf_counter()
    actions = 0
    configs = Counter()
    made: dict = {}
    for i in range(games):
        n = players[i % len(players)]
        variant = VARIANTS[(i // len(players)) % len(VARIANTS)]
        key = (n, tuple(sorted(variant)))
        game = made.get(key)
        if game is None:
            game = made[key] = tabletop_nb.load_game("neko", players=n, **variant)
        seat = [bots[(i + k) % len(bots)] for k in range(n)]
        out = play_checked(game, seat, seed * 1_000_003 + i, check_every)
        actions += out["actions"]
        configs[(n, tuple(sorted(variant)))] += 1
        if progress and (i + 1) % 500 == 0:
            print(f"  {i + 1} games, {actions} actions, {time.perf_counter() - t0:.1f} s", flush=True)
    return {"games": games, "actions": actions, "seconds": time.perf_counter() - t0,
            "configs": dict(configs)}


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=5000)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--players", type=int, nargs="+", default=[2, 3, 4])
    ap.add_argument("--bots", nargs="+", default=["random"])
    ap.add_argument("--check-every", type=int, default=1)
    args = ap.parse_args(argv)
    try:
        out = soak(args.games, args.seed, tuple(args.players), tuple(args.bots), args.check_every,
                   progress=True)
    except AssertionError as e:
        print(f"FAILED: {e}")
        return 1
    print(f"{out['games']} games, {out['actions']} actions, every invariant held "
          f"({out['seconds']:.1f} s)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
