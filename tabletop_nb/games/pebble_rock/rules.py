"""The rules of Pebble Rock Delivery Service as data.

Every number the rulebook prints (rounds, capacities, token counts, scoring values) is a
field of :class:`Rules`; every component the rulebook does not print (the board, the
Delivery, Item and Assignment cards, the dice faces, the treasure values) is
reconstructed in ``data/`` (each file says so at its top and how its values were chosen)
and loaded into a field here, so a designer can replace any of them in one cell::

    game = tabletop_nb.load_game("pebble_rock", players=4)
    game.with_rules(cargo_capacity=5, steady_die=Die([2, 3, 3, 4, 4, 5], name="steady"))

Where the rulebook can be read two ways, the reading is a switch (see RULINGS.md for
each, with the checklist ID).
"""
from __future__ import annotations

from ...core import toml
from dataclasses import dataclass
from functools import lru_cache
from importlib import resources
from typing import NamedTuple

from ...core import Die, RulesBase, rule
from ...core.errors import RulesError

__all__ = ["Rules", "Board", "Space", "Island", "Landmark", "DeliveryCard", "Objective",
           "Assignment", "ITEM_KINDS", "OBJECTIVE_KINDS", "RESOURCE_SYMBOLS",
           "DANGER_SYMBOLS", "load_data"]

#: the seven kinds of Item card (their effects are engine rules)
ITEM_KINDS = ("cargo_upgrade", "fishing_gear", "lucky_shell", "shark_repellent",
              "water_cannon", "jam_sandwich", "maisy")
#: what an Assignment objective can ask for (see data/assignments.toml)
OBJECTIVE_KINDS = ("colour", "passengers", "cargo_cards", "big_cargo", "treasure", "fish",
                   "sets", "cards", "lighthouse", "items")
RESOURCE_SYMBOLS = ("fish", "maisy", "winds", "blank")
DANGER_SYMBOLS = ("larry", "roberto", "jetstream", "blank")


class Space(NamedTuple):
    """A space of the board (a node of the graph), with its drawing position.

    Parameters
    ----------
    id : int
        The space's number.
    x, y : float
        Where the view draws it.

    Examples
    --------
    >>> load_data()["board"].spaces[0]
    Space(id=0, x=-4.5, y=4.33)
    """

    id: int
    x: float
    y: float


class Island(NamedTuple):
    """An island: its colour group, ring, drawing position and the spaces around it.

    Parameters
    ----------
    name : str
        The island's name, as Delivery cards name it.
    colour : str
        Its colour group (for sets and Assignment objectives).
    ring : str
        The ring of the board it lies in (``"inner"``, ...).
    standee : bool
        Whether it has a standee.
    x, y : float
        Where the view draws it.
    around : tuple of int
        The spaces around it, from which deliveries and pick-ups are made.
    market : str, default ""
        The Market letter (A-D) of the four Market islands, ``""`` otherwise.
    market_spaces : tuple of int, default ()
        The Market islands' marked spaces.

    Examples
    --------
    >>> isl = load_data()["board"].islands[0]
    >>> isl.name, isl.colour, isl.around
    ('Puffin Perch', 'red', (32, 33, 40, 41, 49, 50))
    """

    name: str
    colour: str
    ring: str
    standee: bool
    x: float
    y: float
    around: tuple[int, ...]
    market: str = ""
    market_spaces: tuple[int, ...] = ()


class Landmark(NamedTuple):
    """A named place that is not a delivery island (Watcher's Rest, Old Shipwreck).

    Parameters
    ----------
    name : str
        Its name.
    x, y : float
        Where the view draws it.
    around : tuple of int
        The spaces around it.

    Examples
    --------
    >>> load_data()["board"].landmarks[0].name
    "Watcher's Rest"
    """

    name: str
    x: float
    y: float
    around: tuple[int, ...]


class Board(NamedTuple):
    """The main board: spaces joined by dotted lines, islands, docks and marked spaces.

    Parameters
    ----------
    spaces : tuple of Space
        Every space.
    edges : tuple of tuple of int
        The dotted lines, as pairs of space ids.
    islands : tuple of Island
        The delivery islands.
    landmarks : tuple of Landmark
        The other named places.
    docks, fishing_spaces, treasure_spaces : tuple of int
        The dock spaces, the fishing spaces and the 4 treasure spaces.
    maisy_start, larry_start, roberto_start : int
        The characters' starting spaces.

    Examples
    --------
    >>> b = load_data()["board"]
    >>> len(b.spaces), b.docks, b.treasure_spaces
    (96, (38, 39, 47, 48, 56, 57), (0, 9, 86, 95))
    """

    spaces: tuple[Space, ...]
    edges: tuple[tuple[int, int], ...]
    islands: tuple[Island, ...]
    landmarks: tuple[Landmark, ...]
    docks: tuple[int, ...]
    fishing_spaces: tuple[int, ...]
    treasure_spaces: tuple[int, ...]
    maisy_start: int
    larry_start: int
    roberto_start: int


class DeliveryCard(NamedTuple):
    """A Delivery card: cargo (``amount`` tokens to ``island``) or a passenger (picked up at
    ``island``, dropped at ``destination``; PR-DELIV).

    Parameters
    ----------
    id : int
        The card's id.
    kind : str
        ``"cargo"`` or ``"passenger"``.
    island : str
        The island it is delivered to or picked up at.
    destination : str
        A passenger's destination island (``""`` for cargo).
    amount : int
        The Cargo tokens a cargo card asks for.
    points : int
        What it scores.
    colours : tuple of str
        The colours it may count as for sets.

    Examples
    --------
    >>> load_data()["delivery_cards"][0]
    DeliveryCard(id=1, kind='cargo', island='Puffin Perch', destination='', amount=1, points=2, colours=('red',))
    """

    id: int
    kind: str
    island: str
    destination: str
    amount: int
    points: int
    colours: tuple[str, ...]


class Objective(NamedTuple):
    """One half of an Assignment card: reach ``count`` of ``kind`` to score ``points``.

    Parameters
    ----------
    kind : str
        What is counted, one of ``OBJECTIVE_KINDS``.
    count : int
        How many it asks.
    points : int
        What it scores.
    colour : str, default ""
        The colour counted, for a colour objective.

    Examples
    --------
    >>> load_data()["assignment_cards"][0].top
    Objective(kind='colour', count=3, points=5, colour='red')
    """

    kind: str
    count: int  # type: ignore[assignment]  # a field named like tuple.count, which it hides
    points: int
    colour: str = ""


class Assignment(NamedTuple):
    """An Assignment card: a top and a bottom objective; at most one half scores.

    Parameters
    ----------
    id : int
        The card's id.
    name : str
        Its name.
    top, bottom : Objective
        Its two objectives.

    Examples
    --------
    >>> a = load_data()["assignment_cards"][0]
    >>> a.name, a.bottom.count, a.bottom.points
    ('Red Runner', 5, 10)
    """

    id: int
    name: str
    top: Objective
    bottom: Objective


def _read(name: str) -> dict:
    return toml.loads(resources.files(__package__).joinpath("data").joinpath(name).read_text("utf-8"))


@lru_cache(maxsize=None)
def load_data() -> dict:
    """The reconstructed components from ``data/`` as rule values (cached).

    >>> data = load_data()
    >>> len(data["delivery_cards"]), len(data["item_cards"]), len(data["assignment_cards"])
    (52, 14, 10)
    """
    b = _read("board.toml")
    board = Board(
        spaces=tuple(Space(s["id"], float(s["x"]), float(s["y"])) for s in b["space"]),
        edges=tuple((int(e[0]), int(e[1])) for e in b["edges"]),
        islands=tuple(Island(i["name"], i["colour"], i["ring"], bool(i["standee"]),
                             float(i["x"]), float(i["y"]), tuple(i["around"]),
                             i.get("market", ""), tuple(i.get("market_spaces", ())))
                      for i in b["island"]),
        landmarks=tuple(Landmark(m["name"], float(m["x"]), float(m["y"]), tuple(m["around"]))
                        for m in b["landmark"]),
        docks=tuple(b["docks"]), fishing_spaces=tuple(b["fishing_spaces"]),
        treasure_spaces=tuple(b["treasure_spaces"]), maisy_start=b["maisy_start"],
        larry_start=b["larry_start"], roberto_start=b["roberto_start"])
    cards = tuple(DeliveryCard(c["id"], c["kind"], c["island"], c.get("destination", ""),
                               c.get("amount", 0), c["points"], tuple(c["colours"]))
                  for c in _read("deliveries.toml")["card"])
    a = _read("assignments.toml")["assignment"]
    assignments = tuple(Assignment(x["id"], x["name"], Objective(**x["top"]), Objective(**x["bottom"]))
                        for x in a)
    d = _read("dice.toml")
    return {
        "board": board,
        "delivery_cards": cards,
        "item_cards": tuple(_read("items.toml")["cards"]),
        "assignment_cards": assignments,
        "treasure_values": tuple(_read("treasures.toml")["values"]),
        "steady_die": Die(d["steady"], name="steady"),
        "speedy_die": Die(d["speedy"], name="speedy"),
        "resource_die": Die(d["resource"], name="resource"),
        "danger_die": Die(d["danger"], name="danger"),
        "fish_die": Die(d["fish"], name="fish"),
    }


_D = load_data()

# group names for the RulesEditor form
_SETUP, _COMP, _DICE, _SCORE, _VAR, _READ = ("Setup", "Components", "Dice", "Scoring",
                                              "Variants", "Readings of the rulebook")


@dataclass(frozen=True, slots=True)
class Rules(RulesBase):
    """The rules of Pebble Rock Delivery Service (2-4 players).

    Parameters
    ----------
    **rules
        Every rule by keyword: ``players``, ``rounds``, the starting supplies, the components
        (board, cards, dice), scoring and the readings of ambiguous text (RULINGS.md). Each
        field's type, default, bounds and doc are in :meth:`fields_info` and on the game's
        rule-values page; a value out of bounds raises ``RulesError``.

    Examples
    --------
    >>> r = Rules(players=3)
    >>> r.rounds, r.cargo_capacity, r.start_fish
    (10, 4, 3)
    >>> r.replace(players=5)
    Traceback (most recent call last):
    ...
    tabletop_nb.core.errors.RulesError: rules.players: must be at most 4, got 5
    """

    players: int = rule(4, min=2, max=4, doc="number of players (PR-SETUP-01)", group=_SETUP)
    rounds: int = rule(10, min=1, max=30, doc="rounds in a game; round 10 is the final round "
                       "(PR-TURN-05, PR-FINAL-01)", group=_SETUP)
    first_player: int = rule(0, min=-1, max=3, doc="seat of the first player (who most "
                             "recently received mail); -1 draws it at random (PR-TURN-01)",
                             group=_SETUP)
    youngest_player: int = rule(0, min=0, max=3, doc="seat of the youngest player, who "
                                "places a boat first (PR-SETUP-09)", group=_SETUP)
    start_cargo: int = rule(4, min=0, max=10, doc="Cargo tokens each boat starts with "
                            "(PR-SETUP-11)", group=_SETUP)
    start_fish: int = rule(3, min=0, max=50, doc="fish each player starts with (PR-SETUP-12)",
                           group=_SETUP)
    start_score: int = rule(0, min=0, max=10, doc="starting track score; the marker goes "
                            "'beside the 1 space' (PR-SETUP-15)", group=_SETUP)
    assignments_dealt: int = rule(2, min=1, max=5, doc="Assignment cards dealt to each "
                                  "player, who keeps one (PR-SETUP-10)", group=_SETUP)
    cargo_capacity: int = rule(4, min=1, max=10, doc="hold spaces on a boat (PR-SETUP-11)",
                               group=_COMP)
    upgraded_capacity: int = rule(5, min=1, max=10, doc="hold spaces with a Cargo Upgrade "
                                  "(PR-ITEM-UPG-01)", group=_COMP)
    max_items: int = rule(3, min=1, max=6, doc="Item slots on a player board (PR-ITEM-01)",
                          group=_COMP)
    market_size: int = rule(3, min=1, max=6, doc="Items face up in the Market "
                            "(PR-MARKET-01)", group=_COMP)
    row_size: int = rule(3, min=1, max=5, doc="Delivery cards face up in the row, one "
                        "standee each (PR-SETUP-07)", group=_COMP)
    jetstream_tokens: int = rule(8, min=0, max=30, doc="Jetstream tokens in the box "
                                 "(PR-DANGER-07)", group=_COMP)
    passenger_tokens: int = rule(4, min=1, max=20, doc="Passenger tokens in the box; a cap "
                                 "only with passenger_supply_limited (PR-SETUP-16)",
                                 group=_COMP)
    characters: tuple[str, ...] = rule(("Otter", "Puffin", "Beaver", "Hedgehog"),
                                       doc="the four player characters (names reconstructed)",
                                       group=_COMP)
    board: Board = rule(_D["board"], doc="the board graph (reconstructed: data/board.toml)",
                        group=_COMP)
    delivery_cards: tuple[DeliveryCard, ...] = rule(
        _D["delivery_cards"], doc="the 52 Delivery cards (reconstructed: data/deliveries.toml)",
        group=_COMP)
    item_cards: tuple[str, ...] = rule(_D["item_cards"], doc="the 14 Item cards by kind "
                                       "(reconstructed: data/items.toml)", group=_COMP)
    assignment_cards: tuple[Assignment, ...] = rule(
        _D["assignment_cards"], doc="the 10 Assignment cards (reconstructed: "
        "data/assignments.toml)", group=_COMP)
    treasure_values: tuple[int, ...] = rule(_D["treasure_values"], doc="the values under the "
                                            "Treasure tokens (reconstructed: data/treasures.toml)",
                                            group=_COMP)
    steady_die: Die = rule(_D["steady_die"], doc="Steady movement die (reconstructed)", group=_DICE)
    speedy_die: Die = rule(_D["speedy_die"], doc="Speedy movement die (reconstructed)", group=_DICE)
    resource_die: Die = rule(_D["resource_die"], doc="Resource die: fish, maisy, winds, blank "
                             "(reconstructed)", group=_DICE)
    danger_die: Die = rule(_D["danger_die"], doc="Danger die: larry, roberto, jetstream, blank "
                           "(reconstructed)", group=_DICE)
    fish_die: Die = rule(_D["fish_die"], doc="Fish die (reconstructed)", group=_DICE)
    set_points: int = rule(5, min=0, max=50, doc="points per complete set of four colours "
                           "(PR-SCORE-02)", group=_SCORE)
    fish_per_point: int = rule(3, min=1, max=20, doc="fish per end-game point (PR-SCORE-05)",
                               group=_SCORE)
    lighthouse_points: int = rule(3, min=0, max=50, doc="value of the Lighthouse token "
                                  "(PR-SCORE-06)", group=_SCORE)
    jam_bonus: int = rule(3, min=0, max=20, doc="extra movement from a Jam Sandwich "
                          "(PR-ITEM-JAM-01)", group=_SCORE)
    gear_bonus: int = rule(1, min=0, max=10, doc="extra fish per Fishing Gear on a fish "
                           "gain (PR-ITEM-GEAR-01)", group=_SCORE)
    catch_up: bool = rule(True, doc="the player alone in last place may roll Speedy + "
                          "Resource (PR-DICE-03)", group=_VAR)
    # -- readings of ambiguous rules (RULINGS.md) ------------------------------------
    shared_docks_at_setup: bool = rule(False, doc="PR-SETUP-09: may two boats start on one "
                                       "dock", group=_READ)
    secret_assignments: bool = rule(True, doc="PR-SETUP-10: kept assignments are hidden "
                                    "from the other players", group=_READ)
    passenger_supply_limited: bool = rule(False, doc="PR-SETUP-16: no pick-up when all "
                                          "Passenger tokens are in holds", group=_READ)
    winds_doubles: str = rule("die", choices=("die", "die_and_jetstream", "all"),
                              doc="PR-RES-06: what Winds doubles: the movement die only, "
                              "also jetstream rolls, or all movement (fish and Jam too)",
                              group=_READ)
    zero_step_move: bool = rule(True, doc="PR-MOVE-02: a move may be 0 steps", group=_READ)
    revisit_spaces: bool = rule(True, doc="PR-MOVE-07: one move may enter a space twice "
                                "(a walk); False: a simple path", group=_READ)
    start_space_counts: bool = rule(False, doc="PR-MOVE-11: deliveries, pick-ups and "
                                    "treasure at the space the move starts on", group=_READ)
    symbol_is_interaction: bool = rule(True, doc="PR-CHAR-03: a die symbol uses up that "
                                       "character's once-per-turn interaction", group=_READ)
    empty_pass_is_interaction: bool = rule(True, doc="PR-CHAR-04: a pass that achieves "
                                           "nothing still uses up the interaction",
                                           group=_READ)
    token_spaces_are_empty: bool = rule(True, doc="PR-CHAR-05: a space with only a "
                                        "Jetstream or Treasure token counts as empty",
                                        group=_READ)
    adjacent_character_may_stay: bool = rule(False, doc="PR-CHAR-05: a symbol may leave a "
                                             "character that is already next to the boat "
                                             "where it is", group=_READ)
    roberto_takes: str = rule("player", choices=("player", "treasure", "passenger"),
                              doc="PR-CHAR-12: with no Cargo token, who chooses what Roberto "
                              "takes (the player) or which he takes first", group=_READ)
    jetstream_on_start: bool = rule(False, doc="PR-DANGER-08: a boat starting its move on "
                                    "a jetstream token uses it", group=_READ)
    jetstream_when: str = rule("enter", choices=("enter", "stop"), doc="PR-JET-03: a "
                               "jetstream triggers when entered, or only where the boat "
                               "would stop", group=_READ)
    refill_after_pickup: bool = rule(True, doc="PR-REFILL-06: a row slot emptied by a "
                                     "passenger pick-up is refilled after the turn",
                                     group=_READ)
    destination_blocks_row: bool = rule(False, doc="PR-REFILL-07: a passenger card's "
                                        "destination counts in the no-duplicate check",
                                        group=_READ)
    overboard_any_time: bool = rule(False, doc="PR-PASS-10: regular cargo may be thrown "
                                    "overboard at any time (not only to make room)",
                                    group=_READ)
    deliver_all_treasures: bool = rule(True, doc="PR-TREAS-06: every treasure held may be "
                                       "delivered from one space; False: one per space "
                                       "entered", group=_READ)
    roberto_treasure: str = rule("out", choices=("out", "returned"), doc="PR-TREAS-07: a "
                                 "treasure Roberto takes leaves the game, or goes back face "
                                 "down on its space", group=_READ)
    treasure_beside_roberto_anytime: bool = rule(False, doc="PR-TREAS-08: a boat next to "
                                                 "Roberto may deliver without having moved "
                                                 "there", group=_READ)
    treasure_discard: bool = rule(False, doc="PR-TREAS-10: a treasure may be discarded to "
                                  "make room (it leaves the game)", group=_READ)
    passive_items_at_once: bool = rule(True, doc="PR-ITEM-05: Cargo Upgrade and Fishing "
                                       "Gear work from the moment they are taken", group=_READ)
    discard_items_any_time: bool = rule(False, doc="PR-ITEM-08: an unused item may be "
                                        "discarded at any time on one's turn", group=_READ)
    maisy_item_gives_cargo: bool = rule(False, doc="PR-ITEM-MAISY-02: placing Maisy with "
                                        "the item gives a Cargo token at once", group=_READ)
    avoided_is_interaction: bool = rule(True, doc="PR-ITEM-SHARK-03, PR-ITEM-CANNON-01: "
                                        "Larry or Roberto avoided with an item counts as the "
                                        "turn's interaction", group=_READ)
    upgrade_discard_when_full: str = rule("shed", choices=("shed", "refuse"),
                                          doc="PR-ITEM-UPG-02: discarding the Cargo Upgrade "
                                          "with a full hold sheds a token, or is refused",
                                          group=_READ)
    gear_stacks: bool = rule(True, doc="PR-ITEM-GEAR-02: two Fishing Gears give +1 each",
                             group=_READ)
    dock_refill: str = rule("all_or_none", choices=("all_or_none", "any_number"),
                            doc="PR-END-06: the dock refill fills every empty space or none, "
                            "or any number", group=_READ)
    end_order: str = rule("quick_reference", choices=("quick_reference", "main_text"),
                          doc="PR-END-08: dock, Market, fishing (quick reference) or fishing, "
                          "dock, Market (main text); the row refill is last", group=_READ)
    assignment_check: str = rule("end", choices=("end", "any_time"), doc="PR-SCORE-07: "
                                 "assignments are checked on the final state, or after every "
                                 "turn (an objective once met stays met)", group=_READ)
    lower_ties_by_fish: bool = rule(False, doc="PR-TIE-05: ties below first place are "
                                    "broken by fish too", group=_READ)

    def validate(self) -> None:
        n = self.players
        if self.first_player >= n:
            raise RulesError("first_player", f"must be -1 or a seat below {n}, got {self.first_player}")
        if self.youngest_player >= n:
            raise RulesError("youngest_player", f"must be a seat below {n}, got {self.youngest_player}")
        if len(self.characters) < n or len(set(self.characters)) != len(self.characters):
            raise RulesError("characters", f"needs {n} different names, got {self.characters!r}")
        if self.upgraded_capacity < self.cargo_capacity:
            raise RulesError("upgraded_capacity", "must be at least cargo_capacity")
        if self.start_cargo > self.cargo_capacity:
            raise RulesError("start_cargo", "must fit in the hold (cargo_capacity)")
        colours = validate_board(self.board)
        if len(self.board.docks) < n and not self.shared_docks_at_setup:
            raise RulesError("board", f"{n} boats need {n} docks to start on, the board has "
                             f"{len(self.board.docks)} (or allow shared_docks_at_setup)")
        _validate_dice(self)
        names = {i.name: i for i in self.board.islands}
        ids = [c.id for c in self.delivery_cards]
        if len(set(ids)) != len(ids):
            raise RulesError("delivery_cards", "card ids must be unique")
        if len(self.delivery_cards) < self.row_size:
            raise RulesError("delivery_cards", f"needs at least row_size={self.row_size} cards")
        for i, c in enumerate(self.delivery_cards):
            at = f"delivery_cards[{i}]"
            if c.kind not in ("cargo", "passenger"):
                raise RulesError("delivery_cards", f"card {c.id}: kind must be cargo or passenger", path=at)
            if c.island not in names:
                raise RulesError("delivery_cards", f"card {c.id}: no island called {c.island!r}", path=at)
            if c.kind == "passenger" and (c.destination not in names or c.destination == c.island):
                raise RulesError("delivery_cards", f"card {c.id}: a passenger needs another "
                                 f"island as destination, got {c.destination!r}", path=at)
            if c.kind == "cargo" and c.amount < 1:
                raise RulesError("delivery_cards", f"card {c.id}: a cargo card needs amount >= 1", path=at)
            if not c.colours or len(c.colours) > 2 or not set(c.colours) <= colours:
                raise RulesError("delivery_cards", f"card {c.id}: colours must be one or two "
                                 f"of {sorted(colours)}, got {c.colours!r}", path=at)
            if c.points < 0:
                raise RulesError("delivery_cards", f"card {c.id}: points must not be negative", path=at)
        bad = [k for k in self.item_cards if k not in ITEM_KINDS]
        if bad:
            raise RulesError("item_cards", f"unknown item kinds {bad}; kinds are {ITEM_KINDS}")
        if len(self.assignment_cards) < n * self.assignments_dealt:
            raise RulesError("assignment_cards", f"{n} players x {self.assignments_dealt} "
                             f"dealt needs {n * self.assignments_dealt} cards")
        aids = [a.id for a in self.assignment_cards]
        if len(set(aids)) != len(aids):
            raise RulesError("assignment_cards", "ids must be unique")
        for i, a in enumerate(self.assignment_cards):
            for half, o in (("top", a.top), ("bottom", a.bottom)):
                at = f"assignment_cards[{i}].{half}"
                if o.kind not in OBJECTIVE_KINDS:
                    raise RulesError("assignment_cards", f"{a.name}: unknown objective "
                                     f"{o.kind!r}; kinds are {OBJECTIVE_KINDS}", path=at)
                if o.kind == "colour" and o.colour not in colours:
                    raise RulesError("assignment_cards", f"{a.name}: no colour {o.colour!r}", path=at)
        if len(self.treasure_values) != len(self.board.treasure_spaces):
            raise RulesError("treasure_values", f"needs one value per treasure space "
                             f"({len(self.board.treasure_spaces)}), got {len(self.treasure_values)}")


def _validate_dice(r: Rules) -> None:
    for f in ("steady_die", "speedy_die"):
        d = getattr(r, f)
        if not all(isinstance(v, int) and not isinstance(v, bool) and v >= 0 for v in d.outcomes):
            raise RulesError(f, f"faces must be whole numbers >= 0, got {list(d.outcomes)}")
    for f, allowed in (("resource_die", RESOURCE_SYMBOLS), ("danger_die", DANGER_SYMBOLS)):
        d = getattr(r, f)
        if not set(d.outcomes) <= set(allowed):
            raise RulesError(f, f"faces must be among {allowed}, got {list(d.outcomes)}")
    if not all(isinstance(v, int) and not isinstance(v, bool) and v >= 0 for v in r.fish_die.outcomes):
        raise RulesError("fish_die", f"faces must be whole numbers >= 0, got {list(r.fish_die.outcomes)}")


def validate_board(b: Board) -> set[str]:
    """Check a board names everything the rules need (PR-SETUP-03); return its colours.

    Raises RulesError("board", reason) naming what is missing.
    """
    ids = [s.id for s in b.spaces]
    if ids != list(range(len(ids))):
        raise RulesError("board", "space ids must be 0, 1, 2, ... in order")
    n = len(ids)
    valid = set(ids)

    def need(cond, why):
        if not cond:
            raise RulesError("board", why)

    for a, c in b.edges:
        need(a in valid and c in valid and a != c, f"edge ({a}, {c}) joins unknown spaces")
    adj: dict[int, set] = {i: set() for i in ids}
    for a, c in b.edges:
        adj[a].add(c)
        adj[c].add(a)
    seen, todo = {0}, [0]
    while todo:
        v = todo.pop()
        for w in adj[v]:
            if w not in seen:
                seen.add(w)
                todo.append(w)
    need(len(seen) == n, "every space must be reachable along dotted lines")
    need(b.docks and set(b.docks) <= valid, "the board needs dock spaces (the inner ring)")
    docks = set(b.docks)
    for name in ("maisy_start", "larry_start", "roberto_start"):
        v = getattr(b, name)
        need(v in valid, f"{name} must be a space")
        need(v not in docks, f"{name} must not be a dock (characters never go there)")
    need(len({b.maisy_start, b.larry_start, b.roberto_start}) == 3,
         "the three characters need three different start spaces")
    need(b.fishing_spaces and set(b.fishing_spaces) <= valid, "the board needs fishing spaces")
    need(len(b.treasure_spaces) == 4 and set(b.treasure_spaces) <= valid,
         "the board needs 4 treasure spaces")
    need(b.islands, "the board needs islands")
    names = [i.name for i in b.islands]
    need(len(set(names)) == len(names), "island names must be unique")
    for i in b.islands:
        need(i.around and set(i.around) <= valid, f"island {i.name} needs spaces around it")
    markets = [i for i in b.islands if i.market]
    need(len(markets) == 4, "the board needs the 4 Market islands")
    for i in markets:
        need(i.market_spaces and set(i.market_spaces) <= set(i.around),
             f"Market island {i.name} needs marked spaces around it")
    colours = {i.colour for i in b.islands}
    need(len(colours) == 4, f"the islands need 4 colour groups, got {sorted(colours)}")
    return colours
