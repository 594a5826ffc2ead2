# %% [markdown]
# # A Pleasant Journey to Neko
#
# Each player sails to Neko Harbour along **ship lanes** built from cards. Every round the
# players roll six dice and **draft** them (keep one, pass the rest to the left), spend one
# die on income, take a **reward** chosen by their lowest die, and then use their dice in
# turn: **bid** for the cards on display, **activate hubs** (where two cards of a lane meet)
# or cards, or simply **take fish**. Fuel moves ships along the lanes; a ship crossing cards
# scores their penguin points (PP). Four rounds, two mid-game scorings, a final scoring.
#
# This notebook shows the engine (`tabletop_nb.load_game("neko")`), a lane as a graph, the
# exact odds of the draft and the rewards, a round against bots in `GameApp`, and a small
# simulation by seat and by strategy. Every cell runs in a few seconds.
#
# The rulebook prints no card list, so the 50 cards (costs, PP, half-hubs, port cargo) are
# **reconstructed data** (`game.rules.cards`, from `games/neko/data/cards.toml`); the
# readings of the rulebook's ambiguities are in `games/neko/RULINGS.md`, most of them as
# switches on the rules.

# %%
import tabletop_nb as tt
from tabletop_nb.games.neko import odds, view
from tabletop_nb.games.neko.board import lane_graph, reachable_stops

game = tt.load_game("neko", players=3)
game

# %% [markdown]
# ## The table
#
# A game in progress (the greedy bot in every seat, 40% of the way through). At the top the
# **bidding area**: the cards on display, each with its name, cost and PP (hover a card for
# its half-hubs, cargo and activation space), and under it every player's bid, in the
# player's colour. Below, one panel per player: name, PP, coins, fuel, goods, fish,
# interference and the dice in hand on the top lines; then one row per **lane** with its
# five card slots. Under the cards run the **hubs** (a circle with the die it needs, then
# the item it gives, e.g. "2 fuel"; grey "x2" or "coin" are halves still waiting for a
# neighbour card) and, one row lower, the **ships** (triangles; "x2" when two share a stop).
# Port cards show their cargo spaces as dots, filled when a good lies there.

# %%
record = tt.play(game, "greedy", seed=4)
states = tt.replay(game, record)
middle = states[len(states) * 2 // 5]
print(game.phase(middle))
view.figure(game, middle)

# %%
assert len(view.layers(game, middle)) == len(view.LAYERS)   # the same layers for every state
assert game.is_terminal(states[-1]) and len(game.winners(states[-1])) == 1
print("final scores:", game.scores(states[-1]), "winner:", game.player_name(game.winners(states[-1])[0]))

# %% [markdown]
# ## A ship lane is a path graph
#
# The stops of a lane are the boundaries between its card slots (a ship at boundary k has
# crossed k cards) and the internal hubs printed on ports. `lane_graph` builds them as a
# networkx graph: one edge per ship move, and **no edge across an empty slot**, so a ship
# stops at a gap. Here a lane holds an Ocean Bank, a Port (one internal hub), a Fuel
# Platform, an empty slot and a Blue Bar.

# %%
rules = game.rules
bank, port, platform, bar = 1, 14, 5, 8            # card ids from the reconstructed list
lane = (bank, port, platform, -1, bar)
g = lane_graph(game, lane)
for node, data in g.nodes(data=True):
    print(node, data["kind"], data["multiplier"], data["item"], "crossed", data["crossed"])
print("a ship at the start can reach:", reachable_stops(game, lane))
assert reachable_stops(game, lane)[-1] == (3, 0)     # it waits at the gap before slot 4

# %% [markdown]
# ## Draft and reward odds
#
# After income each player holds five dice, and **the lowest die** decides the rewards on
# offer: a lowest die L opens every reward at level L or higher (a 1 opens all six; five 6s
# leave only the 5 coins). `odds.lowest_die` gives the exact distribution for independent
# dice, `odds.reward_chance` the chance that a reward is on offer. In the draft you choose
# your dice, so these are the odds your picks move away from: keeping a low die guarantees
# the "buy a card" reward.

# %%
low = odds.lowest_die(rules, 5)
for v, p in low.pmf.items():
    print(f"lowest die {v}: {str(p):>11} = {float(p):.3f}")
for reward in ("card", "goods", "fish", "interference", "fuel", "coins"):
    print(f"{reward:>12}: on offer with probability {float(odds.reward_chance(rules, reward, 5)):.3f}")
assert odds.reward_chance(rules, "card", 5) == 1 - (low.prob(lambda v: v > 1))

# %%
from tabletop_nb import viz
viz.dice_odds([low])

# %% [markdown]
# The exact numbers against the engine: roll five dice 2,000 times, put them in a player's
# hands at Get Rewards, and count how often the engine offers "buy a card".

# %%
import numpy as np
from tabletop_nb.games.neko.engine import REWARD
from tabletop_nb.games.neko.state import NekoState, Player, Reward

rng = np.random.default_rng(1)
template = states[0]
hits = 0
n = 2000
for _ in range(n):
    dice = tuple(sorted(int(x) for x in rng.integers(1, 7, size=5)))
    players = (Player(dice=dice, interference=1),) + template.players[1:]
    s = game.advance(NekoState(**{**{f: getattr(template, f) for f in NekoState.__slots__},
                                  "players": players, "phase": REWARD, "frames": (), "turn": 0,
                                  "round": 1, "order": (0, 1, 2)}))
    hits += Reward("card") in game.legal_actions(s)
exact = float(odds.reward_chance(rules, "card", 5))
print(f"engine offered 'buy a card' in {hits / n:.3f} of rolls; exact {exact:.3f}")
assert abs(hits / n - exact) < 0.04

# %% [markdown]
# **Turn order** goes by dice total, highest first (and the new first player takes an
# interference tile). With five random dice each, the chance of each place depends on where
# you sat before, since ties go to the earlier player:

# %%
import pandas as pd

exact_places = {k: odds.turn_order_place(rules, None, previous=k) for k in range(3)}
places = pd.DataFrame({f"previously {k + 1}.": {place: float(p) for place, p in d.pmf.items()}
                       for k, d in exact_places.items()}).round(3)
places.index.name = "new place"
places

# %%
assert all(sum(d.pmf.values()) == 1 for d in exact_places.values())      # exact fractions
assert exact_places[0].prob(1) > exact_places[2].prob(1)                  # ties favour the earlier
# with a total of 22 you are first in most rounds:
print("first with 22 from last place:", float(odds.first_player_chance(rules, 22, previous=2)))

# %% [markdown]
# **Hitting a hub.** A hub needs a die equal to its multiplier. One fuel turns a die by +/-1
# (6 and 1 are neighbours), and Penguin Park's reroll tile rolls a die again. The chance that a
# reroll gives a needed value, alone or with up to 1 or 2 fuel:

# %%
for targets in ({1}, {1, 2}, {3}):
    row = [float(odds.reach_chance(rules, targets, fuel)) for fuel in (0, 1, 2)]
    print(f"need {sorted(targets)}: reroll {row[0]:.3f}, with 1 fuel {row[1]:.3f}, with 2 fuel {row[2]:.3f}")
assert odds.reach_chance(rules, {1}, fuel=1) == odds.reach_chance(rules, {6, 1, 2})

# %% [markdown]
# ## Play a round against bots
#
# `GameApp` shows the table; the buttons list every legal action (with prices), and the
# board is clickable where a choice is a place: a bidding space bids your highest die, a
# hub places its die, a ship moves, an empty slot takes the card being bought. Seat 0 is
# you (Yellow); Red is the greedy bot, Purple plays at random. Press **Roll** when the
# dice or the deck are next (tick *set up the roll myself* to choose the outcome), **step**
# for one bot action or roll, **to end of turn** to play the bots until it is your turn again,
# **autoplay** to let the bots run (**stop** pauses them), **undo** to take back your last
# decision.

# %%
from tabletop_nb.widgets import GameApp

app = GameApp(game, seats=["human", "greedy", "random"], seed=1)
app

# %% [markdown]
# The app can be driven from Python too. Here Yellow's moves are the greedy bot's
# suggestions until the end of round 1 (the app refuses nothing: every choice is legal);
# run the cell again to play on, or click in the app above.

# %%
from tabletop_nb.games.neko.bots import greedy_bot

def play_round(app, rng=np.random.default_rng(0)):
    """Bots and dice move by themselves; Yellow (seat 0) takes the greedy bot's advice."""
    # the page may have moved the app's timeline back (a click, or the slider sending an old
    # position late): then the app only reviews and refuses to play, so play from its end
    app.goto(len(app.history) - 1)
    end = max(app.state.round, 1) + 1          # the setup counts as round 0
    while not game.is_terminal(app.state) and app.state.round < end:
        before = len(app.history)
        app.run()                               # until Yellow must act
        s = app.state
        if game.current_player(s) == 0 and s.round < end:
            assert app.choose(greedy_bot(game, game.observation(s, 0), rng)), app.message
        assert len(app.history) > before, f"the app took no step: {app.message}"  # never spin
    return app.state

s = play_round(app)
print(game.phase(s), "| PP:", game.scores(s), "| Yellow holds", [game.card_name(c) for c in s.players[0].cards])
assert s.round >= 2

# %% [markdown]
# ## Simulation: by seat and by strategy
#
# Thirty 3-player games with the greedy bot in every seat show the seat effect (the start
# player takes an interference tile every time they are first); mixing in random players
# shows how much the strategy matters. `tt.simulate` returns one row per game and seat.

# %%
greedy = tt.simulate(game, "greedy", games=30, seed=2, progress=False, executor="serial")
by_seat = greedy.groupby("seat").agg(win_rate=("winner", "mean"), mean_PP=("score", "mean")).round(2)
by_seat

# %%
mixed = tt.simulate(game, ["greedy", "random", "random"], games=30, seed=3, progress=False,
                    executor="serial")
by_bot = mixed.groupby("bot").agg(win_rate=("winner", "mean"), mean_PP=("score", "mean")).round(2)
by_bot

# %%
assert by_bot.loc["greedy", "win_rate"] > 0.7       # greedy clearly beats random
assert len(greedy) == 90 and greedy.groupby("game").winner.sum().eq(1).all()
viz.win_rates(mixed, by="bot")

# %% [markdown]
# ## Rules are data
#
# Every printed number is a field of `game.rules`. A designer changes one and reruns, for
# example a coin hub paying 1 coin per multiple instead of 2 (the rulebook's examples
# disagree, see RULINGS.md NK-HUB-06), or the advanced game:

# %%
variants = {"base": game, "coin unit 1": game.with_rules(coin_unit=1),
            "advanced cards": game.with_rules(advanced_cards=True)}
rows = []
for name, g in variants.items():
    df = tt.simulate(g, "greedy", games=15, seed=5, progress=False, executor="serial")
    rows.append({"rules": name, "mean PP": round(df.score.mean(), 1),
                 "winner's PP": round(df[df.winner].score.mean(), 1)})
pd.DataFrame(rows).set_index("rules")
