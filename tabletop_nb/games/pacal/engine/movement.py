"""Moving the ship (rulebook: "1. Move the spaceship"): straight, turning and arrows moves,
god stones, the boxed-in ship and the first round.

Spaces are bit indices (``game.geo``); a *free* mask holds the spaces a ship may enter.

Rules: PC-MOVE, PC-STRAIGHT, PC-TURNING, PC-DEADEND, PC-ARROWS, PC-GOD, PC-BOXED, PC-FIRST,
PC-OBST.
"""
from __future__ import annotations

from ..constellations import bit_list
from ..rules import ARROWS
from ..state import GOD, Move, PacalState, evolve
from .base import Engine as PacalGame

__all__ = ["ships_mask", "free_mask", "straight_moves", "turning_moves", "turning_moves_search",
           "arrows_moves", "die_moves", "boxed_in", "free_places", "move_options", "use_god",
           "move_ship"]


def ships_mask(ships: tuple, skip: int = -1) -> int:
    """Bit set of the ships' spaces, seat ``skip``'s left out (ships never share a space).

    Used by :func:`free_mask`, the setup (:func:`.setup.setup_options`) and
    :func:`.stones.visible_stones`.

    Parameters
    ----------
    ships : tuple of int
        Each seat's ship space (bit index), -1 for a ship not on the board.
    skip : int, default -1
        The seat whose ship is left out; -1 leaves none out.

    Returns
    -------
    int

    Examples
    --------
    >>> bin(ships_mask((3, 0, -1), skip=1))
    '0b1000'
    >>> bin(ships_mask((3, 0, -1)))
    '0b1001'
    """
    m = 0
    for q, c in enumerate(ships):
        if c >= 0 and q != skip:
            m |= 1 << c
    return m


def free_mask(game: PacalGame, s: PacalState, seat: int) -> int:
    """Spaces a ship of ``seat`` may end on: playable, no other ship, no pyramid.

    Behind :meth:`PacalGame.free_mask`; the move generators take its result.

    Parameters
    ----------
    game : PacalGame
        The game.
    s : PacalState
        The state.
    seat : int
        The seat whose ship moves (its own space counts as free: the lifted ship is no
        obstacle to its own path, which :func:`turning_moves` relies on).

    Returns
    -------
    int
        A bit set of spaces (``game.geo`` bit indices).

    Examples
    --------
    >>> import tabletop_nb
    >>> game = tabletop_nb.load_game("pacal", players=3)
    >>> s = game.position(ships=[(3, 3), (5, 3), (3, 5)], face=3)
    >>> free = free_mask(game, s, 0)
    >>> bool(free >> game.geo.index[(3, 3)] & 1), bool(free >> game.geo.index[(5, 3)] & 1)
    (True, False)

    Rules: PC-OBST-01, PC-OBST-02, PC-OBST-03, PC-MOVE-04.
    """
    pyr = 0
    for m in s.pyr_masks:
        pyr |= m
    return game.geo.playable & ~pyr & ~ships_mask(s.ships, seat)


def straight_moves(game: PacalGame, ship: int, pips: int, free: int) -> list[int]:
    """End spaces of straight moves: one per open direction, as far as the pips go or up
    to the first obstacle.

    Behind :meth:`PacalGame.straight_moves`, which :func:`die_moves` calls.

    Parameters
    ----------
    game : PacalGame
        The game.
    ship : int
        The ship's space (bit index).
    pips : int
        The die's face.
    free : int
        Bit set of the spaces the ship may enter (:func:`free_mask`).

    Returns
    -------
    list of int
        End spaces (bit indices).

    Examples
    --------
    >>> import tabletop_nb
    >>> game = tabletop_nb.load_game("pacal", players=3)
    >>> s = game.position(ships=[(3, 3), (5, 3), (3, 5)], face=3)
    >>> ends = straight_moves(game, s.ships[0], 3, free_mask(game, s, 0))
    >>> sorted(game.geo.xy[j] for j in ends)
    [(0, 3), (3, 0), (3, 4), (4, 3)]

    Rules: PC-STRAIGHT-01, PC-STRAIGHT-02, PC-STRAIGHT-03, PC-STRAIGHT-04, PC-STRAIGHT-05,
    PC-BOXED-03, PC-PLAYERS-06, PC-PLAYERS-07.
    """
    out = []
    blocked = False
    bit = game.geo.bit
    for st in game.geo.step:
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
    if blocked and out and game.rules.zero_straight:
        out.append(ship)
    return out


def turning_moves(game: PacalGame, ship: int, pips: int, free: int) -> list[int]:
    """End spaces of turning moves: full-length paths or dead-end stops.

    Behind :meth:`PacalGame.turning_moves`, which :func:`die_moves` calls after the
    first round.

    A bit-parallel walk: after j steps, ``reach[d]`` holds every space a path without
    reversal can stand on having just moved in direction d; dead ends stop there. For
    4 steps or fewer such paths cannot revisit a space without coming back to the start
    (which is never an end), so they are exactly the self-avoiding ones; with 5 steps a
    revisiting path can only end next to the start, and those ends are kept only if a
    2 x 3 ring of free spaces gives a self-avoiding path there. Longer rolls use the
    plain search :func:`turning_moves_search`.

    Parameters
    ----------
    game : PacalGame
        The game.
    ship : int
        The ship's space (bit index).
    pips : int
        The die's face.
    free : int
        Bit set of the spaces the ship may enter (:func:`free_mask`), its own space
        included: the lifted ship's space is no obstacle (a ``no_reversal`` path may
        pass it, and it is open beside a dead end).

    Returns
    -------
    list of int
        End spaces (bit indices), in increasing order.

    Examples
    --------
    >>> import tabletop_nb
    >>> game = tabletop_nb.load_game("pacal", players=3)
    >>> s = game.position(ships=[(3, 3), (5, 3), (3, 5)], face=3)
    >>> free = free_mask(game, s, 0)
    >>> ends = turning_moves(game, s.ships[0], 3, free)
    >>> ends == turning_moves_search(game, s.ships[0], 3, free)
    True
    >>> len(ends), game.geo.xy[ends[0]]
    (14, (3, 0))

    Rules: PC-TURNING-01, PC-TURNING-02, PC-TURNING-03, PC-TURNING-04, PC-TURNING-05,
    PC-TURNING-06, PC-TURNING-07, PC-DEADEND-01, PC-DEADEND-02, PC-DEADEND-03,
    PC-DEADEND-04.
    """
    avoid = game.rules.turning_paths == "self_avoiding"
    if avoid and pips > 5:
        return turning_moves_search(game, ship, pips, free)
    geo = game.geo
    pad = geo.pad
    start = 1 << ship
    re, rs, rw, rn = ((start << 1) & free, (start << pad) & free,
                      start >> 1 & free, start >> pad & free)
    stops = 0
    if pips > 1:
        # cells whose neighbour to the east / south / west / north is free (the reach
        # sets below lie inside ``free``, on the board, so no board mask is needed)
        fe, fs, fw, fn = free >> 1, free >> pad, free << 1, free << pad
        # dead end after moving east: north, east, south blocked (west is where it came from)
        de, ds, dw, dn = ~(fn | fe | fs), ~(fe | fs | fw), ~(fs | fw | fn), ~(fw | fn | fe)
        for _ in range(pips - 1):
            stops |= (re & de) | (rs & ds) | (rw & dw) | (rn & dn)
            # a dead end has no free space ahead, so it adds nothing to the next step:
            # it need not be taken out of the reach sets
            h, v = re | rw, rs | rn
            re, rs, rw, rn = (((re | v) << 1) & free, ((rs | h) << pad) & free,
                              ((rw | v) >> 1) & free, ((rn | h) >> pad) & free)
    full = (re | rs | rw | rn) & ~start
    stops &= ~start
    if avoid and pips == 5:
        near = ((start << 1) | (start >> 1) | (start << pad) | (start >> pad)) & full & ~stops
        if near:
            rings = geo.rings
            for j in bit_list(near):
                if not any(free & m == m for m in rings[(ship, j)]):
                    full &= ~(1 << j)
    return bit_list(full | stops)


def turning_moves_search(game: PacalGame, ship: int, pips: int, free: int) -> list[int]:
    """The ends of :func:`turning_moves` by a plain depth-first search of the paths.

    Behind :meth:`PacalGame.turning_moves_search`; :func:`turning_moves` falls back on
    it for rolls above 5 (self-avoiding paths), and it serves to check the fast walk. The
    rules it follows are :func:`turning_moves`'s (their home: the function the game plays).

    Parameters
    ----------
    game : PacalGame
        The game.
    ship : int
        The ship's space (bit index).
    pips : int
        The die's face.
    free : int
        Bit set of the spaces the ship may enter (:func:`free_mask`), its own space
        included, as :func:`turning_moves` takes it.

    Returns
    -------
    list of int
        End spaces (bit indices), in increasing order.

    Examples
    --------
    >>> import tabletop_nb
    >>> game = tabletop_nb.load_game("pacal", players=3)
    >>> s = game.position(ships=[(3, 3), (5, 3), (3, 5)], face=3)
    >>> ends = turning_moves_search(game, s.ships[0], 2, free_mask(game, s, 0))
    >>> len(ends) > 0
    True
    """
    nbrs = game.geo.nbrs
    ends: set[int] = set()
    avoid = game.rules.turning_paths == "self_avoiding"

    def dead_end(v: int, came: int) -> bool:
        """No free space ahead of ``v`` but the one the path came from."""
        return not any(w != came and free >> w & 1 for w in nbrs[v])

    def walk(u: int, prev: int, left: int, seen: int) -> None:
        """Every path on from ``u`` with ``left`` steps to go."""
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


def arrows_moves(game: PacalGame, ship: int, free: int) -> list[int]:
    """End spaces of an arrows move: any free space along the ship's row or column.

    Behind :meth:`PacalGame.arrows_moves`, which :func:`die_moves` calls on the arrows face.

    Parameters
    ----------
    game : PacalGame
        The game.
    ship : int
        The ship's space (bit index).
    free : int
        Bit set of the spaces the ship may enter (:func:`free_mask`).

    Returns
    -------
    list of int
        End spaces (bit indices), in increasing order.

    Examples
    --------
    >>> import tabletop_nb
    >>> game = tabletop_nb.load_game("pacal", players=3)
    >>> s = game.position(ships=[(3, 3), (5, 3), (3, 5)], face=3)
    >>> ends = arrows_moves(game, s.ships[0], free_mask(game, s, 0))
    >>> all(x == 3 or y == 3 for x, y in (game.geo.xy[j] for j in ends))
    True

    Rules: PC-ARROWS-01, PC-ARROWS-02, PC-ARROWS-03, PC-ARROWS-04.
    """
    return bit_list(free & game.tables.cross[ship])


def die_moves(game: PacalGame, s: PacalState, seat: int) -> list[Move]:
    """The die moves of ``seat`` with the round's face (no god stone, no placement): in
    the first round straight moves only, out of the holy district if any move can.

    Behind :meth:`PacalGame.die_moves`, which :func:`move_options` and
    :func:`boxed_in` call.

    Parameters
    ----------
    game : PacalGame
        The game.
    s : PacalState
        The state, with the round's face rolled.
    seat : int
        The seat whose ship moves.

    Returns
    -------
    list of Move

    Examples
    --------
    >>> import tabletop_nb
    >>> game = tabletop_nb.load_game("pacal", players=3)
    >>> s = game.position(ships=[(3, 3), (5, 3), (3, 5)], face=3)
    >>> moves = die_moves(game, s, 0)
    >>> moves[:2]
    [Move(kind='straight', to=(4, 3)), Move(kind='straight', to=(3, 4))]
    >>> sorted({m.kind for m in moves})
    ['straight', 'turn']

    Rules: PC-MOVE-01, PC-MOVE-02, PC-MOVE-03, PC-MOVE-06, PC-FIRST-01, PC-FIRST-02,
    PC-FIRST-03, PC-ARROWS-06, PC-TURNING-08.
    """
    ship = s.ships[seat]
    free = free_mask(game, s, seat)
    face = s.face
    first = game.first_round(s)
    move_of = game.tables.move_of
    moves: list[Move] = []
    if face == ARROWS:
        if not first or game.rules.arrows_in_first_round:
            mv = move_of["arrows"]
            moves = [mv[j] for j in game.arrows_moves(ship, free)]
    else:
        assert isinstance(face, int)
        mv = move_of["straight"]
        moves = [mv[j] for j in game.straight_moves(ship, face, free)]
        if not first:
            mv = move_of["turn"]
            moves += [mv[j] for j in game.turning_moves(ship, face, free)]
    if first and moves:
        # PC-FIRST-01/03: leave the holy district in a straight line if any move can
        holy = game.geo.holy_mask
        out = [m for m in moves if not holy >> game.geo.index[m.to] & 1]
        if out:
            moves = out
    return moves


def boxed_in(game: PacalGame, s: PacalState, seat: int, moves: list | None = None) -> bool:
    """Whether the ship cannot be moved: no die move with this roll (or, on the other
    reading, its four sides blocked).

    Behind :meth:`PacalGame.boxed_in`; :func:`move_options` asks it.

    Parameters
    ----------
    game : PacalGame
        The game.
    s : PacalState
        The state, with the round's face rolled.
    seat : int
        The seat whose ship moves.
    moves : list, optional
        The seat's die moves if already known (:func:`die_moves`).

    Returns
    -------
    bool

    Examples
    --------
    >>> import tabletop_nb
    >>> game = tabletop_nb.load_game("pacal", players=3)
    >>> s = game.position(ships=[(3, 3), (5, 3), (3, 5)], face=3)
    >>> boxed_in(game, s, 0)
    False

    Rules: PC-BOXED-01, PC-BOXED-04.
    """
    if game.rules.boxed_in == "by_surroundings":
        free = free_mask(game, s, seat)
        return not any(free >> v & 1 for v in game.geo.nbrs[s.ships[seat]])
    if moves is None:
        moves = game.die_moves(s, seat)
    return not moves


def free_places(game: PacalGame, s: PacalState, seat: int) -> tuple:
    """The places for the ship after a god stone or when boxed in: every free space but
    its own.

    Used by :func:`use_god` and :func:`move_options` (legal actions of
    :meth:`PacalGame.legal_actions`).

    Parameters
    ----------
    game : PacalGame
        The game.
    s : PacalState
        The state.
    seat : int
        The seat whose ship is placed.

    Returns
    -------
    tuple of Place

    Examples
    --------
    >>> import tabletop_nb
    >>> game = tabletop_nb.load_game("pacal", players=3)
    >>> s = game.position(ships=[(3, 3), (5, 3), (3, 5)], face=3)
    >>> places = free_places(game, s, 0)
    >>> places[0]
    Place(at=(0, 0))
    >>> any(p.at in ((3, 3), (5, 3)) for p in places)
    False

    Rules: PC-GOD-01, PC-BOXED-02.
    """
    free = free_mask(game, s, seat) & ~(1 << s.ships[seat])
    place_of = game.tables.place_of
    return tuple([place_of[c] for c in bit_list(free)])


def move_options(game: PacalGame, s: PacalState) -> tuple:
    """The move decision's options: the die moves and the god stones (not in the first
    round); a boxed-in ship may only hand in a god stone, or without one is placed freely.

    Gives the legal actions (:meth:`PacalGame.legal_actions`) of the move decision after
    the roll (:func:`.turn.after_roll`) and at each seat's turn (:func:`.turn.end_turn`).

    Parameters
    ----------
    game : PacalGame
        The game.
    s : PacalState
        The state, with the round's face rolled; the seat to play moves.

    Returns
    -------
    tuple
        :class:`Move`, :class:`UseGod` or (boxed in, no god stone) :class:`Place` actions.

    Examples
    --------
    >>> import tabletop_nb
    >>> game = tabletop_nb.load_game("pacal", players=3)
    >>> s = game.position(ships=[(3, 3), (5, 3), (3, 5)], face=3)
    >>> move_options(game, s)[-3:]
    (UseGod(value=2), UseGod(value=4), UseGod(value=6))

    Rules: PC-MOVE-02, PC-GOD-01, PC-GOD-03, PC-GOD-04, PC-GOD-05, PC-BOXED-02, PC-BOXED-03,
    PC-FIRST-02.
    """
    p = s.player
    moves: list = game.die_moves(s, p)
    gods = s.gods[p]
    god_of = game.tables.god_of
    if boxed_in(game, s, p, moves):
        if gods:
            return tuple([god_of[v] for v in gods])
        return free_places(game, s, p)
    if gods and (not game.first_round(s) or game.rules.god_in_first_round):
        moves += [god_of[v] for v in gods]
    return tuple(moves)


def use_god(game: PacalGame, s: PacalState, value: int) -> PacalState:
    """Hand in the god stone of ``value``: the ship may then go to any free space.

    What :meth:`PacalGame.apply` does with a :class:`UseGod` action.

    Parameters
    ----------
    game : PacalGame
        The game.
    s : PacalState
        The state at the move decision.
    value : int
        The god stone's value; the seat to play must hold it.

    Returns
    -------
    PacalState
        The god-stone placement decision (:func:`free_places`).

    Examples
    --------
    >>> import tabletop_nb
    >>> game = tabletop_nb.load_game("pacal", players=3)
    >>> s = game.position(ships=[(3, 3), (5, 3), (3, 5)], face=3)
    >>> s2 = use_god(game, s, 4)
    >>> s2.gods[0], game.phase(s2)
    ((2, 6), 'round 2, die 3: Yellow - god')

    Rules: PC-GOD-02.
    """
    p = s.player
    gods = tuple(v for v in s.gods[p] if v != value)
    s2 = evolve(s, gods=s.gods[:p] + (gods,) + s.gods[p + 1:], phase=GOD,
                events=(("god", p, value),))
    s2.options = free_places(game, s2, p)   # s2 is this call's new state (base.py: decisions)
    return s2


def move_ship(s: PacalState, cell: int, allowance: int, event: tuple) -> PacalState:
    """The ship of the seat to play on ``cell``, allowed to drop ``allowance`` stones
    (:func:`~..analysis.drop_allowance` of the move); the drop decision comes next
    (:func:`stones.to_drop`).

    What :meth:`PacalGame.apply` does with a :class:`Move` or :class:`Place` action,
    before :func:`.stones.to_drop`.

    Parameters
    ----------
    s : PacalState
        The state at the move (or placement) decision.
    cell : int
        The ship's new space (bit index).
    allowance : int
        Stones the seat may drop: 0, 1 or 2.
    event : tuple
        The event that tells the move (see :func:`.words.events`).

    Returns
    -------
    PacalState
        The state with the ship moved; its options are not yet set.

    Examples
    --------
    >>> import tabletop_nb
    >>> game = tabletop_nb.load_game("pacal", players=3)
    >>> s = game.position(ships=[(3, 3), (5, 3), (3, 5)], face=3)
    >>> s2 = move_ship(s, game.geo.index[(4, 3)], 2, ("move", 0, "straight", (4, 3)))
    >>> game.geo.xy[s2.ships[0]], s2.allowance, game.events(s2)
    ((4, 3), 2, ('Yellow made a straight move to (4, 3)',))

    Rules: PC-MOVE-05.
    """
    p = s.player
    ships = s.ships[:p] + (cell,) + s.ships[p + 1:]
    return evolve(s, ships=ships, allowance=allowance, taken=0, moved=s.moved + 1, events=(event,))
