"""Shared helpers for the network tests: real sockets on 127.0.0.1, bounded waits."""

from __future__ import annotations

import asyncio
import contextlib
import os
import sys
import time
from pathlib import Path

import pytest
import zmq
import zmq.asyncio

from ekpeer.net import protocol as P
from ekpeer.net import security
from ekpeer.net.host import Host

ROOT = Path(__file__).resolve().parents[2]
EKPEER = [sys.executable, "-m", "ekpeer.cli"] if not (ROOT / ".venv/bin/ekpeer").exists() \
    else [str(ROOT / ".venv/bin/ekpeer")]
# made once, before any host or bot process could race to make them
HOST_KEY = security.load_keypair("host")[0]
security.load_keypair("client")


def address(endpoint: str) -> str:
    """``endpoint`` with the (test data dir's) host key: what a host on it prints."""
    return security.join_address(endpoint, HOST_KEY)


FAST = {"seats": 3, "reaction_seconds": 0.03, "turn_seconds": 5.0, "grace_seconds": 30.0}


from ports import free_port  # noqa: E402,F401  (tests/ports.py: one per worker, below the OS's range)


async def wait_for(pred, timeout: float = 10.0, step: float = 0.02, what: str = "condition"):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        value = pred()
        if value:
            return value
        await asyncio.sleep(step)
    raise AssertionError(f"timed out waiting for {what}")


@pytest.fixture
async def ctx():
    c = zmq.asyncio.Context()
    yield c
    c.destroy(linger=0)


@pytest.fixture
async def host(ctx):
    records: list[dict] = []
    h = Host("tcp://127.0.0.1:0", ctx=ctx, think=(0.0, 0.0), seed=7, log=records.append,
             ping_seconds=0.5, idle_seconds=5.0)
    h.records = records  # type: ignore[attr-defined]
    await h.start()
    yield h
    await h.close()


class _NoSocket:
    """Where a socketless host's frames go: nowhere (a test reads them through send_hook)."""

    def send_multipart(self, parts, flags=0):
        return None


def socketless_host(seed: int) -> Host:
    """A host on the running loop that never opens a socket: its tables are driven by direct
    calls, and what it sends is seen through ``send_hook`` if at all."""
    host = Host("tcp://127.0.0.1:0", secure=False, seed=seed)
    host.loop = asyncio.get_running_loop()
    host.sock = host._raw = _NoSocket()
    return host


def events(host: Host, name: str) -> list[dict]:
    return [r for r in host.records if r["event"] == name]  # type: ignore[attr-defined]


def raw_dealer(ctx: zmq.asyncio.Context, addr: str, keypair: tuple[bytes, bytes] | None = None,
               routing_id: bytes | None = None) -> zmq.asyncio.Socket:
    """A bare DEALER (CurveZMQ with a fresh client key when ``addr`` carries the host's key)."""
    endpoint, key = security.split_address(addr)
    sock = ctx.socket(zmq.DEALER)
    sock.setsockopt(zmq.LINGER, 0)
    if routing_id is not None:
        sock.setsockopt(zmq.ROUTING_ID, routing_id)
    if key is not None:
        security.secure_client(sock, key, keypair or zmq.curve_keypair())
    sock.connect(endpoint)
    return sock


async def recv_env(sock: zmq.asyncio.Socket, timeout: float = 3.0, type_: str | None = "reply") -> P.Envelope:
    deadline = time.monotonic() + timeout
    while True:
        left = deadline - time.monotonic()
        if left <= 0:
            raise TimeoutError("no message")
        frame = await asyncio.wait_for(sock.recv(), left)
        env = P.decode(frame, P.MAX_HOST_FRAME, P.MAX_HOST_DEPTH, P.HOST_TYPES)
        if type_ is None or env.type == type_:
            return env


def env_for_subprocess() -> dict[str, str]:
    env = dict(os.environ)
    env["PYTHONUNBUFFERED"] = "1"
    return env


def string_lists(obj, path=()):
    """Every list of two or more strings in a decoded frame, with where it lies (catalog aside)."""
    if isinstance(obj, dict):
        for k, v in obj.items():
            if k == "catalog":
                continue
            yield from string_lists(v, (*path, k))
    elif isinstance(obj, list):
        if len(obj) >= 2 and all(isinstance(x, str) for x in obj):
            yield path, obj
        for i, v in enumerate(obj):
            yield from string_lists(v, (*path, i))


def keys(obj):
    """Every map key anywhere in a decoded frame."""
    if isinstance(obj, dict):
        for k, v in obj.items():
            yield k
            yield from keys(v)
    elif isinstance(obj, list):
        for v in obj:
            yield from keys(v)


@contextlib.asynccontextmanager
async def ann_and_bob(host: Host, ctx: zmq.asyncio.Context, ann: str = "en", bob: str = "en"):
    """Two people's clients at ``host`` (``ann``, ``bob``: each one's language), not yet
    connected; both closed after, whatever happened."""
    from ekpeer.net.client import Client

    clients = (Client(host.address, "ann", ctx=ctx, ping_seconds=0.5, lang=ann),
               Client(host.address, "bob", ctx=ctx, ping_seconds=0.5, lang=bob))
    try:
        yield clients
    finally:
        for client in clients:
            await client.close()
