"""Tests for mutation survivors in the Pebble Rock engine (benchmarks/mutants.py,
docs/mutation.md): each fails on the mutant it names and passes on the engine.

They go through the public surface only (``game.position``, ``apply``, ``legal_actions``,
``chance_outcomes``, the log ``game.events``, ``analysis``, the hooks, ``invariants``) on
the shipped board, so they hold while the engine's modules are reshaped. Spaces used: the
treasure space 0 (beside 1), the fishing space 8 (beside 16), Larry's space 73 (beside
64), Roberto at 37, the docks 38 and 39; the passenger card 33 waits on Puffin Perch
(space 32, beside 23)."""
from __future__ import annotations

from dataclasses import replace

import tabletop_nb
from tabletop_nb.games.pebble_rock import PebbleRockGame, analysis, invariants
from tabletop_nb.games.pebble_rock.state import (LARRY, ROBERTO, ChooseDice, DieRoll,
                                                 DiscardItem, DiscardTreasure, Endure,
                                                 LoseToken, PickUp,
                                                 PlaceCharacter, Roll, Step, Stop, TakeTreasure,
                                                 UseItem)


def _game(**rules):
    return tabletop_nb.load_game("pebble_rock", players=2, **rules)


def _sailing(game, **table):
    """Seat 0 (Otter) sailing in round 3 with the Steady die's 3, ``movement`` left."""
    kw = dict(boats=[1, 39], step="move", dice="steady", roll=3, movement=2, round=3)
    kw.update(table)
    return game.position(**kw)


# -- the log: what an action did is told (the replay and GameApp's log show it) ------------

def test_pr_turn_02_choosing_the_dice_is_told():
    """PR-TURN-02, PR-DICE-01: the dice choice is in the log. (Mutant: the "choose" event
    deleted.)"""
    game = _game()
    s = game.apply(game.position(boats=[1, 39], round=3), ChooseDice("steady"))
    assert game.events(s) == ("Otter rolls Steady + Resource",)


def test_pr_res_03_putting_a_character_on_a_space_is_told():
    """PR-RES-03, PR-DICE-05: a Maisy symbol asks where to put her, and the log says where
    she went. (Mutant: the "place" event deleted.)"""
    game = _game()
    s = game.apply(game.position(boats=[64, 39], round=3), ChooseDice("steady"))
    s = game.apply(s, Roll(move=2, symbol="maisy"))
    assert PlaceCharacter("maisy", 55) in game.legal_actions(s)
    s = game.apply(s, PlaceCharacter("maisy", 55))
    assert game.events(s) == ("Otter puts Maisy on space 55 (by Jellyfish Jetty)",)


def test_pr_treas_02_taking_a_treasure_is_told():
    """PR-TREAS-02: taking the treasure token is in the log (its value stays hidden).
    (Mutant: the "treasure" event deleted.)"""
    game = _game()
    s = game.apply(_sailing(game), Step(0))
    s = game.apply(s, TakeTreasure())
    assert s.players[0].treasures == (0,)
    assert game.events(s) == ("Otter takes the treasure on space 0 (by Turtle Top, treasure)",)


def test_pr_pass_02_picking_up_a_passenger_is_told():
    """PR-PASS-02: picking up a passenger is in the log, with the card. (Mutant: the
    "pickup" event deleted.)"""
    game = _game()
    s = game.apply(_sailing(game, boats=[23, 39], row=[33, 3, 35]), Step(32))
    assert PickUp(33) in game.legal_actions(s)
    s = game.apply(s, PickUp(33))
    assert s.players[0].passengers == (33,)
    assert game.events(s) == ("Otter picks up a passenger for Parrot Peak",)


# -- rules -----------------------------------------------------------------------------

def test_pr_char_04_a_pass_that_achieves_nothing_uses_up_the_meeting():
    """PR-CHAR-02, PR-CHAR-04 (a), ``empty_pass_is_interaction=True``: sailing onto Larry
    with no fish does nothing, and still is this turn's meeting with Larry; under (b) it is
    not. (Mutants: the met mark of an empty pass deleted, or made with ``&``.)"""
    for rule, met in ((True, True), (False, False)):
        game = _game(empty_pass_is_interaction=rule)
        s = _sailing(game, boats=[64, 39], fish=[0, 3])
        assert not analysis.has_met(s, LARRY)
        s = game.apply(s, Step(73))
        assert s.players[0].fish == 0 and game.current_player(s) == 0  # no Larry roll
        assert analysis.has_met(s, LARRY) is met
        assert not analysis.has_met(s, ROBERTO)


def test_pr_treas_10_b_discarding_a_treasure_keeps_the_others():
    """PR-TREAS-10 (b), ``treasure_discard=True``: discarding a treasure puts one token out
    of the game; the other treasure stays in the hold. (Mutant: every treasure discarded.)"""
    game = _game(treasure_discard=True)
    s = _sailing(game, boats=[16, 39], cargo=[1, 4], treasures=[[0, 9], []], movement=1)
    assert DiscardTreasure() in game.legal_actions(s)
    s = game.apply(s, DiscardTreasure())
    assert len(s.players[0].treasures) == 1 and s.players[0].treasures[0] in (0, 9)
    assert s.table.treasures_gone == 1
    assert game.events(s) == ("Otter discards a treasure",)


def test_pr_item_gear_01_the_bonus_is_the_rule_value_per_gear():
    """PR-ITEM-GEAR-01 with ``gear_bonus=2``: a Fishing Gear adds 2 fish to a fish gain (a
    roll of 1 gives 3). (Mutant: the bonus divided by the gear count instead of multiplied:
    the same with the printed bonus 1.)"""
    game = _game(gear_bonus=2)
    s = _sailing(game, boats=[16, 39], fish=[0, 3], items=[("fishing_gear",), ()], movement=1)
    s = game.apply(game.apply(s, Step(8)), Stop())
    assert DieRoll(1) in dict(game.chance_outcomes(s))
    s = game.apply(s, DieRoll(1))
    assert s.players[0].fish == 3
    assert game.events(s)[-1] == "Otter gains 3 fish"


def test_pr_score_07_big_cargo_cards_are_those_of_3_or_more():
    """PR-SCORE-07 (the "cargo cards of 3 or more" objective): completed cargo cards of
    amount 3 (card 2) and 4 (card 6) both count; one of amount 1 (card 1) does not.
    (Mutant: ``amount <= 3`` counted 3 and 1 but not 4.)"""
    game = _game()
    s = game.position(boats=[38, 39], completed=[[2, 6], [1]])
    assert game.progress(s, 0).big_cargo == 2
    assert game.progress(s, 1).big_cargo == 0
    assert game.progress(s, 0).cargo_cards == 2


def test_pr_score_07_no_assignment_kept_yet_scores_nothing():
    """PR-SCORE-07, PR-SETUP: before the Assignment cards are chosen (the start of the
    set-up) no seat has a kept card, and the score breakdown (what GameApp shows) counts
    no assignment points. (Mutant: "card > 0" made ">= 0": the empty card 0 was looked up.)"""
    game = _game()
    s = game.initial_state()
    for seat in (0, 1):
        b = game.breakdown(s, seat)
        assert b.assignment_points == 0
        assert b.total == 1  # the 3 starting fish (3 fish a point)


def test_pr_inv_09_a_round_out_of_range_is_named():
    """PR-INV-09: a round outside 1..rounds is reported as such ("round 11"), besides the
    turn count it also breaks. (Mutant: the round's own message deleted.)"""
    game = _game()
    s = game.position(boats=[38, 39], round=10)
    assert invariants(game, s) == []
    out = invariants(game, replace(s, round=11))
    assert "PR-INV-09: round 11" in out


def test_pr_item_upg_01_capacity_after_discarding_the_upgrade():
    """PR-ITEM-UPG-01, PR-ITEM-UPG-02: what the bots ask before discarding a Cargo
    Upgrade: the seat's capacity without it (4), the other seat's untouched, also for the
    second seat; the position itself is unchanged. (Mutants: the seat's board not read; the
    players rebuilt with ``-``.)"""
    game = _game()
    s = game.position(boats=[38, 39], items=[("cargo_upgrade",), ("cargo_upgrade", "lucky_shell")])
    assert (game.capacity(s, 0), game.capacity(s, 1)) == (5, 5)
    assert analysis.capacity_after_discard(game, s, 0, "cargo_upgrade") == 4
    assert analysis.capacity_after_discard(game, s, 1, "cargo_upgrade") == 4
    assert analysis.capacity_after_discard(game, s, 1, "lucky_shell") == 5
    assert (game.capacity(s, 0), game.capacity(s, 1)) == (5, 5)


def test_pr_score_07_a_seat_without_a_kept_card_meets_no_half():
    """PR-SCORE-07: ``game.assignment_halves_met`` (a documented query the bots ask) gives
    0, no half met, for a seat that has kept no Assignment card yet (the set-up). (Mutant:
    -1, every bit set, for no card.)"""
    game = _game()
    s = game.initial_state()
    assert game.assignment_halves_met(s, 0) == 0 and game.assignment_halves_met(s, 1) == 0


# -- the queue: a decision settled leaves the rest of the turn in place ----------------------

def test_pr_item_maisy_01_the_maisy_item_moves_maisy_alone():
    """PR-ITEM-MAISY-01, PR-CHAR-07: playing the Maisy card puts Maisy on the chosen space;
    Larry and Roberto stay where they are. (Mutant: the characters' tuple rebuilt with
    Maisy's old space kept, so Larry's and Roberto's shift.)"""
    game = _game()
    s = game.position(boats=[64, 39], round=3, items=[["maisy"], []], step="move",
                      dice="steady", roll=3, movement=3)
    larry, roberto = s.chars[LARRY], s.chars[ROBERTO]
    s = game.apply(s, UseItem("maisy", 55))
    assert s.chars == (55, larry, roberto)


def test_pr_char_09_enduring_larry_asks_once():
    """PR-CHAR-09, PR-ITEM-SHARK-01: a boat that endures Larry (keeping its Shark Repellent)
    rolls the Fish die once, loses that many fish, and sails on: it is not asked again
    whether to avoid him. (Mutant: the avoid offer left at the head of the queue.)"""
    game = _game()
    s = game.position(boats=[64, 39], round=3, items=[["shark_repellent"], []], fish=[5, 0],
                      step="move", dice="steady", roll=3, movement=3)
    s = game.apply(s, Step(73))
    assert game.legal_actions(s) == [UseItem("shark_repellent"), Endure()]
    s = game.apply(s, Endure())
    s = game.apply(s, DieRoll(2))
    assert s.players[0].fish == 3
    assert analysis.pending(s) is None and all(type(a) is Step for a in game.legal_actions(s))


def test_pr_char_12_the_move_follows_the_robbery_choice():
    """PR-CHAR-12, PR-DANGER-03, PR-RES-01: Roberto brought by the Danger die takes the token
    the player chooses from a hold of a passenger and a treasure, and then the move begins
    (the symbol is resolved before moving). (Mutant: the frame after the choice dropped.)"""
    game = _game()
    s = game.position(boats=[28, 39], round=3, cargo=[0, 0], passengers=[[33], []],
                      treasures=[[0], []], treasure_spaces=[9, 86, 95])
    s = game.apply(s, ChooseDice("speedy"))
    s = game.apply(s, Roll(move=2, symbol="roberto"))
    s = game.apply(s, next(a for a in game.legal_actions(s) if isinstance(a, PlaceCharacter)))
    assert set(game.legal_actions(s)) == {LoseToken("passenger", 33), LoseToken("treasure")}
    s = game.apply(s, LoseToken("treasure"))
    assert s.players[0].treasures == () and s.players[0].passengers == (33,)
    assert s.phase == "move" and any(type(a) is Step for a in game.legal_actions(s))


# -- the Cargo Upgrade's discard asks the capacity (one home: analysis.capacity_after_discard)

class _UpgradesStack(PebbleRockGame):
    """A house rule: every Cargo Upgrade held adds its space (the printed game counts one)."""

    def capacity(self, s, seat):
        p = s.players[seat]
        return self.rules.cargo_capacity + p.items.count("cargo_upgrade")


def _discards(game, items, cargo):
    """The item discards seat 0 is offered at its dice choice, holding ``cargo`` tokens.
    (The hold is filled after ``position``, which checks it against the printed capacity.)"""
    s = game.position(boats=[38, 39], cargo=[0, 0], items=[items, []])
    s = replace(s, players=(replace(s.players[0], cargo=cargo),) + s.players[1:])
    return [a for a in game.legal_actions(s) if type(a) is DiscardItem]


def test_pr_item_upg_02_b_an_upgrade_is_kept_only_while_its_space_is_used():
    """PR-ITEM-UPG-02 (b), PR-ITEM-UPG-01: under "refuse", a full hold of 5 keeps its only
    Cargo Upgrade, but one of two may go (the other still gives the fifth space); a house
    rule where upgrades stack refuses it too, since the hook's capacity would drop below the
    6 tokens. (Mutants: the count of upgrades compared the wrong way; a discard rule that
    restates the capacity instead of asking the hook.)"""
    rules = dict(upgrade_discard_when_full="refuse", discard_items_any_time=True)
    game = _game(**rules)
    assert _discards(game, ["cargo_upgrade", "jam_sandwich"], 5) == [DiscardItem("jam_sandwich")]
    assert _discards(game, ["cargo_upgrade", "cargo_upgrade"], 5) == [DiscardItem("cargo_upgrade")]
    stacked = _UpgradesStack(players=2, **rules)
    assert stacked.capacity(stacked.position(boats=[38, 39], items=[["cargo_upgrade"] * 2, []]), 0) == 6
    assert _discards(stacked, ["cargo_upgrade", "cargo_upgrade"], 6) == []
    assert _discards(stacked, ["cargo_upgrade", "cargo_upgrade"], 5) == [DiscardItem("cargo_upgrade")]
