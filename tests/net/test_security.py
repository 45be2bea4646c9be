"""CurveZMQ on by default: the wire carries no card in clear, keys pin hosts and own seats."""

from __future__ import annotations

import asyncio
import socket
import subprocess
import sys
import time

import pytest
import zmq

from ekpeer.net import limits, security
from ekpeer.net import protocol as P
from ekpeer.net.client import Client, RequestError
from ekpeer.net.host import Host
from ekpeer.net.remote_bot import RemoteBot
from ekpeer.plugins import ruleset

from .conftest import FAST, events, raw_dealer, recv_env, wait_for


class Tap:
    """A TCP proxy on loopback between clients and the host that keeps every raw byte."""

    def __init__(self, port: int) -> None:
        self.port = port
        self.data = bytearray()
        self.server: asyncio.AbstractServer | None = None
        self.conns: list[asyncio.StreamWriter] = []

    async def start(self) -> int:
        self.server = await asyncio.start_server(self._serve, "127.0.0.1", 0)
        return self.server.sockets[0].getsockname()[1]

    async def _pipe(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        try:
            while chunk := await reader.read(65536):
                self.data += chunk
                writer.write(chunk)
                await writer.drain()
        except (ConnectionError, OSError):
            pass
        finally:
            writer.close()

    async def _serve(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        up_r, up_w = await asyncio.open_connection("127.0.0.1", self.port)
        self.conns += [writer, up_w]
        await asyncio.gather(self._pipe(reader, up_w), self._pipe(up_r, writer))

    async def close(self) -> None:
        for w in self.conns:
            w.close()
        if self.server is not None:
            self.server.close()


async def _game_through_tap(ctx, secure: bool) -> tuple[bytes, Host]:
    host = Host("tcp://127.0.0.1:0", ctx=ctx, seed=3, secure=secure, ping_seconds=0.5)
    await host.start()
    host.add_table("w", {**FAST, "seats": 2, "reaction_seconds": 0.02})
    tap = Tap(int(host.endpoint.rsplit(":", 1)[1]))
    port = await tap.start()
    addr = security.join_address(f"tcp://127.0.0.1:{port}", host.public_key)
    c = Client(addr, "wire", ctx=ctx, ping_seconds=0.5, insecure=not secure)
    try:
        await c.connect()
        bot = RemoteBot(c, seed=1, emit=None)
        await bot.join("w")
        task = asyncio.create_task(bot.run())
        await c.start()
        await asyncio.wait_for(task, 15)
    finally:
        await c.close()
        await tap.close()
        await host.close()
    return bytes(tap.data), host


async def test_a_packet_capture_of_an_encrypted_game_shows_no_card_id(ctx):
    card_ids = [c.encode() for c in ruleset(["base"]).cards]
    wire, host = await _game_through_tap(ctx, secure=True)
    assert host.stats["frames_out"] > 20 and len(wire) > 5000
    leaked = [c for c in card_ids if c in wire]
    assert not leaked, f"card ids in clear on the wire: {leaked}"
    for word in (b"hand", b"legal_moves", b"snapshot", b"wire"):
        assert word not in wire
    # the same capture without encryption does show them: the tap sees everything
    plain, _ = await _game_through_tap(ctx, secure=False)
    assert b"defuse" in plain and b"legal_moves" in plain


async def test_a_client_refuses_a_host_with_another_key(host, ctx):
    other_pub, _ = zmq.curve_keypair()
    with pytest.raises(security.AddressError):
        Client(host.endpoint, "nokey")                     # no key: refused without --insecure
    impostor = Client(security.join_address(host.endpoint, other_pub), "ann", ctx=ctx, request_timeout=0.6,
                      reconnect=False)
    try:
        with pytest.raises((TimeoutError, ConnectionError)):
            await impostor.connect()
    finally:
        await impostor.close()
    plain = raw_dealer(ctx, host.endpoint)                  # plain TCP to a CURVE host: nothing
    try:
        await plain.send(P.encode("ping", {}, 1))
        with pytest.raises(TimeoutError):
            await recv_env(plain, timeout=0.5)
    finally:
        plain.close(0)


async def test_a_seat_belongs_to_the_key_that_took_it(host, ctx):
    host.add_table("k", {**FAST, "seats": 2})
    owner = Client(host.address, "ann", ctx=ctx, keypair=zmq.curve_keypair(), ping_seconds=0.3)
    thief = Client(host.address, "eve", ctx=ctx, keypair=zmq.curve_keypair(), ping_seconds=0.3,
                   reconnect=False)
    try:
        await owner.connect()
        joined = await owner.join("k")
        token = joined["token"]
        hello = await thief.connect()
        assert hello["resume"] is None
        thief.token = token
        again = await thief.hello()
        assert again["resume"] is None                      # the token alone names no seat for this key
        with pytest.raises(RequestError) as info:
            await thief.join("k", token=token)
        assert info.value.code == "bad_token"
        table = host.tables["k"]
        assert table.seat("ann").session.key == owner.keypair[0].decode()
        # the owner's own key resumes from a fresh connection
        await owner.reconnect()
        await wait_for(lambda: owner.reconnects == 1 and table.seat("ann").session is not None, 5,
                       what="resume")
        assert [s.name for s in table.seats] == ["ann"]
    finally:
        await owner.close()
        await thief.close()


async def test_a_reused_router_identity_with_another_key_gets_nothing(host, ctx):
    host.add_table("i", {**FAST, "seats": 3})
    a = raw_dealer(ctx, host.address, routing_id=b"victim")
    try:
        await a.send(P.encode("hello", {"versions": [1]}, 1))
        assert (await recv_env(a)).body["ok"]
        await a.send(P.encode("join", {"table": "i", "name": "vic"}, 2))
        assert (await recv_env(a)).body["ok"]
        a.close(0)
        await asyncio.sleep(0.2)
        b = raw_dealer(ctx, host.address, routing_id=b"victim")   # same identity, another key
        await b.send(P.encode("hello", {"versions": [1]}, 1))
        assert (await recv_env(b)).body["ok"]
        await b.send(P.encode("ready", {}, 2))
        env = await recv_env(b)
        assert env.body["code"] == "not_joined"
        assert events(host, "identity_mismatch")
        b.close(0)
    finally:
        a.close(0)


async def test_table_password(host, ctx):
    ann = Client(host.address, "ann", ctx=ctx, keypair=zmq.curve_keypair())
    bob = Client(host.address, "bob", ctx=ctx, keypair=zmq.curve_keypair())
    try:
        await ann.connect()
        await bob.connect()
        await ann.join("locked", password="s3cret")
        msg = await wait_for(lambda: next((m for m in list(ann._queue._queue) if m.type == "lobby"), None), 3)
        assert msg.body["settings"]["password"] is True
        with pytest.raises(RequestError) as info:
            await bob.join("locked")
        assert info.value.code == "bad_password"
        with pytest.raises(RequestError) as info:
            await bob.join("locked", password="guess")
        assert info.value.code == "bad_password"
        assert (await bob.join("locked", password="s3cret"))["seat"] == "bob"
        tables = (await bob.hello())["tables"]
        assert all("s3cret" not in repr(t) for t in tables)
    finally:
        await ann.close()
        await bob.close()


async def test_setting_table_passwords_is_budgeted_and_settings_lines_are_not_logged_each_time(host, ctx):
    """A stranger's 20 keys each set a table password 24 times a second: every one a scrypt
    hash on the event loop, the host's processor held for minutes after they left, and a log
    line for every change. Now a key (and an address) has a few, then one every 2 s; a
    table's settings are logged at most every 5 s, with the changes between counted."""
    ann = Client(host.address, "ann", ctx=ctx, keypair=zmq.curve_keypair())
    try:
        await ann.connect()
        await ann.join("pw", password="first")                   # a hash: counted
        codes = []
        for i in range(10):
            reply = await ann.request("lobby_set", {"settings": {"password": f"pw{i}"}}, check=False)
            codes.append(reply.get("code", "ok"))
        assert codes[:5] == ["ok"] * 5 and set(codes[5:]) == {"rate_limited"}, codes
        for i in range(3):                                        # no password: no hash, no budget
            assert (await ann.request("lobby_set", {"settings": {"seats": 3 + i}}, check=False))["ok"]
        lines = events(host, "settings")
        assert len(lines) == 1, lines
        host.tables["pw"].settings_logged_at -= limits.SETTINGS_LOG_EVERY
        assert (await ann.request("lobby_set", {"settings": {"seats": 4}}, check=False))["ok"]
        assert events(host, "settings")[-1]["unlogged"] == 7
    finally:
        await ann.close()


async def test_insecure_host_and_client_work_on_loopback_and_say_so(ctx):
    records: list[dict] = []
    host = Host("tcp://127.0.0.1:0", ctx=ctx, secure=False, log=records.append)
    await host.start()
    try:
        assert host.address == host.endpoint and any(r["event"] == "insecure" for r in records)
        c = Client(host.endpoint, "dbg", ctx=ctx, insecure=True)
        try:
            assert (await c.connect())["versions"] == [1]
        finally:
            await c.close()
    finally:
        await host.close()


async def test_silent_connections_are_dropped(ctx):
    records: list[dict] = []
    host = Host("tcp://127.0.0.1:0", ctx=ctx, log=records.append, handshake_ms=300, hello_seconds=0.3,
                idle_seconds=30.0)
    await host.start()
    port = int(host.endpoint.rsplit(":", 1)[1])
    try:
        # a TCP connection that never speaks ZMTP is cut by the handshake deadline
        s = socket.create_connection(("127.0.0.1", port))
        s.settimeout(3)
        assert s.recv(1024) is not None      # greeting bytes from the host, then EOF
        t0 = asyncio.get_running_loop().time()
        while s.recv(1024):
            pass
        assert asyncio.get_running_loop().time() - t0 < 2.5
        s.close()
        # a peer that sends something but never says hello is forgotten
        d = raw_dealer(ctx, host.address)
        await d.send(P.encode("join", {"table": "nope", "spectator": True}, 1))
        await recv_env(d)
        await wait_for(lambda: any(r.get("reason") == "no_hello" for r in records) or not host.sessions, 3,
                       what="the silent session to be dropped")
        assert not host.sessions
        d.close(0)
    finally:
        await host.close()


async def test_a_join_before_hello_is_refused_and_seats_nobody(host, ctx):
    """A stranger's client joined without a hello: its seat showed in every lobby of the
    table for 5 s, until the hello deadline dropped it."""
    ann = Client(host.address, "ann", ctx=ctx, ping_seconds=0.3)
    await ann.connect()
    await ann.join("t")
    d = raw_dealer(ctx, host.address)
    try:
        await d.send(P.encode("join", {"table": "t", "name": "eve"}, 1))
        reply = await recv_env(d)
        assert reply.type == "reply" and reply.body["ok"] is False and reply.body["code"] == "hello_first"
        assert [s.name for s in host.tables["t"].seats if s.session is not None] == ["ann"]
        await d.send(P.encode("ping", {}, 2))                  # a ping needs no hello
        assert (await recv_env(d)).body["ok"] is True
    finally:
        d.close(0)
        await ann.close()


async def test_the_hosts_own_player_sits_over_inproc_with_a_key_no_network_client_can_have(ctx):
    host = Host("tcp://127.0.0.1:0", ctx=ctx, local=True, ping_seconds=0.3)
    await host.start()
    assert host.local_endpoint.startswith("inproc://")
    seat = host.deal("mine", {**FAST, "seats": 2}, "ann", security.LOCAL_KEY)
    local = Client(host.local_endpoint, "ann", ctx=ctx, token=seat.token, ping_seconds=0.3)
    thief = Client(host.address, "eve", ctx=ctx, keypair=zmq.curve_keypair(), ping_seconds=0.3,
                   reconnect=False)
    try:
        assert not local.insecure                           # in process: nothing on any wire
        await local.connect()
        joined = await local.join("mine", token=seat.token)
        assert joined["resumed"] and joined["seat"] == "ann"
        assert host.tables["mine"].seat("ann").session.key == security.LOCAL_KEY
        await thief.connect()                               # over TCP, CURVE gives eve her own key
        with pytest.raises(RequestError) as info:
            await thief.join("mine", token=seat.token)
        assert info.value.code == "bad_token"
    finally:
        await local.close()
        await thief.close()
        await host.close()


async def test_a_host_without_the_local_door_refuses_frames_that_carry_no_key(host, ctx):
    # CURVE + ZAP give every TCP peer a key; a keyless frame is refused unless the host opened
    # its inproc endpoint for its own player
    assert not host.local_endpoint
    before = len(host.sessions)
    host.on_frames([b"\x00ident", P.encode("hello", {"versions": list(P.SUPPORTED)}, 1)], None)
    assert len(host.sessions) == before


def test_processes_making_the_first_key_at_once_all_get_one_key(tmp_path):
    """A host and a client started together by one user both make the first client key: each
    must start (no FileNotFoundError from the other's rename) and both must use the same key."""
    go = tmp_path / "go"
    code = ("import sys, time, pathlib\n"
            "from ekpeer.net.security import load_keypair\n"
            f"go = pathlib.Path({str(go)!r})\n"
            "end = time.monotonic() + 20\n"
            "while not go.exists() and time.monotonic() < end: time.sleep(0.001)\n"
            f"print(load_keypair('client', pathlib.Path({str(tmp_path)!r}))[0].decode())\n")
    procs = [subprocess.Popen([sys.executable, "-c", code], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                              text=True) for _ in range(8)]
    time.sleep(1.0)                       # every process imported ekpeer and waits
    go.touch()
    results = [p.communicate(timeout=30) for p in procs]
    assert all(p.returncode == 0 for p in procs), [err for _, err in results]
    keys = {out.strip() for out, _ in results}
    assert len(keys) == 1, keys
    assert not [f for f in (tmp_path / "keys").iterdir() if f.name != "client.json"]


def test_a_zap_handler_starts_while_a_stopped_one_still_holds_its_address():
    """A host restarted in process on the same context: the old ZAP socket's address is let go
    by zmq a moment after it stops; the new handler waits for it instead of failing."""
    import threading

    import zmq

    from ekpeer.net import security

    ctx = zmq.Context()
    try:
        holder = ctx.socket(zmq.REP)
        holder.bind("inproc://zeromq.zap.01")
        threading.Timer(0.2, lambda: holder.close(linger=0)).start()
        security.start_zap(ctx)
        security.stop_zap(ctx)
    finally:
        ctx.term()
