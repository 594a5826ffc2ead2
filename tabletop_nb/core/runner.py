"""Playing games: one (``play``) or many (``simulate``), reproducibly.

Seeds follow SPEC 7: game ``i`` of a run with seed ``S`` is played from
``np.random.SeedSequence(S, spawn_key=(i,))``, whose children drive the dice (one stream)
and each seat's bot (one stream per seat). The entropy and spawn key are written in every
row, so any single game of a big run can be replayed alone, and variants of the rules
that play the same seeds see the same dice as far as their games agree.

One game (the seeds, ``play_state``, ``play``) is :mod:`tabletop_nb.core.playout`, re-exported
here; the jobs, progress and checkpoints that ``simulate`` and every study share are
:mod:`tabletop_nb.core.study`.
"""
from __future__ import annotations

import os
import warnings
from concurrent.futures import Executor
from typing import Any

from .columns import COLUMNS
from .errors import HouseRuleError, TabletopError
from .playout import Playout, game_seed, play, play_state, seat_streams, seed_sequence
from .playout import game_record as game_record, root_entropy as root_entropy, seat_bots as seat_bots
from .study import GC_YOUNG_THRESHOLD as GC_YOUNG_THRESHOLD, PARALLEL_THRESHOLD as PARALLEL_THRESHOLD
from .study import Job, StudyRun, check_bots, check_count, results_table, study_seed

# one game's names live in playout, the study settings in study: re-exported here, where
# notebooks, scripts and tests have always found them
__all__ = ["play", "simulate", "seed_sequence", "game_seed", "seat_streams", "play_state", "Playout",
           "COLUMNS"]


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
    games = check_count(games)
    specs, names = check_bots(game, bots)  # unknown names fail here, not in a worker
    if checkpoint is not None and keep_records:
        raise TabletopError("checkpoint keeps the table, not the records: use one of checkpoint= "
                            "and keep_records=True (replay any game from its seed instead)")
    entropy = study_seed(seed, checkpoint)
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
    run = StudyRun(executor, games, progress, games, game.name, entropy=entropy, checkpoint=ck,
                   initial=games - len(todo))

    def keep(result, n):
        r, rec = result
        rows.extend(r)
        records.extend(rec)
        if ck is not None:
            ck.append(label, r)
        run.progress.update(n)  # may raise KeyboardInterrupt from a callback: the stop button

    try:
        with run:
            interrupted = run.play_jobs([Job(game, specs, entropy, todo, keep)], keep_records=keep_records,
                                        chunk_size=chunk_size, max_actions=max_actions)
    except HouseRuleError as e:
        kept = results_table(rows, game, names, entropy, True)
        where = f" and in {os.fspath(checkpoint)}" if checkpoint is not None else ""
        raise e.noting(f"the {kept.attrs['games']} games that finished are kept in err.table{where}",
                       kept).with_traceback(e.__traceback__) from None
    df = results_table(rows, game, names, entropy, interrupted)
    if interrupted:
        warnings.warn(f"interrupted: kept the {df.attrs['games']} of {games} games that finished"
                      + (f" (in {os.fspath(checkpoint)}: run again to resume)"
                         if ck is not None and checkpoint is not None else ""),
                      stacklevel=2)
    if keep_records:
        records.sort(key=lambda r: r.seed["spawn_key"][0])
        return df, records
    return df
