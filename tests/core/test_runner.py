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
    import tabletop_nb.core.runner as runner
    real = runner._run_chunk
    calls = {"n": 0}

    def flaky(*args, **kw):
        calls["n"] += 1
        if calls["n"] == 6:
            raise KeyboardInterrupt
        return real(*args, **kw)

    monkeypatch.setattr(runner, "_run_chunk", flaky)
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


def test_progress_bar_can_be_shown(game, capsys):
    tabletop_nb.simulate(game, "random", games=3, seed=1, progress=True)
