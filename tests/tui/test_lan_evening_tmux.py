"""A LAN evening in three terminals (issue 13, done means): ann hosts and plays (``ekpeer
host``), bob and cat paste the join command ann's lobby shows into bash. Mid-game bob's
client is killed and started again: ann and cat see him gone, then back. The first Exploding
Kitten drawn is left to the clock: the seat's covering bot defuses it (ruling 26). The game
is played to its end, everyone asks for a rematch and sees who is awaited, the rematch is
dealt; then ann quits, and bob and cat are told within 5 s that the host closed the table.

Everything goes through real processes and real keystrokes in tmux (its own server socket),
over loopback with CurveZMQ; each player has a data directory (their own client key) of
their own. It needs the host-side seams of issue 13 (connection states, ruling 26, the host's
closing said to its clients, the quit confirmation): where they are missing it is skipped,
saying so.
"""

from __future__ import annotations

import os
import re
import shlex
import shutil
import signal
import subprocess
import time
import uuid
from importlib.util import find_spec
from pathlib import Path

import pytest
from ports import free_port

ROOT = Path(__file__).resolve().parents[2]
BIN = ROOT / ".venv" / "bin"

pytestmark = [
    pytest.mark.skipif(shutil.which("tmux") is None, reason="tmux is not installed"),
    pytest.mark.skipif(not (BIN / "ekpeer").exists() and shutil.which("ekpeer") is None,
                       reason="ekpeer is not installed"),
    pytest.mark.skipif(find_spec("ekpeer.tui.screens.host_gone") is None
                       or find_spec("ekpeer.tui.screens.quit_confirm") is None,
                       reason="waits on issue 13's host seams (h13-host: seat states, ruling 26, host gone)"),
]

TURN = 3.0          # seconds on every clock: short enough for a timeout, long enough to answer


class Terminal:
    """One person's terminal: bash in a tmux session of our own server."""

    def __init__(self, server: str, name: str, home: Path, cols: int = 100, rows: int = 30) -> None:
        self.server, self.name = server, name
        home.mkdir(parents=True, exist_ok=True)
        env = {"EKPEER_DATA_DIR": str(home), "TERM": "xterm-256color", "HOME": str(home),
               "EKPEER_NO_DISCOVERY": "1"}
        flags = [f"-e{k}={v}" for k, v in env.items()]
        self.tmux("new-session", "-d", "-s", name, "-x", str(cols), "-y", str(rows), *flags,
                  "bash --norc --noprofile")
        self.pane = self.tmux("display-message", "-p", "-t", name, "#{pane_pid}").strip()
        self.answered: tuple[str, str] = ("", "")
        if (BIN / "activate").exists():     # as the README says: ekpeer on the PATH from the clone
            self.paste(f"source {shlex.quote(str(BIN / 'activate'))}")

    def tmux(self, *args: str) -> str:
        return subprocess.run(["tmux", "-L", self.server, *args], capture_output=True, text=True,
                              timeout=10).stdout

    def paste(self, command: str) -> None:
        """Type a command line into bash, as pasted, and run it."""
        self.tmux("send-keys", "-t", self.name, "-l", command)
        self.tmux("send-keys", "-t", self.name, "Enter")

    def keys(self, *keys: str) -> None:
        self.tmux("send-keys", "-t", self.name, *keys)

    def answer(self, screen: str, question: str, *keys: str) -> None:
        """Keys for ``question`` on ``screen``, once a turn: the same question seen again (the
        screen not redrawn yet, only its clock ticking) gets nothing more, or the second Enter
        would land on whatever comes next (once, the game-over dialog: a rematch nobody asked)."""
        turn = re.search(r"· turn (\d+)", screen)
        asked = (question, turn.group(1) if turn else "")
        if asked != self.answered:
            self.answered = asked
            self.keys(*keys)

    def screen(self) -> str:
        return self.tmux("capture-pane", "-p", "-t", self.name)

    def wait_for(self, pattern: str, timeout: float, what: str = "") -> str:
        deadline = time.monotonic() + timeout
        screen = ""
        while time.monotonic() < deadline:
            screen = self.screen()
            if re.search(pattern, screen):
                return screen
            time.sleep(0.1)
        raise AssertionError(f"{self.name}: no {what or pattern!r} within {timeout:g} s; "
                             f"its screen:\n{screen}")

    def wait_gone(self, pattern: str, timeout: float, what: str = "") -> None:
        deadline = time.monotonic() + timeout
        while re.search(pattern, self.screen()):
            if time.monotonic() > deadline:
                raise AssertionError(f"{self.name}: still {what or pattern!r} after {timeout:g} s")
            time.sleep(0.1)

    def client_pid(self) -> int | None:
        """The ekpeer process bash runs in this terminal."""
        for entry in Path("/proc").iterdir():
            if not entry.name.isdigit():
                continue
            try:
                stat = (entry / "stat").read_text().rsplit(")", 1)[1].split()
                cmd = (entry / "cmdline").read_bytes().split(b"\0")
            except OSError:
                continue
            if stat[1] == self.pane and any(b"ekpeer" in c for c in cmd[:2]):
                return int(entry.name)
        return None


def join_command_on(screen: str) -> str:
    """The join command as ann's lobby shows it (one line at 100 columns and more)."""
    for line in screen.splitlines():
        found = re.search(r"ekpeer join \S.*", line)
        if found:
            return found.group(0).strip(" │▕▏")
    raise AssertionError(f"no join command on the host's lobby:\n{screen}")


@pytest.fixture
def evening(tmp_path):
    server = f"ekpeer-evening-{uuid.uuid4().hex[:8]}"
    terminals: dict[str, Terminal] = {}
    try:
        yield server, terminals, tmp_path
    finally:
        for term in terminals.values():
            pid = term.client_pid()
            if pid:
                os.kill(pid, signal.SIGKILL)
        subprocess.run(["tmux", "-L", server, "kill-server"], capture_output=True, timeout=10)


def test_a_lan_evening_in_three_terminals(evening):
    server, terms, home = evening
    try:
        evening_in(server, terms, home)
    except AssertionError as exc:       # every terminal as it was, to see what went wrong
        screens = "\n".join(f"--- {name}:\n{term.screen()}" for name, term in terms.items())
        raise AssertionError(f"{exc}\n{screens}") from None


def evening_in(server: str, terms: dict[str, Terminal], home: Path) -> None:
    started = time.monotonic()
    port = free_port()
    ann = terms["ann"] = Terminal(server, "ann", home / "ann", cols=120)
    ann.paste(f"ekpeer host --name ann --bind tcp://127.0.0.1:{port} --players 3 --turn {TURN:g} "
              f"--reaction 0.5 --no-discovery")
    command = join_command_on(ann.wait_for(r"ekpeer join", 20, "join command in the lobby"))
    assert command.startswith("ekpeer join ") and f":{port}" in command
    assert shlex.split(command)[:2] == ["ekpeer", "join"]          # pastes whole into a shell

    bob = terms["bob"] = Terminal(server, "bob", home / "bob")
    cat = terms["cat"] = Terminal(server, "cat", home / "cat")
    for term in (bob, cat):
        term.paste(f"{command} --name {term.name}")
    for term in (bob, cat):
        term.wait_for(r"ann sets the table", 20, "the lobby")
    ann.wait_for(r"bob.*\n(.*\n)*.*cat|cat.*\n(.*\n)*.*bob", 10, "bob and cat seated")
    bob.keys("r")
    cat.keys("r")
    ann.wait_for(r"✓ ready\s+bob", 10)
    ann.wait_for(r"✓ ready\s+cat", 10)
    ann.keys("s")
    for term in (ann, bob, cat):
        term.wait_for(r"turn 1", 15, "the game")

    # -- bob's client is killed mid-game and started again: the others see gone, then back
    os.kill(bob.client_pid() or 0, signal.SIGKILL)
    for term in (ann, cat):
        term.wait_for(r"bob\b.*gone|bob lost connection", 12, "bob gone")
    bob.paste(f"{command} --name bob")
    bob.wait_for(r"you are bob · turn", 20, "bob back at the table")
    for term in (ann, cat):
        term.wait_for(r"bob is back", 10, "bob back")

    # -- play to the end: the first kitten is left to the clock, and defused for its drawer
    timed_out: Terminal | None = None
    defused = False
    over: set[str] = set()
    deadline = time.monotonic() + 60
    while len(over) < 3 and time.monotonic() < deadline:
        for term in (ann, bob, cat):
            if term.name in over:
                continue                  # no key reaches a game-over dialog by accident
            screen = term.screen()
            if "Game over" in screen:
                over.add(term.name)
                continue
            if "You drew Exploding Kitten" in screen:
                if timed_out is None:
                    timed_out = term              # hands off: the clock runs out
                elif timed_out is not term or defused:
                    term.answer(screen, "save", "Enter")  # Use Defuse (highlighted first)
            elif timed_out is term and not defused:
                if "time ran out" in screen and "You use Defuse" in screen:
                    defused = True
            elif re.search(r"Put Exploding Kitten back", screen):
                term.answer(screen, "place", "Home", "Enter")
            elif found := re.search(r"Give |Choose |Take a card|Keep ", screen):
                term.answer(screen, found.group(0), "Enter")
            elif turns := re.search(r"Your turn( \(\d)?", screen):
                term.answer(screen, turns.group(0), "d")
        time.sleep(0.15)
    assert timed_out is not None, "nobody drew an Exploding Kitten"
    assert defused, f"{timed_out.name}'s kitten was not defused when the clock ran out:\n{timed_out.screen()}"
    assert over == {"ann", "bob", "cat"}, f"the game did not end for everyone: {sorted(over)}"

    # -- a rematch: each sees who is ready and who is awaited, then the new game is dealt
    ann.keys("r")
    bob.wait_for(r"ready ann.*waiting for (you, cat|cat, you|you)", 10, "ann ready, bob awaited")
    bob.keys("r")
    cat.wait_for(r"waiting for you", 10, "cat awaited")
    cat.keys("r")
    for term in (ann, bob, cat):
        term.wait_for(r"you are \w+ · turn 1\b", 15, "the rematch dealt")
        term.wait_gone(r"Game over", 5, "the game-over dialog")

    # -- ann quits (and confirms: people sit at her table); bob and cat hear it within 5 s
    ann.keys("C-q")
    ann.wait_for(r"Quit and close your table", 5, "the quit confirmation")
    ann.keys("y")
    quit_at = time.monotonic()
    for term in (bob, cat):
        term.wait_for(r"host closed the table|No connection to the host", 5, "the host gone")
    assert time.monotonic() - quit_at < 5
    assert time.monotonic() - started < 120
