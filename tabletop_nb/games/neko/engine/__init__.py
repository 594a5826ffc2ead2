"""The rules engine of A Pleasant Journey to Neko, laid out like the rulebook.

``NekoGame`` implements the game protocol of :mod:`tabletop_nb.core.protocol`. The
state keeps a stack of *frames*: each names a decision (and whose it is) or a chance
event the game waits for. ``apply`` resolves the top frame, then :func:`.round.run` moves
the round forward through every step that needs nobody's choice (income payouts, turn
order, resolving a card nobody bid on, scoring) until the next frame is pushed.

Each rulebook section is a module of plain functions over the game and a state; each
function names its checklist rules (shared/rules/neko.checklist.md), and each module
mirrors a test module:

============================  ==========================================  =======================
module                        rulebook section                            rule IDs
============================  ==========================================  =======================
:mod:`.setup`                 Set Up                                      NK-SET, NK-ADS
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
:mod:`.words`                 (for people and bots)                       labels, events
:mod:`.base`                  (shared)                                    working copy, action tables
============================  ==========================================  =======================

:class:`NekoGame` ties them to the protocol through its tables, each from a type to its
function: ``frame_choices`` and ``frame_samplers`` (the type of the frame on top: its
legal actions or chance outcomes, and a chance event's sampler), ``resolvers`` (the type of the action applied), ``turn_offers`` (the legal
actions of each type at an Action-phase turn) and ``phase_steps`` (the step of each phase
that needs no choice). Its public methods are the hooks a designer overrides
(``wins_tie``, ``card_price``, ``gap_coins``, ``ship_price``, ``harbour_price``,
``travel_pp``, ``interference_penalty``, ``fish_taken``): the sections, the bots and the
views ask the game for them, so an override is played and expected alike. The questions a
rule and a bot both ask live in :mod:`tabletop_nb.games.neko.analysis`.

Inside ``apply`` the state is thawed into a working state (``w = thaw(s)``: a new
``NekoState`` with the same field values, whose players are copied on first touch by
``changing_player(w, i)``), the section functions change it by plain assignments, and
``finish(w)`` hands it out as the new state (its lists back to tuples): the rules read
like the rulebook's sentences, and the state applied to is never written to
(:mod:`.base`).
"""
from __future__ import annotations

from fractions import Fraction
from typing import Any, Callable, ClassVar

from ....core.hooks import hook, is_bool, is_int
from ....core.protocol import BaseGame
from ..frames import (AdvFrame, BonusFrame, BuyFrame, ChurchFrame, DraftFrame, DrawFrame, EndgameFrame,
                      HospitalFrame, IncomeFrame, MarketFrame, NekoFrame, OrderFrame, ParkFrame,
                      PostOfficeFrame, RerollFrame, RevealFrame, RewardFrame, RollFrame, SeaRewardFrame,
                      SmcFrame, TileFrame, TurnFrame, WinFrame)
from ....core.protocol import CHANCE, TERMINAL
from ..rules import BonusTile, Card, MidTile, RewardSpace, Rules
from ..rules import Rules as NekoRules
from ..state import (ActivateCard, ActivateHub, Adjust, Bid, Buy, BuyShip, ChooseBonus, ChurchFish,
                     ChurchHub, CityIncome, Done, DrawAdvanced, DrawCard, DrawTile, DrawTwo, EndTurn,
                     FishFor, HospitalRemove, IncomeDie, Lighthouse, LoadCargo, MoveShip, NekoSplit,
                     NewBid, OpenHarbour, ParkDie, Pass, Pick, RemoveInterference, RemoveTiles,
                     Reroll, Reward, RollDice, Rolled, Sell, StartOrder, TakeDiscard, TakeFish,
                     TileAdjust, Trade, UsePostOffice)
from ..state import CHANCE_FRAMES, NekoState
from . import action_phase, advanced, cards, end_of_round, free_actions, hubs_ships, morning_market
from . import preparation, scoring, words
from . import round as course
from . import setup as set_up
from .base import (ACTION, BONUS, DRAFT, ENDGAME, INCOME, MARKET, OVER, PARK, PHASES, POST, PREP,
                   RESOLVE, REWARD, ROLL, SETUP, LastLegal, finish, thaw, Profile, ValueActions)

__all__ = ["NekoGame", "PHASES", "SETUP", "BONUS", "MARKET", "ROLL", "DRAFT", "INCOME", "REWARD",
           "POST", "ACTION", "PARK", "RESOLVE", "PREP", "ENDGAME", "OVER"]


class NekoGame(BaseGame):
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
    max_actions = 200_000

    # -- what the game holds, built once by ``setup`` (:func:`.setup.setup`) ------------
    rules: NekoRules
    #: the seats (``num_players`` as a plain attribute, for the rules' loops)
    player_count: int
    #: the bidding area's spaces, and the advanced cards' spaces after them
    area_spaces: int
    advanced_spaces: int
    #: the cards by id (base and advanced; an id no card has holds None and is never asked for)
    card: list[Card]
    #: each period's card ids, sorted
    period_ids: dict[int, tuple[int, ...]]
    #: the spaces in resolution order (the advanced cards' first), and the resolution's steps
    res_order: tuple[int, ...]
    resolution_steps: tuple[tuple[int, str], ...]
    #: the mid-game tiles by id, and how many each mid-game scoring scores
    tile: dict[int, MidTile]
    per_period: int
    #: the starting bonus tiles by name, and the dice reward chart in level order
    bonus: dict[str, BonusTile]
    chart: tuple[RewardSpace, ...]
    #: a hand's roll and one die's: (outcome, probability) pairs and cumulative floats
    rolls: tuple[tuple[RollDice, Fraction], ...]
    roll_cum: list[float]
    one: tuple[tuple[Rolled, Fraction], ...]
    one_cum: list[float]
    #: each card's effect by id
    effect_of: dict[int, str]
    #: caches (core.memo): the profile of a lanes value, the complete hubs of a lanes value
    #: (``analysis.hubs``), the distinct values of a dice tuple, the per-value actions of a
    #: set of values
    profiles: dict[tuple, Profile]
    hub_lists: dict[tuple, tuple]
    die_values: dict[tuple, tuple[int, ...]]
    value_actions: dict[tuple, ValueActions]
    #: every space's row of empty bid slots (``setup.empty_bids``)
    no_bids: tuple
    # the actions made once, by die value (index 0 is None: no die shows 0)
    fish_by_value: list[TakeFish | None]
    bid_by_value: list[list[Bid | None]]
    adjust_by_value: list[tuple[Adjust, Adjust] | None]
    tile_adjust_by_value: list[tuple[TileAdjust, TileAdjust] | None]
    reroll_by_value: list[Reroll | None]
    pick_fish_by_value: list[TakeDiscard | None]
    pick_park_by_value: list[TakeDiscard | None]
    fish_for_pair: tuple[FishFor, FishFor]
    pick_by_value: list[Pick | None]
    income_by_value: list[IncomeDie | None]
    #: the last state ``legal_actions`` was asked about and its answer (core.memo)
    legal_cache: dict[int, LastLegal]
    #: the reward frames' legal lists (:func:`.preparation.rewards_for`)
    reward_lists: dict[tuple, tuple]
    #: the Morning Market's actions
    market_actions: tuple

    # -- the dispatch tables (filled below the class) -------------------------------------
    #: each kind of frame's choices (a decision's legal actions, a chance event's outcomes)
    #: and each chance event's sampler, by the frame's type
    frame_choices: ClassVar[dict[type, Callable[..., list]]]
    frame_samplers: ClassVar[dict[type, Callable[..., Any]]]
    #: the function that applies each kind of action, ``f(game, w, top_frame, action)``
    resolvers: ClassVar[dict[type, Callable[..., None]]]
    #: the legal actions of each kind at an Action-phase turn, ``f(game, s, p, P)``, in the
    #: order a turn lists them; the free actions' only while they are offered
    turn_offers: ClassVar[dict[type, Callable[..., list]]]
    #: the step of each phase that needs no choice, ``f(game, w)``
    phase_steps: ClassVar[dict[int, Callable[..., None]]]

    # -- the protocol (:mod:`.round`, :mod:`.setup`, :mod:`.scoring`, :mod:`.words`) -------
    def setup(self) -> None:
        """See :func:`.setup.setup`."""
        return set_up.setup(self)

    def initial_state(self) -> NekoState:
        """See :func:`.setup.initial_state`."""
        return set_up.initial_state(self)


    def current_player(self, s: NekoState) -> int:
        """The seat of the top frame, CHANCE for a chance event, TERMINAL when none is left."""
        if s.frames:
            top = s.frames[-1]
            return CHANCE if top.kind in CHANCE_FRAMES else top.seat
        return TERMINAL

    def is_terminal(self, s: NekoState) -> bool:
        """Whether the game is over (no frame left).

        Rules: NK-RND-04.
        """
        return not s.frames

    def chance_outcomes(self, s: NekoState) -> list:
        """The outcomes of the chance event on top, with their exact probabilities (its frame's
        rule in ``NekoGame.frame_choices``: each sampler cites its own rule).
        """
        if not s.frames:
            return []
        top = s.frames[-1]
        t = type(top)
        return self.frame_choices[t](self, s, top) if t in self.frame_samplers else []

    def sample_chance(self, s: NekoState, rng) -> Any:
        """One outcome of the chance event on top, drawn with ``rng`` by its frame's sampler."""
        top = s.frames[-1]
        sample = self.frame_samplers.get(type(top))
        if sample is None:
            raise ValueError(f"no chance event waits, but a decision: {top!r}")
        return sample(self, s, top, rng)

    def legal_actions(self, s: NekoState) -> list:
        """The legal actions of the decision on top (its frame's rule in
        ``NekoGame.frame_choices``); the last answer is kept in the game's ``legal_cache`` (a bot
        asks, then ``apply`` asks again for the same state). The caller owns the list.
        """
        cache = self.legal_cache
        hit = cache.get(id(s))
        if hit is not None:
            return list(hit.actions)
        if not s.frames:
            out: list = []
        else:
            top = s.frames[-1]
            t = type(top)
            out = [] if t in self.frame_samplers else self.frame_choices[t](self, s, top)
        # one entry: it holds ``s``, so no other state can have its id while it is kept
        cache.clear()
        cache[id(s)] = LastLegal(s, tuple(out))
        return out

    def apply_trusted(self, s: NekoState, a: Any) -> NekoState:
        """Apply a legal action: its function (``NekoGame.resolvers``, by the action's type)
        changes a working copy, then the round runs on to the next decision.
        """
        w = thaw(s)
        self.resolvers[type(a)](self, w, w.frames[-1], a)
        if not w.frames:   # (``run`` does nothing while a frame waits)
            course.run(self, w)
        return finish(w)

    def scores(self, s: NekoState) -> tuple:
        """Every seat's PP (:func:`.scoring.scores`)."""
        return scoring.scores(self, s)

    def winners(self, s: NekoState) -> tuple[int, ...]:
        """The winners after the tie-breaks (:func:`.scoring.winners`)."""
        return scoring.winners(self, s)

    def ranks(self, s: NekoState) -> tuple[int, ...]:
        """Each seat's place after the tie-breaks (:func:`.scoring.ranks`)."""
        return scoring.ranks(self, s)

    def advance(self, s: NekoState) -> NekoState:
        """See :func:`.round.advance`."""
        return course.advance(self, s)

    def position(self, **table) -> NekoState:
        """See :func:`.round.position`."""
        return course.position(self, **table)

    def player_name(self, seat: int) -> str:
        """A seat's colour (:func:`.words.player_name`)."""
        return words.player_name(self, seat)

    def bots(self) -> dict:
        """See :func:`.words.bots`."""
        return words.bots(self)

    search_horizon = property(words.search_horizon)  # type: ignore[assignment]
    def card_name(self, card: int) -> str:
        """A card's printed name (:func:`.words.card_name`)."""
        return words.card_name(self, card)


    def observation(self, s: NekoState, player: int) -> NekoState:
        """What ``player`` may see (:func:`.words.observation`)."""
        return words.observation(self, s, player)

    def determinize(self, s: NekoState, player: int, rng: Any) -> NekoState:
        """A full state consistent with a seat's view (:func:`.words.determinize`)."""
        return words.determinize(self, s, player, rng)

    def estimate_scores(self, s: NekoState) -> tuple:
        """A truncated rollout's scores (:func:`.words.estimate_scores`)."""
        return words.estimate_scores(self, s)

    def search_actions(self, s: NekoState, rng: Any) -> list:
        """The candidates the search bot compares (:func:`.words.search_actions`)."""
        return words.search_actions(self, s, rng)

    def phase(self, s: NekoState) -> str:
        """Where the game stands, in words (:func:`.words.phase`)."""
        return words.phase(self, s)

    def action_label(self, s: NekoState, a: Any) -> str:
        """The action in words (:func:`.words.action_label`)."""
        return words.action_label(self, s, a)

    def events(self, s: NekoState) -> tuple[str, ...]:
        """What the last action did, in sentences (:func:`.words.events`)."""
        return words.events(self, s)

    def summary(self, s: NekoState) -> dict:
        """The table's summary (:func:`.words.summary`)."""
        return words.summary(self, s)

    # -- queries that people, views and bots ask (each written in its section) ------------
    def turn_actions_of(self, s, kind) -> list:
        """See :func:`.action_phase.turn_actions_of`."""
        return action_phase.turn_actions_of(self, s, kind)

    def profile(self, P) -> Profile:
        """See :func:`.cards.profile`."""
        return cards.profile(self, P)

    def count_kind(self, P, kind: str) -> int:
        """See :func:`.cards.count_kind`."""
        return cards.count_kind(self, P, kind)

    def owned_card(self, P, effect: str) -> int | None:
        """The id of the player's card with this effect, or None (:func:`.cards.owned_card`)."""
        return cards.owned_card(self, P, effect)

    def blue_bar_discount(self, P) -> int:
        """See :func:`.cards.blue_bar_discount`."""
        return cards.blue_bar_discount(self, P)

    def park_sets(self, P) -> tuple[int, int]:
        """See :func:`.cards.park_sets`."""
        return cards.park_sets(self, P)

    def hub_at(self, P, key) -> tuple[int, str] | None:
        """See :func:`.hubs_ships.hub_at`."""
        return hubs_ships.hub_at(self, P, key)

    def next_stop(self, lane: tuple, boundary: int, sub: int):
        """See :func:`.hubs_ships.next_stop`."""
        return hubs_ships.next_stop(self, lane, boundary, sub)

    def hub_count(self, P) -> int:
        """See :func:`.hubs_ships.hub_count`."""
        return hubs_ships.hub_count(self, P)

    def crossed(self, P, lane: int) -> int:
        """Cards crossed by the furthest ship in a lane (:func:`.hubs_ships.crossed`)."""
        return hubs_ships.crossed(self, P, lane)

    def port_unlocked(self, P, card: int) -> bool:
        """Whether every cargo space of the port is covered (:func:`.hubs_ships.port_unlocked`)."""
        return hubs_ships.port_unlocked(self, P, card)

    def winner(self, s, space: int) -> int | None:
        """See :func:`.end_of_round.winner`."""
        return end_of_round.winner(self, s, space)

    def offer_discount(self, P, base: int) -> int:
        """See :func:`.end_of_round.offer_discount`."""
        return end_of_round.offer_discount(self, P, base)

    def tile_values(self, s, kind: str) -> list[int]:
        """Each player's value for a mid-game tile criterion (:func:`.scoring.tile_values`)."""
        return scoring.tile_values(self, s, kind)

    def tile_scorers(self, s, tile) -> tuple[int, ...]:
        """See :func:`.scoring.tile_scorers`."""
        return scoring.tile_scorers(self, s, tile)

    def final_breakdown(self, P) -> tuple[int, ...]:
        """See :func:`.scoring.final_breakdown`."""
        return scoring.final_breakdown(self, P)

    def display_piles(self, s) -> dict[str, tuple[int, ...]]:
        """See :func:`.advanced.display_piles`."""
        return advanced.display_piles(self, s)


    # -- the rules a designer may override (the sections, the bots and the views ask these) --
    @hook(returns="int >= 0", check=is_int(0), rules=("NK-ACT-06",),
          example="return 2 if value >= 5 else 1  # a high die takes two fish")
    def fish_taken(self, s, seat: int, value: int) -> int:
        """The fish ``seat`` takes with the Take Fish action, spending a die of ``value``:
        one (the freezer's cap still applies).

        >>> import tabletop_nb
        >>> tabletop_nb.load_game("neko").fish_taken(None, 0, 6)
        1

        The rule is decided by :func:`.action_phase.fish_taken` (the hook's ``rules``).
        """
        return action_phase.fish_taken(self, s, seat, value)

    @hook(returns="bool", check=is_bool(), rules=("NK-RES-05",),
          example="return s.order.index(p) > s.order.index(q)  # the later bidder wins")
    def wins_tie(self, s, p: int, q: int) -> bool:
        """Whether seat ``p``'s bid beats seat ``q``'s bid of the same total on a space: the
        player earlier in the current turn order wins (:func:`.end_of_round.wins_tie`).

        This is the one place of the tie rule: the resolution (:meth:`winner`) and the bots
        (:func:`..analysis.dice_to_lead`, :func:`..analysis.leads`) ask it, so a subclass
        that overrides it plays, and is played by the bots, under its own rule. For
        example, ties to the later bidder::

            class LaterWins(NekoGame):
                def wins_tie(self, s, p, q):
                    return s.order.index(p) > s.order.index(q)
        """
        return end_of_round.wins_tie(self, s, p, q)

    @hook(returns="int >= 0", check=is_int(0), rules=("NK-BB-02",),
          example="return max(0, super().card_price(P, card, discount) - 1)  # cards 1 cheaper")
    def card_price(self, P, card: int, discount: int) -> int:
        """A card's price after a discount, never below ``min_card_price``
        (:func:`.end_of_round.card_price`)."""
        return end_of_round.card_price(self, P, card, discount)

    @hook(returns="int >= 0", check=is_int(0), rules=("NK-PLC-02",),
          example="return 0  # no coins for gaps")
    def gap_coins(self, lane: tuple, slot: int) -> int:
        """Coins for the empty slots between ``slot`` and the harbour
        (:func:`.end_of_round.gap_coins`).

        >>> import tabletop_nb
        >>> tabletop_nb.load_game("neko").gap_coins((-1, 7, -1, -1, -1), 3)
        2
        """
        return end_of_round.gap_coins(self, lane, slot)

    @hook(returns="int >= 0", check=is_int(0), rules=("NK-FA-06", "NK-FA-09"),
          example="return 3  # every ship costs 3 coins")
    def ship_price(self, P) -> int:
        """The price of the player's next ship: 2k - 1 coins for the k-th
        (:func:`.free_actions.ship_price`)."""
        return free_actions.ship_price(self, P)

    @hook(returns="int >= 0", check=is_int(0), rules=("NK-HC-01", "NK-HC-02"),
          example="return 2 * super().harbour_price(P)  # harbours twice the price")
    def harbour_price(self, P) -> int:
        """The price of the next harbour, lowered by an activated Harbour City
        (:func:`.free_actions.harbour_price`)."""
        return free_actions.harbour_price(self, P)

    @hook(returns="int >= 0", check=is_int(0), rules=("NK-TRV-01", "NK-TRV-02", "NK-TRV-03"),
          example="return 2 * super().travel_pp(P)  # ship travel scores double")
    def travel_pp(self, P) -> int:
        """Ship travel PP: each ship scores by the cards it has crossed
        (:func:`.scoring.travel_pp`)."""
        return scoring.travel_pp(self, P)

    @hook(returns="int <= 0", check=is_int(None, 0), rules=("NK-FIN-06", "NK-FIN-07"),
          example="return -n  # one PP per interference tile")
    def interference_penalty(self, n: int) -> int:
        """PP lost for ``n`` interference tiles (:func:`.scoring.interference_penalty`).

        >>> import tabletop_nb
        >>> [tabletop_nb.load_game("neko").interference_penalty(n) for n in range(8)]
        [0, -1, -2, -4, -8, -12, -15, -18]
        """
        return scoring.interference_penalty(self, n)


#: each kind of frame's choices, by the frame's type: a decision's legal actions, a chance
#: event's (outcome, probability) pairs
FRAME_CHOICES: dict[type, Callable[..., list]] = {
    TurnFrame: action_phase.turn_choices,
    DraftFrame: preparation.draft_choices,
    IncomeFrame: preparation.income_choices,
    RewardFrame: preparation.reward_choices,
    SeaRewardFrame: preparation.sea_reward_choices,
    BuyFrame: end_of_round.buy_choices,
    WinFrame: end_of_round.buy_choices,
    MarketFrame: morning_market.market_choices,
    BonusFrame: set_up.bonus_choices,
    SmcFrame: cards.city_income_choices,
    PostOfficeFrame: end_of_round.post_office_choices,
    NekoFrame: cards.neko_choices,
    HospitalFrame: cards.hospital_choices,
    ParkFrame: cards.park_choices,
    ChurchFrame: cards.church_choices,
    EndgameFrame: scoring.endgame_choices,
    RollFrame: preparation.roll_outcomes,
    RerollFrame: free_actions.reroll_outcomes,
    RevealFrame: end_of_round.deck_outcomes,
    DrawFrame: end_of_round.deck_outcomes,
    TileFrame: set_up.tile_outcomes,
    AdvFrame: advanced.adv_outcomes,
    OrderFrame: course.order_outcomes,
}
#: each chance event's sampler, by the frame's type (a frame without one is a decision)
FRAME_SAMPLERS: dict[type, Callable[..., Any]] = {
    RollFrame: preparation.sample_roll,
    RerollFrame: free_actions.sample_reroll,
    RevealFrame: end_of_round.sample_deck,
    DrawFrame: end_of_round.sample_deck,
    TileFrame: course.sample_uniform,
    AdvFrame: course.sample_uniform,
    OrderFrame: course.sample_uniform,
}
#: the function that applies each kind of action
RESOLVERS: dict[type, Callable[..., None]] = {
    # chance
    StartOrder: set_up.apply_order, DrawTile: set_up.apply_tile, DrawAdvanced: set_up.apply_adv,
    DrawCard: end_of_round.apply_draw, RollDice: preparation.apply_roll, Rolled: free_actions.apply_rolled,
    # setup, market, draft, income, rewards
    ChooseBonus: set_up.apply_bonus, Sell: morning_market.apply_sell, Done: course.apply_done,
    Pick: preparation.apply_pick, IncomeDie: preparation.apply_income, CityIncome: cards.apply_city,
    Reward: preparation.apply_reward, Buy: end_of_round.apply_buy, DrawTwo: end_of_round.apply_drawtwo,
    Pass: end_of_round.apply_pass, UsePostOffice: end_of_round.apply_post,
    # the action phase and free actions
    TakeFish: action_phase.apply_take_fish, Bid: action_phase.apply_bid, NewBid: advanced.apply_new_bid,
    ActivateHub: hubs_ships.apply_activate_hub, ActivateCard: action_phase.apply_activate_card,
    EndTurn: action_phase.apply_end_turn, FishFor: free_actions.apply_fish_for,
    TakeDiscard: free_actions.apply_take_discard,
    RemoveInterference: free_actions.apply_remove_interference, BuyShip: free_actions.apply_buy_ship,
    OpenHarbour: free_actions.apply_open_harbour, Adjust: free_actions.apply_adjust,
    TileAdjust: free_actions.apply_adjust, Reroll: free_actions.apply_reroll,
    MoveShip: hubs_ships.apply_move_ship, LoadCargo: hubs_ships.apply_load, Trade: cards.apply_trade,
    Lighthouse: cards.apply_lighthouse, HospitalRemove: cards.apply_hospital,
    # card effects
    NekoSplit: cards.apply_neko, RemoveTiles: cards.apply_remove_tiles, ParkDie: cards.apply_park_die,
    ChurchHub: cards.apply_church_hub, ChurchFish: cards.apply_church_fish,
}
#: the legal actions of each kind at an Action-phase turn, in the order a turn lists them
TURN_OFFERS: dict[type, Callable[..., list]] = {
    TakeFish: action_phase.take_fish_actions, Bid: action_phase.bid_actions,
    NewBid: action_phase.new_bid_actions, ActivateHub: action_phase.activate_hub_actions,
    ActivateCard: action_phase.activate_card_actions, FishFor: free_actions.fish_for_actions,
    TakeDiscard: free_actions.take_discard_actions,
    RemoveInterference: free_actions.remove_interference_actions,
    BuyShip: free_actions.buy_ship_actions, OpenHarbour: free_actions.open_harbour_actions,
    Adjust: free_actions.adjust_actions, TileAdjust: free_actions.tile_adjust_actions,
    Reroll: free_actions.reroll_actions, MoveShip: free_actions.move_ship_actions,
    LoadCargo: free_actions.load_cargo_actions, Trade: free_actions.trade_actions,
    Lighthouse: free_actions.lighthouse_actions, HospitalRemove: free_actions.hospital_remove_actions,
    EndTurn: action_phase.end_turn_actions,
}
#: the step of each phase that needs no choice
PHASE_STEPS: dict[int, Callable[..., None]] = {
    SETUP: course.setup_step, BONUS: course.bonus_step, MARKET: course.market_step,
    ROLL: course.roll_step, DRAFT: preparation.draft_step, INCOME: course.income_step,
    REWARD: course.reward_step, POST: course.post_step, ACTION: course.action_step,
    PARK: course.park_step, RESOLVE: end_of_round.resolve_step, PREP: end_of_round.prep_step,
    ENDGAME: course.endgame_step,
}
NekoGame.frame_choices, NekoGame.frame_samplers = FRAME_CHOICES, FRAME_SAMPLERS
NekoGame.resolvers, NekoGame.turn_offers, NekoGame.phase_steps = RESOLVERS, TURN_OFFERS, PHASE_STEPS
