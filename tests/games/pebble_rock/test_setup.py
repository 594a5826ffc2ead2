"""Rulebook "Game Setup" (checklist section 1, PR-SETUP)."""
from fractions import Fraction

import pytest
from pebble_rock_helpers import (CHANCE, P, cargo, chance, finish_setup, game_with,
                                 make_state, passenger, run, tiny_board)

import tabletop_nb
from tabletop_nb import RulesError
from tabletop_nb.games.pebble_rock import invariants
from tabletop_nb.games.pebble_rock.board import board_info
from tabletop_nb.games.pebble_rock.rules import ITEM_KINDS, Rules, validate_board
from tabletop_nb.games.pebble_rock.state import (DealAssignment, DeliverTreasure, DrawCard,
                                                 DrawItem, KeepAssignment, PickUp, PlaceBoat,
                                                 RevealTreasure, Turn)
from tabletop_nb.games.pebble_rock.frames import FillMarketSlot, FillRowSlot


def test_pr_setup_01_two_to_four_players():
    """PR-SETUP-01: 1 or 5 players are refused naming the field; 2, 3 and 4 play."""
    for n in (1, 5):
        with pytest.raises(RulesError) as err:
            tabletop_nb.load_game("pebble_rock", players=n)
        assert "players" in str(err.value)
    for n in (2, 3, 4):
        assert tabletop_nb.load_game("pebble_rock", players=n).num_players == n


def test_pr_setup_02_component_counts_in_a_fresh_state():
    """PR-SETUP-02: 52 Delivery, 14 Item (7 kinds), 10 Assignment cards, 8 jetstreams,
    4 treasures; after setup they add up (deck + row + ...)."""
    game = tabletop_nb.load_game("pebble_rock", players=4)
    r = game.rules
    assert len(r.delivery_cards) == 52 and len(r.item_cards) == 14
    assert sorted(set(r.item_cards)) == sorted(ITEM_KINDS) and len(r.assignment_cards) == 10
    assert r.jetstream_tokens == 8 and len(r.treasure_values) == 4 and r.passenger_tokens == 4
    assert r.row_size == 3 and r.market_size == 3
    s = finish_setup(game)
    t = s.table
    assert len(t.deck) + len([c for c in t.row if c]) == 52
    assert sum(t.item_deck) + len([k for k in t.market if k]) == 14
    assert len(s.jets) == 0 and len(t.treasure_spaces) == 4
    assert sum(len(sec.offer) for sec in s.secret) == 8
    assert invariants(game, s) == []


def test_pr_setup_03_board_data_is_validated():
    """PR-SETUP-03: a board that lacks docks, fishing spaces, 4 treasure spaces, the 4
    Market islands or 4 colour groups, or puts a character start on a dock, is refused."""
    good = tiny_board()
    validate_board(good)
    bad = [good._replace(docks=()), good._replace(fishing_spaces=()),
           good._replace(treasure_spaces=(7, 9, 14)),
           good._replace(islands=good.islands[:-1]),
           good._replace(islands=tuple(i._replace(colour="red") for i in good.islands)),
           good._replace(maisy_start=0),
           good._replace(edges=good.edges[:5])]
    for b in bad:
        with pytest.raises(RulesError) as err:
            Rules(board=b)
        assert err.value.field == "board"
    # the reconstructed board names everything
    validate_board(Rules().board)


def test_pr_setup_03_reconstructed_board_features():
    """PR-SETUP-03, PR-SETUP-04: the reconstructed board: 16 islands in 4 colours, 8 outer
    with standees, the 4 Market islands, 4 treasure spaces on the farthest outer islands,
    and the characters' start spaces are the Watcher's Rest, Old Shipwreck and Dolphin
    Island spaces nearest the Lighthouse."""
    b = Rules().board
    info = board_info(b)
    names = {i.name for i in b.islands if i.market}
    assert names == {"Meerkat Mount", "Meerkat Market", "Walrus Hut", "Walrus Shack"}
    assert sum(i.standee for i in b.islands) == 8
    assert all(i.standee == (i.ring == "outer") for i in b.islands)

    def to_rock(sp):  # steps to the nearest dock
        return min(info.dist[sp][d] for d in b.docks)

    land = {lm.name: lm for lm in b.landmarks}
    dolphin = next(i for i in b.islands if i.name == "Dolphin Island")
    for start, around in ((b.maisy_start, land["Watcher's Rest"].around),
                          (b.larry_start, land["Old Shipwreck"].around),
                          (b.roberto_start, dolphin.around)):
        assert start in around and start not in info.docks
        assert to_rock(start) == min(to_rock(x) for x in around if x not in info.docks)
    # treasure spaces are the farthest from the Lighthouse of all spaces around outer islands
    far = sorted(b.treasure_spaces, key=to_rock)
    assert to_rock(far[0]) >= max(to_rock(x) for i in b.islands if i.ring == "inner" for x in i.around)


def test_pr_setup_04_characters_start_on_their_spaces():
    """PR-SETUP-04: Maisy, Larry and Roberto start on the board's start spaces."""
    game = tabletop_nb.load_game("pebble_rock", players=2)
    s = finish_setup(game)
    b = game.rules.board
    assert s.chars == (b.maisy_start, b.larry_start, b.roberto_start)


def test_pr_setup_05_treasures_face_down_and_values_a_fair_draw():
    """PR-SETUP-05, PR-TREAS-01: one face-down token on each treasure space; nobody sees a
    value until delivery, when it is drawn from the values not yet seen (a permutation of
    the data values, as a shuffle would give)."""
    game = game_with(2, treasure_values=(2, 4, 4, 9))
    s = finish_setup(game)
    assert s.table.treasure_spaces == frozenset({7, 9, 14, 15})
    # no token carries a value in the state; the unseen values are the data values
    assert s.table.hidden_values == (2, 4, 4, 9)
    obs = game.observation(s, 0)
    assert obs.table.treasure_spaces == s.table.treasure_spaces
    # delivering a treasure reveals a value with the odds of a shuffled set
    s = make_state(game, players=[P(cargo=3, treasures=(7,)), P()], boats=[5, 0], chars=(14, 15, 6),
                   steps=2, moved=1, treasure_spaces={9, 14, 15})
    s = run(game, s, DeliverTreasure())
    assert chance(game, s) == {RevealTreasure(2): Fraction(1, 4), RevealTreasure(4): Fraction(1, 2),
                               RevealTreasure(9): Fraction(1, 4)}
    s = run(game, s, RevealTreasure(4))
    assert s.table.hidden_values == (2, 4, 9) and s.players[0].score == 4


def test_pr_setup_06_market_of_three():
    """PR-SETUP-06, PR-MARKET-01: the Item deck is shuffled and 3 cards turned up: Market 3,
    deck 11, discard empty; every draw is a chance node weighted by the cards left."""
    game = tabletop_nb.load_game("pebble_rock", players=2)
    s = game.initial_state()
    outs = chance(game, s)
    assert outs == {DrawItem(k): Fraction(2, 14) for k in ITEM_KINDS}
    s = run(game, s, DrawItem("maisy"), DrawItem("maisy"))
    outs = chance(game, s)
    assert DrawItem("maisy") not in outs and outs[DrawItem("jam_sandwich")] == Fraction(2, 12)
    s = run(game, s, DrawItem("jam_sandwich"))
    assert s.table.market == ("maisy", "maisy", "jam_sandwich")
    assert sum(s.table.item_deck) == 11 and sum(s.table.item_discard) == 0


def test_pr_setup_07_row_with_redraw_for_a_duplicate_island():
    """PR-SETUP-07, PR-REFILL-02: a card for an island already in the row goes back and
    another is revealed; so a duplicate is never drawn: row {A, B, C}, A2 in the deck."""
    cards = [cargo(1, "Red Isle", 1, 3), cargo(2, "Red Isle", 2, 6), cargo(3, "Blue Isle", 1, 3),
             cargo(4, "Green Isle", 1, 3), cargo(5, "Yellow Isle", 1, 3)]
    game = game_with(2, cards=cards)
    s = game.initial_state()
    while isinstance(s.todo[0], FillMarketSlot):
        s = run(game, s, game.chance_outcomes(s)[0][0])
    assert set(chance(game, s)) == {DrawCard(c) for c in (1, 2, 3, 4, 5)}
    s = run(game, s, DrawCard(1))
    outs = chance(game, s)
    assert DrawCard(2) not in outs and outs == {DrawCard(c): Fraction(1, 3) for c in (3, 4, 5)}
    s = run(game, s, DrawCard(3), DrawCard(4))
    assert s.table.row == (1, 3, 4) and s.table.deck == (2, 5)


def test_pr_setup_07_passenger_standee_on_its_pick_up_island():
    """PR-SETUP-07, PR-REFILL-07 (a): a passenger card occupies its pick-up island (its
    standee) in the duplicate check, not its destination."""
    cards = [passenger(1, "Red Isle", "Blue Isle", 5), cargo(2, "Red Isle", 1, 3),
             cargo(3, "Blue Isle", 1, 3), cargo(4, "Green Isle", 1, 3)]
    game = game_with(2, cards=cards)
    s = make_state(game, row=(1,), phase="end", todo=(FillRowSlot(),))
    assert set(chance(game, s)) == {DrawCard(3), DrawCard(4)}
    game_b = game_with(2, cards=cards, destination_blocks_row=True)
    s = make_state(game_b, row=(1,), phase="end", todo=(FillRowSlot(),))
    assert set(chance(game_b, s)) == {DrawCard(4)}


def test_pr_setup_08_characters_are_identical():
    """PR-SETUP-08: which character a seat plays changes nothing but its name."""
    a = game_with(2)
    b = game_with(2, characters=("Puffin", "Otter", "Beaver", "Hedgehog"))
    s = make_state(a, boats=[2, 6], steps=3)
    assert a.legal_actions(s) == b.legal_actions(s)
    assert a.player_name(0) == "Otter" and b.player_name(0) == "Puffin"


def test_pr_setup_09_boats_on_docks_from_the_youngest():
    """PR-SETUP-09 (a): boats go on dock spaces one at a time from the youngest player,
    one boat per dock; the switch lets boats share a dock."""
    board = tiny_board(docks=(0, 1, 2))
    for shared in (False, True):
        game = game_with(3, board=board, youngest_player=2, shared_docks_at_setup=shared)
        s = game.initial_state()
        while game.current_player(s) == CHANCE:
            s = run(game, s, game.chance_outcomes(s)[0][0])
        assert game.current_player(s) == 2
        assert game.legal_actions(s) == [PlaceBoat(0), PlaceBoat(1), PlaceBoat(2)]
        s = game.apply(s, PlaceBoat(1))
        assert game.current_player(s) == 0
        expect = [PlaceBoat(0), PlaceBoat(1), PlaceBoat(2)] if shared else [PlaceBoat(0), PlaceBoat(2)]
        assert game.legal_actions(s) == expect
        s = game.apply(s, PlaceBoat(0))
        assert game.current_player(s) == 1
        assert game.legal_actions(s) == (expect if shared else [PlaceBoat(2)])
    with pytest.raises(RulesError):
        game_with(3, board=tiny_board(docks=(0, 1)))


def test_pr_setup_10_assignments_dealt_two_keep_one():
    """PR-SETUP-10: each player is dealt 2 Assignment cards and keeps 1; with 4 players 4
    are kept and 6 are out of the game; the kept card is hidden from the others."""
    game = tabletop_nb.load_game("pebble_rock", players=4)
    s = game.initial_state()
    while s.phase == "setup":
        if game.current_player(s) == CHANCE:
            outs = game.chance_outcomes(s)
            if isinstance(outs[0][0], DealAssignment):
                assert sum(p for _, p in outs) == 1 and len({p for _, p in outs}) == 1
            s = game.apply(s, outs[-1][0])
        else:
            legal = game.legal_actions(s)
            if isinstance(legal[0], KeepAssignment):
                assert len(legal) == 2
            s = game.apply(s, legal[-1])
    kept = [sec.card for sec in s.secret]
    dealt = [c for sec in s.secret for c in sec.offer]
    assert len(set(dealt)) == 8 and all(k in sec.offer for k, sec in zip(kept, s.secret))
    out = {a.id for a in game.rules.assignment_cards} - set(kept)
    assert len(out) == 6
    view = game.observation(s, 0)
    assert view.secret[0] == s.secret[0] and view.secret[1].card == -1 and view.secret[1].offer == ()
    open_game = game.with_rules(secret_assignments=False)
    assert open_game.observation(s, 0) is s


def test_pr_setup_11_to_14_player_boards_and_round_marker():
    """PR-SETUP-11: capacity 4, upgrade inactive, 4 Cargo tokens; PR-SETUP-12: 3 fish;
    PR-SETUP-13: no items, cards, passengers or treasure; PR-SETUP-14: round 1."""
    game = tabletop_nb.load_game("pebble_rock", players=3)
    s = finish_setup(game)
    for seat, p in enumerate(s.players):
        assert game.capacity(s, seat) == 4 and p.cargo == 4 and p.tokens == 4
        assert p.fish == 3
        assert p.items == () and p.completed == () and p.passengers == () and p.treasures == ()
    assert s.round == 1 and s.phase == "choose" and s.turn == Turn()


def test_pr_setup_15_start_score_configured_and_equal():
    """PR-SETUP-15 (a): every seat starts on the configured score, 0 by default."""
    game = tabletop_nb.load_game("pebble_rock", players=4)
    assert [p.score for p in finish_setup(game).players] == [0, 0, 0, 0]
    one = game.with_rules(start_score=1)
    assert [p.score for p in finish_setup(one).players] == [1, 1, 1, 1]


def test_pr_setup_16_passenger_tokens_cap_only_when_switched_on():
    """PR-SETUP-16 (a): Passenger tokens are markers: a fifth passenger may be carried;
    with passenger_supply_limited, no pick-up while all 4 are in holds."""
    cards = [passenger(1, "Red Isle", "Blue Isle", 5), passenger(2, "Green Isle", "Red Isle", 5),
             passenger(3, "Walrus Shack", "Red Isle", 5), passenger(4, "Walrus Hut", "Red Isle", 5),
             passenger(5, "Yellow Isle", "Red Isle", 5), passenger(6, "Meerkat Mount", "Red Isle", 5)]
    for limited, expect in ((False, True), (True, False)):
        game = game_with(2, cards=cards, passenger_supply_limited=limited, upgraded_capacity=5)
        s = make_state(game, players=[P(cargo=0, passengers=(1, 2, 3), items=("cargo_upgrade",)),
                                      P(cargo=0, passengers=(4,))],
                       boats=[7, 0], row=(5, 6), steps=1, moved=1)
        s = run(game, s, game.step_actions[8])
        assert (PickUp(5) in game.legal_actions(s)) == expect
