"""Rulebook "2. Preparation Phase": draft (NK-DRF), income (NK-INC), rewards (NK-RWD), turn
order (NK-TO); worked examples NK-EX-02..05."""
from __future__ import annotations

import math
from collections import Counter
from fractions import Fraction

import pytest

from tabletop_nb import CHANCE, IllegalActionError
from tabletop_nb.games.neko.rules import RewardSpace
from tabletop_nb.games.neko.state import (Adjust, Buy, CityIncome, DrawCard, DrawTwo, IncomeDie,
                                          Pass, Pick, Reward, RollDice, TileAdjust, UsePostOffice)

from neko_helpers import (ACTION, DRAFT, INCOME, POST, REWARD, ROLL, E, card, make_game, player,
                          replace, table)


# ---------------------------------------------------------------------------- draft
def rolled(game, hands):
    """The state after every seat rolled these hands (forced through the chance node)."""
    s = table(game, [player(game) for _ in hands], phase=ROLL, frames=())
    s = game.advance(s)
    for h in hands:
        assert game.current_player(s) == CHANCE
        s = game.apply(s, RollDice(tuple(sorted(h))))
    return s


def test_nk_drf_01_roll_is_an_exact_chance_node():
    """NK-DRF-01: each player rolls 6 independent d6: 462 outcomes with multinomial odds."""
    game = make_game(2)
    s = game.advance(table(game, [player(game), player(game)], phase=ROLL, frames=()))
    outs = dict(game.chance_outcomes(s))
    assert len(outs) == math.comb(6 + 6 - 1, 6) == 462
    assert sum(outs.values()) == 1
    assert outs[RollDice((6,) * 6)] == Fraction(1, 6 ** 6)
    assert outs[RollDice((1, 2, 3, 4, 5, 6))] == Fraction(720, 6 ** 6)


def test_nk_drf_02_03_keep_one_pass_left_until_six():
    """NK-DRF-02, NK-DRF-03: everyone keeps one die and passes the rest to the left; hands
    shrink 6..1; all keep 6 dice and the multiset kept is the multiset rolled."""
    game = make_game(3)
    hands = [(1, 1, 2, 3, 5, 6), (2, 2, 4, 4, 6, 6), (1, 3, 3, 5, 5, 6)]
    s = rolled(game, hands)
    assert s.phase == DRAFT
    sizes = []
    while s.phase == DRAFT:
        sizes.append(len(s.draft.hands[0]))
        for seat in range(3):
            assert game.current_player(s) == seat
            s = game.apply(s, game.legal_actions(s)[-1])   # keep the highest
    assert sizes == [6, 5, 4, 3, 2]                       # the last die is kept without a choice
    kept = [P.dice for P in s.players]
    assert all(len(k) == 6 for k in kept)
    assert Counter(v for k in kept for v in k) == Counter(v for h in hands for v in h)


def test_nk_drf_02_06_hands_travel_clockwise_by_seat():
    """NK-DRF-02, NK-DRF-06: at step t the hand rolled by seat s is in front of seat s+t (mod N),
    by seat and not by turn order."""
    game = make_game(3)
    hands = [(1, 1, 1, 1, 1, 1), (2, 2, 2, 2, 2, 2), (3, 3, 3, 3, 3, 3)]
    s = rolled(game, hands)
    s = replace(s, order=(2, 1, 0))      # turn order does not matter
    fronts = []
    while s.phase == DRAFT:
        fronts.append(next(seat for seat in range(3) if set(s.draft.hands[seat]) == {1}))
        for _ in range(3):
            s = game.apply(s, game.legal_actions(s)[0])
    assert fronts == [0, 1, 2, 0, 1]
    # seat 0 kept from its own hand at steps 0 and 3, from seat 2's at 1 and 4, from seat 1's
    # at 2 and 5 (the last die, kept without a choice)
    assert Counter(s.players[0].dice) == Counter({1: 2, 3: 2, 2: 2})


def test_nk_drf_04_08_no_changes_during_the_draft():
    """NK-DRF-04, NK-DRF-08: dice cannot be adjusted or rerolled during the draft."""
    game = make_game(2)
    s = rolled(game, [(1, 2, 3, 4, 5, 6)] * 2)
    s = replace(s, players=(replace(s.players[0], fuel=5), s.players[1]))
    assert {type(a) for a in game.legal_actions(s)} == {Pick}
    with pytest.raises(IllegalActionError):
        game.apply(s, Adjust(3, 1))


def test_nk_drf_05_picks_are_simultaneous_and_hidden():
    """NK-DRF-05: all N picks of a step are collected before any applies; a later seat cannot
    see an earlier seat's pick, and no seat picks twice in one step."""
    game = make_game(2)
    s = rolled(game, [(1, 2, 3, 4, 5, 6), (1, 1, 1, 6, 6, 6)])
    s1 = game.apply(s, Pick(6))
    assert game.current_player(s1) == 1
    assert s1.draft.hands == s.draft.hands and s1.players == s.players     # nothing applied yet
    view = game.observation(s1, 1)
    assert view.draft.picks == (0,) and game.legal_actions(view) == game.legal_actions(s1)
    with pytest.raises(IllegalActionError):
        game.apply(s1, Pick(2))                                # seat 1 holds no 2
    s2 = game.apply(s1, Pick(1))
    assert s2.players[0].dice == (6,) and s2.players[1].dice == (1,)
    assert s2.draft.hands == ((1, 1, 6, 6, 6), (1, 2, 3, 4, 5))      # swapped after the step


def test_nk_drf_07_two_players_swap_hands():
    """NK-DRF-07: with 2 players the hands swap; the roller makes picks 1, 3, 5 from their hand,
    the opponent 2, 4, 6."""
    game = make_game(2)
    s = rolled(game, [(1, 1, 1, 1, 1, 1), (6, 6, 6, 6, 6, 6)])
    while s.phase == DRAFT:
        s = game.apply(s, game.legal_actions(s)[0])
        s = game.apply(s, game.legal_actions(s)[0])
    assert s.players[0].dice == (1, 1, 1, 6, 6, 6) and s.players[1].dice == (1, 1, 1, 6, 6, 6)


# ---------------------------------------------------------------------------- income
def income_state(game, players, order=None):
    return game.advance(table(game, players, phase=INCOME, frames=(), order=order))


def test_nk_ex_02_mandel_income__nk_inc_01_02_03_04_05():
    """NK-EX-02, NK-INC-01..05: Mandel discards a 5 (+5 coins); 1 Ocean Bank +4 coins; 2 Fuel
    Platforms earn 4 fuel but his cabin has room for 3: 1 is discarded. 5 dice remain and the
    discard area holds the 5."""
    ob, fp1, fp2 = card(100, "ocean_bank"), card(101, "fuel_platform"), card(102, "fuel_platform")
    game = make_game(2, [ob, fp1, fp2])
    M = player(game, [[100, 101, 102]], dice=(1, 2, 3, 4, 5, 6), coins=0, fuel=3, goods=2)
    s = income_state(game, [M, player(game, dice=(1, 2, 3, 4, 5, 6))])
    assert game.legal_actions(s) == [IncomeDie(v) for v in range(1, 7)]
    s = game.apply(s, IncomeDie(5))
    M = s.players[0]
    assert M.coins == 9 and M.fuel == 6 and M.fuel + M.goods == 8
    assert M.dice == (1, 2, 3, 4, 6) and s.discard == (5,)
    assert game.current_player(s) == 1


def test_nk_inc_06_07_income_without_ships_and_no_coin_cap():
    """NK-INC-06, NK-INC-07: income cards pay though no ship reached them; coins have no cap."""
    obs = [card(100 + i, "ocean_bank") for i in range(3)]
    game = make_game(2, obs)
    P = player(game, [[E, E, 100, 101, 102]], dice=(6, 6, 6, 6, 6, 6), coins=95)
    s = game.apply(income_state(game, [P, player(game, dice=(1,) * 6)]), IncomeDie(6))
    assert s.players[0].coins == 95 + 6 + 10


def test_nk_inc_08_card_gained_later_pays_no_income_this_round():
    """NK-INC-08, NK-RWD-12: a card bought at Rewards pays no income this round (income comes
    first) but works in this round's Action phase."""
    ob = card(100, "ocean_bank", cost=4)
    game = make_game(2, [ob])
    s = income_state(game, [player(game, dice=(1, 2, 2, 3, 4, 5), coins=10),
                            player(game, dice=(3, 3, 3, 3, 3, 3))])
    s = replace(s, deck=((100,), ()))
    s = game.apply(s, IncomeDie(2))
    s = game.apply(s, IncomeDie(3))
    assert s.phase == REWARD and game.current_player(s) == 0
    s = game.apply(s, Reward("card"))
    s = game.apply(s, DrawCard(100))
    s = game.apply(s, Buy(100, 0, 0))
    assert s.players[0].coins == 10 + 2 - 4 and 100 in s.players[0].cards


def test_nk_inc_04_southernmost_city_choice():
    """NK-INC-04, NK-SMC-01: Southernmost City pays 5 coins or 2 fuel, chosen each round."""
    smc = card(100, "special", effect="southernmost_city")
    game = make_game(2, [smc])
    s = income_state(game, [player(game, [[100]], dice=(1,) * 6, coins=0, fuel=0),
                            player(game, dice=(1,) * 6)])
    s = game.apply(s, IncomeDie(1))
    assert game.legal_actions(s) == [CityIncome("coins"), CityIncome("fuel")]
    a = game.apply(s, CityIncome("coins"))
    b = game.apply(s, CityIncome("fuel"))
    assert (a.players[0].coins, a.players[0].fuel) == (6, 0)
    assert (b.players[0].coins, b.players[0].fuel) == (1, 2)
    assert game.events(a) == ("Yellow took 5 coins from Southernmost City",)
    assert game.events(b) == ("Yellow took 2 fuel from Southernmost City",)


def test_nk_smc_01_city_fuel_is_capped_and_the_log_says_what_came():
    """NK-SMC-01, NK-CAP-01: with a full cabin the City's fuel is lost, and the log tells
    what was taken (0), not what was printed."""
    smc = card(100, "special", effect="southernmost_city")
    game = make_game(2, [smc])
    s = income_state(game, [player(game, [[100]], dice=(1,) * 6, coins=0, fuel=7),
                            player(game, dice=(1,) * 6)])
    s = game.apply(game.apply(s, IncomeDie(1)), CityIncome("fuel"))
    assert s.players[0].fuel == 8
    assert game.events(s) == ("Yellow took 1 fuel from Southernmost City",)


# ---------------------------------------------------------------------------- rewards
def reward_state(game, dice, **kw):
    s = table(game, [player(game, dice=dice, **kw), player(game, dice=(6,) * 5)], phase=REWARD,
              frames=())
    return game.advance(s)


def options(game, s):
    return {a.reward for a in game.legal_actions(s)}


def test_nk_ex_03_reward_ranges__nk_rwd_01_03():
    """NK-EX-03, NK-RWD-01, NK-RWD-03: the lowest die L allows every reward at level L or higher:
    lowest 3 gives 4 rewards, lowest 1 all 6, all 6s only 5 coins."""
    game = make_game(2)
    assert len(options(game, reward_state(game, (3, 6, 4, 5, 3), interference=1))) == 4
    assert len(options(game, reward_state(game, (1, 6, 6, 6, 6), interference=1))) == 6
    assert options(game, reward_state(game, (6,) * 5, interference=1)) == {"coins"}


def test_nk_ex_04_amanda_lowest_four__nk_rwd_02_04():
    """NK-EX-04, NK-RWD-02, NK-RWD-04: Amanda's lowest die is 4: 2 fuel, remove interference or 5
    coins; she removes a tile for free."""
    game = make_game(2)
    s = reward_state(game, (4, 5, 6, 4, 6), interference=3, coins=7)
    assert options(game, s) == {"fuel", "interference", "coins"}
    s = game.apply(s, Reward("interference"))
    assert (s.players[0].interference, s.players[0].coins) == (2, 7)
    assert game.current_player(s) == 1


def test_nk_rwd_04_each_reward():
    """NK-RWD-04: 5 coins, 1 good, remove a tile, 2 fish, 2 fuel, buy a card."""
    game = make_game(2)
    s = reward_state(game, (1, 2, 3, 4, 5), interference=1, coins=0, fuel=0)
    got = {}
    for r in ("coins", "goods", "interference", "fish", "fuel"):
        P = game.apply(s, Reward(r)).players[0]
        got[r] = (P.coins, P.goods, P.interference, P.fish, P.fuel)
    assert got == {"coins": (5, 0, 1, 0, 0), "goods": (0, 1, 1, 0, 0), "interference": (0, 0, 0, 0, 0),
                   "fish": (0, 0, 1, 2, 0), "fuel": (0, 0, 1, 0, 2)}


def test_nk_rwd_05_chart_is_data_and_levels_nest():
    """NK-RWD-05: the chart is data (ruling (a) by default); with an injected chart,
    options(L) contains options(L+1)."""
    chart = (RewardSpace(2, "fish", 2), RewardSpace(4, "goods", 1), RewardSpace(6, "fuel", 2))
    game = make_game(2, reward_chart=chart)
    prev = None
    for low in range(6, 0, -1):
        now = options(game, reward_state(game, (low, 6, 6, 6, 6)))
        if prev is not None:
            assert now >= prev
        prev = now
    assert options(game, reward_state(game, (3, 6))) == {"goods", "fuel"}
    default = make_game(2).rules.reward_chart
    assert [(r.level, r.reward) for r in sorted(default)] == [
        (1, "card"), (2, "goods"), (3, "fish"), (4, "interference"), (5, "fuel"), (6, "coins")]


def test_nk_rwd_06_remove_interference_without_tiles():
    """NK-RWD-06: with no tiles the removal is not offered (ruling (b)); the switch offers it."""
    game = make_game(2)
    assert "interference" not in options(game, reward_state(game, (1, 2), interference=0))
    g2 = make_game(2, reward_remove_without_tiles=True)
    s = reward_state(g2, (1, 2), interference=0)
    assert "interference" in options(g2, s)
    assert g2.apply(s, Reward("interference")).players[0].interference == 0


def test_nk_rwd_07_rewards_obey_caps():
    """NK-RWD-07: fish, fuel and goods rewards obey the freezer and cabin caps."""
    game = make_game(2)
    s = reward_state(game, (1, 2), fish=7, fuel=7, goods=0)
    assert game.apply(s, Reward("fish")).players[0].fish == 8
    assert game.apply(s, Reward("fuel")).players[0].fuel == 8


def test_nk_rwd_08_buy_a_card_draws_two_and_returns_the_rest():
    """NK-RWD-08: draw 2 from the current deck; buy at most one; the other goes to the bottom."""
    a, b = card(100, cost=3), card(101, cost=5)
    game = make_game(2, [a, b])
    s = replace(reward_state(game, (1, 2), coins=10), deck=((100, 101), ()))
    s = game.apply(s, Reward("card"))
    assert game.current_player(s) == CHANCE
    assert {x.card for x, _ in game.chance_outcomes(s)} == {100, 101}
    s = game.apply(s, DrawCard(101))
    s = game.apply(s, DrawCard(100))
    assert Buy(100, 0, 0) in game.legal_actions(s) and Buy(101, 0, 0) in game.legal_actions(s)
    s = game.apply(s, Buy(101, 0, 0))
    assert s.players[0].coins == 5 and s.bottom[0] == (100,)


def test_nk_rwd_08_short_deck_draws_what_is_left():
    """NK-RWD-08: a deck of 1 card draws one; declined, it is the bottom card again; an empty
    deck draws nothing."""
    a = card(100, cost=3)
    game = make_game(2, [a])
    s = replace(reward_state(game, (1, 2), coins=10), deck=((100,), ()))
    s = game.apply(s, Reward("card"))
    s = game.apply(s, DrawCard(100))
    assert game.legal_actions(s)[-1] == Pass()
    s = game.apply(s, Pass())
    assert s.bottom[0] == (100,) and s.deck[0] == () and game.current_player(s) == 1
    s2 = replace(reward_state(game, (1, 2)), deck=((), ()))
    s2 = game.apply(s2, Reward("card"))
    assert game.current_player(s2) == 1        # nothing to draw: the reward is used


def test_nk_rwd_09_price_without_blue_bar_and_unaffordable():
    """NK-RWD-09, NK-BB-04: the reward's card costs its price plus gap coins, without Blue Bar
    (ruling (a)); the switch applies Blue Bar; a player who cannot pay buys nothing."""
    bb, c = card(100, "blue_bar"), card(101, cost=5)
    for switch, price in ((False, 5), (True, 3)):
        game = make_game(2, [bb, c], blue_bar_outside_resolution=switch)
        s = replace(reward_state(game, (1, 2), coins=10, lanes=[[100]]), deck=((101,), ()))
        s = game.apply(game.apply(s, Reward("card")), DrawCard(101))
        s = game.apply(s, Buy(101, 0, 2))          # slot 3: one gap coin
        assert s.players[0].coins == 10 - price - 1
    game = make_game(2, [bb, c])
    s = replace(reward_state(game, (1, 2), coins=4), deck=((101,), ()))
    s = game.apply(game.apply(s, Reward("card")), DrawCard(101))
    assert game.legal_actions(s) == [Pass()]


def test_nk_rwd_10_advanced_game_buys_from_the_display():
    """NK-RWD-10, NK-ADV-07: in the advanced game the reward may buy any displayed card without
    bids (or draw 2 instead)."""
    a, b, c = card(100, cost=2), card(101, cost=2), card(102, cost=2)
    game = make_game(2, [a, b, c], advanced_cards=True)
    s = table(game, [player(game, dice=(1, 2), coins=10), player(game, dice=(6,))], phase=REWARD,
              frames=(), area=[100, 101, E, E, E], bids={1: {1: (6,)}}, deck=((102,), ()))
    s = game.advance(s)
    s = game.apply(s, Reward("card"))
    legal = game.legal_actions(s)
    assert Buy(100, 0, 0) in legal and not any(isinstance(x, Buy) and x.card == 101 for x in legal)
    assert DrawTwo() in legal
    s2 = game.apply(s, Buy(100, 0, 0))
    assert s2.area.cards[0] == E and 100 in s2.players[0].cards
    s3 = game.apply(game.apply(s, DrawTwo()), DrawCard(102))
    assert Buy(102, 0, 0) in game.legal_actions(s3)


def test_nk_rwd_11_rewards_use_no_dice():
    """NK-RWD-11: the 5 dice stay as they are."""
    game = make_game(2)
    s = reward_state(game, (1, 2, 3, 4, 5))
    assert game.apply(s, Reward("coins")).players[0].dice == (1, 2, 3, 4, 5)


def test_nk_rwd_12_penguin_park_bought_at_rewards_works_this_round():
    """NK-RWD-12, NK-PP-09 (iv): a Penguin Park bought at Rewards gives its tiles this round."""
    pk = card(100, "penguin_park", cost=3)
    game = make_game(2, [pk])
    s = replace(reward_state(game, (1, 2, 3, 4, 5), coins=10), deck=((100,), ()))
    s = game.apply(game.apply(game.apply(s, Reward("card")), DrawCard(100)), Buy(100, 0, 0))
    s = game.apply(s, Reward("coins"))          # player 2, who has the higher total
    assert s.phase == ACTION and game.current_player(s) == 1
    from tabletop_nb.games.neko.state import EndTurn, TakeFish
    s = game.apply(game.apply(s, TakeFish(6)), EndTurn())
    assert game.current_player(s) == 0
    assert any(isinstance(a, TileAdjust) for a in game.legal_actions(s))


# ---------------------------------------------------------------------------- turn order
def test_nk_ex_05_turn_order_totals_and_ties__nk_to_02_03_04_05():
    """NK-EX-05, NK-TO-02..05: Amanda 17, Benno 15, Mandel 15; previous order Mandel, Amanda,
    Benno. New order Amanda, Mandel, Benno; Amanda takes an interference tile."""
    game = make_game(3)
    amanda, benno, mandel = 0, 1, 2
    dice = {amanda: (2, 3, 3, 4, 5), benno: (1, 2, 3, 4, 5), mandel: (3, 3, 3, 3, 3)}
    s = table(game, [player(game, dice=dice[p]) for p in range(3)], phase=POST, frames=(),
              order=(mandel, amanda, benno))
    s = game.advance(s)
    assert s.order == (amanda, mandel, benno)
    assert [P.interference for P in s.players] == [1, 0, 0]
    assert s.phase == ACTION and game.current_player(s) == amanda      # NK-TO-06


def test_nk_to_04_round_one_ties_use_the_setup_order():
    """NK-TO-04: in round 1 the previous order is the starting order."""
    game = make_game(3)
    s = table(game, [player(game, dice=(3, 3)) for _ in range(3)], phase=POST, frames=(),
              order=(1, 2, 0))
    assert game.advance(s).order == (1, 2, 0)


def test_nk_to_05_first_player_takes_a_tile_even_when_staying_first():
    """NK-TO-05: the new first player takes a tile every round, also when already first."""
    game = make_game(2)
    s = table(game, [player(game, dice=(6, 6), interference=2), player(game, dice=(1,))],
              phase=POST, frames=(), order=(0, 1))
    s = game.advance(s)
    assert s.order == (0, 1) and s.players[0].interference == 3


def test_nk_to_01_post_office_before_totals__nk_po_03():
    """NK-TO-01, NK-PO-03: Post Office owners may draw-and-buy at the start of Set Turn Order,
    before totals are compared."""
    po, c = card(100, "special", effect="post_office"), card(101, cost=5)
    game = make_game(2, [po, c])
    s = table(game, [player(game, [[100]], dice=(1, 1), coins=10), player(game, dice=(2, 2))],
              phase=POST, frames=(), deck=((101,), ()))
    s = game.advance(s)
    assert game.current_player(s) == 0 and game.legal_actions(s) == [UsePostOffice(), Pass()]
    assert s.phase == POST
    s = game.apply(s, UsePostOffice())
    assert ("post_office", 0) in s.events          # the log says who used it
    s = game.apply(s, DrawCard(101))
    s = game.apply(s, Buy(101, 0, 1))
    assert s.players[0].coins == 10 - 3 and s.phase == ACTION and s.order == (1, 0)
