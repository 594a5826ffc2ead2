"""Game Setup: the table laid out, the boats on docks, the Assignment cards dealt and kept.

Rulebook "Game Setup" (checklist section 1, PR-SETUP): the initial state and its setup
queue (the Market and the Delivery row turned up, boats placed, Assignment cards dealt and
kept, the first player drawn), and the hidden Assignment cards.
Tests: tests/games/pebble_rock/test_setup.py.
"""
from __future__ import annotations

from fractions import Fraction

from .. import analysis
from ..frames import (ChooseAssignment, ChooseStartDock, DealCard, DrawFirstPlayer,
                      FillMarketSlot, FillRowSlot, StartGame)
from ..rules import ITEM_KINDS
from ..state import (DealAssignment, FirstPlayer, KeepAssignment, PlaceBoat, Player, Secret,
                     State, Table, Turn, replace)
from .base import HIDDEN, copy_state
from .base import Engine as PebbleRockGame


__all__ = ["initial_state", "dock_options", "place_boat", "deal_outcomes",
           "deal", "assignment_options", "keep_assignment", "first_player_outcomes",
           "first_player", "start", "observation"]


def initial_state(game: PebbleRockGame) -> State:
    """The state before setup: every player's board with the starting fish and cargo, the
    decks, the treasure tokens face down, the characters on their spaces; then the queue of
    setup steps: the Market and the Delivery row turned up, the boats placed from the
    youngest player on, two Assignment cards dealt to each and one kept, the first player
    drawn (when the rules draw it), the game started.

    Rules: PR-SETUP-04, PR-SETUP-05, PR-SETUP-06, PR-SETUP-07, PR-SETUP-08, PR-SETUP-12,
    PR-SETUP-13, PR-SETUP-15, PR-MARKET-01.

    Parameters
    ----------
    game : PebbleRockGame
        The game.

    Returns
    -------
    State

    Examples
    --------
    >>> import tabletop_nb
    >>> game = tabletop_nb.load_game("pebble_rock", players=2)
    >>> s = initial_state(game)
    >>> s.players[0].fish, s.players[0].cargo, s.todo[0], s.phase
    (3, 4, FillMarketSlot(), 'setup')
    """
    r = game.rules
    n = r.players
    players = tuple(Player(score=r.start_score, fish=r.start_fish, cargo=r.start_cargo)
                    for _ in range(n))
    deck_counts = tuple(r.item_cards.count(k) for k in ITEM_KINDS)
    table = Table(row=(0,) * r.row_size, deck=tuple(sorted(c.id for c in r.delivery_cards)),
                  lost_cards=(), item_deck=deck_counts, item_discard=(0,) * len(ITEM_KINDS),
                  market=("",) * r.market_size,
                  treasure_spaces=frozenset(r.board.treasure_spaces),
                  hidden_values=tuple(sorted(r.treasure_values)))
    b = r.board
    order = [(r.youngest_player + i) % n for i in range(n)]
    todo = ((FillMarketSlot(),) * r.market_size + (FillRowSlot(),) * r.row_size
            + tuple(ChooseStartDock(seat) for seat in order)
            + tuple(DealCard(seat) for seat in order for _ in range(r.assignments_dealt))
            + tuple(ChooseAssignment(seat) for seat in order)
            + ((DrawFirstPlayer(),) if r.first_player < 0 else ()) + (StartGame(),))
    return State(players=players, boats=(-1,) * n, chars=(b.maisy_start, b.larry_start,
                                                          b.roberto_start),
                 jets=frozenset(), table=table, secret=tuple(Secret() for _ in range(n)),
                 round=0, seat=r.youngest_player, first=r.first_player, turns=0,
                 phase="setup", todo=todo)


def dock_options(game: PebbleRockGame, s: State, head: ChooseStartDock) -> list[PlaceBoat]:
    """The docks a boat may start on: one boat a dock, unless the rules share them.

    Rules: PR-SETUP-09.

    Parameters
    ----------
    game : PebbleRockGame
        The game.
    s : State
        The state (only read).
    head : ChooseStartDock
        The decision at the head of ``s.todo``: ``head.seat`` puts its boat on a dock.

    Returns
    -------
    list of PlaceBoat
        The actions on offer.

    Examples
    --------
    >>> import tabletop_nb
    >>> game = tabletop_nb.load_game("pebble_rock", players=2)
    >>> s = replace(initial_state(game), boats=(38, -1))
    >>> PlaceBoat(38) in dock_options(game, s, ChooseStartDock(1))
    False
    """
    taken = set() if game.rules.shared_docks_at_setup else set(s.boats)
    return [PlaceBoat(d) for d in game.info.docks_sorted if d not in taken]


def place_boat(game: PebbleRockGame, w: State, a: PlaceBoat) -> State:
    """The seat of the setup step puts its boat on the dock chosen.

    Parameters
    ----------
    game : PebbleRockGame
        The game.
    w : State
        The working state of this ``apply`` (:func:`.base.thaw`), changed and returned.
    a : PlaceBoat
        The action played: put the boat on a dock space.

    Returns
    -------
    State
        The working state ``w`` with the rule played.

    Examples
    --------
    >>> import tabletop_nb
    >>> game = tabletop_nb.load_game("pebble_rock", players=2)
    >>> w = replace(initial_state(game), todo=(ChooseStartDock(1),))
    >>> place_boat(game, w, PlaceBoat(39)).boats
    (-1, 39)
    """
    seat = w.todo[0].seat
    w.boats = w.boats[:seat] + (a.space,) + w.boats[seat + 1:]
    w.todo = w.todo[1:]
    w.events += (("place_boat", seat, a.space),)
    return w


def deal_outcomes(game: PebbleRockGame, s: State, head: DealCard) -> list:
    """Chance: each Assignment card left in the box is dealt with the same chance.

    Parameters
    ----------
    game : PebbleRockGame
        The game.
    s : State
        The state (only read).
    head : DealCard
        The chance node at the head of ``s.todo``: an Assignment card dealt to ``head.seat``.

    Returns
    -------
    list of (outcome, Fraction)
        Each chance outcome with its probability.

    Examples
    --------
    >>> import tabletop_nb
    >>> game = tabletop_nb.load_game("pebble_rock", players=2)
    >>> outs = deal_outcomes(game, initial_state(game), DealCard(0))
    >>> sum(p for _, p in outs)
    Fraction(1, 1)
    """
    box = analysis.assignment_box(game, s)
    p = Fraction(1, len(box))
    return [(DealAssignment(c), p) for c in box]


def deal(game: PebbleRockGame, w: State, a: DealAssignment) -> State:
    """Chance: one Assignment card dealt to the seat of the setup step.

    Parameters
    ----------
    game : PebbleRockGame
        The game.
    w : State
        The working state of this ``apply`` (:func:`.base.thaw`), changed and returned.
    a : DealAssignment
        The chance outcome played: an Assignment card dealt to the player being dealt to.

    Returns
    -------
    State
        The working state ``w`` with the rule played.

    Examples
    --------
    >>> import tabletop_nb
    >>> game = tabletop_nb.load_game("pebble_rock", players=2)
    >>> w = replace(initial_state(game), todo=(DealCard(1),))
    >>> deal(game, w, DealAssignment(3)).secret[1].offer
    (3,)
    """
    seat = w.todo[0].seat
    sec = w.secret[seat]
    w.secret = w.secret[:seat] + (replace(sec, offer=sec.offer + (a.card,)),) + w.secret[seat + 1:]
    w.todo = w.todo[1:]
    return w


def assignment_options(game: PebbleRockGame, s: State, head: ChooseAssignment) -> list[KeepAssignment]:
    """Keep one of the Assignment cards dealt.

    Rules: PR-SETUP-10.

    Parameters
    ----------
    game : PebbleRockGame
        The game.
    s : State
        The state (only read).
    head : ChooseAssignment
        The decision at the head of ``s.todo``: ``head.seat`` keeps one of its two Assignment
        cards.

    Returns
    -------
    list of KeepAssignment
        The actions on offer.

    Examples
    --------
    >>> import tabletop_nb
    >>> game = tabletop_nb.load_game("pebble_rock", players=2)
    >>> s = initial_state(game)
    >>> s = replace(s, secret=(Secret(offer=(2, 5)), Secret()))
    >>> assignment_options(game, s, ChooseAssignment(0))
    [KeepAssignment(card=2), KeepAssignment(card=5)]
    """
    return [KeepAssignment(c) for c in s.secret[head.seat].offer]


def keep_assignment(game: PebbleRockGame, w: State, a: KeepAssignment) -> State:
    """The seat of the setup step keeps the Assignment card chosen.

    Parameters
    ----------
    game : PebbleRockGame
        The game.
    w : State
        The working state of this ``apply`` (:func:`.base.thaw`), changed and returned.
    a : KeepAssignment
        The action played: keep one of the two Assignment cards dealt; the other goes back to
        the box.

    Returns
    -------
    State
        The working state ``w`` with the rule played.

    Examples
    --------
    >>> import tabletop_nb
    >>> game = tabletop_nb.load_game("pebble_rock", players=2)
    >>> w = replace(initial_state(game), todo=(ChooseAssignment(0),),
    ...             secret=(Secret(offer=(2, 5)), Secret()))
    >>> keep_assignment(game, w, KeepAssignment(5)).secret[0].card
    5
    """
    seat = w.todo[0].seat
    sec = w.secret[seat]
    w.secret = w.secret[:seat] + (replace(sec, card=a.card),) + w.secret[seat + 1:]
    w.todo = w.todo[1:]
    w.events += (("keep", seat),)
    return w


def first_player_outcomes(game: PebbleRockGame, s: State, head: DrawFirstPlayer) -> list:
    """Chance: who starts, each seat alike (when the rules draw it).

    Rules: PR-TURN-01.

    Parameters
    ----------
    game : PebbleRockGame
        The game.
    s : State
        The state (only read).
    head : DrawFirstPlayer
        The chance node at the head of ``s.todo``: who starts, when the rules draw it.

    Returns
    -------
    list of (outcome, Fraction)
        Each chance outcome with its probability.

    Examples
    --------
    >>> import tabletop_nb
    >>> game = tabletop_nb.load_game("pebble_rock", players=2)
    >>> first_player_outcomes(game, initial_state(game), DrawFirstPlayer())
    [(FirstPlayer(seat=0), Fraction(1, 2)), (FirstPlayer(seat=1), Fraction(1, 2))]
    """
    n = game.num_players
    return [(FirstPlayer(i), Fraction(1, n)) for i in range(n)]


def first_player(game: PebbleRockGame, w: State, a: FirstPlayer) -> State:
    """Chance: the seat drawn starts.

    Parameters
    ----------
    game : PebbleRockGame
        The game.
    w : State
        The working state of this ``apply`` (:func:`.base.thaw`), changed and returned.
    a : FirstPlayer
        The chance outcome played: who starts, when the rules leave the first player to chance.

    Returns
    -------
    State
        The working state ``w`` with the rule played.

    Examples
    --------
    >>> import tabletop_nb
    >>> game = tabletop_nb.load_game("pebble_rock", players=2)
    >>> w = replace(initial_state(game), todo=(DrawFirstPlayer(),))
    >>> first_player(game, w, FirstPlayer(1)).first
    1
    """
    w.first = a.seat
    w.todo = w.todo[1:]
    return w


def start(game: PebbleRockGame, w: State, head: StartGame, rest: tuple) -> State:
    """Round 1 begins with the first player's turn.

    Rules: PR-SETUP-14.

    Parameters
    ----------
    game : PebbleRockGame
        The game.
    w : State
        The working state of this ``apply`` (:func:`.base.thaw`), changed and returned.
    head : StartGame
        The bookkeeping step at the head of ``w.todo``: round 1 begins.
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
    >>> w = replace(initial_state(game), first=1, todo=(StartGame(),))
    >>> w = start(game, w, StartGame(), ())
    >>> w.round, w.seat, w.phase
    (1, 1, 'choose')
    """
    w.seat, w.round, w.phase, w.turn, w.todo = w.first, 1, "choose", Turn(), rest
    w.events += (("start", w.first),)
    return w


def observation(game: PebbleRockGame, s: State, player: int) -> State:
    """What ``player`` sees: the other players' Assignment cards are hidden (unless the rules
    show them).

    Rules: PR-SETUP-10.

    Parameters
    ----------
    game : PebbleRockGame
        The game.
    s : State
        The state (only read).
    player : int
        The seat that looks.

    Returns
    -------
    State
        ``s`` itself when nothing is hidden, else a copy.

    Examples
    --------
    >>> import tabletop_nb
    >>> game = tabletop_nb.load_game("pebble_rock", players=2)
    >>> s = replace(initial_state(game), secret=(Secret(card=2), Secret(card=5)))
    >>> [sec.card for sec in observation(game, s, 0).secret]
    [2, -1]
    """
    if not game.rules.secret_assignments:
        return s
    hidden = [HIDDEN] * len(s.secret)
    hidden[player] = s.secret[player]
    o = copy_state(s)
    o.secret = tuple(hidden)
    return o
