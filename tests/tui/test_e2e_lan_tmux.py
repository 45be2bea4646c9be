"""End to end, a LAN evening in tmux (issue 13): ``ekpeer host`` with ann at it and ``ekpeer
join`` for bob, each a real process in its own terminal. Bob's client is killed mid-game:
ann's table says he lost connection; started again, he is back in his seat and ann's table
says so. Ann quits: she is asked first, and bob's table says the host closed the table
within 5 s."""

from __future__ import annotations

import os
import shlex
import shutil
import signal
import subprocess
import time
import uuid
from pathlib import Path

import pytest
from ports import free_port as _port

from .test_e2e_tmux import _descendants, _tmux, tmux_cmd

ROOT = Path(__file__).resolve().parents[2]
EKPEER = ROOT / ".venv" / "bin" / "ekpeer"

pytestmark = pytest.mark.skipif(shutil.which("tmux") is None, reason="tmux is not installed")

CONFIG = """
name = "LAN evening"
[table]
expansions = ["base"]
seats = 3
bots = "heuristic"
reaction_seconds = 0.2
turn_seconds = 120.0
grace_seconds = 120.0
"""


def _screen(name: str) -> str:
    """The pane's text, its lines joined (a log line may wrap)."""
    return _tmux("capture-pane", "-t", name, "-p", "-J")


def _wait(name: str, words: str, timeout: float, then: str | None = None) -> float:
    """Seconds until ``words`` show in pane ``name`` (failing with the screen if they never do)."""
    started = time.monotonic()
    screen = ""
    while time.monotonic() - started < timeout:
        screen = _screen(name)
        if words in screen:
            return time.monotonic() - started
        time.sleep(0.2)
    raise AssertionError(f"{name}: no {words!r} within {timeout:g} s{then or ''}; the screen:\n{screen}")


def _terminal(name: str, cmd: str) -> None:
    """A terminal of 110 x 32 running ``cmd`` (a tmux session called ``name``)."""
    subprocess.run(tmux_cmd("new-session", "-d", "-s", name, "-x", "110", "-y", "32", cmd), check=True)


def _kill_pane(name: str) -> None:
    pane = _tmux("display-message", "-p", "-t", name, "#{pane_pid}").strip()
    if not pane.isdigit():
        return
    for pid in _descendants(int(pane)) | {int(pane)}:
        try:
            os.kill(pid, signal.SIGKILL)
        except ProcessLookupError:
            pass


def test_a_lan_evening_a_player_drops_and_returns_and_the_host_quits(tmp_path):
    exe = str(EKPEER) if EKPEER.exists() else shutil.which("ekpeer")
    if exe is None:
        pytest.skip("ekpeer is not installed")
    from ekpeer.net.addresses import format_address
    from ekpeer.net.security import load_keypair

    data = tmp_path / "data"
    data.mkdir()
    key = load_keypair("host", data)[0]         # made now: the host process finds it there
    cfg = tmp_path / "lan.toml"
    cfg.write_text(CONFIG)
    port = _port()
    address = format_address(f"tcp://127.0.0.1:{port}", key)
    env = f"env EKPEER_DATA_DIR={shlex.quote(str(data))} EKPEER_NO_DISCOVERY=1 TERM=xterm-256color"
    tag = uuid.uuid4().hex[:6]
    ann, bob = f"ekpeer-ann-{tag}", f"ekpeer-bob-{tag}"
    host_cmd = (f"{env} {exe} host --bind tcp://127.0.0.1:{port} --name ann --config {shlex.quote(str(cfg))} "
                f"--bot-think 0.02 --no-discovery")
    join_cmd = f"{env} {exe} join {shlex.quote(address)} --name bob --no-discovery"
    try:
        _terminal(ann, host_cmd)
        _wait(ann, "ann (you)", 40, " (ann's lobby)")
        _terminal(bob, join_cmd)
        _wait(bob, "bob (you)", 40, " (bob's lobby)")
        _tmux("send-keys", "-t", bob, "r")
        _wait(ann, "ready", 10)
        time.sleep(0.5)
        _tmux("send-keys", "-t", ann, "s")
        _wait(ann, "Draw pile", 30, " (the game)")
        _wait(bob, "Draw pile", 30, " (the game)")

        _kill_pane(bob)                             # bob's terminal dies with his client in it
        _wait(ann, "bob lost connection", 20)
        subprocess.run(tmux_cmd("kill-session", "-t", bob), capture_output=True)
        _terminal(bob, join_cmd)
        _wait(bob, "Draw pile", 40, " (bob back at the table)")
        _wait(ann, "bob is back", 15)

        _tmux("send-keys", "-t", ann, "C-q")
        _wait(ann, "Quit and close your table?", 10)
        _tmux("send-keys", "-t", ann, "y")
        took = _wait(bob, "The host closed the table", 10)
        assert took < 5.0, f"bob was told after {took:.1f} s"
    finally:
        for name in (ann, bob):
            subprocess.run(tmux_cmd("kill-session", "-t", name), capture_output=True)
