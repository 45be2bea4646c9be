"""How the client library reads its socket: a plain socket read when the loop sees its
descriptor readable (no zmq.asyncio future per frame), which must lose and reorder nothing,
also while the client sends (ZeroMQ's descriptor is edge-triggered: a send may take the
"readable" a frame would have given)."""

from __future__ import annotations

import asyncio

import zmq

from ekpeer.net import protocol as P
from ekpeer.net.client import READ_BATCH, Client

from .conftest import wait_for


async def _connected(ctx, endpoint: str) -> tuple[zmq.asyncio.Socket, Client, bytes]:
    """A bare ROUTER standing in for the host at ``endpoint``, a client that said hello to
    it (and was answered), and the client's identity there."""
    router = ctx.socket(zmq.ROUTER)
    router.setsockopt(zmq.LINGER, 0)
    router.bind(endpoint)
    client = Client(endpoint, "ann", ctx=ctx, ping_seconds=60, known_hosts=None)
    connected = asyncio.ensure_future(client.connect())
    ident, frame = await router.recv_multipart()
    env = P.decode(frame)
    assert env.type == "hello"
    await router.send_multipart([ident, P.encode("reply", P.ok(version=1), 1, re=env.id)])
    await connected
    return router, client, ident


async def test_a_burst_of_updates_arrives_whole_and_in_order_while_the_client_sends(ctx):
    router, client, ident = await _connected(ctx, "inproc://reading-burst")
    try:
        count = 3 * READ_BATCH + 17            # more than one read's batch
        body = P.pack_body({"view": {"you": "ann"}, "events": []})

        async def host_sends() -> None:
            for seq in range(1, count + 1):
                await router.send_multipart([ident, P.encode_packed("update", body, seq, None, seq)])
                if seq % 50 == 0:
                    await asyncio.sleep(0)

        async def client_sends() -> None:
            for _ in range(200):            # pings through the same socket meanwhile
                client._ping()
                await asyncio.sleep(0)

        await asyncio.gather(host_sends(), client_sends())
        got: list[int] = []
        while len(got) < count:
            msg = await client.next_message(timeout=5)
            got.append(msg.seq)
        assert got == list(range(1, count + 1))
        # and the pings reached the host, each a whole frame
        pings = 0
        while await router.poll(200):
            _, frame = await router.recv_multipart()
            pings += P.decode(frame).type == "ping"
        assert pings == 200
    finally:
        await client.close()
        router.close(0)


async def test_a_frame_that_waits_when_the_client_only_sends_is_still_read(ctx):
    """The host's frame lands while the client is busy sending (no await in between): the
    send's own look at the socket must pick it up, with no further frame to wake the loop."""
    router, client, ident = await _connected(ctx, "inproc://reading-edge")
    try:
        update = {"view": {}, "events": []}
        for seq in range(1, 21):
            await router.send_multipart([ident, P.encode("update", update, seq, None, seq)])
            client._ping()                      # a send right after each frame lands
        got = []
        await wait_for(lambda: client._queue.qsize() >= 20, timeout=5, what="20 updates")
        while not client._queue.empty():
            got.append(client._queue.get_nowait().seq)
        assert got == list(range(1, 21))
    finally:
        await client.close()
        router.close(0)


async def test_the_socket_is_closed_and_unwatched_with_the_client(ctx):
    router, client, _ = await _connected(ctx, "inproc://reading-close")
    sock = client.sock
    assert sock is not None and client._watched is not None
    await client.close()
    assert sock.closed and client.sock is None and client._watched is None
    router.close(0)
