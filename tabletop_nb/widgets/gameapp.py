"""GameApp: play, step and review any game in a notebook.

The app is a :class:`~tabletop_nb.session.Session` (the game, its history, seats and bot
worker, without widgets) drawn by small panels, each of which renders the session and
sends what a person presses to it: the board (:mod:`.board_panel`), the decision and
message, the choices, the roll, the bot controls, the timeline, the players' summary,
the score chart, the log and the hot seat's curtain (:mod:`.panels`). GameApp lays them
out and redraws them when the session says it changed.

It has no game-specific code: the board comes from the game's ``view`` module (or the
generic view), buttons are labelled with ``game.action_label``, the log is written from
``game.events`` and the summary from ``game.summary``.

Everything a person can press is also a method, so tests and notebooks drive the app
from Python: ``choose``, ``roll``, ``step``, ``end_turn``, ``run``, ``autoplay`` /
``stop``, ``undo``, ``goto`` / ``rewind``, ``load`` / ``record``.
"""
from __future__ import annotations

import html
from typing import Any, Sequence

import ipywidgets as W

from ..core.errors import TabletopError
from ..core.record import GameRecord
from ..session import HUMAN, Session
from ..viz.views import View, view_for
from .board_panel import BoardPanel, refresh_figures
from .analysis_panel import AnalysisPanel
from .panels import (ChancePanel, ChoicesPanel, ControlsPanel, CurtainPanel, LogPanel,
                     PlayersPanel, ScoresPanel, StatusPanel, TimelinePanel, press)

__all__ = ["GameApp", "HUMAN"]

# ipywidgets buttons cut a long label to one line with "..."; the choices wrap instead
_STYLE = """<style>
.tabletop-gameapp button.tabletop-action {
  white-space: normal; height: auto; min-height: var(--jp-widgets-inline-height, 28px);
  line-height: 1.3; text-align: left; padding-top: 4px; padding-bottom: 4px;
  overflow: visible; text-overflow: clip; }
</style>"""


class _Part:
    """An attribute of one of the app's parts under the name GameApp has always given
    it (``app.roll_button`` is ``app.chance_panel.roll_button``; ``app.state`` is
    ``app.session.state``)."""

    def __init__(self, part: str, name: str = ""):
        self.part, self.name = part, name

    def __set_name__(self, owner, name: str) -> None:
        self.name = self.name or name

    def __get__(self, app, owner=None) -> Any:
        if app is None:
            return self
        return getattr(getattr(app, self.part), self.name)


class GameApp:
    """Play any registered game in a notebook: board, actions, bots, undo, timeline, log.

    Parameters
    ----------
    game : Game
        From :func:`tabletop_nb.load_game`.
    seats : list, optional
        One entry per seat: ``"human"`` (a person at the screen; several make a hot
        seat), a bot name (``"random"``, ``"greedy"``, ...) or a callable bot
        ``bot(game, state, rng) -> action``. Default: a human in seat 0, random bots
        elsewhere.
    seed : int, SeedSequence or None
        Seeds the dice and each bot's stream exactly as :func:`tabletop_nb.play` does,
        so with bots only the app plays the same game as ``play(game, bots, seed)``.
    delay : float
        Seconds between actions in autoplay (the speed control).
    chance : "roll" or "choose"
        At chance nodes, roll the seeded dice (default), or wait for the outcome to
        be chosen from the list (to set up a situation).
    auto_bots : bool
        After a person acts, let bots and dice carry on by themselves (autoplay) until
        a person must act again.
    reveal : bool
        Show everything (a designer's view). By default a human seat sees only its
        ``game.observation``.
    state : optional
        Start from this state instead of the game's initial state: a situation set up
        with ``game.position(...)``, shown on the board and played on from there; undo
        and the timeline go back to it, not before it. A state of another game or player
        count, or one nobody can play on from, is refused with the reason
        (:class:`TabletopError`). :meth:`record` cannot hold such a game (a record
        replays from the initial state) and says so.

    Attributes
    ----------
    session : Session
        The game being played (history, seats, bots, log): everything but the widgets.
    board_panel, status_panel, choices_panel, chance_panel, controls_panel,
    timeline_panel, players_panel, scores_panel, log_panel, curtain_panel
        The parts on the page; their widgets are also reachable under the app's names
        (``app.board``, ``app.roll_button``, ``app.timeline``, ...).

    Examples
    --------
    >>> # doctest: +SKIP
    >>> app = GameApp(load_game("pebble_rock", players=3), seats=["human", "greedy", "random"], seed=1)
    >>> app                      # shows the app in a notebook
    >>> app.choose(app.legal_actions()[0]); app.end_turn(); app.undo()
    >>> app.record().save("my_game.json")
    >>> game = load_game("pacal", players=3)      # from a set-up situation
    >>> GameApp(game, ["human", "greedy", "greedy"],
    ...         state=game.position(ships=[(1, 0), (7, 8), (9, 8)], phase="build"))
    """

    _session_type: type[Session] = Session

    def __init__(self, game, seats: Sequence[Any] | None = None, seed: Any = None, *,
                 delay: float = 0.6, chance: str = "roll", auto_bots: bool = False,
                 reveal: bool = False, state: Any = None):
        if not hasattr(game, "legal_actions") or not hasattr(game, "num_players"):
            raise TabletopError(f"GameApp needs a game from load_game, got {game!r}")
        if chance not in ("roll", "choose"):
            raise TabletopError(f"chance must be 'roll' or 'choose', got {chance!r}")
        self.session = self._session_type(game, seats, seed, state=state, reveal=reveal, delay=delay,
                                          chance_by_hand=chance == "choose", auto_bots=auto_bots)
        self.view: View = view_for(game)
        self._build()
        self.session.subscribe(self._on_session)
        self.render()

    # ------------------------------------------------------------- layout ----
    def _build(self) -> None:
        ses, lay = self.session, W.Layout
        self.title = W.HTML()
        self.status_panel = StatusPanel(ses)
        self.choices_panel = ChoicesPanel(ses)
        self.board_panel = BoardPanel(ses, self.view, lambda fn: press(ses, fn), self.choices_panel.offer)
        self.chance_panel = ChancePanel(ses, self.view)
        self.controls_panel = ControlsPanel(ses, self.chance_panel.setup_roll, self._step_pressed)
        self.timeline_panel = TimelinePanel(ses)
        self.players_panel = PlayersPanel(ses)
        self.scores_panel = ScoresPanel(ses)
        self.log_panel = LogPanel(ses)
        # the game table: the board on the left, as wide as the cell allows; the decision,
        # the choices and the bot controls beside it in a column of at least 220 px. When
        # the row has no room for both (the board's MIN_WIDTH plus the column), the column
        # wraps under the board, the decision and the first choices first, so the whole
        # board and the choices fit one laptop screen together.
        self.side_box = W.VBox(
            [self.status, self.chance_box, self.actions_box, self.more_box, self.message_box,
             self.bot_box],
            layout=lay(flex="1 1 240px", min_width="220px", max_width="100%",
                       margin="0 0 6px 10px", overflow="hidden"))
        self.side_box.add_class("tabletop-side")
        self.table_box = W.Box([self.board_box, self.side_box],
                               layout=lay(display="flex", flex_flow="row wrap",
                                          align_items="flex-start", align_content="flex-start",
                                          width="100%"))
        self.lower_box = W.Box([self.summary_box, self.score_box, self.log_panel.box],
                               layout=lay(display="flex", flex_flow="row wrap", width="100%",
                                          margin="8px 0 0 0"))
        self.curtain_panel = CurtainPanel(ses, lambda: [self.board_box, self.side_box, self.actions_box,
                                                        self.summary_box, self.log_box])
        self.curtain_panel.on_show = self.render
        style = W.HTML(_STYLE, layout=lay(display="none"))  # a <style> applies hidden too
        # "Analyse this game" (issue 41): widgets/analysis_panel.py
        self.analysis_panel = AnalysisPanel(self)
        self.widget = W.VBox([style, self.title, self.curtain_box, self.table_box, self.history_box,
                              self.where, self.lower_box, self.analysis_panel.box],
                             layout=lay(width="100%", max_width="100%", overflow="hidden"))
        self.widget.add_class("tabletop-gameapp")
        self._write_title()

    def _write_title(self) -> None:
        g = self.session.game
        self.title.value = (f"<b>{html.escape(g.name)}</b> · {g.num_players} players · "
                            + ", ".join(html.escape(self.seat_label(i)) for i in range(g.num_players)))

    def _repr_mimebundle_(self, **kwargs):
        refresh_figures(self.board, self.score_chart)
        return self.widget._repr_mimebundle_(**kwargs)

    # --------------------------------------------------------- rendering ----
    def _on_session(self, what: str) -> None:
        if what == "message":
            self.status_panel.render_message()
            return
        if what == "game":   # another game or player count (load): a new board and chart
            if self.view.name != view_for(self.session.game).name:
                self.view = self.chance_panel.view = view_for(self.session.game)
            self.board_panel.replace(self.view)
            self.scores_panel.rebuild()
            self._write_title()
        self.render()

    def render(self) -> None:
        """Bring every panel in line with the session."""
        self.curtain_panel.render()
        self.board_panel.render()
        self.status_panel.render()
        self.choices_panel.render(self.covered)
        self.chance_panel.render()
        self.controls_panel.render()
        self.timeline_panel.render()
        self.players_panel.render()
        self.scores_panel.render()
        self.log_panel.render()
        self.status_panel.render_message()

    # ------------------------------------------------------ what a person does ----
    def choose(self, action: Any) -> bool:
        """Take ``action`` for the human seat to act (or, at a chance node, use it as the
        outcome). A label (``"Hold"``) is accepted too.

        Returns True if the action was taken; otherwise the app shows why and nothing
        changes (an illegal, look-alike or stale action, a bot's turn, the game over,
        autoplay).

        Examples
        --------
        >>> # doctest: +SKIP
        >>> app.choose(app.legal_actions()[0])
        True
        >>> app.choose("no such move"), app.message[:14]
        (False, 'illegal action')
        """
        return self.session.choose(action)

    def roll(self) -> bool:
        """At a chance node: roll (or draw) with the seeded generator and show the result."""
        return self.session.roll()

    def step(self) -> bool:
        """One action: a bot's move, or a roll at a chance node (or the outcome chosen in
        the list with "set up the roll myself"). Refused when a person must act.

        From Python this waits for the bot; the step button lets a bot think off the
        kernel's loop instead (see :meth:`autoplay`)."""
        return self.session.step(self.chance_panel.selected())

    def _step_pressed(self) -> Any:
        return self.session.step_soon(self.chance_panel.selected())

    def run(self, n: int | None = None) -> int:
        """Take up to ``n`` steps at once (all of them with None) without a delay, stopping
        where a person must act or the game ends. Returns the number of steps taken."""
        return self.session.run(n)

    def end_turn(self) -> int:
        """Let bots and dice act until a person must choose (or the game ends); with no
        person at the table, until another seat's turn begins. Returns the number of
        actions taken.

        Examples
        --------
        >>> # doctest: +SKIP
        >>> app.choose(app.legal_actions()[0]); app.end_turn()   # the bots' turns, back to you
        """
        return self.session.end_turn()

    def autoplay(self, delay: float | None = None, steps: int | None = None):
        """Let bots and dice play on, one action every ``delay`` seconds, until a person
        must act, the game ends, ``steps`` actions were taken, or :meth:`stop` is pressed.

        Runs as an asyncio task on the running event loop (the kernel's, in JupyterLab
        and Voila), so the notebook stays responsive; a bot thinks in a worker thread
        (the page says who is thinking, and stop drops the thought). Returns the task;
        without a running loop (a plain script) the steps are taken at once and None is
        returned.
        """
        return self.session.autoplay(delay, steps)

    def stop(self) -> None:
        """Stop autoplay (the state stays where it is); a bot's thought in progress is dropped."""
        self.session.stop()

    def undo(self) -> bool:
        """Go back to just before the last decision of a person (with bots only, one
        action back). The dice and bots replay the same way from there."""
        return self.session.undo()

    def goto(self, index: int) -> bool:
        """Show history[index] on the board (the timeline slider); the live state is kept."""
        return self.session.goto(index)

    def rewind(self, index: int | None = None) -> bool:
        """Drop every action after ``index`` (default: the timeline position) and play on."""
        return self.session.rewind(index)

    def click_place(self, key: Any) -> bool:
        """What a click on the board place ``key`` does: choose the action of that place
        (``view.place_actions``) when it is a legal target now; when the place offers
        several (a Neko slot two cards could go in), the choice buttons narrow to those and
        the message asks which (False: nothing taken yet); else a message."""
        return self.board_panel.click_place(key)

    def show_view(self) -> None:
        """Uncover the screen for the person whose turn it is (hot seat)."""
        self.curtain_panel.show_view()

    def legal_actions(self) -> list:
        """The legal actions of the live state (the chance outcomes at a chance node)."""
        return self.session.legal_actions()

    def seat_label(self, seat: int) -> str:
        """"Player 1 (human)" / "Player 2 (greedy)": who sits in a seat."""
        return self.session.seat_label(seat)

    def record(self) -> GameRecord:
        """The game so far as a :class:`GameRecord`, finished or in progress (save it with
        ``.save(path)``; :meth:`load` resumes it)."""
        return self.session.record()

    def load(self, record: GameRecord | str | bytes) -> bool:
        """Open a :class:`GameRecord` (or its JSON text), finished or in progress: the board
        shows its last state, the timeline replays it, and play goes on from there.

        A record of another game or player count is adopted (see :meth:`Session.load`);
        one that does not load or replay is refused with the reason, and the app stays
        as it was."""
        return self.session.load(record)

    def _say(self, text: str, kind: str = "info") -> None:
        self.session.say(text, kind)

    @property
    def covered(self) -> bool:
        """True while the screen waits for the next person of a hot seat (hidden information)."""
        return self.curtain_panel.covered

    # the session's state, under the names the app has always had
    game = _Part("session")
    seats = _Part("session")
    seed = _Part("session")
    reveal = _Part("session")
    from_position = _Part("session")
    history = _Part("session")
    actions = _Part("session")
    log = _Part("session")
    last_roll = _Part("session")
    state = _Part("session")
    position = _Part("session")
    live = _Part("session")
    message = _Part("session")
    autoplaying = _Part("session")
    viewer = _Part("session")
    # the panels' widgets, under the names the app has always had
    board = _Part("board_panel")
    board_box = _Part("board_panel", "box")
    board_probe = _Part("board_panel", "probe")
    status = _Part("status_panel")
    message_box = _Part("status_panel")
    action_buttons = _Part("choices_panel", "buttons")
    actions_box = _Part("choices_panel")
    more_actions = _Part("choices_panel")
    more_button = _Part("choices_panel")
    more_box = _Part("choices_panel")
    chance_box = _Part("chance_panel", "box")
    roll_button = _Part("chance_panel")
    setup_roll = _Part("chance_panel")
    outcome_dropdown = _Part("chance_panel")
    outcome_button = _Part("chance_panel")
    outcome_box = _Part("chance_panel")
    dice_box = _Part("chance_panel")
    bot_box = _Part("controls_panel", "box")
    step_button = _Part("controls_panel")
    end_turn_button = _Part("controls_panel")
    autoplay_button = _Part("controls_panel")
    stop_button = _Part("controls_panel")
    thinking_box = _Part("controls_panel")
    speed = _Part("controls_panel")
    auto_bots = _Part("controls_panel")
    history_box = _Part("timeline_panel", "box")
    undo_button = _Part("timeline_panel")
    timeline = _Part("timeline_panel")
    rewind_button = _Part("timeline_panel")
    where = _Part("timeline_panel")
    summary_box = _Part("players_panel")
    score_box = _Part("scores_panel", "box")
    score_chart = _Part("scores_panel")
    log_box = _Part("log_panel")
    curtain_box = _Part("curtain_panel", "box")
    curtain_text = _Part("curtain_panel")
    curtain_button = _Part("curtain_panel")
