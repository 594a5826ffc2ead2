"""How To Play, On Your Turn: the queue of what happens next, the turn passing clockwise,
ten rounds, and the game's end.

Rulebook "How To Play" and "On Your Turn" (checklist section 2, PR-TURN). What happens
next is a queue (``State.todo``) of decisions, chance nodes and bookkeeping steps (see
:mod:`~tabletop_nb.games.pebble_rock.frames`); :data:`SECTION_OF` gives each the section
function that decides it, and :func:`run` carries out the bookkeeping at once, so a state
always waits on a player or on chance. The steps of a turn are the sections that follow:
the dice (:mod:`.dice`), the move (:mod:`.movement`), the end of the turn
(:mod:`.end_of_turn`).
Tests: tests/games/pebble_rock/test_turn.py, tests/conformance.
"""
from __future__ import annotations


from typing import Any, Callable

from ..frames import (AssignmentCheck, BeginMove, Bookkeeping, ChooseAssignment, ChooseStartDock,
                      DealCard, DieEffect, DockRefill, DrawFirstPlayer, FillMarketSlot,
                      FillRowSlot, LighthouseCheck, MarketVisit, MeetCharacter, NextTurn,
                      OfferAvoid, OfferReroll, PutCharacter, RerollDie, ResolveSymbol,
                      RevealValue, RobberyChoice, RobertoRobs, RollDice, RollDie, ShedToCapacity,
                      StartGame)
from ..state import (ChooseDice, DealAssignment, Decline, Deliver, DeliverTreasure, DieRoll,
                     DiscardItem, DiscardPassenger, DiscardTreasure, DrawCard, DrawItem, DropOff,
                     Endure, FirstPlayer, KeepAssignment, KeepRoll, LoseToken, Overboard, PickUp,
                     PlaceBoat, PlaceCharacter, Refill, RevealTreasure, Reroll, Roll, Shed, State,
                     Step, Stop, TakeItem, TakeTreasure, Turn, UseItem)
from . import (characters, deliveries, dice, end_of_turn, fish_and_jetstream, items, movement,
               setup, treasure)
from .base import Engine as PebbleRockGame


__all__ = ["next_turn", "is_over", "SECTION_OF", "run"]


def next_turn(game: PebbleRockGame, w: State, head: NextTurn, rest: tuple) -> State:
    """The next player clockwise takes a turn; after the last player of a round Brock moves
    on a round; after the last player's turn of the final round the game is over.

    Rules: PR-TURN-02, PR-TURN-04, PR-TURN-05, PR-FINAL-04.

    Parameters
    ----------
    game : PebbleRockGame
        The game.
    w : State
        The working state of this ``apply`` (:func:`.base.thaw`), changed and returned.
    head : NextTurn
        The bookkeeping step at the head of ``w.todo``: pass the turn.
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
    >>> w = game.position(boats=[38, 39], round=3, first=0, seat=1)
    >>> w = next_turn(game, w, NextTurn(), ())
    >>> w.seat, w.round, w.phase
    (0, 4, 'choose')
    >>> w = next_turn(game, game.position(boats=[38, 39], round=10, first=0, seat=1), NextTurn(), ())
    >>> w.phase
    'over'
    """
    seat = (w.seat + 1) % game.num_players
    w.turns += 1
    w.steps = w.moved = 0
    if seat == w.first:
        if w.round >= game.rules.rounds:
            w.phase, w.todo = "over", ()
            w.events += (("game_over",),)
            return w
        w.round += 1
    w.seat, w.phase, w.todo, w.turn = seat, "choose", rest, Turn()
    return w


def is_over(s: State) -> bool:
    """Whether the game is over (after the final round's last turn).

    Parameters
    ----------
    s : State
        The state.

    Examples
    --------
    >>> import tabletop_nb
    >>> game = tabletop_nb.load_game("pebble_rock", players=2)
    >>> is_over(game.initial_state())
    False
    """
    return s.phase == "over"


#: The one dispatch table: each type the engine meets, to the section function that decides
#: it. A queue entry's type (:mod:`..frames`) gives a decision's options ``f(game, s, head)
#: -> list``, a chance node's outcomes ``f(game, s, head) -> [(outcome, p)]``, or a
#: bookkeeping step ``f(game, w, head, rest) -> State``; an action's or chance outcome's type
#: gives the rule it plays, ``f(game, w, a) -> State``.
SECTION_OF: dict[type, Callable[..., Any]] = {
    # decisions of the queue: their options
    ChooseStartDock: setup.dock_options, ChooseAssignment: setup.assignment_options,
    OfferReroll: items.reroll_options, PutCharacter: characters.place_options,
    OfferAvoid: characters.avoid_options, RobberyChoice: characters.robbery_options,
    DockRefill: end_of_turn.dock_options, MarketVisit: end_of_turn.market_options,
    ShedToCapacity: items.shed_options,
    # chance nodes: their outcomes
    RollDice: dice.roll_outcomes, RollDie: dice.die_outcomes, RerollDie: dice.die_outcomes,
    FillRowSlot: deliveries.row_outcomes, FillMarketSlot: end_of_turn.market_outcomes,
    DealCard: setup.deal_outcomes, DrawFirstPlayer: setup.first_player_outcomes,
    RevealValue: treasure.reveal_outcomes,
    # bookkeeping: carried out at once
    StartGame: setup.start, ResolveSymbol: dice.symbol_resolved, BeginMove: movement.move_begins,
    MeetCharacter: characters.meet, DieEffect: fish_and_jetstream.die_effect,
    RobertoRobs: characters.robbed, LighthouseCheck: end_of_turn.lighthouse,
    AssignmentCheck: end_of_turn.assignment_check, NextTurn: next_turn,
    # actions and chance outcomes: the rule each plays
    ChooseDice: dice.choose, Roll: dice.roll, DieRoll: dice.die_roll, KeepRoll: items.keep_roll,
    Reroll: items.reroll, PlaceCharacter: characters.place, Step: movement.step,
    Stop: movement.stop, Deliver: deliveries.deliver, PickUp: deliveries.pick_up,
    DropOff: deliveries.drop_off, TakeTreasure: treasure.take_treasure,
    DeliverTreasure: treasure.deliver_treasure, RevealTreasure: treasure.reveal,
    UseItem: items.use_item, Endure: characters.endure, LoseToken: characters.lose_token,
    Refill: end_of_turn.refill, DiscardPassenger: deliveries.discard_passenger,
    TakeItem: end_of_turn.take_item, Decline: end_of_turn.decline, Shed: items.shed,
    Overboard: items.overboard, DiscardItem: items.discard,
    DiscardTreasure: treasure.discard_treasure, DrawItem: end_of_turn.draw_item,
    DrawCard: deliveries.draw_card, DealAssignment: setup.deal,
    KeepAssignment: setup.keep_assignment, PlaceBoat: setup.place_boat,
    FirstPlayer: setup.first_player,
}


def run(game: PebbleRockGame, w: State) -> State:
    """Carry out the bookkeeping steps at the head of the working state's queue until a
    player or chance acts; a row or Market slot that nothing can fill stays empty.

    Rules: PR-REFILL-08.

    Parameters
    ----------
    game : PebbleRockGame
        The game.
    w : State
        The working state of this ``apply`` (:func:`.base.thaw`), changed and returned.

    Returns
    -------
    State
        The working state ``w`` with the rule played.

    Examples
    --------
    >>> import tabletop_nb
    >>> from ..state import replace
    >>> game = tabletop_nb.load_game("pebble_rock", players=2)
    >>> w = replace(game.position(boats=[38, 39], round=3, seat=1), todo=(NextTurn(),))
    >>> s = run(game, w)
    >>> s.seat, s.todo
    (0, ())
    """
    section = SECTION_OF
    while True:
        todo = w.todo
        if not todo:
            return w
        head = todo[0]
        if isinstance(head, Bookkeeping):
            w = section[type(head)](game, w, head, todo[1:])
            continue
        k = type(head)
        if k is FillRowSlot and not deliveries.row_eligible(game, w):
            w.todo = todo[1:]  # PR-REFILL-08: the slot stays empty
            continue
        if k is FillMarketSlot and not any(items.item_source(w.table)):
            w.todo = todo[1:]  # PR-MARKET-06: the slot stays empty
            continue
        return w
