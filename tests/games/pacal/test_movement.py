"""Rulebook "1. Move spaceship": straight, turning, dead end, arrows, god stone, boxed in,
first round, obstacles (PC-MOVE, PC-STRAIGHT, PC-TURNING, PC-DEADEND, PC-ARROWS, PC-GOD,
PC-BOXED, PC-FIRST, PC-OBST). Hand-built boards; the die face is set in the position."""
from __future__ import annotations

import pytest

from pacal_helpers import dests, game_on, open_game, parked
from tabletop_nb import Die, IllegalActionError
from tabletop_nb.games.pacal.state import (BUILD, DROP, GOD, MOVE, Build, Drop, Move, Place,
                                           UseGod)


#: a designer's die with a 1 (the reconstructed die has no 1, and position() refuses a face
#: that is not on the die)
ONE_TO_FIVE = Die([1, 2, 3, 4, 5, "arrows"], name="special")


def diamond(c, r):
    x0, y0 = c
    return {(x, y) for x in range(8) for y in range(8) if abs(x - x0) + abs(y - y0) == r}


# -- straight ------------------------------------------------------------------------
def test_pc_straight_03_stops_in_front_of_the_lake_excess_lost():
    """PC-STRAIGHT-03: ship (1,5), lake at (6,5), roll 5, east -> ends (5,5)."""
    rows = ["DDDDDDDD"] * 5 + ["DDDDDD~D"] + ["DDDDDDDD"] * 2
    g = game_on(rows, players=3)
    s = g.position(ships=parked(3, s0=(1, 5)), face=5)
    assert Move("straight", (5, 5)) in g.legal_actions(s)
    assert (6, 5) not in dests(g, s) and (7, 5) not in dests(g, s, "straight")


def test_pc_straight_01_02_one_direction_exactly_the_roll():
    """PC-STRAIGHT-01, PC-STRAIGHT-02, PC-MOVE-02: pips give straight moves of exactly the
    roll in each open direction, never shorter by choice, never diagonal."""
    g = open_game(3)
    s = g.position(ships=parked(3, s0=(3, 3)), face=2)
    assert dests(g, s, "straight") == {(5, 3), (3, 5), (1, 3), (3, 1)}


def test_pc_straight_04_stones_are_no_obstacle_pc_move_04():
    """PC-STRAIGHT-04, PC-MOVE-04: a straight move passes over and ends on stones."""
    g = open_game(3)
    s = g.position(ships=parked(3, s0=(0, 0)), face=3, stones={1: [(1, 0), (3, 0)], 2: [(2, 0)]})
    assert (3, 0) in dests(g, s, "straight")


def test_pc_straight_05_blocked_direction_is_no_move_and_switch():
    """PC-STRAIGHT-05, PC-MOVE-06: a direction blocked at once gives no 'move of 0' (default);
    the zero_straight switch lets the ship stay and still earn 2 stones."""
    g = open_game(3)
    s = g.position(ships=parked(3, s0=(0, 0)), face=3, pyramids={(1, 0): (1, 1)})
    assert dests(g, s, "straight") == {(0, 3)}
    assert (0, 0) not in dests(g, s)
    g2 = open_game(3, zero_straight=True)
    s2 = g2.position(ships=parked(3, s0=(0, 0)), face=3, pyramids={(1, 0): (1, 1)})
    assert dests(g2, s2, "straight") == {(0, 3), (0, 0)}


def test_pc_straight_05_zero_straight_earns_two_stones():
    """PC-STRAIGHT-05, PC-STRAIGHT-06: under zero_straight, staying put is a straight move and
    earns the two stones of a straight move."""
    g = open_game(3, zero_straight=True)
    s = g.position(ships=parked(3, s0=(0, 0)), face=3, pyramids={(1, 0): (1, 1)})
    s2 = g.apply(s, Move("straight", (0, 0)))
    assert s2.phase == DROP and s2.allowance == 2


@pytest.mark.parametrize("zero_straight", [False, True])
def test_pc_boxed_01_03_boxed_in_ship_gets_no_zero_move_under_either_reading(zero_straight):
    """PC-BOXED-01, PC-BOXED-03, PC-STRAIGHT-05: a ship blocked on all sides is boxed in under
    both readings of a 0-space straight move: only god stones are offered (no stay-put move
    that would earn 2 stones and dodge the compulsory god stone)."""
    g = open_game(3, zero_straight=zero_straight)
    s = boxed(g)
    assert g.legal_actions(s) == [UseGod(2), UseGod(4), UseGod(6)]
    g2 = open_game(3, zero_straight=zero_straight)
    s2 = g2.position(ships=parked(3, s0=(0, 0)), face=3, gods={0: ()},
                     pyramids={(1, 0): (1, 1), (0, 1): (1, 2)})
    assert all(type(a) is Place for a in g2.legal_actions(s2))


def test_pc_straight_06_two_stones_after_a_straight_move():
    """PC-STRAIGHT-06, PC-DROP-01: after a straight move the drop offers own + an opponent."""
    g = open_game(3)
    s = g.position(ships=parked(3, s0=(3, 3)), face=2)
    s2 = g.apply(s, Move("straight", (5, 3)))
    assert s2.phase == DROP and s2.allowance == 2
    assert Drop(True, 1) in g.legal_actions(s2) and Drop(True, 2) in g.legal_actions(s2)


# -- turning ---------------------------------------------------------------------------
def test_pc_turning_02_03_05_full_length_paths_round_obstacles_no_reversal():
    """PC-TURNING-02, PC-TURNING-03, PC-TURNING-05, PC-MOVE-03: roll 2 from (3,3) on an open
    board reaches exactly the spaces 2 steps away (never the start: no reversal);
    with roll 1 only the four orthogonal neighbours, never a diagonal."""
    g = open_game(3)
    s = g.position(ships=parked(3, s0=(3, 3)), face=2)
    assert dests(g, s, "turn") == diamond((3, 3), 2)
    g1 = open_game(3, die=ONE_TO_FIVE)
    s1 = g1.position(ships=parked(3, s0=(3, 3)), face=1)
    assert dests(g1, s1) == {(4, 3), (2, 3), (3, 4), (3, 2)}
    # a pyramid at (4,3): (5,3) is still reached round it by a full path? no: 2 steps only
    s3 = g.position(ships=parked(3, s0=(3, 3)), face=2, pyramids={(4, 3): (1, 1)})
    assert (5, 3) not in dests(g, s3, "turn") and (4, 4) in dests(g, s3, "turn")


def test_pc_turning_03_stones_may_be_crossed():
    """PC-TURNING-03: energy stones never block a turning path."""
    g = open_game(3)
    s = g.position(ships=parked(3, s0=(3, 3)), face=2, stones={1: [(4, 3), (3, 4)]})
    assert dests(g, s, "turn") == diamond((3, 3), 2)


def test_pc_turning_04_no_stopping_early_in_front_of_an_obstacle():
    """PC-TURNING-04: in a corridor the turning move may not stop short of the roll."""
    # corridor (0,0)..(3,0) then a lake; roll 3 from (0,0): only (3,0) by a full path
    rows = ["DDDD~", "~~~~~", "EE~~~"]
    g = game_on(rows, players=2)
    s = g.position(ships={0: (0, 0), 1: (0, 2)}, face=3)
    assert dests(g, s, "turn") == {(3, 0)}
    assert (1, 0) not in dests(g, s) and (2, 0) not in dests(g, s)


def test_pc_turning_06_08_self_avoiding_default_and_no_reversal_switch():
    """PC-TURNING-06, PC-TURNING-08: in a 2x2 loop behind a 1-space neck no self-avoiding
    5-step path exists (the turning option is simply unavailable); with turning_paths=
    'no_reversal' the ship may go round the loop and end on (1,0)."""
    rows = ["DDD~", "~DD~", "~~~E"]
    g = game_on(rows, players=2)
    s = g.position(ships={0: (0, 0), 1: (3, 2)}, face=5)
    assert dests(g, s, "turn") == set()
    assert dests(g, s, "straight") == {(2, 0)}
    g2 = game_on(rows, players=2, turning_paths="no_reversal")
    s2 = g2.position(ships={0: (0, 0), 1: (3, 2)}, face=5)
    assert dests(g2, s2, "turn") == {(1, 0)}


def test_pc_turning_07_zero_turn_path_is_a_turning_move_too():
    """PC-TURNING-07: a straight path of full length is also listed as a turning move."""
    g = open_game(3)
    s = g.position(ships=parked(3, s0=(3, 3)), face=2)
    assert (5, 3) in dests(g, s, "turn") and (5, 3) in dests(g, s, "straight")


def test_pc_turning_09_one_stone_own_ship_only():
    """PC-TURNING-09, PC-DROP-02: a turning move never offers a drop into an opponent."""
    g = open_game(3)
    s = g.position(ships=parked(3, s0=(3, 3)), face=2)
    s2 = g.apply(s, Move("turn", (4, 4)))
    assert s2.allowance == 1
    assert g.legal_actions(s2) == [Drop(False, -1), Drop(True, -1)]


def test_pc_turning_01_pc_first_01_no_turning_in_round_one():
    """PC-TURNING-01, PC-FIRST-01, PC-FIRST-02: round 1 has no turning moves; round 2 has."""
    g = open_game(3)
    s1 = g.position(ships=parked(3, s0=(3, 3)), face=2, turn=0)
    assert dests(g, s1, "turn") == set()
    s2 = g.position(ships=parked(3, s0=(3, 3)), face=2, turn=3)
    assert dests(g, s2, "turn")


# -- dead end --------------------------------------------------------------------------
def test_pc_deadend_01_02_03_entering_a_pocket_ends_the_move():
    """PC-DEADEND-01, PC-DEADEND-02, PC-DEADEND-03: (3,0) on the top edge between two
    pyramids is a dead end: roll 3 from (3,2) ends there after 2 steps (no 3-step path can
    end there); it is still a turning move with 1 stone. A corner with one obstacle beside
    it is a dead end too, and the space the ship came from is no obstacle."""
    g = open_game(3)
    pyr = {(2, 0): (1, 1), (4, 0): (1, 2)}
    s = g.position(ships=parked(3, s0=(3, 2)), face=3, pyramids=pyr)
    assert Move("turn", (3, 0)) in g.legal_actions(s)
    s2 = g.apply(s, Move("turn", (3, 0)))
    assert s2.allowance == 1
    # corner (0,0) with a pyramid at (1,0): roll 3 from (0,2)
    s3 = g.position(ships=parked(3, s0=(0, 2)), face=3, pyramids={(1, 0): (1, 1)})
    assert (0, 0) in dests(g, s3, "turn")
    # the ship's own start space is the open side: (3,1) -> (3,0) is a dead end at once
    s4 = g.position(ships=parked(3, s0=(3, 1)), face=3, pyramids=pyr)
    assert (3, 0) in dests(g, s4, "turn")


def test_pc_deadend_04_choice_and_straight_into_a_pocket():
    """PC-DEADEND-04: (a) the dead end may be chosen while full paths exist elsewhere;
    (c) a straight move into the pocket just stops at the edge and earns 2 stones."""
    g = open_game(3)
    pyr = {(2, 0): (1, 1), (4, 0): (1, 2)}
    s = g.position(ships=parked(3, s0=(3, 2)), face=3, pyramids=pyr)
    turn = dests(g, s, "turn")
    assert (3, 0) in turn and len(turn) > 1
    s2 = g.apply(s, Move("straight", (3, 0)))
    assert s2.allowance == 2


# -- arrows ------------------------------------------------------------------------------
def test_pc_arrows_01_02_03_04_any_distance_over_obstacles():
    """PC-ARROWS-01..04, PC-OBST-03: a pyramid at +2 and a ship at +4 along the row:
    +1, +3, +5, +6 are legal, +2 and +4 not; the column too; nothing diagonal."""
    g = open_game(3)
    s = g.position(ships=parked(3, s0=(0, 3), s1=(4, 3)), face="arrows",
                   pyramids={(2, 3): (2, 1)})
    d = dests(g, s, "arrows")
    assert {(1, 3), (3, 3), (5, 3), (6, 3), (7, 3)} <= d
    assert (2, 3) not in d and (4, 3) not in d
    assert {(0, y) for y in range(8) if y != 3} <= d
    assert all(x == 0 or y == 3 for x, y in d)
    assert dests(g, s, "straight") == set() and dests(g, s, "turn") == set()


def test_pc_arrows_05_two_stones():
    """PC-ARROWS-05: after an arrows move the player may bring two stones into play."""
    g = open_game(3)
    s = g.position(ships=parked(3, s0=(0, 3)), face="arrows")
    s2 = g.apply(s, Move("arrows", (6, 3)))
    assert s2.allowance == 2


def test_pc_arrows_06_pc_first_03_arrows_in_round_one_must_leave_holy():
    """PC-ARROWS-06, PC-FIRST-03: in round 1 an arrows move is allowed and must end outside
    the holy district; the switch arrows_in_first_round=False forbids it."""
    rows = ["DDDDDDD"] * 2 + ["DDSSSDD"] * 3 + ["DDDDDDD"] * 2
    g = game_on(rows, players=3, holy="S")
    s = g.position(ships={0: (3, 3), 1: (2, 2), 2: (4, 4)}, face="arrows", turn=0)
    d = dests(g, s)
    assert d == {(0, 3), (1, 3), (5, 3), (6, 3), (3, 0), (3, 1), (3, 5), (3, 6)}
    g2 = game_on(rows, players=3, holy="S", arrows_in_first_round=False)
    s2 = g2.position(ships={0: (3, 3), 1: (2, 2), 2: (4, 4)}, face="arrows", turn=0, gods={0: ()})
    assert [type(a) for a in g2.legal_actions(s2)] == [Place] * len(g2.legal_actions(s2))


def test_pc_first_01_03_straight_must_leave_the_holy_district():
    """PC-FIRST-01, PC-FIRST-03: in round 1 only straight moves that end outside the holy
    district count; when none can, any straight move is allowed (fallback)."""
    rows = ["DDDDDDD"] * 2 + ["DDSSSDD"] * 3 + ["DDDDDDD"] * 2
    g = game_on(rows, players=3, holy="S")
    s = g.position(ships={0: (3, 3), 1: (2, 2), 2: (4, 4)}, face=2, turn=0)
    assert dests(g, s) == {(5, 3), (1, 3), (3, 5), (3, 1)}
    g1 = game_on(rows, players=3, holy="S", die=ONE_TO_FIVE)
    s1 = g1.position(ships={0: (3, 3), 1: (2, 2), 2: (4, 4)}, face=1, turn=0)
    assert dests(g1, s1) == {(4, 3), (2, 3), (3, 4), (3, 2)}  # none leaves: fallback


def test_pc_first_04_two_player_first_turn_each():
    """PC-FIRST-04: with 2 players round 1 is each player's first turn (turns 0 and 1)."""
    g = open_game(2)
    assert g.first_round(g.position(ships=parked(2), turn=1))
    assert not g.first_round(g.position(ships=parked(2), turn=2))
    # and in play: the second player's first turn (turn 1) offers no turning move and no
    # god stone (PC-FIRST-01, PC-GOD-05); the first player's second turn (turn 2) does
    for turn, player, first in ((0, 0, True), (1, 1, True), (2, 0, False), (3, 1, False)):
        s = g.position(ships=parked(2, **{f"s{player}": (3, 3)}), face=2, turn=turn,
                       player=player)
        kinds = {a.kind if type(a) is Move else type(a).__name__ for a in g.legal_actions(s)}
        assert ("turn" in kinds, "UseGod" in kinds) == (not first, not first), (turn, kinds)


# -- god stones ------------------------------------------------------------------------------
def test_pc_god_01_02_03_04_god_stone_any_free_space_one_stone():
    """PC-GOD-01..04, PC-MOVE-02: instead of a die move a god stone (chosen by value) puts the
    ship on any free space (stones allowed, not its own space, not ships or pyramids);
    the stone is gone; 1 stone may be dropped, into the own ship only."""
    g = open_game(3)
    s = g.position(ships=parked(3, s0=(3, 3)), face=4, stones={1: [(0, 0)]},
                   pyramids={(1, 1): (1, 1)})
    assert {UseGod(2), UseGod(4), UseGod(6)} <= set(g.legal_actions(s))
    s2 = g.apply(s, UseGod(4))
    assert s2.phase == GOD and s2.gods[0] == (2, 6)
    places = {a.at for a in g.legal_actions(s2)}
    assert (0, 0) in places and (3, 3) not in places and (1, 1) not in places
    assert (7, 6) not in places and len(places) == 64 - 1 - 3  # a pyramid, 3 ships
    s3 = g.apply(s2, Place((0, 0)))
    assert s3.allowance == 1 and g.legal_actions(s3) == [Drop(False, -1), Drop(True, -1)]
    assert sum(s3.gods[0]) == 8


def test_pc_god_05_not_voluntarily_in_round_one():
    """PC-GOD-05: god stones are offered from round 2 on (and in round 1 with the switch)."""
    g = open_game(3)
    assert not any(type(a) is UseGod for a in g.legal_actions(g.position(ships=parked(3), turn=0)))
    assert any(type(a) is UseGod for a in g.legal_actions(g.position(ships=parked(3), turn=3)))
    g2 = open_game(3, god_in_first_round=True)
    assert any(type(a) is UseGod for a in g2.legal_actions(g2.position(ships=parked(3), turn=0)))


# -- boxed in ---------------------------------------------------------------------------------
def boxed(g, gods=None, face=3):
    pyr = {(1, 0): (1, 1), (0, 1): (1, 2)}
    return g.position(ships=parked(3, s0=(0, 0)), face=face, pyramids=pyr,
                      gods={0: gods} if gods is not None else None)


def test_pc_boxed_01_03_boxed_in_must_use_a_god_stone():
    """PC-BOXED-01, PC-BOXED-03, PC-OBST-01: a ship with only obstacles round it must use a god
    stone (his own pyramid is an obstacle too); free placement is not offered."""
    g = open_game(3)
    s = boxed(g)
    assert g.legal_actions(s) == [UseGod(2), UseGod(4), UseGod(6)]


def test_pc_boxed_02_05_pc_drop_03_no_god_stone_free_placement_no_stone():
    """PC-BOXED-02, PC-BOXED-05, PC-DROP-03: without god stones the ship goes on any free
    space, no stone may be dropped, and the build step still follows (the stone on the
    space it left is now visible)."""
    g = open_game(3)
    pyr = {(1, 0): (1, 1), (0, 1): (1, 2)}
    s = g.position(ships=parked(3, s0=(0, 0)), face=3, pyramids=pyr, gods={0: ()},
                   stones={0: [(0, 0)]})
    acts = g.legal_actions(s)
    assert all(type(a) is Place for a in acts) and Place((5, 5)) in acts
    s2 = g.apply(s, Place((5, 5)))
    assert s2.phase == BUILD and s2.allowance == 0
    assert Build(1, (0, 0), ((0, 0),)) in g.legal_actions(s2)


def test_pc_boxed_04_arrows_jump_out_unless_by_surroundings():
    """PC-BOXED-04: with the arrows face the boxed ship can jump out (default); with
    boxed_in='by_surroundings' four blocked sides force the god stone whatever the face."""
    g = open_game(3)
    s = boxed(g, face="arrows")
    assert any(type(a) is Move for a in g.legal_actions(s))
    g2 = open_game(3, boxed_in="by_surroundings")
    s2 = boxed(g2, face="arrows")
    assert g2.legal_actions(s2) == [UseGod(2), UseGod(4), UseGod(6)]


# -- general -----------------------------------------------------------------------------
def test_pc_move_01_lifting_leaves_stones_behind():
    """PC-MOVE-01: the stones under the ship stay on its old space (and show after the move)."""
    g = open_game(3)
    s = g.position(ships=parked(3, s0=(3, 3)), face=2, stones={0: [(3, 3)], 1: [(3, 3)]})
    s2 = g.apply(s, Move("straight", (5, 3)))
    assert s2.stones[0] >> g.geo.cell((3, 3)) & 1 and s2.stones[1] >> g.geo.cell((3, 3)) & 1


def test_pc_move_05_pc_obst_01_never_end_on_obstacles():
    """PC-MOVE-05, PC-OBST-01: no move ends on a ship, a pyramid, the lake or off the board."""
    rows = ["DDDDDDDD"] * 3 + ["DDD~DDDD"] + ["DDDDDDDD"] * 4
    g = game_on(rows, players=3)
    s = g.position(ships=parked(3, s0=(1, 3), s1=(5, 3)), face="arrows", pyramids={(1, 1): (2, 1)})
    d = dests(g, s)
    assert not {(3, 3), (5, 3), (1, 1), (1, 3)} & d
    assert {(2, 3), (4, 3), (6, 3), (1, 0), (1, 2)} <= d


def test_pc_obst_02_river_is_no_obstacle():
    """PC-OBST-02: river spaces are ordinary land: ships cross and stop on them."""
    rows = ["DDDDDDDD"] * 8
    g = game_on(rows, players=3, river=[(x, 4) for x in range(8)])
    s = g.position(ships=parked(3, s0=(2, 2)), face=3)
    assert (2, 5) in dests(g, s, "straight")
    s1 = g.position(ships=parked(3, s0=(2, 2)), face=2)
    assert (2, 4) in dests(g, s1, "straight")


def test_pc_move_06_illegal_move_is_refused_and_state_kept():
    """PC-MOVE-06: a non-move (staying) is refused with IllegalActionError naming the legal."""
    g = open_game(3)
    s = g.position(ships=parked(3, s0=(3, 3)), face=2)
    with pytest.raises(IllegalActionError, match="legal"):
        g.apply(s, Move("straight", (3, 3)))
    assert s.phase == MOVE


def test_pc_turning_02_06_deadend_01_bit_search_equals_path_search():
    """PC-TURNING-02, PC-TURNING-06, PC-DEADEND-01: the engine's bit-parallel turning search
    gives exactly the ends of a plain depth-first search of all paths (self-avoiding and
    no-reversal readings, rolls 1 to 6, random obstacles on the shipped board)."""
    import random

    import tabletop_nb
    rng = random.Random(11)
    for tp in ("self_avoiding", "no_reversal"):
        g = tabletop_nb.load_game("pacal", players=3, turning_paths=tp)
        geo = g.geo
        for _ in range(600):
            density = rng.random() * 0.6
            free = sum(1 << c for c in geo.playable_cells if rng.random() > density)
            ship = rng.choice(geo.playable_cells)
            free |= 1 << ship
            k = rng.randint(1, 6)
            assert g.turning_moves(ship, k, free) == g.turning_moves_search(ship, k, free), (tp, k, ship)
