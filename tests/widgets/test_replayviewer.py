"""ReplayViewer: a record on its board, stepped with the timeline and back / forward."""
from __future__ import annotations

import asyncio

import pytest

import tabletop_nb
from tabletop_nb import RecordError
from tabletop_nb.widgets import ReplayViewer


def test_replay_viewer_walks_the_record(game_name):
    game = tabletop_nb.load_game(game_name)
    rec = tabletop_nb.play(game, "random", seed=21)
    states, actions = tabletop_nb.replay(game, rec, with_actions=True)
    v = ReplayViewer(game, rec.to_json())
    assert v.history == states and v.position == 0
    board = v.board
    v.forward_button.click()
    v.forward_button.click()
    assert v.position == 2 and v.board is board
    assert len(v.log_box.value.split("<br>")) == v.session.log_marks[2]
    v.back_button.click()
    assert v.position == 1
    v.timeline.value = len(states) - 1
    assert v.live and "Game over" in v.status.value
    assert v.forward() is False and "end of the record" in v.message
    # playing on is refused: this is a viewer
    v.goto(0)
    assert v.choose(actions[0]) is False
    assert "only replays" in v.message and v.history == states
    assert v.record() == rec


def test_replay_plays_forward_with_a_task():
    game = tabletop_nb.load_game("toy")
    rec = tabletop_nb.play(game, "random", seed=4)
    v = ReplayViewer(game, rec)

    async def main():
        task = v.autoplay(delay=0.001)
        await asyncio.wait_for(task, 20)

    asyncio.run(main())
    assert v.live and not v.autoplaying


def test_replay_as_one_seat_and_bad_records():
    game = tabletop_nb.load_game("toy")
    rec = tabletop_nb.play(game, ["random", "hold10"], seed=5)
    v = ReplayViewer(game, rec, seat=1)
    assert v.viewer == 1 and v.seats[0] == "random"
    with pytest.raises(RecordError):
        ReplayViewer(game, "{}")
    other = tabletop_nb.play(game.with_rules(players=3), "random", seed=1)
    assert ReplayViewer(game, other).game.num_players == 3


def test_replay_autoplay_takes_steps_like_the_game_app():
    """ReplayViewer.autoplay has GameApp's signature: ``steps`` actions at most, with or
    without a running event loop; without ``steps`` it plays to the end of the record."""
    game = tabletop_nb.load_game("pacal", players=3)
    rec = tabletop_nb.play(game, "random", seed=4)
    v = ReplayViewer(game, rec)
    v.goto(0)
    assert v.autoplay(steps=3) is None and v.position == 3  # no loop: at once

    async def run():
        v.goto(1)
        v.speed.value = 0
        task = v.autoplay(steps=2)
        await task
        return v.position

    assert asyncio.run(run()) == 3
    v.goto(0)
    v.autoplay()
    assert v.live
