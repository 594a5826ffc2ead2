"""RulesEditor driven headless: a form per Rules dataclass, apply -> with_rules, errors shown."""
from __future__ import annotations

import html
import typing

import ipywidgets as W
import pytest

import tabletop_nb
from tabletop_nb import Die, RulesError
from tabletop_nb.widgets import RulesEditor
from tabletop_nb.widgets.ruleseditor import parse_faces


def _html_texts(w):
    if isinstance(w, W.HTML):
        yield w.value
    for c in getattr(w, "children", ()):
        yield from _html_texts(c)


def _expected_kind(info):
    choices = info.choices
    if choices is None and typing.get_origin(info.type) is typing.Literal:
        choices = typing.get_args(info.type)
    if choices is not None:
        return W.Dropdown
    if info.type is bool:
        return W.Checkbox
    if info.type is int:
        if info.min is not None and info.max is not None and info.max - info.min <= 60:
            return W.IntSlider
        return W.IntText
    if info.type is float:
        return (W.FloatSlider if info.min is not None and info.max is not None
                else W.FloatText)
    args = typing.get_args(info.type)
    if info.type in (str, Die) or (typing.get_origin(info.type) is tuple and len(args) == 2
                                   and args[1] is Ellipsis and args[0] in (int, float, str)):
        return W.Text
    return W.HTML


def _editor_state(ed):
    """Everything a refused ``set`` must leave as it was: each control's value and range,
    the games applied."""
    controls = {k: (type(c).__name__, c.value, getattr(c, "min", None), getattr(c, "max", None),
                    tuple(getattr(c, "options", ()))) for k, c in ed.controls.items()}
    return controls, ed.game, tuple(ed.games), ed.changes()


def test_the_form_follows_the_rules_fields(game_name):
    game = tabletop_nb.load_game(game_name)
    ed = RulesEditor(game)
    infos = game.rules.fields_info()
    assert list(ed.controls) == [f.name for f in infos]
    for f in infos:
        ctl = ed.controls[f.name]
        assert isinstance(ctl, _expected_kind(f)), (f.name, type(ctl).__name__)
        if isinstance(ctl, (W.IntSlider, W.FloatSlider)) and f.min is not None:
            assert ctl.min == f.min
        if isinstance(ctl, (W.IntSlider, W.FloatSlider)) and f.max is not None:
            assert ctl.max == f.max
        if isinstance(ctl, W.Dropdown):
            assert ctl.value == getattr(game.rules, f.name)
    text = " ".join(_html_texts(ed.widget))
    for f in infos:
        assert html.escape(f.doc) in text, f"the doc of {f.name} is not shown"
    groups = {f.group or "Rules" for f in infos}
    for g in groups:
        assert f"<b>{g}</b>" in text
    # nothing changed: apply gives an equal game
    same = ed.apply()
    assert same == game and "no rule differs" in ed.message


def test_apply_changes_each_kind_of_field(game_name):
    """Every editable number, switch and choice can be changed and applied alone."""
    game = tabletop_nb.load_game(game_name)
    tried = 0
    for f in game.rules.fields_info():
        ed = RulesEditor(game)
        ctl = ed.controls[f.name]
        old = getattr(game.rules, f.name)
        if isinstance(ctl, W.Checkbox):
            new = not old
        elif isinstance(ctl, W.Dropdown):
            others = [v for _, v in ctl.options if v != old]
            if not others:
                continue
            new = others[0]
        elif isinstance(ctl, (W.IntSlider, W.IntText)):
            new = old + 1 if f.max is None or old + 1 <= f.max else old - 1
        else:
            continue
        ctl.value = new
        assert ed.changes() == {f.name: new}
        ed.apply_button.click()
        try:
            expected = game.with_rules(**{f.name: new})
        except RulesError as e:  # a cross-field check refuses it: the form shows why
            assert str(e) in ed.message and ed.game is game
            continue
        assert ed.game == expected and getattr(ed.game.rules, f.name) == new
        assert ed.games == [expected]
        assert f.name in ed.message
        tried += 1
    assert tried > 0


def test_rules_error_shows_its_message_and_keeps_the_game():
    game = tabletop_nb.load_game("toy")
    seen = []
    ed = RulesEditor(game, on_apply=seen.append)
    ed.controls["die"].value = "2, 3, 4, 5"
    assert ed.apply() is None
    # the rule changed is named, and the rule it does not fit (issue 36, item 7)
    assert ed.message == "rules.die: does not fit rules.pig_faces: must be faces of the die [2, 3, 4, 5]"
    assert "must be faces of the die" in ed.message_box.value
    assert ed.game is game and ed.games == [] and seen == []
    ed.controls["die"].value = "1, 1, 6"
    new = ed.apply()
    assert new.rules.die.pmf == Die([1, 1, 6]).pmf and new.rules.die.name == "d6"
    assert seen == [new]
    ed.controls["die"].value = " , "
    ed.apply_button.click()
    assert ed.message.startswith("rules.die: a die needs at least one face")


def test_out_of_bounds_box_is_refused_with_the_field_name():
    game = tabletop_nb.load_game("toy")
    ed = RulesEditor(game)
    box = ed.controls["target"]  # 5..100 is wider than a slider: a plain box, no clamping
    assert isinstance(box, W.IntText) and not isinstance(box, W.BoundedIntText)
    box.value = 999  # typed in the page: kept as typed, refused on apply with the rule's words
    assert ed.apply() is None and ed.message == "rules.target: must be at most 100, got 999"
    box.value = 40
    assert ed.set(players=3, hold_bonus=True)
    assert ed.apply().rules.players == 3
    with pytest.raises(RulesError, match="no such rule") as err:
        ed.set(cargo=1)
    assert err.value.field == "cargo" and str(err.value) == ed.message


def test_set_refuses_out_of_range_and_wrong_types_without_clamping():
    game = tabletop_nb.load_game("toy")
    ed = RulesEditor(game)
    before = _editor_state(ed)
    for name, bad, words in [("players", 99, "must be at most 4, got 99 (players goes from 2 to 4)"),
                             ("players", 0, "must be at least 2"),
                             ("players", "abc", "players"), ("players", 2.0, "players"),
                             ("players", True, "players"), ("hold_bonus", 1, "hold_bonus"),
                             ("target", 10 ** 5000, "digits"), ("die", "1, 2", "die")]:
        with pytest.raises(RulesError) as err:
            ed.set(**{name: bad})
        assert err.value.field == name and words in str(err.value), (name, bad, str(err.value))
        assert ed.message == str(err.value)
        assert _editor_state(ed) == before
    # several values: one bad one puts none of them in
    with pytest.raises(RulesError, match=r"^rules\.players: must be at most"):
        ed.set(target=40, players=99)
    assert _editor_state(ed) == before


def test_values_typed_in_boxes_are_parsed_and_refused_with_rules_words():
    game = tabletop_nb.load_game("toy")
    ed = RulesEditor(game)
    for text in ["1, " + "9" * 5000, "1, 2, 1e999", "nan, 1", ", ".join(["1"] * 20_000)]:
        ed.controls["die"].value = text
        ed.apply_button.click()
        assert ed.message.startswith("rules."), (text[:20], ed.message)
        assert "OverflowError" not in ed.message and ed.game is game


def test_every_game_refuses_a_bad_value_in_the_form(game_name, monkeypatch):
    """Whatever with_rules refuses, the form shows the RulesError message (no traceback)."""
    game = tabletop_nb.load_game(game_name)
    ed = RulesEditor(game)
    players = ed.controls["players"]
    players.value = players.max if players.value != players.max else players.min
    bad = RulesError("players", "refused on purpose by this test")

    def refuse(**changes):
        raise bad

    monkeypatch.setattr(ed.base, "with_rules", refuse)
    ed.apply_button.click()
    assert ed.message == str(bad) and ed.game is game


def test_reset_puts_the_starting_rules_back():
    game = tabletop_nb.load_game("toy")
    ed = RulesEditor(game)
    ed.set(target=40, hold_bonus=True)
    ed.reset_button.click()
    assert ed.changes() == {}


def test_tuples_of_numbers_are_edited_as_lists():
    from tabletop_nb.widgets.ruleseditor import _parse_items

    assert _parse_items("1, 2,3", int, "points") == (1, 2, 3)
    with pytest.raises(RulesError, match="rules.points: expected whole numbers"):
        _parse_items("1, two", int, "points")


def test_a_tuple_field_of_a_real_game_round_trips(game_name):
    """Lists of numbers or words: the text shown parses back to the same tuple, and a
    word among numbers is refused with the field's name."""
    from tabletop_nb.widgets.ruleseditor import _item_type

    game = tabletop_nb.load_game(game_name)
    ed = RulesEditor(game)
    fields = [f for f in game.rules.fields_info() if _item_type(f.type) is not None]
    if not fields:
        pytest.skip(f"{game_name} has no rule that is a tuple of numbers or words")
    for f in fields:
        box = ed.controls[f.name]
        assert isinstance(box, W.Text)
        box.value = " " + box.value.replace(",", " ,") + " "
        assert ed.changes() == {}, f.name
        if _item_type(f.type) in (int, float):
            box.value = box.value + ", oops"
            ed.apply_button.click()
            assert ed.message.startswith(f"rules.{f.name}:") and ed.game is game
        ed.reset_button.click()


def test_parse_faces():
    assert parse_faces("1, 1, 2") == [1, 1, 2]
    assert parse_faces("fish; blank ,blank") == ["fish", "blank", "blank"]
    assert parse_faces("0.5, 2") == [0.5, 2]
    with pytest.raises(RulesError):
        parse_faces("")


def _bad_values(info, value):
    """Values of one rule that ``with_rules`` refuses alone: out of bounds, of a wrong type,
    not a choice, or of a length that does not fit another rule."""
    if info.choices is not None or typing.get_origin(info.type) is typing.Literal:
        choices = info.choices if info.choices is not None else typing.get_args(info.type)
        other = "no such choice" if isinstance(value, str) else max(choices) + 1
        return [other, None]
    if info.type is bool:
        return [1, "yes", None]
    if info.type is int:
        out = [float(value), True, "3", None]
        if info.min is not None:
            out += [info.min - 1, info.min - 100]
        if info.max is not None:
            out += [info.max + 1, info.max + 99, 10 ** 40]
        return out
    if info.type is float:
        out = [float("nan"), "1.5"]
        if info.min is not None:
            out.append(info.min - 1.0)
        if info.max is not None:
            out.append(info.max + 1.0)
        return out
    if isinstance(value, tuple):  # a list of numbers or words: a wrong item, one item more or fewer
        return [5, (object(),), value[:-1], value + value[-1:], ()]
    return [5, None]


@pytest.mark.parametrize("name", ["pebble_rock", "neko", "pacal"])
def test_set_refuses_what_with_rules_refuses_on_every_field(name):
    """Every editable rule of the three games, given a value out of its bounds (99 rounds),
    of a wrong type or that does not fit another rule: ``set`` raises RulesError naming the
    rule it was given (and a number's whole range), as ``with_rules`` refuses it, shows the
    same words, and leaves the form, its controls and the games as they were. A value the
    rules accept, at either end of the range, is put in as given, never clamped."""
    game = tabletop_nb.load_game(name)
    ed = RulesEditor(game)
    before = _editor_state(ed)
    refused = ranged = 0
    for info in game.rules.fields_info():
        if not ed.editable[info.name]:
            with pytest.raises(RulesError, match="cannot be edited in the form"):
                ed.set(**{info.name: getattr(game.rules, info.name)})
            assert _editor_state(ed) == before
            continue
        value = getattr(game.rules, info.name)
        for bad in _bad_values(info, value):
            try:
                game.with_rules(**{info.name: bad})
            except RulesError as e:
                expected = e
            else:
                continue  # the rules take it (a longer list with nothing tied to its length)
            with pytest.raises(RulesError) as err:
                ed.set(**{info.name: bad})
            got = err.value
            assert got.field == info.name, (info.name, bad, str(got))
            assert str(got).startswith(f"rules.{info.name}"), str(got)
            if expected.field == info.name:  # the field's own check: with_rules' very words
                assert str(got).startswith(str(expected)), (str(got), str(expected))
            else:  # a check across rules: the given rule is named, the other one too
                assert f"does not fit rules.{expected.path}: {expected.reason}" in str(got)
            if isinstance(bad, int) and not isinstance(bad, bool) and info.type is int and (
                    info.min is not None and info.max is not None and not info.min <= bad <= info.max):
                assert f"goes from {info.min} to {info.max}" in str(got)
                ranged += 1
            assert ed.message == str(got) and "rules." in ed.message_box.value
            assert _editor_state(ed) == before, (info.name, bad)
            refused += 1
        if info.type is int and info.min is not None and info.max is not None:
            for edge in {info.min, info.max}:
                try:
                    game.rules.replace(**{info.name: edge})
                except RulesError:
                    continue  # an end of the range another rule rules out
                assert ed.set(**{info.name: edge}) is True
                assert ed.controls[info.name].value == edge and ed.changes().get(info.name, edge) == edge
                ed.reset()
                assert _editor_state(ed) == before
    assert refused > 50 and ranged > 20, (refused, ranged)


def test_rules_that_change_together_are_set_in_one_call():
    """Neko's harbour_pp has one value per harbour count: a shorter harbour_costs alone is
    refused naming harbour_costs (not harbour_pp), and both in one call are taken."""
    game = tabletop_nb.load_game("neko")
    ed = RulesEditor(game)
    before = _editor_state(ed)
    with pytest.raises(RulesError) as err:
        ed.set(harbour_costs=(5, 10, 15))
    assert err.value.field == "harbour_costs"
    assert str(err.value).startswith("rules.harbour_costs: does not fit rules.harbour_pp")
    assert "set(harbour_costs=..., harbour_pp=...)" in str(err.value)
    assert _editor_state(ed) == before
    assert ed.set(harbour_costs=[5, 10, 15], harbour_pp=(1, 3, 6, 11)) is True
    assert ed.controls["harbour_costs"].value == "5, 10, 15"
    new = ed.apply()
    assert new.rules.harbour_costs == (5, 10, 15) and new.rules.harbour_pp == (1, 3, 6, 11)
    # the form's values count: with those two in the form, a third value is judged with them
    assert ed.set(harbour_costs=(5, 10, 16)) is True
    with pytest.raises(RulesError, match=r"^rules\.harbour_pp: needs one value"):
        ed.set(harbour_pp=(1, 3, 6, 11, 19))
    assert ed.controls["harbour_pp"].value == "1, 3, 6, 11"
    assert ed.apply().rules.harbour_costs == (5, 10, 16)


def test_set_then_typed_value_paths_stay_messages():
    """The page's path is unchanged: a wrong value typed in a box is refused on apply with
    a message and no exception; only ``set`` from Python raises."""
    game = tabletop_nb.load_game("neko")
    ed = RulesEditor(game)
    ed.controls["start_coins"].value = 999  # an IntText: kept as typed
    ed.apply_button.click()
    assert ed.message == "rules.start_coins: must be at most 100, got 999" and ed.game is game
    ed.controls["harbour_costs"].value = "5, ten"
    assert ed.apply() is None and ed.message.startswith("rules.harbour_costs: expected whole numbers")
    # a form that already conflicts by itself (typed, not applied) does not block another rule
    toy = RulesEditor(tabletop_nb.load_game("toy"))
    toy.controls["die"].value = "2, 3, 4, 5"  # the pig face 1 is no longer a face
    assert toy.set(target=40) is True and toy.controls["target"].value == 40
    assert toy.apply() is None and toy.message.startswith("rules.die: does not fit rules.pig_faces")
