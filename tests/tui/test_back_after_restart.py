"""A player whose client was killed mid-game and run again: the host's join reply says how
long it had the seat without them (``away``), and their log said nothing of the drop unless a
bot had played the seat. It now says it, as a live reconnect's log does. The real host in this
process, the Textual client under Pilot, the killed client and bob through the client library."""

from __future__ import annotations

import asyncio

import pytest
import zmq.asyncio
from hosts import crash
from ports import free_port

from ekpeer.cli_tui import session_factory
from ekpeer.net.client import Client
from ekpeer.net.host import Host
from ekpeer.net.journal import Journal
from ekpeer.tui.app import make_app
from ekpeer.tui.screens.table import TableScreen

from .conftest import settle, until

SETTINGS = {"seats": 2, "reaction_seconds": 0.05, "turn_seconds": 60.0, "grace_seconds": 60.0,
            "expansions": ["base"], "bots": "random"}
DROPPED = "Your connection to the host dropped; back after"


async def test_a_client_run_again_after_a_kill_says_the_drop_in_its_log():
    ctx = zmq.asyncio.Context()
    host = Host(f"tcp://127.0.0.1:{free_port()}", ctx=ctx, seed=5, think=(0.0, 0.0))
    await host.start()
    host.add_table("t", SETTINGS, autostart=False)
    killed, bob = Client(host.address, "ann", ctx=ctx), Client(host.address, "bob", ctx=ctx)
    try:
        for c in (killed, bob):
            await c.connect()
            await c.join("t")
            await c.ready()
        await killed.start()
        table = host.tables["t"]
        for _ in range(100):
            if table.phase == "playing":
                break
            await asyncio.sleep(0.05)
        seat = table.seat("ann")
        await killed.close()                    # killed: no leave, its socket gone
        host.drop(seat.session, "idle")         # the host notices, as its sweep would
        await asyncio.sleep(0.3)
        app = make_app(session_factory(think=(0.0, 0.0), discovery=False), mode="join", name="ann",
                       address=host.address, options={"table": "t"})
        async with app.run_test(size=(100, 30)) as pilot:
            await until(pilot, lambda: isinstance(app.screen, TableScreen) and app.view, 8, "ann's table")
            await until(pilot, lambda: any(DROPPED in str(line) for line in app.log_lines), 3,
                        "the drop in ann's log")
            said = [str(line) for line in app.log_lines if DROPPED in str(line)]
            assert len(said) == 1 and said[0].endswith(" s"), said
            assert not any("a bot played it" in str(line) for line in app.log_lines)   # none did
            assert seat.session is not None and not seat.takeover
    finally:
        await bob.close()
        await host.close()
        ctx.destroy(linger=0)


async def played_and_crashed(tmp_path, ctx: zmq.asyncio.Context, settings: dict) -> Host:
    """ann and bob's game at a host with a journal in ``tmp_path``, both terminals closed and
    the host killed; returned: the host restored from its journal (as ``--resume`` brings its
    tables back), not started yet."""
    bind = f"tcp://127.0.0.1:{free_port()}"
    host = Host(bind, ctx=ctx, seed=5, think=(0.0, 0.0), journal=Journal(tmp_path))
    await host.start()
    host.add_table("t", settings, autostart=False)
    ann, bob = Client(host.address, "ann", ctx=ctx), Client(host.address, "bob", ctx=ctx)
    for c in (ann, bob):
        await c.connect()
        await c.join("t")
        await c.ready()
    await ann.start()
    for _ in range(100):
        if host.tables["t"].phase == "playing":
            break
        await asyncio.sleep(0.05)
    await bob.close()
    await ann.close()                   # ann's terminal closed with the host gone
    await crash(host)
    again = Host(bind, ctx=ctx, seed=6, think=(0.0, 0.0), journal=Journal(tmp_path))
    again.loop = asyncio.get_running_loop()
    assert again.restore() == ["t"]
    return again


RESTARTED = "The host started again: you are back in your seat"
BOT_PLAYED = "a bot played it while you were away"


@pytest.mark.parametrize("covered", [False, True])
async def test_a_join_run_again_after_the_host_restarted_says_the_host_started_again(tmp_path, covered):
    """The host stopped with ann's connection fine, and was started again with --resume; ann
    ran her join command again. Her log read "Your connection to the host dropped; back after
    34 s": her link was never at fault, and the 34 s was only the new host's time. It now says
    the host started again (no length), and whether a bot played her seat meanwhile."""
    ctx = zmq.asyncio.Context()
    again: Host | None = None
    try:
        grace = 0.2 if covered else 60.0
        again = await played_and_crashed(tmp_path, ctx, {**SETTINGS, "grace_seconds": grace})
        await again.start()
        seat = again.tables["t"].seat("ann")
        if covered:
            for _ in range(100):
                if seat.takeover:
                    break
                await asyncio.sleep(0.05)
            assert seat.takeover
        else:
            await asyncio.sleep(1.0)        # the new host's time: never said as ann's drop
        app = make_app(session_factory(think=(0.0, 0.0), discovery=False), mode="join", name="ann",
                       address=again.address, options={"table": "t"})
        async with app.run_test(size=(100, 30)) as pilot:
            await until(pilot, lambda: isinstance(app.screen, TableScreen) and app.view, 8, "ann's table")
            await until(pilot, lambda: any(RESTARTED in str(line) for line in app.log_lines), 3,
                        "the restart in ann's log")
            await settle(pilot, 10)
            lines = [str(line) for line in app.log_lines]
            assert [line for line in lines if RESTARTED in line] == [RESTARTED], lines
            assert not any(DROPPED in line for line in lines), lines
            assert any(BOT_PLAYED in line for line in lines) is covered, lines
            assert seat.session is not None and not seat.takeover
    finally:
        if again is not None:
            await again.close()
        ctx.destroy(linger=0)
