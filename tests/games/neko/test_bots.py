"""The greedy bot: legal, stateless, sensible in small positions, and clearly better than random."""
from __future__ import annotations

import numpy as np
import pytest

import tabletop_nb
from tabletop_nb import native
from tabletop_nb.games.neko.bots import greedy_bot
from tabletop_nb.games.neko.state import (ActivateHub, Adjust, Bid, EndTurn, LoadCargo, MoveShip,
                                          TileAdjust)

from neko_helpers import card, make_game, player, port, table

RNG = np.random.default_rng(0)


#: a test that patches a compiled module's function runs on the source only
source_only = pytest.mark.skipif(native.MODE == "compiled", reason="source mode only: this test patches a function of a compiled module, which compiled callers call directly (make test runs it with TABLETOP_PURE=1; tests/build checks that both modes play and choose alike)")


def test_greedy_is_offered_by_name():
    game = tabletop_nb.load_game("neko", players=2)
    assert "greedy" in game.bots()


def test_greedy_adjusts_a_die_with_fuel_to_reach_a_hub():
    """A 2 and a '1 x goods' hub: the bot pays 1 fuel to turn the 2 into a 1, then activates."""
    a, b = card(100, right="goods"), card(101, left=1)
    game = make_game(2, [a, b])
    s = table(game, [player(game, [[100, 101]], dice=(2,), fuel=1), player(game, dice=(1,))])
    act = greedy_bot(game, s, RNG)
    assert act == Adjust(2, -1)
    s = game.apply(s, act)
    assert greedy_bot(game, s, RNG) == ActivateHub(0, 1, 0)


def test_greedy_prefers_a_free_tile_to_fuel():
    pk, b = card(100, "penguin_park", right="goods"), card(101, left=1)
    game = make_game(2, [pk, b])
    s = table(game, [player(game, [[100, 101]], dice=(2,), fuel=1), player(game, dice=(1,))])
    assert greedy_bot(game, s, RNG) == TileAdjust(2, -1)


def test_greedy_moves_ships_onto_paying_hubs_and_loads_ports():
    a, b = card(100, right="coins", pp=2), card(101, left=3)
    game = make_game(2, [a, b])
    s = table(game, [player(game, [[100, 101]], dice=(5,), fuel=2), player(game, dice=(1,))])
    assert greedy_bot(game, s, RNG) == MoveShip(0, 0, 0)
    g2 = make_game(2, [port(102)])
    s = table(g2, [player(g2, [[102]], dice=(5,), goods=1), player(g2, dice=(1,))])
    assert greedy_bot(g2, s, RNG) == LoadCargo(0, 0)


def test_greedy_bids_on_what_it_can_pay_for():
    """A cheap, useful card is bid on; a card it cannot pay for is not."""
    cheap, dear = card(100, "ocean_bank", cost=3, pp=2), card(101, "ocean_bank", cost=30, pp=2)
    game = make_game(2, [cheap, dear])
    s = table(game, [player(game, dice=(5, 6), coins=6), player(game, dice=(1,))],
              area=[101, 100], round=1)
    a = greedy_bot(game, s, RNG)
    assert isinstance(a, Bid) and a.space == 1
    s = game.apply(s, a)
    assert greedy_bot(game, s, RNG) == EndTurn()          # 6 leads the empty card
    poor = table(game, [player(game, dice=(5, 6), coins=0), player(game, dice=(1,))],
                 area=[101, 100])
    assert not isinstance(greedy_bot(game, poor, RNG), Bid)



@source_only
def test_greedy_bids_only_where_analysis_says_a_bid_is_open(monkeypatch):
    """NK-BID-03, NK-BID-04, NK-BID-09: the bot takes the open spaces from
    ``analysis.open_bid_spaces``, as the engine's legal list does: with that function
    patched to close the space it bid on, neither offers that bid and the bot bids
    elsewhere (issue 27: bots ask the engine, never copy it)."""
    from tabletop_nb.games.neko import analysis
    cheap, other = card(100, "ocean_bank", cost=3, pp=2), card(101, "ocean_bank", cost=4, pp=1)
    game = make_game(2, [cheap, other])
    s = table(game, [player(game, dice=(5, 6), coins=6), player(game, dice=(1,))],
              area=[101, 100], round=1)
    assert greedy_bot(game, s, RNG).space == 1
    opened = analysis.open_bid_spaces
    monkeypatch.setattr(analysis, "open_bid_spaces",
                        lambda g, st, p, added: [sp for sp in opened(g, st, p, added) if sp != 1])
    a = greedy_bot(game, s, RNG)
    assert a in game.legal_actions(s) and not any(isinstance(b, Bid) and b.space == 1
                                                   for b in game.legal_actions(s))
    assert isinstance(a, Bid) and a.space == 0

def test_greedy_is_stateless_and_legal_through_whole_games():
    """Every choice is legal in every configuration."""
    for cfg in (dict(players=2), dict(players=3, advanced_cards=True),
                dict(players=4, advanced_setup=True, advanced_cards=True)):
        game = tabletop_nb.load_game("neko", **cfg)
        rec = tabletop_nb.play(game, "greedy", seed=11)
        assert rec.meta["decisions"] < 2000


def _checked_greedy_game(game, seed: int) -> int:
    """Play greedy in every seat, applying each choice with ``apply`` (an exact match
    against the legal actions, types included); return the decisions made."""
    rng = np.random.default_rng(seed)
    s = game.initial_state()
    decisions = 0
    while not game.is_terminal(s):
        p = game.current_player(s)
        if p == tabletop_nb.CHANCE:
            s = game.apply_trusted(s, game.sample_chance(s, rng))
            continue
        a = greedy_bot(game, game.observation(s, p), rng)
        s = game.apply(s, a)        # IllegalActionError if the bot's action is not legal
        decisions += 1
        assert decisions < 5000
    return decisions


def test_greedy_is_trusted_because_every_choice_is_legal():
    """The runner skips the legality check for the greedy bot (``trusted``), so every
    choice is checked here, in the conformance configurations (every ruling on its other
    reading included) and with the Morning Market selling no fuel."""
    import tabletop_nb.games.neko as neko

    assert greedy_bot.trusted
    configs = list(neko.CONFORMANCE) + [dict(players=3, market_fuel=0, start_fuel=0)]
    for i, cfg in enumerate(configs):
        game = tabletop_nb.load_game("neko", **cfg)
        for seed in (2 * i, 2 * i + 1):
            assert _checked_greedy_game(game, seed) > 20


def test_greedy_clearly_beats_random():
    """Seat 0 greedy against random opponents wins most games (2 and 4 players)."""
    for n, games, floor in ((2, 40, 0.85), (4, 20, 0.75)):
        game = tabletop_nb.load_game("neko", players=n)
        df = tabletop_nb.simulate(game, ["greedy"] + ["random"] * (n - 1), games=games, seed=3,
                                  progress=False, executor="serial")
        rate = df[df.seat == 0].winner.mean()
        assert rate >= floor, rate
