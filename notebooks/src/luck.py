# %% [markdown]
# # Was it luck?
#
# After a game, every table asks it. This notebook replays one game of **Pacal's Rocket**
# between two players who play exactly the same way (the same bot, `greedy`), so whatever
# separates them is the dice. Before looking at the analysis you will guess **which roll
# mattered most**; then you check.
#
# How the analysis measures luck: before each roll, it estimates each player's chance of
# winning by playing the game on to the end many times from there, over every way the
# roll could come out (each with its exact probability). After the roll it estimates the
# chance again. **Luck = chance after the roll - chance expected before it.** A roll that
# gives a player 20 points of win chance is lucky; one that takes 20 away is unlucky; on
# average over all the ways a roll can fall, luck is exactly 0.

# %% [markdown] tags=["teacher"]
# *For the teacher.* The estimates come from rollouts (simulated continuations), so they
# carry noise: each number has an interval. The quick setting used here (`quick=True`, luck only)
# with 16 continuations per estimate runs in seconds; the last section
# re-measures the top rolls with many more continuations, which is the honest way to
# settle a close call. GNU Backgammon rates backgammon rolls the same way ("luck" against
# the average roll).

# %%
import tabletop_nb as tt
from tabletop_nb.lab.analyse import Evaluator

SEED = 4
game = tt.load_game("pacal", players=2)
record = tt.play(game, ["greedy", "greedy"], seed=SEED)
states, actions = tt.replay(game, record, with_actions=True)
names = [game.player_name(i) for i in range(2)]
print("Final scores:", dict(zip(names, record.scores)),
      "- winner:", ", ".join(names[w] for w in record.winners))

# %% [markdown]
# ## The rolls of the game
#
# Each line is one roll: its number in the game (the action count), whose turn it was, and
# what came up. Read them and **write down the number of the roll you think mattered
# most**. (A hint: a roll matters most when the game is close and the roll changes who is
# ahead.)

# %%
rolls = [t for t, s in enumerate(states[:-1]) if game.current_player(s) == tt.CHANCE
         and len(game.chance_outcomes(s)) > 1]
for t in rolls:
    print(f"roll at action {t:3d}: {game.action_label(states[t], actions[t]):14s}"
          f" scores then {game.scores(states[t])}")

# %%
my_guess = rolls[len(rolls) // 2]   # change this to the action number you chose

# %% [markdown]
# ## The analysis
#
# `tt.analyse` replays the record and measures every roll. The chart shows each player's
# win chance over the game; the star marks the luckiest roll, the triangle the unluckiest.
# Hover over a point to see what happened there.

# %%
analysis = tt.analyse(game, record, quick=True, rollouts=16, progress=False)
analysis.figure()

# %% [markdown]
# The rolls, biggest luck first (in points of win chance: 100 points is a sure win):

# %%
ranked = sorted(analysis.chance, key=lambda c: -max(abs(x) for x in c.luck))
for c in ranked[:5]:
    who = max(range(2), key=lambda i: c.luck[i])
    print(f"action {c.index:3d} {c.label:14s} {names[who]} {100 * c.luck[who]:+.0f} points "
          f"(noise about {100 * c.luck_se[who]:.0f})")

# %%
top = ranked[0]
print(f"You guessed the roll at action {my_guess}; the analysis says action {top.index} "
      f"({top.label}).")
place = [c.index for c in ranked].index(my_guess) + 1 if my_guess in rolls else None
print(f"Your roll ranks {place} of {len(ranked)} by luck." if place else "That was not a roll.")

# %% [markdown]
# ## Luck against the result
#
# Each player's luck added up over the game, beside the result. The two players played the
# same way, so the luck totals should tell who won (up to the noise of the estimates).

# %%
for s in analysis.seats:
    print(f"{s.name}: started at {100 * s.start:.0f}%, result {s.result:g}, "
          f"luck {100 * s.luck:+.0f} points (noise about {100 * s.luck_se:.0f})")
print(analysis.summary())
assert abs(sum(s.luck for s in analysis.seats)) < 1e-9   # one player's luck is the other's bad luck

# %% [markdown]
# ## Check the top rolls more carefully
#
# Sixteen continuations per estimate is still rough. Here the three biggest rolls are measured
# again with 64 continuations each: if the order holds, the answer is firm.

# %%
careful = Evaluator(game, rollouts=64, seed=1)
for c in ranked[:3]:
    before = careful.value(states[c.index]).win
    after = careful.value(states[c.index + 1]).win
    luck = [a - b for a, b in zip(after, before)]
    who = max(range(2), key=lambda i: luck[i])
    print(f"action {c.index:3d} {c.label:14s} {names[who]} {100 * luck[who]:+.0f} points "
          f"(quick estimate: {100 * max(c.luck):+.0f})")

# %% [markdown]
# ## For designers
#
# The same measure over many games says how much a rule set depends on the dice:
# `tt.luck_and_skill(game, ["random", "greedy"], games=200)` gives each bot's mean luck and
# error, and the share of results luck explains. The designer's guide compares two
# variants this way.
