"""Helpers for the trust tests (issue 14): peers from chosen loopback addresses, frames of
an exact size, and watching a socket's connection from the peer's side."""

from __future__ import annotations

import asyncio
import time

import msgpack
import zmq
import zmq.asyncio
from zmq.utils.monitor import parse_monitor_message

from ekpeer.net import protocol as P
from ekpeer.net import security
from ekpeer.net.host import Host

from .conftest import recv_env


def from_address(endpoint: str, source: str) -> str:
    """``tcp://H:P`` connected from the loopback address ``source`` (another "machine")."""
    return endpoint.replace("tcp://", f"tcp://{source}:0;", 1)


def peer(ctx: zmq.asyncio.Context, host: Host, source: str = "127.0.0.1", *, keypair=None,
         reconnect: bool = True, rcvhwm: int | None = None, watch: list | None = None) -> zmq.asyncio.Socket:
    """A bare DEALER to ``host`` (CURVE with a fresh key unless given) from ``source``.

    With ``watch`` (a list), a :class:`Watch` of the socket is appended to it before it
    connects: one attached after ``connect`` can miss a handshake that was already done."""
    sock = ctx.socket(zmq.DEALER)
    sock.setsockopt(zmq.LINGER, 0)
    if not reconnect:
        sock.setsockopt(zmq.RECONNECT_IVL, -1)
    if rcvhwm is not None:
        sock.setsockopt(zmq.RCVHWM, rcvhwm)
    endpoint, key = security.split_address(host.address)
    if key is not None:
        security.secure_client(sock, key, keypair or zmq.curve_keypair())
    if watch is not None:
        watch.append(Watch(sock))
    sock.connect(from_address(endpoint, source))
    return sock


class Watch:
    """The peer's side of one socket's connections: handshakes done, disconnections seen."""

    def __init__(self, sock: zmq.Socket) -> None:
        self.mon = sock.get_monitor_socket(zmq.EVENT_HANDSHAKE_SUCCEEDED | zmq.EVENT_DISCONNECTED)
        self.handshakes = 0
        self.disconnects = 0

    async def poll(self) -> None:
        while await self.mon.poll(0):
            event = parse_monitor_message(await self.mon.recv_multipart())
            if event["event"] == zmq.EVENT_HANDSHAKE_SUCCEEDED:
                self.handshakes += 1
            elif event["event"] == zmq.EVENT_DISCONNECTED:
                self.disconnects += 1

    def close(self) -> None:
        self.mon.close(0)


async def until(pred, timeout: float, what: str, step: float = 0.05):
    """``pred`` (a coroutine function) true within ``timeout`` seconds."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if await pred():
            return
        await asyncio.sleep(step)
    raise AssertionError(f"timed out waiting for {what}")


def frame_of_size(size: int, id_: int = 1) -> bytes:
    """A ping envelope of exactly ``size`` bytes (padded with a string field)."""
    n = max(0, size - 64)
    for _ in range(8):
        data = msgpack.packb({"v": 1, "type": "ping", "id": id_, "body": {"pad": "x" * n}}, use_bin_type=True)
        if len(data) == size:
            return data
        n += size - len(data)
    raise AssertionError(f"no frame of exactly {size} bytes")


async def ask(sock: zmq.asyncio.Socket, type_: str, body: dict, id_: int, timeout: float = 3.0) -> dict:
    """One request on a bare socket; its reply's body."""
    await sock.send(P.encode(type_, body, id_))
    while True:
        env = await recv_env(sock, timeout)
        if env.re == id_:
            return env.body
