"""Rulebook "4. Collect points": first pyramid of a district and taking over the majority
(PC-SCORE). Board "AABB": district A (value 3) on the left, B (value 6) on the right."""
from __future__ import annotations

import pytest

from pacal_helpers import game_on, open_game, parked
from tabletop_nb.games.pacal.state import Build, NoBuild

ROWS = ["AAAABBBB"] * 8
VALUES = {"A": 3, "B": 6}
SHIPS = {0: (0, 7), 1: (1, 7), 2: (2, 7)}


def game(**kw):
    return game_on(ROWS, players=3, values=VALUES, holy="A", **kw)


def build_one(g, at, pyramids=None, player=0, scores=None):
    s = g.position(ships=SHIPS, phase="build", player=player, stones={player: [at]},
                   pyramids=pyramids, scores=scores)
    return s, g.apply(s, Build(1, at, (at,)))


def test_pc_score_01_03_08_first_pyramid_scores_its_district_once():
    """PC-SCORE-01, PC-SCORE-03, PC-SCORE-08: the first pyramid in B scores B's value (6)
    once, whatever stands in A."""
    g = game()
    _, s2 = build_one(g, (5, 0), pyramids={(0, 0): (1, 3)})
    assert s2.scores == (6, 0, 0)


def test_pc_score_02_strength_is_the_sum_of_stories():
    """PC-SCORE-02: a player's strength in a district is the sum of his pyramids' stories."""
    g = game()
    s = g.position(ships=SHIPS, pyramids={(4, 0): (0, 2), (5, 5): (0, 3), (6, 1): (1, 4), (0, 0): (0, 5)})
    assert g.strengths(s, g.geo.district_ids["B"]) == [5, 4, 0]
    assert g.strengths(s, g.geo.district_ids["A"]) == [5, 0, 0]


def test_pc_score_04_taking_over_the_majority():
    """PC-SCORE-04: Violet 2 in B; Yellow 2 there builds a 1-story: 3 > 2 -> +6."""
    g = game()
    _, s2 = build_one(g, (5, 0), pyramids={(4, 4): (1, 2), (6, 6): (0, 2)})
    assert s2.scores == (6, 0, 0)


def test_pc_score_05_already_sole_majority_scores_nothing():
    """PC-SCORE-05: Yellow 3 vs Violet 2 in B: another Yellow pyramid scores nothing."""
    g = game()
    _, s2 = build_one(g, (5, 0), pyramids={(4, 4): (1, 2), (6, 6): (0, 3)})
    assert s2.scores == (0, 0, 0)


def test_pc_score_06_shared_majority_to_sole_scores():
    """PC-SCORE-06: Yellow 2 and Violet 2 share B; Yellow builds and leads alone: +6."""
    g = game()
    _, s2 = build_one(g, (5, 0), pyramids={(4, 4): (1, 2), (6, 6): (0, 2)})
    assert s2.scores[0] == 6


@pytest.mark.parametrize("tie_scores", [False, True])
def test_pc_score_06_shared_majority_to_sole_scores_under_both_readings(tie_scores):
    """PC-SCORE-06, PC-SCORE-07: from a shared majority (3-3) to the sole one (4-3) pays the
    district's value whether or not catching up to a tie also pays (tie_scores)."""
    pyr = {(4, 4): (1, 3), (6, 6): (0, 3)}
    _, s2 = build_one(game(tie_scores=tie_scores), (5, 0), pyramids=pyr)
    assert s2.scores[0] == 6


@pytest.mark.parametrize("tie_scores", [False, True])
def test_pc_score_05_sole_leader_scores_nothing_under_both_readings(tie_scores):
    """PC-SCORE-05, PC-SCORE-07: a sole leader (3-2) who builds again scores nothing, whichever
    reading of ties is in force."""
    _, s2 = build_one(game(tie_scores=tie_scores), (5, 0), pyramids={(4, 4): (1, 2), (6, 6): (0, 3)})
    assert s2.scores == (0, 0, 0)


def test_pc_score_07_catching_up_to_a_tie_scores_nothing_unless_switched():
    """PC-SCORE-07: Violet 3, Yellow 2; Yellow's 1-story makes 3 = 3: no points by default;
    tie_scores=True pays the value."""
    pyr = {(4, 4): (1, 3), (6, 6): (0, 2)}
    _, s2 = build_one(game(), (5, 0), pyramids=pyr)
    assert s2.scores[0] == 0
    _, s3 = build_one(game(tie_scores=True), (5, 0), pyramids=pyr)
    assert s3.scores[0] == 6


def test_pc_score_04_not_enough_to_take_over():
    """PC-SCORE-04: Violet 4, Yellow 2 + new 1 = 3: no takeover, no points."""
    _, s2 = build_one(game(), (5, 0), pyramids={(4, 4): (1, 4), (6, 6): (0, 2)})
    assert s2.scores == (0, 0, 0)


def test_pc_score_09_river_and_lake_not_scored_in_play():
    """PC-SCORE-09: a pyramid on a river/lake space scores only its district during play."""
    g = game(river=[(5, 0)], lakeside=[(5, 0)])
    _, s2 = build_one(g, (5, 0))
    assert s2.scores == (6, 0, 0)


def test_pc_score_10_points_at_once_and_threshold_checked():
    """PC-SCORE-10, PC-END-04: the points move the marker at once and reaching 40 (3 players)
    makes the current round the last."""
    g = game()
    s, s2 = build_one(g, (5, 0), scores=(35, 0, 0))
    assert s2.scores[0] == 41 and s2.last_round
    _, s3 = build_one(g, (5, 0), scores=(30, 0, 0))
    assert s3.scores[0] == 36 and not s3.last_round


def test_pc_score_01_no_build_no_points():
    """PC-SCORE-01: a turn without a build scores nothing."""
    g = game()
    s = g.position(ships=SHIPS, phase="build", stones={0: [(5, 0)]})
    assert g.apply(s, NoBuild()).scores == (0, 0, 0)


def test_pc_score_11_covered_districts_hold_nothing_and_never_count():
    """PC-SCORE-11, PC-PLAYERS-06: a covered district's spaces are not playable, and it is
    not scored at the end; the others are."""
    rows = ["AAAABBBB"] * 4
    g = game_on(rows, players=3, values=VALUES, holy="A", covers={"3": ["B"]},
                cover_use={2: [], 3: ["3"], 4: [], 5: []})
    assert g.geo.district_ids["B"] not in g.geo.live_districts
    assert not g.geo.playable >> g.geo.cell((5, 0)) & 1
    g4 = game_on(rows, players=4, values=VALUES, holy="A", covers={"3": ["B"]},
                 cover_use={2: [], 3: ["3"], 4: [], 5: []})
    assert g4.geo.district_ids["B"] in g4.geo.live_districts


def test_pc_score_first_pyramid_in_open_fixture_worth_five():
    """PC-SCORE-03: on the checklist's open 8x8 fixture (district D, value 5)."""
    g = open_game(3)
    s = g.position(ships=parked(3), phase="build", stones={0: [(2, 2)]})
    assert g.apply(s, Build(1, (2, 2), ((2, 2),))).scores == (5, 0, 0)
