"""What happens next in Pebble Rock: the entries of ``State.todo``, each a named record.

The queue holds three kinds of entry, head first:

* a **decision** (:class:`Decision`): a player chooses; the engine's table gives the legal
  actions (the seat is the one whose turn it is, or the entry's ``seat`` during setup);
* a **chance** node (:class:`Chance`): a roll or a draw; the engine gives its outcomes;
* a **bookkeeping** step (:class:`Bookkeeping`): the engine does it at once inside
  ``apply``, so a state always waits on a player or on chance.

The engine dispatches on the entry's type through one table (``PebbleRockGame._on_frame``,
built in setup). Each record is a frozen dataclass: two entries are equal only if they
are of the same kind with the same fields.

Examples
--------
>>> NextTurn(), RollDie("jet"), MeetCharacter(1, "pass")
(NextTurn(), RollDie(purpose='jet'), MeetCharacter(character=1, how='pass'))
>>> isinstance(RollDie("gain"), Chance), RollDie("gain") == RerollDie("gain", "fish")
(True, False)
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Union

__all__ = ["Frame", "Decision", "Chance", "Bookkeeping",
           "ChooseStartDock", "ChooseAssignment", "OfferReroll", "PutCharacter", "OfferAvoid",
           "RobberyChoice", "DockRefill", "MarketVisit", "ShedToCapacity",
           "RollDice", "RollDie", "RerollDie", "RevealValue", "FillRowSlot", "FillMarketSlot",
           "DealCard", "DrawFirstPlayer",
           "StartGame", "ResolveSymbol", "BeginMove", "MeetCharacter", "DieEffect", "RobertoRobs",
           "LighthouseCheck", "AssignmentCheck", "NextTurn"]


class Decision:
    """A queue entry where a player decides (see the module docstring)."""

    __slots__ = ()


class Chance:
    """A queue entry where chance decides: a roll or a draw."""

    __slots__ = ()


class Bookkeeping:
    """A queue entry the engine carries out at once."""

    __slots__ = ()




# -- decisions ----------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class ChooseStartDock(Decision):
    """Setup: ``seat`` puts its boat on a dock (PR-SETUP-09)."""
    seat: int


@dataclass(frozen=True, slots=True)
class ChooseAssignment(Decision):
    """Setup: ``seat`` keeps one of its two Assignment cards (PR-SETUP-10)."""
    seat: int


@dataclass(frozen=True, slots=True)
class OfferReroll(Decision):
    """The Lucky Shell may reroll a die just rolled: ``purpose`` is ``"step2"`` (the turn's
    two dice, ``value`` None) or what a single die was rolled for (``"gain"``, ``"larry"``,
    ``"jet"``) with its ``value`` (PR-ITEM-SHELL-01..02)."""
    purpose: str
    value: int | None


@dataclass(frozen=True, slots=True)
class PutCharacter(Decision):
    """Put character ``character`` (an index of ``CHARACTERS``) on a space: ``how`` is
    ``"symbol"`` (next to the boat), ``"item"`` or ``"anywhere"`` (after an encounter avoided)."""
    character: int
    how: str


@dataclass(frozen=True, slots=True)
class OfferAvoid(Decision):
    """Use the item against ``character`` (Larry or Roberto), or endure the encounter."""
    character: int


@dataclass(frozen=True, slots=True)
class RobberyChoice(Decision):
    """Choose the token Roberto takes (a passenger or a treasure, PR-CHAR-12)."""


@dataclass(frozen=True, slots=True)
class DockRefill(Decision):
    """At a dock: refill the hold, or not (PR-END-03)."""


@dataclass(frozen=True, slots=True)
class MarketVisit(Decision):
    """At a Market island's marked space: take an item, or not (PR-MARKET-02)."""


@dataclass(frozen=True, slots=True)
class ShedToCapacity(Decision):
    """Lose tokens until the hold fits its capacity again (PR-ITEM-UPG-02)."""


# -- chance -------------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class RollDice(Chance):
    """The turn's movement die and Resource or Danger die (PR-TURN-03)."""


@dataclass(frozen=True, slots=True)
class RollDie(Chance):
    """One die rolled for ``purpose``: ``"gain"`` (fish), ``"larry"`` or ``"jet"``."""
    purpose: str


@dataclass(frozen=True, slots=True)
class RerollDie(Chance):
    """The Lucky Shell's reroll of ``die`` (``"movement"``, ``"symbol"`` or ``"fish"``),
    rolled for ``purpose`` (as :class:`OfferReroll`)."""
    purpose: str
    die: str


@dataclass(frozen=True, slots=True)
class RevealValue(Chance):
    """The value of the treasure given to Roberto (PR-TREAS-05)."""


@dataclass(frozen=True, slots=True)
class FillRowSlot(Chance):
    """A Delivery card turned up for an empty row slot (PR-REFILL-01..02)."""


@dataclass(frozen=True, slots=True)
class FillMarketSlot(Chance):
    """An item turned up for an empty Market slot (PR-MARKET-06)."""


@dataclass(frozen=True, slots=True)
class DealCard(Chance):
    """An Assignment card dealt to ``seat`` (PR-SETUP-10)."""
    seat: int


@dataclass(frozen=True, slots=True)
class DrawFirstPlayer(Chance):
    """Who starts, when the rules draw it (PR-TURN-01)."""


# -- bookkeeping --------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class StartGame(Bookkeeping):
    """Round 1 begins (PR-SETUP-14)."""


@dataclass(frozen=True, slots=True)
class ResolveSymbol(Bookkeeping):
    """Resolve the turn's symbol (after a Lucky Shell decision on the roll)."""


@dataclass(frozen=True, slots=True)
class BeginMove(Bookkeeping):
    """Start moving (step 3)."""


@dataclass(frozen=True, slots=True)
class MeetCharacter(Bookkeeping):
    """The boat meets ``character``: ``how`` is ``"pass"``, ``"symbol"`` or ``"item"``."""
    character: int
    how: str


@dataclass(frozen=True, slots=True)
class DieEffect(Bookkeeping):
    """What a die rolled for ``purpose`` does with ``value`` (fish, Larry, a jetstream)."""
    purpose: str
    value: int


@dataclass(frozen=True, slots=True)
class RobertoRobs(Bookkeeping):
    """Roberto takes a token (PR-CHAR-10..12)."""


@dataclass(frozen=True, slots=True)
class LighthouseCheck(Bookkeeping):
    """The Lighthouse token for ending the final round on a dock (PR-FINAL-02)."""


@dataclass(frozen=True, slots=True)
class AssignmentCheck(Bookkeeping):
    """Note the Assignment halves met (``assignment_check="any_time"``)."""


@dataclass(frozen=True, slots=True)
class NextTurn(Bookkeeping):
    """Pass the turn (PR-TURN-02)."""


#: any entry of ``State.todo``
Frame = Union[Decision, Chance, Bookkeeping]
