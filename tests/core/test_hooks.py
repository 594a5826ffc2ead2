"""Hooks as a declared API, mistakes caught when a house rule is written, study identity
and errors that help (issue 36, items 1, 2, 6 and 7).

Per-game cases (a misspelled and a mis-signed override of each game, hook values out of
range, games that crash or never end) are in tests/games/<game>/test_house_rules.py.
"""
from __future__ import annotations

import pickle

import numpy as np
import pytest

import tabletop_nb
from tabletop_nb import HouseRuleError, RulesError, TabletopError
from tabletop_nb.core.checkpoint import CheckpointError
from tabletop_nb.core.hooks import (HookSpec, class_identity, helper, hook, hooks, is_bool, is_int,
                                    overridden_hooks)
from tabletop_nb.games.neko import NekoGame
from tabletop_nb.games.pacal import PacalGame
from tabletop_nb.games.pebble_rock import PebbleRockGame

GAMES = {"pebble_rock": PebbleRockGame, "neko": NekoGame, "pacal": PacalGame}


# -- the declared table ------------------------------------------------------------------
@pytest.mark.parametrize("name", sorted(GAMES))
def test_every_hook_is_declared_on_a_method_the_game_has(name):
    table = tabletop_nb.hooks(name)
    cls = GAMES[name]
    assert len(table) >= 4 and table.game_class is cls
    assert tabletop_nb.hooks(cls(players=2)).names == table.names == hooks(cls).names
    for spec in table:
        assert isinstance(spec, HookSpec)
        method = getattr(cls, spec.name)
        assert method.__hook__ is spec  # declared on the method itself, nowhere else
        assert spec.signature.startswith(f"{spec.name}(self")
        assert spec.returns and spec.example and spec.rules and spec.check is not None
        assert spec.doc, f"{spec.name} has no docstring"
    assert overridden_hooks(cls) == ()


def test_the_hooks_the_issue_names_are_declared():
    """The hooks docs/DEVELOPING.md listed, and Neko's card_price (issue 36: unlisted)."""
    assert {"capacity", "jetstream_fee", "delivery_points"} <= set(hooks("pebble_rock").names)
    assert {"wins_tie", "card_price", "gap_coins"} <= set(hooks("neko").names)
    assert {"moves_this_turn", "after_drops", "district_gain", "die_moves", "straight_moves",
            "turning_moves", "arrows_moves", "constellation_cells", "first_round",
            "final_scoring"} == set(hooks("pacal").names)


def test_the_table_shows_as_text_html_and_a_frame():
    table = tabletop_nb.hooks("pebble_rock")
    assert "capacity(self, s, seat) -> int: int >= 0" in repr(table)
    html = table._repr_html_()
    assert html.count("<tr>") == len(table) + 1 and "<code>capacity(self, s, seat) -&gt; int</code>" in html
    df = table.to_frame()
    assert list(df.columns) == ["hook", "returns", "rules", "bots follow", "example"]
    assert len(df) == len(table)
    with pytest.raises(TabletopError, match="no hook 'capacty'; did you mean 'capacity'"):
        table["capacty"]


def test_hooks_is_exported_lazily():
    assert "hooks" in tabletop_nb.__all__ and "HouseRuleError" in tabletop_nb.__all__
    assert tabletop_nb.hooks is hooks


# -- checked when defined -------------------------------------------------------------------
def test_a_public_helper_far_from_every_hook_name_is_allowed():
    class WithHelpers(PebbleRockGame):
        def describe(self):  # near no hook's name: allowed as it is
            return "bigger holds"

        def _bonus(self, seat):  # private: always allowed
            return 1

        @helper
        def capacity_of(self, seat):  # near "capacity": allowed once marked
            return 1

        def capacity(self, s, seat):
            return super().capacity(s, seat) + self._bonus(seat) + self.capacity_of(seat)

    game = WithHelpers(players=2)
    s = game.initial_state()
    assert game.capacity(s, 0) == PebbleRockGame(players=2).capacity(s, 0) + 2
    assert overridden_hooks(WithHelpers) == ("capacity",)


def test_an_unmarked_helper_near_a_hook_name_is_refused_with_the_way_out():
    with pytest.raises(HouseRuleError) as err:
        class NearName(PebbleRockGame):
            def capacity_of(self, seat):
                return 1
    text = str(err.value)
    assert "did you mean capacity(self, s, seat) -> int?" in text
    assert "starts with '_'" in text and "@tabletop_nb.core.hooks.helper" in text


def test_extra_parameters_with_defaults_and_star_args_fit():
    class Extra(PacalGame):
        def moves_this_turn(self, s, bonus=0):
            return 1 + bonus

    class Star(PacalGame):
        def moves_this_turn(self, *args):
            return 1

    assert overridden_hooks(Extra) == ("moves_this_turn",) == overridden_hooks(Star)


@pytest.mark.parametrize("src, written", [
    ("def moves_this_turn(self, s, extra): return 1", "moves_this_turn(self, s, extra)"),
    ("def moves_this_turn(self): return 1", "moves_this_turn(self)"),
    ("def moves_this_turn(self, state): return 1", "moves_this_turn(self, state)"),
])
def test_a_mis_signed_override_is_refused_naming_the_hooks_signature(src, written):
    ns: dict = {"PacalGame": PacalGame}
    with pytest.raises(HouseRuleError) as err:
        exec(f"class Wrong(PacalGame):\n    {src}\n", ns)
    assert str(err.value) == (
        f"Wrong.moves_this_turn does not fit the hook: it is written {written}, the hook is "
        f"moves_this_turn(self, s) -> int (the engine calls it with these arguments; extra "
        f"parameters need defaults)")
    assert err.value.hook == "moves_this_turn" and err.value.owner == "Wrong"


def test_the_printed_games_are_not_wrapped():
    """Only an overriding subclass pays for the result checks."""
    for cls in GAMES.values():
        for name in hooks(cls).names:
            assert not hasattr(getattr(cls, name), "__tt_override__")


# -- the checks --------------------------------------------------------------------------
@pytest.mark.parametrize("value, why", [
    (4.5, "not a whole number (float 4.5)"), (-1, "below 0"), (None, "not a whole number (NoneType None)"),
    ("5", "not a whole number (str '5')"), (True, "not a whole number (bool True)"),
    (np.int64(3), None),
])
def test_whole_number_checks(value, why):
    assert is_int(0)(None, value) == why


def test_bool_check_refuses_look_alikes():
    assert is_bool()(None, False) is None
    assert is_bool()(None, 0) == "not True or False (int 0)"
    assert is_bool()(None, None) == "not True or False (NoneType None)"


def test_hook_decorator_records_the_signature_and_defaults():
    class Demo:
        @hook(returns="int", check=is_int(), rules=("X-1",), example="return 1")
        def value(self, s, seat: int, lowest: int = 1) -> int:
            """The value."""
            return 0

    spec = Demo.value.__hook__
    assert spec.signature == "value(self, s, seat, lowest=1) -> int"
    assert spec.params == ("s", "seat", "lowest") and spec.required == 2
    assert spec.declared_in.endswith("Demo") and spec.doc == "The value." and spec.bots_follow


def test_house_rule_error_pickles_with_its_parts():
    err = HouseRuleError("X.capacity returned -1", hook="capacity", owner="X", value=-1,
                         situation="seat=1").in_game("game 3").keeping(([1], []))
    back = pickle.loads(pickle.dumps(err))
    assert (back.hook, back.owner, back.value, back.situation, back.game, back.finished) == \
        ("capacity", "X", -1, "seat=1", "game 3", ([1], []))
    assert str(back) == str(err) == "X.capacity returned -1 [game 3]"
    assert isinstance(back, RulesError) and back.field == "capacity"


# -- study identity (item 6) -------------------------------------------------------------
_V1 = '''
class V1(PacalGame):
    def district_gain(self, district, before, seat, added):
        return super().district_gain(district, before, seat, added) + {bonus}
'''


def _cell(bonus: int, name: str) -> type:
    """A class as a notebook cell defines it (source kept under a cell's file name)."""
    import linecache
    src = _V1.format(bonus=bonus)
    linecache.cache[name] = (len(src), None, src.splitlines(True), name)
    ns: dict = {"PacalGame": PacalGame, "__name__": "__main__"}
    exec(compile(src, name, "exec"), ns)
    return ns["V1"]


def test_class_identity_is_the_class_and_a_digest_of_each_method():
    a, again, edited = _cell(1, "<cell-a>"), _cell(1, "<cell-b>"), _cell(3, "<cell-c>")
    ia = class_identity(a)
    assert ia is not None and ia["class"] == "__main__.V1" and list(ia["source"]) == ["V1.district_gain"]
    assert class_identity(again) == ia  # the same code typed again is the same study
    assert class_identity(edited)["source"] != ia["source"]
    assert class_identity(PacalGame) is None and class_identity(PacalGame(players=2)) is None


def test_class_identity_without_source_digests_the_code():
    ns: dict = {"PacalGame": PacalGame, "__name__": "__main__"}
    exec(compile(_V1.format(bonus=1), "<no source>", "exec"), ns)
    one = class_identity(ns["V1"])
    exec(compile(_V1.format(bonus=3), "<no source>", "exec"), ns)
    assert class_identity(ns["V1"])["source"] != one["source"]


def test_a_checkpoint_refuses_an_edited_class_and_the_printed_game(tmp_path):
    """simulate(V1(...), checkpoint=...), then the class edited (+1 to +3), then the printed
    game: both refused with the reason; V1 itself resumes."""
    path = tmp_path / "ud.csv"
    v1 = _cell(1, "<cell-1>")
    first = tabletop_nb.simulate(v1(players=2), "random", games=3, seed=1, checkpoint=path,
                                 progress=False, executor="serial")
    with pytest.raises(CheckpointError, match=r"the house rule __main__\.V1 of variant 'pacal' was "
                                              r"edited since it was played \(V1\.district_gain changed\)"):
        tabletop_nb.simulate(_cell(3, "<cell-2>")(players=2), "random", games=3, seed=1,
                             checkpoint=path, progress=False)
    with pytest.raises(CheckpointError, match=r"variant 'pacal' was played by the house rule "
                                              r"__main__\.V1 there, by the printed game here"):
        tabletop_nb.simulate(PacalGame(players=2), "random", games=3, seed=1, checkpoint=path,
                             progress=False)
    again = tabletop_nb.simulate(v1(players=2), "random", games=3, seed=1, checkpoint=path,
                                 progress=False)
    assert again.equals(first)


def test_a_printed_checkpoint_refuses_a_house_rule(tmp_path):
    path = tmp_path / "printed.csv"
    tabletop_nb.compare_rules({"base": PacalGame(players=2)}, "random", games=2, seed=1,
                              checkpoint=path, progress=False)
    with pytest.raises(CheckpointError, match="variant 'base' was played by the printed game there, "
                                              r"by the house rule __main__\.V1 here"):
        tabletop_nb.compare_rules({"base": _cell(1, "<cell-3>")(players=2)}, "random", games=2,
                                  seed=1, checkpoint=path, progress=False)


def test_a_record_of_a_house_rule_replays_only_on_it():
    v1 = _cell(1, "<cell-4>")
    rec = tabletop_nb.play(v1(players=2), "random", seed=2)
    assert rec.meta["house_rule"] == class_identity(v1)
    assert len(tabletop_nb.replay(v1(players=2), rec)) == len(rec.actions) + 1
    with pytest.raises(tabletop_nb.RecordError, match="the record was played by the house rule "
                                                      r"__main__\.V1 there, by the printed game here"):
        tabletop_nb.replay(PacalGame(players=2), rec)
    assert "house_rule" not in tabletop_nb.play(PacalGame(players=2), "random", seed=2).meta


# -- errors that help (item 7) --------------------------------------------------------------
def test_unknown_rule_names_suggest_the_nearest():
    with pytest.raises(RulesError) as err:
        tabletop_nb.load_game("neko", harbour_cost=(5, 10))
    assert str(err.value) == "rules.harbour_cost: there is no such rule; did you mean 'harbour_costs'?"
    with pytest.raises(RulesError, match="did you mean 'cargo_capacity'"):
        tabletop_nb.load_game("pebble_rock").with_rules(cargo_capacty=5)


def test_unknown_bot_names_suggest_the_nearest():
    with pytest.raises(TabletopError, match="no bot called 'gredy' for pacal; did you mean 'greedy'?"):
        tabletop_nb.play(PacalGame(players=2), "gredy", seed=1)


def test_unknown_metric_names_suggest_the_nearest():
    games = {"base": PacalGame(players=2), "three": PacalGame(players=3)}
    with pytest.raises(TabletopError, match="no metric 'win_rate_seats_0' to decide: there is no "
                                            "such metric; did you mean 'win_rate_seat_0'"):
        tabletop_nb.compare_rules(games, "random", games=2, seed=1, stop="decided",
                                  metrics=["win_rate_seats_0"], progress=False)
    result = tabletop_nb.compare_rules(games, "random", games=2, seed=1, progress=False)
    with pytest.raises(TabletopError, match="did you mean 'turns'"):
        result.estimate("three", "turn")


def test_a_cross_rule_refusal_names_the_rule_changed():
    """Neko's harbour_costs=(5, 10) was refused naming harbour_pp, a rule not touched."""
    with pytest.raises(RulesError) as err:
        tabletop_nb.load_game("neko", harbour_costs=(5, 10))
    assert err.value.field == "harbour_costs"
    assert str(err.value) == ("rules.harbour_costs: does not fit rules.harbour_pp: needs one value "
                              "per possible harbour count (1 to 3: one more than harbour_costs has "
                              "prices), got 5")
    with pytest.raises(RulesError) as err:
        NekoGame(players=2).with_rules(start_coins=5, harbour_costs=(5, 10))
    assert err.value.field == "harbour_costs"  # of the two changes, the one that brings it
    assert tabletop_nb.load_game("neko", harbour_costs=(5, 10), harbour_pp=(1, 3, 6)).rules.max_harbours == 3


def test_a_hook_from_a_plain_mixin_is_checked_too():
    class Holds:  # a designer's mixin, not a game class
        def capacity(self, s, seat):
            return -1

    class WithMixin(Holds, PebbleRockGame):
        pass

    game = WithMixin(players=2)
    assert overridden_hooks(WithMixin) == ("capacity",)
    with pytest.raises(HouseRuleError, match=r"WithMixin\.capacity returned -1: below 0"):
        game.capacity(game.initial_state(), 0)

    class Short:
        def capacity(self, s):
            return 1

    with pytest.raises(HouseRuleError, match=r"it is written capacity\(self, s\)"):
        class Bad(Short, PebbleRockGame):
            pass


def test_a_subclass_of_a_house_rule_checks_each_override_once():
    class A(PebbleRockGame):
        def capacity(self, s, seat):
            return 6

    class B(A):
        def capacity(self, s, seat):
            return super().capacity(s, seat) - 7

    class C(A):
        pass

    s = PebbleRockGame(players=2).initial_state()
    assert C(players=2).capacity(s, 0) == 6 and C.capacity is A.capacity
    with pytest.raises(HouseRuleError, match=r"B\.capacity returned -1"):
        B(players=2).capacity(s, 0)
