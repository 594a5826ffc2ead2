"""Issue 41's many-game measure of errors (random above greedy above search), as recorded in
benchmarks/results/luck.jsonl by benchmarks/bench_luck.py, and as docs/guide/luck.md
states it: each game has a recorded run of the three bots with decisions judged and every
measure of the error, each ``ordered`` flag says what its paired intervals say, and the
guide's table is the one made from the file (no number typed by hand)."""
from __future__ import annotations

import importlib.util
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
GUIDE = ROOT / "docs" / "guide" / "luck.md"


def bench():
    spec = importlib.util.spec_from_file_location("bench_luck", ROOT / "benchmarks" / "bench_luck.py")
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


@pytest.fixture(scope="module")
def rows():
    b = bench()
    return b, b.error_rows(b.read_results())


@pytest.mark.parametrize("name", ["pacal", "neko", "pebble_rock"])
def test_each_game_has_a_run_of_the_three_bots_with_decisions_judged(rows, name):
    b, runs = rows
    assert name in runs, f"no judged random/greedy/search run of {name} in luck.jsonl"
    r = runs[name]
    assert r["settings"]["alternatives"] > 0 and not r["settings"]["quick"]
    assert r["games"] >= 30
    # every measure the run's accuracy gives (the best found needs 2 alternatives or more)
    assert set(r["measures"]) == set(b.measures_of(r["settings"]["alternatives"]))
    # the error in win chance is the row's own verdict
    assert r["measures"]["error"]["paired"] == r["error_paired"]
    for m, res in r["measures"].items():
        paired = res["paired"]
        # the flag is what the paired intervals say: each weaker bot's error surely above
        # the next one's (the interval of the difference above 0)
        assert res["ordered"] == (paired["random-greedy"][1] > 0 and paired["greedy-search"][1] > 0), m
        for key, (mean, low, high, n) in paired.items():
            assert low <= mean <= high and n >= 10, (m, key)
    assert r["ordered"] == r["measures"]["error"]["ordered"]


def test_the_guide_shows_the_recorded_table(rows):
    """The error table between its markers is the one made from the results."""
    b, runs = rows
    text = GUIDE.read_text()
    got = re.search(r"<!-- error-table -->\n(.*?)\n<!-- /error-table -->", text, re.S)
    assert got, "docs/guide/luck.md needs the error table between its markers"
    assert got.group(1).strip() == b.error_table(b.read_results()), \
        "regenerate it: python benchmarks/bench_luck.py --error-table"


def test_the_guide_shows_the_recorded_luck_table(rows):
    """The luck table (each seat's and bot's mean luck, mean 0 expected) is the one made
    from the results, and each game's table run is in it, with at least 30 games."""
    b, _ = rows
    text = GUIDE.read_text()
    got = re.search(r"<!-- luck-table -->\n(.*?)\n<!-- /luck-table -->", text, re.S)
    assert got, "docs/guide/luck.md needs the luck table between its markers"
    assert got.group(1).strip() == b.luck_table(b.read_results()), \
        "regenerate it: python benchmarks/bench_luck.py --luck-summary"
    luck = b.luck_rows(b.read_results())
    assert {r["game"] for r in luck} == set(b.GAMES) and all(r["games"] >= 30 for r in luck)


def test_the_luck_table_says_whether_each_interval_covers_0():
    """A made-up row: a seat's interval that misses 0 reads 'no' for the seats, the bots'
    that all cover it 'yes' (the verdict is computed, not typed)."""
    b = bench()
    row = {"kind": "many", "game": "pacal", "players": 3, "bots": b.ORDER, "blocks": True,
           "games": 60, "seed": 1, "settings": {"rollouts": 4},
           "luck_by_seat": {"0": [0.3, 0.1, 0.5], "1": [0.0, -0.1, 0.1], "2": [-0.3, -0.5, 0.0]},
           "luck_by_bot": {"random": [0.0, -0.2, 0.2], "greedy": [0.1, -0.1, 0.3],
                           "search": [-0.1, -0.3, 0.1]}}
    line = b.luck_table([row]).splitlines()[-1]
    assert line.endswith("| no | yes |") and "+0.30 (+0.10 to +0.50)" in line
