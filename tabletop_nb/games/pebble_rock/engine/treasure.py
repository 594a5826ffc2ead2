"""Treasure: taking a treasure token and giving it to Roberto.

Rulebook "Treasure" (checklist section 13, PR-TREAS). Where a treasure may be taken or given
is in :func:`.deliveries.space_actions`; Roberto taking a treasure in :mod:`.characters`.
Tests: tests/games/pebble_rock/test_treasure.py.
"""
from __future__ import annotations

from fractions import Fraction

from ..frames import RevealValue
from ..state import (DeliverTreasure, DiscardTreasure, RevealTreasure, State, TakeTreasure,
                     replace_player, replace_table, replace_turn)
from . import deliveries
from .base import remove_one, with_player
from .base import Engine as PebbleRockGame


__all__ = ["take_treasure", "deliver_treasure", "reveal_outcomes", "reveal", "discard_treasure"]


def take_treasure(game: PebbleRockGame, w: State, a: TakeTreasure) -> State:
    """Take the treasure token of this space into the hold (cargo thrown overboard to make
    room, :func:`.deliveries.make_room`); its value stays hidden.

    Rules: PR-TREAS-01.

    Parameters
    ----------
    game : PebbleRockGame
        The game.
    w : State
        The working state of this ``apply`` (:func:`.base.thaw`), changed and returned.
    a : TakeTreasure
        The action played: take the face-down Treasure token of this space, throwing a Cargo
        token overboard if the hold is full.

    Returns
    -------
    State
        The working state ``w`` with the rule played.

    Examples
    --------
    >>> import tabletop_nb
    >>> game = tabletop_nb.load_game("pebble_rock", players=2)
    >>> spot = min(game.info.treasure_spaces)
    >>> w = game.position(boats=[spot, 39], step="move", dice="steady", roll=2, moved=1)
    >>> w = take_treasure(game, w, TakeTreasure())
    >>> w.players[0].treasures == (spot,), spot in w.table.treasure_spaces
    (True, False)
    """
    seat = w.seat
    pos = w.boats[seat]
    p = deliveries.make_room(game, w, w.players[seat])
    w.players = with_player(w.players, seat, replace_player(p, treasures=p.treasures + (pos,)))
    w.table = replace_table(w.table, treasure_spaces=w.table.treasure_spaces - {pos})
    w.events += (("treasure", seat, pos),)
    return w


def deliver_treasure(game: PebbleRockGame, w: State, a: DeliverTreasure) -> State:
    """Give a treasure to Roberto: its value is revealed next (a chance node).

    Parameters
    ----------
    game : PebbleRockGame
        The game.
    w : State
        The working state of this ``apply`` (:func:`.base.thaw`), changed and returned.
    a : DeliverTreasure
        The action played: give a treasure to the Dread Pirate Roberto, next to his space.

    Returns
    -------
    State
        The working state ``w`` with the rule played.

    Examples
    --------
    >>> import tabletop_nb
    >>> game = tabletop_nb.load_game("pebble_rock", players=2)
    >>> deliver_treasure(game, game.position(boats=[38, 39]), DeliverTreasure()).todo
    (RevealValue(),)
    """
    w.turn = replace_turn(w.turn, treasure_here=True)
    w.todo = (RevealValue(),) + w.todo
    return w


def reveal_outcomes(game: PebbleRockGame, s: State, head: RevealValue) -> list:
    """Chance: a delivered treasure's value, drawn from the values nobody has seen.

    Rules: PR-TREAS-05.

    Parameters
    ----------
    game : PebbleRockGame
        The game.
    s : State
        The state (only read).
    head : RevealValue
        The chance node at the head of ``s.todo``: the value of the treasure given to Roberto.

    Returns
    -------
    list of (outcome, Fraction)
        Each chance outcome with its probability.

    Examples
    --------
    >>> import tabletop_nb
    >>> game = tabletop_nb.load_game("pebble_rock", players=2)
    >>> sum(p for _, p in reveal_outcomes(game, game.initial_state(), RevealValue()))
    Fraction(1, 1)
    """
    vals = s.table.hidden_values
    return [(RevealTreasure(v), Fraction(vals.count(v), len(vals))) for v in sorted(set(vals))]


def reveal(game: PebbleRockGame, w: State, a: RevealTreasure) -> State:
    """Chance: the delivered treasure's value goes on the track and the token leaves the
    hold.

    Rules: PR-TREAS-05.

    Parameters
    ----------
    game : PebbleRockGame
        The game.
    w : State
        The working state of this ``apply`` (:func:`.base.thaw`), changed and returned.
    a : RevealTreasure
        The chance outcome played: the value on the back of the delivered treasure, drawn from
        the values nobody has seen (``Table.hidden_values``).

    Returns
    -------
    State
        The working state ``w`` with the rule played.

    Examples
    --------
    >>> import tabletop_nb
    >>> from ..state import replace
    >>> game = tabletop_nb.load_game("pebble_rock", players=2)
    >>> w = game.position(boats=[38, 39], treasures=[[min(game.info.treasure_spaces)], []],
    ...                   cargo=[3, 0])
    >>> v = w.table.hidden_values[0]
    >>> w = reveal(game, replace(w, todo=(RevealValue(),)), RevealTreasure(v))
    >>> w.players[0].score == v, w.players[0].treasures
    (True, ())
    """
    seat = w.seat
    p = w.players[seat]
    p = replace_player(p, score=p.score + a.value, treasure_values=p.treasure_values + (a.value,),
                       treasures=p.treasures[:-1])
    w.players = with_player(w.players, seat, p)
    w.table = replace_table(w.table, hidden_values=remove_one(w.table.hidden_values, a.value))
    w.todo = w.todo[1:]
    w.events += (("treasure_value", seat, a.value),)
    return w


def discard_treasure(game: PebbleRockGame, w: State, a: DiscardTreasure) -> State:
    """Discard a treasure (under ``treasure_discard``): it leaves the game.

    Parameters
    ----------
    game : PebbleRockGame
        The game.
    w : State
        The working state of this ``apply`` (:func:`.base.thaw`), changed and returned.
    a : DiscardTreasure
        The action played: discard a treasure (only under ``treasure_discard``): it leaves the
        game.

    Returns
    -------
    State
        The working state ``w`` with the rule played.

    Examples
    --------
    >>> import tabletop_nb
    >>> game = tabletop_nb.load_game("pebble_rock", players=2, treasure_discard=True)
    >>> w = game.position(boats=[38, 39], treasures=[[min(game.info.treasure_spaces)], []],
    ...                   cargo=[3, 0])
    >>> discard_treasure(game, w, DiscardTreasure()).table.treasures_gone
    1
    """
    seat = w.seat
    p = w.players[seat]
    w.players = with_player(w.players, seat, replace_player(p, treasures=p.treasures[:-1]))
    w.table = replace_table(w.table, treasures_gone=w.table.treasures_gone + 1)
    w.events += (("discard_treasure", seat),)
    return w
