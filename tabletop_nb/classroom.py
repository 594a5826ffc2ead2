"""The class's rolls, pooled: a shared SQLite store that every student's kernel writes to
and a teacher's view reads (no widgets, no plotly: the store only).

In class mode (``make classroom`` sets ``TABLETOP_CLASS_DB`` for the students' kernels),
each DiceLab roll also goes here as a few rows: the lesson, an anonymous student id, which
dice were rolled, and how many times each outcome came up. Thirty kernels write at once,
so the store uses SQLite's write-ahead log (readers never block the writer), one short
transaction per roll, a busy timeout, and retries when the file is still locked.

No student names are kept unless the teacher asks (``keep_names=True``): a student is a
random id made once per kernel.

Examples
--------
>>> import tempfile, os
>>> store = ClassRolls(os.path.join(tempfile.mkdtemp(), "class.sqlite"))
>>> store.add("s1", ["d6"], [3, 3, 5])
3
>>> store.add("s2", ["d6"], [5])
1
>>> store.counts(["d6"])
{3: 2, 5: 2}
>>> store.summary(["d6"])
ClassSummary(students=2, rolls=4)
"""
from __future__ import annotations

import json
import os
import secrets
import sqlite3
import time
from collections import Counter
from pathlib import Path
from typing import Any, Callable, Iterable, NamedTuple, Sequence, TypeVar

__all__ = ["ClassRolls", "ClassSummary", "class_store", "student_id", "dice_key", "CLASS_DB_ENV"]

#: the environment variable naming the class's store; set, the lesson's dice lab is in class mode
CLASS_DB_ENV = "TABLETOP_CLASS_DB"
_T = TypeVar("_T")
_SCHEMA = """
CREATE TABLE IF NOT EXISTS rolls (
    lesson  INTEGER NOT NULL,
    student TEXT    NOT NULL,
    dice    TEXT    NOT NULL,
    outcome TEXT    NOT NULL,
    times   INTEGER NOT NULL CHECK (times > 0)
);
CREATE INDEX IF NOT EXISTS rolls_by_dice ON rolls (lesson, dice);
CREATE TABLE IF NOT EXISTS names (student TEXT PRIMARY KEY, name TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS lesson (id INTEGER NOT NULL);
"""


class ClassSummary(NamedTuple):
    """How many students rolled and how many rolls they made, for one set of dice.

    Parameters
    ----------
    students : int
        Students who rolled those dice this lesson.
    rolls : int
        Their rolls, together.

    Examples
    --------
    >>> ClassSummary(2, 1000).rolls
    1000
    """
    students: int
    rolls: int


def dice_key(names: Iterable[str]) -> str:
    """The store's name for dice rolled together: the names sorted, joined by ``+``.

    Parameters
    ----------
    names : iterable of str
        The picked dice, one entry per die (order does not matter).

    Returns
    -------
    str

    Examples
    --------
    >>> dice_key(["steady", "resource"]) == dice_key(["resource", "steady"])
    True
    """
    return "+".join(sorted(names))


def _encode(outcome: Any) -> str:
    # JSON keeps numbers numbers and tuples (joint symbol faces) as lists
    return json.dumps(outcome.item() if hasattr(outcome, "item") else outcome)


def _decode(text: str) -> Any:
    v = json.loads(text)
    return tuple(v) if isinstance(v, list) else v


_STUDENT: list[str] = []


def student_id() -> str:
    """This kernel's anonymous student id (random, made once per process).

    Returns
    -------
    str

    Examples
    --------
    >>> student_id() == student_id()
    True
    """
    if not _STUDENT:
        _STUDENT.append(secrets.token_hex(6))
    return _STUDENT[0]


class ClassRolls:
    """A class's pooled rolls in one SQLite file, safe for many processes at once.

    Parameters
    ----------
    path : str or Path
        The file (made with its folder when missing).
    keep_names : bool, default False
        Keep the names students give; otherwise a name passed to :meth:`add` is dropped.
    timeout : float, default 30
        Seconds a write waits for the lock (SQLite's busy timeout) before a retry.
    retries : int, default 8
        Further attempts after "database is locked", with a short growing pause.

    Examples
    --------
    >>> import tempfile, os
    >>> store = ClassRolls(os.path.join(tempfile.mkdtemp(), "c.sqlite"))
    >>> store.add("ab12", ["fish", "fish"], [("fish", "blank")])
    1
    >>> store.counts(["fish", "fish"])
    {('fish', 'blank'): 1}
    """

    def __init__(self, path: str | os.PathLike, *, keep_names: bool = False, timeout: float = 30.0,
                 retries: int = 8):
        self.path = Path(path)
        self.path.parent.mkdir(parents=True, exist_ok=True)
        self.keep_names = bool(keep_names)
        self.timeout = float(timeout)
        self.retries = int(retries)

        # the journal mode is set outside a transaction; CREATE ... IF NOT EXISTS runs in one
        self._retry(lambda: self._with_connection(lambda con: con.execute("PRAGMA journal_mode=WAL")))

        def setup(con: sqlite3.Connection) -> None:
            for statement in _SCHEMA.split(";"):
                if statement.strip():
                    con.execute(statement)
            if con.execute("SELECT COUNT(*) FROM lesson").fetchone()[0] == 0:
                con.execute("INSERT INTO lesson (id) VALUES (1)")
        self._write(setup)

    def __repr__(self) -> str:
        return f"ClassRolls({str(self.path)!r})"

    # ------------------------------------------------------------- plumbing ----
    def _connect(self) -> sqlite3.Connection:
        con = sqlite3.connect(self.path, timeout=self.timeout, isolation_level=None)
        con.execute(f"PRAGMA busy_timeout={int(self.timeout * 1000)}")
        return con

    def _with_connection(self, fn: Callable[[sqlite3.Connection], _T]) -> _T:
        con = self._connect()
        try:
            return fn(con)
        finally:
            con.close()

    def _retry(self, fn: Callable[[], _T]) -> _T:
        """Call ``fn`` again (a short growing pause between) while SQLite says the file is
        locked or busy, beyond what its busy timeout already waited."""
        for attempt in range(self.retries):
            try:
                return fn()
            except sqlite3.OperationalError as e:
                if "locked" not in str(e) and "busy" not in str(e):
                    raise
                time.sleep(0.05 * (attempt + 1))
        return fn()

    def _write(self, fn: Callable[[sqlite3.Connection], _T]) -> _T:
        """Run ``fn`` in one short write transaction, retrying while the file is locked."""
        def once(con: sqlite3.Connection) -> _T:
            con.execute("BEGIN IMMEDIATE")  # take the write lock now, not half-way through
            try:
                out = fn(con)
            except BaseException:
                con.execute("ROLLBACK")
                raise
            con.execute("COMMIT")
            return out
        return self._retry(lambda: self._with_connection(once))

    def _read(self, sql: str, args: Sequence[Any] = ()) -> list[tuple]:
        return self._retry(lambda: self._with_connection(lambda con: con.execute(sql, tuple(args)).fetchall()))

    # -------------------------------------------------------------- writing ----
    @property
    def lesson(self) -> int:
        """The current lesson's number (a reset starts the next)."""
        return int(self._read("SELECT id FROM lesson")[0][0])

    def add(self, student: str, dice: Sequence[str], outcomes: Iterable[Any], *,
            name: str | None = None) -> int:
        """Add one student's rolls of some dice; returns how many rolls were added.

        Parameters
        ----------
        student : str
            The student's anonymous id (:func:`student_id`).
        dice : sequence of str
            The picked dice's names, one per die.
        outcomes : iterable
            The outcomes rolled (totals, or tuples of faces).
        name : str, optional
            The student's name: kept only when the store was made with ``keep_names=True``.

        Returns
        -------
        int
            Rolls added.
        """
        counts = Counter(_encode(o) for o in outcomes)
        key = dice_key(dice)

        def write(con: sqlite3.Connection) -> int:
            lesson = con.execute("SELECT id FROM lesson").fetchone()[0]
            con.executemany("INSERT INTO rolls (lesson, student, dice, outcome, times) VALUES (?, ?, ?, ?, ?)",
                            [(lesson, str(student), key, o, n) for o, n in counts.items()])
            if name and self.keep_names:
                con.execute("INSERT OR REPLACE INTO names (student, name) VALUES (?, ?)", (str(student), name))
            return sum(counts.values())
        return self._write(write) if counts else 0

    def reset(self) -> int:
        """Start the next lesson: forget every roll and name; returns the new lesson's number."""
        def write(con: sqlite3.Connection) -> int:
            con.execute("DELETE FROM rolls")
            con.execute("DELETE FROM names")
            con.execute("UPDATE lesson SET id = id + 1")
            return int(con.execute("SELECT id FROM lesson").fetchone()[0])
        return self._write(write)

    # -------------------------------------------------------------- reading ----
    def counts(self, dice: Sequence[str]) -> dict:
        """This lesson's pooled counts of each outcome of these dice, in outcome order.

        Parameters
        ----------
        dice : sequence of str
            The dice's names, one per die.

        Returns
        -------
        dict
            Outcome -> times rolled by the whole class.
        """
        rows = self._read("SELECT outcome, SUM(times) FROM rolls WHERE lesson = (SELECT id FROM lesson) "
                          "AND dice = ? GROUP BY outcome", [dice_key(dice)])
        out = {_decode(o): int(n) for o, n in rows}
        try:
            return dict(sorted(out.items()))
        except TypeError:
            return out

    def summary(self, dice: Sequence[str] | None = None) -> ClassSummary:
        """How many students rolled and how many rolls, for these dice (or all dice).

        Parameters
        ----------
        dice : sequence of str, optional
            The dice; all dice when omitted.

        Returns
        -------
        ClassSummary
        """
        where, args = "lesson = (SELECT id FROM lesson)", []
        if dice is not None:
            where += " AND dice = ?"
            args.append(dice_key(dice))
        students, rolls = self._read(f"SELECT COUNT(DISTINCT student), COALESCE(SUM(times), 0) FROM rolls "
                                     f"WHERE {where}", args)[0]
        return ClassSummary(int(students), int(rolls))

    def dice_rolled(self) -> list[tuple[str, int]]:
        """Which dice the class rolled this lesson, with their rolls, most rolled first.

        Returns
        -------
        list of (dice key, rolls)
        """
        rows = self._read("SELECT dice, SUM(times) FROM rolls WHERE lesson = (SELECT id FROM lesson) "
                          "GROUP BY dice ORDER BY SUM(times) DESC")
        return [(d, int(n)) for d, n in rows]

    def names(self) -> dict[str, str]:
        """The names students gave (empty unless the teacher asked to keep them).

        Returns
        -------
        dict
            Student id -> name.
        """
        return dict(self._read("SELECT student, name FROM names"))


def class_store(path: str | os.PathLike | None = None) -> ClassRolls | None:
    """The class's store when in class mode (``TABLETOP_CLASS_DB`` set), else None.

    Parameters
    ----------
    path : str or Path, optional
        The file; default the environment variable's value.

    Returns
    -------
    ClassRolls or None

    Examples
    --------
    >>> class_store() is None or isinstance(class_store(), ClassRolls)
    True
    """
    path = path or os.environ.get(CLASS_DB_ENV)
    if not path:
        return None
    keep = os.environ.get("TABLETOP_CLASS_NAMES", "").strip().lower() in ("1", "true", "yes")
    return ClassRolls(path, keep_names=keep)
