"""Rulebook "Card Reference Guide" and "Special Stops": NK-CARD, NK-OB, NK-FP, NK-BB, NK-PP,
NK-ST, NK-LH, NK-SP, NK-RS, NK-HO, NK-NH, NK-IW, NK-SI, NK-PO, NK-HC; worked examples NK-EX-22,
NK-EX-24..28."""
from __future__ import annotations

from collections import Counter
from fractions import Fraction

import pytest

import tabletop_nb
from tabletop_nb import CHANCE
from tabletop_nb.games.neko.frames import NekoFrame
from tabletop_nb.games.neko.state import Activated
from tabletop_nb.games.neko.state import (ActivateCard, ActivateHub, Buy, DrawCard, EndTurn,
                                          HospitalRemove, IncomeDie, Lighthouse, MoveShip,
                                          NekoSplit, OpenHarbour, ParkDie, Pass, Reroll, Reward,
                                          Rolled, TakeDiscard, TakeFish, TileAdjust, Trade)

from neko_helpers import INCOME, RESOLVE, REWARD, E, card, make_game, player, port, table


def turn(game, lanes, other=None, **kw):
    discard = kw.pop("discard", ())
    area = kw.pop("area", None)
    bids = kw.pop("bids", None)
    return table(game, [player(game, lanes, **kw), other or player(game, dice=(1,))],
                 discard=discard, area=area, bids=bids)


def bought(game, P, c, slot, **kw):
    """P wins card c at resolution (alone) and places it in lane 0 at ``slot``."""
    s = table(game, [P, player(game)], phase=RESOLVE, frames=(), area=[c], bids={0: {0: (1,)}},
              **kw)
    s = game.advance(s)
    return game.apply(s, Buy(c, 0, slot))


def income(game, P, die=1):
    s = game.advance(table(game, [P, player(game, dice=(1,) * 6)], phase=INCOME, frames=()))
    return game.apply(s, IncomeDie(die)).players[0]


# ---------------------------------------------------------------------------- general
def test_nk_card_01_seven_kinds_in_the_data():
    """NK-CARD-01: 7 kinds of stop; 5 different Seaside Towns; every Special Stop unique; the
    variants and Megaports in period 2 (reconstructed data)."""
    r = tabletop_nb.load_game("neko").rules
    kinds = Counter(c.kind for c in r.cards)
    assert set(kinds) == {"ocean_bank", "fuel_platform", "blue_bar", "penguin_park",
                          "seaside_town", "port", "special"} and sum(kinds.values()) == 50
    towns = [c.effect for c in r.cards if c.kind == "seaside_town"]
    assert len(towns) == 5 == len(set(towns))
    specials = [c.effect for c in r.cards if c.kind == "special"]
    assert len(specials) == 12 == len(set(specials))
    assert all(c.period == 2 for c in r.cards if c.effect == "variant" or c.name == "Megaport")


def test_nk_card_02_effects_only_in_their_phase():
    """NK-CARD-02: a card acts from any lane, reached or not, but only in its phase: Seaside
    Town's activation space is a main action of the Action phase and nothing else."""
    st = card(100, "seaside_town", effect="seaside_reward", activate=range(1, 7))
    game = make_game(2, [st])
    P = player(game, [[E, E, E, E, 100]], dice=(1, 2, 3, 4, 5))
    s = game.advance(table(game, [P, player(game, dice=(6,) * 5)], phase=REWARD, frames=()))
    assert not any(isinstance(a, ActivateCard) for a in game.legal_actions(s))
    s = turn(game, [[E, E, E, E, 100]], dice=(5,))
    assert ActivateCard(0, 4, 5) in game.legal_actions(s)


def test_nk_card_03_sets_of_three():
    """NK-CARD-03: every 3 cards of a set type make a full set, the rest a partial one: 7 cards
    are sets [3, 3, 1] (a 7th card starts a 3rd set, ruling (a))."""
    r = tabletop_nb.load_game("neko").rules
    assert r.set_value(7, (1, 10, 100)) == 100 + 100 + 1
    assert r.set_value(5, (1, 10, 100)) == 100 + 10


@pytest.mark.parametrize("n,coins", [(1, 4), (2, 7), (3, 10), (4, 14), (5, 17), (6, 20), (7, 24)])
def test_nk_ob_01_ocean_bank_income__nk_ex_24(n, coins):
    """NK-OB-01, NK-EX-24: sets of 1/2/3 pay 4/7/10: 4 banks pay 14 (Benno), 5 17, 6 20, 7 24."""
    obs = [card(100 + i, "ocean_bank") for i in range(n)]
    game = make_game(2, obs)
    lanes = [[100 + i for i in range(min(5, n))], [100 + i for i in range(5, n)]]
    P = player(game, lanes, dice=(1,) * 6, coins=0)
    assert income(game, P).coins == 1 + coins


def test_nk_ex_22_variant_ocean_bank_lightning__nk_ob_02_03_04():
    """NK-EX-22, NK-OB-02, NK-OB-03, NK-OB-04: Amanda buys the variant Ocean Bank: on placement it
    pays as the income table for her banks (this one included; ruling (a)); once per round a
    1, 2 or 3 die pays it again; it pays income as an Ocean Bank."""
    ob, vob = card(100, "ocean_bank"), card(101, "ocean_bank", effect="variant", cost=5,
                                            activate=(1, 2, 3))
    game = make_game(2, [ob, vob])
    s = bought(game, player(game, [[100]], coins=10), 101, 1)
    assert s.players[0].coins == 10 - 5 + 7
    s = turn(game, [[100, 101]], dice=(2, 4), coins=0)
    legal = game.legal_actions(s)
    assert ActivateCard(0, 1, 2) in legal and ActivateCard(0, 1, 4) not in legal
    assert game.apply(s, ActivateCard(0, 1, 2)).players[0].coins == 7
    assert income(game, player(game, [[100, 101]], dice=(1,) * 6, coins=0)).coins == 1 + 7


def test_nk_fp_01_02_03_fuel_platforms():
    """NK-FP-01, NK-FP-02, NK-FP-03: 2 fuel per platform in sets (cabin cap); the variant pays its
    income on placement and again for a 4, 5 or 6 die; it counts as a platform."""
    fps = [card(100 + i, "fuel_platform") for i in range(2)]
    vfp = card(102, "fuel_platform", effect="variant", cost=5, activate=(4, 5, 6))
    game = make_game(2, fps + [vfp])
    assert income(game, player(game, [[100, 101]], dice=(1,) * 6, fuel=0)).fuel == 4
    assert income(game, player(game, [[100, 101, 102]], dice=(1,) * 6, fuel=5)).fuel == 8
    s = bought(game, player(game, [[100]], coins=10, fuel=0), 102, 1)
    assert s.players[0].fuel == 4
    s = turn(game, [[100, 102]], dice=(3, 5), fuel=1)
    assert ActivateCard(0, 1, 3) not in game.legal_actions(s)
    assert game.apply(s, ActivateCard(0, 1, 5)).players[0].fuel == 5


@pytest.mark.parametrize("n,off", [(1, 2), (2, 3), (3, 5), (4, 7), (5, 8), (6, 10)])
def test_nk_bb_01_02_blue_bar_discount(n, off):
    """NK-BB-01, NK-BB-02: 1/2/3 Blue Bars take 2/3/5 off; 4/5/6 take 7/8/10; at least 1 coin."""
    bbs = [card(100 + i, "blue_bar") for i in range(n)]
    game = make_game(2, bbs)
    P = player(game, [[100 + i for i in range(min(5, n))], [100 + i for i in range(5, n)]])
    assert game.blue_bar_discount(P) == off
    assert game.card_price(P, 0, off) == max(1, game.card[0].cost - off)
    assert game.card_price(P, 0, 100) == 1


def test_nk_bb_03_04_blue_bar_timing():
    """NK-BB-03, NK-BB-04: a Blue Bar never discounts itself (its count is taken before it is
    placed); outside resolution it does not apply (ruling (a), NK-RWD-09)."""
    bb = card(100, "blue_bar", cost=4)
    game = make_game(2, [bb])
    s = bought(game, player(game, coins=10), 100, 0)
    assert s.players[0].coins == 6
    # NK-BB-04 (a): a card bought in the Rewards step (outside bid resolution) costs its full
    # price, though its buyer owns a Blue Bar
    c = card(101, cost=5)
    game = make_game(2, [bb, c])
    s = game.position(phase="reward", lanes={0: [[100]]}, coins=[10, 8])
    s = game.apply(game.apply(s, Reward("card")), DrawCard(101))
    while game.current_player(s) == CHANCE:       # the rest of the draw, not card 101
        s = game.apply(s, game.chance_outcomes(s)[0][0])
    s = game.apply(s, Buy(101, 0, 1))             # slot 2: no gap coin
    assert s.players[0].coins == 10 - 5 and 101 in s.players[0].cards


# ---------------------------------------------------------------------------- Penguin Park
def test_nk_pp_01_02_03_tiles():
    """NK-PP-01, NK-PP-02, NK-PP-03: the 1st Park brings a +/-1 tile and a reroll tile; each once
    per round on one's own turn on an unused die; +/-1 is free and wraps."""
    pk = card(100, "penguin_park")
    game = make_game(2, [pk])
    s = turn(game, [[100]], dice=(1, 4), fuel=0)
    assert game.park_sets(s.players[0]) == (1, 0)
    s = game.apply(s, TileAdjust(1, -1))
    assert s.players[0].dice == (4, 6) and s.players[0].fuel == 0
    assert not any(isinstance(a, TileAdjust) for a in game.legal_actions(s))
    assert Reroll(4) in game.legal_actions(s)


def test_nk_pp_04_reroll_is_a_chance_node():
    """NK-PP-04: the reroll tile rolls one unused die again (an exact chance node)."""
    game = make_game(2, [card(100, "penguin_park")])
    s = game.apply(turn(game, [[100]], dice=(2, 6)), Reroll(6))
    assert game.current_player(s) == CHANCE
    outs = game.chance_outcomes(s)
    assert sorted(a.value for a, _ in outs) == [1, 2, 3, 4, 5, 6]
    assert all(p == Fraction(1, 6) for _, p in outs)
    s = game.apply(s, Rolled(3))
    assert s.players[0].dice == (2, 3) and game.current_player(s) == 0
    assert s.events == (("rerolled", 0, 3),)  # the log says the new value
    assert not any(isinstance(a, Reroll) for a in game.legal_actions(s))


def test_nk_pp_06_07_09_second_and_third_park_pickups():
    """NK-PP-06, NK-PP-07, NK-PP-09: the 2nd and 3rd Parks each give one free pickup from the
    discard area per round (ruling (a)); still at most one discarded die per turn."""
    parks = [card(100 + i, "penguin_park") for i in range(3)]
    game = make_game(2, parks)
    s = turn(game, [[100, 101, 102]], dice=(1, 1), fish=3, discard=(5, 6), other=player(game, dice=(1, 1)))
    assert game.park_sets(s.players[0]) == (1, 2)
    s = game.apply(s, TakeDiscard(6, "park"))
    assert s.players[0].fish == 3 and s.players[0].park_pickups_used == 1
    assert not any(isinstance(a, TakeDiscard) for a in game.legal_actions(s))
    s = game.apply(game.apply(s, TakeFish(1)), EndTurn())
    s = game.apply(game.apply(s, TakeFish(1)), EndTurn())
    s = game.apply(s, TakeDiscard(1, "park"))
    assert s.players[0].park_pickups_used == 2 and s.players[0].dice == (1, 1, 6)


@pytest.mark.parametrize("per_turn", [False, True])
def test_nk_pp_09_park_pickup_once_per_round_or_per_turn(per_turn):
    """NK-PP-09 (i): with 2 Parks (one pickup), ruling (a) allows that pickup once per round:
    on the owner's next turn of the round it is gone; the switch park_pickup_per_turn (b)
    offers it again each turn (still one discarded die per turn, NK-ST-03)."""
    parks = [card(100 + i, "penguin_park") for i in range(2)]
    game = make_game(2, parks, park_pickup_per_turn=per_turn)
    s = game.position(lanes={0: [[100, 101]]}, dice={0: [1, 1], 1: [1, 1]}, discard=[5, 6] * 4)
    assert game.park_sets(s.players[0]) == (1, 1)
    s = game.apply(s, TakeDiscard(6, "park"))
    assert s.players[0].fish == 0 and not any(isinstance(a, TakeDiscard)
                                              for a in game.legal_actions(s))
    s = game.apply(game.apply(s, TakeFish(1)), EndTurn())
    s = game.apply(game.apply(s, TakeFish(1)), EndTurn())
    assert game.current_player(s) == 0 and s.round == 1
    again = {a for a in game.legal_actions(s) if isinstance(a, TakeDiscard)}
    assert again == ({TakeDiscard(v, "park") for v in s.discard} if per_turn else set())
    assert {5, 6} <= set(s.discard)


def test_nk_pp_08_second_set():
    """NK-PP-08, NK-PP-09 (iii): Parks 4-6 form a 2nd set: the 4th brings another tile pair, the
    5th and 6th one more pickup each."""
    parks = [card(100 + i, "penguin_park") for i in range(6)]
    game = make_game(2, parks)
    for n, expect in ((1, (1, 0)), (2, (1, 1)), (3, (1, 2)), (4, (2, 2)), (5, (2, 3)), (6, (2, 4))):
        P = player(game, [[100 + i for i in range(min(5, n))], [100 + i for i in range(5, n)]])
        assert game.park_sets(P) == expect


def test_nk_pp_10_12_13_variant_park():
    """NK-PP-10, NK-PP-12, NK-PP-13 (a), (c): when gained, the variant takes a discarded die into
    the owner's slot on a card still to resolve; the die earns fish if that bid loses; the
    variant counts as a Park (tiles)."""
    vp = card(101, "penguin_park", effect="variant", cost=1)
    game = make_game(2, [vp, card(102, cost=1), card(103, cost=1)])
    s = table(game, [player(game, coins=10), player(game, coins=10)], phase=RESOLVE, frames=(),
              area=[101, 102, 103], bids={0: {0: (2,)}, 2: {1: (6,)}}, discard=(4, 5))
    s = game.advance(s)
    s = game.apply(s, Buy(101, 0, 0))
    legal = game.legal_actions(s)
    assert {(a.value, a.space) for a in legal if isinstance(a, ParkDie)} == \
        {(4, 1), (5, 1), (4, 2), (5, 2)}
    assert Pass() not in legal                              # the lightning is not optional
    assert s.players[0].park_variant_round == 1
    assert game.park_sets(s.players[0]) == (1, 0)
    s = game.apply(s, ParkDie(4, 2))
    assert s.area.bids[2][0] == (4,)
    # card 102 had no bids: it went under the deck; card 103: player 1's 6 beats the park die
    assert ("unbid", 102) in s.events and game.current_player(s) == 1
    s = game.apply(s, Pass())
    assert s.players[0].fish == 1


def test_nk_pp_10_no_die_or_no_card_no_effect():
    """NK-PP-10: with no discarded die (or no card left) the variant does nothing."""
    vp = card(101, "penguin_park", effect="variant", cost=1)
    game = make_game(2, [vp])
    s = bought(game, player(game, coins=5), 101, 0)
    assert not any(isinstance(a, ParkDie) for a in game.legal_actions(s))


# ---------------------------------------------------------------------------- Seaside Towns
def test_nk_st_01_02_07_trade_low():
    """NK-ST-01, NK-ST-02, NK-ST-07: one die of 1, 2 or 3 on it; then, as free actions for the
    rest of the round on one's own turns: 3 coins -> 1 fuel, 3 fuel -> 1 good, any number of
    times."""
    st = card(100, "seaside_town", effect="seaside_trade_low", activate=(1, 2, 3))
    game = make_game(2, [st])
    s = turn(game, [[100]], dice=(3, 4, 6), coins=9, fuel=0)
    assert ActivateCard(0, 0, 4) not in game.legal_actions(s)
    assert Trade("coins_to_fuel") not in game.legal_actions(s)
    s = game.apply(s, ActivateCard(0, 0, 3))
    for _ in range(3):
        s = game.apply(s, Trade("coins_to_fuel"))
    s = game.apply(s, Trade("fuel_to_goods"))
    P = s.players[0]
    assert (P.coins, P.fuel, P.goods) == (0, 0, 1)
    s = game.apply(s, EndTurn())
    assert not any(isinstance(a, Trade) for a in game.legal_actions(s))   # not on others' turns


def test_nk_st_03_pickup_for_two_fish():
    """NK-ST-03: taking a discarded die costs 2 fish, still one per turn."""
    st = card(100, "seaside_town", effect="seaside_pickup")
    game = make_game(2, [st])
    s = turn(game, [[100]], dice=(2,), fish=2, discard=(6, 6))
    s = game.apply(s, TakeDiscard(6, "fish"))
    assert s.players[0].fish == 0 and s.players[0].dice == (2, 6)
    # with fish for a second one, the Seaside pickup is still one per turn
    s = game.position(lanes={0: [[100]]}, fish=[5, 0], dice={0: [2], 1: [1]},
                      discard=[6] * 10)
    s = game.apply(s, TakeDiscard(6, "fish"))
    assert s.players[0].fish == 3 and s.players[0].dice == (2, 6)
    assert not any(isinstance(a, TakeDiscard) for a in game.legal_actions(s))


def test_nk_st_04_one_pp_per_card():
    """NK-ST-04: at the end, 1 PP per card in one's lanes, itself included, crossed or not."""
    st = card(100, "seaside_town", effect="seaside_cards", pp=0)
    others = [card(101 + i, pp=0) for i in range(3)]
    game = make_game(2, [st] + others)
    assert game.final_breakdown(player(game, [[100, 101], [102, 103]]))[3] == 4


def test_nk_st_05_reward_by_die__nk_ex_25():
    """NK-ST-05, NK-EX-25: any die on it, once per round: a reward at a level no higher than the
    die (a 5 allows levels 1-5, a 3 levels 1-3)."""
    st = card(100, "seaside_town", effect="seaside_reward", activate=range(1, 7))
    game = make_game(2, [st])
    s5 = game.apply(turn(game, [[100]], dice=(5, 3), interference=1), ActivateCard(0, 0, 5))
    assert {a.reward for a in game.legal_actions(s5)} == {"card", "goods", "fish", "interference", "fuel"}
    s3 = game.apply(turn(game, [[100]], dice=(5, 3), interference=1), ActivateCard(0, 0, 3))
    assert {a.reward for a in game.legal_actions(s3)} == {"card", "goods", "fish"}
    s3 = game.apply(s3, Reward("fish"))
    assert s3.players[0].fish == 2 and game.current_player(s3) == 0
    assert not any(isinstance(a, ActivateCard) for a in game.legal_actions(s3))


def test_nk_st_06_trade_high():
    """NK-ST-06: a 4, 5 or 6 on it; then 1 fuel -> 4 coins and 1 good -> 2 PP as free actions."""
    st = card(100, "seaside_town", effect="seaside_trade_high", activate=(4, 5, 6))
    game = make_game(2, [st])
    s = game.apply(turn(game, [[100]], dice=(4,), fuel=2, goods=1, coins=0), ActivateCard(0, 0, 4))
    s = game.apply(game.apply(game.apply(s, Trade("fuel_to_coins")), Trade("fuel_to_coins")),
                   Trade("goods_to_pp"))
    P = s.players[0]
    assert (P.fuel, P.coins, P.goods, P.pp) == (0, 8, 0, 2)


# ---------------------------------------------------------------------------- special stops
def test_nk_lh_01_02_03_light_house__nk_ex_26():
    """NK-LH-01, NK-LH-02, NK-LH-03, NK-EX-26: once per round, with no die (ruling (a)), choose a
    hub: for the rest of the round it gives 2 more units, by die or ship; the chosen 'fuel, 1'
    hub and a die 1 give 3 fuel; a coins hub gives 4 more coins."""
    lh = card(100, "special", effect="light_house", right="fuel")
    m1 = card(101, left=1, right="coins")
    m2 = card(102, left=2)
    game = make_game(2, [lh, m1, m2])
    s = turn(game, [[100, 101, 102]], dice=(1, 2), fuel=0, coins=0)
    s = game.apply(s, Lighthouse(0, 1, 0))
    assert not any(isinstance(a, Lighthouse) for a in game.legal_actions(s))
    assert ActivateHub(0, 1, 0) in game.legal_actions(s)                    # still needs a 1
    s = game.apply(s, ActivateHub(0, 1, 0))
    assert s.players[0].fuel == 3
    s = turn(game, [[100, 101, 102]], dice=(5,), fuel=4, coins=0, lighthouse=(0, 2, 0),
             ships=((0, 1, 0),))
    s = game.apply(s, MoveShip(0, 1, 0))
    assert s.players[0].coins == 2 * 2 + 4


def test_nk_sp_01_south_pole():
    """NK-SP-01: +2 PP per interference tile; the penalty still applies: 6 tiles give -15 + 12."""
    sp = card(100, "special", effect="south_pole", pp=0)
    game = make_game(2, [sp])
    b = game.final_breakdown(player(game, [[100]], interference=6))
    assert b[3] + b[5] == -3


def test_nk_rs_01_02_03_research_station():
    """NK-RS-01, NK-RS-02, NK-RS-03: on placement, coins and fuel as Ocean Bank and Fuel Platform
    income again (ruling (a)); again for a 4, 5 or 6 die once per round; the switch pays 1 coin
    per bank and 1 fuel per platform."""
    rs = card(100, "special", effect="research_station", cost=1, activate=(4, 5, 6))
    ob, fp = card(101, "ocean_bank"), card(102, "fuel_platform")
    for switch, gain in ((False, (4, 2)), (True, (1, 1))):
        game = make_game(2, [rs, ob, fp], research_station_per_card=switch)
        s = bought(game, player(game, [[101, 102]], coins=10, fuel=0), 100, 2)
        assert (s.players[0].coins, s.players[0].fuel) == (9 + gain[0], gain[1])
        s = turn(game, [[101, 102, 100]], dice=(3, 6), coins=0, fuel=0)
        assert ActivateCard(0, 2, 3) not in game.legal_actions(s)
        P = game.apply(s, ActivateCard(0, 2, 6)).players[0]
        assert (P.coins, P.fuel) == gain


def test_nk_ho_02_hospital_once_per_round():
    """NK-HO-02: once per round in the Action phase, a free removal (no die, ruling (a))."""
    ho = card(100, "special", effect="hospital")
    game = make_game(2, [ho])
    s = turn(game, [[100]], dice=(3,), interference=3)
    s2 = game.apply(s, HospitalRemove())
    assert s2.players[0].interference == 2 and HospitalRemove() not in game.legal_actions(s2)
    # no die was spent: the die is still unused, none on a card or hub, the discard unchanged
    P = s2.players[0]
    assert (P.dice, P.card_dice, P.hub_dice, s2.discard) == ((3,), (), (), s.discard)
    assert game.current_player(s2) == 0 and s2.main == s.main


def test_nk_ho_02_switch_the_removal_needs_a_die():
    """NK-HO-02 (b), hospital_needs_die: the once-per-round removal is a die on the
    Hospital's space (any value, the turn's main action), not a free action."""
    ho = card(100, "special", effect="hospital")
    game = make_game(2, [ho], hospital_needs_die=True)
    s = game.position(lanes={0: [[100]]}, interference=[3, 0], dice={0: [3, 5], 1: [1]},
                      discard=[2] * 9)
    legal = game.legal_actions(s)
    assert HospitalRemove() not in legal
    assert {a for a in legal if isinstance(a, ActivateCard)} == {ActivateCard(0, 0, 3),
                                                                 ActivateCard(0, 0, 5)}
    s2 = game.apply(s, ActivateCard(0, 0, 5))
    P = s2.players[0]
    assert (P.interference, P.dice, P.card_dice, s2.main) == (2, (3,), (((0, 0), 5),), Activated())
    s3 = game.apply(game.apply(s2, EndTurn()), TakeFish(1))
    s3 = game.apply(s3, EndTurn())
    assert game.current_player(s3) == 0                  # once per round: not offered again
    assert not any(isinstance(a, (ActivateCard, HospitalRemove)) for a in game.legal_actions(s3))


def test_nk_nh_01_02_03_neko_harbour__nk_ex_27():
    """NK-NH-01, NK-NH-02, NK-NH-03, NK-EX-27: count the hubs H of all lanes (port hubs too, ruling
    (a)); take f fuel (3 hubs each) and H - 3f coins; 3 hubs: 3 coins or 1 fuel; again with a
    5 or 6 die once per round."""
    nh = card(100, "special", effect="neko_harbour", cost=1, activate=(5, 6))
    a, b, c = card(101), card(102), card(103)
    game = make_game(2, [nh, a, b, c])
    s = bought(game, player(game, [[101, 102, 103]], coins=10, fuel=0), 100, 3)
    assert game.legal_actions(s) == [NekoSplit(0), NekoSplit(1)]
    assert game.apply(s, NekoSplit(1)).players[0].fuel == 1
    assert game.apply(s, NekoSplit(0)).players[0].coins == 9 + 3
    s = turn(game, [[101, 102, 103, 100]], dice=(4, 5), coins=0)
    assert ActivateCard(0, 3, 4) not in game.legal_actions(s)
    s = game.apply(s, ActivateCard(0, 3, 5))
    assert game.legal_actions(s) == [NekoSplit(0), NekoSplit(1)]     # 4 hubs: 4 coins or 1 + 1


def test_nk_iw_01_si_01_ice_wall_and_small_islands():
    """NK-IW-01, NK-SI-01: 1 PP per 3 coins (rounded down); 1 PP per fish in the freezer."""
    iw = card(100, "special", effect="ice_wall", pp=0)
    si = card(101, "special", effect="small_islands", pp=0)
    game = make_game(2, [iw, si])
    assert game.final_breakdown(player(game, [[100]], coins=11))[3] == 3
    assert game.final_breakdown(player(game, [[101]], fish=7))[3] == 7


def test_nk_po_01_02_post_office_lightning():
    """NK-PO-01, NK-PO-02: on placement draw 2 from the current deck; buy one for 2 less (at
    least 1); the rest go under the deck; with advanced setup buy straight from the display."""
    po = card(100, "special", effect="post_office", cost=1)
    a, b = card(101, cost=2), card(102, cost=6)
    game = make_game(2, [po, a, b])
    s = bought(game, player(game, coins=10), 100, 0, deck=((101, 102), ()))
    s = game.apply(game.apply(s, DrawCard(102)), DrawCard(101))
    legal = game.legal_actions(s)
    assert Buy(101, 0, 1) in legal and Pass() in legal
    s2 = game.apply(s, Buy(102, 0, 1))
    assert s2.players[0].coins == 9 - 4
    assert s2.round == 2 and 101 in s2.area.cards        # it went under deck 1 and came back at once
    s3 = game.apply(s, Buy(101, 0, 1))
    assert s3.players[0].coins == 9 - 1                     # 2 - 2 -> at least 1
    g2 = make_game(2, [po, a, b], advanced_setup=True)
    s = bought(g2, player(g2, coins=10), 100, 0, piles=(101, 102))
    assert {x.card for x in g2.legal_actions(s) if isinstance(x, Buy)} == {101, 102}


def test_nk_hc_01_02_03_harbour_city__nk_ex_28():
    """NK-HC-01, NK-HC-02, NK-HC-03, NK-EX-28: a 1, 2 or 3 die divides the next harbour's price,
    rounded up: 10/3 = 4, Mandel's 15/2 = 8; one harbour only (ruling (a)); the switch lowers
    every harbour that round."""
    hc = card(100, "special", effect="harbour_city", activate=(1, 2, 3))
    game = make_game(2, [hc])
    table_ = {1: (5, 10, 15, 20), 2: (3, 5, 8, 10), 3: (2, 4, 5, 7)}
    for die, prices in table_.items():
        for k, price in enumerate(prices):
            lanes = [[100]] + [[E]] * k
            s = turn(game, lanes, dice=(die,), coins=50)
            s = game.apply(game.apply(s, ActivateCard(0, 0, die)), OpenHarbour())
            assert 50 - s.players[0].coins == price, (die, k)
    s = turn(game, [[100]], dice=(2,), coins=50)
    s = game.apply(game.apply(game.apply(s, ActivateCard(0, 0, 2)), OpenHarbour()), OpenHarbour())
    assert 50 - s.players[0].coins == 3 + 10
    g2 = make_game(2, [hc], harbour_city_all_round=True)
    s = turn(g2, [[100]], dice=(2,), coins=50)
    s = g2.apply(g2.apply(g2.apply(s, ActivateCard(0, 0, 2)), OpenHarbour()), OpenHarbour())
    assert 50 - s.players[0].coins == 3 + 5


@pytest.mark.parametrize("switch,hubs", [(True, 4), (False, 3)])
def test_nk_nh_03_hubs_of_all_lanes_and_port_hubs(switch, hubs):
    """NK-NH-03: Neko Harbour counts the complete hubs of every lane (ruling (a)); a port's
    internal hub counts unless the switch says otherwise."""
    nh = card(100, "special", effect="neko_harbour", activate=(5, 6))
    a, b, c = card(101), card(102), card(103)
    p = card(104, "port", cargo=("",), hubs=((1, "fuel"),))
    game = make_game(2, [nh, a, b, c, p], neko_counts_port_hubs=switch)
    s = turn(game, [[100, 101], [102, 103, 104]], dice=(6,), coins=0)
    s = game.apply(s, ActivateCard(0, 0, 6))
    assert s.frames[-1] == NekoFrame(seat=0, hubs=hubs)
    assert game.apply(s, NekoSplit(0)).players[0].coins == hubs


# ---------------------------------------------------------------------------- Church
def _church_owner(game, **kw):
    """Player with a lane Church, a one-space port (a fuel hub inside), a card: three hubs
    (0, 1, 0), (0, 1, 1), (0, 2, 0)."""
    return player(game, [[101, 104, 102]], fuel=0, coins=0, **kw)


def _church_game(**rules):
    ch = card(101, "special", effect="church", right="fuel")
    b = card(102, left=3, right="coins")
    pt = port(104, cargo=("",), hubs=((1, "fuel"),))
    return make_game(2, [ch, b, pt, card(100, cost=1)], **rules)


def test_nk_ch_01_church_may_place_counts_church_dice_and_vacant_hubs():
    """NK-CH-01, NK-CH-04: the Church may still place a losing die only while its owner has
    put fewer than ``church_dice`` dice on hubs this round and has a vacant hub; without a
    Church, never. (Wrong versions: ``<=`` for ``<``, a fixed 2 for ``rules.church_dice``,
    any hub instead of a vacant one, no ownership check.)"""
    from tabletop_nb.games.neko.engine.cards import church_may_place
    game = _church_game()
    n = game.rules.church_dice
    assert church_may_place(game, _church_owner(game, church_used=n - 1))
    assert not church_may_place(game, _church_owner(game, church_used=n))
    three = _church_game(church_dice=3)
    assert church_may_place(three, _church_owner(three, church_used=2))
    assert not church_may_place(three, _church_owner(three, church_used=3))
    full = ((0, 1, 0), 2), ((0, 1, 1), 1), ((0, 2, 0), 3)
    assert not church_may_place(game, _church_owner(game, hub_dice=full))
    assert church_may_place(game, _church_owner(game, hub_dice=full[:2]))
    assert not church_may_place(game, player(game, [[102, 104, 102]]))


def test_nk_ch_01_church_stops_after_church_dice_then_fish():
    """NK-CH-01: with ``church_dice=2`` and three losing dice, the Church places two dice
    (asked again after the first), then the third die gives a fish without a Church
    decision (resolution and the Church's own step ask one check)."""
    from tabletop_nb.games.neko.state import ChurchHub
    game = _church_game()
    assert game.rules.church_dice == 2
    s = table(game, [player(game, coins=5), _church_owner(game)], phase=RESOLVE, frames=(),
              area=[100], bids={0: {0: (6, 6, 6), 1: (1, 2, 3)}})
    s = game.apply(game.advance(s), Pass())
    assert s.frames[-1].kind == "church" and s.frames[-1].dice_left == 3
    s = game.apply(s, ChurchHub(0, 1, 0))
    assert s.frames[-1].kind == "church" and s.frames[-1].dice_left == 2
    fish = s.players[1].fish
    s = game.apply(s, ChurchHub(0, 2, 0))
    assert not any(f.kind == "church" for f in s.frames)
    assert s.players[1].fish == fish + 1     # (the round then ends: church_used resets)
