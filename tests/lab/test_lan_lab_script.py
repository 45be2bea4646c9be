"""``scripts/lan-lab`` itself (issue 25, 2.10): a fault scheduled after the game ended fails the
run instead of reporting that the game survived it, and ``lan-lab check`` leaves nothing in
the temp folder. The real script, run as a person runs it (as root, in namespaces it makes);
the fault loop also with a clock of its own, which needs no lab.
"""

from __future__ import annotations

import importlib.machinery
import importlib.util
import os
import subprocess
import sys
from pathlib import Path

import _lanlab
import pytest

ROOT = Path(__file__).resolve().parents[2]
SCRIPT = ROOT / "scripts" / "lan-lab"


def _script():
    loader = importlib.machinery.SourceFileLoader("lan_lab_script", str(SCRIPT))
    spec = importlib.util.spec_from_loader("lan_lab_script", loader)
    module = importlib.util.module_from_spec(spec)
    loader.exec_module(module)
    return module


def _need_lab() -> None:
    why = _lanlab.unavailable()
    if why is not None:
        pytest.skip(why)


def test_a_fault_due_after_the_game_ended_is_reported_not_applied():
    lab_script = _script()
    clock = {"t": 0.0}
    applied: list = []

    def sleep(s: float) -> None:
        clock["t"] += s

    missed = lab_script.run_faults(
        [(1.0, ["partition", "ann", "2"]), (10.0, ["kill-host"])], elapsed=lambda: clock["t"],
        ended=lambda: clock["t"] > 5.0, apply=lambda at, f: applied.append((at, f)),
        heal_due=lambda now: None, sleep=sleep)
    assert applied == [(1.0, ["partition", "ann", "2"])]
    assert len(missed) == 1 and missed[0].startswith("10:kill-host (the game ended at 5.")
    ok, words = lab_script.verdict({"ann"}, [], missed)
    assert not ok and "never applied" in words and "survived" not in words
    assert lab_script.verdict({"ann"}, [], []) == (True, "the game survived")


def test_lan_lab_game_fails_when_a_fault_comes_after_the_end(tmp_path):
    _need_lab()
    run = subprocess.run([sys.executable, str(SCRIPT), "game", "--players", "ann", "--bots", "1",
                          "--think", "0:0.01", "--fault", "120:kill-host", "--keep", str(tmp_path / "keep")],
                         capture_output=True, text=True, timeout=90)
    assert run.returncode == 1, run.stdout + run.stderr
    assert "never applied: 120:kill-host" in run.stdout and "the game survived" not in run.stdout, run.stdout


def test_lan_lab_check_leaves_nothing_in_the_temp_folder(tmp_path):
    _need_lab()
    temp = tmp_path / "temp"
    temp.mkdir()
    run = subprocess.run([sys.executable, str(SCRIPT), "check"], capture_output=True, text=True, timeout=60,
                         env={**os.environ, "TMPDIR": str(temp)})
    assert run.returncode == 0, run.stdout + run.stderr
    assert "can run here" in run.stdout
    assert list(temp.iterdir()) == [], f"lan-lab check left {list(temp.iterdir())}"
