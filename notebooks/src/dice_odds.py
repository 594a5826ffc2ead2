# %% [markdown]
# # Dice odds: a probability lesson on real board-game dice
#
# This lesson uses the dice of three real games, **Pebble Rock Delivery Service**,
# **A Pleasant Journey to Neko** and **Pacal's Rocket**, to teach probability: exact odds beside simulated rolls,
# expected value and spread, the law of large numbers, the lowest and the sum of several
# dice, conditional probability, and a decision under risk.
#
# Each section has an exercise: type your answer as a fraction (5/9), a decimal (0.556)
# or a percent (55.6%) and press Enter or "Check".

# %% [markdown] tags=["teacher"]
# *For teachers:* run it in JupyterLab, or serve it to the class as an app with the code
# hidden (`make classroom`, which prints the address students type; or `make voila` for
# yourself). Cells tagged `teacher`, like this one, are left out of the app. In JupyterLab,
# `teacher_mode(True)` shows every exercise's worked answer; the class's pooled rolls are in
# `notebooks/class_rolls.ipynb`.

# %%
from fractions import Fraction

from IPython.display import Markdown

import tabletop_nb as tt
from tabletop_nb import Die, viz
from tabletop_nb.answers import fraction_words
from tabletop_nb.widgets.exercise import Exercise, teacher_mode  # noqa: F401  (for a teacher's cell)


def pct(p):
    """A probability as a percent with one decimal, as the tables show it."""
    return f"{float(p) * 100:.1f}%"


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
high = [f for f in speedy.faces if f >= 5]
Exercise("What is the probability that the Speedy die shows 5 or more?", speedy.at_least(5),
         f"Faces {', '.join(map(str, high[:-1]))} and {high[-1]} are {len(high)} of the "
         f"{len(speedy.faces)} faces: {len(high)}/{len(speedy.faces)} = {{answer}}.",
         hints=["Count the faces that show 5 or more.",
                "Each face is equally likely: divide by the number of faces."])

# %%
assert speedy.at_least(5) == Fraction(1, 2)

# %%
ROLLS = 600
viz.dice_odds(speedy, rolls=ROLLS, rng=1)

# %%
Markdown(f"The blue bars are the exact odds, each labelled with its fraction; the red diamonds are "
         f"the share of {ROLLS} simulated rolls that showed each face. They are close, but not equal: "
         f"a simulation only *estimates* a probability.")

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
assert [f for f in steady.faces if f * 2 == 8] and max(steady.faces) < 8  # only a doubled face makes 8
Exercise("With Steady + Resource, what is the chance of moving exactly 8 spaces?", steady_move.prob(8),
         f"Only a 4 doubled by winds gives 8: P(4) x P(winds) = {steady.prob(4)} x "
         f"{resource.prob('winds')} = {{answer}}.",
         hints=["Which Steady face, doubled by winds, makes 8?",
                "The two dice are independent: multiply their chances."])

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
assert speedy.mean > steady_move.mean > steady.mean and speedy.std > steady.std  # the prose above
assert steady_move.mean == steady.mean * (1 + resource.prob("winds"))  # winds doubles 1 roll in 6

# %% [markdown]
# ## 4. The law of large numbers
#
# Roll a die many times and the share of rolls showing an event settles down to its exact
# probability. Try it in the dice lab: pick dice, roll 1, 10 or 1000 at a time, and move
# the slider to ask "total at least k?".

# %%
from tabletop_nb.classroom import class_store

# in class mode (make classroom) each student rolls fresh dice, and the rolls are pooled
tt.DiceLab(dice, seed=None if class_store() else 1, pick=["speedy"], class_store="env")

# %%
viz.running_frequency(speedy, 5, rolls=2000, rng=3, view="at_least")

# %%
Markdown(f"After a few rolls the running share jumps around; after a thousand it hugs the exact "
         f"{fraction_words(speedy.at_least(5))}. The law does **not** say that a run of low rolls must "
         f"be \"made up\" by high ones: the dice have no memory. The early streaks are simply diluted "
         f"by later rolls.")

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

# %%
likeliest = max(total.pmf, key=total.pmf.get)
lo, hi = min(total.outcomes), max(total.outcomes)
assert total.prob(lo) == total.prob(hi) == d6.prob(1) ** 6  # one way each: all ones, all sixes
Markdown(f"A sum of several dice piles up in the middle (a bell shape): there are many ways to make "
         f"{likeliest} ({pct(total.prob(likeliest))}) and only one way each to make {lo} or {hi}. "
         f"(In the game the dice are then drafted, so these are the odds of your first roll.)")

# %%
Exercise("What is the chance that the lowest of six dice is at least 3?", lowest.at_least(3),
         f"Every die must show 3 or more, probability {d6.at_least(3)} each: "
         f"({d6.at_least(3)})<sup>6</sup> = {{answer}}.",
         hints=["The lowest is at least 3 only if every one of the six dice is at least 3.",
                "The six dice are independent: multiply six equal chances."])

# %%
assert lowest.at_least(3) == d6.at_least(3) ** 6

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
assert min(fish.faces) >= 1  # any Fish-die roll takes a lone fish
Exercise("You hold 1 fish and roll Speedy + Danger. What is the chance the Danger die costs you that fish?",
         p_larry * fish_lost(1).at_least(1),
         f"Larry must show ({p_larry}); then any Fish-die roll "
         f"({', '.join(map(str, sorted(set(fish.faces))))}) takes your only fish: {{answer}}.",
         hints=["First Larry must show on the Danger die.",
                "Given Larry, how often does the Fish die take at least 1 fish?"])

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
pip_faces = [f for f in special.faces if f != "arrows"]
Exercise("On Pacal's die, what is the chance of 3 pips, given that the roll is not arrows?", pips.prob(3),
         f"{pip_faces.count(3)} of the {len(pip_faces)} pip faces show 3: {{answer}}. "
         f"(Unconditionally it is {special.prob(3)}.)",
         hints=["Leave out the arrows face: only the pip faces count.",
                "Count the pip faces that show 3."])

# %%
assert pips.prob(3) == Fraction(pip_faces.count(3), len(pip_faces))

# %% [markdown]
# ## 7. A decision under risk: which dice should I roll?
#
# An island is *k* spaces away. Each fish you spend buys one extra space after the roll.
# Which choice makes reaching it more likely, and what does the Danger die risk?

# %%
def reach(move, k, fish_to_spend=0):
    return move.at_least(k - fish_to_spend)

ks = list(range(2, 11))
rows = [(k, reach(steady_move, k), reach(speedy, k), reach(steady_move, k, 2), reach(speedy, k, 2))
        for k in ks]
viz.table(rows, ["spaces away", "Steady + Resource", "Speedy + Danger",
                 "Steady + Resource, 2 fish", "Speedy + Danger, 2 fish"], "Chance to reach the island this turn")

# %%
import plotly.graph_objects as go

fig = go.Figure([go.Scatter(x=ks, y=[float(reach(steady_move, k)) for k in ks], name="Steady + Resource"),
                 go.Scatter(x=ks, y=[float(reach(speedy, k)) for k in ks], name="Speedy + Danger")])
fig.update_layout(xaxis_title="spaces to the island", yaxis_title="P(reach this turn)", height=350,
                  template="plotly_white")
fig

# %%
both_sure = [k for k in ks if reach(steady_move, k) == reach(speedy, k) == 1]
speedy_ahead = [k for k in ks if reach(speedy, k) > reach(steady_move, k)]
steady_ahead = [k for k in ks if reach(steady_move, k) > reach(speedy, k)]
neither = [k for k in ks if reach(steady_move, k) == reach(speedy, k) == 0]
# the sentences below read these lists as runs of neighbouring distances, in this order
assert both_sure + speedy_ahead + steady_ahead + neither == ks
assert speedy_ahead == list(range(speedy_ahead[0], speedy_ahead[-1] + 1))
near = speedy_ahead[0]
widest = max(speedy_ahead, key=lambda k: reach(speedy, k) - reach(steady_move, k))
loss3 = p_larry * fish_lost(3).mean
Markdown(
    f"At {both_sure[-1]} space{'s' if both_sure[-1] > 1 else ''} both choices are sure. From {near} to "
    f"{speedy_ahead[-1]} spaces Speedy + Danger is the better chance, already at {near} "
    f"({pct(reach(speedy, near))} against {pct(reach(steady_move, near))} with Steady + Resource), "
    f"and most at {widest} ({pct(reach(speedy, widest))} against "
    f"{pct(reach(steady_move, widest))}). At {', '.join(map(str, steady_ahead))} spaces only "
    f"Steady + Resource can get there ({pct(reach(steady_move, steady_ahead[0]))}: a {max(steady.faces)} "
    f"doubled by winds), because Speedy's highest face is {max(speedy.faces)}; from {neither[0]} spaces "
    f"on, neither reaches without fish. Steady + Resource also brings fish or cargo, while Speedy + Danger "
    f"costs an expected {loss3} fish lost to Larry with 3 fish in the hold (section 6). That trade-off is "
    f"the heart of every turn of Pebble Rock.")

# %%
best6 = max(reach(steady_move, 6), reach(speedy, 6))
assert best6 == reach(speedy, 6) > reach(steady_move, 6)
Exercise("The island is 6 spaces away and you have no fish. What is your best chance of reaching it this turn?",
         best6,
         f"Steady + Resource reaches 6 only with a 3 or 4 doubled by winds: "
         f"{steady.at_least(3)} x {resource.prob('winds')} = {reach(steady_move, 6)}. Speedy shows "
         f"6 or more with probability {{answer}}: roll Speedy + Danger.",
         hints=["Work out both choices and take the larger.",
                "Speedy + Danger reaches 6 when Speedy shows 6 or more."])

# %% [markdown] tags=["teacher"]
# *For teachers:* a good discussion question: with 2 fish to spend, which choice is better at
# each distance? (The table's last two columns.) `teacher_mode(True)` in a cell shows every
# worked answer at once.
