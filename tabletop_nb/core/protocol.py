"""The game protocol every engine implements (OpenSpiel's shape, immutable like pgx).

A game is a pure function table over immutable states::

    s = game.initial_state()
    while not game.is_terminal(s):
        p = game.current_player(s)            # a seat, CHANCE or TERMINAL
        if p == CHANCE:
            outcomes = game.chance_outcomes(s)  # [(action, Fraction)], sums to 1
        else:
            actions = game.legal_actions(s)     # never empty
        s = game.apply(s, action)              # s itself is unchanged
    game.scores(s), game.winners(s)

Every roll, draw and shuffle is a chance node, so ``apply`` never draws random numbers:
exact odds walk the outcomes, a runner samples them, and a record is just the list of
actions. Engines subclass :class:`BaseGame`, which supplies checking, rule changes,
pickling and sensible defaults.
"""
from __future__ import annotations

import dataclasses
import numbers
from abc import ABC, abstractmethod
from fractions import Fraction
from types import NoneType
from typing import Any, Hashable, Mapping, Protocol, runtime_checkable

from .dice import Die
from .errors import IllegalActionError, RulesError, unknown_name
from .rules import RulesBase

__all__ = ["CHANCE", "TERMINAL", "Game", "BaseGame", "Action", "make_rules", "find_action",
           "same_value"]

#: ``current_player`` when the next step is a roll, draw or shuffle.
CHANCE: int = -1
#: ``current_player`` when the game is over.
TERMINAL: int = -2

Action = Hashable


@runtime_checkable
class Game(Protocol):
    """What notebooks, runners, widgets and tests rely on.

    Examples
    --------
    >>> import tabletop_nb
    >>> isinstance(tabletop_nb.load_game("pacal", players=2), Game)
    True
    """

    name: str
    num_players: int
    rules: RulesBase

    def with_rules(self, **changes: Any) -> "Game": ...
    def initial_state(self) -> Any: ...
    def current_player(self, state: Any) -> int: ...
    def legal_actions(self, state: Any) -> list: ...
    def chance_outcomes(self, state: Any) -> list[tuple[Any, Fraction]]: ...
    def apply(self, state: Any, action: Any) -> Any: ...
    def is_terminal(self, state: Any) -> bool: ...
    def scores(self, state: Any) -> tuple: ...
    def winners(self, state: Any) -> tuple: ...
    def action_label(self, state: Any, action: Any) -> str: ...

    @property
    def dice(self) -> Mapping[str, Die]: ...


def make_rules(rules_cls: type, **overrides: Any) -> RulesBase:
    """Build ``rules_cls`` from keyword overrides, refusing unknown names with RulesError.

    Parameters
    ----------
    rules_cls : type
        A game's rules class.
    **overrides
        Rule values by name.

    Returns
    -------
    RulesBase
        The rules (checked by their own validation).

    Examples
    --------
    >>> from tabletop_nb.games.pacal.rules import PacalRules
    >>> make_rules(PacalRules, players=3).players
    3
    >>> make_rules(PacalRules, player=3)
    Traceback (most recent call last):
    ...
    tabletop_nb.core.errors.RulesError: rules.player: there is no such rule; did you mean 'players'?
    """
    names = [f.name for f in dataclasses.fields(rules_cls)]
    for k in overrides:
        if k not in names:
            raise RulesError(k, unknown_name(k, names))
    try:
        return rules_cls(**overrides)
    except RulesError as e:
        from .rules import touched_field
        try:
            default = rules_cls(players=overrides["players"]) if "players" in overrides else rules_cls()
        except RulesError:
            default = None
        raise touched_field(e, overrides, default) from None


def _replace(rules: RulesBase, changes: Mapping[str, Any]) -> RulesBase:
    """``rules.replace(**changes)``; a refusal names the rule changed (:func:`.rules.touched_field`)."""
    try:
        return rules.replace(**changes)
    except RulesError as e:
        from .rules import touched_field
        raise touched_field(e, changes, rules) from None


_GAME_CACHE: dict = {}
#: games a worker process keeps built (a balance study races up to 64 settings by default,
#: and Pacal's set-up takes tens of milliseconds: rebuilding every setting's game for each
#: chunk of each round would cost seconds per round)
GAME_CACHE_SIZE = 128


def _rebuild_game(cls: type, rules: RulesBase) -> "BaseGame":
    """Unpickle a game; a worker process reuses the game it built for earlier chunks of a
    run instead of repeating ``setup()`` (board lookups can take tens of milliseconds)."""
    key = (cls, rules)
    game = _GAME_CACHE.get(key)
    if game is None:
        if len(_GAME_CACHE) >= GAME_CACHE_SIZE:
            _GAME_CACHE.clear()
        game = _GAME_CACHE[key] = cls(rules)
    return game


_NO_MATCH = object()


def find_action(legal: list, action: Any) -> Any:
    """The element of ``legal`` that ``action`` matches exactly, or ``_NO_MATCH``.

    The fast path is identity (a bot handing back one of the legal objects); otherwise a
    candidate must have the very same type and compare equal (C-speed) before the
    recursive type check runs on that one candidate.

    Parameters
    ----------
    legal : list
        The legal actions.
    action : object
        The action given (by a bot, a click, a record).

    Returns
    -------
    object
        The legal element itself, or ``_NO_MATCH``.

    Examples
    --------
    >>> import tabletop_nb
    >>> game = tabletop_nb.load_game("pacal", players=2)
    >>> legal = game.legal_actions(game.initial_state())
    >>> find_action(legal, legal[0]) is legal[0], find_action(legal, ("x",)) is _NO_MATCH
    (True, True)
    """
    for c in legal:
        if c is action:
            return c
    tp = type(action)
    for c in legal:
        if type(c) is tp:
            try:
                equal = bool(c == action)
            except Exception:  # an object whose == raises or is ambiguous is no action
                return _NO_MATCH
            if equal and same_value(c, action):
                return c
    return _NO_MATCH


def same_value(legal: Any, given: Any) -> bool:
    """True when ``given`` equals ``legal`` with the same types all the way down.

    Tuples and named tuples compare element by element, dataclasses field by field,
    frozensets and dicts element by element. A numpy integer stands for an int (never
    for a bool); a float, a bool or a str never stands for an int.

    Parameters
    ----------
    legal : object
        A legal action (or part of one).
    given : object
        The value to compare.

    Returns
    -------
    bool
        Whether they are equal with the same types.

    Examples
    --------
    >>> same_value((1, "a"), (1, "a")), same_value((1,), (1.0,)), same_value(1, True)
    (True, False, False)
    """
    if legal is given:
        return True
    tl = type(legal)
    if tl is not type(given):
        if tl is int and isinstance(given, numbers.Integral) and hasattr(given, "dtype") \
                and given.dtype.kind in "iu":
            return int(given) == legal
        return False
    if tl in (int, str, bool, float, NoneType):
        return legal == given
    if isinstance(legal, tuple):
        return len(legal) == len(given) and all(map(same_value, legal, given))
    if isinstance(legal, (frozenset, set)):
        if len(legal) != len(given):
            return False
        rest = list(given)
        for x in legal:
            i = next((k for k, y in enumerate(rest) if same_value(x, y)), -1)
            if i < 0:
                return False
            rest.pop(i)
        return True
    if isinstance(legal, dict):
        return ({(type(k), k) for k in legal} == {(type(k), k) for k in given}
                and all(same_value(v, given[k]) for k, v in legal.items()))
    if dataclasses.is_dataclass(legal):
        return all(same_value(getattr(legal, f.name), getattr(given, f.name))
                   for f in dataclasses.fields(legal))
    return legal == given


def _why_not(legal: list, action: Any) -> str | None:
    """Say why an action that looks legal is refused (type or value types differ)."""
    try:
        near = [c for c in legal if c == action]
    except Exception:
        return f"not an action: a {type(action).__name__}"
    if not near:
        return None
    c = near[0]
    if type(c) is not type(action):
        return (f"a {type(action).__name__} that equals the legal {type(c).__name__} "
                f"{c!r}; the types must match")
    return f"equal to the legal {c!r} but with other value types; whole numbers must be int"


class BaseGame(ABC):
    """Shared machinery for engines.

    A subclass sets ``name`` and ``Rules`` (its frozen rules dataclass, with a
    ``players`` field) and implements ``initial_state``, ``current_player``,
    ``legal_actions``, ``chance_outcomes``, ``apply_trusted`` and ``scores``. It may
    override ``winners`` and ``ranks`` (for rulebook tie-breaks), ``action_label``,
    ``observation`` (to hide information from a seat), ``sample_chance`` (a faster
    sampler), ``turn_count``, ``events`` and ``dice``.

    Games are compared, hashed and pickled by their name and rules: the engine's
    precomputed lookups are rebuilt from the rules on unpickling.

    Parameters
    ----------
    rules : RulesBase, optional
        The rules (default: the game's ``Rules()``).
    **overrides
        Rule changes by name, applied on top (unknown names raise ``RulesError``).

    Examples
    --------
    >>> import tabletop_nb
    >>> game = tabletop_nb.load_game("pacal", players=2)
    >>> isinstance(game, BaseGame), game.with_rules(players=3).num_players
    (True, 3)
    """

    name: str = "?"
    Rules: type[RulesBase] = RulesBase
    #: upper bound on the number of actions (decisions and chance outcomes) in one game
    max_actions: int = 100_000

    def __init_subclass__(cls, **kwargs: Any) -> None:
        """A subclass is checked as Python defines it (:func:`.hooks.check_subclass`): a
        misspelled or mis-signed hook override is refused, and a hook override's values
        are checked where the engine takes them."""
        super().__init_subclass__(**kwargs)
        from .hooks import check_subclass
        check_subclass(cls)

    def __init__(self, rules: RulesBase | None = None, **overrides: Any):
        if rules is None:
            rules = make_rules(self.Rules, **overrides)
        elif overrides:
            rules = _replace(rules, overrides)
        if not isinstance(rules, self.Rules):
            raise RulesError("*", f"{self.name} needs {self.Rules.__name__}, got {type(rules).__name__}")
        self.rules = rules
        self.setup()

    def setup(self) -> None:
        """Precompute lookups from ``self.rules`` (board adjacency, card tables). Optional."""

    # -- identity ---------------------------------------------------------------
    @property
    def num_players(self) -> int:
        return self.rules.players

    def with_rules(self, **changes: Any) -> "BaseGame":
        """The same game with some rules changed; refused with RulesError naming the field.

        >>> # doctest: +SKIP
        >>> bigger = game.with_rules(cargo_capacity=5)
        """
        return type(self)(_replace(self.rules, changes))

    def with_plain_rules(self, data: Mapping[str, Any]) -> "BaseGame":
        """The same game with rules read from plain data (a save file)."""
        return type(self)(self.Rules.from_plain(data))

    def __reduce__(self):
        return (_rebuild_game, (type(self), self.rules))

    def __eq__(self, other: Any) -> bool:
        return type(self) is type(other) and self.rules == other.rules

    def __hash__(self) -> int:
        return hash((type(self).__name__, self.rules))

    def __repr__(self) -> str:
        changed = self.rules.changes_from(self.Rules(players=self.num_players))
        extra = "".join(f", {k}={v!r}" for k, v in changed.items())
        return f"load_game({self.name!r}, players={self.num_players}{extra})"

    @property
    def dice(self) -> dict[str, Die]:
        """The game's real dice by name: every rules field holding a Die, under the die's
        own name ("steady", "danger") or, for an unnamed die, the field's name."""
        out = {}
        for f in dataclasses.fields(self.rules):
            d = getattr(self.rules, f.name)
            if isinstance(d, Die):
                out[d.name if d.name and d.name not in out else f.name] = d
        return out

    # -- the engine (override) ---------------------------------------------------
    @abstractmethod
    def initial_state(self) -> Any:
        """The state before the first action (setup shuffles are chance nodes after it)."""

    @abstractmethod
    def current_player(self, state: Any) -> int:
        """The seat to act, CHANCE or TERMINAL."""

    @abstractmethod
    def legal_actions(self, state: Any) -> list:
        """The actions the current player may take (empty only when terminal)."""

    @abstractmethod
    def chance_outcomes(self, state: Any) -> list[tuple[Any, Fraction]]:
        """At a CHANCE node: every outcome with its exact probability (sums to 1)."""

    @abstractmethod
    def apply_trusted(self, state: Any, action: Any) -> Any:
        """Apply an action taken from this state's legal actions or chance outcomes."""

    @abstractmethod
    def scores(self, state: Any) -> tuple:
        """Each seat's score now (the track during play, the final score at the end)."""

    # -- defaults ------------------------------------------------------------------
    def is_terminal(self, state: Any) -> bool:
        return self.current_player(state) == TERMINAL

    def apply(self, state: Any, action: Any) -> Any:
        """Apply ``action`` and return the new state; ``state`` is unchanged.

        The action must be one of the legal actions (or chance outcomes) *exactly*: equal,
        of the same type, with the same value types all the way down (see
        :meth:`match_action`). The engine is then given its own legal action, never the
        caller's object, so nothing the caller passed can end up in the engine.

        Raises IllegalActionError naming the legal actions when ``action`` is not one.

        Examples
        --------
        >>> # doctest: +SKIP
        >>> s2 = game.apply(s, game.legal_actions(s)[0])
        """
        return self.apply_trusted(state, self.match_action(state, action))

    def match_action(self, state: Any, action: Any) -> Any:
        """The legal action (or chance outcome) of ``state`` that ``action`` stands for.

        Matching is exact: equal, of the same type (another action class with the same
        fields, or a plain tuple for a named tuple, is refused) and with the same value
        types, recursively (a float or bool is never an int). A numpy integer where the
        legal action has an int is accepted; the engine's own action is returned, so the
        caller's object goes no further.

        Raises IllegalActionError naming the legal actions when nothing matches.

        Examples
        --------
        >>> # doctest: +SKIP
        >>> a = game.match_action(s, Step(to=29))     # the engine's own Step(to=29)
        >>> game.match_action(s, Step(to=29.0))       # IllegalActionError
        """
        p = self.current_player(state)
        if p == TERMINAL:
            raise IllegalActionError(action, [], "the game is over")
        if p == CHANCE:
            legal = [a for a, _ in self.chance_outcomes(state)]
            match = find_action(legal, action)
            if match is _NO_MATCH:
                raise IllegalActionError(action, legal, "not an outcome of this roll or draw")
        else:
            legal = self.legal_actions(state)
            match = find_action(legal, action)
            if match is _NO_MATCH:
                raise IllegalActionError(action, legal, _why_not(legal, action),
                                         [self.action_label(state, a) for a in legal])
        return match

    def sample_chance(self, state: Any, rng) -> Any:
        """Draw one chance outcome with a numpy Generator (override for speed)."""
        outcomes = self.chance_outcomes(state)
        r = rng.random()
        acc = 0.0
        for a, p in outcomes:
            acc += float(p)
            if r < acc:
                return a
        return outcomes[-1][0]

    def winners(self, state: Any) -> tuple[int, ...]:
        """Seats that won (all who share the win). Default: the highest score."""
        sc = self.scores(state)
        best = max(sc)
        return tuple(i for i, v in enumerate(sc) if v == best)

    def ranks(self, state: Any) -> tuple[int, ...]:
        """Rank of each seat, 1 = won. Default: winners 1, the rest by score (ties share)."""
        sc = self.scores(state)
        win = set(self.winners(state))
        keys = [(i in win, sc[i]) for i in range(len(sc))]
        return tuple(1 + sum(1 for k in keys if k > keys[i]) for i in range(len(sc)))

    def action_label(self, state: Any, action: Any) -> str:
        """What a person reads on a button or in the log."""
        return str(action)

    def observation(self, state: Any, player: int) -> Any:
        """The state as ``player`` may see it (hidden information masked).

        Bots are given this. It must be a state on which ``legal_actions`` and
        ``current_player`` give the same answers. Default: everything is public.
        """
        return state

    def events(self, state: Any) -> tuple[str, ...]:
        """What the last action did, in words ("Larry stole 2 fish from Red")."""
        return tuple(getattr(state, "events", ()) or ())

    def turn_count(self, state: Any) -> int | None:
        """Turns played so far, if the game counts them; None lets the runner count."""
        return None

    def bots(self) -> dict:
        """Bots this game offers by name (beyond "random"): name -> bot(game, state, rng)."""
        return {}

    def player_name(self, seat: int) -> str:
        """How a seat is called in logs."""
        return f"Player {seat + 1}"

    def summary(self, state: Any) -> dict[str, Any]:
        """Per-player public resources for displays: {label: tuple per seat}."""
        return {"score": tuple(self.scores(state))}

    def phase(self, state: Any) -> str:
        """A short description of where the game is (round, phase)."""
        return ""

    # -- hooks for the search bot (core/search.py); a game overrides them in its engine by
    # -- delegating to its bots.py, and the defaults suit a game without hidden information
    #: decisions a search rollout plays before ``estimate_scores`` values it (None: to the end)
    search_horizon: int | None = None

    def determinize(self, state: Any, player: int, rng) -> Any:
        """A full state that ``player`` could not tell from ``state``: the hidden parts
        (others' cards, face-down tokens) drawn with ``rng`` consistently with what the
        seat sees. Given an observation, it must depend on nothing else. Default: the
        state itself (everything is public).

        >>> # doctest: +SKIP
        >>> world = game.determinize(game.observation(s, 0), 0, np.random.default_rng(1))
        """
        return state

    def estimate_scores(self, state: Any) -> tuple:
        """Each seat's expected final score from ``state`` (for truncated search rollouts).
        Default: the scores now.

        >>> # doctest: +SKIP
        >>> game.estimate_scores(s)
        (31.5, 27.0)
        """
        return tuple(self.scores(state))

    def search_actions(self, state: Any, rng) -> list:
        """The legal actions worth comparing at this decision, the game's preferred one
        first; one action means "play it without searching". Default: all legal actions.

        >>> # doctest: +SKIP
        >>> game.search_actions(s, np.random.default_rng(1))
        """
        return self.legal_actions(state)
