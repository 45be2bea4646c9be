"""A host in the player's own process: what ``ekpeer play`` and ``ekpeer host`` (with a
player) run, the one host there is, the same :class:`~ekpeer.net.host.Host` a headless
``ekpeer host`` serves.

The client (``ekpeer.tui``) holds no host and decides no rule: the composition root
(``ekpeer/cli_tui.py``) gives its network session one :class:`LocalHost`, which the session
starts before it connects and stops after it leaves. The player reaches the host over
inproc (no TCP, no CURVE handshake; ``Host(local=True)``); others, if the host binds where
they can reach it, over TCP like at any host.

Imports stay light here: the host, the engine and ZeroMQ load when :meth:`LocalHost.start`
runs (for ``ekpeer play``, in the process forked before the client loads: see
``ekpeer/tui/forked.py``).
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Callable, Iterable
from typing import Any

from ..table_settings import lobby_settings

LOOPBACK = "tcp://127.0.0.1:0"
LOG_NAME = "host.log"     # <data>/logs/: a host in a player's process, its warnings and errors


def problems_log() -> Callable[[dict[str, Any]], None]:
    """The host's log for a host in a player's process: its warnings and errors, as JSON lines
    appended to ``<data>/logs/host.log`` (opened at the first). Its terminal is the game's, so
    a refusal's "the host failed on this message (logged)" must mean a file; without one, a
    failing search bot left no trace anywhere."""
    opened: list[Any] = []

    def log(record: dict[str, Any]) -> None:
        if record.get("level", "info") == "info":
            return
        import json

        try:
            if not opened:
                from .security import data_dir

                folder = data_dir() / "logs"
                folder.mkdir(parents=True, exist_ok=True)
                opened.append(open(folder / LOG_NAME, "a", encoding="utf-8"))  # noqa: SIM115
            opened[0].write(json.dumps(record, default=str) + "\n")
            opened[0].flush()
        except OSError:
            pass

    return log


class LocalHost:
    """A :class:`~ekpeer.net.host.Host` run in this process, with this player's seat at it.

    ``seed`` makes its deals reproducible (tests, ``ekpeer play --seed``); without one the
    host draws its own. ``think`` is how long its bots take to move (tests: ``(0, 0)``).
    ``public_host``: the name others reach it by (``ekpeer host``), shown as ``address``, or
    a list of them (a machine without a default route: each network's), all in ``addresses``;
    ``discovery``: advertise its tables on the LAN. ``journal``/``resume``: its crash journal
    (``ekpeer host --resume``). ``game_over_hooks``: called with each table whose game ended
    (``--save-replays``).

    After :meth:`start`: ``endpoint`` and ``ctx`` are where this process's client connects,
    ``table`` the table it sits at, ``token`` the seat dealt for it (straight to the table),
    ``address`` what others type to join (None on loopback).
    """

    def __init__(self, bind: str = LOOPBACK, *, think: tuple[float, float] = (0.3, 0.7),
                 seed: int | None = None, secure: bool = True, public_host: str | list[str] | None = None,
                 discovery: bool = False, journal: Any = None, resume: bool = False,
                 game_over_hooks: Iterable[Callable[[Any], Any]] = ()) -> None:
        self.bind = bind
        self.think = think
        self.seed = seed
        self.secure = secure
        self.public_hosts = [public_host] if isinstance(public_host, str) else list(public_host or [])
        self.public_host = self.public_hosts[0] if self.public_hosts else None
        self.discovery = discovery
        self.journal = journal
        self.resume = resume
        self.game_over_hooks = list(game_over_hooks)
        self.host: Any = None
        self.advertiser: Any = None
        self.endpoint = ""
        self.ctx: Any = None
        self.address: str | None = None
        self.addresses: list[str] = []
        self.table = ""
        self.token: str | None = None
        self.name: str | None = None    # the player at it: a closing names them to the others

    async def start(self, name: str, table: str, settings: dict[str, Any] | None, deal: bool) -> None:
        """Start the host; with ``deal``, the game is dealt with ``name`` seated for this
        process's client (``ekpeer play --start``) before that client connects."""
        import zmq.asyncio

        from .host import Host

        self.name = name
        # a context of its own: its inproc endpoints (the player's door, the ZAP handler) go
        # with it, so a host started again right after (a new table) never finds them taken
        self.ctx = zmq.asyncio.Context()
        self.host = Host(self.bind, think=self.think, seed=self.seed, secure=self.secure,
                         journal=self.journal, local=True, ctx=self.ctx, log=problems_log())
        self.host.game_over_hooks.extend(self.game_over_hooks)
        try:
            if self.resume:
                self.host.loop = asyncio.get_running_loop()
                self.host.restore()
            await self.host.start()
        except BaseException:       # e.g. the port is taken: nothing is left running
            await self.close()
            raise
        # this player sits at the host in its own process: over inproc (no TCP, no handshake)
        self.endpoint = self.host.local_endpoint
        self.table = table
        if self.public_hosts:
            self.addresses = [self.host.address_for(h) for h in self.public_hosts]
            self.address = self.addresses[0]
        if deal and not self.resume:
            self._deal(name, settings)

    def _deal(self, name: str, settings: dict[str, Any] | None) -> None:
        """Straight to the table: the host deals the game with this player's seat taken for
        the in-process client's key (``LOCAL_KEY``) before the client connects; the client
        then resumes the seat by its token (one join instead of join, lobby_set, ready and
        start, and no lobby choices)."""
        from . import protocol
        from .lobby import SettingsError
        from .security import LOCAL_KEY

        key = LOCAL_KEY if self.secure else None      # see Host(local=True)
        try:
            seat = self.host.deal(self.table, lobby_settings(settings), name, key)
        except (SettingsError, protocol.ProtocolError):
            return      # the usual way (join, lobby_set, ready, start) says what is wrong
        self.token = seat.token
        self.table = next(t.id for t in self.host.tables.values() if seat in t.seats)

    async def seated(self) -> None:
        """This player has joined: its table exists, so it is advertised at once."""
        if self.discovery and self.advertiser is None:
            from .discovery import advertise

            # several addresses: the advertiser finds every interface's itself
            one = self.public_host if len(self.public_hosts) == 1 else None
            self.advertiser = await advertise(self.host, public_host=one)

    def seat_name(self) -> str | None:
        """The name the others know this player by: the seat the in-process client's key holds
        (``ekpeer host --resume`` seats it by its key whatever name it gave: bob read "If
        player's host resumes the game" of ann's), else the name it was started with."""
        from .security import LOCAL_KEY

        if self.host is not None and self.secure:
            for table in self.host.tables.values():
                mine = [s.name for s in table.seats if s.human and s.key == LOCAL_KEY and not s.left]
                if mine:
                    return mine[0]
        return self.name

    async def close(self) -> None:
        if self.advertiser is not None:
            with contextlib.suppress(Exception):
                await self.advertiser.close()
            self.advertiser = None
        if self.host is not None:
            with contextlib.suppress(Exception):
                await self.host.close(by=self.seat_name() if self.public_hosts else None)
            self.host = None
        if self.ctx is not None:
            self.ctx.destroy(linger=0)
            self.ctx = None


def lan_address() -> str:
    """This machine's address as others on the network see it: the default route's, else its
    first interface address (``ekpeer.net.reach``); never a host name, which may resolve to
    loopback."""
    from .reach import public_hosts

    return public_hosts("tcp://0.0.0.0:0")[0]
