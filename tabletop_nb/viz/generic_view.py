"""The view of a game that has no ``view.py``: scores as bars and the legal actions as a list.

It follows the view contract of docs/DEVELOPING.md, so GameApp treats it like any
game's view: the same three traces for every state, and each listed decision is a
clickable place whose key is the action's plain-data encoding.

Examples
--------
>>> # doctest: +SKIP
>>> fig = figure(game, game.initial_state())
>>> place_actions(game, game.initial_state())     # {key: action}
"""
from __future__ import annotations

import json
from typing import Any

import plotly.graph_objects as go

from ..core.codec import to_plain
from ..core.protocol import CHANCE, TERMINAL
from ._common import fraction_text, is_number, seat_colour

__all__ = ["figure", "layers", "place_actions", "action_key", "MAX_LISTED"]

#: rows of the action list (more are summarised in the last row)
MAX_LISTED = 16


def action_key(action: Any) -> str:
    """A stable text key of an action: its plain-data encoding as JSON.

    Parameters
    ----------
    action : object
        Any action (a NamedTuple or dataclass of plain values).

    Returns
    -------
    str
        The JSON of :func:`tabletop_nb.core.codec.to_plain`, keys sorted.

    Examples
    --------
    >>> from typing import NamedTuple
    >>> class Hold(NamedTuple):
    ...     pot: int
    >>> action_key(Hold(3))
    '{"pot": 3, "type": "Hold"}'
    """
    return json.dumps(to_plain(action), sort_keys=True)


def place_actions(game, state) -> dict[str, Any]:
    """The decisions a click can choose here: action key -> action (none at chance nodes).

    Parameters
    ----------
    game : Game
        Any game of the protocol.
    state : object
        The state drawn.

    Returns
    -------
    dict
        ``{action key: action}``.

    Examples
    --------
    >>> import tabletop_nb
    >>> game = tabletop_nb.load_game("pacal", players=2)
    >>> next(iter(place_actions(game, game.initial_state()).items()))
    ('{"at": [5, 5], "type": "PlaceShip"}', PlaceShip(at=(5, 5)))
    """
    p = game.current_player(state)
    if p in (CHANCE, TERMINAL):
        return {}
    return {action_key(a): a for a in game.legal_actions(state)[:MAX_LISTED]}


def _score_value(v: Any) -> float:
    if is_number(v):
        return float(v)
    if isinstance(v, tuple) and v and is_number(v[0]):
        return float(v[0])
    return 0.0


def layers(game, state, highlight=frozenset(), *, show_actions: bool = True) -> list[dict]:
    """Three traces: the score bars, the list of legal actions (or chance outcomes), and a
    status line. ``show_actions=False`` lists nothing (another seat's secret options).

    Parameters
    ----------
    game : Game
        Any game of the protocol.
    state : object
        The state drawn.
    highlight : frozenset, default frozenset()
        Action keys to mark as clickable.
    show_actions : bool, default True
        False lists no actions (another seat's secret options).

    Returns
    -------
    list of dict
        Three plotly trace dicts.

    Examples
    --------
    >>> import tabletop_nb
    >>> game = tabletop_nb.load_game("pacal", players=2)
    >>> [t["type"] for t in layers(game, game.initial_state())]
    ['bar', 'scatter', 'scatter']
    """
    n = game.num_players
    names = [game.player_name(i) for i in range(n)]
    scores = tuple(game.scores(state))
    p = game.current_player(state)
    colours = [seat_colour(i, names[i]) for i in range(n)]
    widths = [4 if i == p else 0 for i in range(n)]
    bars = dict(type="bar", name="score", x=names, y=[_score_value(v) for v in scores],
                text=[str(v) for v in scores], textposition="auto",
                marker=dict(color=colours, line=dict(color="#222222", width=widths)),
                hovertemplate="%{x}: %{text}<extra>score</extra>", xaxis="x", yaxis="y")
    labels, keys, marks = [], [], []
    if show_actions and p == CHANCE:
        outs = game.chance_outcomes(state)
        for a, q in outs[:MAX_LISTED]:
            labels.append(f"{game.action_label(state, a)}  ({fraction_text(q)})")
            keys.append("")
            marks.append(False)
        more = len(outs) - MAX_LISTED
    elif show_actions and p != TERMINAL:
        legal = game.legal_actions(state)
        for a in legal[:MAX_LISTED]:
            k = action_key(a)
            labels.append(game.action_label(state, a))
            keys.append(k)
            marks.append(k in highlight)
        more = len(legal) - MAX_LISTED
    else:
        more = 0
    if more > 0:
        labels.append(f"... and {more} more (see the buttons)")
        keys.append("")
        marks.append(False)
    listed = dict(type="scatter", name="legal actions", mode="markers+text",
                  x=[0] * len(labels), y=list(range(len(labels))), text=labels,
                  customdata=keys, textposition="middle right",
                  marker=dict(size=[16 if m else 9 for m in marks],
                              color=["#ef553b" if m else "#999999" for m in marks],
                              symbol="circle"),
                  hovertemplate="%{text}<extra></extra>", xaxis="x2", yaxis="y2")
    if p == TERMINAL:
        win = game.winners(state)
        status = "Game over: " + ", ".join(names[i] for i in win) + (" win" if len(win) > 1 else " wins")
    elif p == CHANCE:
        status = "Chance: the next roll or draw"
    else:
        status = f"{names[p]} to act"
    phase = game.phase(state)
    line = dict(type="scatter", name="status", mode="text", x=[0], y=[-1.2],
                text=[f"<b>{status}</b>" + (f" · {phase}" if phase else "")],
                textposition="middle right", hoverinfo="skip", xaxis="x2", yaxis="y2")
    return [bars, listed, line]


def figure(game, state, highlight=frozenset(), *, show_actions: bool = True) -> go.Figure:
    """The whole figure: fixed layout plus :func:`layers`.

    Parameters
    ----------
    game : Game
        Any game of the protocol.
    state : object
        The state drawn.
    highlight : frozenset, default frozenset()
        Action keys to mark as clickable.
    show_actions : bool, default True
        False lists no actions (another seat's secret options).

    Returns
    -------
    plotly.graph_objects.Figure
        Score bars, the list of actions and a status line.

    Examples
    --------
    >>> import tabletop_nb
    >>> game = tabletop_nb.load_game("pacal", players=2)
    >>> len(figure(game, game.initial_state()).data)
    3
    """
    fig = go.Figure(data=layers(game, state, highlight, show_actions=show_actions))
    fig.update_layout(
        title=dict(text=f"{game.name}", x=0.01),
        showlegend=False, height=420, margin=dict(l=40, r=10, t=40, b=40),
        xaxis=dict(domain=[0, 0.42], type="category", title="score"),
        yaxis=dict(rangemode="tozero"),
        xaxis2=dict(domain=[0.48, 1.0], range=[-0.05, 1.0], visible=False, anchor="y2", fixedrange=True),
        yaxis2=dict(range=[MAX_LISTED + 0.5, -1.8], visible=False, anchor="x2", fixedrange=True),
        plot_bgcolor="white")
    return fig
