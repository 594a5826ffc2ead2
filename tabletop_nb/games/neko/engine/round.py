"""Course of the Game: a round's phases in order, and the game protocol.

Rulebook sections "Course of the Game" and "Play A Round" (checklist section 2, NK-RND-01..07).
``_run`` moves the round forward through every step that needs nobody's choice (income
payouts, turn order, resolving a card nobody bid on, scoring) until the next frame is
pushed; ``apply_trusted`` resolves the top frame with its handler, then calls ``_run``.
The frames' legal actions are dispatched here (the Morning Market's are listed inline,
NK-MM-02..04). Tests: tests/games/neko/test_setup.py (NK-RND), tests/conformance.
"""
from __future__ import annotations

from bisect import bisect_right
from fractions import Fraction
from itertools import permutations
from typing import Any

from ....core.protocol import CHANCE, TERMINAL
from ..frames import (AdvFrame, BonusFrame, EndgameFrame, OrderFrame, ParkFrame, PostOfficeFrame, TileFrame,
                      as_frames, income_frame, market_frame, reward_frame, roll_frame, turn_frame)
from ..state import (CHANCE_FRAMES, ChooseBonus, ChurchFish, ChurchHub, CityIncome, Done, DrawAdvanced,
                     DrawTile, NekoSplit, NekoState, ParkDie, Pass,
                     RemoveTiles, StartOrder, UsePostOffice)
from .base import (NekoBase, ACTION, BONUS, DRAFT, MARKET, OVER, PARK, POST, RESOLVE,
                   REWARD, ROLL, _DRAW, _a, thaw, push, pop, finish)


class Round(NekoBase):
    """This section's part of the game class (a mixin of NekoGame)."""

    def advance(self, s: NekoState) -> NekoState:
        """Run the steps that need no choice from a hand-built state up to the next decision.

        States made by ``apply`` are always advanced already; this is for tests and
        notebooks that build a position by hand (for example a round's end with bids in
        place and no frame) and let the rules take it from there.
        """
        w = thaw(s)
        w.frames = as_frames(w.frames)   # (a hand-built state may hold plain tuples)
        self._run(w)
        return finish(w)

    def position(self, **table) -> NekoState:
        """A validated position built from what is on the table, advanced to its first
        decision.

        Keywords (all optional; what is not given is as at the start of a game): per seat
        (a list in seat order or {seat: value}): ``lanes`` (lists of card ids, -1 or None
        for an empty slot; one lane per harbour), ``ships`` ((lane, boundary, sub)
        positions), ``coins``, ``fuel``, ``goods``, ``fish``, ``interference``, ``pp``,
        ``dice`` (the unused dice; default: the seat's dice not bid), ``cargo``
        ((card, goods) pairs); ``area`` (the bidding-area cards; default: the first of the
        round's period deck), ``adv`` (advanced game), ``bids`` ({space: {seat: dice}}),
        ``discard`` (dice values), ``hands`` (the draft), ``removed``, ``tiles``, ``order``
        (the turn order), ``bonus`` (each seat's starting bonus tile), ``round``,
        ``phase`` ("market", "draft", "income", "reward", "action" or "resolve") and, in
        the action phase, ``seat`` (whose turn). Cards not placed are in their period's
        deck. Implemented in :mod:`.position`.

        Raises
        ------
        TabletopError
            For an impossible position, with the reason (a card in two places, more fuel
            and goods than the cabin holds, an unknown card, dice that do not add up, ...).

        Examples
        --------
        >>> import tabletop_nb
        >>> g = tabletop_nb.load_game("neko", players=2)
        >>> s = g.position(coins=[10, 3], dice={0: [2, 5], 1: [6]}, discard=[1, 1, 3, 3, 4, 5, 6, 6],
        ...                bids={0: {1: [4]}}, round=2, seat=1)
        >>> g.current_player(s), s.players[0].coins, s.bids[0][1]
        (1, 10, (4,))
        """
        from ..position import build_position
        return build_position(self, **table)

    def current_player(self, s: NekoState) -> int:
        """The seat of the top frame, CHANCE for a chance event, TERMINAL when none is left."""
        if s.frames:
            top = s.frames[-1]
            return CHANCE if top.kind in CHANCE_FRAMES else top.seat
        return TERMINAL

    def is_terminal(self, s: NekoState) -> bool:
        """Whether the game is over (no frame left).

        Rules: NK-RND-04.
        """
        return not s.frames

    def chance_outcomes(self, s: NekoState) -> list:
        """The outcomes of the chance event on top, with their exact probabilities.

        Rules: NK-SET-05, NK-SET-07, NK-DRF-01, NK-PP-04, NK-ADV-02.
        """
        if not s.frames:
            return []
        top = s.frames[-1]
        k = top.kind
        if k == "roll":
            return list(self.rolls)
        if k == "reroll":
            return list(self.one)
        if k in ("reveal", "draw"):
            cards = s.deck[top.period - 1]
            q = Fraction(1, len(cards))
            return [(_DRAW[c], q) for c in cards]
        if k == "tile":
            left = [t.id for t in self.rules.mid_tiles if t.id not in s.tiles]
            q = Fraction(1, len(left))
            return [(DrawTile(t), q) for t in left]
        if k == "adv":
            q = Fraction(1, len(s.adv_pool))
            return [(DrawAdvanced(c), q) for c in s.adv_pool]
        if k == "order":
            perms = list(permutations(range(self.player_count)))
            q = Fraction(1, len(perms))
            return [(StartOrder(p), q) for p in perms]
        return []

    def sample_chance(self, s: NekoState, rng) -> Any:
        """One outcome of the chance event on top, drawn with ``rng``."""
        top = s.frames[-1]
        k = top.kind
        if k == "roll":
            return self.rolls[bisect_right(self.roll_cum, rng.random())][0]
        if k in ("reveal", "draw"):
            cards = s.deck[top.period - 1]
            return _DRAW[cards[int(rng.random() * len(cards))]]
        if k == "reroll":
            return self.one[bisect_right(self.one_cum, rng.random())][0]
        outs = self.chance_outcomes(s)
        return outs[int(rng.random() * len(outs))][0]

    def legal_actions(self, s: NekoState) -> list:
        # A bot asks for the legal actions and ``apply`` asks again for the same state:
        # the last answer is kept (states are immutable values; one tuple swap, so a
        # thread reading it sees a state with its own actions). The caller owns the list.
        """The legal actions of the decision on top (the last answer kept: a bot asks, then
        ``apply`` asks again).
        """
        last = self._legal_last
        if last[0] is s:
            return list(last[1])
        out = self._legal_actions(s)
        self._legal_last = (s, tuple(out))
        return out

    def _legal_actions(self, s: NekoState) -> list:
        """The legal actions of the decision on top, by frame kind.

        Rules: NK-MM-02, NK-DRF-02, NK-INC-01, NK-SET-09, NK-DRF-04, NK-MM-05, NK-RWD-05.
        """
        if not s.frames:
            return []
        top = s.frames[-1]
        k = top.kind
        if k in CHANCE_FRAMES:
            return []
        p = top.seat
        P = s.players[p]
        if k == "turn":
            return self._turn_actions(s, p, P)
        if k == "draft":   # (setup's Pick and IncomeDie per value)
            A: list = self._A_pick
            return [A[v] for v in sorted(set(s.hands[p]))]
        if k == "income":
            A = self._A_income
            return [A[v] for v in sorted(set(P.dice))]
        if k == "reward":
            low = min(P.dice) if P.dice else 6
            return self._rewards_for(s, P, ("reward", low), lambda lvl: lvl >= low)
        if k == "seareward":
            level = top.level
            return self._rewards_for(s, P, ("seareward", level), lambda lvl: lvl <= level)
        if k in ("buy", "win"):
            return self._buy_actions(s, p, P, top)
        if k == "market":
            return list(self._market_actions)
        if k == "bonus":
            return [_a(ChooseBonus, b) for b in s.bonus_left]
        if k == "smc":
            return [_a(CityIncome, "coins"), _a(CityIncome, "fuel")]
        if k == "po":
            return [_a(UsePostOffice), _a(Pass)]
        if k == "neko":
            return [_a(NekoSplit, f) for f in range(top.hubs // self.rules.neko_hubs_per_fuel + 1)]
        if k == "hospital":
            return [_a(RemoveTiles, n) for n in range(min(self.rules.hospital_tiles, P.interference) + 1)]
        if k == "park":
            out = [_a(ParkDie, v, sp) for v in sorted(set(s.discard)) for sp in self._park_spaces(s, p)]
            if top.may_pass or not out:
                out.append(_a(Pass))
            return out
        if k == "church":
            return [_a(ChurchHub, *key) for key in self._vacant_hubs(P)] + [_a(ChurchFish)]
        if k == "endgame":
            return self._window_actions(s, p, P) + [_a(Done)]
        raise AssertionError(f"unknown frame {top!r}")

    def apply_trusted(self, s: NekoState, a: Any) -> NekoState:
        """Apply a legal action: its handler changes a working copy, then the round runs on to
        the next decision.
        """
        w = thaw(s)
        self._HANDLERS[type(a)](self, w, w.frames[-1], a)   # (``_HANDLERS``: engine/__init__.py)
        if not w.frames:   # Speed: ``_run`` does nothing while a frame waits
            self._run(w)
        return finish(w)

    def _run(self, w: NekoState) -> None:
        """Advance through every step that needs no choice, up to the next frame: the step of
        the current phase (``_PHASE_STEPS``, one method per phase, engine/__init__.py) again
        and again, until a step pushes a frame or the game is over.

        Rules: NK-RND-02.
        """
        steps = self._PHASE_STEPS
        while not w.frames and w.phase != OVER:
            steps[w.phase](self, w)

    # -- the steps of the phases that need no choice (``_PHASE_STEPS``); each does one
    # -- step: pushes a frame, or moves the state on (the next seat, the next phase)

    def _next_seat(self, w) -> int | None:
        """The next seat of a step played one player at a time, in turn order from the first
        player (``w.turn`` counts the seats that have had theirs), or None when every seat
        has.

        Rules: NK-RND-05.
        """
        if w.turn < self.player_count:
            p = w.order[w.turn]
            w.turn += 1
            return p
        return None

    def _setup_step(self, w) -> None:
        """Setting up: the start order drawn (when random), the scoring tiles and the advanced
        cards drawn, then the first period's cards laid out; then the starting bonuses.

        Rules: NK-SET-03, NK-SET-05, NK-SET-07, NK-ADS-01.
        """
        if w.step == 0:
            w.step = 1
            if self.rules.random_start_order:
                push(w, OrderFrame())
        elif w.step == 1:
            if len(w.tiles) < 2 * self.per_period:
                push(w, TileFrame())
            else:
                w.step = 2
        elif w.step == 2:
            if -1 in w.adv:
                push(w, AdvFrame())
            else:
                w.removed = w.removed + w.adv_pool
                w.adv_pool = ()
                w.step = 3
        else:
            if self.rules.advanced_setup:
                w.piles = w.deck[0]
                w.deck = ((), w.deck[1])
            elif self._fill_area(w, 1):
                return
            w.phase, w.turn = BONUS, 0

    def _bonus_step(self, w) -> None:
        """The starting bonus tiles, chosen in reverse turn order; then round 1's Morning
        Market.

        Rules: NK-SET-09.
        """
        N = self.player_count
        if w.turn < N:
            p = w.order[N - 1 - w.turn]
            w.turn += 1
            push(w, BonusFrame(seat=p))
        else:
            w.round, w.phase, w.turn = 1, MARKET, 0

    def _market_step(self, w) -> None:
        """The Morning Market, one seat at a time in turn order, for the seats with fish;
        then the roll.

        Rules: NK-MM-01, NK-MM-04, NK-RND-05.
        """
        p = self._next_seat(w)
        if p is None:
            w.phase, w.turn, w.hands = ROLL, 0, ()
        elif w.players[p].fish > 0:
            push(w, market_frame(p))

    def _roll_step(self, w) -> None:
        """Each seat's dice rolled for the draft; then the draft.

        Rules: NK-DRF-01.
        """
        if w.turn < self.player_count:
            push(w, roll_frame(w.turn))
            w.turn += 1
        else:
            w.phase, w.step, w.picks = DRAFT, 0, ()

    def _income_step(self, w) -> None:
        """Obtain Income, one seat at a time in turn order; then the rewards.

        Rules: NK-INC-01, NK-RND-05.
        """
        p = self._next_seat(w)
        if p is None:
            w.phase, w.turn = REWARD, 0
        else:
            push(w, income_frame(p))

    def _reward_step(self, w) -> None:
        """Get Rewards, one seat at a time in turn order; then the Post Office's use before
        the turn order is set.

        Rules: NK-RWD-02, NK-RND-05.
        """
        p = self._next_seat(w)
        if p is None:
            w.phase, w.turn = POST, 0
        else:
            push(w, reward_frame(p))

    def _post_step(self, w) -> None:
        """Post Office owners, in turn order, may draw and buy; then the turn order is set and
        the Action phase begins.

        Rules: NK-TO-01, NK-PO-03.
        """
        p = self._next_seat(w)
        if p is None:
            self._set_turn_order(w)
            w.phase, w.turn, w.main = ACTION, 0, ()
        elif self.owned_card(w.players[p], "post_office") is not None:
            push(w, PostOfficeFrame(seat=p))

    def _park_step(self, w) -> None:
        """Before resolution, owners of a variant Penguin Park gained in an earlier round may
        place a discarded die, in turn order; then the resolution.

        Rules: NK-RES-14, NK-PP-11.
        """
        p = self._next_seat(w)
        if p is None:
            w.phase, w.step = RESOLVE, 0
        else:
            P = w.players[p]
            if (P.park_variant_round and P.park_variant_round < w.round and w.discard
                    and self._park_spaces(w, p)):
                push(w, ParkFrame(seat=p, may_pass=1))

    def _endgame_step(self, w) -> None:
        """The game-end window, one seat at a time in turn order; then the final scoring, and
        the game is over.

        Rules: NK-END-01, NK-RND-04.
        """
        p = self._next_seat(w)
        if p is None:
            self._final_scoring(w)
            w.phase = OVER
        else:
            push(w, EndgameFrame(seat=p))

    def _action_step(self, w) -> None:
        """The next turn of the Action phase: the next seat in turn order with dice left,
        from the seat whose turn it is; the phase ends when nobody has dice (NK-ACT)."""
        N = self.player_count
        players, order, turn = w.players, w.order, w.turn
        for i in range(N):
            idx = (turn + i) % N
            p = order[idx]
            if players[p].dice:   # (``w.players[p]``, without the call)
                w.turn = idx
                push(w, turn_frame(p))
                return
        w.phase, w.turn = PARK, 0

    def _period(self, w) -> int:
        """The current period deck (1 in rounds 1-2, 2 in rounds 3-4; NK-RND-06)."""
        return 1 if w.round <= 2 else 2

    def _h_done(self, w, top, a):
        """Done: the decision on top (market, game-end window) is over.

        Rules: NK-MM-01, NK-END-01.
        """
        pop(w)
