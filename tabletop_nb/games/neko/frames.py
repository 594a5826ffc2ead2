"""What Neko's game waits for: the entries of ``NekoState.frames``, each a named record.

The engine keeps a stack of *frames*; the top one is the next decision (and whose it is)
or chance event. Each kind of frame is a :class:`typing.NamedTuple` of what the frame needs
to know, by name (``seat``, ``space``, ``dice_left``, ...), every one of them required: a
frame is always made with all it needs. Its last field, ``kind``, is the frame's tag
(``"turn"``, ``"church"``, ...), given by its class (the field's default; nobody passes
it): the engine dispatches on it (chance frames are the ones in ``state.CHANCE_FRAMES``),
and it keeps frames of different kinds with the same items unequal.

A state written by hand (in a test, a lesson) may give its frames as plain tagged tuples,
tag first (``("church", 0, 3, 2)``); :func:`as_frames` names them (``NekoGame.advance`` and
``replace_state`` do it). States are never saved (a record keeps only the actions), so no
stored frame has another layout.

A NamedTuple's constructor is a Python function, slower than a plain tuple's, so the
frames pushed most often, those with only a seat (or a period),
are made once per seat and looked up: ``turn_frame(p)`` is ``TurnFrame(seat=p)`` (a
frame is a value, so one instance serves every state).

Examples
--------
>>> f = ChurchFrame(seat=0, space=3, dice_left=2)
>>> f, f.seat, f.kind
(ChurchFrame(seat=0, space=3, dice_left=2, kind='church'), 0, 'church')
>>> as_frame(("church", 0, 3, 2)) == f, TurnFrame(seat=1) == DraftFrame(seat=1)
(True, False)
>>> as_frame(("turn", 1))
TurnFrame(seat=1, kind='turn')
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
    seat : int
        Whose turn it is.
    kind : str
        ``"turn"``: the frame's tag, given by its class.

    Examples
    --------
    >>> TurnFrame(seat=1)
    TurnFrame(seat=1, kind='turn')
    """

    seat: int
    kind: str = "turn"


class DraftFrame(NamedTuple):
    """A player picks a die value from the hand in front of them (the draft).


    Attributes
    ----------
    seat : int
        Who picks (the number of picks made so far this step).
    kind : str
        ``"draft"``: the frame's tag, given by its class.

    Examples
    --------
    >>> DraftFrame(seat=1)
    DraftFrame(seat=1, kind='draft')
    """

    seat: int
    kind: str = "draft"


class IncomeFrame(NamedTuple):
    """A player chooses the die that gives the round's income.


    Attributes
    ----------
    seat : int
        Who chooses.
    kind : str
        ``"income"``: the frame's tag, given by its class.

    Examples
    --------
    >>> IncomeFrame(seat=1)
    IncomeFrame(seat=1, kind='income')
    """

    seat: int
    kind: str = "income"


class RewardFrame(NamedTuple):
    """A player takes a reward of the level of their lowest die.


    Attributes
    ----------
    seat : int
        Who takes the reward.
    kind : str
        ``"reward"``: the frame's tag, given by its class.

    Examples
    --------
    >>> RewardFrame(seat=1)
    RewardFrame(seat=1, kind='reward')
    """

    seat: int
    kind: str = "reward"


class BuyFrame(NamedTuple):
    """A player may buy one of the cards offered outside the resolution (the Post Office, a
    reward card, advanced cards), or pass.


    Attributes
    ----------
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
    kind : str
        ``"buy"``: the frame's tag, given by its class.

    Examples
    --------
    >>> BuyFrame(seat=1, discount=2, offered=(5,), drawn=True, allow_draw=True, period=3)
    BuyFrame(seat=1, discount=2, offered=(5,), drawn=True, allow_draw=True, period=3, kind='buy')
    """

    seat: int
    discount: int
    offered: tuple
    drawn: bool
    allow_draw: bool
    period: int
    kind: str = "buy"


class WinFrame(NamedTuple):
    """The winner of a space's bid may buy its card (or decline).


    Attributes
    ----------
    seat : int
        The winner.
    space : int
        The space (bidding area, then advanced spaces).
    kind : str
        ``"win"``: the frame's tag, given by its class.

    Examples
    --------
    >>> WinFrame(seat=1, space=2)
    WinFrame(seat=1, space=2, kind='win')
    """

    seat: int
    space: int
    kind: str = "win"


class ChurchFrame(NamedTuple):
    """A player who lost a bid and owns the Church puts a die on a vacant hub, or takes fish.


    Attributes
    ----------
    seat : int
        The Church's owner.
    space : int
        The space whose bid they lost.
    dice_left : int
        Their dice still on that space.
    kind : str
        ``"church"``: the frame's tag, given by its class.

    Examples
    --------
    >>> ChurchFrame(seat=1, space=2, dice_left=3)
    ChurchFrame(seat=1, space=2, dice_left=3, kind='church')
    """

    seat: int
    space: int
    dice_left: int
    kind: str = "church"


class NekoFrame(NamedTuple):
    """A player splits the Neko Harbour's reward between fuel and coins.


    Attributes
    ----------
    seat : int
        Who splits.
    hubs : int
        The player's hub count (the reward's size).
    kind : str
        ``"neko"``: the frame's tag, given by its class.

    Examples
    --------
    >>> NekoFrame(seat=1, hubs=2)
    NekoFrame(seat=1, hubs=2, kind='neko')
    """

    seat: int
    hubs: int
    kind: str = "neko"


class SeaRewardFrame(NamedTuple):
    """A player takes a reward of at most a level (a Research Station's sea reward).


    Attributes
    ----------
    seat : int
        Who takes it.
    level : int
        The highest reward level allowed.
    kind : str
        ``"seareward"``: the frame's tag, given by its class.

    Examples
    --------
    >>> SeaRewardFrame(seat=1, level=2)
    SeaRewardFrame(seat=1, level=2, kind='seareward')
    """

    seat: int
    level: int
    kind: str = "seareward"


class ParkFrame(NamedTuple):
    """A Penguin Park owner may place a die from the discard on a bidding space.


    Attributes
    ----------
    seat : int
        The park's owner.
    may_pass : int
        1 when placing no die is allowed (the Park phase), 0 right after the card is
        placed (1 or 0, as it was stored).
    kind : str
        ``"park"``: the frame's tag, given by its class.

    Examples
    --------
    >>> ParkFrame(seat=1, may_pass=2)
    ParkFrame(seat=1, may_pass=2, kind='park')
    """

    seat: int
    may_pass: int
    kind: str = "park"


class SmcFrame(NamedTuple):
    """A player takes the Seaside Market City's income: coins or fuel.


    Attributes
    ----------
    seat : int
        Who chooses.
    kind : str
        ``"smc"``: the frame's tag, given by its class.

    Examples
    --------
    >>> SmcFrame(seat=1)
    SmcFrame(seat=1, kind='smc')
    """

    seat: int
    kind: str = "smc"


class MarketFrame(NamedTuple):
    """The Morning Market: a player with fish may sell them, then is done.


    Attributes
    ----------
    seat : int
        Who sells.
    kind : str
        ``"market"``: the frame's tag, given by its class.

    Examples
    --------
    >>> MarketFrame(seat=1)
    MarketFrame(seat=1, kind='market')
    """

    seat: int
    kind: str = "market"


class PostOfficeFrame(NamedTuple):
    """A Post Office owner may use it (an offer at a discount) or pass.


    Attributes
    ----------
    seat : int
        The owner.
    kind : str
        ``"po"``: the frame's tag, given by its class.

    Examples
    --------
    >>> PostOfficeFrame(seat=1)
    PostOfficeFrame(seat=1, kind='po')
    """

    seat: int
    kind: str = "po"


class HospitalFrame(NamedTuple):
    """A player who just placed the Hospital removes interference tiles.


    Attributes
    ----------
    seat : int
        Who removes.
    kind : str
        ``"hospital"``: the frame's tag, given by its class.

    Examples
    --------
    >>> HospitalFrame(seat=1)
    HospitalFrame(seat=1, kind='hospital')
    """

    seat: int
    kind: str = "hospital"


class EndgameFrame(NamedTuple):
    """The game-end window: a player may take last free actions, then is done.


    Attributes
    ----------
    seat : int
        Whose window it is.
    kind : str
        ``"endgame"``: the frame's tag, given by its class.

    Examples
    --------
    >>> EndgameFrame(seat=1)
    EndgameFrame(seat=1, kind='endgame')
    """

    seat: int
    kind: str = "endgame"


class BonusFrame(NamedTuple):
    """A player chooses a starting bonus tile (in reverse turn order).


    Attributes
    ----------
    seat : int
        Who chooses.
    kind : str
        ``"bonus"``: the frame's tag, given by its class.

    Examples
    --------
    >>> BonusFrame(seat=1)
    BonusFrame(seat=1, kind='bonus')
    """

    seat: int
    kind: str = "bonus"


# --------------------------------------------------------------------------- chance

class RollFrame(NamedTuple):
    """Chance: a player's dice are rolled for the round.


    Attributes
    ----------
    seat : int
        Whose dice.
    kind : str
        ``"roll"``: the frame's tag, given by its class.

    Examples
    --------
    >>> RollFrame(seat=1)
    RollFrame(seat=1, kind='roll')
    """

    seat: int
    kind: str = "roll"


class RerollFrame(NamedTuple):
    """Chance: one die rerolled (the Penguin Park tile's reroll).


    Attributes
    ----------
    seat : int
        Whose die.
    kind : str
        ``"reroll"``: the frame's tag, given by its class.

    Examples
    --------
    >>> RerollFrame(seat=1)
    RerollFrame(seat=1, kind='reroll')
    """

    seat: int
    kind: str = "reroll"


class RevealFrame(NamedTuple):
    """Chance: the top card of a period deck is revealed into the bidding area.


    Attributes
    ----------
    period : int
        The period deck (1 or 2).
    kind : str
        ``"reveal"``: the frame's tag, given by its class.

    Examples
    --------
    >>> RevealFrame(period=1)
    RevealFrame(period=1, kind='reveal')
    """

    period: int
    kind: str = "reveal"


class DrawFrame(NamedTuple):
    """Chance: a card drawn for an offer (a reward card, the Post Office), then offered.


    Attributes
    ----------
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
    kind : str
        ``"draw"``: the frame's tag, given by its class.

    Examples
    --------
    >>> DrawFrame(seat=1, discount=2, need=3, drawn=(5,), period=4)
    DrawFrame(seat=1, discount=2, need=3, drawn=(5,), period=4, kind='draw')
    """

    seat: int
    discount: int
    need: int
    drawn: tuple
    period: int
    kind: str = "draw"


class TileFrame(NamedTuple):
    """Chance: a middle tile drawn at setup.


    Attributes
    ----------
    kind : str
        ``"tile"``: the frame's tag, given by its class.

    Examples
    --------
    >>> TileFrame()
    TileFrame(kind='tile')
    """

    kind: str = "tile"


class AdvFrame(NamedTuple):
    """Chance: an advanced card drawn onto an advanced space at setup.


    Attributes
    ----------
    kind : str
        ``"adv"``: the frame's tag, given by its class.

    Examples
    --------
    >>> AdvFrame()
    AdvFrame(kind='adv')
    """

    kind: str = "adv"


class OrderFrame(NamedTuple):
    """Chance: a random starting turn order.


    Attributes
    ----------
    kind : str
        ``"order"``: the frame's tag, given by its class.

    Examples
    --------
    >>> OrderFrame()
    OrderFrame(kind='order')
    """

    kind: str = "order"


#: frame kind -> its class
FRAME_CLASSES: dict[str, type] = {c._field_defaults["kind"]: c for c in (
    TurnFrame, DraftFrame, IncomeFrame, RewardFrame, BuyFrame, WinFrame, ChurchFrame, NekoFrame,
    SeaRewardFrame, ParkFrame, SmcFrame, MarketFrame, PostOfficeFrame, HospitalFrame, EndgameFrame,
    BonusFrame, RollFrame, RerollFrame, RevealFrame, DrawFrame, TileFrame, AdvFrame, OrderFrame)}
#: the frame classes
NAMED = frozenset(FRAME_CLASSES.values())


def as_frame(t: tuple) -> tuple:
    """The named frame of ``t``: a plain tagged tuple ``(kind, ...)``, or a frame.

    Parameters
    ----------
    t : tuple
        A frame: a plain tuple, its tag first then its fields in order, or a named frame.

    Returns
    -------
    tuple
        The frame as its kind's NamedTuple (``t`` itself when it is one).

    Examples
    --------
    >>> as_frame(("win", 1, 4)).space, as_frame(TurnFrame(seat=0)) == TurnFrame(seat=0)
    (4, True)
    """
    if type(t) in NAMED:
        return t
    return FRAME_CLASSES[t[0]](*t[1:])


def as_frames(frames) -> tuple:
    """A stack of frames with each one named (:func:`as_frame`); the same tuple when they
    all are already.

    Parameters
    ----------
    frames : iterable of tuple
        Frames, plain (tag first) or named.

    Returns
    -------
    tuple
        The named frames, in order.

    Examples
    --------
    >>> as_frames([("turn", 0), ("church", 1, 2, 1)])[-1].dice_left
    1
    """
    if type(frames) is tuple and all(type(f) in NAMED for f in frames):
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
    TurnFrame(seat=2, kind='turn')
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
    DraftFrame(seat=2, kind='draft')
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
    RollFrame(seat=2, kind='roll')
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
    IncomeFrame(seat=2, kind='income')
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
    RewardFrame(seat=2, kind='reward')
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
    MarketFrame(seat=2, kind='market')
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
    RevealFrame(period=2, kind='reveal')
    """
    return _REVEAL[period]
