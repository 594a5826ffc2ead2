"""For people (not a rulebook section): names, the phase line, action labels, event texts
and the summary.

Tests: tests/games/pebble_rock/test_phase_words.py, test_view.py.
"""
from __future__ import annotations

from typing import Any

from ....core import CHANCE
from ..frames import RerollDie
from ..state import (ChooseDice, DealAssignment, Decline, Deliver, DeliverTreasure, DieRoll,
                     DiscardItem, DiscardPassenger, DiscardTreasure, DrawCard, DrawItem, DropOff,
                     Endure, FirstPlayer, KeepAssignment, KeepRoll, LoseToken, Overboard, PickUp,
                     PlaceBoat, PlaceCharacter, Refill, RevealTreasure, Reroll, Roll, Shed,
                     State, Step, Stop, TakeItem, TakeTreasure, UseItem)
from .base import CHOICE_NAMES
from .base import Engine as PebbleRockGame


__all__ = ["DECISION_WORDS", "CHANCE_WORDS", "phase", "summary", "action_label", "events",
           "event_text"]

#: what a decision asks, by action kind (the phase line names the decision on offer)
DECISION_WORDS = {
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
CHANCE_WORDS = {Roll: "roll the dice", DieRoll: "roll a die", RevealTreasure: "reveal the treasure",
                DrawItem: "turn up an item for the Market", DrawCard: "turn up a Delivery card",
                DealAssignment: "deal an Assignment card", FirstPlayer: "draw who starts"}


def phase(game: PebbleRockGame, s: State) -> str:
    """The round and the decision being asked now, in the words of the buttons.

    Parameters
    ----------
    game : PebbleRockGame
        The game (its board's space names and its player names).
    s : State
        The state.

    Returns
    -------
    str
        ``"Setup: ..."``, ``"Round r of n: ..."`` or ``"Game over"``.

    Examples
    --------
    >>> import tabletop_nb
    >>> game = tabletop_nb.load_game("pebble_rock", players=2)
    >>> s = tabletop_nb.replay(game, tabletop_nb.play(game, "random", seed=1))[30]
    >>> game.phase(s).startswith("Round ")
    True
    """
    if s.phase == "over":
        return "Game over"
    head = "Setup" if s.phase == "setup" else f"Round {s.round} of {game.rules.rounds}"
    p = game.current_player(s)
    if p == CHANCE:
        first = game.chance_outcomes(s)[0][0]
        return f"{head}: {CHANCE_WORDS.get(type(first), 'a roll')}"
    acts = game.legal_actions(s)
    words: list[str] = []
    for a in acts:  # the kinds of choice on offer, in button order, each named once
        w = (f"put {a.character.capitalize()} on a space" if isinstance(a, PlaceCharacter)
             else DECISION_WORDS.get(type(a), ""))
        if w and w not in words:
            words.append(w)
    if len(words) > 3:
        words = words[:3] + ["something else"]
    asked = ", ".join(words[:-1]) + " or " + words[-1] if len(words) > 1 else "".join(words)
    return f"{head}: {game.player_name(p)}, {asked or 'choose'}"

def summary(game: PebbleRockGame, s: State) -> dict[str, tuple]:
    """Each seat's board in a few numbers, for the table view.

    Parameters
    ----------
    game : PebbleRockGame
        The game (its board's space names and its player names).
    s : State
        The state.

    Returns
    -------
    dict of str to tuple
        Per entry (``"score"``, ``"fish"``, ``"cargo"``, ``"passengers"``, ``"treasure"``,
        ``"hold"``, ``"items"``, ``"cards"``, ``"lighthouse"``), one value per seat.

    Examples
    --------
    >>> import tabletop_nb
    >>> game = tabletop_nb.load_game("pebble_rock", players=2)
    >>> sm = summary(game, game.position(boats=[38, 39], scores=[3, 1], fish=[2, 0]))
    >>> sm["score"], sm["fish"], sm["hold"], sm["items"]
    ((3, 1), (2, 0), ('4/4', '4/4'), ('-', '-'))
    """
    n = game.num_players
    ps = s.players
    return {"score": game.scores(s), "fish": tuple(p.fish for p in ps),
            "cargo": tuple(p.cargo for p in ps),
            "passengers": tuple(len(p.passengers) for p in ps),
            "treasure": tuple(len(p.treasures) for p in ps),
            "hold": tuple(f"{ps[i].tokens}/{game.capacity(s, i)}" for i in range(n)),
            "items": tuple(", ".join(p.items) or "-" for p in ps),
            "cards": tuple(len(p.completed) for p in ps),
            "lighthouse": tuple(p.lighthouse for p in ps)}

def action_label(game: PebbleRockGame, s: State, a: Any) -> str:
    """An action in words, as its button says it.

    Parameters
    ----------
    game : PebbleRockGame
        The game (its board's space names and its player names).
    s : State
        The state the action is taken in (a step paid with a fish says so).
    a : action
        One of ``game.legal_actions(s)``, or a chance outcome of ``s``.

    Returns
    -------
    str

    Examples
    --------
    >>> import tabletop_nb
    >>> from ..state import ChooseDice, Step
    >>> game = tabletop_nb.load_game("pebble_rock", players=2)
    >>> action_label(game, game.position(boats=[38, 39]), ChooseDice("steady"))
    'Roll Steady + Resource'
    >>> s = game.position(boats=[38, 39], step="move", dice="steady", roll=2, movement=0)
    >>> action_label(game, s, Step(29))
    'Sail to space 29 (by Starfish Sands) (costs 1 fish)'
    """
    d = game.info.describe
    if isinstance(a, Step):
        paid = s.steps <= 0 and s.phase == "move"
        return f"Sail to {d(a.to)}" + (" (costs 1 fish)" if paid else "")
    if isinstance(a, Stop):
        return "Stop here"
    if isinstance(a, ChooseDice):
        return "Roll " + CHOICE_NAMES[a.choice]
    if isinstance(a, Roll):
        return f"Rolled {a.move} and {a.symbol}"
    if isinstance(a, DieRoll):
        head = s.todo[0] if s.todo else None
        what = {"gain": "Fish die", "larry": "Larry's Fish die", "jet": "Jetstream roll"}.get(
            getattr(head, "purpose", ""), "Die")
        if isinstance(head, RerollDie):
            what = f"Reroll of the {head.die} die"
        return f"{what}: {a.value}"
    if isinstance(a, KeepRoll):
        return "Keep the roll"
    if isinstance(a, Reroll):
        return f"Lucky Shell: reroll the {a.die} die"
    if isinstance(a, PlaceCharacter):
        return f"Put {a.character.capitalize()} on {d(a.space)}"
    if isinstance(a, Deliver):
        c = game.cards[a.card]
        return f"Deliver {c.amount} cargo to {c.island} ({c.points} points)"
    if isinstance(a, PickUp):
        c = game.cards[a.card]
        return f"Pick up the passenger at {c.island} for {c.destination} ({c.points} points)"
    if isinstance(a, DropOff):
        c = game.cards[a.card]
        return f"Drop the passenger at {c.destination} ({c.points} points)"
    if isinstance(a, TakeTreasure):
        return "Take the treasure"
    if isinstance(a, DeliverTreasure):
        return "Give a treasure to Roberto"
    if isinstance(a, RevealTreasure):
        return f"The treasure is worth {a.value}"
    if isinstance(a, UseItem):
        name = a.item.replace("_", " ").title()
        return f"Use {name}" + (f": Maisy to {d(a.space)}" if a.space >= 0 else "")
    if isinstance(a, Endure):
        return "Keep the item"
    if isinstance(a, LoseToken):
        return f"Roberto takes the {a.kind}" + (f" (card {a.card})" if a.card else "")
    if isinstance(a, Refill):
        return f"Refill {a.n} cargo"
    if isinstance(a, DiscardPassenger):
        return f"Discard the passenger for {game.cards[a.card].destination}"
    if isinstance(a, TakeItem):
        kind = s.table.market[a.slot].replace("_", " ")
        return f"Take {kind}" + (f" (discard {a.discard.replace('_', ' ')})" if a.discard else "")
    if isinstance(a, Decline):
        return "No thanks"
    if isinstance(a, Shed):
        return f"Lose a {a.kind}"
    if isinstance(a, Overboard):
        return "Throw a cargo overboard"
    if isinstance(a, DiscardItem):
        return f"Discard {a.item.replace('_', ' ')}"
    if isinstance(a, DiscardTreasure):
        return "Discard a treasure"
    if isinstance(a, DrawItem):
        return f"Market: {a.kind.replace('_', ' ')}"
    if isinstance(a, DrawCard):
        return event_text(game, ("row_draw", a.card))
    if isinstance(a, DealAssignment):
        return "An Assignment card is dealt"
    if isinstance(a, KeepAssignment):
        return f"Keep assignment {game.assignments[a.card].name}"
    if isinstance(a, PlaceBoat):
        return f"Put the boat on {d(a.space)}"
    if isinstance(a, FirstPlayer):
        return f"{game.player_name(a.seat)} starts"
    return str(a)

def events(game: PebbleRockGame, s: State) -> tuple[str, ...]:
    """What the last action did, in words.

    Parameters
    ----------
    game : PebbleRockGame
        The game (its board's space names and its player names).
    s : State
        The state the action led to (its ``events``).

    Returns
    -------
    tuple of str
        One sentence per event (:func:`event_text`).

    Examples
    --------
    >>> import tabletop_nb
    >>> from ..state import ChooseDice
    >>> game = tabletop_nb.load_game("pebble_rock", players=2)
    >>> events(game, game.apply(game.position(boats=[38, 39]), ChooseDice("speedy")))
    ('Otter rolls Speedy + Danger',)
    """
    return tuple(event_text(game, e) for e in s.events)

def event_text(game: PebbleRockGame, e: tuple) -> str:
    """Words for one compact event tuple (kept out of the hot path until asked for).

    Parameters
    ----------
    game : PebbleRockGame
        The game (its board's space names and its player names).
    e : tuple
        An event as the engine records it in ``State.events``: its kind first, then (for
        most kinds) the seat and the details.

    Returns
    -------
    str

    Examples
    --------
    >>> import tabletop_nb
    >>> game = tabletop_nb.load_game("pebble_rock", players=2)
    >>> event_text(game, ("fish", 1, 3)), event_text(game, ("game_over",))
    ('Puffin gains 3 fish', 'The game is over')
    """
    k = e[0]
    d = game.info.describe
    if k == "row_draw":
        c = game.cards[e[1]]
        what = (f"{c.amount} cargo to {c.island}" if c.kind == "cargo"
                else f"a passenger from {c.island} to {c.destination}")
        return f"New Delivery card: {what} ({c.points} points)"
    if k == "market_draw":
        return f"The Market shows {e[1].replace('_', ' ')}"
    if k == "game_over":
        return "The game is over"
    who = game.player_name(e[1])
    rest = e[2:]
    texts = {
        "step": lambda: f"{who} sails to {d(rest[0])}",
        "stop": lambda: f"{who} stops on {d(rest[0])}",
        "choose": lambda: f"{who} rolls {CHOICE_NAMES[rest[0]]}",
        "roll": lambda: f"{who} rolled {rest[0]} and {rest[1]}",
        "shell": lambda: f"{who} uses the Lucky Shell on the {rest[0]} die",
        "reroll": lambda: f"{who} rerolled the {rest[0]} die: {rest[1]}",
        "die": lambda: {"gain": f"{who} rolls the Fish die: {rest[1]}",
                        "larry": f"Larry's Fish die: {rest[1]}",
                        "jet": f"The jetstream roll: {rest[1]}"}.get(rest[0], str(rest)),
        "fish": lambda: f"{who} gains {rest[0]} fish",
        "larry": lambda: f"Larry steals {rest[0]} fish from {who}",
        "roberto": lambda: f"Roberto takes a {rest[0]} from {who}",
        "maisy": lambda: f"Maisy gives {who} a Cargo token",
        "no_room": lambda: f"No empty space next to {who}'s boat: {rest[0].capitalize()} stays",
        "jet_placed": lambda: f"{who} puts a jetstream token on {d(rest[0])}",
        "jet": lambda: f"A jetstream gives {who} {rest[0]} more spaces",
        "jet_fee": lambda: f"{who} pays {rest[0]} fish for the jetstream",
        "jet_stop": lambda: f"{who} stops on a jetstream and sails on",
        "place": lambda: f"{who} puts {rest[0].capitalize()} on {d(rest[1])}",
        "deliver": lambda: f"{who} delivers to {game.cards[rest[0]].island} for {rest[1]} points",
        "pickup": lambda: f"{who} picks up a passenger for {game.cards[rest[0]].destination}",
        "dropoff": lambda: f"{who} drops a passenger at {game.cards[rest[0]].destination} "
                           f"for {rest[1]} points",
        "treasure": lambda: f"{who} takes the treasure on {d(rest[0])}",
        "treasure_value": lambda: f"{who} gives Roberto a treasure worth {rest[0]}",
        "item": lambda: f"{who} uses {rest[0].replace('_', ' ')}",
        "discard_item": lambda: f"{who} discards {rest[0].replace('_', ' ')}",
        "take_item": lambda: f"{who} takes {rest[0].replace('_', ' ')} from the Market"
                             + (f", discarding {rest[1].replace('_', ' ')}" if rest[1] else ""),
        "shed": lambda: f"{who} loses a {rest[0]}: the hold is smaller",
        "overboard": lambda: f"{who} throws a Cargo token overboard",
        "discard_treasure": lambda: f"{who} discards a treasure",
        "discard_passenger": lambda: f"{who} leaves a passenger behind (card lost)",
        "refill": lambda: f"{who} refills {rest[0]} cargo at the dock",
        "lighthouse": lambda: f"{who} takes a Lighthouse token",
        "place_boat": lambda: f"{who} puts the boat on {d(rest[0])}",
        "keep": lambda: f"{who} keeps an Assignment card",
        "start": lambda: f"{who} starts the game",
    }
    f = texts.get(k)
    return f() if f else " ".join(str(x) for x in e)
