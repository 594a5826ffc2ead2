"""Exact action matching, case by case (issue 10, part 1): the measured failures, each a test."""
from __future__ import annotations

import dataclasses

import numpy as np
import pytest

import tabletop_nb
from tabletop_nb import IllegalActionError
from tabletop_nb.core.protocol import CHANCE, TERMINAL
from tabletop_nb.core.runner import play_state


def _first_state(game, want, limit=5000, seed=0):
    """A state of a random playout where ``want(legal_action)`` holds for a legal action."""
    rng = np.random.default_rng(seed)
    s = game.initial_state()
    for _ in range(limit):
        p = game.current_player(s)
        if p == TERMINAL:
            break
        legal = [a for a, _ in game.chance_outcomes(s)] if p == CHANCE else game.legal_actions(s)
        hit = next((a for a in legal if want(a)), None)
        if hit is not None and p != CHANCE:
            return s, hit
        s = game.apply(s, legal[int(rng.random() * len(legal))])
    raise AssertionError("no such state")


def test_pebble_rock_step_with_a_float_is_refused():
    from tabletop_nb.games.pebble_rock.state import Step
    game = tabletop_nb.load_game("pebble_rock")
    s, a = _first_state(game, lambda a: isinstance(a, Step))
    with pytest.raises(IllegalActionError, match="whole numbers must be int"):
        game.apply(s, Step(to=float(a.to)))
    assert game.apply(s, Step(to=np.int64(a.to))) == game.apply(s, a)  # numpy int: normalised


def test_pacal_another_class_with_the_same_fields_is_refused():
    from tabletop_nb.games.pacal.state import PlaceShip, TakeBack
    game = tabletop_nb.load_game("pacal")
    s, a = _first_state(game, lambda a: isinstance(a, PlaceShip))
    assert TakeBack(a.at) == a  # equal as tuples ...
    with pytest.raises(IllegalActionError, match="the types must match"):
        game.apply(s, TakeBack(a.at))  # ... but not the same action
    with pytest.raises(IllegalActionError):
        game.apply(s, tuple(a))  # a plain tuple for the named tuple
    with pytest.raises(IllegalActionError):
        game.apply(s, PlaceShip((float(a.at[0]), a.at[1])))


def test_neko_float_pick_is_refused_and_later_games_are_untouched():
    from tabletop_nb.games.neko.state import Pick
    game = tabletop_nb.load_game("neko")
    ref = [play_state(game, "random", np.random.SeedSequence(3, spawn_key=(k,))).actions for k in range(20)]
    s, a = _first_state(game, lambda a: isinstance(a, Pick))
    for bad in (Pick(float(a.value)), Pick(True) if a.value == 1 else Pick(str(a.value))):
        with pytest.raises(IllegalActionError):
            game.apply(s, bad)
    # even the trusted path cannot plant a float in the process-wide action cache
    from tabletop_nb.games.neko.engine import base
    base.action(Pick, float(a.value) + 100)
    assert (Pick, a.value + 100) not in base.ACTION_CACHE
    again = [play_state(game, "random", np.random.SeedSequence(3, spawn_key=(k,))).actions for k in range(20)]
    assert again == ref


def test_bool_for_an_int_and_junk_objects_are_refused(game_name):
    game = tabletop_nb.load_game(game_name)
    s = game.initial_state()
    legal = game.legal_actions(s) if game.current_player(s) >= 0 else [x for x, _ in game.chance_outcomes(s)]
    for junk in (None, np.array([1, 2]), float("nan"), object(), [legal[0]]):
        with pytest.raises(IllegalActionError):
            game.apply(s, junk)
    a = legal[0]
    if dataclasses.is_dataclass(a) or hasattr(a, "_fields"):
        assert game.match_action(s, a) == a
