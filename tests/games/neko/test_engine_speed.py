"""The Neko engine's speed shortcuts (comments starting "Speed:" in engine/) give exactly
what their plain definitions give, in the positions of whole seeded games (issue 12).

Each test names the shortcut it pins; tests/games/neko/test_bot_speed.py pins the
bot-facing ones that were there before (``turn_actions_of``, ``_prof``), and
tests/test_golden_records.py and test_golden_greedy.py whole games.
"""
from __future__ import annotations

import copy
from dataclasses import fields

import numpy as np
import pytest

import tabletop_nb
from tabletop_nb.games.neko import CONFORMANCE, analysis
from tabletop_nb.core.draft import evolve, fields_of
from tabletop_nb.core import memo
from tabletop_nb.games.neko.engine import base
from tabletop_nb.games.neko.state import (ActivateCard, Bidding, DiceDraft, Buy, Done, DrawCard, EndTurn, MoveShip, NekoState, Pass, Player,
                                          RemoveInterference, Reward, Sell)
from tabletop_nb.games.neko.engine import action_phase
from tabletop_nb.games.neko.engine import hubs_ships
from tabletop_nb.games.neko.engine import preparation
from tabletop_nb.games.neko.engine import round as course
from tabletop_nb.games.neko.engine import setup as set_up

#: a few rule sets: every player count, the advanced game, every ruling switch
CONFIGS = [CONFORMANCE[0], CONFORMANCE[2], CONFORMANCE[5], CONFORMANCE[6]]


def _played(game, seed: int, bots=("greedy", "random")) -> list:
    """(state, action) pairs of two seeded games: a greedy one and a random one."""
    out = []
    for i, bot in enumerate(bots):
        rec = tabletop_nb.core.runner.play_state(game, bot, np.random.SeedSequence(seed + i))
        s = game.initial_state()
        for a in rec.actions:
            out.append((s, a))
            s = game.apply_trusted(s, a)
    return out


@pytest.fixture(scope="module", params=range(len(CONFIGS)))
def played(request):
    game = tabletop_nb.load_game("neko", **CONFIGS[request.param])
    return game, _played(game, 100 + 10 * request.param)


def _rebuilt(s) -> NekoState:
    """The same state built field by field with the state classes' constructors."""
    players = tuple(Player(**{f.name: getattr(P, f.name) for f in fields(Player)}) for P in s.players)
    return NekoState(**{f.name: getattr(s, f.name) for f in fields(NekoState)} | {"players": players})


def _plain_thaw(s) -> NekoState:
    """The working state as plainly as it can be made: every field copied by name, every
    player copied before the handler runs, ``events`` a list."""
    w = NekoState(**{f.name: getattr(s, f.name) for f in fields(NekoState)})
    w.players = tuple(Player(**{f.name: getattr(P, f.name) for f in fields(Player)}) for P in s.players)
    w.events = []
    return w


def _plain_freeze(w) -> NekoState:
    """A state built afresh by the constructors from the working state's values."""
    players = tuple(Player(**{f.name: getattr(m, f.name) for f in fields(Player)}) for m in w.players)
    return NekoState(**{f.name: getattr(w, f.name) for f in fields(NekoState)}
                     | {"players": players, "frames": tuple(w.frames), "events": tuple(w.events)})


def _plain_apply(game, s, a) -> NekoState:
    w = _plain_thaw(s)
    game.resolvers[type(a)](game, w, w.frames[-1], a)
    course.run(game, w)
    return _plain_freeze(w)


def _same_state(fast, plain) -> None:
    assert type(fast) is NekoState and all(type(P) is Player for P in fast.players)
    assert type(fast.players) is tuple and type(fast.frames) is tuple and type(fast.events) is tuple
    assert fast == plain and hash(fast) == hash(plain)
    assert repr(fast) == repr(plain)   # the events too, in order
    assert _rebuilt(fast) == fast and hash(_rebuilt(fast)) == hash(fast)


def test_working_copy_apply_is_the_plain_apply(played):
    """Speed in base.py's working state (frames kept as a tuple changed by push/pop, players listed
    only when one is changed and copied by ``put`` only for a new value) and round.py's
    ``apply_trusted`` (``run`` only without a frame): the same new state as the plain working copy, and the
    state applied to is unchanged."""
    game, pairs = played
    for s, a in pairs:
        before = _rebuilt(s)
        fast = game.apply_trusted(s, a)
        assert s == before and repr(s) == repr(before)
        _same_state(fast, _plain_apply(game, s, a))
        assert s == before and repr(s) == repr(before)


def test_the_working_state_copies_a_changed_player_once():
    """base.py's working state: ``thaw`` makes a new NekoState sharing the given state's
    field values; ``changing_player(w, i)`` copies player ``i`` on first touch only (a new Player
    changed in place), leaves the others shared; ``finish`` gives tuples back. The given
    state is never written to."""
    game = tabletop_nb.load_game("neko", players=3)
    s = game.initial_state()
    w = base.thaw(s)
    assert type(w) is NekoState and w is not s and w.players is s.players and w.events == []
    m = base.changing_player(w, 0)
    assert type(m) is Player and m is not s.players[0] and m == s.players[0]
    assert base.changing_player(w, 0) is m and type(w.players) is base.ChangingPlayers
    m.coins += 1
    w.round = 3
    new = base.finish(w)
    assert new is w and type(new.players) is tuple and type(new.events) is tuple
    assert new.players[0].coins == s.players[0].coins + 1 and new.round == 3
    assert new.players[1] is s.players[1] and s.round != 3 and s.players[0].coins == new.players[0].coins - 1


def test_unchanged_working_copy_freezes_to_an_equal_state(played):
    """A working state frozen without a change is a new NekoState equal to (and hashing
    like) the state thawed, with the same field objects, but for ``events`` (what this
    action did: nothing); neither that nor ``apply`` changes the state thawed (its repr and
    a deep copy taken before are still equal to it)."""
    game, pairs = played
    for s, a in pairs[::4]:
        text, deep = repr(s), copy.deepcopy(s)
        w = base.thaw(s)
        assert type(w.events) is list and w.events == [] and w.players is s.players
        same = base.finish(w)
        assert type(same) is NekoState and same is not s and same.events == ()
        assert same == evolve(s, events=()) and hash(same) == hash(evolve(s, events=()))
        assert all(getattr(same, f) is getattr(s, f) for f in fields_of(NekoState) if f != "events")
        if not s.events:
            assert same == s and hash(same) == hash(s)
        game.apply(s, a)
        assert repr(s) == text and s == deep and hash(s) == hash(deep)


def test_put_copies_a_player_only_for_a_new_value():
    """Speed in ``put``: an equal value of the same type leaves the player as it is (the
    same object, so the same value); a new value, or an equal one of another type (0 for
    False), is written into a copy."""
    game = tabletop_nb.load_game("neko", players=2)
    s = game.initial_state()
    P = s.players[0]
    w = base.thaw(s)
    base.put(w, 0, picked_up=False, church_used=0)
    assert w.players[0] is P and base.finish(w).players[0] is P
    w = base.thaw(s)
    base.put(w, 0, picked_up=False, church_used=1)
    after = base.finish(w).players[0]
    assert type(after) is Player and after.church_used == 1 and after.picked_up is False
    assert s.players[0] is P and P.church_used == 0
    w = base.thaw(s)
    base.put(w, 0, picked_up=0)
    after = base.finish(w).players[0]
    assert type(after.picked_up) is int and after == P.__class__(**{f.name: getattr(P, f.name) for f in fields(P)}
                                                                  | {"picked_up": 0})


def test_action_tables_give_the_cached_actions():
    """Speed in base.py's ``ActionTable`` tables and field-less actions: the very objects
    ``action`` gives, for keys of the engine's own kinds; other value types are not kept."""
    for table, cls, keys in ((base.BUY_ACTIONS, Buy, [(3, 0, 1), (40, 2, 4)]), (base.MOVE_ACTIONS, MoveShip, [(0, 1, 0), (1, 2, 1)]),
                             (base.CARD_ACTIONS, ActivateCard, [(0, 3, 6)]), (base.DRAW_ACTIONS, DrawCard, [7, 0]),
                             (base.REWARD_ACTIONS, Reward, ["fish", "none"])):
        for key in keys:
            args = key if type(key) is tuple else (key,)
            assert table[key] is base.action(cls, *args) and table[key] == cls(*args)
            assert type(table[key]) is cls
    for a, cls in ((base.END_TURN, EndTurn), (base.PASS, Pass), (base.UNJAM, RemoveInterference)):
        assert a is base.action(cls) and type(a) is cls
    fresh = base.ActionTable(DrawCard)
    assert fresh[2.0] == DrawCard(2.0) and 2.0 not in fresh.keys() and not fresh


@pytest.mark.parametrize("coins,fuel,goods", [(1, 1, 1), (0, 1, 1), (2, 0, 0), (0, 0, 1)])
def test_market_actions_are_the_rules_market(coins, fuel, goods):
    """Speed in setup.py's ``market_actions``: the Morning Market's list made once is the
    one the rules give (a sale per item the market buys, then Done)."""
    game = tabletop_nb.load_game("neko", players=3, market_coins=coins, market_fuel=fuel, market_goods=goods)
    plain = [Sell(item) for item, n in (("coins", coins), ("fuel", fuel), ("goods", goods)) if n] + [Done()]
    assert list(game.market_actions) == plain
    s = game.position(fish=[1, 0, 0], phase="market")
    assert s.frames[-1].kind == "market" and game.legal_actions(s) == plain


def _plain_bid_spaces(game, s, p, P) -> list:
    """NK-BID-03/04 as written: a card is there and a bid of all the player's dice would
    have at least as many dice as any other."""
    return [sp for sp in game.res_order if analysis.card_on_space(game, s, sp) >= 0
            and len(s.area.bids[sp][p]) + len(P.dice) >= max(len(d) for d in s.area.bids[sp])]


def test_bid_spaces_are_the_plain_ones(played):
    """Speed in action_phase.py's ``bid_spaces`` (the shared empty row of ``empty_bids``
    known by identity): the spaces of the plain definition, for every seat at every
    decision of seeded games; ``empty_bids`` is the plain empty bids."""
    game, pairs = played
    assert set_up.empty_bids(game) == (((),) * game.player_count,) * (game.area_spaces + game.advanced_spaces)
    checked = 0
    for s, _ in pairs:
        if game.current_player(s) < 0:
            continue
        for p, P in enumerate(s.players):
            assert action_phase.bid_spaces(game, s, p, P) == _plain_bid_spaces(game, s, p, P)
            checked += 1
    assert checked > 200


def test_bid_spaces_of_a_built_position():
    """Rows built by ``position`` are not the shared empty row: counted, the same spaces."""
    game = tabletop_nb.load_game("neko", players=3)
    s = game.position(dice={0: [2, 5], 1: [6], 2: [1, 1, 3]}, bids={0: {1: [4]}, 2: {2: [3, 3]}},
                      discard=[1, 2, 2, 4, 4, 5, 6, 6, 6], round=2, seat=0)
    assert s.area.bids[1] is not set_up.empty_bids(game)[0] and s.area.bids[1] == set_up.empty_bids(game)[1]
    for p, P in enumerate(s.players):
        assert action_phase.bid_spaces(game, s, p, P) == _plain_bid_spaces(game, s, p, P)
    assert action_phase.bid_spaces(game, s, 1, s.players[1]) == [0, 1, 3, 4, 5, 6]   # not space 2: two dice there


def test_hidden_picks_are_with_picks_zeros(played):
    """``observation`` hides the draft's picks: the state ``with_picks`` gives
    with every pick so far hidden as 0, at every draft decision of seeded games."""
    from tabletop_nb.games.neko.state import with_picks

    game, pairs = played
    seen = 0
    for s, _ in pairs:
        picks = s.draft.picks
        if picks:
            seen += 1
            for p in range(game.player_count):
                fast, plain = game.observation(s, p), with_picks(s, (0,) * len(picks))
                _same_state(fast, plain)
                assert fast.draft.picks == (0,) * len(picks) and picks != fast.draft.picks or not any(picks)
        else:
            assert game.observation(s, 0) is s
    assert seen > 10


def test_hubs_are_the_lanes_hubs_of(played):
    """NK-HUB-07: the hubs the engine, bots and view ask (``analysis.hubs``, kept per lanes
    value in the declared cache ``neko.hubs``) are ``hubs_of`` the player's lanes, for every
    player after every action of seeded games; asked again, the cache hands back the same
    tuple."""
    game, pairs = played
    seen = 0
    for s, a in pairs:
        for P in s.players:
            got = analysis.hubs(game, P)
            assert got == analysis.hubs_of(game, P.lanes)
            assert analysis.hubs(game, P) is got or not memo.enabled()
            seen += bool(got)
    assert seen > 100


def _plain_placements(game, P, card: int, discount: int) -> list:
    """NK-PLC as written: every empty slot whose price (the card's, plus the gap coins for
    each empty slot before it in its lane, NK-PLC-02) the player can pay."""
    price = game.card_price(P, card, discount)
    out = []
    for li, lane in enumerate(P.lanes):
        for si, c in enumerate(lane):
            if c < 0:
                total = price + game.gap_coins(lane, si)
                if total <= P.coins:
                    out.append((li, si, total))
    return out


def test_placements_are_the_plain_ones(played):
    """``analysis.placements`` (the walk of a lane stops at the first
    slot the player cannot pay; none when the card alone is too dear): the plain list, for
    every player, every card and a few discounts at the decisions of seeded games."""
    game, pairs = played
    cards = [c.id for c in game.card if c is not None]
    checked = found = 0
    for s, _ in pairs[::3]:
        for P in s.players:
            for card in cards[checked % 5::5]:
                for discount in (0, 2):
                    fast = analysis.placements(game, P, card, discount)
                    assert fast == _plain_placements(game, P, card, discount)
                    checked += 1
                    found += bool(fast)
    assert checked > 1000 and 0 < found < checked


def test_reward_lists_are_the_reward_actions(played):
    """Speed in preparation.py's ``rewards_for`` (the reward frames' legal lists kept per
    levels and interference): ``reward_actions``'s list made afresh, at every reward
    decision of seeded games and for every player and level threshold; the caller's list
    is its own."""
    game, pairs = played
    seen = 0
    for s, _ in pairs:
        if s.frames and s.frames[-1].kind in ("reward", "seareward"):
            seen += 1
            legal = game.legal_actions(s)
            P = s.players[s.frames[-1].seat]
            top = s.frames[-1]
            if top.kind == "reward":
                low = min(P.dice) if P.dice else 6
                assert legal == preparation.reward_actions(game, s, P, lambda lvl: lvl >= low)
            else:
                assert legal == preparation.reward_actions(game, s, P, lambda lvl: lvl <= top.level)
    for s, _ in pairs[::7]:
        for P in s.players:
            for t in range(1, 7):
                for key, ok in ((("reward", t), lambda lvl: lvl >= t), (("seareward", t), lambda lvl: lvl <= t)):
                    got = preparation.rewards_for(game, s, P, key, ok)
                    assert got == preparation.reward_actions(game, s, P, ok)
                    got.append(None)
                    assert preparation.rewards_for(game, s, P, key, ok) == preparation.reward_actions(game, s, P, ok)
    assert seen > 5


def _plain_pick_or_end_turn(game, s, a) -> NekoState:
    """A Pick or an EndTurn as the rules have them, then ``run``: the pick added to the
    step's picks, or the turn ended (picked_up reset, the next seat), without the handlers'
    own next frame."""
    w = _plain_thaw(s)
    top = w.frames[-1]
    w.frames = w.frames[:-1]
    if type(a) is EndTurn:
        w.players[top.seat].picked_up = False
        if game.rules.park_pickup_per_turn:
            w.players[top.seat].park_pickups_used = 0
        w.main = None
        w.turn = (w.turn + 1) % game.player_count
        w.events.append(("end_turn", top.seat))
    else:
        w.draft = DiceDraft(hands=w.draft.hands, picks=w.draft.picks + (a.value,))
    course.run(game, w)
    return _plain_freeze(w)


def test_pick_and_end_turn_push_what_run_pushes(played):
    """Speed in preparation.py's ``apply_pick`` (the next seat's pick frame pushed by the
    handler) and action_phase.py's ``apply_end_turn`` (the next turn found by the handler,
    ``action_step``): the state the plain action and ``run`` give, at every Pick and
    EndTurn of seeded games."""
    from tabletop_nb.games.neko.state import Pick

    game, pairs = played
    seen = {Pick: 0, EndTurn: 0}
    for s, a in pairs:
        if type(a) in seen:
            seen[type(a)] += 1
            _same_state(game.apply_trusted(s, a), _plain_pick_or_end_turn(game, s, a))
    assert min(seen.values()) > 20


def test_counting_helpers_are_the_plain_ones(played):
    """Speed in end_of_round.py's ``gap_coins`` and hubs_ships.py's ``crossed`` (plain loops
    instead of generators): the generator definitions' numbers, for every slot and lane of
    every player at the decisions of seeded games, and for ships at negative boundaries."""
    from tabletop_nb.games.neko.state import Player

    game, pairs = played
    checked = 0
    for s, _ in pairs[::4]:
        for P in s.players:
            for li, lane in enumerate(P.lanes):
                assert game.crossed(P, li) == max((b for (lj, b, _) in P.ships if lj == li), default=0)
                for slot in range(len(lane) + 1):
                    assert game.gap_coins(lane, slot) == game.rules.gap_coins * sum(1 for c in lane[:slot] if c < 0)
                    checked += 1
    odd = Player(ships=((0, -3, 0), (0, -1, 0), (1, 2, 0)))
    assert [game.crossed(odd, li) for li in range(3)] == [-1, 2, 0]
    assert checked > 1000


def test_card_activations_by_kind_are_the_legal_ones(played):
    """Speed in action_phase.py's ``activate_card_actions`` (nothing looked at without an
    activatable card or the Hospital's die removal): the ActivateCard actions of the whole
    legal list, at every Action-phase decision of seeded games."""
    game, pairs = played
    seen = 0
    for s, _ in pairs:
        if s.frames and s.frames[-1].kind == "turn":
            seen += 1
            plain = [a for a in game.legal_actions(s) if type(a) is ActivateCard]
            assert game.turn_actions_of(s, ActivateCard) == plain
    assert seen > 100


def test_card_activations_by_kind_with_the_hospital_die():
    """``activate_card_actions``'s shortcut keeps the Hospital's die removal (NK-HO-02 (b)) of
    a player with no activatable card: the same actions as the legal list."""
    game = tabletop_nb.load_game("neko", players=2, hospital_needs_die=True)
    hospital = next(c.id for c in game.card if c is not None and c.effect == "hospital")
    assert not game.card[hospital].activate
    s = game.position(lanes={0: [[hospital, -1, -1, -1, -1]]}, interference=[2, 0], dice={0: [2, 5], 1: [3]},
                      discard=[1, 1, 2, 3, 3, 4, 4, 5, 6], round=1, seat=0)
    plain = [a for a in game.legal_actions(s) if type(a) is ActivateCard]
    assert plain and game.turn_actions_of(s, ActivateCard) == plain


def _profile_facts(prof) -> tuple:
    return (prof.kinds, prof.effect_pos, prof.effects, prof.park, prof.activatable, prof.ports, prof.card_free)


def test_profile_with_a_card_is_the_built_profile(played):
    """Speed in base.py's ``Profile.with_card`` (``place``'s profile of the new lanes) and
    free_actions.py's ``apply_open_harbour`` (the old profile kept): the profile built from the
    new lanes, for every empty slot of every player's lanes at the decisions of seeded
    games and every card there is, and after every action for every player's lanes."""
    game, pairs = played
    cards = [c.id for c in game.card if c is not None]
    checked = 0
    seen = set()
    for s, a in pairs:
        for P in s.players:
            assert _profile_facts(game.profile(P)) == _profile_facts(base.Profile(game, P.lanes))
            if P.lanes in seen:
                continue
            seen.add(P.lanes)
            old = base.Profile(game, P.lanes)
            wider = P.lanes + ((-1,) * game.rules.lane_slots,)
            assert _profile_facts(old) == _profile_facts(base.Profile(game, wider))
            for li, lane in enumerate(P.lanes):
                for si, c in enumerate(lane):
                    if c >= 0:
                        continue
                    for card in cards[checked % 5::5]:
                        lanes = P.lanes[:li] + (lane[:si] + (card,) + lane[si + 1:],) + P.lanes[li + 1:]
                        assert _profile_facts(old.with_card(game, card, li, si)) == \
                            _profile_facts(base.Profile(game, lanes))
                        checked += 1
    assert checked > 500


def test_turn_can_end_is_the_plain_rule(played):
    """Speed in action_phase.py's ``_turn_can_end`` (the bid row counted in a loop that stops
    early): NK-BID's "a bid turn ends with at least one die placed and at least as many dice
    as any other bid there", for every seat at every Action-phase decision of seeded games
    after a main action."""
    game, pairs = played
    seen = 0
    for s, _ in pairs:
        if not (s.frames and s.frames[-1].kind == "turn" and s.main):
            continue
        for p in range(game.player_count):
            main = s.main
            if type(main) is not Bidding:
                plain = True
            else:
                row = s.area.bids[main.space]
                plain = main.placed >= 1 and len(row[p]) >= max(len(d) for d in row)
            assert analysis.can_end_turn(game, s, p) is plain
            seen += type(main) is Bidding
    assert seen > 50


@pytest.mark.parametrize("t,v", [((), 3), ((1, 2, 4), 3), ((1, 2, 4), 0), ((1, 2, 4), 9), ((2, 2, 2), 2),
                                 ((0, 1, 2), True), ((0, 1, 1, 2), 1.0), (((0, 1, 0), (1, 0, 0)), (0, 2, 0))])
def test_insert_is_sorted_with_the_value_added(t, v):
    """Speed in base.py's ``insert_sorted`` (``bisect.insort``): the stable sort of the tuple with
    the value added at its end, so after the equal values (``True`` after ``1``)."""
    got = base.insert_sorted(t, v)
    plain = tuple(sorted(t + (v,)))
    assert type(got) is tuple and got == plain
    assert [type(x) for x in got] == [type(x) for x in plain]


def test_player_copy_copies_every_field(played):
    """``copy_player(P)`` holds the very field values of the player: an equal Player (a
    new object), for every player at positions of seeded games."""
    game, pairs = played
    for s, _ in pairs[::5]:
        for P in s.players:
            m = base.copy_player(P)
            assert type(m) is Player and m is not P
            assert all(getattr(m, f) is getattr(P, f) for f in fields_of(Player))
            assert m == P and hash(m) == hash(P) and repr(m) == repr(P)


@pytest.mark.parametrize("players", [2, 4])
def test_gain_is_the_plain_clamp(players):
    """hubs_ships.py's ``gain`` (``max(0, min(n, room))``, clamped only when ``n`` does not fit): the
    amount kept and the player afterwards as the plain clamp has them, for every item and
    amount, with the cabin and freezer empty, part full, full and over full (room < 0)."""
    game = tabletop_nb.load_game("neko", players=players)
    r = game.rules
    cab, frz = r.cabin_capacity, r.freezer_capacity
    checked = 0
    for fuel, goods, fish in [(0, 0, 0), (1, 1, 1), (cab, 0, frz), (0, cab, frz - 1), (cab, 2, frz + 2), (3, 0, 0)]:
        for item in ("coins", "fuel", "goods", "fish", "pp"):
            for n in range(-2, cab + frz + 3):
                P = Player(fuel=fuel, goods=goods, fish=fish)
                m = base.copy_player(P)
                got = hubs_ships.gain(game, m, item, n)
                room = {"coins": n, "pp": n, "fish": frz - fish}.get(item, cab - fuel - goods)
                plain = 0 if n <= 0 else max(0, min(n, room))
                assert got == plain and type(got) is int
                assert getattr(m, item) == getattr(P, item) + plain
                assert all(getattr(m, f) == getattr(P, f) for f in Player.__slots__ if f != item)
                checked += 1
    assert checked > 300
    with pytest.raises(ValueError):
        hubs_ships.gain(game, Player(), "nothing", 1)


def test_apply_trusted_freezes_as_freeze_does(played):
    """round.py's ``apply_trusted`` (the working state by ``thaw``, the resolver from the
    game's table) makes the state that ``finish`` makes of the working state, at
    every action of seeded games."""
    game, pairs = played
    for s, a in pairs:
        w = base.thaw(s)
        game.resolvers[type(a)](game, w, w.frames[-1], a)
        if not w.frames:
            course.run(game, w)
        _same_state(game.apply_trusted(s, a), base.finish(w))


