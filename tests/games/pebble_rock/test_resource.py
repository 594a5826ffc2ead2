"""Rulebook "Resource Dice" (section 4, PR-RES)."""
from fractions import Fraction

from pebble_rock_helpers import P, chance, game_with, make_state, run

from tabletop_nb.games.pebble_rock.state import (ChooseDice, DieRoll, PlaceCharacter, Roll,
                                                 Step, Stop)


def walk_right(game, s, start):
    """Step right along the path while a step right is legal; return (state, steps taken)."""
    pos, n = start, 0
    while Step(pos + 1) in game.legal_actions(s):
        s = run(game, s, Step(pos + 1))
        pos += 1
        n += 1
    return s, n


def test_pr_res_01_02_fish_symbol_gains_fish_usable_this_move():
    """PR-RES-01, PR-RES-02, PR-FISH-06: fish 1, Fish die forced to 2, gives 3, all of
    which can be spent on this move."""
    game = game_with(2)
    s = make_state(game, players=[P(fish=1), P()], phase="choose", boats=[2, 16], chars=(15, 14, 9))
    s = run(game, s, ChooseDice("steady"), Roll(1, "fish"))
    assert chance(game, s) == {DieRoll(v): Fraction(1, 4) for v in (0, 1, 2, 3)}
    s = run(game, s, DieRoll(2))
    assert s.players[0].fish == 3 and s.phase == "move" and s.steps == 1
    s, n = walk_right(game, s, 2)
    assert n == 4 and s.players[0].fish == 0  # 1 die step + 3 fish steps


def test_pr_res_02_fishing_gear_adds_one():
    """PR-RES-02, PR-ITEM-GEAR-01: with Fishing Gear the fish symbol gives the roll + 1."""
    game = game_with(2)
    s = make_state(game, players=[P(fish=1, items=("fishing_gear",)), P()], phase="choose",
                   boats=[4, 16])
    s = run(game, s, ChooseDice("steady"), Roll(1, "fish"), DieRoll(2))
    assert s.players[0].fish == 4


def test_pr_res_03_maisy_moves_next_to_the_boat_and_gives_cargo():
    """PR-RES-03: hold 3 of 4 with Maisy far away: Maisy goes to the chosen empty neighbour
    and the hold is 4 of 4."""
    game = game_with(2)
    s = make_state(game, players=[P(cargo=3), P()], phase="choose", boats=[4, 16], chars=(14, 15, 9))
    s = run(game, s, ChooseDice("steady"), Roll(2, "maisy"))
    assert game.legal_actions(s) == [PlaceCharacter("maisy", 3), PlaceCharacter("maisy", 5)]
    s = run(game, s, PlaceCharacter("maisy", 5))
    assert s.chars[0] == 5 and s.players[0].cargo == 4 and s.phase == "move"


def test_pr_res_04_maisy_with_a_full_hold_still_moves():
    """PR-RES-04: with a full hold Maisy still moves, but no cargo is gained."""
    game = game_with(2)
    s = make_state(game, phase="choose", boats=[4, 16], chars=(14, 15, 9))
    s = run(game, s, ChooseDice("steady"), Roll(2, "maisy"), PlaceCharacter("maisy", 3))
    assert s.chars[0] == 3 and s.players[0].cargo == 4


def test_pr_res_05_winds_doubles_the_movement_die():
    """PR-RES-05: Steady forced to 3 with Winds allows a move of up to 6 steps."""
    game = game_with(2)
    s = make_state(game, players=[P(fish=0), P()], phase="choose", boats=[2, 16], chars=(15, 14, 13))
    s = run(game, s, ChooseDice("steady"), Roll(3, "winds"))
    assert s.steps == 6
    s, n = walk_right(game, s, 2)
    assert n == 6


def test_pr_res_06_winds_doubles_only_the_die():
    """PR-RES-06 (a): Steady 3 with Winds plus 2 fish allows at most 8 steps, not 10; the
    "all" reading doubles fish too (10), "die_and_jetstream" doubles a jetstream roll."""
    for reading, expect in (("die", 8), ("die_and_jetstream", 8), ("all", 10)):
        game = game_with(2, winds_doubles=reading)
        s = make_state(game, players=[P(fish=2), P()], phase="choose", boats=[2, 16],
                       chars=(15, 14, 13))
        s = run(game, s, ChooseDice("steady"), Roll(3, "winds"))
        s, n = walk_right(game, s, 2)
        assert n == expect and s.players[0].fish == 0, reading
    for reading, extra in (("die", 3), ("die_and_jetstream", 6)):
        game = game_with(2, winds_doubles=reading)
        s = make_state(game, players=[P(fish=0), P()], phase="choose", boats=[2, 16], jets={3})
        s = run(game, s, ChooseDice("steady"), Roll(3, "winds"), Step(3), DieRoll(3))
        assert s.steps == 5 + extra


def test_pr_res_07_blank_does_nothing():
    """PR-RES-07: a blank face changes nothing but the movement allowance."""
    game = game_with(2)
    before = make_state(game, phase="choose", boats=[4, 16])
    s = run(game, before, ChooseDice("steady"), Roll(2, "blank"))
    assert s.players == before.players and s.chars == before.chars and s.jets == before.jets
    assert s.phase == "move" and s.steps == 2 and Stop() in game.legal_actions(s)
