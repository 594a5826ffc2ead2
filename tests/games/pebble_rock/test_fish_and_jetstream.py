"""Rulebook "Fish Tokens" (section 8, PR-FISH) and "Jetstream tokens" (section 9, PR-JET)."""
from pebble_rock_helpers import (CHANCE, P, game_with, make_state, run, stops)

from tabletop_nb.games.pebble_rock.state import (ChooseDice, Deliver, DieRoll, KeepRoll, Reroll,
                                                 Roll, Step, Stop)


# -- fish ----------------------------------------------------------------------------------
def test_pr_fish_01_fish_buy_extra_spaces():
    """PR-FISH-01: allowance 2 with 3 fish reaches a space at distance 4 by spending 2,
    leaving 1 fish."""
    game = game_with(2)
    s = make_state(game, players=[P(fish=3), P()], boats=[4, 16], steps=2, chars=(15, 14, 13))
    s = run(game, s, Step(5), Step(6))
    assert s.steps == 0 and game.action_label(s, Step(7)).endswith("(costs 1 fish)")
    s = run(game, s, Step(7), Step(8), Stop())
    assert s.boats[0] == 8 and s.players[0].fish == 1


def test_pr_fish_02_03_only_fish_held_any_number():
    """PR-FISH-02, PR-FISH-03: fish never go below 0 (no fish, no extra step); any number
    may be held and spent in one turn."""
    game = game_with(2)
    s = make_state(game, players=[P(fish=0), P()], boats=[4, 16], steps=0)
    assert game.legal_actions(s) == [Stop()]
    s = make_state(game, players=[P(fish=12), P()], boats=[2, 16], steps=0, chars=(15, 14, 13))
    # 10 fish to the right (Roberto on 13 and Larry on 14 block the way), 2 or 3 to the left
    assert stops(game, s) == set(range(13)) | {17}  # the other boat is on 16
    s = run(game, s, *[Step(i) for i in range(3, 13)])
    assert s.players[0].fish == 2


def test_pr_fish_03_no_limit_on_fish_gained():
    """PR-FISH-03: no limit on fish held: a player with 30 fish still gains every fish of a
    Resource fish symbol and of fishing at the end of the turn (nothing is capped)."""
    game = game_with(2)
    s = game.position(boats=[4, 16], fish=[30, 3], characters=dict(maisy=15, larry=14, roberto=13))
    s = run(game, s, ChooseDice("steady"), Roll(1, "fish"), DieRoll(3))
    assert s.players[0].fish == 33
    s = run(game, s, Step(5), Stop())  # space 5 is a fishing space
    assert game.current_player(s) == CHANCE
    s = run(game, s, DieRoll(3))
    assert s.players[0].fish == 36


def test_pr_fish_04_fish_steps_are_ordinary_steps():
    """PR-FISH-04, PR-MOVE-08: a step bought with a fish triggers characters, deliveries and
    jetstreams like any step."""
    game = game_with(2)
    s = make_state(game, players=[P(fish=3, cargo=2), P()], boats=[4, 16], steps=0, chars=(5, 15, 9))
    s = run(game, s, Step(5))
    assert s.players[0].cargo == 3 and s.players[0].fish == 2
    s = make_state(game, players=[P(fish=3), P()], boats=[4, 16], steps=0, row=(3,), jets={6})
    s = run(game, s, Step(5), Step(6))
    assert game.current_player(s) == CHANCE  # the jetstream
    s = run(game, s, DieRoll(2))
    assert Deliver(3) in game.legal_actions(s) and s.steps == 2


def test_pr_fish_05_die_movement_may_end_on_a_piece():
    """PR-FISH-05 (a2): the move is one walk: the die's last step may land on Maisy's space
    and a fish pays the next step out."""
    game = game_with(2)
    s = make_state(game, players=[P(fish=1), P()], boats=[4, 16], steps=1, chars=(5, 15, 9))
    s = run(game, s, Step(5))
    assert Stop() not in game.legal_actions(s) and s.steps == 0
    s = run(game, s, Step(6), Stop())
    assert s.boats[0] == 6 and s.players[0].fish == 0


def test_pr_fish_06_fish_from_fishing_come_after_the_move():
    """PR-FISH-06, PR-END-02: fish caught on a fishing space at the end of the turn cannot
    move the boat: the turn is over."""
    game = game_with(2)
    s = make_state(game, players=[P(fish=0), P()], boats=[4, 16], steps=1, row=(1, 2, 3))
    s = run(game, s, Step(5), Stop())
    assert game.current_player(s) == CHANCE and s.phase == "end"
    s = run(game, s, DieRoll(3))
    assert s.players[0].fish == 3 and s.seat == 1 and s.phase == "choose"


def test_pr_fish_07_spent_fish_are_gone_and_the_rest_score():
    """PR-FISH-07, PR-SCORE-05: spent fish leave the game; the fish left score at the end."""
    game = game_with(2)
    s = make_state(game, players=[P(), P(fish=7)], boats=[16, 4], steps=0, round=10, seat=1,
                   first=1, row=(1, 2, 3), chars=(15, 14, 13))
    s = run(game, s, Step(5), Stop())
    assert s.players[1].fish == 6
    before = game.breakdown(s, 1)
    assert before.fish_points == 2


# -- jetstreams ----------------------------------------------------------------------------
def test_pr_jet_01_02_any_token_adds_a_roll_of_the_movement_die():
    """PR-JET-01, PR-JET-02: Steady, allowance 4, a token (placed by anyone) entered on the
    second step, jetstream roll 3: up to 2 + 3 = 5 more steps; the token goes back to the
    supply and can be placed again."""
    game = game_with(2)
    s = make_state(game, players=[P(fish=0), P()], phase="choose", boats=[4, 16], jets={6},
                   chars=(15, 14, 13))
    s = run(game, s, ChooseDice("steady"), Roll(4, "blank"), Step(5), Step(6))
    assert game.current_player(s) == CHANCE
    s = run(game, s, DieRoll(3))
    assert s.steps == 5 and s.jets == frozenset()
    assert max(stops(game, s)) == 11


def test_pr_jet_03_passing_through_counts():
    """PR-JET-03 (a): passing through a token uses it; under "stop" it works only where the
    boat would stop, and then the boat moves on."""
    game = game_with(2)
    s = make_state(game, boats=[4, 16], steps=3, jets={5})
    s = run(game, s, Step(5))
    assert game.current_player(s) == CHANCE
    stop = game.with_rules(jetstream_when="stop")
    s = make_state(stop, boats=[4, 16], steps=3, jets={5})
    s = run(stop, s, Step(5))
    assert stop.current_player(s) == 0 and s.jets == frozenset({5})
    s = run(stop, s, Stop())
    assert stop.current_player(s) == CHANCE and s.phase == "move"
    s = run(stop, s, DieRoll(2))
    assert s.steps == 4 and s.jets == frozenset() and Step(6) in stop.legal_actions(s)


def test_pr_jet_04_each_token_once():
    """PR-JET-04: two jetstreams in one move each trigger once; a used token is gone."""
    game = game_with(2)
    s = make_state(game, players=[P(fish=0), P()], boats=[4, 16], steps=3, jets={5, 6})
    s = run(game, s, Step(5), DieRoll(1), Step(6), DieRoll(1), Step(5))
    assert game.current_player(s) == 0 and s.jets == frozenset() and s.steps == 2


def test_pr_jet_05_lucky_shell_rerolls_a_jetstream_roll():
    """PR-JET-05, PR-ITEM-SHELL-01: the Lucky Shell may reroll a jetstream roll; the new
    result replaces the old."""
    game = game_with(2)
    s = make_state(game, players=[P(items=("lucky_shell",)), P()], boats=[4, 16], steps=3, jets={5})
    s = run(game, s, Step(5), DieRoll(1))
    assert game.legal_actions(s) == [KeepRoll(), Reroll("movement")]
    s = run(game, s, Reroll("movement"))
    assert game.current_player(s) == CHANCE
    s = run(game, s, DieRoll(6))
    assert s.steps == 8 and s.players[0].items == () and s.turn.item_used
