"""game.position(...) for Pacal: a situation from the table, refused with the reason when it
could not happen (PC-SETUP, PC-OBST, PC-PLAYERS-06)."""
from __future__ import annotations

import pytest

from pacal_helpers import game_on, open_game, parked
from tabletop_nb import TabletopError, load_game


@pytest.mark.parametrize("kw, reason", [
    (dict(ships={0: (1, 1), 1: (1, 1), 2: (7, 5)}), "two ships on one space"),
    # space (0, 0) is bit 0: a check of "placed" ships as index > 0 would miss it
    (dict(ships={0: (0, 0), 1: (0, 0), 2: (7, 5)}), "two ships on one space"),
    (dict(ships={0: (9, 9), 1: (7, 6), 2: (7, 5)}), "not a space of the board"),
    (dict(ships={0: (1, 1), 1: (7, 6), 5: (7, 5)}), "seat 5"),
    (dict(ships=parked(3), stones={0: [(0, 0), (0, 0)]}), "two stones"),
    (dict(ships=parked(3), stones={0: [(x, y) for x in range(4) for y in range(3)]}),
     "more stones out"),
    (dict(ships=parked(3), pyramids={(0, 0): (0, 1), (1, 0): (0, 1)}), "more pyramids"),
    (dict(ships=parked(3), pyramids={(0, 0): (0, 9)}), "stories"),
    (dict(ships=parked(3), pyramids={(7, 7): (1, 2)}), "ship stands on the pyramid"),
    (dict(ships=parked(3), stones={1: [(0, 0)]}, pyramids={(0, 0): (0, 2)}), "stone lies"),
    (dict(ships=parked(3), face=1), "not a face of the die"),
    (dict(ships=parked(3), gods={0: (2, 2, 2, 2)}), "god stones"),
    (dict(ships=parked(3), scores=(1, 2)), "one whole number per seat"),
    (dict(ships=parked(3), phase="dance"), "phase"),
    (dict(ships=parked(3), player=3), "seat 3"),
    (dict(ships=parked(3), allowance=3), "allowance"),
    (dict(ships={1: (7, 6), 2: (7, 5)}), "has no ship"),
    (dict(ships=parked(3), stones="xy"), "wrong shape"),
])
def test_impossible_positions_are_refused_with_the_reason(kw, reason):
    g = open_game(3)
    with pytest.raises(TabletopError, match="impossible position") as e:
        g.position(**kw)
    assert reason in str(e.value)


def test_pc_obst_01_players_06_no_ship_on_the_lake_or_a_covered_space():
    """PC-OBST-01, PC-PLAYERS-06: a ship on the lake or under a cover is refused."""
    g = game_on(["DDD~", "DDDD"], players=3)
    with pytest.raises(TabletopError, match="lake or covered"):
        g.position(ships={0: (3, 0), 1: (0, 0), 2: (1, 0)})
    real = load_game("pacal", players=3)
    covered = [real.geo.xy[c] for c in real.geo.cells if real.geo.covered_mask >> c & 1]
    assert covered
    with pytest.raises(TabletopError, match="lake or covered"):
        real.position(ships=[covered[0], (7, 8), (9, 8)])


def test_a_possible_position_is_accepted_and_plays_on():
    g = load_game("pacal", players=3)
    s = g.position(ships=[(1, 0), (7, 8), (9, 8)], stones={0: [(3, 9)]}, phase="build")
    assert g.legal_actions(s)
    s2 = g.apply(s, g.legal_actions(s)[0])
    assert s2 != s
