"""Checklist "Invariants": NK-INV; each invariant is detected when broken, and an illegal action
leaves the state as it was."""
from __future__ import annotations

import pytest

import tabletop_nb
from tabletop_nb import IllegalActionError, play, replay
from tabletop_nb.games.neko import invariants
from tabletop_nb.games.neko.state import Bid, TakeFish

from neko_helpers import OVER, PARK, E, player, replace, table
from tabletop_nb.games.neko.state import PREP, RESOLVE, SETUP


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
    s = replace(s, area=replace(s.area, cards=(s.deck[0][0],) + s.area.cards[1:]))      # on display and in the deck
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


def test_nk_inv_08_turn_and_seats_done_follow_the_order(game):
    """NK-INV-08 with NK-ACT-01 and NK-RND-05: ``turn`` is an index of the turn order that
    names the seat of the turn frame, 0 outside the Action phase; ``seats_done`` counts 0 to N."""
    ok = full_table(game, order=(1, 0), frames=(("turn", 1),), turn=0)
    assert invariants(game, ok) == []
    assert any("names seat 0" in b for b in invariants(game, replace(ok, turn=1)))
    for wrong in (2, -1):
        assert any("not an index" in b for b in invariants(game, replace(ok, turn=wrong)))
    park = replace(ok, phase=PARK, frames=())
    assert not any("turn" in b for b in invariants(game, park))
    assert any("0 outside the Action phase" in b for b in invariants(game, replace(park, turn=1)))
    assert not any("seats_done" in b for b in invariants(game, replace(ok, seats_done=2)))
    for wrong in (3, -1):
        assert any("seats_done" in b for b in invariants(game, replace(ok, seats_done=wrong)))


def test_nk_inv_08_each_phase_with_steps_has_its_own_counter(game):
    """NK-SET-03, NK-RES-02, NK-PREP-01 (``setup_step``, ``resolution_step``, ``prep_step``):
    each counts the steps of its own phase, up to that phase's last step, and is 0 in every
    other phase."""
    ok = full_table(game)
    assert invariants(game, ok) == []
    steps = len(game.resolution_steps)
    for name, phase, last in (("setup_step", SETUP, 3), ("resolution_step", RESOLVE, steps),
                              ("prep_step", PREP, 3)):
        inside = replace(ok, phase=phase, frames=())
        for fine in (0, 1, last):
            assert not any(name in b for b in invariants(game, replace(inside, **{name: fine})))
        for wrong in (last + 1, -1):
            assert any(name in b for b in invariants(game, replace(inside, **{name: wrong})))
        assert any(f"{name} 1 " in b and "0 outside" in b for b in invariants(game, replace(ok, **{name: 1})))


def _seats_in_a_row(states, kind) -> dict:
    """Per round, the seats of the frames of this kind on top, in the order they came (a frame
    on top of several states in a row counted once), with the turn order of that moment."""
    out: dict = {}
    last = None
    for s in states:
        top = s.frames[-1] if s.frames else None
        if top is not None and top.kind == kind and top is not last:
            seats, _ = out.setdefault(s.round, ([], s.order))
            seats.append(top.seat)
        last = top
    return out


def test_nk_rnd_05_drf_01_act_01_counters_in_played_games():
    """NK-RND-05, NK-DRF-01, NK-ACT-01 (``seats_done``, ``turn``): in seeded 3-player greedy
    games with a random start order every state keeps the invariants (the counters' too);
    each round's rolls come in seat order and its incomes in turn order, once per seat."""
    game = tabletop_nb.load_game("neko", players=3, random_start_order=True)
    orders = set()
    for seed in (1, 2):
        states = replay(game, play(game, "greedy", seed=seed))
        assert states[-1].phase == OVER
        for s in states:
            assert invariants(game, s) == [], (seed, s.phase)
        rolls, incomes = _seats_in_a_row(states, "roll"), _seats_in_a_row(states, "income")
        assert sorted(rolls) == sorted(incomes) == [1, 2, 3, 4]
        for r in rolls:
            assert rolls[r][0] == [0, 1, 2]
            assert incomes[r][0] == list(incomes[r][1])
            orders.add(incomes[r][1])
    assert len(orders) > 1 and orders != {(0, 1, 2)}   # turn order and seat order differ


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
