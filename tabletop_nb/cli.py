"""Command line: ``tabletop-nb list | simulate | balance | bench`` (or ``python -m tabletop_nb ...``).

Every bad argument gives one line on stderr (under the name the program was run by) and
exit code 2; numbers must be finite; a closed output pipe (``tabletop-nb list | head -1``)
ends quietly with exit code 1, as Python's documentation advises for EPIPE; Ctrl-C ends
with one line and exit code 130.
"""
from __future__ import annotations

import argparse
import json
import math
import os
import sys
from typing import Sequence

__all__ = ["main", "MAX_SECONDS"]

#: the longest ``bench --seconds`` per game (an hour): a typo like 1e9 should not hang
MAX_SECONDS = 3600.0


class _Parser(argparse.ArgumentParser):
    def error(self, message: str):  # one line, exit 2 (argparse prints usage too)
        self.exit(2, f"{self.prog}: error: {message}\n")


class UsageError(Exception):
    """A bad argument found after parsing (unknown game, bot, rule)."""


def _rule_value(text: str):
    # JSON when it parses (numbers, true/false, lists, objects), the text itself otherwise
    try:
        return json.loads(text, parse_constant=_no_constant)
    except (json.JSONDecodeError, UsageError):
        return text
    except (ValueError, RecursionError) as e:  # a huge integer or deep nesting
        raise UsageError(f"--rule value {text[:40]!r} cannot be read: {e}") from None


def _no_constant(name):
    raise UsageError(f"{name} is not a rule value")


def _parse_rules(items: Sequence[str]) -> dict:
    out = {}
    for item in items or ():
        if "=" not in item:
            raise UsageError(f"--rule takes NAME=VALUE, got {item!r}")
        k, v = item.split("=", 1)
        k = k.strip()
        if k in out:
            raise UsageError(f"--rule {k} is given twice")
        out[k] = _rule_value(v)
    return out


def _game_with_rules(name: str, players: int | None, items: Sequence[str]):
    """The game with ``--players`` and every ``--rule`` read as plain data by the rule's
    type (so ``--rule steady_die='{"faces": [1, 2, 3]}'`` and card lists work too)."""
    from .games import load_game
    rules = _parse_rules(items)
    if "players" in rules:
        if players is not None and rules["players"] != players:
            raise UsageError(f"--players {players} and --rule players={rules['players']} disagree")
        players = rules.pop("players")
        if not isinstance(players, int) or isinstance(players, bool):
            raise UsageError(f"--rule players takes a whole number, got {players!r}")
    game = load_game(name, players=players)
    if not rules:
        return game
    plain = game.rules.to_plain()
    names = set(plain)
    for k in rules:
        if k not in names:
            from .core.errors import RulesError, unknown_name
            raise RulesError(k, unknown_name(k, plain))
    plain.update(rules)
    return game.with_plain_rules(plain)


def _finite(kind):
    def parse(text: str):
        try:
            v = kind(text)
        except (ValueError, OverflowError):
            raise argparse.ArgumentTypeError(f"invalid {kind.__name__} value: {text!r}") from None
        if isinstance(v, float) and not math.isfinite(v):
            raise argparse.ArgumentTypeError(f"must be a finite number, got {text!r}")
        return v
    parse.__name__ = kind.__name__
    return parse


def _program_name() -> str:
    """``tabletop-nb`` when run as the console script, ``python -m tabletop_nb`` otherwise."""
    base = os.path.basename(sys.argv[0]) if sys.argv and sys.argv[0] else ""
    if not base or base in ("-c", "-m") or base.endswith(".py"):
        return "python -m tabletop_nb"
    return base


def _build_parser(prog: str = "tabletop-nb") -> argparse.ArgumentParser:
    p = _Parser(prog=prog,
                description="tabletop_nb: play, simulate and measure dice board games.")
    sub = p.add_subparsers(dest="command", parser_class=_Parser, metavar="COMMAND")
    sub.required = True
    sub.add_parser("list", help="list the games")

    s = sub.add_parser("simulate", help="simulate many games and summarise by seat")
    s.add_argument("game")
    s.add_argument("--players", type=_finite(int), default=None)
    s.add_argument("--games", type=_finite(int), default=100)
    s.add_argument("--seed", type=_finite(int), default=0)
    s.add_argument("--bots", nargs="+", default=["random"],
                   help="one bot for every seat, or one per seat (names: random, greedy, ...)")
    s.add_argument("--rule", action="append", metavar="NAME=VALUE",
                   help="change a rule, e.g. --rule rounds=8 (repeatable)")
    s.add_argument("--workers", choices=["auto", "serial", "processes"], default="auto")
    s.add_argument("--json", action="store_true", help="print the summary as JSON on stdout")
    s.add_argument("--progress", action="store_true", help="show a progress bar on stderr")
    s.add_argument("--checkpoint", metavar="FILE.csv", default=None,
                   help="append every finished game to this CSV file; the same command again "
                        "resumes it (only the missing games are played)")

    a = sub.add_parser("balance", help="search the rule values that make a game fair (a long headless study)",
                       description="Race rule settings against goals and confirm the finalists on fresh "
                                   "seeds; writes the result (BalanceResult.load reads it) with --out.")
    a.add_argument("game")
    a.add_argument("--players", type=_finite(int), default=None)
    a.add_argument("--rule", action="append", metavar="NAME=VALUE", help="change a base rule (repeatable)")
    a.add_argument("--space", action="append", metavar="PATH=VALUES", required=True,
                   help="a rule path and the values to try: start_fish=1,2,3 or start_fish=1..5 or "
                        "harbour_costs[0]=[3,4,5] (repeatable)")
    a.add_argument("--goal", action="append", metavar="GOAL", required=True,
                   help="fair=0.02 | turns=30,3 (target, tolerance) | winning_margin<=5 | score_mean>=10 | "
                        "skill=greedy,search:20,0.6 (repeatable)")
    a.add_argument("--bots", nargs="+", default=["greedy"])
    a.add_argument("--seed", type=_finite(int), default=0)
    a.add_argument("--budget", type=_finite(int), default=20_000, help="the most race games in all")
    a.add_argument("--batch", type=_finite(int), default=100, help="games per setting per round")
    a.add_argument("--confirm-games", type=_finite(int), default=None,
                   help="fresh games per finalist (default: enough for intervals half a tolerance wide)")
    a.add_argument("--finalists", type=_finite(int), default=3)
    a.add_argument("--max-candidates", type=_finite(int), default=64)
    a.add_argument("--time-limit", type=_finite(float), default=None, help="seconds for the race")
    a.add_argument("--workers", choices=["auto", "serial", "processes"], default="auto")
    a.add_argument("--checkpoint", metavar="FILE.csv", default=None,
                   help="keep every finished game here; the same command again resumes")
    a.add_argument("--levers", action="store_true",
                   help="when no setting reaches a goal, name the rules outside the space that move it")
    a.add_argument("--plan-only", action="store_true",
                   help="play the first round only and print what the budget can resolve (the plan)")
    a.add_argument("--out", metavar="RESULT.json", default=None, help="write the whole result here")
    a.add_argument("--json", action="store_true", help="print the verdict as JSON on stdout")
    a.add_argument("--progress", action="store_true", help="show a progress bar on stderr")

    b = sub.add_parser("bench", help="measure playout, action and dice-odds speed")
    b.add_argument("--game", action="append", help="only this game (repeatable)")
    b.add_argument("--seconds", type=_finite(float), default=2.0,
                   help=f"time budget per game (more than 0, at most {MAX_SECONDS:g})")
    b.add_argument("--players", type=_finite(int), default=None)
    b.add_argument("--json", action="store_true")
    return p


def _cmd_list(args) -> int:
    from . import list_games
    from .games import load_game
    for name in list_games():
        g = load_game(name)
        print(f"{name}\t{g.num_players} players by default\tdice: {', '.join(g.dice) or '-'}")
    return 0


def _cmd_simulate(args) -> int:
    from . import simulate
    from .core.bots import available_bots
    from .games import list_games
    if args.game not in list_games():
        raise UsageError(f"no game {args.game!r}; choose from: {', '.join(list_games())}")
    if args.games < 1:
        raise UsageError("--games must be at least 1")
    if args.seed < 0:
        raise UsageError("--seed must not be negative")
    game = _game_with_rules(args.game, args.players, args.rule)
    bots = args.bots[0] if len(args.bots) == 1 else args.bots
    names = available_bots(game)
    for b in args.bots:
        if b not in names and not b.startswith("search:"):  # "search:N": resolve_bot checks N
            raise UsageError(f"no bot {b!r} for {args.game}; choose from: {', '.join(sorted(names))}"
                             " (or search:N for N simulations)")
    if len(args.bots) not in (1, game.num_players):
        raise UsageError(f"--bots takes 1 or {game.num_players} names, got {len(args.bots)}")
    executor = None if args.workers == "auto" else args.workers
    df = simulate(game, bots, games=args.games, seed=args.seed, executor=executor,
                  progress=args.progress, checkpoint=args.checkpoint)
    by_seat = df.groupby("seat").agg(bot=("bot", "first"), win_rate=("winner", "mean"),
                                     mean_score=("score", "mean"), mean_rank=("rank", "mean"))
    summary = {
        "game": game.name, "players": game.num_players, "games": int(df.game.nunique()),
        "seed": args.seed, "rules_changed": {k: _plain(v) for k, v in
                                             game.rules.changes_from(type(game.rules)(players=game.num_players)).items()},
        "mean_turns": float(df.drop_duplicates("game").turns.mean()),
        "shared_wins": int(df[df.shared_win].game.nunique()),
        "seats": [{"seat": int(i), "bot": r.bot, "win_rate": round(float(r.win_rate), 4),
                   "mean_score": round(float(r.mean_score), 3), "mean_rank": round(float(r.mean_rank), 3)}
                  for i, r in by_seat.iterrows()],
    }
    if args.json:
        print(json.dumps(summary))
    else:
        print(f"{game.name}, {game.num_players} players, {summary['games']} games, seed {args.seed}; "
              f"mean turns {summary['mean_turns']:.1f}, shared wins {summary['shared_wins']}")
        print(f"{'seat':>4}  {'bot':<12} {'win rate':>8} {'score':>8} {'rank':>6}")
        for r in summary["seats"]:
            print(f"{r['seat']:>4}  {r['bot']:<12} {r['win_rate']:>8.3f} {r['mean_score']:>8.2f} "
                  f"{r['mean_rank']:>6.2f}")
    return 0


def _space_values(text: str) -> list:
    """``1,2,3``, ``1..5`` (whole numbers, both ends) or a JSON list ``[[1,2],[3,4]]``."""
    text = text.strip()
    if text.startswith("["):
        v = _rule_value(text)
        if not isinstance(v, list):
            raise UsageError(f"--space values {text[:40]!r} are not a JSON list")
        return v
    if ".." in text and "," not in text:
        lo, _, hi = text.partition("..")
        try:
            a, b = int(lo), int(hi)
        except ValueError:
            raise UsageError(f"--space range {text!r} takes whole numbers, e.g. 1..5") from None
        if b < a:
            raise UsageError(f"--space range {text!r} is empty")
        return list(range(a, b + 1))
    return [_rule_value(part) for part in text.split(",") if part.strip() != ""]


def _parse_space(items: Sequence[str]) -> dict:
    out: dict = {}
    for item in items:
        if "=" not in item:
            raise UsageError(f"--space takes PATH=VALUES, got {item!r}")
        k, v = item.split("=", 1)
        k = k.strip()
        if k in out:
            raise UsageError(f"--space {k} is given twice")
        out[k] = _space_values(v)
    return out


def _parse_goal(text: str):
    from .lab import goals as g
    for op, make in (("<=", g.at_most), (">=", g.at_least)):
        if op in text:
            metric, _, value = text.partition(op)
            return make(metric.strip(), _number(value, text))
    if "=" not in text:
        raise UsageError(f"--goal takes fair=TOL, METRIC=TARGET,TOL, METRIC<=X, METRIC>=X or "
                         f"skill=WEAKER,STRONGER,SHARE; got {text!r}")
    name, _, value = text.partition("=")
    name, parts = name.strip(), [p.strip() for p in value.split(",")]
    if name == "fair":
        if len(parts) != 1:
            raise UsageError(f"--goal fair takes one tolerance, e.g. fair=0.02; got {text!r}")
        return g.fair(_number(parts[0], text))
    if name == "skill":
        if len(parts) != 3:
            raise UsageError(f"--goal skill takes WEAKER,STRONGER,SHARE, e.g. skill=greedy,search:20,0.6; got {text!r}")
        return g.skill(parts[0], parts[1], _number(parts[2], text))
    if len(parts) != 2:
        raise UsageError(f"--goal {name} takes TARGET,TOLERANCE, e.g. turns=30,3; got {text!r}")
    return g.target(name, _number(parts[0], text), _number(parts[1], text))


def _number(text: str, where: str) -> float:
    try:
        v = float(text)
    except ValueError:
        raise UsageError(f"--goal {where!r}: {text.strip()!r} is not a number") from None
    if not math.isfinite(v):
        raise UsageError(f"--goal {where!r}: numbers must be finite")
    return v


def _cmd_balance(args) -> int:
    from .core.bots import available_bots
    from .games import list_games
    from .lab.balance import balance
    if args.game not in list_games():
        raise UsageError(f"no game {args.game!r}; choose from: {', '.join(list_games())}")
    if args.seed < 0:
        raise UsageError("--seed must not be negative")
    game = _game_with_rules(args.game, args.players, args.rule)
    names = available_bots(game)
    for b in args.bots:
        if b not in names and not b.startswith("search:"):
            raise UsageError(f"no bot {b!r} for {args.game}; choose from: {', '.join(sorted(names))}"
                             " (or search:N for N simulations)")
    if len(args.bots) not in (1, game.num_players):
        raise UsageError(f"--bots takes 1 or {game.num_players} names, got {len(args.bots)}")
    space = _parse_space(args.space)
    goal_list = [_parse_goal(t) for t in args.goal]
    if args.out is not None and os.path.isdir(args.out):
        raise UsageError(f"--out {args.out} is a folder; give a file name, e.g. {os.path.join(args.out, 'balance.json')}")
    bots = args.bots[0] if len(args.bots) == 1 else args.bots
    if args.plan_only:
        from .lab.balance import plan_balance
        plan = plan_balance(game, space, goal_list, bots=bots, seed=args.seed, budget=args.budget, batch=args.batch,
                            confirm_games=args.confirm_games, finalists=args.finalists,
                            max_candidates=args.max_candidates,
                            executor=None if args.workers == "auto" else args.workers,
                            checkpoint=args.checkpoint, progress=args.progress)
        print(json.dumps(plan.plain()) if args.json else plan.summary())
        return 0
    result = balance(game, space, goal_list, bots=bots, seed=args.seed, budget=args.budget, batch=args.batch,
                     confirm_games=args.confirm_games, finalists=args.finalists,
                     max_candidates=args.max_candidates, time_limit=args.time_limit,
                     executor=None if args.workers == "auto" else args.workers,
                     checkpoint=args.checkpoint, progress=args.progress, levers=True if args.levers else None)
    if result.verdict == "interrupted":
        raise KeyboardInterrupt
    if args.out is not None:
        result.save(args.out)
    if args.json:
        print(json.dumps({"verdict": result.verdict, "best": _plain(result.best), "games": result.games,
                          "grid_games": result.grid_games, "unreachable": result.unreachable,
                          "out": args.out}))
    else:
        print(result.summary())
        table = result.finalists_table()
        if len(table):
            print(table.to_string())
        if args.out is not None:
            print(f"(the whole result is in {args.out}: tabletop_nb.lab.BalanceResult.load({args.out!r}))")
    return 0


def _plain(v):
    from .core.codec import to_plain
    return to_plain(v)


def _cmd_bench(args) -> int:
    from .bench import format_report, run_bench
    from .games import list_games
    for g in args.game or ():
        if g not in list_games():
            raise UsageError(f"no game {g!r}; choose from: {', '.join(list_games())}")
    if not 0 < args.seconds <= MAX_SECONDS:
        raise UsageError(f"--seconds must be more than 0 and at most {MAX_SECONDS:g}, got {args.seconds:g}")
    report = run_bench(games=args.game, seconds=args.seconds, players=args.players)
    print(json.dumps(report, indent=1) if args.json else format_report(report))
    return 0


def main(argv: Sequence[str] | None = None, prog: str | None = None) -> int:
    """Run the command line; returns the exit code.

    Parameters
    ----------
    argv : sequence of str, optional
        The arguments after the program's name (``["simulate", "pacal", "--games",
        "10"]``); by default ``sys.argv[1:]``.
    prog : str, optional
        The name used in messages and ``--help`` (default: the name the program was run
        by: ``tabletop-nb`` or ``python -m tabletop_nb``).

    Returns
    -------
    int
        The exit code: 0 on success, 2 for a bad argument (one line on stderr), 1 when
        the output pipe closed, 130 on Ctrl-C.

    Examples
    --------
    >>> main(["list"])  # doctest: +SKIP
    neko    4 players by default    dice: d6
    pacal   4 players by default    dice: special die
    pebble_rock     4 players by default    dice: steady, speedy, resource, danger, fish
    0
    """
    parser = _build_parser(prog or _program_name())
    from .core.errors import TabletopError
    try:
        try:
            args = parser.parse_args(argv)
        except SystemExit as e:  # argparse: --help (0) or a usage error already printed (2)
            return e.code if isinstance(e.code, int) else 2
        code = {"list": _cmd_list, "simulate": _cmd_simulate, "balance": _cmd_balance,
                "bench": _cmd_bench}[args.command](args)
        sys.stdout.flush()  # a closed pipe shows here, inside the handlers below
        return code
    except (UsageError, TabletopError) as e:
        msg = str(e).splitlines()[0] if str(e) else type(e).__name__
        print(f"{parser.prog}: error: {msg}", file=sys.stderr)
        return 2
    except BrokenPipeError:
        # the reader went away (| head): say nothing; point stdout at devnull so the
        # interpreter's final flush does not complain either
        try:
            devnull = os.open(os.devnull, os.O_WRONLY)
            os.dup2(devnull, sys.stdout.fileno())
        except (OSError, ValueError):
            pass
        return 1
    except KeyboardInterrupt:
        print(f"{parser.prog}: interrupted (with --checkpoint, the same command again resumes)", file=sys.stderr)
        return 130


if __name__ == "__main__":
    sys.exit(main())
