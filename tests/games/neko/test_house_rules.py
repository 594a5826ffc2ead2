"""House rules of Neko checked where they are written and where the engine takes their
values (issue 36, items 2 and 7): a misspelled tie rule, a wrong signature, a tie rule that
answers None and a price below 0 (NK-RES-05, NK-BB-02, NK-PLC-02).
"""
from __future__ import annotations

import pytest

import tabletop_nb
from tabletop_nb import HouseRuleError
from tabletop_nb.games.neko import NekoGame


def test_nk_res_05_a_misspelled_tie_rule_is_refused():
    with pytest.raises(HouseRuleError) as err:
        class LaterWins(NekoGame):
            def wins_ties(self, s, p, q):
                return s.order.index(p) > s.order.index(q)
    assert str(err.value).startswith("LaterWins.wins_ties overrides nothing: did you mean "
                                     "wins_tie(self, s, p, q) -> bool?")


def test_nk_plc_02_a_gap_rule_without_the_slot_is_refused_naming_the_signature():
    with pytest.raises(HouseRuleError, match=r"it is written gap_coins\(self, lane\), the hook is "
                                             r"gap_coins\(self, lane, slot\) -> int"):
        class NoGaps(NekoGame):
            def gap_coins(self, lane):
                return 0


def test_nk_res_05_a_tie_rule_answering_none_is_refused_with_the_seats():
    class Undecided(NekoGame):
        def wins_tie(self, s, p, q):
            return None

    with pytest.raises(HouseRuleError) as err:
        for seed in range(10):
            tabletop_nb.play(Undecided(players=3), "greedy", seed=seed)
    e = err.value
    assert (e.hook, e.owner, e.value) == ("wins_tie", "Undecided", None)
    assert "returned None: not True or False (NoneType None); wins_tie must return bool" in str(e)
    assert "p=" in e.situation and "q=" in e.situation and "Round" in e.situation


def test_nk_bb_02_a_negative_card_price_is_refused():
    class Paid(NekoGame):
        def card_price(self, P, card, discount):
            return -1

    with pytest.raises(HouseRuleError, match=r"Paid\.card_price returned -1: below 0; card_price "
                                             r"must return int >= 0") as err:
        tabletop_nb.play(Paid(players=2), "greedy", seed=1)
    assert "card=" in err.value.situation and "discount=" in err.value.situation


def test_a_valid_tie_rule_plays_through_the_checks():
    class Same(NekoGame):
        def wins_tie(self, s, p, q):
            return super().wins_tie(s, p, q)

    a = tabletop_nb.play(Same(players=2), "greedy", seed=2)
    b = tabletop_nb.play(NekoGame(players=2), "greedy", seed=2)
    assert a.actions == b.actions and a.scores == b.scores


def test_nk_act_06_take_fish_asks_the_fish_taken_hook():
    """The Take Fish action's one fish is a hook now (it was only reachable by overriding
    the private ``apply_take_fish``)."""
    from tabletop_nb.games.neko.state import TakeFish

    class HighDiceTakeTwo(NekoGame):
        def fish_taken(self, s, seat, value):
            return 2 if value >= 5 else 1

    class Negative(NekoGame):
        def fish_taken(self, s, seat, value):
            return -1

    def fish_after(game, action):
        s = game.position(round=1, seat=0)  # seat 0 holds dice 1 to 6 and no fish
        return game.apply(s, action).players[0].fish

    printed, variant = NekoGame(players=2), HighDiceTakeTwo(players=2)
    assert fish_after(printed, TakeFish(5)) == 1 and fish_after(variant, TakeFish(5)) == 2
    assert fish_after(variant, TakeFish(2)) == 1
    with pytest.raises(HouseRuleError, match=r"Negative\.fish_taken returned -1: below 0; .*seat=0, value=5"):
        fish_after(Negative(players=2), TakeFish(5))


def test_nk_trv_01_travel_pp_is_never_negative_so_the_hooks_contract_holds():
    """A rule value the printed travel_pp hook returns as it is must fit the hook's range."""
    from tabletop_nb import RulesError
    with pytest.raises(RulesError, match=r"rules\.ship_travel_pp: PP must not be negative"):
        tabletop_nb.load_game("neko", ship_travel_pp=(0, -1, 2, 3, 4, 5))
