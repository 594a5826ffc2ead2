"""GameApp as a game table: the decision named, one Roll, dice drawn as dice, a score chart
that waits for points, one log line per event, and no stuck "waiting for you" state."""
from __future__ import annotations

import numpy as np
import pytest

import tabletop_nb
from tabletop_nb import CHANCE, TERMINAL
from tabletop_nb.widgets import GameApp
from tabletop_nb.widgets._dice_faces import dice_html, roll_faces


def _humans_first(game):
    return ["human"] + ["random"] * (game.num_players - 1)


def _to_roll(app, limit=400):
    """Play (the person takes its first choice) until a chance node whose outcome is a roll."""
    g = app.game
    for _ in range(limit):
        s = app.state
        p = g.current_player(s)
        if p == TERMINAL:
            return False
        if p == CHANCE:
            a = g.sample_chance(s, np.random.default_rng(0))
            if roll_faces(g, s, a):
                return True
            assert app.roll()
        elif app.session.is_human(p):
            assert app.choose(g.legal_actions(s)[0]), app.message
        else:
            assert app.step(), app.message
    return False


# -- the phase line names the decision ------------------------------------------------
def test_status_names_whose_decision_and_the_phase(game_name):
    game = tabletop_nb.load_game(game_name)
    app = GameApp(game, seats=_humans_first(game), seed=3)
    app.run()
    s = app.state
    p = game.current_player(s)
    assert p != TERMINAL, "the game ended before the person in seat 0 acted"
    assert p == 0
    assert f"Your turn, {game.player_name(0)}" in app.status.value
    phase = game.phase(game.observation(s, 0))
    if phase:
        import html
        assert html.escape(phase) in app.status.value


# -- one Roll; setting the roll up by hand is tucked away -----------------------------------
def test_one_roll_button_and_the_setup_tucked_away(game_name):
    game = tabletop_nb.load_game(game_name)
    app = GameApp(game, seats="random", seed=5)
    assert game.current_player(app.state) == CHANCE or app.run(1) or True
    while game.current_player(app.state) != CHANCE and not game.is_terminal(app.state):
        app.step()
    assert app.roll_button.description == "Roll"
    assert app.roll_button.layout.display == "" and not app.roll_button.disabled
    assert app.outcome_box.layout.display == "none"
    app.setup_roll.value = True
    assert app.outcome_box.layout.display == "flex" and len(app.outcome_dropdown.options) > 0
    assert app.autoplay_button.disabled  # bots wait for the roll to be set up
    app.setup_roll.value = False
    app.roll_button.click()
    if game.current_player(app.state) != CHANCE:
        assert app.roll_button.layout.display == "none"  # no roll to make: no Roll button
    # no toggle with labels that a narrow button cuts off
    from ipywidgets import ToggleButtons
    def walk(w):
        yield w
        for c in getattr(w, "children", ()):
            yield from walk(c)
    assert not any(isinstance(w, ToggleButtons) for w in walk(app.widget))


# -- dice drawn as dice -----------------------------------------------------------------------
@pytest.mark.parametrize("name,dice_per_roll", [("pacal", 1), ("neko", 6), ("pebble_rock", 2)])
def test_the_last_roll_is_drawn_as_die_faces(name, dice_per_roll):
    game = tabletop_nb.load_game(name)
    app = GameApp(game, seats=_humans_first(game), seed=2)
    assert _to_roll(app), f"{name}: no roll within 400 actions"
    s = app.state
    assert app.roll()
    a = app.actions[-1]
    faces = roll_faces(game, s, a)
    assert len(faces) == dice_per_roll
    html_text = app.dice_box.value
    assert "last roll" in html_text
    assert html_text.count("<svg class='tabletop-die'") == dice_per_roll
    for die, face in faces:
        assert face in (die.faces if die.faces is not None else die.outcomes)
        assert f"{die.name}: {face}" in html_text  # each face says its die and value


def test_die_faces_pips_numbers_and_symbols():
    d6 = tabletop_nb.Die([1, 2, 3, 4, 5, 6], name="d6")
    sym = tabletop_nb.Die(["fish", "winds", "blank", "maisy", 7, 2], name="odd")
    html_text = dice_html([(d6, 5), (sym, "fish"), (sym, "blank"), (sym, "maisy"), (sym, 7)])
    assert html_text.count("<svg") == 5
    first = html_text.split("</svg>")[0]
    assert first.count("<circle") == 5  # five pips
    assert "<ellipse" in html_text  # the fish icon is drawn, not a word in a font that may lack it
    assert ">maisy<" in html_text and ">7<" in html_text


def test_a_draw_is_words_not_dice():
    game = tabletop_nb.load_game("pebble_rock")
    s = game.initial_state()
    a = game.chance_outcomes(s)[0][0]  # a market draw at setup
    assert roll_faces(game, s, a) == []
    app = GameApp(game, seats=_humans_first(game), seed=1)
    app.roll()
    assert "last draw" in app.dice_box.value and "<svg" not in app.dice_box.value


# -- the score chart -----------------------------------------------------------------------------
def test_score_chart_hidden_until_someone_scores_and_legend_clear_of_labels():
    game = tabletop_nb.load_game("toy")
    app = GameApp(game, seats="random", seed=4)
    assert app.score_box.layout.display == "none"
    lay = app.score_chart.layout
    # legend above the plot area, the axis title below it: they cannot overlap
    assert lay.legend.yanchor == "bottom" and lay.legend.y >= 1
    assert lay.xaxis.title.text == "action"
    while all(v == 0 for v in game.scores(app.state)) and not game.is_terminal(app.state):
        app.step()
    assert app.score_box.layout.display == ""
    app.undo() if False else app.goto(0)
    assert app.score_box.layout.display == "none"  # reviewing the start: no points yet


# -- one log line per event ------------------------------------------------------------------
def test_an_action_that_says_nothing_new_gets_its_own_line(monkeypatch):
    """An engine that leaves the last events in a state (Pacal's "drop no stone") must not
    repeat the last log line: the app writes the action's own words instead."""
    game = tabletop_nb.load_game("toy")
    app = GameApp(game, seats=["human", "random"], seed=1)
    start = game.initial_state()
    monkeypatch.setattr(type(game), "events",
                        lambda self, s: [] if s == start else ["the same words"])
    assert app.choose("Roll")
    app.roll()
    assert app.log[0] == "1. the same words"
    assert app.log[1].startswith("2. roll: ")
    assert sum("the same words" in line for line in app.log) == 1


# -- the stuck "waiting for you, no buttons" state ----------------------------------------
def _neko_round(app, game, rng):
    from tabletop_nb.games.neko.bots import greedy_bot
    end = max(app.state.round, 1) + 1
    while not game.is_terminal(app.state) and app.state.round < end:
        app.run()
        s = app.state
        if game.current_player(s) == 0 and s.round < end:
            assert app.choose(greedy_bot(game, game.observation(s, 0), rng)), app.message


def test_a_late_timeline_echo_from_the_page_does_not_leave_the_person_without_buttons():
    """The Neko notebook's Run All: bots run, the person is to act. A page whose slider did
    not yet show the kernel's last position sends back an older one (however late it
    comes). Taken as a move, it put the app in review mode: "waiting for Yellow (you)"
    with no buttons and step off. The slider's page says which of the kernel's positions
    it showed (``seen``, the kernel's ``seq``): an out-of-date one is dropped and the
    slider sent again; a move on an up-to-date slider is obeyed."""
    game = tabletop_nb.load_game("neko", players=3)
    app = GameApp(game, seats=["human", "greedy", "random"], seed=1)
    sent = []  # (position, seq) as the kernel put them on the slider
    app.timeline.observe(lambda ch: sent.append((ch["new"], app.timeline.seq)), "value")
    _neko_round(app, game, np.random.default_rng(0))
    assert game.current_player(app.state) == 0
    live, now = app.position, app.timeline.seq
    stale = [(v, seq) for v, seq in reversed(sent) if v != live][:2]
    assert len(stale) == 2 and all(seq < now for _, seq in stale)
    resent = []
    app.timeline.send_state = lambda key=None: resent.append(key)
    for value, seq in stale:
        app.timeline.set_state({"value": value, "seen": seq})  # as a comm message from the page
        assert app.live and app.position == live
        assert app.timeline.value == live and resent  # the page is told the live position again
        assert app.action_buttons and app.actions_box.labels == [b.description for b in app.action_buttons]
        assert not app.step_button.disabled or app.session.is_human(game.current_player(app.state))
    # a person who moves an up-to-date slider is obeyed, at once or late
    app.timeline.set_state({"value": stale[0][0], "seen": app.timeline.seq})
    assert app.position == stale[0][0] and not app.live and app.action_buttons == []
    app.goto(live)
    assert app.live and app.action_buttons
    assert app.timeline.seq > now   # the kernel's move is a new position on the slider


def test_the_timeline_page_sends_values_only_on_a_persons_input():
    """The slider's page code sends a value only from an ``input`` event (a person's
    move, never a redraw), and with it the kernel's seq it showed."""
    esm = GameApp(tabletop_nb.load_game("toy"), seats="random").timeline._esm
    assert esm.count("save_changes") == 1  # one place sends ...
    handler = esm.split('addEventListener("input"')[1].split("});")[0]
    assert "save_changes" in handler      # ... a person's input
    assert 'model.set("seen", model.get("seq"))' in handler


def test_a_whole_game_makes_no_widget_and_changes_no_childrens_list():
    """The cause of the Neko app with no choice buttons (issue 38): a box whose children
    update names a button model the page cannot resolve at that moment rejects that box's
    update chain for good in ipywidgets ("Could not process update msg for model" on every
    later update), so the box stays empty. The cure by design: once the app is built, a
    game played through it makes no new widget model and changes no box's children (the
    choices are one widget drawn from a list of labels). Old buttons are still refused."""
    from ipywidgets.widgets.widget import _instances
    game = tabletop_nb.load_game("neko", players=3)
    app = GameApp(game, seats=["human", "greedy", "random"], seed=1)
    boxes = {}

    def walk(w):
        kids = getattr(w, "children", None)
        if kids is not None:
            boxes[w.model_id] = (w, list(kids))
            for k in kids:
                walk(k)
    walk(app.widget)
    made = set(_instances)
    rng = np.random.default_rng(0)
    turns = 0
    while not game.is_terminal(app.state) and turns < 60:
        app.run()
        if game.is_terminal(app.state):
            break
        old = list(app.action_buttons)
        assert old and app.actions_box.labels == [b.description for b in old]
        legal = game.legal_actions(app.state)
        assert app.choose(legal[int(rng.integers(len(legal)))])
        n = len(app.history)
        old[0].click()  # a button of the position before: refused, nothing changes
        assert len(app.history) == n and "earlier position" in app.message
        turns += 1
    assert turns > 20
    assert set(_instances) - made == set(), "widgets were made while the game was played"
    for w, kids in boxes.values():
        assert list(w.children) == kids, f"a box's children changed: {w!r}"


def test_a_click_the_kernel_refuses_gives_the_page_its_buttons_back():
    """The page disables its buttons on a click until the kernel answers with a new gen:
    a refused click on the buttons on show is answered (they can be pressed again); a
    stale click is not (the page already has newer buttons)."""
    game = tabletop_nb.load_game("pebble_rock", players=2)
    app = GameApp(game, seats=["human", "greedy"], seed=1)
    app.run()
    panel, gen = app.choices_panel, app.actions_box.gen
    labels = list(app.actions_box.labels)
    assert panel.press({"choose": 99, "gen": gen}) is False and "not on show" in app.message
    assert app.actions_box.gen == gen + 1 and app.actions_box.labels == labels
    assert panel.press({"choose": 0, "gen": gen}) is False and "earlier position" in app.message
    assert app.actions_box.gen == gen + 1             # stale: nothing re-sent
    n = len(app.history)
    assert panel.press({"choose": 0, "gen": gen + 1}) is True and len(app.history) > n
