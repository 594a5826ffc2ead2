"""The Pebble Rock Delivery Service engine, laid out like the rulebook.

How a turn runs (rule IDs from ``shared/rules/pebble_rock.checklist.md``):

1. ``ChooseDice``: Steady + Resource, Speedy + Danger, or (alone in last place) Speedy +
   Resource (PR-DICE).
2. A chance node rolls both dice (``Roll``); a Lucky Shell may reroll one of them; the
   symbol is resolved: fish, Maisy, Winds, Larry, Roberto or a jetstream (PR-RES,
   PR-DANGER). Placing a character is the player's choice (``PlaceCharacter``).
3. The boat moves one ``Step`` at a time along dotted lines. Entering a character's space
   triggers it (once per turn); entering a jetstream token rolls the movement die again.
   On a space it has entered, the player may ``Deliver``, ``PickUp``, ``DropOff``,
   ``TakeTreasure`` or ``DeliverTreasure``, and at any time use an item. When the die's
   movement is used up, each further step costs a fish (PR-FISH). ``Stop`` ends it.
4. End of turn: dock refill, Market, fishing, the Lighthouse token in round 10, then the
   Delivery row is refilled (chance nodes, with the no-duplicate-island rule).

What happens next is a queue (``State.todo``) of decisions, chance nodes and bookkeeping
steps; bookkeeping runs at once inside ``apply``, so a state always waits on a player or
on chance. Every roll, draw and shuffle is a chance node: ``apply`` draws no random
numbers.

An action's rule (``_a_*``) and the bookkeeping steps after it (``_i_*``) work on one
working state ``w``: ``apply`` makes it with :func:`.base.thaw` (a new State holding the old
one's values, no events yet), the rules assign its fields (``w.todo = rest``), and it is
the new state. The records inside it (each Player, the Table, the Turn, the Secrets) are
the old state's own, so a rule replaces one (``replace_player``, ``replace_table``, ...)
and never changes it. The functions that answer questions (``_d_*``, the legal actions,
``capacity``, ...) take a state ``s`` and only read it.

The class is assembled from one mixin per rulebook section; each module names its
section and rule IDs and mirrors a test module (tests/games/pebble_rock):

==========================  ==============================================  ======================
module                      rulebook section                                rule IDs
==========================  ==============================================  ======================
:mod:`.setup`               Game Setup                                      PR-SETUP
:mod:`.turn`                How To Play, On Your Turn (and the protocol)    PR-TURN
``dice``                    1-2: dice choice and roll, Resource and Danger  PR-DICE, PR-RES, PR-DANGER
:mod:`.movement`            3: Move, Movement                               PR-MOVE
:mod:`.characters`          Interacting with other characters               PR-CHAR
:mod:`.fish_and_jetstream`  Fish Tokens, Jetstream tokens                   PR-FISH, PR-JET
:mod:`.deliveries`          Delivery Cards, Refilling the Deliveries        PR-DELIV, PR-PASS, PR-REFILL
:mod:`.treasure`            Treasure                                        PR-TREAS
:mod:`.items`               Item Cards                                      PR-ITEM-*
:mod:`.end_of_turn`         4: End of Turn, the Market, The Final Round     PR-END, PR-MARKET, PR-FINAL
:mod:`.scoring`             End of Game Scoring                             PR-SCORE, PR-TIE
:mod:`.words`               (for people and bots)                           labels, events, hooks
:mod:`.base`                (shared)                                        constants, helpers
==========================  ==============================================  ======================
"""
from __future__ import annotations

from ....core import BaseGame
from ..rules import Rules
from ..rules import Rules as _Rules  # the type, for the checker (Rules is also a class attribute)
from ..frames import (AssignmentCheck, BeginMove, ChooseAssignment, ChooseStartDock, DieEffect,
                      DockRefill, LighthouseCheck, MarketVisit, MeetCharacter, NextTurn,
                      OfferAvoid, OfferReroll, PutCharacter, ResolveSymbol, RobberyChoice,
                      RobertoRobs, ShedToCapacity, StartGame)
from ..state import (ChooseDice, DealAssignment, Decline, Deliver, DeliverTreasure, DieRoll,
                     DiscardItem, DiscardPassenger, DiscardTreasure, DrawCard, DrawItem, DropOff,
                     Endure, FirstPlayer, KeepAssignment, KeepRoll, LoseToken, Overboard, PickUp,
                     PlaceBoat, PlaceCharacter, Refill, RevealTreasure, Reroll, Roll, Shed, Step,
                     Stop, TakeItem, TakeTreasure, UseItem)
from .base import (CHOICE_NAMES, ITEM_INDEX, ONE_SHOT, _CHANCE_WORDS,  # noqa: F401
                   _DECISION_WORDS, _HIDDEN, _bump, _remove_one, _with_player)
from .characters import Characters
from .deliveries import Deliveries
from .dice import Dice
from .end_of_turn import EndOfTurn
from .fish_and_jetstream import FishAndJetstream
from .items import Items
from .movement import Movement
from .scoring import Scoring
from .setup import GameSetup
from .treasure import Treasure
from .turn import OnYourTurn
from .words import Words

__all__ = ["PebbleRockGame"]


class PebbleRockGame(GameSetup, OnYourTurn, Dice, Movement, Characters, FishAndJetstream,
                     Deliveries, Treasure, Items, EndOfTurn, Scoring, Words, BaseGame):
    """Pebble Rock Delivery Service for 2-4 players.

    Parameters
    ----------
    rules : Rules, optional
        The rules (default: the printed game's).
    **overrides
        Rule changes by name, e.g. ``players=3``.

    Examples
    --------
    >>> import tabletop_nb
    >>> game = tabletop_nb.load_game("pebble_rock", players=3)
    >>> rec = tabletop_nb.play(game, bots="random", seed=1)
    >>> len(rec.scores)
    3
    """

    name = "pebble_rock"
    Rules = Rules
    rules: _Rules
    max_actions = 60_000

    def setup(self) -> None:
        """The sections' tables (:meth:`GameSetup.setup`), then the two dispatch tables
        that join the sections: what each queue entry and each action does."""
        super().setup()
        from ..bots import SEARCH_HORIZON_PER_SEAT  # (here: the engine module does not load the bots)
        #: decisions a search rollout plays before the scores are estimated
        self.search_horizon = SEARCH_HORIZON_PER_SEAT * self.num_players
        # what each queue entry (frames.py) does: a decision's legal actions
        # (``_d_*(s, head)``), a bookkeeping step carried out (``_i_*(s, head, rest)``)
        self._on_frame = {
            ChooseStartDock: self._d_place_boat, ChooseAssignment: self._d_keep,
            OfferReroll: self._d_shell, PutCharacter: self._d_place, OfferAvoid: self._d_avoid,
            RobberyChoice: self._d_rob_choice, DockRefill: self._d_dock,
            MarketVisit: self._d_market, ShedToCapacity: self._d_shed,
            StartGame: self._i_start, ResolveSymbol: self._i_symbol, BeginMove: self._i_begin_move,
            MeetCharacter: self._i_meet, DieEffect: self._i_effect, RobertoRobs: self._i_rob,
            LighthouseCheck: self._i_lighthouse, AssignmentCheck: self._i_assign_check,
            NextTurn: self._i_next,
        }
        self._apply = {
            ChooseDice: self._a_choose, Step: self._a_step, Stop: self._a_stop,
            Roll: self._a_roll, DieRoll: self._a_dieroll, KeepRoll: self._a_keep_roll,
            Reroll: self._a_reroll, PlaceCharacter: self._a_place, Deliver: self._a_deliver,
            PickUp: self._a_pickup, DropOff: self._a_dropoff, TakeTreasure: self._a_take_treasure,
            DeliverTreasure: self._a_deliver_treasure, RevealTreasure: self._a_reveal,
            UseItem: self._a_use_item, Endure: self._a_endure, LoseToken: self._a_lose_token,
            Refill: self._a_refill, DiscardPassenger: self._a_discard_passenger,
            TakeItem: self._a_take_item, Decline: self._a_decline, Shed: self._a_shed,
            Overboard: self._a_overboard, DiscardItem: self._a_discard_item,
            DiscardTreasure: self._a_discard_treasure, DrawItem: self._a_draw_item,
            DrawCard: self._a_draw_card, DealAssignment: self._a_deal,
            KeepAssignment: self._a_keep_assignment, PlaceBoat: self._a_place_boat,
            FirstPlayer: self._a_first,
        }

