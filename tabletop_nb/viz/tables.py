"""Teaching values as HTML tables for Jupyter and Voila: exact chances as a/b with a
percentage, never a raw ``Fraction(...)`` or a long dict.

Each function returns a :class:`Table`, which Jupyter shows through ``_repr_html_``
(and prints as plain text elsewhere).

Examples
--------
>>> from fractions import Fraction
>>> from tabletop_nb import Die
>>> t = table([("Speedy", Fraction(1, 2))], ["dice", "P(5 or more)"])
>>> "1/2 (50.0%)" in t._repr_html_()
True
>>> side_by_side(Die([1, 2]), Die([1, 1, 2]))._repr_html_().count("tabletop-die")
2
"""
from __future__ import annotations

import html
from fractions import Fraction
from typing import Any, Iterable, Mapping, Sequence

from ..core.dice import Die
from ._common import outcome_label

__all__ = ["Table", "table", "side_by_side", "dice_faces", "chance_text"]


def chance_text(p: Fraction) -> str:
    """``1/6 (16.7%)``: an exact chance as people write it, with its percentage.

    Parameters
    ----------
    p : Fraction
        An exact chance.

    Returns
    -------
    str
        The fraction and its percentage.

    Examples
    --------
    >>> chance_text(Fraction(1, 6))
    '1/6 (16.7%)'
    """
    p = Fraction(p)
    exact = str(p.numerator) if p.denominator == 1 else f"{p.numerator}/{p.denominator}"
    return f"{exact} ({float(p):.1%})"


def _cell(v: Any) -> str:
    if isinstance(v, Fraction):
        return chance_text(v) if 0 <= v <= 1 else (
            f"{v.numerator}/{v.denominator} = {float(v):.2f}" if v.denominator != 1 else str(v.numerator))
    if isinstance(v, float):
        return f"{v:.3f}"
    if isinstance(v, (tuple, list)):
        return ", ".join(outcome_label(x) for x in v)
    return outcome_label(v)


class Table:
    """An HTML table (Jupyter shows it) that prints as aligned text elsewhere.

    Parameters
    ----------
    html_text : str
        The HTML Jupyter shows.
    text : str
        The plain text ``print`` shows.

    Examples
    --------
    >>> t = Table("<b>x</b>", "x")
    >>> str(t), t._repr_html_()
    ('x', '<b>x</b>')
    """

    def __init__(self, html_text: str, text: str):
        self._html, self._text = html_text, text

    def _repr_html_(self) -> str:
        return self._html

    def __repr__(self) -> str:
        return self._text


def table(rows: Iterable[Sequence[Any]], columns: Sequence[str], caption: str = "") -> Table:
    """A table of rows; exact chances (Fractions from 0 to 1) show as ``a/b (p%)``.

    Parameters
    ----------
    rows : iterable of sequence
        The rows.
    columns : sequence of str
        The column names.
    caption : str, default ""
        A caption above the table.

    Returns
    -------
    Table
        The table.

    Examples
    --------
    >>> print(table([(2, Fraction(1, 6))], ["outcome", "chance"]))
    outcome  chance
    2        1/6 (16.7%)
    """
    rows = [[_cell(v) for v in r] for r in rows]
    style = "padding:2px 10px;text-align:right;"
    head = "".join(f"<th style='{style}'>{html.escape(str(c))}</th>" for c in columns)
    body = "".join("<tr>" + "".join(f"<td style='{style}'>{html.escape(v)}</td>" for v in r) + "</tr>"
                   for r in rows)
    cap = f"<caption style='text-align:left'><b>{html.escape(caption)}</b></caption>" if caption else ""
    out = (f"<table class='tabletop-table' style='border-collapse:collapse'>{cap}<thead><tr>{head}"
           f"</tr></thead><tbody>{body}</tbody></table>")
    widths = [max([len(str(c))] + [len(r[i]) for r in rows]) for i, c in enumerate(columns)]
    lines = ["  ".join(str(c).ljust(w) for c, w in zip(columns, widths))]
    lines += ["  ".join(v.ljust(w) for v, w in zip(r, widths)) for r in rows]
    if caption:
        lines.insert(0, caption)
    return Table(out, "\n".join(line.rstrip() for line in lines))


def side_by_side(*dice: Die) -> Table:
    """Dice shown next to each other, each as its table of exact odds (``Die._repr_html_``).

    Examples
    --------
    >>> print(side_by_side(Die([1, 2]), Die([3])))
    a die
    outcome  chance
    1        1/2 (50.0%)
    2        1/2 (50.0%)
    <BLANKLINE>
    a die
    outcome  chance
    3        1 (100.0%)
    """
    cells = "".join(f"<div style='margin-right:28px'>{d._repr_html_()}</div>" for d in dice)
    text = "\n\n".join(table([(outcome_label(o), p) for o, p in d.pmf.items()],
                             ["outcome", "chance"], d.name or "a die")._text for d in dice)
    return Table(f"<div style='display:flex;flex-wrap:wrap;align-items:flex-start'>{cells}</div>", text)


def dice_faces(dice: Mapping[str, Die]) -> Table:
    """One row per die: its name, its faces and (for numbers) its mean.

    Parameters
    ----------
    dice : mapping of str to Die
        The dice by name (``game.dice``).

    Returns
    -------
    Table
        The table.

    Examples
    --------
    >>> print(dice_faces({"coin": Die([0, 1])}))
    die   faces  mean
    coin  0 1    1/2 = 0.50
    """
    rows = []
    for name, d in dice.items():
        faces = " ".join(outcome_label(f) for f in (d.faces if d.faces is not None else d.outcomes))
        numeric = all(isinstance(o, (int, float, Fraction)) and not isinstance(o, bool) for o in d.outcomes)
        m = d.mean if numeric else None
        rows.append((name, faces, "-" if m is None else str(m.numerator) if m.denominator == 1
                     else f"{m.numerator}/{m.denominator} = {float(m):.2f}"))
    return table(rows, ["die", "faces", "mean"])
