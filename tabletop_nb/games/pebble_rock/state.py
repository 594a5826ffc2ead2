"""States and actions of Pebble Rock Delivery Service.

A state is a :func:`~tabletop_nb.core.draft.state_record` (a slots dataclass the engine
treats as a value: it changes only copies) with tuples inside. What happens next is kept in ``todo``, a
queue of small tuples (head first): a decision of a player, a chance node (a roll or a
draw), or a bookkeeping step the engine does at once. A turn's own details (the dice
chosen, the steps left, which characters were met) live in :class:`Turn`.

Actions are frozen dataclasses (so ``Deliver(5)`` never equals ``PickUp(5)``) of plain
values that print readably and encode as JSON.
"""
from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import TYPE_CHECKING

from ...core.draft import evolver, state_record

__all__ = [
    "replace", "replace_state", "replace_player", "replace_table", "replace_turn",
    "Player", "Secret", "Table", "Turn", "State", "CHARACTERS", "MAISY", "LARRY", "ROBERTO",
    "ChooseDice", "Roll", "DieRoll", "KeepRoll", "Reroll", "Step", "Stop", "PlaceCharacter",
    "Deliver", "PickUp", "DropOff", "TakeTreasure", "DeliverTreasure", "RevealTreasure",
    "UseItem", "Endure", "LoseToken", "Refill", "DiscardPassenger", "TakeItem", "Decline",
    "Shed", "Overboard", "DiscardItem", "DiscardTreasure", "DrawItem", "DrawCard",
    "DealAssignment", "KeepAssignment", "PlaceBoat", "FirstPlayer",
]

#: the three characters, in the order of ``State.chars``
CHARACTERS = ("maisy", "larry", "roberto")
MAISY, LARRY, ROBERTO = 0, 1, 2


@state_record
class Player:
    """One player's board: score track, fish, hold, items and cards.

    Attributes
    ----------
    score : int
        Points on the score track (end-game bonuses come on top, PR-SCORE).
    fish : int
        Fish held (no limit); each buys a step of movement.
    cargo : int
        Regular Cargo tokens in the hold.
    passengers : tuple of int
        The card id of each Passenger token in the hold (its card is in progress, placed
        sideways).
    treasures : tuple of int
        The treasure space each face-down Treasure token in the hold came from.
    items : tuple of str
        Item cards held (at most 3), kinds of ``ITEM_KINDS``.
    completed : tuple of int
        Delivery cards completed (delivered cargo, dropped-off passengers).
    treasure_values : tuple of int
        The values of the treasures this player delivered.
    lighthouse : bool
        Whether the player holds their Lighthouse bonus.
    jetstreams : int
        Jetstream tokens this player has ridden so far (what a rule such as "each
        player's first jetstream is free" reads, see ``PebbleRockGame.jetstream_fee``).
        Left out of the printed form, which stays that of the printed game's records.

    Examples
    --------
    >>> p = Player(score=0, fish=3, cargo=4)
    >>> p.tokens, p.items
    (4, ())
    """

    score: int
    fish: int
    cargo: int
    passengers: tuple[int, ...] = ()
    treasures: tuple[int, ...] = ()
    items: tuple[str, ...] = ()
    completed: tuple[int, ...] = ()
    treasure_values: tuple[int, ...] = ()  # values of the treasures this player delivered
    lighthouse: bool = False
    jetstreams: int = dataclasses.field(default=0, repr=False)

    @property
    def tokens(self) -> int:
        """Tokens in the hold: Cargo + Passenger + Treasure."""
        return self.cargo + len(self.passengers) + len(self.treasures)


@state_record
class Secret:
    """A player's Assignment cards: the two dealt (during setup) and the one kept.

    Hidden from the other players under ``secret_assignments`` (``card`` -1 and no
    ``offer`` in their observation).

    Attributes
    ----------
    offer : tuple of int
        The two cards dealt, until one is kept.
    card : int
        The kept card's id (0: not chosen yet, -1: hidden).
    achieved : int
        Halves met so far (1 top, 2 bottom) under ``assignment_check="any_time"``.

    Examples
    --------
    >>> Secret(offer=(3, 8))
    Secret(offer=(3, 8), card=0, achieved=0)
    """

    offer: tuple[int, ...] = ()
    card: int = 0  # the kept card's id (0: not chosen yet, -1: hidden)
    achieved: int = 0  # halves met so far (1 top, 2 bottom) under assignment_check="any_time"


@state_record
class Table:
    """The cards and tokens off the players' boards (they change a few times a turn).

    ``item_deck`` and ``item_discard`` count the Item cards of each kind (in ``ITEM_KINDS``
    order), since cards of one kind are alike. The Treasure values are not tied to tokens
    until one is delivered: its value is then drawn from ``hidden_values`` (the values nobody
    has seen), which gives exactly the odds of a shuffled face-down set.

    Attributes
    ----------
    row : tuple of int
        One entry per Delivery row slot: a card id, 0 when empty.
    deck : tuple of int
        Delivery card ids in the deck (a set: the deck is shuffled).
    lost_cards : tuple of int
        Delivery cards discarded (lost passengers).
    item_deck, item_discard : tuple of int
        Item cards per kind in the deck and the discard pile.
    market : tuple of str
        The item kind in each Market slot, ``""`` when empty.
    treasure_spaces : frozenset
        Treasure spaces still holding a face-down token.
    hidden_values : tuple of int
        Treasure values not yet revealed, sorted.
    treasures_gone : int
        Treasures out of the game (taken by Roberto, discarded).

    Examples
    --------
    >>> import tabletop_nb
    >>> t = tabletop_nb.load_game("pebble_rock", players=2).initial_state().table
    >>> len(t.row), len(t.treasure_spaces)
    (3, 4)
    """

    row: tuple[int, ...]
    deck: tuple[int, ...]  # Delivery card ids in the deck (a set: the deck is shuffled)
    lost_cards: tuple[int, ...]  # Delivery cards discarded (lost passengers)
    item_deck: tuple[int, ...]
    item_discard: tuple[int, ...]
    market: tuple[str, ...]  # the item kind in each Market slot ("" empty)
    treasure_spaces: frozenset  # treasure spaces still holding a face-down token
    hidden_values: tuple[int, ...]  # treasure values not yet revealed (sorted)
    treasures_gone: int = 0  # treasures out of the game (taken by Roberto, discarded)


@state_record
class Turn:
    """The current turn's details (a fresh one at the start of every turn).

    Attributes
    ----------
    choice : str
        The dice chosen: ``"steady"``, ``"speedy"`` or ``"catch_up"``.
    roll : int
        The movement die's face.
    symbol : str
        The Resource or Danger die's face.
    met : int
        Characters interacted with this turn, as bits ``1 << MAISY`` etc.
    item_used : bool
        Whether an item was used this turn (one per turn).
    fresh_item : str
        The item taken this turn, usable from the next turn.
    fresh_jet : int
        The space of the jetstream token placed this turn, -1 if none.
    visited : frozenset
        Spaces entered this move (the simple-path reading).
    delivered : bool
        Whether a cargo card was delivered this turn.
    treasure_here : bool
        Whether a treasure was delivered from the current space.

    Examples
    --------
    >>> Turn(choice="steady", roll=3).met
    0
    """

    choice: str = ""  # "steady", "speedy" or "catch_up"
    roll: int = 0  # the movement die's face
    symbol: str = ""  # the Resource or Danger die's face
    met: int = 0  # characters interacted with this turn (bit 1 << MAISY etc.)
    item_used: bool = False
    fresh_item: str = ""  # the item taken this turn (usable from the next turn)
    fresh_jet: int = -1  # the space of the jetstream token placed this turn
    visited: frozenset = frozenset()  # spaces entered this move (simple-path reading)
    delivered: bool = False  # a cargo card was delivered this turn
    treasure_here: bool = False  # a treasure was delivered from the current space


@state_record
class State:
    """The whole table. ``todo`` says what happens next (head first); ``steps`` is the
    movement left and ``moved`` the steps taken in the current move.

    Attributes
    ----------
    players : tuple of Player
        One per seat.
    boats : tuple of int
        The space of each seat's boat (-1 before setup places it).
    chars : tuple of int
        The spaces of Maisy, Larry and Roberto (``CHARACTERS`` order).
    jets : frozenset
        Spaces holding a Jetstream token.
    table : Table
        Cards and tokens off the players' boards.
    secret : tuple of Secret
        Each seat's Assignment cards.
    round : int
        The round, 1 to 10 (0 during setup).
    seat : int
        Whose turn it is (during setup: the seat being set up).
    first : int
        The first player (-1 until known).
    turns : int
        Turns finished.
    phase : str
        ``"setup"``, ``"choose"``, ``"move"``, ``"end"`` or ``"over"``.
    todo : tuple
        The queue of what happens next: decisions, chance nodes and bookkeeping steps.
    turn : Turn
        This turn's details.
    steps, moved : int
        Movement left, and steps taken in the current move.
    events : tuple
        What the last action did, for the view and the log.

    Examples
    --------
    >>> import tabletop_nb
    >>> s = tabletop_nb.load_game("pebble_rock", players=2).initial_state()
    >>> s.phase, s.round, s.boats
    ('setup', 0, (-1, -1))
    """

    players: tuple[Player, ...]
    boats: tuple[int, ...]  # the space of each seat's boat (-1 before setup places it)
    chars: tuple[int, ...]  # spaces of Maisy, Larry and Roberto (three)
    jets: frozenset  # spaces holding a Jetstream token
    table: Table
    secret: tuple[Secret, ...]
    round: int
    seat: int  # whose turn it is (during setup: the seat being set up)
    first: int  # the first player (-1 until known)
    turns: int  # turns finished
    phase: str  # "setup", "choose", "move", "end" or "over"
    todo: tuple = ()
    turn: Turn = Turn()
    steps: int = 0
    moved: int = 0
    events: tuple = ()


#: the copy with some fields changed, per state class (:func:`tabletop_nb.core.draft.evolver`)
_REPLACERS: dict = {}


def replace(obj, /, **changes):
    """``dataclasses.replace`` for states, through the state class's own evolver.

    Parameters
    ----------
    obj : Player, Secret, Table, Turn, State or another dataclass
        The object to copy (positional only).
    **changes
        New field values, by keyword.

    Returns
    -------
    object
        The copy; ``obj`` is unchanged.

    Examples
    --------
    >>> replace(Turn(), roll=3).roll
    3
    """
    f = _REPLACERS.get(type(obj))
    if f is None:
        return dataclasses.replace(obj, **changes)
    return f(obj, **changes)


for _cls in (Player, Secret, Table, Turn, State):
    _REPLACERS[_cls] = evolver(_cls)

# The same by name, for the engine, where the class is known.
replace_state = _REPLACERS[State]
replace_player = _REPLACERS[Player]
replace_table = _REPLACERS[Table]
replace_turn = _REPLACERS[Turn]
for _f, _cls, _example in (
        (replace_state, State, ">>> replace_state(s, round=1).round, s.round\n(1, 0)"),
        (replace_player, Player, ">>> replace_player(s.players[0], fish=5).fish\n5"),
        (replace_table, Table, ">>> replace_table(s.table, treasures_gone=1).treasures_gone\n1"),
        (replace_turn, Turn, ">>> replace_turn(s.turn, roll=4).roll\n4")):
    _f.__doc__ = f"""A copy of a {_cls.__name__} with the given fields changed (:func:`replace`
without its look-up by type, for the engine's hot paths).

Parameters
----------
s : {_cls.__name__}
    The object to copy (positional).
**changes
    The new values, by keyword only.

Returns
-------
{_cls.__name__}
    The copy; ``s`` is unchanged.

Examples
--------
>>> import tabletop_nb
>>> s = tabletop_nb.load_game("pebble_rock", players=2).initial_state()
{_example}
"""

#: the generated functions' globals are not this module's, so doctest finds their examples here
__test__ = {f.__name__: f.__doc__ for f in (replace_state, replace_player, replace_table, replace_turn)}


if TYPE_CHECKING:  # the checker reads an @_action class as the frozen dataclass it is
    from typing_extensions import dataclass_transform
else:
    def dataclass_transform(**kw):
        return lambda f: f


@dataclass_transform(frozen_default=True)
def _action(cls):
    return dataclass(frozen=True, slots=True)(cls)


# -- the dice ------------------------------------------------------------------------------
@_action
class ChooseDice:
    """Step 1: choose the dice.

    Parameters
    ----------
    choice : str
        ``"steady"`` (Steady + Resource), ``"speedy"`` (Speedy + Danger) or ``"catch_up"``
        (Speedy + Resource, for the player alone in last place).

    Examples
    --------
    >>> ChooseDice(choice="speedy")
    ChooseDice(choice='speedy')
    """
    choice: str


@_action
class Roll:
    """Chance: the movement die and the Resource or Danger die rolled together.

    Parameters
    ----------
    move : int
        The movement die's face.
    symbol : str
        The other die's face (``RESOURCE_SYMBOLS`` or ``DANGER_SYMBOLS``: ``"fish"``,
        ``"winds"``, ``"larry"``, ``"jetstream"``, ``"blank"``, ...).

    Examples
    --------
    >>> Roll(move=3, symbol="winds")   # Winds: a move of 6
    Roll(move=3, symbol='winds')
    """
    move: int
    symbol: str


@_action
class DieRoll:
    """Chance: one die (the Fish die, a jetstream's movement die, a Lucky Shell reroll).

    Parameters
    ----------
    value : int or str
        The face: a number, or a symbol for a rerolled Resource or Danger die.

    Examples
    --------
    >>> DieRoll(value=2)
    DieRoll(value=2)
    """
    value: int | str


@_action
class KeepRoll:
    """Keep the roll just made (declining the Lucky Shell).

    Examples
    --------
    >>> KeepRoll()
    KeepRoll()
    """


@_action
class Reroll:
    """Use the Lucky Shell on the roll just made.

    Parameters
    ----------
    die : str
        ``"movement"``, ``"symbol"`` or ``"fish"``.

    Examples
    --------
    >>> Reroll(die="movement")
    Reroll(die='movement')
    """
    die: str


# -- moving --------------------------------------------------------------------------------
@_action
class Step:
    """Move one space along a dotted line, paid with a fish when no movement is left.

    Parameters
    ----------
    to : int
        The space entered.

    Examples
    --------
    >>> Step(to=42)
    Step(to=42)
    """
    to: int


@_action
class Stop:
    """End the movement here.

    Examples
    --------
    >>> Stop()
    Stop()
    """


@_action
class PlaceCharacter:
    """Put Maisy, Larry or Roberto on a space; for Shark
    Repellent and Water Cannon, their own space means leaving them where they are.

    Parameters
    ----------
    character : str
        One of ``CHARACTERS``.
    space : int
        Where the character goes.

    Examples
    --------
    >>> PlaceCharacter(character="larry", space=17)
    PlaceCharacter(character='larry', space=17)
    """
    character: str
    space: int


@_action
class Deliver:
    """Deliver the cargo a row card asks for, from a space around its island.

    Parameters
    ----------
    card : int
        The row card's id.

    Examples
    --------
    >>> Deliver(card=5)
    Deliver(card=5)
    >>> Deliver(5) == PickUp(5)   # actions of different kinds are never equal
    False
    """
    card: int


@_action
class PickUp:
    """Pick up the passenger of a row card, throwing a Cargo token overboard if the hold is full.

    Parameters
    ----------
    card : int
        The passenger card's id.

    Examples
    --------
    >>> PickUp(card=31)
    PickUp(card=31)
    """
    card: int


@_action
class DropOff:
    """Drop a passenger at its destination: the card is completed and scores.

    Parameters
    ----------
    card : int
        The passenger card's id.

    Examples
    --------
    >>> DropOff(card=31)
    DropOff(card=31)
    """
    card: int


@_action
class TakeTreasure:
    """Take the face-down Treasure token of this space, throwing a Cargo token overboard if the
    hold is full.

    Examples
    --------
    >>> TakeTreasure()
    TakeTreasure()
    """


@_action
class DeliverTreasure:
    """Give a treasure to the Dread Pirate Roberto, next to his space.

    Examples
    --------
    >>> DeliverTreasure()
    DeliverTreasure()
    """


@_action
class RevealTreasure:
    """Chance: the value on the back of the delivered treasure, drawn from the values nobody has
    seen (``Table.hidden_values``).

    Parameters
    ----------
    value : int
        The treasure's value.

    Examples
    --------
    >>> RevealTreasure(value=4)
    RevealTreasure(value=4)
    """
    value: int


@_action
class UseItem:
    """Use an Item card.

    Parameters
    ----------
    item : str
        The item's kind, one of ``ITEM_KINDS``.
    space : int, default -1
        For the Maisy card: where she goes.

    Examples
    --------
    >>> UseItem(item="jam_sandwich")
    UseItem(item='jam_sandwich', space=-1)
    """
    item: str
    space: int = -1


@_action
class Endure:
    """Do not use Shark Repellent / Water Cannon against this encounter.

    Examples
    --------
    >>> Endure()
    Endure()
    """


@_action
class LoseToken:
    """Choose what Roberto takes when the hold has no Cargo token.

    Parameters
    ----------
    kind : str
        ``"passenger"`` or ``"treasure"``.
    card : int, default 0
        The passenger's card id.

    Examples
    --------
    >>> LoseToken(kind="passenger", card=31)
    LoseToken(kind='passenger', card=31)
    """
    kind: str
    card: int = 0


@_action
class Refill:
    """At a dock at the end of the turn: fill empty hold spaces with Cargo tokens.

    Parameters
    ----------
    n : int
        The Cargo tokens taken.

    Examples
    --------
    >>> Refill(n=2)
    Refill(n=2)
    """
    n: int


@_action
class DiscardPassenger:
    """Discard a Passenger token to make room (poor customer service: its card is lost).

    Parameters
    ----------
    card : int
        The passenger card's id.

    Examples
    --------
    >>> DiscardPassenger(card=31)
    DiscardPassenger(card=31)
    """
    card: int


@_action
class TakeItem:
    """At a Market marked space at the end of the turn: take a Market item.

    Parameters
    ----------
    slot : int
        The Market slot.
    discard : str, default ""
        The item discarded first when all 3 item slots are full.

    Examples
    --------
    >>> TakeItem(slot=1)
    TakeItem(slot=1, discard='')
    """
    slot: int
    discard: str = ""


@_action
class Decline:
    """Take nothing (from the Market, or no refill).

    Examples
    --------
    >>> Decline()
    Decline()
    """


@_action
class Shed:
    """Lose a token because the hold shrank (a Cargo Upgrade discarded).

    Parameters
    ----------
    kind : str
        ``"cargo"``, ``"passenger"`` or ``"treasure"``.
    card : int, default 0
        The passenger's card id.

    Examples
    --------
    >>> Shed(kind="cargo")
    Shed(kind='cargo', card=0)
    """
    kind: str
    card: int = 0


@_action
class Overboard:
    """Throw a Cargo token overboard (only under ``overboard_any_time``).

    Examples
    --------
    >>> Overboard()
    Overboard()
    """


@_action
class DiscardItem:
    """Discard an unused item (only under ``discard_items_any_time``).

    Parameters
    ----------
    item : str
        The item's kind.

    Examples
    --------
    >>> DiscardItem(item="lucky_shell")
    DiscardItem(item='lucky_shell')
    """
    item: str


@_action
class DiscardTreasure:
    """Discard a treasure (only under ``treasure_discard``): it leaves the game.

    Examples
    --------
    >>> DiscardTreasure()
    DiscardTreasure()
    """


# -- setup -----------------------------------------------------------------------------------
@_action
class DrawItem:
    """Chance: the Item card turned up for the Market.

    Parameters
    ----------
    kind : str
        The item's kind, one of ``ITEM_KINDS``.

    Examples
    --------
    >>> DrawItem(kind="fishing_gear")
    DrawItem(kind='fishing_gear')
    """
    kind: str


@_action
class DrawCard:
    """Chance: the Delivery card turned up for the row, the redraw rule already applied.

    Parameters
    ----------
    card : int
        The card's id.

    Examples
    --------
    >>> DrawCard(card=12)
    DrawCard(card=12)
    """
    card: int


@_action
class DealAssignment:
    """Chance: an Assignment card dealt to the player being dealt to.

    Parameters
    ----------
    card : int
        The card's id.

    Examples
    --------
    >>> DealAssignment(card=3)
    DealAssignment(card=3)
    """
    card: int


@_action
class KeepAssignment:
    """Keep one of the two Assignment cards dealt; the other goes back to the box.

    Parameters
    ----------
    card : int
        The kept card's id.

    Examples
    --------
    >>> KeepAssignment(card=3)
    KeepAssignment(card=3)
    """
    card: int


@_action
class PlaceBoat:
    """Setup: put the boat on a dock space.

    Parameters
    ----------
    space : int
        The dock space.

    Examples
    --------
    >>> PlaceBoat(space=0)
    PlaceBoat(space=0)
    """
    space: int


@_action
class FirstPlayer:
    """Chance: who starts, when the rules leave the first player to chance.

    Parameters
    ----------
    seat : int
        The first player's seat.

    Examples
    --------
    >>> FirstPlayer(seat=1)
    FirstPlayer(seat=1)
    """
    seat: int
