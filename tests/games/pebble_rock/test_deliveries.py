"""Rulebook "Delivery Cards": cargo, passengers, movement and refilling the row
(sections 10-12: PR-DELIV, PR-PASS, PR-REFILL)."""
from fractions import Fraction

import pytest
from pebble_rock_helpers import (CHANCE, P, cargo, chance, game_with, make_state, passenger,
                                 run)

from tabletop_nb import IllegalActionError
from tabletop_nb.games.pebble_rock.state import (Deliver, DiscardPassenger,
                                                 DrawCard, DropOff, Overboard, PickUp, Refill,
                                                 Step, Stop)
from tabletop_nb.games.pebble_rock.frames import FillRowSlot, NextTurn


def deliveries(game, s):
    return [a for a in game.legal_actions(s) if isinstance(a, Deliver)]


# -- cargo ---------------------------------------------------------------------------------
def test_pr_deliv_01_02_row_card_at_its_island_optional():
    """PR-DELIV-01, PR-DELIV-02: a delivery needs a row card whose island the space
    surrounds; it is optional (the boat may sail on or stop)."""
    game = game_with(2)
    s = make_state(game, boats=[4, 16], steps=3, row=(3, 4))
    s = run(game, s, Step(5))
    assert deliveries(game, s) == []  # space 5 surrounds no island
    s = run(game, s, Step(6))
    assert deliveries(game, s) == [Deliver(3)]  # Green Isle; card 10 (Green) is not in the row
    assert Stop() in game.legal_actions(s) and Step(7) in game.legal_actions(s)


def test_pr_deliv_03_04_no_partial_delivery_and_only_cargo_counts():
    """PR-DELIV-03: a card needing 3 with 2 cargo is refused and the state is unchanged.
    PR-DELIV-04: Passenger and Treasure tokens do not count: {2 Cargo, Passenger, Treasure}
    cannot deliver 3."""
    game = game_with(2)
    s = make_state(game, players=[P(cargo=2, passengers=(7,), treasures=(14,)), P()],
                   boats=[7, 16], steps=3, row=(4,), treasure_spaces={7, 9, 15})
    s = run(game, s, Step(8))
    with pytest.raises(IllegalActionError):
        game.apply(s, Deliver(4))
    assert deliveries(game, s) == []


def test_pr_deliv_05_06_07_exact_cargo_points_and_the_card():
    """PR-DELIV-05: exactly the card's amount leaves the hold; PR-DELIV-06: its points go
    on the track (at once, and still there after the turn); PR-DELIV-07: the card leaves
    the row for the player's completed cards."""
    game = game_with(2)
    s = make_state(game, players=[P(cargo=4, score=2), P()], boats=[7, 16], steps=3, row=(4, 1))
    s = run(game, s, Step(8), Deliver(4))
    p = s.players[0]
    assert p.cargo == 1 and p.score == 11 and p.completed == (4,)
    assert s.table.row == (0, 1, 0)
    s = run(game, s, Stop())
    assert s.players[0].score == 11


def test_pr_deliv_08_several_deliveries_in_one_move():
    """PR-DELIV-08: two row islands along the path, hold 4, each card needing 2: both are
    delivered and the hold ends at 0."""
    game = game_with(2, cards=[cargo(1, "Green Isle", 2, 6), cargo(2, "Yellow Isle", 2, 6),
                               cargo(3, "Red Isle", 1, 3)])
    s = make_state(game, boats=[5, 16], steps=3, row=(1, 2))
    s = run(game, s, Step(6), Deliver(1), Step(7), Step(8), Deliver(2))
    assert s.players[0].cargo == 0 and s.players[0].score == 12


def test_pr_deliv_09_one_space_two_islands():
    """PR-DELIV-09: space 3 surrounds Red Isle and Blue Isle: both cards deliver from it."""
    game = game_with(2)
    s = make_state(game, boats=[4, 16], steps=1, row=(1, 2))
    s = run(game, s, Step(3))
    assert deliveries(game, s) == [Deliver(1), Deliver(2)]
    s = run(game, s, Deliver(1), Deliver(2))
    assert s.players[0].cargo == 0 and s.players[0].completed == (1, 2)


def test_pr_deliv_10_new_cards_only_after_the_turn():
    """PR-DELIV-10, PR-REFILL-01: the emptied slot stays empty for the rest of the move and
    is refilled after the turn, before the next player."""
    game = game_with(2)
    s = make_state(game, boats=[5, 16], steps=3, row=(3, 1, 2))
    s = run(game, s, Step(6), Deliver(3), Step(7))
    assert s.table.row == (0, 1, 2) and game.current_player(s) == 0
    s = run(game, s, Stop())
    assert game.current_player(s) == CHANCE and isinstance(game.chance_outcomes(s)[0][0], DrawCard)
    s = run(game, s, DrawCard(10))  # Green Isle again: it left the row (PR-REFILL-04)
    assert s.table.row == (10, 1, 2) and s.seat == 1


def test_pr_deliv_11_cargo_gained_earlier_in_the_move_counts():
    """PR-DELIV-11: cargo from Maisy earlier in the move counts for a delivery."""
    game = game_with(2)
    s = make_state(game, players=[P(cargo=2), P()], boats=[3, 16], steps=3, row=(10,), chars=(4, 15, 9))
    s = run(game, s, Step(4), Step(5), Step(6), Deliver(10))
    assert s.players[0].cargo == 0 and s.players[0].score == 9


# -- passengers ----------------------------------------------------------------------------
def test_pr_pass_01_02_pick_up_takes_the_card_sideways():
    """PR-PASS-01, PR-PASS-02: a passenger card names a pick-up island, a destination and
    points; picking up is optional, puts a Passenger token in the hold and takes the card
    from the row, in progress: no points yet."""
    game = game_with(2)
    card = game.cards[7]
    assert (card.kind, card.island, card.destination, card.points) == ("passenger", "Green Isle",
                                                                       "Yellow Isle", 5)
    s = make_state(game, players=[P(cargo=3), P()], boats=[5, 16], steps=3, row=(7,))
    s = run(game, s, Step(6))
    assert PickUp(7) in game.legal_actions(s) and Stop() in game.legal_actions(s)
    s = run(game, s, PickUp(7))
    p = s.players[0]
    assert p.passengers == (7,) and p.score == 0 and p.completed == () and s.table.row[0] == 0


def test_pr_pass_03_throw_cargo_to_make_room():
    """PR-PASS-03: a hold of 4 Cargo out of 4 throws 1 overboard and picks up: {3 Cargo,
    Passenger}."""
    game = game_with(2)
    s = make_state(game, boats=[5, 16], steps=3, row=(7,))
    s = run(game, s, Step(6), PickUp(7))
    assert (s.players[0].cargo, s.players[0].passengers) == (3, (7,))


def test_pr_pass_04_drop_off_scores_in_the_same_move():
    """PR-PASS-04: entering a space around the destination (no standee needed) drops the
    passenger: the card is completed and scores; pick-up and drop-off in one move."""
    game = game_with(2)
    s = make_state(game, boats=[5, 16], steps=3, row=(7,))
    s = run(game, s, Step(6), PickUp(7), Step(7), Step(8))
    assert DropOff(7) in game.legal_actions(s)
    s = run(game, s, DropOff(7))
    p = s.players[0]
    assert p.passengers == () and p.completed == (7,) and p.score == 5


def test_pr_pass_05_several_passengers_each_with_its_card():
    """PR-PASS-05: several passengers ride at once, each token with its own card."""
    game = game_with(2)
    s = make_state(game, players=[P(cargo=2, passengers=(8,)), P()], boats=[5, 16], steps=3,
                   row=(7,))
    s = run(game, s, Step(6))
    assert DropOff(8) in game.legal_actions(s)  # Red Isle -> Green Isle
    s = run(game, s, PickUp(7))
    assert s.players[0].passengers == (8, 7) and s.players[0].tokens == 4
    s = run(game, s, DropOff(8))
    assert s.players[0].passengers == (7,) and s.players[0].completed == (8,)


def test_pr_pass_06_roberto_takes_only_a_lone_passenger():
    """PR-PASS-06: Roberto takes the passenger only when it is the only token."""
    game = game_with(2)
    s = make_state(game, players=[P(cargo=0, passengers=(7,)), P()], boats=[4, 16], steps=2,
                   chars=(14, 15, 5))
    s = run(game, s, Step(5))
    assert s.players[0].passengers == () and s.table.lost_cards == (7,)
    # not while a Cargo token is in the hold: Roberto takes the cargo, the passenger stays
    s = game.position(boats=[4, 16], cargo=[1, 4], passengers={0: (7,)}, step="move",
                      movement=2, characters=dict(maisy=14, larry=15, roberto=5))
    s = run(game, s, Step(5))
    p = s.players[0]
    assert (p.cargo, p.passengers, s.table.lost_cards) == (0, (7,), ())


def test_pr_pass_07_discard_a_passenger_to_make_room():
    """PR-PASS-07: with a full hold, a passenger may be discarded (poor customer service) to
    make room, e.g. before passing Maisy or at the dock refill."""
    game = game_with(2)
    s = make_state(game, players=[P(cargo=3, passengers=(7,)), P()], boats=[3, 16], steps=2,
                   chars=(5, 15, 9))
    assert DiscardPassenger(7) in game.legal_actions(s)
    s = run(game, s, DiscardPassenger(7), Step(4), Step(5))
    assert s.players[0].cargo == 4 and s.table.lost_cards == (7,)
    s = make_state(game, players=[P(cargo=3, passengers=(7,)), P()], boats=[2, 16], steps=2)
    s = run(game, s, Step(1), Stop())
    assert DiscardPassenger(7) in game.legal_actions(s)
    s = run(game, s, DiscardPassenger(7), Refill(1))
    assert s.players[0].cargo == 4 and s.players[0].passengers == ()


def test_pr_pass_08_09_lost_and_unfinished_passengers_score_nothing():
    """PR-PASS-08: a lost passenger's card is discarded and can never be completed.
    PR-PASS-09, PR-SCORE-04: passengers still aboard at the end score nothing and are no set
    cards."""
    game = game_with(2)
    s = make_state(game, players=[P(cargo=0, passengers=(7,)), P()], boats=[4, 16], steps=2,
                   chars=(14, 15, 5))
    s = run(game, s, Step(5), Step(6), Stop())
    assert 7 in s.table.lost_cards and 7 not in s.players[0].completed
    with_passengers = make_state(game, players=[P(cargo=0, passengers=(7, 8), completed=(1, 2, 3)),
                                                P()], phase="over", round=10, boats=[4, 16],
                                 check=False)
    b = game.breakdown(with_passengers, 0)
    assert b.track == 0 and b.sets == 0


def test_pr_pass_10_cargo_overboard_only_to_make_room():
    """PR-PASS-10 (a): no throwing cargo overboard except to make room for a pick-up; the
    switch allows it at any time."""
    game = game_with(2)
    s = make_state(game, boats=[4, 16], steps=2)
    assert Overboard() not in game.legal_actions(s)
    anytime = game.with_rules(overboard_any_time=True)
    s = make_state(anytime, boats=[4, 16], steps=2)
    s = run(anytime, s, Overboard())
    assert s.players[0].cargo == 3


# -- refilling the row ---------------------------------------------------------------------
def test_pr_refill_02_03_05_one_slot_at_a_time_without_duplicates():
    """PR-REFILL-02, PR-REFILL-03, PR-REFILL-05: row {P}, two empty slots, deck [R1, R2 (also
    island R), T1]: after R1 is placed R2 cannot come, so the row is {P, R1, T1}."""
    cards = [passenger(1, "Green Isle", "Red Isle", 5), cargo(2, "Red Isle", 1, 3),
             cargo(3, "Red Isle", 2, 6), cargo(4, "Yellow Isle", 1, 3)]
    game = game_with(2, cards=cards)
    s = make_state(game, row=(1,), phase="end", todo=(FillRowSlot(), FillRowSlot(), NextTurn()))
    assert chance(game, s) == {DrawCard(c): Fraction(1, 3) for c in (2, 3, 4)}
    s = run(game, s, DrawCard(2))
    assert chance(game, s) == {DrawCard(4): Fraction(1)}
    s = run(game, s, DrawCard(4))
    assert s.table.row == (1, 2, 4) and s.table.deck == (3,)


def test_pr_refill_04_the_island_just_served_may_come_back():
    """PR-REFILL-04: a card for the island whose card was taken this turn is legal."""
    game = game_with(2)
    s = make_state(game, boats=[4, 16], steps=2, row=(1, 2, 4))
    s = run(game, s, Step(3), Deliver(1), Stop())
    assert DrawCard(9) in chance(game, s)  # Red Isle again


def test_pr_refill_06_pick_up_slots_are_refilled():
    """PR-REFILL-06 (a): a slot emptied by a passenger pick-up is refilled after the turn;
    under (b) only a turn with a cargo delivery refills the row."""
    for after_pickup, expect in ((True, CHANCE), (False, 1)):
        game = game_with(2, refill_after_pickup=after_pickup)
        s = make_state(game, boats=[5, 16], steps=1, row=(7, 1, 2))
        s = run(game, s, Step(6), PickUp(7), Stop())
        assert game.current_player(s) == expect


def test_pr_refill_07_destination_does_not_block():
    """PR-REFILL-07 (a): see test_setup: only a passenger's pick-up island is in the row."""
    game = game_with(2)
    s = make_state(game, row=(7,), phase="end", todo=(FillRowSlot(), NextTurn()))
    outs = chance(game, s)
    assert DrawCard(4) in outs and DrawCard(3) not in outs and DrawCard(10) not in outs


def test_pr_refill_08_empty_deck_leaves_the_slot_empty():
    """PR-REFILL-08 (a): with no card that fits, the slot stays empty and play goes on."""
    cards = [cargo(1, "Red Isle", 1, 3), cargo(2, "Red Isle", 2, 6), cargo(3, "Blue Isle", 1, 3)]
    game = game_with(2, cards=cards)
    s = make_state(game, boats=[5, 16], steps=1, row=(1, 3), deck=(2,))
    s = run(game, s, Step(4), Deliver(3), Stop())
    assert s.table.row == (1, 0, 0) and s.seat == 1 and s.phase == "choose"
