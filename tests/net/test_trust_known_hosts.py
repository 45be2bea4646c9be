"""Joining by an address that survives a shell, and never trusting a new key silently
(issues 13.4 and 14.7).

The old address carried a z85 key full of ``#``, ``$``, ``&`` and ``)``; ``HOST:PORT`` alone
was refused; a client trusted whatever key it was handed, so a look-alike host on the LAN
(another key, the same address or the same advertised name) was joined without a word.
Live hosts over loopback; the LAN ones use multicast on 127.0.0.1 where it works.
"""

from __future__ import annotations

import asyncio
import errno
import io
import re
import shlex
import stat
import sys
import time

import pytest
import zmq
import zmq.asyncio

from ekpeer.cli import main as ekpeer_main
from ekpeer.cli_trust import trusted_address
from ekpeer.net import security
from ekpeer.net.addresses import AddressError, fingerprint, join_command, parse
from ekpeer.net.client import Client, HostNotAnswering
from ekpeer.net.discovery import advertise, discover, hostname, multicast_works
from ekpeer.net.host import Host
from ekpeer.net.known_hosts import HostKeyChanged, KnownHosts, check_found

from .conftest import free_port

SHELL_SPECIAL = set("#$&()<>;|`'\"\\*?[]{}!~ \t\n")
FINGERPRINT = re.compile(r"^[a-z2-7]{4}-[a-z2-7]{4}-[a-z2-7]{4}-[a-z2-7]{4}$")


async def _host(ctx, bind: str, keypair=None, records=None) -> Host:
    """A host on ``bind``; a port a closed host just had is let go by ZeroMQ's I/O thread a
    moment after close() returns, so a rebind waits for it (at most 5 s)."""
    deadline = time.monotonic() + 5.0
    while True:
        host = Host(bind, ctx=ctx, keypair=keypair, log=records.append if records is not None else None)
        host.add_table("main", {"seats": 3})
        try:
            await host.start()
            return host
        except zmq.ZMQError as exc:
            await host.close()
            if exc.errno != errno.EADDRINUSE or time.monotonic() > deadline:
                raise
            await asyncio.sleep(0.05)


async def _hello(address: str, ctx, **kw) -> Client:
    client = Client(address, "ann", ctx=ctx, request_timeout=2.0, reconnect=False, **kw)
    await client.connect()
    return client


def test_the_address_is_shell_safe_and_the_old_form_still_works():
    pub, _ = zmq.curve_keypair()
    address = security.join_address("tcp://192.168.1.20:5555", pub)
    assert not SHELL_SPECIAL & set(address), address
    assert re.fullmatch(r"tcp://192\.168\.1\.20:5555/[a-z2-7]{58}", address)   # the key and its checksum
    endpoint = "tcp://192.168.1.20:5555"
    assert security.split_address(address) == (endpoint, pub)
    assert security.split_address(f"{endpoint}#{pub.decode()}") == (endpoint, pub)          # the old form
    assert security.split_address(address.upper().replace("TCP://", "")) == (endpoint, pub)
    assert parse("192.168.1.20:5555") == parse(endpoint) and parse(endpoint).key is None
    # a whole command line, pasted into a shell, comes out word for word
    line = join_command(address, table="friday night", name="Zoë's")
    assert shlex.split(line) == ["ekpeer", "join", address, "--table", "friday night", "--name", "Zoë's"]
    assert FINGERPRINT.match(fingerprint(pub))
    for bad in ("tcp://h:5555/tooshort", "tcp://h:notaport", "h", "udp://h:5555", address[:-1] + "!"):
        with pytest.raises(AddressError):
            parse(bad)


async def test_first_visit_is_remembered_and_host_port_alone_then_joins(ctx, tmp_path):
    records: list[dict] = []
    host = await _host(ctx, "tcp://127.0.0.1:0", records=records)
    hostport = host.endpoint.split("://")[1]
    clients = []
    try:
        listening = next(r for r in records if r["event"] == "listening")
        assert listening["fingerprint"] == fingerprint(host.public_key)           # shown by the host
        first = await _hello(host.address, ctx)
        clients.append(first)
        assert first.trust.fingerprint == fingerprint(host.public_key)
        known = KnownHosts()
        assert known.lookup(hostport) == host.public_key
        assert stat.S_IMODE(known.path.stat().st_mode) == 0o600
        again = await _hello(hostport, ctx)            # HOST:PORT alone: the key of the last visit
        clients.append(again)
        assert again.server_key == host.public_key and again.hello_reply["ok"]
        # the command line does the same, silently for a host it knows
        out = io.StringIO()
        assert trusted_address(hostport, out=out, discovery=False) == host.address
        assert out.getvalue() == ""
    finally:
        for c in clients:
            await c.close()
        await host.close()


async def test_another_key_at_a_known_address_is_refused_loudly_until_forgotten(ctx, capsys):
    port = free_port()
    bind = f"tcp://127.0.0.1:{port}"
    real = await _host(ctx, bind)
    real_key = real.public_key
    client = await _hello(real.address, ctx)
    await client.close()
    await real.close()
    # the same address, another key; a context of its own, as another process would have (the
    # first host's ZAP handler may still hold its inproc endpoint in ``ctx`` for a moment)
    fake_ctx = zmq.asyncio.Context()
    fake = await _host(fake_ctx, bind, keypair=zmq.curve_keypair())
    try:
        with pytest.raises(HostKeyChanged) as refused:
            Client(fake.address, "ann", ctx=ctx)
        words = str(refused.value)
        assert fingerprint(real_key) in words and fingerprint(fake.public_key) in words
        assert f"ekpeer forget-host 127.0.0.1:{port}" in words
        out = io.StringIO()
        assert trusted_address(fake.address, out=out, discovery=False) is None       # ekpeer join: refused
        assert "REFUSED" in out.getvalue()
        assert KnownHosts().lookup(f"127.0.0.1:{port}") == real_key                  # never replaced
        # the host's own screen confirms its new key: forget the old one, then it joins
        assert ekpeer_main(["forget-host", f"127.0.0.1:{port}"]) == 0
        assert "forgot" in capsys.readouterr().out
        client = await _hello(fake.address, ctx)
        await client.close()
        assert KnownHosts().lookup(f"127.0.0.1:{port}") == fake.public_key
    finally:
        await fake.close()
        fake_ctx.term()


async def test_a_known_host_whose_key_changed_joined_by_host_port_says_why_it_is_silent(ctx):
    """HOST:PORT alone takes the key of the last visit; a host with a new key never answers
    it (CurveZMQ has no error to give), so the client names that cause, with the way out."""
    port = free_port()
    bind = f"tcp://127.0.0.1:{port}"
    real = await _host(ctx, bind)
    old_key = real.public_key
    await (await _hello(real.address, ctx)).close()
    await real.close()
    new_ctx = zmq.asyncio.Context()
    # the same port at once: ZeroMQ lets a closed socket's port go in its I/O thread, a moment later
    reinstalled = await _host(new_ctx, bind, keypair=zmq.curve_keypair())
    # a silence noticed long before the request's own timeout: the first hello's deadline
    # still decides (no "reconnecting: host silent" for a host that never answered)
    client = Client(f"127.0.0.1:{port}", "ann", ctx=ctx, ping_seconds=0.1, silence_seconds=0.3,
                    request_timeout=5.0)
    try:
        started = time.monotonic()
        with pytest.raises(HostNotAnswering) as silent:
            await client.connect()
        assert time.monotonic() - started < 3
        words = str(silent.value)
        assert f"No answer from 127.0.0.1:{port}" in words and fingerprint(old_key) in words
        assert "its key changed" in words and f"ekpeer forget-host 127.0.0.1:{port}" in words
        # with no key remembered the words say what to check, without a fingerprint
        stranger = Client(f"tcp://127.0.0.1:{free_port()}/{'a' * 52}", "ann", ctx=ctx,
                          request_timeout=0.5, reconnect=False, known_hosts=None)
        with pytest.raises(HostNotAnswering, match="Is the host running"):
            await stranger.connect()
        await stranger.close()
    finally:
        await client.close()
        await reinstalled.close()
        new_ctx.term()


async def _lan_trust(*args, **kw):
    """``trusted_address`` as ``ekpeer join`` runs it: before any loop (so here in a thread)."""
    return await asyncio.to_thread(trusted_address, *args, **kw)


lan = pytest.mark.skipif(not multicast_works(), reason="multicast on loopback is blocked here")


@lan
async def test_a_key_found_only_on_the_lan_is_shown_and_asked_about_before_it_is_trusted(ctx):
    host = await _host(ctx, "tcp://127.0.0.1:0")
    adv = await advertise(host)
    hostport = host.endpoint.split("://")[1]
    client = None
    try:
        asked: list[str] = []
        out = io.StringIO()
        no = await _lan_trust(hostport, out=out, ask=lambda q: asked.append(q) or "n")
        assert no is None and asked, "a LAN key must be asked about"
        assert fingerprint(host.public_key) in out.getvalue() and "--trust" in out.getvalue()
        assert KnownHosts().lookup(hostport) is None                        # nothing remembered
        assert await _lan_trust(hostport, out=io.StringIO()) is None         # no terminal, no --trust: no
        out = io.StringIO()
        yes = await _lan_trust(hostport, out=out, ask=lambda q: "y")
        assert yes == host.address and fingerprint(host.public_key) in out.getvalue()
        known = KnownHosts()
        assert known.lookup(hostport) is None            # not before the host answered with the key
        await (await _hello(yes, ctx)).close()
        assert known.lookup(hostport) == host.public_key
        assert known.lookup(f"name:{hostname()}") == host.public_key        # and by its advertised name
        client = await _hello(hostport, ctx)                                # then HOST:PORT alone
    finally:
        if client is not None:
            await client.close()
        if adv is not None:
            await adv.close()
        await host.close()


@lan
async def test_a_look_alike_host_on_the_lan_is_refused_by_its_name(ctx):
    """A second host advertises itself under the same host name with another key: trusted
    nowhere, said loudly by ``ekpeer join`` and ``ekpeer list``."""
    real = await _host(ctx, "tcp://127.0.0.1:0")
    fake = await _host(ctx, "tcp://127.0.0.1:0", keypair=zmq.curve_keypair())
    advs = [await advertise(real), await advertise(fake)]
    try:
        out = io.StringIO()
        assert await _lan_trust(real.endpoint.split("://")[1], out=out, trust=True) == real.address
        await (await _hello(real.address, ctx)).close()             # remembered once it answered
        both = {real.endpoint, fake.endpoint}
        tables = await discover(4.0, until=lambda ts: {t.endpoint for t in ts} >= both)
        look_alike = next(t for t in tables if t.endpoint == fake.endpoint)
        assert look_alike.hostname == hostname()
        with pytest.raises(HostKeyChanged) as refused:
            check_found(look_alike)
        assert fingerprint(real.public_key) in str(refused.value)
        assert fingerprint(fake.public_key) in str(refused.value)
        out = io.StringIO()
        assert await _lan_trust(fake.endpoint.split("://")[1], out=out, trust=True) is None   # --trust too
        assert "REFUSED" in out.getvalue() and f"forget-host name:{hostname().lower()}" in out.getvalue()
        proc = await asyncio.create_subprocess_exec(
            sys.executable, "-m", "ekpeer.cli", "list", "--timeout", "3",
            stdout=asyncio.subprocess.PIPE)
        listed = (await asyncio.wait_for(proc.communicate(), 20))[0].decode()
        lines = {line.split()[0]: line for line in listed.splitlines() if line.strip()}
        assert "known key" in lines[real.address] and "KEY CHANGED" in lines[fake.address], listed
    finally:
        for adv in advs:
            if adv is not None:
                await adv.close()
        await real.close()
        await fake.close()
