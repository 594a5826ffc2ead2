"""GameRecord: JSON save/load refuses bad files with a reason; replay gives every state."""
import json

import pytest

import tabletop_nb
from tabletop_nb import GameRecord, RecordError


@pytest.fixture
def game():
    return tabletop_nb.load_game("toy", players=2)


@pytest.fixture
def rec(game):
    return tabletop_nb.play(game, ["random", "hold10"], seed=4)


def test_record_holds_what_a_save_needs(rec, game):
    d = json.loads(rec.to_json())
    assert d["format"] == "tabletop_nb.record/1"
    assert d["game"] == "toy" and d["version"] == tabletop_nb.__version__
    assert d["rules"]["players"] == 2 and d["rules"]["die"]["faces"] == [1, 2, 3, 4, 5, 6]
    assert d["seed"] == {"entropy": 4, "spawn_key": []}
    assert d["bots"] == ["random", "hold10"]
    assert d["scores"] == list(game.scores(tabletop_nb.replay(game, rec)[-1]))
    assert all(isinstance(a, dict) and "type" in a for a in d["actions"])


def test_save_and_load_file(rec, tmp_path):
    path = rec.save(tmp_path / "g.json")
    assert GameRecord.load(path) == rec
    with pytest.raises(RecordError, match="cannot read"):
        GameRecord.load(tmp_path / "missing.json")


@pytest.mark.parametrize("mangle,reason", [
    (lambda t: t[: len(t) // 2], "not valid JSON"),
    (lambda t: "", "empty"),
    (lambda t: "[1, 2]", "expected a JSON object"),
    (lambda t: t.replace('"tabletop_nb.record/1"', '"other/1"'), "format"),
    (lambda t: t.replace('"version": "0.1.0"', '"version": "9.4.0"'), "written by tabletop_nb 9.4.0"),
    (lambda t: t.replace('"actions"', '"actionz"'), "unknown entries|no 'actions'"),
    (lambda t: t.replace('"scores": [', '"scores": [NaN, '), "NaN is not allowed"),
    (lambda t: t.replace('"seed": {"entropy": 4', '"seed": {"entropy": -4'), "seed"),
    (lambda t: t.replace('"rules": {', '"rules": 5, "x": {'), "rules"),
])
def test_malformed_files_are_refused_with_a_reason(rec, mangle, reason):
    text = mangle(rec.to_json())
    with pytest.raises(RecordError, match=reason):
        GameRecord.from_json(text)


def test_wrong_game_refused(rec, game):
    with pytest.raises(RecordError, match="record of 'toy', not of 'pebble_rock'"):
        GameRecord.from_json(rec.to_json(), game="pebble_rock")


def test_replay_refuses_tampered_actions_and_scores(rec, game):
    d = json.loads(rec.to_json())
    d["scores"] = [s + 1 for s in d["scores"]]
    with pytest.raises(RecordError, match="scores"):
        tabletop_nb.replay(game, GameRecord.from_plain(d))
    d = json.loads(rec.to_json())
    d["actions"][0] = {"type": "Decide", "choice": "hold"}  # holding an empty pot is illegal
    with pytest.raises(RecordError, match="action 0 .* not legal"):
        tabletop_nb.replay(game, GameRecord.from_plain(d))
    d = json.loads(rec.to_json())
    d["actions"].append(d["actions"][-1])
    with pytest.raises(RecordError, match="after the end"):
        tabletop_nb.replay(game, GameRecord.from_plain(d))
    d = json.loads(rec.to_json())
    d["rules"]["target"] = 1
    with pytest.raises(RecordError, match="rules are not valid: rules.target"):
        tabletop_nb.replay(game, GameRecord.from_plain(d))


def test_replay_uses_the_records_rules(game):
    changed = game.with_rules(target=40, max_turns=20)
    rec = tabletop_nb.play(changed, "hold10", seed=1)
    states = tabletop_nb.replay(game, rec)  # the default game, but the record's rules win
    assert changed.is_terminal(states[-1])
    assert max(changed.scores(states[-1])) >= 40 or states[-1].turns == 40


def test_replay_with_actions_and_unfinished_record(game, rec):
    states, actions = tabletop_nb.replay(game, rec, with_actions=True)
    assert len(actions) == len(states) - 1
    half = GameRecord(game="toy", rules=rec.rules, actions=rec.actions[:5])
    assert len(tabletop_nb.replay(game, half)) == 6
