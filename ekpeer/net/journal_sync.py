"""The host's crash-journal appends and their fsyncs.

Each move a table applies is written to its journal file (:mod:`ekpeer.net.journal`) and so
handed to the operating system before any frame tells of it: a host process killed at any
instant (``kill -9``, a crash) loses nothing, and ``ekpeer host --resume`` brings every table
back exactly. The fsync that makes the append survive a power cut follows at once, one per
append, in a worker thread, so that neither the loop nor any player's round trip waits for
the disk. What a power cut can lose is the last few milliseconds of moves, which players may
have seen: a resumed host is where its disk says, and clients take its snapshot.

A lobby change or a game's start rewrites the table's file (temporary file, fsync, rename:
handed to the operating system at once, like an append). The folder's fsync that makes the
rename survive a power cut takes ten times the file's own on a virtual disk, so it too
follows in a worker thread: until then a power cut leaves the file as it was before.

Of its host it knows only :class:`JournalHost` (the host imports this module, not the
other way).
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import Any, Protocol, runtime_checkable

from .journal import Journal, fsync_and_close

#: The "table" of a folder fsync owed after a rewrite (a name no table id can be: ids are str).
_FOLDER: Any = object()


@runtime_checkable
class JournalHost(Protocol):
    """What the appends and fsyncs use of their host (:class:`~ekpeer.net.host.Host` is one)."""

    journal: Journal | None
    loop: asyncio.AbstractEventLoop
    stats: dict[str, int]           # counts "fsyncs"

    def guard_io(self, fn: Callable[..., Any], *args: Any) -> Any:
        """``fn(*args)``: a disk error is logged, never raised (None then)."""
        ...


class JournalSync:
    """A host's journal appends and fsyncs (it owns one)."""

    def __init__(self, host: JournalHost) -> None:
        self.host = host
        self.pool: Any = None        # the fsync threads (made on first use)
        self.syncing: set[asyncio.Future] = set()
        self.to_sync: list[tuple[str, int]] = []     # (table id, descriptor) owed an fsync

    def append(self, table_id: str, records: list[dict[str, Any]]) -> None:
        """Write ``records`` at the end of table ``table_id``'s journal file now; fsync them
        after this loop pass (:meth:`sync`), once the frames that tell of them are on their way."""
        host = self.host
        journal = host.journal
        assert journal is not None
        for record in records:
            host.guard_io(journal.write, table_id, record)
        fd = host.guard_io(journal.sync_fd, table_id)
        if fd is None:      # nothing to fsync, or the file could not be opened (logged)
            return
        self._owe(table_id, fd)

    def rewrite(self, table_id: str, records: list[dict[str, Any]]) -> None:
        """Replace table ``table_id``'s journal file with ``records`` now; the folder's fsync
        (the rename's) after this loop pass, with the appends' (:meth:`sync`)."""
        host = self.host
        journal = host.journal
        assert journal is not None
        host.guard_io(journal.rewrite, table_id, records, False)
        if journal.fsync and not any(t is _FOLDER for t, _ in self.to_sync):   # one folder fsync a pass
            fd = host.guard_io(journal.dir_fd)
            if fd is not None:
                self._owe(_FOLDER, fd)

    def _owe(self, table_id: str, fd: int) -> None:
        self.to_sync.append((table_id, fd))
        if len(self.to_sync) == 1:
            self.host.loop.call_soon(self.sync)

    def sync(self) -> None:
        """The fsyncs owed after a loop pass, each in a worker thread (one table's disk wait
        never stalls the others, nor the loop)."""
        jobs, self.to_sync = self.to_sync, []
        if not jobs:
            return
        host = self.host
        if self.pool is None:
            from concurrent.futures import ThreadPoolExecutor

            self.pool = ThreadPoolExecutor(max_workers=4, thread_name_prefix="ekpeer-fsync")
        host.stats["fsyncs"] = host.stats.get("fsyncs", 0) + len(jobs)
        for table_id, fd in jobs:
            fut = host.loop.run_in_executor(self.pool, fsync_and_close, fd)
            self.syncing.add(fut)
            fut.add_done_callback(lambda f, table_id=table_id: self.fsynced(table_id, f))

    def fsynced(self, table_id: str, fut: asyncio.Future) -> None:
        """A worker thread's fsync is back (in the loop): a failure is logged, play goes on."""
        self.syncing.discard(fut)
        if not fut.cancelled():
            self.host.guard_io(fut.result)      # re-raises the thread's error, to be logged

    async def close(self) -> None:
        """The last appends' fsyncs, then the threads stop."""
        self.sync()
        if self.syncing:
            await asyncio.gather(*self.syncing, return_exceptions=True)
            await asyncio.sleep(0)
        if self.pool is not None:
            self.pool.shutdown(wait=False)
            self.pool = None
