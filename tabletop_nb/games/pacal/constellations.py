"""Constellations: which sets of a player's stones (and pyramids) make which pyramid.

The rulebook's shapes (PC-CONST):

* 1 story: one energy stone;
* 2 stories: two members orthogonally next to each other;
* 3 / 4 stories: three / four members in a row, column or 45-degree diagonal with the same
  number of spaces between each consecutive pair;
* 5 stories: four members at the corners of a square with equal gaps (axis-aligned; the
  45-degree "diamond" only with ``diamonds=True``, PC-CONST-11).

Members are the player's visible stones and, where allowed, his own pyramids; every
constellation must hold at least one stone (PC-OWNPYR-03). Spaces are ``(x, y)`` tuples.

Examples
--------
>>> found = constellations({(1, 1), (3, 3), (5, 5)})
>>> sorted(h for h, _ in found)
[1, 1, 1, 3]
>>> (3, ((1, 1), (3, 3), (5, 5))) in found
True
>>> any(h == 3 for h, _ in constellations({(1, 1), (3, 3), (6, 6)}))
False
"""
from __future__ import annotations

from typing import Collection, Iterable

__all__ = ["constellations", "gap_spaces", "shape_height"]

Space = tuple[int, int]


def _line_gaps(cells: tuple[Space, ...]) -> list[Space]:
    out = []
    for (x0, y0), (x1, y1) in zip(cells, cells[1:]):
        dx, dy = x1 - x0, y1 - y0
        n = max(abs(dx), abs(dy))
        sx, sy = (dx > 0) - (dx < 0), (dy > 0) - (dy < 0)
        out.extend((x0 + sx * t, y0 + sy * t) for t in range(1, n))
    return out


def gap_spaces(height: int, cells: tuple[Space, ...]) -> list[Space]:
    """The spaces strictly between consecutive members (for a square: along its sides).

    >>> gap_spaces(3, ((0, 0), (2, 0), (4, 0)))
    [(1, 0), (3, 0)]
    """
    if height == 5:
        a, b, c, d = _square_ring(cells)
        return _line_gaps((a, b, c, d, a))
    if height in (3, 4):
        return _line_gaps(tuple(sorted(cells, key=lambda p: (p[1], p[0]))))
    return []


def _square_ring(cells: tuple[Space, ...]) -> tuple[Space, Space, Space, Space]:
    """The four corners in order round the square (axis-aligned or diamond)."""
    cx = sum(x for x, _ in cells) / 4
    cy = sum(y for _, y in cells) / 4
    import math
    return tuple(sorted(cells, key=lambda p: math.atan2(p[1] - cy, p[0] - cx)))  # type: ignore[return-value]


def shape_height(cells: Iterable[Space], diamonds: bool = False) -> int:
    """The stories a set of member spaces gives, or 0 if it is no constellation.

    >>> shape_height([(4, 4), (5, 5)]), shape_height([(4, 4), (5, 4)])
    (0, 2)
    >>> shape_height([(0, 0), (2, 0), (0, 2), (2, 2)])
    5
    """
    want = tuple(sorted(set(map(tuple, cells)), key=lambda p: (p[1], p[0])))
    for h, c in constellations(want, diamonds=diamonds):
        if c == want:
            return h
    return 0


def constellations(stones: Collection[Space], pyramids: Collection[Space] = (), *,
                   diamonds: bool = False, blocked_gaps: Collection[Space] = ()
                   ) -> list[tuple[int, tuple[Space, ...]]]:
    """Every constellation among ``stones`` and ``pyramids``: ``(stories, members)`` pairs.

    Parameters
    ----------
    stones : collection of (x, y)
        The player's visible energy stones.
    pyramids : collection of (x, y)
        His own pyramids that may stand in for stones (empty in the expert game's
        normal builds).
    diamonds : bool
        Also accept 45-degree squares for five stories (PC-CONST-11 reading b).
    blocked_gaps : collection of (x, y)
        Spaces that may not lie in a gap (PC-CONST-12 readings b and c); empty = only
        the spacing matters.

    Returns
    -------
    list of (int, tuple)
        Members are sorted by (y, x). Each set appears once, with its natural height
        (1, 2, 3, 4 or 5); a constellation of pyramids only is never listed.

    Examples
    --------
    >>> (4, ((1, 5), (2, 5), (3, 5), (4, 5))) in constellations({(1, 5), (2, 5), (4, 5)}, {(3, 5)})
    True
    """
    stone_set = set(stones)
    members = stone_set | set(pyramids)
    blocked = set(blocked_gaps)
    out: list[tuple[int, tuple[Space, ...]]] = []
    key = lambda p: (p[1], p[0])  # noqa: E731
    order = sorted(members, key=key)
    for s in order:
        if s in stone_set:
            out.append((1, (s,)))

    def ok(cells: tuple[Space, ...], height: int) -> bool:
        if not any(c in stone_set for c in cells):
            return False
        if blocked and any(g in blocked for g in gap_spaces(height, cells)):
            return False
        return True

    for (x, y) in order:
        # two stories: east and south neighbours
        for nb in ((x + 1, y), (x, y + 1)):
            if nb in members and ok(((x, y), nb), 2):
                out.append((2, tuple(sorted(((x, y), nb), key=key))))
    # lines of 3 and 4: pairs (a, b) along a line direction, b after a
    for a in order:
        ax, ay = a
        for b in order:
            bx, by = b
            dx, dy = bx - ax, by - ay
            if dy < 0 or (dy == 0 and dx <= 0):
                continue
            if not (dy == 0 or dx == 0 or dx == dy or dx == -dy):
                continue
            c = (bx + dx, by + dy)
            if c not in members:
                continue
            if a != c and ok((a, b, c), 3):
                out.append((3, tuple(sorted((a, b, c), key=key))))
            d = (c[0] + dx, c[1] + dy)
            if d in members and ok((a, b, c, d), 4):
                out.append((4, tuple(sorted((a, b, c, d), key=key))))
    # squares (five stories)
    for a in order:
        ax, ay = a
        for b in order:
            bx, by = b
            if by == ay and bx > ax:
                k = bx - ax
                c, d = (ax, ay + k), (bx, ay + k)
                if c in members and d in members:
                    cells = tuple(sorted((a, b, c, d), key=key))
                    if ok(cells, 5):
                        out.append((5, cells))
            elif diamonds and bx - ax == by - ay and by > ay:
                k = bx - ax
                c, d = (ax - k, ay + k), (ax, ay + 2 * k)
                if c in members and d in members:
                    cells = tuple(sorted((a, b, c, d), key=key))
                    if ok(cells, 5):
                        out.append((5, cells))
    return out
