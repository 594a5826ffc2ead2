"""Scale-out: a simulation on a two-worker Dask LocalCluster equals the single-process one."""
import os
import sys

import pytest

import tabletop_nb

import distributed  # part of the test extra: a missing install fails here, it is not skipped

TESTS = os.path.dirname(os.path.dirname(__file__))


def _add_tests_path(path=TESTS):
    if path not in sys.path:
        sys.path.insert(0, path)


@pytest.mark.timeout(180)
def test_dask_local_cluster_gives_the_same_table():
    game = tabletop_nb.load_game("toy", players=3)
    serial = tabletop_nb.simulate(game, "random", games=60, seed=8, executor="serial", progress=False)
    cluster = distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                                       host="127.0.0.1", dashboard_address=None)
    try:
        with distributed.Client(cluster) as client:
            client.run(_add_tests_path)  # the toy game lives in tests/, not in the package
            ex = client.get_executor()
            on_dask = tabletop_nb.simulate(game, "random", games=60, seed=8, executor=ex,
                                           progress=False, chunk_size=10)
            assert len(client.scheduler_info()["workers"]) == 2
    finally:
        cluster.close()
    assert on_dask.equals(serial)
