"""The round and the turn (rulebook: "Playing the game"): the round's roll, the steps of a
turn (move, drop, build), and ending the turn.

Rules: PC-DIE, PC-ONE, PC-TWO-01, PC-END.
"""
from __future__ import annotations

from .. import analysis
from ..state import BUILD, MOVE, OVER, ROLL, Build, PacalState, evolve
from .base import STALL_TURNS
from .base import Engine as PacalGame
from .base import decision
from .building import build_options, build_step
from .movement import move_options

__all__ = ["after_roll", "to_build", "build", "end_turn", "game_over"]


def after_roll(game: PacalGame, s: PacalState, face: object) -> PacalState:
    """The round's roll: the roller (with 2 players, the seat to play) moves first.

    Rules: PC-DIE-01..04, PC-TWO-01."""
    who = s.player if game.players == 2 else s.roller
    s2 = evolve(s, phase=MOVE, face=face, last_face=s.face, player=who,
                events=(("roll", who, face),))
    return decision(s2, MOVE, move_options(game, s2))


def another_move(game: PacalGame, s: PacalState) -> PacalState:
    """The seat moves again this turn (after its drops), with the same roll.

    Rules: PC-MOVE-02."""
    return decision(s, MOVE, move_options(game, s))


def to_build(game: PacalGame, s: PacalState) -> PacalState:
    """The build decision, or (nothing to build) the end of the turn.

    Rules: PC-BUILD-01, PC-BUILD-02, PC-BOXED-05."""
    opts = build_options(game, s)
    if opts:
        return decision(s, BUILD, opts)
    return end_turn(game, s, s.scores, s.events, "", False)


def build(game: PacalGame, s: PacalState, a: Build) -> PacalState:
    """Build, then end the turn (one build a turn).

    Rules: PC-ONE-01, PC-SCORE-01."""
    s2, result = build_step(game, s, a)
    return end_turn(game, s2, result.scores, result.events, result.ended, True)


def end_turn(game: PacalGame, s: PacalState, scores: tuple, events: tuple, ended: str,
             built: bool) -> PacalState:
    """End the turn with ``scores``: the game ends (an action ended it, the last round is
    over, or a 2-player game without the pyramid end has stalled), or the next seat plays
    (the next round's roll first).

    Rules: PC-END-04..06, PC-END-08, PC-DIE-02..04, PC-DIE-06, PC-DIE-07, PC-TWO-01, PC-TWO-04."""
    n = game.players
    turn = s.turn + 1
    if ended:
        return game_over(game, evolve(s, scores=scores, events=events, turn=turn), ended)
    last_round = analysis.last_round_after(game, s, scores)
    if last_round and not s.last_round:  # PC-END-04: finish this round
        events += (("lastround", max(range(n), key=lambda q: scores[q])),)
    if analysis.turn_ends_game(game, s, scores, ended):
        return game_over(game, evolve(s, scores=scores, events=events, turn=turn,
                                      last_round=True), "round")
    if n == 2:
        idle = 0
        if not game.rules.two_player_bonus_end:
            idle = 0 if built else s.idle + 1
            if idle >= STALL_TURNS:  # PC-TWO-04 (b): nothing can be built any more
                return game_over(game, evolve(s, scores=scores, turn=turn, idle=idle,
                                              events=events + (("stalled", STALL_TURNS),)),
                                 "stalled")
        return evolve(s, phase=ROLL, player=1 - s.player, turn=turn, round=turn // 2 + 1,
                      scores=scores, events=events, allowance=0, taken=0, moved=0, options=(),
                      last_round=last_round, idle=idle)
    pos = s.pos + 1
    if pos == n:
        roller = (s.roller + 1) % n
        return evolve(s, phase=ROLL, player=roller, roller=roller, pos=0, round=s.round + 1,
                      turn=turn, scores=scores, events=events, allowance=0, taken=0, moved=0,
                      options=(), last_round=last_round)
    s2 = evolve(s, phase=MOVE, player=(s.roller + pos) % n, pos=pos, turn=turn,
                scores=scores, events=events, allowance=0, taken=0, moved=0,
                last_round=last_round)
    return decision(s2, MOVE, move_options(game, s2))


def game_over(game: PacalGame, s: PacalState, why: str) -> PacalState:
    """The end: the final scoring is added to the scores.

    Rules: PC-END-08, PC-FINAL-01..03."""
    final = game.final_scoring(s)
    scores = tuple(s.scores[q] + sum(final[q]) for q in range(game.players))
    return evolve(s, phase=OVER, scores=scores, final=final, options=(), allowance=0,
                  ended=why, events=s.events + (("end", why),))
