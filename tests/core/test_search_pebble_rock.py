"""Pebble Rock's route plans for the search bot: each plan sails for its own goal.

At the dice and at every step, ``search_actions`` offers the greedy planner's next best
goals as Plans (the step or dice greedy would take for that goal, then sailing for it for
the rest of the turn). These tests check that a plan's follow-up really heads for its goal
and stops at the end of the turn, and that the plans differ from the greedy bot's route.
"""
from __future__ import annotations

import numpy as np

import tabletop_nb
from tabletop_nb import CHANCE
from tabletop_nb.core.search import Plan
from tabletop_nb.games.pebble_rock.bots import _planner, greedy_bot, search_actions
from tabletop_nb.games.pebble_rock.state import Step


def _move_decisions(game, seed, count):
    """States at a step of a move where the search offers plans (greedy play between)."""
    rng = np.random.default_rng(seed)
    s = game.initial_state()
    out = []
    while not game.is_terminal(s) and len(out) < count:
        p = game.current_player(s)
        if p == CHANCE:
            s = game.apply(s, game.sample_chance(s, rng))
            continue
        if s.phase == "move" and not s.todo:
            plans = [c for c in search_actions(game, s, rng) if type(c) is Plan]
            if plans:
                out.append((s, plans))
        s = game.apply(s, greedy_bot(game, s, rng))
    return out


def test_a_plan_sails_for_its_goal_until_the_turn_ends():
    game = tabletop_nb.load_game("pebble_rock", players=2)
    pl = _planner(game)
    found = _move_decisions(game, 3, 25)
    assert len(found) >= 20
    closer = steps = ended = 0
    for s, plans in found:
        seat = s.seat
        for plan in plans:
            follow = plan.follow
            rng = np.random.default_rng(0)
            t = game.apply(s, plan.action)
            for _ in range(60):  # a turn is never this long
                if game.current_player(t) == CHANCE:
                    t = game.apply(t, game.sample_chance(t, rng))
                    continue
                if game.is_terminal(t) or game.current_player(t) != seat:
                    break
                a = follow(game, t, rng)
                if a is None:
                    ended += 1
                    break
                assert a in game.legal_actions(t)
                if isinstance(a, Step):
                    goal = pl.named_goal(t, seat, follow.key)
                    steps += 1
                    closer += goal[3] == 0 or pl.distance(goal[0], a.to) < goal[3]
                t = game.apply(t, a)
            else:
                raise AssertionError("a plan's follow-up never handed back")
            if t.turns > s.turns:  # the turn is over: the plan hands back
                assert follow(game, t, rng) is None
    assert steps > 20 and closer >= 0.9 * steps
    assert ended > 0


def test_plans_offer_other_goals_than_the_greedy_route():
    game = tabletop_nb.load_game("pebble_rock", players=3)
    found = _move_decisions(game, 5, 30)
    assert found
    differs = 0
    for s, plans in found:
        first = greedy_bot(game, s, np.random.default_rng(1))
        differs += any(p.action != first for p in plans)
        assert len({p.label for p in plans}) == len(plans)  # distinct goals
    assert differs > 0  # some plan starts another way than greedy
