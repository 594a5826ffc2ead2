"""Rulebook "End of the Game": the second-to-last pyramid and the score thresholds (PC-END)."""
from __future__ import annotations

from pacal_helpers import open_game, parked
from tabletop_nb.games.pacal.state import DROP, MOVE, OVER, ROLL, Build, Drop, Move, NoBuild

TWO_LEFT = (0, 0, 0, 1, 1)  # two pyramids left: a 4-story and a 5-story


def finish_turn(g, s):
    """Play the current player's turn quietly: first die move, no stone, no build."""
    p = s.player
    while s.phase not in (OVER, ROLL) and s.player == p:
        acts = g.legal_actions(s)
        if s.phase == MOVE:
            a = next(a for a in acts if type(a) is Move)
        elif s.phase == DROP:
            a = Drop(False, -1)
        else:
            a = NoBuild()
        s = g.apply(s, a)
    return s


def test_pc_end_01_03_08_second_to_last_pyramid_ends_at_once_with_bonus():
    """PC-END-01, PC-END-03, PC-END-08: building the second-to-last pyramid (1 left after)
    scores the district (first pyramid: 5) and 5 bonus, ends the game at once (nobody else
    plays) and the final scoring follows (Yellow alone in D: +5 more, gods 12)."""
    g = open_game(3)
    s = g.position(ships=parked(3), phase="build", stones={0: [(1, 1), (1, 2), (1, 3), (1, 4)]},
                   pyr_supply={0: TWO_LEFT})
    s2 = g.apply(s, Build(4, (1, 1), ((1, 1), (1, 2), (1, 3), (1, 4))))
    assert s2.phase == OVER and s2.ended == "bonus"
    assert s2.final[0] == (0, 0, 5, 12)
    assert s2.scores == (5 + 5 + 5 + 12, 12, 12)
    assert g.is_terminal(s2) and g.winners(s2) == (0,)


def test_pc_end_02_upgrade_never_triggers_but_discard_does():
    """PC-END-02: all sizes count together; an upgrade returns the old pyramid to supply so
    the count does not drop (no end); with replaced_pyramid='discard' it does."""
    for rule, ends in (("supply", False), ("discard", True)):
        g = open_game(3, replaced_pyramid=rule)
        s = g.position(ships=parked(3), phase="build", stones={0: [(0, 0), (2, 0)]},
                       pyramids={(1, 0): (0, 2)}, pyr_supply={0: (0, 0, 1, 1, 0)})
        s2 = g.apply(s, Build(3, (1, 0), ((0, 0), (1, 0), (2, 0))))
        assert (s2.phase == OVER) is ends, rule


def test_pc_end_04_threshold_finishes_the_round():
    """PC-END-04, PC-PLAYERS-08: Yellow (roller, first of the round) reaches 40 with 3
    players: Violet and Green still play with the same die, then the game ends; no bonus."""
    g = open_game(3)
    s = g.position(ships=parked(3), phase="build", stones={0: [(1, 1)]}, scores=(36, 0, 0), face=2)
    s2 = g.apply(s, Build(1, (1, 1), ((1, 1),)))
    assert s2.scores[0] == 41 and s2.last_round and s2.phase == MOVE and s2.player == 1
    assert s2.face == 2
    s3 = finish_turn(g, s2)
    assert s3.player == 2 and s3.phase == MOVE
    s4 = finish_turn(g, s3)
    assert s4.phase == OVER and s4.ended == "round"
    assert s4.scores[0] == 41 + sum(s4.final[0])


def test_pc_end_04_thresholds_by_player_count():
    """PC-END-04, PC-PLAYERS-08: 40 / 35 / 30 for 3 / 4 / 5 players."""
    assert [open_game(n).rules.threshold for n in (3, 4, 5)] == [40, 35, 30]
    g = open_game(5)
    s = g.position(ships=parked(5), phase="build", stones={0: [(1, 1)]}, scores=(25, 0, 0, 0, 0))
    assert g.apply(s, Build(1, (1, 1), ((1, 1),))).last_round


def test_pc_end_05_bonus_in_the_finishing_round_ends_at_once():
    """PC-END-05: in the finishing round Violet builds his second-to-last pyramid: +5 and
    the game ends before Green plays."""
    g = open_game(3)
    s = g.position(ships=parked(3), phase="build", player=1, roller=0, stones={1: [(1, 1)]},
                   scores=(41, 0, 0), last_round=True, pyr_supply={1: (1, 0, 0, 0, 1)})
    s2 = g.apply(s, Build(1, (1, 1), ((1, 1),)))
    assert s2.phase == OVER and s2.ended == "bonus" and s2.scores[1] >= 10


def test_pc_end_06_threshold_again_changes_nothing():
    """PC-END-06: a second player passing the threshold in the last round does not extend it."""
    g = open_game(3)
    s = g.position(ships=parked(3), phase="build", player=1, roller=0, stones={1: [(1, 1)]},
                   scores=(41, 38, 0), last_round=True)
    s2 = g.apply(s, Build(1, (1, 1), ((1, 1),)))
    assert s2.scores[1] == 43 and s2.player == 2
    s3 = finish_turn(g, s2)
    assert s3.phase == OVER and s3.ended == "round"


def test_pc_end_07_bonus_starts_no_finishing_round():
    """PC-END-07: the bonus ends the game directly (no finishing round), and final-scoring
    points never re-open play."""
    g = open_game(3)
    s = g.position(ships=parked(3), phase="build", stones={0: [(1, 1)]}, scores=(38, 0, 0),
                   pyr_supply={0: (1, 0, 0, 0, 1)})
    s2 = g.apply(s, Build(1, (1, 1), ((1, 1),)))
    assert s2.ended == "bonus" and s2.phase == OVER
    assert g.legal_actions(s2) == []


def test_pc_end_08_final_scoring_after_a_threshold_end_too():
    """PC-END-08: the round end is followed by the final scoring (breakdown stored)."""
    g = open_game(3)
    s = g.position(ships=parked(3), phase="build", player=2, roller=0, stones={2: [(1, 1)]},
                   scores=(41, 0, 0), last_round=True)
    s2 = g.apply(s, Build(1, (1, 1), ((1, 1),)))
    assert s2.phase == OVER and len(s2.final) == 3 and s2.final[2][2] == 5


def test_pc_end_07_bonus_end_says_so_and_starts_no_last_round():
    """PC-END-07: a bonus end past the threshold is reported as the end, not as a last round."""
    g = open_game(3)
    s = g.position(ships=parked(3), phase="build", stones={0: [(1, 1)]}, scores=(38, 0, 0),
                   pyr_supply={0: (1, 0, 0, 0, 1)})
    s2 = g.apply(s, Build(1, (1, 1), ((1, 1),)))
    assert not s2.last_round
    assert not any("round is the last" in e for e in g.events(s2))
    assert any("second-to-last" in e for e in g.events(s2))
