"""What every section of the Pebble Rock engine shares (not a rulebook section): the typed
base class of the sections (what the game holds and the operations one section asks of
another), the item index, small tuple helpers, and the words for decisions and chance.
"""
from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction
from operator import attrgetter
from typing import TYPE_CHECKING, Any

from ....core import BaseGame, Die
from ....core.draft import fields_of
from ..board import BoardInfo
from ..frames import Frame
from ..rules import ITEM_KINDS, Assignment, DeliveryCard, Rules
from ..state import (DealAssignment, Decline, Deliver, DeliverTreasure, DieRoll, DiscardItem,
                     DiscardPassenger, DiscardTreasure, DrawCard, DrawItem, DropOff, Endure,
                     FirstPlayer, KeepAssignment, KeepRoll, LoseToken, Overboard, PickUp,
                     PlaceBoat, Player, Refill, RevealTreasure, Reroll, Roll, Secret, Shed, Step,
                     Stop, TakeItem, TakeTreasure, UseItem, ChooseDice, State, Table, Turn)

if TYPE_CHECKING:
    from ..scoring import Breakdown, Progress

ITEM_INDEX = {k: i for i, k in enumerate(ITEM_KINDS)}
ONE_SHOT = ("maisy", "jam_sandwich", "lucky_shell", "shark_repellent", "water_cannon")
CHOICE_NAMES = {"steady": "Steady + Resource", "speedy": "Speedy + Danger",
                "catch_up": "Speedy + Resource (catch-up)"}


#: a State's field values in constructor order, read in one C call (for :func:`copy_state`)
_read_state = attrgetter(*fields_of(State))


def copy_state(s: State) -> State:
    """A new State holding ``s``'s field values (the same objects), for the caller to change."""
    return State(*_read_state(s))


def thaw(s: State) -> State:
    """The working state of one ``apply``: a new State with ``s``'s field values (the same
    objects) and no events yet.

    The rules change the working state's own fields by assignment (``w.todo = rest``). The
    records and tuples inside it (the players, the table, the turn, the secrets) are still
    ``s``'s, so a rule replaces them (``replace_player``, ``replace_table``, ...) and never
    changes them in place. ``s`` is never written to (tests/test_states_unchanged.py)."""
    w = copy_state(s)
    w.events = ()
    return w


def _with_player(players: tuple, seat: int, p: Player) -> tuple:
    """The players tuple with seat ``seat``'s board replaced by ``p``."""
    return players[:seat] + (p,) + players[seat + 1:]


def _remove_one(t: tuple, v) -> tuple:
    """``t`` without the first occurrence of ``v`` (which must be in it)."""
    i = t.index(v)
    return t[:i] + t[i + 1:]


def _bump(counts: tuple, i: int, d: int) -> tuple:
    """The counts tuple with entry ``i`` changed by ``d`` (item cards of one kind)."""
    return counts[:i] + (counts[i] + d,) + counts[i + 1:]



#: what a decision asks, by action kind (the phase line names the decision on offer)
_DECISION_WORDS = {
    ChooseDice: "choose dice", KeepRoll: "keep the roll", Reroll: "reroll with the Lucky Shell",
    Step: "sail", Stop: "stop", Deliver: "deliver", PickUp: "pick up a passenger",
    DropOff: "drop a passenger off", TakeTreasure: "take the treasure",
    DeliverTreasure: "give a treasure to Roberto", UseItem: "use an item", Endure: "keep the item",
    LoseToken: "give Roberto a token", Refill: "refill cargo", DiscardPassenger: "discard a passenger",
    TakeItem: "take an item", Decline: "say no thanks", Shed: "lose a token",
    Overboard: "throw cargo overboard", DiscardItem: "discard an item",
    DiscardTreasure: "discard a treasure", KeepAssignment: "keep an assignment",
    PlaceBoat: "put the boat on a dock"}
#: what a chance step does, by outcome kind
_CHANCE_WORDS = {Roll: "roll the dice", DieRoll: "roll a die", RevealTreasure: "reveal the treasure",
                 DrawItem: "turn up an item for the Market", DrawCard: "turn up a Delivery card",
                 DealAssignment: "deal an Assignment card", FirstPlayer: "draw who starts"}



_HIDDEN = Secret(offer=(), card=-1, achieved=0)


class Tables:
    """The rules' lookup tables the engine reads once a roll or a turn (``game._tables``),
    built in setup."""

    __slots__ = ("roll_outcomes", "roll_cum", "die_outcomes", "fish_max", "jet_doubles",
                 "all_double", "end_order", "turn_for", "cards_blocked_by", "endure")
    #: the (Roll, probability) outcomes of each dice choice
    roll_outcomes: dict[str, list[tuple[Roll, Fraction]]]
    #: the same as actions and cumulative float probabilities, for sampling
    roll_cum: dict[str, tuple[list[Any], list[float]]]
    #: per die name: its (DieRoll, probability) outcomes, and the sampling form
    die_outcomes: dict[str | None, tuple[list[tuple[DieRoll, Fraction]], tuple[list[Any], list[float]]]]
    fish_max: int
    jet_doubles: bool
    all_double: bool
    end_order: tuple[str, ...]
    turn_for: dict[str, Turn]
    cards_blocked_by: tuple[frozenset[int], ...]
    endure: Endure


class PebbleRockBase(BaseGame):
    """The base of every section of the engine (each rulebook section is a class deriving
    from this one; :class:`~tabletop_nb.games.pebble_rock.PebbleRockGame` joins them).

    It declares what the game holds, built in setup from the rules, and, for the type
    checker only, the operations one section asks of another (each is written in the
    section named beside it).
    """

    rules: Rules
    info: BoardInfo
    cards: dict[int, DeliveryCard]
    card_island: dict[int, int]
    card_dest: dict[int, int]
    card_cargo: dict[int, int]
    assignments: dict[int, Assignment]
    step_actions: tuple[Step, ...]
    docks: frozenset[int]
    adj: Any
    adjset: Any
    move_die: dict[str, Die]
    symbol_die: dict[str, Die]
    _tables: Tables
    final_scores: dict[Any, tuple[int, ...]]
    _on_frame: dict[type, Callable[..., Any]]
    _apply: dict[type, Callable[[State, Any], State]]
    _anytime_rules: bool
    _stop: Stop
    _decline: Decline
    _keep_roll: KeepRoll
    _choose_basic: list[ChooseDice]
    _choose_all: list[ChooseDice]

    if TYPE_CHECKING:
        # turn.py
        @staticmethod
        def _ev(w: State, *ev) -> tuple:
            """Written in turn.py."""
        def _run(self, w: State) -> State:
            """Written in turn.py."""
        # items.py
        def capacity(self, s: State, seat: int) -> int:
            """Written in items.py."""
        def _usable(self, s: State, kind: str) -> bool:
            """Written in items.py."""
        @staticmethod
        def _item_source(t: Table) -> tuple:
            """Written in items.py."""
        def _anytime_actions(self, s: State, p: Player) -> list:
            """Written in items.py."""
        def _item_actions(self, s: State, p: Player, pos: int, occ: set | None) -> list:
            """Written in items.py."""
        def _may_discard(self, s: State, p: Player, kind: str) -> bool:
            """Written in items.py."""
        def _gear_bonus(self, s: State, p: Player) -> int:
            """Written in items.py."""
        def _discard_item(self, s: State, p: Player, kind: str) -> tuple[Player, Table]:
            """Written in items.py."""
        def _after_discard(self, s: State, todo: tuple) -> tuple:
            """Written in items.py."""
        # deliveries.py
        def _row_eligible(self, s: State) -> tuple[int, ...]:
            """Written in deliveries.py."""
        def _space_actions(self, s: State, p: Player, pos: int, acts: list) -> None:
            """Written in deliveries.py."""
        def _make_room(self, s: State, p: Player) -> Player:
            """Written in deliveries.py."""
        def delivery_points(self, card: int) -> int:
            """Written in deliveries.py."""
        # characters.py
        def _adjacent_places(self, s: State, c: int) -> list[int]:
            """Written in characters.py."""
        # movement.py
        def _occupied(self, s: State) -> set:
            """Written in movement.py."""
        def _move_actions(self, s: State) -> list:
            """Written in movement.py."""
        def _begin_move(self, w: State) -> State:
            """Written in movement.py."""
        def move_options(self, s: State) -> tuple[list, list]:
            """Written in movement.py."""
        # end_of_turn.py
        def _end_of_turn(self, s: State, pos: int) -> tuple[Frame, ...]:
            """Written in end_of_turn.py."""
        # dice.py
        def _choose_actions(self, s: State) -> list:
            """Written in dice.py."""
        # setup.py
        def _assignment_box(self, s: State) -> list[int]:
            """Written in setup.py."""
        # fish_and_jetstream.py
        def jetstream_fee(self, s: State, seat: int) -> int:
            """Written in fish_and_jetstream.py."""
        # scoring.py
        def assignment_halves_met(self, s: State, seat: int) -> int:
            """Written in scoring.py."""
        def breakdown(self, s: State, seat: int) -> Breakdown:
            """Written in scoring.py."""
        def progress(self, s: State, seat: int) -> Progress:
            """Written in scoring.py."""
