"""Setting up (rulebook: "Preparation"): supplies, god stones, the ships in the holy district.

Rules: PC-SETUP, PC-PLAYERS.
"""
from __future__ import annotations

from ..state import ROLL, SETUP, PacalState, PlaceShip, evolve
from .base import Engine as PacalGame
from .movement import ships_mask

__all__ = ["initial_state", "setup_options", "place_ship"]


def initial_state(game: PacalGame) -> PacalState:
    """Everything in the supplies, no ship on the board yet: the first seat places his ship.

    Behind :meth:`PacalGame.initial_state`.

    Parameters
    ----------
    game : PacalGame
        The game (its seats and rules set the supplies).

    Returns
    -------
    PacalState
        The setup decision of seat 0.

    Examples
    --------
    >>> import tabletop_nb
    >>> game = tabletop_nb.load_game("pacal", players=3)
    >>> s = initial_state(game)
    >>> game.phase(s), s.ships, s.gods[0]
    ('setup: Yellow places the ship', (-1, -1, -1), (2, 4, 6))

    Rules: PC-SETUP-03, PC-SETUP-04, PC-SETUP-05, PC-SETUP-07, PC-SETUP-09, PC-PLAYERS-01.
    """
    n, r = game.players, game.rules
    s = PacalState(
        phase=SETUP, player=0, turn=0, round=0, roller=0, pos=0, face=None,
        ships=(-1,) * n, stones=(0,) * n, supply=(r.playable_stones,) * n,
        pyramids=(0,) * game.geo.size, pyr_masks=(0,) * n,
        pyr_supply=(tuple(r.pyramids),) * n, discarded=(0,) * n,
        gods=(tuple(sorted(r.god_stones)),) * n, scores=(0,) * n)
    return evolve(s, options=setup_options(game, s))


def setup_options(game: PacalGame, s: PacalState) -> tuple:
    """The free spaces of the holy district, where the seat to play may put his ship.

    The legal actions (:meth:`PacalGame.legal_actions`) of the setup decision, set by
    :func:`initial_state` and :func:`place_ship`.

    Parameters
    ----------
    game : PacalGame
        The game.
    s : PacalState
        A state in setup.

    Returns
    -------
    tuple of PlaceShip

    Examples
    --------
    >>> import tabletop_nb
    >>> game = tabletop_nb.load_game("pacal", players=3)
    >>> s = game.initial_state()
    >>> len(setup_options(game, s))
    9
    >>> s = game.apply(s, game.legal_actions(s)[0])
    >>> setup_options(game, s)[:2]
    (PlaceShip(at=(6, 5)), PlaceShip(at=(7, 5)))

    Rules: PC-SETUP-08.
    """
    taken = ships_mask(s.ships)
    xy = game.geo.xy
    return tuple(PlaceShip(xy[c]) for c in game.geo.holy_cells if not taken >> c & 1)


def place_ship(game: PacalGame, s: PacalState, a: PlaceShip) -> PacalState:
    """Put the seat's ship on its start space; after the last seat the first round's die
    is rolled.

    What :meth:`PacalGame.apply` does with a :class:`PlaceShip` action.

    Parameters
    ----------
    game : PacalGame
        The game.
    s : PacalState
        A state in setup.
    a : PlaceShip
        The start space, one of :func:`setup_options`.

    Returns
    -------
    PacalState
        The next seat's setup decision, or the first round's roll.

    Examples
    --------
    >>> import tabletop_nb
    >>> game = tabletop_nb.load_game("pacal", players=3)
    >>> s = game.initial_state()
    >>> s = place_ship(game, s, PlaceShip((5, 5)))
    >>> game.phase(s), game.events(s)
    ('setup: Violet places the ship', ('Yellow placed the ship on (5, 5)',))
    """
    p = s.player
    ships = s.ships[:p] + (game.geo.index[a.at],) + s.ships[p + 1:]
    ev = (("ship", p, a.at),)
    if p + 1 < game.players:
        s2 = evolve(s, ships=ships, player=p + 1, phase=SETUP, events=ev)
        s2.options = setup_options(game, s2)   # s2 is this call's new state (base.py: decisions)
        return s2
    return evolve(s, ships=ships, phase=ROLL, player=0, round=1, roller=0, pos=0,
                  options=(), events=ev)
