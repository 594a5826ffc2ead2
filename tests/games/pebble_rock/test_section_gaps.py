"""Rules the reshaped engine's mutation sample found untested (benchmarks/mutants.py, seed 7),
through the public surface only: ``game.position``, ``apply``, ``events`` and the game's
queries.
"""
from __future__ import annotations

import tabletop_nb as tt
from tabletop_nb.games.pebble_rock.state import ChooseDice, Reroll, Roll, Shed, Step, TakeItem


def test_pr_item_shell_01_the_log_tells_the_lucky_shell_reroll():
    """PR-ITEM-SHELL-01: rerolling with the Lucky Shell is told in the log (mutant: the
    event of engine/items.py reroll deleted)."""
    game = tt.load_game("pebble_rock", players=2)
    s = game.position(boats=[38, 39], items=[["lucky_shell"], []])
    s = game.apply(game.apply(s, ChooseDice("steady")), Roll(move=2, symbol="winds"))
    s = game.apply(s, Reroll("movement"))
    assert game.events(s) == (f"{game.player_name(0)} uses the Lucky Shell on the movement die",)


def test_pr_treas_07_roberto_takes_the_last_treasure_and_leaves_the_other():
    """PR-TREAS-07, PR-CHAR-12: with two treasures and no cargo, Roberto takes the one taken
    last; the first stays in the hold (mutant: engine/characters.py take_token's slice one
    shorter)."""
    game = tt.load_game("pebble_rock", players=2)
    roberto = game.initial_state().chars[2]
    s = game.position(boats=[38, 39], cargo=[0, 0], treasures=[[0, 9], []], step="move",
                      dice="speedy", roll=2, movement=2)
    assert roberto in game.adj[38]
    s = game.apply(s, Step(roberto))
    assert s.players[0].treasures == (0,)
    assert s.table.treasures_gone == 1


def test_pr_score_07_the_bottom_half_alone_is_bit_two():
    """PR-SCORE-07: a kept card whose bottom half alone is met reports the bottom bit only
    (Lighthouse Keeper: eight cards, no Lighthouse), and scores the bottom's points
    (mutant: engine/scoring.py assignment_halves_met's bottom bit 3)."""
    game = tt.load_game("pebble_rock", players=2)
    keeper = next(a for a in game.assignments.values() if a.top.kind == "lighthouse")
    cards = sorted(game.cards)[:8]
    other = next(a.id for a in game.assignments.values() if a.id != keeper.id)
    s = game.position(boats=[38, 39], assignments=[keeper.id, other], completed=[cards, []])
    assert game.assignment_halves_met(s, 0) == 2
    assert game.breakdown(s, 0).assignment_points == keeper.bottom.points


def test_pr_item_upg_02_after_shedding_the_market_slot_still_refills():
    """PR-ITEM-UPG-02, PR-MARKET-06: a full 5-token hold that gives up its Cargo Upgrade for
    a Market item sheds one token, then the emptied Market slot refills (mutant: the shed
    removing the next queue entry too)."""
    game = tt.load_game("pebble_rock", players=2)
    market = min(game.info.market_spaces)
    s = game.position(boats=[market, 39], cargo=[5, 0], step="end", dice="steady", roll=2,
                      moved=1, items=[["cargo_upgrade", "maisy", "jam_sandwich"], []],
                      market=["fishing_gear", "water_cannon", "lucky_shell"])
    s = game.apply(s, TakeItem(0, "cargo_upgrade"))
    assert game.legal_actions(s) == [Shed("cargo")]
    s = game.apply(s, Shed("cargo"))
    assert s.players[0].cargo == 4
    assert type(s.todo[0]).__name__ == "FillMarketSlot"
