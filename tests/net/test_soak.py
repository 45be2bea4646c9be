"""The soak's short form: scripts/soak --seconds 20 --tables 5 (clients drop and return)."""

from __future__ import annotations

import os
import subprocess
from pathlib import Path

from .conftest import ROOT, env_for_subprocess


def test_short_soak_keeps_every_card_and_raises_nothing():
    proc = subprocess.run([str(ROOT / "scripts/soak"), "--seconds", "20", "--tables", "5"],
                          capture_output=True, text=True, timeout=90, env=env_for_subprocess(), cwd=ROOT)
    out = dict(line.split(": ", 1) for line in proc.stdout.splitlines() if ": " in line)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert out["host_exceptions"] == "0" and out["cards_mismatches"] == "0", out
    assert out["host_alive_at_end"] == "1" and int(out["games_finished"]) >= 3, out
    assert int(out["reconnects"]) + int(out["returns_as_new_client"]) >= 10, out
    assert int(out["tables_finished_or_playing"]) == 5, out
    # its host has a fresh key on a random port each run: the user's known hosts neither
    # refuse it (a port met before with another key) nor keep it
    assert not Path(os.environ["EKPEER_KNOWN_HOSTS"]).exists()
