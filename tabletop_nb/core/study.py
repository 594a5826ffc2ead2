"""The study machinery: many games of one or several settings, as one queue of jobs on any
executor, with progress and checkpoints.

``simulate``, ``compare_rules``, ``sweep``, ``skill_ladder``, ``balance`` and ``levers`` all
play through this module:

- a :class:`Job` is the games ``indices`` of one setting (a game, its bots, the run's seed)
  and where each finished chunk goes (``keep``); :func:`play_jobs` plays a list of them as
  one queue, so no worker waits at the end of one setting for the others;
- :class:`StudyRun` holds what a study has open while it plays (the executor and the pool it
  made, the :class:`Progress` bar, the checkpoint file) and closes all of it however the
  study ends; :meth:`StudyRun.play` plays requests (:class:`Request`: label, game, bots, games),
  taking games from the checkpoint where it has them and appending the new ones;
- :func:`check_bots`, :func:`check_count` and :func:`study_seed` check a study's arguments
  before any game is played; :func:`results_table` is ``simulate``'s table of the rows.

Game ``i`` of every job is played from ``SeedSequence(entropy, spawn_key=(i,))``
(:func:`~tabletop_nb.core.playout.game_seed`), so the same seed gives the same games on
every executor, and settings that play the same indices share their dice.
"""
from __future__ import annotations

import gc
import os
import sys
from concurrent.futures import Executor
from typing import Any, Callable, Iterable, Mapping, NamedTuple, Sequence

import numpy as np

from .bots import bot_name, resolve_bot
from .columns import COLUMNS
from .errors import HouseRuleError, TabletopError
from .playout import game_record, play_state, root_entropy, seat_bots, seed_sequence

__all__ = ["Job", "Request", "play_jobs", "StudyRun", "Progress", "open_executor", "default_pool",
           "check_bots", "check_count", "study_seed", "results_table", "PARALLEL_THRESHOLD",
           "GC_YOUNG_THRESHOLD", "BAR_OPTIONS"]


#: runs at least this long use a process pool by default (on a machine with >1 core)
PARALLEL_THRESHOLD = 2000

#: extra tqdm options (tests set ``mininterval=0`` and a ``file``)
BAR_OPTIONS: dict = {}

#: what a chunk of games gives back: (rows of simulate's COLUMNS, records or [])
Chunk = tuple[list, list]


class Job(NamedTuple):
    """Some games of one setting, to play in a queue with others (:func:`play_jobs`).

    Parameters
    ----------
    game : Game
        The game (its rules) to play.
    bots : list
        One bot (name or callable) per seat (:func:`check_bots`).
    entropy : int
        The run's seed: game ``i`` is played from ``SeedSequence(entropy, spawn_key=(i,))``.
    indices : sequence of int
        The games to play.
    keep : callable
        ``keep(chunk, n)`` with each finished chunk's ``(rows, records)`` and its number of
        games, in this process, as it arrives (it may raise KeyboardInterrupt: the stop button).

    Examples
    --------
    >>> import tabletop_nb
    >>> game = tabletop_nb.load_game("pacal", players=2)
    >>> rows = []
    >>> job = Job(game, ["random", "random"], 1, range(3), lambda chunk, n: rows.extend(chunk[0]))
    >>> play_jobs([job], "serial"), len(rows)     # not interrupted; one row per game and seat
    (False, 6)
    """

    game: Any
    bots: list
    entropy: int
    indices: Sequence[int]
    keep: Callable[[Chunk, int], None]


class Request(NamedTuple):
    """Games a study wants of one setting (:meth:`StudyRun.play`), under a label.

    Parameters
    ----------
    label : str
        The setting's name (its checkpoint label).
    game : Game
        The game with the setting's rules.
    bots : list
        One bot per seat.
    indices : sequence of int
        The games wanted (from the checkpoint where it has them).

    Examples
    --------
    >>> import tabletop_nb
    >>> Request("base", tabletop_nb.load_game("pacal", players=2), ["random"] * 2, range(4)).label
    'base'
    """

    label: str
    game: Any
    bots: list
    indices: Sequence[int]


#: the young-generation threshold of Python's cycle collector while a chunk of games is
#: played (see ``_run_chunk``); Python's default is 700
GC_YOUNG_THRESHOLD = 20_000


def _run_chunk(game, specs, entropy: int, indices: Sequence[int], keep_records: bool,
               max_actions: int | None):
    """Worker: play the games ``indices`` of a run; return (rows, records).

    The simulation runner's one setting for speed: while the chunk plays, the cycle
    collector's young threshold is at least :data:`GC_YOUNG_THRESHOLD`. A game makes many
    small states, tuples and actions that reference counting frees at once, yet every 700
    net allocations of containers the collector walks the young ones, and now and then
    the whole heap (a notebook's, or a forked worker's). Measured for issue 27 with
    ``gc.callbacks`` (greedy games, 4 players, 3.11): collections took 5.4% of Pebble
    Rock's time, 5.7% of Neko's and 2.1% of Pacal's with Python's default, and about 0%
    with this threshold. Collection never changes what is played (no engine or bot reads
    ``gc``, weak references or the ``id`` of a freed object); memory stays bounded, the
    collector still runs. The caller's threshold is back afterwards, also on an error or
    an interrupt. ``gc.set_threshold`` is public on every supported Python.
    """
    before = gc.get_threshold()
    gc.set_threshold(max(before[0], GC_YOUNG_THRESHOLD), *before[1:])
    try:
        return _play_chunk(game, specs, entropy, indices, keep_records, max_actions)
    finally:
        gc.set_threshold(*before)


def _play_chunk(game, specs, entropy: int, indices: Sequence[int], keep_records: bool,
                max_actions: int | None) -> Chunk:
    """The games ``indices`` of a run, played: (rows, records) (see :func:`_run_chunk`)."""
    rows: list = []
    records: list = []
    names = [bot_name(b) for b in specs]
    for i in indices:
        ss = np.random.SeedSequence(entropy, spawn_key=(i,))
        try:
            po = play_state(game, specs, ss, keep_records, max_actions, track_scores=True)
        except HouseRuleError as e:  # the chunk's finished games go with the error
            raise e.keeping((rows, records)).with_traceback(e.__traceback__) from None
        s, turns, decisions, chance, history = po.state, po.turns, po.decisions, po.chance, po.history
        assert history is not None and (po.actions is not None or not keep_records)
        scores = game.scores(s)
        ranks = game.ranks(s)
        win = set(game.winners(s))
        shared = len(win) > 1
        lead_changes, led_at_half = _lead_story(history, win)
        top = max(scores)
        tie_break = sum(1 for v in scores if v == top) > len(win)
        for seat in range(game.num_players):
            rows.append((i, entropy, str(i), seat, names[seat], scores[seat], ranks[seat],
                         seat in win, shared and seat in win, turns, decisions + chance,
                         lead_changes, led_at_half, tie_break))
        if keep_records:
            records.append(game_record(game, names, ss, po))
    return rows, records


def default_pool():
    """A local process pool with one worker per core (fork where it is safe, so bots defined
    in a notebook cell can be used; spawn on macOS and Windows).

    Returns
    -------
    concurrent.futures.ProcessPoolExecutor
        The caller shuts it down (:class:`StudyRun` does for the pools it opens).

    Examples
    --------
    >>> pool = default_pool()
    >>> pool.submit(sum, [1, 2, 3]).result()
    6
    >>> pool.shutdown()
    """
    import multiprocessing as mp
    from concurrent.futures import ProcessPoolExecutor
    # fork shares the parent's imports and lets bots defined in a notebook cell be used
    ctx = mp.get_context("fork") if "fork" in mp.get_all_start_methods() and sys.platform != "darwin" \
        else mp.get_context("spawn")
    return ProcessPoolExecutor(max_workers=os.cpu_count() or 1, mp_context=ctx)


def open_executor(executor: Any, games: int) -> tuple[Any, Any]:
    """Where a study's games run: ``(executor, the pool opened here or None)``.

    Parameters
    ----------
    executor : concurrent.futures.Executor, "serial", "processes" or None
        None: in this process for fewer than :data:`PARALLEL_THRESHOLD` games, else a local
        process pool on a multi-core machine. Any object with ``submit`` works (a Dask
        ``client.get_executor()``).
    games : int
        The games the study may play (for the default).

    Returns
    -------
    tuple
        The executor (or ``"serial"``) and the pool opened for the study (None when the
        caller gave its own): shut it down at the end (:class:`StudyRun` does).

    Examples
    --------
    >>> open_executor(None, 10)
    ('serial', None)
    """
    own_pool = None
    if executor is None:
        executor = "processes" if games >= PARALLEL_THRESHOLD and (os.cpu_count() or 1) > 1 else "serial"
    if executor == "processes":
        executor = own_pool = default_pool()
    elif executor != "serial" and not isinstance(executor, Executor) and not hasattr(executor, "submit"):
        raise TabletopError(f"executor must be a concurrent.futures.Executor, 'serial' or "
                            f"'processes', got {executor!r}")
    return executor, own_pool


def play_jobs(jobs: Iterable[Job], executor: Any, *, keep_records: bool = False,
              chunk_size: int | None = None, max_actions: int | None = None) -> bool:
    """Play several settings' games as one queue on ``executor``: no worker waits at the end
    of one setting for the others to finish theirs.

    Each chunk's ``(rows, records)`` goes to its job's ``keep`` as it arrives. On Ctrl-C (or
    a KeyboardInterrupt from a ``keep``) every chunk not started is cancelled, running ones
    are waited for and kept, nothing is left queued; a house rule's error keeps the games
    finished before it and is raised.

    Parameters
    ----------
    jobs : iterable of Job
        The games to play (jobs without games are skipped).
    executor : Executor or "serial"
        From :func:`open_executor`.
    keep_records : bool
        Also make each game's :class:`~tabletop_nb.core.record.GameRecord`.
    chunk_size : int, optional
        Games per chunk (default: guided, smaller towards the end).
    max_actions : int, optional
        As in :func:`~tabletop_nb.core.playout.play_state`.

    Returns
    -------
    bool
        True if interrupted.

    Examples
    --------
    >>> import tabletop_nb
    >>> game = tabletop_nb.load_game("pacal", players=2)
    >>> got = {}
    >>> jobs = [Job(game.with_rules(end_bonus=b), ["random"] * 2, 7, range(2),
    ...             lambda chunk, n, b=b: got.setdefault(b, []).extend(chunk[0])) for b in (0, 5)]
    >>> play_jobs(jobs, "serial"), sorted(got), [len(r) for r in got.values()]
    (False, [0, 5], [4, 4])
    """
    jobs = [Job(*j) for j in jobs if len(j[3])]
    if not jobs:
        return False
    try:
        if executor == "serial":
            for job in jobs:
                for idx in _split(job.indices, chunk_size or 1):
                    try:
                        result = _run_chunk(job.game, job.bots, job.entropy, idx, keep_records, max_actions)
                    except HouseRuleError as e:
                        _keep_finished(e, job.keep)
                        raise
                    job.keep(result, len(idx))
            return False
        workers = getattr(executor, "_max_workers", None) or os.cpu_count() or 1
        return _run_windowed(executor, _guided(jobs, workers, chunk_size), workers,
                             (keep_records, max_actions))
    except KeyboardInterrupt:
        return True


def check_count(games: Any, name: str = "games") -> int:
    """A number of games, checked: a non-negative whole number (a bool is not one).

    Parameters
    ----------
    games : int
        The number given.
    name : str
        Its argument's name, for the error.

    Returns
    -------
    int

    Examples
    --------
    >>> check_count(12)
    12
    >>> check_count(-1)
    Traceback (most recent call last):
    ...
    tabletop_nb.core.errors.TabletopError: games must be a non-negative whole number, got -1
    """
    if isinstance(games, bool) or not isinstance(games, (int, np.integer)) or games < 0:
        raise TabletopError(f"{name} must be a non-negative whole number, got {games!r}")
    return int(games)


def study_seed(seed: Any, checkpoint: Any = None) -> int:
    """The root seed of a run or study as an int; with ``seed=None`` and an existing
    checkpoint, the checkpoint's seed (so a resumed study plays the same games).

    Parameters
    ----------
    seed : int or None
        The seed given (None: fresh entropy).
    checkpoint : str or path, optional
        The study's checkpoint file.

    Returns
    -------
    int

    Examples
    --------
    >>> study_seed(7)
    7
    """
    if seed is None and checkpoint is not None:
        from .checkpoint import Checkpoint
        old = Checkpoint.read_key(checkpoint)
        if old is not None and isinstance(old.get("seed"), int):
            return old["seed"]
    ss = seed_sequence(seed)
    if ss.spawn_key:
        raise TabletopError("simulate needs a root seed (an int or None), not a spawned SeedSequence")
    return root_entropy(ss)


def check_bots(game: Any, bots: Any) -> tuple[list, list[str]]:
    """One bot per seat, each known to the game (an unknown name fails here, before any game
    is played, not in a worker), and their names.

    Parameters
    ----------
    game : Game
        The game.
    bots : str, callable or list
        As in :func:`~tabletop_nb.core.runner.simulate`.

    Returns
    -------
    tuple
        ``(bots per seat, names per seat)``.

    Examples
    --------
    >>> import tabletop_nb
    >>> check_bots(tabletop_nb.load_game("pacal", players=2), ["greedy", "random"])
    (['greedy', 'random'], ['greedy', 'random'])
    """
    specs = seat_bots(game, bots)
    for b in specs:
        resolve_bot(game, b)
    return specs, [bot_name(b) for b in specs]


def results_table(rows: list, game: Any, names: list, entropy: int, interrupted: bool = False):
    """``simulate``'s DataFrame from played rows: sorted by game and seat, with its attrs
    (``game_name``, ``players``, ``seed``, ``bots``, ``games``, ``interrupted``).

    Parameters
    ----------
    rows : list of tuple
        Rows of ``simulate``'s ``COLUMNS`` (a chunk's first part).
    game : Game
        The game played.
    names : list of str
        The bots' names per seat.
    entropy : int
        The run's seed.
    interrupted : bool
        Whether the run was stopped early.

    Returns
    -------
    pandas.DataFrame

    Examples
    --------
    >>> import tabletop_nb
    >>> game = tabletop_nb.load_game("pacal", players=2)
    >>> rows = []
    >>> _ = play_jobs([Job(game, ["random"] * 2, 5, range(3), lambda c, n: rows.extend(c[0]))], "serial")
    >>> results_table(rows, game, ["random"] * 2, 5).equals(
    ...     tabletop_nb.simulate(game, "random", games=3, seed=5, progress=False))
    True
    """
    import pandas as pd

    df = pd.DataFrame(rows, columns=list(COLUMNS))
    df = df.sort_values(["game", "seat"], kind="stable").reset_index(drop=True)
    done = df["game"].nunique() if len(df) else 0
    df.attrs.update({"game_name": game.name, "players": game.num_players, "seed": entropy,
                     "bots": list(names), "games": done, "interrupted": interrupted})
    return df


class StudyRun:
    """What a study has open while it plays: the executor (and the pool it opened), the
    progress bar and the checkpoint file; closed however the study ends.

    Use it as a context manager::

        with StudyRun(executor, games, progress, total, "pacal balance", entropy=root,
                      checkpoint=ck, loaded=ck.load(players)) as run:
            got, stopped = run.play([Request(label, game, bots, range(100))])

    Parameters
    ----------
    executor : Executor, "serial", "processes" or None
        As in :func:`open_executor`.
    games : int
        The games the study may play (chooses the default executor).
    progress : bool or callable
        A tqdm bar, a callback ``progress(done, total)``, or nothing (:class:`Progress`).
    total : int
        The games the bar counts to.
    desc : str
        The bar's title.
    entropy : int
        The study's seed (for :meth:`play`'s requests).
    checkpoint : Checkpoint, optional
        An opened study's file (:class:`~tabletop_nb.core.checkpoint.Checkpoint`): games
        played by :meth:`play` are appended to it.
    loaded : dict, optional
        Rows already in the checkpoint, ``{label: {game index: rows}}``:
        :meth:`play` takes games from it instead of playing them.
    initial : int
        Games already done when the bar starts.
    upto : bool
        The study may stop early (the bar says "up to ... left").

    Examples
    --------
    >>> import tabletop_nb
    >>> game = tabletop_nb.load_game("pacal", players=2)
    >>> with StudyRun("serial", 4, False, 4, "pacal", entropy=3) as run:
    ...     got, stopped = run.play([Request("a", game, ["random"] * 2, range(2)),
    ...                              Request("b", game.with_rules(end_bonus=0), ["random"] * 2, range(2))])
    >>> stopped, sorted(got), sorted(got["a"]), run.progress.done
    (False, ['a', 'b'], [0, 1], 4)
    """

    def __init__(self, executor: Any, games: int, progress: Any, total: int, desc: str, *, entropy: int,
                 checkpoint: Any = None, loaded: Mapping[str, Mapping[int, list]] | None = None,
                 initial: int = 0, upto: bool = False):
        self.entropy = int(entropy)
        self.checkpoint = checkpoint
        self.loaded: Mapping[str, Mapping[int, list]] = loaded or {}
        self.executor, self.own_pool = open_executor(executor, games)
        self.progress = Progress(progress, total, desc, initial=initial, upto=upto)

    def __enter__(self) -> "StudyRun":
        try:
            if self.checkpoint is not None:
                self.checkpoint.open()
        except BaseException:
            self.close()
            raise
        return self

    def __exit__(self, *exc: Any) -> None:
        self.close()

    def close(self) -> None:
        """Close the bar and the checkpoint file, and shut down the pool opened here."""
        self.progress.close()
        if self.checkpoint is not None:
            self.checkpoint.close()
        if self.own_pool is not None:
            self.own_pool.shutdown(wait=True, cancel_futures=True)
            self.own_pool = None

    def play_jobs(self, jobs: Iterable[Job], **options: Any) -> bool:
        """:func:`play_jobs` on this study's executor (True if interrupted)."""
        return play_jobs(jobs, self.executor, **options)

    def play(self, requests: Sequence[Request]) -> tuple[dict[str, dict[int, list]], bool]:
        """Play (or take from the checkpoint) the games of ``requests``, as one queue.

        Returns ``({label: {game index: rows}}, interrupted)``: the rows of every game
        finished (new games are appended to the checkpoint and counted on the bar as they
        arrive; games taken from the checkpoint count as done, not towards the speed).
        """
        got: dict[str, dict[int, list]] = {}
        jobs = []
        for label, game, bots, indices in requests:
            have = self.loaded.get(label, {})
            mine = got.setdefault(label, {})
            for i in indices:
                if i in have:
                    mine[i] = list(have[i])
            todo = [i for i in indices if i not in have]
            if todo:
                jobs.append(Job(game, list(bots), self.entropy, todo, self._keeper(label, mine)))
            self.progress.count_loaded(len(indices) - len(todo))
        return got, self.play_jobs(jobs)

    def _keeper(self, label: str, mine: dict[int, list]) -> Callable[[Chunk, int], None]:
        def keep(chunk: Chunk, n: int) -> None:
            for r in chunk[0]:
                mine.setdefault(r[0], []).append(r)
            if self.checkpoint is not None:
                self.checkpoint.append(label, chunk[0])
            self.progress.update(n)  # may raise KeyboardInterrupt from a callback: the stop button
        return keep


def _run_windowed(executor: Any, tasks: list, workers: int, tail: tuple) -> bool:
    """Run ``_run_chunk`` over ``tasks`` (``(head, indices, keep)``: the game, bots and
    entropy, the games of one chunk, where its result goes) on ``executor`` with at most
    a few chunks per worker submitted at a time, passing each result to its ``keep`` as
    it arrives.

    Submitting lazily keeps an interrupt cheap at any moment: on KeyboardInterrupt (while
    submitting, waiting, or from ``keep``) every chunk not started is cancelled, chunks
    already running are waited for and kept (a second Ctrl-C stops that wait), and nothing
    is left queued on the executor (a Dask cluster included). Returns True if interrupted.
    """
    from concurrent.futures import FIRST_COMPLETED, wait

    window = max(2, 2 * workers)
    todo = iter(tasks)
    pending: dict = {}

    def submit(task) -> None:
        head, idx, _ = task
        pending[executor.submit(_run_chunk, *head, idx, *tail)] = task

    try:
        for task in todo:
            submit(task)
            if len(pending) >= window:
                break
        while pending:
            done, _ = wait(list(pending), return_when=FIRST_COMPLETED)
            for fut in sorted(done, key=lambda f: pending[f][1][0]):
                _, idx, keep = pending.pop(fut)
                try:
                    result = fut.result()
                except HouseRuleError as e:
                    # a house rule failed in this chunk: keep its finished games and those
                    # of the chunks running now (as an interrupt does), then say so
                    _keep_finished(e, keep)
                    _drain(pending)
                    raise
                keep(result, len(idx))
                nxt = next(todo, None)
                if nxt is not None:
                    submit(nxt)
        return False
    except KeyboardInterrupt:
        _drain(pending)
        return True


def _drain(pending: dict) -> None:
    """Cancel the chunks not started, wait for the running ones and keep what they
    finished (a failed chunk keeps the games it finished before a house rule failed)."""
    from concurrent.futures import CancelledError

    for fut in pending:
        fut.cancel()
    try:
        for fut, (_, idx, keep) in list(pending.items()):
            if fut.cancelled():
                continue
            try:
                # exception() waits without raising the chunk's own error: a
                # KeyboardInterrupt here is a second Ctrl-C in this process
                err = fut.exception()
            except CancelledError:
                continue
            try:
                if isinstance(err, HouseRuleError):
                    _keep_finished(err, keep)
                elif err is None:
                    keep(fut.result(), len(idx))
                # else: a failed chunk (its bot was interrupted) is not kept
            except KeyboardInterrupt:
                pass
    except KeyboardInterrupt:  # a second Ctrl-C: stop waiting, cancel what is left
        for fut in pending:
            fut.cancel()
    pending.clear()


def _keep_finished(err: HouseRuleError, keep) -> None:
    """Pass the games a chunk finished before a house rule failed to ``keep`` (so a
    checkpoint saves them); nothing when there were none."""
    rows, records = err.finished or ([], [])
    if rows:
        keep((rows, records), len({r[0] for r in rows}))


def _lead_story(history: list, winners: set) -> tuple[int, bool]:
    """Lead changes (between sole leaders) and whether a winner led, or shared the lead, at half time."""
    changes, leader = 0, None
    for sc in history:
        top = max(sc)
        tops = [i for i, v in enumerate(sc) if v == top]
        if len(tops) == 1:
            if leader is not None and tops[0] != leader:
                changes += 1
            leader = tops[0]
    half = history[(len(history) - 1) // 2]
    top = max(half)
    return changes, any(half[w] == top for w in winners)


def _split(indices: Sequence[int], size: int) -> list[range]:
    """Chunks of at most ``size`` games over sorted game indices (runs of consecutive
    indices become ranges, so a resumed run with gaps hands out only the missing games)."""
    out: list[range] = []
    idx = sorted(indices)
    i = 0
    while i < len(idx):
        j = i
        while j + 1 < len(idx) and idx[j + 1] == idx[j] + 1 and j + 1 - i < size:
            j += 1
        out.append(range(idx[i], idx[j] + 1))
        i = j + 1
    return out


def _guided(jobs: Sequence[Job], workers: int, chunk_size: int | None) -> list[tuple]:
    """The chunks of ``jobs`` in order, as ``(head, indices, keep)``. Without a
    ``chunk_size``, each chunk is an eighth of a worker's share of the games still to hand
    out (at most 500): the first chunks as before, then smaller and smaller (down to a
    tenth of the first), so that at the end no worker idles long while another finishes
    one big chunk (guided scheduling)."""
    left = sum(len(j.indices) for j in jobs)
    first = max(1, min(500, left // (workers * 8)))
    least = max(1, first // 10)  # a floor: tiny chunks would cost more to hand out than to play
    tasks: list[tuple] = []
    for game, specs, entropy, indices, keep in jobs:
        idx = sorted(indices)
        i = 0
        while i < len(idx):
            size = chunk_size or max(least, min(first, left // (workers * 8)))
            part = idx[i:i + size]
            tasks.extend(((game, specs, entropy), r, keep) for r in _split(part, size))
            i += len(part)
            left -= len(part)
    return tasks


class Progress:
    """The progress of a run or a study: a tqdm bar that tells games per second and the
    time left (``upto``: at most that long, for a study that may stop early), or a
    callback ``progress(done, total)``. Works the same on every executor, since it counts
    games as their chunks come back to this process. Games already done when it starts
    (``initial``, from a checkpoint) count towards done but not towards the speed.

    Parameters
    ----------
    progress : bool or callable
        True: a tqdm bar; a callable: ``progress(done, total)`` after each chunk; False: nothing.
    total : int
        The games to count to.
    desc : str
        The bar's title.
    initial : int
        Games already done (from a checkpoint).
    upto : bool
        The run may stop early: the time left is "up to".
    clock : callable, optional
        The clock (``time.monotonic``; tests pass their own).

    Examples
    --------
    >>> p = Progress(False, 100, "toy", clock=lambda: 0.0)
    >>> p.status()
    '? games/s, time left unknown'
    >>> p.count_loaded(40); p.done, p.rate()
    (40, None)
    """

    def __init__(self, progress, total: int, desc: str, initial: int = 0, upto: bool = False,
                 clock=None):
        import time
        self.clock = clock or time.monotonic
        self.total, self.done, self.initial, self.upto = int(total), int(initial), int(initial), upto
        self.start = self.clock()
        self.callback = progress if callable(progress) else None
        self.bar = None
        if progress and self.callback is None:
            from tqdm.auto import tqdm
            opts = {"mininterval": 0.5, **BAR_OPTIONS}
            self.bar = tqdm(total=self.total, initial=self.done, desc=desc, unit="game", leave=False,
                            bar_format="{desc}: {percentage:3.0f}%|{bar}| {n_fmt}/{total_fmt} games "
                                       "[{elapsed}{postfix}]", postfix=self.status(), **opts)

    def rate(self) -> float | None:
        """Games per second since the start (None before the first game comes back)."""
        elapsed = self.clock() - self.start
        new = self.done - self.initial
        return new / elapsed if new > 0 and elapsed > 0 else None

    def left(self) -> float | None:
        """Seconds left at the current speed (None while the speed is unknown)."""
        r = self.rate()
        return None if r is None else max(0, self.total - self.done) / r

    def status(self) -> str:
        """E.g. "412 games/s, 0:12 left" ("up to 0:12 left" for a study that may stop early)."""
        r, left = self.rate(), self.left()
        if r is None:
            return "? games/s, time left unknown"
        speed = f"{r:.3g} games/s" if r < 100 else f"{r:.0f} games/s"
        return f"{speed}, {'up to ' if self.upto else ''}{_clock_text(left or 0.0)} left"

    def update(self, n: int) -> None:
        self.done += n
        if self.bar is not None:
            self.bar.set_postfix_str(self.status(), refresh=False)
            self.bar.update(n)
        if self.callback is not None:
            self.callback(self.done, self.total)  # may raise KeyboardInterrupt: the stop button

    def count_loaded(self, n: int) -> None:
        """``n`` games taken from a checkpoint: done, but not towards the speed."""
        if n <= 0:
            return
        self.done += n
        self.initial += n
        if self.bar is not None:
            self.bar.update(n)

    def set_total(self, total: int) -> None:
        """The games to count to, once known (a study that sizes its last part late)."""
        self.total = int(total)
        if self.bar is not None:
            self.bar.total = self.total

    def describe(self, text: str) -> None:
        """The bar's title (a study's plan, once made)."""
        if self.bar is not None:
            self.bar.set_description(text, refresh=True)

    def close(self) -> None:
        """Close the bar."""
        if self.bar is not None:
            self.bar.close()


def _clock_text(seconds: float) -> str:
    s = int(round(seconds))
    h, rest = divmod(s, 3600)
    m, s = divmod(rest, 60)
    return f"{h}:{m:02d}:{s:02d}" if h else f"{m}:{s:02d}"
