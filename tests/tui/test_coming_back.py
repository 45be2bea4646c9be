"""A player whose client died runs the same ``ekpeer join HOST:PORT --name bob`` again (the
README: "running the same ekpeer join again takes them back into their seat"). On a host with
another table still in its lobby, that command seated bob there, a new player, while a bot
went on playing his game (a stranger running a headless host with two tables)."""

from __future__ import annotations

import pytest
import zmq
import zmq.asyncio

from ekpeer.net import security
from ekpeer.net.client import Client, RequestError
from ekpeer.net.host import Host
from ekpeer.tui.session import NetSession
from tests.net.conftest import wait_for

FAST = {"reaction_seconds": 0.03, "turn_seconds": 30.0, "grace_seconds": 30.0, "bots": "heuristic"}


@pytest.fixture
async def two_tables():
    """A host with table base (3 seats) and table party (4) in their lobbies: (host, address, ctx).
    A test's clients and sessions are its own to close; the host and its context go after."""
    ctx = zmq.asyncio.Context()
    host = Host("tcp://127.0.0.1:0", ctx=ctx, seed=3, ping_seconds=0.3, idle_seconds=1.0)
    host.add_table("base", {**FAST, "seats": 3})
    host.add_table("party", {**FAST, "seats": 4})
    await host.start()
    yield host, security.join_address(host.endpoint, host.public_key), ctx
    await host.close()
    ctx.destroy(linger=0)


async def started(host: Host, *players: Client) -> None:
    """``players`` sit at table base, ready, and the first starts the game."""
    for c in players:
        await c.connect()
        await c.join("base")
        await c.ready()
    await players[0].start()
    await wait_for(lambda: host.tables["base"].game is not None, 5, what="the game")


async def test_the_same_join_again_takes_a_dropped_player_back_to_his_game_not_another_table(two_tables):
    host, address, ctx = two_tables
    ann = Client(address, "ann", ctx=ctx, keypair=zmq.curve_keypair(), ping_seconds=0.3)
    bobs_key = zmq.curve_keypair()
    first = NetSession(address, "bob", table="base")
    first.keypair = bobs_key
    again = NetSession(address, "bob")          # no --table: the command a returning player runs
    again.keypair = bobs_key
    try:
        await first.open()
        await first.ready()
        await started(host, ann)
        table = host.tables["base"]
        await first.client.close()                  # bob's client dies: no leave
        await wait_for(lambda: table.seat("bob").session is None, 5, what="bob's drop")
        assert host.tables["party"].phase == "lobby"

        await again.open()
        assert again.table == "base"
        assert table.seat("bob").session is not None
        assert not host.tables["party"].seats
    finally:
        await again.close()
        await first.close()
        await ann.close()


async def test_a_new_player_of_the_same_name_and_another_key_is_not_sent_to_that_game(two_tables):
    host, address, ctx = two_tables
    bob = Client(address, "bob", ctx=ctx, keypair=zmq.curve_keypair(), ping_seconds=0.3)
    other = NetSession(address, "bob")
    other.keypair = zmq.curve_keypair()
    try:
        await started(host, bob)
        await other.open()
        assert other.table == "party"
    finally:
        await other.close()
        await bob.close()


async def test_a_late_friend_refused_a_seat_is_told_the_table_that_is_playing_not_main(two_tables):
    """Every table playing: the stranger's friend read "Table main is playing already" on a
    host with no table main (the session had not yet noted the table it asked for)."""
    host, address, ctx = two_tables
    host.remove_table(host.tables["party"])
    bob = Client(address, "bob", ctx=ctx, keypair=zmq.curve_keypair(), ping_seconds=0.3)
    eve = NetSession(address, "eve")
    eve.keypair = zmq.curve_keypair()
    try:
        await started(host, bob)
        with pytest.raises(RequestError, match="table_started"):
            await eve.open()
        assert eve.table == "base"
    finally:
        await eve.close()
        await bob.close()


async def test_a_player_who_left_on_purpose_is_taken_back_to_that_game_as_the_leave_dialog_says(two_tables):
    """The leave dialog says "Joining again gives you your seat back". For a while the hello's
    resume skipped seats left on purpose, and a stranger's same join landed him, without a
    word, at the other table still in its lobby."""
    host, address, ctx = two_tables
    ann = Client(address, "ann", ctx=ctx, keypair=zmq.curve_keypair(), ping_seconds=0.3)
    bobs_key = zmq.curve_keypair()
    bob = Client(address, "bob", ctx=ctx, keypair=bobs_key, ping_seconds=0.3)
    again = NetSession(address, "bob")
    again.keypair = bobs_key
    try:
        await started(host, ann, bob)
        await bob.leave()
        await again.open()
        assert again.table == "base" and host.tables["base"].seat("bob").session is not None
        assert not host.tables["party"].seats
    finally:
        await again.close()
        await bob.close()
        await ann.close()
