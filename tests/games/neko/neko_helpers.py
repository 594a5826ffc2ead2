"""Hand-built positions for the Neko rule tests.

The checklist asks for test cards with explicit values (``card(...)``), added to the
game's card list with ids from 100 up, and tiny positions built field by field
(``table(...)``): every number a test checks comes from the test itself, not from the
reconstructed card data.
"""
from __future__ import annotations

from dataclasses import replace

from tabletop_nb.games.neko.engine import (ACTION, BONUS, DRAFT, ENDGAME, INCOME, MARKET, OVER,
                                           PARK, POST, PREP, RESOLVE, REWARD, ROLL, SETUP, NekoGame)
from tabletop_nb.games.neko.frames import as_frames
from tabletop_nb.games.neko.rules import Card, Cargo, PortHub, Rules
from tabletop_nb.games.neko.state import BiddingArea, DiceDraft, NekoState, Player

__all__ = ["card", "port", "make_game", "player", "table", "E", "Cargo", "PortHub", "ACTION",
           "BONUS", "DRAFT", "ENDGAME", "INCOME", "MARKET", "OVER", "PARK", "POST", "PREP",
           "RESOLVE", "REWARD", "ROLL", "SETUP", "replace", "legal_types", "run_to"]

E = -1  # an empty slot


def card(id: int, kind: str = "ocean_bank", cost: int = 4, pp: int = 1, left: int = 1,
         right: str = "fuel", effect: str = "", activate=(), cargo=(), hubs=(),
         interference: int = 0, period: int = 1, name: str | None = None, **kw) -> Card:
    """A test card with explicit values."""
    return Card(id=id, name=name or f"{kind}-{id}", kind=kind, period=period, cost=cost, pp=pp,
                left=left, right=right, effect=effect, activate=tuple(activate),
                cargo=tuple(Cargo(*c) if isinstance(c, tuple) else Cargo(c, 1 if c else 0)
                            for c in cargo),
                hubs=tuple(PortHub(*h) for h in hubs), interference=interference, **kw)


def port(id: int, cargo=("", "coins"), hubs=((1, "fuel"),), cost: int = 4, pp: int = 7,
         left: int = 2, right: str = "fuel", **kw) -> Card:
    """A test port (the checklist's example port by default)."""
    return card(id, kind="port", cost=cost, pp=pp, left=left, right=right, cargo=cargo, hubs=hubs,
                name=kw.pop("name", f"Port-{id}"), **kw)


def make_game(players: int = 2, cards=(), **rules) -> NekoGame:
    """The game with these test cards added to the card list."""
    base = Rules().cards
    return NekoGame(players=players, cards=base + tuple(cards), **rules)


def player(game: NekoGame, lanes=None, ships=((0, 0, 0),), harbours=None, **kw) -> Player:
    """A player with these lanes (lists of card ids, E for empty); cards derived."""
    if lanes is None:
        lanes = [[E] * game.rules.lane_slots]
    lanes = tuple(tuple(list(l) + [E] * (game.rules.lane_slots - len(l))) for l in lanes)
    cards = tuple(sorted(c for l in lanes for c in l if c >= 0))
    return Player(lanes=lanes, cards=cards, ships=tuple(sorted(ships)),
                  harbours=harbours if harbours is not None else len(lanes), **kw)


def table(game: NekoGame, players, *, phase: int = ACTION, frames=None, round: int = 1,
          order=None, area=None, adv=None, bids=None, discard=(), setup_step: int = 0, resolution_step: int = 0, prep_step: int = 0,
          turn: int = 0, seats_done: int = 0,
          main=None, deck=((), ()), bottom=((), ()), piles=(), tiles=(0, 1, 2, 3), removed=(),
          hands=(), picks=()) -> NekoState:
    """A position; ``bids`` is ``{space: {player: dice}}``; frames default to player 0's turn."""
    N = game.num_players
    players = tuple(players) + tuple(Player() for _ in range(N - len(players)))
    rows = [[()] * N for _ in range(game.area_spaces + game.advanced_spaces)]
    for sp, by in (bids or {}).items():
        for p, dice in by.items():
            rows[sp][p] = tuple(sorted(dice))
    if frames is None:
        frames = (("turn", 0),) if phase == ACTION else ()
    return NekoState(
        players=players, phase=phase, round=round, setup_step=setup_step,
        resolution_step=resolution_step, prep_step=prep_step,
        order=tuple(order) if order is not None else tuple(range(N)), turn=turn, seats_done=seats_done,
        frames=as_frames(frames), deck=tuple(tuple(sorted(d)) for d in deck),
        bottom=tuple(tuple(b) for b in bottom),
        area=BiddingArea(
            cards=(tuple(area) + (-1,) * game.area_spaces)[:game.area_spaces] if area is not None
            else (-1,) * game.area_spaces,
            adv_cards=tuple(adv) if adv is not None else (-1,) * game.advanced_spaces,
            bids=tuple(tuple(r) for r in rows), piles=tuple(sorted(piles)), adv_pool=()),
        discard=tuple(sorted(discard)), tiles=tuple(tiles),
        bonus_left=(), draft=DiceDraft(hands=tuple(tuple(sorted(h)) for h in hands), picks=tuple(picks)),
        main=main, removed=tuple(removed), final=())


def legal_types(game, s) -> set[str]:
    return {type(a).__name__ for a in game.legal_actions(s)}


def run_to(game, s, actions):
    """Apply each action in turn (checked against the legal ones) and return the last state."""
    for a in actions:
        s = game.apply(s, a)
    return s
