"""Item Cards: one item per turn, and what each of the seven does.

Rulebook "Item Cards" and "Optional: Use an Item card" (checklist section 14: PR-ITEM-01..08,
PR-ITEM-MAISY, -JAM, -SHELL, -SHARK, -CANNON, -UPG, -GEAR). Taking items from the Market is
in :mod:`.end_of_turn`. Tests: tests/games/pebble_rock/test_items.py.
"""
from __future__ import annotations

from typing import Any


from ..state import (MAISY, DiscardItem, DiscardPassenger, DiscardTreasure, KeepRoll,
                     Overboard, Player, Reroll, Shed, State, Table, UseItem, replace,
                     replace_player, replace_turn)
from ..frames import DieEffect, MeetCharacter, PutCharacter, RerollDie, ShedToCapacity
from ....core.hooks import hook, is_int
from .base import PebbleRockBase, ITEM_INDEX, _bump, _remove_one, _with_player


class Items(PebbleRockBase):
    """This section's part of the game class (a mixin of PebbleRockGame)."""

    def _usable(self, s: State, kind: str) -> bool:
        """PR-ITEM-02..04: one item per turn, held since before this turn."""
        t = s.turn
        if t.item_used:
            return False
        n = s.players[s.seat].items.count(kind)
        if t.fresh_item == kind:
            n -= 1
        return n > 0

    def _passive_count(self, s: State, p: Player, kind: str) -> int:
        """How many items of a kind held count now: one taken this turn does not yet, unless
        passive items work at once. Rules: PR-ITEM-04, PR-ITEM-UPG-01, PR-ITEM-UPG-03."""
        n = p.items.count(kind)
        if n and not self.rules.passive_items_at_once and s.turn.fresh_item == kind \
                and p is s.players[s.seat]:
            n -= 1
        return n

    @hook(returns="int >= 0", check=is_int(0), rules=("PR-SETUP-11", "PR-ITEM-UPG-01"),
          example="return super().capacity(s, seat) + 1  # bigger holds")
    def capacity(self, s: State, seat: int) -> int:
        """Hold spaces of a seat now: 5 with a Cargo Upgrade (PR-ITEM-UPG-01), else 4."""
        p = s.players[seat]
        r = self.rules
        if "cargo_upgrade" in p.items and self._passive_count(s, p, "cargo_upgrade"):
            return r.upgraded_capacity
        return r.cargo_capacity

    def _gear_bonus(self, s: State, p: Player) -> int:
        """Extra fish a Fishing Gear gives on a fish roll (one Gear, or each, when they
        stack). Rules: PR-ITEM-GEAR-01..02."""
        n = self._passive_count(s, p, "fishing_gear") if "fishing_gear" in p.items else 0
        if not self.rules.gear_stacks:
            n = min(n, 1)
        return n * self.rules.gear_bonus

    @staticmethod
    def _item_source(t: Table) -> tuple:
        """PR-ITEM-07: the deck, or the discard pile to be reshuffled when it is empty."""
        return t.item_deck if any(t.item_deck) else t.item_discard

    def _discard_item(self, s: State, p: Player, kind: str) -> tuple[Player, Table]:
        """The player without one item of ``kind`` and the table with it on the discard pile.
        Rules: PR-ITEM-06..07."""
        items = _remove_one(p.items, kind)
        t = s.table
        return (replace_player(p, items=items),
                replace(t, item_discard=_bump(t.item_discard, ITEM_INDEX[kind], 1)))

    def _item_actions(self, s: State, p: Player, pos: int, occ: set | None) -> list:
        """The items usable now; ``occ``: the occupied spaces (None: not built yet)."""
        acts: list[UseItem] = []
        if not p.items:
            return acts
        if self._usable(s, "jam_sandwich"):
            acts.append(UseItem("jam_sandwich"))
        if self._usable(s, "maisy") and pos not in (occ if occ is not None else self._occupied(s)):
            acts.extend(UseItem("maisy", sp) for sp in self._adjacent_places(s, MAISY))
        return acts

    def _anytime_actions(self, s: State, p: Player) -> list:
        """Actions allowed at any point of the turn under the rule switches: cargo overboard,
        an item or treasure discarded, and a passenger discarded when the hold is full.
        Rules: PR-PASS-07, PR-PASS-10, PR-ITEM-08, PR-TREAS-10."""
        r = self.rules
        acts: list[Any] = []
        if r.overboard_any_time and p.cargo:
            acts.append(Overboard())
        if r.discard_items_any_time:
            for k in sorted(set(p.items)):
                if self._may_discard(s, p, k):
                    acts.append(DiscardItem(k))
        if r.treasure_discard and p.treasures:
            acts.append(DiscardTreasure())
        if p.passengers and p.tokens >= self.capacity(s, s.seat):
            # PR-PASS-07: make room for more cargo (poor customer service)
            acts.extend(DiscardPassenger(c) for c in p.passengers)
        return acts

    def _a_use_item(self, w: State, a: UseItem) -> State:
        """Use an item (one a turn, then discarded): Jam's extra movement, Maisy placed (and
        met, if the rules say so), or Shark Repellent / Water Cannon at an encounter, after
        which the character may go anywhere. Rules: PR-ITEM-02, PR-ITEM-06, PR-ITEM-JAM-01,
        PR-ITEM-MAISY-01..02, PR-ITEM-SHARK-01..03, PR-ITEM-CANNON-01."""
        seat = w.seat
        p, w.table = self._discard_item(w, w.players[seat], a.item)
        w.players = _with_player(w.players, seat, p)
        w.turn = t = replace_turn(w.turn, item_used=True)
        w.events = self._ev(w, "item", seat, a.item)
        if a.item == "jam_sandwich":  # PR-ITEM-JAM-01
            w.steps += self.rules.jam_bonus * (2 if self._tables.all_double and t.symbol == "winds" else 1)
            return w
        if a.item == "maisy":  # PR-ITEM-MAISY-01, PR-ITEM-MAISY-02
            w.chars = (a.space,) + w.chars[1:]
            if self.rules.maisy_item_gives_cargo and not t.met & (1 << MAISY):
                w.todo = (MeetCharacter(MAISY, "item"),) + w.todo
                return self._run(w)
            return w
        # Shark Repellent / Water Cannon, at an encounter (PR-ITEM-SHARK-01..03, PR-ITEM-CANNON-01)
        c = w.todo[0].character
        if not self.rules.avoided_is_interaction:
            w.turn = replace_turn(t, met=t.met & ~(1 << c))
        w.todo = (PutCharacter(c, "anywhere"),) + w.todo[1:]
        return self._run(w)

    def _d_shell(self, s: State, head) -> list:
        """With a usable Lucky Shell after a roll: keep it, or reroll one of the dice just
        rolled. Rules: PR-ITEM-SHELL-01..02."""
        purpose = head.purpose
        if purpose == "step2":
            return [self._keep_roll, Reroll("movement"), Reroll("symbol")]
        if purpose == "jet":
            return [self._keep_roll, Reroll("movement")]
        return [self._keep_roll, Reroll("fish")]

    def _a_keep_roll(self, w: State, a: KeepRoll) -> State:
        """Keep the roll without the Lucky Shell; its effect follows (PR-ITEM-SHELL-02)."""
        head = w.todo[0]
        if head.purpose == "step2":
            w.todo = w.todo[1:]
        else:
            w.todo = (DieEffect(head.purpose, head.value),) + w.todo[1:]
        return self._run(w)

    def _a_reroll(self, w: State, a: Reroll) -> State:
        """PR-ITEM-SHELL-01, PR-ITEM-SHELL-02: the Lucky Shell rerolls the die just rolled."""
        head = w.todo[0]
        seat = w.seat
        p, w.table = self._discard_item(w, w.players[seat], "lucky_shell")
        w.players = _with_player(w.players, seat, p)
        w.turn = replace_turn(w.turn, item_used=True)
        w.todo = (RerollDie(head.purpose, a.die),) + w.todo[1:]
        w.events = self._ev(w, "shell", seat, a.die)
        return w

    def _may_discard(self, s: State, p: Player, kind: str) -> bool:
        """PR-ITEM-UPG-02 (b): the upgrade cannot go while its fifth space is in use."""
        if kind != "cargo_upgrade" or self.rules.upgrade_discard_when_full == "shed":
            return True
        return p.items.count(kind) > 1 or p.tokens <= self.rules.cargo_capacity

    def _after_discard(self, s: State, todo: tuple) -> tuple:
        """The queue after an item was discarded: the player sheds tokens first if the hold
        now holds more than the capacity (a Cargo Upgrade gone). Rules: PR-ITEM-UPG-02."""
        seat = s.seat
        if s.players[seat].tokens > self.capacity(s, seat):
            return (ShedToCapacity(),) + todo
        return todo

    def _a_discard_item(self, w: State, a: DiscardItem) -> State:
        """Discard an item held (where the rules allow it). Rules: PR-ITEM-08, PR-ITEM-UPG-02."""
        seat = w.seat
        p, w.table = self._discard_item(w, w.players[seat], a.item)
        w.players = _with_player(w.players, seat, p)
        w.events = self._ev(w, "discard_item", seat, a.item)
        w.todo = self._after_discard(w, w.todo)
        return self._run(w)

    def _d_shed(self, s: State, head) -> list:
        """Which token to lose when the hold is over capacity: cargo, else a passenger, else
        a treasure. Rules: PR-ITEM-UPG-02."""
        p = s.players[s.seat]
        acts = [Shed("cargo")] if p.cargo else []
        acts.extend(Shed("passenger", c) for c in p.passengers)
        if not acts:
            acts.append(Shed("treasure"))
        return acts

    def _a_shed(self, w: State, a: Shed) -> State:
        """Lose the token chosen, until the hold fits its capacity. Rules: PR-ITEM-UPG-02."""
        seat = w.seat
        p = w.players[seat]
        table = w.table
        if a.kind == "cargo":
            p = replace_player(p, cargo=p.cargo - 1)
        elif a.kind == "passenger":
            p = replace_player(p, passengers=_remove_one(p.passengers, a.card))
            table = replace(table, lost_cards=table.lost_cards + (a.card,))
        else:
            p = replace_player(p, treasures=p.treasures[:-1])
            table = replace(table, treasures_gone=table.treasures_gone + 1)
        w.players = _with_player(w.players, seat, p)
        w.table = table
        w.events = self._ev(w, "shed", seat, a.kind)
        if p.tokens <= self.capacity(w, seat):
            w.todo = w.todo[1:]
        return self._run(w)

    def _a_overboard(self, w: State, a: Overboard) -> State:
        """Throw a Cargo token overboard (any time, under ``overboard_any_time``). Rules: PR-PASS-10."""
        seat = w.seat
        p = w.players[seat]
        w.players = _with_player(w.players, seat, replace_player(p, cargo=p.cargo - 1))
        w.events = self._ev(w, "overboard", seat)
        return w
