"""End of Game Scoring and the tie-break.

Rulebook "End of Game Scoring" and its worked example (checklist sections 18-19:
PR-SCORE-01..08, PR-TIE-01..05). The objective arithmetic is in :mod:`..scoring`.
Tests: tests/games/pebble_rock/test_scoring.py.
"""
from __future__ import annotations


from ..scoring import Breakdown, Progress, assignment_points, count_sets, objective_met
from ..state import (State)

from .base import PebbleRockBase


class Scoring(PebbleRockBase):
    """This section's part of the game class (a mixin of PebbleRockGame)."""

    def progress(self, s: State, seat: int) -> Progress:
        """What the seat has done, as Assignment objectives measure it."""
        p = s.players[seat]
        cards = [self.cards[c] for c in p.completed]
        colours: dict[str, int] = {}
        for c in cards:
            for col in set(c.colours):
                colours[col] = colours.get(col, 0) + 1
        return Progress(colours, sum(c.kind == "passenger" for c in cards),
                        sum(c.kind == "cargo" for c in cards),
                        sum(c.kind == "cargo" and c.amount >= 3 for c in cards),
                        len(p.treasure_values), p.fish,
                        count_sets((c.colours for c in cards), self.info.colours),
                        len(cards), p.lighthouse, len(p.items))

    def assignment_halves_met(self, s: State, seat: int) -> int:
        """The halves of the seat's kept Assignment card its progress meets now, as bits
        (1 the top, 2 the bottom; 0 without a kept card). Rules: PR-SCORE-07."""
        card = s.secret[seat].card
        if card <= 0:
            return 0
        a = self.assignments[card]
        pr = self.progress(s, seat)
        return (1 if objective_met(a.top, pr) else 0) | (2 if objective_met(a.bottom, pr) else 0)

    def breakdown(self, s: State, seat: int) -> Breakdown:
        """The seat's final score by parts, as if the game ended now: passengers still on
        board and treasures in the hold score nothing; fish held score and stay.
        Rules: PR-SCORE-01..08, PR-PASS-09, PR-TREAS-09, PR-FISH-07."""
        r = self.rules
        p = s.players[seat]
        cards = [self.cards[c].colours for c in p.completed]
        sets = count_sets(cards, self.info.colours)
        card = s.secret[seat].card
        pts = 0
        if card > 0:
            a = self.assignments[card]
            bits = self.assignment_halves_met(s, seat)
            if r.assignment_check == "any_time":
                bits |= s.secret[seat].achieved
            pts = assignment_points(a.top, a.bottom, bool(bits & 1), bool(bits & 2))
        return Breakdown(p.score, sets, sets * r.set_points, p.fish, p.fish // r.fish_per_point,
                         r.lighthouse_points if p.lighthouse else 0, pts)

    def scores(self, s: State) -> tuple:
        """Track scores during play; final scores (PR-SCORE-01) once the game is over."""
        if s.phase != "over":
            return tuple(p.score for p in s.players)
        out = self.final_scores.get(s)
        if out is None:
            if len(self.final_scores) >= 8:
                self.final_scores.clear()
            out = self.final_scores[s] = tuple(self.breakdown(s, i).total
                                               for i in range(self.num_players))
        return out

    def winners(self, s: State) -> tuple[int, ...]:
        """PR-TIE-01..04: the highest score; then the most fish; then a shared win."""
        sc = self.scores(s)
        best = max(sc)
        tied = [i for i, v in enumerate(sc) if v == best]
        fish = max(s.players[i].fish for i in tied)
        return tuple(i for i in tied if s.players[i].fish == fish)

    def ranks(self, s: State) -> tuple[int, ...]:
        """Winners rank 1; the rest by score, ties shared (or broken by fish, PR-TIE-05)."""
        sc = self.scores(s)
        win = set(self.winners(s))
        by_fish = self.rules.lower_ties_by_fish
        keys = [(i in win, sc[i], s.players[i].fish if by_fish else 0) for i in range(len(sc))]
        return tuple(1 + sum(1 for k in keys if k > keys[i]) for i in range(len(sc)))
