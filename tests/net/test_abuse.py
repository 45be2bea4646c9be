"""Hostile input gets error replies (or a dropped connection) while the game goes on."""

from __future__ import annotations

import asyncio

import msgpack
import zmq

from ekpeer.net import protocol as P
from ekpeer.net.client import Client, RequestError
from ekpeer.net.remote_bot import RemoteBot

from .conftest import FAST, events, raw_dealer, recv_env, wait_for

DEEP = {"a": {"b": {"c": {"d": {"e": {"f": 1}}}}}}


def _frame(obj) -> bytes:
    return msgpack.packb(obj, use_bin_type=True)


async def test_bad_input_is_refused_and_the_game_goes_on(host, ctx):
    host.add_table("a", {**FAST, "grace_seconds": 0.2})
    x = Client(host.address, "x", ctx=ctx, ping_seconds=0.3)
    y = Client(host.address, "y", ctx=ctx, ping_seconds=0.3, reconnect=False)
    raw = raw_dealer(ctx, host.address)
    big = raw_dealer(ctx, host.address)
    try:
        for c in (x, y):
            await c.connect()
            await c.join("a")
            await c.ready()
        await y.start()
        table = host.tables["a"]
        game = table.game

        def stable():
            g = table.game
            return not g.stack and not g.awaiting and g.current in ("x", "y")

        await wait_for(stable, 10, what="a person's turn")
        mover, other = (x, y) if game.current == "x" else (y, x)
        # out of turn, even when claiming to be the player whose turn it is
        for move in ({"do": "draw"}, {"do": "draw", "by": game.current}):
            reply = await other.move(move, check=False)
            assert reply["ok"] is False and reply["code"] == "not_your_turn"
        reply = await other.request("move", {"move": {"do": "resolve"}}, check=False)
        assert reply["code"] == "host_only"
        reply = await mover.move({"do": "play", "cards": ["no_such_card"]}, check=False)
        assert reply["ok"] is False and reply["code"] in ("unknown_card", "card_not_held")
        reply = await mover.move({"do": "fly"}, check=False)
        assert reply["code"] == "bad_move"

        # malformed frames on a raw socket
        cases = [
            (b"\xc1\xc1 not msgpack", "bad_frame"),
            (_frame([1, 2]), "bad_frame"),
            (_frame({"v": 1, "type": "ping", "id": 1, "body": DEEP}), "too_deep"),
            (_frame({"v": 1, "type": "ping", "id": 2, "body": {"k": {1: 2}}}), "bad_frame"),
            (_frame({"v": 1, "type": "teleport", "id": 3}), "unknown_type"),
            (_frame({"v": 1, "type": "move", "id": 4, "body": {"move": {"do": "draw"}}}), "hello_first"),
            (_frame({"v": 1, "type": "join", "id": 5, "body": {"table": "a", "name": 7}}), "bad_message"),
        ]
        for data, code in cases:
            await raw.send(data)
            env = await recv_env(raw)
            assert env.body["ok"] is False and env.body["code"] == code, (code, env.body)
        await raw.send(_frame({"v": 3, "type": "hello", "id": 9, "body": {"versions": [3]}}))
        env = await recv_env(raw)
        assert env.body["code"] == "bad_version" and env.body["versions"] == [1] and env.re == 9
        assert "version(s) 1" in env.body["message"]
        await raw.send(_frame({"v": 1, "type": "hello", "id": 10, "body": {"versions": [3, 4]}}))
        assert (await recv_env(raw)).body["code"] == "bad_version"
        await raw.send_multipart([b"two", b"frames"])
        assert (await recv_env(raw)).body["code"] == "bad_frame"

        # an oversized frame: ZeroMQ's MAXMSGSIZE drops that connection, nobody answers
        pad = "x" * (P.MAX_CLIENT_FRAME * 2)
        await big.send(_frame({"v": 1, "type": "ping", "id": 1, "body": {"pad": pad}}))
        try:
            await recv_env(big, timeout=0.5, type_=None)
            raise AssertionError("an oversized frame got an answer")
        except TimeoutError:
            pass

        # a flood from a seated player: rate limited, then dropped; a bot plays the seat after grace
        runner = RemoteBot(mover, seed=1, emit=None)
        task = asyncio.create_task(runner.run())
        flood = P.encode("ping", {}, 1)

        def send(n: int) -> None:
            for _ in range(n):
                other.send_raw(flood)

        # past its burst but short of the strikes that drop it: told to slow down, still served.
        # (Checked before the real flood: a drop cuts the connection and frees what ZeroMQ still
        # held for it, so replies queued just before a drop may never arrive on a busy machine.)
        send(int(host.burst) + 30)
        await wait_for(lambda: [m for m in list(other._queue._queue)
                                if m.type == "reply" and m.body.get("code") == "rate_limited"],
                       5, what="a burst past the budget to get rate_limited replies")
        assert not events(host, "flood_dropped")
        for _ in range(1500):
            try:
                other.send_raw(flood)
            except zmq.Again:
                await asyncio.sleep(0.001)
        await wait_for(lambda: events(host, "flood_dropped"), 5, what="the flood to be dropped")
        await mover.move({"do": "draw"}, check=False)     # the game goes on
        await asyncio.wait_for(task, 15)
        assert game.over
        flooder = "y" if other is y else "x"
        assert any(r["seat"] == flooder for r in events(host, "bot_takes_over"))
        try:
            await other.request("ping", timeout=0.5)
            raise AssertionError("a dropped flooder is still answered")
        except (TimeoutError, RequestError, ConnectionError):
            pass
    finally:
        raw.close(0)
        big.close(0)
        for c in (x, y):
            await c.close()
