"""Fish Tokens and Jetstream tokens: fish gained and lost, and the jetstream's extra roll.

Rulebook "Fish Tokens" and "Jetstream tokens" (checklist sections 8-9: PR-FISH, PR-JET). A
fish pays for a step in :func:`.movement.step`.
Tests: tests/games/pebble_rock/test_fish_and_jetstream.py.
"""
from __future__ import annotations


from .. import analysis
from ..frames import DieEffect
from ..state import State, replace_player
from . import items
from .base import with_player
from .base import Engine as PebbleRockGame


__all__ = ["jetstream_fee", "die_effect", "fish_caught", "larry_steals", "jetstream_ride"]


def jetstream_fee(game: PebbleRockGame, s: State, seat: int) -> int:
    """Fish ``seat`` pays to ride a jetstream token: none in the printed game (behind the
    hook :meth:`PebbleRockGame.jetstream_fee`).

    Parameters
    ----------
    game : PebbleRockGame
        The game.
    s : State
        The state (only read).
    seat : int
        The seat asked about.

    Examples
    --------
    >>> import tabletop_nb
    >>> game = tabletop_nb.load_game("pebble_rock", players=2)
    >>> jetstream_fee(game, game.initial_state(), 0)
    0
    """
    return 0


def die_effect(game: PebbleRockGame, w: State, head: DieEffect, rest: tuple) -> State:
    """A die rolled for fish, Larry or a jetstream takes effect (after any Lucky Shell
    reroll): :func:`fish_caught`, :func:`larry_steals` or :func:`jetstream_ride`.

    Parameters
    ----------
    game : PebbleRockGame
        The game.
    w : State
        The working state of this ``apply`` (:func:`.base.thaw`), changed and returned.
    head : DieEffect
        The bookkeeping step at the head of ``w.todo``: what a die rolled for ``head.purpose``
        does with ``head.value`` (fish, Larry, a jetstream).
    rest : tuple of Frame
        The queue after ``head`` (``w.todo[1:]``).

    Returns
    -------
    State
        The working state ``w`` with the rule played.

    Examples
    --------
    >>> import tabletop_nb
    >>> game = tabletop_nb.load_game("pebble_rock", players=2)
    >>> w = game.position(boats=[38, 39], fish=[2, 0], step="move", dice="steady", roll=2)
    >>> die_effect(game, w, DieEffect("gain", 3), ()).players[0].fish
    5
    """
    w.todo = rest
    purpose = head.purpose
    if purpose == "gain":
        return fish_caught(game, w, head.value)
    if purpose == "larry":
        return larry_steals(game, w, head.value)
    return jetstream_ride(game, w, head.value)


def fish_caught(game: PebbleRockGame, w: State, v: int) -> State:
    """The fish die's ``v`` fish (a fish symbol, or fishing at the end of the turn) go to the
    moving player, with Fishing Gear's bonus (:func:`.items.gear_bonus`).

    Rules: PR-RES-02, PR-END-02.

    Parameters
    ----------
    game : PebbleRockGame
        The game.
    w : State
        The working state of this ``apply`` (:func:`.base.thaw`), changed and returned.
    v : int
        The Fish die's face.

    Returns
    -------
    State
        The working state ``w`` with the rule played.

    Examples
    --------
    >>> import tabletop_nb
    >>> game = tabletop_nb.load_game("pebble_rock", players=2)
    >>> w = game.position(boats=[38, 39], fish=[2, 0], items=[["fishing_gear"], []])
    >>> fish_caught(game, w, 3).players[0].fish
    6
    """
    seat = w.seat
    p = w.players[seat]
    gain = v + items.gear_bonus(game, w, p)
    w.players = with_player(w.players, seat, replace_player(p, fish=p.fish + gain))
    w.events += (("fish", seat, gain),)
    return w


def larry_steals(game: PebbleRockGame, w: State, v: int) -> State:
    """Larry takes the Fish die's ``v`` fish from the moving player, never below 0 (Fishing
    Gear does not apply).

    Rules: PR-CHAR-09.

    Parameters
    ----------
    game : PebbleRockGame
        The game.
    w : State
        The working state of this ``apply`` (:func:`.base.thaw`), changed and returned.
    v : int
        The Fish die's face.

    Returns
    -------
    State
        The working state ``w`` with the rule played.

    Examples
    --------
    >>> import tabletop_nb
    >>> game = tabletop_nb.load_game("pebble_rock", players=2)
    >>> w = game.position(boats=[38, 39], fish=[2, 0], step="move", dice="steady", roll=2)
    >>> larry_steals(game, w, 3).players[0].fish
    0
    """
    seat = w.seat
    p = w.players[seat]
    lost = min(p.fish, v)
    w.players = with_player(w.players, seat, replace_player(p, fish=p.fish - lost))
    w.events += (("larry", seat, lost),)
    return w


def jetstream_ride(game: PebbleRockGame, w: State, v: int) -> State:
    """A jetstream's roll ``v`` adds to the movement (doubled by Winds when the rules say
    so); its fee (:meth:`PebbleRockGame.jetstream_fee`, at most the fish held) is paid and
    the ride counted.

    Rules: PR-JET-02, PR-JET-05.

    Parameters
    ----------
    game : PebbleRockGame
        The game.
    w : State
        The working state of this ``apply`` (:func:`.base.thaw`), changed and returned.
    v : int
        The movement die's face rolled for the jetstream.

    Returns
    -------
    State
        The working state ``w`` with the rule played.

    Examples
    --------
    >>> import tabletop_nb
    >>> game = tabletop_nb.load_game("pebble_rock", players=2)
    >>> w = game.position(boats=[38, 39], step="move", dice="steady", roll=2, movement=1)
    >>> jetstream_ride(game, w, 4).steps
    5
    """
    seat = w.seat
    p = w.players[seat]
    extra = v * analysis.winds_factor(game, w.turn.symbol, "jetstream")
    fee = min(p.fish, game.jetstream_fee(w, seat))
    w.players = with_player(w.players, seat,
                            replace_player(p, fish=p.fish - fee, jetstreams=p.jetstreams + 1))
    w.steps += extra
    w.events += (("jet", seat, extra),)
    if fee:
        w.events += (("jet_fee", seat, fee),)
    return w
