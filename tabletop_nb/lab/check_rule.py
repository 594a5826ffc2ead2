"""``check_rule``: does a house rule bite, and do the bots play it? The designer's first question.

A house rule is a subclass of a game that overrides some of its hooks
(:func:`tabletop_nb.hooks`). :func:`check_rule` plays seeded games of the variant, with
the invariants checked after every action, and answers in one report:

- **problems**: games that crash (the game's number, the record to replay, the traceback
  ending in the designer's code), games that never end, invariant breaks;
- **how often the rule bites**: each overridden hook of the variant is wrapped so that
  every call also asks the base game's hook with the same arguments; a call *bites* when
  the two values differ. The report gives the share of calls, of states and of games;
- **whether the bots follow it**: at each decision of each bot asked, the same bot is
  asked again about the same state, with a copy of the same random stream, playing the
  base game, and once more playing a *control* (a subclass of the base that changes
  nothing). A decision *changes* when the variant's choice differs from the base's. The
  control's changes must be exactly 0 (so 0 means 0: the comparison itself adds nothing);
  the figure that answers is the share of the decisions where the rule bites (a hook
  called during the decision differs) that change, by kind of decision;
- **main effects**: :func:`~tabletop_nb.lab.compare.compare_rules` of the base and the
  variant on the same seeds (greedy bots), with 95% intervals.

Game ``i`` of a check is game ``i`` of ``simulate(variant, bots, seed=seed)``: the same
dice and bot streams (:func:`tabletop_nb.core.runner.game_seed`), so any game the report
names can be replayed alone. The games are shared between two processes where the machine
has two cores (a forked helper takes pieces of work from the same list as this process) and
added up in the order one process plays them: the games, states, tallies and problems are
the same as from one process. Only the raw number of hook calls can differ by a few in a
thousand, as it does with the order of the games: a value a bot cached in an earlier game
of the same process is not asked again.

Examples
--------
>>> import tabletop_nb as tt
>>> from tabletop_nb.games.pacal import PacalGame
>>> class DoubleTakeover(PacalGame):
...     def district_gain(self, district, before, seat, added):
...         return 2 * super().district_gain(district, before, seat, added)
>>> base = tt.load_game("pacal", players=2)
>>> check = tt.check_rule(DoubleTakeover(base.rules), games=6, bots=("greedy",), effects=False)
>>> check.ok, check.control_changes
(True, 0)
>>> check.bites_games > 0
True
"""
from __future__ import annotations

import html
import importlib
import inspect
import math
import os
import sys
import time
import traceback
from dataclasses import dataclass, field
from typing import Any, Callable, Sequence

import numpy as np

from ..core.bots import resolve_bot
from ..core.codec import to_plain
from ..core.errors import TabletopError
from ..core.hooks import hooks
from ..core.protocol import CHANCE, TERMINAL, BaseGame
from ..core.record import GameRecord
from ..core.registry import load_game
from ..core.runner import game_seed, root_entropy, seat_streams

__all__ = ["check_rule", "RuleCheck", "Problem", "DEFAULT_GAMES", "DEFAULT_SEARCH_GAMES",
           "DEFAULT_SEARCH_BUDGET"]

#: seeded games the greedy bot plays by default (and the main effects' games per variant)
DEFAULT_GAMES = 200
#: seeded games the search bot plays by default (each decision is searched three times)
DEFAULT_SEARCH_GAMES = 2
#: the search bot's rollouts per decision in a check (``"search"`` means ``search:8``)
DEFAULT_SEARCH_BUDGET = 8
#: greedy games per piece of work shared between the processes (a search game is a piece
#: alone: it costs as much as some 30 greedy games)
CHUNK_GAMES = 10


@dataclass
class Problem:
    """One game that went wrong under the variant.

    Parameters
    ----------
    kind : str
        ``"crash"``, ``"endless"`` or ``"invariant"``.
    game : int
        The game's number (replay it alone with ``seed=game_seed(seed, game)``).
    bots : str
        The bot that played every seat.
    message : str
        What happened, one line.
    record : GameRecord
        The game up to the failure (a record in progress: ``replay(variant, record)``).
    where : str
        For a crash, the last line of the designer's code in the traceback
        (``file:line in function``), else "".
    traceback : str
        For a crash, the traceback, ending in the designer's code where it passes there.

    Examples
    --------
    >>> Problem("crash", 3, "greedy", "ZeroDivisionError: division by zero", None).kind
    'crash'
    """

    kind: str
    game: int
    bots: str
    message: str
    record: Any
    where: str = ""
    traceback: str = ""

    def line(self) -> str:
        """The problem in one line, with the game to replay."""
        at = f" at {self.where}" if self.where else ""
        return f"game {self.game} ({self.bots}): {self.kind}{at}: {self.message}"


class _Bites:
    """Counts of the wrapped hooks' calls and of those whose value differs from the base's."""

    def __init__(self, names: Sequence[str]):
        self.calls = dict.fromkeys(names, 0)
        self.differ = dict.fromkeys(names, 0)
        self.count = 0  # calls whose value differed, all hooks together

    def wrap(self, variant: Any, base: Any, name: str) -> Callable:
        mine = getattr(variant, name)
        theirs = getattr(base, name)
        calls, differ = self.calls, self.differ

        def both(*args: Any, **kwargs: Any) -> Any:
            value = mine(*args, **kwargs)
            calls[name] += 1
            try:
                ref = theirs(*args, **kwargs)
                same = bool(ref == value)
            except Exception:  # the base cannot answer the variant's question: it differs
                same = False
            if not same:
                differ[name] += 1
                self.count += 1
            return value

        both.__name__ = name
        both.__wrapped__ = mine  # type: ignore[attr-defined]
        return both

    def snapshot(self) -> tuple[dict, dict]:
        """The counts so far (to count one piece of work: :meth:`since`)."""
        return dict(self.calls), dict(self.differ)

    def since(self, snap: tuple[dict, dict]) -> tuple[dict, dict]:
        """The calls and differing calls since ``snap``, by hook."""
        calls, differ = snap
        return ({h: n - calls[h] for h, n in self.calls.items()},
                {h: n - differ[h] for h, n in self.differ.items()})


@dataclass
class _Tally:
    """One bot's decisions of one kind."""

    decisions: int = 0
    bites: int = 0
    changed: int = 0
    changed_bites: int = 0
    control: int = 0

    def add(self, other: "_Tally") -> None:
        self.decisions += other.decisions
        self.bites += other.bites
        self.changed += other.changed
        self.changed_bites += other.changed_bites
        self.control += other.control


def _decision_kind(game: Any, s: Any) -> str:
    """What kind of decision ``s`` waits for, in the game's own words."""
    name = game.name
    if name == "neko":
        from ..games.neko.analysis import decision
        d = decision(s)
        return d.kind if d is not None else "other"
    if name == "pacal":
        words = game.phase(s)
        return words.rsplit(" - ", 1)[-1] if " - " in words else words.split(":")[0]
    if name == "pebble_rock":
        from ..games.pebble_rock.analysis import pending
        f = pending(s)
        return s.phase if f is None else type(f).__name__
    return "decision"


def _invariants_of(game: Any) -> Callable | None:
    """The game package's ``invariants(game, s)``, or None if it has none."""
    try:
        mod = importlib.import_module(f"tabletop_nb.games.{game.name}")
    except ImportError:
        return None
    return getattr(mod, "invariants", None)


def _designer_files(cls: type, base_cls: type) -> set[str]:
    """The files where the variant's own methods (those the base does not have) are written."""
    out = set()
    for k in cls.__mro__:
        if k in base_cls.__mro__:
            break
        for f in vars(k).values():
            f = getattr(f, "__tt_override__", f)
            code = getattr(f, "__code__", None)
            if code is not None:
                out.add(code.co_filename)
    return out


def _crash_text(err: BaseException, files: set[str]) -> tuple[str, str]:
    """(where, traceback): the last frame in the designer's files, and the traceback cut
    just after it (the whole traceback when no frame is the designer's)."""
    frames = traceback.extract_tb(err.__traceback__)
    last = max((i for i, fr in enumerate(frames) if fr.filename in files), default=None)
    head = "Traceback (most recent call last):\n"
    tail = "".join(traceback.format_exception_only(type(err), err))
    if last is None:
        return "", head + "".join(traceback.format_list(frames[-8:])) + tail
    fr = frames[last]
    where = f"{fr.filename}:{fr.lineno} in {fr.name}"
    return where, head + "".join(traceback.format_list(frames[:last + 1])) + tail


def _record(game: Any, actions: list, ss: np.random.SeedSequence, spec: str) -> GameRecord:
    """A record in progress of the game so far (replay it with ``replay(variant, record)``)."""
    return GameRecord(game=game.name, rules=game.rules.to_plain(),
                      actions=tuple(to_plain(a) for a in actions),
                      seed={"entropy": root_entropy(ss), "spawn_key": [int(k) for k in ss.spawn_key]},
                      bots=(spec,) * game.num_players, meta={"check_rule": True})


#: a shadow bot that had no decision to take (see :func:`_shadow`)
_NO_CHOICE = object()


def _shadow(bot: Any, game: Any, s_own: Any, s_var: Any, p: int, kind: str,
            start: dict, rng: np.random.Generator, masked: bool) -> Any:
    """The choice of ``bot`` playing ``game`` (the base or the control) at the variant's
    decision: on ``game``'s own state when it is the same kind of decision of the same
    seat, else on the variant's state (the rule made a decision the base does not have:
    only the bot's valuation can differ there). Each try starts ``rng`` from ``start``, the
    state the variant's bot started from (so the same random numbers)."""
    for st in ((s_own, s_var) if s_own is not s_var else (s_var,)):
        try:
            if game.current_player(st) != p or _decision_kind(game, st) != kind:
                continue
            rng.bit_generator.state = start
            return bot(game, game.observation(st, p) if masked else st, rng)
        except Exception:  # the base cannot play the variant's position: try the next
            continue
    return _NO_CHOICE


def _step(game: Any, s_prev: Any, a: Any, fallback: Any) -> Any:
    """What ``game``'s engine makes of the variant's previous state and action; the
    variant's state itself when ``game`` does not allow that action there."""
    try:
        return game.apply(s_prev, a)
    except Exception:
        return fallback


class _Player:
    """Plays the check's games of one bot kind, with the shadows and the counts."""

    def __init__(self, variant: Any, base: Any, control: Any, spec: str, bites: _Bites,
                 inv: Callable | None, files: set[str], max_actions: int):
        self.variant, self.base, self.control = variant, base, control
        self.spec = spec
        self.bites = bites
        self.inv = inv
        self.files = files
        self.max_actions = max_actions
        self.tally: dict[str, _Tally] = {}
        self.problems: list[Problem] = []
        self.states = 0
        self.states_bitten = 0
        self.games_bitten = 0
        self.games = 0
        self.actions = 0

    def play(self, seed: int, index: int) -> None:
        v, base, control = self.variant, self.base, self.control
        ss = game_seed(seed, index)
        n = v.num_players
        chance_rng, rngs = seat_streams(ss, n)
        # the shadows' generators, set to the seat's stream before each shadow decision
        r_base, r_ctrl = (np.random.Generator(type(rngs[0].bit_generator)(0)) for _ in range(2))
        mine = [resolve_bot(v, self.spec) for _ in range(n)]
        # as simulate plays: a chance outcome and a trusted bot's choice (one of the legal
        # actions it was given) are applied without matching them against the legal ones
        trusted = [getattr(f, "trusted", False) for f in mine]
        theirs = [resolve_bot(base, self.spec) for _ in range(n)]
        ctrl = [resolve_bot(control, self.spec) for _ in range(n)]
        masked = type(v).observation is not BaseGame.observation
        bites = self.bites
        actions: list = []
        s = v.initial_state()
        # the base's own state: what its engine makes of the variant's previous state and
        # action (the first: its initial state). The control is asked about the same state:
        # its engine is the base's code (a subclass that changes nothing), so its own games
        # would be the base's; what it controls is the asking (another class, a fresh bot,
        # the copied stream), which must change no decision.
        s_base = base.initial_state()
        seen = bites.count  # differing hook calls up to the last decision
        bitten = False
        self.games += 1
        try:
            while True:
                at_node = bites.count
                p = v.current_player(s)
                if p == TERMINAL:
                    break
                if len(actions) >= self.max_actions:
                    self.problems.append(Problem(
                        "endless", index, self.spec,
                        f"did not end within {self.max_actions} actions (the variant overrides "
                        f"{', '.join(self.bites.calls) or 'no hook'})", _record(v, actions, ss, self.spec)))
                    return
                if p == CHANCE:
                    a = v.sample_chance(s, chance_rng)
                else:
                    rng = rngs[p]
                    start = rng.bit_generator.state  # the shadows replay the same stream
                    a = mine[p](v, v.observation(s, p) if masked else s, rng)
                    # the rule bites at this decision when a hook's value differed while the
                    # engine made this state (since the last decision) or while the bot chose
                    decided_bites = bites.count > seen
                    seen = bites.count
                    kind = _decision_kind(v, s)
                    b = _shadow(theirs[p], base, s_base, s, p, kind, start, r_base, masked)
                    c = _shadow(ctrl[p], control, s_base, s, p, kind, start, r_ctrl, masked)
                    t = self.tally.setdefault(kind, _Tally())
                    t.decisions += 1
                    changed = a != b
                    t.changed += changed
                    t.control += c != b
                    if decided_bites:
                        t.bites += 1
                        t.changed_bites += changed
                s_prev = s
                s = v.apply_trusted(s, a) if p == CHANCE or trusted[p] else v.apply(s, a)
                actions.append(a)
                s_base = _step(base, s_prev, a, s)
                self.states += 1
                if bites.count > at_node:  # a hook differed at this state (engine or bot)
                    self.states_bitten += 1
                    bitten = True
                if self.inv is not None:
                    broken = self.inv(v, s)
                    if broken:
                        self.problems.append(Problem(
                            "invariant", index, self.spec,
                            f"after action {len(actions)}: " + "; ".join(broken[:3]),
                            _record(v, actions, ss, self.spec)))
                        return
        except Exception as err:  # the designer's rule (or what it leads to) failed
            where, tb = _crash_text(err, self.files)
            msg = f"{type(err).__name__}: {err}".split("\n")[0]
            self.problems.append(Problem("crash", index, self.spec, msg,
                                         _record(v, actions, ss, self.spec), where, tb))
        finally:
            self.actions += len(actions)
            if bitten:
                self.games_bitten += 1


@dataclass
class _Part:
    """What one piece of work (some games of one bot) found, to add up in the pieces' order."""

    bot: str
    tally: dict
    problems: list
    states: int
    states_bitten: int
    games_bitten: int
    games: int
    calls: dict
    differ: dict
    cpu: float


def _pieces(bots: Sequence[str], games: int, search_games: int) -> list[tuple[str, range]]:
    """The check's games as pieces of work, in the order one process plays them: each bot's
    games in order, greedy ones :data:`CHUNK_GAMES` at a time, a search game alone."""
    out = []
    for bot in bots:
        n = search_games if bot == "search" else games
        step = 1 if bot.startswith("search") else CHUNK_GAMES
        out += [(bot, range(i, min(i + step, n))) for i in range(0, n, step)]
    return out


def _fork_context() -> Any:
    """The fork start method where it is safe (Linux), else None (play in one process):
    also None inside a pool's worker, which may not start processes of its own."""
    import multiprocessing as mp
    if sys.platform == "darwin" or "fork" not in mp.get_all_start_methods() \
            or mp.current_process().daemon:
        return None
    return mp.get_context("fork")


def _share_work(run: Callable[[int], _Part], costs: Sequence[float],
                processes: int) -> tuple[list, float]:
    """``[run(k) for k in range(len(costs))]``, with the pieces shared by this process and a
    forked helper when ``processes`` is 2: each takes the next piece not taken (a shared
    counter), the costliest first, so both finish at about the same time. Returns the
    parts in order and the helper's CPU seconds. A piece the helper took but did not send
    back (it died) is played here."""
    n = len(costs)
    ctx = _fork_context() if processes > 1 and n > 1 else None
    if ctx is None:
        return [run(k) for k in range(n)], 0.0
    order = sorted(range(n), key=lambda k: -costs[k])
    taken = ctx.Value("i", 0)

    def take() -> int | None:
        with taken.get_lock():
            i = taken.value
            taken.value += 1
        return order[i] if i < n else None

    recv, send = ctx.Pipe(duplex=False)

    def helper() -> None:
        done: dict = {}
        try:
            while (k := take()) is not None:
                done[k] = run(k)
        finally:
            send.send((done, time.process_time()))

    proc = ctx.Process(target=helper, daemon=True)
    proc.start()
    send.close()
    parts: list = [None] * n
    helper_cpu = 0.0
    try:
        while (k := take()) is not None:
            parts[k] = run(k)
        try:
            done, helper_cpu = recv.recv()
        except (EOFError, OSError):  # the helper died: its pieces are played below
            done = {}
        for k, part in done.items():
            parts[k] = part
    finally:
        recv.close()
        proc.join(timeout=5)
        if proc.is_alive():
            proc.terminate()
    for k in range(n):
        if parts[k] is None:
            parts[k] = run(k)
    return parts, helper_cpu


@dataclass
class RuleCheck:
    """What :func:`check_rule` found: problems, how often the rule bites, whether each bot
    follows it, and the main effects.

    Attributes
    ----------
    variant, base : str
        The classes compared (qualified names).
    game : str
        The game's name.
    players : int
        Seats.
    hooks : tuple of str
        The hooks the variant overrides (relative to the base).
    games : dict
        Games played by each bot.
    seed : int
        The seed (game ``i`` is ``game_seed(seed, i)``).
    problems : list of Problem
        Crashes, endless games and invariant breaks.
    calls, calls_differ : dict
        Each overridden hook's calls and those whose value differed from the base's.
    states, states_bitten, bites_games, games_played : int
        States reached, those where a hook's value differed, games where one did, games.
    tallies : dict
        ``{bot: {kind: counts}}`` of decisions.
    comparison : RuleComparison or None
        The main effects (:func:`compare_rules` of base and variant), or None.
    effects_note : str
        Why there are no main effects, when there are none.
    seconds : float
        How long the check took (wall clock).
    timings : dict
        CPU seconds spent on each bot's games (in both processes) and on the main effects.
    cpu_seconds : float
        The check's CPU time, both processes (less moved by a busy machine than ``seconds``).
    processes : int
        The processes that played the games (1 or 2).

    Examples
    --------
    >>> import tabletop_nb as tt
    >>> from tabletop_nb.games.pebble_rock import PebbleRockGame
    >>> class Same(PebbleRockGame):
    ...     def capacity(self, s, seat):
    ...         return super().capacity(s, seat)
    >>> check = tt.check_rule(Same(players=2), games=2, bots=("greedy",), effects=False)
    >>> check.bites_games, check.follow_share("greedy")
    (0, None)
    """

    variant: str
    base: str
    game: str
    players: int
    hooks: tuple
    games: dict
    seed: int
    problems: list = field(default_factory=list)
    calls: dict = field(default_factory=dict)
    calls_differ: dict = field(default_factory=dict)
    states: int = 0
    states_bitten: int = 0
    bites_games: int = 0
    games_played: int = 0
    tallies: dict = field(default_factory=dict)
    comparison: Any = None
    effects_note: str = ""
    seconds: float = 0.0
    other_overrides: tuple = ()
    timings: dict = field(default_factory=dict)
    cpu_seconds: float = 0.0
    processes: int = 1

    # -- figures ---------------------------------------------------------------------
    @property
    def ok(self) -> bool:
        """No crash, endless game or invariant break."""
        return not self.problems

    @property
    def control_changes(self) -> int:
        """Decisions where the do-nothing control chose differently from the base: must be 0."""
        return sum(t.control for kinds in self.tallies.values() for t in kinds.values())

    def follow_share(self, bot: str) -> float | None:
        """Share of ``bot``'s decisions where the rule bites that change (None: it never bites
        during one of its decisions).

        Parameters
        ----------
        bot : str
            A bot of the check ("greedy", "search").

        Returns
        -------
        float or None
        """
        kinds = self.tallies.get(bot, {})
        b = sum(t.bites for t in kinds.values())
        return None if not b else sum(t.changed_bites for t in kinds.values()) / b

    def changed_share(self, bot: str) -> float | None:
        """Share of all of ``bot``'s decisions that change (None: no decisions)."""
        kinds = self.tallies.get(bot, {})
        d = sum(t.decisions for t in kinds.values())
        return None if not d else sum(t.changed for t in kinds.values()) / d

    # -- tables ------------------------------------------------------------------------
    def bites(self) -> Any:
        """How often each overridden hook's value differs from the base's (pandas)."""
        import pandas as pd
        rows = [{"hook": h, "calls": self.calls.get(h, 0), "differ": self.calls_differ.get(h, 0),
                 "share": (self.calls_differ.get(h, 0) / self.calls[h]) if self.calls.get(h) else math.nan}
                for h in self.hooks]
        rows.append({"hook": "(states)", "calls": self.states, "differ": self.states_bitten,
                     "share": self.states_bitten / self.states if self.states else math.nan})
        rows.append({"hook": "(games)", "calls": self.games_played, "differ": self.bites_games,
                     "share": self.bites_games / self.games_played if self.games_played else math.nan})
        return pd.DataFrame(rows).set_index("hook")

    def decisions(self) -> Any:
        """Each bot's decisions by kind: how many, where the rule bites, how many change
        (all, and where it bites), and the control's changes (pandas)."""
        import pandas as pd
        rows = []
        for bot, kinds in self.tallies.items():
            for kind, t in sorted(kinds.items()):
                rows.append({"bot": bot, "kind": kind, "decisions": t.decisions, "bites": t.bites,
                             "changed": t.changed, "changed where it bites": t.changed_bites,
                             "share where it bites": t.changed_bites / t.bites if t.bites else math.nan,
                             "control changed": t.control})
        return pd.DataFrame(rows, columns=["bot", "kind", "decisions", "bites", "changed",
                                           "changed where it bites", "share where it bites",
                                           "control changed"])

    def problems_table(self) -> Any:
        """The problems, one row each (pandas)."""
        import pandas as pd
        return pd.DataFrame([{"kind": p.kind, "game": p.game, "bots": p.bots, "where": p.where,
                              "message": p.message, "actions": len(p.record.actions)}
                             for p in self.problems],
                            columns=["kind", "game", "bots", "where", "message", "actions"])

    def effects(self) -> Any:
        """The main effects: each metric's base and variant values and the paired difference
        with its 95% interval (pandas; empty without a comparison)."""
        import pandas as pd
        cols = ["metric", "base", "variant", "difference", "low", "high", "p_value", "significant"]
        if self.comparison is None:
            return pd.DataFrame(columns=cols)
        m = self.comparison.metrics
        base_label, label = self.comparison.labels[0], self.comparison.labels[1]
        rows = []
        for r in m[m.variant == label].itertuples():
            b = m[(m.variant == base_label) & (m.metric == r.metric)]
            rows.append({"metric": r.metric, "base": float(b.value.iloc[0]) if len(b) else math.nan,
                         "variant": r.value, "difference": r.diff, "low": r.diff_low,
                         "high": r.diff_high, "p_value": r.p_value, "significant": bool(r.significant)})
        return pd.DataFrame(rows, columns=cols)

    # -- words -------------------------------------------------------------------------
    def _pct(self, x: float | None) -> str:
        return "-" if x is None else f"{100 * x:.0f}%" if x >= 0.01 or x == 0 else f"{100 * x:.2g}%"

    def summary(self) -> str:
        """The answer in words, first line first: how often the rule bites and how often
        each bot follows it; then the problems, the control and the main effects."""
        g = self.games_played
        total_calls = sum(self.calls.values())
        total_differ = sum(self.calls_differ.values())
        head = (f"{self.variant} ({self.game}, {self.players} players, against {self.base}): "
                f"bites in {self._pct(self.bites_games / g if g else None)} of games "
                f"({self._pct(self.states_bitten / self.states if self.states else None)} of states, "
                f"{self._pct(total_differ / total_calls if total_calls else None)} of hook calls)")
        for bot in self.tallies:
            share = self.follow_share(bot)
            kinds = self.tallies[bot]
            nb = sum(t.bites for t in kinds.values())
            if share is None:
                head += f"; {bot}: the rule never bites during its decisions"
            else:
                head += (f"; {bot} changes its choice in {self._pct(share)} of the {nb} "
                         f"decisions where it bites")
        lines = [head + "."]
        lines.append(f"Hooks overridden: {', '.join(self.hooks) or 'none'}"
                     + (f" (also overridden, not hooks: {', '.join(self.other_overrides)})"
                        if self.other_overrides else "")
                     + "; games: " + ", ".join(f"{k} {v}" for k, v in self.games.items())
                     + f", seed {self.seed}.")
        for bot, kinds in self.tallies.items():
            parts = []
            for kind, t in sorted(kinds.items(), key=lambda kv: -kv[1].decisions):
                if t.bites:
                    parts.append(f"{kind} {t.changed_bites}/{t.bites}")
            if parts:
                lines.append(f"{bot}, changed decisions where the rule bites, by kind: "
                             + ", ".join(parts) + ".")
        if self.problems:
            kinds = {k: sum(1 for p in self.problems if p.kind == k)
                     for k in ("crash", "endless", "invariant")}
            lines.append("Problems: " + ", ".join(f"{n} {k}" for k, n in kinds.items() if n)
                         + ". First: " + self.problems[0].line())
        else:
            lines.append("No crash, endless game or invariant break.")
        c = self.control_changes
        lines.append(f"Control (a subclass that changes nothing): {c} changed decisions"
                     + ("." if c == 0 else ": the check itself is not sound here, report it."))
        if self.comparison is not None:
            eff = self.effects()
            sig = eff[eff.significant]
            if sig.empty:
                lines.append(f"Main effects ({self.comparison.games} games per variant, greedy): "
                             "no metric differs significantly at the 5% level.")
            else:
                lines.append(f"Main effects ({self.comparison.games} games per variant, greedy, "
                             "95% intervals): " + "; ".join(
                                 f"{r.metric} {r.base:.3g} -> {r.variant:.3g} ({r.difference:+.3g} "
                                 f"[{r.low:+.3g}, {r.high:+.3g}])" for r in sig.itertuples()) + ".")
        elif self.effects_note:
            lines.append(f"Main effects: {self.effects_note}")
        on = f" on {self.processes} processes" if self.processes > 1 else ""
        lines.append(f"({self.seconds:.1f} s{on}, {self.cpu_seconds:.1f} s of CPU: "
                     + ", ".join(f"{k} {v:.1f} s" for k, v in self.timings.items()) + ")")
        return "\n".join(lines)

    def _repr_html_(self) -> str:
        parts = [f"<p>{html.escape(line)}</p>" for line in self.summary().split("\n")]
        parts.append("<h4>How often the rule bites</h4>" + self.bites().to_html(float_format="%.3f"))
        parts.append("<h4>The bots' decisions</h4>"
                     + self.decisions().to_html(index=False, float_format="%.3f"))
        if self.problems:
            parts.append("<h4>Problems</h4>" + self.problems_table().to_html(index=False))
        if self.comparison is not None:
            parts.append("<h4>Main effects</h4>"
                         + self.effects().to_html(index=False, float_format="%.3f"))
        return "\n".join(parts)

    def __repr__(self) -> str:
        return f"<RuleCheck of {self.variant}>\n{self.summary()}"


def _base_of(variant: Any) -> Any:
    """The registered game class with the variant's rules."""
    try:
        printed = load_game(variant.name, players=variant.num_players)
    except TabletopError as err:
        raise TabletopError(f"check_rule: no registered game {variant.name!r} to compare with; "
                            f"pass base= ({err})") from None
    if not isinstance(variant, type(printed)):
        raise TabletopError(f"check_rule: {type(variant).__qualname__} is not a subclass of "
                            f"{type(printed).__qualname__}; pass base=")
    return type(printed)(variant.rules)


def _overrides(cls: type, base_cls: type) -> tuple[tuple, tuple]:
    """(hooks, other public methods) that ``cls`` defines differently from ``base_cls``."""
    names = hooks(base_cls).names
    found = tuple(h for h in names
                  if inspect.getattr_static(cls, h, None) is not inspect.getattr_static(base_cls, h, None))
    others = []
    for k in cls.__mro__:
        if k in base_cls.__mro__:
            break
        for name, f in vars(k).items():
            if not name.startswith("_") and callable(f) and name not in names and name not in others:
                others.append(name)
    return found, tuple(others)


def _bot_spec(bot: str, search_budget: int) -> str:
    return f"search:{search_budget}" if bot == "search" else bot


def check_rule(variant: Any, base: Any = None, *, games: int = DEFAULT_GAMES,
               bots: Sequence[str] = ("greedy", "search"), seed: int = 0,
               search_games: int = DEFAULT_SEARCH_GAMES,
               search_budget: int = DEFAULT_SEARCH_BUDGET, invariants: bool = True,
               effects: bool = True, max_actions: int | None = None,
               processes: int | None = None) -> RuleCheck:
    """Does a house rule bite, do the bots follow it, and does anything break?

    Plays ``games`` seeded games of ``variant`` with every seat greedy (and
    ``search_games`` with every seat the search bot), the invariants checked after each
    action; asks each bot's every decision again of the base game and of a do-nothing
    control on a copy of the same random stream; counts where the overridden hooks'
    values differ from the base's; and compares base and variant with
    :func:`compare_rules` on the same seeds. See the module for the definitions.

    Parameters
    ----------
    variant : Game
        A game of the house rule's class (a subclass of a registered game).
    base : Game, optional
        What to compare with: default the registered game's class with the variant's rules.
    games : int, default 200
        Seeded games for the greedy bot (and for each variant in the main effects).
    bots : sequence of str, default ("greedy", "search")
        The bots whose decisions are checked; ``"search"`` is ``search:<search_budget>``.
    seed : int, default 0
        Game ``i`` is game ``i`` of ``simulate(..., seed=seed)``.
    search_games : int, default 2
        Games for the search bot (its decisions are searched three times each).
    search_budget : int, default 8
        The search bot's rollouts per decision.
    invariants : bool, default True
        Check the game's invariants after every action.
    effects : bool, default True
        Run the main effects (skipped when a game crashed or did not end).
    max_actions : int, optional
        A game longer than this is reported as endless (default: the game's ``max_actions``).
    processes : int, optional
        1: play every game in this process; 2: share them with a forked helper process (on
        Linux; elsewhere one process). Default: 2 on a machine with two cores or more. The
        figures are the same either way (the raw hook call counts aside: see the module).

    Returns
    -------
    RuleCheck
        ``.summary()``, ``.bites()``, ``.decisions()``, ``.problems_table()``, ``.effects()``,
        and an HTML view in Jupyter.

    Examples
    --------
    >>> import tabletop_nb as tt
    >>> from tabletop_nb.games.neko import NekoGame
    >>> class CheapShips(NekoGame):
    ...     def ship_price(self, P):
    ...         return max(0, super().ship_price(P) - 1)
    >>> check = tt.check_rule(CheapShips(players=2), games=4, bots=("greedy",), effects=False)
    >>> check.hooks, check.control_changes
    (('ship_price',), 0)
    """
    t0, c0 = time.perf_counter(), time.process_time()
    if not isinstance(variant, BaseGame):
        raise TabletopError(f"check_rule needs a game (an instance of the house rule's class), "
                            f"got {variant!r}")
    if base is None:
        base = _base_of(variant)
    elif not isinstance(base, BaseGame) or base.name != variant.name \
            or base.num_players != variant.num_players:
        raise TabletopError("check_rule: base must be a game of the same name and players "
                            f"as the variant, got {base!r}")
    for name, n in (("games", games), ("search_games", search_games), ("search_budget", search_budget)):
        if isinstance(n, bool) or not isinstance(n, (int, np.integer)) or n < (1 if name != "search_games" else 0):
            raise TabletopError(f"check_rule: {name} must be a whole number of at least 1, got {n!r}")
    if isinstance(bots, str):
        bots = (bots,)
    base_cls = type(base)
    hook_names, others = _overrides(type(variant), base_cls)
    control_cls = type(f"{base_cls.__name__}Control", (base_cls,),
                       {"__module__": __name__, "__doc__": "Changes nothing (check_rule's control)."})
    control = control_cls(base.rules)
    # a fresh game of the variant's class, its overridden hooks wrapped to ask the base too
    v = type(variant)(variant.rules)
    twin = base_cls(base.rules)
    counts = _Bites(hook_names)
    for h in hook_names:
        setattr(v, h, counts.wrap(v, twin, h))
    inv = _invariants_of(v) if invariants else None
    files = _designer_files(type(variant), base_cls)
    limit = int(max_actions) if max_actions else int(getattr(variant, "max_actions", 100_000))
    result = RuleCheck(variant=type(variant).__qualname__, base=base_cls.__qualname__,
                       game=variant.name, players=variant.num_players, hooks=hook_names,
                       games={}, seed=int(seed), other_overrides=others)
    for bot in bots:
        resolve_bot(v, _bot_spec(bot, search_budget))  # an unknown bot is refused before any game
    if processes is None:
        processes = 2 if (os.cpu_count() or 1) > 1 else 1
    elif isinstance(processes, bool) or processes not in (1, 2):
        raise TabletopError(f"check_rule: processes is 1 or 2, got {processes!r}")
    pieces = _pieces(bots, games, search_games)

    def run(k: int) -> _Part:
        bot, indices = pieces[k]
        c1 = time.process_time()
        snap = counts.snapshot()
        pl = _Player(v, base, control, _bot_spec(bot, search_budget), counts, inv, files, limit)
        for i in indices:
            pl.play(int(seed), i)
        calls, differ = counts.since(snap)
        return _Part(bot, pl.tally, pl.problems, pl.states, pl.states_bitten, pl.games_bitten,
                     pl.games, calls, differ, time.process_time() - c1)

    # a search game's decisions are searched three times: it costs some 30 greedy games
    costs = [len(ix) * (30.0 if b == "search" else 1.0) for b, ix in pieces]
    parts, helper_cpu = _share_work(run, costs, processes)
    result.processes = processes if _fork_context() is not None and len(pieces) > 1 else 1
    for bot in bots:
        result.games[bot] = 0
        result.tallies[bot] = {}
        result.timings[bot] = 0.0
    total_calls = dict.fromkeys(hook_names, 0)
    total_differ = dict.fromkeys(hook_names, 0)
    for part in parts:  # in the order one process plays them: the same report
        tallies = result.tallies[part.bot]
        for kind, tally in part.tally.items():
            tallies.setdefault(kind, _Tally()).add(tally)
        result.games[part.bot] += part.games
        result.timings[part.bot] += part.cpu
        result.problems += part.problems
        result.states += part.states
        result.states_bitten += part.states_bitten
        result.bites_games += part.games_bitten
        result.games_played += part.games
        for h in hook_names:
            total_calls[h] += part.calls[h]
            total_differ[h] += part.differ[h]
    result.calls, result.calls_differ = total_calls, total_differ
    if effects:
        if any(p.kind in ("crash", "endless") for p in result.problems):
            result.effects_note = "not run: fix the crashes and endless games first."
        else:
            from .compare import compare_rules
            c1 = time.process_time()
            result.comparison = compare_rules({"base": base, "variant": variant}, bots="greedy",
                                              games=games, seed=seed, progress=False,
                                              executor="serial")
            result.timings["effects"] = time.process_time() - c1
    result.seconds = time.perf_counter() - t0
    result.cpu_seconds = time.process_time() - c0 + helper_cpu
    return result
