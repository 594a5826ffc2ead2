"""docs/DESIGN.md is a copy of the lead's design contract (../shared/DESIGN.md) so the
repository stands alone: it must say the same, but for the path to the rules folder."""
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SHARED = ROOT.parent / "shared" / "DESIGN.md"
COPY = ROOT / "docs" / "DESIGN.md"


def _body(text: str) -> str:
    if text.startswith("<!--"):
        text = text[text.index("-->") + 4:]
    return text.replace("docs/rules/README.md", "../shared/rules/README.md")


def test_design_copy_is_in_the_repository():
    text = COPY.read_text()
    assert "## The game protocol" in text and "## Interactive layer" in text


def test_design_copy_is_current():
    if not SHARED.exists():
        return  # a checkout without the shared folder beside it: the copy is all there is
    assert _body(COPY.read_text()) == SHARED.read_text(), \
        "docs/DESIGN.md is stale: copy ../shared/DESIGN.md over it, keeping its first comment " \
        "and the docs/rules/README.md path"
