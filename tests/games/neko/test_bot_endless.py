"""The greedy bot never stalls a game (NK-PP-09 (i)(b), ``park_pickup_per_turn=True``).

Under that reading a Penguin Park pickup comes back every turn. With a full freezer the
old greedy bot picked up a discarded die, spent it on a fish it could not keep, ended its
turn and did it again for ever: 37 of 900 greedy games (seeds 1000-1299 in the three
configurations below) never ended. These seeds were among them.
"""
import pytest

import tabletop_nb as tt
from tabletop_nb.games.neko import CONFORMANCE


@pytest.mark.parametrize("seed", [1033, 1041, 1048, 1074, 1097])
def test_greedy_games_end_under_park_pickup_per_turn(seed):
    game = tt.load_game("neko", **CONFORMANCE[-1])
    assert game.rules.park_pickup_per_turn
    rec = tt.play(game, "greedy", seed=seed, max_actions=5000)  # raises if it runs on
    assert rec.meta["turns"] < 400


def test_the_bot_still_takes_park_pickups_when_it_can_keep_the_fish():
    """The fix is narrow: the greedy bot keeps taking Penguin Park pickups in other cases."""
    game = tt.load_game("neko", players=4, park_pickup_per_turn=True)
    taken = 0
    for seed in range(1000, 1020):
        rec = tt.play(game, "greedy", seed=seed, max_actions=5000)
        taken += sum(1 for a in rec.actions if a["type"] == "TakeDiscard" and a.get("source") == "park")
    assert taken >= 20, taken
