"""What every section of the Neko engine shares (not a rulebook section): the working copy
of a state, the action cache, the roll tables and the per-lanes profile.

Inside ``apply`` the state is unpacked into a mutable working copy (:class:`_WorkingState`, with
:class:`_WorkingPlayer` players copied on first touch) and frozen again at the end: the rules read
like the rulebook's sentences and the states stay immutable values. The copies are
straight-line functions built by :mod:`tabletop_nb.core.fastrecord` (copying ~25 fields
by name is several times faster than a getattr/setattr loop, and it happens on every
action); the working copies have the frozen classes' layouts and become the new state
and players themselves (``__class__`` assignment), so each field is copied once.
"""
from __future__ import annotations

import math
from bisect import insort
from fractions import Fraction
from functools import lru_cache
from itertools import combinations_with_replacement

from ....core.fastrecord import copier, from_attrs
from ..state import (ACTION, BONUS, DRAFT, ENDGAME, INCOME, MARKET, OVER, PARK, PHASES, POST, PREP,
                     RESOLVE, REWARD, ROLL, SETUP, ActivateCard, Buy, DrawCard, EndTurn, MoveShip,
                     NekoState, Pass, Player, RemoveInterference, Reward, RollDice, Rolled, with_picks)

__all__ = ["PHASES", "SETUP", "BONUS", "MARKET", "ROLL", "DRAFT", "INCOME", "REWARD", "POST",
           "ACTION", "PARK", "RESOLVE", "PREP", "ENDGAME", "OVER"]

_PLAYER_FIELDS = Player.__slots__
_STATE_FIELDS = NekoState.__slots__
_NAMES = ("Yellow", "Red", "Purple", "Green")


class _WorkingPlayer(Player):
    """A mutable copy of a Player, alive only inside one ``apply``.

    It has exactly Player's slots (the same layout), so freezing it is giving it the class
    Player (``__class__`` assignment, which Python allows between two classes of one
    layout): no second copy of its 24 fields. It is then an ordinary Player, equal to and
    hashing like one built field by field (test_bot_speed.py checks the states).

    Speed: a subclass adding no slots (writable again: ``object``'s own attribute setter,
    so plain slot stores), not a twin class with a copy of the slots. Python checks that
    two classes have one layout on every ``__class__`` assignment; for a subclass that
    adds nothing it only walks up to the common class, where for two unrelated classes it
    compares their slot names one by one (about 600 machine instructions of the 730 an
    assignment cost; two to three assignments per action).
    """

    __slots__ = ()
    __setattr__ = object.__setattr__
    __delattr__ = object.__delattr__
    #: Speed: no ``__init__`` of its own (Player's would set every field through keywords):
    #: ``_WorkingPlayer()`` is a blank copy, which ``_thaw``, the only maker of one, fills field by field
    #: (fastrecord calls such a class instead of ``object.__new__``)
    __init__ = object.__init__


_thaw = from_attrs(_WorkingPlayer)
_with_picks = with_picks
#: ``_hide_picks(s)`` is ``with_picks(s, (0,) * len(s.picks))``: the draft's picks hidden
#: (``observation``, at every draft decision a runner shows a bot). Speed: a generated copy
#: of the fields, like the working copy above (``with_picks``, through the frozen class's
#: constructor, made random-bot games 7% slower); to go with it
_hide_picks = from_attrs(NekoState, picks="(0,) * len(o.picks)")


class _WorkingState(NekoState):
    """A mutable working copy of a NekoState: a subclass adding no slots (the same layout,
    like :class:`_WorkingPlayer`), ``events`` the list of what happens, ``frames`` changed by ``push`` and
    ``pop`` and ``players`` a list from the first player touched (a player becomes an
    :class:`_WorkingPlayer` in its place).

    ``freeze`` turns the copy itself into the new NekoState (lists to tuples, then
    ``__class__`` assignment) instead of reading its 23 fields into another object: one
    object and one copy per action fewer, with the same value.

    Speed: ``frames`` stays a tuple (``push`` and ``pop`` make the new one) and ``players``
    the state's own tuple until a player is changed: most actions change no frame, and
    draws, rolls and picks no player, so the list made and turned back into an equal tuple
    was wasted. The values are the same tuples either way.
    """

    __slots__ = ()   # Speed: a subclass that adds no slots, as ``_WorkingPlayer`` (see there)
    __setattr__ = object.__setattr__
    __delattr__ = object.__delattr__

    def p(self, i: int) -> _WorkingPlayer:
        """Player ``i`` for changing (copied on first touch)."""
        players = self.players
        m = players[i]
        if type(m) is not _WorkingPlayer:
            if type(players) is not list:
                players = self.players = list(players)
            m = players[i] = _thaw(m)
        return m

    def view(self, i: int):
        """Player ``i`` for reading: the working copy if touched, else the frozen one."""
        return self.players[i]

    def put(self, i: int, **fields) -> None:
        """Set these fields of player ``i``.

        Speed: the player is copied only when a value changes (a copy is all 24 fields; at
        nearly every end of a turn there is nothing to reset). A field that already holds
        an equal value of the same type is left as it is, so the new state has the value
        it would have with the field set."""
        P = self.players[i]
        for f, v in fields.items():
            old = getattr(P, f)
            if old != v or type(old) is not type(v):
                m = self.p(i)
                for f, v in fields.items():
                    setattr(m, f, v)
                return

    def push(self, frame: tuple) -> None:
        """Put a frame on top of the stack (the next decision or chance event)."""
        self.frames = self.frames + (frame,)

    def pop(self) -> tuple:
        """Take the top frame off the stack."""
        frames = self.frames
        self.frames = frames[:-1]
        return frames[-1]

    def freeze(self) -> NekoState:
        """The working copy as a NekoState again (lists back to tuples)."""
        players = self.players
        if type(players) is list:
            for m in players:
                if type(m) is _WorkingPlayer:
                    m.__class__ = Player
            self.players = tuple(players)
        self.events = tuple(self.events)
        self.__class__ = NekoState
        return self


_WorkingState.__init__ = copier([f for f in _STATE_FIELDS if f != "events"], events="[]")


class _BlankWorkingState(_WorkingState):
    """A ``_WorkingState`` made blank: ``_BlankWorkingState()`` runs no ``__init__`` (object's own), and ``_work``
    fills it field by field. It is a ``_WorkingState`` in every other way and freezes the same.

    Speed: ``_WorkingState`` keeps its copying ``__init__`` for ``_WorkingState(s)``; a class of its own that
    runs nothing on creation is called by fastrecord's code instead of being made by
    ``object.__new__``, whose wrapper parses arguments and walks the bases (as ``_WorkingPlayer``).
    """

    __slots__ = ()
    __init__ = object.__init__


#: ``_work(s)`` is ``_WorkingState(s)``: the working copy of ``s`` (``apply_trusted``'s). Speed: one
#: generated function that makes the blank copy (a ``_BlankWorkingState``) and fills its slots,
#: instead of a call of the class (``type.__call__``, then ``__init__`` found and called
#: through the slot wrapper, and its None checked); the same fields (test_engine_speed.py)
_work = from_attrs(_BlankWorkingState, events="[]")


def _check_layouts() -> None:
    """The working copies can become the frozen classes (same slots, no __dict__)."""
    for work, frozen in ((_WorkingPlayer, Player), (_WorkingState, NekoState), (_BlankWorkingState, NekoState)):
        probe = object.__new__(work)
        probe.__class__ = frozen   # TypeError if the layouts differ


_check_layouts()


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
        #: Town trade, the Light House, the Hospital's removal; see ``_free_actions``)
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
