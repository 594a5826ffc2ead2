"""A Pleasant Journey to Neko (Citie Lo, The Wood Games, 2018) for 2-4 players.

Dice drafting, bidding, and ship lanes built from cards whose half-hubs join into hubs.
The base game and both advanced variants (``advanced_cards``, ``advanced_setup``).

>>> import tabletop_nb
>>> game = tabletop_nb.load_game("neko", players=3, advanced_cards=True)
>>> game.rules.spaces
7
"""
from __future__ import annotations

from ._invariants import invariants
from .engine import NekoGame
from .rules import Rules

__all__ = ["load_game", "NekoGame", "Rules", "CONFORMANCE", "invariants"]


def load_game(**overrides) -> NekoGame:
    """The game with rule overrides (``players=``, ``advanced_cards=``, ...).

    >>> load_game(players=2).num_players
    2
    """
    return NekoGame(**overrides)


#: configurations the conformance suite plays: every player count, every variant
CONFORMANCE = [
    dict(players=2),
    dict(players=3),
    dict(players=4),
    dict(players=2, advanced_cards=True),
    dict(players=3, advanced_setup=True),
    dict(players=4, advanced_cards=True, advanced_setup=True),
    # every ruling switch on its other reading (RULINGS.md)
    dict(players=3, advanced_cards=True, random_start_order=True, reward_remove_without_tiles=True,
         blue_bar_outside_resolution=True, free_actions_after_last_die=False,
         park_die_obeys_count_rule=True, dice_on_port_hubs=False, card_interference=False,
         max_card_cost_total=True, goods_tiles_count_ports=True, most_needs_one=True,
         interference_times_all=True, declined_advanced_stays=False, research_station_per_card=True,
         neko_counts_port_hubs=False, harbour_city_all_round=True, hospital_needs_die=True,
         park_pickup_per_turn=True),
]
