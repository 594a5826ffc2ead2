"""The legal moves, the row's eligible cards and the observation, in every position of
seeded games of several configurations, are their definitions written the plain way:
the moves as one loop over the neighbours with the occupied spaces built first (the
engine builds them only when a piece is beside the boat), split into the steps and the
others in the legal order; the eligible cards as the deck filtered card by card; the
observation as the state with the others' Assignments hidden.
"""
from __future__ import annotations

import numpy as np
import pytest

import tabletop_nb
from tabletop_nb import CHANCE
from tabletop_nb.games.pebble_rock import CONFORMANCE
from tabletop_nb.games.pebble_rock.engine import deliveries, items, movement
from tabletop_nb.games.pebble_rock.engine.base import HIDDEN
from tabletop_nb.games.pebble_rock.state import ROBERTO, DeliverTreasure, Step, replace_state
from tabletop_nb.games.pebble_rock.frames import FillRowSlot


def plain_move_actions(game, s) -> list:
    """movement.move_actions as the rule reads, with the occupied set built first."""
    r = game.rules
    seat = s.seat
    p = s.players[seat]
    pos = s.boats[seat]
    t = s.turn
    chars = s.chars
    occ = set(chars)
    for i, b in enumerate(s.boats):
        if i != seat:
            occ.add(b)
    acts = []
    steps, fish, revisit = s.steps, p.fish, r.revisit_spaces
    if steps > 0 or fish > 0:
        for n in game.adj[pos]:
            if not revisit and n in t.visited:
                continue
            if n in occ and not movement.can_leave(game, s, n, occ, steps, fish, revisit, t.visited):
                continue
            acts.append(game.step_actions[n])
    if pos not in occ and (r.zero_step_move or s.moved or not acts):
        acts.append(game.tables.stop)
    if s.moved or r.start_space_counts:
        deliveries.space_actions(game, s, p, pos, acts)
    elif r.treasure_beside_roberto_anytime and p.treasures and chars[ROBERTO] in game.adjset[pos]:
        acts.append(DeliverTreasure())
    if p.items and not t.item_used:
        acts.extend(items.item_actions(game, s, p, pos, occ))
    if p.passengers or game.tables.anytime_rules:
        acts.extend(items.anytime_actions(game, s, p))
    return acts


def plain_row_eligible(game, s) -> tuple:
    used = deliveries.row_islands(game, s.table.row)
    dest = game.rules.destination_blocks_row
    return tuple(c for c in s.table.deck if game.card_island[c] not in used
                 and not (dest and game.card_dest[c] in used))


def _positions(game, seed: int, bots="random"):
    rng = np.random.default_rng(seed)
    bot = game.bots()["greedy"] if bots == "greedy" else None
    s = game.initial_state()
    while not game.is_terminal(s):
        yield s
        if game.current_player(s) == CHANCE:
            s = game.apply_trusted(s, game.sample_chance(s, rng))
        elif bot is not None:
            s = game.apply_trusted(s, bot(game, game.observation(s, game.current_player(s)), rng))
        else:
            legal = game.legal_actions(s)
            s = game.apply_trusted(s, legal[int(rng.integers(len(legal)))])


@pytest.mark.parametrize("cfg", CONFORMANCE, ids=lambda c: "-".join(f"{k}={v}" for k, v in list(c.items())[:3]))
def test_move_actions_and_row_eligible_are_their_plain_definitions(cfg):
    game = tabletop_nb.load_game("pebble_rock", **cfg)
    moves = draws = 0
    for seed, bots in ((0, "random"), (1, "greedy")):
        for s in _positions(game, seed, bots):
            if s.phase == "move" and not s.todo:
                assert movement.move_actions(game, s) == plain_move_actions(game, s)
                # the greedy bot's split: the steps, then the rest, in the legal order
                steps, others = game.move_options(s)
                assert steps + others == plain_move_actions(game, s)
                assert all(type(a) is Step for a in steps)
                assert not any(type(a) is Step for a in others)
                moves += 1
            if s.todo and isinstance(s.todo[0], FillRowSlot):
                assert deliveries.row_eligible(game, s) == plain_row_eligible(game, s)
                draws += 1
            if game.current_player(s) >= 0:
                seat = game.current_player(s)
                hide = game.rules.secret_assignments
                assert game.observation(s, seat) == replace_state(
                    s, secret=tuple(HIDDEN if hide and i != seat else sec
                                    for i, sec in enumerate(s.secret)))
    assert moves > 100 and draws > 5
