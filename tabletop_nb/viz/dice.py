"""Dice odds charts: exact bars, simulated histograms and the law of large numbers.

Every chart is a plain function returning a ``go.Figure``; the ``*_traces`` helpers
return the trace dicts so a widget (DiceLab) can update its own figure in place.

Examples
--------
>>> from tabletop_nb import Die
>>> d6 = Die(range(1, 7), name="d6")
>>> fig = dice_odds([d6, d6], rolls=600, rng=1)        # exact 2d6 with 600 simulated rolls
>>> fig = running_frequency([d6, d6], 8, rolls=2000, rng=1)   # P(total >= 8) converging
"""
from __future__ import annotations

import functools
import operator
from fractions import Fraction
from typing import Any, Iterable, Mapping, Sequence

import numpy as np
import plotly.graph_objects as go

from ..core.dice import Die
from ._common import fraction_text, is_number, outcome_label

__all__ = ["as_dice", "combine_dice", "dice_title", "rolls_text", "odds_axis_top", "roll_dice",
           "event_test", "event_probability", "dice_odds", "dice_odds_traces", "running_frequency",
           "running_frequency_traces", "VIEWS", "HEADROOM"]

#: the most outcomes whose exact fractions are written above the bars
MAX_LABELS = 13
#: the odds chart's y axis reaches this many times the tallest bar or marker it shows
HEADROOM = 1.2
#: the events a running-frequency chart can follow
VIEWS = ("at_least", "at_most", "exactly")
_VIEW_TEXT = {"at_least": "≥", "at_most": "≤", "exactly": "="}


def as_dice(dice: Die | Mapping[str, Die] | Iterable[Die]) -> list[Die]:
    """A list of dice from one Die, a dict name -> Die (``game.dice``) or a list.

    Parameters
    ----------
    dice : Die, mapping of str to Die, or iterable of Die
        The dice rolled together.

    Returns
    -------
    list of Die
        The dice.

    Examples
    --------
    >>> [d.prob(1) for d in as_dice({"a": Die([1, 2]), "b": Die([1])})]
    [Fraction(1, 2), Fraction(1, 1)]
    """
    if isinstance(dice, Die):
        return [dice]
    if isinstance(dice, Mapping):
        dice = list(dice.values())
    out = list(dice)
    if not out:
        raise ValueError("pick at least one die")
    for d in out:
        if not isinstance(d, Die):
            raise TypeError(f"expected Die objects, got {type(d).__name__} {d!r}")
    return out


def _numeric(dice: Sequence[Die]) -> bool:
    return all(is_number(o) for d in dice for o in d.outcomes)


def dice_title(dice) -> str:
    """A short name for dice rolled together: ``"4 x fish"``, ``"2 x steady + speedy"``.

    Parameters
    ----------
    dice : iterable of Die
        The dice (their names; an unnamed die is "die").

    Returns
    -------
    str
        Each name once, in the order first seen, with its count when above 1; joined by
        " + " for numeric dice (they add up) and " · " for dice with symbols.

    Examples
    --------
    >>> fish = Die(["fish", "blank"], name="fish")
    >>> dice_title([fish] * 4)
    '4 x fish'
    >>> d6 = Die(range(1, 7), name="d6")
    >>> dice_title([d6, d6, Die([1, 2], name="coin")])
    '2 x d6 + coin'
    """
    ds = as_dice(dice)
    counts: dict[str, int] = {}
    for d in ds:
        counts[d.name or "die"] = counts.get(d.name or "die", 0) + 1
    sep = " + " if _numeric(ds) else " · "
    return sep.join(name if n == 1 else f"{n} x {name}" for name, n in counts.items())


def rolls_text(n: int) -> str:
    """``"1 roll"``, ``"1,011 rolls"``: a count of rolls as a person writes it.

    Parameters
    ----------
    n : int
        How many rolls.

    Returns
    -------
    str

    Examples
    --------
    >>> rolls_text(1), rolls_text(0), rolls_text(1011)
    ('1 roll', '0 rolls', '1,011 rolls')
    """
    return f"{n:,} roll{'' if n == 1 else 's'}"


def combine_dice(dice) -> Die:
    """The outcome of rolling several dice together.

    Numeric dice add up (the total); dice with symbols give the joint outcome, a tuple
    with one face of each die. One die is returned as it is.

    Parameters
    ----------
    dice : iterable of Die
        The dice.

    Returns
    -------
    Die
        The total, or the joint faces.

    Examples
    --------
    >>> d6 = Die(range(1, 7))
    >>> combine_dice([d6, d6]).prob(7)
    Fraction(1, 6)
    >>> combine_dice([Die(["fish", "blank"]), Die([1, 2])]).prob(("fish", 2))
    Fraction(1, 4)
    """
    ds = as_dice(dice)
    if len(ds) == 1:
        return ds[0]
    if _numeric(ds):
        return functools.reduce(operator.add, ds).named(dice_title(ds))
    return Die.joint(*ds).named(dice_title(ds))


def roll_dice(dice, n: int, rng=None) -> tuple[np.ndarray, list[np.ndarray]]:
    """Roll each die ``n`` times with ``rng``; return (outcomes, faces of each die).

    The outcomes are what :func:`combine_dice` describes (totals, or tuples of faces),
    so their frequencies converge to its exact odds.

    Parameters
    ----------
    dice : Die, mapping of str to Die, or iterable of Die
        The dice rolled together.
    n : int
        Rolls.
    rng : optional
        Anything ``numpy.random.default_rng`` accepts.

    Returns
    -------
    tuple
        ``(outcomes, [faces of each die])`` as numpy arrays.

    Examples
    --------
    >>> totals, faces = roll_dice([Die(range(1, 7))] * 2, 5, rng=0)
    >>> totals.shape, len(faces)
    ((5,), 2)
    """
    ds = as_dice(dice)
    rng = np.random.default_rng(rng)
    faces = [d.sample(int(n), rng) for d in ds]
    if len(ds) == 1:
        return faces[0], faces
    if _numeric(ds):
        return functools.reduce(operator.add, faces), faces
    out = np.empty(int(n), dtype=object)
    for i, t in enumerate(zip(*faces)):
        out[i] = tuple(v.item() if isinstance(v, np.generic) else v for v in t)
    return out, faces


def event_test(k: Any, view: str = "at_least"):
    """The predicate of the event "outcome >= k" (``at_least``), "<= k" or "== k".

    Parameters
    ----------
    k : object
        The threshold.
    view : str, default "at_least"
        ``"at_least"``, ``"at_most"`` or ``"exactly"``.

    Returns
    -------
    callable
        ``test(outcome) -> bool``.

    Examples
    --------
    >>> event_test(10)(12), event_test(10, "at_most")(12), event_test(10, "exactly")(10)
    (True, False, True)
    """
    if view == "at_least":
        return lambda v: v >= k
    if view == "at_most":
        return lambda v: v <= k
    if view == "exactly":
        return lambda v: v == k
    raise ValueError(f"view must be one of {VIEWS}, got {view!r}")


def event_probability(dice, k: Any, view: str = "at_least") -> Fraction:
    """The exact probability that the combined outcome is at least / at most / exactly ``k``.

    Parameters
    ----------
    dice : Die, mapping of str to Die, or iterable of Die
        The dice rolled together.
    k : object
        The threshold (a total, or a joint outcome).
    view : str, default "at_least"
        ``"at_least"``, ``"at_most"`` or ``"exactly"``.

    Returns
    -------
    Fraction
        The exact chance.

    Examples
    --------
    >>> event_probability([Die(range(1, 7))] * 2, 10)
    Fraction(1, 6)
    """
    die = combine_dice(dice)
    if view != "exactly" and not _numeric([die]):
        raise ValueError("at least / at most need numeric dice; use view='exactly'")
    return die.prob(event_test(k, view))


def event_text(k: Any, view: str = "at_least", what: str = "total") -> str:
    return f"{what} {_VIEW_TEXT[view]} {outcome_label(k)}"


def _counts(die: Die, rolls, counts: Mapping | None = None) -> tuple[list[float], int]:
    """Relative frequency of each of ``die``'s outcomes among ``rolls`` (or in ``counts``,
    outcome -> how many times)."""
    if counts is not None:
        n = int(sum(counts.values()))
        return [(counts.get(o, 0) / n if n else 0.0) for o in die.outcomes], n
    if rolls is None:
        return [0.0] * len(die.outcomes), 0
    n = len(rolls)
    if n == 0:
        return [0.0] * len(die.outcomes), 0
    table: dict
    if _numeric([die]):
        values, times = np.unique(np.asarray(rolls), return_counts=True)
        table = {v.item() if isinstance(v, np.generic) else v: c for v, c in zip(values, times)}
    else:
        table = {}
        for v in rolls:
            table[v] = table.get(v, 0) + 1
    return [table.get(o, 0) / n for o in die.outcomes], n


def odds_axis_top(dice, rolls=None, counts: Mapping | None = None) -> float:
    """Where the odds chart's y axis ends: :data:`HEADROOM` times the tallest thing it shows,
    the largest exact probability or the largest observed share (room for the labels).

    Parameters
    ----------
    dice : Die, mapping of str to Die, or iterable of Die
        The dice rolled together.
    rolls : sequence, optional
        Outcomes rolled so far.
    counts : mapping, optional
        Outcome -> times rolled, instead of ``rolls``.

    Returns
    -------
    float

    Examples
    --------
    >>> d6 = Die(range(1, 7))
    >>> round(odds_axis_top(d6), 4)            # 1.2 x 1/6
    0.2
    >>> odds_axis_top(d6, rolls=[3])           # one roll: that face is 100%
    1.2
    """
    die = combine_dice(dice)
    freq, n = _counts(die, rolls, counts)
    top = max(float(p) for p in die.pmf.values())
    if n:
        top = max(top, float(max(freq)))
    return HEADROOM * top


def dice_odds_traces(dice, rolls=None, counts: Mapping | None = None) -> list[dict]:
    """Three traces: the exact odds as bars, the simulated share of ``rolls`` as markers on
    them (empty when there are none), and the exact fractions as labels above both (drawn
    last, so a simulated marker never hides a label).

    Parameters
    ----------
    dice : Die, mapping of str to Die, or iterable of Die
        The dice rolled together.
    rolls : sequence, optional
        Simulated outcomes to compare with the exact odds.
    counts : mapping, optional
        Outcome -> times rolled, instead of ``rolls`` (a class's pooled rolls).

    Returns
    -------
    list of dict
        Three plotly trace dicts.

    Examples
    --------
    >>> exact, simulated, labels = dice_odds_traces(Die([1, 1, 2]), rolls=[1, 2, 2, 2])
    >>> exact["name"], simulated["name"], labels["text"]
    ('exact odds (from the faces)', 'simulated: 4 rolls', ['2/3', '1/3'])
    """
    die = combine_dice(dice)
    xs = [outcome_label(o) for o in die.outcomes]
    probs = list(die.pmf.values())
    freq, n = _counts(die, rolls, counts)
    fracs = [fraction_text(p) for p in probs]
    # past a dozen outcomes the fractions would run into each other: hover tells them
    labelled = len(xs) <= MAX_LABELS
    exact = dict(type="bar", name="exact odds (from the faces)" + ("" if labelled else "; hover for a/b"),
                 x=xs, y=[float(p) for p in probs],
                 text=fracs, textposition="none", customdata=fracs, width=0.75,
                 marker=dict(color="rgba(99,110,250,0.45)", line=dict(color="#636efa", width=1)),
                 hovertemplate="%{x}: exactly %{customdata} = %{y:.2%}<extra>exact</extra>")
    sim = dict(type="scatter", mode="markers", name=f"simulated: {rolls_text(n)}", x=xs if n else [],
               y=freq if n else [],
               marker=dict(symbol="diamond", size=11, color="#ef553b", line=dict(color="#7b1e12", width=1)),
               hovertemplate="%{x}: %{y:.2%} of the simulated rolls<extra>simulated</extra>")
    top = [max(float(p), f if n else 0.0) for p, f in zip(probs, freq)]
    # an invisible marker under each label lifts the text clear of a simulated diamond
    labels = dict(type="scatter", mode="markers+text", name="exact fractions", x=xs, y=top,
                  text=fracs if labelled else [""] * len(xs),
                  marker=dict(size=14, opacity=0), textposition="top center",
                  textfont=dict(size=12, color="#3b44b5"),
                  showlegend=False, hoverinfo="skip", cliponaxis=False)
    return [exact, sim, labels]


def dice_odds(dice, rolls: int | Sequence | None = None, *, rng=None,
              title: str | None = None) -> go.Figure:
    """The exact distribution of a die or a combination of dice, as bars labelled with
    their fractions; simulated rolls, if any, as red diamonds (the share of rolls showing
    each outcome).

    Parameters
    ----------
    dice : Die, list of Die or dict name -> Die
        Several numeric dice are added up; dice with symbols are rolled jointly.
    rolls : int or sequence, optional
        A number of rolls to simulate with ``rng`` (overlaid as a histogram of
        relative frequencies), or outcomes already rolled.
    rng : seed or numpy Generator
    title : str, optional

    Examples
    --------
    >>> from tabletop_nb import Die
    >>> fig = dice_odds(Die([1, 1, 2, 2, 3, 4], name="steady"), rolls=1000, rng=7)
    >>> [t.name for t in fig.data]
    ['exact odds (from the faces)', 'simulated: 1,000 rolls', 'exact fractions']
    """
    die = combine_dice(dice)
    if isinstance(rolls, (int, np.integer)) and not isinstance(rolls, bool):
        rolls = list(roll_dice(dice, int(rolls), rng)[0])
    fig = go.Figure(data=dice_odds_traces(dice, rolls))
    # room above the tallest bar for its label (a simulated share can be higher still)
    fig.update_layout(title=title or f"Odds of {die.name or 'the roll'}", barmode="overlay",
                      bargap=0.1, yaxis=dict(title="probability", tickformat=".0%",
                                             range=[0, odds_axis_top(dice, rolls)]),
                      xaxis=dict(title="outcome", type="category"),
                      legend=dict(orientation="h", y=1.02, yanchor="bottom", x=1, xanchor="right"),
                      margin=dict(l=50, r=20, t=60, b=40), height=380)
    return fig


def _checkpoints(n: int, points: int = 400) -> np.ndarray:
    """Roll counts at which to plot a running frequency: every roll at first, then
    geometrically spaced, always ending at ``n`` (keeps the figure small)."""
    if n <= points:
        return np.arange(1, n + 1)
    idx = np.unique(np.round(np.geomspace(1, n, points)).astype(int))
    return idx


def running_frequency_traces(dice, k: Any, rolls=None, view: str = "at_least") -> list[dict]:
    """Three traces: the 95% band around the exact probability, the exact probability,
    and the running frequency of the event among ``rolls``.

    Parameters
    ----------
    dice : Die, mapping of str to Die, or iterable of Die
        The dice rolled together.
    k : object
        The event's threshold.
    rolls : sequence, optional
        Simulated outcomes, in order.
    view : str, default "at_least"
        ``"at_least"``, ``"at_most"`` or ``"exactly"``.

    Returns
    -------
    list of dict
        Three plotly trace dicts.

    Examples
    --------
    >>> band, exact, running = running_frequency_traces([Die(range(1, 7))], 5, rolls=[1, 5, 6, 2])
    >>> exact["name"], list(running["y"])
    ('exact P = 1/3', [0.0, 0.5, 0.6666666666666666, 0.5])
    """
    die = combine_dice(dice)
    p = event_probability([die], k, view)
    test = event_test(k, view)
    rolls = [] if rolls is None else rolls
    n = len(rolls)
    if n:
        hits = np.fromiter((bool(test(v)) for v in rolls), dtype=bool, count=n) \
            if not _numeric([die]) else test(np.asarray(rolls))
        cum = np.cumsum(hits)
        at = _checkpoints(n)
        xs = at.tolist()
        ys = (cum[at - 1] / at).tolist()
    else:
        xs, ys = [], []
    pf = float(p)
    top = max(n, 10)
    band_x = _checkpoints(top).tolist()
    half = [1.96 * np.sqrt(pf * (1 - pf) / m) for m in band_x]
    band = dict(type="scatter", name="95% of runs stay inside", mode="lines",
                x=band_x + band_x[::-1],
                y=[min(1.0, pf + h) for h in half] + [max(0.0, pf - h) for h in half][::-1],
                fill="toself", fillcolor="rgba(99,110,250,0.15)", line=dict(width=0),
                hoverinfo="skip")
    exact = dict(type="scatter", name=f"exact P = {fraction_text(p)}", mode="lines",
                 x=[1, top], y=[pf, pf], line=dict(color="#636efa", dash="dash"))
    run = dict(type="scatter", name="simulated: share of the rolls so far", mode="lines", x=xs, y=ys,
               line=dict(color="#ef553b"),
               hovertemplate="after %{x} rolls: %{y:.3f}<extra></extra>")
    return [band, exact, run]


def running_frequency(dice, k: Any, rolls: int | Sequence = 1000, *, rng=None,
                      view: str = "at_least", title: str | None = None) -> go.Figure:
    """The law of large numbers: the running frequency of an event converging to its
    exact probability as rolls accumulate.

    Parameters
    ----------
    dice : Die, list of Die or dict name -> Die
    k : outcome
        The event is "the total is at least k" (``view="at_least"``), "at most k"
        (``"at_most"``) or "exactly k" (``"exactly"``; the only view for symbols).
    rolls : int or sequence
        A number of rolls to simulate with ``rng``, or outcomes already rolled.
    rng : seed or numpy Generator

    Examples
    --------
    >>> from tabletop_nb import Die
    >>> fig = running_frequency(Die(range(1, 7)), 5, rolls=500, rng=3, view="at_least")
    >>> fig.data[1].y[0]   # the exact P(d6 >= 5) = 1/3
    0.3333333333333333
    """
    if view not in VIEWS:
        raise ValueError(f"view must be one of {VIEWS}, got {view!r}")
    if isinstance(rolls, (int, np.integer)) and not isinstance(rolls, bool):
        rolls = list(roll_dice(dice, int(rolls), rng)[0])
    die = combine_dice(dice)
    fig = go.Figure(data=running_frequency_traces(dice, k, rolls, view))
    what = "total" if len(as_dice(dice)) > 1 and _numeric([die]) else "roll"
    fig.update_layout(title=title or f"Running frequency of {event_text(k, view, what)}",
                      xaxis=dict(title="number of rolls", type="log"),
                      yaxis=dict(title="frequency", range=[0, 1]),
                      legend=dict(orientation="h", y=1.02, yanchor="bottom", x=1, xanchor="right"),
                      margin=dict(l=50, r=20, t=60, b=40), height=340)
    return fig
