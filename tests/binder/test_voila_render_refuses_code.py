"""Binder's classroom badge opens ``/voila/render/notebooks/dice_odds.ipynb``: Voila as an
extension of the Jupyter server that also runs JupyterLab. A student on that page must not be
able to run code of their own through its kernel's websocket, while JupyterLab's notebooks
(the same server, the same kernel manager) still run code
(tabletop_nb/classroom_server.py, named in etc/jupyter/jupyter_server_config.json).

The server is started as the Makefile and binder/start set it up (the repository's
share/jupyter and etc/jupyter, voila.json in its folder); the page is fetched over HTTP (with
progressive rendering its kernel starts with the page), then an execute request that would
write a file is sent over the kernel's websocket, in both of jupyter_server's framings (the v1
binary protocol a page uses, and JSON), beside a kernel-info request. The control: the same
requests to a kernel started as JupyterLab starts one (``POST /api/kernels``) do run.
"""
from __future__ import annotations

import asyncio
import json
import re
import time
import urllib.request
import uuid
from pathlib import Path

import pytest

from harness import voila

ROOT = Path(__file__).resolve().parents[2]
V1 = "v1.kernel.websocket.jupyter.org"


def _frame(msg_type: str, content: dict, protocol: str | None) -> tuple[str, str | bytes]:
    """A message to the kernel in the given framing, and its id."""
    mid = uuid.uuid4().hex
    header = {"msg_id": mid, "msg_type": msg_type, "username": "student", "session": "s",
              "date": "", "version": "5.3"}
    if protocol == V1:
        from jupyter_server.services.kernels.connection.base import serialize_msg_to_ws_v1
        return mid, serialize_msg_to_ws_v1({"header": header, "parent_header": {}, "metadata": {},
                                            "content": content}, "shell", pack=lambda part: json.dumps(part).encode())
    return mid, json.dumps({"header": header, "parent_header": {}, "metadata": {}, "content": content,
                            "channel": "shell", "buffers": []})


def _parent_and_type(raw: str | bytes, protocol: str | None) -> tuple[str | None, str]:
    if protocol == V1:
        from jupyter_server.services.kernels.connection.base import deserialize_msg_from_ws_v1
        _, parts = deserialize_msg_from_ws_v1(raw)
        header, parent = json.loads(parts[0]), json.loads(parts[1])
    else:
        msg = json.loads(raw)
        header, parent = msg["header"], msg["parent_header"]
    return parent.get("msg_id"), header["msg_type"]


async def _try_to_run(ws_url: str, protocol: str | None, marker: Path) -> list[str]:
    """Send an execute request that writes ``marker``, then a kernel-info request; the
    messages (by type) answering either, once the kernel-info reply is in and 2 s more passed."""
    from tornado.websocket import websocket_connect
    ws = await websocket_connect(f"{ws_url}&session_id={uuid.uuid4().hex}",
                                 subprotocols=[V1] if protocol == V1 else None)
    assert ws.selected_subprotocol == protocol
    ours = set()
    for kind, content in (("execute_request", {"code": f"open({str(marker)!r}, 'w').write('x')", "silent": False,
                                               "store_history": False, "user_expressions": {},
                                               "allow_stdin": False, "stop_on_error": True}),
                          ("kernel_info_request", {})):
        mid, frame = _frame(kind, content, protocol)
        ours.add(mid)
        await ws.write_message(frame, binary=isinstance(frame, bytes))
    replies: list[str] = []
    end, settle = time.time() + 30, None
    while time.time() < (settle or end):
        try:
            raw = await asyncio.wait_for(ws.read_message(), 1)
        except asyncio.TimeoutError:
            continue
        if raw is None:
            break
        parent, kind = _parent_and_type(raw, protocol)
        if parent in ours:
            replies.append(kind)
        if kind == "kernel_info_reply" and settle is None:
            settle = time.time() + 2  # time for an execute that got through to answer
    ws.close()
    return replies


@pytest.mark.timeout(300)
def test_voila_render_refuses_a_pages_code_and_jupyterlab_still_runs_code(tmp_path):
    with voila(ROOT / "notebooks", "dice_odds.ipynb", via="voila/render") as server:
        with urllib.request.urlopen(server.page_url(server.home), timeout=120) as r:
            page = r.read().decode()
        lesson_kernel = re.search(r'"kernelId":\s*"([0-9a-f-]+)"', page)[1]
        req = urllib.request.Request(server.page_url("/api/kernels"), data=b"{}", method="POST",
                                     headers={"Content-Type": "application/json"})
        with urllib.request.urlopen(req, timeout=60) as r:
            lab_kernel = json.load(r)["id"]
        ws = server.url.replace("http", "ws")

        def attempt(kernel: str, protocol: str | None, name: str) -> tuple[list[str], Path]:
            marker = tmp_path / name
            url = f"{ws}/api/kernels/{kernel}/channels?token={server.token}"
            return asyncio.run(_try_to_run(url, protocol, marker)), marker

        for protocol in (V1, None):
            tag = "v1" if protocol else "json"
            replies, marker = attempt(lesson_kernel, protocol, f"page_ran_code_{tag}")
            assert "kernel_info_reply" in replies, (tag, replies)     # the page's socket works ...
            assert "execute_reply" not in replies and "execute_input" not in replies, (tag, replies)
            assert not marker.exists(), tag                           # ... and runs no code of the page's
            replies, marker = attempt(lab_kernel, protocol, f"lab_ran_code_{tag}")
            assert "execute_reply" in replies and marker.exists(), (tag, replies)  # JupyterLab's kernel runs code
        log = server.log.read_text()
        assert log.count('Received message of type "execute_request" for a classroom page\'s kernel') == 2, log[-3000:]
