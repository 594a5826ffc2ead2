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

from .constellations import constellations
from .state import (BUILD, DROP, GOD, MOVE, OVER, Build, Drop, Move, NoBuild, TakeBack,
                    UseGod)

__all__ = ["greedy_bot", "search_actions", "estimate_scores"]


def _district_gain(game, s, p: int, cell: int, height: int) -> int:
    """Points a new pyramid of ``height`` on ``cell`` would score now (PC-SCORE)."""
    geo = game.geo
    k = geo.district[cell]
    st = game.strengths(s, k)
    if not any(st):
        return geo.values[k]
    others = max(st[q] for q in range(game.num_players) if q != p)
    if st[p] + height > others and not st[p] > others:
        return geo.values[k]
    return 0


def _heights_through(game, stones_xy: list, pyrs_xy: list, e) -> tuple:
    """Stories of every constellation through ``e`` among the stones and pyramids and a
    stone on ``e``. Remembered per game (the same shapes recur all game long, and the
    search bot's rollouts ask again and again): the constellation search is most of the
    greedy bot's time."""
    cache = game.__dict__.setdefault("_greedy_shapes", {})
    key = (frozenset(stones_xy), frozenset(pyrs_xy), e)
    hs = cache.get(key)
    if hs is None:
        if len(cache) > 200_000:
            cache.clear()
        hs = cache[key] = tuple(h for h, members in constellations(
            stones_xy + [e], pyrs_xy, diamonds=game.rules.diamond_squares) if e in members)
    return hs


def _potential(game, s, p: int, extra: int, stones_xy: list, pyrs_xy: list) -> float:
    """Best value of a constellation that a stone on ``extra`` would complete."""
    e = game.geo.xy[extra]
    supply = s.pyr_supply[p]
    best = 0.0
    for h in _heights_through(game, stones_xy, pyrs_xy, e):
        avail = [x for x in range(h, 0, -1) if supply[x - 1]]
        if not avail:
            continue
        hh = avail[0]
        gain = _district_gain(game, s, p, extra, hh)
        v = 1.0 * hh + 0.8 * gain
        if v > best:
            best = v
    return best


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
    p = s.player
    out: list[tuple[Any, float]] = [(NoBuild(), 0.0)]
    geo = game.geo
    for a in s.options:
        if type(a) is not Build:
            continue
        s2 = game.apply_trusted(s, a)
        if s2.phase == OVER:
            sc = s2.scores
            top = max(sc)
            v = 100.0 if sc[p] == top else -100.0
        else:
            cell = geo.index[a.at]
            gained = s2.scores[p] - s.scores[p]
            k = geo.district[cell]
            st = game.strengths(s2, k)
            lead = st[p] - max(st[q] for q in range(game.num_players) if q != p)
            v = 2.0 * gained + 0.9 * a.height + 0.4 * min(lead, 4)
            v += 1.5 * ((geo.river_mask >> cell & 1) + (geo.lakeside_mask >> cell & 1))
            v -= 0.2 * len(a.members)  # stones back to supply are fine, pyramid members cost nothing
        v += rng.random() * 1e-3
        out.append((a, v))
    return out


def _choose_move(game, s, rng):
    opts = s.options
    if all(type(a) is UseGod for a in opts):
        return min(opts, key=lambda a: a.value)
    valued = _move_values(game, s, rng)
    if not valued:
        return min(opts, key=lambda a: a.value)
    return _best(valued)


def _move_values(game, s, rng) -> list:
    """(move, value) for every die move or placement (god stones are not valued)."""
    p = s.player
    geo = game.geo
    opts = s.options
    xy = geo.xy
    ship = s.ships[p]
    # after the move the stone under the ship becomes visible
    vis = game.visible_stones(s, p) | (s.stones[p] & (1 << ship))
    stones_xy = [xy[c] for c in range(geo.size) if vis >> c & 1]
    pyrs_xy = [xy[c] for c in range(geo.size) if s.pyr_masks[p] >> c & 1]
    out = []
    cache: dict = {}
    for a in opts:
        t = type(a)
        if t is UseGod:
            continue
        to = a.to if t is Move else a.at
        c = geo.index[to]
        if c not in cache:
            cache[c] = _potential(game, s, p, c, stones_xy, pyrs_xy) if s.supply[p] else 0.0
        v = cache[c]
        if t is Move and a.kind != "turn":
            v += 1.2
        if vis >> c & 1:
            v -= 3.0  # the ship would hide an own stone
        v += rng.random() * 1e-3
        out.append((a, v))
    return out


def _choose_drop(game, s, rng):
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
    geo = game.geo
    xy = geo.xy
    vis = game.visible_stones(s, p)
    stones_xy = [xy[c] for c in range(geo.size) if vis >> c & 1]
    pyrs_xy = [xy[c] for c in range(geo.size) if s.pyr_masks[p] >> c & 1]
    own_cell = s.ships[p]
    best, best_v = drops[0], -1e9
    for a in drops:
        v = 0.0
        if a.own:
            v += -2.0 if s.stones[p] >> own_cell & 1 else 1.0
        if a.into >= 0:
            c = s.ships[a.into]
            if s.stones[p] >> c & 1:
                v -= 2.0
            else:
                v += 0.5 + _potential(game, s, p, c, stones_xy, pyrs_xy)
        v += rng.random() * 1e-3
        if v > best_v:
            best, best_v = a, v
    return best


def greedy_bot(game, state, rng):
    """One-turn-lookahead bot: constellations, majorities, two-stone moves (see the module)."""
    ph = state.phase
    if ph == BUILD:
        return _choose_build(game, state, rng)
    if ph == MOVE:
        return _choose_move(game, state, rng)
    if ph == DROP:
        return _choose_drop(game, state, rng)
    if ph == GOD:
        opts = state.options
        p = state.player
        geo = game.geo
        xy = geo.xy
        vis = game.visible_stones(state, p)
        stones_xy = [xy[c] for c in range(geo.size) if vis >> c & 1]
        pyrs_xy = [xy[c] for c in range(geo.size) if state.pyr_masks[p] >> c & 1]
        return max(opts, key=lambda a: _potential(game, state, p, geo.index[a.at], stones_xy, pyrs_xy)
                   + rng.random() * 1e-3)
    opts = state.options
    return opts[int(rng.random() * len(opts))]


greedy_bot.bot_name = "greedy"  # type: ignore[attr-defined]  # a bot function's name tag


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
        valued = _move_values(game, s, rng)
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

    >>> import tabletop_nb
    >>> game = tabletop_nb.load_game("pacal", players=2)
    >>> estimate_scores(game, game.initial_state())  # unused god stones score at the end
    (12, 12)
    """
    if s.phase == OVER:
        return tuple(s.scores)
    final = game.final_scoring(s)
    return tuple(s.scores[q] + sum(final[q]) for q in range(game.num_players))
