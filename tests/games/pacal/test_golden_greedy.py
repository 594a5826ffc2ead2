"""Golden greedy records for Pacal's Rocket: seeded games with the greedy bot (and one with
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

#: every reading switch on its other reading (as in the conformance suite), 2 players
_READINGS_2 = dict(marker_is_stone=False, zero_straight=True, god_in_first_round=True,
                   arrows_in_first_round=False, diamond_squares=True, tie_scores=True,
                   two_player_bonus_end=False, turning_paths="no_reversal",
                   boxed_in="by_surroundings", gap_contents="no_own", lower_substitute="next",
                   replaced_pyramid="discard", river_lake="combined")
#: the expert game with other readings, 4 players
_EXPERT_4 = dict(expert=True, marker_is_stone=False, zero_straight=True, god_in_first_round=True,
                 arrows_in_first_round=False, diamond_squares=True, tie_scores=True,
                 gap_contents="empty")

CASES = [
    ({"players": 2}, "greedy", 1, "a115659d8f9df57f"),
    ({"players": 2}, "greedy", 2, "30d906995aad938d"),
    ({"players": 2}, ["greedy", "random"], 3, "eb2da5af4e3b188d"),
    ({"players": 3}, "greedy", 4, "772582ae48fdcfaf"),
    ({"players": 4}, "greedy", 5, "24b177175cfda45c"),
    ({"players": 4}, "greedy", 6, "2b468082c4119642"),
    ({"players": 4}, ["random", "greedy", "greedy", "random"], 7, "acededb93ba5ff82"),
    ({"players": 5}, "greedy", 8, "fbd5203b46f901f6"),
    ({"players": 4, "expert": True}, "greedy", 9, "2afca402b72dbda8"),
    ({"players": 2, **_READINGS_2}, "greedy", 10, "81de90dcac29b8b4"),
    ({"players": 4, **_EXPERT_4}, "greedy", 11, "dbd62752c7a2bf4a"),
    ({"players": 3, "gap_contents": "empty", "lower_substitute": "next", "thresholds": ((3, 25),)},
     "greedy", 12, "a6573464efa39154"),
    ({"players": 2}, ["search:4", "greedy"], 13, "9413ffc365d805e5"),
]


@pytest.mark.parametrize("rules,bots,seed,expected", CASES)
def test_seeded_greedy_game_gives_the_golden_record(rules, bots, seed, expected):
    check_golden("pacal", rules, bots, seed, expected)


def test_the_hash_sees_another_seed():
    game = tabletop_nb.load_game("pacal", players=2)
    assert record_hash(game, "greedy", 1) != record_hash(game, "greedy", 2)
