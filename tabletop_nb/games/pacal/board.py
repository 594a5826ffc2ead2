"""The board of Pacal's Rocket: a networkx grid graph, and fast lookups for the engine.

:func:`board_graph` gives the grid as a networkx graph whose nodes ``(x, y)`` carry the
attributes ``district``, ``value``, ``river``, ``lake``, ``lakeside`` and ``covered``.
:class:`Geometry` precomputes, once per rules, everything the engine asks in its hot loop:
space indices, neighbours, rays, masks of the holy district, river, lake shore and each
district, as Python ints used as bit sets (bit ``i`` is space ``i = y * width + x``).

Examples
--------
>>> from tabletop_nb.games.pacal.rules import PacalRules
>>> g = board_graph(PacalRules(players=3).board, players=3)
>>> g.nodes[(6, 6)]["district"], g.nodes[(6, 6)]["value"], g.nodes[(6, 2)]["lake"]
('S', 7, True)
>>> g.nodes[(12, 5)]["covered"]
True
"""
from __future__ import annotations

from typing import Iterable

from .rules import Board

__all__ = ["board_graph", "Geometry", "DIRECTIONS"]

#: the four orthogonal directions, (dx, dy): east, south, west, north
DIRECTIONS = ((1, 0), (0, 1), (-1, 0), (0, -1))


def board_graph(board: Board, players: int = 5):
    """The board as a networkx 2-D grid graph with space attributes.

    Every space of the grid is a node ``(x, y)``; edges join orthogonal neighbours.
    Attributes: ``district`` (letter, None for the lake), ``value`` (the district's
    value, 0 for the lake), ``river`` / ``lakeside`` (counted for that scoring),
    ``lake`` (water, an obstacle) and ``covered`` (hidden by a cover piece for
    ``players`` players).

    Parameters
    ----------
    board : Board
        The board.
    players : int, default 5
        The player count (for ``covered``).

    Returns
    -------
    networkx.Graph
        The grid graph.

    Examples
    --------
    >>> from tabletop_nb.games.pacal.rules import BOARD
    >>> G = board_graph(BOARD, 3)
    >>> G.number_of_nodes(), G.nodes[(6, 6)]["district"], G.nodes[(6, 6)]["value"]
    (169, 'S', 7)
    """
    import networkx as nx

    g = nx.grid_2d_graph(board.width, board.height)
    values = {d.letter: d.value for d in board.districts}
    covered = board.covered_letters(players)
    river = set(board.river)
    lakeside = set(board.lakeside)
    for (x, y), attrs in g.nodes.items():
        c = board.rows[y][x]
        lake = c == board.lake
        attrs.update(district=None if lake else c, value=0 if lake else values[c], lake=lake,
                     river=(x, y) in river, lakeside=(x, y) in lakeside,
                     covered=(not lake) and c in covered)
    return g


def _mask(cells: Iterable[int]) -> int:
    m = 0
    for c in cells:
        m |= 1 << c
    return m


class Geometry:
    """Precomputed lookups of one board for one player count (the engine's hot tables).

    Parameters
    ----------
    board : Board
        The board.
    players : int
        The player count (which cover pieces are laid, PC-PLAYERS).

    Examples
    --------
    >>> from tabletop_nb.games.pacal.rules import BOARD
    >>> geo = Geometry(BOARD, 3)
    >>> geo.width, len(geo.cells)
    (13, 169)
    """

    def __init__(self, board: Board, players: int):
        W, H = board.width, board.height
        # Space (x, y) is bit / index i = y * P + x with a pad of W empty columns (P = 2W):
        # a shift of a whole bit set by up to W - 1 columns, or by one row, never wraps a
        # space onto another space, so rows, columns and diagonals can be searched by
        # shifting (constellations, turning moves). Pad indices are never spaces.
        P = self.pad = 2 * W
        self.width, self.height, self.size = W, H, P * H
        self.xy = tuple((i % P, i // P) for i in range(P * H))
        self.cells = tuple(y * P + x for y in range(H) for x in range(W))
        self.index = {self.xy[i]: i for i in self.cells}
        #: bit[i] == 1 << i, made once: ``mask & bit[i]`` tests space i with one operation
        #: on a board-sized int (``mask >> i & 1`` makes a shifted copy first)
        self.bit = tuple(1 << i for i in range(P * H))
        self.board_mask = _mask(self.cells)
        covered = board.covered_letters(players)
        self.letters = tuple(d.letter for d in board.districts)
        self.district_ids = {d.letter: k for k, d in enumerate(board.districts)}
        self.values = tuple(d.value for d in board.districts)

        def letter(i):
            x, y = self.xy[i]
            return board.rows[y][x] if x < W else None
        #: district id of each space (-1 for the lake and the pad)
        self.district = tuple(-1 if letter(i) in (None, board.lake) else self.district_ids[letter(i)]
                              for i in range(self.size))
        self.lake_mask = _mask(i for i in self.cells if letter(i) == board.lake)
        self.covered_mask = _mask(i for i in self.cells if letter(i) in covered)
        #: spaces where ships, stones and pyramids may be: land, not covered
        self.playable = self.board_mask & ~self.lake_mask & ~self.covered_mask
        self.playable_cells = tuple(i for i in self.cells if self.playable >> i & 1)
        self.holy_id = self.district_ids[board.holy]
        self.holy_mask = _mask(i for i in self.cells if self.district[i] == self.holy_id)
        self.holy_cells = tuple(i for i in self.cells if self.holy_mask >> i & 1)
        self.river_mask = _mask(self.index[p] for p in board.river) & self.playable
        self.lakeside_mask = _mask(self.index[p] for p in board.lakeside) & self.playable
        #: district ids that still have an uncovered space (scored at the end)
        self.live_districts = tuple(k for k in range(len(self.values))
                                    if any(self.district[i] == k for i in self.playable_cells))
        #: step[d][i]: the neighbour of i in direction d, or -1 off the board
        self.step = tuple(tuple(self.index.get((x + dx, y + dy), -1) for (x, y) in self.xy)
                          for dx, dy in DIRECTIONS)
        #: on-board orthogonal neighbours of each space
        self.nbrs = tuple(tuple(self.step[d][i] for d in range(4) if self.step[d][i] >= 0)
                          for i in range(self.size))
        #: rays[i][d]: the spaces from i (exclusive) to the edge in direction d
        rays = []
        for i in range(self.size):
            per = []
            for d in range(4):
                out, j = [], self.step[d][i]
                while j >= 0:
                    out.append(j)
                    j = self.step[d][j]
                per.append(tuple(out))
            rays.append(tuple(per))
        self.rays = tuple(rays)
        P = self.pad
        #: rings[(cell, nb)]: padded masks of the 2 x 3 blocks whose boundary cycle uses the
        #: edge cell-nb (the only self-avoiding 5-step walks from a space to its neighbour)
        rings: dict = {}
        for i in self.cells:
            x, y = self.xy[i]
            for j in self.nbrs[i]:
                out = []
                for w, h in ((3, 2), (2, 3)):
                    for x0 in range(min(x, self.xy[j][0]) - w + 1, max(x, self.xy[j][0]) + 1):
                        for y0 in range(min(y, self.xy[j][1]) - h + 1, max(y, self.xy[j][1]) + 1):
                            cells = [(a, b) for a in range(x0, x0 + w) for b in range(y0, y0 + h)]
                            if not all(c in self.index for c in cells):
                                continue
                            if (x, y) not in cells or self.xy[j] not in cells:
                                continue
                            # on a 2 x 3 block every cell is on the ring; the edge is on the
                            # ring unless it crosses the middle of the long side
                            (xa, ya), (xb, yb) = (x, y), self.xy[j]
                            if w == 2 and h == 3 and ya == yb and ya == y0 + 1:
                                continue
                            if w == 3 and h == 2 and xa == xb and xa == x0 + 1:
                                continue
                            out.append(sum(1 << self.index[c] for c in cells))
                rings[(i, j)] = tuple(out)
        self.rings = rings

    def cell(self, xy) -> int:
        """The index of space ``(x, y)``; KeyError off the board."""
        return self.index[tuple(xy)]
