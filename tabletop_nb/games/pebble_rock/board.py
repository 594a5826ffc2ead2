"""The board as a graph, and the lookups the engine needs, computed once per board.

:func:`board_graph` gives the board as a :class:`networkx.Graph` (spaces are nodes with
their drawing position and features, dotted lines are edges), for notebooks and
analysis. :class:`BoardInfo` holds plain tuples for the engine's hot loop (networkx
lookups cost more than tuple indexing there) and all-pairs sailing distances.
"""
from __future__ import annotations

from collections import deque
from functools import lru_cache

import networkx as nx

from .rules import Board

__all__ = ["BoardInfo", "board_info", "board_graph"]


class BoardInfo:
    """Precomputed lookups of a board (adjacency, distances, features of each space).

    Parameters
    ----------
    board : Board
        The board (see :func:`board_info` for the cached one).

    Examples
    --------
    >>> from tabletop_nb.games.pebble_rock.rules import Rules
    >>> info = board_info(Rules().board)
    >>> info.dist[info.docks_sorted[0]][info.docks_sorted[0]]
    0
    """

    def __init__(self, board: Board):
        self.board = board
        n = self.n = len(board.spaces)
        nb: list[set] = [set() for _ in range(n)]
        for a, b in board.edges:
            nb[a].add(b)
            nb[b].add(a)
        self.adj: tuple[tuple[int, ...], ...] = tuple(tuple(sorted(s)) for s in nb)
        self.adjset: tuple[frozenset, ...] = tuple(frozenset(s) for s in nb)
        self.docks = frozenset(board.docks)
        self.docks_sorted = tuple(sorted(board.docks))
        self.fishing = frozenset(board.fishing_spaces)
        self.treasure_spaces = frozenset(board.treasure_spaces)
        self.islands = board.islands
        self.island_index = {isl.name: i for i, isl in enumerate(board.islands)}
        self.colours = tuple(sorted({isl.colour for isl in board.islands}))
        self.island_colour = tuple(isl.colour for isl in board.islands)
        at: list[set] = [set() for _ in range(n)]
        for i, isl in enumerate(board.islands):
            for sp in isl.around:
                at[sp].add(i)
        #: the islands each space surrounds (indices into ``islands``)
        self.islands_at: tuple[frozenset, ...] = tuple(frozenset(s) for s in at)
        self.island_spaces: tuple[frozenset, ...] = tuple(frozenset(i.around) for i in board.islands)
        self.market_spaces = frozenset(sp for isl in board.islands for sp in isl.market_spaces)
        self.market_of = {sp: isl.name for isl in board.islands for sp in isl.market_spaces}
        self.landmark_at = {sp: lm.name for lm in board.landmarks for sp in lm.around}
        self.dist: tuple[tuple[int, ...], ...] = tuple(self._bfs(s) for s in range(n))
        self.pos = tuple((s.x, s.y) for s in board.spaces)

    def _bfs(self, src: int) -> tuple[int, ...]:
        d = [-1] * self.n
        d[src] = 0
        q = deque([src])
        adj = self.adj
        while q:
            v = q.popleft()
            for w in adj[v]:
                if d[w] < 0:
                    d[w] = d[v] + 1
                    q.append(w)
        return tuple(d)

    def island_distance(self, space: int, island: int) -> int:
        """Steps from ``space`` to the nearest space around ``island`` (0 if beside it)."""
        d = self.dist[space]
        return min(d[s] for s in self.island_spaces[island])

    def describe(self, space: int) -> str:
        """A short name for a space: its features and the islands it surrounds."""
        bits = []
        if space in self.docks:
            bits.append("dock")
        names = [self.islands[i].name for i in sorted(self.islands_at[space])]
        if space in self.landmark_at:
            names.append(self.landmark_at[space])
        if names:
            bits.append("by " + " & ".join(names))
        if space in self.market_spaces:
            bits.append("Market")
        if space in self.fishing:
            bits.append("fishing")
        if space in self.treasure_spaces:
            bits.append("treasure")
        return f"space {space}" + (f" ({', '.join(bits)})" if bits else "")


@lru_cache(maxsize=16)
def board_info(board: Board) -> BoardInfo:
    """The (cached) :class:`BoardInfo` of a board.

    Parameters
    ----------
    board : Board
        The board.

    Returns
    -------
    BoardInfo
        The same object for the same board.

    Examples
    --------
    >>> from tabletop_nb.games.pebble_rock.rules import Rules
    >>> board_info(Rules().board) is board_info(Rules().board)
    True
    """
    return BoardInfo(board)


def board_graph(board: Board) -> nx.Graph:
    """The board as a networkx graph.

    Nodes are space ids with attributes ``pos`` (x, y), ``dock``, ``fishing``,
    ``market`` (the Market island's name or ""), ``treasure`` and ``islands`` (names of
    the islands the space surrounds). The graph has ``islands`` and ``landmarks`` in
    ``G.graph``.

    Parameters
    ----------
    board : Board
        The board.

    Returns
    -------
    networkx.Graph
        Spaces joined by the dotted lines.

    Examples
    --------
    >>> from tabletop_nb.games.pebble_rock.rules import Rules
    >>> G = board_graph(Rules().board)
    >>> G.number_of_nodes() > 50 and nx.is_connected(G)
    True
    """
    info = board_info(board)
    G = nx.Graph(islands=board.islands, landmarks=board.landmarks)
    for s in board.spaces:
        G.add_node(s.id, pos=(s.x, s.y), dock=s.id in info.docks, fishing=s.id in info.fishing,
                   market=info.market_of.get(s.id, ""), treasure=s.id in info.treasure_spaces,
                   islands=tuple(info.islands[i].name for i in sorted(info.islands_at[s.id])))
    G.add_edges_from(board.edges)
    return G
