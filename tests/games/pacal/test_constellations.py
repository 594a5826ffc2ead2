"""Rulebook "3. Build pyramid": the constellations for 1 to 5 stories (PC-CONST).

Detection is tested both on the pure search (``constellations``) and through the engine's
build step (visible stones only, own pyramids as members)."""
from __future__ import annotations

from pacal_helpers import game_on, open_game, parked
from tabletop_nb.games.pacal.constellations import constellations, gap_spaces, shape_height
from tabletop_nb.games.pacal.state import Build


def shapes(stones, pyramids=(), **kw):
    return {(h, c) for h, c in constellations(set(stones), set(pyramids), **kw)}


def heights_with(stones, pyramids=(), **kw):
    """The heights of constellations that use every given member."""
    n = len(set(stones) | set(pyramids))
    return {h for h, c in constellations(set(stones), set(pyramids), **kw) if len(c) == n}


def test_pc_const_03_one_stone_one_story():
    """PC-CONST-03: a single own stone is a one-story constellation."""
    assert shapes({(2, 2)}) == {(1, ((2, 2),))}


def test_pc_const_04_two_orthogonal_neighbours_only():
    """PC-CONST-04: (4,4)+(5,4) and (4,4)+(4,5) make 2 stories; diagonal (5,5) or a gap
    (6,4) do not."""
    assert heights_with({(4, 4), (5, 4)}) == {2}
    assert heights_with({(4, 4), (4, 5)}) == {2}
    assert heights_with({(4, 4), (5, 5)}) == set()
    assert heights_with({(4, 4), (6, 4)}) == set()


def test_pc_const_05_09_three_in_a_line_equal_gaps():
    """PC-CONST-05, PC-CONST-09: three in a row/column/diagonal with equal gaps (counted in
    spaces between, diagonal spaces for diagonals): (1,1),(3,3),(5,5) yes; (1,1),(3,3),(6,6)
    no; gap 0 rows and columns and the anti-diagonal too."""
    assert heights_with({(1, 1), (3, 3), (5, 5)}) == {3}
    assert heights_with({(1, 1), (3, 3), (6, 6)}) == set()
    assert heights_with({(0, 2), (1, 2), (2, 2)}) == {3}
    assert heights_with({(4, 0), (4, 3), (4, 6)}) == {3}
    assert heights_with({(6, 0), (4, 2), (2, 4)}) == {3}
    assert gap_spaces(3, ((1, 1), (3, 3), (5, 5))) == [(2, 2), (4, 4)]


def test_pc_const_06_four_in_a_line_equal_gaps():
    """PC-CONST-06: four in a line with equal gaps; unequal gaps refused."""
    assert 4 in heights_with({(0, 0), (0, 2), (0, 4), (0, 6)})
    assert heights_with({(0, 0), (1, 1), (2, 2), (3, 3)}) == {4}
    assert heights_with({(0, 0), (0, 2), (0, 4), (0, 7)}) == set()


def test_pc_const_07_square_equal_gaps_rectangles_refused():
    """PC-CONST-07: four corners of a square make 5 stories (2x2 block or with gaps);
    a rectangle does not."""
    assert heights_with({(1, 1), (2, 1), (1, 2), (2, 2)}) == {5}
    assert heights_with({(1, 1), (3, 1), (1, 3), (3, 3)}) == {5}
    assert heights_with({(1, 1), (4, 1), (1, 3), (4, 3)}) == set()
    assert shape_height([(0, 0), (2, 0), (0, 2), (2, 2)]) == 5


def test_pc_const_08_other_slopes_refused():
    """PC-CONST-08: lines of another slope, e.g. (0,0),(1,2),(2,4), are no constellation."""
    assert heights_with({(0, 0), (1, 2), (2, 4)}) == set()


def test_pc_const_10_exact_member_count_others_stay():
    """PC-CONST-10: a constellation has exactly the members its height needs; stones not
    chosen stay on the board when it is built."""
    g = open_game(3)
    s = g.position(ships=parked(3), phase="build", stones={0: [(0, 0), (1, 0), (2, 0), (5, 5)]})
    s2 = g.apply(s, Build(3, (0, 0), ((0, 0), (1, 0), (2, 0))))
    assert s2.stones[0] == 1 << g.geo.cell((5, 5))


def test_pc_const_11_diamonds_only_with_the_switch():
    """PC-CONST-11: the 45-degree square (2,0),(4,2),(2,4),(0,2) is a five-story only with
    diamond_squares=True."""
    diamond = {(2, 0), (4, 2), (2, 4), (0, 2)}
    assert heights_with(diamond) == set()
    assert heights_with(diamond, diamonds=True) == {5}
    assert heights_with({(1, 0), (2, 1), (1, 2), (0, 1)}, diamonds=True) == {5}
    g = open_game(3, diamond_squares=True)
    s = g.position(ships=parked(3), phase="build", stones={0: list(diamond)})
    assert any(a.height == 5 for a in g.legal_actions(s)[1:])


def test_pc_const_12_gap_contents_readings():
    """PC-CONST-12: by default anything may lie in the gaps (other colours, own unused
    stones, ships, pyramids); 'no_own' forbids own stones/pyramids there; 'empty'
    forbids any piece there."""
    line = [(0, 0), (2, 0), (4, 0)]
    g = open_game(3)
    s = g.position(ships=parked(3, s1=(1, 0)), phase="build", stones={0: line + [(3, 0)]})
    assert Build(3, (0, 0), ((0, 0), (2, 0), (4, 0))) in g.legal_actions(s)
    g2 = open_game(3, gap_contents="no_own")
    s2 = g2.position(ships=parked(3, s1=(1, 0)), phase="build", stones={0: line + [(3, 0)]})
    assert Build(3, (0, 0), ((0, 0), (2, 0), (4, 0))) not in g2.legal_actions(s2)
    s2b = g2.position(ships=parked(3, s1=(1, 0)), phase="build", stones={0: line})
    assert Build(3, (0, 0), ((0, 0), (2, 0), (4, 0))) in g2.legal_actions(s2b)
    g3 = open_game(3, gap_contents="empty")
    s3 = g3.position(ships=parked(3, s1=(1, 0)), phase="build", stones={0: line})
    assert Build(3, (0, 0), ((0, 0), (2, 0), (4, 0))) not in g3.legal_actions(s3)
    s3b = g3.position(ships=parked(3), phase="build", stones={0: line})
    assert Build(3, (0, 0), ((0, 0), (2, 0), (4, 0))) in g3.legal_actions(s3b)


def test_pc_const_13_square_uses_only_its_corners():
    """PC-CONST-13: a ring of 8 stones round (2,2) gives the square of its 4 corners; the
    side stones neither help nor hinder."""
    ring = {(1, 1), (2, 1), (3, 1), (1, 2), (3, 2), (1, 3), (2, 3), (3, 3)}
    squares = {c for h, c in constellations(ring) if h == 5}
    assert ((1, 1), (3, 1), (1, 3), (3, 3)) in squares


def test_pc_const_14_sub_lines_of_four_collinear():
    """PC-CONST-14: from four stones in a row a 3-story may be built from the first three or
    the last three (equal gaps), never from {A, C, D}."""
    row = {(1, 3), (2, 3), (3, 3), (4, 3)}
    threes = {c for h, c in constellations(row) if h == 3}
    assert threes == {((1, 3), (2, 3), (3, 3)), ((2, 3), (3, 3), (4, 3))}


def test_pc_const_01_02_only_own_visible_stones():
    """PC-CONST-01, PC-CONST-02: other colours never count, and stones under a ship (the
    own ship included) are not visible and cannot be members."""
    g = open_game(3)
    s = g.position(ships=parked(3, s0=(2, 0)), phase="build",
                   stones={0: [(0, 0), (2, 0)], 1: [(1, 0)]})
    acts = g.legal_actions(s)
    assert acts[1:] == [Build(1, (0, 0), ((0, 0),))]
    s_no = g.position(ships=parked(3, s0=(2, 0)), phase="build", stones={0: [(2, 0)]})
    assert g.legal_actions(s_no) == []


def test_pc_const_15_members_in_different_districts():
    """PC-CONST-15: members may lie in different districts; the build space decides."""
    rows = ["AABB"] * 4
    g = game_on(rows, players=2, values={"A": 3, "B": 6})
    s = g.position(ships={0: (0, 3), 1: (1, 3)}, phase="build", stones={0: [(1, 0), (2, 0)]})
    a_side = g.apply(s, Build(2, (1, 0), ((1, 0), (2, 0))))
    b_side = g.apply(s, Build(2, (2, 0), ((1, 0), (2, 0))))
    assert a_side.scores[0] == 3 and b_side.scores[0] == 6


def test_pc_const_engine_and_search_agree_on_an_eight_by_eight_sample():
    """PC-CONST-03..07: the engine offers exactly the search's constellations."""
    g = open_game(3)
    stones = [(0, 0), (1, 1), (2, 2), (3, 3), (0, 2), (2, 0), (5, 1), (6, 1)]
    s = g.position(ships=parked(3), phase="build", stones={0: stones})
    offered = {a.members for a in g.legal_actions(s)[1:]}
    assert offered == {c for _, c in constellations(set(stones))}


def test_pc_const_03_07_11_bit_search_equals_the_pair_search():
    """PC-CONST-03..08, PC-CONST-11, PC-OWNPYR-03: the engine's bit search over the padded
    board layout finds exactly the constellations of the plain pair search (random sets
    of stones and pyramids, with and without diamonds)."""
    import random

    from tabletop_nb.games.pacal.constellations import BitSearch, find_codes
    rng = random.Random(4)
    W = H = 13
    P = 2 * W
    bs = BitSearch(W, H, P)
    spaces = [(x, y) for x in range(W) for y in range(H)]
    for _ in range(1500):
        cells = rng.sample(spaces, rng.randint(0, 22))
        k = rng.randint(0, len(cells))
        stones, members = set(cells[:k]), set(cells)
        dia = rng.random() < 0.3
        bits = sorted((h, tuple((c % P, c // P) for c in cs)) for h, cs in
                      bs.find_bits(sum(1 << (y * P + x) for x, y in stones),
                                   sum(1 << (y * P + x) for x, y in members), dia))
        ref = sorted((h, tuple((c % 64, c // 64) for c in cs)) for h, cs in
                     find_codes({y * 64 + x for x, y in stones}, {y * 64 + x for x, y in members}, dia))
        assert bits == ref
