"""End of a Round: resolve the bids, place a card into a ship lane, prepare the next round.

Rulebook "End of a Round" and "Place a card into your ship lane" (checklist sections 15-17:
NK-RES-01, NK-RES-02, NK-RES-03, NK-RES-04, NK-RES-05, NK-RES-06, NK-RES-07, NK-RES-08, NK-RES-09, NK-RES-10, NK-RES-11, NK-RES-12, NK-RES-13, NK-RES-14, NK-PLC-01, NK-PLC-02, NK-PLC-03, NK-PLC-04, NK-PLC-05, NK-PLC-06, NK-PLC-07, NK-PLC-08, NK-PLC-09, NK-PLC-10, NK-PREP-01, NK-PREP-02, NK-PREP-03, NK-PREP-04, NK-PREP-05, NK-PREP-06); worked examples NK-EX-17, NK-EX-18, NK-EX-19, NK-EX-20, NK-EX-21. Buying a card
outside the resolution (the "card" reward, the Post Office) uses the same offer and
placement. Tests: tests/games/neko/test_end_of_round.py.
"""
from __future__ import annotations


from fractions import Fraction


from .. import analysis
from ..state import DrawTwo, Pass, UsePostOffice, replace_area
from ..frames import (BuyFrame, ChurchFrame, DrawFrame, HospitalFrame, NekoFrame, ParkFrame, WinFrame,
                      reveal_frame)
from .base import Engine as NekoGame
from .base import empty_bids, period, profile, profile_is, set_card_at
from .base import DRAW_ACTIONS
from .base import (BUY_ACTIONS, PASS, ENDGAME, MARKET, PREP, action, insert_sorted, remove_one, changing_player,
                   push, pop)


#: the two steps of resolving one bidding space (``resolution_steps``)
OFFER, LOSERS = "offer", "losers"
from . import advanced, cards, hubs_ships, scoring


def resolution_steps(game: NekoGame) -> tuple:
    """The steps of the resolution in order: for each space in resolution order, its
    ``OFFER`` step, then its ``LOSERS`` step (NK-RES-02: each card completely before the
    next). ``state.resolution_step`` counts the steps taken during the resolution.

    Rules: NK-RES-02.
    """
    return tuple((space, stage) for space in game.res_order for stage in (OFFER, LOSERS))


def resolve_step(game: NekoGame, w) -> None:
    """Take the next step of the resolution (``w.resolution_step`` counts them, in the order of
    ``resolution_steps``): at a space's ``OFFER`` step an unbid card goes to the bottom
    and the winner is offered the card (or made to decline); at its ``LOSERS`` step the
    other bidders are paid in fish.

    Rules: NK-RES-01, NK-RES-02, NK-RES-03, NK-RES-06, NK-RES-08, NK-RES-09, NK-RES-10, NK-RES-13, NK-ADV-03, NK-ADV-04.
    """
    if w.resolution_step >= len(game.resolution_steps):
        w.phase, w.resolution_step, w.prep_step = PREP, 0, 0
        return
    space, stage = game.resolution_steps[w.resolution_step]
    card = analysis.card_on_space(game, w, space)
    w.resolution_step += 1
    who = winner(game, w, space)
    if stage == OFFER:
        # (an empty space or a card nobody bid on: its losers' step finds no bidder)
        if card < 0:
            return
        if who is None:
            if space < game.area_spaces:
                set_card_at(game, w, space, -1)
                to_bottom(game, w, card, period(game, w))
                w.events.append(("unbid", card))
            return
        if analysis.placements(game, w.players[who], card, cards.blue_bar_discount(game, w.players[who])):
            push(w, WinFrame(seat=who, space=space))
        else:
            decline(game, w, space, who, forced=True)
        return
    # the LOSERS step: the other bidders are compensated (NK-RES-09)
    for q in w.order:
        if q == who:
            continue
        dice = w.area.bids[space][q]
        if not dice:
            continue
        P = w.players[q]
        if cards.church_may_place(game, P):
            push(w, ChurchFrame(seat=q, space=space, dice_left=len(dice)))
            continue
        cards.bid_fish(game, w, q, len(dice))
    return


def winner(game: NekoGame, s, space: int) -> int | None:
    """The winner of a bidding space: the highest total, equal totals settled by
    :meth:`wins_tie` (:func:`..analysis.leader`); None when nobody bid.
    Rules: NK-RES-04, NK-RES-05."""
    return analysis.leader(game, s, space)


def wins_tie(game: NekoGame, s, p: int, q: int) -> bool:
    """Whether seat ``p``'s bid beats seat ``q``'s bid of the same total on a space: the
    player earlier in the current turn order wins (NK-RES-05).

    This is the one place of the tie rule: the resolution (:meth:`winner`) and the bots
    (:func:`..analysis.dice_to_lead`, :func:`..analysis.leads`) ask it, so a subclass
    that overrides it plays, and is played by the bots, under its own rule. For
    example, ties to the later bidder::

        class LaterWins(NekoGame):
            def wins_tie(self, s, p, q):
                return s.order.index(p) > s.order.index(q)

    Rules: NK-RES-05.
    """
    order = s.order
    return order.index(p) < order.index(q)


def decline(game: NekoGame, w, space: int, who: int, forced: bool = False) -> None:
    """The winner declines (or must): the card to the bottom of the period deck (an
    advanced card may stay).

    Rules: NK-RES-06, NK-RES-08, NK-ADV-04.
    """
    card = analysis.card_on_space(game, w, space)
    if not (space >= game.area_spaces and game.rules.declined_advanced_stays):
        set_card_at(game, w, space, -1)
        to_bottom(game, w, card, period(game, w))
    w.events.append(("declined", who, card, forced))


def prep_step(game: NekoGame, w) -> None:
    """Prepare the next round: dice back, round-scoped uses reset, the area refilled, then
    mid-game scoring after rounds 2 and 4, then the next round or the game's end.

    Rules: NK-PREP-01, NK-PREP-02, NK-PREP-03, NK-PREP-04, NK-PREP-05, NK-PREP-06, NK-ADS-05, NK-RND-03, NK-RND-04, NK-HUB-18, NK-PP-05.
    """
    r = game.rules
    if w.prep_step == 0:
        for p in range(game.player_count):
            m = changing_player(w, p)
            m.dice = m.hub_dice = m.card_dice = ()
            m.tile_adjust_used = m.tile_reroll_used = m.park_pickups_used = 0
            m.picked_up = m.hospital_used = m.harbour_city_used = False
            m.lighthouse = None
            m.church_used = 0
        w.area = replace_area(w.area, bids=empty_bids(game))
        w.discard = ()
        w.main = None
        w.prep_step = 1
    elif w.prep_step == 1:
        if w.round < r.rounds:
            if r.advanced_setup:
                if w.round == r.rounds // 2:
                    # the period-2 piles replace what is left of period 1 (NK-ADS-05)
                    w.removed = w.removed + w.area.piles
                    w.area = replace_area(w.area, piles=tuple(sorted(w.deck[1] + w.bottom[1])))
                    w.deck, w.bottom = ((), ()), ((), ())
            else:
                d = 1 if w.round < r.rounds // 2 else 2
                if fill_area(game, w, d):
                    return
        w.prep_step = 2
    elif w.prep_step == 2:
        if w.round in (r.rounds // 2, r.rounds):
            scoring.mid_scoring(game, w)
        w.prep_step = 3
    else:
        if w.round < r.rounds:
            w.round += 1
            w.phase, w.seats_done, w.prep_step = MARKET, 0, 0
        else:
            w.phase, w.seats_done, w.prep_step = ENDGAME, 0, 0


def fill_area(game: NekoGame, w, d: int) -> bool:
    """Reveal cards of deck ``d`` into the free bidding spaces; True while waiting on a draw."""
    while -1 in w.area.cards:
        if w.deck[d - 1]:
            push(w, reveal_frame(d))
            return True
        if w.bottom[d - 1]:
            b = list(w.bottom)
            card, b[d - 1] = b[d - 1][0], b[d - 1][1:]
            w.bottom = tuple(b)
            set_card_at(game, w, w.area.cards.index(-1), card)
            continue
        return False  # the deck ran out: the rest stays empty (NK-PREP-04)
    return False


def to_bottom(game: NekoGame, w, card: int, d: int) -> None:
    """A card to the bottom of period deck ``d`` (advanced setup: back into the piles).

    Rules: NK-RES-03, NK-RES-06.
    """
    if game.rules.advanced_setup:
        w.area = replace_area(w.area, piles=insert_sorted(w.area.piles, card))
        return
    b = list(w.bottom)
    b[d - 1] = b[d - 1] + (card,)
    w.bottom = tuple(b)


def take_from_deck(game: NekoGame, w, d: int, card: int) -> None:
    """Take a drawn card out of period deck ``d``."""
    deck = list(w.deck)
    deck[d - 1] = remove_one(deck[d - 1], card)
    w.deck = tuple(deck)


def deck_size(game: NekoGame, w, d: int) -> int:
    """The cards left in period deck ``d``, its bottom included."""
    return len(w.deck[d - 1]) + len(w.bottom[d - 1])


def apply_draw(game: NekoGame, w, top, a):
    """A card drawn: revealed into the area, or one of the cards a purchase draws.

    Rules: NK-PREP-03, NK-RWD-08, NK-PO-01.
    """
    pop(w)
    d = top.period
    take_from_deck(game, w, d, a.card)
    if top.kind == "reveal":
        set_card_at(game, w, w.area.cards.index(-1), a.card)
    else:
        draw_offer(game, w, top.seat, top.discount, top.need - 1, top.drawn + (a.card,), d)


def card_price(game: NekoGame, P, card: int, discount: int) -> int:
    """A card's price after a discount, never below ``min_card_price`` (NK-BB-02)."""
    cost = game.card[card].cost
    if discount <= 0:
        return cost
    return max(min(cost, game.rules.min_card_price), cost - discount)


def gap_coins(game: NekoGame, lane: tuple, slot: int) -> int:
    """Coins for the empty slots between ``slot`` and the harbour (NK-PLC-02).

    >>> import tabletop_nb
    >>> tabletop_nb.load_game("neko").gap_coins((-1, 7, -1, -1, -1), 3)
    2
    """
    # The empty slots counted in a plain loop (no generator; the bot asks this
    # for every empty slot it values)
    n = 0
    for c in lane[:slot]:
        if c < 0:
            n += 1
    return game.rules.gap_coins * n


def offer_discount(game: NekoGame, P, base: int) -> int:
    """The discount on a card bought outside the resolution (the card reward, the Post
    Office): the offer's own, plus the Blue Bar's under ``blue_bar_outside_resolution``.
    Rules: NK-BB-04, NK-PO-01, NK-PO-02, NK-RWD-09.
    """
    if game.rules.blue_bar_outside_resolution:
        return base + cards.blue_bar_discount(game, P)
    return base


def buy_actions(game: NekoGame, s, p, P, top) -> list:
    """The purchase decision's actions: a Buy per card and affordable placement, DrawTwo
    when offered, then Pass.

    Rules: NK-PLC-02, NK-RES-06, NK-RES-08, NK-RWD-08, NK-ADV-07, NK-RES-11.
    """
    out = []
    # the cards offered and the discount are analysis' (the bots ask the same)
    disc = analysis.purchase_discount(game, s, P)
    for card in analysis.offered_cards(game, s):
        for li, si, _ in analysis.placements(game, P, card, disc):
            out.append(BUY_ACTIONS[card, li, si])
    if top.kind != "win" and top.allow_draw:
        out.append(action(DrawTwo))
    out.append(PASS)
    return out


def apply_buy(game: NekoGame, w, top, a):
    """Buy a card: its price (discounts, gap coins) paid and the card placed at once; the
    other drawn cards go to the bottom.

    Rules: NK-RES-07, NK-PLC-01, NK-PLC-02, NK-PLC-03, NK-PLC-04, NK-RWD-08, NK-PO-01.
    """
    pop(w)
    p = top.seat
    m = changing_player(w, p)
    if top.kind == "win":
        space = top.space
        price = game.card_price(m, a.card, cards.blue_bar_discount(game, m))
        set_card_at(game, w, space, -1)
        during = True
    else:
        price = game.card_price(m, a.card, offer_discount(game, m, top.discount))
        if top.drawn:
            d = top.period
            for c in top.offered:
                if c != a.card:
                    to_bottom(game, w, c, d)
        else:
            take_from_display(game, w, a.card)
        during = False
    price += game.gap_coins(m.lanes[a.lane], a.slot)
    place(game, w, p, a.card, a.lane, a.slot, price, during)


def apply_pass(game: NekoGame, w, top, a):
    """Pass a purchase: drawn cards to the bottom; a won card declined.

    Rules: NK-RES-06, NK-RWD-08.
    """
    pop(w)
    k = top.kind
    if k == "buy":
        if top.drawn:
            d = top.period
            for c in top.offered:
                to_bottom(game, w, c, d)
        w.events.append(("pass", top.seat))
    elif k == "win":
        decline(game, w, top.space, top.seat)
    else:
        w.events.append(("pass", top.seat))


def place(game: NekoGame, w, p: int, card: int, lane: int, slot: int, price: int, during: bool) -> None:
    """Pay for a card and put it in a lane; its lightning effect fires once (NK-PLC).

    Rules: NK-FP-02, NK-HUB-15, NK-OB-02, NK-PLC-05, NK-PLC-06, NK-PLC-07, NK-PLC-08, NK-RES-12, NK-RWD-12, NK-PLC-10.
    """
    r = game.rules
    m = changing_player(w, p)
    m.coins -= price
    lanes = list(m.lanes)
    empty = lanes[lane][slot] < 0
    before = profile(game, m) if empty else None
    lanes[lane] = lanes[lane][:slot] + (card,) + lanes[lane][slot + 1:]
    m.lanes = tuple(lanes)
    m.cards = insert_sorted(m.cards, card)
    if before is not None:
        # The new lanes' profile from the old one and the card (``with_card``)
        profile_is(game, m.lanes, before.with_card(game, card, lane, slot))
    C = game.card[card]
    w.events.append(("place", p, card, lane, slot, price))
    if r.card_interference and C.interference:
        m.interference += C.interference
    e = C.effect
    if e == "variant":
        if C.kind == "ocean_bank":
            m.coins += r.set_value(cards.count_kind(game, m, "ocean_bank"), r.ocean_bank_income)
        elif C.kind == "fuel_platform":
            hubs_ships.gain(game, m, "fuel", r.set_value(cards.count_kind(game, m, "fuel_platform"), r.fuel_platform_income))
        elif C.kind == "penguin_park":
            if not m.park_variant_round:
                m.park_variant_round = w.round
            if w.discard and cards.park_spaces(game, w, p):
                push(w, ParkFrame(seat=p, may_pass=0))
    elif e == "research_station":
        cards.research(game, m)
    elif e == "hospital":
        if m.interference and r.hospital_tiles:
            push(w, HospitalFrame(seat=p))
    elif e == "neko_harbour":
        h = hubs_ships.hub_count(game, m)
        if h:
            push(w, NekoFrame(seat=p, hubs=h))
    elif e == "post_office":
        start_offer(game, w, p, r.post_office_discount)


def start_offer(game: NekoGame, w, p: int, discount: int) -> None:
    """Offer a card outside the resolution: from the display (advanced) or two drawn.

    Rules: NK-RWD-08, NK-RWD-10, NK-PO-01, NK-PO-02, NK-ADS-04.
    """
    r = game.rules
    d = period(game, w)
    if r.advanced_setup or r.advanced_cards:
        display = advanced.direct_cards(game, w)
        allow_draw = (not r.advanced_setup) and deck_size(game, w, d) > 0
        if display or allow_draw:
            push(w, BuyFrame(seat=p, discount=discount, offered=display, drawn=False,
                              allow_draw=allow_draw, period=d))
        return
    draw_offer(game, w, p, discount, 2, (), d)


def draw_offer(game: NekoGame, w, p, discount, need, drawn, d) -> None:
    """Draw up to ``need`` cards for an offer (from the bottom when the deck is out), then
    offer them.

    Rules: NK-RWD-08, NK-PO-01.
    """
    while need > 0:
        if w.deck[d - 1]:
            push(w, DrawFrame(seat=p, discount=discount, need=need, drawn=drawn, period=d))
            return
        if w.bottom[d - 1]:
            b = list(w.bottom)
            card, b[d - 1] = b[d - 1][0], b[d - 1][1:]
            w.bottom = tuple(b)
            drawn = drawn + (card,)
            need -= 1
            continue
        break
    if drawn:
        w.events.append(("drew", p, drawn))
        push(w, BuyFrame(seat=p, discount=discount, offered=drawn, drawn=True,
                          allow_draw=False, period=d))


def apply_drawtwo(game: NekoGame, w, top, a):
    """Draw two instead of buying from the display (advanced cards without the setup).

    Rules: NK-ADV-07.
    """
    pop(w)
    draw_offer(game, w, top.seat, top.discount, 2, (), top.period)


def take_from_display(game: NekoGame, w, card: int) -> None:
    """Take a bought card off the display (piles or bidding area).

    Rules: NK-ADV-07, NK-ADS-04.
    """
    if card in w.area.piles:
        w.area = replace_area(w.area, piles=remove_one(w.area.piles, card))
        return
    for sp in game.res_order:
        if analysis.card_on_space(game, w, sp) == card:
            set_card_at(game, w, sp, -1)
            return
    raise AssertionError(f"card {card} is not on display")


def buy_choices(game: NekoGame, s, top) -> list:
    """A BuyFrame's or WinFrame's actions: :func:`buy_actions` of its seat."""
    p = top.seat
    return buy_actions(game, s, p, s.players[p], top)


def deck_outcomes(game: NekoGame, s, top) -> list:
    """A card drawn from the frame's period deck: each card left, each as likely.

    Rules: NK-PREP-03.
    """
    ids = s.deck[top.period - 1]
    q = Fraction(1, len(ids))
    return [(DRAW_ACTIONS[c], q) for c in ids]


def sample_deck(game: NekoGame, s, top, rng):
    """One card of the frame's period deck drawn with ``rng`` (one number)."""
    ids = s.deck[top.period - 1]
    return DRAW_ACTIONS[ids[int(rng.random() * len(ids))]]


def apply_post(game: NekoGame, w, top, a):
    """Use the Post Office before Set Turn Order: its draw-and-buy.

    Rules: NK-TO-01, NK-PO-03.
    """
    pop(w)
    start_offer(game, w, top.seat, game.rules.post_office_discount)
    w.events.append(("post_office", top.seat))


def post_office_choices(game: NekoGame, s, top) -> list:
    """The Post Office: use it, or pass.

    Rules: NK-PO-03.
    """
    return [action(UsePostOffice), action(Pass)]
