"""For people and for bots (not a rulebook section): names, phase line, action labels,
event texts, the summary, the observation (hidden draft picks, NK-DRF) and the bots' hooks.

The search bot's hooks (core/search.py) are written in :mod:`..bots`; the engine imports
that module only inside these methods (bots.py imports nothing from the engine).
Tests: tests/games/neko/test_view.py, tests/core/test_search.py.
"""
from __future__ import annotations

from functools import partial

from typing import Any

from ..state import (ActivateCard, ActivateHub, Adjust, Bid, Buy, BuyShip,
                     ChooseBonus, ChurchFish, ChurchHub, CityIncome, Done, DrawAdvanced, DrawCard,
                     DrawTile, DrawTwo, EndTurn, FishFor, HospitalRemove, IncomeDie, Lighthouse,
                     LoadCargo, MoveShip, NekoSplit, NekoState, NewBid, OpenHarbour, ParkDie, Pass,
                     Pick, RemoveInterference, RemoveTiles, Reroll, Reward, RollDice, Rolled,
                     Sell, StartOrder, TakeDiscard, TakeFish, TileAdjust, Trade, UsePostOffice)
from .. import analysis
from .base import Engine as NekoGame
from .base import (BONUS, OVER, PHASES, SETUP, NAMES, hide_picks)
from . import cards, end_of_round, hubs_ships, scoring


def player_name(game: NekoGame, seat: int) -> str:
    """A seat's colour."""
    return NAMES[seat] if seat < len(NAMES) else f"Player {seat + 1}"


def observation(game: NekoGame, s: NekoState, player: int) -> NekoState:
    """Draft picks of the current step are simultaneous: earlier seats' picks are hidden."""
    if s.draft.picks:
        return hide_picks(s)   # with_picks(s, (0,) * len(s.picks))
    return s


def bots(game: NekoGame) -> dict:
    """The heuristic bots by name: ``greedy`` (see :mod:`tabletop_nb.games.neko.bots`)."""
    from ..bots import BOTS
    return dict(BOTS)


# the search bot's hooks (core/search.py) live in bots.py
def search_horizon(game: NekoGame) -> int:  # type: ignore[override]  # read-only here: from the seats
    """Decisions a search rollout plays before estimating (the bots' setting)."""
    from ..bots import SEARCH_HORIZON_PER_SEAT
    return SEARCH_HORIZON_PER_SEAT * game.player_count


def determinize(game: NekoGame, s: NekoState, player: int, rng) -> NekoState:
    """A full state consistent with a seat's view (the bots' ``determinize``)."""
    from ..bots import determinize
    return determinize(game, s, player, rng)


def estimate_scores(game: NekoGame, s: NekoState) -> tuple:
    """Each seat's estimated final score (the bots' ``estimate_scores``)."""
    from ..bots import estimate_scores
    return estimate_scores(game, s)


def search_actions(game: NekoGame, s: NekoState, rng) -> list:
    """The actions a search compares (the bots' ``search_actions``)."""
    from ..bots import search_actions
    return search_actions(game, s, rng)


def phase(game: NekoGame, s: NekoState) -> str:
    """The name of the phase (or decision) the state is in."""
    name = PHASES[s.phase]
    if s.phase in (SETUP, BONUS):
        return name
    if s.phase == OVER:
        return "Game over"
    return f"Round {s.round} of {game.rules.rounds}: {name}"


def card_name(game: NekoGame, card: int) -> str:
    """A card's printed name."""
    c = game.card[card]
    return c.name


def key_label(game: NekoGame, key) -> str:
    """A lane position (lane, boundary, sub) in words."""
    li, b, j = key
    return f"lane {li + 1}, port hub {j} in slot {b + 1}" if j else f"lane {li + 1}, hub {b}"


def action_label(game: NekoGame, s: NekoState, a: Any) -> str:
    """An action in words, with what it costs or gives where that helps a player choose."""
    t = type(a)
    cn = partial(card_name, game)
    if t is TakeFish:
        return f"Take fish with a {a.value}"
    if t is Bid:
        return f"Bid a {a.value} on {cn(analysis.card_on_space(game, s, a.space))}"
    if t is ActivateHub:
        P = s.players[game.current_player(s)]
        hub = hubs_ships.hub_at(game, P, (a.lane, a.boundary, a.sub))
        what = f" ({hub[0]} x {hub[1]})" if hub else ""
        return f"Place a die on {key_label(game, (a.lane, a.boundary, a.sub))}{what}"
    if t is ActivateCard:
        P = s.players[game.current_player(s)]
        return f"Place a {a.value} on {cn(P.lanes[a.lane][a.slot])}"
    if t is EndTurn:
        return "End turn"
    if t is Pick:
        return f"Keep a {a.value}"
    if t is IncomeDie:
        return f"Discard a {a.value} for {a.value} coins"
    if t is Buy:
        P = s.players[game.current_player(s)]
        top = s.frames[-1]
        disc = cards.blue_bar_discount(game, P) if top.kind == "win" else end_of_round.offer_discount(game, P, top.discount)
        price = game.card_price(P, a.card, disc) + game.gap_coins(P.lanes[a.lane], a.slot)
        return f"Buy {cn(a.card)} for {price} into lane {a.lane + 1}, slot {a.slot + 1}"
    if t is Pass:
        top = s.frames[-1].kind
        return {"win": "Decline the card", "buy": "Buy nothing", "po": "Do not use the Post Office",
                "park": "Place no die"}.get(top, "Pass")
    if t is Done:
        return "Done"
    if t is Sell:
        r = game.rules
        n = {"coins": r.market_coins, "fuel": r.market_fuel, "goods": r.market_goods}[a.item]
        return f"Sell a fish for {n} {a.item}"
    if t is Reward:
        for rs in game.chart:
            if rs.reward == a.reward:
                return {"coins": f"Take {rs.amount} coins", "goods": f"Take {rs.amount} good(s)",
                        "fish": f"Take {rs.amount} fish", "fuel": f"Take {rs.amount} fuel",
                        "interference": "Remove an interference tile",
                        "card": "Buy a card"}[a.reward]
        return "No reward"
    if t is FishFor:
        n = game.rules.fish_coins if a.item == "coins" else game.rules.fish_fuel
        return f"Trade a fish for {n} {a.item}"
    if t is TakeDiscard:
        if a.source == "park":
            return f"Take the discarded {a.value} (Penguin Park)"
        return f"Pay fish for the discarded {a.value}"
    if t is RemoveInterference:
        return f"Pay {game.rules.interference_removal_cost} coins to remove interference"
    if t is BuyShip:
        return f"Buy a ship for {game.ship_price(s.players[game.current_player(s)])} into lane {a.lane + 1}"
    if t is OpenHarbour:
        return f"Open a harbour for {game.harbour_price(s.players[game.current_player(s)])}"
    if t is Adjust:
        return f"Pay fuel: turn a {a.value} into a {analysis.adjusted(a.value, a.delta)}"
    if t is TileAdjust:
        return f"+/-1 tile: turn a {a.value} into a {analysis.adjusted(a.value, a.delta)}"
    if t is Reroll:
        return f"Reroll tile: reroll a {a.value}"
    if t is MoveShip:
        return f"Move the ship at {key_label(game, (a.lane, a.boundary, a.sub)).replace('hub', 'stop')}"
    if t is LoadCargo:
        P = s.players[game.current_player(s)]
        return f"Load a good on {cn(P.lanes[a.lane][a.slot])}"
    if t is Trade:
        lo, hi = game.rules.seaside_low_rates, game.rules.seaside_high_rates
        return {"coins_to_fuel": f"Trade {lo[0]} coins for 1 fuel",
                "fuel_to_goods": f"Trade {lo[1]} fuel for 1 good",
                "fuel_to_coins": f"Trade 1 fuel for {hi[0]} coins",
                "goods_to_pp": f"Trade 1 good for {hi[1]} PP"}[a.trade]
    if t is Lighthouse:
        return f"Light House on {key_label(game, (a.lane, a.boundary, a.sub))}"
    if t is HospitalRemove:
        return "Hospital: remove an interference tile"
    if t is NekoSplit:
        h = s.frames[-1].hubs
        return f"Neko Harbour: {h - game.rules.neko_hubs_per_fuel * a.fuel} coins and {a.fuel} fuel"
    if t is RemoveTiles:
        return f"Hospital: remove {a.count} interference tile(s)"
    if t is ParkDie:
        return f"Put the discarded {a.value} on {cn(analysis.card_on_space(game, s, a.space))}"
    if t is ChurchHub:
        return f"Church: put the die on {key_label(game, (a.lane, a.boundary, a.sub))}"
    if t is ChurchFish:
        return "Church: take fish instead"
    if t is ChooseBonus:
        return f"Starting bonus: {a.tile}"
    if t is CityIncome:
        r = game.rules
        return f"Southernmost City: {r.southernmost_coins} coins" if a.item == "coins" \
            else f"Southernmost City: {r.southernmost_fuel} fuel"
    if t is UsePostOffice:
        return "Use the Post Office"
    if t is DrawTwo:
        return "Draw 2 cards from the deck"
    if t is NewBid:
        return f"Start a bid on {cn(a.card)}"
    if t is DrawCard:
        return f"Draw {cn(a.card)}"
    if t is RollDice:
        return "Roll " + " ".join(map(str, a.dice))
    if t is Rolled:
        return f"Roll a {a.value}"
    if t is DrawTile:
        return f"Tile: {game.tile[a.tile].kind.replace('_', ' ')}"
    if t is DrawAdvanced:
        return f"Advanced card: {cn(a.card)}"
    if t is StartOrder:
        return "Start order " + ", ".join(player_name(game, p) for p in a.order)
    return str(a)


def events(game: NekoGame, s: NekoState) -> tuple[str, ...]:
    """What the last action did, in words."""
    out = []
    nm = partial(player_name, game)
    cn = partial(card_name, game)
    for e in s.events:
        k = e[0]
        if k == "roll":
            out.append(f"{nm(e[1])} rolled {' '.join(map(str, e[2]))}")
        elif k == "picks":
            out.append("Draft: " + ", ".join(f"{nm(i)} kept a {v}" for i, v in enumerate(e[1])))
        elif k == "drafted":
            out.append("The draft is over")
        elif k == "order":
            out.append("Turn order: " + ", ".join(f"{nm(p)} ({e[2][p]})" for p in e[1])
                       + f"; {nm(e[1][0])} takes an interference tile")
        elif k == "income":
            extra = f", {e[3]} coins from Ocean Banks" if e[3] else ""
            extra += f", {e[5]} fuel from Fuel Platforms" if e[4] else ""
            out.append(f"{nm(e[1])} discarded a {e[2]} for {e[2]} coins{extra}")
        elif k == "reward":
            out.append(f"{nm(e[1])} chose the reward: {e[2]}")
        elif k == "place":
            out.append(f"{nm(e[1])} paid {e[5]} and placed {cn(e[2])} in lane {e[3] + 1}, slot {e[4] + 1}")
        elif k == "bid":
            out.append(f"{nm(e[1])} bid a {e[3]} on {cn(e[2])}")
        elif k == "take_fish":
            out.append(f"{nm(e[1])} discarded a {e[2]} for a fish")
        elif k == "hub":
            how = "ship" if e[5] else "die"
            out.append(f"{nm(e[1])}'s {how} activated a hub: +{e[4]} {e[3]}")
        elif k == "catch":
            out.append(f"{nm(e[1])} caught a fish")
        elif k == "move":
            out.append(f"{nm(e[1])} moved a ship in lane {e[2][0] + 1}")
        elif k == "lost":
            out.append(f"{nm(e[1])} lost a bid with {e[2]} dice: +{e[3]} fish")
        elif k == "declined":
            out.append(f"{nm(e[1])} {'could not buy' if e[3] else 'declined'} {cn(e[2])}")
        elif k == "unbid":
            out.append(f"Nobody bid on {cn(e[1])}: it goes under the deck")
        elif k == "mid":
            out.append(f"Mid-game scoring: {nm(e[1])} +{e[2]} PP (tiles) +{e[3]} PP (ships)")
        elif k == "final":
            out.append("Final scoring: " + ", ".join(f"{nm(p)} {f[-1]}" for p, f in enumerate(s.final)))
        elif k == "end_turn":
            out.append(f"{nm(e[1])} ended the turn")
        elif k == "sell":
            out.append(f"{nm(e[1])} sold a fish for {e[3]} {e[2]}")
        elif k == "city":
            out.append(f"{nm(e[1])} took {e[3]} {e[2]} from Southernmost City")
        elif k == "drew":
            out.append(f"{nm(e[1])} drew " + ", ".join(cn(c) for c in e[2]))
        elif k == "pass":
            out.append(f"{nm(e[1])} passed")
        elif k == "new_bid":
            out.append(f"{nm(e[1])} started a bid on {cn(e[2])}")
        elif k == "card":
            out.append(f"{nm(e[1])} placed a {e[3]} on {cn(e[2])}")
        elif k == "fish_for":
            out.append(f"{nm(e[1])} traded a fish for {e[3]} {e[2]}")
        elif k == "pickup":
            out.append(f"{nm(e[1])} took the discarded {e[2]}"
                       + (" (Penguin Park)" if e[3] == "park" else ""))
        elif k == "unjam":
            out.append(f"{nm(e[1])} paid to remove an interference tile")
        elif k == "ship":
            out.append(f"{nm(e[1])} bought a ship for lane {e[2] + 1}")
        elif k == "harbour":
            out.append(f"{nm(e[1])} opened a harbour for {e[2]} coins")
        elif k == "adjust":
            out.append(f"{nm(e[1])} turned a {e[2]} into a {e[3]}")
        elif k == "reroll":
            out.append(f"{nm(e[1])} rerolls a {e[2]}")
        elif k == "rerolled":
            out.append(f"{nm(e[1])} rolled a {e[2]}")
        elif k == "cargo":
            reward = f": +{e[5]} {e[4]}" if e[4] else ""
            out.append(f"{nm(e[1])} loaded a good on {cn(e[2])}{reward}")
        elif k == "trade":
            out.append(f"{nm(e[1])} traded {e[2].replace('_', ' ')}")
        elif k == "lighthouse":
            out.append(f"{nm(e[1])} chose a hub for the Light House")
        elif k == "hospital":
            out.append(f"{nm(e[1])} removed {e[2]} interference tile(s) (Hospital)")
        elif k == "neko":
            out.append(f"{nm(e[1])} took {e[2]} coins and {e[3]} fuel (Neko Harbour)")
        elif k == "park_die":
            out.append(f"{nm(e[1])} put the discarded {e[3]} on {cn(e[2])}")
        elif k == "church":
            out.append(f"{nm(e[1])} put a losing die on a hub (Church)")
        elif k == "bonus":
            out.append(f"{nm(e[1])} took the starting bonus {e[2]}")
        elif k == "start_order":
            out.append("Starting order: " + ", ".join(nm(p) for p in e[1]))
        elif k == "post_office":
            out.append(f"{nm(e[1])} used the Post Office")
        else:
            out.append(" ".join(map(str, e)))
    return tuple(out)


def summary(game: NekoGame, s: NekoState) -> dict:
    """A plain summary of the state: round, phase, whose turn, each seat's supplies."""
    P = s.players
    return {"PP": scoring.scores(game, s), "coins": tuple(p.coins for p in P), "fuel": tuple(p.fuel for p in P),
            "goods": tuple(p.goods for p in P), "fish": tuple(p.fish for p in P),
            "interference": tuple(p.interference for p in P),
            "harbours": tuple(p.harbours for p in P), "ships": tuple(len(p.ships) for p in P),
            "cards": tuple(len(p.cards) for p in P), "dice": tuple(p.dice for p in P)}
