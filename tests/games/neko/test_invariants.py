"""Checklist "Invariants": NK-INV; each invariant is detected when broken, and an illegal action
leaves the state as it was."""
from __future__ import annotations

import pytest

import tabletop_nb
from tabletop_nb import IllegalActionError
from tabletop_nb.games.neko import invariants
from tabletop_nb.games.neko.state import Bid, TakeFish

from neko_helpers import E, player, replace, table


@pytest.fixture
def game():
    return tabletop_nb.load_game("neko", players=2)


def full_table(game, **kw):
    """A consistent action-phase table: every card in a deck, 12 dice in hands."""
    deck1 = tuple(c.id for c in game.rules.cards if c.period == 1)
    deck2 = tuple(c.id for c in game.rules.cards if c.period == 2)
    adv = tuple(c.id for c in game.rules.advanced_card_list)
    players = kw.pop("players", [player(game, dice=(1, 2, 3, 4, 5, 6)),
                                 player(game, dice=(1, 2, 3, 4, 5, 6))])
    return table(game, players, deck=(deck1, deck2), removed=adv, **kw)


def test_nk_inv_consistent_table_passes(game):
    """NK-INV-01..08: a consistent hand-built table breaks no invariant."""
    assert invariants(game, full_table(game)) == []


def test_nk_inv_01_caps_and_negatives(game):
    """NK-INV-01: cabin and freezer at most 8; nothing below 0."""
    s = full_table(game, players=[player(game, dice=(1,) * 6, fuel=5, goods=4),
                                  player(game, dice=(1,) * 6, fish=9, coins=-1)])
    bad = " ".join(invariants(game, s))
    assert "cabin" in bad and "freezer" in bad and "negative coins" in bad


def test_nk_inv_02_cards_accounted(game):
    """NK-INV-02: every card is in exactly one place."""
    s = full_table(game)
    s = replace(s, area=(s.deck[0][0],) + s.area[1:])      # on display and in the deck
    assert any("cards" in b for b in invariants(game, s))


def test_nk_inv_03_dice_accounted(game):
    """NK-INV-03: from the roll to the end of the round there are exactly 6 x N dice."""
    s = full_table(game, players=[player(game, dice=(1, 2, 3)), player(game, dice=(1,) * 6)],
                   discard=(4, 5))
    assert any("dice" in b for b in invariants(game, s))
    s = full_table(game, players=[player(game, dice=(1, 2, 3)), player(game, dice=(1,) * 6)],
                   discard=(4, 5), bids={0: {0: (6,)}})
    assert invariants(game, s) == []


def test_nk_inv_04_lanes_and_ships(game):
    """NK-INV-04: lanes = harbours <= 5; ships per lane <= harbours."""
    P = player(game, dice=(1,) * 6, ships=((0, 0, 0), (0, 0, 0)))
    s = full_table(game, players=[P, player(game, dice=(1,) * 6)])
    assert any("more ships" in b for b in invariants(game, s))
    P = replace(player(game, dice=(1,) * 6), harbours=2)
    s = full_table(game, players=[P, player(game, dice=(1,) * 6)])
    assert any("lanes" in b for b in invariants(game, s))


def test_nk_inv_05_no_ship_beyond_a_gap(game):
    """NK-INV-05: no ship is ever beyond an empty slot (and the soak checks none moves back)."""
    P = player(game, [[0, E, 1]], dice=(1,) * 6, ships=((0, 3, 0),))
    s = full_table(game, players=[P, player(game, dice=(1,) * 6)])
    assert any("beyond an empty slot" in b for b in invariants(game, s))


def test_nk_inv_06_one_die_per_hub_and_card(game):
    """NK-INV-06: at most one die per hub and per card activation space."""
    P = player(game, [[0, 1]], dice=(1,) * 4, hub_dice=(((0, 1, 0), 2), ((0, 1, 0), 2)))
    s = full_table(game, players=[P, player(game, dice=(1,) * 6)])
    assert any("two dice on one hub" in b for b in invariants(game, s))


def test_nk_inv_07_cargo_prefix(game):
    """NK-INV-07: a port's covered spaces are a prefix of its order (never more than it has)."""
    port = next(c for c in game.rules.cards if c.kind == "port")
    P = player(game, [[port.id]], dice=(1,) * 6, cargo=((port.id, len(port.cargo) + 1),))
    s = full_table(game, players=[P, player(game, dice=(1,) * 6)])
    assert any("cargo" in b for b in invariants(game, s))


def test_nk_inv_08_order_is_a_permutation(game):
    """NK-INV-08: the turn order is always a permutation of the players."""
    s = replace(full_table(game), order=(0, 0))
    assert any("permutation" in b for b in invariants(game, s))


def test_nk_inv_09_illegal_action_names_legal_ones_and_changes_nothing(game):
    """NK-INV-09: an illegal action raises an error naming the legal actions; the state is
    unchanged."""
    s = full_table(game)
    before = s
    with pytest.raises(IllegalActionError) as err:
        game.apply(s, Bid(0, 6))                      # no card on space 0
    assert "Take fish with a 1" in str(err.value)
    assert s == before
    with pytest.raises(IllegalActionError):
        game.apply(s, TakeFish(7))
    assert s == before
