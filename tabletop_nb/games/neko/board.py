"""Ship lanes as graphs.

A lane is a row of card slots to the right of a harbour. Its *stops* are the boundaries
between slots (boundary k lies after k cards) and the internal hubs printed on ports.
:func:`lane_graph` builds a networkx path graph of them: an edge for each stretch a
ship crosses in one move (a whole card, or the part of a port up to its next hub), and
no edge across an empty slot, so a gap splits the lane into separate paths.

Each node carries what a ship or die finds there: ``kind`` is "hub" (a complete hub:
the left card's item and the right card's multiplier), "port hub", "half-hub" (a card
side without a neighbour), "harbour" (the start) or "open" (no card on either side).

The engine keeps its own fast lookups (``hubs_ships.next_stop``, ``analysis.hubs``); these
graphs are for drawing and for analysis, and the tests check that both agree.

Examples
--------
>>> import tabletop_nb
>>> game = tabletop_nb.load_game("neko", players=2)
>>> g = lane_graph(game, (0, 1, -1, -1, -1))
>>> [n for n in g.successors((0, 0))]
[(1, 0)]
>>> g.nodes[(1, 0)]["kind"], g.nodes[(1, 0)]["multiplier"], g.nodes[(1, 0)]["item"]
('hub', 2, 'fuel')
"""
from __future__ import annotations

import networkx as nx

__all__ = ["lane_graph", "player_graph", "reachable_stops", "stop_kind"]


def stop_kind(game, lane: tuple, boundary: int, sub: int = 0) -> dict:
    """What lies at a stop: kind, multiplier and item (None for half-hubs).

    Parameters
    ----------
    game : NekoGame
        A Neko game (its cards).
    lane : tuple of int
        The card ids in the lane's 5 slots, -1 for an empty slot (``Player.lanes[k]``).
    boundary : int
        Cards a ship there has crossed (0 to 5).
    sub : int, default 0
        A port's internal hub (0: the boundary itself).

    Returns
    -------
    dict
        ``{"kind": ..., "multiplier": ..., "item": ...}``; kind is ``"harbour"``, ``"hub"``,
        ``"half-hub"`` or a port's hub (NK-HUB-03, NK-HUB-08).

    Examples
    --------
    >>> import tabletop_nb
    >>> game = tabletop_nb.load_game("neko", players=2)
    >>> stop_kind(game, (0, 1, -1, -1, -1), 1)
    {'kind': 'hub', 'multiplier': 2, 'item': 'fuel'}
    """
    C = game.card
    if sub:
        h = C[lane[boundary]].hubs[sub - 1]
        return {"kind": "port hub", "multiplier": h.multiplier, "item": h.item}
    left = lane[boundary - 1] if boundary > 0 else -1
    right = lane[boundary] if boundary < len(lane) else -1
    if left >= 0 and right >= 0:
        return {"kind": "hub", "multiplier": C[right].left, "item": C[left].right}
    if boundary == 0:
        return {"kind": "harbour", "multiplier": None, "item": None}
    if left >= 0 or right >= 0:
        return {"kind": "half-hub", "multiplier": None, "item": None}
    return {"kind": "open", "multiplier": None, "item": None}


def lane_graph(game, lane: tuple) -> nx.DiGraph:
    """The stops of one lane as a directed graph (edges point the way ships sail).

    Nodes are ``(boundary, sub)``; node attributes ``kind``, ``multiplier``, ``item`` and
    ``crossed`` (cards a ship there has crossed); edge attribute ``card`` (the card the
    move crosses, wholly or partly).

    Parameters
    ----------
    game : NekoGame
        A Neko game (its cards).
    lane : tuple of int
        The card ids in the lane's 5 slots, -1 for an empty slot (``Player.lanes[k]``).

    Returns
    -------
    networkx.DiGraph
        The lane's stops and moves.

    Examples
    --------
    >>> import tabletop_nb
    >>> game = tabletop_nb.load_game("neko", players=2)
    >>> G = lane_graph(game, (0, 1, -1, -1, -1))
    >>> G.number_of_nodes(), G.edges[(0, 0), (1, 0)]["card"]
    (6, 0)
    """
    g = nx.DiGraph()
    n = len(lane)
    for b in range(n + 1):
        g.add_node((b, 0), crossed=b, **stop_kind(game, lane, b))
    for i, c in enumerate(lane):
        if c < 0:
            continue
        prev = (i, 0)
        for j in range(1, len(game.card[c].hubs) + 1):
            g.add_node((i, j), crossed=i, **stop_kind(game, lane, i, j))
            g.add_edge(prev, (i, j), card=c)
            prev = (i, j)
        g.add_edge(prev, (i + 1, 0), card=c)
    return g


def reachable_stops(game, lane: tuple, start=(0, 0)) -> list:
    """The stops a ship at ``start`` can reach, in order (a gap stops it, NK-HUB-14).

    Parameters
    ----------
    game : NekoGame
        A Neko game (its cards).
    lane : tuple of int
        The card ids in the lane's 5 slots, -1 for an empty slot (``Player.lanes[k]``).
    start : tuple of int, default (0, 0)
        The ship's ``(boundary, sub)``.

    Returns
    -------
    list of tuple
        The ``(boundary, sub)`` stops from ``start`` on, in sailing order (NK-HUB-09).

    Examples
    --------
    >>> import tabletop_nb
    >>> game = tabletop_nb.load_game("neko", players=2)
    >>> reachable_stops(game, (0, 1, -1, -1, -1))   # two cards: the start, a hub, a half-hub
    [(0, 0), (1, 0), (2, 0)]
    """
    g = lane_graph(game, lane)
    out = [start]
    while True:
        nxt = list(g.successors(out[-1]))
        if not nxt:
            return out
        out.append(nxt[0])


def player_graph(game, player) -> nx.DiGraph:
    """All of a player's lanes in one graph; nodes are ``(lane, boundary, sub)`` and carry
    ``ships`` (how many ships stand there) and ``die`` (the die placed there this round).

    Parameters
    ----------
    game : NekoGame
        A Neko game (its cards).
    player : tabletop_nb.games.neko.state.Player
        The player whose lanes are drawn.

    Returns
    -------
    networkx.DiGraph
        Every lane's stops, keyed ``(lane, boundary, sub)``.

    Examples
    --------
    >>> import tabletop_nb
    >>> from tabletop_nb.games.neko.state import Player
    >>> game = tabletop_nb.load_game("neko", players=2)
    >>> G = player_graph(game, Player(lanes=((0, 1, -1, -1, -1),)))
    >>> G.nodes[(0, 0, 0)]["kind"], G.nodes[(0, 0, 0)]["ships"]
    ('harbour', 1)
    """
    g = nx.DiGraph()
    dice = dict(player.hub_dice)
    for li, lane in enumerate(player.lanes):
        lg = lane_graph(game, lane)
        g.add_nodes_from(((li,) + node, dict(data, lane=li)) for node, data in lg.nodes(data=True))
        g.add_edges_from(((li,) + u, (li,) + v, d) for u, v, d in lg.edges(data=True))
    for node in g.nodes:
        g.nodes[node]["ships"] = player.ships.count(node)
        g.nodes[node]["die"] = dice.get(node)
    return g
