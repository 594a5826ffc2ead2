"""DEVELOPING.md's "Compiled build" says why the states stay interpreted slots dataclasses:
only a plain class with an ``__init__`` of its own is made by compiled code. Its evidence is
``benchmarks/bench_records.py``'s rows in ``benchmarks/results/build.jsonl`` (kind "state
records"); these tests hold the text to those rows."""
from __future__ import annotations

import json
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def _rows(kind: str = "state records") -> list[dict]:
    with open(ROOT / "benchmarks" / "results" / "build.jsonl") as f:
        rows = [json.loads(line) for line in f if line.strip()]
    return [r for r in rows if r.get("kind") == kind]


def test_rows_of_state_records_exist_for_each_python_measured():
    pythons = {r["python"] for r in _rows()}
    assert {"3.11", "3.13"} <= {".".join(p.split(".")[:2]) for p in pythons}, pythons


def test_only_a_native_class_with_its_own_init_is_made_by_compiled_code():
    """The text: a mypyc dataclass is still built by the interpreted ``__init__`` that
    ``dataclasses`` writes; a plain class's own ``__init__`` is compiled, and makes a record
    several times faster than either dataclass; both native kinds read fields faster than
    an interpreted state_record does."""
    for r in _rows():
        res = r["results"]
        assert res["native class"]["init_is_compiled"] is True
        assert res["mypyc dataclass"]["init_is_compiled"] is False
        assert res["state_record"]["init_is_compiled"] is False
        native = res["native class"]["make_and_read_2_ns"]
        for kind in ("state_record", "mypyc dataclass"):
            assert res[kind]["make_and_read_2_ns"] > 3 * native, (r["python"], kind, res)
        for kind in ("native class", "mypyc dataclass"):
            assert res[kind]["read_3_fields_ns"] * 3 < res["state_record"]["read_3_fields_ns"], (r["python"], res)


def test_making_a_games_records_is_a_few_percent_of_its_cpu():
    """The text: making every record a greedy game makes, states and actions, is a few
    percent of the game's CPU (so a compiled ``__init__`` would save little), measured for
    every game on both Pythons."""
    rows = _rows("record share")
    assert {".".join(r["python"].split(".")[:2]) for r in rows} >= {"3.11", "3.13"}
    for r in rows:
        assert set(r["results"]) == {"pacal", "pebble_rock", "neko"}, r["results"].keys()
        for game, res in r["results"].items():
            assert 0 < res["share"] < 0.08, (r["python"], game, res["share"])
            made = sum(c["per_game"] for c in res["classes"].values())
            assert abs(made - res["records_per_game"]) < 0.5 + 0.001 * made, (game, made)
