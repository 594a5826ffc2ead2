"""Golden greedy records for Neko: seeded games with the greedy bot (and one with the
search bot) give exactly the records and final states they gave before the greedy bot
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

_RULINGS = dict(advanced_cards=True, random_start_order=True, reward_remove_without_tiles=True,
                blue_bar_outside_resolution=True, free_actions_after_last_die=False,
                park_die_obeys_count_rule=True, dice_on_port_hubs=False, card_interference=False,
                max_card_cost_total=True, goods_tiles_count_ports=True, most_needs_one=True,
                interference_times_all=True, declined_advanced_stays=False,
                research_station_per_card=True, neko_counts_port_hubs=False,
                harbour_city_all_round=True, hospital_needs_die=True, park_pickup_per_turn=True)

CASES = [
    ({"players": 2}, "greedy", 1, "45832296bb6a9b74"),
    ({"players": 2}, "greedy", 2, "ffa63771b0f94c6c"),
    ({"players": 2}, ["greedy", "random"], 3, "5f6d047c3c486d3a"),
    ({"players": 3}, "greedy", 4, "dceee2b094d2c82b"),
    ({"players": 4}, "greedy", 5, "0efa3c469bd060c0"),
    ({"players": 4}, "greedy", 6, "06470f3bcfb1f131"),
    ({"players": 4}, ["random", "greedy", "greedy", "random"], 7, "cef0c988af5b58da"),
    ({"players": 4, "advanced_cards": True, "advanced_setup": True}, "greedy", 8, "e9763195b91ec8e6"),
    ({"players": 2, "advanced_setup": True}, "greedy", 9, "fb9040b82f493d50"),
    ({"players": 3, **_RULINGS}, "greedy", 10, "ec21acbb79e8388a"),
    ({"players": 4, "lane_slots": 4, "ship_travel_pp": (0, 0, 1, 3, 5),
      "start_coins": 12, "coin_unit": 1}, "greedy", 11, "1ffdcd7897d31b8f"),
    ({"players": 2}, ["search:4", "greedy"], 12, "69804a7fa2311b46"),
    ({"players": 3, "advanced_cards": True}, ["greedy", "search:4", "random"], 13, "c397e6b86aa85f84"),
]


@pytest.mark.parametrize("rules,bots,seed,expected", CASES)
def test_seeded_greedy_game_gives_the_golden_record(rules, bots, seed, expected):
    check_golden("neko", rules, bots, seed, expected)


def test_the_hash_sees_another_seed():
    game = tabletop_nb.load_game("neko", players=2)
    assert record_hash(game, "greedy", 1) != record_hash(game, "greedy", 2)
