"""The host's door: every TCP connection from its accept to its close, and cutting one.

ZeroMQ accepts connections and runs their ZMTP/CURVE handshakes on its own; a peer that
completes the handshake and then never sends a frame is invisible to the application and
would hold its socket for ever. The gate watches the ROUTER's monitor socket (``ACCEPTED``
carries the connection's file descriptor), learns each connection's remote address, and
ties it to the frames it sends (every frame carries ``__fd``, the descriptor it came in
on). With that it can hold every connection to a deadline (hello within
:data:`~ekpeer.net.limits.HELLO_SECONDS`), count them per address, and cut one connection
(``shutdown`` of its descriptor: ZeroMQ sees the peer gone and closes it, dropping what it
had queued for it) without touching the others.

Descriptors are reused by the kernel once closed, so a cut checks first that the
descriptor still joins the same remote address and port to the host's port. Monitor
events are drained before each batch of frames is handled (:meth:`Gate.drain`): ZeroMQ
posts a connection's ``ACCEPTED`` before any of its frames and its ``DISCONNECTED``
before its descriptor can be reused, so the gate's picture is never older than a frame.
"""

from __future__ import annotations

import contextlib
import os
import socket
import struct
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import zmq
from zmq.utils.monitor import parse_monitor_message

from . import limits

_EVENTS = (zmq.EVENT_ACCEPTED | zmq.EVENT_DISCONNECTED | zmq.EVENT_CLOSED)


@dataclass(eq=False)
class Conn:
    """One accepted TCP connection."""

    fd: int
    address: str                 # the remote IP
    port: int                    # the remote port (with the IP: this connection, while it is open)
    opened: float                # loop time of the accept
    ident: bytes | None = None   # the ROUTER identity of its first frame
    hello: bool = False          # it said hello (no more deadline)
    cut: bool = False


def _dup(fd: int) -> socket.socket | None:
    """A socket object on a duplicate of ``fd`` (closing it leaves ``fd`` open), or None."""
    try:
        dup = os.dup(fd)
    except OSError:
        return None
    try:
        return socket.socket(fileno=dup)
    except OSError:                 # not a socket (any more)
        os.close(dup)
        return None


def peer_of(fd: int) -> tuple[str, int, int] | None:
    """(remote IP, remote port, local port) of the TCP socket ``fd``, or None."""
    s = _dup(fd)
    if s is None:
        return None
    try:
        remote, local = s.getpeername(), s.getsockname()
        return str(remote[0]), int(remote[1]), int(local[1])
    except (OSError, IndexError, TypeError):
        return None
    finally:
        s.close()


_NO_LINGER = struct.pack("ii", 1, 0)


class Gate:
    """Connections of one ROUTER socket, by descriptor and by remote address."""

    def __init__(self, *, now: Callable[[], float], log: Callable[..., None],
                 hello_seconds: float = limits.HELLO_SECONDS, per_address: int = limits.PER_ADDRESS,
                 pending_per_address: int = limits.PENDING_PER_ADDRESS,
                 max_connections: int = limits.MAX_CONNECTIONS) -> None:
        self.now = now
        self.log = log
        self.hello_seconds = hello_seconds
        self.per_address = per_address
        self.pending_per_address = pending_per_address
        self.max_connections = max_connections
        self.conns: dict[int, Conn] = {}
        self.by_address: dict[str, int] = {}
        self.pending: dict[str, int] = {}
        self.strikes: dict[str, int] = {}      # connections cut per address (silent, refused...)
        self.stats = {"accepted": 0, "refused": 0, "no_hello": 0, "cut": 0}
        self.local_port = 0
        self.monitor: zmq.Socket | None = None
        self._logged: dict[tuple[str, str], float] = {}
        self._held: dict[tuple[str, str], int] = {}
        self._router: zmq.Socket | None = None

    # ------------------------------------------------------------------ monitor
    def watch(self, sock: zmq.Socket, ctx: zmq.Context, local_port: int) -> None:
        """Start watching ``sock`` (a plain socket view of the ROUTER) from now on."""
        self.local_port = local_port
        endpoint = f"inproc://ekpeer-gate-{id(self):x}"
        sock.monitor(endpoint, _EVENTS)
        # a plain socket (drained without a future), known to the context (destroy closes it)
        mon = ctx.socket(zmq.PAIR, socket_class=zmq.Socket)
        mon.setsockopt(zmq.LINGER, 0)
        mon.connect(endpoint)
        self.monitor = mon
        self._router = sock

    def close(self) -> None:
        if self.monitor is not None:
            if self._router is not None:
                with contextlib.suppress(zmq.ZMQError):
                    self._router.disable_monitor()
            self.monitor.close(linger=0)
            self.monitor = None
        self.conns.clear()
        self.by_address.clear()
        self.pending.clear()

    def drain(self) -> None:
        """Handle every monitor event waiting (cheap when there is none)."""
        mon = self.monitor
        if mon is None:
            return
        while True:
            try:
                parts = mon.recv_multipart(flags=zmq.NOBLOCK)
            except zmq.Again:
                return
            except zmq.ZMQError:
                return
            try:
                event = parse_monitor_message(parts)
            except Exception:
                continue
            kind, fd = event["event"], int(event["value"])
            if kind == zmq.EVENT_ACCEPTED:
                self._accepted(fd)
            elif kind in (zmq.EVENT_DISCONNECTED, zmq.EVENT_CLOSED):
                self._gone(fd)

    def _accepted(self, fd: int) -> None:
        old = self.conns.get(fd)
        if old is not None:                 # its close was never told: that descriptor is new now
            self._forget(old)
        peer = peer_of(fd)
        if peer is None:
            return
        address, port, _ = peer
        conn = Conn(fd, address, port, self.now())
        self.conns[fd] = conn
        self.by_address[address] = self.by_address.get(address, 0) + 1
        self.pending[address] = self.pending.get(address, 0) + 1
        self.stats["accepted"] += 1
        reason = None
        if len(self.conns) > self.max_connections:
            reason = "host_connections"
        elif self.by_address[address] > self.per_address:
            reason = "address_connections"
        elif self.pending[address] > self.pending_per_address:
            reason = "address_pending"
        if reason is not None:
            self.stats["refused"] += 1
            if reason != "host_connections":
                self.strikes[address] = self.strikes.get(address, 0) + 1
            self.say("connection_refused", address, reason=reason, limit={
                "host_connections": self.max_connections, "address_connections": self.per_address,
                "address_pending": self.pending_per_address}[reason])
            self.cut(conn, reason)

    def _gone(self, fd: int) -> None:
        conn = self.conns.get(fd)
        if conn is not None:
            self._forget(conn)

    def _forget(self, conn: Conn) -> None:
        if self.conns.get(conn.fd) is conn:
            del self.conns[conn.fd]
        for book in (self.by_address,) + (() if conn.hello else (self.pending,)):
            left = book.get(conn.address, 1) - 1
            if left > 0:
                book[conn.address] = left
            else:
                book.pop(conn.address, None)

    # ------------------------------------------------------------------ frames
    def conn_of(self, fd: int | None, ident: bytes) -> Conn | None:
        """The connection a frame came in on (None: inproc, or not known)."""
        if fd is None:
            return None
        conn = self.conns.get(fd)
        if conn is None:
            return None
        if conn.ident is None:
            conn.ident = ident
        elif conn.ident != ident:           # a frame of an older connection on that descriptor
            return None
        return conn

    def said_hello(self, conn: Conn) -> None:
        if not conn.hello:
            conn.hello = True
            left = self.pending.get(conn.address, 1) - 1
            if left > 0:
                self.pending[conn.address] = left
            else:
                self.pending.pop(conn.address, None)

    # ------------------------------------------------------------------ deadlines and cuts
    def sweep(self) -> list[Conn]:
        """Cut every connection that has not said hello in time; returns them. (Also forgets
        cut connections whose close the monitor never told: their descriptor is gone.)"""
        now = self.now()
        for conn in [c for c in self.conns.values() if c.cut and now - c.opened > 2 * self.hello_seconds]:
            if peer_of(conn.fd) != (conn.address, conn.port, self.local_port):
                self._forget(conn)
        late = [c for c in self.conns.values()
                if not c.hello and not c.cut and now - c.opened > self.hello_seconds]
        for conn in late:
            self.stats["no_hello"] += 1
            self.strikes[conn.address] = self.strikes.get(conn.address, 0) + 1
            self.say("no_hello", conn.address, seconds=self.hello_seconds,
                     strikes=self.strikes[conn.address])
            self.cut(conn, "no_hello")
        if len(self.strikes) > 10000:
            self.strikes.clear()
        return late

    def cut(self, conn: Conn, reason: str) -> bool:
        """Close one connection (ZeroMQ notices, drops its queues and forgets its identity)."""
        if conn.cut:
            return False
        conn.cut = True
        peer = peer_of(conn.fd)
        if peer is None or peer != (conn.address, conn.port, self.local_port):
            return False                    # closed already; the descriptor is someone else's now
        s = _dup(conn.fd)
        if s is None:
            return False
        try:
            # no lingering send buffer: what a peer would not read is thrown away, not kept
            s.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, _NO_LINGER)
            s.shutdown(socket.SHUT_RDWR)
        except OSError:
            return False
        finally:
            s.close()
        self.stats["cut"] += 1
        return True

    def say(self, event: str, address: str, **fields: Any) -> None:
        """A log line, at most one per event and address every 5 s (an attack must not flood
        the log): how many were held back is in the next one."""
        now = self.now()
        key = (event, address)
        last = self._logged.get(key)
        if last is not None and now - last < 5.0:
            self._held[key] = self._held.get(key, 0) + 1
            return
        self._logged[key] = now
        held = self._held.pop(key, 0)
        if len(self._logged) > 4096:
            self._logged = {k: t for k, t in self._logged.items() if now - t < 5.0}
        self.log(event, level="warning", address=address, **({"held_back": held} if held else {}), **fields)
