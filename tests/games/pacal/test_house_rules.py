"""House rules of Pacal's Rocket checked where they are written and where the engine takes
their values (issue 36, items 2 and 7): a misspelled or mis-signed hook, a hook value of the
wrong type or range (0 moves), a rule under which the game never ends, and the end
thresholds' bounds (PC-END-04, PC-TWO-02).
"""
from __future__ import annotations

import pytest

import tabletop_nb
from tabletop_nb import HouseRuleError, RulesError
from tabletop_nb.games.pacal import PacalGame


def test_a_misspelled_hook_is_refused_with_the_hook_it_likely_means():
    """PC-SCORE-01: ``district_gains`` would have played the printed game in silence."""
    with pytest.raises(HouseRuleError) as err:
        class MoreForDistricts(PacalGame):
            def district_gains(self, district, before, seat, added):
                return 9
    assert str(err.value).startswith(
        "MoreForDistricts.district_gains overrides nothing: did you mean "
        "district_gain(self, district, before, seat, added) -> int?")
    assert err.value.hook == "district_gain"


def test_a_mis_signed_hook_is_refused_naming_its_signature():
    with pytest.raises(HouseRuleError, match=r"it is written district_gain\(self, district, before\), "
                                             r"the hook is district_gain\(self, district, before, seat, added\) -> int"):
        class Short(PacalGame):
            def district_gain(self, district, before):
                return 1


@pytest.mark.parametrize("value, why", [(0, "below 1"), (1.5, "not a whole number (float 1.5)"),
                                        (None, "not a whole number (NoneType None)"),
                                        ("2", "not a whole number (str '2')")])
def test_moves_this_turn_out_of_range_is_refused_with_the_situation(value, why):
    """PC-MOVE-02, PC-ONE-01: a turn has at least one move."""
    class Odd(PacalGame):
        def moves_this_turn(self, s):
            return value

    with pytest.raises(HouseRuleError) as err:
        tabletop_nb.play(Odd(players=2), "random", seed=3)
    e = err.value
    assert (e.hook, e.owner, e.value) == ("moves_this_turn", Odd.__name__, value)
    text = str(e)
    assert text.startswith(f"the house rule {Odd.__name__}.moves_this_turn returned {value!r}: "
                           f"{why}; moves_this_turn must return int >= 1 (moves_this_turn(self, s) -> int)")
    assert "asked with (" in text and "turn " in e.situation  # where the engine asked
    assert "[the game with seed 3: replay it with tabletop_nb.play(game, bots, seed=3)]" in text


def test_a_negative_district_gain_names_the_district_and_seat():
    class Penalty(PacalGame):
        def district_gain(self, district, before, seat, added):
            return -1

    with pytest.raises(HouseRuleError) as err:
        tabletop_nb.play(Penalty(players=2), "greedy", seed=1)
    assert err.value.value == -1 and "below 0" in str(err.value)
    assert "district=" in err.value.situation and "seat=" in err.value.situation


def test_a_game_that_never_ends_names_the_house_rule_not_the_engine():
    """A thousand moves a turn: the stones run out and no turn ends."""
    class Endless(PacalGame):
        def moves_this_turn(self, s):
            return 1000

    with pytest.raises(HouseRuleError) as err:
        tabletop_nb.play(Endless(players=2), "random", seed=1)
    text = str(err.value)
    assert text.startswith("pacal did not end within 20000 actions under the house rule "
                           f"{Endless.__name__} (overriding moves_this_turn): the house rule is the likely cause")
    assert "engine bug" not in text and "replay it with tabletop_nb.play(game, bots, seed=1)" in text
    with pytest.raises(tabletop_nb.TabletopError, match="an engine bug"):  # the printed game: as before
        tabletop_nb.play(PacalGame(players=2), "random", seed=1, max_actions=10)


def test_a_valid_house_rule_plays_unchanged_through_the_checks():
    class Same(PacalGame):
        def district_gain(self, district, before, seat, added):
            return super().district_gain(district, before, seat, added)

    a = tabletop_nb.play(Same(players=3), "greedy", seed=4)
    b = tabletop_nb.play(PacalGame(players=3), "greedy", seed=4)
    assert a.actions == b.actions and a.scores == b.scores


@pytest.mark.parametrize("thresholds, match", [
    (((4, -5),), r"rules\.thresholds: \(4, -5\): the end score must be 1\.\.500 points \(at -5 the game "
                 r"would end before anyone scores\)"),
    (((4, 0),), r"\(4, 0\): the end score must be 1\.\.500"),
    (((4, 501),), r"\(4, 501\): the end score must be 1\.\.500 points"),
    (((6, 30), (4, 35)), r"\(6, 30\): the player count must be 2\.\.5"),
    (((4, 35), (4, 30)), "gives a player count twice"),
])
def test_pc_end_04_thresholds_are_bounded(thresholds, match):
    """PC-END-04, PC-TWO-02: an end threshold keeps the game playable."""
    with pytest.raises(RulesError, match=match) as err:
        tabletop_nb.load_game("pacal", players=4, thresholds=thresholds)
    assert err.value.field == "thresholds"
    assert tabletop_nb.load_game("pacal", players=4, thresholds=((4, 1),)).rules.threshold == 1


def test_changing_players_without_a_threshold_names_players():
    with pytest.raises(RulesError) as err:
        tabletop_nb.load_game("pacal", players=2).with_rules(players=4, thresholds=((2, 45),))
    assert err.value.field == "thresholds" and "no end threshold for 4 players" in str(err.value)
    with pytest.raises(RulesError) as err:
        tabletop_nb.load_game("pacal", players=2, thresholds=((2, 45),)).with_rules(players=3)
    assert err.value.field == "players"
    assert str(err.value) == "rules.players: does not fit rules.thresholds: no end threshold for 3 players"


def test_pc_straight_01_a_move_hook_naming_a_space_off_the_board_is_refused():
    """A movement hook's spaces are board indices from 0: -1 (or the board's size) is the house
    rule's mistake, named as such, never a move to nowhere (PC-STRAIGHT-01)."""
    for bad in (-1, None):
        class OffBoard(PacalGame):
            def straight_moves(self, ship, pips, free):
                moves = super().straight_moves(ship, pips, free)
                return moves + [-1] if bad == -1 else moves + [self.geo.size]

        with pytest.raises(HouseRuleError, match=r"OffBoard\.straight_moves returned"):
            for seed in range(5):
                tabletop_nb.play(OffBoard(players=3), "random", seed=seed)


def test_pc_end_08_greedy_asks_an_overridden_final_scoring_about_the_real_pyramid():
    """With final_scoring overridden, the bots' look-ahead (analysis.final_after_build) asks it
    about the state the build would really make: the new pyramid has the builder's colour and
    its stories (PC-END-08, PC-UPGRADE-03)."""
    from tabletop_nb.games.pacal.analysis import final_after_build
    from tabletop_nb.games.pacal.state import evolve

    seen = []

    class Reads(PacalGame):
        def final_scoring(self, s):
            seen.append(s.pyramids)
            return super().final_scoring(s)

    game = Reads(players=3)
    s = game.position(ships=[(1, 0), (7, 8), (9, 8)], stones={0: [(3, 9), (4, 9)]},
                      pyramids={(5, 5): (1, 2), (2, 2): (0, 1)}, phase="build")
    cell = game.geo.cell((3, 9))
    got = final_after_build(game, s, cell, 2)
    built = s.pyramids[:cell] + (s.player * 8 + 2,) + s.pyramids[cell + 1:]
    assert seen[-1] == built and s.player == 0
    assert got == tuple(PacalGame(players=3).final_scoring(evolve(s, pyramids=built)))
