"""Set Up: the main board, the player boards and the starting bonus tiles.

Rulebook section "Set Up" (checklist section 1, NK-SET-01..14) and the setup part of
"Advanced Game" (NK-ADS-01..03): the game's precomputed tables, the initial state, the
random start order, the mid-game tiles drawn face up, the advanced cards drawn, and
the starting bonus tiles chosen in reverse turn order. Tests: tests/games/neko/test_setup.py.
"""
from __future__ import annotations

from ....core import memo
from ..state import (Adjust, Bid, Done, FishFor, IncomeDie, NekoState, Pick, Player, Reroll, Sell,
                     TakeDiscard, TakeFish, TileAdjust)
from .base import (NekoBase, SETUP, _a, _remove, _roll_tables, thaw, changing_player, pop, finish)


class SetUp(NekoBase):
    """This section's part of the game class (a mixin of NekoGame)."""

    def setup(self) -> None:
        """The game's tables, made once from the rules: the cards by id, the period decks, the
        resolution order, the roll tables, the action tables.

        Rules: NK-SET-01, NK-SET-02, NK-RES-02.
        """
        r = self.rules
        #: the seats (``num_players``, kept as a plain attribute for the rules' loops)
        self.player_count = r.players
        #: the bidding area's spaces (the display's size for this player count)
        self.area_spaces = r.spaces
        #: the advanced cards drawn onto their own bidding spaces (0 without advanced cards)
        self.advanced_spaces = A = r.advanced_cards_drawn if r.advanced_cards else 0
        allc = r.cards + r.advanced_card_list
        # (an id no card has stays None: only the ids of cards in play are looked up)
        self.card = [None] * (max(c.id for c in allc) + 1)  # type: ignore[list-item]
        for c in allc:
            self.card[c.id] = c
        self.period_ids = {1: tuple(sorted(c.id for c in r.cards if c.period == 1)),
                           2: tuple(sorted(c.id for c in r.cards if c.period == 2))}
        self.res_order = tuple(range(self.area_spaces, self.area_spaces + A)) + tuple(range(self.area_spaces))
        self.resolution_steps = self._resolution_steps()
        self.tile = {x.id: x for x in r.mid_tiles}
        self.per_period = r.mid_tiles_per_period
        self.bonus = {b.name: b for b in r.bonus_tiles}
        self.chart = tuple(sorted(r.reward_chart, key=lambda x: x.level))
        # the roll of a whole hand and of one die: outcomes and cumulative weights
        self.rolls, self.roll_cum, self.one, self.one_cum = _roll_tables(r.die, r.dice_per_player)
        self.effect_of = {c.id: c.effect for c in allc}
        self.profiles = memo.cache("neko.profiles", key="a player's lanes")
        self.die_values = memo.cache("neko.die_values", key="a seat's dice")
        self.value_actions = memo.cache("neko.value_actions", key="distinct die values")
        spaces = self.area_spaces + A
        self._no_bids = (((),) * self.player_count,) * spaces   # see _empty_bids
        self._A_fish = [None] + [TakeFish(v) for v in range(1, 7)]
        self._A_bid = [[None] + [Bid(sp, v) for v in range(1, 7)] for sp in range(spaces)]
        self._A_adjust = [None] + [(Adjust(v, 1), Adjust(v, -1)) for v in range(1, 7)]
        self._A_tile = [None] + [(TileAdjust(v, 1), TileAdjust(v, -1)) for v in range(1, 7)]
        self._A_reroll = [None] + [Reroll(v) for v in range(1, 7)]
        self._A_pick_fish = [None] + [TakeDiscard(v, "fish") for v in range(1, 7)]
        self._A_pick_park = [None] + [TakeDiscard(v, "park") for v in range(1, 7)]
        self._A_fishfor = (FishFor("coins"), FishFor("fuel"))
        self._A_pick = [None] + [Pick(v) for v in range(1, 7)]
        self._A_income = [None] + [IncomeDie(v) for v in range(1, 7)]
        self._legal_last = (None, ())   # the last state asked about and its legal actions
        self._reward_lists = {}   # the reward frames' legal lists (_rewards_for)
        # Speed: the Morning Market's actions (NK-MM-02..04) made once; they depend on the
        # rules alone (the list legal_actions listed afresh for every sale)
        self._market_actions = tuple(
            [_a(Sell, item) for item, on in (("coins", r.market_coins), ("fuel", r.market_fuel),
                                             ("goods", r.market_goods)) if on] + [_a(Done)])

    def initial_state(self) -> NekoState:
        """The state before the first decision: starting supplies, the decks, and the set-up
        run up to its first chance event or choice.

        Rules: NK-SET-03, NK-SET-06, NK-SET-12, NK-SET-14, NK-SET-08, NK-SET-10.
        """
        r = self.rules
        N = self.player_count
        start = Player(coins=r.start_coins, fuel=min(r.start_fuel, r.cabin_capacity),
                       harbours=r.start_harbours, lanes=((-1,) * r.lane_slots,) * r.start_harbours,
                       ships=((0, 0, 0),) * r.start_ships)
        s = NekoState(
            players=(start,) * N, phase=SETUP, round=0, step=0, order=tuple(range(N)), turn=0,
            frames=(), deck=(self.period_ids[1], self.period_ids[2]), bottom=((), ()), piles=(),
            area=(-1,) * self.area_spaces, adv=(-1,) * self.advanced_spaces,
            adv_pool=tuple(sorted(c.id for c in r.advanced_card_list)) if self.advanced_spaces else (),
            bids=((),) * (self.area_spaces + self.advanced_spaces), discard=(), tiles=(),
            bonus_left=tuple(b.name for b in r.bonus_tiles), hands=(), picks=(), main=(),
            removed=() if self.advanced_spaces else tuple(sorted(c.id for c in r.advanced_card_list)), final=())
        w = thaw(s)
        w.bids = self._empty_bids()
        self._run(w)
        return finish(w)

    def _empty_bids(self) -> tuple:
        # Speed: one tuple per game (a value like any other); every row of it is the one
        # shared empty row, which _bid_spaces knows by identity
        """Every space's row of empty slots, one per seat (one shared tuple).

        Rules: NK-SET-14, NK-PREP-01.
        """
        return self._no_bids

    def _h_order(self, w, top, a):
        """The random start order drawn.

        Rules: NK-SET-07.
        """
        pop(w)
        w.order = tuple(a.order)
        w.events.append(("start_order", w.order))

    def _h_tile(self, w, top, a):
        """A mid-game scoring tile drawn.

        Rules: NK-SET-05.
        """
        pop(w)
        w.tiles = w.tiles + (a.tile,)

    def _h_adv(self, w, top, a):
        """An advanced card drawn onto its space.

        Rules: NK-ADV-02.
        """
        pop(w)
        w.adv_pool = _remove(w.adv_pool, a.card)
        self._set_card_at(w, self.area_spaces + w.adv.index(-1), a.card)

    def _h_bonus(self, w, top, a):
        """A starting bonus tile chosen (caps apply), in reverse turn order.

        Rules: NK-SET-09, NK-SET-11.
        """
        pop(w)
        p = top.seat
        b = self.bonus[a.tile]
        m = changing_player(w, p)
        m.coins += b.coins
        self._gain(m, "fuel", b.fuel)
        self._gain(m, "goods", b.goods)
        self._gain(m, "fish", b.fish)
        m.bonus = b.name
        w.bonus_left = _remove(w.bonus_left, a.tile)
        w.events.append(("bonus", p, a.tile))
