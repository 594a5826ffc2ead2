"""Rulebook "1. Morning Market Phase": NK-MM, worked example NK-EX-01."""
from __future__ import annotations

from tabletop_nb import CHANCE
from tabletop_nb.games.neko.state import Done, FishFor, Sell

from neko_helpers import ACTION, MARKET, ROLL, make_game, player, table


def market(game, players, order=None):
    s = table(game, players, phase=MARKET, frames=(), order=order)
    return game.advance(s)


def test_nk_ex_01_amanda_sells_three_fish__nk_mm_02():
    """NK-EX-01, NK-MM-02: Amanda sells 3 fish for 2 fuel and 8 coins (market rate)."""
    game = make_game(2)
    s = market(game, [player(game, fish=3, coins=0, fuel=2), player(game)])
    assert game.current_player(s) == 0
    s = game.apply(s, Sell("fuel"))
    s = game.apply(s, Sell("coins"))
    s = game.apply(s, Sell("coins"))
    A = s.players[0]
    assert (A.fish, A.fuel, A.coins) == (0, 4, 8)
    assert game.current_player(s) == CHANCE and s.phase == ROLL   # her fish are gone: next step


def test_nk_mm_01_sell_any_number_in_turn_order():
    """NK-MM-01: in turn order each player sells none, some or all of their fish."""
    game = make_game(3)
    s = market(game, [player(game, fish=2), player(game, fish=1), player(game, fish=4)],
               order=(2, 0, 1))
    assert game.current_player(s) == 2
    s = game.apply(s, Sell("goods"))
    s = game.apply(s, Done())                  # keeps 3 fish
    assert game.current_player(s) == 0
    s = game.apply(s, Done())                  # sells none
    assert game.current_player(s) == 1
    s = game.apply(s, Sell("coins"))           # sells all: the step ends by itself
    P = s.players
    assert (P[2].fish, P[2].goods, P[0].fish, P[1].fish, P[1].coins) == (3, 1, 2, 0, 12)
    assert s.phase == ROLL


def test_nk_mm_02_goods_rate():
    """NK-MM-02: one fish buys one good."""
    game = make_game(2)
    s = market(game, [player(game, fish=1, fuel=0), player(game)])
    s = game.apply(s, Sell("goods"))
    assert s.players[0].goods == 1


def test_nk_mm_03_cabin_cap_applies():
    """NK-MM-03: fuel and goods bought here obey the cabin cap; the excess is discarded."""
    game = make_game(2)
    s = market(game, [player(game, fish=2, fuel=7), player(game)])
    s = game.apply(s, Sell("fuel"))
    assert (s.players[0].fuel, s.players[0].fish) == (8, 1)
    s = game.apply(s, Sell("goods"))
    assert (s.players[0].fuel, s.players[0].goods) == (8, 0)


def test_nk_mm_04_skipped_without_fish():
    """NK-MM-04: with no fish anywhere the phase is skipped and nothing changes."""
    game = make_game(3)
    before = [player(game) for _ in range(3)]
    s = market(game, before)
    assert s.phase == ROLL and game.current_player(s) == CHANCE
    assert s.players == tuple(before)


def test_nk_mm_05_only_fish_sales_in_the_market():
    """NK-MM-05: only selling fish (and finishing) is possible; free actions wait for the
    Action phase."""
    game = make_game(2)
    s = market(game, [player(game, fish=2, coins=20, interference=2), player(game)])
    assert {type(a) for a in game.legal_actions(s)} == {Sell, Done}


def test_nk_mm_06_market_rate_differs_from_free_action_a():
    """NK-MM-06: the fishmonger pays 4 coins / 2 fuel per fish; free action a) pays 2 coins /
    1 fuel (two rates by design, ruling (a))."""
    game = make_game(2)
    s = table(game, [player(game, fish=2, coins=0, fuel=0, dice=(3,)), player(game)], phase=ACTION)
    s = game.apply(s, FishFor("coins"))
    s = game.apply(s, FishFor("fuel"))
    assert (s.players[0].coins, s.players[0].fuel) == (2, 1)
    s = market(game, [player(game, fish=2, coins=0, fuel=0), player(game)])
    s = game.apply(s, Sell("coins"))
    s = game.apply(s, Sell("fuel"))
    assert (s.players[0].coins, s.players[0].fuel) == (4, 2)
