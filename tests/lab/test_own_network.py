"""Issue 25, item 7, on a LAN of namespaces and in a real terminal: when it is the player's own
network that is down (their cable pulled: no carrier on their link), the host-gone notice says
so, rather than blaming a host that may be fine; and it counts the seconds since the host last
spoke, not since the notice came."""

from __future__ import annotations

import re
import shlex
import shutil
import subprocess
import time
import uuid
from pathlib import Path

import _lanlab
import pytest

ROOT = Path(__file__).resolve().parents[2]
EKPEER = ROOT / ".venv" / "bin" / "ekpeer"

pytestmark = pytest.mark.skipif(shutil.which("tmux") is None, reason="tmux is not installed")


def _screen(name: str) -> str:
    return subprocess.run(["tmux", "capture-pane", "-t", name, "-p", "-J"], capture_output=True,
                          text=True).stdout


def _words(name: str) -> str:
    """The screen's words as one line: a sentence wrapped in a box (the host-gone banner's
    borders, its line ends) reads whole."""
    return " ".join(re.sub(r"[█▀▄▌▐]", " ", _screen(name)).split())


def _wait(name: str, pattern: str, timeout: float) -> re.Match:
    deadline = time.monotonic() + timeout
    screen = ""
    while time.monotonic() < deadline:
        screen = _screen(name)
        found = re.search(pattern, screen)
        if found:
            return found
        time.sleep(0.2)
    raise AssertionError(f"no {pattern!r} within {timeout:g} s; the screen:\n{screen}")


def test_a_player_whose_own_cable_is_pulled_is_told_it_is_their_network(make_lab, tmp_path):
    exe = str(EKPEER) if EKPEER.exists() else shutil.which("ekpeer")
    if exe is None:
        pytest.skip("ekpeer is not installed")
    lab = make_lab(["bob"])
    host = lab.host([_lanlab.write_config(tmp_path / "t.toml")])
    address = lab.address(host)
    env = " ".join(f"{k}={shlex.quote(v)}" for k, v in {
        "EKPEER_DATA_DIR": str(lab.data_dir("bob")), "EKPEER_NO_DISCOVERY": "1",
        "TERM": "xterm-256color"}.items())
    term = f"ekpeer-net-{uuid.uuid4().hex[:6]}"
    cmd = f"ip netns exec {lab.ns('bob')} env {env} {exe} join {address} --name bob --table t"
    subprocess.run(["tmux", "new-session", "-d", "-s", term, "-x", "110", "-y", "32", cmd], check=True)
    try:
        _wait(term, r"bob \(you\)", 40)
        pulled = time.monotonic()
        lab.partition("bob")                      # bob's cable: his link loses its carrier
        _wait(term, r"Your network is down", 15)
        seconds = int(_wait(term, r"No word from it for (\d+) s", 3).group(1))
        assert seconds >= 3 and seconds <= time.monotonic() - pulled + 1
        assert "it is your own network that is down" in _words(term)
        assert "it quit, crashed or lost its network" not in _words(term)
    finally:
        subprocess.run(["tmux", "kill-session", "-t", term], capture_output=True)
