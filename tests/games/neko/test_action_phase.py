"""Rulebook "3. Action Phase" and "On Bidding": NK-ACT, NK-BID; worked examples NK-EX-06..08."""
from __future__ import annotations

import pytest

from tabletop_nb import IllegalActionError
from tabletop_nb.games.neko.frames import TurnFrame
from tabletop_nb.games.neko.state import (ActivateCard, ActivateHub, Adjust, Bid, EndTurn, FishFor,
                                          ParkDie, Pass, TakeDiscard, TakeFish)

from neko_helpers import ACTION, PARK, E, card, make_game, player, replace, table

AMANDA, BENNO, MANDEL = 0, 1, 2


def turn_of(s, p):
    """The same position with player p's turn (p first in the order)."""
    order = (p,) + tuple(q for q in s.order if q != p)
    return replace(s, frames=(TurnFrame(seat=p),), order=order, turn=0, main=None)


def test_nk_act_01_turns_cycle_until_all_dice_are_used():
    """NK-ACT-01, NK-ACT-04: turns go round in turn order, skipping players without dice, until
    nobody has an unused die."""
    game = make_game(3)
    s = table(game, [player(game, dice=(1, 2)), player(game, dice=(3,)), player(game, dice=(4, 5, 6))],
              order=(2, 0, 1), frames=(("turn", 2),))
    seen = []
    while s.phase == ACTION:
        p = game.current_player(s)
        seen.append(p)
        s = game.apply(s, TakeFish(s.players[p].dice[0]))
        s = game.apply(s, EndTurn())
    assert seen == [2, 0, 1, 2, 0, 2]
    assert s.phase != ACTION and s.round == 2


def test_nk_act_02_13_exactly_one_main_action_and_take_fish_always_legal():
    """NK-ACT-02, NK-ACT-13: a turn cannot end before its main action; take fish is always
    there; after the main action no second main action is possible."""
    game = make_game(2)
    s = table(game, [player(game, dice=(2, 5), fish=8), player(game, dice=(1,))])
    assert EndTurn() not in game.legal_actions(s)
    assert TakeFish(2) in game.legal_actions(s)          # legal with a full freezer too
    with pytest.raises(IllegalActionError):
        game.apply(s, EndTurn())
    s = game.apply(s, TakeFish(2))
    legal = game.legal_actions(s)
    assert EndTurn() in legal and not any(isinstance(a, (Bid, ActivateHub)) for a in legal)


def test_nk_act_03_04_no_actions_out_of_turn_or_when_exhausted():
    """NK-ACT-03, NK-ACT-04: free actions only on one's own turn; an exhausted player has no
    turn at all: their free action raises an error and the state is unchanged."""
    game = make_game(2)
    s = table(game, [player(game, dice=(3,), fish=2), player(game, dice=(), fish=3)])
    before = s
    with pytest.raises(IllegalActionError):
        game.apply(s, TakeDiscard(3, "fish"))   # not player 1's turn (and nothing discarded)
    assert s == before
    s = game.apply(game.apply(s, TakeFish(3)), EndTurn())
    assert s.phase != ACTION                 # player 1 had no dice: skipped, the phase ended


@pytest.mark.parametrize("switch", [True, False])
def test_nk_act_05_free_actions_after_the_last_die(switch):
    """NK-ACT-05: after a main action that used the last die, free actions are still allowed
    in that turn (ruling (a)); the switch turns that off."""
    game = make_game(2, free_actions_after_last_die=switch)
    s = table(game, [player(game, dice=(3,), fish=2), player(game, dice=(1,))])
    s = game.apply(s, TakeFish(3))
    assert (FishFor("coins") in game.legal_actions(s)) is switch
    assert EndTurn() in game.legal_actions(s)


def test_nk_act_06_take_fish_with_several_dice():
    """NK-ACT-06: any number of dice go to the discard area (values kept), one fish each, up to
    the freezer cap."""
    game = make_game(2)
    s = table(game, [player(game, dice=(1, 4, 6), fish=6), player(game, dice=(1,))])
    s = run = game.apply(s, TakeFish(6))
    s = game.apply(s, TakeFish(1))
    s = game.apply(s, TakeFish(4))
    assert s.discard == (1, 4, 6) and s.players[0].fish == 8 and s.players[0].dice == ()
    assert not any(isinstance(a, Bid) for a in game.legal_actions(run))


def test_nk_act_07_08_bid_and_activate_use_own_lane():
    """NK-ACT-07, NK-ACT-08, NK-ACT-12: bid puts dice on one card; activation places exactly one
    die that fits, on one's own hub or card, with no ship needed there."""
    a, b = card(100, right="fuel"), card(101, left=2, right="goods")
    st = card(102, "seaside_town", effect="seaside_trade_low", activate=(1, 2, 3))
    game = make_game(2, [a, b, st])
    P = player(game, [[E, 100, 101, E, 102]], dice=(2, 3, 5), ships=((0, 0, 0),), fuel=0)
    s = table(game, [P, player(game, dice=(1,))], area=[100 + 0, E, E, E, E])
    legal = game.legal_actions(s)
    # the hub between slots 2 and 3: card 100's item (fuel) x card 101's multiplier (2)
    assert ActivateHub(0, 2, 0) in legal                       # needs a 2: the multiplier
    assert ActivateCard(0, 4, 3) in legal and ActivateCard(0, 4, 2) in legal
    assert ActivateCard(0, 4, 5) not in legal                  # 5 is not 1, 2 or 3
    s2 = game.apply(s, ActivateHub(0, 2, 0))
    assert s2.players[0].fuel == 2 and s2.players[0].dice == (3, 5)
    assert not any(isinstance(x, (ActivateHub, ActivateCard, Bid)) for x in game.legal_actions(s2))


def test_nk_act_09_one_die_per_hub_and_card_per_round():
    """NK-ACT-09, NK-INV-06: a second die on the same hub or card in one round is refused."""
    a, b = card(100, right="fuel"), card(101, left=1)
    st = card(102, "seaside_town", effect="seaside_trade_low", activate=(1, 2, 3))
    game = make_game(2, [a, b, st])
    P = player(game, [[100, 101, 102]], dice=(1, 1, 2, 2))
    s = table(game, [P, player(game, dice=(6,))])
    s = game.apply(game.apply(s, ActivateHub(0, 1, 0)), EndTurn())
    s = game.apply(game.apply(s, TakeFish(6)), EndTurn())
    with pytest.raises(IllegalActionError):
        game.apply(s, ActivateHub(0, 1, 0))
    s = game.apply(game.apply(s, ActivateCard(0, 2, 2)), EndTurn())
    with pytest.raises(IllegalActionError):
        game.apply(s, ActivateCard(0, 2, 2))


def test_nk_act_10_placed_dice_stay_and_only_unused_dice_adjust():
    """NK-ACT-10: dice on the discard area, a bid, a hub or a card cannot be changed: adjusting
    works on unused dice only."""
    game = make_game(2, [card(100)])
    s = table(game, [player(game, dice=(3, 5), fuel=4), player(game, dice=(1,))], area=[100, E, E, E, E])
    s = game.apply(s, Bid(0, 5))
    legal = game.legal_actions(s)
    assert Adjust(3, 1) in legal and Adjust(5, 1) not in legal
    assert s.area.bids[0][0] == (5,)


def test_nk_act_11_a_taken_discarded_die_gives_extra_turns():
    """NK-ACT-11, NK-FA-02: a die from the discard area becomes an unused die of the taker and
    brings them another turn."""
    game = make_game(2)
    s = table(game, [player(game, dice=(2,), fish=3), player(game, dice=(4,))], discard=(6,))
    s = game.apply(s, TakeDiscard(6, "fish"))
    assert s.players[0].dice == (2, 6) and s.discard == () and s.players[0].fish == 0
    s = game.apply(game.apply(s, TakeFish(2)), EndTurn())
    s = game.apply(game.apply(s, TakeFish(4)), EndTurn())
    assert game.current_player(s) == 0 and s.players[0].dice == (6,)


# ---------------------------------------------------------------------------- bidding
def bid_table(game, players, bids, order=None, area=None):
    s = table(game, players, area=area or [100, 101, E, E, E], bids=bids, order=order)
    return s


def test_nk_ex_06_benno_bids_behind__nk_bid_06_10():
    """NK-EX-06, NK-BID-06, NK-BID-10: Mandel has 2 + 5 on the Fuel Platform; Benno places 1 and
    3 (2 dice, total 4): legal though behind."""
    game = make_game(3, [card(100, "fuel_platform"), card(101)])
    s = bid_table(game, [player(game), player(game, dice=(1, 3, 6)), player(game)],
                  {0: {MANDEL: (2, 5)}})
    s = turn_of(s, BENNO)
    s = game.apply(game.apply(s, Bid(0, 1)), Bid(0, 3))
    s = game.apply(s, EndTurn())
    assert s.area.bids[0][BENNO] == (1, 3) and sum(s.area.bids[0][BENNO]) < sum(s.area.bids[0][MANDEL])


def test_nk_ex_07_seaside_town_count_rule__nk_bid_04_05():
    """NK-EX-07, NK-BID-04, NK-BID-05: Benno has 1, 2, 4 on the Seaside Town; Amanda must place
    at least 3 dice (with 2 the turn cannot end: an error, nothing changes); Mandel (one 6)
    must add at least 2 dice even though one would lead."""
    game = make_game(3, [card(100, "seaside_town"), card(101)])
    s = bid_table(game, [player(game, dice=(1, 2, 3, 5)), player(game), player(game, dice=(2, 3))],
                  {0: {MANDEL: (6,), BENNO: (1, 2, 4)}})
    s = turn_of(s, AMANDA)
    two = game.apply(game.apply(s, Bid(0, 1)), Bid(0, 2))
    assert EndTurn() not in game.legal_actions(two)
    with pytest.raises(IllegalActionError):
        game.apply(two, EndTurn())
    three = game.apply(two, Bid(0, 3))
    three = game.apply(three, EndTurn())
    assert sum(three.area.bids[0][AMANDA]) == 6 < 7
    s = turn_of(three, MANDEL)
    one = game.apply(s, Bid(0, 2))                      # 6 + 2 = 8 > 7 but only 2 dice
    assert EndTurn() not in game.legal_actions(one)
    both = game.apply(game.apply(one, Bid(0, 3)), EndTurn())
    assert both.area.bids[0][MANDEL] == (2, 3, 6)


def test_nk_bid_04_bid_needs_enough_dice_in_hand():
    """NK-BID-04: a rival slot with 3 dice: a player holding 2 dice cannot bid on that card at
    all (the count could never be met), one holding 3 can."""
    game = make_game(2, [card(100), card(101)])
    s = bid_table(game, [player(game, dice=(5, 6)), player(game)], {0: {1: (1, 1, 1)}})
    assert not any(isinstance(a, Bid) and a.space == 0 for a in game.legal_actions(s))
    s = bid_table(game, [player(game, dice=(4, 5, 6)), player(game)], {0: {1: (1, 1, 1)}})
    assert Bid(0, 6) in game.legal_actions(s)


def test_nk_ex_08_port_one_die_race__nk_bid_07_08():
    """NK-EX-08, NK-BID-07, NK-BID-08: Amanda 3, Benno 1; Benno adds a 3 (4 with 2 dice). Amanda
    cannot move her die and must add at least 1 more die to bid there; a leader may add more."""
    game = make_game(2, [card(100, "port", cargo=(("", 0),)), card(101)])
    s = bid_table(game, [player(game, dice=(5, 6)), player(game, dice=(3, 2))],
                  {0: {AMANDA: (3,), BENNO: (1,)}})
    s = turn_of(s, BENNO)
    s = game.apply(game.apply(s, Bid(0, 3)), EndTurn())
    assert s.area.bids[0][BENNO] == (1, 3)
    s = turn_of(s, AMANDA)
    assert Bid(0, 5) in game.legal_actions(s)
    s1 = game.apply(s, Bid(0, 5))
    assert s1.area.bids[0][AMANDA] == (3, 5)
    assert EndTurn() in game.legal_actions(s1)                 # 2 dice = the most dice
    assert not any(isinstance(a, Bid) and a.space == 1 for a in game.legal_actions(s1))
    s2 = game.apply(game.apply(s1, EndTurn()), Bid(0, 2))       # Benno, leading, adds more
    assert s2.area.bids[0][BENNO] == (1, 2, 3)


def test_nk_bid_01_02_one_card_per_bid_in_own_slot():
    """NK-BID-01, NK-BID-02: bid dice go into the bidder's slot, all on one card per turn."""
    game = make_game(2, [card(100), card(101)])
    s = bid_table(game, [player(game, dice=(2, 4, 6)), player(game)], {})
    s = game.apply(s, Bid(1, 6))
    assert Bid(1, 4) in game.legal_actions(s) and Bid(0, 4) not in game.legal_actions(s)
    with pytest.raises(IllegalActionError):
        game.apply(s, Bid(0, 4))
    assert s.area.bids[1] == ((6,), ())


def test_nk_bid_03_empty_card_takes_any_number():
    """NK-BID-03: on a card with no dice any number of dice (at least 1) may go."""
    game = make_game(2, [card(100), card(101)])
    s = bid_table(game, [player(game, dice=(1, 2, 3, 4)), player(game)], {})
    for v in (1, 2, 3, 4):
        s = game.apply(s, Bid(0, v))
    assert s.area.bids[0][0] == (1, 2, 3, 4) and EndTurn() in game.legal_actions(s)


def test_nk_bid_09_only_displayed_cards():
    """NK-BID-09: only cards in the bidding area can be bid on (not empty spaces)."""
    game = make_game(2, [card(100), card(101)])
    s = bid_table(game, [player(game, dice=(1,)), player(game)], {}, area=[E, 101, E, E, E])
    assert {a.space for a in game.legal_actions(s) if isinstance(a, Bid)} == {1}


@pytest.mark.parametrize("switch", [False, True])
def test_nk_bid_11_variant_park_die_and_the_count_rule(switch):
    """NK-BID-11, NK-PP-13 (b): the variant Penguin Park die is not checked against the count
    rule (ruling (a)) but counts afterwards; the switch applies the rule to it."""
    vp = card(100, "penguin_park", effect="variant")
    game = make_game(2, [vp, card(101), card(102)], park_die_obeys_count_rule=switch)
    P = player(game, [[100]], dice=(), park_variant_round=1)
    s = table(game, [P, player(game)], phase=PARK, frames=(), round=2, area=[101, 102, E, E, E],
              bids={0: {1: (1, 1, 1)}}, discard=(6,))
    s = game.advance(s)
    spaces = {a.space for a in game.legal_actions(s) if isinstance(a, ParkDie)}
    assert spaces == ({1} if switch else {0, 1})
    assert Pass() in game.legal_actions(s)                      # later rounds: "if at all"
