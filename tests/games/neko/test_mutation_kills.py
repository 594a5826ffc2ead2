"""Tests for mutation survivors in the Neko engine (benchmarks/mutants.py, docs/mutation.md):
each fails on the mutant it names and passes on the engine.

They go through the public surface only (``game.position``, ``apply``, ``legal_actions``,
``chance_outcomes``, ``sample_chance``, the log ``game.events``), with test cards given as
rules (``neko_helpers.card`` / ``make_game``: the ``cards`` rule), so they hold while the
engine's modules are reshaped."""
from __future__ import annotations

import random

from neko_helpers import card, make_game

import tabletop_nb
from tabletop_nb.games.neko import analysis
from tabletop_nb import CHANCE
from tabletop_nb.games.neko.state import ChurchHub, HospitalRemove, Pass

#: the shipped Hospital card
HOSPITAL = 46


def test_nk_ho_02_the_hospital_removal_is_told_with_its_count():
    """NK-HO-02: the Hospital's free removal takes one interference tile, and the log says
    one. (Mutant: the event told 2 tiles.)"""
    game = tabletop_nb.load_game("neko", players=2)
    s = game.position(lanes={0: [[HOSPITAL]]}, interference=[3, 0], dice={0: [3, 5], 1: [1]},
                      discard=[2] * 9)
    s = game.apply(s, HospitalRemove())
    assert s.players[0].interference == 2
    assert game.events(s) == ("Yellow removed 1 interference tile(s) (Hospital)",)


def test_nk_ch_01_a_church_die_on_a_hub_with_a_ship_catches_a_fish_and_says_so():
    """NK-CH-01, NK-CH-02, NK-HUB-05: a losing die the Church puts on a fuel hub where a ship
    lies activates the hub (+3 fuel) and the ship catches a fish; the log tells all three.
    (Mutant: the "catch" event deleted: the fish came without a word.)"""
    ch = card(101, "special", effect="church", right="fuel")
    b = card(102, left=3, right="coins", activate=(4, 5, 6))
    c = card(103, left=2, activate=(1, 2, 3))
    game = make_game(2, [ch, b, c, card(100, cost=1)])
    s = game.position(phase="resolve", lanes={1: [[101, 102, 103]]}, ships={1: [(0, 1, 0)]},
                      area=[100], bids={0: {0: [6, 6, 6], 1: [1, 2, 3]}}, coins=[5, 0],
                      fuel=[0, 0], dice={0: [], 1: []}, discard=[4] * 6)
    s = game.apply(s, Pass())
    assert game.legal_actions(s)[0] == ChurchHub(0, 1, 0)
    s = game.apply(s, ChurchHub(0, 1, 0))
    assert (s.players[1].fuel, s.players[1].fish) == (3, 1)
    assert game.events(s) == ("Red put a losing die on a hub (Church)",
                              "Red's die activated a hub: +3 fuel", "Red caught a fish")


def test_nk_set_nk_drf_01_every_sampled_chance_event_is_an_outcome():
    """NK-SET (the middle tiles and the turn order drawn at set-up), NK-ADV (the advanced
    area), NK-DRF-01 (the rolls), NK-RND (the card draws): ``sample_chance`` answers one of
    ``chance_outcomes``' outcomes at every chance event of two seeded random games (basic
    and advanced), from the first set-up draw on. The mutation runs leave out the
    conformance suite, which checks this over many games: here it is in the game's own
    tests, so a fast draw path that answers another kind's outcome is caught."""
    for rules in ({}, {"advanced_cards": True}):
        game = tabletop_nb.load_game("neko", players=2, **rules)
        rng = random.Random(3)
        s = game.initial_state()
        draws = 0
        for _ in range(400):
            if game.is_terminal(s):
                break
            if game.current_player(s) == CHANCE:
                a = game.sample_chance(s, rng)
                assert a in dict(game.chance_outcomes(s)), (a, game.phase(s))
                draws += 1
            else:
                a = rng.choice(game.legal_actions(s))
            s = game.apply(s, a)
        assert draws >= 5



def test_nk_pp_10_a_park_die_may_go_on_the_first_card_of_the_deck():
    """NK-PP-10, NK-PP-13: a variant Penguin Park, once placed, lets its owner put a
    discarded die on a bidding space still to be resolved that holds a card; card id 0 (the
    shipped Ocean Bank #0) is a card like any other. Here a period-1 variant Park (a test
    card) is bought on space 0 and card 0 waits on space 1. (Mutant: a space was taken as
    empty when its card id was below 1, so card 0's space was never offered.)"""
    from tabletop_nb.games.neko.state import Buy, ParkDie
    park = card(200, "penguin_park", cost=3, effect="variant")
    game = make_game(2, [park])
    s = game.position(phase="resolve", area=[200, 0], bids={0: {0: [6]}, 1: {1: [5]}},
                      coins=[10, 10], dice={0: [], 1: []}, discard=[4] * 10)
    s = game.apply(s, Buy(200, 0, 0))
    assert game.current_player(s) == 0
    assert game.legal_actions(s) == [ParkDie(4, 1)]


def test_nk_hub_01_a_card_placed_beside_card_0_forms_their_half_hub():
    """NK-HUB-01, NK-PLC-05: a card placed into an empty slot forms the half-hub with the
    card to its right; card id 0 (the shipped Ocean Bank #0) is a card like any other. The
    hubs after buying card 1 into slot 0 of a lane holding card 0 in slot 1 are those of
    the same lane laid out directly. (Mutant: a neighbour counted only when its id is 1 or
    more, so the pair with card 0 was missing.)"""
    from tabletop_nb.games.neko.state import Buy
    game = tabletop_nb.load_game("neko", players=2)
    s = game.position(phase="resolve", area=[1, 2], lanes={0: [[None, 0]]},
                      bids={0: {0: [6]}, 1: {1: [5]}}, coins=[10, 10], dice={0: [], 1: []},
                      discard=[4] * 10)
    s = game.apply(s, Buy(1, 0, 0))
    assert s.players[0].lanes[0][:2] == (1, 0)
    laid = game.position(lanes={0: [[1, 0]]}, area=[2, 3])
    assert analysis.hubs(game, s.players[0]) == analysis.hubs(game, laid.players[0])
    assert any(key == (0, 1, 0) for key, _, _ in analysis.hubs(game, s.players[0]))
