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


def _rows(doc: str) -> dict[str, str]:
    """``| what | number | ... |`` rows of the doc's tables: what -> number."""
    out = {}
    for line in doc.splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if line.startswith("|") and len(cells) >= 2:
            out[cells[0]] = cells[1]
    return out


def test_the_security_doc_gives_the_hosts_own_numbers():
    from ekpeer.net import limits as L

    doc = (DOCS / "security.md").read_text()
    rows = _rows(doc)
    assert rows["`hello` deadline"] == f"{L.HELLO_SECONDS:g} s from `accept`"
    assert rows["connections waiting for their hello, per remote address"] == str(L.PENDING_PER_ADDRESS)
    assert rows["connections per remote address"].startswith(f"{L.PER_ADDRESS} ")
    assert rows["connections per client key"] == str(L.PER_KEY)
    assert rows["connections in all"].startswith(f"{L.MAX_CONNECTIONS}, ")
    assert f"{L.FD_RESERVE}" in rows["connections in all"]
    assert f"{L.TABLES_PER_KEY} per client key and {L.TABLES_PER_ADDRESS} per remote address" \
        in rows["tables a client may make by joining"]
    assert rows["`hello`'s table list"].startswith(f"pages of {L.HELLO_PAGE} ")
    assert rows["player name"].startswith(f"{P.NAME_LEN} ")
    assert rows["password"].startswith(f"{P.PASSWORD_LEN} ")
    for phrase in (f"**{L.UNREAD_PER_PEER >> 20} MiB**", f"**{L.UNREAD_PER_ADDRESS >> 20} MiB**",
                   f"within {L.ACK_MARK >> 10} KiB", f"{L.SNDHWM} messages", f"first {L.FREE_GUESSES} wrong",
                   f"({L.GUESS_DELAY:g} s, 2 s", f"up to {L.GUESS_DELAY_MAX:g} s", "10 minutes"):
        assert phrase in doc, phrase
    assert L.GUESS_FORGET == 600.0
