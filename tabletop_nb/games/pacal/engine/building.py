"""Building (rulebook: "3. Build a pyramid"): constellations, the build options (own
pyramids as members, upgrades, lower pyramids), and the build itself.

What a build scores and whether it ends the game are :mod:`..analysis`'s
(:func:`~tabletop_nb.games.pacal.analysis.build_result`), shared with the bots.

Rules: PC-CONST, PC-BUILD, PC-REMOVE, PC-OWNPYR, PC-UPGRADE, PC-ONE, PC-LOWER, PC-EXPERT.
"""
from __future__ import annotations

from .. import analysis
from ..constellations import gap_spaces
from ..state import Build, NoBuild, PacalState, evolve
from .base import Engine as PacalGame
from .movement import ships_mask
from .stones import visible_stones

__all__ = ["constellation_cells", "gap_block_mask", "build_options", "build_step"]


def constellation_cells(game: PacalGame, s: PacalState, seat: int, lowest: int = 1) -> list:
    """The seat's constellations now, of ``lowest`` stories or more: ``(stories, cells)``
    over his visible stones and own pyramids, with at least one stone; with the other
    readings of the gap rule, shapes whose gaps hold what the reading forbids are dropped.

    Parameters
    ----------
    game : PacalGame
        The game.
    s : PacalState
        The state.
    seat : int
        Whose constellations.
    lowest : int, default 1
        The fewest stories a constellation may have.

    Returns
    -------
    list of tuple
        ``(stories, cells)``, the cells as space indices.

    Examples
    --------
    >>> import tabletop_nb
    >>> game = tabletop_nb.load_game("pacal", players=3)
    >>> s = game.position(ships=[(1, 0), (7, 8), (9, 8)], stones={0: [(3, 9), (4, 9)]}, phase="build")
    >>> [(h, [game.geo.xy[c] for c in cells]) for h, cells in constellation_cells(game, s, 0, lowest=2)]
    [(2, [(3, 9), (4, 9)])]

    Rules: PC-CONST-12."""
    vis = visible_stones(s, seat)
    if not vis:
        return []
    found = game.tables.search.find_bits(vis, analysis.constellation_members(game, s, seat, vis),
                                         game.rules.diamond_squares, lowest)
    if game.rules.gap_contents != "anything":  # PC-CONST-12 readings b and c
        blocked = gap_block_mask(s, seat, game.rules.gap_contents)
        xy, index = game.geo.xy, game.geo.index
        found = [(h, cells) for h, cells in found
                 if not any(blocked >> index[g] & 1 for g in gap_spaces(h, tuple(xy[c] for c in cells)))]
    return found


def gap_block_mask(s: PacalState, seat: int, gap_contents: str) -> int:
    """The spaces a constellation's gaps may not hold: the seat's own stones and pyramids
    (``"no_own"``), or anything at all (``"empty"``).

    Parameters
    ----------
    s : PacalState
        The state.
    seat : int
        The builder.
    gap_contents : str
        The reading of the gap rule (``rules.gap_contents``): ``"no_own"`` or
        ``"empty"`` (``"anything"`` blocks nothing and is not asked here).

    Returns
    -------
    int
        A bit set of space indices.

    Examples
    --------
    >>> import tabletop_nb
    >>> from tabletop_nb.games.pacal.constellations import bit_list
    >>> game = tabletop_nb.load_game("pacal", players=3)
    >>> s = game.position(ships=[(1, 0), (7, 8), (9, 8)], stones={0: [(3, 9)], 1: [(6, 6)]},
    ...                   pyramids={(2, 2): (0, 1)}, phase="build")
    >>> [game.geo.xy[c] for c in bit_list(gap_block_mask(s, 0, "no_own"))]
    [(2, 2), (3, 9)]
    >>> len(bit_list(gap_block_mask(s, 0, "empty")))   # 3 ships, 2 stones, 1 pyramid
    6

    Rules: PC-CONST-12."""
    if gap_contents == "no_own":
        return s.stones[seat] | s.pyr_masks[seat]
    m = ships_mask(s.ships)
    for x in s.stones:
        m |= x
    for x in s.pyr_masks:
        m |= x
    return m


def build_options(game: PacalGame, s: PacalState) -> tuple:
    """The build decision's options: "no build" first, then every (height, space,
    members) the seat's constellations allow: a new pyramid on a stone member, or an
    upgrade of an own pyramid member (the expert game: no pyramid members but the one
    upgraded). Empty when nothing can be built.

    Parameters
    ----------
    game : PacalGame
        The game.
    s : PacalState
        The state; its seat to play builds.

    Returns
    -------
    tuple
        :class:`~tabletop_nb.games.pacal.state.NoBuild` then the
        :class:`~tabletop_nb.games.pacal.state.Build` options, or ``()``.

    Examples
    --------
    >>> import tabletop_nb
    >>> game = tabletop_nb.load_game("pacal", players=3)
    >>> s = game.position(ships=[(1, 0), (7, 8), (9, 8)], stones={0: [(3, 9), (4, 9)]}, phase="build")
    >>> opts = build_options(game, s)
    >>> opts[0], [(a.height, a.at) for a in opts[1:]]
    (NoBuild(), [(1, (3, 9)), (1, (4, 9)), (2, (3, 9)), (2, (4, 9))])

    Rules: PC-BUILD-01, PC-BUILD-02, PC-BUILD-03, PC-BUILD-04, PC-BUILD-07, PC-OWNPYR-04,
    PC-OWNPYR-05, PC-UPGRADE-01, PC-UPGRADE-02, PC-UPGRADE-06, PC-EXPERT-01, PC-EXPERT-02,
    PC-EXPERT-03, PC-EXPERT-04."""
    p = s.player
    supply = s.pyr_supply[p]
    # shapes lower than the lowest pyramid left cannot be built, not even by upgrading
    lowest = next((h for h in range(1, 6) if supply[h - 1]), 6)
    found = game.constellation_cells(s, p, lowest)
    if not found:
        return ()
    xy = game.geo.xy
    pyramids = s.pyramids
    own = s.pyr_masks[p]
    expert = game.rules.expert
    new_heights = analysis.new_pyramid_heights(game, supply)
    out = []
    for natural, cells in found:
        members = tuple([xy[c] for c in cells])
        pyr = [c for c in cells if own >> c & 1]
        if not pyr:
            for h in new_heights[natural]:
                for at in members:
                    out.append(Build(h, at, members))
            continue
        if not expert:
            for h in new_heights[natural]:
                for c in cells:
                    if not own >> c & 1:
                        out.append(Build(h, xy[c], members))
        if not expert or len(pyr) == 1:
            for c in pyr:
                for h in analysis.heights(game, supply, natural, pyramids[c] & 7):
                    out.append(Build(h, xy[c], members))
    if not out:
        return ()
    return (NoBuild(),) + tuple(out)


def build_step(game: PacalGame, s: PacalState, a: Build) -> tuple[PacalState, analysis.BuildResult]:
    """The build itself: the pyramid on its space (an upgrade replaces the old one), the
    builder's stone members and the other colours' stones on that space back to their
    supplies; the points and the end are :func:`analysis.build_result`'s. Returns the
    state before the turn ends, and that result.

    Parameters
    ----------
    game : PacalGame
        The game.
    s : PacalState
        The state at the build decision.
    a : Build
        One of its build options.

    Returns
    -------
    tuple
        The state after the build (the turn not ended yet) and the
        :class:`~tabletop_nb.games.pacal.analysis.BuildResult`.

    Examples
    --------
    >>> import tabletop_nb
    >>> game = tabletop_nb.load_game("pacal", players=3)
    >>> s = game.position(ships=[(1, 0), (7, 8), (9, 8)], stones={0: [(3, 9), (4, 9)]}, phase="build")
    >>> s.options[-1]
    Build(height=2, at=(4, 9), members=((3, 9), (4, 9)))
    >>> s2, result = build_step(game, s, s.options[-1])
    >>> s2.pyramids[game.geo.cell((4, 9))], s2.supply[0] - s.supply[0], result.scores
    (2, 2, (4, 0, 0))

    Rules: PC-BUILD-06, PC-REMOVE-01, PC-REMOVE-02, PC-REMOVE-03, PC-REMOVE-04,
    PC-REMOVE-05, PC-LOWER-02, PC-UPGRADE-03, PC-UPGRADE-04, PC-ONE-02."""
    p = s.player
    index = game.geo.index
    cell = index[a.at]
    result = analysis.build_result(game, s, cell, a.height)
    pyramids = list(s.pyramids)
    pyr_masks = list(s.pyr_masks)
    pyramids[cell] = p * 8 + a.height
    pyr_masks[p] |= 1 << cell
    stones = list(s.stones)
    supply = list(s.supply)
    for m in a.members:  # PC-REMOVE-01: own stone members back to supply
        b = 1 << index[m]
        if stones[p] & b:
            stones[p] &= ~b
            supply[p] += 1
    bit = 1 << cell
    for q in range(game.players):  # PC-REMOVE-02: other colours' stones on the build space go back
        if stones[q] & bit:
            stones[q] &= ~bit
            supply[q] += 1
    s2 = evolve(s, pyramids=tuple(pyramids), pyr_masks=tuple(pyr_masks),
                pyr_supply=s.pyr_supply[:p] + (result.pyr_supply,) + s.pyr_supply[p + 1:],
                discarded=result.discarded, stones=tuple(stones), supply=tuple(supply))
    return s2, result
