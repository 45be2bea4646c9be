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

from .conftest import events, wait_for


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
