"""A hosting player who quits closes the table: the others read that closing, and whose host
it was, and nothing said before it that the closing makes untrue."""

from __future__ import annotations

import asyncio

from ekpeer.net.client import Client, Message
from ekpeer.net.hosted import LocalHost
from ekpeer.tui.session import NetSession

from .conftest import FAST, free_port, wait_for


async def test_a_hosting_player_quitting_closes_the_table_with_no_leaving_said_first(ctx):
    """ann hosts (``ekpeer host``) and quits mid-game: bob reads that ann's host closed the
    table, not "ann left the game: a bot plays for them" just before it; and the journal (for a
    ``--resume``) keeps ann's seat as it was."""
    local = LocalHost(f"tcp://127.0.0.1:{free_port()}", think=(0.0, 0.0), public_host="127.0.0.1")
    session = NetSession("", "ann", table="main", create=True, settings={**FAST, "seats": 2}, host=local)
    seen: list[Message] = []
    bob = None
    try:
        await session.open()
        bob = Client(local.address, "bob", ctx=ctx)
        bob.on_message = seen.append
        await bob.connect()
        await bob.join("main")
        await bob.ready()
        await session.ready(True)
        await session.start()
        table = local.host.tables["main"]
        await wait_for(lambda: table.game is not None, 5, what="the game")
        await wait_for(lambda: any(m.type == "snapshot" for m in seen), 5, what="bob's snapshot")
        told = len(seen)
        real_close = type(session.client).close

        async def close_slowly(client):     # a busy loop: the host hears the socket go first
            await real_close(client)
            await asyncio.sleep(0.5)

        session.client.close = close_slowly.__get__(session.client)
        await session.close()
        await wait_for(lambda: any(m.type == "closing" for m in seen), 5, what="bob told of the closing")
        after = seen[told:]
        closing = next(m for m in after if m.type == "closing")
        assert closing.body.get("by") == "ann"
        lobbies = [m for m in after if m.type == "lobby"]
        assert not any(s.get("left") for m in lobbies for s in m.body["seats"]), "ann left, said first"
        # nor that she lost connection: her client's socket closed before her host did, and bob
        # read "ann lost connection (a bot plays for ann in 30 s ...)" just above the closing
        ann_seats = [s for m in lobbies for s in m.body["seats"] if s["name"] == "ann"]
        assert all(s.get("connected") for s in ann_seats), "ann lost connection, said first"
    finally:
        if bob is not None:
            await bob.close()
        await session.close()
