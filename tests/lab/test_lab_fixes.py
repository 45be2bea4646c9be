"""What the LAN lab found, pinned down where it lives (these need no lab: loopback and objects).

- A multi-homed host (a second link, a VPN, a docker bridge) advertises every address it has;
  a player must connect to the one on its own network, not whichever came first.
- A client pings at least as often as the host asks in its hello reply (``ping_seconds``),
  so a host with a short ``--idle`` does not drop quiet players, and notices a cut-off one
  (and tells the others) within seconds.
- A host resumed from its journal (``--resume``) gives reconnecting players the game's recent
  history in their snapshot, as the crashed host would have, not only the last move's events.
"""

from __future__ import annotations

import asyncio
import ipaddress
import time

import zmq
import zmq.asyncio
from ports import free_port as _free_port

from ekpeer.net import discovery, security
from ekpeer.net.client import SILENCE, Client
from ekpeer.net.host import Host
from ekpeer.net.journal import Journal

KEY = zmq.curve_keypair()[0]
NETS = [ipaddress.ip_network("10.213.0.0/24"), ipaddress.ip_network("127.0.0.0/8")]


def test_the_address_on_the_players_own_network_comes_first():
    ranked = discovery.rank_addresses(["127.0.0.1", "10.213.1.1", "10.213.0.1"], NETS)
    assert ranked == ["10.213.0.1", "10.213.1.1", "127.0.0.1"]
    # on no network of ours: the order advertised, loopback still last
    assert discovery.rank_addresses(["127.0.0.1", "192.0.2.7", "198.51.100.3"], NETS) == \
        ["192.0.2.7", "198.51.100.3", "127.0.0.1"]


class _Info:
    """A resolved service as python-zeroconf gives it (what found_from reads)."""

    name = "lab@host:5555._ekpeer._tcp.local."
    port = 5555
    decoded_properties = {"table": "lab", "title": "Lab", "key": KEY.decode(), "phase": "lobby", "seats": "3",
                          "free": "3"}

    def parsed_addresses(self):
        return ["10.213.1.1", "10.213.0.1", "127.0.0.1"]


def test_a_found_table_is_joined_on_the_address_this_machine_reaches():
    found = discovery.found_from(_Info(), NETS)
    assert found is not None
    assert found.endpoint == "tcp://10.213.0.1:5555"
    assert found.address == security.join_address("tcp://10.213.0.1:5555", KEY)
    assert found.addresses == ["10.213.0.1", "10.213.1.1", "127.0.0.1"]
    assert found.as_dict()["addresses"] == found.addresses        # `ekpeer list --json` shows them all


async def test_a_client_pings_as_often_as_the_host_asks():
    ctx = zmq.asyncio.Context()
    host = Host("tcp://127.0.0.1:0", ctx=ctx, ping_seconds=0.2, idle_seconds=0.8)
    await host.start()
    client = Client(host.address, "ann", ctx=ctx)          # pings every 1 s unless told otherwise
    try:
        await client.connect()
        assert client.ping_seconds == 0.2 and client.silence_seconds == SILENCE
        await client.join("t")
        await asyncio.sleep(1.6)                            # twice the host's idle time
        assert [s for s in host.sessions.values() if s.seat is not None], "the quiet client was dropped"
        for asked in (True, "1", 0.0, float("nan"), 10.0):  # nothing odd, and never slower
            client._adopt_ping(asked)
        assert client.ping_seconds == 0.2
    finally:
        await client.close()
        await host.close()
        ctx.destroy(linger=0)


async def test_a_resumed_host_keeps_the_games_recent_history(tmp_path):
    ctx = zmq.asyncio.Context()
    bind = f"tcp://127.0.0.1:{_free_port()}"
    first = Host(bind, ctx=ctx, seed=5, journal=Journal(tmp_path))
    await first.start()
    second = None
    try:
        settings = {"seats": 3, "reaction_seconds": 0.01, "turn_seconds": 5.0, "grace_seconds": 5.0}
        seat = first.deal("t", settings, "ann", None)
        table = first.tables["t"]
        seat.takeover = True                  # a bot plays ann's seat too: the game runs by itself
        table.schedule()
        deadline = time.monotonic() + 10
        while len(table.game.log) < 12 and not table.game.over and time.monotonic() < deadline:
            await asyncio.sleep(0.005)
        table.stop()                          # frozen here, as a kill -9 would leave it
        assert not table.game.over and len(table.game.log) >= 12
        await first.journal_sync.close()
        second = Host(bind, ctx=ctx, seed=6, journal=Journal(tmp_path))
        second.loop = asyncio.get_running_loop()
        assert second.restore() == ["t"]
        back = second.tables["t"]
        assert back.game.snapshot() == table.game.snapshot()
        assert list(back.history) == list(table.history), "the resumed table lost the game's history"
    finally:
        if second is not None:
            for t in second.tables.values():
                t.stop()
        await first.close()
        ctx.destroy(linger=0)
