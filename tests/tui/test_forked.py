"""``ekpeer play``'s host forked before the client loads (ekpeer/tui/forked.py).

The fork itself runs in a helper process (``_forked_probe.py``): forking pytest, which has
threads of its own, would not be safe.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from ekpeer.tui import forked
from ekpeer.tui.session import FakeSession

PROBE = Path(__file__).with_name("_forked_probe.py")
pytestmark = pytest.mark.skipif(not hasattr(os, "fork"), reason="POSIX only")


def probe(scenario: str) -> dict:
    done = subprocess.run([sys.executable, str(PROBE), scenario], capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout.strip().splitlines()[-1])


def gone(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except FileNotFoundError:
        return True
    return state in ("Z", "X")


def test_the_forked_session_deals_plays_and_ends_with_its_child():
    out = probe("play")
    assert out["types"] == ["lobby", "snapshot"] and out["hand"] > 0
    assert out["drew"]                      # a move went down the pipe, its update came up
    assert out["secret_keys"] == [] and not out["others_hand"]   # only this player's view
    assert out["reaped"]                    # close() waited for the child


def test_the_lobby_works_through_the_pipe():
    out = probe("lobby")
    assert out["types"][0] == "lobby" and out["types"][-1] == "snapshot"
    assert out["seats"] == 3                 # lobby_set, ready and start reached the host


def test_a_host_that_dies_ends_the_session_in_words():
    out = probe("crash")
    assert out["closed"] == "the host process stopped" and out["reaped"]


@pytest.mark.skipif(not Path("/proc").is_dir(), reason="reads /proc")
def test_the_child_stops_when_the_app_process_dies_without_closing():
    child = probe("orphan")["child"]
    deadline = time.monotonic() + 5
    while not gone(child) and time.monotonic() < deadline:
        time.sleep(0.05)
    assert gone(child)


def test_frames_survive_any_split_and_refuse_a_huge_length():
    data = forked._frame({"type": "update", "body": {"n": 1}}) + forked._frame({"call": "move", "args": [{}]})
    frames = forked._Frames()
    got = []
    for i in range(len(data)):
        got += frames.feed(data[i:i + 1])
    assert got == [{"type": "update", "body": {"n": 1}}, {"call": "move", "args": [{}]}]
    with pytest.raises(ValueError):
        forked._Frames().feed(forked._LENGTH.pack(forked.MAX_FRAME + 1))


def test_no_fork_while_a_thread_runs_or_when_turned_off(monkeypatch):
    stop = threading.Event()
    worker = threading.Thread(target=stop.wait)
    worker.start()
    try:
        assert not forked.can_fork()
    finally:
        stop.set()
        worker.join()
    monkeypatch.setattr(threading, "active_count", lambda: 1)
    assert forked.can_fork()
    monkeypatch.setenv("EKPEER_FORK_HOST", "0")
    assert not forked.can_fork()


def test_only_the_first_play_session_is_the_forked_one():
    made = []

    class Unused:
        discarded = False

        def discard(self):
            self.discarded = True

    first = forked.ForkedSession.__new__(forked.ForkedSession)
    factory = forked.forked_factory(first, lambda **kw: made.append(kw) or FakeSession())
    assert factory(mode="play", name="ann") is first
    assert isinstance(factory(mode="play", name="ann"), FakeSession)   # after leaving: in process
    other = Unused()
    factory = forked.forked_factory(other, lambda **kw: FakeSession())
    assert isinstance(factory(mode="join", name="ann"), FakeSession) and other.discarded
