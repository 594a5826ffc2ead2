"""Every rule the checklists mark AMBIGUOUS is ruled in its game's RULINGS.md, and the
checklist copies in docs/rules/ match the shared originals (when those are beside us)."""
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
GAMES = {"pebble_rock": "PR", "neko": "NK", "pacal": "PC"}
SHARED = ROOT.parent / "shared" / "rules"


def ambiguous_ids(text: str, prefix: str) -> set[str]:
    out = set()
    for line in text.splitlines():
        if "AMBIGUOUS" in line:
            out.update(re.findall(rf"\*\*({prefix}-[A-Z0-9]+-\d+[a-z]?)\*\*", line))
    return out


@pytest.mark.parametrize("game,prefix", GAMES.items())
def test_every_ambiguous_rule_is_ruled(game, prefix):
    checklist = (ROOT / "docs" / "rules" / f"{game}.checklist.md").read_text(encoding="utf-8")
    rulings = (ROOT / "tabletop_nb" / "games" / game / "RULINGS.md").read_text(encoding="utf-8")
    ambiguous = ambiguous_ids(checklist, prefix)
    assert len(ambiguous) >= 15
    ruled = set(re.findall(rf"{prefix}-[A-Z0-9]+-\d+[a-z]?", rulings))
    assert not ambiguous - ruled, f"not ruled in RULINGS.md: {sorted(ambiguous - ruled)}"


@pytest.mark.parametrize("game", GAMES)
def test_checklist_copy_is_current(game):
    original = SHARED / f"{game}.checklist.md"
    if not original.exists():
        return  # a checkout without the shared folder beside it: the copy is all there is
    copy = ROOT / "docs" / "rules" / f"{game}.checklist.md"
    assert copy.read_text(encoding="utf-8") == original.read_text(encoding="utf-8"), \
        f"docs/rules/{game}.checklist.md is stale: cp ../shared/rules/*.checklist.md docs/rules/"
