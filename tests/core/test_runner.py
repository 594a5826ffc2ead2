"""play and simulate: seeds, bots, executors, the table, interrupts."""
import concurrent.futures as cf
import warnings

import pytest

import tabletop_nb
from tabletop_nb import IllegalActionError, TabletopError
from tabletop_nb.core.runner import COLUMNS, game_seed
from toygame import Decide


@pytest.fixture
def game():
    return tabletop_nb.load_game("toy", players=3)


def test_simulate_table_columns_and_values(game):
    df = tabletop_nb.simulate(game, ["random", "hold10", "random"], games=30, seed=9, progress=False)
    assert list(df.columns) == list(COLUMNS)
    assert len(df) == 90
    assert list(df.bot[:3]) == ["random", "hold10", "random"]
    assert (df.seed == 9).all()
    g = df[df.game == 0]
    assert set(g["rank"]) >= {1}
    assert (df.groupby("game").winner.sum() >= 1).all()
    assert (df.shared_win <= df.winner).all()
    assert (df.turns > 0).all() and (df.actions >= df.turns).all()


def test_any_game_of_a_run_replays_alone(game):
    df = tabletop_nb.simulate(game, "random", games=12, seed=21, progress=False)
    row = df[df.game == 7]
    rec = tabletop_nb.play(game, "random", seed=game_seed(21, 7))
    assert list(row.score) == list(rec.scores)
    assert set(row[row.winner].seat) == set(rec.winners)


def test_executors_give_the_same_table(game):
    serial = tabletop_nb.simulate(game, "random", games=40, seed=5, executor="serial", progress=False)
    with cf.ThreadPoolExecutor(2) as ex:
        threads = tabletop_nb.simulate(game, "random", games=40, seed=5, executor=ex, progress=False)
    procs = tabletop_nb.simulate(game, "random", games=40, seed=5, executor="processes",
                                 progress=False, chunk_size=7)
    assert serial.equals(threads) and serial.equals(procs)


def test_keep_records(game):
    df, recs = tabletop_nb.simulate(game, "random", games=5, seed=3, progress=False, keep_records=True)
    assert [r.seed["spawn_key"] for r in recs] == [[i] for i in range(5)]
    for r in recs:
        assert len(tabletop_nb.replay(game, r)) == len(r.actions) + 1


def test_callable_bots_and_illegal_bot_actions(game):
    def always_hold(g, s, rng):
        return Decide("hold")

    with pytest.raises(IllegalActionError, match="chosen by bot 'always_hold' in seat 0"):
        tabletop_nb.play(game, always_hold, seed=1)

    def careful(g, s, rng):
        return g.legal_actions(s)[-1]

    rec = tabletop_nb.play(game, careful, seed=1)
    assert rec.bots == ("careful",) * 3


def test_bad_arguments_are_clear_errors(game):
    with pytest.raises(TabletopError, match="needs 3 bots, got 2"):
        tabletop_nb.simulate(game, ["random", "random"], games=2, progress=False)
    with pytest.raises(TabletopError, match="no bot called 'genius'.*hold10, random"):
        tabletop_nb.simulate(game, "genius", games=2, progress=False)
    with pytest.raises(TabletopError, match="seed"):
        tabletop_nb.play(game, "random", seed=-3)
    with pytest.raises(TabletopError, match="games must be"):
        tabletop_nb.simulate(game, "random", games=-1, progress=False)
    with pytest.raises(TabletopError, match="executor"):
        tabletop_nb.simulate(game, "random", games=2, executor="gpu", progress=False)


def test_interrupt_keeps_finished_games(game, monkeypatch):
    import tabletop_nb.core.study as study
    real = study._run_chunk
    calls = {"n": 0}

    def flaky(*args, **kw):
        calls["n"] += 1
        if calls["n"] == 6:
            raise KeyboardInterrupt
        return real(*args, **kw)

    monkeypatch.setattr(study, "_run_chunk", flaky)
    with warnings.catch_warnings(record=True) as w:
        warnings.simplefilter("always")
        df = tabletop_nb.simulate(game, "random", games=20, seed=1, executor="serial", progress=False)
    assert df.attrs["interrupted"] and df.game.nunique() == 5
    assert any("kept the 5 of 20" in str(x.message) for x in w)


def test_seed_none_is_recorded(game):
    df = tabletop_nb.simulate(game, "random", games=2, progress=False)
    seed = df.attrs["seed"]
    again = tabletop_nb.simulate(game, "random", games=2, seed=seed, progress=False)
    assert df.equals(again)


def test_progress_bar_can_be_shown(game, capsys, monkeypatch):
    """progress=True draws a tqdm bar (on stderr outside a notebook) that reaches every game
    and tells the speed and the time left; progress=False draws nothing."""
    import io

    from tabletop_nb.core import study
    out = io.StringIO()
    monkeypatch.setattr(study, "BAR_OPTIONS", {"mininterval": 0, "file": out})
    df = tabletop_nb.simulate(game, "random", games=3, seed=1, progress=True)
    text = out.getvalue()
    assert df["game"].nunique() == 3
    assert "3/3 games" in text and "games/s" in text and "left" in text, text
    out.truncate(0)
    tabletop_nb.simulate(game, "random", games=3, seed=1, progress=False)
    assert out.getvalue().strip("\x00") == ""


# -- interrupts keep finished work on every executor (issue 10, part 6) ---------------------
class _StopAt:
    """A progress callback that raises KeyboardInterrupt once ``n`` games have finished."""

    def __init__(self, n):
        self.n, self.seen = n, []

    def __call__(self, done, total):
        self.seen.append(done)
        if done >= self.n:
            raise KeyboardInterrupt


class _SubmitInterrupts(cf.Executor):
    """Wraps an executor; the ``n``-th submit raises KeyboardInterrupt (Ctrl-C while handing out)."""

    def __init__(self, inner, n):
        self.inner, self.n, self.calls, self.futures = inner, n, 0, []
        self._max_workers = getattr(inner, "_max_workers", 2)

    def submit(self, fn, *args, **kwargs):
        self.calls += 1
        if self.calls >= self.n:
            raise KeyboardInterrupt
        fut = self.inner.submit(fn, *args, **kwargs)
        self.futures.append(fut)
        return fut


def _check_kept(game, df, serial):
    assert df.attrs["interrupted"] is True
    per_game = df.groupby("game").size()
    assert (per_game == game.num_players).all()  # whole games only
    kept = serial[serial.game.isin(df.game.unique())].reset_index(drop=True)
    assert df.reset_index(drop=True).equals(kept)  # the same games as a full run


@pytest.mark.parametrize("kind", ["serial", "threads", "processes"])
def test_interrupt_while_collecting_keeps_every_finished_game(game, kind):
    serial = tabletop_nb.simulate(game, "random", games=40, seed=3, executor="serial", progress=False)
    stop = _StopAt(12)
    pool = None
    if kind == "threads":
        executor = pool = cf.ThreadPoolExecutor(2)
    elif kind == "processes":
        executor = "processes"
    else:
        executor = "serial"
    try:
        with pytest.warns(UserWarning, match="interrupted"):
            df = tabletop_nb.simulate(game, "random", games=40, seed=3, executor=executor,
                                      progress=stop, chunk_size=2)
    finally:
        if pool is not None:
            pool.shutdown()
    _check_kept(game, df, serial)
    assert df.game.nunique() == stop.seen[-1] >= 12  # everything reported finished is kept
    assert df.game.nunique() < 40


def test_interrupt_while_submitting_keeps_every_finished_game(game):
    serial = tabletop_nb.simulate(game, "random", games=60, seed=3, executor="serial", progress=False)
    with cf.ThreadPoolExecutor(2) as inner:
        ex = _SubmitInterrupts(inner, 10)
        with pytest.warns(UserWarning, match="interrupted"):
            df = tabletop_nb.simulate(game, "random", games=60, seed=3, executor=ex,
                                      progress=False, chunk_size=2)
        assert all(f.done() for f in ex.futures)  # nothing left running or queued
    _check_kept(game, df, serial)
    assert 0 < df.game.nunique() < 60
    # everything submitted and not cancelled was kept
    assert df.game.nunique() == 2 * sum(1 for f in ex.futures if not f.cancelled())


def test_a_bot_raising_keyboardinterrupt_stops_the_run_and_keeps_the_rest(game):
    calls = [0]

    def bot(g, s, rng):
        calls[0] += 1
        if calls[0] == 200:
            raise KeyboardInterrupt
        return g.legal_actions(s)[0]

    with pytest.warns(UserWarning, match="interrupted"):
        df = tabletop_nb.simulate(game, bot, games=100, seed=1, executor="serial", progress=False)
    assert df.attrs["interrupted"] and 0 < df.game.nunique() < 100
    assert (df.groupby("game").size() == 3).all()


def test_compare_rules_and_sweep_return_what_finished(game):
    from tabletop_nb.lab.compare import sweep
    stop = _StopAt(15)
    with pytest.warns(UserWarning, match="interrupted"):
        cmp = tabletop_nb.compare_rules({"base": game, "t30": game.with_rules(target=30)},
                                        games=20, seed=2, executor="serial", progress=stop)
    assert cmp.labels == ["base"]  # the second variant was never started
    assert cmp.table[cmp.table.variant == "base"].game.nunique() == 15
    count = [0]

    def later(done, total):  # raised as the second variant's 4th game is reported (it is kept)
        count[0] += 1
        if count[0] > 23:
            raise KeyboardInterrupt

    with pytest.warns(UserWarning, match="interrupted"):
        sw = sweep(game, "target", [20, 30], games=20, seed=2, executor="serial", progress=later)
    t = sw.comparison.table
    assert len(sw.comparison.labels) == 2
    assert t.groupby("variant", sort=False).game.nunique().tolist() == [20, 4]


def test_split_hands_out_only_the_missing_games_in_runs():
    from tabletop_nb.core.study import _split
    assert _split([0, 1, 2, 3, 4], 2) == [range(0, 2), range(2, 4), range(4, 5)]
    assert _split([7, 3, 4, 5, 9], 10) == [range(3, 6), range(7, 8), range(9, 10)]
    assert _split([], 3) == []
    got = [i for r in _split(list(range(0, 50, 3)) + [1, 2], 4) for i in r]
    assert got == sorted(set(range(0, 50, 3)) | {1, 2})


def test_guided_chunks_cover_every_game_once_and_shrink_towards_the_end():
    from tabletop_nb.core.study import Job, _guided
    a, b = object(), object()
    jobs = [Job("g", ["bots"], 1, list(range(1000)), a), Job("g", ["bots"], 1, list(range(1000)), b)]
    tasks = _guided(jobs, workers=2, chunk_size=None)
    sizes = [len(idx) for _, idx, _ in tasks]
    assert [i for _, idx, keep in tasks if keep is a for i in idx] == list(range(1000))
    assert [i for _, idx, keep in tasks if keep is b for i in idx] == list(range(1000))
    assert sizes[0] == 2000 // 16  # the first chunk as before: an eighth of a worker's share
    assert max(sizes[-len(sizes) // 4:]) <= sizes[0] // 4  # the last quarter of chunks: small
    assert sizes[-2] == sizes[0] // 10 >= sizes[-1]  # down to a tenth of the first (and the rest)
    ends = {max(range(len(tasks)), key=lambda k: (tasks[k][2] is keep, k)) for keep in (a, b)}
    assert all(n >= sizes[0] // 10 for k, n in enumerate(sizes) if k not in ends)
    keeps = [keep for _, _, keep in tasks]
    assert keeps == sorted(keeps, key=lambda k: k is b)  # the first variant's games first
    fixed = _guided(jobs, workers=2, chunk_size=7)
    assert {len(idx) for _, idx, _ in fixed} == {7, 6}  # a given chunk_size is kept (1000 = 142*7 + 6)


class _HoldLastBase(cf.ThreadPoolExecutor):
    """A pool that holds the base variant's last chunk (game 59) until a chunk of the
    other variant has been handed out, and notes whether that happened within 20 s."""

    def __init__(self):
        super().__init__(max_workers=2)
        import threading
        self.other_handed_out = threading.Event()
        self.waited = None

    def submit(self, fn, *args, **kw):
        game, idx = args[0], args[3]
        if game.rules.target == 30:
            self.other_handed_out.set()
        elif 59 in idx:
            def held(*a):
                self.waited = self.other_handed_out.wait(20)
                return fn(*a)
            return super().submit(held, *args, **kw)
        return super().submit(fn, *args, **kw)


def test_compare_rules_queues_every_variant_at_once_on_a_pool(game):
    """No worker waits at the end of the first variant: while the base variant's last
    chunk is still running, the second variant's chunks are handed out (one queue; before,
    each variant waited for the previous one to finish). The table is the serial one."""
    variants = {"base": game, "t30": game.with_rules(target=30)}
    with _HoldLastBase() as ex:
        cmp = tabletop_nb.compare_rules(variants, games=60, seed=3, executor=ex, progress=False)
    assert ex.waited is True
    serial = tabletop_nb.compare_rules(variants, games=60, seed=3, executor="serial", progress=False)
    assert cmp.table.equals(serial.table)


def test_games_play_under_the_raised_collector_threshold_and_the_callers_comes_back(game):
    """The runner's one speed setting (runner.GC_YOUNG_THRESHOLD): bots see it while the
    games play; afterwards, also after a bot raised, the caller's threshold is back."""
    import gc

    from tabletop_nb.core.runner import GC_YOUNG_THRESHOLD
    seen = []

    def watching(g, s, rng):
        seen.append(gc.get_threshold()[0])
        return g.legal_actions(s)[0]

    def failing(g, s, rng):
        raise RuntimeError("bot broke")

    before = gc.get_threshold()
    try:
        gc.set_threshold(650, *before[1:])
        tabletop_nb.simulate(game, watching, games=3, seed=1, executor="serial", progress=False)
        assert seen and set(seen) == {GC_YOUNG_THRESHOLD}
        assert gc.get_threshold()[0] == 650
        with pytest.raises(RuntimeError, match="bot broke"):
            tabletop_nb.simulate(game, failing, games=2, seed=1, executor="serial", progress=False)
        assert gc.get_threshold()[0] == 650
    finally:
        gc.set_threshold(*before)
