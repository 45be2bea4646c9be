"""A headless host in a subprocess and bot clients in other processes play a game to the end."""

from __future__ import annotations

import json
import signal
import subprocess
import time

from ekpeer.collector import SERVING_THRESHOLD

from .conftest import EKPEER, address, env_for_subprocess, free_port

CONFIG = """
name = "Net test"
[table]
expansions = ["base"]
deck = "original"
seats = 3
bots = "heuristic"
reaction_seconds = 0.03
turn_seconds = 5.0
grace_seconds = 5.0
"""


PIPES = {"stdout": subprocess.PIPE, "stderr": subprocess.PIPE, "text": True, "env": env_for_subprocess()}


def _lines(text: str) -> list[dict]:
    return [json.loads(line) for line in text.splitlines() if line.strip()]


def test_full_game_bots_in_processes_against_headless_host(tmp_path):
    cfg = tmp_path / "nettest.toml"
    cfg.write_text(CONFIG)
    port = free_port()
    endpoint = f"tcp://127.0.0.1:{port}"
    host = subprocess.Popen([*EKPEER, "host", "--headless", "--bind", endpoint, "--config", str(cfg),
                             "--config", str(cfg), "--bot-think", "0"],
                            **PIPES)
    bots = []
    try:
        time.sleep(0.3)
        bots = [subprocess.Popen([*EKPEER, "bot", address(endpoint), "--name", n, "--table", "nettest",
                                  "--timeout", "15", "--seed", str(i)], **PIPES)
                for i, n in enumerate(["ann", "bob", "cat"])]
        outs = [b.communicate(timeout=18) for b in bots]
    finally:
        for b in bots:
            if b.poll() is None:
                b.kill()
        host.send_signal(signal.SIGTERM)
        host_out, host_err = host.communicate(timeout=5)
    for b, (out, err) in zip(bots, outs, strict=True):
        assert b.returncode == 0, err
        records = _lines(out)
        assert records[0]["event"] == "joined" and records[0]["token"]
        over = [r for r in records if r["event"] == "game_over"]
        assert over and over[0]["winner"] in ("ann", "bob", "cat")
    assert host.returncode == 0, host_err
    log = _lines(host_out)          # every line of the headless log is JSON
    kinds = [r["event"] for r in log]
    assert "listening" in kinds and "game_started" in kinds and "game_over" in kinds
    tuned = next(r for r in log if r["event"] == "collector")       # ekpeer.collector.serve()
    assert tuple(tuned["threshold"]) == SERVING_THRESHOLD and tuned["frozen"] > 0
    assert {r["table"] for r in log if r["event"] == "table_added"} == {"nettest", "nettest-2"}
    assert kinds[-1] == "stopped"
    winners = {r["winner"] for r in log if r["event"] == "game_over"}
    assert winners == {over[0]["winner"]}


def test_host_without_headless_defers_to_the_tui(capsys, monkeypatch):
    from ekpeer import cli, cli_tui

    called = {}
    if hasattr(cli_tui, "host_with_player"):
        monkeypatch.setattr(cli_tui, "host_with_player", lambda args: called.setdefault("args", args) and 0)
        assert cli.main(["host"]) == 0
        assert called["args"].headless is False
    else:
        assert cli.main(["host"]) == 2
        assert "not installed" in capsys.readouterr().err
