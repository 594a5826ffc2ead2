"""Rulebook "Item Cards" and "Optional: Use an Item card" (section 14, PR-ITEM)."""
from fractions import Fraction

from pebble_rock_helpers import CHANCE, P, chance, game_with, make_state, run, stops

from tabletop_nb.games.pebble_rock.rules import ITEM_KINDS
from tabletop_nb.games.pebble_rock.state import (ChooseDice, DieRoll, DiscardItem,
                                                 DrawItem, Endure, KeepRoll, PlaceCharacter,
                                                 Reroll, Roll, Shed, Step, Stop, TakeItem,
                                                 UseItem)

SHACK = 13  # Walrus Shack marked space, also a fishing space
HUT = 12  # Walrus Hut marked space


def uses(game, s):
    return [a for a in game.legal_actions(s) if isinstance(a, UseItem)]


def discard_count(s, kind):
    return s.table.item_discard[ITEM_KINDS.index(kind)]


# -- general -------------------------------------------------------------------------------
def test_pr_item_01_at_most_three():
    """PR-ITEM-01, PR-MARKET-05: with 3 items a 4th can only be taken by discarding one."""
    game = game_with(2)
    s = make_state(game, players=[P(items=("jam_sandwich", "lucky_shell", "maisy")), P()],
                   boats=[11, 16], steps=1, market=("water_cannon",), row=(1, 2, 3))
    s = run(game, s, Step(HUT), Stop())
    takes = [a for a in game.legal_actions(s) if isinstance(a, TakeItem)]
    assert takes and all(a.discard for a in takes)
    assert {a.discard for a in takes} == {"jam_sandwich", "lucky_shell", "maisy"}
    s = run(game, s, TakeItem(0, "maisy"))
    assert s.players[0].items == ("jam_sandwich", "lucky_shell", "water_cannon")
    assert discard_count(s, "maisy") == 1


def test_pr_item_02_one_item_per_turn():
    """PR-ITEM-02: after the Lucky Shell, Water Cannon is not offered the same turn."""
    game = game_with(2)
    s = make_state(game, players=[P(items=("lucky_shell", "water_cannon")), P()], phase="choose",
                   boats=[4, 16], chars=(14, 15, 6))
    s = run(game, s, ChooseDice("steady"), Roll(1, "blank"), Reroll("movement"), DieRoll(3))
    assert s.turn.item_used and s.steps == 3
    s = run(game, s, Step(5), Step(6))  # Roberto: no Water Cannon choice
    assert game.current_player(s) == 0 and s.players[0].cargo == 3
    assert s.players[0].items == ("water_cannon",)


def test_pr_item_03_only_on_your_own_turn():
    """PR-ITEM-03: a player's items are never offered on another player's turn."""
    game = game_with(2)
    s = make_state(game, players=[P(), P(items=("jam_sandwich", "maisy"))], boats=[4, 8], steps=2)
    assert uses(game, s) == []
    s = make_state(game, players=[P(), P(items=("jam_sandwich",))], seat=1, boats=[4, 8], steps=2)
    assert uses(game, s) == [UseItem("jam_sandwich")]


def test_pr_item_04_05_market_item_waits_passive_works_at_once():
    """PR-ITEM-04, PR-MARKET-07: a Lucky Shell taken at the Market cannot reroll that turn's
    fishing roll; it is usable from the next turn. PR-ITEM-05 (a): a Fishing Gear taken
    there counts for that fishing roll at once (quick-reference order); the switch makes
    passive items start next turn."""
    game = game_with(2)
    s = make_state(game, boats=[12, 16], steps=1, market=("lucky_shell", "fishing_gear"),
                   row=(1, 2, 3))
    s = run(game, s, Step(SHACK), Stop(), TakeItem(0))
    assert s.turn.fresh_item == "lucky_shell"
    s = run(game, s, DrawItem("maisy"))
    assert game.current_player(s) == CHANCE  # the fishing roll: no shell decision follows
    s = run(game, s, DieRoll(1))
    assert s.players[0].fish == 4 and s.seat == 1
    # next turn of seat 0: the shell works
    s = make_state(game, players=[P(items=("lucky_shell",)), P()], phase="choose", boats=[4, 16])
    s = run(game, s, ChooseDice("steady"), Roll(1, "blank"))
    assert game.legal_actions(s) == [KeepRoll(), Reroll("movement"), Reroll("symbol")]
    for at_once, fish in ((True, 3 + 1 + 1), (False, 3 + 1)):
        g = game.with_rules(passive_items_at_once=at_once)
        s = make_state(g, boats=[12, 16], steps=1, market=("fishing_gear",), row=(1, 2, 3))
        s = run(g, s, Step(SHACK), Stop(), TakeItem(0), DrawItem("maisy"), DieRoll(1))
        assert s.players[0].fish == fish


def test_pr_item_06_07_used_items_discarded_and_reshuffled():
    """PR-ITEM-06: a used one-shot item goes to the discard pile. PR-ITEM-07: when the deck
    is empty the discard pile is shuffled into a new deck."""
    game = game_with(2)
    s = make_state(game, players=[P(items=("jam_sandwich",)), P()], boats=[4, 16], steps=1)
    s = run(game, s, UseItem("jam_sandwich"))
    assert s.steps == 4 and discard_count(s, "jam_sandwich") == 1 and s.players[0].items == ()
    # deck empty: the Market draws from the reshuffled discard pile
    discard = tuple({"maisy": 2, "jam_sandwich": 2, "water_cannon": 1}.get(k, 0) for k in ITEM_KINDS)
    held = [P(items=("cargo_upgrade", "cargo_upgrade", "fishing_gear")),
            P(items=("fishing_gear", "lucky_shell", "lucky_shell"))]
    s = make_state(game, players=held, boats=[11, 16], steps=1, row=(1, 2, 3), item_discard=discard,
                   market=("shark_repellent", "shark_repellent", "water_cannon"))
    s = run(game, s, Step(HUT), Stop(), TakeItem(2, "fishing_gear"))
    assert sum(s.table.item_deck) == 0
    outs = chance(game, s)
    assert outs == {DrawItem("maisy"): Fraction(2, 6), DrawItem("jam_sandwich"): Fraction(2, 6),
                    DrawItem("water_cannon"): Fraction(1, 6), DrawItem("fishing_gear"): Fraction(1, 6)}
    s = run(game, s, DrawItem("fishing_gear"))
    assert sum(s.table.item_deck) == 5 and sum(s.table.item_discard) == 0


def test_pr_item_08_discard_only_at_the_market():
    """PR-ITEM-08 (a): no discarding except to make room at the Market; the switch allows it."""
    game = game_with(2)
    s = make_state(game, players=[P(items=("maisy",)), P()], boats=[4, 16], steps=1)
    assert DiscardItem("maisy") not in game.legal_actions(s)
    free = game.with_rules(discard_items_any_time=True)
    s = make_state(free, players=[P(items=("maisy",)), P()], boats=[4, 16], steps=1)
    s = run(free, s, DiscardItem("maisy"))
    assert s.players[0].items == () and discard_count(s, "maisy") == 1


# -- the one-shot items ----------------------------------------------------------------------
def test_pr_item_maisy_01_02_place_maisy_next_to_the_boat():
    """PR-ITEM-MAISY-01: Maisy goes on an empty non-dock neighbour, then the card is
    discarded; with none, the card cannot be used. PR-ITEM-MAISY-02 (a): no cargo at once;
    passing her later does give one. The switch gives it at once."""
    game = game_with(2)
    s = make_state(game, players=[P(cargo=2, items=("maisy",)), P()], boats=[2, 16], steps=2,
                   chars=(14, 15, 9))
    assert uses(game, s) == [UseItem("maisy", 3)]  # 1 is a dock
    s = run(game, s, UseItem("maisy", 3))
    assert s.chars[0] == 3 and s.players[0].cargo == 2 and discard_count(s, "maisy") == 1
    s = run(game, s, Step(3), Step(4))
    assert s.players[0].cargo == 3
    at_once = game.with_rules(maisy_item_gives_cargo=True)
    s = make_state(at_once, players=[P(cargo=2, items=("maisy",)), P()], boats=[2, 16], steps=2,
                   chars=(14, 15, 9))
    s = run(at_once, s, UseItem("maisy", 3))
    assert s.players[0].cargo == 3
    hemmed = make_state(game, players=[P(items=("maisy",)), P()], boats=[1, 2], steps=2)
    assert uses(game, hemmed) == []


def test_pr_item_jam_01_three_more_spaces():
    """PR-ITEM-JAM-01: allowance 2 with Jam reaches a space at distance 5."""
    game = game_with(2)
    s = make_state(game, players=[P(fish=0, items=("jam_sandwich",)), P()], boats=[4, 16], steps=2,
                   chars=(15, 14, 13))
    s = run(game, s, UseItem("jam_sandwich"))
    assert s.steps == 5 and {x for x in stops(game, s) if 4 <= x <= 15} == {4, 5, 6, 7, 8, 9}


def test_pr_item_shell_01_02_reroll_right_after_a_roll():
    """PR-ITEM-SHELL-01, PR-ITEM-SHELL-02 (a): straight after the roll the shell rerolls one
    die: the movement die (Winds then doubles the new result), the symbol die (rerolling
    Larry away avoids him), or a Fish die roll."""
    game = game_with(2)
    shell = [P(fish=3, items=("lucky_shell",)), P()]
    s = make_state(game, players=shell, phase="choose", boats=[4, 16])
    s = run(game, s, ChooseDice("steady"), Roll(1, "winds"), Reroll("movement"))
    assert {a.value for a in chance(game, s)} == {1, 2, 3, 4, 5, 6}
    s = run(game, s, DieRoll(5))
    assert s.steps == 10
    s = make_state(game, players=shell, phase="choose", boats=[4, 16], chars=(14, 15, 9))
    s = run(game, s, ChooseDice("speedy"), Roll(4, "larry"), Reroll("symbol"))
    assert {a.value for a in chance(game, s)} == {"larry", "roberto", "jetstream", "blank"}
    s = run(game, s, DieRoll("blank"))
    assert s.chars[1] == 15 and s.players[0].fish == 3 and s.steps == 4
    s = make_state(game, players=shell, phase="choose", boats=[4, 16])
    s = run(game, s, ChooseDice("steady"), Roll(1, "fish"), KeepRoll(), DieRoll(0))
    assert game.legal_actions(s) == [KeepRoll(), Reroll("fish")]
    s = run(game, s, Reroll("fish"), DieRoll(3))
    assert s.players[0].fish == 6


def test_pr_item_shark_01_02_03_repellent():
    """PR-ITEM-SHARK-01: when Larry would take fish, the Repellent is discarded and no fish
    are lost. PR-ITEM-SHARK-02: then Larry may go to any empty non-dock space (or stay).
    PR-ITEM-SHARK-03 (a): decided before the roll; it uses up the turn's Larry encounter
    (switch: passing him again costs a roll)."""
    for counts, roll_again in ((True, False), (False, True)):
        game = game_with(2, avoided_is_interaction=counts)
        s = make_state(game, players=[P(fish=3, items=("shark_repellent",)), P()], boats=[4, 16],
                       steps=4, chars=(14, 5, 9))
        s = run(game, s, Step(5))
        assert game.legal_actions(s) == [UseItem("shark_repellent"), Endure()]
        s = run(game, s, UseItem("shark_repellent"))
        # the Repellent is discarded: off the player's board, onto the item discard pile
        assert s.players[0].items == ()
        assert s.table.item_discard[ITEM_KINDS.index("shark_repellent")] == 1
        spaces = {a.space for a in game.legal_actions(s)}
        assert spaces == set(range(2, 16)) - {9, 14}  # empty, not a dock; 5 = stay
        s = run(game, s, PlaceCharacter("larry", 7))
        assert s.players[0].fish == 3 and s.chars[1] == 7
        s = run(game, s, Step(6), Step(7))
        assert (game.current_player(s) == CHANCE) == roll_again


def test_pr_item_cannon_01_water_cannon():
    """PR-ITEM-CANNON-01: when Roberto would take a token the Cannon is discarded, nothing is
    lost, and Roberto may be moved to any empty non-dock space; declining keeps the card."""
    game = game_with(2)
    s = make_state(game, players=[P(cargo=2, items=("water_cannon",)), P()], boats=[4, 16],
                   steps=3, chars=(14, 15, 5))
    s = run(game, s, Step(5))
    assert game.legal_actions(s) == [UseItem("water_cannon"), Endure()]
    s2 = run(game, s, Endure())
    assert s2.players[0].cargo == 1 and s2.players[0].items == ("water_cannon",)
    s = run(game, s, UseItem("water_cannon"), PlaceCharacter("roberto", 12))
    assert s.players[0].cargo == 2 and s.chars[2] == 12 and discard_count(s, "water_cannon") == 1


# -- the passive items -------------------------------------------------------------------------
def test_pr_item_upg_01_capacity_five_at_once():
    """PR-ITEM-UPG-01: taking a Cargo Upgrade makes the hold 5 at once; it fills an item slot."""
    game = game_with(2)
    s = make_state(game, boats=[11, 16], steps=1, market=("cargo_upgrade",), row=(1, 2, 3))
    assert game.capacity(s, 0) == 4
    s = run(game, s, Step(HUT), Stop(), TakeItem(0))
    assert game.capacity(s, 0) == 5 and s.players[0].items == ("cargo_upgrade",)


def test_pr_item_upg_02_discarding_the_upgrade_with_five_aboard():
    """PR-ITEM-UPG-02 (a): discarding the upgrade with 5 tokens sheds one at once (the player
    chooses which); the switch refuses to discard it while the fifth space is in use."""
    game = game_with(2)
    full = [P(cargo=4, passengers=(7,), items=("cargo_upgrade", "jam_sandwich", "maisy")), P()]
    s = make_state(game, players=full, boats=[11, 16], steps=1, market=("lucky_shell",), row=(1, 2, 3))
    s = run(game, s, Step(HUT), Stop(), TakeItem(0, "cargo_upgrade"))
    assert game.legal_actions(s) == [Shed("cargo"), Shed("passenger", 7)]
    s = run(game, s, Shed("passenger", 7))
    assert s.players[0].tokens == 4 and game.capacity(s, 0) == 4 and s.table.lost_cards == (7,)
    refuse = game.with_rules(upgrade_discard_when_full="refuse")
    s = make_state(refuse, players=full, boats=[11, 16], steps=1, market=("lucky_shell",), row=(1, 2, 3))
    s = run(refuse, s, Step(HUT), Stop())
    assert TakeItem(0, "cargo_upgrade") not in refuse.legal_actions(s)
    assert TakeItem(0, "maisy") in refuse.legal_actions(s)


def test_pr_item_upg_03_two_upgrades():
    """PR-ITEM-UPG-03: with two upgrades the hold stays 5, also after discarding one."""
    game = game_with(2)
    two = [P(cargo=5, items=("cargo_upgrade", "cargo_upgrade", "maisy")), P()]
    s = make_state(game, players=two, boats=[11, 16], steps=1, market=("lucky_shell",), row=(1, 2, 3))
    assert game.capacity(s, 0) == 5
    s = run(game, s, Step(HUT), Stop(), TakeItem(0, "cargo_upgrade"))
    assert game.capacity(s, 0) == 5 and s.players[0].cargo == 5 and game.current_player(s) == CHANCE


def test_pr_item_gear_01_02_fishing_gear():
    """PR-ITEM-GEAR-01: +1 on every fish gain (a fishing space). PR-ITEM-GEAR-02 (a): two
    Gears give +1 each, and a 0 still gains the bonus; the switch gives +1 in all."""
    for stacks, gain in ((True, 2), (False, 1)):
        game = game_with(2, gear_stacks=stacks)
        s = make_state(game, players=[P(fish=0, items=("fishing_gear", "fishing_gear")), P()],
                       boats=[4, 16], steps=1, row=(1, 2, 3))
        s = run(game, s, Step(5), Stop(), DieRoll(0))
        assert s.players[0].fish == gain
        s = make_state(game, players=[P(fish=0, items=("fishing_gear", "fishing_gear")), P()],
                       boats=[4, 16], steps=1, row=(1, 2, 3))
        s = run(game, s, Step(5), Stop(), DieRoll(2))
        assert s.players[0].fish == 2 + gain
