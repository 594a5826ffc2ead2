"""JupyterLab (and Voila) in headless Chromium, for browser tests.

The recipe is the one in shared/notes/jupyter-stack.md: start the server ourselves on
127.0.0.1 with a token and throw-away Jupyter folders, stop it by its own process in a
``finally``; drive Debian's Chromium (/usr/bin/chromium) with Playwright, never a
downloaded browser. The notebooks are copied to a temporary folder first, so autosave
never writes outputs into the repository.

Usage in a test::

    with jupyter_lab(folder) as lab, chromium_page() as page:
        run_all(page, lab, "00_start_here.ipynb")
        assert not cell_errors(page)
"""
from __future__ import annotations

import contextlib
import os
import re
import secrets
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from dataclasses import dataclass
from pathlib import Path

import pytest

CHROMIUM = os.environ.get("TABLETOP_CHROMIUM", "/usr/bin/chromium")
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update", "--disable-sync",
                 "--disable-dev-shm-usage"]
ERROR_PATTERNS = re.compile(r"Traceback \(most recent call last\)|^\w*(Error|Exception): |"
                            r"Error displaying widget|Error rendering output|model not found", re.M)


def require_browser() -> None:
    """Skip on purpose when TABLETOP_SKIP_BROWSER is set; fail clearly when Chromium is missing."""
    if os.environ.get("TABLETOP_SKIP_BROWSER"):
        pytest.skip("TABLETOP_SKIP_BROWSER is set: browser tests skipped on purpose")
    if not Path(CHROMIUM).exists():
        pytest.fail(f"Chromium not found at {CHROMIUM}: install it with `apt-get install -y chromium` "
                    f"(make test does this when run as root), or set TABLETOP_SKIP_BROWSER=1 to skip "
                    f"browser tests on purpose")
    try:
        import playwright.sync_api  # noqa: F401
    except ImportError:
        pytest.fail("the playwright Python package is missing: pip install -e '.[test]'")


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@dataclass
class Server:
    url: str
    token: str
    root: Path
    proc: subprocess.Popen
    log: Path
    home: str = "/"  # the page a person opens first (a Voila app: its notebook)

    def page_url(self, path: str) -> str:
        sep = "&" if "?" in path else "?"
        return f"{self.url}{path}{sep}token={self.token}"


def _jupyter_env(tmp: Path, quiet_news: bool = True) -> dict:
    env = dict(os.environ)
    for var in ("JUPYTER_CONFIG_DIR", "JUPYTER_DATA_DIR", "JUPYTER_RUNTIME_DIR", "IPYTHONDIR",
                "JUPYTERLAB_SETTINGS_DIR", "JUPYTERLAB_WORKSPACES_DIR"):
        d = tmp / var.lower()
        d.mkdir(parents=True, exist_ok=True)
        env[var] = str(d)
    # no "get notified about official Jupyter news?" toast over the page and its
    # screenshots (the notification extension's own setting; --LabApp.news_url=None alone
    # still shows the question)
    if quiet_news:
        note = tmp / "jupyterlab_settings_dir" / "@jupyterlab" / "apputils-extension"
        note.mkdir(parents=True, exist_ok=True)
        (note / "notification.jupyterlab-settings").write_text('{"fetchNews": "false"}')
    env["PYTHONUNBUFFERED"] = "1"
    env.pop("TABLETOP_SKIP_BROWSER", None)
    return env


def _wait_ready(url: str, proc: subprocess.Popen, log: Path, timeout: float = 90) -> None:
    deadline = time.time() + timeout
    while time.time() < deadline:
        if proc.poll() is not None:
            raise RuntimeError(f"the server exited with {proc.returncode}:\n{log.read_text()[-3000:]}")
        try:
            with urllib.request.urlopen(url, timeout=2) as r:
                if r.status == 200:
                    return
        except OSError:
            pass
        time.sleep(0.3)
    raise RuntimeError(f"the server did not answer {url} within {timeout} s:\n{log.read_text()[-3000:]}")


def _stop(proc: subprocess.Popen) -> None:
    if proc.poll() is None:
        proc.send_signal(signal.SIGTERM)
        try:
            proc.wait(timeout=15)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait(timeout=5)


@contextlib.contextmanager
def _served(cmd_for, folder: Path, status_path: str, home: str = "/", files=(), env=None,
            quiet_news: bool = True):
    tmp = Path(tempfile.mkdtemp(prefix="tabletop-browser-"))
    root = tmp / "root"
    shutil.copytree(folder, root, ignore=shutil.ignore_patterns(".ipynb_checkpoints"))
    for f in files:  # configuration read from the server's folder (voila.json)
        shutil.copy(f, root / Path(f).name)
    port, token = free_port(), secrets.token_hex(16)
    log = tmp / "server.log"
    with open(log, "w") as out:
        proc = subprocess.Popen(cmd_for(root, port, token), cwd=root, env={**_jupyter_env(tmp, quiet_news), **(env or {})},
                                stdout=out, stderr=subprocess.STDOUT)
    url = f"http://127.0.0.1:{port}"
    try:
        _wait_ready(f"{url}{status_path}?token={token}", proc, log)
        yield Server(url, token, root, proc, log, home)
    finally:
        _stop(proc)
        shutil.rmtree(tmp, ignore_errors=True)


def jupyter_lab(folder: Path, as_make_lab: bool = False):
    """A JupyterLab server on 127.0.0.1 serving a copy of ``folder``.

    ``as_make_lab=True`` starts it with the project's configuration only, as ``make lab``
    does (its etc/jupyter and share/jupyter, none of the test's own news settings), to
    check what a person sees after ``make lab``."""
    quiet = [] if as_make_lab else ["--LabApp.news_url=None",
                                    "--LabApp.check_for_updates_class=jupyterlab.NeverCheckForUpdate"]

    def cmd(root, port, token):
        return [sys.executable, "-m", "jupyter", "lab", "--no-browser", "--ip=127.0.0.1",
                f"--port={port}", f"--IdentityProvider.token={token}", f"--ServerApp.root_dir={root}",
                "--allow-root"] + quiet
    env = ({"JUPYTER_PATH": str(REPO / "share" / "jupyter"),
            "JUPYTER_CONFIG_PATH": str(REPO / "etc" / "jupyter")} if as_make_lab else None)
    return _served(cmd, folder, "/api/status", env=env, quiet_news=not as_make_lab)


REPO = Path(__file__).resolve().parents[2]


def voila(folder: Path, notebook: str, via: str = "voila"):
    """Voila on 127.0.0.1 rendering ``notebook`` from a copy of ``folder``, set up as the
    project serves it: the repository's voila.json in the server's folder and its
    share/jupyter on JUPYTER_PATH and its etc/jupyter on JUPYTER_CONFIG_PATH (as the
    Makefile and binder/start do).

    ``via="voila"`` runs the Voila app (``make voila``); ``via="voila/render"`` a Jupyter
    server with Voila's server extension, the page at ``/voila/render/NOTEBOOK`` (Binder's
    classroom-app link).
    """
    files = [REPO / "voila.json"]
    env = {"JUPYTER_PATH": str(REPO / "share" / "jupyter"),
           "JUPYTER_CONFIG_PATH": str(REPO / "etc" / "jupyter")}
    if via == "voila":
        def cmd(root, port, token):
            return [sys.executable, "-m", "voila", notebook, "--no-browser", "--Voila.ip=127.0.0.1",
                    f"--port={port}", f"--token={token}", "--Voila.tornado_settings={'allow_origin': ''}"]
        return _served(cmd, folder, "/", "/", files, env)
    if via == "voila/render":
        def cmd(root, port, token):
            return [sys.executable, "-m", "jupyter", "server", "--no-browser", "--ip=127.0.0.1",
                    f"--port={port}", f"--IdentityProvider.token={token}", f"--ServerApp.root_dir={root}",
                    "--allow-root"]
        return _served(cmd, folder, "/api/status", f"/voila/render/{notebook}", files, env)
    raise ValueError(f"via must be 'voila' or 'voila/render', got {via!r}")


@contextlib.contextmanager
def chromium_page(width: int = 1400, height: int = 1000):
    """A Playwright page in a fresh headless Chromium profile."""
    from playwright.sync_api import sync_playwright
    profile = tempfile.mkdtemp(prefix="tabletop-chromium-")
    try:
        with sync_playwright() as p:
            ctx = p.chromium.launch_persistent_context(
                profile, executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS,
                viewport={"width": width, "height": height})
            try:
                page = ctx.pages[0] if ctx.pages else ctx.new_page()
                page.set_default_timeout(30_000)
                yield page
            finally:
                ctx.close()
    finally:
        shutil.rmtree(profile, ignore_errors=True)


def open_notebook(page, lab: Server, notebook: str) -> None:
    """Open a notebook and wait until its kernel is really idle (see the stack notes)."""
    page.goto(lab.page_url(f"/lab/tree/{notebook}") + "&reset")
    page.wait_for_selector(".jp-Notebook .jp-Cell", timeout=60_000)
    page.get_by_text("| Idle").first.wait_for(timeout=90_000)
    news = page.locator(".jp-toast-container").get_by_role("button", name="No", exact=True)
    if news.count():  # "Would you like to get notified about official Jupyter news?"
        news.first.click()


def _prompts(page) -> list[str]:
    return page.eval_on_selector_all(".jp-Notebook .jp-CodeCell .jp-InputArea-prompt",
                                     "els => els.map(e => e.textContent.trim())")


def run_all(page, lab: Server, notebook: str, timeout: float = 240) -> list[str]:
    """Open ``notebook``, Run All Cells from the Run menu, wait for every cell; return prompts."""
    open_notebook(page, lab, notebook)
    for attempt in range(4):
        page.locator(".lm-MenuBar-itemLabel", has_text=re.compile(r"^Run$")).click()
        page.locator(".lm-Menu-itemLabel", has_text=re.compile(r"^Run All Cells$")).click()
        try:
            page.wait_for_function(
                """() => [...document.querySelectorAll('.jp-Notebook .jp-CodeCell .jp-InputArea-prompt')]
                       .some(e => /\\[(\\d+|\\*)\\]/.test(e.textContent))""", timeout=10_000)
            break
        except Exception:
            if attempt == 3:
                raise AssertionError("Run All Cells was never picked up by the kernel")
    # done when nothing is queued or running any more: either every cell has its number,
    # or a cell failed and JupyterLab dropped the rest of the queue
    try:
        page.wait_for_function(
            """() => { const ps = [...document.querySelectorAll('.jp-Notebook .jp-CodeCell .jp-InputArea-prompt')];
                       return ps.length > 0 && !ps.some(e => e.textContent.includes('*'))
                              && ps.some(e => /\\[\\d+\\]/.test(e.textContent)); }""",
            timeout=timeout * 1000)
    except Exception as e:  # say where it stopped: which cell, what the kernel was doing
        raise AssertionError(f"{notebook}: cells still queued after {timeout} s; prompts {_prompts(page)}; "
                             f"kernels {_kernels(lab)}; status bar {_status_text(page)!r}; "
                             f"server log tail:\n{lab.log.read_text()[-2000:]}") from e
    page.wait_for_timeout(500)  # let the last outputs and widget views render
    return _prompts(page)


def _kernels(lab: Server) -> list:
    try:
        with urllib.request.urlopen(lab.page_url("/api/kernels"), timeout=5) as r:
            import json
            return [(k["id"][:8], k["execution_state"], k.get("connections")) for k in json.load(r)]
    except OSError as e:
        return [f"unknown ({e})"]


def _status_text(page) -> str:
    try:
        return page.inner_text(".jp-StatusBar-Widget", timeout=2_000)
    except Exception:  # noqa: BLE001
        return "?"


def cell_errors(page) -> list[str]:
    """Text of every output that shows an error (a traceback, a widget that failed)."""
    texts = page.eval_on_selector_all(".jp-OutputArea-output",
                                      "els => els.map(e => e.innerText)")
    return [t[:800] for t in texts if ERROR_PATTERNS.search(t)]


def plotly_figures(page) -> int:
    """How many plotly figures rendered (a .js-plotly-plot with its svg.main-svg in an output)."""
    return page.eval_on_selector_all(
        ".jp-OutputArea .js-plotly-plot",
        "els => els.filter(e => e.querySelector('svg.main-svg')).length")
