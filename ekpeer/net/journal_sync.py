"""The host's crash-journal appends and their fsyncs: nobody hears of a move before it is on disk.

Each move a table applies is appended to its journal file (:mod:`ekpeer.net.journal`) and
counted in ``table.issued``; ``table.synced`` follows once the fsync that covers it has
returned. Meanwhile :meth:`Host.route <ekpeer.net.host.Host.route>` holds every frame for the
table's sessions and :meth:`JournalSync.done` lets them go. When nothing else waits (no
frame queued on the socket, no fsync running) the fsync runs inline, at once; otherwise the
fsyncs owed after a loop pass go to a small thread pool, so that one table's disk wait never
stalls the other tables.
"""

from __future__ import annotations

import asyncio
from typing import TYPE_CHECKING, Any

from .journal import fsync_and_close

if TYPE_CHECKING:
    from .host import Host
    from .table import Table


def _raise(exc: BaseException) -> None:
    raise exc


class JournalSync:
    """A :class:`~ekpeer.net.host.Host`'s journal appends and fsyncs (it owns one)."""

    def __init__(self, host: Host) -> None:
        self.host = host
        self.pool: Any = None        # the fsync threads (made on first use)
        self.syncing: set[asyncio.Future] = set()
        self.to_sync: list[tuple[Table, int, int]] = []     # (table, append number, descriptor)

    def append(self, table: Table, records: list[dict[str, Any]]) -> None:
        """Append ``records`` to ``table``'s journal file; fsync them once this loop pass is done.

        Until that fsync returns, every frame for a session at the table is held (see
        :meth:`Host.route <ekpeer.net.host.Host.route>`): nobody hears of a move before it is
        on disk. One fsync per append; where it runs is chosen by :meth:`sync`."""
        host = self.host
        journal = host.journal
        assert journal is not None
        for record in records:
            host.guard_io(journal.write, table.id, record)
        try:
            fd = journal.sync_fd(table.id)
        except OSError as exc:
            host.guard_io(_raise, exc)
            return
        if fd is None:
            return
        table.issued += 1
        if not self.to_sync and not self.syncing and not host.input_waiting():
            # nothing else waits (no frame queued on the socket, no fsync running): fsync
            # here and now, and this move's frames go out as they are made, ~0.5 ms sooner
            # than after two thread hand-offs
            exc: BaseException | None = None
            host.stats["fsyncs_inline"] = host.stats.get("fsyncs_inline", 0) + 1
            try:
                fsync_and_close(fd)
            except OSError as e:
                exc = e
            self.done(table, table.issued, exc)
            return
        self.to_sync.append((table, table.issued, fd))
        if len(self.to_sync) == 1:
            host.loop.call_soon(self.sync)

    def sync(self) -> None:
        """The fsyncs owed after a loop pass, each in a worker thread, so that one table's
        disk wait never stalls the other tables."""
        jobs, self.to_sync = self.to_sync, []
        if not jobs:
            return
        host = self.host
        if self.pool is None:
            from concurrent.futures import ThreadPoolExecutor

            self.pool = ThreadPoolExecutor(max_workers=4, thread_name_prefix="ekpeer-fsync")
        host.stats["fsyncs_threaded"] = host.stats.get("fsyncs_threaded", 0) + len(jobs)
        for table, n, fd in jobs:
            fut = host.loop.run_in_executor(self.pool, fsync_and_close, fd)
            self.syncing.add(fut)
            fut.add_done_callback(lambda f, table=table, n=n: self.fsynced(table, n, f))

    def fsynced(self, table: Table, n: int, fut: asyncio.Future) -> None:
        """A worker thread's fsync is back (in the loop)."""
        self.syncing.discard(fut)
        self.done(table, n, None if fut.cancelled() else fut.exception())

    def done(self, table: Table, n: int, exc: BaseException | None) -> None:
        """Append ``n`` of ``table`` is on disk (or failed, logged): send what waited for it."""
        host = self.host
        try:
            if exc is not None:
                host.guard_io(_raise, exc)       # logged like any journal error; play goes on
            if n > table.synced:
                table.synced = n
            waiters, table.waiters = table.waiters, {}
            for session in waiters:
                host.drain(session)
        except Exception as exc:
            host.fail("fsync", exc, table=table.id)

    async def close(self) -> None:
        """The last moves' fsyncs, then the frames held for them go out; the threads stop."""
        self.sync()
        if self.syncing:
            await asyncio.gather(*self.syncing, return_exceptions=True)
            await asyncio.sleep(0)
        if self.pool is not None:
            self.pool.shutdown(wait=False)
            self.pool = None
