"""The classroom app inside a Jupyter server (Binder's ``voila/render`` link, ``make lab``): a
classroom page's kernel runs no code sent over its websocket.

The Voila app (``make voila``, ``make classroom``) has its own kernel manager, and voila.json
lets only widget and kernel-info messages through to its kernels. Voila as a Jupyter server
extension (``/voila/render/NOTEBOOK``, what Binder's classroom badge opens) shares the
server's kernel manager with JupyterLab, whose notebooks must run code: the filter cannot be
the server's. So it is per kernel:

- ``LessonKernelManager`` (``ServerApp.kernel_manager_class``) is jupyter_server's own,
  remembering the kernels that Voila's page handler started (Voila gives them its ``VOILA_*``
  environment);
- ``LessonKernelConnection`` (``ServerApp.kernel_websocket_connection_class``) refuses, on
  those kernels' websockets only, every message whose type is not in
  :data:`LESSON_MESSAGE_TYPES` (logged, as jupyter_server logs its own refusals); other
  kernels' messages pass untouched.

``etc/jupyter/jupyter_server_config.json`` names both (the Makefile and binder/start put that
folder on ``JUPYTER_CONFIG_PATH``). A Binder visitor can still open JupyterLab itself: the
filter keeps the classroom page's kernel to the lesson, it does not make Binder a locked room.

Imports jupyter_server when the server loads the classes, never with ``tabletop_nb``.
"""
from __future__ import annotations

import json
from typing import Any

__all__ = ["LESSON_MESSAGE_TYPES", "VOILA_ENV", "LessonKernelManager", "LessonKernelConnection",  # noqa: F822 (built lazily)
           "is_lesson_kernel", "message_type"]

#: what a classroom page may send its kernel: the widgets' messages and kernel info (the same
#: list as voila.json's ``MappingKernelManager.allowed_message_types``, checked by a test)
LESSON_MESSAGE_TYPES = ("comm_open", "comm_msg", "comm_close", "comm_info_request", "kernel_info_request")
#: set in the environment of every kernel Voila's page handler starts (``voila.utils.ENV_VARIABLE``)
VOILA_ENV = "VOILA_REQUEST_URL"
_WS_V1 = "v1.kernel.websocket.jupyter.org"


def is_lesson_kernel(env: dict[str, str] | None) -> bool:
    """Whether a kernel started with this environment is a Voila page's.

    Parameters
    ----------
    env : dict or None
        The environment the kernel was started with (the ``env`` given to ``start_kernel``).

    Examples
    --------
    >>> is_lesson_kernel({"VOILA_REQUEST_URL": "http://localhost:8888/voila/render/x.ipynb"})
    True
    >>> is_lesson_kernel({"PATH": "/usr/bin"}), is_lesson_kernel(None)
    (False, False)
    """
    return bool(env) and VOILA_ENV in env  # type: ignore[operator]


def message_type(ws_msg: str | bytes, subprotocol: str | None) -> str | None:
    """The type of a message a page sent over a kernel websocket, in either of jupyter_server's
    framings (the v1 binary protocol, or JSON text / JSON with binary buffers); None when it
    cannot be read.

    Parameters
    ----------
    ws_msg : str or bytes
        The message as the websocket received it.
    subprotocol : str or None
        The websocket's protocol (``"v1.kernel.websocket.jupyter.org"``, or None for JSON).

    Examples
    --------
    >>> message_type('{"header": {"msg_type": "execute_request"}, "channel": "shell"}', None)
    'execute_request'
    >>> message_type("not json", None) is None
    True
    """
    try:
        if subprotocol == _WS_V1:
            from jupyter_server.services.kernels.connection.base import deserialize_msg_from_ws_v1
            _, parts = deserialize_msg_from_ws_v1(ws_msg)
            header = json.loads(parts[0])
        elif isinstance(ws_msg, bytes):
            from jupyter_server.services.kernels.connection.base import deserialize_binary_message
            header = deserialize_binary_message(ws_msg)["header"]
        else:
            header = json.loads(ws_msg)["header"]
        kind = header["msg_type"]
        return kind if isinstance(kind, str) else None
    except Exception:  # noqa: BLE001  (anything unreadable is refused by the caller)
        return None


def _kernel_manager_class() -> type:
    from jupyter_server.services.kernels.kernelmanager import AsyncMappingKernelManager

    class LessonKernelManager(AsyncMappingKernelManager):
        """jupyter_server's kernel manager, remembering which kernels are Voila pages' (in
        ``lesson_kernels``: their ids, from start to removal).

        Examples
        --------
        >>> from jupyter_server.services.kernels.kernelmanager import AsyncMappingKernelManager
        >>> from tabletop_nb.classroom_server import LessonKernelManager
        >>> issubclass(LessonKernelManager, AsyncMappingKernelManager)
        True
        """

        def __init__(self, **kwargs: Any) -> None:
            super().__init__(**kwargs)
            self.lesson_kernels: set[str] = set()

        async def start_kernel(self, **kwargs: Any) -> str:  # type: ignore[override]
            kid = await super().start_kernel(**kwargs)
            if is_lesson_kernel(kwargs.get("env")):
                self.lesson_kernels.add(kid)
            return kid

        def remove_kernel(self, kernel_id: str) -> Any:
            self.lesson_kernels.discard(kernel_id)
            return super().remove_kernel(kernel_id)

    return LessonKernelManager


def _connection_class() -> type:
    from jupyter_server.services.kernels.connection.channels import ZMQChannelsWebsocketConnection

    class LessonKernelConnection(ZMQChannelsWebsocketConnection):
        """jupyter_server's kernel websocket, taking only :data:`LESSON_MESSAGE_TYPES` on a
        Voila page's kernel (one its kernel manager lists in ``lesson_kernels``).

        Examples
        --------
        >>> from tabletop_nb.classroom_server import LessonKernelConnection
        >>> LessonKernelConnection.__mro__[1].__name__
        'ZMQChannelsWebsocketConnection'
        """

        def handle_incoming_message(self, incoming_msg: Any) -> None:
            if self.kernel_id in getattr(self.multi_kernel_manager, "lesson_kernels", ()):
                kind = message_type(incoming_msg, self.subprotocol)
                if kind not in LESSON_MESSAGE_TYPES:
                    self.log.warning('Received message of type "%s" for a classroom page\'s kernel, '
                                     "which is not allowed. Ignoring.", kind)
                    return
            super().handle_incoming_message(incoming_msg)

    return LessonKernelConnection


_BUILT: dict[str, type] = {}


def __getattr__(name: str) -> type:
    # built on first use: the classes subclass jupyter_server's, which tabletop_nb itself
    # does not import
    makers = {"LessonKernelManager": _kernel_manager_class, "LessonKernelConnection": _connection_class}
    if name not in makers:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    if name not in _BUILT:
        _BUILT[name] = makers[name]()
    return _BUILT[name]
