"""The classroom server (tools/classroom.py, ``make classroom``), on 127.0.0.1 only:

- a page cannot run code of its own: an execute request sent over the app's kernel
  websocket is ignored (and a kernel-info request on the same socket is answered);
- plain ``voila notebooks/dice_odds.ipynb`` from the project's root, without the
  Makefile's JUPYTER_PATH, serves the lesson with its template and no teacher's note;
- a small class at once (benchmarks/classroom_load.py, smaller): every student gets a
  usable control within 20 s, rolls, no request fails, and the kernels are gone within the
  cull time after they leave;
- the teacher's view after two students rolled shows both and their rolls.
"""
from __future__ import annotations

import asyncio
import json
import os
import re
import secrets
import signal
import subprocess
import sys
import tempfile
import threading
import time
import urllib.request
import uuid
from pathlib import Path

import pytest

from harness import chromium_page, free_port, require_browser

pytestmark = pytest.mark.browser

ROOT = Path(__file__).resolve().parents[2]
ARTIFACTS = ROOT / "tmp" / "artifacts"
sys.path.insert(0, str(ROOT / "tools"))
sys.path.insert(0, str(ROOT / "benchmarks"))


def _start(cmd: list[str], env: dict, log: Path, ready_url: str, cwd: Path = ROOT) -> subprocess.Popen:
    proc = subprocess.Popen(cmd, cwd=cwd, env=env, stdout=open(log, "w"), stderr=subprocess.STDOUT)
    deadline = time.time() + 90
    while True:
        try:
            urllib.request.urlopen(ready_url, timeout=2)
            return proc
        except OSError:
            if proc.poll() is not None or time.time() > deadline:
                _stop(proc)
                raise RuntimeError(f"server did not start:\n{log.read_text()[-2000:]}")
            time.sleep(0.3)


def _stop(proc: subprocess.Popen) -> None:
    if proc.poll() is None:
        proc.send_signal(signal.SIGTERM)
        try:
            proc.wait(timeout=20)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait(timeout=5)


def _plain_env(tmp: Path) -> dict:
    """A user's environment: no JUPYTER_PATH / JUPYTER_CONFIG_PATH from the Makefile,
    Jupyter's own folders private to the test."""
    env = {k: v for k, v in os.environ.items() if k not in ("JUPYTER_PATH", "JUPYTER_CONFIG_PATH")}
    for var in ("JUPYTER_CONFIG_DIR", "JUPYTER_DATA_DIR", "JUPYTER_RUNTIME_DIR", "IPYTHONDIR"):
        (tmp / var.lower()).mkdir(parents=True, exist_ok=True)
        env[var] = str(tmp / var.lower())
    return env


@pytest.mark.timeout(300)
def test_plain_voila_from_the_root_serves_the_lesson_and_refuses_code(tmp_path):
    require_browser()
    port, token = free_port(), secrets.token_hex(8)
    marker = tmp_path / "ran_student_code"
    proc = _start([sys.executable, "-m", "voila", "notebooks/dice_odds.ipynb", "--no-browser",
                   "--Voila.ip=127.0.0.1", f"--port={port}", f"--token={token}"],
                  _plain_env(tmp_path), tmp_path / "voila.log", f"http://127.0.0.1:{port}/voila/static/voila.js")
    try:
        with chromium_page(1366, 768) as page:
            errors: list[str] = []
            page.on("pageerror", lambda e: errors.append(str(e)))
            page.goto(f"http://127.0.0.1:{port}/?token={token}", timeout=120_000)
            page.locator(".tabletop-answer-box input").first.wait_for(timeout=120_000)
            page.locator("button[title='roll 10']").wait_for(timeout=120_000)
            assert page.get_by_text("For teachers").count() == 0
            html = page.content()
            kid = re.search(r'"kernelId":\s*"([0-9a-f-]+)"', html)[1]

            async def send() -> list[str]:
                from tornado.websocket import websocket_connect
                ws = await websocket_connect(f"ws://127.0.0.1:{port}/api/kernels/{kid}/channels"
                                             f"?token={token}&session_id={uuid.uuid4().hex}")
                ids = {}
                for kind, content in (("execute_request", {"code": f"open({str(marker)!r}, 'w').write('x')",
                                                           "silent": False, "store_history": False,
                                                           "user_expressions": {}, "allow_stdin": False,
                                                           "stop_on_error": True}),
                                      ("kernel_info_request", {})):
                    mid = uuid.uuid4().hex
                    ids[mid] = kind
                    await ws.write_message(json.dumps({
                        "header": {"msg_id": mid, "msg_type": kind, "username": "", "session": "s",
                                   "date": "", "version": "5.3"},
                        "parent_header": {}, "metadata": {}, "content": content, "channel": "shell",
                        "buffers": []}))
                replies: list[str] = []
                end = time.time() + 15
                while time.time() < end and "kernel_info_reply" not in replies:
                    try:
                        m = await asyncio.wait_for(ws.read_message(), 1)
                    except asyncio.TimeoutError:
                        continue
                    d = json.loads(m) if isinstance(m, str) else {}
                    if d.get("parent_header", {}).get("msg_id") in ids:
                        replies.append(d["msg_type"])
                await asyncio.sleep(2)  # time for an execute that got through to write its file
                ws.close()
                return replies
            # Playwright's sync API holds this thread's event loop: the client runs in its own
            out: list = []
            worker = threading.Thread(target=lambda: out.append(asyncio.run(send())))
            worker.start()
            worker.join(timeout=60)
            replies = out[0] if out else []
            assert "kernel_info_reply" in replies          # the socket works ...
            assert "execute_reply" not in replies and "execute_input" not in replies
            assert not marker.exists()                       # ... but runs no code of the page's
            assert 'Received message of type "execute_request", which is not allowed' in \
                (tmp_path / "voila.log").read_text()
            assert not errors, errors
    finally:
        _stop(proc)


@pytest.mark.timeout(400)
def test_a_small_class_at_once_gets_controls_and_leaves_no_kernels():
    require_browser()
    from classroom_load import run_load
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    r = run_load(students=2, browsers=1, cull=10, time_limit=150, shots=ARTIFACTS)
    (ARTIFACTS / "classroom_load_small.json").write_text(json.dumps(r, indent=1))
    assert r["requests_failed"] == 0, r["failures"]
    assert r["first_control_worst"] is not None and r["first_control_worst"] <= 20, r
    assert r["rolled"] == 2 and r["class_rolls"] == 20          # every click pooled, 10 dice each
    assert r["kernels_at_peak"] >= 2 and r["students_kernels_known"] == 2, r
    assert r["kernels_alive_after"] == 0 and r["seconds_waited_after_leaving"] <= 10 + 2 + 10 + 5, r
    assert r["kernel_address_space_mb_max"] < r["kernel_limit_mb"]
    assert r["kernel_rss_mb_max"] <= 200, r          # the bound docs/guide/teach.md states


@pytest.mark.timeout(400)
def test_the_teacher_view_after_two_students_rolled(tmp_path):
    require_browser()
    from classroom import Classroom
    from classroom_load import Student, protocol_student
    room = Classroom(ip="127.0.0.1", port=free_port(), teacher_port=free_port(), token=secrets.token_hex(4),
                     db=tmp_path / "class.sqlite", cull=30, cull_interval=5, warm=2, max_kernels=4,
                     state=Path(tempfile.mkdtemp(prefix="tabletop-class-test-")))
    from tabletop_nb.classroom import ClassRolls
    ClassRolls(room.db)
    env = room.env()
    students = _start(room.students_command, env, tmp_path / "students.log",
                      f"http://127.0.0.1:{room.port}/voila/static/voila.js")
    teacher = None
    try:
        two = [Student("protocol"), Student("protocol")]
        t0 = time.time()

        async def both() -> None:
            await asyncio.gather(*(protocol_student(f"http://127.0.0.1:{room.port}", room.token, s, t0, t0 + 180)
                                   for s in two))
        asyncio.run(both())
        assert all(s.rolled for s in two), [s.errors for s in two]
        teacher = _start(room.teacher_command, env, tmp_path / "teacher.log",
                         f"http://127.0.0.1:{room.teacher_port}/voila/static/voila.js")
        with chromium_page(1366, 768) as page:
            errors: list[str] = []
            page.on("pageerror", lambda e: errors.append(str(e)))
            page.goto(room.teacher_url(), timeout=120_000)
            summary = page.locator(".tabletop-class-summary").first
            summary.wait_for(timeout=120_000)
            page.wait_for_function("document.querySelectorAll('.tabletop-classview .js-plotly-plot').length >= 1",
                                   timeout=60_000)
            page.wait_for_timeout(500)
            text = summary.inner_text()
            assert "2 students, 20 rolls of speedy" in text, text   # each clicked "roll 10" once
            shares = page.evaluate("""() => {
                const el = document.querySelector('.tabletop-classview .js-plotly-plot');
                return Array.from(el.data[1].y); }""")
            assert abs(sum(shares) - 1) < 1e-9 and len(shares) == 6
            page.locator(".tabletop-classview").first.scroll_into_view_if_needed()
            ARTIFACTS.mkdir(parents=True, exist_ok=True)
            page.screenshot(path=str(ARTIFACTS / "classroom_teacher_view.png"))
            assert not errors, errors
        assert ClassRolls(room.db).summary(["speedy"]).students == 2
    finally:
        if teacher is not None:
            _stop(teacher)
        _stop(students)
