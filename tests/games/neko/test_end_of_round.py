"""Rulebook "End of a Round": resolve bidding (NK-RES), place a card (NK-PLC), prepare the next
round (NK-PREP); worked examples NK-EX-17..21."""
from __future__ import annotations

import pytest

from tabletop_nb.games.neko import analysis
from tabletop_nb import CHANCE
from tabletop_nb.games.neko.state import (Buy, ChurchFish, ChurchHub, DrawCard, EndTurn, ParkDie,
                                          Pass, RemoveTiles, TakeFish)

from neko_helpers import ACTION, PARK, PREP, RESOLVE, E, card, make_game, player, replace, table

AMANDA, BENNO, MANDEL = 0, 1, 2


def resolving(game, players, area, bids, order=None, round=1, **kw):
    s = table(game, players, phase=RESOLVE, frames=(), area=area, bids=bids, order=order,
              round=round, **kw)
    return game.advance(s)


def test_nk_res_01_resolution_starts_when_all_dice_are_used():
    """NK-RES-01: resolution begins only when every player has used all their dice."""
    game = make_game(2, [card(100, cost=2)])
    s = game.position(dice=[(3, 4), (2,)], area=[100, E, E, E, E], bids={0: {1: (5,)}},
                      discard=[1] * 8)
    s = game.apply(game.apply(s, TakeFish(3)), EndTurn())
    assert s.phase == ACTION
    s = game.apply(game.apply(s, TakeFish(2)), EndTurn())
    assert s.phase == ACTION
    s = game.apply(game.apply(s, TakeFish(4)), EndTurn())
    assert s.phase == RESOLVE and game.current_player(s) == 1     # player 2 won the card


def test_nk_ex_17_penguin_park_resolution__nk_res_04_06_09_10():
    """NK-EX-17, NK-RES-04, NK-RES-06, NK-RES-09, NK-RES-10: Benno 5 + 4 = 9 beats Amanda
    3 + 5 = 8; he pays 6 and places it; Amanda gets 2 fish, Benno none."""
    pk = card(100, "penguin_park", cost=6)
    game = make_game(2, [pk])
    s = resolving(game, [player(game, coins=0), player(game, coins=10)], [100, E, E, E, E],
                  {0: {AMANDA: (3, 5), BENNO: (5, 4)}})
    assert game.current_player(s) == BENNO
    s = game.apply(s, Buy(100, 0, 0))
    assert s.players[BENNO].coins == 4 and 100 in s.players[BENNO].cards
    assert s.players[AMANDA].fish == 2 and s.players[BENNO].fish == 0


def test_nk_ex_18_seaside_town_tie__nk_res_05():
    """NK-EX-18, NK-RES-05: Amanda 3, Mandel 4, Benno 4; Mandel is earlier in turn order and wins;
    Amanda and Benno get a fish per die."""
    st = card(100, "seaside_town", cost=3)
    game = make_game(3, [st])
    s = resolving(game, [player(game), player(game), player(game)], [100],
                  {0: {AMANDA: (3,), MANDEL: (4,), BENNO: (4,)}}, order=(MANDEL, AMANDA, BENNO))
    assert game.current_player(s) == MANDEL
    s = game.apply(s, Pass())
    assert [P.fish for P in s.players] == [1, 1, 0]


def test_nk_res_02_order_advanced_first_then_reading_order():
    """NK-RES-02, NK-ADV-03: advanced cards resolve first, left to right, then the bidding area
    left to right, top to bottom."""
    cards = [card(100 + i, cost=1) for i in range(4)]
    game = make_game(2, cards, advanced_cards=True)
    s = resolving(game, [player(game, coins=20), player(game)], [100, E, 101, E, E],
                  {0: {0: (1,)}, 2: {0: (1,)}, 5: {0: (1,)}, 6: {0: (1,)}}, adv=[102, 103, E])
    got = []
    while s.phase == RESOLVE and game.current_player(s) == 0:
        buys = [a for a in game.legal_actions(s) if isinstance(a, Buy)]
        got.append(buys[0].card)
        s = game.apply(s, buys[0])
    assert got == [102, 103, 100, 101]


def test_nk_res_03_unbid_cards_go_under_the_current_deck():
    """NK-RES-03, NK-ADV-04: a card without dice goes under the current period deck (in reading
    order); an unbid advanced card stays on the board."""
    cards = [card(100 + i) for i in range(3)]
    game = make_game(2, cards, advanced_cards=True)
    s = resolving(game, [player(game), player(game)], [101, 100, E, E, E], {}, adv=[102, E, E],
                  deck=((), (50,)))
    # under deck 1 in reading order (101 then 100); deck 1 has nothing else, so round 2's
    # display reveals them again in that order
    assert ("unbid", 101) in s.events and ("unbid", 100) in s.events
    assert s.bottom[0] == () and s.area.cards[:2] == (101, 100) and s.round == 2
    assert s.area.adv_cards[0] == 102


def test_nk_res_03_unbid_cards_leave_the_display_for_the_bottom_of_a_full_deck():
    """NK-RES-03: with cards still in the period deck, the unbid cards leave the display for
    the bottom of the deck (reading order): round 2's display is drawn from the deck, and
    they come up only after it (built with game.position, every die in the discard)."""
    cards = [card(100 + i) for i in range(2)]
    game = make_game(2, cards)
    s = game.position(phase="resolve", area=[101, 100], discard=[1] * 12)
    assert ("unbid", 101) in s.events and ("unbid", 100) in s.events
    assert s.bottom[0] == (101, 100) and 101 not in s.area.cards and 100 not in s.area.cards
    assert game.current_player(s) == CHANCE and s.round == 1        # revealing round 2's cards
    revealed = {a.card for a, _ in game.chance_outcomes(s)}
    assert revealed == set(s.deck[0]) and not {100, 101} & revealed and len(revealed) > 5


def test_nk_res_06_declined_card_goes_under_and_nobody_else_buys():
    """NK-RES-06, NK-RES-09, NK-RES-10: a declined card goes under the deck; the losers still get
    fish; the winner gets none even when declining."""
    game = make_game(2, [card(100, cost=2)])
    s = resolving(game, [player(game, coins=10), player(game, coins=10)], [100],
                  {0: {0: (6,), 1: (2, 3)}}, round=3, deck=((), (1,)))
    s = game.apply(s, Pass())
    assert s.players[0].fish == 0 and s.players[1].fish == 2
    assert 100 not in s.players[1].cards and ("declined", 0, 100, False) in s.events


def test_nk_res_07_08_price_and_forced_decline():
    """NK-RES-07, NK-RES-08: the price is cost - Blue Bar (at least 1) + gap coins; a winner who
    cannot pay must decline."""
    bb = card(101, "blue_bar")
    c = card(100, cost=4)
    game = make_game(2, [bb, c])
    s = resolving(game, [player(game, [[101]], coins=3), player(game)], [100], {0: {0: (2,)}})
    legal = game.legal_actions(s)
    assert Buy(100, 0, 1) in legal          # 4 - 2 = 2, slot 2 no gap
    assert Buy(100, 0, 2) in legal          # 2 + 1 gap = 3
    assert Buy(100, 0, 3) not in legal      # 2 + 2 gaps = 4 > 3
    s2 = resolving(game, [player(game, coins=3), player(game)], [100], {0: {0: (2,)}})
    assert ("declined", 0, 100, True) in s2.events


def test_nk_res_09_fishing_spot_and_freezer_cap__nk_fs_01():
    """NK-RES-09, NK-FS-01: Fishing Spot: 2 fish per losing die; the freezer cap applies."""
    fs = card(101, "special", effect="fishing_spot")
    game = make_game(2, [fs, card(100, cost=1)])
    s = resolving(game, [player(game, coins=5), player(game, [[101]], fish=3)], [100],
                  {0: {0: (6, 6), 1: (1, 2, 3)}})
    s = game.apply(s, Pass())
    assert s.players[1].fish == 8            # 3 + 6 capped at 8


def test_nk_res_12_blue_bar_works_for_later_cards__nk_bb_03__nk_ex_21():
    """NK-EX-21, NK-RES-12, NK-BB-01, NK-BB-03: Amanda owns 1 Blue Bar and wins a 2nd (pays its
    cost - 2), then an Ocean Bank costing 4 with 2 Blue Bars: 4 - 3 = 1. Benno with 1 Blue Bar
    pays 5 - 2 = 3 for a Fuel Platform."""
    bb1, bb2 = card(101, "blue_bar"), card(102, "blue_bar", cost=4)
    ob, fp = card(103, "ocean_bank", cost=4), card(104, "fuel_platform", cost=5)
    game = make_game(2, [bb1, bb2, ob, fp])
    s = resolving(game, [player(game, [[101]], coins=10), player(game, coins=10)],
                  [102, 103, 104], {0: {0: (3,)}, 1: {0: (3,)}, 2: {1: (3,)}})
    s = game.apply(s, Buy(102, 0, 1))
    assert s.players[0].coins == 8                           # 4 - 2
    s = game.apply(s, Buy(103, 0, 2))
    assert s.players[0].coins == 7                           # 4 - 3 = 1
    g2 = make_game(2, [bb1, fp])
    s = resolving(g2, [player(g2, [[101]], coins=10), player(g2)], [104], {0: {0: (3,)}})
    assert g2.apply(s, Buy(104, 0, 1)).players[0].coins == 7  # 5 - 2 = 3


def test_nk_res_13_a_single_bidder_wins_with_any_total():
    """NK-RES-13: a lone bidder wins with a 1."""
    game = make_game(2, [card(100, cost=1)])
    s = resolving(game, [player(game), player(game)], [100], {0: {1: (1,)}})
    assert game.current_player(s) == 1 and Buy(100, 0, 0) in game.legal_actions(s)


def test_nk_res_14_variant_park_die_before_resolution__nk_pp_11():
    """NK-RES-14, NK-PP-11: in later rounds, just before resolution, each owner of the variant
    Penguin Park (in turn order) may put a discarded die into their slot on a card."""
    vp = card(101, "penguin_park", effect="variant")
    game = make_game(2, [vp, card(100, cost=1)])
    P = player(game, [[101]], park_variant_round=1, coins=5)
    s = table(game, [player(game), P], phase=PARK, frames=(), round=2, area=[100],
              bids={0: {0: (4,)}}, discard=(5, 6))
    s = game.advance(s)
    assert game.current_player(s) == 1
    assert {(a.value, a.space) for a in game.legal_actions(s) if isinstance(a, ParkDie)} == \
        {(5, 0), (6, 0)}
    s = game.apply(s, ParkDie(6, 0))
    assert s.phase == RESOLVE and game.current_player(s) == 1       # 6 beats 4
    none = game.advance(table(game, [player(game), replace(P, park_variant_round=2)], phase=PARK,
                              frames=(), round=2, area=[100], bids={0: {0: (4,)}}, discard=(5,)))
    assert game.current_player(none) == 0       # gained this round: "future rounds" only


# ---------------------------------------------------------------------------- placing cards
def placement_prices(game, lane, coins=50):
    s = resolving(game, [player(game, [lane], coins=coins), player(game)], [100], {0: {0: (1,)}})
    return {a.slot: coins - game.apply(s, a).players[0].coins
            for a in game.legal_actions(s) if isinstance(a, Buy)}


def test_nk_plc_02_03_gap_coins__nk_ex_19_20():
    """NK-PLC-02, NK-PLC-03, NK-EX-19, NK-EX-20: lane [_, X, _, _, _]: slot 1 costs 0 extra,
    slot 3 1, slot 4 2, slot 5 3 (Benno's Penguin Park in slot 3: 1 coin); a first card in
    slot 2 of an empty lane costs 1 extra."""
    game = make_game(2, [card(100, cost=6), card(101)])
    prices = placement_prices(game, [E, 101, E, E, E])
    assert {k: v - 6 for k, v in prices.items()} == {0: 0, 2: 1, 3: 2, 4: 3}
    empty = placement_prices(game, [E] * 5)
    assert empty[1] - 6 == 1 and empty[0] - 6 == 0


def test_nk_plc_04_discounts_do_not_reduce_gap_coins():
    """NK-PLC-04: Blue Bar lowers the card cost only (never below 1), not the gap coins."""
    game = make_game(2, [card(100, cost=2), card(101, "blue_bar")])
    prices = placement_prices(game, [101, E, E, E, E])
    assert prices == {1: 1, 2: 2, 3: 3, 4: 4}


def test_nk_plc_01_05_placed_at_once_and_never_moves():
    """NK-PLC-01, NK-PLC-05: a bought card is placed before the next card resolves, and stays."""
    game = make_game(2, [card(100, cost=1), card(101, cost=1)])
    s = resolving(game, [player(game, coins=10), player(game)], [100, 101],
                  {0: {0: (1,)}, 1: {0: (1,)}})
    s = game.apply(s, Buy(100, 0, 2))
    assert s.players[0].lanes[0] == (E, E, 100, E, E)
    assert all(a.slot != 2 for a in game.legal_actions(s) if isinstance(a, Buy))
    s = game.apply(s, Buy(101, 0, 0))
    assert s.players[0].lanes[0] == (101, E, 100, E, E)


def test_nk_plc_06_07_lightning_and_ongoing_effects():
    """NK-PLC-06, NK-PLC-07, NK-HO-01: a lightning card acts once when placed (Hospital removes
    up to 2 tiles); Blue Bar's effect starts the moment it is placed (NK-RES-12)."""
    ho = card(100, "special", effect="hospital", cost=1)
    game = make_game(2, [ho])
    s = resolving(game, [player(game, coins=5, interference=3), player(game)], [100],
                  {0: {0: (1,)}})
    s = game.apply(s, Buy(100, 0, 0))
    assert game.legal_actions(s) == [RemoveTiles(0), RemoveTiles(1), RemoveTiles(2)]
    assert game.apply(s, RemoveTiles(2)).players[0].interference == 1


def test_nk_plc_08_placement_completes_hubs_on_both_sides():
    """NK-PLC-08: a card placed between two cards completes two hubs; ships already there get
    nothing."""
    a, b = card(101, right="fuel"), card(102, left=3)
    mid = card(100, left=2, right="coins", cost=1)
    game = make_game(2, [a, b, mid])
    s = resolving(game, [player(game, [[101, E, 102]], ships=((0, 1, 0),), coins=5, fuel=0),
                         player(game)], [100], {0: {0: (1,)}})
    s = game.apply(s, Buy(100, 0, 1))
    P = s.players[0]
    assert analysis.hubs(game, P) == (((0, 1, 0), 2, "fuel"), ((0, 2, 0), 3, "coins")) and P.fuel == 0


def test_nk_plc_09_no_empty_slot_no_purchase():
    """NK-PLC-09: with every slot of every lane full, a card cannot be bought."""
    full = [card(101 + i) for i in range(5)]
    game = make_game(2, [card(100, cost=1)] + full)
    s = resolving(game, [player(game, [[101, 102, 103, 104, 105]], coins=50), player(game)],
                  [100], {0: {0: (1,)}})
    assert 100 not in s.players[0].cards


@pytest.mark.parametrize("switch,tiles", [(True, 2), (False, 0)])
def test_nk_plc_10_interference_icon(switch, tiles):
    """NK-PLC-10: a card's interference icon gives its owner that many tiles on placement
    (ruling (a), data, 0 by default); the switch makes it decoration."""
    game = make_game(2, [card(100, cost=1, interference=2)], card_interference=switch)
    s = resolving(game, [player(game, coins=5), player(game)], [100], {0: {0: (1,)}})
    assert game.apply(s, Buy(100, 0, 0)).players[0].interference == tiles


# ---------------------------------------------------------------------------- Church
def test_nk_ch_01_02_church_puts_losing_dice_on_vacant_hubs():
    """NK-CH-01, NK-CH-02, NK-CH-04: up to 2 losing dice per round go onto the owner's vacant hubs
    (values chosen to fit) instead of fish; the hubs activate (catch a fish included); the rest
    give fish."""
    ch = card(101, "special", effect="church", right="fuel")
    b = card(102, left=3, right="coins", activate=(4, 5, 6))   # NK-CH-04: an activation space
    c = card(103, left=2, activate=(1, 2, 3))
    game = make_game(2, [ch, b, c, card(100, cost=1)])
    P = player(game, [[101, 102, 103]], ships=((0, 1, 0),), fuel=0, coins=0)
    s = resolving(game, [player(game, coins=5), P], [100], {0: {0: (6, 6, 6), 1: (1, 2, 3)}})
    s = game.apply(s, Pass())
    assert game.current_player(s) == 1
    # ruling (a): hubs only, never the cards' activation spaces (nothing else is offered)
    assert game.legal_actions(s) == [ChurchHub(0, 1, 0), ChurchHub(0, 2, 0), ChurchFish()]
    s = game.apply(s, ChurchHub(0, 1, 0))                 # 3 x fuel, a ship there: + 1 fish
    P = s.players[1]
    assert (P.fuel, P.fish, P.church_used) == (3, 1, 1)
    assert game.legal_actions(s) == [ChurchHub(0, 2, 0), ChurchFish()]
    s = game.apply(s, ChurchHub(0, 2, 0))                 # 2 x coins = 4 coins; limit reached
    P = s.players[1]
    assert (P.coins, P.fish) == (4, 2)                    # the third die gave a fish
    assert ("lost", 1, 1, 1) in s.events and s.phase != RESOLVE   # and the round went on
    assert s.players[1].card_dice == ()                    # no die on an activation space


def test_nk_ch_03_church_fish_instead():
    """NK-CH-03: the owner may take fish instead (and a die on a hub never depends on a phase)."""
    ch = card(101, "special", effect="church", right="fuel")
    b = card(102, left=3)
    game = make_game(2, [ch, b, card(100, cost=1)])
    s = resolving(game, [player(game, coins=5), player(game, [[101, 102]])], [100],
                  {0: {0: (6, 6), 1: (1, 2)}})
    s = game.apply(game.apply(s, Pass()), ChurchFish())
    assert s.players[1].fish == 2 and s.players[1].church_used == 0
    # the Church's question is answered: it is not asked again, and the round goes on
    assert ChurchFish() not in game.legal_actions(s) and s.phase != RESOLVE


# ---------------------------------------------------------------------------- prepare
def test_nk_prep_01_02_03_dice_back_ships_stay_new_display():
    """NK-PREP-01, NK-PREP-02, NK-PREP-03: dice come off everything, ships stay, and the next
    display is revealed from the current deck: round 1 -> deck 1; rounds 2, 3 -> deck 2; round 4
    reveals nothing."""
    game = make_game(2, [card(100)])
    P = player(game, [[100]], ships=((0, 1, 0),), hub_dice=(), card_dice=(((0, 0), 3),))
    for rnd, deck_used in ((1, 0), (2, 1), (3, 1)):
        s = table(game, [P, player(game)], phase=PREP, frames=(), round=rnd, discard=(1, 2),
                  bids={0: {1: (3,)}}, deck=((1, 2, 3, 4, 5, 6), (30, 31, 32, 33, 34, 35)))
        s = game.advance(s)
        assert s.players[0].card_dice == () and s.discard == () and s.area.bids[0] == ((), ())
        assert s.players[0].ships == ((0, 1, 0),)
        assert game.current_player(s) == CHANCE
        outs = {a.card for a, _ in game.chance_outcomes(s)}
        assert outs == set(s.deck[deck_used])
    s = table(game, [P, player(game)], phase=PREP, frames=(), round=4, deck=((1,), (30,)))
    s = game.advance(s)
    assert s.area.cards == (E,) * 5


def test_nk_prep_04_short_deck_reveals_what_is_left():
    """NK-PREP-04: a deck too short for a full display reveals what is left (ruling (a))."""
    game = make_game(2)
    s = table(game, [player(game), player(game)], phase=PREP, frames=(), round=2,
              deck=((), (30,)), bottom=((), (31,)))
    s = game.advance(s)
    s = game.apply(s, DrawCard(30))
    assert s.area.cards == (30, 31, E, E, E)


def test_nk_prep_05_round_scoped_things_reset():
    """NK-PREP-05, NK-PP-05: once-per-round uses, tiles, Light House, Harbour City, Church reset."""
    game = make_game(2)
    P = player(game, tile_adjust_used=1, tile_reroll_used=1, park_pickups_used=2,
               lighthouse=(0, 1, 0), hospital_used=True, harbour_city_used=True, church_used=2)
    s = game.advance(table(game, [P, player(game)], phase=PREP, frames=(), round=1))
    Q = s.players[0]
    assert (Q.tile_adjust_used, Q.tile_reroll_used, Q.park_pickups_used, Q.lighthouse,
            Q.hospital_used, Q.harbour_city_used, Q.church_used) == (0, 0, 0, None, False, False, 0)


def test_nk_prep_06_mid_game_scoring_after_rounds_two_and_four():
    """NK-PREP-06: mid-game scoring follows the end of rounds 2 and 4 only."""
    game = make_game(2)
    for rnd, scored in ((1, False), (2, True), (3, False), (4, True)):
        s = game.advance(table(game, [player(game), player(game)], phase=PREP, frames=(),
                               round=rnd))
        assert any(e[0] == "mid" for e in s.events) is scored
