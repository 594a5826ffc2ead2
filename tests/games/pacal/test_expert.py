"""Rulebook "The Game for Experts": own pyramids only to be upgraded (PC-EXPERT, PC-OWNPYR-05)."""
from __future__ import annotations

import pytest

from pacal_helpers import open_game, parked
from tabletop_nb import IllegalActionError
from tabletop_nb.games.pacal.state import Build


def test_pc_expert_01_pc_ownpyr_05_no_new_pyramid_with_an_own_pyramid():
    """PC-EXPERT-01, PC-OWNPYR-05: WE-4 in the expert game: the 4-line with the 2-story may
    not build a new pyramid on a stone space."""
    g = open_game(4, expert=True)
    members = ((1, 5), (2, 5), (3, 5), (4, 5))
    s = g.position(ships=parked(4), phase="build", player=2, roller=0,
                   stones={2: [(1, 5), (2, 5), (4, 5)]}, pyramids={(3, 5): (2, 2)})
    with pytest.raises(IllegalActionError):
        g.apply(s, Build(4, (1, 5), members))
    assert Build(4, (1, 5), members) in open_game(4).position(
        ships=parked(4), phase="build", player=2, roller=0,
        stones={2: [(1, 5), (2, 5), (4, 5)]}, pyramids={(3, 5): (2, 2)}).options


def test_pc_expert_02_04_one_own_pyramid_must_be_the_upgraded_one():
    """PC-EXPERT-02, PC-EXPERT-04: WE-5 in the expert game: with one own pyramid in the
    constellation the only builds are upgrades of that pyramid."""
    g = open_game(4, expert=True)
    A, B, C, D = (1, 3), (2, 3), (3, 3), (4, 3)
    s = g.position(ships=parked(4), phase="build", player=2, roller=0,
                   stones={2: [A, B, D]}, pyramids={C: (2, 2)})
    with_c = [a for a in s.options if type(a) is Build and C in a.members]
    assert with_c and all(a.at == C for a in with_c)
    s2 = g.apply(s, Build(4, C, (A, B, C, D)))
    assert s2.pyramids[g.geo.cell(C)] == 2 * 8 + 4


def test_pc_expert_03_two_own_pyramids_refused():
    """PC-EXPERT-03: a constellation holding two own pyramids is refused in the expert game
    (and allowed in the normal game)."""
    members = ((0, 0), (1, 0), (2, 0))
    kw = dict(ships=parked(3), phase="build", stones={0: [(0, 0)]},
              pyramids={(1, 0): (0, 1), (2, 0): (0, 2)})
    g = open_game(3, expert=True)
    assert not any(type(a) is Build and a.members == members for a in g.position(**kw).options)
    g2 = open_game(3)
    assert any(type(a) is Build and a.members == members for a in g2.position(**kw).options)
