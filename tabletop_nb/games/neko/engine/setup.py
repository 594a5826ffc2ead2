"""Set Up: the main board, the player boards and the starting bonus tiles.

Rulebook section "Set Up" (checklist section 1, NK-SET-01, NK-SET-02, NK-SET-03, NK-SET-04, NK-SET-05, NK-SET-06, NK-SET-07, NK-SET-08, NK-SET-09, NK-SET-10, NK-SET-11, NK-SET-12, NK-SET-13, NK-SET-14) and the setup part of
"Advanced Game" (NK-ADS-01, NK-ADS-02, NK-ADS-03): the game's precomputed tables, the initial state, the
random start order, the mid-game tiles drawn face up, the advanced cards drawn, and
the starting bonus tiles chosen in reverse turn order. Tests: tests/games/neko/test_setup.py.
"""
from __future__ import annotations


from fractions import Fraction

from ....core import memo
from ..state import (Adjust, Bid, Done, FishFor, IncomeDie, NekoState, Pick, Player, Reroll, Sell,
                     TakeDiscard, TakeFish, TileAdjust)
from ..state import NO_DRAFT, BiddingArea, ChooseBonus, DrawTile, replace_area
from .base import Engine as NekoGame
from .base import empty_bids, set_card_at
from .base import (SETUP, action, remove_one, roll_tables, thaw, changing_player, pop, finish)
from . import round as course, end_of_round, hubs_ships


def setup(game: NekoGame) -> None:
    """The game's tables, made once from the rules: the cards by id, the period decks, the
    resolution order, the roll tables, the action tables.

    Rules: NK-SET-01, NK-SET-02, NK-RES-02.
    """
    r = game.rules
    #: the seats (``num_players``, kept as a plain attribute for the rules' loops)
    game.player_count = r.players
    #: the bidding area's spaces (the display's size for this player count)
    game.area_spaces = r.spaces
    #: the advanced cards drawn onto their own bidding spaces (0 without advanced cards)
    game.advanced_spaces = A = r.advanced_cards_drawn if r.advanced_cards else 0
    allc = r.cards + r.advanced_card_list
    # (an id no card has stays None: only the ids of cards in play are looked up)
    game.card = [None] * (max(c.id for c in allc) + 1)  # type: ignore[list-item]
    for c in allc:
        game.card[c.id] = c
    game.period_ids = {1: tuple(sorted(c.id for c in r.cards if c.period == 1)),
                       2: tuple(sorted(c.id for c in r.cards if c.period == 2))}
    game.res_order = tuple(range(game.area_spaces, game.area_spaces + A)) + tuple(range(game.area_spaces))
    game.resolution_steps = end_of_round.resolution_steps(game)
    game.tile = {x.id: x for x in r.mid_tiles}
    game.per_period = r.mid_tiles_per_period
    game.bonus = {b.name: b for b in r.bonus_tiles}
    game.chart = tuple(sorted(r.reward_chart, key=lambda x: x.level))
    # the roll of a whole hand and of one die: outcomes and cumulative weights
    game.rolls, game.roll_cum, game.one, game.one_cum = roll_tables(r.die, r.dice_per_player)
    game.effect_of = {c.id: c.effect for c in allc}
    game.profiles = memo.cache("neko.profiles", key="a player's lanes")
    game.hub_lists = memo.cache("neko.hubs", key="a player's lanes (analysis.hubs)")
    game.die_values = memo.cache("neko.die_values", key="a seat's dice")
    game.value_actions = memo.cache("neko.value_actions", key="distinct die values")
    spaces = game.area_spaces + A
    game.no_bids = (((),) * game.player_count,) * spaces   # see empty_bids
    game.fish_by_value = [None] + [TakeFish(v) for v in range(1, 7)]
    game.bid_by_value = [[None] + [Bid(sp, v) for v in range(1, 7)] for sp in range(spaces)]
    game.adjust_by_value = [None] + [(Adjust(v, 1), Adjust(v, -1)) for v in range(1, 7)]
    game.tile_adjust_by_value = [None] + [(TileAdjust(v, 1), TileAdjust(v, -1)) for v in range(1, 7)]
    game.reroll_by_value = [None] + [Reroll(v) for v in range(1, 7)]
    game.pick_fish_by_value = [None] + [TakeDiscard(v, "fish") for v in range(1, 7)]
    game.pick_park_by_value = [None] + [TakeDiscard(v, "park") for v in range(1, 7)]
    game.fish_for_pair = (FishFor("coins"), FishFor("fuel"))
    game.pick_by_value = [None] + [Pick(v) for v in range(1, 7)]
    game.income_by_value = [None] + [IncomeDie(v) for v in range(1, 7)]
    game.legal_cache = memo.cache("neko.legal", key="the id of the last state asked about (the entry holds the state)")
    game.reward_lists = memo.cache("neko.reward_lists", key="a reward frame's kind and level, and the player's interference")
    # The Morning Market's actions (NK-MM-02..04) made once; they depend on the
    # rules alone (the list legal_actions listed afresh for every sale)
    game.market_actions = tuple(
        [action(Sell, item) for item, on in (("coins", r.market_coins), ("fuel", r.market_fuel),
                                         ("goods", r.market_goods)) if on] + [action(Done)])


def initial_state(game: NekoGame) -> NekoState:
    """The state before the first decision: starting supplies, the decks, and the set-up
    run up to its first chance event or choice.

    Rules: NK-SET-03, NK-SET-06, NK-SET-12, NK-SET-14, NK-SET-08, NK-SET-10.
    """
    r = game.rules
    N = game.player_count
    start = Player(coins=r.start_coins, fuel=min(r.start_fuel, r.cabin_capacity),
                   harbours=r.start_harbours, lanes=((-1,) * r.lane_slots,) * r.start_harbours,
                   ships=((0, 0, 0),) * r.start_ships)
    s = NekoState(
        players=(start,) * N, phase=SETUP, round=0, setup_step=0, resolution_step=0, prep_step=0,
        order=tuple(range(N)), turn=0, seats_done=0,
        frames=(), deck=(game.period_ids[1], game.period_ids[2]), bottom=((), ()),
        area=BiddingArea(cards=(-1,) * game.area_spaces, adv_cards=(-1,) * game.advanced_spaces,
                         bids=empty_bids(game), piles=(),
                         adv_pool=tuple(sorted(c.id for c in r.advanced_card_list)) if game.advanced_spaces else ()),
        discard=(), tiles=(),
        bonus_left=tuple(b.name for b in r.bonus_tiles), draft=NO_DRAFT, main=None,
        removed=() if game.advanced_spaces else tuple(sorted(c.id for c in r.advanced_card_list)), final=())
    w = thaw(s)
    course.run(game, w)
    return finish(w)


def apply_order(game: NekoGame, w, top, a):
    """The random start order drawn.

    Rules: NK-SET-07.
    """
    pop(w)
    w.order = tuple(a.order)
    w.events.append(("start_order", w.order))


def apply_tile(game: NekoGame, w, top, a):
    """A mid-game scoring tile drawn.

    Rules: NK-SET-05.
    """
    pop(w)
    w.tiles = w.tiles + (a.tile,)


def apply_adv(game: NekoGame, w, top, a):
    """An advanced card drawn onto its space.

    Rules: NK-ADV-02.
    """
    pop(w)
    w.area = replace_area(w.area, adv_pool=remove_one(w.area.adv_pool, a.card))
    set_card_at(game, w, game.area_spaces + w.area.adv_cards.index(-1), a.card)


def apply_bonus(game: NekoGame, w, top, a):
    """A starting bonus tile chosen (caps apply), in reverse turn order.

    Rules: NK-SET-09, NK-SET-11.
    """
    pop(w)
    p = top.seat
    b = game.bonus[a.tile]
    m = changing_player(w, p)
    m.coins += b.coins
    hubs_ships.gain(game, m, "fuel", b.fuel)
    hubs_ships.gain(game, m, "goods", b.goods)
    hubs_ships.gain(game, m, "fish", b.fish)
    m.bonus = b.name
    w.bonus_left = remove_one(w.bonus_left, a.tile)
    w.events.append(("bonus", p, a.tile))


def bonus_choices(game: NekoGame, s, top) -> list:
    """A starting bonus tile of those left.

    Rules: NK-SET-09.
    """
    return [action(ChooseBonus, b) for b in s.bonus_left]


def tile_outcomes(game: NekoGame, s, top) -> list:
    """A mid-game scoring tile drawn from those not yet drawn, each as likely.

    Rules: NK-SET-05.
    """
    left = [t.id for t in game.rules.mid_tiles if t.id not in s.tiles]
    q = Fraction(1, len(left))
    return [(DrawTile(t), q) for t in left]
