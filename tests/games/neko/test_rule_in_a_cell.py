"""A rule the rule values cannot express, written as a few lines (issue 27, item 7).

"Ties on a bidding space go to the later bidder" is a subclass of NekoGame overriding one
documented method, ``wins_tie``. The engine's resolution and the bots (greedy, and search
through it and the engine) ask that method, so all of them play the new rule; the game
keeps its class through ``with_rules``, and the lab's functions take it like any game.
"""
from __future__ import annotations

import numpy as np

import tabletop_nb
from tabletop_nb.core.bots import resolve_bot
from tabletop_nb.games.neko import analysis
from tabletop_nb.games.neko.engine import NekoGame
from tabletop_nb.games.neko.state import Bid, EndTurn


class LaterBidderWins(NekoGame):
    """Ties on a bidding space go to the later bidder (in the current turn order)."""

    def wins_tie(self, s, p, q):
        return s.order.index(p) > s.order.index(q)


def _tied(game):
    """Seat 0 has bid a 5 on space 0 and has no dice left; seat 1, to move, has one 5."""
    return game.position(coins=[10, 10], dice={0: [], 1: [5]},
                         discard=[1, 1, 1, 2, 2, 3, 4, 4, 6, 6], bids={0: {0: [5]}}, round=2, seat=1)


def _resolve_first_space(game, s):
    """Play on (first legal choices, first chance outcomes) until the first card is won."""
    while analysis.decision(s).kind != analysis.WIN:
        s = game.apply(s, game.legal_actions(s)[0] if game.current_player(s) >= 0
                       else game.chance_outcomes(s)[0][0])
    return s


def test_the_engine_gives_the_tie_to_the_later_bidder():
    for game, winner in ((NekoGame(players=2), 0), (LaterBidderWins(players=2), 1)):
        s = game.apply(game.apply(_tied(game), Bid(0, 5)), EndTurn())
        s = _resolve_first_space(game, s)
        assert analysis.won_space(s) == 0 and game.current_player(s) == winner


def test_a_seeded_game_differs():
    base, later = NekoGame(players=3), LaterBidderWins(players=3)
    a = tabletop_nb.play(base, "greedy", seed=1)
    b = tabletop_nb.play(later, "greedy", seed=1)
    assert a.actions != b.actions


def test_the_greedy_bot_follows_the_new_rule():
    rng = np.random.default_rng(0)
    base, later = NekoGame(players=2), LaterBidderWins(players=2)
    assert analysis.dice_to_lead(base, _tied(base), 1, 0, (5,)) is None
    assert analysis.dice_to_lead(later, _tied(later), 1, 0, (5,)) == [5]
    assert resolve_bot(base, "greedy")(base, _tied(base), rng) != Bid(0, 5)
    assert resolve_bot(later, "greedy")(later, _tied(later), rng) == Bid(0, 5)


def test_the_search_bot_follows_the_new_rule():
    base, later = NekoGame(players=2), LaterBidderWins(players=2)
    choices = {}
    for game in (base, later):
        bot = resolve_bot(game, "search:16")
        choices[type(game)] = [bot(game, _tied(game), np.random.default_rng(k)) for k in range(2)]
    assert choices[NekoGame] != choices[LaterBidderWins]
    # its candidates begin with the greedy bot's choice, which follows the rule
    assert later.search_actions(_tied(later), np.random.default_rng(0))[0] == Bid(0, 5)


def test_with_rules_keeps_the_subclass():
    later = LaterBidderWins(players=2)
    four = later.with_rules(players=4)
    assert type(four) is LaterBidderWins and four.rules.players == 4
    assert four != NekoGame(players=4)


def test_simulate_and_compare_rules_take_the_subclass():
    from tabletop_nb.lab.compare import compare_rules

    base, later = NekoGame(players=2), LaterBidderWins(players=2)
    rows = tabletop_nb.simulate(later, "greedy", games=4, seed=1)
    assert len(rows) == 8
    table = compare_rules({"printed": base, "later wins ties": later}, "greedy", games=6, seed=2)
    assert "later wins ties" in str(table)


def test_the_dispatch_tables_are_the_games_own_and_cover_every_frame_and_action():
    """One table per question, made once on NekoGame (a subclass shares them: its hooks,
    not its tables, carry a house rule): every kind of frame has its choices (a sampler
    exactly for the chance frames, NK-RND-02), every action class a resolver, every phase
    that needs no choice a step."""
    import dataclasses

    from tabletop_nb.games.neko import frames, state

    later = LaterBidderWins(players=2)
    for table in ("frame_choices", "frame_samplers", "resolvers", "turn_offers", "phase_steps"):
        assert getattr(later, table) is getattr(NekoGame, table)
    assert set(NekoGame.frame_choices) == set(frames.FRAME_CLASSES.values())
    assert {c for c in NekoGame.frame_choices if c._field_defaults["kind"] in state.CHANCE_FRAMES} \
        == set(NekoGame.frame_samplers)
    actions = {c for c in vars(state).values() if isinstance(c, type) and c.__module__ == state.__name__
               and dataclasses.is_dataclass(c) and c.__dataclass_params__.frozen}   # (state records are not)
    actions |= {c for c in vars(state).values() if isinstance(c, type) and c.__module__ == state.__name__
                and issubclass(c, tuple) and hasattr(c, "_fields")}
    assert actions and actions <= set(NekoGame.resolvers), actions - set(NekoGame.resolvers)
    assert set(NekoGame.phase_steps) == set(range(len(state.PHASES))) - {state.OVER}
