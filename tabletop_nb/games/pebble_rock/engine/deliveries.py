"""Delivery Cards: cargo, passengers, and refilling the Deliveries row.

Rulebook "Delivery Cards" ("Cargo", "Passengers") and "Refilling the Deliveries after your
turn" (checklist sections 10-12: PR-DELIV, PR-PASS, PR-REFILL).
Tests: tests/games/pebble_rock/test_deliveries.py.
"""
from __future__ import annotations

from fractions import Fraction
from itertools import filterfalse

from .. import analysis
from ..frames import FillRowSlot
from ..state import (Deliver, DeliverTreasure, DiscardPassenger, DrawCard, DropOff,
                     PickUp, Player, State, Table, TakeTreasure, replace_player, replace_table,
                     replace_turn)
from .base import remove_one, with_player
from .base import Engine as PebbleRockGame


__all__ = ["space_actions", "passenger_token_free", "delivery_points", "deliver", "make_room",
           "pick_up", "drop_off", "lose_passenger", "discard_passenger", "row_islands", "row_eligible",
           "row_outcomes", "draw_card"]


def space_actions(game: PebbleRockGame, s: State, p: Player, pos: int, acts: list) -> None:
    """Append the optional actions on a space entered during the move to ``acts`` (``p``
    is the moving player): deliveries of row cards whose island the space surrounds
    (:func:`analysis.can_deliver`), pick-ups there while a Passenger token fits
    (:func:`analysis.can_take_on_board`), drop-offs of passengers bound there, the treasure
    of a treasure space, and giving treasures to Roberto from beside him. The player takes
    them in any order, as many as the hold allows (several deliveries in one move
    included).

    Rules: PR-DELIV-01, PR-DELIV-02, PR-DELIV-08, PR-DELIV-09, PR-MOVE-09, PR-PASS-02,
    PR-PASS-04, PR-TREAS-02, PR-TREAS-06.

    Parameters
    ----------
    game : PebbleRockGame
        The game.
    s : State
        The state (only read).
    p : Player
        The moving player's board.
    pos : int
        The space the boat is on.
    acts : list
        The actions found so far; appended to in place.

    Examples
    --------
    >>> import tabletop_nb
    >>> game = tabletop_nb.load_game("pebble_rock", players=2)
    >>> s = game.position(boats=[38, 39], step="move", dice="steady", roll=2, moved=1)
    >>> acts = []
    >>> space_actions(game, s, s.players[0], 38, acts)
    >>> acts
    []
    """
    here = game.info.islands_at[pos]
    seat = s.seat
    room = None  # can a token come on board? (asked only where it matters)
    if here:
        ci = game.card_island
        for c in s.table.row:
            if c and ci[c] in here:
                if game.card_cargo[c]:
                    if analysis.can_deliver(game, p, c):
                        acts.append(Deliver(c))
                else:
                    if room is None:
                        room = analysis.can_take_on_board(game, s, seat)
                    if room and passenger_token_free(game, s):
                        acts.append(PickUp(c))
        cd = game.card_dest
        for c in p.passengers:
            if cd[c] in here:
                acts.append(DropOff(c))
    if pos in s.table.treasure_spaces:
        if room is None:
            room = analysis.can_take_on_board(game, s, seat)
        if room:
            acts.append(TakeTreasure())
    if p.treasures and pos in analysis.treasure_delivery_spaces(game, s) and \
            (game.rules.deliver_all_treasures or not s.turn.treasure_here):
        acts.append(DeliverTreasure())


def passenger_token_free(game: PebbleRockGame, s: State) -> bool:
    """Whether a Passenger token is left in the supply (always, unless the supply is a hard
    limit).

    Rules: PR-SETUP-16.

    Parameters
    ----------
    game : PebbleRockGame
        The game.
    s : State
        The state (only read).

    Examples
    --------
    >>> import tabletop_nb
    >>> game = tabletop_nb.load_game("pebble_rock", players=2)
    >>> passenger_token_free(game, game.initial_state())
    True
    """
    if not game.rules.passenger_supply_limited:
        return True
    return sum(len(p.passengers) for p in s.players) < game.rules.passenger_tokens


def delivery_points(game: PebbleRockGame, card: int) -> int:
    """Track points for completing Delivery card ``card``: the points printed on it (behind
    the hook :meth:`PebbleRockGame.delivery_points`).

    Rules: PR-DELIV-06.

    Parameters
    ----------
    game : PebbleRockGame
        The game.
    card : int
        The Delivery card's id.

    Examples
    --------
    >>> import tabletop_nb
    >>> game = tabletop_nb.load_game("pebble_rock", players=2)
    >>> delivery_points(game, 1) == game.cards[1].points
    True
    """
    return game.cards[card].points


def deliver(game: PebbleRockGame, w: State, a: Deliver) -> State:
    """Deliver a row card: its cargo leaves the hold, its points
    (:meth:`PebbleRockGame.delivery_points`) go on the track, the card goes to the
    completed ones and leaves the row.

    Rules: PR-DELIV-05, PR-DELIV-07.

    Parameters
    ----------
    game : PebbleRockGame
        The game.
    w : State
        The working state of this ``apply`` (:func:`.base.thaw`), changed and returned.
    a : Deliver
        The action played: deliver the cargo a row card asks for, from a space around its
        island.

    Returns
    -------
    State
        The working state ``w`` with the rule played.

    Examples
    --------
    >>> import tabletop_nb
    >>> game = tabletop_nb.load_game("pebble_rock", players=2)
    >>> card = next(c for c, k in game.cards.items() if k.kind == "cargo" and k.amount == 2)
    >>> w = game.position(boats=[38, 39], cargo=[3, 0], row=[card])
    >>> w = deliver(game, w, Deliver(card))
    >>> w.players[0].cargo, w.players[0].score == game.cards[card].points, w.table.row[0]
    (1, True, 0)
    """
    seat = w.seat
    p = w.players[seat]
    card = game.cards[a.card]
    points = game.delivery_points(a.card)
    p = replace_player(p, cargo=p.cargo - card.amount, score=p.score + points,
                       completed=p.completed + (a.card,))
    w.players = with_player(w.players, seat, p)
    w.table = replace_table(w.table, row=tuple(0 if c == a.card else c for c in w.table.row))
    w.turn = replace_turn(w.turn, delivered=True)
    w.events += (("deliver", seat, a.card, points),)
    return w


def make_room(game: PebbleRockGame, s: State, p: Player) -> Player:
    """Throw one Cargo token overboard if the hold is full (``p`` is the moving player's
    board), to take a passenger or a treasure on board.

    Rules: PR-PASS-03, PR-TREAS-03.

    Parameters
    ----------
    game : PebbleRockGame
        The game.
    s : State
        The state (only read).
    p : Player
        The moving player's board.

    Returns
    -------
    Player
        ``p``, one Cargo token lighter if the hold was full.

    Examples
    --------
    >>> import tabletop_nb
    >>> game = tabletop_nb.load_game("pebble_rock", players=2)
    >>> s = game.position(boats=[38, 39], cargo=[4, 0])
    >>> make_room(game, s, s.players[0]).cargo
    3
    """
    if analysis.hold_room(game, s, s.seat) <= 0:
        return replace_player(p, cargo=p.cargo - 1)
    return p


def pick_up(game: PebbleRockGame, w: State, a: PickUp) -> State:
    """Pick up a passenger: its token goes in the hold (cargo thrown overboard to make room),
    the card leaves the row, in progress.

    Parameters
    ----------
    game : PebbleRockGame
        The game.
    w : State
        The working state of this ``apply`` (:func:`.base.thaw`), changed and returned.
    a : PickUp
        The action played: pick up the passenger of a row card, throwing a Cargo token overboard
        if the hold is full.

    Returns
    -------
    State
        The working state ``w`` with the rule played.

    Examples
    --------
    >>> import tabletop_nb
    >>> game = tabletop_nb.load_game("pebble_rock", players=2)
    >>> card = next(c for c, k in game.cards.items() if k.kind == "passenger")
    >>> w = pick_up(game, game.position(boats=[38, 39], row=[card]), PickUp(card))
    >>> w.players[0].passengers == (card,), w.table.row[0]
    (True, 0)
    """
    seat = w.seat
    p = make_room(game, w, w.players[seat])
    w.players = with_player(w.players, seat, replace_player(p, passengers=p.passengers + (a.card,)))
    w.table = replace_table(w.table, row=tuple(0 if c == a.card else c for c in w.table.row))
    w.events += (("pickup", seat, a.card),)
    return w


def drop_off(game: PebbleRockGame, w: State, a: DropOff) -> State:
    """Drop a passenger off at its destination: the token leaves the hold, the card is
    completed and scores (:meth:`PebbleRockGame.delivery_points`).

    Rules: PR-PASS-04.

    Parameters
    ----------
    game : PebbleRockGame
        The game.
    w : State
        The working state of this ``apply`` (:func:`.base.thaw`), changed and returned.
    a : DropOff
        The action played: drop a passenger at its destination: the card is completed and
        scores.

    Returns
    -------
    State
        The working state ``w`` with the rule played.

    Examples
    --------
    >>> import tabletop_nb
    >>> game = tabletop_nb.load_game("pebble_rock", players=2)
    >>> card = next(c for c, k in game.cards.items() if k.kind == "passenger")
    >>> w = drop_off(game, game.position(boats=[38, 39], passengers=[[card], []], cargo=[3, 0]), DropOff(card))
    >>> w.players[0].passengers, w.players[0].completed == (card,)
    ((), True)
    """
    seat = w.seat
    p = w.players[seat]
    pts = game.delivery_points(a.card)
    p = replace_player(p, passengers=remove_one(p.passengers, a.card), score=p.score + pts,
                       completed=p.completed + (a.card,))
    w.players = with_player(w.players, seat, p)
    w.events += (("dropoff", seat, a.card, pts),)
    return w


def lose_passenger(p: Player, table: Table, card: int) -> tuple[Player, Table]:
    """A passenger leaves the hold without being dropped off (discarded, taken by Roberto,
    shed): its card joins the lost cards and can never be completed.

    Rules: PR-PASS-08.

    Parameters
    ----------
    p : Player
        The board of the player who loses it.
    table : Table
        The table.
    card : int
        The passenger's card.

    Returns
    -------
    tuple of (Player, Table)
        The player's board without the passenger, the table with its card lost.

    Examples
    --------
    >>> import tabletop_nb
    >>> game = tabletop_nb.load_game("pebble_rock", players=2)
    >>> card = next(c for c, k in game.cards.items() if k.kind == "passenger")
    >>> s = game.position(boats=[38, 39], passengers=[[card], []], cargo=[1, 0])
    >>> p, t = lose_passenger(s.players[0], s.table, card)
    >>> p.passengers, t.lost_cards == (card,)
    ((), True)
    """
    return (replace_player(p, passengers=remove_one(p.passengers, card)),
            replace_table(table, lost_cards=table.lost_cards + (card,)))


def discard_passenger(game: PebbleRockGame, w: State, a: DiscardPassenger) -> State:
    """Discard a passenger ("poor customer service", :func:`lose_passenger`).

    Parameters
    ----------
    game : PebbleRockGame
        The game.
    w : State
        The working state of this ``apply`` (:func:`.base.thaw`), changed and returned.
    a : DiscardPassenger
        The action played: discard a Passenger token to make room (poor customer service: its
        card is lost).

    Returns
    -------
    State
        The working state ``w`` with the rule played.

    Examples
    --------
    >>> import tabletop_nb
    >>> game = tabletop_nb.load_game("pebble_rock", players=2)
    >>> card = next(c for c, k in game.cards.items() if k.kind == "passenger")
    >>> w = game.position(boats=[38, 39], passengers=[[card], []], cargo=[3, 0])
    >>> w = discard_passenger(game, w, DiscardPassenger(card))
    >>> w.players[0].passengers, w.table.lost_cards == (card,)
    ((), True)
    """
    seat = w.seat
    p = w.players[seat]
    p, w.table = lose_passenger(p, w.table, a.card)
    w.players = with_player(w.players, seat, p)
    w.events += (("discard_passenger", seat, a.card),)
    return w


def row_islands(game: PebbleRockGame, row: tuple) -> set:
    """The islands the row's cards occupy for the no-duplicate rule: their pick-up islands,
    and passengers' destinations too when ``destination_blocks_row``. A card taken this turn
    is no longer in the row, so its island is free again.

    Rules: PR-REFILL-03, PR-REFILL-04, PR-REFILL-07.

    Parameters
    ----------
    game : PebbleRockGame
        The game.
    row : tuple of int
        The Delivery row's card ids, 0 for an empty slot.

    Examples
    --------
    >>> import tabletop_nb
    >>> game = tabletop_nb.load_game("pebble_rock", players=2)
    >>> row_islands(game, (0, 0, 0))
    set()
    """
    out = set()
    dest = game.rules.destination_blocks_row
    for c in row:
        if c:
            out.add(game.card_island[c])
            if dest and game.card_dest[c] >= 0:
                out.add(game.card_dest[c])
    return out


def row_eligible(game: PebbleRockGame, s: State) -> tuple[int, ...]:
    """The deck's cards whose island is not in the row (:func:`row_islands`): the redraw
    rule makes the card revealed uniform over these.

    Rules: PR-REFILL-02, PR-REFILL-05.

    Parameters
    ----------
    game : PebbleRockGame
        The game.
    s : State
        The state (only read).

    Examples
    --------
    >>> import tabletop_nb
    >>> game = tabletop_nb.load_game("pebble_rock", players=2)
    >>> s = game.initial_state()
    >>> row_eligible(game, s) == s.table.deck
    True
    """
    t = s.table
    used = row_islands(game, t.row)
    # the deck's cards of no island in ``used``: the cards those islands keep out
    # (Tables.cards_blocked_by) left out
    by_island = game.tables.cards_blocked_by
    blocked = set().union(*[by_island[i] for i in used])
    return tuple(filterfalse(blocked.__contains__, t.deck))


def row_outcomes(game: PebbleRockGame, s: State, head: FillRowSlot) -> list:
    """Chance: the card that fills a row slot, uniform over the cards that fit
    (:func:`row_eligible`).

    Parameters
    ----------
    game : PebbleRockGame
        The game.
    s : State
        The state (only read).
    head : FillRowSlot
        The chance node at the head of ``s.todo``: a Delivery card turned up for an empty row
        slot.

    Returns
    -------
    list of (outcome, Fraction)
        Each chance outcome with its probability.

    Examples
    --------
    >>> import tabletop_nb
    >>> game = tabletop_nb.load_game("pebble_rock", players=2)
    >>> s = game.initial_state()
    >>> len(row_outcomes(game, s, FillRowSlot())) == len(s.table.deck)
    True
    """
    elig = row_eligible(game, s)
    p = Fraction(1, len(elig))
    return [(DrawCard(c), p) for c in elig]


def draw_card(game: PebbleRockGame, w: State, a: DrawCard) -> State:
    """Chance: the card revealed fills the first empty row slot.

    Rules: PR-REFILL-01.

    Parameters
    ----------
    game : PebbleRockGame
        The game.
    w : State
        The working state of this ``apply`` (:func:`.base.thaw`), changed and returned.
    a : DrawCard
        The chance outcome played: the Delivery card turned up for the row, the redraw rule
        already applied.

    Returns
    -------
    State
        The working state ``w`` with the rule played.

    Examples
    --------
    >>> import tabletop_nb
    >>> from ..state import replace
    >>> game = tabletop_nb.load_game("pebble_rock", players=2)
    >>> w = replace(game.initial_state(), todo=(FillRowSlot(),))
    >>> draw_card(game, w, DrawCard(5)).table.row
    (5, 0, 0)
    """
    t = w.table
    slot = t.row.index(0)
    row = t.row[:slot] + (a.card,) + t.row[slot + 1:]
    w.table = replace_table(t, row=row, deck=remove_one(t.deck, a.card))
    w.todo = w.todo[1:]
    w.events += (("row_draw", a.card),)
    return w
