"""The bots ask the rules, they do not restate them: for every query of
:mod:`~tabletop_nb.games.pebble_rock.analysis` that bots.py calls, a plausible wrong version
of it (given to the bots alone) changes the greedy bot's choices in seeded positions.

A bot that had its own copy of the rule (the hold's room worked out from the items, the
final round from the round number, the occupied spaces from the boats) would not see the
change, and its test here fails. The game's hooks are the other way a rule reaches the
bots: tests/games/pebble_rock/test_hooks_bots.py changes each hook with a house rule; the
last test here checks that every hook bots.py names is one of them.

The tests that give the bots a wrong query patch bots.py's ``analysis``: a compiled bots
module calls the compiled queries directly and would not see it, so they run on the source
(``make test`` runs this module again with ``TABLETOP_PURE=1``) and are skipped in compiled
mode, where tests/build checks that the compiled bots choose as the source does.
"""
from __future__ import annotations

import ast
import importlib.util
import types
from pathlib import Path

import numpy as np
import pytest

import tabletop_nb as tt
from tabletop_nb import CHANCE, native
from tabletop_nb.games.pebble_rock import analysis
from tabletop_nb.games.pebble_rock import bots as B
from tabletop_nb.games.pebble_rock.frames import DockRefill
from tabletop_nb.games.pebble_rock.state import ChooseDice, Roll, Step, replace

#: the tests that patch what bots.py sees run on the source only (see the module's docstring)
source_only = pytest.mark.skipif(native.MODE == "compiled", reason="source mode only: this test patches an analysis query, which a compiled bot calls directly (make test runs it with TABLETOP_PURE=1; tests/build/test_build.py::test_the_compiled_bots_choose_as_the_source_bots_do checks the compiled bots against the source)")

#: query -> a wrong version of it (of the real one), the bots' only view of the rule
WRONG = {
    # PR-PASS-05, PR-ITEM-UPG-01: the hold one space smaller
    "hold_room": lambda real: lambda game, s, seat: real(game, s, seat) - 1,
    # PR-PASS-03, PR-TREAS-03: no passenger or treasure ever fits
    "can_take_on_board": lambda real: lambda game, s, seat: False,
    # PR-DELIV-03: no cargo card is ever deliverable
    "can_deliver": lambda real: lambda game, player, card: False,
    # PR-DELIV-06: odd cards pay 5 more
    "delivery_points": lambda real: lambda game, card: real(game, card) + (5 if card % 2 else 0),
    # PR-FINAL-01: every round is the last
    "final_round": lambda real: lambda game, s: True,
    # PR-MOVE-04: a boat may stop anywhere
    "occupied": lambda real: lambda s, seat: set(),
    # PR-CHAR-02: every character counts as met already
    "has_met": lambda real: lambda s, character: True,
    # PR-JET-02: a jetstream costs 3 fish
    "jetstream_fee": lambda real: lambda game, s, seat: real(game, s, seat) + 3,
    # PR-FISH-01: three steps more than the fish buy
    "movement_left": lambda real: lambda s, seat: real(s, seat) + 3,
    # the move's options with no step told apart from the rest
    "move_options": lambda real: lambda game, s: ([], sum(real(game, s), [])),
    # every decision of the queue read as a dock's
    "pending": lambda real: lambda s: None if real(s) is None else DockRefill(),
    # PR-SCORE-07: the other halves met (the search bot's worlds)
    "assignment_halves_met": lambda real: lambda game, s, seat: 3 - real(game, s, seat),
    # PR-ITEM-01: the Item slots always full (the Market is never worth a detour)
    "items_full": lambda real: lambda game, player: True,
    # PR-CHAR-03: the other reading of whether a meeting uses up the interaction
    "interaction_counts": lambda real: lambda game, how: not real(game, how),
    # PR-MOVE-11: the start space counts (nothing to step off for)
    "space_actions_open": lambda real: lambda game, s: True,
    # PR-ITEM-JAM-01: the Jam Sandwich adds no movement
    "jam_steps": lambda real: lambda game, s: 0,
    # PR-TREAS-05: Roberto takes no treasure anywhere
    "treasure_delivery_spaces": lambda real: lambda game, s: frozenset(),
    # PR-DANGER-06: no jetstream token can trigger
    "jetstream_live": lambda real: lambda s, space: False,
    # PR-DICE-01, PR-DICE-02: Steady rolls the Danger die and Speedy the Resource die
    "dice_of": lambda real: lambda game, choice: (real(game, choice)[0],
                                                  real(game, _SWAPPED.get(choice, choice))[1]),
    # PR-RES-03, PR-DANGER-02, PR-DANGER-03: no symbol brings a character
    "symbol_character": lambda real: lambda symbol: None,
    # PR-CHAR-11, PR-CHAR-12: Roberto takes only regular cargo, never a passenger or treasure
    "roberto_loot": lambda real: lambda game, player: ("cargo",) if real(game, player) else (),
    # PR-SCORE-06: the Lighthouse token worth 5 more
    "lighthouse_points": lambda real: lambda game: real(game) + 5,
    # PR-RES-05: Winds doubles nothing
    "die_movement": lambda real: lambda roll, symbol: roll,
    # PR-SETUP-10: the first undealt Assignment card missing from the box (the worlds)
    "assignment_box": lambda real: lambda game, s: real(game, s)[1:],
    # one card more dealt to every seat than the rules deal (the worlds)
    "assignment_cards_dealt": lambda real: lambda game, s, seat: real(game, s, seat) + 1,
    # every seat's choice read the other way round (the worlds)
    "assignment_chosen": lambda real: lambda s, seat: not real(s, seat),
    # PR-SCORE-07: halves met in play read as not kept (the worlds)
    "halves_noted_in_play": lambda real: lambda game: not real(game),
}

#: the dice choices whose Resource or Danger dice the wrong ``dice_of`` swaps
_SWAPPED = {"steady": "speedy", "speedy": "steady"}

#: the queries only the search bot's worlds (``determinize``) ask
WORLDS = {"assignment_halves_met", "assignment_box", "assignment_cards_dealt", "assignment_chosen",
          "halves_noted_in_play"}
#: queries tried with others made wrong in both runs: a jetstream's danger is weighed only
#: when riding one costs fish, which the printed game never charges
ALSO_WRONG = {"jetstream_live": ("jetstream_fee",)}


def _bots_source() -> str:
    """bots.py's text (read from its file: a compiled module has no source to inspect)."""
    return (Path(tt.__file__).parent / "games" / "pebble_rock" / "bots.py").read_text()


def _analysis_names_in_bots() -> set[str]:
    tree = ast.parse(_bots_source())
    return {n.attr for n in ast.walk(tree) if isinstance(n, ast.Attribute)
            and isinstance(n.value, ast.Name) and n.value.id == "analysis"}


def _bots_see(monkeypatch, *names):
    """Give bots.py (alone: the engine keeps the real rule) the wrong ``names``."""
    wrong = types.SimpleNamespace(**{k: getattr(analysis, k) for k in analysis.__all__})
    for name in names:
        setattr(wrong, name, WRONG[name](getattr(analysis, name)))
    monkeypatch.setattr(B, "analysis", wrong)


def _positions(game, seeds):
    """(state as its seat sees it, seat) at every decision of seeded greedy games."""
    out = []
    for seed in seeds:
        rng = np.random.default_rng(seed)
        bot = B.GreedyBot()
        s = game.initial_state()
        while not game.is_terminal(s):
            p = game.current_player(s)
            if p == CHANCE:
                s = game.apply_trusted(s, game.sample_chance(s, rng))
                continue
            view = game.observation(s, p)
            if len(game.legal_actions(view)) > 1:
                out.append(view)
            s = game.apply_trusted(s, bot(game, view, rng))
    return out


def _jetstream_ahead(game, positions):
    """The positions of the move where the greedy bot steps, with a jetstream token put on
    the space it steps to (a fee on it is then a danger on its way)."""
    out = []
    bot = B.GreedyBot()
    for s in positions:
        if s.phase == "move" and not s.todo:
            a = bot(game, s, None)
            if type(a) is Step:
                out.append(replace(s, jets=s.jets | {a.to}))
    return out


def _shell_offers(game):
    """The Lucky Shell's offer straight after the roll (PR-ITEM-SHELL-02), for every face of
    the dice of each choice (seat 0 alone last, so catch-up is one): a danger symbol or a low
    roll not doubled is worth a reroll."""
    out = []
    base = game.position(boats=[20, 38, 39, 47], items=[["lucky_shell"], [], [], []],
                         scores=[0, 1, 1, 1])
    for choice in ("steady", "speedy", "catch_up"):
        chosen = game.apply(base, ChooseDice(choice))
        for roll, _ in game.chance_outcomes(chosen):
            assert isinstance(roll, Roll)
            s = game.apply(chosen, roll)
            if type(analysis.pending(s)).__name__ == "OfferReroll":
                out.append(s)
    return out


def _robbed_of_more(game):
    """The dice choice of a boat whose hold is one treasure (no regular cargo), at every
    space: Roberto, whom the Danger die can bring, would take the treasure (PR-CHAR-12)."""
    spaces = sorted(game.initial_state().table.treasure_spaces)
    out = []
    for boat in range(game.info.n):
        for fish in (0, 2):
            try:
                out.append(game.position(boats=[boat, 38, 39, 47], cargo=[0, 0, 0, 0],
                                         fish=[fish, 0, 0, 0], treasures=[[spaces[0]], [], [], []],
                                         treasure_spaces=spaces[1:]))
            except tt.TabletopError:
                continue  # (a boat on another's space, a character's)
    return out


def _sailing_from_every_space(game, **table):
    """Seat 0 in round 3 with the Steady die's 3, two Cargo tokens and three cargo cards in
    the row (two it can deliver), its boat on each space in turn, ``table`` besides."""
    out = []
    for boat in range(game.info.n):
        try:
            out.append(game.position(boats=[boat, 38, 39, 47], cargo=[2, 0, 0, 0], row=[3, 9, 11],
                                     round=3, step="move", dice="steady", roll=3, **table))
        except tt.TabletopError:
            continue  # (a boat on a character's space)
    return out


GAME = tt.load_game("pebble_rock", players=4)
POSITIONS = _positions(GAME, (1, 2, 3))
#: where each query is tried: the seeded positions; for the fee jetstreams on the way; for
#: what the Lucky Shell rerolls its offers after every roll; for what Roberto takes boats
#: holding a treasure only; for the Jam Sandwich and the start space a boat on every space
#: where they decide (in the seeded games each changed a single choice)
TRIED = {name: POSITIONS for name in WRONG}
TRIED["jetstream_fee"] = TRIED["jetstream_live"] = _jetstream_ahead(GAME, POSITIONS)
TRIED["die_movement"] = TRIED["symbol_character"] = _shell_offers(GAME)
TRIED["roberto_loot"] = _robbed_of_more(GAME)
#: the Jam Sandwich: the die's movement spent, one fish and a Jam Sandwich left
TRIED["jam_steps"] = _sailing_from_every_space(GAME, movement=0, moved=3, fish=[1, 0, 0, 0],
                                               items=[["jam_sandwich"], [], [], []])
#: the start space: the move not yet begun, the boat perhaps beside a delivery's island
TRIED["space_actions_open"] = _sailing_from_every_space(GAME, movement=3)


def _choices(game, positions):
    bot = B.GreedyBot()  # a new planner: nothing kept from another run
    rng = np.random.default_rng(0)
    return [bot(game, s, rng) for s in positions]


def test_every_query_the_bots_ask_has_a_wrong_version_here():
    """A query newly asked by bots.py needs its case here (and every case is still asked)."""
    assert _analysis_names_in_bots() == set(WRONG)


@source_only
@pytest.mark.parametrize("name", sorted(set(WRONG) - WORLDS))
def test_a_wrong_query_changes_the_greedy_bots_choices(monkeypatch, name):
    """PR-PASS-05, PR-PASS-03, PR-DELIV-03, PR-DELIV-06, PR-FINAL-01, PR-MOVE-04, PR-CHAR-02,
    PR-JET-02, PR-FISH-01, PR-ITEM-01, PR-CHAR-03, PR-MOVE-11, PR-ITEM-JAM-01, PR-DANGER-06, PR-TREAS-05,
    PR-DICE-01, PR-DICE-02, PR-RES-03, PR-RES-05, PR-DANGER-02, PR-DANGER-03, PR-CHAR-11,
    PR-CHAR-12, PR-SCORE-06 (each query's rule): the greedy bot given the wrong query
    chooses otherwise in some seeded position."""
    _bots_see(monkeypatch, *ALSO_WRONG.get(name, ()))
    right = _choices(GAME, TRIED[name])
    _bots_see(monkeypatch, *ALSO_WRONG.get(name, ()), name)
    wrong = _choices(GAME, TRIED[name])
    changed = sum(a != b for a, b in zip(right, wrong))
    assert changed > 0, f"the greedy bot does not ask analysis.{name}"


#: a game that hides the Assignment cards and notes the halves met in play
_WORLDS_GAME = tt.load_game("pebble_rock", players=3, assignment_check="any_time")
#: positions of a seeded game: every setup decision (cards still being dealt and kept), and
#: one decision in ten of the turns
_WORLDS_AT = [s for s in _positions(_WORLDS_GAME, (4,)) if s.phase == "setup"] + \
    [s for s in _positions(_WORLDS_GAME, (4,)) if s.phase in ("choose", "move")][::10]


@source_only
@pytest.mark.parametrize("name", sorted(WORLDS))
def test_a_wrong_query_changes_the_search_bots_worlds(monkeypatch, name):
    """PR-SCORE-07, PR-SETUP-10: the search bot's worlds (``determinize``) deal the hidden
    seats' Assignment cards from analysis.assignment_box, as many as
    analysis.assignment_cards_dealt says, keep one when analysis.assignment_chosen says so,
    and note the halves met (analysis.assignment_halves_met) when analysis.halves_noted_in_play."""
    game = _WORLDS_GAME

    def worlds():
        return [B.determinize(game, s, game.current_player(s), np.random.default_rng(1)).secret
                for s in _WORLDS_AT]

    right = worlds()
    _bots_see(monkeypatch, name)
    assert sum(a != b for a, b in zip(right, worlds())) > 0, f"determinize does not ask analysis.{name}"


def test_the_hooks_bots_py_names_are_the_house_rules_of_test_hooks_bots():
    """A hook bots.py calls by name (``game.maisy_cargo(...)``) is changed by a house rule in
    test_hooks_bots.py, which checks that the bots follow it."""
    # (by its path: another game's tests folder has a module of the same name)
    spec = importlib.util.spec_from_file_location(
        "pebble_rock_test_hooks_bots", Path(__file__).with_name("test_hooks_bots.py"))
    assert spec is not None and spec.loader is not None
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    VARIANTS = mod.VARIANTS
    hooks = set(tt.hooks("pebble_rock").names)
    tree = ast.parse(_bots_source())
    named = {n.attr for n in ast.walk(tree) if isinstance(n, ast.Attribute)
             and isinstance(n.value, ast.Name) and n.value.id == "game" and n.attr in hooks}
    assert named and named <= set(VARIANTS)
