"""Test helpers around a live in-process host (beside tests/ports.py)."""

from __future__ import annotations

import asyncio
from typing import Any


async def crash(host: Any) -> None:
    """Stop a host as kill -9 would: no closing words to anyone, its socket gone at once, and
    nothing written beyond what it had written (its files closed, for the next host to open)."""
    from ekpeer.net import security

    for table in host.tables.values():
        table.stop()
    for t in host._tasks:
        t.cancel()
    await asyncio.gather(*host._tasks, return_exceptions=True)
    await host.journal_sync.close()
    host.sock.close(linger=0)
    host.sock = None
    security.stop_zap(host.ctx)
    host._zap = False
    if host.journal is not None:
        host.journal.close()


async def played_out(host: Any, ctx: Any, table: str = "rp") -> None:
    """Start ``host`` and play its 2-seat ``table`` to the end: ann, a remote heuristic bot,
    against the host's own bot (a networked game, as a replay's tests want one); then close it."""
    from ekpeer.net.client import Client
    from ekpeer.net.remote_bot import RemoteBot

    await host.start()
    client = Client(getattr(host, "address", host.endpoint), "ann", ctx=ctx)
    try:
        await client.connect()
        bot = RemoteBot(client, "heuristic", seed=1, emit=None)
        await bot.join(table)
        await client.start()
        await asyncio.wait_for(bot.run(), 30)
    finally:
        await client.close()
        await host.close()
        ctx.destroy(linger=0)
