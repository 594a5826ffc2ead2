"""Binder, rehearsed: a fresh virtual environment gets binder/requirements.txt, then
binder/postBuild runs in a copy of the repository, then every notebook runs there, as
repo2docker would build and a Binder user would run it. Each notebook must stay well
inside Binder's limits (about 2 GB of memory; we require < 60 s and < 1.5 GB).
"""
from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import venv
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
NOTEBOOKS = sorted(p.name for p in (ROOT / "notebooks").glob("*.ipynb"))

pytestmark = pytest.mark.slow

# run one notebook in a child process and report its time and the peak memory of the
# largest process under it (the kernel), from the kernel's own resource usage
RUNNER = r"""
import json, resource, subprocess, sys, time
t = time.perf_counter()
r = subprocess.run([sys.executable, "-m", "jupyter", "nbconvert", "--to", "notebook", "--execute",
                    "--ExecutePreprocessor.timeout=120", "--ExecutePreprocessor.store_widget_state=False",
                    "--output-dir", sys.argv[2], sys.argv[1]], capture_output=True, text=True)
print(json.dumps({"rc": r.returncode, "seconds": time.perf_counter() - t,
                  "max_rss_mb": resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024,
                  "stderr": r.stderr[-3000:]}))
"""


def _runtime() -> str:
    return (ROOT / "binder" / "runtime.txt").read_text().strip()


def _binder_interpreter() -> str | None:
    """A Python of the version Binder builds with (binder/runtime.txt, e.g. python-3.11): this
    one if it is that version (CI), else one found on PATH or among pyenv's versions."""
    want = _runtime().removeprefix("python-")
    if f"{sys.version_info.major}.{sys.version_info.minor}" == want:
        return sys.executable
    found = shutil.which(f"python{want}")
    if found:
        return found
    root = Path(os.environ.get("PYENV_ROOT", Path.home() / ".pyenv")) / "versions"
    for cand in sorted(root.glob(f"{want}.*"), reverse=True):
        if (cand / "bin" / "python").exists():
            return str(cand / "bin" / "python")
    return None


@pytest.fixture(scope="module")
def binder_env(tmp_path_factory):
    tmp = tmp_path_factory.mktemp("binder")
    repo = tmp / "repo"
    shutil.copytree(ROOT, repo, ignore=shutil.ignore_patterns(
        ".venv", ".git", "__pycache__", "*.egg-info", ".pytest_cache", ".ipynb_checkpoints", "build"))
    env_dir = tmp / "env"
    binder_python = _binder_interpreter()
    if binder_python is None:
        pytest.skip(f"Binder builds with {_runtime()} (binder/runtime.txt) and no such interpreter is here; "
                    f"its pinned packages need that Python, this is {sys.version.split()[0]}")
    if binder_python == sys.executable:
        venv.EnvBuilder(with_pip=True).create(env_dir)
    else:
        subprocess.run([binder_python, "-m", "venv", str(env_dir)], check=True)
    py = env_dir / "bin" / "python"
    env = dict(os.environ, PATH=f"{env_dir / 'bin'}{os.pathsep}{os.environ['PATH']}",
               VIRTUAL_ENV=str(env_dir), PIP_DISABLE_PIP_VERSION_CHECK="1")
    for var in ("PYTHONPATH", "JUPYTER_PATH", "JUPYTER_CONFIG_DIR", "JUPYTER_DATA_DIR"):
        env.pop(var, None)
    for var in ("JUPYTER_CONFIG_DIR", "JUPYTER_DATA_DIR", "JUPYTER_RUNTIME_DIR", "IPYTHONDIR"):
        (tmp / var.lower()).mkdir()
        env[var] = str(tmp / var.lower())
    r = subprocess.run([str(py), "-m", "pip", "install", "-q", "-r", "binder/requirements.txt"],
                       cwd=repo, env=env, capture_output=True, text=True)
    assert r.returncode == 0, f"pip install -r binder/requirements.txt failed:\n{r.stderr[-3000:]}"
    r = subprocess.run(["bash", "binder/postBuild"], cwd=repo, env=env, capture_output=True, text=True)
    assert r.returncode == 0, f"binder/postBuild failed:\n{r.stdout[-2000:]}\n{r.stderr[-3000:]}"
    return py, repo, env, tmp


def test_binder_pins_and_postbuild(binder_env):
    py, repo, env, _ = binder_env
    out = subprocess.run([str(py), "-c", "import tabletop_nb, ipywidgets, jupyterlab_widgets, plotly, "
                          "anywidget; print(tabletop_nb.list_games())"],
                         cwd="/", env=env, capture_output=True, text=True)
    assert out.returncode == 0, out.stderr
    assert json.loads(out.stdout.strip().replace("'", '"')) == ["neko", "pacal", "pebble_rock"]
    assert (repo / "binder" / "runtime.txt").read_text().strip().startswith("python-3.")
    pins = [l for l in (repo / "binder" / "requirements.txt").read_text().splitlines()
            if l.strip() and not l.startswith("#")]
    assert all("==" in l for l in pins), "every Binder requirement is pinned"


@pytest.mark.parametrize("notebook", NOTEBOOKS)
def test_notebook_runs_inside_binder_limits(binder_env, notebook):
    py, repo, env, tmp = binder_env
    out_dir = tmp / "executed"
    out_dir.mkdir(exist_ok=True)
    r = subprocess.run([str(py), "-c", RUNNER, str(repo / "notebooks" / notebook), str(out_dir)],
                       cwd=repo / "notebooks", env=env, capture_output=True, text=True, timeout=600)
    assert r.returncode == 0, r.stderr
    res = json.loads(r.stdout.strip().splitlines()[-1])
    assert res["rc"] == 0, f"{notebook} failed in the Binder environment:\n{res['stderr']}"
    print(f"{notebook}: {res['seconds']:.1f} s, peak {res['max_rss_mb']:.0f} MB")
    assert res["seconds"] < 60, f"{notebook} took {res['seconds']:.0f} s: too slow for Binder"
    assert res["max_rss_mb"] < 1536, f"{notebook} peaked at {res['max_rss_mb']:.0f} MB"
