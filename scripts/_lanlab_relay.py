#!/usr/bin/env python3
"""A TCP relay that adds latency: the LAN lab's stand-in for ``tc ... netem`` where the kernel
has no netem (as on the machines this lab was written on).

    _lanlab_relay.py --listen 10.213.0.11:15555 --to 10.213.0.1:5555 --delay-ms 40 [--loss 0.01]

Every chunk read from one side is written to the other ``--delay-ms`` later (plus up to
``--jitter-ms``), in order, each direction on its own. It runs in the player's namespace
and the player connects to it instead of the host (the host's key still pins the host, so
CurveZMQ sees nothing in between). A byte stream cannot lose bytes, so ``--loss`` is what a
lost segment costs an application over TCP: with that probability a chunk waits
``--stall-ms`` (200, a retransmit) longer, and everything behind it waits too.
It prints one JSON line ``{"event": "relaying", ...}`` when it listens, saying it is a relay.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import sys
import time


def say(record: dict) -> None:
    sys.stdout.write(json.dumps(record) + "\n")
    sys.stdout.flush()


def _addr(value: str) -> tuple[str, int]:
    host, _, port = value.rpartition(":")
    return host, int(port)


async def pump(reader: asyncio.StreamReader, writer: asyncio.StreamWriter, args: argparse.Namespace,
               rng: random.Random) -> None:
    queue: asyncio.Queue[tuple[float, bytes]] = asyncio.Queue()

    async def later() -> None:
        while True:
            due, data = await queue.get()
            if not data:
                break
            wait = due - time.monotonic()
            if wait > 0:
                await asyncio.sleep(wait)
            writer.write(data)
            await writer.drain()
        writer.close()

    sender = asyncio.ensure_future(later())
    last_due = 0.0
    try:
        while True:
            data = await reader.read(65536)
            delay = args.delay_ms / 1000 + rng.uniform(0, args.jitter_ms / 1000)
            if data and args.loss and rng.random() < args.loss:
                delay += args.stall_ms / 1000
            due = max(time.monotonic() + delay, last_due)      # in order, as TCP delivers
            last_due = due
            queue.put_nowait((due, data))
            if not data:
                break
        await sender
    except (ConnectionError, OSError):
        sender.cancel()
        writer.close()


async def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--listen", type=_addr, required=True)
    ap.add_argument("--to", type=_addr, required=True)
    ap.add_argument("--delay-ms", type=float, default=20.0, help="one-way delay, each direction")
    ap.add_argument("--jitter-ms", type=float, default=0.0)
    ap.add_argument("--loss", type=float, default=0.0, help="probability that a chunk stalls")
    ap.add_argument("--stall-ms", type=float, default=200.0)
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    rng = random.Random(args.seed)

    async def on_client(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        try:
            up_reader, up_writer = await asyncio.open_connection(*args.to)
        except OSError as exc:
            say({"event": "upstream_failed", "error": repr(exc)})
            writer.close()
            return
        peer = writer.get_extra_info("peername") or ("?", 0)
        say({"event": "connected", "from": f"{peer[0]}:{peer[1]}"})
        await asyncio.gather(pump(reader, up_writer, args, rng), pump(up_reader, writer, args, rng),
                             return_exceptions=True)

    server = await asyncio.start_server(on_client, *args.listen)
    say({"event": "relaying", "listen": f"{args.listen[0]}:{args.listen[1]}",
         "to": f"{args.to[0]}:{args.to[1]}", "delay_ms": args.delay_ms, "loss": args.loss,
         "note": "userspace relay standing in for netem (no netem in this kernel): latency per chunk, "
                 "loss as a stall"})
    async with server:
        await server.serve_forever()
    return 0


if __name__ == "__main__":
    try:
        sys.exit(asyncio.run(main()))
    except KeyboardInterrupt:
        sys.exit(130)
