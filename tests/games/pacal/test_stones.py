"""Rulebook "2. Drop in energy stone(s)": drops, one stone per colour per space, taking back
(PC-DROP, PC-CONFLICT, PC-TAKEBACK)."""
from __future__ import annotations

import pytest

from pacal_helpers import open_game, parked, stones_of
from tabletop_nb import IllegalActionError
from tabletop_nb.games.pacal import invariants
from tabletop_nb.games.pacal.state import DROP, MOVE, Drop, Move, TakeBack


def at_drop(g, allowance=2, **kw):
    kw.setdefault("ships", parked(g.num_players, s0=(3, 3)))
    return g.position(phase="drop", allowance=allowance, **kw)


def test_pc_drop_01_05_06_own_and_opponent_stone_of_own_colour():
    """PC-DROP-01, PC-DROP-05, PC-DROP-06: a 2-stone drop puts one stone of the player's own
    colour under his ship and one (also his colour) under any opponent's ship, anywhere;
    the stones lie hidden on those spaces."""
    g = open_game(3)
    s = at_drop(g)
    s2 = g.apply(s, Drop(True, 2))
    assert stones_of(g, s2, 0) == {(3, 3), (7, 5)}
    assert s2.supply[0] == s.supply[0] - 2 and s2.stones[2] == 0
    assert not g.visible_stones(s2, 0)  # both hidden under ships
    assert not invariants(g, s2)


def test_pc_drop_02_07_one_stone_own_ship_never_two_in_one_ship():
    """PC-DROP-02, PC-DROP-07: the 1-stone allowance only offers the own ship; the 2-stone
    allowance never offers two stones into the same ship."""
    g = open_game(3)
    assert g.legal_actions(at_drop(g, 1)) == [Drop(False, -1), Drop(True, -1)]
    two = g.legal_actions(at_drop(g, 2))
    assert set(two) == {Drop(o, t) for o in (False, True) for t in (-1, 1, 2)}


def test_pc_drop_04_each_drop_optional():
    """PC-DROP-04: dropping is optional; each of the two drops independently."""
    g = open_game(3)
    acts = g.legal_actions(at_drop(g, 2))
    assert Drop(False, -1) in acts and Drop(True, -1) in acts and Drop(False, 1) in acts
    s2 = g.apply(at_drop(g, 2), Drop(False, -1))
    assert s2.stones[0] == 0


def test_pc_drop_08_not_more_than_the_supply():
    """PC-DROP-08: with one stone left the player cannot drop two."""
    g = open_game(3)
    s = at_drop(g, 2, supply={0: 1})
    acts = g.legal_actions(s)
    assert Drop(True, 1) not in acts and Drop(True, -1) in acts and Drop(False, 2) in acts


def test_pc_conflict_01_02_03_04_two_of_one_colour_both_go_back():
    """PC-CONFLICT-01..04: a stone dropped onto a space that already has a stone of the same
    colour sends both back to supply (usable later); other colours stay."""
    g = open_game(3)
    s = at_drop(g, 2, stones={0: [(3, 3), (7, 6)], 1: [(3, 3)]})
    s2 = g.apply(s, Drop(True, 1))
    assert stones_of(g, s2, 0) == set()  # both pairs cleared
    assert s2.supply[0] == s.supply[0] + 2
    assert stones_of(g, s2, 1) == {(3, 3)}
    assert not invariants(g, s2)


def test_pc_conflict_05_resolved_at_the_drop():
    """PC-CONFLICT-05: the conflict is resolved at the drop: the returned stones can be
    dropped again in the next turn (they are in supply at once)."""
    g = open_game(3)
    s = at_drop(g, 1, stones={0: [(3, 3)]}, supply={0: 1})
    s2 = g.apply(s, Drop(True, -1))
    assert s2.supply[0] == 2 and s2.stones[0] == 0


def test_pc_takeback_01_02_03_04_empty_supply_take_back_visible_and_reuse():
    """PC-TAKEBACK-01..04: with no stone in supply the player may take back own visible
    stones (not those under a ship), at most as many as he may drop, and must drop them
    at once."""
    g = open_game(3)
    s = at_drop(g, 2, stones={0: [(0, 0), (1, 1), (7, 6)]}, supply={0: 0})
    acts = g.legal_actions(s)
    takes = {a.at for a in acts if type(a) is TakeBack}
    assert takes == {(0, 0), (1, 1)}  # (7,6) is under seat 1's ship
    assert [a for a in acts if type(a) is Drop] == [Drop(False, -1)]
    s2 = g.apply(s, TakeBack((0, 0)))
    acts2 = g.legal_actions(s2)
    assert Drop(False, -1) not in acts2  # must reuse it
    assert Drop(True, -1) in acts2 and Drop(False, 1) in acts2 and Drop(True, 1) not in acts2
    assert TakeBack((1, 1)) in acts2
    s3 = g.apply(s2, TakeBack((1, 1)))
    assert [a for a in g.legal_actions(s3) if type(a) is Drop] == [Drop(True, 1), Drop(True, 2)]
    assert not any(type(a) is TakeBack for a in g.legal_actions(s3))
    s4 = g.apply(s3, Drop(True, 2))
    assert stones_of(g, s4, 0) == {(3, 3), (7, 5), (7, 6)}
    assert s4.supply[0] == 0


def test_pc_takeback_01_not_while_stones_are_left():
    """PC-TAKEBACK-01: with stones in supply no take-back is offered."""
    g = open_game(3)
    s = at_drop(g, 2, stones={0: [(0, 0)]}, supply={0: 1})
    assert not any(type(a) is TakeBack for a in g.legal_actions(s))


def test_pc_takeback_04_one_stone_allowance_takes_one():
    """PC-TAKEBACK-04: after a turning move (1 stone) only one stone may be taken back."""
    g = open_game(3)
    s = at_drop(g, 1, stones={0: [(0, 0), (1, 1)]}, supply={0: 0})
    s2 = g.apply(s, TakeBack((1, 1)))
    assert g.legal_actions(s2) == [Drop(True, -1)]


def test_pc_drop_skipped_when_nothing_to_drop_turn_goes_on():
    """PC-DROP-08, PC-DIE-06: with an empty supply and no visible stone to take back the
    drop step has no choice and is skipped; with no constellation the build step too."""
    g = open_game(3)
    s = g.position(ships=parked(3, s0=(3, 3)), face=2, supply={0: 0}, stones={0: [(7, 6)]})
    s2 = g.apply(s, Move("straight", (5, 3)))
    assert s2.phase == MOVE and s2.player == 1 and s2.face == 2


def test_pc_drop_skipped_but_takeback_offered_for_the_revealed_stone():
    """PC-TAKEBACK-02, PC-MOVE-01: the stone left on the space the ship moved from is
    visible at once and may be taken back."""
    g = open_game(3)
    s = g.position(ships=parked(3, s0=(3, 3)), face=2, supply={0: 0}, stones={0: [(3, 3)]})
    s2 = g.apply(s, Move("straight", (5, 3)))
    assert s2.phase == DROP and g.legal_actions(s2) == [Drop(False, -1), TakeBack((3, 3))]


def test_illegal_drop_is_refused():
    """PC-DROP-07: dropping into the own ship twice is no action at all."""
    g = open_game(3)
    s = at_drop(g, 2)
    with pytest.raises(IllegalActionError):
        g.apply(s, Drop(True, 0))
