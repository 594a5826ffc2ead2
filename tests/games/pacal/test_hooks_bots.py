"""Issue 36: every hook of Pacal's Rocket (``tt.hooks("pacal")``) is followed by the bots.

The house rules and their games are here; the checks are in ``tests/hooks_bots.py``.
"""
import pytest

import tabletop_nb as tt
from hooks_bots import assert_every_hook_has_a_house_rule, assert_greedy_follows, assert_search_follows
from tabletop_nb.games.pacal import PacalGame
from tabletop_nb.games.pacal.engine import turn


class LongFirstRound(PacalGame):
    def first_round(self, s):
        return s.turn < 2 * self.players


class TwoMoves(PacalGame):
    def moves_this_turn(self, s):
        return 2


class NoBuildEveryThirdTurn(PacalGame):
    def after_drops(self, s):
        if s.turn % 3 == 0:
            return turn.end_turn(self, s, s.scores, (), "", False)
        return super().after_drops(s)


def _even(moves, fallback):
    return [c for c in moves if c % 2 == 0] or fallback


class EvenStraight(PacalGame):
    def straight_moves(self, ship, pips, free):
        m = super().straight_moves(ship, pips, free)
        return _even(m, m)


class EvenTurning(PacalGame):
    def turning_moves(self, ship, pips, free):
        m = super().turning_moves(ship, pips, free)
        return _even(m, m)


class EvenArrows(PacalGame):
    def arrows_moves(self, ship, free):
        m = super().arrows_moves(ship, free)
        return _even(m, m)


class OneMoveLess(PacalGame):
    def die_moves(self, s, seat):
        m = super().die_moves(s, seat)
        return m[:-1] if len(m) > 1 else m


class NoThrees(PacalGame):
    def constellation_cells(self, s, seat, lowest=1):
        return [(h, c) for h, c in super().constellation_cells(s, seat, lowest) if h != 3]


class DoubleTakeover(PacalGame):
    def district_gain(self, district, before, seat, added):
        return 2 * super().district_gain(district, before, seat, added)


class DoubleDistricts(PacalGame):
    def final_scoring(self, s):
        return tuple((r, lk, 2 * d, g) for r, lk, d, g in super().final_scoring(s))


#: hook -> (house rule, greedy games, search games)
VARIANTS = {
    "first_round": (LongFirstRound, 30, 1),
    "moves_this_turn": (TwoMoves, 30, 1),
    "after_drops": (NoBuildEveryThirdTurn, 30, 1),
    "straight_moves": (EvenStraight, 20, 1),
    "turning_moves": (EvenTurning, 20, 1),
    "arrows_moves": (EvenArrows, 20, 1),
    "die_moves": (OneMoveLess, 20, 1),
    "constellation_cells": (NoThrees, 20, 1),
    "district_gain": (DoubleTakeover, 20, 1),
    "final_scoring": (DoubleDistricts, 150, 1),
}

HOOKS = tt.hooks("pacal")


def test_every_hook_has_a_house_rule_here():
    """A new hook needs its own case in this file."""
    assert_every_hook_has_a_house_rule(VARIANTS, HOOKS)


@pytest.mark.parametrize("hook", list(VARIANTS))
def test_greedy_follows_the_hook_or_says_why_not(hook):
    """PC-SCORE-03..08, PC-MOVE-01..03, PC-FINAL-02 (each hook's rules): the greedy bot's
    decisions change under a house rule that changes the hook, the control's never."""
    cls, games, _ = VARIANTS[hook]
    assert_greedy_follows(HOOKS, hook, cls, games, may_not_follow=True)


@pytest.mark.parametrize("hook", list(VARIANTS))
def test_search_follows_the_hook(hook):
    """The search bot (a small budget) follows every hook: its rollouts play the variant."""
    cls, _, games = VARIANTS[hook]
    assert_search_follows(hook, cls, games)
