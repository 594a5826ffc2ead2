"""Heuristic bots for A Pleasant Journey to Neko.

``greedy_bot`` values everything in expected penguin points (PP) and takes the best
choice in front of it, one decision at a time:

* **Bids** with an eye on costs and hubs: a card is worth its PP (if a ship can cross
  it), its effect for the rounds left, and the hubs it would form in the best slot; the
  bot bids on the card whose worth most exceeds its price (after Blue Bar and gap coins),
  with the fewest, highest dice that take the lead, and never on a card it cannot pay for.
* **Uses fuel to adjust dice**: a die one step (+/-1, wrapping) from a hub's multiplier
  is turned with a Penguin Park tile or 1 fuel when the hub is worth more than the fuel.
* **Moves ships** whenever the next stop pays for the 2 fuel (a hub's reward, a crossed
  card's PP, ship-travel PP) and loads goods onto ports.

It is stateless (it recomputes its plan from the state it is shown), sees only its
seat's observation, and never trades back and forth (each free action it takes spends
something for a strictly larger worth), so it cannot loop.
"""
from __future__ import annotations

import math
import weakref
from itertools import groupby
from typing import Any, Callable

from ...core import memo

from . import analysis
from .analysis import BUY, DRAFT_PICK, INCOME_DIE, TURN, WIN, decision

from .rules import ITEMS
from .state import RESOLVE, Bidding
from .state import (ActivateCard, ActivateHub, Adjust, Bid, Buy, BuyShip, ChooseBonus, ChurchFish,
                    ChurchHub, CityIncome, Done, DrawTwo, EndTurn, FishFor, HospitalRemove, IncomeDie, Pick,
                    Lighthouse, LoadCargo, MoveShip, NekoSplit, NewBid, OpenHarbour, ParkDie, Pass,
                    RemoveInterference, Sell, TakeDiscard, TakeFish, TileAdjust, Trade,
                    UsePostOffice)

__all__ = ["greedy_bot", "GreedyBot", "GreedyMemory", "card_worth", "BOTS", "search_actions", "determinize", "estimate_scores"]

# what one unit of each resource is worth, in PP (coins buy cards: ~4-6 coins per card
# worth ~2-4 PP; 2 fuel move a ship one stop; a fish sells for 4 coins)
WORTH = {"coins": 0.3, "fuel": 0.55, "goods": 1.0, "fish": 0.9, "pp": 1.0}


class GreedyMemory:
    """What the greedy bot keeps about one game (its rules are fixed): tables of values it
    worked out, each a declared cache keyed by value (``caches``, by name; ``card_terms``,
    see :func:`_card_terms`).

    Examples
    --------
    >>> import tabletop_nb
    >>> game = tabletop_nb.load_game("neko", players=2)
    >>> greedy_bot.memory(game) is greedy_bot.memory(game)
    True
    """

    __slots__ = ("caches", "card_terms")

    def __init__(self) -> None:
        self.caches: dict = {}
        self.card_terms: dict | None = None


class GreedyBot:
    """The greedy bot (see the module docstring): a callable ``bot(game, state, rng)``
    that keeps a :class:`GreedyMemory` per game it plays, for as long as the game lives.

    ``greedy_bot`` is the one the game offers by name. It asks the game and
    :mod:`tabletop_nb.games.neko.analysis` for every rule (who leads a space, what the count rule allows, what a
    card costs where), so a game whose rules a subclass changes is played by its own rules.

    Calling it, ``bot(game, state, rng)``, picks the action that looks best now:

    Parameters
    ----------
    game : NekoGame
        A Neko game.
    state : NekoState
        A state where a seat decides.
    rng : numpy.random.Generator
        The bot's random numbers.

    Returns
    -------
    action
        One of ``game.legal_actions(state)`` (the bot is ``trusted``).

    The call is documented here, on the class: a compiled class's ``__call__`` has no
    docstring of its own.

    Examples
    --------
    >>> import tabletop_nb, numpy as np
    >>> game = tabletop_nb.load_game("neko", players=2)
    >>> bot = GreedyBot()
    >>> s = game.position(round=1, seat=0)
    >>> bot(game, s, np.random.default_rng(1)) in game.legal_actions(s)
    True
    >>> rec = tabletop_nb.play(game, bots=["greedy", "random"], seed=3)
    >>> len(rec.winners)
    1
    """

    bot_name = "greedy"
    #: the runner applies a trusted bot's action without matching it against the legal
    #: actions again (see ``greedy_bot``)
    trusted = True

    def __init__(self) -> None:
        self._memories: dict = {}   # id(game) -> (weak reference to the game, its memory)

    def memory(self, game) -> GreedyMemory:
        """The memory of this game (made on first use, dropped with the game)."""
        entry = self._memories.get(id(game))
        if entry is not None and entry[0]() is game:
            return entry[1]
        mem = GreedyMemory()
        key = id(game)
        memories = self._memories

        def forget(_: Any, k: int = key) -> None:
            memories.pop(k, None)

        memories[key] = (weakref.ref(game, forget), mem)
        return mem

    def forget(self, game) -> None:
        """Drop what this bot keeps about ``game`` (the next decision starts afresh)."""
        self._memories.pop(id(game), None)

    def __call__(self, game, state, rng):
        """Pick the action that looks best now (the class docstring says how it is called)."""
        s = state
        kind, p = decision(s) or (None, -1)   # (a bot is asked only while the game goes on)
        # (the memory of the game is fetched by the decisions that keep answers in it)
        mem = self.memory(game) if kind == TURN or kind == DRAFT_PICK or kind == INCOME_DIE \
            or kind == BUY or kind == WIN else None
        if kind == TURN:
            # Without the legal list (see _TurnOffer). When a turn offers one action
            # only, _turn chooses it too: every action it returns is one it found offered (a
            # Bid of the highest die when bidding, EndTurn after another main action), so the
            # shortcut below is not needed for the same choice.
            return _turn(game, s, p, None, mem)
        P = s.players[p]
        if kind == DRAFT_PICK or kind == INCOME_DIE:
            # The draft offers one Pick per distinct value of the seat's hand, the income
            # one IncomeDie per distinct value of its dice, in value order (the engine's legal
            # lists); the choice is the value
            # that comes first in an order of preference read from the seat's hubs alone
            # (:func:`_pick_order`), kept per hubs: no list made, nothing valued per pick.
            have = s.draft.hands[p] if kind == DRAFT_PICK else P.dice
            for v in _pick_order(game, P, kind, mem):
                if v in have:
                    return (_PICK if kind == DRAFT_PICK else _INCOME_DIE)[v]
            return _pick(game, P, kind, game.legal_actions(s))   # (a face beyond 1-6)
        if kind == BUY or kind == WIN:
            # The best Buy found without the legal list (_best_buy_offered), which is
            # made only when no Buy is worth it (a Buy found means more than one action offered)
            a = _best_buy_offered(game, s, p, mem)
            if a is not None:
                return a
            legal = game.legal_actions(s)
            if len(legal) == 1:
                return legal[0]
            if DrawTwo() in legal:
                return DrawTwo()
            return Pass()
        legal = game.legal_actions(s)
        if len(legal) == 1:
            return legal[0]
        r = game.rules
        if kind in ("reward", "seareward"):
            return _reward(game, s, p, P, legal)
        if kind == "market":
            if P.fuel + P.goods < r.cabin_capacity and P.fuel < r.move_fuel * 2 and _SELL_FUEL in legal:
                return _SELL_FUEL
            return _SELL_COINS if _SELL_COINS in legal else legal[0]
        if kind == "bonus":
            prefs = ("4 coins", "2 fuel", "1 fish", "goods")
            for name in prefs:
                if ChooseBonus(name) in legal:
                    return ChooseBonus(name)
            return legal[0]
        if kind == "smc":
            return CityIncome("fuel") if P.fuel < 2 else CityIncome("coins")
        if kind == "po":
            return UsePostOffice() if P.coins >= 5 else Pass()
        if kind == "neko":
            want = min((r.cabin_capacity - P.fuel - P.goods), max(a.fuel for a in legal))
            return NekoSplit(max(0, want)) if P.fuel < 4 else NekoSplit(0)
        if kind == "hospital":
            if game.owned_card(P, "south_pole") is not None:
                return min(legal, key=lambda a: a.count)
            return max(legal, key=lambda a: a.count)
        if kind == "park":
            for a in legal:
                if type(a) is ParkDie:
                    row = s.area.bids[a.space]
                    others = max((sum(d) for q, d in enumerate(row) if q != p), default=0)
                    if sum(row[p]) + a.value > others and sum(row[p]) <= others:
                        return a
            return Pass() if Pass() in legal else legal[0]
        if kind == "church":
            hubs = [a for a in legal if type(a) is ChurchHub]
            if hubs:
                return max(hubs, key=lambda a: hub_worth(game, *game.hub_at(P, (a.lane, a.boundary, a.sub))))
            return ChurchFish()
        if kind == "endgame":
            for a in legal:
                if type(a) is LoadCargo:
                    return a
            moves = [a for a in legal if type(a) is MoveShip]
            if moves:
                return max(moves, key=lambda a: _move_worth(game, s, P, a))
            return Done()
        return legal[0]


def _rounds_left(game, s) -> int:
    return max(0, game.rules.rounds - max(s.round, 1))


def _rounds_ahead(game, s) -> int:
    """The rounds a card bought now still pays in: the rounds after this one, and this
    one too while its bidding is not yet resolved."""
    return _rounds_left(game, s) + (1 if s.phase < RESOLVE else 0)


def hub_worth(game, mult: int, item: str) -> float:
    unit = game.rules.coin_unit if item == "coins" else 1
    return mult * unit * WORTH[item]


def card_worth(game, s, p: int, card: int, slot_hubs: float = 0.0, mem=None) -> float:
    """What owning ``card`` is worth to player ``p``, in PP (before paying for it).

    Its PP (0.75 of them, a port's 0.45: it must be unlocked), what its kind adds (a set
    card: the income or discount the next card of its set adds, for the rounds left; a
    Penguin Park: 0.8 a round; a port: half its goods' and hubs' worth), what its effect
    is worth, its end-game PP and the PP its interference tiles cost. Each term is
    written out in :func:`_card_terms`, by kind and by effect.

    Parameters
    ----------
    game : NekoGame
        A Neko game.
    s : NekoState
        The state.
    p : int
        The seat.
    card : int
        The card's id.
    slot_hubs : float, default 0.0
        What the hubs its slot would complete are worth.
    mem : GreedyMemory, optional
        The greedy bot's memory of ``game`` (looked up when not given).

    Returns
    -------
    float
        Penguin points.

    Examples
    --------
    >>> import tabletop_nb
    >>> game = tabletop_nb.load_game("neko", players=2)
    >>> card_worth(game, game.initial_state(), 0, 0) > 0   # an Ocean Bank: income for 4 rounds
    True
    """
    # The terms that read only the card and the rules are made once per card and
    # game (_card_terms); here the ones that read the situation, in the same order. The
    # same floats as each term written out: a set term is ``(set_value(n + 1) -
    # set_value(n)) * WORTH[unit]`` (kept per n, _set_increment) times the rounds, in the
    # order Python evaluates the whole product; an effect of the rounds left alone adds
    # ``0 + a * left``, which is ``a * left``; variant's ``1.5 + 0.0 * left`` is 1.5
    base, set_mode, incs, eff_a, eff_b, own_effect, end_pp, end_kinds, tiles = _card_terms(game, card, mem)
    left = _rounds_ahead(game, s)
    v = base
    P = s.players[p]
    if set_mode:
        if set_mode == _PARK:
            v += 0.8 * left
        else:
            n = game.count_kind(P, game.card[card].kind) if P.cards else 0
            inc = incs[n] if n < len(incs) else _set_increment(game, card, n)
            if set_mode == _PER_ROUND:
                v += inc * left
            elif set_mode == _TWO_ROUNDS:
                v += inc * min(left, 2)
            else:   # _DISCOUNT
                v += inc * left * 0.8
    if eff_a is not None:
        v += eff_b + eff_a * left
    elif own_effect:
        v += _own_effect_term(game, own_effect, P)
    if end_pp:
        kinds = game.profile(P).kinds if P.cards else {}
        v += end_pp * (1 + sum(kinds.get(k, 0) for k in end_kinds))
    if tiles:
        pen = game.interference_penalty
        v += pen(P.interference + tiles) - pen(P.interference)
    return v + slot_hubs


#: how card_worth values a set card's next card (_card_terms)
_PER_ROUND, _TWO_ROUNDS, _DISCOUNT, _PARK = 1, 2, 3, 4
#: the set kinds: (income table's rule field, worth of a unit, how the rounds count)
_SETS = {"ocean_bank": ("ocean_bank_income", "coins", _PER_ROUND),
         "fuel_platform": ("fuel_platform_income", "fuel", _TWO_ROUNDS),
         "blue_bar": ("blue_bar_discount", "coins", _DISCOUNT)}
#: the effects whose worth is ``b + a * rounds left``: effect -> (a, b)
_ROUND_EFFECTS = {"variant": (0.0, 1.5),   # (1.5 + 0.0 * left is 1.5)
                  "seaside_trade_low": (0.6, 0), "seaside_pickup": (0.6, 0),
                  "seaside_reward": (0.6, 0), "seaside_trade_high": (0.6, 0),
                  "light_house": (0.7, 0), "church": (0.7, 0), "fishing_spot": (0.7, 0),
                  "harbour_city": (0.7, 0), "hospital": (0.7, 0),
                  "southernmost_city": (1.5, 0), "research_station": (0.5, 2),
                  "post_office": (0.5, 1)}
#: the effects whose worth reads the player (_own_effect_term)
_OWN_EFFECTS = frozenset({"seaside_cards", "neko_harbour", "south_pole", "ice_wall", "small_islands"})
#: the effects card_worth values (any other adds nothing)
_VALUED_EFFECTS = frozenset(_ROUND_EFFECTS) | _OWN_EFFECTS
#: the set increments kept per card: for n = 0 .. _SET_TABLE_N - 1 cards of its kind
_SET_TABLE_N = 32


def _own_effect_term(game, e: str, P) -> float:
    """What the effects that read the player's situation add to card_worth."""
    if e == "seaside_cards":
        return len(P.cards) + 3
    if e == "neko_harbour":
        return len(analysis.hubs(game, P)) * 0.3 + 1
    if e == "south_pole":
        return 2 * P.interference
    if e == "ice_wall":
        return P.coins / 3 * 0.5
    return P.fish * 0.5 + 1   # small_islands


def _set_increment(game, card: int, n: int) -> float:
    """What one more card of a set card's kind adds to the set's income (or discount), with
    ``n`` cards of it already, in PP per round: ``(set_value(n + 1) - set_value(n)) *
    WORTH[unit]``."""
    r = game.rules
    field, unit, _ = _SETS[game.card[card].kind]
    table = getattr(r, field)
    return (r.set_value(n + 1, table) - r.set_value(n, table)) * WORTH[unit]


def _card_terms(game, card: int, mem=None) -> tuple:
    """The terms of card_worth that read only the card and the rules, kept per card:
    (its base worth, the set mode, the set increments for 0 .. _SET_TABLE_N - 1 cards
    of its kind, the effect's a and b for ``b + a * rounds left`` (None if not such an
    effect), the effect that reads the player (or ""), the end-game PP and kinds, the
    interference tiles it brings (0 without the card_interference rule)).

    The base is the card's PP at 0.75 (a port: 0.45), plus a port's goods and hubs terms
    (half their worth each) added in that order: the same float as card_worth adding
    them one by one, every call."""
    if mem is None:
        mem = _memory(game)
    if mem.card_terms is not None:
        return mem.card_terms[card]
    r = game.rules
    terms: dict = {}
    for c, C in enumerate(game.card):
        if C is None:   # (card ids may leave gaps in game.card)
            continue
        base = C.pp * (0.75 if C.kind != "port" else 0.45)
        set_mode = 0
        incs: tuple = ()
        if C.kind in _SETS:
            set_mode = _SETS[C.kind][2]
            incs = tuple(_set_increment(game, c, n) for n in range(_SET_TABLE_N))
        elif C.kind == "penguin_park":
            set_mode = _PARK
        elif C.kind == "port":
            base += math.fsum(WORTH.get(cg.item, 0) * cg.amount for cg in C.cargo) * 0.5
            base += math.fsum(hub_worth(game, h.multiplier, h.item) for h in C.hubs) * 0.5
        eff_a, eff_b = _ROUND_EFFECTS.get(C.effect, (None, 0))
        own = C.effect if C.effect in _OWN_EFFECTS else ""
        tiles = C.interference if r.card_interference else 0
        terms[c] = (base, set_mode, incs, eff_a, eff_b, own, C.endgame_pp, C.endgame_kinds, tiles)
    mem.card_terms = terms
    return terms[card]


def _slot_value(game, P, card: int, lane: int, slot: int) -> float:
    """Hubs this card would form in this slot, less the gap coins."""
    C = game.card
    row = P.lanes[lane]
    v = 0.0
    if slot > 0 and row[slot - 1] >= 0:
        v += hub_worth(game, C[card].left, C[row[slot - 1]].right) * 0.8
    if slot + 1 < len(row) and row[slot + 1] >= 0:
        v += hub_worth(game, C[row[slot + 1]].left, C[card].right) * 0.8
    # ships already in this lane will cross it: prefer lanes with ships
    ships = sum(1 for li, _, _ in P.ships if li == lane)
    v += 0.3 * min(ships, 2)
    return v - game.gap_coins(row, slot) * WORTH["coins"]



# --------------------------------------------------------------------------- tables
# The greedy bot is most of a greedy game's time (issue 12): at nearly every Action-phase
# turn it values each card on display afresh, and it scans its legal actions several
# times. The helpers below give the very same numbers and choices with less work; each
# says what it saves and why the result is the same. The rules of the bot stay above and
# below, in the order it thinks.

def _by_kind(legal) -> dict:
    """The legal actions grouped by type, each group in ``legal``'s order.

    Saves building ``set(legal)`` (a Python-level ``__hash__`` per action, ~40 actions at
    a turn) and the several scans of ``legal`` for one type: ``a in legal`` is the same
    as :func:`_has`, because two actions are equal only if they have the same type.
    """
    out: dict = {}
    for kind, group in groupby(legal, type):   # runs of one type, split in C
        have = out.get(kind)
        if have is None:
            out[kind] = list(group)
        else:
            have.extend(group)
    return out


class _TurnOffer:
    """The legal actions of an Action-phase turn by type, found one type at a time when
    first asked (``game.turn_actions_of``): a stand-in for ``_by_kind(legal)`` with the
    same ``get`` and ``in``, each group the same list in the same order (the engine's
    test in test_bot_speed.py), so every choice made from it is the same.

    At most turns the bot looks at a few kinds (end the turn, move a ship, bid) and
    never at the whole list: this saves enumerating every legal action (each Bid of each
    die value, adjusts, rerolls, pickups, ...) and grouping them. The engine makes the
    legal list from the same one-kind functions, so the two cannot differ. ``first`` is
    ``legal[0]``, asked for only when nothing else is chosen.

    The kinds found so far are kept in ``found`` (a dict), once per turn. It holds the dict
    rather than being one: ``in`` on a compiled subclass of ``dict`` is the dict's own
    (docs/DEVELOPING.md, "Compiled build").
    """

    __slots__ = ("game", "s", "p", "P", "found")

    def __init__(self, game: Any, s: Any, p: int, P: Any) -> None:
        self.game, self.s, self.p, self.P = game, s, p, P
        self.found: dict = {}

    def get(self, kind, default=None):
        found = self.found
        acts = found.get(kind)
        if acts is None:
            acts = found[kind] = self.game.turn_actions_of(self.s, kind)
        return acts if acts else default

    def __contains__(self, kind) -> bool:
        return bool(self.get(kind))

    def first(self):
        return self.game.legal_actions(self.s)[0]


def _turn_offer(game, s, p, P=None) -> _TurnOffer:
    """The :class:`_TurnOffer` of seat ``p``'s turn (``P``: its player, if at hand)."""
    return _TurnOffer(game, s, p, s.players[p] if P is None else P)


def _has(by: Any, a) -> bool:
    """``a in legal`` for the groups of :func:`_by_kind` or a :class:`_TurnOffer`."""
    return a in by.get(type(a), ())


#: what each of the bot's named caches is keyed by (declared with core.memo)
_CACHE_KEYS = {
    "move": "a player's lanes, ships, hub dice, cargo and whether rounds are left",
    "pick order": "the kind of pick and a player's hubs",
    "pick order by pairs": "the kind of pick and the (multiplier, item) pairs of the hubs",
    "slot hub terms": "a hub's side and its item or multiplier",
    "slots": "a player's lanes and ships",
    "gain": "the rounds left, a player's lanes, ships, cards, hubs, interference, coins and fish",
    "keep": "a player's hubs",
}


def _cache(game, name: str, mem=None) -> dict:
    """The bot's cache ``name`` for ``game`` (the rules are fixed per game), begun afresh
    when it grows large."""
    caches = (mem or _memory(game)).caches
    cache = caches.get(name)
    if cache is None or len(cache) > 20_000:
        cache = caches[name] = memo.cache(f"neko.greedy.{name}", key=_CACHE_KEYS.get(name, "the situation it values"))
    return cache


def _table(game, name: str, key, mem=None) -> dict:
    """A dict of values (card -> value) to look up and fill, cached under ``name`` and
    ``key``."""
    cache = _cache(game, name, mem)
    table = cache.get(key)
    if table is None:
        table = cache[key] = {}
    return table


def _gains(game, s, P, mem=None) -> dict:
    """card -> ``_bid_gain`` for a player in this situation: a table keyed by everything
    ``card_worth``, :func:`_best_slot_value` and :func:`_lowest_price` read (beside the
    game and the card: the rounds left, from the round and phase, and the player's lanes,
    ships, cards, hubs, interference, coins and fish), so that a bid planned again in the
    same situation (the next turn of the round, often) looks each card up once: about 3 in
    4 of a 4-player greedy game's bid gains. (The worth and best slot alone are not kept
    in tables of their own: when a gain is not known they nearly never are either, 1 in 40
    and 1 in 7, and keeping them cost more than it saved.)
    """
    key = (_rounds_ahead(game, s), P.lanes, P.ships, P.cards, len(analysis.hubs(game, P)),
           P.interference, P.coins, P.fish)
    return _table(game, "gain", key, mem)


def _keep_values(game, P, picks) -> dict:
    """die value -> ``_die_keep_value`` for the values of ``picks``: it reads only the
    player's hubs, and a draft asks it for the same hubs at each of the round's picks."""
    keep = _table(game, "keep", analysis.hubs(game, P))
    for a in picks:
        if a.value not in keep:
            keep[a.value] = _die_keep_value(game, P, a.value)
    return keep


_NO_PRICE = object()


def _bid_gain(game, s, p, P, card: int, disc: int, table=None, mem=None):
    """A card's worth with its best slot, less its lowest price in coins' worth, or None
    when no placement is affordable: ``_plan_bid``'s numbers, in the same order. ``table``:
    the player's :func:`_slots`, if the caller has it."""
    price = analysis.lowest_price(game, P, card, disc)
    if price is None:
        return None
    worth = card_worth(game, s, p, card, 0.0, mem) + _best_slot_value(game, P, card, table)
    return worth - price * WORTH["coins"]


def _slots(game, P, mem=None) -> dict:
    """The player's empty slots, (lane, slot) -> the terms of ``_slot_value`` there: the
    hub formed with the card on the left, ``hub_worth(game, m, item on the left) * 0.8``
    for each multiplier m (a tuple indexed by m; None without a card on the left), the hub
    formed with the card on the right, ``hub_worth(game, multiplier on the right, item) *
    0.8`` per item (a dict; None without one), the ships term, and the gap coins
    (``game.gap_coins``, what :func:`.analysis.placements` adds to the price) and their
    worth. Lanes order, slots left to right.

    The slots depend only on the lanes and ships, not on the card valued: computed once
    per lanes and ships instead of once per card and slot (cached per game), with each
    hub term for every card at once (a card's multipliers are 1..6 and its items ITEMS,
    the rules' checks).
    """
    cache = _cache(game, "slots", mem)
    key = (P.lanes, P.ships)
    slots = cache.get(key)
    if slots is None:
        C = game.card
        slots = _SlotTable()
        terms = _cache(game, "slot hub terms", mem)
        # (the ships' lanes listed once, each lane's ships counted in C: the same
        # count as ``sum(1 for lane, _, _ in P.ships if lane == li)``)
        ship_lanes = [lane for lane, _, _ in P.ships]
        for li, row in enumerate(P.lanes):
            ships = ship_lanes.count(li)
            ships_term = 0.3 * (ships if ships < 2 else 2)   # (0.3 * min(ships, 2))
            for si, c in enumerate(row):
                if c >= 0:
                    continue
                left = C[row[si - 1]].right if si > 0 and row[si - 1] >= 0 else None
                right = C[row[si + 1]].left if si + 1 < len(row) and row[si + 1] >= 0 else None
                gap = game.gap_coins(row, si)
                # (each hub term made once per game per item or multiplier, shared)
                lefts = None if left is None else terms.get(("left", left))
                if left is not None and lefts is None:
                    lefts = terms["left", left] = (None,) + tuple(hub_worth(game, m, left) * 0.8 for m in range(1, 7))
                rights = None if right is None else terms.get(("right", right))
                if right is not None and rights is None:
                    rights = terms["right", right] = {it: hub_worth(game, right, it) * 0.8 for it in ITEMS}
                slots[(li, si)] = (lefts, rights, ships_term, gap * WORTH["coins"], gap)
        slots.split()
        cache[key] = slots
    return slots


class _SlotTable(dict):
    """:func:`_slots`'s table, with the slots split for :func:`_best_slot_value`:
    ``plain``, the best ``_slot_value`` of the slots without a card on either side (the
    same for every card: ``0.0 + ships term - gap term``; None without such slots),
    ``near``, the terms of the others, and ``fewest_gap_coins``, the gap coins of the
    cheapest slot (None without an empty slot)."""

    __slots__ = ("plain", "near", "fewest_gap_coins")

    def split(self) -> None:
        plain, near = None, []
        self.fewest_gap_coins = min((slot[4] for slot in self.values()), default=None)
        for lefts, rights, ships_term, gap_term, _ in self.values():
            if lefts is None and rights is None:
                v = 0.0
                v += ships_term
                v -= gap_term
                if plain is None or v > plain:
                    plain = v
            else:
                near.append((lefts, rights, ships_term, gap_term))
        self.plain, self.near = plain, tuple(near)


def _slot_value_at(game, card: int, slot: tuple) -> float:
    """``_slot_value`` of ``card`` in one entry of :func:`_slots`: the same terms summed in
    the same order, so the same float."""
    lefts, rights, ships_term, gap_term, _ = slot
    C = game.card[card]
    v = 0.0
    if lefts is not None:
        v += lefts[C.left]
    if rights is not None:
        v += rights[C.right]
    v += ships_term
    return v - gap_term


def _best_slot_value(game, P, card: int, table=None) -> float:
    """The best ``_slot_value`` of ``card`` over the player's empty slots (0.0 with none):
    ``max(_slot_value_at(...) for each slot)``, its sums written out in one loop.

    The slots with no card beside them are worth the same for every card, their
    best found once per table (``_SlotTable.plain``); only the slots beside a card (a few)
    are valued per card. The best of floats is the same in any order (none is NaN, and
    none is -0.0: each is +0.0 plus terms >= 0, less a term >= 0), so splitting the slots
    gives the same value. ``table``: ``_slots(game, P)``, if the caller has it."""
    C = game.card[card]
    cl, cr = C.left, C.right
    if table is None:
        table = _slots(game, P)
    best = table.plain
    for lefts, rights, ships_term, gap_term in table.near:
        v = 0.0
        if lefts is not None:
            v += lefts[cl]
        if rights is not None:
            v += rights[cr]
        v += ships_term
        v -= gap_term
        if best is None or v > best:
            best = v
    return 0.0 if best is None else best


def _best_buy(game, s, p, legal):
    """The best Buy among ``legal`` (worth - price), or None if none is worth it."""
    P = s.players[p]
    best, best_v = None, 0.25
    slots = _slots(game, P)
    # The discount once, each card's worth and price once for all its slots, each
    # slot's gap coins from the slots table (the same numbers for every Buy they enter)
    disc = _discount(game, s, P)
    per_card: dict = {}
    for a in legal:
        if type(a) is not Buy:
            continue
        card = a.card
        known = per_card.get(card)
        if known is None:
            known = per_card[card] = (card_worth(game, s, p, card),
                                      game.card_price(P, card, disc))
        # _slot_value(game, P, a.card, a.lane, a.slot), from the slots table
        slot = slots[a.lane, a.slot]
        v = known[0] + _slot_value_at(game, card, slot)
        # P.coins - _price_after(game, s, p, a), the same ints (slot[4]: the gap coins)
        price = known[1] + slot[4]
        v -= price * WORTH["coins"]
        # keep some coins for the rest of the round's purchases
        if P.coins - price < 3:
            v -= 0.5
        if v > best_v:
            best, best_v = a, v
    return best


def _best_buy_offered(game, s, p, mem=None):
    """``_best_buy(game, s, p, game.legal_actions(s))``, without the legal list.

    The frame's Buys are, in the engine's order, one per placement
    (:func:`.analysis.placements`, at the frame's discount, :func:`_discount`) of each card it
    offers: the card won (``win``) or the cards drawn (``buy``); the other actions are no
    Buys. So the same Buys are valued in the same order, with the same numbers (the slot
    terms of ``_slot_value_at`` written out), without making an action per placement.
    """
    P = s.players[p]
    cards = analysis.offered_cards(game, s)
    disc = _discount(game, s, P)
    slots = _slots(game, P, mem)
    coins = P.coins
    best, best_v = None, 0.25
    for card in cards:
        # the places the card may go and their prices are analysis.placements' (the
        # engine's Buy list asks it too); the slot terms are read from the table
        places = analysis.placements(game, P, card, disc)
        if not places:
            continue
        worth = card_worth(game, s, p, card, 0.0, mem)
        C = game.card[card]
        cl, cr = C.left, C.right
        for li, si, price in places:
            lefts, rights, ships_term, gap_term, _ = slots[li, si]
            sv = 0.0
            if lefts is not None:
                sv += lefts[cl]
            if rights is not None:
                sv += rights[cr]
            sv += ships_term
            v = worth + (sv - gap_term)
            v -= price * WORTH["coins"]
            if coins - price < 3:
                v -= 0.5
            if v > best_v:
                best, best_v = (card, li, si), v
    return None if best is None else Buy(*best)


def _discount(game, s, P) -> int:
    """The discount on the card being bought (the way the engine prices it)."""
    return analysis.purchase_discount(game, s, P)


def _price_after(game, s, p, a) -> int:
    """Coins left after this purchase (computed the way the engine prices it; _best_buy
    computes the same with the discount found once, checked in test_bot_speed.py)."""
    P = s.players[p]
    disc = _discount(game, s, P)
    return P.coins - game.card_price(P, a.card, disc) - game.gap_coins(P.lanes[a.lane], a.slot)


def _die_keep_value(game, P, v: int) -> float:
    """How much the bot likes having a die of value ``v`` for the action phase."""
    # (``max((hub_worth(game, m, it) for _, m, it in analysis.hubs(game, P) if m == v),
    # default=0.0)`` as a loop over the hubs, and the max of the two as a comparison: the
    # same float, max's first of equals; a hub's worth and 0.25 * v are > 0)
    hub = 0.0
    for _, m, it in analysis.hubs(game, P):
        if m == v:
            w = hub_worth(game, m, it)
            if w > hub:
                hub = w
    low = 0.25 * v
    return low if low > hub else hub


# --------------------------------------------------------------------------- turns
# (the actions the turn returns by name are made once; actions are values)
_END_TURN, _HOSPITAL, _UNJAM, _HARBOUR = EndTurn(), HospitalRemove(), RemoveInterference(), OpenHarbour()
_FISH_FOR_FUEL, _GOODS_TO_PP = FishFor("fuel"), Trade("goods_to_pp")
_SELL_FUEL, _SELL_COINS = Sell("fuel"), Sell("coins")
_ACTIVATE_HUB = memo.cache("neko.greedy.activate_hub", key="a hub's key (lane, boundary, sub)")
#: the actions of one die value (faces 1-6), made once: actions are values, equal to the
#: engine's own
_TAKE_FISH: tuple[Any, ...] = (None,) + tuple(TakeFish(v) for v in range(1, 7))
_PICK: tuple[Any, ...] = (None,) + tuple(Pick(v) for v in range(1, 7))
_INCOME_DIE: tuple[Any, ...] = (None,) + tuple(IncomeDie(v) for v in range(1, 7))
#: ``_BID[space][value]`` is ``Bid(space, value)``, for the spaces of every player count
_BID: tuple[tuple[Any, ...], ...] = tuple((None,) + tuple(Bid(sp, v) for v in range(1, 7)) for sp in range(16))


def _turn(game, s, p, legal=None, mem=None):
    """The turn's choice; from ``legal`` if given, else from the legal actions found one
    kind at a time (:class:`_TurnOffer`, the same choice)."""
    P = s.players[p]
    r = game.rules
    if legal is not None:
        by: Any = _by_kind(legal)
    else:
        by = _turn_offer(game, s, p, P)
    # 1. free actions that pay for themselves, before the main action
    a = _good_free_action(game, s, p, P, legal, by, mem)
    if a is not None:
        return a
    main = s.main
    if main is not None:
        if type(main) is Bidding:
            return _continue_bid(game, s, p, P, legal, main.space, by)
        # EndTurn is offered after a main action exactly when the count rule allows it
        # (analysis.can_end_turn, which the engine asks too)
        if analysis.can_end_turn(game, s, p):
            return _END_TURN
    # 2. choose a main action
    options: list[tuple[float, Any]] = []
    dice = P.dice
    low = min(dice) if dice else 0
    # the fish Take Fish gives with the lowest die (the game's fish_taken, a house rule's too)
    fish = game.fish_taken(s, p, low) if dice else 1
    options.append((0.6 * WORTH["fish"] * fish - 0.15 * low, _TAKE_FISH[low] if dice else TakeFish(0)))
    # the hubs a die may go on now are analysis.vacant_hubs' (the engine's ActivateHub list
    # asks it too)
    hubs = analysis.vacant_hubs(game, P)
    for key, mult, item in hubs:
        gain = hub_worth(game, mult, item) + (WORTH["fish"] if key in P.ships else 0)
        if P.lighthouse == key:
            gain += r.lighthouse_units * hub_worth(game, 1, item)
        if mult in dice:
            # One ActivateHub per hub key, made once (actions are values)
            act = _ACTIVATE_HUB.get(key)
            if act is None:
                act = _ACTIVATE_HUB[key] = ActivateHub(*key)
            options.append((gain - 0.05 * mult, act))
        else:
            # a die one step from the multiplier (analysis.adjusted: 6 and 1 are
            # neighbours) goes on the hub turned by a Penguin Park tile, or by fuel
            for v in sorted(set(dice)):
                for delta in (1, -1):
                    if analysis.adjusted(v, delta) != mult:
                        continue
                    tile = TileAdjust(v, delta)
                    if _has(by, tile):
                        options.append((gain - 0.1, tile))
                    else:
                        adjust = Adjust(v, delta)
                        if _has(by, adjust) and gain > WORTH["fuel"] + 0.3:
                            options.append((gain - WORTH["fuel"], adjust))
    # (the engine lists card activations only from the cards its profile of the
    # lanes marks activatable, or the Hospital under hospital_needs_die: without either,
    # the list is not asked for; it would be empty)
    if P.cards and (game.profile(P).activatable or r.hospital_needs_die):
        for a in by.get(ActivateCard, ()):
            options.append((_card_activation_worth(game, s, p, a), a))
    bid = _plan_bid(game, s, p, P, legal, by, mem)
    if bid is not None:
        options.append(bid)
    # _plan_bid's choice is legal by construction (the highest die on a space open
    # to it, or one of the offered NewBids), so it is not looked up among the Bids
    planned = bid[1] if bid is not None else None
    a = _first_offered(options, planned, by)
    if a is not None:
        return a
    return legal[0] if legal is not None else by.first()


def _first_offered(options: list, planned, by):
    """The action of the best (worth, action) option that is offered (``planned`` is), the
    first of equal worths; None if none is. ``options`` is not empty."""
    # The first option of the stable sort below (by worth, highest first) is the
    # first option of the highest worth, ``max``'s choice (worths are never NaN); it is
    # nearly always offered, and then the sort is not needed. (max(options,
    # key=lambda o: o[0]) written out: a builtin max with a key cost more than this loop over
    # the few options; it keeps the first of the highest worth, as max does)
    best = options[0]
    for o in options:
        if o[0] > best[0]:
            best = o
    top = best[1]
    if top is planned or _has(by, top):
        return top
    options.sort(key=lambda o: -o[0])
    for _, a in options:
        if a is planned or _has(by, a):
            return a
    return None


def _card_activation_worth(game, s, p, a) -> float:
    P = s.players[p]
    r = game.rules
    C = game.card[P.lanes[a.lane][a.slot]]
    e = C.effect
    cost = 0.2 * a.value
    if e == "variant" and C.kind == "ocean_bank":
        return r.set_value(game.count_kind(P, "ocean_bank"), r.ocean_bank_income) * WORTH["coins"] - cost
    if e == "variant" and C.kind == "fuel_platform":
        room = r.cabin_capacity - P.fuel - P.goods
        return min(room, r.set_value(game.count_kind(P, "fuel_platform"), r.fuel_platform_income)) \
            * WORTH["fuel"] - cost
    if e == "research_station":
        return 2.5 - cost
    if e == "neko_harbour":
        return len(analysis.hubs(game, P)) * WORTH["coins"] - cost
    if e == "seaside_reward":
        return 1.2 + 0.1 * a.value - cost
    if e == "seaside_trade_high":
        return 0.5 * P.goods + 0.3 * P.fuel - cost
    if e == "seaside_trade_low":
        return 0.1 * P.coins - 0.5 - cost
    if e == "harbour_city":
        # the next harbour's price now and with this die on the card (the game's
        # harbour_price, a house rule's too); none at the harbour limit
        if P.harbours >= r.max_harbours:
            return -cost
        price = game.harbour_price(P)
        after = analysis.harbour_price_after(game, P, a.lane, a.slot, a.value)
        return (price - after) * WORTH["coins"] * (0.6 if P.coins >= after else 0) - cost
    return -1.0


def _plan_bid(game, s, p, P, legal, by=None, mem=None):
    """(worth, first action) of the best bid, or None.

    A card's gain is its worth with its best slot, less its lowest price in coins' worth
    (:func:`_bid_gain`); a bid's worth is the gain less the dice it takes to lead.
    """
    if by is None:
        by = _by_kind(legal)
    dice = sorted(P.dice)[::-1]   # (highest first, as reverse=True, without keywords)
    if not dice:
        return None
    # (the Blue Bar discount and the slots table found only when a gain is not
    # known, and once per plan)
    disc = table = None
    gains = _gains(game, s, P, mem)
    # the spaces where a bid of the highest die is legal, in resolution order: before the
    # main action the open spaces for all the seat's dice (analysis.open_bid_spaces, which
    # the engine's legal list asks too), after it the spaces its Bid actions name
    if s.main is None:
        spaces = analysis.open_bid_spaces(game, s, p, len(dice))
    else:
        open_spaces = {a.space for a in by.get(Bid, ()) if a.value == dice[0]}
        spaces = [sp for sp in game.res_order if sp in open_spaces]
    # A bid spends at least its first die, the highest (0.35 + 0.05 * dice[0]), so
    # a space whose gain less that cannot beat the best bid so far (nor 0, below which no
    # bid is taken) is skipped without counting the dice to lead (the same choice).
    first = 0.35 + 0.05 * dice[0]
    # (the best so far as a worth and an action, and the bar a gain must clear,
    # ``0.0 if best is None or best[0] < 0 else best[0]``, kept up to date with it)
    best_v: float | None = None
    best_a: tuple[int, int] = (0, 0)
    bar = 0.0
    for sp in spaces:   # (each holds a card: open spaces, or spaces a Bid names)
        card = analysis.card_on_space(game, s, sp)
        gain = gains.get(card, _NO_PRICE)
        if gain is _NO_PRICE:
            if disc is None:
                disc, table = game.blue_bar_discount(P), _slots(game, P, mem)
            gain = gains[card] = _bid_gain(game, s, p, P, card, disc, table, mem)
        if gain is None or gain - first <= bar:
            continue
        need = analysis.dice_to_lead(game, s, p, sp, dice)
        if need is None:
            continue
        # (float totals through math.fsum: correctly rounded, the same from the source and
        # compiled on every Python; the builtin sum of floats compensates on 3.12+, where
        # mypyc's sum(<generator>) is a plain loop of +)
        spent = math.fsum(0.35 + 0.05 * v for v in need)
        v, lead = gain - spent, need[0]
        if best_v is None or v > best_v:
            best_v, best_a = v, (sp, lead)
            bar = 0.0 if best_v < 0 else best_v
    if best_v is not None and best_v > 0:
        sp, lead = best_a
        return best_v, (_BID[sp][lead] if sp < len(_BID) and 1 <= lead <= 6 else Bid(sp, lead))
    # starting a new bid (advanced setup): the best card from the piles
    news = by.get(NewBid)
    if news:
        if disc is None:
            disc = game.blue_bar_discount(P)
        scored = []
        for a in news:
            price = analysis.lowest_price(game, P, a.card, disc)
            if price is not None:
                scored.append((card_worth(game, s, p, a.card, 0.0, mem) - price * WORTH["coins"] - 0.6, a))
        if scored:
            best_new = max(scored, key=lambda x: x[0])
            if best_new[0] > 0:
                return best_new
    return None


def _continue_bid(game, s, p, P, legal, sp, by=None):
    if by is None:
        by = _by_kind(legal)
    row = s.area.bids[sp]
    mine = row[p]
    # The most dice and the highest total of the others in one loop (ints; both
    # maxima are over values >= 0, so starting from 0 and skipping empty bids is the same)
    most = best_other = 0
    for q, d in enumerate(row):
        if d and q != p:
            if len(d) > most:
                most = len(d)
            t = sum(d)
            if t > best_other:
                best_other = t
    lead = sum(mine) > best_other
    # during a bid (s.main set) EndTurn is offered exactly when analysis.can_end_turn says
    # so (the engine asks it too)
    if len(mine) >= most and (lead or not P.dice) and analysis.can_end_turn(game, s, p):
        return _END_TURN
    if P.dice:
        top = max(P.dice)
        return _BID[sp][top] if sp < len(_BID) and 1 <= top <= 6 else Bid(sp, top)
    if analysis.can_end_turn(game, s, p):
        return _END_TURN
    return legal[0] if legal is not None else by.first()


def _good_free_action(game, s, p, P, legal, by=None, mem=None):
    """A free action whose worth clearly exceeds what it spends, or None.

    Which free actions are legal is the engine's answer, ``legal`` (grouped by kind in
    ``by``): each kind is looked up there, never decided again here; the tests beside a
    look-up are the bot's own judgement (is it worth it)."""
    r = game.rules
    if by is None:
        by = _by_kind(legal)
    # Loading a port, the Hospital, the Seaside Town trades and the Light House are offered
    # only by cards in the lanes: the engine's answer to "does a card here offer a free
    # action" (``Profile.card_free``) is asked first, so the four kinds are not looked up
    # when no card offers one (most turns)
    cards_offer = bool(P.cards) and game.profile(P).card_free
    # load goods onto ports (toward unlocking their PP)
    loads = by.get(LoadCargo) if cards_offer else None
    if loads:
        return loads[0]
    # move ships when the move pays: a hub, a crossed card, travel PP
    if MoveShip in by:
        best = _best_move(game, s, P, by, mem)
        if best is not None:
            return best
    # a fish for the fuel that completes a move
    if P.fuel == r.move_fuel - 1 and _has(by, _FISH_FOR_FUEL) and any(
            game.next_stop(P.lanes[li], b, j) for li, b, j in P.ships):
        return _FISH_FOR_FUEL
    if cards_offer and HospitalRemove in by:
        return _HOSPITAL
    # interference: pay 5 coins when the next tile costs 2 PP or more
    if P.coins >= 12 and RemoveInterference in by:
        pen = game.interference_penalty
        if pen(P.interference - 1) - pen(P.interference) >= 2:
            return _UNJAM
    # goods to PP (Seaside Town) when no port needs them
    if cards_offer and _has(by, _GOODS_TO_PP) and LoadCargo not in by:
        return _GOODS_TO_PP
    # Light House on the best hub the bot can still activate this round
    hubs = by.get(Lighthouse) if cards_offer else None
    if hubs:
        dice = set(P.dice)
        best = max(hubs, key=lambda a: next(
            (hub_worth(game, m, it) + (1 if m in dice else 0) for k, m, it in analysis.hubs(game, P)
             if k == (a.lane, a.boundary, a.sub)), 0))
        return best
    # a free Penguin Park pickup before the main action: the highest discarded die; not with
    # a full freezer, where the bot would spend it on a fish it cannot keep (under
    # park_pickup_per_turn that was pickup, fish, end turn, pickup ... for ever)
    if s.main is None and P.fish < r.freezer_capacity:
        parks = [a for a in by.get(TakeDiscard, ()) if a.source == "park"]
        if parks:
            return max(parks, key=lambda a: a.value)
    # more lanes when the lanes are nearly full, more ships when lanes are long
    # The empty slots counted first: it fails at about 7 turns in 8, where the
    # harbour's price is then not asked for (pure tests, so the order does not change the
    # answer; harbour_price is defined only below max_harbours, so that test stays before
    # it). They are the slots less the cards, the player's card list being the lanes'
    # cards (the invariants' check), and the slots the lanes times r.lane_slots, every
    # lane having that many slots (the invariants' check, NK-INV)
    if len(P.lanes) * r.lane_slots - len(P.cards) <= 2 and OpenHarbour in by \
            and P.coins >= game.harbour_price(P) + 6:
        return _HARBOUR
    if len(P.cards) >= 3 and BuyShip in by and P.coins >= game.ship_price(P) + 8:
        ships = by.get(BuyShip)
        if ships:
            return max(ships, key=lambda a: sum(1 for c in P.lanes[a.lane] if c >= 0))
    return None


def _best_move(game, s, P, by, mem=None):
    """The offered ship move worth most, if it is worth more than 60% of its fuel (the
    first of equals), else None.

    The answer reads only the moves offered and ``_move_worth`` of each: the lanes,
    ships, hubs, hub dice and cargo, and whether the game's last round is over. When free
    actions are offered at all (the player has dice, or has made the main action under
    ``free_actions_after_last_die``: otherwise there is no move, and no
    look-up), the moves offered with enough fuel are the engine's ``ship_moves``, which
    read the lanes and ships only; so the answer is kept per those fields and a turn that
    asks again in the same situation (the next decision, or the next turn of the round:
    about 3 in 5 asks in 4-player games) neither lists the moves nor values them. The hubs
    are not in the key: they are the lanes' (the invariants' check).
    The caller has checked the fuel.
    """
    if not (P.dice or (s.main is not None and game.rules.free_actions_after_last_die)):
        return None
    cache = _cache(game, "move", mem)
    key = (P.lanes, P.ships, P.hub_dice, P.cargo, s.round <= game.rules.rounds)
    best = cache.get(key, _NO_PRICE)
    if best is _NO_PRICE:
        best = cache[key] = _best_move_plain(game, s, P, by.get(MoveShip, ()))
    return best


def _best_move_plain(game, s, P, moves):
    """The best of ``moves`` by ``_move_worth`` above 60% of its fuel, or None."""
    best: Any = None
    best_v = game.rules.move_fuel * WORTH["fuel"] * 0.6
    for a in moves:
        v = _move_worth(game, s, P, a)
        if v > best_v:
            best, best_v = a, v
    return best


def _move_worth(game, s, P, a) -> float:
    lane = P.lanes[a.lane]
    b, j = game.next_stop(lane, a.boundary, a.sub)
    v = 0.0
    hub = game.hub_at(P, (a.lane, b, j))
    if hub is not None:
        v += hub_worth(game, *hub)
        if (a.lane, b, j) in dict(P.hub_dice) and (a.lane, b, j) not in P.ships:
            v += WORTH["fish"]
    if b > a.boundary:             # a card fully crossed
        c = lane[a.boundary]
        C = game.card[c]
        if game.crossed(P, a.lane) <= a.boundary:
            v += C.pp if C.kind != "port" or game.port_unlocked(P, c) else C.pp * 0.4
        # the travel PP the move adds (the game's travel_pp, a house rule's too)
        pos = (a.lane, a.boundary, a.sub)
        v += (analysis.travel_pp_after(game, P, pos, (a.lane, b, j)) - game.travel_pp(P)) * (
            1.0 if s.round <= game.rules.rounds else 0.0)
    return v


# --------------------------------------------------------------------------- other frames
def _pick_order(game, P, kind: str, mem=None) -> tuple:
    """The die values 1-6 in the order :func:`_pick` prefers them, for this player's hubs:
    its ``max`` keeps the first action of the highest key in legal (value) order, so the
    values sorted by key, highest first, equal keys lowest value first (a draft's keys
    differ for every value). Kept per hubs (they change only when a card is placed).

    The order reads the hubs only through their (multiplier, item) pairs (the
    multipliers, and ``_die_keep_value``'s best hub worth per multiplier), not where they
    are nor how often a pair repeats; so when these hubs are new (each round, and each
    game: the caches outlive a game) the order is looked up by their set of pairs, which
    many hubs share, before it is worked out (about 4 in 5 of those look-ups find it)."""
    hubs = analysis.hubs(game, P)
    cache = _cache(game, "pick order", mem)
    key = (kind, hubs)
    order = cache.get(key)
    if order is None:
        by_pairs = _cache(game, "pick order by pairs", mem)
        key2 = (kind, frozenset([(m, it) for _, m, it in hubs]))
        order = by_pairs.get(key2)
        if order is None:
            order = by_pairs[key2] = _pick_order_plain(game, P, kind)
        cache[key] = order
    return order


def _pick_order_plain(game, P, kind: str) -> tuple:
    """:func:`_pick_order` worked out."""
    # one type for both ranks (a compiled local keeps the type of its first value)
    rank: Callable[[int], Any]
    if kind == DRAFT_PICK:
        keep = {v: _die_keep_value(game, P, v) for v in range(1, 7)}
        rank = lambda v: (keep[v], v)   # noqa: E731
    else:
        mults = {m for _, m, _ in analysis.hubs(game, P)}
        rank = lambda v: v - 3 * _die_keep_value(game, P, v) if v in mults else v   # noqa: E731
    return tuple(sorted(range(1, 7), key=lambda v: (rank(v), -v), reverse=True))


def _pick(game, P, kind: str, legal):
    """The draft's or the income's choice among ``legal``."""
    if kind == DRAFT_PICK:
        keep = _keep_values(game, P, legal)
        return max(legal, key=lambda a: (keep[a.value], a.value))
    # the highest die that no hub of ours needs (coins now beat a weak bid die)
    return max(legal, key=lambda a: (a.value - 3 * _die_keep_value(game, P, a.value)
                                     if any(m == a.value for _, m, _ in analysis.hubs(game, P)) else a.value))


def _reward_amounts(game) -> dict:
    """Each reward's amount: the first chart entry of that reward, as the search over the
    chart finds it."""
    amounts: dict = {}
    for x in game.chart:
        amounts.setdefault(x.reward, x.amount)
    return amounts


def _reward(game, s, p, P, legal):
    r = game.rules
    best, best_v = legal[0], -1e9
    amounts = _reward_amounts(game)
    # A card reward's worth and the room for each resource read only the player:
    # found once per decision (when first needed), not once per reward offered
    card_v = rooms = None
    for a in legal:
        amount = amounts.get(a.reward, 0)
        if a.reward == "card":
            if card_v is None:
                card_v = 2.0 if P.coins >= 6 and any(c < 0 for lane in P.lanes for c in lane) else -1
            v = card_v
        elif a.reward == "interference":
            pen = game.interference_penalty
            v = pen(P.interference - 1) - pen(P.interference) if P.interference else -1
        elif a.reward in WORTH:
            if rooms is None:
                rooms = {"fuel": r.cabin_capacity - P.fuel - P.goods,
                         "goods": r.cabin_capacity - P.fuel - P.goods,
                         "fish": r.freezer_capacity - P.fish}
            room = rooms.get(a.reward, amount)
            v = min(amount, room) * WORTH[a.reward]
        else:
            v = 0
        if v > best_v:
            best, best_v = a, v
    return best


#: the greedy bot (a :class:`GreedyBot`). It is ``trusted``: every return of
#: ``GreedyBot.__call__`` is one of ``legal`` or an action checked against it (or one the frame
#: always offers: Pass when buying, Done at the game's end, both City incomes, both Post
#: Office choices, ChurchFish, a NekoSplit within the offer, another die on the space being
#: bid); tests/games/neko/test_bots.py checks every choice of many games exactly, and the
#: soak applies them with ``apply``.
greedy_bot = GreedyBot()
#: ``_memory(game)``: the greedy bot's memory of ``game`` (its ``memory`` method)
_memory = greedy_bot.memory

#: the bots this game offers by name
BOTS = {"greedy": greedy_bot}


# -- hooks for the search bot (tabletop_nb.core.search) -----------------------------------

#: decisions of all seats a search rollout plays before the scores are estimated, per seat
SEARCH_HORIZON_PER_SEAT = 12
#: the search bot compares at most this many actions at one decision
SEARCH_WIDTH = 6


def search_actions(game, s, rng) -> list:
    """The actions worth comparing, the greedy bot's choice first.

    Drafts, income dice, rewards and bonus tiles: every choice. A purchase: the greedy
    bot's, passing, and each other card in its first slot. An Action-phase turn: the
    greedy bot's, ending the turn, and the highest bid on each bidding space (free
    actions such as adjusting a die follow the greedy bot). Elsewhere the few options
    there are, or the greedy bot's alone.

    Parameters
    ----------
    game : NekoGame
        A Neko game.
    s : NekoState
        The state.
    rng : numpy.random.Generator
        The bot's random numbers.

    Returns
    -------
    list
        Legal actions, the greedy bot's first (the search bot's candidates).

    Examples
    --------
    >>> import tabletop_nb, numpy as np
    >>> game = tabletop_nb.load_game("neko", players=2)
    >>> rng = np.random.default_rng(1)
    >>> s = game.initial_state()
    >>> while game.current_player(s) < 0:
    ...     s = game.apply(s, game.sample_chance(s, rng))
    >>> acts = search_actions(game, s, rng)
    >>> acts[0] == greedy_bot(game, s, rng) and all(a in game.legal_actions(s) for a in acts)
    True
    """
    legal = game.legal_actions(s)
    if len(legal) == 1:
        return legal
    first = greedy_bot(game, s, rng)
    kind = (decision(s) or analysis.Decision("", -1)).kind
    out = [first]
    if kind in (BUY, WIN):
        cards = {first.card} if type(first) is Buy else set()
        for a in legal:
            if type(a) is Buy and a.card not in cards:
                cards.add(a.card)
                out.append(a)
            elif type(a) in (Pass, DrawTwo) and a != first:
                out.append(a)
    elif kind == TURN:
        top_bid: dict = {}
        for a in legal:
            if type(a) is Bid and a.value > top_bid.get(a.space, (0, None))[0]:
                top_bid[a.space] = (a.value, a)
        out += [a for _, a in top_bid.values() if a != first]
        if EndTurn() in legal and first != EndTurn():
            out.append(EndTurn())
    elif len(legal) <= SEARCH_WIDTH or kind in (DRAFT_PICK, INCOME_DIE, "reward", "seareward", "bonus"):
        out += [a for a in legal if a != first]
    return out[:SEARCH_WIDTH]


def determinize(game, s, seat, rng):
    """The draft picks this seat has not seen, drawn from the hands they were picked from.

    A draft step's picks are simultaneous, so ``observation`` shows the earlier seats'
    picks as 0; each becomes a value from that seat's hand, uniformly at random.

    Parameters
    ----------
    game : NekoGame
        A Neko game.
    s : NekoState
        The state.
    seat : int
        The seat whose view ``s`` is.
    rng : numpy.random.Generator
        The bot's random numbers.

    Returns
    -------
    NekoState
        A full state consistent with that view (``s`` itself when nothing is hidden).

    Examples
    --------
    >>> import tabletop_nb, numpy as np
    >>> game = tabletop_nb.load_game("neko", players=2)
    >>> s = game.initial_state()
    >>> determinize(game, s, 0, np.random.default_rng(1)) is s
    True
    """
    picks = s.draft.picks
    if not picks or all(picks):
        return s
    hands = s.draft.hands
    new = tuple(v if v else hands[i][int(rng.integers(len(hands[i])))]
                for i, v in enumerate(picks))
    from .state import with_picks as _with_picks
    return _with_picks(s, new)


def estimate_scores(game, s) -> tuple:
    """Each seat's final score as if the game ended now, plus what its coins, fuel and
    fish may still buy (in PP, :data:`WORTH`), less as the last round nears.

    Parameters
    ----------
    game : NekoGame
        A Neko game.
    s : NekoState
        The state.

    Returns
    -------
    tuple of float
        One estimate per seat.

    Examples
    --------
    >>> import tabletop_nb
    >>> game = tabletop_nb.load_game("neko", players=2)
    >>> len(estimate_scores(game, game.initial_state()))
    2
    """
    if s.final:
        return game.scores(s)
    left = _rounds_left(game, s) + 1
    weight = min(1.0, left / 2.0)
    out = []
    for P in s.players:
        v = game.final_breakdown(P)[-1]
        v += weight * (P.coins * WORTH["coins"] + P.fuel * WORTH["fuel"] + P.fish * WORTH["fish"])
        out.append(v)
    return tuple(out)
