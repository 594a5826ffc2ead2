"""Rulebook "Free Actions" a) to h): NK-FA; worked examples NK-EX-10..13."""
from __future__ import annotations

import pytest

from tabletop_nb import IllegalActionError
from tabletop_nb.games.neko.state import (ActivateHub, Adjust, Buy, BuyShip, EndTurn, FishFor,
                                          LoadCargo, MoveShip, OpenHarbour, Pass,
                                          RemoveInterference, TakeDiscard, TakeFish, TileAdjust)

from neko_helpers import RESOLVE, E, card, make_game, port, player, table


def one(game, **kw):
    """Player 0's turn with these resources; player 1 waits with one die."""
    lanes = kw.pop("lanes", None)
    discard = kw.pop("discard", ())
    return table(game, [player(game, lanes, **kw), player(game, dice=(1,))], discard=discard)


def test_nk_fa_01_fish_for_coins_or_fuel():
    """NK-FA-01: a) 1 fish for 2 coins or 1 fuel, as often as wanted; the cabin cap applies."""
    game = make_game(2)
    s = one(game, dice=(3,), fish=3, coins=0, fuel=7)
    s = game.apply(s, FishFor("coins"))
    s = game.apply(s, FishFor("fuel"))
    s = game.apply(s, FishFor("fuel"))          # cabin full: the fuel is discarded
    P = s.players[0]
    assert (P.fish, P.coins, P.fuel) == (0, 2, 8)
    assert not any(isinstance(a, FishFor) for a in game.legal_actions(s))


def test_nk_fa_02_03_04_one_discarded_die_per_turn():
    """NK-FA-02, NK-FA-03, NK-FA-04: b) 3 fish take a discarded die, value kept; only one per turn
    (whatever the source); legal again next turn; needs a die in the discard area."""
    game = make_game(2)
    s = table(game, [player(game, dice=(3, 4), fish=8), player(game, dice=(1, 2))], discard=(2, 5))
    s = game.apply(s, TakeDiscard(5, "fish"))
    assert s.players[0].dice == (3, 4, 5) and s.players[0].fish == 5 and s.discard == (2,)
    assert s.events == (("pickup", 0, 5, "fish"),)   # the log says what was taken, and how
    with pytest.raises(IllegalActionError):
        game.apply(s, TakeDiscard(2, "fish"))
    s = game.apply(game.apply(s, TakeFish(3)), EndTurn())
    s = game.apply(game.apply(s, TakeFish(1)), EndTurn())
    assert TakeDiscard(2, "fish") in game.legal_actions(s)
    empty = table(game, [player(game, dice=(3,), fish=8), player(game)], discard=())
    assert not any(isinstance(a, TakeDiscard) for a in game.legal_actions(empty))
    poor = table(game, [player(game, dice=(3,), fish=2), player(game)], discard=(4,))
    assert not any(isinstance(a, TakeDiscard) for a in game.legal_actions(poor))


def test_nk_fa_05_pay_to_remove_interference():
    """NK-FA-05: c) 5 coins remove 1 tile, repeatable, only with a tile."""
    game = make_game(2)
    s = one(game, dice=(3,), coins=11, interference=3)
    s = game.apply(game.apply(s, RemoveInterference()), RemoveInterference())
    assert (s.players[0].coins, s.players[0].interference) == (1, 1)
    assert s.events == (("unjam", 0),)       # the log says who paid
    assert RemoveInterference() not in game.legal_actions(s)
    s = one(game, dice=(3,), coins=20, interference=0)
    assert RemoveInterference() not in game.legal_actions(s)


def test_nk_fa_06_ship_prices_rise_by_two():
    """NK-FA-06: the k-th ship costs 2k - 1: 3, 5, 7, 9."""
    game = make_game(2)
    lanes = [[E] * 5] * 5
    s = one(game, lanes=lanes, dice=(3,), coins=100)
    paid = []
    for _ in range(4):
        before = s.players[0].coins
        s = game.apply(s, BuyShip(0))
        paid.append(before - s.players[0].coins)
    assert paid == [3, 5, 7, 9] and len(s.players[0].ships) == 5


def test_nk_fa_07_ships_per_lane_at_most_harbours():
    """NK-FA-07, NK-CAP-06: with 1 harbour a 2nd ship cannot be bought; no lane holds more ships
    than there are harbours."""
    game = make_game(2)
    s = one(game, dice=(3,), coins=100)
    assert not any(isinstance(a, BuyShip) for a in game.legal_actions(s))
    with pytest.raises(IllegalActionError):
        game.apply(s, BuyShip(0))
    s = one(game, lanes=[[E] * 5, [E] * 5], dice=(3,), coins=100, ships=((0, 0, 0), (0, 1, 0)))
    assert {a.lane for a in game.legal_actions(s) if isinstance(a, BuyShip)} == {1}


def test_nk_fa_08_10_new_ship_at_the_start_of_the_lane():
    """NK-FA-08, NK-FA-10: a new ship starts at the start of the chosen lane (crossed 0), also
    when slot 1 is empty and later slots hold cards; it waits there (ruling (a))."""
    game = make_game(2, [card(100)])
    s = one(game, lanes=[[E] * 5, [E, 100, E, E, E]], dice=(3,), coins=10, fuel=4)
    s = game.apply(s, BuyShip(1))
    assert (1, 0, 0) in s.players[0].ships
    assert MoveShip(1, 0, 0) not in game.legal_actions(s)        # slot 1 empty: it waits
    # the log says which lane the player chose (the lane is the player's choice, NK-FA-08)
    assert s.events == (("ship", 0, 1),)
    assert tuple(game.events(s)) == (f"{game.player_name(0)} bought a ship for lane 2",)


def test_nk_ex_12_amanda_third_harbour_and_ship__nk_fa_09_11_13():
    """NK-EX-12, NK-FA-09, NK-FA-11, NK-FA-13: with 2 harbours (lane 1 full, lane 2 four cards)
    Amanda pays 10 for her 3rd harbour, a new empty lane; then 5 for a ship in lane 1 next to her
    two ships. The 3 / 5 / 7 rule stands (ruling (a)): this is her 3rd ship, and with 2 harbours
    it would have been refused."""
    cards = [card(100 + i) for i in range(9)]
    game = make_game(2, cards)
    lanes = [[100, 101, 102, 103, 104], [105, 106, 107, 108, E]]
    s = one(game, lanes=lanes, dice=(3,), coins=15, ships=((0, 0, 0), (0, 2, 0)))
    assert BuyShip(0) not in game.legal_actions(s)               # 2 ships, 2 harbours
    s = game.apply(s, OpenHarbour())
    A = s.players[0]
    assert A.coins == 5 and A.harbours == 3 and A.lanes[2] == (E,) * 5
    s = game.apply(s, BuyShip(0))
    A = s.players[0]
    assert A.coins == 0 and sorted(A.ships) == [(0, 0, 0), (0, 0, 0), (0, 2, 0)]


def test_nk_fa_11_12_harbour_prices_and_at_most_five():
    """NK-FA-11, NK-FA-12, NK-CAP-06: 5 / 10 / 15 / 20 coins; a 6th harbour is refused."""
    game = make_game(2)
    s = one(game, dice=(3,), coins=100)
    paid = []
    for _ in range(4):
        before = s.players[0].coins
        s = game.apply(s, OpenHarbour())
        paid.append(before - s.players[0].coins)
    assert paid == [5, 10, 15, 20] and s.players[0].harbours == 5 and len(s.players[0].lanes) == 5
    assert OpenHarbour() not in game.legal_actions(s)


def test_nk_fa_14_no_harbour_during_resolution():
    """NK-FA-14, NK-RES-11: during bid resolution no harbour can be opened (no free actions at
    all, ruling (a)): the winner who lacks a slot must decline."""
    c = card(100, cost=1)
    full = [card(101 + i) for i in range(5)]
    game = make_game(2, [c] + full)
    P = player(game, [[101, 102, 103, 104, 105]], coins=50)
    s = table(game, [P, player(game)], phase=RESOLVE, frames=(), area=[100, E, E, E, E],
              bids={0: {0: (3,)}})
    s = game.advance(s)
    assert ("declined", 0, 100, True) in s.events           # forced: no slot, no harbour
    assert 100 not in s.players[0].cards and s.players[0].harbours == 1
    # a winner with a free slot chooses between buying and declining: nothing else
    P = player(game, [[101, 102, 103, 104, E]], coins=50)
    s = table(game, [P, player(game)], phase=RESOLVE, frames=(), area=[100, E, E, E, E],
              bids={0: {0: (3,)}})
    s = game.advance(s)
    assert game.legal_actions(s) == [Buy(100, 0, 4), Pass()]
    with pytest.raises(IllegalActionError):
        game.apply(s, OpenHarbour())


def test_nk_fa_15_adjust_wraps():
    """NK-FA-15: 1 fuel per +/-1 step on an unused die; 6 + 1 = 1, 1 - 1 = 6; 2 fuel turn a 6
    into a 2."""
    game = make_game(2)
    s = one(game, dice=(1, 6), fuel=3)
    assert game.apply(s, Adjust(6, 1)).players[0].dice == (1, 1)
    assert game.apply(s, Adjust(1, -1)).players[0].dice == (6, 6)
    s2 = game.apply(game.apply(s, Adjust(6, 1)), Adjust(1, 1))
    assert s2.players[0].dice == (1, 2) and s2.players[0].fuel == 1


def test_nk_fa_16_17_move_ship_one_stop_right_only():
    """NK-FA-16, NK-FA-17: 2 fuel move a ship to the next stop; no next stop, no move, no cost."""
    a, b = card(100, right="coins"), card(101, left=2)
    game = make_game(2, [a, b])
    s = one(game, lanes=[[100, 101]], dice=(3,), fuel=6, coins=0)
    s = game.apply(s, MoveShip(0, 0, 0))          # crosses card 1 to the hub (coins x 2)
    P = s.players[0]
    assert P.ships == ((0, 1, 0),) and P.fuel == 4 and P.coins == 4
    s = game.apply(s, MoveShip(0, 1, 0))          # crosses card 2 to its half-hub: nothing
    P = s.players[0]
    assert P.ships == ((0, 2, 0),) and P.fuel == 2 and P.coins == 4
    assert not any(isinstance(x, MoveShip) for x in game.legal_actions(s))
    with pytest.raises(IllegalActionError):
        game.apply(s, MoveShip(0, 2, 0))


def test_nk_fa_18_19_goods_to_port_and_full_payment():
    """NK-FA-18, NK-FA-19: h) goods go from the cabin to one's port; actions without their full
    payment are refused and change nothing."""
    game = make_game(2, [port(100)])
    s = one(game, lanes=[[100]], dice=(3,), goods=1, fuel=1, coins=4, fish=2)
    s = game.apply(s, LoadCargo(0, 0))
    assert s.players[0].cargo == ((100, 1),) and s.players[0].goods == 0
    legal = game.legal_actions(s)
    assert not any(isinstance(a, (LoadCargo, MoveShip, OpenHarbour, TakeDiscard)) for a in legal)
    before = s
    with pytest.raises(IllegalActionError):
        game.apply(s, OpenHarbour())               # 4 coins < 5
    assert s == before


def test_nk_fa_20_card_free_actions_follow_the_same_timing():
    """NK-FA-20: Penguin Park tiles (free actions from cards) only on one's own Action turn, not
    when exhausted nor on another's turn."""
    pk = card(100, "penguin_park")
    game = make_game(2, [pk])
    s = table(game, [player(game, [[100]], dice=(3,)), player(game, dice=(2,))])
    assert TileAdjust(3, 1) in game.legal_actions(s)
    s = game.apply(game.apply(s, TakeFish(3)), EndTurn())
    assert game.current_player(s) == 1
    with pytest.raises(IllegalActionError):
        game.apply(s, TileAdjust(2, 1))


def hub_good_game(extra=()):
    """A lane whose hub 1 is 'multiplier 1 x goods' (NK-HUB-07 (a)) and a port after it."""
    a = card(100, right="goods")
    b = card(101, left=1, right="fuel")
    p = port(102, cargo=("", "", "coins"), pp=7)
    return make_game(2, [a, b, p, *extra])


def test_nk_ex_10_mandel_adjusts_two_to_one_for_the_last_cargo():
    """NK-EX-10, NK-FA-15: Mandel pays 1 fuel to turn his 2 into a 1, activates the 1 x goods hub,
    gains 1 good and covers his port's last cargo space: the port is unlocked."""
    game = hub_good_game()
    s = one(game, lanes=[[100, 101, 102]], dice=(2, 5), fuel=3, cargo=((102, 2),))
    s = game.apply(s, Adjust(2, -1))
    s = game.apply(s, ActivateHub(0, 1, 0))
    assert s.players[0].goods == 1 and s.players[0].fuel == 2
    s = game.apply(s, LoadCargo(0, 2))
    M = s.players[0]
    assert M.goods == 0 and game.port_unlocked(M, 102) and M.coins == 8 + 1


def test_nk_ex_11_amanda_takes_a_discarded_six_and_wraps_it():
    """NK-EX-11, NK-FA-02, NK-FA-15: Amanda pays 3 fish for the discarded 6 (her one pickup),
    1 fuel turns it into a 1, and the 1 x goods hub gives her a good."""
    game = hub_good_game()
    s = one(game, lanes=[[100, 101]], dice=(4,), fish=3, fuel=1, goods=0, discard=(6,))
    s = game.apply(s, TakeDiscard(6, "fish"))
    s = game.apply(s, Adjust(6, 1))
    s = game.apply(s, ActivateHub(0, 1, 0))
    A = s.players[0]
    assert (A.fish, A.fuel, A.goods, A.dice) == (0, 0, 1, (4,))


def test_nk_ex_13_benno_turns_six_into_one():
    """NK-EX-13: Benno pays 1 fuel to turn a 6 into a 1 and gains 1 good from the hub."""
    game = hub_good_game()
    s = one(game, lanes=[[100, 101]], dice=(6,), fuel=1)
    s = game.apply(game.apply(s, Adjust(6, 1)), ActivateHub(0, 1, 0))
    assert (s.players[0].fuel, s.players[0].goods) == (0, 1)
