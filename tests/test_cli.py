"""python -m tabletop_nb: list, simulate, bench; bad arguments give one line and exit 2."""
import json
import subprocess
import sys

import pytest

from tabletop_nb.cli import main


def run(*args):
    return subprocess.run([sys.executable, "-m", "tabletop_nb", *args], capture_output=True, text=True)


def test_list_prints_every_builtin_game():
    import tabletop_nb.games as g
    r = run("list")
    assert r.returncode == 0
    assert [line.split("\t")[0] for line in r.stdout.splitlines()] == g._builtin()


@pytest.mark.parametrize("args,msg", [
    (["simulate", "no_such_game"], "no game 'no_such_game'"),
    (["simulate", "toy", "--games", "x"], "invalid int value"),
    (["fly"], "invalid choice"),
    ([], "required"),
    (["bench", "--game", "nope"], "no game 'nope'"),
])
def test_bad_arguments_one_line_exit_2(args, msg):
    r = run(*args)
    assert r.returncode == 2
    lines = r.stderr.strip().splitlines()
    assert len(lines) == 1 and msg in lines[0], r.stderr


def test_simulate_summary_and_json(capsys):
    assert main(["simulate", "toy", "--players", "3", "--games", "20", "--seed", "4",
                 "--bots", "hold10", "random", "random"]) == 0
    out = capsys.readouterr().out
    assert "toy, 3 players, 20 games, seed 4" in out and "hold10" in out
    assert main(["simulate", "toy", "--games", "20", "--seed", "4", "--json",
                 "--rule", "target=30"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["games"] == 20 and data["rules_changed"] == {"target": 30}
    assert abs(sum(s["win_rate"] for s in data["seats"]) - 1) < 0.2  # shared wins count for both


def test_simulate_bad_rule_and_bots_exit_2(capsys):
    assert main(["simulate", "toy", "--rule", "target=1"]) == 2
    assert "rules.target: must be at least 5" in capsys.readouterr().err
    assert main(["simulate", "toy", "--bots", "genius"]) == 2
    assert "no bot 'genius'" in capsys.readouterr().err
    assert main(["simulate", "toy", "--bots", "random", "random", "random"]) == 2
    assert main(["simulate", "toy", "--rule", "oops"]) == 2


def test_bench_reports_every_number(capsys):
    assert main(["bench", "--game", "toy", "--seconds", "0.2", "--json"]) == 0
    rep = json.loads(capsys.readouterr().out)
    row = rep["games"][0]
    assert row["game"] == "toy" and row["games"] >= 3
    for k in ("games_per_s", "actions_per_s", "legal_actions_us_median", "apply_us_median"):
        assert row[k] > 0
    assert 0 < rep["dice"]["sum_of_10_d6_us"] < 5000
    assert 0 < rep["dice"]["lowest_of_5_d6_us"] < 1000


def _console(*args):
    import os
    exe = os.path.join(os.path.dirname(sys.executable), "tabletop-nb")
    return subprocess.run([exe, *args], capture_output=True, text=True)


@pytest.mark.parametrize("args,msg", [
    (["bench", "--seconds", "nan"], "must be a finite number"),
    (["bench", "--seconds", "inf"], "must be a finite number"),
    (["bench", "--seconds", "1e9"], "at most 3600"),
    (["bench", "--seconds", "0"], "more than 0"),
    (["simulate", "pacal", "--rule", "thresholds=[[2]]"], "rules.thresholds[0]: expected 2 items"),
    (["simulate", "pacal", "--rule", "river_points=[1.5, 2, 3]"], "rules.river_points[0]: expected a whole number"),
    (["simulate", "pebble_rock", "--rule", "delivery_cards=[1]"], "rules.delivery_cards[0]: expected a mapping"),
    (["simulate", "neko", "--rule", 'die={"faces": [1, 2], "name": [1]}'], "rules.die.name"),
    (["simulate", "pebble_rock", "--rule", "rounds=nan"], "rules.rounds: expected a whole number"),
    (["simulate", "pebble_rock", "--rule", "rounds=" + "9" * 5000], "cannot be read"),
    (["simulate", "pebble_rock", "--rule", "players=x"], "--rule players takes a whole number"),
    (["simulate", "pebble_rock", "--players", "3", "--rule", "players=2"], "disagree"),
    (["simulate", "pebble_rock", "--rule", "rounds=2", "--rule", "rounds=3"], "given twice"),
    (["simulate", "pebble_rock", "--rule", "nope=3"], "rules.nope: there is no such rule"),
])
def test_every_bad_input_one_line_exit_2_under_the_run_name(args, msg):
    r = _console(*args)
    lines = r.stderr.strip().splitlines()
    assert r.returncode == 2 and len(lines) == 1 and msg in lines[0], r.stderr
    assert lines[0].startswith("tabletop-nb")  # the name it was run by
    r = run(*args)
    assert r.returncode == 2 and r.stderr.startswith("python -m tabletop_nb")


def test_rule_players_works(capsys):
    assert main(["simulate", "pebble_rock", "--rule", "players=3", "--games", "2", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["players"] == 3


def test_closed_pipe_ends_quietly():
    # the reader is gone before anything is written: every write fails with EPIPE
    code = ("import os, sys; r, w = os.pipe(); os.close(r); os.dup2(w, 1); "
            "from tabletop_nb.cli import main; sys.exit(main(['list']))")
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert r.returncode == 1 and r.stderr == "", r.stderr


def test_simulate_checkpoint_resumes_and_refuses_another_study(capsys, tmp_path):
    """--checkpoint FILE: the games are written as they finish; the same command with more
    games plays only the missing ones and prints the summary of an uninterrupted run; the
    file of another study is refused with the reason, in one line, exit 2."""
    ck = tmp_path / "study.csv"
    base = ["simulate", "toy", "--seed", "4", "--json", "--workers", "serial"]
    assert main([*base, "--games", "12", "--checkpoint", str(ck)]) == 0
    capsys.readouterr()
    lines = ck.read_text().splitlines()
    assert main([*base, "--games", "30", "--checkpoint", str(ck)]) == 0
    resumed = json.loads(capsys.readouterr().out)
    assert ck.read_text().splitlines()[:len(lines)] == lines  # kept, appended to
    assert main([*base, "--games", "30"]) == 0
    assert resumed == json.loads(capsys.readouterr().out)
    assert main([*base, "--games", "30", "--rule", "target=30", "--checkpoint", str(ck)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "study.csv" in err and "error" in err, err
