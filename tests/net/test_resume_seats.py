"""A resumed table keeps each seat as it was: one whose person left stays left, its bot playing
at once; one a bot took over after its grace stays covered; a dropped one gets its grace.

An operator's host was killed after ann had left (ctrl+q) and resumed with ``--resume``: bob
read "ann lost connection (a bot plays for ann in 28 s unless they are back)", and on ann's
turn the table waited out her clock before the bot played."""

from __future__ import annotations

import asyncio
import json

from hosts import crash as _crash

from ekpeer.net import lobby
from ekpeer.net.client import Client
from ekpeer.net.host import Host
from ekpeer.net.journal import Journal, load_file
from ekpeer.net.remote_bot import RemoteBot
from ekpeer.plugins import ruleset
from ekpeer.tui.words import seat_changes

from .conftest import free_port, wait_for

SETTINGS = {"seats": 3, "reaction_seconds": 0.03, "turn_seconds": 30.0, "grace_seconds": 30.0}


def _lobbies(client: Client) -> list[dict]:
    """Every lobby ``client`` is sent from now on (its RemoteBot reads the rest)."""
    seen: list[dict] = []
    client.on_message = lambda m: seen.append(m.body) if m.type == "lobby" else None
    return seen


async def _table_of_ann_and_bob(ctx, tmp_path, settings: dict):
    """A host with a journal, ann (a bare client) and bob (a remote bot) seated at ``t`` with a
    host bot, the game started. The host bots think for a while so the game goes slowly."""
    bind = f"tcp://127.0.0.1:{free_port()}"
    host = Host(bind, ctx=ctx, seed=3, journal=Journal(tmp_path), ping_seconds=0.2, idle_seconds=1.0,
                think=(0.2, 0.3))
    await host.start()
    host.add_table("t", {**SETTINGS, **settings})
    ann = Client(host.address, "ann", ctx=ctx, ping_seconds=0.2, silence_seconds=0.8)
    bob = Client(host.address, "bob", ctx=ctx, ping_seconds=0.2, silence_seconds=0.8)
    await ann.connect()
    await bob.connect()
    await ann.join("t")
    await ann.ready()
    bot = RemoteBot(bob, seed=1, think=(0.2, 0.3), emit=None)
    await bot.join("t")
    await ann.start()
    await wait_for(lambda: host.tables["t"].game is not None, 5, what="the game")
    return bind, host, ann, bob, bot


async def _resumed(bind: str, ctx, tmp_path, records: list[dict]) -> Host:
    again = Host(bind, ctx=ctx, seed=4, journal=Journal(tmp_path), ping_seconds=0.2,
                 log=records.append, think=(0.0, 0.05))
    again.loop = asyncio.get_running_loop()
    assert again.restore() == ["t"]
    return again


def _said(before: dict, lobbies: list[dict]) -> list[str]:
    """What bob's log says of the table across the resume (``lobbies`` after ``before``)."""
    lines = []
    for after in lobbies[next(i for i, b in enumerate(lobbies) if b is before) + 1:]:
        lines += seat_changes(before, after, "bob")
        before = after
    return lines


def _state(lobby: dict, name: str) -> str:
    return next(s["state"] for s in lobby["seats"] if s["name"] == name)


async def test_a_seat_left_before_a_crash_stays_left_and_its_bot_plays_at_once(ctx, tmp_path):
    bind, host, ann, bob, bot = await _table_of_ann_and_bob(ctx, tmp_path, {})
    seen = _lobbies(bob)
    task = asyncio.create_task(bot.run())
    again = None
    try:
        await ann.leave()
        await wait_for(lambda: seen and _state(seen[-1], "ann") == "left", 5, what="bob told ann left")
        before = seen[-1]
        await _crash(host)
        moves = len(host.tables["t"].game.log)
        records: list[dict] = []
        again = await _resumed(bind, ctx, tmp_path, records)
        table = again.tables["t"]
        await again.start()
        # her bot plays her every turn at once: never waits out her clock (30 s) nor a grace
        await wait_for(lambda: any(m.by == "ann" for m in table.game.log[moves:]) or table.game.over,
                       8, what="a move made for ann by her bot")
        await wait_for(lambda: seen[-1] is not before, 5, what="bob's lobby from the new host")
        assert _state(seen[-1], "ann") == "left"
        said = _said(before, seen)
        assert not [line for line in said if "lost connection" in line], said
        assert not [r for r in records if r["event"] == "timed_out" and r.get("seat") == "ann"]
        assert not [r for r in records if r["event"] == "bot_takes_over" and r.get("seat") == "ann"]
        ann_seat = table.seat("ann")
        assert ann_seat.left and ann_seat.takeover and ann_seat.grace is None
    finally:
        task.cancel()
        await asyncio.gather(task, return_exceptions=True)
        for c in (ann, bob):
            await c.close()
        if again is not None:
            await again.close()


async def test_a_seat_a_bot_took_over_stays_covered_and_its_person_may_come_back(ctx, tmp_path):
    bind, host, ann, bob, bot = await _table_of_ann_and_bob(ctx, tmp_path, {"grace_seconds": 0.5})
    seen = _lobbies(bob)
    task = asyncio.create_task(bot.run())
    again = back = None
    try:
        token = ann.token
        await ann.close()                   # her terminal closed: gone, then covered after 0.5 s
        await wait_for(lambda: seen and _state(seen[-1], "ann") == "covered", 8, what="ann covered")
        before = seen[-1]
        await _crash(host)
        records: list[dict] = []
        again = await _resumed(bind, ctx, tmp_path, records)
        table = again.tables["t"]
        ann_seat = table.seat("ann")
        assert ann_seat.takeover and not ann_seat.left and ann_seat.grace is None
        covered = table.connection(ann_seat)
        assert covered["state"] == "covered" and covered["gone_seconds"] >= 0.5, "away since she dropped"
        bob_seat = table.seat("bob")
        assert not bob_seat.takeover and bob_seat.grace is not None, "bob's link dropped: his grace runs"
        await again.start()
        await wait_for(lambda: seen[-1] is not before, 5, what="bob's lobby from the new host")
        said = _said(before, seen)
        assert not [line for line in said if "lost connection" in line], said
        back = Client(again.address, "ann", ctx=ctx, token=token)
        await back.connect()
        joined = await back.join("t", token=token)
        assert joined["resumed"] and joined["bot_played"] and joined["away"] >= 0.5
        # back in her seat: the journal says so, and a crash now gives her a grace, as anyone
        seats = {s["name"]: s for s in load_file(next(tmp_path.glob("*.jsonl")))["game"]["seats"]}
        assert not seats["ann"]["takeover"] and not seats["ann"]["left"], json.dumps(seats)
    finally:
        task.cancel()
        await asyncio.gather(task, return_exceptions=True)
        for c in (ann, bob, back):
            if c is not None:
                await c.close()
        if again is not None:
            await again.close()


def test_a_journal_written_before_seats_were_kept_still_resumes(tmp_path):
    """A ``game`` record of an older ekpeer says nothing of ``left``/``takeover``: every person's
    seat comes back dropped, with its grace, as it did."""
    settings = lobby.check({"seats": 2, "turn_seconds": 30.0, "grace_seconds": 30.0})
    rules = ruleset(settings["expansions"])
    game = rules.new_game(["ann", "bob"], seed=5, deck=settings["deck"], variants=settings["variants"])
    records = [{"t": "table", "id": "old", "settings": settings},
               {"t": "game", "origin": game.origin, "plugins": list(rules.plugins), "games": 1,
                "seats": [{"name": "ann", "token_sha256": "0" * 64, "key": None, "kind": None},
                          {"name": "bob", "token_sha256": "1" * 64, "key": None, "kind": None}]}]
    Journal(tmp_path).rewrite("old", records)

    async def resume() -> None:
        host = Host("tcp://127.0.0.1:0", journal=Journal(tmp_path))
        host.loop = asyncio.get_running_loop()
        try:
            assert host.restore() == ["old"]
            seats = host.tables["old"].seats
            assert all(not s.left and not s.takeover and s.grace is not None for s in seats)
        finally:
            for table in host.tables.values():
                table.stop()
            host.journal.close()

    asyncio.run(resume())
