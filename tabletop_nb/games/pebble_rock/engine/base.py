"""What every section of the Pebble Rock engine shares (not a rulebook section): the lookup
tables made once from the rules, the working state of one ``apply``, and small tuple
helpers.

Each section is a module of plain functions over the game and a state (see the package
docstring); they read the game's attributes (its board, cards and :class:`Tables`) and ask
its hooks. None of them is written here.
"""
from __future__ import annotations

from fractions import Fraction
from operator import attrgetter
from typing import Any, Protocol

from ....core import Die
from ....core.draft import fields_of
from ..board import BoardInfo
from ..rules import ITEM_KINDS, Assignment, DeliveryCard, Rules
from ..state import (ChooseDice, Decline, DieRoll, Endure, KeepRoll, Player, Roll, Secret,
                     State, Step, Stop, Turn)

__all__ = ["ITEM_INDEX", "CHOICE_NAMES", "HIDDEN", "Tables", "Engine", "cumulative",
           "copy_state", "thaw", "with_player", "remove_one", "bump"]

#: each item kind's place in the Table's item counts
ITEM_INDEX = {k: i for i, k in enumerate(ITEM_KINDS)}
#: the dice choices in the words of the rulebook
CHOICE_NAMES = {"steady": "Steady + Resource", "speedy": "Speedy + Danger",
                "catch_up": "Speedy + Resource (catch-up)"}
#: what a seat sees of another seat's Assignment cards
HIDDEN = Secret(offer=(), card=-1, achieved=0)

#: a State's field values in constructor order (for :func:`copy_state`)
_read_state = attrgetter(*fields_of(State))


def cumulative(outs: list) -> tuple[list, list[float]]:
    """The outcomes and their running float probabilities (the last forced to 1.0), for
    sampling a chance node.

    Parameters
    ----------
    outs : list of (outcome, Fraction)
        A chance node's outcomes and their probabilities (summing to 1).

    Returns
    -------
    tuple of (list, list of float)
        The outcomes, and the running probabilities.

    Examples
    --------
    >>> from fractions import Fraction
    >>> cumulative([("a", Fraction(1, 4)), ("b", Fraction(3, 4))])
    (['a', 'b'], [0.25, 1.0])
    """
    acts, acc, cum = [], 0.0, []
    for a, p in outs:
        acc += float(p)
        acts.append(a)
        cum.append(acc)
    cum[-1] = 1.0
    return acts, cum


class Tables:
    """The rule values and outcome lists the engine reads on every roll and turn, made once
    from the rules (``game.tables``).

    Parameters
    ----------
    rules : Rules
        The rules.
    info : BoardInfo
        The board's lookups.
    move_die, symbol_die : dict of str to Die
        The movement and the symbol die of each dice choice.
    card_island, card_dest : dict of int to int
        Each Delivery card's island, and a passenger's destination (-1 for cargo).

    Examples
    --------
    >>> import tabletop_nb
    >>> game = tabletop_nb.load_game("pebble_rock", players=2)
    >>> game.tables.end_order, game.tables.fish_max
    (('dock', 'market', 'fishing'), 3)
    >>> sum(p for _, p in game.tables.roll_outcomes["steady"])
    Fraction(1, 1)
    """

    __slots__ = ("roll_outcomes", "roll_cum", "die_outcomes", "fish_max", "end_order", "turn_for",
                 "cards_blocked_by", "anytime_rules", "stop", "decline", "keep_roll", "endure",
                 "choose_basic", "choose_all")

    def __init__(self, rules: Rules, info: BoardInfo, move_die: dict[str, Die],
                 symbol_die: dict[str, Die], card_island: dict[int, int],
                 card_dest: dict[int, int]) -> None:
        """The tables of ``rules`` on the board ``info``."""
        r = rules
        #: the (Roll, probability) outcomes of each dice choice
        self.roll_outcomes: dict[str, list[tuple[Roll, Fraction]]] = {}
        #: the same as actions and running float probabilities, for sampling
        self.roll_cum: dict[str, tuple[list[Any], list[float]]] = {}
        for ch in move_die:
            joint = Die.joint(move_die[ch], symbol_die[ch])
            outs = [(Roll(m, sy), p) for (m, sy), p in joint.pmf.items()]
            self.roll_outcomes[ch] = outs
            self.roll_cum[ch] = cumulative(outs)
        #: per die name: its (DieRoll, probability) outcomes, and the sampling form
        self.die_outcomes: dict[str | None, tuple[list[tuple[DieRoll, Fraction]],
                                                  tuple[list[Any], list[float]]]] = {}
        for d in (r.steady_die, r.speedy_die, r.resource_die, r.danger_die, r.fish_die):
            faces = [(DieRoll(v), p) for v, p in d.pmf.items()]
            self.die_outcomes[d.name] = (faces, cumulative(faces))
        #: the Fish die's highest face (Larry's worst theft)
        self.fish_max: int = max(r.fish_die.outcomes)
        #: the order of the end-of-turn actions (PR-END-08); the row refill is always last
        self.end_order: tuple[str, ...] = (("fishing", "dock", "market") if r.end_order == "main_text"
                                           else ("dock", "market", "fishing"))
        #: the Turn record each dice choice starts
        self.turn_for: dict[str, Turn] = {ch: Turn(choice=ch) for ch in move_die}
        #: the cards an island in the row keeps out of it (PR-REFILL-02, PR-REFILL-05): those
        #: of that island, and with ``destination_blocks_row`` those whose passenger goes there
        blocked_by: list[set] = [set() for _ in info.islands]
        for c in r.delivery_cards:
            blocked_by[card_island[c.id]].add(c.id)
            if r.destination_blocks_row and card_dest[c.id] >= 0:
                blocked_by[card_dest[c.id]].add(c.id)
        self.cards_blocked_by: tuple[frozenset[int], ...] = tuple(frozenset(b) for b in blocked_by)
        #: a rule allows an action at any time of the turn (else only a full hold with
        #: passengers does)
        self.anytime_rules: bool = bool(r.overboard_any_time or r.discard_items_any_time
                                        or r.treasure_discard)
        #: the actions without fields, made once
        self.stop, self.decline, self.keep_roll, self.endure = Stop(), Decline(), KeepRoll(), Endure()
        #: the dice choices: Steady and Speedy, and with the catch-up choice
        self.choose_basic: list[ChooseDice] = [ChooseDice("steady"), ChooseDice("speedy")]
        self.choose_all: list[ChooseDice] = self.choose_basic + [ChooseDice("catch_up")]


def copy_state(s: State) -> State:
    """A new State holding ``s``'s field values (the same objects), for the caller to change.

    Parameters
    ----------
    s : State
        The state to copy (not changed).

    Returns
    -------
    State

    Examples
    --------
    >>> import tabletop_nb
    >>> s = tabletop_nb.load_game("pebble_rock", players=2).initial_state()
    >>> c = copy_state(s)
    >>> c == s, c is s, c.players is s.players
    (True, False, True)
    """
    return State(*_read_state(s))


def thaw(s: State) -> State:
    """The working state of one ``apply``: a new State with ``s``'s field values (the same
    objects) and no events yet.

    The rules change the working state's own fields by assignment (``w.todo = rest``). The
    records and tuples inside it (the players, the table, the turn, the secrets) are still
    ``s``'s, so a rule replaces them (``with_player``, ``replace_table``, ...) and never
    changes them in place. ``s`` is never written to (tests/test_states_unchanged.py).

    Parameters
    ----------
    s : State
        The state an action is applied to (never written to).

    Returns
    -------
    State

    Examples
    --------
    >>> import tabletop_nb
    >>> game = tabletop_nb.load_game("pebble_rock", players=2)
    >>> s = game.apply(game.position(boats=[38, 39]), game.legal_actions(game.position(boats=[38, 39]))[0])
    >>> bool(s.events), thaw(s).events
    (True, ())
    """
    w = copy_state(s)
    w.events = ()
    return w


def with_player(players: tuple, seat: int, p: Player) -> tuple:
    """The players tuple with seat ``seat``'s board replaced by ``p``.

    Parameters
    ----------
    players : tuple of Player
        One board per seat (``State.players``).
    seat : int
        The seat whose board is replaced.
    p : Player
        Its new board.

    Returns
    -------
    tuple

    Examples
    --------
    >>> with_player(("a", "b", "c"), 1, "B")
    ('a', 'B', 'c')
    """
    return players[:seat] + (p,) + players[seat + 1:]


def remove_one(t: tuple, v: Any) -> tuple:
    """``t`` without the first occurrence of ``v`` (which must be in it).

    Parameters
    ----------
    t : tuple
        The tuple (a hold's passengers, a player's items, ...).
    v : object
        The value to remove; it must be in ``t``.

    Returns
    -------
    tuple

    Examples
    --------
    >>> remove_one((3, 1, 3), 3)
    (1, 3)
    """
    i = t.index(v)
    return t[:i] + t[i + 1:]


def bump(counts: tuple, i: int, d: int) -> tuple:
    """The counts tuple with entry ``i`` changed by ``d`` (item cards of one kind).

    Parameters
    ----------
    counts : tuple of int
        One count per item kind (``ITEM_INDEX`` order).
    i : int
        The entry to change.
    d : int
        The change (negative to take away).

    Returns
    -------
    tuple of int

    Examples
    --------
    >>> bump((2, 0, 1), 1, 1)
    (2, 1, 1)
    """
    return counts[:i] + (counts[i] + d,) + counts[i + 1:]


class Engine(Protocol):
    """What the sections and :mod:`..analysis` read of the game: :class:`PebbleRockGame
    <tabletop_nb.games.pebble_rock.engine.PebbleRockGame>` (named by its parts here, since
    the game imports the sections): the parts of the game protocol that :mod:`.words` asks,
    the game's documented hooks and the two queries :mod:`..analysis` passes on: a subclass
    that overrides a hook changes every section, bot and view that asks it. The attributes
    are declared here only: the game makes them in its ``setup()``, and the type checker
    checks the game against this Protocol wherever the game hands itself to a section.

    Examples
    --------
    >>> import tabletop_nb
    >>> game = tabletop_nb.load_game("pebble_rock", players=3)
    >>> game.num_players, isinstance(game.tables, Tables), len(game.step_actions) == game.info.n
    (3, True, True)
    """

    rules: Rules
    info: BoardInfo
    cards: dict[int, DeliveryCard]
    card_island: dict[int, int]
    card_dest: dict[int, int]
    card_cargo: dict[int, int]
    assignments: dict[int, Assignment]
    step_actions: tuple[Step, ...]
    docks: frozenset[int]
    adj: tuple[tuple[int, ...], ...]
    adjset: tuple[frozenset, ...]
    move_die: dict[str, Die]
    symbol_die: dict[str, Die]
    tables: Tables
    final_scores: dict[Any, tuple[int, ...]]

    @property
    def num_players(self) -> int:
        """:attr:`PebbleRockGame.num_players`."""

    def current_player(self, s: State) -> int:
        """:meth:`PebbleRockGame.current_player`."""

    def legal_actions(self, s: State) -> list:
        """:meth:`PebbleRockGame.legal_actions`."""

    def chance_outcomes(self, s: State) -> list[tuple[Any, Fraction]]:
        """:meth:`PebbleRockGame.chance_outcomes`."""

    def scores(self, s: State) -> tuple:
        """:meth:`PebbleRockGame.scores`."""

    def capacity(self, s: State, seat: int) -> int:
        """:meth:`PebbleRockGame.capacity` (a hook)."""

    def delivery_points(self, card: int) -> int:
        """:meth:`PebbleRockGame.delivery_points` (a hook)."""

    def jetstream_fee(self, s: State, seat: int) -> int:
        """:meth:`PebbleRockGame.jetstream_fee` (a hook)."""

    def alone_last(self, s: State, seat: int) -> bool:
        """:meth:`PebbleRockGame.alone_last` (a hook)."""

    def maisy_cargo(self, s: State, seat: int) -> int:
        """:meth:`PebbleRockGame.maisy_cargo` (a hook)."""

    def move_options(self, s: State) -> tuple[list, list]:
        """:meth:`PebbleRockGame.move_options`."""

    def assignment_halves_met(self, s: State, seat: int) -> int:
        """:meth:`PebbleRockGame.assignment_halves_met`."""

    def player_name(self, seat: int) -> str:
        """:meth:`PebbleRockGame.player_name`."""
