"""Tests for what mutation testing (benchmarks/mutants.py, docs/mutation.md) found unchecked
in the Neko engine: each fails on the named mutant and passes on the engine."""
from __future__ import annotations

import random
from fractions import Fraction

import tabletop_nb
from tabletop_nb import CHANCE
from tabletop_nb.games.neko.engine import DRAFT, ROLL
from tabletop_nb.games.neko.engine.base import roll_tables
from tabletop_nb.games.neko.rules import MidTile, RewardSpace
from tabletop_nb.games.neko.frames import BuyFrame
from tabletop_nb.games.neko.state import Bidding
from tabletop_nb.games.neko import invariants
from tabletop_nb.games.neko.state import (ActivateCard, ActivateHub, Bid, ChooseBonus,
                                          ChurchFish, ChurchHub, LoadCargo, MoveShip, NekoSplit,
                                          OpenHarbour, ParkDie, Pass, RemoveInterference, Reward,
                                          RollDice, Trade)

from neko_helpers import (ACTION, OVER, PARK, PREP, RESOLVE, REWARD, E, card, make_game, player, port,
                          table)


def test_nk_drf_01_each_player_rolls_once_after_the_market():
    """NK-DRF-01: after the morning market each player rolls his six dice once, then the
    draft begins. (Mutant: the roll phase's turn counter started at -1, so the last seat
    rolled twice, first out of turn.)"""
    game = tabletop_nb.load_game("neko", players=3)
    s = game.position(phase="market")
    assert s.phase == ROLL
    rolls = 0
    while s.phase == ROLL:
        assert game.current_player(s) == CHANCE
        s = game.apply(s, RollDice((1, 1, 2, 3, 5, 6)))
        rolls += 1
    assert rolls == 3 and s.phase == DRAFT


# --------------------------------------------------------------- the roll (chance node)
def _roll_state():
    # the roll tables are cached per die across games: build them afresh for this game, so
    # that this test is the one that executes (and checks) their construction
    getattr(roll_tables, "cache_clear", lambda: None)()   # (no cache while caches are off)
    game = tabletop_nb.load_game("neko", players=2)
    s = game.position(phase="market")
    assert s.phase == ROLL and game.current_player(s) == CHANCE
    return game, s


def test_nk_drf_01_a_roll_of_six_dice_has_the_multinomial_chances():
    """NK-DRF-01: each player rolls 6 independent uniform dice, so a roll (a sorted multiset)
    has the chance of its orderings: six 1s 1/6^6, 1-2-3-4-5-6 720/6^6; the chances add to 1.
    (Mutant base.py:127 ``counts[f] = ...`` deleted: every roll weighed 720.)"""
    game, s = _roll_state()
    outs = {a.dice: q for a, q in game.chance_outcomes(s)}
    assert len(outs) == 462 and sum(outs.values()) == 1
    assert outs[(1, 1, 1, 1, 1, 1)] == Fraction(1, 6 ** 6)
    assert outs[(1, 2, 3, 4, 5, 6)] == Fraction(720, 6 ** 6)
    assert outs[(1, 1, 2, 2, 3, 3)] == Fraction(90, 6 ** 6)


def test_nk_drf_01_sampled_rolls_follow_the_dice_not_a_uniform_multiset():
    """NK-DRF-01: a sampled roll is six independent dice: on average 6 (1 - (5/6)^6) = 3.99
    distinct faces (a uniform pick among the 462 multisets would give 3.27). (Mutants:
    round.py:112 ``if k == "roll"`` fast draw deleted, the generic draw is uniform over the
    outcomes; base.py:114 ``cumulative`` returns None, the draw fails.)"""
    game, s = _roll_state()
    rng = random.Random(20261201)
    n = 2000
    faces = []
    for _ in range(n):
        a = game.sample_chance(s, rng)
        assert isinstance(a, RollDice) and len(a.dice) == 6
        faces.append(len(set(a.dice)))
    assert 3.85 < sum(faces) / n < 4.15


def test_nk_rnd_04_a_finished_game_has_no_chance_outcomes():
    """NK-RND-04 (engine contract): once the game is over nothing is left to happen: no
    legal action and an empty list of chance outcomes. (Mutant round.py:85 ``return []`` to
    ``return None``.)"""
    game = make_game(2)
    s = table(game, [player(game), player(game)], phase=OVER, frames=())
    assert game.is_terminal(s)
    assert game.legal_actions(s) == []
    assert game.chance_outcomes(s) == []


# ------------------------------------------------------------------------ free actions
def test_nk_fa_05_exactly_five_coins_remove_a_tile():
    """NK-FA-05: paying 5 coins removes an interference tile, so exactly 5 coins are enough.
    (Mutant free_actions.py:40 ``coins >= cost`` to ``>``.)"""
    game = make_game(2)
    s = table(game, [player(game, dice=(3,), coins=5, interference=1), player(game, dice=(1,))])
    assert RemoveInterference() in game.legal_actions(s)
    s = game.apply(s, RemoveInterference())
    assert (s.players[0].coins, s.players[0].interference) == (0, 0)


def test_nk_st_06_no_good_no_goods_to_pp_trade():
    """NK-ST-06: the Seaside Town's 1 good -> 2 PP trade needs a good in the cabin; with 2
    goods it is offered. (Mutants free_actions.py:79 ``P.goods >= 1`` to ``<= 1`` and to
    ``>= 0``.)"""
    st = card(100, "seaside_town", effect="seaside_trade_high", activate=(4, 5, 6))
    game = make_game(2, [st])
    for goods, offered in ((0, False), (2, True)):
        s = table(game, [player(game, [[100]], dice=(4, 3), goods=goods, fuel=0, coins=0),
                         player(game, dice=(1,))])
        s = game.apply(s, ActivateCard(0, 0, 4))
        assert (Trade("goods_to_pp") in game.legal_actions(s)) is offered, goods


def test_nk_hc_01_a_harbour_at_its_normal_price_leaves_harbour_city_unused():
    """NK-HC-01, NK-HC-03 (a): Harbour City lowers the next harbour bought after its die; a
    harbour opened earlier at the normal price (5) does not use it up, so the next one costs
    10/2 = 5. (Mutant free_actions.py:141 the normal price read from ``harbour_costs[h - 2]``:
    the normal 5 looked lowered and Harbour City counted as used.)"""
    hc = card(100, "special", effect="harbour_city", activate=(1, 2, 3))
    game = make_game(2, [hc])
    s = table(game, [player(game, [[100]], dice=(2, 5), coins=50), player(game, dice=(1,))])
    s = game.apply(s, OpenHarbour())
    assert s.players[0].coins == 45 and not s.players[0].harbour_city_used
    s = game.apply(game.apply(s, ActivateCard(0, 0, 2)), OpenHarbour())
    assert s.players[0].coins == 45 - 5 and s.players[0].harbour_city_used


def test_nk_fa_18_a_port_with_one_cargo_space_takes_a_good():
    """NK-FA-18, NK-PORT-10: goods go from the cabin onto an empty cargo space of one's port,
    also on a port with a single space, which is then full. (Mutant hubs_ships.py:150 an
    unloaded port counted as holding 1 good.)"""
    game = make_game(2, [port(100, cargo=("",))])
    s = table(game, [player(game, [[100]], dice=(3,), goods=2), player(game, dice=(1,))])
    assert LoadCargo(0, 0) in game.legal_actions(s)
    s = game.apply(s, LoadCargo(0, 0))
    assert s.players[0].cargo == ((100, 1),) and s.players[0].goods == 1
    assert LoadCargo(0, 0) not in game.legal_actions(s)


# ------------------------------------------------------------------------ mid-game scoring
def test_nk_mid_05_no_card_is_cost_zero():
    """NK-MID-05: a player without cards has a highest card cost of 0, so a 1-cost card
    beats him. (Mutant scoring.py:28 ``max(costs, default=0)`` to ``default=1``: a tie.)"""
    tiles = (MidTile(0, "max_card_cost", 3, 0), MidTile(1, "most_fuel", 0),
             MidTile(2, "most_fuel", 0), MidTile(3, "most_fuel", 0))
    game = make_game(2, [card(100, cost=1)], mid_tiles=tiles)
    players = [player(game, [[100]], fuel=0), player(game, fuel=0)]
    s = table(game, players, phase=PREP, frames=(), round=2)
    s2 = game.advance(s)
    assert tuple(b.pp - a.pp for a, b in zip(s.players, s2.players)) == (3, 0)


# ----------------------------------------------------------- setup, rewards, the Hospital
def test_nk_set_09_the_player_keeps_the_bonus_tile_he_took():
    """NK-SET-09: each player takes exactly one starting bonus tile; his board records which
    one (and nobody else can take it). (Mutant setup.py:96 ``m.bonus = b.name`` deleted.)"""
    game = tabletop_nb.load_game("neko", players=2)
    rng = random.Random(3)
    s = game.initial_state()
    while game.current_player(s) == CHANCE:
        s = game.apply(s, game.sample_chance(s, rng))
    p = game.current_player(s)
    s = game.apply(s, ChooseBonus("1 fish"))
    assert s.players[p].bonus == "1 fish"
    assert ChooseBonus("1 fish") not in game.legal_actions(s)


def test_nk_rwd_05_a_reward_on_two_levels_is_offered_once():
    """NK-RWD-05 (the chart is data): an injected chart may list a reward on two levels; the
    reward is one option, not two. (Mutant preparation.py:100 ``seen.add(rs.reward)``
    deleted: two equal Reward actions.)"""
    chart = (RewardSpace(1, "coins", 5), RewardSpace(3, "fish", 2), RewardSpace(6, "coins", 5))
    game = make_game(2, reward_chart=chart)
    s = table(game, [player(game, dice=(1, 6)), player(game, dice=(6,) * 5)], phase=REWARD,
              frames=())
    s = game.advance(s)
    assert game.legal_actions(s) == [Reward("coins"), Reward("fish")]


def test_nk_ho_02_switch_the_hospital_die_goes_on_the_hospital_where_it_lies():
    """NK-HO-02 (b), hospital_needs_die: the die goes on the Hospital's own space, here lane
    0, slot 1. (Mutant action_phase.py:82 the lane read as ``at[1]``: ActivateCard(1, 1, v).)"""
    ho = card(100, "special", effect="hospital")
    game = make_game(2, [card(101), ho], hospital_needs_die=True)
    s = game.position(lanes={0: [[101, 100]]}, interference=[3, 0], dice={0: [3, 5], 1: [1]},
                      discard=[2] * 9)
    legal = {a for a in game.legal_actions(s) if isinstance(a, ActivateCard)}
    assert {ActivateCard(0, 1, 3), ActivateCard(0, 1, 5)} <= legal
    assert not any(a.lane == 1 for a in legal)
    s = game.apply(s, ActivateCard(0, 1, 5))
    assert s.players[0].interference == 2


# ------------------------------------------------------------------------ final scoring
def test_nk_fin_crossed_empty_slots_score_nothing():
    """NK-FIN-02: a ship that has passed an empty slot and a card scores the
    card's PP only; the empty slot is no card. (Mutant scoring.py:119 ``c >= 0`` to
    ``c >= -1``: the empty slot scored as the last card of the card list.)"""
    game = make_game(2, [card(100, pp=3)])
    P = player(game, [[E, 100]], ships=((0, 2, 0),), goods=0, interference=0)
    assert game.final_breakdown(P)[2] == 3


# ---------------------------------------------------------------------------- Church
def _church_resolution(**rules):
    """Player 1 owns a Church (lane: Church, a one-space port with a fuel hub, a card) and
    loses the bid on space 0 with dice 1, 2, 3 against player 0's 6, 6, 6."""
    ch = card(101, "special", effect="church", right="fuel")
    b = card(102, left=3, right="coins")
    pt = port(104, cargo=("",), hubs=((1, "fuel"),))
    game = make_game(2, [ch, b, pt, card(100, cost=1)], **rules)
    owner = player(game, [[101, 104, 102]], fuel=0, coins=0)
    s = table(game, [player(game, coins=5), owner], phase=RESOLVE, frames=(), area=[100],
              bids={0: {0: (6, 6, 6), 1: (1, 2, 3)}})
    s = game.apply(game.advance(s), Pass())
    assert game.current_player(s) == 1
    return game, s


def test_nk_ch_01_the_church_die_leaves_the_owners_bid():
    """NK-CH-01: a losing die put on a vacant hub by the Church is taken from the owner's bid;
    the other bids stay as they were. (Mutant cards.py:152 the row rebuilt from
    ``row[p - 1:]``: player 1's row grew a copy of player 0's bid.)"""
    game, s = _church_resolution()
    s = game.apply(s, ChurchHub(0, 1, 0))
    assert s.area.bids[0] == ((6, 6, 6), (2, 3))
    assert s.players[1].hub_dice == (((0, 1, 0), 2),)     # the die shows the multiplier 2


def test_nk_port_07_switch_church_dice_only_on_lane_hubs():
    """NK-PORT-07 (a) with NK-CH-01: a port's internal hub takes a die, so the Church may use
    it; with dice_on_port_hubs=False only the hubs between cards are vacant hubs. (Mutants
    hubs_ships.py:96 ``k[2] == 0`` to ``k[2 + 1]`` and to ``k[2] == 1``.)"""
    game, s = _church_resolution()
    assert game.legal_actions(s) == [ChurchHub(0, 1, 0), ChurchHub(0, 1, 1), ChurchHub(0, 2, 0),
                                     ChurchFish()]
    game, s = _church_resolution(dice_on_port_hubs=False)
    assert game.legal_actions(s) == [ChurchHub(0, 1, 0), ChurchHub(0, 2, 0), ChurchFish()]


# ----------------------------------------------------------------------- the log (events)
def test_nk_hub_activation_by_die_or_by_ship_is_told_as_such():
    """NK-HUB-05 (log): a hub activated by a die and one activated by an arriving
    ship are both told, with how. (Mutants hubs_ships.py:113 the die's activation told as
    by ship; hubs_ships.py:103 the hub event deleted.)"""
    game = make_game(2, [card(100, right="fuel"), card(101, left=1)])
    s = table(game, [player(game, [[100, 101]], dice=(1,), fuel=2), player(game, dice=(1,))])
    assert game.apply(s, ActivateHub(0, 1, 0)).events == (("hub", 0, (0, 1, 0), "fuel", 1, False),)
    assert game.apply(s, MoveShip(0, 0, 0)).events == (
        ("move", 0, (0, 0, 0), (0, 1, 0)), ("hub", 0, (0, 1, 0), "fuel", 1, True))


def test_nk_mid_01_each_players_mid_game_gain_is_told_for_him():
    """NK-MID-01, NK-TRV-01 (log): the mid-game scoring event of each player names his own
    tile PP and travel PP. (Mutant scoring.py:76 ``gained[p - 1]``: another seat's gain.)"""
    tiles = (MidTile(0, "max_card_cost", 3, 0), MidTile(1, "most_fuel", 0),
             MidTile(2, "most_fuel", 0), MidTile(3, "most_fuel", 0))
    game = make_game(2, [card(100, cost=1)], mid_tiles=tiles)
    s = table(game, [player(game, [[100]], fuel=0), player(game, fuel=0)], phase=PREP,
              frames=(), round=2)
    assert game.advance(s).events == (("mid", 0, 3, 0), ("mid", 1, 0, 0))


def test_nk_nh_02_neko_harbour_all_coins_is_told_as_no_fuel():
    """NK-NH-02 (log): Neko Harbour's split taken all in coins (3 hubs: 3 coins)
    tells 0 fuel kept, not -1.
    (Mutant hubs_ships.py:20 ``gain`` of nothing returns -1.)"""
    nh = card(100, "special", effect="neko_harbour", activate=(5, 6))
    game = make_game(2, [nh, card(101), card(102), card(103)])
    s = table(game, [player(game, [[101, 102, 103, 100]], dice=(5,), coins=0, fuel=0),
                     player(game, dice=(1,))])
    s = game.apply(game.apply(s, ActivateCard(0, 3, 5)), NekoSplit(0))
    assert s.players[0].coins == 3 and s.events[-1] == ("neko", 0, 3, 0)    # 3 hubs


# -------------------------------------------------------------------- drawing a card
def test_nk_rwd_08_drawing_from_cards_under_the_deck_leaves_the_other_period_alone():
    """NK-RWD-08, NK-RND-06, NK-RES-03: the "buy 1 card" reward draws the top 2 cards of the
    current period deck; when only returned cards (put under it) are left, those are drawn
    in order, and the other period's deck is untouched. (Mutant end_of_round.py:308 the rest
    of the pile read from ``b[d - 2]``: the other period's returned cards copied over.)"""
    game = make_game(2)
    for rnd, period, left in ((1, 1, ((12,), (40, 41, 42))), (3, 2, ((10, 11, 12), (42,)))):
        s = table(game, [player(game, dice=(1, 6), coins=20), player(game, dice=(6,) * 5)],
                  phase=REWARD, frames=(), round=rnd, deck=((), ()),
                  bottom=((10, 11, 12), (40, 41, 42)))
        s = game.apply(game.advance(s), Reward("card"))
        drawn = (10, 11) if period == 1 else (40, 41)
        assert s.frames[-1] == BuyFrame(seat=0, discount=0, offered=drawn, drawn=True, allow_draw=False,
                                        period=period)
        assert s.bottom == left


# ------------------------------------------- bids, harbours, the park die, the invariants
def test_nk_act_07_a_turns_bid_counts_the_dice_placed():
    """NK-ACT-07, NK-BID-05: a bid may put several dice on one card in a turn; the turn's
    main action records the space and the dice placed so far, ``Bidding(space, placed)``.
    (Mutant: the test for a bid under way negated, so the count restarted at each die.)"""
    game = make_game(2, [card(100)])
    s = table(game, [player(game, dice=(2, 5, 6)), player(game, dice=(1,))], area=[100])
    s = game.apply(s, Bid(0, 5))
    assert s.main == Bidding(space=0, placed=1)
    s = game.apply(s, Bid(0, 2))
    assert s.main == Bidding(space=0, placed=2) and s.area.bids[0][0] == (2, 5)
    s = game.apply(s, Bid(0, 6))
    assert s.main == Bidding(space=0, placed=3)


def test_nk_act_02_the_die_values_cache_stays_bounded():
    """NK-ACT-02 (engine contract): the turn's actions are listed per distinct die values,
    kept in a cache that is emptied once it holds over 100,000 entries, so a long run does
    not grow without bound; the actions are the same. (Mutant action_phase.py:66
    ``self.die_values.clear()`` deleted.)"""
    game = make_game(2)
    s = table(game, [player(game, dice=(2, 5, 5)), player(game, dice=(1,))])
    want = make_game(2).legal_actions(s)
    game.die_values.update({(i,): (i,) for i in range(100, 100_101)})    # 100,001 entries
    assert game.legal_actions(s) == want
    assert game.die_values == {(2, 5, 5): (2, 5)}


def test_nk_fa_12_no_harbour_past_the_limit():
    """NK-FA-11, NK-FA-12: a player may open harbours up to the 5th; with 5 no more is
    offered, however many coins he has, in the full legal list and in the list of that kind
    alone. (Mutant free_actions.py:154 ``P.harbours < max_harbours`` to ``<=``: the 6th
    priced past the table, an IndexError.)"""
    game = make_game(2)
    assert game.rules.max_harbours == 5
    for n, offered in ((4, True), (5, False)):
        P = player(game, [[E]] * n, dice=(3,), coins=100)
        s = table(game, [P, player(game, dice=(1,))])
        assert (OpenHarbour() in game.legal_actions(s)) is offered, n
        assert game.turn_actions_of(s, OpenHarbour) == ([OpenHarbour()] if offered else []), n


def test_nk_bid_11_switch_the_park_die_may_equal_the_most_dice():
    """NK-BID-11 (b), park_die_obeys_count_rule: the variant Penguin Park die must leave the
    owner's slot with at least as many dice as any other slot; equal is enough. Here it may
    go where the rival has 1 die and the owner none, and where the rival has 2 and the owner
    1, not where the rival has 2 and the owner none. (Mutant cards.py:90 ``len(row[p]) + 1``
    to ``+ 0``: the die counted as not there.)"""
    vp = card(100, "penguin_park", effect="variant")
    game = make_game(2, [vp, card(101), card(102), card(103)], park_die_obeys_count_rule=True)
    P = player(game, [[100]], dice=(), park_variant_round=1)
    s = table(game, [P, player(game)], phase=PARK, frames=(), round=2,
              area=[101, 102, 103, E, E], discard=(6,),
              bids={0: {1: (4,)}, 1: {0: (2,), 1: (5, 5)}, 2: {1: (1, 1)}})
    s = game.advance(s)
    assert {a.space for a in game.legal_actions(s) if isinstance(a, ParkDie)} == {0, 1}


def test_nk_inv_05_a_ship_past_the_lane_end_is_reported():
    """NK-INV-05, NK-INV-04: a ship on a port hub must be at a card of its lane; one placed
    past the lane's last slot is reported as a broken invariant, not a crash of the check.
    (Mutant _invariants.py:109 ``b >= len(lane)`` to ``b > len(lane)``: ``lane[b]`` read
    past the end, an IndexError.)"""
    game = make_game(2, [card(100 + i) for i in range(5)])
    n = game.rules.lane_slots
    assert n == 5
    P = player(game, [[100, 101, 102, 103, 104]], ships=((0, n, 1),))
    s = table(game, [P, player(game, dice=(1,))])
    assert f"player 0: a ship at {(0, n, 1)} is on no port hub" in invariants(game, s)


def test_nk_st_06_07_seaside_high_trades_need_one_fuel_or_one_good():
    """NK-ST-06, NK-ST-07: the Seaside Town's high trades (1 fuel -> coins, 1 good -> PP)
    are offered with exactly 1 fuel or 1 good and not with none, in the legal list and in
    the per-kind list the bots ask for (``turn_actions_of(s, Trade)``). (Mutants
    free_actions.py:77 ``fuel >= 1`` and :225 ``P.goods >= 1`` made ``>= 0`` survived the
    mutation run.)"""
    st = card(100, "seaside_town", effect="seaside_trade_high", activate=(4, 5, 6))
    game = make_game(2, [st])
    for fuel, goods in ((0, 0), (1, 0), (0, 1), (1, 1)):
        s = table(game, [player(game, [[100]], dice=(4, 3), goods=goods, fuel=fuel, coins=0),
                         player(game, dice=(1,))])
        s = game.apply(s, ActivateCard(0, 0, 4))
        want = {Trade("fuel_to_coins")} if fuel else set()
        want |= {Trade("goods_to_pp")} if goods else set()
        legal = {a for a in game.legal_actions(s) if isinstance(a, Trade)}
        assert legal == want, (fuel, goods)
        assert set(game.turn_actions_of(s, Trade)) == want, (fuel, goods)


def test_nk_st_02_the_low_fuel_trade_costs_the_fuel_rate():
    """NK-ST-02: the Seaside Town's low trade of fuel for a good costs the second of
    ``seaside_low_rates`` (fuel per good), not the first (coins per fuel). (Mutant
    cards.py:137 ``seaside_low_rates[1]`` to ``[0]`` survived the mutation run.)"""
    st = card(100, "seaside_town", effect="seaside_trade_low", activate=(1, 2, 3))
    game = make_game(2, [st], seaside_low_rates=(2, 3))
    s = table(game, [player(game, [[100]], dice=(3, 4), goods=0, fuel=5, coins=0),
                     player(game, dice=(1,))])
    s = game.apply(s, ActivateCard(0, 0, 3))
    s = game.apply(s, Trade("fuel_to_goods"))
    assert (s.players[0].fuel, s.players[0].goods) == (2, 1)


def test_nk_pp_11_park_owners_place_in_turn_order_each_once():
    """NK-PP-11, NK-RES-14: just before resolution, each owner of a variant Penguin Park
    gained in an earlier round decides in turn order, first player first, once each.
    (Mutant round.py ``w.seats_done = 0`` to ``-1`` at the Park phase: the last seat in the order
    asked first, then again.)"""
    vp1, vp2 = card(100, "penguin_park", effect="variant"), card(101, "penguin_park", effect="variant")
    game = make_game(2, [vp1, vp2, card(102)])
    owners = [player(game, [[100]], dice=(), park_variant_round=1),
              player(game, [[101]], dice=(), park_variant_round=1)]
    # the Action phase ends (nobody has dice left; the last turn was seat 0's, the order's
    # last) and the Park step begins
    s = game.advance(table(game, owners, phase=ACTION, frames=(), turn=1, round=2, order=(1, 0),
                           area=[102, E, E, E, E], discard=(6,), bids={0: {0: (3,)}}))
    seats = []
    while s.phase == PARK:
        seats.append(game.current_player(s))
        s = game.apply(s, Pass())
    assert seats == [1, 0]


def test_nk_st_01_low_trade_of_coins_costs_the_first_rate():
    """NK-ST-01, NK-ST-07: the Seaside Town's low trade of coins for a fuel costs the first
    of ``seaside_low_rates`` (coins per fuel), not the second (fuel per good): the printed
    rates are equal, so only unequal ones tell them apart. (Mutant cards.py
    ``seaside_low_rates[0]`` to ``[1]`` survived the mutation run.)"""
    st = card(100, "seaside_town", effect="seaside_trade_low", activate=(1, 2, 3))
    game = make_game(2, [st], seaside_low_rates=(2, 4))
    s = table(game, [player(game, [[100]], dice=(3, 4), fuel=0, coins=5),
                     player(game, dice=(1,))])
    s = game.apply(s, ActivateCard(0, 0, 3))
    s = game.apply(s, Trade("coins_to_fuel"))
    assert (s.players[0].coins, s.players[0].fuel) == (3, 1)


def test_nk_end_01_no_decision_once_the_game_is_over():
    """NK-END-01, NK-RND-04: once the game is over nothing waits (no frame), and
    ``analysis.decision``, which the bots ask, says so with None. (Mutant analysis.py: the
    ``return None`` of an empty stack deleted, which then fails on the empty stack.)"""
    from tabletop_nb import play, replay
    from tabletop_nb.games.neko import analysis

    game = tabletop_nb.load_game("neko", players=2)
    last = replay(game, play(game, "greedy", seed=3))[-1]
    assert last.phase == OVER and last.frames == ()
    assert analysis.decision(last) is None


def test_nk_ch_02_a_church_used_up_this_round_asks_nothing():
    """NK-CH-02, NK-RES-09: a Church that has put its ``church_dice`` losing dice on hubs this
    round offers no more: the owner's next lost bid is paid in fish at once, no Church
    decision. (Mutant end_of_round.py ``church_used < church_dice`` to ``<=`` survived the
    mutation run: a used-up Church still asked.)"""
    ch = card(101, "special", effect="church", right="fuel")
    b = card(102, left=3, right="coins")
    pt = port(104, cargo=("",), hubs=((1, "fuel"),))
    game = make_game(2, [ch, b, pt, card(100, cost=1)])
    owner = player(game, [[101, 104, 102]], fuel=0, coins=0, church_used=game.rules.church_dice)
    s = table(game, [player(game, coins=5), owner], phase=RESOLVE, frames=(), area=[100],
              bids={0: {0: (6, 6, 6), 1: (1, 2, 3)}})
    s = game.apply(game.advance(s), Pass())
    assert not any(f.kind == "church" for f in s.frames)
    assert s.players[1].fish == 3   # a fish per losing die, the round then goes on
