"""What every section of the engine shares: the seat colours and making a decision state."""
from __future__ import annotations

from typing import Protocol

from ....core import memo
from ..board import Geometry
from ..constellations import BitSearch, completion_table
from ..rules import PacalRules
from ..state import Move, PacalState, Place, TakeBack, UseGod, evolve

__all__ = ["COLOURS", "STALL_TURNS", "decision", "Tables", "Engine"]

#: seat colours, in seat order (the rulebook's examples use Yellow, Violet, Green, Blue)
COLOURS = ("Yellow", "Violet", "Green", "Blue", "Orange")

#: PC-TWO-04 (b) only (RULINGS.md): a 2-player game also ends after this many turns in a
#: row without a build (250 each): then the pyramids left can no longer be built. The longest
#: spell in 500 simulated games that ended otherwise was 344 turns (random play).
STALL_TURNS = 500


def decision(s: PacalState, phase: int, options: tuple) -> PacalState:
    """``s`` waiting in ``phase`` on a choice among ``options`` (the legal actions).

    A decision is a state with its ``phase`` and ``options`` set. This makes one from any
    state (a copy). A function that has just made a new state itself (``s2 = evolve(s,
    phase=MOVE, ...)``) sets ``s2.options`` on it instead, before handing it out: states
    are :func:`~tabletop_nb.core.draft.state_record` values, which the engine may change
    only while nobody else holds them (``tests/test_states_unchanged.py``), and that saves
    a second copy of the state on most actions.

    Parameters
    ----------
    s : PacalState
        The state.
    phase : int
        The phase it waits in (``MOVE``, ``DROP``, ``BUILD``, ... of :mod:`..state`).
    options : tuple
        The actions to choose from.

    Returns
    -------
    PacalState
        A copy of ``s`` with that phase and those options.

    Examples
    --------
    >>> from ..state import MOVE
    >>> s = PacalState(0, 0, 0, 0, 0, 0, None, (), (), (), (), (), (), (), (), ())
    >>> decision(s, MOVE, ("a", "b")).options
    ('a', 'b')
    """
    return evolve(s, phase=phase, options=options)


class Tables:
    """What the engine looks up on every turn, made once from the rules: the actions that
    name one space (actions are immutable values), each space's row and column, and the
    constellation search for the board.

    Parameters
    ----------
    geo : Geometry
        The board.
    rules : PacalRules
        The rules.

    Examples
    --------
    >>> import tabletop_nb
    >>> game = tabletop_nb.load_game("pacal", players=3)
    >>> tables = Tables(game.geo, game.rules)
    >>> tables.place_of[game.geo.cell((3, 9))], tables.move_of["turn"][game.geo.cell((3, 9))]
    (Place(at=(3, 9)), Move(kind='turn', to=(3, 9)))
    >>> sorted(tables.god_of)
    [2, 4, 6]
    """

    def __init__(self, geo: Geometry, rules: PacalRules) -> None:
        """The tables of ``geo`` under ``rules``."""
        xy = geo.xy
        #: ``move_of[kind][space]``: the Move of that kind to that space
        self.move_of = {k: {c: Move(k, xy[c]) for c in geo.cells} for k in ("straight", "turn", "arrows")}
        #: ``place_of[space]``: the Place on that space
        self.place_of = {c: Place(xy[c]) for c in geo.cells}
        #: ``takeback_of[space]``: the TakeBack of the stone on that space
        self.takeback_of = {c: TakeBack(xy[c]) for c in geo.cells}
        #: ``god_of[value]``: the UseGod of that god stone
        self.god_of = {v: UseGod(v) for v in rules.god_stones}
        #: each space's row and column (itself excluded): where an arrows move may land
        self.cross = {c: sum(1 << j for ray in geo.rays[c] for j in ray) for c in geo.cells}
        #: the constellation search on this board
        self.search = BitSearch(geo.width, geo.height, geo.pad)
        self._geo = geo
        self._completion: tuple | None = None
        self._diamonds = rules.diamond_squares
        #: building.build_options' heights by pyramid supply (the rules fixed per game)
        self.heights = memo.cache("pacal.heights", key="a seat's pyramid supply")
        #: stones.drop_options' drops (without take-backs) by what they read
        self.drops = memo.cache("pacal.drops", key="(seat, allowance, supply up to 2, stones taken)")


    def completion_table(self) -> tuple:
        """:func:`..constellations.completion_table` of this board and diamond reading,
        made on first use (the greedy bot's; the engine does not need it)."""
        if self._completion is None:
            geo = self._geo
            self._completion = completion_table(geo.width, geo.height, geo.pad, self._diamonds)
        return self._completion


class Engine(Protocol):
    """What the engine's sections read of the game: :class:`PacalGame
    <tabletop_nb.games.pacal.engine.PacalGame>` (named by its parts here, since the game
    imports the sections). The methods are the game's documented hooks: a subclass that
    overrides one changes every section that asks it.

    Attributes
    ----------
    rules : PacalRules
        The rules.
    geo : Geometry
        The board.
    players : int
        The number of seats.
    tables : Tables
        The engine's lookup tables.
    threshold : int
        The score that ends the game (2 players) or starts its last round (3 to 5).
    final_masks : tuple of int
        The river's and the lake's spaces, as bit sets, for final scoring.
    district_cells : tuple of tuple of int
        Each district's spaces.

    Examples
    --------
    >>> import tabletop_nb
    >>> game = tabletop_nb.load_game("pacal", players=3)
    >>> game.players, game.threshold, isinstance(game.tables, Tables)
    (3, 40, True)
    """

    rules: PacalRules
    geo: Geometry
    players: int
    tables: Tables
    threshold: int
    final_masks: tuple[int, int]
    district_cells: tuple[tuple[int, ...], ...]

    @property
    def num_players(self) -> int:
        """:meth:`PacalGame.num_players`."""

    def first_round(self, s: PacalState) -> bool:
        """:meth:`PacalGame.first_round`."""

    def visible_stones(self, s: PacalState, seat: int, leaving: bool = False) -> int:
        """:meth:`PacalGame.visible_stones`."""

    def straight_moves(self, ship: int, pips: int, free: int) -> list[int]:
        """:meth:`PacalGame.straight_moves`."""

    def turning_moves(self, ship: int, pips: int, free: int) -> list[int]:
        """:meth:`PacalGame.turning_moves`."""

    def arrows_moves(self, ship: int, free: int) -> list[int]:
        """:meth:`PacalGame.arrows_moves`."""

    def die_moves(self, s: PacalState, seat: int) -> list[Move]:
        """:meth:`PacalGame.die_moves`."""

    def moves_this_turn(self, s: PacalState) -> int:
        """:meth:`PacalGame.moves_this_turn`."""

    def after_drops(self, s: PacalState) -> PacalState:
        """:meth:`PacalGame.after_drops`."""

    def constellation_cells(self, s: PacalState, seat: int, lowest: int = 1) -> list:
        """:meth:`PacalGame.constellation_cells`."""

    def district_gain(self, district: int, before: list[int], seat: int, added: int) -> int:
        """:meth:`PacalGame.district_gain`."""

    def final_scoring(self, s: PacalState) -> tuple:
        """:meth:`PacalGame.final_scoring`."""
