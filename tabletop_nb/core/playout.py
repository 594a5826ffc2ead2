"""One game played from its seed: the seeds, the streams, the hot loop and the record.

Seeds follow SPEC 7: game ``i`` of a run with seed ``S`` is played from
``np.random.SeedSequence(S, spawn_key=(i,))``, whose children drive the dice (one stream)
and each seat's bot (one stream per seat). The entropy and spawn key are written in every
row, so any single game of a big run can be replayed alone, and variants of the rules
that play the same seeds see the same dice as far as their games agree.

Many games (jobs, progress, checkpoints) are :mod:`tabletop_nb.core.study`;
:mod:`tabletop_nb.core.runner` re-exports what is here beside ``simulate``.
"""
from __future__ import annotations

from typing import Any, NamedTuple

import numpy as np

from .bots import bot_name, resolve_bot
from .codec import to_plain
from .errors import HouseRuleError, IllegalActionError, TabletopError
from .hooks import _name
from .protocol import CHANCE, TERMINAL, BaseGame
from .record import GameRecord

__all__ = ["play", "seed_sequence", "game_seed", "seat_streams", "seat_bots", "play_state", "Playout",
           "game_record", "root_entropy"]


def seed_sequence(seed: Any = None) -> np.random.SeedSequence:
    """A SeedSequence from an int, None (fresh entropy) or a SeedSequence.

    Parameters
    ----------
    seed : int, None or numpy.random.SeedSequence
        A non-negative integer, None for fresh entropy, or a SeedSequence (returned as is).

    Returns
    -------
    numpy.random.SeedSequence

    Examples
    --------
    >>> seed_sequence(7).entropy
    7
    """
    if isinstance(seed, np.random.SeedSequence):
        return seed
    if seed is None or (isinstance(seed, (int, np.integer)) and not isinstance(seed, bool) and seed >= 0):
        return np.random.SeedSequence(None if seed is None else int(seed))
    raise TabletopError(f"a seed is a non-negative integer, None or a numpy SeedSequence, got {seed!r}")


def game_seed(seed: int, index: int) -> np.random.SeedSequence:
    """The seed of game ``index`` in a ``simulate(..., seed=seed)`` run.

    Parameters
    ----------
    seed : int
        The run's seed.
    index : int
        The game's number in the run (its ``game`` column).

    Returns
    -------
    numpy.random.SeedSequence
        Pass it to ``play(game, bots, seed=...)`` to replay that one game alone.

    Examples
    --------
    >>> game_seed(1, 3).spawn_key
    (3,)
    """
    return np.random.SeedSequence(seed, spawn_key=(index,))


def seat_streams(ss: np.random.SeedSequence, players: int):
    """The random streams of one game: (chance Generator, [one bot Generator per seat]).

    ``play``, ``simulate`` and GameApp all use these, so the same seed gives the same game
    wherever it is played.

    Parameters
    ----------
    ss : numpy.random.SeedSequence
        The game's seed.
    players : int
        The seat count.

    Returns
    -------
    tuple
        ``(chance Generator, [bot Generator per seat])``.

    Examples
    --------
    >>> import numpy as np
    >>> chance, bots = seat_streams(np.random.SeedSequence(1), 3)
    >>> again, _ = seat_streams(np.random.SeedSequence(1), 3)
    >>> len(bots), int(chance.integers(1000)) == int(again.integers(1000))   # same seed, same rolls
    (3, True)
    """
    # children built from (entropy, spawn_key) directly, so calling twice gives the same
    # streams (SeedSequence.spawn would count its calls)
    kids = [np.random.SeedSequence(ss.entropy, spawn_key=tuple(ss.spawn_key) + (k,))
            for k in range(players + 1)]
    return np.random.default_rng(kids[0]), [np.random.default_rng(k) for k in kids[1:]]


def seat_bots(game, bots) -> list:
    """One bot per seat: ``bots`` as given (a list, one per seat) or repeated (one for all).

    Parameters
    ----------
    game : Game
        The game (its seat count).
    bots : str, callable or list
        A bot name or callable for every seat, or a list with one per seat.

    Returns
    -------
    list
        One bot (name or callable) per seat, not yet resolved.

    Examples
    --------
    >>> import tabletop_nb
    >>> seat_bots(tabletop_nb.load_game("pacal", players=3), "greedy")
    ['greedy', 'greedy', 'greedy']
    """
    n = game.num_players
    if isinstance(bots, (str, bytes)) or callable(bots):
        specs = [bots] * n
    else:
        specs = list(bots)
        if len(specs) != n:
            raise TabletopError(f"{game.name} with {n} players needs {n} bots, got {len(specs)}")
    return specs


class Playout(NamedTuple):
    """What one played game leaves behind (see :func:`play_state`).

    Parameters
    ----------
    state : object
        The final state.
    actions : list or None
        Every action, chance outcomes included (None unless kept).
    decisions, chance : int
        How many decisions and chance outcomes were played.
    turns : int
        The game's turn count.
    history : list or None
        With ``track_scores``: the scores at the start of each turn, and at the end.

    Examples
    --------
    >>> import numpy as np, tabletop_nb
    >>> from tabletop_nb.core.bots import resolve_bot
    >>> game = tabletop_nb.load_game("pacal", players=2)
    >>> po = play_state(game, [resolve_bot(game, "random")] * 2, np.random.SeedSequence(1))
    >>> game.is_terminal(po.state), len(po.actions) == po.decisions + po.chance
    (True, True)
    """

    state: Any
    actions: list | None
    decisions: int
    chance: int
    turns: int
    history: list | None  # scores at the start of each turn, and at the end


def play_state(game, bots, ss: np.random.SeedSequence, keep_actions: bool = True,
               max_actions: int | None = None, track_scores: bool = False) -> Playout:
    """Play one game from ``ss``; return the final state and counts.

    This is the hot loop of every simulation: no records, no encoding, no copies. With
    ``track_scores`` the scores are taken at the start of every turn (for lead changes).

    Parameters
    ----------
    game : Game
        The game.
    bots : list of callable
        One bot per seat.
    ss : numpy.random.SeedSequence
        The game's seed (see :func:`seat_streams`).
    keep_actions : bool, default True
        Keep the list of actions (for a record).
    max_actions : int, optional
        A game still running after this many actions raises ``TabletopError`` (an engine
        that never ends); default: the game's ``max_actions``, else 100,000.
    track_scores : bool, default False
        Keep the scores at each turn's start in ``history``.

    Returns
    -------
    Playout
        The final state and counts.

    Examples
    --------
    >>> import numpy as np, tabletop_nb
    >>> from tabletop_nb.core.bots import resolve_bot
    >>> game = tabletop_nb.load_game("pacal", players=2)
    >>> po = play_state(game, [resolve_bot(game, "random")] * 2, np.random.SeedSequence(1),
    ...                 track_scores=True)
    >>> po.history[0], po.history[-1] == game.scores(po.state)
    ((0, 0), True)
    """
    specs = seat_bots(game, bots)
    funcs = [resolve_bot(game, b) for b in specs]
    trusted = [getattr(f, "trusted", False) for f in funcs]
    chance_rng, bot_rngs = seat_streams(ss, game.num_players)
    masked = type(game).observation is not BaseGame.observation
    limit: int = max_actions if max_actions else getattr(game, "max_actions", 100_000)
    current, sample, apply_trusted = game.current_player, game.sample_chance, game.apply_trusted
    actions: list | None = [] if keep_actions else None
    decisions = chance = turns = 0
    last = None
    history: list | None = [] if track_scores else None
    in_bot = False
    try:
        s = game.initial_state()
        while True:
            p = current(s)
            if p == TERMINAL:
                break
            if decisions + chance >= limit:
                raise _endless(game, limit, ss)
            if p == CHANCE:
                a = sample(s, chance_rng)
                s = apply_trusted(s, a)
                chance += 1
            else:
                view = game.observation(s, p) if masked else s
                in_bot = True  # (a bot's own error is not the house rule's)
                a = funcs[p](game, view, bot_rngs[p])
                in_bot = False
                if trusted[p]:
                    s = apply_trusted(s, a)
                else:
                    try:
                        s = game.apply(s, a)
                    except IllegalActionError as e:
                        raise IllegalActionError(a, e.legal, f"chosen by bot {bot_name(specs[p])!r} "
                                                 f"in seat {p}") from None
                decisions += 1
                if p != last:
                    turns += 1
                    last = p
                    if history is not None:
                        history.append(game.scores(s))
            if actions is not None:
                actions.append(a)
    except HouseRuleError as e:
        if e.game:
            raise
        raise e.in_game(_which_game(ss)).with_traceback(e.__traceback__) from None
    except (TabletopError, KeyboardInterrupt):
        raise
    except Exception as e:
        rule = None if in_bot else _house_rule(game)
        if rule is None:
            raise
        raise HouseRuleError(
            f"{game.name} under the house rule {rule} raised {type(e).__name__}: {e} (the "
            f"house rule is the likely cause; the traceback above ends where it happened)",
            hook="", owner=_name(type(game)), game=_which_game(ss)) from e
    counted = game.turn_count(s)
    if history is not None:
        history.append(game.scores(s))
    return Playout(s, actions, decisions, chance, turns if counted is None else counted, history)


def _meta(game: Any, turns: int, decisions: int, chance: int) -> dict:
    """A record's ``meta``: the counts and, for a house rule, its class and the digests of
    its methods (:func:`.hooks.class_identity`), so that replaying it on another class is
    refused with the reason."""
    meta: dict = {"turns": turns, "decisions": decisions, "chance": chance}
    from .hooks import class_identity
    ident = class_identity(game)
    if ident is not None:
        meta["house_rule"] = ident
    return meta


def _which_game(ss: np.random.SeedSequence) -> str:
    """A game of a run in words, with the call that replays it alone."""
    key = tuple(int(k) for k in ss.spawn_key)
    if len(key) == 1:
        return (f"game {key[0]} of the run with seed {ss.entropy}: replay it alone with "
                f"tabletop_nb.play(game, bots, seed=tabletop_nb.core.runner.game_seed({ss.entropy}, "
                f"{key[0]}))")
    if not key:
        return f"the game with seed {ss.entropy}: replay it with tabletop_nb.play(game, bots, seed={ss.entropy})"
    return (f"the game with seed {ss.entropy}, spawn key {key}: replay it with tabletop_nb.play("
            f"game, bots, seed=numpy.random.SeedSequence({ss.entropy}, spawn_key={key}))")


def _house_rule(game: Any) -> str | None:
    """``"Cls (overriding capacity, _i_meet)"`` when the game's class is a designer's
    subclass of a game (a class defined outside the package), else None."""
    cls = type(game)
    from .hooks import hooks, house_rule_classes, overridden_hooks
    mine = house_rule_classes(cls)
    if not mine or not len(hooks(cls)):
        return None  # a printed game, or a game of the designer's own (no hooks to blame)
    names = list(overridden_hooks(cls))
    for k in mine:
        names += [n for n, f in vars(k).items() if callable(f) and not n.startswith("__")
                  and n not in names]
    return f"{_name(cls)} (overriding {', '.join(names) or 'nothing'})"


def _endless(game: Any, limit: int, ss: np.random.SeedSequence) -> TabletopError:
    """The error for a game that did not end within ``limit`` actions: under a house rule
    it names the rule and what it overrides; otherwise it is an engine bug."""
    rule = _house_rule(game)
    if rule is None:
        return TabletopError(f"{game.name} did not end within {limit} actions (seed "
                             f"{ss.entropy}, spawn key {tuple(ss.spawn_key)}): an engine bug")
    return HouseRuleError(
        f"{game.name} did not end within {limit} actions under the house rule {rule}: the "
        f"house rule is the likely cause (a hook value that never lets the game move on, "
        f"such as a capacity, a price or a number of moves)",
        owner=_name(type(game)), game=_which_game(ss))


def root_entropy(ss: np.random.SeedSequence) -> int:
    """The seed sequence's entropy as one int (seed_sequence always makes it one).

    Parameters
    ----------
    ss : numpy.random.SeedSequence
        A run's or a game's seed.

    Returns
    -------
    int

    Examples
    --------
    >>> root_entropy(game_seed(5, 3))
    5
    """
    e = ss.entropy
    if not isinstance(e, (int, np.integer)):
        raise TabletopError(f"expected a seed with one integer entropy, got {e!r}")
    return int(e)


def _seed_plain(ss: np.random.SeedSequence) -> dict:
    return {"entropy": root_entropy(ss), "spawn_key": [int(k) for k in ss.spawn_key]}


def play(game, bots: Any = "random", seed: Any = None, *, max_actions: int | None = None) -> GameRecord:
    """Play one game to the end and return its record.

    Parameters
    ----------
    game : Game
        From :func:`tabletop_nb.load_game`.
    bots : str, callable or list
        One bot for every seat, or a list with one per seat: names ("random", "greedy")
        or callables ``bot(game, state, rng) -> action``.
    seed : int, SeedSequence or None
        The same seed gives the same game.

    Examples
    --------
    >>> # doctest: +SKIP
    >>> rec = tabletop_nb.play(game, bots=["greedy", "random"], seed=7)
    >>> rec.scores, rec.winners
    """
    ss = seed_sequence(seed)
    specs = seat_bots(game, bots)
    return game_record(game, [bot_name(b) for b in specs], ss, play_state(game, specs, ss, True, max_actions))


def game_record(game, names: list[str], ss: np.random.SeedSequence, playout: Playout) -> GameRecord:
    """The record of a game played to its end (``play`` returns it; ``simulate`` keeps one
    per game with ``keep_records=True``).

    Parameters
    ----------
    game : Game
        The game played.
    names : list of str
        Each seat's bot name.
    ss : numpy.random.SeedSequence
        The game's seed.
    playout : Playout
        What :func:`play_state` returned, with its actions kept.

    Returns
    -------
    GameRecord

    Examples
    --------
    >>> import numpy as np, tabletop_nb
    >>> game = tabletop_nb.load_game("pacal", players=2)
    >>> ss = np.random.SeedSequence(3)
    >>> rec = game_record(game, ["random", "random"], ss, play_state(game, "random", ss))
    >>> rec == tabletop_nb.play(game, "random", seed=3)
    True
    """
    s, actions, decisions, chance, turns, _ = playout
    if actions is None:
        raise TabletopError("a record needs the game's actions: play it with keep_actions=True")
    winners = game.winners(s)
    return GameRecord(game=game.name, rules=game.rules.to_plain(),
                      actions=tuple(to_plain(a) for a in actions), seed=_seed_plain(ss),
                      bots=tuple(names), scores=tuple(to_plain(tuple(game.scores(s)))),
                      winners=tuple(winners), meta=_meta(game, turns, decisions, chance))
