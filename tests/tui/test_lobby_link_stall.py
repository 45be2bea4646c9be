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

import pytest
import zmq.asyncio
from ports import free_port

from ekpeer.net.client import Client
from ekpeer.net.host import Host
from ekpeer.tui.screens.lobby import LobbyScreen
from tests.net._stall import Stall

from .conftest import settle, until
from .test_lobby_leaving import _app, _in_lobby
from .test_lobby_password import notes

#: the host's ``--idle`` here: long enough that nobody whose link is fine is dropped on a busy
#: machine (at 1 s, the process running the host, the clients and the app starved that long
#: under load and the host dropped players who never stalled, and seats came back reordered)
IDLE = 3.0
#: the library clients' silence before they call the host gone, unless a test says: their link
#: is fine, and a shorter one only reconnected them for nothing on a busy machine
QUIET = 30.0


@asynccontextmanager
async def lobby_with(app_name: str, others: tuple[str, ...], silences: dict[str, float] | None = None):
    """``app_name``'s app at ``sat`` (80x24) after ``others`` (library clients, the first made
    the table; each calls the host gone after its ``silences`` seconds, else :data:`QUIET`), on
    a real host that drops a connection silent for :data:`IDLE`: (app, pilot, host, clients,
    the host's log)."""
    ctx = zmq.asyncio.Context()
    logged: list[dict] = []
    host = Host(f"tcp://127.0.0.1:{free_port()}", ctx=ctx, seed=5, think=(0.0, 0.0), log=logged.append,
                ping_seconds=0.2, idle_seconds=IDLE)
    await host.start()
    clients = [Client(host.address, who, ctx=ctx, keypair=zmq.curve_keypair(), ping_seconds=0.2,
                      silence_seconds=(silences or {}).get(who, QUIET), known_hosts=None)
               for who in others]
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
            yield app, pilot, host, clients, logged
    finally:
        for c in clients:
            await c.close()
        await host.close()
        ctx.destroy(linger=0)


def _seated(app) -> list[str]:
    return [s["name"] for s in app.lobby.get("seats", [])]


def _how_it_stood(app, table, client: Client, logged: list[dict]) -> str:
    """The seats as the app and the host had them, who the host dropped and seated again, and
    the stalled player's client: what a failed wait for their return says (once it failed on a
    busy machine and said nothing)."""
    seen = [(e["event"], e["seat"], e.get("reason")) for e in logged if e["event"] in ("dropped", "resumed")]
    return (f"the host's drops and returns {seen}; "
            f"the app's seats {_seated(app)}, the host's {[s.name for s in table.seats]} (kept for "
            f"their keys {[d.seat.name for d in table.dropped.kept]}); {client.name}'s client: socket "
            f"{'open' if client.sock is not None else 'closed'}, reconnecting {client._resyncing}, "
            f"reconnects {client.reconnects}, table {client.table!r}, token "
            f"{'kept' if client.token else 'gone'}, reconnects on its own {client.auto_reconnect}; "
            f"notes {notes(app)}")


async def test_a_stalled_link_is_back_in_its_lobby_seat_and_says_so():
    async with lobby_with("kim", ("jon", "lee")) as (app, pilot, host, _clients, logged):
        table = host.tables["sat"]
        await pilot.press("r")                                  # kim is ready
        await until(pilot, lambda: table.seat("kim").ready, 5, "kim ready")
        stall = Stall(app.session.client)
        stall.start()
        await until(pilot, lambda: table.seat("kim") is None, IDLE + 5, "the host to drop kim")
        await settle(pilot, 10)                                 # the stall goes on a while
        stall.end()
        await until(pilot, lambda: table.seat("kim") is not None and table.seat("kim").session is not None,
                    10, "kim back at the table",
                    said=lambda: _how_it_stood(app, table, app.session.client, logged))
        said = "Your connection to the host dropped; back after"
        await until(pilot, lambda: any(n.startswith(said) for n in notes(app)), 5, "kim told")
        await settle(pilot, 4)
        assert [s.name for s in table.seats] == ["jon", "lee", "kim"] and table.seat("kim").ready
        assert isinstance(app.screen, LobbyScreen), app.screen        # no banner: her seat is there
        assert _seated(app) == ["jon", "lee", "kim"]
        assert not any("seat" in n and "gone" in n for n in notes(app)), notes(app)


@pytest.mark.parametrize("gave_up", [False, True], ids=["host_noticed_first", "client_gave_up_too"])
async def test_the_others_read_that_a_stalled_player_dropped_and_is_back(gave_up):
    """Whichever notices first. ``gave_up``: kim's client calls the host gone before the host
    drops her (as with the defaults: a client's 3.5 s silence, a host's 5 s idle), and its
    hello goes on a fresh socket while the link is still stalled; else her client never does,
    and the host's fresh session for her next ping gives the drop away (a sequence gap)."""
    silence = {"kim": IDLE / 2 if gave_up else QUIET}
    async with lobby_with("pia", ("jon", "kim", "lee"), silence) as (app, pilot, host, clients, logged):
        table, kim = host.tables["sat"], clients[1]
        told: list[str] = []
        kim.on_message = lambda m: told.append(m.body["state"]) if m.type == "connection" else None

        def how() -> str:
            return f"{_how_it_stood(app, table, kim, logged)}; kim's client told {told}"

        stall = Stall(kim)                                      # kim's link stalls
        stall.start()
        await until(pilot, lambda: "kim" not in _seated(app) and (not gave_up or "lost" in told), IDLE + 5,
                    "the host to drop kim", said=how)
        await settle(pilot, 6)          # a moment past the drop, as a 6 s stall is past a 5 s idle
        stall.end()
        back = "back" if gave_up else "rejoined"        # what kim's client says at the end
        await until(pilot, lambda: _seated(app) == ["jon", "kim", "lee", "pia"] and back in told, 5,
                    "kim back in her seat", said=how)
        said = [n for n in notes(app) if n.startswith("kim lost connection and is back in their seat after")]
        assert len(said) == 1, how()
        assert [s.name for s in table.seats] == ["jon", "kim", "lee", "pia"]
        assert told == (["lost", "back"] if gave_up else ["rejoined"]), how()      # never refused
