"""The progress bar tells time: games per second and time left, on every executor."""
import concurrent.futures as cf
import io
import re

import pytest

import tabletop_nb
import tabletop_nb.core.study as study
from tabletop_nb.core.study import Progress


@pytest.fixture
def game():
    return tabletop_nb.load_game("toy", players=3)


@pytest.fixture
def bar_text(monkeypatch):
    """Everything the tqdm bar draws, redrawn at every update."""
    buf = io.StringIO()
    monkeypatch.setattr(study, "BAR_OPTIONS", {"mininterval": 0, "file": buf})
    return buf


class FakeClock:
    def __init__(self):
        self.t = 100.0

    def __call__(self):
        return self.t


def test_speed_and_time_left_from_the_games_done():
    clock = FakeClock()
    p = Progress(False, 1000, "toy", clock=clock)
    assert p.rate() is None and p.status() == "? games/s, time left unknown"
    clock.t += 2
    p.update(100)
    assert p.rate() == pytest.approx(50) and p.left() == pytest.approx(18)
    assert p.status() == "50 games/s, 0:18 left"
    clock.t += 2
    p.update(300)
    assert p.status() == "100 games/s, 0:06 left"  # 400 games in 4 s, 600 to go
    slow = Progress(False, 100_000, "toy", clock=clock, upto=True)
    clock.t += 10
    slow.update(25)
    assert slow.status() == "2.5 games/s, up to 11:06:30 left"


def test_games_from_a_checkpoint_count_as_done_not_as_speed():
    clock = FakeClock()
    p = Progress(False, 100, "toy", initial=60, clock=clock)
    clock.t += 4
    p.update(20)
    assert p.done == 80 and p.rate() == pytest.approx(5) and p.left() == pytest.approx(4)


def test_a_callback_gets_done_and_total(game):
    seen = []
    tabletop_nb.simulate(game, "random", games=12, seed=1, executor="serial",
                         progress=lambda d, t: seen.append((d, t)), chunk_size=5)
    assert seen == [(5, 12), (10, 12), (12, 12)]


def _last_status(text):
    found = re.findall(r"(\d+)/(\d+) games \[[0-9:]+, ([0-9.]+) games/s, (up to )?([0-9:]+) left\]", text)
    assert found, f"no speed and time left in {text[-300:]!r}"
    return found[-1]


@pytest.mark.parametrize("kind", ["serial", "threads", "processes"])
def test_the_bar_shows_games_per_second_and_time_left_on_every_executor(game, bar_text, kind):
    pool = cf.ThreadPoolExecutor(2) if kind == "threads" else None
    try:
        tabletop_nb.simulate(game, "random", games=40, seed=1, progress=True, chunk_size=4,
                             executor=pool or kind)
    finally:
        if pool:
            pool.shutdown()
    done, total, rate, upto, left = _last_status(bar_text.getvalue())
    assert total == "40" and int(done) >= 4 and float(rate) > 0 and not upto
    assert "? games/s" in bar_text.getvalue()  # before the first chunk came back


def test_a_study_has_one_bar_with_time_left_for_all_its_games(game, bar_text):
    tabletop_nb.compare_rules({"a": game, "b": game.with_rules(target=30)}, games=30, seed=1,
                              executor="serial", progress=True)
    done, total, rate, upto, left = _last_status(bar_text.getvalue())
    assert total == "60" and float(rate) > 0
    assert "toy compare" in bar_text.getvalue()
    bar_text.truncate(0)
    tabletop_nb.compare_rules({"a": game, "b": game.with_rules(target=30)}, games=300, seed=1,
                              executor="serial", progress=True, stop="decided", metrics=["turns"], batch=100)
    assert _last_status(bar_text.getvalue())[3] == "up to "  # it may stop early
