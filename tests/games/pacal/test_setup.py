"""Rulebook "Components" and "Setup", player counts and cover pieces (PC-SETUP, PC-PLAYERS).
The shipped board is reconstructed data; these tests pin what the rulebook and the known
facts demand of it."""
from __future__ import annotations

import pytest

import tabletop_nb
from pacal_helpers import open_game
from tabletop_nb import RulesError
from tabletop_nb.games.pacal import invariants
from tabletop_nb.games.pacal.board import board_graph
from tabletop_nb.games.pacal.rules import ARROWS, PacalRules
from tabletop_nb.games.pacal.state import ROLL, SETUP


def test_pc_setup_01_board_sixteen_districts_values_three_to_seven():
    """PC-SETUP-01: 16 districts with integer values 3..7, a river, a lake; the grid graph
    carries district, value, river, lake as node attributes."""
    b = PacalRules().board
    assert len(b.districts) == 16
    assert all(isinstance(d.value, int) and 3 <= d.value <= 7 for d in b.districts)
    g = board_graph(b, players=5)
    assert g.number_of_nodes() == b.width * b.height
    assert any(a["river"] for _, a in g.nodes(data=True))
    assert any(a["lake"] for _, a in g.nodes(data=True))
    assert any(a["lakeside"] for _, a in g.nodes(data=True))
    assert all(a["lake"] or 3 <= a["value"] <= 7 for _, a in g.nodes(data=True))


def test_pc_setup_02_holy_district_red_three_by_three_in_the_middle():
    """PC-SETUP-02: the holy district is a red 3x3 square of value 7 in the centre."""
    b = PacalRules().board
    holy = b.district(b.holy)
    assert holy.value == 7 and holy.name == "red"
    cells = {(x, y) for y, r in enumerate(b.rows) for x, c in enumerate(r) if c == b.holy}
    c = b.width // 2
    assert cells == {(x, y) for x in (c - 1, c, c + 1) for y in (c - 1, c, c + 1)}


def test_pc_setup_03_05_supply_pyramids_and_god_stones():
    """PC-SETUP-03, PC-SETUP-05: 11 pyramids {1:1, 2:3, 3:3, 4:2, 5:2} (34 stories) and the
    god stones 2, 4, 6 for every player."""
    g = tabletop_nb.load_game("pacal", players=5)
    s = g.initial_state()
    for q in range(5):
        assert dict(zip(range(1, 6), s.pyr_supply[q])) == {1: 1, 2: 3, 3: 3, 4: 2, 5: 2}
        assert sum(h * c for h, c in zip(range(1, 6), s.pyr_supply[q])) == 34
        assert s.gods[q] == (2, 4, 6)


def test_pc_setup_04_06_eleven_stones_marker_one_of_them():
    """PC-SETUP-04, PC-SETUP-06: 11 stones a colour, one of them the score marker (10
    playable, everyone on 0); the switch makes the marker an extra piece (11 playable)."""
    g = tabletop_nb.load_game("pacal", players=3)
    s = g.initial_state()
    assert s.supply == (10, 10, 10) and s.scores == (0, 0, 0)
    assert not invariants(g, s)
    g2 = tabletop_nb.load_game("pacal", players=3, marker_is_stone=False)
    assert g2.initial_state().supply == (11, 11, 11)


def test_pc_setup_07_08_ships_placed_in_the_holy_district_in_seat_order():
    """PC-SETUP-07, PC-SETUP-08: starting with the starting player (seat 0) each places his
    ship on a free holy-district space; then the starting player rolls."""
    g = tabletop_nb.load_game("pacal", players=5)
    s = g.initial_state()
    holy = {g.geo.xy[c] for c in g.geo.holy_cells}
    placed = []
    for q in range(5):
        assert s.phase == SETUP and g.current_player(s) == q
        acts = g.legal_actions(s)
        assert {a.at for a in acts} == holy - set(placed)
        placed.append(acts[-1].at)
        s = g.apply(s, acts[-1])
    assert s.phase == ROLL and s.roller == 0
    assert len({s.ships[q] for q in range(5)}) == 5


def test_pc_setup_09_nothing_on_the_board_at_the_start():
    """PC-SETUP-09: no stone and no pyramid on the board at the start."""
    s = tabletop_nb.load_game("pacal", players=4).initial_state()
    assert not any(s.stones) and not any(s.pyramids) and not any(s.pyr_masks)


def test_pc_players_01_player_counts_and_expert_on_top():
    """PC-PLAYERS-01: 2 to 5 players; the expert game can be layered on any count."""
    for n in (2, 3, 4, 5):
        assert tabletop_nb.load_game("pacal", players=n, expert=True).num_players == n
    with pytest.raises(RulesError, match="players"):
        tabletop_nb.load_game("pacal", players=1)


def test_pc_players_02_05_cover_pieces_by_player_count():
    """PC-PLAYERS-02..05: 5 players no cover; 4 cover "4"; 3 cover "2/3" (on the right);
    2 covers "2" and "2/3"; covered(2) contains covered(3)."""
    b = PacalRules().board
    assert b.covered_letters(5) == frozenset()
    cov = {n: b.covered_letters(n) for n in (2, 3, 4)}
    assert cov[2] >= cov[3] and cov[3] and cov[4] and len(cov[2]) == 2
    uses = {u.players: set(u.pieces) for u in b.cover_use}
    assert uses == {2: {"2", "2/3"}, 3: {"2/3"}, 4: {"4"}, 5: set()}
    g3 = tabletop_nb.load_game("pacal", players=3)
    xs = {g3.geo.xy[c][0] for c in range(g3.geo.size) if g3.geo.covered_mask >> c & 1}
    assert min(xs) > b.width // 2  # the 3-player cover lies on the right


def test_pc_players_06_07_covered_spaces_act_as_edge_arrows_jump_them():
    """PC-PLAYERS-06, PC-PLAYERS-07: covered spaces are out of play and stop straight moves
    like the edge (a); an arrows move may jump a covered area (b); a constellation line may
    span covered gap spaces (c)."""
    from pacal_helpers import dests, game_on
    rows = ["AAABBCCCC"] * 5
    kw = dict(covers={"x": ["B"]}, cover_use={2: ["x"], 3: ["x"], 4: ["x"], 5: []})
    g = game_on(rows, players=2, values={"A": 4, "B": 3, "C": 6}, **kw)
    s = g.position(ships={0: (0, 2), 1: (0, 4)}, face=5)
    assert (2, 2) in dests(g, s, "straight") and not {(3, 2), (4, 2)} & dests(g, s)
    s2 = g.position(ships={0: (0, 2), 1: (0, 4)}, face=ARROWS)
    assert {(5, 2), (6, 2)} <= dests(g, s2, "arrows") and (3, 2) not in dests(g, s2)
    s3 = g.position(ships={0: (0, 4), 1: (1, 4)}, phase="build",
                    stones={0: [(2, 1), (5, 1), (8, 1)]})
    assert any(getattr(a, "height", 0) == 3 for a in g.legal_actions(s3))
    assert g.geo.district_ids["B"] not in g.geo.live_districts


def test_pc_players_06_no_ship_placed_on_a_covered_space():
    """PC-PLAYERS-06: a god stone (PC-GOD-02), a boxed-in ship without god stones
    (PC-BOXED-03) and the setup (PC-SETUP) put a ship only on playable spaces, never on a
    covered one. Checked through the legal actions, not the board's internals."""
    from pacal_helpers import game_on
    from tabletop_nb.games.pacal.state import Place, PlaceShip, UseGod
    rows = ["AAABBCCCC"] * 5
    kw = dict(covers={"x": ["B"]}, cover_use={2: ["x"], 3: ["x"], 4: ["x"], 5: []})
    g = game_on(rows, players=2, values={"A": 4, "B": 3, "C": 6}, **kw)
    covered = {(x, y) for x in (3, 4) for y in range(5)}
    every = {(x, y) for x in range(9) for y in range(5)}
    s = g.position(ships={0: (0, 2), 1: (0, 4)}, face=2)
    s2 = g.apply(s, next(a for a in g.legal_actions(s) if type(a) is UseGod))
    places = {a.at for a in g.legal_actions(s2) if type(a) is Place}
    assert places == every - covered - {(0, 2), (0, 4)}
    # boxed in against the cover (and a pyramid and the edge), no god stone left
    boxed = g.position(ships={0: (2, 0), 1: (8, 4)}, face=2, gods={0: ()},
                       pyramids={(1, 0): (1, 1), (2, 1): (1, 2)})
    places = {a.at for a in g.legal_actions(boxed)}
    assert places == every - covered - {(2, 0), (8, 4), (1, 0), (2, 1)}
    start = g.initial_state()
    assert not covered & {a.at for a in g.legal_actions(start) if type(a) is PlaceShip}


def test_pc_players_08_thresholds():
    """PC-PLAYERS-08: end thresholds 45 / 40 / 35 / 30 for 2 / 3 / 4 / 5 players."""
    assert [PacalRules(players=n).threshold for n in (2, 3, 4, 5)] == [45, 40, 35, 30]


def test_rules_refuse_bad_changes_naming_the_field():
    """PC-SETUP-01: a bad rule change is refused with RulesError naming the field."""
    g = open_game(3)
    with pytest.raises(RulesError, match="pyramids"):
        g.with_rules(pyramids=(1, 2))
    with pytest.raises(RulesError, match="gap_contents"):
        g.with_rules(gap_contents="sometimes")
    with pytest.raises(RulesError, match="die"):
        g.with_rules(die=tabletop_nb.Die([1, 2, "wind"]))


def test_pc_setup_01_data_files_are_marked_reconstructed_and_replaceable():
    """PC-SETUP-01, PC-DIE-01: the board and the die's pips are reconstructed data, marked
    at the top of their files, and a designer swaps them with one rule change."""
    from pacal_helpers import OPEN8
    from tabletop_nb.games.pacal.rules import DATA
    assert (DATA / "board.toml").read_text().startswith("# RECONSTRUCTED COMPONENT")
    comp = (DATA / "components.toml").read_text()
    assert comp.startswith("# Components") and "RECONSTRUCTED COMPONENT - the special die" in comp
    g = tabletop_nb.load_game("pacal", players=3)
    g2 = g.with_rules(board=OPEN8, die=tabletop_nb.Die([1, 2, 3, 4, 5, ARROWS], name="special die"))
    assert len(g2.geo.cells) == 64 and g2.rules.die.prob(1) == tabletop_nb.Die([1] * 6).prob(1) / 6
