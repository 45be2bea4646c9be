"""Every seat's connection, as everyone at the table sees it (issue 13, item 3): connected,
gone (for how long, and how long until a bot covers it), covered by a bot, back; and a
returning player's clock is whole at once (the snapshot's timer says what is left). A seat
whose connection fell silent is gone since the host last heard it, not since it noticed."""

from __future__ import annotations

import asyncio

from ekpeer.net.client import Client
from ekpeer.net.host import Host

from .conftest import events, wait_for

GRACE = 3.0


async def test_everyone_sees_a_seat_go_get_covered_and_come_back(ctx):
    records: list[dict] = []
    host = Host("tcp://127.0.0.1:0", ctx=ctx, seed=5, log=records.append, ping_seconds=0.2, idle_seconds=1.0)
    host.records = records  # type: ignore[attr-defined]
    await host.start()
    ann, bob = (Client(host.address, n, ctx=ctx) for n in ("ann", "bob"))
    states: list[tuple[str, dict]] = []

    def lobby(m) -> None:
        if m.type == "lobby":
            seat = next(s for s in m.body["seats"] if s["name"] == "bob")
            if not states or states[-1][0] != seat["state"]:
                states.append((seat["state"], seat))

    ann.on_message = lobby
    back = None
    try:
        for c in (ann, bob):
            await c.connect()
        await ann.join("s")
        await ann.lobby_set(seats=3, turn_seconds=30.0, grace_seconds=GRACE, reaction_seconds=0.05)
        await bob.join("s")
        for c in (ann, bob):
            await c.ready()
        await ann.start()
        table = host.tables["s"]
        await wait_for(lambda: table.game is not None, 5, what="the game")
        assert [s["state"] for s in (await _last_lobby(ann))["seats"]] == ["connected", "connected", "bot"]
        token = bob.token
        await bob.close()                       # no leave: as if its terminal was closed
        await wait_for(lambda: [s for s, _ in states] == ["connected", "gone", "covered"], 6,
                       what="bob gone, then covered")
        gone = states[1][1]
        # noticed past --idle (1 s), but gone since the host last heard it (pings every 0.2 s):
        # "gone 1 s (bot in 29 s)" was read 6 s after a kill; and the grace runs from then too
        assert 0.7 <= gone["gone_seconds"] < 2.0, gone
        assert abs(gone["gone_seconds"] + gone["grace_left"] - GRACE) <= 0.2, gone
        dropped = events(host, "dropped")
        assert [e["reason"] for e in dropped] == ["idle"] and dropped[0]["silent"] >= 0.7, dropped
        assert states[2][1]["gone_seconds"] >= 1.0
        await asyncio.sleep(0.6)                # the clock runs on while bob is away
        back = Client(host.address, "bob", ctx=ctx, token=token)
        snapshots: list[dict] = []
        back.on_message = lambda m: snapshots.append(m.body) if m.type == "snapshot" else None
        await back.connect()
        await back.join("s", token=token)
        await wait_for(lambda: states[-1][0] == "connected" and snapshots, 3, what="bob back")
        timer = snapshots[0]["timer"]
        assert timer["kind"] in ("turn", "reaction") and 0 <= timer["remaining"] < timer["seconds"]
        assert [e["seat"] for e in events(host, "bot_takes_over")] == ["bob"]
        assert [e["seat"] for e in events(host, "resumed")] == ["bob"]
    finally:
        for c in (ann, bob, back):
            if c is not None:
                await c.close()
        await host.close()


async def _last_lobby(client: Client) -> dict:
    """The next lobby ``client`` is sent (the table's state now)."""
    await client.request("ping")
    host_lobby = None
    while not client._queue.empty():
        msg = client._queue.get_nowait()
        if msg.type == "lobby":
            host_lobby = msg.body
    assert host_lobby is not None
    return host_lobby


async def test_a_restarted_client_takes_its_seat_back_by_name_before_the_host_noticed(host, ctx):
    """Killed and started again at once (``ekpeer join ADDRESS --name bob``: the same client key,
    no token), a player is back in their seat even while the host still holds the dead
    connection."""
    ann, bob = (Client(host.address, n, ctx=ctx) for n in ("ann", "bob"))
    again = Client(host.address, "bob", ctx=ctx)
    try:
        for c in (ann, bob):
            await c.connect()
        await ann.join("k")
        await ann.lobby_set(seats=2, turn_seconds=30.0)
        await bob.join("k")
        for c in (ann, bob):
            await c.ready()
        await ann.start()
        table = host.tables["k"]
        await wait_for(lambda: table.game is not None, 5, what="the game")
        old, token = table.seat("bob").session, bob.token
        await again.connect()
        joined = await again.join("k")
        assert joined["resumed"] and joined["seat"] == "bob" and joined["token"] == token
        assert table.seat("bob").session is not old and old.seat is None
    finally:
        for c in (ann, bob, again):
            await c.close()
