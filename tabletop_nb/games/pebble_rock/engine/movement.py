"""3: Move, and Movement: sailing one dotted line at a time, where a boat may stop.

Rulebook "On Your Turn" step 3 and "Movement" (checklist section 6, PR-MOVE-01..12): the
movement of the die (doubled by Winds, PR-RES-05), steps along dotted lines, spaces a boat
may pass but not stop on, and ``Stop``. Fish buying steps and jetstreams are in
:mod:`.fish_and_jetstream`. Tests: tests/games/pebble_rock/test_movement.py.
"""
from __future__ import annotations


from ..analysis import fish_step_bonus, larry_worst_loss
from ..state import (LARRY, ROBERTO, DeliverTreasure, State, Step, Stop, replace, replace_player)
from ..frames import MeetCharacter, RollDie
from .base import PebbleRockBase, _with_player


class Movement(PebbleRockBase):
    """This section's part of the game class (a mixin of PebbleRockGame)."""

    def _i_begin_move(self, w: State, head, rest) -> State:
        """Start moving once the symbol is resolved (PR-TURN-03)."""
        w.todo = rest
        return self._begin_move(w)

    def _begin_move(self, w: State) -> State:
        """Step 3 begins (the turn's roll and symbol resolved, on ``w.turn``): the movement
        is the die, doubled by Winds; a jetstream under the boat works only under
        ``jetstream_on_start``. Rules: PR-RES-05, PR-MOVE-02, PR-MOVE-07, PR-DANGER-08."""
        t = w.turn
        pos = w.boats[w.seat]
        if not self.rules.revisit_spaces:
            w.turn = replace(t, visited=frozenset((pos,)))
        if self.rules.jetstream_on_start and pos in w.jets and pos != t.fresh_jet:
            w.jets = w.jets - {pos}  # PR-DANGER-08 (b)
            w.todo = (RollDie("jet"),) + w.todo
        w.phase = "move"
        w.steps = t.roll * (2 if t.symbol == "winds" else 1)  # PR-RES-05
        w.moved = 0
        return self._run(w) if w.todo else w

    def _occupied(self, s: State) -> set:
        """Spaces where a boat may not stop: other boats and the characters (PR-MOVE-04)."""
        seat = s.seat
        occ = set(s.chars)
        for i, b in enumerate(s.boats):
            if i != seat:
                occ.add(b)
        return occ

    def _move_actions(self, s: State) -> list:
        """The legal actions at a step of the move: :meth:`move_options`' two lists in one."""
        steps, others = self.move_options(s)
        if others:
            steps.extend(others)
        return steps

    def move_options(self, s: State) -> tuple[list, list]:
        """The legal actions at a step of the move, as (the Step actions, the others): the
        legal actions are the two lists one after the other, so a bot can tell the steps
        from the few other actions without sorting them by type.

        A step goes along a dotted line, to a space not entered yet this move unless
        revisits are allowed; a space the boat may not stop on is entered only if the boat
        can get out again (:meth:`_can_leave`). ``Stop`` is offered where the boat may end
        its move; then the space's actions, items and any-time actions.
        Docks are free to enter and stop on. Fish pay for steps once the die's movement is
        used up, in the same walk (the die's last step may end on a piece). Beside Roberto
        without having moved, a treasure is given only under ``treasure_beside_roberto_anytime``.
        Rules: PR-MOVE-01..04, PR-MOVE-06..07, PR-MOVE-10..11, PR-FISH-01, PR-FISH-05, PR-TREAS-08.
        """
        r = self.rules
        seat = s.seat
        p = s.players[seat]
        boats = s.boats
        pos = boats[seat]
        t = s.turn
        chars = s.chars
        # where a boat may not stop (``_occupied``) is built when a piece is in the way; a
        # neighbour is never the boat's own space (no dotted line joins a space to itself,
        # Rules.validate), so it holds another boat exactly when it is in ``boats``
        occ = None
        moves = []
        steps = s.steps
        fish = p.fish
        revisit = r.revisit_spaces
        if steps > 0 or fish > 0:
            visited = t.visited
            step_actions = self.step_actions
            for n in self.adj[pos]:
                if not revisit and n in visited:
                    continue
                if n in chars or n in boats:
                    if occ is None:
                        occ = self._occupied(s)
                    if not self._can_leave(s, n, occ, steps, fish, revisit, visited):
                        continue
                moves.append(step_actions[n])
        acts: list = []
        if pos not in chars and boats.count(pos) == 1 and (r.zero_step_move or s.moved or not moves):
            acts.append(self._stop)
        if s.moved or r.start_space_counts:
            self._space_actions(s, p, pos, acts)
        elif r.treasure_beside_roberto_anytime and p.treasures and chars[ROBERTO] in self.adjset[pos]:
            acts.append(DeliverTreasure())
        if p.items and not t.item_used:  # (no item, no item action)
            acts.extend(self._item_actions(s, p, pos, occ))
        if p.passengers or self._anytime_rules:  # (else there is no any-time action)
            acts.extend(self._anytime_actions(s, p))
        return moves, acts

    def _can_leave(self, s, n, occ, steps, fish, revisit, visited) -> bool:
        """A boat may enter a space where it cannot stop only if it is sure to get out:
        movement or fish left after entering (after the worst Larry roll there), and a
        free neighbour to go on to (see RULINGS.md). Rules: PR-MOVE-03..04."""
        if steps > 0:
            left_steps, left_fish = steps - 1, fish
        else:
            left_steps, left_fish = fish_step_bonus(self, s), fish - 1
        if n == s.chars[LARRY]:
            left_fish -= larry_worst_loss(self, s, left_fish)
        if left_steps + left_fish < 1:
            return False
        for m in self.adj[n]:
            if m not in occ and (revisit or m not in visited):
                return True
        return False

    def _a_step(self, w: State, a: Step) -> State:
        """One step along a dotted line, paid with movement or a fish; entering a character's
        space triggers it (once a turn), entering a jetstream token rolls the movement die.
        Several characters on one move each act as their space is entered; another boat's
        space does nothing.
        Rules: PR-MOVE-01, PR-MOVE-05, PR-MOVE-08, PR-FISH-01..02, PR-FISH-04, PR-CHAR-01..02,
        PR-CHAR-13, PR-JET-01, PR-JET-04."""
        to = a.to
        seat = w.seat
        t = w.turn
        if w.steps > 0:
            w.steps -= 1
        else:  # PR-FISH-01: a fish buys this step
            w.steps = fish_step_bonus(self, w)
            p = w.players[seat]
            w.players = _with_player(w.players, seat, replace_player(p, fish=p.fish - 1))
        w.boats = w.boats[:seat] + (to,) + w.boats[seat + 1:]
        w.moved += 1
        w.events = self._ev(w, "step", seat, to)
        todo: tuple = ()
        chars = w.chars
        if to in chars:
            c = chars.index(to)
            if not t.met & (1 << c):
                todo = (MeetCharacter(c, "pass"),)
        if to in w.jets and to != t.fresh_jet and self.rules.jetstream_when == "enter":
            w.jets = w.jets - {to}
            todo = todo + (RollDie("jet"),)
        if t.treasure_here or not self.rules.revisit_spaces:
            w.turn = replace(t, treasure_here=False, visited=t.visited | {to})
        w.todo = todo
        return self._run(w) if todo else w

    def _a_stop(self, w: State, a: Stop) -> State:
        """End the move here (a jetstream where the boat stops works first, under
        ``jetstream_when="stop"``); the end-of-turn steps follow. Rules: PR-MOVE-02, PR-END-01, PR-JET-03."""
        pos = w.boats[w.seat]
        if self.rules.jetstream_when == "stop" and w.moved and pos in w.jets and pos != w.turn.fresh_jet:
            # PR-JET-03 (b): the token works where the boat would stop; it goes on moving
            w.jets = w.jets - {pos}
            w.todo = (RollDie("jet"),)
            w.events = self._ev(w, "jet_stop", w.seat)
            return self._run(w)
        w.phase = "end"
        w.todo = self._end_of_turn(w, pos)
        w.events = self._ev(w, "stop", w.seat, pos)
        return self._run(w)
