"""Rulebook "3. Build pyramid": building, removing stones, own pyramids as stones,
upgrading, one per turn, lower pyramids (PC-BUILD, PC-REMOVE, PC-OWNPYR, PC-UPGRADE,
PC-ONE, PC-LOWER) and the worked examples WE-3, WE-4 and WE-5.

Seats: 0 Yellow, 1 Violet, 2 Green, 3 Blue (4 players; ships parked at (7,7)..(7,4))."""
from __future__ import annotations

import pytest

from pacal_helpers import game_on, open_game, parked, stones_of
from tabletop_nb import IllegalActionError
from tabletop_nb.games.pacal import invariants
from tabletop_nb.games.pacal.state import BUILD, MOVE, Build, Move, NoBuild

GREEN = 2


def green(g, stones, pyramids=None, others=None, **kw):
    st = {GREEN: stones}
    st.update(others or {})
    return g.position(ships=parked(4), phase="build", player=GREEN, roller=0, stones=st,
                      pyramids=pyramids, **kw)


def builds(g, s):
    return [a for a in g.legal_actions(s) if type(a) is Build]


# -- worked examples -------------------------------------------------------------------
def test_we_3_green_three_story_on_a_b_or_c():
    """WE-3, PC-BUILD-03, PC-BUILD-04, PC-REMOVE-01..03: Green's column A (2,1), B (2,2),
    C (2,3) with a Yellow and a Blue stone on C. On A (or B): the 3 Green stones go back,
    Yellow and Blue stay on C. On C: Yellow and Blue also go back (+1 each)."""
    g = open_game(4)
    members = ((2, 1), (2, 2), (2, 3))
    s = green(g, list(members), others={0: [(2, 3)], 3: [(2, 3)]})
    on = {a.at for a in builds(g, s) if a.members == members and a.height == 3}
    assert on == {(2, 1), (2, 2), (2, 3)}
    for where in ((2, 1), (2, 2)):
        s2 = g.apply(s, Build(3, where, members))
        assert s2.pyramids[g.geo.cell(where)] == GREEN * 8 + 3
        assert stones_of(g, s2, GREEN) == set() and s2.supply[GREEN] == s.supply[GREEN] + 3
        assert stones_of(g, s2, 0) == {(2, 3)} and stones_of(g, s2, 3) == {(2, 3)}
        assert s2.supply[0] == s.supply[0]
    s3 = g.apply(s, Build(3, (2, 3), members))
    assert s3.pyramids[g.geo.cell((2, 3))] == GREEN * 8 + 3
    assert s3.supply[GREEN] == s.supply[GREEN] + 3
    assert s3.supply[0] == s.supply[0] + 1 and s3.supply[3] == s.supply[3] + 1
    assert s3.stones[0] == 0 and s3.stones[3] == 0
    assert not invariants(g, s3)


def test_we_4_four_story_with_a_two_story_as_a_stone():
    """WE-4, PC-OWNPYR-01..04, PC-REMOVE-05, PC-BUILD-04: Green stones (1,5), (2,5), (4,5) and
    a Green 2-story at (3,5) make a 4-story line; it may be built on any stone space, never
    as a new pyramid on (3,5); afterwards the 2-story still stands and the 3 stones are back."""
    g = open_game(4)
    members = ((1, 5), (2, 5), (3, 5), (4, 5))
    s = green(g, [(1, 5), (2, 5), (4, 5)], pyramids={(3, 5): (GREEN, 2)})
    new = {a.at for a in builds(g, s) if a.members == members and a.height == 4}
    # (3,5) appears only as the upgrade of the 2-story (see WE-5), not as a new pyramid
    assert new == {(1, 5), (2, 5), (4, 5), (3, 5)}
    s2 = g.apply(s, Build(4, (1, 5), members))
    assert s2.pyramids[g.geo.cell((1, 5))] == GREEN * 8 + 4
    assert s2.pyramids[g.geo.cell((3, 5))] == GREEN * 8 + 2
    assert stones_of(g, s2, GREEN) == set() and s2.supply[GREEN] == s.supply[GREEN] + 3
    assert s2.pyr_supply[GREEN] == (1, 2, 3, 1, 2)
    assert not invariants(g, s2)


def test_we_5_upgrade_two_story_on_c():
    """WE-5, PC-UPGRADE-01..06, PC-CONST-14: Green stones A (1,3), B (2,3), D (4,3) and a
    Green 2-story on C (3,3). Four-story: C holds a 4-story, A, B, D back, the 2-story back
    to supply. Three-story: {B, C, D} leaves A, {A, B, C} leaves D; {A, C, D} is refused."""
    g = open_game(4)
    A, B, C, D = (1, 3), (2, 3), (3, 3), (4, 3)
    s = green(g, [A, B, D], pyramids={C: (GREEN, 2)})
    s4 = g.apply(s, Build(4, C, (A, B, C, D)))
    assert s4.pyramids[g.geo.cell(C)] == GREEN * 8 + 4
    assert stones_of(g, s4, GREEN) == set()
    assert s4.supply[GREEN] == s.supply[GREEN] + 3  # A, B, D back to the supply
    assert s4.pyr_supply[GREEN] == (1, 3, 3, 1, 2)  # the 2-story is back (PC-UPGRADE-05 a)
    s3 = g.apply(s, Build(3, C, (B, C, D)))
    assert s3.pyramids[g.geo.cell(C)] == GREEN * 8 + 3 and stones_of(g, s3, GREEN) == {A}
    assert s3.supply[GREEN] == s.supply[GREEN] + 2  # B, D back
    s3b = g.apply(s, Build(3, C, (A, B, C)))
    assert stones_of(g, s3b, GREEN) == {D}
    with pytest.raises(IllegalActionError):
        g.apply(s, Build(3, C, (A, C, D)))
    assert not invariants(g, s4) and not invariants(g, s3)


# -- building ---------------------------------------------------------------------------
def test_pc_build_01_06_only_in_the_build_step_and_pyramid_blocks():
    """PC-BUILD-01, PC-BUILD-06, PC-DIE-06: a build is offered only in the build step of the
    active player's turn (after move and drop); the pyramid then blocks movement."""
    g = open_game(3)
    s = g.position(ships=parked(3, s0=(0, 0)), face=2, stones={0: [(3, 0)]})
    assert not any(type(a) is Build for a in g.legal_actions(s))
    s2 = g.apply(s, Move("straight", (0, 2)))
    s2 = g.apply(s2, g.legal_actions(s2)[0])  # drop nothing
    assert s2.phase == BUILD and s2.player == 0
    s3 = g.apply(s2, Build(1, (3, 0), ((3, 0),)))
    assert s3.phase == MOVE and s3.player == 1
    s4 = g.position(ships=parked(3, s0=(0, 0)), face=5, pyramids={(3, 0): (0, 1)})
    assert Move("straight", (2, 0)) in g.legal_actions(s4)


def test_pc_build_02_no_obligation():
    """PC-BUILD-02, PC-ONE-02: building nothing is always offered and the constellation stays."""
    g = open_game(3)
    s = g.position(ships=parked(3), phase="build", stones={0: [(1, 1)]})
    assert g.legal_actions(s)[0] == NoBuild()
    s2 = g.apply(s, NoBuild())
    assert s2.stones[0] == s.stones[0]


def test_pc_build_04_line_with_own_pyramid_three_new_spaces():
    """PC-BUILD-04: stone - stone - own pyramid - stone: new pyramids on the 3 stone spaces
    only (the pyramid's space only as an upgrade)."""
    g = open_game(3)
    members = ((0, 2), (1, 2), (2, 2), (3, 2))
    s = g.position(ships=parked(3), phase="build", stones={0: [(0, 2), (1, 2), (3, 2)]},
                   pyramids={(2, 2): (0, 3)})
    fours = [a for a in builds(g, s) if a.members == members]
    assert {a.at for a in fours} == {(0, 2), (1, 2), (3, 2), (2, 2)}
    assert [a.height for a in fours if a.at == (2, 2)] == [4]


def test_pc_build_05_pc_lower_01_02_05_lower_pyramid_when_used_up():
    """PC-BUILD-05, PC-LOWER-01, PC-LOWER-02, PC-LOWER-05: with no 3-story left a line of
    three may build a 2- or 1-story instead (all its stones go back); with nothing lower
    either it cannot be built."""
    g = open_game(3)
    line = ((0, 0), (1, 0), (2, 0))
    s = g.position(ships=parked(3), phase="build", stones={0: list(line)},
                   pyr_supply={0: (1, 3, 0, 2, 2)})
    hs = {a.height for a in builds(g, s) if a.members == line}
    assert hs == {1, 2}
    s2 = g.apply(s, Build(1, (0, 0), line))
    assert s2.stones[0] == 0 and s2.pyr_supply[0] == (0, 3, 0, 2, 2)
    s3 = g.position(ships=parked(3), phase="build", stones={0: list(line)},
                    pyr_supply={0: (0, 0, 0, 2, 2)})
    assert not any(a.members == line for a in builds(g, s3))


def test_pc_lower_03_next_lower_only_with_the_switch():
    """PC-LOWER-03: by default any lower height; lower_substitute='next' only the next one
    he has; no substitution while the proper height is in supply."""
    line = ((0, 0), (1, 0), (2, 0))
    g = open_game(3, lower_substitute="next")
    s = g.position(ships=parked(3), phase="build", stones={0: list(line)},
                   pyr_supply={0: (1, 3, 0, 2, 2)})
    assert {a.height for a in builds(g, s) if a.members == line} == {2}
    g2 = open_game(3)
    s2 = g2.position(ships=parked(3), phase="build", stones={0: list(line)})
    assert {a.height for a in builds(g2, s2) if a.members == line} == {3}


def test_pc_lower_04_upgrade_substitute_still_higher():
    """PC-LOWER-04: upgrading a 2-story with a 4-line while no 4-story is left: only a
    3-story (higher than 2) may replace it."""
    g = open_game(3)
    members = ((0, 0), (1, 0), (2, 0), (3, 0))
    s = g.position(ships=parked(3), phase="build", stones={0: [(0, 0), (2, 0), (3, 0)]},
                   pyramids={(1, 0): (0, 2)}, pyr_supply={0: (1, 2, 3, 0, 2)})
    ups = {a.height for a in builds(g, s) if a.at == (1, 0) and a.members == members}
    assert ups == {3}


def test_pc_build_07_river_spaces_buildable():
    """PC-BUILD-07: pyramids may be built on river spaces and in the holy district."""
    g = game_on(["SSDD"] * 4, players=2, holy="S", river=[(2, 0), (3, 0)])
    s = g.position(ships={0: (0, 3), 1: (1, 3)}, phase="build", stones={0: [(2, 0), (0, 0)]})
    assert Build(1, (2, 0), ((2, 0),)) in builds(g, s)
    assert Build(1, (0, 0), ((0, 0),)) in builds(g, s)


def test_pc_remove_04_unused_own_stones_stay():
    """PC-REMOVE-04: own stones that were not members stay (the end stone of PC-CONST-14)."""
    g = open_game(3)
    s = g.position(ships=parked(3), phase="build", stones={0: [(0, 0), (1, 0), (2, 0), (3, 0)]})
    s2 = g.apply(s, Build(3, (1, 0), ((1, 0), (2, 0), (3, 0))))
    assert stones_of(g, s2, 0) == {(0, 0)}


def test_pc_ownpyr_02_03_opponent_pyramids_never_members_and_one_stone_needed():
    """PC-OWNPYR-02, PC-OWNPYR-03: an opponent's pyramid never fills a place; a constellation
    of own pyramids only is refused."""
    g = open_game(3)
    s = g.position(ships=parked(3), phase="build", stones={0: [(0, 0)]},
                   pyramids={(1, 0): (1, 2), (3, 3): (0, 2), (3, 4): (0, 3)})
    members = {a.members for a in builds(g, s)}
    assert members == {((0, 0),)}


def test_pc_upgrade_02_03_04_replaced_pyramid_is_a_member_stands_on_its_space():
    """PC-UPGRADE-02, PC-UPGRADE-03, PC-UPGRADE-04: the upgrade's constellation holds the
    replaced pyramid; the new one stands on its space; stone members go back, other
    pyramid members stay."""
    g = open_game(3)
    s = g.position(ships=parked(3), phase="build", stones={0: [(0, 0)]},
                   pyramids={(1, 0): (0, 1), (2, 0): (0, 2)})
    ups = [a for a in builds(g, s) if a.at in ((1, 0), (2, 0))]
    assert Build(3, (1, 0), ((0, 0), (1, 0), (2, 0))) in ups
    assert Build(3, (2, 0), ((0, 0), (1, 0), (2, 0))) in ups
    assert Build(2, (1, 0), ((0, 0), (1, 0))) in ups
    s2 = g.apply(s, Build(3, (1, 0), ((0, 0), (1, 0), (2, 0))))
    assert s2.pyramids[g.geo.cell((1, 0))] == 3 and s2.pyramids[g.geo.cell((2, 0))] == 2
    assert s2.stones[0] == 0


def test_pc_upgrade_05_discard_switch():
    """PC-UPGRADE-05: with replaced_pyramid='discard' the old pyramid leaves the game."""
    g = open_game(3, replaced_pyramid="discard")
    s = g.position(ships=parked(3), phase="build", stones={0: [(0, 0)]}, pyramids={(1, 0): (0, 1)})
    s2 = g.apply(s, Build(2, (1, 0), ((0, 0), (1, 0))))
    assert s2.pyr_supply[0] == (0, 2, 3, 2, 2) and s2.discarded[0] == 1
    assert not invariants(g, s2)


def test_pc_upgrade_07_not_lower_or_equal_nor_an_opponents():
    """PC-UPGRADE-07, PC-UPGRADE-01: no upgrade to an equal or lower height, and never of an
    opponent's pyramid."""
    g = open_game(3)
    s = g.position(ships=parked(3), phase="build", stones={0: [(0, 0)]},
                   pyramids={(1, 0): (0, 2), (0, 1): (1, 1)})
    assert not any(a.at == (1, 0) for a in builds(g, s))
    assert not any(a.at == (0, 1) for a in builds(g, s))


def test_pc_upgrade_08_pc_one_01_upgrade_is_the_one_build_and_can_take_over():
    """PC-UPGRADE-08, PC-ONE-01: an upgrade ends the build step (one per turn) and scores a
    takeover: Yellow 2 vs Violet 3 in D; upgrading to 4 takes the majority (+5)."""
    g = open_game(3)
    s = g.position(ships=parked(3), phase="build", stones={0: [(0, 0), (2, 0), (3, 0), (5, 5)]},
                   pyramids={(1, 0): (0, 2), (6, 6): (1, 3)})
    s2 = g.apply(s, Build(4, (1, 0), ((0, 0), (1, 0), (2, 0), (3, 0))))
    assert s2.scores[0] == 5
    assert s2.phase == MOVE and s2.player == 1  # no second build this turn
    assert stones_of(g, s2, 0) == {(5, 5)}


def test_pc_lower_05_skipping_shapes_below_the_lowest_pyramid_changes_nothing():
    """PC-LOWER-01, PC-LOWER-05, PC-BUILD-05: the engine skips shapes lower than the lowest
    pyramid left; the build choices equal those of the full search (random positions)."""
    import random

    from tabletop_nb.games.pacal.engine import PacalGame

    class FullSearch(PacalGame):
        def constellation_cells(self, s, seat, lowest=1):
            return super().constellation_cells(s, seat, 1)

    rng = random.Random(8)
    g, full = open_game(3), FullSearch(players=3, board=open_game(3).rules.board)
    spaces = [(x, y) for x in range(7) for y in range(7)]
    for _ in range(300):
        cells = rng.sample(spaces, rng.randint(1, 10))  # a seat has 10 stones
        k = rng.randint(1, len(cells))
        pyr = {c: (0, rng.randint(1, 5)) for c in cells[k:]}
        supply = tuple(rng.choice((0, 0, 1, 2)) for _ in range(5))
        kw = dict(ships=parked(3), phase="build", stones={0: cells[:k]}, pyramids=pyr,
                  pyr_supply={0: supply})
        assert set(g.position(**kw).options) == set(full.position(**kw).options)
