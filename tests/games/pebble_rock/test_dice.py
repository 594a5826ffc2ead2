"""Rulebook "1: Decide which dice to roll" and "2: Roll your chosen dice" (section 3, PR-DICE)."""
from fractions import Fraction

import pytest
from pebble_rock_helpers import CHANCE, P, chance, game_with, make_state, run

from tabletop_nb import IllegalActionError
from tabletop_nb.games.pebble_rock.state import ChooseDice, DieRoll, Roll, Step


def test_pr_dice_01_steady_rolls_steady_and_resource():
    """PR-DICE-01: Steady + Resource: the roll is the joint of the two dice, exactly."""
    game = game_with(2)
    s = run(game, make_state(game, phase="choose", boats=[4, 8]), ChooseDice("steady"))
    outs = chance(game, s)
    assert sum(outs.values()) == 1
    assert outs[Roll(3, "fish")] == Fraction(1, 36) and outs[Roll(3, "blank")] == Fraction(1, 12)
    assert {r.symbol for r in outs} == {"fish", "maisy", "winds", "blank"}
    assert {r.move for r in outs} == {1, 2, 3, 4, 5, 6}


def test_pr_dice_02_speedy_rolls_speedy_and_danger():
    """PR-DICE-02: Speedy + Danger."""
    game = game_with(2)
    s = run(game, make_state(game, phase="choose", boats=[4, 8]), ChooseDice("speedy"))
    outs = chance(game, s)
    assert {r.symbol for r in outs} == {"larry", "roberto", "jetstream", "blank"}
    assert {r.move for r in outs} == {2, 4, 6, 8, 10, 12}
    assert outs[Roll(12, "larry")] == Fraction(1, 36)


def test_pr_dice_03_catch_up_only_alone_in_last_place():
    """PR-DICE-03: with track scores A 4, B 5, C 9, A has 3 choices, B and C 2; catch-up
    rolls Speedy + Resource."""
    game = game_with(3)
    scores = [4, 5, 9]
    for seat, n in ((0, 3), (1, 2), (2, 2)):
        s = make_state(game, players=[P(score=v) for v in scores], phase="choose", seat=seat,
                       boats=[4, 8, 11])
        assert len(game.legal_actions(s)) == n
    s = make_state(game, players=[P(score=v) for v in scores], phase="choose", boats=[4, 8, 11])
    s = run(game, s, ChooseDice("catch_up"))
    outs = chance(game, s)
    assert {r.move for r in outs} == {2, 4, 6, 8, 10, 12}
    assert {r.symbol for r in outs} == {"fish", "maisy", "winds", "blank"}
    off = game.with_rules(catch_up=False)
    s = make_state(off, players=[P(score=v) for v in scores], phase="choose", boats=[4, 8, 11])
    assert ChooseDice("catch_up") not in off.legal_actions(s)


def test_pr_dice_04_tied_for_last_cannot_catch_up():
    """PR-DICE-04: A 5, B 5, C 9: A and B have only 2 choices; in round 1 everyone is level."""
    game = game_with(3)
    for seat in (0, 1):
        s = make_state(game, players=[P(score=5), P(score=5), P(score=9)], phase="choose",
                       seat=seat, boats=[4, 8, 11])
        assert game.legal_actions(s) == [ChooseDice("steady"), ChooseDice("speedy")]
    s = make_state(game, phase="choose", boats=[4, 8, 11])
    assert game.legal_actions(s) == [ChooseDice("steady"), ChooseDice("speedy")]


def test_pr_dice_05_no_other_choice():
    """PR-DICE-05: Steady + Danger (or anything else) is refused, naming the legal choices,
    and the state is unchanged."""
    game = game_with(2)
    s = make_state(game, phase="choose", boats=[4, 8])
    for bad in (ChooseDice("steady_danger"), ChooseDice("catch_up"), Step(5)):
        with pytest.raises(IllegalActionError) as err:
            game.apply(s, bad)
        assert "Steady + Resource" in str(err.value) and "Speedy + Danger" in str(err.value)
    assert s == make_state(game, phase="choose", boats=[4, 8])


def test_pr_dice_06_last_place_is_the_track_only():
    """PR-DICE-06: "fewest points" reads the track, not end-game bonuses: a player with the
    lowest track score but many fish and a Lighthouse token may still catch up."""
    game = game_with(2)
    s = make_state(game, players=[P(score=3, fish=30, lighthouse=True), P(score=4, fish=0)],
                   phase="choose", boats=[4, 8])
    assert ChooseDice("catch_up") in game.legal_actions(s)


def test_pr_dice_07_jetstream_rolls_the_chosen_movement_die():
    """PR-DICE-07, PR-JET-02: every jetstream roll this turn uses the movement die chosen
    (Speedy under the catch-up option)."""
    game = game_with(2)
    for choice, faces in (("steady", {1, 2, 3, 4, 5, 6}), ("speedy", {2, 4, 6, 8, 10, 12}),
                          ("catch_up", {2, 4, 6, 8, 10, 12})):
        s = make_state(game, players=[P(score=0), P(score=5)], phase="choose", boats=[4, 8],
                       jets={5})
        s = run(game, s, ChooseDice(choice), Roll(2, "blank"), Step(5))
        assert game.current_player(s) == CHANCE
        assert {a.value for a in chance(game, s)} == faces
        assert all(isinstance(a, DieRoll) for a in chance(game, s))
