"""Die faces for GameApp: which of a game's dice a chance outcome rolled, drawn as dice.

Nothing here knows a game. A chance outcome is a roll when its label says so ("roll",
"rolled", "die", "dice") and some of its values are faces of the game's dice (``game.dice``); which die
a value came from is read from the outcomes of the same chance node: the die whose faces
cover every value that field takes there, the smallest such die when several do (so
Pebble Rock's "3" of a steady roll is the steady die, not the speedy one, and a card
number that happens to be 3 is no die at all, because the card field also takes 17).
"""
from __future__ import annotations

import dataclasses
import html
from typing import Any, Sequence

__all__ = ["roll_faces", "dice_html", "face_html"]

_PIPS = {  # pip centres on a 0..1 square, as printed on real dice
    1: [(.5, .5)], 2: [(.27, .27), (.73, .73)], 3: [(.27, .27), (.5, .5), (.73, .73)],
    4: [(.27, .27), (.73, .27), (.27, .73), (.73, .73)],
    5: [(.27, .27), (.73, .27), (.5, .5), (.27, .73), (.73, .73)],
    6: [(.27, .25), (.73, .25), (.27, .5), (.73, .5), (.27, .75), (.73, .75)],
}

# Icons of symbols that many games print on dice, drawn as SVG so they need no emoji font
# (a game's view module can add its own: FACE_ICONS = {"face": "<svg path or text>"}).
_GENERIC_ICONS = {
    "fish": "<ellipse cx='20' cy='22' rx='10' ry='6' fill='#1e88e5'/>"
            "<polygon points='29,22 37,16 37,28' fill='#1e88e5'/><circle cx='15' cy='20' r='1.4' fill='#fff'/>",
    "wind": "<path d='M6 14 h18 a4 4 0 1 0 -4 -4 M6 22 h26 a4 4 0 1 1 -4 4 M6 30 h14' "
            "fill='none' stroke='#607d8b' stroke-width='2.4' stroke-linecap='round'/>",
    "arrows": "<path d='M7 22 h30 M7 22 l6 -6 M7 22 l6 6 M37 22 l-6 -6 M37 22 l-6 6' fill='none' "
              "stroke='#6d4c41' stroke-width='2.6' stroke-linecap='round'/>",
    "star": "<polygon points='22,7 26.5,17 37,17.5 29,24.5 31.5,35 22,29 12.5,35 15,24.5 7,17.5 17.5,17' "
            "fill='#f9a825'/>",
    "jetstream": "<path d='M8 16 q7 -8 14 0 t14 0 M8 24 q7 -8 14 0 t14 0' fill='none' stroke='#00897b' "
                 "stroke-width='2.6' stroke-linecap='round'/>",
}
_ALIASES = {"winds": "wind", "arrow": "arrows", "stars": "star"}
_BLANK = {"blank", "", "none", "-"}


def _fields(action: Any) -> list[Any]:
    if hasattr(action, "_fields"):
        return list(action)
    if dataclasses.is_dataclass(action) and not isinstance(action, type):
        return [getattr(action, f.name) for f in dataclasses.fields(action)]
    return [action]


def _items(v: Any) -> tuple:
    return tuple(v) if isinstance(v, (tuple, list)) else (v,)


def _face_set(die) -> frozenset | None:
    faces = die.faces if getattr(die, "faces", None) is not None else getattr(die, "outcomes", ())
    try:
        return frozenset(faces)
    except TypeError:  # faces that do not hash cannot be matched
        return None


def roll_faces(game, state, action, outcomes: Sequence[Any] | None = None) -> list[tuple[Any, Any]]:
    """The ``(die, face)`` pairs that the chance outcome ``action`` rolled, in order.

    Empty when the outcome is not a roll (a card draw, a tile) or no value is a face of
    one of ``game.dice``.

    Examples
    --------
    >>> import tabletop_nb
    >>> g = tabletop_nb.load_game("pacal")
    >>> from tabletop_nb.games.pacal.engine import Roll  # doctest: +SKIP
    >>> [face for die, face in roll_faces(g, s, Roll(face=2))]  # doctest: +SKIP
    [2]
    """
    try:
        label = str(game.action_label(state, action)).lower()
    except Exception:  # noqa: BLE001  (a label that fails is not a roll we can draw)
        return []
    if not any(w in label for w in ("roll", "die", "dice")):
        return []
    every = [(d, _face_set(d)) for d in dict(getattr(game, "dice", {}) or {}).values()]
    dice: list[tuple[Any, frozenset]] = [(d, fs) for d, fs in every if fs]
    if not dice:
        return []
    if outcomes is None:
        outcomes = [a for a, _ in game.chance_outcomes(state)]
    values = _fields(action)
    out: list[tuple[Any, Any]] = []
    for j, v in enumerate(values):
        items = _items(v)
        if not items or any(isinstance(x, bool) for x in items):
            continue
        seen: set = set()
        try:
            for o in outcomes:
                fs = _fields(o)
                if len(fs) == len(values):
                    seen.update(_items(fs[j]))
        except TypeError:
            continue
        fits = [(len(fs), i, d) for i, (d, fs) in enumerate(dice) if seen and seen <= fs]
        if not fits:
            continue
        die = min(fits, key=lambda t: t[:2])[2]
        out.extend((die, x) for x in items)
    return out


def face_html(die, face: Any, icons: dict | None = None, size: int = 44) -> str:
    """One die face as an inline SVG: pips for 1 to 6, the number for other numbers, an
    icon (or the word) for a symbol. Its tooltip names the die and the face."""
    name = getattr(die, "name", None) or "die"
    tip = html.escape(f"{name}: {face}")
    body = ""
    key = str(face).strip().lower()
    icons = {str(k).lower(): v for k, v in (icons or {}).items()}
    if isinstance(face, int) and not isinstance(face, bool) and face in _PIPS:
        body = "".join(f"<circle cx='{4 + x * 36:.1f}' cy='{4 + y * 36:.1f}' r='3.6' fill='#222'/>"
                       for x, y in _PIPS[face])
    elif isinstance(face, (int, float)) and not isinstance(face, bool):
        body = (f"<text x='22' y='29' text-anchor='middle' font-size='19' font-weight='bold' "
                f"fill='#222'>{html.escape(str(face))}</text>")
    elif key in _BLANK:
        body = ""
    else:
        icon = icons.get(key) or _GENERIC_ICONS.get(_ALIASES.get(key, key))
        word = html.escape(str(face)[:9])
        if icon:
            if icon.lstrip().startswith("<"):
                body = f"<g transform='translate(0,-4) scale(0.95)'>{icon}</g>"
            else:
                body = (f"<text x='22' y='24' text-anchor='middle' font-size='18'>"
                        f"{html.escape(icon)}</text>")
            body += (f"<text x='22' y='40' text-anchor='middle' font-size='11' "
                     f"fill='#333'>{word}</text>")
        else:
            fs = 13 if len(word) <= 5 else 11
            body = (f"<text x='22' y='27' text-anchor='middle' font-size='{fs}' font-weight='bold' "
                    f"fill='#333'>{word}</text>")
    return (f"<svg class='tabletop-die' width='{size}' height='{size}' viewBox='0 0 44 44' "
            f"role='img' aria-label='{tip}' style='margin:0 3px;vertical-align:middle'>"
            f"<title>{tip}</title><rect x='1.5' y='1.5' width='41' height='41' rx='7' "
            f"fill='#fffdf7' stroke='#555' stroke-width='1.5'/>{body}</svg>")


def dice_html(faces: Sequence[tuple[Any, Any]], icons: dict | None = None, size: int = 44) -> str:
    """Several die faces side by side (see :func:`face_html`).

    >>> from tabletop_nb import Die
    >>> d6 = Die([1, 2, 3, 4, 5, 6], name="d6")
    >>> dice_html([(d6, 3), (d6, 6)]).count("<svg")
    2
    """
    return "".join(face_html(d, f, icons, size) for d, f in faces)
