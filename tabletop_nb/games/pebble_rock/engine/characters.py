"""Interacting with other characters: Maisy, Larry and Roberto.

Rulebook "Interacting with other characters" (checklist section 7, PR-CHAR): where a
character may be put, what meeting each one does (once per turn), Roberto's choice of
token. Tests: tests/games/pebble_rock/test_characters.py.
"""
from __future__ import annotations


from .. import analysis
from ..frames import (Frame, MeetCharacter, OfferAvoid, PutCharacter, RobberyChoice,
                      RobertoRobs, RollDie)
from ..state import (CHARACTERS, LARRY, MAISY, Endure, LoseToken, PlaceCharacter, Player,
                     State, UseItem, replace_player, replace_table, replace_turn)
from . import deliveries
from .base import with_player
from .base import Engine as PebbleRockGame


__all__ = ["closed_to_characters", "empty_spaces", "adjacent_places", "place_options", "place", "maisy_cargo", "meet",
           "avoid_options", "endure", "robbed", "rob_options", "robbery_options", "lose_token",
           "take_token"]


def closed_to_characters(game: PebbleRockGame, s: State) -> set:
    """The spaces no character may be put on: a boat's, a character's, a dock (and a
    space with a token, unless token spaces count as empty).

    Rules: PR-CHAR-05, PR-CHAR-06.

    Parameters
    ----------
    game : PebbleRockGame
        The game.
    s : State
        The state (only read).

    Returns
    -------
    set of int
        Spaces.

    Examples
    --------
    >>> import tabletop_nb
    >>> game = tabletop_nb.load_game("pebble_rock", players=2)
    >>> s = game.position(boats=[38, 39])
    >>> {38, 39, *s.chars} | game.docks <= closed_to_characters(game, s)
    True
    """
    closed = set(s.boats) | set(s.chars) | game.docks
    if not game.rules.token_spaces_are_empty:
        closed |= s.jets | s.table.treasure_spaces
    return closed


def empty_spaces(game: PebbleRockGame, s: State) -> set:
    """Spaces a character may be put on anywhere: no boat, no character, not a dock (and no
    token, unless token spaces count as empty).

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
    >>> s = game.position(boats=[38, 39])
    >>> 38 in empty_spaces(game, s), s.chars[0] in empty_spaces(game, s)
    (False, False)
    """
    return set(range(game.info.n)) - closed_to_characters(game, s)


def adjacent_places(game: PebbleRockGame, s: State, c: int) -> list[int]:
    """Where a symbol (or the Maisy item) may put character ``c``: an empty space that is
    not a dock, one dotted line from the boat (or where it is, if it is next to the boat and
    the rules let it stay).

    Rules: PR-RES-03, PR-DANGER-02, PR-DANGER-03.

    Parameters
    ----------
    game : PebbleRockGame
        The game.
    s : State
        The state (only read).
    c : int
        The character: its index in ``CHARACTERS`` (Maisy, Larry, Roberto).

    Examples
    --------
    >>> import tabletop_nb
    >>> game = tabletop_nb.load_game("pebble_rock", players=2)
    >>> adjacent_places(game, game.position(boats=[38, 39]), MAISY)
    [29, 30]
    """
    pos = s.boats[s.seat]
    closed = closed_to_characters(game, s)
    out = [n for n in game.adj[pos] if n not in closed]
    own = s.chars[c]
    if game.rules.adjacent_character_may_stay and own in game.adjset[pos]:
        out.append(own)
        out.sort()
    return out


def place_options(game: PebbleRockGame, s: State, head: PutCharacter) -> list[PlaceCharacter]:
    """Where the queued character may be put: next to the boat for a die symbol or the
    Maisy item (:func:`adjacent_places`), any empty space that is not a dock (or where it
    is) after Shark Repellent or Water Cannon.

    Rules: PR-ITEM-SHARK-02.

    Parameters
    ----------
    game : PebbleRockGame
        The game.
    s : State
        The state (only read).
    head : PutCharacter
        The decision at the head of ``s.todo``: put a character on a space of the player's
        choice.

    Returns
    -------
    list of PlaceCharacter
        The actions on offer.

    Examples
    --------
    >>> import tabletop_nb
    >>> game = tabletop_nb.load_game("pebble_rock", players=2)
    >>> s = game.position(boats=[38, 39])
    >>> len(place_options(game, s, PutCharacter(LARRY, "anywhere"))) > 2
    True
    """
    c, how = head.character, head.how
    name = CHARACTERS[c]
    if how == "anywhere":  # Shark Repellent, Water Cannon: "any empty space" (or stay)
        spaces = sorted(empty_spaces(game, s) | {s.chars[c]})
    else:
        spaces = adjacent_places(game, s, c)
    return [PlaceCharacter(name, sp) for sp in spaces]


def place(game: PebbleRockGame, w: State, a: PlaceCharacter) -> State:
    """Put the queued character on the chosen space; a die symbol's character is then met
    ("as if you had just passed over their space").

    Rules: PR-CHAR-07.

    Parameters
    ----------
    game : PebbleRockGame
        The game.
    w : State
        The working state of this ``apply`` (:func:`.base.thaw`), changed and returned.
    a : PlaceCharacter
        The action played: put Maisy, Larry or Roberto on a space; for Shark Repellent and Water
        Cannon, their own space means leaving them where they are.

    Returns
    -------
    State
        The working state ``w`` with the rule played.

    Examples
    --------
    >>> import tabletop_nb
    >>> from ..state import replace
    >>> game = tabletop_nb.load_game("pebble_rock", players=2)
    >>> w = replace(game.position(boats=[38, 39]), todo=(PutCharacter(MAISY, "symbol"),))
    >>> w = place(game, w, PlaceCharacter("maisy", 29))
    >>> w.chars[MAISY], w.todo
    (29, (MeetCharacter(character=0, how='symbol'),))
    """
    head = w.todo[0]
    c, how = head.character, head.how
    w.chars = w.chars[:c] + (a.space,) + w.chars[c + 1:]
    w.todo = w.todo[1:]
    if how == "symbol":  # "treat it as if you had just passed over their space"
        w.todo = (MeetCharacter(c, "symbol"),) + w.todo
    w.events += (("place", w.seat, a.character, a.space),)
    return w


def maisy_cargo(game: PebbleRockGame, s: State, seat: int) -> int:
    """Cargo tokens Maisy gives the moving boat when it meets her: one (behind the hook
    :meth:`PebbleRockGame.maisy_cargo`; :func:`meet` gives at most the hold's room).

    Rules: PR-CHAR-08.

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
    >>> game = tabletop_nb.load_game("pebble_rock", players=2)
    >>> maisy_cargo(game, game.initial_state(), 0)
    1
    """
    return 1


def meet(game: PebbleRockGame, w: State, head: MeetCharacter, rest: tuple) -> State:
    """A character interaction, for the moving player only, once a turn each: Maisy gives
    cargo (:meth:`PebbleRockGame.maisy_cargo`) if the hold has room (met all the same when
    it is full, under ``empty_pass_is_interaction``); Larry rolls the Fish die and Roberto
    robs (or the item against them is offered); with nothing to take they do nothing.

    Rules: PR-CHAR-04, PR-RES-04, PR-MOVE-12.

    Parameters
    ----------
    game : PebbleRockGame
        The game.
    w : State
        The working state of this ``apply`` (:func:`.base.thaw`), changed and returned.
    head : MeetCharacter
        The bookkeeping step at the head of ``w.todo``: the boat meets a character: Maisy's
        cargo, Larry's roll or Roberto's theft.
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
    >>> w = game.position(boats=[38, 39], cargo=[1, 0], step="move", dice="steady", roll=2)
    >>> w = meet(game, w, MeetCharacter(MAISY, "pass"), ())
    >>> w.players[0].cargo, analysis.has_met(w, MAISY)
    (2, True)
    """
    c, how = head.character, head.how
    r = game.rules
    seat = w.seat
    p = w.players[seat]
    bit = 1 << c
    counts = analysis.interaction_counts(game, how)
    w.todo = rest
    if c == MAISY:
        room = analysis.hold_room(game, w, seat)
        if room > 0:
            if counts:
                w.turn = replace_turn(w.turn, met=w.turn.met | bit)
            gift = min(room, game.maisy_cargo(w, seat))
            w.players = with_player(w.players, seat, replace_player(p, cargo=p.cargo + gift))
            w.events += (("maisy", seat),)
        elif counts and r.empty_pass_is_interaction:
            w.turn = replace_turn(w.turn, met=w.turn.met | bit)
        return w
    empty = p.fish == 0 if c == LARRY else p.tokens == 0
    if empty:
        if counts and r.empty_pass_is_interaction:
            w.turn = replace_turn(w.turn, met=w.turn.met | bit)
        return w
    if counts:
        w.turn = replace_turn(w.turn, met=w.turn.met | bit)
    item = "shark_repellent" if c == LARRY else "water_cannon"
    nxt: Frame
    if analysis.item_usable(game, w, item):
        nxt = OfferAvoid(c)
    else:
        nxt = RollDie("larry") if c == LARRY else RobertoRobs()
    w.todo = (nxt,) + rest
    return w


def avoid_options(game: PebbleRockGame, s: State, head: OfferAvoid) -> list:
    """At an encounter with Larry or Roberto while holding the item against them: use it,
    or endure the encounter.

    Rules: PR-ITEM-SHARK-01, PR-ITEM-CANNON-01.

    Parameters
    ----------
    game : PebbleRockGame
        The game.
    s : State
        The state (only read).
    head : OfferAvoid
        The decision at the head of ``s.todo``: use the item against ``head.character`` (Larry
        or Roberto), or endure the encounter.

    Returns
    -------
    list
        The actions on offer.

    Examples
    --------
    >>> import tabletop_nb
    >>> game = tabletop_nb.load_game("pebble_rock", players=2)
    >>> avoid_options(game, game.initial_state(), OfferAvoid(LARRY))
    [UseItem(item='shark_repellent', space=-1), Endure()]
    """
    item = "shark_repellent" if head.character == LARRY else "water_cannon"
    return [UseItem(item), game.tables.endure]


def endure(game: PebbleRockGame, w: State, a: Endure) -> State:
    """Keep the item and suffer the encounter: Larry's Fish die roll, or Roberto's theft.

    Parameters
    ----------
    game : PebbleRockGame
        The game.
    w : State
        The working state of this ``apply`` (:func:`.base.thaw`), changed and returned.
    a : Endure
        The action played: do not use Shark Repellent / Water Cannon against this encounter.

    Returns
    -------
    State
        The working state ``w`` with the rule played.

    Examples
    --------
    >>> import tabletop_nb
    >>> from ..state import replace
    >>> game = tabletop_nb.load_game("pebble_rock", players=2)
    >>> w = replace(game.position(boats=[38, 39]), todo=(OfferAvoid(LARRY),))
    >>> endure(game, w, Endure()).todo
    (RollDie(purpose='larry'),)
    """
    c = w.todo[0].character
    nxt: Frame = RollDie("larry") if c == LARRY else RobertoRobs()
    w.todo = (nxt,) + w.todo[1:]
    return w


def robbed(game: PebbleRockGame, w: State, head: RobertoRobs, rest: tuple) -> State:
    """Roberto takes a token: a regular Cargo token, else a passenger or the treasure (what
    he may take is :func:`~..analysis.roberto_loot`'s; the player chooses when there is a
    choice, :func:`rob_options`).

    Rules: PR-CHAR-10.

    Parameters
    ----------
    game : PebbleRockGame
        The game.
    w : State
        The working state of this ``apply`` (:func:`.base.thaw`), changed and returned.
    head : RobertoRobs
        The bookkeeping step at the head of ``w.todo``: Roberto takes a token.
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
    >>> w = game.position(boats=[38, 39], cargo=[2, 0], step="move", dice="speedy", roll=2)
    >>> robbed(game, w, RobertoRobs(), ()).players[0].cargo
    1
    """
    seat = w.seat
    p = w.players[seat]
    if analysis.roberto_loot(game, p) == ("cargo",):
        w.players = with_player(w.players, seat, replace_player(p, cargo=p.cargo - 1))
        w.todo = rest
        w.events += (("roberto", seat, "cargo"),)
        return w
    options = rob_options(game, w, p)
    if len(options) > 1:
        w.todo = (RobberyChoice(),) + rest
        return w
    (opt,) = options
    w.todo = rest
    return take_token(game, w, opt.kind, opt.card)


def rob_options(game: PebbleRockGame, s: State, p: Player) -> list[LoseToken]:
    """The tokens Roberto may take when the hold has no regular cargo: each passenger and
    the treasure of the kinds :func:`~..analysis.roberto_loot` names.

    Parameters
    ----------
    game : PebbleRockGame
        The game.
    s : State
        The state (only read).
    p : Player
        The robbed (moving) player's board.

    Returns
    -------
    list of LoseToken
        The actions on offer.

    Examples
    --------
    >>> import tabletop_nb
    >>> game = tabletop_nb.load_game("pebble_rock", players=2)
    >>> s = game.position(boats=[38, 39], cargo=[0, 0], treasures=[[0], []])
    >>> rob_options(game, s, s.players[0])
    [LoseToken(kind='treasure', card=0)]
    """
    kinds = analysis.roberto_loot(game, p)
    pas = [LoseToken("passenger", c) for c in p.passengers] if "passenger" in kinds else []
    return pas + [LoseToken("treasure")] if "treasure" in kinds else pas


def robbery_options(game: PebbleRockGame, s: State, head: RobberyChoice) -> list[LoseToken]:
    """The moving player chooses which token Roberto takes (:func:`rob_options`).

    Parameters
    ----------
    game : PebbleRockGame
        The game.
    s : State
        The state (only read).
    head : RobberyChoice
        The decision at the head of ``s.todo``: choose the token Roberto takes (a passenger or a
        treasure).

    Returns
    -------
    list of LoseToken
        The actions on offer.

    Examples
    --------
    >>> import tabletop_nb
    >>> game = tabletop_nb.load_game("pebble_rock", players=2)
    >>> robbery_options(game, game.position(boats=[38, 39], cargo=[0, 0]), RobberyChoice())
    []
    """
    return rob_options(game, s, s.players[s.seat])


def lose_token(game: PebbleRockGame, w: State, a: LoseToken) -> State:
    """Roberto takes the token chosen (:func:`take_token`).

    Parameters
    ----------
    game : PebbleRockGame
        The game.
    w : State
        The working state of this ``apply`` (:func:`.base.thaw`), changed and returned.
    a : LoseToken
        The action played: choose what Roberto takes when the hold has no Cargo token.

    Returns
    -------
    State
        The working state ``w`` with the rule played.

    Examples
    --------
    >>> import tabletop_nb
    >>> from ..state import replace
    >>> game = tabletop_nb.load_game("pebble_rock", players=2)
    >>> w = game.position(boats=[38, 39], cargo=[0, 0], treasures=[[0], []])
    >>> lose_token(game, replace(w, todo=(RobberyChoice(),)), LoseToken("treasure")).players[0].treasures
    ()
    """
    w.todo = w.todo[1:]
    return take_token(game, w, a.kind, a.card)


def take_token(game: PebbleRockGame, w: State, kind: str, card: int) -> State:
    """Roberto takes a passenger (its card is lost) or the last treasure taken (out of the
    game, or back to its space under ``roberto_treasure="returned"``).

    Rules: PR-TREAS-07.

    Parameters
    ----------
    game : PebbleRockGame
        The game.
    w : State
        The working state of this ``apply`` (:func:`.base.thaw`), changed and returned.
    kind : str
        ``"passenger"`` or ``"treasure"``.
    card : int
        The passenger's Delivery card (ignored for a treasure).

    Returns
    -------
    State
        The working state ``w`` with the rule played.

    Examples
    --------
    >>> import tabletop_nb
    >>> game = tabletop_nb.load_game("pebble_rock", players=2)
    >>> w = game.position(boats=[38, 39], cargo=[0, 0], treasures=[[0], []])
    >>> take_token(game, w, "treasure", 0).table.treasures_gone
    1
    """
    seat = w.seat
    p = w.players[seat]
    t = w.table
    if kind == "passenger":  # PR-PASS-06: the card is lost
        p, t = deliveries.lose_passenger(p, t, card)
    else:  # PR-TREAS-07
        origin = p.treasures[-1]
        p = replace_player(p, treasures=p.treasures[:-1])
        if game.rules.roberto_treasure == "returned":
            t = replace_table(t, treasure_spaces=t.treasure_spaces | {origin})
        else:
            t = replace_table(t, treasures_gone=t.treasures_gone + 1)
    w.players = with_player(w.players, seat, p)
    w.table = t
    w.events += (("roberto", seat, kind),)
    return w
