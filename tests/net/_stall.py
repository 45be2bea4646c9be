"""A link that stalls: for a while no frame gets through either way (a lagged LAN's 6 s
stall), then everything does again. Put on a real :class:`~ekpeer.net.client.Client` (the
library's, or the one inside the app's session), so that the client's own silence check and
reconnect run as they do for a player."""

from __future__ import annotations

import contextlib
import types
from typing import Any

import zmq

from ekpeer.net.client import Client


class Stall:
    """``client``'s link: :meth:`start` stops every frame both ways, :meth:`end` lets them through."""

    def __init__(self, client: Client) -> None:
        self.client = client
        self.stalled = False
        send, readable = client._send, client._on_readable

        def _send(this: Any, frame: bytes) -> None:
            if self.stalled:
                if this.sock is None:
                    raise ConnectionError("not connected")
                return              # lost on the way
            send(frame)

        def _on_readable(this: Any, sock: zmq.Socket) -> None:
            if not self.stalled:
                readable(sock)
                return
            with contextlib.suppress(zmq.ZMQError):     # read, and lost on the way
                while sock.getsockopt(zmq.EVENTS) & zmq.POLLIN:
                    sock.recv(zmq.DONTWAIT)

        client._send = types.MethodType(_send, client)                  # type: ignore[method-assign]
        client._on_readable = types.MethodType(_on_readable, client)    # type: ignore[method-assign]
        if client._watched is not None and client.sock is not None:     # the open socket's reader too
            selector, fd = client._watched
            selector.remove_reader(fd)
            selector.add_reader(fd, client._on_readable, client.sock)

    def start(self) -> None:
        self.stalled = True

    def end(self) -> None:
        self.stalled = False
