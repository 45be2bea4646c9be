"""A watcher of a table whose host was killed and started with ``--resume``: the journal kept
nobody who watched, so the client's own rejoin (``spectator``, no password) was refused at a
table whose password was set after they came in, and one let back in read "Connected again",
as if their own link had failed. The keys let in to watch are journalled (public keys only)."""

from __future__ import annotations

import asyncio

import zmq
from hosts import crash as _crash

from ekpeer.net.client import Client
from ekpeer.net.host import Host
from ekpeer.net.journal import Journal, load_file

from .conftest import FAST, free_port, wait_for


async def test_a_watcher_comes_back_past_the_password_and_is_told_the_host_restarted(ctx, tmp_path):
    bind = f"tcp://127.0.0.1:{free_port()}"
    host = Host(bind, ctx=ctx, seed=3, journal=Journal(tmp_path), ping_seconds=0.2, think=(0.5, 0.5),
                table_defaults={**FAST, "turn_seconds": 30.0})
    await host.start()
    heard: list = []
    ann = Client(host.address, "ann", ctx=ctx, ping_seconds=0.2, silence_seconds=0.8)
    dan = Client(host.address, "dan", ctx=ctx, ping_seconds=0.2, silence_seconds=0.8,
                 keypair=zmq.curve_keypair(), on_message=heard.append)
    again = None
    try:
        await ann.connect()
        await dan.connect()
        await ann.join("t", create=True)
        await dan.join("t", spectator=True)
        await ann.lobby_set(password="s3cret")          # dan's client never knew it
        await ann.ready()
        await ann.start()
        await wait_for(lambda: host.tables["t"].game is not None, 5, what="the game")
        kept = load_file(Journal(tmp_path).path("t"))["watchers"]
        assert list(kept) == [host.tables["t"].spectators[0].key], "only his public key"
        assert "s3cret" not in Journal(tmp_path).path("t").read_text()
        await _crash(host)
        said = lambda: [m.body for m in heard if m.type == "connection"]    # noqa: E731
        await wait_for(lambda: [b for b in said() if b["state"] == "lost"], 5, what="dan sees the host gone")
        again = Host(bind, ctx=ctx, seed=4, journal=Journal(tmp_path), ping_seconds=0.2)
        again.loop = asyncio.get_running_loop()
        assert again.restore() == ["t"]
        await again.start()
        done = lambda: [b for b in said() if b["state"] in ("back", "refused")]   # noqa: E731
        await wait_for(done, 15, what="dan back, or refused")
        assert done()[0]["state"] == "back", said()
        assert done()[0].get("restarted") is True, "the host was the one gone"
        assert again.tables["t"].watchers() == ["dan"]
    finally:
        for c in (ann, dan):
            await c.close()
        if again is not None:
            await again.close()
