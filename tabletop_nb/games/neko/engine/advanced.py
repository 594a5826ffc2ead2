"""Advanced Game: advanced cards and the advanced setup's display.

Rulebook "Advanced Game", "Start a New Bid", "Advanced Card Clarification" (checklist
sections 23-24: NK-ADV-01..11, NK-ADS-01..05); worked example NK-EX-33. The advanced
cards' spaces are resolved first (``res_order``, :mod:`.setup`).
Tests: tests/games/neko/test_advanced.py.
"""
from __future__ import annotations


from .base import (NekoBase, _remove)


class Advanced(NekoBase):
    """This section's part of the game class (a mixin of NekoGame)."""

    def _direct_cards(self, w) -> tuple:
        """Cards one may buy straight from the display (advanced game, NK-ADV-07)."""
        out = list(w.piles)
        for sp in self.res_order:
            c = self._card_at(w, sp)
            if c >= 0 and not any(w.bids[sp]):
                out.append(c)
        return tuple(out)

    def display_piles(self, s) -> dict[str, tuple[int, ...]]:
        """Advanced setup: the displayed cards in piles by kind, cheapest on top (NK-ADS-02)."""
        piles: dict[str, list] = {}
        for c in s.piles:
            piles.setdefault(self.card[c].kind, []).append(c)
        return {k: tuple(sorted(v, key=lambda c: (self.card[c].cost, c))) for k, v in piles.items()}

    def _h_new_bid(self, w, top, a):
        """Start a new bid: a card from the piles onto a free space of the bidding area.

        Rules: NK-ADV-05, NK-ADS-03.
        """
        p = top.seat
        space = w.area.index(-1)
        w.piles = _remove(w.piles, a.card)
        self._set_card_at(w, space, a.card)
        w.main = ("bid", space, 0)
        w.events.append(("new_bid", p, a.card, space))
