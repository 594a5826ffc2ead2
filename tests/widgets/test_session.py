"""The headless session behind GameApp (tabletop_nb/session.py), played without widgets:
seats, choices with labels, refusals that change nothing, review of an earlier position,
steps and turns, the bot worker thread and stop, records, and what listeners hear."""
from __future__ import annotations

import asyncio
import subprocess
import sys
import threading
import time

import numpy as np
import pytest

import tabletop_nb
from tabletop_nb import CHANCE, TERMINAL, GameRecord, TabletopError
from tabletop_nb.session import HUMAN, Session


def _snapshot(s: Session):
    return (len(s.history), s.state, s.position, list(s.log), list(s.actions), list(s.seats),
            s.game, s.chance_rng.bit_generator.state, [r.bit_generator.state for r in s.bot_rngs])


def _to_person(s: Session, seat: int = 0):
    """Roll and let bots act until ``seat`` (a person) must act."""
    for _ in range(300):
        p = s.game.current_player(s.state)
        if p == seat or p == TERMINAL:
            return
        assert s.roll() if p == CHANCE else s.step(), s.message


def test_the_session_imports_no_widgets_or_plotly():
    code = ("import sys, tabletop_nb.session as m, tabletop_nb; "
            "m.Session(tabletop_nb.load_game('pacal', players=2), 'random', seed=1).run(); "
            "print(sorted(x for x in ('ipywidgets', 'plotly', 'anywidget') if x in sys.modules))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"


def test_bots_only_session_plays_the_same_game_as_play(game_name):
    game = tabletop_nb.load_game(game_name)
    s = Session(game, "random", seed=3)
    n = s.run()
    ref = tabletop_nb.play(game, "random", seed=3)
    assert n == len(ref.actions) and game.is_terminal(s.state)
    assert list(s.record().actions) == list(ref.actions)


def test_seats_by_name_and_callable_and_refusals():
    game = tabletop_nb.load_game("toy")
    calls = []

    def mine(g, state, rng):
        calls.append(state)
        return g.legal_actions(state)[0]

    s = Session(game, [mine, "random"], seed=2)
    assert s.seats[0] is mine and s.seat_label(1) == "Player 2 (random)"
    assert "mine" in s.seat_label(0)
    s.run(10)
    assert calls
    with pytest.raises(TabletopError, match="no bot called"):
        Session(game, [HUMAN, "grandmaster"])
    with pytest.raises(TabletopError, match="needs 2 seats"):
        Session(game, [HUMAN])
    with pytest.raises(TabletopError, match="must be a toy state"):
        Session(game, state={"pot": 3})


# -- the person's choices -----------------------------------------------------------------
def test_choices_are_the_legal_actions_with_their_labels(game_name):
    game = tabletop_nb.load_game(game_name)
    s = Session(game, [HUMAN] + ["random"] * (game.num_players - 1), seed=4)
    _to_person(s)
    choices = s.choices()
    assert [a for a, _ in choices] == list(game.legal_actions(s.state))
    seen = game.observation(s.state, 0)
    assert [label for _, label in choices] == [str(game.action_label(seen, a)) for a, _ in choices]
    a, label = choices[-1]
    assert s.choose(a) and s.actions[-1] == a
    # on a bot's turn or at a roll there is nothing for the person to choose
    _to = game.current_player(s.state)
    if _to != 0 and _to != TERMINAL:
        assert s.choices() == []


def test_choose_by_label():
    game = tabletop_nb.load_game("toy")
    s = Session(game, [HUMAN, "random"], seed=1)
    assert s.choose("Roll") and s.log[0] == "1. Player 1 rolls"
    assert s.roll() and s.last_roll.startswith("roll a ")
    if s.game.current_player(s.state) == 0:
        assert s.choices()
        s.goto(0)                     # reviewing: nothing to choose, and choosing is refused
        assert s.choices() == [] and not s.choose("Hold") and "timeline" in s.message
        s.goto(2)
        assert s.choices()


GARBAGE = [None, 3, 2.5, float("nan"), True, "", "no such move", b"x", [], (1,), {}, object(),
           np.int64(3), lambda: 0]


def test_bad_input_is_refused_with_a_message_and_changes_nothing(game_name):
    game = tabletop_nb.load_game(game_name)
    s = Session(game, [HUMAN] + ["random"] * (game.num_players - 1), seed=5)
    _to_person(s)
    before = _snapshot(s)
    for junk in GARBAGE:
        s.say("")
        assert s.choose(junk) is False, junk
        assert s.message and "Traceback" not in s.message and s.message_kind == "error"
        assert _snapshot(s) == before, junk
    for junk in ["x", 2.5, None, [1], True]:
        if junk is not None:
            assert s.goto(junk) is False and s.message
            assert s.rewind(junk) is False and s.message
        assert s.run(junk if junk is not None else "x") == 0 and s.message
        assert s.autoplay(delay=junk if not isinstance(junk, float) else -1.0) is None
        assert s.load(junk) is False and s.message
        assert _snapshot(s) == before, junk
    # a bot's move chosen for it, a roll when nothing is to be rolled, a step for the person
    assert s.roll() is False and "nothing to roll" in s.message
    assert s.step() is False and "waiting for" in s.message
    assert _snapshot(s) == before


def test_a_failing_or_cheating_bot_is_a_message():
    game = tabletop_nb.load_game("toy")

    def crashing(g, st, rng):
        raise RuntimeError("out of fish")

    def cheating(g, st, rng):
        return "fly"

    for bot, word in ((crashing, "out of fish"), (cheating, "illegal")):
        s = Session(game, [bot, "random"], seed=1)
        before = _snapshot(s)
        assert s.step() is False and word in s.message
        assert s.run() == 0 and _snapshot(s) == before


# -- the timeline: review, going back ---------------------------------------------------
def test_review_an_earlier_position_then_play_from_there(game_name):
    game = tabletop_nb.load_game(game_name)
    s = Session(game, "random", seed=9)
    s.run(30)
    n = len(s.history)
    assert s.goto(5) and s.position == 5 and not s.live
    assert s.log_shown() == s.log[:s.log_marks[5]]
    for refused in (s.step, s.roll, lambda: s.choose(s.legal_actions()[0]), s.run, s.end_turn):
        assert not refused() and "looking at action 5" in s.message
    assert len(s.history) == n and s.state is s.history[-1]
    assert s.goto(10_000) and s.live           # past the end: the live state
    s.goto(12)
    assert s.rewind() and len(s.history) == 13 and s.live
    s.run()                                    # the dice and bots resume as in play()
    assert list(s.record().actions) == list(tabletop_nb.play(game, "random", seed=9).actions)


def test_undo_goes_back_to_the_persons_last_decision_and_replays_the_same():
    game = tabletop_nb.load_game("toy")
    s = Session(game, [HUMAN, "hold10"], seed=11)
    assert s.undo() is False and "nothing to undo" in s.message
    assert s.choose("Roll")
    mark = len(s.history)
    s.roll()
    while game.current_player(s.state) == 0:
        s.choose(s.choices()[-1][0])
        s.run()
    s.run()
    after = list(s.history)
    assert s.undo()
    assert len(s.history) < len(after) and s.live
    people = [i for i, a in enumerate(after[:-1]) if game.current_player(a) == 0]
    assert len(s.history) - 1 == people[-1]
    assert len(s.history) >= mark - 1


# -- steps, turns, autoplay without a loop -------------------------------------------------
def test_run_stops_for_a_person_and_end_turn_at_the_next_seat(game_name):
    game = tabletop_nb.load_game(game_name)
    s = Session(game, [HUMAN] + ["random"] * (game.num_players - 1), seed=14)
    s.run()
    assert game.is_terminal(s.state) or game.current_player(s.state) == 0
    assert s.run() == 0 and s.message.startswith(("waiting for", "the game is over"))
    bots = Session(game, "random", seed=14)
    for _ in range(3):
        start = len(bots.history) - 1
        bots.end_turn()
        deciders = {game.current_player(x) for x in bots.history[start:-1]} - {CHANCE}
        assert len(deciders) <= 1
        now = game.current_player(bots.state)
        assert now == TERMINAL or now not in deciders


def test_chance_by_hand_waits_for_the_outcome():
    game = tabletop_nb.load_game("toy")
    s = Session(game, "random", seed=13, chance_by_hand=True)
    s.run()
    st = s.state
    assert game.current_player(st) == CHANCE and "choose the outcome" in s.message
    last = s.outcomes()[-1]
    assert last[1] == game.action_label(st, last[0])
    assert s.step(outcome=last[0]) and s.state == game.apply(st, last[0])
    assert s.chosen[-1] and "(chosen)" in s.last_roll


def test_autoplay_without_a_loop_takes_its_steps_at_once():
    s = Session(tabletop_nb.load_game("toy"), "random", seed=1)
    assert s.autoplay(steps=3) is None and len(s.history) == 4 and "at once" in s.message


def test_listeners_hear_each_change_and_a_run_once():
    s = Session(tabletop_nb.load_game("toy"), [HUMAN, "random"], seed=1)
    heard = []
    s.subscribe(heard.append)
    assert s.choose("Roll")
    assert "state" in heard
    heard.clear()
    s.roll()
    s.choose(s.choices()[-1][0])            # Hold: the bot's turn
    heard.clear()
    n = s.run()
    assert n > 1 and heard.count("state") == 1   # many steps, one redraw


# -- the bot worker --------------------------------------------------------------------------
class SlowBot:
    """Takes its time (and says so), like the search bot with a time limit."""

    bot_name = "slow"

    def __init__(self, seconds):
        self.time_limit = seconds
        self.threads = set()

    def __call__(self, game, state, rng):
        self.threads.add(threading.get_ident())
        time.sleep(self.time_limit)
        legal = game.legal_actions(state)
        rng.random()                  # a draw, even with one legal action
        return legal[int(rng.integers(len(legal)))]


def test_a_bot_thinks_in_a_worker_and_stop_drops_its_thought():
    game = tabletop_nb.load_game("toy")
    slow = SlowBot(0.3)

    async def main():
        s = Session(game, [slow, slow], seed=3)
        while game.current_player(s.state) == CHANCE:
            s.roll()
        before = _snapshot(s)
        task = s.autoplay(delay=0.0)
        await asyncio.sleep(0.1)
        assert s.thinking.startswith("Player") and "up to 0.3 s" in s.thinking and s.autoplaying
        assert not s.choose(s.legal_actions()[0]) and "autoplay" in s.message
        s.stop()
        assert not s.autoplaying and not s.thinking and "thought is dropped" in s.message
        await asyncio.sleep(0.4)                   # the thought ends in its thread ...
        assert task.done() and _snapshot(s) == before   # ... and changes nothing
        assert threading.get_ident() not in slow.threads
        await asyncio.wait_for(s.autoplay(delay=0.0, steps=2), 5)
        assert len(s.history) == before[0] + 2   # started again, its moves are applied
        return s

    s = asyncio.run(main())
    ref = tabletop_nb.play(game, [SlowBot(0), SlowBot(0)], seed=3)
    assert list(s.record().actions) == list(ref.actions[:len(s.actions)])


def test_the_step_button_thinks_off_the_loop_and_python_step_waits():
    game = tabletop_nb.load_game("toy")
    slow = SlowBot(0.1)
    s = Session(game, [slow, HUMAN], seed=1)
    assert s.step_soon() and len(s.history) == 2   # no loop: at once

    async def main():
        t = Session(game, [slow, HUMAN], seed=1)
        task = t.step_soon()
        assert len(t.history) == 1 and t.autoplaying and isinstance(task, asyncio.Task)
        await asyncio.wait_for(task, 5)
        assert len(t.history) == 2 and not t.autoplaying
        return t.state

    assert asyncio.run(main()) == s.state


# -- records -----------------------------------------------------------------------------------
def test_record_and_load_resume_a_game_in_progress():
    game = tabletop_nb.load_game("pacal", players=2)
    s = Session(game, [HUMAN, "random"], seed=2)
    for _ in range(8):
        _to_person(s)
        assert s.choose(s.choices()[0][0])
    rec = s.record()
    assert rec.ended is False
    other = Session(game, [HUMAN, "random"], seed=9)
    assert other.load(GameRecord.from_json(rec.to_json())) and "in progress" in other.message
    assert other.history == s.history and other.live and other.log == s.log


def test_load_adopts_another_player_count_and_a_bad_record_changes_nothing():
    s = Session(tabletop_nb.load_game("pebble_rock"), "random", seed=1)
    s.run(10)
    before = _snapshot(s)
    heard = []
    s.subscribe(heard.append)
    for junk in [b"{", "[]", '{"format": 1}', GameRecord(game="no_such_game", rules={}, actions=())]:
        assert s.load(junk) is False and s.message
        assert _snapshot(s) == before
    assert "game" not in heard
    rec = tabletop_nb.play(tabletop_nb.load_game("pebble_rock", players=3), ["greedy", "random", "random"], seed=5)
    assert s.load(rec)
    assert s.game.num_players == 3 and s.seats == ["greedy", "random", "random"]
    assert "game" in heard                       # the panels build a new board
    assert s.goto(5) and s.rewind() and s.step()  # bots play on from action 5
    assert len(s.history) == 7


def test_a_set_up_position_cannot_be_recorded():
    game = tabletop_nb.load_game("pacal", players=3)
    start = game.position(ships=[(1, 0), (7, 8), (9, 8)], stones={0: [(3, 9)]}, phase="build")
    s = Session(game, "greedy", seed=1, state=start)
    assert s.history == [start] and s.from_position
    s.run()
    assert game.is_terminal(s.state)
    with pytest.raises(TabletopError, match="set-up position"):
        s.record()
