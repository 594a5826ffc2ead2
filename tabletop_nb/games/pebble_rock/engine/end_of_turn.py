"""4: End of Turn, the Market, and The Final Round.

Rulebook "On Your Turn" step 4, the Market, "The Final Round" (checklist sections 15-17:
PR-MARKET, PR-END, PR-FINAL): the dock refill, the Market, fishing, the Lighthouse token in
the final round, the Assignment check. Refilling the Deliveries row is in
:mod:`.deliveries`; passing the turn in :mod:`.turn`.
Tests: tests/games/pebble_rock/test_end_of_turn.py.
"""
from __future__ import annotations

from fractions import Fraction
from typing import Any

from .. import analysis
from ..frames import (AssignmentCheck, DockRefill, FillMarketSlot, FillRowSlot, Frame,
                      LighthouseCheck, MarketVisit, NextTurn, RollDie)
from ..rules import ITEM_KINDS
from ..state import (Decline, DiscardPassenger, DrawItem, Refill, State, TakeItem, replace,
                     replace_player, replace_table, replace_turn)
from . import items
from .base import ITEM_INDEX, bump, with_player
from .base import Engine as PebbleRockGame


__all__ = ["end_of_turn", "dock_options", "refill", "decline", "market_options", "take_item",
           "market_outcomes", "draw_item", "lighthouse", "assignment_check"]


def end_of_turn(game: PebbleRockGame, s: State, pos: int) -> tuple[Frame, ...]:
    """The end-of-turn steps that apply where the boat stopped, in the rules' order: the
    dock refill (a hold with room, or passengers to discard), the Market (an item on
    offer), fishing; the Lighthouse check on a dock in the final round; the row refilled
    after the turn (after a delivery, or always under ``refill_after_pickup``); the
    Assignment check; the next turn.

    Nothing done at the end of a turn changes whether a later step applies (the dock refill
    comes before the Market under both orders), so they are chosen at once. Fish caught
    here come after the move (they cannot be spent this turn); a card revealed cannot be
    delivered this turn.

    Rules: PR-END-03, PR-END-04, PR-END-05, PR-END-07, PR-END-08, PR-FISH-06, PR-DELIV-10,
    PR-REFILL-06.

    Parameters
    ----------
    game : PebbleRockGame
        The game.
    s : State
        The state (only read).
    pos : int
        The space where the boat stopped.

    Returns
    -------
    tuple of Frame
        The queue of the rest of the turn.

    Examples
    --------
    >>> import tabletop_nb
    >>> game = tabletop_nb.load_game("pebble_rock", players=2)
    >>> s = game.position(boats=[38, 39], cargo=[1, 0], step="move", dice="steady", roll=2, moved=1)
    >>> end_of_turn(game, s, 38)
    (DockRefill(), FillRowSlot(), FillRowSlot(), FillRowSlot(), NextTurn())
    """
    seat = s.seat
    p = s.players[seat]
    r = game.rules
    todo: list[Frame] = []
    for what in game.tables.end_order:
        if what == "dock":
            if pos in game.docks and (analysis.hold_room(game, s, seat) > 0 or p.passengers):
                todo.append(DockRefill())
        elif what == "market":
            if pos in game.info.market_spaces and any(s.table.market):
                todo.append(MarketVisit())
        elif pos in game.info.fishing:
            todo.append(RollDie("gain"))
    if analysis.final_round(game, s) and pos in game.docks:
        todo.append(LighthouseCheck())
    empty = s.table.row.count(0)  # PR-REFILL-01, PR-REFILL-06
    if empty and (r.refill_after_pickup or s.turn.delivered):
        todo.extend((FillRowSlot(),) * empty)
    if analysis.halves_noted_in_play(game):
        todo.append(AssignmentCheck())
    todo.append(NextTurn())
    return tuple(todo)


def dock_options(game: PebbleRockGame, s: State, head: DockRefill) -> list:
    """At a dock: fill the empty hold spaces (all or none, or any number under
    ``dock_refill="any_number"``), say no, or discard a passenger.

    Rules: PR-END-03, PR-END-06.

    Parameters
    ----------
    game : PebbleRockGame
        The game.
    s : State
        The state (only read).
    head : DockRefill
        The decision at the head of ``s.todo``: at a dock: refill the hold, or not.

    Returns
    -------
    list
        The actions on offer.

    Examples
    --------
    >>> import tabletop_nb
    >>> game = tabletop_nb.load_game("pebble_rock", players=2)
    >>> dock_options(game, game.position(boats=[38, 39], cargo=[1, 0]), DockRefill())
    [Refill(n=3), Decline()]
    """
    seat = s.seat
    p = s.players[seat]
    room = analysis.hold_room(game, s, seat)
    acts: list[Any] = []
    if room > 0:
        acts.append(Refill(room))
        if game.rules.dock_refill == "any_number":
            acts.extend(Refill(k) for k in range(room - 1, 0, -1))
    acts.append(game.tables.decline)
    acts.extend(DiscardPassenger(c) for c in p.passengers)
    return acts


def refill(game: PebbleRockGame, w: State, a: Refill) -> State:
    """Fill the hold with cargo at the dock.

    Parameters
    ----------
    game : PebbleRockGame
        The game.
    w : State
        The working state of this ``apply`` (:func:`.base.thaw`), changed and returned.
    a : Refill
        The action played: at a dock at the end of the turn: fill empty hold spaces with Cargo
        tokens.

    Returns
    -------
    State
        The working state ``w`` with the rule played.

    Examples
    --------
    >>> import tabletop_nb
    >>> game = tabletop_nb.load_game("pebble_rock", players=2)
    >>> w = replace(game.position(boats=[38, 39], cargo=[1, 0]), todo=(DockRefill(),))
    >>> refill(game, w, Refill(3)).players[0].cargo
    4
    """
    seat = w.seat
    p = w.players[seat]
    w.players = with_player(w.players, seat, replace_player(p, cargo=p.cargo + a.n))
    w.todo = w.todo[1:]
    w.events += (("refill", seat, a.n),)
    return w


def decline(game: PebbleRockGame, w: State, a: Decline) -> State:
    """Say no to the dock refill or the Market.

    Rules: PR-MARKET-02.

    Parameters
    ----------
    game : PebbleRockGame
        The game.
    w : State
        The working state of this ``apply`` (:func:`.base.thaw`), changed and returned.
    a : Decline
        The action played: take nothing (from the Market, or no refill).

    Returns
    -------
    State
        The working state ``w`` with the rule played.

    Examples
    --------
    >>> import tabletop_nb
    >>> game = tabletop_nb.load_game("pebble_rock", players=2)
    >>> decline(game, replace(game.position(boats=[38, 39]), todo=(MarketVisit(),)), Decline()).todo
    ()
    """
    w.todo = w.todo[1:]
    return w


def market_options(game: PebbleRockGame, s: State, head: MarketVisit) -> list:
    """At the Market: one item for free; with the most items held, one discarded to take it
    (:func:`.items.may_discard`); or no thanks.

    Rules: PR-MARKET-03, PR-MARKET-04, PR-MARKET-05.

    Parameters
    ----------
    game : PebbleRockGame
        The game.
    s : State
        The state (only read).
    head : MarketVisit
        The decision at the head of ``s.todo``: at a Market island's marked space: take an item,
        or not.

    Returns
    -------
    list
        The actions on offer.

    Examples
    --------
    >>> import tabletop_nb
    >>> game = tabletop_nb.load_game("pebble_rock", players=2)
    >>> s = game.position(boats=[38, 39], market=["maisy", "jam_sandwich", "lucky_shell"])
    >>> market_options(game, s, MarketVisit())
    [TakeItem(slot=0, discard=''), TakeItem(slot=1, discard=''), TakeItem(slot=2, discard=''), Decline()]
    """
    p = s.players[s.seat]
    full = analysis.items_full(game, p)
    acts: list[Any] = []
    for slot, kind in enumerate(s.table.market):
        if not kind:
            continue
        if not full:
            acts.append(TakeItem(slot))
        else:
            acts.extend(TakeItem(slot, d) for d in sorted(set(p.items))
                        if items.may_discard(game, s, p, d))
    acts.append(game.tables.decline)
    return acts


def take_item(game: PebbleRockGame, w: State, a: TakeItem) -> State:
    """Take an item from the Market (discarding one first when the most are held); it is
    usable from the next turn, the slot refills at once.

    Rules: PR-MARKET-06.

    Parameters
    ----------
    game : PebbleRockGame
        The game.
    w : State
        The working state of this ``apply`` (:func:`.base.thaw`), changed and returned.
    a : TakeItem
        The action played: at a Market marked space at the end of the turn: take a Market item.

    Returns
    -------
    State
        The working state ``w`` with the rule played.

    Examples
    --------
    >>> import tabletop_nb
    >>> game = tabletop_nb.load_game("pebble_rock", players=2)
    >>> w = game.position(boats=[38, 39], market=["maisy", "jam_sandwich", "lucky_shell"])
    >>> w = take_item(game, replace(w, todo=(MarketVisit(),)), TakeItem(1))
    >>> w.players[0].items, w.table.market, w.todo
    (('jam_sandwich',), ('maisy', '', 'lucky_shell'), (FillMarketSlot(),))
    """
    seat = w.seat
    p = w.players[seat]
    kind = w.table.market[a.slot]
    if a.discard:
        p, w.table = items.discard_item(game, w, p, a.discard)
    p = replace_player(p, items=tuple(sorted(p.items + (kind,))))
    w.players = with_player(w.players, seat, p)
    market = w.table.market
    w.table = replace_table(w.table, market=market[:a.slot] + ("",) + market[a.slot + 1:])
    w.turn = replace_turn(w.turn, fresh_item=kind)
    w.events += (("take_item", seat, kind, a.discard),)
    todo = (FillMarketSlot(),) + w.todo[1:]
    w.todo = items.after_discard(game, w, todo) if a.discard else todo
    return w


def market_outcomes(game: PebbleRockGame, s: State, head: FillMarketSlot) -> list:
    """Chance: the item that fills a Market slot, each kind by the cards of it left in the
    deck (or the discard pile to be reshuffled, :func:`.items.item_source`).

    Parameters
    ----------
    game : PebbleRockGame
        The game.
    s : State
        The state (only read).
    head : FillMarketSlot
        The chance node at the head of ``s.todo``: an item turned up for an empty Market slot.

    Returns
    -------
    list of (outcome, Fraction)
        Each chance outcome with its probability.

    Examples
    --------
    >>> import tabletop_nb
    >>> game = tabletop_nb.load_game("pebble_rock", players=2)
    >>> sum(p for _, p in market_outcomes(game, game.initial_state(), FillMarketSlot()))
    Fraction(1, 1)
    """
    counts = items.item_source(s.table)
    tot = sum(counts)
    return [(DrawItem(ITEM_KINDS[i]), Fraction(c, tot)) for i, c in enumerate(counts) if c]


def draw_item(game: PebbleRockGame, w: State, a: DrawItem) -> State:
    """Chance: the item turned up fills the empty Market slot, from the pile
    :func:`.items.item_source` names (the deck, or the discard pile reshuffled).

    Parameters
    ----------
    game : PebbleRockGame
        The game.
    w : State
        The working state of this ``apply`` (:func:`.base.thaw`), changed and returned.
    a : DrawItem
        The chance outcome played: the Item card turned up for the Market.

    Returns
    -------
    State
        The working state ``w`` with the rule played.

    Examples
    --------
    >>> import tabletop_nb
    >>> game = tabletop_nb.load_game("pebble_rock", players=2)
    >>> w = draw_item(game, game.initial_state(), DrawItem("maisy"))
    >>> w.table.market[0]
    'maisy'
    """
    t = w.table
    i = ITEM_INDEX[a.kind]
    if items.item_source(t) is t.item_deck:  # (the pile itself: the deck, or the discards)
        deck, disc = bump(t.item_deck, i, -1), t.item_discard
    else:  # PR-ITEM-07: the discard pile is shuffled into a new deck
        deck, disc = bump(t.item_discard, i, -1), (0,) * len(ITEM_KINDS)
    slot = t.market.index("")
    market = t.market[:slot] + (a.kind,) + t.market[slot + 1:]
    w.table = replace_table(t, item_deck=deck, item_discard=disc, market=market)
    w.todo = w.todo[1:]
    w.events += (("market_draw", a.kind),)
    return w


def lighthouse(game: PebbleRockGame, w: State, head: LighthouseCheck, rest: tuple) -> State:
    """Ending the final round's turn on a dock earns the Lighthouse token (one each).

    Rules: PR-FINAL-02, PR-FINAL-03.

    Parameters
    ----------
    game : PebbleRockGame
        The game.
    w : State
        The working state of this ``apply`` (:func:`.base.thaw`), changed and returned.
    head : LighthouseCheck
        The bookkeeping step at the head of ``w.todo``: the Lighthouse token for ending the
        final round on a dock.
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
    >>> w = game.position(boats=[38, 39], round=10)
    >>> lighthouse(game, w, LighthouseCheck(), ()).players[0].lighthouse
    True
    """
    seat = w.seat
    p = w.players[seat]
    w.todo = rest
    if analysis.final_round(game, w) and w.boats[seat] in game.docks and not p.lighthouse:
        w.players = with_player(w.players, seat, replace_player(p, lighthouse=True))
        w.events += (("lighthouse", seat),)
    return w


def assignment_check(game: PebbleRockGame, w: State, head: AssignmentCheck, rest: tuple) -> State:
    """Under ``assignment_check="any_time"``, the Assignment halves met by the end of this
    turn are noted (they stay met).

    Parameters
    ----------
    game : PebbleRockGame
        The game.
    w : State
        The working state of this ``apply`` (:func:`.base.thaw`), changed and returned.
    head : AssignmentCheck
        The bookkeeping step at the head of ``w.todo``: note the Assignment halves met
        (``assignment_check="any_time"``).
    rest : tuple of Frame
        The queue after ``head`` (``w.todo[1:]``).

    Returns
    -------
    State
        The working state ``w`` with the rule played.

    Examples
    --------
    >>> import tabletop_nb
    >>> game = tabletop_nb.load_game("pebble_rock", players=2, assignment_check="any_time")
    >>> w = assignment_check(game, game.position(boats=[38, 39]), AssignmentCheck(), ())
    >>> w.secret[0].achieved
    0
    """
    if analysis.halves_noted_in_play(game):
        seat = w.seat
        sec = w.secret[seat]
        bits = sec.achieved | analysis.assignment_halves_met(game, w, seat)
        if bits != sec.achieved:
            w.secret = w.secret[:seat] + (replace(sec, achieved=bits),) + w.secret[seat + 1:]
    w.todo = rest
    return w
