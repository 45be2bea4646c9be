"""An attacker process (issue 26.1): many sockets at once, each with a fresh CURVE key, each
flooding pings without ever reading, replaced by a fresh one (a new key) every ``--life``
seconds, whether or not the host has cut it already. Run as a script:

    python tests/net/_flood_attacker.py tcp://HOST:PORT/KEY --seconds 30

It prints ``sockets: N`` (how many it made) when its time is up. Against a host whose ROUTER
had ZMTP heartbeats and a receive high-water mark, libzmq 4.3.5 aborted the host within
seconds (``Assertion failed: !_io_error (src/stream_engine_base.cpp:310)``).
"""

from __future__ import annotations

import argparse
import contextlib
import time

import zmq

from ekpeer.net import protocol as P
from ekpeer.net import security


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("address")
    ap.add_argument("--seconds", type=float, default=30.0)
    ap.add_argument("--sockets", type=int, default=16)
    ap.add_argument("--life", type=float, default=0.3)
    ap.add_argument("--source", default="", help="the loopback address to connect from (another machine)")
    ap.add_argument("--zmtp-heartbeat-ms", type=int, default=0,
                    help="the attacker's own ZMTP heartbeats (its PINGs ask the host for PONGs; its own "
                         "libzmq may then abort the attacker, the same bug on its side)")
    args = ap.parse_args()
    endpoint, key = security.split_address(args.address)
    assert key is not None, "the whole address, key included"
    ctx = zmq.Context()
    hello = P.encode("hello", {"versions": [P.VERSION], "name": "flood"}, 1)
    ping = P.encode("ping", {"seen": 0}, 2)
    made = 0

    def fresh() -> tuple[zmq.Socket, float]:
        nonlocal made
        sock = ctx.socket(zmq.DEALER)
        sock.setsockopt(zmq.LINGER, 0)
        sock.setsockopt(zmq.RCVHWM, 1)            # never reads: what the host sends piles up
        sock.setsockopt(zmq.SNDHWM, 100_000)
        sock.setsockopt(zmq.RECONNECT_IVL, -1)
        if args.zmtp_heartbeat_ms:
            sock.setsockopt(zmq.HEARTBEAT_IVL, args.zmtp_heartbeat_ms)
            sock.setsockopt(zmq.HEARTBEAT_TTL, 3000)
        security.secure_client(sock, key, zmq.curve_keypair())     # a new key every time
        sock.connect(endpoint.replace("tcp://", f"tcp://{args.source}:0;", 1) if args.source else endpoint)
        with contextlib.suppress(zmq.ZMQError):
            sock.send(hello, zmq.NOBLOCK)
        made += 1
        return sock, time.monotonic() + args.life

    end = time.monotonic() + args.seconds
    socks = [fresh() for _ in range(args.sockets)]
    while time.monotonic() < end:
        for i, (sock, until) in enumerate(socks):
            for _ in range(200):
                try:
                    sock.send(ping, zmq.NOBLOCK)
                except zmq.ZMQError:
                    break
            if time.monotonic() > until:
                sock.close(0)
                socks[i] = fresh()
    for sock, _ in socks:
        sock.close(0)
    ctx.term()
    print(f"sockets: {made}", flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
