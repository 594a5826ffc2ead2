"""What every section of the Neko engine shares (not a rulebook section): the working state
of ``apply``, the action cache, the roll tables and the per-lanes profile.

Inside ``apply`` the state is thawed into a working state (``w = thaw(s)``: a new
:class:`NekoState` with the same field values; NekoState is a
:func:`~tabletop_nb.core.draft.state_record`, so that copy is plain slot stores), the rules
change it by plain assignments and the helpers here, and ``finish(w)`` hands it out as the
new state: the rules read like the rulebook's sentences and the states stay values.

- ``events`` is a list of what happens while working, a tuple once handed out;
- ``frames`` is changed by :func:`push` and :func:`pop` (a new tuple each time);
- ``players`` stays the given state's own tuple until a player is changed
  (:func:`changing_player`, :func:`put`), then becomes a :class:`ChangingPlayers` list in which each
  changed player is a new :class:`Player` of this apply's own, changed in place; players
  nobody changed are shared with the given state, never written to.

One copy of the state and one of each changed player per action; the state applied to is
never written to (tests/test_states_unchanged.py checks every game).

:class:`NekoBase` is the typed base of the sections: what the game holds (built in
``setup``) and, for the type checker only, the operations one section asks of another.
"""
from __future__ import annotations

import math
from bisect import insort
from collections.abc import Callable
from fractions import Fraction
from functools import lru_cache
from itertools import combinations_with_replacement
from operator import attrgetter
from typing import TYPE_CHECKING, Any, ClassVar, final

from ....core.draft import evolver, fields_of
from ....core.protocol import BaseGame
from ..rules import BonusTile, Card, MidTile, RewardSpace, Rules
from ..state import (ACTION, BONUS, DRAFT, ENDGAME, INCOME, MARKET, OVER, PARK, PHASES, POST, PREP,
                     RESOLVE, REWARD, ROLL, SETUP, ActivateCard, Adjust, Bid, Buy, DrawCard, EndTurn,
                     FishFor, IncomeDie, MoveShip, NekoState, Pass, Pick, Player, RemoveInterference,
                     Reroll, Reward, RollDice, Rolled, TakeDiscard, TakeFish, TileAdjust, with_picks,
                     BuyShip, OpenHarbour, LoadCargo, Trade, Lighthouse, HospitalRemove)

__all__ = ["PHASES", "SETUP", "BONUS", "MARKET", "ROLL", "DRAFT", "INCOME", "REWARD", "POST",
           "ACTION", "PARK", "RESOLVE", "PREP", "ENDGAME", "OVER"]

#: the free actions a) to h) and the cards' own (checklist section 10): offered at an
#: Action-phase turn only while the player has dice, or after the last one where the
#: rules allow it (``_free_offered``)
FREE_KINDS = frozenset({FishFor, TakeDiscard, RemoveInterference, BuyShip, OpenHarbour, Adjust,
                        TileAdjust, Reroll, MoveShip, LoadCargo, Trade, Lighthouse, HospitalRemove})

_NAMES = ("Yellow", "Red", "Purple", "Green")
#: a NekoState's field values in constructor order, read in one C call (for :func:`thaw`)
_read_state = attrgetter(*fields_of(NekoState))
_with_picks = with_picks
_evolve_state = evolver(NekoState)


def _hide_picks(s: NekoState) -> NekoState:
    """``s`` with this draft step's picks hidden as 0s (what ``observation`` shows)."""
    return _evolve_state(s, picks=(0,) * len(s.picks))


#: a Player's field values in constructor order (one C call), for :func:`copy_player`
_read_player = attrgetter(*fields_of(Player))


def copy_player(P: Player) -> Player:
    """A new Player with ``P``'s field values (the same objects): the copy a working state
    changes in place, since nobody else holds it yet."""
    return Player(*_read_player(P))


@final
class ChangingPlayers(list):
    """The players of a state being made inside ``apply``: a list that remembers the tuple
    of the state it was thawed from (``given``), so that a player still shared with that
    state is copied before it is changed, and one this apply has copied is not copied again.

    Final (nothing derives from it): ``changing_player`` tells it by ``type(...) is``, and
    so does the type checker."""

    __slots__ = ("given",)
    given: tuple


def thaw(s: NekoState) -> NekoState:
    """The working state of one ``apply``: a new NekoState with ``s``'s field values (the
    same objects) and ``events`` an empty list. The rules change it by plain assignments
    and the helpers below; :func:`finish` hands it out. ``s`` is never written to."""
    w = NekoState(*_read_state(s))
    w.events = []  # type: ignore[assignment]  # a list while working (finish)
    return w


def changing_player(w: NekoState, i: int) -> Player:
    """Player ``i`` of the working state, for changing (copied on first touch)."""
    players: tuple | ChangingPlayers = w.players
    if type(players) is not ChangingPlayers:
        given = players
        players = w.players = ChangingPlayers(given)  # type: ignore[assignment]
        players.given = given
    m = players[i]
    if m is players.given[i]:
        m = players[i] = copy_player(m)
    return m


def put(w: NekoState, i: int, **fields) -> None:
    """Set these fields of player ``i`` of the working state.

    The player is copied only when a value changes (at nearly every end of a turn there is
    nothing to reset). A field that already holds an equal value of the same type is left
    as it is, so the new state has the value it would have with the field set."""
    P = w.players[i]
    for f, v in fields.items():
        old = getattr(P, f)
        if old != v or type(old) is not type(v):
            m = changing_player(w, i)
            for f, v in fields.items():
                setattr(m, f, v)
            return


def push(w: NekoState, frame: tuple) -> None:
    """Put a frame on top of the working state's stack (the next decision or chance event)."""
    w.frames = w.frames + (frame,)


def pop(w: NekoState) -> tuple:
    """Take the top frame off the working state's stack."""
    frames = w.frames
    w.frames = frames[:-1]
    return frames[-1]


def finish(w: NekoState) -> NekoState:
    """The working state, finished: its lists back to tuples. From here on it is a value
    that nobody changes (tests/test_states_unchanged.py)."""
    if type(w.players) is ChangingPlayers:
        w.players = tuple(w.players)
    w.events = tuple(w.events)
    return w


def _remove(t: tuple, v) -> tuple:
    """``t`` without one occurrence of ``v``."""
    i = t.index(v)
    return t[:i] + t[i + 1:]


def _insert(t: tuple, v) -> tuple:
    """Sorted ``t`` with ``v`` added in order (after the equal ones).

    Speed: ``bisect.insort`` (``insort_right``) finds the place and inserts in one C call,
    the same list as ``lst.insert(bisect_right(lst, v), v)`` (test_engine_speed.py)."""
    lst = list(t)
    insort(lst, v)
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


class _Actions(dict):
    """The cached actions of one class by their fields: ``table[args]`` is ``_a(cls, *args)``
    (``table[v]`` for one field that is not a tuple), the very same objects.

    Speed: a hot legal list looks its actions up here, one dict look-up with the key it
    already has, instead of calling ``_a`` (a call, a new key with the class in it, and a
    look-up of that). Only exact ints and strs are kept, as in ``_a``.
    """

    __slots__ = ("cls",)

    def __init__(self, cls):
        """An empty table of ``cls`` actions."""
        super().__init__()
        self.cls = cls

    def __missing__(self, key):
        """Make (and keep) the action for fields ``key``."""
        args = key if type(key) is tuple else (key,)
        a = _a(self.cls, *args)
        if all(type(v) is int or type(v) is str for v in args):
            self[key] = a
        return a


#: Speed: the hot actions by their fields, and those without fields, made once (see
#: ``_Actions``; the same objects as ``_a`` gives)
_BUY, _MOVE, _CARD, _DRAW, _REWARD = (_Actions(Buy), _Actions(MoveShip), _Actions(ActivateCard),
                                      _Actions(DrawCard), _Actions(Reward))
_END_TURN, _PASS, _UNJAM = _a(EndTurn), _a(Pass), _a(RemoveInterference)


def _cumulative(outcomes) -> list[float]:
    """The running sums of the outcomes' probabilities as floats (the last exactly 1.0)."""
    acc, out = 0.0, []
    for _, p in outcomes:
        acc += float(p)
        out.append(acc)
    out[-1] = 1.0
    return out


@lru_cache(maxsize=32)
def _roll_tables(die, n: int) -> tuple[tuple[tuple[RollDice, Fraction], ...], list[float],
                                       tuple[tuple[Rolled, Fraction], ...], list[float]]:
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


_CARD_FREE_EFFECTS = frozenset({"seaside_trade_low", "seaside_trade_high", "light_house", "hospital"})


class _Profile:
    """Derived facts about one lanes value (cached: lanes change only when a card is placed)."""

    __slots__ = ("kinds", "effects", "effect_pos", "park", "activatable", "ports", "card_free")

    def __init__(self, game, lanes: tuple):
        """Walk the lanes' cards once and keep what they add up to.

        Rules: NK-PP-01, NK-PP-08, NK-PP-12.
        """
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
        #: whether a card here offers a free action of its own (loading a port, a Seaside
        #: Town trade, the Light House, the Hospital's removal; see :mod:`.free_actions`)
        self.card_free = bool(ports) or not self.effects.isdisjoint(_CARD_FREE_EFFECTS)

    def with_card(self, game, c: int, li: int, si: int) -> _Profile:
        """The profile of these lanes with card ``c`` placed in their empty slot ``si`` of
        lane ``li``.

        Speed: one card more changes each fact by that card alone (its kind counted once
        more, its effect's first position the earlier of the two, its activation and port
        put in lane order), so this is the profile ``_Profile`` builds from the new lanes,
        without walking every card again (``kinds`` and ``effect_pos`` are only looked up
        in, never walked, so their insertion order is no part of the value;
        tests/games/neko/test_engine_speed.py compares every placement of seeded games)."""
        card = game.card[c]
        new = object.__new__(_Profile)
        kinds = dict(self.kinds)
        kinds[card.kind] = kinds.get(card.kind, 0) + 1
        pos, effects = self.effect_pos, self.effects
        at = pos.get(card.effect)
        if at is None or (li, si) < at:
            pos = dict(pos)
            pos[card.effect] = (li, si)
            if at is None:
                effects = effects | {card.effect}
        act, ports = self.activatable, self.ports
        if card.activate:
            act = tuple(sorted(act + ((li, si, frozenset(card.activate)),), key=_lane_order))
        if card.cargo:
            ports = tuple(sorted(ports + ((li, si, c, len(card.cargo)),), key=_lane_order))
        new.kinds, new.effect_pos, new.effects, new.activatable, new.ports = kinds, pos, effects, act, ports
        size = game.rules.set_size
        full, rest = divmod(kinds.get("penguin_park", 0), size)
        new.park = (full + (1 if rest else 0), full * (size - 1) + (rest - 1 if rest else 0))
        new.card_free = bool(ports) or not effects.isdisjoint(_CARD_FREE_EFFECTS)
        return new


def _lane_order(entry: tuple) -> tuple:
    """An activation's or port's (lane, slot): the order ``_Profile`` lists them in."""
    return entry[0], entry[1]


class _ValueActions:
    """Per set of distinct die values (sorted), the legal-action lists made of one action
    per value, in value order: ``fish`` (TakeFish), ``bid[space]`` (Bid), ``adjust`` and
    ``tile`` (+1 then -1 per value), ``reroll``, ``pick_fish`` and ``pick_park``
    (TakeDiscard). Read only; callers extend their own lists with them."""

    __slots__ = ("fish", "bid", "adjust", "tile", "reroll", "pick_fish", "pick_park")

    def __init__(self, game, vals: tuple):
        """Build the lists for the die values ``vals`` from the game's action tables."""
        self.fish = [game._A_fish[v] for v in vals]
        self.bid = [[acts[v] for v in vals] for acts in game._A_bid]
        self.adjust = [a for v in vals for a in game._A_adjust[v]]
        self.tile = [a for v in vals for a in game._A_tile[v]]
        self.reroll = [game._A_reroll[v] for v in vals]
        self.pick_fish = [game._A_pick_fish[v] for v in vals]
        self.pick_park = [game._A_pick_park[v] for v in vals]


class NekoBase(BaseGame):
    """The base of every section of the engine (each rulebook section is a class deriving
    from this one; :class:`~tabletop_nb.games.neko.engine.NekoGame` joins them).

    It declares what the game holds, built in ``SetUp.setup`` (:mod:`.setup`) from the
    rules, and, for the type checker only, the operations one section asks of another
    (each is written in the section named beside it). Nothing here exists at run time but
    the class itself: the annotations make no attributes, and the methods are declared
    under ``TYPE_CHECKING``.
    """

    rules: Rules
    #: the seats (``num_players`` as a plain attribute, for the rules' loops)
    player_count: int
    #: the bidding area's spaces, and the advanced cards' spaces after them
    area_spaces: int
    advanced_spaces: int
    #: the cards by id (base and advanced; an id no card has holds None and is never asked for)
    card: list[Card]
    #: each period's card ids, sorted
    period_ids: dict[int, tuple[int, ...]]
    #: the spaces in resolution order (the advanced cards' first), and the resolution's steps
    res_order: tuple[int, ...]
    resolution_steps: tuple[tuple[int, str], ...]
    #: the mid-game tiles by id, and how many each mid-game scoring scores
    tile: dict[int, MidTile]
    per_period: int
    #: the starting bonus tiles by name, and the dice reward chart in level order
    bonus: dict[str, BonusTile]
    chart: tuple[RewardSpace, ...]
    #: a hand's roll and one die's: (outcome, probability) pairs and cumulative floats
    rolls: tuple[tuple[RollDice, Fraction], ...]
    roll_cum: list[float]
    one: tuple[tuple[Rolled, Fraction], ...]
    one_cum: list[float]
    #: each card's effect by id
    effect_of: dict[int, str]
    #: caches (core.memo): the profile of a lanes value, the distinct values of a dice
    #: tuple, the per-value actions of a set of values
    profiles: dict[tuple, _Profile]
    die_values: dict[tuple, tuple[int, ...]]
    value_actions: dict[tuple, _ValueActions]
    #: every space's row of empty bid slots (``_empty_bids``)
    _no_bids: tuple
    # the actions made once, by die value (index 0 is None: no die shows 0)
    _A_fish: list[TakeFish | None]
    _A_bid: list[list[Bid | None]]
    _A_adjust: list[tuple[Adjust, Adjust] | None]
    _A_tile: list[tuple[TileAdjust, TileAdjust] | None]
    _A_reroll: list[Reroll | None]
    _A_pick_fish: list[TakeDiscard | None]
    _A_pick_park: list[TakeDiscard | None]
    _A_fishfor: tuple[FishFor, FishFor]
    _A_pick: list[Pick | None]
    _A_income: list[IncomeDie | None]
    #: the last state ``legal_actions`` was asked about and its answer
    _legal_last: tuple[NekoState | None, tuple]
    #: the reward frames' legal lists (``_rewards_for``)
    _reward_lists: dict[tuple, tuple]
    #: the Morning Market's actions
    _market_actions: tuple
    #: the handler of each action kind, ``handler(game, w, top_frame, action)``, and the
    #: legal actions of each kind at an Action-phase turn, ``f(game, s, p, P)`` (both
    #: filled in engine/__init__.py)
    _HANDLERS: ClassVar[dict[type, Callable[..., None]]]
    _KINDS: ClassVar[dict[type, Callable[..., list]]]
    _TURN_KINDS: ClassVar[tuple[tuple[Callable[..., list], ...], tuple[Callable[..., list], ...]]]
    #: the step of each phase that needs no choice, by phase (engine/__init__.py)
    _PHASE_STEPS: ClassVar[dict[int, Callable[..., None]]]

    if TYPE_CHECKING:
        # setup.py
        def _empty_bids(self) -> tuple:
            """Written in setup.py."""
        # round.py
        def _run(self, w: NekoState) -> None:
            """Written in round.py."""
        def _action_step(self, w: NekoState) -> None:
            """Written in round.py."""
        def _period(self, w: NekoState) -> int:
            """Written in round.py."""
        # preparation.py
        def _draft_step(self, w: NekoState) -> None:
            """Written in preparation.py."""
        def _rewards_for(self, s: NekoState, P: Player, key: tuple,
                         ok: Callable[[int], bool]) -> list:
            """Written in preparation.py."""
        def _set_turn_order(self, w: NekoState) -> None:
            """Written in preparation.py."""
        # action_phase.py
        def _card_at(self, w: NekoState, space: int) -> int:
            """Written in action_phase.py."""
        def _set_card_at(self, w: NekoState, space: int, card: int) -> None:
            """Written in action_phase.py."""
        def _add_bid(self, w: NekoState, space: int, p: int, v: int) -> None:
            """Written in action_phase.py."""
        def _distinct(self, dice: tuple) -> tuple:
            """Written in action_phase.py."""
        def _acts_for(self, vals: tuple) -> _ValueActions:
            """Written in action_phase.py."""
        def _turn_actions(self, s: NekoState, p: int, P: Player) -> list:
            """Written in action_phase.py."""
        # free_actions.py
        def _free_offered(self, s: NekoState, P: Player) -> bool:
            """Written in free_actions.py."""
        def ship_price(self, P: Player) -> int:
            """Written in free_actions.py."""
        def harbour_price(self, P: Player) -> int:
            """Written in free_actions.py."""
        # hubs_ships.py
        def _gain(self, m: Player, item: str, n: int) -> int:
            """Written in hubs_ships.py."""
        def _hubs_of(self, lanes: tuple) -> tuple:
            """Written in hubs_ships.py."""
        def _hubs_with(self, hubs: tuple, lanes: tuple, li: int, si: int) -> tuple:
            """Written in hubs_ships.py."""
        def hub_at(self, P: Player, key: tuple) -> tuple[int, str] | None:
            """Written in hubs_ships.py."""
        def hub_count(self, P: Player) -> int:
            """Written in hubs_ships.py."""
        def crossed(self, P: Player, lane: int) -> int:
            """Written in hubs_ships.py."""
        def _vacant_hubs(self, P: Player) -> list:
            """Written in hubs_ships.py."""
        def _activate_hub(self, w: NekoState, m: Player, p: int, key: tuple, by_ship: bool) -> None:
            """Written in hubs_ships.py."""
        def _ship_moves(self, P: Player) -> list:
            """Written in hubs_ships.py."""
        def _cargo_moves(self, P: Player) -> list:
            """Written in hubs_ships.py."""
        def port_unlocked(self, P: Player, card: int) -> bool:
            """Written in hubs_ships.py."""
        # end_of_round.py
        def _resolution_steps(self) -> tuple:
            """Written in end_of_round.py."""
        def _unresolved_after(self, s: NekoState) -> tuple:
            """Written in end_of_round.py."""
        def _resolve_step(self, w: NekoState) -> None:
            """Written in end_of_round.py."""
        def wins_tie(self, s: NekoState, p: int, q: int) -> bool:
            """Written in end_of_round.py."""
        def _bid_fish(self, w: NekoState, q: int, n: int) -> None:
            """Written in end_of_round.py."""
        def _prep_step(self, w: NekoState) -> None:
            """Written in end_of_round.py."""
        def _fill_area(self, w: NekoState, d: int) -> bool:
            """Written in end_of_round.py."""
        def card_price(self, P: Player, card: int, discount: int) -> int:
            """Written in end_of_round.py."""
        def gap_coins(self, lane: tuple, slot: int) -> int:
            """Written in end_of_round.py."""
        def offer_discount(self, P: Player, base: int) -> int:
            """Written in end_of_round.py."""
        def _buy_actions(self, s: NekoState, p: int, P: Player, top: Any) -> list:
            """Written in end_of_round.py."""
        def _start_offer(self, w: NekoState, p: int, discount: int) -> None:
            """Written in end_of_round.py."""
        # scoring.py
        def _mid_scoring(self, w: NekoState) -> None:
            """Written in scoring.py."""
        def _window_actions(self, s: NekoState, p: int, P: Player) -> list:
            """Written in scoring.py."""
        def _final_scoring(self, w: NekoState) -> None:
            """Written in scoring.py."""
        # cards.py
        def profile(self, P: Player) -> _Profile:
            """Written in cards.py."""
        def _profile_is(self, lanes: tuple, prof: _Profile) -> None:
            """Written in cards.py."""
        def count_kind(self, P: Player, kind: str) -> int:
            """Written in cards.py."""
        def owned_card(self, P: Player, effect: str) -> int | None:
            """Written in cards.py."""
        def _card_active(self, P: Player, effect: str) -> bool:
            """Written in cards.py."""
        def blue_bar_discount(self, P: Player) -> int:
            """Written in cards.py."""
        def _park_spaces(self, s: NekoState, p: int) -> list:
            """Written in cards.py."""
        def _research(self, m: Player) -> None:
            """Written in cards.py."""
        # advanced.py
        def _direct_cards(self, w: NekoState) -> tuple:
            """Written in advanced.py."""
