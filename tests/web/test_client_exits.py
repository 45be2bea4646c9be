"""The client ends when its terminal or its input goes away, instead of running (or spinning) on.

A Textual app does not exit when its input closes: without ekpeer.tui.hangup, ``ekpeer join``
whose terminal closed kept running for ever, and one started with its input from /dev/null
spun a core at once; a browser seat whose web server was killed kept running too.
"""

from __future__ import annotations

import fcntl
import os
import pty
import select
import struct
import subprocess
import sys
import termios
import threading
import time

import pytest
import zmq

from ekpeer.tui.hangup import HUNG_UP

from .support import EKPEER

pytestmark = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="ptys and /proc: Linux")

# nobody listens there: the client waits for a host, as a client at a quiet table does
NOWHERE = ["join", "tcp://127.0.0.1:9", "--insecure", "--no-discovery", "--name", "ann"]


def _env(tmp_path, **extra: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k != "TEXTUAL_DRIVER"}
    env.update(TERM="xterm-256color", EKPEER_DATA_DIR=str(tmp_path), PYTHONUNBUFFERED="1", **extra)
    return env


def test_a_client_whose_terminal_closes_ends(tmp_path):
    master, slave = pty.openpty()
    fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 80, 0, 0))
    # its own session without a controlling terminal: no SIGHUP comes, only the hangup itself
    proc = subprocess.Popen([*EKPEER, *NOWHERE], stdin=slave, stdout=slave, stderr=slave,
                            start_new_session=True, env=_env(tmp_path))
    os.close(slave)
    try:
        drawn = b""
        deadline = time.monotonic() + 20
        while b"Seats" not in drawn and b"lobby" not in drawn and time.monotonic() < deadline:
            if select.select([master], [], [], 0.2)[0]:
                try:
                    drawn += os.read(master, 65536)
                except OSError:
                    break
        assert proc.poll() is None and drawn, "the client did not start in the terminal"
        os.close(master)                       # the terminal window closes
        closed = time.monotonic()
        assert proc.wait(10) == HUNG_UP
        assert time.monotonic() - closed < 8
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait(5)


@pytest.mark.parametrize("how", ["devnull", "closed"])
def test_a_client_started_without_a_terminal_ends_at_once_with_words(tmp_path, how):
    kwargs: dict = {"stdin": subprocess.DEVNULL}
    if how == "closed":
        kwargs = {"stdin": subprocess.DEVNULL, "preexec_fn": lambda: os.close(0)}
    started = time.monotonic()
    done = subprocess.run([*EKPEER, *NOWHERE], capture_output=True, text=True, timeout=30,
                          env=_env(tmp_path), **kwargs)
    assert done.returncode == 2
    assert "needs a terminal" in done.stderr
    assert time.monotonic() - started < 20


def test_a_browser_seat_whose_server_is_gone_ends(tmp_path):
    """The web driver's input is a pipe from ``ekpeer serve``; when it closes, the seat ends
    (without the server's other guard, the parent-death signal, which is off here)."""
    key = zmq.curve_keypair()[0].decode()
    env = _env(tmp_path, TEXTUAL_DRIVER="textual.drivers.web_driver:WebDriver",
               EKPEER_WEB_ADDRESS=f"tcp://127.0.0.1:9#{key}", COLUMNS="80", ROWS="24")
    env.pop("EKPEER_WEB_PARENT", None)
    proc = subprocess.Popen([sys.executable, "-m", "ekpeer.web.seat"], stdin=subprocess.PIPE,
                            stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, env=env)
    out = bytearray()

    def drain() -> None:
        assert proc.stdout is not None
        while chunk := proc.stdout.read1(65536):
            out.extend(chunk)

    reader = threading.Thread(target=drain, daemon=True)
    reader.start()
    try:
        deadline = time.monotonic() + 20
        while b"Your name" not in out and time.monotonic() < deadline and proc.poll() is None:
            time.sleep(0.1)
        assert b"__GANGLION__" in out and b"Your name" in out, bytes(out[:300])
        assert proc.stdin is not None
        proc.stdin.close()                      # the web server is gone
        closed = time.monotonic()
        assert proc.wait(10) == HUNG_UP
        assert time.monotonic() - closed < 8
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait(5)
