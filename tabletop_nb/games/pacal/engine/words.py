"""The engine in words: action labels, the log's sentences, the table's summary."""
from __future__ import annotations

from typing import Any

from ..state import (GOD, OVER, ROLL, SETUP, PHASES, Build, Drop, Move, NoBuild, PacalState, Place,
                     PlaceShip, Roll, TakeBack, UseGod)
from .base import COLOURS
from .base import Engine as PacalGame

__all__ = ["action_label", "events", "summary", "phase"]


def action_label(game: PacalGame, s: PacalState, a: Any) -> str:
    """The action in words, for the log and the buttons.

    Behind :meth:`PacalGame.action_label`.

    Parameters
    ----------
    game : PacalGame
        The game.
    s : PacalState
        The state the action is taken in.
    a : object
        An action (or chance outcome) of ``s``.

    Returns
    -------
    str

    Examples
    --------
    >>> import tabletop_nb
    >>> game = tabletop_nb.load_game("pacal", players=3)
    >>> s = game.initial_state()
    >>> action_label(game, s, game.legal_actions(s)[0])
    'ship to (5, 5)'
    """
    t = type(a)
    if t is Move:
        verb = {"straight": "straight", "turn": "turning", "arrows": "arrows"}[a.kind]
        return f"{verb} move to {a.to}"
    if t is UseGod:
        return f"use god stone {a.value}"
    if t is Place:
        if s.phase == GOD:
            return f"god stone: ship to {a.at}"
        return f"boxed in: ship to {a.at} (no stone)"
    if t is Drop:
        parts = []
        if a.own:
            parts.append("own ship")
        if a.into >= 0:
            parts.append(f"{COLOURS[a.into]}'s ship")
        return "drop into " + " and ".join(parts) if parts else "drop no stone"
    if t is TakeBack:
        return f"take back stone from {a.at}"
    if t is Build:
        up = game.geo.index[a.at]
        verb = "upgrade to" if s.pyramids[up] else "build"
        return f"{verb} {a.height}-story on {a.at} from {', '.join(map(str, a.members))}"
    if t is NoBuild:
        return "build nothing"
    if t is PlaceShip:
        return f"ship to {a.at}"
    if t is Roll:
        return f"roll {a.face}"
    return str(a)

def events(s: PacalState) -> tuple[str, ...]:
    """What the last action did, one sentence per event.

    Behind :meth:`PacalGame.events`.

    Parameters
    ----------
    s : PacalState
        The state the action led to.

    Returns
    -------
    tuple of str

    Examples
    --------
    >>> import tabletop_nb
    >>> game = tabletop_nb.load_game("pacal", players=3)
    >>> s = game.initial_state()
    >>> s = game.apply(s, game.legal_actions(s)[0])
    >>> events(s)
    ('Yellow placed the ship on (5, 5)',)
    """
    out = []
    for e in s.events:
        k, who = e[0], COLOURS[e[1]] if isinstance(e[1], int) and 0 <= e[1] < 5 else e[1]
        if k == "roll":
            out.append(f"{who} rolled {e[2]}")
        elif k == "move":
            kind = {"turn": "turning"}.get(e[2], e[2])
            out.append(f"{who} made a {kind} move to {e[3]}")
        elif k == "god":
            out.append(f"{who} used the god stone {e[2]}")
        elif k == "place":
            out.append(f"{who} put the ship on {e[2]}")
        elif k == "free":
            out.append(f"{who} was boxed in and put the ship on {e[2]}")
        elif k == "ship":
            out.append(f"{who} placed the ship on {e[2]}")
        elif k == "takeback":
            out.append(f"{who} took back the stone on {e[2]}")
        elif k == "drop":
            where = "own ship" if e[2] == e[1] else f"{COLOURS[e[2]]}'s ship"
            out.append(f"{who} dropped a stone into {where}"
                       + (" - two stones of one colour: both go back" if e[3] else ""))
        elif k == "build":
            verb = "upgraded to" if e[4] else "built"
            out.append(f"{who} {verb} a {e[2]}-story pyramid on {e[3]}"
                       + (f" and scored {e[5]}" if e[5] else ""))
        elif k == "bonus":
            out.append(f"{who} built the second-to-last pyramid: +{e[2]} and the game ends")
        elif k == "stalled":
            out.append(f"no pyramid was built in {e[1]} turns: the game ends")
        elif k == "builtout":
            out.append(f"{who} built the last pyramid and the game ends")
        elif k == "lastround":
            out.append(f"{who} reached the threshold: this round is the last")
        elif k == "nobuild":
            out.append(f"{who} built nothing")
        elif k == "end":
            out.append("game over; final scoring: " + ", ".join(
                f"{COLOURS[q]} river {f[0]} lake {f[1]} districts {f[2]} gods {f[3]}"
                for q, f in enumerate(s.final)))
    return tuple(out)

def summary(s: PacalState) -> dict:
    """Scores, supplies and god stones by seat, for the table.

    Behind :meth:`PacalGame.summary`.

    Parameters
    ----------
    s : PacalState
        The state.

    Returns
    -------
    dict
        Row name -> one value per seat.

    Examples
    --------
    >>> import tabletop_nb
    >>> game = tabletop_nb.load_game("pacal", players=3)
    >>> s = game.initial_state()
    >>> summary(s)["god stones"]
    ('2, 4, 6', '2, 4, 6', '2, 4, 6')
    """
    return {"score": s.scores, "stones": s.supply,
            "pyramids": tuple(sum(x) for x in s.pyr_supply),
            "god stones": tuple(", ".join(map(str, g)) or "-" for g in s.gods)}

def phase(s: PacalState) -> str:
    """Where the game stands, in words.

    Behind :meth:`PacalGame.phase`.

    Parameters
    ----------
    s : PacalState
        The state.

    Returns
    -------
    str

    Examples
    --------
    >>> import tabletop_nb
    >>> game = tabletop_nb.load_game("pacal", players=3)
    >>> s = game.initial_state()
    >>> phase(s)
    'setup: Yellow places the ship'
    >>> for _ in range(3):
    ...     s = game.apply(s, game.legal_actions(s)[0])
    >>> phase(s)                # before the roll: no die value yet (not the last one's)
    'round 1: Yellow - roll'
    >>> phase(game.apply(s, game.chance_outcomes(s)[0][0]))
    'round 1, die 2: Yellow - move'
    """
    if s.phase == OVER:
        return "game over"
    if s.phase == SETUP:
        return f"setup: {COLOURS[s.player]} places the ship"
    # before the round's roll the state still holds the last round's face: not this round's
    face = "" if s.face is None or s.phase == ROLL else f", die {s.face}"
    last = " (last round)" if s.last_round else ""
    return f"round {s.round}{last}{face}: {COLOURS[s.player]} - {PHASES[s.phase]}"
