# %% [markdown]
# # Dice odds: a probability lesson on real board-game dice
#
# This lesson uses the dice of three real games, **Pebble Rock Delivery Service**,
# **A Pleasant Journey to Neko** and **Pacal's Rocket**, to teach probability: exact odds beside simulated rolls,
# expected value and spread, the law of large numbers, the lowest and the sum of several
# dice, conditional probability, and a decision under risk.
#
# *For teachers:* run it in JupyterLab, or open it as an app with the code hidden
# (`voila notebooks/dice_odds.ipynb`, or the "classroom app" Binder badge in the README).
# Each section ends with an exercise whose answer hides behind a button.

# %%
from fractions import Fraction

import tabletop_nb as tt
from tabletop_nb import Die, viz
from tabletop_nb.widgets.exercise import Exercise

pebble = tt.load_game("pebble_rock")
dice = pebble.dice
speedy, steady, resource, danger, fish = (dice[k] for k in ("speedy", "steady", "resource", "danger", "fish"))
viz.dice_faces(dice)

# %% [markdown]
# ## 1. One die: exact odds
#
# In Pebble Rock you move your boat with either the **Speedy** die or the **Steady** die.
# Each face is equally likely, so the probability of a number is
# *(faces showing it) / 6*. Python keeps these as exact fractions (`speedy.pmf`); shown
# here as tables.

# %%
viz.side_by_side(speedy, steady)

# %%
viz.dice_odds(speedy, rolls=600, rng=1)

# %% [markdown]
# The blue bars are the exact odds, each labelled with its fraction; the red diamonds are
# the share of 600 simulated rolls that showed each face. They are close, but not equal:
# a simulation only *estimates* a probability.

# %%
Exercise("What is the probability that the Speedy die shows 5 or more?",
         "Faces 5, 6 and 7 are three of the six faces: <b>3/6 = 1/2</b>.")

# %%
assert speedy.at_least(5) == Fraction(1, 2)

# %% [markdown]
# ## 2. Two dice together
#
# You never roll a movement die alone: **Steady** comes with the **Resource** die, **Speedy**
# with the **Danger** die. On the Resource die, *winds* doubles your movement. The two dice
# are independent, so the chance of a pair of faces is the product of their chances.

# %%
steady_and_resource = Die.joint(steady, resource)
steady_move = steady_and_resource.map(lambda t: t[0] * 2 if t[1] == "winds" else t[0], name="steady + resource")
steady_move

# %%
assert sum(steady_move.pmf.values()) == 1
assert steady_move.prob(8) == steady.prob(4) * resource.prob("winds")
viz.dice_odds(steady_move, rolls=600, rng=2)

# %%
Exercise("With Steady + Resource, what is the chance of moving exactly 8 spaces?",
         "Only a 4 doubled by winds gives 8: P(4) x P(winds) = 1/3 x 1/6 = <b>1/18</b>.")

# %% [markdown]
# ## 3. Expected value and spread
#
# The **expected value** (mean) is the long-run average of a roll; the **standard
# deviation** says how far a roll typically lands from it. Speedy goes further on average;
# Steady is more predictable, except for the occasional wind.

# %%
for label, d in [("Speedy", speedy), ("Steady", steady), ("Steady + Resource", steady_move)]:
    print(f"{label:18} mean {str(d.mean):>6} = {float(d.mean):.2f}   spread (sd) {d.std:.2f}")

# %%
assert speedy.mean == Fraction(9, 2) and steady.mean == 3
assert steady_move.mean == steady.mean * Fraction(7, 6)  # winds doubles 1 roll in 6

# %% [markdown]
# ## 4. The law of large numbers
#
# Roll a die many times and the share of rolls showing an event settles down to its exact
# probability. Try it in the dice lab: pick dice, roll 1, 10 or 1000 at a time, and move
# the slider to ask "total at least k?".

# %%
tt.DiceLab(dice, seed=1, pick=["speedy"])

# %%
viz.running_frequency(speedy, 5, rolls=2000, rng=3, view="at_least")

# %% [markdown]
# After a few rolls the running share jumps around; after a thousand it hugs the exact
# 1/2. The law does **not** say that a run of low rolls must be "made up" by high ones:
# the dice have no memory. The early streaks are simply diluted by later rolls.

# %% [markdown]
# ## 5. The lowest and the sum of several dice (Neko)
#
# In A Pleasant Journey to Neko everyone rolls six ordinary dice. The **lowest** die decides
# which rewards you may choose, and the **total** decides the turn order. The lowest of six
# is small most of the time: it is 6 only if all six dice are 6.

# %%
d6 = tt.load_game("neko").dice["d6"]
lowest = d6.lowest(6).named("lowest of six d6")
lowest

# %%
assert lowest.prob(1) == 1 - Fraction(5, 6) ** 6
print(f"P(lowest is 1) = {float(lowest.prob(1)):.3f}; P(lowest is 6) = {lowest.prob(6)}")
viz.dice_odds(lowest)

# %%
total = d6.total(6)
print("mean total", total.mean, " P(total >= 25) =", total.at_least(25), f"= {float(total.at_least(25)):.3f}")
viz.dice_odds([d6] * 6, rolls=2000, rng=4)

# %% [markdown]
# A sum of several dice piles up in the middle (a bell shape): there are many ways to make
# 21 and only one way to make 6 or 36. (In the game the dice are then drafted, so these are
# the odds of your first roll.)

# %%
Exercise("What is the chance that the lowest of six dice is at least 3?",
         "Every die must show 3 or more, probability 4/6 each: (2/3)<sup>6</sup> = <b>64/729</b>, about 0.088.")

# %%
assert lowest.at_least(3) == Fraction(64, 729)

# %% [markdown]
# ## 6. Conditional probability: Larry the Shark
#
# On the Danger die, Larry's face means Larry swims next to your boat and steals the roll of
# the Fish die in fish. *Given* that Larry shows, the loss is the Fish die (at most what you
# have); *without* that condition, you also need Larry to show first.

# %%
def fish_lost(have):
    return fish.map(lambda f: min(f, have))

p_larry = danger.prob("larry")
for have in (1, 3):
    given = fish_lost(have)
    print(f"with {have} fish: P(larry) = {p_larry}; E[loss | larry] = {given.mean}; "
          f"E[loss] = P(larry) x E[loss | larry] = {p_larry * given.mean}")

# %%
lose_two = fish_lost(3).at_least(2)
print("P(lose 2+ fish | larry) =", lose_two, "  P(lose 2+ fish) =", p_larry * lose_two)
assert p_larry * lose_two == Fraction(2, 9)

# %%
Exercise("You hold 1 fish and roll Speedy + Danger. What is the chance the Danger die costs you that fish?",
         "Larry must show (1/3); then any Fish-die roll (1, 2 or 3) takes your only fish: <b>1/3</b>.")

# %% [markdown]
# ### A die with a symbol: Pacal's Rocket
#
# Pacal's Rocket has one special die: five faces with pips and one with **arrows** (fly any
# distance along your row or column). The pips' exact values are not printed anywhere we
# could find, so these are reconstructed (see the game's data file). A *conditional*
# distribution answers "if it is not arrows, how far do I fly?".

# %%
special = tt.load_game("pacal").dice["special die"]
pips = special.given(lambda face: face != "arrows")
print("P(arrows) =", special.prob("arrows"))
pips.named("pips, given no arrows")

# %%
assert special.prob("arrows") == Fraction(1, 6)
assert pips.mean == Fraction(sum(f for f in special.faces if f != "arrows"), 5)
Exercise("On Pacal's die, what is the chance of 3 pips, given that the roll is not arrows?",
         "Two of the five pip faces show 3: <b>2/5</b>. (Unconditionally it is 2/6 = 1/3.)")

# %%
assert pips.prob(3) == Fraction(2, 5)

# %% [markdown]
# ## 7. A decision under risk: which dice should I roll?
#
# An island is *k* spaces away. Each fish you spend buys one extra space after the roll.
# Which choice makes reaching it more likely, and what does the Danger die risk?

# %%
def reach(move, k, fish_to_spend=0):
    return move.at_least(k - fish_to_spend)

rows = [(k, reach(steady_move, k), reach(speedy, k), reach(steady_move, k, 2), reach(speedy, k, 2))
        for k in range(2, 11)]
viz.table(rows, ["spaces away", "Steady + Resource", "Speedy",
                 "Steady + Resource, 2 fish", "Speedy, 2 fish"], "Chance to reach the island this turn")

# %%
import plotly.graph_objects as go

ks = list(range(2, 11))
fig = go.Figure([go.Scatter(x=ks, y=[float(reach(steady_move, k)) for k in ks], name="Steady + Resource"),
                 go.Scatter(x=ks, y=[float(reach(speedy, k)) for k in ks], name="Speedy + Danger")])
fig.update_layout(xaxis_title="spaces to the island", yaxis_title="P(reach this turn)", height=350,
                  template="plotly_white")
fig

# %% [markdown]
# Near islands (3 spaces or less) are almost as safe with Steady, which also brings fish or
# cargo; far ones need Speedy, at the price of an expected 2/3 fish lost to Larry with 3 fish
# in the hold (section 6). That trade-off is the heart of every turn of Pebble Rock.

# %%
Exercise("The island is 6 spaces away and you have no fish. Which dice, and with what chance?",
         "Steady + Resource reaches 6 only with a 3 or 4 doubled by winds: 2/3 x 1/6 = 1/9. "
         "Speedy shows 6 or 7 with probability <b>1/3</b>: roll Speedy + Danger.")

# %%
assert reach(steady_move, 6) == Fraction(1, 9) and reach(speedy, 6) == Fraction(1, 3)
