# %% [markdown]
# # Which rule values make this game fair?
#
# A designer rarely asks "is variant B different from A?". The real question is: *at this
# table size one seat wins too often; which values of these few rules give every seat an
# equal chance, without changing the game's length?* `tabletop_nb.balance(game, space, goals)`
# answers it in one cell. For each of the three games this notebook:
#
# 1. **measures first**: plays the game as printed and asks which seat wins most;
# 2. **searches**: races a few settings of 2-3 rules that plausibly move that seat's edge;
# 3. **checks the answer** with an ordinary `compare_rules` on fresh dice it has never seen.
#
# Seats are counted from 0 (seat 0 plays first), as in every table and chart of the rule lab.
#
# **Size.** `QUICK = True` below runs tiny studies so that every cell takes a few seconds (this
# is how the tests run the notebook): the intervals are wide and the verdicts are usually
# "undecided" or "likely". The numbers are *indicative only*. Set `QUICK = False` for the
# real budget (a few minutes to tens of minutes per game on two cores).

# %%
import pandas as pd

import tabletop_nb as tt
from tabletop_nb.lab.balance import with_rule_path

QUICK = True   # False: the real budget

if QUICK:
    SIZE = dict(measure=80, budget=120, batch=20, confirm_games=40, finalists=2, check=80)
else:
    SIZE = dict(measure=4000, budget=20_000, batch=200, confirm_games=None, finalists=3, check=5000)
PROGRESS = not QUICK          # progress bars and the live race chart only for real runs
VERDICTS = {"met", "likely", "none", "undecided"}
SEED_MEASURE, SEED_STUDY, SEED_CHECK = 1, 2, 3   # three different seeds: the check's dice are fresh


def pct(v):
    return f"{100 * v:.1f}%"


def seat_table(df):
    """Each seat's win rate with its 95% interval, from simulate's table."""
    from tabletop_nb.core.stats import wilson
    rows = []
    n = df.seat.nunique()
    for seat, wins in df.groupby("seat").winner:
        e = wilson(wins.sum(), len(wins))
        rows.append({"seat": f"seat {seat}", "wins": pct(e.value),
                     "95% interval": f"{pct(e.low)} to {pct(e.high)}",
                     "vs fair share": f"{100 * (e.value - 1 / n):+.1f} points"})
    return pd.DataFrame(rows).set_index("seat")


def chosen(res):
    """The setting to check: the verdict's best, else its closest, else the least bad raced."""
    if res.best:
        values = dict(res.best)
    elif res.info.get("closest"):
        values = dict(res.info["closest"])
    else:
        row = res.candidates.sort_values("badness").iloc[0]
        values = {p: row[p] for p in res.paths}
    return {p: v.item() if hasattr(v, "item") else v for p, v in values.items()}   # plain values


def said(values):
    return ", ".join(f"{p} = {v}" for p, v in values.items())


def apply_setting(game, values):
    for path, value in values.items():
        game = with_rule_path(game, path, value)
    return game


def check_table(cmp):
    """Seat win rates of the base and balanced games on the check's fresh seeds."""
    m = cmp.metrics[cmp.metrics.metric.str.startswith("win_rate_seat_")]
    rows = []
    for r in m.itertuples():
        rows.append({"seat": f"seat {int(r.metric.rsplit('_', 1)[1])}", "variant": r.variant,
                     "wins [95% interval]": f"{pct(r.value)} [{pct(r.low)}, {pct(r.high)}]"})
    return pd.DataFrame(rows).pivot(index="seat", columns="variant", values="wins [95% interval]")


# %% [markdown]
# ## How the search works, in a designer's words
#
# - **Goals are bands.** `{"fair": 0.03}` means "every seat wins its fair share (1/4 at four
#   players) plus or minus 3 points"; `{"turns": (50, 8)}` means "games last 50 turns on
#   average, plus or minus 8". A setting meets a goal when the *whole* interval of its
#   number lies inside the band, not just its estimate.
# - **Common random numbers.** Every setting plays the same dice: game 17 of one setting
#   starts from the same shuffle and rolls as game 17 of every other. A difference between
#   two settings is then the rule's doing, not the dice's, and far fewer games tell them
#   apart.
# - **Racing.** Settings play in rounds. After each round, each number gets an interval
#   that stays honest however often we look. A setting whose interval lies outside a band
#   *cannot meet* that goal and leaves the race; one that another setting beats on every
#   goal leaves too; one inside every band stops early. The games go to the settings still
#   in doubt, so the race costs a fraction of a full grid.
# - **Confirmation on fresh seeds.** The best of many noisy settings always looks better
#   than it is (the winner's curse). So the finalists play again on dice never used in the
#   race, and only those games' numbers are reported.
# - **A plan first.** The first round is a pilot: from it the study says how many games per
#   setting the goals need, how long that takes at the speed just measured, and what the
#   budget gives (`res.plan`, or `tt.plan_balance(...)` for the plan alone). When not even
#   the whole budget could decide a band, the race stops and the confirmation starts.
# - **Confirmation on fresh seeds**, finalist by finalist in order, until one meets every
#   goal. A finalist that can no longer meet every goal at the planned size (or is already
#   shown to miss one) stops early and claims nothing: the games go to the next one.
# - **Verdicts lead with the answer.** The summary's first line is it: `Met: <values>` with
#   their figures; `Likely: <values>` and which number is not sure yet; `No lever in this
#   space` with the best figure any setting reached; or `Undecided`, with what would decide
#   it. When the plan says the budget cannot decide the goals, the line starts `Not
#   decidable with this budget:` with the games a setting needs, the closest setting, a
#   number the space does not move and its levers, and what to do. Then the evidence (each stuck number's range over the settings), what to try next
#   (the levers that move it, the band the budget can show) and the plan.
# - **Levers.** `tt.levers(game, goals)` changes each rule of the game by one step, on the
#   same seeds, and says which rules surely move which number, which way and how much per
#   +1 (`balance(..., levers=True)` does it for a number the space cannot reach).

# %% [markdown]
# ## Pebble Rock at four players
#
# ### Measure first

# %%
pebble = tt.load_game("pebble_rock", players=4)
df = tt.simulate(pebble, "greedy", games=SIZE["measure"], seed=SEED_MEASURE, progress=PROGRESS)
seat_table(df)

# %%
assert set(df.seat) == {0, 1, 2, 3} and df.game.nunique() == SIZE["measure"]
print("turns per game:", sorted(df.turns.unique()))   # 10 rounds of 4 turns: length is fixed

# %% [markdown]
# **The problem.** With greedy bots the **fourth seat**, who moves last in each round, wins
# most: on 3,000 games (seed 11) seat 3 won 29.7% (28.1% to 31.3%) against the fair 25%,
# and seat 0 only 22.7% (21.3% to 24.3%). The small sample above may say less.
# Pebble Rock's length is fixed (10 rounds), so fairness is the only goal.
#
# Which rules could move it? The **catch-up option** (a player *alone* in last place may
# roll Speedy + Resource, PR-DICE-03) helps whoever is behind after the others have moved,
# which the last seat in the round is more often; the **starting fish** change how much the
# early turns matter.

# %%
pebble_res = tt.balance(pebble, {"catch_up": [True, False], "start_fish": [1, 3, 6]},
                        {"fair": 0.03}, bots="greedy", seed=SEED_STUDY, budget=SIZE["budget"],
                        batch=SIZE["batch"], confirm_games=SIZE["confirm_games"],
                        finalists=SIZE["finalists"], progress=PROGRESS, live=PROGRESS)
pebble_res

# %%
assert pebble_res.verdict in VERDICTS, pebble_res.verdict
assert pebble_res.games["race"] <= SIZE["budget"] and pebble_res.games["confirm"] > 0
pebble_res.finalists_table()

# %% [markdown]
# The race chart: each setting's interval for one seat's win rate, round by round (the
# band is the goal; a setting that left the race is greyed).

# %%
pebble_res.race_figure()

# %% [markdown]
# The trade-off between two goals (here two seats' distances from their fair share; the
# settings no other beats on both are marked), and the effect of each rule value on each
# goal, averaged over the settings that have it.

# %%
pebble_res.tradeoff_figure()

# %%
pebble_res.effects_figure()

# %% [markdown]
# The finalists' intervals from the fresh confirmation games, against the bands:

# %%
pebble_res.figure()

# %% [markdown]
# ### Check the answer with an ordinary comparison on fresh seeds
#
# The setting the study points at (its best, or with a small budget its closest) against
# the printed rules, on a seed the study never used.

# %%
pebble_pick = chosen(pebble_res)
print("checking", said(pebble_pick))
pebble_check = tt.compare_rules({"base": pebble, "balanced": apply_setting(pebble, pebble_pick)},
                                bots="greedy", games=SIZE["check"], seed=SEED_CHECK, progress=PROGRESS)
assert pebble_check.games_played == {"base": SIZE["check"], "balanced": SIZE["check"]}
check_table(pebble_check)

# %% [markdown]
# **What a bigger run said** (24 settings: `youngest_player` 0-3, `catch_up`, `start_fish`
# 1/3/6; budget 6,000 race games, then 6,134 fresh games per finalist, about 8 minutes on
# the loaded two-core machine): the verdict was **likely** for `catch_up=False,
# start_fish=1`, every seat between 23.7% and 27.0% on the fresh games (seat 0 at 27.0%,
# interval 25.5% to 28.6%), while the printed rules (`catch_up=True, start_fish=3`) kept
# seat 3 at 29.3% (27.7% to 30.9%). Turning catch-up off moves the edge from the last seat
# to the first, so the fair point lies between: a weaker catch-up rather than none. The
# full grid with intervals as decisive would have needed about 223,000 games; the study
# used 24,402.

# %% [markdown]
# ## Pacal's Rocket at five players
#
# ### Measure first

# %%
pacal = tt.load_game("pacal", players=5)
df = tt.simulate(pacal, "greedy", games=SIZE["measure"], seed=SEED_MEASURE, progress=PROGRESS)
assert set(df.seat) == set(range(5))
print(f"mean turns {df.groupby('game').turns.first().mean():.1f}")
seat_table(df)

# %% [markdown]
# **The problem.** At five players the **first seat** wins least: on 2,000 games (seed 11)
# seat 0 won 16.7% (15.1% to 18.3%) against the fair 20%, and seat 2 25.7% (23.8% to
# 27.7%). Games last about 51 turns.
#
# Pacal's game ends *at once* when a player's score reaches the threshold (30 points at five
# players) or when the second-to-last pyramid is built, whose builder takes the end bonus
# (5 points). Who gets to trigger the end, and for how much, decides the winner, so we race
# the **end bonus** and the **five-player threshold** (`thresholds[3][1]`: the fourth
# (players, points) pair), and ask that the game stays about as long as it is.

# %%
pacal_res = tt.balance(pacal, {"end_bonus": [0, 5, 10], "thresholds[3][1]": [30, 40]},
                       {"fair": 0.03, "turns": (50, 10)}, bots="greedy", seed=SEED_STUDY,
                       budget=SIZE["budget"], batch=SIZE["batch"], confirm_games=SIZE["confirm_games"],
                       finalists=SIZE["finalists"], progress=PROGRESS, live=PROGRESS)
assert pacal_res.verdict in VERDICTS, pacal_res.verdict
pacal_res

# %%
pacal_res.race_figure()

# %% [markdown]
# **What a bigger run said** (the same 6 settings, seed 2, budget 3,600 race games in rounds of
# 200, then 1,500 fresh games for each of 2 finalists; 3 minutes on the loaded machine): the
# race dropped every setting with the 40-point threshold at once (games of 62 to 72 turns,
# outside the 40-60 band), and the verdict was **undecided**. On the fresh games seat 0 still
# won only 15.1% (12.9% to 17.7%) with no end bonus and 15.5% (13.2% to 18.1%) with the
# printed 5: **the end bonus is not the lever** for the first seat's handicap, and a higher
# threshold costs too much length. That is an answer too: look at rules that act early in the
# game (the first round's god stones and arrows, `god_in_first_round`,
# `arrows_in_first_round`) rather than at the end.

# %%
pacal_pick = chosen(pacal_res)
print("checking", said(pacal_pick))
pacal_check = tt.compare_rules({"base": pacal, "balanced": apply_setting(pacal, pacal_pick)},
                               bots="greedy", games=SIZE["check"], seed=SEED_CHECK, progress=PROGRESS)
assert pacal_check.games_played == {"base": SIZE["check"], "balanced": SIZE["check"]}
check_table(pacal_check)

# %% [markdown]
# ### At four players: plan first, then the levers
#
# A designer's question at four players: do the end bonus and the four-player end threshold
# (`thresholds[2][1]`) make every seat win 25% +- 4? Before any long run, the plan says what
# a budget can resolve (here from a tiny first round: the figures are indicative only).

# %%
pacal4 = tt.load_game("pacal", players=4)
pacal4_space = {"end_bonus": [0, 5, 10], "thresholds[2][1]": [30, 35, 40]}
plan = tt.plan_balance(pacal4, pacal4_space, {"fair": 0.04}, bots="greedy", seed=SEED_STUDY,
                       budget=2_400 if QUICK else 20_000, batch=SIZE["batch"], progress=PROGRESS)
assert plan.settings == 9 and plan.pilot_games == SIZE["batch"]
plan

# %% [markdown]
# Then the levers: which of Pacal's rules move seat 0's win rate at all? Each rule moved by
# one step from the printed value, on the same seeds as the printed rules, with intervals
# that hold for every rule at once (a few rules and a few games here; `levers(pacal4,
# {"fair": 0.04})` tries every numeric and on/off rule).

# %%
pacal4_levers = tt.levers(pacal4, {"fair": 0.04},
                          rules=["end_bonus", "second_place", "god_in_first_round", "arrows_in_first_round"],
                          bots="greedy", seed=SEED_STUDY, games=40 if QUICK else 3000, batch=40 if QUICK else 500,
                          progress=PROGRESS)
assert set(pacal4_levers.table["rule"]) <= {"end_bonus", "second_place", "god_in_first_round",
                                             "arrows_in_first_round"}
pacal4_levers

# %%
pacal4_levers.figure("win_rate_seat_0")

# %% [markdown]
# ## A Pleasant Journey to Neko at four players
#
# Neko plays with two to four players, so four is its biggest table.
#
# ### Measure first

# %%
neko = tt.load_game("neko", players=4)
df = tt.simulate(neko, "greedy", games=SIZE["measure"], seed=SEED_MEASURE, progress=PROGRESS)
assert set(df.seat) == set(range(4))
print(f"mean turns {df.groupby('game').turns.first().mean():.0f}")
seat_table(df)

# %% [markdown]
# **The problem.** The **first seat** wins least: on 1,500 games (seed 11) seat 0 won 22.2%
# (20.2% to 24.4%) against the fair 25%, seat 2 27.1%. The rulebook already compensates the
# first player the other way round: whoever becomes first player takes an interference tile
# (1 by default, `first_player_interference`), which costs points at the end. Perhaps the
# tile is too heavy; perhaps cheaper first harbours (`harbour_costs[0]`, 5 coins) help the
# seat that starts behind. We race both, and keep the length (about 206 turns) in a band.

# %%
neko_res = tt.balance(neko, {"first_player_interference": [0, 1, 2], "harbour_costs[0]": [4, 5]},
                      {"fair": 0.03, "turns": (206, 15)}, bots="greedy", seed=SEED_STUDY,
                      budget=SIZE["budget"], batch=SIZE["batch"], confirm_games=SIZE["confirm_games"],
                      finalists=SIZE["finalists"], progress=PROGRESS, live=PROGRESS)
assert neko_res.verdict in VERDICTS, neko_res.verdict
neko_res

# %%
neko_res.race_figure()

# %% [markdown]
# **What a bigger run said** (the same 6 settings, seed 2, budget 3,600 race games, then 1,500
# fresh games for each of 2 finalists; 3 minutes on the loaded machine): **undecided**, no
# setting left the race, and the length did not move (206 turns in every setting). On the
# fresh games seat 0 won 20.3% (17.7% to 23.1%) with cheaper first harbours and 21.0% (18.4%
# to 23.8%) with two interference tiles, while seats 2 and 3 stayed near 28%: neither rule
# reaches the first seat's handicap at the sizes tried. A real study would widen the space
# (`start_coins` per seat is not a rule; `random_start_order=True` spreads the handicap by
# chance, which is fair on average but not per game).

# %%
neko_pick = chosen(neko_res)
print("checking", said(neko_pick))
neko_check = tt.compare_rules({"base": neko, "balanced": apply_setting(neko, neko_pick)},
                              bots="greedy", games=SIZE["check"], seed=SEED_CHECK, progress=PROGRESS)
assert neko_check.games_played == {"base": SIZE["check"], "balanced": SIZE["check"]}
check_table(neko_check)

# %% [markdown]
# ## All three at a glance

# %%
rows = []
for name, res in [("Pebble Rock, 4", pebble_res), ("Pacal, 5", pacal_res), ("Neko, 4", neko_res)]:
    rows.append({"game, players": name, "settings raced": len(res.candidates), "verdict": res.verdict,
                 "setting checked": said(chosen(res)),
                 "games used": res.games["total"], "full grid would need": res.grid_games})
summary = pd.DataFrame(rows).set_index("game, players")
assert set(summary.verdict) <= VERDICTS
summary

# %% [markdown]
# ## Running it for real
#
# - Set `QUICK = False` and rerun: bigger budgets, `confirm_games` chosen so each interval is
#   at most half a tolerance wide, a progress bar and a live race chart.
# - Long studies: pass `checkpoint="pebble.ckpt"` to keep every finished game; after an
#   interrupt (the stop button, a closed laptop) the same call goes on where it stopped, with
#   no game played twice, and ends with the same result as an uninterrupted run.
# - More cores: `executor=` takes a process pool or a Dask cluster's executor; the same seed
#   gives the same result on every executor.
# - Headless: `python -m tabletop_nb balance pebble_rock --players 4 --space catch_up=true,false
#   --space start_fish=1,3,6 --goal fair=0.03 --budget 20000 --out pebble.json`, then
#   `tabletop_nb.lab.balance.BalanceResult.load("pebble.json")` here shows the same result and
#   figures. See `docs/studies.md`, "Balance search".
