"""GameApp driven headless on every registered game: from Python and through its buttons.

Every control is pressed here the way a browser would press it: ``Button.click()``
runs the click handlers, and a board click is delivered as the plotly front end sends
it (``_js2py_pointsCallback``).
"""
from __future__ import annotations

import asyncio
import json

import numpy as np
import pytest

import tabletop_nb
from tabletop_nb import CHANCE, TERMINAL, GameRecord
from tabletop_nb.core.bots import random_bot
from tabletop_nb.core.codec import to_plain
from tabletop_nb.widgets import GameApp

MAX_STEPS = 150  # enough to cross several turns of every game; keeps the suite quick


def _game(name):
    return tabletop_nb.load_game(name)


def _humans_first(game):
    return ["human"] + ["random"] * (game.num_players - 1)


def _board_data(app):
    return [json.dumps(t.to_plotly_json(), sort_keys=True, default=str) for t in app.board.data]


def _press_something(app, rng):
    """Press what a person would press now; return the action label pressed (or None)."""
    g, s = app.game, app.state
    p = g.current_player(s)
    if p == CHANCE:
        app.roll_button.click()
        return "roll"
    if app.session.is_human(p):
        legal = g.legal_actions(s)
        i = int(rng.integers(len(legal)))
        if i < len(app.action_buttons):
            b = app.action_buttons[i]
            b.click()
            return b.description
        app.more_actions.value = i
        label = app.more_actions.options[i][0]
        app.more_button.click()
        return label
    app.step_button.click()
    return "step"


# -- the same game as tabletop_nb.play ------------------------------------------------
def test_bots_only_app_plays_the_same_game_as_play(game_name):
    """With bots only and a seed, the app's dice and bots follow play()'s streams."""
    game = _game(game_name)
    app = GameApp(game, seats="random", seed=3)
    n = app.run()
    ref = tabletop_nb.play(game, "random", seed=3)
    assert n == len(ref.actions)
    assert game.is_terminal(app.state)
    rec = app.record()
    assert list(rec.actions) == list(ref.actions)
    assert list(rec.scores) == list(ref.scores)
    assert list(rec.winners) == list(ref.winners)
    # the app's record replays like any other
    assert tabletop_nb.replay(game, GameRecord.from_json(rec.to_json()))[-1] == app.state


def test_callable_and_named_bots_mix(game_name):
    game = _game(game_name)

    def my_bot(g, state, rng):
        return random_bot(g, state, rng)

    seats = [my_bot] + ["random"] * (game.num_players - 1)
    app = GameApp(game, seats=seats, seed=8)
    app.run(80)
    ref = tabletop_nb.play(game, seats, seed=8)
    assert list(app.record().actions) == list(ref.actions[:len(app.actions)])
    assert "my_bot" in app.title.value


# -- playing through the buttons -----------------------------------------------------
def test_buttons_drive_a_game_and_every_view_updates(game_name):
    game = _game(game_name)
    app = GameApp(game, seats=_humans_first(game), seed=5)
    board_id = id(app.board)
    n_traces = len(app.board.data)
    rng = np.random.default_rng(0)
    changed_board = 0
    for _ in range(MAX_STEPS):
        if game.is_terminal(app.state):
            break
        before_len, before_board = len(app.history), _board_data(app)
        before_log = len(app.log)
        pressed = _press_something(app, rng)
        assert app.message == "" or "waiting" not in app.message, app.message
        assert len(app.history) == before_len + 1, f"{pressed!r}: {app.message}"
        prev, now, a = app.history[-2], app.history[-1], app.actions[-1]
        assert game.apply(prev, a) == now
        if pressed not in ("roll", "step"):
            assert pressed == game.action_label(game.observation(prev, 0), a)
        assert len(app.log) > before_log  # every action writes at least one line
        assert id(app.board) == board_id and len(app.board.data) == n_traces
        changed_board += _board_data(app) != before_board
        # the score chart grows with the game
        assert len(app.score_chart.data[0].y) == len(app.history)
        assert app.score_chart.data[0].x0 == 0 and app.score_chart.data[0].dx == 1
        assert f"action {len(app.history) - 1} of {len(app.history) - 1}" in app.where.value
    assert len(app.history) > 10
    assert changed_board > 0, "the board never changed"
    last = app.log_box.value.split("<br>")[0]
    assert last.startswith(str(len(app.history) - 1) + ".") or last.startswith(app.log[-1].split(".")[0])


def test_log_lines_come_from_game_events(game_name):
    game = _game(game_name)
    app = GameApp(game, seats="random", seed=2)
    app.run(40)
    expected = []
    for i, (before, after, a) in enumerate(zip(app.history, app.history[1:], app.actions), 1):
        ev = [str(e) for e in game.events(after)]
        if ev == [str(e) for e in game.events(before)]:
            ev = []  # the action said nothing new: its own words, not the last action's again
        if ev:
            expected += [f"{i}. {e}" for e in ev]
        elif game.current_player(before) == CHANCE:
            expected.append(f"{i}. roll: {game.action_label(before, a)}")
        else:
            p = game.current_player(before)
            expected.append(f"{i}. {game.player_name(p)}: {game.action_label(before, a)}")
    assert app.log == expected


def test_toy_log_in_words():
    game = tabletop_nb.load_game("toy")
    app = GameApp(game, seats=["human", "hold10"], seed=1)
    assert app.choose("Roll")
    assert app.roll()
    assert app.log[0] == "1. Player 1 rolls"
    assert app.log[1].startswith("2. Player 1 rolled ")
    assert app.last_roll.startswith("roll a ")
    assert "last roll" in app.dice_box.value


# -- refusals: wrong, stale and late clicks ---------------------------------------------
def _to_human_decision(app):
    g = app.game
    while not g.is_terminal(app.state) and not app.session.is_human(g.current_player(app.state)):
        if g.current_player(app.state) == CHANCE:
            assert app.roll()
        else:
            assert app.step()


def test_wrong_action_is_refused_and_changes_nothing(game_name):
    game = _game(game_name)
    app = GameApp(game, seats=_humans_first(game), seed=4)
    _to_human_decision(app)
    before = (app.state, len(app.history), list(app.log))
    assert app.choose(object()) is False
    assert "illegal" in app.message and "legal actions are" in app.message
    assert app.message_box.value and "illegal" in app.message_box.value
    assert (app.state, len(app.history), list(app.log)) == before


def test_stale_button_is_refused(game_name):
    game = _game(game_name)
    app = GameApp(game, seats=_humans_first(game), seed=6)
    _to_human_decision(app)
    old = list(app.action_buttons)
    assert old
    old[0].click()  # a fresh click: taken
    assert len(app.history) >= 2
    before = (app.state, len(app.history))
    old[-1].click()  # the same button again, now stale
    assert "earlier position" in app.message
    assert (app.state, len(app.history)) == before


def test_click_after_the_end_and_on_a_bots_turn(game_name):
    game = _game(game_name)
    app = GameApp(game, seats=_humans_first(game), seed=7)
    # a bot's turn: choosing for it is refused
    app.run()  # stops at the first human decision (or the end)
    rng = np.random.default_rng(1)
    while not game.is_terminal(app.state):
        p = game.current_player(app.state)
        if p == CHANCE:
            app.roll()
        elif app.session.is_human(p):
            legal = game.legal_actions(app.state)
            assert app.choose(legal[int(rng.integers(len(legal)))])
        else:
            s = app.state
            assert app.choose(game.legal_actions(s)[0]) is False
            assert "turn" in app.message and app.state is s
            assert app.step()
    final, n = app.state, len(app.history)
    assert app.choose(object()) is False and "game is over" in app.message
    assert app.step() is False and "game is over" in app.message
    assert app.roll() is False
    assert app.click_place("anything") is False
    assert (app.state, len(app.history)) == (final, n)
    assert "Game over" in app.status.value
    assert app.action_buttons == []


def test_timeline_review_refuses_play_then_rewinds(game_name):
    game = _game(game_name)
    app = GameApp(game, seats="random", seed=9)
    app.run(30)
    n = len(app.history)
    app.timeline.value = 5  # the slider replays the game so far
    assert app.position == 5 and not app.live
    assert "reviewing" in app.where.value
    assert len(app.score_chart.data[0].y) == 6
    assert app.step() is False and "timeline" in app.message
    assert len(app.history) == n
    app.timeline.value = n - 1
    assert app.live and app.step()
    app.goto(12)
    app.rewind_button.click()
    assert len(app.history) == 13 and app.live
    # the dice and bots resume from that point exactly as in play()
    app.run()
    ref = tabletop_nb.play(game, "random", seed=9)
    assert list(app.record().actions) == list(ref.actions)


# -- undo -------------------------------------------------------------------------------
def test_undo_goes_back_to_the_last_human_decision(game_name):
    game = _game(game_name)
    app = GameApp(game, seats=_humans_first(game), seed=11)
    _to_human_decision(app)
    assert not game.is_terminal(app.state)
    mark = len(app.history)
    decision_state = app.state
    legal = game.legal_actions(decision_state)
    assert app.choose(legal[-1])
    app.end_turn()
    app.end_turn()
    after = list(app.history)
    app.undo_button.click()
    assert len(app.history) == mark and app.state == decision_state
    assert len(app.log) == app.session.log_marks[-1]
    # the same decision replays the same dice and bot moves (streams restored)
    assert app.choose(legal[-1])
    app.end_turn()
    app.end_turn()
    assert app.history == after


def test_undo_with_nothing_to_undo():
    app = GameApp(tabletop_nb.load_game("toy"), seats=["human", "random"], seed=1)
    assert app.undo() is False and "nothing to undo" in app.message


# -- chance nodes -------------------------------------------------------------------------
def _to_chance(app, limit=200):
    g = app.game
    for _ in range(limit):
        p = g.current_player(app.state)
        if p == CHANCE:
            return True
        if p == TERMINAL:
            return False
        if app.session.is_human(p):
            assert app.choose(g.legal_actions(app.state)[0])
        else:
            assert app.step()
    return False


def test_chosen_outcome_sets_up_a_situation(game_name):
    game = _game(game_name)
    app = GameApp(game, seats=_humans_first(game), seed=12)
    if not _to_chance(app):
        pytest.fail(f"{game_name}: no chance node within 200 actions")
    s = app.state
    outs = game.chance_outcomes(s)
    assert app.outcome_box.layout.display == "none"  # tucked away until asked for
    app.setup_roll.value = True
    assert app.outcome_box.layout.display == "flex"
    assert [o[0] for o in outs] == app.chance_panel.outcomes
    assert len(app.outcome_dropdown.options) == len(outs)
    i = len(outs) - 1
    app.outcome_dropdown.value = i
    app.outcome_button.click()
    assert app.state == game.apply(s, outs[i][0])
    assert "(chosen)" in app.last_roll
    assert app.record().meta["chosen_outcomes"] == 1


def test_choose_mode_pauses_bots_at_chance_nodes(game_name):
    game = _game(game_name)
    app = GameApp(game, seats="random", seed=13, chance="choose")
    app.run()
    s = app.state
    assert game.current_player(s) == CHANCE, "run() should stop at the first chance node"
    assert "choose the outcome" in app.message
    assert app.autoplay_button.disabled and not app.step_button.disabled
    app.outcome_dropdown.value = 0
    app.step_button.click()  # step uses the outcome chosen in the list
    assert app.state == game.apply(s, game.chance_outcomes(s)[0][0])
    app.setup_roll.value = False
    assert not app.autoplay_button.disabled or game.is_terminal(app.state) \
        or app.session.is_human(game.current_player(app.state))


# -- end of turn --------------------------------------------------------------------------
def test_end_turn_stops_when_another_seat_begins(game_name):
    """'to end of turn' plays the acting seat's decisions (and the rolls between them)
    and stops as soon as another seat is to decide."""
    game = _game(game_name)
    app = GameApp(game, seats="random", seed=14)
    turns = 0
    while turns < 4 and not game.is_terminal(app.state):
        p = game.current_player(app.state)
        seat = p if p >= 0 else next((a for a in reversed(app.session.actors) if a >= 0), None)
        start = len(app.history) - 1
        app.end_turn_button.click()
        taken = app.history[start:-1]
        assert taken, app.message
        deciders = {game.current_player(x) for x in taken} - {CHANCE}
        assert len(deciders) <= 1 and (seat is None or deciders <= {seat})
        now = game.current_player(app.state)
        assert game.is_terminal(app.state) or (now >= 0 and (seat is None or now != seat) and
                                               (not deciders or now not in deciders))
        turns += 1
    assert turns >= 2


def test_end_turn_plays_the_bots_until_a_person_must_choose(game_name):
    """Issue 38: 'to end of turn' played one bot, so it took 2-4 presses to get back to
    your turn. One press plays every bot and roll up to the next decision of a person."""
    game = _game(game_name)
    app = GameApp(game, seats=_humans_first(game), seed=21)
    rng = np.random.default_rng(2)
    presses = 0
    bot_seats: set[int] = set()
    while presses < 6 and not game.is_terminal(app.state):
        app.run()
        if game.is_terminal(app.state):
            break
        legal = game.legal_actions(app.state)
        assert app.choose(legal[int(rng.integers(len(legal)))])
        if game.is_terminal(app.state) or game.current_player(app.state) == 0:
            continue            # still the person's turn: nothing for the button to do
        start = len(app.history)
        app.end_turn_button.click()
        presses += 1
        now = game.current_player(app.state)
        assert now == TERMINAL or now == 0, (now, app.message)   # one press: back to you
        bot_seats |= {a for a in app.session.actors[start - 1:] if a > 0}
        assert app.action_buttons or game.is_terminal(app.state)
    assert presses >= 3
    if game.num_players > 2:
        assert len(bot_seats) >= 2   # one press went past more than one bot


def test_end_turn_at_a_persons_decision_is_refused_with_the_reason():
    game = tabletop_nb.load_game("neko")
    app = GameApp(game, seats=["human"] + ["greedy"] * 3, seed=3)
    app.run()
    s, n = app.state, len(app.history)
    assert app.end_turn() == 0
    assert "waiting for Yellow (you)" in app.message and app.state is s and len(app.history) == n


# -- autoplay -----------------------------------------------------------------------------
def test_autoplay_task_runs_to_the_human_and_stop_stops(game_name):
    game = _game(game_name)

    async def main():
        app = GameApp(game, seats=["random"] * (game.num_players - 1) + ["human"], seed=15)
        task = app.autoplay(delay=0.001)
        assert task is not None and app.autoplaying
        # during autoplay every person's control is refused and changes nothing
        n = len(app.history)
        assert app.choose(object()) is False and "autoplay" in app.message
        assert app.undo() is False and app.step() is False
        assert len(app.history) == n
        await asyncio.wait_for(task, 30)
        assert not app.autoplaying
        p = game.current_player(app.state)
        assert game.is_terminal(app.state) or app.session.is_human(p)

        bots = GameApp(game, seats="random", seed=15)
        task = bots.autoplay(delay=0.02)
        await asyncio.sleep(0.15)
        bots.stop_button.click()
        assert not bots.autoplaying
        k = len(bots.history)
        await asyncio.sleep(0.1)
        assert len(bots.history) == k and task.done()
        assert 1 < k < 60
        ref = tabletop_nb.play(game, "random", seed=15)
        assert list(bots.record().actions) == list(ref.actions[:k - 1])

    asyncio.run(main())


def test_autoplay_without_an_event_loop_runs_at_once():
    game = tabletop_nb.load_game("toy")
    app = GameApp(game, seats="random", seed=1)
    assert app.autoplay() is None
    assert game.is_terminal(app.state) and "at once" in app.message


def test_bots_play_on_their_own_after_a_person():
    game = tabletop_nb.load_game("toy")
    app = GameApp(game, seats=["human", "hold10"], seed=3, auto_bots=True)
    assert app.choose("Roll")  # the roll and nothing else: it is the person's turn again after it
    assert game.current_player(app.state) in (0, 1, TERMINAL)
    while not game.is_terminal(app.state) and game.current_player(app.state) == 0:
        legal = game.legal_actions(app.state)
        app.choose(legal[-1])
    # after the person's turn the bot played its own and came back (or the game ended)
    assert game.is_terminal(app.state) or game.current_player(app.state) == 0
    assert 1 in app.session.actors, "the bot never played"


# -- the board --------------------------------------------------------------------------
def _click_point(app, trace_index, point_index):
    """A click as the plotly front end sends it."""
    tr = app.board.data[trace_index]
    app.board._js2py_pointsCallback = {
        "event_type": "plotly_click",
        "points": {"trace_indexes": [trace_index], "point_indexes": [point_index],
                   "xs": [tr.x[point_index] if tr.x is not None else None],
                   "ys": [tr.y[point_index] if tr.y is not None else None]},
        "device_state": {"alt": False, "ctrl": False, "meta": False, "shift": False,
                         "button": 0, "buttons": 1},
        "selector": None}


def _find_place(app):
    for ti, tr in enumerate(app.board.data):
        cd = tr.customdata
        if cd is None:
            continue
        for pi, key in enumerate(cd):
            k = key[0] if isinstance(key, (list, tuple)) and len(key) == 1 else key
            try:
                if k in app.board_panel.places:
                    return ti, pi, k
            except TypeError:
                continue
    return None


def test_board_click_on_a_place_chooses_it(game_name):
    game = _game(game_name)
    app = GameApp(game, seats=_humans_first(game), seed=16)
    clicked = 0
    for _ in range(MAX_STEPS):
        if game.is_terminal(app.state):
            break
        p = game.current_player(app.state)
        if app.session.is_human(p) and app.board_panel.places:
            hit = _find_place(app)
            assert hit is not None, "place_actions keys must appear in the board's customdata"
            ti, pi, key = hit
            s = app.state
            _click_point(app, ti, pi)
            assert app.actions[-1] == app.view.place_actions(game, app.session.shown(s))[key]
            assert app.history[-2] is s
            clicked += 1
            if clicked >= 3:
                break
        elif app.session.is_human(p):
            app.choose(game.legal_actions(app.state)[0])
        elif p == CHANCE:
            app.roll()
        else:
            app.step()
    # every view (the generic one too) has place_actions: it must offer a place to click
    # within MAX_STEPS actions (a skip here would hide a view whose places went missing)
    assert clicked, f"{game_name}'s view offers no clickable places in {MAX_STEPS} actions"


def test_board_click_where_nothing_can_be_chosen():
    game = tabletop_nb.load_game("toy")
    app = GameApp(game, seats=["random", "human"], seed=1)
    s = app.state
    _click_point(app, 0, 0)  # a score bar, on a bot's turn
    assert "nothing on the board" in app.message and app.state is s


def test_board_figure_is_updated_in_place_and_small(game_name):
    game = _game(game_name)
    app = GameApp(game, seats="random", seed=17)
    fw = app.board
    types = [t.type for t in fw.data]
    for _ in range(25):
        if not app.step():
            break
        assert app.board is fw and [t.type for t in fw.data] == types
    size = len(fw.to_json())
    assert size < 100_000, f"the board's JSON is {size} bytes"


def test_view_errors_show_a_message_not_a_traceback(monkeypatch):
    game = tabletop_nb.load_game("toy")
    app = GameApp(game, seats="random", seed=1)

    def broken(*a, **k):
        raise KeyError("boat")

    monkeypatch.setattr(app.view.module, "layers", broken)
    assert app.step()  # the action is taken; the board keeps its last picture
    assert "could not draw" in app.message and "boat" in app.message


def test_summary_lists_every_seat_and_resource(game_name):
    game = _game(game_name)
    app = GameApp(game, seats=_humans_first(game), seed=18)
    app.run(10)
    html_text = app.summary_box.value
    for i in range(game.num_players):
        assert game.player_name(i) in html_text
    for label in game.summary(app.state):
        assert str(label) in html_text
    # yes/no values read as words, not as Python's True and False
    assert ">True<" not in html_text and ">False<" not in html_text


def test_summary_shows_yes_no_values_as_words():
    """Pebble Rock's Lighthouse token column: "yes" for its holder, "-" for the others."""
    game = tabletop_nb.load_game("pebble_rock", players=3)
    states = tabletop_nb.replay(game, tabletop_nb.play(game, "greedy", seed=1))
    held = next(s for s in states if any(p.lighthouse for p in s.players))
    app = GameApp(game, seats="greedy", seed=2, state=held)
    rows = app.summary_box.value.split("</tr>")[1:-1]
    for i, row in enumerate(rows):
        want = "yes" if held.players[i].lighthouse else "-"
        assert row.endswith(f">{want}</td>"), row


# -- bots that misbehave --------------------------------------------------------------------
def test_a_failing_bot_shows_a_message():
    game = tabletop_nb.load_game("toy")

    def crashing(g, s, rng):
        raise RuntimeError("out of fish")

    def cheating(g, s, rng):
        return "fly"

    for bot, word in ((crashing, "out of fish"), (cheating, "illegal")):
        app = GameApp(game, seats=[bot, "random"], seed=1)
        s = app.state
        assert app.step() is False
        assert word in app.message and app.state is s
        assert app.run() == 0


def test_unknown_bot_name_is_refused_up_front():
    with pytest.raises(tabletop_nb.TabletopError, match="no bot called"):
        GameApp(tabletop_nb.load_game("toy"), seats=["human", "grandmaster"])
    with pytest.raises(tabletop_nb.TabletopError, match="needs 2 seats"):
        GameApp(tabletop_nb.load_game("toy"), seats=["human"])


# -- records ---------------------------------------------------------------------------------
def test_load_a_record_opens_it_in_the_same_view(game_name):
    game = _game(game_name)
    rec = tabletop_nb.play(game, "random", seed=19)
    app = GameApp(game, seats=_humans_first(game), seed=1)
    board = app.board
    assert app.load(rec)
    states = tabletop_nb.replay(game, rec)
    assert app.history == states and app.live and app.board is board
    assert app.timeline.max == len(states) - 1
    assert len(app.log) >= len(rec.actions)
    app.timeline.value = 3
    assert app.position == 3
    # the loaded game can be recorded again, identically
    again = app.record()
    assert list(again.actions) == list(rec.actions) and list(again.scores) == list(rec.scores)
    # a bad record is refused and changes nothing
    assert app.load("{not json") is False and "JSON" in app.message
    other = json.loads(rec.to_json())
    other["game"] = "not_" + game_name
    assert app.load(json.dumps(other)) is False and "record of" in app.message
    assert app.history == states


def test_load_a_record_with_other_rules_switches_the_game():
    game = tabletop_nb.load_game("toy")
    other = game.with_rules(players=3, target=30)
    rec = tabletop_nb.play(other, "random", seed=2)
    app = GameApp(game, seats=["human", "random"], seed=1)
    assert app.load(rec.to_json())
    assert app.game == other and len(app.seats) == 3
    assert len(app.board.data[0].x) == 3  # the generic board has a bar per seat
    assert app.history[-1] == tabletop_nb.replay(other, rec)[-1]


def test_unfinished_record_replays():
    game = tabletop_nb.load_game("toy")
    app = GameApp(game, seats=["human", "random"], seed=4)
    app.choose("Roll")
    app.roll()
    rec = app.record()
    assert rec.scores is None and rec.ended is False
    assert tabletop_nb.replay(game, rec) == app.history
    assert [to_plain(a) for a in app.actions] == list(rec.actions)


def test_layer_delta_sends_only_what_changed():
    import numpy as np

    from tabletop_nb.widgets.board_panel import layer_delta

    old = {"type": "scatter", "x": [1, 2], "y": np.array([3, 4]),
           "marker": {"color": ["red", "red"], "size": 9, "line": {"width": 1}}}
    assert layer_delta(old, old) == {}
    new = {"type": "scatter", "x": [1, 2], "y": np.array([3, 5]),
           "marker": {"color": ["red", "blue"], "size": 9, "line": {"width": 2}}, "text": ["a", "b"]}
    d = layer_delta(old, new)
    assert set(d) == {"y", "marker", "text"}
    assert d["marker"] == {"color": ["red", "blue"], "line": {"width": 2}}
    assert layer_delta({}, new) == {k: v for k, v in new.items() if k != "type"}


def test_score_chart_holds_every_seats_score():
    game = tabletop_nb.load_game("toy")
    app = GameApp(game, seats="random", seed=6)
    app.run(40)
    for seat, tr in enumerate(app.score_chart.data):
        assert list(tr.y) == [game.scores(s)[seat] for s in app.history]
    app.undo()
    assert len(app.score_chart.data[0].y) == len(app.history)


# -- a board place that offers several actions ------------------------------------------
def _neko_two_cards():
    """A Neko position (seat 0 to buy) where each empty slot could take either of two cards."""
    game = tabletop_nb.load_game("neko")
    states = tabletop_nb.replay(game, tabletop_nb.play(game, bots="greedy", seed=0))
    from tabletop_nb.games.neko import view
    for s in states:
        if game.current_player(s) == 0:
            multi = {k: v for k, v in view.place_choices(game, s).items() if len(v) > 1}
            if multi:
                return game, s, multi
    raise AssertionError("no position with a two-card slot in this seeded game")


def test_a_click_on_a_place_with_two_actions_asks_which():
    """Issue 38: a click on a Neko slot offering two cards bought one without asking. The
    buttons narrow to the place's actions (and 'all choices'), the message asks which,
    and nothing is taken until a button is pressed."""
    game, s, multi = _neko_two_cards()
    key, options = next(iter(multi.items()))
    app = GameApp(game, seats=["human"] + ["greedy"] * 3, seed=1, state=s)
    n, everything = len(app.history), [b.description for b in app.action_buttons]
    assert len(everything) > len(options)
    assert app.click_place(key) is False
    assert len(app.history) == n and app.state is s
    assert "2 choices" in app.message and "which" in app.message
    labels = [game.action_label(s, a) for a in options]
    assert [b.description for b in app.action_buttons] == labels
    assert app.actions_box.labels == labels and app.actions_box.back == "all choices"
    # 'all choices' brings every choice back; the click again, then the second card
    app.choices_panel.press({"back": True, "gen": app.actions_box.gen})
    assert [b.description for b in app.action_buttons] == everything and app.actions_box.back == ""
    app.click_place(key)
    app.action_buttons[1].click()
    assert app.actions[-1] == options[1] and app.actions[-1] != options[0]
    assert app.actions_box.back == ""      # a new position: the narrowing is gone


def test_a_place_with_one_action_is_chosen_at_once():
    game = tabletop_nb.load_game("pebble_rock", players=2)
    app = GameApp(game, seats=["human", "greedy"], seed=1)
    app.run()
    key = sorted(app.board_panel.places)[0]
    assert app.board_panel.place_options[key] == [app.board_panel.places[key]]
    assert app.click_place(key) is True


# -- Neko's draft shows your own dice --------------------------------------------------
def test_neko_draft_shows_the_dice_you_choose_from_not_another_seats_roll():
    """Issue 38: the draft pictured the last roll, another seat's, while the choices
    ('Keep a 1/2/5') are your own dice. The app draws your hand; the board draws each
    seat's hand in the seat's colour after the kept dice."""
    from tabletop_nb.games.neko import view
    game = tabletop_nb.load_game("neko")
    app = GameApp(game, seats=["human"] + ["greedy"] * 3, seed=1)
    for _ in range(10):
        app.run()
        if game.phase(app.state).endswith("Draft dice"):
            break
        app.choose(game.legal_actions(app.state)[0])
    s = app.state
    assert game.phase(s).endswith("Draft dice") and game.current_player(s) == 0
    hand = list(s.draft.hands[0])
    last_roll = app.session.last_chance[1]
    assert tuple(hand) != tuple(last_roll.dice)      # the last roll is another seat's
    box = app.dice_box.value
    assert "your dice, Yellow" in box and "last roll" not in box
    assert box.count("<svg") == len(hand)
    keep = {int(b.description.split()[-1]) for b in app.action_buttons}
    assert keep == set(hand)                         # the choices are the dice drawn
    dice = view.layers(game, s)[view.LAYERS.index("dice")]
    hands = [v for h in s.draft.hands for v in h]
    assert sorted(map(int, dice["text"])) == sorted(hands + [v for p in s.players for v in p.dice])
    for seat, h in enumerate(s.draft.hands):
        assert dice["marker"]["color"].count(view._SEAT_LIGHT[seat]) == len(h)


def test_pacal_status_is_not_stale_before_the_roll():
    """Issue 38: Pacal's status showed the last round's die before the roll."""
    game = tabletop_nb.load_game("pacal", players=3)
    app = GameApp(game, seats="greedy", seed=4)
    seen = 0
    while seen < 3 and not game.is_terminal(app.state):
        s = app.state
        if game.current_player(s) == CHANCE and s.round > 1:
            assert "die" not in app.status.value, app.status.value
            app.roll()
            assert f"die {app.state.face}" in app.status.value   # the new die, once rolled
            seen += 1
        else:
            app.step()
    assert seen == 3
