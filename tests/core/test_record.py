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


# -- verified records (issue 10, part 3) ---------------------------------------------------
def test_a_record_says_whether_its_game_ended(rec, game):
    assert rec.ended is True and json.loads(rec.to_json())["ended"] is True
    half = GameRecord(game="toy", rules=rec.rules, actions=rec.actions[:5])
    assert half.ended is False
    back = GameRecord.from_json(half.to_json())  # a game in progress saves and loads as one
    assert back == half and back.ended is False and back.scores is None
    states = tabletop_nb.replay(game, back)
    assert not game.is_terminal(states[-1]) and len(states) == 6  # play goes on from here


@pytest.mark.parametrize("edit,reason", [
    (lambda d: d.update(actions=d["actions"][:-1]), "stop before the end"),
    (lambda d: d.update(actions=d["actions"][:1]), "stop before the end"),
    (lambda d: d.update(winners=[1 - d["winners"][0]]), "winners"),
    (lambda d: d.update(winners=[99]), "winners"),
    (lambda d: d.update(winners=d["winners"] * 2), "winners"),
    (lambda d: d.update(scores=[float(x) for x in d["scores"]]), "scores"),
    (lambda d: d.update(ended=False), "in progress"),
    (lambda d: d.update(ended=False, scores=None, winners=None), "in progress, but its actions end"),
    (lambda d: d.update(scores=None), "does not state its scores"),
    (lambda d: d["actions"][0].update(choice=True), "action 0 .* not legal"),
    (lambda d: d.update(winners=[True]), "winners"),
])
def test_loading_replays_and_checks_the_claims(rec, edit, reason):
    d = json.loads(rec.to_json())
    edit(d)
    with pytest.raises(RecordError, match=reason):
        GameRecord.from_json(json.dumps(d))


def test_an_action_must_match_with_the_same_json_types(game):
    rec = tabletop_nb.play(game, "hold10", seed=2)
    d = json.loads(rec.to_json())
    i = next(i for i, a in enumerate(d["actions"]) if a["type"] == "Roll")
    d["actions"][i]["face"] = float(d["actions"][i]["face"])  # 3.0 == 3 in Python, not here
    with pytest.raises(RecordError, match=f"action {i} .* not legal"):
        GameRecord.from_json(json.dumps(d))


@pytest.mark.parametrize("text,reason", [
    ('{"format": ' + "9" * 5000 + "}", "integer of 5000 digits"),
    ('{"format": 1e999}', "too large"),
    ('{"format": -Infinity}', "not allowed"),
    ("[" * 100_000 + "]" * 100_000, "nested too deeply"),
    ('{"a": ' * 60 + "1" + "}" * 60, "nested too deeply"),
    ('{"format": "tabletop_nb.record/1", ', "truncated"),
])
def test_json_problems_are_record_errors(text, reason):
    with pytest.raises(RecordError, match=reason):
        GameRecord.from_json(text)


def test_huge_meta_number_and_oversized_files_refused(rec, tmp_path, monkeypatch):
    d = json.loads(rec.to_json())
    text = json.dumps(d).replace('"meta": {', '"meta": {"x": 1e999, ')
    with pytest.raises(RecordError, match="too large"):
        GameRecord.from_json(text)
    from tabletop_nb.core import record as record_mod
    monkeypatch.setattr(record_mod, "MAX_RECORD_BYTES", 1000)
    path = rec.save(tmp_path / "big.json")
    with pytest.raises(RecordError, match="limited to 1,000 bytes"):
        GameRecord.load(path)
    with pytest.raises(RecordError, match="limited to"):
        GameRecord.from_json(path.read_bytes())


def test_a_die_name_that_is_a_list_is_a_record_error(rec):
    d = json.loads(rec.to_json())
    d["rules"]["die"]["name"] = ["d", 6]
    with pytest.raises(RecordError, match="rules"):
        GameRecord.from_json(json.dumps(d))


def test_to_plain_is_a_fresh_copy(rec):
    before = rec.to_json()
    p = rec.to_plain()
    p["rules"]["players"] = 99
    p["actions"][0]["choice"] = "x"
    p["meta"]["turns"] = -1
    p["seed"]["entropy"] = 0
    assert rec.to_json() == before
    d = json.loads(before)
    r2 = GameRecord.from_plain(d)
    d["rules"]["players"] = 3
    assert r2.rules["players"] == 2  # the record does not share the caller's dicts


def test_a_record_of_a_game_this_session_lacks_is_refused(rec):
    d = json.loads(rec.to_json())
    d["game"] = "chess"
    with pytest.raises(RecordError, match="record of 'chess'"):
        GameRecord.from_json(json.dumps(d))
