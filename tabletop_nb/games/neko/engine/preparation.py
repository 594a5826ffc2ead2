"""2. Preparation Phase: draft dice, obtain income, get rewards, set turn order.

Rulebook "Play A Round", "2. Preparation Phase" (checklist sections 4-7: NK-DRF-01..08,
NK-INC-01..08, NK-RWD-01..12, NK-TO-01..06); worked examples NK-EX-02..05. The roll of each
seat's dice is a chance node; the picks of one draft step are simultaneous.
Tests: tests/games/neko/test_preparation.py.
"""
from __future__ import annotations


from ..frames import SmcFrame, draft_frame
from .base import (NekoBase, _REWARD, INCOME, _insert, _remove, changing_player, push, pop)


class Preparation(NekoBase):
    """This section's part of the game class (a mixin of NekoGame)."""

    def _h_roll(self, w, top, a):
        """A seat's six dice rolled: the hand in front of it.

        Rules: NK-DRF-01.
        """
        pop(w)
        seat = top.seat
        hands = list(w.hands) if w.hands else [()] * self.player_count
        hands[seat] = tuple(a.dice)
        w.hands = tuple(hands)
        w.events.append(("roll", seat, tuple(a.dice)))

    def _draft_step(self, w) -> None:
        """One draft step: every seat picks from the hand in front of it, then the hands pass on;
        the last die of each hand is kept without a choice.

        Rules: NK-DRF-02, NK-DRF-03, NK-DRF-05..07.
        """
        N = self.player_count
        size = len(w.hands[0])
        if size <= 1:
            for seat in range(N):
                if w.hands[seat]:
                    m = changing_player(w, seat)
                    m.dice = _insert(m.dice, w.hands[seat][0])
            w.hands, w.picks = (), ()
            w.phase, w.turn = INCOME, 0
            w.events.append(("drafted",))
            return
        if len(w.picks) < N:
            push(w, draft_frame(len(w.picks)))
            return
        new: list[tuple | None] = [None] * N
        for seat in range(N):
            v = w.picks[seat]
            m = changing_player(w, seat)
            m.dice = _insert(m.dice, v)
            new[(seat + 1) % N] = _remove(w.hands[seat], v)
        w.events.append(("picks", w.picks))
        w.hands, w.picks = tuple(new), ()
        w.step += 1

    def _h_pick(self, w, top, a):
        """A seat's pick of the draft step (simultaneous: applied at the step's end).

        Rules: NK-DRF-02, NK-DRF-05.
        """
        pop(w)
        w.picks = w.picks + (a.value,)   # (``_run``'s draft step asks the next seat)

    def _h_income(self, w, top, a):
        """Income: the die discarded for its value in coins, then the income cards pay.

        Rules: NK-INC-01..04, NK-INC-06, NK-OB-01, NK-FP-01, NK-INC-05, NK-INC-08.
        """
        pop(w)
        p = top.seat
        r = self.rules
        m = changing_player(w, p)
        m.dice = _remove(m.dice, a.value)
        w.discard = _insert(w.discard, a.value)
        m.coins += a.value
        ob = self.count_kind(m, "ocean_bank")
        fp = self.count_kind(m, "fuel_platform")
        coins = r.set_value(ob, r.ocean_bank_income) if ob else 0
        fuel = r.set_value(fp, r.fuel_platform_income) if fp else 0
        m.coins += coins
        kept = self._gain(m, "fuel", fuel)
        w.events.append(("income", p, a.value, coins, fuel, kept))
        if self.owned_card(m, "southernmost_city") is not None:
            push(w, SmcFrame(seat=p))

    def _h_reward(self, w, top, a):
        """The chosen reward is given.

        Rules: NK-RWD-02, NK-RWD-11.
        """
        pop(w)
        p = top.seat
        self._give_reward(w, p, a.reward)

    def _give_reward(self, w, p, reward: str) -> None:
        """Give a reward of the chart (caps apply; a card reward starts an offer).

        Rules: NK-RWD-04, NK-RWD-06..08.
        """
        m = changing_player(w, p)
        amount = next((rs.amount for rs in self.chart if rs.reward == reward), 0)
        w.events.append(("reward", p, reward))
        if reward == "coins":
            m.coins += amount
        elif reward in ("goods", "fish", "fuel"):
            self._gain(m, reward, amount)
        elif reward == "interference":
            m.interference = max(0, m.interference - amount)
        elif reward == "card":
            self._start_offer(w, p, 0)

    def _reward_actions(self, s, P, ok) -> list:
        """The rewards the chart allows at the levels ``ok`` lets through.

        Rules: NK-RWD-01, NK-RWD-03, NK-RWD-06.
        """
        out = []
        seen = set()
        for rs in self.chart:
            if not ok(rs.level) or rs.reward in seen:
                continue
            if rs.reward == "interference" and not P.interference \
                    and not self.rules.reward_remove_without_tiles:
                continue
            seen.add(rs.reward)
            out.append(_REWARD[rs.reward])
        if not out:  # every level filtered out (e.g. only "remove interference" and no tiles)
            out.append(_REWARD["none"])
        return out

    def _rewards_for(self, s, P, key: tuple, ok) -> list:
        """``_reward_actions(s, P, ok)``, where ``key`` names the levels ``ok`` lets through.

        Speed: that list depends only on the reward chart and the rules (fixed per game),
        the levels let through and whether the player has interference tiles, so it is made
        once per ``key`` and that; the caller gets its own copy."""
        k = (key, not P.interference)
        got = self._reward_lists.get(k)
        if got is None:
            got = self._reward_lists[k] = tuple(self._reward_actions(s, P, ok))
        return list(got)

    def _set_turn_order(self, w) -> None:
        """Set the turn order by dice totals (ties: the earlier seat first); the first player
        takes an interference tile.

        Rules: NK-TO-02..05, NK-RND-07, NK-TO-06.
        """
        totals = [sum(w.players[p].dice) for p in range(self.player_count)]
        pos = {p: i for i, p in enumerate(w.order)}
        order = tuple(sorted(range(self.player_count), key=lambda p: (-totals[p], pos[p])))
        w.order = order
        changing_player(w, order[0]).interference += self.rules.first_player_interference
        w.events.append(("order", order, tuple(totals)))
