"""Hooks: the methods of a game that a house rule may override, declared where they are written.

A rule that the rule values cannot express is a subclass of a game that overrides one of
its *hooks*: a public method the engine (and the bots, through ``analysis``) asks for the
value the rule decides. Each hook is declared on its method with :func:`hook`: what it
returns (type and range, in words and as a check), the checklist rules it decides and a
one-line example. :func:`hooks` lists a game's hooks as a table.

A subclass is checked when Python defines it (:func:`check_subclass`, called from
``BaseGame.__init_subclass__``):

- a public method that overrides nothing and is close to a hook's name is refused with
  "did you mean ``capacity(self, s, seat)``?";
- an override of a hook whose parameters do not fit the hook's is refused naming the
  hook's signature (extra parameters are allowed when they have defaults);
- an override of a hook is wrapped so that each value it returns is checked where the
  engine takes it: a wrong type or range raises :class:`~tabletop_nb.core.errors.HouseRuleError`
  naming the hook, the class, the value and the situation. Only overriding subclasses are
  wrapped: the printed games pay nothing.

A helper method of a house rule either starts with ``_`` or is marked with :func:`helper`;
any other public method whose name is not near a hook's name is allowed as it is.

Examples
--------
>>> import tabletop_nb
>>> table = tabletop_nb.hooks("pebble_rock")
>>> "capacity" in table.names
True
>>> table["capacity"].signature
'capacity(self, s, seat) -> int'
"""
from __future__ import annotations

import dataclasses
import difflib
import functools
import hashlib
import inspect
import weakref
from typing import Any, Callable, Iterator, Sequence, overload

from .errors import HouseRuleError, TabletopError

__all__ = ["HookSpec", "HookTable", "hook", "helper", "hooks", "overridden_hooks",
           "check_subclass", "class_identity", "house_rule_classes", "is_int", "is_bool", "is_int_list", "is_instance", "Check"]

#: a result check: ``check(game, value)`` returns None when the value is fine, else what
#: is wrong with it, in words ("a negative number")
Check = Callable[[Any, Any], "str | None"]


def _is_int(v: Any) -> bool:
    """A whole number that is not a bool (numpy integers count)."""
    if type(v) is int:
        return True
    return (not isinstance(v, bool) and hasattr(v, "dtype") and getattr(v.dtype, "kind", "") in "iu"
            and getattr(v, "ndim", 1) == 0)


def _kind(v: Any) -> str:
    return f"{type(v).__name__} {v!r}"[:80]


def is_int(low: int | None = None, high: int | None = None) -> Check:
    """A check for a whole number in ``[low, high]`` (None: unbounded on that side).

    Parameters
    ----------
    low, high : int, optional
        The bounds, included.

    Returns
    -------
    Check
        ``check(game, value) -> None | str``.

    Examples
    --------
    >>> check = is_int(0)
    >>> check(None, 3) is None, check(None, -1), check(None, 4.5)
    (True, 'below 0', 'not a whole number (float 4.5)')
    """
    def check(game: Any, v: Any) -> str | None:
        if not _is_int(v):
            return f"not a whole number ({_kind(v)})"
        if low is not None and v < low:
            return f"below {low}"
        if high is not None and v > high:
            return f"above {high}"
        return None
    return check


def is_bool() -> Check:
    """A check for True or False (not 0, 1 or None).

    Returns
    -------
    Check
        ``check(game, value) -> None | str``.

    Examples
    --------
    >>> is_bool()(None, True) is None, is_bool()(None, 1)
    (True, 'not True or False (int 1)')
    """
    def check(game: Any, v: Any) -> str | None:
        return None if isinstance(v, bool) else f"not True or False ({_kind(v)})"
    return check


def is_int_list(low: int = 0, high: Callable[[Any], int] | None = None) -> Check:
    """A check for a list (or tuple) of whole numbers from ``low`` to ``high(game) - 1``.

    Parameters
    ----------
    low : int, default 0
        The smallest allowed.
    high : callable, optional
        ``high(game)``: one more than the largest allowed (e.g. the board's size).

    Returns
    -------
    Check
        ``check(game, value) -> None | str``.

    Examples
    --------
    >>> is_int_list()(None, [1, 2]) is None, is_int_list()(None, [1, "2"])
    (True, "holds a value that is not a whole number (str '2')")
    """
    def check(game: Any, v: Any) -> str | None:
        if not isinstance(v, (list, tuple)):
            return f"not a list ({_kind(v)})"
        top = high(game) if high is not None else None
        for x in v:
            if not _is_int(x):
                return f"holds a value that is not a whole number ({_kind(x)})"
            if x < low or (top is not None and x >= top):
                return f"holds {x!r}, outside {low}..{top - 1 if top is not None else ''}"
        return None
    return check


def is_instance(kind: Callable[[Any], type | tuple[type, ...]], words: str,
                each: bool = False) -> Check:
    """A check for an instance of ``kind(game)`` (a list of them with ``each``).

    Parameters
    ----------
    kind : callable
        ``kind(game)``: the type (or types) required; a callable so that a game module
        can name its own state class without importing it first.
    words : str
        The type in words, for the error.
    each : bool, default False
        The value is a list (or tuple) whose every element must be one.

    Returns
    -------
    Check
        ``check(game, value) -> None | str``.

    Examples
    --------
    >>> is_instance(lambda game: str, "a str")(None, "x") is None
    True
    >>> is_instance(lambda game: str, "a str", each=True)(None, ["x", 2])
    'holds int 2, not a str'
    """
    def check(game: Any, v: Any) -> str | None:
        tp = kind(game)
        if each:
            if not isinstance(v, (list, tuple)):
                return f"not a list ({_kind(v)})"
            for x in v:
                if not isinstance(x, tp):
                    return f"holds {_kind(x)}, not {words}"
            return None
        return None if isinstance(v, tp) else f"{_kind(v)}, not {words}"
    return check


@dataclasses.dataclass(frozen=True)
class HookSpec:
    """One hook: a method of a game that a house rule may override.

    Parameters
    ----------
    name : str
        The method's name.
    signature : str
        How it is called, e.g. ``"capacity(self, s, seat) -> int"``.
    returns : str
        What it must return, in words (type and range), e.g. ``"int >= 0"``.
    check : Check or None
        Checks each value an override returns (type and range).
    rules : tuple of str
        The checklist rule IDs it decides.
    example : str
        A one-line override, e.g. ``"return 5  # every hold takes 5"``.
    bots_note : str
        ``""`` when the greedy and search bots follow the hook; otherwise why they
        cannot take it into account.
    params : tuple of str
        The parameters after ``self`` (names, in order).
    required : int
        How many of ``params`` have no default.
    declared_in : str
        The class that declares it (a game class or one of its sections).
    doc : str
        The first line of the method's docstring.

    Examples
    --------
    >>> import tabletop_nb
    >>> spec = tabletop_nb.hooks("pacal")["moves_this_turn"]
    >>> spec.params, spec.returns
    (('s',), 'int >= 1')
    """

    name: str
    signature: str
    returns: str
    check: Check | None
    rules: tuple[str, ...] = ()
    example: str = ""
    bots_note: str = ""
    params: tuple[str, ...] = ()
    required: int = 0
    declared_in: str = ""
    doc: str = ""

    @property
    def bots_follow(self) -> bool:
        """Whether the greedy and search bots take the hook into account."""
        return not self.bots_note


def hook(*, returns: str, check: Check | None, rules: Sequence[str] = (), example: str = "",
         bots_note: str = "") -> Callable[[Callable], Callable]:
    """Declare the decorated method a hook (a house rule's override point).

    The method itself is returned unchanged (with a ``__hook__`` attribute holding its
    :class:`HookSpec`), so the printed game pays nothing.

    Parameters
    ----------
    returns : str
        What it returns, in words (type and range).
    check : Check or None
        The check of an override's values (:func:`is_int`, :func:`is_bool`, ...).
    rules : sequence of str
        The checklist rule IDs it decides.
    example : str
        A one-line override.
    bots_note : str
        ``""`` when the bots follow it, else why they cannot.

    Returns
    -------
    callable
        The decorator.

    Examples
    --------
    >>> class Demo:
    ...     @hook(returns="int >= 0", check=is_int(0), example="return 3")
    ...     def room(self, s, seat: int) -> int:
    ...         "The room left."
    ...         return 2
    >>> Demo.room.__hook__.signature
    'room(self, s, seat) -> int'
    """
    def declare(f: Callable) -> Callable:
        sig = inspect.signature(f)
        params = [p for p in sig.parameters.values()][1:]  # after self
        names = tuple(p.name for p in params)
        required = sum(1 for p in params if p.default is inspect.Parameter.empty)
        shown = ", ".join(["self"] + [p.name if p.default is inspect.Parameter.empty
                                      else f"{p.name}={p.default!r}" for p in params])
        ret = sig.return_annotation
        ret_text = "" if ret is inspect.Signature.empty else \
            f" -> {ret if isinstance(ret, str) else getattr(ret, '__name__', ret)}"
        doc = (inspect.getdoc(f) or "").strip().split("\n")[0]
        f.__hook__ = HookSpec(  # type: ignore[attr-defined]
            name=f.__name__, signature=f"{f.__name__}({shown}){ret_text}", returns=returns,
            check=check, rules=tuple(rules), example=example, bots_note=bots_note,
            params=names, required=required,
            declared_in=f.__qualname__.rsplit(".", 1)[0], doc=doc)
        return f
    return declare


def helper(f: Callable) -> Callable:
    """Mark a public method of a house rule as a helper (not a hook, not a misspelling).

    A method whose name starts with ``_`` needs no mark; a public one whose name is close
    to a hook's name does, or it is refused as a likely misspelling.

    Parameters
    ----------
    f : callable
        The method.

    Returns
    -------
    callable
        The same method, marked.

    Examples
    --------
    >>> import tabletop_nb
    >>> from tabletop_nb.games.pebble_rock import PebbleRockGame
    >>> class BigHolds(PebbleRockGame):
    ...     @helper
    ...     def capacity_bonus(self, seat):
    ...         return 1
    ...     def capacity(self, s, seat):
    ...         return super().capacity(s, seat) + self.capacity_bonus(seat)
    >>> tabletop_nb.hooks(BigHolds).overridden(BigHolds)
    ('capacity',)
    """
    f.__tt_helper__ = True  # type: ignore[attr-defined]
    return f


class HookTable(Sequence[HookSpec]):
    """A game's hooks, in the order they are declared: a sequence of :class:`HookSpec`,
    indexable by position or name, shown as a table (HTML in Jupyter).

    Parameters
    ----------
    game_class : type
        The game class the hooks belong to.
    specs : sequence of HookSpec
        Its hooks.

    Examples
    --------
    >>> import tabletop_nb
    >>> table = tabletop_nb.hooks("neko")
    >>> table["wins_tie"].returns
    'bool'
    """

    def __init__(self, game_class: type, specs: Sequence[HookSpec]):
        self.game_class = game_class
        self._specs = tuple(specs)
        self._by_name = {h.name: h for h in self._specs}

    @overload
    def __getitem__(self, i: int) -> HookSpec: ...
    @overload
    def __getitem__(self, i: slice) -> Sequence[HookSpec]: ...
    def __getitem__(self, i: Any) -> Any:
        if isinstance(i, str):
            try:
                return self._by_name[i]
            except KeyError:
                raise TabletopError(f"{self.game_class.__name__} has no hook {i!r}"
                                    + _did_you_mean(i, self.names)) from None
        return self._specs[i]

    def __len__(self) -> int:
        return len(self._specs)

    def __iter__(self) -> Iterator[HookSpec]:
        return iter(self._specs)

    def __contains__(self, x: object) -> bool:
        return x in self._by_name or x in self._specs

    @property
    def names(self) -> tuple[str, ...]:
        """The hooks' names, in order."""
        return tuple(self._by_name)

    def overridden(self, cls: type | Any) -> tuple[str, ...]:
        """The hooks that ``cls`` (a subclass, or a game) overrides (:func:`overridden_hooks`).

        Parameters
        ----------
        cls : type or game
            The subclass or one of its games.

        Returns
        -------
        tuple of str
            Hook names.
        """
        return overridden_hooks(cls)

    def rows(self) -> list[dict[str, str]]:
        """One plain dict per hook: hook (signature), returns, rules, bots, example.

        Returns
        -------
        list of dict
            The table's rows.
        """
        return [{"hook": h.signature, "returns": h.returns, "rules": ", ".join(h.rules),
                 "bots follow": "yes" if h.bots_follow else "no: " + h.bots_note,
                 "example": h.example} for h in self._specs]

    def to_frame(self) -> Any:
        """The table as a pandas DataFrame (pandas is imported here, not before).

        Returns
        -------
        pandas.DataFrame
            One row per hook.
        """
        import pandas as pd
        return pd.DataFrame(self.rows())

    def __repr__(self) -> str:
        lines = [f"{len(self)} hooks of {self.game_class.__name__}:"]
        for h in self._specs:
            lines.append(f"  {h.signature}: {h.returns}" + (f"  [{', '.join(h.rules)}]" if h.rules else ""))
        return "\n".join(lines)

    def _repr_html_(self) -> str:
        import html
        head = "".join(f"<th>{html.escape(k)}</th>" for k in ("hook", "returns", "rules",
                                                               "bots follow", "example"))
        body = []
        for r in self.rows():
            cells = [f"<td><code>{html.escape(r['hook'])}</code></td>",
                     f"<td>{html.escape(r['returns'])}</td>", f"<td>{html.escape(r['rules'])}</td>",
                     f"<td>{html.escape(r['bots follow'])}</td>",
                     f"<td><code>{html.escape(r['example'])}</code></td>"]
            body.append("<tr>" + "".join(cells) + "</tr>")
        return (f"<table><caption>{len(self)} hooks of {html.escape(self.game_class.__name__)}"
                f"</caption><thead><tr>{head}</tr></thead><tbody>{''.join(body)}</tbody></table>")


_TABLES: "weakref.WeakKeyDictionary[type, dict[str, HookSpec]]" = weakref.WeakKeyDictionary()
#: each class's overridden hooks (:func:`overridden_hooks`), found once per class like its
#: table: a class's methods are fixed when it is made (``BaseGame.__init_subclass__`` checks
#: and wraps them then), and the engines ask on every turn
_OVERRIDDEN: "weakref.WeakKeyDictionary[type, tuple[str, ...]]" = weakref.WeakKeyDictionary()


def _declared(cls: type) -> dict[str, HookSpec]:
    """Every hook declared on ``cls`` or its bases, by name, base classes' first."""
    found = _TABLES.get(cls)
    if found is None:
        found = {}
        for k in reversed(cls.__mro__):
            for name, f in vars(k).items():
                spec = getattr(f, "__hook__", None)
                if isinstance(spec, HookSpec):
                    found[name] = spec
        _TABLES[cls] = found
    return found


def _game_class(game_or_class: Any) -> type:
    if isinstance(game_or_class, str):
        from .registry import load_game
        return type(load_game(game_or_class))
    return game_or_class if isinstance(game_or_class, type) else type(game_or_class)


def hooks(game_or_class: Any) -> HookTable:
    """The hooks of a game: the methods a house rule may override.

    Parameters
    ----------
    game_or_class : game, game class or str
        A game, its class (a subclass too) or a registered game's name.

    Returns
    -------
    HookTable
        Each hook's signature, what it returns, the rules it decides, whether the bots
        follow it and an example override.

    Examples
    --------
    >>> import tabletop_nb
    >>> tabletop_nb.hooks("pacal").names[:3]
    ('first_round', 'moves_this_turn', 'after_drops')
    """
    cls = _game_class(game_or_class)
    return HookTable(cls, list(_declared(cls).values()))


def _declaration(cls: type, name: str) -> Any:
    """The function that ``cls`` finds for ``name`` (without binding it)."""
    return inspect.getattr_static(cls, name, None)


def overridden_hooks(cls: Any) -> tuple[str, ...]:
    """The hooks that a subclass (or a game of it) overrides, in the table's order.

    Parameters
    ----------
    cls : type or game
        A game class or a game.

    Returns
    -------
    tuple of str
        The names of the hooks whose method is not the declared one.

    Examples
    --------
    >>> from tabletop_nb.games.pacal import PacalGame
    >>> class Twice(PacalGame):
    ...     def moves_this_turn(self, s):
    ...         return 2
    >>> overridden_hooks(Twice), overridden_hooks(PacalGame)
    (('moves_this_turn',), ())
    """
    cls = _game_class(cls)
    found = _OVERRIDDEN.get(cls)
    if found is None:
        found = _OVERRIDDEN[cls] = tuple(
            name for name, spec in _declared(cls).items()
            if getattr(_declaration(cls, name), "__hook__", None) is not spec)
    return found


def override_source(cls: Any, name: str) -> Callable:
    """The designer's own function behind an overridden hook (the check wrapper removed).

    Parameters
    ----------
    cls : type or game
        The subclass.
    name : str
        The hook.

    Returns
    -------
    callable
        The function as written.
    """
    f = _declaration(_game_class(cls), name)
    return getattr(f, "__tt_override__", f)


def _name(cls: type) -> str:
    """A class's name as a designer wrote it (a class defined inside a function keeps its
    own name, not the function's ``<locals>``)."""
    return cls.__qualname__.rsplit("<locals>.", 1)[-1]


def _did_you_mean(name: str, names: Sequence[str]) -> str:
    close = difflib.get_close_matches(name, list(names), n=1, cutoff=0.6)
    return f"; did you mean {close[0]!r}?" if close else ""


_HOW_TO_HELP = ("a helper method's name starts with '_' (or mark it with "
                "@tabletop_nb.core.hooks.helper)")


def check_subclass(cls: type) -> None:
    """Check a game subclass as Python defines it, and wrap its hook overrides.

    Called from ``BaseGame.__init_subclass__``. A class that declares hooks itself (an
    engine's class or section) is not checked.

    Parameters
    ----------
    cls : type
        The new class.

    Raises
    ------
    HouseRuleError
        A public method close to a hook's name that overrides nothing, or an override
        whose parameters do not fit the hook's.

    Examples
    --------
    >>> from tabletop_nb.games.pebble_rock import PebbleRockGame
    >>> class Typo(PebbleRockGame):
    ...     def capacty(self, s, seat):
    ...         return 5
    Traceback (most recent call last):
    ...
    tabletop_nb.core.errors.HouseRuleError: Typo.capacty overrides nothing: did you mean capacity(self, s, seat) -> int? ...
    """
    own = vars(cls)
    if any(isinstance(getattr(f, "__hook__", None), HookSpec) for f in own.values()):
        return  # an engine's class declaring hooks
    specs = _declared(cls)
    if not specs:
        return
    for name, f in list(own.items()):
        if name.startswith("_") or not inspect.isfunction(f):
            continue
        if getattr(f, "__tt_helper__", False):
            continue
        spec = specs.get(name)
        if spec is None:
            if any(name in vars(b) for b in cls.__mro__[1:]):
                continue  # overrides a method that is not a hook (allowed)
            close = difflib.get_close_matches(name, list(specs), n=1, cutoff=0.75)
            if close:
                near = specs[close[0]]
                raise HouseRuleError(
                    f"{_name(cls)}.{name} overrides nothing: did you mean "
                    f"{near.signature}? (a method of another name is never called by the "
                    f"engine; {_HOW_TO_HELP})", hook=near.name, owner=_name(cls))
            continue
    # every hook the class now finds elsewhere than at its declaration: its own override,
    # or one from a plain mixin class of the designer's; a wrapped one is checked already
    for name, spec in specs.items():
        f = _declaration(cls, name)
        if getattr(f, "__hook__", None) is spec or getattr(f, "__tt_override__", None) is not None \
                or getattr(f, "__tt_helper__", False) or not inspect.isfunction(f):
            continue
        _check_signature(cls, f, spec)
        setattr(cls, name, _checked(cls, f, spec))


def _check_signature(cls: type, f: Callable, spec: HookSpec) -> None:
    """Refuse an override whose parameters do not fit the hook's."""
    try:
        params = list(inspect.signature(f).parameters.values())
    except (TypeError, ValueError):
        return
    P = inspect.Parameter
    if any(p.kind is P.VAR_POSITIONAL for p in params):
        return  # def hook(self, *args): takes anything
    positional = [p for p in params if p.kind in (P.POSITIONAL_ONLY, P.POSITIONAL_OR_KEYWORD)]
    names = tuple(p.name for p in positional[1:])
    ok = (len(positional) >= 1 + len(spec.params)
          and names[:len(spec.params)] == spec.params
          and all(p.default is not P.empty for p in positional[1 + len(spec.params):])
          and all(p.default is not P.empty for p in params if p.kind is P.KEYWORD_ONLY))
    if not ok:
        got = f"{f.__name__}({', '.join(['self', *names]) if positional else ''})"
        raise HouseRuleError(
            f"{_name(cls)}.{f.__name__} does not fit the hook: it is written {got}, "
            f"the hook is {spec.signature} (the engine calls it with these arguments; extra "
            f"parameters need defaults)", hook=spec.name, owner=_name(cls))


def _situation(game: Any, spec: HookSpec, args: tuple, kwargs: dict) -> str:
    """Where the engine asked the hook, in words: its arguments, and the state's phase."""
    parts = []
    state = None
    for name, v in list(zip(spec.params, args)) + list(kwargs.items()):
        if name == "s":
            state = v
            continue
        if _is_int(v) or isinstance(v, (bool, str)) or v is None:
            parts.append(f"{name}={v!r}")
    text = ", ".join(parts)
    if state is not None:
        try:
            where = game.phase(state)
        except Exception:  # a half-made state: say nothing rather than fail here
            where = ""
        turn = None
        try:
            turn = game.turn_count(state)
        except Exception:
            pass
        extra = [w for w in (where, f"turn {turn}" if turn is not None else "") if w]
        if extra:
            text = (text + " " if text else "") + "(" + ", ".join(extra) + ")"
    return text


def _checked(cls: type, f: Callable, spec: HookSpec) -> Callable:
    """``f`` (an override of ``spec``) with each value it returns checked."""
    check = spec.check
    owner = _name(cls)

    @functools.wraps(f)
    def checked(self: Any, *args: Any, **kwargs: Any) -> Any:
        value = f(self, *args, **kwargs)
        if check is not None:
            why = check(self, value)
            if why is not None:
                where = _situation(self, spec, args, kwargs)
                raise HouseRuleError(
                    f"the house rule {owner}.{spec.name} returned {value!r}: {why}; "
                    f"{spec.name} must return {spec.returns} ({spec.signature})"
                    + (f"; asked with {where}" if where else ""),
                    hook=spec.name, owner=owner, value=value, situation=where)
        return value

    checked.__tt_override__ = f  # type: ignore[attr-defined]
    return checked


# -- a study's identity: which class played, and the source of what it overrides ----------
#: where the package's own game classes live (a class defined elsewhere is a designer's)
_ENGINE_MODULES = ("tabletop_nb.games.", "tabletop_nb.lab.", "tabletop_nb.core.protocol",
                   "tabletop_nb.widgets.", "abc")


def house_rule_classes(cls: Any) -> tuple[type, ...]:
    """The classes of a game's class that a designer wrote: those of its MRO defined
    outside the package (none for a printed game).

    Parameters
    ----------
    cls : type or game
        A game class or a game.

    Returns
    -------
    tuple of type
        Most derived first.

    Examples
    --------
    >>> from tabletop_nb.games.pacal import PacalGame
    >>> house_rule_classes(PacalGame)
    ()
    """
    cls = _game_class(cls)
    return tuple(k for k in cls.__mro__ if k is not object
                 and not k.__module__.startswith(_ENGINE_MODULES))


def _code_text(code: Any) -> str:
    """A code object as stable text (its bytecode, names and constants, nested code too)."""
    consts = tuple(_code_text(c) if inspect.iscode(c) else repr(c) for c in code.co_consts)
    return repr((code.co_code, code.co_names, code.co_varnames, consts))


def _digest(value: Any) -> str:
    """A short digest of a method's source (its code when the source cannot be found, as
    for a class typed in a plain Python prompt), or of a plain class attribute's value."""
    f = value
    if isinstance(f, (staticmethod, classmethod)):
        f = f.__func__
    if isinstance(f, property):
        f = f.fget
    f = getattr(f, "__tt_override__", f)
    if inspect.isfunction(f):
        try:
            text = inspect.getsource(f)
        except (OSError, TypeError):
            text = _code_text(f.__code__)
    else:
        text = repr(value)
    return hashlib.blake2b(text.encode(), digest_size=8).hexdigest()


def class_identity(game_or_class: Any) -> dict | None:
    """What a study records of a game's class: None for a printed game; for a house rule,
    the class (module and qualified name) and a digest of the source of every method (and
    plain attribute) its own classes define, so a study resumed with another class or an
    edited one is refused.

    Parameters
    ----------
    game_or_class : game or type
        The game (or its class).

    Returns
    -------
    dict or None
        ``{"class": "module.Qualname", "source": {name: digest}}``.

    Examples
    --------
    >>> from tabletop_nb.games.pacal import PacalGame
    >>> class Twice(PacalGame):
    ...     def moves_this_turn(self, s):
    ...         return 2
    >>> ident = class_identity(Twice)
    >>> ident["class"].endswith("Twice"), sorted(ident["source"])
    (True, ['Twice.moves_this_turn'])
    >>> class_identity(PacalGame) is None
    True
    """
    cls = _game_class(game_or_class)
    mine = house_rule_classes(cls)
    if not mine:
        return None
    source: dict[str, str] = {}
    for k in mine:
        for name, v in vars(k).items():
            if (name.startswith("__") and name.endswith("__") and name != "__init__") \
                    or name == "_abc_impl" or name.startswith("_tt_"):
                continue
            if not callable(v) and " at 0x" in repr(v):
                continue  # a table of the engine's own (Neko's dispatch tables), not a value
            if callable(v) or isinstance(v, (staticmethod, classmethod, property)) \
                    or isinstance(v, (int, float, str, bytes, tuple, frozenset, bool, type(None))):
                source[f"{k.__qualname__}.{name}"] = _digest(v)
    return {"class": f"{cls.__module__}.{_name(cls)}", "source": source}
