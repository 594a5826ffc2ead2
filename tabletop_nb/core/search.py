"""A search bot for every game: determinized flat Monte Carlo with sequential halving.

At a decision the bot

1. looks only at what its seat may see (``game.observation``), so a hidden card can never
   sway it;
2. asks the game which actions are worth comparing (``game.search_actions``; a decision
   with one legal or one sensible action is played at once, without a simulation); a
   candidate may be a :class:`Plan`, a macro-action (a legal action now, then a policy
   for the seat's next decisions inside the rollouts), so whole turns can be compared;
3. spends its budget of simulations on those candidates by *sequential halving*
   (Karnin, Koren and Somekh 2013): every round gives each surviving candidate the same
   number of simulations and keeps the better half, so most of the budget goes to the
   two or three actions that matter;
4. runs each simulation in a *determinized* world: the game's ``determinize`` hook fills
   in the hidden parts consistently with the seat's view, then the candidate is applied
   and every seat plays the rollout policy (``greedy`` where the game has it), chance
   sampled with ``sample_chance``, for ``game.search_horizon`` decisions or to the end;
5. values the end of a rollout for its own seat: a finished game by its result (1 for
   a win, shared wins split), a truncated one by the game's ``estimate_scores`` hook, as
   a smooth chance of being ahead of the best other seat.

Every candidate is measured on the same worlds and the same dice (common random
numbers): simulation ``j`` of every candidate starts from one seed, so differences
between candidates are differences between actions, not between luck. Everything the
bot draws comes from the Generator it is given, so the same seed gives the same
decisions (with ``time_limit`` the budget depends on the clock, so only the simulation
budget is reproducible). ``docs/search_bot.md`` explains the choices and gives the measured
strength.

Examples
--------
>>> import tabletop_nb
>>> from tabletop_nb.core.search import SearchBot
>>> game = tabletop_nb.load_game("pacal", players=2)
>>> rec = tabletop_nb.play(game, bots=[SearchBot(simulations=8), "greedy"], seed=1)
>>> rec.bots
('search:8', 'greedy')
"""
from __future__ import annotations

import math
import time
from typing import Any, Callable, NamedTuple

import numpy as np

from .basebots import plain_bots, unknown_bot
from .errors import TabletopError
from .protocol import CHANCE, TERMINAL

__all__ = ["SearchBot", "Plan", "search", "DEFAULT_SIMULATIONS", "parse_search_name"]

#: simulations per decision of the ``"search"`` bot (the strength run in docs/search_bot.md
#: measures this budget)
DEFAULT_SIMULATIONS = 16


class Plan(NamedTuple):
    """A candidate that is more than one action: a macro-action a game's ``search_actions``
    may offer beside plain actions.

    ``action`` is the legal action the bot plays now if the plan wins; inside a rollout,
    ``follow(game, state, rng)`` then plays the searching seat's next decisions (in place
    of the rollout policy) until it returns None, which hands them back to the rollout
    policy for good. A game whose turn is many small steps can so compare whole routes
    ("sail for the Market this turn") while what the bot returns is always one legal
    action; at its next decision the search compares the plans again from there.

    Parameters
    ----------
    action : object
        The legal action played now if the plan wins.
    follow : callable, optional
        ``follow(game, state, rng)``: the searching seat's next decisions inside a rollout,
        until it returns None.
    label : str, default ""
        A name for logs and tests.

    Examples
    --------
    >>> p = Plan("stop", label="stay here")
    >>> p.action, p.follow is None, p.label
    ('stop', True, 'stay here')
    """

    action: Any
    follow: Callable | None = None
    label: str = ""


def _action_of(candidate):
    return candidate.action if type(candidate) is Plan else candidate


class SearchBot:
    """A bot that compares its candidate actions by simulated play (see the module).

    Parameters
    ----------
    simulations : int
        Rollouts per decision, shared among the candidates (at least one each).
    time_limit : float or None
        Seconds of thinking per decision; the search stops early when they are spent
        (then decisions depend on the machine's speed, not only on the seed).
    rollout : str or callable
        The policy every seat plays inside a simulation: a bot name or a callable bot.
        ``"greedy"`` (the default) falls back to ``"random"`` for games without one.
    horizon : int, "game" or None
        Decisions a rollout plays before the game's ``estimate_scores`` values it.
        None: the game's ``search_horizon`` (its own choice); ``"game"``: to the end.

    Examples
    --------
    >>> import tabletop_nb
    >>> game = tabletop_nb.load_game("pacal", players=2)
    >>> bot = SearchBot(simulations=16)
    >>> bot.bot_name
    'search:16'
    >>> s = game.initial_state()
    >>> bot(game, s, np.random.default_rng(1)) in game.legal_actions(s)
    True
    """

    trusted = True  # it returns one of the legal actions given to it

    def __init__(self, simulations: int = DEFAULT_SIMULATIONS, time_limit: float | None = None,
                 rollout: Any = "greedy", horizon: int | str | None = None):
        if isinstance(simulations, bool) or not isinstance(simulations, (int, np.integer)) \
                or simulations < 1:
            raise TabletopError(f"simulations must be a whole number of at least 1, got {simulations!r}")
        if time_limit is not None and (isinstance(time_limit, bool)
                                       or not isinstance(time_limit, (int, float))
                                       or not time_limit > 0):
            raise TabletopError(f"time_limit must be a positive number of seconds or None, got {time_limit!r}")
        if horizon not in (None, "game") and (isinstance(horizon, bool)
                                              or not isinstance(horizon, (int, np.integer))
                                              or horizon < 1):
            raise TabletopError(f"horizon must be a whole number of at least 1, 'game' or None, got {horizon!r}")
        if not (isinstance(rollout, str) or callable(rollout)):
            raise TabletopError(f"rollout must be a bot name or a callable bot, got {rollout!r}")
        self.simulations = int(simulations)
        self.time_limit = None if time_limit is None else float(time_limit)
        self.rollout = rollout
        self.horizon = horizon if horizon in (None, "game") else int(horizon)
        self._policies: dict = {}

    # -- naming and pickling -------------------------------------------------------------
    @property
    def bot_name(self) -> str:
        """``search:N`` (and ``/Ts`` with a time limit): what tables and logs show."""
        name = f"search:{self.simulations}"
        if self.time_limit is not None:
            name += f"/{self.time_limit:g}s"
        return name

    def __repr__(self) -> str:
        return (f"SearchBot(simulations={self.simulations}, time_limit={self.time_limit}, "
                f"rollout={self.rollout!r}, horizon={self.horizon!r})")

    def __eq__(self, other: Any) -> bool:
        return type(other) is SearchBot and self._key() == other._key()

    def __hash__(self) -> int:
        return hash(self._key())

    def _key(self):
        return (self.simulations, self.time_limit, self.rollout, self.horizon)

    def __getstate__(self):
        # the resolved rollout policies belong to one process's games: rebuilt on demand
        return {"simulations": self.simulations, "time_limit": self.time_limit,
                "rollout": self.rollout, "horizon": self.horizon}

    def __setstate__(self, d):
        self.__dict__.update(d)
        self._policies = {}

    # -- the decision ----------------------------------------------------------------------
    def _policy(self, game):
        pol = self._policies.get(game)
        if pol is None:
            # the bots without search, by name (core/bots.py names the search bot too, and
            # imports this module: asking it here would make the two import each other)
            spec = self.rollout
            if callable(spec):
                pol = spec
            else:
                bots = plain_bots(game)
                if spec == "greedy" and "greedy" not in bots:
                    spec = "random"
                pol = bots.get(spec)
                if pol is None:
                    if parse_search_name(spec) is None:  # "search:N" raises for a bad N
                        raise unknown_bot(game, spec, set(bots) | {"search"})
                    pol = SearchBot()
            if isinstance(pol, SearchBot):
                raise TabletopError("a search bot cannot use a search bot as its rollout policy")
            if len(self._policies) > 8:
                self._policies.clear()
            self._policies[game] = pol
        return pol

    def __call__(self, game, state, rng):
        legal = game.legal_actions(state)
        if len(legal) == 1:
            return legal[0]  # nothing to think about
        me = game.current_player(state)
        view = game.observation(state, me)  # never more than the seat may see
        candidates = game.search_actions(view, rng)
        if not candidates:
            raise TabletopError(f"{game.name}: search_actions offered no action")
        if len(candidates) == 1:
            return _action_of(candidates[0])
        policy = self._policy(game)
        horizon = game.search_horizon if self.horizon is None else \
            (None if self.horizon == "game" else self.horizon)
        base = int(rng.integers(2 ** 62))
        deadline = None if self.time_limit is None else time.perf_counter() + self.time_limit
        best = _action_of(candidates[_sequential_halving(game, view, me, candidates, self.simulations,
                                                         base, policy, horizon, deadline)])
        if best not in legal:  # a game hook offered something else: say so, never play it
            raise TabletopError(f"{game.name}: search_actions offered {best!r}, not a legal action")
        return best


def _sequential_halving(game, view, me, candidates, budget, base, policy, horizon, deadline,
                        confidence=1.0) -> int:
    """Index of the candidate to play after halving rounds that share ``budget`` rollouts.

    Candidate 0 is the game's preferred action (the rollout policy's own choice where the
    game follows it): it is never eliminated, and the best other candidate replaces it
    only when its advantage on the same worlds is more than ``confidence`` standard errors
    of the paired differences. With a few dozen noisy rollouts, an argmax alone would
    often trade a good heuristic move for a lucky one.
    """
    k = len(candidates)
    rounds = max(1, math.ceil(math.log2(k)))
    values: list[list[float]] = [[] for _ in range(k)]  # values[i][j]: world j
    alive = list(range(k))
    sim = 0
    out_of_time = False
    for r in range(rounds):
        # the budget left is shared by the rounds left, equally among the survivors
        left = budget - sum(len(v) for v in values)
        per = max(1, left // ((rounds - r) * len(alive)))
        for _ in range(per):
            for i in alive:
                values[i].append(_simulate(game, view, me, candidates[i], base, sim, policy, horizon))
            sim += 1
            if deadline is not None and time.perf_counter() > deadline:
                out_of_time = True
                break
        if out_of_time:
            break
        if len(alive) > 2:
            # keep the better half (and the preferred action); equal means keep the earlier
            rest = sorted((i for i in alive if i), key=lambda i: (-sum(values[i]) / len(values[i]), i))
            alive = [0] + sorted(rest[:max(1, math.ceil(len(alive) / 2) - 1)])
    challenger = max((i for i in alive if i), key=lambda i: (sum(values[i]) / len(values[i]), -i))
    n = len(values[challenger])
    diffs = [a - b for a, b in zip(values[challenger], values[0][-n:])]
    mean = sum(diffs) / n
    if n < 2:
        return challenger if mean > 0 else 0
    sd = math.sqrt(sum((d - mean) ** 2 for d in diffs) / (n - 1))
    return challenger if mean > confidence * sd / math.sqrt(n) + 1e-12 else 0


def _simulate(game, view, me, candidate, base, sim, policy, horizon) -> float:
    """One rollout after ``candidate`` (an action or a :class:`Plan`) in world ``sim``; the
    value for seat ``me`` in [0, 1]."""
    rng = np.random.Generator(np.random.PCG64([base, sim]))
    world = game.determinize(view, me, rng)
    follow = None
    if type(candidate) is Plan:
        follow = candidate.follow
        candidate = candidate.action
    s = game.apply_trusted(world, candidate)
    current, sample, apply_trusted = game.current_player, game.sample_chance, game.apply_trusted
    decisions = 0
    limit = horizon if horizon is not None else getattr(game, "max_actions", 100_000)
    while decisions < limit:
        p = current(s)
        if p == TERMINAL:
            win = game.winners(s)
            return 1.0 / len(win) if me in win else 0.0
        if p == CHANCE:
            s = apply_trusted(s, sample(s, rng))
        else:
            a = None
            if follow is not None and p == me:
                a = follow(game, s, rng)
                if a is None:
                    follow = None  # the plan is over: the rollout policy plays on
            s = apply_trusted(s, policy(game, s, rng) if a is None else a)
            decisions += 1
    if current(s) == TERMINAL:
        win = game.winners(s)
        return 1.0 / len(win) if me in win else 0.0
    return _ahead(game.estimate_scores(s), me)


def _ahead(est, me) -> float:
    """A smooth chance of finishing ahead: a logistic in the margin over the best other seat,
    on a scale of a tenth of the mean score (so it means the same in every game)."""
    mine = float(est[me])
    others = max(float(v) for i, v in enumerate(est) if i != me)
    scale = max(1.0, 0.1 * sum(abs(float(v)) for v in est) / len(est))
    z = (mine - others) / scale
    return 1.0 / (1.0 + math.exp(-max(-30.0, min(30.0, z))))


def search(simulations: int = DEFAULT_SIMULATIONS, time_limit: float | None = None,
           rollout: Any = "greedy", horizon: int | str | None = None) -> SearchBot:
    """A search bot with a chosen budget (see :class:`SearchBot`).

    Parameters
    ----------
    simulations : int, default 16
        Rollouts per decision.
    time_limit : float, optional
        Seconds per decision (then decisions depend on the machine's speed).
    rollout : str or callable, default "greedy"
        The policy inside the rollouts.
    horizon : int, "game" or None
        Decisions a rollout plays before the game's ``estimate_scores``.

    Returns
    -------
    SearchBot
        The bot.

    Examples
    --------
    >>> from tabletop_nb.core.search import search
    >>> search(simulations=400).bot_name
    'search:400'
    """
    return SearchBot(simulations=simulations, time_limit=time_limit, rollout=rollout,
                     horizon=horizon)


def parse_search_name(name: str) -> SearchBot | None:
    """The bot a name ``"search"`` or ``"search:N"`` stands for; None for other names.

    Parameters
    ----------
    name : str
        A bot name.

    Returns
    -------
    SearchBot or None
        The bot with that budget.

    Examples
    --------
    >>> parse_search_name("search:64").simulations
    64
    >>> parse_search_name("greedy") is None
    True
    """
    if name == "search":
        return SearchBot()
    if not name.startswith("search:"):
        return None
    text = name[len("search:"):]
    if not text.isdigit() or int(text) < 1:
        raise TabletopError(f"{name!r}: a search budget is a whole number of simulations, "
                            f"for example 'search:400'")
    return SearchBot(simulations=int(text))
