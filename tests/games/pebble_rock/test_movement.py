"""Rulebook "3: Move" (section 6, PR-MOVE)."""
import pytest
from pebble_rock_helpers import P, cargo, chance, game_with, make_state, run, stops

from tabletop_nb import IllegalActionError
from tabletop_nb.games.pebble_rock.state import (ChooseDice, Deliver, DieRoll, PlaceCharacter,
                                                 Roll, Step, Stop)


def test_pr_move_01_only_along_dotted_lines():
    """PR-MOVE-01: a step goes to a neighbour along an edge; any other is refused."""
    game = game_with(2)
    s = make_state(game, boats=[4, 16], steps=3)
    assert [a for a in game.legal_actions(s) if isinstance(a, Step)] == [Step(3), Step(5)]
    with pytest.raises(IllegalActionError):
        game.apply(s, Step(6))


def test_pr_move_02_up_to_the_roll_and_zero_steps():
    """PR-MOVE-02 (a): the boat may stop early or not move at all; the switch requires at
    least one step unless none is possible."""
    game = game_with(2)
    s = make_state(game, players=[P(fish=0), P()], boats=[4, 16], steps=3)
    assert Stop() in game.legal_actions(s)
    assert stops(game, s) == {1, 2, 3, 4, 5, 6, 7}
    strict = game.with_rules(zero_step_move=False)
    s = make_state(strict, players=[P(fish=0), P()], boats=[4, 16], steps=3)
    assert Stop() not in strict.legal_actions(s)
    assert Stop() in strict.legal_actions(run(strict, s, Step(5)))
    stuck = make_state(strict, players=[P(fish=0), P()], boats=[4, 16], steps=0)
    assert strict.legal_actions(stuck) == [Stop()]


def test_pr_move_03_04_pass_through_but_never_stop_on_pieces():
    """PR-MOVE-03, PR-MOVE-04: a boat passes through a boat and a character but may not
    stop on them; with movement 2 and a boat two spaces on, the ends are the spaces before."""
    game = game_with(2)
    s = make_state(game, players=[P(fish=0), P()], boats=[4, 6], steps=2, chars=(14, 15, 9))
    assert stops(game, s) == {2, 3, 4, 5}
    s = make_state(game, players=[P(fish=0), P()], boats=[4, 5], steps=3, chars=(6, 15, 9))
    assert stops(game, s) == {1, 2, 3, 4, 7}
    s = run(game, s, Step(5), Step(6))
    assert Stop() not in game.legal_actions(s)
    s = run(game, s, Step(7), Stop())
    assert s.boats[0] == 7


def test_pr_move_04_no_stranding_on_a_piece():
    """PR-MOVE-04 (RULINGS): a step onto a piece is offered only if the boat can get out
    again: 1 step left and no fish cannot enter Maisy's space; 2 steps can."""
    game = game_with(2)
    s = make_state(game, players=[P(fish=0), P()], boats=[4, 16], steps=1, chars=(5, 15, 9))
    assert Step(5) not in game.legal_actions(s)
    s = make_state(game, players=[P(fish=1), P()], boats=[4, 16], steps=1, chars=(5, 15, 9))
    assert Step(5) in game.legal_actions(s)  # a fish pays the way out
    s = make_state(game, players=[P(fish=3), P()], boats=[4, 16], steps=1, chars=(14, 5, 9))
    assert Step(5) not in game.legal_actions(s)  # Larry there may take all 3 fish first
    s = make_state(game, players=[P(fish=0), P()], boats=[4, 16], steps=2, chars=(5, 15, 9))
    assert Step(5) in game.legal_actions(s)


def test_pr_move_05_12_passing_a_boat_affects_no_one():
    """PR-MOVE-05, PR-MOVE-12: passing another boat changes nothing for either player."""
    game = game_with(2)
    s = make_state(game, players=[P(fish=2), P(fish=5, cargo=2)], boats=[4, 5], steps=2)
    s2 = run(game, s, Step(5), Step(6))
    assert s2.players == s.players and s2.boats == (6, 5)


def test_pr_move_06_boats_use_docks():
    """PR-MOVE-06: boats enter, pass through and end on dock spaces."""
    game = game_with(2)
    s = make_state(game, players=[P(fish=0), P()], boats=[3, 8], steps=3)
    assert {0, 1} <= stops(game, s)
    s = run(game, s, Step(2), Step(1), Step(0), Stop())
    assert s.boats[0] == 0


def test_pr_move_07_a_move_may_revisit_spaces():
    """PR-MOVE-07 (a): a move is any walk (back and forth allowed); the switch allows only
    simple paths."""
    game = game_with(2)
    s = make_state(game, boats=[4, 16], steps=3)
    s = run(game, s, Step(5))
    assert Step(4) in game.legal_actions(s)
    simple = game.with_rules(revisit_spaces=False)
    s = make_state(simple, boats=[4, 16], phase="choose")
    s = run(simple, s, ChooseDice("steady"), Roll(3, "blank"), Step(5))
    assert Step(4) not in simple.legal_actions(s) and Step(6) in simple.legal_actions(s)


def test_pr_move_08_09_effects_on_entering_in_order():
    """PR-MOVE-08, PR-MOVE-09 (a): entering a space resolves its character first, then its
    jetstream; then the optional actions of the space are offered."""
    game = game_with(2, cards=[cargo(1, "Green Isle", 1, 3), cargo(2, "Red Isle", 1, 3),
                               cargo(3, "Blue Isle", 1, 3)])
    s = make_state(game, players=[P(fish=3), P()], boats=[4, 16], steps=3, chars=(14, 6, 9),
                   jets={6}, row=(1,))
    s = run(game, s, Step(5), Step(6))
    assert set(a.value for a in chance(game, s)) == {0, 1, 2, 3}  # Larry: the Fish die
    s = run(game, s, DieRoll(1))
    assert set(a.value for a in chance(game, s)) == {1, 2, 3, 4, 5, 6}  # the jetstream
    s = run(game, s, DieRoll(4))
    assert s.players[0].fish == 2 and s.steps == 5 and Deliver(1) in game.legal_actions(s)


def test_pr_move_10_deliveries_do_not_end_the_move():
    """PR-MOVE-10: after a delivery the rest of the movement can be used."""
    game = game_with(2)
    s = make_state(game, boats=[4, 16], steps=3, row=(3,))
    s = run(game, s, Step(5), Step(6), Deliver(3))
    assert s.steps == 1 and Step(7) in game.legal_actions(s)


def test_pr_move_11_the_starting_space_does_not_count():
    """PR-MOVE-11 (a): a boat that starts next to a row island with cargo enough has no
    delivery before its first step; coming back to the space it has; the switch allows it."""
    game = game_with(2)
    s = make_state(game, boats=[6, 16], steps=2, row=(3,), phase="choose")
    s = run(game, s, ChooseDice("steady"), Roll(2, "blank"))
    assert Deliver(3) not in game.legal_actions(s)
    s = run(game, s, Step(5), Step(6))
    assert Deliver(3) in game.legal_actions(s)
    start = game.with_rules(start_space_counts=True)
    s = make_state(start, boats=[6, 16], row=(3,), phase="choose")
    s = run(start, s, ChooseDice("steady"), Roll(2, "blank"))
    assert Deliver(3) in start.legal_actions(s)


def test_pr_move_12_characters_affect_only_the_mover():
    """PR-MOVE-12: Larry's symbol steals from the player whose turn it is only."""
    game = game_with(2)
    s = make_state(game, players=[P(fish=3), P(fish=3)], phase="choose", boats=[4, 6])
    s = run(game, s, ChooseDice("speedy"), Roll(2, "larry"), PlaceCharacter("larry", 5), DieRoll(2))
    assert [p.fish for p in s.players] == [1, 3]
