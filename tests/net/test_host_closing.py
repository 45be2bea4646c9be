"""A hosting player who quits closes the table: the others read that closing, and whose host
it was, and nothing said before it that the closing makes untrue."""

from __future__ import annotations

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
        await session.close()
        await wait_for(lambda: any(m.type == "closing" for m in seen), 5, what="bob told of the closing")
        after = seen[told:]
        closing = next(m for m in after if m.type == "closing")
        assert closing.body.get("by") == "ann"
        lobbies = [m for m in after if m.type == "lobby"]
        assert not any(s.get("left") for m in lobbies for s in m.body["seats"]), "ann left, said first"
    finally:
        if bob is not None:
            await bob.close()
        await session.close()
