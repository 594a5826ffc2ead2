"""Rulebook "Course of Play": the shared die, who rolls, turn order and the four steps of a
turn (PC-DIE) with the worked example WE-1."""
from __future__ import annotations

from fractions import Fraction

from pacal_helpers import game_on, open_game, parked
from tabletop_nb import CHANCE
from tabletop_nb.games.pacal.state import (BUILD, DROP, MOVE, OVER, ROLL, SETUP, Drop,
                                           Move, NoBuild, Roll)

ROWS = ["DDDDDDD"] * 2 + ["DDSSSDD"] * 3 + ["DDDDDDD"] * 2


def drive(g, s, turns, face=2, record=None):
    """Play ``turns`` quiet turns (first move, no stone, no build); log (roller, player)."""
    log = []
    done = 0
    while done < turns and s.phase != OVER:
        if s.phase == ROLL:
            s = g.apply(s, Roll(face))
            continue
        if s.phase == SETUP:
            s = g.apply(s, g.legal_actions(s)[0])
            continue
        if s.phase == MOVE:
            log.append((s.roller, s.player))
            acts = g.legal_actions(s)
            moves = [a for a in acts if type(a) is Move]
            a = moves[0] if moves else acts[0]
        elif s.phase == DROP:
            a = Drop(False, -1)
        elif s.phase == BUILD:
            a = NoBuild()
        else:
            a = g.legal_actions(s)[0]
        before = s.turn
        s = g.apply(s, a)
        done += s.turn - before
    return s, log


def test_we_1_round_order_a_b_c_then_b_c_a_then_c_a_b():
    """WE-1, PC-DIE-02, PC-DIE-03, PC-DIE-04, PC-SETUP-07: three players A, B, C: round 1 A
    rolls, turns A B C; round 2 B rolls, B C A; round 3 C rolls, C A B; round 4 A again.
    A, who started round 1, is last in round 2."""
    g = game_on(ROWS, players=3, holy="S")
    s, log = drive(g, g.initial_state(), 12)
    players = [p for _, p in log]
    rollers = [r for r, _ in log]
    assert players == [0, 1, 2, 1, 2, 0, 2, 0, 1, 0, 1, 2]
    assert rollers == [0] * 3 + [1] * 3 + [2] * 3 + [0] * 3


def test_pc_die_05_turns_do_not_alternate():
    """PC-DIE-05: with 3 players turns 6 and 8 (1-based) are both A's while B does not move
    from turn 4 to turn 9."""
    g = game_on(ROWS, players=3, holy="S")
    _, log = drive(g, g.initial_state(), 9)
    players = [p for _, p in log]
    assert players[5] == 0 and players[7] == 0
    assert 1 not in players[4:8] and players[3] == 1 and players[8] == 1


def test_pc_die_01_02_one_roll_per_round_any_face():
    """PC-DIE-01, PC-DIE-02: the die's faces are the chance outcomes (exact, summing to 1);
    one roll per round serves all turns of the round; an injected face is accepted."""
    g = game_on(ROWS, players=3, holy="S")
    s = g.initial_state()
    while s.phase == SETUP:
        s = g.apply(s, g.legal_actions(s)[0])
    assert g.current_player(s) == CHANCE
    outs = g.chance_outcomes(s)
    assert sum(p for _, p in outs) == 1
    assert dict((a.face, p) for a, p in outs) == dict(g.rules.die.pmf)
    assert dict(outs)[Roll("arrows")] == Fraction(1, 6)
    s = g.apply(s, Roll(4))
    faces = []
    chance_nodes = 0
    for _ in range(30):
        if s.phase == ROLL:
            chance_nodes += 1
            break
        if s.phase == MOVE:
            faces.append(s.face)
        s, _ = drive(g, s, 1)
    assert faces == [4, 4, 4] and chance_nodes == 1


def test_pc_die_06_four_steps_in_order():
    """PC-DIE-06: move (mandatory), drop (optional), build (optional), collect points."""
    g = open_game(3)
    s = g.position(ships=parked(3, s0=(3, 3)), face=2, stones={0: [(3, 3)]})
    assert s.phase == MOVE and not any(type(a) is NoBuild for a in g.legal_actions(s))
    s = g.apply(s, Move("straight", (5, 3)))
    assert s.phase == DROP
    s = g.apply(s, Drop(True, 1))
    assert s.phase == BUILD
    s = g.apply(s, g.legal_actions(s)[1])
    assert s.scores[0] == 5 and s.player == 1 and s.phase == MOVE


def test_pc_die_07_boxed_in_turns_count_round_is_n_turns():
    """PC-DIE-07: a god-stone or forced-placement turn is that player's turn: the round is
    still exactly N turns and the die passes after them."""
    g = open_game(3)
    pyr = {(1, 0): (1, 1), (0, 1): (1, 2)}
    s = g.position(ships=parked(3, s0=(0, 0)), face=3, pyramids=pyr, gods={0: ()})
    s = g.apply(s, g.legal_actions(s)[0])  # forced free placement
    assert s.player == 1 and s.phase == MOVE
    s, _ = drive(g, s, 2)
    assert s.phase == ROLL and s.roller == 1
