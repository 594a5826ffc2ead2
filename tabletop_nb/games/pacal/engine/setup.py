"""Setting up (rulebook: "Preparation"): supplies, god stones, the ships in the holy district.

Rules: PC-SETUP, PC-PLAYERS.
"""
from __future__ import annotations

from ..state import ROLL, SETUP, PacalState, PlaceShip, evolve
from .base import Engine as PacalGame
from .base import decision
from .movement import ships_mask

__all__ = ["initial_state", "setup_options", "place_ship"]


def initial_state(game: PacalGame) -> PacalState:
    """Everything in the supplies, no ship on the board yet: the first seat places his ship.

    Rules: PC-SETUP-03..07, PC-SETUP-09, PC-PLAYERS-01."""
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

    Rules: PC-SETUP-08."""
    taken = ships_mask(s.ships)
    xy = game.geo.xy
    return tuple(PlaceShip(xy[c]) for c in game.geo.holy_cells if not taken >> c & 1)


def place_ship(game: PacalGame, s: PacalState, a: PlaceShip) -> PacalState:
    """Put the seat's ship on its start space; after the last seat the first round's die
    is rolled.

    Rules: PC-SETUP-08, PC-DIE-01."""
    p = s.player
    ships = s.ships[:p] + (game.geo.index[a.at],) + s.ships[p + 1:]
    ev = (("ship", p, a.at),)
    if p + 1 < game.players:
        s2 = evolve(s, ships=ships, player=p + 1, events=ev)
        return decision(s2, SETUP, setup_options(game, s2))
    return evolve(s, ships=ships, phase=ROLL, player=0, round=1, roller=0, pos=0,
                  options=(), events=ev)
