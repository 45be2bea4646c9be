"""A lobby on a lagged LAN: a player's link stalls past the host's ``--idle`` (a 6 s stall on
the link, 5 s by default), the host drops the connection, and the client reconnects with its
seat's token. The host had taken the seat out of the lobby and refused the token, and the
player was left at a banner saying their seat was gone, though joining again by name would
have seated them at once. Now they are simply back where they sat, and both their screen and
the others' say in words that their connection dropped and they are back. The real host in
this process, the app joined as ``ekpeer join --table NAME`` does, the others through the
client library."""

from __future__ import annotations

from contextlib import asynccontextmanager

import zmq.asyncio
from ports import free_port

from ekpeer.net.client import Client
from ekpeer.net.host import Host
from ekpeer.tui.screens.lobby import LobbyScreen
from tests.net._stall import Stall

from .conftest import settle, until
from .test_lobby_leaving import _app, _in_lobby
from .test_lobby_password import notes


@asynccontextmanager
async def lobby_with(app_name: str, others: tuple[str, ...]):
    """``app_name``'s app at ``sat`` (80x24) after ``others`` (library clients, the first made
    the table), on a real host that drops a connection silent for 1 s: (app, pilot, host, clients)."""
    ctx = zmq.asyncio.Context()
    host = Host(f"tcp://127.0.0.1:{free_port()}", ctx=ctx, seed=5, think=(0.0, 0.0),
                ping_seconds=0.2, idle_seconds=1.0)
    await host.start()
    clients = [Client(host.address, who, ctx=ctx, keypair=zmq.curve_keypair(), ping_seconds=0.2,
                      silence_seconds=1.5, known_hosts=None) for who in others]
    try:
        for c in clients:
            await c.connect()
            await c.join("sat", create=True)
        await clients[0].lobby_set(seats=4)
        app = _app(host, app_name, "sat", create=False)
        async with app.run_test(size=(80, 24)) as pilot:
            await _in_lobby(pilot, app)
            await until(pilot, lambda: len(app.lobby.get("seats", [])) == len(others) + 1, 5,
                        "everyone seated")
            yield app, pilot, host, clients
    finally:
        for c in clients:
            await c.close()
        await host.close()
        ctx.destroy(linger=0)


def _seated(app) -> list[str]:
    return [s["name"] for s in app.lobby.get("seats", [])]


async def test_a_stalled_link_is_back_in_its_lobby_seat_and_says_so():
    async with lobby_with("kim", ("jon", "lee")) as (app, pilot, host, _clients):
        table = host.tables["sat"]
        await pilot.press("r")                                  # kim is ready
        await until(pilot, lambda: table.seat("kim").ready, 5, "kim ready")
        stall = Stall(app.session.client)
        stall.start()
        await until(pilot, lambda: table.seat("kim") is None, 6, "the host to drop kim")
        await settle(pilot, 10)                                 # the stall goes on a while
        stall.end()
        await until(pilot, lambda: table.seat("kim") is not None and table.seat("kim").session is not None,
                    10, "kim back at the table")
        said = "Your connection to the host dropped; back after"
        await until(pilot, lambda: any(n.startswith(said) for n in notes(app)), 5, "kim told")
        await settle(pilot, 4)
        assert [s.name for s in table.seats] == ["jon", "lee", "kim"] and table.seat("kim").ready
        assert isinstance(app.screen, LobbyScreen), app.screen        # no banner: her seat is there
        assert _seated(app) == ["jon", "lee", "kim"]
        assert not any("seat" in n and "gone" in n for n in notes(app)), notes(app)


async def test_the_others_read_that_a_stalled_player_dropped_and_is_back():
    async with lobby_with("pia", ("jon", "kim", "lee")) as (app, pilot, host, clients):
        table = host.tables["sat"]
        stall = Stall(clients[1])                               # kim's link stalls
        stall.start()
        await until(pilot, lambda: "kim" not in _seated(app), 6, "the host to drop kim")
        stall.end()
        await until(pilot, lambda: _seated(app) == ["jon", "kim", "lee", "pia"], 10, "kim back in her seat")
        said = [n for n in notes(app) if n.startswith("kim lost connection and is back in their seat after")]
        assert len(said) == 1, notes(app)
        assert [s.name for s in table.seats] == ["jon", "kim", "lee", "pia"]
