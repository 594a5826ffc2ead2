"""One log line per event (issue 13: the log showed "23. Yellow made a turning move to
(4, 6)" and "24." with the same words): a state's events say what its own action did,
never again what the action before it did."""
import pytest

import tabletop_nb


@pytest.mark.parametrize("players,seed", [(2, 0), (3, 1), (4, 2), (4, 5)])
def test_no_action_repeats_the_events_of_the_one_before(players, seed):
    game = tabletop_nb.load_game("pacal", players=players)
    rec = tabletop_nb.play(game, bots="random", seed=seed)
    states = tabletop_nb.replay(game, rec)
    drops = 0
    for before, after, action in zip(states, states[1:], rec.actions):
        old, new = game.events(before), game.events(after)
        if old:
            assert not set(old) & set(new), f"{action} repeats {sorted(set(old) & set(new))}"
        drops += type(action).__name__ == "Drop" or "Drop" in str(action)
    assert drops  # the step that used to repeat the move's line was played
