"""The errors tabletop_nb raises.

Every error the package raises on purpose is a :class:`TabletopError`, so a notebook
or a widget can catch one type and show its message instead of a traceback.
"""
from __future__ import annotations

import difflib
from typing import Any, Iterable

__all__ = ["TabletopError", "IllegalActionError", "RulesError", "RecordError", "HouseRuleError",
           "unknown_name"]

_MAX_LISTED = 24


def unknown_name(name: Any, names: Iterable[str], what: str = "rule") -> str:
    """The reason for a name that is not known: the nearest names when some are close
    ("did you mean"), else every name.

    Parameters
    ----------
    name : object
        The name given.
    names : iterable of str
        The names there are.
    what : str, default "rule"
        What a name names ("rule", "bot", "metric").

    Returns
    -------
    str
        E.g. "there is no such rule; did you mean 'players'?".

    Examples
    --------
    >>> unknown_name("player", ["players", "rounds", "expert"])
    "there is no such rule; did you mean 'players'?"
    >>> unknown_name("zz", ["players", "rounds"], "metric")
    'there is no such metric; the metrics are: players, rounds'
    """
    names = list(names)
    close = _nearest(str(name), names)
    if close:
        return f"there is no such {what}; did you mean " + " or ".join(repr(c) for c in close) + "?"
    return f"there is no such {what}; the {what}s are: " + ", ".join(names)


def _nearest(name: str, names: list[str]) -> list[str]:
    """The names close to ``name`` (difflib's ratio at least 0.6) and nearly as close as
    the closest (within 0.05), closest first, at most 3."""
    scored = []
    for n in names:
        m = difflib.SequenceMatcher(None, name, n)
        if m.real_quick_ratio() >= 0.6 and m.quick_ratio() >= 0.6:
            r = m.ratio()
            if r >= 0.6:
                scored.append((-r, n))
    scored.sort()
    if not scored:
        return []
    best = -scored[0][0]
    return [n for r, n in scored if -r >= best - 0.05][:3]


class TabletopError(Exception):
    """Base class of every error raised on purpose by tabletop_nb.

    Examples
    --------
    >>> import tabletop_nb
    >>> try:
    ...     tabletop_nb.load_game("pebble_rock", rounds=0)
    ... except TabletopError as err:      # one type to catch in a notebook or a widget
    ...     print(type(err).__name__, err)
    RulesError rules.rounds: must be at least 1, got 0
    """


class IllegalActionError(TabletopError, ValueError):
    """An action that is not legal in the state it was applied to.

    The message names the action and the legal ones; the state is left unchanged
    (states are immutable, so nothing can have been half-applied).

    Parameters
    ----------
    action : object
        The action that was refused.
    legal : iterable
        The legal actions of the state (kept as ``err.legal``).
    reason : str, optional
        Why it is refused, when more can be said than "not in the list".
    labels : iterable of str, optional
        How to show the legal actions (``game.action_label``); their reprs by default.

    Examples
    --------
    >>> err = IllegalActionError("fly", ["roll", "stop"])
    >>> str(err)
    "illegal action 'fly'; legal actions are: 'roll', 'stop'"
    """

    def __init__(self, action: Any, legal: Iterable[Any], reason: str | None = None,
                 labels: Iterable[str] | None = None):
        self.action = action
        self.legal = list(legal)
        self.reason = reason
        shown = list(labels) if labels is not None else [repr(a) for a in self.legal]
        if not shown:
            listed = "there are no legal actions (the game is over)"
        else:
            more = len(shown) - _MAX_LISTED
            listed = "legal actions are: " + ", ".join(shown[:_MAX_LISTED])
            if more > 0:
                listed += f", ... ({more} more)"
        why = f" ({reason})" if reason else ""
        super().__init__(f"illegal action {action!r}{why}; {listed}")


class RulesError(TabletopError, ValueError):
    """A rule change that is refused. ``field`` names the rule, ``reason`` says why, and
    ``path`` says where inside the rule's value (``delivery_cards[3].points``); the message
    shows the path.

    Parameters
    ----------
    field : str
        The rule refused (kept as ``err.field``).
    reason : str
        Why, in words a designer reads.
    path : str, optional
        Where inside the rule's value, when it is a part of it; ``field`` by default.

    Examples
    --------
    >>> str(RulesError("rounds", "must be at least 1, got 0"))
    'rules.rounds: must be at least 1, got 0'
    >>> str(RulesError("delivery_cards", "expected int, got str", path="delivery_cards[3].points"))
    'rules.delivery_cards[3].points: expected int, got str'
    """

    def __init__(self, field: str, reason: str, path: str | None = None):
        self.field = field
        self.reason = reason
        self.path = path or field
        super().__init__(f"rules.{self.path}: {reason}")

    def __reduce__(self):  # picklable across process pools despite the extra arguments
        return (type(self), (self.field, self.reason, self.path))


class HouseRuleError(RulesError):
    """A house rule (a subclass overriding a game's hooks) that is refused: a misspelled or
    mis-signed override when the class is defined, a hook value of the wrong type or range
    where the engine takes it, or a game that never ends under the subclass.

    ``hook`` names the hook (also ``err.field``), ``owner`` the class, ``value`` the value
    returned (when there is one), ``situation`` where the engine asked (seat, round), and
    ``game`` which game of a run failed (set by the runner: replay it alone).

    Parameters
    ----------
    message : str
        The whole message.
    hook : str, optional
        The hook concerned.
    owner : str, optional
        The subclass's qualified name.
    value : object, optional
        The value the override returned.
    situation : str, optional
        Where the engine asked, in words.
    game : str, optional
        Which game of a run (index and seed), to replay it.

    Examples
    --------
    >>> err = HouseRuleError("HugeHold.capacity returned -1: below 0", hook="capacity",
    ...                      owner="HugeHold", value=-1)
    >>> err.hook, err.field, isinstance(err, RulesError)
    ('capacity', 'capacity', True)
    """

    def __init__(self, message: str, hook: str = "", owner: str = "", value: Any = None,
                 situation: str = "", game: str = "", note: str = "", finished: Any = None):
        self.hook = hook
        self.owner = owner
        self.value = value
        self.situation = situation
        self.game = game
        self.message = message
        self.note = note
        #: the games a run finished before the failure, as the runner's ``(rows, records)``
        self.finished = finished
        #: the table of the games that finished (set by ``simulate``), else None
        self.table: Any = None
        super().__init__(hook or "*", message)
        self.args = (message + (f" [{game}]" if game else "") + (f" ({note})" if note else ""),)

    def __str__(self) -> str:
        return self.args[0]

    def _copy(self, **changes: Any) -> "HouseRuleError":
        kw = dict(hook=self.hook, owner=self.owner, value=self.value, situation=self.situation,
                  game=self.game, note=self.note, finished=self.finished)
        kw.update(changes)
        err = HouseRuleError(self.message, **kw)
        err.table = self.table
        return err

    def in_game(self, game: str) -> "HouseRuleError":
        """The same error, saying which game of a run it happened in.

        Parameters
        ----------
        game : str
            The game (its index and seed, how to replay it).

        Returns
        -------
        HouseRuleError
            A new error.

        Examples
        --------
        >>> str(HouseRuleError("bad", hook="capacity").in_game("game 3"))
        'bad [game 3]'
        """
        return self._copy(game=game)

    def keeping(self, finished: Any) -> "HouseRuleError":
        """The same error carrying the games finished before it (the runner's rows).

        Parameters
        ----------
        finished : object
            ``(rows, records)``.

        Returns
        -------
        HouseRuleError
            A new error.

        Examples
        --------
        >>> HouseRuleError("bad").keeping(([], [])).finished
        ([], [])
        """
        return self._copy(finished=finished)

    def noting(self, note: str, table: Any = None) -> "HouseRuleError":
        """The same error with a note (what was kept) and the table of finished games.

        Parameters
        ----------
        note : str
            Added to the message, in brackets.
        table : object, optional
            Kept as ``err.table``.

        Returns
        -------
        HouseRuleError
            A new error.

        Examples
        --------
        >>> str(HouseRuleError("bad").noting("2 games kept"))
        'bad (2 games kept)'
        """
        err = self._copy(note=note)
        err.table = table
        return err

    def __reduce__(self):  # picklable across process pools (the value as its repr if need be)
        value = self.value
        try:
            import pickle
            pickle.dumps(value)
        except Exception:
            value = repr(value)
        return (_house_rule_error, (self.message, self.hook, self.owner, value, self.situation,
                                    self.game, self.note, self.finished))


def _house_rule_error(*args: Any) -> HouseRuleError:
    return HouseRuleError(*args)


class RecordError(TabletopError, ValueError):
    """A game record (save file) that cannot be loaded or replayed, with the reason.

    Examples
    --------
    >>> from tabletop_nb import GameRecord
    >>> try:
    ...     GameRecord.from_json("{not json")
    ... except RecordError as err:
    ...     print("refused:", err)
    refused: not valid JSON at line 1, column 2: ...
    """
