"""The Pacal's Rocket engine, laid out like the rulebook.

A turn is a short chain of decisions, each a state with ``options``: the move (a die
move, a god stone then a space, or the forced free placement), the drop (stones into
ships; taking back stones first when the supply is empty), the build (a constellation,
a pyramid height and a space, or no build). A decision with a single possible choice
(nothing to drop, nothing to build) is skipped. Points are collected at once after a
build; the round's die is a chance node at the start of each round (each turn with 2
players).

Each rulebook section is a module of plain functions over the game and a
:class:`~tabletop_nb.games.pacal.state.PacalState`; their docstrings name the checklist
rules they implement (``shared/rules/pacal.checklist.md``):

==================  ====================================================  ==========================
module              rulebook section                                      rule IDs
==================  ====================================================  ==========================
:mod:`.setup`       Preparation                                           PC-SETUP, PC-PLAYERS
:mod:`.turn`        Playing the game: the roll, the turn, its end         PC-DIE, PC-ONE, PC-END
:mod:`.movement`    1. Move the spaceship                                 PC-MOVE ... PC-FIRST, PC-OBST
:mod:`.stones`      2. Bring energy stones into play                      PC-DROP, PC-CONFLICT, PC-TAKEBACK
:mod:`.building`    3. Build a pyramid                                    PC-CONST, PC-BUILD ... PC-LOWER
:mod:`..analysis`   4. Collect points; End of the game; Final scoring     PC-SCORE, PC-END, PC-FINAL ...
:mod:`.position`    (positions by hand)
:mod:`.words`       (for people: labels, the log)
:mod:`.base`        (shared: colours, tables, what the sections read)
==================  ====================================================  ==========================

:class:`PacalGame` ties them to the game protocol. Its public methods are the hooks a
designer may override in a subclass (``district_gain``, ``moves_this_turn``,
``die_moves``, ...): the sections and the bots ask the game, so the changed rule is
played and expected alike.

Examples
--------
>>> import tabletop_nb
>>> game = tabletop_nb.load_game("pacal", players=3)
>>> s = game.initial_state()
>>> game.current_player(s), len(game.legal_actions(s))
(0, 9)
>>> rec = tabletop_nb.play(game, "random", seed=1)
>>> game.is_terminal(tabletop_nb.replay(game, rec)[-1])
True
"""
from __future__ import annotations

from typing import Any

from ....core.hooks import hook, is_bool, is_instance, is_int, is_int_list
from ....core.protocol import CHANCE, TERMINAL, BaseGame
from .. import analysis
from ..analysis import final_scoring_table, place_points
from ..board import Geometry
from ..constellations import BitSearch, gap_spaces  # noqa: F401  (importable from here as before)
from ..rules import ARROWS, PacalRules  # noqa: F401  (ARROWS: importable from here as before)
from ..state import (BUILD, DROP, GOD, MOVE, OVER, ROLL, SETUP, Build, Drop,  # noqa: F401
                     Move, NoBuild, PacalState, Place, PlaceShip, Roll, TakeBack, UseGod, evolve)
from . import building, movement, stones, turn, words
from . import position as _position
from . import setup as _setup
from .base import COLOURS, STALL_TURNS, Tables

__all__ = ["PacalGame", "COLOURS", "STALL_TURNS", "final_scoring_table", "place_points"]

# -- the checks of hook values (core/hooks.py) ------------------------------------------
_is_state = is_instance(lambda game: PacalState, "a PacalState")
#: space indices of the board
_SPACES = is_int_list(0, lambda game: game.geo.size)
_INT0 = is_int(0)


def _constellations(game: "PacalGame", v: Any) -> str | None:
    """A list of ``(stories, cells)``: stories a whole number >= 1, cells space indices."""
    if not isinstance(v, (list, tuple)):
        return f"not a list ({type(v).__name__})"
    for c in v:
        if not (isinstance(c, tuple) and len(c) == 2):
            return f"holds {c!r}, not a (stories, cells) pair"
        why = is_int(1)(game, c[0]) or _SPACES(game, c[1])
        if why:
            return f"holds {c!r}: {why}"
    return None


def _final(game: "PacalGame", v: Any) -> str | None:
    """One tuple of four whole numbers >= 0 per seat."""
    if not isinstance(v, tuple) or len(v) != game.players:
        return f"not a tuple with one entry per seat ({game.players})"
    for row in v:
        if not (isinstance(row, tuple) and len(row) == 4):
            return f"holds {row!r}, not (river, lake, districts, god stones)"
        for x in row:
            why = _INT0(game, x)
            if why:
                return f"holds {row!r}: {x!r} is {why}"
    return None


class PacalGame(BaseGame):
    """Pacal's Rocket for 2 to 5 players (see the module docstring).

    Parameters
    ----------
    rules : PacalRules, optional
        The rules (default: the printed game's).
    **overrides
        Rule changes by name, e.g. ``players=3`` (see :class:`~tabletop_nb.games.pacal.rules.PacalRules`).

    Examples
    --------
    >>> import tabletop_nb
    >>> game = tabletop_nb.load_game("pacal", players=3)
    >>> s = game.initial_state()
    >>> game.current_player(s), game.legal_actions(s)[0]   # the starting player places a ship
    (0, PlaceShip(at=(5, 5)))
    """

    name = "pacal"
    Rules = PacalRules
    rules: PacalRules
    max_actions = 20_000

    # -- precomputation ----------------------------------------------------------
    def setup(self) -> None:
        """The board, the tables and the rule values read on every turn, made once."""
        r = self.rules
        #: the number of seats (``num_players``, read on every turn)
        self.players = r.players
        #: the board's spaces, neighbours and masks
        self.geo = g = Geometry(r.board, r.players)
        #: the actions naming one space, rows and columns, the constellation search
        self.tables = Tables(g, r)
        self._faces = [(Roll(f), p) for f, p in r.die.pmf.items()]
        # sample_chance's running sums, added in the same order as BaseGame.sample_chance
        # adds them (so the same floats and the same draws)
        acc, self._face_sums = 0.0, []
        for a, p in self._faces:
            acc += float(p)
            self._face_sums.append((a, acc))
        #: the score that ends the game (2 players) or starts the last round (PC-END-04,
        #: PC-TWO-02)
        self.threshold = r.threshold
        #: final scoring's river and lake spaces (the lake's 0 when counted with the river)
        self.final_masks = ((g.river_mask | g.lakeside_mask, 0) if r.river_lake == "combined"
                            else (g.river_mask, g.lakeside_mask))
        #: each district's playable spaces, by district id
        self.district_cells = tuple(tuple(i for i in g.playable_cells if g.district[i] == k)
                                    for k in range(len(g.values)))
        from ..bots import SEARCH_HORIZON_PER_SEAT  # the search bot's hooks live in bots.py
        #: decisions of a search rollout before the scores are estimated
        self.search_horizon = SEARCH_HORIZON_PER_SEAT * r.players

    # -- protocol ------------------------------------------------------------------
    def initial_state(self) -> PacalState:
        """Setting up (:func:`.setup.initial_state`)."""
        return _setup.initial_state(self)

    def current_player(self, s: PacalState) -> int:
        """The seat to act, ``CHANCE`` for the round's roll, ``TERMINAL`` at the end."""
        ph = s.phase
        if ph == OVER:
            return TERMINAL
        if ph == ROLL:
            return CHANCE
        return s.player

    def legal_actions(self, s: PacalState) -> list:
        """The options of the decision the state waits on."""
        if s.phase in (OVER, ROLL):
            return []
        return list(s.options)

    def chance_outcomes(self, s: PacalState) -> list:
        """The die's faces and their chances (PC-DIE-01)."""
        return list(self._faces) if s.phase == ROLL else []

    def sample_chance(self, s: PacalState, rng: Any) -> Roll:
        """A roll drawn as ``BaseGame.sample_chance`` draws it (one number per roll)."""
        r = rng.random()
        for a, acc in self._face_sums:
            if r < acc:
                return a
        return self._faces[-1][0]

    def apply_trusted(self, s: PacalState, a: Any) -> PacalState:
        """The state after action ``a`` (one of the state's options), sent to its section."""
        ph = s.phase
        if ph == ROLL:
            return turn.after_roll(self, s, a.face)
        if ph == MOVE:
            t = type(a)
            if t is Move:
                return stones.to_drop(self, movement.move_ship(
                    s, self.geo.index[a.to], analysis.drop_allowance(a.kind),
                    ("move", s.player, a.kind, a.to)))
            if t is UseGod:
                return movement.use_god(self, s, a.value)
            return stones.to_drop(self, movement.move_ship(s, self.geo.index[a.at],
                                                           analysis.drop_allowance("free"),
                                                           ("free", s.player, a.at)))
        if ph == GOD:
            return stones.to_drop(self, movement.move_ship(s, self.geo.index[a.at],
                                                           analysis.drop_allowance("god"),
                                                           ("place", s.player, a.at)))
        if ph == DROP:
            if type(a) is TakeBack:
                return stones.take_back(self, s, a)
            return stones.drop(self, s, a)
        if ph == BUILD:
            if type(a) is NoBuild:
                return turn.end_turn(self, s, s.scores, (("nobuild", s.player),), "", False)
            return turn.build(self, s, a)
        if ph == SETUP:
            return _setup.place_ship(self, s, a)
        raise ValueError(f"no action is possible in phase {ph}")

    def scores(self, s: PacalState) -> tuple:
        """Every seat's points."""
        return s.scores

    def turn_count(self, s: PacalState) -> int:
        """Turns played."""
        return s.turn

    def player_name(self, seat: int) -> str:
        """The seat's colour."""
        return COLOURS[seat]

    # -- the rules a designer may override (the sections and the bots ask these) -------
    @hook(returns="bool", check=is_bool(), rules=("PC-FIRST-01", "PC-FIRST-04"),
          example="return False  # no first-round restrictions")
    def first_round(self, s: PacalState) -> bool:
        """Round 1 (with 2 players: each player's first turn).

        Rules: PC-FIRST-01, PC-FIRST-04."""
        return s.turn < self.players

    @hook(returns="int >= 1", check=is_int(1), rules=("PC-MOVE-02", "PC-ONE-01"),
          example="return 2 if s.face == s.last_face else 1  # twice on doubles",
          bots_note="the greedy bot values each move alone (one move ahead): it plays the "
                    "extra moves the engine offers but does not plan a turn's moves together; "
                    "the search bot's rollouts play them")
    def moves_this_turn(self, s: PacalState) -> int:
        """How many die moves the seat to play makes this turn (``s.moved`` counts those
        made): one. After each move the seat drops stones; after the last it may build.

        Override it to change the rule, e.g. a second move when the die repeats the last
        round's face::

            class TwiceOnDoubles(PacalGame):
                def moves_this_turn(self, s):
                    return 2 if s.face == s.last_face else 1

        Rules: PC-MOVE-02, PC-ONE-01."""
        return 1

    @hook(returns="a PacalState (the state after the drops)", check=_is_state,
          rules=("PC-BUILD-01",), example="return super().after_drops(s)  # then change it",
          bots_note="the greedy bot looks one decision ahead, so what follows the drops "
                    "does not enter its choice of move or drop; it plays whatever decision "
                    "comes next; the search bot's rollouts play it")
    def after_drops(self, s: PacalState) -> PacalState:
        """After the drops of a move: another move if :meth:`moves_this_turn` allows one,
        else the build decision (:func:`.turn.to_build`)."""
        if s.moved < self.moves_this_turn(s):
            return turn.another_move(self, s)
        return turn.to_build(self, s)

    @hook(returns="list of space indices", check=_SPACES, rules=("PC-STRAIGHT-01..05",),
          example="return super().straight_moves(ship, pips + 1, free)  # one step further")
    def straight_moves(self, ship: int, pips: int, free: int) -> list[int]:
        """End spaces of straight moves (:func:`.movement.straight_moves`)."""
        return movement.straight_moves(self, ship, pips, free)

    @hook(returns="list of space indices", check=_SPACES, rules=("PC-TURNING-01..07",),
          example="return []  # no turning moves")
    def turning_moves(self, ship: int, pips: int, free: int) -> list[int]:
        """End spaces of turning moves (:func:`.movement.turning_moves`)."""
        return movement.turning_moves(self, ship, pips, free)

    def turning_moves_search(self, ship: int, pips: int, free: int) -> list[int]:
        """The same ends by a plain search of the paths (:func:`.movement.turning_moves_search`)."""
        return movement.turning_moves_search(self, ship, pips, free)

    @hook(returns="list of space indices", check=_SPACES, rules=("PC-ARROWS-01..06",),
          example="return self.straight_moves(ship, 1, free)  # arrows: one step")
    def arrows_moves(self, ship: int, free: int) -> list[int]:
        """End spaces of an arrows move (:func:`.movement.arrows_moves`)."""
        return movement.arrows_moves(self, ship, free)

    @hook(returns="list of Move", check=is_instance(lambda game: Move, "a Move", each=True),
          rules=("PC-MOVE-01..03", "PC-FIRST-01..03"),
          example="return [m for m in super().die_moves(s, seat) if m.kind != 'turn']")
    def die_moves(self, s: PacalState, seat: int) -> list[Move]:
        """The die moves of ``seat`` with the round's face (:func:`.movement.die_moves`)."""
        return movement.die_moves(self, s, seat)

    def boxed_in(self, s: PacalState, seat: int, moves: list | None = None) -> bool:
        """Whether the ship cannot move (:func:`.movement.boxed_in`)."""
        return movement.boxed_in(self, s, seat, moves)

    def free_mask(self, s: PacalState, seat: int) -> int:
        """Spaces a ship of ``seat`` may end on (:func:`.movement.free_mask`)."""
        return movement.free_mask(self, s, seat)

    def visible_stones(self, s: PacalState, seat: int, leaving: bool = False) -> int:
        """Bit set of the seat's stones not under any ship (with ``leaving``: any other
        ship) (:func:`.stones.visible_stones`)."""
        return stones.visible_stones(s, seat, leaving)

    @hook(returns="list of (stories, cells) pairs", check=_constellations,
          rules=("PC-CONST-01..14",),
          example="return [c for c in super().constellation_cells(s, seat, lowest) if c[0] < 4]")
    def constellation_cells(self, s: PacalState, seat: int, lowest: int = 1) -> list:
        """The seat's constellations as ``(stories, cells)`` (:func:`.building.constellation_cells`)."""
        return building.constellation_cells(self, s, seat, lowest)

    def constellations_of(self, s: PacalState, seat: int) -> list:
        """The seat's constellations now: ``(stories, members)`` with members as (x, y)."""
        xy = self.geo.xy
        return [(h, tuple(xy[c] for c in cells)) for h, cells in self.constellation_cells(s, seat)]

    def strengths(self, s: PacalState, district: int) -> list[int]:
        """Each seat's stories in a district (:func:`analysis.district_stories`)."""
        return analysis.district_stories(self, s.pyramids, district)

    @hook(returns="int >= 0", check=is_int(0),
          rules=("PC-SCORE-01", "PC-SCORE-03..08"),
          example="return super().district_gain(district, before, seat, added) + 1")
    def district_gain(self, district: int, before: list[int], seat: int, added: int) -> int:
        """The points ``seat`` scores now for adding ``added`` stories in ``district``
        (a new pyramid, or the difference an upgrade makes), the seats having ``before``
        stories there: :func:`analysis.majority_gain` (which decides the rule) with the
        rules' tie reading. The
        engine's builds and the bots' valuations of builds go through this method, so a
        subclass that overrides it changes both.
        """
        return analysis.majority_gain(self.geo.values[district], before, seat, added,
                                      self.rules.tie_scores)

    @hook(returns="per seat, a tuple of 4 ints >= 0 (river, lake, districts, god stones)",
          check=_final, rules=("PC-FINAL-02",),
          example="return tuple((r, l, d, 0) for r, l, d, g in super().final_scoring(s))")
    def final_scoring(self, s: PacalState) -> tuple:
        """Final points per seat: (river, lake, districts, god stones)
        (:func:`analysis.final_points`)."""
        return analysis.final_points(self, s.pyramids, s.gods)

    def game_over(self, s: PacalState, why: str) -> PacalState:
        """``s`` ended for reason ``why``, the final scoring added (:func:`.turn.game_over`)."""
        return turn.game_over(self, s, why)

    # -- positions, words ----------------------------------------------------------------
    position = _position.position

    def action_label(self, s: PacalState, a: Any) -> str:
        """The action in words (:func:`.words.action_label`)."""
        return words.action_label(self, s, a)

    def events(self, s: PacalState) -> tuple[str, ...]:
        """What the last action did, in sentences (:func:`.words.events`)."""
        return words.events(s)

    def summary(self, s: PacalState) -> dict:
        """The table's summary (:func:`.words.summary`)."""
        return words.summary(s)

    def phase(self, s: PacalState) -> str:
        """Where the game stands, in words (:func:`.words.phase`)."""
        return words.phase(s)

    # -- bots ------------------------------------------------------------------------
    def bots(self) -> dict:
        """The game's own bots by name: ``greedy``."""
        from ..bots import greedy_bot
        return {"greedy": greedy_bot}

    # the search bot's hooks live in bots.py (no hidden information: determinize is the default)
    def search_actions(self, s: PacalState, rng: Any) -> list:
        """The candidates the search bot compares (:func:`..bots.search_actions`)."""
        from ..bots import search_actions
        return search_actions(self, s, rng)

    def estimate_scores(self, s: PacalState) -> tuple:
        """A truncated rollout's scores (:func:`..bots.estimate_scores`)."""
        from ..bots import estimate_scores
        return estimate_scores(self, s)
