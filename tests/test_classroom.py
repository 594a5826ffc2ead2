"""The class's pooled rolls (tabletop_nb.classroom): 30 kernels writing at once lose
nothing, a reset starts the next lesson, names are kept only when the teacher asks, and
the dice lab in class mode sends its rolls."""
from __future__ import annotations

import multiprocessing as mp
import sqlite3
from collections import Counter

import pytest

from tabletop_nb import Die
from tabletop_nb.classroom import ClassRolls, ClassSummary, class_store, dice_key, student_id

STUDENTS = 30
BATCHES = 15


def _student(path: str, seat: int, barrier) -> dict:
    """One student's kernel: rolls in batches, each batch one write, all students at once."""
    import numpy as np
    store = ClassRolls(path)
    rng = np.random.default_rng(seat)
    barrier.wait()
    sent: Counter = Counter()
    for b in range(BATCHES):
        rolls = [int(v) for v in rng.integers(2, 13, size=1 + (seat * 7 + b) % 40)]
        store.add(f"s{seat}", ["d6", "d6"], rolls)
        sent.update(rolls)
    return dict(sent)


def _run(args):
    return _student(*args)


@pytest.mark.timeout(300)
def test_30_processes_writing_at_once_lose_nothing(tmp_path):
    path = str(tmp_path / "class.sqlite")
    ClassRolls(path)  # made once, as the server does before the students come
    ctx = mp.get_context("fork")
    with ctx.Manager() as manager:
        barrier = manager.Barrier(STUDENTS)
        with ctx.Pool(STUDENTS) as pool:
            sent = pool.map(_run, [(path, seat, barrier) for seat in range(STUDENTS)])
    expected: Counter = Counter()
    for s in sent:
        expected.update(s)
    store = ClassRolls(path)
    assert store.counts(["d6", "d6"]) == dict(sorted(expected.items()))
    assert store.summary(["d6", "d6"]) == ClassSummary(STUDENTS, sum(expected.values()))
    rows = sqlite3.connect(path).execute("SELECT COUNT(*) FROM rolls").fetchone()[0]
    assert rows >= STUDENTS * BATCHES  # every batch landed as its own rows
    assert sqlite3.connect(path).execute("PRAGMA journal_mode").fetchone()[0] == "wal"


def test_reset_starts_the_next_lesson(tmp_path):
    store = ClassRolls(tmp_path / "c.sqlite")
    store.add("a", ["steady"], [2, 3, 3])
    assert store.lesson == 1 and store.summary() == ClassSummary(1, 3)
    assert store.reset() == 2
    assert store.summary() == ClassSummary(0, 0) and store.counts(["steady"]) == {}
    store.add("a", ["steady"], [4])
    assert store.counts(["steady"]) == {4: 1}


def test_no_names_unless_the_teacher_asks(tmp_path):
    plain = ClassRolls(tmp_path / "a.sqlite")
    plain.add("x1", ["d6"], [1], name="Ada")
    assert plain.names() == {}
    raw = sqlite3.connect(tmp_path / "a.sqlite").execute("SELECT * FROM rolls").fetchall()
    assert all("Ada" not in map(str, row) for row in raw)
    named = ClassRolls(tmp_path / "b.sqlite", keep_names=True)
    named.add("x1", ["d6"], [1], name="Ada")
    assert named.names() == {"x1": "Ada"}
    named.reset()
    assert named.names() == {}


def test_dice_are_pooled_by_kind_not_order_and_symbols_round_trip(tmp_path):
    store = ClassRolls(tmp_path / "c.sqlite")
    store.add("a", ["steady", "resource"], [(2, "winds")])
    store.add("b", ["resource", "steady"], [(2, "winds"), (3, "blank")])
    assert dice_key(["steady", "resource"]) == "resource+steady"
    assert store.counts(["steady", "resource"]) == {(2, "winds"): 2, (3, "blank"): 1}
    assert store.dice_rolled() == [("resource+steady", 3)]


def test_class_mode_comes_from_the_environment(tmp_path, monkeypatch):
    monkeypatch.delenv("TABLETOP_CLASS_DB", raising=False)
    assert class_store() is None
    monkeypatch.setenv("TABLETOP_CLASS_DB", str(tmp_path / "env.sqlite"))
    store = class_store()
    assert store is not None and store.path == tmp_path / "env.sqlite" and not store.keep_names
    assert student_id() == student_id() and len(student_id()) == 12


def test_the_dice_lab_in_class_mode_sends_its_rolls(tmp_path):
    from tabletop_nb.widgets import DiceLab
    d6 = Die(range(1, 7), name="d6")
    store = ClassRolls(tmp_path / "c.sqlite")
    lab = DiceLab({"d6": d6}, seed=1, pick=["d6", "d6"], class_store=store)
    rolls = lab.roll(50)
    lab.roll_buttons[10].click()
    got = store.counts(["d6", "d6"])
    assert sum(got.values()) == 60
    assert Counter(rolls) + Counter(lab.rolls[50:]) == Counter(got)
    assert store.summary(["d6", "d6"]).students == 1


def test_the_teacher_view_shows_the_pooled_counts_beside_the_exact_odds(tmp_path):
    from tabletop_nb.widgets.classview import ClassView
    d6 = Die(range(1, 7), name="d6")
    store = ClassRolls(tmp_path / "c.sqlite")
    store.add("a", ["d6", "d6"], [7, 7, 2])
    store.add("b", ["d6", "d6"], [7, 12])
    store.add("b", ["d6"], [3])
    view = ClassView({"d6": d6}, store)
    assert view.picked == ["d6", "d6"]  # the dice the class rolled most
    assert "<b>2</b> students, <b>5 rolls</b> of 2 x d6" in view.header.value
    sim = view.chart.data[1]
    assert sim.name == "the class: 5 rolls"
    assert dict(zip(sim.x, sim.y))["7"] == pytest.approx(3 / 5)
    assert view.chart.layout.yaxis.range[1] == pytest.approx(1.2 * 3 / 5)
    view.choice.value = "d6"
    assert "<b>1</b> student, <b>1 roll</b> of d6" in view.header.value
    store.add("c", ["d6"], [4])
    view.refresh_button.click()
    assert "<b>2</b> students, <b>2 rolls</b>" in view.header.value
    view.reset_button.click()                     # asks first
    assert store.summary().rolls == 7 and view.confirm_box.layout.display == ""
    view.confirm.click()
    assert store.summary() == ClassSummary(0, 0) and "lesson 2" in view.message.value


def test_the_classroom_bounds_each_kernels_memory(tmp_path):
    """tools/classroom.py gives the kernels an IPython start-up file that sets an address-space
    limit: a kernel that tries to take more gets a MemoryError, the server is not limited."""
    import subprocess
    import sys
    from pathlib import Path
    sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tools"))
    from classroom import Classroom
    room = Classroom(ip="127.0.0.1", db=tmp_path / "c.sqlite", memory_mb=400, state=tmp_path / "state")
    env = room.env()
    assert env["TABLETOP_KERNEL_MEMORY_MB"] == "400" and env["TABLETOP_CLASS_DB"] == str(tmp_path / "c.sqlite")
    # the memory limit's own start-up file (there are others, e.g. the warm imports, in any
    # order glob gives them)
    startup = Path(env["IPYTHONDIR"]) / "profile_default" / "startup" / "00-tabletop-memory-limit.py"
    probe = (f"exec(open({str(startup)!r}).read())\n"
             "try:\n    b = bytearray(600 * 2**20)\n    print('allocated')\n"
             "except MemoryError:\n    print('refused')\n")
    out = subprocess.run([sys.executable, "-c", probe], env=env, capture_output=True, text=True, timeout=60)
    assert out.stdout.strip() == "refused", out
    env["TABLETOP_KERNEL_MEMORY_MB"] = "0"  # no limit: the same allocation goes through
    out = subprocess.run([sys.executable, "-c", probe], env=env, capture_output=True, text=True, timeout=60)
    assert out.stdout.strip() == "allocated", out
    assert "0.0.0.0" not in " ".join(room.students_command)  # tests bind 127.0.0.1
    assert "--MappingKernelManager.cull_idle_timeout=120" in room.students_command


# ---- the students' server's work per page (tools/classroom.py) ---------------------------

def _tools():
    import sys
    from pathlib import Path
    tools = str(Path(__file__).resolve().parents[1] / "tools")
    if tools not in sys.path:
        sys.path.insert(0, tools)
    import classroom
    return classroom


def test_warm_kernels_load_the_games_the_lesson_loads(tmp_path):
    """The warm pool's start-up file loads the games whose ``load_game`` the lesson calls
    (read from the lesson itself), so a page's first cells do not import their engines."""
    import json
    import subprocess
    import sys
    from pathlib import Path
    classroom = _tools()
    assert classroom.lesson_games() == ["pebble_rock", "neko", "pacal"]
    lesson = tmp_path / "lesson.ipynb"
    lesson.write_text(json.dumps({"cells": [{"cell_type": "markdown", "source": 'load_game("pacal")'},
                                            {"cell_type": "code", "source": ['g = tt.load_game("neko")\n',
                                                                             "h = tt.load_game( 'neko' )"]}]}))
    assert classroom.lesson_games(lesson) == ["neko"]   # code cells only, each game once
    room = classroom.Classroom(ip="127.0.0.1", db=tmp_path / "c.sqlite", state=tmp_path / "state")
    env = room.env()
    warm = Path(env["IPYTHONDIR"]) / "profile_default" / "startup" / "01-tabletop-warm-imports.py"
    probe = (f"import sys\nexec(open({str(warm)!r}).read())\n"
             "print(sorted({m.split('.')[2] for m in sys.modules if m.startswith('tabletop_nb.games.')"
             " and m.count('.') >= 3}))")
    out = subprocess.run([sys.executable, "-c", probe], env=env, capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr
    assert {"neko", "pacal", "pebble_rock"} <= set(json.loads(out.stdout.strip().replace("'", '"')))


def _render_lesson(exporter_class) -> str:
    """The lesson's page as Voila renders it with progressive rendering (cells unexecuted)."""
    import asyncio
    import os
    from pathlib import Path

    import nbformat
    from voila.paths import collect_template_paths
    root = Path(__file__).resolve().parents[1]
    os.environ["JUPYTER_PATH"] = str(root / "share" / "jupyter")
    exporter = exporter_class(template_paths=collect_template_paths(["voila", "nbconvert"], "tabletop"),
                              template_name="tabletop", base_url="/", theme="light")
    exporter.exclude_input = exporter.exclude_output_prompt = exporter.exclude_input_prompt = True

    async def kernel_start(nb):
        return "a-kernel"

    async def cells(nb, kernel_id):
        for cell in nb.cells:
            yield cell

    async def render() -> str:
        nb = nbformat.read(root / "notebooks" / "dice_odds.ipynb", as_version=4)
        resources = {"base_url": "/", "theme": "light", "template": "tabletop",
                     "metadata": {"name": "dice_odds"}, "page_config": {}}
        context = {"frontend": "voila", "main_js": "voila.js", "kernel_start": kernel_start,
                   "notebook_execute": None, "progressive_rendering": True, "cell_generator": cells}
        return "".join([html async for html, _ in exporter.generate_from_notebook_node(
            nb, resources=resources, extra_context=context, page_config={})])
    return asyncio.run(render())


def test_pages_share_their_compiled_templates(monkeypatch):
    """Voila makes an exporter per page; with the classroom's launcher their Jinja
    environments share the compiled templates: a later page compiles none and reads the same."""
    import jinja2
    import voila.notebook_renderer
    from voila.exporter import VoilaExporter
    monkeypatch.setattr(voila.notebook_renderer, "VoilaExporter", VoilaExporter)  # undone after the test
    monkeypatch.setenv("JUPYTER_PATH", "")
    plain = _render_lesson(VoilaExporter)
    store = _tools().share_compiled_templates()
    shared = voila.notebook_renderer.VoilaExporter
    assert shared is not VoilaExporter and issubclass(shared, VoilaExporter)
    assert _tools().share_compiled_templates() is store            # installed once
    first = _render_lesson(shared)
    assert len(store.code) >= 5                                     # the tabletop, lab and base templates
    with monkeypatch.context() as m:
        m.setattr(jinja2.Environment, "compile", lambda *a, **k: (_ for _ in ()).throw(AssertionError("compiled again")))
        later = _render_lesson(shared)
    assert plain == first == later and 'a-kernel' in later and "For teachers" not in later


def test_the_server_logger_builds_no_record_its_handler_drops():
    """traitlets leaves the application's logger at DEBUG and filters in its handler; the
    launcher sets the logger to the handler's level, so a debug message is never built."""
    import logging
    log = logging.getLogger("tabletop-test-voila")
    handler = logging.StreamHandler()
    handler.setLevel(logging.INFO)
    log.addHandler(handler)
    log.setLevel(logging.DEBUG)
    try:
        assert log.isEnabledFor(logging.DEBUG)
        _tools().drop_debug_where_made(log)
        assert not log.isEnabledFor(logging.DEBUG) and log.isEnabledFor(logging.INFO)
    finally:
        log.removeHandler(handler)


@pytest.mark.timeout(300)
def test_the_students_server_sends_a_page_in_a_few_writes(tmp_path):
    """Voila's own page handler flushes each piece its template yields (about 480 HTTP
    chunks for the lesson); the classroom's sends the page in writes of 64 KB or every 0.2 s.
    The page is whole: every cell of the lesson has its place, a kernel, and Voila's finish."""
    import json
    import socket
    import subprocess
    import time
    import urllib.request
    from pathlib import Path
    classroom = _tools()
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    room = classroom.Classroom(ip="127.0.0.1", port=port, token="t0ken", db=tmp_path / "c.sqlite",
                               state=tmp_path / "state", warm=0)
    ClassRolls(room.db)
    log = tmp_path / "students.log"
    proc = subprocess.Popen(room.students_command, cwd=classroom.ROOT, env=room.env(), stdout=open(log, "w"),
                            stderr=subprocess.STDOUT)
    try:
        deadline = time.time() + 120
        while True:
            try:
                urllib.request.urlopen(f"http://127.0.0.1:{port}/voila/static/voila.js", timeout=2)
                break
            except OSError:
                assert proc.poll() is None and time.time() < deadline, log.read_text()[-2000:]
                time.sleep(0.3)
        with socket.create_connection(("127.0.0.1", port), timeout=60) as conn:
            conn.sendall(f"GET /?token={room.token} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n".encode())
            raw = b""
            while chunk := conn.recv(1 << 16):
                raw += chunk
        head, _, body = raw.partition(b"\r\n\r\n")
        assert b" 200 " in head.split(b"\r\n")[0] and b"chunked" in head.lower(), head
        chunks, page = 0, b""
        while True:  # HTTP/1.1 chunked transfer: size line, data, CRLF, ... then a 0 size
            size_line, _, body = body.partition(b"\r\n")
            size = int(size_line.split(b";")[0], 16)
            if size == 0:
                break
            page, body, chunks = page + body[:size], body[size + 2:], chunks + 1
        text = page.decode()
        cells = len(json.loads((Path(classroom.ROOT) / classroom.LESSON).read_text())["cells"])
        assert text.count("<div cell-index=") == cells and '"kernelId"' in text and "window.voila_finish()" in text
        assert 1 <= chunks <= 4, chunks
    finally:
        proc.terminate()
        proc.wait(timeout=30)


@pytest.mark.timeout(300)
def test_make_classroom_stops_both_servers_when_it_is_stopped(tmp_path):
    """Ctrl-C, a kill (SIGTERM) or a closed terminal (SIGHUP) stop `make classroom`'s two
    Voila servers with it, not only the script; also when it was started as a shell's
    background job, which starts with SIGINT ignored (the script is started so here)."""
    import signal
    import subprocess
    import sys
    import time

    import psutil
    classroom = _tools()
    for sig in (signal.SIGTERM, signal.SIGINT):
        ports = []
        for _ in range(2):
            import socket
            with socket.socket() as s:
                s.bind(("127.0.0.1", 0))
                ports.append(str(s.getsockname()[1]))
        out = tmp_path / f"out-{sig}.txt"
        proc = subprocess.Popen([sys.executable, str(classroom.ROOT / "tools" / "classroom.py"), "--ip", "127.0.0.1",
                                 "--port", ports[0], "--teacher-port", ports[1], "--warm", "0",
                                 "--db", str(tmp_path / "c.sqlite")],
                                cwd=classroom.ROOT, stdout=open(out, "w"), stderr=subprocess.STDOUT,
                                start_new_session=True,
                                preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_IGN))
        servers: list = []
        try:
            deadline = time.time() + 120
            while "Stop with Ctrl-C" not in out.read_text():
                assert proc.poll() is None and time.time() < deadline, out.read_text()
                time.sleep(0.3)
            servers = psutil.Process(proc.pid).children()
            assert len(servers) == 2 and all("voila" in " ".join(c.cmdline()) for c in servers)
            proc.send_signal(sig)
            assert proc.wait(timeout=60) in (0, 1)
            gone, alive = psutil.wait_procs(servers, timeout=30)
            assert not alive, [p.cmdline() for p in alive]
        finally:
            for p in [*servers, psutil.Process(proc.pid)] if proc.poll() is None else servers:
                try:
                    p.kill()
                except psutil.Error:
                    pass
