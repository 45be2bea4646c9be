"""Plugins live on the host only: a client with no plugin installed plays a table that uses one.

The example third-party plugin (examples/ekpeer-catnip) is pip-installed into a folder of
its own that only the headless host's PYTHONPATH sees. The clients (an `ekpeer bot`
process, a remote bot and the Textual client in this process) have no catnip code: they
learn the cards from the host's catalog and answer from its legal moves. A catnip card
must be played, and every client must see the plugins the table runs in the lobby.
"""

from __future__ import annotations

import asyncio
import importlib.util
import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
import zmq.asyncio

from ekpeer.bots.random_bot import RandomBot
from ekpeer.net.client import Client
from ekpeer.net.remote_bot import RemoteBot
from ekpeer.plugins import installed

from .conftest import free_port

ROOT = Path(__file__).resolve().parents[2]
EXAMPLE = ROOT / "examples" / "ekpeer-catnip"
CATNIP = {"sneak_peek", "hairball", "catnip_cat"}
CONFIG = """
name = "Catnip table"
[table]
expansions = ["base", "catnip"]
seats = 3
bots = "random"
reaction_seconds = 0.03
turn_seconds = 0.25
grace_seconds = 5.0
"""


class CatnipFirst(RandomBot):
    """A random bot that plays a catnip card whenever its legal moves offer one.

    It knows the ids only as strings from the host (as a player reads titles); it makes a
    game that never deals it a catnip card to play far less likely to pass the test by luck.
    """

    def act(self, view, moves):
        catnip = [m for m in moves if m.do == "play" and CATNIP & set(m.cards)]
        return catnip[0] if catnip else super().act(view, moves)


@pytest.fixture(scope="module")
def site(tmp_path_factory) -> Path:
    target = tmp_path_factory.mktemp("host-site")
    pip = [sys.executable, "-m", "pip", "install", "-q", "--no-deps", "--target", str(target), str(EXAMPLE)]
    result = subprocess.run(pip, capture_output=True, text=True, timeout=300)
    if result.returncode != 0:
        pytest.fail(f"pip could not install the example plugin: {result.stderr[-2000:]}")
    return target


def client_env() -> dict[str, str]:
    """The clients' environment: this venv, which has ekpeer but not the catnip plugin."""
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    env["PYTHONPATH"] = str(ROOT)
    env["PYTHONUNBUFFERED"] = "1"
    return env


async def test_clients_without_the_plugin_play_a_table_that_uses_it(site, tmp_path):
    # The clients' side really lacks the plugin.
    assert "catnip" not in installed() and importlib.util.find_spec("ekpeer_catnip") is None
    check = subprocess.run([sys.executable, "-c", "import ekpeer_catnip"], env=client_env(),
                           capture_output=True, timeout=30)
    assert check.returncode != 0

    cfg = tmp_path / "catnip.toml"
    cfg.write_text(CONFIG)
    host_env = {**client_env(), "PYTHONPATH": f"{site}{os.pathsep}{ROOT}", "EKPEER_NO_DISCOVERY": "1",
                "EKPEER_PLUGINS": f"{os.environ['EKPEER_PLUGINS']},catnip"}  # let in beside the pinned
    bind = f"tcp://127.0.0.1:{free_port()}"
    host = subprocess.Popen([sys.executable, "-m", "ekpeer.cli", "host", "--headless", "--bind", bind,
                             "--config", str(cfg), "--bot-think", "0", "--seed", "5"],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=host_env)
    ctx = zmq.asyncio.Context()
    bot_proc = None
    client = None
    try:
        assert host.stdout is not None
        address = None
        deadline = time.monotonic() + 20
        while address is None and time.monotonic() < deadline:
            line = await asyncio.to_thread(host.stdout.readline)
            if not line:
                break
            record = json.loads(line)
            if record.get("event") == "listening":
                address = record.get("address") or record["endpoint"]
        assert address, "the host did not start"

        # 1. an `ekpeer bot` process from the environment without the plugin
        bot_proc = subprocess.Popen(
            [sys.executable, "-m", "ekpeer.cli", "bot", address, "--name", "proc", "--table", "catnip",
             "--kind", "random", "--seed", "1", "--timeout", "40"],
            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=client_env())

        # 2. a remote bot in this process (no plugin here either), recording every event it sees
        seen: list[dict] = []
        lobbies: list[dict] = []

        def record(msg) -> None:
            if msg.type in ("snapshot", "update"):
                seen.extend(msg.body.get("events") or [])
            elif msg.type == "lobby":
                lobbies.append(msg.body)

        client = Client(address, "mem", ctx=ctx, on_message=record)
        await client.connect()
        bot = RemoteBot(client, "random", seed=2, emit=None)
        bot.bot = CatnipFirst(seed=2)
        await bot.join("catnip")

        # 3. the Textual client, headless, in this process: its turns are played by the host's
        #    turn timer; it must name the plugin's cards from the catalog alone.
        from ekpeer.cli_tui import session_factory
        from ekpeer.tui.app import make_app

        app = make_app(session_factory(discovery=False), mode="join", name="tui", address=address,
                       options={"table": "catnip"})
        async with app.run_test(size=(100, 30)) as pilot:
            deadline = time.monotonic() + 10
            while not app.lobby and time.monotonic() < deadline:
                await pilot.pause(0.1)
            assert {p["name"]: p["version"] for p in app.lobby.get("plugins", [])} == \
                {"base": "0.1.0", "catnip": "0.1.0"}
            shown = str(app.screen.query_one("#lobby-plugins").render())
            assert "catnip 0.1.0" in shown
            await pilot.press("r")
            runner = asyncio.ensure_future(bot.run())
            deadline = time.monotonic() + 40
            while not runner.done() and time.monotonic() < deadline:
                await pilot.pause(0.2)
            assert runner.done(), "the game did not end in time"
            log = "\n".join(app.log_lines)
            catalog_titles = {c: app.catalog.title(c) for c in CATNIP}
            await pilot.pause(0.2)
        assert catalog_titles == {"sneak_peek": "Sneak Peek", "hairball": "Hairball",
                                  "catnip_cat": "Catnip Cat"}

        assert bot.done == 1 and bot.winner in ("proc", "mem", "tui")
        played = [e["action"]["cards"] for e in seen if e.get("type") == "played"
                  and CATNIP & set(e.get("action", {}).get("cards") or [])]
        assert played, f"no catnip card was played: {seen[-20:]}"
        assert any(t in log for t in ("Sneak Peek", "Hairball", "Catnip Cat")), log[-2000:]
        assert lobbies and all("catnip" in [p["name"] for p in lb.get("plugins", [])] for lb in lobbies)

        out, err = await asyncio.to_thread(bot_proc.communicate, timeout=20)
        assert bot_proc.returncode == 0, err
        records = [json.loads(x) for x in out.splitlines() if x.strip()]
        over = [r for r in records if r["event"] == "game_over"]
        assert over and over[0]["winner"] == bot.winner
    finally:
        if client is not None:
            await client.close()
        if bot_proc is not None and bot_proc.poll() is None:
            bot_proc.kill()
        host.send_signal(signal.SIGTERM)
        await asyncio.to_thread(host.communicate, timeout=10)
        ctx.destroy(linger=0)
