"""Issue 36: every hook of Neko (``tt.hooks("neko")``) is followed by the bots.

The house rules and their games are here; the checks are in ``tests/hooks_bots.py``.
"""
import pytest

import tabletop_nb as tt
from hooks_bots import assert_every_hook_has_a_house_rule, assert_greedy_follows, assert_search_follows
from tabletop_nb.games.neko import NekoGame


class TripleTravel(NekoGame):
    def travel_pp(self, P):
        return 3 * super().travel_pp(P)


class HarshInterference(NekoGame):
    def interference_penalty(self, n):
        return 4 * super().interference_penalty(n)


class TiesToTheLater(NekoGame):
    def wins_tie(self, s, p, q):
        return not super().wins_tie(s, p, q)


class UnevenPrices(NekoGame):
    def card_price(self, P, card, discount):
        return super().card_price(P, card, discount) + card % 3


class DearGaps(NekoGame):
    def gap_coins(self, lane, slot):
        return super().gap_coins(lane, slot) + 1


class CheapShips(NekoGame):
    def ship_price(self, P):
        return max(0, super().ship_price(P) - 2)


class CheapHarbours(NekoGame):
    def harbour_price(self, P):
        return max(0, super().harbour_price(P) - 4)


class FiveFish(NekoGame):
    def fish_taken(self, s, seat, value):
        return 5


#: hook -> (house rule, greedy games, search games)
VARIANTS = {
    "travel_pp": (TripleTravel, 20, 3),
    "interference_penalty": (HarshInterference, 20, 1),
    "wins_tie": (TiesToTheLater, 20, 1),
    "card_price": (UnevenPrices, 20, 1),
    "gap_coins": (DearGaps, 20, 1),
    "ship_price": (CheapShips, 20, 1),
    "harbour_price": (CheapHarbours, 20, 1),
    "fish_taken": (FiveFish, 20, 1),
}

HOOKS = tt.hooks("neko")


def test_every_hook_has_a_house_rule_here():
    """A new hook needs its own case in this file."""
    assert_every_hook_has_a_house_rule(VARIANTS, HOOKS)


@pytest.mark.parametrize("hook", list(VARIANTS))
def test_greedy_follows_the_hook(hook):
    """NK-TRV-01, NK-TRV-02, NK-TRV-03, NK-FIN-06, NK-RES-05, NK-BB-02, NK-PLC-02, NK-FA-06, NK-HC-02,
    NK-ACT-06 (each
    hook's rules): the greedy bot's decisions change under a house rule that changes the
    hook, the control's never."""
    cls, games, _ = VARIANTS[hook]
    assert_greedy_follows(HOOKS, hook, cls, games)


@pytest.mark.parametrize("hook", list(VARIANTS))
def test_search_follows_the_hook(hook):
    """The search bot (a small budget) follows every hook: its rollouts play the variant."""
    cls, _, games = VARIANTS[hook]
    assert_search_follows(hook, cls, games)
