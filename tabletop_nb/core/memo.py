"""Declared caches, with one switch that turns every one of them off.

A cache is a speed-up that must not change what a game does: the same games, bots and
seeds give the same records with or without it. To make that checkable, the engines and
bots make their caches here, each under a name and with a sentence saying what its key is
made of, and ``tests/test_caches_off.py`` plays every game with the caches on and off and
compares the records.

- :func:`cache` -- ``memo.cache("neko.legal", key="the state")``: a plain ``dict`` while
  caches are on (no cost beyond a dict's), an always-empty one while they are off
  (look-ups miss, stores are dropped).
- :func:`function` -- a decorator caching a pure function by its (hashable) arguments.
- :func:`caches_off` -- a context manager: caches made inside it are off.
  ``TABLETOP_CACHES=off`` in the environment (read when this module is imported, so worker
  processes inherit it) turns them off for the whole process.
- :func:`declared` -- the registry: every cache declared so far, its key description and
  how many were made (for docs and tests).
- :func:`counting` -- a context manager for tests: caches made inside it are dicts that
  count their look-ups, hits and stores into the registry.

Whether a cache is on is decided when it is made: a game object made inside
``caches_off()`` keeps do-nothing caches for its life; a function decorated at import
follows ``TABLETOP_CACHES`` only.

>>> moves = cache("doc.moves", key="the position")
>>> moves["start"] = ("a", "b")
>>> moves.get("start")
('a', 'b')
>>> with caches_off():
...     cold = cache("doc.moves", key="the position")
>>> cold["start"] = ("a", "b")
>>> cold.get("start"), "start" in cold, len(cold)
(None, False, 0)
>>> declared()["doc.moves"].key
'the position'
"""
from __future__ import annotations

import contextlib
import functools
import os
from dataclasses import dataclass
from typing import Any, Callable, Iterator, TypeVar

__all__ = ["cache", "function", "caches_off", "counting", "enabled", "declared", "Declared",
           "NoCache", "CountingCache", "ENV"]

#: the environment variable read at import: ``off`` (or ``0``, ``false``, ``no``) turns
#: every cache off in this process and in the worker processes it starts
ENV = "TABLETOP_CACHES"

F = TypeVar("F", bound=Callable[..., Any])


@dataclass
class Declared:
    """One declared cache, as the registry keeps it.

    Attributes
    ----------
    name : str
        Its name, ``"<game or module>.<what>"``.
    key : str
        What its key is made of.
    created : int
        How many caches of this name were made in this process (on or off).
    lookups, hits, stores : int
        Counted only by caches made inside :func:`counting` (0 otherwise).

    Examples
    --------
    >>> _ = cache("doc.declared", key="a name")
    >>> e = declared()["doc.declared"]
    >>> e.key, e.created >= 1
    ('a name', True)
    """

    name: str
    key: str
    created: int = 0
    lookups: int = 0
    hits: int = 0
    stores: int = 0


class NoCache(dict):
    """A cache switched off: a dict that stays empty (stores are dropped), so every
    look-up misses and the caller computes the value.

    >>> c = NoCache()
    >>> c["k"] = 1
    >>> c.get("k"), c.setdefault("k", 2), "k" in c
    (None, 2, False)
    """

    __slots__ = ()

    def __setitem__(self, key: Any, value: Any) -> None:
        pass

    def setdefault(self, key: Any, default: Any = None) -> Any:
        return default

    def update(self, *args: Any, **kwargs: Any) -> None:
        pass

    def __ior__(self, other: Any) -> "NoCache":  # type: ignore[misc]
        return self

    def __repr__(self) -> str:
        return "NoCache()"


class CountingCache(dict):
    """A cache that counts its look-ups, hits and stores into its registry entry (made
    inside :func:`counting`; slower than a dict, for tests only).

    Parameters
    ----------
    entry : Declared
        The registry entry its counts go to.

    Examples
    --------
    >>> c = CountingCache(Declared("doc.counted", key="an int"))
    >>> c[1] = "one"
    >>> c.get(1), c.get(2), (c.entry.lookups, c.entry.hits, c.entry.stores)
    ('one', None, (2, 1, 1))
    """

    __slots__ = ("entry",)

    def __init__(self, entry: Declared) -> None:
        super().__init__()
        self.entry = entry

    def __getitem__(self, key: Any) -> Any:
        self.entry.lookups += 1
        value = dict.__getitem__(self, key)
        self.entry.hits += 1
        return value

    def get(self, key: Any, default: Any = None) -> Any:
        self.entry.lookups += 1
        if dict.__contains__(self, key):
            self.entry.hits += 1
            return dict.__getitem__(self, key)
        return default

    def __contains__(self, key: object) -> bool:
        self.entry.lookups += 1
        found = dict.__contains__(self, key)
        self.entry.hits += found
        return found

    def __setitem__(self, key: Any, value: Any) -> None:
        self.entry.stores += 1
        dict.__setitem__(self, key, value)

    def setdefault(self, key: Any, default: Any = None) -> Any:
        self.entry.lookups += 1
        if dict.__contains__(self, key):
            self.entry.hits += 1
            return dict.__getitem__(self, key)
        self.entry.stores += 1
        dict.__setitem__(self, key, default)
        return default


def _env_on() -> bool:
    return os.environ.get(ENV, "on").strip().lower() not in ("off", "0", "false", "no")


class _Switch:
    """The process's switch: ``on`` (caches work), and ``count`` (they count)."""

    __slots__ = ("on", "count")

    def __init__(self) -> None:
        self.on = _env_on()
        self.count = False


_SWITCH = _Switch()
_REGISTRY: dict[str, Declared] = {}


def _declare(name: str, key: str) -> Declared:
    if not name or not isinstance(name, str):
        raise ValueError("a cache needs a name")
    if not key or not isinstance(key, str):
        raise ValueError(f"cache {name!r}: say what its key is made of (key=...)")
    entry = _REGISTRY.get(name)
    if entry is None:
        entry = _REGISTRY[name] = Declared(name, key)
    elif entry.key != key:
        raise ValueError(f"cache {name!r} is already declared with key {entry.key!r}, "
                         f"not {key!r}: give the other cache another name")
    entry.created += 1
    return entry


def cache(name: str, *, key: str) -> dict[Any, Any]:
    """A new declared cache: a ``dict``, or a :class:`NoCache` while caches are off.

    Parameters
    ----------
    name : str
        The cache's name, ``"<game or module>.<what>"``; every cache made under one name
        must give the same ``key``.
    key : str
        What the keys are made of ("the state", "(lanes, dice)"): a cache is only right if
        its key holds everything the value depends on, so say it. Equal keys are one key
        (``3``, ``3.0`` and ``True`` too): a value that depends on the type needs the type
        in the key.

    Returns
    -------
    dict
        Empty. Use it as a dict (``get``, ``[]``, ``in``, ``setdefault``); while caches are
        off every look-up misses.

    Examples
    --------
    >>> scores = cache("doc.scores", key="(player, state)")
    >>> scores.setdefault((0, "s"), 12)
    12
    >>> type(scores)
    <class 'dict'>
    """
    entry = _declare(name, key)
    if not _SWITCH.on:
        return NoCache()
    if _SWITCH.count:
        return CountingCache(entry)
    return {}


def function(*, name: str, key: str = "the arguments",
             maxsize: int | None = None) -> Callable[[F], F]:
    """Decorator: cache a pure function of hashable arguments (``functools.lru_cache``).

    Arguments of different types are different keys (``f(3)`` and ``f(3.0)`` are cached
    apart), but only at the top level: a tuple ``(3,)`` and ``(3.0,)`` are one key.

    While caches are off (when the function is decorated) the function is returned as it
    is. The registry's entry counts the cache; its hits and misses are the function's
    ``cache_info()``.

    Parameters
    ----------
    name : str
        The cache's name.
    key : str
        What the arguments are, in words.
    maxsize : int, optional
        Keep only this many results (least recently used dropped); unbounded by default.

    Examples
    --------
    >>> @function(name="doc.square", key="an int")
    ... def square(n):
    ...     return n * n
    >>> square(12), square(12)
    (144, 144)
    """
    def decorate(fn: F) -> F:
        entry = _declare(name, key)
        if not _SWITCH.on:
            return fn
        cached = functools.lru_cache(maxsize=maxsize, typed=True)(fn)
        _FUNCTIONS.setdefault(entry.name, []).append(cached)
        return cached  # type: ignore[return-value]
    return decorate


_FUNCTIONS: dict[str, list[Any]] = {}


def enabled() -> bool:
    """Whether caches made now are on.

    >>> with caches_off():
    ...     enabled()
    False
    """
    return _SWITCH.on


@contextlib.contextmanager
def caches_off() -> Iterator[None]:
    """Caches made inside this block do nothing (they stay empty).

    Game objects and bots made inside it keep do-nothing caches for their whole life;
    functions decorated at import keep what ``TABLETOP_CACHES`` gave them. Inside the
    block ``TABLETOP_CACHES`` is ``off``, so worker processes started there (a
    ``simulate`` on a new process pool) have every cache off too.

    >>> with caches_off():
    ...     enabled()
    False
    """
    before, env_before = _SWITCH.on, os.environ.get(ENV)
    _SWITCH.on = False
    os.environ[ENV] = "off"
    try:
        yield
    finally:
        _SWITCH.on = before
        if env_before is None:
            os.environ.pop(ENV, None)
        else:
            os.environ[ENV] = env_before


@contextlib.contextmanager
def counting() -> Iterator[dict[str, Declared]]:
    """Caches made inside this block count their use into the registry (for tests).

    Yields the registry (see :func:`declared`); the counts keep growing as long as the
    counting caches are used, also after the block.

    >>> with counting():
    ...     seen = cache("doc.seen", key="a word")
    >>> before = declared()["doc.seen"].hits
    >>> seen["a"] = 1
    >>> "a" in seen, declared()["doc.seen"].hits - before
    (True, 1)
    """
    before = _SWITCH.count
    _SWITCH.count = True
    try:
        yield _REGISTRY
    finally:
        _SWITCH.count = before


def declared() -> dict[str, Declared]:
    """Every cache declared in this process so far, by name (a copy of each entry; a
    :func:`function` cache's hits and stores are read from its ``cache_info``).

    >>> _ = cache("doc.example", key="a word")
    >>> declared()["doc.example"].key
    'a word'
    """
    out = {}
    for name, entry in _REGISTRY.items():
        copy = Declared(entry.name, entry.key, entry.created, entry.lookups, entry.hits,
                        entry.stores)
        for fn in _FUNCTIONS.get(name, ()):
            info = fn.cache_info()
            copy.lookups += info.hits + info.misses
            copy.hits += info.hits
            copy.stores += info.currsize
        out[name] = copy
    return out
