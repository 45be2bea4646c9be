"""LAN discovery on loopback: a host advertises its tables, a browser, `ekpeer list` and the
start screen find them. Multicast stays on 127.0.0.1 (tests/conftest.py)."""

from __future__ import annotations

import asyncio
import json
import signal
import subprocess
import time

import pytest

from ekpeer.net import discovery
from ekpeer.net.discovery import (
    SERVICE,
    Advertiser,
    Browser,
    advertise,
    discover,
    instance_name,
    multicast_works,
)
from ekpeer.net.host import Host

from .conftest import EKPEER, env_for_subprocess, free_port


@pytest.fixture(scope="module", autouse=True)
def multicast():
    if not multicast_works():
        pytest.skip("multicast on the loopback interface is blocked in this environment "
                    "(checked by sending a datagram to 224.0.0.251 via 127.0.0.1): LAN discovery "
                    "cannot be tested here; joining by address is unaffected")


async def test_a_client_finds_the_table_within_two_seconds_and_follows_its_changes(ctx):
    records: list[dict] = []
    host = Host("tcp://127.0.0.1:0", ctx=ctx, log=records.append)
    host.add_table("friday", {"seats": 3, "expansions": ["base"]}, title="Friday night")
    started = time.monotonic()
    await host.start()
    adv = await advertise(host)
    assert adv is not None
    try:
        async with Browser() as browser:
            tables = await browser.wait(4.0, until=lambda ts: any(t.table == "friday" for t in ts))
            elapsed = time.monotonic() - started
            mine = [t for t in tables if t.endpoint == host.endpoint]
            assert mine, f"nothing found after {elapsed:.2f}s"
            assert elapsed < 2.0, f"found after {elapsed:.2f}s"
            t = mine[0]
            assert (t.table, t.title, t.phase, t.seats, t.free) == ("friday", "Friday night", "lobby", 3, 3)
            assert t.expansions == ["base"] and t.plugins[0].startswith("base=")
            # The host's public key (once the host has one) travels too: the address is tcp://H:P#KEY.
            assert t.key == discovery.host_key(host)
            assert t.address == getattr(host, "address", host.endpoint)
            assert any(r["event"] == "advertised" for r in records)

            # A new table appears, a removed one goes.
            extra = host.add_table("second", {"seats": 2})
            await browser.wait(4.0, until=lambda ts: any(x.table == "second" for x in ts))
            host.remove_table(extra)
            tables = await browser.wait(4.0, until=lambda ts: not any(x.table == "second" for x in ts))
            assert [x.table for x in tables if x.endpoint == host.endpoint] == ["friday"]
    finally:
        await adv.close()
        await host.close()


async def test_seats_taken_are_re_announced(ctx):
    from ekpeer.net.client import Client

    host = Host("tcp://127.0.0.1:0", ctx=ctx)
    host.add_table("t", {"seats": 2})
    await host.start()
    adv = Advertiser(host, interval=0.1)
    await adv.start()
    client = Client(getattr(host, "address", host.endpoint), "ann", ctx=ctx)
    try:
        async with Browser() as browser:
            await browser.wait(4.0, until=lambda ts: any(x.endpoint == host.endpoint for x in ts))
            await client.connect()
            await client.join("t")
            tables = await browser.wait(4.0, until=lambda ts: any(
                x.endpoint == host.endpoint and x.free == 1 for x in ts))
            t = next(x for x in tables if x.endpoint == host.endpoint)
            assert (t.taken, t.free, t.seats) == (1, 1, 2)
    finally:
        await client.close()
        await adv.close()
        await host.close()


def test_host_key_is_advertised_when_the_host_has_one():
    class Fake:
        keypair = (b"P" * 40, b"S" * 40)

    assert discovery.host_key(Fake()) == "P" * 40      # the public half only
    assert discovery.host_key(object()) == ""
    assert len(instance_name("x" * 80, 5555, "host").encode()) <= 63


CONFIG = """
name = "LAN table"
[table]
expansions = ["base"]
seats = 3
"""


def test_ekpeer_list_prints_a_headless_hosts_table(tmp_path):
    cfg = tmp_path / "lan.toml"
    cfg.write_text(CONFIG)
    endpoint = f"tcp://127.0.0.1:{free_port()}"
    env = env_for_subprocess()
    host = subprocess.Popen([*EKPEER, "host", "--headless", "--bind", endpoint, "--config", str(cfg)],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env)
    try:
        assert host.stdout is not None
        deadline = time.monotonic() + 15
        advertised = False
        while time.monotonic() < deadline and not advertised:
            line = host.stdout.readline()
            if not line:
                break
            advertised = json.loads(line).get("event") == "advertised"
        assert advertised, "the headless host never said it advertised its table"
        out = subprocess.run([*EKPEER, "list", "--timeout", "3"], capture_output=True, text=True,
                             timeout=20, env=env)
        assert out.returncode == 0, out.stderr
        line = next((ln for ln in out.stdout.splitlines() if ln.startswith(endpoint)), None)
        assert line is not None, out.stdout + out.stderr
        assert "lan" in line and "'LAN table'" in line and "3/3 free" in line and "base" in line
        js = subprocess.run([*EKPEER, "list", "--timeout", "3", "--json"], capture_output=True, text=True,
                            timeout=20, env=env)
        rows = [json.loads(x) for x in js.stdout.splitlines()]
        assert any(r["endpoint"] == endpoint and r["table"] == "lan" for r in rows)
    finally:
        host.send_signal(signal.SIGTERM)
        host.communicate(timeout=10)
    assert host.returncode == 0


def test_no_discovery_advertises_nothing(tmp_path):
    cfg = tmp_path / "quiet.toml"
    cfg.write_text(CONFIG)
    endpoint = f"tcp://127.0.0.1:{free_port()}"
    host = subprocess.Popen([*EKPEER, "host", "--headless", "--no-discovery", "--bind", endpoint,
                             "--config", str(cfg)], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            text=True, env=env_for_subprocess())
    try:
        found = asyncio.run(discover(2.0, until=lambda ts: any(t.endpoint == endpoint for t in ts)))
        assert not any(t.endpoint == endpoint for t in found)
    finally:
        host.send_signal(signal.SIGTERM)
        out, _ = host.communicate(timeout=10)
    events = [json.loads(x)["event"] for x in out.splitlines() if x.strip()]
    assert "listening" in events and "advertised" not in events
    assert SERVICE == "_ekpeer._tcp.local."
