"""Rulebook hubs and ships ("Hub Activation", free action g), "What will happen when your
ship(s) move to a hub?"), "catch a fish", ports, capacity limits: NK-HUB, NK-CAT, NK-PORT,
NK-CAP; worked examples NK-EX-09, NK-EX-14, NK-EX-15, NK-EX-16."""
from __future__ import annotations


from tabletop_nb.games.neko import analysis
from tabletop_nb.games.neko.board import lane_graph, player_graph, reachable_stops
from tabletop_nb.games.neko.state import (ActivateHub, EndTurn, LoadCargo, MoveShip, TakeDiscard)

from neko_helpers import PREP, E, card, make_game, port, player, replace, table
from tabletop_nb.games.neko.engine import end_of_round


def one(game, lanes, **kw):
    return table(game, [player(game, lanes, **kw), player(game, dice=(1,))])


FUEL1 = card(100, right="fuel")            # item fuel
M1 = card(101, left=1, right="coins")      # multiplier 1, item coins
M2 = card(102, left=2, right="goods")      # multiplier 2, item goods
M3 = card(103, left=3, right="fish")


def test_nk_hub_01_02_03_hubs_form_between_adjacent_cards():
    """NK-HUB-01, NK-HUB-02, NK-HUB-03: a lane has 5 slots; a hub exists at boundary k exactly
    when slots k and k+1 hold cards, joining the left card's item with the right card's
    multiplier."""
    game = make_game(2, [FUEL1, M1, M2, M3])
    lane = (100, 102, E, 101, 103)
    P = player(game, [lane])
    assert len(P.lanes[0]) == 5
    assert analysis.hubs(game, P) == (((0, 1, 0), 2, "fuel"), ((0, 4, 0), 3, "coins"))
    g = lane_graph(game, lane)
    assert g.nodes[(1, 0)]["kind"] == "hub" and g.nodes[(2, 0)]["kind"] == "half-hub"
    assert g.nodes[(3, 0)]["kind"] == "half-hub" and g.nodes[(5, 0)]["kind"] == "half-hub"
    assert g.nodes[(0, 0)]["kind"] == "harbour"
    assert not g.has_edge((2, 0), (3, 0))                       # the gap


def test_nk_hub_04_die_must_equal_the_multiplier():
    """NK-HUB-04: activating a hub needs a die equal to its multiplier."""
    game = make_game(2, [FUEL1, M2])
    s = one(game, [[100, 102]], dice=(1, 3, 6))
    assert ActivateHub(0, 1, 0) not in game.legal_actions(s)
    s = one(game, [[100, 102]], dice=(2,))
    assert ActivateHub(0, 1, 0) in game.legal_actions(s)


def test_nk_ex_09_hub_rewards__nk_hub_05_06():
    """NK-EX-09, NK-HUB-05, NK-HUB-06: a 'fuel, 1' hub and a die 1 give 1 fuel; a 'coins, 2' hub
    and a die 2 give 2 x 2 = 4 coins; a ship entering it also gives 4 (coin unit 2, ruling (a));
    with coin_unit=1 the same hub gives 2."""
    coins = card(104, right="coins")
    game = make_game(2, [FUEL1, M1, coins, M2])
    s = one(game, [[100, 101]], dice=(1,), fuel=0)
    assert game.apply(s, ActivateHub(0, 1, 0)).players[0].fuel == 1
    s = one(game, [[104, 102]], dice=(2,), coins=0, fuel=2)
    assert game.apply(s, ActivateHub(0, 1, 0)).players[0].coins == 4
    assert game.apply(s, MoveShip(0, 0, 0)).players[0].coins == 4
    g1 = make_game(2, [coins, M2], coin_unit=1)
    s = one(g1, [[104, 102]], dice=(2,), coins=0)
    assert g1.apply(s, ActivateHub(0, 1, 0)).players[0].coins == 2


def test_nk_hub_07_explicit_multiplier_and_item():
    """NK-HUB-07: every hub is one multiplier and one item (ruling (a)): 3 x fish gives 3 fish."""
    fish = card(105, right="fish")
    game = make_game(2, [fish, M3])
    s = one(game, [[105, 103]], dice=(3,), fish=0)
    assert game.apply(s, ActivateHub(0, 1, 0)).players[0].fish == 3


def test_nk_hub_08_no_die_on_a_half_hub():
    """NK-HUB-08: half-hubs (the start, a card side without neighbour) take no die (ruling (a))."""
    game = make_game(2, [FUEL1, M1])
    s = one(game, [[100, E, 101]], dice=(1, 2, 3, 4, 5, 6))
    assert not any(isinstance(a, ActivateHub) for a in game.legal_actions(s))


def test_nk_hub_09_10_stops_of_a_lane_and_one_move_each():
    """NK-HUB-09, NK-HUB-10: the stops are the start, each boundary reachable without crossing an
    empty slot, and each internal port hub; a move goes to the next one."""
    p = port(106, hubs=((1, "fuel"), (2, "coins")))
    game = make_game(2, [FUEL1, M1, p])
    lane = (100, 106, 101, E, E)
    assert reachable_stops(game, lane) == [(0, 0), (1, 0), (1, 1), (1, 2), (2, 0), (3, 0)]
    b, j = 0, 0
    seen = [(0, 0)]
    while game.next_stop(lane, b, j) is not None:
        b, j = game.next_stop(lane, b, j)
        seen.append((b, j))
    assert seen == reachable_stops(game, lane)


def test_nk_ex_14_first_move_from_the_harbour__nk_hub_11():
    """NK-EX-14, NK-HUB-11: Benno pays 2 fuel and moves from the harbour to the next hub, '1x fuel',
    gaining 1 fuel; the harbour is no stop of its own (ruling (a)): the ship crossed 1 card."""
    game = make_game(2, [FUEL1, M1])
    s = one(game, [[100, 101]], dice=(5,), fuel=3)
    s = game.apply(s, MoveShip(0, 0, 0))
    B = s.players[0]
    assert B.fuel == 3 - 2 + 1 and B.ships == ((0, 1, 0),)


def test_nk_hub_12_ship_activates_without_die_limits():
    """NK-HUB-12: a ship arriving at a hub always gets its reward: no die value needed, no
    once-per-round limit, also when a die is already there."""
    game = make_game(2, [FUEL1, M3])
    s = one(game, [[100, 103]], dice=(5,), fuel=4, ships=((0, 0, 0), (0, 0, 0)),
            hub_dice=(((0, 1, 0), 3),), harbours=2)
    s = replace(s, players=(replace(s.players[0], lanes=s.players[0].lanes + ((E,) * 5,)),)
                + s.players[1:])
    s = game.apply(s, MoveShip(0, 0, 0))
    assert s.players[0].fuel == 4 - 2 + 3
    s = game.apply(s, MoveShip(0, 0, 0))
    assert s.players[0].fuel == 4 - 2 + 3 - 2 + 3


def test_nk_hub_13_half_hub_gives_nothing_even_when_completed_later():
    """NK-HUB-13, NK-PLC-08: a ship on a half-hub gets nothing, and nothing when a new card later
    completes that hub."""
    game = make_game(2, [FUEL1, M1])
    s = one(game, [[100]], dice=(5,), fuel=4, coins=20)
    s = game.apply(s, MoveShip(0, 0, 0))
    assert s.players[0].fuel == 2 and s.players[0].ships == ((0, 1, 0),)
    from tabletop_nb.games.neko.engine.base import finish, thaw
    P = player(game, [[100, 101]], ships=((0, 1, 0),), fuel=2, coins=20, dice=(5,))
    s2 = one(game, [[100]], ships=((0, 1, 0),), fuel=2, coins=20, dice=(5,))
    w = thaw(s2)
    end_of_round.place(game, w, 0, 101, 0, 1, 4, False)          # the card that completes the hub
    after = finish(w).players[0]
    assert after.fuel == 2 and after.coins == 16 and analysis.hubs(game, after) == analysis.hubs(game, P)


def test_nk_hub_14_15_gaps_stop_ships_until_filled():
    """NK-HUB-14, NK-HUB-15: a ship cannot cross an empty slot (with slot 1 empty it cannot move);
    when the gap is filled it stays put and its next move crosses the new card."""
    game = make_game(2, [FUEL1, M1, M2])
    s = one(game, [[E, 100]], dice=(5,), fuel=4)
    assert not any(isinstance(a, MoveShip) for a in game.legal_actions(s))
    s = one(game, [[100, E, 101]], dice=(5,), fuel=6)
    s = game.apply(s, MoveShip(0, 0, 0))
    assert s.players[0].ships == ((0, 1, 0),)
    assert not any(isinstance(a, MoveShip) for a in game.legal_actions(s))
    filled = one(game, [[100, 102, 101]], dice=(5,), fuel=4, ships=((0, 1, 0),))
    s = game.apply(filled, MoveShip(0, 1, 0))
    # the hub at boundary 2 joins card 102's item (goods) with card 101's multiplier (1)
    assert s.players[0].ships == ((0, 2, 0),) and s.players[0].goods == 1


def test_nk_hub_16_port_hub_is_not_a_crossing__nk_port_08_nk_trv_03():
    """NK-HUB-16, NK-PORT-08, NK-TRV-03: a ship on a port's internal hub has not crossed it."""
    p = port(106, hubs=((1, "fuel"),))
    game = make_game(2, [FUEL1, p, M1])
    s = one(game, [[100, 106, 101]], dice=(5,), fuel=8)
    s = game.apply(s, MoveShip(0, 0, 0))
    s = game.apply(s, MoveShip(0, 1, 0))
    P = s.players[0]
    assert P.ships == ((0, 1, 1),) and game.crossed(P, 0) == 1
    assert game.travel_pp(P) == 0 and game.tile_values(s, "most_crossed")[0] == 1
    s = game.apply(s, MoveShip(0, 1, 1))
    assert s.players[0].ships == ((0, 2, 0),)


def test_nk_hub_17_18_ships_share_and_stay_when_dice_leave():
    """NK-HUB-17, NK-HUB-18: ships may share a stop, with a die under them; when the round ends
    the dice go and the ships stay."""
    game = make_game(2, [FUEL1, M1])
    P = player(game, [[100, 101]], ships=((0, 1, 0), (0, 1, 0)), hub_dice=(((0, 1, 0), 1),),
               harbours=2)
    P = replace(P, lanes=P.lanes + ((E,) * 5,), harbours=2)
    s = table(game, [P, player(game)], phase=PREP, frames=(), round=1)
    s = game.advance(s)
    assert s.players[0].ships == ((0, 1, 0), (0, 1, 0)) and s.players[0].hub_dice == ()
    g = player_graph(game, P)
    assert g.nodes[(0, 1, 0)]["ships"] == 2 and g.nodes[(0, 1, 0)]["die"] == 1


def test_nk_hub_19_ships_move_only_by_free_action_g():
    """NK-HUB-19: activating hubs, taking fish or ending turns never moves a ship."""
    game = make_game(2, [FUEL1, M1])
    s = one(game, [[100, 101]], dice=(1, 4), fuel=0)
    for a in (ActivateHub(0, 1, 0), EndTurn()):
        s = game.apply(s, a)
        assert s.players[0].ships == ((0, 0, 0),)


# ---------------------------------------------------------------------------- catch a fish
def fish_table(game, ships, die, **kw):
    dice = (((0, 1, 0), 1),) if die else ()
    return one(game, [[100, 101]], ships=ships, hub_dice=dice, fish=0, harbours=3,
               **kw)


def three_lanes(s):
    P = s.players[0]
    P = replace(P, lanes=P.lanes + ((E,) * 5,) * 2)
    return replace(s, players=(P,) + s.players[1:])


def test_nk_cat_01_ship_to_hub_with_a_die():
    """NK-CAT-01: a ship arrives at a hub with a die and no ship: reward + 1 fish."""
    game = make_game(2, [FUEL1, M1])
    s = three_lanes(fish_table(game, ((0, 0, 0),), True, fuel=2, dice=(5,)))
    s = game.apply(s, MoveShip(0, 0, 0))
    assert (s.players[0].fuel, s.players[0].fish) == (1, 1)


def test_nk_cat_02_ship_to_hub_with_a_die_and_a_ship():
    """NK-CAT-02: a die and at least one ship there already: reward, no fish."""
    game = make_game(2, [FUEL1, M1])
    s = three_lanes(fish_table(game, ((0, 0, 0), (0, 1, 0)), True, fuel=2, dice=(5,)))
    s = game.apply(s, MoveShip(0, 0, 0))
    assert (s.players[0].fuel, s.players[0].fish) == (1, 0)


def test_nk_cat_03_04_die_onto_ships():
    """NK-CAT-03, NK-CAT-04: a die placed with 1 ship, or with 2 or more ships: reward + exactly
    1 fish."""
    game = make_game(2, [FUEL1, M1])
    for ships in (((0, 1, 0),), ((0, 1, 0), (0, 1, 0)), ((0, 1, 0),) * 3):
        s = three_lanes(fish_table(game, ships, False, fuel=0, dice=(1,)))
        s = game.apply(s, ActivateHub(0, 1, 0))
        assert (s.players[0].fuel, s.players[0].fish) == (1, 1)
        assert ("catch", 0, 1) in s.events   # the log tells the fish caught


def test_nk_cat_05_no_bonus_without_a_die_or_ship():
    """NK-CAT-05: ship onto a hub without a die (with or without ships), or die onto a hub without
    ships: reward only."""
    game = make_game(2, [FUEL1, M1])
    for ships in (((0, 0, 0),), ((0, 0, 0), (0, 1, 0))):
        s = three_lanes(fish_table(game, ships, False, fuel=2, dice=(5,)))
        s = game.apply(s, MoveShip(0, 0, 0))
        assert (s.players[0].fuel, s.players[0].fish) == (1, 0)
    s = three_lanes(fish_table(game, ((0, 0, 0),), False, fuel=0, dice=(1,)))
    s = game.apply(s, ActivateHub(0, 1, 0))
    assert (s.players[0].fuel, s.players[0].fish) == (1, 0)


def test_nk_ex_15_catch_a_fish_examples():
    """NK-EX-15: (1) a ship enters a 'coins, 2' hub holding a die: 4 coins (coin unit 2, ruling
    NK-HUB-06 (a); the text's '2 coins' is the slip) and a fish; (2) Benno pays 2 fuel onto a
    1 x fuel hub with a die: +1 fuel, +1 fish, net -1 fuel; (3) a die on a hub with two ships:
    +2 fuel (a 2 x fuel hub) and ONE fish."""
    coins = card(104, right="coins")
    game = make_game(2, [coins, M2, FUEL1, M1])
    s = one(game, [[104, 102]], ships=((0, 0, 0),), hub_dice=(((0, 1, 0), 2),), dice=(5,), fuel=2,
            coins=0)
    s = game.apply(s, MoveShip(0, 0, 0))
    assert (s.players[0].coins, s.players[0].fish) == (4, 1)
    s = one(game, [[100, 101]], ships=((0, 0, 0),), hub_dice=(((0, 1, 0), 1),), dice=(5,), fuel=4)
    s = game.apply(s, MoveShip(0, 0, 0))
    assert (s.players[0].fuel, s.players[0].fish) == (3, 1)
    s = three_lanes(one(game, [[100, 102]], ships=((0, 1, 0), (0, 1, 0)), dice=(2,), fuel=0,
                        harbours=3))
    s = game.apply(s, ActivateHub(0, 1, 0))
    assert (s.players[0].fuel, s.players[0].fish) == (2, 1)


def test_nk_cat_06_07_08_caps_port_hubs_and_light_house():
    """NK-CAT-06, NK-CAT-07, NK-CAT-08: the bonus fish obeys the freezer cap; it applies at port
    internal hubs; Light House adds to the item only, not to the fish."""
    p = port(106, hubs=((1, "fuel"),))
    lh = card(107, "special", effect="light_house")
    game = make_game(2, [FUEL1, p, lh])
    s = one(game, [[100, 106, 107]], ships=((0, 1, 1),), dice=(1,), fish=8, fuel=0)
    s = game.apply(s, ActivateHub(0, 1, 1))              # a die onto the port hub with a ship
    assert (s.players[0].fuel, s.players[0].fish) == (1, 8)
    s = one(game, [[100, 106, 107]], ships=((0, 1, 1),), dice=(1,), fish=7, fuel=0)
    assert game.apply(s, ActivateHub(0, 1, 1)).players[0].fish == 8
    s = one(game, [[100, 106, 107]], ships=((0, 1, 1),), dice=(1,), fish=0, fuel=0,
            lighthouse=(0, 1, 1))
    s = game.apply(s, ActivateHub(0, 1, 1))
    assert (s.players[0].fuel, s.players[0].fish) == (3, 1)


# ---------------------------------------------------------------------------- ports
def test_nk_port_01_02_03_04_05_cargo_in_order():
    """NK-PORT-01..05: goods leave the cabin onto the cargo spaces in order; a space with an icon
    pays at once; all covered: unlocked."""
    p = port(106, cargo=(("", 0), ("fuel", 1), ("coins", 2)))
    game = make_game(2, [p])
    s = one(game, [[106]], dice=(5,), goods=3, fuel=0, coins=0)
    s = game.apply(s, LoadCargo(0, 0))
    assert (s.players[0].goods, s.players[0].fuel) == (2, 0)
    assert s.events[-1] == ("cargo", 0, 106, 0, "", 0)   # a space without an icon pays nothing
    assert not game.port_unlocked(s.players[0], 106)
    s = game.apply(s, LoadCargo(0, 0))
    assert s.players[0].fuel == 1
    s = game.apply(s, LoadCargo(0, 0))
    P = s.players[0]
    assert (P.goods, P.coins, P.cargo) == (0, 2, ((106, 3),)) and game.port_unlocked(P, 106)
    assert not any(isinstance(a, LoadCargo) for a in game.legal_actions(
        replace(s, players=(replace(P, goods=1),) + s.players[1:])))


def test_nk_ex_16_benno_unlocks_his_port__nk_port_06():
    """NK-EX-16, NK-PORT-06: 2 goods on the last 2 spaces (one shows a coin): +1 coin, unlocked;
    with a ship across it the port scores its 7 PP. Unlocked without crossing, or crossed
    without unlocking, scores 0."""
    p = port(106, cargo=("", "", "", "coins"), pp=7)
    game = make_game(2, [FUEL1, p])
    s = one(game, [[100, 106]], dice=(5,), goods=2, coins=0, cargo=((106, 2),))
    s = game.apply(game.apply(s, LoadCargo(0, 1)), LoadCargo(0, 1))
    B = s.players[0]
    assert (B.goods, B.coins) == (0, 1) and game.port_unlocked(B, 106)
    crossed = replace(B, ships=((0, 2, 0),))
    assert game.final_breakdown(crossed)[2] == 1 + 7     # the first card's PP 1, the port 7
    assert game.final_breakdown(replace(B, ships=((0, 1, 1),)))[2] == 1
    locked = replace(crossed, cargo=((106, 3),))
    assert game.final_breakdown(locked)[2] == 1


def test_nk_port_07_09_internal_hubs_dice_and_megaport():
    """NK-PORT-07, NK-PORT-09: port hubs slow ships and may take a die (ruling (a)); the switch
    lets only ships use them; a Megaport is a port with more spaces and hubs."""
    mega = port(108, cargo=("",) * 6, hubs=((1, "fuel"), (2, "coins")), name="Megaport")
    game = make_game(2, [mega])
    s = one(game, [[108]], dice=(1, 2), fuel=0)
    legal = game.legal_actions(s)
    assert ActivateHub(0, 0, 1) in legal and ActivateHub(0, 0, 2) in legal
    g2 = make_game(2, [mega], dice_on_port_hubs=False)
    assert not any(isinstance(a, ActivateHub) for a in g2.legal_actions(one(g2, [[108]], dice=(1, 2))))
    assert reachable_stops(game, (108, E, E, E, E)) == [(0, 0), (0, 1), (0, 2), (1, 0)]


def test_nk_port_10_goods_whenever_free_actions_are_allowed():
    """NK-PORT-10: goods go on any of one's ports, several per turn, wherever the ships are."""
    a, b = port(106, cargo=("", "")), port(107, cargo=("", ""))
    game = make_game(2, [a, b])
    s = one(game, [[E, E, 106, E, 107]], dice=(5,), goods=3)
    s = game.apply(game.apply(game.apply(s, LoadCargo(0, 4)), LoadCargo(0, 2)), LoadCargo(0, 4))
    assert s.players[0].cargo == ((106, 1), (107, 2))


# ---------------------------------------------------------------------------- capacities
def test_nk_cap_01_02_03_incoming_excess_is_discarded():
    """NK-CAP-01, NK-CAP-02, NK-CAP-03: cabin (fuel + goods) and freezer hold at most 8; only the
    incoming excess is discarded (ruling (a)): goods already there stay."""
    game = make_game(2, [FUEL1, M3])
    s = one(game, [[100, 103]], dice=(3,), fuel=2, goods=5)
    P = game.apply(s, ActivateHub(0, 1, 0)).players[0]
    assert (P.fuel, P.goods) == (3, 5)
    fish = card(105, right="fish")
    g = make_game(2, [fish, M3])
    P = g.apply(one(g, [[105, 103]], dice=(3,), fish=7), ActivateHub(0, 1, 0)).players[0]
    assert P.fish == 8


def test_nk_cap_04_05_no_debt_no_negative():
    """NK-CAP-04, NK-CAP-05: coins are never negative: a price must be paid in full."""
    game = make_game(2, [FUEL1, M1])
    s = one(game, [[100, 101]], dice=(1,), coins=4, fuel=1, fish=0, interference=1)
    legal = game.legal_actions(s)
    assert not any(type(a).__name__ in ("OpenHarbour", "RemoveInterference", "MoveShip",
                                        "FishFor", "TakeDiscard") for a in legal)


def test_nk_cap_06_07_lanes_and_unused_dice():
    """NK-CAP-06, NK-CAP-07: lanes = harbours (at most 5), 5 cards a lane; no cap on unused dice:
    taking discarded dice can give more than 5."""
    game = make_game(2)
    s = table(game, [player(game, dice=(1, 2, 3, 4, 5), fish=3), player(game, dice=(1,))],
              discard=(6,))
    s = game.apply(s, TakeDiscard(6, "fish"))
    assert len(s.players[0].dice) == 6
    assert game.rules.lane_slots == 5 and game.rules.max_harbours == 5


def test_nk_port_05_a_port_without_cargo_spaces_is_unlocked_from_the_start():
    """NK-PORT-05: a port's points count once every cargo space is covered; a designer's port
    with no cargo spaces (the rules allow it) has none to cover, so it is unlocked with
    nothing loaded, and one with a space is not until the space is covered."""
    bare, one_space = port(100, cargo=(), hubs=()), port(101, cargo=("",), hubs=())
    game = make_game(2, [bare, one_space])
    P = player(game, [[100, 101]])
    assert game.port_unlocked(P, 100) and not game.port_unlocked(P, 101)
    assert game.port_unlocked(replace(P, cargo=((101, 1),)), 101)
