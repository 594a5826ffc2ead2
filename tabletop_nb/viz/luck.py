"""The chart of a game analysed move by move (:func:`tabletop_nb.analyse`): each seat's win
chance over the game, its big errors and its luckiest and unluckiest rolls.

The chart reads a :class:`~tabletop_nb.lab.analyse.GameAnalysis` by its attributes only
(``curve``, ``decisions``, ``chance``, ``labels``, ``game``), so this module imports
nothing from ``lab``. Every point carries the number of actions played in its
``customdata``: a click on it names the position to show (GameApp and ReplayViewer move
their timeline there).

Examples
--------
>>> import tabletop_nb as tt
>>> game = tt.load_game("pacal", players=2)
>>> a = tt.analyse(game, tt.play(game, ["greedy", "random"], seed=3), quick=True, progress=False)
>>> fig = luck_chart(a)
>>> [t.name for t in fig.data][:2] == [game.player_name(0), game.player_name(1)]
True
"""
from __future__ import annotations

import html as _html
from typing import Any

import plotly.graph_objects as go

__all__ = ["luck_chart", "turning_points_table", "SEAT_COLOURS"]


def _esc(text) -> str:
    # plotly's hover text reads &, < and > as markup; a quote stays a quote (an escaped
    # quote would show as "&#x27;")
    return _html.escape(str(text), quote=False)

#: line colours by seat (plotly's qualitative palette, readable on white)
SEAT_COLOURS = ("#1f77b4", "#d62728", "#2ca02c", "#9467bd", "#ff7f0e", "#8c564b")


def _colour(game, seat: int) -> str:
    # a seat named after a colour (Pacal's "Yellow", Neko's "Red") is drawn in it
    name = game.player_name(seat).lower()
    named = {"red": "#d62728", "blue": "#1f77b4", "green": "#2ca02c", "yellow": "#d4a017",
             "violet": "#8a2be2", "purple": "#7b3f9e", "black": "#333333", "orange": "#ff7f0e"}
    return named.get(name, SEAT_COLOURS[seat % len(SEAT_COLOURS)])


def _what(analysis, index: int) -> str:
    """The action that led to the position after ``index`` actions, in the game's words."""
    if index <= 0:
        return "the start"
    return _esc(str(analysis.labels[index - 1]))


def luck_chart(analysis: Any, height: int = 420) -> go.Figure:
    """Each seat's win chance over the game, with its big errors and extreme rolls marked.

    Parameters
    ----------
    analysis : GameAnalysis
        From :func:`tabletop_nb.analyse`.
    height : int, default 420
        Pixels.

    Returns
    -------
    plotly.graph_objects.Figure
        One line per seat (each from that seat's own knowledge), then a trace of the big
        errors, then one of the luckiest and unluckiest chance events. Hover text says what
        happened in the game's words; ``customdata`` is the number of actions played.

    Examples
    --------
    >>> import tabletop_nb as tt
    >>> game = tt.load_game("pacal", players=2)
    >>> a = tt.analyse(game, tt.play(game, "greedy", seed=1), quick=True, progress=False)
    >>> fig = luck_chart(a)
    >>> fig.layout.yaxis.title.text
    'win chance (%)'
    """
    game = analysis.game
    n = game.num_players
    fig = go.Figure()
    for seat in range(n):
        pts = [p for p in analysis.curve if p[1] == seat]
        x = [p[0] for p in pts]
        fig.add_trace(go.Scatter(
            x=x, y=[100 * p[2] for p in pts], mode="lines", name=game.player_name(seat),
            line={"color": _colour(game, seat), "width": 2, "shape": "hv"},
            customdata=x,
            text=[f"after {_what(analysis, p[0])}<br>{_esc(game.player_name(seat))}: "
                  f"{100 * p[2]:.0f}% ({100 * p[3]:.0f}-{100 * p[4]:.0f}%)" for p in pts],
            hovertemplate="%{text}<extra></extra>"))
    big = [d for d in analysis.decisions if d.tag]
    fig.add_trace(go.Scatter(
        x=[d.index + 1 for d in big], y=[100 * d.chosen.value for d in big], mode="markers",
        name="big errors", customdata=[d.index + 1 for d in big],
        marker={"symbol": "x", "size": 11, "color": [_colour(game, d.seat) for d in big],
                "line": {"width": 1, "color": "black"}},
        text=[f"{d.tag}: {_esc(game.player_name(d.seat))} chose {_esc(d.label)}"
              f"<br>the bot would play: {_esc(d.reference_label or d.best_label)}"
              f"<br>cost {100 * d.error.value:.0f} points of win chance" for d in big],
        hovertemplate="%{text}<extra></extra>"))
    marks = []
    if analysis.chance:
        lucky = max(analysis.chance, key=lambda c: max(c.luck))
        unlucky = min(analysis.chance, key=lambda c: min(c.luck))
        for c, best, word in ((lucky, max, "luckiest"), (unlucky, min, "unluckiest")):
            seat = best(range(n), key=lambda i: c.luck[i])
            marks.append((c, seat, word))
    fig.add_trace(go.Scatter(
        x=[c.index + 1 for c, _, _ in marks], y=[100 * c.after[s] for c, s, _ in marks],
        mode="markers", name="luckiest / unluckiest roll",
        customdata=[c.index + 1 for c, _, _ in marks],
        marker={"symbol": ["star" if w == "luckiest" else "triangle-down" for _, _, w in marks],
                "size": 14, "color": [_colour(game, s) for _, s, _ in marks],
                "line": {"width": 1, "color": "black"}},
        text=[f"{w} roll: {_esc(c.label)}<br>{_esc(game.player_name(s))}: "
              f"{100 * c.expected[s]:.0f}% expected, {100 * c.after[s]:.0f}% after "
              f"({100 * c.luck[s]:+.0f} points)" for c, s, w in marks],
        hovertemplate="%{text}<extra></extra>"))
    fig.update_layout(
        height=height, autosize=True, margin={"l": 50, "r": 20, "t": 40, "b": 40},
        title={"text": f"Was it luck? Win chances over the game ({_esc(game.name)})",
               "font": {"size": 15}},
        xaxis={"title": {"text": "actions played"}, "rangemode": "tozero"},
        yaxis={"title": {"text": "win chance (%)"}, "range": [-3, 103]},
        hovermode="closest", font={"size": 12},
        legend={"orientation": "h", "y": -0.18}, plot_bgcolor="white")
    fig.update_xaxes(gridcolor="#eee")
    fig.update_yaxes(gridcolor="#eee")
    return fig


def turning_points_table(analysis: Any) -> str:
    """The turning points as an HTML table (action, what happened, whose chance, swing).

    Parameters
    ----------
    analysis : GameAnalysis
        From :func:`tabletop_nb.analyse`.

    Returns
    -------
    str
        HTML.

    Examples
    --------
    >>> import tabletop_nb as tt
    >>> game = tt.load_game("pacal", players=2)
    >>> a = tt.analyse(game, tt.play(game, "greedy", seed=1), quick=True, progress=False)
    >>> turning_points_table(a).startswith("<table")
    True
    """
    game = analysis.game
    rows = "".join(
        f"<tr><td>{t.index}</td><td>{'roll' if t.kind == 'luck' else 'decision'}</td>"
        f"<td>{_esc(t.label)}</td><td>{_esc(game.player_name(t.seat))}</td>"
        f"<td>{100 * t.swing:+.0f} points</td></tr>" for t in analysis.turning_points)
    return ("<table class='tt-turning-points'><tr><th>action</th><th>kind</th><th>what</th>"
            f"<th>seat</th><th>swing</th></tr>{rows}</table>")
