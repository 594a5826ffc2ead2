"""The rules of A Pleasant Journey to Neko as data.

Every number the rulebook prints (and every reconstructed component: the cards, the
reward chart's levels, the bidding area) is a field of :class:`Rules` or comes from
the data files in ``data/``. Variants (the advanced game) and the readings of the
rulebook's ambiguities (see ``RULINGS.md``) are switches.

Examples
--------
>>> r = Rules(players=3)
>>> r.display_size[r.players - 2]
7
>>> len(r.cards), len(r.advanced_card_list)
(50, 6)
>>> Rules(players=5)
Traceback (most recent call last):
...
tabletop_nb.core.errors.RulesError: rules.players: must be at most 4, got 5
"""
from __future__ import annotations

from ...core import toml
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import NamedTuple

from ...core.dice import Die
from ...core.errors import RulesError
from ...core.rules import RulesBase, rule

__all__ = ["Rules", "Card", "Cargo", "PortHub", "MidTile", "BonusTile", "RewardSpace",
           "ITEMS", "KINDS", "EFFECTS", "TILE_KINDS", "REWARDS", "load_cards", "load_board"]

DATA = Path(__file__).with_name("data")

#: what a half-hub, a cargo space or a reward can give
ITEMS = ("coins", "fuel", "goods", "fish")
#: the seven kinds of stop
KINDS = ("ocean_bank", "fuel_platform", "blue_bar", "penguin_park", "seaside_town", "port",
         "special")
#: card effects beyond their kind's standard one
EFFECTS = ("", "variant", "advanced", "seaside_trade_low", "seaside_pickup", "seaside_cards",
           "seaside_reward", "seaside_trade_high", "light_house", "church", "southernmost_city",
           "south_pole", "fishing_spot", "research_station", "hospital", "neko_harbour",
           "ice_wall", "small_islands", "post_office", "harbour_city")
TILE_KINDS = ("most_fuel", "most_coins", "max_card_cost", "most_cards", "most_crossed",
              "most_ships", "goods_at_least", "most_goods", "fish_at_least",
              "least_interference")
REWARDS = ("coins", "goods", "interference", "fish", "fuel", "card")


class Cargo(NamedTuple):
    """One cargo space of a port: it holds one good, and covering it gives its reward.

    Parameters
    ----------
    item : str, default ""
        The reward's item (``""``: none).
    amount : int, default 0
        How many of it.

    Examples
    --------
    >>> Cargo(item="fuel", amount=1)
    Cargo(item='fuel', amount=1)
    """

    item: str = ""
    amount: int = 0


class PortHub(NamedTuple):
    """An internal hub printed on a port, on the ship's path across the card.

    Parameters
    ----------
    multiplier : int
        The die value that activates it, and the units it gives.
    item : str
        What each unit is: coins, fuel, goods or fish.

    Examples
    --------
    >>> PortHub(multiplier=1, item="fuel")
    PortHub(multiplier=1, item='fuel')
    """

    multiplier: int
    item: str


#: the most bidding-area spaces a table can lay out (the printed game uses 5, 7 and 9)
MAX_DISPLAY = 30


@dataclass(frozen=True, slots=True)
class Card:
    """One card (a stop on the journey).

    Attributes
    ----------
    id : int
        The card's id (its index in the base cards, then the advanced ones).
    name : str
        The printed name.
    kind : str
        One of ``KINDS``.
    period : int
        The deck it belongs to, 1 or 2.
    cost, pp : int
        The printed cost in coins and penguin points.
    left : int
        The multiplier half-hub.
    right : str
        The item half-hub.
    effect : str
        The effect beyond the kind's standard one, one of ``EFFECTS``.
    activate : tuple of int
        The die values its activation space accepts (empty: no activation space).
    cargo : tuple of Cargo
        A port's cargo spaces, in filling order.
    hubs : tuple of PortHub
        A port's internal hubs.
    interference : int
        The interference icons printed on it.
    endgame_pp, endgame_kinds : int, tuple of str
        The advanced cards' end-game icon: PP per card of these kinds.

    Examples
    --------
    >>> base, advanced = load_cards()
    >>> c = base[0]
    >>> str(c), c.kind, c.period, c.left, c.right
    ('Ocean Bank #0', 'ocean_bank', 1, 1, 'fuel')
    """

    id: int
    name: str
    kind: str
    period: int
    cost: int
    pp: int
    left: int
    right: str
    effect: str = ""
    activate: tuple[int, ...] = ()
    cargo: tuple[Cargo, ...] = ()
    hubs: tuple[PortHub, ...] = ()
    interference: int = 0
    endgame_pp: int = 0
    endgame_kinds: tuple[str, ...] = ()

    def __str__(self) -> str:
        return f"{self.name} #{self.id}"


class MidTile(NamedTuple):
    """A mid-game scoring tile: every player who meets ``kind`` scores ``pp``.

    Parameters
    ----------
    id : int
        The tile's id.
    kind : str
        What it asks, one of ``TILE_KINDS`` (``"most_fuel"``, ``"fish_at_least"``, ...).
    pp : int, default 3
        The penguin points it gives.
    threshold : int, default 0
        The amount an ``..._at_least`` tile asks.

    Examples
    --------
    >>> load_board()["tiles"][0]
    MidTile(id=0, kind='most_fuel', pp=3, threshold=0)
    """

    id: int
    kind: str
    pp: int = 3
    threshold: int = 0


class BonusTile(NamedTuple):
    """A starting bonus tile and what it gives.

    Parameters
    ----------
    name : str
        The tile's name, as :class:`~tabletop_nb.games.neko.state.ChooseBonus` names it.
    coins, fuel, goods, fish : int, default 0
        What it gives.

    Examples
    --------
    >>> load_board()["bonus"][1]
    BonusTile(name='4 coins', coins=4, fuel=0, goods=0, fish=0)
    """

    name: str
    coins: int = 0
    fuel: int = 0
    goods: int = 0
    fish: int = 0


class RewardSpace(NamedTuple):
    """One reward of the dice reward chart, available when your lowest die <= ``level``.

    Parameters
    ----------
    level : int
        The chart level, 1 to 6.
    reward : str
        One of ``REWARDS``.
    amount : int
        How many of it.

    Examples
    --------
    >>> load_board()["chart"][0]
    RewardSpace(level=1, reward='card', amount=1)
    """

    level: int
    reward: str
    amount: int


def _card(d: dict) -> Card:
    d = dict(d)
    d["activate"] = tuple(d.get("activate", ()))
    d["cargo"] = tuple(Cargo(**c) for c in d.get("cargo", ()))
    d["hubs"] = tuple(PortHub(**h) for h in d.get("hubs", ()))
    d["endgame_kinds"] = tuple(d.get("endgame_kinds", ()))
    return Card(**d)


@lru_cache(maxsize=None)
def load_cards() -> tuple[tuple[Card, ...], tuple[Card, ...]]:
    """The reconstructed base cards and advanced cards from ``data/cards.toml``.

    >>> base, advanced = load_cards()
    >>> sum(c.period == 1 for c in base), sum(c.period == 2 for c in base)
    (25, 25)

    Rules: NK-CARD-01.
    """
    data = toml.loads((DATA / "cards.toml").read_text(encoding="utf-8"))
    return tuple(_card(c) for c in data["card"]), tuple(_card(c) for c in data["advanced"])


@lru_cache(maxsize=None)
def load_board() -> dict:
    """The board components from ``data/board.toml`` (tiles, bonus tiles, reward chart).

    Returns
    -------
    dict
        ``"tiles"`` (:class:`MidTile`), ``"bonus"`` (:class:`BonusTile`), ``"chart"``
        (:class:`RewardSpace`), ``"layout"`` (the bidding area per player count) and
        ``"supply"``.

    Examples
    --------
    >>> b = load_board()
    >>> sorted(b), len(b["tiles"])
    (['bonus', 'chart', 'layout', 'supply', 'tiles'], 10)
    """
    data = toml.loads((DATA / "board.toml").read_text(encoding="utf-8"))
    return {
        "tiles": tuple(MidTile(**t) for t in data["tile"]),
        "bonus": tuple(BonusTile(**b) for b in data["bonus"]),
        "chart": tuple(RewardSpace(**r) for r in data["reward"]),
        "layout": {int(k): tuple(tuple(row) for row in v) for k, v in data["bidding_area"].items()},
        "supply": dict(data["supply"]),
    }


_BASE, _ADVANCED = load_cards()
_BOARD = load_board()
D6 = Die([1, 2, 3, 4, 5, 6], name="d6")


@dataclass(frozen=True, slots=True)
class Rules(RulesBase):
    """Every rule of A Pleasant Journey to Neko that a designer may change.

    Parameters
    ----------
    **rules
        Every rule by keyword: ``players``, the variants (``advanced_cards``, ...), the
        components and the readings of ambiguous text (RULINGS.md). Each field's type,
        default, bounds and doc are in :meth:`fields_info` and on the game's rule-values
        page; a value out of bounds raises ``RulesError``.

    Examples
    --------
    >>> r = Rules(players=2)
    >>> r.players, r.advanced_cards
    (2, False)
    >>> r.replace(advanced_cards=True).advanced_cards
    True
    """

    players: int = rule(4, min=2, max=4, doc="number of players (NK-SET-01)", group="Setup")
    advanced_cards: bool = rule(False, doc="advanced game: 3 advanced cards on the board (NK-ADV)",
                                group="Variants")
    advanced_setup: bool = rule(False, doc="advanced game: all period cards on display, bids start "
                                "new cards in free spaces (NK-ADS, NK-ADV-05)", group="Variants")

    # -- components -------------------------------------------------------------
    cards: tuple[Card, ...] = rule(_BASE, doc="the 50 playing cards (reconstructed)", group="Components")
    advanced_card_list: tuple[Card, ...] = rule(_ADVANCED, doc="the advanced cards (reconstructed)",
                                                group="Components")
    advanced_cards_drawn: int = rule(3, min=0, max=6, doc="advanced cards placed on the board",
                                     group="Components")
    display_size: tuple[int, ...] = rule((5, 7, 9), doc="bidding-area spaces for 2 / 3 / 4 players",
                                         group="Components")
    mid_tiles: tuple[MidTile, ...] = rule(_BOARD["tiles"], doc="the 10 mid-game scoring tiles",
                                          group="Components")
    mid_tiles_per_period: int = rule(2, min=0, max=5, doc="tiles scored at each mid-game scoring",
                                     group="Components")
    bonus_tiles: tuple[BonusTile, ...] = rule(_BOARD["bonus"], doc="the starting bonus tiles",
                                              group="Components")
    reward_chart: tuple[RewardSpace, ...] = rule(_BOARD["chart"], doc="the dice reward chart "
                                                 "(levels reconstructed, NK-RWD-05)", group="Components")
    die: Die = rule(D6, doc="the dice every player rolls", group="Components")

    # -- setup --------------------------------------------------------------------
    dice_per_player: int = rule(6, min=2, max=8, doc="dice each player rolls", group="Setup")
    start_coins: int = rule(8, min=0, max=100, doc="coins at the start", group="Setup")
    start_fuel: int = rule(2, min=0, max=8, doc="fuel in the cabin at the start", group="Setup")
    start_harbours: int = rule(1, min=1, max=5, doc="harbours (lanes) at the start", group="Setup")
    start_ships: int = rule(1, min=1, max=5, doc="ships at the start (at the start of lane 1)",
                            group="Setup")
    first_player_interference: int = rule(1, min=0, max=5, doc="interference tiles the new first "
                                          "player takes at Set Turn Order", group="Setup")
    random_start_order: bool = rule(False, doc="draw the starting turn order at random (otherwise "
                                    "seat 1 starts and seats follow the order, NK-SET-08)", group="Setup")

    # -- capacities and prices ------------------------------------------------------
    cabin_capacity: int = rule(8, min=1, max=50, doc="fuel + goods in the cabin", group="Limits")
    freezer_capacity: int = rule(8, min=1, max=50, doc="fish in the freezer", group="Limits")
    lane_slots: int = rule(5, min=2, max=5, doc="cards per ship lane", group="Limits")
    harbour_costs: tuple[int, ...] = rule((5, 10, 15, 20), doc="price of the 2nd, 3rd, ... harbour",
                                          group="Prices")
    ship_cost_first: int = rule(3, min=0, max=50, doc="price of the 2nd ship", group="Prices")
    ship_cost_step: int = rule(2, min=0, max=50, doc="each further ship costs this much more",
                               group="Prices")
    market_coins: int = rule(4, min=0, max=20, doc="Morning Market: coins per fish", group="Prices")
    market_fuel: int = rule(2, min=0, max=8, doc="Morning Market: fuel per fish", group="Prices")
    market_goods: int = rule(1, min=0, max=8, doc="Morning Market: goods per fish", group="Prices")
    fish_coins: int = rule(2, min=0, max=20, doc="free action a): coins per fish", group="Prices")
    fish_fuel: int = rule(1, min=0, max=8, doc="free action a): fuel per fish", group="Prices")
    pickup_fish: int = rule(3, min=0, max=8, doc="free action b): fish per discarded die", group="Prices")
    interference_removal_cost: int = rule(5, min=0, max=50, doc="free action c): coins per tile",
                                          group="Prices")
    adjust_fuel: int = rule(1, min=0, max=8, doc="free action f): fuel per +/-1", group="Prices")
    move_fuel: int = rule(2, min=0, max=8, doc="free action g): fuel per ship move", group="Prices")
    coin_unit: int = rule(2, min=1, max=5, doc="coins per multiple of a coin hub (NK-HUB-06)",
                          group="Hubs")
    catch_fish: int = rule(1, min=0, max=3, doc="the 'catch a fish' bonus", group="Hubs")
    min_card_price: int = rule(1, min=0, max=5, doc="a discounted card still costs this much",
                               group="Prices")
    gap_coins: int = rule(1, min=0, max=5, doc="coins per empty slot left of a placed card",
                          group="Prices")

    # -- cards ------------------------------------------------------------------------
    set_size: int = rule(3, min=1, max=6, doc="cards per set (Ocean Bank, Fuel Platform, ...)",
                         group="Cards")
    ocean_bank_income: tuple[int, ...] = rule((4, 7, 10), doc="coins for a set of 1 / 2 / 3",
                                              group="Cards")
    fuel_platform_income: tuple[int, ...] = rule((2, 4, 6), doc="fuel for a set of 1 / 2 / 3",
                                                 group="Cards")
    blue_bar_discount: tuple[int, ...] = rule((2, 3, 5), doc="coins off for a set of 1 / 2 / 3",
                                              group="Cards")
    southernmost_coins: int = rule(5, min=0, max=20, doc="Southernmost City: coins", group="Cards")
    southernmost_fuel: int = rule(2, min=0, max=8, doc="Southernmost City: fuel", group="Cards")
    seaside_low_rates: tuple[int, int] = rule((3, 3), doc="Seaside Town: coins per fuel, fuel per good",
                                              group="Cards")
    seaside_high_rates: tuple[int, int] = rule((4, 2), doc="Seaside Town: coins per fuel, PP per good",
                                               group="Cards")
    seaside_pickup_fish: int = rule(2, min=0, max=8, doc="Seaside Town: fish per discarded die",
                                    group="Cards")
    seaside_cards_pp: int = rule(1, min=0, max=5, doc="Seaside Town: PP per card at the end",
                                 group="Cards")
    lighthouse_units: int = rule(2, min=0, max=5, doc="Light House: extra units from the hub",
                                 group="Cards")
    church_dice: int = rule(2, min=0, max=6, doc="Church: losing dice per round onto hubs",
                            group="Cards")
    fishing_spot_fish: int = rule(2, min=1, max=4, doc="Fishing Spot: fish per losing die",
                                  group="Cards")
    south_pole_pp: int = rule(2, min=0, max=5, doc="South Pole: PP per interference tile",
                              group="Cards")
    hospital_tiles: int = rule(2, min=0, max=5, doc="Hospital: tiles removed on placement",
                               group="Cards")
    neko_hubs_per_fuel: int = rule(3, min=1, max=6, doc="Neko Harbour: hubs per fuel", group="Cards")
    ice_wall_coins: int = rule(3, min=1, max=10, doc="Ice Wall: coins per PP", group="Cards")
    post_office_discount: int = rule(2, min=0, max=10, doc="Post Office: coins off", group="Cards")

    # -- scoring ------------------------------------------------------------------------
    rounds: int = rule(4, choices=(4,), doc="rounds in the game (two periods of two)", group="Scoring")
    ship_travel_pp: tuple[int, ...] = rule((0, 0, 1, 2, 4, 7), doc="PP per ship by cards crossed",
                                           group="Scoring")
    harbour_pp: tuple[int, ...] = rule((1, 3, 6, 11, 19), doc="PP by harbours opened", group="Scoring")
    interference_pp: tuple[int, ...] = rule((0, -1, -2, -4, -8, -12), doc="PP by interference tiles",
                                            group="Scoring")
    interference_beyond: int = rule(-3, max=0, doc="PP per tile beyond the table", group="Scoring")
    goods_pp: int = rule(1, min=0, max=5, doc="PP per good in the cabin at the end", group="Scoring")

    # -- readings of ambiguous rules (RULINGS.md) ---------------------------------------
    reward_remove_without_tiles: bool = rule(False, doc="NK-RWD-06: offer 'remove interference' "
                                             "with no tiles", group="Rulings")
    blue_bar_outside_resolution: bool = rule(False, doc="NK-BB-04 / NK-RWD-09: Blue Bar also "
                                             "discounts Rewards and Post Office purchases",
                                             group="Rulings")
    free_actions_after_last_die: bool = rule(True, doc="NK-ACT-05: free actions after the main "
                                             "action that used the last die", group="Rulings")
    park_die_obeys_count_rule: bool = rule(False, doc="NK-BID-11: the variant Penguin Park die "
                                           "must satisfy the dice-count rule", group="Rulings")
    dice_on_port_hubs: bool = rule(True, doc="NK-PORT-07: dice may activate a port's internal hubs",
                                   group="Rulings")
    card_interference: bool = rule(True, doc="NK-PLC-10: placing a card takes its interference "
                                   "icon's tiles", group="Rulings")
    max_card_cost_total: bool = rule(False, doc="NK-MID-05: 'max card cost' sums the costs",
                                     group="Rulings")
    goods_tiles_count_ports: bool = rule(False, doc="NK-MID-13: goods on ports count for goods tiles",
                                         group="Rulings")
    most_needs_one: bool = rule(False, doc="NK-MID-14: a 'most' tile needs at least 1",
                                group="Rulings")
    interference_times_all: bool = rule(False, doc="NK-FIN-07: 6+ tiles cost -3 x all tiles",
                                        group="Rulings")
    declined_advanced_stays: bool = rule(True, doc="NK-ADV-04: a declined advanced card stays on "
                                         "the board", group="Rulings")
    research_station_per_card: bool = rule(False, doc="NK-RS-03: Research Station gives 1 coin per "
                                           "Ocean Bank and 1 fuel per Fuel Platform", group="Rulings")
    neko_counts_port_hubs: bool = rule(True, doc="NK-NH-03: Neko Harbour counts ports' internal hubs",
                                       group="Rulings")
    harbour_city_all_round: bool = rule(False, doc="NK-HC-03: Harbour City lowers every harbour "
                                        "bought that round", group="Rulings")
    hospital_needs_die: bool = rule(False, doc="NK-HO-02 (b): the Hospital's once-per-round removal "
                                    "needs a die on its space (a main action), not a free action",
                                    group="Rulings")
    park_pickup_per_turn: bool = rule(False, doc="NK-PP-09 (i)(b): each Penguin Park pickup may be "
                                      "used once per turn, not once per round", group="Rulings")

    # ----------------------------------------------------------------------------------
    def validate(self) -> None:
        if len(self.display_size) != 3 or any(not 1 <= n <= MAX_DISPLAY for n in self.display_size):
            raise RulesError("display_size", f"needs three sizes of 1..{MAX_DISPLAY} spaces (2, 3, 4 players)")
        ids = [c.id for c in self.cards] + [c.id for c in self.advanced_card_list]
        if len(set(ids)) != len(ids):
            raise RulesError("cards", "card ids must be unique (advanced cards included)")
        if any(i < 0 or i > 999 for i in ids):
            raise RulesError("cards", "card ids must lie in 0..999")
        for field, cards in (("cards", self.cards), ("advanced_card_list", self.advanced_card_list)):
            for i, c in enumerate(cards):
                at = f"{field}[{i}]"
                if not isinstance(c, Card):
                    raise RulesError(field, f"expected Card entries, got {c!r}", path=at)
                where = f"card {c.id} ({c.name})"
                if c.kind not in KINDS:
                    raise RulesError(field, f"{where}: kind must be one of {KINDS}", path=at)
                if c.effect not in EFFECTS:
                    raise RulesError(field, f"{where}: effect must be one of {EFFECTS}", path=at)
                if field == "cards" and c.period not in (1, 2):
                    raise RulesError(field, f"{where}: period must be 1 or 2", path=at)
                if c.cost < 0 or c.pp < 0 or c.interference < 0:
                    raise RulesError(field, f"{where}: cost, pp and interference must be >= 0", path=at)
                if not 1 <= c.left <= 6 or c.right not in ITEMS:
                    raise RulesError(field, f"{where}: left must be 1..6 and right one of {ITEMS}", path=at)
                if any(v not in range(1, 7) for v in c.activate):
                    raise RulesError(field, f"{where}: activation values must be 1..6", path=at)
                for cg in c.cargo:
                    if cg.item not in ITEMS + ("", "pp") or cg.amount < 0:
                        raise RulesError(field, f"{where}: bad cargo space {cg!r}", path=at)
                for h in c.hubs:
                    if not 1 <= h.multiplier <= 6 or h.item not in ITEMS:
                        raise RulesError(field, f"{where}: bad port hub {h!r}", path=at)
                if (c.cargo or c.hubs) and c.kind != "port":
                    raise RulesError(field, f"{where}: only ports have cargo spaces and hubs", path=at)
                if any(k not in KINDS for k in c.endgame_kinds):
                    raise RulesError(field, f"{where}: endgame_kinds must be card kinds", path=at)
        if self.advanced_cards and self.advanced_cards_drawn > len(self.advanced_card_list):
            raise RulesError("advanced_cards_drawn", "more than there are advanced cards")
        if len(self.mid_tiles) < 2 * self.mid_tiles_per_period:
            raise RulesError("mid_tiles", f"needs at least {2 * self.mid_tiles_per_period} tiles")
        for t in self.mid_tiles:
            if t.kind not in TILE_KINDS:
                raise RulesError("mid_tiles", f"tile {t.id}: kind must be one of {TILE_KINDS}")
        if len({t.id for t in self.mid_tiles}) != len(self.mid_tiles):
            raise RulesError("mid_tiles", "tile ids must be unique")
        if len(self.bonus_tiles) < self.players:
            raise RulesError("bonus_tiles", "needs at least one tile per player")
        if len({b.name for b in self.bonus_tiles}) != len(self.bonus_tiles):
            raise RulesError("bonus_tiles", "tile names must be unique")
        if not self.reward_chart:
            raise RulesError("reward_chart", "needs at least one reward")
        for r in self.reward_chart:
            if r.reward not in REWARDS or not 1 <= r.level <= 6 or r.amount < 0:
                raise RulesError("reward_chart", f"bad reward {r!r}: reward one of {REWARDS}, level 1..6")
        if max(r.level for r in self.reward_chart) < 6:
            raise RulesError("reward_chart", "needs a reward at level 6 (all dice showing 6)")
        if not all(isinstance(v, int) and 1 <= v <= 6 for v in self.die.outcomes):
            raise RulesError("die", "faces must be whole numbers 1..6 (adjusting wraps 6 <-> 1)")
        for name in ("ocean_bank_income", "fuel_platform_income", "blue_bar_discount"):
            if len(getattr(self, name)) != self.set_size:
                raise RulesError(name, f"needs one value per set size 1..{self.set_size}")
        if len(self.ship_travel_pp) != self.lane_slots + 1:
            raise RulesError("ship_travel_pp", f"needs {self.lane_slots + 1} values (0..{self.lane_slots} cards)")
        if any(v < 0 for v in self.ship_travel_pp):
            raise RulesError("ship_travel_pp", "PP must not be negative (a ship's travel scores, "
                                               "NekoGame.travel_pp returns an int >= 0)")
        if any(c < 0 or c > 200 for c in self.harbour_costs):
            raise RulesError("harbour_costs", "prices must be 0..200 coins")
        if len(self.harbour_pp) != len(self.harbour_costs) + 1:
            raise RulesError("harbour_pp", f"needs one value per possible harbour count (1 to "
                                           f"{len(self.harbour_costs) + 1}: one more than "
                                           f"harbour_costs has prices), got {len(self.harbour_pp)}")
        if self.start_harbours > len(self.harbour_costs) + 1:
            raise RulesError("start_harbours", "more than the harbours there are")
        if self.start_ships > self.start_harbours:
            raise RulesError("start_ships", "a lane holds at most as many ships as harbours")
        if len(self.interference_pp) < 1 or self.interference_pp[0] != 0:
            raise RulesError("interference_pp", "starts with 0 (no tiles)")

    # -- derived ------------------------------------------------------------------------
    @property
    def spaces(self) -> int:
        """Bidding-area spaces for this player count."""
        return self.display_size[self.players - 2]

    @property
    def max_harbours(self) -> int:
        return len(self.harbour_costs) + 1

    def set_value(self, n: int, table: tuple[int, ...]) -> int:
        """What ``n`` cards of one set type give: full sets of ``set_size`` plus a partial one.

        >>> Rules().set_value(4, (4, 7, 10))   # Benno's 4 Ocean Banks (NK-EX-24)
        14
        """
        full, rest = divmod(n, self.set_size)
        return full * table[-1] + (table[rest - 1] if rest else 0)
