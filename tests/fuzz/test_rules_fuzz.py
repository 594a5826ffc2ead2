"""Fuzz: every rules field given wrong types, wrong shapes and bad numbers is refused with
a RulesError naming the field (the game it came from unchanged); every rules value that is
accepted plays seeded random games to the end with finite integer scores (issue 10, part 2).
"""
from __future__ import annotations

import numpy as np
from hypothesis import given, strategies as st

import tabletop_nb
from tabletop_nb import RulesError
from tabletop_nb.core.runner import play_state

from _strategies import deep_edit, near, wrong_for


def _fields(game):
    return [f for f in game.Rules.fields_info()]


@given(data=st.data())
def test_wrong_values_are_refused_naming_the_field(game_name, data, fuzz_case):
    game = tabletop_nb.load_game(game_name)
    before = game.rules
    info = data.draw(st.sampled_from(_fields(game)), label="field")
    value = getattr(game.rules, info.name)
    new, where, hint = data.draw(deep_edit(info.type, value, info.name, wrong_for), label="edit")
    with fuzz_case("rules"):
        try:
            game.with_rules(**{info.name: new})
        except RulesError as e:
            assert e.field == info.name, (e.field, info.name)
            assert str(e).startswith(f"rules.{info.name}") and e.reason
        else:
            raise AssertionError(f"accepted {where} = {new!r}")
        assert game.rules is before and game.rules == before


def _plays_to_the_end(game, seeds=2):
    for k in range(seeds):
        out = play_state(game, "random", np.random.SeedSequence(11, spawn_key=(k,)), keep_actions=False)
        assert game.is_terminal(out.state)
        scores = game.scores(out.state)
        assert len(scores) == game.num_players
        assert all(type(x) is int for x in scores), scores
        w = game.winners(out.state)
        assert w and all(0 <= i < game.num_players for i in w)


@given(data=st.data())
def test_accepted_rules_play_to_the_end(game_name, data, fuzz_case):
    game = tabletop_nb.load_game(game_name)
    info = data.draw(st.sampled_from(_fields(game)), label="field")
    value = getattr(game.rules, info.name)
    new, where, _ = data.draw(deep_edit(info.type, value, info.name, near), label="edit")
    with fuzz_case("rules"):
        try:
            changed = game.with_rules(**{info.name: new})
        except RulesError as e:
            assert e.reason  # refused with a reason: fine
            return
        _plays_to_the_end(changed)
