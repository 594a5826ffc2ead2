"""House rules of Pebble Rock checked where they are written and where the engine takes
their values (issue 36, items 2, 6 and 7): a misspelled hold capacity, a wrong signature,
capacities and fees out of range, and a run that fails inside a house rule keeping the
games that finished (PR-SETUP-11, PR-ITEM-UPG-01, PR-JET-02).
"""
from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor

import pandas as pd
import pytest

import tabletop_nb
from tabletop_nb import HouseRuleError
from tabletop_nb.core.runner import game_seed
from tabletop_nb.games.pebble_rock import PebbleRockGame


def test_pr_setup_11_a_misspelled_capacity_is_refused():
    """``capacty`` used to play the printed hold of 4 in silence."""
    with pytest.raises(HouseRuleError) as err:
        class BigHolds(PebbleRockGame):
            def capacty(self, s, seat):
                return 6
    assert str(err.value) == (
        "BigHolds.capacty overrides nothing: did you mean capacity(self, s, seat) -> int? (a "
        "method of another name is never called by the engine; a helper method's name starts "
        "with '_' (or mark it with @tabletop_nb.core.hooks.helper))")


def test_pr_setup_11_a_capacity_without_the_seat_is_refused_naming_the_signature():
    """It used to raise a TypeError deep in the bots, in the middle of a simulation."""
    with pytest.raises(HouseRuleError, match=r"BigHolds\.capacity does not fit the hook: it is written "
                                             r"capacity\(self, s\), the hook is capacity\(self, s, seat\) -> int"):
        class BigHolds(PebbleRockGame):
            def capacity(self, s):
                return 6


@pytest.mark.parametrize("value, why", [(-1, "below 0"), (4.5, "not a whole number (float 4.5)"),
                                        (None, "not a whole number (NoneType None)"),
                                        ("5", "not a whole number (str '5')")])
def test_pr_setup_11_a_capacity_out_of_range_names_hook_class_value_and_seat(value, why):
    class Holds(PebbleRockGame):
        def capacity(self, s, seat):
            return value if s.round >= 2 else super().capacity(s, seat)

    with pytest.raises(HouseRuleError) as err:
        tabletop_nb.play(Holds(players=2), "greedy", seed=1)
    e = err.value
    assert (e.hook, e.owner, e.value) == ("capacity", "Holds", value)
    assert str(e).startswith(f"the house rule Holds.capacity returned {value!r}: {why}; capacity "
                             f"must return int >= 0 (capacity(self, s, seat) -> int); asked with seat=")
    assert "Round 2 of 10" in e.situation and "seat=" in e.situation
    assert str(e).endswith("[the game with seed 1: replay it with tabletop_nb.play(game, bots, seed=1)]")


def test_pr_jet_02_a_negative_fee_is_refused():
    class PaidBack(PebbleRockGame):
        def jetstream_fee(self, s, seat):
            return -2

    with pytest.raises(HouseRuleError, match=r"PaidBack\.jetstream_fee returned -2: below 0"):
        for seed in range(20):  # random bots ride jetstreams early
            tabletop_nb.play(PaidBack(players=2), "random", seed=seed)


class FailsInGame3(PebbleRockGame):
    """A rule that breaks in the fourth game a process plays (the games before it finish)."""

    started = 0

    def initial_state(self):
        type(self).started += 1
        return super().initial_state()

    def delivery_points(self, card):
        return 4.5 if type(self).started == 4 else super().delivery_points(card)


def test_a_run_that_fails_in_a_house_rule_keeps_the_finished_games(tmp_path):
    FailsInGame3.started = 0
    path = tmp_path / "study.csv"
    with pytest.raises(HouseRuleError) as err:
        tabletop_nb.simulate(FailsInGame3(players=2), "greedy", games=6, seed=5, chunk_size=2,
                             executor="serial", checkpoint=path, progress=False)
    e = err.value
    assert e.hook == "delivery_points" and e.value == 4.5
    assert ("[game 3 of the run with seed 5: replay it alone with tabletop_nb.play(game, bots, "
            "seed=tabletop_nb.core.runner.game_seed(5, 3))]") in str(e)
    assert f"(the 3 games that finished are kept in err.table and in {path})" in str(e)
    assert sorted(set(e.table["game"])) == [0, 1, 2] and len(e.table) == 6
    saved = pd.read_csv(path, comment="#")
    assert sorted(set(saved["game"])) == [0, 1, 2]  # game 2 finished in the failing chunk: kept
    # the game named replays alone to the same failure
    FailsInGame3.started = 3
    with pytest.raises(HouseRuleError, match="delivery_points returned 4.5"):
        tabletop_nb.play(FailsInGame3(players=2), "greedy", seed=game_seed(5, 3))


def test_a_pool_run_that_fails_keeps_every_finished_chunk():
    FailsInGame3.started = 0
    with ThreadPoolExecutor(2) as pool, pytest.raises(HouseRuleError) as err:
        tabletop_nb.simulate(FailsInGame3(players=2), "greedy", games=8, seed=5, chunk_size=1,
                             executor=pool, progress=False)
    e = err.value
    kept = set(e.table["game"])
    # the rule fails in every game that asks it once a fourth game has started, so the game
    # still running then may fail too; the two that finished before that start are kept
    assert 2 <= len(kept) <= 7 and "of the run with seed 5" in e.game
    failed = int(e.game.split()[1])
    assert failed not in kept


def test_a_crash_inside_a_house_rule_is_reported_as_the_house_rules():
    class Crashes(PebbleRockGame):
        def jetstream_fee(self, s, seat):
            return 1 // 0

    with pytest.raises(HouseRuleError) as err:
        for seed in range(20):
            tabletop_nb.play(Crashes(players=2), "random", seed=seed)
    assert str(err.value).startswith("pebble_rock under the house rule Crashes (overriding "
                                     "jetstream_fee) raised ZeroDivisionError: integer division or "
                                     "modulo by zero (the house rule is the likely cause")
    assert isinstance(err.value.__cause__, ZeroDivisionError)  # the traceback ends in the rule


def test_pr_char_08_maisy_gives_what_the_hook_says_as_far_as_the_hold_has_room():
    """Maisy's one Cargo token is a hook now (it was only reachable through ``_i_meet``)."""
    from pebble_rock_helpers import P, game_with, make_state, run
    from tabletop_nb.games.pebble_rock.state import Step

    class GenerousMaisy(PebbleRockGame):
        def maisy_cargo(self, s, seat):
            return 2

    plain = game_with(2)
    generous = GenerousMaisy(plain.rules)
    for cargo, printed, variant in ((1, 2, 3), (3, 4, 4)):  # a hold of 4: the gift is capped
        for game, want in ((plain, printed), (generous, variant)):
            s = make_state(game, players=[P(cargo=cargo), P()], boats=[4, 16], steps=3,
                           chars=(5, 15, 9))
            assert run(game, s, Step(5)).players[0].cargo == want, (type(game).__name__, cargo)


def test_a_comparison_that_fails_in_a_house_rule_keeps_each_variants_games(tmp_path):
    FailsInGame3.started = 0
    path = tmp_path / "cmp.csv"
    with pytest.raises(HouseRuleError) as err:
        tabletop_nb.compare_rules({"printed": PebbleRockGame(players=2),
                                   "fails": FailsInGame3(players=2)}, "greedy", games=5, seed=2,
                                  executor="serial", checkpoint=path, progress=False)
    e = err.value
    assert "game 3 of the run with seed 2" in e.game
    assert sorted(set(e.table["printed"]["game"])) == [0, 1, 2, 3, 4]
    assert sorted(set(e.table["fails"]["game"])) == [0, 1, 2]
    assert "(the games that finished (5 of 'printed', 3 of 'fails') are kept in err.table" in str(e)
    saved = pd.read_csv(path, comment="#")
    assert sorted(set(saved[saved.variant == "fails"]["game"])) == [0, 1, 2]
