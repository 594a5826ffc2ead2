"""Mid-game scoring, Game End and Final Scoring.

Rulebook "Mid-Game Scoring" (in "End of a Round"), "Game End", "Final Scoring" (checklist
sections 18-22: NK-MID-01..15, NK-TRV-01..05, NK-END-01..05, NK-FIN-01..10, NK-TIE-01..02);
worked examples NK-EX-23, NK-EX-29..32. Tests: tests/games/neko/test_scoring.py.
"""
from __future__ import annotations


from ....core.hooks import hook, is_int
from ..state import (NekoState)
from .base import (NekoBase, changing_player)


class Scoring(NekoBase):
    """This section's part of the game class (a mixin of NekoGame)."""

    def tile_values(self, s, kind: str) -> list[int]:
        """Each player's value for a mid-game tile criterion.

        Rules: NK-MID-03..11, NK-MID-13.
        """
        out = []
        r = self.rules
        for P in (s.players[p] for p in range(self.player_count)):
            if kind == "most_fuel":
                v = P.fuel
            elif kind == "most_coins":
                v = P.coins
            elif kind == "max_card_cost":
                costs = [self.card[c].cost for c in P.cards]
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

    def tile_scorers(self, s, tile) -> tuple[int, ...]:
        """The players who meet a mid-game tile (all tied players score, NK-MID-02).

        Rules: NK-MID-12, NK-MID-14.
        """
        vals = self.tile_values(s, tile.kind)
        if tile.kind.endswith("_at_least"):
            return tuple(p for p, v in enumerate(vals) if v >= tile.threshold)
        if tile.kind == "least_interference":
            best = min(vals)
        else:
            best = max(vals)
            if best < 1 and self.rules.most_needs_one:
                return ()
        return tuple(p for p, v in enumerate(vals) if v == best)

    @hook(returns="int >= 0", check=is_int(0), rules=("NK-TRV-01..03",),
          example="return 2 * super().travel_pp(P)  # ship travel scores double")
    def travel_pp(self, P) -> int:
        """Ship travel PP: each ship scores by the cards it has crossed.

        Rules: NK-TRV-01..03.
        """
        t = self.rules.ship_travel_pp
        return sum(t[min(b, len(t) - 1)] for (_, b, _) in P.ships)

    def _mid_scoring(self, w) -> None:
        """Mid-game scoring: the period's two tiles, then ship travel, for every player.

        Rules: NK-MID-01, NK-MID-02, NK-MID-15, NK-TRV-04.
        """
        period = 1 if w.round <= self.rules.rounds // 2 else 2
        k = self.per_period
        tiles = w.tiles[(period - 1) * k: period * k]
        gained = [0] * self.player_count
        for t in tiles:
            tile = self.tile[t]
            for p in self.tile_scorers(w, tile):
                gained[p] += tile.pp
        for p in range(self.player_count):
            m = changing_player(w, p)
            travel = self.travel_pp(m)
            m.pp += gained[p] + travel
            w.events.append(("mid", p, gained[p], travel))

    def _window_actions(self, s, p, P) -> list:
        """The game-end window's moves and loads.

        Rules: NK-END-01..05, NK-TRV-05.
        """
        out = []
        r = self.rules
        if P.fuel >= r.move_fuel:
            out.extend(self._ship_moves(P))
        if P.goods:
            out.extend(self._cargo_moves(P))
        return out

    @hook(returns="int <= 0", check=is_int(None, 0), rules=("NK-FIN-06", "NK-FIN-07"),
          example="return -n  # one PP per interference tile")
    def interference_penalty(self, n: int) -> int:
        """PP lost for ``n`` interference tiles (NK-FIN-06, NK-FIN-07).

        >>> import tabletop_nb
        >>> [tabletop_nb.load_game("neko").interference_penalty(n) for n in range(8)]
        [0, -1, -2, -4, -8, -12, -15, -18]
        """
        r = self.rules
        t = r.interference_pp
        if n < len(t):
            return t[n]
        if r.interference_times_all:
            return r.interference_beyond * n
        return t[-1] + r.interference_beyond * (n - len(t) + 1)

    def final_breakdown(self, P) -> tuple[int, ...]:
        """A player's final score: (track, harbours, crossed cards, end-game icons, goods,
        interference, total) (NK-FIN).

        >>> import tabletop_nb
        >>> from tabletop_nb.games.neko.state import Player
        >>> game = tabletop_nb.load_game("neko", players=2)
        >>> game.final_breakdown(Player(pp=9, goods=2, interference=3))
        (9, 1, 0, 0, 2, -4, 8)

        Rules: NK-ADV-11, NK-FIN-01..05, NK-FIN-09, NK-IW-01, NK-PORT-06, NK-PORT-08,
        NK-SI-01, NK-SP-01, NK-ST-04.
        """
        r = self.rules
        C = self.card
        harb = r.harbour_pp[P.harbours - 1]
        cards_pp = 0
        for li, lane in enumerate(P.lanes):
            far = self.crossed(P, li)
            for si, c in enumerate(lane):
                if c >= 0 and si < far:
                    if C[c].kind == "port" and not self.port_unlocked(P, c):
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
        inter = self.interference_penalty(P.interference)
        total = P.pp + harb + cards_pp + end + goods + inter
        return (P.pp, harb, cards_pp, end, goods, inter, total)

    def _final_scoring(self, w) -> None:
        """Final scoring: each player's breakdown kept in the state.

        Rules: NK-FIN-08.
        """
        w.final = tuple(self.final_breakdown(w.players[p]) for p in range(self.player_count))
        w.events.append(("final",))

    def scores(self, s: NekoState) -> tuple:
        """The final scores once the game is over, else the PP on the track.

        Rules: NK-FIN-08, NK-SET-13.
        """
        if s.final:
            return tuple(f[-1] for f in s.final)
        return tuple(P.pp for P in s.players)

    def _rank_key(self, s, p: int):
        """A seat's place in the ranking: PP, then coins, then earlier turn order.

        Rules: NK-FIN-10, NK-TIE-01, NK-TIE-02.
        """
        pos = s.order.index(p)
        return (self.scores(s)[p], s.players[p].coins, -pos)

    def winners(self, s: NekoState) -> tuple[int, ...]:
        """The single winner: most PP, then most coins, then earlier turn order (NK-TIE)."""
        return (max(range(self.player_count), key=lambda p: self._rank_key(s, p)),)

    def ranks(self, s: NekoState) -> tuple[int, ...]:
        """Each seat's rank (1 the winner; no two seats share one).

        Rules: NK-TIE-01, NK-TIE-02.
        """
        keys = [self._rank_key(s, p) for p in range(self.player_count)]
        return tuple(1 + sum(1 for k in keys if k > keys[p]) for p in range(self.player_count))
