"""Game Setup: the board, the decks, the Market, the boats on docks, the Assignment cards.

Rulebook "Game Setup" (checklist section 1, PR-SETUP-01..16): the game's precomputed
tables (board lookups, dice tables), the initial state and its setup queue (the Market and
the Delivery row turned up, boats placed, Assignment cards dealt and kept, the first
player drawn), and the hidden Assignment cards (PR-SETUP-10, ``observation``).
Tests: tests/games/pebble_rock/test_setup.py.
"""
from __future__ import annotations


from ....core import Die, memo
from ..board import board_info
from ..rules import ITEM_KINDS
from ..state import (ChooseDice, DealAssignment, Decline, DieRoll, Endure, FirstPlayer, KeepAssignment, KeepRoll,
                     PlaceBoat, Player,
                     Roll, Secret, State, Step,
                     Stop, Table, Turn, replace)
from ..frames import (ChooseAssignment, ChooseStartDock, DealCard,
                      DrawFirstPlayer, FillMarketSlot, FillRowSlot,
                      StartGame)
from .base import _HIDDEN, PebbleRockBase, Tables, copy_state


class GameSetup(PebbleRockBase):
    """This section's part of the game class (a mixin of PebbleRockGame)."""

    def setup(self) -> None:
        """Build what the engine reads from the rules once: the board, the cards by id, the
        dice outcomes, and the dispatch tables of decisions, bookkeeping steps and actions."""
        r = self.rules
        t = self._tables = Tables()
        info = self.info = board_info(r.board)
        self.cards = {c.id: c for c in r.delivery_cards}
        idx = info.island_index
        self.card_island = {c.id: idx[c.island] for c in r.delivery_cards}
        self.card_dest = {c.id: (idx[c.destination] if c.kind == "passenger" else -1)
                          for c in r.delivery_cards}
        self.card_cargo = {c.id: (c.amount if c.kind == "cargo" else 0) for c in r.delivery_cards}
        self.assignments = {a.id: a for a in r.assignment_cards}
        self.step_actions = tuple(Step(i) for i in range(info.n))
        self.docks = info.docks
        self.adj = info.adj
        self.adjset = info.adjset
        move_die = {"steady": r.steady_die, "speedy": r.speedy_die, "catch_up": r.speedy_die}
        sym_die = {"steady": r.resource_die, "speedy": r.danger_die, "catch_up": r.resource_die}
        self.move_die, self.symbol_die = move_die, sym_die
        t.roll_outcomes = {}
        t.roll_cum = {}
        for ch in move_die:
            joint = Die.joint(move_die[ch], sym_die[ch])
            outs = [(Roll(m, sy), p) for (m, sy), p in joint.pmf.items()]
            t.roll_outcomes[ch] = outs
            t.roll_cum[ch] = self._cumulative(outs)
        t.die_outcomes = {}
        for d in (r.steady_die, r.speedy_die, r.resource_die, r.danger_die, r.fish_die):
            faces = [(DieRoll(v), p) for v, p in d.pmf.items()]
            t.die_outcomes[d.name] = (faces, self._cumulative(faces))
        t.fish_max = max(r.fish_die.outcomes)
        all_double = r.winds_doubles == "all"
        t.jet_doubles = r.winds_doubles in ("die_and_jetstream", "all")
        t.all_double = all_double
        # PR-END-08: the order of the end-of-turn actions; the row refill is always last
        t.end_order = (("fishing", "dock", "market") if r.end_order == "main_text"
                           else ("dock", "market", "fishing"))
        t.turn_for = {ch: Turn(choice=ch) for ch in move_die}
        # whether a rule allows an action at any time of the turn (else only a full
        # hold with passengers does: _anytime_actions has nothing to check otherwise)
        self._anytime_rules = r.overboard_any_time or r.discard_items_any_time or r.treasure_discard
        # for Deliveries._row_eligible: the cards an island in the row keeps out of it
        # (PR-REFILL-02, PR-REFILL-05): those of that island, and with destination_blocks_row those
        # whose passenger goes there
        blocked_by: list[set] = [set() for _ in info.islands]
        for c in r.delivery_cards:
            blocked_by[self.card_island[c.id]].add(c.id)
            if r.destination_blocks_row and self.card_dest[c.id] >= 0:
                blocked_by[self.card_dest[c.id]].add(c.id)
        t.cards_blocked_by = tuple(frozenset(b) for b in blocked_by)
        #: a finished game's final scores, asked for several times in a row (scores,
        #: winners, ranks, a simulation's last row); at most a few states are kept
        self.final_scores = memo.cache("pebble_rock.final_scores", key="a finished game's state")
        self._stop = Stop()
        self._decline = Decline()
        self._keep_roll = KeepRoll()
        t.endure = Endure()
        self._choose_basic = [ChooseDice("steady"), ChooseDice("speedy")]
        self._choose_all = self._choose_basic + [ChooseDice("catch_up")]

    @staticmethod
    def _cumulative(outs):
        """The actions and the cumulative probabilities of chance outcomes (the last forced
        to 1.0), for sampling."""
        acts, acc, cum = [], 0.0, []
        for a, p in outs:
            acc += float(p)
            acts.append(a)
            cum.append(acc)
        cum[-1] = 1.0
        return acts, cum

    def initial_state(self) -> State:
        """The state before setup: the table laid out, then the queue of setup steps (the
        Market and the row, the boats, the Assignments dealt and kept, the first player).
        Rules: PR-SETUP-04..15, PR-TURN-01."""
        r = self.rules
        n = r.players
        players = tuple(Player(score=r.start_score, fish=r.start_fish, cargo=r.start_cargo)
                        for _ in range(n))
        deck_counts = tuple(r.item_cards.count(k) for k in ITEM_KINDS)
        table = Table(row=(0,) * r.row_size, deck=tuple(sorted(c.id for c in r.delivery_cards)),
                      lost_cards=(), item_deck=deck_counts, item_discard=(0,) * len(ITEM_KINDS),
                      market=("",) * r.market_size,
                      treasure_spaces=frozenset(r.board.treasure_spaces),
                      hidden_values=tuple(sorted(r.treasure_values)))
        b = r.board
        order = [(r.youngest_player + i) % n for i in range(n)]
        todo = ((FillMarketSlot(),) * r.market_size + (FillRowSlot(),) * r.row_size
                + tuple(ChooseStartDock(seat) for seat in order)
                + tuple(DealCard(seat) for seat in order for _ in range(r.assignments_dealt))
                + tuple(ChooseAssignment(seat) for seat in order)
                + ((DrawFirstPlayer(),) if r.first_player < 0 else ()) + (StartGame(),))
        s = State(players=players, boats=(-1,) * n, chars=(b.maisy_start, b.larry_start,
                                                           b.roberto_start),
                  jets=frozenset(), table=table, secret=tuple(Secret() for _ in range(n)),
                  round=0, seat=r.youngest_player, first=r.first_player, turns=0,
                  phase="setup", todo=todo)
        return self._run(s)

    def _d_place_boat(self, s: State, head) -> list:
        """The docks a boat may start on (one boat a dock, unless shared). Rules: PR-SETUP-09."""
        taken = set() if self.rules.shared_docks_at_setup else set(s.boats)
        return [PlaceBoat(d) for d in self.info.docks_sorted if d not in taken]

    def _a_place_boat(self, w: State, a: PlaceBoat) -> State:
        """Put the seat's boat on a dock (PR-SETUP-09)."""
        seat = w.todo[0].seat
        w.boats = w.boats[:seat] + (a.space,) + w.boats[seat + 1:]
        w.todo = w.todo[1:]
        w.events = self._ev(w, "place_boat", seat, a.space)
        return self._run(w)

    def _a_deal(self, w: State, a: DealAssignment) -> State:
        """Chance: one Assignment card dealt to the seat (PR-SETUP-10)."""
        seat = w.todo[0].seat
        sec = w.secret[seat]
        w.secret = w.secret[:seat] + (replace(sec, offer=sec.offer + (a.card,)),) + w.secret[seat + 1:]
        w.todo = w.todo[1:]
        return self._run(w)

    def _d_keep(self, s: State, head) -> list:
        """Keep one of the two Assignment cards dealt (PR-SETUP-10)."""
        return [KeepAssignment(c) for c in s.secret[head.seat].offer]

    def _a_keep_assignment(self, w: State, a: KeepAssignment) -> State:
        """The seat keeps the Assignment card chosen (PR-SETUP-10)."""
        seat = w.todo[0].seat
        sec = w.secret[seat]
        w.secret = w.secret[:seat] + (replace(sec, card=a.card),) + w.secret[seat + 1:]
        w.todo = w.todo[1:]
        w.events = self._ev(w, "keep", seat)
        return self._run(w)

    def _assignment_box(self, s: State) -> list[int]:
        """The Assignment cards nobody has been dealt (PR-SETUP-10)."""
        dealt = {c for sec in s.secret for c in sec.offer}
        return [a.id for a in self.rules.assignment_cards if a.id not in dealt]

    def _a_first(self, w: State, a: FirstPlayer) -> State:
        """Chance: who starts, when the rules draw it (PR-TURN-01)."""
        w.first = a.seat
        w.todo = w.todo[1:]
        return self._run(w)

    def _i_start(self, w: State, head, rest) -> State:
        """Round 1 begins with the first player's turn (PR-SETUP-14, PR-TURN-01)."""
        w.seat, w.round, w.phase, w.turn, w.todo = w.first, 1, "choose", Turn(), rest
        w.events = self._ev(w, "start", w.first)
        return w

    def observation(self, s: State, player: int) -> State:
        """Other players' Assignment cards are hidden (PR-SETUP-10)."""
        if not self.rules.secret_assignments:
            return s
        hidden = [_HIDDEN] * len(s.secret)
        hidden[player] = s.secret[player]
        o = copy_state(s)
        o.secret = tuple(hidden)
        return o
