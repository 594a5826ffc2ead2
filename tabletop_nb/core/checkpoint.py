"""Study checkpoints: a plain CSV file that finished games are appended to as they arrive.

``simulate``, ``compare_rules`` and ``sweep`` take ``checkpoint="study.csv"``. The file is

.. code-block:: text

    # tabletop_nb checkpoint 1
    # study {"tool": "compare_rules", "game": "pebble_rock", "seed": 1, "variants": [...], ...}
    variant,game,seed,spawn_key,seat,bot,score,...,tie_break,check
    base,0,1,0,0,greedy,14,1,True,False,...,False,5f0c8a21
    ...

Line 2 says which study the games belong to (tool, game, every variant's label, player
count and rules, the bots, the seed, the package version); then one line per game and
seat with ``simulate``'s columns, the variant's label first and a check last (a keyed
hash of the line and the study). Every game's lines are written in one piece and flushed
to the operating system as soon as its chunk finishes, so a run stopped by Ctrl-C, a
crash or a killed kernel keeps every finished game. ``pandas.read_csv(path, comment="#")``
reads it.

Running the same call again reads the file, checks it belongs to this very study and
plays only the games that are missing; a file of another study, a changed or cut line,
or a file that is not a checkpoint at all is refused with the reason and left untouched.
"""
from __future__ import annotations

import csv
import hashlib
import io
import json
import os
from typing import Any, Iterable

from .columns import COLUMNS
from .errors import TabletopError

__all__ = ["Checkpoint", "CheckpointError", "FORMAT"]

FORMAT = 1
_MAGIC = f"# tabletop_nb checkpoint {FORMAT}"
# simulate's columns, with the variant's label first and the check last
HEADER = ("variant",) + COLUMNS + ("check",)
_INT = {"game", "seat", "rank", "turns", "actions", "lead_changes"}
_BOOL = {"winner", "shared_win", "winner_led_at_half", "tie_break"}


class CheckpointError(TabletopError):
    """A checkpoint file that cannot be resumed (the message says why).

    Examples
    --------
    >>> import tempfile
    >>> Checkpoint.read_key(tempfile.gettempdir())
    Traceback (most recent call last):
    ...
    tabletop_nb.core.checkpoint.CheckpointError: ... is a folder: a checkpoint is a file, e.g. .../study.csv
    """


def _plain(x: Any) -> Any:
    return json.loads(json.dumps(x, default=_default, sort_keys=True))


def _default(o):
    try:
        import numpy as np
        if isinstance(o, np.integer):
            return int(o)
        if isinstance(o, np.floating):
            return float(o)
    except ImportError:  # pragma: no cover
        pass
    if isinstance(o, (set, frozenset)):
        return sorted(o)
    return repr(o)


def study_key(tool: str, game_name: str, variants: Iterable[tuple], seed: int) -> dict:
    """What identifies a study: tool, game, each variant (label, players, rules, bots and,
    for a house rule, its class), seed, and the package version (a new version may play
    other games from the same seed).

    Parameters
    ----------
    tool : str
        The function writing the study ("simulate", "compare_rules", ...).
    game_name : str
        The game's name.
    variants : iterable of tuple
        ``(label, players, rules, bots)`` or ``(label, players, rules, bots, game)``: with
        the game, a house rule's class and the digests of the methods it defines are part
        of the key (:func:`.hooks.class_identity`; nothing is added for a printed game).
    seed : int
        The root seed.

    Returns
    -------
    dict
        Plain JSON data.

    Examples
    --------
    >>> key = study_key("simulate", "pacal", [("pacal", 2, {"players": 2}, ["random"])], 1)
    >>> key["variants"][0]["label"], key["seed"]
    ('pacal', 1)
    """
    from .._version import __version__
    from .hooks import class_identity
    out = []
    for v in variants:
        lab, n, rules, bots = v[:4]
        entry = {"label": lab, "players": int(n), "rules": rules, "bots": list(bots)}
        ident = class_identity(v[4]) if len(v) > 4 else None
        if ident is not None:
            entry["house_rule"] = ident
        out.append(entry)
    return _plain({"tool": tool, "game": game_name, "seed": int(seed), "version": __version__,
                   "variants": out})


def _house_rule_mismatch(what: str, a: Any, b: Any) -> str | None:
    """Why two house rules differ (another class, an edited one, none), or None; ``what``
    names what was played ("variant 'x'", "the record")."""
    if a == b:
        return None
    if a is None:
        return f"{what} was played by the printed game there, by the house rule {b['class']} here"
    if b is None:
        return f"{what} was played by the house rule {a['class']} there, by the printed game here"
    if a.get("class") != b["class"]:
        return f"{what} was played by the house rule {a.get('class')} there, by {b['class']} here"
    sa, sb = a.get("source") or {}, b["source"]
    changed = sorted(k for k in set(sa) | set(sb) if sa.get(k) != sb.get(k))
    return (f"the house rule {b['class']} of {what} was edited since it was played "
            f"({', '.join(changed[:4]) or 'its code'} changed)")


def _describe_mismatch(old: dict, new: dict) -> str:
    if old.get("tool") != new["tool"]:
        return f"it was written by {old.get('tool')}(...), this is {new['tool']}(...)"
    if old.get("game") != new["game"]:
        return f"it holds games of {old.get('game')!r}, this study plays {new['game']!r}"
    if old.get("seed") != new["seed"]:
        return f"it was played from seed {old.get('seed')}, this call has seed {new['seed']}"
    if old.get("version") != new["version"]:
        return (f"it was written by tabletop_nb {old.get('version')}, this is {new['version']} "
                f"(a new version may play other games from the same seed)")
    ov, nv = old.get("variants", []), new["variants"]
    ol, nl = [v.get("label") for v in ov], [v["label"] for v in nv]
    if ol != nl:
        return f"its variants are {ol}, this study's are {nl}"
    for a, b in zip(ov, nv):
        lab = b["label"]
        if a.get("players") != b["players"]:
            return f"variant {lab!r} had {a.get('players')} players there, {b['players']} here"
        if a.get("bots") != b["bots"]:
            return f"variant {lab!r} was played by bots {a.get('bots')}, this call has {b['bots']}"
        why = _house_rule_mismatch(f"variant {lab!r}", a.get("house_rule"), b.get("house_rule"))
        if why:
            return why
        if a.get("rules") != b["rules"]:
            ra, rb = a.get("rules") or {}, b["rules"] or {}
            diff = sorted(k for k in set(ra) | set(rb) if ra.get(k) != rb.get(k))
            shown = ", ".join(f"{k}: {ra.get(k)!r} there, {rb.get(k)!r} here" for k in diff[:3])
            return f"variant {lab!r} had other rules ({shown or 'different'})"
    return "its study line differs from this call's"


class Checkpoint:
    """One study's checkpoint file: ``load()`` what is there, ``append(label, rows)`` as games finish.

    Parameters
    ----------
    path : str or os.PathLike
        The checkpoint file (a CSV file with a study line at its top).
    key : dict
        What identifies the study (its ``"seed"``, rules, bots, ...): a file written for
        another key is refused.

    Examples
    --------
    >>> import os, tempfile
    >>> path = os.path.join(tempfile.mkdtemp(), "study.csv")
    >>> Checkpoint(path, {"seed": 1}).open().close()
    >>> Checkpoint.read_key(path), Checkpoint(path, {"seed": 1}).load(2)
    ({'seed': 1}, {})
    """

    def __init__(self, path: str | os.PathLike, key: dict):
        self.path = os.fspath(path)
        self.key = key
        self._study_line = "# study " + json.dumps(key, sort_keys=True, separators=(",", ":"))
        self._salt = hashlib.blake2b(self._study_line.encode(), digest_size=16).digest()
        self._fh: Any = None

    # -- reading -------------------------------------------------------------------------
    def _check(self, fields: list[str]) -> str:
        h = hashlib.blake2b(json.dumps(fields).encode(), digest_size=4, key=self._salt)
        return h.hexdigest()

    @staticmethod
    def read_key(path) -> dict | None:
        """The study line of an existing checkpoint (None for a missing or empty file)."""
        path = os.fspath(path)
        if os.path.isdir(path):
            raise CheckpointError(f"{path} is a folder: a checkpoint is a file, e.g. {os.path.join(path, 'study.csv')}")
        if not os.path.exists(path) or os.path.getsize(path) == 0:
            return None
        with open(path, encoding="utf-8", newline="") as f:
            first = f.readline().rstrip("\r\n")
            second = f.readline().rstrip("\r\n")
        if first != _MAGIC:
            raise CheckpointError(f"{path} is not a tabletop_nb checkpoint (its first line is "
                                  f"{first[:60]!r}, expected {_MAGIC!r}); refusing to write into it")
        if not second.startswith("# study "):
            raise CheckpointError(f"{path}: line 2 should be the study line ('# study {{...}}'), "
                                  f"got {second[:60]!r}")
        try:
            return json.loads(second[len("# study "):])
        except json.JSONDecodeError as e:
            raise CheckpointError(f"{path}: the study line (line 2) is not valid JSON ({e})") from None

    def load(self, players: dict[str, int] | int) -> dict[str, dict[int, list[tuple]]]:
        """Every finished game in the file, by variant label and game index, as ``simulate``
        rows. Refuses (CheckpointError, file untouched) a file of another study, a cut or
        changed line, a game with seats missing or repeated.

        ``players`` is the seat count of each variant label, or one count for a study whose
        labels are not known in advance (the balance search's settings): then any label
        is read."""
        old = self.read_key(self.path)
        any_label = isinstance(players, int)
        seats: dict[str, int] = {} if isinstance(players, int) else dict(players)
        out: dict[str, dict[int, list[tuple]]] = {lab: {} for lab in seats}
        if old is None:
            return out
        if old != self.key:
            raise CheckpointError(f"{self.path} belongs to another study: {_describe_mismatch(old, self.key)}. "
                                  f"Use another file name, or delete this one to start afresh.")
        with open(self.path, encoding="utf-8", newline="") as f:
            text = f.read()
        if not text.endswith("\n"):
            last = text.count("\n") + 1
            raise CheckpointError(f"{self.path}: line {last} is cut short (the run was killed while "
                                  f"writing it?); delete that last line to resume with the games before it")
        lines = text.split("\n")[:-1]
        if len(lines) < 3 or next(csv.reader([lines[2]])) != list(HEADER):
            raise CheckpointError(f"{self.path}: line 3 should be the column names "
                                  f"{','.join(HEADER)}")
        seen: dict[tuple[str, int], list[int]] = {}
        for no, line in enumerate(lines[3:], start=4):
            fields = next(csv.reader([line]), [])
            if len(fields) != len(HEADER):
                raise CheckpointError(f"{self.path}: line {no} has {len(fields)} fields, expected "
                                      f"{len(HEADER)} (cut short or edited?)")
            if fields[-1] != self._check(fields[:-1]):
                raise CheckpointError(f"{self.path}: line {no} fails its check (changed by hand, or "
                                      f"copied from another study?); refusing to resume from it")
            row = dict(zip(HEADER, fields))
            lab = row["variant"]
            if lab not in out and any_label:
                out[lab] = {}
                seats[lab] = int(players)  # type: ignore[arg-type]
            if lab not in out:
                raise CheckpointError(f"{self.path}: line {no} is of variant {lab!r}, not in this study")
            try:
                vals = tuple(_parse(c, row[c]) for c in COLUMNS)
            except ValueError as e:
                raise CheckpointError(f"{self.path}: line {no}: {e}") from None
            g, seat = vals[0], vals[3]
            if vals[1] != self.key["seed"]:
                raise CheckpointError(f"{self.path}: line {no} was played from seed {vals[1]}")
            out[lab].setdefault(g, []).append(vals)
            seen.setdefault((lab, g), []).append(seat)
        for (lab, g), got in seen.items():
            if sorted(got) != list(range(seats[lab])):
                raise CheckpointError(f"{self.path}: game {g} of variant {lab!r} has seats {sorted(got)}, "
                                      f"expected each of 0..{seats[lab] - 1} once")
        for lab in out:
            for g in out[lab]:
                out[lab][g].sort(key=lambda r: r[3])
        return out

    # -- writing -------------------------------------------------------------------------
    def open(self) -> "Checkpoint":
        """Open for appending (writing the header to a new or empty file)."""
        new = not os.path.exists(self.path) or os.path.getsize(self.path) == 0
        self._fh = open(self.path, "a", encoding="utf-8", newline="")
        if new:
            buf = io.StringIO()
            csv.writer(buf, lineterminator="\n").writerow(HEADER)
            self._fh.write(f"{_MAGIC}\n{self._study_line}\n{buf.getvalue()}")
            self._fh.flush()
        return self

    def append(self, label: str, rows: Iterable[tuple]) -> None:
        """Write finished games' rows (whole games) in one piece and flush them."""
        if self._fh is None:
            raise RuntimeError("checkpoint not open")
        buf = io.StringIO()
        w = csv.writer(buf, lineterminator="\n")
        for r in rows:
            fields = [label] + [_format(c, v) for c, v in zip(COLUMNS, r)]
            w.writerow(fields + [self._check(fields)])
        if buf.tell():
            self._fh.write(buf.getvalue())
            self._fh.flush()

    def close(self) -> None:
        if self._fh is not None:
            self._fh.close()
            self._fh = None


def _format(col: str, v: Any) -> str:
    if col in _BOOL:
        return "True" if v else "False"
    if col == "score":
        return json.dumps(v, default=_default)
    return str(int(v)) if col in _INT or col == "seed" else str(v)


def _parse(col: str, s: str):
    if col in _BOOL:
        if s not in ("True", "False"):
            raise ValueError(f"{col} should be True or False, got {s!r}")
        return s == "True"
    if col in _INT or col == "seed":
        return int(s)
    if col == "score":
        return json.loads(s)
    return s
