"""End-of-game scoring: sets of four colours, fish, the Lighthouse token, assignments.

Pure functions of plain values, so the rulebook's scoring example is checked without a
game (tests/games/pebble_rock/test_scoring.py).
"""
from __future__ import annotations

from typing import Iterable, NamedTuple, Sequence

from .rules import Objective

__all__ = ["count_sets", "fish_points", "objective_met", "assignment_points", "Breakdown",
           "final_score"]


def count_sets(cards: Iterable[Sequence[str]], colours: Sequence[str]) -> int:
    """The most complete sets (one card of each colour) a pile of completed cards makes.

    Each card is the tuple of colours it may count as (two for a two-colour card), and
    counts as exactly one of them, in at most one set (PR-SCORE-02, PR-SCORE-03). By
    Hall's theorem, k sets exist exactly when every group S of colours has at least
    k * ``|S|`` cards that can count as some colour of S; so the answer is the smallest
    ``cards touching S // |S|`` over all groups S.

    Parameters
    ----------
    cards : iterable of sequence of str
        Per completed card, the colours it may count as.
    colours : sequence of str
        The colours a set needs one card of each.

    Returns
    -------
    int
        The number of complete sets.

    Examples
    --------
    >>> count_sets([("r",), ("r", "b"), ("b", "g"), ("g",), ("y",)], "rbgy")
    1
    >>> count_sets([("r", "b"), ("g",), ("y",)], "rbgy")
    0
    """
    colours = tuple(colours)
    # each card as a bit set of the colours it may count as; equal sets counted together
    bit = {x: 1 << i for i, x in enumerate(colours)}
    piles: dict[int, int] = {}
    n = 0
    for c in cards:
        m = 0
        for x in c:
            m |= bit.get(x, 0)
        piles[m] = piles.get(m, 0) + 1
        n += 1
    best = n // max(1, len(colours))
    for group in range(1, 1 << len(colours)):  # every nonempty group S of colours
        touching = sum(v for m, v in piles.items() if m & group)
        best = min(best, touching // group.bit_count())
        if best == 0:
            return 0
    return best


def fish_points(fish: int, per_point: int = 3) -> int:
    """One point per ``per_point`` fish, rounded down (PR-SCORE-05).

    Parameters
    ----------
    fish : int
        Fish held.
    per_point : int, default 3
        Fish per point.

    Returns
    -------
    int
        The points.

    Examples
    --------
    >>> fish_points(8), fish_points(2), fish_points(14)
    (2, 0, 4)
    """
    return fish // per_point


class Progress(NamedTuple):
    """What an Assignment objective is measured against, for one player."""

    colour_counts: dict  # colour -> completed cards that may count as it
    passengers: int
    cargo_cards: int
    big_cargo: int
    treasure: int
    fish: int
    sets: int
    cards: int
    lighthouse: bool
    items: int


def objective_met(o: Objective, p: Progress) -> bool:
    """Whether one half of an Assignment card is completed.

    Parameters
    ----------
    o : Objective
        One half of an Assignment card.
    p : Progress
        The player's counts (colours delivered, fish, ...).

    Returns
    -------
    bool
        Whether it is met.

    Examples
    --------
    >>> from tabletop_nb.games.pebble_rock.rules import Objective
    >>> pr = Progress({"red": 3}, 0, 3, 1, 0, 4, 0, 3, False, 0)
    >>> objective_met(Objective("colour", 3, 5, "red"), pr), objective_met(Objective("fish", 9, 5), pr)
    (True, False)
    """
    k = o.kind
    if k == "colour":
        have = p.colour_counts.get(o.colour, 0)
    elif k == "lighthouse":
        have = int(p.lighthouse)
    else:
        have = getattr(p, k)
    return have >= o.count


def assignment_points(top: Objective, bottom: Objective, top_met: bool, bottom_met: bool) -> int:
    """Points of an Assignment card: the better completed half, never both (PR-SCORE-07).

    Parameters
    ----------
    top, bottom : Objective
        The card's two halves.
    top_met, bottom_met : bool
        Whether each is completed.

    Returns
    -------
    int
        The points.

    Examples
    --------
    >>> from tabletop_nb.games.pebble_rock.rules import Objective
    >>> assignment_points(Objective("fish", 9, 5), Objective("fish", 15, 10), True, True)
    10
    """
    return max(top.points if top_met else 0, bottom.points if bottom_met else 0)


class Breakdown(NamedTuple):
    """A player's final score by parts.

    Parameters
    ----------
    track : int
        Points on the score track.
    sets, set_points : int
        Complete colour sets and what they score.
    fish, fish_points : int
        Fish held and what they score.
    lighthouse_points : int
        The Lighthouse bonus.
    assignment_points : int
        The Assignment card's points.

    Examples
    --------
    >>> b = Breakdown(53, 1, 5, 14, 4, 0, 0)
    >>> b.total
    62
    """

    track: int
    sets: int
    set_points: int
    fish: int
    fish_points: int
    lighthouse_points: int
    assignment_points: int

    @property
    def total(self) -> int:
        return (self.track + self.set_points + self.fish_points + self.lighthouse_points
                + self.assignment_points)


def final_score(track: int, set_cards: Iterable[Sequence[str]], colours: Sequence[str], fish: int,
                lighthouse: bool, assignment: int, *, set_value: int = 5, fish_per_point: int = 3,
                lighthouse_value: int = 3) -> Breakdown:
    """Add up a final score from its parts (PR-SCORE-01).

    Parameters
    ----------
    track : int
        Points on the score track.
    set_cards : iterable of sequence of str
        Per completed card, the colours it may count as.
    colours : sequence of str
        The set colours.
    fish : int
        Fish held.
    lighthouse : bool
        Whether the player holds the Lighthouse bonus.
    assignment : int
        The Assignment card's points.
    set_value, fish_per_point, lighthouse_value : int
        The rules' values (5, 3 and 3 in the printed game).

    Returns
    -------
    Breakdown
        The parts and their ``total``.

    Examples
    --------
    Liam in the rulebook's example: track 53, one set, 14 fish, no assignment, no token.

    >>> final_score(53, [("r",), ("b",), ("g",), ("y",)], "rbgy", 14, False, 0).total
    62
    """
    n = count_sets(set_cards, colours)
    return Breakdown(track, n, n * set_value, fish, fish_points(fish, fish_per_point),
                     lighthouse_value if lighthouse else 0, assignment)
