"""Rulebook "Mid-Game Scoring", "Game End", "Final Scoring": NK-MID, NK-TRV, NK-END, NK-FIN,
NK-TIE; worked examples NK-EX-23, NK-EX-29..32."""
from __future__ import annotations

import pytest

import tabletop_nb
from tabletop_nb.games.neko.rules import MidTile
from tabletop_nb.games.neko.state import Done, LoadCargo, MoveShip

from neko_helpers import ENDGAME, OVER, PREP, E, card, make_game, port, player, replace, table

KINDS = ["most_fuel", "most_coins", "max_card_cost", "most_cards", "most_crossed", "most_ships",
         "goods_at_least", "most_goods", "fish_at_least", "least_interference"]


def mid(game, players, tiles=(0, 1, 2, 3), round=2):
    """Run the end of ``round`` (PREP) and return PP gained by each player."""
    s = table(game, players, phase=PREP, frames=(), round=round, tiles=tiles)
    s2 = game.advance(s)
    return tuple(b.pp - a.pp for a, b in zip(s.players, s2.players)), s2


def tile_game(kind, threshold=0, **kw):
    tiles = (MidTile(0, kind, 3, threshold), MidTile(1, "most_fuel", 0), MidTile(2, "most_fuel", 0),
             MidTile(3, "most_fuel", 0))
    return make_game(kw.pop("players", 3), kw.pop("cards", ()), mid_tiles=tiles, **kw)


def test_nk_ex_23_benno_scores_nine__nk_mid_01_02_nk_trv_02():
    """NK-EX-23, NK-MID-01, NK-MID-02, NK-TRV-02: Benno meets both period-1 tiles (6 PP) and his
    ships crossed 2 and 3 cards (1 + 2 PP): 9 PP."""
    cards = [card(100 + i) for i in range(5)]
    tiles = (MidTile(0, "most_fuel"), MidTile(1, "most_coins"), MidTile(2, "most_goods"),
             MidTile(3, "least_interference"))
    game = make_game(2, cards, mid_tiles=tiles)
    benno = player(game, [[100, 101, 102], [103, 104]],
                   ships=((0, 3, 0), (1, 2, 0)), fuel=5, coins=20, interference=3)
    other = player(game, fuel=1, coins=3, goods=4)
    gained, _ = mid(game, [benno, other])
    assert gained == (9, 0)


def test_nk_mid_01_period_two_scores_tiles_three_and_four():
    """NK-MID-01: round 2 scores tiles 1-2, round 4 tiles 3-4."""
    tiles = (MidTile(0, "most_fuel"), MidTile(1, "most_fuel"), MidTile(2, "most_coins"),
             MidTile(3, "most_coins"))
    game = make_game(2, mid_tiles=tiles)
    rich, fuel = player(game, coins=9, fuel=0), player(game, coins=0, fuel=5)
    assert mid(game, [rich, fuel], round=2)[0] == (0, 6)
    assert mid(game, [rich, fuel], round=4)[0] == (6, 0)


@pytest.mark.parametrize("kind,values,expect", [
    ("most_fuel", [dict(fuel=3), dict(fuel=3), dict(fuel=1)], (3, 3, 0)),            # NK-MID-03
    ("most_coins", [dict(coins=9), dict(coins=2), dict(coins=9)], (3, 0, 3)),        # NK-MID-04
    ("most_ships", [dict(ships=((0, 0, 0),) * 2), dict(), dict()], (3, 0, 0)),       # NK-MID-08
    ("most_goods", [dict(goods=1), dict(goods=2), dict()], (0, 3, 0)),               # NK-MID-10
    ("least_interference", [dict(interference=1), dict(), dict()], (0, 3, 3)),       # NK-MID-12
])
def test_nk_mid_03_04_08_10_12_simple_tiles(kind, values, expect):
    """NK-MID-03, NK-MID-04, NK-MID-08, NK-MID-10, NK-MID-12: most fuel / coins / ships / goods,
    fewest interference tiles (0 counts); ties all score."""
    game = tile_game(kind)
    players = [player(game, **{**dict(coins=0, fuel=0), **v}) for v in values]
    assert mid(game, players)[0] == expect


def test_nk_mid_05_max_card_cost_single_or_total():
    """NK-MID-05: the single most expensive card (ruling (a)); the switch sums the costs."""
    cards = [card(100, cost=6), card(101, cost=3), card(102, cost=3), card(103, cost=2)]
    for total, expect in ((False, (3, 0)), (True, (0, 3))):
        game = tile_game("max_card_cost", players=2, cards=cards, max_card_cost_total=total)
        a = player(game, [[100]])
        b = player(game, [[101, 102, 103]])
        assert mid(game, [a, b])[0] == expect


def test_nk_mid_06_07_most_cards_and_most_crossed():
    """NK-MID-06, NK-MID-07: most cards in lanes; the highest sum of cards crossed by all ships."""
    cards = [card(100 + i) for i in range(4)]
    game = tile_game("most_cards", players=2, cards=cards)
    assert mid(game, [player(game, [[100, 101, 102]]), player(game, [[103]])])[0] == (3, 0)
    game = tile_game("most_crossed", players=2, cards=cards)
    a = player(game, [[100, 101], [102]], ships=((0, 2, 0), (1, 1, 0)))      # 3 in all
    b = player(game, [[103]], ships=((0, 1, 0),))
    assert mid(game, [a, b])[0][0] == 3 + 1 and mid(game, [a, b])[0][1] == 0


def test_nk_mid_09_11_thresholds():
    """NK-MID-09, NK-MID-11: at least 5 goods; at least 5 fish; everyone who meets it scores."""
    game = tile_game("goods_at_least", threshold=5)
    assert mid(game, [player(game, goods=5, fuel=0), player(game, goods=4, fuel=0),
                      player(game, goods=6, fuel=0)])[0] == (3, 0, 3)
    game = tile_game("fish_at_least", threshold=5)
    assert mid(game, [player(game, fish=5), player(game, fish=8), player(game, fish=0)])[0] == (3, 3, 0)


@pytest.mark.parametrize("switch,expect", [(False, (0, 3)), (True, (3, 0))])
def test_nk_mid_13_goods_on_ports(switch, expect):
    """NK-MID-13: goods tiles count cabin goods only (ruling (a)); the switch adds port goods."""
    p = port(100, cargo=("",) * 4)
    game = tile_game("most_goods", players=2, cards=[p], goods_tiles_count_ports=switch)
    a = player(game, [[100]], goods=1, cargo=((100, 3),))
    assert mid(game, [a, player(game, goods=2)])[0] == expect


@pytest.mark.parametrize("switch,expect", [(False, (3, 3)), (True, (0, 0))])
def test_nk_mid_14_most_at_zero(switch, expect):
    """NK-MID-14: when the best value is 0, everyone tied at 0 scores (ruling (a)); the switch
    needs at least 1."""
    game = tile_game("most_goods", players=2, most_needs_one=switch)
    assert mid(game, [player(game), player(game)])[0] == expect


def test_nk_mid_15_tiles_use_the_state_after_resolution():
    """NK-MID-15: tiles are checked after that round's resolution and preparation: a card won at
    round 2's resolution counts for 'most cards'."""
    game = tile_game("most_cards", players=2, cards=[card(100, cost=1)])
    from neko_helpers import RESOLVE
    s = table(game, [player(game, coins=5), player(game)], phase=RESOLVE, frames=(), round=2,
              area=[100], bids={0: {0: (1,)}})
    s = game.advance(s)
    s = game.apply(s, game.legal_actions(s)[0])          # buy it
    assert s.players[0].pp == 3 and s.players[1].pp == 0


def test_nk_trv_01_04_05_ship_travel__nk_ex_31():
    """NK-TRV-01, NK-TRV-04, NK-TRV-05, NK-EX-31: a ship that crossed 0..5 cards scores
    0/0/1/2/4/7, at each mid-game scoring from where it is then; moves after the last one do
    not change it."""
    game = make_game(2, mid_tiles=tuple(MidTile(i, "most_fuel", 0) for i in range(4)))
    assert game.rules.ship_travel_pp == (0, 0, 1, 2, 4, 7)
    for crossed, pp in zip(range(6), (0, 0, 1, 2, 4, 7)):
        assert game.travel_pp(player(game, ships=((0, crossed, 0),))) == pp
    cards = [card(100 + i) for i in range(5)]
    game = make_game(2, cards, mid_tiles=tuple(MidTile(i, "most_fuel", 0) for i in range(4)))
    P = player(game, [[100, 101, 102, 103, 104]], ships=((0, 3, 0),), fuel=4)
    gained, s = mid(game, [P, player(game)], round=4)
    assert gained == (2, 0) and s.phase == ENDGAME
    s = game.apply(s, MoveShip(0, 3, 0))                 # the game-end window
    assert s.players[0].pp == 2                          # travel is not scored again


# ---------------------------------------------------------------------------- game end
def window(game, players, order=None):
    s = table(game, players, phase=ENDGAME, frames=(), round=4, order=order)
    return game.advance(s)


def test_nk_end_01_02_03_04_05_game_end_window():
    """NK-END-01..05: after mid-game scoring 2, in turn order, each player may move ships and
    place goods (and nothing else), gains hub and cargo rewards as usual, may keep resources,
    and finishes before the next player starts."""
    a, b = card(100, right="fuel"), card(101, left=2)
    p = port(102, cargo=("", "fuel"), hubs=())
    game = make_game(2, [a, b, p])
    P0 = player(game, [[100, 101, 102]], fuel=2, goods=2, coins=30, fish=5, interference=2)
    s = window(game, [player(game, fuel=2), P0], order=(1, 0))
    assert game.current_player(s) == 1
    kinds = {type(x).__name__ for x in game.legal_actions(s)}
    assert kinds == {"MoveShip", "LoadCargo", "Done"}
    s = game.apply(s, MoveShip(0, 0, 0))                 # crosses card 1: 2 x fuel hub
    assert s.players[1].fuel == 2
    s = game.apply(s, MoveShip(0, 1, 0))                 # fuel gained in the window spent in it
    assert s.players[1].fuel == 2                        # to the hub 101 | port: 2 x fuel
    s = game.apply(s, LoadCargo(0, 2))
    s = game.apply(s, LoadCargo(0, 2))                   # +1 fuel from the cargo space
    assert s.players[1].fuel == 3 and s.players[1].goods == 0
    s = game.apply(s, Done())
    assert game.current_player(s) == 0
    s = game.apply(s, Done())                            # player 1 keeps her 2 fuel
    assert s.phase == OVER and game.is_terminal(s)


def test_nk_fin_01_harbours__nk_ex_29():
    """NK-FIN-01, NK-EX-29: 1/2/3/4/5 harbours give 1/3/6/11/19 PP."""
    game = make_game(2)
    got = [game.final_breakdown(player(game, [[E] * 5] * n))[1] for n in range(1, 6)]
    assert got == [1, 3, 6, 11, 19]


def test_nk_fin_02_03_04_crossed_cards_ports_and_end_game_icons():
    """NK-FIN-02, NK-FIN-03, NK-FIN-04: crossed cards score their PP, ports only when unlocked;
    end-game icons score whether crossed or not (their PP still need a crossing)."""
    a, b = card(100, pp=2), card(101, pp=3)
    p = port(102, cargo=("",), pp=7)
    iw = card(103, "special", effect="ice_wall", pp=4)
    game = make_game(2, [a, b, p, iw])
    P = player(game, [[100, 102, 101, 103]], ships=((0, 2, 0),), coins=9)
    assert game.final_breakdown(P)[2:4] == (2, 3)           # port locked; Ice Wall 9 // 3
    P = replace(P, cargo=((102, 1),))
    assert game.final_breakdown(P)[2] == 2 + 7
    P = replace(P, ships=((0, 4, 0),))
    assert game.final_breakdown(P)[2:4] == (2 + 7 + 3 + 4, 3)


def test_nk_fin_05_06_goods_and_interference__nk_ex_30():
    """NK-FIN-05, NK-FIN-06, NK-EX-30: 1 PP per cabin good (not on ports); interference 1..5 give
    -1/-2/-4/-8/-12, 6 give -15, 7 give -18, 9 give -24."""
    game = make_game(2, [port(100, cargo=("", ""))])
    P = player(game, [[100]], goods=3, cargo=((100, 2),))
    assert game.final_breakdown(P)[4] == 3
    pens = {n: game.interference_penalty(n) for n in (0, 1, 2, 3, 4, 5, 6, 7, 9)}
    assert pens == {0: 0, 1: -1, 2: -2, 3: -4, 4: -8, 5: -12, 6: -15, 7: -18, 9: -24}


def test_nk_fin_07_interference_beyond_five_switch__nk_ex_30():
    """NK-FIN-07, NK-EX-30: ruling (a) -12 - 3(n - 5); the switch (b) gives -3 x n from 6
    tiles: NK-EX-30's other reading, 6 give -18 and 7 give -21 (1..5 as the table), and
    the final score uses it."""
    game = make_game(2, interference_times_all=True)
    pens = {n: game.interference_penalty(n) for n in (0, 1, 2, 3, 4, 5, 6, 7, 9)}
    assert pens == {0: 0, 1: -1, 2: -2, 3: -4, 4: -8, 5: -12, 6: -18, 7: -21, 9: -27}
    base = make_game(2)
    for g, pen in ((game, -21), (base, -18)):
        assert g.final_breakdown(player(g, interference=7))[5] == pen


def test_nk_fin_08_09_10_total_and_winner():
    """NK-FIN-08, NK-FIN-09, NK-FIN-10: the final score is the track plus harbours, cards, icons,
    goods and interference; coins, fuel and fish score nothing themselves; most PP wins."""
    game = make_game(2, [card(100, pp=3)])
    A = player(game, [[100]], ships=((0, 1, 0),), pp=10, goods=2, interference=1, coins=50,
               fuel=6, fish=8)
    assert game.final_breakdown(A) == (10, 1, 3, 0, 2, -1, 15)
    s = game.advance(table(game, [A, player(game, pp=15, coins=0)], phase=ENDGAME, frames=(),
                           round=4))
    s = game.apply(game.apply(s, Done()), Done())
    assert game.scores(s) == (15, 16) and game.winners(s) == (1,)


def test_nk_tie_01_02_coins_then_turn_order():
    """NK-TIE-01, NK-TIE-02: equal PP: most coins wins; still equal: earlier in the last turn
    order wins. There is always one winner."""
    game = make_game(3)
    def final(players, order):
        s = game.advance(table(game, players, phase=ENDGAME, frames=(), round=4, order=order))
        while not game.is_terminal(s):
            s = game.apply(s, Done())
        return s
    s = final([player(game, coins=5), player(game, coins=9), player(game, coins=9)], (0, 2, 1))
    assert game.winners(s) == (2,) and game.ranks(s) == (3, 2, 1)
    s = final([player(game, coins=5, pp=1), player(game, coins=9), player(game, coins=9)], (0, 2, 1))
    assert game.winners(s) == (0,)


def test_nk_ex_32_fixed_numbers():
    """NK-EX-32: display 5/7/9; start 8 coins, 2 fuel; ships 3/5/7; harbours 5/10/15/20; Fuel
    Platform 2/4/6; Blue Bar 2/3/5; Ocean Bank 4/7/10; cabin and freezer 8; 5 cards a lane."""
    r = tabletop_nb.load_game("neko").rules
    assert r.display_size == (5, 7, 9) and (r.start_coins, r.start_fuel) == (8, 2)
    assert [r.ship_cost_first + r.ship_cost_step * k for k in range(3)] == [3, 5, 7]
    assert r.harbour_costs == (5, 10, 15, 20)
    assert r.fuel_platform_income == (2, 4, 6) and r.blue_bar_discount == (2, 3, 5)
    assert r.ocean_bank_income == (4, 7, 10)
    assert (r.cabin_capacity, r.freezer_capacity, r.lane_slots) == (8, 8, 5)
