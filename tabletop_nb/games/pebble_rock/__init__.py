"""Pebble Rock Delivery Service (Skybound Games, 2021) for 2-4 players.

>>> import tabletop_nb
>>> game = tabletop_nb.load_game("pebble_rock", players=4)
>>> game.rules.rounds, sorted(game.dice)
(10, ['danger', 'fish', 'resource', 'speedy', 'steady'])

The rulebook is ``shared/rules/pebble_rock_delivery_service.txt``; the components it does
not print are reconstructed in ``data/``; every reading of an ambiguous rule is in
``RULINGS.md`` (most are switches on the rules).
"""
from __future__ import annotations

from ._invariants import invariants
from .engine import PebbleRockGame
from .rules import Rules

__all__ = ["load_game", "PebbleRockGame", "Rules", "CONFORMANCE", "invariants"]


def load_game(**overrides) -> PebbleRockGame:
    """The game with rule overrides (``players=2..4`` and any field of :class:`Rules`).

    Parameters
    ----------
    **overrides
        Rule changes by name: any field of :class:`~tabletop_nb.games.pebble_rock.rules.Rules`.

    Returns
    -------
    PebbleRockGame
        The game.

    Examples
    --------
    >>> load_game(players=2).num_players
    2
    """
    return PebbleRockGame(**overrides)


#: the configurations the conformance suite plays: every player count, and the other
#: reading of every switch that changes what can happen
CONFORMANCE = [
    dict(players=2),
    dict(players=3),
    dict(players=4),
    dict(players=3, first_player=-1, youngest_player=2, winds_doubles="all",
         revisit_spaces=False, jetstream_when="stop", jetstream_on_start=True,
         symbol_is_interaction=False, empty_pass_is_interaction=False,
         token_spaces_are_empty=False, adjacent_character_may_stay=True,
         roberto_takes="treasure", refill_after_pickup=False, destination_blocks_row=True,
         deliver_all_treasures=False, roberto_treasure="returned", end_order="main_text"),
    dict(players=4, shared_docks_at_setup=True, secret_assignments=False,
         passenger_supply_limited=True, winds_doubles="die_and_jetstream", zero_step_move=False,
         start_space_counts=True, roberto_takes="passenger", overboard_any_time=True,
         treasure_beside_roberto_anytime=True, treasure_discard=True,
         passive_items_at_once=False, discard_items_any_time=True,
         maisy_item_gives_cargo=True, avoided_is_interaction=False,
         upgrade_discard_when_full="refuse", gear_stacks=False, dock_refill="any_number",
         assignment_check="any_time", lower_ties_by_fish=True, catch_up=False),
]
