"""Fish Tokens and Jetstream tokens: fish gained and lost, and the jetstream's extra roll.

Rulebook "Fish Tokens" and "Jetstream tokens" (checklist sections 8-9: PR-FISH, PR-JET). A
fish pays for a step in :func:`.movement.step`.
Tests: tests/games/pebble_rock/test_fish_and_jetstream.py.
"""
from __future__ import annotations


from ..frames import DieEffect
from ..state import State, replace_player
from . import items
from .base import with_player
from .base import Engine as PebbleRockGame


__all__ = ["jetstream_fee", "die_effect"]


def jetstream_fee(game: PebbleRockGame, s: State, seat: int) -> int:
    """Fish ``seat`` pays to ride a jetstream token: none in the printed game (behind the
    hook :meth:`PebbleRockGame.jetstream_fee`).

    Rules: PR-JET-02.

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
    reroll): the fish gained (with Fishing Gear, :func:`.items.gear_bonus`), the fish Larry
    steals (never below 0; Gear does not apply), or the jetstream's extra movement (doubled
    by Winds when the rules say so), its fee (:meth:`PebbleRockGame.jetstream_fee`, at most
    the fish held) paid and the ride counted.

    Rules: PR-RES-02, PR-END-02, PR-CHAR-09, PR-JET-02, PR-JET-05, PR-RES-06.

    Examples
    --------
    >>> import tabletop_nb
    >>> game = tabletop_nb.load_game("pebble_rock", players=2)
    >>> w = game.position(boats=[38, 39], fish=[2, 0], step="move", dice="steady", roll=2)
    >>> die_effect(game, w, DieEffect("larry", 3), ()).players[0].fish
    0
    """
    purpose, v = head.purpose, head.value
    seat = w.seat
    p = w.players[seat]
    if purpose == "gain":  # PR-RES-02, PR-END-02, PR-ITEM-GEAR-01
        gain = v + items.gear_bonus(game, w, p)
        w.todo = rest
        w.players = with_player(w.players, seat, replace_player(p, fish=p.fish + gain))
        w.events += (("fish", seat, gain),)
        return w
    if purpose == "larry":  # PR-CHAR-09: never below 0; Gear does not apply
        lost = min(p.fish, v)
        w.todo = rest
        w.players = with_player(w.players, seat, replace_player(p, fish=p.fish - lost))
        w.events += (("larry", seat, lost),)
        return w
    # "jet": PR-JET-02, PR-RES-06
    extra = v * (2 if game.tables.jet_doubles and w.turn.symbol == "winds" else 1)
    fee = min(p.fish, game.jetstream_fee(w, seat))
    w.todo = rest
    w.players = with_player(w.players, seat,
                            replace_player(p, fish=p.fish - fee, jetstreams=p.jetstreams + 1))
    w.steps += extra
    w.events += (("jet", seat, extra),)
    if fee:
        w.events += (("jet_fee", seat, fee),)
    return w
