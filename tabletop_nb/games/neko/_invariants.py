"""The invariants of a Neko state (NK-INV): what must hold after every action.

``invariants`` is public as ``tabletop_nb.games.neko.invariants``; it lives in this module
so that ``position.py`` (which the engine asks for ``game.position``) can check the
positions it builds without importing the game package, which imports the engine.
"""
from __future__ import annotations

from collections import Counter

from .frames import as_frames
from .state import ACTION, DRAFT, INCOME, PARK, PHASES, POST, PREP, RESOLVE, REWARD, SETUP

__all__ = ["invariants"]

_DICE_PHASES = (DRAFT, INCOME, REWARD, POST, ACTION, PARK, RESOLVE)


def _every_card(rules) -> list[int]:
    key = id(rules.cards), id(rules.advanced_card_list)
    hit = _EVERY.get(key)
    if hit is None or hit[0] is not rules.cards:
        hit = _EVERY[key] = (rules.cards, sorted([c.id for c in rules.cards]
                                                 + [c.id for c in rules.advanced_card_list]))
    return hit[1]


_EVERY: dict = {}


def invariants(game, s) -> list[str]:
    """The broken invariants of a state (NK-INV); an empty list when all hold.

    Parameters
    ----------
    game : Game
        The game.
    s : State
        Any state of it.

    Returns
    -------
    list of str
        What is wrong, one sentence each.

    Examples
    --------
    >>> import tabletop_nb
    >>> g = tabletop_nb.load_game("neko", players=2)
    >>> invariants(g, g.initial_state())
    []

    Rules: NK-CAP-05, NK-INV-01, NK-INV-02, NK-INV-03, NK-INV-04, NK-INV-05, NK-INV-06, NK-INV-07, NK-INV-08.
    """
    r = game.rules
    bad: list[str] = []
    N = game.num_players
    # NK-INV-01: capacities and no negative resource
    for i, P in enumerate(s.players):
        for name in ("coins", "fuel", "goods", "fish", "interference"):
            if getattr(P, name) < 0:
                bad.append(f"player {i}: negative {name}")
        if P.fuel + P.goods > r.cabin_capacity:
            bad.append(f"player {i}: cabin holds {P.fuel + P.goods} > {r.cabin_capacity}")
        if P.fish > r.freezer_capacity:
            bad.append(f"player {i}: freezer holds {P.fish} > {r.freezer_capacity}")
    # NK-INV-02: every card in exactly one place
    where = [*s.deck[0], *s.deck[1], *s.bottom[0], *s.bottom[1], *s.area.piles, *s.area.adv_pool, *s.removed,
             *s.area.cards, *s.area.adv_cards]
    for P in s.players:
        where += P.cards
    frames = as_frames(s.frames)   # (plain tuples in a hand-built state)
    for f in frames:
        if f.kind == "buy" and f.drawn:
            where += f.offered
        elif f.kind == "draw":
            where += f.drawn
    where = sorted(c for c in where if c >= 0)
    every = _every_card(r)
    if where != every:
        seen = Counter(where)
        missing = set(every) - set(seen)
        twice = [c for c, n in seen.items() if n > 1]
        bad.append(f"cards not accounted for: missing {sorted(missing)}, twice {twice}")
    # NK-INV-03: every die in exactly one place
    dice = sum(len(h) for h in s.draft.hands) + len(s.discard)
    dice += sum(len(d) for row in s.area.bids for d in row)
    for P in s.players:
        dice += len(P.dice) + len(P.hub_dice) + len(P.card_dice)
    dice += sum(1 for f in frames if f.kind == "reroll")
    expected = r.dice_per_player * N if s.phase in _DICE_PHASES else None
    if s.phase == 3:  # ROLL: the seats rolled so far
        expected = r.dice_per_player * sum(1 for h in s.draft.hands if h)
    if s.phase not in _DICE_PHASES and s.phase != 3:
        expected = 0
    if dice != expected:
        bad.append(f"{dice} dice on the table, expected {expected}")
    # NK-INV-04..07: lanes, ships, dice on hubs, cargo
    for i, P in enumerate(s.players):
        if len(P.lanes) != P.harbours or not 1 <= P.harbours <= r.max_harbours:
            bad.append(f"player {i}: {len(P.lanes)} lanes for {P.harbours} harbours")
        if any(len(lane) != r.lane_slots for lane in P.lanes):
            bad.append(f"player {i}: a lane without {r.lane_slots} slots")
        per_lane = Counter(li for li, _, _ in P.ships)
        if any(n > P.harbours for n in per_lane.values()):
            bad.append(f"player {i}: more ships in a lane than harbours")
        if list(P.ships) != sorted(P.ships) or not P.ships:
            bad.append(f"player {i}: ships not sorted or none")
        for li, b, j in P.ships:
            lane = P.lanes[li] if li < len(P.lanes) else ()
            if any(c < 0 for c in lane[:b]):
                bad.append(f"player {i}: a ship at {(li, b, j)} is beyond an empty slot")
            if j and (b >= len(lane) or lane[b] < 0 or j > len(game.card[lane[b]].hubs)):
                bad.append(f"player {i}: a ship at {(li, b, j)} is on no port hub")
        keys = [k for k, _ in P.hub_dice]
        if len(keys) != len(set(keys)):
            bad.append(f"player {i}: two dice on one hub")
        if any(game.hub_at(P, k) is None for k in keys):
            bad.append(f"player {i}: a die on a half-hub")
        ckeys = [k for k, _ in P.card_dice]
        if len(ckeys) != len(set(ckeys)):
            bad.append(f"player {i}: two dice on one card")
        for card, n in P.cargo:
            if n > len(game.card[card].cargo) or card not in P.cards:
                bad.append(f"player {i}: cargo {n} on card {card}")
        owned = sorted(c for lane in P.lanes for c in lane if c >= 0)
        if owned != list(P.cards):
            bad.append(f"player {i}: card list does not match the lanes")
    # NK-INV-08: the turn order is a permutation
    if sorted(s.order) != list(range(N)):
        bad.append(f"turn order {s.order} is not a permutation")
    # the counters that follow that order (NK-ACT-01, NK-RND-05). ``turn`` names the player on
    # turn in the Action phase (the seat of its turn frame) and is 0 elsewhere; ``seats_done``
    # counts the seats a one-seat-at-a-time step has served, 0 to N.
    if not 0 <= s.turn < N or (s.turn and s.phase != ACTION):
        bad.append(f"turn {s.turn} is not an index of the turn order (0 outside the Action phase)")
    else:
        on_turn = [f.seat for f in frames if f.kind == "turn"]
        if on_turn and s.order[s.turn] != on_turn[0]:
            bad.append(f"turn {s.turn} names seat {s.order[s.turn]}, the turn is seat {on_turn[0]}'s")
    if not 0 <= s.seats_done <= N:
        bad.append(f"seats_done {s.seats_done} is not between 0 and {N}")
    # each phase with steps has its own counter (NK-SET-03, NK-RES-02, NK-PREP-01): one of
    # its phase's steps, 0 in every other phase
    for name, phase, last in (("setup_step", SETUP, 3), ("resolution_step", RESOLVE, len(game.resolution_steps)),
                              ("prep_step", PREP, 3)):
        v = getattr(s, name)
        if not 0 <= v <= last or (v and s.phase != phase):
            bad.append(f"{name} {v} is not a step of {PHASES[phase]} (0 to {last}, 0 outside it)")
    return bad
