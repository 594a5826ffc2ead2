"""The classroom app's set-up, as the Makefile and Binder apply it (the browser test
tests/browser/test_classroom_voila.py checks what a person sees): voila.json selects the
project's template and progressive rendering, the template is where JUPYTER_PATH points,
and binder/start and the Makefile point Jupyter at the repository's share/ and etc/."""
from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_voila_json_selects_the_offline_template_and_progressive_rendering():
    conf = json.loads((ROOT / "voila.json").read_text())["VoilaConfiguration"]
    assert conf["template"] == "tabletop" and conf["progressive_rendering"] is True
    template = ROOT / "share" / "jupyter" / "voila" / "templates" / conf["template"]
    assert json.loads((template / "conf.json").read_text())["base_template"] == "lab"
    assert "extends 'lab/index.html.j2'" in (template / "index.html.j2").read_text()
    server = json.loads((ROOT / "etc" / "jupyter" / "jupyter_server_config.json").read_text())
    assert server["ServerApp"]["tornado_settings"]["mathjax_url"] == ""


def test_a_classroom_page_may_send_the_same_messages_in_both_set_ups():
    """The Voila app's kernels (voila.json) and a Jupyter server's voila/render kernels
    (tabletop_nb.classroom_server, named by etc/jupyter) take the same message types, and the
    server's configuration names the classes that apply them (a wrong name would fail only
    when the server starts)."""
    from traitlets.utils.importstring import import_item
    from voila.utils import ENV_VARIABLE

    from tabletop_nb import classroom_server
    app = json.loads((ROOT / "voila.json").read_text())["MappingKernelManager"]["allowed_message_types"]
    assert sorted(app) == sorted(classroom_server.LESSON_MESSAGE_TYPES)
    assert "execute_request" not in app
    server = json.loads((ROOT / "etc" / "jupyter" / "jupyter_server_config.json").read_text())["ServerApp"]
    manager, connection = import_item(server["kernel_manager_class"]), import_item(server["kernel_websocket_connection_class"])
    from jupyter_server.services.kernels.connection.channels import ZMQChannelsWebsocketConnection
    from jupyter_server.services.kernels.kernelmanager import AsyncMappingKernelManager
    assert issubclass(manager, AsyncMappingKernelManager) and issubclass(connection, ZMQChannelsWebsocketConnection)
    assert ENV_VARIABLE.VOILA_REQUEST_URL == classroom_server.VOILA_ENV   # what marks a Voila page's kernel


def test_voila_finds_the_template_through_jupyter_path():
    env = dict(os.environ, JUPYTER_PATH=str(ROOT / "share" / "jupyter"))
    code = ("from voila.paths import collect_template_paths\n"
            "print(collect_template_paths(['voila', 'nbconvert'], 'tabletop', prune=True)[0])\n")
    out = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True)
    assert out.returncode == 0, out.stderr
    assert Path(out.stdout.strip()) == ROOT / "share" / "jupyter" / "voila" / "templates" / "tabletop"


def test_binder_start_and_the_makefile_point_jupyter_at_the_repository(tmp_path):
    start = ROOT / "binder" / "start"
    assert os.access(start, os.X_OK), "binder/start must be executable"
    env = {"PATH": os.environ["PATH"], "REPO_DIR": str(ROOT), "JUPYTER_PATH": "/elsewhere"}
    out = subprocess.run([str(start), "env"], env=env, capture_output=True, text=True, check=True).stdout
    seen = dict(line.split("=", 1) for line in out.splitlines() if "=" in line)
    assert seen["JUPYTER_PATH"] == f"{ROOT}/share/jupyter:/elsewhere"
    assert seen["JUPYTER_CONFIG_PATH"] == f"{ROOT}/etc/jupyter"
    probe = tmp_path / "probe.mk"
    probe.write_text(f"include {ROOT}/Makefile\nprobe:\n\t@echo $$JUPYTER_PATH; echo $$JUPYTER_CONFIG_PATH\n")
    out = subprocess.run(["make", "-s", "-C", str(ROOT), "-f", str(probe), "probe"],
                         env={"PATH": os.environ["PATH"]}, capture_output=True, text=True, check=True).stdout
    assert out.split() == [f"{ROOT}/share/jupyter", f"{ROOT}/etc/jupyter"]
