"""The rule lab: compare rule variants, sweep one rule, weigh luck against skill.

Every variant plays the same seeds (common random numbers): game ``i`` of each variant
starts from ``SeedSequence(seed, spawn_key=(i,))``, so the dice agree as long as the
games do, and differences are tested game by game (paired), which sees a real effect
with far fewer games than comparing two independent runs.
"""
from __future__ import annotations

import math
import warnings
from typing import Any, Mapping, Sequence

import numpy as np

from ..core.errors import HouseRuleError, TabletopError
from ..core.runner import root_entropy, seed_sequence, simulate
from ..core.stats import Estimate, mean_ci, paired_difference, wilson

__all__ = ["compare_rules", "sweep", "luck_vs_skill", "RuleComparison", "RuleSweep", "LuckSkill",
           "METRICS"]

#: metric -> (what it means, "rate" for proportions or "mean")
METRICS: dict[str, tuple[str, str]] = {
    "score_mean": ("mean final score of a seat", "mean"),
    "score_spread": ("spread of the final scores within a game (standard deviation across seats)", "mean"),
    "winning_margin": ("winner's score minus the runner-up's", "mean"),
    "turns": ("game length in turns", "mean"),
    "lead_changes": ("how often the sole leader changed between turns", "mean"),
    "winner_led_at_half": ("games whose winner led (or shared the lead) at the middle turn", "rate"),
    "tie_break": ("games decided by the rulebook's tie-break", "rate"),
    "shared_win": ("games with a shared win", "rate"),
}


def _per_game(df) -> Any:
    """One row per game with every per-game metric, and one win column per seat."""
    import pandas as pd

    g = df.groupby("game", sort=True)
    out = pd.DataFrame({
        "score_mean": g.score.mean(),
        "score_spread": g.score.std(ddof=0),
        "winning_margin": _margins(df),
        "turns": g.turns.first(),
        "lead_changes": g.lead_changes.first(),
        "winner_led_at_half": g.winner_led_at_half.first().astype(float),
        "tie_break": g.tie_break.first().astype(float),
        "shared_win": g.shared_win.any().astype(float),
    })
    wins = df.pivot(index="game", columns="seat", values="winner").astype(float)
    for seat in wins.columns:
        out[f"win_rate_seat_{seat}"] = wins[seat]
    return out


def _margins(df) -> Any:
    """``_margin`` of every game's scores, as a Series by game (sorted), in one pass.

    Speed: the same numbers as ``g.score.apply(lambda s: _margin(s.to_numpy()))``
    (tests/lab/test_compare.py checks it), without a Python call and a sub-frame per
    game, which took about a second for 20,000 games after the games themselves.
    """
    import pandas as pd

    games = df["game"].to_numpy()
    scores = df["score"].to_numpy(dtype=float)
    if not len(games):
        return pd.Series([], index=pd.Index(games, name="game"), dtype=float)
    order = np.lexsort((scores, games))  # by game, then score
    gs, ss = games[order], scores[order]
    last = np.flatnonzero(np.r_[gs[1:] != gs[:-1], True])  # each game's top score
    first = np.r_[0, last[:-1] + 1]
    margin = np.where(last > first, ss[last] - ss[np.maximum(last - 1, 0)], np.nan)
    return pd.Series(margin, index=pd.Index(gs[last], name="game"), dtype=float)


def _margin(scores: np.ndarray) -> float:
    if len(scores) < 2:
        return float("nan")
    top2 = np.sort(scores.astype(float))[-2:]
    return float(top2[1] - top2[0])


def _estimate(metric: str, values: np.ndarray) -> Estimate:
    if metric.startswith("win_rate_seat_") or METRICS.get(metric, ("", "mean"))[1] == "rate":
        return wilson(float(np.nansum(values)), int(np.sum(~np.isnan(values))))
    return mean_ci(values[~np.isnan(values)])


def _describe(metric: str) -> str:
    if metric.startswith("win_rate_seat_"):
        return f"win rate of seat {metric.rsplit('_', 1)[1]} (shared wins count)"
    return METRICS[metric][0]


class RuleComparison:
    """The result of :func:`compare_rules`.

    Attributes
    ----------
    table : pandas.DataFrame
        Every game and seat of every variant (``simulate``'s columns plus ``variant``).
    per_game : dict[str, pandas.DataFrame]
        One row per game and metric, per variant.
    metrics : pandas.DataFrame
        One row per variant and metric: value with its 95% interval, the paired
        difference from the first variant with its interval, p-value and significance
        (fixed-sample statistics), and for the metrics asked about with
        ``stop="decided"`` the anytime-valid ``cs_low``, ``cs_high`` and ``decision``.
    games_played : dict[str, int]
        Games per variant in the table.
    stopped : str
        Why the run ended: "decided" (every metric asked for was decided), "games" (all
        ``games`` played) or "interrupted".
    stop_reason : str
        The same in words, with the number of games.
    decisions : pandas.DataFrame or None
        With ``stop="decided"``: per later variant and metric asked for, the games paired,
        the mean difference, the confidence sequence's bounds now and the decision
        ("higher", "lower", "same" or "undecided").

    Examples
    --------
    >>> import tabletop_nb
    >>> from tabletop_nb.lab.synthetic import KnownOddsGame, KnownOddsRules
    >>> game = KnownOddsGame(KnownOddsRules(players=2))
    >>> cmp = tabletop_nb.compare_rules({"fair": game, "edge 10": game.with_rules(edge=10)},
    ...                               games=20, seed=1, progress=False)
    >>> cmp.games_played, cmp.stopped
    ({'fair': 20, 'edge 10': 20}, 'games')
    """

    def __init__(self, tables: Mapping[str, Any], seed: int, games: int, bots: Any,
                 skill: tuple[str, str, Mapping[str, Any]] | None = None,
                 stop_info: Mapping[str, Any] | None = None):
        import pandas as pd

        self.labels = list(tables)
        self.seed, self.games, self.bots = seed, games, bots
        info = dict(stop_info or {"stop": None, "reason": "games", "games": games, "max_games": games,
                                  "metrics": [], "tolerance": {}, "decisions": None})
        if info["reason"] == "games" and any(t.attrs.get("interrupted") for t in tables.values()):
            info["reason"] = "interrupted"
        self.stop_info = info
        self.stopped: str = info["reason"]
        self.decisions = info["decisions"]
        self.games_played = {k: int(t["game"].nunique()) if len(t) else 0 for k, t in tables.items()}
        self.table = pd.concat([t.assign(variant=k) for k, t in tables.items()], ignore_index=True)
        self.per_game = {k: _per_game(t) for k, t in tables.items()}
        base_label = self.labels[0]
        base = self.per_game[base_label]
        rows = []
        for label in self.labels:
            pg = self.per_game[label]
            common = base.index.intersection(pg.index)
            for metric in pg.columns:
                est = _estimate(metric, pg[metric].to_numpy(dtype=float))
                row = {"variant": label, "metric": metric, "value": est.value, "low": est.low,
                       "high": est.high, "n": est.n, "diff": np.nan, "diff_low": np.nan,
                       "diff_high": np.nan, "p_value": np.nan, "significant": False}
                if label != base_label and metric in base.columns:
                    a = pg.loc[common, metric].to_numpy(dtype=float)
                    b = base.loc[common, metric].to_numpy(dtype=float)
                    ok = ~(np.isnan(a) | np.isnan(b))
                    d = paired_difference(a[ok], b[ok])
                    row.update(diff=d.diff, diff_low=d.low, diff_high=d.high, p_value=d.p_value,
                               significant=d.significant)
                rows.append(row)
        self.skill_pair: tuple[str, str] | None = None
        self.skill_ladders: dict[str, Any] = {}
        if skill is not None:
            rows.extend(self._skill_rows(*skill))
        self.metrics = pd.DataFrame(rows)
        if self.decisions is not None:
            d = self.decisions.set_index(["variant", "metric"])[["cs_low", "cs_high", "decision"]]
            self.metrics = self.metrics.join(d, on=["variant", "metric"])
        self.stop_reason = self._stop_text()
        self.table.attrs.update(self._stop_attrs())

    def _stop_text(self) -> str:
        info = self.stop_info
        most = info["max_games"]
        played = max(self.games_played.values(), default=0)
        if self.stopped == "interrupted":
            got = ", ".join(f"{n} of {k!r}" for k, n in self.games_played.items())
            return f"Interrupted: kept the games that finished ({got}; at most {most} per variant)."
        if info["stop"] is None:
            return f"Played all {most} games per variant (no early stop asked for)."
        asked = ", ".join(info["metrics"])
        if self.stopped == "decided":
            return (f"Stopped after {played} of at most {most} games per variant: every metric asked "
                    f"for ({asked}) is decided by its 95% anytime-valid confidence sequence.")
        undecided = self.decisions[self.decisions.decision == "undecided"] if self.decisions is not None \
            else None
        left = ", ".join(f"{r.metric} for {r.variant!r}" for r in undecided.itertuples()) \
            if undecided is not None and len(undecided) else asked
        return f"Played all {most} games per variant; still undecided: {left}."
    def _skill_rows(self, weaker: str, stronger: str, ladders: Mapping[str, Any]) -> list[dict]:
        """One ``skill_win_rate`` row per variant: how often the stronger bot finished ahead
        of the weaker, paired game by game (same line-up, same seed) with the first variant."""
        self.skill_pair = (weaker, stronger)
        self.skill_ladders = dict(ladders)
        base_label = self.labels[0]
        per_game = {k: lad.per_game(stronger, weaker) for k, lad in ladders.items()}
        rows = []
        for label, lad in ladders.items():
            est = lad.win_rate(stronger, weaker)
            row = {"variant": label, "metric": "skill_win_rate", "value": est.value, "low": est.low,
                   "high": est.high, "n": est.n, "diff": np.nan, "diff_low": np.nan,
                   "diff_high": np.nan, "p_value": np.nan, "significant": False}
            # games pair only when the line-ups are the same (same number of seats)
            if label != base_label and base_label in per_game \
                    and lad.players == ladders[base_label].players:
                base = per_game[base_label]
                common = base.index.intersection(per_game[label].index)
                if len(common):
                    d = paired_difference(per_game[label].loc[common].to_numpy(dtype=float),
                                          base.loc[common].to_numpy(dtype=float))
                    row.update(diff=d.diff, diff_low=d.low, diff_high=d.high, p_value=d.p_value,
                               significant=d.significant)
            rows.append(row)
        return rows

    def add_luck_share(self, variants: Mapping[str, Any], bots: Sequence[Any] = ("random", "greedy"),
                       games: int = 20, *, quick: bool = True, progress: bool = False):
        """Add each variant's ``luck_share`` to :attr:`metrics`: how much of the spread of
        results the dice explain (:func:`~tabletop_nb.lab.analyse.luck_and_skill`: games
        analysed move by move, the same seeds in every variant), beside its other metrics.

        Parameters
        ----------
        variants : dict
            The variants given to :func:`compare_rules` (label -> game).
        bots : list, default ("random", "greedy")
            The line-up's bots, weakest first.
        games : int, default 20
            Games analysed per variant (each takes seconds: keep it small).
        quick : bool, default True
            The quick analysis (luck only).
        progress : bool, default False
            Progress bars.

        Returns
        -------
        pandas.DataFrame
            The ``luck_share`` rows (also added to :attr:`metrics`); the studies are kept
            in ``self.luck_studies``.

        Examples
        --------
        >>> import tabletop_nb
        >>> base = tabletop_nb.load_game("pacal", players=2)
        >>> variants = {"base": base, "expert": base.with_rules(expert=True)}
        >>> cmp = tabletop_nb.compare_rules(variants, games=4, seed=1, progress=False)
        >>> rows = cmp.add_luck_share(variants, games=2)
        >>> list(rows.variant), list(rows.metric.unique())
        (['base', 'expert'], ['luck_share'])
        """
        import pandas as pd

        from .analyse import luck_and_skill
        missing = [k for k in self.labels if k not in variants]
        if missing:
            raise TabletopError(f"add_luck_share needs the variants given to compare_rules; "
                                f"missing {missing}")
        self.luck_studies = {k: luck_and_skill(variants[k], list(bots), games=games, seed=self.seed,
                                               quick=quick, progress=progress) for k in self.labels}
        rows = pd.DataFrame([{"variant": k, "metric": "luck_share", "value": ls.luck_share.value,
                              "low": ls.luck_share.low, "high": ls.luck_share.high,
                              "n": ls.luck_share.n, "diff": np.nan, "diff_low": np.nan,
                              "diff_high": np.nan, "p_value": np.nan, "significant": False}
                             for k, ls in self.luck_studies.items()])
        self.metrics = pd.concat([self.metrics[self.metrics.metric != "luck_share"], rows],
                                 ignore_index=True)
        return rows

    def _meaning(self, metric: str) -> str:
        if metric == "luck_share":
            return "the share of the spread of results the dice explain (games analysed move by move)"
        if metric == "skill_win_rate" and self.skill_pair:
            weaker, stronger = self.skill_pair
            return (f"how often {stronger} finishes ahead of {weaker} (seats rotated, shared ranks "
                    f"half; 0.5 = skill does not tell)")
        return _describe(metric)

    def skill_summary(self) -> str:
        """Whether each variant makes skill matter more or less, in words ("" without ``skill``)."""
        if not self.skill_pair:
            return ""
        weaker, stronger = self.skill_pair
        m = self.metrics[self.metrics.metric == "skill_win_rate"]
        parts = [f"{r.variant!r} {100 * r.value:.0f}% ({100 * r.low:.0f}-{100 * r.high:.0f}%)"
                 for r in m.itertuples()]
        lines = [f"Skill: {stronger} finishes ahead of {weaker} (seats rotated) in " + ", ".join(parts) + "."]
        for r in m.iloc[1:].itertuples():
            if math.isnan(r.diff):
                lines.append(f"{r.variant!r}: no games to pair with the baseline's (another "
                             f"number of players?), so no paired difference.")
                continue
            verdict = (("skill matters more" if r.diff > 0 else "skill matters less")
                       if r.significant else "no significant change in how much skill matters")
            lines.append(f"{r.variant!r} against {self.labels[0]!r}: {100 * r.diff:+.0f} points "
                         f"[{100 * r.diff_low:+.0f}, {100 * r.diff_high:+.0f}] (p={r.p_value:.2g}): {verdict}.")
        return "\n".join(lines)

    def estimate(self, variant: str, metric: str) -> Estimate:
        """One metric of one variant with its interval."""
        r = self._row(variant, metric)
        return Estimate(r["value"], r["low"], r["high"], int(r["n"]))

    def difference(self, variant: str, metric: str):
        """The paired difference of ``variant`` from the first variant for ``metric``."""
        from ..core.stats import Difference
        r = self._row(variant, metric)
        return Difference(r["diff"], r["diff_low"], r["diff_high"], r["p_value"], int(r["n"]))

    def _row(self, variant, metric):
        m = self.metrics
        sel = m[(m.variant == variant) & (m.metric == metric)]
        if sel.empty:
            from ..core.errors import unknown_name
            if variant not in set(m.variant):
                raise TabletopError(f"no variant {variant!r}: "
                                    + unknown_name(variant, dict.fromkeys(m.variant), "variant"))
            raise TabletopError(f"no metric {metric!r} for variant {variant!r}: "
                                + unknown_name(metric, dict.fromkeys(m.metric), "metric"))
        return sel.iloc[0]

    def seat_win_rates(self):
        """Win rate by seat and variant with 95% intervals (first-player advantage)."""
        m = self.metrics
        t = m[m.metric.str.startswith("win_rate_seat_")].copy()
        t["seat"] = t.metric.str.rsplit("_", n=1).str[1].astype(int)
        return t[["variant", "seat", "value", "low", "high", "diff", "p_value", "significant"]] \
            .reset_index(drop=True)

    def report(self):
        """A readable table: rows are metrics, columns variants ("value [low, high]"), and
        for each later variant the change from the first with a * when significant."""
        import pandas as pd

        base = self.labels[0]
        rows = []
        for metric in dict.fromkeys(self.metrics.metric):
            row = {"metric": metric, "meaning": self._meaning(metric)}
            for label in self.labels:
                sel = self.metrics[(self.metrics.variant == label) & (self.metrics.metric == metric)]
                if sel.empty:
                    row[label] = ""
                    continue
                r = sel.iloc[0]
                row[label] = _fmt(r.value, r.low, r.high)
                if label != base and not math.isnan(r["diff"]):
                    star = " *" if r.significant else ""
                    row[f"{label} - {base}"] = f"{r['diff']:+.3f} (p={r.p_value:.3g}){star}"
                if label != base and "decision" in r.index and isinstance(r["decision"], str):
                    row[f"{label} - {base}, anytime 95%"] = \
                        f"[{r.cs_low:+.3f}, {r.cs_high:+.3f}] {r.decision}"
            rows.append(row)
        out = pd.DataFrame(rows).set_index("metric")
        anytime = [c for c in out.columns if c.endswith(", anytime 95%")]
        out[anytime] = out[anytime].fillna("")
        out.attrs.update(self._stop_attrs())
        return out

    def _stop_attrs(self) -> dict:
        return {"games_played": dict(self.games_played), "stopped": self.stopped,
                "stop_reason": self.stop_reason}

    def summary(self) -> str:
        """What changed significantly, in words."""
        base = self.labels[0]
        lines = [f"{self.games} games per variant, seed {self.seed}, bots {self.bots}; "
                 f"baseline {base!r}."]
        if self.stop_info["stop"] is not None or self.stopped == "interrupted":
            lines.append(self.stop_reason)
        if self.decisions is not None:
            for r in self.decisions.itertuples():
                lines.append(f"{r.variant}: {self._meaning(r.metric)}: {r.decision} "
                             f"(difference {r.diff:+.3f}, anytime 95% [{r.cs_low:+.3f}, {r.cs_high:+.3f}]"
                             f" over {r.n} games).")
        if self.skill_pair:
            lines.append(self.skill_summary())
        sig = self.metrics[self.metrics.significant & (self.metrics.metric != "skill_win_rate")]
        if sig.empty:
            lines.append("No metric differs significantly from the baseline at the 5% level.")
        for _, r in sig.iterrows():
            lines.append(f"{r.variant}: {self._meaning(r.metric)} changes by {r['diff']:+.3f} "
                         f"[{r.diff_low:+.3f}, {r.diff_high:+.3f}] (p={r.p_value:.2g}).")
        n_tests = int(self.metrics["p_value"].notna().sum())
        if n_tests > 1:
            lines.append(f"({n_tests} comparisons: at the 5% level about {0.05 * n_tests:.1f} "
                         f"could be significant by chance alone.)")
        return "\n".join(lines)

    def figure(self, metric: str | None = None):
        """Win rate by seat per variant (default), or one metric per variant, with 95% intervals."""
        from .charts import comparison_figure
        return comparison_figure(self, metric)

    def _repr_html_(self) -> str:
        return f"<p>{self.summary().replace(chr(10), '<br>')}</p>" + self.report().to_html()

    def __repr__(self) -> str:
        return f"<RuleComparison of {self.labels}, {self.games} games each>\n{self.summary()}"


def _fmt(v, lo, hi) -> str:
    if math.isnan(lo):
        return f"{v:.3f}"
    return f"{v:.3f} [{lo:.3f}, {hi:.3f}]"


#: what ``stop=`` accepts: None (play every game) or "decided"
STOP_RULES = (None, "decided")
#: games per variant between two looks at the confidence sequences (``stop="decided"``)
DEFAULT_BATCH = 200
#: the family-wise error of ``stop="decided"``: shared by every metric and variant asked about
ALPHA = 0.05


def compare_rules(variants: Mapping[str, Any], bots: Any = "random", games: int = 1000,
                  seed: int | None = 0, *, skill: Sequence[Any] | None = None,
                  skill_games: int | None = None, executor: Any = None,
                  progress: bool = True, stop: str | None = None,
                  metrics: Sequence[str] | str | None = None,
                  tolerance: float | Mapping[str, float] | None = None, batch: int | None = None,
                  checkpoint: Any = None, _tool: str = "compare_rules") -> RuleComparison:
    """Play every rule variant on the same seeds and compare them with confidence.

    Parameters
    ----------
    variants : dict
        Label -> game (e.g. ``{"base": base, "cargo 5": base.with_rules(cargo_capacity=5)}``).
        The first is the baseline that the others are tested against.
    bots, games, seed, executor
        As in :func:`tabletop_nb.simulate`; every variant uses the same seed. ``games`` is
        the most games per variant (with ``stop="decided"`` the run may stop sooner).
    progress : bool or callable
        One bar for the whole study, with games per second and the time left ("up to"
        with ``stop="decided"``), or ``progress(done, total)`` with games of all variants.
    stop : None or "decided"
        ``"decided"``: play in batches of ``batch`` games per variant and stop as soon as
        every metric in ``metrics`` is decided for every variant against the baseline, or
        at ``games``. Decided means its anytime-valid 95% confidence sequence for the
        paired difference (see :mod:`tabletop_nb.lab.sequential`) excludes 0 ("higher" or
        "lower"), or, with ``tolerance``, lies inside ``[-tolerance, tolerance]``
        ("same"). The 5% error is shared by all metrics and variants asked about
        (Bonferroni), and looking after every batch does not inflate it, unlike a
        repeated ordinary test. Rates (win rates, tie breaks...) use an exact
        empirical-Bernstein sequence, other metrics an asymptotic normal-mixture one; no
        decision before ``MIN_GAMES`` (100) games.
    metrics : list of str
        The questions to decide (with ``stop="decided"``), e.g. ``["win_rate_seat_0",
        "turns"]``: any of :data:`METRICS` or ``win_rate_seat_<k>``.
    tolerance : float or dict, optional
        A difference this small counts as no difference ("same"), so a change that does
        nothing can be decided too; one number for every metric or ``{metric: number}``.
    batch : int, optional
        Games per variant between two looks (default 200).
    checkpoint : str or path, optional
        A CSV file that every finished game of every variant is appended to; the same
        call again resumes and gives the same result as an uninterrupted run (see
        :func:`tabletop_nb.simulate`). Not with ``skill``.
    skill : (weaker, stronger), optional
        Two bots (names or callables), e.g. ``("greedy", "search:100")``: each variant
        also plays them against each other with seats rotated (the line-ups of
        :func:`tabletop_nb.skill_ladder`, on the same seeds in every variant), and the
        metric ``skill_win_rate`` says how often the stronger finished ahead of the weaker
        (shared ranks count half), with the paired difference from the baseline: does the
        change make skill matter more or less?
    skill_games : int, optional
        Games per variant for ``skill`` (default ``games``), rounded up to whole rounds.

    Returns
    -------
    RuleComparison
        ``.report()`` (a table), ``.summary()`` (words), ``.seat_win_rates()``,
        ``.metrics`` (all numbers) and ``.figure()``; with ``skill`` also
        ``.skill_summary()`` and ``.skill_ladders`` (one :class:`SkillLadder` per variant).
        ``.games_played`` (games per variant), ``.stopped`` ("decided", "games" or
        "interrupted") and ``.stop_reason`` (in words) say how the run ended; with
        ``stop="decided"`` ``.decisions`` holds each metric's confidence sequence and
        decision.

    Examples
    --------
    >>> # doctest: +SKIP
    >>> base = tabletop_nb.load_game("pebble_rock", players=4)
    >>> cmp = tabletop_nb.compare_rules({"base": base, "cargo 5": base.with_rules(cargo_capacity=5)},
    ...                                 bots="greedy", games=2000, seed=1)
    >>> cmp.report()
    >>> cmp = tabletop_nb.compare_rules({"base": base, "cargo 5": base.with_rules(cargo_capacity=5)},
    ...                                 bots="greedy", games=10000, seed=1, stop="decided",
    ...                                 metrics=["win_rate_seat_0"], checkpoint="cargo.csv")
    >>> cmp.stop_reason
    >>> cmp = tabletop_nb.compare_rules({"base": base, "cargo 5": base.with_rules(cargo_capacity=5)},
    ...                                 bots="greedy", games=400, seed=1, skill=("greedy", "search:100"))
    >>> print(cmp.skill_summary())
    """
    from ..core.bots import bot_name
    from ..core.study import Job, StudyRun, check_bots, check_count, results_table, study_seed
    from .sequential import MIN_GAMES

    if not isinstance(variants, Mapping) or not variants:
        raise TabletopError("compare_rules needs a dict of label -> game with at least one variant")
    names = {g.name for g in variants.values()}
    if len(names) > 1:
        raise TabletopError(f"compare_rules compares rules of one game, got games {sorted(names)}")
    labels = [str(k) for k in variants]
    if len(set(labels)) != len(labels):
        raise TabletopError(f"variant labels must differ as text, got {labels}")
    games = check_count(games)
    pair = _skill_pair(skill, variants.values()) if skill is not None else None
    if skill_games is not None and pair is None:
        raise TabletopError("skill_games needs skill=(weaker, stronger)")
    if pair is not None:
        from .ladder import _check_games, skill_ladder
        n_skill = _check_games(games if skill_games is None else skill_games)  # before any game
    asked, tol = _check_stop(stop, metrics, tolerance, list(variants.values()))
    executor_arg = executor
    if batch is not None and (isinstance(batch, bool) or not isinstance(batch, (int, np.integer))
                              or batch < 1):
        raise TabletopError(f"batch is a positive whole number of games, got {batch!r}")
    if checkpoint is not None and pair is not None:
        raise TabletopError("checkpoint= does not cover the skill= games yet: run the skill "
                            "comparison without a checkpoint, or the checkpointed one without skill")
    root = study_seed(seed, checkpoint)  # one seed for all variants, even when None
    items = list(zip(labels, variants.values()))
    checked = {lab: check_bots(g, bots) for lab, g in items}  # unknown names fail here, before any game
    specs = {lab: checked[lab][0] for lab in labels}
    bot_names = {lab: checked[lab][1] for lab in labels}
    game_name = next(iter(names))

    ck = None
    loaded: dict = {lab: {} for lab in labels}
    if checkpoint is not None:
        from ..core.checkpoint import Checkpoint, study_key
        ck = Checkpoint(checkpoint, study_key(_tool, game_name,
                                              [(lab, g.num_players, g.rules.to_plain(), bot_names[lab], g)
                                               for lab, g in items], root))
        loaded = {lab: {i: r for i, r in got.items() if i < games}
                  for lab, got in ck.load({lab: g.num_players for lab, g in items}).items()}

    size = max(1, games) if stop is None else int(batch or DEFAULT_BATCH)
    rows: dict[str, list] = {lab: [] for lab in labels}
    parts: dict[str, list] = {lab: [] for lab in labels}
    started = {labels[0]}
    run = StudyRun(executor, games, progress, len(items) * games, f"{game_name} compare", entropy=root,
                   checkpoint=ck, initial=sum(len(v) for v in loaded.values()), upto=stop is not None)
    bar = run.progress
    interrupted, reason, played, decisions = False, "games", 0, None
    with run:
        for start in range(0, games, size):
            window = range(start, min(start + size, games))
            jobs, marks = [], {}
            for lab, g in items:
                have = loaded[lab]
                marks[lab] = len(rows[lab])
                rows[lab].extend(r for i in window if i in have for r in have[i])
                if len(rows[lab]) > marks[lab]:
                    started.add(lab)

                def keep(result, n, lab=lab):
                    rows[lab].extend(result[0])
                    started.add(lab)
                    if ck is not None:
                        ck.append(lab, result[0])
                    bar.update(n)  # may raise KeyboardInterrupt: the stop button

                jobs.append(Job(g, specs[lab], root, [i for i in window if i not in have], keep))
            # every variant's games of this window in one queue: no worker idles between them
            try:
                stopped = run.play_jobs(jobs)
            except HouseRuleError as e:  # a variant's house rule failed: say what is kept
                kept = {lab: results_table(rows[lab], g, bot_names[lab], root, True) for lab, g in items}
                done = ", ".join(f"{t.attrs['games']} of {lab!r}" for lab, t in kept.items())
                raise e.noting(f"the games that finished ({done}) are kept in err.table, a table "
                               f"per variant" + (f", and in {checkpoint}" if ck is not None else ""),
                               kept).with_traceback(e.__traceback__) from None
            if stopped:
                interrupted = True
                break
            if asked:
                for lab, g in items:
                    parts[lab].append(_per_game(results_table(rows[lab][marks[lab]:], g, bot_names[lab],
                                                              root, False)))
            played = window.stop
            if asked and (played >= MIN_GAMES or played == games):
                decisions = _decide(parts, labels, asked, tol)
                if played >= MIN_GAMES and (decisions.decision != "undecided").all():
                    reason = "decided"
                    break
    if interrupted:
        reason = "interrupted"
    # an interrupted study returns the variants it began; a finished one every variant
    tables = {lab: results_table(rows[lab], g, bot_names[lab], root, interrupted) for lab, g in items
              if lab in started or not interrupted}
    if interrupted:
        done = ", ".join(f"{t.attrs['games']} of {lab!r}" for lab, t in tables.items())
        warnings.warn(f"interrupted: kept the games that finished ({done}, of {games} each)"
                      + (f"; run again to resume from {checkpoint}" if ck is not None else ""),
                      stacklevel=2)
    skill_part = None
    if pair is not None and not interrupted:
        ladders = {}
        for label, game in variants.items():
            ladders[str(label)] = lad = skill_ladder(game, list(pair), games=n_skill, seed=root,
                                                     executor=executor_arg,
                                                     progress=progress, bootstrap=0)
            if lad.interrupted:
                break
        skill_part = (bot_name(pair[0]), bot_name(pair[1]), ladders)
    n_games = played if reason == "decided" else games
    stop_info = {"stop": stop, "reason": reason, "games": n_games,
                 "max_games": games, "metrics": asked, "tolerance": tol, "decisions": decisions}
    return RuleComparison(tables, root, n_games, bots, skill=skill_part, stop_info=stop_info)


def _check_stop(stop, metrics, tolerance, games) -> tuple[list[str], dict[str, float]]:
    """Check ``stop``, ``metrics`` and ``tolerance`` before anything is played."""
    if stop not in STOP_RULES:
        raise TabletopError(f"stop is None (play every game) or 'decided' (stop once every metric "
                            f"asked for is decided), got {stop!r}")
    if stop is None:
        if metrics is not None or tolerance is not None:
            raise TabletopError("metrics= and tolerance= are the questions of stop='decided'; "
                                "pass stop='decided' too")
        return [], {}
    if len(games) < 2:
        raise TabletopError("stop='decided' compares variants with the first: give at least two")
    if metrics is None:
        raise TabletopError("stop='decided' needs metrics=[...], the questions to decide, "
                            "e.g. metrics=['win_rate_seat_0', 'turns']")
    asked = [metrics] if isinstance(metrics, str) else list(metrics)
    seats = min(g.num_players for g in games)
    known = list(METRICS) + [f"win_rate_seat_{k}" for k in range(seats)]
    for m in asked:
        if m not in known:
            from ..core.errors import unknown_name
            raise TabletopError(f"no metric {m!r} to decide: {unknown_name(m, known, 'metric')}")
    if not asked:
        raise TabletopError("stop='decided' needs at least one metric")
    if len(set(asked)) != len(asked):
        raise TabletopError(f"metrics asked twice: {asked}")
    if tolerance is None:
        tol = {}
    elif isinstance(tolerance, Mapping):
        unknown = set(tolerance) - set(asked)
        if unknown:
            raise TabletopError(f"tolerance for metrics not asked for: {sorted(unknown)}")
        tol = dict(tolerance)
    else:
        tol = {m: tolerance for m in asked}
    for m, v in tol.items():
        if isinstance(v, bool) or not isinstance(v, (int, float, np.integer, np.floating)) \
                or not math.isfinite(v) or v <= 0:
            raise TabletopError(f"tolerance for {m!r} must be a positive number, got {v!r}")
        tol[m] = float(v)
    return asked, tol


def _is_rate(metric: str) -> bool:
    return metric.startswith("win_rate_seat_") or METRICS.get(metric, ("", "mean"))[1] == "rate"


def _decide(parts: Mapping[str, list], labels: list[str], asked: list[str],
            tol: Mapping[str, float]):
    """Each later variant's confidence sequence for each asked metric (paired games 0..n-1
    in order), at the family-wise level ALPHA, and what it decides now."""
    import pandas as pd

    from .sequential import bernstein_cs, decide, normal_mixture_cs

    per = {lab: pd.concat(parts[lab]) for lab in labels if parts[lab]}
    base = per[labels[0]]
    others = [lab for lab in labels[1:] if lab in per]
    alpha = ALPHA / max(1, len(asked) * len(others))
    out = []
    for lab in others:
        pg = per[lab]
        common = base.index.intersection(pg.index)
        for m in asked:
            if m in pg.columns and m in base.columns:
                d = pg.loc[common, m].to_numpy(dtype=float) - base.loc[common, m].to_numpy(dtype=float)
                d = d[~np.isnan(d)]
            else:
                d = np.empty(0)
            if len(d) == 0:
                out.append({"variant": lab, "metric": m, "n": 0, "diff": np.nan, "cs_low": np.nan,
                            "cs_high": np.nan, "decision": "undecided"})
                continue
            cs = bernstein_cs(d, alpha, lo=-1.0, hi=1.0) if _is_rate(m) else normal_mixture_cs(d, alpha)
            lo, hi = float(cs.low[-1]), float(cs.high[-1])
            out.append({"variant": lab, "metric": m, "n": len(d), "diff": float(d.mean()),
                        "cs_low": lo, "cs_high": hi, "decision": decide(lo, hi, tol.get(m))})
    return pd.DataFrame(out, columns=["variant", "metric", "n", "diff", "cs_low", "cs_high", "decision"])


def _skill_pair(skill: Any, games) -> tuple[Any, Any]:
    """Check ``skill=(weaker, stronger)`` before anything is played."""
    from ..core.bots import bot_name, resolve_bot
    if isinstance(skill, (str, bytes)) or callable(skill) or not isinstance(skill, Sequence) \
            or len(skill) != 2:
        raise TabletopError(f"skill is a pair of bots (weaker, stronger), e.g. ('greedy', 'search:100'), "
                            f"got {skill!r}")
    for game in games:
        for b in skill:
            resolve_bot(game, b)
    if bot_name(skill[0]) == bot_name(skill[1]):
        raise TabletopError(f"skill needs two different bots, got {bot_name(skill[0])!r} twice")
    return skill[0], skill[1]


class RuleSweep:
    """The result of :func:`sweep`: metrics as curves over one rule's values.

    Parameters
    ----------
    field : str
        The rule swept.
    values : sequence
        Its values, in order.
    comparison : RuleComparison
        The comparison of the variants, one per value.

    Examples
    --------
    >>> import tabletop_nb
    >>> from tabletop_nb.lab.synthetic import KnownOddsGame, KnownOddsRules
    >>> game = KnownOddsGame(KnownOddsRules(players=2))
    >>> sw = tabletop_nb.sweep(game, "edge", [0, 10], games=20, seed=1, progress=False)
    >>> sw.field, sw.values, len(sw.curve("turns"))
    ('edge', [0, 10], 2)
    """

    def __init__(self, field: str, values: Sequence[Any], comparison: RuleComparison):
        self.field, self.values, self.comparison = field, list(values), comparison
        m = comparison.metrics.copy()
        lookup = {f"{field}={v!r}": v for v in values}
        m.insert(0, field, m.variant.map(lookup))
        self.metrics = m

    def curve(self, metric: str):
        """One metric over the values: columns value, low, high."""
        m = self.metrics
        return m[m.metric == metric][[self.field, "value", "low", "high", "diff", "p_value"]] \
            .reset_index(drop=True)

    def figure(self, metrics: Sequence[str] | str = ("win_rate_seat_0", "turns")):
        """Metric curves over the swept values with 95% bands."""
        from .charts import sweep_figure
        return sweep_figure(self, [metrics] if isinstance(metrics, str) else list(metrics))

    def _repr_html_(self) -> str:
        return self.comparison._repr_html_()


def sweep(game, field: str, values: Sequence[Any], bots: Any = "random", games: int = 500,
          seed: int | None = 0, *, executor: Any = None, progress: bool = True,
          stop: str | None = None, metrics: Sequence[str] | str | None = None,
          tolerance: float | Mapping[str, float] | None = None, batch: int | None = None,
          checkpoint: Any = None) -> RuleSweep:
    """Change one rule over a range of values and measure every metric at each value.

    The first value is the baseline of the significance tests.

    Parameters
    ----------
    game : Game
        The game whose rule changes.
    field : str
        The rule to change (a field of ``game.rules``).
    values : sequence
        The values to try, each validated as by ``game.with_rules``; the first is the baseline.
    bots, games, seed, executor, progress
        As in :func:`compare_rules` (``games`` per value).
    stop, metrics, tolerance, batch, checkpoint
        As in :func:`compare_rules`.

    Returns
    -------
    RuleSweep
        The comparison of the values, with ``curve(metric)`` and ``figure(metrics)``.

    Examples
    --------
    >>> import tabletop_nb
    >>> game = tabletop_nb.load_game("pacal", players=2)
    >>> s = tabletop_nb.sweep(game, "expert", [False, True], games=4, seed=1, progress=False,
    ...                       executor="serial")
    >>> s.values, len(s.curve("turns"))
    ([False, True], 2)
    """
    values = list(values)
    if not values:
        raise TabletopError("sweep needs at least one value")
    variants = {f"{field}={v!r}": game.with_rules(**{field: v}) for v in values}
    cmp = compare_rules(variants, bots=bots, games=games, seed=seed, executor=executor,
                        progress=progress, stop=stop, metrics=metrics, tolerance=tolerance,
                        batch=batch, checkpoint=checkpoint, _tool="sweep")
    return RuleSweep(field, values, cmp)


class LuckSkill:
    """The result of :func:`luck_vs_skill`.

    Parameters
    ----------
    game : Game
        The game played.
    skilled, baseline : str or callable
        The skilled bot and the bot in every other seat.
    table : pandas.DataFrame
        The games of the skilled bot against baselines (with ``skilled_seat``).
    baseline_table : pandas.DataFrame
        The games among baselines only (equal players).

    Examples
    --------
    >>> import tabletop_nb
    >>> ls = tabletop_nb.luck_vs_skill(tabletop_nb.load_game("pacal", players=2), "greedy", "random",
    ...                                games=4, seed=1, progress=False)
    >>> ls.players, ls.chance_win_rate, sorted(ls.by_seat)
    (2, 0.5, [0, 1])
    """

    def __init__(self, game, skilled, baseline, table, baseline_table):
        n = game.num_players
        self.players = n
        self.skilled, self.baseline = skilled, baseline
        self.table = table
        self.baseline_table = baseline_table
        mine = table[table.skilled_seat == table.seat]
        self.skilled_win_rate = wilson(float(mine.winner.sum()), len(mine))
        self.chance_win_rate = 1.0 / n
        self.by_seat = {int(s): wilson(float(g.winner.sum()), len(g)) for s, g in mine.groupby("seat")}
        base_wins = baseline_table.groupby("seat").winner
        self.baseline_by_seat = {int(s): wilson(float(w.sum()), int(w.count())) for s, w in base_wins}

    @property
    def skill_share(self) -> float:
        """0 when the skilled bot wins no more than chance, 1 when it always wins."""
        return (self.skilled_win_rate.value - self.chance_win_rate) / (1 - self.chance_win_rate)

    def summary(self) -> str:
        e = self.skilled_win_rate
        return (f"{self.skilled!r} against {self.players - 1} x {self.baseline!r}: wins {e} "
                f"(chance alone: {self.chance_win_rate:.3f}); skill share {self.skill_share:.2f} "
                f"(0 = the dice decide everything, 1 = the better player always wins).")

    def figure(self):
        """Skilled bot's win rate by seat against chance, and seat results among equals."""
        from .charts import luck_figure
        return luck_figure(self)

    def __repr__(self) -> str:
        return f"<LuckSkill: {self.summary()}>"


def luck_vs_skill(game, skilled: Any = "greedy", baseline: Any = "random", games: int = 400,
                  seed: int | None = 0, *, executor: Any = None, progress: bool = True) -> LuckSkill:
    """How much do the dice decide? A skilled bot against baseline bots, in every seat.

    The skilled bot takes each seat in turn for ``games // players`` games; a second run
    with only baseline bots shows how results spread between equal players.

    Parameters
    ----------
    game : Game
        The game to measure.
    skilled, baseline : str or callable
        The stronger bot and the bot in every other seat (names or ``bot(game, state, rng)``).
    games : int, default 400
        Games in all for the skilled bot (split evenly over the seats); as many again for
        the baseline run.
    seed : int, optional
        The root seed, as in :func:`~tabletop_nb.core.runner.simulate`.
    executor, progress
        As in :func:`~tabletop_nb.core.runner.simulate`.

    Returns
    -------
    LuckSkill
        Win rates with intervals: the skilled bot's, by seat, and the baseline's.

    Examples
    --------
    >>> import tabletop_nb
    >>> game = tabletop_nb.load_game("pacal", players=2)
    >>> ls = tabletop_nb.luck_vs_skill(game, "greedy", "random", games=4, seed=1, progress=False,
    ...                                executor="serial")
    >>> ls.players, len(ls.table)
    (2, 8)
    """
    import pandas as pd

    n = game.num_players
    per_seat = max(1, games // n)
    root = root_entropy(seed_sequence(seed))
    parts = []
    for s in range(n):
        bots = [baseline] * n
        bots[s] = skilled
        t = simulate(game, bots, games=per_seat, seed=root, executor=executor, progress=progress)
        parts.append(t.assign(skilled_seat=s))
    table = pd.concat(parts, ignore_index=True)
    base = simulate(game, baseline, games=per_seat * n, seed=root, executor=executor, progress=progress)
    return LuckSkill(game, skilled, baseline, table, base)
