"""core/draft.py: the working copy and evolve give exactly what dataclasses.replace gives."""
from __future__ import annotations

import collections
import dataclasses
from dataclasses import dataclass, field
from typing import NamedTuple

import pytest

from tabletop_nb.core import draft
from tabletop_nb.core.draft import Draft, evolve, evolver, working_copy


@dataclass(frozen=True, slots=True)
class Rec:
    a: int
    b: tuple = ()
    c: str = "x"


@dataclass(frozen=True, slots=True)
class Checked:
    """A frozen class whose __post_init__ refuses a negative ``n``."""
    n: int
    label: str = ""

    def __post_init__(self):
        if self.n < 0:
            raise ValueError("n must not be negative")


@dataclass(frozen=True, slots=True)
class Late:
    a: int
    twice: int = field(init=False)

    def __post_init__(self):
        object.__setattr__(self, "twice", 2 * self.a)


@dataclass(frozen=True, slots=True)
class KwOnly:
    a: int
    b: int = dataclasses.field(default=0, kw_only=True)


@dataclass(frozen=True, slots=True)
class One:
    only: int


class Tup(NamedTuple):
    a: int
    b: tuple = ()


def test_thaw_change_freeze_gives_the_replaced_value():
    W = working_copy(Rec)
    s = Rec(1, (2,), "y")
    w = W.thaw(s)
    assert (w.a, w.b, w.c) == (1, (2,), "y")
    w.a = 7
    w.c = "z"
    out = w.freeze()
    assert type(out) is Rec and out == dataclasses.replace(s, a=7, c="z")
    assert s == Rec(1, (2,), "y")                      # the original is untouched
    assert w.freeze() == out and w.freeze() is not out  # freezing again makes an equal state
    with pytest.raises(dataclasses.FrozenInstanceError):
        out.a = 5                                      # the result is frozen
    assert hash(out) == hash(Rec(7, (2,), "z"))


def test_the_working_copy_is_a_slots_class_of_the_same_fields_made_once():
    W = working_copy(Rec)
    assert W is working_copy(Rec)
    assert issubclass(W, Draft) and not hasattr(W.thaw(Rec(1)), "__dict__")
    assert draft.fields_of(Rec) == ("a", "b", "c") == tuple(f.name for f in dataclasses.fields(W))
    w = W.thaw(Rec(1))
    with pytest.raises(AttributeError):
        w.nope = 1                                     # no attribute beyond the fields


def test_a_subclass_of_the_working_copy_thaws_into_itself():
    class RecDraft(working_copy(Rec)):
        __slots__ = ()

        def bump(self):
            self.a += 1

    w = RecDraft.thaw(Rec(1))
    w.bump()
    assert type(w) is RecDraft and w.freeze() == Rec(2)


def test_post_init_runs_on_freeze_and_evolve_as_with_replace():
    w = working_copy(Checked).thaw(Checked(1))
    w.n = -1
    with pytest.raises(ValueError, match="negative"):
        w.freeze()
    with pytest.raises(ValueError, match="negative"):
        evolve(Checked(1), n=-2)
    assert evolve(Checked(1), label="ok") == Checked(1, "ok")


def test_init_false_fields_are_refused_by_the_working_copy_and_by_evolve_like_replace():
    with pytest.raises(TypeError, match="init=False"):
        working_copy(Late)
    assert evolve(Late(2), a=5).twice == 10 == dataclasses.replace(Late(2), a=5).twice
    with pytest.raises((TypeError, ValueError)) as theirs:   # ValueError up to 3.12
        dataclasses.replace(Late(2), twice=1)
    with pytest.raises(theirs.type) as ours:
        evolve(Late(2), twice=1)
    assert str(ours.value) == str(theirs.value)


def test_unknown_fields_are_refused_like_replace():
    with pytest.raises(TypeError) as ours:
        evolve(Rec(1), d=1)
    with pytest.raises(TypeError) as theirs:
        dataclasses.replace(Rec(1), d=1)
    assert str(ours.value) == str(theirs.value)
    with pytest.raises(TypeError):
        evolver(Rec)(Rec(1), d=1)
    with pytest.raises(TypeError):
        evolve((1, 2), a=1)                            # neither a dataclass nor a NamedTuple


@pytest.mark.parametrize("changes", [{}, {"a": 3}, {"b": None}, {"a": 0, "c": "q", "b": (9,)}])
def test_evolve_equals_replace(changes):
    s = Rec(1, (2,), "y")
    want = dataclasses.replace(s, **changes)
    for got in (evolve(s, **changes), evolver(Rec)(s, **changes)):
        assert type(got) is Rec and got == want and got is not s


def test_keyword_only_and_single_field_classes():
    assert evolve(KwOnly(1, b=2), a=5) == KwOnly(5, b=2)
    w = working_copy(KwOnly).thaw(KwOnly(1, b=2))
    w.b = 3
    assert w.freeze() == KwOnly(1, b=3)
    assert evolve(One(1), only=2) == One(2)
    w1 = working_copy(One).thaw(One(4))
    assert w1.only == 4 and w1.freeze() == One(4)


def test_namedtuple_states():
    s = Tup(1, (2,))
    assert evolve(s, b=()) == s._replace(b=()) and type(evolve(s, a=2)) is Tup
    w = working_copy(Tup).thaw(s)
    w.a = 5
    out = w.freeze()
    assert type(out) is Tup and out == Tup(5, (2,))
    with pytest.raises(TypeError):
        evolve(s, c=1)


def test_an_initvar_constructor_is_refused():
    @dataclass(frozen=True)
    class WithInitVar:
        a: int
        scale: dataclasses.InitVar[int] = 1

    with pytest.raises(TypeError, match="exactly its fields"):
        evolve(WithInitVar(1), a=2)


def test_a_constructor_taking_the_fields_in_another_order_is_refused():
    @dataclass(init=False)
    class Swapped:
        a: int
        b: int

        def __init__(self, b, a):
            self.a, self.b = a, b

    with pytest.raises(TypeError, match="in order"):
        evolve(Swapped(b=1, a=2), a=3)


def test_a_namedtuple_with_its_own_new_is_made_by_it():
    class Checked2(collections.namedtuple("Checked2", "x y")):
        __slots__ = ()

        def __new__(cls, x, y):
            if x < 0:
                raise ValueError("x must not be negative")
            return super().__new__(cls, x, y)

    with pytest.raises(ValueError):
        evolve(Checked2(1, 2), x=-1)
    w = working_copy(Checked2).thaw(Checked2(1, 2))
    w.x = -1
    with pytest.raises(ValueError):
        w.freeze()
    assert evolve(Checked2(1, 2), y=3) == (1, 3)


def test_a_field_named_like_a_method_of_the_working_copy_is_refused():
    @dataclass(frozen=True)
    class Cold:
        freeze: bool

    with pytest.raises(TypeError, match="freeze"):
        working_copy(Cold)
    assert evolve(Cold(True), freeze=False) == Cold(False)


@draft.state_record
class Rec2:
    a: int
    b: tuple = ()
    hidden: int = field(default=0, repr=False)


def test_a_state_record_is_a_slots_value_class_that_is_not_frozen():
    """state_record: equal and hashed by every field (also one left out of the repr),
    slots, a plain constructor; evolve and the working copy give new records."""
    r = Rec2(1, (2,), hidden=3)
    assert not hasattr(r, "__dict__") and Rec2.__slots__ == ("a", "b", "hidden")
    assert r == Rec2(1, (2,), 3) and hash(r) == hash(Rec2(1, (2,), 3))
    assert r != Rec2(1, (2,), 4) and repr(r) == "Rec2(a=1, b=(2,))"
    assert not Rec2.__dataclass_params__.frozen
    new = evolve(r, a=5)
    assert (new.a, new.hidden, r.a) == (5, 3, 1) and type(new) is Rec2
    w = working_copy(Rec2).thaw(r)
    w.b = ()
    assert w.freeze() == Rec2(1, (), 3) and r.b == (2,)


def test_state_record_refuses_the_options_it_sets():
    with pytest.raises(TypeError, match="frozen"):
        draft.state_record(frozen=True)


def test_state_record_takes_other_dataclass_options():
    @draft.state_record(repr=False)
    class Quiet:
        x: int

    assert "Quiet(x=" not in repr(Quiet(1)) and Quiet(1) == Quiet(1)
