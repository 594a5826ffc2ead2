"""Hand-built positions for the Pebble Rock rule tests.

The tests never depend on the reconstructed board, cards or dice: they build a tiny board
(a path of 16 spaces) and their own cards and dice, and force every roll and draw through
the chance outcomes.

The tiny board (``tiny_board()``)::

    16 -+
        0 - 1 - 2 - 3 - 4 - 5 - 6 - 7 - 8 - 9 - 10 - 11 - 12 - 13 - 14 - 15
    17 -+
    D   D   D                f                          A    B    C   D/f

    spaces 0, 1, 16 and 17 are docks (16 and 17 only hang off 0, for 3-4 boats); 5 and 13 are fishing spaces; 7, 9, 14, 15 hold treasure;
    islands: Red Isle around 2, 3; Blue Isle around 3, 4 (space 3 surrounds both);
    Green Isle around 6; Yellow Isle around 8; Market islands Meerkat Mount (A, red)
    around and marked 10, Meerkat Market (B, blue) 11, Walrus Hut (C, green) 12 and
    Walrus Shack (D, yellow) 13.
"""
from __future__ import annotations

from collections import Counter

import tabletop_nb
from tabletop_nb import CHANCE
from tabletop_nb.core import Die
from tabletop_nb.games.pebble_rock import invariants
from tabletop_nb.games.pebble_rock.rules import (ITEM_KINDS, Assignment, Board, DeliveryCard,
                                                 Island, Landmark, Objective, Space)
from tabletop_nb.games.pebble_rock.state import Player, Secret, State, Table, Turn

__all__ = ["tiny_board", "cargo", "passenger", "game_with", "make_state", "run", "chance",
           "legal_types", "P", "DEFAULT_CARDS", "finish_setup", "end_turn", "quick_turn", "stops"]


def tiny_board(n: int = 18, edges=None, docks=(0, 1, 16, 17), fishing=(5, 13),
               treasure=(7, 9, 14, 15), starts=(14, 15, 9), islands=None) -> Board:
    """The path board (or the given edges) with every feature the rules need."""
    if edges is None:
        edges = tuple((i, i + 1) for i in range(15)) + ((0, 16), (0, 17))
    if islands is None:
        islands = (
            Island("Red Isle", "red", "inner", False, 0.0, 1.0, (2, 3)),
            Island("Blue Isle", "blue", "inner", False, 0.0, 1.0, (3, 4)),
            Island("Green Isle", "green", "inner", False, 0.0, 1.0, (6,)),
            Island("Yellow Isle", "yellow", "inner", False, 0.0, 1.0, (8,)),
            Island("Meerkat Mount", "red", "outer", True, 0.0, 1.0, (10,), "A", (10,)),
            Island("Meerkat Market", "blue", "outer", True, 0.0, 1.0, (11,), "B", (11,)),
            Island("Walrus Hut", "green", "outer", True, 0.0, 1.0, (12,), "C", (12,)),
            Island("Walrus Shack", "yellow", "outer", True, 0.0, 1.0, (13,), "D", (13,)),
        )
    return Board(spaces=tuple(Space(i, float(i), 0.0) for i in range(n)), edges=tuple(edges),
                 islands=tuple(islands), landmarks=(Landmark("Watcher's Rest", 0.0, -1.0, (14,)),),
                 docks=tuple(docks), fishing_spaces=tuple(fishing),
                 treasure_spaces=tuple(treasure), maisy_start=starts[0], larry_start=starts[1],
                 roberto_start=starts[2])


def cargo(cid: int, island: str, amount: int, points: int, colours=None) -> DeliveryCard:
    col = colours or ({"Red": "red", "Blue": "blue", "Green": "green", "Yellow": "yellow",
                       "Meerkat Mount": "red", "Meerkat Market": "blue", "Walrus Hut": "green",
                       "Walrus Shack": "yellow"}.get(island.split()[0] if "Isle" in island else island),)
    return DeliveryCard(cid, "cargo", island, "", amount, points, tuple(col))


def passenger(cid: int, island: str, dest: str, points: int, colours=("red",)) -> DeliveryCard:
    return DeliveryCard(cid, "passenger", island, dest, 0, points, tuple(colours))


DEFAULT_CARDS = (
    cargo(1, "Red Isle", 2, 6), cargo(2, "Blue Isle", 2, 6), cargo(3, "Green Isle", 1, 3),
    cargo(4, "Yellow Isle", 3, 9), cargo(5, "Meerkat Mount", 2, 7), cargo(6, "Walrus Hut", 4, 13),
    passenger(7, "Green Isle", "Yellow Isle", 5, ("green", "yellow")),
    passenger(8, "Red Isle", "Green Isle", 4, ("red", "green")),
    cargo(9, "Red Isle", 1, 3), cargo(10, "Green Isle", 3, 9),
)

DEFAULT_ASSIGNMENTS = tuple(
    Assignment(i, f"A{i}", Objective("cards", 1, 5), Objective("cards", 3, 10)) for i in range(1, 11))

# dice whose faces tests can rely on
STEADY = Die([1, 2, 3, 4, 5, 6], name="steady")
SPEEDY = Die([2, 4, 6, 8, 10, 12], name="speedy")
RESOURCE = Die(["fish", "maisy", "winds", "blank", "blank", "blank"], name="resource")
DANGER = Die(["larry", "roberto", "jetstream", "blank", "blank", "blank"], name="danger")
FISH = Die([0, 1, 2, 3], name="fish")


def game_with(players: int = 2, board: Board | None = None, cards=DEFAULT_CARDS, **rules):
    """A game on the tiny board with the test cards and dice (rules may override any)."""
    opts = dict(board=board or tiny_board(), delivery_cards=tuple(cards),
                assignment_cards=DEFAULT_ASSIGNMENTS, steady_die=STEADY, speedy_die=SPEEDY,
                resource_die=RESOURCE, danger_die=DANGER, fish_die=FISH)
    opts.update(rules)
    return tabletop_nb.load_game("pebble_rock", players=players, **opts)


def P(score=0, fish=3, cargo=4, **kw) -> Player:
    """A player board (defaults: score 0, 3 fish, 4 cargo)."""
    return Player(score=score, fish=fish, cargo=cargo, **kw)


def make_state(game, *, players=None, boats=None, chars=None, jets=(), row=(), market=None,
               phase="move", seat=0, round=1, first=0, steps=0, moved=0, turn=None, todo=(),
               treasure_spaces=None, hidden_values=None, deck=None, item_discard=None,
               secret=None, lost_cards=(), treasures_gone=0, check=True) -> State:
    """A state in the middle of a game, consistent with the game's components.

    Cards not in the row, a hand or ``lost_cards`` are in the deck; items not in the
    Market or a hand are in the item deck. A position a person could see at the table
    (at the dice choice or moving, nothing queued) is built by ``game.position``, which
    validates it; only queued steps, a custom turn or ``check=False`` build the state
    directly.
    """
    r = game.rules
    if (check and not todo and turn is None and deck is None and hidden_values is None
            and secret is None and (phase == "move" or phase == "choose" and not steps + moved)):
        players = list(players or [P() for _ in range(r.players)])
        kw = dict(boats=boats if boats is not None else [0] + [1 + i for i in range(r.players - 1)],
                  scores=[p.score for p in players], fish=[p.fish for p in players],
                  cargo=[p.cargo for p in players], passengers=[p.passengers for p in players],
                  treasures=[p.treasures for p in players], items=[p.items for p in players],
                  completed=[p.completed for p in players],
                  treasure_values=[p.treasure_values for p in players],
                  lighthouse=[p.lighthouse for p in players], jetstreams=jets, row=row,
                  market=market or (), lost_cards=lost_cards, treasures_gone=treasures_gone,
                  round=round, seat=seat, first=first, step=phase)
        if chars is not None:
            kw["characters"] = dict(zip(("maisy", "larry", "roberto"), chars))
        if treasure_spaces is not None:
            kw["treasure_spaces"] = treasure_spaces
        if item_discard is not None:
            kw["item_discard"] = [k for k, m in zip(ITEM_KINDS, item_discard) for _ in range(m)]
        if phase == "move":
            kw.update(movement=steps, moved=moved)
        return game.position(**kw)
    n = r.players
    players = tuple(players or [P() for _ in range(n)])
    boats = tuple(boats if boats is not None else [0] + [1 + i for i in range(n - 1)])
    chars = tuple(chars if chars is not None else (r.board.maisy_start, r.board.larry_start,
                                                   r.board.roberto_start))
    row = tuple(row) + (0,) * (r.row_size - len(row))
    if deck is None:
        used = {c for c in row if c} | set(lost_cards)
        for p in players:
            used |= set(p.passengers) | set(p.completed)
        deck = tuple(sorted(c.id for c in r.delivery_cards if c.id not in used))
    market = tuple(market if market is not None else ("",) * r.market_size)
    market = market + ("",) * (r.market_size - len(market))
    have = Counter(r.item_cards)
    have.subtract(k for k in market if k)
    for p in players:
        have.subtract(p.items)
    discard = tuple(item_discard or (0,) * len(ITEM_KINDS))
    for i, k in enumerate(ITEM_KINDS):
        have[k] -= discard[i]
    item_deck = tuple(have[k] for k in ITEM_KINDS)
    assert min(item_deck) >= 0, f"more items in play than the deck has: {item_deck}"
    if treasure_spaces is None:
        held = [t for p in players for t in p.treasures]
        treasure_spaces = frozenset(r.board.treasure_spaces) - set(held)
    if hidden_values is None:
        vals = list(r.treasure_values)
        for p in players:
            for v in p.treasure_values:
                vals.remove(v)
        hidden_values = tuple(sorted(vals))
    table = Table(row=row, deck=tuple(deck), lost_cards=tuple(lost_cards), item_deck=item_deck,
                  item_discard=discard, market=market, treasure_spaces=frozenset(treasure_spaces),
                  hidden_values=tuple(hidden_values), treasures_gone=treasures_gone)
    if secret is None:
        secret = tuple(Secret(offer=(2 * i + 1, 2 * i + 2), card=2 * i + 1) for i in range(n))
    turns = (round - 1) * n + (seat - first) % n
    s = State(players=players, boats=boats, chars=chars, jets=frozenset(jets), table=table,
              secret=tuple(secret), round=round, seat=seat, first=first, turns=turns,
              phase=phase, todo=tuple(todo), turn=turn or Turn(choice="steady", roll=steps),
              steps=steps, moved=moved)
    if check:
        bad = [b for b in invariants(game, s) if not b.startswith("PR-INV-04")
               or phase != "move"]
        assert not bad, bad
    return s


def run(game, s, *actions, check=True):
    """Apply actions (decisions and chance outcomes) through ``game.apply``, checking
    legality and, with ``check``, the invariants after each one."""
    for a in actions:
        s = game.apply(s, a)
        if check:
            bad = invariants(game, s)
            assert not bad, bad
    return s


def chance(game, s) -> dict:
    """The chance outcomes of a state as {action: probability}."""
    assert game.current_player(s) == CHANCE, game.current_player(s)
    return dict(game.chance_outcomes(s))


def legal_types(game, s) -> set:
    """The names of the action types that are legal."""
    return {type(a).__name__ for a in game.legal_actions(s)}


def finish_setup(game, s=None):
    """Play the setup with the first legal action and the first chance outcome each time."""
    s = game.initial_state() if s is None else s
    while s.phase == "setup":
        if game.current_player(s) == CHANCE:
            s = game.apply(s, game.chance_outcomes(s)[0][0])
        else:
            s = game.apply(s, game.legal_actions(s)[0])
    return s


def end_turn(game, s, start=None):
    """From the end of a move (or any point of the end of turn), decline every end-of-turn
    choice and take the first chance outcome, until turn ``start`` (default: the current
    one) is over (or the game ends)."""
    from tabletop_nb.games.pebble_rock.state import Decline, KeepRoll
    start = s.turns if start is None else start
    while s.turns == start and s.phase != "over":
        if game.current_player(s) == CHANCE:
            s = game.apply(s, game.chance_outcomes(s)[0][0])
            continue
        legal = game.legal_actions(s)
        pick = next((a for a in legal if isinstance(a, (Decline, KeepRoll))), legal[0])
        s = game.apply(s, pick)
    return s


def quick_turn(game, s, move=1, symbol="blank"):
    """A whole turn: Steady + Resource, the roll forced to (move, symbol), stop at once."""
    from tabletop_nb.games.pebble_rock.state import ChooseDice, Roll, Stop
    start = s.turns
    s = run(game, s, ChooseDice("steady"), Roll(move, symbol))
    s = run(game, s, Stop())
    return end_turn(game, s, start)


def stops(game, s, limit=2000):
    """Every space where the moving boat could end its move from ``s`` by steps alone
    (no chance node may come up on the way), found by searching the step actions."""
    from tabletop_nb.games.pebble_rock.state import Step, Stop
    seen, todo, ends = {s}, [s], set()
    while todo:
        x = todo.pop()
        assert game.current_player(x) == x.seat, "a chance node or decision came up"
        legal = game.legal_actions(x)
        if Stop() in legal:
            ends.add(x.boats[x.seat])
        for a in legal:
            if isinstance(a, Step):
                y = game.apply(x, a)
                key = y
                if key not in seen:
                    seen.add(key)
                    todo.append(y)
                    assert len(seen) < limit
    return ends
