"""``ekpeer host --resume`` after a start without it: the game that start set aside in
``kept-<time>/`` is played on, its seats kept, and the host says from which folder.

A person who restarted without ``--resume`` by mistake was told to move the files back by
hand; running ``ekpeer host --resume``, as anyone would guess, found nothing to resume.
"""

from __future__ import annotations

import asyncio
import json
import os
import signal
import subprocess
import time
from pathlib import Path

from ekpeer.net.client import Client
from ekpeer.net.journal import Journal, load_file

from .conftest import free_port, wait_for
from .test_resume import CONFIG, _journal_game, _journaled, _players, _start_host

TABLE = {"t": "table", "id": "main", "settings": {"seats": 2}}
GAME = {"t": "game", "seats": [], "plugins": ["base"], "origin": {}}


def _write(path: Path, *records: dict) -> bytes:
    data = b"".join(json.dumps(r).encode() + b"\n" for r in records)
    path.write_bytes(data)
    return data


def _unfinished_game_here(journal: Journal, table: dict = TABLE) -> bytes:
    return _write(journal.path(table["id"]), table, GAME, {"t": "move", "m": {"name": "draw"}})


def test_a_kept_game_moves_back_into_place_and_its_folder_goes(tmp_path):
    journal = Journal(tmp_path)
    game = _unfinished_game_here(journal)
    journal.clear()                                     # a start without --resume
    kept = next(tmp_path.glob("kept-*"))
    _write(journal.path("main"), TABLE)                 # the new lobby that start made
    again = Journal(tmp_path)
    assert again.take_back() == str(kept)
    assert journal.path("main").read_bytes() == game and not kept.exists()
    assert again.taken_back == {"path": str(kept), "count": "1"}
    assert [s["table"]["id"] for s in again.load()] == ["main"]
    assert Journal(tmp_path).take_back() is None         # a second --resume: the game is in place


def test_the_newest_kept_folder_with_a_game_is_taken_and_an_unfinished_game_here_wins(tmp_path):
    journal = Journal(tmp_path)
    older, newer, empty = (tmp_path / f"kept-2026120{d}T090000Z" for d in (1, 2, 3))
    for folder in (older, newer, empty):
        folder.mkdir()
    _write(older / "a.jsonl", {**TABLE, "id": "old"}, GAME)
    _write(newer / "b.jsonl", {**TABLE, "id": "new"}, GAME)
    _write(empty / "c.jsonl", {**TABLE, "id": "lobby"})     # no unfinished game: not this one
    here = _unfinished_game_here(journal, {**TABLE, "id": "here"})
    assert journal.take_back() is None                  # the usual place wins: nothing moves
    assert all(f.exists() for f in (older, newer, empty))
    journal.path("here").unlink()
    assert journal.take_back() == str(newer)
    assert load_file(journal.path("new"))["game"] is not None and older.exists() and empty.exists()
    assert here


async def test_resume_plays_on_a_kept_game_and_the_friends_clients_get_their_seats_back(ctx, tmp_path):
    data = tmp_path / "data"
    cfg = tmp_path / "crash.toml"
    cfg.write_text(CONFIG)
    port = free_port()
    journal_dir = data / "tables" / str(port)
    first = _start_host(data, cfg, port)
    second = None
    clients: list[Client] = []
    said: dict[int, str] = {}
    try:
        address = await _logged_until_listening(first, [])
        seen: dict[str, list] = {"ann": [], "bob": []}
        clients, bots = await _players(address, ctx, ["ann", "bob"], "crash")
        for c in clients:
            c.on_message = lambda m, n=c.name: seen[n].append(m) if m.type == "snapshot" else None
        tasks = [asyncio.create_task(b.run()) for b in bots]
        await clients[0].start()
        await wait_for(lambda: _journaled(journal_dir) >= 4, 10, what="a few moves journaled")
        os.kill(first.pid, signal.SIGKILL)
        first.wait(5)
        _game, state = _journal_game(journal_dir, "crash")
        moves = [dict(m) for m in state["moves"]]
        Journal(journal_dir).clear()        # what a start without --resume does, by mistake
        kept = next(journal_dir.glob("kept-*"))
        for n in seen:
            seen[n].clear()
        second = _start_host(data, cfg, port, "--resume")
        logged: list[dict] = []
        assert await _logged_until_listening(second, logged) == address
        taken = [r for r in logged if r["event"] == "journal_taken_back"]
        assert taken and taken[0]["path"] == str(kept) and taken[0]["games"] == 1, logged
        assert not kept.exists()
        await wait_for(lambda: all(seen[n] for n in seen), 10, what="both players back in their seats")
        await asyncio.wait_for(asyncio.gather(*tasks), 20)
        assert all(b.done == 1 and b.winner for b in bots)
        end = await wait_for(lambda: Journal(journal_dir).last("crash"), 5, what="the finished game's file")
        assert end["moves"][:len(moves)] == moves                            # the same game, played on
    finally:
        for c in clients:
            await c.close()
        for p in (first, second):
            if p is not None and p.poll() is None:
                p.send_signal(signal.SIGTERM)
                try:
                    said[p.pid] = " ".join(p.communicate(timeout=5)[1].split())
                except subprocess.TimeoutExpired:
                    p.kill()
    words = said[second.pid]
    assert f"so this host plays on the one a start without --resume had set aside in {kept}" in words, words


async def _logged_until_listening(proc: subprocess.Popen, logged: list[dict], timeout: float = 8.0) -> str:
    """The host's log lines up to ``listening`` (kept in ``logged``); returns its address."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        line = await asyncio.wait_for(asyncio.to_thread(proc.stdout.readline), timeout)  # type: ignore[union-attr]
        if not line:
            break
        logged.append(json.loads(line))
        if logged[-1]["event"] == "listening":
            return logged[-1]["address"]
    raise AssertionError(f"host did not start: {proc.stderr.read() if proc.poll() is not None else ''}")


def test_ekpeer_host_with_its_player_resumes_a_kept_game_and_says_which(tmp_path, monkeypatch, capsys):
    """``ekpeer host --resume`` (not headless): the game is back in place before its host starts,
    and the terminal names the folder (its player's screen says it too: test_kept_aside)."""
    from ekpeer import cli, cli_tui

    monkeypatch.setenv("EKPEER_DATA_DIR", str(tmp_path))
    port = free_port()
    journal = Journal(tmp_path / "tables" / f"tui-{port}")
    game = _unfinished_game_here(journal)
    journal.clear()
    kept = next(journal.dir.glob("kept-*"))
    apps = []
    monkeypatch.setattr(cli_tui, "_run", lambda app: apps.append(app) or 0)
    assert cli.main(["host", "--resume", "--bind", f"tcp://127.0.0.1:{port}", "--name", "ann"]) == 0
    assert apps and journal.path("main").read_bytes() == game and not kept.exists()
    said = " ".join(capsys.readouterr().err.split())
    assert f"so this host plays on the one a start without --resume had set aside in {kept}" in said


def test_ekpeer_host_says_on_quitting_that_an_unfinished_game_is_kept_and_how_to_play_it_on(
        tmp_path, monkeypatch, capsys):
    """A hosting player who quit mid-game read nothing on the terminal: not that the game was
    kept, nor that ``ekpeer host --resume`` plays it on."""
    from ekpeer import cli, cli_tui

    monkeypatch.setenv("EKPEER_DATA_DIR", str(tmp_path))
    port = free_port()
    journal = Journal(tmp_path / "tables" / f"tui-{port}")

    def played(app):        # the game goes on in the journal as the player quits
        _unfinished_game_here(journal)
        return 0

    monkeypatch.setattr(cli_tui, "_run", played)
    assert cli.main(["host", "--bind", f"tcp://127.0.0.1:{port}", "--name", "ann"]) == 0
    said = " ".join(capsys.readouterr().err.split())
    assert (f"The unfinished game is kept: ekpeer host --resume --bind tcp://127.0.0.1:{port} plays it "
            "on, every seat as it was.") in said, said
    monkeypatch.setattr(cli_tui, "_run", lambda app: 0)     # a game that ended leaves nothing to say
    journal.path("main").unlink()
    assert cli.main(["host", "--bind", f"tcp://127.0.0.1:{port}", "--name", "ann"]) == 0
    assert "unfinished" not in capsys.readouterr().err
