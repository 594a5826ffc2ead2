"""What "balanced" means: the goals of a balance search.

A goal is a band that the *mean* of a per-game number must lie in: seat fairness (every
seat's win rate within ``1/players +- tol``), a game length (mean turns ``30 +- 3``), a
closeness (mean winning margin at most 5), a custom function of the per-game table, or
that skill still matters (a stronger bot finishes ahead of a weaker one at least this
often). :func:`tabletop_nb.balance` races rule settings against these bands.

Write goals as a dict (the short spelling) or as a list of the constructors below::

    goals = {"fair": 0.02, "turns": (30, 3), "winning_margin": {"at_most": 5}}
    goals = [fair(0.02), target("turns", 30, 3), at_most("winning_margin", 5),
             skill("greedy", "search:50", at_least=0.6)]

Every goal says how far a setting is from it in units of its tolerance (its *badness*:
at most 1 inside the band), so settings can be ranked and traded off across goals.
"""
from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any, Callable, Mapping, Sequence

import numpy as np

from ..core.errors import TabletopError

__all__ = ["Goal", "Stream", "fair", "target", "at_most", "at_least", "custom", "skill",
           "parse_goals"]


@dataclass(frozen=True)
class Stream:
    """One number per game whose mean must lie in ``[low, high]``.

    A goal bands one number per game (a target on ``turns``) or several (``fair``: each
    seat's win rate); :meth:`Goal.streams` gives them.

    Attributes
    ----------
    goal : str
        The name of the goal it belongs to.
    metric : str
        A column of the per-game table (``turns``, ``win_rate_seat_2``, ...).
    low, high : float
        The band the mean must lie in (``-inf`` or ``inf`` for a one-sided goal).
    centre : float or None
        The target (the band's middle), or None for a one-sided band (not NaN: NaN is
        not equal to itself, so two equal streams would compare unequal).
    scale : float
        One tolerance: the unit of :meth:`badness`.
    bounds : tuple of float, optional
        The range each game's value can take (known for rates: then the race uses an exact
        confidence sequence: beta-binomial for a seat's win rate, 0 or 1 per game, and
        empirical-Bernstein for others), or None.

    Examples
    --------
    >>> s = fair(0.02).streams(4)[0]
    >>> s.metric, s.low, s.high
    ('win_rate_seat_0', 0.23, 0.27)
    >>> s.inside(0.24, 0.26), s.outside(0.24, 0.3)
    (True, False)
    >>> round(s.badness(0.26), 6)   # half a tolerance from the centre
    0.5
    """

    goal: str
    metric: str
    low: float
    high: float
    centre: float | None
    scale: float
    bounds: tuple[float, float] | None = None

    def inside(self, lo: float, hi: float) -> bool:
        """The whole interval ``[lo, hi]`` lies in the band."""
        return self.low <= lo and hi <= self.high

    def outside(self, lo: float, hi: float) -> bool:
        """The whole interval lies outside the band."""
        return hi < self.low or lo > self.high

    def badness(self, mean: float) -> float:
        """How far ``mean`` is from the goal, in tolerances: at most 1 inside the band.

        A band with two finite ends measures from its centre; a one-sided band is 0
        anywhere inside and ``1 + excess / scale`` outside."""
        if math.isnan(mean):
            return math.inf
        if self.centre is not None:
            return abs(mean - self.centre) / self.scale
        excess = max(0.0, self.low - mean, mean - self.high)
        return 0.0 if excess == 0 else 1.0 + excess / self.scale

    def distance_bounds(self, lo: float, hi: float) -> tuple[float, float]:
        """Lower and upper bounds of :meth:`badness` for a mean anywhere in ``[lo, hi]``."""
        if math.isnan(lo) or math.isnan(hi):
            return 0.0, math.inf
        a, b = self.badness(lo), self.badness(hi)
        inner = self.badness(min(max(self.centre, lo), hi)) if self.centre is not None else min(a, b)
        return min(a, b, inner), max(a, b)


@dataclass(frozen=True)
class Goal:
    """One goal of a balance search; build it with :func:`fair`, :func:`target`,
    :func:`at_most`, :func:`at_least`, :func:`custom` or :func:`skill`.

    Attributes
    ----------
    name : str
        The goal's name in results and charts (by default its metric).
    kind : str
        ``"fair"``, ``"target"``, ``"at_most"``, ``"at_least"``, ``"custom"`` or ``"skill"``.
    metric : str, optional
        The column of the per-game table it bands (None for ``fair``, ``custom`` and
        ``skill``).
    low, high : float
        The band the mean must lie in (``-inf`` / ``inf`` for an open end).
    tol : float, optional
        The tolerance of a ``fair`` or ``target`` goal.
    scale : float
        One tolerance: the unit of a setting's badness.
    fn : callable, optional
        A custom goal's function of the per-game table.
    bounds : tuple of float, optional
        The range every per-game value lies in, if known.
    bots : tuple, optional
        A skill goal's ``(weaker, stronger)`` bots.

    Examples
    --------
    >>> g = target("turns", 30, 3)
    >>> g.kind, g.low, g.high
    ('target', 27.0, 33.0)
    >>> g.describe()
    'mean turns in 30 +- 3'
    >>> [s.metric for s in fair(0.05).streams(3)]
    ['win_rate_seat_0', 'win_rate_seat_1', 'win_rate_seat_2']
    """

    name: str
    kind: str  # "fair", "target", "at_most", "at_least", "custom", "skill"
    metric: str | None = None
    low: float = -math.inf
    high: float = math.inf
    tol: float | None = None
    scale: float = 1.0
    fn: Callable[[Any], Any] | None = field(default=None, compare=False)
    bounds: tuple[float, float] | None = None
    bots: tuple[Any, Any] | None = None  # skill: (weaker, stronger)

    def streams(self, players: int) -> list[Stream]:
        """The per-game numbers this goal bands, for a game of ``players`` seats."""
        if self.kind == "fair":
            assert self.tol is not None
            share = 1.0 / players
            return [Stream(self.name, f"win_rate_seat_{k}", share - self.tol, share + self.tol, share,
                           self.tol, (0.0, 1.0)) for k in range(players)]
        metric = self.metric or self.name
        if self.kind == "skill":
            metric = "skill_ahead"
        centre: float | None = (self.low + self.high) / 2 if math.isfinite(self.low) and math.isfinite(self.high) \
            else None
        return [Stream(self.name, metric, self.low, self.high, centre, self.scale, self.bounds)]

    def describe(self, players: int | None = None) -> str:
        """The goal in words."""
        what = self.metric or self.name
        if self.kind == "fair":
            share = f"1/{players}" if players else "1/players"
            return f"every seat wins {share} +- {self.tol:g}"
        if self.kind == "skill":
            weaker, stronger = (_bot_text(b) for b in self.bots or ("?", "?"))
            return f"{stronger} finishes ahead of {weaker} at least {self.low:g} of the time"
        if math.isfinite(self.low) and math.isfinite(self.high):
            return f"mean {what} in {(self.low + self.high) / 2:g} +- {(self.high - self.low) / 2:g}"
        if math.isfinite(self.high):
            return f"mean {what} at most {self.high:g}"
        return f"mean {what} at least {self.low:g}"

    def plain(self) -> dict:
        """JSON-friendly description (for checkpoints and saved results)."""
        def num(v: float) -> float | str:
            return v if math.isfinite(v) else ("inf" if v > 0 else "-inf")
        out = {"name": self.name, "kind": self.kind, "metric": self.metric, "low": num(self.low),
               "high": num(self.high), "tol": self.tol, "scale": self.scale,
               "bounds": list(self.bounds) if self.bounds else None,
               "bots": [_bot_text(b) for b in self.bots] if self.bots else None}
        if self.fn is not None:
            out["fn"] = getattr(self.fn, "__qualname__", repr(self.fn))
        return out


def _bot_text(b: Any) -> str:
    from ..core.bots import bot_name
    return bot_name(b)


def _number(v: Any, what: str) -> float:
    if isinstance(v, bool) or not isinstance(v, (int, float, np.integer, np.floating)) \
            or not math.isfinite(float(v)):
        raise TabletopError(f"{what} must be a finite number, got {v!r}")
    return float(v)


def _tolerance(tol: Any, what: str) -> float:
    t = _number(tol, what)
    if t <= 0:
        raise TabletopError(f"{what} must be above 0, got {tol!r}: no finite number of games can "
                            f"show that a mean hits a value exactly, so a tolerance of 0 can never be met")
    return t


def fair(tol: float, name: str = "fair") -> Goal:
    """Seat fairness: every seat's win rate within ``1/players +- tol`` (shared wins count
    for each winner).

    Parameters
    ----------
    tol : float
        The largest distance of a seat's win rate from a fair share: above 0, below 0.5.
    name : str, default "fair"
        The goal's name in results.

    Returns
    -------
    Goal

    Examples
    --------
    >>> fair(0.02).describe(4)
    'every seat wins 1/4 +- 0.02'
    """
    t = _tolerance(tol, "the fairness tolerance")
    if t >= 0.5:
        raise TabletopError(f"the fairness tolerance is a win-rate distance below 0.5, got {tol!r}")
    return Goal(name, "fair", tol=t, scale=t, bounds=(0.0, 1.0))


def target(metric: str, value: float, tol: float, name: str | None = None) -> Goal:
    """The mean of ``metric`` (a column of the per-game table) within ``value +- tol``.

    Parameters
    ----------
    metric : str
        A per-game metric (``"turns"``, ``"winning_margin"``, ...).
    value : float
        The target of its mean.
    tol : float
        How far from ``value`` the mean may lie (above 0).
    name : str, optional
        The goal's name in results; by default ``metric``.

    Returns
    -------
    Goal

    Examples
    --------
    >>> target("turns", 30, 3).describe()
    'mean turns in 30 +- 3'
    """
    v, t = _number(value, f"the target of {metric!r}"), _tolerance(tol, f"the tolerance of {metric!r}")
    return Goal(name or metric, "target", metric, v - t, v + t, tol=t, scale=t)


def at_most(metric: str, value: float, name: str | None = None, scale: float | None = None) -> Goal:
    """The mean of ``metric`` at most ``value``.

    Parameters
    ----------
    metric : str
        A per-game metric (``"winning_margin"``, ``"turns"``, ...).
    value : float
        The largest mean allowed.
    name : str, optional
        The goal's name in results; by default ``metric``.
    scale : float, optional
        What counts as one tolerance beyond ``value`` (for ranking settings that miss);
        by default ``|value|``, or 1 when ``value`` is 0.

    Returns
    -------
    Goal

    Examples
    --------
    >>> g = at_most("winning_margin", 5)
    >>> g.describe()
    'mean winning_margin at most 5'
    >>> g.streams(4)[0].badness(7.5)   # 2.5 beyond the bound, in units of 5
    1.5
    """
    v = _number(value, f"the bound of {metric!r}")
    s = _tolerance(scale, f"the scale of {metric!r}") if scale is not None else (abs(v) or 1.0)
    return Goal(name or metric, "at_most", metric, -math.inf, v, scale=s)


def at_least(metric: str, value: float, name: str | None = None, scale: float | None = None) -> Goal:
    """The mean of ``metric`` at least ``value``.

    Parameters
    ----------
    metric : str
        A per-game metric (``"turns"``, ...).
    value : float
        The smallest mean allowed.
    name : str, optional
        The goal's name in results; by default ``metric``.
    scale : float, optional
        What counts as one tolerance below ``value``; by default ``|value|``, or 1 when
        ``value`` is 0.

    Returns
    -------
    Goal

    Examples
    --------
    >>> at_least("turns", 20).describe()
    'mean turns at least 20'
    """
    v = _number(value, f"the bound of {metric!r}")
    s = _tolerance(scale, f"the scale of {metric!r}") if scale is not None else (abs(v) or 1.0)
    return Goal(name or metric, "at_least", metric, v, math.inf, scale=s)


def custom(name: str, fn: Callable[[Any], Any], *, target: float | None = None, tol: float | None = None,
           at_most: float | None = None, at_least: float | None = None,
           bounds: tuple[float, float] | None = None) -> Goal:
    """A goal on your own per-game number: ``fn(per_game)`` gets the per-game table (one
    row per game: ``turns``, ``winning_margin``, ``win_rate_seat_k``, ... and ``scores``,
    a tuple per game) and returns one number per game.

    Parameters
    ----------
    name : str
        The goal's name in results.
    fn : callable
        ``fn(per_game)`` -> one number per game (a Series or an array).
    target, tol : float, optional
        The mean must lie within ``target +- tol``; give both, or one of ``at_most`` /
        ``at_least``.
    at_most, at_least : float, optional
        A one-sided bound on the mean.
    bounds : tuple of float, optional
        ``(lo, hi)`` if every value lies in that range (the race's intervals are then
        exact).

    Returns
    -------
    Goal

    Examples
    --------
    >>> g = custom("seat 0 scores", lambda t: t["score_seat_0"], at_least=10)
    >>> g.describe()
    'mean seat 0 scores at least 10'
    """
    if not callable(fn):
        raise TabletopError(f"custom goal {name!r} needs a function of the per-game table, got {fn!r}")
    if target is not None:
        if tol is None or at_most is not None or at_least is not None:
            raise TabletopError(f"custom goal {name!r}: give target= with tol=, or at_most= / at_least=")
        v, t = _number(target, f"the target of {name!r}"), _tolerance(tol, f"the tolerance of {name!r}")
        goal = Goal(name, "custom", None, v - t, v + t, tol=t, scale=t, fn=fn)
    elif (at_most is None) == (at_least is None):
        raise TabletopError(f"custom goal {name!r}: give target= with tol=, or one of at_most= / at_least=")
    elif at_most is not None:
        goal = Goal(name, "custom", None, -math.inf, _number(at_most, f"the bound of {name!r}"),
                    scale=abs(float(at_most)) or 1.0, fn=fn)
    else:
        goal = Goal(name, "custom", None, _number(at_least, f"the bound of {name!r}"), math.inf,
                    scale=abs(float(at_least or 0)) or 1.0, fn=fn)
    if bounds is not None:
        lo, hi = (_number(b, f"the bounds of {name!r}") for b in bounds)
        if not hi > lo:
            raise TabletopError(f"custom goal {name!r}: bounds need low < high, got {bounds!r}")
        goal = Goal(goal.name, goal.kind, None, goal.low, goal.high, goal.tol, goal.scale, fn, (lo, hi))
    return goal


def skill(weaker: Any, stronger: Any, at_least: float = 0.6, name: str = "skill") -> Goal:
    """Skill still matters: in games of the stronger bot in one seat (in turn in every seat)
    against the weaker in the others, ``stronger`` finishes ahead of ``weaker`` at least
    ``at_least`` of the time (each pair of seats counts, shared ranks half, as on
    :func:`tabletop_nb.skill_ladder`; 0.5 = skill does not tell). Checked for the finalists
    only, on fresh seeds.

    Parameters
    ----------
    weaker, stronger : str or callable
        The two bots (names such as ``"greedy"`` and ``"search:50"``, or callables).
    at_least : float, default 0.6
        The smallest share of games ``stronger`` must finish ahead, between 0 and 1.
    name : str, default "skill"
        The goal's name in results.

    Returns
    -------
    Goal

    Examples
    --------
    >>> skill("greedy", "search:50", at_least=0.6).describe()
    'search:50 finishes ahead of greedy at least 0.6 of the time'
    """
    v = _number(at_least, "skill's at_least")
    if not 0 < v < 1:
        raise TabletopError(f"skill's at_least is a share of games between 0 and 1 (0.5 = skill does not "
                            f"tell), got {at_least!r}")
    return Goal(name, "skill", None, v, 1.0, scale=max(1e-9, 1 - v), bounds=(0.0, 1.0),
                bots=(weaker, stronger))


def _from_short(key: str, spec: Any) -> Goal:
    """One entry of the dict spelling."""
    if isinstance(spec, Goal):
        return spec if spec.name == key else Goal(key, *[getattr(spec, f) for f in
                                                          ("kind", "metric", "low", "high", "tol", "scale",
                                                           "fn", "bounds", "bots")])
    if key == "fair":
        return fair(spec)
    if key == "skill":
        if isinstance(spec, Mapping):
            return skill(**spec)
        if isinstance(spec, Sequence) and not isinstance(spec, str) and len(spec) in (2, 3):
            return skill(*spec)
        raise TabletopError(f"goal 'skill' is (weaker, stronger, at_least), e.g. ('greedy', 'search:50', 0.6), "
                            f"got {spec!r}")
    if isinstance(spec, Mapping):
        known = {"target", "tol", "at_most", "at_least", "scale"}
        unknown = set(spec) - known
        if unknown:
            raise TabletopError(f"goal {key!r}: unknown keys {sorted(unknown)}; use target= with tol=, "
                                f"at_most= or at_least=")
        if "target" in spec:
            if "tol" not in spec or set(spec) - {"target", "tol"}:
                raise TabletopError(f"goal {key!r}: target= goes with tol= (and nothing else)")
            return target(key, spec["target"], spec["tol"])
        if "at_most" in spec and "at_least" not in spec:
            return at_most(key, spec["at_most"], scale=spec.get("scale"))
        if "at_least" in spec and "at_most" not in spec:
            return at_least(key, spec["at_least"], scale=spec.get("scale"))
        raise TabletopError(f"goal {key!r}: give target= with tol=, or one of at_most= / at_least=")
    if isinstance(spec, Sequence) and not isinstance(spec, str) and len(spec) == 2:
        return target(key, spec[0], spec[1])
    raise TabletopError(f"goal {key!r}: write (target, tolerance), {{'at_most': x}}, {{'at_least': x}} "
                        f"or a Goal, got {spec!r}")


def _check_name(key: str, metrics: Sequence[str]) -> None:
    """A goal of the dict spelling names ``fair``, ``skill`` or a per-game metric: any other
    name is refused as a name (with the nearest known one), before its value is read."""
    import difflib
    known = ["fair", "skill", *metrics]
    if key in known:
        return
    near = difflib.get_close_matches(key, known, n=1, cutoff=0.6)
    hint = f"did you mean {near[0]!r}? " if near else ""
    raise TabletopError(f"unknown goal {key!r}: {hint}A goal is 'fair', 'skill' or a per-game metric: "
                        + ", ".join(metrics) + " (or a Goal from tabletop_nb.lab.goals, such as custom(...))")


def parse_goals(goals: Any, metrics: Sequence[str], players: int) -> list[Goal]:
    """Check ``goals`` (a dict or a list of :class:`Goal`) against the known per-game
    metrics, before any game is played.

    Parameters
    ----------
    goals : dict, Goal or list of Goal
        The short spelling (``{"fair": 0.02, "turns": (30, 3), "winning_margin":
        {"at_most": 5}, "skill": ("greedy", "search:50", 0.6)}``) or goals built with the
        constructors of this module.
    metrics : sequence of str
        The per-game metrics a goal may name.
    players : int
        The number of players (not used yet: a goal's numbers per seat come from
        :meth:`Goal.streams`).

    Returns
    -------
    list of Goal
        In the order given.

    Raises
    ------
    TabletopError
        For a goal that cannot be read, names an unknown metric, repeats a name, or a
        second skill goal.

    Examples
    --------
    >>> goals = parse_goals({"fair": 0.02, "turns": (30, 3)}, ["turns", "winning_margin"], 4)
    >>> [(g.name, g.kind) for g in goals]
    [('fair', 'fair'), ('turns', 'target')]
    >>> parse_goals({"length": (30, 3)}, ["turns", "winning_margin"], 4)
    Traceback (most recent call last):
    ...
    tabletop_nb.core.errors.TabletopError: unknown goal 'length': A goal is 'fair', 'skill' or a per-game metric: ...
    >>> parse_goals({"fiar": 0.05}, ["turns", "winning_margin"], 4)
    Traceback (most recent call last):
    ...
    tabletop_nb.core.errors.TabletopError: unknown goal 'fiar': did you mean 'fair'? ...
    """
    if isinstance(goals, Goal):
        goals = [goals]
    if isinstance(goals, Mapping):
        for k, v in goals.items():
            if not isinstance(v, Goal):
                _check_name(str(k), metrics)
        out = [_from_short(str(k), v) for k, v in goals.items()]
    elif isinstance(goals, Sequence) and not isinstance(goals, str) \
            and all(isinstance(g, Goal) for g in goals):
        out = list(goals)
    else:
        raise TabletopError("goals is a dict like {'fair': 0.02, 'turns': (30, 3)} or a list of goals "
                            "(tabletop_nb.lab.goals.fair(0.02), target('turns', 30, 3), ...); got "
                            f"{goals!r}")
    if not out:
        raise TabletopError("goals is empty: say what balanced means, e.g. {'fair': 0.02}")
    names = [g.name for g in out]
    if len(set(names)) != len(names):
        raise TabletopError(f"two goals share a name: {names}")
    for g in out:
        if g.kind in ("target", "at_most", "at_least") and g.metric not in metrics:
            import difflib
            near = difflib.get_close_matches(str(g.metric), list(metrics), n=1, cutoff=0.6)
            hint = f" (did you mean {near[0]!r}?)" if near else ""
            raise TabletopError(f"goal {g.name!r}: no per-game metric {g.metric!r}{hint}; the metrics are: "
                                + ", ".join(metrics))
    if sum(g.kind == "skill" for g in out) > 1:
        raise TabletopError("one skill goal at most")
    del players
    return out
