"""Plotly charts of a balance search (:func:`tabletop_nb.balance`).

Imported only when a figure is asked for (``BalanceResult.race_figure()`` and friends, or
``balance(..., live=True)``), so plotly is imported at the top here and nowhere in
:mod:`tabletop_nb.lab.balance`.

- :func:`race_figure`: one goal number's intervals round by round, one band per setting,
  the goal's band shaded, settings that left greyed where they left (hover says why).
- :func:`tradeoff_figure`: two goals' badness per setting, the non-dominated settings
  joined, the "meets both" box.
- :func:`effects_figure`: each rule value's effect on each goal (rows = goals, columns =
  rule paths).
- :func:`finalists_figure`: the finalists' confirmation intervals on fresh seeds against
  each goal's band.
- :func:`levers_figure`: a forest plot of :func:`tabletop_nb.levers`: each one-step
  change's effect per +1 of its rule on one goal number, with its interval (levers coloured by
  direction, the rest grey).
- :class:`LiveRace`: the race as it runs, one FigureWidget updated in place after every round.

Every figure follows the notebook's width (``autosize``, no ``width``), is drawn for a
900 px output with text of at least 11 px, and gives a figure with a message (never an
exception) when there is nothing to draw: no finalists, an interrupted study, one goal.
"""
from __future__ import annotations

import math
import warnings
from dataclasses import dataclass
from typing import Any, Sequence

import plotly.graph_objects as go

from ..core.errors import TabletopError

__all__ = ["race_figure", "tradeoff_figure", "effects_figure", "finalists_figure", "levers_figure", "LiveRace"]

_COLORS = ["#4C78A8", "#F58518", "#54A24B", "#E45756", "#72B7B2", "#B279A2", "#FF9DA6", "#9D755D"]
#: the race's colours: still racing, met every goal in the race, left the race
RACING = "#4C78A8"
MET = "#2E8B3E"
OUT = "#A0A0A0"
MISSED = "#D62728"
UNSURE = "#F58518"
#: finalists, drawn over the rest (not green: green says "met")
FINALIST_COLORS = ["#F58518", "#B279A2", "#E45756", "#9D755D", "#FF9DA6", "#72B7B2"]
BAND_FILL = "rgba(84, 162, 75, 0.16)"
BAND_LINE = "rgba(46, 139, 62, 0.55)"
FONT = dict(family="Arial, Helvetica, sans-serif", size=12)


# --------------------------------------------------------------------------- goal numbers
@dataclass(frozen=True)
class _Stream:
    """One goal number: its per-game metric, goal, band and whether it is a rate."""

    stream: str
    goal: str
    low: float
    high: float
    scale: float
    rate: bool

    def name(self) -> str:
        """The number as a person reads it."""
        if self.stream.startswith("win_rate_seat_"):
            return f"seat {self.stream[len('win_rate_seat_'):]} win rate"
        if self.stream == "skill_ahead":
            return "stronger bot ahead"
        return self.stream.replace("_", " ")

    def band_text(self) -> str:
        lo, hi = self.low, self.high
        if math.isfinite(lo) and math.isfinite(hi):
            return f"{_fmt(lo, self.rate)} to {_fmt(hi, self.rate)}"
        if math.isfinite(hi):
            return f"at most {_fmt(hi, self.rate)}"
        if math.isfinite(lo):
            return f"at least {_fmt(lo, self.rate)}"
        return "any"


def _num(v: Any, default: float) -> float:
    try:
        x = float(v)
    except (TypeError, ValueError):
        return default
    return default if math.isnan(x) else x


def _streams(result: Any) -> list[_Stream]:
    """Every goal number of the study, in the goals' order (skill's too)."""
    players = int(getattr(result, "players", 0) or 0)
    out: list[_Stream] = []
    for g in getattr(result, "goals", None) or []:
        name, kind = str(g.get("name")), g.get("kind")
        bounds = g.get("bounds")
        is_rate = kind in ("fair", "skill") or (isinstance(bounds, (list, tuple)) and
                                                 [float(b) for b in bounds] == [0.0, 1.0])
        if kind == "fair" and players:
            tol = _num(g.get("tol"), 0.0)
            share = 1.0 / players
            out += [_Stream(f"win_rate_seat_{k}", name, share - tol, share + tol, tol or 1.0, True)
                    for k in range(players)]
            continue
        metric = "skill_ahead" if kind == "skill" else (g.get("metric") or name)
        out.append(_Stream(str(metric), name, _num(g.get("low"), -math.inf), _num(g.get("high"), math.inf),
                           _num(g.get("scale"), 1.0) or 1.0, bool(is_rate or str(metric).startswith("win_rate"))))
    # a result without its goals (hand-made): the numbers its tables name, bands unknown
    seen = {s.stream for s in out}
    for frame in (getattr(result, "history", None), getattr(result, "finalists", None)):
        if frame is not None and len(frame) and "stream" in frame:
            for st, goal in frame[["stream", "goal"]].drop_duplicates().itertuples(index=False):
                if st not in seen:
                    seen.add(st)
                    out.append(_Stream(str(st), str(goal), -math.inf, math.inf, 1.0,
                                       str(st).startswith("win_rate") or st == "skill_ahead"))
    return out


def _fmt(v: float, rate: bool) -> str:
    if v is None or (isinstance(v, float) and math.isnan(v)):
        return "?"
    if math.isinf(v):
        return "-inf" if v < 0 else "inf"
    return f"{100 * v:.1f}%" if rate else f"{v:.4g}"


def _r(v: Any, digits: int = 4) -> float | None:
    """A number rounded for the figure's JSON (``digits`` significant digits), None for a gap."""
    x = _num(v, math.nan)
    if not math.isfinite(x):
        return None
    return float(f"{x:.{digits}g}")


def _frame(df: Any) -> Any:
    import pandas as pd
    return df if df is not None else pd.DataFrame()


def _layout(fig: go.Figure, title: str, height: int, **kw: Any) -> go.Figure:
    kw.setdefault("margin", dict(l=70, r=30, t=80, b=60))
    fig.update_layout(template="plotly_white", autosize=True, height=height, font=FONT,
                      title=dict(text=title, font=dict(size=15), x=0.01, xanchor="left"),
                      hoverlabel=dict(font_size=12), **kw)
    fig.update_annotations(font_size=12)
    return fig


def _message(title: str, text: str) -> go.Figure:
    """A figure saying why there is nothing to draw."""
    fig = go.Figure()
    fig.add_annotation(text=text, x=0.5, y=0.5, xref="paper", yref="paper", showarrow=False,
                       font=dict(size=13, color="#555"), align="center")
    fig.update_xaxes(visible=False)
    fig.update_yaxes(visible=False)
    return _layout(fig, title, 260)


def _wrap(text: str, width: int = 60) -> str:
    """Hover text broken into lines of about ``width`` characters."""
    import textwrap
    return "<br>".join(textwrap.wrap(str(text), width)) or ""


def _rate_axis(rate: bool, span: float) -> dict:
    if not rate:
        return {}
    return dict(tickformat=".0%" if span >= 0.12 else ".1%")


def _finalist_labels(result: Any) -> list[str]:
    f = _frame(getattr(result, "finalists", None))
    return list(dict.fromkeys(f["label"])) if len(f) and "label" in f else []


def _status_of(result: Any) -> dict[str, tuple[str, str]]:
    c = _frame(getattr(result, "candidates", None))
    if not len(c) or "label" not in c:
        return {}
    return {str(r.label): (str(r.status), "" if r.reason is None else str(r.reason))
            for r in c[["label", "status", "reason"]].itertuples(index=False)}


# --------------------------------------------------------------------------- the race
def _default_stream(result: Any, streams: list[_Stream]) -> _Stream | None:
    """The goal number whose race estimates spread widest, in tolerances."""
    c = _frame(getattr(result, "candidates", None))
    best, best_spread = None, -1.0
    for s in streams:
        if s.stream not in c:
            continue
        vals = [v for v in (_num(x, math.nan) for x in c[s.stream]) if math.isfinite(v)]
        if not vals:
            continue
        half = (s.high - s.low) / 2 if math.isfinite(s.low) and math.isfinite(s.high) else s.scale
        spread = (max(vals) - min(vals)) / (half or 1.0)
        if spread > best_spread:
            best, best_spread = s, spread
    return best


def race_figure(result: Any, stream: str | None = None) -> go.Figure:
    """The race for one goal number: each setting's interval round by round.

    x is the games a setting has played, y the number (win rates in %); each setting is a
    band (its anytime-valid interval) around a line (its estimate). The goal's band is
    shaded green. A setting that left the race is drawn in the race's blue up to its last
    round in the race and grey from there, ending in a cross at the round it left (hover
    says why); settings that met every goal end in a green dot; finalists are drawn over
    the rest in their own colours.

    Parameters
    ----------
    result : BalanceResult
        What :func:`tabletop_nb.balance` found (or :meth:`BalanceResult.load
        <tabletop_nb.lab.balance.BalanceResult.load>` read back).
    stream : str, optional
        A goal number (``"turns"``, ``"win_rate_seat_0"``) or a goal's name (``"fair"``:
        one panel per seat). By default the number whose estimates spread widest across
        the settings (in tolerances).

    Returns
    -------
    plotly.graph_objects.Figure
        The same as ``result.race_figure(stream)``.

    Examples
    --------
    >>> from tabletop_nb import balance
    >>> from tabletop_nb.lab.synthetic import KnownOddsGame
    >>> res = balance(KnownOddsGame(players=2, edge=30), {"handicap": [0, 30], "rounds": [10, 20]},
    ...               {"fair": 0.15, "turns": (40, 4)}, bots="random", budget=400, batch=100,
    ...               confirm_games=200, executor="serial", progress=False)
    >>> fig = race_figure(res, "fair")      # one panel per seat
    >>> [a.text for a in fig.layout.annotations]
    ['seat 0 win rate', 'seat 1 win rate']
    >>> fig.show()  # doctest: +SKIP
    """
    title = "The race"
    hist = _frame(getattr(result, "history", None))
    streams = _streams(result)
    if not len(hist) or "stream" not in hist:
        why = "the study was interrupted before its first round" if getattr(result, "verdict", "") == \
            "interrupted" else "no round of the race was played"
        return _message(title, f"Nothing to draw: {why}.")
    present = set(hist["stream"])
    racing_streams = [s for s in streams if s.stream in present]
    if stream is None:
        chosen = [s for s in [_default_stream(result, racing_streams)] if s is not None] or racing_streams[:1]
    else:
        chosen = [s for s in racing_streams if s.stream == stream] or \
                 [s for s in racing_streams if s.goal == stream]
        if not chosen:
            names = [s.stream for s in racing_streams] + list(dict.fromkeys(s.goal for s in racing_streams))
            raise TabletopError(f"race_figure: no goal number or goal {stream!r} in the race; choose one of: "
                                + ", ".join(dict.fromkeys(names)))
    status = _status_of(result)
    finals = _finalist_labels(result)
    from plotly.subplots import make_subplots
    n = len(chosen)
    cols = 1 if n == 1 else 2
    rows = -(-n // cols)
    fig = make_subplots(rows=rows, cols=cols, shared_yaxes=True, shared_xaxes=True,
                        subplot_titles=[s.name() for s in chosen] if n > 1 else None,
                        horizontal_spacing=0.06, vertical_spacing=0.12 if rows > 1 else 0.0)
    for i, s in enumerate(chosen):
        _race_panel(fig, hist[hist["stream"] == s.stream], s, status, finals, row=i // cols + 1,
                    col=i % cols + 1, legend=(i == 0), points=RACE_POINTS if n == 1 else 4)
    s0 = chosen[0]
    what = s0.name() if n == 1 else f"{s0.goal}: every goal number"
    rounds = int(hist["round"].max())
    counts = {k: sum(1 for v in status.values() if v[0] == k) for k in ("racing", "meets", "out")}
    sub = (f"{len(status) or hist['label'].nunique()} settings, {rounds} round{'s' * (rounds != 1)}: "
           f"{counts['out']} left, {counts['meets']} met every goal, {counts['racing']} still racing"
           f"; goal band {s0.band_text()}")
    fig.update_xaxes(title_text="games played by the setting", row=rows)
    fig.update_yaxes(title_text=s0.name() if n == 1 else ("win rate" if s0.rate else s0.goal), col=1)
    for i, s in enumerate(chosen):
        fig.update_yaxes(**_rate_axis(s.rate, 0.2), row=i // cols + 1, col=i % cols + 1)
    _layout(fig, f"The race: {what}<br><span style='font-size:12px;color:#555'>{sub}</span>",
            300 + 260 * rows if n > 1 else 470,
            legend=dict(orientation="h", yanchor="top", y=-0.16 if rows == 1 else -0.08, x=0, font_size=12),
            margin=dict(l=70, r=30, t=90, b=90))
    return fig


#: the most points a setting's line and band keep in the race chart (evenly spaced, first
#: and last kept): intervals narrow smoothly, and 60 settings stay under 100 KB of JSON
RACE_POINTS = 8


def _thin(points: list, k: int = RACE_POINTS) -> list:
    if len(points) <= k:
        return points
    idx = sorted({round(i * (len(points) - 1) / (k - 1)) for i in range(k)})
    return [points[i] for i in idx]


def _race_panel(fig: go.Figure, h: Any, s: _Stream, status: dict[str, tuple[str, str]], finals: list[str],
                row: int, col: int, legend: bool, points: int = RACE_POINTS) -> None:
    """One goal number's race: a band and a line per setting, grouped by how each ended
    (one trace per group, settings separated by gaps); the hover sits on each setting's
    last point, which says where it ended and why."""
    if math.isfinite(s.low) or math.isfinite(s.high):
        y0 = s.low if math.isfinite(s.low) else (0.0 if s.rate else float(h["low"].min()))
        y1 = s.high if math.isfinite(s.high) else (1.0 if s.rate else float(h["high"].max()))
        fig.add_hrect(y0=y0, y1=y1, fillcolor=BAND_FILL, line_width=0, layer="below",
                      exclude_empty_subplots=False, row=row, col=col)
        # its edges over the settings' bands, so many bands do not hide it
        fig.add_hrect(y0=y0, y1=y1, fillcolor="rgba(0,0,0,0)", line=dict(width=1.5, dash="dash", color=MET),
                      layer="above", exclude_empty_subplots=False, row=row, col=col)
    lines: dict[str, tuple[list, list]] = {k: ([], []) for k in ("racing", "meets", "out")}
    bands: list[tuple[list, list]] = []
    ends: dict[str, dict[str, list]] = {k: {"x": [], "y": [], "lo": [], "hi": [], "text": []}
                                        for k in ("racing", "meets", "out")}
    fin_rows: dict[str, Any] = {}
    for label, part in h.groupby("label", sort=False):
        label = str(label)
        part = part.sort_values("round")
        if label in finals:
            fin_rows[label] = part
            continue
        # drawn to 3 digits (a 900 px chart shows no more); the hover says the numbers
        pts = [(int(r.n), _r(r.mean, 3), _r(r.low, 3), _r(r.high, 3), str(r.status))
               for r in part[["n", "mean", "low", "high", "status"]].itertuples(index=False)]
        in_race = _thin([p for p in pts if p[4] == "racing"], points)
        after = [p for p in pts if p[4] != "racing"]
        if in_race:
            xs, ys = lines["racing"]
            xs += [p[0] for p in in_race] + [None]
            ys += [p[1] for p in in_race] + [None]
            if len(in_race) > 1:  # one round's band is a line: the exit cross shows that interval
                bands.append(([p[0] for p in in_race] + [p[0] for p in in_race[::-1]],
                              [p[3] for p in in_race] + [p[2] for p in in_race[::-1]]))
        kind = after[-1][4] if after else "racing"
        kind = kind if kind in ends else "out"
        if after:  # greyed (or green) from its last round in the race
            xs, ys = lines[kind]
            seg = in_race[-1:] + after[-1:]
            xs += [p[0] for p in seg] + [None]
            ys += [p[1] for p in seg] + [None]
        last = pts[-1]
        why = status.get(label, (kind, ""))[1]
        e = ends[kind]
        e["x"].append(last[0])
        e["y"].append(last[1])
        e["lo"].append(last[2])
        e["hi"].append(last[3])
        if kind == "out":  # the reason names the interval and the band (or who beat it)
            e["text"].append(f"{label}: left after {last[0]} games<br>{_wrap(why or 'out', 80)}")
        else:
            e["text"].append(f"<b>{label}</b><br>{s.name()} {_fmt(_num(part['mean'].iloc[-1], math.nan), s.rate)} "
                             f"[{_fmt(_num(part['low'].iloc[-1], math.nan), s.rate)}, "
                             f"{_fmt(_num(part['high'].iloc[-1], math.nan), s.rate)}] after {last[0]} games<br>"
                             + ("still racing" if kind == "racing" else "met every goal in the race"))
    # the racing bands first (under everything), then lines, ends, finalists on top; a
    # trace per band, as bands overlapping inside one trace cut holes in each other
    for bx, by in bands:
        fig.add_scatter(x=bx, y=by, fill="toself", mode="none", fillcolor="rgba(76, 120, 168, 0.045)",
                        hoverinfo="skip", showlegend=False, row=row, col=col)
    styles = {"racing": ("in the race: estimate and interval", RACING, 1.2, "solid"),
              "out": ("after its last round in the race", OUT, 1.2, "dot"),
              "meets": ("met every goal in the race", MET, 1.6, "solid")}
    for kind, (xs, ys) in lines.items():
        name, color, width, dash = styles[kind]
        fig.add_scatter(x=xs, y=ys, mode="lines", line=dict(color=color, width=width, dash=dash), opacity=0.75,
                        name=name, legendgroup=kind, showlegend=legend and kind == "racing", hoverinfo="skip",
                        row=row, col=col)
    marks = {"racing": dict(symbol="circle", size=5, color=RACING),
             "meets": dict(symbol="circle", size=9, color=MET),
             "out": dict(symbol="x-thin", size=10, color=OUT, line=dict(width=2, color=OUT))}
    names = {"racing": "still racing", "meets": "met every goal in the race",
             "out": "left the race (x: where, with its interval)"}
    for kind, e in ends.items():
        err = None
        if kind == "out":  # the interval that put it out
            err = dict(type="data", symmetric=False, color=OUT, thickness=1.2, width=3,
                       array=[None if hi is None or y is None else _r(hi - y) for hi, y in zip(e["hi"], e["y"])],
                       arrayminus=[None if lo is None or y is None else _r(y - lo) for lo, y in zip(e["lo"], e["y"])])
        fig.add_scatter(x=e["x"], y=e["y"], text=e["text"], mode="markers", marker=marks[kind], error_y=err,
                        name=names[kind], legendgroup=kind, showlegend=legend and kind != "racing" and bool(e["x"]),
                        hovertemplate="%{text}<extra></extra>", row=row, col=col)
    for i, label in enumerate(finals):
        part = fin_rows.get(label)
        color = FINALIST_COLORS[i % len(FINALIST_COLORS)]
        if part is None:
            continue
        part = part.iloc[_thin(list(range(len(part))), points)]
        xs = [int(v) for v in part["n"]]
        lo, hi, mean = ([_r(v, 3) for v in part[c]] for c in ("low", "high", "mean"))
        text = [f"<b>{label}</b> (finalist)<br>{s.name()} {_fmt(_num(m, math.nan), s.rate)} "
                f"[{_fmt(_num(a, math.nan), s.rate)}, {_fmt(_num(b, math.nan), s.rate)}] after {x} games"
                for x, m, a, b in zip(xs, part["mean"], part["low"], part["high"])]
        fig.add_scatter(x=xs + xs[::-1], y=hi + lo[::-1], fill="toself", mode="lines", line=dict(width=0),
                        fillcolor=_alpha(color, 0.07), hoverinfo="skip", showlegend=False, legendgroup=label,
                        row=row, col=col)
        fig.add_scatter(x=xs, y=mean, text=text, mode="lines+markers", line=dict(color=color, width=2.5),
                        marker=dict(size=6, color=color), name=f"finalist: {label}", legendgroup=label,
                        showlegend=legend, hovertemplate="%{text}<extra></extra>", row=row, col=col)


def _alpha(hex_color: str, a: float) -> str:
    h = hex_color.lstrip("#")
    r, g, b = (int(h[i:i + 2], 16) for i in (0, 2, 4))
    return f"rgba({r}, {g}, {b}, {a})"


# --------------------------------------------------------------------------- trade-offs
def _goal_names(result: Any) -> list[str]:
    """Goals with a badness column (the race's goals), in order."""
    c = _frame(getattr(result, "candidates", None))
    names = [str(g.get("name")) for g in getattr(result, "goals", None) or []]
    names += [col[len("badness_"):] for col in c.columns if str(col).startswith("badness_")]
    return [g for g in dict.fromkeys(names) if f"badness_{g}" in c]


def _hover_numbers(row: Any, streams: list[_Stream]) -> str:
    parts = []
    for s in streams:
        if s.stream in row and _r(row[s.stream]) is not None:
            parts.append(f"{s.name()}: {_fmt(float(row[s.stream]), s.rate)}")
    return "<br>".join(parts)


def tradeoff_figure(result: Any, x: str | None = None, y: str | None = None) -> go.Figure:
    """Two goals' badness per setting (1 = the edge of a goal's band), the settings no
    other beats on both (the ``pareto`` column) marked and joined, and the box where a
    setting meets both goals (badness at most 1 on each). With one goal: its badness
    against the games each setting played.

    Parameters
    ----------
    result : BalanceResult
        What :func:`tabletop_nb.balance` found (or :meth:`BalanceResult.load
        <tabletop_nb.lab.balance.BalanceResult.load>` read back).
    x, y : str, optional
        Goal names (default: the first two goals).

    Returns
    -------
    plotly.graph_objects.Figure
        The same as ``result.tradeoff_figure(x, y)``.

    Examples
    --------
    >>> from tabletop_nb import balance
    >>> from tabletop_nb.lab.synthetic import KnownOddsGame
    >>> res = balance(KnownOddsGame(players=2, edge=30), {"handicap": [0, 30], "rounds": [10, 20]},
    ...               {"fair": 0.15, "turns": (40, 4)}, bots="random", budget=400, batch=100,
    ...               confirm_games=200, executor="serial", progress=False)
    >>> fig = tradeoff_figure(res, "fair", "turns")
    >>> [t.name for t in fig.data]
    ['still racing', 'left the race', 'no other setting beats it on every goal',
     'finalist (confirmed on fresh games)']
    >>> fig.show()  # doctest: +SKIP
    """
    title = "Trade-offs between goals"
    c = _frame(getattr(result, "candidates", None))
    goals = _goal_names(result)
    if not len(c) or not goals:
        return _message(title, "Nothing to draw: no setting was raced.")
    for name in (x, y):
        if name is not None and name not in goals:
            raise TabletopError(f"tradeoff_figure: no goal {name!r} with a badness; the goals are: "
                                + ", ".join(goals))
    gx = x or goals[0]
    gy = y or next((g for g in goals if g != gx), None)
    one = gy is None or gy == gx
    streams = _streams(result)
    finals = set(_finalist_labels(result))
    xcol = "games" if one else f"badness_{gx}"
    ycol = f"badness_{gx}" if one else f"badness_{gy}"
    pts = []
    for _, row in c.iterrows():
        xv, yv = _num(row.get(xcol), math.nan), _num(row.get(ycol), math.nan)
        if not (math.isfinite(xv) and math.isfinite(yv)):
            continue
        pts.append((row, xv, yv))
    if not pts:
        return _message(title, "Nothing to draw: no setting has played a game yet.")
    fig = go.Figure()
    xmax = max(p[1] for p in pts)
    ymax = max(p[2] for p in pts)
    if one:
        fig.add_hrect(y0=0, y1=1, fillcolor=BAND_FILL, line_width=1, line_color=BAND_LINE, layer="below")
        fig.add_annotation(x=0, xref="paper", y=1, yref="y", text=f"meets {gx}", showarrow=False,
                           xanchor="left", yanchor="bottom", font=dict(color=MET))
    else:
        fig.add_shape(type="rect", x0=0, y0=0, x1=1, y1=1, fillcolor=BAND_FILL, line=dict(color=BAND_LINE, width=1),
                      layer="below")
        fig.add_annotation(x=1, y=1, text="meets both", showarrow=False, xanchor="right", yanchor="bottom",
                           font=dict(color=MET))
    kinds = [("racing", "still racing", RACING, "circle"), ("meets", "met every goal in the race", MET, "circle"),
             ("out", "left the race", OUT, "circle")]
    for kind, name, color, symbol in kinds:
        sel = [p for p in pts if str(p[0]["status"]) == kind]
        if not sel:
            continue
        fig.add_scatter(x=[_r(p[1]) for p in sel], y=[_r(p[2]) for p in sel], mode="markers", name=name,
                        marker=dict(size=9, color=color, opacity=0.8, symbol=symbol,
                                    line=dict(width=1, color="white")),
                        text=[_tradeoff_hover(p[0], streams, gx, gy) for p in sel],
                        hovertemplate="%{text}<extra></extra>")
    front = sorted((p for p in pts if bool(p[0].get("pareto", False))), key=lambda p: (p[1], p[2]))
    if front:
        fig.add_scatter(x=[_r(p[1]) for p in front], y=[_r(p[2]) for p in front], mode="lines+markers",
                        name="no other setting beats it on every goal", line=dict(color="#333", width=1.5, dash="dot"),
                        marker=dict(size=15, symbol="diamond-open", color="#333", line=dict(width=2)),
                        text=[_tradeoff_hover(p[0], streams, gx, gy) for p in front],
                        hovertemplate="%{text}<extra></extra>")
    fin = [p for p in pts if str(p[0]["label"]) in finals]
    if fin:  # named in the hover of the points under them; labels here would overlap
        fig.add_scatter(x=[_r(p[1]) for p in fin], y=[_r(p[2]) for p in fin], mode="markers",
                        name="finalist (confirmed on fresh games)",
                        marker=dict(size=20, symbol="circle-open", color=UNSURE, line=dict(width=2.5)),
                        hoverinfo="skip")
    if one:
        fig.update_xaxes(title_text="games played in the race", rangemode="tozero")
        fig.update_yaxes(title_text=f"{gx}: badness (1 = edge of the band)", range=[0, max(1.2, ymax) * 1.08])
        sub = "one goal: its badness against the games each setting earned"
    else:
        fig.update_xaxes(title_text=f"{gx}: badness (1 = edge of the band)", range=[0, max(1.2, xmax) * 1.08])
        fig.update_yaxes(title_text=f"{gy}: badness (1 = edge of the band)", range=[0, max(1.2, ymax) * 1.08])
        sub = "race estimates; lower is better on both"
    return _layout(fig, f"{title}: {gx}" + ("" if one else f" and {gy}")
                   + f"<br><span style='font-size:12px;color:#555'>{sub}</span>", 480,
                   legend=dict(orientation="h", yanchor="top", y=-0.17, x=0, font_size=12),
                   margin=dict(l=70, r=30, t=80, b=100))


def _short(label: str, width: int = 28) -> str:
    return label if len(label) <= width else label[:width - 1] + "…"


def _tradeoff_hover(row: Any, streams: list[_Stream], gx: str, gy: str | None) -> str:
    bad = f"badness {gx} {_num(row.get(f'badness_{gx}'), math.nan):.2f}"
    if gy and gy != gx:
        bad += f", {gy} {_num(row.get(f'badness_{gy}'), math.nan):.2f}"
    status = str(row["status"])
    reason = "" if row.get("reason") is None else str(row.get("reason"))
    tail = f"<br>{_wrap(reason, 70)}" if reason else ""
    return (f"<b>{row['label']}</b><br>{bad}<br>{_hover_numbers(row, streams)}<br>"
            f"{int(_num(row.get('games'), 0))} games, {status}{tail}")


# --------------------------------------------------------------------------- effects
def _value_order(values: Sequence[Any]) -> list[Any]:
    uniq = list(dict.fromkeys(values))
    try:
        return sorted(uniq)
    except TypeError:
        return uniq


def effects_figure(result: Any) -> go.Figure:
    """The effect of each rule value on each goal: for every rule path (columns) and goal
    (rows), the mean over the settings having each value, with the range of those
    settings as a bar. A goal with one number (``turns``) shows that number with its
    band; a goal with several (``fair``: one win rate per seat) shows its badness, the
    worst of its numbers in tolerances (at most 1 = inside the band).

    Parameters
    ----------
    result : BalanceResult
        What :func:`tabletop_nb.balance` found (or :meth:`BalanceResult.load
        <tabletop_nb.lab.balance.BalanceResult.load>` read back).

    Returns
    -------
    plotly.graph_objects.Figure
        The same as ``result.effects_figure()``; from the race's estimates.

    Examples
    --------
    >>> from tabletop_nb import balance
    >>> from tabletop_nb.lab.synthetic import KnownOddsGame
    >>> res = balance(KnownOddsGame(players=2, edge=30), {"handicap": [0, 30], "rounds": [10, 20]},
    ...               {"fair": 0.15, "turns": (40, 4)}, bots="random", budget=400, batch=100,
    ...               confirm_games=200, executor="serial", progress=False)
    >>> fig = effects_figure(res)      # columns: the rule paths; rows: the goals
    >>> [a.text for a in fig.layout.annotations]
    ['handicap', 'rounds']
    >>> fig.show()  # doctest: +SKIP
    """
    title = "What each rule value does to each goal"
    c = _frame(getattr(result, "candidates", None))
    paths = [p for p in (getattr(result, "paths", None) or []) if p in c]
    goals = _goal_names(result)
    if not len(c) or not paths or not goals:
        return _message(title, "Nothing to draw: no setting was raced.")
    played = c[[_num(g, 0) > 0 for g in c["games"]]] if "games" in c else c
    if not len(played):
        return _message(title, "Nothing to draw: no setting has played a game yet.")
    streams = _streams(result)
    from plotly.subplots import make_subplots
    rows, cols = len(goals), len(paths)
    fig = make_subplots(rows=rows, cols=cols, shared_yaxes=True, column_titles=paths,
                        horizontal_spacing=min(0.06, 0.3 / cols), vertical_spacing=min(0.14, 0.5 / rows))
    for i, goal in enumerate(goals, start=1):
        mine = [s for s in streams if s.goal == goal and s.stream in played]
        number = mine[0] if len(mine) == 1 else None
        col_name = number.stream if number is not None else f"badness_{goal}"
        color = _COLORS[(i - 1) % len(_COLORS)]
        rate = number.rate if number is not None else False
        for j, path in enumerate(paths, start=1):
            xs, ys, lo, hi, text = [], [], [], [], []
            for v in _value_order(list(played[path])):
                vals = [_num(u, math.nan) for u in played.loc[played[path] == v, col_name]]
                vals = [u for u in vals if math.isfinite(u)]
                if not vals:
                    continue
                m = sum(vals) / len(vals)
                xs.append(str(v))
                ys.append(_r(m))
                lo.append(_r(m - min(vals)))
                hi.append(_r(max(vals) - m))
                text.append(f"{path} = {v}<br>{goal}: mean {_fmt(m, rate)} (from {_fmt(min(vals), rate)} to "
                            f"{_fmt(max(vals), rate)}) over {len(vals)} setting{'s' * (len(vals) != 1)}")
            fig.add_scatter(x=xs, y=ys, mode="lines+markers", line=dict(color=color, width=2),
                            marker=dict(size=8, color=color),
                            error_y=dict(type="data", symmetric=False, array=hi, arrayminus=lo, color=color,
                                         thickness=1.2, width=4),
                            text=text, hovertemplate="%{text}<extra></extra>", name=goal, showlegend=False,
                            row=i, col=j)
            if number is not None and (math.isfinite(number.low) or math.isfinite(number.high)):
                fig.add_hrect(y0=number.low if math.isfinite(number.low) else min(v for v in ys if v is not None),
                              y1=number.high if math.isfinite(number.high) else max(v for v in ys if v is not None),
                              fillcolor=BAND_FILL, line_width=0, layer="below", exclude_empty_subplots=False, row=i, col=j)
            elif number is None:
                fig.add_hrect(y0=0, y1=1, fillcolor=BAND_FILL, line_width=0, layer="below", exclude_empty_subplots=False, row=i, col=j)
            fig.update_xaxes(type="category", row=i, col=j)
        ytitle = f"{goal}: {number.name()}" if number is not None else f"{goal}: badness"
        fig.update_yaxes(title_text=ytitle, row=i, col=1, **_rate_axis(rate, 0.2))
        if number is None:
            fig.update_yaxes(rangemode="tozero", row=i, col=1)
    _layout(fig, f"{title}<br><span style='font-size:12px;color:#555'>race estimates: mean over the settings "
                 f"with each value, bar = their range; green = inside the goal</span>",
            120 + 240 * rows, margin=dict(l=80, r=30, t=100, b=50))
    return fig


# --------------------------------------------------------------------------- finalists
def finalists_figure(result: Any) -> go.Figure:
    """The finalists' confirmation on fresh seeds: each goal number's estimate and
    interval per finalist (one panel per goal, one row per finalist and number) against
    the goal's band; green when the interval lies inside the band (met), red when it
    lies outside (missed), orange when it straddles an edge (not yet decided).

    Parameters
    ----------
    result : BalanceResult
        What :func:`tabletop_nb.balance` found (or :meth:`BalanceResult.load
        <tabletop_nb.lab.balance.BalanceResult.load>` read back).

    Returns
    -------
    plotly.graph_objects.Figure
        The same as ``result.figure()``; a figure with a message when no setting reached
        the confirmation.

    Examples
    --------
    >>> from tabletop_nb import balance
    >>> from tabletop_nb.lab.synthetic import KnownOddsGame
    >>> res = balance(KnownOddsGame(players=2, edge=30), {"handicap": [0, 30], "rounds": [10, 20]},
    ...               {"fair": 0.15, "turns": (40, 4)}, bots="random", budget=400, batch=100,
    ...               confirm_games=200, executor="serial", progress=False)
    >>> fig = finalists_figure(res)    # one panel per goal
    >>> [a.text for a in fig.layout.annotations]
    ['fair: every seat wins 1/2 +- 0.15', 'turns: mean turns in 40 +- 4']
    >>> fig.show()  # doctest: +SKIP
    """
    title = "The finalists on fresh games"
    f = _frame(getattr(result, "finalists", None))
    if not len(f) or "label" not in f:
        verdict = getattr(result, "verdict", "")
        why = ("the study was interrupted before the confirmation" if verdict == "interrupted" else
               "every setting left the race" if verdict == "none" else "no setting reached the confirmation")
        return _message(title, f"No finalists: {why}.<br>See race_figure() and tradeoff_figure().")
    streams = {s.stream: s for s in _streams(result)}
    goals = list(dict.fromkeys(f["goal"]))
    labels = list(dict.fromkeys(f["label"]))
    verdicts = {str(lab): str(part["verdict"].iloc[0]) for lab, part in f.groupby("label", sort=False)}
    heights = []
    for g in goals:
        heights.append(len(labels) * f.loc[f["goal"] == g, "stream"].nunique())
    from plotly.subplots import make_subplots
    total = sum(heights)
    fig = make_subplots(rows=len(goals), cols=1, row_heights=[h / total for h in heights],
                        subplot_titles=[_goal_title(result, g) for g in goals],
                        vertical_spacing=min(0.12, 0.35 / max(1, len(goals))))
    shown: set[str] = set()
    for i, g in enumerate(goals, start=1):
        part = f[f["goal"] == g]
        sts = list(dict.fromkeys(part["stream"]))
        multi = len(sts) > 1
        rate = all(streams.get(s, _Stream(s, g, 0, 0, 1, False)).rate for s in sts)
        band_lo, band_hi = _num(part["band_low"].iloc[0], -math.inf), _num(part["band_high"].iloc[0], math.inf)
        xs_all = [v for col in ("low", "high", "value") for v in (_num(u, math.nan) for u in part[col])
                  if math.isfinite(v)] + [v for v in (band_lo, band_hi) if math.isfinite(v)]
        span = (max(xs_all) - min(xs_all)) if xs_all else 1.0
        pad = 0.08 * (span or 1.0)
        x0 = band_lo if math.isfinite(band_lo) else (min(xs_all) - pad if xs_all else 0.0)
        x1 = band_hi if math.isfinite(band_hi) else (max(xs_all) + pad if xs_all else 1.0)
        fig.add_vrect(x0=x0, x1=x1, fillcolor=BAND_FILL, line_width=1, line_color=BAND_LINE, layer="below", exclude_empty_subplots=False,
                      row=i, col=1)
        cats: list[Any] = [[], []] if multi else []
        for r in part.itertuples():
            head = f"{_short(str(r.label), 34)} ({verdicts.get(str(r.label), '')})"
            s = streams.get(str(r.stream), _Stream(str(r.stream), g, band_lo, band_hi, 1.0, rate))
            if multi:
                cats[0].append(head)
                cats[1].append(_seat(s))
            else:
                cats.append(head)
        # an invisible first trace puts the rows in the finalists' order (categories come
        # in the order they first appear), read top down
        fig.add_scatter(x=[None] * len(part), y=cats, mode="markers", showlegend=False, hoverinfo="skip",
                        row=i, col=1)
        for kind, color, name in (("met", MET, "met: interval inside the band"),
                                  ("missed", MISSED, "missed: interval outside the band"),
                                  ("unsure", UNSURE, "not decided: interval over a band's edge")):
            sel = part[[_kind(r) == kind for r in part.itertuples()]]
            y: Any = [[], []] if multi else []
            xv, lo, hi, text = [], [], [], []
            for r in sel.itertuples():
                s = streams.get(str(r.stream), _Stream(str(r.stream), g, band_lo, band_hi, 1.0, rate))
                head = f"{_short(str(r.label), 34)} ({verdicts.get(str(r.label), '')})"
                if multi:
                    y[0].append(head)
                    y[1].append(_seat(s))
                else:
                    y.append(head)
                v, lw, hg = _r(r.value), _r(r.low), _r(r.high)
                xv.append(v)
                lo.append(None if v is None or lw is None else _r(v - lw))
                hi.append(None if v is None or hg is None else _r(hg - v))
                text.append(f"<b>{r.label}</b><br>{s.name()}: {_fmt(float(r.value), s.rate)} "
                            f"[{_fmt(float(r.low), s.rate)}, {_fmt(float(r.high), s.rate)}] on {int(r.n)} games"
                            f"<br>band {s.band_text()}: {kind}")
            fig.add_scatter(x=xv, y=y, mode="markers", marker=dict(size=9, color=color),
                            error_x=dict(type="data", symmetric=False, array=hi, arrayminus=lo, color=color,
                                         thickness=2, width=5),
                            name=name, legendgroup=kind, showlegend=kind not in shown and bool(len(sel)),
                            text=text, hovertemplate="%{text}<extra></extra>", row=i, col=1)
            if len(sel):
                shown.add(kind)
        fig.update_yaxes(autorange="reversed", row=i, col=1)
        fig.update_xaxes(**_rate_axis(rate, span), row=i, col=1)
        if multi or len(sts) == 1:
            fig.update_xaxes(title_text=streams[sts[0]].name() if not multi and sts[0] in streams
                             else ("win rate" if rate else g), title_standoff=4, row=i, col=1)
    n_conf = int(_num(f["n"].max(), 0)) if "n" in f else 0
    sub = (f"{len(labels)} finalist{'s' * (len(labels) != 1)}, {n_conf:,} fresh games each; bars: "
           f"confirmation intervals; green band: the goal")
    _layout(fig, f"{title}<br><span style='font-size:12px;color:#555'>{sub}</span>",
            140 + 24 * total + 70 * len(goals),
            legend=dict(orientation="h", yanchor="top", y=-0.06 if total > 8 else -0.2, x=0, font_size=12),
            margin=dict(l=40, r=30, t=100, b=80))
    return fig


def _kind(r: Any) -> str:
    if bool(r.met):
        return "met"
    if bool(getattr(r, "missed", False)):
        return "missed"
    return "unsure"


def _seat(s: _Stream) -> str:
    return f"seat {s.stream[len('win_rate_seat_'):]}" if s.stream.startswith("win_rate_seat_") else s.name()


def _goal_title(result: Any, goal: str) -> str:
    for g in getattr(result, "goals", None) or []:
        if g.get("name") == goal and g.get("text"):
            return f"{goal}: {g['text']}"
    return goal


# --------------------------------------------------------------------------- live
def levers_figure(result: Any, number: str | None = None) -> go.Figure:
    """A forest plot of a lever search: one row per one-step change, its effect per +1 of its rule on
    ``number`` (by default the goal number furthest from its band at the current rules)
    with its anytime-valid interval; raising changes blue, lowering orange, the rest grey.

    Parameters
    ----------
    result : LeversResult
        What :func:`tabletop_nb.levers` returned.
    number : str, optional
        A goal number (``"win_rate_seat_0"``, ``"turns"``).

    Returns
    -------
    plotly.graph_objects.Figure

    Examples
    --------
    >>> from tabletop_nb.lab.levers import levers
    >>> from tabletop_nb.lab.synthetic import DecoyOddsGame
    >>> res = levers(DecoyOddsGame(players=2, edge=30), {"fair": 0.2}, rules=["handicap", "decoy_reversed"],
    ...              bots="random", games=200, executor="serial", progress=False)
    >>> fig = levers_figure(res, "win_rate_seat_0")
    >>> [len(t.y) for t in fig.data if t.y is not None]   # two changes: handicap +1 and the decoy switched
    [2]
    """
    t = _frame(getattr(result, "table", None))
    cur = _frame(getattr(result, "current", None))
    title = "Levers: what one step of each rule does"
    if not len(t):
        return _message(title, "No change was played.")
    numbers = list(dict.fromkeys(t["number"]))
    if number is None:
        def off(r: Any) -> float:
            lo, hi, v = _num(r.band_low, -math.inf), _num(r.band_high, math.inf), _num(r.value, math.nan)
            return max(lo - v, v - hi, -math.inf) if math.isfinite(v) else -math.inf
        rows = list(cur.itertuples()) if len(cur) else []
        number = max(rows, key=off).number if rows else numbers[0]
    if number not in numbers:
        raise TabletopError(f"no goal number {number!r} in this lever search; the numbers are: {', '.join(numbers)}")
    part = t[t["number"] == number].copy()
    part["size"] = part["per_step"].abs()
    part = part.sort_values("size")
    rate = number.startswith("win_rate_seat_") or number == "skill_ahead"
    pretty = _pretty(number)
    colors = [RACING if v == "raises" else UNSURE if v == "lowers" else OUT for v in part["verdict"]]
    x = [_r(v) for v in part["per_step"]]
    lo = [_r(v) for v in part["per_step_low"]]
    hi = [_r(v) for v in part["per_step_high"]]
    err_plus = [None if a is None or b is None else b - a for a, b in zip(x, hi)]
    err_minus = [None if a is None or b is None else a - b for a, b in zip(x, lo)]
    labels = [str(c) for c in part["change"]]
    hover = [f"{c}: {_fmt(v, rate)} per +1 [{_fmt(a, rate)}, {_fmt(b, rate)}], {g} games, {verdict}"
             for c, v, a, b, g, verdict in zip(labels, part["per_step"], part["per_step_low"], part["per_step_high"],
                                                part["games"], part["verdict"])]
    fig = go.Figure(go.Scatter(x=x, y=labels, mode="markers", marker=dict(color=colors, size=9),
                               error_x=dict(type="data", symmetric=False, array=err_plus, arrayminus=err_minus,
                                            thickness=1.5),
                               hovertext=hover, hoverinfo="text", showlegend=False))
    fig.add_vline(x=0, line=dict(color="#555", width=1))
    axis = dict(title=f"change of {pretty} per +1 of the rule (a switch: its whole effect)")
    if rate:
        axis["tickformat"] = ".1%"
    fig.update_xaxes(**axis)
    fig.update_yaxes(automargin=True)
    return _layout(fig, f"{title}: {pretty}", max(260, 60 + 26 * len(part)))


class LiveRace:
    """The race as it runs: one FigureWidget, updated in place after every round.

    ``balance(..., live=True)`` calls ``LiveRace()(history)`` after every round with the
    race so far. Each goal number gets a panel: every setting's current interval (its last
    round), racing blue, met green, left grey; the title says the round, how many
    settings race, met and left, and the games played. The widget is shown on the first
    call inside IPython/Jupyter; elsewhere (a script, a test) it is built all the same,
    silently, and kept in :attr:`figure`.

    Parameters
    ----------
    bands : dict, optional
        ``{goal number: (low, high)}`` to shade; otherwise the bands are taken from the
        history's ``band_low`` / ``band_high`` columns when it has them.
    display : bool, optional
        Show the widget on the first call (default: when running under IPython).

    Examples
    --------
    >>> live = LiveRace()
    >>> import pandas as pd
    >>> live(pd.DataFrame([{"round": 1, "label": "a=1", "stream": "turns", "goal": "turns", "n": 100,
    ...                     "mean": 30.0, "low": 28.0, "high": 32.0, "status": "racing"}]))
    >>> live.figure.layout.title.text
    'Round 1: 1 racing, 0 met, 0 out; 100 games played'
    """

    KINDS = ("racing", "meets", "out")

    def __init__(self, bands: dict[str, tuple[float, float]] | None = None, display: bool | None = None):
        self.bands = dict(bands or {})
        self._display = display
        self.figure: Any = None
        self.streams: list[str] = []
        self.calls = 0
        self._shown = False
        self._warned = False

    # ---------------------------------------------------------------- the widget
    def _new_widget(self) -> Any:
        try:
            from ..viz.live import BoardWidget  # ready in time under load (see its docstring)
            return BoardWidget()
        except Exception:
            try:
                return go.FigureWidget()
            except Exception:  # no anywidget: a plain figure still holds the data
                return go.Figure()

    def _build(self, streams: list[str], goals: dict[str, str]) -> None:
        from plotly.subplots import make_subplots
        fig = self.figure if self.figure is not None else self._new_widget()
        n = len(streams)
        cols = 1 if n == 1 else 2
        rows = -(-n // cols)
        grid = make_subplots(rows=rows, cols=cols, subplot_titles=[_pretty(s) for s in streams],
                             horizontal_spacing=0.08, vertical_spacing=min(0.12, 0.4 / rows))
        styles = {"racing": ("racing", RACING), "meets": ("met every goal", MET), "out": ("left the race", OUT)}
        traces = []
        for i, st in enumerate(streams):
            for kind in self.KINDS:
                name, color = styles[kind]
                tr = go.Scatter(x=[], y=[], mode="markers", name=name, legendgroup=kind, showlegend=(i == 0),
                                marker=dict(size=7, color=color, opacity=0.85 if kind != "out" else 0.6),
                                error_y=dict(type="data", symmetric=False, array=[], arrayminus=[], color=color,
                                             thickness=1.5, width=0),
                                text=[], hovertemplate="%{text}<extra></extra>",
                                xaxis=f"x{'' if i == 0 else i + 1}", yaxis=f"y{'' if i == 0 else i + 1}")
                traces.append(tr)
        layout = grid.layout
        layout.update(template="plotly_white", autosize=True, height=130 + 210 * rows, font=FONT,
                      title=dict(text="The race", font=dict(size=15), x=0.01, xanchor="left"),
                      legend=dict(orientation="h", yanchor="top", y=-0.04 if rows > 1 else -0.12, x=0, font_size=12),
                      margin=dict(l=70, r=30, t=80, b=60), hoverlabel=dict(font_size=12))
        for i, st in enumerate(streams):
            suffix = "" if i == 0 else str(i + 1)
            layout[f"xaxis{suffix}"].update(showticklabels=False, title_text="settings (hover for the values)"
                                            if i >= n - cols else None, title_font_size=12)
            if st.startswith("win_rate") or st == "skill_ahead":
                layout[f"yaxis{suffix}"].update(tickformat=".0%")
        with fig.batch_update():
            fig.data = ()
            fig.add_traces(traces)
            fig.layout = layout
        fig.update_annotations(font_size=12)
        self.figure = fig
        self.streams = list(streams)
        self._goals = goals

    def __call__(self, history: Any) -> None:
        """Draw the race so far (the history of :func:`balance`: one row per round,
        setting and goal number)."""
        try:
            self._update(history)
        except Exception as e:  # a chart must never stop a study
            if not self._warned:
                self._warned = True
                warnings.warn(f"the live race chart failed and is no longer updated ({type(e).__name__}: {e})",
                              stacklevel=2)

    def _update(self, history: Any) -> None:
        self.calls += 1
        h = _frame(history)
        if not len(h) or "stream" not in h:
            if self.figure is None:
                self.figure = self._new_widget()
                self.figure.update_layout(template="plotly_white", autosize=True, height=260, font=FONT,
                                          title=dict(text="The race: waiting for the first round", x=0.01))
            self._show()
            return
        streams = list(dict.fromkeys(str(s) for s in h["stream"]))
        goals = {str(s): str(g) for s, g in h[["stream", "goal"]].drop_duplicates().itertuples(index=False)}
        if self.figure is None or streams != self.streams:
            self._build(streams, goals)
        latest = h.sort_values("round").groupby(["label", "stream"], sort=False).tail(1)
        order = list(dict.fromkeys(str(lab) for lab in h["label"]))  # settings keep their place
        pos = {lab: k for k, lab in enumerate(order)}
        status = latest.groupby("label", sort=False)["status"].last().to_dict()
        games = latest.groupby("label", sort=False)["n"].max()
        rnd = int(h["round"].max())
        counts = {k: sum(1 for v in status.values() if v == k) for k in self.KINDS}
        fig = self.figure
        with fig.batch_update():
            for i, st in enumerate(streams):
                part = latest[latest["stream"] == st]
                rate = st.startswith("win_rate") or st == "skill_ahead"
                for k, kind in enumerate(self.KINDS):
                    sel = part[part["status"] == kind]
                    tr = fig.data[i * len(self.KINDS) + k]
                    ys = [_r(v) for v in sel["mean"]]
                    lows = [_r(v) for v in sel["low"]]
                    highs = [_r(v) for v in sel["high"]]
                    tr.x = [pos[str(lab)] for lab in sel["label"]]
                    tr.y = ys
                    tr.error_y.array = [None if y is None or hg is None else _r(hg - y) for y, hg in zip(ys, highs)]
                    tr.error_y.arrayminus = [None if y is None or lw is None else _r(y - lw)
                                             for y, lw in zip(ys, lows)]
                    tr.text = [f"<b>{lab}</b><br>{_pretty(st)} {_fmt(float(m), rate)} [{_fmt(float(lw), rate)}, "
                               f"{_fmt(float(hg), rate)}]<br>{int(nn)} games, {kind}"
                               for lab, m, lw, hg, nn in sel[["label", "mean", "low", "high", "n"]].itertuples(
                                   index=False)]
            shapes = []
            for i, st in enumerate(streams):
                band = self.bands.get(st)
                if band is None and {"band_low", "band_high"} <= set(h.columns):
                    row = h[h["stream"] == st].iloc[0]
                    band = (_num(row["band_low"], -math.inf), _num(row["band_high"], math.inf))
                if band is None:
                    continue
                lo, hi = band
                suffix = "" if i == 0 else str(i + 1)
                part = latest[latest["stream"] == st]
                y0 = lo if math.isfinite(lo) else float(part["low"].min())
                y1 = hi if math.isfinite(hi) else float(part["high"].max())
                shapes.append(dict(type="rect", xref=f"x{suffix} domain", yref=f"y{suffix}", x0=0, x1=1, y0=y0,
                                   y1=y1, fillcolor=BAND_FILL, line=dict(width=1, color=BAND_LINE), layer="below"))
            fig.layout.shapes = shapes
            fig.layout.title.text = (f"Round {rnd}: {counts['racing']} racing, {counts['meets']} met, "
                                     f"{counts['out']} out; {int(games.sum()):,} games played")
        self._show()

    def _show(self) -> None:
        if self._shown:
            return
        want = self._display
        if want is None:
            try:
                from IPython import get_ipython
                ip = get_ipython()
            except ImportError:
                ip = None
            want = ip is not None and getattr(ip, "kernel", None) is not None
        if want:
            from IPython.display import display
            display(self.figure)
        self._shown = True


def _pretty(stream: str) -> str:
    return _Stream(stream, "", -math.inf, math.inf, 1.0, False).name()
