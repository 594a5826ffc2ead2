"""The study machinery (core/study.py): jobs as one queue, StudyRun's checkpointed play, the
checks every study makes before a game is played."""
import concurrent.futures as cf

import pytest

import tabletop_nb
from tabletop_nb import TabletopError
from tabletop_nb.core.checkpoint import Checkpoint, study_key
from tabletop_nb.core.study import (Job, Request, StudyRun, check_bots, check_count, play_jobs, results_table,
                                    study_seed)


@pytest.fixture
def game():
    return tabletop_nb.load_game("toy", players=3)


def _rows(got: dict) -> list:
    return [r for i in sorted(got) for r in got[i]]


def test_jobs_of_two_settings_give_each_settings_own_simulate_table(game):
    """Two settings' games in one queue (a thread pool hands them out interleaved) give each
    the table simulate gives it alone: game i of every setting from the same seed."""
    other = game.with_rules(target=30)
    got: dict = {"a": [], "b": []}
    jobs = [Job(g, ["random"] * 3, 4, range(12), lambda chunk, n, k=k: got[k].extend(chunk[0]))
            for k, g in (("a", game), ("b", other))]
    with cf.ThreadPoolExecutor(2) as pool:
        assert play_jobs(jobs, pool, chunk_size=5) is False
    for k, g in (("a", game), ("b", other)):
        alone = tabletop_nb.simulate(g, "random", games=12, seed=4, executor="serial", progress=False)
        assert results_table(got[k], g, ["random"] * 3, 4).equals(alone)


def test_a_study_run_takes_games_from_its_checkpoint_and_appends_the_new_ones(game, tmp_path):
    """StudyRun.play: games the checkpoint has are read, not played (they count as done on the
    progress, not towards the speed); the others are played and appended; the rows are those
    of an uninterrupted run."""
    path = tmp_path / "study.csv"
    bots = ["random"] * 3
    key = study_key("test", game.name, [("s", 3, game.rules.to_plain(), bots, game)], 6)
    with StudyRun("serial", 6, False, 6, "toy", entropy=6, checkpoint=Checkpoint(path, key)) as run:
        first, stopped = run.play([Request("s", game, bots, range(3))])
    assert not stopped and sorted(first["s"]) == [0, 1, 2]
    ck = Checkpoint(path, key)
    loaded = ck.load({"s": 3})
    assert sorted(loaded["s"]) == [0, 1, 2]
    with StudyRun("serial", 6, False, 6, "toy", entropy=6, checkpoint=ck, loaded=loaded) as run:
        got, stopped = run.play([Request("s", game, bots, range(6))])
        assert run.progress.done == 6 and run.progress.initial == 3   # 3 read back, 3 played
    assert not stopped and sorted(got["s"]) == list(range(6))
    whole = tabletop_nb.simulate(game, "random", games=6, seed=6, executor="serial", progress=False)
    assert results_table(_rows(got["s"]), game, bots, 6).equals(whole)
    assert sorted(Checkpoint(path, key).load({"s": 3})["s"]) == list(range(6))


def test_a_study_run_closes_what_it_opened_however_it_ends(game):
    """The pool a StudyRun opened is shut down when the study fails inside it."""
    run = StudyRun("processes", 10, False, 10, "toy", entropy=1)
    pool = run.own_pool
    assert pool is not None
    with pytest.raises(RuntimeError, match="study failed"):
        with run:
            raise RuntimeError("study failed")
    assert run.own_pool is None
    with pytest.raises(RuntimeError):
        pool.submit(sum, [1])   # shut down


def test_checks_before_any_game(game):
    assert check_bots(game, "random") == (["random"] * 3, ["random"] * 3)
    with pytest.raises(TabletopError, match="needs 3 bots, got 2"):
        check_bots(game, ["random", "random"])
    with pytest.raises(TabletopError):
        check_bots(game, "no-such-bot")
    assert check_count(0) == 0
    for bad in (True, -1, 2.5):
        with pytest.raises(TabletopError, match="games must be a non-negative whole number"):
            check_count(bad)
    assert study_seed(11) == 11 and isinstance(study_seed(None), int)
