"""The Pacal's Rocket engine: turns, movement, stones, constellations, pyramids, scoring.

A turn is a short chain of decisions, each a state with ``options``: the move (a die
move, a god stone then a space, or the forced free placement), the drop (stones into
ships; taking back stones first when the supply is empty), the build (a constellation,
a pyramid height and a space, or no build). A decision with a single possible choice
(nothing to drop, nothing to build) is skipped. Points are collected at once after a
build; the round's die is a chance node at the start of each round (each turn with 2
players).

Examples
--------
>>> import tabletop_nb
>>> game = tabletop_nb.load_game("pacal", players=3)
>>> s = game.initial_state()
>>> game.current_player(s), len(game.legal_actions(s))
(0, 9)
>>> rec = tabletop_nb.play(game, "random", seed=1)
>>> game.is_terminal(tabletop_nb.replay(game, rec)[-1])
True
"""
from __future__ import annotations

from typing import Any, Iterable, Mapping, Sequence

from ...core.errors import TabletopError
from ...core.protocol import CHANCE, TERMINAL, BaseGame
from . import analysis
from .analysis import final_scoring_table, place_points
from .board import Geometry
from .constellations import BitSearch, gap_spaces
from .constellations import bit_list as _bits
from .rules import ARROWS, PacalRules
from .state import (BUILD, DROP, GOD, MOVE, OVER, ROLL, SETUP, Build, Drop, Move, NoBuild,
                    PacalState, Place, PlaceShip, Roll, TakeBack, UseGod, evolve)

__all__ = ["PacalGame", "COLOURS", "final_scoring_table", "place_points"]

#: seat colours, in seat order (the rulebook's examples use Yellow, Violet, Green, Blue)
COLOURS = ("Yellow", "Violet", "Green", "Blue", "Orange")

#: PC-TWO-04 (b) only (RULINGS.md): a 2-player game also ends after this many turns in a
#: row without a build (250 each): then the pyramids left can no longer be built. The longest
#: spell in 500 simulated games that ended otherwise was 344 turns (random play).
STALL_TURNS = 500
_NO_DROP = Drop(False, -1)
_NO_BUILD = NoBuild()


def _settle(s: PacalState, phase: int, options: tuple) -> PacalState:
    """Set phase and options of a state this engine has just made (nobody holds it yet)."""
    object.__setattr__(s, "phase", phase)
    object.__setattr__(s, "options", options)
    return s


class PacalGame(BaseGame):
    """Pacal's Rocket for 2 to 5 players (see the module docstring).

    Parameters
    ----------
    rules : PacalRules, optional
        The rules (default: the printed game's).
    **overrides
        Rule changes by name, e.g. ``players=3`` (see :class:`~tabletop_nb.games.pacal.rules.PacalRules`).

    Examples
    --------
    >>> import tabletop_nb
    >>> game = tabletop_nb.load_game("pacal", players=3)
    >>> s = game.initial_state()
    >>> game.current_player(s), game.legal_actions(s)[0]   # the starting player places a ship
    (0, PlaceShip(at=(5, 5)))
    """

    name = "pacal"
    Rules = PacalRules
    rules: PacalRules
    max_actions = 20_000

    # -- precomputation ----------------------------------------------------------
    def setup(self) -> None:
        r = self.rules
        self.geo = g = Geometry(r.board, r.players)
        self.n = r.players
        self._faces = [(Roll(f), p) for f, p in r.die.pmf.items()]
        # sample_chance's running sums, added in the same order as BaseGame.sample_chance
        # adds them (so the same floats and the same draws), once instead of every roll
        acc, self._face_sums = 0.0, []
        for a, p in self._faces:
            acc += float(p)
            self._face_sums.append((a, acc))
        self._xy = g.xy
        # rules read on every turn, looked up once (the threshold is a computed property)
        #: the score that ends the game (2 players) or starts the last round (PC-END-04, PC-TWO-02)
        self.threshold = r.threshold
        self._avoid = r.turning_paths == "self_avoiding"
        #: per pyramid supply: (lowest height left, heights buildable from each natural
        #: height) for _build_options; a handful of supplies recur all game
        self._heights_of: dict = {}
        # final scoring's river and lake spaces (the lake's empty if counted with the river)
        #: final scoring's river and lake spaces (the lake's 0 when counted with the river)
        self.final_masks = ((g.river_mask | g.lakeside_mask, 0) if r.river_lake == "combined"
                             else (g.river_mask, g.lakeside_mask))
        #: each district's playable spaces, by district id
        self.district_cells = tuple(tuple(i for i in g.playable_cells if g.district[i] == k)
                                     for k in range(len(g.values)))
        self._gap_block = r.gap_contents != "anything"
        self._search = BitSearch(g.width, g.height, g.pad)
        # the actions that name one space, made once (actions are immutable values)
        xy = g.xy
        self._move_of = {k: {c: Move(k, xy[c]) for c in g.cells} for k in ("straight", "turn", "arrows")}
        self._place_of = {c: Place(xy[c]) for c in g.cells}
        self._drop_cache: dict = {}
        self._god_of = {v: UseGod(v) for v in r.god_stones}
        # each space's row and column (itself excluded): where an arrows move may land
        self._cross = {c: sum(1 << j for ray in g.rays[c] for j in ray) for c in g.cells}
        self._takeback_of = {c: TakeBack(xy[c]) for c in g.cells}
        self._ships_memo: tuple = (None, 0)  # _ships_mask: (ships, their mask)

    # -- protocol ------------------------------------------------------------------
    def initial_state(self) -> PacalState:
        n, r = self.n, self.rules
        s = PacalState(
            phase=SETUP, player=0, turn=0, round=0, roller=0, pos=0, face=None,
            ships=(-1,) * n, stones=(0,) * n, supply=(r.playable_stones,) * n,
            pyramids=(0,) * self.geo.size, pyr_masks=(0,) * n,
            pyr_supply=(tuple(r.pyramids),) * n, discarded=(0,) * n,
            gods=(tuple(sorted(r.god_stones)),) * n, scores=(0,) * n)
        return evolve(s, options=self._setup_options(s))

    def current_player(self, s: PacalState) -> int:
        ph = s.phase
        if ph == OVER:
            return TERMINAL
        if ph == ROLL:
            return CHANCE
        return s.player

    def legal_actions(self, s: PacalState) -> list:
        if s.phase in (OVER, ROLL):
            return []
        return list(s.options)

    def chance_outcomes(self, s: PacalState) -> list:
        return list(self._faces) if s.phase == ROLL else []

    def sample_chance(self, s: PacalState, rng) -> Roll:
        r = rng.random()
        for a, acc in self._face_sums:
            if r < acc:
                return a
        return self._faces[-1][0]

    def scores(self, s: PacalState) -> tuple:
        return s.scores

    def turn_count(self, s: PacalState) -> int:
        return s.turn

    def player_name(self, seat: int) -> str:
        return COLOURS[seat]

    # -- helpers -------------------------------------------------------------------
    def first_round(self, s: PacalState) -> bool:
        """Round 1 (with 2 players: each player's first turn, PC-FIRST-04)."""
        return s.turn < self.n

    def _ships_mask(self, ships, skip: int = -1) -> int:
        """Bit set of the ships' spaces (without seat ``skip``'s; ships never share a space).

        Speed: remembered for the last ``ships`` tuple asked about (a state keeps its
        ships tuple until a ship moves, and a decision asks for it several times: visible
        stones, free spaces, gaps); a tuple never changes, so the same object has the same
        mask (test_engine_speed.py compares it with the loop)."""
        last, m = self._ships_memo
        if last is not ships:
            m = 0
            for c in ships:
                if c >= 0:
                    m |= 1 << c
            if type(ships) is tuple:
                self._ships_memo = (ships, m)
        if skip >= 0 and ships[skip] >= 0:
            m ^= 1 << ships[skip]
        return m

    def free_mask(self, s: PacalState, seat: int) -> int:
        """Spaces a ship of ``seat`` may end on: playable, no other ship, no pyramid."""
        pyr = 0
        for m in s.pyr_masks:
            pyr |= m
        return self.geo.playable & ~pyr & ~self._ships_mask(s.ships, seat)

    # -- setup -----------------------------------------------------------------------
    def _setup_options(self, s: PacalState) -> tuple:
        taken = self._ships_mask(s.ships)
        xy = self._xy
        return tuple(PlaceShip(xy[c]) for c in self.geo.holy_cells if not taken >> c & 1)

    # -- movement --------------------------------------------------------------------
    def straight_moves(self, ship: int, pips: int, free: int) -> list[int]:
        """End spaces of straight moves (PC-STRAIGHT): one per open direction."""
        out = []
        blocked = False
        bit = self.geo.bit
        for st in self.geo.step:
            j, k = ship, 0
            while k < pips:
                nxt = st[j]
                if nxt < 0 or not free & bit[nxt]:
                    break
                j = nxt
                k += 1
            if k:
                out.append(j)
            else:
                blocked = True
        # zero_straight (PC-STRAIGHT-05): a blocked direction lets the ship stay, but only
        # when it could move at all; a ship blocked on every side is boxed in (PC-BOXED-01/03)
        if blocked and out and self.rules.zero_straight:
            out.append(ship)
        return out

    def turning_moves(self, ship: int, pips: int, free: int) -> list[int]:
        """End spaces of turning moves: full-length paths or dead-end stops (PC-TURNING, PC-DEADEND).

        A bit-parallel walk: after j steps, ``reach[d]`` holds every space a path without
        reversal can stand on having just moved in direction d; dead ends stop there. For
        4 steps or fewer such paths cannot revisit a space without coming back to the start
        (which is never an end), so they are exactly the self-avoiding ones; with 5 steps a
        revisiting path can only end next to the start, and those ends are kept only if a
        2 x 3 ring of free spaces gives a self-avoiding path there. Longer rolls fall back
        to the plain search :meth:`turning_moves_search`.
        """
        avoid = self._avoid
        if avoid and pips > 5:
            return self.turning_moves_search(ship, pips, free)
        return self._turning_bits(ship, pips, free | (1 << ship), avoid)

    def _turning_bits(self, ship: int, pips: int, free: int, avoid: bool) -> list[int]:
        geo = self.geo
        P = geo.pad
        fp = free
        s = 1 << ship
        re, rs, rw, rn = (s << 1) & fp, (s << P) & fp, s >> 1 & fp, s >> P & fp
        stops = 0
        if pips > 1:
            # cells whose neighbour to the east / south / west / north is free (the reach
            # sets below lie inside ``fp``, on the board, so no board mask is needed)
            fe, fs, fw, fn = fp >> 1, fp >> P, fp << 1, fp << P
            # dead end after moving east: north, east, south blocked (west is where it came from)
            de, ds, dw, dn = ~(fn | fe | fs), ~(fe | fs | fw), ~(fs | fw | fn), ~(fw | fn | fe)
            for _ in range(pips - 1):
                stops |= (re & de) | (rs & ds) | (rw & dw) | (rn & dn)
                # a dead end has no free space ahead, so it adds nothing to the next step:
                # it need not be taken out of the reach sets
                h, v = re | rw, rs | rn
                re, rs, rw, rn = ((re | v) << 1) & fp, ((rs | h) << P) & fp, ((rw | v) >> 1) & fp, ((rn | h) >> P) & fp
        full = (re | rs | rw | rn) & ~s
        stops &= ~s
        if avoid and pips == 5:
            near = ((s << 1) | (s >> 1) | (s << P) | (s >> P)) & full & ~stops
            if near:
                rings = geo.rings
                for j in _bits(near):
                    if not any(fp & m == m for m in rings[(ship, j)]):
                        full &= ~(1 << j)
        return _bits(full | stops)

    def turning_moves_search(self, ship: int, pips: int, free: int) -> list[int]:
        """The same ends as :meth:`turning_moves` by a plain depth-first search of the paths."""
        nbrs = self.geo.nbrs
        free = free | (1 << ship)  # the lifted ship's own space is no obstacle
        ends: set[int] = set()
        avoid = self._avoid

        def dead_end(v: int, came: int) -> bool:
            for w in nbrs[v]:
                if w != came and free >> w & 1:
                    return False
            return True

        def walk(u: int, prev: int, left: int, seen: int) -> None:
            for v in nbrs[u]:
                if v == prev or not free >> v & 1 or (avoid and seen >> v & 1):
                    continue
                if left == 1 or dead_end(v, u):
                    if v != ship:
                        ends.add(v)
                    continue
                walk(v, u, left - 1, seen | (1 << v))

        walk(ship, -1, pips, 1 << ship)
        return sorted(ends)

    def arrows_moves(self, ship: int, free: int) -> list[int]:
        """End spaces of an arrows move: any free space along the row or column (PC-ARROWS)."""
        return _bits(free & self._cross[ship])

    def die_moves(self, s: PacalState, seat: int) -> list[Move]:
        """The die moves of ``seat`` with the round's face (no god stone, no placement)."""
        ship = s.ships[seat]
        free = self.free_mask(s, seat)
        face = s.face
        first = s.turn < self.n  # first_round(s)
        moves: list[Move] = []
        if face == ARROWS:
            if not first or self.rules.arrows_in_first_round:
                mv = self._move_of["arrows"]
                moves = [mv[j] for j in self.arrows_moves(ship, free)]
        else:
            mv = self._move_of["straight"]
            moves = [mv[j] for j in self.straight_moves(ship, face, free)]
            if not first:
                mv = self._move_of["turn"]
                moves += [mv[j] for j in self.turning_moves(ship, face, free)]
        if first and moves:
            # PC-FIRST-01/03: leave the holy district in a straight line if any move can
            holy = self.geo.holy_mask
            out = [m for m in moves if not holy >> self.geo.index[m.to] & 1]
            if out:
                moves = out
        return moves

    def boxed_in(self, s: PacalState, seat: int, moves: list | None = None) -> bool:
        """PC-BOXED-01/04: the ship cannot be moved (by this roll, or by its four sides)."""
        if self.rules.boxed_in == "by_surroundings":
            free = self.free_mask(s, seat)
            return not any(free >> v & 1 for v in self.geo.nbrs[s.ships[seat]])
        if moves is None:
            moves = self.die_moves(s, seat)
        return not moves

    def _free_places(self, s: PacalState, seat: int) -> tuple:
        free = self.free_mask(s, seat) & ~(1 << s.ships[seat])
        pl = self._place_of
        return tuple([pl[c] for c in _bits(free)])

    def _move_options(self, s: PacalState) -> tuple:
        p = s.player
        moves = self.die_moves(s, p)
        gods = s.gods[p]
        god = self._god_of
        if self.boxed_in(s, p, moves):
            if gods:
                return tuple([god[v] for v in gods])
            return self._free_places(s, p)
        if gods and (s.turn >= self.n or self.rules.god_in_first_round):  # not first_round(s)
            moves += [god[v] for v in gods]
        return tuple(moves)

    # -- stones ----------------------------------------------------------------------
    def visible_stones(self, s: PacalState, seat: int) -> int:
        """Bit set of the seat's stones not under any ship (PC-CONST-02)."""
        return s.stones[seat] & ~self._ships_mask(s.ships)

    def _drop_options(self, s: PacalState) -> tuple:
        a = s.allowance
        if a == 0:
            return ()
        p = s.player
        supply, taken = s.supply[p], s.taken
        key = (p, a, min(supply, 2), taken)
        drops = self._drop_cache.get(key)
        if drops is None:
            drops = []
            targets = [-1] + ([q for q in range(self.n) if q != p] if a == 2 else [])
            for own in (False, True):
                for into in targets:
                    k = own + (into >= 0)
                    if k > supply or (taken and k != taken):
                        continue
                    drops.append(Drop(own, into))
            drops = self._drop_cache[key] = tuple(drops)
        if supply == taken and taken < a:
            tb = self._takeback_of
            return drops + tuple([tb[c] for c in _bits(self.visible_stones(s, p))])
        return drops

    def _drop_stone(self, stones: list, supply: list, seat: int, cell: int) -> bool:
        """Put a stone of ``seat`` on ``cell``; a second one there sends both back (PC-CONFLICT)."""
        bit = 1 << cell
        supply[seat] -= 1
        if stones[seat] & bit:
            stones[seat] &= ~bit
            supply[seat] += 2
            return True
        stones[seat] |= bit
        return False

    # -- building --------------------------------------------------------------------
    def constellations_of(self, s: PacalState, seat: int) -> list:
        """The seat's constellations now: ``(stories, members)`` with members as (x, y)."""
        xy = self._xy
        return [(h, tuple(xy[c] for c in cells)) for h, cells in self._constellation_cells(s, seat)]

    def _constellation_cells(self, s: PacalState, seat: int, lowest: int = 1) -> list:
        vis = self.visible_stones(s, seat)
        if not vis:
            return []
        found = self._search.find_bits(vis, vis | s.pyr_masks[seat], self.rules.diamond_squares, lowest)
        if self._gap_block:  # PC-CONST-12 readings b and c
            blocked = self._gap_block_mask(s, seat)
            xy, index = self._xy, self.geo.index
            found = [(h, cells) for h, cells in found
                     if not any(blocked >> index[g] & 1 for g in gap_spaces(h, tuple(xy[c] for c in cells)))]
        return found

    def _gap_block_mask(self, s: PacalState, seat: int) -> int:
        if self.rules.gap_contents == "no_own":
            return s.stones[seat] | s.pyr_masks[seat]
        m = self._ships_mask(s.ships)
        for x in s.stones:
            m |= x
        for x in s.pyr_masks:
            m |= x
        return m

    def _heights(self, supply: tuple, natural: int, above: int) -> list[int]:
        """Heights buildable from a constellation of ``natural`` stories (PC-LOWER)."""
        if natural <= above:
            return []
        if supply[natural - 1]:
            return [natural]
        lower = [h for h in range(natural - 1, above, -1) if supply[h - 1]]
        if self.rules.lower_substitute == "next":
            return lower[:1]
        return lower

    def _build_options(self, s: PacalState) -> tuple:
        p = s.player
        supply = s.pyr_supply[p]
        known = self._heights_of.get(supply)
        if known is None:
            # shapes lower than the lowest pyramid left cannot be built, not even by upgrading
            lowest = next((h for h in range(1, 6) if supply[h - 1]), 6)
            known = self._heights_of[supply] = (
                lowest, [None] + [self._heights(supply, h, 0) for h in range(1, 6)])
        lowest, new_heights = known
        found = self._constellation_cells(s, p, lowest)
        if not found:
            return ()
        xy = self._xy
        pyramids = s.pyramids
        own = s.pyr_masks[p]
        expert = self.rules.expert
        heights = self._heights
        out = []
        append = out.append
        for natural, cells in found:
            if natural == 1:  # a single stone (the commonest case)
                for h in new_heights[1]:
                    at = xy[cells[0]]
                    append(Build(h, at, (at,)))
                continue
            members = tuple([xy[c] for c in cells])
            pyr = [c for c in cells if own >> c & 1] if own else ()
            if not pyr:
                for h in new_heights[natural]:
                    for at in members:
                        append(Build(h, at, members))
                continue
            if not expert:
                for h in new_heights[natural]:
                    for c in cells:
                        if not own >> c & 1:
                            append(Build(h, xy[c], members))
            if not expert or len(pyr) == 1:
                for c in pyr:
                    for h in heights(supply, natural, pyramids[c] & 7):
                        append(Build(h, xy[c], members))
        if not out:
            return ()
        return (_NO_BUILD,) + tuple(out)

    def strengths(self, s: PacalState, district: int) -> list[int]:
        """Each seat's stories in a district (:func:`analysis.district_stories`).

        Rules: PC-SCORE-02."""
        return analysis.district_stories(self, s.pyramids, district)

    def district_gain(self, district: int, before: list[int], seat: int, added: int) -> int:
        """The points ``seat`` scores now for adding ``added`` stories in ``district``
        (a new pyramid, or the difference an upgrade makes), the seats having ``before``
        stories there: the district's value for its first pyramid or for taking over the
        sole majority; nothing for a sole leader. With ``tie_scores`` catching up with
        the leader pays too. The engine's builds and the bots' valuations go through
        this method, so a subclass that overrides it changes both.

        Rules: PC-SCORE-01, PC-SCORE-03..08.
        """
        return analysis.majority_gain(self.geo.values[district], before, seat, added,
                                      self.rules.tie_scores)

    # -- applying actions ------------------------------------------------------------
    def apply_trusted(self, s: PacalState, a: Any) -> PacalState:
        ph = s.phase
        if ph == ROLL:
            return self._after_roll(s, a.face)
        if ph == MOVE:
            t = type(a)
            if t is Move:
                return self._after_move(s, self.geo.index[a.to], 2 if a.kind != "turn" else 1,
                                        ("move", s.player, a.kind, a.to))
            if t is UseGod:
                gods = tuple(v for v in s.gods[s.player] if v != a.value)
                g2 = s.gods[:s.player] + (gods,) + s.gods[s.player + 1:]
                s2 = evolve(s, phase=GOD, gods=g2, events=(("god", s.player, a.value),))
                return _settle(s2, GOD, self._free_places(s2, s.player))
            return self._after_move(s, self.geo.index[a.at], 0, ("free", s.player, a.at))
        if ph == GOD:
            return self._after_move(s, self.geo.index[a.at], 1, ("place", s.player, a.at))
        if ph == DROP:
            if type(a) is TakeBack:
                return self._take_back(s, a)
            return self._drop(s, a)
        if ph == BUILD:
            if type(a) is NoBuild:
                return self._end_turn(s, s.scores, (("nobuild", s.player),), "")
            return self._build(s, a)
        if ph == SETUP:
            return self._place_ship(s, a)
        raise ValueError(f"no action is possible in phase {ph}")

    def _place_ship(self, s: PacalState, a: PlaceShip) -> PacalState:
        p = s.player
        ships = s.ships[:p] + (self.geo.index[a.at],) + s.ships[p + 1:]
        ev = (("ship", p, a.at),)
        if p + 1 < self.n:
            s2 = evolve(s, ships=ships, player=p + 1, events=ev)
            return _settle(s2, SETUP, self._setup_options(s2))
        return evolve(s, ships=ships, phase=ROLL, player=0, round=1, roller=0, pos=0,
                       options=(), events=ev)

    def _after_roll(self, s: PacalState, face) -> PacalState:
        who = s.player if self.n == 2 else s.roller
        s2 = evolve(s, phase=MOVE, face=face, player=who, events=(("roll", who, face),))
        return _settle(s2, MOVE, self._move_options(s2))

    def _after_move(self, s: PacalState, cell: int, allowance: int, event: tuple) -> PacalState:
        p = s.player
        ships = s.ships[:p] + (cell,) + s.ships[p + 1:]
        s2 = evolve(s, ships=ships, allowance=allowance, taken=0, events=(event,))
        return self._to_drop(s2)

    # _to_drop and _to_build take a state just made by this engine, not yet seen by anyone,
    # and fill in its phase and options in place: one state object per action, not three.
    def _to_drop(self, s: PacalState) -> PacalState:
        opts = self._drop_options(s)
        if len(opts) > 1:
            return _settle(s, DROP, opts)
        return self._to_build(s)

    def _to_build(self, s: PacalState) -> PacalState:
        opts = self._build_options(s)
        if opts:
            return _settle(s, BUILD, opts)
        return self._end_turn(s, s.scores, s.events, "")

    def _take_back(self, s: PacalState, a: TakeBack) -> PacalState:
        p = s.player
        c = self.geo.index[a.at]
        stones = list(s.stones)
        stones[p] &= ~(1 << c)
        supply = list(s.supply)
        supply[p] += 1
        # events say what this action did (not the turn so far): one log line per event
        s2 = evolve(s, stones=tuple(stones), supply=tuple(supply), taken=s.taken + 1,
                     events=(("takeback", p, a.at),))
        return _settle(s2, DROP, self._drop_options(s2))

    def _drop(self, s: PacalState, a: Drop) -> PacalState:
        p = s.player
        stones = list(s.stones)
        supply = list(s.supply)
        ev = []  # this action's events only: the move's are already told
        if a.own:
            clash = self._drop_stone(stones, supply, p, s.ships[p])
            ev.append(("drop", p, p, clash))
        if a.into >= 0:
            clash = self._drop_stone(stones, supply, p, s.ships[a.into])
            ev.append(("drop", p, a.into, clash))
        s2 = evolve(s, stones=tuple(stones), supply=tuple(supply), taken=0, events=tuple(ev))
        return self._to_build(s2)

    def _build(self, s: PacalState, a: Build) -> PacalState:
        s2, scores, events, ended, _ = self._build_step(s, a)
        return self._end_turn(s2, scores, events, ended)

    def _build_step(self, s: PacalState, a: Build) -> tuple:
        """The build itself (pyramid, stones back, points, end bonus): the state before the
        turn ends, the scores, this action's events, why the game ends ("" if not) and the
        seats' stories in the district after the build."""
        p, n = s.player, self.n
        index = self.geo.index
        cell = index[a.at]
        supply_p, discarded, scores, ev, ended, after = analysis.build_result(self, s, cell, a.height)
        geo_district = self.geo.district
        pyramids = list(s.pyramids)
        pyr_masks = list(s.pyr_masks)
        pyramids[cell] = p * 8 + a.height
        pyr_masks[p] |= 1 << cell
        stones = list(s.stones)
        supply = list(s.supply)
        for m in a.members:  # PC-REMOVE-01: own stone members back to supply
            b = 1 << index[m]
            if stones[p] & b:
                stones[p] &= ~b
                supply[p] += 1
        bit = 1 << cell
        for q in range(n):  # PC-REMOVE-02: other colours' stones on the build space go back
            if stones[q] & bit:
                stones[q] &= ~bit
                supply[q] += 1
        new_pyramids = tuple(pyramids)
        s2 = evolve(s, pyramids=new_pyramids, pyr_masks=tuple(pyr_masks),
                     pyr_supply=s.pyr_supply[:p] + (supply_p,) + s.pyr_supply[p + 1:],
                     discarded=discarded, stones=tuple(stones), supply=tuple(supply))
        return s2, scores, ev, ended, after

    def _end_turn(self, s: PacalState, scores: tuple, events: tuple, ended: str) -> PacalState:
        """End the turn with ``scores``: the game ends (an action ended it, or the last
        round is over), or the next seat plays (the next round's roll first).

        Rules: PC-END-04..06, PC-END-08, PC-DIE-02..04, PC-TWO-01."""
        n = self.n
        turn = s.turn + 1
        if ended:
            return self._game_over(evolve(s, scores=scores, events=events, turn=turn), ended)
        last_round = analysis.last_round_after(self, s, scores)
        if last_round and not s.last_round:  # PC-END-04: finish this round
            events += (("lastround", max(range(n), key=lambda q: scores[q])),)
        if analysis.turn_ends_game(self, s, scores, ended):
            return self._game_over(evolve(s, scores=scores, events=events, turn=turn,
                                          last_round=True), "round")
        if n == 2:
            idle = 0
            if not self.rules.two_player_bonus_end:
                idle = 0 if any(e[0] == "build" for e in events) else s.idle + 1
                if idle >= STALL_TURNS:  # PC-TWO-04 (b): nothing can be built any more
                    return self._game_over(evolve(s, scores=scores, turn=turn, idle=idle,
                                                  events=events + (("stalled", STALL_TURNS),)),
                                           "stalled")
            s2 = evolve(s, phase=ROLL, player=1 - s.player, turn=turn, round=turn // 2 + 1,
                         scores=scores, events=events, allowance=0, taken=0, options=(),
                         last_round=last_round, idle=idle)
            return s2
        pos = s.pos + 1
        if pos == n:
            roller = (s.roller + 1) % n
            return evolve(s, phase=ROLL, player=roller, roller=roller, pos=0, round=s.round + 1,
                           turn=turn, scores=scores, events=events, allowance=0, taken=0,
                           options=(), last_round=last_round)
        s2 = evolve(s, phase=MOVE, player=(s.roller + pos) % n, pos=pos, turn=turn,
                     scores=scores, events=events, allowance=0, taken=0, last_round=last_round)
        return _settle(s2, MOVE, self._move_options(s2))

    # -- the end -------------------------------------------------------------------
    def final_scoring(self, s: PacalState) -> tuple:
        """Final points per seat: (river, lake, districts, god stones)
        (:func:`analysis.final_points`).

        Rules: PC-FINAL-02."""
        return analysis.final_points(self, s.pyramids, s.gods)

    def _game_over(self, s: PacalState, why: str) -> PacalState:
        final = self.final_scoring(s)
        scores = tuple(s.scores[q] + sum(final[q]) for q in range(self.n))
        return evolve(s, phase=OVER, scores=scores, final=final, options=(), allowance=0,
                       ended=why, events=s.events + (("end", why),))

    # -- building positions by hand (tests, notebooks) ---------------------------------
    def position(self, *, ships: Mapping[int, tuple] | Iterable[tuple],
                 stones: Mapping[int, Iterable[tuple]] | None = None,
                 pyramids: Mapping[tuple, tuple[int, int]] | None = None,
                 phase: str = "move", player: int = 0, face: Any = 3, turn: int | None = None,
                 roller: int | None = None, gods: Mapping[int, Iterable[int]] | None = None,
                 scores: Iterable[int] | None = None, supply: Mapping[int, int] | None = None,
                 pyr_supply: Mapping[int, Iterable[int]] | None = None, allowance: int = 2,
                 last_round: bool = False) -> PacalState:
        """A hand-built position, with its legal actions computed.

        ``ships`` maps seat -> (x, y) (or lists them in seat order); ``stones`` maps seat ->
        spaces of his stones; ``pyramids`` maps (x, y) -> (seat, stories). Supplies default
        to everything not on the board; ``turn`` defaults to round 2 (turning allowed).
        ``phase`` is "move", "drop", "build" or "roll".

        >>> import tabletop_nb
        >>> g = tabletop_nb.load_game("pacal", players=3)
        >>> s = g.position(ships=[(1, 0), (7, 8), (9, 8)], stones={0: [(3, 9)]}, phase="build")
        >>> g.legal_actions(s)
        [NoBuild(), Build(height=1, at=(3, 9), members=((3, 9),))]
        """
        n, r, geo = self.n, self.rules, self.geo
        try:
            return self._position(n, r, geo, ships, stones, pyramids, phase, player, face, turn,
                                  roller, gods, scores, supply, pyr_supply, allowance, last_round)
        except (TypeError, ValueError, KeyError, IndexError, AttributeError) as err:
            raise TabletopError(f"impossible position: a keyword has the wrong shape ({err!r})") from err

    def _position(self, n, r, geo, ships, stones, pyramids, phase, player, face, turn, roller,
                  gods, scores, supply, pyr_supply, allowance, last_round) -> PacalState:
        def refuse(what: str, reason: str):
            raise TabletopError(f"impossible position: {what}: {reason}")

        def seat(q, what):
            if isinstance(q, bool) or not isinstance(q, int) or not 0 <= q < n:
                refuse(what, f"seat {q!r} is not one of 0..{n - 1}")
            return q

        def space(xy, what) -> int:
            try:
                i = geo.cell(xy)
            except (KeyError, TypeError):
                refuse(what, f"{xy!r} is not a space of the board")
            if not geo.playable >> i & 1:
                refuse(what, f"{tuple(xy)} is the lake or covered")
            return i

        if not isinstance(ships, Mapping):
            ships = dict(enumerate(ships))
        for q in ships:
            seat(q, "ships")
        ship_t = tuple(space(ships[q], "ships") if q in ships else -1 for q in range(n))
        placed = [c for c in ship_t if c >= 0]
        if len(set(placed)) < len(placed):
            refuse("ships", "two ships on one space")
        stone_t = [0] * n
        for q, cells in (stones or {}).items():
            seat(q, "stones")
            for c in cells:
                i = space(c, "stones")
                if stone_t[q] >> i & 1:
                    refuse("stones", f"seat {q} has two stones on {tuple(c)}")
                stone_t[q] |= 1 << i
        pyr_t = [0] * geo.size
        masks = [0] * n
        ps = [list(r.pyramids) for _ in range(n)]
        for c, (q, h) in (pyramids or {}).items():
            i = space(c, "pyramids")
            seat(q, "pyramids")
            if isinstance(h, bool) or not isinstance(h, int) or not 1 <= h <= len(r.pyramids):
                refuse("pyramids", f"a pyramid has 1..{len(r.pyramids)} stories, not {h!r}")
            if i in placed:
                refuse("pyramids", f"a ship stands on the pyramid at {tuple(c)}")
            if any(st >> i & 1 for st in stone_t):
                refuse("stones", f"a stone lies on the pyramid at {tuple(c)}")
            pyr_t[i] = q * 8 + h
            masks[q] |= 1 << i
            ps[q][h - 1] -= 1
        if pyr_supply:
            for q, counts in pyr_supply.items():
                seat(q, "pyr_supply")
                ps[q] = list(counts)
                if len(ps[q]) != len(r.pyramids):
                    refuse("pyr_supply", f"one count per pyramid size ({len(r.pyramids)}) for seat {q}")
        for q in range(n):
            if any(not isinstance(k, int) or k < 0 for k in ps[q]):
                refuse("pyramids", f"seat {q} has more pyramids on the board than the game gives "
                       f"({list(r.pyramids)} per size)")
        sup = [r.playable_stones - bin(stone_t[q]).count("1") for q in range(n)]
        for q, v in (supply or {}).items():
            seat(q, "supply")
            sup[q] = v
        for q in range(n):
            if isinstance(sup[q], bool) or not isinstance(sup[q], int) or sup[q] < 0:
                refuse("stones", f"seat {q} has more stones out than the {r.playable_stones} "
                       "the game gives (or a supply that is not a count)")
        for q, vals in (gods or {}).items():
            seat(q, "gods")
            left = list(r.god_stones)
            for v in vals:
                if v not in left:
                    refuse("gods", f"seat {q}'s god stones must come from {list(r.god_stones)}")
                left.remove(v)
        if scores is not None:
            scores = tuple(scores)
            if len(scores) != n or any(isinstance(v, bool) or not isinstance(v, int) for v in scores):
                refuse("scores", f"one whole number per seat ({n})")
        seat(player, "player")
        if turn is None:
            turn = n
        if isinstance(turn, bool) or not isinstance(turn, int) or turn < 0:
            refuse("turn", f"a turn number is a whole number from 0, not {turn!r}")
        if roller is None:
            roller = player
        seat(roller, "roller")
        if phase not in ("move", "drop", "build", "roll"):
            refuse("phase", f"{phase!r} is not one of 'move', 'drop', 'build', 'roll'")
        if phase != "roll" and face not in r.die.pmf:
            refuse("face", f"{face!r} is not a face of the die ({sorted(map(str, r.die.pmf))})")
        if isinstance(allowance, bool) or allowance not in (0, 1, 2):
            refuse("allowance", "0, 1 or 2 stones may be dropped")
        if phase in ("move", "drop", "build") and ship_t[player] < 0:
            refuse("ships", f"seat {player} is to play but has no ship on the board")
        ph = {"move": MOVE, "drop": DROP, "build": BUILD, "roll": ROLL}[phase]
        s = PacalState(
            phase=ph, player=player, turn=turn, round=turn // n + 1, roller=roller,
            pos=(player - roller) % n, face=face, ships=ship_t, stones=tuple(stone_t),
            supply=tuple(sup), pyramids=tuple(pyr_t), pyr_masks=tuple(masks),
            pyr_supply=tuple(tuple(x) for x in ps), discarded=(0,) * n,
            gods=tuple(tuple(sorted((gods or {}).get(q, r.god_stones))) for q in range(n)),
            scores=tuple(scores) if scores is not None else (0,) * n, allowance=allowance,
            last_round=last_round)
        if ph == MOVE:
            return _settle(s, MOVE, self._move_options(s))
        if ph == DROP:
            return _settle(s, DROP, self._drop_options(s))
        if ph == BUILD:
            return _settle(s, BUILD, self._build_options(s))
        return s

    # -- words ---------------------------------------------------------------------
    def action_label(self, s: PacalState, a: Any) -> str:
        t = type(a)
        if t is Move:
            verb = {"straight": "straight", "turn": "turning", "arrows": "arrows"}[a.kind]
            return f"{verb} move to {a.to}"
        if t is UseGod:
            return f"use god stone {a.value}"
        if t is Place:
            if s.phase == GOD:
                return f"god stone: ship to {a.at}"
            return f"boxed in: ship to {a.at} (no stone)"
        if t is Drop:
            parts = []
            if a.own:
                parts.append("own ship")
            if a.into >= 0:
                parts.append(f"{COLOURS[a.into]}'s ship")
            return "drop into " + " and ".join(parts) if parts else "drop no stone"
        if t is TakeBack:
            return f"take back stone from {a.at}"
        if t is Build:
            up = self.geo.index[a.at]
            verb = "upgrade to" if s.pyramids[up] else "build"
            return f"{verb} {a.height}-story on {a.at} from {', '.join(map(str, a.members))}"
        if t is NoBuild:
            return "build nothing"
        if t is PlaceShip:
            return f"ship to {a.at}"
        if t is Roll:
            return f"roll {a.face}"
        return str(a)

    def events(self, s: PacalState) -> tuple[str, ...]:
        out = []
        for e in s.events:
            k, who = e[0], COLOURS[e[1]] if isinstance(e[1], int) and 0 <= e[1] < 5 else e[1]
            if k == "roll":
                out.append(f"{who} rolled {e[2]}")
            elif k == "move":
                kind = {"turn": "turning"}.get(e[2], e[2])
                out.append(f"{who} made a {kind} move to {e[3]}")
            elif k == "god":
                out.append(f"{who} used the god stone {e[2]}")
            elif k == "place":
                out.append(f"{who} put the ship on {e[2]}")
            elif k == "free":
                out.append(f"{who} was boxed in and put the ship on {e[2]}")
            elif k == "ship":
                out.append(f"{who} placed the ship on {e[2]}")
            elif k == "takeback":
                out.append(f"{who} took back the stone on {e[2]}")
            elif k == "drop":
                where = "own ship" if e[2] == e[1] else f"{COLOURS[e[2]]}'s ship"
                out.append(f"{who} dropped a stone into {where}"
                           + (" - two stones of one colour: both go back" if e[3] else ""))
            elif k == "build":
                verb = "upgraded to" if e[4] else "built"
                out.append(f"{who} {verb} a {e[2]}-story pyramid on {e[3]}"
                           + (f" and scored {e[5]}" if e[5] else ""))
            elif k == "bonus":
                out.append(f"{who} built the second-to-last pyramid: +{e[2]} and the game ends")
            elif k == "stalled":
                out.append(f"no pyramid was built in {e[1]} turns: the game ends")
            elif k == "builtout":
                out.append(f"{who} built the last pyramid and the game ends")
            elif k == "lastround":
                out.append(f"{who} reached the threshold: this round is the last")
            elif k == "nobuild":
                out.append(f"{who} built nothing")
            elif k == "end":
                out.append("game over; final scoring: " + ", ".join(
                    f"{COLOURS[q]} river {f[0]} lake {f[1]} districts {f[2]} gods {f[3]}"
                    for q, f in enumerate(s.final)))
        return tuple(out)

    def summary(self, s: PacalState) -> dict:
        return {"score": s.scores, "stones": s.supply,
                "pyramids": tuple(sum(x) for x in s.pyr_supply),
                "god stones": tuple(", ".join(map(str, g)) or "-" for g in s.gods)}

    def phase(self, s: PacalState) -> str:
        from .state import PHASES
        if s.phase == OVER:
            return "game over"
        if s.phase == SETUP:
            return f"setup: {COLOURS[s.player]} places the ship"
        face = "" if s.face is None else f", die {s.face}"
        last = " (last round)" if s.last_round else ""
        return f"round {s.round}{last}{face}: {COLOURS[s.player]} - {PHASES[s.phase]}"

    def bots(self) -> dict:
        from .bots import greedy_bot
        return {"greedy": greedy_bot}

    # the search bot's hooks live in bots.py (no hidden information: determinize is the default)
    @property
    def search_horizon(self) -> int:
        from .bots import SEARCH_HORIZON_PER_SEAT
        return SEARCH_HORIZON_PER_SEAT * self.num_players

    def search_actions(self, s: PacalState, rng) -> list:
        from .bots import search_actions
        return search_actions(self, s, rng)

    def estimate_scores(self, s: PacalState) -> tuple:
        from .bots import estimate_scores
        return estimate_scores(self, s)
