"""Tests for what mutation testing (benchmarks/mutants.py, docs/mutation.md) found unchecked
in the Pebble Rock engine: each fails on the named mutant and passes on the engine."""
from __future__ import annotations

from pebble_rock_helpers import cargo, chance, game_with, make_state, passenger
from tabletop_nb.games.pebble_rock.state import DrawCard
from tabletop_nb.games.pebble_rock.frames import AssignmentCheck, FillRowSlot, NextTurn
from tabletop_nb.games.pebble_rock.engine import run


def test_pr_refill_07_b_a_deck_passenger_bound_for_a_row_island_is_not_drawn():
    """PR-REFILL-07 (b), PR-REFILL-02: under ``destination_blocks_row`` a passenger card in
    the deck whose destination is an island already in the row cannot be revealed (its
    pick-up island is free); under the default (a) it can. (Mutant: the deck card's
    destination check deleted.)"""
    cards = [cargo(1, "Blue Isle", 1, 3), passenger(2, "Red Isle", "Blue Isle", 5),
             cargo(3, "Green Isle", 1, 3)]
    game = game_with(2, cards=cards)
    s = make_state(game, row=(1,), phase="end", todo=(FillRowSlot(),))
    assert set(chance(game, s)) == {DrawCard(2), DrawCard(3)}
    game_b = game_with(2, cards=cards, destination_blocks_row=True)
    s = make_state(game_b, row=(1,), phase="end", todo=(FillRowSlot(),))
    assert set(chance(game_b, s)) == {DrawCard(3)}


def test_pr_score_07_b_any_time_an_assignment_met_once_still_scores():
    """PR-SCORE-07 (b), ``assignment_check="any_time"``: a half met at the end of a turn is
    recorded and scores at the end even when it is no longer met; under the default (a)
    only the final state counts. (Mutant: the recorded halves never stored.)"""
    from pebble_rock_helpers import DEFAULT_ASSIGNMENTS, P
    from tabletop_nb.games.pebble_rock.rules import Assignment, Objective
    from tabletop_nb.games.pebble_rock.state import Secret
    fish = Assignment(1, "Fisher", Objective("fish", 9, 5), Objective("fish", 15, 10))
    cards = (fish,) + DEFAULT_ASSIGNMENTS[1:]
    for check, points in (("any_time", 5), ("end", 0)):
        game = game_with(2, assignment_check=check, assignment_cards=cards)
        secret = (Secret(offer=(1, 2), card=1), Secret(offer=(3, 4), card=3))
        s = make_state(game, players=[P(fish=10), P()], phase="end", secret=secret,
                       todo=(AssignmentCheck(),) if check == "any_time" else ())
        s = run(game, s)  # the end-of-turn bookkeeping step (no decision in it)
        assert s.secret[0].achieved == (1 if check == "any_time" else 0)
        later = make_state(game, players=[P(fish=2), P()], phase="end",
                           secret=(s.secret[0], secret[1]))
        assert game.breakdown(later, 0).assignment_points == points


def test_pr_turn_an_action_tells_every_event_it_caused():
    """The log (PR-TURN-01..05 turn order, PR-END steps): an action that sets off several
    steps (a move that ends the turn, refills and hands over to the next player) reports
    them all, not only the last. Seeded random game on the shipped components. (Mutant: the
    first event of an action was never marked as taken, so each event replaced the ones
    before it.)"""
    import random

    import tabletop_nb
    game = tabletop_nb.load_game("pebble_rock", players=3)
    rng = random.Random(5)
    s = game.initial_state()
    most = 0
    while not game.is_terminal(s):
        if game.current_player(s) == tabletop_nb.CHANCE:
            s = game.apply(s, game.sample_chance(s, rng))
        else:
            s = game.apply(s, rng.choice(game.legal_actions(s)))
        most = max(most, len(s.events))
    assert most >= 2


def test_pr_item_upg_02_sheds_exactly_one_token():
    """PR-ITEM-UPG-02 (a): discarding the Cargo Upgrade with 5 tokens aboard sheds one token,
    and only one: once the hold fits, the player is not asked to shed again. (Mutant: the
    shed step stayed at the head of the queue.)"""
    from pebble_rock_helpers import P, run
    from tabletop_nb.games.pebble_rock.state import Shed, Step, Stop, TakeItem
    game = game_with(2)
    full = [P(cargo=4, passengers=(7,), items=("cargo_upgrade", "jam_sandwich", "maisy")), P()]
    s = make_state(game, players=full, boats=[11, 16], steps=1, market=("lucky_shell",), row=(1, 2, 3))
    s = run(game, s, Step(12), Stop(), TakeItem(0, "cargo_upgrade"), Shed("cargo"))  # 12: Walrus Hut
    assert s.players[0].tokens == 4 and game.capacity(s, 0) == 4
    assert not any(type(a) is Shed for a in game.legal_actions(s))


def test_pr_score_07_colour_objective_counts_completed_cards_of_that_colour():
    """PR-SCORE-07 (colour objectives of the reconstructed Assignment cards): completed
    Delivery cards that can count as the colour are counted, two-colour cards for both.
    (Mutant: the colour tally never incremented, so no colour objective was ever met.)"""
    from pebble_rock_helpers import DEFAULT_ASSIGNMENTS, P
    from tabletop_nb.games.pebble_rock.rules import Assignment, Objective
    from tabletop_nb.games.pebble_rock.state import Secret
    red = Assignment(1, "Red Runner", Objective("colour", 2, 5, "red"), Objective("colour", 4, 10, "red"))
    game = game_with(2, assignment_cards=(red,) + DEFAULT_ASSIGNMENTS[1:])
    secret = (Secret(offer=(1, 2), card=1), Secret(offer=(3, 4), card=3))
    # cards 1 (red cargo) and 8 (red/green passenger) are red; card 3 is green
    s = make_state(game, players=[P(completed=(1, 8, 3)), P()], phase="end", secret=secret)
    pr = game.progress(s, 0)
    assert pr.colour_counts == {"red": 2, "green": 2}
    assert game.breakdown(s, 0).assignment_points == 5


def test_pr_refill_08_an_empty_deck_leaves_the_slot_and_the_turn_goes_on():
    """PR-REFILL-08 (a): when no card can fill the slot it stays empty, and the rest of the
    end of the turn still happens (the next player's turn begins). (Mutant: skipping the
    impossible draw also skipped the step after it.)"""
    cards = [cargo(1, "Blue Isle", 1, 3), cargo(2, "Red Isle", 1, 3), cargo(3, "Green Isle", 1, 3)]
    game = game_with(2, cards=cards)
    s = make_state(game, row=(1,), phase="end", deck=(), lost_cards=(2, 3),
                   todo=(FillRowSlot(), NextTurn()))
    s = run(game, s)
    assert s.table.row == (1, 0, 0)
    assert s.seat == 1 and s.phase == "choose"


class _Top:
    """An rng whose draw is 1.0, the top of its range (a float draw's edge)."""

    def random(self):
        return 1.0


def test_pr_refill_02_a_draw_at_the_top_of_the_range_is_still_an_eligible_card():
    """PR-REFILL-02/05: the revealed card is uniform over the eligible deck cards, and a draw
    at the very top of the rng's range still picks one of them (the last). (Mutant: the
    clamp to the last index removed, so such a draw fell off the end of the list.)"""
    cards = [cargo(1, "Blue Isle", 1, 3), cargo(2, "Red Isle", 1, 3), cargo(3, "Green Isle", 1, 3)]
    game = game_with(2, cards=cards)
    s = make_state(game, row=(1,), phase="end", todo=(FillRowSlot(),))
    a = game.sample_chance(s, _Top())
    assert a in set(chance(game, s)) and a == DrawCard(3)  # the last of the eligible 2, 3


def test_pr_char_05_b_anywhere_placement_avoids_token_spaces_under_the_switch():
    """PR-CHAR-05 (b), ``token_spaces_are_empty=False``: a space holding a jetstream or a
    treasure token is not empty, so a character moved "to any empty space" (here Larry after
    the Shark Repellent, PR-ITEM-SHARK-02) may not go there; under (a) it may. (Mutant: the
    token spaces joined with ``&`` instead of ``|``, so neither kind was left out.)"""
    from pebble_rock_helpers import P, run
    from tabletop_nb.games.pebble_rock.state import Step, UseItem
    for empty in (True, False):
        game = game_with(2, token_spaces_are_empty=empty)
        s = make_state(game, players=[P(fish=3, items=("shark_repellent",)), P()], boats=[4, 16],
                       steps=4, chars=(14, 5, 9), jets={3})
        s = run(game, s, Step(5), UseItem("shark_repellent"))
        spaces = {a.space for a in game.legal_actions(s)}
        allowed = set(range(2, 16)) - {9, 14}  # empty, not a dock; 5 = stay
        if not empty:
            allowed -= {3} | set(s.table.treasure_spaces)
        assert set(s.table.treasure_spaces) & allowed or empty is False
        assert spaces == allowed


def test_pr_score_07_b_any_time_is_checked_at_the_end_of_every_turn():
    """PR-SCORE-07 (b), ``assignment_check="any_time"``: the end of a real turn checks the
    assignment (no hand-queued step): a seat holding 9 fish records the top half. (Mutant:
    the check was never queued at the end of the turn.)"""
    from pebble_rock_helpers import DEFAULT_ASSIGNMENTS, P, quick_turn
    from tabletop_nb.games.pebble_rock.rules import Assignment, Objective
    from tabletop_nb.games.pebble_rock.state import Secret
    fish = Assignment(1, "Fisher", Objective("fish", 9, 5), Objective("fish", 15, 10))
    game = game_with(2, assignment_check="any_time", assignment_cards=(fish,) + DEFAULT_ASSIGNMENTS[1:])
    secret = (Secret(offer=(1, 2), card=1), Secret(offer=(3, 4), card=3))
    s = make_state(game, players=[P(fish=9), P()], phase="choose", boats=[2, 16], secret=secret)
    assert s.secret[0].achieved == 0
    s = quick_turn(game, s)
    assert s.seat == 1 and s.secret[0].achieved == 1
    assert s.secret[1] == secret[1] and len(s.secret) == 2  # the other seat's card untouched


def test_pr_item_08_b_discarding_any_time_includes_the_dice_choice():
    """PR-ITEM-08 (b), ``discard_items_any_time``: "any time" of the turn includes its start,
    the choice of dice. (Mutant: the any-time actions were left out of the dice choice.)"""
    from pebble_rock_helpers import P
    from tabletop_nb.games.pebble_rock.state import ChooseDice, DiscardItem
    free = game_with(2, discard_items_any_time=True)
    s = make_state(free, players=[P(items=("maisy",)), P()], boats=[4, 16], phase="choose")
    acts = free.legal_actions(s)
    assert ChooseDice("steady") in acts and DiscardItem("maisy") in acts


def test_pr_turn_a_decision_has_no_chance_outcomes():
    """The engine contract behind every rule test: a state where a player decides (here a
    move, PR-MOVE) has no chance outcomes, and neither has the end of the game. (Mutant:
    ``not todo or ...`` became ``and``, so a decision's queue was read as a chance node.)"""
    from tabletop_nb.games.pebble_rock.state import Step
    game = game_with(2)
    s = make_state(game, boats=[4, 16], steps=1)
    assert Step(5) in game.legal_actions(s)
    assert game.chance_outcomes(s) == []
    over = make_state(game, phase="over", check=False)
    assert game.chance_outcomes(over) == []


def test_pr_char_12_roberto_takes_one_token_and_the_move_goes_on():
    """PR-CHAR-12 (a): the player chooses the one token Roberto takes, once; then the move
    goes on (no second choice). (Mutant: the choice stayed queued after the token was lost.)"""
    from pebble_rock_helpers import P, run
    from tabletop_nb.games.pebble_rock.state import LoseToken, Step
    game = game_with(2)
    s = make_state(game, players=[P(cargo=0, passengers=(7,), treasures=(7,)), P()], boats=[4, 16],
                   steps=3, chars=(14, 15, 5), treasure_spaces={9, 14, 15})
    s = run(game, s, Step(5), LoseToken("treasure"))
    assert not any(type(a) is LoseToken for a in game.legal_actions(s))
    assert Step(6) in game.legal_actions(s)


def test_pr_score_02_03_count_sets_needs_every_colour():
    """PR-SCORE-02/03: a set is one card of each colour; four red cards make no set, and a
    two-colour card counts as one of its colours only. (Mutant: the search over colour groups
    deleted, leaving the upper bound cards // colours.)"""
    from tabletop_nb.games.pebble_rock.scoring import count_sets
    assert count_sets([("r",)] * 4, "rbgy") == 0
    assert count_sets([("r",), ("r", "b"), ("b", "g"), ("g",), ("y",)], "rbgy") == 1
    assert count_sets([("r",), ("b",), ("g",), ("y",)] * 2, "rbgy") == 2


def test_pr_dice_a_roll_at_the_top_of_the_range_is_the_last_face():
    """PR-DICE (the dice are chance nodes): a draw at the very top of the rng's range still
    gives a face (the last). (It does not catch an unpinned last entry of the cumulative
    table: sample_chance falls back to the last outcome anyway, so that mutant is equivalent.)"""
    from pebble_rock_helpers import run
    from tabletop_nb.games.pebble_rock.state import ChooseDice
    game = game_with(2)
    s = make_state(game, boats=[4, 16], phase="choose")
    s = run(game, s, ChooseDice("steady"))
    outs = chance(game, s)
    a = game.sample_chance(s, _Top())
    assert a in outs and a == list(outs)[-1]


def test_pr_item_jam_01_pr_res_06_c_winds_doubles_the_jam_under_all():
    """PR-ITEM-JAM-01 with PR-RES-06 (c), ``winds_doubles="all"``: after a Winds roll the Jam
    Sandwich's +3 is doubled too (+6); under the default (a) it is added undoubled (+3).
    Steady 2 with Winds gives 4 steps either way. (Mutant: the doubling factor 2 became 0, so
    the Jam added nothing after Winds.)"""
    from pebble_rock_helpers import P, run
    from tabletop_nb.games.pebble_rock.state import ChooseDice, Roll, UseItem
    for doubles, total in (("all", 4 + 6), ("die", 4 + 3)):
        game = game_with(2, winds_doubles=doubles)
        s = make_state(game, players=[P(items=("jam_sandwich",)), P()], phase="choose", boats=[4, 16])
        s = run(game, s, ChooseDice("steady"), Roll(2, "winds"))
        assert s.steps == 4
        s = run(game, s, UseItem("jam_sandwich"))
        assert s.steps == total and s.players[0].items == ()
    # without Winds the Jam is +3 under "all" as well
    game = game_with(2, winds_doubles="all")
    s = make_state(game, players=[P(items=("jam_sandwich",)), P()], phase="choose", boats=[4, 16])
    s = run(game, s, ChooseDice("steady"), Roll(2, "blank"), UseItem("jam_sandwich"))
    assert s.steps == 5


def test_pr_item_upg_02_shedding_a_treasure_puts_one_out_of_the_game():
    """PR-ITEM-UPG-02 (a): a full hold of treasures only (no cargo, no passengers) whose Cargo
    Upgrade is discarded sheds a treasure, and exactly one treasure leaves the game (the
    treasure count of PR-INV-06 still adds up). A hold of 3 (4 upgraded) lets the board's 4
    treasures overfill it. (Mutant: shedding a treasure counted two as gone.)"""
    from pebble_rock_helpers import P, run
    from tabletop_nb.games.pebble_rock.state import DiscardItem, Shed
    game = game_with(2, cargo_capacity=3, upgraded_capacity=4, start_cargo=3,
                     discard_items_any_time=True)
    spaces = tuple(game.rules.board.treasure_spaces)
    hold = [P(cargo=0, treasures=spaces, items=("cargo_upgrade",)), P(cargo=3)]
    s = make_state(game, players=hold, boats=[4, 16], steps=2)
    assert s.players[0].tokens == 4 and game.capacity(s, 0) == 4 and s.table.treasures_gone == 0
    s = run(game, s, DiscardItem("cargo_upgrade"))
    assert game.legal_actions(s) == [Shed("treasure")]
    s = run(game, s, Shed("treasure"))
    assert len(s.players[0].treasures) == 3 and s.table.treasures_gone == 1
    assert s.players[0].tokens == 3 and game.capacity(s, 0) == 3
    assert not any(type(a) is Shed for a in game.legal_actions(s))


def test_pr_item_shell_02_keeping_a_fish_roll_applies_it():
    """PR-ITEM-SHELL-01/02 (a): after a Fish-die roll the Lucky Shell is offered; keeping the
    roll instead applies it (2 fish gained), keeps the shell, and the move begins with the
    steps rolled. (Mutants: keeping a non-step-2 roll returned nothing, or also dropped the
    step after it, the start of the move.)"""
    from pebble_rock_helpers import P, run
    from tabletop_nb.games.pebble_rock.state import ChooseDice, DieRoll, KeepRoll, Reroll, Roll, Step, Stop
    game = game_with(2)
    shell = [P(fish=3, items=("lucky_shell",)), P()]
    s = make_state(game, players=shell, phase="choose", boats=[4, 16])
    s = run(game, s, ChooseDice("steady"), Roll(1, "fish"), KeepRoll(), DieRoll(2))
    assert game.legal_actions(s) == [KeepRoll(), Reroll("fish")]
    s = run(game, s, KeepRoll())
    assert s is not None
    assert s.players[0].fish == 5 and s.players[0].items == ("lucky_shell",)
    assert s.phase == "move" and s.steps == 1 and s.todo == ()
    assert game.legal_actions(s) == [Step(3), Step(5), Stop()]


def test_pr_setup_14_the_round_is_0_during_setup_and_1_when_play_begins():
    """PR-SETUP-14: Brock starts on round 1 when play begins; before that, during setup, the
    round is 0 (the State's documented convention; the view says "Setup"). (Mutant: the
    initial state's round was 1.)"""
    from pebble_rock_helpers import finish_setup
    game = game_with(2)
    s = game.initial_state()
    assert s.phase == "setup" and s.round == 0 and s.turns == 0
    s = finish_setup(game, s)
    assert s.phase == "choose" and s.round == 1 and s.turns == 0


def test_pr_score_01_scores_are_the_track_until_the_game_is_over():
    """PR-SCORE-01, PR-DELIV-06: during play ``scores`` are the track scores; only once the
    game is over do fish, sets, the Lighthouse and Assignments count (the final scoring).
    (Mutant: the "game over?" test deleted, so a running game showed its final scores.)"""
    from pebble_rock_helpers import P
    game = game_with(2)
    players = [P(score=7, fish=9, lighthouse=True), P(score=3, fish=3)]
    playing = make_state(game, players=players, phase="choose")
    assert game.scores(playing) == (7, 3)
    over = make_state(game, players=players, phase="over", round=game.rules.rounds, check=False)
    over.turns = 2 * game.rules.rounds  # (make_state's own new state: every turn played)
    final = game.scores(over)
    assert final[0] >= 7 + 9 // 3 + 3 and final[1] >= 3 + 1
