"""Golden greedy records for tests: the hash of one seeded game, and the check that a game
still gives its pinned hash (``tests/games/<game>/test_golden_greedy.py``, issue 12).

``from golden import record_hash, check_golden`` (tests/ is on the path, see conftest.py).
"""
from __future__ import annotations

import hashlib

import tabletop_nb
from tabletop_nb import play, replay
from tabletop_nb.games.neko.analysis import hubs_of as _neko_hubs_of
from tabletop_nb.games.neko.state import ACTION as _NEKO_ACTION
from tabletop_nb.games.neko.state import PREP as _NEKO_PREP
from tabletop_nb.games.neko.state import RESOLVE as _NEKO_RESOLVE
from tabletop_nb.games.neko.state import SETUP as _NEKO_SETUP


def record_hash(game, bots, seed) -> str:
    """The record's JSON (actions, scores, winners, counts) and the repr of its last state."""
    rec = play(game, bots, seed=seed)
    h = hashlib.sha256(rec.to_json().encode())
    h.update(state_text(game, replay(game, rec)[-1]).encode())
    return h.hexdigest()[:16]


#: Neko's state as the golden digests were pinned: one flat record (the fields in order)
_NEKO_FLAT = ("players", "phase", "round", "step", "order", "turn", "frames", "deck", "bottom",
              "piles", "area", "adv", "adv_pool", "bids", "discard", "tiles", "bonus_left", "hands",
              "picks", "main", "removed", "final", "events")
#: the flat fields that live in Neko's bidding area (``NekoState.area``) now, by their names there
_NEKO_AREA = {"area": "cards", "adv": "adv_cards", "bids": "bids", "piles": "piles", "adv_pool": "adv_pool"}
#: the old ``step`` outside setting up, resolving and preparing: setting up and preparing
#: both end at their step 3, which that one counter then kept until the next resolution
_NEKO_LAST_STEP = 3
#: Neko's player as the golden digests were pinned
_NEKO_PLAYER = ("coins", "fuel", "goods", "fish", "interference", "pp", "harbours", "lanes", "ships",
                "cards", "hubs", "cargo", "dice", "hub_dice", "card_dice", "bonus",
                "park_variant_round", "tile_adjust_used", "tile_reroll_used", "park_pickups_used",
                "picked_up", "lighthouse", "hospital_used", "harbour_city_used", "church_used")


def _flat(name: str, fields: tuple, value) -> str:
    return f"{name}({', '.join(f'{f}={value(f)!r}' for f in fields)})"


def _neko_flat(game, s) -> str:
    """The repr Neko's flat state of the pinned digests would have for ``s``: a projection of
    the nested state onto the old layout (each old field read from where it lives now), so the
    pinned digests still say that the same games end in the same positions."""
    def player(P):   # the hubs are derived from the lanes now (analysis.hubs)
        return _Repr(_flat("Player", _NEKO_PLAYER,
                           lambda f: _neko_hubs_of(game, P.lanes) if f == "hubs" else getattr(P, f)))

    def field(f):
        if f == "players":
            return tuple(player(P) for P in s.players)
        if f in ("hands", "picks"):   # in the dice draft's record now
            return getattr(s.draft, f)
        if f == "step":   # one counter then for three phases; a counter per phase now
            return {_NEKO_SETUP: s.setup_step, _NEKO_RESOLVE: s.resolution_step,
                    _NEKO_PREP: s.prep_step}.get(s.phase, _NEKO_LAST_STEP)
        if f == "turn":   # one counter then: the Action phase's index, else the seats done
            return s.turn if s.phase == _NEKO_ACTION else s.seats_done
        if f in _NEKO_AREA:   # in the bidding area's record now
            return getattr(s.area, _NEKO_AREA[f])
        if f == "main":   # a typed record now (None, TookFish, Bidding, Activated)
            main = s.main
            if main is None:
                return ()
            kind = type(main).__name__
            return {"TookFish": ("fish",), "Activated": ("act",)}.get(kind) \
                or ("bid", main.space, main.placed)
        return getattr(s, f)

    return _flat("NekoState", _NEKO_FLAT, field)


class _Repr(str):
    """A text whose repr is itself (a nested record's projected repr)."""

    def __repr__(self) -> str:
        return str(self)


def state_text(game, s) -> str:
    """The text of a final state that the golden digests hash: its repr, or for Neko's state
    its projection onto the flat layout the digests were pinned with (:func:`_neko_flat`)."""
    if type(s).__name__ == "NekoState":
        return _neko_flat(game, s)
    return repr(s)


def check_golden(name: str, rules: dict, bots, seed, expected: str) -> None:
    """The seeded game of ``name`` under ``rules`` gives the golden hash (a failure prints
    the new one, for a deliberate change of behaviour)."""
    game = tabletop_nb.load_game(name, **rules)
    got = record_hash(game, bots, seed)
    assert got == expected, f"{name} {rules} {bots} seed {seed}: record hash {got}, golden {expected}"
