"""Issue 14.2: nothing a client sends makes the host keep or repeat more than a budget.

Settings are checked against one schema (known keys, types, bounds, installed names, each
once); tables made per client key and per remote address are capped; ``hello`` lists a
page of small summaries; and a peer that does not read what it is sent is cut before the
host queues more than a byte budget for it. The crowd in each test comes from its own
loopback address, as another machine would; keys are free, so it brings many."""

from __future__ import annotations

import zmq

from ekpeer.net import protocol as P
from ekpeer.net.client import Client
from ekpeer.net.host import Host

from ._trust import ask, peer
from .conftest import FAST, wait_for

TABLES_PER_KEY, TABLES_PER_ADDRESS = 8, 32      # the defaults docs/security.md gives


async def _creator(ctx, host: Host, table: str, source: str = "127.0.0.1", keypair=None):
    sock = peer(ctx, host, source, keypair=keypair or zmq.curve_keypair())
    await ask(sock, "hello", {"versions": [1]}, 1)
    reply = await ask(sock, "join", {"table": table, "name": "maker"}, 2)
    return sock, reply


async def test_settings_are_checked_against_one_schema(host, ctx):
    sock, joined = await _creator(ctx, host, "schema")
    try:
        assert joined["ok"]
        bad = [
            {"expansions": ["base", "zombie"], "variants": ["zombie.faster"] * 3000},   # one name, 3000 times
            {"expansions": ["base", "zombie"], "variants": ["zombie.faster", "zombie.faster"]},
            {"expansions": ["base"] * 17},
            {"expansions": ["base", "base"]},
            {"colour": "red"},                                                      # no such setting
            {"expansions": ["base", "party"], "options": {"custom": {"note": "x" * 30000}}},
            {"expansions": ["base", "party"], "options": {"custom": {"random_cards": 10**9}}},
            {"expansions": ["base", "party"], "options": {"custom": {"picks": {}}}},
            {"options": {"other": 1}},
            {"password": "bell\x07"},
            {"deck": "d" * 5000},
            {"turn_seconds": float("nan")},
        ]
        for i, settings in enumerate(bad, start=10):
            reply = await ask(sock, "lobby_set", {"settings": settings}, i)
            assert reply["code"] == "bad_settings", (settings if len(repr(settings)) < 200 else i, reply)
            assert len(reply["message"]) < 600                # an error never echoes a client's list
        table = host.tables["schema"]
        assert table.settings["variants"] == [] and table.settings["options"] == {}
        good = {"expansions": ["base", "zombie"], "variants": ["zombie.faster"], "seats": 3,
                "options": None}
        assert (await ask(sock, "lobby_set", {"settings": good}, 40))["ok"]
        assert table.settings["variants"] == ["zombie.faster"]
    finally:
        sock.close(0)


async def test_a_crowd_of_keys_cannot_push_hello_past_a_clients_frame_limit(host, ctx):
    # each key makes a table and stuffs its settings as full as a frame allows; a new player
    # must still be able to say hello (the client takes host frames up to 4 MiB)
    stuffing = {"expansions": ["base", "party"], "options": {"custom": {"note": "x" * 60000}}}
    socks = []
    made = 0
    try:
        for i in range(80):
            sock, joined = await _creator(ctx, host, f"stuffed-{i}", "127.0.0.13")
            socks.append(sock)
            if joined.get("ok"):
                made += 1
                await ask(sock, "lobby_set", {"settings": stuffing}, 3)
            else:
                assert joined["code"] == "host_full"
        sizes: list[int] = []
        ann = Client(host.address, "ann", ctx=ctx, keypair=zmq.curve_keypair(), request_timeout=3.0,
                     raw_hook=lambda frame: sizes.append(len(frame)))
        try:
            hello = await ann.connect()
            assert made == TABLES_PER_ADDRESS
            assert hello["table_count"] == made and len(hello["tables"]) == hello["page_size"] == 20
            assert max(sizes) < P.MAX_CLIENT_FRAME
            rest = (await ann.request("hello", {"versions": [1], "page": 1}))["tables"]
            assert len(rest) == made - 20
            assert all(len(repr(t)) < 1000 for t in hello["tables"] + rest)
        finally:
            await ann.close()
    finally:
        for s in socks:
            s.close(0)


async def test_tables_made_by_one_key_are_capped(host, ctx):
    key = zmq.curve_keypair()
    socks = []
    try:
        codes = []
        for i in range(TABLES_PER_KEY + 1):
            sock, joined = await _creator(ctx, host, f"mine-{i}", "127.0.0.15", keypair=key)
            socks.append(sock)
            codes.append(joined.get("code", "ok"))
        assert codes == ["ok"] * TABLES_PER_KEY + ["host_full"]
        assert (await ask(socks[0], "leave", {}, 3))["ok"]   # one maker leaves: its table goes...
        assert "mine-0" not in host.tables
        sock, joined = await _creator(ctx, host, "mine-again", "127.0.0.15", keypair=key)
        socks.append(sock)
        assert joined["ok"]                                 # ...and another may be made
    finally:
        for s in socks:
            s.close(0)


async def test_a_peer_that_does_not_read_is_cut_before_the_host_queues_more(ctx):
    records: list[dict] = []
    budget = 1 << 20            # 4 MiB by default; the client acknowledges every 256 KiB it reads
    host = Host("tcp://127.0.0.1:0", ctx=ctx, log=records.append, unread_per_peer=budget, idle_seconds=30.0)
    await host.start()
    everything = ["base", "imploding", "party", "streaking", "zombie"]     # a big lobby message
    host.add_table("busy", {**FAST, "seats": 3, "expansions": everything}, autostart=False)
    ann = Client(host.address, "ann", ctx=ctx, keypair=zmq.curve_keypair(), ping_seconds=0.2)
    deaf = peer(ctx, host, "127.0.0.14", rcvhwm=1)
    try:
        await ann.connect()
        await ann.join("busy")
        await ask(deaf, "hello", {"versions": [1]}, 1)
        assert (await ask(deaf, "join", {"table": "busy", "name": "deaf"}, 2))["ok"]
        # from here on the deaf peer reads nothing; ann's every move is broadcast to it
        for i in range(200):
            await ann.ready(i % 2 == 0)
            if any(r["event"] == "unread_dropped" for r in records):
                break
        dropped = [r for r in records if r["event"] == "unread_dropped"]
        assert [r["address"] for r in dropped] == ["127.0.0.14"] and dropped[0]["unread"] > budget
        assert dropped[0]["unread"] < budget + 64 * 1024           # not one frame more than that
        table = host.tables["busy"]
        await wait_for(lambda: table.seat("deaf") is None, 3, what="the deaf seat to go")
        assert table.seat("ann").session is not None              # the reader stays
        assert host.unread.get("127.0.0.14", 0) == 0
        # cut on the host's side (the deaf peer itself reads nothing, not even that)
        await wait_for(lambda: all(c.address != "127.0.0.14" for c in host.gate.conns.values()), 3,
                       what="the deaf connection to be cut")
    finally:
        deaf.close(0)
        await ann.close()
        await host.close()
