# %% [markdown]
# # Start here: tabletop_nb
#
# **tabletop_nb** turns three published dice board games into rules engines you can play,
# step through and simulate right here in Jupyter:
#
# * **Pebble Rock Delivery Service**: boats deliver cargo and passengers round an archipelago; five dice with symbols.
# * **A Pleasant Journey to Neko**: dice drafting, bidding for cards and building ship lanes.
# * **Pacal's Rocket**: spaceships fly over a grid board and build pyramids from constellations of stones.
#
# Every roll is a *chance node* with exact odds, so the same engine can tell you the exact
# probability of something *and* simulate thousands of games. This notebook shows the tour;
# the other notebooks go deeper (see the end).
#
# Run the cells from top to bottom with **Shift+Enter**.

# %%
import tabletop_nb as tt

tt.list_games()

# %%
assert tt.list_games() == ["neko", "pacal", "pebble_rock"]

# %% [markdown]
# ## Opening a game
#
# `tt.load_game(name, players=N)` gives a game. A game is a *rule book in code*: it knows
# who moves, what they may do, and what the dice can show. It never changes a position in
# place: every action makes a new state, so you can go back, replay or branch.

# %%
for name in tt.list_games():
    game = tt.load_game(name)
    print(f"{name:12} {game.num_players} players by default; dice: {', '.join(game.dice)}")

# %%
game = tt.load_game("pebble_rock", players=3)
state = game.initial_state()
print("to act:", game.current_player(state), "(", tt.CHANCE, "means the dice or the deck decide )")
print(game.phase(state))

# %% [markdown]
# ## Rules are data
#
# Every number the rulebook prints lives in `game.rules`. Change one and you get a new game;
# a change that makes no sense is refused with a message naming the rule.

# %%
print([f.name for f in game.rules.fields_info()][:12], "...")
longer = game.with_rules(rounds=12)
longer.rules.rounds

# %%
try:
    game.with_rules(rounds=0)
except tt.RulesError as err:
    print("refused:", err)

# %% [markdown]
# ## A first look at dice odds
#
# Each game's real dice are `tt.Die` values with **exact** probabilities (fractions, not
# decimals). Pebble Rock's *Steady* die moves a boat 2, 3 or 4 spaces. What does rolling it
# twice give? The table gives each total's exact chance; in the chart below, the blue bars
# are the exact odds and the red diamonds the share of 1,000 simulated rolls.

# %%
steady = game.dice["steady"]
two_rolls = (steady + steady).named("two Steady rolls")
two_rolls

# %%
from fractions import Fraction

assert sum(two_rolls.pmf.values()) == 1
assert two_rolls.prob(8) == Fraction(1, 9)
print("chance of 6 or more:", two_rolls.at_least(6), "=", float(two_rolls.at_least(6)))

# %%
from tabletop_nb import viz

viz.dice_odds([steady, steady], rolls=1000, rng=1)

# %% [markdown]
# ## Play
#
# `tt.GameApp` puts a game on the screen: the board, everyone's resources, the legal
# actions as buttons, bots that step or autoplay, undo and a timeline. Here you are seat 0
# against two greedy bots. The game opens with a chance step: press **Roll** (tick *set up
# the roll myself* to choose the outcome instead). Then press one of your action buttons,
# or click a highlighted place on the board. **step** plays one bot action or roll, **to
# end of turn** plays the bots until it is your turn again, **autoplay** runs the bots (**stop**
# pauses them), **undo** takes back your last decision, and the **timeline** slider
# replays the game so far.

# %%
app = tt.GameApp(game, seats=["human", "greedy", "greedy"], seed=1)
app

# %% [markdown]
# ## Simulate
#
# `tt.simulate` plays many games with bots and returns a table with one row per game and
# seat. Fifty quick games here; a designer would run thousands (see `rule_lab.ipynb`).

# %%
df = tt.simulate(game, bots=["greedy", "random", "random"], games=50, seed=1, progress=False)
df.groupby("bot")[["winner", "score"]].mean()

# %%
assert len(df) == 50 * 3
viz.win_rates(df, by="bot")

# %% [markdown]
# ## Where next
#
# * `dice_odds.ipynb`: a probability lesson built on the games' real dice.
# * `pebble_rock.ipynb`, `neko.ipynb`, `pacal.ipynb`: each game, its odds and a simulation summary.
# * `rule_lab.ipynb`: change a rule and measure what it does, with confidence intervals.
# * `balance.ipynb`: which rule values make a game fair? A balance search per game, its answer
#   checked on fresh dice.
# * `widgets_tour.ipynb`: every widget of the package (game app, dice lab, rules editor,
#   replay viewer) in one place.
