"""A client that drops comes back with its seat token and continues in the same seat."""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import signal
import subprocess
import time

import pytest
import zmq

from ekpeer.net.client import Client, RequestError
from ekpeer.net.remote_bot import RemoteBot

from .conftest import EKPEER, FAST, env_for_subprocess, events, wait_for


def _bot(endpoint: str, *extra: str) -> subprocess.Popen:
    cmd = [*EKPEER, "bot", endpoint, "--name", "kim", "--table", "r", "--think", "0.03:0.06",
           "--timeout", "15"]
    return subprocess.Popen([*cmd, *extra], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            env=env_for_subprocess())


async def _readline(proc: subprocess.Popen, timeout: float) -> dict:
    line = await asyncio.wait_for(asyncio.to_thread(proc.stdout.readline), timeout)  # type: ignore[union-attr]
    if not line:  # the process ended without a word: show why
        err = await asyncio.to_thread(proc.stderr.read)  # type: ignore[union-attr]
        raise AssertionError(f"bot process exited ({proc.poll()}) without output: {err[-2000:]}")
    return json.loads(line)


async def test_bot_process_killed_mid_game_resumes_its_seat(host):
    host.think = (0.03, 0.06)
    host.add_table("r", {**FAST, "seats": 3, "turn_seconds": 1.0})
    first = _bot(host.address)
    second = None
    try:
        joined = await _readline(first, 8)
        assert joined["event"] == "joined" and joined["seat"] == "kim"
        token = joined["token"]
        table = host.tables["r"]
        # two more players so the table starts: in-process bots over the same protocol
        others = [Client(host.address, n, ping_seconds=0.3, ctx=host.ctx) for n in ("lee", "max")]
        runners = []
        for i, c in enumerate(others):
            await c.connect()
            runners.append(RemoteBot(c, seed=i, think=(0.03, 0.06), emit=None))
            await runners[-1].join("r")
        tasks = [asyncio.create_task(r.run()) for r in runners]
        await wait_for(lambda: table.game is not None and sum(m.by == "kim" for m in table.game.log) >= 2, 10,
                       what="kim to move twice")
        game = table.game
        os.kill(first.pid, signal.SIGKILL)
        first.wait(5)
        await wait_for(lambda: table.seat("kim").session is None, 6, what="the host to notice")
        before = sum(m.by == "kim" for m in game.log)
        second = _bot(host.address, "--token", token)
        again = await _readline(second, 8)
        assert again == {"event": "joined", "table": "r", "seat": "kim", "token": token, "resumed": True}
        out, err = await asyncio.wait_for(asyncio.to_thread(second.communicate), 15)
        assert second.returncode == 0, err
        over = [json.loads(x) for x in out.splitlines() if x.strip()]
        assert over[-1]["event"] == "game_over"
        assert table.game is game or table.games == 1          # the same game, not a new one
        after = sum(m.by == "kim" for m in game.log)
        assert after >= before and game.over
        await asyncio.wait_for(asyncio.gather(*tasks), 10)
        assert [r["seat"] for r in events(host, "resumed")] == ["kim"]
        for c in others:
            await c.close()
    finally:
        for p in (first, second):
            if p is not None and p.poll() is None:
                p.kill()


async def test_client_library_reconnects_by_itself_when_the_host_forgets_it(host, ctx):
    host.add_table("s", {**FAST, "seats": 2})
    c = Client(host.address, "solo", ctx=ctx, ping_seconds=0.2)
    try:
        await c.connect()
        bot = RemoteBot(c, seed=3, think=(0.02, 0.04), emit=None)
        await bot.join("s")
        task = asyncio.create_task(bot.run())
        await c.start()                                   # the other seat is a host bot
        table = host.tables["s"]
        await wait_for(lambda: table.game is not None and len(table.game.log) >= 3, 8, what="a few moves")
        seat = table.seat("solo")
        game = table.game
        host.drop(seat.session, "test")                   # the host forgets this connection
        await wait_for(lambda: c.reconnects >= 1 and seat.session is not None, 8, what="automatic resume")
        assert c.seat == "solo" and seat.token == c.token
        t0 = time.monotonic()
        await asyncio.wait_for(task, 15)
        assert game.over and time.monotonic() - t0 < 15
    finally:
        await c.close()


async def test_a_token_the_host_refuses_is_forgotten_so_the_next_join_sits_anew(host, ctx):
    host.add_table("gone", {**FAST, "seats": 2})
    client = Client(host.address, "ann", ctx=ctx, token="a-seat-long-gone", reconnect=False)
    try:
        await client.connect()
        with pytest.raises(RequestError) as info:
            await client.join("gone")
        assert info.value.code == "bad_token" and client.token is None
        joined = await client.join("gone")                  # the same call again: a new seat
        assert joined["seat"] == "ann" and client.token == joined["token"]
    finally:
        await client.close()


def test_seat_tokens_are_shell_safe_and_never_read_as_an_option():
    from ekpeer.net.seats import new_token

    tokens = [new_token() for _ in range(2000)]
    assert all(t[0] != "-" and t.isalnum() and len(t) == 36 for t in tokens)
    assert len(set(tokens)) == len(tokens)


async def test_a_drop_the_host_saw_is_told_to_the_client_and_its_snapshot_says_where_it_goes_on(
        host, ctx, monkeypatch):
    """A connection reset of a second or two: every other table said "solo lost connection",
    and now the client that dropped is told too (``rejoined``, how long the host had its seat
    empty); its snapshot says where its last events begin among the game's (``first``), so
    that its log adds only those it missed, not the game anew from the host's last 50."""
    monkeypatch.setattr("ekpeer.net.table.SNAPSHOT_EVENTS", 4)     # fewer than the game has by then
    host.add_table("s", {**FAST, "seats": 2})
    told: list = []
    heard: list = []

    def hear(msg) -> None:
        heard.append(msg)
        if msg.type == "update":
            told.extend(msg.body.get("events") or [])

    c = Client(host.address, "solo", ctx=ctx, ping_seconds=0.2, on_message=hear)
    try:
        await c.connect()
        bot = RemoteBot(c, seed=3, think=(0.02, 0.04), emit=None)
        await bot.join("s")
        task = asyncio.create_task(bot.run())
        await c.start()
        table = host.tables["s"]
        await wait_for(lambda: table.game is not None and len(told) >= 8, 8, what="some moves")
        seat = table.seat("solo")
        host.drop(seat.session, "test")
        count = len(told)
        await wait_for(lambda: any(m.type == "connection" for m in heard), 8, what="the client told")
        rejoined = next(m.body for m in heard if m.type == "connection")
        assert rejoined["state"] == "rejoined" and isinstance(rejoined["away"], float)
        snap = [m.body for m in heard if m.type == "snapshot"][-1]
        first, last = snap["first"], snap["events"][snap["earlier"]:]
        assert 0 < first <= count <= first + len(last)
        assert last[:count - first] == told[first:count]       # those it had: it adds the rest
        task.cancel()
    finally:
        await c.close()


class Deafened(Client):
    """A client whose link fails for a moment: what comes on ``deaf`` (its socket then) is lost."""

    deaf = None

    def _on_readable(self, sock) -> None:
        if sock is self.deaf:
            with contextlib.suppress(zmq.ZMQError):
                while sock.getsockopt(zmq.EVENTS) & zmq.POLLIN:
                    sock.recv(zmq.DONTWAIT)
            return
        super()._on_readable(sock)


async def test_a_link_that_failed_while_the_host_stayed_says_so_when_back(host, ctx):
    """bob's link broke for a moment: his client called the host gone, then reconnected, and his
    log read "The host is back", though the host never left. The host saw bob's seat empty,
    and says so in its join reply: the ``back`` carries it (``away``), as ``rejoined`` does."""
    host.add_table("l", {**FAST, "seats": 2})
    ann = Client(host.address, "ann", ctx=ctx, ping_seconds=0.2)
    heard: list = []
    bob = Deafened(host.address, "bob", ctx=ctx, ping_seconds=0.2, silence_seconds=0.8,
                   on_message=heard.append)
    try:
        for c in (ann, bob):
            await c.connect()
            await c.join("l")
            await c.ready()
        table = host.tables["l"]
        await wait_for(lambda: table.game is not None, 5, what="the game")
        bob.deaf = bob.sock
        host.drop(table.seat("bob").session, "test")     # the host sees bob's link go, too
        said = lambda: [m.body for m in heard if m.type == "connection"]    # noqa: E731
        await wait_for(lambda: any(b["state"] == "back" for b in said()), 10, what="bob back")
        states = [b["state"] for b in said()]
        assert states[0] == "lost" and "back" in states, states
        back = next(b for b in said() if b["state"] == "back")
        assert isinstance(back["away"], float) and back["away"] > 0 and back["bot_played"] is False
        assert "restarted" not in back      # the host stayed: bob's own link dropped
    finally:
        for c in (ann, bob):
            await c.close()
