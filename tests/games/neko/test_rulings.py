"""RULINGS.md rules every item the checklist marks AMBIGUOUS, and every switch it names exists."""
from __future__ import annotations

import re
from pathlib import Path


import tabletop_nb
from tabletop_nb.games.neko.rules import Rules

ROOT = Path(__file__).resolve().parents[3]
CHECKLIST = ROOT / "docs" / "rules" / "neko.checklist.md"
RULINGS = ROOT / "tabletop_nb" / "games" / "neko" / "RULINGS.md"


def test_every_ambiguous_item_is_ruled():
    ambiguous = set()
    for line in CHECKLIST.read_text(encoding="utf-8").splitlines():
        if "**AMBIGUOUS**" in line:
            ambiguous.update(re.findall(r"\*\*(NK-[A-Z]+-\d+)\*\*", line))
    ruled = set(re.findall(r"NK-[A-Z]+-\d+", RULINGS.read_text(encoding="utf-8")))
    assert len(ambiguous) >= 40
    assert ambiguous <= ruled, sorted(ambiguous - ruled)


def test_switches_named_in_rulings_exist():
    text = RULINGS.read_text(encoding="utf-8")
    names = set(re.findall(r"`([a-z_]+)=", text))
    fields = {f.name for f in Rules.fields_info()}
    assert names and names <= fields, sorted(names - fields)
    game = tabletop_nb.load_game("neko", players=2)
    for name in names:
        info = next(f for f in Rules.fields_info() if f.name == name)
        if info.type is bool:
            assert game.with_rules(**{name: not info.default}).rules != game.rules


def test_the_other_readings_play_whole_games():
    """NK-HO-02 (b) and NK-PP-09 (i)(b) switched on: random games end with every invariant
    kept (the readings' own effects are tested in test_cards.py)."""
    from playout import play_out

    from tabletop_nb.games.neko import invariants
    game = tabletop_nb.load_game("neko", players=3, hospital_needs_die=True,
                                 park_pickup_per_turn=True)
    for seed in range(2):
        s = play_out(game, game.initial_state(), seed, invariants)
        assert len(game.scores(s)) == 3
