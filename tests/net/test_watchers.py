"""Issue 25, item 2.3: late friends watch. A spectator is listed by name in every lobby of
the table (players and other spectators see who watches), leaves that list when gone, and
after the game takes a seat for the next one (a table bot's), which the rematch waits for."""

from __future__ import annotations

import asyncio

import pytest

from ekpeer.net.client import Client, RequestError
from ekpeer.net.remote_bot import RemoteBot

from .conftest import events, wait_for


def _last_lobby(client: Client) -> dict | None:
    lobbies = [m.body for m in list(client._queue._queue) if m.type == "lobby"]  # type: ignore[attr-defined]
    return lobbies[-1] if lobbies else None


async def test_a_spectator_is_listed_and_takes_a_seat_at_the_next_game(host, ctx):
    host.add_table("t", {"seats": 2, "reaction_seconds": 0.03, "turn_seconds": 5.0, "bots": "random",
                         "expansions": ["base"]}, autostart=False)
    ann = Client(host.address, "ann", ctx=ctx, ping_seconds=0.5)
    dan = Client(host.address, "dan", ctx=ctx, ping_seconds=0.5)
    table = host.tables["t"]
    try:
        await ann.connect()
        await dan.connect()
        await ann.join("t")
        await ann.ready()
        await ann.start()
        watched = await dan.join("t", spectator=True)
        assert watched["spectator"] is True
        # ann's own lobby names dan as watching, and so does dan's
        await wait_for(lambda: (_last_lobby(ann) or {}).get("spectators") == ["dan"], 5,
                       what="ann's lobby listing dan")
        assert (_last_lobby(dan) or {}).get("spectators") == ["dan"]
        with pytest.raises(RequestError) as info:      # no seat while the game is on
            await dan.join("t", name="dan")
        assert info.value.code == "table_started"
        assert table.watchers() == ["dan"]      # a refused seat leaves the spectator watching
        player = RemoteBot(ann, "heuristic", seed=1, games=2, rematch=False, emit=None)
        played = asyncio.create_task(player.run())
        await wait_for(lambda: table.phase == "over", 20, what="the first game's end")
        # after the game: dan sits in bot1's seat for the next one, and the rematch waits for him
        seated = await dan.join("t", name="dan")
        assert seated["seat"] == "dan" and seated["token"] and not seated.get("resumed")
        assert [s.name for s in table.seats] == ["ann", "dan"] and table.watchers() == []
        assert table.phase == "over"
        await wait_for(lambda: (_last_lobby(dan) or {}).get("spectators") == [], 5,
                       what="dan no longer watching")
        await dan.rematch()
        assert table.games == 1         # ann has not asked yet
        await ann.rematch()
        await wait_for(lambda: table.games == 2, 10, what="the rematch with dan seated")
        assert events(host, "game_started")[-1]["seats"] == ["ann", "dan"]
        played.cancel()
        await asyncio.gather(played, return_exceptions=True)
    finally:
        for c in (ann, dan):
            await c.close()


async def test_a_spectator_gone_leaves_the_list_and_a_full_table_says_so(host, ctx):
    host.add_table("u", {"seats": 2, "reaction_seconds": 0.03, "turn_seconds": 5.0, "bots": "random",
                         "expansions": ["base"]}, autostart=False)
    ann = Client(host.address, "ann", ctx=ctx, ping_seconds=0.5)
    bob = Client(host.address, "bob", ctx=ctx, ping_seconds=0.5)
    eve = Client(host.address, "eve", ctx=ctx, ping_seconds=0.5)
    table = host.tables["u"]
    try:
        for c in (ann, bob, eve):
            await c.connect()
        await ann.join("u")
        await bob.join("u")
        await eve.join("u", spectator=True)
        await wait_for(lambda: (_last_lobby(ann) or {}).get("spectators") == ["eve"], 5, what="eve listed")
        await eve.leave()
        await wait_for(lambda: (_last_lobby(ann) or {}).get("spectators") == [], 5,
                       what="eve gone from the list")
        await eve.join("u", spectator=True)
        for c in (ann, bob):
            await c.ready()
        await ann.start()
        bots = [RemoteBot(c, "heuristic", seed=i, games=2, rematch=False, emit=None)
                for i, c in enumerate((ann, bob))]
        players = [asyncio.create_task(b.run()) for b in bots]
        await wait_for(lambda: table.phase == "over", 20, what="the game's end")
        with pytest.raises(RequestError) as info:      # two people hold both seats: none for eve
            await eve.join("u", name="eve")
        assert info.value.code == "table_full" and "next game" in info.value.message
        assert table.watchers() == ["eve"]
        for t in players:
            t.cancel()
        await asyncio.gather(*players, return_exceptions=True)
    finally:
        for c in (ann, bob, eve):
            await c.close()
