"""What every section of the Pebble Rock engine shares (not a rulebook section): the kinds of
queue entry, the item index, small tuple helpers, and the words for decisions and chance.
"""
from __future__ import annotations

from ..rules import ITEM_KINDS
from ..state import (DealAssignment, Decline, Deliver, DeliverTreasure, DieRoll, DiscardItem,
                     DiscardPassenger, DiscardTreasure, DrawCard, DrawItem, DropOff, Endure,
                     FirstPlayer, KeepAssignment, KeepRoll, LoseToken, Overboard, PickUp,
                     PlaceBoat, Player, Refill, RevealTreasure, Reroll, Roll, Secret, Shed, Step,
                     Stop, TakeItem, TakeTreasure, UseItem, ChooseDice)

ITEM_INDEX = {k: i for i, k in enumerate(ITEM_KINDS)}
ONE_SHOT = ("maisy", "jam_sandwich", "lucky_shell", "shark_repellent", "water_cannon")
CHOICE_NAMES = {"steady": "Steady + Resource", "speedy": "Speedy + Danger",
                "catch_up": "Speedy + Resource (catch-up)"}


def _with_player(players: tuple, seat: int, p: Player) -> tuple:
    """The players tuple with seat ``seat``'s board replaced by ``p``."""
    return players[:seat] + (p,) + players[seat + 1:]


def _remove_one(t: tuple, v) -> tuple:
    """``t`` without the first occurrence of ``v`` (which must be in it)."""
    i = t.index(v)
    return t[:i] + t[i + 1:]


def _bump(counts: tuple, i: int, d: int) -> tuple:
    """The counts tuple with entry ``i`` changed by ``d`` (item cards of one kind)."""
    return counts[:i] + (counts[i] + d,) + counts[i + 1:]



#: what a decision asks, by action kind (the phase line names the decision on offer)
_DECISION_WORDS = {
    ChooseDice: "choose dice", KeepRoll: "keep the roll", Reroll: "reroll with the Lucky Shell",
    Step: "sail", Stop: "stop", Deliver: "deliver", PickUp: "pick up a passenger",
    DropOff: "drop a passenger off", TakeTreasure: "take the treasure",
    DeliverTreasure: "give a treasure to Roberto", UseItem: "use an item", Endure: "keep the item",
    LoseToken: "give Roberto a token", Refill: "refill cargo", DiscardPassenger: "discard a passenger",
    TakeItem: "take an item", Decline: "say no thanks", Shed: "lose a token",
    Overboard: "throw cargo overboard", DiscardItem: "discard an item",
    DiscardTreasure: "discard a treasure", KeepAssignment: "keep an assignment",
    PlaceBoat: "put the boat on a dock"}
#: what a chance step does, by outcome kind
_CHANCE_WORDS = {Roll: "roll the dice", DieRoll: "roll a die", RevealTreasure: "reveal the treasure",
                 DrawItem: "turn up an item for the Market", DrawCard: "turn up a Delivery card",
                 DealAssignment: "deal an Assignment card", FirstPlayer: "draw who starts"}



_HIDDEN = Secret(offer=(), card=-1, achieved=0)
