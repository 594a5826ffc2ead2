"""How To Play, On Your Turn: the turn structure, the queue, and the game protocol.

Rulebook "How To Play" and "On Your Turn" (checklist section 2, PR-TURN-01..05). What
happens next is a queue (``State.todo``) of decisions, chance nodes and bookkeeping steps;
``_run`` does the bookkeeping at once, so a state always waits on a player or on chance.
``_i_next`` passes the turn clockwise and ends the game after the last round.
Tests: tests/games/pebble_rock/test_turn.py, tests/conformance.
"""
from __future__ import annotations

from fractions import Fraction
from typing import Any

from ....core import CHANCE, TERMINAL, BaseGame
from ..rules import ITEM_KINDS
from ..state import (DealAssignment, DrawCard, DrawItem, FirstPlayer, RevealTreasure,
                     State, Turn)
from ..frames import (Bookkeeping, Chance, ChooseAssignment, ChooseStartDock, DealCard,
                      DrawFirstPlayer, FillMarketSlot, FillRowSlot, RerollDie, RevealValue,
                      RollDice, RollDie)

from .base import PebbleRockBase, thaw


class OnYourTurn(PebbleRockBase):
    """This section's part of the game class (a mixin of PebbleRockGame)."""

    def position(self, **table) -> State:
        """A validated position built from what is on the table.

        Keywords (all optional; what is not given is as at the start of a game):
        ``boats`` (spaces in seat order, or {seat: space}), ``characters``
        ({"maisy"|"larry"|"roberto": space}); per seat (a list in seat order or
        {seat: value}): ``scores``, ``fish``, ``cargo``, ``passengers`` (card ids),
        ``treasures`` (the treasure spaces they came from), ``items``, ``completed`` (card
        ids), ``treasure_values`` (delivered), ``lighthouse``, ``assignments`` (kept card id,
        or (kept, other)); ``jetstreams``, ``treasure_spaces`` (default: every treasure
        space whose token nobody holds), ``treasures_gone``, ``row`` (card ids), ``market``
        (item kinds), ``item_discard``, ``lost_cards``; the turn: ``round``, ``first``,
        ``seat`` (whose turn; default ``first``), ``step`` ("choose", "move" or "end"),
        and for "move"/"end" ``dice`` ("steady", "speedy", "catch_up"), ``roll``,
        ``symbol``, ``movement`` (left), ``moved``, ``met`` (character names),
        ``item_used``, ``fresh_item``, ``delivered``. Cards, items and treasures not placed
        are in their decks or on the board. Implemented in :mod:`.position`.

        Raises
        ------
        TabletopError
            For an impossible position, with the reason (two boats on one space, more
            tokens than the hold holds, an unknown space or card, ...).

        Examples
        --------
        >>> import tabletop_nb
        >>> g = tabletop_nb.load_game("pebble_rock", players=2)
        >>> s = g.position(boats=[0, 1], fish=[5, 3], round=4, seat=1)
        >>> g.current_player(s), s.players[0].fish
        (1, 5)
        >>> [str(a) for a in g.legal_actions(s)]
        ["ChooseDice(choice='steady')", "ChooseDice(choice='speedy')"]
        """
        from ..position import build_position
        return build_position(self, **table)

    def current_player(self, s: State) -> int:
        """Whose decision it is: the seat named by a setup step, chance for a roll or a draw,
        else the seat whose turn it is; ``TERMINAL`` once the game is over."""
        todo = s.todo
        if todo:
            head = todo[0]
            if isinstance(head, Chance):
                return CHANCE
            if isinstance(head, (ChooseStartDock, ChooseAssignment)):
                return head.seat
            return s.seat
        if s.phase == "over":
            return TERMINAL
        return s.seat

    def is_terminal(self, s: State) -> bool:
        """Whether the game is over (after round 10, PR-TURN-05)."""
        return s.phase == "over"

    def legal_actions(self, s: State) -> list:
        """The decision at the head of the queue, or the dice choice, or a step of the move."""
        todo = s.todo
        if todo:
            head = todo[0]
            if isinstance(head, Chance):
                return []
            return self._on_frame[type(head)](s, head)
        ph = s.phase
        if ph == "move":
            return self._move_actions(s)
        if ph == "choose":
            return self._choose_actions(s)
        return []

    def chance_outcomes(self, s: State) -> list[tuple[Any, Fraction]]:
        """The outcomes of the chance node at the head of the queue with their exact
        probabilities: the roll, one die, a Delivery card (uniform over those that fit the
        row), an item (by the cards of each kind left), an Assignment, the first player,
        a treasure's value. Rules: PR-REFILL-02, PR-MARKET-06."""
        todo = s.todo
        if not todo or not isinstance(todo[0], Chance):
            return []
        head = todo[0]
        k = type(head)
        if k is RollDice:
            return list(self._tables.roll_outcomes[s.turn.choice])
        if isinstance(head, (RollDie, RerollDie)):
            return list(self._tables.die_outcomes[self._die_name(s, head)][0])
        if k is FillRowSlot:
            elig = self._row_eligible(s)
            p = Fraction(1, len(elig))
            return [(DrawCard(c), p) for c in elig]
        if k is FillMarketSlot:
            counts = self._item_source(s.table)
            tot = sum(counts)
            return [(DrawItem(ITEM_KINDS[i]), Fraction(c, tot)) for i, c in enumerate(counts) if c]
        if k is DealCard:
            box = self._assignment_box(s)
            p = Fraction(1, len(box))
            return [(DealAssignment(c), p) for c in box]
        if k is DrawFirstPlayer:
            n = self.num_players
            return [(FirstPlayer(i), Fraction(1, n)) for i in range(n)]
        if k is RevealValue:
            vals = s.table.hidden_values
            return [(RevealTreasure(v), Fraction(vals.count(v), len(vals)))
                    for v in sorted(set(vals))]
        raise AssertionError(k)

    def sample_chance(self, s: State, rng) -> Any:
        """One outcome of the chance node, drawn with ``rng`` with the probabilities of
        :meth:`chance_outcomes`."""
        head = s.todo[0]
        k = type(head)
        if k is RollDice:
            acts, cum = self._tables.roll_cum[s.turn.choice]
        elif isinstance(head, (RollDie, RerollDie)):
            acts, cum = self._tables.die_outcomes[self._die_name(s, head)][1]
        elif k is FillRowSlot:  # uniform over the cards that fit (as chance_outcomes)
            elig = self._row_eligible(s)
            return DrawCard(elig[min(int(rng.random() * len(elig)), len(elig) - 1)])
        elif k is FillMarketSlot:  # weighted by the cards of each kind left
            counts = self._item_source(s.table)
            x = rng.random() * sum(counts)
            for i, c in enumerate(counts):
                if x < c:
                    return DrawItem(ITEM_KINDS[i])
                x -= c
            return DrawItem(ITEM_KINDS[max(i for i, c in enumerate(counts) if c)])
        else:
            return BaseGame.sample_chance(self, s, rng)
        x = rng.random()
        for a, c in zip(acts, cum):
            if x < c:
                return a
        return acts[-1]

    def apply_trusted(self, s: State, a: Any) -> State:
        """Apply a legal action (unchecked) and run the bookkeeping that follows; the events
        say what this action did.

        The action's rule works on one working state (:func:`~.base.thaw`: a new State, no
        events yet) and changes its fields; ``s`` stays as it was."""
        return self._apply[type(a)](thaw(s), a)

    def _die_name(self, s: State, head: RollDie | RerollDie) -> str | None:
        """The die a :class:`RollDie` or :class:`RerollDie` node rolls: the Fish die for
        fish and Larry, the turn's movement die for a jetstream (PR-DICE-07), the die
        rerolled."""
        if isinstance(head, RollDie):
            return self.rules.fish_die.name if head.purpose in ("gain", "larry") else \
                self.move_die[s.turn.choice].name
        die = head.die
        if die == "movement":
            return self.move_die[s.turn.choice].name
        if die == "symbol":
            return self.symbol_die[s.turn.choice].name
        return self.rules.fish_die.name

    def _run(self, w: State) -> State:
        """Do the bookkeeping steps at the head of the queue of the working state ``w``
        until a player or chance acts; a row or Market slot that nothing can fill stays
        empty. Rules: PR-REFILL-08, PR-MARKET-06."""
        on_frame = self._on_frame
        while True:
            todo = w.todo
            if not todo:
                return w
            head = todo[0]
            if isinstance(head, Bookkeeping):
                w = on_frame[type(head)](w, head, todo[1:])
                continue
            k = type(head)
            if k is FillRowSlot and not self._row_eligible(w):
                w.todo = todo[1:]  # PR-REFILL-08: the slot stays empty
                continue
            if k is FillMarketSlot and not any(self._item_source(w.table)):
                w.todo = todo[1:]  # PR-MARKET-06: the slot stays empty
                continue
            return w

    @staticmethod
    def _ev(w: State, *ev) -> tuple:
        """The working state's events with ``ev`` added (its events are this action's)."""
        return w.events + (ev,)

    def _i_next(self, w: State, head, rest) -> State:
        """The next player clockwise; after the round, Brock moves on; after the last
        player's turn of the final round the game is over.
        Rules: PR-TURN-02, PR-TURN-04..05, PR-FINAL-04."""
        seat = (w.seat + 1) % self.num_players
        w.turns += 1
        w.steps = w.moved = 0
        if seat == w.first:
            if w.round >= self.rules.rounds:
                w.phase, w.todo = "over", ()
                w.events = self._ev(w, "game_over")
                return w
            w.round += 1
        w.seat, w.phase, w.todo, w.turn = seat, "choose", rest, Turn()
        return w
