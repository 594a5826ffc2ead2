"""Fuzz: look-alike actions at random states of random playouts are refused with
IllegalActionError naming the legal actions, the state unchanged, and nothing outside the
state changed: later ordinary seeded games play exactly as before (issue 10, part 1)."""
from __future__ import annotations

import dataclasses
import pickle
from typing import NamedTuple

import numpy as np
from hypothesis import given, strategies as st

import tabletop_nb
from tabletop_nb import IllegalActionError
from tabletop_nb.core.protocol import CHANCE, TERMINAL
from tabletop_nb.core.runner import play_state


def _fields(a):
    if isinstance(a, tuple) and hasattr(a, "_fields"):
        return list(a._fields)
    if dataclasses.is_dataclass(a):
        return [f.name for f in dataclasses.fields(a)]
    return []


def _replace(a, name, v):
    if isinstance(a, tuple):
        return a._replace(**{name: v})
    return dataclasses.replace(a, **{name: v})


def _retyped(v):
    """Values equal to ``v`` (or close) but of another type."""
    if type(v) is int:
        out = [float(v), str(v), None, v + 0.5]
        if v in (0, 1):
            out.append(bool(v))
        return out
    if type(v) is bool:
        return [int(v), float(v), str(v)]
    if type(v) is str:
        return [v.encode(), (v,), None, v + " "]
    if isinstance(v, tuple):
        return [list(v), tuple(float(x) if type(x) is int else x for x in v), None]
    if isinstance(v, frozenset):
        return [set(v), tuple(v), frozenset(float(x) if type(x) is int else x for x in v)]
    return [None, "x"]


@st.composite
def lookalike(draw, a):
    """An action that looks like legal action ``a`` but is not it."""
    names = _fields(a)
    kinds = ["plain"] + (["field"] * 3 if names else []) + ["other_class", "junk"]
    kind = draw(st.sampled_from(kinds))
    if kind == "plain":
        return tuple(a) if isinstance(a, tuple) else (a,)
    if kind == "field":
        name = draw(st.sampled_from(names))
        return _replace(a, name, draw(st.sampled_from(_retyped(getattr(a, name)))))
    if kind == "other_class":
        if isinstance(a, tuple) and names:
            Other = NamedTuple(type(a).__name__, [(n, object) for n in names])  # same name, same fields
            return Other(*a)
        return np.array([1, 2])
    return draw(st.sampled_from([None, 3, "roll", np.int64(1), np.array([0]), float("nan"), {}, [1]]))


def _legal(game, s):
    p = game.current_player(s)
    return [a for a, _ in game.chance_outcomes(s)] if p == CHANCE else game.legal_actions(s)


@given(data=st.data(), seed=st.integers(0, 10 ** 6))
def test_lookalike_actions_are_refused_and_change_nothing(game_name, data, seed, fuzz_case):
    game = tabletop_nb.load_game(game_name)
    rng = np.random.default_rng(seed)
    steps = data.draw(st.integers(0, 400), label="steps")
    s = game.initial_state()
    for _ in range(steps):
        if game.current_player(s) == TERMINAL:
            break
        legal = _legal(game, s)
        s = game.apply(s, legal[int(rng.random() * len(legal))])
    if game.current_player(s) == TERMINAL:
        return
    legal = _legal(game, s)
    a = data.draw(st.sampled_from(legal), label="legal")
    bad = data.draw(lookalike(a), label="lookalike")
    before = pickle.dumps(s)
    with fuzz_case("actions"):
        try:
            game.apply(s, bad)
        except IllegalActionError as e:
            assert e.legal and "legal actions" in str(e) or "no legal actions" in str(e)
        else:
            # accepted only when it really is a legal action (a numpy int for an int)
            assert any(type(c) is type(bad) and c == bad for c in legal), f"accepted {bad!r}"
        assert pickle.dumps(s) == before  # the state is unchanged
        m = game.match_action(s, a)  # and the legal action still works
        assert type(m) is type(a) and m == a


def test_refused_lookalikes_leave_later_games_alone(game_name, fuzz_case):
    """Neko once cached an accepted float pick process-wide; ordinary games then crashed."""
    game = tabletop_nb.load_game(game_name)
    ref = [play_state(game, "random", np.random.SeedSequence(5, spawn_key=(k,)), True).actions
           for k in range(3)]
    s = game.initial_state()
    rng = np.random.default_rng(0)
    for _ in range(300):
        if game.current_player(s) == TERMINAL:
            break
        legal = _legal(game, s)
        for a in legal[:4]:
            for name in _fields(a):
                for v in _retyped(getattr(a, name)):
                    with fuzz_case("actions"):
                        try:
                            game.apply(s, _replace(a, name, v))
                        except IllegalActionError:
                            pass
        s = game.apply(s, legal[int(rng.random() * len(legal))])
    with fuzz_case("actions"):
        again = [play_state(game, "random", np.random.SeedSequence(5, spawn_key=(k,)), True).actions
                 for k in range(3)]
        assert again == ref
