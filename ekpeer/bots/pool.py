"""Where a host runs the search bot's decisions: off its event loop.

A search takes up to a second of one core. Run on the host's event loop it would stall
every table the host serves; run in a thread it would still hold the interpreter lock,
taking most of the loop's CPU. So the host sends each search (a picklable
:class:`~ekpeer.bots.expert.Decision`: the seat's view, moves and knowledge) to a small
pool of worker processes, and applies the answer when it comes back, if the game has not
moved on meanwhile.

``EKPEER_BOT_WORKERS`` sets the number of worker processes (default: one less than the
cores, at least one); ``0`` runs searches in a thread instead (tests, or a platform
without processes). The pool starts on first use and stops when the process exits.
"""

from __future__ import annotations

import atexit
import concurrent.futures as cf
import contextlib
import multiprocessing
import os
import sys
import threading
from collections.abc import Iterator
from typing import Any

from .expert import Decision, Result, decide

_lock = threading.Lock()
_pool: cf.Executor | None = None


def workers() -> int:
    try:
        n = int(os.environ.get("EKPEER_BOT_WORKERS", ""))
    except ValueError:
        n = -1
    if n < 0:
        n = max(1, (os.cpu_count() or 2) - 1)
    return n


def _follow_parent(parent: int, every: float = 0.5) -> None:
    """End this worker once the process that started it is gone, however it went: a host
    that ends with ``os._exit`` (``ekpeer play``'s forked host) or is killed runs no atexit,
    and a worker blocked on the pool's queue would otherwise live on, orphaned, for good."""
    import time

    while os.getppid() == parent:
        time.sleep(every)
    os._exit(0)


def _start_worker() -> None:
    """A worker's first act (the pool's initializer): follow its parent, load the rules."""
    threading.Thread(target=_follow_parent, args=(os.getppid(),), daemon=True,
                     name="ekpeer-follow-parent").start()
    _warm()


def _warm() -> None:
    """A worker loads the rules once, before its first search waits on that."""
    from ..plugins import ruleset

    try:
        ruleset(["base"])
    except Exception:  # a broken plugin surfaces on the search that needs it
        pass


@contextlib.contextmanager
def _stderr_with_a_file() -> Iterator[None]:
    """While the pool starts, a ``sys.stderr`` with a real file descriptor. A host inside the
    Textual client (``ekpeer play --menu``, ``ekpeer host`` with a player) runs under Textual's
    stand-in, whose ``fileno()`` is -1; multiprocessing's resource tracker hands that to its
    process and fails ("bad value(s) in fds_to_keep"), and every search with it."""
    current = sys.stderr
    try:
        usable = current is not None and current.fileno() >= 0
    except (AttributeError, OSError, ValueError):
        usable = False
    if not usable:
        sys.stderr = sys.__stderr__
    try:
        yield
    finally:
        sys.stderr = current


def pool() -> cf.Executor:
    global _pool
    with _lock:
        if _pool is None:
            n = workers()
            if n == 0:
                _pool = cf.ThreadPoolExecutor(max_workers=1, thread_name_prefix="ekpeer-search")
            else:
                from multiprocessing import resource_tracker

                with _stderr_with_a_file():
                    resource_tracker.ensure_running()     # started here, once, with a real stderr
                    _pool = cf.ProcessPoolExecutor(max_workers=n, initializer=_start_worker,
                                                   mp_context=multiprocessing.get_context("spawn"))
            atexit.register(shutdown)
        return _pool


def warm() -> None:
    """Start the workers now (a table with search bots just began): a spawned worker takes
    a moment to import the rules, which the first decision should not wait for."""
    try:
        pool().submit(_warm)
    except (cf.BrokenExecutor, RuntimeError):
        pass


def submit(decision: Decision) -> cf.Future[Result]:
    """Start ``decision``'s search; a broken pool (a worker died) is replaced once."""
    global _pool
    try:
        return pool().submit(decide, decision)
    except (cf.BrokenExecutor, RuntimeError):
        with _lock:
            _pool = None
        return pool().submit(decide, decision)


def shutdown(*_: Any, ending: bool = False) -> None:
    """Stop the pool. ``ending``: the process is about to end with ``os._exit`` (a forked
    host), which runs no finalizer: the workers are stopped mid-search and waited for, and
    the pool's queues collected, so that its semaphores are released rather than reported
    leaked by multiprocessing's resource tracker."""
    global _pool
    with _lock:
        executor, _pool = _pool, None
    if executor is None:
        return
    if ending:
        for process in list((getattr(executor, "_processes", None) or {}).values()):
            process.terminate()
    executor.shutdown(wait=ending, cancel_futures=True)
    if ending:
        import gc

        del executor
        gc.collect()
