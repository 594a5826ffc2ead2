"""End of Game Scoring and the tie-break.

Rulebook "End of Game Scoring" and its worked example (checklist sections 18-19: PR-SCORE,
PR-TIE). The objective arithmetic is in :mod:`..scoring`.
Tests: tests/games/pebble_rock/test_scoring.py.
"""
from __future__ import annotations


from .. import analysis
from ..scoring import Breakdown, Progress, assignment_points, count_sets, final_score, objective_met
from ..state import State
from .base import Engine as PebbleRockGame


__all__ = ["progress", "assignment_halves_met", "breakdown", "scores", "winners", "ranks"]


def progress(game: PebbleRockGame, s: State, seat: int) -> Progress:
    """What the seat has done, as Assignment objectives measure it: completed cards by
    colour and kind, treasures delivered, fish, sets, the Lighthouse, items.

    Parameters
    ----------
    game : PebbleRockGame
        The game.
    s : State
        The state (only read).
    seat : int
        The seat asked about.

    Examples
    --------
    >>> import tabletop_nb
    >>> game = tabletop_nb.load_game("pebble_rock", players=2)
    >>> progress(game, game.position(boats=[38, 39], fish=[4, 0]), 0).fish
    4
    """
    p = s.players[seat]
    cards = [game.cards[c] for c in p.completed]
    colours: dict[str, int] = {}
    for c in cards:
        for col in set(c.colours):
            colours[col] = colours.get(col, 0) + 1
    return Progress(colours, sum(c.kind == "passenger" for c in cards),
                    sum(c.kind == "cargo" for c in cards),
                    sum(c.kind == "cargo" and c.amount >= 3 for c in cards),
                    len(p.treasure_values), p.fish,
                    count_sets((c.colours for c in cards), game.info.colours),
                    len(cards), p.lighthouse, len(p.items))


def assignment_halves_met(game: PebbleRockGame, s: State, seat: int) -> int:
    """The halves of the seat's kept Assignment card its progress meets now, as bits (1 the
    top, 2 the bottom; 0 without a kept card).

    Rules: PR-SCORE-07.

    Parameters
    ----------
    game : PebbleRockGame
        The game.
    s : State
        The state (only read).
    seat : int
        The seat asked about.

    Examples
    --------
    >>> import tabletop_nb
    >>> game = tabletop_nb.load_game("pebble_rock", players=2)
    >>> assignment_halves_met(game, game.initial_state(), 0)
    0
    """
    card = s.secret[seat].card
    if card <= 0:
        return 0
    a = game.assignments[card]
    pr = progress(game, s, seat)
    return (1 if objective_met(a.top, pr) else 0) | (2 if objective_met(a.bottom, pr) else 0)


def breakdown(game: PebbleRockGame, s: State, seat: int) -> Breakdown:
    """The seat's final score by parts, as if the game ended now: the track, the sets of
    colours, the fish, the Lighthouse, the Assignment card; passengers still on board and
    treasures in the hold score nothing, fish held score and stay.

    Rules: PR-SCORE-04, PR-SCORE-08, PR-PASS-09, PR-TREAS-09, PR-FISH-07.

    Parameters
    ----------
    game : PebbleRockGame
        The game.
    s : State
        The state (only read).
    seat : int
        The seat asked about.

    Examples
    --------
    >>> import tabletop_nb
    >>> game = tabletop_nb.load_game("pebble_rock", players=2)
    >>> b = breakdown(game, game.position(boats=[38, 39], scores=[7, 0], fish=[6, 0]), 0)
    >>> b.track, b.fish_points
    (7, 2)
    """
    r = game.rules
    p = s.players[seat]
    card = s.secret[seat].card
    pts = 0
    if card > 0:
        a = game.assignments[card]
        bits = assignment_halves_met(game, s, seat)
        if analysis.halves_noted_in_play(game):
            bits |= s.secret[seat].achieved
        pts = assignment_points(a.top, a.bottom, bool(bits & 1), bool(bits & 2))
    return final_score(p.score, [game.cards[c].colours for c in p.completed], game.info.colours,
                       p.fish, p.lighthouse, pts, set_value=r.set_points,
                       fish_per_point=r.fish_per_point, lighthouse_value=analysis.lighthouse_points(game))


def scores(game: PebbleRockGame, s: State) -> tuple:
    """Track scores during play; the final scores (:func:`breakdown`) once the game is over,
    kept in the game's declared cache ``pebble_rock.final_scores``.

    Parameters
    ----------
    game : PebbleRockGame
        The game.
    s : State
        The state (only read).

    Examples
    --------
    >>> import tabletop_nb
    >>> game = tabletop_nb.load_game("pebble_rock", players=2)
    >>> scores(game, game.position(boats=[38, 39], scores=[3, 1]))
    (3, 1)
    """
    if s.phase != "over":
        return tuple(p.score for p in s.players)
    cache = game.final_scores
    out = cache.get(s)
    if out is None:
        if len(cache) >= 8:
            cache.clear()
        out = cache[s] = tuple(breakdown(game, s, i).total for i in range(game.num_players))
    return out


def winners(game: PebbleRockGame, s: State, sc: tuple) -> tuple[int, ...]:
    """The highest score ``sc`` wins; a tie goes to the most fish among the tied; a tie of
    fish too is a shared win.

    Rules: PR-TIE-01, PR-TIE-02, PR-TIE-03, PR-TIE-04.

    Parameters
    ----------
    game : PebbleRockGame
        The game.
    s : State
        The state (only read).
    sc : tuple of int
        The final scores, one per seat (:func:`scores`).

    Returns
    -------
    tuple of int
        The winning seats.

    Examples
    --------
    >>> import tabletop_nb
    >>> game = tabletop_nb.load_game("pebble_rock", players=3)
    >>> s = game.position(boats=[38, 39, 47], fish=[1, 4, 4])
    >>> winners(game, s, (9, 9, 5)), winners(game, s, (5, 9, 9))
    ((1,), (1, 2))
    """
    best = max(sc)
    tied = [i for i, v in enumerate(sc) if v == best]
    fish = max(s.players[i].fish for i in tied)
    return tuple(i for i in tied if s.players[i].fish == fish)


def ranks(game: PebbleRockGame, s: State, sc: tuple, win: tuple) -> tuple[int, ...]:
    """Winners ``win`` rank 1; the rest by score ``sc``, ties shared (or broken by fish under
    ``lower_ties_by_fish``).

    Rules: PR-TIE-05.

    Parameters
    ----------
    game : PebbleRockGame
        The game.
    s : State
        The state (only read).
    sc : tuple of int
        The final scores, one per seat (:func:`scores`).
    win : tuple of int
        The winning seats (:func:`winners`).

    Returns
    -------
    tuple of int
        Each seat's rank, 1 the best.

    Examples
    --------
    >>> import tabletop_nb
    >>> game = tabletop_nb.load_game("pebble_rock", players=3)
    >>> s = game.position(boats=[38, 39, 47], fish=[1, 4, 4])
    >>> ranks(game, s, (9, 5, 5), (0,))
    (1, 2, 2)
    """
    by_fish = game.rules.lower_ties_by_fish
    keys = [(i in win, sc[i], s.players[i].fish if by_fish else 0) for i in range(len(sc))]
    return tuple(1 + sum(1 for k in keys if k > keys[i]) for i in range(len(sc)))
