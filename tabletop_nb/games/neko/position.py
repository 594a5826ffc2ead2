"""A Neko position built from what is on the table (``NekoGame.position``).

A person describes the table: each player's ship lanes (card ids), ships, coins, fuel,
goods, fish, interference tiles, PP and unused dice; the cards in the bidding area and the
dice bid on them; the discard area; the round and the phase ("market", "draft",
"income", "reward", "action" with whose turn, or "resolve": the bidding is resolved).
Everything not given is as at the start of a game; cards not placed are in their period's
deck. The rules then take the position from the start of its phase (``NekoGame.advance``).
An impossible position is refused with a
:class:`~tabletop_nb.core.errors.TabletopError` saying why, and nothing is built.
"""
from __future__ import annotations

from collections import Counter
from typing import Mapping

from ...core.errors import TabletopError
from ...core.position import per_seat, refuse
from ._invariants import invariants
from .state import ACTION, DRAFT, INCOME, MARKET, RESOLVE, REWARD, BiddingArea, DiceDraft, NekoState, Player

__all__ = ["build_position", "PHASE_NAMES"]

#: the phases a position may start from, by name
PHASE_NAMES = ("market", "draft", "income", "reward", "action", "resolve")


_refuse = refuse
_per_seat = per_seat


def _count(what: str, v, lo: int = 0, hi: int | None = None) -> int:
    if type(v) is not int:
        _refuse(what, f"{v!r} is not a whole number")
    if v < lo:
        _refuse(what, f"{v} is below {lo}")
    if hi is not None and v > hi:
        _refuse(what, f"{v} is more than {hi}")
    return v


def _read(game, *, lanes=None, ships=None, coins=None, fuel=None, goods=None, fish=None,
                   interference=None, pp=None, dice=None, cargo=None, area=None, adv=None,
                   bids: Mapping | None = None, discard=(), hands=None, removed=(),
                   tiles=None, order=None, bonus=None, round: int = 1, phase: str = "action",
                   seat: int | None = None) -> NekoState:
    r = game.rules
    N, S, A = game.player_count, game.area_spaces, game.advanced_spaces
    slots = r.lane_slots
    faces = sorted(r.die.outcomes)

    round = _count("round", round, 1, r.rounds)
    if phase not in PHASE_NAMES:
        _refuse("phase", f"{phase!r} is not one of {', '.join(PHASE_NAMES)}")
    ph = {"market": MARKET, "draft": DRAFT, "income": INCOME, "reward": REWARD,
          "action": ACTION, "resolve": RESOLVE}[phase]
    if order is None:
        order = tuple(range(N))
    order = tuple(order)
    if sorted(order) != list(range(N)):
        _refuse("order", f"{order} is not an order of the seats 0..{N - 1}")
    if seat is not None and phase != "action":
        _refuse("seat", "whose turn it is is said only in the action phase")

    # -- cards ------------------------------------------------------------------------------
    known = {c.id for c in r.cards} | {c.id for c in r.advanced_card_list}
    period = 1 if round <= r.rounds // 2 else 2

    def card_id(what: str, c) -> int:
        if type(c) is not int or c not in known:
            _refuse(what, f"no card {c!r}")
        return c

    if area is None:
        area = game.period_ids[period][:S]
    area = [(-1 if c is None or c == -1 else card_id("area", c)) for c in area]
    if len(area) > S:
        _refuse("area", f"{len(area)} cards for {S} bidding spaces")
    area += [-1] * (S - len(area))
    for c in area:
        if c >= 0 and c not in game.period_ids[1] + game.period_ids[2]:
            _refuse("area", f"card {c} is an advanced card, not a playing card")
    adv_ids = tuple(sorted(c.id for c in r.advanced_card_list))
    if A:
        adv = list(adv_ids[:A] if adv is None else adv)
        if len(adv) != A or any(c not in adv_ids for c in adv):
            _refuse("adv", f"{adv} are not {A} advanced cards")
    elif adv:
        _refuse("adv", "advanced cards are only in the advanced game")
    else:
        adv = []

    # -- the players ------------------------------------------------------------------------
    start_lanes = (((-1,) * slots,) * r.start_harbours)
    players = []
    placed_cards: list[int] = []
    for q, (ln, sh, co, fu, go, fi, it, pts, cg) in enumerate(zip(
            _per_seat("lanes", lanes, N, None), _per_seat("ships", ships, N, None),
            _per_seat("coins", coins, N, r.start_coins),
            _per_seat("fuel", fuel, N, min(r.start_fuel, r.cabin_capacity)),
            _per_seat("goods", goods, N, 0), _per_seat("fish", fish, N, 0),
            _per_seat("interference", interference, N, 0), _per_seat("pp", pp, N, 0),
            _per_seat("cargo", cargo, N, ()))):
        if ln is None:
            ln = start_lanes
        ln = [list(lane) for lane in ln]
        if not 1 <= len(ln) <= r.max_harbours:
            _refuse(f"lanes[{q}]", f"{len(ln)} lanes; a player has 1 to {r.max_harbours} harbours")
        for lane in ln:
            if len(lane) > slots:
                _refuse(f"lanes[{q}]", f"a lane of {len(lane)} cards; a lane holds {slots}")
            lane += [-1] * (slots - len(lane))
            for i, c in enumerate(lane):
                lane[i] = -1 if c is None or c == -1 else card_id(f"lanes[{q}]", c)
        ln = tuple(tuple(lane) for lane in ln)
        own = sorted(c for lane in ln for c in lane if c >= 0)
        placed_cards += own
        if sh is None:
            sh = ((0, 0, 0),) * r.start_ships
        sh = tuple(sorted(tuple(x) for x in sh))
        if not sh:
            _refuse(f"ships[{q}]", "a player always has a ship")
        for li, b, j in sh:
            if not (type(li) is int and 0 <= li < len(ln)):
                _refuse(f"ships[{q}]", f"no lane {li!r} (the player has {len(ln)})")
            if not (type(b) is int and 0 <= b <= slots):
                _refuse(f"ships[{q}]", f"no place {b!r} in a lane of {slots} cards")
        co, fu, go, fi, it, pts = (_count(f"{k}[{q}]", v) for k, v in (
            ("coins", co), ("fuel", fu), ("goods", go), ("fish", fi), ("interference", it),
            ("pp", pts)))
        if fu + go > r.cabin_capacity:
            _refuse(f"fuel[{q}]", f"{fu} fuel + {go} goods is more than the cabin's "
                    f"{r.cabin_capacity} (NK-RES)")
        if fi > r.freezer_capacity:
            _refuse(f"fish[{q}]", f"{fi} fish is more than the freezer's {r.freezer_capacity}")
        cg = tuple(sorted((card_id(f"cargo[{q}]", c), _count(f"cargo[{q}]", n, 1))
                          for c, n in (dict(cg).items() if isinstance(cg, Mapping) else cg)))
        players.append(Player(coins=co, fuel=fu, goods=go, fish=fi, interference=it, pp=pts,
                              harbours=len(ln), lanes=ln, ships=sh, cards=tuple(own), cargo=cg))

    removed = [card_id("removed", c) for c in removed]
    if not A:
        removed += list(adv_ids)
    where = [c for c in area if c >= 0] + list(adv) + placed_cards + removed
    twice = [c for c, k in Counter(where).items() if k > 1]
    if twice:
        _refuse("cards", f"card {twice[0]} is in two places")
    gone = set(where)
    deck = tuple(tuple(c for c in game.period_ids[d] if c not in gone) for d in (1, 2))

    # -- dice -------------------------------------------------------------------------------
    spaces = S + A
    rows = [[()] * N for _ in range(spaces)]
    if bids is not None and not (isinstance(bids, Mapping)
                                 and all(isinstance(by, Mapping) for by in bids.values())):
        _refuse("bids", f"give {{space: {{seat: dice}}}}, not {bids!r}")
    for sp, by in (bids or {}).items():
        if not (type(sp) is int and 0 <= sp < spaces):
            _refuse("bids", f"no bidding space {sp!r} (0..{spaces - 1})")
        if (area + list(adv))[sp] < 0:
            _refuse("bids", f"space {sp} holds no card to bid on")
        if ph in (MARKET, DRAFT, INCOME, REWARD):
            _refuse("bids", "dice are bid in the action phase")
        for q, vals in by.items():
            if not (type(q) is int and 0 <= q < N):
                _refuse("bids", f"no seat {q!r}")
            vals = tuple(sorted(vals))
            if any(v not in faces for v in vals):
                _refuse("bids", f"{vals} are not faces of the die")
            rows[sp][q] = vals
    discard = tuple(sorted(discard))
    if any(v not in faces for v in discard):
        _refuse("discard", f"{discard} are not faces of the die")
    in_bids = [sum(len(rows[sp][q]) for sp in range(spaces)) for q in range(N)]
    dice_phase = ph != MARKET
    hand_t: tuple[tuple[int, ...], ...] = ()
    if ph == DRAFT:
        if hands is None:
            hands = [[faces[i % len(faces)] for i in range(r.dice_per_player)]] * N
        hands = _per_seat("hands", hands, N, ())
        hand_t = tuple(tuple(sorted(h)) for h in hands)
        if len({len(h) for h in hand_t}) != 1 or not hand_t[0]:
            _refuse("hands", "every seat has a hand of the same number of dice (at least 1)")
        if any(v not in faces for h in hand_t for v in h):
            _refuse("hands", "a die in a hand shows no face of the die")
    elif hands is not None:
        _refuse("hands", "hands of dice are passed only in the draft")
    given = _per_seat("dice", dice, N, None)
    dice_t = []
    for q, d in enumerate(given):
        if d is None:
            # every die is used before the bidding is resolved (NK-RES-01)
            k = r.dice_per_player - in_bids[q] if ph not in (MARKET, DRAFT, RESOLVE) else 0
            if ph == DRAFT:
                k = r.dice_per_player - len(hand_t[0])
            d = [faces[i % len(faces)] for i in range(max(k, 0))]
        d = tuple(sorted(d))
        if any(v not in faces for v in d):
            _refuse(f"dice[{q}]", f"{d} are not faces of the die")
        if not dice_phase and d:
            _refuse(f"dice[{q}]", "no dice are rolled before the Morning Market ends")
        dice_t.append(d)
    total = sum(len(d) for d in dice_t) + sum(in_bids) + len(discard) + sum(len(h) for h in hand_t)
    expected = r.dice_per_player * N if dice_phase else 0
    if total != expected:
        _refuse("dice", f"{total} dice on the table; in this phase there are {expected} "
                f"({r.dice_per_player} per player)")
    for q in range(N):
        if len(dice_t[q]) + in_bids[q] + (len(hand_t[q]) if hand_t else 0) > r.dice_per_player:
            _refuse(f"dice[{q}]", f"seat {q} has more than its {r.dice_per_player} dice")
    players = [p if p.dice == dice_t[q] else _with(p, dice=dice_t[q]) for q, p in enumerate(players)]

    # -- the turn ---------------------------------------------------------------------------
    turn = 0
    if ph == RESOLVE and any(dice_t):
        _refuse("dice", "the bidding is resolved only when every die is used (NK-RES-01)")
    if ph == ACTION:
        if seat is None:
            seat = next((p for p in order if dice_t[p]), order[0])
        seat = _count("seat", seat, 0, N - 1)
        if not dice_t[seat]:
            _refuse("seat", f"seat {seat} has no die left to take a turn with")
        turn = order.index(seat)
    taken = [b or "" for b in _per_seat("bonus", bonus, N, "")]
    for q, b in enumerate(taken):
        if b and b not in game.bonus:
            _refuse(f"bonus[{q}]", f"no starting bonus tile {b!r}")
    if len([b for b in taken if b]) != len({b for b in taken if b}):
        _refuse("bonus", "two players took one starting bonus tile")
    players = [_with(p, bonus=taken[q]) if taken[q] else p for q, p in enumerate(players)]
    bonus_left = tuple(b.name for b in r.bonus_tiles if b.name not in taken)
    if tiles is None:
        tiles = tuple(t.id for t in r.mid_tiles[:2 * game.per_period])
    tiles = tuple(tiles)
    if any(t not in game.tile for t in tiles) or len(set(tiles)) != len(tiles):
        _refuse("tiles", f"{tiles} are not distinct mid-game scoring tiles")

    s = NekoState(
        players=tuple(players), phase=ph, round=round, setup_step=0, resolution_step=0,
        prep_step=0, order=order, turn=turn, seats_done=0, frames=(),
        deck=deck, bottom=((), ()),
        area=BiddingArea(cards=tuple(area), adv_cards=tuple(adv), bids=tuple(tuple(row) for row in rows),
                         piles=(), adv_pool=()),
        discard=discard, tiles=tiles, bonus_left=bonus_left,
        draft=DiceDraft(hands=hand_t, picks=()), main=None, removed=tuple(sorted(removed)), final=())
    bad = invariants(game, s)
    if bad:
        _refuse("table", "; ".join(bad))
    return s


def build_position(game, **table) -> NekoState:
    """Build, validate and advance a position; see :meth:`NekoGame.position` for the keywords.

    Parameters
    ----------
    game : Game
        The game.
    **table
        What is on the table, by keyword (see ``game.position``).

    Returns
    -------
    State
        The validated position.

    Examples
    --------
    >>> import tabletop_nb
    >>> g = tabletop_nb.load_game("neko", players=2)
    >>> build_position(g, coins=[12, 8], phase="income").players[0].coins
    12
    """
    unknown = sorted(set(table) - _keywords())
    if unknown:
        _refuse("keywords", f"no keyword {', '.join(unknown)} (they are {', '.join(sorted(_keywords()))})")
    try:
        s = _read(game, **table)
    except TabletopError:
        raise
    except (TypeError, ValueError, KeyError, IndexError, AttributeError) as err:
        raise TabletopError(f"impossible position: a keyword has the wrong shape ({err})") from err
    return game.advance(s)


def _with(p: Player, **changes) -> Player:
    from dataclasses import replace
    return replace(p, **changes)


def _keywords() -> frozenset:
    import inspect
    return frozenset(inspect.signature(_read).parameters) - {"game"}
