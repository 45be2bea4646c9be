"""The cyclic garbage collector: paused while the client starts, tuned where a host serves.

Importing Textual and building the first screen allocate a few hundred thousand objects, and
CPython's collector walks all of them again and again as they arrive: about 40 ms of a 0.4 s
start, one full collection alone 15 ms. Nothing made during startup is garbage worth that, so
the collector waits until the first screen is interactive; then what startup built is frozen
(moved out of every later collection, which also keeps collections short during play) and the
collector runs as usual.

A host that serves many tables is another case: its games make almost no reference cycles
(its collections find next to nothing), yet each full pass walked every table's game and
stopped them all, about 20 ms with 100 tables, which was most of the round trip's p99 there.
"""

from __future__ import annotations

import gc

_paused = False


def pause() -> None:
    """Stop automatic collection until :func:`resume` (called by the ``ekpeer`` commands)."""
    global _paused
    if gc.isenabled():
        gc.disable()
        _paused = True


def resume() -> None:
    """Freeze what startup built and collect as usual again; harmless if nothing was paused."""
    global _paused
    if _paused:
        _paused = False
        gc.freeze()
        gc.enable()


def paused() -> bool:
    return _paused


#: Young objects before a collection (CPython's default is 700), then how many collections of
#: one generation before the next is collected: full passes become rare, each young one bigger.
SERVING_THRESHOLD = (20_000, 50, 100)


def serve() -> None:
    """For a process whose work is hosting: freeze what its start built, collect less often."""
    global _paused
    _paused = False
    gc.freeze()
    gc.set_threshold(*SERVING_THRESHOLD)
    gc.enable()
