"""Lobby flow on an in-process host: create, settings, ready, start, spectate, rematch, grace."""

from __future__ import annotations

import asyncio
from types import SimpleNamespace

import pytest
import zmq

from ekpeer.net.client import Client, RequestError
from ekpeer.net.remote_bot import RemoteBot

from .conftest import FAST, events, wait_for


async def test_created_table_lobby_spectator_and_rematch(host, ctx):
    ann = Client(host.address, "ann", ctx=ctx, ping_seconds=0.5)
    bob = Client(host.address, "bob", ctx=ctx, ping_seconds=0.5)
    # eve is another person: her own client key (the same key under bob's name is bob back)
    eve = Client(host.address, "eve", ctx=ctx, ping_seconds=0.5, keypair=zmq.curve_keypair())
    try:
        hello = await ann.connect()
        assert hello["versions"] == [1] and {p["name"] for p in hello["choices"]["plugins"]} >= {"base"}
        await bob.connect()
        await eve.connect()
        joined = await ann.join("fresh")
        assert joined["seat"] == "ann" and joined["token"]
        with pytest.raises(RequestError) as info:
            await ann.lobby_set(deck="no_such_deck")
        assert info.value.code == "bad_settings"
        with pytest.raises(RequestError) as info:
            await ann.lobby_set(expansions=["not_installed"])
        assert "not installed" in info.value.message
        await ann.lobby_set(seats=3, reaction_seconds=0.03, turn_seconds=5.0, bots="random")
        await bob.join("fresh")
        with pytest.raises(RequestError) as info:
            await bob.lobby_set(seats=4)
        assert info.value.code == "not_creator"
        with pytest.raises(RequestError) as info:
            await eve.join("fresh", name="bob")
        assert info.value.code == "name_taken"
        with pytest.raises(RequestError) as info:       # nor one that reads alike
            await eve.join("fresh", name="Bob")
        assert info.value.code == "name_taken"
        await ann.ready()
        with pytest.raises(RequestError) as info:
            await ann.start()
        assert info.value.code == "not_ready"
        await bob.ready()
        await eve.join("fresh", spectator=True)
        bots = [RemoteBot(c, "heuristic", seed=i, games=2, emit=None) for i, c in enumerate((ann, bob))]
        tasks = [asyncio.create_task(b.run()) for b in bots]
        await ann.start()
        table = host.tables["fresh"]
        assert [s.name for s in table.seats] == ["ann", "bob", "bot1"]
        # the spectator sees public facts only
        snap = await wait_for(lambda: _first(eve, "snapshot"), 5, what="spectator snapshot")
        view = snap["view"]
        assert view["you"] is None and "hand" not in view and "legal_moves" not in view
        assert snap["catalog"] and all("id" in c for c in snap["catalog"])
        await asyncio.wait_for(asyncio.gather(*tasks), 18)
        assert table.games == 2                     # a rematch with the same seats
        assert [r["seats"] for r in events(host, "game_started")] == [["ann", "bob", "bot1"]] * 2
    finally:
        for c in (ann, bob, eve):
            await c.close()


def _first(client: Client, type_: str):
    q = client._queue
    for msg in list(q._queue):  # type: ignore[attr-defined]
        if msg.type == type_:
            return msg.body
    return None


async def test_dropped_player_is_played_by_a_bot_after_grace(host, ctx):
    host.add_table("g", {**FAST, "grace_seconds": 0.2})
    ann = Client(host.address, "ann", ctx=ctx, ping_seconds=0.3)
    gone = Client(host.address, "gone", ctx=ctx, ping_seconds=0.3, reconnect=False)
    bob = Client(host.address, "bob", ctx=ctx, ping_seconds=0.3)
    try:
        for c in (ann, gone, bob):
            await c.connect()
            await c.join("g")
        runners = [RemoteBot(c, seed=i, emit=None) for i, c in enumerate((ann, bob))]
        tasks = [asyncio.create_task(b.run()) for b in runners]
        await ann.ready()
        await bob.ready()
        await gone.ready()                          # autostart: every seat is taken and ready
        await wait_for(lambda: host.tables["g"].phase == "playing", 5, what="start")
        await gone.close()                          # vanishes without leaving
        await asyncio.wait_for(asyncio.gather(*tasks), 15)
        assert any(r["seat"] == "gone" for r in events(host, "bot_takes_over"))
        assert events(host, "game_over")
    finally:
        for c in (ann, bob):
            await c.close()


async def test_a_bot_naming_a_table_the_host_lacks_is_refused_unless_it_creates_it(host, capsys):
    from ekpeer.net.remote_bot import run_bot

    host.add_table("main", dict(FAST))
    where = host.address
    assert await run_bot(where, "robo", table="mian", create=False, timeout=5) == 2
    refused = capsys.readouterr().out
    assert '"no_table"' in refused and "main" in refused          # the tables it has, named
    assert "--create makes it" in refused
    assert set(host.tables) == {"main"}                            # and no new one
    assert await run_bot(where, "robo", table="spare", create=True, timeout=0.5) == 3  # sat, then timed out
    assert set(host.tables) == {"main", "spare"}


def test_the_bot_command_refuses_a_missing_table_it_names_unless_told_to_create_it(monkeypatch):
    from ekpeer import cli
    from ekpeer.net import remote_bot

    asked = []

    async def fake(*args, create=None, **kwargs):
        asked.append((args[2], create))
        return 0

    monkeypatch.setattr(remote_bot, "run_bot", fake)
    where = "tcp://127.0.0.1:9"
    assert cli.main(["bot", where, "--insecure", "--name", "robo", "--table", "mian"]) == 0
    assert cli.main(["bot", where, "--insecure", "--name", "robo", "--table", "new", "--create"]) == 0
    assert cli.main(["bot", where, "--insecure", "--name", "robo"]) == 0
    assert asked == [("mian", False), ("new", True), (None, None)]


@pytest.mark.parametrize("how", ["leaves", "drops"])
async def test_a_rematch_is_dealt_when_the_one_it_waits_for_leaves_or_drops(host, ctx, how):
    """A stranger's table said "dealing…" for good: ann had asked for the rematch, bob, the
    last one it waited for, left (or his client died), and nothing asked again."""
    host.idle_seconds = 1.2         # a dead client is noticed in about a second, not five
    ann = Client(host.address, "ann", ctx=ctx, ping_seconds=0.3)
    bob = Client(host.address, "bob", ctx=ctx, ping_seconds=0.3, reconnect=False)
    try:
        for c in (ann, bob):
            await c.connect()
            await c.join("rm")
        await ann.lobby_set(**{**FAST, "seats": 3, "bots": "random"})
        for c in (ann, bob):
            await c.ready()
        await ann.start()
        table = host.tables["rm"]
        table.game.winners = ["bot1"]               # the game ends as any game does
        table.finish()
        assert table.phase == "over"
        await ann.rematch()
        assert table.phase == "over"                # waiting for bob
        if how == "leaves":
            await bob.leave()
        else:
            await bob.close()
        await wait_for(lambda: table.phase == "playing", 8, what="the rematch dealt")
        assert table.games == 2
    finally:
        for c in (ann, bob):
            await c.close()


async def test_a_snapshot_carries_who_went_out_in_order_however_long_ago(host, ctx, monkeypatch):
    """A stranger back at a game's end read "Exploded, in order: bob" and "You finished 4 of 4"
    where he had been second: the snapshot's last events no longer reached the first explosions."""
    from ekpeer.net import table as table_mod

    ann = Client(host.address, "ann", ctx=ctx, ping_seconds=0.5)
    try:
        await ann.connect()
        await ann.join("outs")
        await ann.lobby_set(**{**FAST, "seats": 4, "bots": "random"})
        await ann.ready()
        runner = RemoteBot(ann, "heuristic", seed=3, games=1, rematch=False, emit=None)
        task = asyncio.create_task(runner.run())
        await ann.start()
        table = host.tables["outs"]
        await asyncio.wait_for(task, 30)
        out = [e["player"] for _to, e in table.went_out]
        assert len(out) == 3
        monkeypatch.setattr(table_mod, "SNAPSHOT_EVENTS", 2)
        sent = []
        monkeypatch.setattr(host, "send",
                            lambda session, kind, body=None, **kw: sent.append((kind, body)) or True)
        table.send_snapshot(SimpleNamespace(seat=table.seat("ann"), lang=None))      # ann, back
        events = sent[-1][1]["events"]
        assert [e["player"] for e in events if e["type"] == "exploded"] == out
    finally:
        await ann.close()
