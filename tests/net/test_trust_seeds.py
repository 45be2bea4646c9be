"""Issue 14.1: a deal cannot be searched for. A seated player who knows their own hand, the
seat order and the settings must not be able to find the seed by trying them all: every
game's seed (and every host bot's) comes from the OS, far past 2**128, never reaches a
client, and the journal keeps it so that replays and crash recovery stay exact."""

from __future__ import annotations

import asyncio

import msgpack
import zmq

from ekpeer.engine.replay import replay
from ekpeer.net.client import Client
from ekpeer.net.host import Host
from ekpeer.net.journal import Journal
from ekpeer.net.remote_bot import RemoteBot
from ekpeer.plugins import ruleset

from .conftest import FAST, keys, wait_for

SEARCHABLE = 2**128          # the floor: at least 128 bits from the OS


async def _play(ctx, host: Host, table: str, moves: int) -> tuple[list[Client], list[asyncio.Task]]:
    host.add_table(table, {**FAST, "seats": 3})
    clients, tasks = [], []
    for i, name in enumerate(("ann", "bob")):
        c = Client(host.address, name, ctx=ctx, keypair=zmq.curve_keypair(), ping_seconds=0.3)
        await c.connect()
        bot = RemoteBot(c, seed=i, think=(0.0, 0.01), emit=None)
        await bot.join(table)
        clients.append(c)
        tasks.append(asyncio.create_task(bot.run()))
    await clients[0].start()
    await wait_for(lambda: host.tables[table].game is not None and len(host.tables[table].game.log) >= moves,
                   10, what=f"{moves} moves at {table}")
    # the bots stop there (the host's turn clock plays on, slowly): a game they finished would
    # send the table back to its lobby, with no game, before the test reads it
    for t in tasks:
        t.cancel()
    return clients, tasks


async def test_deals_come_from_the_os_never_reach_a_client_and_replay_exactly(ctx, tmp_path):
    frames: list[bytes] = []
    host = Host("tcp://127.0.0.1:0", ctx=ctx, think=(0.0, 0.0), ping_seconds=0.3,
                journal=Journal(tmp_path / "journal"))
    host.send_hook = lambda _session, data: frames.append(data)
    await host.start()
    clients: list[Client] = []
    tasks: list[asyncio.Task] = []
    try:
        for table in ("one", "two"):
            c, t = await _play(ctx, host, table, 6)
            clients += c
            tasks += t
        seeds = [host.tables[t].game.origin["seed"] for t in ("one", "two")]
        assert all(s >= SEARCHABLE for s in seeds), [s.bit_length() for s in seeds]
        assert seeds[0] != seeds[1]
        bots = [s for t in host.tables.values() for s in t.seats if s.kind is not None]
        assert bots and all(s.bot_seed >= SEARCHABLE for s in bots)
        # nothing a client received carries the seed, under any name or as its bytes
        raw = [s.to_bytes(32, "big") for s in seeds]
        for data in frames:
            assert not any(r[:16] in data for r in raw)
            assert "seed" not in set(keys(msgpack.unpackb(data, raw=False)))
        # the journal keeps it: the game replays exactly from what is on disk
        game = host.tables["one"].game
        state = next(s for s in Journal(tmp_path / "journal").load() if s["table"]["id"] == "one")
        assert state["game"]["origin"]["seed"] == seeds[0]
        again = replay(ruleset(state["game"]["plugins"]), state["game"]["origin"], state["moves"])
        n = len(state["moves"])
        exact = replay(ruleset(list(game.ruleset.plugins)), game.origin, [m.to_dict() for m in game.log[:n]])
        assert again.snapshot() == exact.snapshot()
    finally:
        for t in tasks:
            t.cancel()
        for c in clients:
            await c.close()
        await host.close()


async def test_an_explicit_seed_still_deals_the_same_games(ctx):
    deals = []
    for _ in range(2):
        host = Host("tcp://127.0.0.1:0", ctx=ctx, seed=11, secure=False)   # (no ZAP handler to restart)
        await host.start()
        try:
            table = host.add_table("t", {**FAST, "seats": 2})
            seat = host.deal("d", {**FAST, "seats": 2}, "ann", None)
            game = host.tables["d"].game
            deals.append((game.origin["seed"], game.snapshot()))
            assert seat.token and table.game is None
        finally:
            await host.close()
    assert deals[0] == deals[1]
