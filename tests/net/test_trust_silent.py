"""Issue 14.3: a connection that never says hello is cut, frames or not, and counted per
address. ZeroMQ runs the CURVE handshake on its own, so a peer can hold a socket without
the host's code ever hearing from it: a few hundred such peers used to exhaust the host's
file descriptors. Each test's crowd comes from its own loopback address, as another
machine would, while a player from 127.0.0.1 still gets in."""

from __future__ import annotations

import asyncio

import zmq

from ekpeer.net import protocol as P
from ekpeer.net.client import Client
from ekpeer.net.host import Host

from ._trust import Watch, peer, until
from .conftest import FAST

PENDING = 64                 # docs/security.md: connections per address waiting for their hello


async def _player(ctx, host: Host, name: str = "ann") -> Client:
    c = Client(host.address, name, ctx=ctx, keypair=zmq.curve_keypair(), ping_seconds=0.2, reconnect=False)
    await c.connect()
    return c


async def _crowd(ctx, host: Host, n: int, source: str) -> tuple[list, list[Watch]]:
    watches: list[Watch] = []
    socks = [peer(ctx, host, source, reconnect=False, watch=watches) for _ in range(n)]
    return socks, watches


async def _counts(watches: list[Watch]) -> tuple[int, int]:
    for w in watches:
        await w.poll()
    return sum(w.handshakes for w in watches), sum(w.disconnects for w in watches)


async def test_silent_connections_are_cut_at_the_hello_deadline(ctx):
    records: list[dict] = []
    host = Host("tcp://127.0.0.1:0", ctx=ctx, log=records.append, hello_seconds=0.6, idle_seconds=30.0)
    await host.start()
    socks, watches = await _crowd(ctx, host, 30, "127.0.0.7")
    talked: list[Watch] = []
    talker = peer(ctx, host, "127.0.0.7", reconnect=False, watch=talked)     # sends frames, never hello
    talk = talked[0]
    ann = await _player(ctx, host)
    try:
        await talker.send(P.encode("join", {"table": "x", "spectator": True}, 1))
        await until(lambda: _all_cut([*watches, talk]), 5, "every silent connection to be cut")
        assert (await ann.ping())["ok"]                         # a player who said hello stays
        cut = [r for r in records if r["event"] == "no_hello"]
        assert cut and cut[0]["address"] == "127.0.0.7"
        assert host.gate.strikes["127.0.0.7"] >= 31
        assert all(c.address != "127.0.0.7" for c in host.gate.conns.values())
    finally:
        for s in [*socks, talker]:
            s.close(0)
        for w in [*watches, talk]:
            w.close()
        await ann.close()
        await host.close()


async def _all_cut(watches: list[Watch]) -> bool:
    handshakes, disconnects = await _counts(watches)
    return handshakes == len(watches) and disconnects == len(watches)


async def test_a_crowd_of_silent_connections_locks_nobody_out(ctx):
    # the deadline is far: only the cap on connections waiting for their hello protects
    records: list[dict] = []
    host = Host("tcp://127.0.0.1:0", ctx=ctx, log=records.append, hello_seconds=60.0, idle_seconds=60.0)
    await host.start()
    host.add_table("open", {**FAST, "seats": 2})
    socks, watches = await _crowd(ctx, host, 200, "127.0.0.8")
    try:
        async def settled() -> bool:
            handshakes, disconnects = await _counts(watches)
            return disconnects >= 200 - PENDING
        await until(settled, 10, "the crowd past the pending cap to be cut")
        await asyncio.sleep(0.2)
        waiting = [c for c in host.gate.conns.values() if c.address == "127.0.0.8"]
        assert len(waiting) <= PENDING
        assert any(r["event"] == "connection_refused" and r["reason"] == "address_pending" for r in records)
        ann = await _player(ctx, host)                          # a new player still gets in
        try:
            assert (await ann.join("open"))["seat"] == "ann"
        finally:
            await ann.close()
    finally:
        for s in socks:
            s.close(0)
        for w in watches:
            w.close()
        await host.close()


async def test_connections_per_address_are_capped_after_hello_too(ctx):
    host = Host("tcp://127.0.0.1:0", ctx=ctx, max_per_address=8, idle_seconds=30.0)
    await host.start()
    socks, watches = await _crowd(ctx, host, 12, "127.0.0.9")
    try:
        for i, s in enumerate(socks):
            await s.send(P.encode("hello", {"versions": [1]}, i + 1))
        async def capped() -> bool:
            _, disconnects = await _counts(watches)
            return disconnects >= 4
        await until(capped, 5, "the connections past 8 to be cut")
        assert sum(c.address == "127.0.0.9" for c in host.gate.conns.values()) <= 8
        ann = await _player(ctx, host)
        try:
            assert (await ann.ping())["ok"]
        finally:
            await ann.close()
    finally:
        for s in socks:
            s.close(0)
        for w in watches:
            w.close()
        await host.close()
