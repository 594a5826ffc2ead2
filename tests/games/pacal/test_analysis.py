"""games/pacal/analysis.py: the queries the engine and the bots share (issue 27, item 2).

What a build scores and whether it ends the game are the engine's own answers (the whole
apply agrees on every build option of seeded games), and the greedy bot follows a rule
changed in a subclass, because it asks the same functions.
"""
from __future__ import annotations

import numpy as np
import pytest

import tabletop_nb
from tabletop_nb.games.pacal import analysis
from tabletop_nb.games.pacal.bots import greedy_bot, search_actions
from tabletop_nb.games.pacal.engine import PacalGame
from tabletop_nb.games.pacal.state import BUILD, OVER, Build


def _build_states(game, seeds, bots="greedy"):
    for seed in seeds:
        for s in tabletop_nb.replay(game, tabletop_nb.play(game, bots, seed=seed)):
            if s.phase == BUILD:
                yield s


@pytest.mark.parametrize("rules", [dict(players=2), dict(players=3), dict(players=4),
                                   dict(players=2, two_player_bonus_end=False, tie_scores=True,
                                        replaced_pyramid="discard"),
                                   dict(players=5, expert=True, river_lake="combined")])
def test_build_result_and_the_end_are_the_whole_apply_s(rules):
    """For every build option of seeded greedy games: build_result's scores, the stories
    after it and turn_ends_game are what applying the build gives, and when the build ends
    the game final_after_build is the final scoring the game ends with."""
    game = tabletop_nb.load_game("pacal", **rules)
    seen = {True: 0, False: 0}
    for s in _build_states(game, range(3)):
        for a in s.options:
            if type(a) is not Build:
                continue
            cell = game.geo.index[a.at]
            got = analysis.build_result(game, s, cell, a.height)
            full = game.apply_trusted(s, a)
            ends = analysis.turn_ends_game(game, s, got.scores, got.ended)
            assert ends == (full.phase == OVER)
            assert got.stories == game.strengths(full, game.geo.district[cell])
            if ends:
                final = analysis.final_after_build(game, s, cell, a.height)
                assert final == full.final
                tallies = analysis.final_tallies(game, s.pyramids)
                assert analysis.final_after_build(game, s, cell, a.height, tallies) == full.final
                assert tuple(got.scores[q] + sum(final[q]) for q in range(game.num_players)) == full.scores
            else:
                assert got.scores == full.scores
            seen[ends] += 1
    assert seen[False] > 30 and seen[True] >= 1


def test_final_points_are_the_district_table_and_the_places():
    """final_points of a board: the districts by final_scoring_table, river and lake by
    place_points, god stones summed."""
    game = tabletop_nb.load_game("pacal", players=3)
    geo, r = game.geo, game.rules
    rng = np.random.default_rng(4)
    s = game.initial_state()
    pyramids = [0] * geo.size
    for c in geo.playable_cells:
        if rng.random() < 0.3:
            pyramids[c] = int(rng.integers(3)) * 8 + int(rng.integers(1, 6))
    got = analysis.final_points(game, pyramids, ((2, 4), (), (6,)))
    districts = [0, 0, 0]
    for k in geo.live_districts:
        st = analysis.district_stories(game, pyramids, k)
        for q, v in analysis.final_scoring_table(dict(enumerate(st)), geo.values[k], r.second_place).items():
            districts[q] += v
    river = analysis.place_points([sum(pyramids[c] & 7 for c in geo.playable_cells
                                       if geo.river_mask >> c & 1 and pyramids[c] >> 3 == q)
                                   for q in range(3)], r.river_points)
    assert [f[2] for f in got] == districts
    assert [f[0] for f in got] == [river[q] for q in range(3)]
    assert [f[3] for f in got] == [6, 0, 6]
    assert s.phase == 0


class EveryBuildScores(PacalGame):
    """A rule change in a subclass: every build scores its district's value."""

    def district_gain(self, district, before, seat, added):
        return self.geo.values[district]


def test_bots_follow_a_rule_changed_in_a_subclass():
    """The engine and the greedy and search bots ask district_gain: under the subclass a
    build that took no majority scores, and the bots choose other builds where it matters."""
    base = tabletop_nb.load_game("pacal", players=3)
    sub = EveryBuildScores(players=3)
    assert type(sub.with_rules(expert=False)) is EveryBuildScores
    engine_differs = greedy_differs = search_differs = 0
    for s in _build_states(base, range(4)):
        for a in s.options:
            if type(a) is Build:
                engine_differs += base.apply_trusted(s, a).scores != sub.apply_trusted(s, a).scores
        greedy_differs += (greedy_bot(base, s, np.random.default_rng(0))
                           != greedy_bot(sub, s, np.random.default_rng(0)))
        search_differs += (search_actions(base, s, np.random.default_rng(0))
                           != search_actions(sub, s, np.random.default_rng(0)))
    assert engine_differs > 10
    assert greedy_differs >= 1 and search_differs >= 1
