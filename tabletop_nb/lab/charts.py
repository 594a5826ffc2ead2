"""Plotly charts of the rule lab (imported only when a figure is asked for)."""
from __future__ import annotations

import plotly.graph_objects as go

__all__ = ["comparison_figure", "sweep_figure", "luck_figure", "ladder_figure", "win_matrix_figure"]

_COLORS = ["#4C78A8", "#F58518", "#54A24B", "#E45756", "#72B7B2", "#B279A2", "#FF9DA6", "#9D755D"]


def _err(values, lows, highs):
    return dict(type="data", symmetric=False, array=[h - v for v, h in zip(values, highs)],
                arrayminus=[v - lo for v, lo in zip(values, lows)], thickness=1.2, width=4)


def comparison_figure(cmp, metric: str | None = None) -> go.Figure:
    """Win rate by seat per variant with 95% intervals, or one metric per variant.

    Parameters
    ----------
    cmp : RuleComparison
        What :func:`~tabletop_nb.lab.compare.compare_rules` returned.
    metric : str, optional
        A metric of ``cmp.metrics`` (``"turns"``, ...); default: the win rate by seat.

    Returns
    -------
    plotly.graph_objects.Figure
        Bars with error bars, one group per variant.

    Examples
    --------
    >>> import tabletop_nb
    >>> from tabletop_nb.lab.synthetic import KnownOddsGame, KnownOddsRules
    >>> game = KnownOddsGame(KnownOddsRules(players=2))
    >>> cmp = tabletop_nb.compare_rules({"fair": game, "edge 10": game.with_rules(edge=10)},
    ...                               games=20, seed=1, progress=False)
    >>> len(comparison_figure(cmp).data), len(comparison_figure(cmp, "turns").data) >= 1
    (2, True)
    """
    fig = go.Figure()
    if metric is None:
        t = cmp.seat_win_rates()
        n_seats = t.seat.nunique()
        for i, label in enumerate(cmp.labels):
            r = t[t.variant == label]
            fig.add_bar(name=label, x=[f"seat {s}" for s in r.seat], y=r.value,
                        error_y=_err(r.value, r.low, r.high), marker_color=_COLORS[i % len(_COLORS)],
                        hovertemplate="%{x}: %{y:.3f}<extra>" + label + "</extra>")
        if n_seats:
            fig.add_hline(y=1 / n_seats, line_dash="dot", line_color="grey",
                          annotation_text="fair share", annotation_position="top left")
        fig.update_layout(title="Win rate by seat (95% intervals)", yaxis_title="win rate",
                          barmode="group")
    else:
        m = cmp.metrics[cmp.metrics.metric == metric]
        fig.add_bar(x=m.variant, y=m.value, error_y=_err(m.value, m.low, m.high),
                    marker_color=[_COLORS[i % len(_COLORS)] for i in range(len(m))],
                    text=["*" if s else "" for s in m.significant], textposition="outside")
        fig.update_layout(title=f"{metric} by variant (95% intervals; * differs from "
                                f"{cmp.labels[0]!r})", yaxis_title=metric)
    fig.update_layout(template="plotly_white", height=380, margin=dict(l=50, r=20, t=60, b=40))
    return fig


def sweep_figure(sw, metrics) -> go.Figure:
    """One line per metric over the swept values, each with its 95% band.

    Parameters
    ----------
    sw : RuleSweep
        What :func:`~tabletop_nb.lab.compare.sweep` returned.
    metrics : sequence of str or str
        The metrics drawn (``"win_rate_seat_0"``, ``"turns"``, ...).

    Returns
    -------
    plotly.graph_objects.Figure
        Lines over the swept values.

    Examples
    --------
    >>> import tabletop_nb
    >>> from tabletop_nb.lab.synthetic import KnownOddsGame, KnownOddsRules
    >>> game = KnownOddsGame(KnownOddsRules(players=2))
    >>> sw = tabletop_nb.sweep(game, "edge", [0, 10], games=20, seed=1, progress=False)
    >>> len(sweep_figure(sw, ["turns"]).data) >= 1
    True
    """
    from plotly.subplots import make_subplots

    fig = make_subplots(rows=1, cols=len(metrics), subplot_titles=metrics)
    for i, metric in enumerate(metrics, start=1):
        c = sw.curve(metric)
        x = [str(v) for v in c[sw.field]]
        color = _COLORS[(i - 1) % len(_COLORS)]
        fig.add_scatter(x=x + x[::-1], y=list(c.high) + list(c.low)[::-1], fill="toself",
                        line=dict(width=0), fillcolor=color, opacity=0.2, showlegend=False,
                        hoverinfo="skip", row=1, col=i)
        fig.add_scatter(x=x, y=c.value, mode="lines+markers", name=metric, line_color=color,
                        row=1, col=i)
        fig.update_xaxes(title_text=sw.field, row=1, col=i)
    fig.update_layout(template="plotly_white", height=360, showlegend=False,
                      margin=dict(l=50, r=20, t=50, b=40))
    return fig


def luck_figure(ls) -> go.Figure:
    """The skilled bot's win rate in each seat against chance, and equal players' seats.

    Parameters
    ----------
    ls : LuckSkill
        What :func:`~tabletop_nb.lab.compare.luck_vs_skill` returned.

    Returns
    -------
    plotly.graph_objects.Figure
        Two bar groups: the skilled bot by seat, and equal players by seat.

    Examples
    --------
    >>> import tabletop_nb
    >>> ls = tabletop_nb.luck_vs_skill(tabletop_nb.load_game("pacal", players=2), "greedy", "random",
    ...                                games=4, seed=1, progress=False)
    >>> len(luck_figure(ls).data)
    2
    """
    seats = sorted(ls.by_seat)
    fig = go.Figure()
    for name, data, color in ((f"{ls.skilled} vs {ls.baseline}", ls.by_seat, _COLORS[0]),
                              (f"all {ls.baseline}", ls.baseline_by_seat, _COLORS[1])):
        vals = [data[s].value for s in seats]
        fig.add_bar(name=name, x=[f"seat {s}" for s in seats], y=vals, marker_color=color,
                    error_y=_err(vals, [data[s].low for s in seats], [data[s].high for s in seats]))
    fig.add_hline(y=ls.chance_win_rate, line_dash="dot", line_color="grey",
                  annotation_text="chance", annotation_position="top left")
    fig.update_layout(template="plotly_white", barmode="group", height=360, yaxis_title="win rate",
                      title=f"Luck or skill? skill share {ls.skill_share:.2f}",
                      margin=dict(l=50, r=20, t=60, b=40))
    return fig


def ladder_figure(lad) -> go.Figure:
    """The skill ladder: each rung's rating with its 95% interval, weakest at the bottom,
    and between adjacent rungs how often the upper one comes out ahead.

    Parameters
    ----------
    lad : SkillLadder
        What :func:`~tabletop_nb.lab.ladder.skill_ladder` returned.

    Returns
    -------
    plotly.graph_objects.Figure
        One rung per bot.

    Examples
    --------
    >>> import tabletop_nb
    >>> lad = tabletop_nb.skill_ladder(tabletop_nb.load_game("neko", players=2), ["random", "greedy"],
    ...                                games=20, seed=1, progress=False)
    >>> len(ladder_figure(lad).data) >= 1
    True
    """
    import math

    r = lad.ratings
    vals = list(r.rating)
    span = max(200.0, max(vals) - min(vals))
    # an open end (a sweep: see SkillLadder) is drawn as a long bar and said in the label
    lows = [v if math.isnan(lo) else (v - 0.3 * span if math.isinf(lo) else lo) for v, lo in zip(vals, r.low)]
    highs = [v if math.isnan(hi) else (v + 0.3 * span if math.isinf(hi) else hi) for v, hi in zip(vals, r.high)]
    labels = [f"{v:+.0f}" + (" (open above)" if math.isinf(hi) else "") + (" (open below)" if math.isinf(lo) else "")
              for v, lo, hi in zip(vals, r.low, r.high)]
    fig = go.Figure()
    fig.add_scatter(x=vals, y=list(r.bot), mode="markers+text", text=labels,
                    textposition="top center", marker=dict(size=12, color=_COLORS[0]),
                    error_x=_err(vals, lows, highs),
                    hovertemplate="%{y}: %{x:+.0f} Elo<extra></extra>", name="rating")
    for s in lad.steps.itertuples():
        lo = float(r.loc[r.bot == s.lower, "rating"].iloc[0])
        hi = float(r.loc[r.bot == s.upper, "rating"].iloc[0])
        color = _COLORS[2] if s.significant else "grey"
        fig.add_annotation(x=(lo + hi) / 2, y=(list(r.bot).index(s.lower) + list(r.bot).index(s.upper)) / 2,
                           text=f"{100 * s.rate:.0f}% ({100 * s.low:.0f}-{100 * s.high:.0f}%)",
                           showarrow=False, font=dict(color=color, size=12), xanchor="left")
    ls = lad.luck_share
    fig.update_layout(template="plotly_white", height=120 + 70 * len(r), showlegend=False,
                      title=f"{lad.game_name} skill ladder, {lad.players} players: depth {lad.depth} of "
                            f"{len(lad.steps)}, luck share {100 * ls.value:.0f}%",
                      xaxis_title=f"rating (Elo points, {lad.bots[0]} = 0; 95% intervals)",
                      yaxis=dict(categoryorder="array", categoryarray=list(r.bot)),
                      margin=dict(l=90, r=30, t=60, b=50))
    return fig


def win_matrix_figure(lad) -> go.Figure:
    """How often the row bot came out ahead of the column bot, as a heat map.

    Parameters
    ----------
    lad : SkillLadder
        What :func:`~tabletop_nb.lab.ladder.skill_ladder` returned.

    Returns
    -------
    plotly.graph_objects.Figure
        A heatmap, rows and columns the bots.

    Examples
    --------
    >>> import tabletop_nb
    >>> lad = tabletop_nb.skill_ladder(tabletop_nb.load_game("neko", players=2), ["random", "greedy"],
    ...                                games=20, seed=1, progress=False)
    >>> win_matrix_figure(lad).data[0].type
    'heatmap'
    """
    names = list(lad.ratings.bot)
    z, text = [], []
    for a in names:
        zr: list = []
        tr: list = []
        for b in names:
            if a == b:
                zr.append(None)
                tr.append("")
            else:
                e = lad.win_rate(a, b)
                zr.append(e.value)
                tr.append(f"{100 * e.value:.0f}%<br>({100 * e.low:.0f}-{100 * e.high:.0f}%)")
        z.append(zr)
        text.append(tr)
    fig = go.Figure(go.Heatmap(z=z, x=names, y=names, text=text, texttemplate="%{text}", zmin=0, zmax=1,
                               colorscale="RdBu", hovertemplate="%{y} over %{x}: %{z:.0%}<extra></extra>"))
    verb = "beats" if lad.players == 2 else "finishes ahead of"
    fig.update_layout(template="plotly_white", height=150 + 60 * len(names),
                      title=f"How often the row {verb} the column", xaxis_title="opponent",
                      margin=dict(l=90, r=30, t=60, b=50))
    return fig
