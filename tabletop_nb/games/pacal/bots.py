"""Heuristic bots for Pacal's Rocket.

``greedy_bot`` looks one turn ahead for constellations and majorities:

* build: try every legal build and keep the one with the best immediate gain (points
  scored now, stories, river/lake spaces, majority held); a build that ends the game
  (second-to-last pyramid) is taken only if the bot then wins;
* move: prefer end spaces where a stone would complete the best constellation with
  its visible stones and pyramids, in a district where the pyramid would score; prefer
  the two-stone options; never hide an own visible stone under the ship; god stones
  only when boxed in (they are worth points at the end);
* drop: always into the own ship, and into the opponent's ship standing on the best
  space for its own constellations (never where a stone of its colour already lies).

Examples
--------
>>> import tabletop_nb
>>> game = tabletop_nb.load_game("pacal", players=3)
>>> rec = tabletop_nb.play(game, ["greedy", "random", "random"], seed=2)
>>> len(rec.scores)
3
"""
from __future__ import annotations

from typing import Any

from numpy.random import Generator as _Generator

from ...core import memo
from . import analysis
from .state import (BUILD, DROP, GOD, MOVE, OVER, Build, Drop, Move, NoBuild, TakeBack,
                    UseGod, evolve)

__all__ = ["greedy_bot", "GreedyBot", "ShapeTables", "search_actions", "estimate_scores"]


def _choose_build(game, s, rng):
    return _best(_build_values(game, s, rng))


def _best(valued):
    """The action of the highest value (the first of equals)."""
    best, best_v = valued[0]
    for a, v in valued:
        if v > best_v:
            best, best_v = a, v
    return best


def _build_values(game, s, rng) -> list:
    """(build, value) for every option, "no build" (worth 0) first."""
    # the state's own "no build" (always its first option), so the bot is trusted
    out: list[tuple[Any, float]] = [(s.options[0] if s.options else NoBuild(), 0.0)]
    geo = game.geo
    board = _BoardCounts(game, s)
    # a build's value but for its members' term depends only on its space and height
    # (see _build_value): worked out once for each, not once for each set of members
    by_place: dict[tuple[Any, int], tuple[bool, float]] = {}
    builds = [a for a in s.options if type(a) is Build]
    for a, r in zip(builds, _draws(rng, len(builds))):
        key = (a.at, a.height)
        kv = by_place.get(key)
        if kv is None:
            kv = by_place[key] = _build_value(game, s, a.height, geo.index[a.at], board)
        ends, v = kv
        if not ends:
            v -= 0.2 * len(a.members)  # stones back to supply are fine, pyramid members cost nothing
        v += r * 1e-3
        out.append((a, v))
    return out


class _BoardCounts:
    """The counts of one build decision's board, each made when first asked: the seats'
    stories by district (``analysis.district_stories``) and final scoring's tallies
    (``analysis.final_tallies``)."""

    __slots__ = ("_game", "_s", "_stories", "_tallies")

    def __init__(self, game, s) -> None:
        self._game, self._s = game, s
        self._stories: dict[int, list[int]] = {}
        self._tallies: analysis.Tallies | None = None

    def stories(self, district: int) -> list[int]:
        """Each seat's stories in ``district``."""
        st = self._stories.get(district)
        if st is None:
            st = self._stories[district] = analysis.district_stories(
                self._game, self._s.pyramids, district)
        return st

    def tallies(self) -> analysis.Tallies:
        """The board's final tallies."""
        if self._tallies is None:
            self._tallies = analysis.final_tallies(self._game, self._s.pyramids)
        return self._tallies


def _build_value(game, s, height: int, cell: int, board: _BoardCounts) -> tuple[bool, float]:
    """Whether a build of ``height`` on ``cell`` ends the game, and its value before the
    members' term: win or lose if it ends the game, else points now, height, majority and
    river / lake. The build's points, stories and end are the engine's
    (``analysis.build_result``); they read only the space and the height."""
    p = s.player
    geo = game.geo
    k = geo.district[cell]
    _, _, scores, _, ended, st = analysis.build_result(game, s, cell, height, board.stories(k))
    if analysis.turn_ends_game(game, s, scores, ended):
        # the game ends after this build: its scores are the build's plus the final
        # scoring of the board after it
        final = analysis.final_after_build(game, s, cell, height, board.tallies())
        sc = [scores[q] + sum(final[q]) for q in range(len(scores))]
        top = max(sc)
        return True, (100.0 if sc[p] == top else -100.0)
    gained = scores[p] - s.scores[p]
    lead = st[p] - max(st[:p] + st[p + 1:])  # st: stories after
    v = 2.0 * gained + 0.9 * height + 0.4 * min(lead, 4)
    v += 1.5 * ((geo.river_mask >> cell & 1) + (geo.lakeside_mask >> cell & 1))
    return False, v


def _choose_move(game, s, rng, tables: "ShapeTables"):
    opts = s.options
    if all(type(a) is UseGod for a in opts):
        return min(opts, key=lambda a: a.value)
    if not s.supply[s.player]:
        valued = _move_values(game, s, rng, tables)
        if not valued:
            return min(opts, key=lambda a: a.value)
        return _best(valued)
    return _best_move(game, s, rng, tables)


def _move_targets(game, acts: list) -> tuple[list[int], list[bool]]:
    """The space each die move or placement ends on, and whether each is a two-stone move
    (``analysis.drop_allowance``: a free placement allows none)."""
    index = game.geo.index
    return ([index[a.to] if type(a) is Move else index[a.at] for a in acts],
            [analysis.drop_allowance(a.kind if type(a) is Move else "free") == 2 for a in acts])


def _move_value(potential: float, two_stones: bool, hides: int, r: float) -> float:
    """A move's value: the space's potential, +1.2 for a two-stone move, -3.0 when the
    ship would hide an own stone, and the tie-breaking noise ``r``."""
    v = potential
    if two_stones:
        v += 1.2
    if hides:
        v -= 3.0
    v += r * 1e-3
    return v


def _move_values(game, s, rng, tables: "ShapeTables") -> list:
    """(move, value) for every die move or placement (god stones are not valued); with
    no stone in the supply no space has a potential."""
    p = s.player
    has_stones = s.supply[p] > 0
    if has_stones:
        vis, shapes = _shapes(game, s, p, tables, leaving=True)
    else:
        vis, shapes = game.visible_stones(s, p, True), None
    bit = game.geo.bit
    acts = [a for a in s.options if type(a) is not UseGod]
    out = []
    cells, twos = _move_targets(game, acts)
    for a, c, two, r in zip(acts, cells, twos, _draws(rng, len(acts))):
        out.append((a, _move_value(shapes.potential(c) if shapes is not None else 0.0, two,
                                   vis & bit[c], r)))
    return out


def _best_move(game, s, rng, tables: "ShapeTables"):
    """``_best(_move_values(game, s, rng, tables))`` for a seat with stones in its supply,
    without working out a district's gain for a move that cannot be the best.

    A space's potential is ``1.0 * hh + 0.8 * g`` with ``g`` the district's gain
    (:meth:`_Shapes.value`); :meth:`_Shapes.bound` gives it with the most
    the district can pay (``analysis.district_gain_bounds``) where the gain is not known
    yet: the same operations on no smaller floats give no smaller a value (IEEE rounding
    is monotone in each operand), and :func:`_best` keeps the first of equals, so a move
    whose bound is not above the best so far is passed over. The noise is drawn for
    every option, as in :func:`_move_values`.
    """
    p = s.player
    vis, shapes = _shapes(game, s, p, tables, leaving=True)
    bit = game.geo.bit
    bounds = tables.gain_bounds(game)
    acts = [a for a in s.options if type(a) is not UseGod]
    best = None
    best_v = -float("inf")
    cells, twos = _move_targets(game, acts)
    remembered = shapes.values.get
    for a, c, two, hh, r in zip(acts, cells, twos, shapes.builds_at(cells), _draws(rng, len(acts))):
        hides = vis & bit[c]
        pot = remembered(c)
        if pot is None:
            if hh and bounds is not None and not _move_value(shapes.bound(c, hh, bounds), two,
                                                             hides, r) > best_v:
                continue
            pot = shapes.value(c, hh)
        v = _move_value(pot, two, hides, r)
        if v > best_v:
            best, best_v = a, v
    return best


def _choose_drop(game, s, rng, tables: "ShapeTables"):
    p = s.player
    opts = s.options
    takes = [a for a in opts if type(a) is TakeBack]
    drops = [a for a in opts if type(a) is Drop]
    if takes and s.taken == 0 and s.allowance:
        # reuse the stone that helps least where it lies: the one farthest from the others
        vis = [a.at for a in takes]

        def isolation(at):
            return -min((abs(at[0] - b[0]) + abs(at[1] - b[1]) for b in vis if b != at), default=0)
        return min(takes, key=lambda a: isolation(a.at))
    if not drops:
        return opts[0]
    # the shapes are worked out only for a drop into another ship (after a turning move,
    # a third of the drops, there is none); they are the same whenever made
    shapes = None
    own_cell = s.ships[p]
    best, best_v = drops[0], -1e9
    for a, r in zip(drops, _draws(rng, len(drops))):
        v = 0.0
        if a.own:
            v += -2.0 if analysis.drop_clashes(s.stones[p], own_cell) else 1.0
        if a.into >= 0:
            c = s.ships[a.into]
            if analysis.drop_clashes(s.stones[p], c):
                v -= 2.0
            else:
                if shapes is None:
                    _, shapes = _shapes(game, s, p, tables)
                v += 0.5 + shapes.potential(c)
        v += r * 1e-3
        if v > best_v:
            best, best_v = a, v
    return best


class GreedyBot:
    """One-turn-lookahead bot: constellations, majorities, two-stone moves (see the module).

    Call it as ``bot(game, state, rng)``. It keeps its own tables (the board's shapes, the
    shape sets of recent members) in :attr:`tables`: they read only the board and the
    members, so they carry over from game to game.

    Parameters
    ----------
    game : PacalGame
        A Pacal's Rocket game.
    state : PacalState
        A state where a seat decides.
    rng : numpy.random.Generator
        The bot's random numbers.

    Returns
    -------
    action
        One of the state's own options (so the runner may trust it).

    Examples
    --------
    >>> import tabletop_nb
    >>> game = tabletop_nb.load_game("pacal", players=2)
    >>> rec = tabletop_nb.play(game, bots=[GreedyBot(), "random"], seed=3)
    >>> len(rec.scores)
    2
    """

    #: the name the bot is known by
    bot_name = "greedy"
    #: every choice is one of the state's own options: the runner applies it without
    #: matching it against the legal actions first
    trusted = True

    def __init__(self) -> None:
        self.tables = ShapeTables()

    def __call__(self, game: Any, state: Any, rng: Any) -> Any:
        ph = state.phase
        if ph == BUILD:
            return _choose_build(game, state, rng)
        if ph == MOVE:
            return _choose_move(game, state, rng, self.tables)
        if ph == DROP:
            return _choose_drop(game, state, rng, self.tables)
        if ph == GOD:
            opts = state.options
            index = game.geo.index
            _, shapes = _shapes(game, state, state.player, self.tables)
            vals = [shapes.potential(index[a.at]) + r * 1e-3 for a, r in zip(opts, _draws(rng, len(opts)))]
            return opts[vals.index(max(vals))]  # the first of the best, as max(opts, key=...)
        opts = state.options
        return opts[int(rng.random() * len(opts))]


# -- how the bot values spaces ------------------------------------------------------------
# One decision values many spaces: which constellations a stone there completes comes from
# analysis.completion_sets for every space at once (tests/games/pacal/test_bot_speed.py
# compares each piece with the plain computation it stands for).

def _draws(rng, n: int) -> list:
    """``[rng.random() for _ in range(n)]``: the bot's tie-breaking noise for n options.

    A numpy Generator's ``random(n)`` gives the same n numbers as n calls, in the same
    order, and leaves the generator in the same state (each number is made from the next
    64 bits of its bit generator either way; test_bot_speed.py checks it), in one call.
    """
    if n and type(rng) is _Generator:
        return rng.random(n).tolist()
    return [rng.random() for _ in range(n)]


def _shapes(game, s, p: int, tables: "ShapeTables", leaving: bool = False) -> tuple[int, "_Shapes"]:
    """The seat's visible stones and the :class:`_Shapes` of his constellation members
    (``analysis.constellation_members``); with ``leaving``, as they lie once his ship has
    left its space (a move uncovers the stone under it)."""
    vis = game.visible_stones(s, p, leaving)
    sets = tables.shape_sets(game, analysis.constellation_members(game, s, p, vis))
    if sets is None:
        return vis, _AskedShapes(game, s, p, vis, tables)
    return vis, _Shapes(game, s, p, sets, tables)


class _Shapes:
    """Which constellations a stone on a space would complete with the seat's
    ``members`` (visible stones and own pyramids), for the spaces of one decision.

    The greedy bot values each space its ship (or a stone dropped into another ship)
    could reach by the tallest constellation a stone there would complete (its value
    grows with the height, so the best over all shapes is the tallest's). For the
    printed shapes, ``analysis.completion_sets`` gives every space's at once: ``sets``,
    the sets ``t[h]`` of spaces through which a shape of ``h`` stories has all its other
    members among the members (no gap rule); when a house rule overrides
    ``constellation_cells`` (``analysis.printed_constellations``), :class:`_AskedShapes`
    asks the hook instead.

    The pyramid a shape of ``h`` stories builds is ``analysis.new_pyramid_heights``'
    first (highest) for ``h``; the district's gain is the game's ``district_gain``,
    remembered per district and height for the decision.
    """

    __slots__ = ("t5", "t4", "t3", "t2", "_game", "_s", "_p", "_gains", "_stories", "values",
                 "_builds", "_district", "_bit", "_move_gain")

    def __init__(self, game, s, p: int, sets: tuple[int, int, int, int], tables: "ShapeTables"):
        self._game, self._s, self._p = game, s, p
        #: the district gain a move is valued by (_GameReading.move_gain)
        self._move_gain = tables.reading(game).move_gain
        self._district = game.geo.district
        self._bit = game.geo.bit
        self._gains: dict = {}
        self._stories: dict = {}
        #: the potentials worked out in this decision, by space
        self.values: dict[int, float] = {}
        #: _builds[h]: the pyramid a shape of h stories builds (0: none left)
        self._builds = [hs[0] if hs else 0
                        for hs in analysis.new_pyramid_heights(game, s.pyr_supply[p])]
        self.t5, self.t4, self.t3, self.t2 = sets

    def tallest(self, cell: int) -> int:
        """The most stories of a constellation through ``cell`` (1: the stone alone)."""
        b = self._bit[cell]
        return 5 if self.t5 & b else 4 if self.t4 & b else 3 if self.t3 & b else \
            2 if self.t2 & b else 1

    def builds_at(self, cells: list[int]) -> list[int]:
        """For each space, the pyramid the tallest constellation through it builds (0:
        none left), as :meth:`potential` takes it."""
        bit, builds = self._bit, self._builds
        t5, t4, t3, t2 = self.t5, self.t4, self.t3, self.t2
        return [builds[5 if t5 & bit[c] else 4 if t4 & bit[c] else 3 if t3 & bit[c] else
                       2 if t2 & bit[c] else 1] for c in cells]

    def potential(self, cell: int) -> float:
        """The value of a stone on ``cell``: the pyramid the tallest constellation through
        it builds, plus 0.8 times the points that pyramid would score in its district now;
        0 when it builds none. Remembered per space for the decision (:attr:`values`)."""
        v = self.values.get(cell)
        if v is None:
            v = self.value(cell, self._builds[self.tallest(cell)])
        return v

    def value(self, cell: int, hh: int) -> float:
        """:meth:`potential` of ``cell``, whose constellations build a pyramid of ``hh``
        stories (:meth:`builds_at`)."""
        v = self.values[cell] = 1.0 * hh + 0.8 * self.gain(cell, hh) if hh else 0.0
        return v

    def bound(self, cell: int, hh: int, bounds: tuple[int, ...]) -> float:
        """:meth:`value` of ``cell`` if its district's gain is known, else the same sum with
        the most the district can pay, ``bounds[district]`` (no smaller)."""
        k = self._district[cell]
        g = self._gains.get(k * 8 + hh)
        return 1.0 * hh + 0.8 * (bounds[k] if g is None else g)

    def gain(self, cell: int, height: int) -> int:
        """The points a pyramid of ``height`` on ``cell`` would score now, as the game's
        ``district_gain`` says read without paying ties (:class:`_GameReading`).
        Remembered per district and height."""
        k = self._district[cell]
        g = self._gains.get(k * 8 + height)
        if g is None:
            st = self._stories.get(k)
            if st is None:
                st = self._stories[k] = analysis.district_stories(self._game, self._s.pyramids, k)
            g = self._gains[k * 8 + height] = self._move_gain(k, st, self._p, height)
        return g


class _AskedShapes(_Shapes):
    """:class:`_Shapes` under a house rule's ``constellation_cells``: the tallest
    constellation through a space is asked of the hook, space by space, about the state
    with the seat's ``visible`` stones and one more on the space, no ship hiding any."""

    __slots__ = ("_visible", "_tallest")

    def __init__(self, game, s, p: int, visible: int, tables: "ShapeTables"):
        super().__init__(game, s, p, (0, 0, 0, 0), tables)
        self._visible = visible
        self._tallest: dict[int, int] = {}

    def builds_at(self, cells: list[int]) -> list[int]:
        """As :meth:`_Shapes.builds_at`, from :meth:`tallest`."""
        return [self._builds[self.tallest(c)] for c in cells]

    def tallest(self, cell: int) -> int:
        """The most stories of the game's own constellations through ``cell`` (1: the
        stone alone)."""
        h = self._tallest.get(cell)
        if h is None:
            s, p = self._s, self._p
            stones = s.stones[:p] + (self._visible | 1 << cell,) + s.stones[p + 1:]
            probe = evolve(s, stones=stones, ships=(-1,) * len(s.ships))
            h = self._tallest[cell] = max((stories for stories, cells
                                           in self._game.constellation_cells(probe, p)
                                           if cell in cells), default=1)
        return h


class _GameReading:
    """What the greedy bot reads of a game once: the most its districts can pay
    (``analysis.district_gain_bounds``), whether its constellations are the printed
    shapes (``analysis.printed_constellations``), and the district gain it values moves
    by: the game's ``district_gain`` read without paying ties
    (``analysis.district_gain_without_ties``: a tie for first is not worth chasing while
    moving, even where the rules pay it; builds are valued by the engine's
    ``analysis.build_result``)."""

    __slots__ = ("game", "bounds", "printed_shapes", "move_gain")

    def __init__(self, game) -> None:
        #: the game (kept, so its id is not reused while this reading is)
        self.game = game
        self.bounds = analysis.district_gain_bounds(game)
        self.printed_shapes = analysis.printed_constellations(game)
        self.move_gain = analysis.district_gain_without_ties(game)


class ShapeTables:
    """The greedy bot's tables, kept in the bot: the completion sets
    (``analysis.completion_sets``) of the last few dozen sets of members, and what the
    bot reads of each game it plays. Both are declared caches (``core.memo``); the sets
    read only the board, ``diamond_squares`` and the members, so an answer is the same
    whenever it is worked out (a seat's move and its drop that follows usually have the
    same members).

    Examples
    --------
    >>> import tabletop_nb
    >>> game = tabletop_nb.load_game("pacal", players=3)
    >>> tables = ShapeTables()
    >>> members = (1 << game.geo.cell((3, 9))) | (1 << game.geo.cell((4, 9)))
    >>> tables.shape_sets(game, members) == tables.shape_sets(game, members)
    True
    """

    #: shape sets kept before the oldest are forgotten
    MAX_SETS = 64
    #: games kept before the oldest are forgotten
    MAX_GAMES = 8

    def __init__(self) -> None:
        self._sets = memo.cache("pacal.greedy.shape_sets",
                                key="(board geometry, rules.diamond_squares, members bit set)")
        self._games = memo.cache("pacal.greedy.games",
                                 key="id(game); the entry holds the game, so its id is not reused")

    def reading(self, game) -> "_GameReading":
        """What the bot reads of ``game`` once (:class:`_GameReading`), kept for the last
        few games."""
        got = self._games.get(id(game))
        if got is None:
            if len(self._games) >= self.MAX_GAMES:
                self._games.clear()
            got = self._games[id(game)] = _GameReading(game)
        return got

    def gain_bounds(self, game) -> tuple | None:
        """:func:`analysis.district_gain_bounds` of the game."""
        return self.reading(game).bounds

    def shape_sets(self, game, members: int) -> tuple[int, int, int, int] | None:
        """The bit sets (t5, t4, t3, t2) of :class:`_Shapes` for ``members``
        (``analysis.completion_sets``), or None when a house rule's
        ``constellation_cells`` decides the constellations."""
        if not self.reading(game).printed_shapes:
            return None
        geo = game.geo
        dia = game.rules.diamond_squares
        key = (geo, dia, members)
        got = self._sets.get(key)
        if got is None:
            if len(self._sets) >= self.MAX_SETS:
                self._sets.clear()
            got = self._sets[key] = analysis.completion_sets(game, members)
        return got


#: the greedy bot the game offers by name (``"greedy"``)
greedy_bot = GreedyBot()


# -- hooks for the search bot (tabletop_nb.core.search) -----------------------------------

#: "drop no stone" (PC-DROP-04), never a search candidate when the greedy bot drops one
NO_DROP = Drop(False, -1)
#: the search bot compares at most this many moves or builds, the greedy bot's best first
SEARCH_WIDTH = 5
#: decisions of all seats in a search rollout before the scores are estimated, per seat
#: (a turn is a move, a drop and a build: about one and a half turns of every seat)
SEARCH_HORIZON_PER_SEAT = 5


def search_actions(game, s, rng) -> list:
    """The moves, drops or builds worth comparing: the greedy bot's best few, best first.

    Parameters
    ----------
    game : PacalGame
        A Pacal's Rocket game.
    s : PacalState
        The state.
    rng : numpy.random.Generator
        The bot's random numbers.

    Returns
    -------
    list
        At most ``SEARCH_WIDTH`` legal actions, best first.

    Examples
    --------
    >>> import tabletop_nb, numpy as np
    >>> game = tabletop_nb.load_game("pacal", players=2)
    >>> rng = np.random.default_rng(1)
    >>> s = game.initial_state()
    >>> while game.phase(s).startswith("setup") or game.current_player(s) < 0:
    ...     s = game.apply(s, greedy_bot(game, s, rng) if game.current_player(s) >= 0
    ...                    else game.sample_chance(s, rng))
    >>> acts = search_actions(game, s, rng)
    >>> len(acts) <= SEARCH_WIDTH and all(a in game.legal_actions(s) for a in acts)
    True
    """
    ph = s.phase
    if ph == BUILD:
        valued = _build_values(game, s, rng)
    elif ph == MOVE and not all(type(a) is UseGod for a in s.options):
        valued = _move_values(game, s, rng, greedy_bot.tables)
        # a god stone is worth points at the end: the cheapest is one more candidate
        gods = [a for a in s.options if type(a) is UseGod]
        if gods:
            valued.append((min(gods, key=lambda a: a.value), -1e6))
    else:
        first = greedy_bot(game, s, rng)  # drops, god stone spaces, setup: all, greedy's first
        out = [first] + [a for a in s.options if a != first]
        if ph == DROP and s.supply[s.player] and first != NO_DROP:
            # never hoard: dropping is optional (PC-DROP-04), so a seat that keeps its
            # stones while the others have run out stalls the game for ever (nobody can
            # build or score). A search that kept "drop none" (then its first candidate)
            # did so turn after turn, and a 2-player game ran into the 20,000-action cap.
            out = [a for a in out if a != NO_DROP]
        return out
    valued.sort(key=lambda av: -av[1])  # stable: equal values keep the options' order
    return [a for a, _ in valued[:SEARCH_WIDTH]]


def estimate_scores(game, s) -> tuple:
    """Scores now plus the final scoring (river, lake, districts, god stones) as if the
    game ended here: majorities held now are the best guess of majorities at the end.

    Parameters
    ----------
    game : PacalGame
        A Pacal's Rocket game.
    s : PacalState
        The state.

    Returns
    -------
    tuple of int
        One estimate per seat.

    Examples
    --------
    >>> import tabletop_nb
    >>> game = tabletop_nb.load_game("pacal", players=2)
    >>> estimate_scores(game, game.initial_state())  # unused god stones score at the end
    (12, 12)
    """
    if s.phase == OVER:
        return tuple(s.scores)
    final = game.final_scoring(s)
    return tuple(s.scores[q] + sum(final[q]) for q in range(game.num_players))
