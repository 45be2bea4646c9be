"""A look-alike on the LAN advertising the real host's address with another key (issue 26.2).

It won the race: ``ekpeer bot HOST:PORT --trust`` trusted its key and wrote it to known
hosts, for the address and for ``name:<host>``, before the host had proved anything, and
the real host was refused from then on. Now two keys advertised for one address (or one
instance name, a goodbye in between or not) are refused and said, and nothing is written
before the host at that address has answered the handshake with the key. A real host on
loopback; the look-alike is only an advertisement (it holds no host).
"""

from __future__ import annotations

import asyncio
import io
import sys

import pytest

from ekpeer.cli_trust import trusted_address
from ekpeer.net import discovery
from ekpeer.net.addresses import fingerprint
from ekpeer.net.client import Client, HostNotAnswering
from ekpeer.net.discovery import Browser, advertise, discover, multicast_works
from ekpeer.net.host import Host
from ekpeer.net.known_hosts import KeysContested, KnownHosts, check_found

from ._lan_fakes import LookAlike, fresh_key, props

pytestmark = pytest.mark.skipif(not multicast_works(), reason="multicast on loopback is blocked here")


async def _real(ctx, monkeypatch) -> tuple[Host, str, int]:
    monkeypatch.setattr(discovery, "hostname", lambda: "annslaptop")
    host = Host("tcp://127.0.0.1:0", ctx=ctx)
    host.add_table("main", {"seats": 3})
    await host.start()
    hostport = host.endpoint.split("://")[1]
    return host, hostport, int(hostport.rsplit(":", 1)[1])


def _nothing_stored(hostport: str) -> None:
    known = KnownHosts()
    assert known.lookup(hostport) is None and known.lookup("name:annslaptop") is None, \
        known.path.read_text() if known.path.exists() else ""


async def test_a_look_alike_that_wins_the_race_gets_nothing_stored(ctx, monkeypatch):
    """Only the look-alike is heard (the real host's advertisement came too late): the key is
    tried, the real host cannot answer for it, and known hosts never hear of it."""
    real, hostport, port = await _real(ctx, monkeypatch)
    impostor_key = fresh_key()
    fake = await LookAlike(f"main@annslaptop:{port}", port, props(impostor_key)).start()
    adv = None
    try:
        out = io.StringIO()
        address = await asyncio.to_thread(trusted_address, hostport, out=out, trust=True)  # bot --trust
        assert address is not None and fingerprint(impostor_key) in out.getvalue()
        _nothing_stored(hostport)                            # not on the LAN's word
        client = Client(address, "ann", ctx=ctx, request_timeout=1.5, reconnect=False)
        with pytest.raises(HostNotAnswering) as silent:
            await client.connect()
        assert "look-alike" in str(silent.value) and "Nothing was remembered" in str(silent.value)
        await client.close()
        _nothing_stored(hostport)                            # nor after a silence
        await fake.close()
        # the real host's own advertisement: trusted, and remembered once it has answered
        adv = await advertise(real)
        address = await asyncio.to_thread(trusted_address, hostport, out=io.StringIO(), trust=True)
        assert address == real.address
        client = Client(address, "ann", ctx=ctx, request_timeout=3.0, reconnect=False)
        await client.connect()
        await client.close()
        assert KnownHosts().lookup(hostport) == real.public_key
        assert KnownHosts().lookup("name:annslaptop") == real.public_key
    finally:
        await fake.close()
        if adv is not None:
            await adv.close()
        await real.close()


@pytest.mark.parametrize("same_instance", [False, True], ids=["another-name", "the-real-name"])
async def test_two_keys_advertised_for_one_address_are_refused_and_said(ctx, monkeypatch, same_instance):
    real, hostport, port = await _real(ctx, monkeypatch)
    adv = await advertise(real)
    assert adv is not None
    await _advertised(real)
    instance = next(iter(adv.services.values())).info.name if same_instance else f"main@elsewhere:{port}"
    impostor_key = fresh_key()
    fake = await LookAlike(instance, port, props(impostor_key)).start()
    try:
        out = io.StringIO()
        assert await asyncio.to_thread(trusted_address, hostport, out=out, trust=True) is None
        words = out.getvalue()
        assert "REFUSED" in words and "2 different keys" in words, words
        assert fingerprint(impostor_key) in words and fingerprint(real.public_key) in words
        _nothing_stored(hostport)
        # the start screen and ekpeer list refuse it too (check_found)
        tables = await discover(5.0, until=lambda ts: any(t.endpoint == real.endpoint and t.rival_keys
                                                          for t in ts))
        found = next(t for t in tables if t.endpoint == real.endpoint)
        with pytest.raises(KeysContested):
            check_found(found)
        if not same_instance:           # ekpeer list says so too
            proc = await asyncio.create_subprocess_exec(
                sys.executable, "-m", "ekpeer.cli", "list", "--timeout", "3", stdout=asyncio.subprocess.PIPE)
            listed = (await asyncio.wait_for(proc.communicate(), 20))[0].decode()
            ours = [line for line in listed.splitlines() if f"127.0.0.1:{port}/" in line]
            assert ours and all("TWO KEYS" in line for line in ours), listed
    finally:
        await fake.close()
        await adv.close()
        await real.close()


async def _advertised(host: Host) -> None:
    """The real table is heard on the LAN (before the look-alike starts)."""
    tables = await discover(5.0, until=lambda ts: any(t.endpoint == host.endpoint for t in ts))
    assert any(t.endpoint == host.endpoint for t in tables)


async def test_a_spoofed_goodbye_then_the_look_alike_is_still_two_keys(ctx, monkeypatch):
    """The start screen's browser saw the real table; a goodbye for it in the real host's name,
    then the look-alike under the same instance name: refused, not a clean new table."""
    real, hostport, port = await _real(ctx, monkeypatch)
    adv = await advertise(real)
    assert adv is not None
    fake = LookAlike("", port, props(fresh_key()))
    browser = Browser()
    await browser.start()
    try:
        await browser.wait(5.0, until=lambda ts: any(t.endpoint == real.endpoint for t in ts))
        entry = next(iter(adv.services.values())).info
        await fake.goodbye(entry.name, port, entry.server)  # "gone", said in the real host's name
        await browser.wait(5.0, until=lambda ts: not any(t.endpoint == real.endpoint for t in ts))
        assert not any(t.endpoint == real.endpoint for t in browser.tables), "the goodbye was not heard"
        fake.instance = entry.name
        await fake.start()
        tables = await browser.wait(5.0, until=lambda ts: any(t.endpoint == real.endpoint for t in ts))
        found = next(t for t in tables if t.endpoint == real.endpoint)
        assert {found.key, *found.rival_keys} == {fake.properties["key"], real.public_key.decode()}
        with pytest.raises(KeysContested):
            check_found(found)
        _nothing_stored(hostport)
    finally:
        await browser.close()
        await fake.close()
        await adv.close()
        await real.close()


def test_two_machines_that_each_advertise_loopback_are_not_one_host_with_two_keys():
    """Every host lists 127.0.0.1 last among its addresses (for clients on its own machine):
    two hosts on two machines, both on port 5555, are two places, not rivals. Found by the
    README's own LAN evening (tests/lab/test_readme.py), where the server's tables and the
    host's were refused as 'two keys for 10.213.0.1:5555'. A key claimed for the same LAN
    address is still a rival."""
    from ekpeer.net.discovery import Found

    def seen(name: str, address: str, key: str) -> Found:
        return Found(name=name, table=name.split("@")[0], title=name, endpoint=f"tcp://{address}:5555",
                     key=key, addresses=[address, "127.0.0.1"])

    browser = Browser()
    ann, server, look_alike = fresh_key(), fresh_key(), fresh_key()
    main = seen("main@annslaptop", "10.213.0.1", ann)
    base = seen("base@server", "10.213.0.14", server)
    browser._saw(main.name, main)
    browser.found[main.name] = main
    browser._saw(base.name, base)
    browser.found[base.name] = base
    assert main.rival_keys == [] and base.rival_keys == []
    fake = seen("other@elsewhere", "10.213.0.1", look_alike)
    browser._saw(fake.name, fake)
    assert main.rival_keys == [look_alike] and fake.rival_keys == [ann]
