"""The greedy bot: legal everywhere, sensible in small positions, clearly better than random."""
import numpy as np
import pytest
from pebble_rock_helpers import P, cargo, game_with, make_state, run

import tabletop_nb
from tabletop_nb import CHANCE
from tabletop_nb.games.pebble_rock import CONFORMANCE
from tabletop_nb.games.pebble_rock.bots import greedy_bot
from tabletop_nb.games.pebble_rock.state import (ChooseDice, Deliver, DropOff, Refill, Step,
                                                 Stop, TakeItem)

RNG = np.random.default_rng(0)


def test_greedy_is_offered_by_name():
    game = tabletop_nb.load_game("pebble_rock", players=2)
    assert game.bots()["greedy"] is greedy_bot


@pytest.mark.parametrize("cfg", CONFORMANCE, ids=lambda c: "-".join(f"{k}={v}" for k, v in list(c.items())[:3]))
def test_greedy_plays_legal_games_in_every_configuration(cfg):
    """Every action the greedy bot picks is legal (checked here: the runner trusts it)."""
    game = tabletop_nb.load_game("pebble_rock", **cfg)
    for seed in range(2):
        rng = np.random.default_rng(seed)
        s = game.initial_state()
        while not game.is_terminal(s):
            p = game.current_player(s)
            if p == CHANCE:
                s = game.apply(s, game.sample_chance(s, rng))
            else:
                a = greedy_bot(game, game.observation(s, p), rng)
                assert a in game.legal_actions(s)
                s = game.apply(s, a)
        assert game.winners(s)


def test_greedy_beats_random_clearly():
    """The greedy bot wins far more than its share against three random bots."""
    game = tabletop_nb.load_game("pebble_rock", players=4)
    df = tabletop_nb.simulate(game, ["greedy", "random", "random", "random"], games=40, seed=5,
                              progress=False, executor="serial")
    g = df[df.bot == "greedy"]
    assert g.winner.mean() >= 0.9
    assert g.score.mean() > 3 * df[df.bot == "random"].score.mean()


def test_greedy_takes_the_delivery_it_passes():
    game = game_with(2)
    s = make_state(game, boats=[5, 16], steps=2, row=(3,))
    s = run(game, s, Step(6))
    assert greedy_bot(game, s, RNG) == Deliver(3)


def test_greedy_drops_off_a_passenger():
    game = game_with(2)
    s = make_state(game, players=[P(cargo=2, passengers=(7,)), P()], boats=[7, 16], steps=2)
    s = run(game, s, Step(8))
    assert greedy_bot(game, s, RNG) == DropOff(7)


def test_greedy_sails_towards_its_delivery_and_refills_when_empty():
    game = game_with(2, cards=[cargo(1, "Yellow Isle", 2, 6), cargo(2, "Red Isle", 4, 12),
                               cargo(3, "Blue Isle", 4, 12)])
    s = make_state(game, boats=[4, 16], steps=3, row=(1,))
    assert greedy_bot(game, s, RNG) == Step(5)
    s = make_state(game, players=[P(cargo=0), P()], boats=[3, 16], steps=3, row=(2, 3))
    assert greedy_bot(game, s, RNG) == Step(2)  # towards the docks
    s = run(game, s, Step(2), Step(1))
    assert greedy_bot(game, s, RNG) == Stop()
    s = run(game, s, Stop())
    assert greedy_bot(game, s, RNG) == Refill(4)


def test_greedy_picks_the_dice_most_likely_to_get_there():
    """Far from its goal it rolls the faster dice; next to it, Steady (resources, no danger)."""
    game = game_with(2, cards=[cargo(1, "Walrus Shack", 2, 6), cargo(2, "Red Isle", 1, 3),
                               cargo(3, "Blue Isle", 1, 3)])
    far = make_state(game, players=[P(fish=0), P()], phase="choose", boats=[2, 16], row=(1,))
    assert greedy_bot(game, far, RNG) == ChooseDice("speedy")
    near = make_state(game, players=[P(fish=0), P()], phase="choose", boats=[12, 16], row=(1,))
    assert greedy_bot(game, near, RNG) == ChooseDice("steady")


def test_greedy_prefers_a_cargo_upgrade_at_the_market():
    game = game_with(2)
    s = make_state(game, boats=[11, 16], steps=1, market=("maisy", "cargo_upgrade"), row=(1, 2, 3))
    s = run(game, s, Step(12), Stop())
    assert greedy_bot(game, s, RNG) == TakeItem(1)
