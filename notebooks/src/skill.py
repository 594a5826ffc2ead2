# %% [markdown]
# # How much does skill decide? The skill ladder
#
# Every balance number in the rule lab comes from bots. But which bots? A rule that rewards
# planning, or a first-seat edge that only good players exploit, stays invisible if the
# bots cannot plan. A **skill ladder** puts bots of rising strength against each other:
#
# - `random` picks any legal move;
# - `greedy` is each game's hand-written heuristic (the best move for this turn);
# - `search:N` looks ahead: it tries its candidate moves in `N` simulated continuations of
#   the game (hidden cards filled in as its seat could guess them) and keeps the best.
#   Bigger `N`, stronger and slower.
#
# Every bot meets every other with seats rotated, and a round's line-ups share the same
# dice (common random numbers), so a difference between bots is not a difference of luck.
#
# **This notebook runs small ladders so that it finishes in seconds**: the intervals are
# wide. The end says how to run a real one.

# %%
import tabletop_nb as tt

SEED = 1
GAMES = 12                 # per ladder: whole rounds of line-ups (6 line-ups for 3 bots)
QUICK = 6                  # one round, for the other games
SEARCH = "search:4"        # the search rung: 4 simulations per decision, tiny but it plans
BOTS = ["random", "greedy", SEARCH]

# %% [markdown]
# ## One ladder, read closely: Pebble Rock with two players

# %%
pebble_rock = tt.load_game("pebble_rock", players=2)
ladder = tt.skill_ladder(pebble_rock, BOTS, games=GAMES, seed=SEED, progress=False)
ladder

# %% [markdown]
# The table gives each bot a **rating** in Elo points (`random` is 0): 200 points apart
# means the stronger finishes ahead about 3 games in 4, 400 points about 10 in 11. A bot
# that never lost to another has an interval open above: the data say only "at least".
# The square table is every head-to-head, with 95% intervals.

# %%
ladder.figure()

# %%
assert ladder.games == GAMES and set(ladder.ratings.bot) == set(BOTS)
assert ladder.win_rate("greedy", "random").value > 0.5   # the heuristic beats random play
ladder.win_matrix

# %% [markdown]
# ## Depth and luck share: two numbers a designer can quote
#
# - **Depth** is how many steps of the ladder are real: adjacent rungs (by rating) whose
#   head-to-head result is significantly better than a coin flip. A deep game rewards every
#   extra bit of skill: there is always a better player to become. A shallow one tops out:
#   past some level, playing better stops paying. With three rungs, depth is at most 2.
# - **Luck share** is how often the weaker of two adjacent rungs still comes out ahead.
#   50% means the dice decide alone; 0% means the better player always wins. Around
#   20-35% is where many family games sit: newcomers win sometimes, experts win more.
#   Neither end is wrong; it is a choice the designer should make on purpose.

# %%
print(f"depth {ladder.depth} of {len(ladder.steps)}, luck share {ladder.luck_share}")
ladder.steps

# %% [markdown]
# ## The ladder of every game
#
# The same three rungs in Neko and Pacal (two players each), one round each: six games
# say little, but the figure is the one a bigger run draws.

# %%
ladders = {"pebble_rock": ladder}
for name in ["neko", "pacal"]:
    ladders[name] = tt.skill_ladder(tt.load_game(name, players=2), BOTS, games=QUICK, seed=SEED,
                                    progress=False)
for name, lad in ladders.items():
    print(f"{name:12s} depth {lad.depth} of {len(lad.steps)}, luck share {lad.luck_share}")

# %%
ladders["neko"].figure()

# %%
ladders["pacal"].figure()

# %%
for lad in ladders.values():
    assert lad.ratings.bot.iloc[0] == "random"                # random play is the bottom rung
    assert 0 <= lad.luck_share.value <= 1 and 0 <= lad.depth <= 2

# %% [markdown]
# With more players, "beats" becomes "finishes ahead of": every pair of seats in a game is
# one comparison (shared ranks count half). Here Pebble Rock with four players, where the
# line-ups rotate so that each bot meets each other and sits in each seat equally often.

# %%
four = tt.skill_ladder(tt.load_game("pebble_rock", players=4), ["random", "greedy"], games=8,
                       seed=SEED, progress=False)
print(four.report())

# %% [markdown]
# ## A rule change, judged at two skill levels
#
# `compare_rules(..., skill=(weaker, stronger))` plays the two bots against each other under
# every variant, on the same seeds, and reports how often the stronger finishes ahead, with
# the paired change from the base game. A change can make skill matter more at one level
# and not at another: that is why we judge it twice.
#
# **The change, in words:** *in Pebble Rock, boats carry 5 cargo instead of 4* (the rule
# lab's example: does a roomier boat reward planning more, or forgive a poor plan?).

# %%
base = tt.load_game("pebble_rock", players=2)
variants = {"base": base, "cargo 5": base.with_rules(cargo_capacity=5)}

levels = {}
for pair, n in [(("random", "greedy"), 24), (("greedy", SEARCH), 8)]:
    levels[pair] = tt.compare_rules(variants, bots="greedy", games=4, seed=SEED, skill=pair,
                                    skill_games=n, progress=False)
    print(levels[pair].skill_summary(), end="\n\n")

# %%
cmp = levels[("greedy", SEARCH)]
cmp.report().loc[["skill_win_rate", "score_mean"]]

# %%
cmp.figure("skill_win_rate")

# %%
for (weaker, stronger), c in levels.items():
    assert set(c.skill_ladders) == {"base", "cargo 5"}
    assert c.skill_pair == (weaker, stronger)
    assert 0 <= c.estimate("cargo 5", "skill_win_rate").value <= 1

# %% [markdown]
# ## Running bigger
#
# A ladder worth quoting needs a few hundred games and stronger search rungs. The default
# ladder is `["random", "greedy", "search:100", "search:400"]` over 240 games; with a search
# bot on the ladder the games run on all your cores by themselves (or pass any
# `concurrent.futures` executor, a Dask cluster's included):
#
# ```python
# lad = tt.skill_ladder(tt.load_game("neko", players=2), games=240, seed=1)
# lad.figure(); print(lad.report())
# tt.compare_rules(variants, bots="greedy", games=1000, seed=1,
#                  skill=("greedy", "search:100"), skill_games=400)
# ```
#
# The intervals shrink roughly with the square root of the games: four times the games,
# half the width. `docs/skill_ladder.md` has measured ladders of every game and how long
# they took.
