"""The rules engine of A Pleasant Journey to Neko.

``NekoGame`` implements the game protocol of :mod:`tabletop_nb.core.protocol`. The
state keeps a stack of *frames*: each names a decision (and whose it is) or a chance
event the game waits for. ``apply`` resolves the top frame, then ``_run`` moves the
round forward through every step that needs nobody's choice (income payouts, turn
order, resolving a card nobody bid on, scoring) until the next frame is pushed.

Inside ``apply`` the state is unpacked into a mutable working copy (``_W``, with
``_MP`` players copied on first touch) and frozen again at the end: the rules read
like the rulebook's sentences and the states stay immutable values.
"""
from __future__ import annotations

import math
from fractions import Fraction
from itertools import combinations_with_replacement, permutations
from bisect import bisect_right
from functools import lru_cache
from typing import Any

from ...core.protocol import CHANCE, TERMINAL, BaseGame
from .rules import Rules
from .state import (CHANCE_FRAMES, ActivateCard, ActivateHub, Adjust, Bid, Buy, BuyShip,
                    ChooseBonus, ChurchFish, ChurchHub, CityIncome, Done, DrawAdvanced, DrawCard,
                    DrawTile, DrawTwo, EndTurn, FishFor, HospitalRemove, IncomeDie, Lighthouse,
                    LoadCargo, MoveShip, NekoSplit, NekoState, NewBid, OpenHarbour, ParkDie, Pass,
                    Pick, Player, RemoveInterference, RemoveTiles, Reroll, Reward, RollDice, Rolled,
                    Sell, StartOrder, TakeDiscard, TakeFish, TileAdjust, Trade, UsePostOffice)

__all__ = ["NekoGame", "PHASES", "SETUP", "BONUS", "MARKET", "ROLL", "DRAFT", "INCOME", "REWARD",
           "POST", "ACTION", "PARK", "RESOLVE", "PREP", "ENDGAME", "OVER"]

SETUP, BONUS, MARKET, ROLL, DRAFT, INCOME, REWARD, POST, ACTION, PARK, RESOLVE, PREP, ENDGAME, OVER = range(14)
PHASES = ("Setup", "Starting bonus", "Morning Market", "Roll", "Draft dice", "Obtain Income",
          "Get Rewards", "Set Turn Order", "Action", "Penguin Park dice", "Resolve bidding",
          "Prepare next round", "Game end", "Game over")

_PLAYER_FIELDS = Player.__slots__
_STATE_FIELDS = NekoState.__slots__
_NAMES = ("Yellow", "Red", "Purple", "Green")


def _compile(name: str, src: str, env: dict):
    """Build a straight-line function from source (copying ~25 fields by name is 5x faster
    than a getattr/setattr loop, and this copy happens on every action)."""
    exec(src, env)
    return env[name]


class _MP:
    """A mutable copy of a Player, alive only inside one ``apply``."""

    __slots__ = _PLAYER_FIELDS


def _maker(cls, name: str):
    """A constructor of a frozen slots dataclass that sets each slot through its member
    descriptor: twice as fast as the dataclass ``__init__`` (which goes through
    ``object.__setattr__``), and the result is the same value. Arguments in field order."""
    fields = cls.__slots__
    env = {"_new": object.__new__, "_cls": cls}
    env.update({f"_s{i}": getattr(cls, f).__set__ for i, f in enumerate(fields)})
    args = ", ".join(f"a{i}" for i in range(len(fields)))
    body = "".join(f"    _s{i}(o, a{i})\n" for i in range(len(fields)))
    return _compile(name, f"def {name}({args}):\n    o = _new(_cls)\n{body}    return o\n", env)


_make_player = _maker(Player, "_make_player")
_make_state = _maker(NekoState, "_make_state")
_thaw = _compile("_thaw", "def _thaw(p):\n    m = _new(_MP)\n" + "".join(
    f"    m.{f} = p.{f}\n" for f in _PLAYER_FIELDS) + "    return m\n",
    {"_new": object.__new__, "_MP": _MP})
_MP.freeze = _compile("freeze", "def freeze(m):\n    return _make_player(" + ", ".join(
    f"m.{f}" for f in _PLAYER_FIELDS) + ")\n", {"_make_player": _make_player})
_with_picks = _compile("_with_picks", "def _with_picks(s, picks):\n    return _make_state(" + ", ".join(
    "picks" if f == "picks" else f"s.{f}" for f in _STATE_FIELDS) + ")\n", {"_make_state": _make_state})


class _W:
    """A mutable working copy of a NekoState."""

    __slots__ = _STATE_FIELDS + ("_m", "ev")

    def p(self, i: int) -> _MP:
        m = self._m.get(i)
        if m is None:
            m = self._m[i] = _thaw(self.players[i])
        return m

    def view(self, i: int):
        """The player for reading: the working copy if touched, else the frozen one."""
        return self._m.get(i) or self.players[i]


_W.__init__ = _compile("__init__", "def __init__(w, s):\n" + "".join(
    f"    w.{f} = s.{f}\n" for f in _STATE_FIELDS if f not in ("players", "frames", "events"))
    + "    w.players = list(s.players)\n    w.frames = list(s.frames)\n    w._m = {}\n"
    + "    w.ev = []\n", {})
_W.freeze = _compile("freeze", "def freeze(w):\n    players = w.players\n"
                     "    for i, m in w._m.items():\n        players[i] = m.freeze()\n"
                     "    return _make_state(" + ", ".join(
                         "tuple(players)" if f == "players" else "tuple(w.frames)" if f == "frames"
                         else "tuple(w.ev)" if f == "events" else f"w.{f}" for f in _STATE_FIELDS)
                     + ")\n", {"_make_state": _make_state})


def _remove(t: tuple, v) -> tuple:
    """``t`` without one occurrence of ``v``."""
    i = t.index(v)
    return t[:i] + t[i + 1:]


def _insert(t: tuple, v) -> tuple:
    """Sorted ``t`` with ``v`` added in order."""
    lst = list(t)
    lst.insert(bisect_right(lst, v), v)
    return tuple(lst)


_ACT: dict = {}


def _a(cls, *args):
    """A cached action instance (actions are immutable values).

    The cache is shared by every game in the process, so it only ever stores actions
    whose values are exact ints and strs: ``3.0 == 3`` share a dict key, and a float that
    slipped in once would be handed to every later game asking for the int.
    """
    key = (cls,) + args
    a = _ACT.get(key)
    if a is None:
        a = cls(*args)
        if all(type(v) is int or type(v) is str for v in args):
            _ACT[key] = a
    return a


def _cumulative(outcomes) -> list[float]:
    acc, out = 0.0, []
    for _, p in outcomes:
        acc += float(p)
        out.append(acc)
    out[-1] = 1.0
    return out


@lru_cache(maxsize=32)
def _roll_tables(die, n: int):
    """The exact distribution of one player's roll of ``n`` dice (a sorted multiset), and of
    one die, with cumulative floats for sampling. Cached: every game with the same die
    shares them (building the 462 outcomes of 6 dice takes a tenth of a second)."""
    pmf = die.pmf
    rolls = []
    for combo in combinations_with_replacement(list(pmf), n):
        counts: dict = {}
        for f in combo:
            counts[f] = counts.get(f, 0) + 1
        ways = math.factorial(n)
        prob = Fraction(1)
        for f, k in counts.items():
            ways //= math.factorial(k)
            prob *= pmf[f] ** k
        rolls.append((RollDice(tuple(sorted(combo))), prob * ways))
    one = [(Rolled(f), p) for f, p in pmf.items()]
    return tuple(rolls), _cumulative(rolls), tuple(one), _cumulative(one)


class _Profile:
    """Derived facts about one lanes value (cached: lanes change only when a card is placed)."""

    __slots__ = ("kinds", "effects", "effect_pos", "park", "activatable", "ports")

    def __init__(self, game: "NekoGame", lanes: tuple):
        C = game.card
        kinds: dict = {}
        pos: dict = {}
        act, ports = [], []
        for li, lane in enumerate(lanes):
            for si, c in enumerate(lane):
                if c < 0:
                    continue
                card = C[c]
                kinds[card.kind] = kinds.get(card.kind, 0) + 1
                pos.setdefault(card.effect, (li, si))
                if card.activate:
                    act.append((li, si, frozenset(card.activate)))
                if card.cargo:
                    ports.append((li, si, c, len(card.cargo)))
        self.kinds = kinds
        self.effect_pos = pos
        self.effects = frozenset(pos)
        size = game.rules.set_size
        full, rest = divmod(kinds.get("penguin_park", 0), size)
        self.park = (full + (1 if rest else 0), full * (size - 1) + (rest - 1 if rest else 0))
        self.activatable = tuple(act)
        self.ports = tuple(ports)


class NekoGame(BaseGame):
    """A Pleasant Journey to Neko for 2-4 players, base and advanced game.

    Examples
    --------
    >>> import tabletop_nb
    >>> game = tabletop_nb.load_game("neko", players=3)
    >>> s = game.initial_state()
    >>> game.current_player(s) == tabletop_nb.CHANCE      # the first mid-game tile is drawn
    True
    """

    name = "neko"
    Rules = Rules
    max_actions = 200_000

    # ------------------------------------------------------------------ setup
    def setup(self) -> None:
        r = self.rules
        self.N = r.players
        self.S = r.spaces
        self.A = r.advanced_cards_drawn if r.advanced_cards else 0
        allc = r.cards + r.advanced_card_list
        self.card = [None] * (max(c.id for c in allc) + 1)
        for c in allc:
            self.card[c.id] = c
        self.period_ids = {1: tuple(sorted(c.id for c in r.cards if c.period == 1)),
                           2: tuple(sorted(c.id for c in r.cards if c.period == 2))}
        self.res_order = tuple(range(self.S, self.S + self.A)) + tuple(range(self.S))
        self.tile = {t.id: t for t in r.mid_tiles}
        self.per_period = r.mid_tiles_per_period
        self.bonus = {b.name: b for b in r.bonus_tiles}
        self.chart = tuple(sorted(r.reward_chart, key=lambda x: x.level))
        self._rolls, self._roll_cum, self._one, self._one_cum = _roll_tables(r.die, r.dice_per_player)
        self._orders = None
        self._effect_of = {c.id: c.effect for c in allc}
        self._profiles = {}
        self._vals = {}
        spaces = self.S + self.A
        self._A_fish = [None] + [TakeFish(v) for v in range(1, 7)]
        self._A_bid = [[None] + [Bid(sp, v) for v in range(1, 7)] for sp in range(spaces)]
        self._A_adjust = [None] + [(Adjust(v, 1), Adjust(v, -1)) for v in range(1, 7)]
        self._A_tile = [None] + [(TileAdjust(v, 1), TileAdjust(v, -1)) for v in range(1, 7)]
        self._A_reroll = [None] + [Reroll(v) for v in range(1, 7)]
        self._A_pick_fish = [None] + [TakeDiscard(v, "fish") for v in range(1, 7)]
        self._A_pick_park = [None] + [TakeDiscard(v, "park") for v in range(1, 7)]
        self._A_fishfor = (FishFor("coins"), FishFor("fuel"))

    # ------------------------------------------------------------------ protocol
    def initial_state(self) -> NekoState:
        r = self.rules
        N = self.N
        start = Player(coins=r.start_coins, fuel=min(r.start_fuel, r.cabin_capacity),
                       harbours=r.start_harbours, lanes=((-1,) * r.lane_slots,) * r.start_harbours,
                       ships=((0, 0, 0),) * r.start_ships)
        s = NekoState(
            players=(start,) * N, phase=SETUP, round=0, step=0, order=tuple(range(N)), turn=0,
            frames=(), deck=(self.period_ids[1], self.period_ids[2]), bottom=((), ()), piles=(),
            area=(-1,) * self.S, adv=(-1,) * self.A,
            adv_pool=tuple(sorted(c.id for c in r.advanced_card_list)) if self.A else (),
            bids=((),) * (self.S + self.A), discard=(), tiles=(),
            bonus_left=tuple(b.name for b in r.bonus_tiles), hands=(), picks=(), main=(),
            removed=() if self.A else tuple(sorted(c.id for c in r.advanced_card_list)), final=())
        w = _W(s)
        w.bids = self._empty_bids()
        self._run(w)
        return w.freeze()

    def _empty_bids(self) -> tuple:
        return (((),) * self.N,) * (self.S + self.A)

    def advance(self, s: NekoState) -> NekoState:
        """Run the steps that need no choice from a hand-built state up to the next decision.

        States made by ``apply`` are always advanced already; this is for tests and
        notebooks that build a position by hand (for example a round's end with bids in
        place and no frame) and let the rules take it from there.
        """
        w = _W(s)
        self._run(w)
        return w.freeze()

    def position(self, **table) -> NekoState:
        """A validated position built from what is on the table, advanced to its first
        decision.

        Keywords (all optional; what is not given is as at the start of a game): per seat
        (a list in seat order or {seat: value}): ``lanes`` (lists of card ids, -1 or None
        for an empty slot; one lane per harbour), ``ships`` ((lane, boundary, sub)
        positions), ``coins``, ``fuel``, ``goods``, ``fish``, ``interference``, ``pp``,
        ``dice`` (the unused dice; default: the seat's dice not bid), ``cargo``
        ((card, goods) pairs); ``area`` (the bidding-area cards; default: the first of the
        round's period deck), ``adv`` (advanced game), ``bids`` ({space: {seat: dice}}),
        ``discard`` (dice values), ``hands`` (the draft), ``removed``, ``tiles``, ``order``
        (the turn order), ``bonus`` (each seat's starting bonus tile), ``round``,
        ``phase`` ("market", "draft", "income", "reward", "action" or "resolve") and, in
        the action phase, ``seat`` (whose turn). Cards not placed are in their period's
        deck. Implemented in :mod:`.position`.

        Raises
        ------
        TabletopError
            For an impossible position, with the reason (a card in two places, more fuel
            and goods than the cabin holds, an unknown card, dice that do not add up, ...).

        Examples
        --------
        >>> import tabletop_nb
        >>> g = tabletop_nb.load_game("neko", players=2)
        >>> s = g.position(coins=[10, 3], dice={0: [2, 5], 1: [6]}, discard=[1, 1, 3, 3, 4, 5, 6, 6],
        ...                bids={0: {1: [4]}}, round=2, seat=1)
        >>> g.current_player(s), s.players[0].coins, s.bids[0][1]
        (1, 10, (4,))
        """
        from .position import build_position
        return build_position(self, **table)

    def current_player(self, s: NekoState) -> int:
        if s.frames:
            top = s.frames[-1]
            return CHANCE if top[0] in CHANCE_FRAMES else top[1]
        return TERMINAL

    def is_terminal(self, s: NekoState) -> bool:
        return not s.frames

    def chance_outcomes(self, s: NekoState) -> list:
        if not s.frames:
            return []
        top = s.frames[-1]
        k = top[0]
        if k == "roll":
            return list(self._rolls)
        if k == "reroll":
            return list(self._one)
        if k in ("reveal", "draw"):
            cards = s.deck[top[-1] - 1]
            q = Fraction(1, len(cards))
            return [(_a(DrawCard, c), q) for c in cards]
        if k == "tile":
            left = [t.id for t in self.rules.mid_tiles if t.id not in s.tiles]
            q = Fraction(1, len(left))
            return [(DrawTile(t), q) for t in left]
        if k == "adv":
            q = Fraction(1, len(s.adv_pool))
            return [(DrawAdvanced(c), q) for c in s.adv_pool]
        if k == "order":
            perms = list(permutations(range(self.N)))
            q = Fraction(1, len(perms))
            return [(StartOrder(p), q) for p in perms]
        return []

    def sample_chance(self, s: NekoState, rng) -> Any:
        top = s.frames[-1]
        k = top[0]
        if k == "roll":
            return self._rolls[bisect_right(self._roll_cum, rng.random())][0]
        if k in ("reveal", "draw"):
            cards = s.deck[top[-1] - 1]
            return _a(DrawCard, cards[int(rng.random() * len(cards))])
        if k == "reroll":
            return self._one[bisect_right(self._one_cum, rng.random())][0]
        outs = self.chance_outcomes(s)
        return outs[int(rng.random() * len(outs))][0]

    # ------------------------------------------------------------------ helpers
    def _period(self, w) -> int:
        """The current period deck (1 in rounds 1-2, 2 in rounds 3-4; NK-RND-06)."""
        return 1 if w.round <= 2 else 2

    def _prof(self, P) -> "_Profile":
        """What a player's lanes hold, computed once per distinct lanes value."""
        prof = self._profiles.get(P.lanes)
        if prof is None:
            if len(self._profiles) > 200_000:
                self._profiles.clear()
            prof = self._profiles[P.lanes] = _Profile(self, P.lanes)
        return prof

    def _count(self, P, kind: str) -> int:
        return self._prof(P).kinds.get(kind, 0)

    def _owns(self, P, effect: str) -> int | None:
        """The id of the player's card with this effect, or None."""
        pos = self._prof(P).effect_pos.get(effect)
        return None if pos is None else P.lanes[pos[0]][pos[1]]

    def _gain(self, m: _MP, item: str, n: int) -> int:
        """Give ``n`` of ``item`` within the cabin and freezer limits; return what was kept."""
        if n <= 0:
            return 0
        r = self.rules
        if item == "coins":
            m.coins += n
            return n
        if item == "fuel":
            n = max(0, min(n, r.cabin_capacity - m.fuel - m.goods))
            m.fuel += n
            return n
        if item == "goods":
            n = max(0, min(n, r.cabin_capacity - m.fuel - m.goods))
            m.goods += n
            return n
        if item == "fish":
            n = max(0, min(n, r.freezer_capacity - m.fish))
            m.fish += n
            return n
        if item == "pp":
            m.pp += n
            return n
        raise ValueError(item)

    def _hubs_of(self, lanes) -> tuple:
        """The complete hubs of these lanes: ((lane, boundary, sub), multiplier, item)."""
        out = []
        C = self.card
        for li, lane in enumerate(lanes):
            n = len(lane)
            for i, c in enumerate(lane):
                if c < 0:
                    continue
                for j, h in enumerate(C[c].hubs, 1):
                    out.append(((li, i, j), h.multiplier, h.item))
                if i + 1 < n and lane[i + 1] >= 0:
                    out.append(((li, i + 1, 0), C[lane[i + 1]].left, C[c].right))
        return tuple(sorted(out))

    def hub_at(self, P, key) -> tuple | None:
        """(multiplier, item) of the player's hub at ``key``, or None for a half-hub."""
        for k, mult, item in P.hubs:
            if k == key:
                return mult, item
        return None

    def next_stop(self, lane: tuple, boundary: int, sub: int):
        """The stop a ship at (boundary, sub) of ``lane`` moves to, or None (NK-HUB-10).

        >>> import tabletop_nb
        >>> game = tabletop_nb.load_game("neko", players=2)
        >>> lane = (0, 14, -1, -1, -1)          # an Ocean Bank, then a Port (one port hub)
        >>> game.next_stop(lane, 0, 0), game.next_stop(lane, 1, 0), game.next_stop(lane, 1, 1)
        ((1, 0), (1, 1), (2, 0))
        >>> game.next_stop(lane, 2, 0) is None   # an empty slot stops the ship
        True
        """
        if boundary >= len(lane):
            return None
        c = lane[boundary]
        if c < 0:
            return None
        if sub < len(self.card[c].hubs):
            return boundary, sub + 1
        return boundary + 1, 0

    def gap_coins(self, lane: tuple, slot: int) -> int:
        """Coins for the empty slots between ``slot`` and the harbour (NK-PLC-02).

        >>> import tabletop_nb
        >>> tabletop_nb.load_game("neko").gap_coins((-1, 7, -1, -1, -1), 3)
        2
        """
        return self.rules.gap_coins * sum(1 for c in lane[:slot] if c < 0)

    def card_price(self, P, card: int, discount: int) -> int:
        """A card's price after a discount, never below ``min_card_price`` (NK-BB-02)."""
        cost = self.card[card].cost
        if discount <= 0:
            return cost
        return max(min(cost, self.rules.min_card_price), cost - discount)

    def blue_bar_discount(self, P) -> int:
        n = self._count(P, "blue_bar")
        return self.rules.set_value(n, self.rules.blue_bar_discount) if n else 0

    def park_sets(self, P) -> tuple[int, int]:
        """(dice reward tile pairs, discarded-die pickups per round) from Penguin Parks."""
        return self._prof(P).park

    def harbour_price(self, P) -> int:
        """The price of the next harbour, lowered by an activated Harbour City (NK-HC-01)."""
        base = self.rules.harbour_costs[P.harbours - 1]
        if P.harbour_city_used and not self.rules.harbour_city_all_round:
            return base
        for (li, si), v in P.card_dice:
            if self._effect_of[P.lanes[li][si]] == "harbour_city":
                return -(-base // v)
        return base

    def ship_price(self, P) -> int:
        return self.rules.ship_cost_first + self.rules.ship_cost_step * (len(P.ships) - 1)

    def _card_at(self, w, space: int) -> int:
        return w.area[space] if space < self.S else w.adv[space - self.S]

    def _set_card_at(self, w, space: int, card: int) -> None:
        if space < self.S:
            w.area = w.area[:space] + (card,) + w.area[space + 1:]
        else:
            i = space - self.S
            w.adv = w.adv[:i] + (card,) + w.adv[i + 1:]

    def _add_bid(self, w, space: int, p: int, v: int) -> None:
        row = w.bids[space]
        row = row[:p] + (_insert(row[p], v),) + row[p + 1:]
        w.bids = w.bids[:space] + (row,) + w.bids[space + 1:]

    def _to_bottom(self, w, card: int, d: int) -> None:
        if self.rules.advanced_setup:
            w.piles = _insert(w.piles, card)
            return
        b = list(w.bottom)
        b[d - 1] = b[d - 1] + (card,)
        w.bottom = tuple(b)

    def _take_from_deck(self, w, d: int, card: int) -> None:
        deck = list(w.deck)
        deck[d - 1] = _remove(deck[d - 1], card)
        w.deck = tuple(deck)

    def _deck_size(self, w, d: int) -> int:
        return len(w.deck[d - 1]) + len(w.bottom[d - 1])

    def display_piles(self, s) -> dict[str, tuple[int, ...]]:
        """Advanced setup: the displayed cards in piles by kind, cheapest on top (NK-ADS-02)."""
        piles: dict[str, list] = {}
        for c in s.piles:
            piles.setdefault(self.card[c].kind, []).append(c)
        return {k: tuple(sorted(v, key=lambda c: (self.card[c].cost, c))) for k, v in piles.items()}

    def winner(self, s, space: int) -> int | None:
        """The winner of a bidding space: the highest total, ties to the earlier turn order
        (NK-RES-05); None when nobody bid."""
        row = s.bids[space]
        best, who = -1, None
        for p in s.order:
            dice = row[p]
            if dice:
                t = sum(dice)
                if t > best:
                    best, who = t, p
        return who

    def crossed(self, P, lane: int) -> int:
        """Cards crossed by the furthest ship in a lane."""
        return max((b for (li, b, _) in P.ships if li == lane), default=0)

    def hub_count(self, P) -> int:
        if self.rules.neko_counts_port_hubs:
            return len(P.hubs)
        return sum(1 for k, _, _ in P.hubs if k[2] == 0)

    # ------------------------------------------------------------------ the flow
    def _run(self, w: _W) -> None:
        """Advance through every step that needs no choice, up to the next frame."""
        r = self.rules
        N = self.N
        frames = w.frames
        while not frames:
            ph = w.phase
            if ph == SETUP:
                if w.step == 0:
                    w.step = 1
                    if r.random_start_order:
                        frames.append(("order",))
                elif w.step == 1:
                    if len(w.tiles) < 2 * self.per_period:
                        frames.append(("tile",))
                    else:
                        w.step = 2
                elif w.step == 2:
                    if -1 in w.adv:
                        frames.append(("adv",))
                    else:
                        w.removed = w.removed + w.adv_pool
                        w.adv_pool = ()
                        w.step = 3
                else:
                    if r.advanced_setup:
                        w.piles = w.deck[0]
                        w.deck = ((), w.deck[1])
                    elif self._fill_area(w, 1):
                        continue
                    w.phase, w.turn = BONUS, 0
            elif ph == BONUS:
                if w.turn < N:
                    p = w.order[N - 1 - w.turn]
                    w.turn += 1
                    frames.append(("bonus", p))
                else:
                    w.round, w.phase, w.turn = 1, MARKET, 0
            elif ph == MARKET:
                if w.turn < N:
                    p = w.order[w.turn]
                    w.turn += 1
                    if w.view(p).fish > 0:
                        frames.append(("market", p))
                else:
                    w.phase, w.turn, w.hands = ROLL, 0, ()
            elif ph == ROLL:
                if w.turn < N:
                    frames.append(("roll", w.turn))
                    w.turn += 1
                else:
                    w.phase, w.step, w.picks = DRAFT, 0, ()
            elif ph == DRAFT:
                self._draft_step(w)
            elif ph == INCOME:
                if w.turn < N:
                    p = w.order[w.turn]
                    w.turn += 1
                    frames.append(("income", p))
                else:
                    w.phase, w.turn = REWARD, 0
            elif ph == REWARD:
                if w.turn < N:
                    p = w.order[w.turn]
                    w.turn += 1
                    frames.append(("reward", p))
                else:
                    w.phase, w.turn = POST, 0
            elif ph == POST:
                if w.turn < N:
                    p = w.order[w.turn]
                    w.turn += 1
                    if self._owns(w.view(p), "post_office") is not None:
                        frames.append(("po", p))
                else:
                    self._set_turn_order(w)
                    w.phase, w.turn, w.main = ACTION, 0, ()
            elif ph == ACTION:
                for i in range(N):
                    idx = (w.turn + i) % N
                    p = w.order[idx]
                    if w.view(p).dice:
                        w.turn = idx
                        frames.append(("turn", p))
                        break
                else:
                    w.phase, w.turn = PARK, 0
            elif ph == PARK:
                if w.turn < N:
                    p = w.order[w.turn]
                    w.turn += 1
                    P = w.view(p)
                    if (P.park_variant_round and P.park_variant_round < w.round and w.discard
                            and self._park_spaces(w, p)):
                        frames.append(("park", p, 1))
                else:
                    w.phase, w.step = RESOLVE, 0
            elif ph == RESOLVE:
                self._resolve_step(w)
            elif ph == PREP:
                self._prep_step(w)
            elif ph == ENDGAME:
                if w.turn < N:
                    p = w.order[w.turn]
                    w.turn += 1
                    frames.append(("endgame", p))
                else:
                    self._final_scoring(w)
                    w.phase = OVER
                    return
            else:
                return

    def _fill_area(self, w, d: int) -> bool:
        """Reveal cards of deck ``d`` into the free bidding spaces; True while waiting on a draw."""
        while -1 in w.area:
            if w.deck[d - 1]:
                w.frames.append(("reveal", d))
                return True
            if w.bottom[d - 1]:
                b = list(w.bottom)
                card, b[d - 1] = b[d - 1][0], b[d - 1][1:]
                w.bottom = tuple(b)
                self._set_card_at(w, w.area.index(-1), card)
                continue
            return False  # the deck ran out: the rest stays empty (NK-PREP-04)
        return False

    def _draft_step(self, w) -> None:
        N = self.N
        size = len(w.hands[0])
        if size <= 1:
            for seat in range(N):
                if w.hands[seat]:
                    m = w.p(seat)
                    m.dice = _insert(m.dice, w.hands[seat][0])
            w.hands, w.picks = (), ()
            w.phase, w.turn = INCOME, 0
            w.ev.append(("drafted",))
            return
        if len(w.picks) < N:
            w.frames.append(("draft", len(w.picks)))
            return
        new = [None] * N
        for seat in range(N):
            v = w.picks[seat]
            m = w.p(seat)
            m.dice = _insert(m.dice, v)
            new[(seat + 1) % N] = _remove(w.hands[seat], v)
        w.ev.append(("picks", w.picks))
        w.hands, w.picks = tuple(new), ()
        w.step += 1

    def _set_turn_order(self, w) -> None:
        totals = [sum(w.view(p).dice) for p in range(self.N)]
        pos = {p: i for i, p in enumerate(w.order)}
        order = tuple(sorted(range(self.N), key=lambda p: (-totals[p], pos[p])))
        w.order = order
        w.p(order[0]).interference += self.rules.first_player_interference
        w.ev.append(("order", order, tuple(totals)))

    def _resolve_step(self, w) -> None:
        i, sub = divmod(w.step, 2)
        if i >= len(self.res_order):
            w.phase, w.step = PREP, 0
            return
        space = self.res_order[i]
        card = self._card_at(w, space)
        w.step += 1
        who = self.winner(w, space)
        if sub == 0:
            if card < 0:
                w.step += 1
                return
            if who is None:
                w.step += 1
                if space < self.S:
                    self._set_card_at(w, space, -1)
                    self._to_bottom(w, card, self._period(w))
                    w.ev.append(("unbid", card))
                return
            if self._placements(w.view(who), card, self.blue_bar_discount(w.view(who))):
                w.frames.append(("win", who, space))
            else:
                self._decline(w, space, who, forced=True)
            return
        # sub 1: the other bidders are compensated (NK-RES-09)
        for q in w.order:
            if q == who:
                continue
            dice = w.bids[space][q]
            if not dice:
                continue
            P = w.view(q)
            if self._owns(P, "church") is not None and P.church_used < self.rules.church_dice \
                    and self._vacant_hubs(P):
                w.frames.append(("church", q, space, len(dice)))
                continue
            self._bid_fish(w, q, len(dice))
        return

    def _bid_fish(self, w, q: int, n: int) -> None:
        m = w.p(q)
        per = self.rules.fishing_spot_fish if self._owns(m, "fishing_spot") is not None else 1
        got = self._gain(m, "fish", n * per)
        w.ev.append(("lost", q, n, got))

    def _decline(self, w, space: int, who: int, forced: bool = False) -> None:
        card = self._card_at(w, space)
        if not (space >= self.S and self.rules.declined_advanced_stays):
            self._set_card_at(w, space, -1)
            self._to_bottom(w, card, self._period(w))
        w.ev.append(("declined", who, card, forced))

    def _prep_step(self, w) -> None:
        r = self.rules
        if w.step == 0:
            for p in range(self.N):
                m = w.p(p)
                m.dice = m.hub_dice = m.card_dice = ()
                m.tile_adjust_used = m.tile_reroll_used = m.park_pickups_used = 0
                m.picked_up = m.hospital_used = m.harbour_city_used = False
                m.lighthouse = None
                m.church_used = 0
            w.bids = self._empty_bids()
            w.discard = ()
            w.main = ()
            w.step = 1
        elif w.step == 1:
            if w.round < r.rounds:
                if r.advanced_setup:
                    if w.round == r.rounds // 2:
                        # the period-2 piles replace what is left of period 1 (NK-ADS-05)
                        w.removed = w.removed + w.piles
                        w.piles = tuple(sorted(w.deck[1] + w.bottom[1]))
                        w.deck, w.bottom = ((), ()), ((), ())
                else:
                    d = 1 if w.round < r.rounds // 2 else 2
                    if self._fill_area(w, d):
                        return
            w.step = 2
        elif w.step == 2:
            if w.round in (r.rounds // 2, r.rounds):
                self._mid_scoring(w)
            w.step = 3
        else:
            if w.round < r.rounds:
                w.round += 1
                w.phase, w.turn = MARKET, 0
            else:
                w.phase, w.turn = ENDGAME, 0

    # ------------------------------------------------------------------ scoring
    def tile_values(self, s, kind: str) -> list[int]:
        """Each player's value for a mid-game tile criterion."""
        out = []
        r = self.rules
        for P in (s.view(p) if isinstance(s, _W) else s.players[p] for p in range(self.N)):
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
        """The players who meet a mid-game tile (all tied players score, NK-MID-02)."""
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

    def travel_pp(self, P) -> int:
        t = self.rules.ship_travel_pp
        return sum(t[min(b, len(t) - 1)] for (_, b, _) in P.ships)

    def _mid_scoring(self, w) -> None:
        period = 1 if w.round <= self.rules.rounds // 2 else 2
        k = self.per_period
        tiles = w.tiles[(period - 1) * k: period * k]
        gained = [0] * self.N
        for t in tiles:
            tile = self.tile[t]
            for p in self.tile_scorers(w, tile):
                gained[p] += tile.pp
        for p in range(self.N):
            m = w.p(p)
            travel = self.travel_pp(m)
            m.pp += gained[p] + travel
            w.ev.append(("mid", p, gained[p], travel))

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

    def port_unlocked(self, P, card: int) -> bool:
        need = len(self.card[card].cargo)
        return dict(P.cargo).get(card, 0) >= need

    def final_breakdown(self, P) -> tuple[int, ...]:
        """A player's final score: (track, harbours, crossed cards, end-game icons, goods,
        interference, total) (NK-FIN).

        >>> import tabletop_nb
        >>> from tabletop_nb.games.neko.state import Player
        >>> game = tabletop_nb.load_game("neko", players=2)
        >>> game.final_breakdown(Player(pp=9, goods=2, interference=3))
        (9, 1, 0, 0, 2, -4, 8)
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
        w.final = tuple(self.final_breakdown(w.view(p)) for p in range(self.N))
        w.ev.append(("final",))

    def scores(self, s: NekoState) -> tuple:
        if s.final:
            return tuple(f[-1] for f in s.final)
        return tuple(P.pp for P in s.players)

    def _rank_key(self, s, p: int):
        pos = s.order.index(p)
        return (self.scores(s)[p], s.players[p].coins, -pos)

    def winners(self, s: NekoState) -> tuple[int, ...]:
        """The single winner: most PP, then most coins, then earlier turn order (NK-TIE)."""
        return (max(range(self.N), key=lambda p: self._rank_key(s, p)),)

    def ranks(self, s: NekoState) -> tuple[int, ...]:
        keys = [self._rank_key(s, p) for p in range(self.N)]
        return tuple(1 + sum(1 for k in keys if k > keys[p]) for p in range(self.N))

    # ------------------------------------------------------------------ for people
    def player_name(self, seat: int) -> str:
        return _NAMES[seat] if seat < len(_NAMES) else f"Player {seat + 1}"

    def observation(self, s: NekoState, player: int) -> NekoState:
        """Draft picks of the current step are simultaneous: earlier seats' picks are hidden."""
        if s.picks:
            return _with_picks(s, (0,) * len(s.picks))
        return s

    def bots(self) -> dict:
        """The heuristic bots by name: ``greedy`` (see :mod:`.bots`)."""
        from .bots import BOTS
        return dict(BOTS)

    # the search bot's hooks (core/search.py) live in bots.py
    @property
    def search_horizon(self) -> int:
        from .bots import SEARCH_HORIZON_PER_SEAT
        return SEARCH_HORIZON_PER_SEAT * self.N

    def determinize(self, s: NekoState, player: int, rng) -> NekoState:
        from .bots import determinize
        return determinize(self, s, player, rng)

    def estimate_scores(self, s: NekoState) -> tuple:
        from .bots import estimate_scores
        return estimate_scores(self, s)

    def search_actions(self, s: NekoState, rng) -> list:
        from .bots import search_actions
        return search_actions(self, s, rng)

    def phase(self, s: NekoState) -> str:
        name = PHASES[s.phase]
        if s.phase in (SETUP, BONUS):
            return name
        if s.phase == OVER:
            return "Game over"
        return f"Round {s.round} of {self.rules.rounds}: {name}"

    def card_name(self, card: int) -> str:
        c = self.card[card]
        return c.name

    def _key_label(self, key) -> str:
        li, b, j = key
        return f"lane {li + 1}, port hub {j} in slot {b + 1}" if j else f"lane {li + 1}, hub {b}"

    def action_label(self, s: NekoState, a: Any) -> str:
        t = type(a)
        cn = self.card_name
        if t is TakeFish:
            return f"Take fish with a {a.value}"
        if t is Bid:
            return f"Bid a {a.value} on {cn(self._card_at(s, a.space))}"
        if t is ActivateHub:
            P = s.players[self.current_player(s)]
            hub = self.hub_at(P, (a.lane, a.boundary, a.sub))
            what = f" ({hub[0]} x {hub[1]})" if hub else ""
            return f"Place a die on {self._key_label((a.lane, a.boundary, a.sub))}{what}"
        if t is ActivateCard:
            P = s.players[self.current_player(s)]
            return f"Place a {a.value} on {cn(P.lanes[a.lane][a.slot])}"
        if t is EndTurn:
            return "End turn"
        if t is Pick:
            return f"Keep a {a.value}"
        if t is IncomeDie:
            return f"Discard a {a.value} for {a.value} coins"
        if t is Buy:
            P = s.players[self.current_player(s)]
            top = s.frames[-1]
            disc = self.blue_bar_discount(P) if top[0] == "win" else self._buy_discount(P, top[2])
            price = self.card_price(P, a.card, disc) + self.gap_coins(P.lanes[a.lane], a.slot)
            return f"Buy {cn(a.card)} for {price} into lane {a.lane + 1}, slot {a.slot + 1}"
        if t is Pass:
            top = s.frames[-1][0]
            return {"win": "Decline the card", "buy": "Buy nothing", "po": "Do not use the Post Office",
                    "park": "Place no die"}.get(top, "Pass")
        if t is Done:
            return "Done"
        if t is Sell:
            r = self.rules
            n = {"coins": r.market_coins, "fuel": r.market_fuel, "goods": r.market_goods}[a.item]
            return f"Sell a fish for {n} {a.item}"
        if t is Reward:
            for rs in self.chart:
                if rs.reward == a.reward:
                    return {"coins": f"Take {rs.amount} coins", "goods": f"Take {rs.amount} good(s)",
                            "fish": f"Take {rs.amount} fish", "fuel": f"Take {rs.amount} fuel",
                            "interference": "Remove an interference tile",
                            "card": "Buy a card"}[a.reward]
            return "No reward"
        if t is FishFor:
            n = self.rules.fish_coins if a.item == "coins" else self.rules.fish_fuel
            return f"Trade a fish for {n} {a.item}"
        if t is TakeDiscard:
            if a.source == "park":
                return f"Take the discarded {a.value} (Penguin Park)"
            return f"Pay fish for the discarded {a.value}"
        if t is RemoveInterference:
            return f"Pay {self.rules.interference_removal_cost} coins to remove interference"
        if t is BuyShip:
            return f"Buy a ship for {self.ship_price(s.players[self.current_player(s)])} into lane {a.lane + 1}"
        if t is OpenHarbour:
            return f"Open a harbour for {self.harbour_price(s.players[self.current_player(s)])}"
        if t is Adjust:
            return f"Pay fuel: turn a {a.value} into a {(a.value - 1 + a.delta) % 6 + 1}"
        if t is TileAdjust:
            return f"+/-1 tile: turn a {a.value} into a {(a.value - 1 + a.delta) % 6 + 1}"
        if t is Reroll:
            return f"Reroll tile: reroll a {a.value}"
        if t is MoveShip:
            return f"Move the ship at {self._key_label((a.lane, a.boundary, a.sub)).replace('hub', 'stop')}"
        if t is LoadCargo:
            P = s.players[self.current_player(s)]
            return f"Load a good on {cn(P.lanes[a.lane][a.slot])}"
        if t is Trade:
            lo, hi = self.rules.seaside_low_rates, self.rules.seaside_high_rates
            return {"coins_to_fuel": f"Trade {lo[0]} coins for 1 fuel",
                    "fuel_to_goods": f"Trade {lo[1]} fuel for 1 good",
                    "fuel_to_coins": f"Trade 1 fuel for {hi[0]} coins",
                    "goods_to_pp": f"Trade 1 good for {hi[1]} PP"}[a.trade]
        if t is Lighthouse:
            return f"Light House on {self._key_label((a.lane, a.boundary, a.sub))}"
        if t is HospitalRemove:
            return "Hospital: remove an interference tile"
        if t is NekoSplit:
            h = s.frames[-1][2]
            return f"Neko Harbour: {h - self.rules.neko_hubs_per_fuel * a.fuel} coins and {a.fuel} fuel"
        if t is RemoveTiles:
            return f"Hospital: remove {a.count} interference tile(s)"
        if t is ParkDie:
            return f"Put the discarded {a.value} on {cn(self._card_at(s, a.space))}"
        if t is ChurchHub:
            return f"Church: put the die on {self._key_label((a.lane, a.boundary, a.sub))}"
        if t is ChurchFish:
            return "Church: take fish instead"
        if t is ChooseBonus:
            return f"Starting bonus: {a.tile}"
        if t is CityIncome:
            r = self.rules
            return f"Southernmost City: {r.southernmost_coins} coins" if a.item == "coins" \
                else f"Southernmost City: {r.southernmost_fuel} fuel"
        if t is UsePostOffice:
            return "Use the Post Office"
        if t is DrawTwo:
            return "Draw 2 cards from the deck"
        if t is NewBid:
            return f"Start a bid on {cn(a.card)}"
        if t is DrawCard:
            return f"Draw {cn(a.card)}"
        if t is RollDice:
            return "Roll " + " ".join(map(str, a.dice))
        if t is Rolled:
            return f"Roll a {a.value}"
        if t is DrawTile:
            return f"Tile: {self.tile[a.tile].kind.replace('_', ' ')}"
        if t is DrawAdvanced:
            return f"Advanced card: {cn(a.card)}"
        if t is StartOrder:
            return "Start order " + ", ".join(self.player_name(p) for p in a.order)
        return str(a)

    def events(self, s: NekoState) -> tuple[str, ...]:
        """What the last action did, in words."""
        out = []
        nm = self.player_name
        cn = self.card_name
        for e in s.events:
            k = e[0]
            if k == "roll":
                out.append(f"{nm(e[1])} rolled {' '.join(map(str, e[2]))}")
            elif k == "picks":
                out.append("Draft: " + ", ".join(f"{nm(i)} kept a {v}" for i, v in enumerate(e[1])))
            elif k == "drafted":
                out.append("The draft is over")
            elif k == "order":
                out.append("Turn order: " + ", ".join(f"{nm(p)} ({e[2][p]})" for p in e[1])
                           + f"; {nm(e[1][0])} takes an interference tile")
            elif k == "income":
                extra = f", {e[3]} coins from Ocean Banks" if e[3] else ""
                extra += f", {e[5]} fuel from Fuel Platforms" if e[4] else ""
                out.append(f"{nm(e[1])} discarded a {e[2]} for {e[2]} coins{extra}")
            elif k == "reward":
                out.append(f"{nm(e[1])} chose the reward: {e[2]}")
            elif k == "place":
                out.append(f"{nm(e[1])} paid {e[5]} and placed {cn(e[2])} in lane {e[3] + 1}, slot {e[4] + 1}")
            elif k == "bid":
                out.append(f"{nm(e[1])} bid a {e[3]} on {cn(e[2])}")
            elif k == "take_fish":
                out.append(f"{nm(e[1])} discarded a {e[2]} for a fish")
            elif k == "hub":
                how = "ship" if e[5] else "die"
                out.append(f"{nm(e[1])}'s {how} activated a hub: +{e[4]} {e[3]}")
            elif k == "catch":
                out.append(f"{nm(e[1])} caught a fish")
            elif k == "move":
                out.append(f"{nm(e[1])} moved a ship in lane {e[2][0] + 1}")
            elif k == "lost":
                out.append(f"{nm(e[1])} lost a bid with {e[2]} dice: +{e[3]} fish")
            elif k == "declined":
                out.append(f"{nm(e[1])} {'could not buy' if e[3] else 'declined'} {cn(e[2])}")
            elif k == "unbid":
                out.append(f"Nobody bid on {cn(e[1])}: it goes under the deck")
            elif k == "mid":
                out.append(f"Mid-game scoring: {nm(e[1])} +{e[2]} PP (tiles) +{e[3]} PP (ships)")
            elif k == "final":
                out.append("Final scoring: " + ", ".join(f"{nm(p)} {f[-1]}" for p, f in enumerate(s.final)))
            elif k == "end_turn":
                out.append(f"{nm(e[1])} ended the turn")
            elif k == "sell":
                out.append(f"{nm(e[1])} sold a fish for {e[3]} {e[2]}")
            elif k == "city":
                out.append(f"{nm(e[1])} took {e[3]} {e[2]} from Southernmost City")
            elif k == "drew":
                out.append(f"{nm(e[1])} drew " + ", ".join(cn(c) for c in e[2]))
            elif k == "pass":
                out.append(f"{nm(e[1])} passed")
            elif k == "new_bid":
                out.append(f"{nm(e[1])} started a bid on {cn(e[2])}")
            elif k == "card":
                out.append(f"{nm(e[1])} placed a {e[3]} on {cn(e[2])}")
            elif k == "fish_for":
                out.append(f"{nm(e[1])} traded a fish for {e[3]} {e[2]}")
            elif k == "pickup":
                out.append(f"{nm(e[1])} took the discarded {e[2]}"
                           + (" (Penguin Park)" if e[3] == "park" else ""))
            elif k == "unjam":
                out.append(f"{nm(e[1])} paid to remove an interference tile")
            elif k == "ship":
                out.append(f"{nm(e[1])} bought a ship for lane {e[2] + 1}")
            elif k == "harbour":
                out.append(f"{nm(e[1])} opened a harbour for {e[2]} coins")
            elif k == "adjust":
                out.append(f"{nm(e[1])} turned a {e[2]} into a {e[3]}")
            elif k == "reroll":
                out.append(f"{nm(e[1])} rerolls a {e[2]}")
            elif k == "rerolled":
                out.append(f"{nm(e[1])} rolled a {e[2]}")
            elif k == "cargo":
                reward = f": +{e[5]} {e[4]}" if e[4] else ""
                out.append(f"{nm(e[1])} loaded a good on {cn(e[2])}{reward}")
            elif k == "trade":
                out.append(f"{nm(e[1])} traded {e[2].replace('_', ' ')}")
            elif k == "lighthouse":
                out.append(f"{nm(e[1])} chose a hub for the Light House")
            elif k == "hospital":
                out.append(f"{nm(e[1])} removed {e[2]} interference tile(s) (Hospital)")
            elif k == "neko":
                out.append(f"{nm(e[1])} took {e[2]} coins and {e[3]} fuel (Neko Harbour)")
            elif k == "park_die":
                out.append(f"{nm(e[1])} put the discarded {e[3]} on {cn(e[2])}")
            elif k == "church":
                out.append(f"{nm(e[1])} put a losing die on a hub (Church)")
            elif k == "bonus":
                out.append(f"{nm(e[1])} took the starting bonus {e[2]}")
            elif k == "start_order":
                out.append("Starting order: " + ", ".join(nm(p) for p in e[1]))
            elif k == "post_office":
                out.append(f"{nm(e[1])} used the Post Office")
            else:
                out.append(" ".join(map(str, e)))
        return tuple(out)

    def summary(self, s: NekoState) -> dict:
        P = s.players
        return {"PP": self.scores(s), "coins": tuple(p.coins for p in P), "fuel": tuple(p.fuel for p in P),
                "goods": tuple(p.goods for p in P), "fish": tuple(p.fish for p in P),
                "interference": tuple(p.interference for p in P),
                "harbours": tuple(p.harbours for p in P), "ships": tuple(len(p.ships) for p in P),
                "cards": tuple(len(p.cards) for p in P), "dice": tuple(p.dice for p in P)}

    # ------------------------------------------------------------------ legal actions
    def legal_actions(self, s: NekoState) -> list:
        if not s.frames:
            return []
        top = s.frames[-1]
        k = top[0]
        if k in CHANCE_FRAMES:
            return []
        p = top[1]
        P = s.players[p]
        if k == "turn":
            return self._turn_actions(s, p, P)
        if k == "draft":
            return [_a(Pick, v) for v in sorted(set(s.hands[p]))]
        if k == "income":
            return [_a(IncomeDie, v) for v in sorted(set(P.dice))]
        if k == "reward":
            low = min(P.dice) if P.dice else 6
            return self._reward_actions(s, P, lambda lvl: lvl >= low)
        if k == "seareward":
            return self._reward_actions(s, P, lambda lvl: lvl <= top[2])
        if k in ("buy", "win"):
            return self._buy_actions(s, p, P, top)
        if k == "market":
            r = self.rules
            out = []
            if r.market_coins:
                out.append(_a(Sell, "coins"))
            if r.market_fuel:
                out.append(_a(Sell, "fuel"))
            if r.market_goods:
                out.append(_a(Sell, "goods"))
            out.append(_a(Done))
            return out
        if k == "bonus":
            return [_a(ChooseBonus, b) for b in s.bonus_left]
        if k == "smc":
            return [_a(CityIncome, "coins"), _a(CityIncome, "fuel")]
        if k == "po":
            return [_a(UsePostOffice), _a(Pass)]
        if k == "neko":
            return [_a(NekoSplit, f) for f in range(top[2] // self.rules.neko_hubs_per_fuel + 1)]
        if k == "hospital":
            return [_a(RemoveTiles, n) for n in range(min(self.rules.hospital_tiles, P.interference) + 1)]
        if k == "park":
            out = [_a(ParkDie, v, sp) for v in sorted(set(s.discard)) for sp in self._park_spaces(s, p)]
            if top[2] or not out:
                out.append(_a(Pass))
            return out
        if k == "church":
            return [_a(ChurchHub, *key) for key in self._vacant_hubs(P)] + [_a(ChurchFish)]
        if k == "endgame":
            return self._window_actions(s, p, P) + [_a(Done)]
        raise AssertionError(f"unknown frame {top!r}")

    def _reward_actions(self, s, P, ok) -> list:
        out = []
        seen = set()
        for rs in self.chart:
            if not ok(rs.level) or rs.reward in seen:
                continue
            if rs.reward == "interference" and not P.interference \
                    and not self.rules.reward_remove_without_tiles:
                continue
            seen.add(rs.reward)
            out.append(_a(Reward, rs.reward))
        if not out:  # every level filtered out (e.g. only "remove interference" and no tiles)
            out.append(_a(Reward, "none"))
        return out

    def _placements(self, P, card: int, discount: int):
        """Every (lane, slot, total price) the player can afford for ``card``."""
        price = self.card_price(P, card, discount)
        out = []
        coins = P.coins
        for li, lane in enumerate(P.lanes):
            gaps = 0
            for si, c in enumerate(lane):
                if c < 0:
                    if price + gaps <= coins:
                        out.append((li, si, price + gaps))
                    gaps += 1
        return out

    def _buy_discount(self, P, base: int) -> int:
        if self.rules.blue_bar_outside_resolution:
            return base + self.blue_bar_discount(P)
        return base

    def _buy_actions(self, s, p, P, top) -> list:
        out = []
        if top[0] == "win":
            card = self._card_at(s, top[2])
            for li, si, _ in self._placements(P, card, self.blue_bar_discount(P)):
                out.append(_a(Buy, card, li, si))
            out.append(_a(Pass))
            return out
        _, _, discount, offered, _, allow_draw, _ = top
        disc = self._buy_discount(P, discount)
        for card in offered:
            for li, si, _ in self._placements(P, card, disc):
                out.append(_a(Buy, card, li, si))
        if allow_draw:
            out.append(_a(DrawTwo))
        out.append(_a(Pass))
        return out

    def _vacant_hubs(self, P) -> list:
        used = {k for k, _ in P.hub_dice}
        port = self.rules.dice_on_port_hubs
        return [k for k, _, _ in P.hubs if k not in used and (port or k[2] == 0)]

    def _park_spaces(self, s, p) -> list:
        """Spaces where a variant Penguin Park die may go (NK-PP-10, NK-PP-13)."""
        if s.phase == RESOLVE:
            spaces = self.res_order[s.step // 2 + 1:]
        else:
            spaces = self.res_order
        out = []
        check = self.rules.park_die_obeys_count_rule
        for sp in spaces:
            if self._card_at(s, sp) < 0:
                continue
            if check:
                row = s.bids[sp]
                if len(row[p]) + 1 < max(len(d) for q, d in enumerate(row) if q != p):
                    continue
            out.append(sp)
        return sorted(out)

    def _distinct(self, dice: tuple) -> tuple:
        vals = self._vals.get(dice)
        if vals is None:
            if len(self._vals) > 100_000:
                self._vals.clear()
            vals = self._vals[dice] = tuple(sorted(set(dice)))
        return vals

    def _turn_actions(self, s, p, P) -> list:
        r = self.rules
        dice = P.dice
        vals = self._distinct(dice)
        main = s.main
        out = []
        if not main:
            if dice:
                fish = self._A_fish
                out += [fish[v] for v in vals]
                nd = len(dice)
                S = self.S
                area, adv, bids = s.area, s.adv, s.bids
                for sp in self.res_order:
                    if (area[sp] if sp < S else adv[sp - S]) < 0:
                        continue
                    row = bids[sp]
                    if len(row[p]) + nd >= max(map(len, row)):
                        acts = self._A_bid[sp]
                        out += [acts[v] for v in vals]
                if r.advanced_setup and -1 in area:
                    for c in s.piles:
                        out.append(_a(NewBid, c))
                if P.hubs:
                    used = [k for k, _ in P.hub_dice]
                    port = r.dice_on_port_hubs
                    for key, mult, _ in P.hubs:
                        if mult in dice and key not in used and (port or key[2] == 0):
                            out.append(_a(ActivateHub, *key))
                if P.cards:
                    act = self._prof(P).activatable
                    if act:
                        cused = [k for k, _ in P.card_dice]
                        for li, si, ok in act:
                            if (li, si) not in cused:
                                for v in vals:
                                    if v in ok:
                                        out.append(_a(ActivateCard, li, si, v))
                    if r.hospital_needs_die and P.interference and not P.hospital_used:
                        # NK-HO-02 (b): any die on the Hospital's space removes a tile
                        at = self._prof(P).effect_pos.get("hospital")
                        if at is not None:
                            out += [_a(ActivateCard, at[0], at[1], v) for v in vals]
        elif main[0] == "fish":
            fish = self._A_fish
            out += [fish[v] for v in vals]
        elif main[0] == "bid":
            acts = self._A_bid[main[1]]
            out += [acts[v] for v in vals]
        if dice or (main and r.free_actions_after_last_die):
            self._free_actions(s, p, P, vals, out)
        if main and self._turn_can_end(s, p):
            out.append(_a(EndTurn))
        return out

    def _turn_can_end(self, s, p) -> bool:
        main = s.main
        if main[0] != "bid":
            return True
        row = s.bids[main[1]]
        mine = len(row[p])
        return main[2] >= 1 and mine >= max(len(d) for d in row)

    def _window_actions(self, s, p, P) -> list:
        out = []
        r = self.rules
        if P.fuel >= r.move_fuel:
            out.extend(self._ship_moves(P))
        if P.goods:
            out.extend(self._cargo_moves(P))
        return out

    def _ship_moves(self, P) -> list:
        out = []
        last = None
        for pos in P.ships:
            if pos == last:
                continue
            last = pos
            li, b, j = pos
            if self.next_stop(P.lanes[li], b, j) is not None:
                out.append(_a(MoveShip, li, b, j))
        return out

    def _cargo_moves(self, P) -> list:
        filled = dict(P.cargo) if P.cargo else {}
        return [_a(LoadCargo, li, si) for li, si, c, n in self._prof(P).ports
                if filled.get(c, 0) < n]

    def _free_actions(self, s, p, P, vals, out: list) -> list:
        r = self.rules
        fish = P.fish
        if fish:
            if r.fish_coins:
                out.append(self._A_fishfor[0])
            if r.fish_fuel:
                out.append(self._A_fishfor[1])
        prof = self._prof(P) if P.cards else None
        effects = prof.effects if prof else ()
        if s.discard and not P.picked_up:
            cost = r.seaside_pickup_fish if "seaside_pickup" in effects else r.pickup_fish
            dvals = self._distinct(s.discard)
            if fish >= cost:
                acts = self._A_pick_fish
                out += [acts[v] for v in dvals]
            if prof and prof.park[1] > P.park_pickups_used:
                acts = self._A_pick_park
                out += [acts[v] for v in dvals]
        coins = P.coins
        if P.interference and coins >= r.interference_removal_cost:
            out.append(_a(RemoveInterference))
        if P.harbours > 1 and coins >= self.ship_price(P):
            counts = [0] * len(P.lanes)
            for li, _, _ in P.ships:
                counts[li] += 1
            for li, n in enumerate(counts):
                if n < P.harbours:
                    out.append(_a(BuyShip, li))
        if P.harbours < r.max_harbours and coins >= self.harbour_price(P):
            out.append(_a(OpenHarbour))
        fuel = P.fuel
        if fuel >= r.adjust_fuel:
            acts = self._A_adjust
            for v in vals:
                out += acts[v]
        if prof and vals:
            pairs = prof.park[0]
            if pairs > P.tile_adjust_used:
                acts = self._A_tile
                for v in vals:
                    out += acts[v]
            if pairs > P.tile_reroll_used:
                acts = self._A_reroll
                out += [acts[v] for v in vals]
        if fuel >= r.move_fuel:
            out += self._ship_moves(P)
        if P.goods and prof and prof.ports:
            out += self._cargo_moves(P)
        if effects:
            if "seaside_trade_low" in effects and self._card_active(P, "seaside_trade_low"):
                lo_c, lo_f = r.seaside_low_rates
                if coins >= lo_c:
                    out.append(_a(Trade, "coins_to_fuel"))
                if fuel >= lo_f:
                    out.append(_a(Trade, "fuel_to_goods"))
            if "seaside_trade_high" in effects and self._card_active(P, "seaside_trade_high"):
                if fuel >= 1:
                    out.append(_a(Trade, "fuel_to_coins"))
                if P.goods >= 1:
                    out.append(_a(Trade, "goods_to_pp"))
            if "light_house" in effects and P.lighthouse is None:
                for key, _, _ in P.hubs:
                    out.append(_a(Lighthouse, *key))
            if "hospital" in effects and not P.hospital_used and P.interference \
                    and not r.hospital_needs_die:
                out.append(_a(HospitalRemove))
        return out

    def _card_active(self, P, effect: str) -> bool:
        """Whether the player's card with this effect holds a die this round."""
        E = self._effect_of
        for (li, si), _ in P.card_dice:
            if E[P.lanes[li][si]] == effect:
                return True
        return False

    # ------------------------------------------------------------------ apply
    def apply_trusted(self, s: NekoState, a: Any) -> NekoState:
        w = _W(s)
        top = w.frames[-1]
        self._HANDLERS[type(a)](self, w, top, a)
        self._run(w)
        return w.freeze()

    # chance -------------------------------------------------------------------
    def _h_order(self, w, top, a):
        w.frames.pop()
        w.order = tuple(a.order)
        w.ev.append(("start_order", w.order))

    def _h_tile(self, w, top, a):
        w.frames.pop()
        w.tiles = w.tiles + (a.tile,)

    def _h_adv(self, w, top, a):
        w.frames.pop()
        w.adv_pool = _remove(w.adv_pool, a.card)
        self._set_card_at(w, self.S + w.adv.index(-1), a.card)

    def _h_draw(self, w, top, a):
        w.frames.pop()
        d = top[-1]
        self._take_from_deck(w, d, a.card)
        if top[0] == "reveal":
            self._set_card_at(w, w.area.index(-1), a.card)
        else:
            _, p, discount, need, drawn, _ = top
            self._draw_offer(w, p, discount, need - 1, drawn + (a.card,), d)

    def _h_roll(self, w, top, a):
        w.frames.pop()
        seat = top[1]
        hands = list(w.hands) if w.hands else [()] * self.N
        hands[seat] = tuple(a.dice)
        w.hands = tuple(hands)
        w.ev.append(("roll", seat, tuple(a.dice)))

    def _h_rolled(self, w, top, a):
        w.frames.pop()
        m = w.p(top[1])
        m.dice = _insert(m.dice, a.value)
        w.ev.append(("rerolled", top[1], a.value))

    # setup, market, draft, income, rewards ------------------------------------------
    def _h_bonus(self, w, top, a):
        w.frames.pop()
        p = top[1]
        b = self.bonus[a.tile]
        m = w.p(p)
        m.coins += b.coins
        self._gain(m, "fuel", b.fuel)
        self._gain(m, "goods", b.goods)
        self._gain(m, "fish", b.fish)
        m.bonus = b.name
        w.bonus_left = _remove(w.bonus_left, a.tile)
        w.ev.append(("bonus", p, a.tile))

    def _h_sell(self, w, top, a):
        p = top[1]
        m = w.p(p)
        m.fish -= 1
        r = self.rules
        amount = {"coins": r.market_coins, "fuel": r.market_fuel, "goods": r.market_goods}[a.item]
        got = self._gain(m, a.item, amount)
        w.ev.append(("sell", p, a.item, got))
        if m.fish == 0:
            w.frames.pop()

    def _h_done(self, w, top, a):
        w.frames.pop()

    def _h_pick(self, w, top, a):
        w.frames.pop()
        w.picks = w.picks + (a.value,)

    def _h_income(self, w, top, a):
        w.frames.pop()
        p = top[1]
        r = self.rules
        m = w.p(p)
        m.dice = _remove(m.dice, a.value)
        w.discard = _insert(w.discard, a.value)
        m.coins += a.value
        ob = self._count(m, "ocean_bank")
        fp = self._count(m, "fuel_platform")
        coins = r.set_value(ob, r.ocean_bank_income) if ob else 0
        fuel = r.set_value(fp, r.fuel_platform_income) if fp else 0
        m.coins += coins
        kept = self._gain(m, "fuel", fuel)
        w.ev.append(("income", p, a.value, coins, fuel, kept))
        if self._owns(m, "southernmost_city") is not None:
            w.frames.append(("smc", p))

    def _h_city(self, w, top, a):
        w.frames.pop()
        m = w.p(top[1])
        r = self.rules
        got = self._gain(m, a.item, r.southernmost_coins if a.item == "coins" else r.southernmost_fuel)
        w.ev.append(("city", top[1], a.item, got))

    def _h_reward(self, w, top, a):
        w.frames.pop()
        p = top[1]
        self._give_reward(w, p, a.reward)

    def _give_reward(self, w, p, reward: str) -> None:
        m = w.p(p)
        amount = next((rs.amount for rs in self.chart if rs.reward == reward), 0)
        w.ev.append(("reward", p, reward))
        if reward == "coins":
            m.coins += amount
        elif reward in ("goods", "fish", "fuel"):
            self._gain(m, reward, amount)
        elif reward == "interference":
            m.interference = max(0, m.interference - amount)
        elif reward == "card":
            self._start_offer(w, p, 0)

    def _direct_cards(self, w) -> tuple:
        """Cards one may buy straight from the display (advanced game, NK-ADV-07)."""
        out = list(w.piles)
        for sp in self.res_order:
            c = self._card_at(w, sp)
            if c >= 0 and not any(w.bids[sp]):
                out.append(c)
        return tuple(out)

    def _start_offer(self, w, p: int, discount: int) -> None:
        r = self.rules
        d = self._period(w)
        if r.advanced_setup or r.advanced_cards:
            display = self._direct_cards(w)
            allow_draw = (not r.advanced_setup) and self._deck_size(w, d) > 0
            if display or allow_draw:
                w.frames.append(("buy", p, discount, display, False, allow_draw, d))
            return
        self._draw_offer(w, p, discount, 2, (), d)

    def _draw_offer(self, w, p, discount, need, drawn, d) -> None:
        while need > 0:
            if w.deck[d - 1]:
                w.frames.append(("draw", p, discount, need, drawn, d))
                return
            if w.bottom[d - 1]:
                b = list(w.bottom)
                card, b[d - 1] = b[d - 1][0], b[d - 1][1:]
                w.bottom = tuple(b)
                drawn = drawn + (card,)
                need -= 1
                continue
            break
        if drawn:
            w.ev.append(("drew", p, drawn))
            w.frames.append(("buy", p, discount, drawn, True, False, d))

    def _h_drawtwo(self, w, top, a):
        w.frames.pop()
        _, p, discount, _, _, _, d = top
        self._draw_offer(w, p, discount, 2, (), d)

    def _h_buy(self, w, top, a):
        w.frames.pop()
        p = top[1]
        m = w.p(p)
        if top[0] == "win":
            space = top[2]
            price = self.card_price(m, a.card, self.blue_bar_discount(m))
            self._set_card_at(w, space, -1)
            during = True
        else:
            _, _, discount, offered, drawn, _, d = top
            price = self.card_price(m, a.card, self._buy_discount(m, discount))
            if drawn:
                for c in offered:
                    if c != a.card:
                        self._to_bottom(w, c, d)
            else:
                self._take_from_display(w, a.card)
            during = False
        price += self.gap_coins(m.lanes[a.lane], a.slot)
        self._place(w, p, a.card, a.lane, a.slot, price, during)

    def _take_from_display(self, w, card: int) -> None:
        if card in w.piles:
            w.piles = _remove(w.piles, card)
            return
        for sp in self.res_order:
            if self._card_at(w, sp) == card:
                self._set_card_at(w, sp, -1)
                return
        raise AssertionError(f"card {card} is not on display")

    def _h_pass(self, w, top, a):
        w.frames.pop()
        k = top[0]
        if k == "buy":
            _, p, _, offered, drawn, _, d = top
            if drawn:
                for c in offered:
                    self._to_bottom(w, c, d)
            w.ev.append(("pass", p))
        elif k == "win":
            self._decline(w, top[2], top[1])
        else:
            w.ev.append(("pass", top[1]))

    def _place(self, w, p: int, card: int, lane: int, slot: int, price: int, during: bool) -> None:
        """Pay for a card and put it in a lane; its lightning effect fires once (NK-PLC)."""
        r = self.rules
        m = w.p(p)
        m.coins -= price
        lanes = list(m.lanes)
        lanes[lane] = lanes[lane][:slot] + (card,) + lanes[lane][slot + 1:]
        m.lanes = tuple(lanes)
        m.cards = _insert(m.cards, card)
        m.hubs = self._hubs_of(m.lanes)
        C = self.card[card]
        w.ev.append(("place", p, card, lane, slot, price))
        if r.card_interference and C.interference:
            m.interference += C.interference
        e = C.effect
        if e == "variant":
            if C.kind == "ocean_bank":
                m.coins += r.set_value(self._count(m, "ocean_bank"), r.ocean_bank_income)
            elif C.kind == "fuel_platform":
                self._gain(m, "fuel", r.set_value(self._count(m, "fuel_platform"), r.fuel_platform_income))
            elif C.kind == "penguin_park":
                if not m.park_variant_round:
                    m.park_variant_round = w.round
                if w.discard and self._park_spaces(w, p):
                    w.frames.append(("park", p, 0))
        elif e == "research_station":
            self._research(m)
        elif e == "hospital":
            if m.interference and r.hospital_tiles:
                w.frames.append(("hospital", p))
        elif e == "neko_harbour":
            h = self.hub_count(m)
            if h:
                w.frames.append(("neko", p, h))
        elif e == "post_office":
            self._start_offer(w, p, r.post_office_discount)

    def _research(self, m) -> None:
        r = self.rules
        ob, fp = self._count(m, "ocean_bank"), self._count(m, "fuel_platform")
        if r.research_station_per_card:
            m.coins += ob
            self._gain(m, "fuel", fp)
        else:
            m.coins += r.set_value(ob, r.ocean_bank_income) if ob else 0
            self._gain(m, "fuel", r.set_value(fp, r.fuel_platform_income) if fp else 0)

    def _h_post(self, w, top, a):
        w.frames.pop()
        self._start_offer(w, top[1], self.rules.post_office_discount)
        w.ev.append(("post_office", top[1]))

    # the action phase ------------------------------------------------------------------
    def _h_take_fish(self, w, top, a):
        p = top[1]
        m = w.p(p)
        m.dice = _remove(m.dice, a.value)
        w.discard = _insert(w.discard, a.value)
        got = self._gain(m, "fish", 1)
        w.main = ("fish",)
        w.ev.append(("take_fish", p, a.value, got))

    def _h_bid(self, w, top, a):
        p = top[1]
        m = w.p(p)
        m.dice = _remove(m.dice, a.value)
        self._add_bid(w, a.space, p, a.value)
        placed = w.main[2] if w.main and w.main[0] == "bid" else 0
        w.main = ("bid", a.space, placed + 1)
        w.ev.append(("bid", p, self._card_at(w, a.space), a.value))

    def _h_new_bid(self, w, top, a):
        p = top[1]
        space = w.area.index(-1)
        w.piles = _remove(w.piles, a.card)
        self._set_card_at(w, space, a.card)
        w.main = ("bid", space, 0)
        w.ev.append(("new_bid", p, a.card, space))

    def _activate_hub(self, w, m, p, key, by_ship: bool) -> None:
        mult, item = self.hub_at(m, key)
        units = mult + (self.rules.lighthouse_units if m.lighthouse == key else 0)
        amount = units * (self.rules.coin_unit if item == "coins" else 1)
        got = self._gain(m, item, amount)
        w.ev.append(("hub", p, key, item, got, by_ship))

    def _h_activate_hub(self, w, top, a):
        p = top[1]
        m = w.p(p)
        key = (a.lane, a.boundary, a.sub)
        mult, _ = self.hub_at(m, key)
        m.dice = _remove(m.dice, mult)
        m.hub_dice = m.hub_dice + ((key, mult),)
        w.main = ("act",)
        self._activate_hub(w, m, p, key, False)
        if key in m.ships:
            got = self._gain(m, "fish", self.rules.catch_fish)
            w.ev.append(("catch", p, got))

    def _h_activate_card(self, w, top, a):
        p = top[1]
        m = w.p(p)
        r = self.rules
        m.dice = _remove(m.dice, a.value)
        m.card_dice = m.card_dice + (((a.lane, a.slot), a.value),)
        w.main = ("act",)
        card = m.lanes[a.lane][a.slot]
        C = self.card[card]
        e = C.effect
        w.ev.append(("card", p, card, a.value))
        if e == "variant" and C.kind == "ocean_bank":
            m.coins += r.set_value(self._count(m, "ocean_bank"), r.ocean_bank_income)
        elif e == "variant" and C.kind == "fuel_platform":
            self._gain(m, "fuel", r.set_value(self._count(m, "fuel_platform"), r.fuel_platform_income))
        elif e == "research_station":
            self._research(m)
        elif e == "neko_harbour":
            h = self.hub_count(m)
            if h:
                w.frames.append(("neko", p, h))
        elif e == "seaside_reward":
            w.frames.append(("seareward", p, a.value))
        elif e == "hospital":  # NK-HO-02 (b), hospital_needs_die
            m.hospital_used = True
            m.interference -= 1
            w.ev.append(("hospital", p, 1))
        # seaside trades and Harbour City work through the die now on the card

    def _h_end_turn(self, w, top, a):
        w.frames.pop()
        m = w.p(top[1])
        m.picked_up = False
        if self.rules.park_pickup_per_turn:  # NK-PP-09 (i)(b)
            m.park_pickups_used = 0
        w.main = ()
        w.turn = (w.turn + 1) % self.N
        w.ev.append(("end_turn", top[1]))

    def _h_fish_for(self, w, top, a):
        p = top[1]
        m = w.p(p)
        m.fish -= 1
        r = self.rules
        got = self._gain(m, a.item, r.fish_coins if a.item == "coins" else r.fish_fuel)
        w.ev.append(("fish_for", p, a.item, got))

    def _h_take_discard(self, w, top, a):
        p = top[1]
        m = w.p(p)
        r = self.rules
        w.discard = _remove(w.discard, a.value)
        m.dice = _insert(m.dice, a.value)
        m.picked_up = True
        if a.source == "fish":
            m.fish -= (r.seaside_pickup_fish if self._owns(m, "seaside_pickup") is not None
                       else r.pickup_fish)
        else:
            m.park_pickups_used += 1
        w.ev.append(("pickup", p, a.value, a.source))

    def _h_remove_interference(self, w, top, a):
        m = w.p(top[1])
        m.coins -= self.rules.interference_removal_cost
        m.interference -= 1
        w.ev.append(("unjam", top[1]))

    def _h_buy_ship(self, w, top, a):
        p = top[1]
        m = w.p(p)
        m.coins -= self.ship_price(m)
        m.ships = _insert(m.ships, (a.lane, 0, 0))  # the start of the lane (NK-FA-10)
        w.ev.append(("ship", p, a.lane))

    def _h_open_harbour(self, w, top, a):
        p = top[1]
        m = w.p(p)
        price = self.harbour_price(m)
        if price != self.rules.harbour_costs[m.harbours - 1]:
            m.harbour_city_used = True
        m.coins -= price
        m.harbours += 1
        m.lanes = m.lanes + ((-1,) * self.rules.lane_slots,)
        w.ev.append(("harbour", p, price))

    def _h_adjust(self, w, top, a):
        p = top[1]
        m = w.p(p)
        if type(a) is Adjust:
            m.fuel -= self.rules.adjust_fuel
        else:
            m.tile_adjust_used += 1
        nv = (a.value - 1 + a.delta) % 6 + 1
        m.dice = _insert(_remove(m.dice, a.value), nv)
        w.ev.append(("adjust", p, a.value, nv))

    def _h_reroll(self, w, top, a):
        p = top[1]
        m = w.p(p)
        m.tile_reroll_used += 1
        m.dice = _remove(m.dice, a.value)
        w.frames.append(("reroll", p))
        w.ev.append(("reroll", p, a.value))

    def _h_move_ship(self, w, top, a):
        p = top[1]
        m = w.p(p)
        m.fuel -= self.rules.move_fuel
        frm = (a.lane, a.boundary, a.sub)
        b, j = self.next_stop(m.lanes[a.lane], a.boundary, a.sub)
        to = (a.lane, b, j)
        ships = _remove(m.ships, frm)
        others = ships.count(to)
        m.ships = _insert(ships, to)
        w.ev.append(("move", p, frm, to))
        if self.hub_at(m, to) is not None:
            self._activate_hub(w, m, p, to, True)
            if others == 0 and any(k == to for k, _ in m.hub_dice):
                got = self._gain(m, "fish", self.rules.catch_fish)
                w.ev.append(("catch", p, got))

    def _h_load(self, w, top, a):
        p = top[1]
        m = w.p(p)
        card = m.lanes[a.lane][a.slot]
        filled = dict(m.cargo)
        n = filled.get(card, 0)
        space = self.card[card].cargo[n]
        filled[card] = n + 1
        m.cargo = tuple(sorted(filled.items()))
        m.goods -= 1
        got = self._gain(m, space.item, space.amount) if space.item else 0
        w.ev.append(("cargo", p, card, n, space.item, got))

    def _h_trade(self, w, top, a):
        p = top[1]
        m = w.p(p)
        r = self.rules
        t = a.trade
        if t == "coins_to_fuel":
            m.coins -= r.seaside_low_rates[0]
            self._gain(m, "fuel", 1)
        elif t == "fuel_to_goods":
            m.fuel -= r.seaside_low_rates[1]
            self._gain(m, "goods", 1)
        elif t == "fuel_to_coins":
            m.fuel -= 1
            m.coins += r.seaside_high_rates[0]
        else:
            m.goods -= 1
            m.pp += r.seaside_high_rates[1]
        w.ev.append(("trade", p, t))

    def _h_lighthouse(self, w, top, a):
        m = w.p(top[1])
        m.lighthouse = (a.lane, a.boundary, a.sub)
        w.ev.append(("lighthouse", top[1], m.lighthouse))

    def _h_hospital(self, w, top, a):
        m = w.p(top[1])
        m.hospital_used = True
        m.interference -= 1
        w.ev.append(("hospital", top[1], 1))

    # effects ------------------------------------------------------------------------
    def _h_neko(self, w, top, a):
        w.frames.pop()
        _, p, h = top
        m = w.p(p)
        fuel = self._gain(m, "fuel", a.fuel)
        coins = h - self.rules.neko_hubs_per_fuel * a.fuel
        m.coins += coins
        w.ev.append(("neko", p, coins, fuel))

    def _h_remove_tiles(self, w, top, a):
        w.frames.pop()
        m = w.p(top[1])
        m.interference -= a.count
        w.ev.append(("hospital", top[1], a.count))

    def _h_park_die(self, w, top, a):
        w.frames.pop()
        p = top[1]
        w.discard = _remove(w.discard, a.value)
        self._add_bid(w, a.space, p, a.value)
        w.ev.append(("park_die", p, self._card_at(w, a.space), a.value))

    def _h_church_hub(self, w, top, a):
        w.frames.pop()
        _, p, space, left = top
        m = w.p(p)
        key = (a.lane, a.boundary, a.sub)
        mult, _ = self.hub_at(m, key)
        row = w.bids[space]
        mine = row[p]
        row = row[:p] + (mine[1:],) + row[p + 1:]
        w.bids = w.bids[:space] + (row,) + w.bids[space + 1:]
        m.hub_dice = m.hub_dice + ((key, mult),)
        m.church_used += 1
        w.ev.append(("church", p, key))
        self._activate_hub(w, m, p, key, False)
        if key in m.ships:
            got = self._gain(m, "fish", self.rules.catch_fish)
            w.ev.append(("catch", p, got))
        left -= 1
        if left:
            if m.church_used < self.rules.church_dice and self._vacant_hubs(m):
                w.frames.append(("church", p, space, left))
            else:
                self._bid_fish(w, p, left)

    def _h_church_fish(self, w, top, a):
        w.frames.pop()
        self._bid_fish(w, top[1], top[3])

    _HANDLERS = {
        StartOrder: _h_order, DrawTile: _h_tile, DrawAdvanced: _h_adv, DrawCard: _h_draw,
        RollDice: _h_roll, Rolled: _h_rolled, ChooseBonus: _h_bonus, Sell: _h_sell, Done: _h_done,
        Pick: _h_pick, IncomeDie: _h_income, CityIncome: _h_city, Reward: _h_reward, Buy: _h_buy,
        DrawTwo: _h_drawtwo, Pass: _h_pass, UsePostOffice: _h_post, TakeFish: _h_take_fish,
        Bid: _h_bid, NewBid: _h_new_bid, ActivateHub: _h_activate_hub,
        ActivateCard: _h_activate_card, EndTurn: _h_end_turn, FishFor: _h_fish_for,
        TakeDiscard: _h_take_discard, RemoveInterference: _h_remove_interference,
        BuyShip: _h_buy_ship, OpenHarbour: _h_open_harbour, Adjust: _h_adjust,
        TileAdjust: _h_adjust, Reroll: _h_reroll, MoveShip: _h_move_ship, LoadCargo: _h_load,
        Trade: _h_trade, Lighthouse: _h_lighthouse, HospitalRemove: _h_hospital,
        NekoSplit: _h_neko, RemoveTiles: _h_remove_tiles, ParkDie: _h_park_die,
        ChurchHub: _h_church_hub, ChurchFish: _h_church_fish,
    }
