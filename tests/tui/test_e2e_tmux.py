"""End to end: the real ``ekpeer play`` in tmux, played to the end with keystrokes."""

from __future__ import annotations

import atexit
import os
import shutil
import subprocess
import time
import uuid
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
EKPEER = ROOT / ".venv" / "bin" / "ekpeer"

pytestmark = pytest.mark.skipif(shutil.which("tmux") is None, reason="tmux is not installed")


#: a tmux server of this test process's own, kept up by a session that waits, so that no test
#: here starts a session on a server another test's last kill-session is closing ("server
#: exited unexpectedly", seen once with two test workers on the default server)
SERVER = f"ekpeer-e2e-{os.getpid()}"
_kept: list[bool] = []


def tmux_cmd(*args: str) -> list[str]:
    """The command line of ``tmux args`` on this process's own server (started on first use)."""
    if not _kept:
        env = dict(os.environ, TERM="xterm-256color")
        subprocess.run(["tmux", "-L", SERVER, "new-session", "-d", "-s", "keep", "sleep 1800"],
                       capture_output=True, timeout=10, env=env)
        atexit.register(subprocess.run, ["tmux", "-L", SERVER, "kill-server"], capture_output=True,
                        timeout=10)
        _kept.append(True)
    return ["tmux", "-L", SERVER, *args]


def _tmux(*args: str) -> str:
    return subprocess.run(tmux_cmd(*args), capture_output=True, text=True, timeout=10).stdout


def _descendants(pid: int) -> set[int]:
    """Processes below ``pid`` (Linux /proc), e.g. the host ``ekpeer play`` forks."""
    parents: dict[int, int] = {}
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                parents[int(entry.name)] = int((entry / "stat").read_text().rsplit(")", 1)[1].split()[1])
            except (OSError, ValueError, IndexError):
                pass
    found, todo = set(), [pid]
    while todo:
        p = todo.pop()
        kids = {c for c, pp in parents.items() if pp == p}
        todo.extend(kids - found)
        found |= kids
    return found


def _alive(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return False
    return state not in ("Z", "X")


def test_play_a_whole_game_in_tmux(tmp_path):
    exe = str(EKPEER) if EKPEER.exists() else shutil.which("ekpeer")
    if exe is None:
        pytest.skip("ekpeer is not installed")
    name = f"ekpeer-e2e-{uuid.uuid4().hex[:8]}"
    cmd = (f"{exe} play --name ann --players 2 --bots heuristic --reaction 0.2 --turn 30 --think 0.02 --start"
           f" --save-replays {tmp_path}")
    env = dict(os.environ, TERM="xterm-256color")
    subprocess.run(tmux_cmd("new-session", "-d", "-s", name, "-x", "80", "-y", "24", cmd), check=True,
                   env=env)
    try:
        deadline = time.monotonic() + 60
        screen = ""
        over = False
        while time.monotonic() < deadline:
            time.sleep(0.25)
            screen = _tmux("capture-pane", "-t", name, "-p")
            if "Game over" in screen:
                over = True
                break
            if "Draw a kitten?" in screen:     # a kitten known on top: this player draws anyway
                _tmux("send-keys", "-t", name, "y")
            elif "Your turn" in screen and "█" not in screen.splitlines()[6]:
                _tmux("send-keys", "-t", name, "d")
            elif "Put " in screen:  # no place is highlighted at first: choose the top on purpose
                _tmux("send-keys", "-t", name, "Home", "Enter")
            elif "You drew" in screen or "Give " in screen or "Choose" in screen:
                _tmux("send-keys", "-t", name, "Enter")
        assert over, f"no game over within 60 s; last screen:\n{screen}"
        assert "wins!" in screen or "You win" in screen
        assert list(tmp_path.glob("*.json")), "the host saved no replay of the game"
        pane = _tmux("display-message", "-p", "-t", name, "#{pane_pid}").strip()
        below = _descendants(int(pane)) | {int(pane)} if pane.isdigit() and Path("/proc").is_dir() else set()
        # ctrl+q quits from any screen: an Enter sent for a dialog just before the game ended may
        # have pressed the game-over screen's Rematch (the loop acts on captures a moment old)
        _tmux("send-keys", "-t", name, "C-q")
        time.sleep(0.5)
        # the app and the host it forked both end (about a second here; 10 s of slack for a
        # machine busy with the other test worker)
        deadline = time.monotonic() + 10
        while any(_alive(p) for p in below) and time.monotonic() < deadline:
            time.sleep(0.1)
        assert not [p for p in below if _alive(p)]
    finally:
        subprocess.run(tmux_cmd("kill-session", "-t", name), capture_output=True)
