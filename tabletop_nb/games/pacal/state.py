"""The state and the actions of Pacal's Rocket.

A state is a frozen dataclass of tuples and ints. Spaces inside the state are indices
``i = y * width + x``; stones are bit sets (bit ``i`` set = a stone of that colour on space
``i``), which makes "one stone per colour per space" true by construction and conflicts a
single bit test. Actions name spaces as ``(x, y)`` tuples, as people read them.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import NamedTuple

from ...core.fastrecord import replacer

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


#: :func:`tabletop_nb.core.fastrecord.replacer`: the engine makes a new state on every
#: action (three or four per turn), so copying the 24 fields is its hottest operation;
#: the generated code fills a same-layout twin with plain slot stores and gives it the
#: class PacalState (2-3x faster than a descriptor call per field).
evolve = replacer(PacalState)
evolve.__module__ = __name__
evolve.__doc__ = """``dataclasses.replace`` for PacalState, 2-3x faster (the engine's hot path).

    >>> s = PacalState(0, 0, 0, 0, 0, 0, None, (), (), (), (), (), (), (), (), ())
    >>> evolve(s, turn=3).turn, s.turn
    (3, 0)
    """
