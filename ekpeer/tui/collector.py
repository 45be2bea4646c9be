"""The cyclic garbage collector, paused while the client starts.

Importing Textual and building the first screen allocate a few hundred thousand objects, and
CPython's collector walks all of them again and again as they arrive: about 40 ms of a 0.4 s
start, one full collection alone 15 ms. Nothing made during startup is garbage worth that, so
the collector waits until the first screen is interactive; then what startup built is frozen
(moved out of every later collection, which also keeps collections short during play) and the
collector runs as usual.
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
