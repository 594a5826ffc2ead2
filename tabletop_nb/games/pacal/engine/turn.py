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

    What :meth:`PacalGame.apply` does with a :class:`Roll` chance outcome
    (:meth:`PacalGame.chance_outcomes`).

    Parameters
    ----------
    game : PacalGame
        The game.
    s : PacalState
        A state waiting on the roll.
    face : int or str
        The die's face (pips, or the arrows).

    Returns
    -------
    PacalState
        The move decision of the seat that moves first.

    Examples
    --------
    >>> import tabletop_nb
    >>> game = tabletop_nb.load_game("pacal", players=3)
    >>> s = game.position(ships=[(3, 3), (5, 3), (3, 5)], phase="roll", player=1)
    >>> s2 = after_roll(game, s, 2)
    >>> game.phase(s2), game.events(s2)
    ('round 2, die 2: Violet - move', ('Violet rolled 2',))

    Rules: PC-DIE-04, PC-TWO-01.
    """
    who = s.player if game.players == 2 else s.roller
    s2 = evolve(s, phase=MOVE, face=face, last_face=s.face, player=who,
                events=(("roll", who, face),))
    s2.options = move_options(game, s2)   # s2 is this call's new state (base.py: decisions)
    return s2


def another_move(game: PacalGame, s: PacalState) -> PacalState:
    """The seat moves again this turn (after its drops), with the same roll."""
    return decision(s, MOVE, move_options(game, s))


def to_build(game: PacalGame, s: PacalState) -> PacalState:
    """The build decision, or (nothing to build) the end of the turn.

    Called from :meth:`PacalGame.after_drops` once the seat has no move left this turn.

    Parameters
    ----------
    game : PacalGame
        The game.
    s : PacalState
        The state after the turn's moves and drops.

    Returns
    -------
    PacalState

    Examples
    --------
    >>> import tabletop_nb
    >>> game = tabletop_nb.load_game("pacal", players=3)
    >>> s = game.position(ships=[(1, 0), (7, 8), (9, 8)], stones={0: [(3, 9)]}, phase="build")
    >>> game.phase(to_build(game, s))
    'round 2, die 3: Yellow - build'
    >>> s = game.position(ships=[(1, 0), (7, 8), (9, 8)], phase="build")
    >>> game.phase(to_build(game, s))
    'round 2, die 3: Violet - move'

    Rules: PC-BOXED-05.
    """
    opts = build_options(game, s)
    if opts:
        return decision(s, BUILD, opts)
    return end_turn(game, s, s.scores, s.events, "", False)


def build(game: PacalGame, s: PacalState, a: Build) -> PacalState:
    """Build, then end the turn (one build a turn).

    What :meth:`PacalGame.apply` does with a :class:`Build` action.

    Parameters
    ----------
    game : PacalGame
        The game.
    s : PacalState
        The state at the build decision.
    a : Build
        The pyramid to build, one of the legal actions.

    Returns
    -------
    PacalState
        The state after the turn (:func:`end_turn`).

    Examples
    --------
    >>> import tabletop_nb
    >>> game = tabletop_nb.load_game("pacal", players=3)
    >>> s = game.position(ships=[(1, 0), (7, 8), (9, 8)], stones={0: [(3, 9)]}, phase="build")
    >>> s2 = build(game, s, game.legal_actions(s)[1])
    >>> game.events(s2)[0]
    'Yellow built a 1-story pyramid on (3, 9) and scored 4'

    Rules: PC-ONE-01.
    """
    s2, result = build_step(game, s, a)
    return end_turn(game, s2, result.scores, result.events, result.ended, True)


def end_turn(game: PacalGame, s: PacalState, scores: tuple, events: tuple, ended: str,
             built: bool) -> PacalState:
    """End the turn with ``scores``: the game ends (an action ended it, the last round is
    over, or a 2-player game without the pyramid end has stalled), or the next seat plays
    (the next round's roll first).

    Called by :func:`build` and :func:`to_build`, and by :meth:`PacalGame.apply` on a
    :class:`NoBuild` action.

    Parameters
    ----------
    game : PacalGame
        The game.
    s : PacalState
        The state at the turn's end.
    scores : tuple of int
        The scores after the turn.
    events : tuple
        The events to tell (see :func:`.words.events`).
    ended : str
        Why an action ended the game, or "" if none did.
    built : bool
        Whether the seat built this turn.

    Returns
    -------
    PacalState

    Examples
    --------
    >>> import tabletop_nb
    >>> game = tabletop_nb.load_game("pacal", players=3)
    >>> s = game.position(ships=[(3, 3), (5, 3), (3, 5)], phase="build")
    >>> s2 = end_turn(game, s, s.scores, (("nobuild", 0),), "", False)
    >>> game.phase(s2)
    'round 2, die 3: Violet - move'

    Rules: PC-DIE-02, PC-DIE-03, PC-DIE-04, PC-DIE-06, PC-DIE-07, PC-TWO-01, PC-TWO-04.
    """
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
                      scores=scores, events=events, allowance=0, moved=0, options=(),
                      last_round=last_round, idle=idle)
    pos = s.pos + 1
    if pos == n:
        roller = (s.roller + 1) % n
        return evolve(s, phase=ROLL, player=roller, roller=roller, pos=0, round=s.round + 1,
                      turn=turn, scores=scores, events=events, allowance=0, moved=0,
                      options=(), last_round=last_round)
    s2 = evolve(s, phase=MOVE, player=(s.roller + pos) % n, pos=pos, turn=turn,
                scores=scores, events=events, allowance=0, moved=0,
                last_round=last_round)
    s2.options = move_options(game, s2)   # s2 is this call's new state (base.py: decisions)
    return s2


def game_over(game: PacalGame, s: PacalState, why: str) -> PacalState:
    """The end: the final scoring is added to the scores.

    Behind :meth:`PacalGame.game_over`; :func:`end_turn` calls it.

    Parameters
    ----------
    game : PacalGame
        The game.
    s : PacalState
        The state at the end, with the scores before the final scoring.
    why : str
        Why the game ended (e.g. "round", "stalled").

    Returns
    -------
    PacalState
        The finished game, without options.

    Examples
    --------
    >>> import tabletop_nb
    >>> game = tabletop_nb.load_game("pacal", players=3)
    >>> s = game.position(ships=[(3, 3), (5, 3), (3, 5)])
    >>> s2 = game_over(game, s, "round")
    >>> game.phase(s2), s2.ended, s2.options
    ('game over', 'round', ())

    Rules: PC-END-08, PC-FINAL-03.
    """
    final = game.final_scoring(s)
    scores = tuple(s.scores[q] + sum(final[q]) for q in range(game.players))
    return evolve(s, phase=OVER, scores=scores, final=final, options=(), allowance=0,
                  ended=why, events=s.events + (("end", why),))
