"""The greedy bot's caches (kept inside its planner, see bots.py) give exactly what the
plain definitions they stand in for give, in the positions of whole seeded games.

tests/games/pebble_rock/test_golden_greedy.py pins whole games; these tests pin each
piece, so a piece that drifts from its definition fails here by name.
"""
from __future__ import annotations

import numpy as np
import pytest

import tabletop_nb
from tabletop_nb import CHANCE
from tabletop_nb.games.pebble_rock import CONFORMANCE
from tabletop_nb.games.pebble_rock import bots as B
from tabletop_nb.games.pebble_rock.state import ROBERTO


# -- the plain definitions (the code without the planner's caches) ------------------------------
def plain_goals(pl, s, seat) -> list:
    """GreedyPlanner.goals as it was written before the per-card tables."""
    g = pl.game
    r = g.rules
    p = s.players[seat]
    out = []
    cap = g.capacity(s, seat)
    room = cap - p.tokens
    last_round = s.round >= r.rounds
    for c in s.table.row:
        if not c:
            continue
        card = g.cards[c]
        isl = g.card_island[c]
        if card.kind == "cargo":
            if p.cargo >= card.amount:
                out.append((card.points + 1.0, pl.island_sets[isl], False, "deliver"))
        elif (room > 0 or p.cargo > 0) and not last_round:
            extra = pl.island_dist[isl][g.card_dest[c]]
            out.append((card.points * 0.8 / (1 + extra / 5.0), pl.island_sets[isl], False,
                        "pickup"))
    for c in p.passengers:
        out.append((g.cards[c].points + 1.5, pl.island_sets[g.card_dest[c]], False, "dropoff"))
    hidden = s.table.hidden_values
    guess = sum(hidden) / len(hidden) if hidden else 0
    if p.treasures:
        rob = s.chars[ROBERTO]
        near = frozenset(pl.info.adj[rob]) - {rob}
        if near:
            out.append((guess * len(p.treasures) + 1.0, near, False, "treasure_deliver"))
    elif s.table.treasure_spaces and not last_round and (room > 0 or p.cargo > 1):
        out.append((guess * 0.45, frozenset(s.table.treasure_spaces), False, "treasure"))
    usable = max([g.card_cargo[c] for c in s.table.row if c and g.card_cargo[c]] or [0])
    if room > 0 and (p.cargo < usable or p.cargo <= 1):
        out.append((1.6 * room + (2.0 if p.cargo == 0 else 0.0), pl.docks, True, "dock"))
    if len(p.items) < r.max_items and any(k in B.ITEM_PREFERENCE[:4] for k in s.table.market) \
            and not last_round:
        out.append((2.5, pl.markets, True, "market"))
    if last_round and not p.lighthouse:
        out.append((r.lighthouse_points + 0.5, pl.docks, True, "lighthouse"))
    return out


def plain_best_goal(pl, s, seat, steps_now=0):
    """best_goal scored afresh: every goal, its free spaces, its distance from the boat."""
    pos = s.boats[seat]
    occ = set(s.chars) | {b for i, b in enumerate(s.boats) if i != seat}
    dist = pl.info.dist[pos]
    best, best_score = None, 0.0
    for value, spaces, stop, kind in plain_goals(pl, s, seat):
        if stop:
            spaces = frozenset(x for x in spaces if x not in occ or x == pos)
            if not spaces:
                continue
        d = min(dist[t] for t in spaces)
        score = value / (1.0 + max(0, d - steps_now) / 4.0)
        if score > best_score:
            best, best_score = (spaces, stop, kind, d), score
    return best


# -- the positions ---------------------------------------------------------------------------
CONFIGS = [CONFORMANCE[2], CONFORMANCE[3], CONFORMANCE[-1], dict(players=2),
           dict(players=4, cargo_capacity=5, rounds=8)]


def _decisions(game, seed: int):
    """(state, seat) of every decision of a seeded greedy game, in order, with the greedy
    bot playing it (so the bot's memos see the sequence they see in a real game)."""
    rng = np.random.default_rng(seed)
    s = game.initial_state()
    while not game.is_terminal(s):
        p = game.current_player(s)
        if p == CHANCE:
            s = game.apply_trusted(s, game.sample_chance(s, rng))
            continue
        view = game.observation(s, p)
        yield view, p
        s = game.apply_trusted(s, B.greedy_bot(game, view, rng))


@pytest.mark.parametrize("cfg", CONFIGS, ids=lambda c: f"{c.get('players')}p-{len(c)}")
def test_best_goal_is_the_plain_best_goal_at_every_decision(cfg):
    game = tabletop_nb.load_game("pebble_rock", **cfg)
    pl = B.greedy_bot.planner(game)
    hits = checked = 0
    for seed in range(3):
        for s, seat in _decisions(game, seed):
            if s.phase not in ("move", "choose") or s.boats[seat] < 0:
                continue
            steps_now = s.steps if s.phase == "move" else 0
            before = len(pl.goal_tables)
            got = pl.best_goal(s, seat, steps_now)
            hits += len(pl.goal_tables) == before  # (a known key adds no entry)
            assert got == plain_best_goal(pl, s, seat, steps_now)
            checked += 1
    assert checked > 300
    assert hits > checked // 4  # the cache these tests are about did its work


@pytest.mark.parametrize("cfg", CONFIGS[:3], ids=lambda c: f"{c.get('players')}p-{len(c)}")
def test_goals_are_the_plain_goals(cfg):
    game = tabletop_nb.load_game("pebble_rock", **cfg)
    pl = B.greedy_bot.planner(game)
    n = 0
    for s, seat in _decisions(game, 7):
        if s.boats[seat] < 0:
            continue
        assert pl.goals(s, seat) == plain_goals(pl, s, seat)
        n += 1
    assert n > 100


def test_goal_tables_cache_gives_the_tables_computed_afresh():
    """The keyed cache of _goal_tables returns what the goals and distances give afresh for
    the same position: the same goals, free spaces and distance tables."""
    game = tabletop_nb.load_game("pebble_rock", players=4)
    pl = B.greedy_bot.planner(game)
    n = 0
    for s, seat in _decisions(game, 3):
        if s.phase != "move" or s.todo:
            continue
        pos = s.boats[seat]
        got = pl._goal_tables(s, seat, pos)
        pl.goal_tables.clear()  # computed afresh
        assert pl._goal_tables(s, seat, pos) == got
        for value, spaces, stop, kind, table in got:
            assert table == tuple(min(pl.dist[x][t] for t in spaces) for x in range(pl.n))
        n += 1
    assert n > 100


@pytest.mark.parametrize("cfg", [dict(players=2), CONFORMANCE[3]])
def test_the_board_distance_is_a_hop_metric(cfg):
    """The best-goal shortcut needs a neighbour at most one step nearer to any space (and
    so to any set of spaces): the dotted lines go both ways and dist counts them."""
    game = tabletop_nb.load_game("pebble_rock", **cfg)
    info = game.info
    for x in range(info.n):
        assert x not in info.adjset[x]
        assert all(info.dist[x][y] == info.dist[y][x] for y in range(info.n))  # (to_set)
        for y in info.adj[x]:
            assert x in info.adjset[y]
            assert all(abs(a - b) <= 1 for a, b in zip(info.dist[x], info.dist[y]))


def test_card_goals_are_their_definitions():
    game = tabletop_nb.load_game("pebble_rock", players=3)
    pl = B.greedy_bot.planner(game)
    for c, card in game.cards.items():
        is_cargo, amount, goal, dropoff = pl.card_goals[c]
        assert is_cargo == (card.kind == "cargo")
        isl = game.card_island[c]
        if is_cargo:
            assert (amount, goal, dropoff) == (card.amount, (card.points + 1.0, pl.island_sets[isl],
                                                             False, "deliver"), None)
        else:
            extra = pl.island_dist[isl][game.card_dest[c]]
            assert goal == (card.points * 0.8 / (1 + extra / 5.0), pl.island_sets[isl], False,
                            "pickup")
            assert dropoff == (card.points + 1.5, pl.island_sets[game.card_dest[c]], False,
                               "dropoff")
