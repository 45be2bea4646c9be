"""Crash recovery: the journal brings every table back exactly where it was; players resume on their own."""

from __future__ import annotations

import asyncio
import json
import os
import signal
import subprocess
import time
from pathlib import Path

import msgpack
from hosts import crash as _crash

from ekpeer.engine import Move, player_view
from ekpeer.engine.replay import replay
from ekpeer.net import security
from ekpeer.net.client import Client
from ekpeer.net.host import Host
from ekpeer.net.journal import Journal, JournalBroken, load_file
from ekpeer.net.remote_bot import RemoteBot
from ekpeer.plugins import ruleset

from .conftest import EKPEER, FAST, env_for_subprocess, free_port, wait_for


def _plain(obj):
    return msgpack.unpackb(msgpack.packb(obj, use_bin_type=True), raw=False)


def _journal_game(directory: Path, table: str):
    state = next(s for s in Journal(directory).load() if s["table"]["id"] == table)
    rec = state["game"]
    return replay(ruleset(rec["plugins"]), rec["origin"], state["moves"]), state


def _journaled(directory: Path) -> int:
    """Moves the host's journal holds so far for its game (read as a resuming host would)."""
    try:
        return max((len(load_file(path)["moves"]) for path in directory.glob("*.jsonl")), default=0)
    except (OSError, JournalBroken):
        return 0


async def _players(address: str, ctx, names, table: str):
    clients, bots = [], []
    for i, n in enumerate(names):
        c = Client(address, n, ctx=ctx, ping_seconds=0.2, silence_seconds=0.8)
        await c.connect()
        b = RemoteBot(c, seed=i, think=(0.01, 0.02), emit=None)
        await b.join(table)
        clients.append(c)
        bots.append(b)
    return clients, bots


async def test_restore_in_process_brings_back_the_exact_game(ctx, tmp_path):
    port = free_port()
    bind = f"tcp://127.0.0.1:{port}"
    a = Host(bind, ctx=ctx, seed=11, journal=Journal(tmp_path), ping_seconds=0.2)
    await a.start()
    a.add_table("crash", {**FAST, "seats": 3, "grace_seconds": 5.0})
    clients, bots = await _players(a.address, ctx, ["ann", "bob"], "crash")
    tasks = [asyncio.create_task(b.run()) for b in bots]
    b_host = None
    try:
        await clients[0].start()
        table = a.tables["crash"]
        await wait_for(lambda: table.game is not None and len(table.game.log) >= 12, 10, what="a dozen moves")
        await _crash(a)
        game = table.game
        before, cards, moves = game.snapshot(), game.all_cards(), len(game.log)
        replayed, _ = _journal_game(tmp_path, "crash")
        assert replayed.snapshot() == before, "the journal holds every move made"
        records: list[dict] = []
        b_host = Host(bind, ctx=ctx, seed=12, journal=Journal(tmp_path), ping_seconds=0.2, log=records.append)
        b_host.loop = asyncio.get_running_loop()
        assert b_host.restore() == ["crash"]
        back = b_host.tables["crash"]
        assert back.game.snapshot() == before and back.game.all_cards() == cards
        assert [s.name for s in back.seats] == [s.name for s in table.seats]
        # the journal keeps no token, only its digest: each seat still knows its own, and no other
        pairs = zip(back.seats, table.seats, strict=True)
        assert all(b.has_token(s.token) == (s.token is not None) for b, s in pairs)
        assert not any(b.has_token(s.token) for b in back.seats[1:] for s in table.seats[:1])
        again = back.game
        await b_host.start()
        await asyncio.wait_for(asyncio.gather(*tasks), 20)       # the same bots finish the same game
        assert again.over and again.all_cards() == cards
        assert [m.to_dict() for m in again.log[:moves]] == [m.to_dict() for m in game.log[:moves]]
        assert all(c.reconnects >= 1 for c in clients)
        assert {r["seat"] for r in records if r["event"] == "resumed"} == {"ann", "bob"}
        assert not [r for r in records if r["event"] == "handler_error"]
    finally:
        for c in clients:
            await c.close()
        if b_host is not None:
            await b_host.close()


CONFIG = """
name = "Crash test"
[table]
expansions = ["base"]
seats = 3
bots = "heuristic"
reaction_seconds = 0.05
turn_seconds = 5.0
grace_seconds = 20.0
"""


def _start_host(data: Path, cfg: Path, port: int, *extra: str) -> subprocess.Popen:
    env = env_for_subprocess()
    env["EKPEER_DATA_DIR"] = str(data)
    env["EKPEER_NO_DISCOVERY"] = "1"
    return subprocess.Popen([*EKPEER, "host", "--headless", "--bind", f"tcp://127.0.0.1:{port}", "--config",
                             str(cfg), "--bot-think", "0.01", "--no-discovery", *extra],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env)


async def _listening(proc: subprocess.Popen, timeout: float = 8.0) -> dict:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        line = await asyncio.wait_for(asyncio.to_thread(proc.stdout.readline), timeout)  # type: ignore[union-attr]
        if not line:
            break
        rec = json.loads(line)
        if rec["event"] == "listening":
            return rec
    raise AssertionError(f"host did not start: {proc.stderr.read() if proc.poll() is not None else ''}")


async def test_sigkill_mid_game_and_resume_the_same_game(ctx, tmp_path):
    data = tmp_path / "data"
    cfg = tmp_path / "crash.toml"
    cfg.write_text(CONFIG)
    port = free_port()
    first = _start_host(data, cfg, port)
    second = None
    clients: list[Client] = []
    try:
        listening = await _listening(first)
        address = listening["address"]
        assert security.split_address(address)[1] == security.load_keypair("host", data)[0]
        seen: dict[str, list] = {"ann": [], "bob": []}
        clients, bots = await _players(address, ctx, ["ann", "bob"], "crash")
        for c in clients:
            c.on_message = lambda m, n=c.name: seen[n].append(m) if m.type == "snapshot" else None
        tasks = [asyncio.create_task(b.run()) for b in bots]
        await clients[0].start()
        journal_dir = data / "tables" / str(port)
        # a bot counts a move when it sends it; the host journals it (and fsyncs) before it
        # tells anyone, so the kill waits for the journal itself to hold a few moves
        await wait_for(lambda: _journaled(journal_dir) >= 6, 10, what="a few moves journaled")
        os.kill(first.pid, signal.SIGKILL)
        first.wait(5)
        game, state = _journal_game(journal_dir, "crash")
        assert not game.over and len(state["moves"]) >= 6
        at_crash, cards, moves = game.snapshot(), game.all_cards(), [dict(m) for m in state["moves"]]
        for n in seen:
            seen[n].clear()
        second = _start_host(data, cfg, port, "--resume")
        assert (await _listening(second))["address"] == address           # same key, same port
        await wait_for(lambda: all(seen[n] for n in seen), 10, what="both players back in their seats")
        first_views = {n: seen[n][0].body["view"] for n in seen}
        await asyncio.wait_for(asyncio.gather(*tasks), 20)
        assert all(b.done == 1 and b.winner for b in bots)
        end = await wait_for(lambda: Journal(journal_dir).last("crash"), 5, what="the finished game's file")
        final = replay(ruleset(end["game"]["plugins"]), end["game"]["origin"], end["moves"])
        assert end["over"] and final.over and final.winner == bots[0].winner
        assert end["game"]["origin"] == state["game"]["origin"]
        assert end["moves"][:len(moves)] == moves                            # the same game, continued
        head = replay(ruleset(end["game"]["plugins"]), end["game"]["origin"], end["moves"][:len(moves)])
        assert head.snapshot() == at_crash and final.all_cards() == cards
        # the snapshot each player got on coming back is a state of this same continued game
        pending = dict(first_views)
        for k in range(len(moves), len(end["moves"]) + 1):
            for n, view in list(pending.items()):
                if _plain(player_view(head, n)) == view:
                    del pending[n]
            if not pending:
                break
            if k < len(end["moves"]):
                head.apply(Move.from_dict(end["moves"][k]))
        assert not pending, "a resumed player's snapshot matches no state of the continued game"
    finally:
        for c in clients:
            await c.close()
        for p in (first, second):
            if p is not None and p.poll() is None:
                p.send_signal(signal.SIGTERM)
                try:
                    p.communicate(timeout=5)
                except subprocess.TimeoutExpired:
                    p.kill()


async def test_a_move_is_in_the_journal_before_anyone_hears_of_it_and_nobody_waits_for_its_fsync(
        ctx, tmp_path, monkeypatch):
    import threading

    from ekpeer.net import journal_sync

    slow = threading.Event()

    def slow_fsync(fd: int) -> None:        # a disk that takes its time (in the worker thread)
        slow.wait(1.0)
        os.close(fd)

    monkeypatch.setattr(journal_sync, "fsync_and_close", slow_fsync)
    a = Host("tcp://127.0.0.1:0", ctx=ctx, seed=3, journal=Journal(tmp_path), ping_seconds=0.2)
    await a.start()
    a.add_table("disk", {**FAST, "seats": 2, "bots": "random"})
    on_disk_when_sent: list[bool] = []

    def seen(session, frame: bytes) -> None:   # each update: is its move already in the file?
        table = a.tables["disk"]
        if b"update" in frame[:40] and table.game is not None and table.game.log:
            moves = a.journal.path("disk").read_text().count('"t":"move"')
            on_disk_when_sent.append(moves >= len(table.game.log))

    a.send_hook = seen
    client = Client(a.address, "ann", ctx=ctx)
    try:
        await client.connect()
        await client.join("disk", "ann")
        await client.ready(True)
        await client.start()
        table = a.tables["disk"]
        await wait_for(lambda: table.game is not None, 5, what="the game")
        await wait_for(lambda: table.game.current == "ann" and not table.game.awaiting, 5, what="ann's turn")
        started = time.monotonic()
        reply = await client.move({"do": "draw"})
        assert reply.get("ok", True)
        assert time.monotonic() - started < 0.5          # not held for the 1-second fsync
        assert on_disk_when_sent and all(on_disk_when_sent)
    finally:
        slow.set()
        await client.close()
        await a.close()


async def test_a_new_game_or_lobby_change_never_waits_in_the_loop_for_the_folders_fsync(
        ctx, tmp_path, monkeypatch):
    """A rewrite's rename is made durable by fsyncing the folder, ten times slower than the
    file's own fsync on a virtual disk: it runs in a worker thread, never on the loop's, and
    still runs."""
    import stat
    import threading

    folder_fsyncs: list[bool] = []          # one per folder fsync: was it on the loop's thread?
    real_fsync = os.fsync
    loop_thread = threading.get_ident()

    def fsync(fd: int) -> None:
        if stat.S_ISDIR(os.fstat(fd).st_mode):
            folder_fsyncs.append(threading.get_ident() == loop_thread)
        real_fsync(fd)

    monkeypatch.setattr(os, "fsync", fsync)
    a = Host("tcp://127.0.0.1:0", ctx=ctx, seed=3, journal=Journal(tmp_path))
    await a.start()
    a.add_table("disk", {**FAST, "seats": 2, "bots": "random"})      # a rewrite: the lobby
    client = Client(a.address, "ann", ctx=ctx)
    try:
        await client.connect()
        await client.join("disk", "ann")
        await client.ready(True)
        await client.start()                                           # a rewrite: the game
        await wait_for(lambda: a.tables["disk"].game is not None, 5, what="the game")
        await wait_for(lambda: len(folder_fsyncs) >= 2, 5, what="the folder fsynced after each rewrite")
        assert not any(folder_fsyncs), "a folder fsync ran on the event loop's thread"
        assert '"t":"game"' in a.journal.path("disk").read_text()
    finally:
        await client.close()
        await a.close()


async def test_a_failing_fsync_is_logged_and_play_goes_on(ctx, tmp_path, monkeypatch):
    import errno

    from ekpeer.net import journal_sync

    def full_disk(fd: int) -> None:
        os.close(fd)
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(journal_sync, "fsync_and_close", full_disk)
    logged: list[dict] = []
    a = Host("tcp://127.0.0.1:0", ctx=ctx, seed=3, journal=Journal(tmp_path), log=logged.append)
    await a.start()
    a.add_table("disk", {**FAST, "seats": 2, "bots": "random"})
    client = Client(a.address, "ann", ctx=ctx)
    try:
        await client.connect()
        await client.join("disk", "ann")
        await client.ready(True)
        await client.start()
        table = a.tables["disk"]
        await wait_for(lambda: table.game is not None, 5, what="the game")
        await wait_for(lambda: table.game.current == "ann" and not table.game.awaiting, 5, what="ann's turn")
        assert (await client.move({"do": "draw"})).get("ok", True)
        await wait_for(lambda: a.stats.get("journal_errors", 0) > 0, 5, what="the error logged")
        errors = [r for r in logged if r["event"] == "journal_error"]
        assert errors and all("No space left" in r["error"] for r in errors)
        assert a.stats.get("exceptions", 0) == 0
        played = len(table.game.log)
        await wait_for(lambda: len(table.game.log) > played or table.game.current == "ann", 5,
                       what="play to go on")
    finally:
        await client.close()
        await a.close()
