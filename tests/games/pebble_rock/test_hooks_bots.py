"""Issue 36: every hook of Pebble Rock (``tt.hooks("pebble_rock")``) is followed by the bots.

The house rules and their games are here; the checks are in ``tests/hooks_bots.py``.
"""
import numpy as np
import pytest

import tabletop_nb as tt
from hooks_bots import assert_every_hook_has_a_house_rule, assert_greedy_follows, assert_search_follows
from tabletop_nb.core.bots import resolve_bot
from tabletop_nb.games.pebble_rock import PebbleRockGame, invariants
from tabletop_nb.games.pebble_rock.state import Step, replace


class BiggerHolds(PebbleRockGame):
    def capacity(self, s, seat):
        return super().capacity(s, seat) + 1


class OddCardsPayMore(PebbleRockGame):
    def delivery_points(self, card):
        return super().delivery_points(card) + (4 if card % 2 else 0)


class PaidJetstreams(PebbleRockGame):
    def jetstream_fee(self, s, seat):
        return super().jetstream_fee(s, seat) + 3


class NoGiftFromMaisy(PebbleRockGame):
    def maisy_cargo(self, s, seat):
        return 0


class CatchUpForAllButLast(PebbleRockGame):
    def alone_last(self, s, seat):
        return not super().alone_last(s, seat)


#: hook -> (house rule, greedy games, search games); None: measured on a position below
VARIANTS = {
    "capacity": (BiggerHolds, 10, 1),
    "delivery_points": (OddCardsPayMore, 10, 1),
    # the greedy bot weighs a fee only between steps equally near its goal, which seeded
    # games reach about once in a hundred: see test_greedy_steps_around_a_paid_jetstream
    "jetstream_fee": (PaidJetstreams, None, None),
    "maisy_cargo": (NoGiftFromMaisy, 10, 1),
    "alone_last": (CatchUpForAllButLast, 10, 1),
}
SEEDED = [h for h, v in VARIANTS.items() if v[1] is not None]

HOOKS = tt.hooks("pebble_rock")


def test_every_hook_has_a_house_rule_here():
    """A new hook needs its own case in this file."""
    assert_every_hook_has_a_house_rule(VARIANTS, HOOKS)


@pytest.mark.parametrize("hook", SEEDED)
def test_greedy_follows_the_hook(hook):
    """PR-SETUP-11, PR-ITEM-UPG-01, PR-DELIV-06, PR-JET-02, PR-DICE-03 (each hook's rules):
    the greedy bot's decisions change under a house rule that changes the hook, the
    control's never."""
    cls, games, _ = VARIANTS[hook]
    assert_greedy_follows(HOOKS, hook, cls, games)


@pytest.mark.parametrize("hook", SEEDED)
def test_search_follows_the_hook(hook):
    """The search bot (a small budget) follows every hook: its rollouts play the variant."""
    cls, _, games = VARIANTS[hook]
    assert_search_follows(hook, cls, games)


def _paid_jetstream_positions():
    """States of a seeded greedy game with a jetstream token put on the space the greedy
    bot steps to: (state, the step it took)."""
    base = tt.load_game("pebble_rock", players=3)
    bot = resolve_bot(base, "greedy")
    rng = np.random.default_rng(3)
    s = base.initial_state()
    while not base.is_terminal(s):
        if base.current_player(s) < 0:
            s = base.apply(s, base.sample_chance(s, rng))
            continue
        a = bot(base, s, rng)
        if type(a) is Step and a.to not in s.jets:
            s2 = replace(s, jets=s.jets | {a.to})
            if not invariants(base, s2):
                yield s2, a
        s = base.apply(s, a)


def test_greedy_steps_around_a_paid_jetstream():
    """PR-JET-02: with a fee for riding a jetstream (the hook), the greedy bot takes the
    other of two equally near steps where the printed game (no fee) takes the token's."""
    base = tt.load_game("pebble_rock", players=3)
    paid = PaidJetstreams(base.rules)
    bot = resolve_bot(base, "greedy")
    changed = [a for s, a in _paid_jetstream_positions()
               if bot(base, s, np.random.default_rng(1)) != bot(paid, s, np.random.default_rng(1))]
    assert changed
    assert all(type(a) is Step for a in changed)


def test_search_steps_around_a_paid_jetstream():
    """PR-JET-02: the search bot (a small budget) too, on the same positions."""
    base = tt.load_game("pebble_rock", players=3)
    paid = PaidJetstreams(base.rules)
    bot = tt.bots.search(simulations=4)
    for n, (s, _) in enumerate(_paid_jetstream_positions()):
        if bot(base, s, np.random.default_rng(1)) != bot(paid, s, np.random.default_rng(1)):
            return
        if n > 60:
            break
    raise AssertionError("the search bot never stepped around a paid jetstream")
