"""A host bot answers within the clock it plays under. The lobby offers Nope windows of 0.5 s
and 1 s; a headless host's bots think 0.5-1.5 s before a move, and a hard bot searches a whole
second of processor time. Both came after such a window had shut, so a bot holding a Nope let
an Attack on it through, every time or one time in two."""

from __future__ import annotations

import asyncio
import time

import pytest
import zmq

from ekpeer.bots import pool
from ekpeer.bots.expert import search_clock
from ekpeer.net.client import Client
from ekpeer.net.host import Host

from .conftest import events, wait_for
from .test_timeouts import closing, swap_in

HEADLESS_THINK = (0.5, 1.5)       # ekpeer host --headless's default --bot-think


@pytest.fixture
async def thinking_host(ctx):
    records: list[dict] = []
    h = Host("tcp://127.0.0.1:0", ctx=ctx, think=HEADLESS_THINK, seed=7, log=records.append,
             ping_seconds=0.5, idle_seconds=5.0)
    h.records = records  # type: ignore[attr-defined]
    await h.start()
    yield h
    await h.close()


async def attack_the_bot(host: Host, ctx, table_id: str, settings: dict) -> tuple[Client, str]:
    """ann, at a heads-up table with a bot, holds an Attack and plays it (on the bot, the next player), which
    holds a Nope."""
    ann = Client(host.address, "ann", ctx=ctx, ping_seconds=0.3)
    await ann.connect()
    await ann.join(table_id)
    await ann.lobby_set(**{"expansions": ["base"], "seats": 2, "turn_seconds": 60, "grace_seconds": 30.0,
                           **settings})
    await ann.ready()
    await ann.start()
    table = await wait_for(lambda: host.tables[table_id] if host.tables[table_id].game else None, 5,
                           what="the game")
    game = table.game
    bot = next(p for p in game.players if p != "ann")
    if game.current != "ann":
        game.current = "ann"
    swap_in(game, "ann", "attack")
    if "nope" not in game.hands[bot]:
        swap_in(game, bot, "nope")
    await ann.move({"do": "play", "cards": ["attack"]})
    return ann, bot


def noped_by(host: Host, table_id: str, bot: str) -> bool:
    log = host.tables[table_id].game.log
    return any(m.by == bot and m.do == "play" and m.cards == ("nope",) for m in log)


async def test_a_bot_that_thinks_a_second_nopes_within_a_half_second_window(thinking_host, ctx):
    """The normal bot Nopes an Attack on it (its habit), but thought 0.5-1.5 s first: in a
    0.5 s window it never made it."""
    ann, bot = await attack_the_bot(thinking_host, ctx, "w1", {"bots": "heuristic", "reaction_seconds": 0.5})
    try:
        await wait_for(lambda: noped_by(thinking_host, "w1", bot), 3, what="the bot's Nope")
        assert not events(thinking_host, "bot_error")
    finally:
        await closing([ann])


async def test_a_hard_bots_reaction_search_ends_within_a_one_second_window(host, ctx, monkeypatch):
    """A hard bot with a 3 s budget, attacked in a 1 s Nope window: its search is told to end
    well within the window (a close call uses its whole budget), and its answer is applied
    while the window is still open."""
    monkeypatch.setenv("EKPEER_EXPERT_SECONDS", "3")
    answered: list[tuple[float, bool]] = []
    room: list[float] = []
    submit = pool.submit

    def timed_submit(decision):
        room.append(decision.ends_by - time.time())
        future = submit(decision)
        started = time.monotonic()
        table = host.tables["w2"]
        gen = table.gen
        future.add_done_callback(lambda f: answered.append((time.monotonic() - started, table.gen == gen)))
        return future

    monkeypatch.setattr(pool, "submit", timed_submit)
    ann, bot = await attack_the_bot(host, ctx, "w2", {"bots": "expert", "reaction_seconds": 1.0})
    try:
        await wait_for(lambda: answered, 6, what="the bot's reaction search")
        assert 0.3 < room[0] < 1.0, room                # not the 3 s the budget would give
        took, in_time = answered[0]
        assert in_time and took < 1.0, answered       # it searched 3 s, and the window had shut
        assert not events(host, "bot_error")
    finally:
        await closing([ann])


def test_a_search_clock_reaches_its_budget_when_the_wall_reaches_ends_by():
    clock = search_clock("cpu", 3.0, time.time() + 0.2)
    time.sleep(0.1)
    assert 1.2 < clock() < 2.5                      # half the wall room: about half the budget
    assert search_clock("cpu", 3.0, time.time() - 1)() == float("inf")
    assert search_clock("cpu", 3.0, None)() < 0.1  # no table clock: the budget alone


async def test_a_remote_hard_bots_reaction_search_fits_the_window_it_was_told_of(host, ctx, monkeypatch):
    """``ekpeer bot --kind expert`` searched its whole budget whatever the Nope window: the
    clock each update carries now bounds it, as on the host."""
    from ekpeer.bots import expert
    from ekpeer.net.remote_bot import RemoteBot

    monkeypatch.setenv("EKPEER_EXPERT_SECONDS", "3")
    room: list[float] = []
    decide = expert.decide

    def timed_decide(decision):
        room.append(decision.ends_by - time.time())
        return decide(decision)

    monkeypatch.setattr(expert, "decide", timed_decide)
    ann = Client(host.address, "ann", ctx=ctx, ping_seconds=0.3)
    robo = Client(host.address, "robo", ctx=ctx, keypair=zmq.curve_keypair(), ping_seconds=0.3)
    runner = RemoteBot(robo, "expert", seed=1, emit=None)
    task = None
    try:
        await ann.connect()
        await ann.join("w3")
        await ann.lobby_set(expansions=["base"], seats=2, turn_seconds=60, grace_seconds=30.0,
                            reaction_seconds=1.0)
        await robo.connect()
        await runner.join("w3")
        task = asyncio.create_task(runner.run())
        await ann.ready()
        await ann.start()
        table = await wait_for(lambda: host.tables["w3"] if host.tables["w3"].game else None, 5,
                               what="the game")
        game = table.game
        await wait_for(lambda: game.current == "ann" and not game.stack and not game.awaiting, 10,
                       what="ann's turn")
        swap_in(game, "ann", "attack")
        if "nope" not in game.hands["robo"]:
            swap_in(game, "robo", "nope")
        await ann.move({"do": "play", "cards": ["attack"]})
        await wait_for(lambda: room, 5, what="the remote bot's reaction search")
        assert 0.3 < room[0] < 1.0, room                 # not the 3 s its budget would give
    finally:
        if task is not None:
            task.cancel()
        await robo.close()
        await closing([ann])
