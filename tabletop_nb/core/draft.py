"""The working copy ("draft"): thaw a frozen state, change it, freeze it again.

An engine's state is an immutable value (a frozen slots dataclass, or a NamedTuple), so
every action makes a new one. A rule that changes several fields reads best as plain
assignments on a mutable copy; this module gives that copy for any state class, and a
faster ``dataclasses.replace`` for a change of a few fields:

- :func:`state_record` -- ``@state_record class State: ...``: how a game declares its state
  classes (slots dataclasses equal and hashed by their fields, not frozen: see there).
- :func:`working_copy` -- ``W = working_copy(State)``: a mutable slots class with State's
  fields; ``w = W.thaw(s)`` copies a state into it, ``w.freeze()`` makes the new State.
- :func:`evolve` -- ``evolve(s, round=2)``: ``dataclasses.replace(s, round=2)``, faster.
- :func:`evolver` -- ``evolver(State)``: the same for one class, without the look-up of the
  class's plan on each call.

Nothing here generates code, swaps an object's class or writes a slot of a frozen object:
the working copy is a ``dataclasses.make_dataclass`` class, every new state is made by the
state class's own constructor (so a ``__post_init__`` runs, as with ``replace``), and the
values are read in one C call (``operator.attrgetter(*fields)``).

>>> from dataclasses import dataclass
>>> @dataclass(frozen=True, slots=True)
... class Pos:
...     x: int
...     y: int = 0
...     trail: tuple = ()
>>> W = working_copy(Pos)
>>> w = W.thaw(Pos(1, 2))
>>> w.x += 10
>>> w.trail = w.trail + ((1, 2),)
>>> w.freeze()
Pos(x=11, y=2, trail=((1, 2),))
>>> evolve(Pos(1, 2), y=5)
Pos(x=1, y=5, trail=())

A game may subclass the working copy to add its own helpers (keep ``__slots__ = ()``):

>>> class PosDraft(working_copy(Pos)):
...     __slots__ = ()
...     def step(self, dx):
...         self.trail = self.trail + ((self.x, self.y),)
...         self.x += dx
>>> d = PosDraft.thaw(Pos(0))
>>> d.step(3)
>>> d.freeze()
Pos(x=3, y=0, trail=((0, 0),))

Cost (what speed is left to the design)
---------------------------------------
Where the time goes is the state class's own constructor. A frozen dataclass's
``__init__`` sets each field through ``object.__setattr__`` (a generic call per field,
about 100 ns on 3.11); a NamedTuple's is one ``tuple.__new__``. Reading the fields is one
``attrgetter`` call either way, and the working copy's ``__init__`` (not frozen) is plain
slot stores. Measured on 3.11.7 and 3.13.0 (ns per call, CPU time, best of 15 x 20,000
calls, classes of 10 and 25 int fields, on a loaded 2-core machine: compare within a
column), against what the engines used before issue 27 (``core/fastrecord.py``, deleted since:
``exec``-generated straight-line code, with ``__class__`` assignment for the frozen
result) and ``dataclasses.replace``:

=========================================  ===========  ===========
ns per call, 10 / 25 fields                3.11         3.13
=========================================  ===========  ===========
thaw ``W.thaw(s)``                          370 /  655   475 /  890
freeze ``w.freeze()``, ``state_record``     349 /  671   441 /  870
``evolver(S)(s, f1=5)``, ``state_record``   618 / 1012   796 / 1290
freeze ``w.freeze()``, frozen dataclass    1136 / 2628  1384 / 3204
freeze ``w.freeze()``, NamedTuple           409 /  681   446 /  803
``evolve(s, f1=5)``, frozen dataclass      1663 / 3224  1934 / 3840
``evolver(S)(s, f1=5)``, frozen dataclass  1512 / 3127  1835 / 3781
``evolve(s, f1=5)``, NamedTuple             819 / 1183   910 / 1301
``nt._replace(f1=5)``                       653 /  985   859 / 1275
fastrecord thaw                             153 /  256   220 /  426
fastrecord freeze                           213 /  352   282 /  523
fastrecord replacer, 1 field                305 /  600   416 /  921
``dataclasses.replace``, 1 field           3060 / 8714  3774 / 10352
=========================================  ===========  ===========

(The two ``state_record`` rows were measured later, best of 15, on a quieter machine.)

So for a frozen dataclass state, freezing costs 5-7 times fastrecord's trick and
``evolve`` 3-5 times its replacer (but 2-3 times less than ``dataclasses.replace``); a
NamedTuple state freezes at about twice fastrecord's cost, but reads each field about 2.8
times slower (a descriptor call, 25 ns against 9 ns on 3.11), and engines read far more than
they copy. A :func:`state_record` freezes at fastrecord's cost or within twice it, with no
generated code: its constructor is the plain slot stores dataclasses writes for a class
that is not frozen. That is why the games' states are state records, and what the
engine's discipline (it changes only copies it has just made) pays for.

Alternatives measured and not taken: keyword construction (``S(**values)``) is 1.2-2x
slower than positional; ``evolve`` through the per-class :func:`evolver` saves the
look-up of the class's plan (3-9%) and is there for the hottest call sites; for a
NamedTuple, :func:`evolve` is 2-25% behind the class's own ``_replace`` (the look-up of
the plan), and gives ``replace``'s errors.
"""
from __future__ import annotations

import dataclasses
import inspect
import operator
from functools import partial
from typing import TYPE_CHECKING, Any, Callable, Generic, Iterable, Sequence, TypeVar

__all__ = ["state_record", "Draft", "working_copy", "evolve", "evolver", "fields_of"]

T = TypeVar("T")


if TYPE_CHECKING:
    from typing_extensions import dataclass_transform
else:
    def dataclass_transform(**kwargs: Any) -> Callable[[T], T]:
        return lambda f: f


@dataclass_transform(eq_default=True)
def state_record(cls: type[T] | None = None, /, **options: Any) -> Any:
    """Declare a game's state class: a slots dataclass, equal and hashed by its fields,
    that the engine treats as a value.

    ``@state_record`` is ``@dataclass(slots=True, eq=True, unsafe_hash=True)`` (other
    ``dataclass`` options pass through). It is not ``frozen``: a frozen dataclass's
    constructor sets each field through ``object.__setattr__``, a generic call per field,
    and an engine makes a new state on every action, so freezing costs five to seven times
    a plain constructor (the table above; Neko's games were about twice as slow). The
    promise a frozen class would check is kept by the design instead: the engine never
    assigns to a state it has handed out, only to a copy it has just made (:func:`evolve`
    or a working copy), and ``tests/test_states_unchanged.py`` plays every game and
    configuration checking that ``apply`` leaves the state it was given as it was. Code
    outside the engine should treat a state the same way (copy it with :func:`evolve`).

    Parameters
    ----------
    cls : type
        The class (``@state_record``), or nothing (``@state_record(repr=False)``).
    **options
        More :func:`dataclasses.dataclass` options; ``frozen``, ``slots``, ``eq`` and
        ``unsafe_hash`` are this decorator's.

    Returns
    -------
    type or decorator

    Examples
    --------
    >>> @state_record
    ... class Pos:
    ...     x: int
    ...     trail: tuple = ()
    >>> a = Pos(1)
    >>> b = evolve(a, x=2)
    >>> a, b, a == Pos(1), hash(a) == hash(Pos(1))
    (Pos(x=1, trail=()), Pos(x=2, trail=()), True, True)
    """
    taken = sorted({"frozen", "slots", "eq", "unsafe_hash"} & set(options))
    if taken:
        raise TypeError(f"state_record sets {taken[0]!r} itself")

    def wrap(c: type[T]) -> type[T]:
        return dataclasses.dataclass(c, slots=True, eq=True, unsafe_hash=True, **options)

    return wrap if cls is None else wrap(cls)


class _Plan:
    """What copying one state class takes: its field names in constructor order, a
    function reading all of them in one call (``read``), each name's position, and
    ``build(values)``, the class's constructor called with the values in that order.

    Made once per class (by :func:`_plan_for`); a fact about the class, not a cached
    answer about any state."""

    __slots__ = ("cls", "names", "read", "index", "build", "kind")

    def __init__(self, cls: type) -> None:
        names, kw_only = _constructor_fields(cls)
        self.cls = cls
        self.names = names
        self.read = _reader(names)
        self.index = {n: i for i, n in enumerate(names)}
        self.build: Callable[[Sequence[Any]], Any]
        #: how ``build`` calls the constructor: "tuple" (a NamedTuple's own ``__new__`` is
        #: ``tuple.__new__(cls, values)``; called as that, without unpacking the values into
        #: a Python frame's arguments), "positional", or "keywords" (a dataclass with
        #: keyword-only fields)
        self.kind: str
        if _is_namedtuple(cls) and cls.__new__ is _generated_new(cls):
            self.kind = "tuple"
            self.build = partial(tuple.__new__, cls)
        elif kw_only:
            self.kind = "keywords"
            first = len(names) - len(kw_only)

            def build(values: Sequence[Any]) -> Any:
                return cls(*values[:first], **dict(zip(kw_only, values[first:])))

            self.build = build
        else:
            self.kind = "positional"

            def build(values: Sequence[Any]) -> Any:
                return cls(*values)

            self.build = build

    def refuse(self, s: Any, name: str) -> Exception:
        """The error ``dataclasses.replace(s, name=...)`` gives for a name that is not an
        ``__init__`` field (its type and words differ between Python versions: asked of
        ``replace`` itself)."""
        if dataclasses.is_dataclass(self.cls):
            try:
                dataclasses.replace(s, **{name: None})
            except (TypeError, ValueError) as e:
                return e
        return TypeError(f"{self.cls.__name__}.__init__() got an unexpected keyword "
                         f"argument {name!r}")


def _is_namedtuple(cls: type) -> bool:
    return issubclass(cls, tuple) and isinstance(getattr(cls, "_fields", None), tuple)


def _generated_new(cls: type) -> Any:
    """The ``__new__`` that ``collections.namedtuple`` wrote for ``cls`` or its base."""
    for klass in cls.__mro__:
        if "_make" in klass.__dict__ and "__new__" in klass.__dict__:
            return klass.__dict__["__new__"]
    return None


def _constructor_fields(cls: type) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """The fields ``cls(...)`` takes, positional ones first, and the keyword-only ones.

    Refuses a class whose constructor takes anything but its fields (a dataclass
    ``InitVar``), since a copy could not give it."""
    if _is_namedtuple(cls):
        return tuple(cls._fields), ()  # type: ignore[attr-defined]
    if not (isinstance(cls, type) and dataclasses.is_dataclass(cls)):
        raise TypeError(f"{getattr(cls, '__name__', cls)!r} is neither a dataclass nor a "
                        f"NamedTuple")
    fields = [f for f in dataclasses.fields(cls) if f.init]
    pos = tuple(f.name for f in fields if not getattr(f, "kw_only", False))
    kw = tuple(f.name for f in fields if getattr(f, "kw_only", False))
    params = list(inspect.signature(cls.__init__).parameters.values())[1:]
    takes_pos = [p.name for p in params if p.kind is p.POSITIONAL_OR_KEYWORD]
    takes_kw = sorted(p.name for p in params if p.kind is p.KEYWORD_ONLY)
    if takes_pos != list(pos) or takes_kw != sorted(kw) or len(params) != len(pos + kw):
        raise TypeError(f"{cls.__name__}.__init__{inspect.signature(cls.__init__)} does not "
                        f"take exactly its fields {pos + kw} in order: a copy cannot call it")
    return pos + kw, kw


def _reader(names: tuple[str, ...]) -> Callable[[Any], tuple]:
    """``read(o)``: the tuple of ``o``'s attributes ``names``, in one C call."""
    if len(names) >= 2:
        return operator.attrgetter(*names)
    if len(names) == 1:
        get = operator.attrgetter(names[0])
        return lambda o: (get(o),)
    return lambda o: ()


_PLANS: dict[type, _Plan] = {}


def _plan_for(cls: type) -> _Plan:
    plan = _PLANS.get(cls)
    if plan is None:
        plan = _PLANS[cls] = _Plan(cls)
    return plan


def fields_of(cls: type) -> tuple[str, ...]:
    """The fields a copy of ``cls`` carries, in constructor order.

    >>> from typing import NamedTuple
    >>> class P(NamedTuple):
    ...     a: int
    ...     b: str = ""
    >>> fields_of(P)
    ('a', 'b')
    """
    return _plan_for(cls).names


def evolver(cls: type[T]) -> Callable[..., T]:
    """``f(s, **changes)``: :func:`evolve` for instances of ``cls`` only.

    Parameters
    ----------
    cls : type
        A dataclass (frozen or not) or a NamedTuple class.

    Returns
    -------
    callable
        ``f(s, **changes) -> cls``; an unknown field raises ``TypeError`` (a field declared
        ``init=False``, ``ValueError``), as ``dataclasses.replace`` does.

    Examples
    --------
    >>> from dataclasses import dataclass
    >>> @dataclass(frozen=True, slots=True)
    ... class P:
    ...     a: int
    ...     b: tuple = ()
    >>> with_b = evolver(P)
    >>> with_b(P(1), b=(2,))
    P(a=1, b=(2,))
    """
    plan = _plan_for(cls)
    # a NamedTuple is its values in field order already
    read: Callable[[Any], Iterable[Any]] = iter if plan.kind == "tuple" else plan.read
    index, build = plan.index, plan.build

    positional = plan.kind == "positional"   # the common case: the constructor called here

    def evolve_one(s: Any, /, **changes: Any) -> T:
        values = list(read(s))
        try:
            for name, value in changes.items():
                values[index[name]] = value
        except KeyError:
            raise plan.refuse(s, name) from None
        return cls(*values) if positional else build(values)

    evolve_one.__name__ = evolve_one.__qualname__ = f"evolve_{cls.__name__}"
    evolve_one.__doc__ = f"A copy of a {cls.__name__} with the given fields changed."
    return evolve_one


def evolve(s: T, /, **changes: Any) -> T:
    """A copy of the state ``s`` with some fields changed: ``dataclasses.replace``, faster.

    Made by ``s``'s class's own constructor (a ``__post_init__`` runs), so the result is
    exactly what ``dataclasses.replace(s, **changes)`` gives (for a NamedTuple, what
    ``s._replace(**changes)`` gives).

    Parameters
    ----------
    s : dataclass or NamedTuple instance
        The state.
    **changes
        New values by field name.

    Returns
    -------
    same type as ``s``

    Raises
    ------
    TypeError
        A name that is no field of ``s`` (``ValueError`` for a field declared
        ``init=False``), or ``s`` neither a dataclass nor a NamedTuple.

    Examples
    --------
    >>> from dataclasses import dataclass
    >>> @dataclass(frozen=True, slots=True)
    ... class P:
    ...     a: int
    ...     b: tuple = ()
    >>> evolve(P(1), b=(2,))
    P(a=1, b=(2,))
    >>> evolve(P(1), c=3)
    Traceback (most recent call last):
    ...
    TypeError: P.__init__() got an unexpected keyword argument 'c'
    """
    cls = type(s)
    plan = _PLANS.get(cls)
    if plan is None:
        plan = _plan_for(cls)
    # a NamedTuple is its values in field order already
    values = list(s) if plan.kind == "tuple" else list(plan.read(s))  # type: ignore[call-overload]
    index = plan.index
    for name, value in changes.items():
        i = index.get(name)
        if i is None:
            raise plan.refuse(s, name)
        values[i] = value
    return plan.build(values)


class Draft(Generic[T]):
    """The base of every working copy made by :func:`working_copy` (for type hints:
    ``w: Draft[NekoState]``). Its fields are those of the state class.

    >>> from typing import NamedTuple
    >>> class P(NamedTuple):
    ...     a: int
    >>> w: Draft[P] = working_copy(P).thaw(P(1))
    >>> isinstance(w, Draft), w.freeze()
    (True, P(a=1))
    """

    __slots__ = ()

    @classmethod
    def thaw(cls, s: T) -> Any:
        """A working copy holding ``s``'s field values (the same objects, not copies)."""
        raise NotImplementedError  # pragma: no cover - replaced in every working copy

    def freeze(self) -> T:
        """The new state: the state class made from the copy's current field values."""
        raise NotImplementedError  # pragma: no cover - replaced in every working copy

    if TYPE_CHECKING:  # the fields are the state class's, unknown to a type checker
        def __getattr__(self, name: str) -> Any: ...

        def __setattr__(self, name: str, value: Any) -> None: ...


_WORKING: dict[type, type] = {}


def working_copy(cls: type[T]) -> type[Draft[T]]:
    """The mutable working-copy class of the state class ``cls`` (one per class).

    Parameters
    ----------
    cls : type
        A dataclass (usually ``frozen=True, slots=True``) or a NamedTuple class. Fields
        declared ``init=False`` are refused (the constructor, not the copy, sets them).

    Returns
    -------
    type
        A slots dataclass (not frozen) named ``<cls>Draft`` with ``cls``'s fields, a
        classmethod ``thaw(s)`` and a method ``freeze()``. Subclass it to add helpers
        (with ``__slots__ = ()``); ``Sub.thaw(s)`` then makes a ``Sub``.

    Examples
    --------
    >>> from typing import NamedTuple
    >>> class P(NamedTuple):
    ...     a: int
    ...     b: tuple = ()
    >>> W = working_copy(P)
    >>> w = W.thaw(P(1))
    >>> w.a = 2
    >>> w.freeze(), W is working_copy(P)
    (P(a=2, b=()), True)
    """
    made = _WORKING.get(cls)
    if made is not None:
        return made
    if dataclasses.is_dataclass(cls):
        late = [f.name for f in dataclasses.fields(cls) if not f.init]
        if late:
            raise TypeError(f"{cls.__name__}: fields {late} are set by the constructor "
                            f"(init=False), not by a working copy")
    plan = _plan_for(cls)
    clash = sorted({"thaw", "freeze"} & set(plan.names))
    if clash:
        raise TypeError(f"{cls.__name__}: a field named {clash[0]!r} would hide the working "
                        f"copy's method of that name")
    read, build = plan.read, plan.build
    hints = _annotations(cls)

    def thaw(w_cls: type, s: Any) -> Any:
        return w_cls(*read(s))

    if plan.kind == "positional":
        def freeze(self: Any) -> Any:
            return cls(*read(self))
    else:
        def freeze(self: Any) -> Any:
            return build(read(self))

    thaw.__doc__ = f"A working copy of a {cls.__name__} (its field values, not copies)."
    freeze.__doc__ = f"The new {cls.__name__} made from the copy's field values."
    made = dataclasses.make_dataclass(
        f"{cls.__name__}Draft", [(n, hints.get(n, Any)) for n in plan.names],
        bases=(Draft,), namespace={"thaw": classmethod(thaw), "freeze": freeze},
        slots=True)
    made.__doc__ = (f"A mutable working copy of a {cls.__name__}: ``thaw(s)``, change its "
                    f"attributes, ``freeze()``.")
    _WORKING[cls] = made
    return made


def _annotations(cls: type) -> dict[str, Any]:
    hints: dict[str, Any] = {}
    for klass in reversed(cls.__mro__):
        hints.update(getattr(klass, "__annotations__", {}) or {})
    return hints
