"""``ekpeer play``'s host process: deals for the player, serves the game, and goes away with
the client that started it."""

from __future__ import annotations

import asyncio
import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from ekpeer.net.client import Client
from ekpeer.net.play_host import PlayHostError, spawn
from ekpeer.net.remote_bot import RemoteBot

FAST = {"seats": 2, "expansions": ["base"], "bots": "random", "reaction_seconds": 0.05,
        "turn_seconds": 5.0, "grace_seconds": 5.0}


def gone(pid: int, within: float) -> bool:
    deadline = time.monotonic() + within
    while time.monotonic() < deadline:
        try:
            os.kill(pid, 0)
        except ProcessLookupError:
            return True
        try:   # our own child: reap it, or it lingers as a zombie
            if os.waitpid(pid, os.WNOHANG)[0] == pid:
                return True
        except ChildProcessError:
            pass
        time.sleep(0.05)
    return False


async def test_the_host_process_deals_for_the_player_who_plays_to_the_end(tmp_path: Path):
    host = spawn(name="ann", settings=FAST, think=(0.0, 0.0), autostart=True,
                 save_replays=str(tmp_path / "replays"))
    try:
        info = await host.ready()
        assert info["endpoint"].startswith("tcp://127.0.0.1:") and "#" in info["endpoint"]   # CURVE key
        assert info["token"] and info["table"] == "play"
        client = Client(info["endpoint"], "ann", token=info["token"])
        await client.connect()
        bot = RemoteBot(client, "random", seed=1, games=1, rematch=False, emit=None)
        joined = await bot.join(info["table"], info["token"])
        assert joined["resumed"] and joined["seat"] == "ann"     # the seat was dealt before we came
        await asyncio.wait_for(bot.run(), 60)
        assert bot.moves > 0
        await client.close()
        deadline = time.monotonic() + 5
        while not list((tmp_path / "replays").glob("*")) and time.monotonic() < deadline:
            await asyncio.sleep(0.05)
        assert list((tmp_path / "replays").glob("*")), "--save-replays reaches the host process"
    finally:
        await host.close()
    assert host.proc.returncode == 0       # closing its stdin is a clean stop


async def test_without_autostart_the_player_sets_the_table_up_in_the_lobby():
    host = spawn(name="ann", settings=FAST, think=(0.0, 0.0), autostart=False)
    try:
        info = await host.ready()
        assert "token" not in info
        client = Client(info["endpoint"], "ann")
        await client.connect()
        joined = await client.join(info["table"], "ann")
        assert joined["seat"] == "ann" and not joined.get("resumed")
        await client.close()
    finally:
        await host.close()


async def test_settings_that_make_no_game_leave_the_lobby_to_say_why():
    host = spawn(name="ann", settings={**FAST, "seats": 99}, think=(0.0, 0.0), autostart=True)
    try:
        info = await host.ready()
        assert "token" not in info      # nothing dealt: the usual lobby way reports the error
    finally:
        await host.close()


def test_the_host_process_goes_when_its_client_dies(tmp_path: Path):
    # the client is SIGKILLed: its end of the pipe closes, and the host must not linger
    script = ("import asyncio, sys\n"
              "from ekpeer.net.play_host import spawn\n"
              "h = spawn(name='ann', settings={}, think=(0.0, 0.0), autostart=False)\n"
              "asyncio.run(h.ready())\n"
              "print(h.proc.pid, flush=True)\n"
              "import time; time.sleep(60)\n")
    parent = subprocess.Popen([sys.executable, "-c", script], stdout=subprocess.PIPE, text=True,
                              cwd=Path(__file__).resolve().parents[2])
    try:
        child = int(parent.stdout.readline())
        assert not gone(child, 0.3)           # serving
        parent.send_signal(signal.SIGKILL)
        parent.wait(5)
        assert gone(child, 10), "the host process outlived its client"
    finally:
        parent.kill()


def test_a_bad_config_line_is_refused_in_words():
    proc = subprocess.run([sys.executable, "-m", "ekpeer.net.play_host"], input=b"not json\n",
                          capture_output=True, timeout=60)
    assert proc.returncode == 2
    assert "bad play-host config" in json.loads(proc.stdout)["error"]


async def test_a_host_process_that_cannot_start_says_why(monkeypatch: pytest.MonkeyPatch):
    monkeypatch.setenv("EKPEER_DATA_DIR", "/proc/ekpeer-cannot-be-here")   # no key pair can be made
    host = spawn(name="ann", settings=FAST, think=(0.0, 0.0), autostart=True)
    with pytest.raises(PlayHostError) as err:
        await host.ready()
    assert "could not start" in str(err.value)
    await host.close()
