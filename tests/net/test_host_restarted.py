"""A host that stopped mid-game and came back without its game (a start without ``--resume``
set it aside): a client whose seat is gone is told so in words, and no later restart of the
host (``--resume`` or not) ever tells it it is back in a seat the host does not have.

A stranger's client was refused once (bad token), forgot its token but not its table, and on
the next restart said ``back`` without joining anything: the table screen showed a turn of
the old game while every key was refused with "join a table first". And a refused client's
socket stayed open: ZeroMQ connected it again by itself, it never said hello, and the host
logged ``no_hello`` against its address every 6 s while the player's dialog stayed open.
"""

from __future__ import annotations

import asyncio
import signal

from ekpeer.net.client import Client, Message
from ekpeer.net.host import Host
from ekpeer.net.journal import Journal

from .conftest import FAST, free_port, wait_for
from .test_resume import CONFIG, _listening, _start_host


def _told(seen: list[Message], state: str) -> list[Message]:
    return [m for m in seen if m.type == "connection" and m.body.get("state") == state]


async def test_a_seat_the_restarted_host_lacks_is_refused_and_never_back_on_a_later_restart(ctx, tmp_path):
    bind = f"tcp://127.0.0.1:{free_port()}"
    hosts: list[Host] = []

    async def host(resume: bool) -> Host:
        journal = Journal(tmp_path)
        if not resume:
            journal.clear()     # what `ekpeer host` without --resume does
        h = Host(bind, ctx=ctx, think=(0.0, 0.0), seed=len(hosts), journal=journal, ping_seconds=0.2,
                 hello_seconds=0.5)
        hosts.append(h)
        if resume:
            h.loop = asyncio.get_running_loop()
            h.restore()
        await h.start()
        if "main" not in h.tables:
            h.add_table("main", {**FAST, "seats": 2})
        return h

    seen: list[Message] = []
    first = await host(False)
    ann = Client(first.address, "ann", ctx=ctx, ping_seconds=0.2, silence_seconds=0.8)
    bob = Client(first.address, "bob", ctx=ctx, ping_seconds=0.2, silence_seconds=0.8)
    bob.on_message = seen.append
    try:
        for c in (ann, bob):
            await c.connect()
            await c.join("main")
            await c.ready()
        await wait_for(lambda: first.tables["main"].game is not None, 5, what="the game")
        await ann.close()
        await first.close()
        await wait_for(lambda: _told(seen, "lost"), 5, what="bob to call the host gone")
        again = await host(False)       # the old game set aside: "main" is a new lobby
        await wait_for(lambda: _told(seen, "refused"), 10, what="bob's seat refused")
        assert not _told(seen, "back"), "told back in a seat the host does not have"
        assert bob.table is None and bob.token is None
        # refused, bob's client closed its socket: ZeroMQ connected it again by itself each time
        # the host cut it, pings and no hello, and the host logged no_hello every 6 s
        await asyncio.sleep(2.0)        # four hello deadlines
        assert again.gate is not None
        assert again.gate.stats["no_hello"] == 0 and not again.gate.strikes, again.gate.strikes
        assert not again.gate.conns and bob.sock is None
        await again.close()
        await asyncio.sleep(1.5)        # longer than bob's silence_seconds
        resumed = await host(True)      # resumed: still no such game
        await asyncio.sleep(2.0)      # a reconnecting client would be back by now
        assert not _told(seen, "back"), "told back in a seat the host does not have"
        assert resumed.gate is not None and resumed.gate.stats["accepted"] == 0
    finally:
        await bob.close()
        for h in hosts[-1:]:
            await h.close()



async def test_a_headless_host_started_without_resume_says_in_words_what_it_set_aside(ctx, tmp_path):
    """Only host.log said it (``journal_kept``): the person at the host's terminal reads where
    the unfinished game went and how to play it on."""
    data, port = tmp_path / "data", free_port()
    first = Host(f"tcp://127.0.0.1:{port}", ctx=ctx, think=(0.0, 0.0), seed=1,
                 journal=Journal(data / "tables" / str(port)), ping_seconds=0.2)
    await first.start()
    first.add_table("crash", {**FAST, "seats": 2})
    people = [Client(first.address, n, ctx=ctx) for n in ("ann", "bob")]
    try:
        for c in people:
            await c.connect()
            await c.join("crash")
            await c.ready()
        await wait_for(lambda: first.tables["crash"].game is not None, 5, what="the game")
    finally:
        for c in people:
            await c.close()
        await first.close()
    cfg = tmp_path / "crash.toml"
    cfg.write_text(CONFIG)
    proc = _start_host(data, cfg, port)
    try:
        await _listening(proc)
    finally:
        proc.send_signal(signal.SIGTERM)
        _out, err = await asyncio.to_thread(proc.communicate, timeout=10)
    said = " ".join(err.split())
    assert "This host started without --resume, so the unfinished game of its last run is set aside" in said
    assert str(data / "tables" / str(port) / "kept-") in said
    assert "To play it on: quit and start again with ekpeer host --resume." in said
