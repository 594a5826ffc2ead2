"""GameApp takes any input without a traceback, opens any record, and plays against bots
that think for a while (the search bot) without freezing the page."""
from __future__ import annotations

import asyncio
import dataclasses
import threading
import time

import numpy as np
import pytest

import tabletop_nb
from tabletop_nb import CHANCE, GameRecord
from tabletop_nb.widgets import GameApp


def _snapshot(app):
    return (len(app.history), app.state, app.position, list(app.log), list(app.seats), app.game)


# -- bad input: a message, nothing changed ------------------------------------------------
GARBAGE = [None, 3, 2.5, float("nan"), True, "", "no such move", b"bytes", [], [1, 2], {}, {"a": 1},
           (), (1,), object(), np.array([1, 2]), np.int64(3), Ellipsis, type, lambda: 0]


@pytest.mark.parametrize("name", ["pebble_rock", "neko", "pacal"])
def test_malformed_actions_are_refused_with_a_message(name):
    game = tabletop_nb.load_game(name)
    app = GameApp(game, seats=["human"] + ["random"] * (game.num_players - 1), seed=1)
    app.run()
    before = _snapshot(app)
    for junk in GARBAGE:
        assert app.choose(junk) is False, junk
        assert app.message, junk
        assert _snapshot(app) == before
    # look-alikes of a legal action: same fields, other types
    a = game.legal_actions(app.state)[0]
    values = list(a) if hasattr(a, "_fields") else [getattr(a, f.name) for f in dataclasses.fields(a)]
    floated = [float(v) if isinstance(v, int) and not isinstance(v, bool) else v for v in values]
    fakes = [tuple(values)]
    if floated != values or any(type(x) is not type(y) for x, y in zip(floated, values)):
        fakes.append(type(a)(*floated))
    for fake in fakes:
        assert app.choose(fake) is False, fake
        assert app.message.startswith("IllegalActionError") or "not legal" in app.message, app.message
        assert _snapshot(app) == before
    assert app.choose(a)  # and the app still plays


def test_other_public_methods_refuse_garbage():
    game = tabletop_nb.load_game("toy")
    app = GameApp(game, seats=["human", "random"], seed=1)
    app.choose("Roll")
    before = _snapshot(app)
    for junk in ["x", 2.5, None, [1], True]:
        if junk is not None:
            assert app.goto(junk) is False and app.message
            assert app.rewind(junk) is False and app.message
        assert app.run(junk if junk is not None else "x") == 0 and app.message
        if not isinstance(junk, float):  # 2.5 s is a fine delay
            assert app.autoplay(delay=junk if junk is not None else "x") is None
        assert app.load(junk) is False and app.message
        assert app.click_place(junk) is False
        assert _snapshot(app) == before


# -- records: other games, other player counts, games in progress ------------------------------
def test_load_a_record_of_another_player_count_adopts_its_seats_and_keeps_working():
    game = tabletop_nb.load_game("pebble_rock")          # 4 players
    app = GameApp(game, seats=["human", "random", "random", "random"], seed=1)
    rec = tabletop_nb.play(tabletop_nb.load_game("pebble_rock", players=3),
                           ["greedy", "random", "random"], seed=5)
    assert app.load(rec.to_json()), app.message
    assert app.game.num_players == 3 and app.seats == ["greedy", "random", "random"]
    assert app.state == tabletop_nb.replay(app.game, rec)[-1]
    assert "the view could not draw" not in app.message
    assert len(app.score_chart.data) == 3
    app.goto(5)
    assert app.position == 5 and not app.live
    app.rewind()
    assert app.step(), app.message  # bots play on from action 5
    assert len(app.history) == 7


def test_load_a_record_of_another_game_switches_the_game():
    app = GameApp(tabletop_nb.load_game("pebble_rock"), seats="random", seed=1)
    rec = tabletop_nb.play(tabletop_nb.load_game("pacal", players=2), "random", seed=3)
    assert app.load(rec), app.message
    assert app.game.name == "pacal" and app.game.num_players == 2
    assert "pacal" in app.message and "pacal" in app.title.value
    assert app.view.name.endswith("pacal.view")
    assert app.state == tabletop_nb.replay(app.game, rec)[-1]


def test_a_game_in_progress_is_saved_and_resumed():
    game = tabletop_nb.load_game("pacal", players=2)
    app = GameApp(game, seats=["human", "random"], seed=2)
    for _ in range(12):
        p = game.current_player(app.state)
        if p == CHANCE:
            app.roll()
        elif p == 0:
            assert app.choose(game.legal_actions(app.state)[0])
        else:
            app.step()
    rec = app.record()
    assert rec.ended is False
    text = rec.to_json()
    other = GameApp(game, seats=["human", "random"], seed=9)
    assert other.load(GameRecord.from_json(text)), other.message
    assert "in progress" in other.message
    assert other.state == app.state and other.live
    # play goes on from there
    p = game.current_player(other.state)
    assert (other.roll() if p == CHANCE else other.choose(game.legal_actions(other.state)[0])
            if p == 0 else other.step())


def test_a_record_that_does_not_load_changes_nothing():
    game = tabletop_nb.load_game("pebble_rock")
    app = GameApp(game, seats="random", seed=1)
    app.run(10)
    before = _snapshot(app)
    board = app.board
    rec = tabletop_nb.play(game, "random", seed=2)
    plain = rec.to_plain()
    plain["winners"] = [99]
    bad = [b"{", "[]", '{"format": 1}', GameRecord(game="no_such_game", rules={}, actions=()),
           __import__("json").dumps(plain), "1" * 5000]
    for junk in bad:
        assert app.load(junk) is False
        assert app.message
        assert _snapshot(app) == before and app.board is board
    assert app.step()


# -- bots that think: the search bot and a slow one ----------------------------------------------
def test_search_seats_are_accepted():
    game = tabletop_nb.load_game("toy")
    app = GameApp(game, seats=["search:8", "search"], seed=1)
    assert "search:8" in app.seat_label(0)
    assert app.step() and app.step()


class SlowBot:
    """A bot that takes its time (and says so), like the search bot with a time limit."""

    bot_name = "slow"

    def __init__(self, seconds):
        self.time_limit = seconds
        self.calls = 0
        self.threads = set()

    def __call__(self, game, state, rng):
        self.calls += 1
        self.threads.add(threading.get_ident())
        time.sleep(self.time_limit)
        legal = game.legal_actions(state)
        return legal[int(rng.integers(len(legal)))]


def test_a_slow_bot_thinks_off_the_loop_and_stop_drops_its_thought():
    game = tabletop_nb.load_game("toy")
    slow = SlowBot(0.3)

    async def main():
        app = GameApp(game, seats=[slow, slow], seed=3)
        while game.current_player(app.state) == CHANCE:
            app.roll()
        n = len(app.history)
        rng_before = app.session.bot_rngs[game.current_player(app.state)].bit_generator.state
        ticks = []

        async def ticker():
            while True:
                ticks.append(time.monotonic())
                await asyncio.sleep(0.01)
        t = asyncio.get_running_loop().create_task(ticker())
        task = app.autoplay(delay=0.0)
        await asyncio.sleep(0.1)
        assert app.session.thinking and "is thinking" in app.status.value
        assert "up to 0.3 s" in app.thinking_box.value and not app.stop_button.disabled
        app.stop_button.click()  # while it thinks
        assert not app.autoplaying and not app.session.thinking
        await asyncio.sleep(0.4)  # the thought ends in its thread and is dropped
        assert len(app.history) == n and task.done()
        assert app.session.bot_rngs[game.current_player(app.state)].bit_generator.state == rng_before
        # the page kept answering while the bot thought: no gap near the bot's 0.3 s
        gaps = np.diff(ticks)
        assert gaps.max() < 0.15, gaps.max()
        assert threading.get_ident() not in slow.threads
        # started again, its moves arrive and are applied on the loop
        task = app.autoplay(delay=0.0, steps=2)
        await asyncio.wait_for(task, 5)
        assert len(app.history) >= n + 2
        t.cancel()
        return app

    app = asyncio.run(main())
    # the dropped thought changed nothing: the game is the one play() plays
    ref = tabletop_nb.play(game, [SlowBot(0), SlowBot(0)], seed=3)
    assert list(app.record().actions) == list(ref.actions[:len(app.actions)])


def test_the_step_button_lets_a_bot_think_off_the_loop():
    game = tabletop_nb.load_game("toy")
    slow = SlowBot(0.2)

    async def main():
        app = GameApp(game, seats=["human", slow], seed=1)
        assert app.choose("Roll")
        app.roll()
        while game.current_player(app.state) == 0:
            assert app.choose(game.legal_actions(app.state)[-1])
            while game.current_player(app.state) == CHANCE:
                app.roll()
        assert game.current_player(app.state) == 1
        n = len(app.history)
        app.step_button.click()  # returns at once: the bot thinks in its thread
        assert len(app.history) == n and app.autoplaying
        await asyncio.sleep(0.05)
        assert app.session.thinking and "is thinking" in app.thinking_box.value
        await asyncio.wait_for(app.session.task, 5)
        assert len(app.history) == n + 1 and not app.autoplaying

    asyncio.run(main())
