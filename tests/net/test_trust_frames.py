"""Issue 14.8: the frame limits the protocol doc gives are the ones the host keeps, with
CURVE and without. A frame up to 64 KiB is read; one over it, up to 128 KiB, gets
``too_large`` and the connection stays; only a bigger one makes ZeroMQ close the
connection (CURVE's own bytes are not the sender's: they do not count)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from ekpeer.net import protocol as P
from ekpeer.net.host import Host

from ._trust import ask, frame_of_size, peer
from .conftest import recv_env

DOCS = Path(__file__).resolve().parents[2] / "docs"
KIB = 1024
TOO_LARGE = 128 * KIB        # the documented edge (P.TOO_LARGE_FRAME): past it, ZeroMQ cuts


@pytest.mark.parametrize("secure", [True, False], ids=["curve", "plain"])
async def test_frames_up_to_the_documented_cap_are_read_then_too_large_then_cut(ctx, secure):
    host = Host("tcp://127.0.0.1:0", ctx=ctx, secure=secure)
    await host.start()
    sock = peer(ctx, host)
    try:
        cap = P.MAX_CLIENT_FRAME
        for i, size in enumerate((cap - 200, cap - 33, cap - 1, cap), start=1):
            await sock.send(frame_of_size(size, i))
            env = await recv_env(sock, 3.0)
            assert env.re == i and env.body["ok"], (size, env.body)
        for i, size in enumerate((cap + 1, cap + 40, TOO_LARGE), start=10):
            await sock.send(frame_of_size(size, i))
            env = await recv_env(sock, 3.0)
            assert env.body["code"] == "too_large", (size, env.body)
            assert str(cap) in env.body["message"]
        assert (await ask(sock, "ping", {}, 20))["ok"]           # the connection is still there
        await sock.send(frame_of_size(TOO_LARGE + 1, 21))
        with pytest.raises(TimeoutError):
            await recv_env(sock, 0.6, type_=None)                 # cut by ZeroMQ: no answer
    finally:
        sock.close(0)
        await host.close()


def test_the_protocol_doc_gives_the_same_numbers():
    doc = (DOCS / "protocol.md").read_text()
    assert re.search(r"over 64 KiB[^.]*`too_large`", doc), "a frame over 64 KiB gets too_large, says the doc"
    assert "128 KiB" in doc and "4 MiB" in doc
    assert "drop that connection (no reply)" not in doc      # the old, wrong sentence
    assert P.MAX_CLIENT_FRAME == 64 * KIB and P.TOO_LARGE_FRAME == TOO_LARGE
