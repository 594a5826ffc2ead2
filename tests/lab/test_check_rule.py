"""``tt.check_rule`` (issue 36): 0 for a rule that changes nothing, above 0 for a hook the
bots follow, and every kind of problem reported with the game to replay."""
import pytest

import tabletop_nb as tt
from tabletop_nb import replay
from tabletop_nb.core.runner import game_seed
from tabletop_nb.games.neko import NekoGame
from tabletop_nb.games.pacal import PacalGame
from tabletop_nb.games.pebble_rock import PebbleRockGame


# -- do-nothing rules: every figure is exactly 0 -----------------------------------------

class SamePebble(PebbleRockGame):
    def capacity(self, s, seat):
        return super().capacity(s, seat)


class SameNeko(NekoGame):
    def card_price(self, P, card, discount):
        return super().card_price(P, card, discount)


class SamePacal(PacalGame):
    def district_gain(self, district, before, seat, added):
        return super().district_gain(district, before, seat, added)


@pytest.mark.parametrize("cls", [SamePebble, SameNeko, SamePacal])
def test_a_rule_that_changes_nothing_gives_exactly_0(cls):
    """The hook is asked (calls > 0) and never differs; no decision of greedy or search
    changes, nor the control's; nothing breaks."""
    check = tt.check_rule(cls(players=2), games=3, bots=("greedy", "search"), search_games=1,
                          search_budget=2, effects=False)
    assert check.ok
    hook = check.hooks[0]
    assert check.calls[hook] > 0 and check.calls_differ[hook] == 0
    assert check.states_bitten == 0 and check.bites_games == 0
    for bot in ("greedy", "search"):
        assert check.changed_share(bot) == 0
        assert check.follow_share(bot) is None  # it never bites
    assert check.control_changes == 0
    assert "bites in 0% of games" in check.summary()


# -- a rule the bots follow: above 0, the control still 0 ---------------------------------

class BiggerHolds(PebbleRockGame):
    def capacity(self, s, seat):
        return super().capacity(s, seat) + 1


class UnevenPrices(NekoGame):
    def card_price(self, P, card, discount):
        return super().card_price(P, card, discount) + card % 3


class DoubleTakeover(PacalGame):
    def district_gain(self, district, before, seat, added):
        return 2 * super().district_gain(district, before, seat, added)


@pytest.mark.parametrize("cls", [BiggerHolds, UnevenPrices, DoubleTakeover])
def test_a_rule_the_bots_follow_changes_their_decisions(cls):
    """Per game (every hook: tests/games/<game>/test_hooks_bots.py): greedy's decisions
    change where the rule bites, the control's never; the summary leads with the answer."""
    check = tt.check_rule(cls(players=3), games=8, bots=("greedy",), effects=False)
    assert check.ok
    assert check.bites_games == 8
    assert 0 < check.follow_share("greedy") <= 1
    assert check.control_changes == 0
    first = check.summary().split("\n")[0]
    assert first.startswith(f"{cls.__name__} (") and "bites in 100% of games" in first
    assert "greedy changes its choice in" in first
    table = check.decisions()
    assert set(table.columns) >= {"bot", "kind", "decisions", "bites", "changed", "control changed"}
    assert table["control changed"].sum() == 0
    assert "<table" in check._repr_html_()


def test_pacal_moves_follow_district_gain():
    """PC-SCORE-03..08: the greedy bot values moves through district_gain (it used the printed
    majority gain: 0 of 1,245 move decisions changed); now moves change too."""
    check = tt.check_rule(DoubleTakeover(players=3), games=10, bots=("greedy",), effects=False)
    moves = check.tallies["greedy"]["move"]
    assert moves.bites > 0 and moves.changed_bites > 0


def test_main_effects_come_from_compare_rules_on_the_same_seeds():
    check = tt.check_rule(DoubleTakeover(players=2), games=30, bots=("greedy",))
    eff = check.effects()
    assert set(eff.metric) >= {"score_mean", "turns"}
    row = eff.set_index("metric").loc["turns"]
    assert row.low <= row.difference <= row.high
    assert check.comparison.games == 30


# -- problems: crash, endless, invariant break --------------------------------------------

class CrashesInRoundThree(PebbleRockGame):
    def capacity(self, s, seat):
        if s.round >= 3:
            return 1 // 0  # the designer's mistake
        return super().capacity(s, seat)


def test_a_crash_is_reported_with_its_game_record_and_the_designers_line():
    check = tt.check_rule(CrashesInRoundThree(players=2), games=2, bots=("greedy",))
    assert not check.ok
    crashes = [p for p in check.problems if p.kind == "crash"]
    assert [p.game for p in crashes] == [0, 1]
    p = crashes[0]
    assert "ZeroDivisionError" in p.message
    assert p.where.startswith(__file__) and "in capacity" in p.where
    assert p.traceback.rstrip().endswith("ZeroDivisionError: integer division or modulo by zero")
    assert "return 1 // 0" in p.traceback
    # the record replays to the state where the rule failed
    assert p.record.seed == {"entropy": 0, "spawn_key": [0]}
    states = replay(CrashesInRoundThree(players=2), p.record)
    assert states[-1].round == 3
    assert p.record.seed["spawn_key"] == list(game_seed(0, p.game).spawn_key)
    assert "not run: fix the crashes" in check.summary()
    assert "1 // 0" not in check.summary() and "game 0 (greedy): crash at" in check.summary()


class Endless(PacalGame):
    def moves_this_turn(self, s):
        return 1000


def test_an_endless_rule_is_reported_naming_the_hooks():
    check = tt.check_rule(Endless(players=2), games=1, bots=("greedy",), max_actions=3000)
    (p,) = check.problems
    assert p.kind == "endless" and p.game == 0
    assert "did not end within 3000 actions" in p.message and "moves_this_turn" in p.message
    assert len(p.record.actions) == 3000


class ShrinkingHolds(PebbleRockGame):
    """Holds shrink in round 4: boats may already hold more than that (no shedding)."""
    def capacity(self, s, seat):
        return 2 if s.round >= 4 else super().capacity(s, seat)


def test_an_invariant_break_is_reported():
    """PR-INV-02: tokens above the capacity the hook now gives are a real break."""
    check = tt.check_rule(ShrinkingHolds(players=2), games=4, bots=("greedy",), effects=False)
    breaks = [p for p in check.problems if p.kind == "invariant"]
    assert breaks
    assert "PR-INV-02" in breaks[0].message
    states = replay(ShrinkingHolds(players=2), breaks[0].record)
    assert tt.games.pebble_rock.invariants(ShrinkingHolds(players=2), states[-1])


def test_a_valid_capacity_rule_passes_the_invariants():
    """The invariants ask game.capacity (they flagged a valid extra-capacity rule 12,641
    times in 40 games when they read the printed capacity)."""
    check = tt.check_rule(BiggerHolds(players=3), games=10, bots=("greedy",), effects=False)
    assert check.ok


# -- bad calls --------------------------------------------------------------------------

def test_bad_calls_are_refused_with_the_reason():
    with pytest.raises(tt.TabletopError, match="needs a game"):
        tt.check_rule(PebbleRockGame)
    with pytest.raises(tt.TabletopError, match="games must be a whole number"):
        tt.check_rule(SamePacal(players=2), games=0)
    with pytest.raises(tt.TabletopError, match="base must be a game of the same name"):
        tt.check_rule(SamePacal(players=2), base=tt.load_game("pacal", players=3))
    with pytest.raises(tt.TabletopError, match="did you mean"):
        tt.check_rule(SamePacal(players=2), bots=("gredy",), effects=False)


# -- two processes give the same report ---------------------------------------------------

def test_two_processes_give_the_same_report_as_one():
    """The games are shared with a forked helper by pieces (greedy chunks, search games)
    and added up in the order one process plays them: the games, states, bitten states and
    games, every bot's tallies by kind and the problems are the same as from one process (a
    piece lost or counted twice, or tallies added out of order, would show here). Only the
    raw count of hook calls may differ a little: a value the bots cached in an earlier
    game of the same process is not asked again. A crash in every game is kept too."""
    from tabletop_nb.lab.check_rule import CHUNK_GAMES, _fork_context
    games = 2 * CHUNK_GAMES + 3  # three greedy pieces, the last one short
    one = tt.check_rule(BiggerHolds(players=2), games=games, bots=("greedy", "search"),
                        search_games=2, search_budget=2, effects=False, processes=1)
    two = tt.check_rule(BiggerHolds(players=2), games=games, bots=("greedy", "search"),
                        search_games=2, search_budget=2, effects=False, processes=2)
    assert one.processes == 1 and two.processes == (2 if _fork_context() is not None else 1)
    assert one.games == two.games == {"greedy": games, "search": 2}
    (hook,) = one.hooks
    assert one.calls[hook] == pytest.approx(two.calls[hook], rel=0.01)
    assert one.calls_differ[hook] == pytest.approx(two.calls_differ[hook], rel=0.01)
    assert (one.states, one.states_bitten, one.bites_games, one.games_played) == \
        (two.states, two.states_bitten, two.bites_games, two.games_played)
    assert one.tallies == two.tallies
    assert list(one.tallies["greedy"]) == list(two.tallies["greedy"])  # kinds in the same order
    assert one.summary().split("\n")[1:-1] == two.summary().split("\n")[1:-1]
    crash_one = tt.check_rule(CrashesInRoundThree(players=2), games=CHUNK_GAMES + 2,
                              bots=("greedy",), effects=False, processes=1)
    crash_two = tt.check_rule(CrashesInRoundThree(players=2), games=CHUNK_GAMES + 2,
                              bots=("greedy",), effects=False, processes=2)
    assert [p.game for p in crash_two.problems] == [p.game for p in crash_one.problems] == \
        list(range(CHUNK_GAMES + 2))
    assert [p.record for p in crash_two.problems] == [p.record for p in crash_one.problems]
    with pytest.raises(tt.TabletopError, match="processes is 1 or 2"):
        tt.check_rule(SamePacal(players=2), processes=3)
