"""Fuzz: GameApp and RulesEditor driven with garbage (issue 10, widgets).

Each generated input is one case (class "widgets"): the public method must not raise
(RulesEditor.set raises only RulesError, naming the rule it was given, as with_rules does),
must show a message in the app, and must leave the app as it was (history, position,
log, seats, game; the form's values and the editor's game)."""
from __future__ import annotations

import dataclasses
import math

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

import tabletop_nb
from tabletop_nb import RulesError
from tabletop_nb.widgets import GameApp, RulesEditor

GAMES = ["pebble_rock", "neko", "pacal", "toy"]

_APPS: dict = {}
_EDITORS: dict = {}


def _app(name: str) -> GameApp:
    """One app per game at a person's decision, shared by the cases (none may change it)."""
    if name not in _APPS:
        game = tabletop_nb.load_game(name)
        app = GameApp(game, seats=["human"] + ["random"] * (game.num_players - 1), seed=11)
        app.run()
        _APPS[name] = app
    return _APPS[name]


def _editor(name: str) -> RulesEditor:
    if name not in _EDITORS:
        _EDITORS[name] = RulesEditor(tabletop_nb.load_game(name))
    return _EDITORS[name]


def _app_state(app):
    return (app.game, len(app.history), app.state, app.position, tuple(app.log), tuple(app.seats),
            app.autoplaying, len(app.action_buttons))


def _form(ed):
    return {k: c.value for k, c in ed.controls.items() if ed.editable[k]}


garbage = st.one_of(
    st.none(), st.booleans(), st.integers(), st.integers(min_value=10 ** 30, max_value=10 ** 40),
    st.floats(allow_nan=True, allow_infinity=True), st.text(max_size=30), st.binary(max_size=20),
    st.lists(st.integers(), max_size=4), st.tuples(st.integers(), st.text(max_size=3)),
    st.dictionaries(st.text(max_size=3), st.integers(), max_size=3),
    st.sampled_from([object(), Ellipsis, type, np.array([1, 2]), np.float64("nan"), {1, 2},
                     frozenset(), "{}", '{"format": "tabletop_nb.record/1"}', "[" * 100]),
)


def _look_alikes(app, data):
    """Actions equal-looking to a legal one but of another type or value types."""
    legal = app.legal_actions()
    a = data.draw(st.sampled_from(legal[:20]))
    values = (list(a) if hasattr(a, "_fields")
              else [getattr(a, f.name) for f in dataclasses.fields(a)] if dataclasses.is_dataclass(a)
              else [a])
    out = [tuple(values)]
    floated = [float(v) if isinstance(v, int) and not isinstance(v, bool) else v for v in values]
    if any(type(x) is not type(y) for x, y in zip(floated, values)):
        out.append(type(a)(*floated))
    booled = [bool(v) if type(v) is int and v in (0, 1) else v for v in values]
    if any(type(x) is not type(y) for x, y in zip(booled, values)):
        out.append(type(a)(*booled))
    return out


METHODS = ["choose", "goto", "rewind", "run", "click_place", "load", "autoplay", "step"]


@pytest.mark.parametrize("name", GAMES)
@given(data=st.data())
def test_gameapp_with_garbage_shows_a_message_and_changes_nothing(name, data, fuzz_case):
    app = _app(name)
    before = _app_state(app)
    method = data.draw(st.sampled_from(METHODS))
    if method == "choose" and data.draw(st.booleans()):
        values = _look_alikes(app, data)
    else:
        values = [data.draw(garbage)]
    for value in values:
        with fuzz_case("widgets"):
            app._say("")
            if method == "step":  # the person is to act: a step is refused
                ok = app.step()
            elif method == "autoplay":
                if isinstance(value, (int, float)) and not isinstance(value, bool) \
                        and math.isfinite(value) and value >= 0:
                    value = "not a delay"  # a real delay would be obeyed (and play on)
                ok = app.autoplay(delay=value) is not None
            elif method == "run":
                if isinstance(value, int) and not isinstance(value, bool) and value >= 0:
                    value = -1 - value  # a real count of steps would be taken
                ok = bool(app.run(value))
            elif method == "goto" or method == "rewind":
                if isinstance(value, (int, np.integer)) and not isinstance(value, bool):
                    value = float(value)  # whole numbers are fine positions
                if value is None:
                    value = "None"  # rewind() plays on from where the timeline is: fine
                ok = getattr(app, method)(value)
            else:
                ok = getattr(app, method)(value)
            assert not ok, (method, value, app.message)
            assert app.message, (method, value)
            assert "Traceback" not in app.message
            assert _app_state(app) == before, (method, value, app.message)


@pytest.mark.parametrize("name", GAMES)
@given(data=st.data())
def test_rules_editor_set_with_garbage_refuses_with_the_rules_words(name, data, fuzz_case):
    ed = _editor(name)
    before, game = _form(ed), ed.game
    field = data.draw(st.sampled_from([k for k, e in ed.editable.items() if e] + ["no_such_rule"]))
    value = data.draw(garbage)
    with fuzz_case("widgets"):
        try:
            ok = ed.set(**{field: value})
        except RulesError as e:  # refused from Python as with_rules refuses, naming the rule given
            assert e.field == field and str(e).startswith(f"rules.{field}"), str(e)
            assert ed.message == str(e)
        else:  # a value the rules accept for that field: in the form, not applied
            assert ok is True
            ed.base.rules.replace(**{field: value})
            ed.reset()
        assert _form(ed) == before and ed.game is game


@pytest.mark.parametrize("name", GAMES)
@given(data=st.data())
def test_rules_editor_typed_text_is_parsed_and_refused_with_the_rules_words(name, data, fuzz_case):
    ed = _editor(name)
    texts = [k for k, c in ed.controls.items() if ed.editable[k] and type(c).__name__ == "Text"]
    if not texts:
        pytest.skip(f"{name} has no rule edited as text")
    field = data.draw(st.sampled_from(texts))
    text = data.draw(st.one_of(
        st.text(max_size=40),
        st.lists(st.sampled_from(["1", "-3", "2.5", "nan", "inf", "1e999", "9" * 400, "fish", ""]),
                 max_size=8).map(", ".join)))
    game, n = ed.game, len(ed.games)
    with fuzz_case("widgets"):
        ed.controls[field].value = text
        ed.apply_button.click()
        if ed.game is game:  # refused: the reason in the rules' words
            assert ed.message.startswith("rules.") or ed.message.startswith("that rule change"), ed.message
            assert "OverflowError" not in ed.message and len(ed.games) == n
        else:
            assert ed.message.startswith("applied") and ed.games[-1] is ed.game
        ed.reset()
        ed.game = ed.base
