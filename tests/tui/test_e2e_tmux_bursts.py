"""The real ``ekpeer play`` in tmux, sent several keys in one ``send-keys`` (one read for the
client, as with SSH, a busy machine or key repeat): each key acts on what the ones before left."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import time
import uuid

import pytest

from .test_e2e_tmux import EKPEER, _tmux, tmux_cmd

pytestmark = pytest.mark.skipif(shutil.which("tmux") is None, reason="tmux is not installed")


def hand_titles(screen: str) -> list[str]:
    """The hand's card titles, left to right, read off the boxes drawn at the bottom."""
    lines = screen.splitlines()
    top = max(i for i, line in enumerate(lines) if "╭" in line or "┏" in line)
    spans = [(m.start(), m.end()) for m in re.finditer(r"[╭┏][─━]+[╮┓]", lines[top])]
    titles = []
    for a, b in spans:
        inner = " ".join(line[a + 1:b - 1] for line in lines[top + 1:top + 4] if len(line) >= b)
        titles.append(" ".join(inner.split()))
    return titles


def test_three_arrows_and_enter_in_one_send_keys_play_the_fourth_card():
    exe = str(EKPEER) if EKPEER.exists() else shutil.which("ekpeer")
    if exe is None:
        pytest.skip("ekpeer is not installed")
    name = f"ekpeer-burst-{uuid.uuid4().hex[:8]}"
    # seed 5 deals ann Defuse x2, Favor, See the Future x2, Attack x2, Nope: five titles
    cmd = (f"{exe} play --name ann --players 2 --bots heuristic --reaction 0.2 --turn 60 --think 0.02"
           " --start --seed 5")
    env = dict(os.environ, TERM="xterm-256color")
    subprocess.run(tmux_cmd("new-session", "-d", "-s", name, "-x", "150", "-y", "30", cmd),
                   check=True, env=env)
    try:
        screen = ""
        deadline = time.monotonic() + 20
        while time.monotonic() < deadline and ("Your turn" not in screen or "╭" not in screen):
            time.sleep(0.1)
            screen = _tmux("capture-pane", "-t", name, "-p")
        assert "Your turn" in screen, screen
        titles = hand_titles(screen)
        assert len(titles) >= 4 and titles[0] == "Defuse", titles
        _tmux("send-keys", "-t", name, "Right", "Right", "Right", "Enter")
        played = f"You play {titles[3]}"
        refused = f"{titles[3]}: not a move"
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline and played not in screen and refused not in screen:
            time.sleep(0.1)
            screen = _tmux("capture-pane", "-t", name, "-p")
        assert played in screen or refused in screen, f"wanted {titles[3]!r} of {titles}:\n{screen}"
        for wrong in titles[:3]:
            assert f"You play {wrong}" not in screen and f"{wrong}: not a move" not in screen, screen
    finally:
        subprocess.run(tmux_cmd("kill-session", "-t", name), capture_output=True)
