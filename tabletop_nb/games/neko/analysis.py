"""Questions about a Neko position that the engine and the bots both ask.

Each function here is a pure query over a state (or a player) and the game: who leads a
bidding space and what it takes to lead it, whether the count rule lets a seat bid,
which placements a player can pay for, what the decision on top of the stack is. The
engine's rules call these very functions (bid resolution calls :func:`leader`, the
legal bids and the end of a turn call :func:`count_rule_allows`, a purchase lists
:func:`placements`), and the bots call them too, so a rule lives in one place: change it
here, or override the game method it asks (``NekoGame.wins_tie``), and the bots follow.

The tie rule itself is a method of the game, ``NekoGame.wins_tie`` (defined with the
resolution, in ``engine/end_of_round.py``): a subclass that overrides it changes
who wins a tied space at resolution and what the greedy bot bids to take the lead.

>>> import tabletop_nb
>>> from tabletop_nb.games.neko import analysis
>>> g = tabletop_nb.load_game("neko", players=2)
>>> s = g.position(dice={0: [2, 5], 1: [6]}, discard=[1, 1, 3, 3, 4, 5, 6, 6],
...                bids={0: {1: [4]}}, round=2, seat=0)
>>> analysis.leader(g, s, 0), analysis.dice_to_lead(g, s, 0, 0, (5, 2))
(1, [5])
"""
from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING, Any, NamedTuple, Protocol, Sequence

from ...core.draft import evolver
from .state import CHANCE_FRAMES, Bidding, Player as _Player

#: a copy of a Player with some fields changed (the class's evolver, made once)
_evolve_player = evolver(_Player)

if TYPE_CHECKING:
    from .rules import Card, Rules
    from .state import NekoState, Player


class NekoGame(Protocol):
    """What these queries ask of the game (:class:`tabletop_nb.games.neko.engine.NekoGame`;
    the engine imports this module, so it is named here by what it offers)."""

    area_spaces: int
    rules: Rules
    res_order: tuple[int, ...]
    card: list[Card]
    #: the declared cache of :func:`hubs` (``neko.hubs``: the complete hubs by lanes value)
    hub_lists: dict[tuple, tuple]

    def wins_tie(self, s: Any, p: int, q: int) -> bool: ...
    def card_price(self, P: Any, card: int, discount: int) -> int: ...
    def gap_coins(self, lane: tuple, slot: int) -> int: ...
    def blue_bar_discount(self, P: Any) -> int: ...
    def offer_discount(self, P: Any, base: int) -> int: ...

__all__ = ["TURN", "WIN", "BUY", "DRAFT_PICK", "INCOME_DIE", "Decision", "decision",
           "card_on_space", "bid_total", "most_dice", "count_rule_allows", "open_bid_spaces", "can_end_turn",
           "leads", "leader", "dice_to_lead", "placements", "lowest_price",
           "purchase_discount", "offered_cards", "won_space", "hub_takes_dice", "ship_lanes",
           "harbour_price_after", "travel_pp_after", "hubs_of", "hubs", "vacant_hubs",
           "adjusted", "reward_level", "reward_open"]

#: the kinds of decision the bots tell apart (the ``kind`` of :func:`decision`)
TURN, WIN, BUY, DRAFT_PICK, INCOME_DIE = "turn", "win", "buy", "draft", "income"


class Decision(NamedTuple):
    """The decision a state waits for.

    Attributes
    ----------
    kind : str
        ``"turn"`` (:data:`TURN`), ``"win"``, ``"buy"``, ``"draft"``, ``"income"``,
        ``"reward"``, ``"market"``, ... (the engine's frames).
    seat : int
        The seat that makes it (-1 for a chance event).

    Examples
    --------
    >>> Decision(TURN, 2).kind
    'turn'
    """

    kind: str
    seat: int


#: ``_decision((kind, seat))`` makes a Decision as its own constructor does (``tuple.__new__``)
_decision = partial(tuple.__new__, Decision)


def decision(s: NekoState) -> Decision | None:
    """The decision on top of the stack (None when the game is over).

    Parameters
    ----------
    s : NekoState
        The state.

    Returns
    -------
    Decision or None

    Examples
    --------
    >>> import tabletop_nb
    >>> g = tabletop_nb.load_game("neko", players=2)
    >>> decision(g.position(round=1, seat=1))
    Decision(kind='turn', seat=1)
    """
    if not s.frames:
        return None
    top = s.frames[-1]
    kind = top.kind
    return _decision((kind, -1 if kind in CHANCE_FRAMES else top.seat))


def card_on_space(game: NekoGame, s: Any, space: int) -> int:
    """The card on a bidding space (-1 when it is empty): the bidding area's spaces come
    first, then the advanced cards'.

    Parameters
    ----------
    game : NekoGame
        A Neko game (or a subclass: its ``wins_tie`` settles ties).
    s : NekoState
        The state.
    space : int
        A bidding space (``game.res_order`` lists them).

    Returns
    -------
    int

    Examples
    --------
    >>> import tabletop_nb
    >>> g = tabletop_nb.load_game("neko", players=2)
    >>> card_on_space(g, g.position(area=[3, 7, -1, -1, -1], round=1), 1)
    7

    Rules: NK-BID-09, NK-ADV-01.
    """
    S = game.area_spaces
    return s.area.cards[space] if space < S else s.area.adv_cards[space - S]


def bid_total(dice: tuple) -> int:
    """A seat's total on a card: the sum of the dice values in its slot.

    Parameters
    ----------
    dice : tuple of int
        The dice in the slot.

    Returns
    -------
    int

    Examples
    --------
    >>> bid_total((4, 2))
    6

    Rules: NK-RES-04.
    """
    return sum(dice)


def adjusted(value: int, delta: int) -> int:
    """A die value turned by ``delta`` (+1 or -1) with free action f) or a Penguin Park
    tile: 6 and 1 are adjacent, so 6 + 1 is 1 and 1 - 1 is 6. The engine's Adjust and
    TileAdjust, their words and :func:`..odds.steps` ask this.

    Parameters
    ----------
    value : int
        The die value, 1 to 6.
    delta : int
        +1 or -1.

    Returns
    -------
    int

    Examples
    --------
    >>> adjusted(6, 1), adjusted(1, -1), adjusted(3, 1)
    (1, 6, 4)

    Rules: NK-FA-15, NK-PP-03.
    """
    return (value - 1 + delta) % 6 + 1


def reward_level(dice: tuple) -> int:
    """The reward chart level that a hand's dice reach at Get Rewards: its lowest die;
    a hand without dice reaches only the top level, 6.

    Parameters
    ----------
    dice : tuple of int
        The player's dice.

    Returns
    -------
    int

    Examples
    --------
    >>> reward_level((5, 2, 4)), reward_level(())
    (2, 6)

    Rules: NK-RWD-03, NK-RWD-05.
    """
    return min(dice) if dice else 6


def reward_open(chart_level: int, level: int) -> bool:
    """Whether a reward chart space of ``chart_level`` is open at Get Rewards to a hand
    that reaches ``level`` (:func:`reward_level`): the spaces at or above it. The engine's
    Get Rewards offer and :mod:`..odds` ask this.

    Parameters
    ----------
    chart_level : int
        The chart space's level, 1 to 6.
    level : int
        The level the hand reaches.

    Returns
    -------
    bool

    Examples
    --------
    >>> reward_open(6, 2), reward_open(1, 2)
    (True, False)

    Rules: NK-RWD-03, NK-RWD-05.
    """
    return chart_level >= level


def most_dice(row: tuple) -> int:
    """The most dice in one slot of a space's row of bids.

    Parameters
    ----------
    row : tuple of tuple of int
        The space's bids, one slot per seat.

    Returns
    -------
    int

    Examples
    --------
    >>> most_dice(((), (1, 1, 1), (6,)))
    3

    Rules: NK-BID-04.
    """
    most = 0
    for d in row:
        if len(d) > most:
            most = len(d)
    return most


def count_rule_allows(row: tuple, p: int, added: int) -> bool:
    """Whether seat ``p``'s slot, with ``added`` more dice, holds at least as many dice as
    any slot of the row: the count rule (dice, not values; a row without dice allows any
    bid; the dice already in one's slot count).

    Parameters
    ----------
    row : tuple of tuple of int
        The space's bids, one slot per seat.
    p : int
        The bidding seat.
    added : int
        The dice it would add.

    Returns
    -------
    bool

    Examples
    --------
    >>> count_rule_allows(((), (1, 1, 1)), 0, 2), count_rule_allows(((), (1, 1, 1)), 0, 3)
    (False, True)

    Rules: NK-BID-03, NK-BID-04, NK-BID-05, NK-BID-06, NK-BID-07, NK-BID-10.
    """
    need = len(row[p]) + added
    for d in row:
        if len(d) > need:
            return False
    return True


def open_bid_spaces(game: NekoGame, s: Any, p: int, added: int) -> list[int]:
    """The bidding spaces, in resolution order, where seat ``p`` may bid ``added`` dice as
    its turn's main action: a card is there and :func:`count_rule_allows` the bid (a row
    without dice allows any, NK-BID-03, so only rows with dice are counted).

    Parameters
    ----------
    game : NekoGame
        A Neko game (``res_order``, the spaces in resolution order).
    s : NekoState
        The state.
    p : int
        The bidding seat.
    added : int
        The dice the bid would add.

    Returns
    -------
    list of int

    Examples
    --------
    >>> import tabletop_nb
    >>> g = tabletop_nb.load_game("neko", players=2)
    >>> s = g.position(dice={0: [2, 5], 1: [6]}, discard=[1, 1, 3, 3, 4, 6, 6],
    ...                bids={2: {1: [1, 1]}}, round=2, seat=0)
    >>> open_bid_spaces(g, s, 0, 1), open_bid_spaces(g, s, 0, 2)
    ([0, 1, 3, 4], [0, 1, 2, 3, 4])

    Rules: NK-BID-03, NK-BID-04, NK-BID-09.
    """
    S = game.area_spaces
    area, adv, bids = s.area.cards, s.area.adv_cards, s.area.bids
    out = []
    for sp in game.res_order:
        if (area[sp] if sp < S else adv[sp - S]) < 0:
            continue
        row = bids[sp]
        if any(row) and not count_rule_allows(row, p, added):
            continue
        out.append(sp)
    return out


def can_end_turn(game: NekoGame, s: Any, p: int) -> bool:
    """Whether seat ``p`` may end its turn now (its main action made): after a bid only
    with at least one die placed and the count rule met.

    Parameters
    ----------
    game : NekoGame
        A Neko game (or a subclass: its ``wins_tie`` settles ties).
    s : NekoState
        The state.
    p : int
        The seat whose turn it is.

    Returns
    -------
    bool

    Examples
    --------
    >>> import tabletop_nb
    >>> from tabletop_nb.games.neko.state import Bid
    >>> g = tabletop_nb.load_game("neko", players=2)
    >>> s = g.position(dice={0: [2, 5], 1: [6]}, discard=[1, 1, 3, 3, 4, 6, 6],
    ...                bids={2: {1: [1, 1]}}, round=2, seat=0)
    >>> can_end_turn(g, g.apply(s, Bid(2, 5)), 0)    # one die against two
    False

    Rules: NK-ACT-07, NK-BID-04.
    """
    main = s.main
    if type(main) is not Bidding:
        return True
    if main.placed < 1:
        return False
    return count_rule_allows(s.area.bids[main.space], p, 0)


def leads(game: NekoGame, s: Any, space: int, p: int, total: int | None = None) -> bool:
    """Whether seat ``p``'s bid on ``space`` beats every other bid: a higher total, or an
    equal one that wins the tie (``game.wins_tie``).

    Parameters
    ----------
    game : NekoGame
        A Neko game (or a subclass: its ``wins_tie`` settles ties).
    s : NekoState
        The state.
    space : int
        The bidding space.
    p : int
        The seat.
    total : int, optional
        Its total to judge (default: its total there now).

    Returns
    -------
    bool

    Examples
    --------
    >>> import tabletop_nb
    >>> g = tabletop_nb.load_game("neko", players=2)
    >>> s = g.position(dice={0: [2, 5], 1: [6]}, discard=[1, 1, 3, 3, 4, 5, 6, 6],
    ...                bids={0: {1: [4]}}, round=2, seat=0)
    >>> leads(g, s, 0, 1), leads(g, s, 0, 0, total=4), leads(g, s, 0, 0, total=5)
    (True, True, True)

    Rules: NK-RES-04, NK-RES-05.
    """
    row = s.area.bids[space]
    if total is None:
        total = bid_total(row[p])
    for q in s.order:
        if q == p or not row[q]:
            continue
        t = bid_total(row[q])
        if t > total or (t == total and not game.wins_tie(s, p, q)):
            return False
    return True


def leader(game: NekoGame, s: Any, space: int) -> int | None:
    """The seat that wins ``space`` as the bids stand: the highest total, equal totals
    settled by ``game.wins_tie``; None when nobody bid. The engine's resolution asks
    this (``game.winner``).

    Parameters
    ----------
    game : NekoGame
        A Neko game (or a subclass: its ``wins_tie`` settles ties).
    s : NekoState
        The state.
    space : int
        The bidding space.

    Returns
    -------
    int or None

    Examples
    --------
    >>> import tabletop_nb
    >>> g = tabletop_nb.load_game("neko", players=2)
    >>> s = g.position(dice={0: [2, 5], 1: [6]}, discard=[1, 1, 3, 3, 4, 5, 6, 6],
    ...                bids={0: {1: [4]}}, round=2, seat=0)
    >>> leader(g, s, 0), leader(g, s, 1)
    (1, None)

    Rules: NK-RES-04, NK-RES-05.
    """
    row = s.area.bids[space]
    best, who = -1, None
    for p in s.order:
        dice = row[p]
        if dice:
            t = bid_total(dice)
            if t > best or (t == best and who is not None and game.wins_tie(s, p, who)):
                best, who = t, p
    return who


def dice_to_lead(game: NekoGame, s: Any, p: int, space: int, dice_desc: Sequence[int],
                 most: int = 3) -> list[int] | None:
    """The fewest of seat ``p``'s dice, taken highest first from ``dice_desc``, that make
    its bid on ``space`` lead (:func:`leads`, ties by ``game.wins_tie``) and meet the count
    rule (``[]`` when it leads already); None when all of them would not, or when more
    than ``most`` dice are needed.

    Parameters
    ----------
    game : NekoGame
        A Neko game (or a subclass: its ``wins_tie`` settles ties).
    s : NekoState
        The state.
    p : int
        The bidding seat.
    space : int
        The bidding space.
    dice_desc : sequence of int
        The seat's dice, highest first.
    most : int, default 3
        The most dice worth spending.

    Returns
    -------
    list of int or None

    Examples
    --------
    >>> import tabletop_nb
    >>> g = tabletop_nb.load_game("neko", players=2)
    >>> s = g.position(dice={0: [3, 2], 1: [6]}, discard=[1, 1, 3, 4, 4, 5, 6, 6],
    ...                bids={0: {1: [5]}}, round=2, seat=0)
    >>> dice_to_lead(g, s, 0, 0, (3, 2))    # 3 + 2 ties 5: seat 0 is first in turn order
    [3, 2]

    Rules: NK-BID-04, NK-BID-05, NK-RES-05.
    """
    row = s.area.bids[space]
    mine = row[p]
    crowd = most_dice(row)
    if not crowd:
        return [dice_desc[0]] if dice_desc else []
    # the best other total, and the seats that have it (the ones a tie is settled with)
    best_other, rivals = 0, []
    for q in s.order:
        if q != p:
            d = row[q]
            if d:
                t = sum(d)
                if t > best_other:
                    best_other, rivals = t, [q]
                elif t == best_other:
                    rivals.append(q)

    tie: bool | None = None   # whether seat p wins a tie with every rival (asked once)
    need: list = []
    total = sum(mine)   # (bid_total)
    nm = len(mine)
    for v in dice_desc:
        if need and nm + len(need) >= crowd:
            if total > best_other:
                break
            if total == best_other:
                if tie is None:
                    tie = _wins_ties(game, s, p, rivals)
                if tie:
                    break
        need.append(v)
        total += v
    if nm + len(need) < crowd or total < best_other:
        return None
    if total == best_other:
        if tie is None:
            tie = _wins_ties(game, s, p, rivals)
        if not tie:
            return None
    if len(need) > most:
        return None
    return need


def _wins_ties(game: NekoGame, s: Any, p: int, rivals: list) -> bool:
    """Whether seat ``p`` wins a tie with each of ``rivals`` (``game.wins_tie``)."""
    for q in rivals:
        if not game.wins_tie(s, p, q):
            return False
    return True


def placements(game: NekoGame, P: Player, card: int, discount: int) -> list[tuple[int, int, int]]:
    """Every (lane, slot, total price) where player ``P`` can place ``card`` and pay for it:
    an empty slot, the card's price after ``discount`` (``game.card_price``) plus the gap
    coins for the empty slots between it and the harbour, no more than the player's coins.
    Lanes in order, slots left to right.

    Parameters
    ----------
    game : NekoGame
        A Neko game (or a subclass: its ``wins_tie`` settles ties).
    P : tabletop_nb.games.neko.state.Player
        The buyer.
    card : int
        The card's id.
    discount : int
        The discount on its price (Blue Bar, Post Office).

    Returns
    -------
    list of (int, int, int)

    Examples
    --------
    >>> import tabletop_nb
    >>> g = tabletop_nb.load_game("neko", players=2)
    >>> P = g.position(coins=[5, 10], lanes=[[[-1, 30, -1, -1, -1]], None], round=1).players[0]
    >>> placements(g, P, 0, 0)     # card 0 costs 4: the first slot, or the third for a gap coin
    [(0, 0, 4), (0, 2, 5)]

    Rules: NK-PLC-01, NK-PLC-02, NK-RES-07, NK-RES-08, NK-PLC-09.
    """
    price = game.card_price(P, card, discount)
    out: list = []
    coins = P.coins
    for li, lane in enumerate(P.lanes):
        for si, c in enumerate(lane):
            if c < 0:
                total = price + game.gap_coins(lane, si)
                if total <= coins:
                    out.append((li, si, total))
    return out


def lowest_price(game: NekoGame, P: Player, card: int, discount: int) -> int | None:
    """The lowest total price of :func:`placements` (None when there is none).

    Parameters
    ----------
    game : NekoGame
        A Neko game (or a subclass: its ``wins_tie`` settles ties).
    P : tabletop_nb.games.neko.state.Player
        The buyer.
    card : int
        The card's id.
    discount : int
        The discount on its price.

    Returns
    -------
    int or None

    Examples
    --------
    >>> import tabletop_nb
    >>> g = tabletop_nb.load_game("neko", players=2)
    >>> P = g.position(coins=[5, 10], lanes=[[[-1, 30, -1, -1, -1]], None], round=1).players[0]
    >>> lowest_price(g, P, 0, 0), lowest_price(g, P, 11, 0)    # card 11 costs 6
    (4, None)

    Rules: NK-PLC-02, NK-RES-08.
    """
    return min((total for _, _, total in placements(game, P, card, discount)), default=None)


def purchase_discount(game: NekoGame, s: Any, P: Player) -> int:
    """The discount on the card being bought at the decision on top: the Blue Bar's for a
    card won at resolution (NK-RES-07), the offer's own outside it (the card reward, the
    Post Office), plus the Blue Bar's under ``blue_bar_outside_resolution``.

    Parameters
    ----------
    game : NekoGame
        A Neko game (or a subclass: its ``wins_tie`` settles ties).
    s : NekoState
        The state.
        A state whose decision is a purchase (``"win"`` or ``"buy"``).
    P : tabletop_nb.games.neko.state.Player
        The buyer.

    Returns
    -------
    int

    Examples
    --------
    >>> import tabletop_nb
    >>> g = tabletop_nb.load_game("neko", players=2)
    >>> s = g.position(dice={0: [2, 5], 1: [6]}, discard=[1, 1, 3, 3, 4, 5, 6, 6],
    ...                bids={0: {1: [4]}}, round=2, seat=0)
    >>> g.blue_bar_discount(s.players[0])     # no Blue Bar: no discount at resolution
    0

    Rules: NK-BB-01, NK-BB-04.
    """
    top = s.frames[-1]
    if top.kind == WIN:
        return game.blue_bar_discount(P)
    return game.offer_discount(P, top.discount)


def offered_cards(game: NekoGame, s: Any) -> tuple[int, ...]:
    """The cards a purchase decision offers: the card won (``"win"``) or the cards drawn or
    on display (``"buy"``).

    Parameters
    ----------
    game : NekoGame
        A Neko game (or a subclass: its ``wins_tie`` settles ties).
    s : NekoState
        The state.
        A state whose decision is a purchase.

    Returns
    -------
    tuple of int

    Examples
    --------
    >>> import tabletop_nb
    >>> from tabletop_nb.games.neko.state import EndTurn
    >>> g = tabletop_nb.load_game("neko", players=2)
    >>> s = g.position(dice={0: [5], 1: []}, discard=[1] * 10, bids={0: {1: [1]}},
    ...                area=[3, 7, 9, 11, 13], round=1, seat=0)
    >>> s = g.apply(g.apply(s, g.legal_actions(s)[0]), EndTurn())
    >>> decision(s).kind, offered_cards(g, s)
    ('win', (3,))

    Rules: NK-RES-06.
    """
    top = s.frames[-1]
    if top.kind == WIN:
        return (card_on_space(game, s, top.space),)
    return top.offered


def won_space(s: Any) -> int:
    """The bidding space whose card the decision on top (a ``"win"``) is about.

    Parameters
    ----------
    s : NekoState
        The state.
        A state whose decision is a ``"win"``.

    Returns
    -------
    int

    Examples
    --------
    >>> import tabletop_nb
    >>> from tabletop_nb.games.neko.state import EndTurn
    >>> g = tabletop_nb.load_game("neko", players=2)
    >>> s = g.position(dice={0: [5], 1: []}, discard=[1] * 10, bids={0: {1: [1]}},
    ...                area=[3, 7, 9, 11, 13], round=1, seat=0)
    >>> won_space(g.apply(g.apply(s, g.legal_actions(s)[0]), EndTurn()))
    0
    """
    return s.frames[-1].space


# -- hubs, ships and harbours (the engine's legal lists and the bots' valuations) ---------

def hub_takes_dice(game: NekoGame, key: tuple) -> bool:
    """Whether the hub at ``key`` (lane, boundary, sub) may hold a die at all: a hub
    between two cards always, a port's own hub (``sub > 0``) only with
    ``rules.dice_on_port_hubs``. The engine's ActivateHub list and its vacant hubs ask
    this, and so does the greedy bot.

    Parameters
    ----------
    game : NekoGame
        The game (its rules).
    key : tuple
        A hub's key ``(lane, boundary, sub)``.

    Returns
    -------
    bool

    Examples
    --------
    >>> import tabletop_nb
    >>> g = tabletop_nb.load_game("neko", players=2)
    >>> hub_takes_dice(g, (0, 1, 0)), hub_takes_dice(g, (0, 1, 1)) == g.rules.dice_on_port_hubs
    (True, True)

    Rules: NK-ACT-09, NK-CH-04.
    """
    return not key[2] or game.rules.dice_on_port_hubs


def hubs_of(game: NekoGame, lanes: tuple) -> tuple:
    """The complete hubs of these lanes: two adjacent cards' facing half-hubs make a hub
    between them (its multiplier the right card's left half, its item the left card's
    right half), and a port's internal hubs are complete hubs of their own.

    Parameters
    ----------
    game : NekoGame
        The game (its cards).
    lanes : tuple
        A player's lanes: per lane, the card ids in its slots, -1 for an empty slot.

    Returns
    -------
    tuple of (key, multiplier, item)
        Sorted by key ``(lane, boundary, sub)``: ``sub`` 0 for the hub between the cards
        before and after ``boundary``, ``j`` > 0 for the j-th internal hub of the port in
        slot ``boundary``.

    Examples
    --------
    >>> import tabletop_nb
    >>> g = tabletop_nb.load_game("neko", players=2)
    >>> hubs_of(g, ((0, 14, -1, -1, -1),))   # an Ocean Bank, then a Port with one port hub
    (((0, 1, 0), 1, 'fuel'), ((0, 1, 1), 1, 'fuel'))

    Rules: NK-HUB-07, NK-HUB-02, NK-PORT-07.
    """
    out = []
    C = game.card
    for li, lane in enumerate(lanes):
        n = len(lane)
        for i, c in enumerate(lane):
            if c < 0:
                continue
            for j, h in enumerate(C[c].hubs, 1):
                out.append(((li, i, j), h.multiplier, h.item))
            if i + 1 < n and lane[i + 1] >= 0:
                out.append(((li, i + 1, 0), C[lane[i + 1]].left, C[c].right))
    return tuple(sorted(out))


def hubs(game: NekoGame, P: Player) -> tuple:
    """The player's complete hubs (:func:`hubs_of` their lanes), found once per lanes value
    in the game's declared cache ``neko.hubs`` (lanes change only when a card is placed or
    a harbour opened).

    Parameters
    ----------
    game : NekoGame
        The game.
    P : Player
        The player.

    Returns
    -------
    tuple of (key, multiplier, item)
        As :func:`hubs_of` gives them.

    Examples
    --------
    >>> import tabletop_nb
    >>> from tabletop_nb.games.neko.state import Player
    >>> g = tabletop_nb.load_game("neko", players=2)
    >>> hubs(g, Player(lanes=((0, 14, -1, -1, -1),))) == hubs_of(g, ((0, 14, -1, -1, -1),))
    True
    """
    lanes = P.lanes
    cache = game.hub_lists
    found = cache.get(lanes)
    if found is None:
        if len(cache) > 200_000:
            cache.clear()
        found = cache[lanes] = hubs_of(game, lanes)
    return found


def vacant_hubs(game: NekoGame, P: Player) -> list[tuple[tuple, int, str]]:
    """The player's hubs that may take a die now: no die on them this round, and a hub
    that holds dice at all (:func:`hub_takes_dice`). The engine's ActivateHub list (a die
    equal to the multiplier) and the Church's vacant hubs ask this, and so does the greedy
    bot.

    Parameters
    ----------
    game : NekoGame
        The game (its rules).
    P : Player
        The player.

    Returns
    -------
    list of (key, multiplier, item)
        In the order of :func:`hubs` (lane, boundary, sub).

    Examples
    --------
    >>> import tabletop_nb
    >>> from tabletop_nb.games.neko.state import Player
    >>> g = tabletop_nb.load_game("neko", players=2)
    >>> P = Player(lanes=((0, 14, -1, -1, -1),), hub_dice=(((0, 1, 0), 3),))
    >>> [key for key, _, _ in vacant_hubs(g, P)]   # the Port's own hub is still free
    [(0, 1, 1)]

    Rules: NK-ACT-09, NK-CH-01, NK-CH-04.
    """
    used = [k for k, _ in P.hub_dice]
    return [h for h in hubs(game, P) if h[0] not in used and hub_takes_dice(game, h[0])]


def ship_lanes(game: NekoGame, P: Player) -> list[int]:
    """The lanes a new ship may start in, the price aside: each lane that holds fewer ships
    than the player has harbours. With one harbour there is none: its one lane holds the
    player's first ship (a player always has one), so a second ship needs a second harbour.
    The engine's BuyShip list asks this (and the price, :meth:`NekoGame.ship_price`), and so
    does the greedy bot.

    Parameters
    ----------
    game : NekoGame
        The game.
    P : Player
        The player.

    Returns
    -------
    list of int
        Lane indices, in order.

    Examples
    --------
    >>> from tabletop_nb.games.neko.state import Player
    >>> import tabletop_nb
    >>> g = tabletop_nb.load_game("neko", players=2)
    >>> ship_lanes(g, Player(harbours=1, lanes=((-1,) * 6,), ships=((0, 0, 0),)))
    []
    >>> ship_lanes(g, Player(harbours=2, lanes=((-1,) * 6,) * 2, ships=((0, 0, 0), (0, 0, 0))))
    [1]

    Rules: NK-FA-07, NK-CAP-06.
    """
    counts = [0] * len(P.lanes)
    for li, _, _ in P.ships:
        counts[li] += 1
    return [li for li, n in enumerate(counts) if n < P.harbours]


def harbour_price_after(game: Any, P: Player, lane: int, slot: int, value: int) -> int:
    """The next harbour's price once the card at ``(lane, slot)`` (a Harbour City) holds a
    die of ``value``: :meth:`NekoGame.harbour_price` asked of the player with that die
    placed, so a house rule's price is the one valued.

    Parameters
    ----------
    game : NekoGame
        The game.
    P : Player
        The player (below the harbour limit).
    lane, slot : int
        The card's place.
    value : int
        The die's value.

    Returns
    -------
    int

    Examples
    --------
    >>> import tabletop_nb
    >>> from tabletop_nb.games.neko.state import Player
    >>> g = tabletop_nb.load_game("neko", players=2)
    >>> city = next(c for c in range(len(g.card)) if g.effect_of[c] == "harbour_city")
    >>> P = Player(harbours=1, lanes=((city,) + (-1,) * 5,), cards=(city,), ships=((0, 0, 0),))
    >>> g.harbour_price(P), harbour_price_after(g, P, 0, 0, 3) == -(-g.harbour_price(P) // 3)
    (5, True)

    Rules: NK-HC-01, NK-HC-02.
    """
    return game.harbour_price(_evolve_player(P, card_dice=P.card_dice + (((lane, slot), value),)))


def travel_pp_after(game: Any, P: Player, ship: tuple, to: tuple) -> int:
    """The ship travel PP the player would have with one ship moved from ``ship`` to
    ``to`` (both ``(lane, boundary, sub)``): :meth:`NekoGame.travel_pp` of the player
    with the move made.

    Parameters
    ----------
    game : NekoGame
        The game.
    P : Player
        The player; ``ship`` is one of its ships.
    ship, to : tuple
        The ship's place and where it goes.

    Returns
    -------
    int

    Examples
    --------
    >>> import tabletop_nb
    >>> from tabletop_nb.games.neko.state import Player
    >>> g = tabletop_nb.load_game("neko", players=2)
    >>> P = Player(harbours=1, lanes=((-1,) * 6,), ships=((0, 0, 0),))
    >>> travel_pp_after(g, P, (0, 0, 0), (0, 2, 0)) - g.travel_pp(P) == g.rules.ship_travel_pp[2] - g.rules.ship_travel_pp[0]
    True

    Rules: NK-TRV-01, NK-TRV-02, NK-TRV-03.
    """
    ships = list(P.ships)
    ships.remove(ship)
    ships.append(to)
    ships.sort()
    return game.travel_pp(_evolve_player(P, ships=tuple(ships)))
