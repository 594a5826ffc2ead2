"""Rulebook "Danger Dice" (section 5, PR-DANGER)."""
from fractions import Fraction

from pebble_rock_helpers import CHANCE, P, chance, game_with, make_state, run

from tabletop_nb.games.pebble_rock.state import (ChooseDice, DieRoll, PlaceCharacter, Roll,
                                                 Step)


def test_pr_danger_01_larry_before_moving_fish_lost_cannot_be_spent():
    """PR-DANGER-01, PR-DANGER-02: Larry's theft comes before the move, so the stolen
    fish cannot pay for steps."""
    game = game_with(2)
    s = make_state(game, players=[P(fish=3), P()], phase="choose", boats=[4, 16], chars=(14, 15, 9))
    s = run(game, s, ChooseDice("speedy"), Roll(2, "larry"))
    assert game.legal_actions(s) == [PlaceCharacter("larry", 3), PlaceCharacter("larry", 5)]
    s = run(game, s, PlaceCharacter("larry", 3))
    assert chance(game, s) == {DieRoll(v): Fraction(1, 4) for v in range(4)}
    s = run(game, s, DieRoll(3))
    assert s.players[0].fish == 0 and s.chars[1] == 3 and s.steps == 2
    s = run(game, s, Step(5), Step(6))
    assert Step(7) not in game.legal_actions(s)  # no movement and no fish left


def test_pr_danger_02_larry_takes_at_most_what_you_have():
    """PR-DANGER-02, PR-CHAR-09: fish 5 with Fish die 2 leaves 3; fish 1 with 3 leaves 0."""
    game = game_with(2)
    for fish, roll, left in ((5, 2, 3), (1, 3, 0), (2, 3, 0)):
        s = make_state(game, players=[P(fish=fish), P()], phase="choose", boats=[4, 16])
        s = run(game, s, ChooseDice("speedy"), Roll(2, "larry"), PlaceCharacter("larry", 5),
                DieRoll(roll))
        assert s.players[0].fish == left


def test_pr_danger_03_roberto_takes_a_passenger_when_it_is_all_there_is():
    """PR-DANGER-03: Roberto's symbol counts as passing him: a hold of 1 passenger only loses
    the passenger (its card is lost)."""
    game = game_with(2)
    s = make_state(game, players=[P(cargo=0, passengers=(7,)), P()], phase="choose",
                   boats=[4, 16], chars=(14, 15, 9))
    s = run(game, s, ChooseDice("speedy"), Roll(2, "roberto"), PlaceCharacter("roberto", 5))
    assert s.players[0].passengers == () and s.table.lost_cards == (7,) and s.chars[2] == 5
    s2 = make_state(game, players=[P(cargo=2, passengers=(7,)), P()], phase="choose",
                    boats=[4, 16], chars=(14, 15, 9))
    s2 = run(game, s2, ChooseDice("speedy"), Roll(2, "roberto"), PlaceCharacter("roberto", 5))
    assert s2.players[0].cargo == 1 and s2.players[0].passengers == (7,)


def test_pr_danger_04_no_room_for_the_character_nothing_happens():
    """PR-DANGER-04: a boat on a dock whose only non-dock neighbour holds a boat rolls Larry:
    fish and Larry's position are unchanged, and passing Larry later still triggers him."""
    game = game_with(2)
    s = make_state(game, players=[P(fish=3), P()], phase="choose", boats=[1, 2], chars=(14, 4, 9))
    s = run(game, s, ChooseDice("speedy"), Roll(6, "larry"))
    assert s.phase == "move" and s.players[0].fish == 3 and s.chars[1] == 4
    assert s.turn.met == 0
    s = run(game, s, Step(2), Step(3), Step(4))
    assert game.current_player(s) == CHANCE  # Larry's Fish die roll
    s = run(game, s, DieRoll(2))
    assert s.players[0].fish == 1


def test_pr_danger_05_jetstream_token_on_the_boat_space():
    """PR-DANGER-05: the Jetstream symbol puts a token from the supply on the boat's space."""
    game = game_with(2)
    s = make_state(game, phase="choose", boats=[4, 16])
    s = run(game, s, ChooseDice("speedy"), Roll(4, "jetstream"))
    assert s.jets == frozenset({4}) and s.turn.fresh_jet == 4


def test_pr_danger_06_new_token_does_not_work_this_turn():
    """PR-DANGER-06, PR-MOVE-07: a token placed this turn stays put and gives nothing even
    if the boat loops back into its space."""
    game = game_with(2)
    s = make_state(game, phase="choose", boats=[4, 16])
    s = run(game, s, ChooseDice("speedy"), Roll(4, "jetstream"), Step(5), Step(4))
    assert game.current_player(s) == 0 and s.jets == frozenset({4}) and s.steps == 2


def test_pr_danger_07_all_tokens_on_the_board_nothing_happens():
    """PR-DANGER-07: with all 8 tokens on the board the symbol does nothing."""
    game = game_with(2)
    jets = {5, 6, 7, 8, 9, 10, 11, 12}
    s = make_state(game, phase="choose", boats=[4, 16], jets=jets)
    s = run(game, s, ChooseDice("speedy"), Roll(4, "jetstream"))
    assert s.jets == frozenset(jets) and s.turn.fresh_jet == -1
    few = game.with_rules(jetstream_tokens=9)
    s = make_state(few, phase="choose", boats=[4, 16], jets=jets)
    s = run(few, s, ChooseDice("speedy"), Roll(4, "jetstream"))
    assert 4 in s.jets


def test_pr_danger_08_starting_on_a_token_does_not_trigger_it():
    """PR-DANGER-08 (a): a boat starting its move on a jetstream token does not use it; a
    symbol on a space that already has a token adds none. The switch uses it at the start."""
    game = game_with(2)
    s = make_state(game, phase="choose", boats=[4, 16], jets={4})
    s = run(game, s, ChooseDice("steady"), Roll(2, "blank"))
    assert game.current_player(s) == 0 and s.jets == frozenset({4}) and s.steps == 2
    s = make_state(game, phase="choose", boats=[4, 16], jets={4})
    s = run(game, s, ChooseDice("speedy"), Roll(2, "jetstream"))
    assert s.jets == frozenset({4}) and s.turn.fresh_jet == -1
    s = run(game, s, Step(5), Step(4))  # the old token works when entered again
    assert game.current_player(s) == CHANCE and 4 not in s.jets
    on = game.with_rules(jetstream_on_start=True)
    s = make_state(on, phase="choose", boats=[4, 16], jets={4})
    s = run(on, s, ChooseDice("steady"), Roll(2, "blank"))
    assert on.current_player(s) == CHANCE and s.jets == frozenset()
    s = run(on, s, DieRoll(3))
    assert s.steps == 5
