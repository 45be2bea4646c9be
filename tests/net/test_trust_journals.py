"""The crash journal keeps the host's secrets private and never loses a game (issue 14.5).

Journals were world-readable and held the table password and the seat tokens in clear;
two table ids could share one file; a damaged record silently dropped every later move and
the file was then rewritten; a restart without ``--resume`` wiped them. Each test here runs
a live host over loopback and fails on that old code.
"""

from __future__ import annotations

import asyncio
import json
import os
import signal
import stat
import subprocess
import time
from pathlib import Path

import pytest
from hosts import crash as _crash

from ekpeer.net.client import Client, RequestError
from ekpeer.net.host import Host
from ekpeer.net.journal import Journal

from .conftest import EKPEER, FAST, env_for_subprocess, free_port, wait_for

# the first twelve bytes alike, and alike once unsafe characters are replaced: one file before
TWINS = ("friday night game", "friday night_game")


def _files(directory: Path) -> list[Path]:
    return sorted(p for p in directory.rglob("*") if p.is_file())


def _mode(path: Path) -> int:
    return stat.S_IMODE(path.stat().st_mode)


async def _game(host: Host, ctx, table: str, moves: int = 4, password: str | None = None) -> Client:
    """``ann`` makes ``table`` (with ``password``), starts it against a bot and draws ``moves`` times."""
    ann = Client(host.address, "ann", ctx=ctx, password=password)
    await ann.connect()
    await ann.join(table, "ann")
    await ann.lobby_set(seats=2, bots="random", reaction_seconds=0.03, turn_seconds=30.0, grace_seconds=30.0)
    await ann.ready(True)
    await ann.start()
    game = await wait_for(lambda: host.tables[table].game, 5, what="the game")
    for _ in range(moves):
        await wait_for(lambda: game.over or (game.current == "ann" and not game.awaiting
                                             and not game.stack), 5, what="ann's turn")
        if game.over:
            break
        await ann.move({"do": "draw"})
    return ann


@pytest.fixture
def umask_open():
    """The most careless umask: every file the host makes must narrow itself."""
    old = os.umask(0)
    yield
    os.umask(old)


async def test_journal_folder_and_files_are_private_whatever_the_umask(ctx, tmp_path, umask_open):
    folder = tmp_path / "tables" / "5555"
    host = Host("tcp://127.0.0.1:0", ctx=ctx, seed=1, journal=Journal(folder))
    await host.start()
    ann = None
    try:
        ann = await _game(host, ctx, "private", moves=2)
        await wait_for(lambda: host.stats.get("fsyncs", 0) > 0, 5, what="a move on disk")
        assert _mode(folder) == 0o700
        files = _files(folder)
        assert files and all(_mode(f) == 0o600 for f in files), [(f.name, oct(_mode(f))) for f in files]
    finally:
        if ann is not None:
            await ann.close()
        await host.close()
    # a folder and a file an older ekpeer left readable to all are narrowed when next opened
    os.chmod(folder, 0o755)
    for f in _files(folder):
        os.chmod(f, 0o644)
    journal = Journal(folder)
    journal.append("private", {"t": "move", "m": {"do": "draw", "by": "ann"}})
    journal.close()
    assert _mode(folder) == 0o700 and all(_mode(f) == 0o600 for f in _files(folder))


async def test_no_password_and_no_seat_token_in_the_journal_and_both_still_work_after_a_crash(ctx, tmp_path):
    bind = f"tcp://127.0.0.1:{free_port()}"
    secret = "hunter2-correct-horse"
    a = Host(bind, ctx=ctx, seed=2, journal=Journal(tmp_path), ping_seconds=0.2)
    await a.start()
    ann = await _game(a, ctx, "locked", moves=2, password=secret)
    token = ann.token
    assert token
    await _crash(a)
    await ann.close()
    data = b"".join(f.read_bytes() for f in _files(tmp_path))
    assert secret.encode() not in data and token.encode() not in data
    assert b"scrypt" in data                       # the password: salted and hashed only
    b = Host(bind, ctx=ctx, seed=3, journal=Journal(tmp_path), ping_seconds=0.2)
    b.loop = asyncio.get_running_loop()
    assert b.restore() == ["locked"]
    await b.start()
    clients: list[Client] = []
    try:
        back = Client(b.address, "ann", ctx=ctx, token=token)      # the same client key, its token
        clients.append(back)
        await back.connect()
        assert (await back.join("locked", token=token))["resumed"] is True
        eve = Client(b.address, "eve", ctx=ctx)
        clients.append(eve)
        await eve.connect()
        with pytest.raises(RequestError) as refused:
            await eve.join("locked", spectator=True, password="hunter2")
        assert refused.value.code in ("bad_password", "rate_limited")
        assert (await eve.join("locked", spectator=True, password=secret))["spectator"] is True
    finally:
        for c in clients:
            await c.close()
        await b.close()


async def test_two_table_ids_that_shared_a_file_keep_their_own(ctx, tmp_path):
    journal = Journal(tmp_path)
    assert journal.path(TWINS[0]) != journal.path(TWINS[1])
    bind = f"tcp://127.0.0.1:{free_port()}"
    a = Host(bind, ctx=ctx, seed=4, journal=journal)
    await a.start()
    try:
        for tid in TWINS:
            a.add_table(tid, {**FAST, "seats": 2})
        assert len(list(tmp_path.glob("*.jsonl"))) == 2
        a.remove_table(a.tables[TWINS[1]])              # one table's end removes its file only
        assert [s["table"]["id"] for s in Journal(tmp_path).load()] == [TWINS[0]]
    finally:
        await a.close()


async def test_a_damaged_record_sets_that_journal_aside_untouched_and_the_other_tables_resume(ctx, tmp_path):
    bind = f"tcp://127.0.0.1:{free_port()}"
    a = Host(bind, ctx=ctx, seed=5, journal=Journal(tmp_path), ping_seconds=0.2)
    await a.start()
    players = [await _game(a, ctx, tid, moves=3) for tid in ("damaged", "unreplayable", "fine")]
    await _crash(a)
    for c in players:
        await c.close()
    journal = Journal(tmp_path)
    damaged, unreplayable, fine = (journal.path(t) for t in ("damaged", "unreplayable", "fine"))
    lines = damaged.read_bytes().split(b"\n")
    first_move = next(i for i, line in enumerate(lines) if b'"t":"move"' in line)
    lines[first_move] = lines[first_move][:-7] + b"garbage"          # an early move, unreadable
    damaged.write_bytes(b"\n".join(lines))
    records = [json.loads(line) for line in unreplayable.read_bytes().splitlines()]
    records.append({"t": "move", "m": {"do": "play", "by": "ann", "cards": ["no_such_card"]}})
    unreplayable.write_bytes(b"".join(json.dumps(r).encode() + b"\n" for r in records))
    fine_moves = fine.read_bytes().count(b'"t":"move"')
    fine.write_bytes(fine.read_bytes() + b'{"t":"move","m":{"do":"dr')     # a torn last write: forgiven
    before = {p.name: p.read_bytes() for p in (damaged, unreplayable)}
    logged: list[dict] = []
    b = Host(bind, ctx=ctx, seed=6, journal=Journal(tmp_path), log=logged.append)
    b.loop = asyncio.get_running_loop()
    try:
        assert b.restore() == ["fine"]
        assert len(b.tables["fine"].game.log) == fine_moves
        assert not damaged.exists() and not unreplayable.exists()
        for name, data in before.items():
            aside = list(tmp_path.glob(name + ".broken-*"))
            assert len(aside) == 1 and aside[0].read_bytes() == data          # byte for byte
        broken = [r for r in logged if r["event"] == "journal_broken"]
        assert len(broken) == 2 and all(r["level"] == "error" for r in broken)
        assert {Path(r["path"]).name.split(".broken-")[0] for r in broken} == set(before)
        assert any("line" in r["reason"] for r in broken) and any("replay" in r["reason"] for r in broken)
        # set aside for good: the next start neither loads nor touches them
        assert [s["table"]["id"] for s in Journal(tmp_path).load()] == ["fine"]
    finally:
        await b.close()


def _host_process(data: Path, port: int, *extra: str) -> subprocess.Popen:
    env = env_for_subprocess()
    env["EKPEER_DATA_DIR"] = str(data)
    env["EKPEER_NO_DISCOVERY"] = "1"
    return subprocess.Popen([*EKPEER, "host", "--headless", "--bind", f"tcp://127.0.0.1:{port}",
                             "--no-discovery", *extra],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env)


async def test_a_restart_without_resume_keeps_unfinished_games_aside(ctx, tmp_path):
    data = tmp_path / "data"
    port = free_port()
    folder = data / "tables" / str(port)
    a = Host(f"tcp://127.0.0.1:{port}", ctx=ctx, seed=7, journal=Journal(folder))
    await a.start()
    ann = await _game(a, ctx, "unfinished", moves=2)
    a.add_table("lobby only", {**FAST, "seats": 2})
    await _crash(a)
    await ann.close()
    unfinished = {p.name: p.read_bytes() for p in folder.glob("*.jsonl") if b'"t":"game"' in p.read_bytes()}
    assert len(unfinished) == 1
    proc = _host_process(data, port)                     # no --resume
    try:
        logged = []
        deadline = time.monotonic() + 15
        while time.monotonic() < deadline:
            line = await asyncio.wait_for(asyncio.to_thread(proc.stdout.readline), 15)
            if not line:
                break
            logged.append(json.loads(line))
            if logged[-1]["event"] == "listening":
                break
        kept = [r for r in logged if r["event"] == "journal_kept"]
        assert kept and "--resume" in kept[0]["help"], logged
        kept_dir = Path(kept[0]["path"])
        assert kept_dir.parent == folder and kept_dir.name.startswith("kept-")
        assert {p.name: p.read_bytes() for p in kept_dir.iterdir()} == unfinished      # untouched
        assert not list(folder.glob("*.jsonl"))          # the fresh host starts with no table
    finally:
        proc.send_signal(signal.SIGTERM)
        try:
            proc.communicate(timeout=5)
        except subprocess.TimeoutExpired:
            proc.kill()
