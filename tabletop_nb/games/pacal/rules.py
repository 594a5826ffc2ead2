"""The rules of Pacal's Rocket as data: every printed number, the board, the die, the variants.

Every number the rulebook prints (pyramid counts, stones, god stones, the 12/8/4 river
and lake points, second place 2, the 5 bonus points, the 45/40/35/30 thresholds) is a
field here, loaded from ``data/components.toml``; the reconstructed board and die come
from ``data/board.toml`` and the ``[die]`` table. The 2-player game follows from
``players=2``; the expert game is ``expert=True``. Where the rulebook can be read two
plausible ways (see RULINGS.md) the reading is a switch.

Examples
--------
>>> from tabletop_nb.games.pacal.rules import PacalRules
>>> r = PacalRules(players=3)
>>> r.threshold, r.board.width, sorted(r.die.outcomes, key=str)
(40, 13, [2, 3, 4, 5, 'arrows'])
>>> PacalRules(players=6)
Traceback (most recent call last):
...
tabletop_nb.core.errors.RulesError: rules.players: must be at most 5, got 6
"""
from __future__ import annotations

from ...core import memo, toml
from dataclasses import dataclass
from pathlib import Path
from typing import NamedTuple

from ...core.dice import Die
from ...core.errors import RulesError
from ...core.rules import RulesBase, rule

__all__ = ["PacalRules", "Board", "District", "Cover", "CoverUse", "load_board", "ARROWS",
           "DATA"]

#: the die face that lets a ship jump along its row or column
ARROWS = "arrows"
DATA = Path(__file__).with_name("data")


class District(NamedTuple):
    """One district of the board: its letter in the rows, value, colour name and drawing colour
    (PC-SETUP).

    Parameters
    ----------
    letter : str
        The district's letter in ``Board.rows``.
    value : int
        The points a first pyramid there scores.
    name : str
        The colour's name on the board.
    colour : str
        The colour the view draws it in.

    Examples
    --------
    >>> BOARD.district(BOARD.holy)   # the holy district, worth 7
    District(letter='S', value=7, name='red', colour='#d62728')
    """

    letter: str
    value: int
    name: str
    colour: str


class Cover(NamedTuple):
    """A cover piece (``"2"``, ``"2/3"``, ``"4"``) and the districts it hides (PC-PLAYERS).

    Parameters
    ----------
    name : str
        The piece's label.
    districts : tuple of str
        The letters of the districts it covers.

    Examples
    --------
    >>> BOARD.covers[0]
    Cover(name='2', districts=('L',))
    """

    name: str
    districts: tuple[str, ...]


class CoverUse(NamedTuple):
    """The cover pieces laid for a player count (PC-PLAYERS).

    Parameters
    ----------
    players : int
        The player count.
    pieces : tuple of str
        The names of the pieces laid.

    Examples
    --------
    >>> BOARD.cover_use[0]
    CoverUse(players=2, pieces=('2', '2/3'))
    """

    players: int
    pieces: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Board:
    """The printed board as data: a grid of district letters, river, lake and covers.

    ``rows[y][x]`` is the district letter of space (x, y), or ``lake`` for a lake space.
    ``river`` and ``lakeside`` are the spaces that count for the river and lake scoring.

    Attributes
    ----------
    width, height : int
        The grid's size in spaces.
    rows : tuple of str
        One string of district letters per row.
    holy : str
        The holy district's letter (PC-SETUP).
    lake : str
        The letter of lake spaces.
    districts : tuple of District
        Every district.
    river, lakeside : tuple of tuple of int
        The ``(x, y)`` spaces of the river and of the lake's shore.
    covers : tuple of Cover
        The cover pieces.
    cover_use : tuple of CoverUse
        Which pieces each player count lays.

    Examples
    --------
    >>> BOARD.width, BOARD.height, BOARD.holy
    (13, 13, 'S')
    >>> sorted(BOARD.covered_letters(2))   # the districts hidden in a 2-player game
    ['L', 'R']
    """

    width: int
    height: int
    rows: tuple[str, ...]
    holy: str
    lake: str
    districts: tuple[District, ...]
    river: tuple[tuple[int, int], ...]
    lakeside: tuple[tuple[int, int], ...]
    covers: tuple[Cover, ...]
    cover_use: tuple[CoverUse, ...]

    def district(self, letter: str) -> District:
        for d in self.districts:
            if d.letter == letter:
                return d
        raise KeyError(letter)

    def covered_letters(self, players: int) -> frozenset[str]:
        """The districts hidden by the cover pieces used with ``players`` players (which
        pieces is data: ``cover_use``).

        Rules: PC-PLAYERS-02, PC-PLAYERS-03, PC-PLAYERS-04, PC-PLAYERS-05."""
        pieces = {c.name: c.districts for c in self.covers}
        out: set[str] = set()
        for use in self.cover_use:
            if use.players == players:
                for p in use.pieces:
                    out.update(pieces[p])
        return frozenset(out)

    def check(self) -> None:
        """Raise RulesError("board", why) if the board is not consistent."""
        def bad(why):
            raise RulesError("board", why)
        if len(self.rows) != self.height or any(len(r) != self.width for r in self.rows):
            bad(f"rows must be {self.height} strings of {self.width} letters")
        letters = {d.letter for d in self.districts}
        if len(letters) != len(self.districts):
            bad("two districts share a letter")
        used = {c for r in self.rows for c in r} - {self.lake}
        if used != letters:
            bad(f"the rows use districts {sorted(used)} but the table lists {sorted(letters)}")
        if self.holy not in letters:
            bad(f"the holy district {self.holy!r} is not a district")
        for d in self.districts:
            if d.value < 1:
                bad(f"district {d.letter} must have a positive value")
        for name, spaces in (("river", self.river), ("lakeside", self.lakeside)):
            for x, y in spaces:
                if not (0 <= x < self.width and 0 <= y < self.height):
                    bad(f"{name} space {(x, y)} is off the board")
                if self.rows[y][x] == self.lake:
                    bad(f"{name} space {(x, y)} is in the lake (the lake is an obstacle)")
        names = {c.name for c in self.covers}
        for c in self.covers:
            if set(c.districts) - letters:
                bad(f"cover {c.name} hides unknown districts {sorted(set(c.districts) - letters)}")
            if self.holy in c.districts:
                bad("the holy district cannot be covered: the ships start there")
        for u in self.cover_use:
            if set(u.pieces) - names:
                bad(f"{u.players} players use unknown cover pieces {sorted(set(u.pieces) - names)}")
        # every district must be one orthogonally connected region
        for d in self.districts:
            cells = {(x, y) for y, r in enumerate(self.rows) for x, c in enumerate(r) if c == d.letter}
            start = next(iter(cells))
            seen, todo = {start}, [start]
            while todo:
                x, y = todo.pop()
                for n in ((x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)):
                    if n in cells and n not in seen:
                        seen.add(n)
                        todo.append(n)
            if seen != cells:
                bad(f"district {d.letter} is not one connected region")


def _read(name: str) -> dict:
    with open(DATA / name, "rb") as f:
        return toml.load(f)


@memo.function(name="pacal.boards", key="the board file's name")
def load_board(name: str = "board.toml") -> Board:
    """The reconstructed board from ``data/board.toml`` (or another file in data/).

    Parameters
    ----------
    name : str, default "board.toml"
        The file's name in the package's ``data/`` folder.

    Returns
    -------
    Board
        The board (read once per name while caches are on).

    Examples
    --------
    >>> load_board() == BOARD
    True
    """
    raw = _read(name)
    districts = tuple(District(k, int(v[0]), str(v[1]), str(v[2])) for k, v in raw["districts"].items())
    return Board(
        width=int(raw["width"]), height=int(raw["height"]), rows=tuple(raw["rows"]),
        holy=raw["holy"], lake=raw["lake"], districts=districts,
        river=tuple((int(x), int(y)) for x, y in raw["river"]),
        lakeside=tuple((int(x), int(y)) for x, y in raw["lakeside"]),
        covers=tuple(Cover(k, tuple(v)) for k, v in raw["covers"].items()),
        cover_use=tuple(CoverUse(int(k), tuple(v)) for k, v in raw["cover_use"].items()))


_C = _read("components.toml")
BOARD = load_board()
DIE = Die(_C["die"]["faces"], name="special die")


@dataclass(frozen=True, slots=True)
class PacalRules(RulesBase):
    """Every rule of Pacal's Rocket, with the reading chosen for each ambiguity.

    Parameters
    ----------
    **rules
        Every rule by keyword: ``players``, ``expert``, the components (``board``, ``die``,
        ``pyramids``, ...), the scoring and end values and the readings of ambiguous text
        (RULINGS.md). Each field's type, default, bounds and doc are in :meth:`fields_info`
        and on the game's rule-values page; a value out of bounds raises ``RulesError``.

    Examples
    --------
    >>> r = PacalRules(players=3)
    >>> r.players, r.stones
    (3, 11)
    >>> r.replace(expert=True).expert
    True
    """

    players: int = rule(4, min=2, max=5, group="Setup",
                        doc="number of players; 2 plays the 2-player game (own rolls, 45 points)")
    expert: bool = rule(False, group="Variants",
                        doc="expert game: own pyramids may join a constellation only to be upgraded")
    board: Board = rule(BOARD, group="Components", doc="the board (reconstructed data)")
    die: Die = rule(DIE, group="Components",
                    doc="the special die: pip faces and the arrows face (reconstructed pips)")
    pyramids: tuple[int, ...] = rule(tuple(_C["pyramids"]), group="Components",
                                     doc="pyramids per colour by stories 1, 2, 3, 4, 5")
    stones: int = rule(int(_C["stones"]), min=1, max=40, group="Components",
                       doc="energy stones per colour")
    god_stones: tuple[int, ...] = rule(tuple(_C["god_stones"]), group="Components",
                                       doc="the values of each player's god stones")
    river_points: tuple[int, ...] = rule(tuple(_C["river_points"]), group="Scoring",
                                         doc="river and lake: points for places 1, 2, 3, ...")
    second_place: int = rule(int(_C["second_place"]), min=0, max=20, group="Scoring",
                             doc="district final scoring: points for second place")
    end_bonus: int = rule(int(_C["end_bonus"]), min=0, max=50, group="Scoring",
                          doc="bonus for building the second-to-last pyramid")
    pyramids_left_at_end: int = rule(int(_C["pyramids_left_at_end"]), min=0, max=10, group="End",
                                     doc="the game ends at once when a build leaves this many pyramids in supply")
    thresholds: tuple[tuple[int, int], ...] = rule(
        tuple((int(p), int(v)) for p, v in _C["thresholds"]), group="End",
        doc="(players, points): an in-play score that ends the game")
    # -- readings of ambiguous text (RULINGS.md) -----------------------------------
    marker_is_stone: bool = rule(True, group="Readings",
                                 doc="PC-SETUP-06: the score marker is one of the 11 stones (10 playable)")
    zero_straight: bool = rule(False, group="Readings",
                               doc="PC-STRAIGHT-05: a straight move blocked at once may 'move' 0 spaces")
    turning_paths: str = rule("self_avoiding", choices=("self_avoiding", "no_reversal"), group="Readings",
                              doc="PC-TURNING-06: a turning path may not revisit a space (or only may not reverse)")
    boxed_in: str = rule("by_roll", choices=("by_roll", "by_surroundings"), group="Readings",
                         doc="PC-BOXED-04: boxed in = no die move with this roll, or four blocked sides")
    god_in_first_round: bool = rule(False, group="Readings",
                                    doc="PC-GOD-05: a god stone may be used voluntarily in round 1")
    arrows_in_first_round: bool = rule(True, group="Readings",
                                       doc="PC-ARROWS-06: the arrows face may take a ship out in round 1")
    diamond_squares: bool = rule(False, group="Readings",
                                 doc="PC-CONST-11: 45-degree squares (diamonds) also make five-story pyramids")
    gap_contents: str = rule("anything", choices=("anything", "no_own", "empty"), group="Readings",
                             doc="PC-CONST-12: what may lie in the gaps of a line or square")
    lower_substitute: str = rule("any", choices=("any", "next"), group="Readings",
                                 doc="PC-LOWER-03: with a size used up, any lower pyramid or only the next lower one")
    replaced_pyramid: str = rule("supply", choices=("supply", "discard"), group="Readings",
                                 doc="PC-UPGRADE-05: an upgraded pyramid goes back to supply or leaves the game")
    tie_scores: bool = rule(False, group="Readings",
                            doc="PC-SCORE-07: catching up to a tie for first also scores the district")
    river_lake: str = rule("separate", choices=("separate", "combined"), group="Readings",
                           doc="PC-RIVER-06: river and lake scored as two majorities or as one area")
    two_player_bonus_end: bool = rule(True, group="Readings",
                                      doc="PC-TWO-04: the second-to-last-pyramid end also applies with 2 players")

    def validate(self) -> None:
        self.board.check()
        if len(self.pyramids) != 5 or any(c < 0 for c in self.pyramids) or sum(self.pyramids) < 2:
            raise RulesError("pyramids", "needs 5 non-negative counts (stories 1..5), at least 2 pyramids")
        if self.pyramids_left_at_end >= sum(self.pyramids):
            raise RulesError("pyramids_left_at_end", "must be fewer than the pyramids of a colour")
        if any(v < 0 for v in self.god_stones) or len(self.god_stones) > 6:
            raise RulesError("god_stones", "values must be non-negative (at most 6 stones)")
        if len(set(self.god_stones)) != len(self.god_stones):
            raise RulesError("god_stones", "each god stone needs its own value (a player chooses by value)")
        if any(v < 0 for v in self.river_points):
            raise RulesError("river_points", "points must be non-negative")
        counts = {p for p, _ in self.thresholds}
        for p, v in self.thresholds:
            if not 2 <= p <= 5:
                raise RulesError("thresholds", f"({p}, {v}): the player count must be 2..5")
            if not 1 <= v <= 500:
                raise RulesError("thresholds", f"({p}, {v}): the end score must be 1..500 points "
                                               f"(at {v} the game would end before anyone scores)"
                                 if v < 1 else f"({p}, {v}): the end score must be 1..500 points")
        if len(counts) != len(self.thresholds):
            raise RulesError("thresholds", "gives a player count twice")
        if self.players not in counts:
            raise RulesError("thresholds", f"no end threshold for {self.players} players")
        if self.marker_is_stone and self.stones < 2:
            raise RulesError("stones", "with the marker taken from the stones at least 2 are needed")
        faces = self.die.outcomes
        for f in faces:
            if f != ARROWS and not (isinstance(f, int) and not isinstance(f, bool) and 1 <= f <= 12):
                raise RulesError("die", f"faces are pips 1..12 or {ARROWS!r}, got {f!r}")
        if self.players not in {u.players for u in self.board.cover_use}:
            raise RulesError("board", f"the board says nothing about covers for {self.players} players")
        holy = sum(r.count(self.board.holy) for r in self.board.rows)
        if holy < self.players:
            raise RulesError("board", f"the holy district has {holy} spaces for {self.players} ships")

    @property
    def threshold(self) -> int:
        """The in-play score that ends the game with this many players (the values are
        data: ``thresholds``).

        Rules: PC-PLAYERS-08."""
        return dict(self.thresholds)[self.players]

    @property
    def playable_stones(self) -> int:
        """Stones a player can drop: the marker comes out of the 11 under PC-SETUP-06."""
        return self.stones - (1 if self.marker_is_stone else 0)
