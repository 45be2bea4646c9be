"""Issue 26.1: a client that floods pings without reading, is cut, and comes back with a
fresh key, again and again, must not take the host down (and every table with it).

With ZMTP heartbeats on its ROUTER, libzmq 4.3.5 aborted the host within seconds
(``Assertion failed: !_io_error (src/stream_engine_base.cpp:310)``, SIGABRT): a connection
whose input ZeroMQ had stopped (its queue to the host full) was shut down, and a heartbeat
then wrote on it. The host has its own keepalive (pings, the idle sweep, the gate), so it
sets no ZMTP heartbeat. This test is the attack, on a real headless host in its own
process, while two bot processes play on at another table; the attacker comes from another
loopback address (another "machine")."""

from __future__ import annotations

import json
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

from .conftest import EKPEER, address, env_for_subprocess, free_port

CONFIG = """
name = "Flood test"
[table]
expansions = ["base"]
deck = "original"
seats = 2
bots = "heuristic"
reaction_seconds = 0.03
turn_seconds = 5.0
grace_seconds = 10.0
"""

ATTACK_SECONDS = 30.0
ATTACKER = Path(__file__).with_name("_flood_attacker.py")
FRAMES_PER_KEY = 50     # 2 cores: 522 a key idle, 297 and 250 beside three and five busy loops


class Lines:
    """A process's stdout read in a thread, each JSON line stamped with when it came."""

    def __init__(self, proc: subprocess.Popen) -> None:
        self.records: list[tuple[float, dict]] = []
        self.thread = threading.Thread(target=self._read, args=(proc,), daemon=True)
        self.thread.start()

    def _read(self, proc: subprocess.Popen) -> None:
        for line in proc.stdout:
            try:
                self.records.append((time.monotonic(), json.loads(line)))
            except ValueError:
                pass

    def events(self, name: str, since: float = 0.0) -> list[dict]:
        return [r for t, r in list(self.records) if r.get("event") == name and t >= since]


def test_fresh_key_flood_for_30s_leaves_the_host_serving_its_other_table(tmp_path):
    cfg = tmp_path / "flood.toml"
    cfg.write_text(CONFIG)
    endpoint = f"tcp://127.0.0.1:{free_port()}"
    env = env_for_subprocess()
    env["EKPEER_NO_DISCOVERY"] = "1"
    pipes = {"stdout": subprocess.PIPE, "stderr": subprocess.PIPE, "text": True, "env": env}
    host = subprocess.Popen([*EKPEER, "host", "--headless", "--bind", endpoint, "--config", str(cfg),
                             "--bot-think", "0"], **pipes)
    procs: list[subprocess.Popen] = [host]
    try:
        host_log = Lines(host)
        deadline = time.monotonic() + 15
        while not host_log.events("listening"):
            assert host.poll() is None and time.monotonic() < deadline, host.stderr.read()
            time.sleep(0.05)
        bots = [subprocess.Popen([*EKPEER, "bot", address(endpoint), "--name", n, "--table", "flood",
                                  "--games", "10000", "--think", "0.02:0.05", "--seed", str(i),
                                  "--timeout", str(ATTACK_SECONDS + 40)], **pipes)
                for i, n in enumerate(["ann", "bob"])]
        procs += bots
        bot_logs = [Lines(b) for b in bots]
        deadline = time.monotonic() + 20
        while not bot_logs[0].events("game_over"):
            assert time.monotonic() < deadline, "the bots never finished a game before the attack"
            time.sleep(0.1)
        attacker = subprocess.Popen([sys.executable, str(ATTACKER), address(endpoint), "--source",
                                     "127.0.0.2", "--seconds", str(ATTACK_SECONDS)], **pipes)
        procs.append(attacker)
        out, err = attacker.communicate(timeout=ATTACK_SECONDS + 30)
        assert attacker.returncode == 0, err
        made = int(out.split("sockets:")[1])
        ended = time.monotonic()
        # the host lived through it
        assert host.poll() is None, f"the host died ({host.returncode}): {host.stderr.read()[-2000:]}"
        assert made > 200
        # the other table plays on: a game finishes after the attack (on 2 cores, under the
        # flood, it may not finish one during it; what matters is that the host still serves it)
        deadline = time.monotonic() + 20
        while not bot_logs[0].events("game_over", since=ended):
            assert host.poll() is None, host.stderr.read()[-2000:]
            assert time.monotonic() < deadline, "the table stopped playing after the attack"
            time.sleep(0.1)
    finally:
        for p in procs[1:]:
            if p.poll() is None:
                p.kill()
            p.wait(5)
        if host.poll() is None:
            host.send_signal(signal.SIGTERM)
        host.wait(10)
    assert host.returncode == 0, host.stderr.read()[-2000:]
    # and it was an attack: the host read the flood, at least FRAMES_PER_KEY frames for each
    # fresh key on average. How many sockets it cut as flooders (``flood_dropped``) depends on
    # the processor time it gets within a socket's 0.3 s: 716 and 760 of about 1,580 on an
    # idle 2-core machine, 16 in CI, 0 and 53 beside three and five busy loops. With ZMTP
    # heartbeats back on the host aborted idle and beside three busy loops alike, so the cuts
    # are not what makes this test catch the bug.
    deadline = time.monotonic() + 5
    while not host_log.events("stopped") and time.monotonic() < deadline:
        time.sleep(0.05)
    frames_in = host_log.events("stopped")[0]["frames_in"]
    cut = len(host_log.events("flood_dropped"))
    assert frames_in > FRAMES_PER_KEY * made, f"{frames_in} frames from {made} keys ({cut} cut as flooders)"
