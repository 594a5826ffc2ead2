"""game.position(...): a Neko position built from what is on the table, validated.

The defaults give a legal, playable state; every impossible position is refused with the
reason and builds nothing; the legal actions from a built position are those play reaches.
"""
from __future__ import annotations

import numpy as np
import pytest

import tabletop_nb
from tabletop_nb import CHANCE, TabletopError
from tabletop_nb.games.neko import invariants
from playout import play_out
from tabletop_nb.games.neko.engine import ACTION, DRAFT, INCOME, MARKET, PREP, REWARD, ROLL


@pytest.fixture(scope="module")
def game():
    return tabletop_nb.load_game("neko", players=2)


def test_defaults_are_a_legal_playable_action_turn(game):
    s = game.position()
    assert invariants(game, s) == []
    assert s.phase == ACTION and game.current_player(s) == 0 and s.round == 1
    r = game.rules
    assert all((p.coins, p.fuel, len(p.dice)) == (r.start_coins, r.start_fuel, 6) for p in s.players)
    assert s.area.cards == game.period_ids[1][:game.area_spaces] and -1 not in s.area.cards
    assert game.is_terminal(play_out(game, s, 3, invariants))


@pytest.mark.parametrize("phase, ph, who", [("draft", DRAFT, 0), ("income", INCOME, 0),
                                            ("reward", REWARD, 0), ("action", ACTION, 0),
                                            ("resolve", PREP, CHANCE)])
def test_every_phase_starts_where_the_rules_take_it(game, phase, ph, who):
    s = game.position(phase=phase, **({"discard": [2] * 12} if phase == "resolve" else {}))
    assert s.phase == ph and game.current_player(s) == who and invariants(game, s) == []
    assert game.is_terminal(play_out(game, s, 4, invariants))


def test_market_with_fish_asks_the_fish_owner_and_without_rolls(game):
    s = game.position(phase="market", fish=[0, 2])
    assert s.phase == MARKET and game.current_player(s) == 1
    s = game.position(phase="market")
    assert s.phase == ROLL and game.current_player(s) == CHANCE


def test_what_is_given_is_on_the_table(game):
    c = game.period_ids[1]
    s = game.position(lanes={1: [[c[5], -1, c[6]]]}, coins=[10, 3], fuel={0: 4}, goods={0: 3},
                      fish=[1, 2], interference=[0, 2], pp=[5, 0], dice={0: [2, 5], 1: [6]},
                      discard=[1, 1, 3, 3, 4, 5, 6, 6], bids={0: {1: [4]}}, round=2, seat=1,
                      order=(1, 0))
    p0, p1 = s.players
    assert (p0.coins, p0.fuel, p0.goods, p0.fish, p0.pp, p0.dice) == (10, 4, 3, 1, 5, (2, 5))
    assert p1.lanes == ((c[5], -1, c[6], -1, -1),) and p1.cards == tuple(sorted((c[5], c[6])))
    assert p1.interference == 2 and s.area.bids[0][1] == (4,) and s.discard == (1, 1, 3, 3, 4, 5, 6, 6)
    assert game.current_player(s) == 1 and s.order == (1, 0) and s.round == 2
    assert c[5] not in s.deck[0] and c[5] not in s.area.cards


@pytest.mark.parametrize("table, reason", [
    (dict(lanes={0: [[999]]}), "no card 999"),
    (dict(lanes={0: [[None] * 6]}), "a lane holds 5"),
    (dict(lanes={0: []}), "1 to"),
    (dict(area=[1, 1]), "in two places"),
    (dict(removed=[1], area=[1]), "in two places"),
    (dict(fuel=[6, 2], goods=[3, 0]), "more than the cabin's 8"),
    (dict(fish=[9, 0]), "more than the freezer's 8"),
    (dict(coins=[-1, 0]), "below 0"),
    (dict(coins=[1.5, 0]), "not a whole number"),
    (dict(ships={0: [(1, 0, 0)]}), "no lane 1"),
    (dict(ships={0: [(0, 6, 0)]}), "no place 6"),
    (dict(ships={0: [(0, 2, 0)]}), "beyond an empty slot"),
    (dict(ships={0: []}), "always has a ship"),
    (dict(dice={0: [7, 1, 1, 1, 1, 1]}), "not faces of the die"),
    (dict(dice={0: [1, 2]}), "dice on the table"),
    (dict(discard=[1]), "13 dice on the table"),
    (dict(bids={99: {0: [1]}}), "no bidding space 99"),
    (dict(bids={0: {5: [1]}}), "no seat 5"),
    (dict(area=[-1], bids={0: {0: [3]}}), "holds no card"),
    (dict(phase="market", dice={0: [1]}), "no dice are rolled"),
    (dict(phase="draft", bids={0: {0: [3]}}), "bid in the action phase"),
    (dict(phase="nap"), "'nap' is not one of"),
    (dict(phase="resolve", dice={0: [1]}, discard=[1] * 11), "every die is used"),
    (dict(round=5), "more than 4"),
    (dict(seat=0, dice={0: [], 1: [1] * 6}, discard=[2] * 6), "no die left"),
    (dict(phase="income", seat=1), "only in the action phase"),
    (dict(order=(0, 0)), "not an order of the seats"),
    (dict(bonus=["x", ""]), "no starting bonus tile 'x'"),
    (dict(coins=[1, 2, 3]), "3 values for 2 players"),
    (dict(bids=[(0, 1)]), "give {space: {seat: dice}}"),
])
def test_an_impossible_position_is_refused_with_the_reason(game, table, reason):
    with pytest.raises(TabletopError, match="impossible position") as err:
        game.position(**table)
    assert reason in str(err.value)


def test_legal_actions_from_a_built_position_equal_those_reached_by_play(game):
    """Play random games to the first turn of each action phase; the position a person
    would describe from the table there has the same legal actions."""
    rng = np.random.default_rng(11)
    checked = 0
    for seed in range(3):
        rng = np.random.default_rng(seed)
        s = game.initial_state()
        while not game.is_terminal(s):
            top = s.frames[-1]
            if top.kind == "turn" and not s.main and all(not p.hub_dice and not p.card_dice
                                                       for p in s.players) and not any(s.bottom):
                P = s.players
                built = game.position(
                    lanes=[p.lanes for p in P], ships=[p.ships for p in P],
                    coins=[p.coins for p in P], fuel=[p.fuel for p in P],
                    goods=[p.goods for p in P], fish=[p.fish for p in P],
                    interference=[p.interference for p in P], pp=[p.pp for p in P],
                    dice=[p.dice for p in P], cargo=[p.cargo for p in P], area=s.area.cards,
                    bids={sp: {q: d for q, d in enumerate(row) if d}
                          for sp, row in enumerate(s.area.bids) if any(row)},
                    discard=s.discard, removed=[c for c in s.removed
                                                if c not in {x.id for x in game.rules.advanced_card_list}],
                    tiles=s.tiles, order=s.order, bonus=[p.bonus for p in P], round=s.round,
                    seat=top.seat)
                if all(p.tile_adjust_used == 0 and not p.picked_up and not p.hospital_used
                       and p.church_used == 0 for p in P):
                    assert game.legal_actions(built) == game.legal_actions(s), (seed, s.round)
                    checked += 1
            if game.current_player(s) == CHANCE:
                s = game.apply(s, game.sample_chance(s, rng))
            else:
                legal = game.legal_actions(s)
                s = game.apply(s, legal[rng.integers(len(legal))])
    assert checked >= 10


def test_a_refused_position_changes_nothing(game):
    before = game.position()
    with pytest.raises(TabletopError):
        game.position(area=[1, 1])
    assert game.position() == before


@pytest.mark.parametrize("table", [dict(coins=3), dict(lanes={0: 5}), dict(ships={0: [1]}),
                                   dict(discard=None), dict(area=["x"]), dict(colour="red"),
                                   dict(cargo={0: [5]}), dict(hands={0: 3}, phase="draft")])
def test_a_keyword_of_the_wrong_shape_is_refused_clearly(game, table):
    with pytest.raises(TabletopError, match="impossible position"):
        game.position(**table)
