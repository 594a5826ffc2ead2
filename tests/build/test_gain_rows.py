"""DEVELOPING.md's "Compiled build" says what the build gains, from the quiet-window rows of
``benchmarks/results/build.jsonl`` (the 10,000-game comparison timed by
``benchmarks/bench_build.py`` on CPython 3.11, and the rows of kind "compare, 3.13"); these
tests hold the text to those rows."""
from __future__ import annotations

import json
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
GAMES = ("pacal", "pebble_rock", "neko")


def _rows() -> list[dict]:
    with open(ROOT / "benchmarks" / "results" / "build.jsonl") as f:
        return [json.loads(line) for line in f if line.strip()]


def _ratios() -> dict:
    """{python: {game: (compiled CPU / source CPU, compiled CPU / 2aa7dfd CPU)}}."""
    out: dict = {"3.11": {}, "3.13": {}}
    for r in _rows():
        if r.get("code") == "1efcc1a" and r.get("game") in GAMES:
            c = r["results"]["compare"]
            compiled = c["compiled"]["cpu_s"][0]
            out["3.11"][r["game"]] = (compiled / c["source"]["cpu_s"][0], compiled / c["baseline"]["cpu_s"][0])
    by_code = {r["code"]: r["results"] for r in _rows() if r.get("kind") == "compare, 3.13"}
    before, now = by_code["1efcc1a compiled against 2aa7dfd"], by_code["c57ed75 source against compiled"]
    for g in GAMES:
        compiled = now[g]["c57ed75 compiled"]["cpu_s"]
        out["3.13"][g] = (compiled / now[g]["c57ed75 source (TABLETOP_PURE=1)"]["cpu_s"],
                          compiled / before[g]["2aa7dfd"]["cpu_s"])
    return out


def _bullet() -> str:
    text = (ROOT / "docs" / "DEVELOPING.md").read_text()
    start = text.index("- **What it gains**")
    return " ".join(text[start:text.index("\n- **", start + 1)].split())


def test_every_game_was_measured_on_both_pythons():
    r = _ratios()
    assert set(r["3.11"]) == set(r["3.13"]) == set(GAMES)


def test_the_text_gives_the_range_of_compiled_over_source_on_each_python():
    text = _bullet()
    for python, label in (("3.11", "CPython 3.11"), ("3.13", "3.13")):
        over_source = [v[0] for v in _ratios()[python].values()]
        span = f"{min(over_source):.2f}-{max(over_source):.2f}"
        assert re.search(rf"{re.escape(span)} of the source's CPU on {re.escape(label)}", text), (python, span)


def test_the_text_says_how_it_stands_against_2aa7dfd():
    """'about as fast as 2aa7dfd' for Pacal and Pebble Rock on 3.11 (within 10%), Neko
    slower there, and every game slower than 2aa7dfd on 3.13."""
    r = _ratios()
    assert all(0.9 <= r["3.11"][g][1] <= 1.1 for g in ("pacal", "pebble_rock")), r
    assert r["3.11"]["neko"][1] > 1.1, r
    assert all(v[1] > 1.0 for v in r["3.13"].values()), r
    text = _bullet()
    assert "about as fast as the engines were before they were made readable (2aa7dfd) for Pacal and Pebble Rock on 3.11" in text
    assert "slower than 2aa7dfd in all three games" in text
