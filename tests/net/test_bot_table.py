"""``ekpeer bot ADDRESS`` without ``--table`` sits at the host's table (issue 13, item 7)."""

from __future__ import annotations

import asyncio
import json
import subprocess

from ekpeer.net.client import Client
from ekpeer.net.remote_bot import pick_table

from .conftest import EKPEER, env_for_subprocess, wait_for


def test_pick_table_prefers_the_seat_to_resume_then_the_first_free_lobby():
    busy = {"table": "busy", "phase": "playing", "seats": 2, "taken": 2}
    full = {"table": "full", "phase": "lobby", "seats": 2, "taken": 2}
    free = {"table": "free", "phase": "lobby", "seats": 4, "taken": 1}
    assert pick_table({"tables": [busy, full, free]}) == "free"
    assert pick_table({"tables": [busy, free], "resume": {"table": "busy", "seat": "kim"}}) == "busy"
    assert pick_table({"tables": [busy, full]}) is None
    assert pick_table({"tables": []}) == "main"        # a host without tables: a new one


async def test_a_bot_without_table_joins_the_hosts_open_table(host, ctx):
    people = [Client(host.address, n, ctx=ctx) for n in ("ann", "bob")]
    for c in people:
        await c.connect()
    await people[0].join("busy")
    await people[0].lobby_set(seats=2)
    await people[1].join("busy")
    for c in people:
        await c.ready()
    await people[0].start()
    await wait_for(lambda: host.tables["busy"].phase == "playing", 5, what="the busy table to play")
    host.add_table("open", {"seats": 3})
    proc = subprocess.Popen([*EKPEER, "bot", host.address, "--name", "kim", "--timeout", "8"],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            env=env_for_subprocess())
    try:
        line = await asyncio.wait_for(asyncio.to_thread(proc.stdout.readline), 15)  # type: ignore[union-attr]
        assert line, proc.stderr.read()  # type: ignore[union-attr]
        joined = json.loads(line)
        assert joined["event"] == "joined" and joined["table"] == "open" and joined["seat"] == "kim"
        assert [s.name for s in host.tables["open"].seats] == ["kim"]
    finally:
        proc.kill()
        proc.wait(5)
        for c in people:
            await c.close()
