"""1: Decide which dice to roll, 2: Roll your chosen dice, Resource and Danger Dice.

Rulebook "On Your Turn" steps 1-2 and "Resource and Danger Dice" (checklist sections 3-5:
PR-DICE, PR-RES, PR-DANGER): the dice choice (and the catch-up choice of the player alone
in last place), the roll as one chance node, single dice rolled for fish, Larry and
jetstreams, and the symbol resolved (fish, a character placed, Winds, a jetstream token).
The Lucky Shell's reroll is in :mod:`.items`.
Tests: tests/games/pebble_rock/test_dice.py, test_resource.py, test_danger.py.
"""
from __future__ import annotations


from .. import analysis
from ..frames import (BeginMove, DieEffect, Frame, OfferReroll, PutCharacter, RerollDie,
                      ResolveSymbol, RollDice, RollDie)
from ..state import ChooseDice, DieRoll, Roll, State, replace, replace_turn
from . import characters, items, movement
from .base import Engine as PebbleRockGame


__all__ = ["alone_last", "choose_options", "choose", "roll_outcomes", "die_name",
           "die_outcomes", "roll", "die_roll", "resolve_symbol", "symbol_resolved"]


def alone_last(game: PebbleRockGame, s: State, seat: int) -> bool:
    """Whether ``seat`` alone has the fewest track points (behind the hook
    :meth:`PebbleRockGame.alone_last`).

    Rules: PR-DICE-03, PR-DICE-04, PR-DICE-06.

    Parameters
    ----------
    game : PebbleRockGame
        The game.
    s : State
        The state (only read).
    seat : int
        The seat asked about.

    Examples
    --------
    >>> import tabletop_nb
    >>> game = tabletop_nb.load_game("pebble_rock", players=3)
    >>> s = game.position(boats=[38, 39, 47], scores=[2, 5, 2])
    >>> alone_last(game, s, 0), alone_last(game, game.position(boats=[38, 39, 47], scores=[1, 5, 2]), 0)
    (False, True)
    """
    scores = [p.score for p in s.players]
    low = min(scores)
    return scores[seat] == low and scores.count(low) == 1


def choose_options(game: PebbleRockGame, s: State) -> list:
    """Step 1: Steady + Resource or Speedy + Danger, and Speedy + Resource for the player
    alone in last place (:meth:`PebbleRockGame.alone_last`); the any-time actions besides.
    (The dice of each choice are :func:`~..analysis.dice_of`'s.)

    Rules: PR-DICE-03, PR-DICE-05.

    Parameters
    ----------
    game : PebbleRockGame
        The game.
    s : State
        The state (only read).

    Returns
    -------
    list
        The actions on offer.

    Examples
    --------
    >>> import tabletop_nb
    >>> game = tabletop_nb.load_game("pebble_rock", players=2)
    >>> [a.choice for a in choose_options(game, game.position(boats=[38, 39], scores=[1, 4]))]
    ['steady', 'speedy', 'catch_up']
    """
    seat = s.seat
    t = game.tables
    acts = list(t.choose_all if game.rules.catch_up and game.alone_last(s, seat)
                else t.choose_basic)
    p = s.players[seat]
    if p.passengers or t.anytime_rules:  # (else there is no any-time action)
        acts.extend(items.anytime_actions(game, s, p))
    return acts


def choose(game: PebbleRockGame, w: State, a: ChooseDice) -> State:
    """The dice chosen become this turn's; the roll comes next.

    Rules: PR-TURN-03.

    Parameters
    ----------
    game : PebbleRockGame
        The game.
    w : State
        The working state of this ``apply`` (:func:`.base.thaw`), changed and returned.
    a : ChooseDice
        The action played: choose the dice.

    Returns
    -------
    State
        The working state ``w`` with the rule played.

    Examples
    --------
    >>> import tabletop_nb
    >>> game = tabletop_nb.load_game("pebble_rock", players=2)
    >>> w = choose(game, game.position(boats=[38, 39]), ChooseDice("speedy"))
    >>> w.turn.choice, w.todo
    ('speedy', (RollDice(),))
    """
    w.todo = (RollDice(),)
    w.turn = game.tables.turn_for[a.choice]
    w.events += (("choose", w.seat, a.choice),)
    return w


def roll_outcomes(game: PebbleRockGame, s: State, head: RollDice) -> list:
    """Chance: the two dice of the turn's choice, rolled together (movement, symbol).

    Rules: PR-DICE-07.

    Parameters
    ----------
    game : PebbleRockGame
        The game.
    s : State
        The state (only read).
    head : RollDice
        The chance node at the head of ``s.todo``: the turn's movement die and Resource or
        Danger die.

    Returns
    -------
    list of (outcome, Fraction)
        Each chance outcome with its probability.

    Examples
    --------
    >>> import tabletop_nb
    >>> game = tabletop_nb.load_game("pebble_rock", players=2)
    >>> w = choose(game, game.position(boats=[38, 39]), ChooseDice("steady"))
    >>> sum(p for _, p in roll_outcomes(game, w, RollDice()))
    Fraction(1, 1)
    """
    return list(game.tables.roll_outcomes[s.turn.choice])


def die_name(game: PebbleRockGame, s: State, head: RollDie | RerollDie) -> str | None:
    """The die a single roll uses: the Fish die for fish and Larry, the turn's movement die
    for a jetstream, or the die the Lucky Shell rerolls.

    Rules: PR-JET-02, PR-CHAR-09, PR-RES-02.

    Parameters
    ----------
    game : PebbleRockGame
        The game.
    s : State
        The state (only read).
    head : RollDie or RerollDie
        The chance node at the head of ``s.todo``: one die rolled for ``head.purpose``.

    Examples
    --------
    >>> import tabletop_nb
    >>> game = tabletop_nb.load_game("pebble_rock", players=2)
    >>> s = game.position(boats=[38, 39], step="move", dice="speedy", roll=3)
    >>> die_name(game, s, RollDie("jet")), die_name(game, s, RollDie("larry"))
    ('speedy', 'fish')
    """
    if isinstance(head, RollDie):
        return game.rules.fish_die.name if head.purpose in ("gain", "larry") else \
            game.move_die[s.turn.choice].name
    die = head.die
    if die == "movement":
        return game.move_die[s.turn.choice].name
    if die == "symbol":
        return game.symbol_die[s.turn.choice].name
    return game.rules.fish_die.name


def die_outcomes(game: PebbleRockGame, s: State, head: RollDie | RerollDie) -> list:
    """Chance: the faces of the die a single roll uses (:func:`die_name`).

    Parameters
    ----------
    game : PebbleRockGame
        The game.
    s : State
        The state (only read).
    head : RollDie or RerollDie
        The chance node at the head of ``s.todo``: one die rolled for ``head.purpose``.

    Returns
    -------
    list of (outcome, Fraction)
        Each chance outcome with its probability.

    Examples
    --------
    >>> import tabletop_nb
    >>> game = tabletop_nb.load_game("pebble_rock", players=2)
    >>> s = game.position(boats=[38, 39])
    >>> sorted(a.value for a, _ in die_outcomes(game, s, RollDie("gain")))
    [1, 2, 3]
    """
    return list(game.tables.die_outcomes[die_name(game, s, head)][0])


def roll(game: PebbleRockGame, w: State, a: Roll) -> State:
    """Chance: the two dice rolled; a usable Lucky Shell may reroll one straight away,
    else the symbol is resolved.

    Rules: PR-ITEM-SHELL-02.

    Parameters
    ----------
    game : PebbleRockGame
        The game.
    w : State
        The working state of this ``apply`` (:func:`.base.thaw`), changed and returned.
    a : Roll
        The chance outcome played: the movement die and the Resource or Danger die rolled
        together.

    Returns
    -------
    State
        The working state ``w`` with the rule played.

    Examples
    --------
    >>> import tabletop_nb
    >>> game = tabletop_nb.load_game("pebble_rock", players=2)
    >>> w = choose(game, game.position(boats=[38, 39], items=[["lucky_shell"], []]), ChooseDice("steady"))
    >>> roll(game, w, Roll(3, "winds")).todo
    (OfferReroll(purpose='step2', value=None), ResolveSymbol())
    """
    w.turn = replace_turn(w.turn, roll=a.move, symbol=a.symbol)
    w.events += (("roll", w.seat, a.move, a.symbol),)
    if analysis.item_usable(game, w, "lucky_shell"):  # PR-ITEM-SHELL-02 (a): straight after the roll
        w.todo = (OfferReroll("step2", None), ResolveSymbol())
        return w
    w.todo = ()
    return resolve_symbol(game, w)


def die_roll(game: PebbleRockGame, w: State, a: DieRoll) -> State:
    """Chance: one die rolled for fish, Larry or a jetstream (or rerolled by the Lucky
    Shell); its effect follows, after a chance to reroll it.

    Rules: PR-ITEM-SHELL-01, PR-ITEM-SHELL-02.

    Parameters
    ----------
    game : PebbleRockGame
        The game.
    w : State
        The working state of this ``apply`` (:func:`.base.thaw`), changed and returned.
    a : DieRoll
        The chance outcome played: one die (the Fish die, a jetstream's movement die, a Lucky
        Shell reroll).

    Returns
    -------
    State
        The working state ``w`` with the rule played.

    Examples
    --------
    >>> import tabletop_nb
    >>> game = tabletop_nb.load_game("pebble_rock", players=2)
    >>> w = replace(game.position(boats=[38, 39]), todo=(RollDie("gain"),))
    >>> die_roll(game, w, DieRoll(2)).todo
    (DieEffect(purpose='gain', value=2),)
    """
    head, rest = w.todo[0], w.todo[1:]
    if isinstance(head, RerollDie):
        w.events += (("reroll", w.seat, head.die, a.value),)
        if head.purpose == "step2":
            w.turn = (replace_turn(w.turn, roll=a.value) if head.die == "movement"
                      else replace_turn(w.turn, symbol=a.value))
            w.todo = rest
        else:
            w.todo = (DieEffect(head.purpose, int(a.value)),) + rest
        return w
    assert isinstance(head, RollDie)
    purpose = head.purpose
    nxt: Frame
    if analysis.item_usable(game, w, "lucky_shell"):
        nxt = OfferReroll(purpose, int(a.value))
    else:
        nxt = DieEffect(purpose, int(a.value))
    w.todo = (nxt,) + rest
    w.events += (("die", w.seat, purpose, a.value),)
    return w


def symbol_resolved(game: PebbleRockGame, w: State, head: ResolveSymbol, rest: tuple) -> State:
    """The turn's symbol is resolved once the Lucky Shell's offer on the roll is settled.

    Parameters
    ----------
    game : PebbleRockGame
        The game.
    w : State
        The working state of this ``apply`` (:func:`.base.thaw`), changed and returned.
    head : ResolveSymbol
        The bookkeeping step at the head of ``w.todo``: resolve the turn's symbol (after a Lucky
        Shell decision on the roll).
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
    >>> w = game.position(boats=[38, 39], step="move", dice="steady", roll=2, symbol="fish")
    >>> symbol_resolved(game, w, ResolveSymbol(), ()).todo
    (RollDie(purpose='gain'), BeginMove())
    """
    w.todo = rest
    return resolve_symbol(game, w)


def resolve_symbol(game: PebbleRockGame, w: State) -> State:
    """Step 2: resolve the Resource or Danger symbol of ``w.turn``, then start moving: fish
    (a Fish die roll), a character put beside the boat (nothing if there is no room),
    Winds (the movement doubles, :func:`.movement.begin_move`), a jetstream token put where
    the boat is (none left, or one there already: nothing), a blank.

    Rules: PR-RES-01, PR-RES-02, PR-RES-07, PR-DANGER-01, PR-DANGER-04, PR-DANGER-05.

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
    >>> w = game.position(boats=[38, 39], step="move", dice="speedy", roll=2, symbol="jetstream")
    >>> w = resolve_symbol(game, replace(w, todo=()))
    >>> sorted(w.jets), w.phase
    ([38], 'move')
    """
    sym = w.turn.symbol
    if sym == "fish":  # PR-RES-02
        w.todo = (RollDie("gain"), BeginMove()) + w.todo
        return w
    c = analysis.symbol_character(sym)
    if c is not None:
        if characters.adjacent_places(game, w, c):
            w.todo = (PutCharacter(c, "symbol"), BeginMove()) + w.todo
            return w
        # PR-DANGER-04: nowhere to put the character: nothing happens
        w.events += (("no_room", w.seat, sym),)
    elif sym == "jetstream":  # PR-DANGER-05, PR-DANGER-07, PR-DANGER-08
        pos = w.boats[w.seat]
        if analysis.jetstreams_left(game, w) > 0 and pos not in w.jets:
            w.jets = w.jets | {pos}
            w.turn = replace(w.turn, fresh_jet=pos)
            w.events += (("jet_placed", w.seat, pos),)
    return movement.begin_move(game, w)
