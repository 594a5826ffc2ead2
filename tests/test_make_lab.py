"""`make lab` starts JupyterLab on the start notebook (run for real, stopped by its own process group)."""
import os
import re
import shutil
import signal
import socket
import subprocess
import time
import urllib.request
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


def _free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class _NoRedirect(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, *args, **kwargs):
        return None


@pytest.mark.timeout(300)
def test_make_lab_opens_the_start_notebook(tmp_path):
    assert shutil.which("make"), "make is needed: it is the README's set-up command"
    env = dict(os.environ, BROWSER="true")  # no browser window from a test
    for var in ("JUPYTER_CONFIG_DIR", "JUPYTER_DATA_DIR", "JUPYTER_RUNTIME_DIR", "IPYTHONDIR",
                "JUPYTERLAB_SETTINGS_DIR", "JUPYTERLAB_WORKSPACES_DIR"):
        (tmp_path / var).mkdir()
        env[var] = str(tmp_path / var)
    port = _free_port()
    log = tmp_path / "lab.log"
    with open(log, "w") as out:
        proc = subprocess.Popen(["make", "-s", "lab", f"PORT={port}"], cwd=ROOT, env=env, stdout=out,
                                stderr=subprocess.STDOUT, start_new_session=True)
    try:
        token = None
        deadline = time.time() + 240  # the first run may install the lab extra
        while time.time() < deadline and token is None:
            assert proc.poll() is None, f"make lab exited:\n{log.read_text()[-2000:]}"
            m = re.search(rf"http://127\.0\.0\.1:{port}/(\S*)\?token=([0-9a-f]+)", log.read_text())
            if m:
                path, token = m.group(1), m.group(2)
            time.sleep(0.3)
        assert token, f"JupyterLab did not announce itself:\n{log.read_text()[-2000:]}"
        assert path == "lab/tree/notebooks/00_start_here.ipynb"
        opener = urllib.request.build_opener(_NoRedirect)
        try:
            opener.open(f"http://127.0.0.1:{port}/?token={token}", timeout=10)
            raise AssertionError("expected a redirect to the start notebook")
        except urllib.error.HTTPError as e:
            assert e.code == 302
            assert e.headers["Location"].startswith("/lab/tree/notebooks/00_start_here.ipynb")
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/api/contents/notebooks/00_start_here.ipynb"
                                    f"?token={token}&content=0", timeout=10) as r:
            assert r.status == 200
    finally:
        os.killpg(proc.pid, signal.SIGTERM)
        try:
            proc.wait(timeout=20)
        except subprocess.TimeoutExpired:
            os.killpg(proc.pid, signal.SIGKILL)
