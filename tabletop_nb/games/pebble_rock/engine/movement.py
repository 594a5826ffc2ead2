"""3: Move, and Movement: sailing one dotted line at a time, where a boat may stop.

Rulebook "On Your Turn" step 3 and "Movement" (checklist section 6, PR-MOVE): the movement
of the die (doubled by Winds), steps along dotted lines, spaces a boat may pass but not stop
on, and ``Stop``. Fish buying steps and jetstreams are in :mod:`.fish_and_jetstream`.
Tests: tests/games/pebble_rock/test_movement.py.
"""
from __future__ import annotations


from .. import analysis
from ..analysis import die_movement  # (a name of this section too: odds and position import it here)
from ..frames import BeginMove, MeetCharacter, RollDie
from ..state import LARRY, DeliverTreasure, State, Step, Stop, replace, replace_player
from . import deliveries, end_of_turn, items
from .base import with_player
from .base import Engine as PebbleRockGame


__all__ = ["move_begins", "begin_move", "move_actions", "move_options",
           "can_leave", "step", "stop"]


def move_begins(game: PebbleRockGame, w: State, head: BeginMove, rest: tuple) -> State:
    """The move starts once the symbol is resolved.

    Parameters
    ----------
    game : PebbleRockGame
        The game.
    w : State
        The working state of this ``apply`` (:func:`.base.thaw`), changed and returned.
    head : BeginMove
        The bookkeeping step at the head of ``w.todo``: start moving (step 3).
    rest : tuple of Frame
        The queue after ``head`` (``w.todo[1:]``).

    Returns
    -------
    State
        The working state ``w`` with the rule played.

    Examples
    --------
    >>> import tabletop_nb
    >>> game = tabletop_nb.load_game("pebble_rock", players=2)
    >>> w = game.position(boats=[38, 39], step="move", dice="steady", roll=2, movement=0)
    >>> move_begins(game, replace(w, phase="choose"), BeginMove(), ()).steps
    2
    """
    w.todo = rest
    return begin_move(game, w)


def begin_move(game: PebbleRockGame, w: State) -> State:
    """Step 3 begins (the turn's roll and symbol resolved, on ``w.turn``): the movement is
    the die's (:func:`die_movement`); a jetstream under the boat works only under
    ``jetstream_on_start``.

    Rules: PR-MOVE-07, PR-DANGER-08.

    Parameters
    ----------
    game : PebbleRockGame
        The game.
    w : State
        The working state of this ``apply`` (:func:`.base.thaw`), changed and returned.

    Returns
    -------
    State
        The working state ``w`` with the rule played.

    Examples
    --------
    >>> import tabletop_nb
    >>> game = tabletop_nb.load_game("pebble_rock", players=2)
    >>> w = game.position(boats=[38, 39], step="move", dice="steady", roll=2, symbol="winds")
    >>> begin_move(game, replace(w, phase="choose", steps=0)).steps
    4
    """
    t = w.turn
    pos = w.boats[w.seat]
    r = game.rules
    if not r.revisit_spaces:
        w.turn = replace(t, visited=frozenset((pos,)))
    if r.jetstream_on_start and analysis.jetstream_live(w, pos):
        w.jets = w.jets - {pos}  # PR-DANGER-08 (b)
        w.todo = (RollDie("jet"),) + w.todo
    w.phase = "move"
    w.steps = die_movement(t.roll, t.symbol)
    w.moved = 0
    return w


def move_actions(game: PebbleRockGame, s: State) -> list:
    """The legal actions at a step of the move: :func:`move_options`' two lists in one.

    Parameters
    ----------
    game : PebbleRockGame
        The game.
    s : State
        The state (only read).

    Examples
    --------
    >>> import tabletop_nb
    >>> game = tabletop_nb.load_game("pebble_rock", players=2)
    >>> s = game.position(boats=[38, 39], step="move", dice="steady", roll=2, movement=2)
    >>> move_actions(game, s) == game.legal_actions(s)
    True
    """
    steps, others = move_options(game, s)
    if others:
        steps.extend(others)
    return steps


def move_options(game: PebbleRockGame, s: State) -> tuple[list, list]:
    """The legal actions at a step of the move, as (the Step actions, the others): the legal
    actions are the two lists one after the other, so a bot can tell the steps from the few
    other actions without sorting them by type.

    A step goes along a dotted line, to a space not entered yet this move unless revisits
    are allowed; a space the boat may not stop on is entered only if the boat can get out
    again (:func:`can_leave`). ``Stop`` is offered where the boat may end its move (not on a
    character or another boat; without moving only if the rules allow it or no step is
    possible); then the space's actions (:func:`.deliveries.space_actions`, once the boat
    has moved, or on the start space if it counts), items and any-time actions. Fish pay
    for steps once the die's movement is used up. Beside Roberto without having moved, a
    treasure is given only under ``treasure_beside_roberto_anytime``.

    Rules: PR-MOVE-01, PR-MOVE-02, PR-MOVE-06, PR-MOVE-10, PR-FISH-05, PR-TREAS-08.

    Parameters
    ----------
    game : PebbleRockGame
        The game.
    s : State
        The state (only read).

    Returns
    -------
    tuple of (list, list)
        The steps, and the other actions.

    Examples
    --------
    >>> import tabletop_nb
    >>> game = tabletop_nb.load_game("pebble_rock", players=2)
    >>> s = game.position(boats=[38, 39], step="move", dice="steady", roll=2, movement=2)
    >>> steps, others = move_options(game, s)
    >>> [a.to for a in steps], others
    ([29, 30, 37, 39, 47], [Stop()])
    """
    r = game.rules
    seat = s.seat
    p = s.players[seat]
    boats = s.boats
    pos = boats[seat]
    t = s.turn
    chars = s.chars
    # where a boat may not stop (analysis.occupied) is built when a piece is in the way; a
    # neighbour is never the boat's own space (no dotted line joins a space to itself,
    # Rules.validate), so it holds another boat exactly when it is in ``boats``
    occ = None
    moves = []
    steps = s.steps
    fish = p.fish
    revisit = r.revisit_spaces
    if analysis.movement_left(s, seat) > 0:
        visited = t.visited
        step_actions = game.step_actions
        for n in game.adj[pos]:
            if not revisit and n in visited:
                continue
            if n in chars or n in boats:
                if occ is None:
                    occ = analysis.occupied(s, seat)
                if not can_leave(game, s, n, occ, steps, fish, revisit, visited):
                    continue
            moves.append(step_actions[n])
    acts: list = []
    if pos not in chars and boats.count(pos) == 1 and (r.zero_step_move or s.moved or not moves):
        acts.append(game.tables.stop)
    if analysis.space_actions_open(game, s):
        deliveries.space_actions(game, s, p, pos, acts)
    elif r.treasure_beside_roberto_anytime and p.treasures \
            and pos in analysis.treasure_delivery_spaces(game, s):
        acts.append(DeliverTreasure())
    if p.items and not t.item_used:  # (no item, no item action)
        acts.extend(items.item_actions(game, s, p, pos, occ))
    if p.passengers or game.tables.anytime_rules:  # (else there is no any-time action)
        acts.extend(items.anytime_actions(game, s, p))
    return moves, acts


def can_leave(game: PebbleRockGame, s: State, n: int, occ: set, steps: int, fish: int,
              revisit: bool, visited: frozenset) -> bool:
    """A boat may enter a space where it cannot stop only if it is sure to get out:
    movement or fish left after entering (after the worst Larry roll there), and a free
    neighbour to go on to (see RULINGS.md).

    Rules: PR-MOVE-03.

    Parameters
    ----------
    game : PebbleRockGame
        The game.
    s : State
        The state (only read).
    n : int
        The space the boat would enter.
    occ : set of int
        The spaces where the boat may not stop (:func:`analysis.occupied`).
    steps : int
        Movement left before the step (``s.steps``).
    fish : int
        Fish the moving player holds.
    revisit : bool
        Whether the rules let a boat enter a space twice in one move.
    visited : frozenset of int
        The spaces entered this move.

    Examples
    --------
    >>> import tabletop_nb
    >>> game = tabletop_nb.load_game("pebble_rock", players=2)
    >>> s = game.position(boats=[38, 39], step="move", dice="steady", roll=2, movement=1)
    >>> can_leave(game, s, 29, {29}, 1, 0, True, frozenset())   # its last step: no way on
    False
    """
    if steps > 0:
        left_steps, left_fish = steps - 1, fish
    else:
        left_steps, left_fish = analysis.fish_step_bonus(game, s), fish - 1
    if n == s.chars[LARRY]:
        left_fish -= analysis.larry_worst_loss(game, s, left_fish)
    if left_steps + left_fish < 1:
        return False
    for m in game.adj[n]:
        if m not in occ and (revisit or m not in visited):
            return True
    return False


def step(game: PebbleRockGame, w: State, a: Step) -> State:
    """One step along a dotted line, paid with movement or a fish; entering a character's
    space triggers it (once a turn), entering a jetstream token rolls the movement die.
    Several characters on one move each act as their space is entered; another boat's
    space does nothing.

    Rules: PR-MOVE-05, PR-MOVE-08, PR-FISH-02, PR-FISH-04, PR-CHAR-01, PR-CHAR-13,
    PR-JET-01, PR-JET-04.

    Parameters
    ----------
    game : PebbleRockGame
        The game.
    w : State
        The working state of this ``apply`` (:func:`.base.thaw`), changed and returned.
    a : Step
        The action played: move one space along a dotted line, paid with a fish when no movement
        is left.

    Returns
    -------
    State
        The working state ``w`` with the rule played.

    Examples
    --------
    >>> import tabletop_nb
    >>> game = tabletop_nb.load_game("pebble_rock", players=2)
    >>> w = game.position(boats=[38, 39], fish=[2, 0], step="move", dice="steady", roll=2, movement=0)
    >>> w = step(game, w, Step(29))
    >>> w.boats[0], w.players[0].fish, w.moved
    (29, 1, 1)
    """
    to = a.to
    seat = w.seat
    t = w.turn
    if w.steps > 0:
        w.steps -= 1
    else:  # PR-FISH-01: a fish buys this step
        w.steps = analysis.fish_step_bonus(game, w)
        p = w.players[seat]
        w.players = with_player(w.players, seat, replace_player(p, fish=p.fish - 1))
    w.boats = w.boats[:seat] + (to,) + w.boats[seat + 1:]
    w.moved += 1
    w.events += (("step", seat, to),)
    todo: tuple = ()
    chars = w.chars
    if to in chars:
        c = chars.index(to)
        if not analysis.has_met(w, c):
            todo = (MeetCharacter(c, "pass"),)
    if game.rules.jetstream_when == "enter" and analysis.jetstream_live(w, to):
        w.jets = w.jets - {to}
        todo = todo + (RollDie("jet"),)
    if t.treasure_here or not game.rules.revisit_spaces:
        w.turn = replace(t, treasure_here=False, visited=t.visited | {to})
    w.todo = todo
    return w


def stop(game: PebbleRockGame, w: State, a: Stop) -> State:
    """End the move here (a jetstream where the boat stops works first, under
    ``jetstream_when="stop"``); the end-of-turn steps follow.

    Rules: PR-END-01, PR-JET-03.

    Parameters
    ----------
    game : PebbleRockGame
        The game.
    w : State
        The working state of this ``apply`` (:func:`.base.thaw`), changed and returned.
    a : Stop
        The action played: end the movement here.

    Returns
    -------
    State
        The working state ``w`` with the rule played.

    Examples
    --------
    >>> import tabletop_nb
    >>> game = tabletop_nb.load_game("pebble_rock", players=2)
    >>> w = game.position(boats=[38, 39], step="move", dice="steady", roll=2, movement=0, moved=1)
    >>> w = stop(game, w, Stop())
    >>> w.phase, w.todo[-1]
    ('end', NextTurn())
    """
    pos = w.boats[w.seat]
    if game.rules.jetstream_when == "stop" and w.moved and analysis.jetstream_live(w, pos):
        # PR-JET-03 (b): the token works where the boat would stop; it goes on moving
        w.jets = w.jets - {pos}
        w.todo = (RollDie("jet"),)
        w.events += (("jet_stop", w.seat),)
        return w
    w.phase = "end"
    w.todo = end_of_turn.end_of_turn(game, w, pos)
    w.events += (("stop", w.seat, pos),)
    return w
