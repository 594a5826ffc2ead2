"""game.position(...): a Pebble Rock position built from what is on the table, validated.

The defaults give a legal, playable state; every impossible position is refused with the
reason and builds nothing; the legal actions from a built position are those play reaches.
"""
import pytest
from pebble_rock_helpers import cargo, finish_setup, game_with, passenger, run
from playout import play_out

import tabletop_nb
from tabletop_nb import CHANCE, TabletopError
from tabletop_nb.games.pebble_rock import invariants
from tabletop_nb.games.pebble_rock.state import ChooseDice, Roll, Step, Stop
from tabletop_nb.games.pebble_rock.frames import RollDie

CARDS = (cargo(1, "Red Isle", 2, 6), cargo(2, "Blue Isle", 2, 6), cargo(3, "Green Isle", 1, 3),
         cargo(4, "Yellow Isle", 3, 9), passenger(7, "Green Isle", "Yellow Isle", 5),
         passenger(8, "Red Isle", "Green Isle", 4))


@pytest.fixture(scope="module")
def game():
    return game_with(2, cards=CARDS, item_cards=("maisy", "maisy", "cargo_upgrade", "lucky_shell"))


def test_defaults_are_a_legal_playable_start_of_turn(game):
    s = game.position()
    assert invariants(game, s) == []
    assert game.current_player(s) == 0 and s.round == 1 and s.phase == "choose"
    assert s.boats == (0, 1) and s.chars == (14, 15, 9)
    r = game.rules
    assert all((p.score, p.fish, p.cargo) == (r.start_score, r.start_fish, r.start_cargo)
               for p in s.players)
    assert s.table.deck == tuple(sorted(c.id for c in CARDS)) and s.table.row == (0, 0, 0)
    assert s.table.treasure_spaces == frozenset(r.board.treasure_spaces)
    # it plays to the end: random actions and sampled chance, every invariant kept
    s = play_out(game, s, 5, invariants, limit=5000)
    assert game.is_terminal(s) and len(game.scores(s)) == 2


def test_defaults_on_the_real_board_for_every_player_count():
    for n in (2, 3, 4):
        g = tabletop_nb.load_game("pebble_rock", players=n)
        s = g.position()
        assert invariants(g, s) == [] and set(s.boats) <= g.info.docks
        assert g.legal_actions(s) == [ChooseDice("steady"), ChooseDice("speedy")]


def test_what_is_given_is_on_the_table(game):
    s = game.position(boats={1: 16}, characters={"larry": 11}, scores=[3, 6], fish={1: 7},
                      cargo=[1, 2], passengers={0: (7,)}, treasures={1: (7,)},
                      items={0: ("maisy",)}, completed={1: (3,)}, row=(1, 4), market=("maisy",),
                      item_discard=("lucky_shell",), jetstreams=(5,), round=3, seat=1)
    p0, p1 = s.players
    assert s.boats == (0, 16) and s.chars == (14, 11, 9) and s.round == 3 and s.seat == 1
    assert (p0.score, p0.fish, p0.cargo, p0.passengers, p0.items) == (3, 3, 1, (7,), ("maisy",))
    assert (p1.score, p1.fish, p1.cargo, p1.treasures, p1.completed) == (6, 7, 2, (7,), (3,))
    t = s.table
    assert t.row == (1, 4, 0) and t.deck == (2, 8) and t.market == ("maisy", "", "")
    assert t.treasure_spaces == frozenset({9, 14, 15}) and s.jets == frozenset({5})
    # the item deck is what is not in the Market, a hand or the discard pile
    assert sum(t.item_deck) == 1 and sum(t.item_discard) == 1
    assert s.turns == 2 * 2 + 1


@pytest.mark.parametrize("table, reason", [
    (dict(boats=[4, 4]), "both on space 4, which holds one"),
    (dict(boats=[4, 14]), "where maisy is"),
    (dict(boats=[0, 99]), "99 is not a space of the board"),
    (dict(boats=[0]), "1 values for 2 players"),
    (dict(characters={"larry": 14}), "two characters on one space"),
    (dict(characters={"larry": 0}), "characters never stand on a dock"),
    (dict(characters={"bob": 5}), "no character 'bob'"),
    (dict(characters=[3, 4, 5]), "give {name: space}"),
    (dict(cargo=[5, 4]), "more than the hold's 4 spaces"),
    (dict(cargo=[4, 4], passengers={0: (7,)}), "more than the hold's 4 spaces"),
    (dict(cargo=[-1, 4]), "below 0"),
    (dict(fish=[2.0, 3]), "not a whole number"),
    (dict(passengers={0: (1,)}), "1 is not a passenger card"),
    (dict(row=(1, 9)), "no Delivery card 9"),
    (dict(row=(1,), lost_cards=(1,)), "in two places"),
    (dict(row=(3, 7)), "two row cards for one island"),
    (dict(row=(1,), completed={1: (1,)}), "in two places"),
    (dict(row=(1, 2, 3, 4)), "4 cards for 3 row slots"),
    (dict(items={0: ("cannon",)}), "no item kind 'cannon'"),
    (dict(items={0: ("maisy", "maisy")}, market=("maisy",)), "3 maisy cards in play"),
    (dict(items={0: ("maisy",) * 2 + ("lucky_shell", "cargo_upgrade")}), "4 items for 3 Item slots"),
    (dict(cargo=[2, 2], treasures={0: (7,), 1: (7,)}), "two players hold the treasure"),
    (dict(treasures={0: (5,)}), "5 is not a treasure space"),
    (dict(cargo=[2, 2], treasures={0: (7,)}, treasure_spaces=(7, 9, 14, 15)),
     "both on the board and in a hold"),
    (dict(treasure_spaces=(7, 9)), "is not the game's 4"),
    (dict(treasure_values=[(99,), ()]), "more treasures of a value delivered"),
    (dict(round=0), "below 1"),
    (dict(round=11), "above 10"),
    (dict(seat=2), "above 1"),
    (dict(step="fly"), "'fly' is not one of choose, move, end"),
    (dict(step="choose", movement=3), "nothing has happened this turn"),
    (dict(step="move", roll=7), "7 is not a face of the steady die"),
    (dict(step="move", roll=2, symbol="larry"), "'larry' is not a face of the resource die"),
    (dict(step="move", roll=2, dice="catch_up"), "alone in last place"),
    (dict(lighthouse=[True, True]), "one Lighthouse token"),
    (dict(jetstreams=range(9)), "9 tokens; the game has 8"),
    (dict(assignments=[1, 1]), "dealt twice"),
    (dict(assignments=[1, 77]), "77 is not an Assignment card"),
])
def test_an_impossible_position_is_refused_with_the_reason(game, table, reason):
    with pytest.raises(TabletopError, match="impossible position") as err:
        game.position(**table)
    assert reason in str(err.value)


def test_moving_boat_may_be_passing_a_character_but_not_stop_there(game):
    """PR-MOVE-04: mid-move the moving boat may be on a character's space (passing through);
    it may not be at rest there."""
    s = game.position(boats=[14, 1], step="move", movement=2, moved=1, met=("maisy",))
    assert Stop() not in game.legal_actions(s) and Step(13) in game.legal_actions(s)
    with pytest.raises(TabletopError, match="where maisy is"):
        game.position(boats=[14, 1], step="move", movement=2)
    with pytest.raises(TabletopError, match="where maisy is"):
        game.position(boats=[14, 1], step="end", moved=1)


def test_legal_actions_from_a_built_position_equal_those_reached_by_play(game):
    """Play a few turns from a set-up game; at each decision, the position a person would
    describe from the table gives the same legal actions (and the same state)."""
    s = finish_setup(game)
    s = run(game, s, ChooseDice("steady"), Roll(3, "blank"))
    for _ in range(2):
        table = dict(boats=list(s.boats), characters=dict(zip(("maisy", "larry", "roberto"), s.chars)),
                     fish=[p.fish for p in s.players], cargo=[p.cargo for p in s.players],
                     row=s.table.row, market=s.table.market,
                     assignments=[sec.offer for sec in s.secret], step="move", roll=3,
                     movement=s.steps, moved=s.moved, seat=s.seat, first=s.first)
        built = game.position(**table)
        assert game.legal_actions(built) == game.legal_actions(s)
        s = run(game, s, Step(s.boats[s.seat] + 1))
    built = game.position(**{**table, "boats": list(s.boats), "movement": s.steps,
                             "moved": s.moved})
    assert game.legal_actions(built) == game.legal_actions(s)
    # stopping ends the turn the same way in both
    a, b = game.apply(s, Stop()), game.apply(built, Stop())
    assert a.todo == b.todo and game.legal_actions(a) == game.legal_actions(b)
    end = game.position(**{**table, "boats": list(s.boats), "step": "end", "movement": 0,
                           "moved": s.moved})
    assert (end.todo, end.phase, end.seat, end.turns) == (a.todo, a.phase, a.seat, a.turns)
    assert game.legal_actions(end) == game.legal_actions(a)


def test_the_start_of_a_turn_equals_the_position_after_setup(game):
    s = finish_setup(game)
    built = game.position(boats=list(s.boats), row=s.table.row, market=s.table.market,
                          assignments=[sec.offer for sec in s.secret], first=s.first)
    assert built == s.__class__(**{f: getattr(s, f) for f in s.__slots__ if f != "events"},
                                events=())


def test_a_refused_position_changes_nothing(game):
    before = game.position()
    with pytest.raises(TabletopError):
        game.position(boats=[4, 4])
    assert game.position() == before


def test_position_feeds_the_odds_functions():
    """From a position a teacher set up, the engine-played reach matches the exact odds."""
    from tabletop_nb.games.pebble_rock import odds
    g = tabletop_nb.load_game("pebble_rock", players=2)
    start = g.info.docks_sorted[0]
    s = g.position(boats=[start, g.info.docks_sorted[-1]], fish=[0, 3])
    target = next(x for x in range(g.info.n) if g.info.dist[start][x] == 2)
    played = odds.played_reach(g, s, target, "speedy", trials=200, rng=1)
    assert played > 0.8 and odds.reach_probability(g, start, target, "speedy") > 0.8


def test_end_step_queues_the_end_of_turn_where_the_boat_stopped(game):
    """A position at the end of the turn starts the end-of-turn steps of its space: a dock
    refill offer (PR-END-02) at a dock, the Fish die (PR-END-04) on a fishing space."""
    at_dock = game.position(boats=[16, 1], cargo=[1, 4], step="end", roll=1, moved=1)
    assert {type(a).__name__ for a in game.legal_actions(at_dock)} == {"Refill", "Decline"}
    fishing = game.position(boats=[5, 1], step="end", roll=5, moved=5)
    assert game.current_player(fishing) == CHANCE and fishing.todo[0] == RollDie("gain")


@pytest.mark.parametrize("table", [dict(boats=3), dict(fish=2.5), dict(passengers={0: None}),
                                   dict(jetstreams=None), dict(row=["x"]), dict(colour="red"),
                                   dict(market=[3]), dict(assignments={0: "x"})])
def test_a_keyword_of_the_wrong_shape_is_refused_clearly(game, table):
    with pytest.raises(TabletopError, match="impossible position"):
        game.position(**table)


def test_pr_setup_11_a_positions_holds_are_the_capacity_hooks():
    """PR-SETUP-11, PR-ITEM-UPG-01, PR-PASS-05: ``position()`` sizes each hold by the game's
    ``capacity`` hook (through ``analysis.hold_room``), never by the printed numbers: under a
    house rule of bigger holds 5 tokens fit without a Cargo Upgrade, under smaller holds 4
    do not, and the printed game decides the other way round both times."""
    from tabletop_nb.games.pebble_rock import PebbleRockGame

    class BigHolds(PebbleRockGame):
        def capacity(self, s, seat):
            return super().capacity(s, seat) + 1

    class SmallHolds(PebbleRockGame):
        def capacity(self, s, seat):
            return super().capacity(s, seat) - 1

    printed = tabletop_nb.load_game("pebble_rock", players=2)
    big, small = BigHolds(printed.rules), SmallHolds(printed.rules)
    assert big.position(cargo=[5, 0]).players[0].cargo == 5
    with pytest.raises(TabletopError, match=r"cargo\[0\]: 5 cargo \+ 0 passengers \+ 0 treasures "
                                            r"is more than the hold's 4 spaces"):
        printed.position(cargo=[5, 0])
    assert printed.position(cargo=[0, 4]).players[1].cargo == 4
    with pytest.raises(TabletopError, match=r"cargo\[1\]: 4 cargo .* more than the hold's 3 spaces"):
        small.position(cargo=[0, 4])
    # a Cargo Upgrade (5 spaces printed) under the bigger holds: 6
    assert big.position(cargo=[6, 0], items={0: ("cargo_upgrade",)}).players[0].cargo == 6
