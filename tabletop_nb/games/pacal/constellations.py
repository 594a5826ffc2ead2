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

from typing import Collection, Iterable, cast

from ...core import memo

__all__ = ["constellations", "gap_spaces", "shape_height", "find_codes", "BitSearch", "bit_list",
           "completion_table", "completion_sets"]

Space = tuple[int, int]


def _line_gaps(cells: tuple[Space, ...]) -> list[Space]:
    out: list[Space] = []
    for (x0, y0), (x1, y1) in zip(cells, cells[1:]):
        dx, dy = x1 - x0, y1 - y0
        n = max(abs(dx), abs(dy))
        sx, sy = (dx > 0) - (dx < 0), (dy > 0) - (dy < 0)
        out.extend((x0 + sx * t, y0 + sy * t) for t in range(1, n))
    return out


def gap_spaces(height: int, cells: tuple[Space, ...]) -> list[Space]:
    """The spaces strictly between consecutive members (for a square: along its sides).

    Parameters
    ----------
    height : int
        The constellation's stories, which name its shape: 3 and 4 lines (spaced members),
        5 a square; 1 and 2 have no gaps.
    cells : tuple of (x, y)
        The members, in any order.

    Returns
    -------
    list of (x, y)
        The spaces between them.

    Examples
    --------
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
    # a square has four corners, so the sorted tuple has four members
    return cast("tuple[Space, Space, Space, Space]",
                tuple(sorted(cells, key=lambda p: math.atan2(p[1] - cy, p[0] - cx))))


def shape_height(cells: Iterable[Space], diamonds: bool = False) -> int:
    """The stories a set of member spaces gives, or 0 if it is no constellation.

    Parameters
    ----------
    cells : iterable of (x, y)
        The member spaces.
    diamonds : bool, default False
        Also accept 45-degree squares (the square rule's reading b, ``rules.diamond_squares``).

    Returns
    -------
    int
        1 to 5, or 0.

    Examples
    --------
    >>> shape_height([(4, 4), (5, 5)]), shape_height([(4, 4), (5, 4)])
    (0, 2)
    >>> shape_height([(0, 0), (2, 0), (0, 2), (2, 2)])
    5
    """
    # each cell is an (x, y) pair; tuple() only turns a list such as [x, y] into one
    want = cast("tuple[Space, ...]", tuple(sorted(set(map(tuple, cells)), key=lambda p: (p[1], p[0]))))
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
        Also accept 45-degree squares for five stories (the square rule's reading b,
        ``rules.diamond_squares``).
    blocked_gaps : collection of (x, y)
        Spaces that may not lie in a gap (the gap rule's readings b and c,
        ``rules.gap_contents``); empty = only the spacing matters.

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
    W = _CODE
    stone_codes = {y * W + x for x, y in stones}
    member_codes = stone_codes | {y * W + x for x, y in pyramids}
    blocked = {y * W + x for x, y in blocked_gaps}
    out = []
    for h, cells in find_codes(stone_codes, member_codes, diamonds, blocked):
        out.append((h, tuple((c % W, c // W) for c in cells)))
    return out


#: spaces are coded ``y * 64 + x`` inside: sorted codes are sorted (y, x), and a third or
#: fourth point off the board lands on a code no board space has (x would be >= 40)
_CODE = 64


def _gaps_ok(cells, blocked) -> bool:
    for a, b in zip(cells, cells[1:]):
        ya, xa = divmod(a, _CODE)
        yb, xb = divmod(b, _CODE)
        n = max(abs(xb - xa), abs(yb - ya))
        u = (b - a) // n
        for j in range(1, n):
            if a + u * j in blocked:
                return False
    return True


def find_codes(stones: set, members: set, diamonds: bool = False, blocked: set | None = None):
    """The engine's constellation search on coded spaces (``y * 64 + x``); see :func:`constellations`.

    Parameters
    ----------
    stones : set of int
        Coded spaces of the player's visible stones.
    members : set of int
        Coded spaces that may be members (stones and the pyramids that may stand in).
    diamonds : bool, default False
        Also accept 45-degree squares (the square rule's reading b, ``rules.diamond_squares``).
    blocked : set of int, optional
        Coded spaces that may not lie in a gap (the gap rule, ``rules.gap_contents``).

    Returns
    -------
    list of (int, tuple)
        ``(stories, coded members)``, each holding at least one stone.

    Examples
    --------
    >>> find_codes({0, 2}, {0, 1, 2})
    [(1, (0,)), (1, (2,)), (2, (0, 1)), (2, (1, 2)), (3, (0, 1, 2))]
    """
    W = _CODE
    order = sorted(members)
    out: list[tuple[int, tuple[int, ...]]] = [(1, (a,)) for a in order if a in stones]
    for a in order:
        b = a + 1
        if b in members and (a in stones or b in stones):
            out.append((2, (a, b)))
        b = a + W
        if b in members and (a in stones or b in stones):
            out.append((2, (a, b)))
    # lines lie within one row, column, diagonal or anti-diagonal: bucket the members so
    # only pairs on a common line are tried
    if len(order) < 2:
        return out
    buckets: dict = {}
    get = buckets.get
    for a in order:
        y, x = a >> 6, a & 63
        # keys: row y, column 1000 + x, diagonal 2100 + x - y, anti-diagonal 3000 + x + y
        for key in (y, 1000 + x, 2100 + x - y, 3000 + x + y):
            lst = get(key)
            if lst is None:
                buckets[key] = [a]
            else:
                lst.append(a)
    for key, line in buckets.items():
        kind = key // 1000
        n = len(line)
        if n < 2 or (n < 3 and kind and not (kind == 2 and diamonds)):
            continue
        for i in range(n - 1):
            a = line[i]
            for j in range(i + 1, n):
                b = line[j]
                d = b - a
                c = b + d
                if c in members:
                    has_stone = a in stones or b in stones or c in stones
                    if has_stone and (not blocked or _gaps_ok((a, b, c), blocked)):
                        out.append((3, (a, b, c)))
                    e = c + d
                    if e in members and (has_stone or e in stones) and \
                            (not blocked or _gaps_ok((a, b, c, e), blocked)):
                        out.append((4, (a, b, c, e)))
                if kind == 0:  # an axis-aligned square on the side a-b
                    k = d * W
                    c2, e2 = a + k, b + k
                    if c2 in members and e2 in members and \
                            (a in stones or b in stones or c2 in stones or e2 in stones) and \
                            (not blocked or _gaps_ok((a, b, e2, c2, a), blocked)):
                        out.append((5, (a, b, c2, e2)))
                elif kind == 2 and diamonds:  # a diamond with top a and right corner b
                    k = d // (W + 1)
                    c2, e2 = a + k * W - k, a + 2 * k * W
                    if c2 in members and e2 in members and \
                            (a in stones or b in stones or c2 in stones or e2 in stones) and \
                            (not blocked or _gaps_ok((a, b, e2, c2, a), blocked)):
                        out.append((5, tuple(sorted((a, b, c2, e2)))))
    return out


class BitSearch:
    """The constellation search as bit arithmetic on the engine's board layout.

    Spaces are bits ``y * pad + x`` (``pad`` >= 2 * width - 1, see board.Geometry), so
    shifting a bit set moves every member one step along a row, column or diagonal at
    once and a step off the board lands on an empty pad bit. ``m & m >> d & m >> 2d``
    marks every first member of three with equal steps ``d``; most such masks are empty,
    so a board is searched with a few hundred integer operations. It finds exactly what
    :func:`find_codes` finds (tests compare them), as ``(stories, cells)`` with the cells
    ascending.

    Parameters
    ----------
    width, height : int
        The board's size in spaces.
    pad : int
        The bit stride of a row (at least ``2 * width - 1``).

    Examples
    --------
    >>> bs = BitSearch(8, 8, 16)
    >>> sorted(bs.find_bits(1 << 0 | 1 << 34, 1 << 0 | 1 << 17 | 1 << 34))
    [(1, (0,)), (1, (34,)), (3, (0, 17, 34))]
    """

    def __init__(self, width: int, height: int, pad: int):
        if pad < 2 * width - 1:
            raise ValueError("the pad must keep a shift of width - 1 columns off the next row")
        P = self.pad = pad
        m = max(width, height)
        lines = []
        for u in (1, P, P + 1, P - 1):
            for k in range(1, m):
                if 2 * k < m:
                    lines.append((k * u, 2 * k * u, 3 * k * u if 3 * k < m else 0))
        self.lines = tuple(lines)
        #: the lines long enough for four members: all a search for 4 stories or more needs
        #: (the others find nothing then; skipping them keeps the order of what is found)
        self.lines4 = tuple(line for line in lines if line[2])
        self.squares = tuple((k, k * P) for k in range(1, m))
        self.diamonds = tuple((k * (P - 1), k * (P + 1), 2 * k * P) for k in range(1, m))

    def find_bits(self, s: int, m: int, diamonds: bool = False, lowest: int = 1) -> list:
        """Every constellation of the members ``m`` that holds a stone of ``s`` (bit sets).

        ``lowest`` skips shapes of fewer stories (no pyramid that low is left to build).

        Rules: PC-CONST-03, PC-CONST-04, PC-CONST-05, PC-CONST-06, PC-CONST-07, PC-CONST-08,
        PC-CONST-09, PC-CONST-10, PC-CONST-11, PC-CONST-13, PC-CONST-14, PC-OWNPYR-03.
        """
        out: list[tuple[int, tuple[int, ...]]] = [(1, (b,)) for b in bit_list(s)] if lowest <= 1 else []
        if m & (m - 1) == 0:  # fewer than two members
            return out
        P = self.pad
        if lowest <= 2:
            for d in (1, P):
                a = m & (m >> d) & (s | (s >> d))
                if a:
                    for b in bit_list(a):
                        out.append((2, (b, b + d)))
        for d1, d2, d3 in (self.lines if lowest <= 3 else self.lines4 if lowest == 4 else ()):
            a = m & (m >> d1)
            if not a:
                continue
            a &= m >> d2
            if not a:
                continue
            st = s | (s >> d1) | (s >> d2)
            if lowest <= 3:
                a3 = a & st
                if a3:
                    for b in bit_list(a3):
                        out.append((3, (b, b + d1, b + d2)))
            if d3:
                a4 = a & (m >> d3)
                if a4:
                    a4 &= st | (s >> d3)
                    for b in bit_list(a4):
                        out.append((4, (b, b + d1, b + d2, b + d3)))
        for k, kp in self.squares:
            a = m & (m >> k)
            if not a:
                continue
            a &= m >> kp
            if not a:
                continue
            a &= m >> (k + kp)
            if not a:
                continue
            a &= s | (s >> k) | (s >> kp) | (s >> (k + kp))
            for b in bit_list(a):
                out.append((5, (b, b + k, b + kp, b + k + kp)))
        if diamonds:
            # top corner b, left b + k(P-1), right b + k(P+1), bottom b + 2kP
            for dl, dr, db in self.diamonds:
                a = m & (m >> dl) & (m >> dr) & (m >> db)
                if a:
                    a &= s | (s >> dl) | (s >> dr) | (s >> db)
                    for b in bit_list(a):
                        out.append((5, (b, b + dl, b + dr, b + db)))
        return out


def bit_list(mask: int) -> list[int]:
    """The indices of the set bits of ``mask``, ascending (spaces of a bit set).

    From the top down: each step takes off the highest bit, so the number shrinks as it
    goes.

    Parameters
    ----------
    mask : int
        A bit set.

    Returns
    -------
    list of int

    Examples
    --------
    >>> bit_list(0b10110)
    [1, 2, 4]
    """
    out = []
    while mask:
        b = mask.bit_length() - 1
        out.append(b)
        mask ^= 1 << b
    out.reverse()
    return out


def completion_sets(table: tuple, pad: int, m: int) -> tuple[int, int, int, int]:
    """Where one more stone would complete a constellation with the members ``m``: bit
    sets (t5, t4, t3, t2) of the spaces through which a shape of 5, 4, 3 and 2 stories has
    all its other members in ``m``, from the board's :func:`completion_table`.

    Parameters
    ----------
    table : tuple of dict
        :func:`completion_table` of the board.
    pad : int
        The board's row stride (``Geometry.pad``).
    m : int
        The members, a bit set.

    Returns
    -------
    tuple of int
        (t5, t4, t3, t2). Only board spaces are meaningful (t2 also marks pad bits).

    Examples
    --------
    Members (0, 0), (2, 0) and (0, 2) on an 8 x 8 board (bit ``y * 16 + x``): a stone on
    (2, 2) completes a square; (1, 0), (4, 0), (0, 1), (1, 1) and (0, 4) lines of three.

    >>> table = completion_table(8, 8, 16, False)
    >>> t5, t4, t3, t2 = completion_sets(table, 16, 1 << 0 | 1 << 2 | 1 << 32)
    >>> bit_list(t5), bit_list(t3)
    ([34], [1, 4, 16, 17, 64])

    A shape of h stories through a space e has h - 1 other members (t2: one, an
    orthogonal neighbour; t3: two; t4 and t5: three), so every shape through a space
    that t3, t4 or t5 holds contains a pair of members, its two lowest. The table gives,
    for each pair of spaces a < b, the spaces e that complete a line of three with them
    and, for the third member c > b of a line of four or a square, the spaces that
    complete those, so the work grows with the members' pairs, not with the board.
    The shapes are :func:`find_codes`' (tests/games/pacal/test_bot_speed.py compares the
    sets with it and with shifts of the whole board per line direction and step), with
    no gap rule: a stone and its members, whatever lies between them.
    """
    t2 = t3 = t4 = t5 = 0
    if m:
        P = pad
        t2 = (m << 1) | (m >> 1) | (m << P) | (m >> P)
        if m & (m - 1):  # two members or more: lines and squares may form
            cells = bit_list(m)
            for i in range(len(cells) - 1):
                get = table[cells[i]].get
                for b in cells[i + 1:]:
                    ent = get(b)
                    if ent is not None:
                        t3 |= ent[0]
                        if m & ent[1]:  # a third member of a line of four or a square
                            for cb, e4, e5 in ent[2]:
                                if m & cb:
                                    t4 |= e4
                                    t5 |= e5
    return t5, t4, t3, t2


@memo.function(name="pacal.completion_tables", key="(board width, height, row stride, diamonds)",
               maxsize=16)
def completion_table(width: int, height: int, pad: int, diamonds: bool) -> tuple:
    """``table[a].get(b)`` for board spaces a < b (bit indices): None if no shape of
    three or more stories holds both, else ``(e3, cs, ((c_bit, e4, e5), ...))``: e3 the spaces
    e that make a line of three with a and b; for each third member c > b, the spaces e
    that make a line of four (e4) or a square (e5) with a, b and c; cs all those c.

    The shapes are the rulebook's (:func:`find_codes`): three / four spaces in a row,
    column or 45-degree diagonal with equal steps, the four corners of an axis-aligned
    square, and with ``diamonds`` of a 45-degree one; made once per board (a declared
    cache) from every such shape on it. The table is shared: never change it.

    Parameters
    ----------
    width, height : int
        The board's size in spaces.
    pad : int
        The bit stride of a row (``Geometry.pad``).
    diamonds : bool
        Also 45-degree squares (the square rule's reading b, ``rules.diamond_squares``).

    Returns
    -------
    tuple of dict
        One dict per bit index.

    Examples
    --------
    >>> table = completion_table(8, 8, 16, False)
    >>> e3, cs, thirds = table[0][2]   # spaces (0, 0) and (2, 0): lines of three through 1 or 4
    >>> bit_list(e3), bit_list(cs)      # third members: lines of four, a square (32, 34)
    ([1, 4], [3, 4, 6, 32, 34])
    """
    W, H, P = width, height, pad

    S = P * H
    e3: dict = {}  # a * S + b -> the spaces e
    ec: dict = {}  # a * S + b -> {c: (e4, e5)}

    def add3(a: int, b: int, e: int) -> None:
        e3[a * S + b] = e3.get(a * S + b, 0) | 1 << e

    def add4(cells: tuple, h: int) -> None:  # cells ascending
        for e in cells:
            a, b, c = [q for q in cells if q != e]
            by_c = ec.setdefault(a * S + b, {})
            f4, f5 = by_c.get(c, (0, 0))
            by_c[c] = (f4 | 1 << e, f5) if h == 4 else (f4, f5 | 1 << e)

    # lines: start (x, y), direction (dx, dy) with dy * P + dx > 0, so the cells ascend
    for dx, dy in ((1, 0), (0, 1), (1, 1), (-1, 1)):
        for k in range(1, max(W, H)):
            d = k * (dy * P + dx)
            for n in (3, 4):
                span = (n - 1) * k  # the last member's offset in columns / rows
                xs = range(max(0, -dx * span), W - max(0, dx * span))
                for y in range(H - dy * span):
                    for x in xs:
                        c0 = y * P + x
                        if n == 3:
                            add3(c0 + d, c0 + 2 * d, c0)
                            add3(c0, c0 + 2 * d, c0 + d)
                            add3(c0, c0 + d, c0 + 2 * d)
                        else:
                            add4((c0, c0 + d, c0 + 2 * d, c0 + 3 * d), 4)
    for k in range(1, min(W, H)):  # squares of side k: top left (x, y)
        for y in range(H - k):
            for x in range(W - k):
                c0 = y * P + x
                add4((c0, c0 + k, c0 + k * P, c0 + k * P + k), 5)
    if diamonds:  # top (x, y), left (x - k, y + k), right (x + k, y + k), bottom (x, y + 2k)
        for k in range(1, (min(W, H) - 1) // 2 + 1):
            for y in range(H - 2 * k):
                for x in range(k, W - k):
                    c0 = y * P + x
                    add4((c0, c0 + k * P - k, c0 + k * P + k, c0 + 2 * k * P), 5)
    table: list = [{} for _ in range(S)]  # a dict a row: about 3,000 entries in all
    for ab in sorted(set(e3) | set(ec)):  # (a square's far corners make no line of three)
        t3 = e3.get(ab, 0)
        by_c = ec.get(ab)
        cs = 0
        thirds: tuple = ()
        if by_c:
            thirds = tuple([(1 << c, f4, f5) for c, (f4, f5) in sorted(by_c.items())])
            for c in by_c:
                cs |= 1 << c
        table[ab // S][ab % S] = (t3, cs, thirds)
    return tuple(table)
