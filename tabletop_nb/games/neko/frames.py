"""What Neko's game waits for: the entries of ``NekoState.frames``, each a named record.

The engine keeps a stack of *frames*; the top one is the next decision (and whose it is)
or chance event. Each kind of frame is a :class:`typing.NamedTuple` whose first field,
``kind``, is the frame's tag (``"turn"``, ``"church"``, ...), followed by what the frame
needs to know, by name (``seat``, ``space``, ``dice_left``, ...).

A named frame is a tuple with the same items as the plain tuple the engine used before
(``("church", 0, 3, 2)``), so it is equal to it and hashes the same: states, their digests
and saved games do not change. The engine dispatches on ``kind`` (the same strings as
before; chance frames are the ones in ``state.CHANCE_FRAMES``). A state built from plain
tuples (by hand, in a test) gets named frames with :func:`as_frames` (``NekoGame.advance``
and ``replace_state`` do it).

A NamedTuple's constructor is a Python function, slower than a plain tuple's, so the
frames pushed most often, those with only a seat (or a period),
are made once per seat and looked up: ``turn_frame(p)`` is ``TurnFrame(seat=p)`` (a
frame is a value, so one instance serves every state).

Examples
--------
>>> f = ChurchFrame(seat=0, space=3, dice_left=2)
>>> f, f.seat, f.kind
(ChurchFrame(kind='church', seat=0, space=3, dice_left=2), 0, 'church')
>>> f == ("church", 0, 3, 2), hash(f) == hash(("church", 0, 3, 2))
(True, True)
>>> as_frame(("turn", 1))
TurnFrame(kind='turn', seat=1)
"""
from __future__ import annotations

from typing import NamedTuple

__all__ = ["TurnFrame", "DraftFrame", "IncomeFrame", "RewardFrame", "BuyFrame", "WinFrame",
           "ChurchFrame", "NekoFrame", "SeaRewardFrame", "ParkFrame", "SmcFrame", "TileFrame",
           "RollFrame", "RerollFrame", "RevealFrame", "DrawFrame", "AdvFrame", "OrderFrame",
           "MarketFrame", "PostOfficeFrame", "HospitalFrame", "EndgameFrame", "BonusFrame",
           "FRAME_CLASSES", "as_frame", "as_frames", "turn_frame", "draft_frame", "roll_frame",
           "income_frame", "reward_frame", "market_frame", "reveal_frame"]


# --------------------------------------------------------------------------- decisions

class TurnFrame(NamedTuple):
    """A player's turn in the Action phase: take fish, bid, activate, free actions, end.


    Attributes
    ----------
    kind : str
        ``"turn"``.
    seat : int
        Whose turn it is.

    Examples
    --------
    >>> TurnFrame(seat=1) == ('turn', 1)
    True
    """

    kind: str = "turn"
    seat: int = -1


class DraftFrame(NamedTuple):
    """A player picks a die value from the hand in front of them (the draft).


    Attributes
    ----------
    kind : str
        ``"draft"``.
    seat : int
        Who picks (the number of picks made so far this step).

    Examples
    --------
    >>> DraftFrame(seat=1) == ('draft', 1)
    True
    """

    kind: str = "draft"
    seat: int = -1


class IncomeFrame(NamedTuple):
    """A player chooses the die that gives the round's income.


    Attributes
    ----------
    kind : str
        ``"income"``.
    seat : int
        Who chooses.

    Examples
    --------
    >>> IncomeFrame(seat=1) == ('income', 1)
    True
    """

    kind: str = "income"
    seat: int = -1


class RewardFrame(NamedTuple):
    """A player takes a reward of the level of their lowest die.


    Attributes
    ----------
    kind : str
        ``"reward"``.
    seat : int
        Who takes the reward.

    Examples
    --------
    >>> RewardFrame(seat=1) == ('reward', 1)
    True
    """

    kind: str = "reward"
    seat: int = -1


class BuyFrame(NamedTuple):
    """A player may buy one of the cards offered outside the resolution (the Post Office, a
    reward card, advanced cards), or pass.


    Attributes
    ----------
    kind : str
        ``"buy"``.
    seat : int
        Who buys.
    discount : int
        Coins off the price.
    offered : tuple
        The card ids offered (the display, or the cards drawn).
    drawn : bool
        The offered cards were drawn (those not bought go under the deck).
    allow_draw : bool
        The player may draw two instead (advanced cards without the advanced setup).
    period : int
        The period deck (1 or 2) the offer draws from.

    Examples
    --------
    >>> BuyFrame(seat=1, discount=2, offered=(5,), drawn=True, allow_draw=True, period=3) == ('buy', 1, 2, (5,), True, True, 3)
    True
    """

    kind: str = "buy"
    seat: int = -1
    discount: int = 0
    offered: tuple = ()
    drawn: bool = False
    allow_draw: bool = False
    period: int = 1


class WinFrame(NamedTuple):
    """The winner of a space's bid may buy its card (or decline).


    Attributes
    ----------
    kind : str
        ``"win"``.
    seat : int
        The winner.
    space : int
        The space (bidding area, then advanced spaces).

    Examples
    --------
    >>> WinFrame(seat=1, space=2) == ('win', 1, 2)
    True
    """

    kind: str = "win"
    seat: int = -1
    space: int = -1


class ChurchFrame(NamedTuple):
    """A player who lost a bid and owns the Church puts a die on a vacant hub, or takes fish.


    Attributes
    ----------
    kind : str
        ``"church"``.
    seat : int
        The Church's owner.
    space : int
        The space whose bid they lost.
    dice_left : int
        Their dice still on that space.

    Examples
    --------
    >>> ChurchFrame(seat=1, space=2, dice_left=3) == ('church', 1, 2, 3)
    True
    """

    kind: str = "church"
    seat: int = -1
    space: int = -1
    dice_left: int = 0


class NekoFrame(NamedTuple):
    """A player splits the Neko Harbour's reward between fuel and coins.


    Attributes
    ----------
    kind : str
        ``"neko"``.
    seat : int
        Who splits.
    hubs : int
        The player's hub count (the reward's size).

    Examples
    --------
    >>> NekoFrame(seat=1, hubs=2) == ('neko', 1, 2)
    True
    """

    kind: str = "neko"
    seat: int = -1
    hubs: int = 0


class SeaRewardFrame(NamedTuple):
    """A player takes a reward of at most a level (a Research Station's sea reward).


    Attributes
    ----------
    kind : str
        ``"seareward"``.
    seat : int
        Who takes it.
    level : int
        The highest reward level allowed.

    Examples
    --------
    >>> SeaRewardFrame(seat=1, level=2) == ('seareward', 1, 2)
    True
    """

    kind: str = "seareward"
    seat: int = -1
    level: int = 0


class ParkFrame(NamedTuple):
    """A Penguin Park owner may place a die from the discard on a bidding space.


    Attributes
    ----------
    kind : str
        ``"park"``.
    seat : int
        The park's owner.
    may_pass : int
        1 when placing no die is allowed (the Park phase), 0 right after the card is
        placed (1 or 0, as it was stored).

    Examples
    --------
    >>> ParkFrame(seat=1, may_pass=2) == ('park', 1, 2)
    True
    """

    kind: str = "park"
    seat: int = -1
    may_pass: int = 0


class SmcFrame(NamedTuple):
    """A player takes the Seaside Market City's income: coins or fuel.


    Attributes
    ----------
    kind : str
        ``"smc"``.
    seat : int
        Who chooses.

    Examples
    --------
    >>> SmcFrame(seat=1) == ('smc', 1)
    True
    """

    kind: str = "smc"
    seat: int = -1


class MarketFrame(NamedTuple):
    """The Morning Market: a player with fish may sell them, then is done.


    Attributes
    ----------
    kind : str
        ``"market"``.
    seat : int
        Who sells.

    Examples
    --------
    >>> MarketFrame(seat=1) == ('market', 1)
    True
    """

    kind: str = "market"
    seat: int = -1


class PostOfficeFrame(NamedTuple):
    """A Post Office owner may use it (an offer at a discount) or pass.


    Attributes
    ----------
    kind : str
        ``"po"``.
    seat : int
        The owner.

    Examples
    --------
    >>> PostOfficeFrame(seat=1) == ('po', 1)
    True
    """

    kind: str = "po"
    seat: int = -1


class HospitalFrame(NamedTuple):
    """A player who just placed the Hospital removes interference tiles.


    Attributes
    ----------
    kind : str
        ``"hospital"``.
    seat : int
        Who removes.

    Examples
    --------
    >>> HospitalFrame(seat=1) == ('hospital', 1)
    True
    """

    kind: str = "hospital"
    seat: int = -1


class EndgameFrame(NamedTuple):
    """The game-end window: a player may take last free actions, then is done.


    Attributes
    ----------
    kind : str
        ``"endgame"``.
    seat : int
        Whose window it is.

    Examples
    --------
    >>> EndgameFrame(seat=1) == ('endgame', 1)
    True
    """

    kind: str = "endgame"
    seat: int = -1


class BonusFrame(NamedTuple):
    """A player chooses a starting bonus tile (in reverse turn order).


    Attributes
    ----------
    kind : str
        ``"bonus"``.
    seat : int
        Who chooses.

    Examples
    --------
    >>> BonusFrame(seat=1) == ('bonus', 1)
    True
    """

    kind: str = "bonus"
    seat: int = -1


# --------------------------------------------------------------------------- chance

class RollFrame(NamedTuple):
    """Chance: a player's dice are rolled for the round.


    Attributes
    ----------
    kind : str
        ``"roll"``.
    seat : int
        Whose dice.

    Examples
    --------
    >>> RollFrame(seat=1) == ('roll', 1)
    True
    """

    kind: str = "roll"
    seat: int = -1


class RerollFrame(NamedTuple):
    """Chance: one die rerolled (the Penguin Park tile's reroll).


    Attributes
    ----------
    kind : str
        ``"reroll"``.
    seat : int
        Whose die.

    Examples
    --------
    >>> RerollFrame(seat=1) == ('reroll', 1)
    True
    """

    kind: str = "reroll"
    seat: int = -1


class RevealFrame(NamedTuple):
    """Chance: the top card of a period deck is revealed into the bidding area.


    Attributes
    ----------
    kind : str
        ``"reveal"``.
    period : int
        The period deck (1 or 2).

    Examples
    --------
    >>> RevealFrame(period=1) == ('reveal', 1)
    True
    """

    kind: str = "reveal"
    period: int = 1


class DrawFrame(NamedTuple):
    """Chance: a card drawn for an offer (a reward card, the Post Office), then offered.


    Attributes
    ----------
    kind : str
        ``"draw"``.
    seat : int
        Who the offer is for.
    discount : int
        Coins off the price.
    need : int
        Cards still to draw.
    drawn : tuple
        The card ids drawn so far.
    period : int
        The period deck (1 or 2).

    Examples
    --------
    >>> DrawFrame(seat=1, discount=2, need=3, drawn=(5,), period=4) == ('draw', 1, 2, 3, (5,), 4)
    True
    """

    kind: str = "draw"
    seat: int = -1
    discount: int = 0
    need: int = 0
    drawn: tuple = ()
    period: int = 1


class TileFrame(NamedTuple):
    """Chance: a middle tile drawn at setup.


    Attributes
    ----------
    kind : str
        ``"tile"``.

    Examples
    --------
    >>> TileFrame() == ('tile',)
    True
    """

    kind: str = "tile"


class AdvFrame(NamedTuple):
    """Chance: an advanced card drawn onto an advanced space at setup.


    Attributes
    ----------
    kind : str
        ``"adv"``.

    Examples
    --------
    >>> AdvFrame() == ('adv',)
    True
    """

    kind: str = "adv"


class OrderFrame(NamedTuple):
    """Chance: a random starting turn order.


    Attributes
    ----------
    kind : str
        ``"order"``.

    Examples
    --------
    >>> OrderFrame() == ('order',)
    True
    """

    kind: str = "order"


#: frame kind -> its class
FRAME_CLASSES: dict[str, type] = {c._field_defaults["kind"]: c for c in (
    TurnFrame, DraftFrame, IncomeFrame, RewardFrame, BuyFrame, WinFrame, ChurchFrame, NekoFrame,
    SeaRewardFrame, ParkFrame, SmcFrame, MarketFrame, PostOfficeFrame, HospitalFrame, EndgameFrame,
    BonusFrame, RollFrame, RerollFrame, RevealFrame, DrawFrame, TileFrame, AdvFrame, OrderFrame)}


def as_frame(t: tuple) -> tuple:
    """The named frame with the items of ``t`` (a plain tuple ``(kind, ...)``, or a frame).

    Parameters
    ----------
    t : tuple
        A frame: ``(kind, ...)`` as a plain tuple or already named.

    Returns
    -------
    tuple
        The frame as its kind's NamedTuple (``t`` itself when it is one).

    Examples
    --------
    >>> as_frame(("win", 1, 4)).space, as_frame(TurnFrame(seat=0)) == ("turn", 0)
    (4, True)
    """
    cls = FRAME_CLASSES[t[0]]
    return t if type(t) is cls else cls(*t)


def as_frames(frames) -> tuple:
    """A stack of frames with each one named (:func:`as_frame`); the same tuple when they
    all are already.

    Parameters
    ----------
    frames : iterable of tuple
        Frames, plain or named.

    Returns
    -------
    tuple
        The named frames, in order.

    Examples
    --------
    >>> as_frames([("turn", 0), ("church", 1, 2, 1)])[-1].dice_left
    1
    """
    if type(frames) is tuple and all(type(f) is FRAME_CLASSES.get(f[0]) for f in frames):
        return frames
    return tuple(as_frame(f) for f in frames)


#: seats (and periods) the prebuilt frames cover (Neko seats 2-4 players)
_SEATS = range(16)
#: the frames pushed most often, made once per seat (or period): a frame is a value, so one
#: instance serves every state (see the module docstring)
_TURN = tuple(TurnFrame(seat=v) for v in _SEATS)
_DRAFT = tuple(DraftFrame(seat=v) for v in _SEATS)
_ROLL = tuple(RollFrame(seat=v) for v in _SEATS)
_INCOME = tuple(IncomeFrame(seat=v) for v in _SEATS)
_REWARD = tuple(RewardFrame(seat=v) for v in _SEATS)
_MARKET = tuple(MarketFrame(seat=v) for v in _SEATS)
_REVEAL = tuple(RevealFrame(period=v) for v in _SEATS)


def turn_frame(seat: int) -> TurnFrame:
    """``TurnFrame(seat=seat)``, made once per seat.

    Parameters
    ----------
    seat : int
        Whose turn it is.

    Returns
    -------
    TurnFrame

    Examples
    --------
    >>> turn_frame(2)
    TurnFrame(kind='turn', seat=2)
    """
    return _TURN[seat]


def draft_frame(seat: int) -> DraftFrame:
    """``DraftFrame(seat=seat)``, made once per seat.

    Parameters
    ----------
    seat : int
        Who picks.

    Returns
    -------
    DraftFrame

    Examples
    --------
    >>> draft_frame(2)
    DraftFrame(kind='draft', seat=2)
    """
    return _DRAFT[seat]


def roll_frame(seat: int) -> RollFrame:
    """``RollFrame(seat=seat)``, made once per seat.

    Parameters
    ----------
    seat : int
        Whose dice are rolled.

    Returns
    -------
    RollFrame

    Examples
    --------
    >>> roll_frame(2)
    RollFrame(kind='roll', seat=2)
    """
    return _ROLL[seat]


def income_frame(seat: int) -> IncomeFrame:
    """``IncomeFrame(seat=seat)``, made once per seat.

    Parameters
    ----------
    seat : int
        Who chooses the income die.

    Returns
    -------
    IncomeFrame

    Examples
    --------
    >>> income_frame(2)
    IncomeFrame(kind='income', seat=2)
    """
    return _INCOME[seat]


def reward_frame(seat: int) -> RewardFrame:
    """``RewardFrame(seat=seat)``, made once per seat.

    Parameters
    ----------
    seat : int
        Who takes the reward.

    Returns
    -------
    RewardFrame

    Examples
    --------
    >>> reward_frame(2)
    RewardFrame(kind='reward', seat=2)
    """
    return _REWARD[seat]


def market_frame(seat: int) -> MarketFrame:
    """``MarketFrame(seat=seat)``, made once per seat.

    Parameters
    ----------
    seat : int
        Who sells at the market.

    Returns
    -------
    MarketFrame

    Examples
    --------
    >>> market_frame(2)
    MarketFrame(kind='market', seat=2)
    """
    return _MARKET[seat]


def reveal_frame(period: int) -> RevealFrame:
    """``RevealFrame(period=period)``, made once per period.

    Parameters
    ----------
    period : int
        The period whose card is revealed.

    Returns
    -------
    RevealFrame

    Examples
    --------
    >>> reveal_frame(2)
    RevealFrame(kind='reveal', period=2)
    """
    return _REVEAL[period]
