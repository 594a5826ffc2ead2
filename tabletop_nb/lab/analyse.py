"""Was it luck? One finished game analysed move by move: each decision's cost, each roll's luck.

:func:`analyse` replays a record and, at every decision and every chance event, estimates
each seat's chance of winning with an :class:`Evaluator` (rollouts played by a named bot).
From those estimates, much as GNU Backgammon rates a backgammon game:

- a **decision**'s *error* is the win chance the seat gave away against the evaluator's
  own play: the value of the action the rollout bot would have chosen minus the value of
  the action chosen (0 when they are the same, below 0 when the chosen one was better), so
  that a seat's errors, its luck and the other seats' moves add up to its result (the
  best action found is given beside it, :attr:`Decision.missed`);
- a chance event's **luck** for a seat is its win chance after the outcome that came, minus
  its expected win chance over every outcome the event could have had (exact probabilities
  from ``chance_outcomes`` where the outcomes are few, a sample where they are many);
- per seat, total luck and total error; and the **turning points**, the five events that
  moved a seat's win chance most against expectation (luck) or against best play (error).

How the win chance is estimated
-------------------------------
A *rollout* plays on from a position to the end of the game with the evaluator's bot in
every seat (``"greedy"`` by default), chance sampled, and counts a win as 1 (a shared win
split). With a ``horizon`` (by default the game's own ``search_horizon``, as the search
bot) it stops after that many decisions and values the position with the game's
``estimate_scores`` hook: each seat's chance is a softmax of its estimated score over a
scale of a tenth of the mean score, which for two seats is the search bot's logistic in the
margin (``core/search.py``). ``horizon="game"`` always plays to the end. ``rollouts``
(the number of worlds) is the accuracy knob; every estimate carries its 95% interval.

Common random numbers: world ``j`` of every estimate in one analysis draws from the same
seed (``SeedSequence(seed)``'s child ``j``, SPEC 7), so a difference between two actions
or two outcomes is a difference of the game, not of the dice of the rollouts. A chance
event with many outcomes takes, in world ``j``, that world's quantile at its position
(stratified over the worlds, :meth:`Evaluator._quantile`), and so do the chance events that
follow a position before the next decision: the estimates before and after a roll or a
card, in one world, meet the same later outcomes and the same stream, and differ by that
outcome alone. A seat's ``luck_se`` is the spread over the worlds of its luck in each world,
summed over the game.

Hidden information: everything said about a seat comes from what that seat could see.
Each world starts from ``game.determinize(game.observation(state, seat), seat, rng)``, so
a decision is judged on what its seat knew, and a seat's luck and win chance never depend
on what was hidden from it. (Games without hidden information share one estimate among
the seats.)

Examples
--------
>>> import tabletop_nb as tt
>>> game = tt.load_game("pacal", players=2)
>>> rec = tt.play(game, ["greedy", "random"], seed=3)
>>> a = tt.analyse(game, rec, quick=True, progress=False)
>>> len(a.seats), a.seats[0].name == game.player_name(0)
(2, True)
"""
from __future__ import annotations

import copy
import html
import math
import os
from dataclasses import dataclass, field
from typing import Any, Callable, Sequence

import numpy as np

from ..core import memo
from ..core.basebots import plain_bots, unknown_bot
from ..core.bots import bot_name, resolve_bot
from ..core.errors import TabletopError
from ..core.protocol import CHANCE, TERMINAL, BaseGame
from ..core.record import GameRecord, replay
from ..core.search import Plan
from ..core.stats import Z95, Estimate, mean_ci

__all__ = ["analyse", "GameAnalysis", "Evaluator", "Value", "Decision", "ChanceEvent",
           "SeatFigures", "TurningPoint", "luck_and_skill", "LuckAndSkill", "QUICK", "DEFAULT",
           "MISTAKE", "BLUNDER", "PARALLEL_ESTIMATES", "dealt_ci"]

#: the default accuracy: rollouts per estimate and alternatives per decision
DEFAULT = {"rollouts": 8, "alternatives": 3}
#: the classroom setting (``quick=True``): the luck of every roll, in seconds; no decision
#: is judged (a decision's error needs more rollouts than a lesson can wait for)
QUICK = {"rollouts": 4, "alternatives": 0}
#: more estimates than this run in two worker processes by default (starting them costs
#: about a second)
PARALLEL_ESTIMATES = 300
#: an error of at least this much win chance (and surely above 0) is labelled a mistake
MISTAKE = 0.05
#: ... and of at least this much, a blunder
BLUNDER = 0.15


class Value:
    """Each seat's estimated win chance (with its 95% interval) and expected score.

    Parameters
    ----------
    worlds : numpy.ndarray
        Win chances, one row per world (rollout), one column per seat.
    scores : numpy.ndarray
        Final (or estimated) scores in the same shape.

    Examples
    --------
    >>> import numpy as np
    >>> v = Value(np.array([[1.0, 0.0], [0.0, 1.0]]), np.array([[3.0, 1.0], [2.0, 4.0]]))
    >>> v.win, v.score
    ((0.5, 0.5), (2.5, 2.5))
    """

    __slots__ = ("worlds", "score_worlds", "win", "score", "low", "high", "se")

    def __init__(self, worlds: np.ndarray, scores: np.ndarray):
        self.worlds = worlds
        self.score_worlds = scores
        n = len(worlds)
        mean = worlds.mean(axis=0)
        se = _se(worlds)
        # a few 0/1 results often agree by chance (four wins: a spread of 0); the standard
        # error is never taken below that of a proportion shrunk towards 1/2 (Agresti-Coull),
        # so a handful of rollouts never claims more than they can know
        q = (worlds.sum(axis=0) + 1) / (n + 2)
        se = np.maximum(se, np.sqrt(q * (1 - q) / n))
        self.win = tuple(float(x) for x in mean)
        self.se = tuple(float(x) for x in se)
        self.score = tuple(float(x) for x in scores.mean(axis=0))
        self.low = tuple(float(max(0.0, m - Z95 * s)) for m, s in zip(mean, se))
        self.high = tuple(float(min(1.0, m + Z95 * s)) for m, s in zip(mean, se))

    def estimate(self, seat: int) -> Estimate:
        """Seat ``seat``'s win chance as an :class:`~tabletop_nb.core.stats.Estimate`."""
        return Estimate(self.win[seat], self.low[seat], self.high[seat], len(self.worlds))

    def lead(self, seat: int) -> np.ndarray:
        """Seat ``seat``'s score lead in each world: its score minus the mean of the others'
        (its *equity* in points: a point taken from a rival counts as a point gained).

        >>> import numpy as np
        >>> Value(np.array([[1.0, 0.0, 0.0]]), np.array([[9.0, 4.0, 6.0]])).lead(0)
        array([4.])
        """
        s = self.score_worlds
        n = s.shape[1]
        if n < 2:
            return s[:, seat].astype(float)
        return s[:, seat] - (s.sum(axis=1) - s[:, seat]) / (n - 1)

    def __repr__(self) -> str:
        return "Value(" + ", ".join(f"{w:.3f}" for w in self.win) + ")"


def _at_quantile(outcomes: list, u: float) -> Any:
    """The outcome at quantile ``u`` of a chance node's exact probabilities."""
    acc = 0.0
    for o, p in outcomes:
        acc += float(p)
        if u < acc:
            return o
    return outcomes[-1][0]


def _win_chances(est: Sequence[float]) -> np.ndarray:
    """Each seat's chance of winning from estimated final scores: a softmax of the scores
    over a tenth of the mean score (for two seats, the search bot's logistic in the margin)."""
    x = np.asarray(est, dtype=float)
    scale = max(1.0, 0.1 * float(np.abs(x).sum()) / len(x))
    z = np.clip((x - x.max()) / scale, -60.0, 0.0)
    e = np.exp(z)
    return e / e.sum()


def _result(game, s) -> np.ndarray:
    out = np.zeros(game.num_players)
    win = game.winners(s)
    for w in win:
        out[w] = 1.0 / len(win)
    return out


class Evaluator:
    """Estimates win chances by rollouts on common seeds (see the module).

    Parameters
    ----------
    game : Game
        The game.
    bot : str or callable, default "greedy"
        The bot that plays every seat in the rollouts (a game without a greedy bot falls
        back to ``"random"``); search bots are too slow for this and are refused.
    rollouts : int, default 8
        Worlds per estimate: the accuracy knob (the interval shrinks as its square root).
    horizon : int, "game" or None
        Decisions a rollout plays before ``estimate_scores`` values it; None: the game's
        ``search_horizon``; ``"game"``: to the end.
    max_outcomes : int, default 6
        A chance event with at most this many outcomes is averaged exactly over them (with
        their probabilities); one with more draws one outcome per world.
    seed : int, default 0
        The root of the worlds' seeds.

    Examples
    --------
    >>> import tabletop_nb as tt
    >>> game = tt.load_game("pacal", players=2)
    >>> ev = Evaluator(game, rollouts=8, seed=1)
    >>> v = ev.value(game.initial_state())
    >>> round(sum(v.win), 6), len(v.worlds)
    (1.0, 8)
    """

    def __init__(self, game, bot: Any = "greedy", rollouts: int = DEFAULT["rollouts"],
                 horizon: int | str | None = None, max_outcomes: int = 6, seed: int = 0):
        if isinstance(rollouts, bool) or not isinstance(rollouts, (int, np.integer)) or rollouts < 2:
            raise TabletopError(f"rollouts must be a whole number of at least 2 (it is the "
                                f"accuracy: 4 is quick, 8 the default), got {rollouts!r}")
        if horizon not in (None, "game") and (isinstance(horizon, bool)
                                              or not isinstance(horizon, (int, np.integer))
                                              or horizon < 1):
            raise TabletopError(f"horizon must be a whole number of at least 1, 'game' or None, "
                                f"got {horizon!r}")
        if isinstance(max_outcomes, bool) or not isinstance(max_outcomes, (int, np.integer)) \
                or max_outcomes < 1:
            raise TabletopError(f"max_outcomes must be a whole number of at least 1, got {max_outcomes!r}")
        self.game = game
        self.bot = bot
        if isinstance(bot, str):
            bots = plain_bots(game)
            name = "random" if bot == "greedy" and "greedy" not in bots else bot
            if name not in bots:
                if name.startswith("search"):
                    raise TabletopError("a search bot is too slow to play rollouts; use 'greedy' "
                                        "or 'random'")
                raise unknown_bot(game, bot, bots)
            self.policy = bots[name]
        elif callable(bot):
            self.policy = resolve_bot(game, bot)
        else:
            raise TabletopError(f"bot must be a bot name or a callable bot, got {bot!r}")
        self.rollouts = int(rollouts)
        self.horizon = game.search_horizon if horizon is None else (None if horizon == "game" else int(horizon))
        self.max_outcomes = int(max_outcomes)
        self.seed = seed
        kids = np.random.SeedSequence(seed).spawn(self.rollouts)
        # per world: one stream for the hidden parts and a sampled outcome, one for the rollout
        self._seeds = [(np.random.SeedSequence(k.entropy, spawn_key=tuple(k.spawn_key) + (0,)),
                        np.random.SeedSequence(k.entropy, spawn_key=tuple(k.spawn_key) + (1,)))
                       for k in kids]
        self.hidden = type(game).observation is not BaseGame.observation
        self._limit = getattr(game, "max_actions", 100_000)
        # a rollout is a function of its start and its world's stream: the same world met
        # again (the outcome that came, after all outcomes were tried one position before;
        # two actions that lead to the same state) is played once
        self._played = memo.cache("analyse.rollouts", key="(world, state): a rollout's start "
                                  "in one evaluator")
        # each position's quantiles, one per world (see ``_quantile``)
        self._strata: dict[int, np.ndarray] = {}

    # -- one rollout -----------------------------------------------------------------------
    def _rollout(self, s, rng) -> tuple[np.ndarray, np.ndarray]:
        game = self.game
        current, sample, apply_trusted, policy = (game.current_player, game.sample_chance,
                                                  game.apply_trusted, self.policy)
        limit = self.horizon if self.horizon is not None else self._limit
        decisions = 0
        while decisions < limit:
            p = current(s)
            if p == TERMINAL:
                break
            if p == CHANCE:
                s = apply_trusted(s, sample(s, rng))
            else:
                # a world is a full state already drawn for the seat whose knowledge counts:
                # the rollout bots play it as the search bot's rollouts do
                s = apply_trusted(s, policy(game, s, rng))
                decisions += 1
        if current(s) == TERMINAL:
            return _result(game, s), np.asarray(game.scores(s), dtype=float)
        est = game.estimate_scores(s)
        return _win_chances(est), np.asarray(est, dtype=float)

    def _quantile(self, key: int, j: int) -> float:
        """World ``j``'s quantile at position ``key``: ``(perm[j] + U) / rollouts``, with a
        permutation of the worlds and ``U`` in [0, 1) drawn from ``(seed, key)``.

        At one position the worlds take one quantile in each of ``rollouts`` equal strata
        (stratified sampling); the permutation, drawn afresh at each position, makes one
        world's quantiles at successive positions independent and uniform (a Latin
        hypercube), so a world that meets several chance events in a row meets them with the
        right joint probabilities.
        """
        q = self._strata.get(key)
        if q is None:
            g = np.random.default_rng(np.random.SeedSequence(self.seed, spawn_key=(2**30, int(key))))
            shift = float(g.random())
            q = self._strata[key] = (g.permutation(self.rollouts) + shift) / self.rollouts
        return float(q[j])

    def _play(self, s, j: int, key: int) -> tuple[np.ndarray, np.ndarray]:
        """World ``j``'s rollout from ``s``, the position numbered ``key``.

        The chance events from ``s`` up to the next decision take world ``j``'s quantile at
        their own positions (``key``, ``key + 1``, ...: :meth:`_quantile`); from the
        decision on, the rollout draws from world ``j``'s stream, begun afresh. So the
        estimates before and after a chance event meet the same outcomes at the chance
        events that follow it and the same stream after them (common random numbers): in
        world ``j`` the two differ by the outcome alone. (Drawn from the stream instead,
        the events that follow would take its first numbers on one side and not on the
        other, and the two rollouts would share nothing.)
        """
        game = self.game
        while game.current_player(s) == CHANCE:
            s = game.apply_trusted(s, _at_quantile(game.chance_outcomes(s), self._quantile(key, j)))
            key += 1
        at = (j, s)
        out = self._played.get(at)
        if out is None:
            out = self._played[at] = self._rollout(s, np.random.default_rng(self._seeds[j][1]))
        return out

    def _world(self, state, seat, j):
        """World ``j`` of ``state`` as ``seat`` sees it (drawn from world j's first stream)."""
        if self.hidden and seat is not None:
            view = self.game.observation(state, seat)
            if view != state:  # something is hidden from this seat: draw it afresh
                state = self.game.determinize(view, seat, np.random.default_rng(self._seeds[j][0]))
        return state

    # -- estimates -------------------------------------------------------------------------
    def value(self, state, seat: int | None = None, key: int = 0) -> Value:
        """Every seat's win chance from ``state``, as ``seat`` sees it (None: all of it).

        At a chance node the value is the expectation over its outcomes (exact when they
        are at most ``max_outcomes``), so it is what a seat may expect before the dice fall.

        Parameters
        ----------
        state : state
            Any position.
        seat : int or None
            Whose knowledge: the hidden parts are drawn afresh in each world from what this
            seat sees. None uses the state as it is (an analyst who sees everything).
        key : int, default 0
            The position's number: where a chance event has more than ``max_outcomes``
            outcomes, world ``j`` takes the outcome at quantile ``(perm[j] + U) / rollouts``
            of the exact probabilities (stratified), with a permutation ``perm`` of the
            worlds and ``U`` drawn from ``(seed, key)``, and the chance events that follow
            before the next decision take the quantiles of positions ``key + 1``, ... The
            quantiles must change from one position to the next: the same few in every
            position would favour the outcomes listed first.

        Returns
        -------
        Value

        Examples
        --------
        >>> import tabletop_nb as tt
        >>> game = tt.load_game("pacal", players=2)
        >>> Evaluator(game, rollouts=4).value(game.initial_state(), seat=0).win[0] <= 1
        True
        """
        game = self.game
        wins, scores = [], []
        for j in range(self.rollouts):
            w = self._world(state, seat, j)
            if game.current_player(w) == CHANCE:
                outs = game.chance_outcomes(w)
                if len(outs) <= self.max_outcomes:
                    win = np.zeros(game.num_players)
                    sc = np.zeros(game.num_players)
                    for o, p in outs:
                        a, b = self._play(game.apply_trusted(w, o), j, key + 1)
                        win += float(p) * a
                        sc += float(p) * b
                    wins.append(win)
                    scores.append(sc)
                    continue
            # a chance event with many outcomes: world j's quantile at this position
            a, b = self._play(w, j, key)
            wins.append(a)
            scores.append(b)
        return Value(np.array(wins), np.array(scores))

    def actions(self, state, actions: Sequence, seat: int, key: int = 0) -> list[Value]:
        """The value of each action at ``seat``'s decision, on the same worlds (as ``seat``
        saw them).

        Parameters
        ----------
        state : state
            A decision of ``seat``.
        actions : sequence
            Legal actions there.
        seat : int
            The deciding seat.
        key : int, default 0
            The position's number (the actions lead to position ``key + 1``: see
            :meth:`value`).

        Returns
        -------
        list of Value
            One per action, in order.

        Examples
        --------
        >>> import tabletop_nb as tt
        >>> game = tt.load_game("pacal", players=2)
        >>> s = game.initial_state()
        >>> vals = Evaluator(game, rollouts=4).actions(s, game.legal_actions(s)[:2], 0)
        >>> len(vals)
        2
        """
        game = self.game
        out_w: list[list] = [[] for _ in actions]
        out_s: list[list] = [[] for _ in actions]
        for j in range(self.rollouts):
            w = self._world(state, seat, j)
            for i, a in enumerate(actions):
                x, y = self._play(game.apply_trusted(w, a), j, key + 1)
                out_w[i].append(x)
                out_s[i].append(y)
        return [Value(np.array(a), np.array(b)) for a, b in zip(out_w, out_s)]


# ------------------------------------------------------------------------ the figures
@dataclass(frozen=True)
class Decision:
    """One decision of the game, judged on what its seat knew.

    Attributes
    ----------
    index : int
        The action's number in the record (0 = first action).
    seat : int
        Who decided.
    label, best_label : str
        The chosen action and the best one found, in the game's words.
    chosen, best : Estimate
        The seat's win chance after each (95% interval).
    error : Estimate
        The win chance given away against the *reference*, the rollout bot's own choice
        (``reference_label``): its value minus the chosen action's, paired on every world
        (0 when the chosen action is the reference; below 0 when the chosen one was
        better). Summed along a game, what the seat's play lost against playing as the
        evaluator does.
    tag : str
        ``"blunder"``, ``"mistake"`` or ``""`` (see :data:`MISTAKE`, :data:`BLUNDER`).
    alternatives : tuple
        ``(label, win chance, expected score)`` of every action compared; the first is
        the reference.
    points : Estimate or None
        The same error in points of score lead (the seat's score minus the others' mean:
        see :meth:`Value.lead`): it keeps counting where the win chance is already near 0
        or 1.
    worlds : numpy.ndarray or None
        Shape ``(2, actions, rollouts)``: the seat's win chance and score lead after each
        action compared (in the order of ``alternatives``) in each world.
    chosen_index : int
        Which of ``alternatives`` was chosen.
    missed : Estimate or None
        The win chance the best action found would have added to the chosen one's,
        cross-fitted on the two halves of the worlds (a hint, not a rating: it also counts
        what the rollout bot itself misses there).
    reference_label : str
        The rollout bot's own choice, in the game's words.

    Examples
    --------
    >>> e = Estimate(0.0, 0.0, 0.0, 4)
    >>> Decision(3, 0, "a", "a", e, e, e, "", ()).error.value
    0.0
    """

    index: int
    seat: int
    label: str
    best_label: str
    chosen: Estimate
    best: Estimate
    error: Estimate
    tag: str
    alternatives: tuple
    points: Estimate | None = None
    worlds: Any = field(default=None, compare=False, repr=False)
    chosen_index: int = 0
    missed: Estimate | None = None
    reference_label: str = ""


@dataclass(frozen=True)
class ChanceEvent:
    """One chance event (a roll, a draw, a shuffle step) and each seat's luck from it.

    Attributes
    ----------
    index : int
        The outcome's number in the record.
    label : str
        What came, in the game's words.
    outcomes : int
        How many outcomes the event could have had.
    expected, after : tuple of float
        Each seat's win chance before the outcome (its expectation over the outcomes) and
        after it, each from that seat's own knowledge.
    luck : tuple of float
        ``after - expected`` per seat: positive, the dice helped.
    others : tuple
        Where the outcomes were few (at most ``max_outcomes``): ``(label, probability)`` of
        each outcome it could have had; empty otherwise.
    luck_se : tuple of float
        The standard error of each seat's luck: the spread over the worlds of the paired
        differences (after minus before, world by world).

    Examples
    --------
    >>> ChanceEvent(0, "roll 6", 6, (0.5, 0.5), (0.6, 0.4), (0.1, -0.1)).luck
    (0.1, -0.1)
    """

    index: int
    label: str
    outcomes: int
    expected: tuple
    after: tuple
    luck: tuple
    others: tuple = ()
    luck_se: tuple = ()


@dataclass(frozen=True)
class SeatFigures:
    """One seat's totals over the game.

    Attributes
    ----------
    seat : int
    name, bot : str
        The seat's name in the game and who played it.
    start, result : float
        The win chance at the start (estimated) and at the end (1 for a win, shared wins
        split, 0 otherwise).
    luck : float
        The sum of the seat's luck over every chance event.
    error : float
        The sum of the seat's errors over its decisions (against the rollout bot's choices).
    decisions, mistakes, blunders : int
        Decisions judged, and how many were labelled.
    verdict : str
        The seat's game in one line.
    luck_se, error_se : float
        Standard errors of the two totals (the rollouts' noise): ``luck_se`` from the
        spread over the worlds of each world's luck summed over the game (it is how far the
        total moves when only the evaluator's seed changes); ``error_se`` from each
        decision's paired spread, added as independent. A total within about two of them
        of 0 is not told apart from 0.
    points_error : float
        The sum of the seat's errors in points of score lead (:attr:`Decision.points`).
    missed : float
        The sum of what the best actions found would have added (:attr:`Decision.missed`).

    Examples
    --------
    >>> SeatFigures(0, "Red", "greedy", 0.5, 1.0, 0.3, 0.0, 10, 0, 0, "").luck
    0.3
    """

    seat: int
    name: str
    bot: str
    start: float
    result: float
    luck: float
    error: float
    decisions: int
    mistakes: int
    blunders: int
    verdict: str
    luck_se: float = float("nan")
    error_se: float = float("nan")
    points_error: float = 0.0
    missed: float = 0.0


@dataclass(frozen=True)
class TurningPoint:
    """One of the events that moved a seat's win chance most.

    Attributes
    ----------
    index : int
        The action's number in the record.
    kind : str
        ``"luck"`` (a chance event) or ``"error"`` (a decision).
    seat : int
        The seat whose chance moved most.
    label : str
        What happened, in the game's words.
    swing : float
        The change of that seat's win chance against expectation (luck) or against the
        rollout bot's own choice (minus the error).

    Examples
    --------
    >>> TurningPoint(7, "luck", 1, "roll 6", 0.2).swing
    0.2
    """

    index: int
    kind: str
    seat: int
    label: str
    swing: float


def _verdict(name: str, result: float, luck: float, error: float, luck_se: float = 0.0,
             error_se: float = 0.0) -> str:
    if result >= 1.0:
        outcome = "won"
    elif result > 0:
        outcome = "shared the win"
    else:
        outcome = "lost"
    if abs(luck) < 0.05:
        dice = "the dice were about even"
    elif abs(luck) < 2 * luck_se:  # within two standard errors: not told apart from even
        dice = (f"the dice were not told apart from even (luck {100 * luck:+.0f} points, "
                f"give or take {100 * luck_se:.0f})")
    elif luck > 0:
        dice = f"the dice gave {100 * luck:.0f} points of win chance"
    else:
        dice = f"the dice took {100 * -luck:.0f} points of win chance"
    if error < 0.02:
        play = "play cost almost nothing"
    elif error < 2 * error_se:
        play = (f"errors were not told apart from none ({100 * error:.0f} points, give or "
                f"take {100 * error_se:.0f})")
    else:
        play = f"errors cost {100 * error:.0f} points"
    lead = ""
    if result > 0 and luck > max(0.3, 2 * luck_se):
        lead = " The dice helped most."
    elif result == 0 and luck < -max(0.3, 2 * luck_se) and error < 0.1:
        lead = " Unlucky, not outplayed."
    elif error > max(0.3, 2 * error_se) and error > abs(luck):
        lead = " Errors cost more than the dice."
    return f"{name} {outcome}: {dice}, {play}.{lead}"


def _se(x: np.ndarray) -> Any:
    """The standard error of the mean of ``x`` (one row per world): a float for one value per
    world, an array of one per column for a table (nan with fewer than two worlds).

    >>> round(_se(np.array([0.0, 1.0, 0.0, 1.0])), 3)
    0.289
    >>> _se(np.array([[0.0, 2.0], [1.0, 2.0]])).round(3).tolist()
    [0.5, 0.0]
    """
    if len(x) < 2:
        return np.full(x.shape[1:], np.nan) if x.ndim > 1 else float("nan")
    se = x.std(axis=0, ddof=1) / math.sqrt(len(x))
    return se if x.ndim > 1 else float(se)


def _pct(x: float) -> str:
    return f"{100 * x:.0f}%"


@dataclass
class GameAnalysis:
    """The result of :func:`analyse`: a game's win chances, errors, luck and turning points.

    Attributes
    ----------
    game : Game
        The game (with the record's rules).
    record : GameRecord
        The game analysed.
    labels : list of str
        Each action of the record in the game's words.
    curve : list of tuple
        ``(index, seat, win chance, low, high)``: the points of each seat's win-chance line
        (index = how many actions had been played), each from that seat's knowledge.
    decisions : list of Decision
    chance : list of ChanceEvent
    seats : list of SeatFigures
    turning_points : list of TurningPoint
        The five biggest swings, biggest first.
    settings : dict
        The evaluator's settings (bot, rollouts, horizon, alternatives, seed).

    Examples
    --------
    >>> import tabletop_nb as tt
    >>> game = tt.load_game("pacal", players=2)
    >>> a = tt.analyse(game, tt.play(game, "greedy", seed=1), quick=True, progress=False)
    >>> len(a.turning_points) <= 5
    True
    """

    game: Any
    record: GameRecord
    labels: list
    curve: list
    decisions: list
    chance: list
    seats: list
    turning_points: list
    settings: dict = field(default_factory=dict)

    # -- reading it ----------------------------------------------------------------------
    def summary(self) -> str:
        """Each seat's verdict, one line each, then the biggest turning point."""
        lines = [s.verdict for s in self.seats]
        if self.turning_points:
            t = self.turning_points[0]
            lines.append(f"Biggest swing: action {t.index}, {t.label} "
                         f"({self.game.player_name(t.seat)} {100 * t.swing:+.0f} points).")
        return "\n".join(lines)

    def seat_table(self):
        """Per seat: start, result, luck, error, decisions, mistakes, blunders (a DataFrame)."""
        import pandas as pd
        return pd.DataFrame([{"seat": s.seat, "name": s.name, "bot": s.bot, "start": s.start,
                              "result": s.result, "luck": s.luck, "error": s.error,
                              "decisions": s.decisions, "mistakes": s.mistakes,
                              "blunders": s.blunders} for s in self.seats])

    def table(self):
        """The turning points as a DataFrame (action, kind, seat, what happened, swing)."""
        import pandas as pd
        return pd.DataFrame([{"action": t.index, "kind": t.kind,
                              "seat": self.game.player_name(t.seat), "what": t.label,
                              "swing": round(t.swing, 3)} for t in self.turning_points],
                            columns=["action", "kind", "seat", "what", "swing"])

    def luckiest(self) -> ChanceEvent | None:
        """The chance event with the largest luck for any seat (None without chance events)."""
        return max(self.chance, key=lambda c: max(c.luck), default=None)

    def unluckiest(self) -> ChanceEvent | None:
        """The chance event with the smallest luck for any seat."""
        return min(self.chance, key=lambda c: min(c.luck), default=None)

    def figure(self):
        """The win chances over the game (plotly; see :func:`tabletop_nb.viz.luck.luck_chart`)."""
        from ..viz.luck import luck_chart
        return luck_chart(self)

    def _repr_html_(self) -> str:
        rows = "".join(
            f"<tr><td>{html.escape(s.name)}</td><td>{html.escape(str(s.bot))}</td>"
            f"<td>{_pct(s.start)}</td><td>{s.result:g}</td><td>{100 * s.luck:+.1f}</td>"
            f"<td>{100 * s.error:.1f}</td><td>{s.mistakes}/{s.blunders}</td>"
            f"<td>{html.escape(s.verdict)}</td></tr>" for s in self.seats)
        tps = "".join(
            f"<tr><td>{t.index}</td><td>{t.kind}</td><td>{html.escape(self.game.player_name(t.seat))}"
            f"</td><td>{html.escape(t.label)}</td><td>{100 * t.swing:+.1f}</td></tr>"
            for t in self.turning_points)
        st = self.settings
        return (f"<div class='tt-analysis'><b>Was it luck?</b> {html.escape(self.game.name)}, "
                f"{self.game.num_players} players, {len(self.record.actions)} actions "
                f"({st.get('rollouts')} rollouts by {html.escape(str(st.get('bot')))} per estimate)"
                "<table><tr><th>seat</th><th>bot</th><th>start</th><th>result</th>"
                "<th>luck (points)</th><th>error (points)</th><th>mistakes/blunders</th>"
                f"<th>verdict</th></tr>{rows}</table><b>Turning points</b><table><tr><th>action</th>"
                "<th>kind</th><th>seat</th><th>what</th><th>swing (points)</th></tr>"
                f"{tps}</table></div>")

    def __repr__(self) -> str:
        return f"<GameAnalysis of {self.game.name}, {len(self.record.actions)} actions:\n{self.summary()}>"


def _candidates(game, view, rng, chosen, alternatives: int, policy: Callable | None = None) -> list:
    """The actions compared at a decision: first the reference, the rollout bot's own choice
    (``policy`` on the seat's view, with a copy of ``rng``: the game's first ``search_actions``
    where that is the greedy bot's choice), then the game's own few best, then the chosen."""
    out: list = []
    if policy is not None:
        out.append(policy(game, view, copy.deepcopy(rng)))
    for c in game.search_actions(view, rng):
        a = c.action if type(c) is Plan else c
        if a not in out:
            out.append(a)
        if len(out) >= alternatives:
            break
    if chosen not in out:
        out.append(chosen)
    return out


def _settings(quick: bool, rollouts: int | None, alternatives: int | None) -> tuple[int, int]:
    base = QUICK if quick else DEFAULT
    r = base["rollouts"] if rollouts is None else rollouts
    k = base["alternatives"] if alternatives is None else alternatives
    if isinstance(k, bool) or not isinstance(k, (int, np.integer)) or k < 0:
        raise TabletopError(f"alternatives must be a whole number of at least 0 (0: judge no "
                            f"decision, luck only), got {k!r}")
    return r, int(k)


class _Bar:
    """Progress by estimates: a tqdm.auto bar, a callback ``progress(done, total)``, or none."""

    def __init__(self, progress, total: int, desc: str, unit: str = "estimate"):
        self.total, self.done = total, 0
        self.callback = progress if callable(progress) else None
        self.bar = None
        if progress and self.callback is None:
            from tqdm.auto import tqdm
            self.bar = tqdm(total=total, desc=desc, unit=unit, leave=False, mininterval=0.5)

    def update(self, n: int = 1) -> None:
        self.done += n
        if self.bar is not None:
            self.bar.update(n)
        if self.callback is not None:
            self.callback(self.done, self.total)  # may raise: a stop button

    def close(self) -> None:
        if self.bar is not None:
            self.bar.close()


def _estimate(ev: Evaluator, it: tuple) -> Any:
    return ev.value(it[1], it[2], it[3]) if it[0] == "value" else ev.actions(it[1], it[3], it[2], it[4])


def _evaluate(game, settings: dict, items: list) -> list:
    """Worker on any executor: the estimates of ``items`` (``("value", state, seat, key)`` or
    ``("actions", state, seat, actions, key)``) with an evaluator built from ``settings``."""
    ev = Evaluator(game, **settings)
    return [_estimate(ev, it) for it in items]


#: a worker process's own evaluator (its rollouts' cache lasts for the worker's life)
_WORKER: dict[str, Evaluator] = {}


def _start_worker(game, settings: dict) -> None:
    """Initializer of the two worker processes: the game and the settings arrive once."""
    _WORKER["ev"] = Evaluator(game, **settings)


def _evaluate_here(items: list) -> list:
    """Worker of the two processes: the estimates of ``items`` with the worker's evaluator."""
    ev = _WORKER["ev"]
    return [_estimate(ev, it) for it in items]


def _chunk_size(items: int) -> int:
    """Estimates per task on an executor: about 16 tasks (so two workers end close
    together), at most 32 estimates each (so the progress bar moves).

    >>> _chunk_size(600), _chunk_size(100), _chunk_size(5)
    (32, 6, 1)
    """
    return max(1, min(32, items // 16 or 1))


def _run(game, settings: dict, items: list, executor, bar: "_Bar") -> list:
    """Every item's estimate, in order: here, or in chunks of neighbouring items on an
    executor (neighbours share rollouts through the evaluator's cache)."""
    if executor is None or executor == "serial":
        ev = Evaluator(game, **settings)
        out = []
        for it in items:
            out.append(_estimate(ev, it))
            bar.update()
        return out
    from concurrent.futures import FIRST_COMPLETED, wait
    own = executor == "processes"
    if own:
        import multiprocessing as mp
        from concurrent.futures import ProcessPoolExecutor
        ctx = mp.get_context("fork") if "fork" in mp.get_all_start_methods() else mp.get_context("spawn")
        executor = ProcessPoolExecutor(max_workers=2, mp_context=ctx, initializer=_start_worker,
                                       initargs=(game, settings))
    size = _chunk_size(len(items))
    chunks = [(k, items[k:k + size]) for k in range(0, len(items), size)]
    results: list = [None] * len(items)
    try:
        pending = {(executor.submit(_evaluate_here, part) if own
                    else executor.submit(_evaluate, game, settings, part)): k for k, part in chunks}
        while pending:
            done, _ = wait(pending, return_when=FIRST_COMPLETED)
            for f in done:
                k = pending.pop(f)
                part = f.result()
                results[k:k + len(part)] = part
                bar.update(len(part))
    except BaseException:
        for f in list(pending):
            f.cancel()
        raise
    finally:
        if own:
            executor.shutdown(wait=True, cancel_futures=True)
    return results


def analyse(game, record: GameRecord, *, bot: Any = "greedy", rollouts: int | None = None,
            alternatives: int | None = None, horizon: int | str | None = None,
            max_outcomes: int = 6, quick: bool = False, seed: int = 0, executor: Any = None,
            progress: bool | Callable = True, luck_view: str = "seat") -> GameAnalysis:
    """Analyse a finished game move by move: each decision's error, each chance event's luck.

    Parameters
    ----------
    game : Game
        The game the record was played in (the record's rules are used).
    record : GameRecord
        A finished game (``tt.play``, a saved file, GameApp's record).
    bot : str or callable, default "greedy"
        The bot that plays the rollouts (see :class:`Evaluator`).
    rollouts : int, optional
        Worlds per estimate: the accuracy knob (default 8; 4 with ``quick``).
    alternatives : int, optional
        Actions compared at a decision besides the chosen one: the rollout bot's own choice
        (the reference of the error), then the first of the game's ``search_actions`` (its
        own few best; every legal action for a game without that hook) up to this many.
        Default 3; 0 with ``quick``: no decision is judged (luck only).
    horizon : int, "game" or None
        Decisions per rollout before the game's ``estimate_scores`` values it. Default
        (None) ``"game"``: every rollout to the end, so win chances mean what they say
        (a truncated rollout's softmax of estimated scores is quicker but is only the
        search bot's ranking, not a calibrated chance).
    max_outcomes : int, default 6
        Chance events with at most this many outcomes are averaged exactly.
    quick : bool, default False
        The classroom setting (:data:`QUICK`): each roll's luck in seconds, rougher
        numbers, no decision judged.
    seed : int, default 0
        The rollouts' seed (the same seed gives the same analysis, on any executor).
    executor : None, "serial", "processes" or Executor
        Where the estimates run: None is "processes" (two worker processes) for more than
        :data:`PARALLEL_ESTIMATES` estimates, else "serial"; any
        ``concurrent.futures.Executor`` works.
    progress : bool or callable, default True
        A tqdm.auto bar, or ``progress(done, total)`` called as estimates finish (raise
        from it to stop).
    luck_view : {"seat", "table"}, default "seat"
        Whose knowledge the win chances and the luck are estimated from in a game with
        hidden information: each seat's own (its figures never read what was hidden from
        it, but a seat's guesses about hidden parts are ``determinize``'s, not the truth),
        or the whole table's after the game (everything seen: luck then has mean 0 exactly,
        but a seat's figures depend on what it could not see). Decisions are always judged
        on what their seat knew.

    Returns
    -------
    GameAnalysis

    Examples
    --------
    >>> import tabletop_nb as tt
    >>> game = tt.load_game("pacal", players=2)
    >>> rec = tt.play(game, ["greedy", "random"], seed=3)
    >>> a = tt.analyse(game, rec, quick=True, progress=False)   # each roll's luck
    >>> a.settings["rollouts"], len(a.decisions), len(a.chance) > 0
    (4, 0, True)
    """
    if not isinstance(record, GameRecord):
        raise TabletopError(f"analyse needs a GameRecord (from tt.play, GameRecord.load or "
                            f"an app's record), got {type(record).__name__}")
    if not record.ended:
        raise TabletopError("this record is of a game in progress: analyse a finished game "
                            "(play it to the end first)")
    if executor not in (None, "serial", "processes") and not hasattr(executor, "submit"):
        raise TabletopError(f"executor must be None, 'serial', 'processes' or a "
                            f"concurrent.futures.Executor, got {executor!r}")
    states, actions = replay(game, record, with_actions=True)
    game = game.with_plain_rules(record.rules)
    n_rollouts, n_alt = _settings(quick, rollouts, alternatives)
    if horizon is None:
        horizon = "game"
    settings = {"bot": bot, "rollouts": n_rollouts, "horizon": horizon,
                "max_outcomes": max_outcomes, "seed": seed}
    ev = Evaluator(game, **settings)  # checks the settings before any work
    n = game.num_players
    if luck_view not in ("seat", "table"):
        raise TabletopError(f"luck_view must be 'seat' or 'table', got {luck_view!r}")
    views: list = list(range(n)) if ev.hidden and luck_view == "seat" else [None]
    rng = np.random.default_rng(np.random.SeedSequence(seed, spawn_key=(2**31 - 1,)))

    labels = [game.action_label(s, a) for s, a in zip(states, actions)]
    # the work: each chance event with a choice of outcomes, each decision with a choice
    chance_at: list[int] = []
    decide_at: list[tuple[int, int, list]] = []
    for t, (s, a) in enumerate(zip(states, actions)):
        p = game.current_player(s)
        if p == CHANCE:
            if len(game.chance_outcomes(s)) > 1:
                chance_at.append(t)
        elif n_alt and len(game.legal_actions(s)) > 1:
            view = game.observation(s, p) if ev.hidden else s
            cands = _candidates(game, view, rng, a, n_alt, ev.policy)
            if len(cands) > 1:
                decide_at.append((t, p, cands))
    positions = sorted({0} | {u for t in chance_at for u in (t, t + 1)})
    # where nothing is hidden from anyone, every seat's view is the state: one estimate
    open_at = {t for t in positions if not ev.hidden
               or all(game.observation(states[t], i) == states[t] for i in range(n))}
    keys = [(t, v) for t in positions for v in ([None] if t in open_at else views)]
    items: list = [("value", states[t], v, t) for t, v in keys]
    items += [("actions", states[t], p, cands, t) for t, p, cands in decide_at]
    if executor is None:
        executor = "processes" if len(items) > PARALLEL_ESTIMATES and (os.cpu_count() or 1) > 1 \
            else "serial"
    bar = _Bar(progress, len(items), f"analysing {game.name}")
    # in the order of the game: an estimate's neighbours start from the next positions, so
    # they meet the same worlds (shared rollouts), and the long early rollouts go first
    at = [t for t, _ in keys] + [t for t, _, _ in decide_at]
    order = sorted(range(len(items)), key=lambda k: (at[k], k))
    try:
        ran = _run(game, settings, [items[k] for k in order], executor, bar)
    finally:
        bar.close()
    results: list = [None] * len(items)
    for k, res in zip(order, ran):
        results[k] = res
    values = {}
    for key, res in zip(keys, results):
        for v in (views if key[1] is None else [key[1]]):
            values[(key[0], v)] = res
    done = len(keys)

    curve: list[tuple] = []
    start = [0.0] * n
    for v in views:
        val = values[(0, v)]
        for i in ([v] if v is not None else range(n)):
            start[i] = val.win[i]
            curve.append((0, i, val.win[i], val.low[i], val.high[i]))
    chance: list[ChanceEvent] = []
    # each seat's luck in each world, summed over the events: the worlds are the
    # independent draws of the estimate, so their spread is its noise (paired: what the
    # estimates before and after an event share cancels, as it does in the luck; summed
    # in each world first: an estimate that ends one event's luck and begins the next one's
    # counts once, as it does in the total)
    per_world = np.zeros((n, ev.rollouts))
    for t in chance_at:
        s = states[t]
        exp, aft, se = [0.0] * n, [0.0] * n, [0.0] * n
        for v in views:
            before, after = values[(t, v)], values[(t + 1, v)]
            for i in ([v] if v is not None else range(n)):
                exp[i], aft[i] = before.win[i], after.win[i]
                d = after.worlds[:, i] - before.worlds[:, i]
                per_world[i] += d
                se[i] = _se(d)
                curve.append((t + 1, i, after.win[i], after.low[i], after.high[i]))
        outs = game.chance_outcomes(s)
        others = tuple((game.action_label(s, o), float(pr)) for o, pr in outs) \
            if len(outs) <= max_outcomes else ()
        chance.append(ChanceEvent(t, labels[t], len(outs), tuple(exp), tuple(aft),
                                  tuple(x - y for x, y in zip(aft, exp)), others, tuple(se)))
    decisions: list[Decision] = []
    for k, (t, p, cands) in enumerate(decide_at):
        s, vals = states[t], results[done + k]
        decisions.append(_judge(game, t, s, p, cands, cands.index(actions[t]), vals, labels[t]))
        chosen = vals[cands.index(actions[t])]
        curve.append((t + 1, p, chosen.win[p], chosen.low[p], chosen.high[p]))

    end = _result(game, states[-1])
    for i in range(n):
        curve.append((len(actions), i, float(end[i]), float(end[i]), float(end[i])))
    seats = []
    bots = list(record.bots) + [""] * (n - len(record.bots))
    for i in range(n):
        mine = [d for d in decisions if d.seat == i]
        luck = sum(c.luck[i] for c in chance)
        error = sum(d.error.value for d in mine)
        luck_se = _se(per_world[i]) if chance else 0.0
        error_se = math.sqrt(sum(((d.error.high - d.error.low) / (2 * Z95)) ** 2 for d in mine))
        name = game.player_name(i)
        seats.append(SeatFigures(i, name, str(bots[i]), start[i], float(end[i]), luck, error,
                                 len(mine), sum(d.tag == "mistake" for d in mine),
                                 sum(d.tag == "blunder" for d in mine),
                                 _verdict(name, float(end[i]), luck, error, luck_se, error_se),
                                 luck_se, error_se,
                                 sum(d.points.value for d in mine if d.points is not None),
                                 sum(d.missed.value for d in mine if d.missed is not None)))
    swings = [TurningPoint(c.index, "luck", max(range(n), key=lambda i: abs(c.luck[i])), c.label,
                           max(c.luck, key=abs)) for c in chance]
    swings += [TurningPoint(d.index, "error", d.seat, f"{d.label} (the bot's choice: "
                            f"{d.reference_label})", -d.error.value)
               for d in decisions if d.error.value > 0]
    swings.sort(key=lambda x: (-abs(x.swing), x.index))
    shown = dict(settings, bot=bot_name(bot), alternatives=n_alt, luck_view=luck_view,
                 horizon="game" if ev.horizon is None else ev.horizon)
    return GameAnalysis(game, record, labels, sorted(curve), decisions, chance, seats,
                        swings[:5], shown)


def _cross_fit(m: np.ndarray, ci: int) -> tuple[Estimate, list[int]]:
    """The cross-fitted error of action ``ci`` among the rows of ``m`` (actions x worlds).

    The worlds are split in two halves; the action that looks best on each half (ties go to
    the chosen one) is measured against the chosen one on the other half; the error is the
    mean over all worlds of those paired differences, with the half's picks.

    >>> import numpy as np
    >>> e, picks = _cross_fit(np.array([[0., 0, 1, 1], [1., 1, 0, 0]]), 0)
    >>> e.value, picks
    (-0.5, [1, 0])
    """
    r = m.shape[1]
    half = r // 2
    parts = (slice(0, half), slice(half, r))

    def pick(part: slice) -> int:
        return max(range(len(m)), key=lambda i: (float(m[i, part].mean()), i == ci))

    picks = [pick(parts[0]), pick(parts[1])]  # picked on one half, measured on the other
    if picks == [ci, ci]:
        return Estimate(0.0, 0.0, 0.0, r), picks
    diffs = [m[picks[k], parts[1 - k]] - m[ci, parts[1 - k]] for k in (0, 1)]
    err = mean_ci(np.concatenate(diffs).tolist())
    if math.isnan(err.low):
        err = Estimate(err.value, err.value, err.value, err.n)
    return err, picks


def _judge(game, t: int, s, p: int, cands: list, ci: int, vals: list, label: str) -> Decision:
    """A decision's error against the rollout bot's own choice, and the best found.

    ``cands[0]`` is the *reference*: the action the rollout bot would have played. The
    error is its value minus the chosen action's, paired on every world (common random
    numbers) with nothing picked from the noise, so it is unbiased, and its sum along a game
    is what the performance-difference identity says: the win chance the seat's play gave
    away against playing as the evaluator does, the rest of the change of its win chance
    being its luck and the other seats' moves. Measured against the best of several noisy
    values instead, a decision would also be charged the evaluator's own blind spots (what
    an alternative, then the rollout bot, gains over the rollout bot's own choice): a
    player who walks into positions where the rollout bot plays badly would be charged
    at every step, one whose win chance is gone never.

    The best found (``best_label``, ``missed``) is also given, as a hint of what might have
    been better: picked on one half of the worlds and measured against the chosen on the
    other, both ways (:func:`_cross_fit`), so that the largest of several noisy values does
    not find a gain in every decision. ``points`` is the error in points of score lead.
    """
    win = np.array([v.worlds[:, p] for v in vals], dtype=float)
    lead = np.array([v.lead(p) for v in vals], dtype=float)
    zero = Estimate(0.0, 0.0, 0.0, win.shape[1])

    def against_reference(m: np.ndarray) -> Estimate:
        if ci == 0:
            return zero
        e = mean_ci((m[0] - m[ci]).tolist())
        return Estimate(e.value, e.value, e.value, e.n) if math.isnan(e.low) else e

    err, points = against_reference(win), against_reference(lead)
    missed, picks = _cross_fit(win, ci)
    if picks == [ci, ci]:
        best = ci
    else:  # the one shown: the better (on every world) of the picks that are not the chosen
        best = max((i for i in picks if i != ci), key=lambda i: float(win[i].mean()))
    sure = ci != 0 and err.low > 0
    tag = ("blunder" if err.value >= BLUNDER else "mistake" if err.value >= MISTAKE else "") \
        if sure else ""
    alts = tuple((game.action_label(s, c), vals[i].win[p], vals[i].score[p])
                 for i, c in enumerate(cands))
    return Decision(label=label, index=t, seat=p, best_label=game.action_label(s, cands[best]),
                    chosen=vals[ci].estimate(p), best=vals[best].estimate(p), error=err, tag=tag,
                    alternatives=alts, points=points, worlds=np.stack([win, lead]),
                    chosen_index=ci, missed=missed, reference_label=alts[0][0])


# ------------------------------------------------------------------------ many games
def dealt_ci(rows, column: str) -> Estimate:
    """The mean of ``column`` over ``rows`` with a 95% interval that counts each *deal* once.

    The skill ladder plays every line-up of a round on the same seed, so the games of one
    round are dealt the same set-up and meet much the same dice: their figures may be
    correlated, and an interval that took them as independent would then be too narrow. The
    rows of each ``round`` are averaged first and the interval is taken over those means (a
    cluster-robust interval); without a ``round`` column, over the rows.

    Parameters
    ----------
    rows : pandas.DataFrame
        One row per game and seat (or bot), with ``column`` and, where the games came from a
        ladder, ``round``.
    column : str
        The figure to average (``"luck"``, ``"error"``, ...).

    Returns
    -------
    Estimate
        The mean, its 95% interval and ``n``, the number of deals (or rows) it counts.

    Examples
    --------
    >>> import pandas as pd
    >>> t = pd.DataFrame({"round": [0, 0, 1, 1], "luck": [1.0, 1.0, -1.0, -1.0]})
    >>> e = dealt_ci(t, "luck")
    >>> e.value, e.n
    (0.0, 2)
    """
    if "round" not in rows:
        return mean_ci(rows[column].to_numpy())
    return mean_ci(rows.groupby("round")[column].mean().to_numpy())


def _analyse_one(game, record, opts: dict) -> "GameAnalysis":
    """Worker: one game's analysis (luck_and_skill on an executor)."""
    return analyse(game, record, **opts)


class LuckAndSkill:
    """The result of :func:`luck_and_skill`: luck and error over many analysed games.

    Attributes
    ----------
    table : pandas.DataFrame
        One row per game and seat: ``game``, ``lineup``, ``round``, ``seat``, ``bot``,
        ``start`` (estimated win chance at the start), ``result`` (1 win, shared wins
        split), ``luck``, ``error``, ``points_error`` (the error in points of score lead),
        ``missed`` (what the best actions found would have added), ``decisions``.
    by_seat, by_bot : pandas.DataFrame
        Mean luck, error and points error per seat / per bot with 95% intervals
        (``luck_low``, ...), each round's games counted as one deal (:func:`dealt_ci`).
    luck_share : Estimate
        The share of the outcome explained by luck: of the spread (variance) of each
        seat's result about its start, the part the dice account for (luck), against the
        rest (everyone's decisions). 95% interval by resampling rounds (deals).
    ladder : SkillLadder
        The skill ladder of the same games (see :func:`luck_and_skill`).

    Examples
    --------
    >>> import tabletop_nb as tt
    >>> game = tt.load_game("pacal", players=2)
    >>> ls = tt.luck_and_skill(game, ["random", "greedy"], games=2, quick=True, progress=False)
    >>> sorted(ls.by_bot.bot)
    ['greedy', 'random']
    """

    def __init__(self, table, ladder, analyses: list, settings: dict):
        self.table = table
        self.ladder = ladder
        self.analyses = analyses
        self.settings = settings
        self.by_seat = self._means("seat")
        self.by_bot = self._means("bot")
        self.luck_share = self._share()

    def _means(self, key: str):
        import pandas as pd
        rows = []
        for k, g in self.table.groupby(key, sort=True):
            luck, err = dealt_ci(g, "luck"), dealt_ci(g, "error")
            pts = dealt_ci(g, "points_error") if "points_error" in g \
                else Estimate(float("nan"), float("nan"), float("nan"), 0)
            rows.append({key: k, "games": len(g), "luck": luck.value, "luck_low": luck.low,
                         "luck_high": luck.high, "error": err.value, "error_low": err.low,
                         "error_high": err.high, "points_error": pts.value,
                         "points_error_low": pts.low, "points_error_high": pts.high,
                         "win_rate": float(g.result.mean())})
        return pd.DataFrame(rows)

    def _share(self) -> Estimate:
        t = self.table
        d = (t.result - t.start).to_numpy()
        luck = t.luck.to_numpy()
        games = t.game.to_numpy()

        def share(idx):
            lk, rest = luck[idx], d[idx] - luck[idx]
            v_l, v_r = float(np.var(lk)), float(np.var(rest))
            return v_l / (v_l + v_r) if v_l + v_r > 0 else float("nan")

        all_idx = np.arange(len(t))
        value = share(all_idx)
        # resampled by deal: the games of one round share their dice (see dealt_ci)
        games = t["round"].to_numpy() if "round" in t else games
        ids = np.unique(games)
        if len(ids) < 2:
            return Estimate(value, float("nan"), float("nan"), len(ids))
        rng = np.random.default_rng(np.random.SeedSequence(self.settings.get("seed", 0),
                                                           spawn_key=(2**31 - 2,)))
        by_game = {g: np.flatnonzero(games == g) for g in ids}
        boots = [share(np.concatenate([by_game[g] for g in rng.choice(ids, len(ids))]))
                 for _ in range(400)]
        lo, hi = np.nanpercentile(boots, [2.5, 97.5])
        return Estimate(value, float(lo), float(hi), len(ids))

    def summary(self) -> str:
        """Luck share, each bot's mean luck and error, and the ladder's upset rate."""
        ls = self.luck_share
        lines = [f"{len(self.analyses)} games analysed: luck explains {_pct(ls.value)} of the "
                 f"spread of results ({_pct(ls.low)}-{_pct(ls.high)})."]
        for r in self.by_bot.itertuples():
            lines.append(f"{r.bot}: luck {100 * r.luck:+.1f} points per game "
                         f"({100 * r.luck_low:+.1f} to {100 * r.luck_high:+.1f}), errors "
                         f"{100 * r.error:.1f} points ({100 * r.error_low:.1f} to "
                         f"{100 * r.error_high:.1f}).")
        up = self.ladder.luck_share
        lines.append(f"The skill ladder of the same games: the weaker bot still finishes ahead "
                     f"{_pct(up.value)} of the time (its luck share).")
        return "\n".join(lines)

    def __repr__(self) -> str:
        return f"<LuckAndSkill:\n{self.summary()}>"


def luck_and_skill(game, bots: Sequence[Any] = ("random", "greedy"), games: int = 20,
                   seed: int = 0, *, quick: bool = False, rollouts: int | None = None,
                   alternatives: int | None = None, horizon: int | str | None = None,
                   executor: Any = None, progress: bool = True,
                   luck_view: str = "seat", bot: Any = "greedy",
                   evaluator_seed: int | None = None) -> LuckAndSkill:
    """Luck and skill over many games: each game analysed, the figures gathered.

    The games are the skill ladder's (:func:`tabletop_nb.skill_ladder` with the same
    ``bots``, ``games`` and ``seed``: the same line-ups on the same seeds), so the two
    studies read the very same games. The ladder's *luck share* counts how often the
    weaker of two adjacent bots still finished ahead (an upset rate: 50% is a coin flip);
    this one measures how much of the spread of results the dice explain, and it says why
    the upsets happened: in the games a weaker bot won, the dice favoured it. With two
    players and two bots the ladder's two line-ups are also
    :func:`~tabletop_nb.lab.compare.luck_vs_skill`'s two runs (same seed, same games), so
    its skilled win rate is the stronger bot's ``win_rate`` in ``by_bot``
    (up to shared wins, which count half here).

    Parameters
    ----------
    game : Game
        The game.
    bots : list of str or callables
        At least two, weakest first (as in the ladder).
    games : int, default 20
        At least this many games, rounded up to whole rounds of line-ups.
    seed : int, default 0
        The games' seed (the ladder's); game ``(lineup, round)``'s rollouts draw from its
        child ``SeedSequence(seed, spawn_key=(lineup, round))``.
    quick : bool, default False
        Analyse each game with the quick setting (see :func:`analyse`): luck only, no
        decision judged.
    rollouts, alternatives, horizon, luck_view, bot
        As in :func:`analyse` (``bot`` plays the rollouts: the evaluator).
    evaluator_seed : int, optional
        The rollouts' own root, apart from the games': game ``(lineup, round)``'s rollouts
        then draw from ``SeedSequence(evaluator_seed, spawn_key=(lineup, round))``, so the
        same games can be analysed again on other worlds (None: ``seed``).
    executor : None, "serial", "processes" or Executor
        Where the games are played and analysed, one game per task (None: this process;
        "processes": a pool of one process per core).
    progress : bool, default True
        A progress bar over the games.

    Returns
    -------
    LuckAndSkill

    Examples
    --------
    >>> import tabletop_nb as tt
    >>> game = tt.load_game("pacal", players=2)
    >>> ls = tt.luck_and_skill(game, ["random", "greedy"], games=2, quick=True, progress=False)
    >>> len(ls.table), 0 <= ls.luck_share.value <= 1
    (4, True)
    """
    import pandas as pd

    from ..core.runner import root_entropy, seed_sequence, simulate
    from .ladder import SkillLadder, _check_games, lineups

    games = _check_games(games)
    if evaluator_seed is not None and (isinstance(evaluator_seed, bool)
                                       or not isinstance(evaluator_seed, (int, np.integer))
                                       or evaluator_seed < 0):
        raise TabletopError(f"evaluator_seed must be a whole number of at least 0 or None "
                            f"(None: the games' seed), got {evaluator_seed!r}")
    root_of_worlds = seed if evaluator_seed is None else int(evaluator_seed)
    if isinstance(bots, (str, bytes)) or callable(bots) or len(list(bots)) < 2:
        raise TabletopError("luck_and_skill needs a list of at least 2 bots, e.g. ['random', 'greedy']")
    specs = list(bots)
    for b in specs:
        resolve_bot(game, b)
    names = [bot_name(b) for b in specs]
    if len(set(names)) != len(names):
        raise TabletopError(f"the bots need different names, got {names}")
    players = game.num_players
    schedule = lineups(len(specs), players)
    rounds = -(-games // len(schedule))
    root = root_entropy(seed_sequence(seed))
    run = "serial" if executor in (None, "serial") else executor
    parts, records = [], []
    for li, lineup in enumerate(schedule):
        t, recs = simulate(game, [specs[i] for i in lineup], games=rounds, seed=root,
                           executor=run, progress=False, keep_records=True)
        parts.append(t.assign(round=t["game"], lineup=li))
        records += [(li, r, rec) for r, rec in enumerate(recs)]
    table = pd.concat(parts, ignore_index=True)
    table["game"] = table["lineup"] * rounds + table["round"]
    ladder = SkillLadder(table, names, game_name=game.name, players=players, seed=root,
                         bootstrap=200)
    rows, analyses = [], []
    opts: dict[str, Any] = {"bot": bot, "rollouts": rollouts, "alternatives": alternatives,
            "horizon": horizon, "quick": quick, "seed": seed, "executor": "serial",
            "progress": False, "luck_view": luck_view}
    bar = _Bar(progress, len(records), f"analysing {game.name} games", unit="game")
    own = None
    if executor == "processes":
        import multiprocessing as mp
        from concurrent.futures import ProcessPoolExecutor
        ctx = mp.get_context("fork") if "fork" in mp.get_all_start_methods() else mp.get_context("spawn")
        executor = own = ProcessPoolExecutor(max_workers=os.cpu_count() or 1, mp_context=ctx)
    try:
        # each game's rollouts from its own child of the seed (SPEC 7): the same worlds in
        # every game would repeat their quirks in every game
        def seeded(li: int, r: int) -> dict:
            kid = np.random.SeedSequence(root_of_worlds, spawn_key=(li, r))
            return {**opts, "seed": int(kid.generate_state(1, dtype=np.uint64)[0] >> 1)}
        if executor in (None, "serial"):
            done = (analyse(game, rec, **seeded(li, r)) for li, r, rec in records)
        else:  # one game per task, results in order
            futures = [executor.submit(_analyse_one, game, rec, seeded(li, r)) for li, r, rec in records]
            done = (f.result() for f in futures)
        for (li, r, rec), a in zip(records, done):
            analyses.append(a)
            for s in a.seats:
                rows.append({"game": li * rounds + r, "lineup": li, "round": r, "seat": s.seat,
                             "bot": s.bot, "start": s.start, "result": s.result, "luck": s.luck,
                             "error": s.error, "points_error": s.points_error, "missed": s.missed,
                             "decisions": s.decisions, "luck_se": s.luck_se,
                             "error_se": s.error_se})
            bar.update()
    finally:
        bar.close()
        if own is not None:
            own.shutdown(wait=True, cancel_futures=True)
    settings = {"bots": names, "games": len(records), "seed": seed,
                "evaluator_seed": evaluator_seed, "quick": quick,
                **{k: v for k, v in (analyses[0].settings.items() if analyses else ())
                   if k not in ("bot", "seed")}}
    return LuckAndSkill(pd.DataFrame(rows), ladder, analyses, settings)
