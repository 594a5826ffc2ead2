"""Course of the Game: a round's phases in order.

Rulebook sections "Course of the Game" and "Play A Round" (checklist section 2, NK-RND-01, NK-RND-02, NK-RND-03, NK-RND-04, NK-RND-05, NK-RND-06, NK-RND-07).
:func:`run` moves the round forward through every step that needs nobody's choice (income
payouts, turn order, resolving a card nobody bid on, scoring) until the next frame is
pushed: the step of each phase (``NekoGame.phase_steps``) is a function here or in its
section. ``NekoGame.apply_trusted`` resolves the top frame, then calls :func:`run`.
Tests: tests/games/neko/test_setup.py (NK-RND), tests/conformance.
"""
from __future__ import annotations

from fractions import Fraction
from itertools import permutations
from typing import Any

from ..frames import (AdvFrame, BonusFrame, EndgameFrame, OrderFrame, ParkFrame, PostOfficeFrame, TileFrame,
                      as_frames, income_frame, market_frame, reward_frame, roll_frame, turn_frame)
from ..state import NO_DRAFT, DiceDraft, NekoState, StartOrder, replace_area
from .base import Engine as NekoGame
from .base import (ACTION, BONUS, DRAFT, MARKET, OVER, PARK, POST, RESOLVE,
                   REWARD, ROLL, thaw, push, pop, finish)
from . import cards, end_of_round, preparation, scoring


def advance(game: NekoGame, s: NekoState) -> NekoState:
    """Run the steps that need no choice from a hand-built state up to the next decision.

    States made by ``apply`` are always advanced already; this is for tests and
    notebooks that build a position by hand (for example a round's end with bids in
    place and no frame) and let the rules take it from there.
    """
    w = thaw(s)
    w.frames = as_frames(w.frames)   # (a hand-built state may hold plain tuples)
    run(game, w)
    return finish(w)


def position(game: NekoGame, **table) -> NekoState:
    """A validated position built from what is on the table, advanced to its first
    decision.

    Keywords (all optional; what is not given is as at the start of a game): per seat
    (a list in seat order or {seat: value}): ``lanes`` (lists of card ids, -1 or None
    for an empty slot; one lane per harbour), ``ships`` ((lane, boundary, sub)
    positions), ``coins``, ``fuel``, ``goods``, ``fish``, ``interference``, ``pp``,
    ``dice`` (the unused dice; default: the seat's dice not bid), ``cargo``
    ((card, goods) pairs); ``area`` (the bidding-area cards; default: the first of the
    round's period deck), ``adv`` (advanced game), ``bids`` ({space: {seat: dice}}),
    ``discard`` (dice values), ``draft`` (the dice draft), ``removed``, ``tiles``, ``order``
    (the turn order), ``bonus`` (each seat's starting bonus tile), ``round``,
    ``phase`` ("market", "draft", "income", "reward", "action" or "resolve") and, in
    the action phase, ``seat`` (whose turn). Cards not placed are in their period's
    deck. Implemented in :mod:`.position`.

    Raises
    ------
    TabletopError
        For an impossible position, with the reason (a card in two places, more fuel
        and goods than the cabin holds, an unknown card, dice that do not add up, ...).

    Examples
    --------
    >>> import tabletop_nb
    >>> g = tabletop_nb.load_game("neko", players=2)
    >>> s = g.position(coins=[10, 3], dice={0: [2, 5], 1: [6]}, discard=[1, 1, 3, 3, 4, 5, 6, 6],
    ...                bids={0: {1: [4]}}, round=2, seat=1)
    >>> g.current_player(s), s.players[0].coins, s.area.bids[0][1]
    (1, 10, (4,))
    """
    from ..position import build_position
    return build_position(game, **table)


def order_outcomes(game: NekoGame, s: NekoState, top) -> list:
    """The start orders, each as likely (NK-SET-07)."""
    perms = list(permutations(range(game.player_count)))
    q = Fraction(1, len(perms))
    return [(StartOrder(p), q) for p in perms]


def sample_uniform(game: NekoGame, s: NekoState, top, rng) -> Any:
    """One of the frame's outcomes drawn with ``rng`` (for outcomes equally likely)."""
    outs = game.frame_choices[type(top)](game, s, top)
    return outs[int(rng.random() * len(outs))][0]


def run(game: NekoGame, w: NekoState) -> None:
    """Advance through every step that needs no choice, up to the next frame: the step of
    the current phase (``NekoGame.phase_steps``, one function per phase) again and again,
    until a step pushes a frame or the game is over.

    Rules: NK-RND-02.
    """
    steps = game.phase_steps
    while not w.frames and w.phase != OVER:
        steps[w.phase](game, w)


def next_seat(game: NekoGame, w) -> int | None:
    """The next seat of a step played one player at a time, in turn order from the first
    player (``w.seats_done`` counts the seats that have had theirs), or None when every
    seat has.

    Rules: NK-RND-05.
    """
    if w.seats_done < game.player_count:
        p = w.order[w.seats_done]
        w.seats_done += 1
        return p
    return None


def setup_step(game: NekoGame, w) -> None:
    """Setting up: the start order drawn (when random), the scoring tiles and the advanced
    cards drawn, then the first period's cards laid out; then the starting bonuses.

    Rules: NK-SET-03, NK-SET-05, NK-SET-07, NK-ADS-01.
    """
    if w.setup_step == 0:
        w.setup_step = 1
        if game.rules.random_start_order:
            push(w, OrderFrame())
    elif w.setup_step == 1:
        if len(w.tiles) < 2 * game.per_period:
            push(w, TileFrame())
        else:
            w.setup_step = 2
    elif w.setup_step == 2:
        if -1 in w.area.adv_cards:
            push(w, AdvFrame())
        else:
            w.removed = w.removed + w.area.adv_pool
            w.area = replace_area(w.area, adv_pool=())
            w.setup_step = 3
    else:
        if game.rules.advanced_setup:
            w.area = replace_area(w.area, piles=w.deck[0])
            w.deck = ((), w.deck[1])
        elif end_of_round.fill_area(game, w, 1):
            return
        w.phase, w.seats_done, w.setup_step = BONUS, 0, 0


def bonus_step(game: NekoGame, w) -> None:
    """The starting bonus tiles, chosen in reverse turn order; then round 1's Morning
    Market.

    Rules: NK-SET-09.
    """
    N = game.player_count
    if w.seats_done < N:
        p = w.order[N - 1 - w.seats_done]
        w.seats_done += 1
        push(w, BonusFrame(seat=p))
    else:
        w.round, w.phase, w.seats_done = 1, MARKET, 0


def market_step(game: NekoGame, w) -> None:
    """The Morning Market, one seat at a time in turn order, for the seats with fish;
    then the roll.

    Rules: NK-MM-01, NK-MM-04.
    """
    p = next_seat(game, w)
    if p is None:
        w.phase, w.seats_done, w.draft = ROLL, 0, NO_DRAFT
    elif w.players[p].fish > 0:
        push(w, market_frame(p))


def roll_step(game: NekoGame, w) -> None:
    """Each seat's dice rolled for the draft, in seat order (``w.seats_done`` is the next
    seat); then the draft.

    Rules: NK-DRF-01.
    """
    if w.seats_done < game.player_count:
        push(w, roll_frame(w.seats_done))
        w.seats_done += 1
    else:
        w.phase = DRAFT
        w.draft = DiceDraft(hands=w.draft.hands, picks=())


def income_step(game: NekoGame, w) -> None:
    """Obtain Income, one seat at a time in turn order; then the rewards.

    Rules: NK-INC-01.
    """
    p = next_seat(game, w)
    if p is None:
        w.phase, w.seats_done = REWARD, 0
    else:
        push(w, income_frame(p))


def reward_step(game: NekoGame, w) -> None:
    """Get Rewards, one seat at a time in turn order; then the Post Office's use before
    the turn order is set.

    Rules: NK-RWD-02.
    """
    p = next_seat(game, w)
    if p is None:
        w.phase, w.seats_done = POST, 0
    else:
        push(w, reward_frame(p))


def post_step(game: NekoGame, w) -> None:
    """Post Office owners, in turn order, may draw and buy; then the turn order is set and
    the Action phase begins.

    Rules: NK-TO-01, NK-PO-03.
    """
    p = next_seat(game, w)
    if p is None:
        preparation.set_turn_order(game, w)
        w.phase, w.turn, w.seats_done, w.main = ACTION, 0, 0, None
    elif cards.owned_card(game, w.players[p], "post_office") is not None:
        push(w, PostOfficeFrame(seat=p))


def park_step(game: NekoGame, w) -> None:
    """Before resolution, owners of a variant Penguin Park gained in an earlier round may
    place a discarded die, in turn order; then the resolution.

    Rules: NK-RES-14, NK-PP-11.
    """
    p = next_seat(game, w)
    if p is None:
        w.phase, w.resolution_step = RESOLVE, 0
    else:
        P = w.players[p]
        if (P.park_variant_round and P.park_variant_round < w.round and w.discard
                and cards.park_spaces(game, w, p)):
            push(w, ParkFrame(seat=p, may_pass=1))


def endgame_step(game: NekoGame, w) -> None:
    """The game-end window, one seat at a time in turn order; then the final scoring, and
    the game is over.

    Rules: NK-END-01, NK-RND-04.
    """
    p = next_seat(game, w)
    if p is None:
        scoring.final_scoring(game, w)
        w.phase = OVER
    else:
        push(w, EndgameFrame(seat=p))


def action_step(game: NekoGame, w) -> None:
    """The next turn of the Action phase: the next seat in turn order with dice left,
    from the seat whose turn it is; the phase ends when nobody has dice (NK-ACT)."""
    N = game.player_count
    players, order, turn = w.players, w.order, w.turn
    for i in range(N):
        idx = (turn + i) % N
        p = order[idx]
        if players[p].dice:   # (``w.players[p]``, without the call)
            w.turn = idx
            push(w, turn_frame(p))
            return
    w.phase, w.turn, w.seats_done = PARK, 0, 0


def apply_done(game: NekoGame, w, top, a):
    """Done: the decision on top (market, game-end window) is over.

    Rules: NK-MM-01, NK-END-01.
    """
    pop(w)
