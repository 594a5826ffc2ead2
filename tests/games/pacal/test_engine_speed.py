"""The engine's speed-ups (issue 12) against the plain computations they replace: the same
results, in the same order (the order of the legal actions is part of every record)."""
from __future__ import annotations

import random

import numpy as np
import pytest

import tabletop_nb
from tabletop_nb.core.protocol import CHANCE, BaseGame
from tabletop_nb.games.pacal.constellations import BitSearch
from tabletop_nb.games.pacal.engine import final_scoring_table, place_points


def test_find_bits_from_a_lowest_height_keeps_the_full_search_s_order():
    """PC-LOWER: searching from ``lowest`` stories lists exactly the full search's
    constellations of that height or more, in the same order (4-story lines only walk the
    lines long enough for four, and empty masks are skipped)."""
    rng = random.Random(8)
    W = H = 13
    P = 2 * W
    bs = BitSearch(W, H, P)
    cells = [y * P + x for x in range(W) for y in range(H)]
    found = 0
    for _ in range(800):
        members = rng.sample(cells, rng.randint(0, 30))
        k = rng.randint(0, len(members))
        s = sum(1 << c for c in members[:k])
        m = sum(1 << c for c in members)
        dia = rng.random() < 0.3
        full = bs.find_bits(s, m, dia, 1)
        for lowest in (2, 3, 4, 5):
            assert bs.find_bits(s, m, dia, lowest) == [x for x in full if x[0] >= lowest]
        found += sum(1 for h, _ in full if h >= 4)
    assert found > 100


@pytest.mark.parametrize("players", [2, 3, 5])
def test_district_final_scoring_on_lists_equals_the_table(players):
    """PC-DISTRICT-02..05: final_scoring's district points are final_scoring_table's, for
    every spread of stories (ties for first and second included)."""
    game = tabletop_nb.load_game("pacal", players=players)
    geo, r = game.geo, game.rules
    rng = random.Random(players)
    s0 = game.initial_state()
    for _ in range(300):
        pyramids = list(s0.pyramids)
        for c in geo.playable_cells:
            if rng.random() < 0.3:
                pyramids[c] = rng.randrange(players) * 8 + rng.choice([1, 1, 2, 3, 4, 5])
        s = s0.__class__(**{**{f: getattr(s0, f) for f in s0.__slots__}, "pyramids": tuple(pyramids)})
        want = [0] * players
        for k in geo.live_districts:
            for q, v in final_scoring_table(dict(enumerate(game.strengths(s, k))), geo.values[k],
                                            r.second_place).items():
                want[q] += v
        assert [f[2] for f in game.final_scoring(s)] == want

        def area(mask):
            st = dict.fromkeys(range(players), 0)
            for c in geo.cells:
                if mask >> c & 1 and pyramids[c]:
                    st[pyramids[c] >> 3] += pyramids[c] & 7
            return st
        river = place_points(area(geo.river_mask), r.river_points)
        lake = place_points(area(geo.lakeside_mask), r.river_points)
        assert [f[:2] for f in game.final_scoring(s)] == [(river[q], lake[q]) for q in range(players)]


def test_rolls_are_the_base_game_s_draws():
    """sample_chance with its sums made once draws what BaseGame.sample_chance draws from
    the same generator, roll after roll (so seeded games are unchanged)."""
    game = tabletop_nb.load_game("pacal", players=4)
    s = next(x for x in tabletop_nb.replay(game, tabletop_nb.play(game, "random", seed=1))
             if game.current_player(x) == CHANCE)
    a, b = np.random.default_rng(3), np.random.default_rng(3)
    got = [game.sample_chance(s, a) for _ in range(3000)]
    assert got == [BaseGame.sample_chance(game, s, b) for _ in range(3000)]
    assert len(set(got)) == len(game.rules.die.pmf)


def test_bit_list_is_the_set_bits_ascending():
    """bit_list (highest bit off first) lists exactly the set bits, lowest first."""
    from tabletop_nb.games.pacal.constellations import bit_list
    rng = random.Random(3)
    for k in [0, 1, 2, 5, 20, 80, 300] * 20:
        m = sum(1 << c for c in rng.sample(range(400), k))
        assert bit_list(m) == [i for i in range(m.bit_length()) if m >> i & 1]


