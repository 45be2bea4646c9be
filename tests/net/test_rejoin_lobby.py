"""Joining again in a lobby, as a game-night host's friends met it: olga's terminal was killed
in the lobby and the same ``ekpeer join --table sat ... --name olga`` run at once was refused
as if someone else were called olga (the host had not yet noticed her old connection was
gone). The same client key (CurveZMQ proves it) gets its seat back at once, and the others see
nothing odd; the old connection, if still open (a second window with the same data dir), is
told it was replaced and lets the seat go; another key with that name is still refused."""

from __future__ import annotations

import asyncio

import pytest
import zmq

from ekpeer.net.client import Client, RequestError

from ._stall import Stall
from .conftest import events, wait_for

#: the host's ``--idle`` in the stalled-link tests: long enough that nobody whose link is fine is
#: dropped on a busy machine (at 0.6 s a test's whole process may starve that long under load)
IDLE = 2.0
#: the silence before a client whose link is fine calls the host gone: it never does here
QUIET = 30.0


async def test_the_same_key_gets_its_lobby_seat_back_at_once_and_the_old_window_lets_it_go(host, ctx):
    olga_key = zmq.curve_keypair()
    ann = Client(host.address, "ann", ctx=ctx, keypair=zmq.curve_keypair())
    olga = Client(host.address, "olga", ctx=ctx, keypair=olga_key)
    again = Client(host.address, "olga", ctx=ctx, keypair=olga_key)     # the same data dir
    states: list[str] = []

    def lobby(m) -> None:
        if m.type == "lobby":
            seat = next((s for s in m.body["seats"] if s["name"] == "olga"), None)
            states.append(seat["state"] if seat else "none")

    ann.on_message = lobby
    try:
        for c in (ann, olga):
            await c.connect()
        await ann.join("sat")
        await olga.join("sat")
        table = host.tables["sat"]
        old, token = table.seat("olga").session, olga.token
        await wait_for(lambda: states and states[-1] == "connected", 3, what="ann sees olga")
        states.clear()
        await again.connect()
        joined = await again.join("sat")        # no token: a new process, the same key
        assert joined["seat"] == "olga" and joined["resumed"] and joined["token"] == token
        seat = table.seat("olga")
        assert [s.name for s in table.seats] == ["ann", "olga"] and seat.session is not old
        assert old.seat is None and old.table is None
        # the older window is told, in a message of its own, and lets the seat go for good
        told = await olga.next_message(3)
        while told.type != "connection":
            told = await olga.next_message(3)
        assert told.body["state"] == "replaced" and "another" in told.body["message"]
        assert olga.sock is None and olga.token is None
        await wait_for(lambda: old.ident not in host.sessions, 3, what="the old connection dropped")
        await asyncio.sleep(0.3)
        assert table.seat("olga").session is seat.session and seat.session.seat is seat
        # ann saw olga connected throughout: never gone, never a seat short
        assert states and set(states) == {"connected"}, states
        assert [e["seat"] for e in events(host, "replaced")] == ["olga"]
    finally:
        for c in (ann, olga, again):
            await c.close()


async def test_another_key_with_that_name_is_still_refused(host, ctx):
    olga = Client(host.address, "olga", ctx=ctx, keypair=zmq.curve_keypair())
    other = Client(host.address, "olga", ctx=ctx, keypair=zmq.curve_keypair(), reconnect=False)
    try:
        await olga.connect()
        await olga.join("sat")
        await other.connect()
        with pytest.raises(RequestError) as info:
            await other.join("sat")
        assert info.value.code == "name_taken" and "already called olga" in info.value.message
        assert host.tables["sat"].seat("olga").session is not None
        assert not events(host, "replaced")
    finally:
        for c in (olga, other):
            await c.close()


async def _stalled_past_idle(host, client: Client, stall: Stall, name: str, told: list[dict],
                             gave_up: bool) -> None:
    """``client``'s link stalls until the host has dropped its connection (past ``--idle``),
    then comes back, and the client reconnects with its token. ``gave_up``: the stall goes on
    until the client has called the host gone too (``told`` a ``lost``), as with the defaults
    (a client's 3.5 s silence comes before a host's 5 s idle): its hello went on a fresh socket
    while the link was still stalled, and reaches the host when it is back. Else the client
    never calls the host gone (its silence is long): the host's fresh session for its next
    ping gives the drop away (a sequence gap), as when a host's ``--idle`` is the shorter."""
    table = host.tables["sat"]
    stall.start()
    await wait_for(lambda: table.seat(name) is None, IDLE + 5, what=f"the host to drop {name}")
    if gave_up:
        await wait_for(lambda: any(t["state"] == "lost" for t in told), 5,
                       what=f"{name}'s client to call the host gone")
    await asyncio.sleep(0.3)        # a moment past the drop, as a 6 s stall is past a 5 s idle
    stall.end()


@pytest.mark.parametrize("gave_up", [False, True], ids=["host_noticed_first", "client_gave_up_too"])
async def test_a_link_stalled_past_idle_in_a_lobby_comes_back_to_the_same_seat(host, ctx, gave_up):
    """A player on a lagged LAN: the host dropped kim's silent connection in the lobby, and her
    client's reconnect with the seat's token was refused (the lobby no longer had the seat),
    leaving her at a banner. She is back where she sat, ready as she was, and told so; the
    others' seats are as they were, and they read that she dropped and is back. Whichever
    noticed first, the host or her client (it depends on the host's ``--idle``)."""
    host.idle_seconds = IDLE
    silence = {"kim": IDLE / 2 if gave_up else QUIET}
    ann, kim, lee = (Client(host.address, who, ctx=ctx, keypair=zmq.curve_keypair(), ping_seconds=0.2,
                            silence_seconds=silence.get(who, QUIET)) for who in ("ann", "kim", "lee"))
    told: list[dict] = []
    seen: list[dict] = []
    kim.on_message = lambda m: told.append(m.body) if m.type == "connection" else None
    ann.on_message = lambda m: seen.append(m.body) if m.type == "lobby" else None
    stall = Stall(kim)
    try:
        for c in (ann, kim, lee):
            await c.connect()
            await c.join("sat")
        await ann.lobby_set(seats=4)
        await kim.ready()
        table = host.tables["sat"]
        token = kim.token
        await _stalled_past_idle(host, kim, stall, "kim", told, gave_up)
        assert [s.name for s in table.seats] == ["ann", "lee"]
        await wait_for(lambda: table.seat("kim") is not None and table.seat("kim").session is not None,
                       8, what="kim back")
        assert [s.name for s in table.seats] == ["ann", "kim", "lee"]
        assert table.seat("kim").ready and not table.seat("ann").ready and not table.seat("lee").ready
        assert kim.token == token and kim.auto_reconnect
        await wait_for(lambda: any(t["state"] in ("back", "rejoined") for t in told), 3, what="kim told")
        said = next(t for t in told if t["state"] in ("back", "rejoined"))
        assert said["state"] == ("back" if gave_up else "rejoined"), told
        assert said["away"] > 0 and not any(t["state"] == "refused" for t in told), told
        back = [s for s in seen[-1]["seats"] if s["name"] == "kim"][0]
        assert back["state"] == "connected" and back["back_after"] == said["away"]
        assert [e["seat"] for e in events(host, "resumed")] == ["kim"]
        await kim.ready(False)          # her seat works as before
        assert not table.seat("kim").ready
    finally:
        for c in (ann, kim, lee):
            await c.close()


async def test_the_token_of_a_dropped_lobby_seat_opens_nothing_for_another_key(host, ctx):
    """The token alone proves nothing: a stolen token from another key is refused, and the seat
    is still kept for the key that took it."""
    host.idle_seconds = IDLE
    ann = Client(host.address, "ann", ctx=ctx, keypair=zmq.curve_keypair(), ping_seconds=0.2,
                 silence_seconds=QUIET)
    kim = Client(host.address, "kim", ctx=ctx, keypair=zmq.curve_keypair(), ping_seconds=0.2,
                 silence_seconds=IDLE / 2)
    thief = Client(host.address, "eve", ctx=ctx, keypair=zmq.curve_keypair(), reconnect=False)
    stall = Stall(kim)
    try:
        for c in (ann, kim):
            await c.connect()
            await c.join("sat")
        table = host.tables["sat"]
        token = kim.token
        stall.start()
        await wait_for(lambda: table.seat("kim") is None, IDLE + 5, what="the host to drop kim")
        await thief.connect()
        with pytest.raises(RequestError) as info:
            await thief.join("sat", token=token)
        assert info.value.code == "bad_token"
        assert [s.name for s in table.seats] == ["ann"] and thief.token is None
        stall.end()                     # kim's own key still gets it back
        await wait_for(lambda: table.seat("kim") is not None and table.seat("kim").session is not None,
                       8, what="kim back")
        assert [s.name for s in table.seats] == ["ann", "kim"]
    finally:
        for c in (ann, kim, thief):
            await c.close()
