"""Search bots on a host: their searches run in a worker process, off the event loop."""

from __future__ import annotations

import asyncio
import concurrent.futures as cf

import zmq

from ekpeer.bots import pool
from ekpeer.bots.expert import ExpertBot
from ekpeer.net.client import Client
from ekpeer.net.remote_bot import RemoteBot

from .conftest import FAST, events, wait_for


def _expert_table(host, ctx, monkeypatch, name: str, seats: int, seconds: str, workers: str):
    """A table of ``seats`` with expert bots in every seat but ann's (searching ``seconds``,
    in ``workers`` worker processes, 0: a thread), its pool fresh; (table, seat, ann's client)."""
    monkeypatch.setenv("EKPEER_EXPERT_SECONDS", seconds)
    monkeypatch.setenv("EKPEER_BOT_WORKERS", workers)
    pool.shutdown()
    keypair = zmq.curve_keypair()
    seat = host.deal(name, {**FAST, "seats": seats, "bots": "expert"}, "ann", keypair[0].decode("ascii"))
    ann = Client(host.address, "ann", ctx=ctx, keypair=keypair, token=seat.token)
    return host.tables[name], seat, ann


async def test_expert_seats_search_off_the_event_loop_and_finish_the_game(host, ctx, monkeypatch):
    table, seat, ann = _expert_table(host, ctx, monkeypatch, "hard", 3, "0.05", "1")
    searching = []
    try:
        await ann.connect()
        runner = RemoteBot(ann, "heuristic", seed=1, emit=None)
        await runner.join("hard", seat.token)
        task = asyncio.create_task(runner.run())

        async def watch() -> None:
            # This coroutine runs on the host's loop: seeing a search still pending here means
            # the loop was free while the bot thought.
            while not task.done():
                for s in table.seats:
                    if isinstance(s.pending, cf.Future) and not s.pending.done():
                        searching.append(s.name)
                await asyncio.sleep(0.005)

        watcher = asyncio.create_task(watch())
        await asyncio.wait_for(task, 60)
        await watcher
        assert events(host, "game_over")
        assert searching and set(searching) <= {"bot1", "bot2"}
        bots = [s.bot for s in table.seats if s.kind == "expert"]
        assert bots and all(isinstance(b, ExpertBot) for b in bots)
        assert any(b.last is not None and b.last.playouts > 0 for b in bots)
        assert not events(host, "bot_error") and not events(host, "bot_refused")
    finally:
        await ann.close()
        pool.shutdown()


async def test_expert_bots_follow_the_table_in_a_thread_when_asked(host, ctx, monkeypatch):
    table, seat, ann = _expert_table(host, ctx, monkeypatch, "thread", 2, "0.02", "0")
    try:
        await ann.connect()
        runner = RemoteBot(ann, "random", seed=2, emit=None)
        await runner.join("thread", seat.token)
        await asyncio.wait_for(runner.run(), 60)
        await wait_for(lambda: events(host, "game_over"), 5, what="game over")
        bot = table.seats[1].bot
        assert isinstance(bot, ExpertBot) and bot.tracker is not None and bot.tracker.events > 0
    finally:
        await ann.close()
        pool.shutdown()
