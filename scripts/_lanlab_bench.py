#!/usr/bin/env python3
"""The two ends of ``scripts/lan-lab --bench``'s round trips, each run inside a lab machine.

    _lanlab_bench.py echo  --bind tcp://10.213.0.1:5600          # on the host machine
    _lanlab_bench.py probe --raw tcp://10.213.0.1:5600 --ekpeer tcp://10.213.0.1:5555/KEY

``echo`` is a bare pyzmq ROUTER that sends every frame straight back. ``probe`` (on a player's
machine) times round trips, in alternating blocks so both see the same load: a DEALER to the
echo with frames the size of an ekpeer ``ping``, and the client library's ``ping`` to the
real host (CurveZMQ, the host's checks, its reply), each paced ``--gap`` seconds apart. It
prints one JSON line: both lists of round trips, in seconds.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import sys
import time

import zmq
import zmq.asyncio

from ekpeer.net import protocol as P
from ekpeer.net.client import Client


async def echo(bind: str) -> None:
    ctx = zmq.asyncio.Context()
    sock = ctx.socket(zmq.ROUTER)
    sock.setsockopt(zmq.LINGER, 0)
    sock.bind(bind)
    sys.stdout.write(json.dumps({"event": "echoing", "bind": bind}) + "\n")
    sys.stdout.flush()
    while True:
        frames = await sock.recv_multipart()
        await sock.send_multipart(frames)


async def probe(raw: str, address: str, count: int, gap: float, blocks: int) -> dict:
    ctx = zmq.asyncio.Context()
    dealer = ctx.socket(zmq.DEALER)
    dealer.setsockopt(zmq.LINGER, 0)
    dealer.connect(raw)
    frame = P.encode("ping", {}, 1)           # the size of what the client sends
    client = Client(address, "bench", ctx=ctx, known_hosts=None)
    await client.connect()
    raw_rtts: list[float] = []
    ekpeer_rtts: list[float] = []
    per_block = max(1, count // blocks)
    try:
        for _ in range(3):                    # warm both paths (handshakes, first allocations)
            await dealer.send(frame)
            await dealer.recv()
            await client.ping()
        for _ in range(blocks):
            for _ in range(per_block):
                t0 = time.perf_counter()
                await dealer.send(frame)
                await dealer.recv()
                raw_rtts.append(time.perf_counter() - t0)
                await asyncio.sleep(gap)
            for _ in range(per_block):
                t0 = time.perf_counter()
                await client.ping()
                ekpeer_rtts.append(time.perf_counter() - t0)
                await asyncio.sleep(gap)
    finally:
        await client.close()
        dealer.close(linger=0)
        ctx.destroy(linger=0)
    return {"event": "rtts", "raw": raw_rtts, "ekpeer": ekpeer_rtts}


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = ap.add_subparsers(dest="cmd", required=True)
    e = sub.add_parser("echo")
    e.add_argument("--bind", required=True)
    p = sub.add_parser("probe")
    p.add_argument("--raw", required=True)
    p.add_argument("--ekpeer", required=True)
    p.add_argument("--count", type=int, default=300)
    p.add_argument("--blocks", type=int, default=4)
    p.add_argument("--gap", type=float, default=0.025,
                   help="seconds between round trips (the host allows 50 messages a second)")
    args = ap.parse_args()
    if args.cmd == "echo":
        asyncio.run(echo(args.bind))
        return 0
    result = asyncio.run(probe(args.raw, args.ekpeer, args.count, args.gap, args.blocks))
    sys.stdout.write(json.dumps(result) + "\n")
    return 0


if __name__ == "__main__":
    try:
        sys.exit(main())
    except KeyboardInterrupt:
        sys.exit(130)
