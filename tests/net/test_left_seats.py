"""A seat whose player left on purpose (an operator's friends at a headless host): the rematch
dealt ann's seat again as "left: bot playing" for a player gone for good, and a table whose
people had all left kept being listed as ``playing`` by bots alone. Now the next game seats
nobody who left (ordinary bots make up the table's seat count), and a game nobody plays or
watches ends: a player-made table closes, a configured one goes back to its lobby."""

from __future__ import annotations

import asyncio

import pytest

from ekpeer.net.client import Client
from ekpeer.net.remote_bot import RemoteBot

from .conftest import FAST, events, wait_for


async def _table(host, ctx, how: str, name: str = "ann") -> Client:
    """``name`` at table "t": a configured table, or one made by their join."""
    if how == "config":
        host.add_table("t", dict(FAST))
    client = Client(host.address, name, ctx=ctx, ping_seconds=0.5)
    await client.connect()
    await client.join("t")
    if how == "made":
        await client.lobby_set(**FAST)
    await client.ready()
    return client


@pytest.mark.parametrize("how", ["made", "config"])
async def test_a_player_who_left_is_not_seated_at_the_rematch(host, ctx, how):
    ann = await _table(host, ctx, how)
    bob_client = Client(host.address, "bob", ctx=ctx, ping_seconds=0.5)
    task = None
    try:
        await bob_client.connect()
        bob = RemoteBot(bob_client, "heuristic", seed=1, games=2, rematch=True, emit=None)
        await bob.join("t")
        table = host.tables["t"]
        task = asyncio.ensure_future(bob.run())
        await ann.start()
        await wait_for(lambda: table.phase == "playing", 5, what="the first game")
        await ann.leave()
        assert table.seat("ann").left
        await wait_for(lambda: table.games == 2, 30, what="the rematch")
        names = [s.name for s in table.seats]
        assert "ann" not in names and "bob" in names and len(names) == FAST["seats"], names
        assert not any(s.left or s.takeover for s in table.seats)
        lobby = table.lobby_body(bob_client_session(host, "bob"))
        assert [s["state"] for s in lobby["seats"] if s["name"] != "bob"] == ["bot", "bot"], lobby["seats"]
        if how == "made":       # the one who left made it: bob, still seated, makes it now
            assert table.creator is table.seat("bob")
    finally:
        if task is not None:
            task.cancel()
            await asyncio.gather(task, return_exceptions=True)
        await bob_client.close()
        await ann.close()


def bob_client_session(host, name: str):
    return next(s for s in host.sessions.values() if s.seat is not None and s.seat.name == name)


@pytest.mark.parametrize("how", ["made", "config"])
async def test_a_game_everyone_left_ends(host, ctx, how):
    ann = await _table(host, ctx, how)
    try:
        table = host.tables["t"]
        await ann.start()
        await wait_for(lambda: table.phase == "playing", 5, what="the game")
        await ann.leave()
        await wait_for(lambda: events(host, "abandoned"), 3, what="the game ended")
        if how == "made":
            assert "t" not in host.tables
        else:
            assert host.tables["t"] is table and table.phase == "lobby" and table.game is None
            assert table.seats == [] and table.summary()["phase"] == "lobby"
        played = len(table.game.log) if table.game is not None else 0
        await asyncio.sleep(0.3)
        assert (len(table.game.log) if table.game is not None else 0) == played    # no bot plays on
    finally:
        await ann.close()


async def test_a_watched_game_goes_on_until_nobody_watches(host, ctx):
    host.think = (0.5, 0.5)         # the bots' game lasts while carol watches
    ann = await _table(host, ctx, "config")
    carol = Client(host.address, "carol", ctx=ctx, ping_seconds=0.5)
    try:
        table = host.tables["t"]
        await ann.start()
        await wait_for(lambda: table.phase == "playing", 5, what="the game")
        await carol.connect()
        await carol.join("t", spectator=True)
        await ann.leave()
        await asyncio.sleep(0.2)
        assert table.phase == "playing" and not events(host, "abandoned")
        await carol.leave()
        await wait_for(lambda: table.phase == "lobby", 3, what="the game ended once nobody watched")
        assert events(host, "abandoned")
    finally:
        await carol.close()
        await ann.close()


def test_a_watcher_is_told_once_nobody_plays():
    from ekpeer.tui.words import seat_changes

    def lobby(ann: str, bob: str) -> dict:
        return {"table": "t", "games": 1, "seats": [
            {"name": "ann", "state": ann}, {"name": "bob", "state": bob}, {"name": "bot1", "state": "bot"}]}

    said = "Everyone who played has left: bots play on while you watch, and the game ends once nobody watches"
    assert said not in seat_changes(lobby("connected", "connected"), lobby("left", "connected"), None)
    assert seat_changes(lobby("left", "connected"), lobby("left", "left"), None) == [
        "bob left the game: a bot plays for them", said]
    assert said not in seat_changes(lobby("left", "left"), lobby("left", "left"), None)
