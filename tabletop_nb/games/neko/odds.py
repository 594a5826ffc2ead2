"""Exact odds for A Pleasant Journey to Neko, from the rules' own die and reward chart.

Every function returns exact :class:`~fractions.Fraction` probabilities or a
:class:`~tabletop_nb.Die` (an exact distribution), and assumes the dice in question are
independent rolls of ``rules.die`` (true of a roll, a reroll and of a hand before anyone
has picked from it; after a draft the dice are chosen, and these odds are the baseline a
player's choices move away from).

* :func:`lowest_die` and :func:`reward_options`: the lowest of your dice, and so the set of
  rewards you may choose at Get Rewards (NK-RWD-03).
* :func:`dice_total` and :func:`turn_order_place`: your dice total, and so your place in the
  next turn order, ties going to the earlier previous place (NK-TO-04).
* :func:`reach_chance` and :func:`any_die_reaches`: the chance that a reroll (or a fresh
  die) shows a needed value, or one you can reach with ``fuel`` +/-1 steps (NK-FA-15).

Examples
--------
>>> import tabletop_nb
>>> rules = tabletop_nb.load_game("neko", players=4).rules
>>> lowest_die(rules, 5).prob(1)            # a 1 among five dice: every reward is yours
Fraction(4651, 7776)
>>> reach_chance(rules, {1}, fuel=1)        # reroll, then at most one fuel: 6, 1 or 2
Fraction(1, 2)
"""
from __future__ import annotations

from fractions import Fraction
from typing import Iterable

from ...core.dice import Die
from . import analysis

__all__ = ["lowest_die", "reward_options", "reward_chance", "dice_total", "turn_order_place",
           "first_player_chance", "steps", "reach_chance", "any_die_reaches"]


def lowest_die(rules, n: int = 5) -> Die:
    """The lowest of ``n`` independent dice.

    Parameters
    ----------
    rules : Rules
        The game's rules (the die faces, the reward chart).
    n : int, default 5
        The dice rolled (a player holds 5 after income, NK-INC-03).

    Returns
    -------
    Die
        The lowest value's distribution, which decides the rewards open at Get Rewards (NK-RWD-01).

    Examples
    --------
    >>> import tabletop_nb
    >>> lowest_die(tabletop_nb.load_game("neko").rules, 2).prob(1)
    Fraction(11, 36)
    """
    return rules.die.lowest(n).named(f"lowest of {n}")


def _options(rules, low: int) -> frozenset:
    return frozenset(r.reward for r in rules.reward_chart if analysis.reward_open(r.level, low))


def reward_options(rules, n: int = 5) -> Die:
    """The set of rewards open to a player whose ``n`` dice are random (a Die over frozensets).

    Parameters
    ----------
    rules : Rules
        The game's rules (the die faces, the reward chart).
    n : int, default 5
        The dice rolled.

    Returns
    -------
    Die
        Over frozensets of ``REWARDS`` names (NK-RWD-03).

    Examples
    --------
    >>> import tabletop_nb
    >>> d = reward_options(tabletop_nb.load_game("neko").rules, 5)
    >>> d.prob(frozenset({"coins"}))           # all five dice show 6
    Fraction(1, 7776)
    """
    return lowest_die(rules, n).map(lambda low: _options(rules, low), name="reward options")


def reward_chance(rules, reward: str, n: int = 5) -> Fraction:
    """The chance that ``reward`` is among your options at Get Rewards.

    Parameters
    ----------
    rules : Rules
        The game's rules (the die faces, the reward chart).
    reward : str
        One of ``REWARDS``.
    n : int, default 5
        The dice rolled.

    Returns
    -------
    Fraction
        The exact chance.

    Examples
    --------
    >>> import tabletop_nb
    >>> reward_chance(tabletop_nb.load_game("neko").rules, "card", 5)   # needs a 1
    Fraction(4651, 7776)
    """
    return reward_options(rules, n).prob(lambda opts: reward in opts)


def dice_total(rules, n: int = 5) -> Die:
    """The total of ``n`` independent dice (what Set Turn Order compares).

    Parameters
    ----------
    rules : Rules
        The game's rules (the die faces, the reward chart).
    n : int, default 5
        The dice rolled.

    Returns
    -------
    Die
        The total's distribution (NK-TO-02).

    Examples
    --------
    >>> import tabletop_nb
    >>> dice_total(tabletop_nb.load_game("neko").rules, 5).mean
    Fraction(35, 2)
    """
    return rules.die.total(n).named(f"total of {n}")


def turn_order_place(rules, my_total: int | None = None, previous: int = 0, n: int = 5,
                     players: int | None = None) -> Die:
    """Your place (1 = first) in the new turn order.

    Parameters
    ----------
    my_total : int, optional
        Your dice total; None for a random one (your ``n`` dice rolled too).
    previous : int
        Your place in the previous turn order, counting from 0: the players before you win
        ties against you, the ones after you lose them (NK-TO-04).
    n : int
        Dice each opponent holds (independent rolls).
    players : int, optional
        Seats at the table; the rules' player count by default.

    >>> import tabletop_nb
    >>> rules = tabletop_nb.load_game("neko", players=2).rules
    >>> turn_order_place(rules, 30, previous=1).prob(1)    # 30 is the most five dice show
    Fraction(7775, 7776)
    """
    players = players or rules.players
    others = dice_total(rules, n)
    if my_total is None:
        out: dict = {}
        for t, pt in dice_total(rules, n).pmf.items():
            for place, pp in turn_order_place(rules, t, previous, n, players).pmf.items():
                out[place] = out.get(place, 0) + pt * pp
        return Die.from_pmf(dict(sorted(out.items())), name="turn-order place")
    beat = others.prob(lambda v: v > my_total)
    tie = others.prob(my_total)
    dist = {0: Fraction(1)}               # how many opponents end up ahead of you
    for k in range(players - 1):
        earlier = k < previous             # opponent k sat before you in the previous order
        q = beat + (tie if earlier else 0)
        nxt: dict = {}
        for ahead, pr in dist.items():
            nxt[ahead + 1] = nxt.get(ahead + 1, 0) + pr * q
            nxt[ahead] = nxt.get(ahead, 0) + pr * (1 - q)
        dist = nxt
    return Die.from_pmf({a + 1: pr for a, pr in sorted(dist.items()) if pr}, name="turn-order place")


def first_player_chance(rules, my_total: int | None = None, previous: int = 0, n: int = 5) -> Fraction:
    """The chance of becoming first player (and taking an interference tile, NK-TO-05).

    Parameters
    ----------
    rules : Rules
        The game's rules (the die faces, the reward chart).
    my_total : int, optional
        Your dice total; None for a random one.
    previous : int, default 0
        Your place in the previous turn order, from 0 (it breaks ties, NK-TO-04).
    n : int, default 5
        Dice each opponent holds.

    Returns
    -------
    Fraction
        The chance of being first: :func:`turn_order_place`'s chance of place 1.

    Examples
    --------
    >>> import tabletop_nb
    >>> rules = tabletop_nb.load_game("neko", players=2).rules
    >>> first_player_chance(rules, 30, previous=0)   # a tie at 30 goes to the earlier player: you
    Fraction(1, 1)
    """
    return turn_order_place(rules, my_total, previous, n).prob(1)


def steps(a: int, b: int) -> int:
    """+/-1 steps from ``a`` to ``b`` with 6 and 1 adjacent (NK-FA-15).

    Parameters
    ----------
    a, b : int
        Two die values, 1 to 6.

    Returns
    -------
    int
        The fuel free action f) needs to turn ``a`` into ``b``.

    Examples
    --------
    >>> steps(6, 1), steps(2, 5), steps(3, 3)
    (1, 3, 0)
    """
    if a not in range(1, 7) or b not in range(1, 7):
        raise ValueError(f"steps({a!r}, {b!r}): both must be die values 1 to 6")
    n, reach = 0, {a}
    while b not in reach:    # one more +/-1 adjustment each time, as the engine turns a die
        reach |= {analysis.adjusted(v, d) for v in reach for d in (1, -1)}
        n += 1
    return n


def reach_chance(rules, targets: Iterable[int], fuel: int = 0) -> Fraction:
    """The chance that one roll (a reroll, a fresh die) shows a value in ``targets`` or one
    that ``fuel`` +/-1 adjustments turn into one.

    Parameters
    ----------
    rules : Rules
        The game's rules (the die faces, the reward chart).
    targets : iterable of int
        The values wanted (a hub's multiplier, an activation space's values).
    fuel : int, default 0
        The +/-1 adjustments you can pay for (1 fuel each, NK-FA-15).

    Returns
    -------
    Fraction
        The exact chance.

    Examples
    --------
    >>> import tabletop_nb
    >>> r = tabletop_nb.load_game("neko").rules
    >>> reach_chance(r, {3}), reach_chance(r, {3}, fuel=2), reach_chance(r, {3}, fuel=3)
    (Fraction(1, 6), Fraction(5, 6), Fraction(1, 1))
    """
    targets = set(targets)
    return rules.die.prob(lambda v: min((steps(v, t) for t in targets), default=99) <= fuel)


def any_die_reaches(rules, targets: Iterable[int], n: int, fuel: int = 0) -> Fraction:
    """The chance that at least one of ``n`` fresh dice can be made a value in ``targets``
    with at most ``fuel`` adjustments.

    Parameters
    ----------
    rules : Rules
        The game's rules (the die faces, the reward chart).
    targets : iterable of int
        The values wanted.
    n : int
        The fresh dice.
    fuel : int, default 0
        The adjustments you can pay for, in all.

    Returns
    -------
    Fraction
        The exact chance.

    Examples
    --------
    >>> import tabletop_nb
    >>> any_die_reaches(tabletop_nb.load_game("neko").rules, {1}, 5)
    Fraction(4651, 7776)
    """
    q = reach_chance(rules, targets, fuel)
    return 1 - (1 - q) ** n
