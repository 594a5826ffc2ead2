"""Score charts: one game's scores over time, and balance charts of a ``simulate`` table.

The table is the DataFrame of :func:`tabletop_nb.simulate` (columns ``game, seed,
spawn_key, seat, bot, score, rank, winner, shared_win, turns, actions``). pandas is
imported inside the functions that need it.

Examples
--------
>>> # doctest: +SKIP
>>> df = tabletop_nb.simulate(game, ["greedy", "random", "random"], games=2000, seed=1)
>>> win_rates(df, by="seat")          # bars with 95% Wilson intervals
>>> score_distribution(df, by="bot")
"""
from __future__ import annotations

from statistics import NormalDist
from typing import Any, Sequence

import plotly.graph_objects as go

from ..core.record import GameRecord, replay
from ..core.stats import wilson
from ._common import is_number, seat_colour

__all__ = ["score_series", "score_traces", "scores_over_time", "wilson_interval",
           "win_rate_table", "win_rates", "score_distribution"]


def _number(v: Any) -> float | None:
    if is_number(v):
        return float(v)
    if isinstance(v, tuple) and v and is_number(v[0]):  # (score, tie-break) pairs
        return float(v[0])
    return None


def score_series(game, states: Sequence[Any]) -> list[tuple]:
    """``game.scores`` of every state, in order.

    Parameters
    ----------
    game : Game
        The game.
    states : sequence
        States in order (``tabletop_nb.replay(game, record)``).

    Returns
    -------
    list of tuple
        One score tuple per state.

    Examples
    --------
    >>> import tabletop_nb
    >>> game = tabletop_nb.load_game("pacal", players=2)
    >>> states = tabletop_nb.replay(game, tabletop_nb.play(game, "random", seed=1))
    >>> series = score_series(game, states)
    >>> series[0], series[-1] == game.scores(states[-1])
    ((0, 0), True)
    """
    return [tuple(game.scores(s)) for s in states]


def score_traces(names: Sequence[str], series: Sequence[Sequence[Any]], start: int = 0) -> list[dict]:
    """One step-line trace per seat: x is the action number, y the seat's score.

    Parameters
    ----------
    names : sequence of str
        The seats' names.
    series : sequence of sequence
        Scores per action (:func:`score_series`).
    start : int, default 0
        The action number of the first entry.

    Returns
    -------
    list of dict
        One plotly trace dict per seat.

    Examples
    --------
    >>> [t["name"] for t in score_traces(["Ann", "Bo"], [(0, 0), (3, 1), (3, 4)])]
    ['Ann', 'Bo']
    """
    xs = list(range(start, start + len(series)))
    out = []
    for seat, name in enumerate(names):
        ys = [_number(sc[seat]) if seat < len(sc) else None for sc in series]
        out.append(dict(type="scatter", mode="lines", name=name, x=xs, y=ys,
                        line=dict(shape="hv", color=seat_colour(seat, name), width=2),
                        hovertemplate=f"{name}: %{{y}} after action %{{x}}<extra></extra>"))
    return out


def scores_over_time(game, states: Sequence[Any] | GameRecord, *, title: str | None = None) -> go.Figure:
    """Each seat's score after every action of one game.

    Parameters
    ----------
    game : Game
    states : list of states, or a GameRecord (replayed with the record's rules)

    Examples
    --------
    >>> # doctest: +SKIP
    >>> rec = tabletop_nb.play(game, "random", seed=1)
    >>> scores_over_time(game, rec)
    """
    if isinstance(states, GameRecord):
        game = game.with_plain_rules(states.rules)
        seq = replay(game, states)
    else:
        seq = states
    names = [game.player_name(i) for i in range(game.num_players)]
    fig = go.Figure(data=score_traces(names, score_series(game, seq)))
    fig.update_layout(title=title or f"{game.name}: scores over the game",
                      xaxis=dict(title="action"), yaxis=dict(title="score"),
                      margin=dict(l=50, r=20, t=50, b=40), height=320)
    return fig


def wilson_interval(wins: float, games: int, level: float = 0.95) -> tuple[float, float]:
    """The Wilson score interval of a proportion (good also near 0 and 1).

    Parameters
    ----------
    wins : float
        Wins (ties may count as fractions).
    games : int
        Games.
    level : float, default 0.95
        The interval's coverage.

    Returns
    -------
    tuple of float
        ``(low, high)``.

    Examples
    --------
    >>> lo, hi = wilson_interval(50, 100)
    >>> round(lo, 4), round(hi, 4)
    (0.4038, 0.5962)
    """
    if games <= 0:
        return (0.0, 1.0)
    z = NormalDist().inv_cdf(0.5 + level / 2)
    est = wilson(wins, games, z)
    # no wins (or only wins) put the interval's end exactly at 0 (or 1), not 1e-17 away
    return (0.0 if wins <= 0 else est.low, 1.0 if wins >= games else est.high)


def _check_table(df, by: str) -> None:
    need = {"game", "seat", "bot", "score", "winner"}
    missing = need - set(df.columns)
    if missing:
        raise ValueError(f"not a simulate table: missing columns {sorted(missing)}")
    if by not in ("seat", "bot"):
        raise ValueError(f"by must be 'seat' or 'bot', got {by!r}")


def win_rate_table(df, by: str = "seat", *, shared: str = "count", level: float = 0.95):
    """Win rates by seat or by bot with their confidence intervals (a DataFrame).

    Parameters
    ----------
    df : DataFrame from :func:`tabletop_nb.simulate`
    by : "seat" or "bot"
        By bot, every seat a bot played counts once (a bot in three seats of a game
        is three samples; they are not independent, so read the interval as a guide).
    shared : "count" or "exclude"
        Whether a shared win counts as a win.
    level : float
        Confidence level of the Wilson interval.

    Returns
    -------
    DataFrame with columns ``[by, "played", "wins", "rate", "low", "high"]``.

    Examples
    --------
    >>> # doctest: +SKIP
    >>> win_rate_table(df, by="bot")
    """
    import pandas as pd

    _check_table(df, by)
    if shared not in ("count", "exclude"):
        raise ValueError(f"shared must be 'count' or 'exclude', got {shared!r}")
    won = df["winner"].astype(bool)
    if shared == "exclude" and "shared_win" in df.columns:
        won = won & ~df["shared_win"].astype(bool)
    g = pd.DataFrame({by: df[by], "won": won}).groupby(by, sort=True)["won"]
    out = pd.DataFrame({"played": g.size(), "wins": g.sum().astype(int)}).reset_index()
    out["rate"] = out["wins"] / out["played"]
    bounds = [wilson_interval(w, n, level) for w, n in zip(out["wins"], out["played"])]
    out["low"] = [b[0] for b in bounds]
    out["high"] = [b[1] for b in bounds]
    return out


def win_rates(df, by: str = "seat", *, shared: str = "count", level: float = 0.95,
              title: str | None = None) -> go.Figure:
    """Win rates by seat or by bot as bars with 95% (``level``) Wilson intervals.

    By seat, a dashed line marks the fair share (1 / players): a seat whose interval
    misses it has an advantage or a handicap.

    Parameters
    ----------
    df : pandas.DataFrame
        ``simulate``'s table (one row per game and seat).
    by : str, default "seat"
        ``"seat"`` or ``"bot"``.
    shared : str, default "count"
        How a shared win counts: ``"count"`` (a win for each) or ``"split"``.
    level : float, default 0.95
        The intervals' coverage.
    title : str, optional
        The figure's title.

    Returns
    -------
    plotly.graph_objects.Figure
        Bars with error bars.

    Examples
    --------
    >>> import tabletop_nb
    >>> game = tabletop_nb.load_game("pacal", players=2)
    >>> fig = win_rates(tabletop_nb.simulate(game, "random", games=20, seed=1, progress=False))
    >>> fig.data[0].type, len(fig.data[0].x)
    ('bar', 2)
    """
    t = win_rate_table(df, by, shared=shared, level=level)
    labels = [f"seat {v}" if by == "seat" else str(v) for v in t[by]]
    colours = [seat_colour(int(v)) for v in t[by]] if by == "seat" else "#636efa"
    fig = go.Figure(go.Bar(
        x=labels, y=t["rate"].tolist(), name="win rate", marker=dict(color=colours),
        customdata=list(zip(t["wins"].tolist(), t["played"].tolist(), t["low"].tolist(),
                            t["high"].tolist())),
        error_y=dict(type="data", symmetric=False, array=(t["high"] - t["rate"]).tolist(),
                     arrayminus=(t["rate"] - t["low"]).tolist()),
        hovertemplate="%{x}: %{y:.1%} (%{customdata[0]} of %{customdata[1]}), "
                      f"{int(level * 100)}% interval " "%{customdata[2]:.1%} - %{customdata[3]:.1%}"
                      "<extra></extra>"))
    games = df["game"].nunique()
    if by == "seat" and len(t):
        fair = 1 / df["seat"].nunique()
        fig.add_hline(y=fair, line_dash="dash", line_color="grey",
                      annotation_text=f"fair share {fair:.0%}", annotation_position="top left")
    fig.update_layout(title=title or f"Win rate by {by} ({games} games, {int(level * 100)}% intervals)",
                      yaxis=dict(title="win rate", tickformat=".0%", rangemode="tozero"),
                      xaxis=dict(type="category"), margin=dict(l=50, r=20, t=50, b=40), height=340)
    return fig


def score_distribution(df, by: str = "seat", *, kind: str = "box", title: str | None = None) -> go.Figure:
    """Score distributions by seat or by bot.

    Parameters
    ----------
    kind : "box" or "histogram"
        Boxes are computed here (quartiles, 1.5 IQR whiskers, mean), so the figure stays
        small for any number of games; a histogram shows the share of each score.

    Examples
    --------
    >>> # doctest: +SKIP
    >>> score_distribution(df, by="bot", kind="histogram")
    """
    _check_table(df, by)
    if kind not in ("box", "histogram"):
        raise ValueError(f"kind must be 'box' or 'histogram', got {kind!r}")
    traces = []
    for i, (key, grp) in enumerate(df.groupby(by, sort=True)):
        sc = grp["score"].astype(float)
        name = f"seat {key}" if by == "seat" else str(key)
        colour = seat_colour(int(key)) if by == "seat" else seat_colour(i)
        if kind == "box":
            q1, med, q3 = sc.quantile([0.25, 0.5, 0.75]).tolist()
            iqr = q3 - q1
            lo = float(sc[sc >= q1 - 1.5 * iqr].min())
            hi = float(sc[sc <= q3 + 1.5 * iqr].max())
            traces.append(go.Box(name=name, x=[name], q1=[q1], median=[med], q3=[q3],
                                 lowerfence=[lo], upperfence=[hi], mean=[float(sc.mean())],
                                 marker=dict(color=colour), boxpoints=False))
        else:
            share = sc.value_counts(normalize=True).sort_index()
            traces.append(go.Bar(name=name, x=share.index.tolist(), y=share.tolist(),
                                 marker=dict(color=colour), opacity=0.6))
    fig = go.Figure(traces)
    games = df["game"].nunique()
    if kind == "box":
        fig.update_layout(yaxis=dict(title="final score"), xaxis=dict(type="category"), showlegend=False)
    else:
        fig.update_layout(barmode="overlay", xaxis=dict(title="final score"),
                          yaxis=dict(title="share of games", tickformat=".0%"))
    fig.update_layout(title=title or f"Final scores by {by} ({games} games)",
                      margin=dict(l=50, r=20, t=50, b=40), height=340)
    return fig
