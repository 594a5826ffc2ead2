"""The Pebble Rock Delivery Service engine.

How a turn runs (rule IDs from ``shared/rules/pebble_rock.checklist.md``):

1. ``ChooseDice``: Steady + Resource, Speedy + Danger, or (alone in last place) Speedy +
   Resource (PR-DICE).
2. A chance node rolls both dice (``Roll``); a Lucky Shell may reroll one of them; the
   symbol is resolved: fish, Maisy, Winds, Larry, Roberto or a jetstream (PR-RES,
   PR-DANGER). Placing a character is the player's choice (``PlaceCharacter``).
3. The boat moves one ``Step`` at a time along dotted lines. Entering a character's space
   triggers it (once per turn); entering a jetstream token rolls the movement die again.
   On a space it has entered, the player may ``Deliver``, ``PickUp``, ``DropOff``,
   ``TakeTreasure`` or ``DeliverTreasure``, and at any time use an item. When the die's
   movement is used up, each further step costs a fish (PR-FISH). ``Stop`` ends it.
4. End of turn: dock refill, Market, fishing, the Lighthouse token in round 10, then the
   Delivery row is refilled (chance nodes, with the no-duplicate-island rule).

What happens next is a queue (``State.todo``) of decisions, chance nodes and bookkeeping
steps; bookkeeping runs at once inside ``apply``, so a state always waits on a player or
on chance. Every roll, draw and shuffle is a chance node: ``apply`` draws no random
numbers.
"""
from __future__ import annotations

from fractions import Fraction
from typing import Any

from ...core import CHANCE, TERMINAL, BaseGame, Die
from .board import board_info
from .rules import ITEM_KINDS, Rules
from .scoring import Breakdown, Progress, assignment_points, count_sets, objective_met
from .state import (CHARACTERS, LARRY, MAISY, ROBERTO, ChooseDice, DealAssignment, Decline,
                    Deliver, DeliverTreasure, DieRoll, DiscardItem, DiscardPassenger,
                    DiscardTreasure, DrawCard, DrawItem, DropOff, Endure, FirstPlayer,
                    KeepAssignment, KeepRoll, LoseToken, Overboard, PickUp, PlaceBoat,
                    PlaceCharacter, Player, Refill, RevealTreasure, Reroll, Roll, Secret, Shed,
                    State, Step, Stop, Table, TakeItem, TakeTreasure, Turn, UseItem, replace)

__all__ = ["PebbleRockGame"]

CHANCE_KINDS = frozenset({"draw_item", "draw_row", "deal", "first", "roll", "dieroll",
                          "reroll", "reveal"})
SEAT_KINDS = frozenset({"place_boat", "keep"})  # setup decisions of the seat in the item
ITEM_INDEX = {k: i for i, k in enumerate(ITEM_KINDS)}
ONE_SHOT = ("maisy", "jam_sandwich", "lucky_shell", "shark_repellent", "water_cannon")
CHOICE_NAMES = {"steady": "Steady + Resource", "speedy": "Speedy + Danger",
                "catch_up": "Speedy + Resource (catch-up)"}


def _with_player(players: tuple, seat: int, p: Player) -> tuple:
    return players[:seat] + (p,) + players[seat + 1:]


def _remove_one(t: tuple, v) -> tuple:
    i = t.index(v)
    return t[:i] + t[i + 1:]


def _bump(counts: tuple, i: int, d: int) -> tuple:
    return counts[:i] + (counts[i] + d,) + counts[i + 1:]



#: what a decision asks, by action kind (the phase line names the decision on offer)
_DECISION_WORDS = {
    ChooseDice: "choose dice", KeepRoll: "keep the roll", Reroll: "reroll with the Lucky Shell",
    Step: "sail", Stop: "stop", Deliver: "deliver", PickUp: "pick up a passenger",
    DropOff: "drop a passenger off", TakeTreasure: "take the treasure",
    DeliverTreasure: "give a treasure to Roberto", UseItem: "use an item", Endure: "keep the item",
    LoseToken: "give Roberto a token", Refill: "refill cargo", DiscardPassenger: "discard a passenger",
    TakeItem: "take an item", Decline: "say no thanks", Shed: "lose a token",
    Overboard: "throw cargo overboard", DiscardItem: "discard an item",
    DiscardTreasure: "discard a treasure", KeepAssignment: "keep an assignment",
    PlaceBoat: "put the boat on a dock"}
#: what a chance step does, by outcome kind
_CHANCE_WORDS = {Roll: "roll the dice", DieRoll: "roll a die", RevealTreasure: "reveal the treasure",
                 DrawItem: "turn up an item for the Market", DrawCard: "turn up a Delivery card",
                 DealAssignment: "deal an Assignment card", FirstPlayer: "draw who starts"}


class PebbleRockGame(BaseGame):
    """Pebble Rock Delivery Service for 2-4 players.

    Examples
    --------
    >>> import tabletop_nb
    >>> game = tabletop_nb.load_game("pebble_rock", players=3)
    >>> rec = tabletop_nb.play(game, bots="random", seed=1)
    >>> len(rec.scores)
    3
    """

    name = "pebble_rock"
    Rules = Rules
    max_actions = 60_000

    # -- precomputation ----------------------------------------------------------------------
    def setup(self) -> None:
        r = self.rules
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
        self._roll_outcomes = {}
        self._roll_cum = {}
        for ch in move_die:
            joint = Die.joint(move_die[ch], sym_die[ch])
            outs = [(Roll(m, sy), p) for (m, sy), p in joint.pmf.items()]
            self._roll_outcomes[ch] = outs
            self._roll_cum[ch] = self._cumulative(outs)
        self._die_outcomes = {}
        for d in (r.steady_die, r.speedy_die, r.resource_die, r.danger_die, r.fish_die):
            outs = [(DieRoll(v), p) for v, p in d.pmf.items()]
            self._die_outcomes[d.name] = (outs, self._cumulative(outs))
        self.fish_max = max(r.fish_die.outcomes)
        all_double = r.winds_doubles == "all"
        self._jet_doubles = r.winds_doubles in ("die_and_jetstream", "all")
        self._all_double = all_double
        # PR-END-08: the order of the end-of-turn actions; the row refill is always last
        self._end_order = (("fishing", "dock", "market") if r.end_order == "main_text"
                           else ("dock", "market", "fishing"))
        self._turn_for = {ch: Turn(choice=ch) for ch in move_die}
        self._internal = {
            "start": self._i_start, "symbol": self._i_symbol, "begin_move": self._i_begin_move,
            "meet": self._i_meet, "effect": self._i_effect, "rob": self._i_rob,
            "lighthouse": self._i_lighthouse, "assign_check": self._i_assign_check,
            "next": self._i_next,
        }
        self._decide = {
            "place_boat": self._d_place_boat, "keep": self._d_keep, "shell": self._d_shell,
            "place": self._d_place, "avoid": self._d_avoid, "rob_choice": self._d_rob_choice,
            "dock": self._d_dock, "market": self._d_market, "shed": self._d_shed,
        }
        self._apply = {
            ChooseDice: self._a_choose, Step: self._a_step, Stop: self._a_stop,
            Roll: self._a_roll, DieRoll: self._a_dieroll, KeepRoll: self._a_keep_roll,
            Reroll: self._a_reroll, PlaceCharacter: self._a_place, Deliver: self._a_deliver,
            PickUp: self._a_pickup, DropOff: self._a_dropoff, TakeTreasure: self._a_take_treasure,
            DeliverTreasure: self._a_deliver_treasure, RevealTreasure: self._a_reveal,
            UseItem: self._a_use_item, Endure: self._a_endure, LoseToken: self._a_lose_token,
            Refill: self._a_refill, DiscardPassenger: self._a_discard_passenger,
            TakeItem: self._a_take_item, Decline: self._a_decline, Shed: self._a_shed,
            Overboard: self._a_overboard, DiscardItem: self._a_discard_item,
            DiscardTreasure: self._a_discard_treasure, DrawItem: self._a_draw_item,
            DrawCard: self._a_draw_card, DealAssignment: self._a_deal,
            KeepAssignment: self._a_keep_assignment, PlaceBoat: self._a_place_boat,
            FirstPlayer: self._a_first,
        }
        self._fresh = True
        self._obs_cache = {}
        self._stop = Stop()
        self._decline = Decline()
        self._keep_roll = KeepRoll()
        self._endure = Endure()
        self._choose_basic = [ChooseDice("steady"), ChooseDice("speedy")]
        self._choose_all = self._choose_basic + [ChooseDice("catch_up")]

    @staticmethod
    def _cumulative(outs):
        acts, acc, cum = [], 0.0, []
        for a, p in outs:
            acc += float(p)
            acts.append(a)
            cum.append(acc)
        cum[-1] = 1.0
        return acts, cum

    # -- setup -----------------------------------------------------------------------------
    def initial_state(self) -> State:
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
        todo = ((("draw_item",),) * r.market_size + (("draw_row",),) * r.row_size
                + tuple(("place_boat", seat) for seat in order)
                + tuple(("deal", seat) for seat in order for _ in range(r.assignments_dealt))
                + tuple(("keep", seat) for seat in order)
                + ((("first",),) if r.first_player < 0 else ()) + (("start",),))
        s = State(players=players, boats=(-1,) * n, chars=(b.maisy_start, b.larry_start,
                                                           b.roberto_start),
                  jets=frozenset(), table=table, secret=tuple(Secret() for _ in range(n)),
                  round=0, seat=r.youngest_player, first=r.first_player, turns=0,
                  phase="setup", todo=todo)
        self._fresh = True
        return self._run(s)

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
        from .position import build_position
        return build_position(self, **table)

    # -- the protocol ------------------------------------------------------------------------
    def current_player(self, s: State) -> int:
        todo = s.todo
        if todo:
            k = todo[0][0]
            if k in CHANCE_KINDS:
                return CHANCE
            if k in SEAT_KINDS:
                return todo[0][1]
            return s.seat
        if s.phase == "over":
            return TERMINAL
        return s.seat

    def is_terminal(self, s: State) -> bool:
        return s.phase == "over"

    def legal_actions(self, s: State) -> list:
        todo = s.todo
        if todo:
            head = todo[0]
            if head[0] in CHANCE_KINDS:
                return []
            return self._decide[head[0]](s, head)
        ph = s.phase
        if ph == "move":
            return self._move_actions(s)
        if ph == "choose":
            return self._choose_actions(s)
        return []

    def chance_outcomes(self, s: State) -> list[tuple[Any, Fraction]]:
        todo = s.todo
        if not todo or todo[0][0] not in CHANCE_KINDS:
            return []
        head = todo[0]
        k = head[0]
        if k == "roll":
            return list(self._roll_outcomes[s.turn.choice])
        if k in ("dieroll", "reroll"):
            return list(self._die_outcomes[self._die_name(s, head)][0])
        if k == "draw_row":
            elig = self._row_eligible(s)
            p = Fraction(1, len(elig))
            return [(DrawCard(c), p) for c in elig]
        if k == "draw_item":
            counts = self._item_source(s.table)
            tot = sum(counts)
            return [(DrawItem(ITEM_KINDS[i]), Fraction(c, tot)) for i, c in enumerate(counts) if c]
        if k == "deal":
            box = self._assignment_box(s)
            p = Fraction(1, len(box))
            return [(DealAssignment(c), p) for c in box]
        if k == "first":
            n = self.num_players
            return [(FirstPlayer(i), Fraction(1, n)) for i in range(n)]
        if k == "reveal":
            vals = s.table.hidden_values
            return [(RevealTreasure(v), Fraction(vals.count(v), len(vals)))
                    for v in sorted(set(vals))]
        raise AssertionError(k)

    def sample_chance(self, s: State, rng) -> Any:
        head = s.todo[0]
        k = head[0]
        if k == "roll":
            acts, cum = self._roll_cum[s.turn.choice]
        elif k in ("dieroll", "reroll"):
            acts, cum = self._die_outcomes[self._die_name(s, head)][1]
        elif k == "draw_row":  # uniform over the cards that fit (as chance_outcomes)
            elig = self._row_eligible(s)
            return DrawCard(elig[min(int(rng.random() * len(elig)), len(elig) - 1)])
        elif k == "draw_item":  # weighted by the cards of each kind left
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
        # events say what this action did: the first event of an action starts a new tuple
        self._fresh = True
        s2 = self._apply[type(a)](s, a)
        if self._fresh and s2.events:
            s2 = replace(s2, events=())
        return s2

    def _die_name(self, s: State, head: tuple) -> str:
        """The die a "dieroll"/"reroll" node rolls."""
        if head[0] == "dieroll":
            return self.rules.fish_die.name if head[1] in ("gain", "larry") else \
                self.move_die[s.turn.choice].name
        die = head[2]
        if die == "movement":
            return self.move_die[s.turn.choice].name
        if die == "symbol":
            return self.symbol_die[s.turn.choice].name
        return self.rules.fish_die.name

    # -- the queue ---------------------------------------------------------------------------
    def _run(self, s: State) -> State:
        """Do the bookkeeping steps at the head of the queue until a player or chance acts."""
        internal = self._internal
        while True:
            todo = s.todo
            if not todo:
                return s
            head = todo[0]
            h = internal.get(head[0])
            if h is not None:
                s = h(s, head, todo[1:])
                continue
            k = head[0]
            if k == "draw_row" and not self._row_eligible(s):
                s = replace(s, todo=todo[1:])  # PR-REFILL-08: the slot stays empty
                continue
            if k == "draw_item" and not any(self._item_source(s.table)):
                s = replace(s, todo=todo[1:])  # PR-MARKET-06: the slot stays empty
                continue
            return s

    def _ev(self, s: State, *ev) -> tuple:
        if self._fresh:
            self._fresh = False
            return (ev,)
        return s.events + (ev,)

    # -- helpers -----------------------------------------------------------------------------
    def _usable(self, s: State, kind: str) -> bool:
        """PR-ITEM-02..04: one item per turn, held since before this turn."""
        t = s.turn
        if t.item_used:
            return False
        n = s.players[s.seat].items.count(kind)
        if t.fresh_item == kind:
            n -= 1
        return n > 0

    def _passive_count(self, s: State, p: Player, kind: str) -> int:
        n = p.items.count(kind)
        if n and not self.rules.passive_items_at_once and s.turn.fresh_item == kind \
                and p is s.players[s.seat]:
            n -= 1
        return n

    def capacity(self, s: State, seat: int) -> int:
        """Hold spaces of a seat now: 5 with a Cargo Upgrade (PR-ITEM-UPG-01), else 4."""
        p = s.players[seat]
        r = self.rules
        if "cargo_upgrade" in p.items and self._passive_count(s, p, "cargo_upgrade"):
            return r.upgraded_capacity
        return r.cargo_capacity

    def _gear_bonus(self, s: State, p: Player) -> int:
        n = self._passive_count(s, p, "fishing_gear") if "fishing_gear" in p.items else 0
        if not self.rules.gear_stacks:
            n = min(n, 1)
        return n * self.rules.gear_bonus

    def _occupied(self, s: State) -> set:
        """Spaces where a boat may not stop: other boats and the characters (PR-MOVE-04)."""
        seat = s.seat
        occ = set(s.chars)
        for i, b in enumerate(s.boats):
            if i != seat:
                occ.add(b)
        return occ

    def _empty_spaces(self, s: State) -> set:
        """Spaces a character may be put on: no boat, no character, not a dock (PR-CHAR-05/06)."""
        taken = set(s.boats) | set(s.chars) | self.docks
        if not self.rules.token_spaces_are_empty:
            taken |= s.jets | s.table.treasure_spaces
        return set(range(self.info.n)) - taken

    def _adjacent_places(self, s: State, c: int) -> list[int]:
        """Where a symbol (or the Maisy item) may put character ``c``: empty, non-dock,
        one dotted line from the boat (PR-RES-03, PR-DANGER-02/03, PR-CHAR-05/06)."""
        pos = s.boats[s.seat]
        taken = set(s.boats) | set(s.chars)
        if not self.rules.token_spaces_are_empty:
            taken |= s.jets | s.table.treasure_spaces
        docks = self.docks
        out = [n for n in self.adj[pos] if n not in taken and n not in docks]
        own = s.chars[c]
        if self.rules.adjacent_character_may_stay and own in self.adjset[pos]:
            out.append(own)
            out.sort()
        return out

    def alone_last(self, s: State, seat: int) -> bool:
        """PR-DICE-03/04/06: the seat alone has the fewest track points."""
        scores = [p.score for p in s.players]
        low = min(scores)
        return scores[seat] == low and scores.count(low) == 1

    def _row_islands(self, row) -> set:
        out = set()
        dest = self.rules.destination_blocks_row
        for c in row:
            if c:
                out.add(self.card_island[c])
                if dest and self.card_dest[c] >= 0:
                    out.add(self.card_dest[c])
        return out

    def _row_eligible(self, s: State) -> list[int]:
        """PR-REFILL-02/05: deck cards whose island is not in the row (the redraw rule
        makes the revealed card uniform over these)."""
        used = self._row_islands(s.table.row)
        dest = self.rules.destination_blocks_row
        out = []
        for c in s.table.deck:
            if self.card_island[c] in used:
                continue
            if dest and self.card_dest[c] in used:
                continue
            out.append(c)
        return out

    @staticmethod
    def _item_source(t: Table) -> tuple:
        """PR-ITEM-07: the deck, or the discard pile to be reshuffled when it is empty."""
        return t.item_deck if any(t.item_deck) else t.item_discard

    def _assignment_box(self, s: State) -> list[int]:
        dealt = {c for sec in s.secret for c in sec.offer}
        return [a.id for a in self.rules.assignment_cards if a.id not in dealt]

    def _discard_item(self, s: State, p: Player, kind: str) -> tuple[Player, Table]:
        items = _remove_one(p.items, kind)
        t = s.table
        return (replace(p, items=items),
                replace(t, item_discard=_bump(t.item_discard, ITEM_INDEX[kind], 1)))

    # -- setup actions -----------------------------------------------------------------------
    def _a_draw_item(self, s: State, a: DrawItem) -> State:
        t = s.table
        i = ITEM_INDEX[a.kind]
        if any(t.item_deck):
            deck, disc = _bump(t.item_deck, i, -1), t.item_discard
        else:  # PR-ITEM-07: the discard pile is shuffled into a new deck
            deck, disc = _bump(t.item_discard, i, -1), (0,) * len(ITEM_KINDS)
        slot = t.market.index("")
        market = t.market[:slot] + (a.kind,) + t.market[slot + 1:]
        t = replace(t, item_deck=deck, item_discard=disc, market=market)
        return self._run(replace(s, table=t, todo=s.todo[1:], events=self._ev(s, "market_draw", a.kind)))

    def _a_draw_card(self, s: State, a: DrawCard) -> State:
        t = s.table
        slot = t.row.index(0)
        row = t.row[:slot] + (a.card,) + t.row[slot + 1:]
        t = replace(t, row=row, deck=_remove_one(t.deck, a.card))
        return self._run(replace(s, table=t, todo=s.todo[1:], events=self._ev(s, "row_draw", a.card)))

    def _d_place_boat(self, s: State, head) -> list:
        taken = set() if self.rules.shared_docks_at_setup else set(s.boats)
        return [PlaceBoat(d) for d in self.info.docks_sorted if d not in taken]

    def _a_place_boat(self, s: State, a: PlaceBoat) -> State:
        seat = s.todo[0][1]
        boats = s.boats[:seat] + (a.space,) + s.boats[seat + 1:]
        return self._run(replace(s, boats=boats, todo=s.todo[1:],
                                 events=self._ev(s, "place_boat", seat, a.space)))

    def _a_deal(self, s: State, a: DealAssignment) -> State:
        seat = s.todo[0][1]
        sec = s.secret[seat]
        secret = s.secret[:seat] + (replace(sec, offer=sec.offer + (a.card,)),) + s.secret[seat + 1:]
        return self._run(replace(s, secret=secret, todo=s.todo[1:]))

    def _d_keep(self, s: State, head) -> list:
        return [KeepAssignment(c) for c in s.secret[head[1]].offer]

    def _a_keep_assignment(self, s: State, a: KeepAssignment) -> State:
        seat = s.todo[0][1]
        sec = s.secret[seat]
        secret = s.secret[:seat] + (replace(sec, card=a.card),) + s.secret[seat + 1:]
        return self._run(replace(s, secret=secret, todo=s.todo[1:],
                                 events=self._ev(s, "keep", seat)))

    def _a_first(self, s: State, a: FirstPlayer) -> State:
        return self._run(replace(s, first=a.seat, todo=s.todo[1:]))

    def _i_start(self, s: State, head, rest) -> State:
        first = s.first
        return replace(s, seat=first, round=1, phase="choose", turn=Turn(), todo=rest,
                       events=self._ev(s, "start", first))

    # -- step 1 and 2: the dice --------------------------------------------------------------
    def _choose_actions(self, s: State) -> list:
        seat = s.seat
        acts = list(self._choose_all if self.rules.catch_up and self.alone_last(s, seat)
                    else self._choose_basic)
        acts.extend(self._anytime_actions(s, s.players[seat]))
        return acts

    def _a_choose(self, s: State, a: ChooseDice) -> State:
        return replace(s, turn=self._turn_for[a.choice], todo=(("roll",),),
                       events=self._ev(s, "choose", s.seat, a.choice))

    def _a_roll(self, s: State, a: Roll) -> State:
        t = replace(s.turn, roll=a.move, symbol=a.symbol)
        ev = self._ev(s, "roll", s.seat, a.move, a.symbol)
        if self._usable(s, "lucky_shell"):  # PR-ITEM-SHELL-02 (a): straight after the roll
            return replace(s, turn=t, todo=(("shell", "step2", None), ("symbol",)), events=ev)
        return self._resolve_symbol(s, t, ev, ())

    def _d_shell(self, s: State, head) -> list:
        purpose = head[1]
        if purpose == "step2":
            return [self._keep_roll, Reroll("movement"), Reroll("symbol")]
        if purpose == "jet":
            return [self._keep_roll, Reroll("movement")]
        return [self._keep_roll, Reroll("fish")]

    def _a_keep_roll(self, s: State, a: KeepRoll) -> State:
        head = s.todo[0]
        if head[1] == "step2":
            return self._run(replace(s, todo=s.todo[1:]))
        return self._run(replace(s, todo=(("effect", head[1], head[2]),) + s.todo[1:]))

    def _a_reroll(self, s: State, a: Reroll) -> State:
        """PR-ITEM-SHELL-01/02: the Lucky Shell rerolls the die just rolled."""
        head = s.todo[0]
        seat = s.seat
        p, t = self._discard_item(s, s.players[seat], "lucky_shell")
        s = replace(s, players=_with_player(s.players, seat, p), table=t,
                    turn=replace(s.turn, item_used=True),
                    todo=(("reroll", head[1], a.die),) + s.todo[1:],
                    events=self._ev(s, "shell", seat, a.die))
        return s

    def _a_dieroll(self, s: State, a: DieRoll) -> State:
        head = s.todo[0]
        if head[0] == "reroll":
            if head[1] == "step2":
                t = (replace(s.turn, roll=a.value) if head[2] == "movement"
                     else replace(s.turn, symbol=a.value))
                return self._run(replace(s, turn=t, todo=s.todo[1:],
                                         events=self._ev(s, "reroll", s.seat, head[2], a.value)))
            return self._run(replace(s, todo=(("effect", head[1], a.value),) + s.todo[1:],
                                     events=self._ev(s, "reroll", s.seat, head[2], a.value)))
        purpose = head[1]
        if self._usable(s, "lucky_shell"):
            nxt = ("shell", purpose, a.value)
        else:
            nxt = ("effect", purpose, a.value)
        return self._run(replace(s, todo=(nxt,) + s.todo[1:],
                                 events=self._ev(s, "die", s.seat, purpose, a.value)))

    def _i_effect(self, s: State, head, rest) -> State:
        purpose, v = head[1], head[2]
        seat = s.seat
        p = s.players[seat]
        if purpose == "gain":  # PR-RES-02, PR-END-02, PR-ITEM-GEAR-01
            gain = v + self._gear_bonus(s, p)
            return replace(s, players=_with_player(s.players, seat, replace(p, fish=p.fish + gain)),
                           todo=rest, events=self._ev(s, "fish", seat, gain))
        if purpose == "larry":  # PR-CHAR-09: never below 0; Gear does not apply
            lost = min(p.fish, v)
            return replace(s, players=_with_player(s.players, seat, replace(p, fish=p.fish - lost)),
                           todo=rest, events=self._ev(s, "larry", seat, lost))
        # "jet": PR-JET-02, PR-RES-06
        extra = v * (2 if self._jet_doubles and s.turn.symbol == "winds" else 1)
        return replace(s, steps=s.steps + extra, todo=rest, events=self._ev(s, "jet", seat, extra))

    def _i_symbol(self, s: State, head, rest) -> State:
        return self._resolve_symbol(s, s.turn, s.events, rest)

    def _resolve_symbol(self, s: State, t: Turn, ev: tuple, rest: tuple) -> State:
        """Step 2: resolve the Resource or Danger symbol, then start moving."""
        sym = t.symbol
        if sym == "fish":  # PR-RES-02
            return replace(s, turn=t, todo=(("dieroll", "gain"), ("begin_move",)) + rest, events=ev)
        jets = s.jets
        if sym in ("maisy", "larry", "roberto"):
            c = CHARACTERS.index(sym)
            if self._adjacent_places(s, c):
                return replace(s, turn=t, todo=(("place", c, "symbol"), ("begin_move",)) + rest,
                               events=ev)
            # PR-DANGER-04: nowhere to put the character: nothing happens
            self._fresh = False
            ev = ev + (("no_room", s.seat, sym),)
        elif sym == "jetstream":  # PR-DANGER-05/07/08
            pos = s.boats[s.seat]
            if len(jets) < self.rules.jetstream_tokens and pos not in jets:
                jets = jets | {pos}
                t = replace(t, fresh_jet=pos)
                self._fresh = False
                ev = ev + (("jet_placed", s.seat, pos),)
        return self._begin_move(s, t, jets, rest, ev)

    def _i_begin_move(self, s: State, head, rest) -> State:
        return self._begin_move(s, s.turn, s.jets, rest, s.events)

    def _begin_move(self, s: State, t: Turn, jets, rest: tuple, ev: tuple) -> State:
        steps = t.roll * (2 if t.symbol == "winds" else 1)  # PR-RES-05
        pos = s.boats[s.seat]
        todo = rest
        if not self.rules.revisit_spaces:
            t = replace(t, visited=frozenset((pos,)))
        if self.rules.jetstream_on_start and pos in jets and pos != t.fresh_jet:
            jets = jets - {pos}  # PR-DANGER-08 (b)
            todo = (("dieroll", "jet"),) + rest
        s = replace(s, phase="move", steps=steps, moved=0, turn=t, jets=jets, todo=todo, events=ev)
        return self._run(s) if todo else s

    # -- characters --------------------------------------------------------------------------
    def _d_place(self, s: State, head) -> list:
        c, how = head[1], head[2]
        name = CHARACTERS[c]
        if how == "anywhere":  # Shark Repellent, Water Cannon: "any empty space" (or stay)
            spaces = sorted(self._empty_spaces(s) | {s.chars[c]})
        else:
            spaces = self._adjacent_places(s, c)
        return [PlaceCharacter(name, sp) for sp in spaces]

    def _a_place(self, s: State, a: PlaceCharacter) -> State:
        head = s.todo[0]
        c, how = head[1], head[2]
        chars = s.chars[:c] + (a.space,) + s.chars[c + 1:]
        todo = s.todo[1:]
        if how == "symbol":  # "treat it as if you had just passed over their space"
            todo = (("meet", c, "symbol"),) + todo
        return self._run(replace(s, chars=chars, todo=todo,
                                 events=self._ev(s, "place", s.seat, a.character, a.space)))

    def _i_meet(self, s: State, head, rest) -> State:
        """A character interaction (PR-CHAR-02..04, 08..10)."""
        c, how = head[1], head[2]
        r = self.rules
        seat = s.seat
        p = s.players[seat]
        bit = 1 << c
        counts = how != "symbol" or r.symbol_is_interaction
        met = s.turn.met
        if c == MAISY:
            if p.tokens < self.capacity(s, seat):
                met = met | bit if counts else met
                p = replace(p, cargo=p.cargo + 1)
                return replace(s, players=_with_player(s.players, seat, p),
                               turn=replace(s.turn, met=met), todo=rest,
                               events=self._ev(s, "maisy", seat))
            if counts and r.empty_pass_is_interaction:
                return replace(s, turn=replace(s.turn, met=met | bit), todo=rest)
            return replace(s, todo=rest)
        empty = p.fish == 0 if c == LARRY else p.tokens == 0
        if empty:
            if counts and r.empty_pass_is_interaction:
                return replace(s, turn=replace(s.turn, met=met | bit), todo=rest)
            return replace(s, todo=rest)
        if counts:
            s = replace(s, turn=replace(s.turn, met=met | bit))
        item = "shark_repellent" if c == LARRY else "water_cannon"
        if self._usable(s, item):
            return replace(s, todo=(("avoid", c),) + rest)
        nxt = ("dieroll", "larry") if c == LARRY else ("rob",)
        return replace(s, todo=(nxt,) + rest)

    def _d_avoid(self, s: State, head) -> list:
        item = "shark_repellent" if head[1] == LARRY else "water_cannon"
        return [UseItem(item), self._endure]

    def _a_endure(self, s: State, a: Endure) -> State:
        c = s.todo[0][1]
        nxt = ("dieroll", "larry") if c == LARRY else ("rob",)
        return self._run(replace(s, todo=(nxt,) + s.todo[1:]))

    def _i_rob(self, s: State, head, rest) -> State:
        """PR-CHAR-10..12: Roberto takes a Cargo token, else the passenger or treasure."""
        seat = s.seat
        p = s.players[seat]
        if p.cargo:
            return replace(s, players=_with_player(s.players, seat, replace(p, cargo=p.cargo - 1)),
                           todo=rest, events=self._ev(s, "roberto", seat, "cargo"))
        if len(self._rob_options(s, p)) > 1:
            return replace(s, todo=(("rob_choice",),) + rest)
        (opt,) = self._rob_options(s, p)
        return self._take_token(replace(s, todo=rest), opt.kind, opt.card)

    def _rob_options(self, s: State, p: Player) -> list:
        mode = self.rules.roberto_takes
        pas = [LoseToken("passenger", c) for c in p.passengers]
        tre = [LoseToken("treasure")] if p.treasures else []
        if pas and tre:
            if mode == "treasure":
                return tre
            if mode == "passenger":
                return pas
        return pas + tre

    def _d_rob_choice(self, s: State, head) -> list:
        return self._rob_options(s, s.players[s.seat])

    def _a_lose_token(self, s: State, a: LoseToken) -> State:
        return self._run(self._take_token(replace(s, todo=s.todo[1:]), a.kind, a.card))

    def _take_token(self, s: State, kind: str, card: int) -> State:
        seat = s.seat
        p = s.players[seat]
        t = s.table
        if kind == "passenger":  # PR-PASS-06/08: the card is lost
            p = replace(p, passengers=_remove_one(p.passengers, card))
            t = replace(t, lost_cards=t.lost_cards + (card,))
        else:  # PR-TREAS-07
            origin = p.treasures[-1]
            p = replace(p, treasures=p.treasures[:-1])
            if self.rules.roberto_treasure == "returned":
                t = replace(t, treasure_spaces=t.treasure_spaces | {origin})
            else:
                t = replace(t, treasures_gone=t.treasures_gone + 1)
        return replace(s, players=_with_player(s.players, seat, p), table=t,
                       events=self._ev(s, "roberto", seat, kind))

    # -- step 3: moving ----------------------------------------------------------------------
    def _move_actions(self, s: State) -> list:
        r = self.rules
        seat = s.seat
        p = s.players[seat]
        pos = s.boats[seat]
        t = s.turn
        chars = s.chars
        occ = set(chars)
        for i, b in enumerate(s.boats):
            if i != seat:
                occ.add(b)
        acts = []
        steps = s.steps
        fish = p.fish
        revisit = r.revisit_spaces
        if steps > 0 or fish > 0:
            adj = self.adj
            visited = t.visited
            step_actions = self.step_actions
            for n in adj[pos]:
                if not revisit and n in visited:
                    continue
                if n in occ and not self._can_leave(s, n, occ, steps, fish, revisit, visited):
                    continue
                acts.append(step_actions[n])
        if pos not in occ and (r.zero_step_move or s.moved or not acts):
            acts.append(self._stop)
        if s.moved or r.start_space_counts:
            self._space_actions(s, p, pos, acts)
        elif r.treasure_beside_roberto_anytime and p.treasures and chars[ROBERTO] in self.adjset[pos]:
            acts.append(DeliverTreasure())
        if not t.item_used:
            acts.extend(self._item_actions(s, p, pos, occ))
        acts.extend(self._anytime_actions(s, p))
        return acts

    def _can_leave(self, s, n, occ, steps, fish, revisit, visited) -> bool:
        """A boat may enter a space where it cannot stop only if it is sure to get out:
        movement or fish left after entering (after the worst Larry roll there), and a
        free neighbour to go on to (see RULINGS.md, PR-MOVE-04)."""
        if steps > 0:
            left_steps, left_fish = steps - 1, fish
        else:
            left_steps, left_fish = self._fish_extra(s), fish - 1
        if n == s.chars[LARRY] and not s.turn.met & (1 << LARRY):
            left_fish = max(0, left_fish - self.fish_max)
        if left_steps + left_fish < 1:
            return False
        for m in self.adj[n]:
            if m not in occ and (revisit or m not in visited):
                return True
        return False

    def _fish_extra(self, s: State) -> int:
        """Movement a fish buys beyond its own step (1 under Winds when Winds doubles all)."""
        return 1 if self._all_double and s.turn.symbol == "winds" else 0

    def _space_actions(self, s: State, p: Player, pos: int, acts: list) -> None:
        """Optional actions on a space entered during the move (PR-DELIV, PR-PASS, PR-TREAS)."""
        here = self.info.islands_at[pos]
        r = self.rules
        room = p.tokens < self.capacity(s, s.seat)
        if here:
            ci = self.card_island
            for c in s.table.row:
                if c and ci[c] in here:
                    amount = self.card_cargo[c]
                    if amount:
                        if p.cargo >= amount:
                            acts.append(Deliver(c))
                    elif (room or p.cargo) and self._passenger_token_free(s):
                        acts.append(PickUp(c))
            cd = self.card_dest
            for c in p.passengers:
                if cd[c] in here:
                    acts.append(DropOff(c))
        if pos in s.table.treasure_spaces and (room or p.cargo):
            acts.append(TakeTreasure())
        if p.treasures and s.chars[ROBERTO] in self.adjset[pos] and \
                (r.deliver_all_treasures or not s.turn.treasure_here):
            acts.append(DeliverTreasure())

    def _passenger_token_free(self, s: State) -> bool:
        if not self.rules.passenger_supply_limited:
            return True
        return sum(len(p.passengers) for p in s.players) < self.rules.passenger_tokens

    def _item_actions(self, s: State, p: Player, pos: int, occ: set) -> list:
        acts = []
        if not p.items:
            return acts
        if self._usable(s, "jam_sandwich"):
            acts.append(UseItem("jam_sandwich"))
        if self._usable(s, "maisy") and pos not in occ:
            acts.extend(UseItem("maisy", sp) for sp in self._adjacent_places(s, MAISY))
        return acts

    def _anytime_actions(self, s: State, p: Player) -> list:
        r = self.rules
        acts = []
        if r.overboard_any_time and p.cargo:
            acts.append(Overboard())
        if r.discard_items_any_time:
            for k in sorted(set(p.items)):
                if self._may_discard(s, p, k):
                    acts.append(DiscardItem(k))
        if r.treasure_discard and p.treasures:
            acts.append(DiscardTreasure())
        if p.passengers and p.tokens >= self.capacity(s, s.seat):
            # PR-PASS-07: make room for more cargo (poor customer service)
            acts.extend(DiscardPassenger(c) for c in p.passengers)
        return acts

    def _a_step(self, s: State, a: Step) -> State:
        to = a.to
        seat = s.seat
        t = s.turn
        players = s.players
        if s.steps > 0:
            steps = s.steps - 1
        else:  # PR-FISH-01: a fish buys this step
            p = players[seat]
            players = _with_player(players, seat, replace(p, fish=p.fish - 1))
            steps = self._fish_extra(s)
        boats = s.boats[:seat] + (to,) + s.boats[seat + 1:]
        todo = ()
        chars = s.chars
        if to in chars:
            c = chars.index(to)
            if not t.met & (1 << c):
                todo = (("meet", c, "pass"),)
        jets = s.jets
        if to in jets and to != t.fresh_jet and self.rules.jetstream_when == "enter":
            jets = jets - {to}
            todo = todo + (("dieroll", "jet"),)
        if t.treasure_here or not self.rules.revisit_spaces:
            t = replace(t, treasure_here=False, visited=t.visited | {to})
        s = replace(s, players=players, boats=boats, jets=jets, todo=todo, turn=t, steps=steps,
                    moved=s.moved + 1, events=(("step", seat, to),))
        self._fresh = False
        if todo:
            return self._run(s)
        return s

    def _a_stop(self, s: State, a: Stop) -> State:
        pos = s.boats[s.seat]
        t = s.turn
        if self.rules.jetstream_when == "stop" and s.moved and pos in s.jets and pos != t.fresh_jet:
            # PR-JET-03 (b): the token works where the boat would stop; it goes on moving
            return self._run(replace(s, jets=s.jets - {pos}, todo=(("dieroll", "jet"),),
                                     events=self._ev(s, "jet_stop", s.seat)))
        return self._run(replace(s, phase="end", todo=self._end_of_turn(s, pos),
                                 events=self._ev(s, "stop", s.seat, pos)))

    def _end_of_turn(self, s: State, pos: int) -> tuple:
        """The end-of-turn steps that apply where the boat stopped (PR-END-01..08).

        Nothing done at the end of a turn changes whether a later step applies (the dock
        refill comes before the Market under both orders), so they are chosen at once.
        """
        seat = s.seat
        p = s.players[seat]
        todo = []
        for what in self._end_order:
            if what == "dock":
                if pos in self.docks and (p.tokens < self.capacity(s, seat) or p.passengers):
                    todo.append(("dock",))
            elif what == "market":
                if pos in self.info.market_spaces and any(s.table.market):
                    todo.append(("market",))
            elif pos in self.info.fishing:
                todo.append(("dieroll", "gain"))
        if s.round >= self.rules.rounds and pos in self.docks:
            todo.append(("lighthouse",))
        empty = s.table.row.count(0)  # PR-REFILL-01/06
        if empty and (self.rules.refill_after_pickup or s.turn.delivered):
            todo.extend((("draw_row",),) * empty)
        if self.rules.assignment_check == "any_time":
            todo.append(("assign_check",))
        todo.append(("next",))
        return tuple(todo)

    def _a_deliver(self, s: State, a: Deliver) -> State:
        seat = s.seat
        p = s.players[seat]
        card = self.cards[a.card]
        p = replace(p, cargo=p.cargo - card.amount, score=p.score + card.points,
                    completed=p.completed + (a.card,))
        t = s.table
        t = replace(t, row=tuple(0 if c == a.card else c for c in t.row))
        return replace(s, players=_with_player(s.players, seat, p), table=t,
                       turn=replace(s.turn, delivered=True),
                       events=self._ev(s, "deliver", seat, a.card, card.points))

    def _make_room(self, s: State, p: Player) -> Player:
        """PR-PASS-03, PR-TREAS-03: throw one Cargo token overboard if the hold is full."""
        if p.tokens >= self.capacity(s, s.seat):
            return replace(p, cargo=p.cargo - 1)
        return p

    def _a_pickup(self, s: State, a: PickUp) -> State:
        seat = s.seat
        p = self._make_room(s, s.players[seat])
        p = replace(p, passengers=p.passengers + (a.card,))
        t = s.table
        t = replace(t, row=tuple(0 if c == a.card else c for c in t.row))
        return replace(s, players=_with_player(s.players, seat, p), table=t,
                       events=self._ev(s, "pickup", seat, a.card))

    def _a_dropoff(self, s: State, a: DropOff) -> State:
        seat = s.seat
        p = s.players[seat]
        pts = self.cards[a.card].points
        p = replace(p, passengers=_remove_one(p.passengers, a.card), score=p.score + pts,
                    completed=p.completed + (a.card,))
        return replace(s, players=_with_player(s.players, seat, p),
                       events=self._ev(s, "dropoff", seat, a.card, pts))

    def _a_take_treasure(self, s: State, a: TakeTreasure) -> State:
        seat = s.seat
        pos = s.boats[seat]
        p = self._make_room(s, s.players[seat])
        p = replace(p, treasures=p.treasures + (pos,))
        t = replace(s.table, treasure_spaces=s.table.treasure_spaces - {pos})
        return replace(s, players=_with_player(s.players, seat, p), table=t,
                       events=self._ev(s, "treasure", seat, pos))

    def _a_deliver_treasure(self, s: State, a: DeliverTreasure) -> State:
        """PR-TREAS-05: the token leaves the hold when its value is revealed (next)."""
        return replace(s, turn=replace(s.turn, treasure_here=True), todo=(("reveal",),) + s.todo)

    def _a_reveal(self, s: State, a: RevealTreasure) -> State:
        seat = s.seat
        p = s.players[seat]
        p = replace(p, score=p.score + a.value, treasure_values=p.treasure_values + (a.value,),
                    treasures=p.treasures[:-1])
        t = replace(s.table, hidden_values=_remove_one(s.table.hidden_values, a.value))
        return self._run(replace(s, players=_with_player(s.players, seat, p), table=t,
                                 todo=s.todo[1:], events=self._ev(s, "treasure_value", seat, a.value)))

    # -- items -------------------------------------------------------------------------------
    def _a_use_item(self, s: State, a: UseItem) -> State:
        seat = s.seat
        p, table = self._discard_item(s, s.players[seat], a.item)
        t = replace(s.turn, item_used=True)
        s = replace(s, players=_with_player(s.players, seat, p), table=table, turn=t,
                    events=self._ev(s, "item", seat, a.item))
        if a.item == "jam_sandwich":  # PR-ITEM-JAM-01
            extra = self.rules.jam_bonus * (2 if self._all_double and t.symbol == "winds" else 1)
            return replace(s, steps=s.steps + extra)
        if a.item == "maisy":  # PR-ITEM-MAISY-01/02
            chars = (a.space,) + s.chars[1:]
            s = replace(s, chars=chars)
            if self.rules.maisy_item_gives_cargo and not s.turn.met & (1 << MAISY):
                return self._run(replace(s, todo=(("meet", MAISY, "item"),) + s.todo))
            return s
        # Shark Repellent / Water Cannon, at an encounter (PR-ITEM-SHARK-01..03, PR-ITEM-CANNON-01)
        c = s.todo[0][1]
        if not self.rules.avoided_is_interaction:
            s = replace(s, turn=replace(s.turn, met=s.turn.met & ~(1 << c)))
        return self._run(replace(s, todo=(("place", c, "anywhere"),) + s.todo[1:]))

    def _may_discard(self, s: State, p: Player, kind: str) -> bool:
        """PR-ITEM-UPG-02 (b): the upgrade cannot go while its fifth space is in use."""
        if kind != "cargo_upgrade" or self.rules.upgrade_discard_when_full == "shed":
            return True
        return p.items.count(kind) > 1 or p.tokens <= self.rules.cargo_capacity

    def _after_discard(self, s: State, todo: tuple) -> tuple:
        seat = s.seat
        if s.players[seat].tokens > self.capacity(s, seat):
            return (("shed",),) + todo
        return todo

    def _a_discard_item(self, s: State, a: DiscardItem) -> State:
        seat = s.seat
        p, table = self._discard_item(s, s.players[seat], a.item)
        s = replace(s, players=_with_player(s.players, seat, p), table=table,
                    events=self._ev(s, "discard_item", seat, a.item))
        return self._run(replace(s, todo=self._after_discard(s, s.todo)))

    def _d_shed(self, s: State, head) -> list:
        p = s.players[s.seat]
        acts = [Shed("cargo")] if p.cargo else []
        acts.extend(Shed("passenger", c) for c in p.passengers)
        if not acts:
            acts.append(Shed("treasure"))
        return acts

    def _a_shed(self, s: State, a: Shed) -> State:
        seat = s.seat
        p = s.players[seat]
        table = s.table
        if a.kind == "cargo":
            p = replace(p, cargo=p.cargo - 1)
        elif a.kind == "passenger":
            p = replace(p, passengers=_remove_one(p.passengers, a.card))
            table = replace(table, lost_cards=table.lost_cards + (a.card,))
        else:
            p = replace(p, treasures=p.treasures[:-1])
            table = replace(table, treasures_gone=table.treasures_gone + 1)
        s = replace(s, players=_with_player(s.players, seat, p), table=table,
                    events=self._ev(s, "shed", seat, a.kind))
        todo = s.todo if p.tokens > self.capacity(s, seat) else s.todo[1:]
        return self._run(replace(s, todo=todo))

    def _a_overboard(self, s: State, a: Overboard) -> State:
        seat = s.seat
        p = s.players[seat]
        return replace(s, players=_with_player(s.players, seat, replace(p, cargo=p.cargo - 1)),
                       events=self._ev(s, "overboard", seat))

    def _a_discard_treasure(self, s: State, a: DiscardTreasure) -> State:
        seat = s.seat
        p = s.players[seat]
        t = replace(s.table, treasures_gone=s.table.treasures_gone + 1)
        return replace(s, players=_with_player(s.players, seat, replace(p, treasures=p.treasures[:-1])),
                       table=t, events=self._ev(s, "discard_treasure", seat))

    def _a_discard_passenger(self, s: State, a: DiscardPassenger) -> State:
        seat = s.seat
        p = s.players[seat]
        p = replace(p, passengers=_remove_one(p.passengers, a.card))
        t = replace(s.table, lost_cards=s.table.lost_cards + (a.card,))
        return replace(s, players=_with_player(s.players, seat, p), table=t,
                       events=self._ev(s, "discard_passenger", seat, a.card))

    # -- step 4: end of turn -----------------------------------------------------------------
    def _d_dock(self, s: State, head) -> list:
        """PR-END-03/06: fill the empty hold spaces (all or none, or any number)."""
        seat = s.seat
        p = s.players[seat]
        room = self.capacity(s, seat) - p.tokens
        acts = []
        if room > 0:
            acts.append(Refill(room))
            if self.rules.dock_refill == "any_number":
                acts.extend(Refill(k) for k in range(room - 1, 0, -1))
        acts.append(self._decline)
        acts.extend(DiscardPassenger(c) for c in p.passengers)
        return acts

    def _a_refill(self, s: State, a: Refill) -> State:
        seat = s.seat
        p = s.players[seat]
        return self._run(replace(s, players=_with_player(s.players, seat, replace(p, cargo=p.cargo + a.n)),
                                 todo=s.todo[1:], events=self._ev(s, "refill", seat, a.n)))

    def _a_decline(self, s: State, a: Decline) -> State:
        return self._run(replace(s, todo=s.todo[1:]))

    def _d_market(self, s: State, head) -> list:
        """PR-MARKET-02..05: one free item; with three held, discard one to take it."""
        p = s.players[s.seat]
        full = len(p.items) >= self.rules.max_items
        acts = []
        for slot, kind in enumerate(s.table.market):
            if not kind:
                continue
            if not full:
                acts.append(TakeItem(slot))
            else:
                acts.extend(TakeItem(slot, d) for d in sorted(set(p.items)) if self._may_discard(s, p, d))
        acts.append(self._decline)
        return acts

    def _a_take_item(self, s: State, a: TakeItem) -> State:
        seat = s.seat
        p = s.players[seat]
        table = s.table
        kind = table.market[a.slot]
        if a.discard:
            p, table = self._discard_item(replace(s, table=table), p, a.discard)
        p = replace(p, items=tuple(sorted(p.items + (kind,))))
        table = replace(table, market=table.market[:a.slot] + ("",) + table.market[a.slot + 1:])
        s = replace(s, players=_with_player(s.players, seat, p), table=table,
                    turn=replace(s.turn, fresh_item=kind),
                    events=self._ev(s, "take_item", seat, kind, a.discard))
        todo = (("draw_item",),) + s.todo[1:]
        return self._run(replace(s, todo=self._after_discard(s, todo) if a.discard else todo))

    def _i_lighthouse(self, s: State, head, rest) -> State:
        """PR-FINAL-02/03: ending the final round's turn on a dock."""
        seat = s.seat
        p = s.players[seat]
        if s.round >= self.rules.rounds and s.boats[seat] in self.docks and not p.lighthouse:
            return replace(s, players=_with_player(s.players, seat, replace(p, lighthouse=True)),
                           todo=rest, events=self._ev(s, "lighthouse", seat))
        return replace(s, todo=rest)

    def _i_assign_check(self, s: State, head, rest) -> State:
        if self.rules.assignment_check != "any_time":
            return replace(s, todo=rest)
        seat = s.seat
        sec = s.secret[seat]
        bits = sec.achieved | self._achieved_now(s, seat)
        if bits != sec.achieved:
            secret = s.secret[:seat] + (replace(sec, achieved=bits),) + s.secret[seat + 1:]
            return replace(s, secret=secret, todo=rest)
        return replace(s, todo=rest)

    def _i_next(self, s: State, head, rest) -> State:
        """PR-TURN-02/04/05: the next player clockwise; after the round, Brock moves on."""
        n = self.num_players
        seat = (s.seat + 1) % n
        rnd = s.round
        if seat == s.first:
            if rnd >= self.rules.rounds:
                return replace(s, phase="over", todo=(), turns=s.turns + 1, steps=0, moved=0,
                               events=self._ev(s, "game_over"))
            rnd += 1
        return replace(s, seat=seat, round=rnd, turns=s.turns + 1, phase="choose", todo=rest,
                       turn=Turn(), steps=0, moved=0)

    # -- scoring -----------------------------------------------------------------------------
    def progress(self, s: State, seat: int) -> Progress:
        """What the seat has done, as Assignment objectives measure it."""
        p = s.players[seat]
        cards = [self.cards[c] for c in p.completed]
        colours = {}
        for c in cards:
            for col in set(c.colours):
                colours[col] = colours.get(col, 0) + 1
        return Progress(colours, sum(c.kind == "passenger" for c in cards),
                        sum(c.kind == "cargo" for c in cards),
                        sum(c.kind == "cargo" and c.amount >= 3 for c in cards),
                        len(p.treasure_values), p.fish,
                        count_sets((c.colours for c in cards), self.info.colours),
                        len(cards), p.lighthouse, len(p.items))

    def _achieved_now(self, s: State, seat: int) -> int:
        card = s.secret[seat].card
        if card <= 0:
            return 0
        a = self.assignments[card]
        pr = self.progress(s, seat)
        return (1 if objective_met(a.top, pr) else 0) | (2 if objective_met(a.bottom, pr) else 0)

    def breakdown(self, s: State, seat: int) -> Breakdown:
        """The seat's final score by parts, as if the game ended now (PR-SCORE-01..08)."""
        r = self.rules
        p = s.players[seat]
        cards = [self.cards[c].colours for c in p.completed]
        sets = count_sets(cards, self.info.colours)
        card = s.secret[seat].card
        pts = 0
        if card > 0:
            a = self.assignments[card]
            bits = self._achieved_now(s, seat)
            if r.assignment_check == "any_time":
                bits |= s.secret[seat].achieved
            pts = assignment_points(a.top, a.bottom, bool(bits & 1), bool(bits & 2))
        return Breakdown(p.score, sets, sets * r.set_points, p.fish, p.fish // r.fish_per_point,
                         r.lighthouse_points if p.lighthouse else 0, pts)

    def scores(self, s: State) -> tuple:
        """Track scores during play; final scores (PR-SCORE-01) once the game is over."""
        if s.phase != "over":
            return tuple(p.score for p in s.players)
        return tuple(self.breakdown(s, i).total for i in range(self.num_players))

    def winners(self, s: State) -> tuple[int, ...]:
        """PR-TIE-01..04: the highest score; then the most fish; then a shared win."""
        sc = self.scores(s)
        best = max(sc)
        tied = [i for i, v in enumerate(sc) if v == best]
        fish = max(s.players[i].fish for i in tied)
        return tuple(i for i in tied if s.players[i].fish == fish)

    def ranks(self, s: State) -> tuple[int, ...]:
        """Winners rank 1; the rest by score, ties shared (or broken by fish, PR-TIE-05)."""
        sc = self.scores(s)
        win = set(self.winners(s))
        by_fish = self.rules.lower_ties_by_fish
        keys = [(i in win, sc[i], s.players[i].fish if by_fish else 0) for i in range(len(sc))]
        return tuple(1 + sum(1 for k in keys if k > keys[i]) for i in range(len(sc)))

    # -- hidden information ------------------------------------------------------------------
    def observation(self, s: State, player: int) -> State:
        """Other players' Assignment cards are hidden (PR-SETUP-10)."""
        if not self.rules.secret_assignments:
            return s
        cached = self._obs_cache.get(player)
        if cached is not None and cached[0] is s.secret:
            hidden = cached[1]
        else:
            hidden = tuple(sec if i == player else _HIDDEN for i, sec in enumerate(s.secret))
            self._obs_cache[player] = (s.secret, hidden)
        return replace(s, secret=hidden)

    def bots(self) -> dict:
        """The greedy bot (``"greedy"``) besides the core's random bot."""
        from .bots import greedy_bot
        return {"greedy": greedy_bot}

    # the search bot's hooks (core/search.py) live in bots.py
    @property
    def search_horizon(self) -> int:
        from .bots import SEARCH_HORIZON_PER_SEAT
        return SEARCH_HORIZON_PER_SEAT * self.num_players

    def determinize(self, s: State, player: int, rng) -> State:
        from .bots import determinize
        return determinize(self, s, player, rng)

    def estimate_scores(self, s: State) -> tuple:
        from .bots import estimate_scores
        return estimate_scores(self, s)

    def search_actions(self, s: State, rng) -> list:
        from .bots import search_actions
        return search_actions(self, s, rng)

    # -- words -------------------------------------------------------------------------------
    def player_name(self, seat: int) -> str:
        return self.rules.characters[seat]

    def turn_count(self, s: State) -> int:
        return s.turns

    def phase(self, s: State) -> str:
        """The round and the decision being asked now, in the words of the buttons.

        >>> import tabletop_nb
        >>> game = tabletop_nb.load_game("pebble_rock", players=2)
        >>> s = tabletop_nb.replay(game, tabletop_nb.play(game, "random", seed=1))[30]
        >>> game.phase(s).startswith("Round ")
        True
        """
        if s.phase == "over":
            return "Game over"
        head = "Setup" if s.phase == "setup" else f"Round {s.round} of {self.rules.rounds}"
        p = self.current_player(s)
        if p == CHANCE:
            first = self.chance_outcomes(s)[0][0]
            return f"{head}: {_CHANCE_WORDS.get(type(first), 'a roll')}"
        acts = self.legal_actions(s)
        words: list[str] = []
        for a in acts:  # the kinds of choice on offer, in button order, each named once
            w = (f"put {a.character.capitalize()} on a space" if isinstance(a, PlaceCharacter)
                 else _DECISION_WORDS.get(type(a), ""))
            if w and w not in words:
                words.append(w)
        if len(words) > 3:
            words = words[:3] + ["something else"]
        asked = ", ".join(words[:-1]) + " or " + words[-1] if len(words) > 1 else "".join(words)
        return f"{head}: {self.player_name(p)}, {asked or 'choose'}"

    def summary(self, s: State) -> dict[str, tuple]:
        n = self.num_players
        ps = s.players
        return {"score": self.scores(s), "fish": tuple(p.fish for p in ps),
                "cargo": tuple(p.cargo for p in ps),
                "passengers": tuple(len(p.passengers) for p in ps),
                "treasure": tuple(len(p.treasures) for p in ps),
                "hold": tuple(f"{ps[i].tokens}/{self.capacity(s, i)}" for i in range(n)),
                "items": tuple(", ".join(p.items) or "-" for p in ps),
                "cards": tuple(len(p.completed) for p in ps),
                "lighthouse": tuple(p.lighthouse for p in ps)}

    def action_label(self, s: State, a: Any) -> str:
        d = self.info.describe
        if isinstance(a, Step):
            paid = s.steps <= 0 and s.phase == "move"
            return f"Sail to {d(a.to)}" + (" (costs 1 fish)" if paid else "")
        if isinstance(a, Stop):
            return "Stop here"
        if isinstance(a, ChooseDice):
            return "Roll " + CHOICE_NAMES[a.choice]
        if isinstance(a, Roll):
            return f"Rolled {a.move} and {a.symbol}"
        if isinstance(a, DieRoll):
            head = s.todo[0] if s.todo else ("",)
            what = {"gain": "Fish die", "larry": "Larry's Fish die", "jet": "Jetstream roll"}.get(
                head[1] if len(head) > 1 else "", "Die")
            if head[0] == "reroll":
                what = f"Reroll of the {head[2]} die"
            return f"{what}: {a.value}"
        if isinstance(a, KeepRoll):
            return "Keep the roll"
        if isinstance(a, Reroll):
            return f"Lucky Shell: reroll the {a.die} die"
        if isinstance(a, PlaceCharacter):
            return f"Put {a.character.capitalize()} on {d(a.space)}"
        if isinstance(a, Deliver):
            c = self.cards[a.card]
            return f"Deliver {c.amount} cargo to {c.island} ({c.points} points)"
        if isinstance(a, PickUp):
            c = self.cards[a.card]
            return f"Pick up the passenger at {c.island} for {c.destination} ({c.points} points)"
        if isinstance(a, DropOff):
            c = self.cards[a.card]
            return f"Drop the passenger at {c.destination} ({c.points} points)"
        if isinstance(a, TakeTreasure):
            return "Take the treasure"
        if isinstance(a, DeliverTreasure):
            return "Give a treasure to Roberto"
        if isinstance(a, RevealTreasure):
            return f"The treasure is worth {a.value}"
        if isinstance(a, UseItem):
            name = a.item.replace("_", " ").title()
            return f"Use {name}" + (f": Maisy to {d(a.space)}" if a.space >= 0 else "")
        if isinstance(a, Endure):
            return "Keep the item"
        if isinstance(a, LoseToken):
            return f"Roberto takes the {a.kind}" + (f" (card {a.card})" if a.card else "")
        if isinstance(a, Refill):
            return f"Refill {a.n} cargo"
        if isinstance(a, DiscardPassenger):
            return f"Discard the passenger for {self.cards[a.card].destination}"
        if isinstance(a, TakeItem):
            kind = s.table.market[a.slot].replace("_", " ")
            return f"Take {kind}" + (f" (discard {a.discard.replace('_', ' ')})" if a.discard else "")
        if isinstance(a, Decline):
            return "No thanks"
        if isinstance(a, Shed):
            return f"Lose a {a.kind}"
        if isinstance(a, Overboard):
            return "Throw a cargo overboard"
        if isinstance(a, DiscardItem):
            return f"Discard {a.item.replace('_', ' ')}"
        if isinstance(a, DiscardTreasure):
            return "Discard a treasure"
        if isinstance(a, DrawItem):
            return f"Market: {a.kind.replace('_', ' ')}"
        if isinstance(a, DrawCard):
            return self._event_text(("row_draw", a.card))
        if isinstance(a, DealAssignment):
            return "An Assignment card is dealt"
        if isinstance(a, KeepAssignment):
            return f"Keep assignment {self.assignments[a.card].name}"
        if isinstance(a, PlaceBoat):
            return f"Put the boat on {d(a.space)}"
        if isinstance(a, FirstPlayer):
            return f"{self.player_name(a.seat)} starts"
        return str(a)

    def events(self, s: State) -> tuple[str, ...]:
        return tuple(self._event_text(e) for e in s.events)

    def _event_text(self, e: tuple) -> str:
        """Words for one compact event tuple (kept out of the hot path until asked for)."""
        k = e[0]
        d = self.info.describe
        if k == "row_draw":
            c = self.cards[e[1]]
            what = (f"{c.amount} cargo to {c.island}" if c.kind == "cargo"
                    else f"a passenger from {c.island} to {c.destination}")
            return f"New Delivery card: {what} ({c.points} points)"
        if k == "market_draw":
            return f"The Market shows {e[1].replace('_', ' ')}"
        if k == "game_over":
            return "The game is over"
        who = self.player_name(e[1])
        rest = e[2:]
        texts = {
            "step": lambda: f"{who} sails to {d(rest[0])}",
            "stop": lambda: f"{who} stops on {d(rest[0])}",
            "choose": lambda: f"{who} rolls {CHOICE_NAMES[rest[0]]}",
            "roll": lambda: f"{who} rolled {rest[0]} and {rest[1]}",
            "shell": lambda: f"{who} uses the Lucky Shell on the {rest[0]} die",
            "reroll": lambda: f"{who} rerolled the {rest[0]} die: {rest[1]}",
            "die": lambda: {"gain": f"{who} rolls the Fish die: {rest[1]}",
                            "larry": f"Larry's Fish die: {rest[1]}",
                            "jet": f"The jetstream roll: {rest[1]}"}.get(rest[0], str(rest)),
            "fish": lambda: f"{who} gains {rest[0]} fish",
            "larry": lambda: f"Larry steals {rest[0]} fish from {who}",
            "roberto": lambda: f"Roberto takes a {rest[0]} from {who}",
            "maisy": lambda: f"Maisy gives {who} a Cargo token",
            "no_room": lambda: f"No empty space next to {who}'s boat: {rest[0].capitalize()} stays",
            "jet_placed": lambda: f"{who} puts a jetstream token on {d(rest[0])}",
            "jet": lambda: f"A jetstream gives {who} {rest[0]} more spaces",
            "jet_stop": lambda: f"{who} stops on a jetstream and sails on",
            "place": lambda: f"{who} puts {rest[0].capitalize()} on {d(rest[1])}",
            "deliver": lambda: f"{who} delivers to {self.cards[rest[0]].island} for {rest[1]} points",
            "pickup": lambda: f"{who} picks up a passenger for {self.cards[rest[0]].destination}",
            "dropoff": lambda: f"{who} drops a passenger at {self.cards[rest[0]].destination} "
                               f"for {rest[1]} points",
            "treasure": lambda: f"{who} takes the treasure on {d(rest[0])}",
            "treasure_value": lambda: f"{who} gives Roberto a treasure worth {rest[0]}",
            "item": lambda: f"{who} uses {rest[0].replace('_', ' ')}",
            "discard_item": lambda: f"{who} discards {rest[0].replace('_', ' ')}",
            "take_item": lambda: f"{who} takes {rest[0].replace('_', ' ')} from the Market"
                                 + (f", discarding {rest[1].replace('_', ' ')}" if rest[1] else ""),
            "shed": lambda: f"{who} loses a {rest[0]}: the hold is smaller",
            "overboard": lambda: f"{who} throws a Cargo token overboard",
            "discard_treasure": lambda: f"{who} discards a treasure",
            "discard_passenger": lambda: f"{who} leaves a passenger behind (card lost)",
            "refill": lambda: f"{who} refills {rest[0]} cargo at the dock",
            "lighthouse": lambda: f"{who} takes a Lighthouse token",
            "place_boat": lambda: f"{who} puts the boat on {d(rest[0])}",
            "keep": lambda: f"{who} keeps an Assignment card",
            "start": lambda: f"{who} starts the game",
        }
        f = texts.get(k)
        return f() if f else " ".join(str(x) for x in e)


_HIDDEN = Secret(offer=(), card=-1, achieved=0)
