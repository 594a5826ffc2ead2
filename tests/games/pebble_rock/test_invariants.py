"""The soak invariants (section 20, PR-INV): ``invariants`` finds each broken one, and
random playouts never break any (also in test_soak.py and the conformance suite)."""
import numpy as np
from pebble_rock_helpers import P, game_with, make_state

import tabletop_nb
from tabletop_nb import CHANCE, TERMINAL
from tabletop_nb.games.pebble_rock import invariants
from tabletop_nb.games.pebble_rock.state import Secret, replace


def broken(game, **kw):
    s = make_state(game, phase="choose", boats=[4, 8], check=False, **kw)
    return invariants(game, s)


def ids(found):
    return {b.split(":")[0] for b in found}


def test_a_good_state_has_no_broken_invariant():
    game = game_with(2)
    assert broken(game) == []


def test_pr_inv_01_fish_never_negative():
    """PR-INV-01."""
    assert ids(broken(game_with(2), players=[P(fish=-1), P()])) == {"PR-INV-01"}


def test_pr_inv_02_hold_within_capacity():
    """PR-INV-02: tokens <= capacity; 5 only with a Cargo Upgrade."""
    game = game_with(2)
    assert ids(broken(game, players=[P(cargo=5), P()])) == {"PR-INV-02"}
    assert broken(game, players=[P(cargo=5, items=("cargo_upgrade",)), P()]) == []
    assert ids(broken(game, players=[P(cargo=-1), P()])) == {"PR-INV-02"}


def test_pr_inv_03_three_items_at_most():
    """PR-INV-03."""
    game = game_with(2)
    four = ("maisy", "maisy", "jam_sandwich", "jam_sandwich")
    assert "PR-INV-03" in ids(broken(game, players=[P(items=four), P()]))


def test_pr_inv_04_one_piece_per_space_no_character_on_a_dock():
    """PR-INV-04: at rest, one boat or character per space; never a character on a dock."""
    game = game_with(2)
    assert ids(broken(game, chars=(4, 15, 9))) == {"PR-INV-04"}
    assert ids(broken(game, chars=(0, 15, 9))) == {"PR-INV-04"}
    # passing through a character during the move is not at rest
    s = make_state(game, boats=[5, 8], chars=(5, 15, 9), steps=2, check=False)
    assert invariants(game, s) == []


def test_pr_inv_05_no_two_row_cards_for_one_island():
    """PR-INV-05."""
    game = game_with(2)
    assert ids(broken(game, row=(1, 9))) == {"PR-INV-05"}  # both Red Isle


def test_pr_inv_06_four_treasures_accounted_for():
    """PR-INV-06: on their space, in a hold, delivered, or out of the game."""
    game = game_with(2)
    assert ids(broken(game, treasure_spaces={7, 9, 14})) == {"PR-INV-06"}
    assert broken(game, treasure_spaces={7, 9, 14}, treasures_gone=1) == []
    assert broken(game, players=[P(cargo=3, treasures=(15,)), P()], treasure_spaces={7, 9, 14}) == []


def test_pr_inv_07_at_most_eight_jetstreams():
    """PR-INV-07."""
    game = game_with(2)
    assert ids(broken(game, jets=set(range(2, 11)))) == {"PR-INV-07"}


def test_pr_inv_08_every_card_in_one_place():
    """PR-INV-08: Delivery, Item and Assignment cards each in exactly one place."""
    game = game_with(2)
    assert ids(broken(game, players=[P(completed=(1,)), P()], deck=tuple(range(1, 11)))) == {"PR-INV-08"}
    s = make_state(game, phase="choose", boats=[4, 8], check=False)
    t = s.table
    extra = replace(s, table=replace(t, item_deck=(t.item_deck[0] + 1,) + t.item_deck[1:]))
    assert ids(invariants(game, extra)) == {"PR-INV-08"}
    twice = replace(s, secret=(Secret(offer=(1, 2), card=1), Secret(offer=(2, 3), card=2)))
    assert ids(invariants(game, twice)) == {"PR-INV-08"}


def test_pr_inv_09_rounds_and_turns():
    """PR-INV-09: the round is 1..10 and each player has one turn per round."""
    game = game_with(2)
    s = make_state(game, phase="choose", boats=[4, 8], round=3, check=False)
    assert invariants(game, replace(s, round=11)) != []
    assert ids(invariants(game, replace(s, turns=s.turns + 1))) == {"PR-INV-09"}


def test_random_playouts_keep_every_invariant():
    """PR-INV-01..09 hold after every action of random 2-, 3- and 4-player games."""
    for n in (2, 3, 4):
        game = tabletop_nb.load_game("pebble_rock", players=n)
        rng = np.random.default_rng(n)
        s = game.initial_state()
        while game.current_player(s) != TERMINAL:
            p = game.current_player(s)
            if p == CHANCE:
                a = game.sample_chance(s, rng)
            else:
                legal = game.legal_actions(s)
                a = legal[int(rng.random() * len(legal))]
            s = game.apply_trusted(s, a)
            assert invariants(game, s) == []
        assert s.turns == 10 * n


def test_pr_inv_02_a_valid_capacity_house_rule_passes_over_seeded_games():
    """PR-INV-02 asks the game's capacity hook: a house rule with bigger holds breaks no
    invariant over seeded greedy games (the printed capacity used to be flagged), while
    tokens above the hook's capacity are still a break."""
    from tabletop_nb.games.pebble_rock import PebbleRockGame

    class BiggerHolds(PebbleRockGame):
        def capacity(self, s, seat):
            return super().capacity(s, seat) + 2

    game = BiggerHolds(players=3)
    rng = np.random.default_rng(4)
    bot = tabletop_nb.core.bots.resolve_bot(game, "greedy")
    biggest = 0
    for _ in range(3):
        s = game.initial_state()
        while game.current_player(s) != TERMINAL:
            p = game.current_player(s)
            s = game.apply(s, game.sample_chance(s, rng) if p == CHANCE else bot(game, s, rng))
            assert invariants(game, s) == []
            biggest = max(biggest, max(q.tokens for q in s.players))
    assert biggest > 4  # the bigger holds were used
    s = make_state(game, phase="choose", boats=[4, 8, 12], check=False,
                   players=[P(cargo=7), P(), P()])
    assert ids(invariants(game, s)) == {"PR-INV-02"}
