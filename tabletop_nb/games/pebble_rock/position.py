"""A Pebble Rock position built from what is on the table (``PebbleRockGame.position``).

A person describes the table: where the boats and the three characters are, what each
player has (score, fish, hold, items, completed cards, delivered treasures), the
Jetstream and Treasure tokens on the board, the Delivery row and the Market, the round,
whose turn it is and at which step of the turn ("choose": the dice are not chosen yet;
"move": the dice are rolled and resolved, the boat is moving; "end": the boat has
stopped and the end-of-turn steps follow). Everything not given takes the value it has
at the start of a game; every card, item and treasure not placed is where it would be
(the deck, the item deck, the board). An impossible position is refused with a
:class:`~tabletop_nb.core.errors.TabletopError` saying why, and nothing is built.
"""
from __future__ import annotations

from collections import Counter
from typing import Iterable, Mapping

from ...core.errors import TabletopError
from ...core.position import per_seat, refuse
from ._invariants import invariants
from .analysis import hold_room, occupied
from .engine.end_of_turn import end_of_turn
from .engine.movement import die_movement
from .engine.turn import run
from .rules import ITEM_KINDS
from .state import CHARACTERS, Player, Secret, State, Table, Turn, replace

__all__ = ["build_position", "STEPS"]

#: the steps of a turn a position may be at
STEPS = ("choose", "move", "end")


_refuse = refuse
_per_seat = per_seat


def _int(what: str, v, lo: int | None = None, hi: int | None = None) -> int:
    if type(v) is not int:
        _refuse(what, f"{v!r} is not a whole number")
    if lo is not None and v < lo:
        _refuse(what, f"{v} is below {lo}")
    if hi is not None and v > hi:
        _refuse(what, f"{v} is above {hi}")
    return v


def _read(game, *, boats: Iterable[int] | Mapping[int, int] | None = None,
                   characters: Mapping[str, int] | None = None,
                   scores=None, fish=None, cargo=None, passengers=None, treasures=None,
                   items=None, completed=None, treasure_values=None, lighthouse=None,
                   assignments=None, jetstreams: Iterable[int] = (),
                   treasure_spaces: Iterable[int] | None = None, treasures_gone: int = 0,
                   row: Iterable[int] = (), market: Iterable[str] = (),
                   item_discard: Iterable[str] = (), lost_cards: Iterable[int] = (),
                   round: int = 1, seat: int | None = None, first: int = 0,
                   step: str = "choose", dice: str = "steady", roll: int | None = None,
                   symbol: str = "blank", movement: int | None = None, moved: int = 0,
                   met: Iterable[str] = (), item_used: bool = False, fresh_item: str = "",
                   delivered: bool = False) -> tuple:
    r = game.rules
    info = game.info
    n = r.players
    nspaces = info.n

    def space(what: str, v) -> int:
        if type(v) is not int or not 0 <= v < nspaces:
            _refuse(what, f"{v!r} is not a space of the board (0..{nspaces - 1})")
        return v

    # -- turn ------------------------------------------------------------------------------
    round = _int("round", round, 1, r.rounds)
    first = _int("first", first, 0, n - 1)
    seat = first if seat is None else _int("seat", seat, 0, n - 1)
    if step not in STEPS:
        _refuse("step", f"{step!r} is not one of {', '.join(STEPS)}")

    # -- boats and characters --------------------------------------------------------------
    docks = info.docks_sorted
    if len(docks) >= n:
        at_docks = list(docks[:n])
    else:  # a board with fewer docks than boats: the boats must be given
        at_docks = [docks[0] if r.shared_docks_at_setup else None] * n
    if boats is None:
        boats = at_docks
    elif isinstance(boats, Mapping):
        boats = [b if b is not None else at_docks[q]
                 for q, b in enumerate(_per_seat("boats", boats, n, None))]
    boats = [space(f"boats[{q}]", b) for q, b in enumerate(_per_seat("boats", boats, n, None))]
    chars = [r.board.maisy_start, r.board.larry_start, r.board.roberto_start]
    if characters is not None and not isinstance(characters, Mapping):
        _refuse("characters", f"give {{name: space}}, not {characters!r}")
    for name, v in (characters or {}).items():
        if name not in CHARACTERS:
            _refuse("characters", f"no character {name!r} (they are {', '.join(CHARACTERS)})")
        chars[CHARACTERS.index(name)] = space(f"characters[{name!r}]", v)
    for who, v in zip(CHARACTERS, chars):
        if v in info.docks:
            _refuse("characters", f"{who} is on dock {v}; characters never stand on a dock")
    if len(set(chars)) < 3:
        _refuse("characters", f"two characters on one space: {dict(zip(CHARACTERS, chars))}")
    # the moving boat may be passing through a space it cannot stop on (PR-MOVE-04)
    passing = step == "move" and moved > 0
    for q, b in enumerate(boats):
        if b in chars and not (passing and q == seat):
            _refuse("boats", f"the boat of seat {q} is on space {b}, where "
                    f"{CHARACTERS[chars.index(b)]} is")
        for q2 in range(q):
            if boats[q2] == b and not (passing and seat in (q, q2)):
                if r.shared_docks_at_setup and b in info.docks:
                    continue  # PR-SETUP-09 (b): boats may share their start dock
                _refuse("boats", f"the boats of seats {q2} and {q} are both on space {b}, "
                        "which holds one")

    # -- cards, items and treasures in play ------------------------------------------------
    cards = game.cards
    row = list(row)
    if len(row) > r.row_size:
        _refuse("row", f"{len(row)} cards for {r.row_size} row slots")
    for c in row:
        if c and c not in cards:
            _refuse("row", f"no Delivery card {c!r}")
    row += [0] * (r.row_size - len(row))
    islands = [game.card_island[c] for c in row if c]
    if len(set(islands)) != len(islands):
        _refuse("row", "two row cards for one island (PR-REFILL-02)")
    market = list(market)
    if len(market) > r.market_size:
        _refuse("market", f"{len(market)} items for {r.market_size} Market slots")
    for k in market:
        if k and k not in ITEM_KINDS:
            _refuse("market", f"no item kind {k!r}")
    market += [""] * (r.market_size - len(market))

    start = dict(score=r.start_score, fish=r.start_fish, cargo=r.start_cargo)
    seats = []
    for q, (sc, fi, ca, pa, tr, it, co, tv, lh) in enumerate(zip(
            _per_seat("scores", scores, n, start["score"]), _per_seat("fish", fish, n, start["fish"]),
            _per_seat("cargo", cargo, n, start["cargo"]), _per_seat("passengers", passengers, n, ()),
            _per_seat("treasures", treasures, n, ()), _per_seat("items", items, n, ()),
            _per_seat("completed", completed, n, ()),
            _per_seat("treasure_values", treasure_values, n, ()),
            _per_seat("lighthouse", lighthouse, n, False))):
        it = tuple(it)
        for k in it:
            if k not in ITEM_KINDS:
                _refuse(f"items[{q}]", f"no item kind {k!r}")
        if len(it) > r.max_items:
            _refuse(f"items[{q}]", f"{len(it)} items for {r.max_items} Item slots (PR-ITEM-01)")
        pa = tuple(pa)
        for c in pa:
            if c not in cards or cards[c].kind != "passenger":
                _refuse(f"passengers[{q}]", f"{c!r} is not a passenger card")
        co = tuple(co)
        for c in co:
            if c not in cards:
                _refuse(f"completed[{q}]", f"no Delivery card {c!r}")
        tr = tuple(space(f"treasures[{q}]", t) for t in tr)
        for t in tr:
            if t not in info.treasure_spaces:
                _refuse(f"treasures[{q}]", f"space {t} is not a treasure space")
        if type(lh) is not bool:
            _refuse(f"lighthouse[{q}]", f"{lh!r} is not True or False")
        p = Player(score=_int(f"scores[{q}]", sc, 0), fish=_int(f"fish[{q}]", fi, 0),
                   cargo=_int(f"cargo[{q}]", ca, 0), passengers=pa, treasures=tr, items=it,
                   completed=co, treasure_values=tuple(_int(f"treasure_values[{q}]", v)
                                                       for v in tv), lighthouse=lh)
        seats.append(p)
    if sum(p.lighthouse for p in seats) > 1:
        _refuse("lighthouse", "there is one Lighthouse token")

    lost_cards = tuple(lost_cards)
    placed = [c for c in row if c] + list(lost_cards)
    for p in seats:
        placed += list(p.passengers) + list(p.completed)
    for c in lost_cards:
        if c not in cards:
            _refuse("lost_cards", f"no Delivery card {c!r}")
    twice = [c for c, k in Counter(placed).items() if k > 1]
    if twice:
        _refuse("cards", f"Delivery card {twice[0]} is in two places")
    deck = tuple(sorted(c.id for c in r.delivery_cards if c.id not in set(placed)))

    discard = list(item_discard)
    for k in discard:
        if k not in ITEM_KINDS:
            _refuse("item_discard", f"no item kind {k!r}")
    have = Counter(r.item_cards)
    used = Counter(k for k in market if k) + Counter(discard)
    for p in seats:
        used.update(p.items)
    for k, m in used.items():
        if m > have[k]:
            _refuse("items", f"{m} {k} cards in play; the game has {have[k]}")
    item_deck = tuple(have[k] - used[k] for k in ITEM_KINDS)
    discard_counts = tuple(discard.count(k) for k in ITEM_KINDS)

    held = [t for p in seats for t in p.treasures]
    if len(set(held)) != len(held):
        _refuse("treasures", "two players hold the treasure of one space")
    if treasure_spaces is None:
        treasure_spaces = info.treasure_spaces - set(held)
    treasure_spaces = frozenset(space("treasure_spaces", t) for t in treasure_spaces)
    if not treasure_spaces <= info.treasure_spaces:
        _refuse("treasure_spaces", f"{sorted(treasure_spaces - info.treasure_spaces)} "
                "are not treasure spaces")
    if treasure_spaces & set(held):
        _refuse("treasures", f"the treasure of space {min(treasure_spaces & set(held))} is "
                "both on the board and in a hold")
    hidden = Counter(r.treasure_values)
    for p in seats:
        hidden.subtract(p.treasure_values)
    if min(hidden.values(), default=0) < 0:
        _refuse("treasure_values", "more treasures of a value delivered than the game has")
    done = sum(len(p.treasure_values) for p in seats)
    treasures_gone = _int("treasures_gone", treasures_gone, 0)
    if len(treasure_spaces) + len(held) + done + treasures_gone != len(r.treasure_values):
        _refuse("treasures", f"{len(treasure_spaces)} on the board + {len(held)} held + {done} "
                f"delivered + {treasures_gone} gone is not the game's {len(r.treasure_values)}")
    jets = frozenset(space("jetstreams", j) for j in jetstreams)
    if len(jets) > r.jetstream_tokens:
        _refuse("jetstreams", f"{len(jets)} tokens; the game has {r.jetstream_tokens}")

    # -- assignments: seat q keeps the first of the two cards dealt to it -------------------
    ids = [a.id for a in r.assignment_cards]
    if assignments is None:
        if len(ids) < r.assignments_dealt * n:
            _refuse("assignments", "too few Assignment cards to deal: say which are kept")
        k = r.assignments_dealt
        secret = tuple(Secret(offer=tuple(ids[q * k:(q + 1) * k]), card=ids[q * k])
                       for q in range(n))
    else:
        kept: list[Secret] = []
        for q, a in enumerate(_per_seat("assignments", assignments, n, None)):
            offer = (a,) if type(a) is int else tuple(a or ())
            if not offer or any(c not in ids for c in offer):
                _refuse(f"assignments[{q}]", f"{a!r} is not an Assignment card (or cards: "
                        "the kept one first)")
            kept.append(Secret(offer=offer, card=offer[0]))
        secret = tuple(kept)
        dealt = [c for sec in secret for c in sec.offer]
        if len(set(dealt)) != len(dealt):
            _refuse("assignments", "one Assignment card dealt twice")

    # -- the step of the turn --------------------------------------------------------------
    if dice not in game.move_die:
        _refuse("dice", f"{dice!r} is not one of {', '.join(game.move_die)}")
    moved = _int("moved", moved, 0)
    if roll is not None:
        if roll not in game.move_die[dice].outcomes:
            _refuse("roll", f"{roll!r} is not a face of the {game.move_die[dice].name} die")
    if symbol not in game.symbol_die[dice].outcomes and not (step == "choose" and symbol == "blank"):
        _refuse("symbol", f"{symbol!r} is not a face of the {game.symbol_die[dice].name} die")
    if movement is None:
        movement = 0 if step != "move" or roll is None else max(
            0, die_movement(roll, symbol) - moved)
    movement = _int("movement", movement, 0)
    met_bits = 0
    for who in met:
        if who not in CHARACTERS:
            _refuse("met", f"no character {who!r}")
        met_bits |= 1 << CHARACTERS.index(who)
    if fresh_item and fresh_item not in seats[seat].items:
        _refuse("fresh_item", f"seat {seat} holds no {fresh_item!r} to have taken this turn")
    if step == "choose" and (moved or movement or met_bits or item_used or fresh_item or delivered):
        _refuse("step", "before the dice are chosen nothing has happened this turn")
    pos = boats[seat]
    if step == "choose":
        turn = Turn()
    else:
        turn = Turn(choice=dice, roll=roll if roll is not None else movement + moved,
                    symbol=symbol, met=met_bits, item_used=bool(item_used),
                    fresh_item=fresh_item, delivered=bool(delivered),
                    visited=frozenset() if r.revisit_spaces else frozenset((pos,)))
    turns = (round - 1) * n + (seat - first) % n
    table = Table(row=tuple(row), deck=deck, lost_cards=lost_cards, item_deck=item_deck,
                  item_discard=discard_counts, market=tuple(market),
                  treasure_spaces=treasure_spaces, hidden_values=tuple(sorted(hidden.elements())),
                  treasures_gone=treasures_gone)
    s = State(players=tuple(seats), boats=tuple(boats), chars=tuple(chars), jets=jets,
              table=table, secret=secret, round=round, seat=seat, first=first, turns=turns,
              phase="choose" if step == "choose" else "move", turn=turn, steps=movement,
              moved=moved)
    for q, p in enumerate(seats):
        # the hold's size is the capacity hook's (analysis.hold_room), a house rule's too
        room = hold_room(game, s, q)
        if room < 0:
            _refuse(f"cargo[{q}]", f"{p.cargo} cargo + {len(p.passengers)} passengers + "
                    f"{len(p.treasures)} treasures is more than the hold's {p.tokens + room} spaces")
    if dice == "catch_up" and step != "choose" and not (r.catch_up and game.alone_last(s, seat)):
        _refuse("dice", "catch-up dice are only for the player alone in last place (PR-DICE-03)")
    return s, step, pos


def build_position(game, **table) -> State:
    """Build and validate a position; see :meth:`PebbleRockGame.position` for the keywords.

    Parameters
    ----------
    game : Game
        The game.
    **table
        What is on the table, by keyword (see ``game.position``).

    Returns
    -------
    State
        The validated position.

    Examples
    --------
    >>> import tabletop_nb
    >>> g = tabletop_nb.load_game("pebble_rock", players=2)
    >>> build_position(g, cargo=[2, 4], round=3).players[0].cargo
    2
    """
    unknown = sorted(set(table) - _keywords())
    if unknown:
        _refuse("keywords", f"no keyword {', '.join(unknown)} (they are {', '.join(sorted(_keywords()))})")
    try:
        s, step, pos = _read(game, **table)
    except TabletopError:
        raise
    except (TypeError, ValueError, KeyError, IndexError, AttributeError) as err:
        raise TabletopError(f"impossible position: a keyword has the wrong shape ({err})") from err
    if step == "end":
        if pos in occupied(s, s.seat):
            _refuse("step", f"the boat of seat {s.seat} cannot stop on space {pos}")
        s = run(game, replace(s, phase="end", todo=end_of_turn(game, s, pos)))
    bad = invariants(game, s)
    if bad:
        _refuse("table", "; ".join(bad))
    return s


def _keywords() -> frozenset:
    import inspect
    return frozenset(inspect.signature(_read).parameters) - {"game"}
