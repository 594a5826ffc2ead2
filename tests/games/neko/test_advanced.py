"""Rulebook "Advanced Game": advanced cards (NK-ADV) and advanced setup (NK-ADS); worked example
NK-EX-33."""
from __future__ import annotations


import numpy as np
import pytest

import tabletop_nb
from tabletop_nb import CHANCE
from tabletop_nb.games.neko import invariants
from tabletop_nb.games.neko.state import (Bid, Buy, DrawAdvanced, EndTurn, IncomeDie, NewBid, Pass,
                                          Reward)

from neko_helpers import INCOME, PREP, RESOLVE, REWARD, E, card, make_game, player, replace, table


def setup_done(game, seed=0):
    rng = np.random.default_rng(seed)
    s = game.initial_state()
    while game.current_player(s) == CHANCE:
        s = game.apply(s, game.sample_chance(s, rng))
    return s


@pytest.mark.parametrize("cards,setup", [(True, False), (False, True), (True, True)])
def test_nk_adv_01_variants_alone_or_together(cards, setup):
    """NK-ADV-01: Advanced Cards and Advanced Setup can be used alone or together."""
    game = tabletop_nb.load_game("neko", players=3, advanced_cards=cards, advanced_setup=setup)
    s = setup_done(game)
    assert (len([c for c in s.area.adv_cards if c >= 0]) == 3) is cards
    assert (len(s.area.piles) == 25) is setup
    assert invariants(game, s) == []
    rec = tabletop_nb.play(game, "random", seed=4)
    assert len(rec.actions) > 50


def test_nk_adv_02_three_random_advanced_cards():
    """NK-ADV-02: the advanced cards are shuffled and 3 go on their spaces; the rest are out."""
    game = tabletop_nb.load_game("neko", players=2, advanced_cards=True)
    s = game.initial_state()
    for t in range(4):
        s = game.apply(s, game.chance_outcomes(s)[t][0])
    outs = game.chance_outcomes(s)
    assert {a.card for a, _ in outs} == {50, 51, 52, 53, 54, 55}
    for c in (54, 50, 52):
        s = game.apply(s, DrawAdvanced(c))
    assert s.area.adv_cards == (54, 50, 52) and set(s.removed) == {51, 53, 55}


def test_nk_adv_09_10_advanced_cards_count_as_their_type():
    """NK-ADV-09, NK-ADV-10: an advanced Ocean Bank counts in Ocean Bank sets and pays income;
    end-game icons score per card of the type, each icon on its own: 3 Ocean Banks of which 1
    advanced: +6; of which 2 advanced: +12."""
    game = make_game(2)
    adv_ob = next(c for c in game.rules.advanced_card_list if c.kind == "ocean_bank")
    adv2 = card(120, "ocean_bank", effect="advanced", endgame_pp=2, endgame_kinds=("ocean_bank",), pp=0)
    ob = card(100, "ocean_bank", pp=0)
    ob2 = card(101, "ocean_bank", pp=0)
    game = make_game(2, [ob, ob2, adv2])
    assert game.final_breakdown(player(game, [[100, 101, 120]]))[3] == 6
    adv3 = card(121, "ocean_bank", effect="advanced", endgame_pp=2, endgame_kinds=("ocean_bank",), pp=0)
    game = make_game(2, [ob, adv2, adv3])
    assert game.final_breakdown(player(game, [[100, 120, 121]]))[3] == 12
    real = tabletop_nb.load_game("neko", players=2, advanced_cards=True)
    P = player(real, [[adv_ob.id]], dice=(1,) * 6, coins=0)
    s = real.advance(table(real, [P, player(real, dice=(1,) * 6)], phase=INCOME, frames=()))
    assert real.apply(s, IncomeDie(1)).players[0].coins == 1 + 4


def test_nk_adv_11_advanced_port():
    """NK-ADV-11: the advanced Port has 2 cargo spaces; its printed PP need a crossing and both
    spaces; its '4 PP per port' icon scores regardless."""
    game = tabletop_nb.load_game("neko", players=2, advanced_cards=True)
    ap = next(c for c in game.rules.advanced_card_list if c.kind == "port")
    assert len(ap.cargo) == 2 and ap.endgame_pp == 4
    P = player(game, [[ap.id]])
    assert game.final_breakdown(P)[2:4] == (0, 4)
    P = replace(P, ships=((0, 1, 0),), cargo=((ap.id, 2),))
    assert game.final_breakdown(P)[2:4] == (ap.pp, 4)
    P = replace(P, cargo=((ap.id, 1),))
    assert game.final_breakdown(P)[2] == 0


# ---------------------------------------------------------------------------- advanced setup
def test_nk_ads_01_02_03_whole_deck_on_display_in_piles():
    """NK-ADS-01, NK-ADS-02, NK-ADS-03: the whole period-1 deck is on display, in piles by kind
    with the cheapest on top; any card of the piles can start a bid."""
    game = tabletop_nb.load_game("neko", players=2, advanced_setup=True)
    s = setup_done(game)
    p1 = {c.id for c in game.rules.cards if c.period == 1}
    assert set(s.area.piles) == p1 and s.deck[0] == () and s.area.cards == (E,) * 5
    piles = game.display_piles(s)
    assert set(piles) == {game.card[c].kind for c in p1}
    for kind, cards in piles.items():
        costs = [game.card[c].cost for c in cards]
        assert costs == sorted(costs)
    P = player(game, dice=(3,))
    s = table(game, [P, player(game, dice=(1,))], piles=tuple(p1))
    assert {a.card for a in game.legal_actions(s) if isinstance(a, NewBid)} == p1


def test_nk_adv_05_06_start_a_new_bid__nk_ex_33():
    """NK-ADV-05, NK-ADV-06, NK-EX-33: with a free space, a bid may start a new card in the next
    free space (left to right) with at least 1 die; 2 players with 4 of 5 spaces filled can start
    one more; with all 5 filled none."""
    game = make_game(2, [card(100 + i) for i in range(6)], advanced_setup=True)
    P = player(game, dice=(3, 4))
    s = table(game, [P, player(game, dice=(1,))], area=[100, 101, E, 102, 103], piles=(104, 105),
              bids={0: {1: (1,)}, 1: {1: (1,)}, 3: {1: (1,)}, 4: {1: (1,)}})
    s = game.apply(s, NewBid(105))
    assert s.area.cards == (100, 101, 105, 102, 103) and s.area.piles == (104,)
    assert EndTurn() not in game.legal_actions(s)                # at least one die first
    assert {type(a) for a in game.legal_actions(s) if isinstance(a, (Bid, NewBid))} == {Bid}
    assert all(a.space == 2 for a in game.legal_actions(s) if isinstance(a, Bid))
    s = game.apply(s, Bid(2, 4))
    s = game.apply(s, EndTurn())
    s = game.apply(game.apply(s, Bid(0, 1)), EndTurn())
    assert not any(isinstance(a, NewBid) for a in game.legal_actions(s))    # full


def test_nk_adv_08_new_bids_belong_to_advanced_setup():
    """NK-ADV-08: Start a New Bid belongs to Advanced Setup (ruling (a)): with advanced cards only
    and a free space, no new card can be started."""
    game = make_game(2, [card(100)], advanced_cards=True)
    s = table(game, [player(game, dice=(3,)), player(game)], area=[100, E, E, E, E], piles=())
    assert not any(isinstance(a, NewBid) for a in game.legal_actions(s))


def test_nk_ads_04_purchases_without_bidding_use_the_display():
    """NK-ADS-04, NK-ADV-07: the buy-a-card reward buys straight from the display (any pile card,
    or a displayed card without dice; cards with bids are not offered, ruling (a))."""
    game = make_game(2, [card(100 + i, cost=1) for i in range(3)], advanced_setup=True)
    P = player(game, dice=(1, 2), coins=5)
    s = table(game, [P, player(game, dice=(6,))], phase=REWARD, frames=(), area=[100, 101],
              bids={0: {1: (3,)}}, piles=(102,))
    s = game.advance(s)
    s = game.apply(s, Reward("card"))
    assert {a.card for a in game.legal_actions(s) if isinstance(a, Buy)} == {101, 102}
    s = game.apply(s, Buy(102, 0, 0))
    assert s.area.piles == () and 102 in s.players[0].cards


def test_nk_ads_05_returns_and_period_change():
    """NK-ADS-05: no per-round reveal; a declined card goes back to its pile; at the period change
    the period-1 leftovers leave the game and period 2 is displayed."""
    game = make_game(2, [card(100, cost=1)], advanced_setup=True)
    s = table(game, [player(game, coins=5), player(game)], phase=RESOLVE, frames=(), round=1,
              area=[100], bids={0: {0: (2,)}}, piles=(5,), deck=((), (30, 31)))
    s = game.advance(s)
    s = game.apply(s, Pass())
    assert 100 in s.area.piles and s.area.cards == (E,) * 5 and s.round == 2
    s2 = game.advance(table(game, [player(game), player(game)], phase=PREP, frames=(), round=2,
                            piles=(5, 100), deck=((), (30, 31))))
    assert s2.area.piles == (30, 31) and {5, 100} <= set(s2.removed) and s2.round == 3
