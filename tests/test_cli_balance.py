"""python -m tabletop_nb balance: a headless balance study whose result file the notebook loads
(issue 28, item 6); bad arguments give one line and exit 2."""
import json

import pytest

from tabletop_nb.cli import main
from tabletop_nb.lab.balance import BalanceResult


def test_balance_writes_a_result_the_notebook_loads(capsys, tmp_path):
    """The result file holds the whole study: loading it gives the same verdict, settings and
    finalists as the run printed (a CLI that wrote only the summary would fail here)."""
    out = tmp_path / "res.json"
    assert main(["balance", "toy", "--players", "2", "--space", "seat0_bonus=0..2", "--space", "hold_bonus=[false,true]",
                 "--goal", "fair=0.2", "--goal", "turns=14,4", "--bots", "hold10", "--budget", "1200",
                 "--batch", "100", "--confirm-games", "200", "--workers", "serial", "--seed", "3",
                 "--out", str(out), "--json"]) == 0
    said = json.loads(capsys.readouterr().out)
    res = BalanceResult.load(out)
    assert said["verdict"] == res.verdict and said["games"] == res.games
    assert len(res.candidates) == 6 and set(res.candidates["seat0_bonus"]) == {0, 1, 2}
    assert res.games["race"] <= 1200 and res.games["confirm"] == 200 * len(res.finalists.label.unique())
    assert res.paths == ["seat0_bonus", "hold_bonus"]


def test_balance_text_output_shows_verdict_and_finalists(capsys):
    assert main(["balance", "toy", "--players", "2", "--space", "seat0_bonus=0,5", "--goal", "fair=0.2",
                 "--bots", "hold10", "--budget", "400", "--confirm-games", "100", "--workers", "serial"]) == 0
    text = capsys.readouterr().out
    assert text.splitlines()[0].startswith(("Met: ", "Likely: ", "Undecided", "No lever in this space",
                                            "Not decidable with this budget"))
    assert "2 settings of seat0_bonus raced for: every seat wins 1/2 +- 0.2" in text
    assert "Games:" in text and "in the race" in text


@pytest.mark.parametrize("args,msg", [
    (["--space", "no_rule=1,2", "--goal", "fair=0.1"], "no_rule"),
    (["--space", "target=1,x", "--goal", "fair=0.1"], "rules.target"),
    (["--space", "target=5..1", "--goal", "fair=0.1"], "is empty"),
    (["--space", "target", "--goal", "fair=0.1"], "PATH=VALUES"),
    (["--space", "target=20,30", "--goal", "fair=0"], "tolerance"),
    (["--space", "target=20,30", "--goal", "fair=abc"], "not a number"),
    (["--space", "target=20,30", "--goal", "turns=30"], "TARGET,TOLERANCE"),
    (["--space", "target=20,30", "--goal", "no_metric=3,1"], "no per-game metric"),
    (["--space", "target=20,30", "--goal", "turn=30,3"], "did you mean 'turns'"),
    (["--space", "target=20,30", "--goal", "fair=0.1", "--goal", "skill=random,random,0.6"], "two different bots"),
    (["--space", "target=20,30", "--goal", "fair=0.1", "--budget", "1"], "budget"),
])
def test_balance_bad_input_one_line_exit_2(capsys, args, msg):
    """Each bad argument is refused before any game, in one line naming the problem."""
    assert main(["balance", "toy", "--players", "2", "--bots", "hold10", "--workers", "serial", *args]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and msg in err[0], err


def test_plan_only_prints_the_plan(capsys):
    """--plan-only plays the first round and prints what the budget can resolve, nothing else."""
    assert main(["balance", "toy", "--players", "2", "--space", "seat0_bonus=0,5", "--goal", "fair=0.05",
                 "--bots", "hold10", "--budget", "400", "--workers", "serial", "--plan-only"]) == 0
    text = capsys.readouterr().out
    assert text.startswith("Plan: resolving every seat wins 1/2 +- 0.05") and "this budget (400) gives each 200" in text
    assert main(["balance", "toy", "--players", "2", "--space", "seat0_bonus=0,5", "--goal", "fair=0.05",
                 "--bots", "hold10", "--budget", "400", "--workers", "serial", "--plan-only", "--json"]) == 0
    plan = json.loads(capsys.readouterr().out)
    assert plan["settings"] == 2 and plan["budget_per_setting"] == 200 and plan["need_per_setting"] > 200
