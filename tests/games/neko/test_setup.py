"""Rulebook "Set Up" and "Course of the Game": NK-SET, NK-RND."""
from __future__ import annotations

from fractions import Fraction

import numpy as np
import pytest

import tabletop_nb
from tabletop_nb import CHANCE, RulesError
from tabletop_nb.games.neko import invariants
from tabletop_nb.games.neko.state import Bid, ChooseBonus, DrawCard, DrawTile, StartOrder

from neko_helpers import ACTION, BONUS, MARKET, RESOLVE, E, card, make_game, player, table


def through_setup(game, seed=0):
    """Sample the setup's chance events; return the state at the first bonus choice."""
    rng = np.random.default_rng(seed)
    s = game.initial_state()
    while game.current_player(s) == CHANCE:
        s = game.apply(s, game.sample_chance(s, rng))
    return s


def playout_phases(game, seed=0):
    """(round, phase) each time the phase changes in a random playout, and the states."""
    rng = np.random.default_rng(seed)
    s = game.initial_state()
    seen, states = [(s.round, s.phase)], [s]
    while not game.is_terminal(s):
        p = game.current_player(s)
        if p == CHANCE:
            a = game.sample_chance(s, rng)
        else:
            legal = game.legal_actions(s)
            a = legal[int(rng.random() * len(legal))]
        s = game.apply(s, a)
        states.append(s)
        if (s.round, s.phase) != seen[-1]:
            seen.append((s.round, s.phase))
    return seen, states


@pytest.mark.parametrize("n", [1, 5, 0])
def test_nk_set_01_player_count_refused(n):
    """NK-SET-01: 2, 3 or 4 players; other counts are refused with a clear error."""
    with pytest.raises(RulesError) as err:
        tabletop_nb.load_game("neko", players=n)
    assert "players" in str(err.value)


@pytest.mark.parametrize("n", [2, 3, 4])
def test_nk_set_02_03_decks_and_first_display(n):
    """NK-SET-02, NK-SET-03: two period decks; the first display is 5/7/9 cards of deck 1."""
    game = tabletop_nb.load_game("neko", players=n)
    s = through_setup(game)
    r = game.rules
    p1 = {c.id for c in r.cards if c.period == 1}
    p2 = {c.id for c in r.cards if c.period == 2}
    shown = [c for c in s.area.cards if c >= 0]
    assert len(shown) == {2: 5, 3: 7, 4: 9}[n] == len(s.area.cards)
    assert set(shown) <= p1
    assert set(s.deck[0]) == p1 - set(shown) and len(s.deck[0]) == 25 - len(shown)
    assert set(s.deck[1]) == p2
    assert set(s.removed) == {c.id for c in r.advanced_card_list}   # advanced cards stay out
    assert invariants(game, s) == []


def test_nk_set_02_advanced_pool_only_with_variant():
    """NK-SET-02: advanced cards join only with the Advanced Cards variant."""
    game = tabletop_nb.load_game("neko", players=2, advanced_cards=True)
    s = through_setup(game)
    adv = {c.id for c in game.rules.advanced_card_list}
    assert len([c for c in s.area.adv_cards if c >= 0]) == 3 and set(s.area.adv_cards) <= adv
    assert set(s.removed) == adv - set(s.area.adv_cards)


def test_nk_set_04_supply_is_unlimited():
    """NK-SET-04: the supply has no limit: a 21st interference tile and 60+ coins are fine."""
    game = make_game(2)
    s = table(game, [player(game, dice=(6,), interference=20, coins=60), player(game, dice=(1,))],
              phase=7, frames=())  # POST: Set Turn Order comes next
    s = game.advance(s)
    assert s.players[0].interference == 21 and s.players[0].coins == 60


def test_nk_set_05_four_distinct_tiles_split_two_and_two():
    """NK-SET-05: 4 different tiles, drawn at random; tiles 1-2 for period 1, 3-4 for period 2."""
    game = tabletop_nb.load_game("neko", players=3)
    s = game.initial_state()
    outs = game.chance_outcomes(s)
    assert len(outs) == 10 and all(p == Fraction(1, 10) for _, p in outs)
    for t in (4, 7, 1, 9):
        s = game.apply(s, DrawTile(t))
    assert s.tiles == (4, 7, 1, 9)
    # the next chance event is the display, not another tile
    assert all(isinstance(a, DrawCard) for a, _ in game.chance_outcomes(s))
    sets = set()
    for seed in range(6):
        sets.add(through_setup(game, seed).tiles)
    assert all(len(set(t)) == 4 for t in sets) and len(sets) > 1


@pytest.mark.parametrize("n", [2, 3, 4])
def test_nk_set_06_12_13_starting_resources(n):
    """NK-SET-06, NK-SET-12, NK-SET-13: 8 coins, 2 fuel, nothing else, 1 harbour, 1 ship at the
    start of lane 1 (crossed 0), 6 dice to roll, PP 0."""
    game = tabletop_nb.load_game("neko", players=n)
    s = game.initial_state()
    for P in s.players:
        assert (P.coins, P.fuel, P.goods, P.fish, P.interference, P.pp) == (8, 2, 0, 0, 0, 0)
        assert P.harbours == 1 and len(P.lanes) == 1 and P.ships == ((0, 0, 0),)
        assert all(c == E for c in P.lanes[0])
    assert game.rules.dice_per_player == 6


def test_nk_set_07_random_start_order_is_a_uniform_permutation():
    """NK-SET-07: with random_start_order the starting order is a uniform permutation of N."""
    game = tabletop_nb.load_game("neko", players=3, random_start_order=True)
    s = game.initial_state()
    outs = game.chance_outcomes(s)
    assert sorted(a.order for a, _ in outs) == sorted(
        [(0, 1, 2), (0, 2, 1), (1, 0, 2), (1, 2, 0), (2, 0, 1), (2, 1, 0)])
    assert all(p == Fraction(1, 6) for _, p in outs)
    s = game.apply(s, StartOrder((2, 0, 1)))
    assert s.order == (2, 0, 1)


def test_nk_set_08_seats_follow_the_starting_order_by_default():
    """NK-SET-08: by default seat 1 starts and seats follow the turn order (ruling (a))."""
    game = tabletop_nb.load_game("neko", players=4)
    s = through_setup(game)
    assert s.order == (0, 1, 2, 3)


def test_nk_set_09_bonus_tiles_in_reverse_turn_order():
    """NK-SET-09: in reverse turn order each player takes one untaken tile; player 1 gets the
    last one left."""
    game = tabletop_nb.load_game("neko", players=4)
    s = through_setup(game)
    assert s.phase == BONUS and game.current_player(s) == 3
    assert {a.tile for a in game.legal_actions(s)} == {"goods", "4 coins", "1 fish", "2 fuel"}
    for who, tile in ((3, "goods"), (2, "4 coins"), (1, "1 fish")):
        assert game.current_player(s) == who
        s = game.apply(s, ChooseBonus(tile))
    assert game.current_player(s) == 0
    assert game.legal_actions(s) == [ChooseBonus("2 fuel")]
    s = game.apply(s, ChooseBonus("2 fuel"))
    P = s.players
    assert P[3].goods == 1 and P[2].coins == 12 and P[1].fish == 1 and P[0].fuel == 4
    assert s.phase != BONUS


def test_nk_set_09_bonus_follows_a_random_start_order():
    """NK-SET-09: reverse of the (random) starting order."""
    game = tabletop_nb.load_game("neko", players=3, random_start_order=True)
    s = game.apply(game.initial_state(), StartOrder((1, 2, 0)))
    rng = np.random.default_rng(1)
    while game.current_player(s) == CHANCE:
        s = game.apply(s, game.sample_chance(s, rng))
    assert game.current_player(s) == 0          # last in the order chooses first
    s = game.apply(s, ChooseBonus("goods"))
    assert game.current_player(s) == 2
    s = game.apply(s, ChooseBonus("1 fish"))
    assert game.current_player(s) == 1


def test_nk_set_10_two_players_see_all_four_tiles():
    """NK-SET-10: with 2 players all 4 tiles are displayed; 2 stay unused."""
    game = tabletop_nb.load_game("neko", players=2)
    s = through_setup(game)
    assert len(game.legal_actions(s)) == 4
    s = game.apply(s, ChooseBonus("4 coins"))
    assert len(game.legal_actions(s)) == 3
    s = game.apply(s, ChooseBonus("2 fuel"))
    assert set(s.bonus_left) == {"goods", "1 fish"} and s.phase == MARKET or s.round == 1


def test_nk_set_11_goods_tile_is_data_and_bonus_obeys_caps():
    """NK-SET-11: the goods tile's amount is data; bonus items obey the cabin cap."""
    from tabletop_nb.games.neko.rules import BonusTile
    tiles = (BonusTile("goods", goods=2), BonusTile("4 coins", coins=4), BonusTile("1 fish", fish=1),
             BonusTile("2 fuel", fuel=2))
    game = tabletop_nb.load_game("neko", players=2, bonus_tiles=tiles, start_fuel=7)
    s = through_setup(game)
    s = game.apply(s, ChooseBonus("goods"))        # player 2: 7 fuel + 2 goods -> cabin 8
    s = game.apply(s, ChooseBonus("2 fuel"))       # player 1: 7 + 2 -> 8, one discarded
    assert s.players[1].goods == 1 and s.players[1].fuel == 7
    assert s.players[0].fuel == 8


def test_nk_set_13_final_score_may_be_negative():
    """NK-SET-13: PP are unbounded integers; a final score may be negative."""
    game = make_game(2)
    P = player(game, interference=7)
    assert game.final_breakdown(P)[-1] == 1 - 18


def test_nk_set_14_every_player_has_a_slot_on_every_card():
    """NK-SET-14: bids are kept per player per card."""
    c = card(100, cost=3)
    game = make_game(2, [c])
    s = table(game, [player(game, dice=(2, 5)), player(game, dice=(4, 6))], area=[100, E, E, E, E])
    s = game.apply(s, Bid(0, 5))
    s = game.apply(s, game.legal_actions(s)[-1])   # end turn
    s = game.apply(s, Bid(0, 6))
    assert s.area.bids[0] == ((5,), (6,))


def test_nk_rnd_01_02_03_04_round_structure():
    """NK-RND-01..04: 4 rounds in 2 periods, each Market, Preparation, Action, End of round;
    mid-game scoring after rounds 2 and 4, then the game-end window and final scoring."""
    game = tabletop_nb.load_game("neko", players=2)
    seen, states = playout_phases(game, seed=3)
    per_round = {}
    for rnd, ph in seen:
        per_round.setdefault(rnd, []).append(ph)
    assert sorted(k for k in per_round if k) == [1, 2, 3, 4]
    for rnd in (1, 2, 3, 4):
        phases = per_round[rnd]
        if rnd == 4:
            phases = phases[:-2] + [11]    # round 4's preparation reveals nothing: no stop there
        # Market (skipped when nobody has fish), Roll, Draft, Income, Rewards, (Post Office),
        # Action, (Penguin Park dice), (Resolve), Prepare: phases without a decision pass
        # within one step, so only their order is visible here
        assert phases == sorted(phases), (rnd, phases)
        assert {3, 4, 5, 6, 8, 11} <= set(phases), (rnd, phases)
    orders = [e for st in states for e in st.events if e[0] == "order"]
    assert len(orders) == 4                    # Set Turn Order once per round
    assert seen[-2:] == [(4, 12), (4, 13)]     # game-end window, then over
    final = states[-1]
    assert game.is_terminal(final) and game.legal_actions(final) == []
    # mid-game scoring happened twice (events of the PREP steps)
    mids = [e for st in states for e in st.events if e[0] == "mid"]
    assert len(mids) == 2 * game.num_players


def test_nk_rnd_05_steps_follow_turn_order():
    """NK-RND-05: one-at-a-time steps start with the first player and follow turn order."""
    game = make_game(3)
    s = table(game, [player(game, dice=(1, 2, 3, 4, 5, 6)) for _ in range(3)], phase=5, frames=(),
              order=(2, 0, 1))   # INCOME
    s = game.advance(s)
    seen = []
    while s.phase == 5:
        p = game.current_player(s)
        seen.append(p)
        s = game.apply(s, game.legal_actions(s)[0])
    assert seen == [2, 0, 1]


def test_nk_rnd_06_current_period_deck():
    """NK-RND-06: the current deck is deck 1 in rounds 1-2 (cards returned in round 2 go under
    it) and deck 2 in rounds 3-4."""
    c = card(100)
    game = make_game(2, [c])
    s = table(game, [player(game), player(game)], phase=RESOLVE, frames=(), round=2,
              area=[100, E, E, E, E])
    s = game.advance(s)
    assert s.bottom == ((100,), ()) and s.round == 3       # under deck 1; round 3 reveals deck 2
    assert s.area.cards == (E,) * 5                               # deck 2 is empty here
    s = table(game, [player(game), player(game)], phase=RESOLVE, frames=(), round=3,
              area=[100, E, E, E, E])
    s = game.advance(s)
    # under deck 2, which is the deck round 4's display is revealed from: it comes back
    assert s.bottom == ((), ()) and s.area.cards[0] == 100 and s.round == 4


def test_nk_rnd_07_order_changes_only_at_set_turn_order():
    """NK-RND-07, NK-TO-06: the order set in round r holds through round r+1's Market, Income and
    Rewards, and changes only at Set Turn Order."""
    game = tabletop_nb.load_game("neko", players=3)
    seen, states = playout_phases(game, seed=5)
    changes = 0
    for a, b in zip(states, states[1:]):
        set_order = any(e[0] == "order" for e in b.events)
        if a.order != b.order:
            changes += 1
            assert set_order and b.phase == ACTION, (a.phase, b.phase)
        if set_order:    # Set Turn Order ran in this step: Rewards (and Post Office) came before
            assert a.phase in (6, 7) and b.phase == ACTION
    assert changes >= 1


def test_nk_set_06_printed_numbers_are_rules():
    """NK-SET-06, NK-SET-04: the starting numbers are rules a designer can change; the box's
    component counts are recorded as data but limit nothing (ruling (a))."""
    game = tabletop_nb.load_game("neko", players=2, start_harbours=2, start_ships=2, start_coins=3)
    P = game.initial_state().players[0]
    assert (P.harbours, len(P.lanes), P.ships, P.coins) == (2, 2, ((0, 0, 0), (0, 0, 0)), 3)
    with pytest.raises(RulesError) as err:
        tabletop_nb.load_game("neko", players=2, start_ships=2)
    assert "start_ships" in str(err.value)
    from tabletop_nb.games.neko.rules import load_board
    supply = load_board()["supply"]
    assert supply["interference_tiles"] == 20 and supply["dice_reward_tiles"] == 8
    g2 = make_game(2, first_player_interference=2, gap_coins=2)
    s = table(g2, [player(g2, dice=(6,)), player(g2, dice=(1,))], phase=7, frames=())
    assert g2.advance(s).players[0].interference == 2
    assert g2.gap_coins((E, E, E, E, E), 3) == 6
