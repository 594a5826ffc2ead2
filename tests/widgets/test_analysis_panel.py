"""GameApp's and ReplayViewer's "Analyse this game" control (issue 41), without a browser
(tests/browser/test_luck_chart.py clicks it in JupyterLab)."""
from __future__ import annotations

import tabletop_nb as tt
from tabletop_nb.widgets import GameApp, ReplayViewer


def viewer(seed=1):
    game = tt.load_game("pacal", players=2)
    return ReplayViewer(game, tt.play(game, "greedy", seed=seed))


def test_a_game_in_progress_gets_a_message_not_a_traceback():
    app = GameApp(tt.load_game("pacal", players=2), seats=["greedy", "greedy"], seed=1)
    assert app.analysis_panel.start() is False
    assert "finish the game" in app.analysis_panel.note.value
    assert not app.analysis_panel.running and app.analysis_panel.analysis is None


def test_the_analysis_runs_in_the_background_and_a_click_moves_the_timeline():
    v = viewer()
    panel = v.analysis_panel
    assert panel.start() is True
    assert panel.button.disabled and not panel.stop_button.disabled
    assert panel.start() is False and "already running" in panel.note.value
    assert panel.wait(300)
    a = panel.analysis
    assert a is not None and panel.progress.value == 100
    assert [t.name for t in panel.chart.data][:2] == [v.session.game.player_name(i) for i in range(2)]
    assert all(s.verdict in panel.note.value.replace("&#x27;", "'") for s in a.seats)
    assert not panel.button.disabled and panel.stop_button.disabled
    # what a click on the chart's point does: that position, in review
    target = a.chance[0].index + 1
    panel._clicked(panel.chart.data[0], type("P", (), {"point_inds": [1]})(), None)
    assert v.session.position == panel.chart.data[0].customdata[1]
    assert panel.goto(target) and v.session.position == target


def test_stop_and_failure_are_said_in_the_app(monkeypatch):
    v = viewer(seed=2)
    panel = v.analysis_panel
    panel.stop()            # a stop pressed before the start is forgotten by the start
    assert panel.start()
    panel.stop()
    assert panel.wait(300)
    assert "stopped" in panel.note.value or panel.analysis is not None

    import sys
    module = sys.modules["tabletop_nb.lab.analyse"]  # tabletop_nb.lab.analyse is the function

    def broken(*args, **kwargs):
        raise ValueError("no rollouts today")
    monkeypatch.setattr(module, "analyse", broken)
    assert panel.start() and panel.wait(60)
    assert "the analysis failed: no rollouts today" in panel.note.value
    assert panel.error == "no rollouts today" and not panel.button.disabled
