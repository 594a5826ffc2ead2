"""A class opens the classroom app at once: how fast does each student get a control, how
much memory does the server take, does any request fail, and are the kernels gone after
the students leave?

The classroom is served as ``make classroom`` serves it (tools/classroom.py), but on
127.0.0.1 only. ``--students`` students arrive together: ``--browsers`` of them are
headless Chromium pages (the time until the first exercise's answer box can be typed in,
then a click on "roll 10" and its answer), the rest are protocol-level clients that do what
a page does: load the page, open the kernel's websocket (v1 protocol, as the page), run the
lesson over Voila's execution websocket (progressive rendering) taking the outputs as they
come, fetch the chart bundle, and click "roll 10" (found among the widgets the kernel opened)
by sending the widget's click message, until the kernel answers with the roll. Their first
usable control is the moment the first exercise's widget is on the page and the kernel's
websocket answers. Then they all leave (pages closed, websockets shut) and the kernels are
counted after the cull time.

Everything runs on one machine: the test's Chromium pages (about 4.5 CPU seconds each to load
the lesson, measured) and its protocol clients share the cores with the server and its
kernels, where in a classroom each browser is a student's own computer. So the result gives,
beside the times, the CPU seconds of each (server and kernels per student, the browsers, the
load-test clients) and the load average before and after: on a machine shared with other
work, the times are worse than the class would see.

All traffic goes to 127.0.0.1; every wait has a time limit.

Usage::

    python benchmarks/classroom_load.py --students 30 --browsers 3 --cull 60
    python benchmarks/classroom_load.py --students 30 --json     # one JSON line
    python benchmarks/classroom_load.py --students 30 --save     # also appended to results/classroom_load.jsonl

Prints students, time to first control (median, worst, by kind of student), peak memory of the
server and its kernels, kernels alive after the cull time, failed requests, CPU seconds, and
the load average.
"""
from __future__ import annotations

import argparse
import asyncio
import json
import os
import re
import secrets
import statistics
import sys
import tempfile
import threading
import time
import uuid
from dataclasses import dataclass, field
from pathlib import Path

import psutil

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tools"))
sys.path.insert(0, str(ROOT / "tests" / "browser"))

from classroom import Classroom  # noqa: E402

FIRST_CONTROL = "application/vnd.jupyter.widget-view+json"
RESULTS = ROOT / "benchmarks" / "results" / "classroom_load.jsonl"


@dataclass
class Student:
    kind: str                       # "browser" or "protocol"
    first_control: float | None = None
    rolled: float | None = None
    errors: list[str] = field(default_factory=list)
    kernel: str | None = None       # the kernel id its page was given


def _free_port() -> int:
    import socket
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class MemoryWatch(threading.Thread):
    """Samples the resident memory of a process and its children (the kernels) twice a second."""

    def __init__(self, pid: int):
        super().__init__(daemon=True)
        self.root = psutil.Process(pid)
        self.peak = 0
        self.peak_kernels = 0
        self.kernel_rss: list[int] = []
        self.kernel_vms = 0
        self.cpu: dict[int, tuple[str, float]] = {}   # pid -> (role, CPU seconds last seen)
        self.stop = threading.Event()

    def cpu_seconds(self, role: str) -> float:
        """CPU seconds used so far by the server (``"server"``) or all its kernels (``"kernel"``)."""
        return sum(t for r, t in self.cpu.values() if r == role)

    def kernels(self) -> list[psutil.Process]:
        try:
            return [c for c in self.root.children(recursive=True) if "ipykernel" in " ".join(c.cmdline())]
        except psutil.Error:
            return []

    def run(self) -> None:
        while not self.stop.is_set():
            total = 0
            try:
                procs = [self.root, *self.root.children(recursive=True)]
            except psutil.Error:
                procs = []
            kernels = 0
            for p in procs:
                try:
                    rss = p.memory_info().rss
                    total += rss
                    ct = p.cpu_times()
                    kernel = "ipykernel" in " ".join(p.cmdline())
                    self.cpu[p.pid] = ("kernel" if kernel else "server" if p.pid == self.root.pid else "other",
                                       ct.user + ct.system)
                    if kernel:
                        kernels += 1
                        self.kernel_rss.append(rss)
                        self.kernel_vms = max(self.kernel_vms, p.memory_info().vms)
                except psutil.Error:
                    pass
            self.peak = max(self.peak, total)
            self.peak_kernels = max(self.peak_kernels, kernels)
            self.stop.wait(0.5)


# ------------------------------------------------------------------ protocol clients ----

#: the kernel websocket's binary protocol, the one Voila's page speaks (jupyter_server then
#: passes messages through without decoding them; with the older JSON protocol it decodes and
#: re-encodes every message, which would make a protocol client cost the server more than a page)
WS_V1 = "v1.kernel.websocket.jupyter.org"


def _v1_decode(raw: bytes) -> dict:
    """A kernel message from the websocket's v1 framing (a table of offsets, then the channel,
    header, parent header, metadata, content and buffers). Its content is decoded only when
    small: a chart widget's state can carry megabytes, and decoding thirty of those in the one
    client process would starve its event loop (it stops answering the server's pings); a large
    message keeps only its type and parent, which is all a student needs of it."""
    n = int.from_bytes(raw[:8], "little")
    offsets = [int.from_bytes(raw[8 * (i + 1):8 * (i + 2)], "little") for i in range(n)]
    parts = [raw[offsets[i]:offsets[i + 1]] for i in range(n - 1)] + [raw[offsets[-1]:]]
    header, parent, content = json.loads(parts[1]), json.loads(parts[2]), parts[4]
    return {"msg_type": header["msg_type"], "header": header, "parent_header": parent, "channel": parts[0].decode(),
            "content": json.loads(content) if len(content) < 200_000 else {"data": {"state": {}}}}


def _msg(msg_type: str, content: dict, session: str, channel: str = "shell") -> tuple[str, bytes]:
    """A message to the kernel in the websocket's v1 framing, and its id."""
    mid = uuid.uuid4().hex
    header = {"msg_id": mid, "msg_type": msg_type, "username": "student", "session": session,
              "date": "", "version": "5.3"}
    parts = [channel.encode(), *(json.dumps(p).encode() for p in (header, {}, {}, content))]
    offsets = [8 * (len(parts) + 2)]
    for part in parts:
        offsets.append(offsets[-1] + len(part))
    table = b"".join(o.to_bytes(8, "little") for o in [len(offsets), *offsets])
    return mid, table + b"".join(parts)


async def protocol_student(base: str, token: str, st: Student, t0: float, deadline: float,
                           bundle_url: str = "") -> None:
    """Do what a page does: load it, connect to the kernel (in the websocket's v1 protocol),
    ask Voila to run the lesson (progressive rendering: ``/voila/execution/<kernel>``), take the
    outputs as they come, fetch plotly's widget bundle where the server serves it as a file
    (once a page, as the charts' front end does), then click "roll 10", found among the
    widgets the kernel opened (a page builds its widgets from those ``comm_open`` messages and
    asks the kernel for no widget's state)."""
    from tornado.httpclient import AsyncHTTPClient
    from tornado.websocket import websocket_connect
    client = AsyncHTTPClient(force_instance=True)
    ws = ex = None
    read_task = None

    def left() -> float:
        return max(0.1, deadline - time.time())
    try:
        page = (await client.fetch(f"{base}/?token={token}", request_timeout=left())).body.decode()
        kid = re.search(r'"kernelId":\s*"([0-9a-f-]+)"', page)
        if not kid:
            raise RuntimeError("no kernel id in the page")
        st.kernel = kid[1]
        wsbase = base.replace("http", "ws")
        session = uuid.uuid4().hex
        ws = await websocket_connect(f"{wsbase}/api/kernels/{kid[1]}/channels?token={token}&session_id={session}",
                                     subprotocols=[WS_V1])
        if ws.selected_subprotocol != WS_V1:
            raise RuntimeError(f"the server did not take the v1 websocket protocol: {ws.selected_subprotocol}")
        inbox: asyncio.Queue = asyncio.Queue()
        rolls: list[str] = []  # comm ids of the "roll 10" buttons the kernel opened

        async def reader() -> None:
            while True:
                m = await ws.read_message()
                if m is None:
                    return
                if isinstance(m, bytes):
                    d = _v1_decode(m)
                    if d["msg_type"] == "comm_open":  # a widget the lesson made: is it "roll 10"?
                        state = d["content"].get("data", {}).get("state", {})
                        if state.get("_model_name") == "ButtonModel" and state.get("description") == "roll 10":
                            rolls.append(d["content"]["comm_id"])
                    await inbox.put(d)
        read_task = asyncio.ensure_future(reader())

        async def reply_to(mid: str, want: str | None = None) -> dict:
            while True:
                d = await asyncio.wait_for(inbox.get(), timeout=left())
                if d.get("parent_header", {}).get("msg_id") == mid and (want is None or d["msg_type"] == want):
                    return d
        mid, m = _msg("kernel_info_request", {}, session)
        await ws.write_message(m, binary=True)
        await reply_to(mid, "kernel_info_reply")
        ex = await websocket_connect(f"{wsbase}/voila/execution/{kid[1]}?token={token}")
        await ex.write_message(json.dumps({"action": "execute", "payload": {"kernel_id": kid[1]}}))
        while True:  # the lesson's outputs, cell by cell
            m = await asyncio.wait_for(ex.read_message(), timeout=left())
            if m is None:
                raise RuntimeError("the execution socket closed before the lesson finished")
            d = json.loads(m)
            if d["action"] == "execution_error":
                raise RuntimeError(f"execution error: {d['payload']}")
            if d["action"] != "execution_result":  # "initialized", before the first cell
                continue
            pay = d["payload"]
            if st.first_control is None and FIRST_CONTROL in json.dumps(pay.get("output_cell", {}).get("outputs", [])):
                st.first_control = time.time() - t0
            if pay["cell_index"] + 1 == pay["total_cell"]:
                break
        if bundle_url:
            size = len((await client.fetch(f"{base}{bundle_url}", request_timeout=left())).body)
            if size < 1_000_000:
                raise RuntimeError(f"plotly's widget bundle at {bundle_url} has only {size} bytes")
        if not rolls:
            raise RuntimeError("the kernel opened no 'roll 10' button")
        button = rolls[0]
        mid, m = _msg("comm_msg", {"comm_id": button, "data": {"method": "custom",
                                                                "content": {"event": "click"}}}, session)
        await ws.write_message(m, binary=True)
        while True:  # the kernel answers the click with the new "last roll" text
            d = await asyncio.wait_for(inbox.get(), timeout=left())
            if d["msg_type"] == "comm_msg" and "last roll" in json.dumps(d["content"].get("data", {})):
                st.rolled = time.time() - t0
                break
    except Exception as e:  # noqa: BLE001  (counted as a failure of this student)
        st.errors.append(f"{type(e).__name__}: {e}")
    finally:
        if read_task is not None:
            read_task.cancel()
        for sock in (ws, ex):
            if sock is not None:
                sock.close()
        client.close()


def _browser_cpu() -> float:
    """CPU seconds so far of the Chromium processes under this one (the load test's pages)."""
    total = 0.0
    for p in psutil.Process().children(recursive=True):
        try:
            if "chrom" in p.name():
                t = p.cpu_times()
                total += t.user + t.system
        except psutil.Error:
            pass
    return total


def browser_students(base: str, token: str, students: list[Student], t0: float, deadline: float,
                     shots: Path | None, cpu: dict | None = None) -> None:
    """Chromium pages in one browser (a context each), opened at once; ``cpu["browsers"]`` gets
    the CPU seconds Chromium used (measured before it closes)."""
    from harness import CHROMIUM, CHROMIUM_ARGS
    from playwright.sync_api import sync_playwright
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS)
        if cpu is not None:
            cpu["browsers_before"] = _browser_cpu()
        try:
            pages = []
            for st in students:
                ctx = browser.new_context(viewport={"width": 1366, "height": 768})
                page = ctx.new_page()
                page.on("pageerror", lambda e, st=st: st.errors.append(f"page error: {e}"))
                page.on("requestfailed", lambda r, st=st: st.errors.append(f"request failed: {r.url} {r.failure}"))
                page.goto(f"{base}/?token={token}", wait_until="commit", timeout=(deadline - time.time()) * 1000)
                pages.append((st, page))
            # each page is asked in turn whether its answer box is on show and can be typed in,
            # until every page says so: a page's time is its own (waiting for the pages one after
            # the other gave a page the wait for the pages before it); a page busy drawing
            # answers when it is done, as it would answer a student's typing
            waiting = list(pages)
            while waiting:
                if time.time() > deadline:
                    raise TimeoutError(f"{len(waiting)} pages showed no answer box in time")
                for st, page in list(waiting):
                    box = page.locator(".tabletop-answer-box input").first
                    if box.is_visible() and box.is_enabled():
                        st.first_control = time.time() - t0
                        waiting.remove((st, page))
                time.sleep(0.05)
            for st, page in pages:
                kid = re.search(r'"kernelId":\s*"([0-9a-f-]+)"', page.content())
                st.kernel = kid[1] if kid else None
            for i, (st, page) in enumerate(pages):
                page.locator("button[title='roll 10']").click(timeout=max(1, deadline - time.time()) * 1000)
                page.locator(".tabletop-roll", has_text="last roll").first.wait_for(
                    timeout=max(1, deadline - time.time()) * 1000)
                st.rolled = time.time() - t0
                if shots is not None and i == 0:
                    page.screenshot(path=str(shots / "classroom_load_student.png"))
            for st, page in pages:
                page.context.close()
        except Exception as e:  # noqa: BLE001
            for i, st in enumerate(students):
                if st.rolled is None:
                    st.errors.append(f"{type(e).__name__}: {str(e)[:300]}")
            if shots is not None:   # what a page without its roll showed
                for i, (st, page) in enumerate(pages):
                    if st.rolled is None:
                        try:
                            page.screenshot(path=str(shots / f"classroom_load_failed_{i}.png"), full_page=True)
                        except Exception:  # noqa: BLE001  (a page that cannot be pictured)
                            pass
        finally:
            if cpu is not None:
                cpu["browsers"] = _browser_cpu() - cpu.get("browsers_before", 0.0)
            browser.close()


def _alive(base: str, token: str, kernel: str) -> bool:
    import urllib.error
    import urllib.request
    try:
        urllib.request.urlopen(f"{base}/api/kernels/{kernel}?token={token}", timeout=5)
        return True
    except urllib.error.HTTPError as e:
        return e.code != 404


def run_load(students: int = 30, browsers: int = 3, cull: int = 60, time_limit: float = 300.0,
             shots: Path | None = None, warm: int | None = None) -> dict:
    """Serve the classroom on 127.0.0.1 with ``warm`` kernels started before the class (default:
    one per student), send ``students`` at once, and measure."""
    state = Path(tempfile.mkdtemp(prefix="tabletop-load-"))
    warm = students if warm is None else warm
    room = Classroom(ip="127.0.0.1", port=_free_port(), teacher_port=_free_port(), token=secrets.token_hex(4),
                     db=state / "class.sqlite", cull=cull, cull_interval=max(2, min(15, cull // 4)), state=state,
                     warm=warm, max_kernels=max(warm, students) + 6)
    import subprocess
    from tabletop_nb.classroom import ClassRolls
    store = ClassRolls(room.db)
    log = open(state / "students.log", "w")
    env = room.env()
    bundle_url = env.get("TABLETOP_PLOTLY_BUNDLE_URL", "")
    proc = subprocess.Popen(room.students_command, cwd=ROOT, env=env, stdout=log, stderr=subprocess.STDOUT)
    base = f"http://127.0.0.1:{room.port}"
    watch = MemoryWatch(proc.pid)
    result: dict = {}
    try:
        import urllib.request
        ready = time.time() + 60
        while True:
            try:
                urllib.request.urlopen(f"{base}/voila/static/voila.js", timeout=2)
                break
            except OSError:
                if time.time() > ready or proc.poll() is not None:
                    raise RuntimeError(f"the classroom server did not start:\n{(state / 'students.log').read_text()[-2000:]}")
                time.sleep(0.3)
        started = time.time()
        while warm and f"warm kernel pool: {warm} of {warm} ready" not in (state / "students.log").read_text():
            if time.time() > started + 60 + 10 * warm or proc.poll() is not None:
                raise RuntimeError(f"the warm pool did not fill:\n{(state / 'students.log').read_text()[-2000:]}")
            time.sleep(0.5)
        pool_seconds = time.time() - started
        idle = psutil.Process(proc.pid).memory_info().rss
        watch.start()
        time.sleep(1)
        cpu_idle, cpu_idle_kernels = watch.cpu_seconds("server"), watch.cpu_seconds("kernel")
        people = [Student("browser" if i < browsers else "protocol") for i in range(students)]
        load_before = os.getloadavg()
        client_cpu: dict = {}
        t0, me0 = time.time(), time.process_time()
        deadline = t0 + time_limit
        web = [s for s in people if s.kind == "browser"]
        thread = threading.Thread(target=browser_students, args=(base, room.token, web, t0, deadline, shots, client_cpu))
        if web:
            thread.start()

        async def protocol_all() -> None:
            await asyncio.gather(*(protocol_student(base, room.token, s, t0, deadline, bundle_url)
                                   for s in people if s.kind == "protocol"))
        asyncio.run(protocol_all())
        if web:
            thread.join(timeout=max(1, deadline - time.time() + 30))
        left = time.time()
        load_clients_cpu = time.process_time() - me0   # the protocol clients and Playwright's thread
        kernels_at_peak = watch.peak_kernels
        cpu_server, cpu_kernels = watch.cpu_seconds("server") - cpu_idle, watch.cpu_seconds("kernel") - cpu_idle_kernels
        # they have left: their kernels should go one cull time (plus a check interval) later;
        # wait a minute more at most, and report when the last went
        # (the warm pool refills meanwhile: kernels waiting for the next students are not theirs)
        theirs = [s.kernel for s in people if s.kernel]
        wait_until = left + cull + room.cull_interval + 60
        while time.time() < wait_until and any(_alive(base, room.token, k) for k in theirs):
            time.sleep(1)
        alive = sum(_alive(base, room.token, k) for k in theirs)
        alive_all = len(watch.kernels())
        gone_after = time.time() - left
        watch.stop.set()
        firsts = [s.first_control for s in people if s.first_control is not None]
        failed = [e for s in people for e in s.errors] + [f"student {i} never got a control"
                                                         for i, s in enumerate(people) if s.first_control is None]
        kernel_rss = sorted(watch.kernel_rss)
        result = dict(
            students=students, browsers=len(web),
            first_control_median=round(statistics.median(firsts), 2) if firsts else None,
            first_control_worst=round(max(firsts), 2) if firsts else None,
            first_control_worst_by_kind={k: round(max((s.first_control for s in people if s.kind == k
                                                         and s.first_control is not None), default=0), 2)
                                         for k in ("browser", "protocol")},
            first_control_median_by_kind={k: round(statistics.median(v), 2) if v else None for k, v in (
                (k, [s.first_control for s in people if s.kind == k and s.first_control is not None])
                for k in ("browser", "protocol"))},
            rolled=sum(1 for s in people if s.rolled is not None),
            roll_worst=round(max((s.rolled for s in people if s.rolled is not None), default=0), 2),
            peak_memory_mb=round(watch.peak / 2**20), server_idle_mb=round(idle / 2**20),
            kernel_rss_mb_max=round(kernel_rss[-1] / 2**20) if kernel_rss else None,
            kernel_address_space_mb_max=round(watch.kernel_vms / 2**20), kernel_limit_mb=room.memory_mb,
            warm_pool=warm, warm_pool_seconds=round(pool_seconds),
            kernels_at_peak=kernels_at_peak, cull_seconds=cull, students_kernels_known=len(theirs),
            kernels_alive_after=alive, kernels_alive_after_with_pool=alive_all, seconds_waited_after_leaving=round(gone_after),
            class_rolls=store.summary().rolls,
            cpu_seconds_server=round(cpu_server, 1), cpu_seconds_kernels=round(cpu_kernels, 1),
            cpu_seconds_server_per_student=round(cpu_server / students, 3),
            cpu_seconds_kernels_per_student=round(cpu_kernels / students, 3),
            # what the test itself ran on the same cores (in a classroom each browser is the
            # student's own computer): Chromium's pages, the protocol clients and Playwright
            cpu_seconds_browsers=round(client_cpu.get("browsers", 0.0), 1),
            cpu_seconds_load_clients=round(load_clients_cpu, 1),
            requests_failed=len(failed), failures=failed[:10],
            loadavg_before=load_before, loadavg=os.getloadavg())
    finally:
        watch.stop.set()
        proc.terminate()
        try:
            proc.wait(timeout=30)
        except subprocess.TimeoutExpired:
            proc.kill()
        log.close()
    return result


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description="a class opens the classroom app at once")
    ap.add_argument("--students", type=int, default=30)
    ap.add_argument("--browsers", type=int, default=3)
    ap.add_argument("--cull", type=int, default=60, help="seconds before a left page's kernel is culled")
    ap.add_argument("--time-limit", type=float, default=300)
    ap.add_argument("--warm", type=int, default=None, help="warm kernels before the class (default: one a student)")
    ap.add_argument("--json", action="store_true")
    ap.add_argument("--save", action="store_true", help=f"append the result to benchmarks/results/{RESULTS.name}")
    a = ap.parse_args(argv)
    shots = ROOT / "tmp" / "artifacts"
    shots.mkdir(parents=True, exist_ok=True)
    r = run_load(a.students, a.browsers, a.cull, a.time_limit, shots, warm=a.warm)
    if a.save:
        import datetime
        import subprocess
        commit = subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=ROOT, capture_output=True, text=True).stdout.strip()
        row = dict(r, date=datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ"), commit=commit,
                   cores=os.cpu_count())
        with RESULTS.open("a") as f:
            f.write(json.dumps(row) + "\n")
    if a.json:
        print(json.dumps(r))
    else:
        for k, v in r.items():
            print(f"{k:30} {v}")
    return 0 if r.get("requests_failed") == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
