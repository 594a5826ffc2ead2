"""Game records: a whole game as JSON, and its replay.

A record is the game's name, its rules as plain data, the package version, the seed,
and the list of actions, chance outcomes included, each encoded as plain data. Loading
a record only parses JSON and checks it; replaying it matches each stored action against
the legal actions of the state it was taken in, so nothing in a file is ever executed
or turned into an object it does not already name.
"""
from __future__ import annotations

import json
import math
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .._version import __version__
from .codec import to_plain
from .errors import RecordError, RulesError
from .protocol import CHANCE, TERMINAL

__all__ = ["GameRecord", "replay", "FORMAT"]

FORMAT = "tabletop_nb.record/1"
_REQUIRED = {"format": str, "game": str, "version": str, "rules": dict, "actions": list}
_OPTIONAL = {"seed": (dict, type(None)), "bots": list, "scores": (list, type(None)),
             "winners": (list, type(None)), "meta": dict}


def _minor(version: str) -> tuple:
    return tuple(version.split(".")[:2])


@dataclass(frozen=True)
class GameRecord:
    """One game, as plain data that saves to JSON and replays exactly.

    Examples
    --------
    >>> # doctest: +SKIP
    >>> rec = tabletop_nb.play(game, bots="random", seed=7)
    >>> text = rec.to_json()
    >>> states = tabletop_nb.replay(game, GameRecord.from_json(text))
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

    # -- writing -------------------------------------------------------------------
    def to_plain(self) -> dict:
        return {"format": FORMAT, "game": self.game, "version": self.version,
                "rules": self.rules, "seed": self.seed, "bots": list(self.bots),
                "actions": list(self.actions),
                "scores": None if self.scores is None else list(self.scores),
                "winners": None if self.winners is None else list(self.winners),
                "meta": self.meta}

    def to_json(self, indent: int | None = None) -> str:
        """The record as JSON text."""
        return json.dumps(self.to_plain(), indent=indent, allow_nan=False)

    def save(self, path: str | Path) -> Path:
        """Write the record to ``path`` as JSON and return the path."""
        path = Path(path)
        path.write_text(self.to_json(indent=1), encoding="utf-8")
        return path

    # -- reading -------------------------------------------------------------------
    @classmethod
    def from_json(cls, text: str | bytes, game: str | None = None) -> "GameRecord":
        """Parse and check a record; refuse a malformed, truncated, wrong-game or
        wrong-version file with a RecordError that gives the reason."""
        if isinstance(text, bytes):
            try:
                text = text.decode("utf-8")
            except UnicodeDecodeError as e:
                raise RecordError(f"not a game record: the file is not UTF-8 text ({e})") from None
        if not isinstance(text, str):
            raise RecordError(f"not a game record: expected JSON text, got {type(text).__name__}")
        if not text.strip():
            raise RecordError("not a game record: the file is empty")

        def no_constants(name):
            raise RecordError(f"not a game record: {name} is not allowed in a record")

        try:
            data = json.loads(text, parse_constant=no_constants)
        except json.JSONDecodeError as e:
            hint = " (the file looks truncated)" if e.pos >= len(text.rstrip()) - 1 else ""
            raise RecordError(f"not valid JSON at line {e.lineno}, column {e.colno}: {e.msg}{hint}") from None
        except RecursionError:
            raise RecordError("not a game record: nested too deeply") from None
        return cls.from_plain(data, game=game)

    @classmethod
    def from_plain(cls, data: Any, game: str | None = None) -> "GameRecord":
        if not isinstance(data, dict):
            raise RecordError(f"not a game record: expected a JSON object, got {type(data).__name__}")
        if data.get("format") != FORMAT:
            raise RecordError(f"not a game record of this kind: format is {data.get('format')!r}, "
                              f"expected {FORMAT!r}")
        for key, tp in _REQUIRED.items():
            if key not in data:
                raise RecordError(f"the record has no {key!r} (is it truncated?)")
            if not isinstance(data[key], tp):
                raise RecordError(f"the record's {key!r} should be {tp.__name__}, got {type(data[key]).__name__}")
        for key, tp in _OPTIONAL.items():
            if key in data and not isinstance(data[key], tp):
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
            if not isinstance(ent, int) or isinstance(ent, bool) or ent < 0 or not isinstance(key, list) \
                    or not all(isinstance(k, int) and not isinstance(k, bool) and k >= 0 for k in key):
                raise RecordError("the record's seed must have a non-negative integer 'entropy' "
                                  "and a list of integers 'spawn_key'")
        for k in ("scores", "winners"):
            v = data.get(k)
            if v is not None and not all(isinstance(x, (int, float, str)) and not isinstance(x, bool) and
                                         (not isinstance(x, float) or math.isfinite(x)) for x in v):
                raise RecordError(f"the record's {k!r} must be a list of numbers")
        return cls(game=data["game"], rules=data["rules"], actions=tuple(data["actions"]),
                   seed=seed, bots=tuple(data.get("bots", ())), scores=_tuple(data.get("scores")),
                   winners=_tuple(data.get("winners")), version=data["version"],
                   meta=data.get("meta", {}))

    @classmethod
    def load(cls, path: str | Path, game: str | None = None) -> "GameRecord":
        """Read a record from a JSON file (see :meth:`from_json`)."""
        try:
            raw = Path(path).read_bytes()
        except OSError as e:
            raise RecordError(f"cannot read {path}: {e.strerror}") from None
        return cls.from_json(raw, game=game)

    def __len__(self) -> int:
        return len(self.actions)


def _tuple(v):
    return None if v is None else tuple(v)


def replay(game, record: GameRecord, *, with_actions: bool = False):
    """Every state of a recorded game, from the initial state to the last.

    The record's own rules are used (a record of a changed-rules game replays under
    those rules). Raises RecordError if the record is of another game, or an action in
    it is not legal where it stands, or the final scores differ from the stored ones.

    Returns the list of states, or ``(states, actions)`` with ``with_actions=True``.
    """
    if not isinstance(record, GameRecord):
        raise RecordError(f"replay needs a GameRecord, got {type(record).__name__}")
    if record.game != game.name:
        raise RecordError(f"this is a record of {record.game!r}, not of {game.name!r}")
    try:
        g = game.with_plain_rules(record.rules)
    except RulesError as e:
        raise RecordError(f"the record's rules are not valid: {e}") from None
    s = g.initial_state()
    states, actions = [s], []
    for i, enc in enumerate(record.actions):
        p = g.current_player(s)
        if p == TERMINAL:
            raise RecordError(f"action {i} ({enc!r}) comes after the end of the game")
        cands = [a for a, _ in g.chance_outcomes(s)] if p == CHANCE else g.legal_actions(s)
        match = next((a for a in cands if to_plain(a) == enc), _MISSING)
        if match is _MISSING:
            shown = ", ".join(json.dumps(to_plain(a)) for a in cands[:12])
            raise RecordError(f"action {i} ({json.dumps(enc)}) is not legal at that point; "
                              f"legal were: {shown}{' ...' if len(cands) > 12 else ''}")
        s = g.apply_trusted(s, match)
        states.append(s)
        actions.append(match)
    if record.scores is not None and g.is_terminal(s):
        now = to_plain(tuple(g.scores(s)))
        if now != list(to_plain(list(record.scores))):
            raise RecordError(f"the replay ends with scores {now}, but the record says "
                              f"{list(record.scores)}: the file was changed or the engine differs")
    return (states, actions) if with_actions else states


_MISSING = object()
