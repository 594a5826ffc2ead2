"""Neko's named frames (frames.py): every field required, the tag given by the class (last),
frames of different kinds never equal; plain tagged tuples from outside become named."""
from __future__ import annotations

import dataclasses

import numpy as np
import pytest

import tabletop_nb as tt
from tabletop_nb.games.neko import frames as F
from tabletop_nb.games.neko.state import CHANCE_FRAMES, replace_state

from neko_helpers import make_game, player, table


def test_every_kind_has_a_class_whose_tag_is_its_kind():
    assert len(F.FRAME_CLASSES) == 23
    for kind, cls in F.FRAME_CLASSES.items():
        assert cls._fields[-1] == "kind" and cls._field_defaults == {"kind": kind}
    assert CHANCE_FRAMES <= set(F.FRAME_CLASSES)


def test_a_frame_is_made_with_every_field_it_needs():
    """No field but the tag has a default: a frame missing what its decision needs is refused
    where it is made (a Church frame without the dice it may place, NK-CARD Church)."""
    with pytest.raises(TypeError):
        F.ChurchFrame(seat=0, space=3)   # type: ignore[call-arg]
    with pytest.raises(TypeError):
        F.ParkFrame(seat=0)              # type: ignore[call-arg]
    with pytest.raises(TypeError):
        F.EndgameFrame()                 # type: ignore[call-arg]
    assert F.ChurchFrame(seat=0, space=3, dice_left=2).kind == "church"


def test_frames_of_different_kinds_are_unequal():
    """The tag is part of the value: two decisions of different kinds for the same seat are
    different states (equal states are interchangeable in caches and searches)."""
    assert F.TurnFrame(seat=1) != F.DraftFrame(seat=1)
    assert hash(F.EndgameFrame(seat=0)) != hash(F.BonusFrame(seat=0))
    assert F.turn_frame(2) == F.TurnFrame(seat=2) and F.reveal_frame(1) == F.RevealFrame(period=1)


def test_a_plain_tagged_tuple_becomes_its_named_frame():
    for f, t in ((F.ChurchFrame(seat=1, space=3, dice_left=2), ("church", 1, 3, 2)),
                 (F.BuyFrame(seat=0, discount=1, offered=(4, 5), drawn=True, allow_draw=False, period=2),
                  ("buy", 0, 1, (4, 5), True, False, 2)),
                 (F.turn_frame(2), ("turn", 2)), (F.reveal_frame(1), ("reveal", 1)), (F.TileFrame(), ("tile",))):
        named = F.as_frame(t)
        assert named == f and type(named) is type(f) and F.as_frame(f) is f
        assert (named.kind,) + tuple(named)[:-1] == t


def test_played_states_hold_only_named_frames():
    g = tt.load_game("neko", players=3)
    rec = tt.core.runner.play_state(g, "greedy", np.random.SeedSequence(5))
    s = g.initial_state()
    kinds = set()
    for a in rec.actions:
        for f in s.frames:
            assert type(f) is F.FRAME_CLASSES[f.kind]
            kinds.add(f.kind)
        s = g.apply_trusted(s, a)
    assert {"turn", "draft", "roll", "reveal", "win"} <= kinds


def test_plain_tuples_from_outside_become_named():
    game = make_game()
    s = table(game, [player(game, dice=(3,)), player(game, dice=(4,))], frames=(("turn", 1),))
    assert type(s.frames[-1]) is F.TurnFrame and game.current_player(s) == 1
    s2 = replace_state(s, frames=(("turn", 0),))
    assert type(s2.frames[-1]) is F.TurnFrame and s2.frames[-1].seat == 0
    s3 = game.advance(table(game, [player(game, dice=(3,)), player(game, dice=(4,))], frames=()))
    assert all(type(f) is F.FRAME_CLASSES[f.kind] for f in s3.frames)
    assert F.as_frames(s2.frames) is s2.frames
    # a state made by the dataclass itself keeps the plain tuples it was given; ``advance``
    # (what a lesson calls on a hand-built position) names them before the rules read them
    raw = dataclasses.replace(s, frames=(("turn", 1),))
    assert type(raw.frames[-1]) is tuple
    s4 = game.advance(raw)
    assert type(s4.frames[-1]) is F.TurnFrame and game.current_player(s4) == 1
