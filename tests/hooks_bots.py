"""Issue 36's checks that the bots follow a game's hooks, shared by the three games' files.

``from hooks_bots import ...`` (tests/ is on the path, see conftest.py). For each hook a
house rule changes it (one subclass per hook, in each game's ``test_hooks_bots.py``), and
``tt.check_rule`` measures on seeded games, against a do-nothing control, the share of the
greedy and the search bot's decisions that change: above 0 where the bots follow the hook,
exactly 0 for the control. A hook the bots cannot take into account says why in its
``bots_note``.
"""

from __future__ import annotations

import tabletop_nb as tt


def assert_every_hook_has_a_house_rule(variants, hooks):
    """A new hook needs its own case in the game's file: ``variants`` names every hook."""
    assert set(variants) == set(hooks.names)


def assert_greedy_follows(hooks, hook, cls, games, *, may_not_follow=False):
    """The greedy bot's decisions change in ``games`` seeded 3-player games of the house
    rule ``cls`` (which changes ``hook`` alone), the control's never. With
    ``may_not_follow`` a hook documented as not followed (its ``bots_note`` names greedy)
    must change nothing instead."""
    check = tt.check_rule(cls(players=3), games=games, bots=("greedy",), effects=False)
    assert check.hooks == (hook,)
    assert check.ok, check.problems[0].line()
    assert check.bites_games > 0
    assert check.control_changes == 0
    changed = check.changed_share("greedy")
    if hooks[hook].bots_follow:
        assert changed > 0, f"greedy ignores {hook}"
    else:
        assert may_not_follow, f"{hook} is documented as not followed by the bots"
        # documented: greedy cannot take it into account; the measure agrees
        assert "greedy" in hooks[hook].bots_note
        assert changed == 0


def assert_search_follows(hook, cls, games):
    """The search bot (a small budget) follows the hook: its rollouts play the variant,
    so some of its decisions in ``games`` seeded games change, the control's never."""
    check = tt.check_rule(cls(players=3), games=1, bots=("search",), search_games=games,
                          search_budget=4, effects=False)
    assert check.ok
    assert check.control_changes == 0
    assert check.changed_share("search") > 0, f"search ignores {hook}"
