"""ReplayViewer: step through a recorded game (a GameRecord) on the game's board."""
from __future__ import annotations

import asyncio
from typing import Any

import ipywidgets as W

from ..core.errors import RecordError, TabletopError
from ..core.record import GameRecord
from ..core.bots import resolve_bot
from ..session import HUMAN, Session
from .gameapp import GameApp
from .panels import press

__all__ = ["ReplayViewer"]

_ONLY = "this viewer only replays the record: open it in GameApp (app.load(record)) to play on"


class ReplaySession(Session):
    """A session that only moves along a recorded history: forward, back, play."""

    def _refuse(self, *args, **kwargs) -> bool:
        self.say(_ONLY, "error")
        return False

    choose = roll = undo = rewind = _refuse

    def end_turn(self) -> int:
        self._refuse()
        return 0

    def person_to_act(self, state) -> bool:
        return False

    def can_advance(self) -> str:
        return "" if not self.live else "the end of the record"

    def forward(self) -> bool:
        """One action forward on the timeline."""
        if self.live:
            self.say("this is the end of the record")
            return False
        return self.goto(self.position + 1)

    def back(self) -> bool:
        """One action back on the timeline."""
        if self.position == 0:
            self.say("this is the start of the record")
            return False
        return self.goto(self.position - 1)

    def step(self, outcome: Any = None) -> bool:
        return self.forward()

    step_soon = step

    def run(self, n: int | None = None) -> int:
        """Move ``n`` actions forward at once (to the end with None)."""
        end = len(self.history) - 1
        target = end if n is None else min(end, self.position + int(n))
        done = target - self.position
        self.goto(target)
        return max(done, 0)

    async def _next(self, gen: int) -> bool:
        return self.goto(self.position + 1)

    def autoplay(self, delay: float | None = None, steps: int | None = None):
        """Play the replay forward, one action every ``delay`` seconds (``steps`` actions at
        most; to the end of the record by default)."""
        if delay is not None:
            self.delay = float(delay)
        if self.autoplaying:
            return self.task
        if self.live:
            self.say("this is the end of the record: move the timeline back first")
            return None
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:
            self.run(steps)
            return None
        return self._start_autoplay(loop, steps, "")


class ReplayViewer(GameApp):
    """A recorded game on its board, with a timeline, back / forward, and "play".

    Parameters
    ----------
    game : Game
        The game the record is of (the record's own rules are used).
    record : GameRecord or its JSON text
    seat : int, optional
        Show the game as this seat saw it (hidden information masked); by default
        everything is shown.
    delay : float
        Seconds per action when playing the replay.

    Examples
    --------
    >>> # doctest: +SKIP
    >>> rec = tabletop_nb.play(game, "greedy", seed=3)
    >>> viewer = ReplayViewer(game, rec); viewer
    >>> viewer.goto(10); viewer.forward(); viewer.back()
    """

    _session_type = ReplaySession
    session: ReplaySession

    def __init__(self, game, record: GameRecord | str | bytes, *, seat: int | None = None,
                 delay: float = 0.4):
        if isinstance(record, (str, bytes)):
            record = GameRecord.from_json(record)
        if not isinstance(record, GameRecord):
            raise RecordError(f"ReplayViewer needs a GameRecord, got {type(record).__name__}")
        try:
            rgame = game.with_plain_rules(record.rules)
        except TabletopError as e:
            raise RecordError(f"the record's rules are not valid: {e}") from None
        seats = []
        for i in range(rgame.num_players):
            b = record.bots[i] if i < len(record.bots) else "random"
            if seat is not None and i == seat:
                seats.append(HUMAN)  # the seat whose eyes the board shows
                continue
            try:
                resolve_bot(rgame, b)
                seats.append(b)
            except TabletopError:
                seats.append("random")  # only a label here: nothing is played
        super().__init__(rgame, seats=seats, seed=0, delay=delay, reveal=seat is None)
        self.recorded = record
        if not self.load(record):
            raise RecordError(self.message)
        self._say("")
        ses = self.session
        self.back_button = W.Button(description="back", icon="step-backward")
        self.back_button.on_click(lambda b: press(ses, ses.back))
        self.forward_button = W.Button(description="forward", icon="step-forward")
        self.forward_button.on_click(lambda b: press(ses, ses.forward))
        self.autoplay_button.description = "play"
        for w in (self.actions_box, self.more_box, self.chance_box, self.undo_button,
                  self.rewind_button, self.step_button, self.end_turn_button, self.auto_bots):
            w.layout.display = "none"
        self.bot_box.children = [self.back_button, self.forward_button, self.autoplay_button,
                                 self.stop_button, self.speed]
        self.widget.remove_class("tabletop-gameapp")
        self.widget.add_class("tabletop-replay")
        self.goto(0)

    def render(self) -> None:
        super().render()
        if hasattr(self, "forward_button"):
            ses = self.session
            self.back_button.disabled = ses.position == 0 or ses.autoplaying
            self.forward_button.disabled = ses.live or ses.autoplaying
            self.autoplay_button.disabled = ses.live or ses.autoplaying

    def forward(self) -> bool:
        """One action forward on the timeline."""
        return self.session.forward()

    def back(self) -> bool:
        """One action back on the timeline."""
        return self.session.back()

    def record(self) -> GameRecord:
        """The record shown."""
        return self.recorded
