# %% [markdown]
# # The rule lab: change a rule, measure what it does
#
# A designer's loop: change one rule in the first cell, play the same games under both
# rules, and read what changed, with confidence intervals so that luck is not mistaken for
# an effect. Every variant plays **the same seeds** (the same dice, as far as the games
# agree), and differences are tested game by game, which needs far fewer games.
#
# **The change we test here, in words:** *in Pebble Rock, boats carry 5 cargo instead of 4.*
# Edit the cell below to test your own idea, then run all cells.

# %%
import tabletop_nb as tt

GAMES = 60          # per variant: enough to run in seconds; see the end for bigger runs
SEED = 1

base = tt.load_game("pebble_rock", players=4)
variant = base.with_rules(cargo_capacity=5)
variant.rules.changes_from(base.rules)

# %% [markdown]
# A rule change that makes no sense is refused, naming the rule:

# %%
try:
    base.with_rules(cargo_capacity=-1)
except tt.RulesError as err:
    print(err)

# %% [markdown]
# ## Compare the two variants
#
# Greedy bots play every seat. The report gives each metric with its 95% interval, and for
# the variant its change from the base game; a `*` marks a change that is significant at
# the 5% level.

# %%
cmp = tt.compare_rules({"base": base, "cargo 5": variant}, bots="greedy", games=GAMES, seed=SEED,
                       progress=False)
print(cmp.summary())

# %%
cmp.report()

# %%
assert set(cmp.labels) == {"base", "cargo 5"}
assert cmp.table.game.nunique() == GAMES

# %% [markdown]
# **First-player advantage**: win rate by seat. With four players a fair game gives every
# seat a win rate of 1/4 (the dotted line).

# %%
cmp.figure()

# %%
cmp.figure("score_mean")

# %% [markdown]
# ## Sweep one rule
#
# How does game length change the game? Here the number of rounds goes from 6 to 10.
# Each point is a mean with its 95% band.

# %%
sw = tt.sweep(base, "rounds", [6, 8, 10], bots="greedy", games=GAMES // 2, seed=SEED, progress=False)
sw.figure(["score_mean", "lead_changes"])

# %%
curve = sw.curve("score_mean")
assert curve.value.is_monotonic_increasing  # more rounds, more deliveries, more points
curve

# %% [markdown]
# ## Luck or skill?
#
# The greedy bot plays against three random bots, taking each seat in turn. If the dice
# decided everything it would win 1 game in 4; the *skill share* scales its real win rate
# from 0 (pure luck) to 1 (the better player always wins).

# %%
ls = tt.luck_vs_skill(base, "greedy", "random", games=GAMES, seed=SEED, progress=False)
print(ls.summary())
ls.figure()

# %% [markdown]
# ## A rule the rule values cannot express
#
# Some ideas are not a number to change. The engine asks each such rule of one small,
# documented method, a *hook*; a new rule is a subclass that overrides one, written in a
# cell, and the engine, `simulate`, `compare_rules` and `tt.GameApp(variant)` take it like
# any game. `tt.hooks(game)` lists a game's hooks: what each returns, the rules it decides,
# whether the bots take it into account, and an example.

# %%
tt.hooks("pebble_rock")

# %% [markdown]
# Whether the new rule changes anything, whether the bots play it, and whether it breaks
# the game is not something to take on trust: `tt.check_rule(variant)` plays seeded games
# of the variant with the game's invariants checked after every action, asks each bot's
# every decision again of the printed game and of a subclass that changes nothing (the
# control, which must change exactly 0 decisions), and compares the two games' results with
# intervals. Its first line is the answer; the tables below it give the details. (Its
# default is 200 greedy games and 2 search games; fewer here, so that each cell takes
# seconds: the search bot is checked on Pacal's rule below.)
#
# **Pebble Rock:** *jetstreams cost 2 fish, but each player's first one is free* (the
# printed game charges nothing: the hook is `jetstream_fee`).

# %%
from tabletop_nb.games.pebble_rock import PebbleRockGame


class FirstJetstreamFree(PebbleRockGame):
    """Jetstreams cost 2 fish, but each player's first one is free."""

    def jetstream_fee(self, s, seat):
        return 0 if s.players[seat].jetstreams == 0 else 2


jets = FirstJetstreamFree(base.rules)
check = tt.check_rule(jets, games=GAMES // 3, bots=("greedy",), seed=SEED)
check

# %%
assert check.ok and check.control_changes == 0
print(check.summary().split("\n")[0])

# %% [markdown]
# A rule that seldom bites is worth knowing about too: the first line says in how many of
# these games a hook's value differed from the printed game's at all.
#
# **Neko:** *a tie on a bidding space goes to the later bidder* (the rulebook gives it to
# the player earlier in turn order: `wins_tie`). The bots ask the same method what it
# takes to lead a space, so their bids should change where a tie is at stake:

# %%
from tabletop_nb.games.neko import NekoGame


class LaterBidderWins(NekoGame):
    """Ties on a bidding space go to the later bidder."""

    def wins_tie(self, s, p, q):
        return s.order.index(p) > s.order.index(q)


neko = tt.load_game("neko", players=4)
check = tt.check_rule(LaterBidderWins(neko.rules), games=GAMES // 3, bots=("greedy",), seed=SEED)
print(check.summary())

# %%
assert check.ok and check.control_changes == 0
check.decisions()

# %% [markdown]
# **Pacal's Rocket:** *a rocket moves twice when the die repeats last round's face* (the
# hook is `moves_this_turn`). The hook table says why the greedy bot cannot take this one
# into account (it looks one move ahead); the search bot's rollouts play the second moves.

# %%
from tabletop_nb.games.pacal import PacalGame


class TwiceOnDoubles(PacalGame):
    """A rocket moves twice when the die shows the same face as last round."""

    def moves_this_turn(self, s):
        return 2 if s.face == s.last_face else 1


pacal = tt.load_game("pacal", players=4)
print(tt.hooks(pacal)["moves_this_turn"].bots_note)
check = tt.check_rule(TwiceOnDoubles(pacal.rules), games=GAMES // 3, bots=("greedy", "search"),
                      search_games=1, search_budget=4, seed=SEED)
print(check.summary())

# %%
assert check.ok and check.control_changes == 0
check.effects()

# %% [markdown]
# ## Running bigger
#
# Sixty games give wide intervals: a real study wants thousands. The same calls take
# `games=10_000`; runs of 2,000 games or more use all your cores automatically, show a
# progress bar, and keep what finished if you press stop. For a cluster, pass a Dask
# executor:
#
# ```python
# from distributed import Client
# client = Client("tcp://scheduler:8786")          # or Client() for a local cluster
# tt.compare_rules({...}, bots="greedy", games=50_000, seed=1, executor=client.get_executor())
# ```
#
# Any single game of a run can be replayed alone: row `game == i` was played from
# `tt.core.runner.game_seed(SEED, i)`.

# %%
from tabletop_nb.core.runner import game_seed

row = cmp.table[(cmp.table.variant == "base") & (cmp.table.game == 3)]
rec = tt.play(base, "greedy", seed=game_seed(SEED, 3))
assert list(rec.scores) == list(row.score)
rec.scores
