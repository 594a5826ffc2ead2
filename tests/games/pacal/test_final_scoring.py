"""Rulebook "Final Scoring": river and lake, districts, god stones (PC-FINAL, PC-RIVER,
PC-DISTRICT, PC-GODSCORE) and the worked example WE-2 (the lake)."""
from __future__ import annotations

from pacal_helpers import game_on, open_game, parked
from tabletop_nb.games.pacal.engine import final_scoring_table, place_points

LAKE_ROWS = ["DDDDDDDD"] * 3 + ["DDD~~DDD"] * 2 + ["DDDDDDDD"] * 3
LAKESIDE = [(3, 2), (4, 2), (2, 3), (5, 3), (2, 4), (5, 4), (3, 5), (4, 5)]
Y, V, G = 0, 1, 2


def we2_game(**kw):
    return game_on(LAKE_ROWS, players=3, lakeside=LAKESIDE, **kw)


WE2_PYRAMIDS = {(3, 2): (Y, 5), (2, 3): (Y, 3), (4, 2): (V, 4), (5, 3): (V, 2),
                (2, 4): (G, 3), (5, 4): (G, 3)}


def test_we_2_lake_yellow_8_violet_6_green_6():
    """WE-2, PC-RIVER-01..04: Yellow 8 stories at the lake, Violet and Green 6 each:
    Yellow 12, Violet and Green share places 2 and 3: (8 + 4) / 2 = 6 each."""
    g = we2_game()
    s = g.position(ships=parked(3), pyramids=WE2_PYRAMIDS)
    final = g.final_scoring(s)
    assert [f[1] for f in final] == [12, 6, 6]
    assert [f[0] for f in final] == [0, 0, 0]  # no pyramid on a river space


def test_pc_river_02_03_places_ties_split_rounded_down():
    """PC-RIVER-02, PC-RIVER-03: 12/8/4 for places 1-3, nothing lower; a 3-way tie for
    3rd shares 4 -> 1 each; a 5-way tie for 1st shares 24 -> 4 each."""
    assert place_points({0: 9, 1: 7, 2: 5, 3: 3, 4: 1}, (12, 8, 4)) == {0: 12, 1: 8, 2: 4, 3: 0, 4: 0}
    assert place_points({0: 9, 1: 7, 2: 2, 3: 2, 4: 2}, (12, 8, 4)) == {0: 12, 1: 8, 2: 1, 3: 1, 4: 1}
    assert place_points({q: 3 for q in range(5)}, (12, 8, 4)) == {q: 4 for q in range(5)}


def test_pc_river_04_next_place_after_a_tie():
    """PC-RIVER-04: after a tie group the next player takes the next free place."""
    assert place_points({0: 6, 1: 6, 2: 4}, (12, 8, 4)) == {0: 10, 1: 10, 2: 4}
    assert place_points({0: 8, 1: 6, 2: 6}, (12, 8, 4)) == {0: 12, 1: 6, 2: 6}


def test_pc_river_05_no_stories_no_place():
    """PC-RIVER-05: a player with 0 stories there takes no place."""
    assert place_points({0: 5, 1: 0, 2: 0}, (12, 8, 4)) == {0: 12, 1: 0, 2: 0}


def test_pc_river_01_06_07_river_and_lake_separately_and_combined():
    """PC-RIVER-01, PC-RIVER-06, PC-RIVER-07: only marked spaces count; river and lake are
    two majorities (default); a space marked for both counts in both; a marked space's
    pyramid also counts for its district; river_lake='combined' scores one area."""
    rows = ["DDDDDDDD"] * 8
    g = game_on(rows, players=3, river=[(0, 0), (1, 0)], lakeside=[(1, 0), (7, 7)])
    pyr = {(0, 0): (Y, 2), (1, 0): (V, 3), (5, 5): (G, 5)}
    s = g.position(ships=parked(3, s0=(6, 0)), pyramids=pyr)
    final = g.final_scoring(s)
    assert [f[0] for f in final] == [8, 12, 0]     # river: V 3, Y 2
    assert [f[1] for f in final] == [0, 12, 0]     # lake: V alone on (1,0)
    assert [f[2] for f in final] == [0, 2, 5]      # district D: G 5 first, V 3 second
    g2 = game_on(rows, players=3, river=[(0, 0), (1, 0)], lakeside=[(1, 0), (7, 7)],
                 river_lake="combined")
    s2 = g2.position(ships=parked(3, s0=(6, 0)), pyramids=pyr)
    final2 = g2.final_scoring(s2)
    assert [f[0] for f in final2] == [8, 12, 0] and [f[1] for f in final2] == [0, 0, 0]


def test_pc_district_02_03_04_05_places():
    """PC-DISTRICT-02..05: sole first the value, sole second 2; tied firsts each the value and
    no second; tied seconds each 2; no pyramid, no place."""
    assert final_scoring_table({0: 5, 1: 3, 2: 0}, 6, 2) == {0: 6, 1: 2, 2: 0}
    assert final_scoring_table({0: 5, 1: 5, 2: 3}, 6, 2) == {0: 6, 1: 6, 2: 0}
    assert final_scoring_table({0: 5, 1: 3, 2: 3}, 6, 2) == {0: 6, 1: 2, 2: 2}
    assert final_scoring_table({0: 4, 1: 0, 2: 0}, 6, 2) == {0: 6, 1: 0, 2: 0}
    assert final_scoring_table({0: 0, 1: 0, 2: 0}, 6, 2) == {0: 0, 1: 0, 2: 0}


def test_pc_district_01_every_uncovered_district_incl_holy():
    """PC-DISTRICT-01: every uncovered district, the holy one included, is scored."""
    rows = ["SSAA"] * 2 + ["BBAA"] * 2
    g = game_on(rows, players=2, values={"S": 7, "A": 4, "B": 3}, holy="S")
    s = g.position(ships={0: (0, 3), 1: (1, 3)},
                   pyramids={(0, 0): (0, 1), (2, 0): (1, 2), (3, 3): (0, 3), (1, 2): (1, 1)})
    final = g.final_scoring(s)
    # S: Yellow 7; A: Yellow 3 > Violet 2 -> 4 and 2; B: Violet 3
    assert [f[2] for f in final] == [7 + 4, 2 + 3]


def test_pc_district_06_river_pyramids_count_for_districts_too():
    """PC-DISTRICT-06, PC-RIVER-07: scoring river and lake does not take the pyramids away
    from their districts."""
    g = game_on(["DDDD"] * 4, players=2, river=[(0, 0)])
    s = g.position(ships={0: (3, 3), 1: (2, 3)}, pyramids={(0, 0): (0, 2)})
    assert g.final_scoring(s)[0] == (12, 0, 5, 12)


def test_pc_godscore_01_unused_god_stones():
    """PC-GODSCORE-01, PC-GOD-02: each unused god stone scores its value; used ones nothing."""
    g = open_game(3)
    s = g.position(ships=parked(3), gods={0: (2, 6), 1: (), 2: (2, 4, 6)})
    assert [f[3] for f in g.final_scoring(s)] == [8, 0, 12]


def test_pc_final_01_02_stones_and_ships_are_worthless_order_of_parts():
    """PC-FINAL-01, PC-FINAL-02: stones and ships score nothing; the parts are river, lake,
    districts, god stones, added to the track."""
    g = open_game(3)
    s = g.position(ships=parked(3), stones={0: [(1, 1), (2, 2), (3, 3)]}, scores=(10, 3, 0),
                   gods={0: (), 1: (), 2: ()})
    assert g.final_scoring(s) == ((0, 0, 0, 0),) * 3
    end = g.game_over(s, "round")
    assert end.scores == (10, 3, 0)


def test_pc_final_03_tie_is_a_shared_win():
    """PC-FINAL-03: no tie-breaker: equal top scores share the win."""
    g = open_game(3)
    s = g.position(ships=parked(3), scores=(20, 20, 5))
    end = g.game_over(s, "round")
    assert g.winners(end) == (0, 1)
    assert g.ranks(end) == (1, 1, 3)
