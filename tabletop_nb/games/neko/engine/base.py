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
  (:func:`changing_player`, :func:`put`), then becomes a :class:`ChangingPlayers` (the
  seats in a list, and the given tuple), in which each changed player is a new
  :class:`Player` of this apply's own, changed in place; players nobody changed are shared
  with the given state, never written to.

One copy of the state and one of each changed player per action; the state applied to is
never written to (tests/test_states_unchanged.py checks every game).

"""
from __future__ import annotations

import math
from bisect import insort
from collections.abc import Callable, Iterator
from fractions import Fraction
from itertools import combinations_with_replacement
from operator import attrgetter
from typing import Any, ClassVar, NamedTuple, Protocol, final

from ....core.draft import evolver, fields_of
from ....core import memo
from ..rules import BonusTile, Card, MidTile, RewardSpace
from ..rules import Rules as NekoRules
from ..state import (ACTION, DiceDraft, BONUS, DRAFT, ENDGAME, INCOME, MARKET, OVER, PARK, PHASES, POST, PREP,
                     RESOLVE, REWARD, ROLL, SETUP, ActivateCard, Adjust, Bid, Buy, DrawCard, EndTurn,
                     FishFor, IncomeDie, MoveShip, NekoState, Pass, Pick, Player, RemoveInterference,
                     Reroll, Reward, RollDice, Rolled, TakeDiscard, TakeFish, TileAdjust, BuyShip, OpenHarbour, LoadCargo, Trade, Lighthouse, HospitalRemove,
                     replace_area)

__all__ = ["PHASES", "SETUP", "BONUS", "MARKET", "ROLL", "DRAFT", "INCOME", "REWARD", "POST",
           "ACTION", "PARK", "RESOLVE", "PREP", "ENDGAME", "OVER"]

#: the free actions a) to h) and the cards' own (checklist section 10): offered at an
#: Action-phase turn only while the player has dice, or after the last one where the
#: rules allow it (``free_offered``)
FREE_KINDS = frozenset({FishFor, TakeDiscard, RemoveInterference, BuyShip, OpenHarbour, Adjust,
                        TileAdjust, Reroll, MoveShip, LoadCargo, Trade, Lighthouse, HospitalRemove})

NAMES = ("Yellow", "Red", "Purple", "Green")
#: a NekoState's field values in constructor order, read at once (for :func:`thaw`)
_read_state = attrgetter(*fields_of(NekoState))
_evolve_state = evolver(NekoState)


def hide_picks(s: NekoState) -> NekoState:
    """``s`` with this draft step's picks hidden as 0s (what ``observation`` shows)."""
    draft = s.draft
    return _evolve_state(s, draft=DiceDraft(hands=draft.hands, picks=(0,) * len(draft.picks)))


#: a Player's field values in constructor order read at once, for :func:`copy_player`
_read_player = attrgetter(*fields_of(Player))


def copy_player(P: Player) -> Player:
    """A new Player with ``P``'s field values (the same objects): the copy a working state
    changes in place, since nobody else holds it yet."""
    return Player(*_read_player(P))


@final
class ChangingPlayers:
    """The players of a state being made inside ``apply``: each seat's Player (``seats``, a
    list) and the tuple of the state it was thawed from (``given``), so that a player still
    shared with that state is copied before it is changed, and one this apply has copied is
    not copied again. It reads as the tuple it stands for does (``players[i]``, a slice,
    ``len``, iteration): the rules and the hooks they call read the working state.

    A class holding the list rather than a subclass of ``list``: mypyc compiles no subclass
    of a builtin list (docs/DEVELOPING.md, "Compiled build"). Final (nothing derives from
    it): ``changing_player`` tells it by ``type(...) is``, and so does the type checker.

    >>> p = ChangingPlayers(("a", "b"))
    >>> p.seats[1] = "B"
    >>> p[1], len(p), list(p), p.given
    ('B', 2, ['a', 'B'], ('a', 'b'))
    """

    __slots__ = ("seats", "given")

    def __init__(self, given: tuple) -> None:
        self.given = given
        self.seats = list(given)

    def __getitem__(self, i: Any) -> Any:  # a seat (int) or seats (a slice), as a tuple's
        return self.seats[i]

    def __len__(self) -> int:
        return len(self.seats)

    def __iter__(self) -> Iterator[Any]:
        return iter(self.seats)


#: The working state of one ``apply`` (:func:`thaw` to :func:`finish`): a NekoState whose
#: ``players`` is a :class:`ChangingPlayers` once a player has changed and whose ``events`` is
#: a list, where NekoState declares the tuples a finished state holds. So the helpers here take
#: it untyped, as the sections do: compiled code checks a declared type where it reads a field.
Working = Any


def thaw(s: NekoState) -> Working:
    """The working state of one ``apply``: a new NekoState with ``s``'s field values (the
    same objects) and ``events`` an empty list. The rules change it by plain assignments
    and the helpers below; :func:`finish` hands it out. ``s`` is never written to."""
    w: Working = NekoState(*_read_state(s))
    w.events = []  # a list while working (finish)
    return w


def changing_player(w: Working, i: int) -> Player:
    """Player ``i`` of the working state, for changing (copied on first touch)."""
    players = w.players
    if type(players) is not ChangingPlayers:
        players = w.players = ChangingPlayers(players)
    seats = players.seats
    m: Player = seats[i]
    if m is players.given[i]:
        m = seats[i] = copy_player(m)
    return m


def put(w: Working, i: int, **fields) -> None:
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


def push(w: Working, frame: tuple) -> None:
    """Put a frame on top of the working state's stack (the next decision or chance event)."""
    w.frames = w.frames + (frame,)


def pop(w: Working) -> tuple:
    """Take the top frame off the working state's stack."""
    frames = w.frames
    w.frames = frames[:-1]
    return frames[-1]


def finish(w: Working) -> NekoState:
    """The working state, finished: its lists back to tuples. From here on it is a value
    that nobody changes (tests/test_states_unchanged.py)."""
    players = w.players
    if type(players) is ChangingPlayers:
        w.players = tuple(players.seats)
    w.events = tuple(w.events)
    return w


def remove_one(t: tuple, v) -> tuple:
    """``t`` without one occurrence of ``v``."""
    i = t.index(v)
    return t[:i] + t[i + 1:]


def insert_sorted(t: tuple, v) -> tuple:
    """Sorted ``t`` with ``v`` added in order (after the equal ones).

    ``bisect.insort`` (``insort_right``): the same list as
    ``lst.insert(bisect_right(lst, v), v)`` (test_engine_speed.py)."""
    lst = list(t)
    insort(lst, v)
    return tuple(lst)


ACTION_CACHE: dict = memo.cache("neko.actions", key="an action's class and its field values (exact ints and strs)")


def action(cls, *args):
    """A cached action instance (actions are immutable values).

    The cache is shared by every game in the process, so it only ever stores actions
    whose values are exact ints and strs: ``3.0 == 3`` share a dict key, and a float that
    slipped in once would be handed to every later game asking for the int.
    """
    key = (cls,) + args
    a = ACTION_CACHE.get(key)
    if a is None:
        a = cls(*args)
        if all(type(v) is int or type(v) is str for v in args):
            ACTION_CACHE[key] = a
    return a


class ActionTable(dict):
    """The cached actions of one class by their fields: ``table[args]`` is ``action(cls, *args)``
    (``table[v]`` for one field that is not a tuple), the very same objects.

    A hot legal list looks its actions up here, one dict look-up with the key it
    already has, instead of calling ``action`` (a call, a new key with the class in it, and a
    look-up of that). Only exact ints and strs are kept, as in ``action``.
    """

    __slots__ = ("cls",)

    def __init__(self, cls):
        """An empty table of ``cls`` actions."""
        super().__init__()
        self.cls = cls

    def __missing__(self, key):
        """Make (and keep) the action for fields ``key``."""
        args = key if type(key) is tuple else (key,)
        a = action(self.cls, *args)
        if all(type(v) is int or type(v) is str for v in args):
            self[key] = a
        return a


#: The hot actions by their fields, and those without fields, made once (see
#: ``ActionTable``; the same objects as ``action`` gives)
BUY_ACTIONS, MOVE_ACTIONS, CARD_ACTIONS, DRAW_ACTIONS, REWARD_ACTIONS = (ActionTable(Buy), ActionTable(MoveShip), ActionTable(ActivateCard),
                                      ActionTable(DrawCard), ActionTable(Reward))
END_TURN, PASS, UNJAM = action(EndTurn), action(Pass), action(RemoveInterference)


def cumulative(outcomes) -> list[float]:
    """The running sums of the outcomes' probabilities as floats (the last exactly 1.0)."""
    acc, out = 0.0, []
    for _, p in outcomes:
        acc += float(p)
        out.append(acc)
    out[-1] = 1.0
    return out


@memo.function(name="neko.roll_tables", key="a die and a number of dice", maxsize=32)
def roll_tables(die, n: int) -> tuple[tuple[tuple[RollDice, Fraction], ...], list[float],
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
    return tuple(rolls), cumulative(rolls), tuple(one), cumulative(one)


_CARD_FREE_EFFECTS = frozenset({"seaside_trade_low", "seaside_trade_high", "light_house", "hospital"})


class Profile:
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

    def with_card(self, game, c: int, li: int, si: int) -> Profile:
        """The profile of these lanes with card ``c`` placed in their empty slot ``si`` of
        lane ``li``.

        One card more changes each fact by that card alone (its kind counted once
        more, its effect's first position the earlier of the two, its activation and port
        put in lane order), so this is the profile ``Profile`` builds from the new lanes,
        without walking every card again (``kinds`` and ``effect_pos`` are only looked up
        in, never walked, so their insertion order is no part of the value;
        tests/games/neko/test_engine_speed.py compares every placement of seeded games)."""
        card = game.card[c]
        # the profile of no cards, its facts then set here (mypyc makes an instance of a
        # compiled class only through its constructor)
        new = Profile(game, ())
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
            act = tuple(sorted(act + ((li, si, frozenset(card.activate)),), key=lane_order))
        if card.cargo:
            ports = tuple(sorted(ports + ((li, si, c, len(card.cargo)),), key=lane_order))
        new.kinds, new.effect_pos, new.effects, new.activatable, new.ports = kinds, pos, effects, act, ports
        size = game.rules.set_size
        full, rest = divmod(kinds.get("penguin_park", 0), size)
        new.park = (full + (1 if rest else 0), full * (size - 1) + (rest - 1 if rest else 0))
        new.card_free = bool(ports) or not effects.isdisjoint(_CARD_FREE_EFFECTS)
        return new


def lane_order(entry: tuple) -> tuple:
    """An activation's or port's (lane, slot): the order ``Profile`` lists them in."""
    return entry[0], entry[1]


class ValueActions:
    """Per set of distinct die values (sorted), the legal-action lists made of one action
    per value, in value order: ``fish`` (TakeFish), ``bid[space]`` (Bid), ``adjust`` and
    ``tile`` (+1 then -1 per value), ``reroll``, ``pick_fish`` and ``pick_park``
    (TakeDiscard). Read only; callers extend their own lists with them."""

    __slots__ = ("fish", "bid", "adjust", "tile", "reroll", "pick_fish", "pick_park")

    def __init__(self, game, vals: tuple):
        """Build the lists for the die values ``vals`` from the game's action tables."""
        self.fish = [game.fish_by_value[v] for v in vals]
        self.bid = [[acts[v] for v in vals] for acts in game.bid_by_value]
        self.adjust = [a for v in vals for a in game.adjust_by_value[v]]
        self.tile = [a for v in vals for a in game.tile_adjust_by_value[v]]
        self.reroll = [game.reroll_by_value[v] for v in vals]
        self.pick_fish = [game.pick_fish_by_value[v] for v in vals]
        self.pick_park = [game.pick_park_by_value[v] for v in vals]


class Engine(Protocol):
    """What the engine's sections read of the game: :class:`NekoGame
    <tabletop_nb.games.neko.engine.NekoGame>` (named by its parts here, since the game
    imports the sections): what ``setup`` builds from the rules, the dispatch tables, and
    the hooks a designer overrides (a subclass that overrides one changes every section
    that asks it).
    """

    rules: NekoRules
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
    #: caches (core.memo): the profile of a lanes value, the complete hubs of a lanes value
    #: (``analysis.hubs``), the distinct values of a dice tuple, the per-value actions of a
    #: set of values
    profiles: dict[tuple, Profile]
    hub_lists: dict[tuple, tuple]
    die_values: dict[tuple, tuple[int, ...]]
    value_actions: dict[tuple, ValueActions]
    #: every space's row of empty bid slots (``setup.empty_bids``)
    no_bids: tuple
    # the actions made once, by die value (index 0 is None: no die shows 0)
    fish_by_value: list[TakeFish | None]
    bid_by_value: list[list[Bid | None]]
    adjust_by_value: list[tuple[Adjust, Adjust] | None]
    tile_adjust_by_value: list[tuple[TileAdjust, TileAdjust] | None]
    reroll_by_value: list[Reroll | None]
    pick_fish_by_value: list[TakeDiscard | None]
    pick_park_by_value: list[TakeDiscard | None]
    fish_for_pair: tuple[FishFor, FishFor]
    pick_by_value: list[Pick | None]
    income_by_value: list[IncomeDie | None]
    #: the last state ``legal_actions`` was asked about and its answer (core.memo)
    legal_cache: dict[int, LastLegal]
    #: the reward frames' legal lists (:func:`.preparation.rewards_for`)
    reward_lists: dict[tuple, tuple]
    #: the Morning Market's actions
    market_actions: tuple

    # -- the dispatch tables (filled below the class) -------------------------------------
    #: each kind of frame's choices and each chance event's sampler, by the frame's type
    frame_choices: ClassVar[dict[type, Callable[..., list]]]
    frame_samplers: ClassVar[dict[type, Callable[..., Any]]]
    #: the function that applies each kind of action, ``f(game, w, top_frame, action)``
    resolvers: ClassVar[dict[type, Callable[..., None]]]
    #: the legal actions of each kind at an Action-phase turn, ``f(game, s, p, P)``, in the
    #: order a turn lists them; the free actions' only while they are offered
    turn_offers: ClassVar[dict[type, Callable[..., list]]]
    #: the step of each phase that needs no choice, ``f(game, w)``
    phase_steps: ClassVar[dict[int, Callable[..., None]]]


    # the hooks (the game's documented methods: a subclass's override is what the sections ask)
    def current_player(self, s: NekoState) -> int:
        """The seat to act (the protocol's)."""
        ...

    def initial_state(self) -> NekoState:
        """The state before the first chance event (the protocol's)."""
        ...

    def fish_taken(self, s: Any, seat: int, value: int) -> int:
        """The fish the Take Fish action gives (the hook ``NekoGame.fish_taken``)."""
        ...

    def wins_tie(self, s: Any, p: int, q: int) -> bool:
        """Whether ``p``'s bid beats ``q``'s equal one (the hook ``NekoGame.wins_tie``)."""
        ...

    def card_price(self, P: Any, card: int, discount: int) -> int:
        """A card's price after a discount (the hook ``NekoGame.card_price``)."""
        ...

    def gap_coins(self, lane: tuple, slot: int) -> int:
        """Coins for the empty slots before ``slot`` (the hook ``NekoGame.gap_coins``)."""
        ...

    def ship_price(self, P: Any) -> int:
        """The price of the player's next ship (the hook ``NekoGame.ship_price``)."""
        ...

    def harbour_price(self, P: Any) -> int:
        """The price of the next harbour (the hook ``NekoGame.harbour_price``)."""
        ...

    def travel_pp(self, P: Any) -> int:
        """Ship travel PP (the hook ``NekoGame.travel_pp``)."""
        ...

    def interference_penalty(self, n: int) -> int:
        """PP lost for ``n`` interference tiles (the hook ``NekoGame.interference_penalty``)."""
        ...

    # asked by :mod:`..analysis` (which the sections call): the game's queries
    def blue_bar_discount(self, P: Any) -> int:
        """The Blue Bar discount on a card won (:func:`.cards.blue_bar_discount`)."""
        ...

    def offer_discount(self, P: Any, base: int) -> int:
        """The discount on a card offered (:func:`.end_of_round.offer_discount`)."""
        ...


class LastLegal(NamedTuple):
    """The entry of ``legal_cache``: the last state asked about and its legal actions."""

    state: NekoState
    actions: tuple


def profile(game: Engine, P) -> Profile:
    """What a player's lanes hold, computed once per distinct lanes value."""
    lanes = P.lanes
    prof = game.profiles.get(lanes)
    if prof is None:
        if len(game.profiles) > 200_000:
            game.profiles.clear()
        prof = game.profiles[lanes] = Profile(game, lanes)
    return prof


def profile_is(game: Engine, lanes: tuple, prof: Profile) -> None:
    """Keep ``prof`` as the profile of ``lanes`` (made without walking them: see
    ``Profile.with_card`` and ``apply_open_harbour``)."""
    if len(game.profiles) > 200_000:
        game.profiles.clear()
    game.profiles[lanes] = prof


def set_card_at(game: Engine, w, space: int, card: int) -> None:
    """Put ``card`` (or -1, empty) on a bidding space."""
    if space < game.area_spaces:
        w.area = replace_area(w.area, cards=w.area.cards[:space] + (card,) + w.area.cards[space + 1:])
    else:
        i = space - game.area_spaces
        w.area = replace_area(w.area, adv_cards=w.area.adv_cards[:i] + (card,) + w.area.adv_cards[i + 1:])


def add_bid(game: Engine, w, space: int, p: int, v: int) -> None:
    """Put a die of value ``v`` into seat ``p``'s slot on ``space``; dice in a slot stay there.

    Rules: NK-BID-01, NK-BID-08.
    """
    row = w.area.bids[space]
    row = row[:p] + (insert_sorted(row[p], v),) + row[p + 1:]
    w.area = replace_area(w.area, bids=w.area.bids[:space] + (row,) + w.area.bids[space + 1:])


def distinct(game: Engine, dice: tuple) -> tuple:
    """The distinct values of ``dice``, sorted (kept per dice tuple: the same few recur)."""
    vals = game.die_values.get(dice)
    if vals is None:
        if len(game.die_values) > 100_000:
            game.die_values.clear()
        vals = game.die_values[dice] = tuple(sorted(set(dice)))
    return vals


def acts_for(game: Engine, vals: tuple) -> ValueActions:
    """The actions offered once per distinct die value, for these values (a speed
    helper: built once per set of values, at most 63 of them, instead of one list per
    kind at every turn; each list is the one the comprehension it replaces gave)."""
    acts = game.value_actions.get(vals)
    if acts is None:
        acts = game.value_actions[vals] = ValueActions(game, vals)
    return acts


def empty_bids(game: Engine) -> tuple:
    # One tuple per game (a value like any other); every row of it is the one
    # shared empty row, which bid_spaces knows by identity
    """Every space's row of empty slots, one per seat (one shared tuple): the bids of a
    new game (``setup.initial_state``) and of each new round (``end_of_round.prep_step``)."""
    return game.no_bids


def period(game: Engine, w) -> int:
    """The current period deck (1 in rounds 1-2, 2 in rounds 3-4; NK-RND-06).

    Rules: NK-RND-01.
    """
    return 1 if w.round <= 2 else 2


def unresolved_after(game: Engine, s) -> tuple:
    """The spaces the resolution has not reached yet: those after the space whose step
    it is (none once it is over). Rules: NK-RES-02."""
    steps = game.resolution_steps
    if s.resolution_step >= len(steps):
        return ()
    return game.res_order[game.res_order.index(steps[s.resolution_step][0]) + 1:]
