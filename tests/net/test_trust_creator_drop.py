"""A creator's short drop in the lobby keeps her seat and her role (issue 26.10).

A lobby drop longer than ``--idle`` removed the creator's seat: the next player became the
creator, set a password, and the original creator, back with the same key, got
``bad_password`` at her own table. Now the creator's seat and role wait the table's grace
period (what a player's seat gets in a game); only after it does the next person create.
A real host on loopback, real clients, every wait bounded.
"""

from __future__ import annotations

import pytest
import zmq

from ekpeer.net.client import Client, RequestError
from ekpeer.net.host import Host

from .conftest import events, wait_for


@pytest.fixture
async def quick_host(ctx):
    records: list[dict] = []
    host = Host("tcp://127.0.0.1:0", ctx=ctx, log=records.append, ping_seconds=0.2, idle_seconds=0.6)
    host.records = records  # type: ignore[attr-defined]
    await host.start()
    yield host
    await host.close()


def _client(host: Host, ctx, name: str, keypair=None) -> Client:
    return Client(host.address, name, ctx=ctx, ping_seconds=0.2, request_timeout=3.0, reconnect=False,
                  keypair=keypair, known_hosts=None)


def _seat(host: Host, table: str, name: str):
    return next((s for s in host.tables[table].seats if s.name == name), None)


async def test_a_creator_back_within_the_grace_period_still_creates(quick_host, ctx):
    host = quick_host
    ann_key = zmq.curve_keypair()
    ann, bob = _client(host, ctx, "ann", ann_key), _client(host, ctx, "bob")
    back = None
    try:
        for c in (ann, bob):
            await c.connect()
        await ann.join("friday")
        await bob.join("friday")
        await ann.close()                   # her Wi-Fi goes: no leave, only silence
        await wait_for(lambda: any(r["seat"] == "ann" for r in events(host, "dropped")), 5,
                       what="the host to drop ann")
        table = host.tables["friday"]
        assert table.creator is _seat(host, "friday", "ann") and table.creator.session is None
        assert table.connection(table.creator)["state"] == "gone"           # said, with the time left
        with pytest.raises(RequestError) as refused:
            await bob.lobby_set(password="mine now")
        assert refused.value.code == "not_creator"
        with pytest.raises(RequestError) as refused:
            await bob.start()
        assert refused.value.code == "not_creator"
        back = _client(host, ctx, "ann", ann_key)                            # the same key, by name
        await back.connect()
        joined = await back.join("friday")
        assert joined["resumed"] and joined["seat"] == "ann"
        await back.lobby_set(seats=4)                                       # still hers to set
        assert host.tables["friday"].settings["seats"] == 4
    finally:
        for c in (ann, bob, back):
            if c is not None:
                await c.close()


async def test_after_the_grace_period_the_next_person_creates(quick_host, ctx):
    host = quick_host
    ann, bob = _client(host, ctx, "ann"), _client(host, ctx, "bob")
    try:
        for c in (ann, bob):
            await c.connect()
        await ann.join("friday")
        await bob.join("friday")
        await ann.lobby_set(grace_seconds=0.5)
        await ann.close()
        await wait_for(lambda: events(host, "creator_gone"), 5, what="the creator's grace to end")
        assert _seat(host, "friday", "ann") is None
        assert host.tables["friday"].creator is _seat(host, "friday", "bob")
        await bob.lobby_set(seats=4)
    finally:
        for c in (ann, bob):
            await c.close()
