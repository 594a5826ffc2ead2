"""The analysis module (games/pebble_rock/analysis.py): each query against its definition,
and the bots asking the engine: a rule changed by a subclass changes what the greedy bot
does, and the bots' source reads no private name of the engine.
"""
from __future__ import annotations

import re
from pathlib import Path

import numpy as np
import pytest

import tabletop_nb
from tabletop_nb import CHANCE
from tabletop_nb.games.pebble_rock import PebbleRockGame, analysis
from tabletop_nb.games.pebble_rock import bots as B
from tabletop_nb.games.pebble_rock.state import LARRY, MAISY, Player, Step, UseItem, replace

from pebble_rock_helpers import cargo, game_with, make_state, passenger, P


def _game():
    return tabletop_nb.load_game("pebble_rock", players=2)


def test_hold_room_and_taking_on_board():
    game = _game()
    s = game.position(boats=[38, 39], cargo=[4, 1], passengers=[(), ()])
    assert analysis.hold_room(game, s, 0) == 0
    assert analysis.hold_room(game, s, 1) == 3
    assert analysis.can_take_on_board(game, s, 0)  # full of cargo: one goes overboard
    s = game.position(boats=[38, 39], cargo=[0, 0], items=[("cargo_upgrade",), ()])
    assert analysis.hold_room(game, s, 0) == 5 and analysis.hold_room(game, s, 1) == 4


def test_take_on_board_needs_room_or_cargo():
    cards = (passenger(1, "Red Isle", "Green Isle", 5), passenger(2, "Red Isle", "Blue Isle", 5),
             passenger(3, "Red Isle", "Yellow Isle", 5), passenger(4, "Blue Isle", "Green Isle", 5),
             cargo(5, "Green Isle", 1, 2))
    game = game_with(cards=cards)
    full = make_state(game, players=[P(cargo=0, passengers=(1, 2, 3, 4)), P()])
    assert analysis.can_take_on_board(game, make_state(game, players=[P(cargo=0), P()]), 0)
    assert analysis.hold_room(game, full, 0) == 0
    assert not analysis.can_take_on_board(game, full, 0)


def test_can_deliver_counts_regular_cargo_only():
    game = _game()
    three = next(c for c, k in game.cards.items() if k.kind == "cargo" and k.amount == 3)
    pas = next(c for c, k in game.cards.items() if k.kind == "passenger")
    assert not analysis.can_deliver(game, Player(0, 0, cargo=2, passengers=(pas,), treasures=(7,)), three)
    assert analysis.can_deliver(game, Player(0, 0, cargo=3), three)
    assert not analysis.can_deliver(game, Player(0, 0, cargo=4), pas)


def test_delivery_points_are_the_printed_points():
    game = _game()
    assert all(analysis.delivery_points(game, c) == card.points for c, card in game.cards.items())


def test_met_fish_bonus_movement_and_larry():
    game = _game()
    s = game.position(boats=[38, 39], fish=[3, 0], step="move", dice="steady", roll=2,
                      movement=2, met=["maisy"])
    assert analysis.has_met(s, MAISY) and not analysis.has_met(s, LARRY)
    assert analysis.movement_left(s, 0) == 5
    assert analysis.fish_step_bonus(game, s) == 0
    worst = max(game.rules.fish_die.outcomes)
    assert analysis.larry_worst_loss(game, s, 10) == worst
    assert analysis.larry_worst_loss(game, s, 1) == 1
    met = replace(s, turn=replace(s.turn, met=1 << LARRY))
    assert analysis.larry_worst_loss(game, met, 10) == 0
    winds = tabletop_nb.load_game("pebble_rock", players=2, winds_doubles="all")
    w = winds.position(boats=[38, 39], step="move", dice="steady", roll=2, symbol="winds", movement=4)
    assert analysis.fish_step_bonus(winds, w) == 1
    assert analysis.fish_step_bonus(game, replace(w, turn=s.turn)) == 0


def _positions(game, seed, bot="random"):
    rng = np.random.default_rng(seed)
    s = game.initial_state()
    while not game.is_terminal(s):
        yield s
        if game.current_player(s) == CHANCE:
            s = game.apply(s, game.sample_chance(s, rng))
        elif bot == "greedy":
            s = game.apply(s, B.greedy_bot(game, s, rng))
        else:
            legal = game.legal_actions(s)
            s = game.apply(s, legal[int(rng.integers(len(legal)))])


def test_move_options_split_the_legal_actions_and_halves_are_the_breakdown():
    game = tabletop_nb.load_game("pebble_rock", players=3, assignment_check="any_time")
    moves = 0
    for s in _positions(game, 4):
        if s.phase == "move" and not s.todo:
            steps, others = analysis.move_options(game, s)
            assert steps + others == game.legal_actions(s)
            assert all(type(a) is Step for a in steps) and not any(type(a) is Step for a in others)
            moves += 1
    assert moves > 50
    for seat in range(3):
        bits = analysis.assignment_halves_met(game, s, seat)
        assert 0 <= bits <= 3
        assert bits == game.assignment_halves_met(s, seat)


class DoubledCargo(PebbleRockGame):
    """A variant: cargo cards of amount 1 score 20 (a rule no rule value expresses)."""

    def delivery_points(self, card: int) -> int:
        if self.card_cargo[card] == 1:
            return 20
        return super().delivery_points(card)


def test_engine_scores_through_the_hook():
    game = DoubledCargo(players=2)
    one = next(c for c, k in game.cards.items() if k.kind == "cargo" and k.amount == 1)
    assert analysis.delivery_points(game, one) == 20
    seen = set()
    for s in (s for seed in range(3, 9) for s in _positions(game, seed, "greedy")):
        for e in s.events:
            if e[0] == "deliver":  # ("deliver", seat, card, points)
                assert e[3] == (20 if game.card_cargo[e[2]] == 1 else game.cards[e[2]].points)
                seen.add(e[3] == 20)
    assert seen == {True, False}


def test_greedy_bot_follows_a_rule_changed_in_a_subclass():
    """The greedy bot values goals by what the engine says a delivery earns: under the
    variant it chooses otherwise in the same states (and plays another game)."""
    base = tabletop_nb.load_game("pebble_rock", players=2)
    variant = DoubledCargo(players=2)
    rng = np.random.default_rng(0)
    differ = 0
    for s in _positions(base, 6, "greedy"):
        if game_decides(base, s):
            if B.greedy_bot(base, s, rng) != B.greedy_bot(variant, s, rng):
                differ += 1
    assert differ > 0
    recs = [tabletop_nb.play(g, "greedy", seed=6) for g in (base, variant)]
    assert recs[0].actions != recs[1].actions


def game_decides(game, s) -> bool:
    return game.current_player(s) >= 0 and len(game.legal_actions(s)) > 1


_PRIVATE = re.compile(r"\b(game|g|self\.game)\._[a-z]")


@pytest.mark.parametrize("module", ["bots.py", "odds.py", "scoring.py"])
def test_bots_read_no_private_name_of_the_engine(module):
    src = (Path(B.__file__).parent / module).read_text()
    assert not _PRIVATE.search(src), _PRIVATE.search(src)
    assert not re.search(r"from \.engine[.\w]* import .*\b_\w", src)
    assert "s.todo[0][0] ==" not in src


# -- the queries the bots ask instead of reading rule values ------------------------------

def test_winds_factor_follows_each_reading_of_what_winds_double():
    """PR-RES-06: Winds double the jetstream's roll under (b) and (c), fish steps and the Jam
    Sandwich only under (c); nothing is doubled without Winds."""
    readings = {"die": (1, 1, 1), "die_and_jetstream": (2, 1, 1), "all": (2, 2, 2)}
    for reading, expected in readings.items():
        game = tabletop_nb.load_game("pebble_rock", players=2, winds_doubles=reading)
        got = tuple(analysis.winds_factor(game, "winds", w) for w in ("jetstream", "fish", "jam"))
        assert got == expected, reading
        assert {analysis.winds_factor(game, sym, w) for sym in ("fish", "jetstream", "blank")
                for w in ("jetstream", "fish", "jam")} == {1}
    with pytest.raises(ValueError, match="what is one of"):
        analysis.winds_factor(_game(), "winds", "die")


def test_jam_steps_and_the_engine_agree():
    """PR-ITEM-JAM-01, PR-RES-06: the Jam Sandwich adds jam_bonus (3), doubled under Winds
    only when all movement doubles; playing it adds exactly what the query says."""
    for reading, winds_jam in (("die", 3), ("die_and_jetstream", 3), ("all", 6)):
        game = tabletop_nb.load_game("pebble_rock", players=2, winds_doubles=reading)
        for symbol, expected in (("winds", winds_jam), ("fish", 3)):
            s = game.position(boats=[38, 39], items=[["jam_sandwich"], []], step="move",
                              dice="steady", roll=2, movement=0, symbol=symbol)
            assert analysis.jam_steps(game, s) == expected, (reading, symbol)
            assert game.apply(s, UseItem("jam_sandwich")).steps == expected


def test_interaction_counts_is_the_symbol_reading():
    """PR-CHAR-03: a die symbol's meeting uses up the interaction under reading (a), not
    under (b); a pass or the Maisy card always does."""
    game = _game()
    other = game.with_rules(symbol_is_interaction=False)
    assert [analysis.interaction_counts(game, h) for h in ("pass", "symbol", "item")] == [True] * 3
    assert [analysis.interaction_counts(other, h) for h in ("pass", "symbol", "item")] == [True, False, True]


def test_space_actions_open_only_after_a_step_unless_the_start_counts():
    """PR-MOVE-11: nothing is done on the start space before the first step (a), unless
    ``start_space_counts`` (b)."""
    game = _game()
    s = game.position(boats=[38, 39], step="move", dice="steady", roll=2, movement=2)
    assert not analysis.space_actions_open(game, s)
    assert analysis.space_actions_open(game, replace(s, moved=1))
    assert analysis.space_actions_open(game.with_rules(start_space_counts=True), s)


def test_items_full_at_the_item_slots():
    """PR-ITEM-01: a player with as many items as Item slots (3) is full; 2 are not."""
    game = _game()
    assert analysis.items_full(game, Player(0, 0, 0, items=("maisy", "maisy", "jam_sandwich")))
    assert not analysis.items_full(game, Player(0, 0, 0, items=("maisy", "jam_sandwich")))
    assert not analysis.items_full(game.with_rules(max_items=4),
                                   Player(0, 0, 0, items=("maisy", "maisy", "jam_sandwich")))


def test_a_jetstream_placed_this_turn_is_not_live():
    """PR-DANGER-06: a token placed this turn cannot trigger; another one can; no token, no
    jetstream."""
    game = _game()
    s = game.position(boats=[38, 39], jetstreams=[20, 21])
    assert analysis.jetstream_live(s, 20) and analysis.jetstream_live(s, 21)
    assert not analysis.jetstream_live(s, 22)
    fresh = replace(s, turn=replace(s.turn, fresh_jet=20))
    assert not analysis.jetstream_live(fresh, 20) and analysis.jetstream_live(fresh, 21)


def test_the_assignment_deal_as_the_setup_queues_it():
    """PR-SETUP-10: the box holds the cards nobody was dealt; each seat is dealt
    ``assignments_dealt`` cards and then keeps one, in the setup's order."""
    game = tabletop_nb.load_game("pebble_rock", players=2, assignments_dealt=3)
    rng = np.random.default_rng(0)
    s = game.initial_state()
    n_cards = len(game.rules.assignment_cards)
    seen = set()
    while s.phase == "setup":
        dealt = [analysis.assignment_cards_dealt(game, s, i) for i in range(2)]
        assert dealt == [len(sec.offer) for sec in s.secret]
        assert len(analysis.assignment_box(game, s)) == n_cards - sum(dealt)
        chosen = tuple(analysis.assignment_chosen(s, i) for i in range(2))
        assert chosen == tuple(sec.card > 0 for sec in s.secret)
        seen.add((tuple(dealt), chosen))
        p = game.current_player(s)
        a = game.sample_chance(s, rng) if p == CHANCE else game.legal_actions(s)[0]
        s = game.apply(s, a)
    assert ((3, 3), (False, False)) in seen and ((3, 3), (True, False)) in seen
    assert ((1, 0), (False, False)) in seen


def test_halves_noted_in_play_is_the_any_time_check():
    """PR-SCORE-07: halves met during play stay met only under ``assignment_check="any_time"``."""
    game = _game()
    assert not analysis.halves_noted_in_play(game)
    assert analysis.halves_noted_in_play(game.with_rules(assignment_check="any_time"))


def test_treasure_delivery_spaces_are_roberto_s_neighbours():
    """PR-TREAS-05: a treasure is given to Roberto from a space next to his, and the engine
    offers the delivery on exactly those spaces."""
    from tabletop_nb.games.pebble_rock.state import ROBERTO, DeliverTreasure
    game = _game()
    s = game.position(boats=[38, 39])
    near = analysis.treasure_delivery_spaces(game, s)
    assert near == frozenset(game.info.adj[s.chars[ROBERTO]]) and s.chars[ROBERTO] not in near
    treasure = min(game.info.treasure_spaces)
    offered = set()
    for pos in sorted(set(range(game.info.n)) - set(s.chars) - {39} - game.info.treasure_spaces):
        w = game.position(boats=[pos, 39], treasures=[[treasure], []], cargo=[3, 0], step="move",
                          dice="steady", roll=2, movement=1, moved=1)
        if DeliverTreasure() in game.legal_actions(w):
            offered.add(pos)
    assert offered == near - set(s.chars) - {39} - game.info.treasure_spaces
