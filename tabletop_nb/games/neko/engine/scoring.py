"""Mid-game scoring, Game End and Final Scoring.

Rulebook "Mid-Game Scoring" (in "End of a Round"), "Game End", "Final Scoring" (checklist
sections 18-22: NK-MID-01, NK-MID-02, NK-MID-03, NK-MID-04, NK-MID-05, NK-MID-06, NK-MID-07, NK-MID-08, NK-MID-09, NK-MID-10, NK-MID-11, NK-MID-12, NK-MID-13, NK-MID-14, NK-MID-15, NK-TRV-01, NK-TRV-02, NK-TRV-03, NK-TRV-04, NK-TRV-05, NK-END-01, NK-END-02, NK-END-03, NK-END-04, NK-END-05, NK-FIN-01, NK-FIN-02, NK-FIN-03, NK-FIN-04, NK-FIN-05, NK-FIN-06, NK-FIN-07, NK-FIN-08, NK-FIN-09, NK-FIN-10, NK-TIE-01, NK-TIE-02);
worked examples NK-EX-23, NK-EX-29, NK-EX-30, NK-EX-31, NK-EX-32. Tests: tests/games/neko/test_scoring.py.
"""
from __future__ import annotations


from ..state import (NekoState)
from ..state import Done
from .base import Engine as NekoGame
from .base import action
from .base import (changing_player)
from . import hubs_ships


def tile_values(game: NekoGame, s, kind: str) -> list[int]:
    """Each player's value for a mid-game tile criterion.

    Rules: NK-MID-03, NK-MID-04, NK-MID-05, NK-MID-06, NK-MID-07, NK-MID-08, NK-MID-09, NK-MID-10, NK-MID-11, NK-MID-13.
    """
    out = []
    r = game.rules
    for P in (s.players[p] for p in range(game.player_count)):
        if kind == "most_fuel":
            v = P.fuel
        elif kind == "most_coins":
            v = P.coins
        elif kind == "max_card_cost":
            costs = [game.card[c].cost for c in P.cards]
            v = (sum(costs) if r.max_card_cost_total else max(costs, default=0))
        elif kind == "most_cards":
            v = len(P.cards)
        elif kind == "most_crossed":
            v = sum(b for (_, b, _) in P.ships)
        elif kind == "most_ships":
            v = len(P.ships)
        elif kind in ("goods_at_least", "most_goods"):
            v = P.goods + (sum(n for _, n in P.cargo) if r.goods_tiles_count_ports else 0)
        elif kind == "fish_at_least":
            v = P.fish
        elif kind == "least_interference":
            v = P.interference
        else:
            raise ValueError(kind)
        out.append(v)
    return out


def tile_scorers(game: NekoGame, s, tile) -> tuple[int, ...]:
    """The players who meet a mid-game tile (all tied players score, NK-MID-02).

    Rules: NK-MID-12, NK-MID-14.
    """
    vals = tile_values(game, s, tile.kind)
    if tile.kind.endswith("_at_least"):
        return tuple(p for p, v in enumerate(vals) if v >= tile.threshold)
    if tile.kind == "least_interference":
        best = min(vals)
    else:
        best = max(vals)
        if best < 1 and game.rules.most_needs_one:
            return ()
    return tuple(p for p, v in enumerate(vals) if v == best)


def travel_pp(game: NekoGame, P) -> int:
    """Ship travel PP: each ship scores by the cards it has crossed.

    Rules: NK-TRV-01, NK-TRV-02, NK-TRV-03.
    """
    t = game.rules.ship_travel_pp
    return sum(t[min(b, len(t) - 1)] for (_, b, _) in P.ships)


def mid_scoring(game: NekoGame, w) -> None:
    """Mid-game scoring: the period's two tiles, then ship travel, for every player.

    Rules: NK-MID-01, NK-MID-02, NK-MID-15, NK-TRV-04.
    """
    period = 1 if w.round <= game.rules.rounds // 2 else 2
    k = game.per_period
    tiles = w.tiles[(period - 1) * k: period * k]
    gained = [0] * game.player_count
    for t in tiles:
        tile = game.tile[t]
        for p in tile_scorers(game, w, tile):
            gained[p] += tile.pp
    for p in range(game.player_count):
        m = changing_player(w, p)
        travel = game.travel_pp(m)
        m.pp += gained[p] + travel
        w.events.append(("mid", p, gained[p], travel))


def window_actions(game: NekoGame, s, p, P) -> list:
    """The game-end window's moves and loads.

    Rules: NK-END-01, NK-END-02, NK-END-03, NK-END-04, NK-END-05, NK-TRV-05.
    """
    out = []
    r = game.rules
    if P.fuel >= r.move_fuel:
        out.extend(hubs_ships.ship_moves(game, P))
    if P.goods:
        out.extend(hubs_ships.cargo_moves(game, P))
    return out


def interference_penalty(game: NekoGame, n: int) -> int:
    """PP lost for ``n`` interference tiles (NK-FIN-06, NK-FIN-07).

    >>> import tabletop_nb
    >>> [tabletop_nb.load_game("neko").interference_penalty(n) for n in range(8)]
    [0, -1, -2, -4, -8, -12, -15, -18]
    """
    r = game.rules
    t = r.interference_pp
    if n < len(t):
        return t[n]
    if r.interference_times_all:
        return r.interference_beyond * n
    return t[-1] + r.interference_beyond * (n - len(t) + 1)


def final_breakdown(game: NekoGame, P) -> tuple[int, ...]:
    """A player's final score: (track, harbours, crossed cards, end-game icons, goods,
    interference, total) (NK-FIN).

    >>> import tabletop_nb
    >>> from tabletop_nb.games.neko.state import Player
    >>> game = tabletop_nb.load_game("neko", players=2)
    >>> final_breakdown(game, Player(pp=9, goods=2, interference=3))
    (9, 1, 0, 0, 2, -4, 8)

    Rules: NK-ADV-11, NK-FIN-01, NK-FIN-02, NK-FIN-03, NK-FIN-04, NK-FIN-05, NK-FIN-09, NK-IW-01, NK-PORT-06, NK-PORT-08,, NK-ADV-10
    NK-SI-01, NK-SP-01, NK-ST-04.
    """
    r = game.rules
    C = game.card
    harb = r.harbour_pp[P.harbours - 1]
    cards_pp = 0
    for li, lane in enumerate(P.lanes):
        far = hubs_ships.crossed(game, P, li)
        for si, c in enumerate(lane):
            if c >= 0 and si < far:
                if C[c].kind == "port" and not hubs_ships.port_unlocked(game, P, c):
                    continue
                cards_pp += C[c].pp
    end = 0
    kinds = [C[c].kind for c in P.cards]
    for c in P.cards:
        e = C[c].effect
        if e == "seaside_cards":
            end += r.seaside_cards_pp * len(P.cards)
        elif e == "south_pole":
            end += r.south_pole_pp * P.interference
        elif e == "ice_wall":
            end += P.coins // r.ice_wall_coins
        elif e == "small_islands":
            end += P.fish
        if C[c].endgame_pp:
            end += C[c].endgame_pp * sum(1 for k in kinds if k in C[c].endgame_kinds)
    goods = r.goods_pp * P.goods
    inter = game.interference_penalty(P.interference)
    total = P.pp + harb + cards_pp + end + goods + inter
    return (P.pp, harb, cards_pp, end, goods, inter, total)


def final_scoring(game: NekoGame, w) -> None:
    """Final scoring: each player's breakdown kept in the state.

    Rules: NK-FIN-08.
    """
    w.final = tuple(final_breakdown(game, w.players[p]) for p in range(game.player_count))
    w.events.append(("final",))


def scores(game: NekoGame, s: NekoState) -> tuple:
    """The final scores once the game is over (the totals :func:`final_scoring` kept),
    else the PP on the track.

    Rules: NK-SET-13.
    """
    if s.final:
        return tuple(f[-1] for f in s.final)
    return tuple(P.pp for P in s.players)


def rank_key(game: NekoGame, s, p: int):
    """A seat's place in the ranking: PP, then coins, then earlier turn order.

    Rules: NK-FIN-10, NK-TIE-01, NK-TIE-02.
    """
    pos = s.order.index(p)
    return (scores(game, s)[p], s.players[p].coins, -pos)


def winners(game: NekoGame, s: NekoState) -> tuple[int, ...]:
    """The single winner: most PP, then most coins, then earlier turn order (NK-TIE)."""
    return (max(range(game.player_count), key=lambda p: rank_key(game, s, p)),)


def ranks(game: NekoGame, s: NekoState) -> tuple[int, ...]:
    """Each seat's rank (1 the winner; no two seats share one), in the order of
    :func:`rank_key`."""
    keys = [rank_key(game, s, p) for p in range(game.player_count)]
    return tuple(1 + sum(1 for k in keys if k > keys[p]) for p in range(game.player_count))


def endgame_choices(game: NekoGame, s, top) -> list:
    """The game-end window: the seat's last free actions, or Done.

    Rules: NK-END-01.
    """
    p = top.seat
    return window_actions(game, s, p, s.players[p]) + [action(Done)]
