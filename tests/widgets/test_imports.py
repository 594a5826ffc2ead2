"""`import tabletop_nb` stays light; the widget classes load on first use."""
import subprocess
import sys


def _run(code: str) -> str:
    return subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          check=True).stdout.strip()


def test_import_tabletop_nb_imports_no_widgets_or_plotly():
    out = _run("import sys, tabletop_nb; tabletop_nb.load_game('pacal') if 'pacal' in "
               "tabletop_nb.list_games() else None; "
               "print(sorted(m for m in ('ipywidgets', 'plotly', 'pandas', 'anywidget') if m in sys.modules))")
    assert out == "[]"


def test_widget_classes_load_lazily():
    out = _run("import sys, tabletop_nb; c = tabletop_nb.GameApp; "
               "print(c.__module__, 'ipywidgets' in sys.modules, tabletop_nb.DiceLab.__name__, "
               "tabletop_nb.RulesEditor.__name__, tabletop_nb.ReplayViewer.__name__)")
    assert out == "tabletop_nb.widgets.gameapp True DiceLab RulesEditor ReplayViewer"


def test_widgets_package_exports_exactly_the_four_apps():
    import tabletop_nb.widgets as w
    assert sorted(w.__all__) == ["DiceLab", "GameApp", "ReplayViewer", "RulesEditor"]
