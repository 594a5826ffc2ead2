"""ReplayViewer: step through a recorded game (a GameRecord) on the game's board."""
from __future__ import annotations

import asyncio
from typing import Any

import ipywidgets as W

from ..core.errors import RecordError, TabletopError
from ..core.record import GameRecord
from ..core.bots import resolve_bot
from .gameapp import HUMAN, GameApp, _Refused

__all__ = ["ReplayViewer"]

_ONLY = "this viewer only replays the record: open it in GameApp (app.load(record)) to play on"


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
        self.back_button = W.Button(description="back", icon="step-backward")
        self.back_button.on_click(lambda b: self._press(self.back))
        self.forward_button = W.Button(description="forward", icon="step-forward")
        self.forward_button.on_click(lambda b: self._press(self.forward))
        self.autoplay_button.description = "play"
        for w in (self.actions_box, self.more_box, self.chance_box, self.undo_button,
                  self.rewind_button, self.step_button, self.end_turn_button, self.auto_bots):
            w.layout.display = "none"
        self.bot_box.children = [self.back_button, self.forward_button, self.autoplay_button,
                                 self.stop_button, self.speed]
        self.widget.remove_class("tabletop-gameapp")
        self.widget.add_class("tabletop-replay")
        self.goto(0)

    # playing on is GameApp's job
    def choose(self, action: Any) -> bool:
        self._say(_ONLY, "error")
        return False

    def roll(self) -> bool:
        return self.choose(None)

    def undo(self) -> bool:
        return self.choose(None)

    def rewind(self, index: int | None = None) -> bool:
        return self.choose(None)

    def end_turn(self) -> int:
        self.choose(None)
        return 0

    def _person_to_act(self, s) -> bool:
        return False

    def _can_advance(self) -> str:
        return "" if not self.live else "the end of the record"

    def _render(self) -> None:
        super()._render()
        if hasattr(self, "forward_button"):
            self.back_button.disabled = self._position == 0 or self._autoplaying
            self.forward_button.disabled = self.live or self._autoplaying
            self.autoplay_button.disabled = self.live or self._autoplaying
            self.timeline.disabled = self._autoplaying

    # ------------------------------------------------------------ moving ----
    def forward(self) -> bool:
        """One action forward on the timeline."""
        if self.live:
            self._say("this is the end of the record")
            return False
        self.goto(self._position + 1)
        return True

    def back(self) -> bool:
        """One action back on the timeline."""
        if self._position == 0:
            self._say("this is the start of the record")
            return False
        self.goto(self._position - 1)
        return True

    def step(self) -> bool:
        return self.forward()

    def run(self, n: int | None = None) -> int:
        """Move ``n`` actions forward at once (to the end with None)."""
        end = len(self.history) - 1
        target = end if n is None else min(end, self._position + int(n))
        done = target - self._position
        self.goto(target)
        return max(done, 0)

    def _advance(self) -> None:
        if not self.forward():
            raise _Refused("the end of the record")

    async def _autoplay_loop(self, gen: int, steps: int | None = None) -> None:
        try:
            taken = 0
            while self._autoplaying and gen == self._auto_gen and not self.live and \
                    (steps is None or taken < steps):
                self.goto(self._position + 1)
                taken += 1
                await asyncio.sleep(float(self.speed.value))
        finally:
            if gen == self._auto_gen:
                self._autoplaying = False
                self._task = None
                self._render()

    def autoplay(self, delay: float | None = None, steps: int | None = None):
        """Play the replay forward, one action every ``delay`` seconds (``steps`` actions at
        most; to the end of the record by default)."""
        if delay is not None:
            self.speed.value = float(delay)
        if self._autoplaying:
            return self._task
        if self.live:
            self._say("this is the end of the record: move the timeline back first")
            return None
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:
            if steps is None:
                self.run()
            else:
                for _ in range(steps):
                    if not self.forward():
                        break
            return None
        self._auto_gen += 1
        self._autoplaying = True
        self._render()
        self._task = loop.create_task(self._autoplay_loop(self._auto_gen, steps))
        return self._task

    def record(self) -> GameRecord:
        """The record shown."""
        return self.recorded
