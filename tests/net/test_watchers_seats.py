"""A watcher who takes a seat: no password asked again of someone already watching the table,
never the seat kept for a player who left (a bot's seat only, else words saying why none),
and a table with no room for more watchers says so with its own code, not "table_full"."""

from __future__ import annotations

import asyncio

import pytest

from ekpeer.net import table as table_mod
from ekpeer.net.client import Client, RequestError
from ekpeer.net.remote_bot import RemoteBot

from .conftest import ann_and_bob, wait_for

TWO = {"seats": 2, "reaction_seconds": 0.03, "turn_seconds": 5.0, "bots": "random", "expansions": ["base"]}


async def test_a_watcher_takes_a_seat_without_the_password_set_since(host, ctx):
    """ann sets a password while dan watches: his t was refused "needs its password" and
    told him to join again with --password, from inside the table."""
    async with ann_and_bob(host, ctx) as (ann, dan):
        await ann.connect()
        await dan.connect()
        await ann.join("friday", create=True)
        await dan.join("friday", spectator=True)
        await ann.lobby_set(password="s3cret")
        seated = await dan.join("friday", name="dan")
        assert seated["seat"] == "dan" and not host.tables["friday"].spectators


async def test_a_watcher_is_not_given_the_seat_kept_for_a_player_who_left(host, ctx, monkeypatch):
    host.add_table("t", TWO, autostart=False)
    table = host.tables["t"]
    eve = Client(host.address, "eve", ctx=ctx, ping_seconds=0.5)
    dan = Client(host.address, "dan", ctx=ctx, ping_seconds=0.5, lang="da")
    async with ann_and_bob(host, ctx) as (ann, bob):
        try:
            for c in (ann, bob, eve, dan):
                await c.connect()
            await ann.join("t")
            await bob.join("t")
            await eve.join("t", spectator=True)
            await dan.join("t", spectator=True)
            for c in (ann, bob):
                await c.ready()
            await ann.start()
            await wait_for(lambda: table.phase == "playing", 5, what="the game")
            await bob.leave()                   # bob's seat is kept for him, a bot plays it
            player = asyncio.create_task(RemoteBot(ann, "heuristic", seed=1, games=2, rematch=False,
                                                   emit=None).run())
            await wait_for(lambda: table.phase == "over", 20, what="the game's end")
            with pytest.raises(RequestError) as info:
                await eve.join("t", name="eve")
            assert info.value.code == "table_full" and info.value.body.get("kept") == 1
            assert info.value.body.get("next_game") is True
            assert info.value.message == ("all 2 seats are taken by people for the next game too "
                                          "(1 kept for people who left and may come back)")
            # a Danish watcher reads the host's words in Danish, and which refusal it is by its field
            with pytest.raises(RequestError) as danish:
                await dan.join("t", name="dan")
            assert danish.value.code == "table_full" and danish.value.body.get("next_game") is True
            said = danish.value.message
            assert said == ("alle 2 pladser er også taget af folk i det næste spil (1 holdes for folk, der "
                            "gik, og som kan komme tilbage)"), said
            assert [s.name for s in table.seats] == ["ann", "bob"] and table.seat("bob").left
            assert table.watchers() == ["eve", "dan"]
            player.cancel()
            await asyncio.gather(player, return_exceptions=True)
        finally:
            await eve.close()
            await dan.close()


async def test_too_many_watchers_is_not_a_full_table(host, ctx, monkeypatch):
    monkeypatch.setattr(table_mod, "MAX_SPECTATORS", 1)
    host.add_table("t", TWO, autostart=False)
    async with ann_and_bob(host, ctx) as (ann, bob):
        await ann.connect()
        await bob.connect()
        await ann.join("t", spectator=True)
        with pytest.raises(RequestError) as info:
            await bob.join("t", spectator=True)
        assert info.value.code == "too_many_watchers" and info.value.body.get("most") == 1
        assert (await bob.join("t", name="bob"))["seat"] == "bob"     # a seat was free all along
