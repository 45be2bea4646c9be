"""A watcher whose link dropped after the table's creator set a password: the client's own
rejoin (``spectator``, no password) was refused "this table needs its password", and the
watching ended, where a seated player's key comes back in. The key let in to watch is let in
again; a new watcher without the password is still refused, and so is one who left."""

from __future__ import annotations

import pytest
import zmq

from ekpeer.net.client import Client, RequestError

from .conftest import wait_for


async def test_a_watcher_whose_link_dropped_comes_back_past_a_password_set_since(host, ctx):
    heard: list = []
    ann = Client(host.address, "ann", ctx=ctx, ping_seconds=0.5)
    dan = Client(host.address, "dan", ctx=ctx, ping_seconds=0.2, silence_seconds=0.8,
                 keypair=zmq.curve_keypair(), on_message=heard.append)
    eve = Client(host.address, "eve", ctx=ctx, ping_seconds=0.5, keypair=zmq.curve_keypair())
    try:
        for c in (ann, dan, eve):
            await c.connect()
        await ann.join("friday", create=True)
        await dan.join("friday", spectator=True)
        await ann.lobby_set(password="s3cret")
        table = host.tables["friday"]
        first = table.spectators[0]
        host.drop(first, "test")                # dan's link fails; his client rejoins alone
        said = lambda: [m.body for m in heard if m.type == "connection"]    # noqa: E731
        back = lambda: any(sp is not first for sp in table.spectators)     # noqa: E731
        refused = lambda: any(b["state"] == "refused" for b in said())     # noqa: E731
        await wait_for(lambda: dan.reconnects and (back() or refused()), 10, what="dan's rejoin")
        assert not refused(), said()
        assert len(table.spectators) == 1 and table.spectators[0] is not first
        assert table.watchers() == ["dan"] and dan.table == "friday"
        with pytest.raises(RequestError) as info:       # a new watcher: the password, as before
            await eve.join("friday", spectator=True)
        assert info.value.code == "bad_password"
        await dan.leave()                       # left the watching: asked again, like anyone
        with pytest.raises(RequestError) as info:
            await dan.join("friday", spectator=True)
        assert info.value.code == "bad_password"
        assert (await eve.join("friday", spectator=True, password="s3cret"))["spectator"] is True
    finally:
        for c in (ann, dan, eve):
            await c.close()
