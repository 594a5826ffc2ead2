"""What happens next in Pebble Rock: the entries of ``State.todo``, each a named record.

The queue holds three kinds of entry, head first:

* a **decision** (:class:`Decision`): a player chooses; the engine's table gives the legal
  actions (the seat is the one whose turn it is, or the entry's ``seat`` during setup);
* a **chance** node (:class:`Chance`): a roll or a draw; the engine gives its outcomes;
* a **bookkeeping** step (:class:`Bookkeeping`): the engine does it at once inside
  ``apply``, so a state always waits on a player or on chance.

The engine dispatches on the entry's type through one table (``SECTION_OF`` in
``engine/turn.py``). Each record is a frozen dataclass: two entries are equal only if they
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
    """A queue entry where a player decides (see the module docstring).

    The engine gives the legal actions of the entry at the head of the queue; the seat
    to decide is the one whose turn it is, or the entry's ``seat`` during setup.

    Examples
    --------
    >>> isinstance(DockRefill(), Decision), isinstance(RollDice(), Decision)
    (True, False)
    """

    __slots__ = ()


class Chance:
    """A queue entry where chance decides: a roll or a draw.

    While one is at the head of the queue the current player is CHANCE and the engine
    gives the outcomes with their probabilities.

    Examples
    --------
    >>> from tabletop_nb import load_game
    >>> g = load_game("pebble_rock", players=2)
    >>> s = g.initial_state()
    >>> s.todo[0], isinstance(s.todo[0], Chance), g.current_player(s)
    (FillMarketSlot(), True, -1)
    """

    __slots__ = ()


class Bookkeeping:
    """A queue entry the engine carries out at once.

    ``apply`` runs every bookkeeping entry that comes to the head of the queue, so one is
    only ever seen queued behind a decision or a chance node.

    Examples
    --------
    >>> from tabletop_nb import load_game
    >>> g = load_game("pebble_rock", players=2)
    >>> last = g.initial_state().todo[-1]
    >>> last, isinstance(last, Bookkeeping)
    (StartGame(), True)
    """

    __slots__ = ()




# -- decisions ----------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class ChooseStartDock(Decision):
    """Setup: ``seat`` puts its boat on a dock.

    Parameters
    ----------
    seat : int
        The seat that places its boat (setup does not follow the turn order).

    Examples
    --------
    >>> from tabletop_nb import load_game
    >>> [f for f in load_game("pebble_rock", players=2).initial_state().todo
    ...  if isinstance(f, ChooseStartDock)]
    [ChooseStartDock(seat=0), ChooseStartDock(seat=1)]
    """
    seat: int


@dataclass(frozen=True, slots=True)
class ChooseAssignment(Decision):
    """Setup: ``seat`` keeps one of its two Assignment cards.

    Parameters
    ----------
    seat : int
        The seat that chooses (after its two :class:`DealCard` draws).

    Examples
    --------
    >>> from tabletop_nb import load_game
    >>> load_game("pebble_rock", players=2).initial_state().todo[-3:]
    (ChooseAssignment(seat=0), ChooseAssignment(seat=1), StartGame())
    """
    seat: int


@dataclass(frozen=True, slots=True)
class OfferReroll(Decision):
    """The Lucky Shell may reroll a die just rolled.

    Parameters
    ----------
    purpose : str
        ``"step2"`` for the turn's two dice, else what a single die was rolled for
        (``"gain"``, ``"larry"`` or ``"jet"``).
    value : int or None
        The single die's value (None for ``"step2"``).

    Examples
    --------
    With a Lucky Shell, the turn's roll waits for the player to keep it or reroll a die:

    >>> from tabletop_nb import load_game
    >>> from tabletop_nb.games.pebble_rock.state import ChooseDice, Roll
    >>> g = load_game("pebble_rock", players=2)
    >>> s = g.position(boats=[38, 39], items=[["lucky_shell"], []])
    >>> s = g.apply(g.apply(s, ChooseDice("steady")), Roll(move=4, symbol="maisy"))
    >>> s.todo
    (OfferReroll(purpose='step2', value=None), ResolveSymbol())
    >>> g.legal_actions(s)
    [KeepRoll(), Reroll(die='movement'), Reroll(die='symbol')]
    """
    purpose: str
    value: int | None


@dataclass(frozen=True, slots=True)
class PutCharacter(Decision):
    """Put a character on a space of the player's choice.

    Parameters
    ----------
    character : int
        An index of ``CHARACTERS`` (0 Maisy, 1 Larry, 2 Roberto).
    how : str
        ``"symbol"``: a die symbol's character, put next to the boat and then met;
        ``"anywhere"``: after an encounter avoided with an item, any empty space (or
        where it is); another value puts it next to the boat without a meeting.

    Examples
    --------
    >>> from tabletop_nb import load_game
    >>> from tabletop_nb.games.pebble_rock.state import ChooseDice, Roll
    >>> g = load_game("pebble_rock", players=2)
    >>> s = g.apply(g.position(boats=[38, 39]), ChooseDice("steady"))
    >>> s = g.apply(s, Roll(move=4, symbol="maisy"))
    >>> s.todo
    (PutCharacter(character=0, how='symbol'), BeginMove())
    >>> g.legal_actions(s)[0]
    PlaceCharacter(character='maisy', space=29)
    """
    character: int
    how: str


@dataclass(frozen=True, slots=True)
class OfferAvoid(Decision):
    """Use the item against ``character`` (Larry or Roberto), or endure the encounter.

    Queued when the moving player meets Larry holding Shark Repellent, or Roberto holding
    a Water Cannon.

    Parameters
    ----------
    character : int
        1 (Larry) or 2 (Roberto), an index of ``CHARACTERS``.

    Examples
    --------
    >>> from tabletop_nb.games.pebble_rock.state import CHARACTERS, LARRY
    >>> f = OfferAvoid(LARRY)
    >>> f, CHARACTERS[f.character]
    (OfferAvoid(character=1), 'larry')
    """
    character: int


@dataclass(frozen=True, slots=True)
class RobberyChoice(Decision):
    """Choose the token Roberto takes (a passenger or a treasure).

    Queued by :class:`RobertoRobs` when the hold has no regular cargo and more than one
    token he may take.

    Examples
    --------
    >>> RobberyChoice(), isinstance(RobberyChoice(), Decision)
    (RobberyChoice(), True)
    """


@dataclass(frozen=True, slots=True)
class DockRefill(Decision):
    """At a dock: refill the hold, or not.

    Examples
    --------
    A boat that stops on a dock with room in its hold:

    >>> from tabletop_nb import load_game
    >>> g = load_game("pebble_rock", players=2)
    >>> s = g.position(boats=[38, 39], step="end", cargo=[0, 0], row=[1, 44, 49])
    >>> s.todo, g.legal_actions(s)
    ((DockRefill(), NextTurn()), [Refill(n=4), Decline()])
    """


@dataclass(frozen=True, slots=True)
class MarketVisit(Decision):
    """At a Market island's marked space: take an item, or not.

    Examples
    --------
    >>> MarketVisit(), isinstance(MarketVisit(), Decision)
    (MarketVisit(), True)
    """


@dataclass(frozen=True, slots=True)
class ShedToCapacity(Decision):
    """Lose tokens until the hold fits its capacity again.

    Queued first when a discarded Cargo Upgrade leaves more tokens than the hold holds.

    Examples
    --------
    >>> ShedToCapacity(), isinstance(ShedToCapacity(), Decision)
    (ShedToCapacity(), True)
    """


# -- chance -------------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class RollDice(Chance):
    """The turn's movement die and Resource or Danger die.

    Examples
    --------
    Choosing the dice queues their roll:

    >>> from tabletop_nb import load_game
    >>> from tabletop_nb.games.pebble_rock.state import ChooseDice
    >>> g = load_game("pebble_rock", players=2)
    >>> s = g.apply(g.position(boats=[38, 39]), ChooseDice("steady"))
    >>> s.todo, g.current_player(s)
    ((RollDice(),), -1)
    >>> g.chance_outcomes(s)[0]
    (Roll(move=2, symbol='fish'), Fraction(1, 9))
    """


@dataclass(frozen=True, slots=True)
class RollDie(Chance):
    """One die rolled for ``purpose``.

    Parameters
    ----------
    purpose : str
        ``"gain"`` (fish, for the Fish symbol or a turn ended on a fishing space), ``"larry"``
        (the fish Larry takes) or ``"jet"`` (a Jetstream's extra movement).

    Examples
    --------
    >>> from tabletop_nb import load_game
    >>> from tabletop_nb.games.pebble_rock.state import ChooseDice, Roll
    >>> g = load_game("pebble_rock", players=2)
    >>> s = g.apply(g.position(boats=[38, 39]), ChooseDice("steady"))
    >>> g.apply(s, Roll(move=4, symbol="fish")).todo
    (RollDie(purpose='gain'), BeginMove())
    """
    purpose: str


@dataclass(frozen=True, slots=True)
class RerollDie(Chance):
    """The Lucky Shell's reroll of one die.

    Parameters
    ----------
    purpose : str
        What the die was rolled for, as in :class:`OfferReroll`.
    die : str
        ``"movement"``, ``"symbol"`` or ``"fish"``.

    Examples
    --------
    >>> from tabletop_nb import load_game
    >>> from tabletop_nb.games.pebble_rock.state import ChooseDice, Roll, Reroll
    >>> g = load_game("pebble_rock", players=2)
    >>> s = g.position(boats=[38, 39], items=[["lucky_shell"], []])
    >>> s = g.apply(g.apply(s, ChooseDice("steady")), Roll(move=4, symbol="maisy"))
    >>> g.apply(s, Reroll("movement")).todo
    (RerollDie(purpose='step2', die='movement'), ResolveSymbol())
    """
    purpose: str
    die: str


@dataclass(frozen=True, slots=True)
class RevealValue(Chance):
    """The value of the treasure given to Roberto.

    Examples
    --------
    >>> RevealValue(), isinstance(RevealValue(), Chance)
    (RevealValue(), True)
    """


@dataclass(frozen=True, slots=True)
class FillRowSlot(Chance):
    """A Delivery card turned up for an empty row slot.

    Examples
    --------
    >>> from tabletop_nb import load_game
    >>> load_game("pebble_rock", players=2).initial_state().todo.count(FillRowSlot())
    3
    """


@dataclass(frozen=True, slots=True)
class FillMarketSlot(Chance):
    """An item turned up for an empty Market slot.

    Examples
    --------
    >>> from tabletop_nb import load_game
    >>> g = load_game("pebble_rock", players=2)
    >>> s = g.initial_state()
    >>> s.todo[0], g.chance_outcomes(s)[0]
    (FillMarketSlot(), (DrawItem(kind='cargo_upgrade'), Fraction(1, 7)))
    """


@dataclass(frozen=True, slots=True)
class DealCard(Chance):
    """An Assignment card dealt to ``seat``.

    Parameters
    ----------
    seat : int
        The seat the card goes to (two each, before :class:`ChooseAssignment`).

    Examples
    --------
    >>> from tabletop_nb import load_game
    >>> load_game("pebble_rock", players=2).initial_state().todo.count(DealCard(seat=1))
    2
    """
    seat: int


@dataclass(frozen=True, slots=True)
class DrawFirstPlayer(Chance):
    """Who starts, when the rules draw it.

    Queued before :class:`StartGame` when the rules' ``first_player`` is negative.

    Examples
    --------
    >>> DrawFirstPlayer(), isinstance(DrawFirstPlayer(), Chance)
    (DrawFirstPlayer(), True)
    """


# -- bookkeeping --------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class StartGame(Bookkeeping):
    """Round 1 begins.

    Examples
    --------
    >>> from tabletop_nb import load_game
    >>> load_game("pebble_rock", players=2).initial_state().todo[-1]
    StartGame()
    """


@dataclass(frozen=True, slots=True)
class ResolveSymbol(Bookkeeping):
    """Resolve the turn's symbol (after a Lucky Shell decision on the roll).

    Examples
    --------
    Queued behind :class:`OfferReroll` (see its example):

    >>> OfferReroll("step2", None), ResolveSymbol()
    (OfferReroll(purpose='step2', value=None), ResolveSymbol())
    """


@dataclass(frozen=True, slots=True)
class BeginMove(Bookkeeping):
    """Start moving (step 3).

    Examples
    --------
    Queued behind what the symbol asks first (see :class:`PutCharacter`):

    >>> (PutCharacter(0, "symbol"), BeginMove())[-1]
    BeginMove()
    """


@dataclass(frozen=True, slots=True)
class MeetCharacter(Bookkeeping):
    """The boat meets a character: Maisy's cargo, Larry's roll or Roberto's theft.

    Parameters
    ----------
    character : int
        An index of ``CHARACTERS`` (0 Maisy, 1 Larry, 2 Roberto).
    how : str
        ``"pass"`` (the boat passed its space), ``"symbol"`` (a die symbol put it next
        to the boat) or ``"item"`` (the Maisy item); whether it counts as the turn's
        meeting with that character depends on this and the rules.

    Examples
    --------
    >>> f = MeetCharacter(1, "pass")
    >>> f.character, f.how
    (1, 'pass')
    """
    character: int
    how: str


@dataclass(frozen=True, slots=True)
class DieEffect(Bookkeeping):
    """What a die rolled for ``purpose`` does with ``value`` (fish, Larry, a jetstream).

    Parameters
    ----------
    purpose : str
        ``"gain"``, ``"larry"`` or ``"jet"``, as in :class:`RollDie`.
    value : int
        The die's value (after a Lucky Shell reroll, if any).

    Examples
    --------
    >>> DieEffect("gain", 2)
    DieEffect(purpose='gain', value=2)
    """
    purpose: str
    value: int


@dataclass(frozen=True, slots=True)
class RobertoRobs(Bookkeeping):
    """Roberto takes a token.

    A Cargo token if there is one, else the one passenger or treasure; with a choice left,
    it queues :class:`RobberyChoice`.

    Examples
    --------
    >>> RobertoRobs(), isinstance(RobertoRobs(), Bookkeeping)
    (RobertoRobs(), True)
    """


@dataclass(frozen=True, slots=True)
class LighthouseCheck(Bookkeeping):
    """The Lighthouse token for ending the final round on a dock.

    Examples
    --------
    >>> LighthouseCheck(), isinstance(LighthouseCheck(), Bookkeeping)
    (LighthouseCheck(), True)
    """


@dataclass(frozen=True, slots=True)
class AssignmentCheck(Bookkeeping):
    """Note the Assignment halves met (``assignment_check="any_time"``).

    Examples
    --------
    >>> AssignmentCheck(), isinstance(AssignmentCheck(), Bookkeeping)
    (AssignmentCheck(), True)
    """


@dataclass(frozen=True, slots=True)
class NextTurn(Bookkeeping):
    """Pass the turn.

    Examples
    --------
    The last entry of every end of turn:

    >>> from tabletop_nb import load_game
    >>> g = load_game("pebble_rock", players=2)
    >>> g.position(boats=[38, 39], step="end").todo
    (FillRowSlot(), FillRowSlot(), FillRowSlot(), NextTurn())
    """


#: any entry of ``State.todo``
Frame = Union[Decision, Chance, Bookkeeping]
