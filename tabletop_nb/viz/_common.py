"""Small helpers shared by the charts: seat colours, labels, exact-fraction text."""
from __future__ import annotations

import numbers
from fractions import Fraction
from typing import Any

__all__ = ["SEAT_COLOURS", "seat_colour", "outcome_label", "fraction_text", "is_number"]

#: plotly's default qualitative palette: one colour per seat
SEAT_COLOURS = ("#636efa", "#ef553b", "#00cc96", "#ab63fa", "#ffa15a", "#19d3f3",
                "#ff6692", "#b6e880", "#ff97ff", "#fecb52")

# seats that the game names after a colour are drawn in that colour
_NAMED = {"red": "#d62728", "blue": "#1f77b4", "green": "#2ca02c", "yellow": "#e6b800",
          "orange": "#ff7f0e", "purple": "#9467bd", "black": "#333333", "white": "#bbbbbb",
          "pink": "#e377c2", "brown": "#8c564b", "grey": "#7f7f7f", "gray": "#7f7f7f",
          "teal": "#17becf"}


def is_number(x: Any) -> bool:
    return isinstance(x, numbers.Number) and not isinstance(x, bool)


def seat_colour(seat: int, name: str | None = None) -> str:
    """The colour of a seat: the colour it is named after, else the palette's."""
    if name:
        c = _NAMED.get(name.strip().lower())
        if c:
            return c
    return SEAT_COLOURS[seat % len(SEAT_COLOURS)]


def outcome_label(o: Any) -> str:
    """How an outcome is printed on an axis: tuples of faces joined with a dot."""
    if isinstance(o, tuple):
        return " · ".join(outcome_label(x) for x in o)
    if isinstance(o, float) and o.is_integer():
        return str(int(o))
    return str(o)


def fraction_text(p: Fraction) -> str:
    """``1/6``, ``1`` or ``0``: the exact probability as people write it."""
    return str(Fraction(p))
