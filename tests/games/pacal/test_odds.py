"""Exact odds (odds.py) checked by hand and against simulation through the engine."""
from __future__ import annotations

from fractions import Fraction
import math

import numpy as np

import tabletop_nb
from pacal_helpers import open_game, parked
from tabletop_nb.games.pacal.odds import constellation_odds, face_reach, reach_grid, reach_odds
from tabletop_nb.games.pacal.state import Drop, Move, Roll


def test_reach_odds_by_hand_on_the_open_board():
    """PC-STRAIGHT-02, PC-TURNING-02, PC-ARROWS-01: on the open 8x8 board from (3,3): (3,1)
    (2 north) is reached by pips 2 (straight or turning), 4 (turning) and arrows: 1/2."""
    g = open_game(3)
    s = g.position(ships=parked(3, s0=(3, 3)), phase="roll")
    odds = reach_odds(g, s, 0)
    assert odds[(3, 1)] == Fraction(1, 2)
    assert odds[(4, 3)] == Fraction(2, 3)  # 1 step: pips 3, 5 turning, arrows
    assert (3, 3) not in odds
    assert all(0 < p <= 1 for p in odds.values())
    assert reach_grid(g, s, 0)[1][3] == 0.5


def test_reach_odds_with_god_stone_reaches_every_free_space():
    """PC-GOD-01: counting the god stone, every free space is reached with certainty."""
    g = open_game(3)
    s = g.position(ships=parked(3, s0=(3, 3)), phase="roll")
    odds = reach_odds(g, s, 0, god=True)
    assert len(odds) == 64 - 3 and set(odds.values()) == {Fraction(1)}


def test_reach_odds_match_simulation_through_the_engine():
    """The exact reach odds agree with 3000 sampled rolls played through the engine's own
    chance node and legal moves (within 4 standard errors on every space)."""
    g = tabletop_nb.load_game("pacal", players=3)
    s = g.position(ships={0: (4, 9), 1: (6, 6), 2: (9, 8)}, phase="roll", roller=0,
                   pyramids={(4, 7): (1, 3), (2, 9): (2, 2)})
    exact = reach_odds(g, s, 0)
    n = 3000
    counts: dict = {}
    rng = np.random.default_rng(5)
    # each reachable space counts once per roll (straight and turning may both reach it)
    for _ in range(n):
        s2 = g.apply(s, g.sample_chance(s, rng))
        for to in {a.to for a in g.legal_actions(s2) if type(a) is Move}:
            counts[to] = counts.get(to, 0) + 1
    assert set(counts) == set(exact)
    for cell, p in exact.items():
        se = math.sqrt(float(p) * (1 - float(p)) / n) + 1e-9
        assert abs(counts[cell] / n - float(p)) < 4 * se + 1e-3, cell


def test_face_reach_is_the_engine_move_list():
    """face_reach for the rolled face equals the destinations the engine offers."""
    g = tabletop_nb.load_game("pacal", players=4)
    s = g.position(ships={0: (4, 9), 1: (6, 6), 2: (9, 8), 3: (2, 2)}, phase="roll")
    fr = face_reach(g, s, 0)
    for face in g.rules.die.outcomes:
        s2 = g.apply(s, Roll(face))
        assert fr[face] == {a.to for a in g.legal_actions(s2) if type(a) is Move}


def test_constellation_odds_exact_and_simulated():
    """A line of three missing its middle (4,5) from a ship at (4,3): exact chance = the
    chance the roll reaches (4,5); checked by simulating rolls and asking whether a move
    ends there, then that after moving, dropping and the next turn the 3-story is offered."""
    g = open_game(3)
    s = g.position(ships=parked(3, s0=(4, 3)), phase="roll", stones={0: [(3, 5), (5, 5)]})
    members = [(3, 5), (4, 5), (5, 5)]
    p = constellation_odds(g, s, 0, members)
    assert p == reach_odds(g, s, 0)[(4, 5)] == Fraction(1, 2)
    rng = np.random.default_rng(9)
    hits = 0
    n = 2000
    for _ in range(n):
        s2 = g.apply(s, g.sample_chance(s, rng))
        hits += any(type(a) is Move and a.to == (4, 5) for a in g.legal_actions(s2))
    assert abs(hits / n - 0.5) < 4 * math.sqrt(0.25 / n)
    # and the plan works: move there, drop, next turn (ship leaves) the line is buildable
    s2 = g.apply(s, Roll(2))
    s3 = g.apply(s2, Move("straight", (4, 5)))
    s4 = g.apply(s3, Drop(True, -1))
    nxt = g.position(ships=parked(3, s0=(4, 7)), phase="build",
                     stones={0: [g.geo.xy[c] for c in range(g.geo.size) if s4.stones[0] >> c & 1]})
    assert any(getattr(a, "members", None) == tuple(members) for a in g.legal_actions(nxt))


def test_constellation_odds_edge_cases():
    """Complete now -> 1; two missing or a bad shape -> 0; a stone under another ship is
    not counted."""
    g = open_game(3)
    s = g.position(ships=parked(3, s0=(0, 0)), phase="roll",
                   stones={0: [(3, 5), (4, 5), (5, 5), (7, 7)]})
    assert constellation_odds(g, s, 0, [(3, 5), (4, 5), (5, 5)]) == 1
    assert constellation_odds(g, s, 0, [(3, 5), (4, 4), (5, 3), (6, 2)]) == 0
    assert constellation_odds(g, s, 0, [(3, 5), (5, 5)]) == 0
    assert constellation_odds(g, s, 0, [(5, 7), (6, 7), (7, 7)]) == 0  # (7,7) under a ship
