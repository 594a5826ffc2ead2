"""State and actions of A Pleasant Journey to Neko.

A state is a frozen, hashable value: the players (:class:`Player`), the decks, the
bidding area with every bid, the discard area and a stack of *frames*, the decisions
and chance events the game is waiting for (the top frame says who acts next).

Positions in a ship lane are ``(lane, boundary, sub)``: ``boundary`` k (0..5) is the
place after k cards (a ship there has crossed k cards), ``sub`` j > 0 is the j-th
internal hub of the port in slot k (counting slots from 0). Hubs use the same keys.

Actions are small frozen dataclasses (equal only to actions of the same kind, so a
``Pick(3)`` is never mistaken for a ``TakeFish(3)``); they print readably and encode to
plain JSON with :func:`tabletop_nb.core.codec.to_plain`.
"""
from __future__ import annotations

from dataclasses import dataclass

from ...core.fastrecord import replacer

__all__ = [
    "Player", "NekoState",
    # chance outcomes
    "StartOrder", "DrawTile", "DrawAdvanced", "DrawCard", "RollDice", "Rolled",
    # decisions
    "ChooseBonus", "Sell", "Done", "Pick", "IncomeDie", "CityIncome", "Reward", "Buy", "DrawTwo",
    "Pass", "UsePostOffice", "TakeFish", "Bid", "NewBid", "ActivateHub", "ActivateCard", "EndTurn",
    "FishFor", "TakeDiscard", "RemoveInterference", "BuyShip", "OpenHarbour", "Adjust",
    "TileAdjust", "Reroll", "MoveShip", "LoadCargo", "Trade", "Lighthouse", "HospitalRemove",
    "NekoSplit", "RemoveTiles", "ParkDie", "ChurchHub", "ChurchFish",
    "CHANCE_FRAMES", "TRADES", "PHASES", "SETUP", "BONUS", "MARKET", "ROLL", "DRAFT", "INCOME",
    "REWARD", "POST", "ACTION", "PARK", "RESOLVE", "PREP", "ENDGAME", "OVER", "replace_state",
    "with_picks",
]

#: the phases of a round, as ``NekoState.phase`` holds them (NK-RND)
SETUP, BONUS, MARKET, ROLL, DRAFT, INCOME, REWARD, POST, ACTION, PARK, RESOLVE, PREP, ENDGAME, OVER = range(14)
PHASES = ("Setup", "Starting bonus", "Morning Market", "Roll", "Draft dice", "Obtain Income",
          "Get Rewards", "Set Turn Order", "Action", "Penguin Park dice", "Resolve bidding",
          "Prepare next round", "Game end", "Game over")

#: frames whose next step is a chance event (a draw or a roll)
CHANCE_FRAMES = frozenset({"order", "tile", "adv", "reveal", "draw", "roll", "reroll"})
#: Seaside Town trades: name -> (needs the low or the high card)
TRADES = ("coins_to_fuel", "fuel_to_goods", "fuel_to_coins", "goods_to_pp")


@dataclass(frozen=True, slots=True)
class Player:
    """One player's board, lanes and round bookkeeping.

    ``lanes`` holds card ids (-1 for an empty slot); ``ships`` the sorted ship
    positions; ``hubs`` the complete hubs of the lanes as ``(key, multiplier, item)``
    (derived from ``lanes``, kept for speed); ``cargo`` the goods on each port as
    ``(card id, goods placed)``. ``dice`` are the unused dice on the board; dice
    placed this round are in ``hub_dice`` / ``card_dice`` (``(key, value)`` pairs), in
    the bidding area or in the discard area.
    """

    coins: int = 8
    fuel: int = 2
    goods: int = 0
    fish: int = 0
    interference: int = 0
    pp: int = 0
    harbours: int = 1
    lanes: tuple = ((-1, -1, -1, -1, -1),)
    ships: tuple = ((0, 0, 0),)
    cards: tuple = ()
    hubs: tuple = ()
    cargo: tuple = ()
    dice: tuple = ()
    hub_dice: tuple = ()
    card_dice: tuple = ()
    bonus: str = ""
    park_variant_round: int = 0
    # round-scoped (reset when the round ends)
    tile_adjust_used: int = 0
    tile_reroll_used: int = 0
    park_pickups_used: int = 0
    picked_up: bool = False
    lighthouse: tuple | None = None
    hospital_used: bool = False
    harbour_city_used: bool = False
    church_used: int = 0


@dataclass(frozen=True, slots=True)
class NekoState:
    """The whole table. See the module docstring for positions and frames."""

    players: tuple
    phase: int
    round: int
    step: int
    order: tuple
    turn: int
    frames: tuple
    deck: tuple          # per period (1, 2): the unshuffled ("unknown order") cards, sorted
    bottom: tuple        # per period: cards put under the deck, top first
    piles: tuple         # advanced setup: the period's cards on display
    area: tuple          # bidding-area spaces: card id or -1
    adv: tuple           # advanced-card spaces: card id or -1
    adv_pool: tuple      # advanced cards not drawn
    bids: tuple          # per space (area, then advanced): per player the dice values
    discard: tuple       # the discard area (dice values, sorted)
    tiles: tuple         # mid-game scoring tiles drawn (ids): first period's, then second's
    bonus_left: tuple    # starting bonus tiles nobody has taken
    hands: tuple         # the draft: the hand in front of each seat
    picks: tuple         # the draft: this step's picks so far, in seat order (hidden)
    main: tuple          # this turn's main action: (), ("fish",), ("bid", space, placed), ("act",)
    removed: tuple       # cards out of the game
    final: tuple         # final scoring per player (empty until the end)
    events: tuple = ()


# --------------------------------------------------------------------------- chance


@dataclass(frozen=True, slots=True)
class StartOrder:
    """Chance: the starting turn order (``random_start_order``)."""
    order: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class DrawTile:
    """Chance: the next mid-game scoring tile drawn."""
    tile: int


@dataclass(frozen=True, slots=True)
class DrawAdvanced:
    """Chance: the next advanced card drawn for the board."""
    card: int


@dataclass(frozen=True, slots=True)
class DrawCard:
    """Chance: the top card of the shuffled period deck."""
    card: int


@dataclass(frozen=True, slots=True)
class RollDice:
    """Chance: a player's roll of their dice (sorted values)."""
    dice: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class Rolled:
    """Chance: a rerolled die's new value."""
    value: int


# --------------------------------------------------------------------------- decisions


@dataclass(frozen=True, slots=True)
class ChooseBonus:
    """Setup: take a starting bonus tile."""
    tile: str


@dataclass(frozen=True, slots=True)
class Sell:
    """Morning Market: sell one fish for coins, fuel or goods."""
    item: str


@dataclass(frozen=True, slots=True)
class Done:
    """Finish the Morning Market or the game-end window."""


@dataclass(frozen=True, slots=True)
class Pick:
    """Draft: keep a die of this value from the hand in front of you."""
    value: int


@dataclass(frozen=True, slots=True)
class IncomeDie:
    """Obtain Income: discard a die of this value for as many coins."""
    value: int


@dataclass(frozen=True, slots=True)
class CityIncome:
    """Southernmost City: take coins or fuel."""
    item: str


@dataclass(frozen=True, slots=True)
class Reward:
    """Take a reward of the dice reward chart."""
    reward: str


@dataclass(frozen=True, slots=True)
class Buy:
    """Buy a card and place it in a slot of a lane (0-based)."""
    card: int
    lane: int
    slot: int


@dataclass(frozen=True, slots=True)
class DrawTwo:
    """Advanced game: draw 2 from the deck instead of buying from the display."""


@dataclass(frozen=True, slots=True)
class Pass:
    """Decline (a purchase, a won card, an optional effect)."""


@dataclass(frozen=True, slots=True)
class UsePostOffice:
    """Set Turn Order: use the Post Office's draw-and-buy."""


@dataclass(frozen=True, slots=True)
class TakeFish:
    """Main action: discard a die of this value for a fish (repeat to add dice)."""
    value: int


@dataclass(frozen=True, slots=True)
class Bid:
    """Main action: put a die of this value in your slot of a bidding space."""
    space: int
    value: int


@dataclass(frozen=True, slots=True)
class NewBid:
    """Main action (advanced setup): start a bid on a displayed card in the next free space."""
    card: int


@dataclass(frozen=True, slots=True)
class ActivateHub:
    """Main action: place a die showing the hub's multiplier on it."""
    lane: int
    boundary: int
    sub: int


@dataclass(frozen=True, slots=True)
class ActivateCard:
    """Main action: place a die of this value on a card's activation space."""
    lane: int
    slot: int
    value: int


@dataclass(frozen=True, slots=True)
class EndTurn:
    """End your Action-phase turn."""


@dataclass(frozen=True, slots=True)
class FishFor:
    """Free action a): one fish for coins or fuel."""
    item: str


@dataclass(frozen=True, slots=True)
class TakeDiscard:
    """Free action b) (source "fish") or a Penguin Park pickup (source "park")."""
    value: int
    source: str


@dataclass(frozen=True, slots=True)
class RemoveInterference:
    """Free action c): pay coins to remove an interference tile."""


@dataclass(frozen=True, slots=True)
class BuyShip:
    """Free action d): buy a ship and put it at the start of a lane."""
    lane: int


@dataclass(frozen=True, slots=True)
class OpenHarbour:
    """Free action e): open a harbour (a new lane)."""


@dataclass(frozen=True, slots=True)
class Adjust:
    """Free action f): pay fuel to turn a die by +1 or -1 (6 and 1 wrap)."""
    value: int
    delta: int


@dataclass(frozen=True, slots=True)
class TileAdjust:
    """Penguin Park's +/-1 tile: turn a die by +1 or -1 for free."""
    value: int
    delta: int


@dataclass(frozen=True, slots=True)
class Reroll:
    """Penguin Park's reroll tile: roll a die of this value again."""
    value: int


@dataclass(frozen=True, slots=True)
class MoveShip:
    """Free action g): pay fuel to move a ship at this position to the next stop."""
    lane: int
    boundary: int
    sub: int


@dataclass(frozen=True, slots=True)
class LoadCargo:
    """Free action h): put a good from the cabin on the port in this slot."""
    lane: int
    slot: int


@dataclass(frozen=True, slots=True)
class Trade:
    """A Seaside Town trade (one of ``TRADES``)."""
    trade: str


@dataclass(frozen=True, slots=True)
class Lighthouse:
    """Light House: this hub gives 2 more units for the rest of the round."""
    lane: int
    boundary: int
    sub: int


@dataclass(frozen=True, slots=True)
class HospitalRemove:
    """Hospital: remove an interference tile (once per round)."""


@dataclass(frozen=True, slots=True)
class NekoSplit:
    """Neko Harbour: take this much fuel (3 hubs each) and a coin per other hub."""
    fuel: int


@dataclass(frozen=True, slots=True)
class RemoveTiles:
    """Hospital on placement: remove this many interference tiles."""
    count: int


@dataclass(frozen=True, slots=True)
class ParkDie:
    """Variant Penguin Park: put a discarded die of this value in your slot of a space."""
    value: int
    space: int


@dataclass(frozen=True, slots=True)
class ChurchHub:
    """Church: put a losing die on this vacant hub (its value set to fit)."""
    lane: int
    boundary: int
    sub: int


@dataclass(frozen=True, slots=True)
class ChurchFish:
    """Church: take fish for the rest of the losing dice on this card."""


#: ``replace_state(s, **changes)``: ``dataclasses.replace`` for a NekoState, fast
#: (:mod:`tabletop_nb.core.fastrecord`)
replace_state = replacer(NekoState)


def with_picks(s: NekoState, picks: tuple) -> NekoState:
    """The state with other draft picks (what ``observation`` hides and ``determinize``
    fills in)."""
    return replace_state(s, picks=picks)
