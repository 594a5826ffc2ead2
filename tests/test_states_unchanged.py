"""A state handed out is never changed: the promise a frozen class would check.

The games' state classes are :func:`tabletop_nb.core.draft.state_record` classes (slots
dataclasses that are not frozen, so that a new state costs plain slot stores): the engine
treats a state as a value and changes only copies it has just made. This test holds the
engines to it. It plays every game, every CONFORMANCE configuration, with random and greedy
bots and one search seat, and before each action takes a deep copy of the state; after the
bot has chosen (from the state or its observation) and the engine has applied the action
(checked ``apply`` and ``apply_trusted`` both), the state must still equal the copy, field
by field, nested records included (``==`` compares every field, also those left out of
the repr). The observation handed to the bot must be unchanged too.

A plausible bug this catches: a rule that assigns to the state it was given (or to one of
its players) instead of to the working copy; ``test_a_changed_state_is_caught`` shows the
check sees such a write.
"""
from __future__ import annotations

import copy
import dataclasses

import numpy as np
import pytest

import tabletop_nb
from tabletop_nb.core.bots import resolve_bot
from tabletop_nb.core.protocol import CHANCE, TERMINAL

GAMES = ("pebble_rock", "neko", "pacal")


def _configs(name: str) -> list[dict]:
    from importlib import import_module

    return list(import_module(f"tabletop_nb.games.{name}").CONFORMANCE)


def _cases():
    for name in GAMES:
        configs = _configs(name)
        for i, rules in enumerate(configs):
            yield pytest.param(name, i, ("greedy", "random"), id=f"{name}-{i}")
        yield pytest.param(name, len(configs) - 1, ("search:4", "greedy"), id=f"{name}-search")


def _load(name: str, rules: dict):
    return tabletop_nb.load_game(name, **rules)


def _check_unchanged(s, before, what: str) -> None:
    assert type(s) is type(before)
    if s != before:   # name the fields that changed
        changed = [f.name for f in dataclasses.fields(s)
                   if getattr(s, f.name) != getattr(before, f.name)]
        pytest.fail(f"{what} changed the state it was given: fields {changed}")


def play_checking(game, bots: tuple, seed: int, max_actions: int = 100_000) -> int:
    """Play a game to its end (or ``max_actions`` actions) checking that every state stays as
    it was; the number of actions played."""
    funcs = [resolve_bot(game, bots[i % len(bots)]) for i in range(game.num_players)]
    rng = np.random.default_rng(seed)
    s = game.initial_state()
    n = 0
    while n < max_actions:
        p = game.current_player(s)
        if p == TERMINAL:
            break
        before = copy.deepcopy(s)
        if p == CHANCE:
            a = game.sample_chance(s, rng)
        else:
            view = game.observation(s, p)
            view_before = copy.deepcopy(view)
            a = funcs[p](game, view, rng)
            _check_unchanged(view, view_before, f"bot {bots[p % len(bots)]!r}")
        _check_unchanged(s, before, "choosing an action")
        new = game.apply(s, a)
        _check_unchanged(s, before, f"apply({a!r})")
        again = game.apply_trusted(s, a)
        _check_unchanged(s, before, f"apply_trusted({a!r})")
        assert again == new
        s = new
        n += 1
    return n


@pytest.mark.parametrize("name, config, bots", list(_cases()))
def test_apply_and_bots_leave_the_given_state_as_it_was(name, config, bots):
    game = _load(name, _configs(name)[config])
    assert play_checking(game, bots, seed=config + 1) > 20


def test_a_changed_state_is_caught():
    """The check sees a write to a state that was handed out (a rule assigning to ``s``
    instead of to its copy): the test above cannot pass for want of looking."""
    game = tabletop_nb.load_game("pacal", players=2)

    class Careless(type(game)):  # type: ignore[misc]
        def apply(self, s, a):
            new = super().apply(s, a)
            s.turn = s.turn + 1   # the bug: the given state changed
            return new

    careless = Careless(game.rules)
    with pytest.raises(pytest.fail.Exception, match="fields \\['turn'\\]"):
        play_checking(careless, ("random",), seed=1)
