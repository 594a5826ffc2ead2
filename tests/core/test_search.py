"""The search bot (core/search.py): it finds obvious wins, is reproducible, names its
budget, skips decisions with one choice, and never looks at hidden information."""
from __future__ import annotations

import pickle

import numpy as np
import pytest

import tabletop_nb
import tabletop_nb.bots
from tabletop_nb import CHANCE, TabletopError
from tabletop_nb.core.bots import available_bots, bot_name, resolve_bot
from tabletop_nb.core.search import DEFAULT_SIMULATIONS, Plan, SearchBot, parse_search_name

import toygame
from toygame import Decide, ToyState


def toy(**kw):
    return toygame.load_game(**kw)


class CountingToy(toygame.ToyGame):
    """The toy game counting the actions applied (to see whether the bot simulated)."""

    applied = 0

    def apply_trusted(self, s, a):
        CountingToy.applied += 1
        return super().apply_trusted(s, a)


# -- strength on small positions --------------------------------------------------------------
def test_search_holds_when_holding_wins_the_game():
    # seat 0 banks 15 + 6 = 21 >= 20 by holding: a sure win; rolling risks the pot while
    # the other seat, one point short, is about to win
    game = toy()
    s = ToyState(banked=(15, 19), pot=6, player=0, rolling=False, turns=4)
    bot = SearchBot(simulations=64)
    picks = [bot(game, s, np.random.default_rng(k)) for k in range(5)]
    assert picks == [Decide("hold")] * 5


def test_search_rolls_when_holding_cannot_win_but_rolling_can():
    # last turn of the game (max_turns 8 each: turn 15 is seat 1's last); seat 1 trails
    # 10 to 18 with a pot of 2: holding loses for sure, rolling on can still win
    game = toy()
    s = ToyState(banked=(18, 10), pot=2, player=1, rolling=False, turns=15)
    bot = SearchBot(simulations=64)
    assert bot(game, s, np.random.default_rng(3)) == Decide("roll")


def _keep_rolling(game, s, rng):
    """A plan's rest of the turn: roll until the pot wins the game, then hold."""
    if s.player != 0:
        return None
    return Decide("hold") if s.banked[0] + s.pot >= game.rules.target else Decide("roll")


@pytest.mark.parametrize("follow,expected", [(_keep_rolling, "roll"), (None, "hold")])
def test_a_plan_is_judged_by_what_follows_its_first_action(follow, expected):
    # seat 0's last turn, 0 to 19: only rolling on to 20 can win (the rollout policy
    # holds at 10, which loses as surely as holding now). Rolling is chosen only when
    # the plan says how to go on; the action played is always the plan's first one.
    class Planning(toygame.ToyGame):
        def search_actions(self, s, rng):
            return [Decide("hold"), Plan(Decide("roll"), follow, "roll to 20")]

    game = Planning()
    s = ToyState(banked=(0, 19), pot=2, player=0, rolling=False, turns=14)
    bot = SearchBot(simulations=64, rollout="hold10")
    picks = {bot(game, s, np.random.default_rng(k)) for k in range(3)}
    assert picks == {Decide(expected)}


def test_search_beats_random_on_the_toy_game():
    game = toy()
    df = tabletop_nb.simulate(game, [SearchBot(simulations=8), "random"], games=40, seed=2,
                              executor="serial", progress=False)
    rate = df[df.seat == 0].winner.mean()
    assert rate > 0.6


# -- reproducible --------------------------------------------------------------------------
@pytest.mark.parametrize("name", ["toy", "pacal", "pebble_rock", "neko"])
def test_same_seed_same_game(name):
    game = tabletop_nb.load_game(name, players=2)
    bots = [SearchBot(simulations=3), "greedy" if name != "toy" else "random"]
    a = tabletop_nb.play(game, bots, seed=5)
    b = tabletop_nb.play(game, bots, seed=5)
    assert a.actions == b.actions and a.scores == b.scores


def test_same_generator_same_decision_and_a_different_one_may_differ():
    game = toy()
    s = ToyState(banked=(5, 5), pot=8, player=0, rolling=False, turns=2)
    bot = SearchBot(simulations=16)
    first = [bot(game, s, np.random.default_rng(9)) for _ in range(3)]
    assert len(set(first)) == 1
    rng = np.random.default_rng(9)
    before = rng.bit_generator.state
    bot(game, s, rng)
    assert rng.bit_generator.state != before  # it drew from the generator it was given


# -- naming and budgets ------------------------------------------------------------------------
def test_budget_names():
    assert tabletop_nb.bots.search(simulations=400).bot_name == "search:400"
    assert tabletop_nb.bots.search(simulations=50, time_limit=0.5).bot_name == "search:50/0.5s"
    game = tabletop_nb.load_game("pacal", players=2)
    assert "search" in available_bots(game)
    assert resolve_bot(game, "search").simulations == DEFAULT_SIMULATIONS
    bot = resolve_bot(game, "search:64")
    assert isinstance(bot, SearchBot) and bot.simulations == 64 and bot_name(bot) == "search:64"
    assert parse_search_name("greedy") is None
    rec = tabletop_nb.play(game, ["search:2", "greedy"], seed=1)
    assert rec.bots == ("search:2", "greedy")


@pytest.mark.parametrize("name", ["search:0", "search:", "search:abc", "search:1.5", "search:-3"])
def test_bad_budget_names_are_refused(name):
    game = toy()
    with pytest.raises(TabletopError, match="search"):
        resolve_bot(game, name)


@pytest.mark.parametrize("kw", [dict(simulations=0), dict(simulations=2.5), dict(simulations=True),
                                dict(time_limit=0), dict(time_limit=-1.0), dict(time_limit="1"),
                                dict(horizon=0), dict(horizon="long"), dict(rollout=3)])
def test_bad_settings_are_refused(kw):
    with pytest.raises(TabletopError):
        SearchBot(**kw)


def test_search_cannot_roll_out_with_itself():
    game = toy()
    s = ToyState(banked=(5, 5), pot=8, player=0, rolling=False, turns=2)
    with pytest.raises(TabletopError, match="rollout"):
        SearchBot(simulations=2, rollout=SearchBot())(game, s, np.random.default_rng(1))


def test_bots_pickle_and_keep_their_budget():
    bot = tabletop_nb.bots.search(simulations=12, horizon=30)
    game = toy()
    s = ToyState(banked=(5, 5), pot=8, player=0, rolling=False, turns=2)
    bot(game, s, np.random.default_rng(1))  # fills its per-game cache
    again = pickle.loads(pickle.dumps(bot))
    assert again == bot and again.bot_name == "search:12"
    assert again(game, s, np.random.default_rng(1)) == bot(game, s, np.random.default_rng(1))


def test_time_limit_stops_the_search():
    import time
    game = tabletop_nb.load_game("pebble_rock", players=2)
    rng = np.random.default_rng(1)
    s = game.initial_state()
    while game.current_player(s) == CHANCE:
        s = game.apply(s, game.sample_chance(s, rng))
    bot = SearchBot(simulations=100_000, time_limit=0.2)
    t = time.perf_counter()
    a = bot(game, s, rng)
    assert time.perf_counter() - t < 2.0
    assert a in game.legal_actions(s)


# -- decisions without a choice cost nothing ---------------------------------------------------
def test_one_legal_action_is_played_without_search():
    game = CountingToy()
    s = ToyState(banked=(0, 0), pot=0, player=0, rolling=False, turns=0)  # only "roll"
    rng = np.random.default_rng(1)
    before = rng.bit_generator.state
    CountingToy.applied = 0
    assert SearchBot(simulations=500)(game, s, rng) == Decide("roll")
    assert CountingToy.applied == 0 and rng.bit_generator.state == before


def test_one_sensible_action_is_played_without_search():
    class OneSensible(CountingToy):
        def search_actions(self, s, rng):
            return [Decide("hold")]

    game = OneSensible()
    s = ToyState(banked=(3, 3), pot=4, player=0, rolling=False, turns=2)
    CountingToy.applied = 0
    assert SearchBot(simulations=500)(game, s, np.random.default_rng(1)) == Decide("hold")
    assert CountingToy.applied == 0


def test_a_hook_offering_an_illegal_action_is_an_error():
    class Sloppy(toygame.ToyGame):
        def search_actions(self, s, rng):
            return [Decide("fold"), Decide("roll")]

    game = Sloppy()
    s = ToyState(banked=(3, 3), pot=4, player=0, rolling=False, turns=2)
    bot = SearchBot(simulations=8)
    for k in range(6):  # whichever it prefers, it never plays "fold"
        try:
            assert bot(game, s, np.random.default_rng(k)) == Decide("roll")
        except TabletopError as e:
            assert "fold" in str(e)


def test_search_plays_legal_seeded_games_with_the_runner_checking():
    game = tabletop_nb.load_game("pacal", players=3)

    def checked(game, state, rng, _bot=SearchBot(simulations=2)):  # noqa: B008 (one bot, on purpose)
        return _bot(game, state, rng)  # a plain function: the runner checks every action

    rec = tabletop_nb.play(game, [checked, "greedy", "greedy"], seed=4)
    assert game.is_terminal(tabletop_nb.replay(game, rec)[-1])


# -- hidden information ------------------------------------------------------------------------
def _first_decision(game, rng, want):
    s = game.initial_state()
    while True:
        p = game.current_player(s)
        if p == CHANCE:
            s = game.apply(s, game.sample_chance(s, rng))
            continue
        if want(s):
            return s
        s = game.apply(s, game.legal_actions(s)[int(rng.integers(len(game.legal_actions(s))))])


def test_pebble_rock_ignores_the_others_assignment_cards():
    from dataclasses import replace
    game = tabletop_nb.load_game("pebble_rock", players=2)
    rng = np.random.default_rng(3)
    s = _first_decision(game, rng, lambda s: s.phase == "choose" and not s.todo)
    me = game.current_player(s)
    other = 1 - me
    sec = s.secret[other]
    unseen = [a.id for a in game.rules.assignment_cards
              if a.id not in {c for x in s.secret for c in x.offer}]
    offer2 = tuple(unseen[:len(sec.offer)])
    s2 = replace(s, secret=tuple(replace(x, offer=offer2, card=offer2[0]) if i == other else x
                                 for i, x in enumerate(s.secret)))
    assert s2 != s and game.observation(s2, me) == game.observation(s, me)
    bot = SearchBot(simulations=12)
    for k in range(3):
        assert bot(game, s, np.random.default_rng(k)) == bot(game, s2, np.random.default_rng(k))


def test_neko_ignores_the_earlier_draft_picks():
    game = tabletop_nb.load_game("neko", players=3)
    rng = np.random.default_rng(4)
    s = _first_decision(game, rng, lambda s: s.frames and s.frames[-1].kind == "draft"
                        and s.draft.picks and len(set(s.draft.hands[0])) > 1)
    from tabletop_nb.games.neko.state import with_picks
    me = game.current_player(s)
    other = [v for v in set(s.draft.hands[0]) if v != s.draft.picks[0]][0]
    s2 = with_picks(s, (other,) + s.draft.picks[1:])
    assert s2 != s and game.observation(s2, me) == game.observation(s, me)
    bot = SearchBot(simulations=12)
    for k in range(3):
        assert bot(game, s, np.random.default_rng(k)) == bot(game, s2, np.random.default_rng(k))


@pytest.mark.parametrize("name,players", [("pebble_rock", 3), ("neko", 3)])
def test_determinize_is_consistent_with_the_view(name, players):
    game = tabletop_nb.load_game(name, players=players)
    rng = np.random.default_rng(6)
    s = game.initial_state()
    seen = 0
    for _ in range(400):
        p = game.current_player(s)
        if game.is_terminal(s):
            break
        if p == CHANCE:
            s = game.apply(s, game.sample_chance(s, rng))
            continue
        view = game.observation(s, p)
        world = game.determinize(view, p, rng)
        assert game.observation(world, p) == view
        assert game.legal_actions(world) == game.legal_actions(s)
        seen += world != view
        s = game.apply(s, game.legal_actions(s)[int(rng.integers(len(game.legal_actions(s))))])
    assert seen > 0  # some hidden part was filled in


# -- the games' hooks ------------------------------------------------------------------------
@pytest.mark.parametrize("name,players", [("pebble_rock", 2), ("pebble_rock", 4), ("neko", 2),
                                          ("neko", 4), ("pacal", 2), ("pacal", 5)])
def test_search_actions_are_legal_distinct_and_lead_with_greedy(name, players):
    # the search keeps its first candidate unless another is clearly better, so the
    # first must be the greedy bot's own choice (Pacal once listed its drops unordered)
    game = tabletop_nb.load_game(name, players=players)
    greedy = resolve_bot(game, "greedy")
    rng = np.random.default_rng(2)
    s = game.initial_state()
    seen = 0
    while not game.is_terminal(s) and seen < 300:
        p = game.current_player(s)
        if p == CHANCE:
            s = game.apply(s, game.sample_chance(s, rng))
            continue
        view = game.observation(s, p)
        k = int(rng.integers(1 << 30))
        cands = game.search_actions(view, np.random.default_rng(k))
        legal = game.legal_actions(s)
        # plain actions are distinct; a Plan (a macro-action) starts with a legal action
        acts = [c for c in cands if type(c) is not Plan]
        plans = [c for c in cands if type(c) is Plan]
        assert acts and all(a in legal for a in acts) and len(set(acts)) == len(acts)
        assert all(c.action in legal and callable(c.follow) for c in plans)
        assert cands[0] == greedy(game, view, np.random.default_rng(k))
        seen += 1
        s = game.apply(s, greedy(game, view, rng))
    assert seen >= 50


@pytest.mark.parametrize("name", ["pebble_rock", "neko", "pacal"])
def test_estimate_scores_is_the_final_score_at_the_end(name):
    game = tabletop_nb.load_game(name, players=3)
    rec = tabletop_nb.play(game, "greedy", seed=3)
    end = tabletop_nb.replay(game, rec)[-1]
    assert tuple(game.estimate_scores(end)) == tuple(game.scores(end))
    assert len(game.estimate_scores(game.initial_state())) == 3
