"""Final scoring gives the rulebook's numbers.

- ``count_sets`` counts sets with colour bit sets (PR-SCORE-02, PR-SCORE-03): checked
  against the definition itself, the best assignment of every card to one of its colours.
- ``scores`` of a finished state is its own breakdown, asked in an order where an answer
  kept from another state would show.
"""
from __future__ import annotations

import itertools
import random

import tabletop_nb
from tabletop_nb.games.pebble_rock.scoring import count_sets


def _sets_by_assignment(cards, colours) -> int:
    """PR-SCORE-02/03 as written: each card counts as one of its colours, a set is one
    card of each colour; the most sets over every way to assign the cards."""
    best = 0
    for pick in itertools.product(*[[x for x in c if x in colours] or [None] for c in cards]):
        best = max(best, min(sum(1 for x in pick if x == col) for col in colours))
    return best


def test_pr_score_02_03_count_sets_is_the_best_assignment():
    rng = random.Random(12)
    colours = ("blue", "green", "red", "yellow")
    one = [(c,) for c in colours]
    two = list(itertools.combinations(colours, 2))
    for _ in range(400):
        n = rng.randrange(0, 11)
        cards = [rng.choice(one + two + [("purple",)]) for _ in range(n)]
        assert count_sets(cards, colours) == _sets_by_assignment(cards, colours), cards


def test_pr_score_01_final_scores_are_each_states_own():
    game = tabletop_nb.load_game("pebble_rock", players=3)
    ends = [tabletop_nb.replay(game, tabletop_nb.play(game, "greedy", seed=s))[-1] for s in (1, 2)]
    want = [tuple(game.breakdown(e, i).total for i in range(3)) for e in ends]
    assert want[0] != want[1]
    for k in (0, 1, 0, 0, 1):
        assert game.scores(ends[k]) == want[k]
        assert game.winners(ends[k]) == tabletop_nb.load_game("pebble_rock", players=3).winners(ends[k])
