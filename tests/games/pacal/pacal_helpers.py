"""Hand-built boards and positions for the Pacal's Rocket rule tests.

The checklist's standard fixture: an open 8 x 8 grid, one district "D" of value 5 over
everything, no lake, river or covers. Other boards are drawn as rows of letters.
"""
from __future__ import annotations

from tabletop_nb.games.pacal.engine import PacalGame
from tabletop_nb.games.pacal.rules import Board, Cover, CoverUse, District

COLOUR = "#cccccc"


def make_board(rows, values=None, holy=None, river=(), lakeside=(), covers=(), cover_use=None,
               lake="~") -> Board:
    rows = tuple(rows)
    letters = sorted({c for r in rows for c in r} - {lake})
    values = values or {}
    districts = tuple(District(k, values.get(k, 5), k, COLOUR) for k in letters)
    if cover_use is None:
        cover_use = {n: () for n in range(2, 6)}
    return Board(width=len(rows[0]), height=len(rows), rows=rows, holy=holy or letters[0],
                 lake=lake, districts=districts, river=tuple(river), lakeside=tuple(lakeside),
                 covers=tuple(Cover(k, tuple(v)) for k, v in dict(covers).items()),
                 cover_use=tuple(CoverUse(k, tuple(v)) for k, v in cover_use.items()))


OPEN8 = make_board(["D" * 8] * 8, values={"D": 5})


def open_game(players=3, **rules) -> PacalGame:
    """The checklist's fixture board: 8 x 8, one district D of value 5."""
    return PacalGame(players=players, board=OPEN8, **rules)


def game_on(rows, players=3, values=None, **kw) -> PacalGame:
    board_kw = {k: kw.pop(k) for k in ("holy", "river", "lakeside", "covers", "cover_use") if k in kw}
    return PacalGame(players=players, board=make_board(rows, values, **board_kw), **kw)


#: ships parked out of the way (the checklist's (7,7), (7,6), (7,5)...)
PARKED = [(7, 7), (7, 6), (7, 5), (7, 4), (7, 3)]


def parked(players, **moves):
    """Ship positions: the parked ones, with some seats moved (seat=int -> (x, y))."""
    ships = {q: PARKED[q] for q in range(players)}
    for k, v in moves.items():
        ships[int(k[1:])] = v
    return ships


def dests(game, s, kind=None):
    """The end spaces of the legal die moves (optionally of one kind)."""
    from tabletop_nb.games.pacal.state import Move
    return {a.to for a in game.legal_actions(s) if type(a) is Move and (kind is None or a.kind == kind)}


def stones_of(game, s, seat):
    return {game.geo.xy[c] for c in range(game.geo.size) if s.stones[seat] >> c & 1}
