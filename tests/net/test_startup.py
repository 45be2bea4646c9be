"""Straight to the table (``ekpeer play --start``): a game dealt before the client connects,
and a hello without lobby choices."""

from __future__ import annotations

import zmq

from ekpeer.net.client import Client
from ekpeer.net.hosted import LocalHost
from ekpeer.tui.session import NetSession

from .conftest import FAST, wait_for


async def test_dealt_seat_is_resumed_by_its_key_and_token_without_choices(host, ctx):
    keypair = zmq.curve_keypair()
    seat = host.deal("quick", {**FAST, "seats": 2}, "ann", keypair[0].decode("ascii"))
    table = host.tables["quick"]
    assert table.phase == "playing" and table.creator is seat and [s.name for s in table.seats][0] == "ann"
    assert all(s.bot is None and s.bot_seed is not None for s in table.seats)   # bots made on first move
    ann = Client(host.address, "ann", ctx=ctx, keypair=keypair, token=seat.token, choices=False)
    try:
        hello = await ann.connect()
        assert "choices" not in hello
        joined = await ann.join("quick")
        assert joined["resumed"] and joined["seat"] == "ann"
        lobby = await ann.next_message(3)
        assert lobby.type == "lobby" and lobby.body["phase"] == "playing" and "choices" not in lobby.body
        snap = await ann.next_message(3)
        assert snap.type == "snapshot" and snap.body["view"]["you"] == "ann"
    finally:
        await ann.close()


async def test_hosted_session_autostart_goes_straight_to_the_snapshot():
    session = NetSession("", "ann", table="play", create=True, settings={**FAST, "seats": 2}, autostart=True,
                         host=LocalHost(think=(0.0, 0.0)))
    try:
        await session.open()
        assert session.client.hello_reply.get("choices") is None
        kinds = []
        while "snapshot" not in kinds:
            kinds.append((await session.recv())["type"])
        assert kinds == ["lobby", "snapshot"]
        table = session.host.host.tables[session.table]
        await wait_for(lambda: len(table.game.log) > 0 or table.game.current == "ann", 5, what="a game")
    finally:
        await session.close()


async def test_a_host_in_the_players_process_writes_its_errors_to_a_file():
    """A refusal says "the host failed on this message (logged)"; a host inside the client
    (``ekpeer play --menu``, ``ekpeer host`` with a player) had no log, so nothing was."""
    import json

    from ekpeer.net.security import data_dir

    path = data_dir() / "logs" / "host.log"
    before = path.read_text().count("\n") if path.exists() else 0
    local = LocalHost(think=(0.0, 0.0))
    try:
        await local.start("ann", "play", {**FAST, "seats": 2}, deal=False)
        local.host.log("listening_again", level="info")            # the everyday is not kept
        local.host.log("handler_error", level="error", where="dispatch", error="ValueError('x')")
    finally:
        await local.close()
    kept = [json.loads(line) for line in path.read_text().splitlines()[before:]]
    assert [r["event"] for r in kept] == ["handler_error"] and kept[0]["error"] == "ValueError('x')"
