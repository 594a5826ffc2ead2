"""core/fastrecord.py: the generated constructors give exactly the dataclass's values."""
from __future__ import annotations

import dataclasses
from dataclasses import dataclass

import pytest

from tabletop_nb.core.fastrecord import copier, fields_of, from_attrs, maker, replacer
from tabletop_nb.games.neko.state import NekoState, Player
from tabletop_nb.games.pacal.state import PacalState, evolve
from tabletop_nb.games.pebble_rock.state import State, Table, Turn, replace


@dataclass(frozen=True, slots=True)
class Rec:
    a: int
    b: tuple = ()
    c: str = "x"


def test_replacer_changes_only_the_named_fields_and_keeps_the_type():
    r = Rec(1, (2,), "y")
    rep = replacer(Rec)
    assert rep(r) == r and rep(r) is not r
    out = rep(r, b=(3,))
    assert type(out) is Rec and out == Rec(1, (3,), "y") and r == Rec(1, (2,), "y")
    assert rep(r, a=0, c="z") == dataclasses.replace(r, a=0, c="z")
    with pytest.raises(TypeError):
        rep(r, d=1)              # an unknown field is refused, as dataclasses.replace does
    with pytest.raises(dataclasses.FrozenInstanceError):
        out.a = 5                # the result is still frozen


def test_replacer_sets_a_field_to_none_or_to_the_sentinel_like_value():
    r = Rec(1)
    assert replacer(Rec)(r, b=None).b is None


def test_maker_takes_every_field_in_order():
    assert maker(Rec)(1, (2,), "q") == Rec(1, (2,), "q")
    with pytest.raises(TypeError):
        maker(Rec)(1, (2,))      # no defaults: every field is given


def test_from_attrs_and_copier_read_attributes_and_expressions():
    class W:
        __slots__ = ("a", "b", "c", "log")

    w = W()
    copier(["a", "c"], b="list(src.b)", log="[]")(w, Rec(4, (5, 6), "k"))
    assert (w.a, w.b, w.c, w.log) == (4, [5, 6], "k", [])
    assert from_attrs(Rec, b="tuple(o.b)")(w) == Rec(4, (5, 6), "k")
    with pytest.raises(ValueError):
        from_attrs(Rec, nope="1")


def test_a_class_with_post_init_is_refused():
    @dataclass(frozen=True, slots=True)
    class Checked:
        a: int

        def __post_init__(self):
            pass

    with pytest.raises(TypeError):
        replacer(Checked)


@pytest.mark.parametrize("cls", [Player, NekoState, PacalState, State, Table, Turn])
def test_the_engines_state_classes_fit(cls):
    names = fields_of(cls)
    assert names == tuple(f.name for f in dataclasses.fields(cls))
    assert not hasattr(cls, "__post_init__")


def test_the_games_replace_functions_match_dataclasses_replace():
    t = Turn()
    assert replace(t, roll=3) == dataclasses.replace(t, roll=3)
    p = Player(coins=3)
    assert replacer(Player)(p, fish=2) == dataclasses.replace(p, fish=2)
    s = PacalState(0, 0, 0, 0, 0, 0, None, (), (), (), (), (), (), (), (), ())
    assert evolve(s, turn=3) == dataclasses.replace(s, turn=3)


def test_fields_named_like_the_generated_code_s_own_names_work():
    @dataclass(frozen=True, slots=True)
    class Odd:
        x: int
        o: int
        a0: int
        src: int = 0

    r = Odd(1, 2, 3)
    assert replacer(Odd)(r, o=5) == Odd(1, 5, 3)
    assert maker(Odd)(4, 5, 6, 7) == Odd(4, 5, 6, 7)
    assert from_attrs(Odd)(r) == r

    @dataclass(frozen=True, slots=True)
    class Clash:
        _fr_x: int

    with pytest.raises(ValueError):
        replacer(Clash)


def test_the_twin_class_trick_gives_an_ordinary_frozen_instance():
    """The generated code fills a same-layout twin and switches its class: the value must
    be a plain Rec in every way (type, frozen, equal, hashing, pickling, repr)."""
    import pickle
    out = replacer(Rec)(Rec(1, (2,)), c="z")
    made = maker(Rec)(1, (2,), "z")
    for x in (out, made, from_attrs(Rec)(made)):
        assert type(x) is Rec and x.__class__ is Rec
        assert x == Rec(1, (2,), "z") and hash(x) == hash(Rec(1, (2,), "z"))
        assert repr(x) == "Rec(a=1, b=(2,), c='z')"
        assert pickle.loads(pickle.dumps(x)) == x
        with pytest.raises(dataclasses.FrozenInstanceError):
            x.b = ()
    assert "_fr_twin" in replacer(Rec).__globals__  # the fast path was taken


@dataclass(frozen=True, slots=True)
class _Base:
    a: int


@dataclass(frozen=True, slots=True)
class _Derived(_Base):
    b: int = 0


def test_a_class_that_cannot_be_twinned_uses_the_slot_descriptors():
    rep = replacer(_Derived)
    assert "_fr_twin" not in rep.__globals__
    out = rep(_Derived(1, 2), b=3)
    assert type(out) is _Derived and out == _Derived(1, 3)
    assert maker(_Derived)(4, 5) == _Derived(4, 5)


def test_every_replacer_call_in_the_package_passes_the_changes_by_keyword():
    """A replacer's fields are ordinary parameters (for speed), so ``evolve(s, 3)`` would
    silently set the first field: no call in the package may pass a change positionally."""
    import ast
    import importlib
    import pkgutil

    import tabletop_nb

    calls = 0
    for info in pkgutil.walk_packages(tabletop_nb.__path__, "tabletop_nb."):
        if info.ispkg or info.name.endswith("__main__") or ".widgets" in info.name or ".viz" in info.name:
            continue
        mod = importlib.import_module(info.name)
        names = {k for k, v in vars(mod).items() if callable(v)
                 and getattr(getattr(v, "__code__", None), "co_filename", "").startswith("<fastrecord replace_")}
        if not names:
            continue
        tree = ast.parse(open(mod.__file__, encoding="utf-8").read())
        for node in ast.walk(tree):
            if isinstance(node, ast.Call):
                f = node.func
                name = f.id if isinstance(f, ast.Name) else f.attr if isinstance(f, ast.Attribute) else None
                if name in names:
                    calls += 1
                    assert len(node.args) <= 1, f"{info.name}:{node.lineno}: {name} with a positional change"
    assert calls > 50  # the engines' copies were found


class _Blank:
    __slots__ = ("a", "b", "c")


class _WithInit:
    __slots__ = ("a", "b", "c")

    def __init__(self, must):
        raise AssertionError("ran")


class _WithNew:
    __slots__ = ("a", "b", "c")

    def __new__(cls, must):
        raise AssertionError("ran")


class _Meta(type):
    def __call__(cls, *args):
        raise AssertionError("ran")


class _WithMeta(metaclass=_Meta):
    __slots__ = ("a", "b", "c")


@pytest.mark.parametrize("cls", [_Blank, _WithInit, _WithNew, _WithMeta])
def test_a_mutable_class_is_made_blank_without_running_its_own_code(cls):
    """Speed in ``_start_and_setters``: a class with object's own ``__new__`` and
    ``__init__`` (and no metaclass ``__call__``) is called to make the blank object, any
    other one made by ``object.__new__``: nothing of the class's own runs, and the fields
    are those of ``object.__new__`` filled by hand."""
    made = from_attrs(cls)(Rec(1, (2,), "z"))
    assert type(made) is cls and (made.a, made.b, made.c) == (1, (2,), "z")
    called = "_fr_new" not in from_attrs(cls).__code__.co_names   # cls() rather than object.__new__(cls)
    assert called is (cls is _Blank)
