"""State and actions of A Pleasant Journey to Neko.

A state is a hashable value, a :func:`~tabletop_nb.core.draft.state_record` (a slots
dataclass equal and hashed by its fields, which the engine never changes once made: every
action makes a new one): the players (:class:`Player`), the decks, the bidding area with
every bid, the discard area and a stack of *frames*, the decisions and chance events the
game is waiting for (the top frame says who acts next). Change a state only by copying it
(:func:`replace_state`).

Positions in a ship lane are ``(lane, boundary, sub)``: ``boundary`` k (0..5) is the
place after k cards (a ship there has crossed k cards), ``sub`` j > 0 is the j-th
internal hub of the port in slot k (counting slots from 0). Hubs use the same keys.

Actions are small frozen dataclasses (equal only to actions of the same kind, so a
``Pick(3)`` is never mistaken for a ``TakeFish(3)``); they print readably and encode to
plain JSON with :func:`tabletop_nb.core.codec.to_plain`.
"""
from __future__ import annotations

from dataclasses import dataclass

from ...core.draft import evolver, state_record

__all__ = [
    "Player", "NekoState", "BiddingArea", "DiceDraft", "NO_DRAFT", "TookFish", "Bidding", "Activated", "TOOK_FISH", "ACTIVATED",
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
    "replace_area", "with_picks",
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


@state_record
class Player:
    """One player's board, lanes and round bookkeeping.

    Attributes
    ----------
    coins, fuel, goods, fish, interference, pp : int
        The player's supplies: coins (no cap), fuel and goods in the cabin (at most 8 together), fish in the freezer (at most 8), interference tiles and penguin
        points. A player starts with 8 coins and 2 fuel.
    harbours : int
        Harbours opened (1 to 5); there are as many lanes.
    lanes : tuple
        Per lane, the card ids in its 5 slots, -1 for an empty slot.
    ships : tuple
        The sorted ship positions ``(lane, boundary, sub)`` (see the module docstring).
        (The complete hubs follow from the lanes: ``analysis.hubs``.)
    cards : tuple
        Card ids the player owns.
    cargo : tuple
        The goods on each port as ``(card id, goods placed)``.
    dice : tuple
        The unused dice on the board (values).
    hub_dice, card_dice : tuple
        Dice placed this round on hubs and on cards' activation spaces, ``(key, value)`` pairs;
        other placed dice are in the bidding area or the discard area.
    bonus : str
        The starting bonus tile taken.
    park_variant_round : int
        The round the variant Penguin Park was gained (0: not owned).
    tile_adjust_used, tile_reroll_used, park_pickups_used : int
        Penguin Park's dice reward tiles and pickups used this round.
    picked_up : bool
        Whether the player took a die from the discard area this turn.
    lighthouse : tuple or None
        The hub Light House boosts this round.
    hospital_used, harbour_city_used : bool
        Whether Hospital's removal and Harbour City's discount were used
        this round.
    church_used : int
        Losing dice Church has put on hubs this round (at most 2).

    Examples
    --------
    >>> p = Player()
    >>> p.coins, p.fuel, p.harbours, p.ships
    (8, 2, 1, ((0, 0, 0),))
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


# --------------------------------------------------------------------------- the bidding area


@state_record
class BiddingArea:
    """The bidding area: the cards on its spaces and every die bid on them, with the cards
    the advanced game displays beside it.

    Spaces are counted as the bids and :class:`Bid` count them: the area's own spaces
    first, then the advanced cards' spaces (``analysis.card_on_space`` reads either).

    Attributes
    ----------
    cards : tuple
        The bidding area's spaces: a card id, or -1 for an empty space.
    adv_cards : tuple
        The advanced cards' spaces (advanced cards only): a card id, or -1.
    bids : tuple
        Per space (the area's, then the advanced ones), per seat, the dice values bid
        (sorted).
    piles : tuple
        Advanced setup: the period's cards on display, from which a new bid starts.
    adv_pool : tuple
        The advanced cards not drawn yet.

    Examples
    --------
    >>> BiddingArea(cards=(3, -1), adv_cards=(), bids=(((4,), ()), ((), ())), piles=(),
    ...             adv_pool=()).bids[0][0]
    (4,)
    """

    cards: tuple
    adv_cards: tuple
    bids: tuple
    piles: tuple
    adv_pool: tuple


# --------------------------------------------------------------------------- the draft


@state_record
class DiceDraft:
    """The dice draft of the Preparation phase: the hands of dice passed around.

    Attributes
    ----------
    hands : tuple
        The hand in front of each seat (die values, sorted); ``()`` outside the draft.
    picks : tuple
        This draft step's picks so far, in seat order (hidden from the other seats).

    Examples
    --------
    >>> DiceDraft(hands=((1, 3), (2, 6)), picks=(3,))
    DiceDraft(hands=((1, 3), (2, 6)), picks=(3,))
    """

    hands: tuple
    picks: tuple


#: no draft under way (a record is a value: one serves every state)
NO_DRAFT = DiceDraft(hands=(), picks=())


# --------------------------------------------------------------------------- the turn's main action
# (one main action per turn, the Action phase; ``NekoState.main`` is None until it is taken)


@state_record
class TookFish:
    """This turn's main action: Take Fish; more fish may follow with more dice.

    Examples
    --------
    >>> TookFish() == TOOK_FISH, TookFish() == Activated()
    (True, False)
    """


@state_record
class Bidding:
    """This turn's main action: a bid on one space; more dice may follow there.

    Attributes
    ----------
    space : int
        The space bid on (the bidding area's, then the advanced ones).
    placed : int
        The dice placed on it this turn (0 right after a new bid opened the space).

    Examples
    --------
    >>> Bidding(space=2, placed=1)
    Bidding(space=2, placed=1)
    """

    space: int
    placed: int


@state_record
class Activated:
    """This turn's main action: a hub or a card activated with a die.

    Examples
    --------
    >>> Activated()
    Activated()
    """


#: the main actions without fields, made once (a record is a value: one serves every state)
TOOK_FISH = TookFish()
ACTIVATED = Activated()


@state_record
class NekoState:
    """The whole table. See the module docstring for positions and frames.

    Attributes
    ----------
    players : tuple of Player
        One per seat.
    phase : int
        The phase of the round, an index of ``PHASES`` (``SETUP`` ... ``OVER``).
    round : int
        The round (0 while setting up, then 1 to 4).
    setup_step : int
        While setting up (``SETUP``), the step of setting up under way (0 to 3: the start
        order, the scoring tiles, the advanced cards, the first cards laid out); 0 after.
    resolution_step : int
        While resolving the bids (``RESOLVE``), the resolution's steps taken: the index in
        the engine's ``resolution_steps`` of the next one; 0 in the other phases.
    prep_step : int
        While preparing the next round (``PREP``), the step under way (0 to 3: dice back
        and round uses reset, the area refilled, mid-game scoring, the next round or the
        game's end); 0 in the other phases.
    order : tuple of int
        The turn order, first player first.
    turn : int
        In the Action phase, the index in ``order`` of the player on turn (0 in the other
        phases).
    seats_done : int
        In the phases played one seat at a time (the starting bonuses, the Morning Market,
        the roll, income, rewards, the Post Office, the Park dice, the game-end window), the
        seats that have had theirs; the roll goes in seat order, the others in turn order
        (the bonuses from the last player).
    frames : tuple
        The stack of decisions and chance events the game waits for; the top frame acts next.
        Each is a named record of :mod:`.frames` (``TurnFrame(seat=0, kind='turn')``, ...).
    deck, bottom : tuple
        Per period (1, 2): the shuffled deck's cards (unknown order, kept sorted) and the cards
        put under it, top first.
    area : BiddingArea
        The bidding area: the cards on its spaces and the advanced ones, the dice bid on
        each, and the advanced game's display and pool.
    discard : tuple
        The discard area's dice values, sorted.
    tiles : tuple
        The mid-game scoring tiles drawn: the first period's, then the second's.
    bonus_left : tuple
        Starting bonus tiles nobody has taken.
    draft : DiceDraft
        The dice draft: the hand in front of each seat and this step's picks.
    main : TookFish, Bidding, Activated or None
        This turn's main action, None until it is taken.
    removed : tuple
        Cards out of the game.
    final : tuple
        The final scoring per player (empty until the end).
    events : tuple
        What the last action did, for the view and the log.

    Examples
    --------
    >>> import tabletop_nb
    >>> s = tabletop_nb.load_game("neko", players=2).initial_state()
    >>> len(s.players), PHASES[s.phase], s.round
    (2, 'Setup', 0)
    """

    players: tuple
    phase: int
    round: int
    setup_step: int      # SETUP: the step of setting up under way (0 elsewhere)
    resolution_step: int   # RESOLVE: the resolution's steps taken (0 elsewhere)
    prep_step: int       # PREP: the step of preparing the next round under way (0 elsewhere)
    order: tuple
    turn: int            # Action phase: the index in ``order`` of the player on turn
    seats_done: int      # one-seat-at-a-time phases: the seats that have had their step
    frames: tuple
    deck: tuple          # per period (1, 2): the unshuffled ("unknown order") cards, sorted
    bottom: tuple        # per period: cards put under the deck, top first
    area: BiddingArea    # the bidding area: cards on the spaces, bids, display and pool
    discard: tuple       # the discard area (dice values, sorted)
    tiles: tuple         # mid-game scoring tiles drawn (ids): first period's, then second's
    bonus_left: tuple    # starting bonus tiles nobody has taken
    draft: DiceDraft     # the dice draft: hands and this step's picks
    main: TookFish | Bidding | Activated | None   # this turn's main action (None: not taken yet)
    removed: tuple       # cards out of the game
    final: tuple         # final scoring per player (empty until the end)
    events: tuple = ()


# --------------------------------------------------------------------------- chance


@dataclass(frozen=True, slots=True)
class StartOrder:
    """Chance: the starting turn order (``random_start_order``).

    Parameters
    ----------
    order : tuple of int
        The seats, first player first.

    Examples
    --------
    >>> StartOrder(order=(1, 0))
    StartOrder(order=(1, 0))
    """
    order: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class DrawTile:
    """Chance: the next mid-game scoring tile drawn.

    Parameters
    ----------
    tile : int
        The tile's id.

    Examples
    --------
    >>> DrawTile(tile=3)
    DrawTile(tile=3)
    """
    tile: int


@dataclass(frozen=True, slots=True)
class DrawAdvanced:
    """Chance: the next advanced card drawn for the board.

    Parameters
    ----------
    card : int
        The card's id.

    Examples
    --------
    >>> DrawAdvanced(card=80)
    DrawAdvanced(card=80)
    """
    card: int


@dataclass(frozen=True, slots=True)
class DrawCard:
    """Chance: the top card of the shuffled period deck (a reveal into the bidding area, a reward
    or Post Office draw).

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


@dataclass(frozen=True, slots=True)
class RollDice:
    """Chance: a player's roll of their dice at the start of Preparation.

    Parameters
    ----------
    dice : tuple of int
        The values rolled, sorted.

    Examples
    --------
    >>> RollDice(dice=(1, 2, 2, 4, 5, 6))
    RollDice(dice=(1, 2, 2, 4, 5, 6))
    """
    dice: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class Rolled:
    """Chance: a rerolled die's new value (Penguin Park's reroll tile).

    Parameters
    ----------
    value : int
        The new value, 1 to 6.

    Examples
    --------
    >>> Rolled(value=6)
    Rolled(value=6)
    """
    value: int


# --------------------------------------------------------------------------- decisions


@dataclass(frozen=True, slots=True)
class ChooseBonus:
    """Setup: take a starting bonus tile nobody has taken yet, last player first.

    Parameters
    ----------
    tile : str
        The tile: goods, coins, fish or fuel.

    Examples
    --------
    >>> ChooseBonus(tile="fish")
    ChooseBonus(tile='fish')
    """
    tile: str


@dataclass(frozen=True, slots=True)
class Sell:
    """Morning Market: sell one fish for 4 coins, 2 fuel or 1 good.

    Parameters
    ----------
    item : str
        What the fish buys: ``"coins"``, ``"fuel"`` or ``"goods"``.

    Examples
    --------
    >>> Sell(item="fuel")
    Sell(item='fuel')
    """
    item: str


@dataclass(frozen=True, slots=True)
class Done:
    """Finish the Morning Market or the game-end window.

    Examples
    --------
    >>> Done()
    Done()
    """


@dataclass(frozen=True, slots=True)
class Pick:
    """Draft: keep a die of this value from the hand in front of you.

    Parameters
    ----------
    value : int
        The die's value, 1 to 6.

    Examples
    --------
    >>> Pick(value=3)
    Pick(value=3)
    >>> Pick(3) == TakeFish(3)   # actions of different kinds are never equal
    False
    """
    value: int


@dataclass(frozen=True, slots=True)
class IncomeDie:
    """Obtain Income: discard a die of this value for as many coins.

    Parameters
    ----------
    value : int
        The die's value, and the coins it brings.

    Examples
    --------
    >>> IncomeDie(value=6)
    IncomeDie(value=6)
    """
    value: int


@dataclass(frozen=True, slots=True)
class CityIncome:
    """Southernmost City at income: take 5 coins or 2 fuel.

    Parameters
    ----------
    item : str
        ``"coins"`` or ``"fuel"``.

    Examples
    --------
    >>> CityIncome(item="coins")
    CityIncome(item='coins')
    """
    item: str


@dataclass(frozen=True, slots=True)
class Reward:
    """Get Rewards: take a reward of the dice reward chart at your lowest die's level or above; Seaside Town (D) takes one too.

    Parameters
    ----------
    reward : str
        The reward's name on the chart.

    Examples
    --------
    >>> Reward(reward="fish")
    Reward(reward='fish')
    """
    reward: str


@dataclass(frozen=True, slots=True)
class Buy:
    """Buy a card and place it in a slot of a lane, paying 1 coin per empty slot to its left.

    Parameters
    ----------
    card : int
        The card's id.
    lane, slot : int
        Where it goes, both counted from 0.

    Examples
    --------
    >>> Buy(card=7, lane=0, slot=1)
    Buy(card=7, lane=0, slot=1)
    """
    card: int
    lane: int
    slot: int


@dataclass(frozen=True, slots=True)
class DrawTwo:
    """Advanced game: draw 2 from the deck instead of buying from the display.

    Examples
    --------
    >>> DrawTwo()
    DrawTwo()
    """


@dataclass(frozen=True, slots=True)
class Pass:
    """Decline (a purchase, a won card, an optional effect).

    Examples
    --------
    >>> Pass()
    Pass()
    """


@dataclass(frozen=True, slots=True)
class UsePostOffice:
    """Set Turn Order: use the Post Office's draw-and-buy.

    Examples
    --------
    >>> UsePostOffice()
    UsePostOffice()
    """


@dataclass(frozen=True, slots=True)
class TakeFish:
    """Main action: discard a die of this value for a fish; repeat to add dice.

    Parameters
    ----------
    value : int
        The die's value (it goes to the discard area unchanged).

    Examples
    --------
    >>> TakeFish(value=1)
    TakeFish(value=1)
    """
    value: int


@dataclass(frozen=True, slots=True)
class Bid:
    """Main action: put a die of this value in your slot of a bidding space.

    Parameters
    ----------
    space : int
        The space: the bidding area's, then the advanced cards' (counted from 0).
    value : int
        The die's value.

    Examples
    --------
    >>> Bid(space=2, value=5)
    Bid(space=2, value=5)
    """
    space: int
    value: int


@dataclass(frozen=True, slots=True)
class NewBid:
    """Main action (advanced setup): start a bid on a displayed card in the next free space.

    Parameters
    ----------
    card : int
        The displayed card's id.

    Examples
    --------
    >>> NewBid(card=21)
    NewBid(card=21)
    """
    card: int


@dataclass(frozen=True, slots=True)
class ActivateHub:
    """Main action: place a die showing the hub's multiplier on it.

    Parameters
    ----------
    lane, boundary, sub : int
        The hub's position (see the module docstring).

    Examples
    --------
    >>> ActivateHub(lane=0, boundary=1, sub=0)
    ActivateHub(lane=0, boundary=1, sub=0)
    """
    lane: int
    boundary: int
    sub: int


@dataclass(frozen=True, slots=True)
class ActivateCard:
    """Main action: place a die of this value on a card's activation space.

    Parameters
    ----------
    lane, slot : int
        The card's place, both counted from 0.
    value : int
        The die's value.

    Examples
    --------
    >>> ActivateCard(lane=0, slot=2, value=4)
    ActivateCard(lane=0, slot=2, value=4)
    """
    lane: int
    slot: int
    value: int


@dataclass(frozen=True, slots=True)
class EndTurn:
    """End your Action-phase turn.

    Examples
    --------
    >>> EndTurn()
    EndTurn()
    """


@dataclass(frozen=True, slots=True)
class FishFor:
    """Free action a): one fish for 2 coins or 1 fuel.

    Parameters
    ----------
    item : str
        ``"coins"`` or ``"fuel"``.

    Examples
    --------
    >>> FishFor(item="coins")
    FishFor(item='coins')
    """
    item: str


@dataclass(frozen=True, slots=True)
class TakeDiscard:
    """Take a die from the discard area: free action b) for 3 fish (source ``"fish"``) or a Penguin Park pickup (source ``"park"``).

    Parameters
    ----------
    value : int
        The die's value (it keeps it).
    source : str
        ``"fish"`` or ``"park"``.

    Examples
    --------
    >>> TakeDiscard(value=6, source="fish")
    TakeDiscard(value=6, source='fish')
    """
    value: int
    source: str


@dataclass(frozen=True, slots=True)
class RemoveInterference:
    """Free action c): pay 5 coins to remove an interference tile.

    Examples
    --------
    >>> RemoveInterference()
    RemoveInterference()
    """


@dataclass(frozen=True, slots=True)
class BuyShip:
    """Free action d): buy a ship and put it at the start of a lane.

    Parameters
    ----------
    lane : int
        The lane, counted from 0.

    Examples
    --------
    >>> BuyShip(lane=1)
    BuyShip(lane=1)
    """
    lane: int


@dataclass(frozen=True, slots=True)
class OpenHarbour:
    """Free action e): open a harbour, a new empty lane.

    Examples
    --------
    >>> OpenHarbour()
    OpenHarbour()
    """


@dataclass(frozen=True, slots=True)
class Adjust:
    """Free action f): pay 1 fuel to turn a die by +1 or -1; 6 and 1 wrap.

    Parameters
    ----------
    value : int
        The die's value before the turn.
    delta : int
        +1 or -1.

    Examples
    --------
    >>> Adjust(value=6, delta=1)   # the 6 becomes a 1
    Adjust(value=6, delta=1)
    """
    value: int
    delta: int


@dataclass(frozen=True, slots=True)
class TileAdjust:
    """Penguin Park's +/-1 tile: turn a die by +1 or -1 for free.

    Parameters
    ----------
    value : int
        The die's value before the turn.
    delta : int
        +1 or -1.

    Examples
    --------
    >>> TileAdjust(value=1, delta=-1)
    TileAdjust(value=1, delta=-1)
    """
    value: int
    delta: int


@dataclass(frozen=True, slots=True)
class Reroll:
    """Penguin Park's reroll tile: roll a die of this value again; a :class:`Rolled`
    chance outcome follows.

    Parameters
    ----------
    value : int
        The die's value before the roll.

    Examples
    --------
    >>> Reroll(value=2)
    Reroll(value=2)
    """
    value: int


@dataclass(frozen=True, slots=True)
class MoveShip:
    """Free action g): pay 2 fuel to move a ship at this position to the next stop.

    Parameters
    ----------
    lane, boundary, sub : int
        The ship's position before the move (see the module docstring).

    Examples
    --------
    >>> MoveShip(lane=0, boundary=0, sub=0)
    MoveShip(lane=0, boundary=0, sub=0)
    """
    lane: int
    boundary: int
    sub: int


@dataclass(frozen=True, slots=True)
class LoadCargo:
    """Free action h): put a good from the cabin on the port in this slot.

    Parameters
    ----------
    lane, slot : int
        The port's place, both counted from 0.

    Examples
    --------
    >>> LoadCargo(lane=0, slot=3)
    LoadCargo(lane=0, slot=3)
    """
    lane: int
    slot: int


@dataclass(frozen=True, slots=True)
class Trade:
    """A Seaside Town trade.

    Parameters
    ----------
    trade : str
        One of ``TRADES``.

    Examples
    --------
    >>> Trade(trade=TRADES[0])
    Trade(trade='coins_to_fuel')
    """
    trade: str


@dataclass(frozen=True, slots=True)
class Lighthouse:
    """Light House: this hub gives 2 more units for the rest of the round.

    Parameters
    ----------
    lane, boundary, sub : int
        The hub's position.

    Examples
    --------
    >>> Lighthouse(lane=0, boundary=2, sub=0)
    Lighthouse(lane=0, boundary=2, sub=0)
    """
    lane: int
    boundary: int
    sub: int


@dataclass(frozen=True, slots=True)
class HospitalRemove:
    """Hospital: remove an interference tile for free, once per round.

    Examples
    --------
    >>> HospitalRemove()
    HospitalRemove()
    """


@dataclass(frozen=True, slots=True)
class NekoSplit:
    """Neko Harbour: take this much fuel (3 hubs each) and a coin per other hub.

    Parameters
    ----------
    fuel : int
        The fuel taken, from 0 to the hubs div 3.

    Examples
    --------
    >>> NekoSplit(fuel=1)
    NekoSplit(fuel=1)
    """
    fuel: int


@dataclass(frozen=True, slots=True)
class RemoveTiles:
    """Hospital on placement: remove this many interference tiles (up to 2).

    Parameters
    ----------
    count : int
        The tiles removed.

    Examples
    --------
    >>> RemoveTiles(count=2)
    RemoveTiles(count=2)
    """
    count: int


@dataclass(frozen=True, slots=True)
class ParkDie:
    """Variant Penguin Park: put a discarded die of this value in your slot of a space.

    Parameters
    ----------
    value : int
        The discarded die's value.
    space : int
        The bidding space, as in :class:`Bid`.

    Examples
    --------
    >>> ParkDie(value=5, space=0)
    ParkDie(value=5, space=0)
    """
    value: int
    space: int


@dataclass(frozen=True, slots=True)
class ChurchHub:
    """Church: put a losing die on this vacant hub, its value set to fit.

    Parameters
    ----------
    lane, boundary, sub : int
        The hub's position.

    Examples
    --------
    >>> ChurchHub(lane=0, boundary=1, sub=0)
    ChurchHub(lane=0, boundary=1, sub=0)
    """
    lane: int
    boundary: int
    sub: int


@dataclass(frozen=True, slots=True)
class ChurchFish:
    """Church: take fish for the rest of the losing dice on this card.

    Examples
    --------
    >>> ChurchFish()
    ChurchFish()
    """


#: :func:`tabletop_nb.core.draft.evolve` for NekoState (the class's plan found once)
_evolve_state = evolver(NekoState)

#: A copy of a :class:`BiddingArea` with the given fields changed (``replace_area(area,
#: bids=...)``; :func:`tabletop_nb.core.draft.evolver`)
replace_area = evolver(BiddingArea)
replace_area.__module__ = __name__
replace_area.__doc__ = """A copy of a BiddingArea with the given fields changed (``dataclasses.replace``;
    by :func:`tabletop_nb.core.draft.evolver`).

    Parameters
    ----------
    area : BiddingArea
        The area to copy.
    **changes
        The new values, by field name.

    Returns
    -------
    BiddingArea
        The copy; ``area`` is unchanged.

    Examples
    --------
    >>> a = BiddingArea(cards=(3, -1), adv_cards=(), bids=((), ()), piles=(), adv_pool=())
    >>> replace_area(a, cards=(3, 5)).cards, a.cards
    ((3, 5), (3, -1))
    """


def replace_state(s: NekoState, /, **changes) -> NekoState:
    """A copy of a NekoState with the given fields changed (``dataclasses.replace``; by
    :func:`tabletop_nb.core.draft.evolve`).

    Parameters
    ----------
    s : NekoState
        The state to copy.
    **changes
        The new values, by field name.

    Returns
    -------
    NekoState
        The copy; ``s`` is unchanged.

    Examples
    --------
    >>> import tabletop_nb
    >>> s = tabletop_nb.load_game("neko", players=2).initial_state()
    >>> replace_state(s, round=2).round, s.round
    (2, 0)
    """
    if "frames" in changes:   # plain tuples from the caller become named frames
        from .frames import as_frames
        changes["frames"] = as_frames(changes["frames"])
    return _evolve_state(s, **changes)


def with_picks(s: NekoState, picks: tuple) -> NekoState:
    """The state with other draft picks (what ``observation`` hides and ``determinize`` fills in,
    NK-DRF-05).

    Parameters
    ----------
    s : NekoState
        The state.
    picks : tuple
        This draft step's picks, in seat order.

    Returns
    -------
    NekoState
        A copy of ``s`` with those picks.

    Examples
    --------
    >>> import tabletop_nb
    >>> s = tabletop_nb.load_game("neko", players=2).initial_state()
    >>> with_picks(s, (3, 5)).draft.picks
    (3, 5)
    """
    return replace_state(s, draft=DiceDraft(hands=s.draft.hands, picks=picks))
