"""Soak: many tables of bots on a headless host (a subprocess) while clients drop and come back.

    scripts/soak [--seconds 600] [--tables 50]

The host runs with ``EKPEER_AUDIT_CARDS=1`` (it checks after every move that every card
of each table is still there, once) and CurveZMQ; each table has two remote bots (this
process) and one host bot, playing game after game. Random clients drop their
connection and resume with their token, or vanish for a while and come back in a new
client with the same key and token. At the end: ``name: value`` lines.

A load tool, not part of the product: it lives beside the other scripts, outside
``ekpeer/`` (which holds only what players and plugin authors use), and drives the host
from outside as any client would.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))       # ekpeer from this checkout, even without an install

CONFIG = """
name = "Soak"
[table]
expansions = ["base"]
seats = 3
bots = "heuristic"
reaction_seconds = 0.05
turn_seconds = 3.0
grace_seconds = 2.0
"""


def _rss_kb(pid: int) -> int:
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    except OSError:
        pass
    return 0


def _free_port() -> int:
    import socket

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Seat:
    def __init__(self, table: str, name: str, seed: int) -> None:
        self.table, self.name, self.seed = table, name, seed
        self.client = None
        self.bot = None
        self.task: asyncio.Task | None = None
        self.keypair = None
        self.token: str | None = None


async def run(seconds: float, tables: int, seed: int = 1) -> dict[str, float]:
    import zmq
    import zmq.asyncio

    from ekpeer.net.client import Client
    from ekpeer.net.remote_bot import RemoteBot

    rng = random.Random(seed)
    work = Path(tempfile.mkdtemp(prefix="ekpeer-soak-"))
    cfg = work / "soak.toml"
    cfg.write_text(CONFIG)
    port = _free_port()
    env = dict(os.environ, EKPEER_DATA_DIR=str(work / "data"), EKPEER_AUDIT_CARDS="1", PYTHONUNBUFFERED="1",
               EKPEER_NO_DISCOVERY="1")
    cmd = [sys.executable, "-m", "ekpeer.cli", "host", "--headless", "--bind", f"tcp://127.0.0.1:{port}",
           "--bot-think", "0.05:0.2", "--idle", "6", "--no-discovery"]
    for _ in range(tables):
        cmd += ["--config", str(cfg)]
    log = open(work / "host.log", "w+")
    host = subprocess.Popen(cmd, stdout=log, stderr=subprocess.STDOUT, env=env)
    address = None
    deadline = time.monotonic() + 20
    while address is None and time.monotonic() < deadline:
        await asyncio.sleep(0.1)
        log.seek(0)
        for line in log:
            if '"listening"' in line:
                address = json.loads(line)["address"]
    if address is None:
        host.kill()
        raise SystemExit("soak: the host did not start")

    ctx = zmq.asyncio.Context()
    ids = ["soak"] + [f"soak-{i}" for i in range(2, tables + 1)]
    seats = [Seat(t, n, rng.randrange(2**31)) for t in ids for n in ("ann", "bob")]
    stats = {"reconnects": 0, "returns": 0, "client_errors": 0}
    errors: list[str] = []          # what the client errors were (the first few are reported)

    async def sit(seat: Seat, begin: bool = True) -> None:
        # known_hosts=None: the soak's host has a new key on a random port each run; the user's
        # known hosts file is neither read (a port met before with another key would refuse) nor grown
        seat.client = Client(address, seat.name, ctx=ctx, ping_seconds=1.0, silence_seconds=4.0,
                             keypair=seat.keypair, token=seat.token, known_hosts=None)
        await seat.client.connect()
        seat.keypair = seat.client.keypair
        if seat.token is not None:
            seat.client.table = seat.table
        seat.bot = RemoteBot(seat.client, seed=seat.seed, think=(0.05, 0.2), games=10**9, emit=None)
        try:
            await seat.bot.join(seat.table, seat.token)
        except Exception:
            seat.token = seat.client.token = None     # the seat is gone (a lobby forgets dropped seats)
            await seat.bot.join(seat.table, None)
        seat.token = seat.client.token
        seat.task = asyncio.create_task(seat.bot.run())
        if begin:       # not while the first players still come in (that start is below)
            await start(seat)

    async def start(seat: Seat) -> None:
        # a config table with a free seat starts when a seated player asks (the host bot fills it)
        try:
            await seat.client.start()
        except Exception:
            pass

    for seat in seats:
        seat.keypair = zmq.curve_keypair()
    await asyncio.gather(*(sit(s, begin=False) for s in seats))
    await asyncio.gather(*(start(s) for s in seats))

    busy: set[Seat] = set()
    actions: set[asyncio.Task] = set()

    async def chaos() -> None:
        while True:
            await asyncio.sleep(rng.uniform(0.1, 0.5))
            seat = rng.choice(seats)
            if seat.client is None or seat in busy:
                continue
            busy.add(seat)
            task = asyncio.create_task(disturb(seat))
            actions.add(task)
            task.add_done_callback(lambda t, s=seat: (busy.discard(s), actions.discard(t)))

    async def disturb(seat: Seat) -> None:
        if True:
            try:
                if rng.random() < 0.6:
                    await seat.client.reconnect()          # drop the connection, resume on a new one
                    stats["reconnects"] += 1
                else:                                      # vanish a while, come back as a new client
                    old, seat.client = seat.client, None
                    if seat.task is not None:
                        seat.task.cancel()
                    await old.close()
                    await asyncio.sleep(rng.uniform(0.2, 3.0))
                    await sit(seat)
                    stats["returns"] += 1
            except Exception as exc:
                stats["client_errors"] += 1
                errors.append(f"{seat.table}/{seat.name}: {exc!r}"[:200])
                if seat.client is None:
                    try:
                        await sit(seat)
                    except Exception as again:
                        stats["client_errors"] += 1
                        errors.append(f"{seat.table}/{seat.name} (sitting again): {again!r}"[:200])

    rss: list[tuple[float, int]] = []
    t0 = time.monotonic()
    chaos_task = asyncio.create_task(chaos())
    try:
        while time.monotonic() - t0 < seconds and host.poll() is None:
            rss.append((time.monotonic() - t0, _rss_kb(host.pid)))
            await asyncio.sleep(min(5.0, max(0.5, seconds / 40)))
    finally:
        chaos_task.cancel()
        for t in list(actions):
            t.cancel()
        await asyncio.gather(chaos_task, *actions, return_exceptions=True)
    rss.append((time.monotonic() - t0, _rss_kb(host.pid)))
    alive = host.poll() is None
    # a last look at every table: finished or still playing
    phases: dict[str, str] = {}
    probe = Client(address, "probe", ctx=ctx, request_timeout=5.0, known_hosts=None)
    try:
        hello = await probe.connect()
        page = 0
        while hello.get("tables"):          # the host lists its tables a page at a time
            phases.update({t["table"]: t["phase"] for t in hello["tables"]})
            if len(phases) >= hello.get("table_count", 0):
                break
            page += 1
            hello = await probe.request("hello", {"versions": [1], "page": page})
    except Exception:
        pass
    finally:
        await probe.close()
    for seat in seats:
        if seat.task is not None:
            seat.task.cancel()
        if seat.client is not None:
            await seat.client.close()
    host.send_signal(signal.SIGTERM)
    try:
        host.wait(10)
    except subprocess.TimeoutExpired:
        host.kill()
    ctx.destroy(0)
    log.seek(0)
    records = []
    for line in log:
        try:
            records.append(json.loads(line))
        except ValueError:
            records.append({"level": "error", "event": "not_json", "line": line[:200]})
    count = lambda ev: sum(1 for r in records if r.get("event") == ev)  # noqa: E731
    warm = [kb for t, kb in rss if t >= seconds * 0.25] or [kb for _, kb in rss]
    half = len(warm) // 2 or 1
    first, last = warm[:half], warm[half:] or warm[:half]
    out = {
        "seconds": round(time.monotonic() - t0, 1),
        "tables": tables,
        "games_finished": count("game_over"),
        "games_started": count("game_started"),
        "tables_playing": sum(1 for p in phases.values() if p == "playing"),
        "tables_finished_or_playing": sum(1 for p in phases.values() if p in ("playing", "over")),
        "tables_in_lobby": sum(1 for p in phases.values() if p == "lobby"),
        "host_alive_at_end": int(alive),
        "host_exceptions": count("handler_error") + count("engine_error") + count("bot_error"),
        "host_error_lines": sum(1 for r in records if r.get("level") == "error"),
        "cards_mismatches": count("cards_mismatch"),
        "reconnects": stats["reconnects"],
        "returns_as_new_client": stats["returns"],
        "host_resumed_seats": count("resumed"),
        "bot_takeovers": count("bot_takes_over"),
        "client_errors": stats["client_errors"],
        "client_error_kinds": " | ".join(errors[:5]) or "none",
        "host_rss_kb_start": rss[0][1] if rss else 0,
        "host_rss_kb_after_warmup": round(sum(first) / len(first)) if first else 0,
        "host_rss_kb_end": round(sum(last) / len(last)) if last else 0,
        "host_rss_growth_after_warmup_pct": round(100.0 * (sum(last) / len(last) - sum(first) / len(first))
                                                  / max(1, sum(first) / len(first)), 1) if first else 0.0,
        "host_rss_kb_series": " ".join(f"{int(t)}s={kb}" for t, kb in rss),
        "host_log": str(work / "host.log"),
    }
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="soak", description=__doc__.split("\n\n")[0])
    ap.add_argument("--seconds", type=float, default=600.0)
    ap.add_argument("--tables", type=int, default=50)
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args(argv)
    out = asyncio.run(run(args.seconds, args.tables, args.seed))
    for k, v in out.items():
        print(f"{k}: {v}")
    sys.stdout.flush()
    bad = out["host_exceptions"] or out["cards_mismatches"] or not out["host_alive_at_end"]
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
