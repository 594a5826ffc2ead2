"""games/neko/analysis.py: the queries the engine and the bots share (issue 27, item 2).

The engine's resolution, legal bids, end of turn and purchases ask these functions, and the
greedy bot asks them too: a changed tie rule (a subclass overriding ``wins_tie``) changes
both. The bots use only public names of the engine and of this module.
"""
from __future__ import annotations

import re
from fractions import Fraction
from pathlib import Path

import numpy as np
import pytest

import tabletop_nb
from tabletop_nb import native
from tabletop_nb.games.neko import analysis as A
from tabletop_nb.games.neko import bots as B
from tabletop_nb.games.neko.engine import NekoGame
from tabletop_nb.games.neko.state import Bid, Buy, EndTurn, Pass

# twelve dice in the action phase of a two-player game: these positions give the rest to
# the discard area
_DISCARD_10 = [1, 1, 1, 2, 2, 3, 4, 4, 6, 6]


#: a test that patches a compiled module's function runs on the source only
source_only = pytest.mark.skipif(native.MODE == "compiled", reason="source mode only: this test patches a function of a compiled module, which compiled callers call directly (make test runs it with TABLETOP_PURE=1; tests/build checks that both modes play and choose alike)")


def _tied(game, order=(0, 1)):
    """Seat 0 has bid a 5 on space 0; seat 1, to move, has one die, a 5."""
    return game.position(coins=[10, 10], dice={0: [], 1: [5]}, discard=_DISCARD_10,
                         bids={0: {0: [5]}}, round=2, seat=1, order=list(order))


class LaterWins(NekoGame):
    """Ties on a bidding space go to the later bidder in turn order."""

    def wins_tie(self, s, p, q):
        return s.order.index(p) > s.order.index(q)


def test_leader_is_the_highest_total_ties_to_the_earlier_seat():
    """NK-RES-04, NK-RES-05: equal totals go to the seat earlier in the current turn order."""
    g = tabletop_nb.load_game("neko", players=3)
    s = g.position(dice={0: [1], 1: [], 2: []}, discard=[1] * 9 + [2] * 3,
                   bids={0: {0: [6], 1: [4, 2], 2: [3]}, 1: {2: [2]}},
                   order=[1, 0, 2], round=1, seat=0)
    assert A.leader(g, s, 0) == 1            # 6 and 4 + 2 tie: seat 1 comes first
    assert A.leader(g, s, 1) == 2
    assert A.leader(g, s, 2) is None
    assert A.leads(g, s, 0, 1) and not A.leads(g, s, 0, 0) and not A.leads(g, s, 0, 2)
    assert A.leads(g, s, 0, 0, total=7)
    assert g.winner(s, 0) == A.leader(g, s, 0)


def test_count_rule():
    """NK-BID-03..05: dice are counted, a seat's own dice count, an empty row allows any."""
    row = ((), (1, 1, 1), (6,))
    assert A.count_rule_allows(row, 0, 3) and not A.count_rule_allows(row, 0, 2)
    assert A.count_rule_allows(row, 2, 2) and not A.count_rule_allows(row, 2, 1)
    assert A.count_rule_allows(((), (), ()), 0, 1)
    assert A.most_dice(row) == 3 and A.most_dice(((), ())) == 0
    assert A.bid_total((4, 2)) == 6


def test_dice_to_lead():
    g = tabletop_nb.load_game("neko", players=2)
    s = _tied(g)
    assert A.dice_to_lead(g, s, 1, 0, (5,)) is None          # a tie, lost to seat 0
    assert A.dice_to_lead(g, s, 1, 0, (5, 1)) == [5, 1]
    assert A.dice_to_lead(g, s, 1, 1, (5, 1)) == [5]         # nobody there
    assert A.dice_to_lead(g, s, 1, 1, ()) == []
    assert A.dice_to_lead(g, s, 1, 0, (1, 1, 1, 1, 1, 1)) is None   # more than 3 dice
    assert A.dice_to_lead(g, s, 1, 0, (1, 1, 1, 1, 1, 1), most=6) == [1, 1, 1, 1, 1, 1]
    s2 = _tied(g, order=(1, 0))
    assert A.dice_to_lead(g, s2, 1, 0, (5,)) == [5]          # seat 1 first: the tie is its


def test_the_legal_bids_and_end_of_turn_follow_the_count_rule():
    """The engine's Bid actions are on the spaces count_rule_allows, and EndTurn is offered
    exactly when can_end_turn says so (NK-BID-04)."""
    g = tabletop_nb.load_game("neko", players=2)
    s = g.position(dice={0: [2, 5], 1: [6]}, discard=[1, 3, 3, 4, 6, 6],
                   bids={0: {1: [4]}, 2: {1: [1, 1]}}, round=2, seat=0)
    P = s.players[0]
    spaces = {a.space for a in g.legal_actions(s) if type(a) is Bid}
    want = {sp for sp in g.res_order if A.card_on_space(g, s, sp) >= 0
            and A.count_rule_allows(s.area.bids[sp], 0, len(P.dice))}
    assert spaces == want and 2 in spaces
    s3 = g.apply(s, Bid(2, 5))
    assert not A.can_end_turn(g, s3, 0) and EndTurn() not in g.legal_actions(s3)
    s4 = g.apply(s3, Bid(2, 2))
    assert A.can_end_turn(g, s4, 0) and EndTurn() in g.legal_actions(s4)


def test_placements_are_the_offered_buys():
    """At a won card the engine offers a Buy per analysis.placements, then Pass
    (NK-PLC-01, NK-PLC-02, NK-RES-08)."""
    g = tabletop_nb.load_game("neko", players=2)
    rng = np.random.default_rng(4)
    seen = 0
    s = g.initial_state()
    while not g.is_terminal(s) and seen < 20:
        d = A.decision(s)
        if d.kind == A.WIN:
            P = s.players[d.seat]
            card, = A.offered_cards(g, s)
            assert card == A.card_on_space(g, s, A.won_space(s))
            disc = A.purchase_discount(g, s, P)
            want = [Buy(card, li, si) for li, si, _ in A.placements(g, P, card, disc)] + [Pass()]
            assert g.legal_actions(s) == want
            low = A.lowest_price(g, P, card, disc)
            assert low == min((t for _, _, t in A.placements(g, P, card, disc)), default=None)
            seen += 1
        s = g.apply(s, g.sample_chance(s, rng) if g.current_player(s) < 0 else B.greedy_bot(g, s, rng))
    assert seen >= 5



class HarbourFee(NekoGame):
    """A designer's rule: every placement pays one coin more than the gap coins."""

    def gap_coins(self, lane, slot):
        return super().gap_coins(lane, slot) + 1


def test_every_price_of_a_placement_asks_gap_coins():
    """NK-PLC-02 has one home, ``game.gap_coins``: placements, lowest_price and the greedy
    bot's slot table follow a subclass that overrides it (issue 27: one place per rule)."""
    for G, want in ((NekoGame, [(0, 0, 4), (0, 2, 5)]), (HarbourFee, [(0, 0, 5)])):
        g = G(players=2)
        P = g.position(coins=[5, 10], lanes=[[[-1, 30, -1, -1, -1]], None], round=1).players[0]
        assert A.placements(g, P, 0, 0) == want
        assert A.lowest_price(g, P, 0, 0) == want[0][2]
        table = B._slots(g, P)
        assert [table[li, si][4] for li, si in ((0, 0), (0, 2))] == [g.gap_coins(P.lanes[0], si)
                                                                   for si in (0, 2)]
        assert table.fewest_gap_coins == want[0][2] - 4
    g = HarbourFee(players=2)
    P = g.position(coins=[4, 10], lanes=[[[-1, 30, -1, -1, -1]], None], round=1).players[0]
    assert A.lowest_price(g, P, 0, 0) is None      # card 0 costs 4, and the fee 1 more
    assert B._bid_gain(g, g.position(round=1), 0, P, 0, 0, B._slots(g, P)) is None

def test_decision_names_the_top_frame():
    g = tabletop_nb.load_game("neko", players=2)
    s = _tied(g)
    assert A.decision(s) == A.Decision(A.TURN, 1)
    assert A.decision(g.initial_state()).seat == -1      # a chance event


def test_the_engine_resolves_ties_with_wins_tie():
    """The resolution asks game.wins_tie: under LaterWins the later seat gets the card."""
    for G, winner in ((NekoGame, 0), (LaterWins, 1)):
        g = G(players=2)
        s = g.apply(_tied(g), Bid(0, 5))
        s = g.apply(s, EndTurn())
        while A.decision(s).kind != A.WIN:   # the round ends: the tied space resolves first
            s = g.apply(s, g.legal_actions(s)[0] if g.current_player(s) >= 0
                        else g.chance_outcomes(s)[0][0])
        assert A.won_space(s) == 0 and A.decision(s).seat == winner
        assert A.leader(g, s, 0) == winner


def test_the_greedy_bot_follows_the_engine_tie_rule():
    """Overriding wins_tie (the engine's tie rule) changes what the greedy bot bids: with one
    5 against a 5, it bids elsewhere when the tie is lost and on the tied space when won."""
    rng = np.random.default_rng(0)
    base, later = NekoGame(players=2), LaterWins(players=2)
    assert B.greedy_bot(base, _tied(base), rng) != Bid(0, 5)
    assert B.greedy_bot(later, _tied(later), rng) == Bid(0, 5)


@source_only
def test_patching_the_analysis_changes_the_bot(monkeypatch):
    """The bot asks analysis.dice_to_lead (it keeps no copy of the rule)."""
    g = NekoGame(players=2)
    s = _tied(g)
    rng = np.random.default_rng(0)
    before = B.greedy_bot(g, s, rng)
    monkeypatch.setattr(A, "dice_to_lead", lambda game, s, p, sp, dice, most=3: list(dice[:1]))
    B.greedy_bot.forget(g)
    assert B.greedy_bot(g, s, rng) != before


_BOTS_SOURCE = (Path(tabletop_nb.__file__).parent / "games" / "neko" / "bots.py").read_text()   # (a compiled module's file is its library)


@pytest.mark.parametrize("pattern,why", [
    (r"\bgame\._[a-z]", "a private name of the game"),
    (r"self\.game\._[a-z]", "a private name of the game"),
    (r"from \.engine[.\w]* import .*\b_[a-z]", "a private name of the engine"),
    (r"frames\[-1\]\[\d\]|\btop\[\d\]", "a frame read by position"),
    (r"== \"(turn|win|buy|draft|income)\"", "a frame kind matched as a string"),
    (r"^_LAST_\w+\s*[:=]", "a module-global last answer"),
    (r"_greedy_caches", "caches kept on the game object"),
])
def test_bots_use_only_public_names(pattern, why):
    found = [line for line in _BOTS_SOURCE.splitlines() if re.search(pattern, line)]
    assert not found, f"{why} in bots.py: {found}"


def test_open_bid_spaces_are_the_count_rule_on_every_space():
    """open_bid_spaces (one pass over the spaces) is count_rule_allows on each space with a
    card, at every Action-phase turn of seeded games, for one die and for all of them."""
    g = tabletop_nb.load_game("neko", players=4, advanced_cards=True)
    rng = np.random.default_rng(7)
    checked = 0
    for _ in range(2):
        s = g.initial_state()
        while not g.is_terminal(s):
            d = A.decision(s)
            if d.kind == A.TURN:
                for added in (1, len(s.players[d.seat].dice)):
                    want = [sp for sp in g.res_order if A.card_on_space(g, s, sp) >= 0
                            and A.count_rule_allows(s.area.bids[sp], d.seat, added)]
                    assert A.open_bid_spaces(g, s, d.seat, added) == want
                    checked += 1
            legal = g.legal_actions(s)
            s = g.apply(s, g.sample_chance(s, rng) if not legal else legal[int(rng.integers(len(legal)))])
    assert checked > 100


def test_nk_res_04_a_lead_is_checked_against_every_other_bid_past_an_empty_slot():
    """NK-RES-04: a bid leads only if it beats every other bid on the space; a seat with no
    dice there is passed over, and the seats after it are still compared. (Mutant: the
    emptiness test read the previous seat's slot, so seat 2's higher bid was skipped because
    seat 1's slot is empty.)"""
    g = tabletop_nb.load_game("neko", players=3)
    s = g.position(dice={0: [1], 1: [2], 2: [3]}, discard=[1] * 13, bids={0: {0: [4], 2: [5]}},
                   round=2, seat=0)
    assert s.order == (0, 1, 2)
    assert not A.leads(g, s, 0, 0) and A.leads(g, s, 0, 2)


@source_only
def test_nk_fa_15_adjusted_wraps_and_is_asked_by_engine_words_odds():
    """NK-FA-15, NK-PP-03: a die turned +1/-1 wraps, 6 + 1 = 1 and 1 - 1 = 6, and is one step
    otherwise; the engine's Adjust, its words and odds.steps all ask ``analysis.adjusted``
    (patched to stop at the faces, each of them changes)."""
    from neko_helpers import make_game, player, table
    from tabletop_nb.games.neko import odds
    from tabletop_nb.games.neko.state import Adjust
    assert [A.adjusted(v, 1) for v in range(1, 7)] == [2, 3, 4, 5, 6, 1]
    assert [A.adjusted(v, -1) for v in range(1, 7)] == [6, 1, 2, 3, 4, 5]
    assert (odds.steps(6, 1), odds.steps(1, 6), odds.steps(1, 4), odds.steps(2, 2)) == (1, 1, 3, 0)
    with pytest.raises(ValueError, match="die values 1 to 6"):
        odds.steps(0, 3)
    game = make_game(2)
    s = table(game, [player(game, dice=(6, 6), fuel=5), player(game, dice=(1,))])
    assert game.apply(s, Adjust(6, 1)).players[0].dice == (1, 6)
    assert "into a 1" in game.action_label(s, Adjust(6, 1))
    mp = pytest.MonkeyPatch()
    mp.setattr(A, "adjusted", lambda v, d: min(6, max(1, v + d)))   # no wrap
    try:
        assert game.apply(s, Adjust(6, 1)).players[0].dice == (6, 6)
        assert "into a 6" in game.action_label(s, Adjust(6, 1))
        assert odds.steps(2, 3) == 1   # (the patched rule never reaches 1 from 6: not asked)
        assert odds.reach_chance(game.rules, {1}, fuel=1) == Fraction(2, 6)   # 1 and 2, not 6
    finally:
        mp.undo()
    assert odds.reach_chance(game.rules, {1}, fuel=1) == Fraction(3, 6)       # 6, 1 and 2


@source_only
def test_nk_rwd_05_reward_level_and_open_are_asked_by_engine_and_odds():
    """NK-RWD-03, NK-RWD-05: the hand reaches the level of its lowest die (6 without dice) and
    the chart spaces at or above it are open; the engine's Get Rewards offer and
    odds.reward_chance ask ``analysis.reward_level`` / ``reward_open`` (patched to the
    spaces at or below, both change)."""
    from neko_helpers import REWARD, make_game, player, table
    from tabletop_nb.games.neko import odds
    assert (A.reward_level((4, 2, 5)), A.reward_level(())) == (2, 6)
    assert A.reward_open(3, 3) and A.reward_open(6, 1) and not A.reward_open(2, 3)

    def offer(game, dice):
        s = table(game, [player(game, dice=dice, interference=1), player(game, dice=(6,) * 5)],
                  phase=REWARD, frames=())
        return {a.reward for a in game.legal_actions(game.advance(s))}

    rules = make_game(2).rules
    assert offer(make_game(2), (6, 6, 6, 6, 6)) == {"coins"}
    assert odds.reward_chance(rules, "card", 1) == Fraction(1, 6)
    mp = pytest.MonkeyPatch()
    mp.setattr(A, "reward_open", lambda chart_level, level: chart_level <= level)
    try:
        assert "coins" in offer(make_game(2), (6, 6, 6, 6, 6)) and len(offer(make_game(2), (6,) * 5)) > 1
        assert odds.reward_chance(rules, "card", 1) == 1
    finally:
        mp.undo()
