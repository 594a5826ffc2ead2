"""Advanced Game: advanced cards and the advanced setup's display.

Rulebook "Advanced Game", "Start a New Bid", "Advanced Card Clarification" (checklist
sections 23-24: NK-ADV-01, NK-ADV-02, NK-ADV-03, NK-ADV-04, NK-ADV-05, NK-ADV-06, NK-ADV-07, NK-ADV-08, NK-ADV-09, NK-ADV-10, NK-ADV-11, NK-ADS-01, NK-ADS-02, NK-ADS-03, NK-ADS-04, NK-ADS-05); worked example NK-EX-33. The advanced
cards' spaces are resolved first (``res_order``, :mod:`.setup`).
Tests: tests/games/neko/test_advanced.py.
"""
from __future__ import annotations


from fractions import Fraction


from ..state import Bidding, DrawAdvanced, replace_area
from .. import analysis
from .base import Engine as NekoGame
from .base import set_card_at
from .base import (remove_one)


def direct_cards(game: NekoGame, w) -> tuple:
    """Cards one may buy straight from the display (advanced game, NK-ADV-07)."""
    out = list(w.area.piles)
    for sp in game.res_order:
        c = analysis.card_on_space(game, w, sp)
        if c >= 0 and not any(w.area.bids[sp]):
            out.append(c)
    return tuple(out)


def display_piles(game: NekoGame, s) -> dict[str, tuple[int, ...]]:
    """Advanced setup: the displayed cards in piles by kind, cheapest on top (NK-ADS-02)."""
    piles: dict[str, list] = {}
    for c in s.area.piles:
        piles.setdefault(game.card[c].kind, []).append(c)
    return {k: tuple(sorted(v, key=lambda c: (game.card[c].cost, c))) for k, v in piles.items()}


def apply_new_bid(game: NekoGame, w, top, a):
    """Start a new bid: a card from the piles onto a free space of the bidding area.

    Rules: NK-ADV-05, NK-ADS-03.
    """
    p = top.seat
    space = w.area.cards.index(-1)
    w.area = replace_area(w.area, piles=remove_one(w.area.piles, a.card))
    set_card_at(game, w, space, a.card)
    w.main = Bidding(space=space, placed=0)
    w.events.append(("new_bid", p, a.card, space))


def adv_outcomes(game: NekoGame, s, top) -> list:
    """An advanced card drawn from the pool, each as likely.

    Rules: NK-ADV-02.
    """
    q = Fraction(1, len(s.area.adv_pool))
    return [(DrawAdvanced(c), q) for c in s.area.adv_pool]
