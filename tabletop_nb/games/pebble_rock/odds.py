"""Exact odds of Pebble Rock's dice: "which dice should I roll?"

Everything here is exact (``fractions.Fraction``), computed from the game's own dice (a
designer who changes a die face sees the new odds at once):

* :func:`movement` - the movement for each dice choice, Winds doubling included;
* :func:`reach` - how far a boat can get this turn: the movement plus the fish it may
  spend, after the Resource fish or Larry's theft;
* :func:`reach_probability` and :func:`reach_map` - the chance of reaching a given space
  (or every space: a heat map on the board) this turn from a given position;
* :func:`larry_loss` and :func:`expected_fish_lost` - what Larry costs.

The reach odds assume what the rules let a player arrange: the boat walks a shortest
route, characters met on the way are already behind it, no jetstream token lies on the
route (a jetstream only adds movement, so these odds are a lower bound then), and the
target space is free to stop on.

Examples
--------
>>> import tabletop_nb
>>> from tabletop_nb.games.pebble_rock import odds
>>> game = tabletop_nb.load_game("pebble_rock", players=4)
>>> odds.movement(game, "steady").mean > game.rules.steady_die.mean  # Winds helps
True
"""
from __future__ import annotations

from fractions import Fraction
from typing import Iterable

from ...core import Die
from . import analysis
from .engine import items
from .engine.movement import die_movement

__all__ = ["CHOICES", "movement", "reach", "reach_probability", "reach_map", "larry_loss",
           "expected_fish_lost", "choice_table", "played_reach"]

#: the three dice choices (catch-up only for the player alone in last place)
CHOICES = ("steady", "speedy", "catch_up")


def _dice(game, choice: str) -> tuple[Die, Die]:
    if choice not in CHOICES:
        raise ValueError(f"choice must be one of {CHOICES}, got {choice!r}")
    return game.move_die[choice], game.symbol_die[choice]


def movement(game, choice: str) -> Die:
    """The movement die's result for a dice choice, doubled on Winds.

    Parameters
    ----------
    game : PebbleRockGame
        A Pebble Rock game (its rules give the dice).
    choice : str
        The dice choice: ``"steady"``, ``"speedy"`` or ``"catch_up"``.

    Returns
    -------
    Die
        The spaces the dice give (before fish and jetstreams).

    Examples
    --------
    >>> import tabletop_nb
    >>> game = tabletop_nb.load_game("pebble_rock", players=2)
    >>> sum(movement(game, "speedy").pmf.values())
    Fraction(1, 1)
    """
    move, sym = _dice(game, choice)
    return Die.joint(move, sym).map(lambda ms: die_movement(ms[0], ms[1]),
                                    name=f"{choice} movement")


def reach(game, choice: str, fish: int = 0, gear: int = 0) -> Die:
    """How many spaces a boat can cover this turn: movement plus the fish it holds when it
    moves (after a Resource fish gain, with ``gear`` Fishing Gears, or Larry's theft).

    Under ``winds_doubles="all"`` a fish buys two spaces when Winds is rolled.

    Parameters
    ----------
    game : PebbleRockGame
        A Pebble Rock game (its rules give the dice).
    choice : str
        The dice choice: ``"steady"``, ``"speedy"`` or ``"catch_up"``.
    fish : int, default 0
        Fish held when the boat moves; each buys a space.
    gear : int, default 0
        Fishing Gears held (+1 fish on a Resource fish roll).

    Returns
    -------
    Die
        The spaces the boat can cover.

    Examples
    --------
    >>> import tabletop_nb
    >>> game = tabletop_nb.load_game("pebble_rock", players=2)
    >>> reach(game, "steady", fish=2).prob(lambda r: r >= 2)
    Fraction(1, 1)
    """
    r = game.rules
    move, sym = _dice(game, choice)
    bonus = items.gears_bonus(game, gear)
    weights: dict = {}
    fish_die = r.fish_die
    for (m, s), p in Die.joint(move, sym).pmf.items():
        per_fish = analysis.winds_factor(game, s, "fish")
        steps = die_movement(m, s)
        if s == "fish":
            outs = [(steps + (fish + v + bonus) * per_fish, q) for v, q in fish_die.pmf.items()]
        elif s == "larry":
            outs = [(steps + max(0, fish - v) * per_fish, q) for v, q in fish_die.pmf.items()]
        else:
            outs = [(steps + fish * per_fish, Fraction(1))]
        for v, q in outs:
            weights[v] = weights.get(v, 0) + p * q
    return Die.from_pmf(dict(sorted(weights.items())), name=f"{choice} reach")


def _distance(game, start: int, target: int) -> int:
    return game.info.dist[start][target]


def reach_probability(game, start: int, target: int, choice: str, fish: int = 0,
                      gear: int = 0) -> Fraction:
    """The exact chance that a boat on ``start`` can end its move on ``target`` this turn.

    Parameters
    ----------
    game : PebbleRockGame
        A Pebble Rock game (its rules give the dice).
    start, target : int
        The boat's space and the space it should end its move on.
    choice : str
        The dice choice: ``"steady"``, ``"speedy"`` or ``"catch_up"``.
    fish : int, default 0
        Fish held when the boat moves; each buys a space.
    gear : int, default 0
        Fishing Gears held (+1 fish on a Resource fish roll).

    Returns
    -------
    Fraction
        The exact chance (boats and characters in the way are not counted; see :func:`played_reach`).

    Examples
    --------
    >>> import tabletop_nb
    >>> game = tabletop_nb.load_game("pebble_rock", players=2)
    >>> reach_probability(game, 10, 10, "speedy")
    Fraction(1, 1)
    """
    d = _distance(game, start, target)
    if d <= 0:
        return Fraction(1)
    return reach(game, choice, fish, gear).at_least(d)


def reach_map(game, start: int, choice: str, fish: int = 0, gear: int = 0,
              blocked: Iterable[int] = ()) -> dict[int, Fraction]:
    """The chance of reaching each space this turn (a heat map); ``blocked`` spaces (other
    boats, characters: no stopping there) get 0.

    Parameters
    ----------
    game : PebbleRockGame
        A Pebble Rock game (its rules give the dice).
    start : int
        The boat's space.
    choice : str
        The dice choice: ``"steady"``, ``"speedy"`` or ``"catch_up"``.
    fish : int, default 0
        Fish held when the boat moves; each buys a space.
    gear : int, default 0
        Fishing Gears held (+1 fish on a Resource fish roll).
    blocked : iterable of int, default ()
        Spaces the boat may not stop on (other boats, characters).

    Returns
    -------
    dict
        ``{space: Fraction}`` for every space of the board.

    Examples
    --------
    >>> import tabletop_nb
    >>> game = tabletop_nb.load_game("pebble_rock", players=2)
    >>> m = reach_map(game, 38, "steady")
    >>> m[38], len(m) == game.info.n
    (Fraction(1, 1), True)
    """
    r = reach(game, choice, fish, gear)
    outs = r.outcomes
    tail: dict[int, Fraction] = {}
    acc = Fraction(0)
    for v in reversed(outs):
        acc += r.pmf[v]
        tail[v] = acc

    def at_least(d: int) -> Fraction:
        if d <= 0:
            return Fraction(1)
        best = [v for v in outs if v >= d]
        return tail[best[0]] if best else Fraction(0)

    blocked = set(blocked)
    dist = game.info.dist[start]
    return {sp: (Fraction(0) if sp in blocked and sp != start else at_least(dist[sp]))
            for sp in range(game.info.n)}


def larry_loss(game, fish: int) -> Die:
    """Fish lost when Larry strikes a player holding ``fish`` (never below 0).

    Parameters
    ----------
    game : PebbleRockGame
        A Pebble Rock game (its rules give the dice).
    fish : int
        The fish held.

    Returns
    -------
    Die
        The fish lost: the Fish die, capped at ``fish``.

    Examples
    --------
    >>> import tabletop_nb
    >>> game = tabletop_nb.load_game("pebble_rock", players=2)
    >>> larry_loss(game, 0).pmf[0]
    Fraction(1, 1)
    """
    return game.rules.fish_die.map(lambda v: min(fish, v), name="fish lost to Larry")


def expected_fish_lost(game, choice: str, fish: int) -> Fraction:
    """Expected fish lost to Larry's symbol this turn (before any pass through his space).

    Parameters
    ----------
    game : PebbleRockGame
        A Pebble Rock game (its rules give the dice).
    choice : str
        The dice choice: ``"steady"``, ``"speedy"`` or ``"catch_up"``.
    fish : int
        The fish held.

    Returns
    -------
    Fraction
        The mean fish lost (only the Danger die brings Larry's symbol).

    Examples
    --------
    >>> import tabletop_nb
    >>> game = tabletop_nb.load_game("pebble_rock", players=2)
    >>> expected_fish_lost(game, "steady", 5)
    Fraction(0, 1)
    """
    _, sym = _dice(game, choice)
    return sym.prob("larry") * larry_loss(game, fish).mean


def choice_table(game, fish: int = 3) -> list[dict]:
    """One row per dice choice: mean and spread of movement and reach, and what the symbol
    die brings, for a player holding ``fish`` (for the notebook's comparison).

    Parameters
    ----------
    game : PebbleRockGame
        A Pebble Rock game (its rules give the dice).
    fish : int, default 3
        The fish held.

    Returns
    -------
    list of dict
        One row per dice choice, with the keys ``"choice"``, ``"mean movement"``,
        ``"P(movement >= 6)"``, ``"mean reach with fish"``, ``"expected fish gained"``,
        ``"P(Maisy's cargo)"``, ``"expected fish lost to Larry"``, ``"P(Roberto)"`` and
        ``"P(jetstream token)"``.

    Examples
    --------
    >>> import tabletop_nb
    >>> game = tabletop_nb.load_game("pebble_rock", players=2)
    >>> rows = choice_table(game)
    >>> [(r["choice"], r["mean movement"]) for r in rows]
    [('steady', Fraction(7, 2)), ('speedy', ...), ('catch_up', ...)]
    """
    rows = []
    fish_die = game.rules.fish_die
    for ch in CHOICES:
        mv = movement(game, ch)
        rc = reach(game, ch, fish)
        _, sym = _dice(game, ch)
        rows.append({
            "choice": ch,
            "mean movement": mv.mean,
            "P(movement >= 6)": mv.at_least(6),
            "mean reach with fish": rc.mean,
            "expected fish gained": sym.prob("fish") * fish_die.mean,
            "P(Maisy's cargo)": sym.prob("maisy"),
            "expected fish lost to Larry": expected_fish_lost(game, ch, fish),
            "P(Roberto)": sym.prob("roberto"),
            "P(jetstream token)": sym.prob("jetstream"),
        })
    return rows


def played_reach(game, state, target: int, choice: str, trials: int = 2000, rng=None) -> float:
    """Play the turn through the engine ``trials`` times: how often the boat of the player
    to act ends on ``target``.

    The player chooses the dice, the dice are rolled (chance nodes, sampled), a character
    the symbol moves goes as far from the target as it may, and the boat sails a shortest
    route, spending fish when the roll runs out. This checks :func:`reach_probability` by
    simulation: it uses the rules engine, not the formulas above.

    ``state`` is a position where the player to act chooses their dice; ``rng`` is
    anything ``numpy.random.default_rng`` accepts.

    Parameters
    ----------
    game : PebbleRockGame
        A Pebble Rock game (its rules give the dice).
    state : State
        A position where the player to act chooses their dice (``game.position(...)``).
    target : int
        The space the boat should end on.
    choice : str
        The dice choice: ``"steady"``, ``"speedy"`` or ``"catch_up"``.
    trials : int, default 2000
        Turns played.
    rng : optional
        Anything ``numpy.random.default_rng`` accepts.

    Returns
    -------
    float
        The share of the turns that ended on ``target``.

    Examples
    --------
    >>> import tabletop_nb
    >>> game = tabletop_nb.load_game("pebble_rock", players=2)
    >>> start = game.info.docks_sorted[0]
    >>> s = game.position(boats=[start, game.info.docks_sorted[-1]], fish=[0, 3])
    >>> target = next(x for x in range(game.info.n) if game.info.dist[start][x] == 2)
    >>> played_reach(game, s, target, "speedy", trials=100, rng=1) > 0.8 < reach_probability(game, start, target, "speedy")
    True
    """
    import numpy as np

    from ...core.protocol import CHANCE
    from .state import ChooseDice, Step

    rng = np.random.default_rng(rng)
    seat = game.current_player(state)
    dist = game.info.dist
    to_target = [dist[x][target] for x in range(game.info.n)]
    hits = 0
    for _ in range(trials):
        s = game.apply(state, ChooseDice(choice))
        while s.phase != "move" or s.todo:  # roll and resolve the symbol
            if game.current_player(s) == CHANCE:
                s = game.apply_trusted(s, game.sample_chance(s, rng))
            else:
                s = game.apply_trusted(s, max(game.legal_actions(s),
                                              key=lambda a: to_target[getattr(a, "space", 0)]))
        while s.boats[seat] != target:
            here = to_target[s.boats[seat]]
            nxt = [a for a in game.legal_actions(s) if isinstance(a, Step) and to_target[a.to] < here]
            if not nxt:
                break
            s = game.apply_trusted(s, nxt[0])
        hits += s.boats[seat] == target
    return hits / trials
