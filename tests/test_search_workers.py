"""The search bots' worker processes end with the host that started them, however it ended
(a stranger found two left over after each `ekpeer play`: its forked host ends with
os._exit, which runs no atexit, and each orphaned worker held 22 MB for good)."""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap
import time

HOST = textwrap.dedent("""
    import os, sys
    os.environ["EKPEER_BOT_WORKERS"] = "1"
    from ekpeer.bots import pool
    pool.pool().submit(os.getpid).result(timeout=60)     # a worker is up and answering
    print(" ".join(str(p) for p in pool.pool()._processes), flush=True)
    os._exit(0)                                          # as the forked host ends: no atexit
""")


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    try:        # a zombie (exited, not yet reaped by init) is gone for our purpose
        with open(f"/proc/{pid}/stat") as f:
            return f.read().split(") ", 1)[1][:1] != "Z"
    except OSError:
        return False


def test_a_search_worker_ends_when_its_host_ends_without_atexit():
    out = subprocess.run([sys.executable, "-c", HOST], capture_output=True, text=True, timeout=60)
    workers = [int(p) for p in out.stdout.split()]
    assert workers, out.stderr
    deadline = time.monotonic() + 10
    while any(_alive(p) for p in workers) and time.monotonic() < deadline:
        time.sleep(0.1)
    left = [p for p in workers if _alive(p)]
    for p in left:          # never leave one behind, even when the test fails
        os.kill(p, 9)
    assert not left, f"search workers outlived their host: {left}"


ENDING = textwrap.dedent("""
    import os, time
    os.environ["EKPEER_BOT_WORKERS"] = "1"
    from ekpeer.bots import pool
    pool.pool().submit(os.getpid).result(timeout=60)
    pool.pool().submit(time.sleep, 30)                   # a search still running at the quit
    time.sleep(0.3)
    pool.shutdown(ending=True)                           # what the forked host does last
    os._exit(0)
""")


def test_a_host_ending_mid_search_leaks_no_semaphore():
    """play-host.log read "There appear to be 5 leaked semaphore objects" after quitting
    while a bot searched: os._exit ran no finalizer of the pool's queues."""
    started = time.monotonic()
    out = subprocess.run([sys.executable, "-c", ENDING], capture_output=True, text=True, timeout=60)
    assert out.returncode == 0, out.stderr
    assert "leaked" not in out.stderr, out.stderr
    assert time.monotonic() - started < 20     # the running search was stopped, not awaited


UNDER_TEXTUAL = textwrap.dedent("""
    import os, sys
    os.environ["EKPEER_BOT_WORKERS"] = "1"

    class Capture:                     # what Textual puts in sys.stderr while an app runs
        def write(self, text): return len(text)
        def flush(self): pass
        def fileno(self): return -1

    sys.stderr = Capture()
    from ekpeer.bots import pool
    print(pool.pool().submit(sum, [1, 2]).result(timeout=60), flush=True)
    print(isinstance(sys.stderr, Capture), flush=True)
    pool.shutdown()
""")


def test_the_search_workers_start_under_textuals_stand_in_stderr():
    """A host inside the Textual client (``ekpeer play --menu``, then ctrl+b) refused the
    player's first move: the pool's resource tracker was handed Textual's stderr, whose
    fileno() is -1 ("bad value(s) in fds_to_keep"), and every search failed with it."""
    out = subprocess.run([sys.executable, "-c", UNDER_TEXTUAL], capture_output=True, text=True, timeout=90)
    assert out.stdout.split() == ["3", "True"], out.stderr[-2000:]
