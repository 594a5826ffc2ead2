"""The greedy bot's quick valuation (bots.py, "how the bot values spaces quickly") against
the plain computations it stands for (issue 12): the same values on many positions, so the
bot decides as the plain computation would.
"""
from __future__ import annotations

import random

import numpy as np
import pytest

import tabletop_nb
from tabletop_nb.games.pacal import bots
from tabletop_nb.games.pacal.constellations import completion_sets, completion_table, constellations
from tabletop_nb.games.pacal.state import MOVE


def _plain_potential(game, s, p, extra, stones_xy, pyrs_xy):
    """The greedy bot's value of a stone on ``extra`` as it was computed before the speed
    section: every constellation of the members with that stone, best value over those
    through it (the code of commit c77d824)."""
    e = game.geo.xy[extra]
    supply = s.pyr_supply[p]
    best = 0.0
    for h, members in constellations(stones_xy + [e], pyrs_xy, diamonds=game.rules.diamond_squares):
        if e not in members:
            continue
        avail = [x for x in range(h, 0, -1) if supply[x - 1]]
        if not avail:
            continue
        hh = avail[0]
        k = game.geo.district[extra]
        v = 1.0 * hh + 0.8 * game.district_gain(k, game.strengths(s, k), p, hh)
        if v > best:
            best = v
    return best


def _plain_tallest(game, members, cell):
    geo = game.geo
    stones = [geo.xy[cell]]
    others = [geo.xy[c] for c in geo.cells if members >> c & 1 and c != cell]
    hs = [h for h, ms in constellations(stones, others, diamonds=game.rules.diamond_squares)
          if geo.xy[cell] in ms]
    return max(hs)


@pytest.mark.parametrize("diamonds", [False, True])
def test_shapes_find_the_tallest_constellation_through_every_space(diamonds):
    """Random member sets (sparse to dense) on the real board: for every space, the
    tallest shape through it is the tallest the rules' constellation search finds."""
    game = tabletop_nb.load_game("pacal", players=3, diamond_squares=diamonds)
    geo = game.geo
    rng = random.Random(5)
    s = game.initial_state()
    checked = 0
    for trial in range(60):
        density = [0.02, 0.05, 0.1, 0.2, 0.35][trial % 5]
        members = sum(1 << c for c in geo.playable_cells if rng.random() < density)
        tables = bots.ShapeTables()
        shapes = bots._Shapes(game, s, 0, tables.shape_sets(game, members), tables)
        for c in geo.playable_cells[trial % 3::3]:
            assert shapes.tallest(c) == _plain_tallest(game, members, c), (trial, geo.xy[c])
            checked += 1
    assert checked > 2000


def test_a_square_and_a_line_are_found():
    game = tabletop_nb.load_game("pacal", players=3)
    geo = game.geo
    cell = geo.index
    m = sum(1 << cell[xy] for xy in [(2, 2), (5, 2), (2, 5)])  # three corners of a square
    tables = bots.ShapeTables()
    shapes = bots._Shapes(game, game.initial_state(), 0, tables.shape_sets(game, m), tables)
    assert shapes.tallest(cell[(5, 5)]) == 5
    assert shapes.tallest(cell[(8, 2)]) == 3  # (2, 2), (5, 2), (8, 2)
    assert shapes.tallest(cell[(2, 3)]) == 2
    assert shapes.tallest(cell[(9, 9)]) == 1


@pytest.mark.parametrize("rules", [dict(players=2), dict(players=4),
                                   dict(players=5, diamond_squares=True, expert=True)])
def test_potential_equals_the_plain_search_in_played_games(rules):
    """At every move decision of seeded games: the value of a stone on every space the
    ship may reach (and on every other ship's space) is the plain search's, to the bit."""
    game = tabletop_nb.load_game("pacal", **rules)
    geo = game.geo
    checked = 0
    for seed in range(3):
        rec = tabletop_nb.play(game, "random" if seed < 2 else "greedy", seed=seed)
        for s in tabletop_nb.replay(game, rec):
            if s.phase != MOVE:
                continue
            p = s.player
            # the ship leaves its space: the stone under it is visible again
            vis = game.visible_stones(s, p) | (s.stones[p] & (1 << s.ships[p]))
            stones_xy = [geo.xy[c] for c in geo.cells if vis >> c & 1]
            pyrs_xy = [geo.xy[c] for c in geo.cells if s.pyr_masks[p] >> c & 1]
            bot_vis, shapes = bots._shapes(game, s, p, bots.ShapeTables(), leaving=True)
            assert bot_vis == vis
            cells = {geo.index[a.to] for a in s.options if hasattr(a, "to")} | \
                {c for c in s.ships if c >= 0}
            for c in cells:
                assert shapes.potential(c) == _plain_potential(game, s, p, c, stones_xy, pyrs_xy)
                checked += 1
    assert checked > 500


def test_greedy_returns_the_engines_own_actions():
    """greedy_bot.trusted: the runner skips the legality check, so every choice must be one
    of the state's own legal actions (the object itself, not an equal copy)."""
    assert bots.greedy_bot.trusted
    for rules in (dict(players=2), dict(players=4, expert=True)):
        game = tabletop_nb.load_game("pacal", **rules)
        rng = np.random.default_rng(3)
        s = game.initial_state()
        while not game.is_terminal(s):
            if game.current_player(s) < 0:
                s = game.apply_trusted(s, game.sample_chance(s, rng))
                continue
            a = bots.greedy_bot(game, s, rng)
            assert any(a is b for b in s.options), a
            s = game.apply_trusted(s, a)


@pytest.mark.parametrize("diamonds", [False, True])
def test_remembered_shape_sets_are_the_computed_ones(diamonds):
    """_shape_sets answers from its memory exactly what it computes afresh, for the key it
    was asked (members, board, diamond rule), also after the memory was emptied."""
    game = tabletop_nb.load_game("pacal", players=4, diamond_squares=diamonds)
    other = tabletop_nb.load_game("pacal", players=4, diamond_squares=not diamonds)
    geo = game.geo
    rng = random.Random(11)
    sets = [sum(1 << c for c in geo.playable_cells if rng.random() < d)
            for d in (0.0, 0.03, 0.08, 0.15, 0.3) for _ in range(30)]
    tables = bots.ShapeTables()
    for m in sets + sets:  # the second round asks again (from memory, or after a clear)
        for g in (game, other):
            dia = g.rules.diamond_squares
            assert tables.shape_sets(g, m) == completion_sets(
                completion_table(g.geo.width, g.geo.height, g.geo.pad, dia), g.geo.pad, m)


@pytest.mark.parametrize("bitgen", [np.random.PCG64, np.random.MT19937, np.random.Philox])
def test_draws_at_once_are_the_draws_one_by_one(bitgen):
    """_draws(rng, n): the numbers of n calls of rng.random(), and the generator is left
    where the calls leave it (the bot's later decisions draw the same numbers)."""
    for seed in range(30):
        a = np.random.Generator(bitgen(seed))
        b = np.random.Generator(bitgen(seed))
        for n in (0, 1, 2, 7, 18, 0, 33):
            assert bots._draws(a, n) == [b.random() for _ in range(n)]
        assert a.random() == b.random()
    r, q = random.Random(4), random.Random(4)
    assert bots._draws(r, 3) == [q.random() for _ in range(3)]  # any other rng: one by one


@pytest.mark.parametrize("rules", [dict(players=2), dict(players=4),
                                   dict(players=5, diamond_squares=True, expert=True)])
def test_best_move_is_the_best_of_the_move_values(rules):
    """_best_move (one loop, gains skipped when their bound cannot win) chooses the move
    _best(_move_values(...)) chooses, and leaves the generator where it leaves it, at
    every move decision of seeded games ."""
    game = tabletop_nb.load_game("pacal", **rules)
    checked = 0
    for seed in range(3):
        bots_ = (["greedy", "random"] * 3)[:game.num_players] if seed == 2 else "greedy"
        rec = tabletop_nb.play(game, bots_, seed=seed)
        for s in tabletop_nb.replay(game, rec):
            if s.phase != MOVE or not s.supply[s.player] or all(type(a) is bots.UseGod
                                                                  for a in s.options):
                continue
            for rs in range(3):
                a = np.random.default_rng(rs)
                b = np.random.default_rng(rs)
                plain = bots._best(bots._move_values(game, s, a, bots.greedy_bot.tables))
                assert bots._best_move(game, s, b, bots.greedy_bot.tables) is plain
                assert a.random() == b.random()
                checked += 1
    assert checked > 200


def _shift_shape_sets(geo, diamonds, m):
    """The shape sets by shifts of the whole board per line direction and step: the code
    completion_sets had before its pair table (commit 98714c3), kept as the reference."""
    def pairs(m, u, most):
        return [0] + [m & (m >> (k * u)) for k in range(1, most + 1)]

    def lines(m, u, q, span):
        t3 = t4 = 0
        for k in range(1, (span - 1) // 2 + 1):
            d = k * u
            a, b = q[k], q[2 * k]
            if a:
                t3 |= (a >> d) | (a << 2 * d)
                if 3 * k <= span - 1:
                    r = a & (a >> d)
                    t4 |= (r >> d) | (r << 3 * d) | ((m << d) & (a >> d)) | ((a << 2 * d) & (m >> d))
            if b:
                t3 |= b << d
        return t3, t4

    t2 = t3 = t4 = t5 = 0
    if m:
        P = geo.pad
        t2 = (m << 1) | (m >> 1) | (m << P) | (m >> P)
        if m & (m - 1):
            W, H = geo.width, geo.height
            lo = min(W, H)
            rows, cols = pairs(m, 1, W - 1), pairs(m, P, H - 1)
            t3, t4 = lines(m, 1, rows, W)
            a, b = lines(m, P, cols, H)
            t3, t4 = t3 | a, t4 | b
            for u in (P + 1, P - 1):
                a, b = lines(m, u, pairs(m, u, lo - 1), lo)
                t3, t4 = t3 | a, t4 | b
            for k in range(1, lo):
                h = rows[k]
                if h:
                    kp = k * P
                    t5 |= ((h >> kp) & (m >> k)) | ((h >> (kp - k)) & (m << k)) | \
                          ((h << kp) & (m >> k)) | ((h << (kp + k)) & (m << k))
            if diamonds:
                for k in range(1, (lo - 1) // 2 + 1):
                    kp, lr, tb = k * P, rows[2 * k], cols[2 * k]
                    if lr:
                        t5 |= ((lr >> (kp - k)) & (m >> 2 * kp)) | ((lr << (kp + k)) & (m << 2 * kp))
                    if tb:
                        t5 |= ((tb << (kp - k)) & (m >> 2 * k)) | ((tb << (kp + k)) & (m << 2 * k))
    return t5, t4, t3, t2


@pytest.mark.parametrize("rules", [dict(players=4), dict(players=4, diamond_squares=True),
                                   dict(players=2), dict(players=5, diamond_squares=True)])
def test_pair_table_shape_sets_are_the_shifted_ones_on_every_space(rules):
    """completion_sets (members' pairs and the board's pair table) marks every board
    space exactly as the whole-board shifts do, for member sets sparse to dense, the
    seats' real members of seeded games among them."""
    game = tabletop_nb.load_game("pacal", **rules)
    geo, dia = game.geo, game.rules.diamond_squares
    rng = random.Random(23)
    sets = [sum(1 << c for c in geo.playable_cells if rng.random() < d)
            for d in (0.01, 0.03, 0.06, 0.1, 0.2, 0.4, 0.8) for _ in range(25)]
    sets += [sum(1 << c for c in geo.cells if rng.random() < 0.15) for _ in range(20)]  # lake too
    for s in tabletop_nb.replay(game, tabletop_nb.play(game, "greedy", seed=3)):
        for p in range(game.num_players):
            sets.append(game.visible_stones(s, p) | s.pyr_masks[p])
    on_board = geo.board_mask
    table = completion_table(geo.width, geo.height, geo.pad, dia)
    found = [0] * 4
    for m in sets:
        fast = completion_sets(table, geo.pad, m)
        plain = _shift_shape_sets(geo, dia, m)
        assert [t & on_board for t in fast] == [t & on_board for t in plain], bin(m)
        found = [f + bool(t & on_board) for f, t in zip(found, fast)]
    assert min(found) > 50  # every height was found in many sets


def _plain_choose_drop(game, s, rng):
    """The greedy drop as it was before its shapes were made only when needed (98714c3)."""
    from tabletop_nb.games.pacal.state import Drop, TakeBack
    p = s.player
    opts = s.options
    takes = [a for a in opts if type(a) is TakeBack]
    drops = [a for a in opts if type(a) is Drop]
    if takes and s.taken == 0 and s.allowance:
        return bots._choose_drop(game, s, rng, bots.greedy_bot.tables)  # no shapes on this path
    if not drops:
        return opts[0]
    tables = bots.ShapeTables()
    shapes = bots._Shapes(game, s, p, tables.shape_sets(game, game.visible_stones(s, p) | s.pyr_masks[p]),
                          tables)
    own_cell = s.ships[p]
    best, best_v = drops[0], -1e9
    for a, r in zip(drops, [rng.random() for _ in drops]):
        v = 0.0
        if a.own:
            v += -2.0 if s.stones[p] >> own_cell & 1 else 1.0
        if a.into >= 0:
            c = s.ships[a.into]
            if s.stones[p] >> c & 1:
                v -= 2.0
            else:
                v += 0.5 + shapes.potential(c)
        v += r * 1e-3
        if v > best_v:
            best, best_v = a, v
    return best


@pytest.mark.parametrize("rules", [dict(players=2), dict(players=4)])
def test_drop_with_shapes_made_when_needed_is_the_plain_drop(rules):
    """_choose_drop (shapes only for a drop into another ship) chooses what the drop with
    the shapes made first chooses, with the same draws, at every drop decision of seeded
    games, turning moves' one-stone drops among them."""
    from tabletop_nb.games.pacal.state import DROP
    game = tabletop_nb.load_game("pacal", **rules)
    checked = without_into = 0
    for seed in range(3):
        rec = tabletop_nb.play(game, ["greedy", "random"] * (game.num_players // 2), seed=seed)
        for i, s in enumerate(tabletop_nb.replay(game, rec)):
            if s.phase != DROP:
                continue
            a = bots._choose_drop(game, s, np.random.default_rng(i), bots.greedy_bot.tables)
            assert a == _plain_choose_drop(game, s, np.random.default_rng(i))
            checked += 1
            without_into += all(getattr(o, "into", -1) < 0 for o in s.options)
    assert checked > 50 and without_into > 10
