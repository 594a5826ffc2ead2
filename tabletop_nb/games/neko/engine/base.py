"""What every section of the Neko engine shares (not a rulebook section): the working copy
of a state, the action cache, the roll tables and the per-lanes profile.

Inside ``apply`` the state is thawed into a mutable working copy (``w =
_WorkingState.thaw(s)``), the rules change it by plain assignments, and ``w.freeze()``
makes the new state: the rules read like the rulebook's sentences and the states stay
values. Both working copies are :func:`tabletop_nb.core.draft.working_copy` classes with
Neko's helpers added:

- :class:`_WorkingState`, the copy of a :class:`NekoState`: ``events`` is a list of what
  happens, ``frames`` is changed by ``push`` and ``pop``, and ``players`` stays the state's
  own tuple until a player is changed (``p(i)``, ``put``), then becomes a list in which
  that player is a :class:`_WorkingPlayer` (players nobody changed are shared with the
  state, not copied).
- :class:`_WorkingPlayer`, the copy of a :class:`Player`.

``freeze`` makes each changed player and then the state through the classes' own
constructors (lists back to tuples); the state that was thawed is never written to.
"""
from __future__ import annotations

import math
from bisect import insort
from fractions import Fraction
from functools import lru_cache
from itertools import combinations_with_replacement
from operator import attrgetter

from ....core.draft import evolver, fields_of, working_copy
from ..state import (ACTION, BONUS, DRAFT, ENDGAME, INCOME, MARKET, OVER, PARK, PHASES, POST, PREP,
                     RESOLVE, REWARD, ROLL, SETUP, ActivateCard, Buy, DrawCard, EndTurn, MoveShip,
                     NekoState, Pass, Player, RemoveInterference, Reward, RollDice, Rolled, with_picks)

__all__ = ["PHASES", "SETUP", "BONUS", "MARKET", "ROLL", "DRAFT", "INCOME", "REWARD", "POST",
           "ACTION", "PARK", "RESOLVE", "PREP", "ENDGAME", "OVER"]

_NAMES = ("Yellow", "Red", "Purple", "Green")
#: a NekoState's (or its working copy's) field values in constructor order, read in one C
#: call: what the working copy's own ``thaw`` and ``freeze`` read (core/draft.py), called here
#: without the extra call of ``super()``'s method (``_WorkingState`` adds to both)
_read_state = attrgetter(*fields_of(NekoState))
_with_picks = with_picks
_evolve_state = evolver(NekoState)


def _hide_picks(s: NekoState) -> NekoState:
    """``s`` with this draft step's picks hidden as 0s (what ``observation`` shows)."""
    return _evolve_state(s, picks=(0,) * len(s.picks))


class _WorkingPlayer(working_copy(Player)):  # type: ignore[misc]
    """A mutable copy of a Player, alive only inside one ``apply``: ``_WorkingPlayer.thaw(P)``,
    change its fields, ``freeze()`` makes the new Player."""

    __slots__ = ()


class _WorkingState(working_copy(NekoState)):  # type: ignore[misc]
    """A mutable working copy of a NekoState, alive only inside one ``apply``.

    ``_WorkingState.thaw(s)`` copies the state's fields (the same objects) with ``events`` a
    new empty list; ``frames`` stays a tuple (``push`` and ``pop`` make the new one) and
    ``players`` the state's own tuple until a player is changed (``p(i)``), then a list in
    which each changed player is a :class:`_WorkingPlayer`. Most actions change no frame,
    and draws, rolls and picks no player, so nothing is copied for them.
    """

    __slots__ = ()

    @classmethod
    def thaw(cls, s: NekoState) -> _WorkingState:
        """The working copy of ``s``: its field values, ``events`` an empty list."""
        w = cls(*_read_state(s))
        w.events = []
        return w

    def p(self, i: int) -> _WorkingPlayer:
        """Player ``i`` for changing (copied on first touch)."""
        players = self.players
        m = players[i]
        if type(m) is not _WorkingPlayer:
            if type(players) is not list:
                players = self.players = list(players)
            m = players[i] = _WorkingPlayer.thaw(m)
        return m

    def view(self, i: int):
        """Player ``i`` for reading: the working copy if touched, else the state's own."""
        return self.players[i]

    def put(self, i: int, **fields) -> None:
        """Set these fields of player ``i``.

        The player is copied only when a value changes (at nearly every end of a turn there
        is nothing to reset). A field that already holds an equal value of the same type is
        left as it is, so the new state has the value it would have with the field set."""
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
        """The new NekoState: each changed player frozen, lists back to tuples."""
        players = self.players
        if type(players) is list:
            for i, m in enumerate(players):
                if type(m) is _WorkingPlayer:
                    players[i] = m.freeze()
            self.players = tuple(players)
        self.events = tuple(self.events)
        return NekoState(*_read_state(self))


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
