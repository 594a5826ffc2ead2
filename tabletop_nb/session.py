"""A game at the table, without widgets: the model that GameApp's panels draw.

A :class:`Session` is a game in progress: the game and its seats (people and bots), the
seeded dice and bot streams, the history of states and actions (a timeline whose position
may look back at an earlier state), the log in words, and the worker thread a bot thinks
in. Everything a person can do is a method; a method given bad input, or called when it
cannot be done (a bot's turn, the game over, autoplay running, an earlier position on
show), returns False (or 0 / None), puts the reason in :attr:`Session.message` and changes
nothing. Panels call :meth:`Session.subscribe` to hear when to draw again.

It imports neither ipywidgets nor plotly, so it runs and is tested from plain Python, as
Mesa separates a model from its views.

Examples
--------
>>> import tabletop_nb
>>> s = Session(tabletop_nb.load_game("pacal", players=2), seats=["human", "greedy"], seed=1)
>>> s.run()                       # the set-up draws, up to the person's first decision
0
>>> s.choose("no such move"), s.message[:14]
(False, 'illegal action')
>>> s.choose(s.choices()[0][0])
True
"""
from __future__ import annotations

import asyncio
import math
import numbers
from concurrent.futures import ThreadPoolExecutor
from typing import Any, Callable, Sequence

import numpy as np

from .core.bots import bot_name, resolve_bot
from .core.codec import to_plain
from .core.errors import IllegalActionError, TabletopError
from .core.protocol import CHANCE, TERMINAL, BaseGame
from .core.record import GameRecord, replay
from .core.runner import root_entropy, seat_streams, seed_sequence

__all__ = ["HUMAN", "History", "Refused", "Session"]

#: the seat spec of a person at the screen
HUMAN = "human"


class Refused(Exception):
    """A press that cannot be done now; its message is shown to the person.

    Raised inside a session's methods and caught there: the method returns False and
    the message becomes :attr:`Session.message`.

    Parameters
    ----------
    message : str
        Why it cannot be done, in words for the person.

    Examples
    --------
    >>> import tabletop_nb
    >>> s = Session(tabletop_nb.load_game("pebble_rock", players=2), seed=1)
    >>> s.undo(), s.message, s.message_kind      # a Refused inside, a message outside
    (False, 'nothing to undo', 'error')
    """


def _whole(value: Any) -> bool:
    """True for a whole number (an int or numpy integer, never a bool)."""
    return isinstance(value, numbers.Integral) and not isinstance(value, bool)


def check_seats(game, seats) -> list[Any]:
    """One seat spec per player (a person, a bot name or a callable bot), bot names checked.

    >>> import tabletop_nb
    >>> check_seats(tabletop_nb.load_game("pacal", players=2), None)
    ['human', 'random']
    """
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


def check_start(game, state) -> Any:
    """``state`` if play can go on from it in ``game``, else a TabletopError saying why."""
    if type(state) is not type(game.initial_state()):
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


class History:
    """The states of a game so far and how each was reached: a session's timeline.

    Action ``i`` leads from ``states[i]`` to ``states[i + 1]``; ``actors[i]`` took it (a
    seat or CHANCE), ``chosen[i]`` says whether it was an outcome chosen by hand, and
    ``streams[i]`` holds the generators' states before it, so the dice and bots replay
    the same way after going back. ``log[:log_marks[i]]`` is the log when ``states[i]``
    was reached.

    Parameters
    ----------
    states : list
        The states so far, the first state of the game first (usually that one alone).
    streams : list
        The generators' states at each of ``states`` (one entry per state).

    Examples
    --------
    >>> h = History(["start"], streams=[None])
    >>> h.append("next", "a", 0, False, None, ["1. a was taken"])
    >>> h.cut(0), h.states, h.log
    (None, ['start'], [])
    """

    def __init__(self, states: list, streams: list):
        self.states: list[Any] = states
        self.actions: list[Any] = []
        self.actors: list[int] = []
        self.chosen: list[bool] = []
        self.streams: list[Any] = streams
        self.log: list[str] = []
        self.log_marks: list[int] = [0]

    def append(self, state, action, actor: int, chosen: bool, streams, lines: list[str]) -> None:
        """Add an action, the state it led to, the streams' states after it and its log lines."""
        self.states.append(state)
        self.actions.append(action)
        self.actors.append(actor)
        self.chosen.append(chosen)
        self.streams.append(streams)
        self.log.extend(lines)
        self.log_marks.append(len(self.log))

    def cut(self, index: int) -> Any:
        """Keep ``states[:index + 1]``; returns the streams' states at that point."""
        del self.states[index + 1:]
        del self.actions[index:]
        del self.actors[index:]
        del self.chosen[index:]
        del self.streams[index + 1:]
        del self.log[self.log_marks[index]:]
        del self.log_marks[index + 1:]
        return self.streams[index]


class Session:
    """A game being played: state, history, seats, bots, log; no widgets.

    Parameters
    ----------
    game : Game
        From :func:`tabletop_nb.load_game`.
    seats : list, optional
        One per seat: ``"human"``, a bot name or a callable bot (default: a person in
        seat 0, random bots elsewhere).
    seed : int, SeedSequence or None
        Seeds the dice and each bot's stream as :func:`tabletop_nb.play` does.
    state : optional
        Start from this state (``game.position(...)``) instead of the initial one.
    reveal : bool
        Show everything; by default a person's seat sees its ``game.observation``.
    delay : float
        Seconds between actions in autoplay.
    chance_by_hand : bool
        At a roll or draw, wait for the outcome to be chosen (bots wait too).
    auto_bots : bool
        After a person acts, bots and dice play on by themselves (autoplay).

    Attributes
    ----------
    past : History
        The states so far and how each was reached; ``history``, ``actions``, ``actors``,
        ``chosen``, ``log`` and ``log_marks`` are its lists, ``state`` its last state.
    position : int
        The history index on show (the timeline); ``live`` when it is the last one.
    message, message_kind : str
        The last word to the person ("" when none) and its kind (info, error, ok).
    thinking : str
        "Red (search) is thinking" while a bot thinks in its worker thread.

    Examples
    --------
    A person against a greedy bot; the bot's moves and the dice are taken by ``run``:

    >>> import tabletop_nb
    >>> s = Session(tabletop_nb.load_game("pebble_rock", players=2), seats=["human", "greedy"], seed=1)
    >>> s.seats, s.live, s.position
    (['human', 'greedy'], True, 0)
    >>> s.run(), s.message        # the set-up draws, up to the person's first decision
    (6, 'waiting for Otter (you) to choose an action')
    >>> s.choose("Put the boat on space 38 (dock)"), s.log[-1]
    (True, '7. Otter puts the boat on space 38 (dock)')
    >>> s.run() > 0, s.message    # the bot and the dice until the person must act again
    (True, 'waiting for Otter (you) to choose an action')
    >>> s.undo(), len(s.history)  # back to just before the person's decision
    (True, 7)
    """

    def __init__(self, game, seats: Sequence[Any] | None = None, seed: Any = None, *,
                 state: Any = None, reveal: bool = False, delay: float = 0.6,
                 chance_by_hand: bool = False, auto_bots: bool = False):
        if not hasattr(game, "legal_actions") or not hasattr(game, "num_players"):
            raise TabletopError(f"a game from load_game is needed, got {game!r}")
        self.game = game
        self.seats = check_seats(game, seats)
        self.seed = seed_sequence(seed)
        self.reveal = bool(reveal)
        self.delay = float(delay)
        self.chance_by_hand = bool(chance_by_hand)
        self.auto_bots = bool(auto_bots)
        self.chance_rng, self.bot_rngs = seat_streams(self.seed, game.num_players)
        self.message = ""
        self.message_kind = "info"
        self.thinking = ""
        self.autoplaying = False
        self.task: asyncio.Task | None = None
        self._auto_gen = 0               # a new autoplay or a stop makes older loops quit
        self._executor: Any = None       # the thread a bot thinks in (made on first use)
        self._listeners: list[Callable[[str], Any]] = []
        self._quiet = False
        self.from_position = state is not None
        self._reset_history(game.initial_state() if state is None else check_start(game, state))

    # ---------------------------------------------------------- listening ----
    def subscribe(self, listener: Callable[[str], Any]) -> None:
        """Call ``listener(what)`` after every change: ``"message"`` (only the message),
        ``"state"`` (the history, position or a control) or ``"game"`` (another game or
        player count, after :meth:`load`)."""
        self._listeners.append(listener)

    def changed(self, what: str = "state") -> None:
        """Tell the listeners (not while :meth:`run` or :meth:`end_turn` take many steps)."""
        if self._quiet and what != "message":
            return
        for listener in list(self._listeners):
            listener(what)

    def say(self, text: str, kind: str = "info") -> None:
        """Put ``text`` in :attr:`message` (``kind``: info, error or ok)."""
        self.message, self.message_kind = text, kind
        self.changed("message")

    def _attempt(self, fn: Callable[[], Any]) -> bool:
        """Run ``fn``; a refusal or bad input becomes the message and False."""
        try:
            fn()
            return True
        except (Refused, TabletopError) as e:
            self.say(str(e), "error")
            return False
        except Exception as e:  # noqa: BLE001  (bad input from a person: a message, no traceback)
            self.say(f"that did not work, nothing was changed: {type(e).__name__}: {e}", "error")
            return False

    # -------------------------------------------------------------- seats ----
    @property
    def masked(self) -> bool:
        """True when the game hides something from a seat (it has an ``observation``)."""
        return type(self.game).observation is not BaseGame.observation

    def is_human(self, seat: int) -> bool:
        return 0 <= seat < len(self.seats) and self.seats[seat] == HUMAN

    def seat_label(self, seat: int) -> str:
        """"Player 1 (human)" / "Player 2 (greedy)": who sits in a seat."""
        spec = self.seats[seat]
        kind = "human" if spec == HUMAN else bot_name(spec)
        return f"{self.game.player_name(seat)} ({kind})"

    def names(self) -> list[str]:
        return [self.game.player_name(i) for i in range(self.game.num_players)]

    @property
    def viewer(self) -> int | None:
        """The seat whose eyes the board shows (None: everything is shown): the one
        person, or in a hot seat the person to act (else the last person who acted)."""
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
        for actor in reversed(self.actors[:self.position]):
            if actor in humans:
                return actor
        return humans[0]

    def watchers(self) -> list[int]:
        """The seats whose eyes are on the screen: every person of a hot seat, else the
        viewer; none when everything is shown."""
        if self.reveal or not self.masked:
            return []
        humans = [i for i, sp in enumerate(self.seats) if sp == HUMAN]
        return humans if len(humans) > 1 else ([self.viewer] if self.viewer is not None else [])

    def shown(self, state: Any) -> Any:
        """``state`` as the viewer may see it."""
        v = self.viewer
        if v is None or not self.masked:
            return state
        return self.game.observation(state, v)

    # ------------------------------------------------------------ history ----
    def _rng_snapshot(self):
        return (self.chance_rng.bit_generator.state, [r.bit_generator.state for r in self.bot_rngs])

    def _rng_restore(self, snap) -> None:
        self.chance_rng.bit_generator.state = snap[0]
        for r, st in zip(self.bot_rngs, snap[1]):
            r.bit_generator.state = st

    def _reset_history(self, initial) -> None:
        self.past = History([initial], streams=[self._rng_snapshot()])
        self.position = 0
        self.last_roll = ""
        self.last_chance: Any = None  # (state before, outcome, label, chosen) of the last roll
        self._events_cache: Any = None  # (state, its public event lines): one events() per step

    @property
    def history(self) -> list:
        """The states so far, the initial (or set-up) state first."""
        return self.past.states

    @property
    def actions(self) -> list:
        """The actions taken: action ``i`` led from ``history[i]`` to ``history[i + 1]``."""
        return self.past.actions

    @property
    def actors(self) -> list[int]:
        """Who took each action: a seat or CHANCE."""
        return self.past.actors

    @property
    def chosen(self) -> list[bool]:
        """Whether each action was an outcome chosen by hand."""
        return self.past.chosen

    @property
    def log(self) -> list[str]:
        """Every log line so far."""
        return self.past.log

    @property
    def log_marks(self) -> list[int]:
        """``log[:log_marks[i]]`` is the log when ``history[i]`` was reached."""
        return self.past.log_marks

    @property
    def state(self) -> Any:
        """The live state (the end of the history)."""
        return self.history[-1]

    @property
    def live(self) -> bool:
        """True when the position on show is the live state."""
        return self.position == len(self.history) - 1

    def push(self, state, action, actor: int, chosen: bool = False) -> None:
        """Append ``action`` (taken by ``actor``) and the state it led to; show it."""
        lines = self._log_lines(self.history[-1], state, action, actor, chosen)
        self.past.append(state, action, actor, chosen, self._rng_snapshot(), lines)
        self.position = len(self.history) - 1
        if not self._quiet:
            self.say("")
            self.changed()

    def _truncate(self, index: int) -> None:
        """Keep history[:index + 1]; the dice and bots resume from that point."""
        self._rng_restore(self.past.cut(index))
        self.position = index
        self.last_roll = ""
        self.last_chance = None
        self._events_cache = None

    def _check_live(self, what: str) -> None:
        if self.autoplaying:
            raise Refused(f"autoplay is running: press stop before you {what}")
        if not self.live:
            raise Refused(f"you are looking at action {self.position} of {len(self.history) - 1}: "
                          f"move the timeline to the end, or press 'play from here', to {what}")

    def undo(self) -> bool:
        """Go back to just before the last decision of a person (with bots only, one
        action back). The dice and bots replay the same way from there."""
        def go():
            if self.autoplaying:
                raise Refused("autoplay is running: press stop before you undo")
            if len(self.history) == 1:
                raise Refused("nothing to undo")
            people = [i for i, a in enumerate(self.actors) if a >= 0 and self.is_human(a)]
            target = people[-1] if people else len(self.actions) - 1
            self._truncate(target)
            self.say(f"undone: back to action {target}")
            self.changed()
        return self._attempt(go)

    def goto(self, index: int) -> bool:
        """Show history[index] (review an earlier position; the live state is kept)."""
        def go():
            if not _whole(index):
                raise Refused(f"the timeline position is a whole number, got {index!r}")
            self.position = max(0, min(int(index), len(self.history) - 1))
            self.changed()
        return self._attempt(go)

    def rewind(self, index: int | None = None) -> bool:
        """Drop every action after ``index`` (default: the position on show) and play on
        from there."""
        def go():
            if self.autoplaying:
                raise Refused("autoplay is running: press stop first")
            if index is not None and not _whole(index):
                raise Refused(f"the position to play on from is a whole number, got {index!r}")
            i = self.position if index is None else int(index)
            if not 0 <= i < len(self.history):
                raise Refused(f"no action {i}: the history has {len(self.history) - 1}")
            self._truncate(i)
            self.say(f"playing on from action {i}")
            self.changed()
        return self._attempt(go)

    # ------------------------------------------------------------ choices ----
    def legal_actions(self) -> list:
        """The legal actions of the live state (the chance outcomes at a chance node)."""
        s = self.state
        p = self.game.current_player(s)
        if p == TERMINAL:
            return []
        if p == CHANCE:
            return [a for a, _ in self.game.chance_outcomes(s)]
        return list(self.game.legal_actions(s))

    def person_to_act(self, state: Any) -> bool:
        """True when a person (not a bot, not the dice) is to act in ``state``."""
        p = self.game.current_player(state)
        return p >= 0 and self.is_human(p)

    def choices(self) -> list[tuple[Any, str]]:
        """The person's choices now, each with its label as the viewer reads it; none when
        no person is to act on the live state (or autoplay runs, or a position is reviewed)."""
        s = self.state
        if not self.live or self.autoplaying or not self.person_to_act(s):
            return []
        shown = self.shown(s)
        return [(a, str(self.game.action_label(shown, a))) for a in self.game.legal_actions(s)]

    def outcomes(self) -> list[tuple[Any, str, Any]]:
        """At a chance node of the live state: each (outcome, label, probability)."""
        s = self.state
        if self.game.current_player(s) != CHANCE:
            return []
        return [(a, str(self.game.action_label(s, a)), q) for a, q in self.game.chance_outcomes(s)]

    def match(self, action: Any, legal: list, state) -> Any:
        """The engine's own legal action that ``action`` (or its label) stands for, matched
        exactly by ``game.match_action``: a look-alike of another type is refused."""
        try:
            return self.game.match_action(state, action)
        except IllegalActionError:
            pass
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

    def choose(self, action: Any) -> bool:
        """Take ``action`` (or its label) for the person to act, or, at a chance node, use it
        as the outcome. False with the reason as the message when it cannot be taken."""
        def go():
            self._check_live("choose")
            s = self.state
            p = self.game.current_player(s)
            if p == TERMINAL:
                raise Refused("the game is over: " + self.result_text(s))
            if p == CHANCE:
                a = self.match(action, self.legal_actions(), s)
                self.push(self.game.apply_trusted(s, a), a, CHANCE, chosen=True)
                return
            if not self.is_human(p):
                raise Refused(f"it is {self.seat_label(p)}'s turn: press step or autoplay")
            a = self.match(action, self.game.legal_actions(s), s)
            self.push(self.game.apply_trusted(s, a), a, p)
        ok = self._attempt(go)
        if ok:
            self._after_person()
        return ok

    def roll(self) -> bool:
        """At a chance node: roll (or draw) with the seeded generator."""
        def go():
            self._check_live("roll")
            if self.game.current_player(self.state) != CHANCE:
                raise Refused("there is nothing to roll now")
            self._roll()
        ok = self._attempt(go)
        if ok:
            self._after_person()
        return ok

    def _roll(self) -> None:
        s = self.state
        a = self.game.sample_chance(s, self.chance_rng)
        self.push(self.game.apply_trusted(s, a), a, CHANCE)

    def _after_person(self) -> None:
        """After a person acted: bots carry on by themselves if asked to."""
        if self.auto_bots and not self.can_advance():
            self.autoplay()

    # ---------------------------------------------------------------- bots ----
    def _bot_for(self, p: int):
        spec = self.seats[p]
        return spec, resolve_bot(self.game, spec), self.game.observation(self.state, p)

    def _bot_failed(self, spec, p: int, e: BaseException) -> Refused:
        return Refused(f"bot {bot_name(spec)!r} in seat {p} failed: {type(e).__name__}: {e}")

    def _apply_bot(self, s, p: int, spec, a) -> None:
        try:
            s2 = self.game.apply(s, a)
        except IllegalActionError as e:
            raise Refused(f"bot {bot_name(spec)!r} in seat {p} chose an illegal action: {e}") from None
        except Exception as e:  # noqa: BLE001
            raise Refused(f"the {self.game.name} engine failed on {a!r} chosen by bot "
                          f"{bot_name(spec)!r}: {type(e).__name__}: {e}") from None
        self.push(s2, a, p)

    def _bot_move(self) -> None:
        s = self.state
        p = self.game.current_player(s)
        spec, bot, view = self._bot_for(p)
        try:
            a = bot(self.game, view, self.bot_rngs[p])
        except Exception as e:  # noqa: BLE001  (a buggy bot must not break the app)
            raise self._bot_failed(spec, p, e) from None
        self._apply_bot(s, p, spec, a)

    async def _bot_move_off_loop(self, gen: int) -> bool:
        """A bot's move thought out in a worker thread, so the kernel's loop (the page)
        keeps answering; the move is applied back here, on the loop. The bot works on a
        copy of its generator: a thought dropped by stop changes nothing.

        Returns False when the thought was dropped (stop pressed, or the state changed)."""
        s = self.state
        p = self.game.current_player(s)
        spec, bot, view = self._bot_for(p)
        own = self.bot_rngs[p]
        work = np.random.Generator(type(own.bit_generator)())
        work.bit_generator.state = own.bit_generator.state
        if self._executor is None:
            self._executor = ThreadPoolExecutor(max_workers=1, thread_name_prefix="tabletop-bot")
        limit = getattr(bot, "time_limit", None)
        self.thinking = f"{self.seat_label(p)} is thinking" + (
            f" (up to {limit:g} s)" if isinstance(limit, (int, float)) and limit else "")
        self.changed()
        try:
            fut = asyncio.get_running_loop().run_in_executor(self._executor, bot, self.game, view, work)
            try:
                a = await fut
            except asyncio.CancelledError:
                raise
            except Exception as e:  # noqa: BLE001
                raise self._bot_failed(spec, p, e) from None
        finally:
            self.thinking = ""
        if gen != self._auto_gen or self.state is not s:
            return False
        own.bit_generator.state = work.bit_generator.state
        self._apply_bot(s, p, spec, a)
        return True

    # ------------------------------------------------------- stepping on ----
    def can_advance(self) -> str:
        """"" when a step can be taken without a person, else the reason why not."""
        s = self.state
        p = self.game.current_player(s)
        if p == TERMINAL:
            return "the game is over: " + self.result_text(s)
        if p == CHANCE:
            if self.chance_by_hand:
                return "choose the outcome of the roll (or untick 'set up the roll myself')"
            return ""
        if self.is_human(p):
            return f"waiting for {self.game.player_name(p)} (you) to choose an action"
        return ""

    def _advance(self) -> None:
        why = self.can_advance()
        if why:
            raise Refused(why)
        if self.game.current_player(self.state) == CHANCE:
            self._roll()
        else:
            self._bot_move()

    def _advance_quiet(self) -> None:
        self._quiet = True
        try:
            self._advance()
        finally:
            self._quiet = False

    def step(self, outcome: Any = None) -> bool:
        """One action: a bot's move, or a roll at a chance node (with the outcome set up by
        hand: ``outcome``). Refused when a person must act. Waits for the bot."""
        def go():
            self._check_live("step")
            s = self.state
            if (self.game.current_player(s) == CHANCE and self.chance_by_hand
                    and outcome is not None):
                a = self.match(outcome, self.legal_actions(), s)
                self.push(self.game.apply_trusted(s, a), a, CHANCE, chosen=True)
            else:
                self._advance()
        return self._attempt(go)

    def step_soon(self, outcome: Any = None) -> Any:
        """The step button: a bot's move is thought out off the loop when one is running
        (:meth:`autoplay` of one step), else as :meth:`step`."""
        p = self.game.current_player(self.state)
        if p >= 0 and not self.is_human(p) and self.live and not self.autoplaying:
            try:
                asyncio.get_running_loop()
            except RuntimeError:
                return self.step(outcome)
            return self.autoplay(steps=1)
        return self.step(outcome)

    def _steps(self, n: int | None, turn_of: int | None, until_turn: bool) -> int:
        """Take steps without a person until ``n`` are taken, a person must act, the game
        ends, or (``until_turn``) a seat other than ``turn_of`` is to decide."""
        done = 0
        limit = getattr(self.game, "max_actions", 100_000)
        while (n is None or done < n) and done < limit:
            why = self.can_advance()
            if why:
                if not until_turn:
                    self.say(why)
                elif done == 0:
                    self.say(why, "error")
                break
            try:
                self._advance_quiet()
            except Refused as e:
                self.say(str(e), "error")
                break
            done += 1
            if until_turn:
                q = self.game.current_player(self.state)
                if q >= 0 and turn_of is not None and q != turn_of:
                    break
                if q >= 0 and turn_of is None:
                    turn_of = q
        self.changed()
        return done

    def run(self, n: int | None = None) -> int:
        """Take up to ``n`` steps at once (all with None), stopping where a person must
        act or the game ends. Returns the number of steps taken."""
        try:
            self._check_live("run")
            if n is not None and (not _whole(n) or n < 0):
                raise Refused(f"run takes a whole number of steps (or None for all), got {n!r}")
        except Refused as e:
            self.say(str(e), "error")
            return 0
        return self._steps(n, None, until_turn=False)

    def end_turn(self) -> int:
        """Let bots and dice act until a person must choose (or the game ends): the bots'
        turns are played through, however many there are. With no person at the table,
        until another seat's turn begins. Returns the number of actions taken."""
        try:
            self._check_live("play to the end of the turn")
        except Refused as e:
            self.say(str(e), "error")
            return 0
        if any(self.is_human(i) for i in range(self.game.num_players)):
            why = self.can_advance()
            if why:
                self.say(why, "error")
                return 0
            return self._steps(None, None, until_turn=False)
        p = self.game.current_player(self.state)
        seat = p if p >= 0 else next((a for a in reversed(self.actors) if a >= 0), None)
        return self._steps(None, seat, until_turn=True)

    # ------------------------------------------------------------ autoplay ----
    def autoplay(self, delay: float | None = None, steps: int | None = None):
        """Let bots and dice play on, one action every ``delay`` seconds, until a person
        must act, the game ends, ``steps`` actions were taken, or :meth:`stop`.

        An asyncio task on the running loop (the kernel's); a bot thinks in a worker thread.
        Returns the task; without a running loop the steps are taken at once (None)."""
        if delay is not None:
            try:
                d = float("nan") if isinstance(delay, bool) else float(delay)
            except (TypeError, ValueError, OverflowError):
                d = float("nan")
            if not math.isfinite(d) or d < 0:
                self.say(f"the delay is a number of seconds, 0 or more, got {delay!r}", "error")
                return None
            self.delay = d
        if steps is not None and (not _whole(steps) or steps < 1):
            self.say(f"steps is a whole number of actions, 1 or more, got {steps!r}", "error")
            return None
        if self.autoplaying:
            self.say("autoplay is already running")
            return self.task
        try:
            self._check_live("autoplay")
        except Refused as e:
            self.say(str(e), "error")
            return None
        why = self.can_advance()
        if why:
            self.say(why, "error")
            return None
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:
            n = self.run(steps)
            self.say(f"no event loop is running here, so autoplay took its {n} steps at once")
            return None
        return self._start_autoplay(loop, steps, "autoplay: press stop to pause" if steps is None else "")

    def _start_autoplay(self, loop, steps: int | None, note: str):
        self._auto_gen += 1
        self.autoplaying = True
        self.say(note)
        self.changed()
        self.task = loop.create_task(self._autoplay_loop(self._auto_gen, steps))
        return self.task

    async def _next(self, gen: int) -> bool:
        """One autoplay step; False when it was dropped (see :meth:`_bot_move_off_loop`)."""
        if self.game.current_player(self.state) == CHANCE:
            self._roll()
            return True
        return await self._bot_move_off_loop(gen)

    async def _autoplay_loop(self, gen: int, steps: int | None = None) -> None:
        done = 0
        try:
            while self.autoplaying and gen == self._auto_gen and (steps is None or done < steps):
                why = self.can_advance()
                if why:
                    self.say(why)
                    break
                try:
                    if not await self._next(gen):
                        break
                except Refused as e:
                    self.say(str(e), "error")
                    break
                except Exception as e:  # noqa: BLE001
                    self.say(f"{type(e).__name__}: {e}", "error")
                    break
                done += 1
                if steps is None or done < steps:
                    await asyncio.sleep(self.delay)
        finally:
            if gen == self._auto_gen:
                self.autoplaying = False
                self.task = None
                self.changed()

    def stop(self) -> None:
        """Stop autoplay (the state stays where it is); a bot's thought is dropped."""
        was, thinking = self.autoplaying, self.thinking
        self.autoplaying = False
        self._auto_gen += 1
        self.thinking = ""
        task, self.task = self.task, None
        if task is not None and not task.done():
            task.cancel()
        self.say(("stopped: the bot's thought is dropped" if thinking else "stopped") if was else "")
        self.changed()

    # ----------------------------------------------------------------- log ----
    def _log_lines(self, before, after, action, actor: int, chosen: bool) -> list[str]:
        """The log lines of ``action`` (numbered as the next one), from the game's events."""
        g = self.game
        step = len(self.history)
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
            self.last_chance = (before, action, label, chosen)
            if not lines:
                lines = [("outcome chosen: " if chosen else "roll: ") + label]
            elif chosen:
                lines = [f"(outcome chosen: {label})"] + lines
        elif not lines:
            lines = [f"{g.player_name(actor)}: {g.action_label(before, action)}"]
        return [f"{step}. {line}" for line in lines]

    def _public_events(self, after) -> list[str]:
        """The words for what happened that everyone watching may read (in a hot seat with
        hidden information, a line one person's observation does not give is left out)."""
        g = self.game
        watchers = self.watchers()
        if not watchers:
            return [str(e) for e in g.events(after)]
        seen = [[str(e) for e in g.events(g.observation(after, w))] for w in watchers]
        return [e for e in seen[0] if all(e in other for other in seen[1:])]

    def _chance_label(self, before, after, action) -> str:
        """The outcome's label, unless someone watching could not have seen it (a hidden draw)."""
        g = self.game
        label = g.action_label(before, action)
        watchers = self.watchers()
        if not watchers:
            return label
        other = next((a for a, _ in g.chance_outcomes(before) if a != action), None)
        if other is None:
            return label
        alt = g.apply_trusted(before, other)
        if any(g.observation(after, w) == g.observation(alt, w) for w in watchers):
            return "a hidden draw"
        return label

    def log_shown(self) -> list[str]:
        """The log as it stood at the position on show."""
        return self.log[:self.log_marks[self.position]]

    def result_text(self, s) -> str:
        """"Red wins (Red 12, Blue 9)"."""
        win = self.game.winners(s)
        names = ", ".join(self.game.player_name(i) for i in win)
        sc = ", ".join(f"{self.game.player_name(i)} {v}" for i, v in enumerate(self.game.scores(s)))
        return f"{names} {'win' if len(win) > 1 else 'wins'} ({sc})"

    # ------------------------------------------------------------- records ----
    def record(self) -> GameRecord:
        """The game so far as a :class:`GameRecord`, finished or in progress."""
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
                          meta={"source": "GameApp", "chosen_outcomes": sum(self.chosen)})

    def load(self, record: GameRecord | str | bytes) -> bool:
        """Open a :class:`GameRecord` (or its JSON text), finished or in progress: the
        history replays it and play goes on from its last state.

        A record of another game or player count is adopted (the seats stay when the
        player count is the same, else they come from the record; a bot this session does
        not know becomes a person). A record that does not load or replay is refused with
        the reason, and the session stays as it was."""
        before = dict(vars(self))   # the lists below are replaced, never changed in place
        old_game = self.game

        def go():
            if self.autoplaying:
                raise Refused("autoplay is running: press stop first")
            rec = record
            if isinstance(rec, (str, bytes)):
                rec = GameRecord.from_json(rec)
            if not isinstance(rec, GameRecord):
                raise Refused(f"load needs a GameRecord or its JSON text, got {type(rec).__name__}")
            if rec.game == self.game.name:
                game = self.game.with_plain_rules(rec.rules)
            else:
                from .games import load_game
                game = load_game(rec.game).with_plain_rules(rec.rules)
            states, actions = replay(game, rec, with_actions=True)
            notes = self._adopt(game, rec)
            self._reset_history(states[0])
            self.from_position = False
            self._quiet = True
            try:
                for after, a in zip(states[1:], actions):
                    self.push(after, a, game.current_player(self.history[-1]))
            finally:
                self._quiet = False
            done = "a finished game" if game.is_terminal(self.state) else "a game in progress"
            self.message = f"loaded a record of {len(actions)} actions ({done})" + notes
            self.message_kind = "ok"

        if not self._attempt(go):
            message = self.message
            vars(self).update(before)
            self.say(message, "error")
            return False
        switched = self.game.name != old_game.name or self.game.num_players != old_game.num_players
        self.changed("game" if switched else "state")
        self.changed("message")
        return True

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
            self.chance_rng, self.bot_rngs = seat_streams(self.seed, game.num_players)
            notes = f"; {game.num_players} seats from the record: " + ", ".join(
                "you" if b == HUMAN else bot_name(b) for b in seats)
            if unknown:
                notes += f" (unknown bots {', '.join(unknown)} became people)"
        elif other:
            for sp in self.seats:
                if sp != HUMAN:
                    resolve_bot(game, sp)  # the same seats must exist in the other game
        if other:
            notes = f"; this app now plays {game.name}" + notes
        self.game = game
        return notes
