"""Goal numbers: the per-game values a goal bands, their intervals, and how they read.

A goal (:mod:`tabletop_nb.lab.goals`) bands the mean of one or more per-game numbers, its
*streams*: ``turns``, ``win_rate_seat_0``, a custom function's values. This module turns
played games into those numbers (:func:`per_game_table`, :func:`stream_values`), gives a
stream's anytime-valid interval now (:func:`stream_interval`) and writes its values the
way people read them (:func:`stream_title`, :func:`format_number`).
The balance search (:mod:`tabletop_nb.lab.balance`) and the lever finder
(:mod:`tabletop_nb.lab.levers`) share them.
"""
from __future__ import annotations

import math
from typing import Any, Mapping, Sequence

import numpy as np

from ..core.errors import TabletopError
from .goals import Goal, Stream

__all__ = ["PlayedColumns", "per_game_table", "metric_names", "stream_values", "stream_interval", "is_rate",
           "stream_title", "format_number"]


class PlayedColumns:
    """What a balance candidate and a lever's change keep of the games they played: the
    per-game values of each goal number, one array per round (``columns``), and the two
    questions both ask of them, how many games so far and a number's whole stream.

    :class:`tabletop_nb.lab.balance.Candidate` and the lever finder's changes are these, so
    the two answer alike.

    Attributes
    ----------
    columns : dict
        Goal number -> the per-game values of each round played (a list of arrays). The
        subclass (or its ``__init__``) makes it; this class only reads it.

    Examples
    --------
    >>> class Played(PlayedColumns):
    ...     def __init__(self):
    ...         self.columns = {"turns": [np.array([40, 38]), np.array([41])]}
    >>> p = Played()
    >>> p.games, p.stream("turns").tolist(), p.stream("score_seat_0").size
    (3, [40, 38, 41], 0)
    """

    columns: dict[str, list[np.ndarray]]

    @property
    def games(self) -> int:
        """Games played so far."""
        cols = next(iter(self.columns.values()), [])
        return int(sum(len(c) for c in cols))

    def stream(self, metric: str) -> np.ndarray:
        """Every game's value of ``metric`` so far, in the order played (empty when none).

        Parameters
        ----------
        metric : str
            A goal number's name, e.g. ``"turns"``.

        Returns
        -------
        numpy.ndarray

        Examples
        --------
        >>> p = PlayedColumns()
        >>> p.columns = {"turns": [np.array([40]), np.array([41, 39])]}
        >>> p.stream("turns").tolist()
        [40, 41, 39]
        """
        parts = self.columns.get(metric, [])
        return np.concatenate(parts) if parts else np.empty(0)


def per_game_table(rows: list, game: Any, names: list[str], entropy: int):
    """The per-game table of a candidate's games: :func:`compare_rules`' per-game metrics,
    one ``win_rate_seat_k`` and ``score_seat_k`` column per seat, sorted by game.

    Parameters
    ----------
    rows : list of tuple
        The games' rows, one per game and seat, as :func:`tabletop_nb.simulate` makes them
        (its columns, in order).
    game : Game
        The game played.
    names : list of str
        The bots' names, one per seat.
    entropy : int
        The run's root seed.

    Returns
    -------
    pandas.DataFrame
        One row per game (indexed by game): the metrics of :func:`metric_names`.

    Examples
    --------
    >>> import tabletop_nb
    >>> game = tabletop_nb.load_game("neko", players=2)
    >>> df = tabletop_nb.simulate(game, "random", games=4, seed=1, executor="serial", progress=False)
    >>> pg = per_game_table(list(df.itertuples(index=False, name=None)), game, ["random", "random"], 1)
    >>> len(pg), list(pg.columns[-4:])
    (4, ['win_rate_seat_0', 'win_rate_seat_1', 'score_seat_0', 'score_seat_1'])
    """
    from ..core.study import results_table
    from .compare import _per_game

    df = results_table(rows, game, names, entropy, False)
    pg = _per_game(df)
    scores = df.pivot(index="game", columns="seat", values="score")
    for seat in scores.columns:
        pg[f"score_seat_{seat}"] = scores[seat].astype(float)
    return pg


def metric_names(players: int) -> list[str]:
    """The per-game metrics a goal may name.

    Parameters
    ----------
    players : int
        The number of seats.

    Returns
    -------
    list of str
        :func:`compare_rules`' per-game metrics, then ``win_rate_seat_k`` and
        ``score_seat_k`` for each seat ``k``.

    Examples
    --------
    >>> metric_names(2)[-4:]
    ['win_rate_seat_0', 'win_rate_seat_1', 'score_seat_0', 'score_seat_1']
    """
    from .compare import METRICS
    return list(METRICS) + [f"win_rate_seat_{k}" for k in range(players)] \
        + [f"score_seat_{k}" for k in range(players)]


def stream_values(goal_streams: Sequence[Stream], goals: Mapping[str, Goal], pg) -> dict[str, np.ndarray]:
    """Every game's value of each stream, read from the per-game table (a custom goal's
    function is called on it and checked); skill streams are left out (they are not
    per-game numbers of one setting).

    Parameters
    ----------
    goal_streams : sequence of Stream
        The streams wanted.
    goals : mapping of str to Goal
        The goals by name (each stream's ``goal`` is one of them).
    pg : pandas.DataFrame
        The per-game table (:func:`per_game_table`).

    Returns
    -------
    dict of str to numpy.ndarray
        Stream metric -> one float per game, in the table's order.

    Raises
    ------
    TabletopError
        When a custom goal's function fails, returns the wrong number of values or a value
        outside its bounds.

    Examples
    --------
    >>> import pandas as pd
    >>> from tabletop_nb.lab.goals import parse_goals
    >>> goals = parse_goals({"turns": (30, 3)}, metric_names(2), 2)
    >>> streams = goals[0].streams(2)
    >>> stream_values(streams, {g.name: g for g in goals}, pd.DataFrame({"turns": [29, 33]}))
    {'turns': array([29., 33.])}
    """
    out: dict[str, np.ndarray] = {}
    for st in goal_streams:
        g = goals[st.goal]
        if g.kind == "skill":
            continue
        if g.fn is not None:
            try:
                vals = np.asarray(g.fn(pg), dtype=float).reshape(-1)
            except Exception as e:  # a designer's function: say which goal failed
                raise TabletopError(f"custom goal {g.name!r}: its function failed on the per-game table "
                                    f"({type(e).__name__}: {e})") from None
            if len(vals) != len(pg):
                raise TabletopError(f"custom goal {g.name!r}: its function returned {len(vals)} numbers for "
                                    f"{len(pg)} games; return one number per game")
            if g.bounds and len(vals) and (np.nanmin(vals) < g.bounds[0] or np.nanmax(vals) > g.bounds[1]):
                raise TabletopError(f"custom goal {g.name!r}: a value lies outside its bounds {g.bounds}")
        else:
            vals = pg[st.metric].to_numpy(dtype=float)
        out[st.metric] = vals
    return out


def stream_interval(st: Stream, x: np.ndarray, level: float) -> tuple[float, float]:
    """The race's confidence sequence for one stream, now: (low, high).

    Parameters
    ----------
    st : Stream
        The stream: a seat's win rate (0 or 1 per game) gets the beta-binomial mixture, a
        stream with known ``bounds`` the empirical-Bernstein sequence, any other the normal
        mixture (:mod:`tabletop_nb.lab.sequential`).
    x : numpy.ndarray
        Every game's value so far (NaN values are left out).
    level : float
        The error rate (``alpha``) of the sequence.

    Returns
    -------
    tuple of float
        The interval after the last game; ``(-inf, inf)`` with no game.

    Examples
    --------
    >>> from tabletop_nb.lab.goals import fair
    >>> st = fair(0.1).streams(2)[0]
    >>> lo, hi = stream_interval(st, np.array([1.0, 0, 1, 1, 0, 1, 0, 1]), 0.05)
    >>> 0 < lo < 0.625 < hi < 1
    True
    """
    from .sequential import bernstein_cs, beta_binomial_cs, normal_mixture_cs
    x = x[~np.isnan(x)]
    if len(x) == 0:
        return -math.inf, math.inf
    if st.metric.startswith("win_rate_seat_"):  # 0/1 per game: the exact conjugate mixture, narrower
        cs = beta_binomial_cs(x, level)
    elif st.bounds is not None:
        cs = bernstein_cs(x, level, lo=st.bounds[0], hi=st.bounds[1])
    else:
        cs = normal_mixture_cs(x, level)
    return float(cs.low[-1]), float(cs.high[-1])


def is_rate(stream: str) -> bool:
    """Whether ``stream`` is a rate (a share of games, shown as a percentage).

    Parameters
    ----------
    stream : str
        A stream's metric: ``win_rate_seat_k`` and ``skill_ahead`` are rates.

    Returns
    -------
    bool

    Examples
    --------
    >>> is_rate("win_rate_seat_1"), is_rate("turns")
    (True, False)
    """
    return stream.startswith("win_rate_seat_") or stream == "skill_ahead"


def stream_title(stream: str) -> str:
    """A column title people read: "seat 0 wins" for ``win_rate_seat_0`` (seats counted from 0, as
    everywhere in the rule lab).

    Parameters
    ----------
    stream : str
        A stream's metric.

    Returns
    -------
    str

    Examples
    --------
    >>> stream_title("win_rate_seat_0"), stream_title("skill_ahead"), stream_title("winning_margin")
    ('seat 0 wins', 'stronger bot ahead', 'winning margin')
    """
    if stream.startswith("win_rate_seat_"):
        return f"seat {stream.rsplit('_', 1)[1]} wins"
    if stream == "skill_ahead":
        return "stronger bot ahead"
    return stream.replace("_", " ")


def format_number(stream: str, v: float, *, signed: bool = False, unit: bool = True) -> str:
    """A value of ``stream`` as people read it: a rate as a percentage, any other number to
    three figures; with ``signed``, a change (a rate's in percentage points).

    Parameters
    ----------
    stream : str
        The stream's metric (:func:`is_rate` decides the unit).
    v : float
        The value, or with ``signed`` the change (a rate's as a fraction: 0.05 is 5 points).
    signed : bool, default False
        Whether to write the sign (``+`` too): for a change.
    unit : bool, default True
        Whether a rate ends with its unit: ``%``, or `` points`` for a change.

    Returns
    -------
    str
        ``"?"`` for a value that is not finite.

    Examples
    --------
    >>> format_number("win_rate_seat_0", 0.25), format_number("turns", 41.237), format_number("turns", float("inf"))
    ('25.0%', '41.2', '?')
    >>> format_number("win_rate_seat_0", -0.05, signed=True), format_number("turns", 2.5, signed=True)
    ('-5.0 points', '+2.5')
    >>> format_number("win_rate_seat_0", 0.1, signed=True, unit=False)
    '+10.0'
    """
    if not math.isfinite(v):
        return "?"
    sign = "+" if signed else ""
    if is_rate(stream):
        return f"{100 * v:{sign}.1f}" + ((" points" if signed else "%") if unit else "")
    return f"{v:{sign}.3g}"
