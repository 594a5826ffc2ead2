"""Where each rule of a game lives in its code: the rules map.

A function or method is the *home* of a rulebook rule when its docstring names the rule's
checklist ID (``NK-BID-04``), on any line, for example a last line
``Rules: NK-BID-03, NK-BID-04, NK-TIE-01.``: the function that decides the rule. A class is
no home (a record such as an action, a frame or a state holds what a rule decides, it does
not decide it), nor is a module docstring. A range (``NK-BID-03..05``) is read as every ID
in it, but a home names its rules one by one, so that no rule is attached to a function
that does not decide it: :func:`home_problems` lists the classes that cite rules and the
docstrings that write ranges.

``rules_map`` reads a game package's source with :mod:`ast` (nothing is imported or
run) and lists every ID its code cites, with the function and file that cite it. It needs
the package only. ``checklist_map`` joins that with the game's rules checklist (kept
beside the project in ``shared/rules/``, copied to ``docs/rules/``): every checklist ID
with its homes, or the reason it has none, from the game's ``rules_without_code.toml``
(component data, set-up prose, a rule enforced by data). ``python tools/rules_map.py``
writes both into ``docs/rules-map.md`` for every game.

>>> import tabletop_nb as tt
>>> homes = tt.rules_map("neko", as_frame=False)   # doctest: +SKIP
>>> homes[0]                                       # doctest: +SKIP
{'rule': 'NK-SET-01', 'function': 'engine.setup.SetUp.__init__', 'file': 'engine/setup.py', 'line': 40}
"""
from __future__ import annotations

import ast
import re
from pathlib import Path
from typing import Any, Iterator

__all__ = ["rules_map", "checklist_map", "rules_without_code", "find_checklist", "cited_ids",
           "checklist_ids", "docstring_homes", "docstring_problems", "home_problems"]

PACKAGE = Path(__file__).resolve().parent
GAMES_DIR = PACKAGE / "games"
PROJECT = PACKAGE.parent

# An ID has two or more parts before its number: PR-SETUP-04, PR-ITEM-MAISY-01, NK-EX-30a.
# The parts after the first start with a letter, so "ISO-8859-1" is no ID.
_PARTS = r"[A-Z]+(?:-[A-Z][A-Z0-9]*)+-"
# Patterns as text: re compiles each on first use (and keeps it), not at import time.
_CHECKLIST_ID = r"\*\*(" + _PARTS + r"\d+[a-z]?)\*\*"
_RANGE = r"\b(" + _PARTS + r")(\d+)\.\.(?:" + _PARTS + r")?(\d+)\b"
_EXAMPLE_ID = r"\*\*(" + _PARTS + r"\d+[a-z]?)(?:\*\*|\s)"   # also **NK-EX-01 Title.**
_CITED = r"\b" + _PARTS + r"\d+[a-z]?\b"
_SECTION = r"^#{2,3} +(.*?)\s*$"

ROWS = ("rule", "function", "file", "line")


def cited_ids(text: str) -> list[str]:
    """Every rule ID a text names, in order of first mention, ranges expanded.

    Parameters
    ----------
    text : str
        Any text: a docstring, a test file.

    Returns
    -------
    list of str
        The IDs, each once. A range ``NK-BID-03..05`` (or ``NK-BID-03..NK-BID-05``) stands
        for every number from its first to its last, written with the first one's digits.

    Examples
    --------
    >>> cited_ids("Rules: NK-BID-03..05, NK-EX-30a and PR-ITEM-MAISY-01.")
    ['NK-BID-03', 'NK-BID-04', 'NK-BID-05', 'NK-EX-30a', 'PR-ITEM-MAISY-01']
    >>> cited_ids("the NK-BID section; UTF-8; ISO-8859-1")
    []
    """
    found: list[tuple[int, str]] = []
    for m in re.finditer(_RANGE, text):
        prefix, first, last = m.group(1), m.group(2), m.group(3)
        found.extend((m.start(), f"{prefix}{i:0{len(first)}d}") for i in range(int(first), int(last) + 1))
    found.extend((m.start(), m.group(0)) for m in re.finditer(_CITED, text))
    return list(dict.fromkeys(i for _, i in sorted(found, key=lambda p: p[0])))


def checklist_ids(path: str | Path, examples: bool = False) -> list[str]:
    """The rule IDs a checklist defines (each ``**ID**`` in bold), in the checklist's order.

    Parameters
    ----------
    path : str or Path
        A ``<game>.checklist.md`` file.
    examples : bool, default False
        Also the worked examples' IDs (``**NK-EX-24 Title.**``): a docstring may cite them,
        but they are examples of rules, not rules needing a home.

    Returns
    -------
    list of str
        Each ID once.

    Examples
    --------
    >>> ids = checklist_ids(find_checklist("neko"))   # doctest: +SKIP
    >>> ids[:2]                                       # doctest: +SKIP
    ['NK-SET-01', 'NK-SET-02']
    """
    pattern = _EXAMPLE_ID if examples else _CHECKLIST_ID
    return list(dict.fromkeys(re.findall(pattern, Path(path).read_text(encoding="utf-8"))))


def _checklist_entries(path: Path) -> list[tuple[str, str, str]]:
    """``(id, section, text)`` for each ID the checklist defines, in order."""
    out: dict[str, tuple[str, str, str]] = {}
    section = ""
    for line in path.read_text(encoding="utf-8").splitlines():
        head = re.match(_SECTION, line)
        if head:
            section = head.group(1)
            continue
        m = re.search(_CHECKLIST_ID, line)
        if m and m.group(1) not in out:
            text = line[m.end():].strip()
            out[m.group(1)] = (m.group(1), section, text)
    return list(out.values())


def docstring_homes(source: str, module: str = "", file: str = "") -> list[dict[str, Any]]:
    """The rule homes in one Python source: the IDs each function's docstring names.

    Parameters
    ----------
    source : str
        Python source text (parsed, never run).
    module : str, optional
        The module's dotted name, put before each qualified name (``"engine.bid"``).
    file : str, optional
        The file name to put in each row.

    Returns
    -------
    list of dict
        One ``{"rule", "function", "file", "line"}`` per ID and function or method, in
        source order. ``function`` is the dotted name (``module.Class.method``); ``line``
        is the line of its ``def``. Classes and the module's own docstring are no homes
        (see :func:`docstring_problems`).

    Examples
    --------
    >>> src = '''
    ... class Bidding:
    ...     "Bids (NK-BID-01): a class is no home."
    ...     def bid(self):
    ...         "Place dice. Rules: NK-BID-03, NK-BID-04."
    ... '''
    >>> [(r["rule"], r["function"], r["line"]) for r in docstring_homes(src, "engine.bid")]
    [('NK-BID-03', 'engine.bid.Bidding.bid', 4), ('NK-BID-04', 'engine.bid.Bidding.bid', 4)]
    """
    tree = ast.parse(source)
    rows: list[dict[str, Any]] = []
    for qualname, node in _definitions(tree, module):
        if isinstance(node, ast.ClassDef):
            continue
        doc = ast.get_docstring(node, clean=True)
        if not doc:
            continue
        for rule in cited_ids(doc):
            rows.append({"rule": rule, "function": qualname, "file": file, "line": node.lineno})
    return rows


PROBLEMS = ("problem", "rules", "function", "file", "line")


def docstring_problems(source: str, module: str = "", file: str = "") -> list[dict[str, Any]]:
    """What keeps one Python source's docstrings from being a true rules map: a class
    whose docstring cites rule IDs (a class is no home: cite them in the functions that
    decide them), and a docstring that writes a range of IDs (name each rule).

    Parameters
    ----------
    source : str
        Python source text (parsed, never run).
    module : str, optional
        The module's dotted name.
    file : str, optional
        The file name to put in each row.

    Returns
    -------
    list of dict
        One ``{"problem", "rules", "function", "file", "line"}`` per class or range:
        ``problem`` is ``"class"`` or ``"range"``, ``rules`` the IDs concerned (a range
        expanded), ``function`` the dotted name of the class or function.

    Examples
    --------
    >>> src = '''
    ... class Bid:
    ...     "A bid record. Rules: NK-BID-01."
    ...     def place(self):
    ...         "Rules: NK-BID-03..05."
    ... '''
    >>> [(r["problem"], r["function"], r["rules"]) for r in docstring_problems(src)]
    [('class', 'Bid', ['NK-BID-01']), ('range', 'Bid.place', ['NK-BID-03', 'NK-BID-04', 'NK-BID-05'])]
    """
    tree = ast.parse(source)
    rows: list[dict[str, Any]] = []
    for qualname, node in _definitions(tree, module):
        doc = ast.get_docstring(node, clean=True)
        if not doc:
            continue
        where = {"function": qualname, "file": file, "line": node.lineno}
        if isinstance(node, ast.ClassDef):
            ids = cited_ids(doc)
            if ids:
                rows.append({"problem": "class", "rules": ids, **where})
        for m in re.finditer(_RANGE, doc):
            rows.append({"problem": "range", "rules": cited_ids(m.group(0)), **where})
    return rows


_DEFS = (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)


def _definitions(node: ast.AST, prefix: str) -> Iterator[tuple[str, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef]]:
    """Every function and class under ``node`` with its dotted name, in source order."""
    for child in ast.iter_child_nodes(node):
        if isinstance(child, _DEFS):
            name = f"{prefix}.{child.name}" if prefix else child.name
            yield name, child
            yield from _definitions(child, name)
        else:
            yield from _definitions(child, prefix)   # under if/try/with blocks


def _game_name(game: Any) -> str:
    name = game if isinstance(game, str) else getattr(game, "name", None)
    if not isinstance(name, str):
        raise TypeError(f"rules_map needs a game name or a Game, got {type(game).__name__}")
    if not (GAMES_DIR / name / "__init__.py").exists():
        known = sorted(p.name for p in GAMES_DIR.iterdir() if (p / "__init__.py").exists())
        raise ValueError(f"no game {name!r}: the games are {known}")
    return name


def _frame(rows: list[dict[str, Any]], columns: tuple[str, ...], as_frame: bool):
    if not as_frame:
        return rows
    import pandas as pd
    return pd.DataFrame(rows, columns=list(columns))


def rules_map(game: Any, *, as_frame: bool = True):
    """Every rule ID a game's code names, with the function, file and line that implement it.

    Reads the docstrings of every function and method in the game's package
    (``tabletop_nb/games/<game>/``, sub-packages included) with :mod:`ast`; a method is
    found in the file that defines its class. Classes and module docstrings do not count
    (:func:`home_problems` lists classes that cite rules). An ID named by several
    functions has a row for each.

    Parameters
    ----------
    game : str or Game
        The game's name (``"neko"``) or a game object (its ``name`` is used: a subclass
        written in a notebook maps to its game's package).
    as_frame : bool, default True
        A pandas DataFrame; ``False`` gives a list of dicts (no pandas needed).

    Returns
    -------
    pandas.DataFrame or list of dict
        Columns ``rule``, ``function`` (dotted name inside the package, such as
        ``analysis.who_leads`` or ``engine.bid.place``), ``file`` (path inside the
        package, ``engine/bid.py``) and ``line`` (of the ``def``), ordered by file and
        line.

    Examples
    --------
    >>> import tabletop_nb as tt
    >>> df = tt.rules_map("pebble_rock")
    >>> list(df.columns)
    ['rule', 'function', 'file', 'line']
    >>> df[df.rule == "PR-MOVE-03"]          # doctest: +SKIP
    """
    return _frame(_package_homes(GAMES_DIR / _game_name(game)), ROWS, as_frame)


def _package_homes(root: Path, read: Any = None) -> list[dict[str, Any]]:
    """The rule homes (or, with ``read=docstring_problems``, the problems) in every module
    under the package folder ``root``, by file and line."""
    read = docstring_homes if read is None else read
    rows: list[dict[str, Any]] = []
    for path in sorted(root.rglob("*.py"), key=lambda p: p.relative_to(root).as_posix()):
        rel = path.relative_to(root)
        parts = list(rel.with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        rows.extend(read(path.read_text(encoding="utf-8"), ".".join(parts), rel.as_posix()))
    return rows


def home_problems(game: Any, *, as_frame: bool = True):
    """Where a game's docstrings are not yet a true rules map: classes citing rule IDs
    (records are no homes) and ranges of IDs (:func:`docstring_problems`).

    Parameters
    ----------
    game : str or Game
        The game's name or a game object.
    as_frame : bool, default True
        A pandas DataFrame; ``False`` gives a list of dicts.

    Returns
    -------
    pandas.DataFrame or list of dict
        Columns ``problem`` (``"class"`` or ``"range"``), ``rules``, ``function``,
        ``file``, ``line``; empty when every rule is cited one by one in the functions
        that decide it.

    Examples
    --------
    >>> home_problems("pacal", as_frame=False)
    []
    """
    return _frame(_package_homes(GAMES_DIR / _game_name(game), docstring_problems), PROBLEMS,
                  as_frame)


def find_checklist(game: Any, rules_dir: str | Path | None = None) -> Path:
    """The rules checklist of a game: ``<game>.checklist.md``.

    Looked for in ``rules_dir`` when given, else in the shared rules beside the project
    (``../shared/rules/``, the originals), then in the copies in ``docs/rules/``.

    Parameters
    ----------
    game : str or Game
        The game's name or a game object.
    rules_dir : str or Path, optional
        A folder holding the checklists.

    Returns
    -------
    Path
        The checklist file.

    Raises
    ------
    FileNotFoundError
        When no checklist is found (an installed package has none: they live in the
        project's repository).

    Examples
    --------
    >>> find_checklist("pacal").name                  # doctest: +SKIP
    'pacal.checklist.md'
    """
    name = _game_name(game)
    dirs = [Path(rules_dir)] if rules_dir is not None else [
        PROJECT.parent / "shared" / "rules", PROJECT / "docs" / "rules"]
    for d in dirs:
        path = d / f"{name}.checklist.md"
        if path.exists():
            return path
    raise FileNotFoundError(
        f"no rules checklist for {name}: looked for {name}.checklist.md in "
        + ", ".join(str(d) for d in dirs)
        + " (the checklists are kept in shared/rules/ beside the project, copied to docs/rules/)")


def rules_without_code(game: Any) -> dict[str, str]:
    """The checklist IDs no function implements, each with the reason, from the game's
    ``rules_without_code.toml`` (``ID = "reason"``; an empty dict when there is no file).

    Parameters
    ----------
    game : str or Game
        The game's name or a game object.

    Returns
    -------
    dict
        ``{rule ID: reason}``.

    Examples
    --------
    >>> reasons = rules_without_code("neko")
    >>> all(isinstance(why, str) for why in reasons.values())
    True
    """
    from .core.toml import load
    path = GAMES_DIR / _game_name(game) / "rules_without_code.toml"
    if not path.exists():
        return {}
    with open(path, "rb") as fh:
        data = load(fh)
    return {str(k): v for k, v in data.items()}


def checklist_map(game: Any, rules_dir: str | Path | None = None, *, as_frame: bool = True):
    """Every rule of a game's checklist with the code that implements it, or why none does.

    Joins ``rules_map`` with the checklist (``find_checklist``) and the reasons in
    the game's ``rules_without_code.toml`` (``rules_without_code``).

    Parameters
    ----------
    game : str or Game
        The game's name or a game object.
    rules_dir : str or Path, optional
        The folder holding ``<game>.checklist.md`` (default: see ``find_checklist``).
    as_frame : bool, default True
        A pandas DataFrame; ``False`` gives a list of dicts.

    Returns
    -------
    pandas.DataFrame or list of dict
        One row per checklist ID and home, in checklist order: ``rule``, ``section`` (the
        checklist heading), ``text`` (the rule in the checklist's words), ``function``,
        ``file``, ``line`` (all ``None`` for an ID without a home) and ``reason`` (why no
        code implements it, or ``None``). An ID with neither a home nor a reason still
        needs one.

    Examples
    --------
    >>> import tabletop_nb as tt
    >>> df = tt.checklist_map("neko")                                   # doctest: +SKIP
    >>> df[df.function.isna() & df.reason.isna()].rule.tolist()         # doctest: +SKIP
    """
    homes: dict[str, list[dict[str, Any]]] = {}
    for row in rules_map(game, as_frame=False):
        homes.setdefault(row["rule"], []).append(row)
    reasons = rules_without_code(game)
    rows: list[dict[str, Any]] = []
    for rule, section, text in _checklist_entries(find_checklist(game, rules_dir)):
        base = {"rule": rule, "section": section, "text": text}
        for home in homes.get(rule, [{"function": None, "file": None, "line": None}]):
            rows.append({**base, "function": home["function"], "file": home["file"],
                         "line": home["line"], "reason": reasons.get(rule)})
    return _frame(rows, ("rule", "section", "text", "function", "file", "line", "reason"), as_frame)
