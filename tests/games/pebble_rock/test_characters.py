"""Rulebook "Interacting with other characters" (section 7, PR-CHAR)."""
from pebble_rock_helpers import (CHANCE, P, cargo, game_with, make_state, quick_turn, run)

from tabletop_nb.games.pebble_rock.state import (ChooseDice, Deliver, DieRoll, LoseToken,
                                                 PlaceCharacter, Roll, Step, Stop)

CARDS = [cargo(1, "Green Isle", 2, 6), cargo(2, "Red Isle", 1, 3), cargo(3, "Blue Isle", 1, 3)]


def test_pr_char_01_08_passing_maisy_fills_an_empty_space():
    """PR-CHAR-01, PR-CHAR-08: entering Maisy's space is passing her: one Cargo token if
    the hold has room, nothing if it is full."""
    game = game_with(2)
    s = make_state(game, players=[P(cargo=2), P()], boats=[4, 16], steps=3, chars=(5, 15, 9))
    s = run(game, s, Step(5))
    assert s.players[0].cargo == 3 and s.turn.met == 1
    s = make_state(game, players=[P(cargo=4), P()], boats=[4, 16], steps=3, chars=(5, 15, 9))
    s = run(game, s, Step(5))
    assert s.players[0].cargo == 4


def test_pr_char_02_once_per_turn():
    """PR-CHAR-02: a Roberto symbol followed by a move through Roberto's space loses 1 token
    in total."""
    game = game_with(2)
    s = make_state(game, players=[P(cargo=4), P()], phase="choose", boats=[4, 16], chars=(14, 15, 9))
    s = run(game, s, ChooseDice("speedy"), Roll(4, "roberto"), PlaceCharacter("roberto", 5))
    assert s.players[0].cargo == 3
    s = run(game, s, Step(5), Step(6))
    assert s.players[0].cargo == 3


def test_pr_char_03_symbol_uses_up_the_interaction():
    """PR-CHAR-03 (a): Maisy's symbol with hold 2 of 4 gives 3; moving through her after
    leaves 3. Under (b) the pass gives another: 4."""
    for symbol_counts, after in ((True, 3), (False, 4)):
        game = game_with(2, symbol_is_interaction=symbol_counts)
        s = make_state(game, players=[P(cargo=2), P()], phase="choose", boats=[4, 16],
                       chars=(14, 15, 9))
        s = run(game, s, ChooseDice("steady"), Roll(3, "maisy"), PlaceCharacter("maisy", 5))
        assert s.players[0].cargo == 3
        s = run(game, s, Step(5), Step(6))
        assert s.players[0].cargo == after


def test_pr_char_04_an_empty_pass_counts():
    """PR-CHAR-04 (a): full hold, pass Maisy, deliver 2 cargo, pass Maisy again: no cargo;
    under (b) the second pass gives +1."""
    for empty_counts, after in ((True, 2), (False, 3)):
        game = game_with(2, cards=CARDS, empty_pass_is_interaction=empty_counts)
        s = make_state(game, players=[P(cargo=4), P()], boats=[4, 16], steps=4, chars=(5, 15, 9),
                       row=(1,))
        s = run(game, s, Step(5), Step(6), Deliver(1))
        assert s.players[0].cargo == 2
        s = run(game, s, Step(5))
        assert s.players[0].cargo == after


def test_pr_char_05_empty_spaces_and_a_character_already_adjacent():
    """PR-CHAR-05 (a): a space with only a jetstream token is empty; a character already next
    to the boat must move to a different empty neighbour (switch: it may stay)."""
    game = game_with(2)
    s = make_state(game, phase="choose", boats=[4, 16], chars=(14, 15, 9), jets={5})
    s = run(game, s, ChooseDice("steady"), Roll(2, "maisy"))
    assert game.legal_actions(s) == [PlaceCharacter("maisy", 3), PlaceCharacter("maisy", 5)]
    strict = game.with_rules(token_spaces_are_empty=False)
    s = make_state(strict, phase="choose", boats=[4, 16], chars=(14, 15, 9), jets={5})
    s = run(strict, s, ChooseDice("steady"), Roll(2, "maisy"))
    assert strict.legal_actions(s) == [PlaceCharacter("maisy", 3)]
    s = make_state(game, phase="choose", boats=[4, 16], chars=(5, 15, 9))
    s = run(game, s, ChooseDice("steady"), Roll(2, "maisy"))
    assert game.legal_actions(s) == [PlaceCharacter("maisy", 3)]
    stay = game.with_rules(adjacent_character_may_stay=True)
    s = make_state(stay, phase="choose", boats=[4, 16], chars=(5, 15, 9))
    s = run(stay, s, ChooseDice("steady"), Roll(2, "maisy"))
    assert stay.legal_actions(s) == [PlaceCharacter("maisy", 3), PlaceCharacter("maisy", 5)]


def test_pr_char_06_never_on_a_dock():
    """PR-CHAR-06: when a dock neighbour and a non-dock neighbour are free, only the
    non-dock space is offered."""
    game = game_with(2)
    s = make_state(game, phase="choose", boats=[2, 16], chars=(14, 15, 9))
    s = run(game, s, ChooseDice("speedy"), Roll(2, "roberto"))
    assert game.legal_actions(s) == [PlaceCharacter("roberto", 3)]


def test_pr_char_07_characters_stay_put():
    """PR-CHAR-07: characters move only by symbols and items; they stay across turns."""
    game = game_with(2)
    s = make_state(game, phase="choose", boats=[4, 16], chars=(6, 12, 9))
    s = quick_turn(game, s)
    s = quick_turn(game, s)
    assert s.chars == (6, 12, 9)


def test_pr_char_09_larry_roll_without_fishing_gear():
    """PR-CHAR-09, PR-ITEM-GEAR-01: passing Larry rolls the Fish die and loses that many;
    Fishing Gear does not change Larry's roll (roll 2 with Gear takes 2)."""
    game = game_with(2)
    s = make_state(game, players=[P(fish=5, items=("fishing_gear",)), P()], boats=[4, 16],
                   steps=3, chars=(14, 5, 9))
    s = run(game, s, Step(5))
    assert game.current_player(s) == CHANCE
    s = run(game, s, DieRoll(2))
    assert s.players[0].fish == 3


def test_pr_char_10_11_roberto_takes_cargo_first():
    """PR-CHAR-10, PR-CHAR-11: passing Roberto loses 1 token, a Cargo token whenever there
    is one (from {Cargo, Passenger} the passenger stays); nothing from an empty hold."""
    game = game_with(2)
    s = make_state(game, players=[P(cargo=1, passengers=(7,)), P()], boats=[4, 16], steps=3,
                   chars=(14, 15, 5))
    s = run(game, s, Step(5))
    assert s.players[0].cargo == 0 and s.players[0].passengers == (7,)
    s = make_state(game, players=[P(cargo=0), P()], boats=[4, 16], steps=3, chars=(14, 15, 5))
    s = run(game, s, Step(5))
    assert s.players[0].tokens == 0 and game.current_player(s) == 0


def test_pr_char_12_roberto_with_a_passenger_and_a_treasure():
    """PR-CHAR-12 (a): with no Cargo token the player chooses between the passenger and the
    treasure; the switches make Roberto take the treasure or the passenger first."""
    board_players = [P(cargo=0, passengers=(7,), treasures=(7,)), P()]
    game = game_with(2)
    s = make_state(game, players=board_players, boats=[4, 16], steps=3, chars=(14, 15, 5),
                   treasure_spaces={9, 14, 15})
    s = run(game, s, Step(5))
    assert game.legal_actions(s) == [LoseToken("passenger", 7), LoseToken("treasure")]
    s = run(game, s, LoseToken("treasure"))
    assert s.players[0].treasures == () and s.players[0].passengers == (7,)
    assert s.table.treasures_gone == 1
    for mode, left in (("treasure", ((7,), ())), ("passenger", ((), (7,)))):
        g = game.with_rules(roberto_takes=mode)
        s = make_state(g, players=board_players, boats=[4, 16], steps=3, chars=(14, 15, 5),
                       treasure_spaces={9, 14, 15})
        s = run(g, s, Step(5))
        assert (s.players[0].passengers, s.players[0].treasures) == left


def test_pr_char_13_characters_in_path_order():
    """PR-CHAR-13: hold {Passenger}: Roberto then Maisy ends with {Cargo}; Maisy then Roberto
    ends with {Passenger}."""
    game = game_with(2)
    for chars, expect in (((6, 15, 5), (1, ())), ((5, 15, 6), (0, (7,)))):
        s = make_state(game, players=[P(cargo=0, passengers=(7,)), P()], boats=[4, 16], steps=3,
                       chars=chars)
        s = run(game, s, Step(5), Step(6), Step(7), Stop())
        p = s.players[0]
        assert (p.cargo, p.passengers) == expect
