"""The state and the actions of Pacal's Rocket.

A state is a frozen dataclass of tuples and ints. Spaces inside the state are indices
``i = y * width + x``; stones are bit sets (bit ``i`` set = a stone of that colour on space
``i``), which makes "one stone per colour per space" true by construction and conflicts a
single bit test. Actions name spaces as ``(x, y)`` tuples, as people read them.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, NamedTuple

__all__ = ["PacalState", "PlaceShip", "Roll", "Move", "UseGod", "Place", "TakeBack", "Drop",
           "Build", "NoBuild", "SETUP", "ROLL", "MOVE", "GOD", "DROP", "BUILD", "OVER",
           "PHASES"]

SETUP, ROLL, MOVE, GOD, DROP, BUILD, OVER = range(7)
PHASES = ("setup", "roll", "move", "god", "drop", "build", "over")


class PlaceShip(NamedTuple):
    """Setup: put the ship on a space of the holy district (PC-SETUP-08)."""

    at: tuple[int, int]


class Roll(NamedTuple):
    """The die result (a chance outcome): pips or ``"arrows"``."""

    face: object


class Move(NamedTuple):
    """A die move: ``kind`` is "straight", "turn" or "arrows"; ``to`` the end space."""

    kind: str
    to: tuple[int, int]


class UseGod(NamedTuple):
    """Hand in the god stone of this value instead of a die move (PC-GOD-01)."""

    value: int


class Place(NamedTuple):
    """Put the ship on a free space: after a god stone, or the forced free placement."""

    at: tuple[int, int]


class TakeBack(NamedTuple):
    """With an empty supply: take back an own visible stone to reuse it now (PC-TAKEBACK)."""

    at: tuple[int, int]


class Drop(NamedTuple):
    """Drop stones: one into the own ship (``own``) and/or one into seat ``into`` (-1: none)."""

    own: bool
    into: int


class Build(NamedTuple):
    """Build (or upgrade to) a pyramid of ``height`` on ``at`` from the ``members`` constellation."""

    height: int
    at: tuple[int, int]
    members: tuple[tuple[int, int], ...]


class NoBuild(NamedTuple):
    """Build nothing this turn (building is never obligatory, PC-BUILD-02)."""


@dataclass(frozen=True, slots=True)
class PacalState:
    """Everything on and around the board.

    ``pyramids[i]`` is 0 or ``owner * 8 + stories``; ``pyr_masks[p]`` the bit set of
    seat p's pyramids; ``pyr_supply[p][h - 1]`` his pyramids of h stories still in front
    of him. ``turn`` counts finished turns; ``pos`` is the place of the current turn in
    the round (the roller is 0). ``options`` holds the legal actions of a decision.
    """

    phase: int
    player: int
    turn: int
    round: int
    roller: int
    pos: int
    face: object
    ships: tuple
    stones: tuple
    supply: tuple
    pyramids: tuple
    pyr_masks: tuple
    pyr_supply: tuple
    discarded: tuple
    gods: tuple
    scores: tuple
    allowance: int = 0
    taken: int = 0
    last_round: bool = False
    idle: int = 0  # turns in a row without a build (kept only under two_player_bonus_end=False)
    ended: str = ""
    final: tuple = ()
    options: tuple = ()
    events: tuple = ()


_NAMES = tuple(PacalState.__slots__)


# -- Speed ---------------------------------------------------------------------------------
# The engine makes a new state on every action (three or four per turn), so copying the
# 24 fields is its hottest operation. A frozen dataclass's fields can only be written
# through ``object.__setattr__`` or the slot descriptors' ``__set__`` (a C call per field,
# what core.fastrecord.replacer does). ``evolve`` instead fills a plain twin class with the
# same ``__slots__`` (ordinary slot stores, the fastest attribute writes CPython has) and
# then gives the new object the class PacalState, which Python allows for two classes of
# the same layout. The result is an ordinary PacalState: frozen (writes raise), equal to,
# hashing and printing like the state ``dataclasses.replace`` makes (tests/games/pacal/
# test_state_speed.py checks every field); 2-3x faster than the replacer, about 10% of a
# random game.

class _Draft:
    """A mutable object with PacalState's slots, only ever seen inside :func:`evolve`."""

    __slots__ = _NAMES


_KEEP = object()


def evolve(o: PacalState, *, phase=_KEEP, player=_KEEP, turn=_KEEP, round=_KEEP, roller=_KEEP, pos=_KEEP,
           face=_KEEP, ships=_KEEP, stones=_KEEP, supply=_KEEP, pyramids=_KEEP, pyr_masks=_KEEP,
           pyr_supply=_KEEP, discarded=_KEEP, gods=_KEEP, scores=_KEEP, allowance=_KEEP, taken=_KEEP,
           last_round=_KEEP, idle=_KEEP, ended=_KEEP, final=_KEEP, options=_KEEP, events=_KEEP) -> PacalState:
    """``dataclasses.replace`` for PacalState, 2-3x faster (the engine's hot path; see above).

    >>> s = PacalState(0, 0, 0, 0, 0, 0, None, (), (), (), (), (), (), (), (), ())
    >>> evolve(s, turn=3).turn, s.turn
    (3, 0)
    """
    x: Any = _Draft()  # (mypy cannot read the slots of a computed tuple)
    x.phase = o.phase if phase is _KEEP else phase
    x.player = o.player if player is _KEEP else player
    x.turn = o.turn if turn is _KEEP else turn
    x.round = o.round if round is _KEEP else round
    x.roller = o.roller if roller is _KEEP else roller
    x.pos = o.pos if pos is _KEEP else pos
    x.face = o.face if face is _KEEP else face
    x.ships = o.ships if ships is _KEEP else ships
    x.stones = o.stones if stones is _KEEP else stones
    x.supply = o.supply if supply is _KEEP else supply
    x.pyramids = o.pyramids if pyramids is _KEEP else pyramids
    x.pyr_masks = o.pyr_masks if pyr_masks is _KEEP else pyr_masks
    x.pyr_supply = o.pyr_supply if pyr_supply is _KEEP else pyr_supply
    x.discarded = o.discarded if discarded is _KEEP else discarded
    x.gods = o.gods if gods is _KEEP else gods
    x.scores = o.scores if scores is _KEEP else scores
    x.allowance = o.allowance if allowance is _KEEP else allowance
    x.taken = o.taken if taken is _KEEP else taken
    x.last_round = o.last_round if last_round is _KEEP else last_round
    x.idle = o.idle if idle is _KEEP else idle
    x.ended = o.ended if ended is _KEEP else ended
    x.final = o.final if final is _KEEP else final
    x.options = o.options if options is _KEEP else options
    x.events = o.events if events is _KEEP else events
    x.__class__ = PacalState  # same slots: allowed, see above
    return x
