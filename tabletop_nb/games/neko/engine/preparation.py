"""2. Preparation Phase: draft dice, obtain income, get rewards, set turn order.

Rulebook "Play A Round", "2. Preparation Phase" (checklist sections 4-7: NK-DRF-01, NK-DRF-02, NK-DRF-03, NK-DRF-04, NK-DRF-05, NK-DRF-06, NK-DRF-07, NK-DRF-08,
NK-INC-01, NK-INC-02, NK-INC-03, NK-INC-04, NK-INC-05, NK-INC-06, NK-INC-07, NK-INC-08, NK-RWD-01, NK-RWD-02, NK-RWD-03, NK-RWD-04, NK-RWD-05, NK-RWD-06, NK-RWD-07, NK-RWD-08, NK-RWD-09, NK-RWD-10, NK-RWD-11, NK-RWD-12, NK-TO-01, NK-TO-02, NK-TO-03, NK-TO-04, NK-TO-05, NK-TO-06); worked examples NK-EX-02, NK-EX-03, NK-EX-04, NK-EX-05. The roll of each
seat's dice is a chance node; the picks of one draft step are simultaneous.
Tests: tests/games/neko/test_preparation.py.
"""
from __future__ import annotations


from bisect import bisect_right


from ..frames import SmcFrame, draft_frame
from ..state import NO_DRAFT, DiceDraft
from .. import analysis
from .base import Engine as NekoGame
from .base import (REWARD_ACTIONS, INCOME, insert_sorted, remove_one, changing_player, push, pop)
from . import cards, end_of_round, hubs_ships


def apply_roll(game: NekoGame, w, top, a):
    """A seat's six dice rolled: the hand in front of it.

    Rules: NK-DRF-01.
    """
    pop(w)
    seat = top.seat
    hands = list(w.draft.hands) if w.draft.hands else [()] * game.player_count
    hands[seat] = tuple(a.dice)
    w.draft = DiceDraft(hands=tuple(hands), picks=w.draft.picks)
    w.events.append(("roll", seat, tuple(a.dice)))


def draft_step(game: NekoGame, w) -> None:
    """One draft step: every seat picks from the hand in front of it, then the hands pass on;
    the last die of each hand is kept without a choice.

    Rules: NK-DRF-02, NK-DRF-03, NK-DRF-05, NK-DRF-06, NK-DRF-07.
    """
    N = game.player_count
    hands, picks = w.draft.hands, w.draft.picks
    size = len(hands[0])
    if size <= 1:
        for seat in range(N):
            if hands[seat]:
                m = changing_player(w, seat)
                m.dice = insert_sorted(m.dice, hands[seat][0])
        w.draft = NO_DRAFT
        w.phase, w.seats_done = INCOME, 0
        w.events.append(("drafted",))
        return
    if len(picks) < N:
        push(w, draft_frame(len(picks)))
        return
    new: list[tuple | None] = [None] * N
    for seat in range(N):
        v = picks[seat]
        m = changing_player(w, seat)
        m.dice = insert_sorted(m.dice, v)
        new[(seat + 1) % N] = remove_one(hands[seat], v)
    w.events.append(("picks", picks))
    w.draft = DiceDraft(hands=tuple(new), picks=())


def apply_pick(game: NekoGame, w, top, a):
    """A seat's pick of the draft step (simultaneous: applied at the step's end).

    Rules: NK-DRF-02, NK-DRF-05.
    """
    pop(w)
    w.draft = DiceDraft(hands=w.draft.hands, picks=w.draft.picks + (a.value,))   # (``run``'s draft step asks the next seat)


def apply_income(game: NekoGame, w, top, a):
    """Income: the die discarded for its value in coins, then the income cards pay.

    Rules: NK-INC-01, NK-INC-02, NK-INC-03, NK-INC-04, NK-INC-06, NK-OB-01, NK-FP-01, NK-INC-05, NK-INC-08.
    """
    pop(w)
    p = top.seat
    r = game.rules
    m = changing_player(w, p)
    m.dice = remove_one(m.dice, a.value)
    w.discard = insert_sorted(w.discard, a.value)
    m.coins += a.value
    ob = cards.count_kind(game, m, "ocean_bank")
    fp = cards.count_kind(game, m, "fuel_platform")
    coins = r.set_value(ob, r.ocean_bank_income) if ob else 0
    fuel = r.set_value(fp, r.fuel_platform_income) if fp else 0
    m.coins += coins
    kept = hubs_ships.gain(game, m, "fuel", fuel)
    w.events.append(("income", p, a.value, coins, fuel, kept))
    if cards.owned_card(game, m, "southernmost_city") is not None:
        push(w, SmcFrame(seat=p))


def apply_reward(game: NekoGame, w, top, a):
    """The chosen reward is given.

    Rules: NK-RWD-02, NK-RWD-11.
    """
    pop(w)
    p = top.seat
    give_reward(game, w, p, a.reward)


def give_reward(game: NekoGame, w, p, reward: str) -> None:
    """Give a reward of the chart (caps apply; a card reward starts an offer).

    Rules: NK-RWD-04, NK-RWD-06, NK-RWD-07, NK-RWD-08.
    """
    m = changing_player(w, p)
    amount = next((rs.amount for rs in game.chart if rs.reward == reward), 0)
    w.events.append(("reward", p, reward))
    if reward == "coins":
        m.coins += amount
    elif reward in ("goods", "fish", "fuel"):
        hubs_ships.gain(game, m, reward, amount)
    elif reward == "interference":
        m.interference = max(0, m.interference - amount)
    elif reward == "card":
        end_of_round.start_offer(game, w, p, 0)


def reward_actions(game: NekoGame, s, P, ok) -> list:
    """The rewards the chart allows at the levels ``ok`` lets through.

    Rules: NK-RWD-01, NK-RWD-03, NK-RWD-06.
    """
    out = []
    seen = set()
    for rs in game.chart:
        if not ok(rs.level) or rs.reward in seen:
            continue
        if rs.reward == "interference" and not P.interference \
                and not game.rules.reward_remove_without_tiles:
            continue
        seen.add(rs.reward)
        out.append(REWARD_ACTIONS[rs.reward])
    if not out:  # every level filtered out (e.g. only "remove interference" and no tiles)
        out.append(REWARD_ACTIONS["none"])
    return out


def rewards_for(game: NekoGame, s, P, key: tuple, ok) -> list:
    """``reward_actions(s, P, ok)``, where ``key`` names the levels ``ok`` lets through.

    That list depends only on the reward chart and the rules (fixed per game),
    the levels let through and whether the player has interference tiles, so it is made
    once per ``key`` and that; the caller gets its own copy."""
    k = (key, not P.interference)
    got = game.reward_lists.get(k)
    if got is None:
        got = game.reward_lists[k] = tuple(reward_actions(game, s, P, ok))
    return list(got)


def set_turn_order(game: NekoGame, w) -> None:
    """Set the turn order by dice totals (ties: the earlier seat first); the first player
    takes an interference tile.

    Rules: NK-TO-02, NK-TO-03, NK-TO-04, NK-TO-05, NK-RND-07, NK-TO-06.
    """
    totals = [sum(w.players[p].dice) for p in range(game.player_count)]
    pos = {p: i for i, p in enumerate(w.order)}
    order = tuple(sorted(range(game.player_count), key=lambda p: (-totals[p], pos[p])))
    w.order = order
    changing_player(w, order[0]).interference += game.rules.first_player_interference
    w.events.append(("order", order, tuple(totals)))


def roll_outcomes(game: NekoGame, s, top) -> list:
    """A player's roll of their dice for the draft: each sorted hand and its chance.

    Rules: NK-DRF-01.
    """
    return list(game.rolls)


def sample_roll(game: NekoGame, s, top, rng):
    """One hand drawn with ``rng`` from :func:`roll_outcomes`' chances (one number)."""
    return game.rolls[bisect_right(game.roll_cum, rng.random())][0]


def draft_choices(game: NekoGame, s, top) -> list:
    """The draft: one Pick per die value in the seat's hand, in value order.

    Rules: NK-DRF-02, NK-DRF-04.
    """
    A: list = game.pick_by_value
    return [A[v] for v in sorted(set(s.draft.hands[top.seat]))]


def income_choices(game: NekoGame, s, top) -> list:
    """Obtain Income: one IncomeDie per die value the seat holds, in value order.

    Rules: NK-INC-01.
    """
    A: list = game.income_by_value
    return [A[v] for v in sorted(set(s.players[top.seat].dice))]


def reward_choices(game: NekoGame, s, top) -> list:
    """Get Rewards: the rewards at or above the seat's lowest die's level.

    Rules: NK-RWD-05.
    """
    P = s.players[top.seat]
    low = analysis.reward_level(P.dice)
    return rewards_for(game, s, P, ("reward", low), lambda lvl: analysis.reward_open(lvl, low))


def sea_reward_choices(game: NekoGame, s, top) -> list:
    """A sea reward: the rewards at or below the frame's level.

    Rules: NK-RWD-05.
    """
    level = top.level
    return rewards_for(game, s, s.players[top.seat], ("seareward", level), lambda lvl: lvl <= level)
