"""checkpoint=: studies that survive an interrupt, resume to the same table, and refuse
a file that is not theirs (with the reason, leaving it untouched)."""
import pytest

import tabletop_nb
from tabletop_nb.core.checkpoint import CheckpointError
from tabletop_nb.lab.compare import sweep


@pytest.fixture
def game():
    return tabletop_nb.load_game("toy", players=3)


class StopAt:
    """A progress callback that raises KeyboardInterrupt once ``n`` games have finished."""

    def __init__(self, n):
        self.n, self.seen = n, []

    def __call__(self, done, total):
        self.seen.append((done, total))
        if done >= self.n:
            raise KeyboardInterrupt


class Count:
    def __init__(self):
        self.seen = []

    def __call__(self, done, total):
        self.seen.append((done, total))


def _lines(path):
    return path.read_text().splitlines()


@pytest.mark.parametrize("executor", ["serial", "processes"])
def test_simulate_interrupted_then_resumed_is_the_uninterrupted_table(game, tmp_path, executor):
    path = tmp_path / "study.csv"
    full = tabletop_nb.simulate(game, "random", games=60, seed=3, progress=False, executor="serial")
    with pytest.warns(UserWarning, match="run again to resume"):
        part = tabletop_nb.simulate(game, "random", games=60, seed=3, progress=StopAt(20),
                                    executor=executor, chunk_size=4, checkpoint=path)
    kept = part.game.nunique()
    assert 20 <= kept < 60
    assert len(_lines(path)) == 3 + 3 * kept  # every finished game is in the file
    count = Count()
    again = tabletop_nb.simulate(game, "random", games=60, seed=3, progress=count, executor=executor,
                                 checkpoint=path)
    assert again.equals(full) and not again.attrs["interrupted"]
    assert count.seen[0][0] > kept  # started from the kept games: only the missing ones were played
    assert count.seen[-1] == (60, 60)
    assert len(_lines(path)) == 3 + 3 * 60
    # a finished study resumes to the same table without playing anything
    assert tabletop_nb.simulate(game, "random", games=60, seed=3, progress=False, checkpoint=path).equals(full)
    # seed=None takes the file's seed
    assert tabletop_nb.simulate(game, "random", games=60, progress=False, checkpoint=path).equals(full)
    # fewer games: the first ones, as a shorter uninterrupted run
    short = tabletop_nb.simulate(game, "random", games=25, seed=3, progress=False, checkpoint=path)
    assert short.equals(tabletop_nb.simulate(game, "random", games=25, seed=3, progress=False))
    assert "# tabletop_nb checkpoint 1" == _lines(path)[0]
    import pandas as pd
    assert len(pd.read_csv(path, comment="#")) == 180  # plain CSV


def test_compare_rules_interrupted_in_the_second_variant_then_resumed(game, tmp_path):
    path = tmp_path / "cmp.csv"
    variants = {"base": game, "t30": game.with_rules(target=30)}
    full = tabletop_nb.compare_rules(variants, games=40, seed=2, executor="serial", progress=False)
    stop = StopAt(55)
    with pytest.warns(UserWarning, match="interrupted"):
        part = tabletop_nb.compare_rules(variants, games=40, seed=2, executor="serial", progress=stop,
                                         checkpoint=path)
    assert part.stopped == "interrupted" and part.games_played == {"base": 40, "t30": 15}
    assert stop.seen[-1] == (55, 80)  # one count for the whole study
    assert "Interrupted" in part.summary()
    again = tabletop_nb.compare_rules(variants, games=40, seed=2, executor="serial", progress=False,
                                      checkpoint=path)
    assert again.table.equals(full.table)
    assert again.metrics.equals(full.metrics) and again.report().equals(full.report())
    assert again.stopped == "games"


def test_early_stop_resumed_stops_where_the_uninterrupted_run_stops(game, tmp_path):
    path = tmp_path / "stop.csv"
    variants = {"base": game, "bonus": game.with_rules(seat0_bonus=5)}
    kw = dict(games=3000, seed=4, executor="serial", stop="decided", metrics=["win_rate_seat_0"], batch=100)
    full = tabletop_nb.compare_rules(variants, progress=False, **kw)
    assert full.stopped == "decided" and full.games >= 200
    with pytest.warns(UserWarning, match="interrupted"):
        tabletop_nb.compare_rules(variants, progress=StopAt(full.games + 30), checkpoint=path, **kw)
    again = tabletop_nb.compare_rules(variants, progress=False, checkpoint=path, **kw)
    assert again.games == full.games and again.table.equals(full.table)
    assert again.decisions.equals(full.decisions) and again.stop_reason == full.stop_reason


def test_sweep_resumes(game, tmp_path):
    path = tmp_path / "sweep.csv"
    full = sweep(game, "target", [20, 30], games=20, seed=2, executor="serial", progress=False)
    with pytest.warns(UserWarning, match="interrupted"):
        sweep(game, "target", [20, 30], games=20, seed=2, executor="serial", progress=StopAt(27),
              checkpoint=path)
    again = sweep(game, "target", [20, 30], games=20, seed=2, executor="serial", progress=False,
                  checkpoint=path)
    assert again.metrics.equals(full.metrics)
    with pytest.raises(CheckpointError, match="written by sweep"):
        tabletop_nb.compare_rules({"target=20": game, "target=30": game.with_rules(target=30)},
                                  games=20, seed=2, progress=False, checkpoint=path)


@pytest.fixture
def made(game, tmp_path):
    """A checkpoint of 10 games of the 3-player toy game, seed 1."""
    path = tmp_path / "made.csv"
    tabletop_nb.simulate(game, "random", games=10, seed=1, progress=False, checkpoint=path)
    return path


@pytest.mark.parametrize("change,match", [
    (dict(seed=2), "played from seed 1, this call has seed 2"),
    (dict(bots=["random", "hold10", "random"]), "was played by bots \\['random', 'random', 'random'\\]"),
    (dict(rules=dict(target=30)), "other rules \\(target: 20 there, 30 here\\)"),
    (dict(rules=dict(players=2)), "had 3 players there, 2 here"),
])
def test_a_foreign_study_is_refused_with_the_reason(game, made, change, match):
    before = made.read_bytes()
    g = game.with_rules(**change.get("rules", {}))
    with pytest.raises(CheckpointError, match=match):
        tabletop_nb.simulate(g, change.get("bots", "random"), games=10, seed=change.get("seed", 1),
                             progress=False, checkpoint=made)
    assert made.read_bytes() == before  # nothing lost, nothing added


def test_another_game_tool_or_version_is_refused(game, made, monkeypatch):
    before = made.read_bytes()
    with pytest.raises(CheckpointError, match="written by simulate\\(...\\), this is compare_rules"):
        tabletop_nb.compare_rules({"a": game}, games=10, seed=1, progress=False, checkpoint=made)
    pebble = tabletop_nb.load_game("pebble_rock")
    with pytest.raises(CheckpointError, match="holds games of 'toy', this study plays 'pebble_rock'"):
        tabletop_nb.simulate(pebble, "random", games=2, seed=1, progress=False, checkpoint=made)
    import tabletop_nb._version as v
    monkeypatch.setattr(v, "__version__", "9.9.9")
    with pytest.raises(CheckpointError, match="written by tabletop_nb 0.*this is 9.9.9"):
        tabletop_nb.simulate(game, "random", games=10, seed=1, progress=False, checkpoint=made)
    assert made.read_bytes() == before


def _edit(path, fn):
    lines = path.read_text().splitlines(keepends=True)
    path.write_text("".join(fn(lines)))


@pytest.mark.parametrize("damage,match", [
    (lambda ls: ls[:-1] + [ls[-1][:20]], "line 33 is cut short"),
    (lambda ls: ls[:5] + [ls[5].replace(",random,", ",randon,", 1)] + ls[6:], "line 6 fails its check"),
    (lambda ls: ls[:7] + ls[8:], "game 1 .* has seats \\[0, 2\\]"),
    (lambda ls: ls + [ls[4]], "game 0 .* has seats \\[0, 1, 1, 2\\]"),
    (lambda ls: ls[:6] + ["toy,1,1,1\n"] + ls[6:], "line 7 has 4 fields"),
    (lambda ls: ls[:2] + ["game,seat\n"] + ls[3:], "line 3 should be the column names"),
    (lambda ls: [ls[0], "# study {oops\n"] + ls[2:], "not valid JSON"),
    (lambda ls: ["player,score\n"] + ls[1:], "is not a tabletop_nb checkpoint"),
])
def test_a_damaged_checkpoint_is_refused_and_left_as_it_is(game, made, damage, match):
    _edit(made, damage)
    before = made.read_bytes()
    with pytest.raises(CheckpointError, match=match):
        tabletop_nb.simulate(game, "random", games=10, seed=1, progress=False, checkpoint=made)
    assert made.read_bytes() == before


def test_a_score_changed_by_hand_fails_the_check(game, made):
    lines = made.read_text().splitlines(keepends=True)
    fields = lines[3].split(",")
    fields[6] = str(int(fields[6]) + 1)  # the score
    lines[3] = ",".join(fields)
    made.write_text("".join(lines))
    with pytest.raises(CheckpointError, match="line 4 fails its check"):
        tabletop_nb.simulate(game, "random", games=10, seed=1, progress=False, checkpoint=made)


def test_lines_copied_from_another_study_fail_the_check(game, tmp_path):
    a, b = tmp_path / "a.csv", tmp_path / "b.csv"
    tabletop_nb.simulate(game, "random", games=4, seed=1, progress=False, checkpoint=a)
    tabletop_nb.simulate(game.with_rules(target=30), "random", games=4, seed=1, progress=False, checkpoint=b)
    la, lb = _lines(a), _lines(b)
    a.write_text("\n".join(la + lb[3:6]) + "\n")
    with pytest.raises(CheckpointError, match="line 16 fails its check"):
        tabletop_nb.simulate(game, "random", games=8, seed=1, progress=False, checkpoint=a)


def test_checkpoint_with_records_or_skill_is_refused(game, tmp_path):
    with pytest.raises(tabletop_nb.TabletopError, match="not the records"):
        tabletop_nb.simulate(game, "random", games=2, progress=False, keep_records=True,
                             checkpoint=tmp_path / "x.csv")
    with pytest.raises(tabletop_nb.TabletopError, match="does not cover the skill"):
        tabletop_nb.compare_rules({"a": game}, games=2, progress=False, skill=("random", "hold10"),
                                  checkpoint=tmp_path / "x.csv")
    assert not (tmp_path / "x.csv").exists()
    with pytest.raises(CheckpointError, match="is a folder"):
        tabletop_nb.simulate(game, "random", games=2, progress=False, checkpoint=tmp_path)
