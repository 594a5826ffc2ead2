"""The rules engine of A Pleasant Journey to Neko, laid out like the rulebook.

``NekoGame`` implements the game protocol of :mod:`tabletop_nb.core.protocol`. The
state keeps a stack of *frames*: each names a decision (and whose it is) or a chance
event the game waits for. ``apply`` resolves the top frame, then ``_run`` moves the
round forward through every step that needs nobody's choice (income payouts, turn
order, resolving a card nobody bid on, scoring) until the next frame is pushed.

The class is assembled from one mixin per rulebook section; each module names its
section and rule IDs (shared/rules/neko.checklist.md) and mirrors a test module:

============================  ==========================================  =======================
module                        rulebook section                            rule IDs
============================  ==========================================  =======================
:mod:`.setup`                 Set Up                                      NK-SET, NK-ADS-01..03
:mod:`.round`                 Course of the Game, Play A Round            NK-RND (and the protocol)
:mod:`.morning_market`        1. Morning Market Phase                     NK-MM
:mod:`.preparation`           2. Preparation Phase                        NK-DRF, NK-INC, NK-RWD, NK-TO
:mod:`.action_phase`          3. Action Phase, On Bidding                 NK-ACT, NK-BID
:mod:`.free_actions`          Free Actions a) to h)                       NK-FA
:mod:`.hubs_ships`            Hub Activation, ships, Port                 NK-HUB, NK-CAT, NK-PORT, NK-CAP
:mod:`.end_of_round`          End of a Round, Place a card                NK-RES, NK-PLC, NK-PREP
:mod:`.scoring`               Mid-Game Scoring, Game End, Final Scoring   NK-MID, NK-TRV, NK-END, NK-FIN, NK-TIE
:mod:`.cards`                 Card Reference Guide, Special Stops         NK-CARD, NK-OB ... NK-HC
:mod:`.advanced`              Advanced Game                               NK-ADV, NK-ADS
:mod:`.words`                 (for people and bots)                       labels, events, hooks
:mod:`.base`                  (shared)                                    working copy, caches, typed base
============================  ==========================================  =======================

The questions a rule and a bot both ask (who leads a space and what it takes to lead,
what the count rule allows, where a card can be placed and for how much) live in
:mod:`tabletop_nb.games.neko.analysis`, which the engine and the bots call. The tie rule
of a bidding space is one method, :meth:`NekoGame.wins_tie` (:mod:`.end_of_round`): a
subclass that overrides it is played, resolved and bot-played by its own rule.

Inside ``apply`` the state is thawed into a working state (``w = thaw(s)``: a new
``NekoState``, a state record, with the same field values, whose players are copied on
first touch by ``changing_player(w, i)``), the handler and ``_run`` change it by plain
assignments, and ``finish(w)`` hands it out as the new state (its lists back to tuples):
the rules read like the rulebook's sentences, and the state applied to is never written to
(:mod:`.base`).
"""
from __future__ import annotations

from typing import Any, Callable

from ....core.protocol import BaseGame
from ..rules import Rules
from ..rules import Rules as _Rules  # the type, for the checker (Rules is also a class attribute)
from ..state import (ActivateCard, ActivateHub, Adjust, Bid, Buy, BuyShip, ChooseBonus, ChurchFish,
                     ChurchHub, CityIncome, Done, DrawAdvanced, DrawCard, DrawTile, DrawTwo, EndTurn,
                     FishFor, HospitalRemove, IncomeDie, Lighthouse, LoadCargo, MoveShip, NekoSplit,
                     NewBid, OpenHarbour, ParkDie, Pass, Pick, RemoveInterference, RemoveTiles,
                     Reroll, Reward, RollDice, Rolled, Sell, StartOrder, TakeDiscard, TakeFish,
                     TileAdjust, Trade, UsePostOffice)
from .action_phase import ActionPhase
from .advanced import Advanced
from .base import (ACTION, BONUS, DRAFT, ENDGAME, INCOME, MARKET, OVER, PARK, PHASES, POST, PREP,  # noqa: F401
                   RESOLVE, REWARD, ROLL, SETUP, _ACT, _NAMES, _a, _cumulative, _insert, _Profile,
                   _remove, _roll_tables, _with_picks, thaw, finish, changing_player, FREE_KINDS)
from .cards import Cards
from .end_of_round import EndOfRound
from .free_actions import FreeActions
from .hubs_ships import HubsShips
from .morning_market import MorningMarket
from .preparation import Preparation
from .round import Round
from .scoring import Scoring
from .setup import SetUp
from .words import Words

__all__ = ["NekoGame", "PHASES", "SETUP", "BONUS", "MARKET", "ROLL", "DRAFT", "INCOME", "REWARD",
           "POST", "ACTION", "PARK", "RESOLVE", "PREP", "ENDGAME", "OVER"]


class NekoGame(SetUp, Round, MorningMarket, Preparation, ActionPhase, FreeActions, HubsShips,
               EndOfRound, Scoring, Cards, Advanced, Words, BaseGame):
    """A Pleasant Journey to Neko for 2-4 players, base and advanced game.

    Parameters
    ----------
    rules : Rules, optional
        The rules (default: the printed game's).
    **overrides
        Rule changes by name, e.g. ``players=3``.

    Examples
    --------
    >>> import tabletop_nb
    >>> game = tabletop_nb.load_game("neko", players=3)
    >>> s = game.initial_state()
    >>> game.current_player(s) == tabletop_nb.CHANCE      # the first mid-game tile is drawn
    True
    """

    name = "neko"
    Rules = Rules
    rules: _Rules
    max_actions = 200_000

    def __init_subclass__(cls, **kwargs: Any) -> None:
        """A subclass's tables dispatch to its own methods: a designer's subclass that
        overrides a handler (``_h_bid``), a kind of turn action (``_kind_take_fish``) or a
        phase step (``_market_step``) is played by its override, as one that overrides a
        public hook (``wins_tie``, ``gap_coins``) is. Each table is rebuilt from the
        method names of NekoGame's."""
        super().__init_subclass__(**kwargs)

        def own(f: Callable) -> Callable:
            """The subclass's method of ``f``'s name (its override, or ``f`` itself)."""
            return getattr(cls, f.__name__)

        cls._HANDLERS = {k: own(f) for k, f in cls._HANDLERS.items()}
        cls._KINDS = {k: own(f) for k, f in cls._KINDS.items()}
        cls._TURN_KINDS = _turn_kinds(cls._KINDS)
        cls._PHASE_STEPS = {ph: own(f) for ph, f in cls._PHASE_STEPS.items()}


def _turn_kinds(kinds: dict) -> tuple:
    """``kinds`` (``_KINDS``) in two parts, for ``_turn_actions``: the kinds of the main
    action, then the free actions (``FREE_KINDS``, asked only while free actions are
    offered); EndTurn comes last, on its own."""
    return (tuple(f for k, f in kinds.items() if k not in FREE_KINDS and k is not EndTurn),
            tuple(f for k, f in kinds.items() if k in FREE_KINDS))


G = NekoGame
#: the handler of each action kind, ``handler(game, w, top_frame, action)`` (see ``apply_trusted``)
NekoGame._HANDLERS = {
    # chance
    StartOrder: G._h_order, DrawTile: G._h_tile, DrawAdvanced: G._h_adv, DrawCard: G._h_draw,
    RollDice: G._h_roll, Rolled: G._h_rolled,
    # setup, market, draft, income, rewards
    ChooseBonus: G._h_bonus, Sell: G._h_sell, Done: G._h_done, Pick: G._h_pick,
    IncomeDie: G._h_income, CityIncome: G._h_city, Reward: G._h_reward, Buy: G._h_buy,
    DrawTwo: G._h_drawtwo, Pass: G._h_pass, UsePostOffice: G._h_post,
    # the action phase and free actions
    TakeFish: G._h_take_fish, Bid: G._h_bid, NewBid: G._h_new_bid,
    ActivateHub: G._h_activate_hub, ActivateCard: G._h_activate_card, EndTurn: G._h_end_turn,
    FishFor: G._h_fish_for, TakeDiscard: G._h_take_discard,
    RemoveInterference: G._h_remove_interference, BuyShip: G._h_buy_ship,
    OpenHarbour: G._h_open_harbour, Adjust: G._h_adjust, TileAdjust: G._h_adjust,
    Reroll: G._h_reroll, MoveShip: G._h_move_ship, LoadCargo: G._h_load, Trade: G._h_trade,
    Lighthouse: G._h_lighthouse, HospitalRemove: G._h_hospital,
    # card effects
    NekoSplit: G._h_neko, RemoveTiles: G._h_remove_tiles, ParkDie: G._h_park_die,
    ChurchHub: G._h_church_hub, ChurchFish: G._h_church_fish,
}
#: the legal actions of each kind at an Action-phase turn, ``f(game, s, p, P)`` (see
#: ``turn_actions_of``); the kinds in the order ``_turn_actions`` lists them
NekoGame._KINDS = {
    TakeFish: G._kind_take_fish, Bid: G._kind_bid, NewBid: G._kind_new_bid,
    ActivateHub: G._kind_activate_hub, ActivateCard: G._kind_activate_card,
    FishFor: G._kind_fish_for, TakeDiscard: G._kind_take_discard,
    RemoveInterference: G._kind_remove_interference, BuyShip: G._kind_buy_ship,
    OpenHarbour: G._kind_open_harbour, Adjust: G._kind_adjust, TileAdjust: G._kind_tile_adjust,
    Reroll: G._kind_reroll, MoveShip: G._kind_move_ship, LoadCargo: G._kind_load_cargo,
    Trade: G._kind_trade, Lighthouse: G._kind_lighthouse, HospitalRemove: G._kind_hospital_remove,
    EndTurn: G._kind_end_turn,
}
#: the same in two parts, for ``_turn_actions`` (:func:`_turn_kinds`)
NekoGame._TURN_KINDS = _turn_kinds(NekoGame._KINDS)
#: the step of each phase that needs no choice, by phase (``_run`` calls them in turn)
NekoGame._PHASE_STEPS = {
    SETUP: G._setup_step, BONUS: G._bonus_step, MARKET: G._market_step, ROLL: G._roll_step,
    DRAFT: G._draft_step, INCOME: G._income_step, REWARD: G._reward_step, POST: G._post_step,
    ACTION: G._action_step, PARK: G._park_step, RESOLVE: G._resolve_step, PREP: G._prep_step,
    ENDGAME: G._endgame_step,
}
del G
