"""Rulebook "Treasure" (section 13, PR-TREAS)."""
from fractions import Fraction

from pebble_rock_helpers import P, chance, game_with, make_state, run

from tabletop_nb.games.pebble_rock.state import (ChooseDice, DeliverTreasure, DiscardTreasure,
                                                 PlaceCharacter, RevealTreasure, Roll, Step,
                                                 TakeTreasure)

# treasure spaces of the tiny board: 7, 9, 14, 15; Roberto starts on 9 there


def test_pr_treas_01_04_four_tokens_never_replaced_several_carried():
    """PR-TREAS-01: one token per treasure space, never replaced; PR-TREAS-04: a treasure
    fills one hold space and several may be carried."""
    game = game_with(2)
    s = make_state(game, players=[P(cargo=2), P()], boats=[6, 16], steps=3, chars=(12, 13, 11))
    s = run(game, s, Step(7), TakeTreasure(), Step(8), Step(9), TakeTreasure())
    assert s.players[0].treasures == (7, 9) and s.players[0].tokens == 4
    assert s.table.treasure_spaces == frozenset({14, 15})
    s = run(game, s, Step(8), Step(7))  # back on space 7, paid with fish: nothing to take
    assert s.boats[0] == 7 and TakeTreasure() not in game.legal_actions(s)


def test_pr_treas_02_pick_up_passing_through_value_hidden():
    """PR-TREAS-02: the treasure may be picked up passing through its space (optional), with
    an empty hold space; its value stays hidden from everyone."""
    game = game_with(2)
    s = make_state(game, players=[P(cargo=3), P()], boats=[6, 16], steps=3, chars=(12, 13, 11))
    s = run(game, s, Step(7))
    assert TakeTreasure() in game.legal_actions(s) and Step(8) in game.legal_actions(s)
    s = run(game, s, TakeTreasure(), Step(8))
    assert s.players[0].treasures == (7,)
    assert s.table.hidden_values == tuple(sorted(game.rules.treasure_values))


def test_pr_treas_03_throw_cargo_for_treasure():
    """PR-TREAS-03: with a full hold a Cargo token goes overboard to make room."""
    game = game_with(2)
    s = make_state(game, boats=[6, 16], steps=3, chars=(12, 13, 11))
    s = run(game, s, Step(7), TakeTreasure())
    assert (s.players[0].cargo, s.players[0].treasures) == (3, (7,))


def test_pr_treas_05_deliver_next_to_roberto():
    """PR-TREAS-05: a boat carrying a treasure worth 4 steps onto a neighbour of Roberto's
    space and delivers: track +4, hold -1."""
    game = game_with(2, treasure_values=(4, 4, 4, 4))
    s = make_state(game, players=[P(cargo=2, treasures=(14,)), P()], boats=[3, 16], steps=2,
                   chars=(12, 13, 5), treasure_spaces={7, 9, 15})
    s = run(game, s, Step(4))
    assert DeliverTreasure() in game.legal_actions(s)
    s = run(game, s, DeliverTreasure())
    assert chance(game, s) == {RevealTreasure(4): Fraction(1)}
    s = run(game, s, RevealTreasure(4))
    p = s.players[0]
    assert p.score == 4 and p.treasures == () and p.tokens == 2 and p.treasure_values == (4,)


def test_pr_treas_06_all_at_once_and_not_an_interaction():
    """PR-TREAS-06 (a): every treasure held may be delivered from one space; delivering is
    allowed after Roberto took a token this turn. Switch: one per space entered."""
    game = game_with(2)
    s = make_state(game, players=[P(cargo=2, treasures=(14, 15)), P()], phase="choose",
                   boats=[3, 16], chars=(12, 13, 9), treasure_spaces={7, 9})
    s = run(game, s, ChooseDice("speedy"), Roll(2, "roberto"), PlaceCharacter("roberto", 4))
    assert s.players[0].cargo == 1 and s.turn.met == 4
    s = run(game, s, Step(2), Step(3))
    s = run(game, s, DeliverTreasure(), RevealTreasure(9), DeliverTreasure(), RevealTreasure(3))
    assert s.players[0].score == 12 and s.players[0].cargo == 1
    one = game.with_rules(deliver_all_treasures=False)
    s = make_state(one, players=[P(cargo=2, treasures=(14, 15)), P()], boats=[2, 16], steps=2,
                   chars=(12, 13, 4), treasure_spaces={7, 9})
    s = run(one, s, Step(3), DeliverTreasure(), RevealTreasure(9))
    assert DeliverTreasure() not in one.legal_actions(s)
    s = run(one, s, Step(2), Step(3))
    assert DeliverTreasure() in one.legal_actions(s)


def test_pr_treas_07_roberto_takes_a_lone_treasure():
    """PR-TREAS-07 (a): a treasure that is the only token goes to Roberto, out of the game,
    unscored; the switch puts it back face down on its space."""
    game = game_with(2)
    s = make_state(game, players=[P(cargo=0, treasures=(14,)), P()], boats=[4, 16], steps=2,
                   chars=(12, 13, 5), treasure_spaces={7, 9, 15})
    s = run(game, s, Step(5))
    assert s.players[0].treasures == () and s.table.treasures_gone == 1 and s.players[0].score == 0
    back = game.with_rules(roberto_treasure="returned")
    s = make_state(back, players=[P(cargo=0, treasures=(14,)), P()], boats=[4, 16], steps=2,
                   chars=(12, 13, 5), treasure_spaces={7, 9, 15})
    s = run(back, s, Step(5))
    assert s.table.treasure_spaces == frozenset({7, 9, 14, 15}) and s.table.treasures_gone == 0


def test_pr_treas_08_adjacent_without_moving_is_not_enough():
    """PR-TREAS-08 (a): a boat that starts next to Roberto cannot deliver before moving onto
    a space next to him; the switch allows it."""
    game = game_with(2)
    s = make_state(game, players=[P(cargo=2, treasures=(14,)), P()], phase="choose",
                   boats=[4, 16], chars=(12, 13, 5), treasure_spaces={7, 9, 15})
    s = run(game, s, ChooseDice("steady"), Roll(2, "blank"))
    assert DeliverTreasure() not in game.legal_actions(s)
    s = run(game, s, Step(3), Step(4))
    assert DeliverTreasure() in game.legal_actions(s)
    anytime = game.with_rules(treasure_beside_roberto_anytime=True)
    s = make_state(anytime, players=[P(cargo=2, treasures=(14,)), P()], phase="choose",
                   boats=[4, 16], chars=(12, 13, 5), treasure_spaces={7, 9, 15})
    s = run(anytime, s, ChooseDice("steady"), Roll(2, "blank"))
    assert DeliverTreasure() in anytime.legal_actions(s)


def test_pr_treas_09_undelivered_treasure_scores_nothing():
    """PR-TREAS-09, PR-SCORE-08: a treasure still aboard at the end scores nothing."""
    game = game_with(2)
    s = make_state(game, players=[P(cargo=1, treasures=(14, 15), score=5), P()], phase="over",
                   round=10, boats=[4, 16], treasure_spaces={7, 9}, check=False)
    assert game.breakdown(s, 0).total == 5 + 1  # track + 3 fish // 3


def test_pr_treas_10_no_discarding_treasure():
    """PR-TREAS-10 (a): a treasure may not be discarded; the switch allows it (out of the game)."""
    game = game_with(2)
    s = make_state(game, players=[P(cargo=1, treasures=(14,)), P()], boats=[4, 16], steps=2,
                   treasure_spaces={7, 9, 15})
    assert DiscardTreasure() not in game.legal_actions(s)
    free = game.with_rules(treasure_discard=True)
    s = make_state(free, players=[P(cargo=1, treasures=(14,)), P()], boats=[4, 16], steps=2,
                   treasure_spaces={7, 9, 15})
    s = run(free, s, DiscardTreasure())
    assert s.players[0].treasures == () and s.table.treasures_gone == 1
