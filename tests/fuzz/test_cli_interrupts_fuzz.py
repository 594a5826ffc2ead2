"""Fuzz: garbage command lines end with exit code 2 and one line on stderr, never a
traceback (issue 10, part 5); Ctrl-C at a random moment of ``simulate`` keeps exactly the
games that finished (part 6)."""
from __future__ import annotations

import concurrent.futures as cf
import warnings

from hypothesis import given, strategies as st

import tabletop_nb
from tabletop_nb.cli import main

BAD_NUMBERS = ["nan", "inf", "-inf", "-1", "0", "1e9", "x", "", "1.5", "9" * 5000, "0x10", "--"]
BAD_RULES = ["rounds=nan", "rounds=1.5", "rounds=-3", "rounds=" + "9" * 400, "players=x", "players=9",
             "players=3.0", "nope=1", "rounds", "=", "board=5", "steady_die=[1,2]",
             'steady_die={"faces": [1, NaN]}', 'steady_die={"faces": [], "name": 1}',
             "delivery_cards=[1]", "delivery_cards=[[1,2]]", "thresholds=[[2]]", "die=[1]",
             "river_points=[1.5]", "characters=[1,2,3,4]", "rounds=[[[[[[[]]]]]]]", "winds_doubles=7",
             "rounds=true", 'rounds={"a": 1}']


@st.composite
def bad_argv(draw):
    cmd = draw(st.sampled_from(["simulate", "bench", "fly", "list-x"]))
    if cmd == "bench":
        return ["bench", "--seconds", draw(st.sampled_from(BAD_NUMBERS))] + \
            draw(st.sampled_from([[], ["--game", "nope"], ["--players", "x"]]))
    if cmd != "simulate":
        return [cmd] + draw(st.lists(st.sampled_from(BAD_NUMBERS), max_size=2))
    game = draw(st.sampled_from(["pebble_rock", "neko", "pacal", "toy", "nope"]))
    argv = ["simulate", game, "--games", "1"]
    extra = draw(st.sampled_from(["rule", "games", "seed", "players", "bots"]))
    if extra == "rule":
        argv += sum((["--rule", r] for r in draw(st.lists(st.sampled_from(BAD_RULES), min_size=1, max_size=3))), [])
    elif extra == "bots":
        argv += ["--bots", draw(st.sampled_from(["genius", "", "random random random random random"]))]
    else:
        argv += [f"--{extra}", draw(st.sampled_from([v for v in BAD_NUMBERS if v not in ("1e9",)] + ["-5"]))]
    return argv


@given(argv=bad_argv())
def test_garbage_command_lines_end_in_one_line_and_exit_2(argv, capsys, fuzz_case):
    capsys.readouterr()
    with fuzz_case("cli"):
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            code = main(argv, prog="tabletop-nb")
        err = capsys.readouterr().err.strip().splitlines()
        if code == 0:  # it happened to be a valid command (e.g. players=3 on a 3-player game)
            assert err == [] or all("warn" in e.lower() for e in err), err
        else:
            assert code == 2 and len(err) == 1 and err[0].startswith("tabletop-nb"), (argv, code, err)


_SERIAL: dict = {}


@given(stop_at=st.integers(1, 29), kind=st.sampled_from(["serial", "threads"]),
       chunk=st.integers(1, 4))
def test_interrupt_at_a_random_moment_keeps_what_finished(stop_at, kind, chunk, fuzz_case):
    game = tabletop_nb.load_game("toy", players=3)
    if "ref" not in _SERIAL:
        _SERIAL["ref"] = tabletop_nb.simulate(game, "random", games=30, seed=4, executor="serial",
                                              progress=False)
    ref = _SERIAL["ref"]
    reported = []

    def progress(done, total):
        reported.append(done)
        if done >= stop_at:
            raise KeyboardInterrupt

    with fuzz_case("interrupts"):
        pool = cf.ThreadPoolExecutor(2) if kind == "threads" else None
        try:
            with warnings.catch_warnings():
                warnings.simplefilter("ignore")
                df = tabletop_nb.simulate(game, "random", games=30, seed=4, progress=progress,
                                          executor=pool or "serial", chunk_size=chunk)
        finally:
            if pool is not None:
                pool.shutdown(wait=True)
        n = df.game.nunique()
        assert n == reported[-1]  # every game reported finished is in the table
        assert (df.groupby("game").size() == 3).all()
        kept = ref[ref.game.isin(df.game.unique())].reset_index(drop=True)
        assert df.reset_index(drop=True).equals(kept)
        assert df.attrs["interrupted"] is True  # the callback always raised (stop_at <= 29)
