"""Levers: which rules move which goal number, which way, and by how much per step.

:func:`levers` answers the question a balance study cannot answer inside its own space:
*which rules of the game move seat 0's win rate at all?* In the spirit of the one-step
deviations of TAG (Tabletop Games framework, ``OneStepDeviations``: change one parameter
by one step from the current values and see what the change does), with honest
intervals:

1. **One-step changes.** For each rule (by default every numeric and on/off rule of the
   game; or the rule paths named), the current value moved one step each way (a number
   by its ``step``, within the rule's bounds; an on/off rule switched; a rule with named
   readings to each other reading). A change the rules refuse is left out and listed.
2. **Common seeds.** Every change plays the same seeds as the current rules (game ``i``
   of both from ``SeedSequence(seed, spawn_key=(i,))``), so each goal number's change is
   measured on *paired* games, far less noisy than two separate samples.
3. **Anytime-valid paired intervals.** After each round of ``batch`` games, every change's
   effect on every goal number has a confidence sequence
   (:mod:`tabletop_nb.lab.sequential`: empirical Bernstein on the paired differences of a
   bounded number, the normal mixture otherwise). All of them hold at once with
   probability at least ``1 - alpha`` (Bonferroni over changes times goal numbers), at
   every round, so a change stops playing as soon as its intervals are decided (each
   excludes 0, or lies within ``+-small``) and the study can end early.

So with probability at least ``1 - alpha``, no rule is named a lever for a goal number
it does not move (a lever's interval excludes 0), and no rule is said to move a number
by less than ``small`` when it moves it more.
"""
from __future__ import annotations

import math
import time
from typing import Any, Mapping, Sequence

import numpy as np

from ..core.errors import RulesError, TabletopError
from .rule_paths import rule_path_value, with_rule_path
from .streams import (PlayedColumns, format_number, metric_names, per_game_table, stream_interval, stream_title,
                      stream_values)

__all__ = ["levers", "LeversResult", "default_lever_rules", "one_step_changes"]


def default_lever_rules(game: Any) -> list[str]:
    """The rules :func:`levers` tries by default: every whole-number rule with bounds and
    every on/off rule of the game (not ``players``: that is the table, not a rule).

    Parameters
    ----------
    game : Game
        The game.

    Returns
    -------
    list of str
        Rule names, in the rules' order.

    Examples
    --------
    >>> from tabletop_nb.lab.synthetic import DecoyOddsGame
    >>> default_lever_rules(DecoyOddsGame())
    ['edge', 'handicap', 'rounds', 'spread', 'decoy_order', 'decoy_reversed']
    """
    out = []
    for f in game.rules.fields_info():
        if f.name == "players":
            continue
        if f.type is bool or (f.type is int and (f.min is not None or f.max is not None or f.choices)):
            out.append(f.name)
    return out


def one_step_changes(game: Any, path: str, step: Any = None) -> tuple[list[tuple[Any, Any]], list[str]]:
    """The one-step changes of one rule from the game's current value.

    Parameters
    ----------
    game : Game
        The game (its current rules are the starting point).
    path : str
        A rule path (``"end_bonus"``, ``"thresholds[2][1]"``).
    step : number, optional
        How far a number moves per step; by default 1, or a fifth of its current value
        (rounded) when that is larger, so a rule worth 35 moves by 7.

    Returns
    -------
    changes : list of (value, game)
        Each new value with its game, validated.
    refused : list of str
        The changes the rules refuse, with the reason.

    Examples
    --------
    >>> from tabletop_nb.lab.synthetic import DecoyOddsGame
    >>> [v for v, _ in one_step_changes(DecoyOddsGame(), "handicap")[0]]   # 0 is its lower bound
    [1]
    >>> [v for v, _ in one_step_changes(DecoyOddsGame(), "decoy_reversed")[0]]
    [True]
    """
    value = rule_path_value(game.rules, path)
    top = path.split("[")[0].split(".")[0]
    info = {f.name: f for f in game.rules.fields_info()}.get(top)
    if isinstance(value, bool):
        options: list[Any] = [not value]
    elif isinstance(value, int):
        s = step if step is not None else max(1, round(abs(value) / 5))
        options = [value - s, value + s]
    elif info is not None and info.choices and top == path:
        options = [c for c in info.choices if c != value]
    else:
        raise TabletopError(f"{path!r} is {value!r}: levers moves whole numbers, on/off rules and rules with "
                            f"named readings; name a numeric part of it (e.g. '{path}[0]')")
    changes, refused = [], []
    for v in options:
        try:
            changes.append((v, with_rule_path(game, path, v)))
        except RulesError as e:
            refused.append(f"{path}={v!r}: {e.reason}")
    return changes, refused


class _Change(PlayedColumns):
    def __init__(self, path: str, old: Any, new: Any, game: Any, step: float | None):
        self.path, self.old, self.new, self.game, self.step = path, old, new, game, step
        self.label = f"{path}={new!r}"
        self.columns: dict[str, list[np.ndarray]] = {}
        self.active = True


def levers(game: Any, goals: Any = None, rules: Sequence[str] | None = None, *, steps: Mapping[str, Any] | None = None,
           bots: Any = "greedy", seed: int | None = 0, games: int = 2000, batch: int = 200,
           budget: int | None = None, alpha: float = 0.05, small: float | Mapping[str, float] | None = None,
           executor: Any = None, progress: Any = True) -> "LeversResult":
    """Which rules move which goal number: one-step changes on common seeds, with paired
    anytime-valid intervals (see the module's docstring).

    Parameters
    ----------
    game : Game
        The game at its current rules (the starting point of every change).
    goals : dict or list of Goal, optional
        As in :func:`tabletop_nb.balance` (``{"fair": 0.04}``, ``{"turns": (40, 3)}``);
        the goal numbers measured are each goal's numbers (every seat's win rate for
        ``fair``). A skill goal is left out (its games are a different line-up). By default
        ``{"fair": 0.05}``.
    rules : list of str, optional
        Rule paths to try (``["end_bonus", "thresholds[2][1]"]``); by default
        :func:`default_lever_rules`.
    steps : dict, optional
        Rule path -> step for numbers (by default 1, or a fifth of the current value).
    bots, seed, executor, progress
        As in :func:`tabletop_nb.compare_rules`.
    games : int, default 2000
        The most games per change (and for the current rules).
    batch : int, default 200
        Games per change per round; a change stops once its intervals are decided.
    budget : int, optional
        The most games of the changes together (the current rules' games not counted).
    alpha : float, default 0.05
        The chance that any interval misses (so that any rule is named a lever wrongly).
    small : float or dict, optional
        A change this small or smaller "does not move" a goal number (per goal name, or
        one for all); by default half the goal's tolerance.

    Returns
    -------
    LeversResult
        ``.table``, ``.summary()``, ``.levers_for(number)``, ``.figure(number)``.

    Examples
    --------
    A game whose odds are known (:class:`~tabletop_nb.lab.synthetic.DecoyOddsGame`):
    ``handicap`` moves seat 0's win rate by exactly -1 point per point, the decoys move
    nothing (they only reshuffle which seed gives which winner):

    >>> from tabletop_nb.lab.synthetic import DecoyOddsGame
    >>> res = levers(DecoyOddsGame(players=2, edge=30, handicap=20), {"fair": 0.2},
    ...              rules=["handicap", "decoy_order"], steps={"handicap": 10},
    ...              bots="random", games=600, batch=200, executor="serial", progress=False)
    >>> res.levers_for("win_rate_seat_0")
    ['handicap']
    >>> print(res.summary().splitlines()[0])
    seat 0 wins (... now): moved by handicap (-... points per +1 [-..., -...]).
    """
    from ..core.study import Request, StudyRun, check_bots, study_seed
    from .goals import parse_goals

    t0 = time.monotonic()
    players = game.num_players
    goal_list = parse_goals({"fair": 0.05} if goals is None else goals, metric_names(players), players)
    goal_by_name = {g.name: g for g in goal_list}
    streams = [s for g in goal_list if g.kind != "skill" for s in g.streams(players)]
    if not streams:
        raise TabletopError("levers needs a goal besides skill (e.g. {'fair': 0.05})")
    for name, v, least in (("games", games, 2), ("batch", batch, 1)):
        if isinstance(v, bool) or not isinstance(v, (int, np.integer)) or v < least:
            raise TabletopError(f"{name} must be a whole number of at least {least}, got {v!r}")
    if budget is not None and (isinstance(budget, bool) or not isinstance(budget, (int, np.integer)) or budget < 1):
        raise TabletopError(f"budget must be a whole number of at least 1, got {budget!r}")
    if isinstance(alpha, bool) or not isinstance(alpha, (int, float)) or not 0 < alpha < 1:
        raise TabletopError(f"alpha is an error rate between 0 and 1, got {alpha!r}")
    paths = list(default_lever_rules(game) if rules is None else rules)
    if isinstance(rules, str):
        raise TabletopError(f"rules is a list of rule paths, e.g. [{rules!r}]")
    steps = dict(steps or {})
    for p in steps:
        if p not in paths:
            raise TabletopError(f"steps names {p!r}, which is not among the rules tried: {paths}")
    smalls = _smalls(small, goal_list)
    specs, names = check_bots(game, bots)
    changes: list[_Change] = []
    refused: list[str] = []
    for p in paths:
        old = rule_path_value(game.rules, p)
        made, why = one_step_changes(game, p, steps.get(p))
        refused.extend(why)
        for new, g in made:
            step = float(new - old) if isinstance(new, int) and not isinstance(new, bool) else None
            changes.append(_Change(p, old, new, g, step))
    if not changes:
        raise TabletopError("no rule could be changed by one step: " + "; ".join(refused[:3]))
    level = alpha / (len(changes) * len(streams))
    root = study_seed(seed)
    cap = int(games)
    total = cap * (len(changes) + 1) if budget is None else min(cap * (len(changes) + 1), budget + cap)
    run = StudyRun(executor, total, progress, total, f"{game.name} levers", entropy=root, upto=True)
    base_cols: dict[str, list[np.ndarray]] = {}
    base_n = 0
    used = rounds = 0
    interrupted = False

    def collect(rows_by_game: dict, g: Any) -> dict[str, np.ndarray]:
        rows = [r for i in sorted(rows_by_game) for r in rows_by_game[i]]
        return stream_values(streams, goal_by_name, per_game_table(rows, g, names, root))

    with run:
        while True:
            active = [c for c in changes if c.active]
            if not active:
                break
            per = batch
            if budget is not None:
                per = min(per, (budget - used) // len(active))
            per = min(per, cap - min(c.games for c in active))
            if per < 1:
                break
            # the current rules' games once (up to the longest change), each change's next batch
            want = max(c.games for c in active) + per
            requests = [Request("base", game, specs, range(base_n, want))] if want > base_n else []
            requests += [Request(c.label, c.game, specs, range(c.games, c.games + per)) for c in active]
            got, interrupted = run.play(requests)
            if interrupted:
                break
            rounds += 1
            if want > base_n:
                for metric, vals in collect(got["base"], game).items():
                    base_cols.setdefault(metric, []).append(vals)
                base_n = want
            for c in active:
                for metric, vals in collect(got[c.label], c.game).items():
                    c.columns.setdefault(metric, []).append(vals)
                used += per
            base = {st.metric: np.concatenate(base_cols[st.metric]) for st in streams}
            for c in active:
                decided = [_decision(*_paired(c, base, st, level), smalls[st.goal]) != "undecided"
                           for st in streams]
                if all(decided) or c.games >= cap:
                    c.active = False
    base = {st.metric: np.concatenate(base_cols[st.metric]) if base_cols else np.empty(0) for st in streams}
    rows = []
    for c in changes:
        for st in streams:
            mean, lo, hi, n = _paired(c, base, st, level)
            per_step = (lambda v: v / c.step) if c.step else (lambda v: v)
            verdict = _decision(mean, lo, hi, n, smalls[st.goal])
            rows.append({"rule": c.path, "from": c.old, "to": c.new, "change": c.label, "goal": st.goal,
                         "number": st.metric, "step": c.step, "effect": mean, "low": lo, "high": hi,
                         "per_step": per_step(mean),
                         "per_step_low": min(per_step(lo), per_step(hi)) if n else math.nan,
                         "per_step_high": max(per_step(lo), per_step(hi)) if n else math.nan,
                         "games": n, "verdict": verdict})
    import pandas as pd
    table = pd.DataFrame(rows)
    base_rows = []
    for st in streams:
        x = base[st.metric]
        lo, hi = stream_interval(st, x, alpha / len(streams)) if len(x) else (math.nan, math.nan)
        base_rows.append({"number": st.metric, "goal": st.goal, "value": float(np.nanmean(x)) if len(x) else math.nan,
                          "low": lo, "high": hi, "band_low": st.low, "band_high": st.high, "games": int(len(x))})
    info = {"game": game.name, "players": players, "rules": paths, "goals": [g.describe(players) for g in goal_list],
            "alpha": alpha, "level": level, "smalls": smalls, "refused": refused, "interrupted": interrupted,
            "games": {"changes": used, "current": base_n, "total": used + base_n}, "rounds": rounds,
            "seconds": round(time.monotonic() - t0, 3), "bots": names, "seed": root}
    return LeversResult(info, table, pd.DataFrame(base_rows))


def _smalls(small: Any, goal_list: list) -> dict[str, float]:
    out = {}
    for g in goal_list:
        if isinstance(small, Mapping):
            v = small.get(g.name)
        else:
            v = small
        if v is None:
            v = g.scale / 2
        if isinstance(v, bool) or not isinstance(v, (int, float)) or not v > 0:
            raise TabletopError(f"small must be a number above 0 (per goal: a dict), got {v!r}")
        out[g.name] = float(v)
    if isinstance(small, Mapping):
        unknown = set(small) - set(out)
        if unknown:
            raise TabletopError(f"small names goals that are not asked: {sorted(unknown)}; the goals are {sorted(out)}")
    return out


def _paired(c: _Change, base: Mapping[str, np.ndarray], st: Any, level: float) -> tuple[float, float, float, int]:
    """Mean change of ``st``'s number (this change minus the current rules, game for game)
    and its anytime-valid interval at ``level``."""
    from .sequential import bernstein_cs, normal_mixture_cs
    x = c.stream(st.metric)
    b = base[st.metric][:len(x)]
    d = x - b
    d = d[~np.isnan(d)]
    n = int(len(d))
    if n == 0:
        return math.nan, -math.inf, math.inf, 0
    if st.bounds is not None:
        w = st.bounds[1] - st.bounds[0]
        cs = bernstein_cs(d, level, lo=-w, hi=w)
    else:
        cs = normal_mixture_cs(d, level, start=min(100, n))
    return float(d.mean()), float(cs.low[-1]), float(cs.high[-1]), n


def _decision(mean: float, lo: float, hi: float, n: int, small: float) -> str:
    if n == 0:
        return "undecided"
    if lo > 0:
        return "raises"
    if hi < 0:
        return "lowers"
    if -small <= lo and hi <= small:
        return "moves less"
    return "undecided"


class LeversResult:
    """What :func:`levers` found.

    Attributes
    ----------
    table : pandas.DataFrame
        One row per change and goal number: ``rule``, ``from``, ``to``, ``change``,
        ``number``, ``effect`` (mean change) with ``low`` / ``high`` (its anytime-valid
        interval), ``per_step`` (the change per +1 of a number rule, ``effect / (to - from)``;
        for a switch, the effect itself) with its interval, ``games`` and ``verdict``
        (``"raises"``, ``"lowers"``, ``"moves less"`` than ``small``, ``"undecided"``).
    current : pandas.DataFrame
        Each goal number at the current rules, with its interval and band.
    info : dict
        The rules tried, the changes refused, the games played, seconds, alpha.

    Examples
    --------
    >>> from tabletop_nb.lab.synthetic import DecoyOddsGame
    >>> res = levers(DecoyOddsGame(players=2, edge=30), {"fair": 0.2}, rules=["handicap"],
    ...              steps={"handicap": 10}, bots="random", games=400, executor="serial", progress=False)
    >>> res.table[["change", "number", "verdict"]].values.tolist()[:2]
    [['handicap=10', 'win_rate_seat_0', 'lowers'], ['handicap=10', 'win_rate_seat_1', 'raises']]
    """

    def __init__(self, info: dict, table: Any, current: Any):
        self.info, self.table, self.current = info, table, current

    @property
    def games(self) -> dict:
        """Games played: for the changes, for the current rules, in all."""
        return dict(self.info["games"])

    def levers_for(self, number: str) -> list[str]:
        """The rules that surely move ``number`` (a goal number such as ``"win_rate_seat_0"``
        or ``"turns"``), the strongest per +1 first."""
        t = self.table
        if number not in set(t["number"]):
            import difflib
            near = difflib.get_close_matches(number, sorted(set(t["number"])), n=1)
            raise TabletopError(f"no goal number {number!r} here" + (f"; did you mean {near[0]!r}?" if near else "")
                                + f" The numbers are: {', '.join(dict.fromkeys(t['number']))}")
        part = t[(t["number"] == number) & t["verdict"].isin(["raises", "lowers"])]
        part = part.assign(size=part["per_step"].abs()).sort_values("size", ascending=False)
        return list(dict.fromkeys(part["rule"]))

    def summary(self) -> str:
        """One line per goal number: what moves it (per +1 of the rule, with intervals) and what does not."""
        lines = []
        t = self.table
        for r in self.current.itertuples():
            part = t[t["number"] == r.number]
            moved = part[part["verdict"].isin(["raises", "lowers"])]
            moved = moved.assign(size=moved["per_step"].abs()).sort_values("size", ascending=False)
            now = f"{format_number(r.number, r.value)} now"
            if len(moved):
                shown = ", ".join(f"{m.change if m.step is None or _nan(m.step) else m.rule} "
                                  f"({format_number(r.number, m.per_step, signed=True)}"
                                  f"{' per +1' if not _nan(m.step) else ''} "
                                  f"[{format_number(r.number, m.per_step_low, signed=True, unit=False)}, "
                                  f"{format_number(r.number, m.per_step_high, signed=True, unit=False)}])"
                                  for m in moved.drop_duplicates("rule").itertuples())
                lines.append(f"{stream_title(r.number)} ({now}): moved by {shown}.")
            else:
                lines.append(f"{stream_title(r.number)} ({now}): no rule tried moves it surely.")
        still = t[t["verdict"] == "undecided"]["rule"].nunique()
        less = t.groupby("rule")["verdict"].apply(lambda v: (v == "moves less").all())
        none = [rule for rule, ok in less.items() if ok]
        g = self.info["games"]
        tail = (f"{len(self.info['rules'])} rules tried, {t['change'].nunique()} one-step changes on common seeds, "
                f"{g['total']} games ({self.info['seconds']:.0f} s); every interval holds at once with probability "
                f"{1 - self.info['alpha']:.0%}.")
        if none:
            tail += f" Moving no number by more than the goals' half-tolerance: {', '.join(none)}."
        if still:
            tail += f" {still} rules still undecided on some number (raise games= to settle them)."
        if self.info["refused"]:
            tail += f" Changes the rules refuse: {'; '.join(self.info['refused'][:4])}."
        lines.append(tail)
        return "\n".join(lines)

    def figure(self, number: str | None = None):
        """A forest plot: each change's effect on one goal number per +1 of its rule, with its interval."""
        from .balance_charts import levers_figure
        return levers_figure(self, number)

    def _repr_html_(self) -> str:
        import html
        text = html.escape(self.summary()).replace("\n", "<br>")
        t = self.table
        effects = [f"{format_number(r.number, r.effect, signed=True)} "
                   f"[{format_number(r.number, r.low, signed=True, unit=False)}, "
                   f"{format_number(r.number, r.high, signed=True, unit=False)}]" for r in t.itertuples()]
        shown = t.assign(**{"goal number": t["number"].map(stream_title), "effect [interval]": effects})
        return f"<p>{text}</p>" + shown[["change", "goal number", "effect [interval]", "games", "verdict"]] \
            .to_html(index=False)

    def __repr__(self) -> str:
        return f"<LeversResult>\n{self.summary()}"


def _nan(v: Any) -> bool:
    return v is None or (isinstance(v, float) and math.isnan(v))
