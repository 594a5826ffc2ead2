"""Tests for what mutation testing (benchmarks/mutants.py, docs/mutation.md) found unchecked
in the Pacal engine: each fails on the named mutant and passes on the engine."""
from __future__ import annotations

import pytest

from pacal_helpers import dests, game_on, open_game, parked
from tabletop_nb import TabletopError
from tabletop_nb.games.pacal.state import Build, Drop, Roll


def test_pc_const_01_02_03_04_constellations_of_names_the_visible_shapes():
    """PC-CONST-01, PC-CONST-02, PC-CONST-03, PC-CONST-04: ``constellations_of`` lists the
    seat's constellations of visible own stones as (stories, spaces): a lone stone is one
    story, two neighbours two; a stone under a ship is no member. (Mutants: its body
    deleted; a member's index shifted by one.)"""
    g = open_game(3)
    s = g.position(ships=parked(3, s0=(5, 5)), stones={0: [(1, 1), (1, 2), (5, 5)], 1: [(4, 4)]},
                   phase="build")
    found = g.constellations_of(s, 0)
    assert (2, ((1, 1), (1, 2))) in found or (2, ((1, 2), (1, 1))) in found
    assert {m for _, ms in found for m in ms} == {(1, 1), (1, 2)}  # (5, 5) is under seat 0's ship
    assert all(h in (1, 2) for h, _ in found)
    assert sorted(ms for h, ms in found if h == 1) == [((1, 1),), ((1, 2),)]
    assert g.constellations_of(s, 1) == [(1, ((4, 4),))]
    assert g.constellations_of(s, 2) == []


class _Top:
    """An rng whose draw is at the very top of [0, 1): past every face's share when the
    float shares add up to a little less than 1."""

    def random(self):
        return 1.0


def test_pc_die_01_a_draw_past_the_last_share_is_the_last_face():
    """PC-DIE-01: the die's faces are its only outcomes: ``sample_chance`` answers a face
    even when rounding leaves the draw past the sum of the float shares. (Mutant: the
    fallback returned the last face's probability instead of its roll.)"""
    g = open_game(3)
    s = g.initial_state()
    while g.legal_actions(s) and not g.chance_outcomes(s):
        s = g.apply(s, g.legal_actions(s)[0])
    a = g.sample_chance(s, _Top())
    assert type(a) is Roll
    assert a == g.chance_outcomes(s)[-1][0]


def test_pc_setup_03_position_names_the_seat_with_too_many_pyramids():
    """PC-SETUP-03 (11 pyramids a colour, sizes 1/3/3/2/2): ``position()`` refuses a seat
    with more pyramids of a size than the game gives, naming that seat. (Mutant: the check
    read the neighbouring seat's supply, so the reason named the wrong seat.)"""
    g = open_game(3)
    with pytest.raises(TabletopError, match="seat 2 has more pyramids"):
        g.position(ships=parked(3), pyramids={(0, 0): (2, 1), (1, 0): (2, 1)})
    with pytest.raises(TabletopError, match="seat 0 has more pyramids"):
        g.position(ships=parked(3), pyramids={(0, 0): (0, 1), (1, 0): (0, 1)})


def test_pc_setup_03_position_refuses_a_pyramid_supply_of_the_wrong_length():
    """PC-SETUP-03 (five pyramid sizes): ``position()`` refuses a seat's pyramid supply that
    does not give one count per size, for any seat. (Mutant: the length of the neighbouring
    seat's supply was checked instead.)"""
    g = open_game(3)
    for q in range(3):
        with pytest.raises(TabletopError, match=f"one count per pyramid size .* for seat {q}"):
            g.position(ships=parked(3), pyr_supply={q: (1, 3)})


def test_pc_drop_01_06_each_dropped_stone_is_told():
    """PC-DROP-01, PC-DROP-06: after a 2-stone drop the log tells both stones: the one into
    his own ship and the one into the opponent's ship. (Mutant: the second drop's event was
    deleted, so the log hid where the stone went.)"""
    g = open_game(3)
    s = g.position(ships=parked(3, s0=(3, 3)), phase="drop", allowance=2)
    s2 = g.apply(s, Drop(True, 2))
    drops = [e for e in s2.events if e[0] == "drop"]
    assert [e[2] for e in drops] == [0, 2]
    text = g.events(s2)
    assert sum("dropped a stone into" in t for t in text) == 2


def test_pc_first_01_leaving_the_holy_district_is_only_forced_in_round_one():
    """PC-FIRST-01, PC-FIRST-03: the "leave the holy district" restriction is the first
    round's only: from round 2 a straight move may end inside the holy district. (Mutant:
    the filter applied in every round.)"""
    rows = ["DDDDDDD"] * 2 + ["DDSSSDD"] * 3 + ["DDDDDDD"] * 2
    g = game_on(rows, players=3, holy="S")
    ships = {0: (2, 3), 1: (6, 6), 2: (0, 6)}
    first = g.position(ships=ships, face=2, turn=0)
    later = g.position(ships=ships, face=2, turn=3)
    assert (4, 3) not in dests(g, first, "straight")
    assert (4, 3) in dests(g, later, "straight")


def test_pc_drop_01_a_stone_into_seat_0s_ship():
    """PC-DROP-01: the second stone of a 2-stone drop may go into any opponent's ship, seat
    0's too. (Mutant: ``into >= 0`` became ``into > 0``, so a stone for seat 0's ship was
    never put down.)"""
    g = open_game(3)
    s = g.position(ships=parked(3, s1=(3, 3)), phase="drop", allowance=2, player=1)
    s2 = g.apply(s, Drop(True, 0))
    spaces = {g.geo.xy[c] for c in range(g.geo.size) if s2.stones[1] >> c & 1}
    assert spaces == {(3, 3), (7, 7)}
    assert s2.supply[1] == s.supply[1] - 2


def test_pc_die_03_the_game_begins_in_round_1():
    """PC-DIE-03: the starting player rolls for round 1 once every ship is placed: the state
    and the phase line say round 1. (Mutant: the round after setup was 0.)"""
    g = open_game(3)
    s = g.initial_state()
    while g.current_player(s) >= 0 and s.phase == g.initial_state().phase:
        s = g.apply(s, g.legal_actions(s)[0])
    assert s.round == 1 and g.phase(s).startswith("round 1")


def test_pc_upgrade_05_discard_counts_the_builders_own_pyramid():
    """PC-UPGRADE-05 (``replaced_pyramid="discard"``): the replaced pyramid leaves the game
    and is counted for its owner, whichever seat builds; the other seats' counts stay.
    (Mutant: the per-seat tuple was rebuilt one entry too long, shifting the later seats.)"""
    g = open_game(3, replaced_pyramid="discard")
    s = g.position(ships=parked(3), phase="build", player=1, stones={1: [(0, 0)]},
                   pyramids={(1, 0): (1, 1)})
    s2 = g.apply(s, Build(2, (1, 0), ((0, 0), (1, 0))))
    assert s2.discarded == (0, 1, 0)


def test_pc_boxed_04_by_surroundings_a_free_neighbour_is_a_way_out():
    """PC-BOXED-04 (``boxed_in="by_surroundings"``): a ship is boxed in only when none of its
    four neighbours is free. (Mutant: the neighbour test shifted the wrong way, so every
    ship counted as boxed in.)"""
    g = open_game(3, boxed_in="by_surroundings")
    s = g.position(ships=parked(3, s0=(3, 3)), face=2)
    assert not g.boxed_in(s, 0)
    walls = {(2, 3): (1, 2), (4, 3): (1, 2), (3, 2): (2, 2), (3, 4): (2, 2)}
    s = g.position(ships=parked(3, s0=(3, 3)), face=2, pyramids=walls)
    assert g.boxed_in(s, 0)


def test_pc_two_01_round_counts_both_players_turns():
    """PC-TWO-01 (2 players: each rolls for his own turn): a round is both players' turns, so
    the third turn is round 2. (Mutant: round = turn // 2 - 1.)"""
    g = open_game(2)
    s = g.initial_state()
    while s.turn < 2:
        s = g.apply(s, g.chance_outcomes(s)[0][0] if g.current_player(s) < 0 else g.legal_actions(s)[0])
    assert s.round == 2 and g.phase(s).startswith("round 2")


@pytest.mark.parametrize("scores", [(1.5, 0, 0), (True, 0, 0)])
def test_pc_setup_06_position_scores_are_whole_numbers(scores):
    """PC-SETUP-06 (the score track): ``position()`` refuses a score that is not a whole
    number (a float or a bool). (Mutant: ``or`` became ``and`` in the check.)"""
    g = open_game(3)
    with pytest.raises(TabletopError, match="one whole number per seat"):
        g.position(ships=parked(3), scores=scores)


def test_pc_die_03_position_round_follows_the_turn():
    """PC-DIE-03/04 (a round is one turn of every player): a position at turn 3 of a
    3-player game is in round 2. (Mutant: round = turn // n - 1.)"""
    g = open_game(3)
    assert g.position(ships=parked(3), turn=3).round == 2
    assert g.position(ships=parked(3), turn=2).round == 1


def test_pc_river_01_a_one_story_pyramid_scores_on_the_river():
    """PC-RIVER-01 (river majority by stories): a seat whose only river pyramid has one story
    still places. (Mutant: the area tally started at -1, so a 1-story seat had no stories.)"""
    rows = ["DDDDDDDD"] * 8
    g = game_on(rows, players=3, river=[(0, 0), (1, 0)], lakeside=[(7, 7)])
    s = g.position(ships=parked(3, s0=(6, 0)), pyramids={(0, 0): (0, 1), (1, 0): (1, 3)})
    river = [f[0] for f in g.final_scoring(s)]
    assert river[0] > 0 and river[1] > river[0] and river[2] == 0


def test_pc_const_04_build_options_have_no_duplicates():
    """PC-CONST-04, PC-BUILD (one build per choice): a 2-stone constellation without an own
    pyramid offers each (height, space) once. (Mutant: a deleted ``continue`` let the same
    builds be offered twice.)"""
    g = open_game(3)
    s = g.position(ships=parked(3), phase="build", stones={0: [(0, 0), (1, 0)]})
    acts = g.legal_actions(s)
    assert len(acts) == len(set(acts))
    assert Build(2, (0, 0), ((0, 0), (1, 0))) in acts


@pytest.mark.parametrize("kw, reason", [
    (dict(turn=-1), "a turn number is a whole number"),
    (dict(turn=1.0), "a turn number is a whole number"),
    (dict(supply={1: -1}), "seat 1 has more stones out"),
    (dict(supply={0: -1}), "seat 0 has more stones out"),
])
def test_pc_setup_04_position_refuses_a_bad_turn_or_stone_supply_naming_it(kw, reason):
    """PC-SETUP-04 (11 stones a colour) and the turn count: ``position()`` refuses a turn that
    is not a whole number from 0 and a negative stone supply, naming the seat. (Mutants:
    the turn check deleted; the supply check read the neighbouring seat.)"""
    g = open_game(3)
    with pytest.raises(TabletopError, match=reason):
        g.position(ships=parked(3), **kw)


def test_pc_two_02_03_no_finishing_round_at_the_threshold_with_two_players():
    """PC-TWO-02/03: with 2 players reaching the threshold ends the game at once (in the
    build), so no last round starts; with 3 or more it starts the finishing round
    (PC-END). (Mutant: the player-count check of last_round_after loosened to any count.)"""
    import tabletop_nb
    from tabletop_nb.games.pacal.analysis import last_round_after
    two = tabletop_nb.load_game("pacal", players=2)
    s = two.initial_state()
    assert last_round_after(two, s, (two.threshold, 0)) is False
    three = tabletop_nb.load_game("pacal", players=3)
    assert last_round_after(three, three.initial_state(), (three.threshold, 0, 0)) is True


def test_pc_two_02_reaching_exactly_the_threshold_ends_a_two_player_game():
    """PC-TWO-02: with 2 players, a build that brings the seat's score to the threshold (45)
    ends the game at once; exactly 45 counts, 44 does not. (Mutant: ``scores[p] >=
    game.threshold`` made ``>`` in analysis.build_result survived the mutation run.)"""
    import tabletop_nb
    from tabletop_nb.games.pacal.analysis import build_result
    game = tabletop_nb.load_game("pacal", players=2)

    def build_from(score):
        s = game.position(ships=[(1, 0), (7, 8)], stones={0: [(3, 9), (4, 9)]},
                          pyramids={(5, 5): (1, 2)}, phase="build", scores=[score, 0])
        return build_result(game, s, game.geo.cell((3, 9)), 2)   # the district scores 4

    assert game.threshold == 45
    exactly = build_from(41)
    assert exactly.scores == (45, 0) and exactly.ended == "threshold"
    short = build_from(40)
    assert short.scores == (44, 0) and short.ended == ""


def test_pc_move_01_deadend_01_a_loop_back_to_the_start_is_no_move():
    """PC-MOVE-01, PC-DEADEND-01, PC-TURNING-06 (b): a turning path may loop (``no_reversal``)
    and, with a die of more than 6 pips (``die`` is a rule: faces 1..12), come back to the
    ship's own space as a dead end: (0, 0) with the edge west and north and a ship south,
    left east round the 2x2 block (1..2, 0..1) and entered again from the east after 6
    steps. A move must leave the space, so (0, 0) is never an end, whether as a full-length
    end or as a dead end on the way. (Mutant: the start taken out of the full-length ends
    but not out of the dead ends.)"""
    from tabletop_nb import Die
    g = open_game(2, turning_paths="no_reversal", die=Die([2, 3, 4, 5, 7, "arrows"]))
    s = g.position(ships={0: (0, 0), 1: (0, 1)}, face=7)
    ends = dests(g, s, "turn")
    assert (0, 0) not in ends
    assert (1, 0) in ends   # 7 steps: east, then round the block twice less one step
    # the same ends as the plain search of every path
    start = g.geo.cell((0, 0))
    assert ends == {g.geo.xy[c] for c in g.turning_moves_search(start, 7, g.free_mask(s, 0))}


def test_pc_district_02_a_lone_builder_takes_the_first_place():
    """PC-DISTRICT-02, PC-DISTRICT-05: the public scoring helpers score any seats given,
    also a single one: a lone builder with a 1-story pyramid takes the district's value,
    never the second place's points. (Mutant: the runner-up's default 0 made 1, which then
    matched the lone seat's 1 story.)"""
    from tabletop_nb.games.pacal.analysis import district_points, final_scoring_table
    assert district_points([1], 6, 2) == [6]
    assert final_scoring_table({2: 1}, 6, 2) == {2: 6}
    assert final_scoring_table({0: 1, 1: 0}, 6, 2) == {0: 6, 1: 0}


# -- the survivors of the seed-7 sample at 9d766c4 (benchmarks/results/mutants.jsonl) ------

def test_pc_final_02_a_final_scoring_row_not_of_four_parts_is_refused():
    """PC-FINAL-02, PC-GODSCORE-01: a house rule's final_scoring gives each seat the four
    parts (river, lake, districts, god stones) as a tuple; a row of three (the god stones
    forgotten) or a list is the house rule's mistake, refused naming the four parts, never
    summed as if it were whole. (Mutant: the check of a row's shape deleted.)"""
    import tabletop_nb
    from tabletop_nb import HouseRuleError
    from tabletop_nb.games.pacal import PacalGame

    class NoGodPart(PacalGame):
        def final_scoring(self, s):
            return tuple((r, lk, d) for r, lk, d, g in super().final_scoring(s))

    class Lists(PacalGame):
        def final_scoring(self, s):
            return tuple(list(row) for row in super().final_scoring(s))

    for cls in (NoGodPart, Lists):
        with pytest.raises(HouseRuleError, match=r"not \(river, lake, districts, god stones\)") as err:
            tabletop_nb.play(cls(players=2), "random", seed=1)
        assert err.value.hook == "final_scoring"


def test_pc_two_02_a_two_player_position_has_no_last_round():
    """PC-TWO-02, PC-TWO-03: the 2-player game ends at once at its threshold, so it never
    plays a last round: ``position()`` refuses ``last_round=True`` there (and anything
    but True or False), and takes it with 3 players."""
    g2, g3 = open_game(2), open_game(3)
    with pytest.raises(TabletopError, match="last_round: the 2-player game has no last round"):
        g2.position(ships=parked(2), last_round=True)
    with pytest.raises(TabletopError, match="last_round: True or False, not 1"):
        g3.position(ships=parked(3), last_round=1)
    assert g3.position(ships=parked(3), last_round=True).last_round is True


#: a 2 x 2 island of land (x 0..1) and a 2 x 2 one behind the lake (x 3..4)
ISLAND = ["DD~EE", "DD~EE"]


def test_pc_deadend_03_the_lifted_ships_own_space_is_no_obstacle():
    """PC-DEADEND-01, PC-DEADEND-03, PC-TURNING-06 (RULINGS: the ship's own start is open):
    a ship on the corner (0, 0) of a 2 x 2 island rolls 4. Every turning path goes round the
    island and comes back beside the start, whose other sides are edge and lake: the start
    is open (the ship is lifted), so that space is no dead end, and as a path may not enter
    the start (self-avoiding) or end there (``no_reversal``), no turning move exists. The
    plain search of paths agrees. (Mutants: the start's space taken out of the free spaces
    the search walks, which made the spaces beside it dead ends.)"""
    for reading in ("self_avoiding", "no_reversal"):
        g = game_on(ISLAND, players=2, turning_paths=reading)
        s = g.position(ships={0: (0, 0), 1: (4, 1)}, face=4)
        assert dests(g, s, "turn") == set(), reading
        assert dests(g, s, "straight") == {(1, 0), (0, 1)}
        start, free = s.ships[0], g.free_mask(s, 0)
        assert free >> start & 1   # free_mask counts the ship's own space free
        assert g.turning_moves_search(start, 4, free) == g.turning_moves(start, 4, free) == []
    # one step less and the path ends beside the start, one more and (no_reversal) it
    # passes over the start
    g = game_on(ISLAND, players=2, turning_paths="no_reversal")
    for face in (3, 5):
        s = g.position(ships={0: (0, 0), 1: (4, 1)}, face=face)
        assert dests(g, s, "turn") == {(1, 0), (0, 1)}


def test_pc_takeback_03_the_stones_taken_back_are_counted_only_in_the_drop():
    """PC-TAKEBACK-01, PC-TAKEBACK-03, PC-TAKEBACK-04: a seat with an empty supply takes back
    a visible stone and must drop it this turn; once dropped, nothing is taken back any
    more: the build decision and the next seat's turn count 0 stones taken back (the
    next turn's drops are its own). (Mutant: the next turn started with -1 taken back.)"""
    from tabletop_nb.games.pacal.state import BUILD, MOVE, Move, NoBuild, TakeBack
    g = open_game(3)
    s = g.position(ships=parked(3, s0=(3, 3)), stones={0: [(1, 1), (6, 1)]}, supply={0: 0},
                   face=2)
    s = g.apply(s, Move("turn", (4, 2)))   # a turning move: one stone, own ship only
    assert s.taken == 0 and TakeBack((1, 1)) in g.legal_actions(s)
    s = g.apply(s, TakeBack((1, 1)))
    assert s.taken == 1 and Drop(True, -1) in g.legal_actions(s)
    assert Drop(False, -1) not in g.legal_actions(s)   # a stone taken back must be used
    s = g.apply(s, Drop(True, -1))
    assert s.phase == BUILD and s.taken == 0
    s = g.apply(s, NoBuild())
    assert s.phase == MOVE and s.player == 1 and s.taken == 0


def test_pc_score_03_the_gain_bound_of_the_printed_game_is_each_districts_value():
    """PC-SCORE-03..05, PC-SCORE-08: with the printed district_gain a build scores its
    district's value or nothing, so ``analysis.district_gain_bounds`` is each district's
    value: no gain is above it and a district's first pyramid reaches it (a bound that is
    missing makes the greedy bot ask every move's gain, one that is too low changes its
    moves: test_bots_ask_rules). (Mutant: the bound of the printed game missing.)"""
    import itertools

    import tabletop_nb
    from tabletop_nb.games.pacal import analysis
    g = tabletop_nb.load_game("pacal", players=3)
    bounds = analysis.district_gain_bounds(g)
    assert bounds is not None and len(bounds) == len(g.geo.values)
    for k, bound in enumerate(bounds):
        assert g.district_gain(k, [0, 0, 0], 0, 1) == bound == g.geo.values[k]   # the first pyramid
        for before in itertools.product(range(4), repeat=3):
            for added in (1, 2, 3):
                assert 0 <= g.district_gain(k, list(before), 1, added) <= bound


def test_pc_const_12_an_empty_gap_holds_no_piece_of_any_colour():
    """PC-CONST-12 (c), ``gap_contents="empty"``: a gap of a constellation must be empty:
    another seat's stone, the builder's own stone that is no member, or a pyramid of any
    seat there each refuse the line; the same line with its gaps empty is offered.
    (Mutant: stones left out of what fills a gap.)"""
    g = open_game(3, gap_contents="empty")
    line = [(0, 0), (2, 0), (4, 0)]
    want = Build(3, (0, 0), ((0, 0), (2, 0), (4, 0)))
    s = g.position(ships=parked(3), phase="build", stones={0: line})
    assert want in g.legal_actions(s)
    for table in (dict(stones={0: line, 1: [(1, 0)]}),          # another seat's stone
                  dict(stones={0: line + [(3, 0)]}),             # an own stone, no member
                  dict(stones={0: line}, pyramids={(1, 0): (2, 1)})):
        s = g.position(ships=parked(3), phase="build", **table)
        assert want not in g.legal_actions(s), table


# -- the survivors of the seed-7 sample after those changes -----------------------------

def test_pc_const_01_a_constellation_hooks_bad_pair_is_refused_naming_it():
    """PC-CONST-01, PC-BUILD-02: a house rule's constellation_cells gives (stories, cells)
    pairs with stories >= 1 and cells on the board: a 0-story shape or a space off the
    board is the house rule's mistake, refused naming the pair and what is wrong with it.
    (Mutant: the refusal of a pair whose parts are wrong deleted.)"""
    import tabletop_nb
    from tabletop_nb import HouseRuleError
    from tabletop_nb.games.pacal import PacalGame

    class Flat(PacalGame):
        def constellation_cells(self, s, seat, lowest=1):
            return [(0, c) for h, c in super().constellation_cells(s, seat, lowest)]

    class OffBoard(PacalGame):
        def constellation_cells(self, s, seat, lowest=1):
            return [(h, c + (self.geo.size,)) for h, c in super().constellation_cells(s, seat, lowest)]

    for cls, why in ((Flat, r"holds \(0, \(\d+,\)\): below 1"),
                     (OffBoard, r"holds \(1, \(\d+, \d+\)\): holds \d+, outside 0\.\.\d+")):
        with pytest.raises(HouseRuleError, match=why) as err:
            tabletop_nb.play(cls(players=3), "random", seed=1)
        assert err.value.hook == "constellation_cells"


def test_pc_setup_08_the_ships_are_placed_one_seat_after_another():
    """PC-SETUP-08: from the starting player on, each seat in turn puts its ship on a start
    space; between placements the state keeps one ship entry per seat (-1 for a ship still
    to place) and the board drawn shows the ships placed so far. (Mutant: placing a ship
    also cut the next seat's entry out of the tuple, so the board of a setup state could
    not be drawn.)"""
    import tabletop_nb
    from tabletop_nb.games.pacal import view
    for n in (2, 3, 5):
        g = tabletop_nb.load_game("pacal", players=n)
        s = g.initial_state()
        placed: list[int] = []
        for q in range(n):
            assert g.current_player(s) == q
            a = g.legal_actions(s)[-1]
            s = g.apply(s, a)
            placed.append(g.geo.index[a.at])
            assert s.ships == tuple(placed) + (-1,) * (n - q - 1)
            ships = next(t for t in view.layers(g, s) if t["name"] == "spaceships")
            assert sorted(zip(ships["x"], ships["y"])) == sorted(g.geo.xy[c] for c in placed)


def test_pc_final_02_a_final_scoring_without_one_row_per_seat_is_refused():
    """PC-FINAL-02: a house rule's final_scoring gives one row per seat, as a tuple: a row
    short, or the rows in a list, is refused naming what is expected (never an index error
    further on, nor a list accepted). (Mutant: the two conditions joined by 'and'.)"""
    import tabletop_nb
    from tabletop_nb import HouseRuleError
    from tabletop_nb.games.pacal import PacalGame

    class RowShort(PacalGame):
        def final_scoring(self, s):
            return super().final_scoring(s)[1:]

    class InAList(PacalGame):
        def final_scoring(self, s):
            return list(super().final_scoring(s))

    for cls in (RowShort, InAList):
        with pytest.raises(HouseRuleError, match=r"not a tuple with one entry per seat \(2\)"):
            tabletop_nb.play(cls(players=2), "random", seed=1)


def test_pc_setup_03_a_pyramids_owner_must_be_a_seat():
    """PC-SETUP-03 (each colour's pyramids): ``position()`` refuses a pyramid whose owner is
    no seat of the game (-1, or a seat beyond the players), naming the seat, rather than
    giving it to the last seat or failing on the shape. (Mutant: the owner's check
    deleted.)"""
    g = open_game(3)
    for owner in (-1, 3, True):
        with pytest.raises(TabletopError, match=rf"pyramids: seat {owner!r} is not one of 0\.\.2"):
            g.position(ships=parked(3), pyramids={(1, 1): (owner, 2)})
