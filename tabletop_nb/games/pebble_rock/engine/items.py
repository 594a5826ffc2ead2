"""Item Cards: one item per turn, and what each of the seven does.

Rulebook "Item Cards" and "Optional: Use an Item card" (checklist section 14: PR-ITEM,
PR-ITEM-MAISY, -JAM, -SHELL, -SHARK, -CANNON, -UPG, -GEAR). Taking items from the Market is
in :mod:`.end_of_turn`. Tests: tests/games/pebble_rock/test_items.py.
"""
from __future__ import annotations

from typing import Any

from .. import analysis
from ..frames import (DieEffect, MeetCharacter, OfferReroll, PutCharacter, RerollDie,
                      ShedToCapacity)
from ..state import (MAISY, DiscardItem, DiscardPassenger, DiscardTreasure, KeepRoll,
                     Overboard, Player, Reroll, Shed, State, Table, UseItem, replace,
                     replace_player, replace_turn)
from . import characters, deliveries
from .base import ITEM_INDEX, bump, remove_one, with_player
from .base import Engine as PebbleRockGame


__all__ = ["passive_count", "capacity", "gear_bonus", "gears_bonus", "item_source", "discard_item",
           "item_actions", "anytime_actions", "use_item", "jam_sandwich", "maisy_item",
           "avoid_encounter", "reroll_options", "keep_roll",
           "reroll", "may_discard", "after_discard", "discard", "shed_options", "shed",
           "overboard"]


def passive_count(game: PebbleRockGame, s: State, p: Player, kind: str) -> int:
    """How many items of a kind held count now: one taken this turn does not yet, unless
    passive items work at once.

    Rules: PR-ITEM-UPG-03.

    Parameters
    ----------
    game : PebbleRockGame
        The game.
    s : State
        The state (only read).
    p : Player
        A player's board (an item taken this turn can hold back only the seat to move's).
    kind : str
        The item kind, e.g. ``"cargo_upgrade"`` or ``"fishing_gear"``.

    Examples
    --------
    >>> import tabletop_nb
    >>> game = tabletop_nb.load_game("pebble_rock", players=2, passive_items_at_once=False)
    >>> s = game.position(boats=[38, 39], items=[["fishing_gear"], []], step="move",
    ...                   dice="steady", roll=2, fresh_item="fishing_gear")
    >>> passive_count(game, s, s.players[0], "fishing_gear")
    0
    """
    n = p.items.count(kind)
    if n and not game.rules.passive_items_at_once and s.turn.fresh_item == kind \
            and p is s.players[s.seat]:
        n -= 1
    return n


def capacity(game: PebbleRockGame, s: State, seat: int) -> int:
    """Hold spaces of a seat now: the upgraded capacity with a Cargo Upgrade that counts
    (:func:`passive_count`), else the printed one (behind the hook
    :meth:`PebbleRockGame.capacity`).

    Rules: PR-SETUP-11, PR-ITEM-UPG-01.

    Parameters
    ----------
    game : PebbleRockGame
        The game.
    s : State
        The state (only read).
    seat : int
        The seat asked about.

    Examples
    --------
    >>> import tabletop_nb
    >>> game = tabletop_nb.load_game("pebble_rock", players=2)
    >>> s = game.position(boats=[38, 39], items=[["cargo_upgrade"], []])
    >>> capacity(game, s, 0), capacity(game, s, 1)
    (5, 4)
    """
    p = s.players[seat]
    r = game.rules
    if "cargo_upgrade" in p.items and passive_count(game, s, p, "cargo_upgrade"):
        return r.upgraded_capacity
    return r.cargo_capacity


def gear_bonus(game: PebbleRockGame, s: State, p: Player) -> int:
    """Extra fish a Fishing Gear gives on a fish roll (one Gear, or each, when they stack).

    Rules: PR-ITEM-GEAR-01, PR-ITEM-GEAR-02.

    Parameters
    ----------
    game : PebbleRockGame
        The game.
    s : State
        The state (only read).
    p : Player
        The board of the player who catches the fish.

    Examples
    --------
    >>> import tabletop_nb
    >>> game = tabletop_nb.load_game("pebble_rock", players=2)
    >>> s = game.position(boats=[38, 39], items=[["fishing_gear"], []])
    >>> gear_bonus(game, s, s.players[0]), gear_bonus(game, s, s.players[1])
    (1, 0)
    """
    n = passive_count(game, s, p, "fishing_gear") if "fishing_gear" in p.items else 0
    return gears_bonus(game, n)


def gears_bonus(game: PebbleRockGame, gears: int) -> int:
    """Extra fish ``gears`` Fishing Gears that count give on a fish roll: one Gear's
    bonus, or each one's when they stack (what :func:`gear_bonus` and the odds of
    :func:`~tabletop_nb.games.pebble_rock.odds.reach` add).

    Parameters
    ----------
    game : PebbleRockGame
        The game (its ``gear_bonus`` and ``gear_stacks``).
    gears : int
        Fishing Gears held that count now.

    Returns
    -------
    int
        Fish.

    Examples
    --------
    >>> import tabletop_nb
    >>> game = tabletop_nb.load_game("pebble_rock", players=2)
    >>> gears_bonus(game, 2), gears_bonus(game.with_rules(gear_stacks=False), 2)
    (2, 1)
    """
    return (gears if game.rules.gear_stacks else min(gears, 1)) * game.rules.gear_bonus


def item_source(t: Table) -> tuple:
    """The item counts a draw comes from: the deck, or the discard pile to be reshuffled
    when the deck is empty.

    Rules: PR-ITEM-07.

    Parameters
    ----------
    t : Table
        The cards and tokens off the players' boards.

    Returns
    -------
    tuple of int
        One count per item kind (``ITEM_INDEX`` order): ``t.item_deck`` or
        ``t.item_discard`` itself.

    Examples
    --------
    >>> import tabletop_nb
    >>> t = tabletop_nb.load_game("pebble_rock", players=2).initial_state().table
    >>> item_source(replace(t, item_deck=(0,) * 7, item_discard=(1,) * 7))
    (1, 1, 1, 1, 1, 1, 1)
    """
    return t.item_deck if any(t.item_deck) else t.item_discard


def discard_item(game: PebbleRockGame, s: State, p: Player, kind: str) -> tuple[Player, Table]:
    """The player without one item of ``kind`` and the table with it on the discard pile.

    Rules: PR-ITEM-06.

    Parameters
    ----------
    game : PebbleRockGame
        The game.
    s : State
        The state (only read).
    p : Player
        The board of the player who discards.
    kind : str
        The item kind discarded; the player must hold one.

    Returns
    -------
    tuple of (Player, Table)
        The new board and the new table.

    Examples
    --------
    >>> import tabletop_nb
    >>> game = tabletop_nb.load_game("pebble_rock", players=2)
    >>> s = game.position(boats=[38, 39], items=[["maisy"], []])
    >>> p, t = discard_item(game, s, s.players[0], "maisy")
    >>> p.items, sum(t.item_discard) - sum(s.table.item_discard)
    ((), 1)
    """
    items = remove_one(p.items, kind)
    t = s.table
    return (replace_player(p, items=items),
            replace(t, item_discard=bump(t.item_discard, ITEM_INDEX[kind], 1)))


def item_actions(game: PebbleRockGame, s: State, p: Player, pos: int, occ: set | None) -> list:
    """The items usable now during the move: the Jam Sandwich, and the Maisy item (Maisy put
    next to the boat, where the boat may stop); ``occ``: the spaces where it may not stop
    (None: not built yet).

    Rules: PR-ITEM-MAISY-01.

    Parameters
    ----------
    game : PebbleRockGame
        The game.
    s : State
        The state (only read).
    p : Player
        The moving player's board.
    pos : int
        The space the boat is on.
    occ : set of int or None
        The spaces where the boat may not stop (:func:`analysis.occupied`), or None when the
        caller has not built them yet.

    Examples
    --------
    >>> import tabletop_nb
    >>> game = tabletop_nb.load_game("pebble_rock", players=2)
    >>> s = game.position(boats=[38, 39], items=[["jam_sandwich"], []], step="move",
    ...                   dice="steady", roll=2)
    >>> item_actions(game, s, s.players[0], 38, None)
    [UseItem(item='jam_sandwich', space=-1)]
    """
    acts: list[UseItem] = []
    if not p.items:
        return acts
    if analysis.item_usable(game, s, "jam_sandwich"):
        acts.append(UseItem("jam_sandwich"))
    if analysis.item_usable(game, s, "maisy") and pos not in (occ if occ is not None else analysis.occupied(s, s.seat)):
        acts.extend(UseItem("maisy", sp) for sp in characters.adjacent_places(game, s, MAISY))
    return acts


def anytime_actions(game: PebbleRockGame, s: State, p: Player) -> list:
    """Actions allowed at any point of the turn under the rule switches: cargo overboard,
    an item or treasure discarded, and a passenger discarded when the hold is full.

    Rules: PR-PASS-07, PR-PASS-10, PR-ITEM-08, PR-TREAS-10.

    Parameters
    ----------
    game : PebbleRockGame
        The game.
    s : State
        The state (only read).
    p : Player
        The moving player's board (``s.players[s.seat]``).

    Examples
    --------
    >>> import tabletop_nb
    >>> game = tabletop_nb.load_game("pebble_rock", players=2, overboard_any_time=True)
    >>> s = game.position(boats=[38, 39], cargo=[2, 0])
    >>> anytime_actions(game, s, s.players[0])
    [Overboard()]
    """
    r = game.rules
    acts: list[Any] = []
    if r.overboard_any_time and p.cargo:
        acts.append(Overboard())
    if r.discard_items_any_time:
        for k in sorted(set(p.items)):
            if may_discard(game, s, p, k):
                acts.append(DiscardItem(k))
    if r.treasure_discard and p.treasures:
        acts.append(DiscardTreasure())
    if p.passengers and analysis.hold_room(game, s, s.seat) <= 0:
        # PR-PASS-07: make room for more cargo (poor customer service)
        acts.extend(DiscardPassenger(c) for c in p.passengers)
    return acts


def use_item(game: PebbleRockGame, w: State, a: UseItem) -> State:
    """Use an item (one a turn, :func:`analysis.item_usable`): it is discarded, the turn's
    item is used, and it acts: :func:`jam_sandwich`, :func:`maisy_item` or, at an encounter,
    :func:`avoid_encounter`.

    Rules: PR-ITEM-05.

    Parameters
    ----------
    game : PebbleRockGame
        The game.
    w : State
        The working state of this ``apply`` (:func:`.base.thaw`), changed and returned.
    a : UseItem
        The action played: use an Item card.

    Returns
    -------
    State
        The working state ``w`` with the rule played.

    Examples
    --------
    >>> import tabletop_nb
    >>> game = tabletop_nb.load_game("pebble_rock", players=2)
    >>> w = game.position(boats=[38, 39], items=[["jam_sandwich"], []], step="move",
    ...                   dice="steady", roll=2, movement=0)
    >>> w = use_item(game, w, UseItem("jam_sandwich"))
    >>> w.players[0].items, w.turn.item_used
    ((), True)
    """
    seat = w.seat
    p, w.table = discard_item(game, w, w.players[seat], a.item)
    w.players = with_player(w.players, seat, p)
    w.turn = replace_turn(w.turn, item_used=True)
    w.events += (("item", seat, a.item),)
    if a.item == "jam_sandwich":
        return jam_sandwich(game, w)
    if a.item == "maisy":
        return maisy_item(game, w, a.space)
    return avoid_encounter(game, w)


def jam_sandwich(game: PebbleRockGame, w: State) -> State:
    """The Jam Sandwich's extra movement (:func:`~..analysis.jam_steps`) is added.

    Parameters
    ----------
    game : PebbleRockGame
        The game.
    w : State
        The working state of this ``apply`` (:func:`.base.thaw`), changed and returned.

    Returns
    -------
    State
        The working state ``w`` with the rule played.

    Examples
    --------
    >>> import tabletop_nb
    >>> game = tabletop_nb.load_game("pebble_rock", players=2)
    >>> w = game.position(boats=[38, 39], step="move", dice="steady", roll=2, movement=0)
    >>> jam_sandwich(game, w).steps == game.rules.jam_bonus
    True
    """
    w.steps += analysis.jam_steps(game, w)
    return w


def maisy_item(game: PebbleRockGame, w: State, space: int) -> State:
    """The Maisy card puts Maisy on ``space`` next to the boat; she is then met (her cargo)
    if the rules say so and she was not met this turn.

    Rules: PR-ITEM-MAISY-02.

    Parameters
    ----------
    game : PebbleRockGame
        The game.
    w : State
        The working state of this ``apply`` (:func:`.base.thaw`), changed and returned.
    space : int
        The space chosen for Maisy (one of :func:`.characters.adjacent_places`).

    Returns
    -------
    State
        The working state ``w`` with the rule played.

    Examples
    --------
    >>> import tabletop_nb
    >>> game = tabletop_nb.load_game("pebble_rock", players=2)
    >>> w = game.position(boats=[38, 39], step="move", dice="steady", roll=2)
    >>> maisy_item(game, w, 29).chars[MAISY]
    29
    """
    w.chars = (space,) + w.chars[1:]
    if game.rules.maisy_item_gives_cargo and not analysis.has_met(w, MAISY):
        w.todo = (MeetCharacter(MAISY, "item"),) + w.todo
    return w


def avoid_encounter(game: PebbleRockGame, w: State) -> State:
    """Shark Repellent or Water Cannon at an encounter: nothing is taken, the character
    (not met, unless the rules count it) goes to any empty space next.

    Rules: PR-ITEM-SHARK-03.

    Parameters
    ----------
    game : PebbleRockGame
        The game.
    w : State
        The working state of this ``apply`` (:func:`.base.thaw`), changed and returned.

    Returns
    -------
    State
        The working state ``w`` with the rule played.

    Examples
    --------
    >>> import tabletop_nb
    >>> from ..frames import OfferAvoid
    >>> game = tabletop_nb.load_game("pebble_rock", players=2)
    >>> w = replace(game.position(boats=[38, 39]), todo=(OfferAvoid(1),))
    >>> avoid_encounter(game, w).todo
    (PutCharacter(character=1, how='anywhere'),)
    """
    c = w.todo[0].character
    t = w.turn
    if not game.rules.avoided_is_interaction:
        w.turn = replace_turn(t, met=t.met & ~(1 << c))
    w.todo = (PutCharacter(c, "anywhere"),) + w.todo[1:]
    return w


def reroll_options(game: PebbleRockGame, s: State, head: OfferReroll) -> list:
    """With a usable Lucky Shell after a roll: keep it, or reroll one of the dice just
    rolled.

    Rules: PR-ITEM-SHELL-01.

    Parameters
    ----------
    game : PebbleRockGame
        The game.
    s : State
        The state (only read).
    head : OfferReroll
        The decision at the head of ``s.todo``: the Lucky Shell may reroll a die just rolled.

    Returns
    -------
    list
        The actions on offer.

    Examples
    --------
    >>> import tabletop_nb
    >>> game = tabletop_nb.load_game("pebble_rock", players=2)
    >>> reroll_options(game, game.initial_state(), OfferReroll("jet", 2))
    [KeepRoll(), Reroll(die='movement')]
    """
    purpose = head.purpose
    keep = game.tables.keep_roll
    if purpose == "step2":
        return [keep, Reroll("movement"), Reroll("symbol")]
    if purpose == "jet":
        return [keep, Reroll("movement")]
    return [keep, Reroll("fish")]


def keep_roll(game: PebbleRockGame, w: State, a: KeepRoll) -> State:
    """Keep the roll without the Lucky Shell; its effect follows.

    Parameters
    ----------
    game : PebbleRockGame
        The game.
    w : State
        The working state of this ``apply`` (:func:`.base.thaw`), changed and returned.
    a : KeepRoll
        The action played: keep the roll just made (declining the Lucky Shell).

    Returns
    -------
    State
        The working state ``w`` with the rule played.

    Examples
    --------
    >>> import tabletop_nb
    >>> game = tabletop_nb.load_game("pebble_rock", players=2)
    >>> w = replace(game.position(boats=[38, 39]), todo=(OfferReroll("gain", 1),))
    >>> keep_roll(game, w, KeepRoll()).todo
    (DieEffect(purpose='gain', value=1),)
    """
    head = w.todo[0]
    if head.purpose == "step2":
        w.todo = w.todo[1:]
    else:
        w.todo = (DieEffect(head.purpose, head.value),) + w.todo[1:]
    return w


def reroll(game: PebbleRockGame, w: State, a: Reroll) -> State:
    """The Lucky Shell (used up, one item of the turn) rerolls the die chosen.

    Rules: PR-ITEM-SHELL-01.

    Parameters
    ----------
    game : PebbleRockGame
        The game.
    w : State
        The working state of this ``apply`` (:func:`.base.thaw`), changed and returned.
    a : Reroll
        The action played: use the Lucky Shell on the roll just made.

    Returns
    -------
    State
        The working state ``w`` with the rule played.

    Examples
    --------
    >>> import tabletop_nb
    >>> game = tabletop_nb.load_game("pebble_rock", players=2)
    >>> w = game.position(boats=[38, 39], items=[["lucky_shell"], []])
    >>> w = reroll(game, replace(w, todo=(OfferReroll("gain", 1),)), Reroll("fish"))
    >>> w.todo, w.players[0].items
    ((RerollDie(purpose='gain', die='fish'),), ())
    """
    head = w.todo[0]
    seat = w.seat
    p, w.table = discard_item(game, w, w.players[seat], "lucky_shell")
    w.players = with_player(w.players, seat, p)
    w.turn = replace_turn(w.turn, item_used=True)
    w.todo = (RerollDie(head.purpose, a.die),) + w.todo[1:]
    w.events += (("shell", seat, a.die),)
    return w


def may_discard(game: PebbleRockGame, s: State, p: Player, kind: str) -> bool:
    """Whether an item may be discarded: a Cargo Upgrade not while its extra space is in
    use, under ``upgrade_discard_when_full="refuse"``: not when the hold would then hold
    more tokens than :func:`~..analysis.capacity_after_discard` (the capacity hook asked of
    the state without it).

    Rules: PR-ITEM-UPG-02.

    Parameters
    ----------
    game : PebbleRockGame
        The game.
    s : State
        The state (only read).
    p : Player
        The board of the player who would discard.
    kind : str
        The item kind.

    Examples
    --------
    >>> import tabletop_nb
    >>> game = tabletop_nb.load_game("pebble_rock", players=2, upgrade_discard_when_full="refuse")
    >>> s = game.position(boats=[38, 39], cargo=[5, 0], items=[["cargo_upgrade"], []])
    >>> may_discard(game, s, s.players[0], "cargo_upgrade")
    False
    """
    if kind != "cargo_upgrade" or game.rules.upgrade_discard_when_full == "shed":
        return True
    return p.tokens <= analysis.capacity_after_discard(game, s, s.seat, kind)


def after_discard(game: PebbleRockGame, s: State, todo: tuple) -> tuple:
    """The queue after an item was discarded: the player sheds tokens first if the hold now
    holds more than its capacity (a Cargo Upgrade gone).

    Rules: PR-ITEM-UPG-02.

    Parameters
    ----------
    game : PebbleRockGame
        The game.
    s : State
        The state (only read).
    todo : tuple of Frame
        The queue as it would be without the shedding.

    Returns
    -------
    tuple of Frame
        The queue, with a ``ShedToCapacity`` first if the hold is too full.

    Examples
    --------
    >>> import tabletop_nb
    >>> game = tabletop_nb.load_game("pebble_rock", players=2)
    >>> s = game.position(boats=[38, 39], cargo=[4, 0])
    >>> after_discard(game, s, ())
    ()
    """
    if analysis.hold_room(game, s, s.seat) < 0:
        return (ShedToCapacity(),) + todo
    return todo


def discard(game: PebbleRockGame, w: State, a: DiscardItem) -> State:
    """Discard an item held (where the rules allow it).

    Parameters
    ----------
    game : PebbleRockGame
        The game.
    w : State
        The working state of this ``apply`` (:func:`.base.thaw`), changed and returned.
    a : DiscardItem
        The action played: discard an unused item (only under ``discard_items_any_time``).

    Returns
    -------
    State
        The working state ``w`` with the rule played.

    Examples
    --------
    >>> import tabletop_nb
    >>> game = tabletop_nb.load_game("pebble_rock", players=2, discard_items_any_time=True)
    >>> w = game.position(boats=[38, 39], items=[["maisy"], []])
    >>> discard(game, w, DiscardItem("maisy")).players[0].items
    ()
    """
    seat = w.seat
    p, w.table = discard_item(game, w, w.players[seat], a.item)
    w.players = with_player(w.players, seat, p)
    w.events += (("discard_item", seat, a.item),)
    w.todo = after_discard(game, w, w.todo)
    return w


def shed_options(game: PebbleRockGame, s: State, head: ShedToCapacity) -> list[Shed]:
    """Which token to lose when the hold is over capacity: cargo, else a passenger, else a
    treasure.

    Parameters
    ----------
    game : PebbleRockGame
        The game.
    s : State
        The state (only read).
    head : ShedToCapacity
        The decision at the head of ``s.todo``: lose tokens until the hold fits its capacity
        again.

    Returns
    -------
    list of Shed
        The actions on offer.

    Examples
    --------
    >>> import tabletop_nb
    >>> game = tabletop_nb.load_game("pebble_rock", players=2)
    >>> shed_options(game, game.position(boats=[38, 39], cargo=[3, 0]), ShedToCapacity())
    [Shed(kind='cargo', card=0)]
    """
    p = s.players[s.seat]
    acts = [Shed("cargo")] if p.cargo else []
    acts.extend(Shed("passenger", c) for c in p.passengers)
    if not acts:
        acts.append(Shed("treasure"))
    return acts


def shed(game: PebbleRockGame, w: State, a: Shed) -> State:
    """Lose the token chosen, until the hold fits its capacity (a lost passenger's card is
    lost; a treasure leaves the game).

    Rules: PR-ITEM-UPG-02.

    Parameters
    ----------
    game : PebbleRockGame
        The game.
    w : State
        The working state of this ``apply`` (:func:`.base.thaw`), changed and returned.
    a : Shed
        The action played: lose a token because the hold shrank (a Cargo Upgrade discarded).

    Returns
    -------
    State
        The working state ``w`` with the rule played.

    Examples
    --------
    >>> import tabletop_nb
    >>> game = tabletop_nb.load_game("pebble_rock", players=2)
    >>> w = game.position(boats=[38, 39], cargo=[4, 0])
    >>> w = shed(game, replace(w, todo=(ShedToCapacity(),)), Shed("cargo"))
    >>> w.players[0].cargo, w.todo
    (3, ())
    """
    seat = w.seat
    p = w.players[seat]
    table = w.table
    if a.kind == "cargo":
        p = replace_player(p, cargo=p.cargo - 1)
    elif a.kind == "passenger":
        p, table = deliveries.lose_passenger(p, table, a.card)
    else:
        p = replace_player(p, treasures=p.treasures[:-1])
        table = replace(table, treasures_gone=table.treasures_gone + 1)
    w.players = with_player(w.players, seat, p)
    w.table = table
    w.events += (("shed", seat, a.kind),)
    if analysis.hold_room(game, w, seat) >= 0:
        w.todo = w.todo[1:]
    return w


def overboard(game: PebbleRockGame, w: State, a: Overboard) -> State:
    """Throw a Cargo token overboard (any time, under ``overboard_any_time``).

    Parameters
    ----------
    game : PebbleRockGame
        The game.
    w : State
        The working state of this ``apply`` (:func:`.base.thaw`), changed and returned.
    a : Overboard
        The action played: throw a Cargo token overboard (only under ``overboard_any_time``).

    Returns
    -------
    State
        The working state ``w`` with the rule played.

    Examples
    --------
    >>> import tabletop_nb
    >>> game = tabletop_nb.load_game("pebble_rock", players=2, overboard_any_time=True)
    >>> overboard(game, game.position(boats=[38, 39], cargo=[2, 0]), Overboard()).players[0].cargo
    1
    """
    seat = w.seat
    p = w.players[seat]
    w.players = with_player(w.players, seat, replace_player(p, cargo=p.cargo - 1))
    w.events += (("overboard", seat),)
    return w
