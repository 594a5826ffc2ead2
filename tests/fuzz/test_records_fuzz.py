"""Fuzz: mutated records (cut, edited, retyped, enlarged, claims changed) are refused with a
RecordError and a reason, or, when the mutation leaves a true record (a game in progress cut
from a finished one, say), they replay to exactly what they claim, checked here by an
independent replay through ``game.apply`` and JSON text comparison (issue 10, part 3)."""
from __future__ import annotations

import copy
import json

from hypothesis import given, strategies as st

import tabletop_nb
from tabletop_nb import GameRecord, RecordError
from tabletop_nb.core.codec import to_plain
from tabletop_nb.core.protocol import CHANCE

_RECORDS: dict = {}


def _record(game_name, seed):
    key = (game_name, seed)
    if key not in _RECORDS:
        _RECORDS[key] = tabletop_nb.play(tabletop_nb.load_game(game_name), "random", seed=seed).to_json()
    return _RECORDS[key]


def _text(v):
    return json.dumps(v, sort_keys=True)


def _independently_true(rec: GameRecord) -> bool:
    game = tabletop_nb.load_game(rec.game).with_plain_rules(rec.rules)
    s = game.initial_state()
    for enc in rec.actions:
        if game.is_terminal(s):
            return False
        p = game.current_player(s)
        cands = [a for a, _ in game.chance_outcomes(s)] if p == CHANCE else game.legal_actions(s)
        hits = [a for a in cands if _text(to_plain(a)) == _text(enc)]
        if len(hits) != 1:
            return False
        s = game.apply(s, hits[0])
    if rec.ended != game.is_terminal(s):
        return False
    if rec.ended:
        return (_text(list(rec.scores)) == _text(list(to_plain(tuple(game.scores(s)))))
                and sorted(rec.winners) == sorted(game.winners(s)))
    return rec.scores is None and rec.winners is None


def _paths(v, path=()):
    yield path
    if isinstance(v, dict):
        for k, x in v.items():
            yield from _paths(x, path + (k,))
    elif isinstance(v, list):
        for i, x in enumerate(v):
            yield from _paths(x, path + (i,))


def _get(d, path):
    for k in path:
        d = d[k]
    return d


def _set(d, path, value):
    if not path:
        return value
    _get(d, path[:-1])[path[-1]] = value
    return d


def _retype(v):
    if isinstance(v, bool):
        return int(v)
    if isinstance(v, int):
        return [float(v), str(v), v != 0, 10 ** 50, -1, v + 1][v % 6]
    if isinstance(v, float):
        return int(v)
    if isinstance(v, str):
        return [v + "x", 1, None, [v]][len(v) % 4]
    if isinstance(v, list):
        return v[:-1] if v else [0]
    if isinstance(v, dict):
        return list(v.values())
    return 0


@st.composite
def mutation(draw, text):
    d = json.loads(text)
    kind = draw(st.sampled_from(["cut_text", "cut_actions", "edit", "retype", "enlarge", "claims",
                                 "drop_key"]))
    if kind == "cut_text":
        return kind, text[: draw(st.integers(0, len(text) - 1))]
    if kind == "cut_actions":
        n = draw(st.integers(0, max(0, len(d["actions"]) - 1)))
        d["actions"] = d["actions"][:n]
        if draw(st.booleans()):  # also say it is a game in progress
            d.update(ended=False, scores=None, winners=None)
    elif kind in ("edit", "retype"):
        paths = [p for p in _paths(d) if p]
        p = draw(st.sampled_from(paths))
        old = _get(d, p)
        d = _set(d, p, _retype(old) if kind == "retype" else
                 draw(st.sampled_from([None, 0, -1, 7, "x", [], {}, True, 2.5])))
    elif kind == "enlarge":
        how = draw(st.sampled_from(["repeat", "deep", "huge_int", "big_meta", "junk_key"]))
        if how == "repeat":
            d["actions"] = d["actions"] + d["actions"][-draw(st.integers(1, 5)):]
        elif how == "deep":
            d["meta"]["x"] = json.loads("[" * 60 + "]" * 60)
        elif how == "huge_int":
            return kind, text.replace('"meta": {', '"meta": {"n": ' + "7" * 5000 + ", ", 1)
        elif how == "big_meta":
            return kind, text.replace('"meta": {', '"meta": {"f": 1e999, ', 1)
        else:
            d["extra"] = 1
    elif kind == "claims":
        what = draw(st.sampled_from(["scores", "winners", "ended"]))
        if what == "scores":
            i = draw(st.integers(0, len(d["scores"]) - 1))
            d["scores"][i] = draw(st.sampled_from([d["scores"][i] + 1, float(d["scores"][i]), -1]))
        elif what == "winners":
            d["winners"] = draw(st.sampled_from([[99], d["winners"] * 2, [], [x + 1 for x in d["winners"]],
                                                 [True]]))
        else:
            d["ended"] = not d["ended"]
    else:
        d.pop(draw(st.sampled_from(sorted(d))))
    return kind, json.dumps(d)


@given(data=st.data(), seed=st.integers(0, 5))
def test_mutated_records_are_refused_or_true(game_name, data, seed, fuzz_case):
    text = _record(game_name, seed)
    original = GameRecord.from_json(text)
    snapshot = copy.deepcopy(original.to_plain())
    kind, bad = data.draw(mutation(text), label="mutation")
    with fuzz_case("records"):
        try:
            rec = GameRecord.from_json(bad)
        except RecordError as e:
            assert str(e)  # a reason
        else:
            assert _independently_true(rec), f"{kind}: accepted a record that is not true"
        assert original.to_plain() == snapshot  # nothing shared with the original changed
