"""Pebble Rock Delivery Service (Skybound Games, 2021) for 2-4 players.

>>> import tabletop_nb
>>> game = tabletop_nb.load_game("pebble_rock", players=4)
>>> game.rules.rounds, sorted(game.dice)
(10, ['danger', 'fish', 'resource', 'speedy', 'steady'])

The rulebook is ``shared/rules/pebble_rock_delivery_service.txt``; the components it does
not print are reconstructed in ``data/``; every reading of an ambiguous rule is in
``RULINGS.md`` (most are switches on the rules).
"""
from __future__ import annotations

from collections import Counter

from .engine import PebbleRockGame
from .rules import ITEM_KINDS, Rules

__all__ = ["load_game", "PebbleRockGame", "Rules", "CONFORMANCE", "invariants"]


def load_game(**overrides) -> PebbleRockGame:
    """The game with rule overrides (``players=2..4`` and any field of :class:`Rules`)."""
    return PebbleRockGame(**overrides)


#: the configurations the conformance suite plays: every player count, and the other
#: reading of every switch that changes what can happen
CONFORMANCE = [
    dict(players=2),
    dict(players=3),
    dict(players=4),
    dict(players=3, first_player=-1, youngest_player=2, winds_doubles="all",
         revisit_spaces=False, jetstream_when="stop", jetstream_on_start=True,
         symbol_is_interaction=False, empty_pass_is_interaction=False,
         token_spaces_are_empty=False, adjacent_character_may_stay=True,
         roberto_takes="treasure", refill_after_pickup=False, destination_blocks_row=True,
         deliver_all_treasures=False, roberto_treasure="returned", end_order="main_text"),
    dict(players=4, shared_docks_at_setup=True, secret_assignments=False,
         passenger_supply_limited=True, winds_doubles="die_and_jetstream", zero_step_move=False,
         start_space_counts=True, roberto_takes="passenger", overboard_any_time=True,
         treasure_beside_roberto_anytime=True, treasure_discard=True,
         passive_items_at_once=False, discard_items_any_time=True,
         maisy_item_gives_cargo=True, avoided_is_interaction=False,
         upgrade_discard_when_full="refuse", gear_stacks=False, dock_refill="any_number",
         assignment_check="any_time", lower_ties_by_fish=True, catch_up=False),
]


def invariants(game: PebbleRockGame, s) -> list[str]:
    """The broken invariants of a state (PR-INV-01..09); empty when all hold.

    >>> import tabletop_nb
    >>> game = tabletop_nb.load_game("pebble_rock", players=2)
    >>> invariants(game, game.initial_state())
    []
    """
    r = game.rules
    out = []
    n = game.num_players
    info = game.info
    for i, p in enumerate(s.players):
        if p.fish < 0:
            out.append(f"PR-INV-01: seat {i} has {p.fish} fish")
        cap = game.capacity(s, i)
        shedding = i == s.seat and s.todo and s.todo[0][0] == "shed"  # PR-ITEM-UPG-02: now
        if p.cargo < 0 or (p.tokens > cap and not shedding):
            out.append(f"PR-INV-02: seat {i} holds {p.cargo} cargo, {p.tokens} tokens, capacity {cap}")
        if "cargo_upgrade" not in p.items and cap != r.cargo_capacity:
            out.append(f"PR-INV-02: seat {i} has capacity {cap} without a Cargo Upgrade")
        if len(p.items) > r.max_items:
            out.append(f"PR-INV-03: seat {i} holds {len(p.items)} items")
    t = s.table
    if len(t.market) > r.market_size:
        out.append(f"PR-INV-03: the Market holds {len(t.market)} items")
    # PR-INV-04: at rest one piece per space; never a character on a dock
    if any(c in info.docks for c in s.chars):
        out.append(f"PR-INV-04: a character is on a dock: {s.chars}")
    if s.phase in ("choose", "end", "over", "setup"):
        boats = [b for b in s.boats if b >= 0]
        if r.shared_docks_at_setup:  # PR-SETUP-09 (b): boats may still share a start dock
            boats = list({b for b in boats if b in info.docks}) + [b for b in boats if b not in info.docks]
        placed = boats + list(s.chars)
        if len(set(placed)) != len(placed):
            out.append(f"PR-INV-04: two pieces share a space: boats {s.boats}, characters {s.chars}")
    # PR-INV-05
    isl = [game.card_island[c] for c in t.row if c]
    if len(set(isl)) != len(isl):
        out.append(f"PR-INV-05: two row cards for one island: {t.row}")
    # PR-INV-06
    held = sum(len(p.treasures) for p in s.players)
    done = sum(len(p.treasure_values) for p in s.players)
    total = len(t.treasure_spaces) + held + done + t.treasures_gone
    if total != len(r.treasure_values) or len(t.hidden_values) != len(r.treasure_values) - done:
        out.append(f"PR-INV-06: treasures: {len(t.treasure_spaces)} on the board, {held} held, "
                   f"{done} delivered, {t.treasures_gone} gone")
    if not t.treasure_spaces <= info.treasure_spaces:
        out.append("PR-INV-06: a treasure token off its treasure space")
    # PR-INV-07
    if len(s.jets) > r.jetstream_tokens:
        out.append(f"PR-INV-07: {len(s.jets)} jetstream tokens on the board")
    # PR-INV-08: every card in exactly one place
    places = [c for c in t.row if c] + list(t.deck) + list(t.lost_cards)
    for p in s.players:
        places += list(p.passengers) + list(p.completed)
    if Counter(places) != Counter(c.id for c in r.delivery_cards):
        out.append("PR-INV-08: the Delivery cards do not add up")
    items: Counter = Counter()
    for i, k in enumerate(ITEM_KINDS):
        items[k] += t.item_deck[i] + t.item_discard[i]
    items.update(k for k in t.market if k)
    for p in s.players:
        items.update(p.items)
    if +items != +Counter(r.item_cards):
        out.append(f"PR-INV-08: the Item cards do not add up: {dict(items)}")
    dealt = [c for sec in s.secret for c in sec.offer]
    if len(set(dealt)) != len(dealt) or any(sec.card > 0 and sec.card not in sec.offer
                                           for sec in s.secret):
        out.append("PR-INV-08: the Assignment cards do not add up")
    # PR-INV-09
    if s.phase != "setup":
        if not 1 <= s.round <= r.rounds:
            out.append(f"PR-INV-09: round {s.round}")
        if s.phase != "over" and s.turns != (s.round - 1) * n + (s.seat - s.first) % n:
            out.append(f"PR-INV-09: {s.turns} turns played by round {s.round}, seat {s.seat}")
        if s.phase == "over" and s.turns != r.rounds * n:
            out.append(f"PR-INV-09: the game ended after {s.turns} turns")
    if s.steps < 0:
        out.append(f"negative movement left: {s.steps}")
    return out
