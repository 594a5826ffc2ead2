"""The bots ask the rules, they do not restate them: for each ``analysis`` query and game
method the greedy and search bots read (and each hook they follow), a changed answer
changes what the bots do.

The positions are those of seeded greedy games, fixed before any change. For each query
the changed version is put in its place (``monkeypatch`` on the module the bots call it
through, or a subclass for a hook), a fresh bot is asked at every position with the same
generator seeds, and its choices (the greedy bot's action and the search bot's candidate
list) are compared with the unchanged bot's. A bot that kept a copy of the rule, or
answered from a cache filled before the change, would not notice, and the test fails.
``district_gain_bounds`` is a pruning bound: a bound that is too low must change the
choices, no bound at all (every gain asked) must change nothing.

The tests that patch ``analysis`` run on the source only: a compiled bots module calls the
compiled queries directly and would not see the patch (``make test`` runs this module again
with ``TABLETOP_PURE=1``; tests/build checks that the compiled bots choose as the source
does). The tests of the hooks run in both modes.
"""
from __future__ import annotations

import numpy as np
import pytest

import tabletop_nb
from tabletop_nb import native
from tabletop_nb.games.pacal import PacalGame, analysis
from tabletop_nb.games.pacal import bots as pacal_bots
from tabletop_nb.games.pacal.state import BUILD, DROP, GOD, MOVE, Build

PHASES = (MOVE, DROP, BUILD, GOD)


def _positions(players: int, seeds, **rules) -> list:
    """The states of seeded greedy games where a seat chooses among several options."""
    game = tabletop_nb.load_game("pacal", players=players, **rules)
    out = []
    for seed in seeds:
        for s in tabletop_nb.replay(game, tabletop_nb.play(game, "greedy", seed=seed)):
            if s.phase in PHASES and len(s.options) > 1:
                out.append(s)
    return out


def _ending_builds(players: int, seeds) -> list:
    """Build decisions where some option ends the game (its look-ahead is asked)."""
    game = tabletop_nb.load_game("pacal", players=players)
    out = []
    for s in _positions(players, seeds):
        if s.phase != BUILD:
            continue
        for a in s.options:
            if type(a) is Build:
                r = analysis.build_result(game, s, game.geo.index[a.at], a.height)
                if analysis.turn_ends_game(game, s, r.scores, r.ended):
                    out.append(s)
                    break
    return out


@pytest.fixture(scope="module")
def positions():
    return _positions(3, range(3)) + _positions(4, range(2))


@pytest.fixture(scope="module")
def endings():
    return _ending_builds(3, range(12)) + _ending_builds(2, range(6))


def _choices(states, game_cls=PacalGame, seeds=None, **rules) -> list:
    """What a fresh greedy bot and the search bot's candidates are at each state (the
    game, with ``rules`` changed, made afresh too, so no cache of an earlier run answers),
    with generator seed ``seeds[i]`` (default ``i``) at state ``i``."""
    games = {}
    out = []
    bot = pacal_bots.GreedyBot()
    pacal_bots.greedy_bot.tables = pacal_bots.ShapeTables()  # search_actions' bot
    for i, s in enumerate(states):
        seed = i if seeds is None else seeds[i]
        n = len(s.scores)
        game = games.get(n)
        if game is None:
            game = games[n] = game_cls(players=n, **rules)
        greedy = bot(game, s, np.random.default_rng(seed))
        search = tuple(pacal_bots.search_actions(game, s, np.random.default_rng(seed)))
        estimate = pacal_bots.estimate_scores(game, s)
        out.append((greedy, search, estimate))
    return out


def _changed(base, after) -> int:
    """How many positions got another greedy choice or other search candidates."""
    return sum(a[:2] != b[:2] for a, b in zip(base, after))


@pytest.fixture(scope="module")
def base(positions):
    return _choices(positions)


@pytest.fixture(scope="module")
def base_endings(endings):
    return _choices(endings)


#: the tests that patch ``analysis`` run on the source only (see the module's docstring)
source_only = pytest.mark.skipif(native.MODE == "compiled", reason="source mode only: this test patches an analysis query, which a compiled bot calls directly (make test runs it with TABLETOP_PURE=1; tests/build/test_build.py::test_the_compiled_bots_choose_as_the_source_bots_do checks the compiled bots against the source)")


def _wrap(monkeypatch, module, name, change):
    """Put ``change(original, *args)`` in the place of ``module.name``."""
    original = getattr(module, name)
    monkeypatch.setattr(module, name, lambda *args, **kw: change(original, *args, **kw))


@source_only
def test_pc_const_02_pc_ownpyr_01_members_are_asked(monkeypatch, positions, base):
    """PC-OWNPYR-01: without own pyramids as members (analysis.constellation_members),
    the spaces a stone could complete a constellation on change, and so the choices."""
    _wrap(monkeypatch, analysis, "constellation_members",
          lambda f, game, s, seat, visible=None: f(game, s, seat, visible) & ~s.pyr_masks[seat])
    assert _changed(base, _choices(positions)) > 0


def test_pc_const_02_visible_stones_are_asked(monkeypatch, positions, base):
    """PC-CONST-02: if the stones under the other ships counted as visible
    (PacalGame.visible_stones), the bots' members change, and so their choices."""
    monkeypatch.setattr(PacalGame, "visible_stones", lambda self, s, seat, leaving=False: s.stones[seat])
    assert _changed(base, _choices(positions)) > 0


@source_only
def test_pc_const_05_completion_sets_are_asked(monkeypatch, positions, base):
    """PC-CONST-05..11: if no stone completed any shape of 2 stories or more
    (analysis.completion_sets), the bots value spaces otherwise."""
    _wrap(monkeypatch, analysis, "completion_sets", lambda f, game, members: (0, 0, 0, 0))
    assert _changed(base, _choices(positions)) > 0


class _NoThrees(PacalGame):
    def constellation_cells(self, s, seat, lowest=1):
        return [(h, c) for h, c in super().constellation_cells(s, seat, lowest) if h != 3]


def test_pc_const_01_the_constellation_hook_is_asked_for_moves(positions, base):
    """PC-CONST-01..14: under a house rule's constellation_cells (no 3-story shapes) the
    greedy bot's moves change too (it asks the hook where a stone would complete a
    shape), not only the builds the engine offers."""
    moves = [i for i, s in enumerate(positions) if s.phase == MOVE]
    after = _choices([positions[i] for i in moves], _NoThrees, seeds=moves)
    assert sum(base[i][0] != a[0] for i, a in zip(moves, after)) > 0


@source_only
def test_pc_lower_01_the_pyramid_a_shape_builds_is_asked(monkeypatch, positions, base):
    """PC-LOWER-01, PC-BUILD-05: if every constellation built a 1-story pyramid
    (analysis.new_pyramid_heights), a space's worth changes, and so the moves."""
    _wrap(monkeypatch, analysis, "new_pyramid_heights",
          lambda f, game, supply: [[]] + [[1] if supply[0] else [] for _ in range(5)])
    assert _changed(base, _choices(positions)) > 0


@source_only
def test_pc_score_02_district_stories_are_asked(monkeypatch, positions, base):
    """PC-SCORE-02: if every district counted as empty (analysis.district_stories), every
    pyramid would score its district's value, and the bots choose otherwise."""
    _wrap(monkeypatch, analysis, "district_stories", lambda f, game, pyramids, k: [0] * game.players)
    assert _changed(base, _choices(positions)) > 0


@source_only
def test_pc_score_01_build_result_is_asked(monkeypatch, positions, base):
    """PC-SCORE-01: if a 1-story pyramid scored 5 more (analysis.build_result), builds
    are valued otherwise."""
    def more(f, game, s, cell, height, before=None):
        r = f(game, s, cell, height, before)
        if height != 1:
            return r
        scores = list(r.scores)
        scores[s.player] += 5
        return r._replace(scores=tuple(scores))
    _wrap(monkeypatch, analysis, "build_result", more)
    assert _changed(base, _choices(positions)) > 0


@source_only
def test_pc_end_08_turn_ends_game_is_asked(monkeypatch, positions, base):
    """PC-END-04..06: if every build ended the game (analysis.turn_ends_game), each is
    valued by who wins then."""
    _wrap(monkeypatch, analysis, "turn_ends_game", lambda f, *args: True)
    assert _changed(base, _choices(positions)) > 0


@source_only
def test_pc_end_08_final_after_build_is_asked(monkeypatch, endings, base_endings):
    """PC-END-08: a build that ends the game is valued by the final scoring after it
    (analysis.final_after_build): if the builder scored nothing there, it chooses
    otherwise at some of these ends."""
    def nothing_for_the_builder(f, game, s, cell, height, tallies=None):
        final = list(f(game, s, cell, height, tallies))
        final[s.player] = (0, 0, 0, 0)
        return tuple(final)
    assert len(endings) >= 5
    _wrap(monkeypatch, analysis, "final_after_build", nothing_for_the_builder)
    assert _changed(base_endings, _choices(endings)) > 0


@source_only
def test_pc_final_01_final_tallies_are_asked(monkeypatch, endings, base_endings):
    """PC-FINAL-01: the look-ahead counts the board with analysis.final_tallies: if the
    board counted as empty, the builder's new pyramid would take every majority it
    stands in, and the ends are valued otherwise."""
    def empty(f, game, pyramids):
        n = game.players
        return analysis.Tallies([[0] * n for _ in game.geo.values], [0] * n, [0] * n)
    _wrap(monkeypatch, analysis, "final_tallies", empty)
    assert _changed(base_endings, _choices(endings)) > 0


@source_only
def test_pc_score_03_gain_bounds_are_asked_and_only_bound(monkeypatch, positions, base):
    """PC-SCORE-03..08: the move search passes over moves by analysis.district_gain_bounds:
    a bound below what a district pays changes the choices, no bound (every gain asked)
    changes none."""
    monkeypatch.setattr(analysis, "district_gain_bounds", lambda game: None)
    assert _changed(base, _choices(positions)) == 0
    monkeypatch.setattr(analysis, "district_gain_bounds", lambda game: (0,) * len(game.geo.values))
    assert _changed(base, _choices(positions)) > 0


class _DoubleGain(PacalGame):
    def district_gain(self, district, before, seat, added):
        return 2 * super().district_gain(district, before, seat, added) + added


class _NoGodPoints(PacalGame):
    def final_scoring(self, s):
        return tuple((r, lk, d, 0) for r, lk, d, g in super().final_scoring(s))


def test_pc_score_03_the_district_gain_hook_is_asked(positions, base):
    """PC-SCORE-03..08: a house rule's district_gain changes the bots' choices."""
    assert _changed(base, _choices(positions, _DoubleGain)) > 0


def test_pc_final_02_the_final_scoring_hook_is_asked(positions, base, endings, base_endings):
    """PC-FINAL-02, PC-GODSCORE-01: a house rule's final_scoring changes the search bot's
    estimate at every position (unused god stones no longer count) and the greedy bot's
    valuation of builds that end the game."""
    after = _choices(positions, _NoGodPoints)
    with_gods = [(a, b) for a, b, s in zip(base, after, positions) if any(map(sum, s.gods))]
    assert with_gods and all(a[2] != b[2] for a, b in with_gods)
    assert _changed(base_endings, _choices(endings, _NoGodPoints)) > 0


@source_only
def test_pc_turning_09_drop_allowance_is_asked(monkeypatch, positions, base):
    """PC-STRAIGHT-06, PC-TURNING-09, PC-ARROWS-05: if a turning move let a seat bring 2
    stones into play too (analysis.drop_allowance), the greedy bot's two-stone moves are
    others, and its moves change."""
    _wrap(monkeypatch, analysis, "drop_allowance", lambda f, kind: 2 if kind == "turn" else f(kind))
    moves = [i for i, s in enumerate(positions) if s.phase == MOVE]
    after = _choices([positions[i] for i in moves], seeds=moves)
    assert sum(base[i][0] != a[0] for i, a in zip(moves, after)) > 0


@source_only
def test_pc_conflict_02_drop_clashes_are_asked(monkeypatch, positions, base):
    """PC-CONFLICT-01, PC-CONFLICT-02: if a stone dropped onto one of its own colour stayed
    (analysis.drop_clashes never true), the greedy bot drops into ships standing on its own
    stones, and its drops change."""
    _wrap(monkeypatch, analysis, "drop_clashes", lambda f, stones, cell: False)
    drops = [i for i, s in enumerate(positions) if s.phase == DROP]
    after = _choices([positions[i] for i in drops], seeds=drops)
    assert sum(base[i][0] != a[0] for i, a in zip(drops, after)) > 0


@source_only
def test_pc_score_07_moves_are_valued_by_the_gain_without_ties(monkeypatch):
    """PC-SCORE-07 (``rules.tie_scores``: catching up with the leader pays): the greedy bot
    values its moves by the district gain read without ties, which it asks of
    ``analysis.district_gain_without_ties`` (the rules' reading of ties is not the bot's to
    read): if that answer paid ties as the game does, its moves change."""
    states = _positions(3, range(3), tie_scores=True)
    moves = [s for s in states if s.phase == MOVE]
    before = _choices(moves, tie_scores=True)
    monkeypatch.setattr(analysis, "district_gain_without_ties", lambda game: game.district_gain)
    after = _choices(moves, tie_scores=True)
    assert sum(a[0] != b[0] for a, b in zip(before, after)) > 0
