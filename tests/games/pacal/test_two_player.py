"""Rulebook "The Game for 2 Players": own rolls, 45 points, the rest as usual (PC-TWO)."""
from __future__ import annotations

import tabletop_nb
from pacal_helpers import open_game, parked
from tabletop_nb import CHANCE
from tabletop_nb.games.pacal.engine import place_points
from tabletop_nb.games.pacal.state import MOVE, OVER, ROLL, Build, Drop, Move, NoBuild, Roll


def test_pc_two_01_covers_and_alternate_own_rolls():
    """PC-TWO-01, PC-PLAYERS-05: covers "2" and "2/3"; each player rolls for his own turn,
    alternately: a chance node before every turn."""
    g = tabletop_nb.load_game("pacal", players=2)
    assert g.geo.covered_mask and g.rules.board.covered_letters(2) >= g.rules.board.covered_letters(3)
    s = g.initial_state()
    s = g.apply(s, g.legal_actions(s)[0])
    s = g.apply(s, g.legal_actions(s)[0])
    seen = []
    for _ in range(4):
        assert g.current_player(s) == CHANCE
        s = g.apply(s, Roll(3))
        assert s.phase == MOVE
        seen.append((s.player, s.face))
        while s.phase != ROLL:
            acts = g.legal_actions(s)
            moves = [a for a in acts if type(a) is Move]
            s = g.apply(s, moves[0] if s.phase == MOVE else
                        (Drop(False, -1) if Drop(False, -1) in acts else NoBuild()))
    assert [p for p, _ in seen] == [0, 1, 0, 1]


def test_pc_two_02_03_forty_five_ends_at_once_forty_does_not():
    """PC-TWO-02, PC-TWO-03: reaching 45 ends the game at once (no finishing turn); 40 (the
    3-player threshold) does not end a 2-player game."""
    g = open_game(2)
    s = g.position(ships=parked(2), phase="build", stones={0: [(1, 1)]}, scores=(41, 0))
    s2 = g.apply(s, Build(1, (1, 1), ((1, 1),)))
    assert s2.phase == OVER and s2.ended == "threshold"
    s3 = g.position(ships=parked(2), phase="build", stones={0: [(1, 1)]}, scores=(36, 0))
    s4 = g.apply(s3, Build(1, (1, 1), ((1, 1),)))
    assert s4.scores[0] == 41 and s4.phase == ROLL and s4.player == 1 and not s4.last_round


def test_pc_two_04_bonus_end_applies_and_switch():
    """PC-TWO-04: the second-to-last pyramid also ends a 2-player game with 5 bonus and a
    final scoring; two_player_bonus_end=False turns that off."""
    g = open_game(2)
    s = g.position(ships=parked(2), phase="build", stones={0: [(1, 1)]},
                   pyr_supply={0: (1, 0, 0, 0, 1)})
    s2 = g.apply(s, Build(1, (1, 1), ((1, 1),)))
    assert s2.phase == OVER and s2.ended == "bonus" and s2.final
    g2 = open_game(2, two_player_bonus_end=False)
    s3 = g2.position(ships=parked(2), phase="build", stones={0: [(1, 1)]},
                     pyr_supply={0: (1, 0, 0, 0, 1)})
    assert g2.apply(s3, Build(1, (1, 1), ((1, 1),))).phase == ROLL


def test_pc_two_04_other_reading_ends_at_the_last_pyramid():
    """PC-TWO-04 (b) (two_player_bonus_end=False, RULINGS.md): the game goes on past the
    second-to-last pyramid and ends, with no bonus and a final scoring, when a player builds
    his last one (without this end, random play ran on for ever in 5 of 6 games)."""
    g2 = open_game(2, two_player_bonus_end=False)
    s = g2.position(ships=parked(2), phase="build", stones={0: [(1, 1)]},
                    pyr_supply={0: (1, 0, 0, 0, 0)}, scores=(10, 12))
    s2 = g2.apply(s, Build(1, (1, 1), ((1, 1),)))
    assert s2.phase == OVER and s2.ended == "built out" and s2.final
    assert "Yellow built the last pyramid and the game ends" in g2.events(s2)
    gain = next(e[5] for e in s2.events if e[0] == "build")
    assert not any(e[0] == "bonus" for e in s2.events)  # no bonus: in-play points + final only
    assert s2.scores == (10 + gain + sum(s2.final[0]), 12 + sum(s2.final[1]))
    # the other player still has pyramids: the end does not wait for him
    assert sum(s2.pyr_supply[1]) > 0


def test_pc_two_04_other_reading_ends_a_stalled_game():
    """PC-TWO-04 (b): a game in which nothing is built for 500 turns in a row (the number
    RULINGS.md gives) ends (with a final scoring); a build starts the count again; the default
    reading keeps no count. The 500 is written here, not read from the engine, so a wrong
    count fails (a mutant made it 501)."""
    from tabletop_nb.games.pacal.state import evolve
    STALL_TURNS = 500
    g2 = open_game(2, two_player_bonus_end=False)
    s = g2.position(ships=parked(2), phase="build", stones={0: [(1, 1)]})
    assert g2.apply(s, NoBuild()).idle == 1
    assert g2.apply(s, Build(1, (1, 1), ((1, 1),))).idle == 0
    late = evolve(s, idle=STALL_TURNS - 2)
    s2 = g2.apply(late, NoBuild())
    assert s2.phase == ROLL and s2.idle == STALL_TURNS - 1
    s3 = g2.apply(evolve(s, idle=STALL_TURNS - 1), NoBuild())
    assert s3.phase == OVER and s3.ended == "stalled" and s3.final
    assert f"no pyramid was built in {STALL_TURNS} turns: the game ends" in g2.events(s3)
    g = open_game(2)
    s = g.position(ships=parked(2), phase="build", stones={0: [(1, 1)]})
    assert g.apply(evolve(s, idle=STALL_TURNS - 1), NoBuild()).phase == ROLL


def test_pc_two_05_second_stone_into_the_only_opponent():
    """PC-TWO-05: the 2-stone option's second stone goes into the only opponent's ship."""
    g = open_game(2)
    s = g.position(ships=parked(2, s0=(3, 3)), phase="drop", allowance=2)
    assert set(g.legal_actions(s)) == {Drop(False, -1), Drop(True, -1), Drop(False, 1), Drop(True, 1)}


def test_pc_two_06_river_places_one_and_two_only():
    """PC-TWO-06: with 2 players only places 1 and 2 can be filled: 12 and 8, a tie 10 each."""
    assert place_points({0: 5, 1: 3}, (12, 8, 4)) == {0: 12, 1: 8}
    assert place_points({0: 4, 1: 4}, (12, 8, 4)) == {0: 10, 1: 10}
