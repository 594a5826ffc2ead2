"""The greedy bot asks the rules, it does not restate them: for each ``analysis`` query and
game method the bot reads (the hooks among them), a changed answer changes what it does.

The positions are the decisions of seeded greedy games, fixed before any change. For each
query a changed version is put where the bot reads it, and only there: the bot's
``analysis`` module is replaced by a copy with that one function changed (the engine keeps
the real one), or the game is a subclass whose method answers differently while its legal
actions stay the printed game's (``legal_actions`` and ``turn_actions_of`` are the base
game's). A fresh bot and a fresh game are asked at every position with the same generator
seeds, and the choices are compared with the unchanged bot's, at the positions where the
unchanged bot asks that query (none is a failure too: the bot does not ask). A bot that
kept its own copy of a rule, or answered from a cache filled before the change, would not
notice, and its case fails. The search bot's score estimate (``estimate_scores``) is
checked the same way for the game's final scoring.

The tests that give the bot a changed ``analysis`` query run on the source only: a compiled
bots module calls the compiled queries directly and would not see the copy (``make test``
runs this module again with ``TABLETOP_PURE=1``; tests/build checks that the compiled bots
choose as the source does). The tests of the game's methods (the hooks among them) run in
both modes: a compiled bot asks the game, an interpreted class, by attribute.
"""
from __future__ import annotations

import types
from pathlib import Path

import numpy as np
import pytest

import tabletop_nb
from tabletop_nb import CHANCE, TERMINAL, native
from tabletop_nb.games.neko import analysis
from tabletop_nb.games.neko import bots as neko_bots
from tabletop_nb.games.neko.engine import NekoGame

#: the tests that give the bot a changed analysis query run on the source only (see the module's docstring)
source_only = pytest.mark.skipif(native.MODE == "compiled", reason="source mode only: this test gives the bot a changed analysis query, which a compiled bot calls directly (make test runs it with TABLETOP_PURE=1; tests/build/test_build.py::test_the_compiled_bots_choose_as_the_source_bots_do checks the compiled bots against the source)")

#: seats and seeds of the games the positions come from
GAMES = ((2, range(3)), (3, range(2)), (4, range(3)))


#: the games whose positions try a query that the games above never make decide (a die
#: one face from a hub's multiplier, with a Penguin Park tile or fuel to turn it)
GAMES_FOR = {"adjusted": ((2, (7, 15, 18, 21)),)}


def _positions(games) -> list:
    """(players, state) at every decision with more than one legal action of ``games``."""
    out = []
    for players, seeds in games:
        game = tabletop_nb.load_game("neko", players=players)
        for seed in seeds:
            for s in tabletop_nb.replay(game, tabletop_nb.play(game, "greedy", seed=seed)):
                p = game.current_player(s)
                if p not in (CHANCE, TERMINAL) and len(game.legal_actions(s)) > 1:
                    out.append((players, s))
    return out


@pytest.fixture(scope="module")
def positions():
    """(players, state) at every decision with more than one legal action."""
    return _positions(GAMES)


def _choices(positions, game_cls=NekoGame, asked=None) -> list:
    """A fresh greedy bot's choice at each position (a fresh game of ``game_cls`` per seat
    count, so no cache filled before answers), with generator seed ``i`` at position ``i``;
    with ``asked`` (a list), the indices of the positions where ``asked`` grew."""
    bot = neko_bots.GreedyBot()
    games: dict = {}
    out = []
    for i, (players, s) in enumerate(positions):
        game = games.get(players)
        if game is None:
            game = games[players] = game_cls(players=players)
        n = len(asked) if asked is not None else 0
        out.append(bot(game, s, np.random.default_rng(i)))
        if asked is not None and len(asked) > n:
            del asked[n:]
            asked.append(i)
    return out


@pytest.fixture(scope="module")
def printed(positions):
    return _choices(positions)


def _compare(positions, printed, asked: list, game_cls=NekoGame) -> tuple[int, int]:
    """(positions where the bot asked, of them those whose choice changed) with
    ``game_cls``; ``asked`` is filled by the changed query as the bot asks it."""
    changed = _choices(positions, game_cls, asked)
    where = sorted(set(asked))
    return len(where), sum(changed[i] != printed[i] for i in where)


def _changed_analysis(name: str, change):
    """A copy of the analysis module with ``name`` replaced by ``change(original)``."""
    copy = types.ModuleType("analysis_changed")
    copy.__dict__.update(vars(analysis))
    setattr(copy, name, change(getattr(analysis, name)))
    return copy


#: analysis query -> a plausible other rule (``change(original) -> function``)
ANALYSIS_CHANGES = {
    # NK-ACT-13, NK-BID-05: the count rule never lets a turn end early
    "can_end_turn": lambda f: lambda game, s, p: not f(game, s, p),
    # NK-BID-09: a space holds the card of the space after it (where that one holds one)
    "card_on_space": lambda f: lambda game, s, sp: _next_card(f, game, s, sp),
    # NK-RES-05..07: nobody can take the lead
    "dice_to_lead": lambda f: lambda *a, **k: None,
    # NK-BB-02, NK-PLC-02: every card 4 coins dearer
    "lowest_price": lambda f: lambda *a, **k: _plus(f(*a, **k), 4),
    # NK-BID-03, NK-BID-04: no space open for a bid
    "open_bid_spaces": lambda f: lambda *a, **k: [],
    # NK-PLC-01..03: only the last slot of the list is a place for a card
    "placements": lambda f: lambda *a, **k: f(*a, **k)[-1:],
    # NK-BB-01, NK-PO-02: no discount on a card offered
    "purchase_discount": lambda f: lambda *a, **k: 0,
    # NK-TRV-01: a move's travel worth 5 PP more
    "travel_pp_after": lambda f: lambda *a, **k: f(*a, **k) + 5,
    # NK-HUB-07, NK-HUB-02: each hub's multiplier one higher (a 6 becomes a 1)
    "hubs": lambda f: lambda game, P: tuple((k, m % 6 + 1, it) for k, m, it in f(game, P)),
    # NK-ACT-09: no hub takes a die
    "vacant_hubs": lambda f: lambda *a, **k: [],
    # NK-RWD-08, NK-ADS-04: nothing offered
    "offered_cards": lambda f: lambda *a, **k: type(f(*a, **k))(),
    # NK-FA-15, NK-PP-03: a die turned +1 goes down one face and -1 up one (a sign slip)
    "adjusted": lambda f: lambda value, delta: f(value, -delta),
    # NK-HC-02: a Harbour City die makes the next harbour free
    "harbour_price_after": lambda f: lambda *a, **k: -100,
}


def _next_card(f, game, s, sp):
    """The card on the space after ``sp`` in resolution order, or ``sp``'s when that is empty."""
    order = game.res_order
    c = f(game, s, order[(order.index(sp) + 1) % len(order)])
    return c if c >= 0 else f(game, s, sp)


def _plus(v, n):
    """``v + n`` for a number, None (no price possible) kept."""
    return v if v is None else v + n


def _bots_source() -> str:
    """bots.py's text (read from its file: a compiled module has no source to inspect)."""
    return (Path(tabletop_nb.__file__).parent / "games" / "neko" / "bots.py").read_text()


def test_every_analysis_query_the_bot_reads_is_checked():
    """The cases above cover every ``analysis.<name>`` the bot module calls."""
    import re

    called = set(re.findall(r"\banalysis\.([a-z_]+)\(", _bots_source()))
    assert called and called <= set(ANALYSIS_CHANGES), called - set(ANALYSIS_CHANGES)


@source_only
@pytest.mark.parametrize("name", sorted(ANALYSIS_CHANGES))
def test_the_bot_follows_a_changed_analysis_query(name, positions, printed, monkeypatch):
    asked: list = []
    change = ANALYSIS_CHANGES[name]

    def counted(f):
        g = change(f)

        def call(*a, **k):
            asked.append(None)
            return g(*a, **k)
        return call

    if name in GAMES_FOR:
        positions = _positions(GAMES_FOR[name])
        printed = _choices(positions)
    monkeypatch.setattr(neko_bots, "analysis", _changed_analysis(name, counted))
    n, changed = _compare(positions, printed, asked)
    assert n and changed, f"the greedy bot asked analysis.{name} at {n} positions and did not notice its change"


def _variant(name: str, body, asked: list):
    """A NekoGame whose method ``name`` is ``body(self, original, *args)`` (each call
    noted in ``asked``); its legal actions stay the printed game's, so only what the bot
    reads of ``name`` changes."""
    original = getattr(NekoGame, name)

    def method(self, *args):
        asked.append(None)
        return body(self, lambda *a: original(self, *a), *args)

    class Changed(NekoGame):
        def legal_actions(self, s):
            return NekoGame(players=self.rules.players).legal_actions(s)

        def turn_actions_of(self, s, kind):
            return NekoGame(players=self.rules.players).turn_actions_of(s, kind)

    setattr(Changed, name, method)
    Changed.__name__ = f"Changed_{name}"
    return Changed


#: game method (hook or query) -> ``body(game, original, *args)``: a plausible other rule
GAME_CHANGES = {
    # hooks
    "fish_taken": lambda g, f, s, seat, v: 10,                         # NK-ACT-06
    "wins_tie": lambda g, f, s, p, q: not f(s, p, q),                 # NK-RES-05
    "card_price": lambda g, f, P, card, d: f(P, card, d) + 5,         # NK-BB-02
    "gap_coins": lambda g, f, lane, slot: 6 * f(lane, slot) + 3,      # NK-PLC-02
    "ship_price": lambda g, f, P: 0,                                  # NK-FA-09
    "harbour_price": lambda g, f, P: 0,                               # NK-HC-02
    "travel_pp": lambda g, f, P: f(P) + 20 * sum(b for _, b, _ in P.ships),  # NK-TRV-01
    "interference_penalty": lambda g, f, n: -20 * n,                  # NK-FIN-06
    # queries of the cards and the lanes
    "count_kind": lambda g, f, P, kind: f(P, kind) + 2,               # NK-CARD-03
    "owned_card": lambda g, f, P, e: None if f(P, e) is not None else (P.cards + (None,))[0],  # NK-CARD-02
    "blue_bar_discount": lambda g, f, P: f(P) + 3,                    # NK-BB-01
    "hub_at": lambda g, f, P, key: (6, "goods"),                      # NK-HUB-04
    "crossed": lambda g, f, P, lane: 0,                               # NK-TRV-02
}


def test_every_game_method_the_bot_reads_is_checked():
    """The cases above cover every hook, and every game method the bot calls but the
    protocol's, those read as tables (``profile``) and ``next_stop`` (the board's
    geometry, no rule)."""
    import re

    from tabletop_nb import hooks

    called = set(re.findall(r"\bgame\.([a-z_]+)\(", _bots_source()))
    protocol = {"apply", "current_player", "initial_state", "legal_actions", "position",
                "sample_chance", "scores", "turn_actions_of"}
    assert set(hooks("neko").names) <= set(GAME_CHANGES)
    assert called - protocol - {"profile", "next_stop"} <= set(GAME_CHANGES) | {"final_breakdown", "port_unlocked"}, \
        called - protocol - set(GAME_CHANGES)


@pytest.mark.parametrize("name", sorted(GAME_CHANGES))
def test_the_bot_follows_a_changed_game_method(name, positions, printed):
    asked: list = []
    n, changed = _compare(positions, printed, asked, _variant(name, GAME_CHANGES[name], asked))
    assert n and changed, f"the greedy bot asked game.{name} at {n} positions and did not notice its change"


def test_the_search_estimate_follows_a_changed_final_scoring(positions):
    """NK-FIN: the search bot's truncated rollouts estimate each seat's score from the
    game's ``final_breakdown``: ten PP more per card changes the estimates."""
    asked: list = []
    changed_cls = _variant("final_breakdown", lambda g, f, P: f(P)[:-1] + (f(P)[-1] + 10 * len(P.cards),),
                           asked)
    games = {n: (NekoGame(players=n), changed_cls(players=n)) for n, _ in GAMES}
    late = [(n, s) for n, s in positions if s.round >= 3][::10]
    assert late
    differ = sum(neko_bots.estimate_scores(games[n][0], s) != neko_bots.estimate_scores(games[n][1], s)
                 for n, s in late)
    assert asked and differ


def test_a_ships_move_is_valued_by_the_games_port_rule(positions):
    """NK-PORT-03: the worth the bot gives a ship's move across a port asks the game
    whether the port is unlocked (the choice turns on it rarely: its worth is compared)."""
    from tabletop_nb.games.neko.state import MoveShip

    asked: list = []
    changed_cls = _variant("port_unlocked", lambda g, f, P, card: not f(P, card), asked)
    games = {n: (NekoGame(players=n), changed_cls(players=n)) for n, _ in GAMES}
    differ = 0
    for n, s in positions:
        base, changed = games[n]
        moves = [a for a in base.legal_actions(s) if type(a) is MoveShip]
        P = s.players[base.current_player(s)]
        differ += sum(neko_bots._move_worth(base, s, P, a) != neko_bots._move_worth(changed, s, P, a)
                      for a in moves)
    assert asked and differ
