"""Game records: a whole game (or a game in progress) as JSON, and its replay.

A record is the game's name, its rules as plain data, the package version, the seed,
the list of actions (chance outcomes included, each encoded as plain data) and whether
the game ended. A finished record also states the final scores and winners.

Loading a record parses the JSON within fixed limits (see :data:`MAX_RECORD_BYTES`,
:data:`MAX_DEPTH`, :data:`MAX_INT_DIGITS`; no NaN or infinity), checks its shape, and
then *replays* it: every action is matched exactly against the legal actions of the state
it was taken in, a finished record must end exactly at the end of the game with the
stated scores and winners, and a record in progress must not have ended. Nothing in a
file is ever executed or turned into an object the game does not already offer.
Anything wrong is a :class:`~tabletop_nb.core.errors.RecordError` with the reason.
"""
from __future__ import annotations

import copy
import json
import math
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .._version import __version__
from .codec import to_plain
from .errors import RecordError, RulesError, TabletopError
from .protocol import CHANCE, TERMINAL
from . import registry

__all__ = ["GameRecord", "replay", "FORMAT", "MAX_RECORD_BYTES", "MAX_DEPTH", "MAX_INT_DIGITS"]

FORMAT = "tabletop_nb.record/1"
#: the largest record file (or JSON text) that is read: 16 MiB, far above a real game
#: (a 1,000-action Pacal game with its board is about 100 KB)
MAX_RECORD_BYTES = 16 * 2 ** 20
#: the deepest nesting of lists and objects allowed in a record (real records use < 10)
MAX_DEPTH = 40
#: the most digits an integer in a record may have (a 128-bit seed has 39)
MAX_INT_DIGITS = 60

_REQUIRED: dict[str, type] = {"format": str, "game": str, "version": str, "rules": dict, "actions": list}
_OPTIONAL: dict[str, type | tuple[type, ...]] = {"seed": (dict, type(None)), "bots": list, "scores": (list, type(None)),
             "winners": (list, type(None)), "meta": dict, "ended": bool}


def _minor(version: str) -> tuple:
    return tuple(version.split(".")[:2])


@dataclass(frozen=True)
class GameRecord:
    """One game, finished or in progress, as plain data that saves to JSON and replays exactly.

    ``ended`` says whether the game is over. A finished record (``ended=True``) states
    ``scores`` and ``winners``; a record of a game in progress (``ended=False``) states
    neither, and resuming it means replaying it and going on from its last state::

        states = tabletop_nb.replay(game, rec)     # rec.ended is False
        s = states[-1]                             # the position to play on from

    Left as None, ``ended`` is read from the record: ended when it states scores or winners.
    ``GameRecord.from_json`` / ``from_plain`` / ``load`` verify the record by replaying it
    (the game is looked up by name); ``replay`` verifies it again against a given game.

    Attributes
    ----------
    game : str
        The game's registered name (``"pebble_rock"``).
    rules : dict
        The game's rules as plain data (``game.rules.to_plain()``), so a record of a
        changed-rules game replays under those rules.
    actions : tuple
        Every action in order, chance outcomes included, each encoded as plain data.
    seed : dict or None
        The seed the game was played with (``simulate`` records each game's child seed).
    bots : tuple
        Who sat in each seat (bot names or ``"human"``).
    scores, winners : tuple or None
        The final scores and the winning seats; None for a game in progress.
    version : str
        The tabletop_nb version that wrote the record.
    meta : dict
        Free-form notes kept with the record.
    ended : bool or None
        Whether the game is over; None reads it from ``scores`` and ``winners``.

    Examples
    --------
    >>> import tabletop_nb
    >>> game = tabletop_nb.load_game("pacal", players=3)
    >>> rec = tabletop_nb.play(game, bots="random", seed=7)
    >>> rec.ended, GameRecord.from_json(rec.to_json()) == rec
    (True, True)
    >>> states = tabletop_nb.replay(game, GameRecord.from_json(rec.to_json()))
    >>> half = GameRecord(game=rec.game, rules=rec.rules, actions=rec.actions[:5])
    >>> half.ended      # a game in progress: save it, load it, play on from replay(...)[-1]
    False
    """

    game: str
    rules: dict
    actions: tuple = ()
    seed: dict | None = None
    bots: tuple = ()
    scores: tuple | None = None
    winners: tuple | None = None
    version: str = __version__
    meta: dict = field(default_factory=dict)
    ended: bool | None = None

    def __post_init__(self) -> None:
        if self.ended is None:
            object.__setattr__(self, "ended", self.scores is not None or self.winners is not None)
        if not isinstance(self.ended, bool):
            raise RecordError(f"a record's 'ended' is true or false, got {self.ended!r}")
        if self.ended and (self.scores is None or self.winners is None):
            raise RecordError("the record says the game ended but does not state its scores and winners")
        if not self.ended and (self.scores is not None or self.winners is not None):
            raise RecordError("the record says the game is in progress but states final scores or winners")

    # -- writing -------------------------------------------------------------------
    def to_plain(self) -> dict:
        """The record as plain data: a fresh copy (changing it never changes the record)."""
        return {"format": FORMAT, "game": self.game, "version": self.version,
                "rules": copy.deepcopy(self.rules), "seed": copy.deepcopy(self.seed),
                "bots": list(self.bots), "ended": self.ended,
                "actions": copy.deepcopy(list(self.actions)),
                "scores": None if self.scores is None else list(self.scores),
                "winners": None if self.winners is None else list(self.winners),
                "meta": copy.deepcopy(self.meta)}

    def to_json(self, indent: int | None = None) -> str:
        """The record as JSON text (RecordError if it holds something JSON cannot say)."""
        try:
            return json.dumps(self.to_plain(), indent=indent, allow_nan=False)
        except (TypeError, ValueError) as e:
            raise RecordError(f"the record cannot be written as JSON: {e}") from None

    def save(self, path: str | Path) -> Path:
        """Write the record to ``path`` as JSON and return the path."""
        path = Path(path)
        text = self.to_json(indent=1)
        try:
            path.write_text(text, encoding="utf-8")
        except OSError as e:
            raise RecordError(f"cannot write {path}: {e.strerror}") from None
        return path

    # -- reading -------------------------------------------------------------------
    @classmethod
    def from_json(cls, text: str | bytes, game: str | None = None, *, verify: bool = True) -> "GameRecord":
        """Parse and check a record; refuse a malformed, truncated, oversized, wrong-game,
        wrong-version or tampered file with a RecordError that gives the reason.

        >>> # doctest: +SKIP
        >>> GameRecord.from_json('{"format": 1}')
        Traceback (most recent call last):
        RecordError: not a game record of this kind: format is 1, ...
        """
        if isinstance(text, (bytes, bytearray)):
            if len(text) > MAX_RECORD_BYTES:
                raise RecordError(f"the record is {len(text):,} bytes; records are limited to "
                                  f"{MAX_RECORD_BYTES:,} bytes")
            try:
                text = bytes(text).decode("utf-8")
            except UnicodeDecodeError as e:
                raise RecordError(f"not a game record: the file is not UTF-8 text ({e})") from None
        if not isinstance(text, str):
            raise RecordError(f"not a game record: expected JSON text, got {type(text).__name__}")
        if len(text) > MAX_RECORD_BYTES:
            raise RecordError(f"the record is {len(text):,} characters; records are limited to "
                              f"{MAX_RECORD_BYTES:,} bytes")
        if not text.strip():
            raise RecordError("not a game record: the file is empty")
        return cls.from_plain(_parse(text), game=game, verify=verify)

    @classmethod
    def from_plain(cls, data: Any, game: str | None = None, *, verify: bool = True) -> "GameRecord":
        """A record from plain data (as :meth:`to_plain` gives); checked and, with
        ``verify``, replayed (see the class docstring). The data is copied."""
        if not isinstance(data, dict):
            raise RecordError(f"not a game record: expected a JSON object, got {type(data).__name__}")
        _check_plain(data)
        data = copy.deepcopy(data)
        if data.get("format") != FORMAT:
            raise RecordError(f"not a game record of this kind: format is {data.get('format')!r}, "
                              f"expected {FORMAT!r}")
        for key, tp in _REQUIRED.items():
            if key not in data:
                raise RecordError(f"the record has no {key!r} (is it truncated?)")
            if not isinstance(data[key], tp):
                raise RecordError(f"the record's {key!r} should be {tp.__name__}, got {type(data[key]).__name__}")
        for key, tps in _OPTIONAL.items():
            if key in data and not isinstance(data[key], tps):
                raise RecordError(f"the record's {key!r} has the wrong type ({type(data[key]).__name__})")
        unknown = set(data) - set(_REQUIRED) - set(_OPTIONAL)
        if unknown:
            raise RecordError(f"the record has unknown entries: {sorted(unknown)}")
        if _minor(data["version"]) != _minor(__version__):
            raise RecordError(f"the record was written by tabletop_nb {data['version']}; this is "
                              f"{__version__}, whose rules engines may differ. Replay it with "
                              f"tabletop_nb {'.'.join(_minor(data['version']))}.x")
        if game is not None and data["game"] != game:
            raise RecordError(f"this is a record of {data['game']!r}, not of {game!r}")
        seed = data.get("seed")
        if seed is not None:
            ent, key = seed.get("entropy"), seed.get("spawn_key", [])
            if set(seed) - {"entropy", "spawn_key"} or not _is_int(ent) or ent < 0 \
                    or not isinstance(key, list) or not all(_is_int(k) and k >= 0 for k in key):
                raise RecordError("the record's seed must have a non-negative integer 'entropy' "
                                  "and a list of non-negative integers 'spawn_key'")
        if not all(isinstance(b, str) for b in data.get("bots", ())):
            raise RecordError("the record's 'bots' must be a list of bot names")
        scores, winners = data.get("scores"), data.get("winners")
        if scores is not None and not all(_is_int(x) or (isinstance(x, (float, str)) and
                                          (not isinstance(x, float) or math.isfinite(x))) for x in scores):
            raise RecordError("the record's 'scores' must be a list of numbers")
        if winners is not None and not all(_is_int(x) and x >= 0 for x in winners):
            raise RecordError("the record's 'winners' must be a list of seats (whole numbers)")
        ended = data.get("ended")
        rec = cls(game=data["game"], rules=data["rules"], actions=tuple(data["actions"]),
                  seed=seed, bots=tuple(data.get("bots", ())), scores=_tuple(scores),
                  winners=_tuple(winners), version=data["version"],
                  meta=data.get("meta", {}), ended=ended)
        if verify:
            rec.verify()
        return rec

    @classmethod
    def load(cls, path: str | Path, game: str | None = None, *, verify: bool = True) -> "GameRecord":
        """Read a record from a JSON file (see :meth:`from_json`); files over
        :data:`MAX_RECORD_BYTES` are refused before they are read."""
        try:
            p = Path(path)
            size = p.stat().st_size
            if size > MAX_RECORD_BYTES:
                raise RecordError(f"{path} is {size:,} bytes; records are limited to "
                                  f"{MAX_RECORD_BYTES:,} bytes")
            raw = p.read_bytes()
        except OSError as e:
            raise RecordError(f"cannot read {path}: {e.strerror}") from None
        except (TypeError, ValueError) as e:
            raise RecordError(f"cannot read {path!r}: {e}") from None
        return cls.from_json(raw, game=game, verify=verify)

    def verify(self) -> None:
        """Replay the record with its own game (looked up by name) and raise RecordError
        if it does not hold up: an action not legal, a finished game that ends elsewhere
        or with other scores or winners, a game in progress that has in fact ended."""
        try:
            g = registry.load_game(self.game)
        except TabletopError as e:
            raise RecordError(f"this is a record of {self.game!r}, a game this session does not have "
                              f"({e})") from None
        replay(g, self)

    def __len__(self) -> int:
        return len(self.actions)


def _tuple(v):
    return None if v is None else tuple(v)


def _is_int(x: Any) -> bool:
    return type(x) is int


def _parse(text: str) -> Any:
    """JSON within the record limits; every problem a RecordError."""
    def no_constants(name):
        raise RecordError(f"not a game record: {name} is not allowed in a record")

    def finite_float(s):
        v = float(s)
        if not math.isfinite(v):
            raise RecordError(f"not a game record: the number {s[:20]} is too large")
        return v

    def bounded_int(s):
        digits = len(s.lstrip("-"))
        if digits > MAX_INT_DIGITS:
            raise RecordError(f"not a game record: an integer of {digits} digits (at most "
                              f"{MAX_INT_DIGITS} are allowed)")
        return int(s)

    try:
        return json.loads(text, parse_constant=no_constants, parse_float=finite_float,
                          parse_int=bounded_int)
    except json.JSONDecodeError as e:
        hint = " (the file looks truncated)" if e.pos >= len(text.rstrip()) - 1 else ""
        raise RecordError(f"not valid JSON at line {e.lineno}, column {e.colno}: {e.msg}{hint}") from None
    except RecursionError:
        raise RecordError(f"not a game record: nested too deeply (at most {MAX_DEPTH} levels)") from None
    except (ValueError, TypeError) as e:  # e.g. a huge integer under another spelling
        raise RecordError(f"not a game record: {e}") from None


def _check_plain(data: Any) -> None:
    """Refuse what JSON cannot hold faithfully: deep nesting, NaN/inf, huge ints, odd types."""
    todo = [(data, 1)]
    while todo:
        v, depth = todo.pop()
        if depth > MAX_DEPTH:
            raise RecordError(f"not a game record: nested too deeply (at most {MAX_DEPTH} levels)")
        if isinstance(v, dict):
            for k, x in v.items():
                if not isinstance(k, str):
                    raise RecordError(f"not a game record: a key {k!r} that is not text")
                todo.append((x, depth + 1))
        elif isinstance(v, (list, tuple)):
            todo.extend((x, depth + 1) for x in v)
        elif isinstance(v, float):
            if not math.isfinite(v):
                raise RecordError(f"not a game record: {v} is not allowed in a record")
        elif isinstance(v, int):  # bool included
            if not isinstance(v, bool) and abs(v) >= 10 ** MAX_INT_DIGITS:
                raise RecordError(f"not a game record: an integer of more than {MAX_INT_DIGITS} digits")
        elif not (v is None or isinstance(v, str)):
            raise RecordError(f"not a game record: a {type(v).__name__} is not plain data")


def same_plain(a: Any, b: Any) -> bool:
    """Plain data equal with the same JSON types (1, 1.0 and true all differ).

    >>> same_plain({"to": 29}, {"to": 29}), same_plain({"to": 29}, {"to": 29.0})
    (True, False)
    """
    if type(a) is not type(b):
        return False
    if isinstance(a, dict):
        return a.keys() == b.keys() and all(same_plain(v, b[k]) for k, v in a.items())
    if isinstance(a, (list, tuple)):
        return len(a) == len(b) and all(map(same_plain, a, b))
    return a == b


def replay(game, record: GameRecord, *, with_actions: bool = False):
    """Every state of a recorded game, from the initial state to the last.

    The record's own rules are used (a record of a changed-rules game replays under
    those rules). Each stored action must match a legal action's encoding exactly (same
    JSON types). A finished record must end exactly at the game's end with the stated
    scores and winners; a record in progress must not have ended. Anything else is a
    RecordError with the reason.

    Parameters
    ----------
    game : Game
        The game to replay on (its name must be the record's; the record's rules are used).
    record : GameRecord
        The record to replay.
    with_actions : bool, default False
        Also return the decoded actions.

    Returns
    -------
    list of states, or (states, actions)
        Every state from the initial one to the last; for a record in progress the last
        state is where play goes on.

    Examples
    --------
    >>> import tabletop_nb
    >>> game = tabletop_nb.load_game("pacal", players=3)
    >>> rec = tabletop_nb.play(game, bots="random", seed=7)
    >>> states = tabletop_nb.replay(game, rec)
    >>> game.scores(states[-1]) == rec.scores
    True
    """
    if not isinstance(record, GameRecord):
        raise RecordError(f"replay needs a GameRecord, got {type(record).__name__}")
    if record.game != game.name:
        raise RecordError(f"this is a record of {record.game!r}, not of {game.name!r}")
    if "house_rule" in (record.meta or {}):
        from .checkpoint import _house_rule_mismatch
        from .hooks import class_identity
        why = _house_rule_mismatch("the record", record.meta["house_rule"], class_identity(game))
        if why:
            raise RecordError(f"{why}: replay it with the game it was played by (load the record "
                              f"with verify=False, then replay(TheHouseRule(...), record))")
    try:
        g = game.with_plain_rules(record.rules)
    except RulesError as e:
        raise RecordError(f"the record's rules are not valid: {e}") from None
    s = g.initial_state()
    states, actions = [s], []
    for i, enc in enumerate(record.actions):
        p = g.current_player(s)
        if p == TERMINAL:
            raise RecordError(f"action {i} ({_short(enc)}) comes after the end of the game")
        cands = [a for a, _ in g.chance_outcomes(s)] if p == CHANCE else g.legal_actions(s)
        match = next((a for a in cands if same_plain(to_plain(a), enc)), _MISSING)
        if match is _MISSING:
            shown = ", ".join(json.dumps(to_plain(a)) for a in cands[:12])
            raise RecordError(f"action {i} ({_short(enc)}) is not legal at that point; "
                              f"legal were: {shown}{' ...' if len(cands) > 12 else ''}")
        s = g.apply_trusted(s, match)
        states.append(s)
        actions.append(match)
    done = g.is_terminal(s)
    if record.ended and not done:
        raise RecordError(f"the record says the game ended, but its {len(record.actions)} actions "
                          f"stop before the end (is it cut short?)")
    if not record.ended and done:
        raise RecordError("the record says the game is in progress, but its actions end the game")
    if record.ended:
        assert record.scores is not None and record.winners is not None  # checked on construction
        now = to_plain(tuple(g.scores(s)))
        if not same_plain(now, list(record.scores)):
            raise RecordError(f"the replay ends with scores {now}, but the record says "
                              f"{list(record.scores)}: the file was changed or the engine differs")
        won = sorted(int(w) for w in g.winners(s))
        if not same_plain(won, sorted(record.winners)):  # seat order aside, exactly these seats
            raise RecordError(f"the replay's winners are seats {won}, but the record says "
                              f"{list(record.winners)}: the file was changed or the engine differs")
    return (states, actions) if with_actions else states


def _short(enc: Any) -> str:
    try:
        text = json.dumps(enc)
    except (TypeError, ValueError):
        text = repr(enc)
    return text if len(text) <= 200 else text[:200] + "..."


_MISSING = object()
