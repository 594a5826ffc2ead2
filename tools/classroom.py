"""Serve the dice lesson to a class from the teacher's laptop (``make classroom``).

Two Voila servers are started:

- the students' app: ``notebooks/dice_odds.ipynb`` alone (no other notebook can be
  opened), on every network interface (``--ip 0.0.0.0``) so the classroom's computers
  reach it, behind a short token students type once;
- the teacher's view of the class's pooled rolls (``notebooks/class_rolls.ipynb``), on
  127.0.0.1 only, with its own token.

Both set ``TABLETOP_CLASS_DB`` (the class's SQLite store, :mod:`tabletop_nb.classroom`), so
every student's dice lab joins its rolls to the class's. The project's voila.json applies
(the offline template, progressive rendering, kernels that take only widget messages); this
script adds the class's settings: a kernel whose page is closed is culled ``--cull``
seconds after its last activity (checked every ``--cull-interval`` seconds), each kernel
runs with an address-space limit of ``--memory-mb`` (set by an IPython start-up file in a
private IPYTHONDIR, so the server itself is not limited), and one BLAS thread per kernel
(30 kernels share a laptop's few cores). The students' server keeps ``--warm`` kernels
started, with the lesson's imports done, before anyone arrives (:func:`_warm_kernel_manager`),
and serves plotly's chart bundle as a file the browser caches instead of sending it in
every chart widget's state (:meth:`Classroom.bundle_url`).

Usage::

    python tools/classroom.py                        # what `make classroom` runs
    python tools/classroom.py --ip 127.0.0.1 --port 8866 --token secret --cull 60 --warm 10

It prints the address students type, and stops both servers on Ctrl-C.
"""
from __future__ import annotations

import argparse
import asyncio
import functools
import logging
import os
import secrets
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
#: the memory a student's kernel may reserve (address space), in MB; a kernel of the lesson
#: measured 150-190 MB resident and about 1.1 GB of address space (benchmarks/classroom_load.py)
MEMORY_MB = 2048
#: seconds after a closed page's kernel last did something before it is shut down
CULL_SECONDS = 120
CULL_INTERVAL = 15

#: kernels kept started and warm before students arrive (0: none); about a class
WARM = 30
#: at most this many kernels alive (students' and warm ones) for the pool to start another
MAX_KERNELS = 36

_LIMIT = '''# written by tools/classroom.py: a student's kernel may reserve at most this much memory
import os, resource
_mb = int(os.environ.get("TABLETOP_KERNEL_MEMORY_MB", "0") or 0)
if _mb > 0:
    resource.setrlimit(resource.RLIMIT_AS, (_mb * 2**20, _mb * 2**20))
'''

_WARM_IMPORTS = '''# written by tools/classroom.py: what the lesson imports and loads, done when the kernel
# starts (a warm kernel waiting in the pool has done it before its student arrives)
import sys
# jsonschema's optional IRI check (pulled in through plotly -> nbformat) builds an Earley
# parser when imported: about 0.8 CPU seconds per kernel; the lesson validates no IRI
sys.modules.setdefault("rfc3987_syntax", None)
import plotly.graph_objects  # noqa: F401
import tabletop_nb.classroom, tabletop_nb.viz, tabletop_nb.widgets.dicelab, tabletop_nb.widgets.exercise  # noqa: F401,E401
# the games the lesson loads (their engines' modules and data files) and one chart (plotly
# builds each trace type's validators on first use): about 0.3 CPU seconds a page otherwise
def _warm():
    for game in {games!r}:
        tabletop_nb.load_game(game)
    tabletop_nb.viz.dice_odds(tabletop_nb.Die([1, 2, 3, 4, 5, 6]), rolls=6, rng=0).to_plotly_json()
_warm()
del _warm
'''

#: the lesson the students' server serves, and its source (the games it loads are read from it)
LESSON = "notebooks/dice_odds.ipynb"


def lesson_games(lesson: Path = ROOT / LESSON) -> list[str]:
    """The games the lesson loads (``load_game("...")`` in its code cells), in order: the warm
    kernels load them before a student arrives.

    >>> lesson_games()
    ['pebble_rock', 'neko', 'pacal']
    """
    import json
    import re
    cells = json.loads(lesson.read_text())["cells"]
    code = "\n".join("".join(c["source"]) for c in cells if c["cell_type"] == "code")
    return list(dict.fromkeys(re.findall(r"load_game\(\s*[\"']([a-z_]+)[\"']", code)))


@functools.lru_cache(maxsize=1)
def _warm_kernel_manager() -> type:
    """The students' Voila kernel manager: jupyter_server's, with a pool of warm kernels.

    Voila 0.5's own pool (``preheat_kernel``) refuses progressive rendering, which the
    offline page needs. This pool keeps ``warm`` kernels started, with the lesson's imports
    done (:data:`_WARM_IMPORTS`), in the notebook's folder; a page's ``start_kernel`` takes the
    oldest; once no page has arrived for ``refill_quiet`` seconds the pool starts
    replacements, one at a time, while fewer than ``max_kernels`` are alive. Each page then only runs the lesson. The idle culler passes
    over kernels in the pool (they have no page yet); once a page took one it is culled as
    any other.
    """
    from jupyter_server._tz import utcnow
    from jupyter_server.services.kernels.kernelmanager import AsyncMappingKernelManager
    from traitlets import Float, Integer, Unicode

    class WarmKernelManager(AsyncMappingKernelManager):
        warm = Integer(0, config=True, help="kernels kept started and warm (0: no pool)")
        max_kernels = Integer(MAX_KERNELS, config=True, help="no pool refill while this many kernels are alive")
        warm_path = Unicode("notebooks", config=True, help="the folder (API path) pooled kernels start in")
        warm_kernel_name = Unicode("python3", config=True)
        refill_quiet = Float(60.0, config=True, help="seconds without a new page before the pool refills")

        def __init__(self, **kwargs):
            super().__init__(**kwargs)
            self._ready: list[str] = []
            self._starting: set[str] = set()
            self._filling = False
            self._quiet_until = 0.0
            if self.warm > 0:
                try:
                    loop = asyncio.get_event_loop()
                except RuntimeError:
                    loop = asyncio.new_event_loop()
                    asyncio.set_event_loop(loop)
                loop.call_soon(self._fill_soon, 0.0)

        def _fill_soon(self, delay: float) -> None:
            # a replacement starts only once pages stopped arriving for `delay` seconds, so
            # starting it does not slow the class that is arriving
            self._quiet_until = time.monotonic() + delay
            if not self._filling:
                self._filling = True
                asyncio.ensure_future(self._fill())

        async def _fill(self) -> None:
            try:
                while len(self._ready) < self.warm and len(self.list_kernel_ids()) < self.max_kernels:
                    while time.monotonic() < self._quiet_until:
                        await asyncio.sleep(self._quiet_until - time.monotonic())
                    kid = await super().start_kernel(path=self.warm_path, kernel_name=self.warm_kernel_name)
                    self._starting.add(kid)
                    client = self.get_kernel(kid).client()
                    client.start_channels()
                    try:
                        await client.wait_for_ready(timeout=120)
                    finally:
                        client.stop_channels()
                        self._starting.discard(kid)
                    self._ready.append(kid)
                    self.log.info("warm kernel pool: %d of %d ready", len(self._ready), self.warm)
            except Exception:  # a pool that cannot fill leaves pages to start their own kernels
                self.log.exception("warm kernel pool: could not start a kernel")
            finally:
                self._filling = False

        async def start_kernel(self, *, kernel_id=None, path=None, **kwargs):
            while self._ready and kernel_id is None and path is not None and (
                    self.cwd_for_path(path) == self.cwd_for_path(self.warm_path)):
                kid = self._ready.pop(0)
                if kid in self:
                    # the page's clock starts now: a kernel warm for longer than the cull time
                    # would otherwise be culled before the page connects to it
                    self.get_kernel(kid).last_activity = utcnow()
                    self.log.info("warm kernel pool: %s given to a page (%d left)", kid, len(self._ready))
                    self._fill_soon(self.refill_quiet)
                    return kid
            return await super().start_kernel(kernel_id=kernel_id, path=path, **kwargs)

        async def cull_kernel_if_idle(self, kernel_id):
            if kernel_id in self._ready or kernel_id in self._starting:
                return None
            return await super().cull_kernel_if_idle(kernel_id)

    return WarmKernelManager


class _CompiledTemplates:
    """Jinja's compiled code of the page's templates, kept in memory for the server's life.

    Voila renders every page with a new nbconvert exporter, and each exporter makes a new
    Jinja environment that compiles the page's templates again: 14 templates (the tabletop
    template and the lab, base and macro templates it extends), about a fifth of the server's
    CPU per page (cProfile of the students' server under a class). Jinja's bytecode cache
    skips that: a template is compiled once, and each page's environment builds its template
    from the stored code (its own filters, bound to that page's exporter, still apply). A
    template whose source changes no longer matches its checksum and is compiled again.
    """

    def __init__(self) -> None:
        import jinja2

        outer = self

        class Cache(jinja2.BytecodeCache):
            def load_bytecode(self, bucket: jinja2.bccache.Bucket) -> None:
                code = outer.code.get(outer.key(bucket))
                if code is not None:
                    bucket.bytecode_from_string(code)

            def dump_bytecode(self, bucket: jinja2.bccache.Bucket) -> None:
                outer.code[outer.key(bucket)] = bucket.bytecode_to_string()

        self.code: dict[tuple, bytes] = {}
        self.cache = Cache()

    @staticmethod
    def key(bucket) -> tuple:
        # code compiled for an async environment (Voila's) differs from a plain one's
        env = bucket.environment
        return env.is_async, tuple(sorted(env.extensions)), bucket.key


def share_compiled_templates() -> _CompiledTemplates:
    """Make every Voila page's Jinja environment share one store of compiled templates
    (:class:`_CompiledTemplates`); called in the server's process before Voila starts."""
    import voila.notebook_renderer
    from voila.exporter import VoilaExporter

    current = voila.notebook_renderer.VoilaExporter
    if getattr(current, "compiled_templates", None) is not None:
        return current.compiled_templates
    store = _CompiledTemplates()

    class SharedTemplatesExporter(VoilaExporter):
        compiled_templates = store

        def _create_environment(self):
            env = super()._create_environment()
            env.bytecode_cache = store.cache
            return env

    # NotebookRenderer (one per page) makes its exporter from this module's name
    voila.notebook_renderer.VoilaExporter = SharedTemplatesExporter
    return store


#: a page's HTML is sent when this much is ready, or when it has waited this long (seconds)
PAGE_CHUNK, PAGE_WAIT = 64 * 1024, 0.2


def page_handler() -> type:
    """Voila's page handler, sending the page in a few writes instead of one per piece.

    Voila's handler writes and flushes each piece its template yields (411 HTTP chunks for the
    lesson, a system call each: about 7% of the server's CPU under a class, py-spy). With progressive rendering the page's HTML is ready within milliseconds (the
    cells run later, over the execution websocket), so it is sent once 64 KB are ready, once
    0.2 s passed since the last send (a page rendered while its cells run still streams, and
    Voila's keep-alive heartbeats still go out), and at the end.
    """
    import tornado.web
    from voila.tornado.handler import TornadoVoilaHandler

    class ChunkedPageHandler(TornadoVoilaHandler):
        @tornado.web.authenticated
        async def get(self, path=None):
            ready, sent = 0, time.monotonic()
            async for html in self.get_generator(path=path):
                self.write(html)
                ready += len(html)
                if ready >= PAGE_CHUNK or time.monotonic() - sent >= PAGE_WAIT:
                    self.flush()
                    ready, sent = 0, time.monotonic()

    return ChunkedPageHandler


def run_voila(argv: list[str]) -> int:
    """``python tools/classroom.py voila ARGS``: Voila with ARGS, with less work per page:

    - the pages' compiled templates are shared (:func:`share_compiled_templates`);
    - a page is sent in a few writes (:func:`page_handler`);
    - the server's logger drops debug messages where they are made: traitlets sets the
      application's logger to DEBUG and lets its handler drop what is below ``--log-level``,
      so every ``log.debug`` in jupyter_server and nbclient (one per kernel message or more)
      built a record first (about 5% of the server's CPU under a class).
    """
    import voila.app

    share_compiled_templates()
    voila.app.TornadoVoilaHandler = page_handler()  # the name init_handlers routes pages to
    app = voila.app.Voila.instance()
    app.initialize(argv)
    drop_debug_where_made(app.log)
    app.start()
    return 0


def drop_debug_where_made(log: logging.Logger) -> None:
    """Set a logger's level to its handlers' lowest, so that a message none of them would
    print is not built at all (see :func:`run_voila`)."""
    levels = [h.level for h in log.handlers if h.level > logging.NOTSET]
    if levels:
        log.setLevel(min(levels))


#: the class Voila's ``multi_kernel_manager_class`` names (``classroom.WarmKernelManager``)
def __getattr__(name: str) -> type:
    if name == "WarmKernelManager":
        return _warm_kernel_manager()
    raise AttributeError(name)


def lan_address() -> str:
    """The address other computers on the classroom network reach this one at (no packet is
    sent: a UDP socket only picks the outgoing interface); 127.0.0.1 without a network."""
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
        try:
            s.connect(("10.255.255.255", 1))
            return str(s.getsockname()[0])
        except OSError:
            return "127.0.0.1"


def short_token() -> str:
    """A token a student can type: 8 letters and digits without look-alikes (0/O, 1/l)."""
    alphabet = "abcdefghjkmnpqrstuvwxyz23456789"
    return "".join(secrets.choice(alphabet) for _ in range(8))


@dataclass
class Classroom:
    """The two servers' command lines and environment (built here, started by :func:`serve`)."""
    ip: str = "0.0.0.0"
    port: int = 8866
    teacher_port: int = 8867
    token: str = field(default_factory=short_token)
    teacher_token: str = field(default_factory=lambda: secrets.token_hex(8))
    db: Path = ROOT / "tmp" / "classroom" / "class_rolls.sqlite"
    cull: int = CULL_SECONDS
    cull_interval: int = CULL_INTERVAL
    memory_mb: int = MEMORY_MB
    warm: int = WARM
    max_kernels: int = MAX_KERNELS
    state: Path = field(default_factory=lambda: Path(tempfile.mkdtemp(prefix="tabletop-classroom-")))

    def voila_args(self, notebook: str, ip: str, port: int, token: str) -> list[str]:
        return [sys.executable, str(ROOT / "tools" / "classroom.py"), "voila", notebook, "--no-browser", f"--Voila.ip={ip}",
                f"--port={port}", f"--token={token}",
                f"--MappingKernelManager.cull_idle_timeout={self.cull}",
                f"--MappingKernelManager.cull_interval={self.cull_interval}",
                "--MappingKernelManager.cull_connected=False"]

    @property
    def students_command(self) -> list[str]:
        return self.voila_args(LESSON, self.ip, self.port, self.token) + [
            "--VoilaConfiguration.multi_kernel_manager_class=classroom.WarmKernelManager",
            f"--WarmKernelManager.warm={self.warm}", f"--WarmKernelManager.max_kernels={self.max_kernels}",
            "--WarmKernelManager.warm_path=notebooks"]

    @property
    def teacher_command(self) -> list[str]:
        return self.voila_args("notebooks/class_rolls.ipynb", "127.0.0.1", self.teacher_port, self.teacher_token)

    def bundle_url(self) -> str:
        """plotly's widget bundle, copied into the template's static folder (once per plotly
        version), and the URL Voila serves it at: the lesson's charts then send this URL, not
        4.9 MB each, and each browser fetches the file once (``_board.py``, fix 1)."""
        import plotly
        from tabletop_nb.widgets._board import bundle_path
        name = f"plotly-widgetbundle-{plotly.__version__}.js"
        source, copy = bundle_path(), ROOT / "share" / "jupyter" / "voila" / "templates" / "tabletop" / "static" / name
        if not copy.exists() or copy.stat().st_size != source.stat().st_size:
            copy.parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(source, copy)
        return f"/voila/static/{name}"

    def env(self) -> dict[str, str]:
        """The servers' environment; the kernels inherit it."""
        ipython = self.state / "ipython"
        startup = ipython / "profile_default" / "startup"
        startup.mkdir(parents=True, exist_ok=True)
        (startup / "00-tabletop-memory-limit.py").write_text(_LIMIT)
        (startup / "01-tabletop-warm-imports.py").write_text(_WARM_IMPORTS.format(games=lesson_games()))
        env = dict(os.environ)
        share, etc = str(ROOT / "share" / "jupyter"), str(ROOT / "etc" / "jupyter")
        env["JUPYTER_PATH"] = os.pathsep.join(p for p in (share, env.get("JUPYTER_PATH")) if p)
        env["JUPYTER_CONFIG_PATH"] = os.pathsep.join(p for p in (etc, env.get("JUPYTER_CONFIG_PATH")) if p)
        # the server imports this file's WarmKernelManager as classroom.WarmKernelManager
        env["PYTHONPATH"] = os.pathsep.join(p for p in (str(ROOT / "tools"), env.get("PYTHONPATH")) if p)
        env.update(IPYTHONDIR=str(ipython), TABLETOP_CLASS_DB=str(self.db), TABLETOP_PLOTLY_BUNDLE_URL=self.bundle_url(),
                   TABLETOP_KERNEL_MEMORY_MB=str(self.memory_mb), OPENBLAS_NUM_THREADS="1",
                   OMP_NUM_THREADS="1", MKL_NUM_THREADS="1", PYTHONUNBUFFERED="1")
        return env

    def student_url(self) -> str:
        host = lan_address() if self.ip == "0.0.0.0" else self.ip
        return f"http://{host}:{self.port}/?token={self.token}"

    def teacher_url(self) -> str:
        return f"http://127.0.0.1:{self.teacher_port}/?token={self.teacher_token}"

    def banner(self) -> str:
        return "\n".join([
            "",
            "  The dice lesson is served to the class.",
            f"  Students type this address in their browser:  {self.student_url()}",
            f"  (the token, if asked: {self.token})",
            f"  Your view of the class's pooled rolls (this computer only):  {self.teacher_url()}",
            f"  Rolls are stored anonymously in {self.db}; 'reset for the next lesson' clears them.",
            f"  {self.warm} kernels are being started for the students now (best a minute or two before "
            f"they arrive); at most {self.max_kernels} run at once unless more students come.",
            f"  A closed page's kernel stops {self.cull} s after its last activity; each kernel may use "
            f"{self.memory_mb} MB.",
            "  Stop with Ctrl-C.",
            ""])


def serve(room: Classroom, log_dir: Path | None = None) -> int:
    """Start both servers, print the banner, wait until Ctrl-C or a server stops."""
    from tabletop_nb.classroom import ClassRolls
    ClassRolls(room.db)  # made before thirty kernels race to make it
    env = room.env()
    log_dir = log_dir or room.state
    procs: list[subprocess.Popen] = []

    def stop(signum, frame):  # a closed terminal or a kill stops the servers too, as Ctrl-C does
        raise KeyboardInterrupt
    # Set before the servers start and the banner says "Stop with Ctrl-C", so a stop at once
    # stops them; SIGINT too, since a shell starts a background job with it ignored and the
    # script would then not hear `kill -INT`.
    for sig in (signal.SIGINT, signal.SIGTERM, signal.SIGHUP):
        signal.signal(sig, stop)
    try:
        for name, cmd in (("students", room.students_command), ("teacher", room.teacher_command)):
            out = open(log_dir / f"{name}.log", "w")
            procs.append(subprocess.Popen(cmd, cwd=ROOT, env=env, stdout=out, stderr=subprocess.STDOUT))
        print(room.banner(), flush=True)
        while all(p.poll() is None for p in procs):
            time.sleep(0.5)
        print("a server stopped; its log is in", log_dir, file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        return 0
    finally:
        for p in procs:
            if p.poll() is None:
                p.send_signal(signal.SIGTERM)
        for p in procs:
            try:
                p.wait(timeout=20)
            except subprocess.TimeoutExpired:
                p.kill()


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    if argv[:1] == ["voila"]:  # how the two servers are started (see Classroom.voila_args)
        return run_voila(argv[1:])
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--ip", default="0.0.0.0", help="the address to listen on (default: every interface)")
    ap.add_argument("--port", type=int, default=8866)
    ap.add_argument("--teacher-port", type=int, default=8867)
    ap.add_argument("--token", default=None, help="the students' token (default: 8 random letters and digits)")
    ap.add_argument("--db", type=Path, default=Classroom.db, help="the class's SQLite store")
    ap.add_argument("--cull", type=int, default=CULL_SECONDS, help="seconds before a closed page's kernel stops")
    ap.add_argument("--cull-interval", type=int, default=CULL_INTERVAL)
    ap.add_argument("--memory-mb", type=int, default=MEMORY_MB, help="each kernel's address-space limit")
    ap.add_argument("--warm", type=int, default=WARM, help="kernels started before students arrive (about the class's size)")
    ap.add_argument("--max-kernels", type=int, default=MAX_KERNELS,
                    help="the warm pool starts no kernel while this many are alive")
    a = ap.parse_args(argv)
    room = Classroom(ip=a.ip, port=a.port, teacher_port=a.teacher_port, token=a.token or short_token(),
                     db=a.db, cull=a.cull, cull_interval=a.cull_interval, memory_mb=a.memory_mb,
                     warm=a.warm, max_kernels=a.max_kernels)
    return serve(room)


if __name__ == "__main__":
    sys.exit(main())
