"""Heuristic bots for Pebble Rock.

``greedy_bot`` plans one delivery at a time: at each decision it values every goal it
could sail for (a delivery it has cargo for, a passenger's drop-off or pick-up, a
treasure, Roberto for a treasure it carries, a dock when its hold runs low, the Market,
the Lighthouse in the last round) by points per turn of sailing along shortest routes,
and steps towards the best one, spending fish only to get there this turn. It picks the
dice with the exact odds of :mod:`~tabletop_nb.games.pebble_rock.odds` (the choice most likely to reach its goal this
turn, Steady's resources on a tie), keeps characters out of its way, and takes every
delivery, drop-off and treasure it passes.

Examples
--------
>>> import tabletop_nb
>>> game = tabletop_nb.load_game("pebble_rock", players=2)
>>> rec = tabletop_nb.play(game, bots=["greedy", "random"], seed=3)
>>> len(rec.scores)
2
"""
from __future__ import annotations

from ...core import memo
from ...core.search import Plan
from . import analysis, odds
from .frames import (DockRefill, MarketVisit, OfferAvoid, OfferReroll,
                     PutCharacter, RobberyChoice, ShedToCapacity)
from .state import (LARRY, ROBERTO, ChooseDice, Decline, Deliver, DeliverTreasure,
                    DropOff, KeepAssignment, KeepRoll, PickUp, PlaceBoat,
                    Refill, Reroll, Shed, Step, Stop, TakeItem, TakeTreasure,
                    UseItem, replace)

__all__ = ["greedy_bot", "GreedyBot", "GreedyPlanner", "search_actions", "determinize", "estimate_scores"]

#: items the greedy bot wants, best first
ITEM_PREFERENCE = ("cargo_upgrade", "fishing_gear", "jam_sandwich", "water_cannon",
                   "shark_repellent", "lucky_shell", "maisy")
#: assignment objectives it finds easiest, best first
OBJECTIVE_PREFERENCE = ("cards", "colour", "lighthouse", "cargo_cards", "passengers", "sets",
                        "big_cargo", "treasure", "fish", "items")


class GreedyPlanner:
    """Distances and goal values for one game (built once, kept by the :class:`GreedyBot`).

    Parameters
    ----------
    game : PebbleRockGame
        The game (its board and cards).

    Examples
    --------
    >>> import tabletop_nb
    >>> game = tabletop_nb.load_game("pebble_rock", players=2)
    >>> planner = GreedyPlanner(game)
    >>> sorted(planner.docks)[:3], planner.fish_mean   # the docks, the Fish die's mean
    ([38, 39, 47], 2.0)
    """

    def __init__(self, game):
        """The planner of ``game``: its distances and card goals, made once."""
        self.game = game
        info = self.info = game.info
        self.dist = info.dist
        self.n = info.n
        #: each target set's distance table (see :meth:`to_set`)
        self.to_set_tables = memo.cache("pebble_rock.greedy.to_set",
                                        key="a frozenset of target spaces")
        self.island_sets = [frozenset(sp) for sp in info.island_spaces]
        self.docks = frozenset(info.docks)
        self.markets = frozenset(info.market_spaces)
        self.move_mean = {ch: float(odds.movement(game, ch).mean) for ch in odds.CHOICES}
        #: the chances to reach each distance, by dice choice and fish (see :meth:`reach_at_least`)
        self.reach_tail = memo.cache("pebble_rock.greedy.reach_tail",
                                     key="(dice choice, fish held up to 12)")
        r = game.rules
        self.fish_mean = float(r.fish_die.mean)
        n_isl = len(self.island_sets)
        # sailing distance between islands (from a space around one to a space around the other)
        self.island_dist = [[min(self.dist[a][b] for a in self.island_sets[i] for b in self.island_sets[j])
                             for j in range(n_isl)] for i in range(n_isl)]
        self.stop_spaces = self.docks | self.markets  # every space of a must-stop goal
        #: the goals and their distance tables (see "The planner's caches" below)
        self.goal_tables = memo.cache(
            "pebble_rock.greedy.goals",
            key="everything goals() and the must-stop filter read (see _goal_tables)")
        # each Delivery card's goals, built once (see "The planner's caches" below)
        self.card_goals = {c: self._card_goals(c) for c in game.cards}
        self.wanted_items = frozenset(ITEM_PREFERENCE[:4])

    def to_set(self, spaces: frozenset) -> tuple:
        """Distance from every space to the nearest of ``spaces``."""
        d = self.to_set_tables.get(spaces)
        if d is None:
            # min(dist[x][t] for t in spaces) for each space x: the targets' rows compared
            # column by column
            rows = [self.dist[t] for t in spaces]
            d = rows[0] if len(rows) == 1 else tuple(map(min, *rows))
            self.to_set_tables[spaces] = d
        return d

    def distance(self, spaces: frozenset, x: int) -> int:
        """Steps from ``x`` to the nearest of ``spaces`` (small sets directly, else cached)."""
        if len(spaces) <= 8 and spaces not in self.to_set_tables:
            row = self.dist[x]
            return min(row[t] for t in spaces)
        return self.to_set(spaces)[x]

    def reach_at_least(self, choice: str, fish: int, d: int) -> float:
        """The chance to cover at least ``d`` spaces this turn (see :func:`~tabletop_nb.games.pebble_rock.odds.reach`)."""
        key = (choice, min(fish, 12))
        tail = self.reach_tail.get(key)
        if tail is None:
            tail = self.reach_tail[key] = self._reach_tail(*key)
        # the answer for every d, kept per choice and fish (see _reach_tail)
        return tail[d] if 0 <= d < len(tail) else (tail[0] if d < 0 else 0.0)

    def _reach_tail(self, choice: str, fish: int) -> tuple:
        """P(reach >= d) for d = 0 .. the largest reach: entry d is the tail sum from the
        smallest reach v >= d (the same float sums, from the top, as summing them at each
        question)."""
        die = odds.reach(self.game, choice, fish)
        tail = {}
        acc = 0.0
        reaches: tuple[int, ...] = die.outcomes
        for v in reversed(reaches):
            acc += float(die.pmf[v])
            tail[v] = acc
        outs = sorted(tail)
        out = []
        for d in range(outs[-1] + 1):
            out.append(next(tail[v] for v in outs if v >= d))
        return tuple(out)

    # -- goals --------------------------------------------------------------------------
    def goals(self, s, seat):
        """(value, target spaces, must stop there, kind) for every goal worth sailing to."""
        g = self.game
        p = s.players[seat]
        out = []
        room = analysis.hold_room(g, s, seat)
        take_on = analysis.can_take_on_board(g, s, seat)
        last_round = analysis.final_round(g, s)
        card_goals = self.card_goals
        cargo = p.cargo
        usable = 0  # the largest cargo a row card asks for
        for c in s.table.row:
            if not c:
                continue
            # (see _card_goals: a cargo card's delivery, a passenger card's pick-up)
            is_cargo, amount, goal, _ = card_goals[c]
            if is_cargo:
                if analysis.can_deliver(g, p, c):
                    out.append(goal)
                if amount > usable:
                    usable = amount
            elif take_on and not last_round:
                out.append(goal)
        for c in p.passengers:
            out.append(card_goals[c][3])
        hidden = s.table.hidden_values
        guess = sum(hidden) / len(hidden) if hidden else 0
        if p.treasures:
            near = analysis.treasure_delivery_spaces(g, s)  # the spaces around Roberto
            if near:
                out.append((guess * len(p.treasures) + 1.0, near, False, "treasure_deliver"))
        elif s.table.treasure_spaces and not last_round and (room > 0 or cargo > 1):
            out.append((guess * 0.45, frozenset(s.table.treasure_spaces), False, "treasure"))
        if room > 0 and (cargo < usable or cargo <= 1):
            out.append((1.6 * room + (2.0 if cargo == 0 else 0.0), self.docks, True, "dock"))
        if not analysis.items_full(g, p) and not self.wanted_items.isdisjoint(s.table.market) \
                and not last_round:  # (an item of the first four of ITEM_PREFERENCE on offer)
            out.append((2.5, self.markets, True, "market"))
        if last_round and not p.lighthouse:
            out.append((analysis.lighthouse_points(g) + 0.5, self.docks, True, "lighthouse"))
        return out

    def _card_goals(self, c) -> tuple:
        """(is a cargo card, cargo amount, goal, drop-off goal) of Delivery card ``c`` for
        :meth:`goals`: a cargo card's delivery (points + 1 at its island), or a passenger
        card's pick-up (0.8 of its points, less the further its destination) and the
        drop-off of its passenger (points + 1.5 at the destination)."""
        g = self.game
        card = g.cards[c]
        points = analysis.delivery_points(g, c)
        isl = g.card_island[c]
        if card.kind == "cargo":
            return True, card.amount, (points + 1.0, self.island_sets[isl], False, "deliver"), None
        dest = g.card_dest[c]
        extra = self.island_dist[isl][dest]
        return (False, 0, (points * 0.8 / (1 + extra / 5.0), self.island_sets[isl], False, "pickup"),
                (points + 1.5, self.island_sets[dest], False, "dropoff"))

    def ranked_goals(self, s, seat, steps_now: int = 0) -> list:
        """(score, key, goal) for every goal, best first; ``key`` = (kind, spaces) names a
        goal from one state to the next, ``goal`` is what :meth:`best_goal` returns."""
        pos = s.boats[seat]
        occ = analysis.occupied(s, seat)
        out = []
        for value, spaces, stop, kind in self.goals(s, seat):
            key = (kind, spaces)
            if stop:
                spaces = frozenset(x for x in spaces if x not in occ or x == pos)
                if not spaces:
                    continue
            d = self.distance(spaces, pos)
            score = value / (1.0 + max(0, d - steps_now) / 4.0)
            if score > 0:
                out.append((score, key, (spaces, stop, kind, d)))
        out.sort(key=lambda x: -x[0])  # stable: equal scores keep the goals' order
        return out

    def named_goal(self, s, seat, key):
        """The goal ``key`` (see :meth:`ranked_goals`) in state ``s``, or None if it is gone."""
        kind, spaces0 = key
        pos = s.boats[seat]
        for value, spaces, stop, k in self.goals(s, seat):
            if k != kind or spaces != spaces0:
                continue
            if stop:
                occ = analysis.occupied(s, seat)
                spaces = frozenset(x for x in spaces if x not in occ or x == pos)
                if not spaces:
                    return None
            return (spaces, stop, kind, self.distance(spaces, pos))
        return None

    def best_goal(self, s, seat, steps_now: int = 0):
        """The goal with the best points per turn of sailing: (spaces, must stop, kind,
        steps to it), or None. A goal where the boat must stop leaves out the spaces a boat
        cannot stop on (others' boats, characters; the boat's own space stays).

        The goals and their distance tables come from the cache of :meth:`_goal_tables`
        (see "The planner's caches")."""
        pos = s.boats[seat]
        best, best_score = None, 0.0
        for value, spaces, stop, kind, table in self._goal_tables(s, seat, pos):
            if value <= best_score:
                continue  # its score is at most its value (see below): no better
            d = table[pos]
            score = value / (1.0 + max(0, d - steps_now) / 4.0)
            if score > best_score:
                best, best_score = (spaces, stop, kind, d), score
        return best

    # -- The planner's caches ----------------------------------------------------------
    # best_goal is asked at every decision of a move (about 9 a turn, 260 a 4-player game),
    # and what it weighs hardly changes within a turn: a step moves the boat and perhaps
    # spends a fish, but the goals (cards in the row, the hold, the items, the round) and
    # the pieces that block a dock or the Market stay. So the goals are kept in the declared
    # cache ``pebble_rock.greedy.goals``, each with its target spaces (the free ones, for a
    # goal where the boat must stop) and their distance table (:meth:`to_set`, itself the
    # cache ``pebble_rock.greedy.to_set``), under a key made of everything goals() and the
    # filter read. The cache gives exactly what the code it skips computes (the same goals
    # in the same order, the same frozensets by value, the same distances), so every choice
    # and record is the same with caches off (tests/test_caches_off.py). It is emptied when
    # it reaches CACHE_SIZE entries (a few KB each), which bounds its memory; the hits are
    # within a turn, so a small cache loses almost none of them.
    #
    # A goal whose value is not above the best score so far is not scored: its score is
    # its value over a divisor of at least 1 (a correctly rounded float division, so never
    # above the value), and a score must be strictly higher to replace the best; a goal of
    # value 0 or less never scores above the starting 0.
    #
    # goals() takes each Delivery card's goals from ``card_goals`` (the same tuples it
    # would build afresh, values computed by the same expressions).
    CACHE_SIZE = 1 << 10

    def _goal_tables(self, s, seat, pos) -> tuple:
        """:meth:`goals` of ``seat`` (its boat at ``pos``) as (value, spaces, stop, kind,
        distance table) tuples; a must-stop goal keeps only its spaces not under a
        character or another boat (:func:`analysis.occupied`), except ``pos`` (a boat
        passing over a piece still counts its own space), and is left out if none are
        left."""
        p = s.players[seat]
        t = s.table
        g = self.game
        occ = analysis.occupied(s, seat)
        # (the boat's own space matters to the filter only if a must-stop goal has it)
        pinned = pos if (pos in self.stop_spaces and pos in occ) else -1
        blocked = frozenset(occ) - {pinned}
        # everything goals() reads: the hold's room (capacity - tokens), cargo, passengers,
        # treasures, items held, the Lighthouse, Roberto's space, the final round, and the
        # row, the treasures (values left, spaces) and the Market of the table; and what
        # the filter reads: the spaces where the boat may not stop
        key = (g.capacity(s, seat), analysis.final_round(g, s), p.cargo, p.passengers,
               p.treasures, len(p.items), p.lighthouse, t.row, t.hidden_values,
               t.treasure_spaces, t.market, s.chars, blocked)
        cache = self.goal_tables
        out = cache.get(key)
        if out is None:
            if len(cache) >= self.CACHE_SIZE:
                cache.clear()
            goals = []
            for value, spaces, stop, kind in self.goals(s, seat):
                if stop and not spaces.isdisjoint(blocked):
                    spaces = spaces - blocked
                    if not spaces:
                        continue
                goals.append((value, spaces, stop, kind, self.to_set(spaces)))
            out = cache[key] = tuple(goals)
        return out


class GreedyBot:
    """A bot that sails for the best-valued goal (see the module docstring).

    Call it as ``bot(game, state, rng)``. It keeps a :class:`GreedyPlanner` for each game
    it plays (its distances and goal values), inside the bot: at most :attr:`PLANNERS`
    of them, the oldest dropped first. ``greedy_bot`` is the one the game offers as
    ``"greedy"``.

    Examples
    --------
    >>> import tabletop_nb
    >>> game = tabletop_nb.load_game("pebble_rock", players=2)
    >>> rec = tabletop_nb.play(game, bots=[GreedyBot(), "random"], seed=3)
    >>> len(rec.scores)
    2
    """

    bot_name = "greedy"
    trusted = True  # it returns one of the legal actions (the soak checks every one)
    #: games whose planner the bot keeps
    PLANNERS = 8

    def __init__(self) -> None:
        """A bot with no planner yet."""
        #: id(game) -> (game, its planner): the bot's own per-game tables, not a cache of
        #: answers (the planner's caches are declared: pebble_rock.greedy.*); a planner is
        #: costly to build, so a search's rollouts, which ask the greedy bot at every
        #: decision, must find it also while the declared caches are off. The game is kept
        #: in the entry so that its id stays its own.
        self.planners: dict[int, tuple] = {}

    def planner(self, game) -> GreedyPlanner:
        """The planner of ``game`` (built the first time it is asked for).

        Parameters
        ----------
        game : PebbleRockGame
            A Pebble Rock game.

        Returns
        -------
        GreedyPlanner
            Its distances and goal values.
        """
        got = self.planners.get(id(game))
        if got is not None and got[0] is game:
            return got[1]
        if len(self.planners) >= self.PLANNERS:
            del self.planners[next(iter(self.planners))]
        pl = GreedyPlanner(game)
        self.planners[id(game)] = (game, pl)
        return pl

    def __call__(self, game, s, rng):
        """The greedy bot's action.

        Parameters
        ----------
        game : PebbleRockGame
            A Pebble Rock game.
        s : State
            The state.
        rng : numpy.random.Generator
            The bot's random numbers (unused: the bot is deterministic).

        Returns
        -------
        action
            One of ``game.legal_actions(s)``.
        """
        pl = self.planner(game)
        if not s.todo and s.phase == "move":
            # a step of the move, most decisions: the legal actions as (steps, others)
            steps, others = analysis.move_options(game, s)
            if len(steps) + len(others) == 1:
                return steps[0] if steps else others[0]
            return _move_parts(game, s, steps, others, pl, s.seat, _BEST)
        legal = game.legal_actions(s)
        if len(legal) == 1:
            return legal[0]
        return _greedy(game, s, legal, _BEST, pl)


#: the greedy bot the game offers as ``"greedy"``
greedy_bot = GreedyBot()


def _planner(game) -> GreedyPlanner:
    """The planner of ``game`` kept by ``greedy_bot`` (for the search hooks below)."""
    return greedy_bot.planner(game)


#: "the goal the greedy bot would choose itself" (the default of the helpers below)
_BEST = object()


def _greedy(game, s, legal, goal, pl=None):
    """The greedy bot's choice, sailing for ``goal`` (a :meth:`GreedyPlanner.best_goal`
    tuple, or ``_BEST`` for its own choice), with planner ``pl`` (default: greedy_bot's)."""
    if pl is None:
        pl = _planner(game)
    if not s.todo and s.phase == "move":
        # most decisions are a step of the move (none of the cases below applies
        # to them: they are the queue's decisions, the setup's and the dice)
        return _move(game, s, legal, pl, s.seat, goal)
    seat = game.current_player(s)
    head = type(analysis.pending(s))  # the decision asked (a frames record), or NoneType
    first = legal[0]
    if isinstance(first, PlaceBoat):
        return first
    if isinstance(first, KeepAssignment):
        def rank(a):
            """How easy the card's easier objective is (OBJECTIVE_PREFERENCE)."""
            card = game.assignments[a.card]
            return min(OBJECTIVE_PREFERENCE.index(o.kind) for o in (card.top, card.bottom))
        return min(legal, key=rank)
    if head is OfferReroll:
        return _shell(game, s, legal)
    if head is PutCharacter:
        return _place(game, s, legal, pl, seat, goal)
    if head is OfferAvoid:
        return legal[0] if isinstance(legal[0], UseItem) else legal[-1]
    if head is RobberyChoice:
        pas = [a for a in legal if a.kind == "passenger"]
        return min(pas, key=lambda a: analysis.delivery_points(game, a.card)) if pas and \
            min(analysis.delivery_points(game, a.card) for a in pas) < 5 else legal[-1]
    if head is DockRefill:
        refills = [a for a in legal if isinstance(a, Refill)]
        return max(refills, key=lambda a: a.n) if refills else _find(legal, Decline)
    if head is MarketVisit:
        return _market(game, s, legal)
    if head is ShedToCapacity:
        return next((a for a in legal if isinstance(a, Shed) and a.kind == "cargo"), legal[0])
    if s.phase == "choose":
        return _choose_dice(game, s, legal, pl, seat, goal)
    return _move(game, s, legal, pl, seat, goal)




def _find(legal, cls):
    """The first legal action of class ``cls``, else the last legal action."""
    return next((a for a in legal if isinstance(a, cls)), legal[-1])


def _shell(game, s, legal):
    """At a Lucky Shell offer: reroll a danger symbol or a low movement, a poor fish roll, a
    costly Larry roll or a short jetstream; else keep the roll."""
    head = analysis.pending(s)
    assert isinstance(head, OfferReroll)
    purpose, value = head.purpose, head.value
    t = s.turn
    if purpose == "step2":
        if analysis.symbol_character(t.symbol) in (LARRY, ROBERTO) and Reroll("symbol") in legal:
            return Reroll("symbol")
        # a low roll that the symbol does not double
        if t.roll <= 2 and analysis.die_movement(t.roll, t.symbol) == t.roll and \
                Reroll("movement") in legal:
            return Reroll("movement")
        return KeepRoll()
    assert value is not None  # (a single die's roll)
    if purpose == "gain" and value <= 1:
        return legal[-1]
    if purpose == "larry" and value >= 2:
        return legal[-1]
    if purpose == "jet" and value <= 2:
        return legal[-1]
    return KeepRoll()


def _place(game, s, legal, pl, seat, goal=_BEST):
    """Where to put a character: Maisy on the way while her gift is still to come, any other
    character off the route to ``goal`` and away from the boat."""
    if goal is _BEST:
        goal = pl.best_goal(s, seat)
    pos = s.boats[seat]
    char = legal[0].character
    if goal is None:
        return legal[0]
    dist = pl.to_set(goal[0])
    head = analysis.pending(s)
    assert isinstance(head, PutCharacter)
    if char == "maisy" and not analysis.interaction_counts(game, head.how) \
            and game.maisy_cargo(s, seat) > 0:
        # meeting her now leaves her gift (the game's maisy_cargo) to come again this
        # turn: put her on the way
        return min(legal, key=lambda a: dist[a.space])
    # otherwise keep the character off our route (and away from us)
    return max(legal, key=lambda a: (dist[a.space] + pl.dist[pos][a.space], -a.space))


def _market(game, s, legal):
    """The Market item highest in ``ITEM_PREFERENCE`` (swapping one held only for a better
    one), else no thanks."""
    market = s.table.market
    best, best_rank = None, float(len(ITEM_PREFERENCE))
    for a in legal:
        if not isinstance(a, TakeItem):
            continue
        kind = market[a.slot]
        rank = float(ITEM_PREFERENCE.index(kind))
        if a.discard:
            if ITEM_PREFERENCE.index(a.discard) <= rank:
                continue  # only swap for something better
            rank += 0.5
        if rank < best_rank:
            best, best_rank = a, rank
    return best or _find(legal, Decline)


def _choose_dice(game, s, legal, pl, seat, goal=_BEST):
    """The dice most likely to reach ``goal`` this turn (exact odds), dice whose symbol can
    bring no danger (Larry, Roberto) on a tie, dice that can bring Roberto less when he
    would take a passenger or the treasure. What each choice rolls, which character a
    symbol brings and what Roberto takes are the rules' (``analysis``)."""
    p = s.players[seat]
    if goal is _BEST:
        goal = pl.best_goal(s, seat)
    choices = [a for a in legal if isinstance(a, ChooseDice)]
    if goal is None:
        return ChooseDice("steady")
    d = goal[3]
    loot = analysis.roberto_loot(game, p)
    robbed_of_more = "passenger" in loot or "treasure" in loot
    scored = []
    for a in choices:
        pr = pl.reach_at_least(a.choice, p.fish, d)
        brings = {analysis.symbol_character(f) for f in analysis.dice_of(game, a.choice)[1].outcomes}
        # resources (no danger) break ties: Steady's, and catch-up's
        bonus = 0.0 if LARRY in brings or ROBERTO in brings else 0.04
        if ROBERTO in brings and robbed_of_more:
            bonus -= 0.1  # Roberto would take the passenger or treasure
        scored.append((pr + bonus, a.choice == "catch_up", a))
    return max(scored, key=lambda x: (x[0], x[1]))[2]


def _move(game, s, legal, pl, seat, goal=_BEST):
    """:func:`_move_parts` of the legal list, split into the steps and the rest."""
    steps = [a for a in legal if type(a) is Step]
    others = [a for a in legal if type(a) is not Step]
    return _move_parts(game, s, steps, others, pl, seat, goal)


def _move_parts(game, s, steps, others, pl, seat, goal=_BEST):
    """:func:`_move` of the legal actions ``steps`` (the Step actions) and ``others``
    (the rest, in their order): the legal list's first is ``steps[0]`` if there are
    steps, else ``others[0]``; a step never decides the sorting loop's early return."""
    p = s.players[seat]
    delivers, pickups = [], []
    can_stop = jam = False
    take = None
    for a in others:  # sort the other options in one pass
        t = type(a)
        if t is Stop:
            can_stop = True
        elif t is DropOff or t is DeliverTreasure:
            return a  # take what this space offers
        elif t is Deliver:
            delivers.append(a)
        elif t is PickUp:
            pickups.append(a)
        elif t is TakeTreasure:
            take = a
        elif t is UseItem and a.item == "jam_sandwich":
            jam = True
    if delivers:
        return max(delivers, key=lambda a: analysis.delivery_points(game, a.card))
    if take is not None or pickups:  # (the hold's room is needed only here)
        room = analysis.hold_room(game, s, seat)
        if take is not None and (room > 0 or p.cargo > 1) and not analysis.final_round(game, s):
            return take
    if pickups and not analysis.final_round(game, s):
        need = max([game.card_cargo[c] for c in s.table.row if c and game.card_cargo[c]] or [0])
        if room > 0 or p.cargo > need:
            return max(pickups, key=lambda a: analysis.delivery_points(game, a.card))
    if goal is _BEST:
        goal = pl.best_goal(s, seat, s.steps)
    first = steps[0] if steps else others[0]  # (the legal list's first)
    if goal is None:
        return Stop() if can_stop else first
    spaces, must_stop, kind, d = goal
    budget = analysis.movement_left(s, seat)
    if d == 0:
        if must_stop and can_stop:
            return Stop()
        if steps and budget > 0 and not analysis.space_actions_open(game, s):
            # nothing can be done on the start space: step off and come back
            return min(steps, key=lambda a: (pl.distance(spaces, a.to), a.to in s.chars, a.to))
        if can_stop:
            return Stop()
    if s.steps == 0 and d > 0 and jam and d <= budget + analysis.jam_steps(game, s):
        return UseItem("jam_sandwich")
    if not steps:
        return Stop() if can_stop else first
    # spend fish only when the goal is in reach this turn (or to get off a piece)
    if s.steps == 0 and can_stop and (d == 0 or d > budget):
        return Stop()
    occ_chars = s.chars
    # a jetstream token the boat would pay for: a danger like a character's
    costly_jets = s.jets if s.jets and analysis.jetstream_fee(game, s, seat) > 0 else frozenset()
    dist = pl.to_set(spaces)
    # the step that costs least: nearest the goal, then the least danger, then the lowest
    # space (one loop, the danger asked only of a step as near as the best so far)
    best = None
    best_cost: tuple = ()
    best_d = 0
    for a in steps:
        n = a.to
        dn = dist[n]
        if best is not None and dn > best_d:
            continue
        danger = 0
        if n == occ_chars[LARRY] and not analysis.has_met(s, LARRY):
            danger = 2
        elif n == occ_chars[ROBERTO] and not analysis.has_met(s, ROBERTO):
            danger = 2 if (p.passengers or p.treasures) else 1
        elif n in costly_jets and analysis.jetstream_live(s, n):
            danger = 1
        c = (dn, danger, n)
        if best is None or c < best_cost:
            best, best_cost, best_d = a, c, dn
    assert best is not None  # (steps is not empty)
    if best_d >= d and can_stop:
        return Stop()
    return best


# -- hooks for the search bot (tabletop_nb.core.search) -----------------------------------
# A turn is many small actions (each Step is a decision). The search compares the choices
# that change a plan (the dice, a reroll, where a character goes, what to take at a space,
# whether to pay fish to sail on, the Market and the dock) and, at the dice and at every
# step, where to sail: the greedy planner's next best goals as Plans (sail for that goal
# for the rest of the turn). Without these routes the search only matched greedy (47.0%
# over 164 games); the route is where greedy's one-goal-at-a-time plan loses points.

#: decisions of all seats a search rollout plays before the scores are estimated, per seat
#: (a greedy turn is about 9 decisions: the rest of this turn, the others' replies and the
#: next turn). 30 was weaker in a probe (6 of 9 games against 10 of 13 with 15): beyond
#: the next turn a rollout mostly adds the noise of greedy play to the comparison.
SEARCH_HORIZON_PER_SEAT = 15

_SPACE_ACTIONS = (Deliver, PickUp, DropOff, TakeTreasure, DeliverTreasure)
#: goals besides the greedy bot's own that the search compares as plans
SEARCH_GOALS = 2


def search_actions(game, s, rng) -> list:
    """The actions worth comparing, the greedy bot's choice first (see the note above).

    At the dice and at every step of the move, besides the plain alternatives, the next
    best goals of the greedy planner (another delivery, the Market, a dock...) are
    offered as :class:`~tabletop_nb.core.search.Plan` s: the dice or step the greedy bot
    would take for that goal, then sailing for it for the rest of the turn.

    Parameters
    ----------
    game : PebbleRockGame
        A Pebble Rock game.
    s : State
        The state.
    rng : numpy.random.Generator
        The bot's random numbers.

    Returns
    -------
    list
        Legal actions and :class:`~tabletop_nb.core.search.Plan` s, the greedy bot's first.

    Examples
    --------
    >>> import tabletop_nb, numpy as np
    >>> game = tabletop_nb.load_game("pebble_rock", players=2)
    >>> rng = np.random.default_rng(1)
    >>> s = game.initial_state()
    >>> while game.current_player(s) < 0:
    ...     s = game.apply(s, game.sample_chance(s, rng))
    >>> search_actions(game, s, rng)[0] == greedy_bot(game, s, rng)
    True
    """
    legal = game.legal_actions(s)
    first = greedy_bot(game, s, rng)
    if len(legal) == 1:
        return legal
    out = [first]
    if s.todo or s.phase not in ("move", "choose"):
        # rerolls, characters, market, dock, setup: few options, each a plan
        out += [a for a in legal if a != first]
        return out
    if s.phase == "choose":
        out += [a for a in legal if a != first]
    else:
        for a in legal:
            if a == first:
                continue
            if isinstance(a, _SPACE_ACTIONS):
                out.append(a)
            elif isinstance(a, Stop) and s.steps <= 0:
                out.append(a)  # sail on paying fish, or stop here
    if any(isinstance(a, _SPACE_ACTIONS) for a in legal):
        return out  # what to take here first; the route is planned at the next step
    out += _goal_plans(game, s, legal)
    return out


def _goal_plans(game, s, legal) -> list:
    """Plans for the greedy planner's next best goals (its best is the greedy bot's own)."""
    pl = _planner(game)
    seat = s.seat
    ranked = pl.ranked_goals(s, seat, s.steps if s.phase == "move" else 0)
    plans = []
    for _, key, goal in ranked[1:1 + SEARCH_GOALS]:
        plans.append(Plan(_greedy(game, s, legal, goal), _follower(key, s.turns, seat),
                          f"{key[0]} {min(key[1])}"))
    return plans


def _follower(key, turn, seat):
    """The rollout policy that sails for goal ``key`` for the rest of turn ``turn``."""
    return GoalFollower(key, turn, seat)


class GoalFollower:
    """The rollout policy of a goal plan: sail for goal ``key`` (a :meth:`GreedyPlanner.ranked_goals`
    key) the greedy way until the goal is gone (reached, taken) or turn ``turn`` ends."""

    __slots__ = ("key", "turn", "seat")

    def __init__(self, key, turn, seat):
        """Sail for ``key`` during turn ``turn`` of ``seat``."""
        self.key, self.turn, self.seat = key, turn, seat

    def __call__(self, game, s, rng):
        """The greedy choice for the goal, or None once the goal is gone or the turn over."""
        if s.turns != self.turn:
            return None
        goal = _planner(game).named_goal(s, self.seat, self.key)
        if goal is None:
            return None
        legal = game.legal_actions(s)
        return legal[0] if len(legal) == 1 else _greedy(game, s, legal, goal)


def determinize(game, s, seat, rng):
    """The other seats' Assignment cards drawn from those this seat has not seen.

    ``observation`` hides the others' dealt and kept cards; each hidden seat gets as many
    cards as it has been dealt so far (from the ones not in this seat's hand), keeps one
    of them if it has chosen already, and has met the objectives its progress meets now.

    Parameters
    ----------
    game : PebbleRockGame
        A Pebble Rock game.
    s : State
        The state.
    seat : int
        The seat whose view ``s`` is.
    rng : numpy.random.Generator
        The bot's random numbers.

    Returns
    -------
    State
        A full state consistent with that view.

    Examples
    --------
    >>> import tabletop_nb, numpy as np
    >>> game = tabletop_nb.load_game("pebble_rock", players=2)
    >>> rng = np.random.default_rng(1)
    >>> s = game.initial_state()
    >>> while game.current_player(s) < 0:
    ...     s = game.apply(s, game.sample_chance(s, rng))
    >>> world = determinize(game, game.observation(s, 0), 0, rng)
    >>> game.legal_actions(world) == game.legal_actions(s)
    True
    """
    secret = s.secret
    hidden = [i for i, sec in enumerate(secret) if i != seat and sec.card == -1]
    if not hidden:
        return s
    pool = analysis.assignment_box(game, s)  # (the others' hidden cards among them)
    order = rng.permutation(len(pool))
    k = 0
    new = list(secret)
    for i in hidden:
        dealt = analysis.assignment_cards_dealt(game, s, i)
        offer = tuple(pool[j] for j in order[k:k + dealt])
        k += dealt
        kept = offer and analysis.assignment_chosen(s, i)
        card = offer[int(rng.integers(len(offer)))] if kept else 0
        new[i] = type(secret[i])(offer=offer, card=card, achieved=0)
    s = replace(s, secret=tuple(new))
    if analysis.halves_noted_in_play(game):
        new = list(s.secret)
        for i in hidden:
            if new[i].card > 0:
                new[i] = replace(new[i], achieved=analysis.assignment_halves_met(game, s, i))
        s = replace(s, secret=tuple(new))
    return s


def estimate_scores(game, s) -> tuple:
    """Each seat's final score as if the game ended now (sets, fish, Lighthouse, the
    Assignment), plus what it carries towards more: passengers at most of their points,
    treasures at most of the mean face-down value, cargo a little.

    Parameters
    ----------
    game : PebbleRockGame
        A Pebble Rock game.
    s : State
        The state.

    Returns
    -------
    tuple of float
        One estimate per seat.

    Examples
    --------
    >>> import tabletop_nb
    >>> game = tabletop_nb.load_game("pebble_rock", players=2)
    >>> len(estimate_scores(game, game.initial_state()))
    2
    """
    if s.phase == "over":
        return game.scores(s)
    hidden = s.table.hidden_values
    guess = sum(hidden) / len(hidden) if hidden else 0.0
    late = analysis.final_round(game, s)  # little time left to deliver what is on board
    carry = 0.3 if late else 0.6
    out = []
    for i, p in enumerate(s.players):
        v = game.breakdown(s, i).total
        v += carry * sum(analysis.delivery_points(game, c) for c in p.passengers)
        v += carry * guess * len(p.treasures)
        v += (0.1 if late else 0.4) * p.cargo
        out.append(v)
    return tuple(out)
