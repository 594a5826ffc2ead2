"""GameApp: play, step and review any game in a notebook.

The app has no game-specific code: it draws the board with the game's ``view`` module
(or the generic view), labels buttons with ``game.action_label``, writes the log from
``game.events`` and ``game.player_name``, and lists resources from ``game.summary``.

Everything a person can press is also a method, so tests and notebooks drive the app
from Python: ``choose``, ``roll``, ``step``, ``end_turn``, ``run``, ``autoplay`` /
``stop``, ``undo``, ``goto`` / ``rewind``, ``load`` / ``record``.
"""
from __future__ import annotations

import asyncio
import copy
import html
import math
import numbers
import time
from concurrent.futures import ThreadPoolExecutor
from typing import Any, Callable, Sequence

import ipywidgets as W
import numpy as np
import plotly.graph_objects as go

from ..core.bots import bot_name, resolve_bot
from ..core.codec import to_plain
from ..core.errors import IllegalActionError, TabletopError
from ..core.protocol import _NO_MATCH, CHANCE, TERMINAL, BaseGame, find_action
from ..core.record import GameRecord, replay
from ..core.runner import root_entropy, seat_streams, seed_sequence
from ..viz._common import fraction_text
from ..viz.scores import score_traces
from ..viz.views import View, view_for
from ._board import BoardWidget, WidthProbe
from ._dice_faces import dice_html, roll_faces

__all__ = ["GameApp", "HUMAN"]

#: the seat spec of a person at the screen
HUMAN = "human"

_LOG_SHOWN = 100      # log lines rendered in the page (all are kept in app.log)
_BUTTONS_SHOWN = 48    # more legal actions than this go in a list under the buttons
_ECHOES = 8            # the last timeline positions the app set (see _on_timeline)
_ECHO_SECONDS = 1.0    # how late the page's slider may send one of them back
_POOLS = 3             # button pools used in turn: a click up to two positions late is refused


_MISSING = object()

# ipywidgets buttons cut a long label to one line with "..."; the choices wrap instead
_STYLE = """<style>
.tabletop-gameapp button.tabletop-action {
  white-space: normal; height: auto; min-height: var(--jp-widgets-inline-height, 28px);
  line-height: 1.3; text-align: left; padding-top: 4px; padding-bottom: 4px;
  overflow: visible; text-overflow: clip; }
</style>"""


def _same(a: Any, b: Any) -> bool:
    if a is b:
        return True
    if isinstance(a, np.ndarray) or isinstance(b, np.ndarray):
        try:
            return bool(np.array_equal(np.asarray(a, dtype=object), np.asarray(b, dtype=object)))
        except (TypeError, ValueError):
            return False
    try:
        return bool(a == b) and type(a) is type(b)
    except (TypeError, ValueError):  # values that do not compare plainly: send them
        return False


def layer_delta(old: dict, new: dict) -> dict:
    """The part of trace ``new`` that differs from ``old`` (nested dicts compared key by key).

    Validating a trace in plotly costs far more than comparing plain data, and most of a
    board (islands, grid, routes) is the same from one state to the next.

    >>> layer_delta({"x": [1, 2], "marker": {"color": "red", "size": 3}},
    ...             {"x": [1, 2], "marker": {"color": "blue", "size": 3}})
    {'marker': {'color': 'blue'}}
    """
    out = {}
    for k, v in new.items():
        if k == "type":
            continue
        o = old.get(k, _MISSING)
        if isinstance(v, dict) and isinstance(o, dict):
            d = layer_delta(o, v)
            if d:
                out[k] = d
        elif o is _MISSING or not _same(o, v):
            out[k] = v
    return out


def _snapshot(v: Any) -> Any:
    """A copy of a layer's containers, so a view that reuses its lists cannot fool the diff."""
    if isinstance(v, dict):
        return {k: _snapshot(x) for k, x in v.items()}
    if isinstance(v, list):
        return [_snapshot(x) for x in v]
    if isinstance(v, np.ndarray):
        return v.copy()
    return v


def _patched(old: dict, delta: dict) -> dict:
    """``old`` with ``delta`` applied (copies only what changed)."""
    if not delta:
        return old
    out = dict(old)
    for k, v in delta.items():
        o = out.get(k)
        out[k] = _patched(o, v) if isinstance(v, dict) and isinstance(o, dict) else _snapshot(v)
    return out


def refresh_figures(*figures: go.FigureWidget) -> None:
    """Send each figure's whole data and layout to the front end before it is shown.

    plotly's FigureWidget does this only when the figure itself is displayed, not when
    it is a child of a box; a new view then starts from the edits the front end has
    replayed on its own copy, which is fragile. Sending the state makes every new view
    start from exactly what Python holds.
    """
    for fw in figures:
        fw._widget_data = copy.deepcopy(fw._data)
        fw._widget_layout = copy.deepcopy(fw._layout_obj._props)
        fw.send_state(["_widget_data", "_widget_layout"])


def _cell(values: Any, seat: int) -> str:
    """One seat's value in the summary table, as a person reads it (a yes/no as "yes" or
    "-", like an empty list of items, not Python's True and False)."""
    if isinstance(values, (tuple, list)):
        if seat >= len(values):
            return ""
        values = values[seat]
    if isinstance(values, bool):
        return "yes" if values else "-"
    return str(values)


def _board_shape(layout, design_width) -> tuple[float, float, float] | None:
    """(plot-area height per px of plot-area width, horizontal margins, vertical margins)
    of a board figure drawn for ``design_width`` px, or None when its height is not to
    follow its width (no design width, no fixed height, or a fixed width)."""
    if not isinstance(design_width, (int, float)) or not layout.height or layout.width:
        return None
    m = layout.margin
    mx = (m.l if m.l is not None else 80) + (m.r if m.r is not None else 80)
    my = (m.t if m.t is not None else 100) + (m.b if m.b is not None else 80)
    if design_width <= mx or layout.height <= my:
        return None
    return (layout.height - my) / (design_width - mx), mx, my


def _board_height(shape: tuple[float, float, float], width: float) -> int:
    """The height of a board drawn ``width`` px wide (see :func:`_board_shape`).

    >>> _board_height((0.5, 0, 20), 900.0), _board_height((0.5, 0, 20), 600.0)
    (470, 320)
    """
    ratio, mx, my = shape
    return int(round(max(width - mx, 50) * ratio + my))


class _Refused(Exception):
    """A press that cannot be done now; its message is shown in the app."""


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
        with ``game.position(...)`` (every game has one), shown on the board and played
        on from there; undo and the timeline go back to it, not before it. A state of
        another game or player count, or one nobody can play on from, is refused with
        the reason (:class:`TabletopError`). :meth:`record` cannot hold such a game (a
        record replays from the initial state) and says so.

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

    def __init__(self, game, seats: Sequence[Any] | None = None, seed: Any = None, *,
                 delay: float = 0.6, chance: str = "roll", auto_bots: bool = False,
                 reveal: bool = False, state: Any = None):
        if not hasattr(game, "legal_actions") or not hasattr(game, "num_players"):
            raise TabletopError(f"GameApp needs a game from load_game, got {game!r}")
        if chance not in ("roll", "choose"):
            raise TabletopError(f"chance must be 'roll' or 'choose', got {chance!r}")
        self.game = game
        self.seats = self._check_seats(game, seats)
        self.seed = seed_sequence(seed)
        self.reveal = bool(reveal)
        self.view: View = view_for(game)
        self._chance_rng, self._bot_rngs = seat_streams(self.seed, game.num_players)
        self._masked = type(game).observation is not BaseGame.observation
        self._message = ""
        self._quiet = False
        self._syncing = False
        self._places: dict = {}
        self._score_cache: dict = {}
        self._last_layers: list | None = None
        self._curtain_for: int | None = None
        self._seen_by: int | None = None
        self._list_actions: list = []
        self._list_gen = -1
        self._outcomes: list = []
        self._outcomes_key: Any = None
        self._task: asyncio.Task | None = None
        self._auto_gen = 0
        self._autoplaying = False
        self._render_error = ""
        self._button_gen = 0
        self._pools: list[list[W.Button]] = [[] for _ in range(_POOLS)]
        self._pool_gen = [-1] * _POOLS
        self._pool_actions: list[list] = [[] for _ in range(_POOLS)]
        self._pool_next = -1
        self._thinking = ""          # "Red (search) is thinking" while a bot thinks off the loop
        self._executor: Any = None   # the thread a bot thinks in (made on first use)
        self._roll_html = ""         # the last roll drawn as die faces ...
        self._roll_for = None        # ... for this (state, action, label, chosen)
        self._last_chance: Any = None
        self._events_cache: Any = None  # (state, its public event lines): one events() per step
        self._timeline_sent: list[int] = []
        self._timeline_sent_at = -1e9
        self.from_position = state is not None
        self._reset_history(game.initial_state() if state is None else self._check_start(game, state))
        self._build(delay, chance, auto_bots)
        self._render()

    # ------------------------------------------------------------------ seats ----
    @staticmethod
    def _check_seats(game, seats) -> list[Any]:
        n = game.num_players
        if seats is None:
            seats = [HUMAN] + ["random"] * (n - 1)
        elif isinstance(seats, str) or callable(seats):
            seats = [seats] * n
        seats = list(seats)
        if len(seats) != n:
            raise TabletopError(f"{game.name} with {n} players needs {n} seats, got {len(seats)}")
        for s in seats:
            if s != HUMAN:
                resolve_bot(game, s)  # an unknown bot name fails here with the list of names
        return seats

    @staticmethod
    def _check_start(game, state) -> Any:
        """``state`` if play can go on from it in ``game``, else a TabletopError saying why."""
        kind = type(game.initial_state())
        if type(state) is not kind:
            raise TabletopError(f"state must be a {game.name} state, e.g. from game.position(...); "
                                f"got {type(state).__name__}")
        try:
            seats = len(tuple(game.scores(state)))
        except Exception:  # noqa: BLE001  (checked again below, with the reason)
            seats = game.num_players
        if seats != game.num_players:
            raise TabletopError(f"the state is of a {seats}-player game, this {game.name} has "
                                f"{game.num_players} players: load_game({game.name!r}, players={seats})")
        try:
            p = game.current_player(state)
            if p == CHANCE:
                able = bool(game.chance_outcomes(state))
            elif p >= 0:
                able = bool(game.legal_actions(state))
            else:
                able = p == TERMINAL
        except Exception as e:  # noqa: BLE001  (a broken state: the reason, no traceback)
            raise TabletopError(f"that {game.name} state cannot be played: {type(e).__name__}: {e}") from None
        if not able:
            raise TabletopError(f"nobody can act in that {game.name} state (seat {p} has no legal action)")
        return state

    def _is_human(self, seat: int) -> bool:
        return 0 <= seat < len(self.seats) and self.seats[seat] == HUMAN

    def seat_label(self, seat: int) -> str:
        """"Player 1 (you)" / "Player 2 (greedy)": who sits in a seat."""
        spec = self.seats[seat]
        kind = "human" if spec == HUMAN else bot_name(spec)
        return f"{self.game.player_name(seat)} ({kind})"

    @property
    def viewer(self) -> int | None:
        """The seat whose eyes the board shows (None: everything is shown)."""
        if self.reveal:
            return None
        humans = [i for i, s in enumerate(self.seats) if s == HUMAN]
        if not humans:
            return None
        if len(humans) == 1:
            return humans[0]
        p = self.game.current_player(self.history[self.position])
        if p in humans:
            return p
        for actor in reversed(self._actors[:self.position]):
            if actor in humans:
                return actor
        return humans[0]

    def _shown(self, state) -> Any:
        """``state`` as the viewer may see it."""
        v = self.viewer
        if v is None or not self._masked:
            return state
        return self.game.observation(state, v)

    # ---------------------------------------------------------------- history ----
    def _rng_snapshot(self):
        return (self._chance_rng.bit_generator.state, [r.bit_generator.state for r in self._bot_rngs])

    def _rng_restore(self, snap) -> None:
        self._chance_rng.bit_generator.state = snap[0]
        for r, st in zip(self._bot_rngs, snap[1]):
            r.bit_generator.state = st

    def _reset_history(self, initial) -> None:
        self.history: list[Any] = [initial]
        self.actions: list[Any] = []
        self._actors: list[int] = []        # who took action i: a seat or CHANCE
        self._chosen: list[bool] = []       # action i was an outcome chosen by hand
        self._rngs = [self._rng_snapshot()]  # rng states before action i
        self.log: list[str] = []
        self._log_marks = [0]               # len(log) when history[i] was reached
        self._position = 0
        self.last_roll = ""
        self._last_chance = None
        self._events_cache = None

    @property
    def state(self) -> Any:
        """The live state (the end of the history)."""
        return self.history[-1]

    @property
    def position(self) -> int:
        """The history index shown on the board (the timeline slider)."""
        return self._position

    @property
    def live(self) -> bool:
        """True when the board shows the live state (the timeline is at its end)."""
        return self._position == len(self.history) - 1

    @property
    def message(self) -> str:
        """The last message shown to the user (a refused click, an error, a hint)."""
        return self._message

    @property
    def autoplaying(self) -> bool:
        return self._autoplaying

    def legal_actions(self) -> list:
        """The legal actions of the live state (the chance outcomes at a chance node)."""
        s = self.state
        p = self.game.current_player(s)
        if p == TERMINAL:
            return []
        if p == CHANCE:
            return [a for a, _ in self.game.chance_outcomes(s)]
        return list(self.game.legal_actions(s))

    # --------------------------------------------------------------- building ----
    def _build(self, delay: float, chance: str, auto_bots: bool) -> None:
        g = self.game
        lay = W.Layout
        wide = {"description_width": "initial"}  # no cut-off descriptions
        self.title = W.HTML()
        self.status = W.HTML(layout=lay(margin="0 0 4px 0"))
        self.where = W.HTML()
        self.message_box = W.HTML(layout=lay(min_height="1.4em"))
        self.summary_box = W.HTML(layout=lay(margin="6px 0 0 0"))
        self.board = self._new_board()
        self.score_chart = BoardWidget(data=self._score_chart_traces())
        # the legend sits above the plot and the axis title below it, so they never meet;
        # the chart stays hidden until a seat has points (empty -1..1 axes say nothing)
        self.score_chart.update_layout(height=230, width=380, margin=dict(l=40, r=10, t=34, b=40),
                                       xaxis=dict(title=dict(text="action", standoff=4),
                                                  rangemode="tozero"),
                                       yaxis=dict(rangemode="tozero"),
                                       legend=dict(orientation="h", x=0, y=1.02, xanchor="left",
                                                   yanchor="bottom", font=dict(size=11)),
                                       showlegend=True)
        self.score_box = W.VBox([W.HTML("<b>points so far</b>"), self.score_chart],
                                layout=lay(display="none", margin="0 12px 0 0"))
        # actions of a human seat: buttons from three pools used in turn (see _render_actions)
        self.action_buttons: list[W.Button] = []
        self.actions_box = W.Box(layout=lay(display="flex", flex_flow="row wrap"))
        self.more_actions = W.Dropdown(description="all actions", options=[], style=wide,
                                       layout=lay(width="100%", max_width="420px"))
        self.more_button = W.Button(description="choose", tooltip="choose the action in the list")
        self.more_button.on_click(lambda b: self._press(self._choose_from_list))
        self.more_box = W.HBox([self.more_actions, self.more_button], layout=lay(flex_flow="row wrap"))
        # chance: one obvious Roll; setting up the outcome by hand is tucked away
        self.roll_button = W.Button(description="Roll", icon="cube", button_style="warning",
                                    tooltip="roll the dice (or draw) with the seeded generator",
                                    layout=lay(width="auto", min_width="110px"))
        self.roll_button.on_click(lambda b: self._press(self.roll))
        self.setup_roll = W.Checkbox(value=(chance == "choose"), description="set up the roll myself",
                                     indent=False, layout=lay(width="auto"),
                                     tooltip="choose every outcome of the dice and draws by hand "
                                             "(bots then wait at each roll)")
        self.setup_roll.observe(lambda ch: self._press(self._render), "value")
        self.outcome_dropdown = W.Dropdown(description="outcome", options=[], style=wide,
                                           layout=lay(width="100%", max_width="360px"))
        self.outcome_button = W.Button(description="use this outcome",
                                       tooltip="set up the situation: this outcome instead of a roll",
                                       layout=lay(width="auto"))
        self.outcome_button.on_click(lambda b: self._press(self._choose_outcome))
        self.outcome_box = W.HBox([self.outcome_dropdown, self.outcome_button],
                                  layout=lay(flex_flow="row wrap", display="none"))
        self.dice_box = W.HTML()
        self.chance_box = W.VBox([W.HBox([self.roll_button, self.dice_box],
                                         layout=lay(align_items="center", flex_flow="row wrap")),
                                  self.outcome_box])
        # bots
        self.step_button = W.Button(description="step", icon="step-forward",
                                    tooltip="one action of a bot or one roll", layout=lay(width="auto"))
        self.step_button.on_click(lambda b: self._press(self._step_pressed))
        self.end_turn_button = W.Button(description="to end of turn", icon="fast-forward",
                                        layout=lay(width="auto"))
        self.end_turn_button.on_click(lambda b: self._press(self.end_turn))
        self.autoplay_button = W.Button(description="autoplay", icon="play", button_style="success",
                                        layout=lay(width="auto"))
        self.autoplay_button.on_click(lambda b: self._press(self.autoplay))
        self.stop_button = W.Button(description="stop", icon="stop", button_style="danger",
                                    layout=lay(width="auto"))
        self.stop_button.on_click(lambda b: self._press(self.stop))
        self.thinking_box = W.HTML()
        self.speed = W.FloatLogSlider(value=delay, base=10, min=-2, max=0.7, step=0.1,
                                      description="delay (s)", readout_format=".2f", style=wide,
                                      layout=lay(width="260px"))
        self.auto_bots = W.Checkbox(value=auto_bots, description="bots play on their own",
                                    indent=False, layout=lay(width="auto"))
        self.bot_box = W.VBox([W.HBox([self.step_button, self.end_turn_button, self.autoplay_button,
                                       self.stop_button], layout=lay(flex_flow="row wrap")),
                               self.thinking_box,
                               W.HBox([self.speed, self.auto_bots, self.setup_roll],
                                      layout=lay(flex_flow="row wrap", align_items="center"))],
                              layout=lay(margin="6px 0 0 0"))
        # history
        self.undo_button = W.Button(description="undo", icon="undo", layout=lay(width="auto"),
                                    tooltip="back to the last decision of a person")
        self.undo_button.on_click(lambda b: self._press(self.undo))
        self.timeline = W.IntSlider(value=0, min=0, max=0, description="timeline", style=wide,
                                    continuous_update=True, layout=lay(width="100%", max_width="420px"))
        self.timeline.observe(self._on_timeline, "value")
        self.rewind_button = W.Button(description="play from here", icon="code-fork",
                                      layout=lay(width="auto"),
                                      tooltip="drop the actions after the timeline position")
        self.rewind_button.on_click(lambda b: self._press(self.rewind))
        self.history_box = W.HBox([self.undo_button, self.timeline, self.rewind_button],
                                  layout=lay(flex_flow="row wrap", align_items="center"))
        self.log_box = W.HTML(layout=lay(max_height="220px", overflow="auto",
                                         border="1px solid #ddd", padding="2px 6px"))
        # the game table: the board on the left, as wide as the cell allows; the decision,
        # the choices and the bot controls beside it in a column of at least 220 px. When
        # the row has no room for both (the board's MIN_WIDTH, below which its text no
        # longer fits, plus the column), the column wraps under the board, the decision and
        # the first choices first: the board is as tall as what it shows (a view's frame),
        # so the whole board and the choices fit one laptop screen together, and a long
        # list of choices no longer pushes the board down.
        # The board's box has a definite width (it grows into the row), so plotly's
        # autosize measures it; its height follows its width (_on_board_size).
        min_w = int(getattr(self.view.module, "MIN_WIDTH", 560))
        self.board_probe = WidthProbe()
        self.board_probe.observe(self._on_board_width, "width")
        self.board_box = W.VBox([self.board_probe, self.board], layout=lay(flex=f"1000 1 {min_w}px", min_width="0",
                                                         max_width="100%"))
        right = self.side_box = W.VBox(
            [self.status, self.chance_box, self.actions_box, self.more_box, self.message_box,
             self.bot_box],
            layout=lay(flex="1 1 240px", min_width="220px", max_width="100%",
                       margin="0 0 6px 10px", overflow="hidden"))
        self.table_box = W.Box([self.board_box, right],
                               layout=lay(display="flex", flex_flow="row wrap",
                                          align_items="flex-start", align_content="flex-start",
                                          width="100%"))
        self.log_panel = W.VBox([W.HTML("<b>log</b>"), self.log_box],
                                layout=lay(flex="1 1 300px", min_width="260px"))
        self.summary_box.layout.width = "100%"
        self.summary_box.layout.overflow = "auto"
        self.lower_box = W.Box([self.summary_box, self.score_box, self.log_panel],
                               layout=lay(display="flex", flex_flow="row wrap", width="100%",
                                          margin="8px 0 0 0"))
        # hot seat with hidden information: the screen is covered between two people
        self.curtain_text = W.HTML()
        self.curtain_button = W.Button(description="show my view", icon="eye", button_style="info",
                                       layout=lay(width="auto"))
        self.curtain_button.on_click(lambda b: self._press(self.show_view))
        self.curtain_box = W.VBox([self.curtain_text, self.curtain_button],
                                  layout=lay(display="none", padding="24px",
                                             border="2px dashed #999"))
        self.style_box = W.HTML(_STYLE, layout=lay(display="none"))  # a <style> applies hidden too
        self.widget = W.VBox([self.style_box, self.title, self.curtain_box, self.table_box, self.history_box,
                              self.where, self.lower_box],
                             layout=lay(width="100%", max_width="100%", overflow="hidden"))
        self.widget.add_class("tabletop-gameapp")
        self.log_box.add_class("tabletop-log")
        self.board_box.add_class("tabletop-board")
        right.add_class("tabletop-side")
        self.status.add_class("tabletop-status")
        self.thinking_box.add_class("tabletop-thinking")
        self.dice_box.add_class("tabletop-dice")
        self.score_box.add_class("tabletop-scores")
        # stable selectors for browser tests and custom CSS
        self.curtain_box.add_class("tabletop-curtain")
        for name in ("roll_button", "step_button", "end_turn_button", "autoplay_button",
                     "stop_button", "undo_button", "rewind_button", "outcome_button", "more_button",
                     "curtain_button", "setup_roll"):
            getattr(self, name).add_class("tabletop-" + name.replace("_", "-"))
        self.message_box.add_class("tabletop-message")
        self.title.value = (f"<b>{html.escape(g.name)}</b> · {g.num_players} players · "
                            + ", ".join(html.escape(self.seat_label(i)) for i in range(g.num_players)))

    def _score_chart_traces(self) -> list[dict]:
        out = []
        for t in score_traces(self._names(), [()]):
            t.pop("x")
            t.update(x0=0, dx=1, y=[])
            out.append(t)
        return out

    def _names(self) -> list[str]:
        return [self.game.player_name(i) for i in range(self.game.num_players)]

    def _new_board(self) -> go.FigureWidget:
        s = self._shown(self.history[self._position])
        fig = self.view.figure(self.game, s, frozenset(), **self._view_kw(self.history[self._position]))
        fw = BoardWidget(fig)
        fw._tabletop_on_drawn = self._on_board_drawn
        for tr in fw.data:
            tr.on_click(self._on_board_click)
        self._board_shape = _board_shape(fw.layout, getattr(self.view.module, "WIDTH", None))
        self._board_ranges = {ax: tuple(fw.layout[ax].range) for ax in ("xaxis", "yaxis")
                              if fw.layout[ax].range is not None}
        self._board_frame = self.view.frame(self.game, s)
        return fw

    #: seconds a board's view may stay empty after the kernel re-sent it, before the
    #: app puts a new board in its place; and how many new boards it tries
    _RENEW_AFTER = 4.0
    _RENEWALS = 3
    _board_renewals = 0  # new boards put in so far
    _board_frame: dict | None = None  # the view's frame of the board's state (_new_board)

    def _on_board_drawn(self, board) -> None:
        """A view of ``board`` said what it drew: when it drew it empty, look again a
        little later (the kernel has re-sent the figure; a live view redraws and says so)
        and put a new board in its place if it is still empty (a model the page no
        longer hears: widgets/_board.py)."""
        if board is not self.board or not board.drawn_empty:
            return
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:
            return
        loop.call_later(self._RENEW_AFTER, lambda: self._press(lambda: self._renew_if_empty(board)))

    def _renew_if_empty(self, board) -> bool:
        """Replace ``board`` by a new one when it is still the app's board and its view is
        still empty; True when replaced."""
        if board is not self.board or not board.drawn_empty:
            return False
        if self._board_renewals >= self._RENEWALS:
            self._say("the board could not be drawn by this page: re-run the cell", "error")
            return False
        self._board_renewals += 1
        self.board = self._new_board()
        self._last_layers = None
        self.board_box.children = [self.board_probe, self.board]
        self._fit_board()
        self._press(self._render)
        return True

    def _follow_frame(self, shown) -> None:
        """A view whose figure is as tall as what it shows (``frame(game, state)``, e.g.
        Neko: lanes and bids) gets its board resized when that changes: the new height
        and ranges, drawn at the box's width as before (:meth:`_fit_board`)."""
        try:
            fr = self.view.frame(self.game, shown)
        except Exception as e:  # noqa: BLE001
            self._say(f"the view could not size this state: {type(e).__name__}: {e}", "error")
            return
        if not fr or fr == self._board_frame:
            return
        self._board_frame = fr
        lay = self.board.layout
        height = fr.get("height")
        if isinstance(height, (int, float)) and height > 0:
            self._board_shape = _board_shape(go.Layout(height=height, margin=lay.margin),
                                             getattr(self.view.module, "WIDTH", None))
        ranges = {ax: tuple(fr[ax]) for ax in ("xaxis", "yaxis") if fr.get(ax) is not None}
        self._board_ranges = ranges
        width = getattr(getattr(self, "board_probe", None), "width", 0)
        with self.board.batch_update():
            for ax, r in ranges.items():
                lay[ax].range = list(r)
            if self._board_shape is not None and width and width >= 50 and lay.width:
                lay.height = _board_height(self._board_shape, float(lay.width))
            elif isinstance(height, (int, float)) and height > 0:
                lay.height = int(height)
        self._fit_board()

    def _on_board_width(self, change) -> None:
        self._press(self._fit_board)

    def _fit_board(self) -> None:
        """Draw the board at the width of its box (reported by the page), its height
        following (the same aspect as at the view's WIDTH): a wider or narrower cell
        shows the same board, larger or smaller, with no blank bands and no overflow."""
        width = getattr(getattr(self, "board_probe", None), "width", 0)
        if not width or width < 50:
            return
        lay = self.board.layout
        shape = self._board_shape
        height = _board_height(shape, float(width)) if shape is not None else lay.height
        if lay.width == width and (shape is None or lay.height == height):
            return
        with self.board.batch_update():
            lay.width = width
            if shape is not None:
                lay.height = height
        # plotly.js writes the ranges it widened to keep the aspect (scaleanchor) back into
        # the page's layout, and the next size would widen them again (a board shrinking
        # inside blank margins): send the view's own ranges with every new size
        ranges = {f"{ax}.range": list(r) for ax, r in getattr(self, "_board_ranges", {}).items()}
        if ranges:
            self.board._send_relayout_msg(ranges)

    def _view_kw(self, state) -> dict:
        # the generic view lists the legal actions; hide another seat's options in a
        # game with hidden information
        if not self.view.generic:
            return {}
        p = self.game.current_player(state)
        v = self.viewer
        hide = self._masked and v is not None and p >= 0 and p != v
        return {"show_actions": not hide}

    def _repr_mimebundle_(self, **kwargs):
        refresh_figures(self.board, self.score_chart)
        return self.widget._repr_mimebundle_(**kwargs)

    # ---------------------------------------------------------------- presses ----
    def _say(self, text: str, kind: str = "info") -> None:
        self._message = text
        colour = {"info": "#333", "error": "#b00020", "ok": "#1b5e20"}[kind]
        self.message_box.value = (f"<span style='color:{colour}'>{html.escape(text)}</span>"
                                  if text else "")

    def _press(self, fn: Callable[[], Any]) -> Any:
        """Run a button's handler: no traceback ever reaches the page."""
        try:
            return fn()
        except Exception as e:  # noqa: BLE001  (a widget must not show a traceback)
            self._say(f"{type(e).__name__}: {e}", "error")
            return False

    def _check_live(self, what: str) -> None:
        if self._autoplaying:
            raise _Refused(f"autoplay is running: press stop before you {what}")
        if not self.live:
            raise _Refused(f"you are looking at action {self._position} of {len(self.history) - 1}: "
                           f"move the timeline to the end, or press 'play from here', to {what}")

    def _refusal(self, fn: Callable[[], Any]) -> bool:
        try:
            fn()
            return True
        except (_Refused, TabletopError) as e:
            self._say(str(e), "error")
            return False
        except Exception as e:  # noqa: BLE001  (bad input from a person: a message, no traceback)
            self._say(f"that did not work, nothing was changed: {type(e).__name__}: {e}", "error")
            return False

    # ---------------------------------------------------------------- actions ----
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
        >>> app.choose("no such move"), app.message[:22]
        (False, 'IllegalActionError: ...')
        """
        def go_():
            self._check_live("choose")
            s = self.state
            p = self.game.current_player(s)
            if p == TERMINAL:
                raise _Refused("the game is over: " + self._result_text(s))
            if p == CHANCE:
                outs = [a for a, _ in self.game.chance_outcomes(s)]
                a = self._match(action, outs, s)
                self._push(self.game.apply_trusted(s, a), a, CHANCE, chosen=True)
                return
            if not self._is_human(p):
                raise _Refused(f"it is {self.seat_label(p)}'s turn: press step or autoplay")
            a = self._match(action, self.game.legal_actions(s), s)
            self._push(self.game.apply_trusted(s, a), a, p)
        ok = self._refusal(go_)
        if ok:
            self._after_person()
        return ok

    def _match(self, action: Any, legal: list, state) -> Any:
        """The engine's own legal action that ``action`` (or its label) stands for, matched
        exactly as ``BaseGame.apply`` does: a look-alike of another type is refused."""
        hit = find_action(legal, action)
        if hit is not _NO_MATCH:
            return hit
        if isinstance(action, str):
            hits = [a for a in legal if self.game.action_label(state, a) == action]
            if len(hits) == 1:
                return hits[0]
        try:
            shown = repr(action)
        except Exception:  # noqa: BLE001  (an object that cannot even say what it is)
            shown = f"a {type(action).__name__}"
        if len(shown) > 80:
            shown = shown[:77] + "..."
        raise IllegalActionError(shown, legal, "not legal now",
                                 [self.game.action_label(state, a) for a in legal])

    def roll(self) -> bool:
        """At a chance node: roll (or draw) with the seeded generator and show the result."""
        def go_():
            self._check_live("roll")
            if self.game.current_player(self.state) != CHANCE:
                raise _Refused("there is nothing to roll now")
            self._roll()
        ok = self._refusal(go_)
        if ok:
            self._after_person()
        return ok

    def _roll(self) -> None:
        s = self.state
        a = self.game.sample_chance(s, self._chance_rng)
        self._push(self.game.apply_trusted(s, a), a, CHANCE)

    def _bot_for(self, p: int):
        spec = self.seats[p]
        return spec, resolve_bot(self.game, spec), self.game.observation(self.state, p)

    def _bot_failed(self, spec, p: int, e: BaseException) -> _Refused:
        return _Refused(f"bot {bot_name(spec)!r} in seat {p} failed: {type(e).__name__}: {e}")

    def _apply_bot(self, s, p: int, spec, a) -> None:
        try:
            s2 = self.game.apply(s, a)
        except IllegalActionError as e:
            raise _Refused(f"bot {bot_name(spec)!r} in seat {p} chose an illegal action: {e}") from None
        except Exception as e:  # noqa: BLE001
            raise _Refused(f"the {self.game.name} engine failed on {a!r} chosen by bot "
                           f"{bot_name(spec)!r}: {type(e).__name__}: {e}") from None
        self._push(s2, a, p)

    def _bot_move(self) -> None:
        s = self.state
        p = self.game.current_player(s)
        spec, bot, view = self._bot_for(p)
        try:
            a = bot(self.game, view, self._bot_rngs[p])
        except Exception as e:  # noqa: BLE001  (a buggy bot must not break the app)
            raise self._bot_failed(spec, p, e) from None
        self._apply_bot(s, p, spec, a)

    async def _bot_move_off_loop(self, gen: int) -> bool:
        """A bot's move computed in a worker thread, so the kernel's loop (the page) keeps
        answering while it thinks; the move is applied back here, on the loop. The bot
        works on a copy of its generator: a thought dropped by stop changes nothing.

        Returns False when the thought was dropped (stop pressed, or the state changed)."""
        s = self.state
        p = self.game.current_player(s)
        spec, bot, view = self._bot_for(p)
        own = self._bot_rngs[p]
        work = np.random.Generator(type(own.bit_generator)())
        work.bit_generator.state = own.bit_generator.state
        if self._executor is None:
            self._executor = ThreadPoolExecutor(max_workers=1, thread_name_prefix="tabletop-bot")
        limit = getattr(bot, "time_limit", None)
        self._thinking = f"{self.seat_label(p)} is thinking" + (
            f" (up to {limit:g} s)" if isinstance(limit, (int, float)) and limit else "")
        self._render()
        try:
            fut = asyncio.get_running_loop().run_in_executor(self._executor, bot, self.game, view, work)
            try:
                a = await fut
            except asyncio.CancelledError:
                raise
            except Exception as e:  # noqa: BLE001
                raise self._bot_failed(spec, p, e) from None
        finally:
            self._thinking = ""
        if gen != self._auto_gen or self.state is not s:
            return False
        own.bit_generator.state = work.bit_generator.state
        self._apply_bot(s, p, spec, a)
        return True

    def _can_advance(self) -> str:
        """"" when a step can be taken without a person, else the reason why not."""
        s = self.state
        p = self.game.current_player(s)
        if p == TERMINAL:
            return "the game is over: " + self._result_text(s)
        if p == CHANCE:
            if self.setup_roll.value:
                return "choose the outcome of the roll (or untick 'set up the roll myself')"
            return ""
        if self._is_human(p):
            return f"waiting for {self.game.player_name(p)} (you) to choose an action"
        return ""

    def _advance(self) -> None:
        why = self._can_advance()
        if why:
            raise _Refused(why)
        if self.game.current_player(self.state) == CHANCE:
            self._roll()
        else:
            self._bot_move()

    def step(self) -> bool:
        """One action: a bot's move, or a roll at a chance node (or the outcome chosen in
        the list with "set up the roll myself"). Refused when a person must act.

        From Python this waits for the bot; the step button lets a bot think off the
        kernel's loop instead (see :meth:`autoplay`)."""
        def go_():
            self._check_live("step")
            s = self.state
            if (self.game.current_player(s) == CHANCE and self.setup_roll.value
                    and self.outcome_dropdown.value is not None and self._outcomes):
                a = self._outcomes[self.outcome_dropdown.value]
                self._push(self.game.apply_trusted(s, a), a, CHANCE, chosen=True)
            else:
                self._advance()
        return self._refusal(go_)

    def _step_pressed(self) -> Any:
        """The step button: a bot's move is thought out off the loop when one is running."""
        p = self.game.current_player(self.state)
        if p >= 0 and not self._is_human(p) and self.live and not self._autoplaying:
            try:
                asyncio.get_running_loop()
            except RuntimeError:
                return self.step()
            return self.autoplay(steps=1)
        return self.step()

    def run(self, n: int | None = None) -> int:
        """Take up to ``n`` steps at once (all of them with None) without a delay, stopping
        where a person must act or the game ends. Returns the number of steps taken.

        The synchronous twin of :meth:`autoplay` (scripts, tests)."""
        done = 0
        try:
            self._check_live("run")
            if n is not None and (isinstance(n, bool) or not isinstance(n, numbers.Integral) or n < 0):
                raise _Refused(f"run takes a whole number of steps (or None for all), got {n!r}")
        except _Refused as e:
            self._say(str(e), "error")
            return 0
        limit = getattr(self.game, "max_actions", 100_000)
        while (n is None or done < n) and done < limit:
            why = self._can_advance()
            if why:
                self._say(why)
                break
            try:
                self._advance_quiet()
            except _Refused as e:
                self._say(str(e), "error")
                break
            done += 1
        self._render()
        return done

    def _advance_quiet(self) -> None:
        self._quiet = True
        try:
            self._advance()
        finally:
            self._quiet = False

    def end_turn(self) -> int:
        """Let bots and dice act until another seat's turn begins (or a person must act,
        or the game ends). Returns the number of actions taken."""
        try:
            self._check_live("play to the end of the turn")
        except _Refused as e:
            self._say(str(e), "error")
            return 0
        s = self.state
        p = self.game.current_player(s)
        seat = p if p >= 0 else next((a for a in reversed(self._actors) if a >= 0), None)
        done = 0
        limit = getattr(self.game, "max_actions", 100_000)
        while done < limit:
            why = self._can_advance()
            if why:
                if done == 0:
                    self._say(why, "error")
                break
            try:
                self._advance_quiet()
            except _Refused as e:
                self._say(str(e), "error")
                break
            done += 1
            q = self.game.current_player(self.state)
            if q >= 0 and seat is not None and q != seat:
                break
            if q >= 0 and seat is None:
                seat = q
        self._render()
        return done

    # --------------------------------------------------------------- autoplay ----
    def autoplay(self, delay: float | None = None, steps: int | None = None):
        """Let bots and dice play on, one action every ``delay`` seconds, until a person
        must act, the game ends, ``steps`` actions were taken, or :meth:`stop` is pressed.

        Runs as an asyncio task on the running event loop (the kernel's, in JupyterLab
        and Voila), so the notebook stays responsive; a bot thinks in a worker thread
        (the page says who is thinking, and stop drops the thought). Returns the task;
        without a running loop (a plain script) the steps are taken at once and None is
        returned.

        Examples
        --------
        >>> # doctest: +SKIP
        >>> task = app.autoplay(delay=0.2)    # in a notebook; app.stop() pauses it
        """
        if delay is not None:
            try:
                d = float("nan") if isinstance(delay, bool) else float(delay)
            except (TypeError, ValueError, OverflowError):
                d = float("nan")
            if not math.isfinite(d) or d < 0:
                self._say(f"the delay is a number of seconds, 0 or more, got {delay!r}", "error")
                return None
            self.speed.value = d
        if steps is not None and (isinstance(steps, bool) or not isinstance(steps, numbers.Integral)
                                  or steps < 1):
            self._say(f"steps is a whole number of actions, 1 or more, got {steps!r}", "error")
            return None
        if self._autoplaying:
            self._say("autoplay is already running")
            return self._task
        try:
            self._check_live("autoplay")
        except _Refused as e:
            self._say(str(e), "error")
            return None
        why = self._can_advance()
        if why:
            self._say(why, "error")
            return None
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:
            n = self.run(steps)
            self._say(f"no event loop is running here, so autoplay took its {n} steps at once")
            return None
        self._auto_gen += 1
        self._autoplaying = True
        self._say("autoplay: press stop to pause" if steps is None else "")
        self._render()
        self._task = loop.create_task(self._autoplay_loop(self._auto_gen, steps))
        return self._task

    async def _autoplay_loop(self, gen: int, steps: int | None = None) -> None:
        done = 0
        try:
            while self._autoplaying and gen == self._auto_gen and (steps is None or done < steps):
                why = self._can_advance()
                if why:
                    self._say(why)
                    break
                try:
                    if self.game.current_player(self.state) == CHANCE:
                        self._roll()
                    elif not await self._bot_move_off_loop(gen):
                        break
                except _Refused as e:
                    self._say(str(e), "error")
                    break
                except Exception as e:  # noqa: BLE001
                    self._say(f"{type(e).__name__}: {e}", "error")
                    break
                done += 1
                if steps is None or done < steps:
                    await asyncio.sleep(float(self.speed.value))
        finally:
            if gen == self._auto_gen:
                self._autoplaying = False
                self._task = None
                self._render()

    def stop(self) -> None:
        """Stop autoplay (the state stays where it is); a bot's thought in progress is dropped."""
        was = self._autoplaying
        thinking = self._thinking
        self._autoplaying = False
        self._auto_gen += 1
        self._thinking = ""
        task, self._task = self._task, None
        if task is not None and not task.done():
            task.cancel()
        self._say(("stopped: the bot's thought is dropped" if thinking else "stopped") if was else "")
        self._render()

    def _after_person(self) -> None:
        """After a person acted: bots carry on by themselves if asked to."""
        if self.auto_bots.value and not self._can_advance():
            self.autoplay()

    # ---------------------------------------------------------- history moves ----
    def _push(self, state, action, actor: int, chosen: bool = False) -> None:
        s_before = self.history[-1]
        self.history.append(state)
        self.actions.append(action)
        self._actors.append(actor)
        self._chosen.append(chosen)
        self._rngs.append(self._rng_snapshot())
        self._write_log(s_before, state, action, actor, chosen)
        self._log_marks.append(len(self.log))
        self._position = len(self.history) - 1
        if not getattr(self, "_quiet", False):
            self._say("")
            self._render()

    def _truncate(self, index: int) -> None:
        """Keep history[:index + 1]; the dice and bots resume from that point."""
        del self.history[index + 1:]
        del self.actions[index:]
        del self._actors[index:]
        del self._chosen[index:]
        del self._rngs[index + 1:]
        self._rng_restore(self._rngs[index])
        del self.log[self._log_marks[index]:]
        del self._log_marks[index + 1:]
        self._position = index
        self.last_roll = ""
        self._last_chance = None
        self._events_cache = None

    def undo(self) -> bool:
        """Go back to just before the last decision of a person (with bots only, one
        action back). The dice and bots replay the same way from there."""
        def go_():
            if self._autoplaying:
                raise _Refused("autoplay is running: press stop before you undo")
            if len(self.history) == 1:
                raise _Refused("nothing to undo")
            people = [i for i, a in enumerate(self._actors) if a >= 0 and self._is_human(a)]
            target = people[-1] if people else len(self.actions) - 1
            self._truncate(target)
            self._say(f"undone: back to action {target}")
            self._render()
        return self._refusal(go_)

    def goto(self, index: int) -> bool:
        """Show history[index] on the board (the timeline slider); the live state is kept.
        An index that is not a whole number shows a message and changes nothing."""
        def go_():
            if isinstance(index, bool) or not isinstance(index, numbers.Integral):
                raise _Refused(f"the timeline position is a whole number, got {index!r}")
            self._position = max(0, min(int(index), len(self.history) - 1))
            self._render()
        return self._refusal(go_)

    def rewind(self, index: int | None = None) -> bool:
        """Drop every action after ``index`` (default: the timeline position) and play on
        from there."""
        def go_():
            if self._autoplaying:
                raise _Refused("autoplay is running: press stop first")
            if index is not None and (isinstance(index, bool) or not isinstance(index, numbers.Integral)):
                raise _Refused(f"the position to play on from is a whole number, got {index!r}")
            i = self._position if index is None else int(index)
            if not 0 <= i < len(self.history):
                raise _Refused(f"no action {i}: the history has {len(self.history) - 1}")
            self._truncate(i)
            self._say(f"playing on from action {i}")
            self._render()
        return self._refusal(go_)

    def _sync_timeline(self) -> None:
        top = len(self.history) - 1
        t = self.timeline
        if (t.max, t.value, t.disabled) == (top, self._position, self._autoplaying):
            return
        self._syncing = True
        try:
            # one message for max and value: a slider that got the new max alone clamps
            # and sends its old value back
            with t.hold_sync():
                t.max = top
                t.value = self._position
                t.disabled = self._autoplaying
        finally:
            self._syncing = False
        self._timeline_sent.append(self._position)
        del self._timeline_sent[:-_ECHOES]
        self._timeline_sent_at = time.monotonic()

    def _on_timeline(self, change) -> None:
        if getattr(self, "_syncing", False):
            return
        new = change["new"]
        # The page's slider sends back a position the kernel set a moment ago when it
        # redraws (a late echo, not a person's move). Taken as a move, it left the app
        # reviewing an old position: the person to act saw no buttons and "step" was off
        # (the stuck "waiting for Yellow (you)" after Run All). An echo is a position
        # this app set in the last moment that is not the one it shows now.
        # Only a move away from the live end while live can be such an echo.
        if (self.live and new != self._position and new in self._timeline_sent
                and time.monotonic() - self._timeline_sent_at < _ECHO_SECONDS):
            self._syncing = True
            try:
                self.timeline.value = self._position
            finally:
                self._syncing = False
            return
        self._press(lambda: self.goto(new))

    # --------------------------------------------------------- records ----
    def record(self) -> GameRecord:
        """The game so far as a :class:`GameRecord`, finished or in progress (save it with
        ``.save(path)``; :meth:`load` resumes it)."""
        g, s = self.game, self.state
        if self.from_position:
            raise TabletopError("this game started from a set-up position (state=...): a GameRecord "
                                "replays from the initial state, so it cannot hold this game")
        done = g.is_terminal(s)
        seed = {"entropy": root_entropy(self.seed), "spawn_key": [int(k) for k in self.seed.spawn_key]}
        return GameRecord(game=g.name, rules=g.rules.to_plain(),
                          actions=tuple(to_plain(a) for a in self.actions), seed=seed,
                          bots=tuple(HUMAN if sp == HUMAN else bot_name(sp) for sp in self.seats),
                          scores=tuple(to_plain(tuple(g.scores(s)))) if done else None,
                          winners=tuple(g.winners(s)) if done else None, ended=done,
                          meta={"source": "GameApp", "chosen_outcomes": sum(self._chosen)})

    # what load() may change; restored as a whole when a record cannot be opened
    _LOAD_STATE = ("game", "seats", "view", "board", "from_position", "_board_shape", "_board_ranges", "_board_frame", "_masked", "_chance_rng", "_bot_rngs",
                   "_last_layers", "_score_cache", "history", "actions", "_actors", "_chosen",
                   "_rngs", "log", "_log_marks", "_position", "last_roll", "_last_chance",
                   "_events_cache", "_places", "_curtain_for", "_seen_by")

    def load(self, record: GameRecord | str | bytes) -> bool:
        """Open a :class:`GameRecord` (or its JSON text), finished or in progress: the board
        shows its last state, the timeline replays it, and play goes on from there.

        A record of another game or player count is adopted: the app switches to that game
        and its rules; the seats stay when the player count is the same, else they come
        from the record (a bot this session does not know becomes a person). A record that
        does not load or replay is refused with the reason, and the app stays as it was.

        Examples
        --------
        >>> # doctest: +SKIP
        >>> app.load(GameRecord.load("half_played.json"))   # play on where it stopped
        True
        """
        saved = {k: getattr(self, k) for k in self._LOAD_STATE}
        saved["_score_cache"] = dict(self._score_cache)
        old_names = self._names()

        def go_():
            if self._autoplaying:
                raise _Refused("autoplay is running: press stop first")
            rec = record
            if isinstance(rec, (str, bytes)):
                rec = GameRecord.from_json(rec)
            if not isinstance(rec, GameRecord):
                raise _Refused(f"load needs a GameRecord or its JSON text, got {type(rec).__name__}")
            if rec.game == self.game.name:
                game = self.game.with_plain_rules(rec.rules)
            else:
                from ..games import load_game
                game = load_game(rec.game).with_plain_rules(rec.rules)
            states, actions = replay(game, rec, with_actions=True)
            notes = self._adopt(game, rec)
            self._reset_history(states[0])
            self.from_position = False
            for before, after, a in zip(states, states[1:], actions):
                p = game.current_player(before)
                self.history.append(after)
                self.actions.append(a)
                self._actors.append(p)
                self._chosen.append(False)
                self._rngs.append(self._rngs[0])
                self._write_log(before, after, a, p, False)
                self._log_marks.append(len(self.log))
            self._position = len(self.history) - 1
            if saved["view"] is not self.view or saved["game"].num_players != game.num_players:
                self._replace_board()
            self._render()
            done = "a finished game" if game.is_terminal(self.state) else "a game in progress"
            self._say(f"loaded a record of {len(actions)} actions ({done})" + notes, "ok")

        ok = self._refusal(go_)
        if not ok:
            message = self._message
            for k, v in saved.items():
                setattr(self, k, v)
            if list(self.board_box.children) != [self.board_probe, self.board]:
                self.board_box.children = [self.board_probe, self.board]
            if len(self.score_chart.data) != len(old_names):
                self._rebuild_score_chart()
            self._quiet = False
            try:
                self._render()
            finally:
                self._say(message, "error")
        return ok

    def _adopt(self, game, rec: GameRecord) -> str:
        """Switch to the record's game and rules (and seats, if the player count changed).
        Returns words for the message about what changed."""
        notes = ""
        other = game.name != self.game.name
        if len(self.seats) != game.num_players:
            seats, unknown = [], []
            for b in list(rec.bots)[:game.num_players]:
                try:
                    if b != HUMAN:
                        resolve_bot(game, b)
                    seats.append(b)
                except (TabletopError, TypeError):  # a bot this session does not know: a person
                    unknown.append(str(b))
                    seats.append(HUMAN)
            seats += [HUMAN] * (game.num_players - len(seats))
            self.seats = seats
            self._chance_rng, self._bot_rngs = seat_streams(self.seed, game.num_players)
            notes = f"; {game.num_players} seats from the record: " + ", ".join(
                "you" if b == HUMAN else bot_name(b) for b in seats)
            if unknown:
                notes += f" (unknown bots {', '.join(unknown)} became people)"
        elif other:
            for i, sp in enumerate(self.seats):
                if sp != HUMAN:
                    resolve_bot(game, sp)  # the same seats must exist in the other game
        if other:
            notes = f"; this app now plays {game.name}" + notes
        self.game = game
        self._masked = type(game).observation is not BaseGame.observation
        if other:
            self.view = view_for(game)
        return notes

    def _replace_board(self) -> None:
        """A new board figure (another game, or another player count) and score chart."""
        self.board = self._new_board()
        self._last_layers = None
        self.board_box.children = [self.board_probe, self.board]
        self._fit_board()
        self._rebuild_score_chart()
        self._score_cache.clear()
        self.title.value = (f"<b>{html.escape(self.game.name)}</b> · {self.game.num_players} players · "
                            + ", ".join(html.escape(self.seat_label(i))
                                        for i in range(self.game.num_players)))

    def _rebuild_score_chart(self) -> None:
        with self.score_chart.batch_update():
            self.score_chart.data = ()
            for t in self._score_chart_traces():
                self.score_chart.add_trace(t)

    # ------------------------------------------------------------------ log ----
    def _write_log(self, before, after, action, actor: int, chosen: bool) -> None:
        g = self.game
        step = len(self.history) - 1
        lines = self._public_events(after)
        # an engine that leaves the last action's events in a state whose action said
        # nothing new would repeat them: one log line per event, so words of its own
        cached = self._events_cache
        prev = cached[1] if cached is not None and cached[0] is before else self._public_events(before)
        self._events_cache = (after, lines)
        if lines and lines == prev:
            lines = []
        if actor == CHANCE:
            label = self._chance_label(before, after, action)
            self.last_roll = label + (" (chosen)" if chosen else "")
            self._last_chance = (before, action, label, chosen)
            if not lines:
                lines = [("outcome chosen: " if chosen else "roll: ") + label]
            elif chosen:
                lines = [f"(outcome chosen: {label})"] + lines
        elif not lines:
            lines = [f"{g.player_name(actor)}: {g.action_label(before, action)}"]
        for line in lines:
            self.log.append(f"{step}. {line}")

    def _roll_text(self) -> str:
        """The last roll drawn as die faces (a draw as words), for the chance controls."""
        last = self._last_chance
        if last is None:
            return ""
        if self._roll_for is last:
            return self._roll_html
        before, action, label, chosen = last
        faces = [] if label == "a hidden draw" else roll_faces(self.game, before, action)
        icons = getattr(self.view.module, "FACE_ICONS", None)
        words = html.escape(label) + (" (chosen)" if chosen else "")
        if faces:
            text = (f"<span class='tabletop-roll' title='{words}'>last roll: "
                    f"{dice_html(faces, icons if isinstance(icons, dict) else None)} "
                    f"<span style='color:#555'>{words}</span></span>")
        else:
            text = f"<span class='tabletop-roll'>last draw: <b>{words}</b></span>"
        self._roll_for, self._roll_html = last, text
        return text

    def _watchers(self) -> list[int]:
        """The seats whose eyes are on the screen: every human seat in a hot seat, else
        the viewer; none when everything is shown."""
        if self.reveal or not self._masked:
            return []
        humans = [i for i, sp in enumerate(self.seats) if sp == HUMAN]
        return humans if len(humans) > 1 else ([self.viewer] if self.viewer is not None else [])

    def _public_events(self, after) -> list[str]:
        """The words for what happened that everyone watching may read (in a hot seat with
        hidden information, a line one person's observation does not give is left out)."""
        g = self.game
        watchers = self._watchers()
        if not watchers:
            return [str(e) for e in g.events(after)]
        seen = [[str(e) for e in g.events(g.observation(after, w))] for w in watchers]
        return [e for e in seen[0] if all(e in other for other in seen[1:])]

    def _chance_label(self, before, after, action) -> str:
        """The outcome's label, unless someone watching could not have seen it (a hidden draw)."""
        g = self.game
        label = g.action_label(before, action)
        watchers = self._watchers()
        if not watchers:
            return label
        other = next((a for a, _ in g.chance_outcomes(before) if a != action), None)
        if other is None:
            return label
        alt = g.apply_trusted(before, other)
        if any(g.observation(after, w) == g.observation(alt, w) for w in watchers):
            return "a hidden draw"
        return label

    # --------------------------------------------------------------- render ----
    def _result_text(self, s) -> str:
        win = self.game.winners(s)
        names = ", ".join(self.game.player_name(i) for i in win)
        sc = ", ".join(f"{self.game.player_name(i)} {v}" for i, v in enumerate(self.game.scores(s)))
        return f"{names} {'win' if len(win) > 1 else 'wins'} ({sc})"

    def _person_to_act(self, s) -> bool:
        p = self.game.current_player(s)
        return p >= 0 and self._is_human(p)

    def _decision_text(self, s, p, shown) -> str:
        """The status line: who is asked what (the engine's phase names the decision)."""
        g = self.game
        try:
            phase = str(g.phase(shown) or "")
        except Exception as e:  # noqa: BLE001  (a phase that fails must not stop the app)
            phase = f"(phase failed: {type(e).__name__})"
        if p == TERMINAL:
            return "<b>Game over</b>: " + html.escape(self._result_text(s))
        if self._thinking:
            head = f"<b>{html.escape(self._thinking)}</b>"
        elif p == CHANCE:
            head = ("<b>Set up the roll</b>" if self.setup_roll.value else "<b>Roll</b>")
            phase = phase or "a roll or a draw is next"
        elif self._is_human(p):
            head = f"<b>Your turn, {html.escape(g.player_name(p))}</b>"
        else:
            head = f"<b>{html.escape(self.seat_label(p))}</b> to act"
        return (f"<span style='font-size:115%'>{head}"
                + (f": {html.escape(phase)}" if phase else "") + "</span>")

    def _render(self) -> None:
        """Bring every widget in line with the history and the timeline position."""
        if getattr(self, "_quiet", False):
            return
        g = self.game
        s = self.history[self._position]
        live = self.live
        p = g.current_player(s)
        shown = self._shown(s)
        self._update_curtain()
        person = live and self._person_to_act(s) and not self._autoplaying
        places: dict = {}
        if person:
            try:
                places = self.view.place_actions(g, shown)
            except Exception as e:  # noqa: BLE001
                self._say(f"the view's place_actions failed: {type(e).__name__}: {e}", "error")
        self._places = places
        self._draw_board(shown, frozenset(places))
        self.status.value = self._decision_text(s, p, shown)
        where = f"action {self._position} of {len(self.history) - 1}" + ("" if live else " (reviewing)")
        if self._autoplaying:
            where += " · autoplay: press stop to pause"
        self.where.value = f"<span style='color:#666'>{where}</span>"
        self._render_summary(shown, p)
        self._render_actions(s, shown, person)
        self._render_chance(s, live)
        can_bot = live and not self._autoplaying and not self._can_advance()
        self.step_button.disabled = not can_bot and not (
            live and p == CHANCE and not self._autoplaying)
        self.end_turn_button.disabled = not can_bot
        self.autoplay_button.disabled = not can_bot
        self.stop_button.disabled = not self._autoplaying
        self.undo_button.disabled = self._autoplaying or len(self.history) == 1
        self.rewind_button.disabled = live or self._autoplaying
        self.thinking_box.value = (f"<span style='color:#6a1b9a'>{html.escape(self._thinking)} "
                                   "(press stop to stop autoplay)</span>" if self._thinking else "")
        self._sync_timeline()
        self._render_scores()
        shown_log = self.log[:self._log_marks[self._position]][-_LOG_SHOWN:]
        self.log_box.value = "<br>".join(html.escape(x) for x in reversed(shown_log)) or "<i>no actions yet</i>"

    @property
    def covered(self) -> bool:
        """True while the screen waits for the next person of a hot seat (hidden information)."""
        return self._curtain_for is not None

    def _update_curtain(self) -> None:
        v = self.viewer
        hot = len(self._watchers()) > 1
        if not hot or v is None:
            self._curtain_for, self._seen_by = None, v
        elif self._seen_by is None:
            self._seen_by = v
        elif v != self._seen_by:
            self._curtain_for = v
        elif self._curtain_for is not None and v == self._seen_by:
            self._curtain_for = None
        covered = self._curtain_for is not None
        hide = "none" if covered else ""
        for w in (self.board_box, self.side_box, self.actions_box, self.summary_box, self.log_box):
            w.layout.display = hide
        self.curtain_box.layout.display = "flex" if covered else "none"
        if covered:
            name = html.escape(self.game.player_name(self._curtain_for))
            self.curtain_text.value = (f"<b>Pass the screen to {name}.</b> What is on it now is "
                                       f"for {name}'s eyes only.")
            self.curtain_button.description = f"I am {self.game.player_name(self._curtain_for)}: show"

    def show_view(self) -> None:
        """Uncover the screen for the person whose turn it is (hot seat)."""
        if self._curtain_for is not None:
            self._seen_by, self._curtain_for = self._curtain_for, None
        self._render()

    def _draw_board(self, shown, highlight: frozenset) -> None:
        try:
            layers = self.view.layers(self.game, shown, highlight,
                                      **self._view_kw(self.history[self._position]))
        except Exception as e:  # noqa: BLE001
            self._say(f"the view could not draw this state: {type(e).__name__}: {e}", "error")
            return
        traces = self.board.data
        if len(layers) != len(traces):
            self._say(f"{self.view.name}.layers gave {len(layers)} traces, the board has "
                      f"{len(traces)}: a view must return the same layers for every state "
                      "(docs/DEVELOPING.md)", "error")
            return
        last = self._last_layers
        if last is None or len(last) != len(layers):
            last = [{} for _ in layers]
        deltas = [layer_delta(old, new) for old, new in zip(last, layers)]
        if any(deltas):
            with self.board.batch_update():
                for tr, delta in zip(traces, deltas):
                    if delta:
                        # merge, not overwrite=True: plotly's front-end model mishandles
                        # whole-object replacements (a figure updated before it is shown
                        # then fails to draw: "Cannot use 'in' operator to search for 'line'")
                        tr.update(delta)
            self._last_layers = [_patched(old, delta) for old, delta in zip(last, deltas)]
        self._follow_frame(shown)

    def _render_summary(self, shown, p: int) -> None:
        g = self.game
        try:
            summary = dict(g.summary(shown))
        except Exception as e:  # noqa: BLE001
            summary = {"score": tuple(g.scores(shown))}
            self._say(f"summary failed: {e}", "error")
        cols = list(summary)
        head = "".join(f"<th style='padding:0 6px'>{html.escape(str(c))}</th>" for c in cols)
        rows = []
        for i in range(g.num_players):
            mark = "▶ " if i == p else ""
            cells = "".join(f"<td style='text-align:right;padding:0 6px'>"
                            f"{html.escape(_cell(summary[c], i))}</td>" for c in cols)
            rows.append(f"<tr><td>{mark}{html.escape(self.seat_label(i))}</td>{cells}</tr>")
        self.summary_box.value = (f"<table class='tabletop-summary'><tr><th></th>{head}</tr>"
                                  + "".join(rows) + "</table>")

    def _pool_button(self, pool: int, i: int) -> W.Button:
        buttons = self._pools[pool]
        while len(buttons) <= i:
            # a long label wraps inside its button (tabletop-action in _STYLE), never cut
            b = W.Button(layout=W.Layout(width="auto", max_width="100%", height="auto"))
            b.add_class("tabletop-action")
            # the default binds this button's slot now (a closure would see the last one)
            b.on_click(lambda btn, slot=(pool, len(buttons)): self._press(lambda: self._on_slot(slot)))  # noqa: B008
            buttons.append(b)
        return buttons[i]

    def _render_actions(self, s, shown, person: bool) -> None:
        """The person's choices as buttons.

        Buttons come from three pools used in turn and are never closed: a click on a
        button of an older position reaches a pool whose generation has passed, and is
        refused instead of taking another action. (Closing the buttons of old positions
        while the page may still be building their views left the page without any
        button, "waiting for Yellow (you)" with nothing to press.)"""
        self._button_gen += 1
        gen = self._button_gen
        buttons: list[W.Button] = []
        self._list_actions = []
        if person:
            g = self.game
            legal = g.legal_actions(s)
            labels = [str(g.action_label(shown, a)) for a in legal]
            pool = self._pool_next = (self._pool_next + 1) % len(self._pools)
            self._pool_gen[pool] = gen
            self._pool_actions[pool] = list(legal[:_BUTTONS_SHOWN])
            for i, lab in enumerate(labels[:_BUTTONS_SHOWN]):
                b = self._pool_button(pool, i)
                if b.description != lab:
                    b.description = lab
                    b.tooltip = lab
                buttons.append(b)
            self._list_actions = list(legal)
            opts = [(lab, i) for i, lab in enumerate(labels)]
            if len(legal) > _BUTTONS_SHOWN:
                self.more_actions.options = opts
                self.more_actions.value = 0
            elif self.more_actions.options:
                self.more_actions.options = []
            self._list_gen = gen
        elif self.more_actions.options:
            self.more_actions.options = []
        self.action_buttons = buttons
        if list(self.actions_box.children) != buttons:
            self.actions_box.children = buttons
        self.more_box.layout.display = ("flex" if person and not self.covered
                                        and len(self._list_actions) > _BUTTONS_SHOWN else "none")

    def _on_slot(self, slot: tuple[int, int]) -> bool:
        pool, i = slot
        if self._pool_gen[pool] != self._button_gen or i >= len(self._pool_actions[pool]):
            self._say("that button belonged to an earlier position: nothing was done", "error")
            return False
        return self.choose(self._pool_actions[pool][i])

    def _choose_from_list(self) -> bool:
        if getattr(self, "_list_gen", None) != self._button_gen or self.more_actions.value is None:
            self._say("the list belonged to an earlier position: nothing was done", "error")
            return False
        return self.choose(self._list_actions[self.more_actions.value])

    def _render_chance(self, s, live: bool) -> None:
        g = self.game
        at_chance = live and g.current_player(s) == CHANCE and not self._autoplaying
        self.roll_button.disabled = not at_chance
        self.roll_button.layout.display = "" if at_chance else "none"
        self.outcome_button.disabled = not at_chance
        setup = at_chance and bool(self.setup_roll.value)
        self.outcome_box.layout.display = "flex" if setup else "none"
        if setup:
            outs = g.chance_outcomes(s)
            key = (len(self.history), id(s))
            if getattr(self, "_outcomes_key", None) != key:
                self._outcomes_key = key
                self._outcomes = [a for a, _ in outs]
                self.outcome_dropdown.options = [
                    (f"{g.action_label(s, a)}  ({fraction_text(q)})", i) for i, (a, q) in enumerate(outs)]
                self.outcome_dropdown.value = 0
        else:
            self._outcomes_key = None
            self._outcomes = []
            if self.outcome_dropdown.options:
                self.outcome_dropdown.options = []
        self.outcome_dropdown.disabled = not setup
        text = self._roll_text() if live else ""
        if self.dice_box.value != text:
            self.dice_box.value = text

    def _choose_outcome(self) -> bool:
        if self.outcome_dropdown.value is None or not self._outcomes:
            self._say("there is no roll or draw to set now (tick 'set up the roll myself' at a roll)",
                      "error")
            return False
        return self.choose(self._outcomes[self.outcome_dropdown.value])

    def _render_scores(self) -> None:
        g = self.game
        upto = self._position + 1
        viewer = self.viewer if self._masked else None
        cache = self._score_cache
        if cache.get("viewer", -99) != viewer or cache.get("game") is not g:
            cache.clear()
            cache.update(viewer=viewer, game=g, series=[])
        series = cache["series"]
        # the history only grows at its end or is cut back (undo, rewind, load): keep the
        # scores of the states that are still the same objects
        keep = 0
        for i in range(min(len(series), len(self.history))):
            if series[i][0] is not self.history[i]:
                break
            keep = i + 1
        del series[keep:]
        for x in self.history[len(series):upto]:
            series.append((x, tuple(g.scores(x if viewer is None else g.observation(x, viewer)))))
        shown = [sc for _, sc in series[:upto]]
        # nothing to show before a seat has points: no empty axes
        scored = any(isinstance(v, (int, float)) and not isinstance(v, bool) and v != 0
                     for sc in shown for v in sc)
        display = "" if scored else "none"
        if self.score_box.layout.display != display:
            self.score_box.layout.display = display
        traces = score_traces(self._names(), shown)
        # x is implied (x0=0, dx=1): only each seat's y list is validated and sent
        with self.score_chart.batch_update():
            for tr, t in zip(self.score_chart.data, traces):
                if tr.y is None or len(tr.y) != len(t["y"]) or list(tr.y) != t["y"]:
                    tr.y = t["y"]

    # ----------------------------------------------------------- board clicks ----
    def _on_board_click(self, trace, points, state) -> None:
        if not points.point_inds:
            return
        self._press(lambda: self._click(trace, points.point_inds[0]))

    def _click(self, trace, index: int) -> bool:
        data = trace.customdata
        key = None
        if data is not None and 0 <= index < len(data):
            key = data[index]
            if isinstance(key, (list, tuple)) and len(key) == 1:
                key = key[0]
        return self.click_place(key)

    def click_place(self, key: Any) -> bool:
        """What a click on the board place ``key`` does: choose the action of that place
        (``view.place_actions``) when it is a legal target now; else a message."""
        if self._autoplaying:
            self._say("autoplay is running: press stop before you choose", "error")
            return False
        if not self.live:
            self._say("you are reviewing the timeline: move it to the end to play", "error")
            return False
        places = getattr(self, "_places", {})
        try:
            hit = key in places
        except TypeError:
            hit = False
        if not hit:
            s = self.state
            if self.game.is_terminal(s):
                self._say("the game is over: " + self._result_text(s), "error")
            elif places:
                self._say("that place is not a legal choice now", "error")
            else:
                self._say("nothing on the board can be chosen now", "error")
            return False
        return self.choose(places[key])
