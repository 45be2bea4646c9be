"""A link that stalls: for a while no frame gets through either way (a lagged LAN's 6 s
stall), then everything does again. Put on a real :class:`~ekpeer.net.client.Client` (the
library's, or the one inside the app's session), so that the client's own silence check and
reconnect run as they do for a player.

What the client sends meanwhile is held, not lost, and goes when the link is back, on the
socket it was sent on if the client still has it: ZeroMQ queues a frame until its connection
is up, and TCP delivers late what a stall held back. A client whose silence check fires during
the stall reconnects on a fresh socket and says hello there; that hello reaches the host once
the stall ends, as over a real link (lost, it left the client waiting its whole request
timeout, 10 s, for an answer that never came). What the host sends meanwhile is lost: the
host drops the connection it heard nothing from, and what it held for it goes with it."""

from __future__ import annotations

import contextlib
import types
from typing import Any

import zmq

from ekpeer.net.client import Client


class Stall:
    """``client``'s link: :meth:`start` stops every frame both ways, :meth:`end` lets them
    through, the client's held ones first."""

    def __init__(self, client: Client) -> None:
        self.client = client
        self.stalled = False
        self.held: list[tuple[zmq.Socket, bytes]] = []     # (the socket it went on, the frame)
        send, readable = client._send, client._on_readable
        self._send_now = send

        def _send(this: Any, frame: bytes) -> None:
            if self.stalled:
                if this.sock is None:
                    raise ConnectionError("not connected")
                self.held.append((this.sock, frame))        # on the way, late
                return
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
        """The link is back: what the client sent meanwhile goes now, in order; a socket it
        closed meanwhile (a reconnect) took its frames with it."""
        self.stalled = False
        held, self.held = self.held, []
        for sock, frame in held:
            if sock is self.client.sock:
                with contextlib.suppress(zmq.ZMQError):
                    self._send_now(frame)
