"""The state and the actions of Pacal's Rocket.

A state is a :func:`~tabletop_nb.core.draft.state_record` (a slots dataclass the engine treats
as a value: it changes only copies) of tuples and ints. Spaces inside the state are indices
``i = y * width + x``; stones are bit sets (bit ``i`` set = a stone of that colour on space
``i``), which makes "one stone per colour per space" true by construction and conflicts a
single bit test. Actions name spaces as ``(x, y)`` tuples, as people read them.
"""
from __future__ import annotations

from dataclasses import field
from typing import NamedTuple

from ...core.draft import evolver, state_record

__all__ = ["PacalState", "PlaceShip", "Roll", "Move", "UseGod", "Place", "TakeBack", "Drop",
           "Build", "NoBuild", "SETUP", "ROLL", "MOVE", "GOD", "DROP", "BUILD", "OVER",
           "PHASES"]

SETUP, ROLL, MOVE, GOD, DROP, BUILD, OVER = range(7)
PHASES = ("setup", "roll", "move", "god", "drop", "build", "over")


class PlaceShip(NamedTuple):
    """Setup: put the ship on a space of the holy district (PC-SETUP).

    Parameters
    ----------
    at : tuple of int
        The space ``(x, y)``.

    Examples
    --------
    >>> PlaceShip(at=(5, 5))
    PlaceShip(at=(5, 5))
    """

    at: tuple[int, int]


class Roll(NamedTuple):
    """The die result, a chance outcome (PC-DIE).

    Parameters
    ----------
    face : int or str
        The pips, or ``"arrows"``.

    Examples
    --------
    >>> Roll(face="arrows")
    Roll(face='arrows')
    """

    face: object


class Move(NamedTuple):
    """A die move (PC-MOVE): straight (PC-STRAIGHT), turning (PC-TURNING) or arrows
    (PC-ARROWS).

    Parameters
    ----------
    kind : str
        ``"straight"``, ``"turn"`` or ``"arrows"``.
    to : tuple of int
        The space ``(x, y)`` where the ship ends.

    Examples
    --------
    >>> Move(kind="straight", to=(5, 2))
    Move(kind='straight', to=(5, 2))
    """

    kind: str
    to: tuple[int, int]


class UseGod(NamedTuple):
    """Hand in the god stone of this value instead of a die move (PC-GOD); a :class:`Place`
    follows.

    Parameters
    ----------
    value : int
        The god stone's value: 2, 4 or 6 (PC-SETUP).

    Examples
    --------
    >>> UseGod(value=4)
    UseGod(value=4)
    """

    value: int


class Place(NamedTuple):
    """Put the ship on a free space: after a god stone (PC-GOD), or the forced free placement
    of a boxed-in ship (PC-BOXED).

    Parameters
    ----------
    at : tuple of int
        The space ``(x, y)``.

    Examples
    --------
    >>> Place(at=(0, 9))
    Place(at=(0, 9))
    """

    at: tuple[int, int]


class TakeBack(NamedTuple):
    """With an empty supply: take back an own visible stone to reuse it now (PC-TAKEBACK).

    Parameters
    ----------
    at : tuple of int
        The space ``(x, y)`` of the stone.

    Examples
    --------
    >>> TakeBack(at=(3, 4))
    TakeBack(at=(3, 4))
    """

    at: tuple[int, int]


class Drop(NamedTuple):
    """Drop energy stones (PC-DROP): one into the own ship and/or one into
    another player's ship.

    Parameters
    ----------
    own : bool
        Whether a stone goes into the own ship.
    into : int
        The seat whose ship gets the other stone, -1 for none.

    Examples
    --------
    >>> Drop(own=True, into=-1)   # after a turning move: only into the own ship
    Drop(own=True, into=-1)
    """

    own: bool
    into: int


class Build(NamedTuple):
    """Build (or upgrade to) a pyramid on a constellation of stones (PC-BUILD).

    Parameters
    ----------
    height : int
        The pyramid's stories, 1 to 4.
    at : tuple of int
        The space ``(x, y)`` where it stands.
    members : tuple of tuple of int
        The spaces of the constellation's stones.

    Examples
    --------
    >>> Build(height=1, at=(4, 4), members=((4, 4), (5, 4)))
    Build(height=1, at=(4, 4), members=((4, 4), (5, 4)))
    """

    height: int
    at: tuple[int, int]
    members: tuple[tuple[int, int], ...]


class NoBuild(NamedTuple):
    """Build nothing this turn (building is never obligatory, PC-BUILD).

    Examples
    --------
    >>> NoBuild()
    NoBuild()
    """


@state_record
class PacalState:
    """Everything on and around the board.

    Spaces are indices ``i = y * width + x`` and stones bit sets (see the module docstring).

    Attributes
    ----------
    phase : int
        The step of the turn, an index of ``PHASES`` (``SETUP`` ... ``OVER``).
    player : int
        The seat acting now.
    turn : int
        Turns finished.
    round : int
        The round (one roll of the die per round, PC-DIE).
    roller : int
        The seat that rolled this round's die (PC-DIE).
    pos : int
        The place of the current turn in the round (the roller is 0; PC-DIE).
    face : int, str or None
        This round's roll: pips or ``"arrows"``.
    ships : tuple of int
        Each seat's ship space (-1 before setup places it).
    stones : tuple of int
        Per colour, the bit set of spaces holding one of its energy stones.
    supply : tuple of int
        Energy stones each seat still has in front of it (PC-SETUP).
    pyramids : tuple of int
        Per space, 0 or ``owner * 8 + stories``.
    pyr_masks : tuple of int
        Per seat, the bit set of its pyramids.
    pyr_supply : tuple
        ``pyr_supply[p][h - 1]``: seat p's pyramids of h stories still in front of it.
    discarded : tuple
        Stones out of play.
    gods : tuple
        Each seat's god stones left (PC-GOD).
    scores : tuple of int
        Each seat's points.
    allowance, taken : int
        Stones the turn's move allows dropping (PC-DROP), and the stones taken back from
        the board this turn, which the drop must put down again (PC-TAKEBACK).
    last_round : bool
        Whether the end threshold was passed and this is the last round (PC-PLAYERS).
    idle : int
        Turns in a row without a build (kept only under ``two_player_bonus_end=False``).
    ended : str
        Why the game ended (empty while it runs).
    final : tuple
        The final scoring (empty until the end).
    options : tuple
        The legal actions of the current decision.
    events : tuple
        What the last action did, for the view and the log.
    last_face : int, str or None
        The previous round's roll (not in the repr, which records of earlier games pin).
    moved : int
        Die moves made this turn (not in the repr either).

    Examples
    --------
    >>> import tabletop_nb
    >>> s = tabletop_nb.load_game("pacal", players=2).initial_state()
    >>> PHASES[s.phase], s.ships, s.supply
    ('setup', (-1, -1), (10, 10))
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
    #: the last round's face (None before the second roll): a designer's rule may read it
    last_face: object = field(default=None, repr=False)
    #: die moves made this turn (``PacalGame.moves_this_turn`` says how many are allowed)
    moved: int = field(default=0, repr=False)


#: ``evolve(s, **changes)``: the copy of a state with some fields changed (the engine makes a
#: new state on every action; :func:`tabletop_nb.core.draft.evolver`)
evolve = evolver(PacalState)
evolve.__module__ = __name__
evolve.__doc__ = """``dataclasses.replace`` for PacalState, through draft's evolver.

    >>> s = PacalState(0, 0, 0, 0, 0, 0, None, (), (), (), (), (), (), (), (), ())
    >>> evolve(s, turn=3).turn, s.turn
    (3, 0)
    """
