"""Questions about a Pacal's Rocket position, answered once for the engine and the bots.

Every function here is a pure query over a game and a state (or a part of one): what a
build would score, whether it ends the game, the final scoring of a board. The engine
applies a build through :func:`build_result` and ends the game with :func:`final_points`;
the greedy and search bots value their options by the same calls. A rule therefore has one
home, and a game subclass that overrides :meth:`PacalGame.district_gain
<tabletop_nb.games.pacal.engine.PacalGame.district_gain>` (the takeover rule) changes what
the engine does and what the bots expect alike.

Examples
--------
>>> import tabletop_nb
>>> game = tabletop_nb.load_game("pacal", players=3)
>>> s = game.position(ships=[(1, 0), (7, 8), (9, 8)], stones={0: [(3, 9)]}, phase="build")
>>> r = build_result(game, s, game.geo.cell((3, 9)), 1)
>>> r.scores, r.ended
((4, 0, 0), '')
"""
from __future__ import annotations

from typing import Any, Callable, Iterable, Mapping, NamedTuple, Protocol, Sequence

from ...core import memo
from ...core.hooks import overridden_hooks
from .board import Geometry
from .constellations import completion_sets as _completion_sets
from .rules import PacalRules
from .state import PacalState


class _Tables(Protocol):
    """What these queries read of the engine's tables (``engine.base.Tables``)."""

    @property
    def heights(self) -> dict[tuple[int, ...], list[list[int]]]:
        """:func:`new_pyramid_heights` by pyramid supply (a declared cache, ``pacal.heights``)."""

    def completion_table(self) -> tuple:
        """:func:`..constellations.completion_table` of the game's board and reading."""


class PacalGame(Protocol):
    """What these queries read of a game: the engine's
    :class:`~tabletop_nb.games.pacal.engine.PacalGame` (named here by its parts, since the
    engine imports this module)."""

    rules: PacalRules
    geo: Geometry
    players: int
    threshold: int
    final_masks: tuple[int, int]
    district_cells: tuple[tuple[int, ...], ...]

    @property
    def tables(self) -> _Tables:
        """The engine's tables."""

    def visible_stones(self, s: PacalState, seat: int, leaving: bool = False) -> int:
        """:meth:`PacalGame.visible_stones`."""

    @property
    def num_players(self) -> int:
        """:meth:`PacalGame.num_players`."""

    def district_gain(self, district: int, before: list[int], seat: int, added: int) -> int:
        """:meth:`PacalGame.district_gain`."""

    def final_scoring(self, s: PacalState) -> tuple:
        """:meth:`PacalGame.final_scoring`."""


class _GameWithRules(PacalGame, Protocol):
    """A game that can be read again under changed rules (the game class itself)."""

    def with_rules(self, **changes: Any) -> Any:
        """:meth:`PacalGame.with_rules`: a game of the same class."""


__all__ = ["constellation_members", "printed_constellations", "completion_sets", "heights", "new_pyramid_heights", "district_stories", "majority_gain", "district_gain_bounds",
           "district_gain_without_ties", "district_points", "place_points", "final_scoring_table",
           "BuildResult", "build_result", "last_round_after", "turn_ends_game",
           "Tallies", "final_tallies", "final_points", "tallies_points", "tallies_after",
           "final_after_build", "drop_allowance", "drop_clashes"]


# -- dropping energy stones (PC-DROP) ----------------------------------------------------

#: stones a seat may bring into play after each way of moving its ship (see drop_allowance)
_DROP_ALLOWANCE = {"straight": 2, "arrows": 2, "turn": 1, "god": 1, "free": 0}


def drop_allowance(kind: str) -> int:
    """How many energy stones a seat may bring into play after moving its ship by ``kind``:
    2 after a straight or arrows move (one into his own ship, one into another's), 1 after
    a turning move or a god stone (his own ship only), none after a free placement.

    Rules: PC-STRAIGHT-06, PC-TURNING-09, PC-ARROWS-05.

    Parameters
    ----------
    kind : str
        A die move's ``Move.kind`` (``"straight"``, ``"turn"``, ``"arrows"``), ``"god"``
        (a god stone's placement) or ``"free"`` (a boxed-in ship placed freely).

    Returns
    -------
    int
        0, 1 or 2.

    Examples
    --------
    >>> drop_allowance("straight"), drop_allowance("turn"), drop_allowance("free")
    (2, 1, 0)
    """
    n = _DROP_ALLOWANCE.get(kind)
    if n is None:
        raise ValueError(f"drop_allowance: kind is one of {', '.join(_DROP_ALLOWANCE)}, not {kind!r}")
    return n


def drop_clashes(stones: int, cell: int) -> bool:
    """Whether a stone dropped on ``cell`` by a seat whose stones lie on ``stones`` (a bit
    set) meets one of its own colour there: a space holds at most one stone of a colour,
    so both go back to the seat's supply (stones of other colours stay).

    Rules: PC-CONFLICT-01, PC-CONFLICT-02.

    Parameters
    ----------
    stones : int
        The seat's stones on the board as a bit set (hidden ones and those dropped this
        turn included).
    cell : int
        The space the stone is dropped on (bit index).

    Returns
    -------
    bool

    Examples
    --------
    >>> drop_clashes(0b10000, 4), drop_clashes(0b10000, 3)
    (True, False)
    """
    return bool(stones >> cell & 1)


# -- building (PC-CONST, PC-OWNPYR, PC-LOWER) --------------------------------------------

def constellation_members(game: PacalGame, s: PacalState, seat: int,
                          visible: int | None = None) -> int:
    """The spaces that may be members of the seat's constellations: his visible energy
    stones and his own pyramids (the expert game's builds use fewer: see
    ``engine.building.build_options``).

    Parameters
    ----------
    game : PacalGame
        The game.
    s : PacalState
        The state.
    seat : int
        Whose constellations.
    visible : int, optional
        His visible stones (:meth:`PacalGame.visible_stones`), when the caller has them
        (e.g. as they lie once his ship has left its space).

    Returns
    -------
    int
        A bit set of space indices.

    Examples
    --------
    >>> import tabletop_nb
    >>> from tabletop_nb.games.pacal.constellations import bit_list
    >>> game = tabletop_nb.load_game("pacal", players=3)
    >>> s = game.position(ships=[(3, 9), (7, 8), (9, 8)], stones={0: [(3, 9), (1, 1)]},
    ...                   pyramids={(2, 2): (0, 1), (6, 6): (1, 2)})
    >>> [game.geo.xy[c] for c in bit_list(constellation_members(game, s, 0))]
    [(1, 1), (2, 2)]

    Rules: PC-CONST-01, PC-OWNPYR-01, PC-OWNPYR-02.
    """
    if visible is None:
        visible = game.visible_stones(s, seat)
    return visible | s.pyr_masks[seat]


def printed_constellations(game: PacalGame) -> bool:
    """Whether the game's constellations are the printed shapes, so that
    :func:`completion_sets` answers for it: False when a subclass overrides
    :meth:`PacalGame.constellation_cells` (a house rule), whose constellations a caller
    must then ask the hook for.

    Parameters
    ----------
    game : PacalGame
        The game.

    Returns
    -------
    bool

    Examples
    --------
    >>> import tabletop_nb
    >>> game = tabletop_nb.load_game("pacal", players=3)
    >>> class NoThrees(type(game)):
    ...     def constellation_cells(self, s, seat, lowest=1):
    ...         return [c for c in super().constellation_cells(s, seat, lowest) if c[0] != 3]
    >>> printed_constellations(game), printed_constellations(NoThrees(game.rules))
    (True, False)
    """
    return "constellation_cells" not in overridden_hooks(type(game))


def completion_sets(game: PacalGame, members: int) -> tuple[int, int, int, int]:
    """Where one more stone would complete a printed constellation with ``members``: the
    bit sets (t5, t4, t3, t2) of :func:`..constellations.completion_sets` on the game's
    board and diamond reading (no gap rule; see :func:`printed_constellations` for
    house rules).

    Parameters
    ----------
    game : PacalGame
        The game.
    members : int
        The members, a bit set (:func:`constellation_members`).

    Returns
    -------
    tuple of int
        (t5, t4, t3, t2); read them on board spaces only.

    Examples
    --------
    >>> import tabletop_nb
    >>> game = tabletop_nb.load_game("pacal", players=3)
    >>> members = (1 << game.geo.cell((3, 9))) | (1 << game.geo.cell((4, 9)))
    >>> t5, t4, t3, t2 = completion_sets(game, members)
    >>> [game.geo.xy[c] for c in game.geo.cells if t3 >> c & 1]   # a stone here completes 3 stories
    [(2, 9), (5, 9)]
    """
    return _completion_sets(game.tables.completion_table(), game.geo.pad, members)


def heights(game: PacalGame, supply: tuple, natural: int, above: int) -> list[int]:
    """Heights buildable from a constellation of ``natural`` stories with pyramid
    ``supply``, higher than ``above`` (an upgraded pyramid's stories): the natural height,
    or without it the lower ones left (all, or the next only).

    Parameters
    ----------
    game : PacalGame
        The game (its ``rules.lower_substitute``).
    supply : tuple of int
        The seat's pyramids left, by stories (1, 2, ...).
    natural : int
        The constellation's stories.
    above : int
        The stories of the pyramid upgraded, 0 for a new pyramid.

    Returns
    -------
    list of int
        The heights, highest first.

    Examples
    --------
    >>> import tabletop_nb
    >>> game = tabletop_nb.load_game("pacal", players=3)
    >>> heights(game, (1, 3, 3, 2, 2), 3, 0)
    [3]
    >>> heights(game, (1, 3, 0, 2, 2), 3, 0), heights(game, (1, 3, 0, 2, 2), 3, 1)
    ([2, 1], [2])

    Rules: PC-BUILD-05, PC-LOWER-01, PC-LOWER-03, PC-LOWER-04, PC-LOWER-05, PC-UPGRADE-07."""
    if natural <= above:
        return []
    if supply[natural - 1]:
        return [natural]
    lower = [h for h in range(natural - 1, above, -1) if supply[h - 1]]
    if game.rules.lower_substitute == "next":
        return lower[:1]
    return lower


def new_pyramid_heights(game: PacalGame, supply: tuple) -> list[list[int]]:
    """:func:`heights` of a new pyramid (``above=0``) for every natural height: entry
    ``h`` lists what a constellation of ``h`` stories builds (entry 0 is empty), kept in
    the game's declared cache ``pacal.heights`` by supply.

    Parameters
    ----------
    game : PacalGame
        The game.
    supply : tuple of int
        The seat's pyramids left, by stories.

    Returns
    -------
    list of list of int
        Six lists, highest first each (the caller must not change them).

    Examples
    --------
    >>> import tabletop_nb
    >>> game = tabletop_nb.load_game("pacal", players=3)
    >>> new_pyramid_heights(game, (1, 0, 0, 2, 0))
    [[], [1], [1], [1], [4], [4, 1]]
    """
    got = game.tables.heights.get(supply)
    if got is None:
        got = game.tables.heights[supply] = [[]] + [heights(game, supply, h, 0)
                                                    for h in range(1, 6)]
    return got


# -- scoring during play (PC-SCORE) ------------------------------------------------------

def district_stories(game: PacalGame, pyramids: Sequence[int], district: int) -> list[int]:
    """Each seat's stories in one district: the sum of his pyramids' stories there.

    Parameters
    ----------
    game : PacalGame
        The game (its board).
    pyramids : tuple of int
        The state's ``pyramids`` (per space, 0 or ``owner * 8 + stories``).
    district : int
        The district's id.

    Returns
    -------
    list of int
        Stories by seat.

    Examples
    --------
    >>> import tabletop_nb
    >>> game = tabletop_nb.load_game("pacal", players=3)
    >>> s = game.position(ships=[(1, 0), (7, 8), (9, 8)], pyramids={(5, 5): (1, 2)})
    >>> district_stories(game, s.pyramids, game.geo.district[game.geo.cell((5, 5))])
    [0, 2, 0]

    Rules: PC-SCORE-02.
    """
    out = [0] * game.players
    for c in game.district_cells[district]:
        v = pyramids[c]
        if v:
            out[v >> 3] += v & 7
    return out


def majority_gain(value: int, before: list[int], seat: int, added: int,
                  ties: bool = False) -> int:
    """The points ``seat`` scores now for adding ``added`` stories in a district worth
    ``value`` where the seats have ``before`` stories: the value for the district's first
    pyramid or for taking over the sole majority (leading alone after, not before), else
    nothing (a sole leader scores nothing more). With ``ties`` catching up with the leader
    pays too (the other reading of PC-SCORE-07, ``rules.tie_scores``).

    Parameters
    ----------
    value : int
        The district's value.
    before : list of int
        Each seat's stories in the district before.
    seat : int
        The builder.
    added : int
        The stories he adds (a new pyramid's, or what an upgrade adds).
    ties : bool, default False
        Whether a tie for first pays.

    Returns
    -------
    int

    Examples
    --------
    >>> majority_gain(5, [0, 0, 0], 0, 1), majority_gain(5, [2, 3, 0], 0, 2), majority_gain(5, [2, 3, 0], 0, 1)
    (5, 5, 0)
    >>> majority_gain(5, [2, 3, 0], 0, 1, ties=True), majority_gain(5, [4, 3, 0], 0, 2)
    (5, 0)

    Rules: PC-SCORE-03, PC-SCORE-04, PC-SCORE-05, PC-SCORE-06, PC-SCORE-07, PC-SCORE-08.
    """
    if not any(before):
        return value
    others = max(before[:seat] + before[seat + 1:])
    if before[seat] > others:
        return 0
    now = before[seat] + added
    if now > others or (ties and now == others):
        return value
    return 0


def district_gain_bounds(game: PacalGame) -> tuple[int, ...] | None:
    """The most :meth:`PacalGame.district_gain` can pay in each district, or None when
    that is not known.

    The printed hook is :func:`majority_gain`, which pays a district's value or nothing,
    so its bound is ``max(value, 0)``; a subclass that overrides ``district_gain`` may pay
    anything, so there is no bound (None) and a caller that prunes by it (the greedy
    bot's move search) asks the hook for every option instead.

    Parameters
    ----------
    game : PacalGame
        The game.

    Returns
    -------
    tuple of int or None
        One bound per district id, or None.

    Examples
    --------
    >>> import tabletop_nb
    >>> game = tabletop_nb.load_game("pacal", players=3)
    >>> district_gain_bounds(game) == tuple(max(v, 0) for v in game.geo.values)
    True
    >>> class Double(type(game)):
    ...     def district_gain(self, district, before, seat, added):
    ...         return 2 * super().district_gain(district, before, seat, added)
    >>> district_gain_bounds(Double(game.rules)) is None
    True
    """
    if "district_gain" in overridden_hooks(type(game)):
        return None
    return tuple(max(v, 0) for v in game.geo.values)


def district_gain_without_ties(game: _GameWithRules) -> Callable[[int, list[int], int, int], int]:
    """The game's :meth:`PacalGame.district_gain` read with a tie for first paying nothing
    (``rules.tie_scores`` off, the printed reading of ties): the greedy bot values
    its moves by it (a tie for first is not worth chasing while moving, even where the
    rules pay it; the builds themselves it values by :func:`build_result`).

    The game's own hook when ties pay nothing anyway; :func:`majority_gain` without
    ties when the hook is the printed one; else the same class's hook under
    ``tie_scores=False`` (a house rule's gain, read without ties).

    Parameters
    ----------
    game : PacalGame
        The game.

    Returns
    -------
    callable
        ``gain(district, before, seat, added) -> int``, as :meth:`PacalGame.district_gain`.

    Examples
    --------
    Catching up with the leader of district 0 pays under ``tie_scores``, but not here:

    >>> import tabletop_nb
    >>> game = tabletop_nb.load_game("pacal", players=3, tie_scores=True)
    >>> game.district_gain(0, [2, 3, 0], 0, 1) > 0, district_gain_without_ties(game)(0, [2, 3, 0], 0, 1)
    (True, 0)
    """
    if not game.rules.tie_scores:
        return game.district_gain
    if district_gain_bounds(game) is not None:   # the printed hook: the majority rule
        values = game.geo.values

        def printed_without_ties(district: int, before: list[int], seat: int, added: int) -> int:
            """The printed :meth:`PacalGame.district_gain` with ``ties`` False."""
            return majority_gain(values[district], before, seat, added, False)
        return printed_without_ties
    return game.with_rules(tie_scores=False).district_gain


class BuildResult(NamedTuple):
    """What a build does besides moving stones: see :func:`build_result`.

    Attributes
    ----------
    pyr_supply : tuple of int
        The builder's pyramid supply after the build (counts by stories).
    discarded : tuple of int
        Pyramids out of play by seat.
    scores : tuple of int
        Every seat's score after the build (points and end bonus).
    events : tuple of tuple
        The build's events, for the log.
    ended : str
        Why the build ends the game ("bonus", "threshold", "built out"), "" if it does not.
    stories : list of int
        Each seat's stories in the build's district after it.

    Examples
    --------
    >>> import tabletop_nb
    >>> game = tabletop_nb.load_game("pacal", players=3)
    >>> s = game.position(ships=[(1, 0), (7, 8), (9, 8)], stones={0: [(3, 9)]}, phase="build")
    >>> r = build_result(game, s, game.geo.cell((3, 9)), 1)
    >>> r.pyr_supply, r.scores, r.events
    ((0, 3, 3, 2, 2), (4, 0, 0), (('build', 0, 1, (3, 9), False, 4),))
    """

    #: the builder's pyramid supply after the build (counts by stories)
    pyr_supply: tuple[int, ...]
    #: pyramids out of play by seat
    discarded: tuple[int, ...]
    #: every seat's score after the build (points and end bonus)
    scores: tuple[int, ...]
    #: the build's events, for the log
    events: tuple[tuple, ...]
    #: why the build ends the game ("bonus", "threshold", "built out"), "" if it does not
    ended: str
    #: each seat's stories in the build's district after it
    stories: list[int]


def build_result(game: PacalGame, s: PacalState, cell: int, height: int,
                 before: list[int] | None = None) -> BuildResult:
    """The pyramid supply, points and end of a build of ``height`` on ``cell`` by the seat
    to play (the members only send stones back, so they play no part here).

    An upgrade returns (or discards) the replaced pyramid; the points are
    :meth:`PacalGame.district_gain`'s; building the second-to-last pyramid gives the end
    bonus and ends the game; with 2 players reaching the threshold ends it at once, and
    without the pyramid end building the last pyramid ends it (RULINGS.md).

    Parameters
    ----------
    game : PacalGame
        The game.
    s : PacalState
        A state whose seat to play may build there.
    cell : int
        The space index of the new pyramid.
    height : int
        Its stories.
    before : list of int, optional
        The seats' stories in the space's district (:func:`district_stories`), when the
        caller has counted them already.

    Returns
    -------
    BuildResult
        Supply, discarded counts, scores, events, why the game ends, stories after.

    Examples
    --------
    An upgrade of an own 1-story pyramid to 2 stories: the district is his already, so
    it scores nothing; the old pyramid goes back to his supply or out of play, by the
    rules.

    >>> import tabletop_nb
    >>> game = tabletop_nb.load_game("pacal", players=3)
    >>> s = game.position(ships=[(1, 0), (7, 8), (9, 8)], pyramids={(3, 9): (0, 1)})
    >>> r = build_result(game, s, game.geo.cell((3, 9)), 2)
    >>> r.scores, r.stories, r.ended
    ((0, 0, 0), [2, 0, 0], '')

    Rules: PC-UPGRADE-05, PC-UPGRADE-08, PC-SCORE-01, PC-SCORE-09, PC-SCORE-10, PC-CONST-15,
    PC-END-01, PC-END-02, PC-END-03, PC-END-05, PC-TWO-02, PC-TWO-04."""
    p, n, r = s.player, game.players, game.rules
    district = game.geo.district[cell]
    if before is None:
        before = district_stories(game, s.pyramids, district)
    supply_p = list(s.pyr_supply[p])
    discarded = s.discarded
    old = s.pyramids[cell]
    upgrade = bool(old)
    total_before = sum(supply_p)
    if upgrade:
        if r.replaced_pyramid == "supply":
            supply_p[(old & 7) - 1] += 1
        else:
            discarded = discarded[:p] + (discarded[p] + 1,) + discarded[p + 1:]
    supply_p[height - 1] -= 1
    # only the builder's stories on this space change (an upgrade is of his own pyramid)
    after = before.copy()
    after[p] += height - (old & 7)
    gain = game.district_gain(district, before, p, height - (old & 7))
    scores = list(s.scores)
    scores[p] += gain
    events: tuple[tuple, ...] = (("build", p, height, game.geo.xy[cell], upgrade, gain),)
    ended = ""
    total_after = sum(supply_p)
    if total_after == r.pyramids_left_at_end and total_after < total_before and \
            (n > 2 or r.two_player_bonus_end):
        scores[p] += r.end_bonus
        events += (("bonus", p, r.end_bonus),)
        ended = "bonus"
    elif n == 2 and scores[p] >= game.threshold:
        ended = "threshold"
    elif n == 2 and not r.two_player_bonus_end and total_after == 0:
        # PC-TWO-04 (b): without the pyramid end, the game ends when a player builds his
        # last pyramid (no bonus; RULINGS.md): he can never score again, and with only the
        # 45 points to end it, the game often ran on for ever. The build took its pyramid
        # from the supply, so the supply held one before: an empty supply now is the last.
        events += (("builtout", p),)
        ended = "built out"
    return BuildResult(tuple(supply_p), discarded, tuple(scores), events, ended, after)


# -- the end (PC-END) -------------------------------------------------------------------

def last_round_after(game: PacalGame, s: PacalState, scores: Sequence[int]) -> bool:
    """Whether the round is the last one once the turn of ``s`` ends with ``scores``:
    it was already, or (3 to 5 players) a score has reached the threshold.

    Parameters
    ----------
    game : PacalGame
        The game.
    s : PacalState
        The state before the turn ends.
    scores : sequence of int
        The scores the turn ends with.

    Returns
    -------
    bool

    Examples
    --------
    >>> import tabletop_nb
    >>> game = tabletop_nb.load_game("pacal", players=3)
    >>> s = game.initial_state()
    >>> game.threshold, last_round_after(game, s, (12, 0, 0)), last_round_after(game, s, (40, 0, 0))
    (40, False, True)

    Rules: PC-END-04, PC-END-06, PC-END-07, PC-TWO-03.
    """
    return s.last_round or (game.players > 2 and max(scores) >= game.threshold)


def turn_ends_game(game: PacalGame, s: PacalState, scores: Sequence[int], ended: str) -> bool:
    """Whether the game ends when the turn of ``s`` ends with ``scores``: an action of the
    turn ended it (``ended``, e.g. :attr:`BuildResult.ended`), or (3 to 5 players) the
    last turn of the last round is over.

    A 2-player game that has run out of builds also ends (:func:`.engine.turn.end_turn`), but a build
    resets that count, so after a build this answer is the whole truth.

    Parameters
    ----------
    game : PacalGame
        The game.
    s : PacalState
        The state before the turn ends.
    scores : sequence of int
        The scores the turn ends with.
    ended : str
        Why an action of the turn ended the game, "" if none did.

    Returns
    -------
    bool

    Examples
    --------
    >>> import tabletop_nb
    >>> game = tabletop_nb.load_game("pacal", players=3)
    >>> s = game.position(ships=[(1, 0), (7, 8), (9, 8)], player=2, roller=0, last_round=True)
    >>> turn_ends_game(game, s, s.scores, "")   # seat 2 plays the last round's last turn
    True
    >>> s = game.position(ships=[(1, 0), (7, 8), (9, 8)], player=1, roller=0, last_round=True)
    >>> turn_ends_game(game, s, s.scores, ""), turn_ends_game(game, s, s.scores, "bonus")
    (False, True)

    Rules: PC-END-04."""
    if ended:
        return True
    # a 2-player game has no last round (PC-TWO-02: last_round_after is never true there)
    return s.pos + 1 == game.players and last_round_after(game, s, scores)


# -- final scoring (PC-FINAL, PC-RIVER, PC-DISTRICT, PC-GODSCORE) --------------------------

def place_points(strengths: Mapping[int, int] | Iterable[int], points: tuple[int, ...]) -> dict[int, int]:
    """Points for a majority with places (river and lake).

    Players with 0 stories take no place; tied players occupy as many places as there
    are of them, add those places' points and share them, each share rounded down.

    Parameters
    ----------
    strengths : mapping of int to int, or iterable of int
        Each seat's stories along the river (or the lake).
    points : tuple of int
        The points of places 1, 2, 3, ... (``rules.river_points``).

    Returns
    -------
    dict
        ``{seat: points}``.

    Examples
    --------
    >>> place_points({0: 8, 1: 6, 2: 6}, (12, 8, 4))
    {0: 12, 1: 6, 2: 6}
    >>> place_points({0: 1, 1: 1, 2: 1, 3: 1, 4: 1}, (12, 8, 4))
    {0: 4, 1: 4, 2: 4, 3: 4, 4: 4}

    Rules: PC-RIVER-02, PC-RIVER-03, PC-RIVER-04, PC-RIVER-05, PC-TWO-06.
    """
    if not isinstance(strengths, Mapping):
        strengths = dict(enumerate(strengths))
    ranked = sorted((v, p) for p, v in strengths.items() if v > 0)
    ranked.reverse()
    out = {p: 0 for p in strengths}
    place = 0
    i = 0
    while i < len(ranked):
        v = ranked[i][0]
        group = [p for w, p in ranked if w == v]
        pot = sum(points[place:place + len(group)])
        for p in group:
            out[p] = pot // len(group)
        place += len(group)
        i += len(group)
    return out


def district_points(stories: Sequence[int], value: int, second: int) -> list[int]:
    """A district's final scoring on a list of stories by seat: everyone with the most
    stories scores ``value``; a sole leader leaves ``second`` to everyone with the next
    most; no stories, no place.

    Parameters
    ----------
    stories : sequence of int
        Each seat's stories in the district.
    value : int
        The district's value.
    second : int
        The second place's points (``rules.second_place``).

    Returns
    -------
    list of int
        Points by seat.

    Examples
    --------
    >>> district_points([5, 3, 3], 6, 2)
    [6, 2, 2]

    Rules: PC-DISTRICT-02, PC-DISTRICT-03, PC-DISTRICT-04, PC-DISTRICT-05.
    """
    out = [0] * len(stories)
    top = max(stories, default=0)
    if top <= 0:
        return out
    firsts = [q for q, v in enumerate(stories) if v == top]
    for q in firsts:
        out[q] = value
    if len(firsts) == 1:
        runner_up = max((v for v in stories if v < top), default=0)
        if runner_up > 0:
            for q, v in enumerate(stories):
                if v == runner_up:
                    out[q] = second
    return out


#: district_points by its arguments: a game's final scorings (and the bots' look-ahead at
#: every build that ends the game) score the same few spreads of stories again and again
_district_points = memo.function(name="pacal.district_points",
                                 key="(stories by seat, value, second place's points)",
                                 maxsize=4096)(district_points)


def final_scoring_table(strengths: Mapping[int, int], value: int, second: int) -> dict[int, int]:
    """:func:`district_points` by seat: first the value, second place ``second``.

    Parameters
    ----------
    strengths : mapping of int to int
        Each seat's stories in the district.
    value : int
        The district's value, the first place's points.
    second : int
        The second place's points (``rules.second_place``).

    Returns
    -------
    dict
        ``{seat: points}``.

    Examples
    --------
    >>> final_scoring_table({0: 5, 1: 5, 2: 3}, 6, 2)
    {0: 6, 1: 6, 2: 0}
    >>> final_scoring_table({0: 5, 1: 3, 2: 3}, 6, 2)
    {0: 6, 1: 2, 2: 2}
    """
    seats = list(strengths)
    return dict(zip(seats, district_points([strengths[p] for p in seats], value, second)))


class Tallies(NamedTuple):
    """What final scoring counts: stories by seat in every district, on the river and on
    the lake (see :func:`final_tallies`).

    Attributes
    ----------
    districts : list of list of int
        ``districts[k][seat]``: stories in district k.
    river : list of int
        Stories by seat on the river spaces (with the lake's, when the two are one area).
    lake : list of int
        Stories by seat on the lake spaces (all 0 when counted with the river).

    Examples
    --------
    >>> import tabletop_nb
    >>> game = tabletop_nb.load_game("pacal", players=3)
    >>> s = game.position(ships=[(1, 0), (7, 8), (9, 8)], pyramids={(5, 5): (1, 2)})
    >>> t = final_tallies(game, s.pyramids)
    >>> t.districts[game.geo.district[game.geo.cell((5, 5))]], t.river
    ([0, 2, 0], [0, 0, 0])
    """

    #: ``districts[k][seat]``: stories in district k
    districts: list[list[int]]
    #: stories by seat on the river spaces (with the lake's, when the two are one area)
    river: list[int]
    #: stories by seat on the lake spaces (all 0 when counted with the river)
    lake: list[int]


def final_tallies(game: PacalGame, pyramids: Sequence[int]) -> Tallies:
    """Every seat's stories in every district, on the river and on the lake, in one pass
    over the board (ships and stones count for nothing at the end).

    Parameters
    ----------
    game : PacalGame
        The game.
    pyramids : sequence of int
        Per space, 0 or ``owner * 8 + stories`` (a state's ``pyramids``).

    Returns
    -------
    Tallies

    Examples
    --------
    >>> import tabletop_nb
    >>> game = tabletop_nb.load_game("pacal", players=3)
    >>> s = game.position(ships=[(1, 0), (7, 8), (9, 8)], pyramids={(5, 5): (1, 2), (2, 2): (0, 1)})
    >>> t = final_tallies(game, s.pyramids)
    >>> [st for st in t.districts if any(st)]
    [[0, 2, 0], [1, 0, 0]]

    Rules: PC-FINAL-01, PC-RIVER-01, PC-RIVER-07, PC-DISTRICT-06.
    """
    n, geo = game.players, game.geo
    district = geo.district
    river_mask, lake_mask = game.final_masks
    districts = [[0] * n for _ in geo.values]
    river, lake = [0] * n, [0] * n
    for c in geo.playable_cells:
        v = pyramids[c]
        if v:
            q, h = v >> 3, v & 7
            districts[district[c]][q] += h
            if river_mask >> c & 1:
                river[q] += h
            if lake_mask >> c & 1:
                lake[q] += h
    return Tallies(districts, river, lake)


def final_points(game: PacalGame, pyramids: Sequence[int],
                 gods: Sequence[Sequence[int]]) -> tuple[tuple[int, int, int, int], ...]:
    """The final scoring of a board: per seat (river, lake, districts, god stones).

    Parameters
    ----------
    game : PacalGame
        The game.
    pyramids : sequence of int
        A state's ``pyramids``.
    gods : sequence of sequence of int
        Each seat's unused god stones.

    Returns
    -------
    tuple
        ``(river, lake, districts, gods)`` points for each seat.

    Examples
    --------
    Seat 1's 2 stories lead a district of value 7, seat 0's 1 story one of value 3; every
    seat still holds god stones worth 12:

    >>> import tabletop_nb
    >>> game = tabletop_nb.load_game("pacal", players=3)
    >>> s = game.position(ships=[(1, 0), (7, 8), (9, 8)], pyramids={(5, 5): (1, 2), (2, 2): (0, 1)})
    >>> final_points(game, s.pyramids, s.gods)
    ((0, 0, 3, 12), (0, 0, 7, 12), (0, 0, 0, 12))
    """
    return tallies_points(game, final_tallies(game, pyramids), gods)


def tallies_points(game: PacalGame, tallies: Tallies,
                   gods: Sequence[Sequence[int]]) -> tuple[tuple[int, int, int, int], ...]:
    """:func:`final_points` from the board's :func:`final_tallies`.

    Parameters
    ----------
    game : PacalGame
        The game.
    tallies : Tallies
        Stories by district, river and lake.
    gods : sequence of sequence of int
        Each seat's unused god stones.

    Returns
    -------
    tuple
        ``(river, lake, districts, gods)`` points for each seat.

    Examples
    --------
    >>> import tabletop_nb
    >>> game = tabletop_nb.load_game("pacal", players=3)
    >>> s = game.position(ships=[(1, 0), (7, 8), (9, 8)], pyramids={(5, 5): (1, 2), (2, 2): (0, 1)})
    >>> tallies_points(game, final_tallies(game, s.pyramids), s.gods) == final_points(game, s.pyramids, s.gods)
    True

    Rules: PC-FINAL-02, PC-RIVER-06, PC-DISTRICT-01, PC-GODSCORE-01, PC-SCORE-11."""
    n, r, geo = game.players, game.rules, game.geo
    stories, river_st, lake_st = tallies
    river = place_points(river_st, r.river_points)
    lake = place_points(lake_st, r.river_points) if game.final_masks[1] else {q: 0 for q in range(n)}
    total = [0] * n
    for k in geo.live_districts:
        for q, v in enumerate(_district_points(tuple(stories[k]), geo.values[k], r.second_place)):
            total[q] += v
    return tuple((river[q], lake[q], total[q], sum(gods[q])) for q in range(n))


def final_after_build(game: PacalGame, s: PacalState, cell: int, height: int,
                      tallies: Tallies | None = None) -> tuple:
    """:func:`final_points` of the board after the seat to play builds ``height`` on
    ``cell`` (his pyramid takes the place of whatever stood there), as the game would
    score it if the build ends it.

    Parameters
    ----------
    game : PacalGame
        The game.
    s : PacalState
        The state before the build.
    cell : int
        The build's space.
    height : int
        The new pyramid's stories.
    tallies : Tallies, optional
        ``final_tallies(game, s.pyramids)``, when the caller has counted them (the bots
        ask about many builds of one state): only the build's space is counted again.

    Returns
    -------
    tuple
        As :func:`final_points`.

    Examples
    --------
    Seat 0 building 2 stories on (3, 9) would add that district's 4 points to his 3:

    >>> import tabletop_nb
    >>> game = tabletop_nb.load_game("pacal", players=3)
    >>> s = game.position(ships=[(1, 0), (7, 8), (9, 8)], stones={0: [(3, 9), (4, 9)]},
    ...                   pyramids={(5, 5): (1, 2), (2, 2): (0, 1)}, phase="build")
    >>> final_points(game, s.pyramids, s.gods)[0]
    (0, 0, 3, 12)
    >>> after = final_after_build(game, s, game.geo.cell((3, 9)), 2)
    >>> after
    ((0, 0, 7, 12), (0, 0, 7, 12), (0, 0, 0, 12))
    >>> final_after_build(game, s, game.geo.cell((3, 9)), 2, final_tallies(game, s.pyramids)) == after
    True

    A subclass that overrides :meth:`PacalGame.final_scoring` is asked itself, about the
    state with the new pyramid in place (the tallies serve the printed scoring only).
    """
    if _final_overridden(game):
        from .state import evolve
        pyramids = s.pyramids[:cell] + (s.player * 8 + height,) + s.pyramids[cell + 1:]
        return tuple(game.final_scoring(evolve(s, pyramids=pyramids)))
    if tallies is None:
        pyramids = s.pyramids[:cell] + (s.player * 8 + height,) + s.pyramids[cell + 1:]
        return final_points(game, pyramids, s.gods)
    return tallies_points(game, tallies_after(game, tallies, cell, s.pyramids[cell],
                                              s.player * 8 + height), s.gods)


def _final_overridden(game: PacalGame) -> bool:
    """Whether the game's ``final_scoring`` is not the printed one (a house rule's)."""
    return "final_scoring" in overridden_hooks(type(game))


def tallies_after(game: PacalGame, tallies: Tallies, cell: int, old: int, new: int) -> Tallies:
    """``tallies`` with the pyramid on ``cell`` changed from ``old`` to ``new`` (each 0 or
    ``owner * 8 + stories``): the lists that space counts in are copied and changed.

    Parameters
    ----------
    game : PacalGame
        The game.
    tallies : Tallies
        A board's tallies.
    cell : int
        The space.
    old, new : int
        Its pyramid code before and after.

    Returns
    -------
    Tallies

    Examples
    --------
    Seat 0's pyramid of 1 story on (2, 2) upgraded to 3 stories:

    >>> import tabletop_nb
    >>> game = tabletop_nb.load_game("pacal", players=3)
    >>> s = game.position(ships=[(1, 0), (7, 8), (9, 8)], pyramids={(2, 2): (0, 1)})
    >>> cell = game.geo.cell((2, 2))
    >>> t = tallies_after(game, final_tallies(game, s.pyramids), cell, 0 * 8 + 1, 0 * 8 + 3)
    >>> t.districts[game.geo.district[cell]]
    [3, 0, 0]
    """
    def moved(st: list[int]) -> list[int]:
        st = st.copy()
        if old:
            st[old >> 3] -= old & 7
        if new:
            st[new >> 3] += new & 7
        return st

    river_mask, lake_mask = game.final_masks
    k = game.geo.district[cell]
    districts = tallies.districts.copy()
    districts[k] = moved(districts[k])
    river = moved(tallies.river) if river_mask >> cell & 1 else tallies.river
    lake = moved(tallies.lake) if lake_mask >> cell & 1 else tallies.lake
    return Tallies(districts, river, lake)
