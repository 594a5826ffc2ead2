"""Rulebook "How To Play" and the turn structure (checklist section 2, PR-TURN)."""
from fractions import Fraction

import pytest
from pebble_rock_helpers import CHANCE, chance, finish_setup, game_with, make_state, quick_turn, run

from tabletop_nb import TERMINAL, IllegalActionError
from tabletop_nb.games.pebble_rock.state import ChooseDice, Deliver, FirstPlayer, Roll, Step, Stop
from tabletop_nb.games.pebble_rock.frames import DrawFirstPlayer


def test_pr_turn_01_configured_first_player_acts_first():
    """PR-TURN-01: the configured first seat starts; -1 draws it (a chance node)."""
    game = game_with(3, first_player=2, board=None)
    s = finish_setup(game)
    assert s.first == 2 and game.current_player(s) == 2 and s.phase == "choose"
    drawn = game_with(3, first_player=-1)
    s = drawn.initial_state()
    while not (drawn.current_player(s) == CHANCE and isinstance(s.todo[0], DrawFirstPlayer)):
        s = drawn.apply(s, drawn.chance_outcomes(s)[0][0] if drawn.current_player(s) == CHANCE
                        else drawn.legal_actions(s)[0])
    assert chance(drawn, s) == {FirstPlayer(i): Fraction(1, 3) for i in range(3)}
    s = run(drawn, s, FirstPlayer(1))
    assert drawn.current_player(s) == 1


def test_pr_turn_02_clockwise_one_turn_each_per_round():
    """PR-TURN-02: with 3 players and first seat 1 the order is 1, 2, 0, 1, 2, 0."""
    game = game_with(3, first_player=1, board=None)
    s = finish_setup(game)
    order = []
    for _ in range(6):
        order.append((game.current_player(s), s.round))
        s = quick_turn(game, s)
    assert order == [(1, 1), (2, 1), (0, 1), (1, 2), (2, 2), (0, 2)]


def test_pr_turn_03_steps_in_order():
    """PR-TURN-03: choose dice, then roll and resolve, then move, then end of turn: no
    movement before the symbol is resolved, no dice choice after the roll."""
    game = game_with(2)
    s = make_state(game, phase="choose", boats=[4, 8], chars=(12, 14, 6))
    assert all(isinstance(a, ChooseDice) for a in game.legal_actions(s))
    s = run(game, s, ChooseDice("steady"))
    assert game.current_player(s) == CHANCE  # the roll
    with pytest.raises(IllegalActionError):
        game.apply(s, Step(5))
    s = run(game, s, Roll(2, "maisy"))  # Maisy must be placed before moving
    assert {type(a).__name__ for a in game.legal_actions(s)} == {"PlaceCharacter"}
    with pytest.raises(IllegalActionError):
        game.apply(s, ChooseDice("speedy"))
    s = run(game, s, game.legal_actions(s)[0])
    assert Step(5) in game.legal_actions(s) and not any(isinstance(a, ChooseDice)
                                                        for a in game.legal_actions(s))
    s = run(game, s, Stop())
    assert s.phase == "end" and game.current_player(s) == CHANCE  # the row refill


def test_pr_turn_04_round_marker_after_the_last_player():
    """PR-TURN-04: the round marker moves on after the last player's turn (its end-of-turn
    actions and row refill included), not before."""
    game = game_with(2)
    s = make_state(game, phase="choose", seat=1, boats=[4, 8], row=(3,), chars=(12, 14, 9))
    s = run(game, s, ChooseDice("steady"), Roll(2, "blank"), Step(7), Step(6), Deliver(3), Stop())
    assert s.round == 1 and game.current_player(s) == CHANCE  # the row refill comes first
    s = run(game, s, game.chance_outcomes(s)[0][0])
    while game.current_player(s) == CHANCE:
        s = run(game, s, game.chance_outcomes(s)[0][0])
    assert s.round == 2 and s.seat == 0 and s.phase == "choose"


def test_pr_turn_05_ten_rounds_then_the_end():
    """PR-TURN-05: a 2-player game ends after exactly 20 turns; there is no round 11."""
    game = game_with(2)
    s = finish_setup(game)
    turns = 0
    while game.current_player(s) != TERMINAL:
        assert 1 <= s.round <= 10
        s = quick_turn(game, s)
        turns += 1
    assert turns == 20 and s.turns == 20 and s.round == 10 and s.phase == "over"
    assert game.legal_actions(s) == []
