"""The balance search: which rule values make this game fair, at the length wanted, with
skill still mattering?

:func:`balance` answers a designer's real question in one call. It does not play a fixed
grid and pick the best-looking setting (the winner's curse: the best of many noisy
estimates is lucky, not good). It *races* the settings:

1. **Common random numbers.** Every candidate setting plays the same seeds (game ``i`` of
   every candidate starts from ``SeedSequence(seed, spawn_key=(i,))``), so the dice agree
   as far as the games agree.
2. **Racing with anytime-valid intervals.** Settings play in rounds of ``batch`` games.
   After each round, every goal's number (each seat's win rate, the mean length, ...) has
   a confidence sequence (:mod:`tabletop_nb.lab.sequential`) that holds at every round at
   once, so looking after every round costs no error. A setting leaves the race as soon
   as an interval shows it **cannot meet a goal** (lies outside the goal's band), or it
   is **beaten on every goal** by another setting (surely closer to every target; where
   both lie on the same side of a target this is judged on the *paired* differences of
   their games, which common random numbers make far less noisy than either setting
   alone). A setting whose intervals all lie inside the bands **meets every goal** and
   stops playing. Survivors get more games. The race ends when no setting is racing,
   when no more than ``finalists`` settings are left in it, at the ``budget``, or as soon
   as nothing the rest of the budget could decide would change which settings are
   confirmed. A seat's win rate (0 or 1 per game) has the exact beta-binomial sequence,
   other bounded numbers empirical Bernstein, unbounded ones the normal mixture.

   **The plan.** The first round is a pilot: from its spreads, the race's own interval
   widths and the speed just measured, :class:`BalancePlan` says how many games per
   setting the goals need, what the budget gives and the ways out (:func:`plan_balance`
   gives it alone).
3. **A model for big spaces.** With more combinations than ``max_candidates``, an N-tuple
   bandit (after NTBEA: Lucas, Liu & Perez-Liebana 2018) proposes new settings from the
   results so far, and they join the race.
4. **Confirmation on fresh seeds.** The finalists (settings that met every goal in the
   race first, then the closest survivors) play ``confirm_games`` games each on seeds
   never used in the race, one after another until one meets every goal, and the
   reported numbers come from those games only, so they are not the lucky maxima of the
   search. A setting **meets** a goal when its confirmation
   interval lies inside the band. Each finalist plays in quarters and stops early once its
   anytime-valid sequences show it misses a goal, or when neither meeting every goal nor
   being shown to miss one is within reach at the planned size (it then claims nothing).
   When the race leaves part of the budget unused, the confirmation may spend it: looks
   at 1, 2, 4, ... times its first size, each at an equal share of the level, and a
   finalist stops at the first look where it meets every goal (so a setting close to a
   band's edge can still be shown inside it). Skill checks (games between a weaker and a stronger
   bot) run only here: for a finalist that meets every other goal on its fresh games, and,
   when none met, for the one closest to the bands among those inside every band; each plays
   in quarters and stops as a finalist does (shown to miss, or neither answer within reach).
5. **An honest verdict, the answer first**: ``"met"`` (a setting meets every goal on
   fresh games), ``"likely"`` (a setting is inside every band on fresh games but its
   intervals are still wider than the tolerances), ``"none"`` ("no lever in this space":
   every setting misses a goal; the summary gives the best figure reached and, with
   ``levers=True``, the rules outside the space that move it) or ``"undecided"``.
   :meth:`BalanceResult.summary` leads with it, then the evidence, what to try next and
   the plan; when nothing was decided and the plan says the budget cannot resolve the
   goals, its first line says that first ("Not decidable with this budget: ..."), with the
   closest setting, a number the space is not shown to move and its levers, and the ways
   out.

Errors: every interval of the race holds at once, at every round, with probability at
least ``1 - alpha`` (Bonferroni: half of ``alpha`` over every setting that may race times
every goal number, half over every ordered pair of settings times every goal number; each
sequence is exact by Ville's inequality: Howard, Ramdas, McAuliffe & Sekhon 2021;
Waudby-Smith & Ramdas 2023), so with that probability no setting leaves the race wrongly
and none is passed wrongly, however the race stops. The confirmation's fixed-sample
intervals hold at once with probability at least ``1 - alpha`` over every finalist and
goal number, at a level fixed before the first finalist is played (each decision uses one
side of an interval, so each side is at that level); confirming the finalists in order and
stopping at the first that meets changes no level. "Meets" is read only from a finalist's
full planned games; "misses" from the anytime-valid sequence on its games (each side at
that level, at any number of games), so stopping a finalist early changes no level either
(nor does stopping a skill check early: its goal is met only on all its games).
With several looks, each look's fixed-sample intervals are at an equal share of that level
(Bonferroni over the looks, whose sizes come from the race's games alone), so reading
"meets" at the first look that shows it keeps the level too. So with probability at least
``1 - alpha`` no setting is reported to meet a goal it truly misses.

With a model proposing settings, a new setting replays the seeds the model has already
seen, so its race intervals are not strictly guaranteed (the choice of setting depended
on those games); the race then only decides who reaches the confirmation, and every claim
of the verdict still rests on the confirmation's fresh seeds alone.

The same seed gives the same result on every executor (serial, a process pool, Dask),
and with ``checkpoint=`` an interrupted study resumes with no game played twice.
"""
from __future__ import annotations

import itertools
import math
import time
import warnings
from dataclasses import dataclass, field
from statistics import NormalDist
from typing import Any, Callable, Iterable, Mapping, Sequence

import numpy as np

from ..core.errors import RulesError, TabletopError
from .goals import Goal, Stream, parse_goals
from .rule_paths import rule_path_value, with_rule_path
from .streams import (PlayedColumns, format_number, is_rate, metric_names, per_game_table, stream_interval,
                      stream_title, stream_values)

__all__ = ["balance", "plan_balance", "BalancePlan", "BalanceResult", "Candidate", "race_half_width",
           "games_to_resolve", "rule_path_value", "with_rule_path", "skill_seats",
           "CONFIRM_BASE", "SKILL_BASE"]

#: confirmation game ``i`` is game ``CONFIRM_BASE + i`` of the study's seed: never a race game
CONFIRM_BASE = 1 << 40
#: skill game (round ``r``) is game ``SKILL_BASE + r``: fresh seeds again
SKILL_BASE = 1 << 41
#: spawn key of the model's own random stream (which settings to propose)
_PROPOSER_KEY = (1 << 42) + 1

# --------------------------------------------------------------------------- candidates
@dataclass
class Candidate(PlayedColumns):
    """One setting of the rules in the race.

    :func:`balance` makes one per setting it races and reports them as the rows of
    :attr:`BalanceResult.candidates`.

    Attributes
    ----------
    label : str
        The setting in words: ``"handicap=8"``, ``"start_fish=2, jam_bonus=3"``.
    values : tuple
        The setting's value for each rule path searched, in the order of the space.
    game : Game
        The game with those rules.
    status : str
        ``"racing"``, ``"meets"`` (every interval inside its band: it stops playing) or
        ``"out"``.
    reason : str
        Why it left the race (empty while racing).
    round_out : int or None
        The round it stopped racing in (left the race, or met every goal); None while racing.
    order : int
        When it joined the race (0 first).
    columns : dict
        Goal number -> the per-game values of each round played (:meth:`stream` joins them).

    Examples
    --------
    >>> from tabletop_nb.lab.synthetic import KnownOddsGame
    >>> c = Candidate("handicap=8", (8,), with_rule_path(KnownOddsGame(), "handicap", 8))
    >>> c.status, c.games, c.game.rules.handicap
    ('racing', 0, 8)
    >>> c.columns["turns"] = [np.array([40, 38]), np.array([41])]   # two rounds' games
    >>> c.games, c.stream("turns").tolist()
    (3, [40, 38, 41])
    """

    label: str
    values: tuple
    game: Any
    status: str = "racing"  # "racing", "meets", "out"
    reason: str = ""
    round_out: int | None = None
    order: int = 0
    columns: dict[str, list[np.ndarray]] = field(default_factory=dict)


def _label(paths: Sequence[str], values: Sequence[Any]) -> str:
    return ", ".join(f"{p}={v!r}" for p, v in zip(paths, values))


def _check_space(game: Any, space: Any) -> tuple[list[str], list[list[Any]]]:
    """Every path and value of ``space``, each checked alone, before any game."""
    if not isinstance(space, Mapping) or not space:
        raise TabletopError("space is a dict of rule path -> values to try, e.g. {'start_coins': [6, 8, 10]}; "
                            f"got {space!r}")
    paths, values = [], []
    for path, vals in space.items():
        if path == "players":
            raise TabletopError("players is the table, not a rule to balance: run one study per player count "
                                "(load_game(..., players=n))")
        rule_path_value(game.rules, path)
        if isinstance(vals, (str, bytes)) or not isinstance(vals, Iterable):
            raise TabletopError(f"space[{path!r}] is a list or range of values to try, got {vals!r}")
        vals = list(vals)
        if not vals:
            raise TabletopError(f"space[{path!r}] is empty: give at least one value to try")
        plain = [repr(v) for v in vals]
        if len(set(plain)) != len(plain):
            raise TabletopError(f"space[{path!r}] lists a value twice: {vals}")
        for v in vals:
            with_rule_path(game, path, v)  # a bad value is refused naming its path
        paths.append(path)
        values.append(vals)
    return paths, values


def _build(game: Any, paths: Sequence[str], values: Sequence[Any]) -> Any:
    g = game
    for p, v in zip(paths, values):
        g = with_rule_path(g, p, v)
    return g


# --------------------------------------------------------------------------- per-game numbers
def _fixed_interval(x: np.ndarray, level: float, bounds: tuple[float, float] | None) -> tuple[float, float, float]:
    """A fixed-sample two-sided interval at ``level``: Wilson for 0/1 values, normal otherwise."""
    from ..core.stats import wilson
    x = x[~np.isnan(x)]
    n = len(x)
    if n == 0:
        return math.nan, -math.inf, math.inf
    z = NormalDist().inv_cdf(1 - level / 2)
    mean = float(x.mean())
    if np.isin(x, (0.0, 1.0)).all():
        e = wilson(float(x.sum()), n, z=z)
        return mean, e.low, e.high
    if n < 2:
        return mean, -math.inf, math.inf
    half = z * float(x.std(ddof=1)) / math.sqrt(n)
    lo, hi = mean - half, mean + half
    if bounds is not None:
        lo, hi = max(lo, bounds[0]), min(hi, bounds[1])
    return mean, lo, hi


# --------------------------------------------------------------------------- the model
class _Proposer:
    """An N-tuple bandit over rule values (after NTBEA): the mean fitness of every value
    of every rule (1-tuples) and of every pair of values (2-tuples) among the settings
    raced so far, with an exploration bonus; new settings are the best-scoring
    neighbours of the best settings so far, or random ones."""

    def __init__(self, sizes: Sequence[int], rng: np.random.Generator, explore: float = 1.0):
        self.sizes, self.rng, self.explore = list(sizes), rng, explore
        d = len(sizes)
        self.tuples = [(i,) for i in range(d)] + list(itertools.combinations(range(d), 2))
        self.stats: dict[tuple, tuple[float, int]] = {}
        self.total = 0

    def fit(self, scored: Sequence[tuple[tuple[int, ...], float]]) -> None:
        sums: dict[tuple, list[float]] = {}
        for idx, fitness in scored:
            for t in self.tuples:
                sums.setdefault((t, tuple(idx[i] for i in t)), []).append(fitness)
        self.stats = {k: (float(np.mean(v)), len(v)) for k, v in sums.items()}
        self.total = len(scored)

    def score(self, idx: tuple[int, ...]) -> float:
        vals = []
        log_n = math.log(self.total + 1)
        for t in self.tuples:
            mean, n = self.stats.get((t, tuple(idx[i] for i in t)), (0.0, 0))
            vals.append(mean + self.explore * math.sqrt(log_n / (n + 0.5)))
        return float(np.mean(vals))

    def random(self) -> tuple[int, ...]:
        return tuple(int(self.rng.integers(s)) for s in self.sizes)

    def propose(self, best: Sequence[tuple[int, ...]], seen: set, ok: Callable[[tuple], bool],
                count: int, pool: int = 64) -> list[tuple[int, ...]]:
        options: list[tuple[int, ...]] = []
        tries = 0
        while len(options) < pool and tries < pool * 20:
            tries += 1
            if best and self.rng.random() < 0.75:
                base = list(best[int(self.rng.integers(len(best)))])
                for _ in range(1 + int(self.rng.random() < 0.3)):
                    d = int(self.rng.integers(len(self.sizes)))
                    base[d] = int(self.rng.integers(self.sizes[d]))
                idx = tuple(base)
            else:
                idx = self.random()
            if idx in seen or idx in options or not ok(idx):
                continue
            options.append(idx)
        options.sort(key=lambda i: (-self.score(i), i))
        return options[:count]


# --------------------------------------------------------------------------- the result
class BalanceResult:
    """What :func:`balance` found.

    Attributes
    ----------
    verdict : str
        ``"met"``, ``"likely"``, ``"none"``, ``"undecided"`` or ``"interrupted"``.
    best : dict or None
        The rule values of the setting that meets every goal on fresh games (the closest
        to the targets among those that do), or None.
    candidates : pandas.DataFrame
        Every setting raced: its values, status (``meets``, ``out``, ``racing``), why it
        left, games played, each goal number's race estimate and interval, and its
        badness (1 = at the edge of a band).
    history : pandas.DataFrame
        The race round by round: per setting and goal number, games, mean and interval
        (for the race chart).
    finalists : pandas.DataFrame
        Per finalist and goal number, the confirmation estimate and interval on fresh
        seeds, the band, and whether the goal is met.
    games : dict
        Games played in the race, the confirmation and the skill checks, and in all.
    grid_games : int
        Games a fixed grid of every setting would have needed for intervals as decisive.

    Examples
    --------
    A game whose true odds are known (:mod:`tabletop_nb.lab.synthetic`): seat 0 wins 30
    points above a fair share unless a handicap gives them back.

    >>> from tabletop_nb.lab.synthetic import KnownOddsGame
    >>> res = balance(KnownOddsGame(players=2, edge=30), {"handicap": [0, 30]}, {"fair": 0.15},
    ...               bots="random", budget=200, batch=100, confirm_games=200,
    ...               executor="serial", progress=False)
    >>> res.verdict, res.best
    ('met', {'handicap': 30})
    >>> res.games
    {'race': 200, 'confirm': 200, 'skill': 0, 'total': 400}
    >>> res.candidates[["label", "status"]].values.tolist()
    [['handicap=0', 'out'], ['handicap=30', 'racing']]
    >>> print(res.candidates["reason"][0])
    cannot meet fair: win_rate_seat_0 is above its band [0.35, 0.65] (interval [...])
    >>> res.finalists_table().index.tolist()
    ['handicap=30']
    >>> BalanceResult.from_json(res.to_json()).best
    {'handicap': 30}
    """

    def __init__(self, info: dict, candidates, history, finalists):
        self.info = info
        self.candidates, self.history, self.finalists = candidates, history, finalists
        self.game_name: str = info["game"]
        self.players: int = info["players"]
        self.paths: list[str] = info["paths"]
        self.verdict: str = info["verdict"]
        self.best: dict | None = info["best"]
        self.games: dict = info["games"]
        self.grid_games: int = info["grid_games"]
        self.goals: list[dict] = info["goals"]
        self.unreachable: list[str] = info.get("unreachable", [])
        self.seconds: dict = info.get("seconds", {})

    # ---------------------------------------------------------------- words
    @property
    def plan(self) -> "BalancePlan | None":
        """The plan made after the first round (what the budget can resolve), or None."""
        p = self.info.get("plan")
        return BalancePlan.from_plain(p) if p else None

    def headline(self) -> str:
        """The answer in one line: the values that meet the goals, the closest setting and
        what is not sure yet, or "no lever in this space" with the best reachable figure."""
        i = self.info
        v = self.verdict
        if v == "met" and self.best is not None:
            label = _label(self.paths, list(self.best.values()))
            return f"Met: {label}: {self._figures(label)}."
        plan = self.plan
        skill_open = self._skill_open() if v in ("likely", "undecided") else None
        if skill_open:
            return skill_open
        if v in ("likely", "undecided") and plan is not None and not plan.enough:
            return self._out_of_reach(plan)
        if v == "likely" and i.get("closest"):
            label = _label(self.paths, list(i["closest"].values()))
            n = self._games_of(label)
            return (f"Likely: {label} is inside every band on {n:,} fresh games, but not surely: "
                    f"{self._unsure(label)}.")
        if v == "none":
            reach = self.reachable()
            if reach:
                r = reach[0]
                return (f"No lever in this space: {r['goal_text']} is out of reach; the best reachable "
                        f"{stream_title(r['stream'])} is {format_number(r['stream'], r['value'])} "
                        f"[{format_number(r['stream'], r['low'])}, {format_number(r['stream'], r['high'])}] "
                        f"({r['label']}), and it {_spread(r, 'across the {n} settings')}.")
            return "No lever in this space: " + i["verdict_text"]
        return i["verdict_text"]

    def _skill_open(self) -> str | None:
        """The first line when a finalist meets every goal but the skill goal on its fresh games
        and its skill check decided nothing (neither met nor shown to miss): that, first, with
        the skill games that would decide it at the share seen; None otherwise."""
        f = self.finalists
        if f is None or not len(f) or "skill_ahead" not in set(f["stream"]):
            return None
        for label, part in f.groupby("label", sort=False):
            rest, skill = part[part["stream"] != "skill_ahead"], part[part["stream"] == "skill_ahead"]
            if not len(rest) or not rest["met"].all() or not len(skill):
                continue
            r = next(skill.itertuples())
            if r.met or r.missed or not r.n:
                continue
            st = str(r.stream)
            n = int(self._games_of(str(label)))
            shown = ", ".join(f"{stream_title(x.stream)} {format_number(x.stream, x.value)} "
                              f"[{format_number(x.stream, x.low)}, {format_number(x.stream, x.high)}]"
                              for x in rest.itertuples())
            planned = self.info.get("skill_games")
            stop = ""
            if str(label) in (self.info.get("skill_stopped") or {}):
                stop = " (stopped: neither answer within reach" + (f" at {int(planned):,}" if planned else "") + ")"
            k = max(1, f["label"].nunique())
            z = NormalDist().inv_cdf(1 - float(self.info.get("alpha", 0.05)) / (k * len(part)))
            sd = (r.high - r.low) / 2 / z * math.sqrt(r.n)
            gap = r.value - r.band_low
            secs = (self.seconds or {}).get("skill", 0.0)
            played = (self.games or {}).get("skill", 0)
            rate = played / secs if secs and played else None

            def games(m: int) -> str:
                wait = m / rate if rate else 0.0
                return f"{m:,} skill games" + (f", about {_duration(wait)} at the rate measured" if wait >= 1 else "")
            if gap > 0 and sd > 0:
                need = math.ceil((z * sd / gap) ** 2)
                todo = f"To decide it: skill_games={need:,} shows it met at the share seen ({games(need)})."
            else:
                need = math.ceil((z * sd / max(-gap, 1e-9)) ** 2) if sd > 0 else 0
                todo = (f"At the share seen it is below the goal, so more skill games would more likely show it "
                        f"missed than met (at least {games(need)}); the ways out are the goal's own: a stronger "
                        f"bot, or a lower share.")
            return (f"Every goal but {r.goal} met: {label} meets them on {n:,} fresh games ({shown}); {r.goal} is "
                    f"not decided: {stream_title(st)} {format_number(st, r.value)} [{format_number(st, r.low)}, "
                    f"{format_number(st, r.high)}] against at least {format_number(st, r.band_low)} on {int(r.n):,} "
                    f"skill games{stop}. {todo}")
        return None

    def _unsure(self, label: str) -> str:
        """The goal numbers of finalist ``label`` not surely met, with intervals and bands."""
        return "; ".join(f"{stream_title(r.stream)} {format_number(r.stream, r.value)} "
                         f"[{format_number(r.stream, r.low)}, {format_number(r.stream, r.high)}] "
                         f"against {_band(r.stream, r.band_low, r.band_high)}"
                         for r in self._rows(label, lambda r: not r.met))

    def _out_of_reach(self, plan: "BalancePlan") -> str:
        """The first line when the plan says the budget cannot decide the goals: that, first,
        with what they need; then the closest setting, the numbers this space is not shown to
        move (with the levers known for them), and what to do."""
        i = self.info
        b = plan.binding
        secs = plan.seconds(plan.need_per_setting)
        when = f", about {_duration(secs)} a setting at {plan.rate:.0f} games/s" if secs else ""
        parts = [f"Not decidable with this budget: {plan.goal_text[b['goal']]} needs intervals of "
                 f"+-{b['resolve']:.3g}, about {plan.need_per_setting:,} games per setting{when}; this budget gives "
                 f"each {plan.budget_per_setting:,}: +-{b['budget_half']:.2g}"]
        label = _label(self.paths, list(i["closest"].values())) if i.get("closest") else None
        if label is not None:
            parts.append(f"closest: {label}, inside every band on {self._games_of(label):,} fresh games but not "
                         f"surely ({self._unsure(label)})")
        elif self.finalists is not None and len(self.finalists):
            f = self.finalists[self.finalists["n"] > 0]
            if len(f):
                gap = f.assign(gap=np.maximum(0.0, np.maximum(f["band_low"] - f["value"], f["value"] - f["band_high"])))
                worst = gap.groupby("label", sort=False)["gap"].max()
                near = str(worst.idxmin())
                # every number whose interval is not inside its band: an estimate outside
                # it, or one inside it with an interval across its edge
                unsure = [r for r in self._rows(near)
                          if r.n > 0 and not r.band_low <= r.low <= r.high <= r.band_high]
                shown = "; ".join(f"{stream_title(r.stream)} {format_number(r.stream, r.value)} "
                                  f"[{format_number(r.stream, r.low)}, {format_number(r.stream, r.high)}] against "
                                  f"{_band(r.stream, r.band_low, r.band_high)}"
                                  + (" (surely outside)" if r.missed else "") for r in unsure)
                parts.append(f"closest on fresh games: {near} ({self._games_of(near):,} games"
                             + (f"; not surely inside a band: {shown}" if shown else "") + ")")
        lev = i.get("levers") or {}
        for r in self.reachable()[:1]:
            if r.get("moved_by") is not None:
                continue
            st = r["stream"]
            text = (f"this space is not shown to move {stream_title(st)} ({format_number(st, r['min'])} to "
                    f"{format_number(st, r['max'])} across its {r['settings']} settings in the race")
            f = self.finalists
            fresh = f[f["stream"] == st].sort_values("value") if f is not None and len(f) else None
            if fresh is not None and len(fresh) > 1:
                def figure(row: Any) -> str:
                    return (f"{format_number(st, row.value)} [{format_number(st, row.low)}, "
                            f"{format_number(st, row.high)}] ({row.label})")
                text += (f"; {figure(next(fresh.head(1).itertuples()))} to "
                         f"{figure(next(fresh.tail(1).itertuples()))} on the {len(fresh)} finalists' fresh games")
            text += ")"
            found = lev.get("found", {}).get(st)
            if found:
                text += "; it moves with " + ", ".join(
                    f"{x['rule']} ({format_number(st, x['per_step'], signed=True)} per +1)" for x in found[:3])
            elif lev.get("tried"):
                res = (lev.get("resolution") or {}).get(st)
                text += (f"; no one-step change of {len(lev['tried'])} other rules moved it"
                         + (f" by more than the {format_number(st, res, signed=True).lstrip('+')} per step "
                            f"{lev.get('per_change', 0):,} paired games can show" if res else ""))
            parts.append(text)
        act = [f"widen {g} to +-{w:.2g}" for g, w in plan.widen_to().items()]
        need = self._confirm_need(label) if label is not None else 0
        if need:
            act.append(f"confirm {label} alone with confirm_games={need:,}")
        k = plan.settings_resolved()
        if k >= 1:
            act.append(_race_at_most(k))
        act.append(f"raise budget= to {plan.need_total:,}")
        return "; ".join(parts) + ". To decide: " + ", or ".join(act) + "."

    def reachable(self) -> list[dict]:
        """Per goal number that no setting surely meets: the best figure any setting reached
        (on fresh games for a finalist, else in the race), with its interval and setting, and
        the range of the estimates over every setting raced. The number furthest from its
        band first."""
        c, f = self.candidates, self.finalists
        if c is None or not len(c):
            return []
        goal_text = {g["name"]: g["text"] for g in self.goals}
        streams = [col[:-len("_low")] for col in c.columns if col.endswith("_low")]
        out = []
        for st in streams:
            band = None
            if f is not None and len(f) and st in set(f["stream"]):
                part = f[f["stream"] == st]
                band = (float(part["band_low"].iloc[0]), float(part["band_high"].iloc[0]))
                goal = str(part["goal"].iloc[0])
            else:
                h = self.history
                if h is None or not len(h) or st not in set(h["stream"]):
                    continue
                hp = h[h["stream"] == st]
                band = (float(hp["band_low"].iloc[0]), float(hp["band_high"].iloc[0]))
                goal = str(hp["goal"].iloc[0])
            if f is not None and len(f) and st in set(f["stream"]) and f[f["stream"] == st]["met"].any():
                continue
            if not any(c[st + "_low"].ge(band[0]) & c[st + "_high"].le(band[1])):
                est = c[st].astype(float)
                dist = [max(band[0] - x, x - band[1], 0.0) for x in est]
                k = int(np.argmin(dist))
                row = c.iloc[k]
                value, low, high = float(row[st]), float(row[st + "_low"]), float(row[st + "_high"])
                if f is not None and len(f):
                    fin = f[(f["stream"] == st) & (f["label"] == row["label"])]
                    if len(fin):
                        value, low, high = float(fin["value"].iloc[0]), float(fin["low"].iloc[0]), \
                            float(fin["high"].iloc[0])
                out.append({"stream": st, "goal": goal, "goal_text": goal_text.get(goal, goal), "label": row["label"],
                            "value": value, "low": low, "high": high, "band_low": band[0], "band_high": band[1],
                            "gap": dist[k], "min": float(est.min()), "max": float(est.max()),
                            "settings": int(len(c)), "moved_by": self._surely_apart(st)})
        out.sort(key=lambda r: -r["gap"])
        return out

    def _surely_apart(self, stream: str) -> tuple[str, str] | None:
        """Two settings whose intervals on ``stream`` do not overlap (the one surely lower
        first), or None: the evidence that this space moves the number at all. The race's
        intervals (anytime-valid, at the race's level) and the finalists' confirmation
        intervals (fixed-sample, at the confirmation's level) are each compared among
        themselves."""
        tables = []
        c = self.candidates
        if c is not None and len(c) and stream + "_low" in c.columns:
            tables.append(c[["label", stream + "_low", stream + "_high"]].set_axis(["label", "low", "high"], axis=1))
        f = self.finalists
        if f is not None and len(f) and stream in set(f["stream"]):
            tables.append(f[f["stream"] == stream][["label", "low", "high"]])
        for t in tables:
            t = t.dropna()
            if len(t) < 2:
                continue
            lo = t.loc[t["high"].idxmin()]
            hi = t.loc[t["low"].idxmax()]
            if float(hi["low"]) > float(lo["high"]):
                return str(lo["label"]), str(hi["label"])
        return None

    def next_steps(self) -> list[str]:
        """What to try next, concretely: the games the plan says the goals need, a band the
        budget can show, the levers known for a number out of reach."""
        out: list[str] = []
        plan = self.plan
        lev = self.info.get("levers") or {}
        unknown: list[str] = []
        for r in self.reachable()[:2]:
            found = lev.get("found", {}).get(r["stream"])
            title = stream_title(r["stream"])
            if found:
                shown = ", ".join(f"{x['rule']} ({format_number(r['stream'], x['per_step'], signed=True)} per +1 "
                                  f"[{format_number(r['stream'], x['low'], signed=True, unit=False)}, "
                                  f"{format_number(r['stream'], x['high'], signed=True, unit=False)}])"
                                  for x in found[:4])
                out.append(f"Levers for {title} outside this space (one step each, paired intervals): {shown}.")
            elif lev.get("tried"):
                # no lever found says only how small an effect those games could have shown, nothing
                # about the game lacking a rule
                res = (lev.get("resolution") or {}).get(r["stream"])
                size = (f"; an effect under about {format_number(r['stream'], res, signed=True).lstrip('+')} per +1 "
                        f"of a rule (or per switch) cannot show at {lev.get('per_change', 0):,} paired games a change"
                        if res else "")
                out.append(f"No one-step change of the {len(lev['tried'])} rules tried outside this space moved "
                           f"{title} surely ({lev.get('games', 0):,} games in all{size}; raise lever_games= to see "
                           f"smaller effects).")
            elif r.get("moved_by") is None:
                unknown.append(title)
            if r.get("moved_by") is not None:
                a, b = r["moved_by"]
                out.append(f"This space moves {title} ({a} surely below {b}): more games per setting, not other "
                           f"rules, tell which setting meets its band.")
        if unknown:
            out.append(f"Find the rules that move {' and '.join(unknown)}: tabletop_nb.levers(game, goals), or "
                       f"balance(..., levers=True).")
        if self.verdict == "likely" and self.info.get("closest"):
            label = _label(self.paths, list(self.info["closest"].values()))
            need = self._confirm_need(label)
            if need:
                out.append(f"Confirm {label} with confirm_games={need:,} (enough for the closest interval to "
                           f"clear its band's edge at the margin seen).")
        if plan is not None and not plan.enough and self.verdict in ("undecided", "likely"):
            widen = ", ".join(f"{g} to +-{w:.2g}" for g, w in plan.widen_to().items())
            k = plan.settings_resolved()
            out.append(f"To decide the race: widen a band ({widen}), {_race_at_most(max(1, k))}, or raise "
                       f"budget= to {plan.need_total:,}.")
        return out

    def summary(self) -> str:
        """The verdict in words, the answer first: the values (or "no lever in this space"
        with the best reachable figure), the evidence, what to try next, the games used, the plan."""
        i = self.info
        goals = "; ".join(g["text"] for g in self.goals)
        proposed = f" (proposed by a model among {i['grid']} combinations)" if i.get("model") else ""
        lines = [self.headline()]
        if self.verdict in ("likely", "undecided", "none"):
            for r in self.reachable()[:2]:
                lines.append(f"{stream_title(r['stream'])} {_spread(r, 'across the {n} settings raced')} "
                             f"(the closest: "
                             f"{format_number(r['stream'], r['value'])} [{format_number(r['stream'], r['low'])}, "
                             f"{format_number(r['stream'], r['high'])}], {r['label']}), against "
                             f"{_band(r['stream'], r['band_low'], r['band_high'])}"
                             + ("; no two settings surely differ on it, so this space is not shown to move it."
                                if r.get("moved_by") is None else "."))
        if lines[0] != i["verdict_text"]:
            lines.append(i["verdict_text"])
        stopped = i.get("confirm_stopped") or {}
        missed = set(self.finalists[self.finalists["missed"]]["label"]) if self.finalists is not None and \
            len(self.finalists) else set()
        unsure = {lab: n for lab, n in stopped.items() if lab not in missed}
        if unsure:
            planned = int(i.get("confirm_games") or 0)
            lines.append("Confirmation stopped early, neither meeting every goal nor missing one being within reach "
                         f"at {planned:,} fresh games: " + ", ".join(f"{lab} after {n:,}" for lab, n in unsure.items())
                         + ".")
        skill_stopped = i.get("skill_stopped") or {}
        if skill_stopped:
            f = self.finalists
            stops = []
            for lab, n in skill_stopped.items():
                row = f[(f["label"] == lab) & (f["stream"] == "skill_ahead")]
                how = "shown to miss" if len(row) and bool(row["missed"].iloc[0]) else "neither answer within reach"
                stops.append(f"{lab} after {n:,} ({how})")
            lines.append("Skill check stopped early: " + ", ".join(stops) + ".")
        if self.verdict == "none" and self.candidates is not None and len(self.candidates):
            front = self.pareto().sort_values("badness").head(3)
            bad = [c for c in front.columns if c.startswith("badness_")]
            shown = "; ".join(
                f"{r['label']} (" + ", ".join(f"{c[len('badness_'):]} {r[c]:.2f}" for c in bad) + ")"
                for _, r in front.iterrows())
            if shown:
                lines.append(f"Closest trade-offs (distance from each goal, 1 = the band's edge): {shown}.")
        nxt = self.next_steps()
        if nxt:
            lines.append("Next: " + " ".join(nxt))
        lines.append(f"Study: {self.game_name}, {self.players} players: {len(self.candidates)} settings of "
                     f"{', '.join(self.paths)}{proposed} raced for: {goals}.")
        g = self.games
        games = (f"Games: {g['race']:,} in the race, {g['confirm']:,} to confirm on fresh seeds"
                 + (f", {g['skill']:,} for the skill checks" if g.get("skill") else "")
                 + f" ({g['total']:,} in all)")
        if self.verdict in ("met", "none"):
            games += (f"; a fixed grid of every setting with intervals as decisive would have needed about "
                      f"{self.grid_games:,}")
        lines.append(games + ".")
        plan = self.plan
        if plan is not None:
            lines.append(plan.summary() if self.verdict != "met" else plan.summary().splitlines()[0])
        lev = self.info.get("levers")
        if lev and lev.get("games"):
            lines.append(f"Levers: {len(lev.get('tried', []))} rules outside the space tried by one step, "
                         f"{lev['games']:,} more games ({lev.get('seconds', 0):.0f} s).")
        return "\n".join(lines)

    def _rows(self, label: str, keep: Callable[[Any], bool] = lambda r: True) -> list:
        f = self.finalists
        if f is None or not len(f):
            return []
        return [r for r in f[f["label"] == label].itertuples() if keep(r)]

    def _games_of(self, label: str) -> int:
        rows = self._rows(label)
        return int(max((r.n for r in rows), default=0))

    def _figures(self, label: str) -> str:
        rows = self._rows(label)
        shown = ", ".join(f"{stream_title(r.stream)} {format_number(r.stream, r.value)} "
                          f"[{format_number(r.stream, r.low)}, {format_number(r.stream, r.high)}]" for r in rows)
        return f"every goal met on {self._games_of(label):,} fresh games ({shown})"

    def _confirm_need(self, label: str) -> int:
        """Fresh games for the unsure intervals of ``label`` to clear their band's edge, at the
        margin its estimate shows (a fixed-sample interval at the confirmation's level)."""
        rows = self._rows(label)
        if not rows:
            return 0
        k = max(1, self.finalists["label"].nunique())
        z = NormalDist().inv_cdf(1 - float(self.info.get("alpha", 0.05)) / (k * len(rows)))
        need = 0
        for r in rows:
            if r.met:
                continue
            margin = min(r.value - r.band_low, r.band_high - r.value)
            if not margin > 0:
                return 0
            # a rate's spread from its value; another number's from its interval (half-width = z sd / sqrt(n))
            sd = math.sqrt(r.value * (1 - r.value)) if is_rate(r.stream) else \
                (r.high - r.low) / 2 / z * math.sqrt(max(1, r.n))
            need = max(need, math.ceil((z * sd / margin) ** 2))
        return int(need)

    def pareto(self):
        """The settings no other beats on every goal (race estimates): the closest trade-offs."""
        c = self.candidates
        return c[c["pareto"]].reset_index(drop=True)

    def finalists_table(self):
        """One row per finalist: each goal's confirmation value [interval] and the verdict."""
        import pandas as pd
        f = self.finalists
        if f is None or not len(f):
            return pd.DataFrame()
        rows = []
        for label, part in f.groupby("label", sort=False):
            row: dict[str, Any] = {"setting": label, "verdict": part["verdict"].iloc[0]}
            for r in part.itertuples():
                mark = "met" if r.met else "missed" if r.missed else "not played" if r.n == 0 else "not sure"
                row[stream_title(r.stream)] = (f"{format_number(r.stream, r.value)} [{format_number(r.stream, r.low)}, "
                                               f"{format_number(r.stream, r.high)}] {mark}")
            row["games"] = int(part["n"].max())
            rows.append(row)
        out = pd.DataFrame(rows).set_index("setting")
        out.attrs["bands"] = {stream_title(r.stream): (r.band_low, r.band_high)
                              for r in f.drop_duplicates("stream").itertuples()}
        return out

    # ---------------------------------------------------------------- figures
    def race_figure(self, stream: str | None = None):
        """Each setting's interval round by round for one goal number (eliminated greyed)."""
        from .balance_charts import race_figure
        return race_figure(self, stream)

    def tradeoff_figure(self, x: str | None = None, y: str | None = None):
        """Two goals' badness per setting, the non-dominated ones marked."""
        from .balance_charts import tradeoff_figure
        return tradeoff_figure(self, x, y)

    def effects_figure(self):
        """The effect of each rule value on each goal (mean over the settings with it)."""
        from .balance_charts import effects_figure
        return effects_figure(self)

    def figure(self):
        """The finalists' confirmation intervals against the goals' bands."""
        from .balance_charts import finalists_figure
        return finalists_figure(self)

    # ---------------------------------------------------------------- saving
    def to_json(self) -> str:
        """The whole result as JSON text (``BalanceResult.from_json`` reads it back)."""
        import json

        def frame(df):
            return None if df is None else json.loads(df.to_json(orient="split", index=False))
        return json.dumps({"format": "tabletop_nb balance 1", "info": _jsonable(self.info),
                           "candidates": frame(self.candidates), "history": frame(self.history),
                           "finalists": frame(self.finalists)}, indent=1)

    def save(self, path) -> None:
        """Write :meth:`to_json` to a file."""
        with open(path, "w", encoding="utf-8") as f:
            f.write(self.to_json())

    @classmethod
    def from_json(cls, text: str) -> "BalanceResult":
        """Read a result written by :meth:`to_json` (or the command line)."""
        import json

        import pandas as pd
        try:
            data = json.loads(text)
        except json.JSONDecodeError as e:
            raise TabletopError(f"not a balance result: invalid JSON ({e})") from None
        if not isinstance(data, dict) or data.get("format") != "tabletop_nb balance 1":
            raise TabletopError("not a balance result (its 'format' is not 'tabletop_nb balance 1')")

        def frame(d):
            if d is None:
                return None
            try:
                return pd.DataFrame(d["data"], columns=d["columns"])
            except (KeyError, TypeError, ValueError) as e:
                raise TabletopError(f"a balance result's table is damaged ({e})") from None
        try:
            return cls(data["info"], frame(data["candidates"]), frame(data["history"]), frame(data["finalists"]))
        except (KeyError, TypeError) as e:
            raise TabletopError(f"a balance result is missing {e}") from None

    @classmethod
    def load(cls, path) -> "BalanceResult":
        """Read a result file."""
        with open(path, encoding="utf-8") as f:
            return cls.from_json(f.read())

    def _repr_html_(self) -> str:
        import html
        text = html.escape(self.summary()).replace("\n", "<br>")
        table = self.finalists_table()
        body = table.to_html() if len(table) else ""
        return f"<p>{text}</p>{body}"

    def __repr__(self) -> str:
        return f"<BalanceResult {self.verdict}>\n{self.summary()}"


def _band(stream: str, low: float, high: float) -> str:
    """A goal's band in words: "[21.0%, 29.0%]", "at most 5", "at least 0.55"."""
    if math.isfinite(low) and math.isfinite(high):
        return f"[{format_number(stream, low)}, {format_number(stream, high)}]"
    if math.isfinite(high):
        return f"at most {format_number(stream, high)}"
    return f"at least {format_number(stream, low)}"


def _jsonable(x: Any) -> Any:
    if isinstance(x, dict):
        return {str(k): _jsonable(v) for k, v in x.items()}
    if isinstance(x, (list, tuple)):
        return [_jsonable(v) for v in x]
    if isinstance(x, (np.integer,)):
        return int(x)
    if isinstance(x, (np.floating, float)):
        v = float(x)
        return v if math.isfinite(v) else str(v)
    if x is None or isinstance(x, (int, str, bool)):
        return x
    return repr(x)


# --------------------------------------------------------------------------- the search
def balance(game: Any, space: Mapping[str, Iterable[Any]], goals: Any, *, bots: Any = "greedy",
            seed: int | None = 0, budget: int = 20_000, batch: int = 100, confirm_games: int | None = None,
            finalists: int = 3, max_candidates: int = 64, pool: int = 12,
            constraints: Callable[[dict], bool] | Sequence[Callable[[dict], bool]] | None = None,
            skill_games: int = 40, alpha: float = 0.05, time_limit: float | None = None,
            executor: Any = None, checkpoint: Any = None, progress: Any = True,
            live: bool = False, on_round: Callable[[Any], None] | None = None, levers: Any = None,
            lever_games: int = 600) -> BalanceResult:
    """Search the rule values that meet every goal, honestly (see the module's docstring).

    Parameters
    ----------
    game : Game
        The game at the table size to balance (``load_game("pebble_rock", players=4)``).
    space : dict
        Rule path -> values to try, e.g. ``{"start_fish": [1, 2, 3, 4], "harbour_costs[0]":
        range(3, 7)}``. Paths are rule names with ``.field`` and ``[index]`` parts; every
        value is validated like any rule change before a game is played (a RulesError names
        the path). The settings are every combination (less those ``constraints`` reject
        or the rules refuse).
    goals : dict or list of Goal
        What balanced means: ``{"fair": 0.02, "turns": (30, 3), "winning_margin": {"at_most":
        5}, "skill": ("greedy", "search:50", 0.6)}``, or goals from
        :mod:`tabletop_nb.lab.goals` (``fair``, ``target``, ``at_most``, ``at_least``,
        ``custom``, ``skill``). Any per-game metric can be a goal.
    bots, seed, executor, checkpoint, progress
        As in :func:`tabletop_nb.compare_rules`. ``checkpoint`` keeps every finished game
        (race, confirmation and skill games): the same call again resumes with no game
        played twice and gives the result of an uninterrupted run.
    budget : int
        The most race games, all settings together. What the race leaves unused may lengthen
        the confirmation when ``confirm_games`` is None (see there).
    batch : int
        Games per setting per round of the race (decisions from 100 games on).
    confirm_games : int, optional
        Fresh games per finalist (the reported numbers come from these). By default
        enough that each goal number's confirmation interval is at most half a tolerance
        wide each side (for a win rate near its fair share; for other numbers at the
        spread seen in the race), at most 20,000; and when the race left at least twice that
        of its budget unused per finalist, up to 5 looks at 1, 2, 4, ... times a first size
        made for an equal share of the level, the last within that unused budget: a
        finalist stops at the first look where every interval is inside its band
        (``info["confirm_looks"]``).
    finalists : int
        How many settings are confirmed.
    max_candidates : int
        With more combinations than this, a model proposes settings (at most this many
        race in all, ``pool`` at a time); otherwise every combination races.
    constraints : callable or list of callables
        ``f(values) -> bool`` on a setting's ``{path: value}``; False leaves it out.
    skill_games : int
        Games per finalist for a skill goal (rounded up to whole rounds of
        :func:`skill_seats`: the stronger bot in one seat, in turn in every seat, the weaker
        in the others), played only by a finalist that meets every other goal on the fresh
        games (it may then meet them all) and, when none did, by the one closest to the
        bands among those inside every band (it may then be ``likely``). A search bot thinks at each of its turns, so these are the dearest
        games of a study; 40 gives an interval of about +-0.15 on the share: raise it for a
        sharper check. The rounds are played in quarters; a check stops early once it is shown
        to miss the goal or neither answer is within reach at this size, and the goal is met
        only on all of them (``info["skill_stopped"]``).
    alpha : float
        The error of the race (wrongly eliminating or passing a setting) and, separately,
        of the confirmation (reporting a setting to meet a goal it misses).
    time_limit : float, optional
        Seconds from the call's start (checks and set-up included) for the race; it ends
        after the round that passes them. The confirmation and skill games come after and
        are not bounded by it: bound them with ``confirm_games`` and ``skill_games``. (A
        result under a time limit depends on the machine's speed; a ``budget`` alone is
        reproducible.)
    live : bool
        Show a race chart in the notebook that updates after every round.
    on_round : callable, optional
        ``on_round(history)`` after every round with the race so far (a DataFrame).
    levers : bool or LeversResult, optional
        When no setting surely meets a goal number, name the rules outside the space that
        move it: ``True`` runs :func:`tabletop_nb.levers` on the game's other numeric and
        on/off rules for those numbers after the verdict (``lever_games`` games per
        one-step change at most, common seeds, paired intervals); a :class:`LeversResult`
        already made is used as it is. The levers found are in ``info["levers"]`` and in
        :meth:`BalanceResult.summary`.
    lever_games : int, default 600
        The most games per one-step change when ``levers=True``.

    Returns
    -------
    BalanceResult
        ``.verdict``, ``.best``, ``.summary()``, ``.finalists_table()``, ``.candidates``,
        ``.pareto()``, ``.race_figure()``, ``.tradeoff_figure()``, ``.effects_figure()``,
        ``.figure()``, ``.save(path)``.

    Examples
    --------
    On a game whose true odds are known (:mod:`tabletop_nb.lab.synthetic`: seat 0 wins 30
    points above a fair share unless ``handicap`` gives them back, and a game lasts
    ``rounds * players`` turns on average), four settings race for fairness within 0.15
    and a mean length of 40 +- 4 turns:

    >>> from tabletop_nb.lab.synthetic import KnownOddsGame
    >>> res = balance(KnownOddsGame(players=2, edge=30), {"handicap": [0, 30], "rounds": [10, 20]},
    ...               {"fair": 0.15, "turns": (40, 4)}, bots="random", budget=400, batch=100,
    ...               confirm_games=200, executor="serial", progress=False)
    >>> res.verdict, res.best
    ('met', {'handicap': 30, 'rounds': 20})
    >>> res.candidates[["label", "status"]].values.tolist()   # the short games left the race
    [['handicap=0, rounds=10', 'out'], ['handicap=0, rounds=20', 'racing'],
     ['handicap=30, rounds=10', 'out'], ['handicap=30, rounds=20', 'racing']]
    >>> res.finalists_table()["verdict"].to_dict()   # confirmed in order on fresh games until one meets
    {'handicap=30, rounds=20': 'meets'}
    >>> print(res.summary().splitlines()[0])
    Met: handicap=30, rounds=20: every goal met on 200 fresh games (seat 0 wins ...%, ...], turns ...]).

    A real study (minutes: greedy bots play thousands of games):

    >>> import tabletop_nb
    >>> game = tabletop_nb.load_game("pebble_rock", players=4)
    >>> res = tabletop_nb.balance(game, {"start_fish": range(1, 6), "jam_bonus": [1, 3, 5]},
    ...                           {"fair": 0.03, "turns": (40, 4)}, bots="greedy", seed=1)  # doctest: +SKIP
    >>> res.verdict, res.best  # doctest: +SKIP
    >>> res.finalists_table()  # doctest: +SKIP
    """
    out = _study(**locals(), plan_only=False)
    assert isinstance(out, BalanceResult)
    return out


def plan_balance(game: Any, space: Mapping[str, Iterable[Any]], goals: Any, *, bots: Any = "greedy",
                 seed: int | None = 0, budget: int = 20_000, batch: int = 100, confirm_games: int | None = None,
                 finalists: int = 3, max_candidates: int = 64, pool: int = 12,
                 constraints: Callable[[dict], bool] | Sequence[Callable[[dict], bool]] | None = None,
                 skill_games: int = 40, alpha: float = 0.05, executor: Any = None, checkpoint: Any = None,
                 progress: Any = True) -> BalancePlan:
    """The plan of a balance study alone: its first round of games (``batch`` per setting,
    the same games :func:`balance` starts with: with ``checkpoint=`` the study later goes on
    from them), then what the budget can resolve and what the goals need.

    Parameters
    ----------
    game, space, goals, bots, seed, budget, batch, confirm_games, finalists, max_candidates, pool, constraints, \
skill_games, alpha, executor, checkpoint, progress
        As in :func:`balance`.

    Returns
    -------
    BalancePlan
        ``.summary()`` (what the goals need, what the budget gives, the ways out),
        ``.need_per_setting``, ``.need_total``, ``.budget_per_setting``, ``.rate``.

    Examples
    --------
    >>> from tabletop_nb.lab.synthetic import KnownOddsGame
    >>> plan = plan_balance(KnownOddsGame(players=2, edge=30), {"handicap": [0, 30]}, {"fair": 0.15},
    ...                     bots="random", budget=2000, executor="serial", progress=False)
    >>> plan.enough, plan.need_per_setting, plan.budget_per_setting
    (True, 737, 1000)
    """
    out = _study(game, space, goals, bots=bots, seed=seed, budget=budget, batch=batch, confirm_games=confirm_games,
                 finalists=finalists, max_candidates=max_candidates, pool=pool, constraints=constraints,
                 skill_games=skill_games, alpha=alpha, time_limit=None, executor=executor, checkpoint=checkpoint,
                 progress=progress, live=False, on_round=None, levers=None, plan_only=True)
    assert isinstance(out, BalancePlan)
    return out


def _study(game: Any, space: Mapping[str, Iterable[Any]], goals: Any, *, bots: Any = "greedy",
           seed: int | None = 0, budget: int = 20_000, batch: int = 100, confirm_games: int | None = None,
           finalists: int = 3, max_candidates: int = 64, pool: int = 12,
           constraints: Callable[[dict], bool] | Sequence[Callable[[dict], bool]] | None = None,
           skill_games: int = 40, alpha: float = 0.05, time_limit: float | None = None,
           executor: Any = None, checkpoint: Any = None, progress: Any = True,
           live: bool = False, on_round: Callable[[Any], None] | None = None, levers: Any = None,
           lever_games: int = 600, plan_only: bool = False) -> BalanceResult | BalancePlan:
    """:func:`balance` and :func:`plan_balance` (``plan_only``: stop after the first round), as
    the module's docstring tells it: check, settings, race (its first round the plan's pilot),
    confirmation with the skill checks, verdict, levers."""
    from ..core.study import StudyRun

    t_start = time.monotonic()
    study = _check_study(game, space, goals, bots=bots, seed=seed, budget=budget, batch=batch,
                         confirm_games=confirm_games, finalists=finalists, max_candidates=max_candidates,
                         pool=pool, constraints=constraints, skill_games=skill_games, alpha=alpha,
                         time_limit=time_limit, checkpoint=checkpoint)
    settings = _Settings(study)
    ck, loaded = _open_checkpoint(study, checkpoint)
    run = StudyRun(executor, study.budget, progress, study.games_at_most(), f"{game.name} balance",
                   entropy=study.root, checkpoint=ck, loaded=loaded, upto=True)
    with run:
        t_race = time.monotonic()
        race = _race(study, settings, run, _watcher(live, on_round), t_start, plan_only)
        t_confirm = time.monotonic()
        conf = _Confirmation()
        if not (race.interrupted or plan_only):
            conf = _confirm(study, settings, run, max(0, study.budget - race.used))
        t_end = time.monotonic()
    if plan_only and not race.interrupted:
        if race.plan is None:
            raise TabletopError("the budget played no round, so there is nothing to plan from: raise budget=")
        return race.plan
    interrupted = race.interrupted or conf.interrupted
    if interrupted:
        warnings.warn("interrupted: every finished game is kept" + (f" in {checkpoint}; run the same call "
                                                                    "again to resume" if ck else ""),
                      stacklevel=3)
    seconds = {"setup": round(t_race - t_start, 3), "race": round(t_confirm - t_race, 3),
               "confirm": round(t_end - conf.skill_seconds - t_confirm, 3),
               "skill": round(conf.skill_seconds, 3), "total": round(time.monotonic() - t_start, 3)}
    res = _result(study, settings, race, conf, interrupted, seconds)
    if levers is not None and levers is not False and res.verdict not in ("met", "interrupted"):
        res.info["levers"] = _levers_info(res, game, study.goal_list, study.paths, levers, lever_games, bots,
                                          study.root, study.alpha, executor, progress)
    return res


@dataclass
class _Study:
    """A balance study's arguments, checked before any game is played."""

    game: Any
    paths: list[str]
    values: list[list[Any]]
    goal_list: list[Goal]
    race_streams: list[Stream]   # every goal number but the skill check's
    all_streams: list[Stream]
    specs: list                  # the race's bots, one per seat
    names: list[str]
    skill_specs: Any             # (weaker, stronger) of a skill goal, or None
    root: int
    budget: int
    batch: int
    confirm_games: int | None
    finalists: int
    max_candidates: int
    pool: int
    checks: list[Callable[[dict], bool]]
    skill_games: int
    alpha: float
    time_limit: float | None

    @property
    def players(self) -> int:
        return self.game.num_players

    @property
    def goal_by_name(self) -> dict[str, Goal]:
        return {g.name: g for g in self.goal_list}

    @property
    def skill_lineups(self) -> list[tuple[int, ...]]:
        return skill_seats(self.players) if self.skill_specs is not None else []

    @property
    def skill_rounds(self) -> int:
        """Rounds of skill games (one game per line-up each) per finalist checked."""
        lineups = self.skill_lineups
        return -(-self.skill_games // len(lineups)) if lineups else 0

    def games_at_most(self) -> int:
        """The most games the study may play (the progress bar's total until the
        confirmation's size is known)."""
        confirm = self.confirm_games if self.confirm_games is not None else MAX_AUTO_CONFIRM
        return self.budget + self.finalists * (confirm + self.skill_rounds * len(self.skill_lineups))

    def values_of(self, c: Candidate) -> dict:
        return dict(zip(self.paths, c.values))


def _check_study(game: Any, space: Mapping[str, Iterable[Any]], goals: Any, *, bots: Any, seed: int | None,
                 budget: int, batch: int, confirm_games: int | None, finalists: int, max_candidates: int,
                 pool: int, constraints: Any, skill_games: int, alpha: float, time_limit: float | None,
                 checkpoint: Any) -> _Study:
    """Step 0: every argument checked (a clear error naming what to fix) before a game is played."""
    from ..core.bots import bot_name, resolve_bot
    from ..core.study import check_bots, study_seed

    paths, values = _check_space(game, space)
    players = game.num_players
    goal_list = parse_goals(goals, metric_names(players), players)
    race_streams = [s for g in goal_list if g.kind != "skill" for s in g.streams(players)]
    all_streams = [s for g in goal_list for s in g.streams(players)]
    skill_goal = next((g for g in goal_list if g.kind == "skill"), None)
    if not race_streams:
        raise TabletopError("the race needs a goal besides skill (e.g. 'fair'): skill is checked only for "
                            "the finalists")
    budget = _whole(budget, "budget", 1)
    if confirm_games is not None:
        confirm_games = _whole(confirm_games, "confirm_games", 1)
    for name, v, least in (("batch", batch, 1), ("finalists", finalists, 1),
                           ("max_candidates", max_candidates, 1), ("pool", pool, 1),
                           ("skill_games", skill_games, 1)):
        if isinstance(v, bool) or not isinstance(v, (int, np.integer)) or v < least:
            raise TabletopError(f"{name} must be a whole number of at least {least}, got {v!r}")
    if isinstance(alpha, bool) or not isinstance(alpha, (int, float)) or not 0 < alpha < 1:
        raise TabletopError(f"alpha is an error rate between 0 and 1, got {alpha!r}")
    if time_limit is not None and (isinstance(time_limit, bool) or not isinstance(time_limit, (int, float))
                                   or not time_limit > 0):
        raise TabletopError(f"time_limit is a number of seconds above 0, got {time_limit!r}")
    checks = [] if constraints is None else ([constraints] if callable(constraints) else list(constraints))
    if not all(callable(c) for c in checks):
        raise TabletopError("constraints is a function of a setting's {path: value}, or a list of them")
    specs, names = check_bots(game, bots)
    skill_specs = None
    if skill_goal is not None:
        assert skill_goal.bots is not None
        for b in skill_goal.bots:
            resolve_bot(game, b)
        if bot_name(skill_goal.bots[0]) == bot_name(skill_goal.bots[1]):
            raise TabletopError("the skill goal needs two different bots")
        skill_specs = skill_goal.bots
    return _Study(game, paths, values, goal_list, race_streams, all_streams, specs, names, skill_specs,
                  study_seed(seed, checkpoint), budget, int(batch), confirm_games, int(finalists),
                  int(max_candidates), int(pool), checks, int(skill_games), float(alpha), time_limit)


class _Settings:
    """Step 1: the settings that race. Every combination of the space (less those the
    constraints or the rules refuse), or, over ``max_candidates`` combinations, ``pool`` random
    ones to start with and the model (:class:`_Proposer`) proposing more as the race goes on.

    ``level`` and ``pair_level`` are the race's Bonferroni levels (half of ``alpha`` over every
    setting that may race times every goal number, half over ordered pairs of them)."""

    def __init__(self, study: _Study):
        self.study = study
        values = study.values
        self.sizes = [len(v) for v in values]
        self.grid = math.prod(self.sizes)
        self.model = self.grid > study.max_candidates
        self.cands: list[Candidate] = []
        self.skipped: list[dict] = []
        self.seen: set = set()
        self.proposer: _Proposer | None = None
        if not self.model:
            for idx in itertools.product(*[range(s) for s in self.sizes]):
                self.add(idx)
            self.k_max = max(1, len(self.cands))
        else:
            self.proposer = _Proposer(self.sizes, np.random.default_rng(
                np.random.SeedSequence(study.root, spawn_key=(_PROPOSER_KEY,))))
            tries = 0
            while len(self.cands) < min(study.pool, study.max_candidates) and tries < 50 * study.pool:
                tries += 1
                idx = self.proposer.random()
                if idx not in self.seen:
                    self.add(idx)
            self.k_max = study.max_candidates
        self._check_budget()
        n = len(study.race_streams)
        self.level = study.alpha / (2 * self.k_max * n)
        self.pair_level = study.alpha / (2 * self.k_max * max(1, self.k_max - 1) * n)

    def _check_budget(self) -> None:
        cands, budget = self.cands, self.study.budget
        if not cands:
            shown = "; ".join(f"{s['label']}: {s['reason']}" for s in self.skipped[:3])
            raise TabletopError(f"no setting of the space can be played: every combination is left out ({shown})")
        if budget < len([c for c in cands if c.status == "racing"]):
            raise TabletopError(f"a budget of {budget} race games cannot give each of the {len(cands)} settings "
                                f"one game: give at least {len(cands)}, and {len(cands) * 100} for a decision "
                                f"(100 games a setting before the race decides anything)")
        if budget < 100 * len(cands) and not self.model:
            warnings.warn(f"a budget of {budget} race games gives each of the {len(cands)} settings fewer than "
                          f"100: the race can hardly decide anything (a length or score goal decides nothing "
                          f"before 100 games), so the finalists come from raw estimates; give "
                          f"budget={100 * len(cands)} or more for a real race", stacklevel=5)

    def allowed(self, vals: Sequence[Any]) -> tuple[bool, str]:
        """Whether the constraints let a setting's values race (and why not)."""
        named = dict(zip(self.study.paths, vals))
        for c in self.study.checks:
            try:
                if not c(named):
                    return False, "left out by a constraint"
            except Exception as e:
                raise TabletopError(f"a constraint failed on {named} ({type(e).__name__}: {e})") from None
        return True, ""

    def add(self, idx: tuple[int, ...]) -> bool:
        """Add the setting of value indices ``idx`` to the race (False: left out, and why kept)."""
        self.seen.add(idx)
        vals = tuple(self.study.values[d][i] for d, i in enumerate(idx))
        ok, why = self.allowed(vals)
        label = _label(self.study.paths, vals)
        if not ok:
            self.skipped.append({"label": label, "reason": why})
            return False
        try:
            g = _build(self.study.game, self.study.paths, vals)
        except RulesError as e:
            self.skipped.append({"label": label, "reason": f"the rules refuse it: {e}"})
            return False
        self.cands.append(Candidate(label, vals, g, order=len(self.cands)))
        return True

    def racing(self) -> list[Candidate]:
        return [c for c in self.cands if c.status == "racing"]

    def growing(self) -> bool:
        """Whether the model may still add settings."""
        return self.proposer is not None and len(self.cands) < self.study.max_candidates

    def propose(self) -> None:
        """The model's new settings, up to ``pool`` racing at once."""
        if not self.growing():
            return
        assert self.proposer is not None
        racing_now = len(self.racing())
        want = min(self.study.pool - racing_now, self.study.max_candidates - len(self.cands))
        if want > 0:
            _propose(self.proposer, self.cands, self.study.values, self.study.race_streams, self.seen, self.add,
                     want, self.allowed)


def _open_checkpoint(study: _Study, checkpoint: Any) -> tuple[Any, dict[str, dict[int, list]]]:
    """The study's checkpoint file and the games already in it (none without one). The study
    line holds the space, goals, budget and every option that changes a decision."""
    if checkpoint is None:
        return None, {}
    from ..core.checkpoint import Checkpoint, study_key
    game = study.game
    # the game itself too: a house rule's class and method digests are part of the study's identity
    key = study_key("balance", game.name, [("base", study.players, game.rules.to_plain(), study.names, game)],
                    study.root)
    key["balance"] = _jsonable({"space": {p: [repr(v) for v in vs] for p, vs in zip(study.paths, study.values)},
                                "goals": [g.plain() for g in study.goal_list], "budget": study.budget,
                                "batch": study.batch, "confirm_games": study.confirm_games,
                                "finalists": study.finalists, "max_candidates": study.max_candidates,
                                "pool": study.pool, "alpha": study.alpha, "skill_games": study.skill_games,
                                "time_limit": study.time_limit,
                                "constraints": [getattr(c, "__qualname__", "?") for c in study.checks]})
    ck = Checkpoint(checkpoint, key)
    return ck, ck.load(study.players)


def _watcher(live: bool, on_round: Callable[[Any], None] | None) -> Callable[[Any], None] | None:
    """What is called with the race's history after every round: the live chart and/or
    the caller's ``on_round``."""
    if not live:
        return on_round
    from .balance_charts import LiveRace
    chart = LiveRace()

    def watch(h: Any) -> None:
        chart(h)
        if on_round is not None:
            on_round(h)
    return watch


@dataclass
class _RaceOutcome:
    """What the race leaves: its rounds, games and history, the plan made after the pilot,
    and why it stopped early (``"futile"``: the rest of the budget could not change which
    settings are confirmed)."""

    rounds: int = 0
    used: int = 0
    history: list[dict] = field(default_factory=list)
    plan: BalancePlan | None = None
    stop_reason: str = ""
    interrupted: bool = False


def _race(study: _Study, settings: _Settings, run: Any, watch: Callable[[Any], None] | None, t_start: float,
          plan_only: bool) -> _RaceOutcome:
    """Step 2: the race, round by round (the first round is the pilot that the plan comes
    from). Each round plays ``batch`` more games of every setting still racing on the common
    seeds, then :func:`_decide_round` lets settings leave or meet; the race ends when none
    races, when every setting left is a finalist, at the budget or the time limit, or when
    :func:`_decision_ahead` says the rest of the budget could not change the finalists."""
    from ..core.study import Request

    out = _RaceOutcome()
    cands, streams = settings.cands, study.race_streams
    while True:
        racing = settings.racing()
        if not racing:
            break
        per = min(study.batch, (study.budget - out.used) // len(racing))
        if per < 1:
            break
        requests = [Request(c.label, c.game, study.specs, range(c.games, c.games + per)) for c in racing]
        fresh = not any(i in run.loaded.get(c.label, {}) for c in racing for i in range(c.games, c.games + per))
        t_round = time.monotonic()
        got, out.interrupted = run.play(requests)
        if out.interrupted:
            break
        round_secs = time.monotonic() - t_round
        out.rounds += 1
        for c in racing:
            rows = [r for i in sorted(got[c.label]) for r in got[c.label][i]]
            pg = per_game_table(rows, c.game, study.names, study.root)
            for metric, vals in stream_values(streams, study.goal_by_name, pg).items():
                c.columns.setdefault(metric, []).append(vals)
            out.used += per
        _decide_round(cands, streams, settings.level, out.rounds, out.history, settings.pair_level)
        if out.rounds == 1:  # the pilot: what the budget can resolve
            rate = per * len(racing) / round_secs if fresh and round_secs > 0 else None
            out.plan = _pilot_plan(study, settings, rate)
            run.progress.describe(f"{study.game.name} balance ({out.plan.headline()})")
            if plan_only:
                break
        settings.propose()
        if watch is not None:
            watch(_history_frame(out.history))
        alive = sum(c.status != "out" for c in cands)
        if alive <= study.finalists and not settings.growing():
            break  # every setting left is a finalist: more race games would change nothing
        if study.time_limit is not None and time.monotonic() - t_start > study.time_limit:
            break
        if not settings.growing() and not _decision_ahead(cands, streams, settings.level,
                                                          study.budget - out.used, study.finalists):
            out.stop_reason = "futile"
            break  # not even the whole budget would let the race decide a setting: confirm now
    return out


def _pilot_plan(study: _Study, settings: _Settings, rate: float | None) -> BalancePlan:
    """The plan from the first round's spreads and speed (:class:`BalancePlan`)."""
    played = [c for c in settings.cands if c.games]
    confirm = study.confirm_games if study.confirm_games is not None else \
        _confirm_size(played, study.race_streams, study.alpha, study.finalists, len(study.all_streams))
    return _make_plan(study.game, study.goal_list, study.race_streams, played, settings.k_max, study.budget,
                      settings.level, rate, confirm)


@dataclass
class _Confirmation:
    """What the confirmation leaves: each finalist's rows (:func:`_confirm_rows`), the games
    it and the skill checks played, the seconds the skill checks took."""

    rows: list[dict] = field(default_factory=list)
    confirm_games: int = 0
    used: int = 0
    skill_used: int = 0
    skill_seconds: float = 0.0
    interrupted: bool = False
    stopped: dict[str, int] = field(default_factory=dict)   # finalists stopped early: games played
    skill_stopped: dict[str, int] = field(default_factory=dict)   # skill checks stopped early: games played
    looks: list[int] = field(default_factory=list)           # the games at which "meets" may be read


def _confirm(study: _Study, settings: _Settings, run: Any, spare: int = 0) -> _Confirmation:
    """Step 3: the finalists in order, each on fresh seeds (``CONFIRM_BASE + i``), until one
    meets every goal. Every finalist's intervals are at the level fixed for all of them before
    any was played (``alpha`` over finalists x goal numbers, one side each).

    With ``confirm_games=None`` the sizes are :func:`_confirm_looks` (the race's data and the
    ``spare`` race budget only, never a confirmation game): one look, or, when the budget the
    race left unused allows twice the first size and more, looks at 1, 2, 4, ... times it,
    each at an equal share of the goal numbers' level; a finalist stops at the first look
    where it meets every goal.

    With a skill goal, the skill games (the dearest: a search bot thinks at every turn) are
    played for a finalist whose fresh games meet every other goal (it may then meet them
    all), and at the end, when none met, for the one finalist closest to the bands among
    those inside every band but not surely (it may then be ``likely``). A finalist that
    misses a goal, or that is only inside the bands after a closer one, plays none: its skill
    number is "not played". (The order of the checks changes no level.)"""

    chosen = _choose_finalists(settings.cands, study.race_streams, study.finalists)
    looks = [study.confirm_games] if study.confirm_games is not None else \
        _confirm_looks(settings.cands, study.race_streams, study.alpha, max(1, len(chosen)),
                       len(study.all_streams), spare // max(1, len(chosen)))
    confirm_games = looks[-1]
    if study.confirm_games is None:
        skill = study.skill_rounds * len(study.skill_lineups)
        run.progress.set_total(run.progress.done + len(chosen) * (confirm_games + skill))
    out = _Confirmation(confirm_games=confirm_games, looks=list(looks))
    if not chosen or confirm_games <= 0:
        return out
    level = 2 * study.alpha / (len(chosen) * len(study.all_streams))
    race_level = level / len(looks)   # each look's share, for the goal numbers looked at more than once
    found: dict[str, dict[str, np.ndarray]] = {}   # each finalist's confirmation numbers, in order
    at_look: dict[str, int] = {}                   # the games of the look each finalist stopped at
    unsure: list[tuple[float, Candidate]] = []     # inside every band, not surely: skill checked last
    met = False
    for c in chosen:
        conf, played, look, out.interrupted = _confirm_games(study, c, run, looks, race_level)
        out.used += played
        if out.interrupted:
            break
        found[c.label] = conf
        if played < confirm_games:
            run.progress.set_total(run.progress.total - (confirm_games - played))
        if not look:   # stopped early (decided, or neither answer within reach)
            out.stopped[c.label] = played
            means = {st.metric: float(np.nanmean(conf[st.metric])) for st in study.race_streams}
            if study.skill_specs is not None and all(st.low <= means[st.metric] <= st.high
                                                     for st in study.race_streams):
                unsure.append((max(st.badness(means[st.metric]) for st in study.race_streams), c))
            continue
        at_look[c.label] = look
        if study.skill_specs is not None:
            bounds = {st.metric: _fixed_interval(conf[st.metric], race_level, st.bounds)
                      for st in study.race_streams}
            if any(r["missed"] for r in _confirm_rows(c, conf, study.race_streams, race_level)):
                continue   # misses a goal already: no skill games
            if not all(st.inside(*bounds[st.metric][1:]) for st in study.race_streams):
                unsure.append((max(st.badness(bounds[st.metric][0]) for st in study.race_streams), c))
                continue   # cannot meet every goal: its skill check waits for the end
            out.interrupted = _add_skill(study, c, run, conf, out, level)
            if out.interrupted:
                del found[c.label]   # its skill check did not finish: as if not confirmed
                break
        if _confirm_rows(c, conf, study.all_streams, level, race_level=race_level,
                         short=_short(out, c))[0]["verdict"] == "meets":
            met = True
            break
    if unsure and not (met or out.interrupted):
        best = min(unsure, key=lambda u: (u[0], u[1].order))[1]
        out.interrupted = _add_skill(study, best, run, found[best.label], out, level)
        if out.interrupted:
            del found[best.label]
    for c in chosen:
        if c.label in found:
            out.rows.extend(_confirm_rows(c, found[c.label], study.all_streams, level,
                                          stopped=c.label in out.stopped, race_level=race_level,
                                          short=_short(out, c)))
    return out


def _short(out: _Confirmation, c: Candidate) -> tuple[str, ...]:
    """The goal numbers of ``c`` whose games stopped before their planned size (its skill
    check, when that stopped early): never read as met."""
    return ("skill_ahead",) if c.label in out.skill_stopped else ()


#: a finalist's confirmation stops early once it is shown to miss a goal, or when both its
#: chance to meet every goal and its chance to be shown to miss one at the planned size
#: (:func:`_confirm_chances`) fall below this
CONFIRM_FUTILITY = 0.1


def _confirm_games(study: _Study, c: Candidate, run: Any, looks: Sequence[int], level: float
                   ) -> tuple[dict[str, np.ndarray], int, int, bool]:
    """One finalist's confirmation games (``CONFIRM_BASE + i``): the first look's games in
    quarters (each at least ``batch`` games), then each later look's. It stops early once its
    anytime-valid sequences show it misses a goal, when :func:`_confirm_chances` says that
    neither "meets" nor "misses" is within reach at the last look, and at a look (before the
    last) where every goal number's fixed-sample interval at ``level`` lies inside its band.
    Returns its numbers, the games played, the look it ended at (its games: the last look, or
    the one where it met every goal number; 0 when it stopped before) and whether the study
    was interrupted.

    A finalist stopped early is never reported to meet a goal, and "missed" is read
    from anytime-valid sequences (:func:`_confirm_rows`), so stopping changes no error level."""
    from ..core.study import Request

    size = looks[-1]
    step = max(study.batch, -(-looks[0] // 4))
    marks = sorted({*range(step, looks[0], step), *looks})
    marks = [m for m in marks if m in looks or looks[0] - m >= study.batch]
    rows: list = []
    done = 0
    conf: dict[str, np.ndarray] = {}
    for upto in marks:
        got, interrupted = run.play([Request(c.label, c.game, study.specs,
                                             [CONFIRM_BASE + i for i in range(done, upto)])])
        if interrupted:
            return conf, done, 0, True
        rows.extend(r for i in sorted(got[c.label]) for r in got[c.label][i])
        done = upto
        conf = stream_values(study.race_streams, study.goal_by_name,
                             per_game_table(rows, c.game, study.names, study.root))
        if done >= size:
            return conf, done, done, False
        if done in looks and all(st.inside(*_fixed_interval(conf[st.metric], level, st.bounds)[1:])
                                 for st in study.race_streams):
            return conf, done, done, False   # meets every goal number at this look
        if any(st.outside(*stream_interval(st, conf[st.metric], level / 2)) for st in study.race_streams):
            break   # shown to miss a goal: decided
        meet, miss = _confirm_chances(conf, study.race_streams, size, level)
        if meet < CONFIRM_FUTILITY and miss < CONFIRM_FUTILITY:
            break   # neither answer within reach at this size
    return conf, done, 0, False


def _confirm_chances(values: Mapping[str, np.ndarray], streams: Sequence[Stream], size: int,
                     level: float) -> tuple[float, float]:
    """About how likely a finalist is, from its confirmation games so far, to **meet** every goal
    at ``size`` games (each final fixed-sample interval at ``level`` inside its band) and to be
    **shown to miss** one (a final anytime-valid interval at ``level / 2`` outside a band).
    Each number's final mean is taken as normal around its estimate, moved one standard error
    the way that makes the answer likelier (so a few unlucky games early do not stop a good
    setting); "meets" is the product over the numbers, "misses" the largest.

    >>> from tabletop_nb.lab.goals import fair
    >>> sts = fair(0.04).streams(2)
    >>> half = np.array([1.0, 0.0] * 100)                 # seat 0 wins half of 200 games
    >>> [round(p, 2) for p in _confirm_chances({"win_rate_seat_0": half, "win_rate_seat_1": 1 - half}, sts,
    ...                                         5000, 0.01)]
    [1.0, 0.0]
    >>> edge = np.array([1.0] * 910 + [0.0] * 1090)       # 45.5% of 2,000: just inside the band's 46% edge
    >>> [p < 0.1 for p in _confirm_chances({"win_rate_seat_0": edge, "win_rate_seat_1": 1 - edge}, sts,
    ...                                    5000, 0.01)]
    [True, True]
    >>> out = np.array([1.0] * 600 + [0.0] * 1400)        # 30%: far below the band
    >>> [round(p, 2) for p in _confirm_chances({"win_rate_seat_0": out, "win_rate_seat_1": 1 - out}, sts,
    ...                                         5000, 0.01)]
    [0.0, 1.0]
    """
    from .sequential import beta_binomial_bounds, normal_mixture_half_width
    z = NormalDist().inv_cdf(1 - level / 2)
    meet, miss = 1.0, 0.0
    for st in streams:
        x = values.get(st.metric, np.empty(0))
        x = x[~np.isnan(x)]
        n = len(x)
        if n < 2 or n >= size:
            continue
        m = float(x.mean())
        rate = bool(np.isin(x, (0.0, 1.0)).all())
        sd = math.sqrt(max(m * (1 - m), 1 / n)) if rate else float(x.std(ddof=1))
        if not sd > 0:
            continue
        se = sd / math.sqrt(n)
        spread = sd * math.sqrt(size - n) / size
        # meets: the estimate moved towards the band
        towards = m
        if st.centre is not None:
            towards += max(-se, min(se, st.centre - m))
        elif math.isfinite(st.high) and m > st.high:
            towards -= min(se, m - st.high)
        elif math.isfinite(st.low) and m < st.low:
            towards += min(se, st.low - m)
        half = z * sd / math.sqrt(size)
        cdf = NormalDist(towards, spread).cdf
        top = cdf(st.high - half) if math.isfinite(st.high) else 1.0
        bottom = cdf(st.low + half) if math.isfinite(st.low) else 0.0
        meet *= max(0.0, top - bottom)
        # misses: the estimate moved away from the band, the sequence's width at ``size`` games
        if rate:
            k = int(round(m * size))
            lo, hi = beta_binomial_bounds(k, size, level / 2)
            seq_half = (hi - lo) / 2
        else:
            seq_half = normal_mixture_half_width(sd, size, level / 2)
        cdf_hi = NormalDist(m + se, spread).cdf
        cdf_lo = NormalDist(m - se, spread).cdf
        above = 1 - cdf_hi(st.high + seq_half) if math.isfinite(st.high) else 0.0
        below = cdf_lo(st.low - seq_half) if math.isfinite(st.low) else 0.0
        miss = max(miss, above + below)
    return meet, miss


def _add_skill(study: _Study, c: Candidate, run: Any, conf: dict[str, np.ndarray], out: _Confirmation,
               level: float) -> bool:
    """Play ``c``'s skill check into its confirmation numbers; True if interrupted."""
    t_s = time.monotonic()
    ahead, played, interrupted = _skill_check(study, c, run, level)
    out.skill_seconds += time.monotonic() - t_s
    if not interrupted:
        out.skill_used += played
        planned = study.skill_rounds * len(study.skill_lineups)
        if played < planned:
            out.skill_stopped[c.label] = played
            run.progress.set_total(run.progress.total - (planned - played))
        conf["skill_ahead"] = ahead
    return interrupted


def _skill_check(study: _Study, c: Candidate, run: Any, level: float) -> tuple[np.ndarray, int, bool]:
    """Step 4: one finalist's skill games (``SKILL_BASE + r``, the stronger bot in each seat
    in turn: :func:`skill_seats`): per game, the share of weaker seats the stronger bot
    finished ahead of (round by round); the games played; and whether the study was
    interrupted.

    The rounds are played in quarters. The check stops early once the skill number's
    anytime-valid sequence (at ``level / 2``, as :func:`_confirm_rows` reads "missed") lies
    outside its band, or when :func:`_confirm_chances` puts both "meets at the planned size"
    and "shown to miss" under ``CONFIRM_FUTILITY``: a check stopped early is never read as
    meeting the goal (:func:`_confirm_rows`), so stopping changes no level. (A search bot
    thinks at every turn: these are the dearest games of a study, and a stronger bot that is
    plainly not ahead often enough is seen long before the planned size.)"""
    from ..core.study import Request

    lineups = study.skill_lineups
    rounds = study.skill_rounds
    st = next(s for s in study.all_streams if s.metric == "skill_ahead")
    size = rounds * len(lineups)
    step = max(1, -(-rounds // 4))
    got_all: list[dict[int, list]] = [{} for _ in lineups]
    done = 0
    values = np.empty(0)
    while done < rounds:
        upto = min(rounds, done + step)
        requests = [Request(f"skill{li}:{c.label}", c.game, [study.skill_specs[k] for k in lu],
                            [SKILL_BASE + r for r in range(done, upto)])
                    for li, lu in enumerate(lineups)]
        got, interrupted = run.play(requests)
        if interrupted:
            return np.empty(0), 0, True
        for li in range(len(lineups)):
            got_all[li].update(got[f"skill{li}:{c.label}"])
        done = upto
        values = _skill_values(got_all, lineups)
        if done >= rounds:
            break
        if st.outside(*stream_interval(st, values, level / 2)):
            break   # shown to miss: decided
        meet, miss = _confirm_chances({st.metric: values}, [st], size, level)
        if meet < CONFIRM_FUTILITY and miss < CONFIRM_FUTILITY:
            break   # neither answer within reach at the planned size
    return values, done * len(lineups), False


def _result(study: _Study, settings: _Settings, race: _RaceOutcome, conf: _Confirmation, interrupted: bool,
            seconds: dict) -> BalanceResult:
    """Step 5: the verdict (:func:`_verdict`) and the tables, as a :class:`BalanceResult`."""
    import pandas as pd
    finals = pd.DataFrame(conf.rows, columns=["label", "goal", "stream", "value", "low", "high", "n",
                                              "band_low", "band_high", "met", "missed", "verdict"])
    cands = settings.cands
    info = _verdict(study.game, study.paths, study.goal_list, study.players, cands, finals, study.race_streams,
                    interrupted, conf.confirm_games if conf.confirm_games else (study.confirm_games or 0),
                    settings.skipped)
    confirm_used = conf.used if not interrupted else 0
    skill_used = conf.skill_used if not interrupted else 0
    grid = settings.grid
    fixed = grid - len([s for s in settings.skipped if "constraint" in s["reason"]]) if not settings.model else grid
    info.update({
        "seed": study.root, "bots": study.names, "budget": study.budget, "batch": study.batch,
        "alpha": study.alpha, "rounds": race.rounds, "race_stop": race.stop_reason,
        "model": settings.model, "grid": grid,
        "games": {"race": race.used, "confirm": confirm_used, "skill": skill_used,
                  "total": race.used + confirm_used + skill_used},
        "grid_games": _grid_games(fixed, cands, study.race_streams, study.alpha),
        "seconds": seconds,
        "skipped": settings.skipped,
        "plan": race.plan.plain() if race.plan is not None else None,
        "confirm_games": conf.confirm_games, "confirm_stopped": dict(conf.stopped),
        "confirm_looks": list(conf.looks), "skill_stopped": dict(conf.skill_stopped),
        "skill_games": study.skill_rounds * len(study.skill_lineups),
    })
    return BalanceResult(info, _candidates_frame(cands, study.paths, study.race_streams, settings.level),
                         _history_frame(race.history), finals)


def _levers_info(res: BalanceResult, game: Any, goal_list: list[Goal], paths: list[str], levers: Any,
                 lever_games: int, bots: Any, root: int, alpha: float, executor: Any, progress: Any) -> dict | None:
    """The levers for the goal numbers no setting surely meets: found now or given."""
    from .levers import LeversResult, default_lever_rules
    from .levers import levers as find_levers
    stuck = [r["stream"] for r in res.reachable()]
    if not stuck:
        return None
    t0 = time.monotonic()
    if isinstance(levers, LeversResult):
        lr = levers
    elif levers is True:
        lever_games = _whole(lever_games, "lever_games", 2)
        top = {p.split("[")[0].split(".")[0] for p in paths}
        rules = [r for r in default_lever_rules(game) if r not in top]
        players = game.num_players
        goals_for = [g for g in goal_list if g.kind != "skill" and any(st.metric in stuck for st in g.streams(players))]
        if not rules or not goals_for:
            return None
        lr = find_levers(game, goals_for, rules, bots=bots, seed=root, games=lever_games,
                         batch=min(200, lever_games), alpha=alpha, executor=executor, progress=progress)
    else:
        raise TabletopError(f"levers is True (find them) or a LeversResult from tabletop_nb.levers, got {levers!r}")
    found: dict[str, list[dict]] = {}
    t = lr.table
    for st in stuck:
        if st not in set(t["number"]):
            continue
        rows = []
        for rule in lr.levers_for(st):
            part = t[(t["number"] == st) & (t["rule"] == rule) & t["verdict"].isin(["raises", "lowers"])]
            r = part.loc[part["per_step"].abs().idxmax()]
            rows.append({"rule": rule, "change": r["change"], "per_step": float(r["per_step"]),
                         "low": float(r["per_step_low"]), "high": float(r["per_step_high"])})
        found[st] = rows
    resolution = {}
    for st in stuck:
        part = t[t["number"] == st]
        half = ((part["per_step_high"] - part["per_step_low"]) / 2).to_numpy(dtype=float)
        half = half[np.isfinite(half)]
        if len(half):
            resolution[st] = float(np.median(half))
    per_change = int(t["games"].max()) if len(t) else 0
    return {"found": found, "tried": list(lr.info["rules"]), "games": int(lr.games["total"]),
            "resolution": resolution, "per_change": per_change,
            "seconds": round(time.monotonic() - t0 if levers is True else lr.info["seconds"], 1)}


def _whole(v: Any, name: str, least: int) -> int:
    if isinstance(v, bool) or not isinstance(v, (int, np.integer)) or v < least:
        extra = " (the verdict rests on the confirmation games)" if name == "confirm_games" else ""
        raise TabletopError(f"{name} must be a whole number of at least {least}{extra}, got {v!r}")
    return int(v)


# --------------------------------------------------------------------------- race steps
def _bounds(c: Candidate, streams: Sequence[Stream], level: float) -> dict[str, tuple[float, float]]:
    return {st.metric: stream_interval(st, c.stream(st.metric), level) for st in streams}


def _goal_distance(streams: Sequence[Stream], bounds: Mapping[str, tuple[float, float]]) -> dict[str, tuple]:
    """Per goal: (lower, upper) bound of its badness (the worst of its numbers)."""
    out: dict[str, list[float]] = {}
    for st in streams:
        lo, hi = st.distance_bounds(*bounds[st.metric])
        cur = out.setdefault(st.goal, [0.0, 0.0])
        cur[0], cur[1] = max(cur[0], lo), max(cur[1], hi)
    return {g: tuple(v) for g, v in out.items()}


class _Race:
    """One round's view of the race: each setting's confidence sequences, and the paired
    ones between two settings (common random numbers: game ``i`` of both was played from
    the same seed, so their difference varies far less than either alone)."""

    def __init__(self, cands: Sequence[Candidate], streams: Sequence[Stream], level: float, pair_level: float):
        self.pair_level = pair_level
        self.by_goal: dict[str, list[Stream]] = {}
        for st in streams:
            self.by_goal.setdefault(st.goal, []).append(st)
        self.bounds = {c.label: _bounds(c, streams, level) for c in cands}
        self.dist = {c.label: {st.metric: st.distance_bounds(*self.bounds[c.label][st.metric]) for st in streams}
                     for c in cands}
        self._paired: dict[tuple[str, str, str], float] = {}

    def paired_low(self, a: Candidate, b: Candidate, st: Stream) -> float:
        """Lower bound of mean(b - a) on the games both played (anytime-valid)."""
        key = (a.label, b.label, st.metric)
        if key not in self._paired:
            xa, xb = a.stream(st.metric), b.stream(st.metric)
            m = min(len(xa), len(xb))
            d = xb[:m] - xa[:m]
            d = d[~np.isnan(d)]
            if st.bounds is not None:
                width = st.bounds[1] - st.bounds[0]
                lo_cs = _pair_cs(d, self.pair_level, -width, width)
            else:
                lo_cs = _pair_cs(d, self.pair_level, None, None)
            self._paired[key] = lo_cs
        return self._paired[key]

    def closer(self, a: Candidate, b: Candidate, st: Stream, than: Stream) -> bool:
        """Surely: a's distance from ``st``'s target is below b's from ``than``'s."""
        if self.dist[a.label][st.metric][1] < self.dist[b.label][than.metric][0]:
            return True
        if st is not than or st.centre is None:
            return False
        (alo, ahi), (blo, bhi) = self.bounds[a.label][st.metric], self.bounds[b.label][st.metric]
        c = st.centre
        if alo > c and blo > c:  # both surely above the target: closer = lower
            return self.paired_low(a, b, st) > 0
        if ahi < c and bhi < c:  # both surely below: closer = higher
            return self.paired_low(b, a, st) > 0
        return False

    def beats(self, a: Candidate, b: Candidate) -> bool:
        """a is surely at least as close as b to every goal, and surely closer to one.

        A goal's badness is the worst of its numbers (every seat, for fairness): a is
        closer when some number of b is surely further out than every number of a."""
        better = False
        for goal, sts in self.by_goal.items():
            a_up = max(self.dist[a.label][st.metric][1] for st in sts)
            b_low = max(self.dist[b.label][st.metric][0] for st in sts)
            if any(all(self.closer(a, b, s, star) for s in sts) for star in sts):
                better = True
            elif not (a_up <= b_low or self.same(a, b, sts)):
                return False
        return better

    def same(self, a: Candidate, b: Candidate, sts: Sequence[Stream]) -> bool:
        """The two settings' numbers are identical game for game on the seeds both played
        (at least MIN_GAMES of them): the rule change does not touch this goal, so it is
        "not worse" for either (without this, two settings that differ only in a rule one
        goal ignores could never beat each other on the others)."""
        from .sequential import MIN_GAMES
        for st in sts:
            xa, xb = a.stream(st.metric), b.stream(st.metric)
            m = min(len(xa), len(xb))
            if m < MIN_GAMES or not np.array_equal(xa[:m], xb[:m], equal_nan=True):
                return False
        return True


def _pair_cs(d: np.ndarray, level: float, lo: float | None, hi: float | None) -> float:
    from .sequential import bernstein_cs, normal_mixture_cs
    if len(d) == 0:
        return -math.inf
    cs = bernstein_cs(d, level, lo=lo, hi=hi) if lo is not None and hi is not None else normal_mixture_cs(d, level)
    return float(cs.low[-1])


def _decide_round(cands: list[Candidate], streams: Sequence[Stream], level: float, rnd: int,
                  history: list[dict], pair_level: float | None = None) -> None:
    """After a round: who cannot meet a goal, who meets every goal, who is beaten on every goal."""
    racing = [c for c in cands if c.status == "racing"]
    alive = [c for c in cands if c.status != "out"]
    race = _Race(alive, streams, level, pair_level if pair_level is not None else level)
    bounds = race.bounds
    for c in racing:
        b = bounds[c.label]
        missed = [st for st in streams if st.outside(*b[st.metric])]
        if missed:
            st = missed[0]
            lo, hi = b[st.metric]
            side = "above" if lo > st.high else "below"
            c.status, c.round_out = "out", rnd
            c.reason = (f"cannot meet {st.goal}: {st.metric} is {side} its band "
                        f"[{st.low:.4g}, {st.high:.4g}] (interval [{lo:.4g}, {hi:.4g}])")
        elif all(st.inside(*b[st.metric]) for st in streams):
            c.status, c.round_out = "meets", rnd
            c.reason = "meets every goal in the race"
    # the best first: a setting is most often beaten by the ones closest to the goals
    rivals = sorted((c for c in alive if c.status != "out"), key=lambda c: (_badness(c, streams), c.order))
    for c in [c for c in racing if c.status == "racing"]:
        for o in rivals:
            if o is not c and o.status != "out" and race.beats(o, c):
                c.status, c.round_out = "out", rnd
                c.reason = f"beaten on every goal by {o.label}"
                break
    for c in racing:
        b = bounds[c.label]
        for st in streams:
            x = c.stream(st.metric)
            history.append({"round": rnd, "label": c.label, "stream": st.metric, "goal": st.goal,
                            "n": int(len(x)), "mean": float(np.nanmean(x)) if len(x) else math.nan,
                            "low": b[st.metric][0], "high": b[st.metric][1], "status": c.status,
                            "band_low": st.low, "band_high": st.high})


def _decision_ahead(cands: list[Candidate], streams: Sequence[Stream], level: float, left: int,
                    finalists: int) -> bool:
    """Whether the rest of the budget can be expected to change who is confirmed: for some
    setting, at the games it would reach with an equal share of ``left``, the race's
    interval around its present estimate (:func:`race_half_width`) would lie inside every
    band (it would meet every goal in the race), or, for one of the ``finalists`` settings
    the confirmation would take now, outside a goal's band (it would leave, and another
    take its place). Throwing out a setting that would not be confirmed anyway changes
    nothing, and comparisons between settings are not counted. (The race's intervals are
    anytime-valid, so stopping early never weakens them; the verdict rests on the
    confirmation's fresh games.)"""
    racing = [c for c in cands if c.status == "racing"]
    if not racing or left <= 0:
        return False
    share = left // len(racing)
    if share <= 0:
        return False
    chosen = {c.label for c in _choose_finalists(cands, streams, finalists)}
    for c in racing:
        n = c.games + share
        inside_all = True
        for st in streams:
            x = c.stream(st.metric)
            x = x[~np.isnan(x)]
            if len(x) < 2:
                return True
            m = float(x.mean())
            sd = math.sqrt(m * (1 - m)) if st.metric.startswith("win_rate_seat_") else float(x.std(ddof=1))
            h = race_half_width(st, sd, m, n, level)
            if (m - h > st.high or m + h < st.low) and c.label in chosen:
                return True
            if not (st.low <= m - h and m + h <= st.high):
                inside_all = False
        if inside_all:
            return True
    return False


def _badness(c: Candidate, streams: Sequence[Stream]) -> float:
    vals = [st.badness(float(np.nanmean(c.stream(st.metric)))) if c.games else math.inf for st in streams]
    return max(vals) if vals else math.inf


def _propose(proposer: _Proposer, cands: list[Candidate], values: list[list[Any]], streams: Sequence[Stream],
             seen: set, add: Callable[[tuple], bool], want: int, allowed: Callable) -> None:
    index = [{repr(v): i for i, v in enumerate(vs)} for vs in values]
    scored = []
    for c in cands:
        if c.games:
            idx = tuple(index[d][repr(v)] for d, v in enumerate(c.values))
            bad = _badness(c, streams)
            scored.append((idx, -min(bad, 10.0)))
    proposer.fit(scored)
    best = [i for i, _ in sorted(scored, key=lambda s: -s[1])[:3]]

    def ok(idx: tuple[int, ...]) -> bool:
        return allowed(tuple(values[d][i] for d, i in enumerate(idx)))[0]
    added = 0
    for idx in proposer.propose(best, seen, ok, want * 2):
        if added >= want:
            break
        if add(idx):
            added += 1


def _choose_finalists(cands: list[Candidate], streams: Sequence[Stream], k: int) -> list[Candidate]:
    """Settings that met every goal in the race first, then the closest survivors: closest by
    :func:`_pooled_badness` (each setting's numbers as the rules' main effects predict them,
    on a complete grid of two or more rules), else by its own estimates."""
    bad = _pooled_badness(cands, streams)
    key = (lambda c: (bad[c.label], c.order)) if bad else (lambda c: (_badness(c, streams), c.order))
    meets = sorted((c for c in cands if c.status == "meets"), key=key)
    racing = sorted((c for c in cands if c.status == "racing"), key=key)
    return (meets + racing)[:k]


def _pooled_badness(cands: list[Candidate], streams: Sequence[Stream]) -> dict[str, float]:
    """Each setting's badness from its numbers as predicted by the rules' main effects: the
    mean over all settings plus, for each rule, the mean of the settings sharing this
    setting's value minus that overall mean. A rule value's effect then rests on every
    setting with it (on a grid of 7 x 3, three or seven times the games of one setting), so
    the closest setting is picked with less of the winner's curse. Only on a complete grid of
    two or more rules where every setting has played (empty otherwise: no model to pool by);
    it only orders the finalists, whose claims rest on fresh games.

    >>> from tabletop_nb.lab.goals import fair
    >>> sts = fair(0.1).streams(2)
    >>> def cand(values, p0, n=100):
    ...     c = Candidate("a=%s, b=%s" % values, values, None)
    ...     wins = np.array([1.0] * round(p0 * n) + [0.0] * (n - round(p0 * n)))
    ...     c.columns = {"win_rate_seat_0": [wins], "win_rate_seat_1": [1 - wins]}
    ...     return c
    >>> cs = [cand((0, 0), 0.50), cand((0, 1), 0.70), cand((1, 0), 0.60), cand((1, 1), 0.60)]
    >>> {k: round(v, 2) for k, v in _pooled_badness(cs, sts).items()}   # a=0's 0.5 is luck: a=0 averages 0.6
    {'a=0, b=0': 0.5, 'a=0, b=1': 1.5, 'a=1, b=0': 0.5, 'a=1, b=1': 1.5}
    """
    played = [c for c in cands if c.games]
    if not played or len(played) != len(cands) or len(played[0].values) < 2:
        return {}
    dims = len(played[0].values)
    levels = [sorted({repr(c.values[d]) for c in played}) for d in range(dims)]
    if len({tuple(repr(v) for v in c.values) for c in played}) != math.prod(len(lv) for lv in levels):
        return {}
    out = {c.label: 0.0 for c in played}
    for st in streams:
        means = {c.label: float(np.nanmean(c.stream(st.metric))) for c in played}
        grand = sum(means.values()) / len(means)
        effect = [{lv: sum(means[c.label] for c in played if repr(c.values[d]) == lv)
                   / sum(1 for c in played if repr(c.values[d]) == lv) - grand for lv in levels[d]}
                  for d in range(dims)]
        for c in played:
            pred = grand + sum(effect[d][repr(c.values[d])] for d in range(dims))
            out[c.label] = max(out[c.label], st.badness(pred))
    return out


def skill_seats(players: int) -> list[tuple[int, ...]]:
    """The line-ups of a skill check: the stronger bot (1) in one seat, in turn in every
    seat, the weaker (0) in the others.

    One search bot a game, not half the table (as the skill ladder's line-ups seat it): the
    check costs half as much, and each game still compares the stronger bot with every
    weaker seat, with each seat's advantage shared out over a round.

    Parameters
    ----------
    players : int
        Seats at the table.

    Returns
    -------
    list of tuple of int
        One line-up per seat.

    Examples
    --------
    >>> skill_seats(3)
    [(1, 0, 0), (0, 1, 0), (0, 0, 1)]
    """
    return [tuple(int(s == k) for s in range(players)) for k in range(players)]


def _skill_values(parts: list[dict[int, list]], schedule: list[tuple[int, ...]]) -> np.ndarray:
    """Per skill game, round by round (each round's line-ups in order): the share of
    (stronger, weaker) seat pairs the stronger bot finished ahead in (shared ranks half). Bot
    1 of the line-up is the stronger."""
    out = []
    for g in sorted(set().union(*parts)):
        for li, rows_by_game in enumerate(parts):
            if g not in rows_by_game:
                continue
            lineup = schedule[li]
            ranks = {r[3]: r[6] for r in rows_by_game[g]}
            ahead = comps = 0.0
            for s1, s2 in itertools.product(range(len(lineup)), repeat=2):
                if lineup[s1] == 1 and lineup[s2] == 0:
                    comps += 1
                    ahead += 1.0 if ranks[s1] < ranks[s2] else 0.5 if ranks[s1] == ranks[s2] else 0.0
            if comps:
                out.append(ahead / comps)
    return np.asarray(out, dtype=float)


def _confirm_rows(c: Candidate, values: Mapping[str, np.ndarray], streams: Sequence[Stream],
                  level: float, stopped: bool = False, race_level: float | None = None,
                  short: Sequence[str] = ()) -> list[dict]:
    """One row per goal number of finalist ``c``'s confirmation, and its verdict.

    ``race_level`` (default ``level``) is the level of the numbers confirmed at several looks
    (every number but a skill check's, which is played once, at ``level``).

    "met" is read from the fixed-sample interval at ``level`` (shown in the row), and only for
    a finalist that played every planned game (not ``stopped`` early by :func:`_confirm_games`);
    "missed" from the anytime-valid sequence at ``level / 2`` (:func:`stream_interval`: each
    side at most ``level / 2``, at any number of games), so a finalist stopped early can
    still be shown to miss, and each kind of claim keeps its side's error. The numbers in
    ``short`` (a skill check stopped early by :func:`_skill_check`) are not read as met either."""
    rows = []
    for st in streams:
        x = values.get(st.metric, np.empty(0))
        lv = level if race_level is None or st.metric == "skill_ahead" else race_level
        mean, lo, hi = _fixed_interval(x, lv, st.bounds)
        seq_lo, seq_hi = stream_interval(st, x, lv / 2)
        rows.append({"label": c.label, "goal": st.goal, "stream": st.metric, "value": mean, "low": lo,
                     "high": hi, "n": int(np.sum(~np.isnan(x))), "band_low": st.low, "band_high": st.high,
                     "met": bool(st.inside(lo, hi)) and not stopped and st.metric not in short, "missed": bool(st.outside(seq_lo, seq_hi)),
                     "verdict": ""})
    met = [bool(r["met"]) for r in rows]
    missed = [st.goal for st, r in zip(streams, rows) if r["missed"]]
    if all(met):
        verdict = "meets"
    elif missed:
        verdict = "misses " + ", ".join(dict.fromkeys(missed))
    elif all(st.low <= float(r["value"]) <= st.high for st, r in zip(streams, rows)):  # type: ignore[arg-type]
        verdict = "likely"
    else:
        verdict = "unclear"
    for r in rows:
        r["verdict"] = verdict
    return rows


def _history_frame(history: list[dict]):
    import pandas as pd
    return pd.DataFrame(history, columns=["round", "label", "stream", "goal", "n", "mean", "low", "high", "status",
                                          "band_low", "band_high"])


def _candidates_frame(cands: list[Candidate], paths: list[str], streams: Sequence[Stream], level: float):
    import pandas as pd
    rows = []
    for c in cands:
        row: dict[str, Any] = {"label": c.label}
        row.update({p: v for p, v in zip(paths, c.values)})
        row.update({"status": c.status, "reason": c.reason, "round_out": c.round_out, "games": c.games})
        for st in streams:
            x = c.stream(st.metric)
            lo, hi = stream_interval(st, x, level) if len(x) else (math.nan, math.nan)
            row[st.metric] = float(np.nanmean(x)) if len(x) else math.nan
            row[f"{st.metric}_low"], row[f"{st.metric}_high"] = lo, hi
        goal_bad: dict[str, float] = {}
        for st in streams:
            x = c.stream(st.metric)
            b = st.badness(float(np.nanmean(x))) if len(x) else math.inf
            goal_bad[st.goal] = max(goal_bad.get(st.goal, 0.0), b)
        for g, b in goal_bad.items():
            row[f"badness_{g}"] = b
        row["badness"] = max(goal_bad.values()) if goal_bad else math.inf
        rows.append(row)
    df = pd.DataFrame(rows)
    goals = list(dict.fromkeys(st.goal for st in streams))
    bad = df[[f"badness_{g}" for g in goals]].to_numpy(dtype=float)
    pareto = []
    for i in range(len(df)):
        dominated = any(np.all(bad[j] <= bad[i]) and np.any(bad[j] < bad[i]) for j in range(len(df)) if j != i)
        pareto.append(bool(np.all(np.isfinite(bad[i])) and not dominated))
    df["pareto"] = pareto
    return df


#: the most confirmation games per finalist that ``confirm_games=None`` picks
MAX_AUTO_CONFIRM = 20_000


def _half_widths(streams: Sequence[Stream], cands: list[Candidate]) -> list[tuple[float, float]]:
    """Per goal number: (half a tolerance, the spread of one game's value)."""
    out = []
    for st in streams:
        half = (st.high - st.low) / 4 if math.isfinite(st.low) and math.isfinite(st.high) else st.scale / 2
        if st.bounds == (0.0, 1.0) and st.centre is not None:
            sd = math.sqrt(st.centre * (1 - st.centre))
        else:
            sds = [float(np.nanstd(c.stream(st.metric), ddof=1)) for c in cands if c.games > 1]
            sd = max(sds) if sds else 0.0
        out.append((half, sd))
    return out


def _confirm_size(cands: list[Candidate], streams: Sequence[Stream], alpha: float, finalists: int,
                  n_streams: int) -> int:
    """Confirmation games per finalist so that every interval is at most half a tolerance
    wide each side, at the confirmation's level (at least 200, at most MAX_AUTO_CONFIRM)."""
    z = NormalDist().inv_cdf(1 - alpha / (finalists * n_streams))
    need = 200
    for half, sd in _half_widths(streams, cands):
        if half > 0 and sd > 0:
            need = max(need, math.ceil((z * sd / half) ** 2))
    return int(min(need, MAX_AUTO_CONFIRM))


#: the most looks of a confirmation sized by ``confirm_games=None`` (1, 2, 4, 8 and 16 times the first)
MAX_CONFIRM_LOOKS = 5


def _confirm_looks(cands: list[Candidate], streams: Sequence[Stream], alpha: float, finalists: int,
                   n_streams: int, spare: int) -> list[int]:
    """The confirmation's looks with ``confirm_games=None``: the games per finalist at which
    "meets" may be read. One look of :func:`_confirm_size`; or, when ``spare`` (the budget the
    race left unused, per finalist) holds twice that and more, ``J`` looks at 1, 2, 4, ...
    times a first size made for a ``J``-th of the level (the most looks that fit, at most
    ``MAX_CONFIRM_LOOKS``), so a finalist close to a band's edge can still be shown inside it.
    The looks depend on the race's games only, never on a confirmation game.

    >>> from tabletop_nb.lab.goals import fair
    >>> c = Candidate("a=0", (0,), None)
    >>> c.columns = {f"win_rate_seat_{k}": [np.array([1.0, 0.0, 0.0, 0.0] * 25)] for k in range(4)}
    >>> _confirm_looks([c], fair(0.02).streams(4), 0.05, 1, 4, 0)        # no budget left: one look
    [9420]
    >>> _confirm_looks([c], fair(0.02).streams(4), 0.05, 1, 4, 100_000)  # three looks, each at a third of the level
    [13051, 26102, 52204]
    """
    one = _confirm_size(cands, streams, alpha, finalists, n_streams)
    best = [one]
    for j in range(2, MAX_CONFIRM_LOOKS + 1):
        first = _confirm_size(cands, streams, alpha / j, finalists, n_streams)
        if first * 2 ** (j - 1) > spare:
            break
        best = [first * 2 ** k for k in range(j)]
    return best


def _grid_games(grid: int, cands: list[Candidate], streams: Sequence[Stream], alpha: float) -> int:
    """Games a fixed grid of every setting would need so that each setting's fixed-sample
    interval (at the same family-wise level) is at most half a tolerance wide on each side:
    per setting the largest ``(z * sd / (tol / 2))^2`` over the goal numbers, with the
    spread of a win rate at its fair share and of other numbers as seen in the race."""
    z = NormalDist().inv_cdf(1 - alpha / (max(1, grid) * len(streams)))
    need = 0
    for half, sd in _half_widths(streams, cands):
        if half > 0 and sd > 0:
            need = max(need, math.ceil((z * sd / half) ** 2))
    return int(grid * need)


# --------------------------------------------------------------------------- the plan
def race_half_width(st: Stream, sd: float, centre: float, n: int, level: float) -> float:
    """About how wide (each side) the race's interval for goal number ``st`` is after ``n``
    games of one setting, for a number with per-game spread ``sd`` and mean ``centre``, at
    the race's ``level``: the beta-binomial sequence's bounds for a win rate (``round(centre
    * n)`` wins), the normal-mixture boundary otherwise.

    Parameters
    ----------
    st : Stream
        The goal number.
    sd, centre : float
        Its spread per game and its mean (from a pilot).
    n : int
        Games of one setting.
    level : float
        The race's error per interval.

    Returns
    -------
    float
        Half the interval's width (``inf`` before a game).

    Examples
    --------
    >>> from tabletop_nb.lab.goals import fair
    >>> st = fair(0.04).streams(4)[0]
    >>> round(race_half_width(st, 0.433, 0.25, 1000, 0.05), 3)
    0.05
    """
    from .sequential import beta_binomial_bounds, normal_mixture_half_width
    if n < 1:
        return math.inf
    if st.metric.startswith("win_rate_seat_"):
        k = int(round(min(max(centre, 0.0), 1.0) * n))
        lo, hi = beta_binomial_bounds(k, n, level)
        return (hi - lo) / 2
    return normal_mixture_half_width(sd, n, level)


def games_to_resolve(st: Stream, sd: float, centre: float, half: float, level: float,
                     most: int = 10_000_000) -> int:
    """The fewest games of one setting for which :func:`race_half_width` is at most ``half``
    (``most`` if even that many are not enough).

    Parameters
    ----------
    st : Stream
        The goal number.
    sd, centre : float
        Its spread per game and its mean (from a pilot), as in :func:`race_half_width`.
    half : float
        The half-width wanted (each side of the interval); 1 game is returned for a
        ``half`` that is not positive, and for a number other than a win rate with no
        spread.
    level : float
        The race's error per interval.
    most : int, default 10_000_000
        The most games returned: the search stops there.

    Returns
    -------
    int
        The number of games (found by doubling, then bisection).

    Examples
    --------
    >>> from tabletop_nb.lab.goals import fair
    >>> st = fair(0.04).streams(4)[0]
    >>> n = games_to_resolve(st, 0.433, 0.25, 0.02, 0.05)
    >>> race_half_width(st, 0.433, 0.25, n, 0.05) <= 0.02 < race_half_width(st, 0.433, 0.25, n - 1, 0.05)
    True
    """
    if not half > 0 or not sd > 0 and not st.metric.startswith("win_rate_seat_"):
        return 1
    hi = 1
    while race_half_width(st, sd, centre, hi, level) > half:
        if hi >= most:
            return most
        hi = min(most, hi * 2)
    lo = hi // 2
    while hi - lo > 1:  # the width shrinks with n (up to a win's rounding): bisection
        mid = (lo + hi) // 2
        if race_half_width(st, sd, centre, mid, level) > half:
            lo = mid
        else:
            hi = mid
    return hi


@dataclass
class BalancePlan:
    """What a balance study's budget can resolve, planned from its first round of games.

    :func:`balance` makes one after its first round (a pilot: ``batch`` games of every
    setting, the same games the race goes on with) and :func:`plan_balance` returns it
    alone. Every number is computed: the per-game spread of each goal number (a win rate's
    from its pilot estimate, other numbers' from the pilot games), the race's own interval
    widths at its level (:func:`race_half_width`), the speed just measured.

    Attributes
    ----------
    game : str
    players, settings : int
        Table size; settings that may race.
    budget : int
        The study's race budget.
    pilot_games : int
        Games per setting in the pilot.
    rate : float or None
        Games per second measured in the pilot (None when they came from a checkpoint).
    level : float
        The race's error per interval.
    numbers : list of dict
        Per goal number: ``stream``, ``goal``, ``sd``, ``centre``, ``resolve`` (the
        half-width wanted: half a tolerance), ``need`` (games per setting for it) and
        ``budget_half`` (the half-width at the budget's games per setting).
    goal_text : dict
        Each goal in words.
    confirm_games : int
        Confirmation games per finalist that the plan expects.

    Examples
    --------
    >>> from tabletop_nb.lab.synthetic import KnownOddsGame
    >>> plan = plan_balance(KnownOddsGame(players=4, edge=8), {"handicap": [0, 4, 8]}, {"fair": 0.04},
    ...                     bots="random", budget=900, executor="serial", progress=False)
    >>> plan.settings, plan.pilot_games, plan.budget_per_setting
    (3, 100, 300)
    >>> plan.need_per_setting > plan.budget_per_setting     # this budget cannot resolve +-0.02
    True
    >>> print(plan.summary().splitlines()[0])
    Plan: ... needs about ... games per setting (... for the 3 settings...); this budget (900) gives each 300 games: +-...
    """

    game: str
    players: int
    settings: int
    budget: int
    pilot_games: int
    rate: float | None
    level: float
    numbers: list[dict]
    goal_text: dict
    confirm_games: int

    @property
    def binding(self) -> dict:
        """The goal number that needs the most games."""
        return max(self.numbers, key=lambda r: (r["need"], -self.numbers.index(r)))

    @property
    def need_per_setting(self) -> int:
        """Race games per setting for every goal number to be resolved to half a tolerance."""
        return int(self.binding["need"])

    @property
    def need_total(self) -> int:
        """Race games for every setting that may race."""
        return self.need_per_setting * self.settings

    @property
    def budget_per_setting(self) -> int:
        """The budget's race games per setting."""
        return self.budget // max(1, self.settings)

    @property
    def enough(self) -> bool:
        """Whether the budget gives every setting the games it needs."""
        return self.budget_per_setting >= self.need_per_setting

    def seconds(self, games: int) -> float | None:
        """Seconds for ``games`` at the speed measured (None if not measured)."""
        return games / self.rate if self.rate else None

    def settings_resolved(self) -> int:
        """How many settings this budget can resolve."""
        return self.budget // max(1, self.need_per_setting)

    def widen_to(self) -> dict[str, float]:
        """Per goal: the tolerance this budget can show (twice the half-width it gives)."""
        out: dict[str, float] = {}
        for r in self.numbers:
            if r["budget_half"] > r["resolve"]:
                out[r["goal"]] = max(out.get(r["goal"], 0.0), 2 * r["budget_half"])
        return out

    def headline(self) -> str:
        """The plan in one short line (for the progress bar)."""
        b = self.binding
        return (f"needs ~{self.need_per_setting:,} games/setting for +-{b['resolve']:.3g}; "
                f"budget gives {self.budget_per_setting:,}: +-{b['budget_half']:.2g}")

    def summary(self) -> str:
        """The plan in words: what the goals need, what the budget gives, the ways out."""
        b = self.binding
        secs = self.seconds(self.need_total)
        when = f", about {_duration(secs)} at the {self.rate:.0f} games/s just measured" if secs else ""
        line = (f"Plan: resolving {self.goal_text[b['goal']]} (intervals of +-{b['resolve']:.3g} on "
                f"{stream_title(b['stream'])}, the hardest number) needs about {self.need_per_setting:,} games per "
                f"setting ({self.need_total:,} for the {self.settings} "
                f"settings{when}); this budget ({self.budget:,}) gives each {self.budget_per_setting:,} games: "
                f"+-{b['budget_half']:.2g}.")
        lines = [line]
        if self.enough:
            lines.append("The budget covers it.")
        else:
            widen = ", ".join(f"{g} to +-{w:.2g}" for g, w in self.widen_to().items())
            k = self.settings_resolved()
            shrink = _race_at_most(k) if k >= 1 else \
                f"give one setting budget={self.need_per_setting:,} (this budget does not resolve even one)"
            lines.append(f"Ways out: widen the band ({widen}), {shrink}, or raise budget= to {self.need_total:,}.")
        secs_c = self.seconds(self.confirm_games)
        lines.append(f"The confirmation then plays about {self.confirm_games:,} fresh games per finalist"
                     + (f" (about {_duration(secs_c)} each)." if secs_c else "."))
        return "\n".join(lines)

    def plain(self) -> dict:
        """JSON-friendly form (kept in a result's ``info["plan"]``)."""
        return {"game": self.game, "players": self.players, "settings": self.settings, "budget": self.budget,
                "pilot_games": self.pilot_games, "rate": self.rate, "level": self.level, "numbers": self.numbers,
                "goal_text": self.goal_text, "confirm_games": self.confirm_games,
                "need_per_setting": self.need_per_setting, "need_total": self.need_total,
                "budget_per_setting": self.budget_per_setting, "enough": self.enough}

    @classmethod
    def from_plain(cls, d: Mapping[str, Any]) -> "BalancePlan":
        """Read back :meth:`plain`."""
        return cls(d["game"], d["players"], d["settings"], d["budget"], d["pilot_games"], d["rate"], d["level"],
                   list(d["numbers"]), dict(d["goal_text"]), d["confirm_games"])

    def _repr_html_(self) -> str:
        import html
        return "<p>" + html.escape(self.summary()).replace("\n", "<br>") + "</p>"

    def __repr__(self) -> str:
        return f"<BalancePlan>\n{self.summary()}"


def _spread(r: dict, where: str) -> str:
    """Where a goal number lies over the settings raced (``r`` a row of ``reachable()``),
    ``where`` naming them with ``{n}`` for their number.

    >>> r = {"stream": "win_rate_seat_0", "min": 0.43, "max": 0.43, "settings": 2}
    >>> _spread(r, "across the {n} settings")
    'is 43.0% in each of the 2 settings'
    >>> _spread({**r, "max": 0.5}, "across the {n} settings")
    'lies between 43.0% and 50.0% across the 2 settings'
    """
    low, high = (format_number(r["stream"], r[k]) for k in ("min", "max"))
    if low == high:
        return f"is {low} in each of the {r['settings']} settings"
    return f"lies between {low} and {high} {where.format(n=r['settings'])}"


def _race_at_most(k: int) -> str:
    """The way out that shrinks the space, in words.

    >>> _race_at_most(1), _race_at_most(3)
    ('race at most 1 setting', 'race at most 3 settings')
    """
    return f"race at most {k} setting{'s' if k != 1 else ''}"


def _duration(seconds: float) -> str:
    if seconds < 90:
        return f"{seconds:.0f} s"
    if seconds < 5400:
        return f"{seconds / 60:.0f} min"
    return f"{seconds / 3600:.1f} h"


def _make_plan(game: Any, goals: list[Goal], streams: Sequence[Stream], cands: list[Candidate], settings: int,
               budget: int, level: float, rate: float | None, confirm_games: int) -> BalancePlan:
    numbers = []
    for st in streams:
        best_sd, best_centre = 0.0, st.centre if st.centre is not None else 0.0
        for c in cands:
            x = c.stream(st.metric)
            x = x[~np.isnan(x)]
            if len(x) < 2:
                continue
            m = float(x.mean())
            sd = math.sqrt(m * (1 - m)) if st.metric.startswith("win_rate_seat_") else float(x.std(ddof=1))
            if sd >= best_sd:
                best_sd, best_centre = sd, m
        tol = st.scale if st.centre is not None else st.scale
        resolve = tol / 2
        need = games_to_resolve(st, best_sd, best_centre, resolve, level)
        per = budget // max(1, settings)
        numbers.append({"stream": st.metric, "goal": st.goal, "sd": round(best_sd, 6), "centre": round(best_centre, 6),
                        "resolve": resolve, "need": int(need),
                        "budget_half": round(race_half_width(st, best_sd, best_centre, per, level), 6)})
    players = game.num_players
    return BalancePlan(game.name, players, settings, budget, cands[0].games if cands else 0, rate, level, numbers,
                       {g.name: g.describe(players) for g in goals}, int(confirm_games))


def _verdict(game: Any, paths: list[str], goals: list[Goal], players: int, cands: list[Candidate],
             finals, streams: Sequence[Stream], interrupted: bool, confirm_games: int,
             skipped: list[dict]) -> dict:
    goal_info = [{"name": g.name, "text": g.describe(players), **g.plain()} for g in goals]
    by_label = {c.label: c for c in cands}
    info: dict[str, Any] = {"game": game.name, "players": players, "paths": paths, "goals": goal_info,
                            "best": None, "unreachable": []}
    if interrupted:
        info.update(verdict="interrupted", verdict_text="Interrupted: the games that finished are kept; "
                    "run the same call again (with checkpoint=) to go on.")
        return info
    verdicts = {} if finals is None or not len(finals) else \
        finals.groupby("label", sort=False)["verdict"].first().to_dict()
    worst = {}
    if finals is not None and len(finals):
        by_metric = {s.metric: s for s in _all_streams_for(goals, players)}
        for label, part in finals.groupby("label", sort=False):
            bad = 0.0
            for r in part.itertuples():
                bad = max(bad, by_metric[r.stream].badness(r.value))
            worst[label] = bad
    meets = sorted((lab for lab, v in verdicts.items() if v == "meets"), key=lambda lab: worst[lab])
    likely = sorted((lab for lab, v in verdicts.items() if v == "likely"), key=lambda lab: worst[lab])
    # goals no setting reached: every setting missed them for sure (race or confirmation)
    unreachable = []
    for g in goals:
        reached = False
        for c in cands:
            v = verdicts.get(c.label)
            if v is not None:
                if not (v.startswith("misses") and g.name in v[len("misses "):].split(", ")):
                    reached = True
            elif not (c.status == "out" and c.reason.startswith(f"cannot meet {g.name}:")):
                reached = True
        if not reached:
            unreachable.append(g.name)
    info["unreachable"] = unreachable

    def values_of(label: str) -> dict:
        return dict(zip(paths, by_label[label].values))
    n_fin = len(verdicts)
    if meets:
        info.update(verdict="met", best=values_of(meets[0]))
        n_met = int(finals[finals["label"] == meets[0]]["n"].max())
        info["verdict_text"] = (f"{meets[0]} meets every goal on {n_met:,} fresh games ({n_fin} finalists "
                                f"confirmed, in order, until one did).")
    elif likely:
        info["closest"] = values_of(likely[0])
        n_likely = int(finals[finals["label"] == likely[0]]["n"].max())
        stop = (f" (stopped there: at {confirm_games:,} it could not show every goal)" if n_likely < confirm_games
                else "")
        info.update(verdict="likely", verdict_text=(
            f"No setting is confirmed yet: {likely[0]} is inside every band on {n_likely:,} fresh games{stop}, but "
            f"its intervals are wider than the tolerances. Confirm it with more games (confirm_games=) before "
            f"trusting it."))
    elif verdicts and all(v.startswith("misses") for v in verdicts.values()) \
            and all(c.status == "out" for c in cands if c.label not in verdicts):
        text = "No setting meets every goal: every finalist misses one on fresh games and every other setting " \
               "left the race."
        if unreachable:
            text += " Out of reach here: " + ", ".join(_goal_text(goals, g, players) for g in unreachable) + "."
        info.update(verdict="none", verdict_text=text + " The closest trade-offs are in .pareto().")
    elif not verdicts and all(c.status == "out" for c in cands):
        text = "No setting meets every goal: every setting left the race."
        if unreachable:
            text += " Out of reach here: " + ", ".join(_goal_text(goals, g, players) for g in unreachable) + "."
        info.update(verdict="none", verdict_text=text + " The closest trade-offs are in .pareto().")
    else:
        racing_left = [c for c in cands if c.status != "out" and c.label not in verdicts]
        if verdicts and all(v.startswith("misses") for v in verdicts.values()):
            text = (f"Undecided: every finalist misses a goal on fresh games, but {len(racing_left)} other "
                    f"settings were still in the race when it ended: raise budget= to race them further.")
        else:
            text = ("Undecided: the games played cannot yet tell which setting meets every goal (raise budget= or "
                    "confirm_games=, or widen a tolerance).")
            if finals is not None and len(finals):
                for label, part in finals.groupby("label", sort=False):
                    rest, sk = part[part["stream"] != "skill_ahead"], part[part["stream"] == "skill_ahead"]
                    if len(rest) and rest["met"].all() and len(sk) and not (sk["met"].any() or sk["missed"].any()):
                        text = (f"Undecided: {label} meets every goal but skill on fresh games, and its skill check "
                                f"cannot tell yet (raise skill_games=, or change the skill goal's bots or share).")
                        break
        info.update(verdict="undecided", verdict_text=text)
    if skipped:
        info["verdict_text"] += f" ({len(skipped)} combinations left out: constraints or rules refusing them.)"
    return info


def _all_streams_for(goals: list[Goal], players: int) -> list[Stream]:
    return [s for g in goals for s in g.streams(players)]


def _goal_text(goals: list[Goal], name: str, players: int) -> str:
    g = next(g for g in goals if g.name == name)
    return f"{name} ({g.describe(players)})"
