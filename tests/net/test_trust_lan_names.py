"""What a table advertises on the LAN never writes the known-hosts file's structure, and
never reaches a terminal raw (issue 26.3, 26.4).

A look-alike's advertised host name ``annslaptop KEY`` made the old space-separated file
gain a line read as ``name:annslaptop KEY``: the real annslaptop then showed as "KEY
CHANGED". An instance name with U+202E and U+009B (and no ``host`` property) went raw into
``ekpeer bot``'s stderr, the start screen's notice and the file. Live hosts on loopback,
advertised by multicast DNS on 127.0.0.1.
"""

from __future__ import annotations

import asyncio
import io
import json

import pytest
import zmq

from ekpeer.cli_trust import trusted_address
from ekpeer.net import discovery
from ekpeer.net.addresses import AddressError, encode_key, fingerprint
from ekpeer.net.client import Client
from ekpeer.net.discovery import advertise, discover, multicast_works
from ekpeer.net.host import Host
from ekpeer.net.known_hosts import HEADER, NOT_READ, KnownHosts, check_found

from ._lan_fakes import LookAlike, props

lan = pytest.mark.skipif(not multicast_works(), reason="multicast on loopback is blocked here")
CONTROLS = "\u202e\u009b\x1b"


async def _host(ctx, keypair=None) -> Host:
    host = Host("tcp://127.0.0.1:0", ctx=ctx, keypair=keypair)
    host.add_table("main", {"seats": 3})
    await host.start()
    return host


def _hostport(host: Host) -> str:
    return host.endpoint.split("://")[1]


def _port(host: Host) -> int:
    return int(host.endpoint.rsplit(":", 1)[1])


async def _hello(address: str, ctx) -> None:
    client = Client(address, "ann", ctx=ctx, request_timeout=3.0, reconnect=False)
    try:
        await client.connect()
    finally:
        await client.close()


async def _lan_trust(*args, **kw):
    """``trusted_address`` as ``ekpeer bot``/``ekpeer join`` run it: before any loop."""
    return await asyncio.to_thread(trusted_address, *args, **kw)


def _hosts_lines(known: KnownHosts) -> list[dict]:
    """Every line of the file that is not a comment, each one JSON object (or the test fails)."""
    text = known.path.read_text(encoding="utf-8")
    return [json.loads(line) for line in text.splitlines() if line.strip() and not line.startswith("#")]


@lan
async def test_a_host_name_with_a_space_and_a_key_never_becomes_a_known_host(ctx, monkeypatch):
    monkeypatch.setattr(discovery, "hostname", lambda: "annslaptop")
    real = await _host(ctx)
    fake = await _host(ctx, keypair=zmq.curve_keypair())
    adv = await advertise(real)
    # the look-alike's own table (a first visit to it is fair), advertising a host name that
    # the old file format split into a name and a key of its choosing
    evil = await LookAlike(f"main@evil:{_port(fake)}", _port(fake),
                           props(fake.public_key, host=f"annslaptop {encode_key(fake.public_key)}")).start()
    try:
        out = io.StringIO()
        address = await _lan_trust(_hostport(fake), out=out, trust=True)
        assert address is not None, out.getvalue()
        await _hello(address, ctx)
        known = KnownHosts()
        lines = _hosts_lines(known)
        assert [line["who"] for line in lines] == [_hostport(fake)], lines
        assert set(lines[0]) == {"who", "key", "since"}
        assert known.lookup("name:annslaptop") is None
        # the real annslaptop is a host never seen, not a changed key
        tables = await discover(5.0, until=lambda ts: any(t.endpoint == real.endpoint for t in ts))
        found = next(t for t in tables if t.endpoint == real.endpoint)
        assert found.hostname == "annslaptop"
        assert check_found(found, known).status == "new"
        with pytest.raises(AddressError):                         # and never stored by any door
            known.remember("127.0.0.1:1", fake.public_key, names=["annslaptop KEY"])
        with pytest.raises(AddressError):
            known.check("127.0.0.1:1", fake.public_key, names=["annslaptop KEY"])
        assert len(_hosts_lines(known)) == 1
    finally:
        await evil.close()
        if adv is not None:
            await adv.close()
        await real.close()
        await fake.close()


async def test_a_file_in_the_first_format_is_read_and_rewritten_as_json(ctx):
    """Old files still join their hosts; a line the old reader would have split wrongly (a
    name with a space and a key) is kept as a quoted comment, never read as a host."""
    real = await _host(ctx)
    other = zmq.curve_keypair()[0]
    known = KnownHosts()
    known.path.parent.mkdir(parents=True, exist_ok=True)
    injected = f"name:annslaptop {encode_key(other)} {encode_key(real.public_key)} 2025-05-02"
    known.path.write_text(
        "# ekpeer known hosts: the key of each host this client has played with.\n"
        "# HOST:PORT or name:HOST, the key (base32), the day it was first trusted.\n"
        f"{_hostport(real)} {encode_key(real.public_key)} 2025-05-01\n"
        f"{injected}\n"
        "name:ann\u202elaptop " + encode_key(other) + " 2025-05-02\n", encoding="utf-8")
    try:
        await _hello(_hostport(real), ctx)                     # HOST:PORT alone: the old line's key
        assert known.entries() == {_hostport(real): real.public_key}
        text = known.path.read_text(encoding="utf-8")
        assert text.startswith(HEADER) and "\u202e" not in text and text.isascii()
        lines = _hosts_lines(known)
        assert lines == [{"who": _hostport(real), "key": encode_key(real.public_key), "since": "2025-05-01"}]
        kept = [line for line in text.splitlines() if line.startswith(NOT_READ)]
        assert len(kept) == 2 and json.loads(kept[0][len(NOT_READ):]) == injected
        assert known.lookup("name:annslaptop") is None
    finally:
        await real.close()


@lan
async def test_control_characters_in_an_instance_name_reach_no_terminal_and_no_file(ctx):
    fake = await _host(ctx, keypair=zmq.curve_keypair())
    # no "host" property: the name comes from the instance name, controls and all
    evil = await LookAlike(f"main@ann{CONTROLS[0]}laptop{CONTROLS[1]}[2J:{_port(fake)}", _port(fake),
                           props(fake.public_key, host=None)).start()
    try:
        tables = await discover(5.0, until=lambda ts: any(t.endpoint == fake.endpoint for t in ts))
        found = next(t for t in tables if t.endpoint == fake.endpoint)
        assert not set(CONTROLS) & set(found.name) and found.name.isprintable()
        assert found.hostname == ""                          # no host name: none is used
        notice = check_found(found).words()                  # the start screen's trust notice
        assert notice.isprintable() and fingerprint(fake.public_key) in notice
        out = io.StringIO()                                  # ekpeer bot's stderr
        address = await _lan_trust(_hostport(fake), out=out, trust=True)
        assert address is not None and out.getvalue().replace("\n", "").isprintable(), out.getvalue()
        await _hello(address, ctx)
        text = KnownHosts().path.read_text(encoding="utf-8")
        assert text.isascii() and [line["who"] for line in _hosts_lines(KnownHosts())] == [_hostport(fake)]
    finally:
        await evil.close()
        await fake.close()


def test_an_advertised_host_name_counts_only_if_it_is_one():
    from ekpeer.net.discovery import advertised_hostname, shown_name

    assert advertised_hostname("AnnsLaptop.local.") == "AnnsLaptop"       # its case kept for showing
    assert advertised_hostname("ann-laptop_2") == "ann-laptop_2"
    for bad in ("annslaptop KEY", "ann\u202elaptop", "ann\x9b[2J", 'ann"laptop', "a" * 64, "---", ""):
        assert advertised_hostname(bad) == "", bad
    assert shown_name("main@ann\u202e\x9b:1", 8) == "main@ann" and shown_name("x\x1by").isprintable()


def test_forgetting_a_host_forgets_its_name_trusted_with_the_same_key(tmp_path):
    """A stranger ran `ekpeer forget-host HOST:PORT` as the refusal said, and was refused
    again: the name the host advertised still held the old key (a second forget-host, never
    documented). Forgetting a host forgets every entry of the key it had; another host's
    entries stay."""
    import zmq

    from ekpeer.net.known_hosts import KnownHosts

    old, other = zmq.curve_keypair()[0], zmq.curve_keypair()[0]
    known = KnownHosts(tmp_path / "known_hosts")
    known.remember("192.0.2.2:5555", old, ["vm"])
    known.remember("192.0.2.9:5555", other, ["den"])
    gone = known.forget("192.0.2.2:5555")
    assert sorted(g.split()[0] for g in gone) == ["192.0.2.2:5555", "name:vm"]
    assert set(known.entries()) == {"192.0.2.9:5555", "name:den"}
