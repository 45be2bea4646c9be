"""A person back at a game on under another name, with the client key that took their seat:
the host gives them that seat, and says it did so by the key (``by_key``). A hosting player who
ran ``ekpeer host --resume`` without the ``--name`` of the game's start came as "player" and
was refused their own seat ("Table main is playing already")."""

from __future__ import annotations

import pytest
import zmq
import zmq.asyncio

from ekpeer.net.client import Client, RequestError
from ekpeer.net.host import Host

from .conftest import free_port, wait_for

SETTINGS = {"seats": 3, "reaction_seconds": 0.05, "turn_seconds": 60.0, "grace_seconds": 60.0,
            "expansions": ["base"], "bots": "random"}


async def _playing(ctx, *keys: tuple[bytes, bytes]) -> tuple[Host, list[Client]]:
    """A game on at table t, a client seated with each key (ann, bob), the host's bots slow."""
    host = Host(f"tcp://127.0.0.1:{free_port()}", ctx=ctx, seed=5, think=(30.0, 30.0))
    await host.start()
    host.add_table("t", SETTINGS, autostart=False)
    clients = [Client(host.address, name, ctx=ctx, keypair=key)
               for name, key in zip(("ann", "bob"), keys, strict=True)]
    for c in clients:
        await c.connect()
        await c.join("t")
        await c.ready()
    await clients[0].start()
    await wait_for(lambda: host.tables["t"].phase == "playing", 10, what="the game")
    return host, clients


async def test_the_key_that_took_a_seat_gets_it_back_under_another_name():
    ctx = zmq.asyncio.Context()
    anns, bobs = zmq.curve_keypair(), zmq.curve_keypair()
    host, (ann, bob) = await _playing(ctx, anns, bobs)
    again = Client(host.address, "player", ctx=ctx, keypair=anns)
    stranger = Client(host.address, "player", ctx=ctx, keypair=zmq.curve_keypair())
    try:
        await ann.close()
        host.drop(host.tables["t"].seat("ann").session, "idle")     # noticed, as the sweep would
        hello = await again.connect()
        assert hello["resume"] == {"table": "t", "seat": "ann"}
        joined = await again.join("t", name="player")
        assert joined["seat"] == "ann" and joined["resumed"] and joined["by_key"] is True
        assert [s.name for s in host.tables["t"].seats] == ["ann", "bob", "bot1"]
        named = await Client(host.address, "ann", ctx=ctx, keypair=anns).connect()
        assert named["resume"] == {"table": "t", "seat": "ann"}
        await stranger.connect()                    # another key: no seat of its own here
        with pytest.raises(RequestError, match="table_started"):
            await stranger.join("t", name="player")
    finally:
        for c in (again, stranger, bob):
            await c.close()
        await host.close()
        ctx.destroy(linger=0)


async def test_a_seat_still_connected_is_not_taken_by_its_key_under_another_name():
    """Another window with the same key (the same data folder) is someone else's screen."""
    ctx = zmq.asyncio.Context()
    anns = zmq.curve_keypair()
    host, (ann, bob) = await _playing(ctx, anns, zmq.curve_keypair())
    again = Client(host.address, "dan", ctx=ctx, keypair=anns)
    try:
        assert (await again.connect())["resume"] is None
        with pytest.raises(RequestError, match="table_started"):
            await again.join("t", name="dan")
        assert host.tables["t"].seat("ann").session is not None
    finally:
        for c in (again, ann, bob):
            await c.close()
        await host.close()
        ctx.destroy(linger=0)


async def test_a_key_that_took_two_seats_is_not_guessed_for():
    ctx = zmq.asyncio.Context()
    shared = zmq.curve_keypair()
    host, (ann, bob) = await _playing(ctx, shared, shared)
    again = Client(host.address, "player", ctx=ctx, keypair=shared)
    try:
        for c, name in ((ann, "ann"), (bob, "bob")):
            await c.close()
            host.drop(host.tables["t"].seat(name).session, "idle")
        assert (await again.connect())["resume"] is None
        with pytest.raises(RequestError, match="table_started"):
            await again.join("t", name="player")
    finally:
        for c in (again, ann, bob):
            await c.close()
        await host.close()
        ctx.destroy(linger=0)
