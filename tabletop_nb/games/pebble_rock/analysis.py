"""What the rules say about a Pebble Rock position, asked by the engine and the bots alike.

Every function here is a pure query over a state and the game: it changes nothing. The
engine reaches its rulings through them (which spaces the boat may take, whether the hold
has room, what a delivery scores, what a jetstream costs), and so do the bots
(:mod:`~tabletop_nb.games.pebble_rock.bots`) and the view: a bot asks these instead of
restating a rule (tests/games/pebble_rock/test_bots_ask_rules.py changes each query and
checks that the bots' choices change). A rule changed in the engine, by a rule value or by a subclass
overriding one of the game's documented hooks (:meth:`PebbleRockGame.delivery_points`,
:meth:`PebbleRockGame.jetstream_fee`, :meth:`PebbleRockGame.capacity`), is therefore the
rule the bots play.

Examples
--------
>>> import tabletop_nb
>>> from tabletop_nb.games.pebble_rock import analysis
>>> game = tabletop_nb.load_game("pebble_rock", players=2)
>>> s = game.position(boats=[38, 39], fish=[2, 0], cargo=[4, 1])
>>> analysis.hold_room(game, s, 0), analysis.hold_room(game, s, 1)
(0, 3)
>>> analysis.can_take_on_board(game, s, 0)   # full, but cargo may go overboard
True
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from .frames import ChooseAssignment, DealCard, Frame
from .state import CHARACTERS, LARRY, ROBERTO, Player, State, Step, replace

if TYPE_CHECKING:
    from ...core.dice import Die
    from .engine.base import Engine as PebbleRockGame

__all__ = ["hold_room", "capacity_after_discard", "can_take_on_board", "can_deliver", "delivery_points", "has_met",
           "fish_step_bonus", "movement_left", "jetstream_fee", "move_options",
           "assignment_halves_met", "larry_worst_loss", "pending", "occupied", "final_round",
           "jetstreams_left", "item_usable", "winds_factor", "jam_steps", "interaction_counts",
           "space_actions_open", "items_full", "jetstream_live", "assignment_box",
           "assignment_cards_dealt", "assignment_chosen", "halves_noted_in_play",
           "treasure_delivery_spaces", "DICE_CHOICES", "dice_of", "die_movement", "symbol_character",
           "roberto_loot", "lighthouse_points"]


def hold_room(game: PebbleRockGame, s: State, seat: int) -> int:
    """Empty hold spaces of ``seat``'s boat: its capacity (4, or 5 with a Cargo Upgrade)
    less the Cargo, Passenger and Treasure tokens it holds (PR-PASS-05, PR-TREAS-04).

    Parameters
    ----------
    game : PebbleRockGame
        The game (its :meth:`~PebbleRockGame.capacity`).
    s : State
        The state.
    seat : int
        The seat.

    Returns
    -------
    int
        Spaces free (0 when full).

    Examples
    --------
    >>> import tabletop_nb
    >>> game = tabletop_nb.load_game("pebble_rock", players=2)
    >>> hold_room(game, game.position(boats=[38, 39], cargo=[1, 4]), 0)
    3
    """
    return game.capacity(s, seat) - s.players[seat].tokens


def capacity_after_discard(game: PebbleRockGame, s: State, seat: int, kind: str) -> int:
    """The hold capacity ``seat`` would have without one of its items of ``kind`` (what
    :meth:`~PebbleRockGame.capacity` says of the state with that item gone): whether
    giving up a Cargo Upgrade for a Market item would leave more tokens than spaces.

    Parameters
    ----------
    game : PebbleRockGame
        The game (its :meth:`~PebbleRockGame.capacity`, so a house rule's capacity).
    s : State
        The state.
    seat : int
        The seat.
    kind : str
        An item the seat holds.

    Returns
    -------
    int
        The capacity after the discard.

    Examples
    --------
    >>> import tabletop_nb
    >>> game = tabletop_nb.load_game("pebble_rock", players=2)
    >>> s = game.position(boats=[38, 39], items=[("cargo_upgrade",), ()])
    >>> game.capacity(s, 0), capacity_after_discard(game, s, 0, "cargo_upgrade")
    (5, 4)
    """
    p = s.players[seat]
    items = list(p.items)
    items.remove(kind)
    players = s.players[:seat] + (replace(p, items=tuple(items)),) + s.players[seat + 1:]
    return game.capacity(replace(s, players=players), seat)


def can_take_on_board(game: PebbleRockGame, s: State, seat: int) -> bool:
    """Whether ``seat``'s boat can take a Passenger or Treasure token on board: a free
    hold space, or regular Cargo it may throw overboard to make one.

    Rules: PR-PASS-03, PR-TREAS-03.

    Parameters
    ----------
    game : PebbleRockGame
        The game.
    s : State
        The state.
    seat : int
        The seat.

    Returns
    -------
    bool
        True if a pick-up or a treasure fits.

    Examples
    --------
    >>> import tabletop_nb
    >>> game = tabletop_nb.load_game("pebble_rock", players=2)
    >>> can_take_on_board(game, game.position(boats=[38, 39], cargo=[0, 0]), 0)
    True
    """
    return s.players[seat].cargo > 0 or hold_room(game, s, seat) > 0


def can_deliver(game: PebbleRockGame, player: Player, card: int) -> bool:
    """Whether ``player`` holds the Cargo tokens Delivery card ``card`` asks for: at least
    its amount of regular Cargo (passengers and treasures do not count; no partial
    delivery), counting cargo gained earlier in the same move. A passenger card is never
    delivered this way (it is picked up).
    Rules: PR-DELIV-03, PR-DELIV-04, PR-DELIV-11.

    Parameters
    ----------
    game : PebbleRockGame
        The game (its cards).
    player : tabletop_nb.games.pebble_rock.state.Player
        The player's board.
    card : int
        A Delivery card id.

    Returns
    -------
    bool
        True if the cargo suffices for a cargo card.

    Examples
    --------
    >>> import tabletop_nb
    >>> from tabletop_nb.games.pebble_rock.state import Player
    >>> game = tabletop_nb.load_game("pebble_rock", players=2)
    >>> card = next(c for c, k in game.cards.items() if k.kind == "cargo" and k.amount == 3)
    >>> can_deliver(game, Player(0, 0, cargo=2), card), can_deliver(game, Player(0, 0, cargo=3), card)
    (False, True)
    """
    amount = game.card_cargo[card]
    return amount > 0 and player.cargo >= amount


def delivery_points(game: PebbleRockGame, card: int) -> int:
    """Track points for completing Delivery card ``card`` (a cargo delivery or a passenger
    dropped off): :meth:`PebbleRockGame.delivery_points`, which a variant may override.

    Parameters
    ----------
    game : PebbleRockGame
        The game.
    card : int
        A Delivery card id.

    Returns
    -------
    int
        The points scored on the track.

    Examples
    --------
    >>> import tabletop_nb
    >>> game = tabletop_nb.load_game("pebble_rock", players=2)
    >>> delivery_points(game, 1) == game.cards[1].points
    True
    """
    return game.delivery_points(card)


def has_met(s: State, character: int) -> bool:
    """Whether the moving boat has already interacted with ``character`` (``MAISY``,
    ``LARRY`` or ``ROBERTO``) this turn; it interacts at most once a turn.

    Rules: PR-CHAR-02.

    Parameters
    ----------
    s : State
        The state.
    character : int
        The character's index in ``CHARACTERS``.

    Returns
    -------
    bool
        True if entering its space again does nothing this turn.

    Examples
    --------
    >>> import tabletop_nb
    >>> from tabletop_nb.games.pebble_rock.state import LARRY
    >>> game = tabletop_nb.load_game("pebble_rock", players=2)
    >>> has_met(game.position(boats=[38, 39]), LARRY)
    False
    """
    return bool(s.turn.met & (1 << character))


def fish_step_bonus(game: PebbleRockGame, s: State) -> int:
    """Movement a fish buys beyond its own step: 1 under Winds when the rules double all
    movement (:func:`winds_factor` of ``"fish"``), else 0.

    Parameters
    ----------
    game : PebbleRockGame
        The game (its rules).
    s : State
        The state (this turn's symbol).

    Returns
    -------
    int
        0 or 1.

    Examples
    --------
    >>> import tabletop_nb
    >>> game = tabletop_nb.load_game("pebble_rock", players=2)
    >>> fish_step_bonus(game, game.position(boats=[38, 39]))
    0
    """
    return winds_factor(game, s.turn.symbol, "fish") - 1


def movement_left(s: State, seat: int) -> int:
    """Steps ``seat``'s boat can still take for sure this move: the movement left plus one
    step per fish held. Jetstreams and Jam may add more.

    Rules: PR-FISH-01.

    Parameters
    ----------
    s : State
        The state.
    seat : int
        The moving seat.

    Returns
    -------
    int
        The steps.

    Examples
    --------
    >>> import tabletop_nb
    >>> game = tabletop_nb.load_game("pebble_rock", players=2)
    >>> movement_left(game.position(boats=[38, 39], fish=[3, 0]), 0)
    3
    """
    return s.steps + s.players[seat].fish


def larry_worst_loss(game: PebbleRockGame, s: State, fish: int) -> int:
    """The most fish Larry can steal from the moving boat, holding ``fish``, when it next
    enters his space this turn: the Fish die's highest face, at most the fish held (never
    below 0), or 0 if Larry was met already this turn (:func:`has_met`); the engine's
    :func:`~.engine.movement.can_leave` asks it.

    Parameters
    ----------
    game : PebbleRockGame
        The game (its Fish die).
    s : State
        The state.
    fish : int
        The fish the boat holds when it enters.

    Returns
    -------
    int
        Fish at risk.

    Examples
    --------
    >>> import tabletop_nb
    >>> game = tabletop_nb.load_game("pebble_rock", players=2)
    >>> larry_worst_loss(game, game.position(boats=[38, 39]), 1)
    1
    """
    if has_met(s, LARRY):
        return 0
    return min(fish, max(game.rules.fish_die.outcomes))


def jetstream_fee(game: PebbleRockGame, s: State, seat: int) -> int:
    """Fish ``seat`` pays to ride the next jetstream token its boat triggers:
    :meth:`PebbleRockGame.jetstream_fee` (none in the printed game; a variant may charge).

    Parameters
    ----------
    game : PebbleRockGame
        The game.
    s : State
        The state.
    seat : int
        The seat.

    Returns
    -------
    int
        Fish (never more is taken than the player holds).

    Examples
    --------
    >>> import tabletop_nb
    >>> game = tabletop_nb.load_game("pebble_rock", players=2)
    >>> jetstream_fee(game, game.position(boats=[38, 39]), 0)
    0
    """
    return game.jetstream_fee(s, seat)


def move_options(game: PebbleRockGame, s: State) -> tuple[list[Step], list]:
    """The legal actions at a step of the move, as (the ``Step`` actions, the others); the
    legal actions are the two lists one after the other (:meth:`PebbleRockGame.move_options`).

    Parameters
    ----------
    game : PebbleRockGame
        The game.
    s : State
        A state in the move (``s.phase == "move"`` with nothing queued).

    Returns
    -------
    tuple of (list, list)
        The steps, then the other actions (stop, space actions, items).

    Examples
    --------
    >>> import tabletop_nb
    >>> game = tabletop_nb.load_game("pebble_rock", players=2)
    >>> s = game.position(boats=[38, 39], step="move", dice="steady", roll=2, movement=2)
    >>> steps, others = move_options(game, s)
    >>> steps + others == game.legal_actions(s)
    True
    """
    return game.move_options(s)


def assignment_halves_met(game: PebbleRockGame, s: State, seat: int) -> int:
    """The halves of ``seat``'s kept Assignment card its progress meets now, as bits
    (1 the top, 2 the bottom; 0 without a kept card): :meth:`PebbleRockGame.assignment_halves_met`.

    Parameters
    ----------
    game : PebbleRockGame
        The game.
    s : State
        The state.
    seat : int
        The seat.

    Returns
    -------
    int
        0 to 3.

    Examples
    --------
    >>> import tabletop_nb
    >>> game = tabletop_nb.load_game("pebble_rock", players=2)
    >>> assignment_halves_met(game, game.initial_state(), 0)
    0
    """
    return game.assignment_halves_met(s, seat)


def pending(s: State) -> Frame | None:
    """What the state waits on besides the dice choice and the move: the head of its queue
    (a record of :mod:`~tabletop_nb.games.pebble_rock.frames`: a decision such as
    :class:`~.frames.DockRefill`, a chance node), or None when the player chooses the dice,
    moves, or the game is over.

    Parameters
    ----------
    s : State
        The state.

    Returns
    -------
    Frame or None
        The pending entry.

    Examples
    --------
    >>> import tabletop_nb
    >>> game = tabletop_nb.load_game("pebble_rock", players=2)
    >>> pending(game.initial_state())
    FillMarketSlot()
    >>> pending(game.position(boats=[38, 39])) is None
    True
    """
    return s.todo[0] if s.todo else None


def occupied(s: State, seat: int) -> set:
    """The spaces where ``seat``'s boat may not stop: the characters' and the other boats'.

    Rules: PR-MOVE-04.

    Parameters
    ----------
    s : State
        The state.
    seat : int
        The seat whose boat moves.

    Returns
    -------
    set of int
        Spaces.

    Examples
    --------
    >>> import tabletop_nb
    >>> game = tabletop_nb.load_game("pebble_rock", players=2)
    >>> s = game.position(boats=[38, 39])
    >>> sorted(occupied(s, 0)) == sorted(set(s.chars) | {39})
    True
    """
    occ = set(s.chars)
    for i, b in enumerate(s.boats):
        if i != seat:
            occ.add(b)
    return occ


def final_round(game: PebbleRockGame, s: State) -> bool:
    """Whether the game is in its final round (the Lighthouse can be won; nothing picked up
    can still be delivered after it).

    Rules: PR-FINAL-01.

    Parameters
    ----------
    game : PebbleRockGame
        The game (its number of rounds).
    s : State
        The state.

    Returns
    -------
    bool

    Examples
    --------
    >>> import tabletop_nb
    >>> game = tabletop_nb.load_game("pebble_rock", players=2)
    >>> final_round(game, game.position(boats=[38, 39], round=10)), final_round(game, game.position(boats=[38, 39], round=9))
    (True, False)
    """
    return s.round >= game.rules.rounds


def jetstreams_left(game: PebbleRockGame, s: State) -> int:
    """Jetstream tokens still in the supply: a jetstream symbol with none left does nothing.

    Rules: PR-DANGER-07.

    Parameters
    ----------
    game : PebbleRockGame
        The game (its number of tokens).
    s : State
        The state.

    Returns
    -------
    int

    Examples
    --------
    >>> import tabletop_nb
    >>> game = tabletop_nb.load_game("pebble_rock", players=2)
    >>> jetstreams_left(game, game.position(boats=[38, 39], jetstreams=[20])) == game.rules.jetstream_tokens - 1
    True
    """
    return game.rules.jetstream_tokens - len(s.jets)


def item_usable(game: PebbleRockGame, s: State, kind: str) -> bool:
    """Whether the moving player may use an item of ``kind`` now: one item per turn, held
    since before this turn.

    Rules: PR-ITEM-02, PR-ITEM-03, PR-ITEM-04, PR-MARKET-07.

    Parameters
    ----------
    game : PebbleRockGame
        The game.
    s : State
        The state (the seat whose turn it is moves).
    kind : str
        An item kind.

    Returns
    -------
    bool

    Examples
    --------
    >>> import tabletop_nb
    >>> game = tabletop_nb.load_game("pebble_rock", players=2)
    >>> s = game.position(boats=[38, 39], items=[["jam_sandwich"], []], step="move",
    ...                   dice="steady", roll=2)
    >>> item_usable(game, s, "jam_sandwich"), item_usable(game, replace(s, turn=replace(s.turn, item_used=True)), "jam_sandwich")
    (True, False)
    """
    t = s.turn
    if t.item_used:
        return False
    n = s.players[s.seat].items.count(kind)
    if t.fresh_item == kind:
        n -= 1
    return n > 0


#: what each reading of ``winds_doubles`` doubles besides the movement die (PR-RES-06)
_WINDS_DOUBLE = {"die": frozenset(), "die_and_jetstream": frozenset({"jetstream"}),
                 "all": frozenset({"jetstream", "fish", "jam"})}


def winds_factor(game: PebbleRockGame, symbol: str, what: str) -> int:
    """How many times a turn whose symbol is ``symbol`` counts movement of kind ``what``
    (``"jetstream"``: a jetstream's roll, ``"fish"``: a step bought with a fish,
    ``"jam"``: the Jam Sandwich's bonus): 2 under Winds when the rules'
    ``winds_doubles`` doubles it, else 1. The movement die itself is always doubled by
    Winds (:func:`die_movement`).

    Rules: PR-RES-06.

    Parameters
    ----------
    game : PebbleRockGame
        The game (its ``winds_doubles``).
    symbol : str
        The turn's Resource or Danger symbol.
    what : str
        ``"jetstream"``, ``"fish"`` or ``"jam"``.

    Returns
    -------
    int
        1 or 2.

    Examples
    --------
    >>> import tabletop_nb
    >>> game = tabletop_nb.load_game("pebble_rock", players=2, winds_doubles="die_and_jetstream")
    >>> winds_factor(game, "winds", "jetstream"), winds_factor(game, "winds", "jam"), winds_factor(game, "fish", "jetstream")
    (2, 1, 1)
    """
    if what not in _WINDS_DOUBLE["all"]:
        raise ValueError(f"winds_factor: what is one of {sorted(_WINDS_DOUBLE['all'])}, not {what!r}")
    return 2 if symbol == "winds" and what in _WINDS_DOUBLE[game.rules.winds_doubles] else 1


def jam_steps(game: PebbleRockGame, s: State) -> int:
    """The movement a Jam Sandwich played now adds: the rules' ``jam_bonus``, doubled under
    Winds when all movement doubles (:func:`winds_factor`).

    Rules: PR-ITEM-JAM-01.

    Parameters
    ----------
    game : PebbleRockGame
        The game (its ``jam_bonus``).
    s : State
        The state (this turn's symbol).

    Returns
    -------
    int
        Steps.

    Examples
    --------
    >>> import tabletop_nb
    >>> game = tabletop_nb.load_game("pebble_rock", players=2)
    >>> jam_steps(game, game.position(boats=[38, 39])) == game.rules.jam_bonus
    True
    """
    return game.rules.jam_bonus * winds_factor(game, s.turn.symbol, "jam")


def interaction_counts(game: PebbleRockGame, how: str) -> bool:
    """Whether meeting a character ``how`` (``"pass"``: the boat entered its space,
    ``"symbol"``: a die symbol put it beside the boat, ``"item"``: the Maisy card) uses up
    that character's once-per-turn interaction (:func:`has_met`): always, except a die
    symbol's meeting when the rules' ``symbol_is_interaction`` is off.

    Rules: PR-CHAR-03.

    Parameters
    ----------
    game : PebbleRockGame
        The game (its ``symbol_is_interaction``).
    how : str
        ``"pass"``, ``"symbol"`` or ``"item"``.

    Returns
    -------
    bool

    Examples
    --------
    >>> import tabletop_nb
    >>> game = tabletop_nb.load_game("pebble_rock", players=2)
    >>> interaction_counts(game, "symbol"), interaction_counts(game.with_rules(symbol_is_interaction=False), "symbol")
    (True, False)
    """
    return how != "symbol" or game.rules.symbol_is_interaction


def space_actions_open(game: PebbleRockGame, s: State) -> bool:
    """Whether the moving boat may deliver, pick up, drop off or take and deliver treasure
    at the space it is on: once it has moved this move, or at the space the move starts
    on too when the rules' ``start_space_counts`` says so.

    Rules: PR-MOVE-11.

    Parameters
    ----------
    game : PebbleRockGame
        The game (its ``start_space_counts``).
    s : State
        A state in the move.

    Returns
    -------
    bool

    Examples
    --------
    >>> import tabletop_nb
    >>> game = tabletop_nb.load_game("pebble_rock", players=2)
    >>> s = game.position(boats=[38, 39], step="move", dice="steady", roll=2, movement=2)
    >>> space_actions_open(game, s), space_actions_open(game, replace(s, moved=1))
    (False, True)
    """
    return bool(s.moved) or game.rules.start_space_counts


def items_full(game: PebbleRockGame, player: Player) -> bool:
    """Whether ``player`` holds as many items as a player board has Item slots (a Market
    item then costs one held).

    Rules: PR-ITEM-01.

    Parameters
    ----------
    game : PebbleRockGame
        The game (its ``max_items``).
    player : tabletop_nb.games.pebble_rock.state.Player
        The player's board.

    Returns
    -------
    bool

    Examples
    --------
    >>> import tabletop_nb
    >>> from tabletop_nb.games.pebble_rock.state import Player
    >>> game = tabletop_nb.load_game("pebble_rock", players=2)
    >>> items_full(game, Player(0, 0, 0, items=("maisy",) * 3)), items_full(game, Player(0, 0, 0))
    (True, False)
    """
    return len(player.items) >= game.rules.max_items


def jetstream_live(s: State, space: int) -> bool:
    """Whether a jetstream token on ``space`` can be triggered now: a token lies there and
    it was not placed this turn.

    Rules: PR-DANGER-06.

    Parameters
    ----------
    s : State
        The state.
    space : int
        A space.

    Returns
    -------
    bool

    Examples
    --------
    >>> import tabletop_nb
    >>> game = tabletop_nb.load_game("pebble_rock", players=2)
    >>> s = game.position(boats=[38, 39], jetstreams=[20])
    >>> jetstream_live(s, 20), jetstream_live(replace(s, turn=replace(s.turn, fresh_jet=20)), 20)
    (True, False)
    """
    return space in s.jets and space != s.turn.fresh_jet


def assignment_box(game: PebbleRockGame, s: State) -> list[int]:
    """The Assignment cards nobody has been dealt (as far as the state shows: in a seat's
    observation, the others' hidden cards are among them).

    Rules: PR-SETUP-10.

    Parameters
    ----------
    game : PebbleRockGame
        The game (its Assignment cards).
    s : State
        The state.

    Returns
    -------
    list of int
        Card ids, in the rules' order.

    Examples
    --------
    >>> import tabletop_nb
    >>> game = tabletop_nb.load_game("pebble_rock", players=2)
    >>> len(assignment_box(game, game.initial_state())) == len(game.rules.assignment_cards)
    True
    """
    dealt = {c for sec in s.secret for c in sec.offer}
    return [a.id for a in game.rules.assignment_cards if a.id not in dealt]


def assignment_cards_dealt(game: PebbleRockGame, s: State, seat: int) -> int:
    """How many Assignment cards ``seat`` has been dealt so far, seen or not: the rules'
    ``assignments_dealt`` less the deals to it still queued.

    Parameters
    ----------
    game : PebbleRockGame
        The game (its ``assignments_dealt``).
    s : State
        The state (also a seat's observation).
    seat : int
        The seat.

    Returns
    -------
    int

    Examples
    --------
    >>> import tabletop_nb
    >>> game = tabletop_nb.load_game("pebble_rock", players=2)
    >>> assignment_cards_dealt(game, game.initial_state(), 0)
    0
    """
    queued = sum(1 for h in s.todo if isinstance(h, DealCard) and h.seat == seat)
    return game.rules.assignments_dealt - queued


def assignment_chosen(s: State, seat: int) -> bool:
    """Whether ``seat`` has kept one of its Assignment cards (its choice is no longer
    queued).

    Parameters
    ----------
    s : State
        The state (also a seat's observation).
    seat : int
        The seat.

    Returns
    -------
    bool

    Examples
    --------
    >>> import tabletop_nb
    >>> game = tabletop_nb.load_game("pebble_rock", players=2)
    >>> assignment_chosen(game.initial_state(), 0), assignment_chosen(game.position(boats=[38, 39]), 0)
    (False, True)
    """
    return not any(isinstance(h, ChooseAssignment) and h.seat == seat for h in s.todo)


def halves_noted_in_play(game: PebbleRockGame) -> bool:
    """Whether an Assignment half met at the end of any turn stays met for the final
    scoring (``assignment_check="any_time"``), rather than being checked on the final
    state only.

    Rules: PR-SCORE-07.

    Parameters
    ----------
    game : PebbleRockGame
        The game (its ``assignment_check``).

    Returns
    -------
    bool

    Examples
    --------
    >>> import tabletop_nb
    >>> game = tabletop_nb.load_game("pebble_rock", players=2)
    >>> halves_noted_in_play(game), halves_noted_in_play(game.with_rules(assignment_check="any_time"))
    (False, True)
    """
    return game.rules.assignment_check == "any_time"


def treasure_delivery_spaces(game: PebbleRockGame, s: State) -> frozenset:
    """The spaces where a boat can give a treasure to Roberto: those next to his space.

    Rules: PR-TREAS-05.

    Parameters
    ----------
    game : PebbleRockGame
        The game (its board).
    s : State
        The state (where Roberto is).

    Returns
    -------
    frozenset of int
        Spaces.

    Examples
    --------
    >>> import tabletop_nb
    >>> game = tabletop_nb.load_game("pebble_rock", players=2)
    >>> s = game.position(boats=[38, 39])
    >>> treasure_delivery_spaces(game, s) == frozenset(game.adj[s.chars[ROBERTO]])
    True
    """
    return game.adjset[s.chars[ROBERTO]]


#: the dice choices of step 1 (PR-DICE-01..03), in the order the engine offers them
DICE_CHOICES = ("steady", "speedy", "catch_up")


def dice_of(game: PebbleRockGame, choice: str) -> tuple[Die, Die]:
    """The two dice a dice choice rolls: (its movement die, its Resource or Danger die).
    Steady rolls the Steady die and the Resource die, Speedy the Speedy die and the Danger
    die, catch-up the Speedy die and the Resource die (who may take it is
    :func:`~.engine.dice.choose_options`'s).

    Rules: PR-DICE-01, PR-DICE-02.

    Parameters
    ----------
    game : PebbleRockGame
        The game (its dice).
    choice : str
        One of ``DICE_CHOICES``.

    Returns
    -------
    tuple of Die
        (movement die, symbol die).

    Examples
    --------
    >>> import tabletop_nb
    >>> game = tabletop_nb.load_game("pebble_rock", players=2)
    >>> [d.name for d in dice_of(game, "catch_up")]
    ['speedy', 'resource']
    """
    r = game.rules
    if choice == "steady":
        return r.steady_die, r.resource_die
    if choice == "speedy":
        return r.speedy_die, r.danger_die
    if choice == "catch_up":
        return r.speedy_die, r.resource_die
    raise ValueError(f"dice_of: choice is one of {', '.join(DICE_CHOICES)}, not {choice!r}")


def die_movement(roll: int, symbol: str) -> int:
    """The movement of a turn's roll: the movement die's face, doubled by Winds.

    Rules: PR-RES-05.

    Parameters
    ----------
    roll : int
        The movement die's face.
    symbol : str
        The Resource or Danger die's symbol (``"winds"`` doubles).

    Returns
    -------
    int
        Steps.

    Examples
    --------
    >>> die_movement(3, "fish"), die_movement(3, "winds")
    (3, 6)
    """
    return roll * (2 if symbol == "winds" else 1)


def symbol_character(symbol: str) -> int | None:
    """The character a Resource or Danger symbol puts beside the boat (``MAISY``,
    ``LARRY`` or ``ROBERTO``), or None for a symbol that moves no character (fish,
    Winds, a jetstream, a blank).

    Rules: PR-RES-03, PR-DANGER-02, PR-DANGER-03 (which symbol; where the character goes
    is :func:`~.engine.characters.adjacent_places`').

    Parameters
    ----------
    symbol : str
        A face of the Resource or Danger die.

    Returns
    -------
    int or None
        An index of ``CHARACTERS``.

    Examples
    --------
    >>> symbol_character("roberto") == ROBERTO, symbol_character("winds")
    (True, None)
    """
    return CHARACTERS.index(symbol) if symbol in CHARACTERS else None


def roberto_loot(game: PebbleRockGame, player: Player) -> tuple[str, ...]:
    """The kinds of hold token Roberto may take from ``player``'s boat now: a regular
    Cargo token whenever the hold has one (``("cargo",)``); else a passenger or the
    treasure, ``("passenger", "treasure")`` when both are aboard and the player chooses,
    narrowed to one by the rules' ``roberto_takes``; ``()`` for an empty hold.

    Rules: PR-CHAR-11, PR-CHAR-12, PR-PASS-06.

    Parameters
    ----------
    game : PebbleRockGame
        The game (its ``roberto_takes``).
    player : tabletop_nb.games.pebble_rock.state.Player
        The robbed player's board.

    Returns
    -------
    tuple of str
        ``"cargo"``, ``"passenger"``, ``"treasure"``: the kinds he may take.

    Examples
    --------
    >>> import tabletop_nb
    >>> from tabletop_nb.games.pebble_rock.state import Player
    >>> game = tabletop_nb.load_game("pebble_rock", players=2)
    >>> roberto_loot(game, Player(0, 0, 1, passengers=(5,))), roberto_loot(game, Player(0, 0, 0, passengers=(5,)))
    (('cargo',), ('passenger',))
    """
    if player.cargo:
        return ("cargo",)
    if player.passengers and player.treasures:
        mode = game.rules.roberto_takes
        if mode == "treasure":
            return ("treasure",)
        if mode == "passenger":
            return ("passenger",)
        return ("passenger", "treasure")
    if player.passengers:
        return ("passenger",)
    if player.treasures:
        return ("treasure",)
    return ()


def lighthouse_points(game: PebbleRockGame) -> int:
    """What a Lighthouse token scores at the end (the rules' ``lighthouse_points``).

    Rules: PR-SCORE-06.

    Parameters
    ----------
    game : PebbleRockGame
        The game.

    Returns
    -------
    int
        Points.

    Examples
    --------
    >>> import tabletop_nb
    >>> lighthouse_points(tabletop_nb.load_game("pebble_rock", players=2))
    3
    """
    return game.rules.lighthouse_points
