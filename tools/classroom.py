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
(30 kernels share a laptop's few cores).

Usage::

    python tools/classroom.py                        # what `make classroom` runs
    python tools/classroom.py --ip 127.0.0.1 --port 8866 --token secret --cull 60

It prints the address students type, and stops both servers on Ctrl-C.
"""
from __future__ import annotations

import argparse
import os
import secrets
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

_LIMIT = '''# written by tools/classroom.py: a student's kernel may reserve at most this much memory
import os, resource
_mb = int(os.environ.get("TABLETOP_KERNEL_MEMORY_MB", "0") or 0)
if _mb > 0:
    resource.setrlimit(resource.RLIMIT_AS, (_mb * 2**20, _mb * 2**20))
'''


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
    state: Path = field(default_factory=lambda: Path(tempfile.mkdtemp(prefix="tabletop-classroom-")))

    def voila_args(self, notebook: str, ip: str, port: int, token: str) -> list[str]:
        return [sys.executable, "-m", "voila", notebook, "--no-browser", f"--Voila.ip={ip}",
                f"--port={port}", f"--token={token}",
                f"--MappingKernelManager.cull_idle_timeout={self.cull}",
                f"--MappingKernelManager.cull_interval={self.cull_interval}",
                "--MappingKernelManager.cull_connected=False"]

    @property
    def students_command(self) -> list[str]:
        return self.voila_args("notebooks/dice_odds.ipynb", self.ip, self.port, self.token)

    @property
    def teacher_command(self) -> list[str]:
        return self.voila_args("notebooks/class_rolls.ipynb", "127.0.0.1", self.teacher_port, self.teacher_token)

    def env(self) -> dict[str, str]:
        """The servers' environment; the kernels inherit it."""
        ipython = self.state / "ipython"
        startup = ipython / "profile_default" / "startup"
        startup.mkdir(parents=True, exist_ok=True)
        (startup / "00-tabletop-memory-limit.py").write_text(_LIMIT)
        env = dict(os.environ)
        share, etc = str(ROOT / "share" / "jupyter"), str(ROOT / "etc" / "jupyter")
        env["JUPYTER_PATH"] = os.pathsep.join(p for p in (share, env.get("JUPYTER_PATH")) if p)
        env["JUPYTER_CONFIG_PATH"] = os.pathsep.join(p for p in (etc, env.get("JUPYTER_CONFIG_PATH")) if p)
        env.update(IPYTHONDIR=str(ipython), TABLETOP_CLASS_DB=str(self.db),
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
    procs = []
    for name, cmd in (("students", room.students_command), ("teacher", room.teacher_command)):
        out = open(log_dir / f"{name}.log", "w")
        procs.append(subprocess.Popen(cmd, cwd=ROOT, env=env, stdout=out, stderr=subprocess.STDOUT))
    print(room.banner(), flush=True)
    try:
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
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--ip", default="0.0.0.0", help="the address to listen on (default: every interface)")
    ap.add_argument("--port", type=int, default=8866)
    ap.add_argument("--teacher-port", type=int, default=8867)
    ap.add_argument("--token", default=None, help="the students' token (default: 8 random letters and digits)")
    ap.add_argument("--db", type=Path, default=Classroom.db, help="the class's SQLite store")
    ap.add_argument("--cull", type=int, default=CULL_SECONDS, help="seconds before a closed page's kernel stops")
    ap.add_argument("--cull-interval", type=int, default=CULL_INTERVAL)
    ap.add_argument("--memory-mb", type=int, default=MEMORY_MB, help="each kernel's address-space limit")
    a = ap.parse_args(argv)
    room = Classroom(ip=a.ip, port=a.port, teacher_port=a.teacher_port, token=a.token or short_token(),
                     db=a.db, cull=a.cull, cull_interval=a.cull_interval, memory_mb=a.memory_mb)
    return serve(room)


if __name__ == "__main__":
    sys.exit(main())
