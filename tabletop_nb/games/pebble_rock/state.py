"""States and actions of Pebble Rock Delivery Service.

A state is a frozen dataclass with tuples inside. What happens next is kept in ``todo``, a
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

from ...core.fastrecord import maker, replacer

__all__ = [
    "replace", "replace_state", "replace_player", "replace_table", "replace_turn", "make_state",
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


@dataclass(frozen=True, slots=True)
class Player:
    """One player's board: score track, fish, hold, items and cards.

    ``cargo`` counts regular Cargo tokens; ``passengers`` holds the card id of each
    Passenger token in the hold (its card is in progress, placed sideways);
    ``treasures`` holds the treasure space each face-down Treasure token in the hold
    came from.
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

    @property
    def tokens(self) -> int:
        """Tokens in the hold: Cargo + Passenger + Treasure."""
        return self.cargo + len(self.passengers) + len(self.treasures)


@dataclass(frozen=True, slots=True)
class Secret:
    """A player's Assignment cards: the two dealt (during setup) and the one kept.

    Hidden from the other players under ``secret_assignments`` (``card`` -1 and no
    ``offer`` in their observation).
    """

    offer: tuple[int, ...] = ()
    card: int = 0  # the kept card's id (0: not chosen yet, -1: hidden)
    achieved: int = 0  # halves met so far (1 top, 2 bottom) under assignment_check="any_time"


@dataclass(frozen=True, slots=True)
class Table:
    """The cards and tokens off the players' boards (they change a few times a turn).

    ``row`` has one entry per Delivery row slot (0: empty). ``item_deck`` and
    ``item_discard`` count the Item cards of each kind (in ``ITEM_KINDS`` order), since
    cards of one kind are alike. The Treasure values are not tied to tokens until one is
    delivered: its value is then drawn from ``hidden_values`` (the values nobody has
    seen), which gives exactly the odds of a shuffled face-down set.
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


@dataclass(frozen=True, slots=True)
class Turn:
    """The current turn's details (a fresh one at the start of every turn)."""

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


@dataclass(frozen=True, slots=True)
class State:
    """The whole table. ``todo`` says what happens next (head first); ``steps`` is the
    movement left and ``moved`` the steps taken in the current move."""

    players: tuple[Player, ...]
    boats: tuple[int, ...]  # the space of each seat's boat (-1 before setup places it)
    chars: tuple[int, int, int]  # spaces of Maisy, Larry and Roberto
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


#: a fast ``dataclasses.replace`` per state class (:func:`tabletop_nb.core.fastrecord.replacer`:
#: straight-line slot writes, about 1.6x faster games than ``dataclasses.replace``; replacing
#: is the engine's hottest operation)
_REPLACERS: dict = {}


def replace(obj, /, **changes):
    """``dataclasses.replace`` for states, fast for this game's state classes.

    >>> replace(Turn(), roll=3).roll
    3
    """
    f = _REPLACERS.get(type(obj))
    if f is None:
        return dataclasses.replace(obj, **changes)
    return f(obj, **changes)


for _cls in (Player, Secret, Table, Turn, State):
    _REPLACERS[_cls] = replacer(_cls)

# Speed: the same replacers by name, for the engine's hot paths, where the class is known.
# ``replace_state(s, ...)`` is ``replace(s, ...)`` without the look-up and the second pass
# of the keywords (about 0.7 us of 3 us a call; a random 4-player game makes about 800).
replace_state = _REPLACERS[State]
replace_player = _REPLACERS[Player]
replace_table = _REPLACERS[Table]
replace_turn = _REPLACERS[Turn]

#: Speed: ``State`` from its 16 fields in order (players, boats, chars, jets, table, secret,
#: round, seat, first, turns, phase, todo, turn, steps, moved, events), for the two copies
#: made at nearly every decision (a step, an observation). Positional arguments cost about
#: half of ``replace_state``'s keywords, whose defaults are looked up one by one
#: (0.5 us against 1.0-1.4 us a copy). tests/games/pebble_rock/test_engine_speed.py pins
#: the field order these calls rely on.
make_state = maker(State)


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
    """Step 1: "steady" (Steady + Resource), "speedy" (Speedy + Danger) or "catch_up"
    (Speedy + Resource, for the player alone in last place)."""
    choice: str


@_action
class Roll:
    """Chance: the movement die and the Resource or Danger die rolled together."""
    move: int
    symbol: str


@_action
class DieRoll:
    """Chance: one die (the Fish die, a jetstream's movement die, a Lucky Shell reroll)."""
    value: int | str


@_action
class KeepRoll:
    """Keep the roll just made (declining the Lucky Shell)."""


@_action
class Reroll:
    """Use the Lucky Shell on the roll just made: ``die`` is "movement", "symbol" or "fish"."""
    die: str


# -- moving --------------------------------------------------------------------------------
@_action
class Step:
    """Move one space along a dotted line (paid with a fish when no movement is left)."""
    to: int


@_action
class Stop:
    """End the movement here."""


@_action
class PlaceCharacter:
    """Put Maisy, Larry or Roberto on ``space`` (for Shark Repellent and Water Cannon,
    their own space means leaving them where they are)."""
    character: str
    space: int


@_action
class Deliver:
    """Deliver the cargo a row card asks for, from a space around its island."""
    card: int


@_action
class PickUp:
    """Pick up the passenger of a row card (throwing a Cargo token overboard if the hold
    is full)."""
    card: int


@_action
class DropOff:
    """Drop a passenger at its destination: the card is completed and scores."""
    card: int


@_action
class TakeTreasure:
    """Take the face-down Treasure token of this space (throwing a Cargo token overboard
    if the hold is full)."""


@_action
class DeliverTreasure:
    """Give a treasure to the Dread Pirate Roberto, next to his space."""


@_action
class RevealTreasure:
    """Chance: the value on the back of the delivered treasure."""
    value: int


@_action
class UseItem:
    """Use an Item card (``space`` for the Maisy card: where she goes)."""
    item: str
    space: int = -1


@_action
class Endure:
    """Do not use Shark Repellent / Water Cannon against this encounter."""


@_action
class LoseToken:
    """Choose what Roberto takes when the hold has no Cargo token."""
    kind: str
    card: int = 0


@_action
class Refill:
    """At a dock at the end of the turn: fill ``n`` empty hold spaces with Cargo tokens."""
    n: int


@_action
class DiscardPassenger:
    """Discard a Passenger token to make room (poor customer service: its card is lost)."""
    card: int


@_action
class TakeItem:
    """At a Market marked space at the end of the turn: take the item in ``slot``,
    discarding ``discard`` first if all item slots are full."""
    slot: int
    discard: str = ""


@_action
class Decline:
    """Take nothing (from the Market, or no refill)."""


@_action
class Shed:
    """Lose a token because the hold shrank (``kind`` "cargo" or "passenger")."""
    kind: str
    card: int = 0


@_action
class Overboard:
    """Throw a Cargo token overboard (only under ``overboard_any_time``)."""


@_action
class DiscardItem:
    """Discard an unused item (only under ``discard_items_any_time``)."""
    item: str


@_action
class DiscardTreasure:
    """Discard a treasure (only under ``treasure_discard``): it leaves the game."""


# -- setup -----------------------------------------------------------------------------------
@_action
class DrawItem:
    """Chance: the Item card turned up for the Market."""
    kind: str


@_action
class DrawCard:
    """Chance: the Delivery card turned up for the row (the redraw rule already applied)."""
    card: int


@_action
class DealAssignment:
    """Chance: an Assignment card dealt to the player being dealt to."""
    card: int


@_action
class KeepAssignment:
    """Keep one of the two Assignment cards dealt (the other goes back to the box)."""
    card: int


@_action
class PlaceBoat:
    """Setup: put the boat on a dock space."""
    space: int


@_action
class FirstPlayer:
    """Chance: who starts (when the rules leave the first player to chance)."""
    seat: int
