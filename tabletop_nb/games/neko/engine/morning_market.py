"""1. Morning Market Phase: sell fish for coins, fuel or goods.

Rulebook "Play A Round", "1. Morning Market Phase" (checklist section 3, NK-MM-01, NK-MM-02, NK-MM-03, NK-MM-04, NK-MM-05, NK-MM-06);
worked example NK-EX-01. Tests: tests/games/neko/test_morning_market.py.
"""
from __future__ import annotations


from .base import Engine as NekoGame
from .base import changing_player, pop
from . import hubs_ships


def apply_sell(game: NekoGame, w, top, a):
    """Sell one fish for coins, fuel or a good (caps apply); done when no fish is left.

    Rules: NK-MM-01, NK-MM-02, NK-MM-03, NK-MM-06.
    """
    p = top.seat
    m = changing_player(w, p)
    m.fish -= 1
    r = game.rules
    amount = {"coins": r.market_coins, "fuel": r.market_fuel, "goods": r.market_goods}[a.item]
    got = hubs_ships.gain(game, m, a.item, amount)
    w.events.append(("sell", p, a.item, got))
    if m.fish == 0:
        pop(w)


def market_choices(game: NekoGame, s, top) -> list:
    """The Morning Market: sell a fish for each good the rules allow, or be done.

    Rules: NK-MM-02, NK-MM-03, NK-MM-05.
    """
    return list(game.market_actions)
