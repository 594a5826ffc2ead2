"""Rulebook "4: End of Turn", the Market, "The Final Round" (sections 15-17: PR-MARKET,
PR-END, PR-FINAL)."""
from fractions import Fraction

from pebble_rock_helpers import (CHANCE, P, chance, game_with, make_state, quick_turn, run,
                                 tiny_board)

from tabletop_nb import TERMINAL
from tabletop_nb.games.pebble_rock.rules import Island
from tabletop_nb.games.pebble_rock.state import (ChooseDice, Decline, DieRoll, DrawItem, Refill,
                                                 Roll, Step, Stop, TakeItem)
from tabletop_nb.games.pebble_rock.frames import FillRowSlot

SHACK, HUT = 13, 12
ROW = (1, 2, 3)  # a full row: no refill draws at the end of the test turns


# -- the Market ----------------------------------------------------------------------------
def test_pr_market_01_02_04_one_free_item_at_a_marked_space():
    """PR-MARKET-01: the Market shows 3 items; PR-MARKET-02: ending the turn on a marked
    space of a Market island takes one for free; PR-MARKET-04: at most one, optional."""
    game = game_with(2)
    s = make_state(game, boats=[11, 16], steps=1, market=("maisy", "jam_sandwich", "lucky_shell"),
                   row=ROW)
    s = run(game, s, Step(HUT), Stop())
    assert game.legal_actions(s) == [TakeItem(0), TakeItem(1), TakeItem(2), Decline()]
    s2 = run(game, s, Decline())
    assert s2.players[0].items == () and s2.seat == 1
    s = run(game, s, TakeItem(1))
    assert s.players[0].items == ("jam_sandwich",) and s.players[0].score == 0
    s = run(game, s, DrawItem("maisy"))
    assert s.seat == 1 and s.table.market == ("maisy", "maisy", "lucky_shell")


def test_pr_market_03_passing_or_unmarked_gives_nothing():
    """PR-MARKET-03: passing through a marked space, or ending on an unmarked space around
    a Market island, gives nothing."""
    islands = list(tiny_board().islands)
    islands[4] = Island("Meerkat Mount", "red", "outer", True, 0.0, 1.0, (9, 10), "A", (10,))
    game = game_with(2, board=tiny_board(islands=islands))
    s = make_state(game, boats=[8, 16], steps=3, market=("maisy",), row=ROW, chars=(14, 15, 4))
    s = run(game, s, Step(9), Step(10), Step(9), Stop())  # passed the marked space 10
    assert s.seat == 1 and s.players[0].items == ()
    s = make_state(game, boats=[8, 16], steps=1, market=("maisy",), row=ROW, chars=(14, 15, 4))
    s = run(game, s, Step(9), Stop())
    assert s.seat == 1 and s.players[0].items == ()


def test_pr_market_05_discard_to_make_room_or_decline():
    """PR-MARKET-05: holding 3 items, discard one to take the new one, or decline."""
    game = game_with(2)
    three = [P(items=("jam_sandwich", "lucky_shell", "maisy")), P()]
    s = make_state(game, players=three, boats=[11, 16], steps=1, market=("water_cannon",), row=ROW)
    s = run(game, s, Step(HUT), Stop())
    assert Decline() in game.legal_actions(s) and TakeItem(0) not in game.legal_actions(s)
    s = run(game, s, TakeItem(0, "lucky_shell"))
    assert s.players[0].items == ("jam_sandwich", "maisy", "water_cannon")


def test_pr_market_06_refill_at_once_or_stay_empty():
    """PR-MARKET-06 (a): the slot is refilled at once from the deck (weighted by the cards
    left); with deck and discard pile empty it stays empty."""
    game = game_with(2)
    s = make_state(game, boats=[11, 16], steps=1, market=("water_cannon",), row=ROW)
    s = run(game, s, Step(HUT), Stop(), TakeItem(0))
    outs = chance(game, s)
    assert outs[DrawItem("water_cannon")] == Fraction(1, 13) and outs[DrawItem("maisy")] == Fraction(2, 13)
    few = game_with(2, item_cards=("maisy", "jam_sandwich"))
    s = make_state(few, boats=[11, 16], steps=1, market=("maisy", "jam_sandwich"), row=ROW)
    s = run(few, s, Step(HUT), Stop(), TakeItem(0))
    assert s.table.market == ("", "jam_sandwich", "") and s.seat == 1


def test_pr_market_07_item_usable_from_the_next_turn():
    """PR-MARKET-07, PR-ITEM-04: a Jam Sandwich taken at the Market is usable next turn."""
    game = game_with(2)
    s = make_state(game, boats=[11, 16], steps=1, market=("jam_sandwich",), row=ROW)
    s = run(game, s, Step(HUT), Stop(), TakeItem(0), DrawItem("maisy"))
    s = quick_turn(game, s)  # seat 1
    s = run(game, s, ChooseDice("steady"), Roll(1, "blank"))
    assert s.seat == 0 and "UseItem" in {type(a).__name__ for a in game.legal_actions(s)}


# -- end of turn ---------------------------------------------------------------------------
def test_pr_end_01_02_fishing_space():
    """PR-END-01, PR-END-02: what happens depends on the space: a fishing space rolls the
    Fish die and gains that many (plus Gear); other spaces nothing."""
    game = game_with(2)
    s = make_state(game, players=[P(fish=1), P()], boats=[4, 16], steps=1, row=ROW)
    s = run(game, s, Step(5), Stop())
    assert chance(game, s) == {DieRoll(v): Fraction(1, 4) for v in range(4)}
    s = run(game, s, DieRoll(3))
    assert s.players[0].fish == 4
    s = make_state(game, players=[P(fish=1), P()], boats=[4, 16], steps=1, row=ROW)
    s = run(game, s, Step(3), Stop())
    assert s.seat == 1 and s.players[0].fish == 1


def test_pr_end_03_04_05_dock_refill():
    """PR-END-03: {Cargo, Passenger} out of 4 ending on a dock becomes {3 Cargo, Passenger};
    PR-END-04: movement cannot go on after the refill; PR-END-05: passing through a dock
    never refills."""
    game = game_with(2)
    s = make_state(game, players=[P(cargo=1, passengers=(7,)), P()], boats=[3, 16], steps=3, row=ROW)
    s = run(game, s, Step(2), Step(1), Stop())
    assert Refill(2) in game.legal_actions(s)
    s = run(game, s, Refill(2))
    assert (s.players[0].cargo, s.players[0].passengers) == (3, (7,))
    assert s.seat == 1 and s.steps == 0  # the turn is over
    s = make_state(game, players=[P(cargo=1), P()], boats=[3, 16], steps=3, row=ROW)
    s = run(game, s, Step(2), Step(1), Step(0))
    assert s.players[0].cargo == 1 and s.phase == "move"


def test_pr_end_06_all_or_none():
    """PR-END-06 (a): the refill fills every empty space or none; "any_number" any count."""
    game = game_with(2)
    s = make_state(game, players=[P(cargo=1), P()], boats=[2, 16], steps=1, row=ROW)
    s = run(game, s, Step(1), Stop())
    assert game.legal_actions(s) == [Refill(3), Decline()]
    anyn = game.with_rules(dock_refill="any_number")
    s = make_state(anyn, players=[P(cargo=1), P()], boats=[2, 16], steps=1, row=ROW)
    s = run(anyn, s, Step(1), Stop())
    assert anyn.legal_actions(s) == [Refill(3), Refill(2), Refill(1), Decline()]


def test_pr_end_07_other_end_actions_and_the_row_last():
    """PR-END-07: the Market, the row refill and (round 10) the Lighthouse token; the row
    refill comes after the rest."""
    game = game_with(2)
    s = make_state(game, boats=[11, 16], steps=1, market=("maisy",), row=(1, 2))
    s = run(game, s, Step(HUT), Stop())
    assert game.current_player(s) == 0  # the Market first
    s = run(game, s, TakeItem(0), DrawItem("maisy"))
    assert game.current_player(s) == CHANCE and s.todo[0] == FillRowSlot()


def test_pr_end_08_order_of_end_actions():
    """PR-END-08 (a): quick-reference order, dock - Market - fishing: a Fishing Gear taken at
    a Market space that is also a fishing space counts for that roll; main-text order
    (fishing first) it does not."""
    for order, fish in (("quick_reference", 3 + 2 + 1), ("main_text", 3 + 2)):
        game = game_with(2, end_order=order)
        s = make_state(game, boats=[12, 16], steps=1, market=("fishing_gear",), row=ROW)
        s = run(game, s, Step(SHACK), Stop())
        if order == "main_text":
            s = run(game, s, DieRoll(2), TakeItem(0), DrawItem("maisy"))
        else:
            s = run(game, s, TakeItem(0), DrawItem("maisy"), DieRoll(2))
        assert s.players[0].fish == fish and s.players[0].items == ("fishing_gear",)


# -- the final round -----------------------------------------------------------------------
def test_pr_final_01_02_lighthouse_token_in_round_ten():
    """PR-FINAL-01, PR-FINAL-02, PR-SCORE-06: ending the round-10 turn on a dock gives the
    Lighthouse token: 3 points at the end only, the track unchanged."""
    game = game_with(2)
    s = make_state(game, boats=[2, 16], steps=1, round=10, seat=0, row=ROW, players=[P(score=7), P()])
    s = run(game, s, Step(1), Stop())
    assert s.players[0].lighthouse and s.players[0].score == 7
    assert game.rules.rounds == 10


def test_pr_final_03_passing_or_an_earlier_round_gives_none():
    """PR-FINAL-03: ending round 9 on a dock and moving off in round 10 gives no token;
    passing through a dock in round 10 neither."""
    game = game_with(2)
    s = make_state(game, boats=[2, 16], steps=1, round=9, row=ROW)
    s = run(game, s, Step(1), Stop())
    assert not s.players[0].lighthouse and s.round == 9 and s.seat == 1
    s = quick_turn(game, s)  # seat 1 ends round 9
    assert s.round == 10 and s.seat == 0
    s = run(game, s, ChooseDice("steady"), Roll(2, "blank"), Step(2), Step(3), Stop())
    assert not s.players[0].lighthouse
    s = make_state(game, boats=[3, 16], steps=3, round=10, row=ROW)
    s = run(game, s, Step(2), Step(1), Step(2), Stop())
    assert not s.players[0].lighthouse


def test_pr_final_04_game_ends_after_the_last_round_ten_turn():
    """PR-FINAL-04, PR-PASS-09: after the last player's round-10 turn the game ends and
    unfinished passengers score nothing."""
    game = game_with(2)
    s = make_state(game, players=[P(), P(cargo=2, passengers=(7,), score=4, fish=2)],
                   boats=[4, 8], round=10, seat=1, phase="choose", row=ROW)
    s = quick_turn(game, s)
    assert game.current_player(s) == TERMINAL and s.phase == "over"
    assert game.scores(s)[1] == 4 and game.breakdown(s, 1).sets == 0
