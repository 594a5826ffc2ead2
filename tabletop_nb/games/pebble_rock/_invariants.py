"""The invariants of a Pebble Rock state (PR-INV): what must hold after every action.

``invariants`` is public as ``tabletop_nb.games.pebble_rock.invariants``; it lives in this
module so that ``position.py`` (which the engine asks for ``game.position``) can check the
positions it builds without importing the game package, which imports the engine.
"""
from __future__ import annotations

from collections import Counter

from .rules import ITEM_KINDS
from .frames import ShedToCapacity

__all__ = ["invariants"]


def invariants(game, s) -> list[str]:
    """The broken invariants of a state; empty when all hold.

    Rules: PR-INV-01, PR-INV-02, PR-INV-03, PR-INV-04, PR-INV-05, PR-INV-06, PR-INV-07,
    PR-INV-08, PR-INV-09.

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
    >>> game = tabletop_nb.load_game("pebble_rock", players=2)
    >>> invariants(game, game.initial_state())
    []
    """
    # capacities and scores are asked of the game's hooks (``game.capacity``), never read
    # from the printed rule values, so a valid house rule that changes them passes
    r = game.rules
    out = []
    n = game.num_players
    info = game.info
    for i, p in enumerate(s.players):
        if p.fish < 0:
            out.append(f"PR-INV-01: seat {i} has {p.fish} fish")
        cap = game.capacity(s, i)
        shedding = i == s.seat and s.todo and isinstance(s.todo[0], ShedToCapacity)  # PR-ITEM-UPG-02: now
        if p.cargo < 0 or (p.tokens > cap and not shedding):
            out.append(f"PR-INV-02: seat {i} holds {p.cargo} cargo, {p.tokens} tokens, capacity {cap}")
        if type(cap) is not int or cap < 0:
            out.append(f"PR-INV-02: seat {i} has capacity {cap!r}")
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
