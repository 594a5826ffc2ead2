"""Rules as validated data, and the plain-data codec used by save files."""
from dataclasses import dataclass
from fractions import Fraction
from typing import NamedTuple

import numpy as np
import pytest

from tabletop_nb import Die, RulesError
from tabletop_nb.core.codec import CodecError, from_plain, to_plain
from tabletop_nb.core.rules import RulesBase, rule
from toygame import ToyRules


class Card(NamedTuple):
    island: str
    points: int


@dataclass(frozen=True, slots=True)
class DeckRules(RulesBase):
    players: int = rule(2, min=2, max=4)
    cards: tuple[Card, ...] = rule((Card("red", 2), Card("blue", 3)))
    bonus: Fraction = rule(Fraction(1, 2))
    mode: str = rule("base", choices=("base", "expert"))
    die: Die = rule(Die([1, 2, 3]))


def test_bounds_types_choices_are_refused_naming_the_field():
    with pytest.raises(RulesError, match=r"rules\.target: must be at least 5, got 1"):
        ToyRules(target=1)
    with pytest.raises(RulesError, match=r"rules\.target: expected int, got float 7.5"):
        ToyRules(target=7.5)
    with pytest.raises(RulesError, match=r"rules\.hold_bonus: expected bool, got int 1"):
        ToyRules(hold_bonus=1)
    with pytest.raises(RulesError, match=r"rules\.mode: must be one of"):
        DeckRules(mode="hard")
    with pytest.raises(RulesError, match="rules.pig_faces: must be faces of the die"):
        ToyRules(die=Die([2, 3]))
    with pytest.raises(RulesError, match="no_such.*there is no such rule"):
        ToyRules().replace(no_such=3)


def test_replace_and_changes_from():
    r = ToyRules().replace(target=40)
    assert r.target == 40 and ToyRules().target == 20
    assert r.changes_from(ToyRules()) == {"target": 40}


def test_plain_round_trip_with_nested_types():
    r = DeckRules()
    data = to_plain(r)
    assert data["cards"][0] == {"type": "Card", "island": "red", "points": 2}
    assert data["bonus"] == "1/2"
    back = DeckRules.from_plain(r.to_plain())
    assert back == r
    assert isinstance(back.cards[0], Card)


def test_from_plain_refuses_bad_data_naming_the_field():
    bad = DeckRules().to_plain()
    bad["cards"][1]["points"] = "three"
    with pytest.raises(RulesError, match=r"rules\.cards\[1\]\.points: expected a whole number"):
        DeckRules.from_plain(bad)
    with pytest.raises(RulesError, match="there is no such rule"):
        DeckRules.from_plain({"nonsense": 1})
    with pytest.raises(RulesError):
        DeckRules.from_plain(["not", "a", "mapping"])


def test_a_record_missing_a_field_or_not_a_die_is_a_codec_error():
    """A record that cannot be built (a missing field) or a die that is not one is refused
    with a CodecError naming the path, in the compiled build too: there each ``except ... as``
    of ``from_plain`` has its own name, since mypyc gives a function's variable one type and a
    shared name turned the refusal into "CodecError object expected; got TypeError"."""
    with pytest.raises(CodecError, match=r"card: .*points"):
        from_plain(Card, {"island": "red"}, "card")
    with pytest.raises(CodecError, match=r"die: not a die"):
        from_plain(Die, {"faces": 5}, "die")
    with pytest.raises(CodecError, match=r"fits none of"):
        from_plain(Card | int, "nine", "value")


def test_codec_never_builds_an_undeclared_type():
    # the "type" entry is informational: decoding follows the declared type only
    with pytest.raises(CodecError, match="unknown field"):
        from_plain(Card, {"type": "os.system", "island": "x", "points": 1, "cmd": "rm"})
    assert from_plain(Card, {"type": "Anything", "island": "x", "points": 1}) == Card("x", 1)
    assert from_plain(tuple[int, ...], [1, 2]) == (1, 2)
    assert from_plain(frozenset[str], ["a", "b"]) == frozenset({"a", "b"})
    with pytest.raises(CodecError):
        from_plain(int, True)
    with pytest.raises(CodecError):
        from_plain(tuple[int, int], [1])


def test_fields_info_for_forms():
    info = {f.name: f for f in ToyRules.fields_info()}
    assert info["target"].min == 5 and info["target"].max == 100
    assert info["hold_bonus"].type is bool
    assert info["target"].doc


def test_errors_name_the_path_inside_a_rule():
    r = DeckRules()
    with pytest.raises(RulesError, match=r"^rules\.cards\[1\]\.points: expected int, got str 'x'$") as e:
        r.replace(cards=(Card("red", 2), Card("blue", "x")))
    assert e.value.field == "cards" and e.value.path == "cards[1].points"
    with pytest.raises(RulesError, match=r"rules\.cards\[0\]: expected Card, got tuple"):
        r.replace(cards=(("red", 2),))  # a plain tuple is no Card
    with pytest.raises(RulesError, match=r"rules\.die\.faces\[1\]: must be a finite number"):
        r.replace(die=Die([1, float("nan")]))
    with pytest.raises(RulesError, match=r"rules\.bonus: expected a Fraction"):
        r.replace(bonus=0.5)
    with pytest.raises(RulesError, match=r"rules\.mode: expected str, got int 1"):
        r.replace(mode=1)
    with pytest.raises(RulesError, match="about 5000 digits"):
        ToyRules(target=10 ** 5000)
    assert r.replace(cards=[Card("red", np.int64(4))]).cards == (Card("red", 4),)  # list and numpy int normalised
    assert type(r.replace(cards=[Card("red", np.int64(4))]).cards[0].points) is int


def test_a_games_validate_tripping_is_still_a_rules_error():
    @dataclass(frozen=True, slots=True)
    class Fragile(RulesBase):
        players: int = rule(2)
        table: tuple[int, ...] = rule((1, 2))

        def validate(self):
            max(self.table)  # ValueError on an empty table

    with pytest.raises(RulesError, match=r"rules\.\*: these rules do not fit together \(ValueError"):
        Fragile(table=())


@dataclass(frozen=True)
class _Sail:
    to: tuple[int, int]


@dataclass(frozen=True)
class _SailFar(_Sail):
    far: int = 2


class _Pair(tuple):
    """A tuple subclass that is no named tuple: encoded as a list, like a tuple."""


def test_to_plain_encodes_each_dataclass_by_its_own_fields_every_time():
    """A record encodes one action after another: each dataclass by its own class's fields
    (a subclass with a field more keeps it, met before or after its base), a named tuple as
    a dict, a plain tuple, list or tuple subclass as a list, every time alike."""
    expected = [
        ({"type": "_Sail", "to": [1, 2]}, _Sail((1, 2))),
        ({"type": "_SailFar", "to": [3, 4], "far": 5}, _SailFar((3, 4), 5)),
        ({"type": "Card", "island": "red", "points": 2}, Card("red", 2)),
        ([[1, 2], {"type": "_Sail", "to": [0, 0]}], (_Pair((1, 2)), _Sail((0, 0)))),
        ([Fraction(1, 3).__str__(), [True, None]], [Fraction(1, 3), (True, None)]),
    ]
    for _ in range(2):  # the second round meets every class again
        for plain, value in expected + expected[::-1]:
            assert to_plain(value) == plain
