"""The greedy bot's Speed section (bots.py) gives exactly the numbers of the plain
definitions it stands in for, in the positions of whole seeded games (issue 12).

tests/games/neko/test_golden_greedy.py pins whole games; these tests pin each helper, so
a helper that drifts from its definition fails here by name.
"""
from __future__ import annotations

import math

import numpy as np
import pytest

import tabletop_nb
from tabletop_nb import native
from tabletop_nb.core.draft import evolve
from tabletop_nb.games.neko import CONFORMANCE
from tabletop_nb.games.neko import analysis
from tabletop_nb.games.neko import bots as B
from tabletop_nb.games.neko.state import RESOLVE as _RESOLVE
from tabletop_nb.games.neko.state import replace_area
from tabletop_nb.games.neko.state import (Bid, Buy, BuyShip, EndTurn, HospitalRemove, Lighthouse, LoadCargo,
                                          MoveShip, OpenHarbour, RemoveInterference, TakeDiscard, TakeFish, Trade)
from tabletop_nb.games.neko.engine import cards
from tabletop_nb.games.neko.engine import free_actions


#: a test that patches a compiled module's function runs on the source only
source_only = pytest.mark.skipif(native.MODE == "compiled", reason="source mode only: this test patches a function of a compiled module, which compiled callers call directly (make test runs it with TABLETOP_PURE=1; tests/build checks that both modes play and choose alike)")


class InventedHubs:
    """``analysis.hubs`` patched to answer invented hubs for the players given them (told
    apart by identity, each kept here), and their lanes' hubs for every other player: the
    bots ask ``analysis.hubs``, so they see the invented ones."""

    def __init__(self, monkeypatch):
        self.given: dict[int, tuple] = {}
        real = analysis.hubs

        def hubs(game, P):
            entry = self.given.get(id(P))
            return entry[1] if entry is not None and entry[0] is P else real(game, P)
        monkeypatch.setattr(analysis, "hubs", hubs)

    def player(self, Q, hubs: tuple):
        """``Q``, whose hubs ``analysis.hubs`` now says are ``hubs``."""
        self.given[id(Q)] = (Q, hubs)
        return Q


def _turn_positions(game, seed: int, limit: int = 120) -> list:
    """Action-phase positions of a seeded greedy game."""
    rng = np.random.default_rng(seed)
    s = game.initial_state()
    out = []
    while not game.is_terminal(s) and len(out) < limit:
        p = game.current_player(s)
        if p == tabletop_nb.CHANCE:
            s = game.apply_trusted(s, game.sample_chance(s, rng))
            continue
        if s.frames[-1].kind == "turn":
            out.append(s)
        s = game.apply(s, B.greedy_bot(game, s, rng))
    return out


CONFIGS = [dict(players=2), dict(players=4), dict(players=4, advanced_cards=True, advanced_setup=True),
           dict(players=3, lane_slots=4, ship_travel_pp=(0, 0, 1, 3, 5), gap_coins=2, coin_unit=1)]


@pytest.fixture(scope="module", params=range(len(CONFIGS)))
def positions(request):
    game = tabletop_nb.load_game("neko", **CONFIGS[request.param])
    return game, _turn_positions(game, 10 + request.param)


def _every_card(game, s) -> list[int]:
    return sorted({c for c in s.area.cards + s.area.adv_cards + s.area.piles if c >= 0})


def test_slot_tables_give_slot_value(positions):
    game, states = positions
    checked = 0
    for s in states:
        for P in s.players:
            slots = B._slots(game, P)
            empty = [(li, si) for li, lane in enumerate(P.lanes) for si, c in enumerate(lane) if c < 0]
            assert list(slots) == empty
            assert [slots[k][4] for k in empty] == [game.gap_coins(P.lanes[li], si) for li, si in empty]
            # the placements read from the table are the engine's, for every card and discount
            for card in _every_card(game, s):
                for disc in (0, 2):
                    cost = game.card_price(P, card, disc)
                    from_table = [(li, si, cost + slots[li, si][4]) for li, si in empty
                                  if cost + slots[li, si][4] <= P.coins]
                    assert from_table == analysis.placements(game, P, card, disc)
            for card in _every_card(game, s):
                plain = [B._slot_value(game, P, card, li, si) for li, si in empty]
                fast = [B._slot_value_at(game, card, slots[k]) for k in empty]
                assert fast == plain
                assert B._best_slot_value(game, P, card) == max(plain, default=0.0)
                checked += 1
    assert checked > 100


def test_cached_card_values_are_the_plain_ones(positions):
    game, states = positions
    checked = 0
    for s in states:
        for p, P in enumerate(s.players):
            disc = game.blue_bar_discount(P)
            for card in _every_card(game, s):
                worth = B.card_worth(game, s, p, card)
                price = min((pr for _, _, pr in analysis.placements(game, P, card, disc)), default=None)
                expected = None if price is None else \
                    worth + B._best_slot_value(game, P, card) - price * B.WORTH["coins"]
                assert B._bid_gain(game, s, p, P, card, disc) == expected
                assert B._bid_gain(game, s, p, P, card, disc, B._slots(game, P)) == expected
                assert B._gains(game, s, P).get(card, expected) == expected
                checked += 1
    assert checked > 100


def test_lowest_price_is_the_cheapest_placement(positions):
    """_lowest_price (no placements listed) against the minimum over _placements, for every
    player and card, also with fewer coins and with full lanes."""
    from dataclasses import replace

    game, states = positions
    checked = 0
    for s in states[::3]:
        for P in s.players:
            full = replace(P, lanes=tuple(tuple(0 if c < 0 else c for c in lane) for lane in P.lanes))
            for Q in (P, replace(P, coins=0), replace(P, coins=3), full):
                for disc in (0, game.blue_bar_discount(Q), 2):
                    for card in _every_card(game, s):
                        plain = min((pr for _, _, pr in analysis.placements(game, Q, card, disc)), default=None)
                        assert analysis.lowest_price(game, Q, card, disc) == plain
                        checked += plain is not None
    assert checked > 100


def test_buy_price_is_the_price_after(positions):
    """_best_buy's hoisted discount gives _price_after's coins for every Buy offered."""
    game, _ = positions
    rng = np.random.default_rng(3)
    s = game.initial_state()
    checked = 0
    while not game.is_terminal(s) and checked < 200:
        p = game.current_player(s)
        if p == tabletop_nb.CHANCE:
            s = game.apply_trusted(s, game.sample_chance(s, rng))
            continue
        if s.frames[-1].kind in ("buy", "win"):
            P = s.players[p]
            disc = B._discount(game, s, P)
            for a in game.legal_actions(s):
                if type(a) is Buy:
                    price = game.card_price(P, a.card, disc) + game.gap_coins(P.lanes[a.lane], a.slot)
                    assert P.coins - price == B._price_after(game, s, p, a)
                    checked += 1
        s = game.apply(s, B.greedy_bot(game, s, rng))
    assert checked > 20


def test_grouped_legal_actions_answer_membership_like_a_set(positions):
    game, states = positions
    for s in states:
        legal = game.legal_actions(s)
        by = B._by_kind(legal)
        assert [a for group in by.values() for a in group] == sorted(
            legal, key=lambda a: list(by).index(type(a)))
        as_set = set(legal)
        probes = legal + [EndTurn(), OpenHarbour(), TakeFish(1), TakeFish(6), Bid(0, 6), Bid(99, 1)]
        for a in probes:
            assert B._has(by, a) == (a in as_set)
            assert (type(a) in by and not a.__dataclass_fields__) == (a in as_set and not a.__dataclass_fields__)


def test_bid_plan_is_the_plain_one(positions):
    """_plan_bid with its caches and pruning against the same plan computed plainly:
    every reachable space valued, every lead counted, the first best kept."""
    game, states = positions
    for s in states:
        if s.main:
            continue
        p = s.frames[-1].seat
        P = s.players[p]
        legal = game.legal_actions(s)
        dice = sorted(P.dice, reverse=True)
        best = None
        for sp in game.res_order:
            card = analysis.card_on_space(game, s, sp)
            if card < 0 or Bid(sp, dice[0]) not in legal:
                continue
            price = min((pr for _, _, pr in analysis.placements(game, P, card, game.blue_bar_discount(P))),
                        default=None)
            if price is None:
                continue
            gain = B.card_worth(game, s, p, card) + B._best_slot_value(game, P, card) - price * B.WORTH["coins"]
            need = analysis.dice_to_lead(game, s, p, sp, dice)
            if need is None:
                continue
            v = gain - math.fsum(0.35 + 0.05 * x for x in need)
            if best is None or v > best[0]:
                best = (v, Bid(sp, need[0]))
        got = B._plan_bid(game, s, p, P, legal)
        if best is not None and best[0] > 0:
            assert got == best
        elif not game.rules.advanced_setup:
            assert got is None


def test_cached_values_follow_coins_fish_and_rounds(positions):
    """The same lanes with other coins, fish or rounds left are valued afresh (a cache key
    missing one of them would hand back the first value)."""
    from dataclasses import replace

    from tabletop_nb.games.neko.state import replace_state

    game, states = positions
    s = states[len(states) // 2]
    p = s.frames[-1].seat
    changed = 0
    for coins, fish, rnd in ((0, 0, 1), (1, 0, 1), (40, 0, 1), (40, 6, 1), (40, 6, 4), (3, 2, 3)):
        P = replace(s.players[p], coins=coins, fish=fish)
        s2 = replace_state(s, players=s.players[:p] + (P,) + s.players[p + 1:], round=rnd)
        disc = game.blue_bar_discount(P)
        for card in _every_card(game, s2):
            worth = B.card_worth(game, s2, p, card)
            price = min((pr for _, _, pr in analysis.placements(game, P, card, disc)), default=None)
            expected = None if price is None else \
                worth + B._best_slot_value(game, P, card) - price * B.WORTH["coins"]
            assert B._bid_gain(game, s2, p, P, card, disc) == expected
            assert B._bid_gain(game, s2, p, P, card, disc, B._slots(game, P)) == expected
            gains = B._gains(game, s2, P)   # filled the way _plan_bid fills it
            if card not in gains:
                gains[card] = B._bid_gain(game, s2, p, P, card, disc)
            assert gains[card] == expected
            changed += expected is None
    assert changed  # some card was unaffordable with few coins


def _mixed_turns(game, seed: int, limit: int = 400) -> list:
    """Action-phase positions of a seeded game of greedy and random seats (random seats
    reach the odd positions: rerolls, trades, pickups, hospital tiles)."""
    rng = np.random.default_rng(seed)
    s = game.initial_state()
    out = []
    while not game.is_terminal(s) and len(out) < limit:
        p = game.current_player(s)
        if p == tabletop_nb.CHANCE:
            s = game.apply_trusted(s, game.sample_chance(s, rng))
            continue
        legal = game.legal_actions(s)
        if s.frames[-1].kind == "turn":
            out.append(s)
        a = B.greedy_bot(game, s, rng) if (p + seed) % 2 else legal[int(rng.random() * len(legal))]
        s = game.apply(s, a)
    return out


@pytest.mark.parametrize("cfg", CONFORMANCE + [dict(players=4, park_pickup_per_turn=True)])
def test_turn_actions_of_one_kind_are_the_legal_ones_of_that_kind(cfg):
    """``turn_actions_of(s, K)`` is the legal list filtered by type, in order, for every
    kind; the kinds in ``NekoGame.turn_offers`` order make up the whole list (each kind one run)."""
    game = tabletop_nb.load_game("neko", **cfg)
    seen: set = set()
    for seed in (1, 2):
        for s in _mixed_turns(game, seed):
            legal = game.legal_actions(s)
            joined = []
            for kind in game.turn_offers:
                got = game.turn_actions_of(s, kind)
                assert got == [a for a in legal if type(a) is kind], kind
                joined += got
                if got:
                    seen.add(kind)
            assert joined == legal
            P = s.players[s.frames[-1].seat]
            if not (P.cards and game.profile(P).card_free):   # what _good_free_action skips
                assert not [a for a in legal if type(a) in (LoadCargo, HospitalRemove, Trade, Lighthouse)]
    assert len(seen) >= 8


#: _good_free_action's guards: (kind of action, whether the bot skips looking it up, which
#: actions of the kind it wants); skipping is right only if the engine offers none then
_FREE_GUARDS = [
    ("load", lambda g, s, P: not P.goods, lambda a: type(a) is LoadCargo),
    ("goods to pp", lambda g, s, P: not P.goods, lambda a: a == Trade("goods_to_pp")),
    ("hospital", lambda g, s, P: not P.interference or P.hospital_used, lambda a: type(a) is HospitalRemove),
    ("unjam", lambda g, s, P: not P.interference, lambda a: type(a) is RemoveInterference),
    ("light house", lambda g, s, P: not analysis.hubs(g, P), lambda a: type(a) is Lighthouse),
    ("park pickup", lambda g, s, P: not s.discard or not P.cards,
     lambda a: type(a) is TakeDiscard and a.source == "park"),
]


def test_free_action_guards_skip_only_kinds_not_offered():
    """Where _good_free_action does not look a kind up, the legal list holds none of it, in
    the turns of mixed games of every conformance configuration; and every guarded kind is
    offered somewhere with its field set (so each guard is put to the test)."""
    assert _offered_where_looked(_FREE_GUARDS) == {name for name, _, _ in _FREE_GUARDS}


def _offered_where_looked(guards) -> set:
    """Check, at the turns of mixed games of every conformance configuration, that where a
    guard ``(name, skip(game, s, P), wanted(action))`` skips its look-up the legal list
    holds none of what it wants; return the names of the guards whose kind was offered
    somewhere the bot does look."""
    offered: set = set()
    for cfg in CONFORMANCE + [dict(players=4, park_pickup_per_turn=True)]:
        game = tabletop_nb.load_game("neko", **cfg)
        for seed in range(1, 7):
            for s in _mixed_turns(game, seed):
                P = s.players[s.frames[-1].seat]
                legal = game.legal_actions(s)
                for name, skip, wanted in guards:
                    found = [a for a in legal if wanted(a)]
                    if skip(game, s, P):
                        assert not found, (cfg, name, found)
                    elif found:
                        offered.add(name)
    return offered


@pytest.mark.parametrize("cfg", [dict(players=4), dict(players=3, advanced_cards=True, advanced_setup=True),
                                 dict(players=2, hospital_needs_die=True, park_pickup_per_turn=True,
                                      free_actions_after_last_die=False)])
def test_turn_choice_without_the_legal_list_is_the_one_from_it(cfg):
    """The greedy turn found one kind at a time (_TurnOffer) chooses what it chooses from
    the whole legal list, single-action turns included (where greedy_bot used to return
    legal[0] at once)."""
    game = tabletop_nb.load_game("neko", **cfg)
    singles = 0
    for seed in (3, 4):
        for s in _mixed_turns(game, seed):
            p = s.frames[-1].seat
            legal = game.legal_actions(s)
            plain = legal[0] if len(legal) == 1 else B._turn(game, s, p, legal)
            assert B._turn(game, s, p) == plain
            assert B.greedy_bot(game, s, None) == plain
            singles += len(legal) == 1
    assert singles


def test_frozen_working_copies_are_plain_states():
    """apply's working copy freezes into the new state (engine/base.py): each state and
    player is of the state classes, equal to and hashing like the same fields built
    afresh, and the state applied to is unchanged."""
    from dataclasses import fields

    from tabletop_nb.games.neko.state import NekoState, Player

    def rebuilt(s):
        players = tuple(Player(**{f.name: getattr(P, f.name) for f in fields(Player)}) for P in s.players)
        return NekoState(**{f.name: getattr(s, f.name) for f in fields(NekoState)} | {"players": players})

    game = tabletop_nb.load_game("neko", players=3, advanced_cards=True)
    rng = np.random.default_rng(5)
    s = game.initial_state()
    n = 0
    while not game.is_terminal(s):
        before = rebuilt(s)
        p = game.current_player(s)
        a = game.sample_chance(s, rng) if p == tabletop_nb.CHANCE else B.greedy_bot(game, s, rng)
        s2 = game.apply(s, a)
        assert s == before and hash(s) == hash(before)
        assert type(s2) is NekoState and all(type(P) is Player for P in s2.players)
        assert type(s2.players) is tuple and type(s2.frames) is tuple and type(s2.events) is tuple
        assert rebuilt(s2) == s2 and hash(rebuilt(s2)) == hash(s2)
        s = s2
        n += 1
    assert n > 300


def test_draft_and_income_actions_from_tables_are_the_plain_ones():
    """The draft's and income's legal actions come from setup's per-value tables (engine
    round.py): the same as one action per distinct value, in value order."""
    from tabletop_nb.games.neko.state import IncomeDie, Pick

    game = tabletop_nb.load_game("neko", players=4)
    rng = np.random.default_rng(8)
    s = game.initial_state()
    seen = {"draft": 0, "income": 0}
    while not game.is_terminal(s):
        p = game.current_player(s)
        if p == tabletop_nb.CHANCE:
            s = game.apply_trusted(s, game.sample_chance(s, rng))
            continue
        kind = s.frames[-1].kind
        legal = game.legal_actions(s)
        if kind == "draft":
            assert legal == [Pick(v) for v in sorted(set(s.draft.hands[p]))]
            seen[kind] += 1
        elif kind == "income":
            assert legal == [IncomeDie(v) for v in sorted(set(s.players[p].dice))]
            seen[kind] += 1
        s = game.apply(s, legal[int(rng.random() * len(legal))])
    assert seen["draft"] > 20 and seen["income"] > 5


def _plain_dice_to_lead(s, p, sp, dice_desc):
    """bots._dice_to_lead as first written (no shortcut for a space nobody has bid on)."""
    row = s.area.bids[sp]
    mine = row[p]
    most = max(map(len, row))
    best_other, who = 0, None
    for q in s.order:
        if q != p and row[q] and sum(row[q]) > best_other:
            best_other, who = sum(row[q]), q
    need: list = []
    total = sum(mine)
    ahead = s.order.index(p) < s.order.index(who) if who is not None else True
    for v in dice_desc:
        if len(mine) + len(need) >= most and (total > best_other or (total == best_other and ahead)) \
                and need:
            break
        need.append(v)
        total += v
    if len(mine) + len(need) < most or not (total > best_other or (total == best_other and ahead)):
        return None
    return None if len(need) > 3 else need


def test_dice_to_lead_is_the_plain_one(positions):
    game, states = positions
    empty = 0
    for s in states:
        p = s.frames[-1].seat
        for dice in (sorted(s.players[p].dice, reverse=True), [6, 5, 2], [1], [3, 3, 3, 3, 1], []):
            for sp in range(len(s.area.bids)):
                assert analysis.dice_to_lead(game, s, p, sp, dice) == _plain_dice_to_lead(s, p, sp, dice)
                empty += not any(s.area.bids[sp])
    assert empty


@pytest.mark.parametrize("cfg", CONFORMANCE)
def test_reward_amounts_table_is_the_chart_search(cfg):
    """_reward's amounts (_reward_amounts) give the first chart entry's amount for every
    reward, as the search over the chart does (0 for a reward not in the chart), also for a
    chart where a reward appears twice."""
    game = tabletop_nb.load_game("neko", **cfg)
    twice = game.with_rules(reward_chart=game.rules.reward_chart + tuple(
        x._replace(amount=x.amount + 7) for x in game.rules.reward_chart[:2]))
    for g in (game, twice):
        names = {x.reward for x in g.chart} | {"nothing of the kind"}
        amounts = B._reward_amounts(g)
        for name in names:
            assert amounts.get(name, 0) == next((x.amount for x in g.chart if x.reward == name), 0)


def test_profile_of_lanes_is_the_profile_of_their_value(positions):
    """engine cards.py ``profile`` (kept per lanes value in the declared cache
    ``neko.profiles``): every answer equals a profile built afresh from the lanes value,
    asked in an order that alternates players, repeats one, and gives equal lanes as a new
    tuple; the repeats are answered from the cache."""
    from tabletop_nb.games.neko.engine.base import Profile

    def same(a, b):   # fact by fact (a compiled class keeps no __slots__ tuple to list them)
        return all(getattr(a, f) == getattr(b, f)
                   for f in ("kinds", "effects", "effect_pos", "park", "activatable", "ports", "card_free"))

    game, states = positions
    checked = hits = 0
    for s in states:
        for P in s.players + s.players[::-1] + s.players[:1]:
            for lanes in (P.lanes, P.lanes, tuple(tuple(lane) for lane in P.lanes)):
                hits += lanes in game.profiles
                Q = evolve(P, lanes=lanes)
                assert same(game.profile(Q), Profile(game, lanes))
                assert lanes in game.profiles
                checked += 1
    assert checked > 100 and hits > 10


#: more of _good_free_action's guards, reading the lanes' profile: (kind, whether the bot
#: skips looking it up, which actions of the kind it wants)
_PROFILE_GUARDS = [
    ("light house without the card", lambda g, s, P: P.cards and "light_house" not in g.profile(P).effects,
     lambda a: type(a) is Lighthouse),
    ("park pickups used up", lambda g, s, P: P.cards and g.profile(P).park[1] <= P.park_pickups_used,
     lambda a: type(a) is TakeDiscard and a.source == "park"),
    ("ship with one harbour", lambda g, s, P: P.harbours <= 1, lambda a: type(a) is BuyShip),
    ("load without a port", lambda g, s, P: P.cards and not g.profile(P).ports, lambda a: type(a) is LoadCargo),
    ("hospital without the card", lambda g, s, P: P.cards and "hospital" not in g.profile(P).effects,
     lambda a: type(a) is HospitalRemove),
    ("goods to pp without the town", lambda g, s, P: P.cards and "seaside_trade_high" not in g.profile(P).effects,
     lambda a: a == Trade("goods_to_pp")),
]


def test_profile_guards_skip_only_kinds_not_offered():
    """As test_free_action_guards_skip_only_kinds_not_offered, for the guards that read the
    lanes' profile or the harbours: where the bot does not look, the legal list holds none
    of the kind; and each kind is offered somewhere it does look."""
    assert _offered_where_looked(_PROFILE_GUARDS) == {name for name, _, _ in _PROFILE_GUARDS}


@pytest.mark.parametrize("cfg", CONFORMANCE + [CONFIGS[3], dict(players=4, free_actions_after_last_die=False)])
def test_best_move_from_its_table_is_the_plain_one(cfg):
    """_best_move, kept per lanes, ships, hub dice, cargo and round, is the best of the
    moves in the legal list valued afresh (_move_worth), in the turns of mixed games where
    the seat has the fuel for a move; the table is shared across the turns, so most answers
    come from it."""
    game = tabletop_nb.load_game("neko", **cfg)
    B.greedy_bot.forget(game)
    asked = moves = 0
    for seed in (1, 2, 3):
        for s in _mixed_turns(game, seed):
            p = s.frames[-1].seat
            P = s.players[p]
            if P.fuel < game.rules.move_fuel:
                continue
            offered = [a for a in game.legal_actions(s) if type(a) is MoveShip]
            plain = B._best_move_plain(game, s, P, offered)
            assert B._best_move(game, s, P, B._turn_offer(game, s, p)) == plain
            assert B._best_move(game, s, P, B._by_kind(game.legal_actions(s))) == plain
            asked += 1
            moves += plain is not None
    assert len(B._cache(game, "move")) < asked / 2 and moves


def test_best_move_follows_hub_dice_cargo_and_the_last_round():
    """The same lanes and ships with a die on each hub a move reaches, with every port's
    cargo loaded, or after the last round are valued afresh (a key missing one of them
    would hand back the first answer): _best_move follows the plain one after the original
    filled the table; a die on a hub and the last round change answers in games, the cargo
    in a position built for it, where a seat without dice is offered no move at all."""
    from dataclasses import replace

    from tabletop_nb.games.neko.state import replace_state

    game = tabletop_nb.load_game("neko", players=4)
    B.greedy_bot.forget(game)
    changed = {"hub dice": 0, "cargo": 0, "last round": 0}
    for seed in range(1, 13):
        for s in _mixed_turns(game, seed):
            p = s.frames[-1].seat
            P = s.players[p]
            if P.fuel < game.rules.move_fuel:
                continue
            offer = B._turn_offer(game, s, p)
            moves = [a for a in game.legal_actions(s) if type(a) is MoveShip]
            if not moves:
                continue
            first = B._best_move(game, s, P, offer)
            stops = [(a.lane,) + game.next_stop(P.lanes[a.lane], a.boundary, a.sub) for a in moves]
            dice = tuple(sorted(set(P.hub_dice) | {(k, 1) for k in stops if game.hub_at(P, k) is not None
                                                   and k not in dict(P.hub_dice)}))
            ports = tuple((c, len(game.card[c].cargo)) for c in P.cards if game.card[c].cargo)
            for name, P2, s2 in (("hub dice", replace(P, hub_dice=dice), s),
                                 ("cargo", replace(P, cargo=ports), s),
                                 ("last round", P, replace_state(s, round=game.rules.rounds + 1))):
                plain = B._best_move_plain(game, s2, P2, moves)
                assert B._best_move(game, s2, P2, offer) == plain, name
                changed[name] += plain != first
    # a crossing of a locked port (40% of its PP) against a crossing of a Penguin Park:
    # loaded, the port's crossing is the better (games rarely meet this)
    s = game.position(lanes=[[[14, -1, -1, -1, -1], [34, -1, -1, -1, -1]], [[-1] * 5]] + [[[-1] * 5]] * 2,
                      ships=[[(0, 0, 1), (1, 0, 0)]] + [[(0, 0, 0)]] * 3, fuel=[4, 2, 2, 2], round=2,
                      phase="action", seat=0, dice=[[3, 1, 1, 2, 2, 4]] * 4)
    P = s.players[0]
    moves = [a for a in game.legal_actions(s) if type(a) is MoveShip]
    offer = B._turn_offer(game, s, 0)
    assert B._best_move(game, s, P, offer) == B._best_move_plain(game, s, P, moves) == moves[1]
    loaded = replace(P, cargo=((14, 4),))
    assert B._best_move(game, s, loaded, offer) == B._best_move_plain(game, s, loaded, moves) == moves[0]
    # without dice (and no main action taken) no free action is offered: no move
    assert B._best_move(game, s, replace(P, dice=()), offer) is None
    assert changed["hub dice"] and changed["last round"], changed


@pytest.mark.parametrize("cfg", CONFORMANCE)
@source_only
def test_draft_and_income_choices_from_the_order_are_the_plain_ones(cfg, monkeypatch):
    """greedy_bot's draft pick and income die (the first value of _pick_order the seat
    has) are _pick's choice from the legal list, at every such decision of seeded games of
    greedy and random seats, also with invented hubs."""
    from dataclasses import replace

    from tabletop_nb.games.neko.state import replace_state

    game = tabletop_nb.load_game("neko", **cfg)
    invented = InventedHubs(monkeypatch)
    seen = {"draft": 0, "income": 0}
    for seed in (1, 2):
        rng = np.random.default_rng(seed)
        s = game.initial_state()
        while not game.is_terminal(s):
            p = game.current_player(s)
            if p == tabletop_nb.CHANCE:
                s = game.apply_trusted(s, game.sample_chance(s, rng))
                continue
            kind = s.frames[-1].kind
            legal = game.legal_actions(s)
            if kind in seen:
                P = s.players[p]
                # the seat's own hubs, and invented ones (values a hub needs rank lower)
                for hubs in (analysis.hubs(game, P), (((0, 1, 0), 2, "coins"),),
                             (((0, 1, 0), 4, "fuel"), ((0, 2, 0), 2, "fish"))):
                    Q = invented.player(replace(P), hubs)
                    s2 = replace_state(s, players=s.players[:p] + (Q,) + s.players[p + 1:])
                    plain = legal[0] if len(legal) == 1 else B._pick(game, Q, kind, legal)
                    assert B.greedy_bot(game, s2, None) == plain
                seen[kind] += 1
            s = game.apply(s, B.greedy_bot(game, s, rng) if p % 2 else legal[int(rng.random() * len(legal))])
    assert seen["draft"] > 20 and seen["income"] > 5


@source_only
def test_income_order_breaks_ties_as_max_does(monkeypatch):
    """Equal income keys go to the lowest value, as ``max`` over the legal list (value order)
    keeps the first: with a keep value of 0.25 per pip, a 4 on a hub (4 - 3 * 1.0) ties a 1
    on none, and the 1 is chosen."""
    game = tabletop_nb.load_game("neko", players=2)
    monkeypatch.setattr(B, "_die_keep_value", lambda game, P, v: 0.25 * v)
    s = game.position(round=2, phase="income", dice=[[1, 4, 4, 6, 6, 6], [1, 2, 3, 4, 5, 6]])
    p = s.frames[-1].seat
    assert s.frames[-1].kind == "income"
    from dataclasses import replace

    from tabletop_nb.games.neko.state import replace_state
    P = InventedHubs(monkeypatch).player(replace(s.players[p], dice=(1, 4)), (((0, 1, 0), 4, "coins"),))
    s = replace_state(s, players=s.players[:p] + (P,) + s.players[p + 1:])
    B.greedy_bot.forget(game)
    legal = game.legal_actions(s)
    assert [a.value for a in legal] == [1, 4]
    assert B.greedy_bot(game, s, None) == B._pick(game, P, "income", legal) == legal[0]
    B.greedy_bot.forget(game)


def test_first_offered_option_is_the_first_after_sorting():
    """_first_offered (max first, the sort only when the best is not offered) gives the
    first offered action of the options sorted by worth, highest first (stable), for
    random option lists with equal worths, 0.0 against -0.0, options not offered and a
    planned action offered by construction; the hub activations _turn makes are values
    equal to ActivateHub made afresh."""
    from tabletop_nb.games.neko.state import ActivateHub

    rng = np.random.default_rng(12)
    offered = [EndTurn(), TakeFish(2), Bid(1, 5), ActivateHub(0, 1, 0)]
    by = B._by_kind(offered)
    pool = offered + [TakeFish(3), Bid(2, 5), ActivateHub(0, 2, 0), OpenHarbour()]
    worths = [0.0, -0.0, 0.5, 0.5, 1.25, -1.0, 2.0]
    tops_not_offered = 0
    for _ in range(2000):
        n = int(rng.integers(1, 7))
        options = [(worths[int(rng.integers(len(worths)))], pool[int(rng.integers(len(pool)))]) for _ in range(n)]
        planned = options[int(rng.integers(n))][1] if rng.random() < 0.3 else None
        plain = next((a for _, a in sorted(options, key=lambda o: -o[0]) if a is planned or B._has(by, a)), None)
        top = max(options, key=lambda o: o[0])[1]
        tops_not_offered += not (top is planned or B._has(by, top))
        assert B._first_offered(list(options), planned, by) == plain
    assert tops_not_offered > 100
    tabletop_nb.play(tabletop_nb.load_game("neko", players=4), bots="greedy", seed=2)
    assert B._ACTIVATE_HUB and all(a == ActivateHub(*k) and type(a) is ActivateHub
                                   for k, a in B._ACTIVATE_HUB.items())


def test_slot_table_split_and_empty_counts(positions):
    """_SlotTable's ``plain`` is the best _slot_value of the slots with no card beside them
    (the same for every card) and ``near`` holds the other slots, in order; the empty
    slots counted in C (_NEGATIVE) are the slots with c < 0."""
    from dataclasses import replace

    game, states = positions
    cards: dict = {}
    gapped = 0
    for s in states:
        for P in s.players:
            slots = B._slots(game, P)
            assert sum(map(len, P.lanes)) - len(P.cards) == len(slots) == sum(
                1 for lane in P.lanes for c in lane if c < 0)
            lonely = [k for k, (lefts, rights, *_) in slots.items() if lefts is None and rights is None]
            for card in _every_card(game, s):
                values = [B._slot_value(game, P, card, li, si) for li, si in lonely]
                assert slots.plain == max(values, default=None)
                cards[card] = True
            assert slots.near == tuple(t[:4] for k, t in slots.items() if k not in lonely)
            if P.cards:
                # a card with an empty slot on its left (greedy games seldom leave one)
                n = len(P.lanes[0])
                Q = replace(P, lanes=((-1, P.cards[0]) + (-1,) * (n - 2),) + P.lanes[1:])
                gapped += 1
                for card in _every_card(game, s):
                    plain = [B._slot_value(game, Q, card, li, si) for li, lane in enumerate(Q.lanes)
                             for si, c in enumerate(lane) if c < 0]
                    assert B._best_slot_value(game, Q, card) == max(plain)
    assert len(cards) > 10 and gapped


def _plain_card_worth(game, s, p: int, card: int, slot_hubs: float = 0.0) -> float:
    """bots.card_worth as first written (every effect tested in turn, the port's sums made
    at each call)."""
    C = game.card[card]
    P = s.players[p]
    r = game.rules
    left = B._rounds_left(game, s) + (1 if s.phase < _RESOLVE else 0)
    v = C.pp * (0.75 if C.kind != "port" else 0.45)
    kinds = game.profile(P).kinds if P.cards else {}
    n = kinds.get(C.kind, 0)
    if C.kind == "ocean_bank":
        v += (r.set_value(n + 1, r.ocean_bank_income) - r.set_value(n, r.ocean_bank_income)) \
            * B.WORTH["coins"] * left
    elif C.kind == "fuel_platform":
        v += (r.set_value(n + 1, r.fuel_platform_income) - r.set_value(n, r.fuel_platform_income)) \
            * B.WORTH["fuel"] * min(left, 2)
    elif C.kind == "blue_bar":
        v += (r.set_value(n + 1, r.blue_bar_discount) - r.set_value(n, r.blue_bar_discount)) \
            * B.WORTH["coins"] * left * 0.8
    elif C.kind == "penguin_park":
        v += 0.8 * left
    elif C.kind == "port":
        v += sum(B.WORTH.get(cg.item, 0) * cg.amount for cg in C.cargo) * 0.5
        v += sum(B.hub_worth(game, h.multiplier, h.item) for h in C.hubs) * 0.5
    e = C.effect
    if e == "variant":
        v += 1.5
    elif e in ("seaside_trade_low", "seaside_pickup", "seaside_reward", "seaside_trade_high"):
        v += 0.6 * left
    elif e == "seaside_cards":
        v += len(P.cards) + 3
    elif e in ("light_house", "church", "fishing_spot", "harbour_city", "hospital"):
        v += 0.7 * left
    elif e == "southernmost_city":
        v += 1.5 * left
    elif e == "research_station":
        v += 2 + 0.5 * left
    elif e == "neko_harbour":
        v += len(analysis.hubs(game, P)) * 0.3 + 1
    elif e == "post_office":
        v += 1 + 0.5 * left
    elif e == "south_pole":
        v += 2 * P.interference
    elif e == "ice_wall":
        v += P.coins / 3 * 0.5
    elif e == "small_islands":
        v += P.fish * 0.5 + 1
    if C.endgame_pp:
        v += C.endgame_pp * (1 + sum(kinds.get(k, 0) for k in C.endgame_kinds))
    if r.card_interference and C.interference:
        pen = game.interference_penalty
        v += pen(P.interference + C.interference) - pen(P.interference)
    return v + slot_hubs



@pytest.mark.parametrize("cfg", CONFIGS)
def test_card_worth_is_the_plain_one(cfg):
    """card_worth (its card-only terms from _card_terms, effects outside _VALUED_EFFECTS adding nothing) is
    the function as first written, for every card and seat in the turns of mixed games,
    also with coins, fish and interference changed (the effects that read them)."""
    from dataclasses import replace

    from tabletop_nb.games.neko.state import replace_state

    game = tabletop_nb.load_game("neko", **cfg)
    effects = {c.effect for c in game.card}
    assert effects - B._VALUED_EFFECTS <= {"", "advanced"}
    checked = 0
    for s in _mixed_turns(game, 5)[::4]:
        for p, P in enumerate(s.players):
            for Q in (P, replace(P, coins=P.coins + 7, fish=P.fish + 1, interference=P.interference + 1)):
                s2 = replace_state(s, players=s.players[:p] + (Q,) + s.players[p + 1:])
                for card in range(len(game.card)):
                    assert B.card_worth(game, s2, p, card) == _plain_card_worth(game, s2, p, card)
                    checked += 1
    assert checked > 1000


def test_dice_to_lead_against_several_bidders():
    """_dice_to_lead's leader is the highest total (the first in turn order among equals),
    not the first bidder: bids of 2, 5 and 5 by the other seats in several turn orders,
    against the plain version, for dice that tie, beat and fall short of the leader."""
    from itertools import permutations

    from tabletop_nb.games.neko.state import replace_state

    game = tabletop_nb.load_game("neko", players=4)
    s = _turn_positions(game, 3, limit=1)[0]
    row = ((), (2,), (4, 1), (5,))
    checked = 0
    for order in permutations(range(4)):
        s2 = replace_state(s, order=order, area=replace_area(s.area, bids=(row,) + s.area.bids[1:]))
        for p in range(4):
            for dice in ([6], [5], [4, 1], [6, 6], [3, 2, 1, 1], [1]):
                assert analysis.dice_to_lead(game, s2, p, 0, dice) == _plain_dice_to_lead(s2, p, 0, dice)
                checked += 1
    assert checked == 24 * 4 * 6


@pytest.mark.parametrize("cfg", CONFORMANCE + [CONFIGS[3]])
def test_best_buy_without_the_legal_list_is_the_one_from_it(cfg):
    """_best_buy_offered (the frame's cards and placements, no legal list) is _best_buy on
    the legal list, and greedy_bot's purchase is the plain one (a single action offered
    taken at once, else the best Buy, else DrawTwo if offered, else Pass), at every buy and
    win decision of mixed games."""
    from dataclasses import replace

    from tabletop_nb.games.neko.state import DrawTwo, Pass, replace_state

    game = tabletop_nb.load_game("neko", **cfg)
    seen = {"buy": 0, "win": 0, "none": 0}
    for seed in (1, 2, 3):
        rng = np.random.default_rng(seed)
        s = game.initial_state()
        while not game.is_terminal(s):
            p = game.current_player(s)
            if p == tabletop_nb.CHANCE:
                s = game.apply_trusted(s, game.sample_chance(s, rng))
                continue
            kind = s.frames[-1].kind
            legal = game.legal_actions(s)
            if kind in ("buy", "win"):
                P = s.players[p]
                # as it is, and with too few coins for any card (then no Buy is offered)
                for s2 in (s, replace_state(s, players=s.players[:p] + (replace(P, coins=0),) + s.players[p + 1:])):
                    legal2 = game.legal_actions(s2)
                    best = B._best_buy(game, s2, p, legal2)
                    assert B._best_buy_offered(game, s2, p) == best
                    plain = legal2[0] if len(legal2) == 1 else best if best is not None else \
                        DrawTwo() if DrawTwo() in legal2 else Pass()
                    assert B.greedy_bot(game, s2, None) == plain
                    seen["none"] += best is None
                seen[kind] += 1
            s = game.apply(s, B.greedy_bot(game, s, rng) if p % 2 else legal[int(rng.random() * len(legal))])
    assert seen["buy"] and seen["win"] and seen["buy"] + seen["win"] > 20 and seen["none"]


def _plain_reward(game, s, p, P, legal):
    """bots._reward as first written (each reward's amount searched in the chart, the card
    reward's worth and the resources' room found for each reward offered)."""
    r = game.rules
    best, best_v = legal[0], -1e9
    for a in legal:
        amount = next((x.amount for x in game.chart if x.reward == a.reward), 0)
        if a.reward == "card":
            v = 2.0 if P.coins >= 6 and any(c < 0 for lane in P.lanes for c in lane) else -1
        elif a.reward == "interference":
            pen = game.interference_penalty
            v = pen(P.interference - 1) - pen(P.interference) if P.interference else -1
        elif a.reward in B.WORTH:
            room = {"fuel": r.cabin_capacity - P.fuel - P.goods,
                    "goods": r.cabin_capacity - P.fuel - P.goods,
                    "fish": r.freezer_capacity - P.fish}.get(a.reward, amount)
            v = min(amount, room) * B.WORTH[a.reward]
        else:
            v = 0
        if v > best_v:
            best, best_v = a, v
    return best


@pytest.mark.parametrize("cfg", CONFORMANCE)
def test_reward_choice_is_the_plain_one(cfg):
    """_reward is the plain version at every reward decision of mixed games, also for the
    seat with no coins, a full cabin and freezer, or a full board (which change the worths
    it finds once per decision)."""
    from dataclasses import replace

    game = tabletop_nb.load_game("neko", **cfg)
    r = game.rules
    seen = 0
    for seed in (1, 2, 3):
        rng = np.random.default_rng(seed)
        s = game.initial_state()
        while not game.is_terminal(s):
            p = game.current_player(s)
            if p == tabletop_nb.CHANCE:
                s = game.apply_trusted(s, game.sample_chance(s, rng))
                continue
            legal = game.legal_actions(s)
            if s.frames[-1].kind in ("reward", "seareward"):
                P = s.players[p]
                full = tuple(tuple(0 if c < 0 else c for c in lane) for lane in P.lanes)
                for Q in (P, replace(P, coins=0), replace(P, fuel=r.cabin_capacity, goods=0, fish=r.freezer_capacity),
                          replace(P, lanes=full, coins=20)):
                    assert B._reward(game, s, p, Q, legal) == _plain_reward(game, s, p, Q, legal)
                seen += 1
            s = game.apply(s, B.greedy_bot(game, s, rng) if p % 2 else legal[int(rng.random() * len(legal))])
    assert seen > 5


def test_cache_is_kept_per_game_and_name_and_begun_afresh_when_large():
    game = tabletop_nb.load_game("neko", players=2)
    B.greedy_bot.forget(game)
    a = B._cache(game, "a")
    assert B._cache(game, "a") is a and B._cache(game, "b") is not a
    assert B.greedy_bot.memory(game).caches["a"] is a
    a.update((i, i) for i in range(20_000))
    assert B._cache(game, "a") is a
    a[-1] = 0
    fresh = B._cache(game, "a")
    assert fresh is not a and fresh == {} and B._cache(game, "a") is fresh
    other = tabletop_nb.load_game("neko", players=3)
    assert B._cache(other, "a") is not fresh


def test_gains_table_is_kept_by_value(positions):
    """_gains hands back the table of the declared cache ``gain`` kept under the situation's
    value: at every position, and again with other coins, fish, round or equal lanes in new
    tuples, the table is the one under the plain key (a key missing a field would hand
    back another situation's table)."""
    from dataclasses import replace

    from tabletop_nb.games.neko.state import replace_state

    game, states = positions
    checked = 0
    for s in states:
        for p, P in enumerate(s.players):
            variants = [P, replace(P, coins=P.coins + 1), replace(P, fish=P.fish + 1), P,
                        replace(P, lanes=tuple(tuple(lane) for lane in P.lanes))]
            for Q in variants:
                for rnd in (s.round, s.round + 1):
                    s2 = replace_state(s, players=s.players[:p] + (Q,) + s.players[p + 1:], round=rnd)
                    left = B._rounds_left(game, s2) + (1 if s2.phase < _RESOLVE else 0)
                    key = (left, Q.lanes, Q.ships, Q.cards, len(analysis.hubs(game, Q)), Q.interference, Q.coins, Q.fish)
                    assert B._gains(game, s2, Q) is B._table(game, "gain", key)
                    checked += 1
    assert checked > 100


def test_best_move_kept_by_value_is_the_plain_move():
    """_best_move's declared cache ``move`` gives the plain answer when the fields change
    between asks for one player (hub dice, ships, the last round) and when they come back."""
    from dataclasses import replace

    from tabletop_nb.games.neko.state import replace_state

    game = tabletop_nb.load_game("neko", players=4)
    checked = moves = 0
    for s in _mixed_turns(game, 5):
        p = s.frames[-1].seat
        P = s.players[p]
        if P.fuel < game.rules.move_fuel or not P.ships:
            continue
        for Q, rnd in ((P, s.round), (replace(P, hub_dice=()), s.round), (P, game.rules.rounds + 1),
                       (replace(P, ships=P.ships[1:]), s.round), (P, s.round)):
            s2 = replace_state(s, players=s.players[:p] + (Q,) + s.players[p + 1:], round=rnd)
            by = B._turn_offer(game, s2, p)
            plain = B._best_move_plain(game, s2, Q, game.turn_actions_of(s2, MoveShip)) \
                if free_actions.free_offered(game, s2, Q) else None
            assert B._best_move(game, s2, Q, by) == plain
            checked += 1
            moves += plain is not None
    assert checked > 20 and moves > 5


@source_only
def test_pick_order_by_pairs_is_the_plain_order(monkeypatch):
    """The draft and income orders found by the hubs' (multiplier, item) pairs are the plain
    ones for hubs that share pairs but not places, repeat a pair, or differ in one item."""
    from dataclasses import replace

    game = tabletop_nb.load_game("neko", players=4)
    P = game.initial_state().players[0]
    invented = InventedHubs(monkeypatch)
    hub_sets = [(), (((0, 1, 0), 2, "coins"),), (((1, 3, 0), 2, "coins"),),
                (((0, 1, 0), 2, "fuel"),), (((0, 1, 0), 2, "coins"), ((1, 2, 0), 2, "coins")),
                (((0, 1, 0), 4, "fuel"), ((0, 2, 0), 2, "fish")), (((2, 2, 0), 2, "fish"), ((0, 4, 0), 4, "fuel")),
                (((0, 1, 0), 4, "goods"), ((0, 2, 0), 2, "fish")), (((0, 1, 0), 6, "pp"), ((0, 3, 0), 1, "coins"))]
    for kind in ("draft", "income"):
        for hubs in hub_sets + hub_sets[::-1]:
            Q = invented.player(replace(P), hubs)
            assert B._pick_order(game, Q, kind) == B._pick_order_plain(game, Q, kind), (kind, hubs)
    for hubs in hub_sets:   # one hubs object, the kinds alternating (the kind is in the key)
        Q = invented.player(replace(P), hubs)
        for kind in ("draft", "income", "draft", "income"):
            assert B._pick_order(game, Q, kind) == B._pick_order_plain(game, Q, kind), (kind, hubs)
    orders = {B._pick_order_plain(game, invented.player(replace(P), h), "draft") for h in hub_sets}
    assert len(orders) > 3   # the hubs sets do rank the values differently



def test_ship_guard_skips_only_when_no_ship_is_offered():
    """_good_free_action asks for BuyShip only with fewer ships than lanes times harbours:
    with as many, the legal list holds no BuyShip (and ships are offered elsewhere)."""
    guard = [("ship", lambda g, s, P: len(P.ships) >= len(P.lanes) * P.harbours,
              lambda a: type(a) is BuyShip)]
    assert _offered_where_looked(guard) == {"ship"}


def test_card_activation_guard_skips_only_when_none_is_offered():
    """_turn asks for card activations only with an activatable card in the lanes (or the
    Hospital under hospital_needs_die): elsewhere the legal list holds none."""
    from tabletop_nb.games.neko.state import ActivateCard

    guard = [("activate", lambda g, s, P: not (P.cards and (g.profile(P).activatable or g.rules.hospital_needs_die)),
              lambda a: type(a) is ActivateCard)]
    assert _offered_where_looked(guard) == {"activate"}


def test_cards_by_space_are_the_area_then_the_advanced_spaces(positions):
    """_plan_bid reads the card on a space from ``s.area.cards + s.area.adv_cards`` (game.card_at)."""
    game, states = positions
    for s in states:
        at = s.area.cards + s.area.adv_cards
        assert [analysis.card_on_space(game, s, sp) for sp in game.res_order] == [at[sp] for sp in game.res_order]
        assert len(s.area.cards) == game.area_spaces


def _plain_set_increment(game, kind: str, n: int) -> float:
    """The set term of card_worth before the rounds are counted, as first written."""
    r = game.rules
    if kind == "ocean_bank":
        return (r.set_value(n + 1, r.ocean_bank_income) - r.set_value(n, r.ocean_bank_income)) * B.WORTH["coins"]
    if kind == "fuel_platform":
        return (r.set_value(n + 1, r.fuel_platform_income) - r.set_value(n, r.fuel_platform_income)) \
            * B.WORTH["fuel"]
    return (r.set_value(n + 1, r.blue_bar_discount) - r.set_value(n, r.blue_bar_discount)) * B.WORTH["coins"]


#: kind counts for the set terms: small ones, around the end of the table and past it
_KIND_COUNTS = (0, 1, 2, 3, 4, 5, 7, B._SET_TABLE_N - 1, B._SET_TABLE_N, B._SET_TABLE_N + 1, 50)


@pytest.mark.parametrize("cfg", CONFIGS + [dict(players=4, card_interference=False, set_size=2, ocean_bank_income=(3, 7),
                                        fuel_platform_income=(2, 5), blue_bar_discount=(1, 3))])
@source_only
def test_card_terms_are_card_worths_terms(cfg, monkeypatch):
    """The per-card table of card_worth (_card_terms) holds the terms as the plain card_worth
    computes them for every card: the base (a port's goods and hubs added to its PP), the
    set increment per kind count (the table's and past its end, _set_increment), the effect
    and interference terms; and card_worth is the plain one for players holding any of
    _KIND_COUNTS cards of every kind (the profile's counts stood in for), in mixed games'
    turns."""
    game = tabletop_nb.load_game("neko", **cfg)
    r = game.rules
    for card, C in enumerate(game.card):
        if C is None:
            assert B._card_terms(game, card) is None
            continue
        base, mode, incs, eff_a, eff_b, own, end_pp, end_kinds, tiles = B._card_terms(game, card)
        plain = C.pp * (0.75 if C.kind != "port" else 0.45)
        if C.kind == "port":
            plain += sum(B.WORTH.get(cg.item, 0) * cg.amount for cg in C.cargo) * 0.5
            plain += sum(B.hub_worth(game, h.multiplier, h.item) for h in C.hubs) * 0.5
        assert base == plain
        if C.kind in ("ocean_bank", "fuel_platform", "blue_bar"):
            assert len(incs) == B._SET_TABLE_N
            for n in _KIND_COUNTS:
                want = _plain_set_increment(game, C.kind, n)
                assert B._set_increment(game, card, n) == want
                if n < len(incs):
                    assert incs[n] == want
        else:
            assert incs == () and mode == (B._PARK if C.kind == "penguin_park" else 0)
        assert (eff_a is not None) == (C.effect in B._VALUED_EFFECTS and C.effect not in B._OWN_EFFECTS)
        assert own == (C.effect if C.effect in B._OWN_EFFECTS else "")
        assert (end_pp, end_kinds) == (C.endgame_pp, C.endgame_kinds)
        assert tiles == (C.interference if r.card_interference else 0)
    states = _mixed_turns(game, 3)[::9]
    assert states
    checked = 0
    for n in _KIND_COUNTS:
        class Prof:   # the profile's kind counts: n of every kind
            kinds = {k: n for k in {c.kind for c in game.card}}
        monkeypatch.setattr(game, "profile", lambda P: Prof)
        monkeypatch.setattr(cards, "profile", lambda game, P: Prof)   # the sections' own calls
        for s in states:
            for p, P in enumerate(s.players):
                if not P.cards:
                    continue
                for card in range(len(game.card)):
                    assert B.card_worth(game, s, p, card) == _plain_card_worth(game, s, p, card)
                    checked += 1
    assert checked > 1000


def test_rounds_left_written_out_is_rounds_left():
    """card_worth and _gains count the rounds left without max() calls: the same int as
    ``_rounds_left(game, s) + (1 if s.phase < RESOLVE else 0)`` in every round (before
    the first and past the last too) and phase, read back from the gains table's key and
    from card_worth against the plain one."""
    from tabletop_nb.games.neko.state import replace_state

    game = tabletop_nb.load_game("neko", players=3)
    s0 = _mixed_turns(game, 2)[30]
    checked = 0
    for rnd in range(-1, game.rules.rounds + 3):
        for phase in range(14):
            s = replace_state(s0, round=rnd, phase=phase)
            want = B._rounds_left(game, s) + (1 if s.phase < _RESOLVE else 0)
            for p, P in enumerate(s.players):
                key = (want, P.lanes, P.ships, P.cards, len(analysis.hubs(game, P)), P.interference, P.coins, P.fish)
                assert B._gains(game, s, P) is B._table(game, "gain", key)
                for card in range(len(game.card)):
                    assert B.card_worth(game, s, p, card) == _plain_card_worth(game, s, p, card)
                checked += 1
    assert checked > 100


def test_most_dice_is_the_longest_bid(positions):
    """_most_dice(row) is ``max(map(len, row))`` for every bid row of seeded games' turns
    and for rows of empty bids, one bid, and several of equal and different lengths."""
    game, states = positions
    rows = {row for s in states for row in s.area.bids}
    rows |= {((),), ((), ()), ((3,), ()), ((), (), (6, 1)), ((2, 2), (5,), (1, 1), ()),
             ((4,), (4,), (4,), (4,)), ((1, 2, 3), (6,), (), (2, 2))}
    assert any(max(map(len, row)) == 0 for row in rows) and any(max(map(len, row)) > 1 for row in rows)
    for row in rows:
        assert analysis.most_dice(row) == max(map(len, row))


@source_only
def test_die_keep_value_is_the_plain_one(positions, monkeypatch):
    """_die_keep_value (its two max calls as a loop and a comparison) is the function as
    first written for every die value and every player of seeded games' turns, and for
    hubs of equal multipliers and of every item (coins counted by coin_unit)."""
    from dataclasses import replace

    def plain(game, P, v):
        hub = max((B.hub_worth(game, m, it) for _, m, it in analysis.hubs(game, P) if m == v), default=0.0)
        return max(hub, 0.25 * v)

    game, states = positions
    checked = 0
    for s in states[::3]:
        for P in s.players:
            for v in range(1, 7):
                assert B._die_keep_value(game, P, v) == plain(game, P, v)
                checked += 1
    P = states[0].players[0]
    hubs = tuple(((0, i, 0), m, it) for i, (m, it) in enumerate(
        [(1, "fuel"), (1, "coins"), (2, "pp"), (2, "fish"), (3, "goods"), (3, "pp"), (6, "coins")]))
    Q = InventedHubs(monkeypatch).player(replace(P), hubs)
    for v in range(1, 7):
        assert B._die_keep_value(game, Q, v) == plain(game, Q, v)
    assert checked > 50


@pytest.mark.parametrize("cfg", CONFIGS)
def test_slots_are_lanes_times_lane_slots(cfg):
    """_good_free_action counts a player's slots as lanes times ``lane_slots`` (every lane
    has that many, NK-INV): ``sum(map(len, P.lanes))`` for every player of mixed games'
    turns, also after harbours are opened (more lanes)."""
    game = tabletop_nb.load_game("neko", **cfg)
    lanes_seen = set()
    for s in _mixed_turns(game, 4):
        for P in s.players:
            assert len(P.lanes) * game.rules.lane_slots == sum(map(len, P.lanes))
            lanes_seen.add(len(P.lanes))
    assert len(lanes_seen) > 1
