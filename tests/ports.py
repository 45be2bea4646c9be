"""A free loopback port for tests that bind a port they name (a host killed and started
again on the same port, a subprocess told where to listen).

Asking the OS for port 0 and reusing the number is racy once two pytest workers run: in the
moment the port is free (between a host's crash and its resume, say) the other worker's
next ``bind(0)`` may be handed it. So the port comes from below the OS's ephemeral range,
which ``bind(0)`` never hands out, from a slice of its own for each xdist worker.
"""

from __future__ import annotations

import os
import random
import socket

SLICE = 2500
WORKERS = 4          # scripts/test runs at most 4 workers


def _ephemeral_low() -> int:
    try:
        with open("/proc/sys/net/ipv4/ip_local_port_range") as fh:
            return int(fh.read().split()[0])
    except (OSError, ValueError, IndexError):
        return 32768


def _bind_any() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def free_port() -> int:
    """A loopback TCP port nobody listens on now, and no other test worker picks."""
    worker = os.environ.get("PYTEST_XDIST_WORKER", "gw0")[2:]
    n = int(worker) % WORKERS if worker.isdigit() else 0
    low = _ephemeral_low() - SLICE * WORKERS
    if low < 10000:                 # an unusual range: fall back to the OS's choice
        return _bind_any()
    first = low + n * SLICE
    for _ in range(100):
        port = random.randrange(first, first + SLICE)
        with socket.socket() as s:
            try:
                s.bind(("127.0.0.1", port))
            except OSError:
                continue
            return port
    return _bind_any()
