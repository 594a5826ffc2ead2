"""The skill ladder: how far apart are bots of rising strength, and how much does luck decide?

:func:`skill_ladder` plays every bot against every other in mixed line-ups, rates them, and
gives a designer two numbers to quote: **depth** (how many successive rungs of the ladder are
significantly apart) and **luck share** (how often the weaker of two adjacent rungs still
comes out ahead).

How the games are played
------------------------
- **Line-ups** (:func:`lineups`): with at least as many bots as seats, every set of
  ``players`` bots, each in every cyclic rotation of its seats and of its reversed order;
  with fewer bots than seats, the bots repeat around the table in cyclic order (and
  reversed), each starting in every seat. Either way every bot sits in every seat equally
  often, every pair of bots meets equally often, and each bot sits before each other bot
  (in turn order) as often as after it. A *round* plays every line-up once.
- **Common random numbers**: round ``i`` of every line-up is played from the same seed
  (``simulate``'s game ``i``), so line-ups that swap two bots see the same dice, as in
  duplicate bridge; each line-up is one :func:`tabletop_nb.simulate` call with one bot per
  seat, so executors, progress bars and replaying one game alone work as everywhere else.

How results are counted
-----------------------
- A game of ``n`` players is read as its pairs of seats (a *pairwise decomposition*): in
  each pair of seats held by different bots, the bot that finished ahead (better rank,
  the rulebook's tie-breaks included) scores a win. Seats that share a rank (a shared win,
  or a tie the rulebook leaves standing) score half a win each. With two players this is
  just who won; with more it is "finishes ahead of". Pairs of seats held by the same bot
  (possible with fewer bots than seats) say nothing about strength and are skipped.
- **Ratings** are a Bradley-Terry fit of those pairwise results (:func:`bradley_terry`), in
  Elo points: 200 points apart means the stronger finishes ahead about 76% of the time,
  400 points about 91%. Under Plackett-Luce ranks (the usual model of multi-player
  finishing orders) each pair's chance of finishing in a given order is exactly
  Bradley-Terry's, so the pairwise fit is consistent for multi-player games too. The
  first bot given is the zero of the scale. One virtual drawn game per pair keeps a bot
  that never lost at a finite (but large, and then only indicative) rating.
- **Intervals** of ratings and of the luck share are bootstrap percentiles (95%) from
  resampled *rounds*: a round's games share their dice, so they are resampled together.
  Head-to-head rates (the win matrix) carry Wilson intervals over the games in which the
  two bots met.
"""
from __future__ import annotations

import html
import itertools
import math
import warnings
from typing import Any, Sequence

import numpy as np

from ..core.bots import bot_name, resolve_bot
from ..core.errors import TabletopError
from ..core.runner import PARALLEL_THRESHOLD, root_entropy, seed_sequence, simulate
from ..core.stats import Estimate, wilson

__all__ = ["skill_ladder", "SkillLadder", "lineups", "bradley_terry", "ELO"]

#: Elo points per natural-log unit of Bradley-Terry strength (400 points = odds of 10 to 1)
ELO = 400 / math.log(10)

#: spawn key of the bootstrap's random stream (far above any game index of a run)
_BOOTSTRAP_KEY = 2**31 - 1


def lineups(bots: int, players: int) -> list[tuple[int, ...]]:
    """The line-ups of one round: for each, the index of the bot in each seat.

    Every bot sits in every seat equally often, every pair of bots meets equally often,
    and each bot sits before each other bot as often as after it.

    Parameters
    ----------
    bots : int
        How many bots (rungs), at least 2.
    players : int
        Seats at the table, at least 2.

    Examples
    --------
    >>> lineups(3, 2)
    [(0, 1), (1, 0), (0, 2), (2, 0), (1, 2), (2, 1)]
    >>> lineups(2, 4)
    [(0, 1, 0, 1), (1, 0, 1, 0)]
    """
    if bots < 2 or players < 2:
        raise TabletopError(f"a ladder needs at least 2 bots and 2 seats, got {bots} and {players}")
    seen: dict[tuple[int, ...], None] = {}
    if bots >= players:
        for combo in itertools.combinations(range(bots), players):
            for order in (combo, combo[::-1]):
                for r in range(players):
                    seen.setdefault(order[r:] + order[:r])
    else:
        # fewer bots than seats: the bots go round the table in order (and reversed),
        # starting in every seat, so no bot gets more seats than another over a round
        for r in range(bots):
            for sign in (1, -1):
                seen.setdefault(tuple((r + sign * j) % bots for j in range(players)))
    return list(seen)


def bradley_terry(wins, prior: float = 1.0, anchor: int = 0, tol: float = 1e-10,
                  max_iter: int = 200) -> np.ndarray:
    """Bradley-Terry strengths (natural-log scale) from a matrix of pairwise wins.

    Parameters
    ----------
    wins : array (k, k) or (b, k, k)
        ``wins[i, j]``: how often ``i`` finished ahead of ``j`` (ties as halves). A stack
        of ``b`` matrices is fitted at once (the bootstrap does that).
    prior : float
        Virtual drawn games added to every pair that met (half a win each way), so a bot
        that never lost gets a finite strength. 0 gives the plain maximum likelihood.
    anchor : int
        The bot whose strength is 0.

    Returns
    -------
    numpy.ndarray (k,) or (b, k)
        Strengths ``s``: ``i`` finishes ahead of ``j`` with chance
        ``1 / (1 + exp(s[j] - s[i]))``. Multiply by :data:`ELO` for Elo points.

    Examples
    --------
    >>> s = bradley_terry([[0, 75], [25, 0]], prior=0)
    >>> round(float(s[1] - s[0]), 4) == round(math.log(25 / 75), 4)
    True
    """
    w = np.asarray(wins, dtype=float)
    single = w.ndim == 2
    if single:
        w = w[None]
    if w.ndim != 3 or w.shape[1] != w.shape[2]:
        raise TabletopError(f"wins must be a square matrix (or a stack of them), got shape {w.shape}")
    if (w < 0).any() or not np.isfinite(w).all():
        raise TabletopError("wins must be finite and not negative")
    k = w.shape[1]
    if not 0 <= anchor < k:
        raise TabletopError(f"anchor must be a bot index below {k}, got {anchor}")
    w = w * (1 - np.eye(k))
    n = w + w.transpose(0, 2, 1)
    met = n > 0
    w = w + 0.5 * prior * met
    n = n + prior * met
    for b in range(w.shape[0]):
        _check_connected(met[b])
    free = [i for i in range(k) if i != anchor]
    s = np.zeros(w.shape[:2])
    rows = np.arange(w.shape[0])[:, None]
    for _ in range(max_iter):
        # Newton's method on the concave log-likelihood, one small system per matrix
        p = 1 / (1 + np.exp(s[:, None, :] - s[:, :, None]))   # p[b, i, j]: i ahead of j
        grad = (w - n * p).sum(axis=2)
        c = n * p * (1 - p)
        hess = c - np.eye(k) * c.sum(axis=2)[:, :, None]
        step = np.linalg.solve(hess[:, free][:, :, free], -grad[:, free][..., None])[..., 0]
        # damped: a bot that (nearly) never lost has a flat likelihood far out
        big = np.abs(step).max(axis=1, keepdims=True)
        step = step * np.minimum(1.0, 3.0 / np.maximum(big, 1e-300))
        s[rows, np.array(free)[None, :]] += step
        if np.abs(step).max() < tol:
            break
    if not np.isfinite(s).all():
        raise TabletopError("the rating fit did not converge (a bot that never lost or never "
                            "won, with prior=0?); use prior > 0")
    return s[0] if single else s


def _reaches(edges: np.ndarray, start: int, goal: int) -> bool:
    """Whether ``goal`` can be reached from ``start`` along ``edges[i, j]``."""
    seen, todo = {start}, [start]
    while todo:
        i = todo.pop()
        if i == goal:
            return True
        for j in np.flatnonzero(edges[i]):
            if int(j) not in seen:
                seen.add(int(j))
                todo.append(int(j))
    return False


def _check_connected(met: np.ndarray) -> None:
    if not all(_reaches(met, 0, j) for j in range(1, len(met))):
        raise TabletopError("the bots fall into groups that never met, so they cannot be rated "
                            "on one scale")


def _interval(low: float, high: float, anchor: bool = False) -> str:
    """" (+410 to +760)", " (+450 or more)", or "" for the anchor and without intervals."""
    if anchor or math.isnan(low) or math.isnan(high):
        return ""
    if math.isinf(high) and math.isinf(low):
        return " (unbounded)"
    if math.isinf(high):
        return f" ({low:+.0f} or more)"
    if math.isinf(low):
        return f" ({high:+.0f} or less)"
    return f" ({low:+.0f} to {high:+.0f})"


def _pct(x: float) -> str:
    return f"{100 * x:.0f}%"


def _pct_range(e: Estimate) -> str:
    return f"{_pct(e.value)} ({100 * e.low:.0f}-{100 * e.high:.0f}%)"


class SkillLadder:
    """The result of :func:`skill_ladder` (or of results played elsewhere).

    Parameters
    ----------
    table : pandas.DataFrame
        One row per game and seat with at least ``round`` (the seed index shared by a
        round's games), ``lineup``, ``seat``, ``bot`` and ``rank`` (1 = won; equal ranks
        are ties). ``winner`` (bool), when present, gives each bot's plain win rate.
    bots : list of str
        The bots' names; the first is the zero of the rating scale.
    bootstrap : int
        Bootstrap resamples for the intervals (0: no intervals; a single round has none
        either, as there is nothing to resample).
    seed : int
        Seeds the bootstrap.

    Attributes
    ----------
    ratings : pandas.DataFrame
        bot, rating (Elo points, first bot 0), low, high (95%), games, win_rate; weakest first.
    win_matrix : pandas.DataFrame
        bot, opponent, rate (how often ``bot`` finished ahead of ``opponent``, ties half),
        low, high (95% Wilson), games. ``win_matrix.pivot(index="bot", columns="opponent",
        values="rate")`` is the square table.
    steps : pandas.DataFrame
        One row per pair of adjacent rungs (by rating): lower, upper, the upper's rate over
        the lower with its interval, rating gap, significant.
    depth : int
        Adjacent steps whose head-to-head interval lies above 50%.
    luck_share : Estimate
        How often the weaker of two adjacent rungs still finished ahead (mean over steps).

    Examples
    --------
    >>> import pandas as pd
    >>> rows = [dict(round=r, lineup=0, seat=s, bot=b, rank=1 + (b == "random"))
    ...         for r in range(10) for s, b in enumerate(["random", "greedy"])]
    >>> lad = SkillLadder(pd.DataFrame(rows), ["random", "greedy"], bootstrap=0)
    >>> list(lad.ratings.bot), lad.depth   # greedy won all 10 rounds: one step up the ladder
    (['random', 'greedy'], 1)
    """

    def __init__(self, table, bots: Sequence[str], *, game_name: str = "", players: int | None = None,
                 seed: int = 0, bootstrap: int = 1000, prior: float = 1.0, interrupted: bool = False):
        import pandas as pd

        self.bots = [str(b) for b in bots]
        if len(self.bots) < 2 or len(set(self.bots)) != len(self.bots):
            raise TabletopError(f"a ladder needs at least 2 bots with different names, got {self.bots}")
        need = {"round", "lineup", "seat", "bot", "rank"}
        missing = need - set(table.columns)
        if missing:
            raise TabletopError(f"a ladder table needs the columns {sorted(need)}; missing {sorted(missing)}")
        unknown = set(table.bot) - set(self.bots)
        if unknown:
            raise TabletopError(f"the table has bots {sorted(unknown)} that are not on the ladder {self.bots}")
        if isinstance(bootstrap, bool) or not isinstance(bootstrap, (int, np.integer)) or bootstrap < 0:
            raise TabletopError(f"bootstrap must be a whole number of resamples (0 for none), got {bootstrap!r}")
        self.table = table.sort_values(["round", "lineup", "seat"], kind="stable").reset_index(drop=True)
        self.game_name, self.seed, self.interrupted = game_name, seed, interrupted
        self.bootstrap, self.prior = int(bootstrap), prior
        k = len(self.bots)
        idx = {b: i for i, b in enumerate(self.bots)}
        t = self.table
        sizes = t.groupby(["round", "lineup"], sort=False).size()
        if sizes.nunique() != 1:
            raise TabletopError("every game of a ladder needs the same number of seats")
        self.players = int(players or sizes.iloc[0])
        p = int(sizes.iloc[0])
        seats = t.bot.map(idx).to_numpy().reshape(-1, p)
        ranks = t["rank"].to_numpy(dtype=float).reshape(-1, p)
        game_round = t["round"].to_numpy().reshape(-1, p)[:, 0]
        self.rounds = sorted(set(game_round.tolist()))
        round_pos = {r: i for i, r in enumerate(self.rounds)}
        rpos = np.array([round_pos[r] for r in game_round])
        n_games = len(seats)
        self.games = n_games

        # ahead[g, a, b]: how often bot a finished ahead of bot b in game g (ties half)
        ahead = np.zeros((n_games, k, k))
        g_all = np.arange(n_games)
        for s1, s2 in itertools.combinations(range(p), 2):
            a, b = seats[:, s1], seats[:, s2]
            diff = a != b
            r1, r2 = ranks[:, s1], ranks[:, s2]
            win = (r1 < r2) + 0.5 * (r1 == r2)
            np.add.at(ahead, (g_all[diff], a[diff], b[diff]), win[diff])
            np.add.at(ahead, (g_all[diff], b[diff], a[diff]), 1 - win[diff])
        self._per_game_ahead = ahead
        self._game_keys = list(zip(game_round.tolist(), t["lineup"].to_numpy().reshape(-1, p)[:, 0].tolist()))
        comps = ahead + ahead.transpose(0, 2, 1)
        met = comps > 0
        self._wins = ahead.sum(axis=0)
        by_round = np.zeros((len(self.rounds), k, k))
        np.add.at(by_round, rpos, ahead)

        theta = bradley_terry(self._wins, prior=prior)
        boot = None
        # one round gives nothing to resample: no bootstrap rather than a falsely narrow one
        if self.bootstrap and len(self.rounds) >= 2:
            rng = np.random.default_rng(np.random.SeedSequence(int(seed), spawn_key=(_BOOTSTRAP_KEY,)))
            nr = len(self.rounds)
            weights = rng.multinomial(nr, np.full(nr, 1 / nr), size=self.bootstrap)
            boot_wins = np.einsum("br,rij->bij", weights, by_round)
            boot = (boot_wins, bradley_terry(boot_wins, prior=prior))

        # win matrix: pooled rate, Wilson interval over the games in which the pair met
        rows = []
        wins_tot = self._wins
        comps_tot = wins_tot + wins_tot.T
        self._h2h: dict[tuple[int, int], Estimate] = {}
        for a in range(k):
            for b in range(k):
                if a == b:
                    continue
                n_met = int(met[:, a, b].sum())
                rate = wins_tot[a, b] / comps_tot[a, b] if comps_tot[a, b] else float("nan")
                e = wilson(rate * n_met, n_met) if n_met else Estimate(float("nan"), float("nan"), float("nan"), 0)
                self._h2h[a, b] = e
                rows.append({"bot": self.bots[a], "opponent": self.bots[b], "rate": e.value,
                             "low": e.low, "high": e.high, "games": n_met})
        self.win_matrix = pd.DataFrame(rows)

        elo = theta * ELO
        played = [(seats == i).any(axis=1) for i in range(k)]
        win_rate = [float("nan")] * k
        if "winner" in t.columns:
            won = t["winner"].to_numpy(dtype=bool).reshape(-1, p)
            win_rate = [float(won[seats == i].sum() / max(1, played[i].sum())) for i in range(k)]
        if boot is not None:
            lo, hi = np.percentile(boot[1] * ELO, [2.5, 97.5], axis=0)
        else:
            lo = hi = np.full(k, np.nan)
        lo, hi = np.array(lo, dtype=float), np.array(hi, dtype=float)
        if boot is not None:
            # A rating is bounded above only if the bot lost (or tied) to someone who lost to
            # someone ... who lost to the first bot, and bounded below likewise with wins;
            # where the data leave an end open, so does the interval (every resample is a
            # sweep too, so the bootstrap alone would show a falsely narrow interval). The
            # closed end of a sweep comes from its Wilson interval.
            for a in range(1, k):
                if not _reaches(self._wins.T > 0, a, 0):
                    hi[a] = math.inf
                if not _reaches(self._wins > 0, a, 0):
                    lo[a] = -math.inf
            for (a, b), e in self._h2h.items():
                if e.n and e.value == 1:
                    gap_low = ELO * math.log(e.low / (1 - e.low))
                    if a != 0:
                        lo[a] = min(lo[a], elo[b] + gap_low)
                    if b != 0:
                        hi[b] = max(hi[b], elo[a] - gap_low)
        self.swept = {(self.bots[a], self.bots[b]) for (a, b), e in self._h2h.items() if e.n and e.value == 1}
        order = sorted(range(k), key=lambda i: (elo[i], i))
        self._order = order
        self.ratings = pd.DataFrame({
            "bot": [self.bots[i] for i in order],
            "rating": [float(elo[i]) for i in order],
            "low": [float(lo[i]) for i in order],
            "high": [float(hi[i]) for i in order],
            "games": [int(played[i].sum()) for i in order],
            "win_rate": [win_rate[i] for i in order],
        })

        steps, upsets = [], []
        for lower, upper in zip(order, order[1:]):
            e = self._h2h[upper, lower]
            gap = float(elo[upper] - elo[lower])
            steps.append({"lower": self.bots[lower], "upper": self.bots[upper], "rate": e.value,
                          "low": e.low, "high": e.high, "games": e.n, "rating_gap": gap,
                          "significant": bool(e.n and e.low > 0.5)})
            upsets.append((lower, upper))
        self.steps = pd.DataFrame(steps)
        self.depth = int(self.steps.significant.sum())

        def luck(w):
            rates = [w[..., lo_, up] / (w[..., lo_, up] + w[..., up, lo_]) for lo_, up in upsets]
            return np.mean(rates, axis=0)

        value = float(luck(wins_tot))
        # a Wilson interval over the pooled meetings of adjacent rungs (so a ladder that saw
        # no upset still says how rare upsets may be), widened to the round bootstrap's
        met_steps = sum(self._h2h[up, lo_].n for lo_, up in upsets)
        w = wilson(value * met_steps, met_steps)
        low, high = w.low, w.high
        if boot is not None:
            b_lo, b_hi = np.nanpercentile(luck(boot[0]), [2.5, 97.5])
            low, high = min(low, float(b_lo)), max(high, float(b_hi))
        self.luck_share = Estimate(value, float(low), float(high), len(self.rounds))

    # ----------------------------------------------------------------- reading it
    def win_rate(self, bot: str, opponent: str) -> Estimate:
        """How often ``bot`` finished ahead of ``opponent`` (ties half), with its 95% interval."""
        for name in (bot, opponent):
            if name not in self.bots:
                raise TabletopError(f"no bot {name!r} on this ladder; bots: {', '.join(self.bots)}")
        if bot == opponent:
            raise TabletopError("a bot's win rate is against another bot")
        return self._h2h[self.bots.index(bot), self.bots.index(opponent)]

    def per_game(self, bot: str, opponent: str):
        """Per game in which both played: the share of their seat pairs ``bot`` won.

        A Series indexed by (round, lineup); the unit that compare_rules pairs across variants.
        """
        import pandas as pd

        a, b = self.bots.index(bot), self.bots.index(opponent)
        ahead = self._per_game_ahead[:, a, b]
        comps = ahead + self._per_game_ahead[:, b, a]
        keep = comps > 0
        index = pd.MultiIndex.from_tuples([k for k, m in zip(self._game_keys, keep) if m],
                                          names=["round", "lineup"])
        return pd.Series(ahead[keep] / comps[keep], index=index, name=f"{bot} over {opponent}")

    def _beats(self) -> str:
        return "beats" if self.players == 2 else "finishes ahead of"

    def report(self) -> str:
        """The ladder in words: ratings, each step's head-to-head, depth and luck share."""
        n_steps = len(self.steps)
        lines = [f"{self.game_name or 'game'}, {self.players} players: {self.games} games "
                 f"({len(self.rounds)} rounds), seed {self.seed}."]
        if self.interrupted:
            lines.append("Interrupted: only the games that finished are counted, so seats and "
                         "meetings are not balanced.")
        if len(self.rounds) < 2 and self.bootstrap:
            lines.append("One round only: nothing to resample, so the ratings have no intervals; "
                         "play more games for them.")
        elif len(self.rounds) < 20 and self.bootstrap:
            lines.append(f"Only {len(self.rounds)} rounds: the intervals are rough; play more "
                         f"games for firm ones.")
        rungs = ", ".join(f"{r.bot} {r.rating:+.0f}{_interval(r.low, r.high, self.bots[0] == r.bot)}"
                          for r in self.ratings.itertuples())
        lines.append(f"Ratings (Elo points, {self.bots[0]} = 0), weakest first: {rungs}.")
        for a, b in sorted(self.swept):
            lines.append(f"{a} never lost to {b}: their rating gap is only bounded from below.")
        for s in self.steps.itertuples():
            star = "" if s.significant else " (not significant)"
            lines.append(f"{s.upper} {self._beats()} {s.lower} "
                         f"{_pct_range(Estimate(s.rate, s.low, s.high, s.games))} of the time{star}.")
        given = [b for b in self.bots]
        if [r for r in self.ratings.bot] != given:
            lines.append(f"The rungs rate in a different order than given ({', '.join(given)}).")
        lines.append(f"Depth {self.depth} of {n_steps}: {self.depth} of the {n_steps} steps between "
                     f"adjacent rungs are significant (95%).")
        ls = self.luck_share
        rng = "" if math.isnan(ls.low) else f" ({100 * ls.low:.0f}-{100 * ls.high:.0f}%)"
        lines.append(f"Luck share {_pct(ls.value)}{rng}: the weaker of two adjacent rungs still "
                     f"{'wins' if self.players == 2 else 'finishes ahead'} that often "
                     f"(50% would be a coin flip, 0% skill always tells).")
        return "\n".join(lines)

    def figure(self, kind: str = "ladder"):
        """The ladder (ratings with 95% intervals, each step's rate), or ``kind="matrix"``:
        the head-to-head rates as a heat map."""
        from .charts import ladder_figure, win_matrix_figure
        if kind == "ladder":
            return ladder_figure(self)
        if kind == "matrix":
            return win_matrix_figure(self)
        raise TabletopError(f"figure kind is 'ladder' or 'matrix', got {kind!r}")

    def _repr_html_(self) -> str:
        esc = html.escape
        out = ["<div>", "<p>" + "<br>".join(esc(x) for x in self.report().split("\n")) + "</p>"]
        out.append("<table><thead><tr><th>bot</th><th>rating</th><th>95% interval</th>"
                   "<th>games</th><th>won</th></tr></thead><tbody>")
        for r in self.ratings.itertuples():
            iv = _interval(r.low, r.high, r.bot == self.bots[0]).strip(" ()")
            won = "" if math.isnan(r.win_rate) else _pct(r.win_rate)
            out.append(f"<tr><td>{esc(r.bot)}</td><td>{r.rating:+.0f}</td><td>{iv}</td>"
                       f"<td>{r.games}</td><td>{won}</td></tr>")
        out.append("</tbody></table>")
        names = list(self.ratings.bot)
        verb = "beats" if self.players == 2 else "ahead of"
        out.append(f"<table><thead><tr><th>row {verb} column</th>"
                   + "".join(f"<th>{esc(n)}</th>" for n in names) + "</tr></thead><tbody>")
        for a in names:
            cells = []
            for b in names:
                if a == b:
                    cells.append("<td>&ndash;</td>")
                else:
                    e = self.win_rate(a, b)
                    cells.append(f"<td>{esc(_pct_range(e)) if e.n else ''}</td>")
            out.append(f"<tr><th>{esc(a)}</th>{''.join(cells)}</tr>")
        out.append("</tbody></table></div>")
        return "".join(out)

    def __repr__(self) -> str:
        return f"<SkillLadder of {self.bots}>\n{self.report()}"


def _check_games(games) -> int:
    if isinstance(games, bool) or not isinstance(games, (int, np.integer)) or games < 1:
        raise TabletopError(f"games must be a whole number of at least 1, got {games!r}")
    return int(games)


def skill_ladder(game, bots: Sequence[Any] = ("random", "greedy", "search:100", "search:400"),
                 games: int = 240, seed: int | None = 0, *, executor: Any = None,
                 progress: bool = True, bootstrap: int = 1000) -> SkillLadder:
    """Rate bots of rising strength against each other: a skill ladder of the game.

    Every bot meets every other in mixed line-ups with seats rotated (see
    :func:`lineups`), all line-ups of a round on the same seed (common random numbers).
    Results are read pairwise (who finished ahead of whom; shared ranks count half) and
    fitted with Bradley-Terry; intervals come from resampled rounds. See the module
    for the details.

    Parameters
    ----------
    game : Game
        With 2 to 5 (or more) players; its seats are filled from ``bots``.
    bots : list of str or callables
        The rungs, weakest first by convention (the order of the ratings is the fitted
        one): names (``"random"``, ``"greedy"``, ``"search:100"``) or bot callables.
        The first is the zero of the rating scale. At least 2, with different names.
    games : int
        At least this many games in all, rounded up to whole rounds (every line-up once
        per round) so that seats stay balanced.
    seed : int or None
        The same seed gives the same games and the same table.
    executor : concurrent.futures.Executor, "serial", "processes" or None
        As in :func:`tabletop_nb.simulate`. None: a local process pool when the ladder
        has a search bot (its games take seconds) or at least ``PARALLEL_THRESHOLD``
        games, on a machine with more than one core; otherwise this process.
    progress : bool
        Progress bars (one over the line-ups, one per line-up's games).
    bootstrap : int
        Resamples for the 95% intervals.

    Returns
    -------
    SkillLadder
        ``.ratings``, ``.win_matrix``, ``.steps``, ``.depth``, ``.luck_share``,
        ``.report()``, ``.figure()``; shows as a table in Jupyter.

    Examples
    --------
    >>> import tabletop_nb
    >>> game = tabletop_nb.load_game("neko", players=2)
    >>> lad = tabletop_nb.skill_ladder(game, ["random", "greedy"], games=20, seed=1,
    ...                                progress=False)
    >>> list(lad.ratings.bot)
    ['random', 'greedy']
    >>> lad.games, lad.depth
    (20, 1)
    """
    import os

    import pandas as pd

    games = _check_games(games)
    if isinstance(bots, (str, bytes)) or callable(bots):
        raise TabletopError("skill_ladder needs a list of at least 2 bots, e.g. ['random', 'greedy']")
    specs = list(bots)
    if len(specs) < 2:
        raise TabletopError(f"skill_ladder needs at least 2 bots, got {len(specs)}")
    for b in specs:
        resolve_bot(game, b)  # an unknown name fails here, before anything is played
    names = [bot_name(b) for b in specs]
    if len(set(names)) != len(names):
        raise TabletopError(f"the bots of a ladder need different names, got {names}")
    players = game.num_players
    if players < 2:
        raise TabletopError("a skill ladder needs a game of at least 2 players")
    schedule = lineups(len(specs), players)
    rounds = -(-games // len(schedule))
    root = root_entropy(seed_sequence(seed))

    own_pool = None
    if executor is None:
        heavy = any(n.startswith("search") for n in names) or rounds * len(schedule) >= PARALLEL_THRESHOLD
        executor = "processes" if heavy and (os.cpu_count() or 1) > 1 else "serial"
    if executor == "processes":
        from ..core.study import default_pool
        executor = own_pool = default_pool()  # one pool for every line-up

    from tqdm.auto import tqdm
    parts, interrupted = [], False
    bar = tqdm(total=len(schedule), disable=not progress, desc=f"{game.name} ladder", unit="line-up")
    try:
        for li, lineup in enumerate(schedule):
            with warnings.catch_warnings():
                warnings.simplefilter("ignore")  # the ladder says it was interrupted itself
                t = simulate(game, [specs[i] for i in lineup], games=rounds, seed=root,
                             executor=executor, progress=progress)
            parts.append(t.assign(round=t["game"], lineup=li))
            bar.update(1)
            if t.attrs.get("interrupted"):
                interrupted = True
                break
    except KeyboardInterrupt:
        interrupted = True
    finally:
        bar.close()
        if own_pool is not None:
            own_pool.shutdown(wait=not interrupted, cancel_futures=True)
    if not parts:
        raise TabletopError("the ladder was interrupted before any game finished")
    table = pd.concat(parts, ignore_index=True)
    table["game"] = table["lineup"] * rounds + table["round"]
    if interrupted:
        warnings.warn(f"interrupted: the ladder counts the {table.game.nunique()} games that "
                      f"finished; seats are not balanced", stacklevel=2)
    try:
        return SkillLadder(table, names, game_name=game.name, players=players, seed=root,
                           bootstrap=bootstrap, interrupted=interrupted)
    except TabletopError:
        if interrupted:
            raise TabletopError("the ladder was interrupted before every bot had played") from None
        raise
