"""The engine imports no plotting, widget or table library, and imports fast."""
import subprocess
import sys


def _run(code):
    return subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout


def test_import_tabletop_nb_loads_no_heavy_library():
    out = _run("import sys, tabletop_nb\n"
               "from tabletop_nb.core import runner, record, bots, dice, protocol\n"
               "print(sorted(m for m in ('plotly','ipywidgets','pandas','networkx','matplotlib') if m in sys.modules))")
    assert out.strip() == "[]"


def test_import_is_fast():
    best = min(float(_run("import time; t=time.perf_counter(); import tabletop_nb; "
                          "print(time.perf_counter()-t)")) for _ in range(3))
    assert best < 0.5, f"import tabletop_nb took {best:.3f} s"


def test_public_api_names():
    import tabletop_nb
    for name in ["load_game", "list_games", "Die", "GameRecord", "play", "replay", "simulate",
                 "CHANCE", "TERMINAL", "TabletopError", "IllegalActionError", "RulesError",
                 "RecordError"]:
        assert hasattr(tabletop_nb, name), name
    assert tabletop_nb.CHANCE != tabletop_nb.TERMINAL
