"""The columns of ``simulate``'s table, in one small module of their own.

``core/runner.py`` builds its DataFrame with them and ``core/checkpoint.py`` writes and
reads its lines with them; runner uses checkpoint, so the table's shape lives below both
rather than in runner (which would make the two import each other).
"""
from __future__ import annotations

__all__ = ["COLUMNS"]

#: the columns ``simulate`` always returns, in order
COLUMNS = ("game", "seed", "spawn_key", "seat", "bot", "score", "rank", "winner",
           "shared_win", "turns", "actions", "lead_changes", "winner_led_at_half", "tie_break")
