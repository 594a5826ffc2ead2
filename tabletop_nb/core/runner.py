"""Playing games: one (``play``) or many (``simulate``), reproducibly.

Seeds follow SPEC 7: game ``i`` of a run with seed ``S`` is played from
``np.random.SeedSequence(S, spawn_key=(i,))``, whose children drive the dice (one stream)
and each seat's bot (one stream per seat). The entropy and spawn key are written in every
row, so any single game of a big run can be replayed alone, and variants of the rules
that play the same seeds see the same dice as far as their games agree.
"""
from __future__ import annotations

import gc
import os
import sys
import warnings
from concurrent.futures import Executor
from typing import Any, NamedTuple, Sequence

import numpy as np

from .bots import bot_name, resolve_bot
from .codec import to_plain
from .columns import COLUMNS
from .errors import HouseRuleError, IllegalActionError, TabletopError
from .hooks import _name
from .protocol import CHANCE, TERMINAL, BaseGame
from .record import GameRecord

__all__ = ["play", "simulate", "seed_sequence", "game_seed", "seat_streams", "play_state", "Playout",
           "COLUMNS"]


#: runs at least this long use a process pool by default (on a machine with >1 core)
PARALLEL_THRESHOLD = 2000


def seed_sequence(seed: Any = None) -> np.random.SeedSequence:
    """A SeedSequence from an int, None (fresh entropy) or a SeedSequence.

    Parameters
    ----------
    seed : int, None or numpy.random.SeedSequence
        A non-negative integer, None for fresh entropy, or a SeedSequence (returned as is).

    Returns
    -------
    numpy.random.SeedSequence

    Examples
    --------
    >>> seed_sequence(7).entropy
    7
    """
    if isinstance(seed, np.random.SeedSequence):
        return seed
    if seed is None or (isinstance(seed, (int, np.integer)) and not isinstance(seed, bool) and seed >= 0):
        return np.random.SeedSequence(None if seed is None else int(seed))
    raise TabletopError(f"a seed is a non-negative integer, None or a numpy SeedSequence, got {seed!r}")


def game_seed(seed: int, index: int) -> np.random.SeedSequence:
    """The seed of game ``index`` in a ``simulate(..., seed=seed)`` run.

    Parameters
    ----------
    seed : int
        The run's seed.
    index : int
        The game's number in the run (its ``game`` column).

    Returns
    -------
    numpy.random.SeedSequence
        Pass it to ``play(game, bots, seed=...)`` to replay that one game alone.

    Examples
    --------
    >>> game_seed(1, 3).spawn_key
    (3,)
    """
    return np.random.SeedSequence(seed, spawn_key=(index,))


def seat_streams(ss: np.random.SeedSequence, players: int):
    """The random streams of one game: (chance Generator, [one bot Generator per seat]).

    ``play``, ``simulate`` and GameApp all use these, so the same seed gives the same game
    wherever it is played.

    Parameters
    ----------
    ss : numpy.random.SeedSequence
        The game's seed.
    players : int
        The seat count.

    Returns
    -------
    tuple
        ``(chance Generator, [bot Generator per seat])``.

    Examples
    --------
    >>> import numpy as np
    >>> chance, bots = seat_streams(np.random.SeedSequence(1), 3)
    >>> again, _ = seat_streams(np.random.SeedSequence(1), 3)
    >>> len(bots), int(chance.integers(1000)) == int(again.integers(1000))   # same seed, same rolls
    (3, True)
    """
    # children built from (entropy, spawn_key) directly, so calling twice gives the same
    # streams (SeedSequence.spawn would count its calls)
    kids = [np.random.SeedSequence(ss.entropy, spawn_key=tuple(ss.spawn_key) + (k,))
            for k in range(players + 1)]
    return np.random.default_rng(kids[0]), [np.random.default_rng(k) for k in kids[1:]]


def _bots_for(game, bots) -> list:
    n = game.num_players
    if isinstance(bots, (str, bytes)) or callable(bots):
        specs = [bots] * n
    else:
        specs = list(bots)
        if len(specs) != n:
            raise TabletopError(f"{game.name} with {n} players needs {n} bots, got {len(specs)}")
    return specs


class Playout(NamedTuple):
    """What one played game leaves behind (see :func:`play_state`).

    Parameters
    ----------
    state : object
        The final state.
    actions : list or None
        Every action, chance outcomes included (None unless kept).
    decisions, chance : int
        How many decisions and chance outcomes were played.
    turns : int
        The game's turn count.
    history : list or None
        With ``track_scores``: the scores at the start of each turn, and at the end.

    Examples
    --------
    >>> import numpy as np, tabletop_nb
    >>> from tabletop_nb.core.bots import resolve_bot
    >>> game = tabletop_nb.load_game("pacal", players=2)
    >>> po = play_state(game, [resolve_bot(game, "random")] * 2, np.random.SeedSequence(1))
    >>> game.is_terminal(po.state), len(po.actions) == po.decisions + po.chance
    (True, True)
    """

    state: Any
    actions: list | None
    decisions: int
    chance: int
    turns: int
    history: list | None  # scores at the start of each turn, and at the end


def play_state(game, bots, ss: np.random.SeedSequence, keep_actions: bool = True,
               max_actions: int | None = None, track_scores: bool = False) -> Playout:
    """Play one game from ``ss``; return the final state and counts.

    This is the hot loop of every simulation: no records, no encoding, no copies. With
    ``track_scores`` the scores are taken at the start of every turn (for lead changes).

    Parameters
    ----------
    game : Game
        The game.
    bots : list of callable
        One bot per seat.
    ss : numpy.random.SeedSequence
        The game's seed (see :func:`seat_streams`).
    keep_actions : bool, default True
        Keep the list of actions (for a record).
    max_actions : int, optional
        A game still running after this many actions raises ``TabletopError`` (an engine
        that never ends); default: the game's ``max_actions``, else 100,000.
    track_scores : bool, default False
        Keep the scores at each turn's start in ``history``.

    Returns
    -------
    Playout
        The final state and counts.

    Examples
    --------
    >>> import numpy as np, tabletop_nb
    >>> from tabletop_nb.core.bots import resolve_bot
    >>> game = tabletop_nb.load_game("pacal", players=2)
    >>> po = play_state(game, [resolve_bot(game, "random")] * 2, np.random.SeedSequence(1),
    ...                 track_scores=True)
    >>> po.history[0], po.history[-1] == game.scores(po.state)
    ((0, 0), True)
    """
    specs = _bots_for(game, bots)
    funcs = [resolve_bot(game, b) for b in specs]
    trusted = [getattr(f, "trusted", False) for f in funcs]
    chance_rng, bot_rngs = seat_streams(ss, game.num_players)
    masked = type(game).observation is not BaseGame.observation
    limit: int = max_actions if max_actions else getattr(game, "max_actions", 100_000)
    current, sample, apply_trusted = game.current_player, game.sample_chance, game.apply_trusted
    actions: list | None = [] if keep_actions else None
    decisions = chance = turns = 0
    last = None
    history: list | None = [] if track_scores else None
    in_bot = False
    try:
        s = game.initial_state()
        while True:
            p = current(s)
            if p == TERMINAL:
                break
            if decisions + chance >= limit:
                raise _endless(game, limit, ss)
            if p == CHANCE:
                a = sample(s, chance_rng)
                s = apply_trusted(s, a)
                chance += 1
            else:
                view = game.observation(s, p) if masked else s
                in_bot = True  # (a bot's own error is not the house rule's)
                a = funcs[p](game, view, bot_rngs[p])
                in_bot = False
                if trusted[p]:
                    s = apply_trusted(s, a)
                else:
                    try:
                        s = game.apply(s, a)
                    except IllegalActionError as e:
                        raise IllegalActionError(a, e.legal, f"chosen by bot {bot_name(specs[p])!r} "
                                                 f"in seat {p}") from None
                decisions += 1
                if p != last:
                    turns += 1
                    last = p
                    if history is not None:
                        history.append(game.scores(s))
            if actions is not None:
                actions.append(a)
    except HouseRuleError as e:
        if e.game:
            raise
        raise e.in_game(_which_game(ss)).with_traceback(e.__traceback__) from None
    except (TabletopError, KeyboardInterrupt):
        raise
    except Exception as e:
        rule = None if in_bot else _house_rule(game)
        if rule is None:
            raise
        raise HouseRuleError(
            f"{game.name} under the house rule {rule} raised {type(e).__name__}: {e} (the "
            f"house rule is the likely cause; the traceback above ends where it happened)",
            hook="", owner=_name(type(game)), game=_which_game(ss)) from e
    counted = game.turn_count(s)
    if history is not None:
        history.append(game.scores(s))
    return Playout(s, actions, decisions, chance, turns if counted is None else counted, history)


def _meta(game: Any, turns: int, decisions: int, chance: int) -> dict:
    """A record's ``meta``: the counts and, for a house rule, its class and the digests of
    its methods (:func:`.hooks.class_identity`), so that replaying it on another class is
    refused with the reason."""
    meta: dict = {"turns": turns, "decisions": decisions, "chance": chance}
    from .hooks import class_identity
    ident = class_identity(game)
    if ident is not None:
        meta["house_rule"] = ident
    return meta


def _which_game(ss: np.random.SeedSequence) -> str:
    """A game of a run in words, with the call that replays it alone."""
    key = tuple(int(k) for k in ss.spawn_key)
    if len(key) == 1:
        return (f"game {key[0]} of the run with seed {ss.entropy}: replay it alone with "
                f"tabletop_nb.play(game, bots, seed=tabletop_nb.core.runner.game_seed({ss.entropy}, "
                f"{key[0]}))")
    if not key:
        return f"the game with seed {ss.entropy}: replay it with tabletop_nb.play(game, bots, seed={ss.entropy})"
    return (f"the game with seed {ss.entropy}, spawn key {key}: replay it with tabletop_nb.play("
            f"game, bots, seed=numpy.random.SeedSequence({ss.entropy}, spawn_key={key}))")


def _house_rule(game: Any) -> str | None:
    """``"Cls (overriding capacity, _i_meet)"`` when the game's class is a designer's
    subclass of a game (a class defined outside the package), else None."""
    cls = type(game)
    from .hooks import hooks, house_rule_classes, overridden_hooks
    mine = house_rule_classes(cls)
    if not mine or not len(hooks(cls)):
        return None  # a printed game, or a game of the designer's own (no hooks to blame)
    names = list(overridden_hooks(cls))
    for k in mine:
        names += [n for n, f in vars(k).items() if callable(f) and not n.startswith("__")
                  and n not in names]
    return f"{_name(cls)} (overriding {', '.join(names) or 'nothing'})"


def _endless(game: Any, limit: int, ss: np.random.SeedSequence) -> TabletopError:
    """The error for a game that did not end within ``limit`` actions: under a house rule
    it names the rule and what it overrides; otherwise it is an engine bug."""
    rule = _house_rule(game)
    if rule is None:
        return TabletopError(f"{game.name} did not end within {limit} actions (seed "
                             f"{ss.entropy}, spawn key {tuple(ss.spawn_key)}): an engine bug")
    return HouseRuleError(
        f"{game.name} did not end within {limit} actions under the house rule {rule}: the "
        f"house rule is the likely cause (a hook value that never lets the game move on, "
        f"such as a capacity, a price or a number of moves)",
        owner=_name(type(game)), game=_which_game(ss))


def root_entropy(ss: np.random.SeedSequence) -> int:
    """The seed sequence's entropy as one int (seed_sequence always makes it one)."""
    e = ss.entropy
    if not isinstance(e, (int, np.integer)):
        raise TabletopError(f"expected a seed with one integer entropy, got {e!r}")
    return int(e)


def _seed_plain(ss: np.random.SeedSequence) -> dict:
    return {"entropy": root_entropy(ss), "spawn_key": [int(k) for k in ss.spawn_key]}


def play(game, bots: Any = "random", seed: Any = None, *, max_actions: int | None = None) -> GameRecord:
    """Play one game to the end and return its record.

    Parameters
    ----------
    game : Game
        From :func:`tabletop_nb.load_game`.
    bots : str, callable or list
        One bot for every seat, or a list with one per seat: names ("random", "greedy")
        or callables ``bot(game, state, rng) -> action``.
    seed : int, SeedSequence or None
        The same seed gives the same game.

    Examples
    --------
    >>> # doctest: +SKIP
    >>> rec = tabletop_nb.play(game, bots=["greedy", "random"], seed=7)
    >>> rec.scores, rec.winners
    """
    ss = seed_sequence(seed)
    specs = _bots_for(game, bots)
    s, actions, decisions, chance, turns, _ = play_state(game, specs, ss, True, max_actions)
    assert actions is not None  # kept: keep_actions=True
    return GameRecord(game=game.name, rules=game.rules.to_plain(),
                      actions=tuple(to_plain(a) for a in actions), seed=_seed_plain(ss),
                      bots=tuple(bot_name(b) for b in specs),
                      scores=tuple(to_plain(tuple(game.scores(s)))),
                      winners=tuple(game.winners(s)),
                      meta=_meta(game, turns, decisions, chance))


#: the young-generation threshold of Python's cycle collector while a chunk of games is
#: played (see :func:`_run_chunk`); Python's default is 700
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
                max_actions: int | None):
    """The games ``indices`` of a run, played: (rows, records) (see :func:`_run_chunk`)."""
    rows: list = []
    records: list = []
    names = [bot_name(b) for b in specs]
    for i in indices:
        ss = np.random.SeedSequence(entropy, spawn_key=(i,))
        try:
            s, actions, decisions, chance, turns, history = play_state(
                game, specs, ss, keep_records, max_actions, track_scores=True)
        except HouseRuleError as e:  # the chunk's finished games go with the error
            raise e.keeping((rows, records)).with_traceback(e.__traceback__) from None
        assert history is not None and (actions is not None or not keep_records)
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
            records.append(GameRecord(game=game.name, rules=game.rules.to_plain(),
                                      actions=tuple(to_plain(a) for a in actions or ()),
                                      seed=_seed_plain(ss), bots=tuple(names),
                                      scores=tuple(to_plain(tuple(scores))), winners=tuple(sorted(win)),
                                      meta=_meta(game, turns, decisions, chance)))
    return rows, records


def _run_windowed(executor, tasks: list, workers: int, tail: tuple) -> bool:
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


def _default_pool():
    import multiprocessing as mp
    from concurrent.futures import ProcessPoolExecutor
    # fork shares the parent's imports and lets bots defined in a notebook cell be used
    ctx = mp.get_context("fork") if "fork" in mp.get_all_start_methods() and sys.platform != "darwin" \
        else mp.get_context("spawn")
    return ProcessPoolExecutor(max_workers=os.cpu_count() or 1, mp_context=ctx)


def simulate(game, bots: Any = "random", games: int = 1000, seed: Any = None, *,
             executor: Executor | str | None = None, progress: bool = True,
             keep_records: bool = False, chunk_size: int | None = None,
             max_actions: int | None = None, checkpoint: str | os.PathLike | None = None):
    """Play many games and return one row per game and seat (a pandas DataFrame).

    Parameters
    ----------
    game : Game
    bots : str, callable or list
        As in :func:`play`. Seats keep the order given (to study seat advantage).
    games : int
        How many games.
    seed : int or None
        Game ``i`` is played from ``SeedSequence(seed, spawn_key=(i,))``; with None a
        fresh seed is drawn and written in the ``seed`` column.
    executor : concurrent.futures.Executor, "serial", "processes" or None
        Where the games run. None: in this process for small runs, a local process pool
        from ``PARALLEL_THRESHOLD`` games on a multi-core machine. Any Executor works,
        for example ``distributed.Client(...).get_executor()`` for a Dask cluster.
    progress : bool or callable
        Show a progress bar (tqdm) with games per second and the time left, or call
        ``progress(finished_games, games)`` after each chunk of games (a KeyboardInterrupt
        raised there stops the run like Ctrl-C).
    keep_records : bool
        Also return every game's :class:`GameRecord`: the result is ``(table, records)``.
    checkpoint : str or path, optional
        A CSV file (see :mod:`tabletop_nb.core.checkpoint`) that every finished game is
        appended to as it arrives. Call again with the same arguments and the run resumes:
        only missing games are played, and the table is the one an uninterrupted run gives.
        A file of another study (game, rules, bots, seed, package version) or with a
        changed or cut line is refused with the reason. With ``seed=None`` the file's seed
        is used. Not with ``keep_records``.

    Returns
    -------
    pandas.DataFrame
        One row per game and seat, sorted by game and seat: ``game`` (index in the run),
        ``seed`` and ``spawn_key`` (replay game i alone with ``play(game, bots,
        seed=game_seed(seed, i))``), ``seat``, ``bot``, ``score``, ``rank`` (1 = won),
        ``winner`` (shared wins included), ``shared_win``, ``turns``, ``actions``
        (decisions and chance outcomes), and per game ``lead_changes`` (how often the
        sole leader changed between turns), ``winner_led_at_half`` (a winner led or
        shared the lead at the middle turn) and ``tie_break`` (the top score was tied
        and the rulebook's tie-break decided). An interrupted run (Ctrl-C, or the
        notebook's stop button, at any moment: while games are handed out or while
        results come back, on any executor) returns every game that finished, with a
        warning and ``df.attrs["interrupted"]``; the games not started are cancelled and
        nothing is left running.

    Examples
    --------
    >>> # doctest: +SKIP
    >>> df = tabletop_nb.simulate(game, "random", games=1000, seed=1)
    >>> df.groupby("seat").winner.mean()
    """
    games = _check_count(games)
    specs = _bots_for(game, bots)
    for b in specs:
        resolve_bot(game, b)  # unknown names fail here, not in a worker
    if checkpoint is not None and keep_records:
        raise TabletopError("checkpoint keeps the table, not the records: use one of checkpoint= "
                            "and keep_records=True (replay any game from its seed instead)")
    entropy = _root_entropy(seed, checkpoint)
    names = [bot_name(b) for b in specs]
    label = game.name
    ck: Any = None
    loaded: dict = {}
    if checkpoint is not None:
        from .checkpoint import Checkpoint, study_key
        ck = Checkpoint(checkpoint, study_key("simulate", game.name,
                                              [(label, game.num_players, game.rules.to_plain(), names, game)],
                                              entropy))
        loaded = {g: r for g, r in ck.load({label: game.num_players})[label].items() if g < games}
    rows: list = [r for g in sorted(loaded) for r in loaded[g]]
    records: list = []
    todo = [i for i in range(games) if not loaded or i not in loaded]
    executor, own_pool = _open_executor(executor, games)
    bar = _Progress(progress, games, game.name, initial=games - len(todo))

    def keep(result, n):
        r, rec = result
        rows.extend(r)
        records.extend(rec)
        if ck is not None:
            ck.append(label, r)
        bar.update(n)  # may raise KeyboardInterrupt from a callback: the stop button

    interrupted = False
    try:
        if ck is not None:
            ck.open()
        interrupted = _play_games(game, specs, entropy, todo, executor, keep, keep_records=keep_records,
                                  chunk_size=chunk_size, max_actions=max_actions)
    except HouseRuleError as e:
        kept = _table(rows, game, names, entropy, True)
        where = f" and in {os.fspath(checkpoint)}" if checkpoint is not None else ""
        raise e.noting(f"the {kept.attrs['games']} games that finished are kept in err.table{where}",
                       kept).with_traceback(e.__traceback__) from None
    finally:
        _close_run(bar, ck, own_pool)
    df = _table(rows, game, names, entropy, interrupted)
    if interrupted:
        warnings.warn(f"interrupted: kept the {df.attrs['games']} of {games} games that finished"
                      + (f" (in {os.fspath(checkpoint)}: run again to resume)"
                         if ck is not None and checkpoint is not None else ""),
                      stacklevel=2)
    if keep_records:
        records.sort(key=lambda r: r.seed["spawn_key"][0])
        return df, records
    return df


def _close_run(bar, ck, own_pool) -> None:
    """The end of a run or study, finished or not: close the progress bar and the
    checkpoint file, and shut down the process pool the run opened for itself."""
    bar.close()
    if ck is not None:
        ck.close()
    if own_pool is not None:
        own_pool.shutdown(wait=True, cancel_futures=True)


def _check_count(games) -> int:
    if isinstance(games, bool) or not isinstance(games, (int, np.integer)) or games < 0:
        raise TabletopError(f"games must be a non-negative whole number, got {games!r}")
    return int(games)


def _root_entropy(seed, checkpoint=None) -> int:
    """The root seed of a run as an int; with ``seed=None`` and an existing checkpoint, its seed."""
    if seed is None and checkpoint is not None:
        from .checkpoint import Checkpoint
        old = Checkpoint.read_key(checkpoint)
        if old is not None and isinstance(old.get("seed"), int):
            return old["seed"]
    ss = seed_sequence(seed)
    if ss.spawn_key:
        raise TabletopError("simulate needs a root seed (an int or None), not a spawned SeedSequence")
    return root_entropy(ss)


def _open_executor(executor, games: int):
    """(executor, pool we own or None): "serial", a local process pool, or the caller's Executor."""
    own_pool = None
    if executor is None:
        executor = "processes" if games >= PARALLEL_THRESHOLD and (os.cpu_count() or 1) > 1 else "serial"
    if executor == "processes":
        executor = own_pool = _default_pool()
    elif executor != "serial" and not isinstance(executor, Executor) and not hasattr(executor, "submit"):
        raise TabletopError(f"executor must be a concurrent.futures.Executor, 'serial' or "
                            f"'processes', got {executor!r}")
    return executor, own_pool


def _play_games(game, specs, entropy: int, indices: Sequence[int], executor, keep, *,
                keep_records: bool = False, chunk_size: int | None = None,
                max_actions: int | None = None) -> bool:
    """Play the games ``indices`` of a run on ``executor``, passing each chunk's
    ``(rows, records)`` and size to ``keep`` as it arrives. Returns True if interrupted
    (Ctrl-C, or a KeyboardInterrupt from ``keep``); every chunk kept stays kept."""
    return _play_jobs([(game, specs, entropy, indices, keep)], executor, keep_records=keep_records,
                      chunk_size=chunk_size, max_actions=max_actions)


def _play_jobs(jobs: Sequence[tuple], executor, *, keep_records: bool = False,
               chunk_size: int | None = None, max_actions: int | None = None) -> bool:
    """Play several runs' games, ``jobs`` of ``(game, specs, entropy, indices, keep)``
    (the variants of a comparison), as one queue on ``executor``: no worker waits at the
    end of one variant for the others to finish theirs. Returns True if interrupted."""
    jobs = [j for j in jobs if len(j[3])]
    if not jobs:
        return False
    try:
        if executor == "serial":
            for game, specs, entropy, indices, keep in jobs:
                for idx in _split(indices, chunk_size or 1):
                    try:
                        result = _run_chunk(game, specs, entropy, idx, keep_records, max_actions)
                    except HouseRuleError as e:
                        _keep_finished(e, keep)
                        raise
                    keep(result, len(idx))
            return False
        workers = getattr(executor, "_max_workers", None) or os.cpu_count() or 1
        return _run_windowed(executor, _guided(jobs, workers, chunk_size), workers,
                             (keep_records, max_actions))
    except KeyboardInterrupt:
        return True


def _guided(jobs: Sequence[tuple], workers: int, chunk_size: int | None) -> list[tuple]:
    """The chunks of ``jobs`` in order, as ``(head, indices, keep)``. Without a
    ``chunk_size``, each chunk is an eighth of a worker's share of the games still to hand
    out (at most 500): the first chunks as before, then smaller and smaller (down to a
    tenth of the first), so that at the end no worker idles long while another finishes
    one big chunk (guided scheduling)."""
    left = sum(len(j[3]) for j in jobs)
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


def _table(rows: list, game, names: list, entropy: int, interrupted: bool):
    """simulate's DataFrame from its rows, sorted by game and seat, with its attrs."""
    import pandas as pd

    df = pd.DataFrame(rows, columns=list(COLUMNS))
    df = df.sort_values(["game", "seat"], kind="stable").reset_index(drop=True)
    done = df["game"].nunique() if len(df) else 0
    df.attrs.update({"game_name": game.name, "players": game.num_players, "seed": entropy,
                     "bots": list(names), "games": done, "interrupted": interrupted})
    return df


#: extra tqdm options (tests set ``mininterval=0`` and a ``file``)
_BAR_OPTIONS: dict = {}


class _Progress:
    """The progress of a run or a study: a tqdm bar that tells games per second and the
    time left (``upto``: at most that long, for a study that may stop early), or a
    callback ``progress(done, total)``. Works the same on every executor, since it counts
    games as their chunks come back to this process. Games already done when it starts
    (``initial``, from a checkpoint) count towards done but not towards the speed."""

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
            opts = {"mininterval": 0.5, **_BAR_OPTIONS}
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

    def close(self) -> None:
        if self.bar is not None:
            self.bar.close()


def _clock_text(seconds: float) -> str:
    s = int(round(seconds))
    h, rest = divmod(s, 3600)
    m, s = divmod(rest, 60)
    return f"{h}:{m:02d}:{s:02d}" if h else f"{m}:{s:02d}"
