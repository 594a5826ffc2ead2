"""Golden greedy records for Pebble Rock: seeded games with the greedy bot (and one with
the search bot) give exactly the records and final states they gave before the greedy bot
and the engine were made faster (issue 12).

The hashes were computed with the code of commit c77d824 (before the speed work). A
speed-up must keep every one of them: the faster bot and engine play the same games, not
merely games as good. A deliberate change of behaviour changes a hash on purpose: say so
in the commit and put the new hash here (a failure prints it).
"""
from __future__ import annotations

import pytest

import tabletop_nb
from golden import check_golden, record_hash
#: the two configurations of the conformance suite that flip most switches (copied here, so
#: a change to the suite's list does not change these games)
_OTHER_A = dict(players=3, first_player=-1, youngest_player=2, winds_doubles="all",
                revisit_spaces=False, jetstream_when="stop", jetstream_on_start=True,
                symbol_is_interaction=False, empty_pass_is_interaction=False,
                token_spaces_are_empty=False, adjacent_character_may_stay=True,
                roberto_takes="treasure", refill_after_pickup=False, destination_blocks_row=True,
                deliver_all_treasures=False, roberto_treasure="returned", end_order="main_text")
_OTHER_B = dict(players=4, shared_docks_at_setup=True, secret_assignments=False,
                passenger_supply_limited=True, winds_doubles="die_and_jetstream",
                zero_step_move=False, start_space_counts=True, roberto_takes="passenger",
                overboard_any_time=True, treasure_beside_roberto_anytime=True,
                treasure_discard=True, passive_items_at_once=False, discard_items_any_time=True,
                maisy_item_gives_cargo=True, avoided_is_interaction=False,
                upgrade_discard_when_full="refuse", gear_stacks=False, dock_refill="any_number",
                assignment_check="any_time", lower_ties_by_fish=True, catch_up=False)

CASES = [
    ({"players": 2}, "greedy", 1, "19716ffa83fa1fb7"),
    ({"players": 2}, "greedy", 2, "f608c03c4dbc648e"),
    ({"players": 2}, ["greedy", "random"], 3, "204ffd59f3d5662b"),
    ({"players": 3}, "greedy", 4, "7ae8fa0bb76b7d61"),
    ({"players": 4}, "greedy", 5, "6c0293c83e13b450"),
    ({"players": 4}, "greedy", 6, "6922bfc626582644"),
    ({"players": 4}, ["random", "greedy", "greedy", "random"], 7, "8d1a14559175d801"),
    (_OTHER_A, "greedy", 8, "cc36920922df7e9a"),
    (_OTHER_B, "greedy", 9, "2008dec94ee1dae7"),
    ({"players": 4, "cargo_capacity": 5, "rounds": 8}, "greedy", 10, "a44d35c14ff3ad0c"),
    ({"players": 2}, ["search:4", "greedy"], 11, "593029bcea14bdc6"),
]


@pytest.mark.parametrize("rules,bots,seed,expected", CASES)
def test_seeded_greedy_game_gives_the_golden_record(rules, bots, seed, expected):
    check_golden("pebble_rock", rules, bots, seed, expected)


def test_the_hash_sees_another_seed():
    game = tabletop_nb.load_game("pebble_rock", players=2)
    assert record_hash(game, "greedy", 1) != record_hash(game, "greedy", 2)
