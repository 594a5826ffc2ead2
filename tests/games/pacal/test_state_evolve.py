"""state.evolve (the engine's ``dataclasses.replace``): the states it makes are ordinary
PacalStates, equal field by field to ``dataclasses.replace``'s, and picklable."""
from __future__ import annotations

import dataclasses
import pickle

import pytest

import tabletop_nb
from tabletop_nb.games.pacal.state import PacalState, evolve


def _a_state():
    game = tabletop_nb.load_game("pacal", players=3)
    rec = tabletop_nb.play(game, "random", seed=4)
    return tabletop_nb.replay(game, rec)[40]


@pytest.mark.parametrize("name", [f.name for f in dataclasses.fields(PacalState)])
def test_evolve_changes_one_field_and_copies_the_others(name):
    s = _a_state()
    new = ("changed", name)
    got = evolve(s, **{name: new})
    want = dataclasses.replace(s, **{name: new})
    assert type(got) is PacalState
    assert got == want and repr(got) == repr(want) and hash(got) == hash(want)
    for f in dataclasses.fields(PacalState):
        assert getattr(got, f.name) is getattr(want, f.name)
    assert getattr(s, name) != new  # the original is unchanged


def test_an_evolved_state_is_a_new_value_and_pickles():
    s = evolve(_a_state(), turn=7)
    assert pickle.loads(pickle.dumps(s)) == s
    assert evolve(s) == s and evolve(s) is not s
    with pytest.raises(TypeError):
        evolve(s, colour=1)  # type: ignore[call-arg]
