"""3. Action Phase and On Bidding: turns, take a fish, bid, activate.

Rulebook "Play A Round", "3. Action Phase" and "On Bidding" (checklist sections 8-9:
NK-ACT-01, NK-ACT-02, NK-ACT-03, NK-ACT-04, NK-ACT-05, NK-ACT-06, NK-ACT-07, NK-ACT-08, NK-ACT-09, NK-ACT-10, NK-ACT-11, NK-ACT-12, NK-ACT-13, NK-BID-01, NK-BID-02, NK-BID-03, NK-BID-04, NK-BID-05, NK-BID-06, NK-BID-07, NK-BID-08, NK-BID-09, NK-BID-10, NK-BID-11); worked examples NK-EX-06, NK-EX-07, NK-EX-08. The bidding spaces and the
bids on them live here. Tests: tests/games/neko/test_action_phase.py.
"""
from __future__ import annotations


from .. import analysis
from ..frames import NekoFrame, SeaRewardFrame
from ..state import ACTIVATED, TOOK_FISH, ActivateHub, Bidding, NewBid, TookFish
from .base import Engine as NekoGame
from .base import acts_for, add_bid, distinct, profile
from .base import (FREE_KINDS, CARD_ACTIONS, END_TURN, action, insert_sorted, remove_one, changing_player, put,
                   push, pop)
from . import cards, free_actions, hubs_ships


def bid_spaces(game: NekoGame, s, p, P) -> list:
    """The spaces, in resolution order, where player ``p`` may bid as the turn's main
    action (any of their dice): :func:`..analysis.open_bid_spaces` for all their dice.
    Rules: NK-BID-03, NK-BID-04, NK-BID-09."""
    return analysis.open_bid_spaces(game, s, p, len(P.dice))


def turn_actions(game: NekoGame, s, p, P) -> list:
    """Every legal action of seat ``p``'s Action-phase turn: before the main action take fish,
    bid, start a new bid, activate a hub or card; after it, only more of the same fish or bid;
    the free actions around it (while the player has dice, or after the last one where
    the rules allow it), and EndTurn once the main action is made.

    Each kind of action is offered by one function, ``<action>_actions`` (below and in
    :mod:`.free_actions`), the only place its conditions are written; the legal list is
    theirs one after the other, in the order of ``NekoGame.turn_offers``, and
    :func:`turn_actions_of` asks one of them.

    Rules: NK-ACT-02, NK-ACT-03, NK-ACT-05 (each kind's own in its ``<action>_actions``).
    """
    out: list = []
    free = None
    for kind, offer in game.turn_offers.items():
        if kind in FREE_KINDS:
            if free is None:
                free = free_actions.free_offered(game, s, P)
            if not free:
                continue
        out += offer(game, s, p, P)
    return out


def turn_actions_of(game: NekoGame, s, kind) -> list:
    """The legal actions of this type at an Action-phase turn, in legal order (read
    only: the list may be shared): what :func:`turn_actions` takes from that kind's
    function. The greedy bot asks for the few kinds it weighs."""
    p = s.frames[-1].seat
    P = s.players[p]
    if kind in FREE_KINDS and not free_actions.free_offered(game, s, P):
        return []
    return game.turn_offers[kind](game, s, p, P)


def take_fish_actions(game: NekoGame, s, p, P) -> list:
    """The TakeFish actions of the turn (``turn_actions_of``).

    Rules: NK-ACT-06, NK-ACT-13.
    """
    main = s.main
    if (main is None and P.dice) or type(main) is TookFish:
        return acts_for(game, distinct(game, P.dice)).fish
    return []


def bid_actions(game: NekoGame, s, p, P) -> list:
    """The Bid actions of the turn: any die on an open space before the main action, more dice
    on the same space after it.

    Rules: NK-ACT-07, NK-BID-02, NK-BID-03, NK-BID-04, NK-BID-05.
    """
    main = s.main
    dice = P.dice
    if main is not None:
        return acts_for(game, distinct(game, dice)).bid[main.space] if type(main) is Bidding else []
    if not dice:
        return []
    va = acts_for(game, distinct(game, dice))
    out: list = []
    for sp in bid_spaces(game, s, p, P):
        out += va.bid[sp]
    return out


def new_bid_actions(game: NekoGame, s, p, P) -> list:
    """The NewBid actions of the turn (advanced setup, a free space in the area).

    Rules: NK-ADV-05, NK-ADV-06, NK-ADV-08.
    """
    if s.main is not None or not P.dice or not (game.rules.advanced_setup and -1 in s.area.cards):
        return []
    return [action(NewBid, c) for c in s.area.piles]


def activate_hub_actions(game: NekoGame, s, p, P) -> list:
    """The ActivateHub actions of the turn: a die equal to a vacant hub's multiplier.

    Rules: NK-ACT-08, NK-ACT-09, NK-HUB-04.
    """
    if s.main is not None or not P.dice:
        return []
    dice = P.dice
    return [action(ActivateHub, *key) for key, mult, _ in analysis.vacant_hubs(game, P) if mult in dice]


def activate_card_actions(game: NekoGame, s, p, P) -> list:
    """The ActivateCard actions of the turn (the cards' own die requirements).

    Rules: NK-ACT-08, NK-ACT-12.
    """
    if s.main is not None or not P.dice or not P.cards:
        return []
    out: list = []
    card_activations(game, P, distinct(game, P.dice), out)
    return out


def card_activations(game: NekoGame, P, vals, out: list) -> None:
    """Append the player's card activations with the dice values ``vals`` to ``out``.

    Rules: NK-ST-02.
    """
    act = profile(game, P).activatable
    if act:
        cused = [k for k, _ in P.card_dice]
        for li, si, ok in act:
            if (li, si) not in cused:
                for v in vals:
                    if v in ok:
                        out.append(CARD_ACTIONS[li, si, v])
    if game.rules.hospital_needs_die and P.interference and not P.hospital_used:
        # NK-HO-02 (b): any die on the Hospital's space removes a tile
        at = profile(game, P).effect_pos.get("hospital")
        if at is not None:
            out += [CARD_ACTIONS[at[0], at[1], v] for v in vals]


def end_turn_actions(game: NekoGame, s, p, P) -> list:
    """EndTurn, once the main action is made and the count rule is met.

    Rules: NK-ACT-02, NK-BID-04.
    """
    return [END_TURN] if s.main is not None and analysis.can_end_turn(game, s, p) else []


def apply_take_fish(game: NekoGame, w, top, a):
    """Take fish: one die to the discard area (value kept), one fish (freezer cap).

    Rules: NK-ACT-06, NK-CAP-02.
    """
    p = top.seat
    m = changing_player(w, p)
    n = game.fish_taken(w, p, a.value)
    m.dice = remove_one(m.dice, a.value)
    w.discard = insert_sorted(w.discard, a.value)
    got = hubs_ships.gain(game, m, "fish", n)
    w.main = TOOK_FISH
    w.events.append(("take_fish", p, a.value, got))


def fish_taken(game: NekoGame, s, seat: int, value: int) -> int:
    """The fish ``seat`` takes with the Take Fish action, spending a die of ``value``:
    one (the freezer's cap still applies).

    >>> import tabletop_nb
    >>> tabletop_nb.load_game("neko").fish_taken(None, 0, 6)
    1

    Rules: NK-ACT-06.
    """
    return 1


def apply_bid(game: NekoGame, w, top, a):
    """Bid: one die from the player's unused dice into their slot on the space.

    Rules: NK-ACT-07, NK-BID-01, NK-BID-02.
    """
    p = top.seat
    space, v = a.space, a.value
    m = changing_player(w, p)
    m.dice = remove_one(m.dice, v)
    add_bid(game, w, space, p, v)
    main = w.main
    placed = main.placed if type(main) is Bidding else 0
    w.main = Bidding(space=space, placed=placed + 1)
    w.events.append(("bid", p, analysis.card_on_space(game, w, space), v))


def apply_activate_card(game: NekoGame, w, top, a):
    """Activate a card with a die: its once-a-round effect (Ocean Bank and Fuel Platform
    variants, Research Station, Neko Harbour, Seaside Town reward, Hospital).

    Rules: NK-ACT-08, NK-ACT-09, NK-OB-03, NK-RS-02, NK-NH-02, NK-ST-05, NK-HO-02.
    """
    p = top.seat
    m = changing_player(w, p)
    r = game.rules
    m.dice = remove_one(m.dice, a.value)
    m.card_dice = m.card_dice + (((a.lane, a.slot), a.value),)
    w.main = ACTIVATED
    card = m.lanes[a.lane][a.slot]
    C = game.card[card]
    e = C.effect
    w.events.append(("card", p, card, a.value))
    if e == "variant" and C.kind == "ocean_bank":
        m.coins += r.set_value(cards.count_kind(game, m, "ocean_bank"), r.ocean_bank_income)
    elif e == "variant" and C.kind == "fuel_platform":
        hubs_ships.gain(game, m, "fuel", r.set_value(cards.count_kind(game, m, "fuel_platform"), r.fuel_platform_income))
    elif e == "research_station":
        cards.research(game, m)
    elif e == "neko_harbour":
        h = hubs_ships.hub_count(game, m)
        if h:
            push(w, NekoFrame(seat=p, hubs=h))
    elif e == "seaside_reward":
        push(w, SeaRewardFrame(seat=p, level=a.value))
    elif e == "hospital":  # NK-HO-02 (b), hospital_needs_die
        m.hospital_used = True
        m.interference -= 1
        w.events.append(("hospital", p, 1))


def apply_end_turn(game: NekoGame, w, top, a):
    """End the turn: per-turn limits reset, the next seat with dice moves.

    Rules: NK-ACT-01, NK-ACT-04, NK-FA-03.
    """
    pop(w)
    p = top.seat
    # ``put(w, p, picked_up=False)`` written out: the player is copied only when
    # the field is not already False (``put``'s test for a bool, without its call and
    # keywords; at nearly every end of a turn there is nothing to reset)
    if w.players[p].picked_up is not False:
        changing_player(w, p).picked_up = False
    if game.rules.park_pickup_per_turn:  # NK-PP-09 (i)(b)
        put(w, p, park_pickups_used=0)
    w.main = None
    w.turn = (w.turn + 1) % game.player_count
    w.events.append(("end_turn", p))


def turn_choices(game: NekoGame, s, top) -> list:
    """The legal actions of a TurnFrame: :func:`turn_actions` of its seat.

    Rules: NK-ACT-02.
    """
    p = top.seat
    return turn_actions(game, s, p, s.players[p])
