"""The small async session the Textual client talks through.

A session sends lobby actions and moves, and hands back incoming messages as plain dicts
shaped like docs/protocol.md: ``{"type": "lobby" | "snapshot" | "update" | "timer" |
"reply", "body": {...}}``. The client holds no host and decides no rule: every session
is a seat at a host (``ekpeer.net``), or a script.

* :class:`NetSession` is a seat through ``ekpeer.net.client`` (the ZeroMQ client library),
  at a host across the network or at one this player runs in their own process
  (:class:`HostHere`, given by the composition root, ``ekpeer/cli_tui.py``).
* :class:`FakeSession` replays given messages (tests, snapshots).

Nothing here imports the engine, the bots, the plugins or the host (tests/tui checks it).
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Callable
from typing import Any, Protocol

from ..i18n import _
from ..table_settings import lobby_settings


class SessionClosed(Exception):
    """The session ended (the host went away or the player left)."""


def from_host(msg: dict[str, Any]) -> dict[str, Any]:
    """A message a host sent, or :class:`SessionClosed` when the session itself ended. A host
    that says it is closing (``closing``), or falls silent (the client library's
    ``connection`` messages), is news for the table screen, not the end: the client keeps
    reconnecting, and the player chooses when to go back to the start screen."""
    if msg["type"] == "closed":
        raise SessionClosed(str((msg.get("body") or {}).get("reason", "the session was closed")))
    return msg


class Session:
    """What the app needs from a connection to a host."""

    name: str = "you"
    #: What other players should type to join (``tcp://HOST:PORT``), when this player hosts.
    address: str | None = None
    #: The seat was resumed from a bot that had been playing it (the app says so once).
    bot_played: bool = False
    #: Seconds the host had our resumed seat without a connection, when it had noticed the
    #: drop (a client killed and started again): the app says so once, as a live reconnect does.
    away: float | None = None
    #: The host's join reply said ``restarted``: the seat came back from its journal, the host
    #: having started again (with ``--resume``) since this player was last connected. Then
    #: ``away`` is only how long the new host had the seat empty, and no drop of ours: the app
    #: says the host started again, not that our connection dropped (once).
    restarted: bool = False
    #: Our own host (``ekpeer host --resume``, the host in this process) started again and gave
    #: the seat back: it was our host that went, never our connection (the app says so, once).
    own_host_restarted: bool = False
    #: The name we asked for, when the host gave the seat back by our client key under its own
    #: name (the seat's name is in :attr:`name`): the app says so once.
    asked_name: str | None = None

    async def open(self) -> None:
        """Connect and join the table; the first ``lobby`` or ``snapshot`` follows."""

    async def recv(self) -> dict[str, Any]:
        """The next message from the host; raises :class:`SessionClosed` at the end."""
        raise NotImplementedError

    async def lobby_set(self, settings: dict[str, Any]) -> None:
        raise NotImplementedError

    async def ready(self, ready: bool = True, picks: dict[str, list[str]] | None = None) -> None:
        """Ready (or not); at a custom-deck table with this player's ``{pile, hand}`` picks."""
        raise NotImplementedError

    async def start(self) -> None:
        raise NotImplementedError

    async def move(self, move: dict[str, Any]) -> None:
        raise NotImplementedError

    async def rematch(self) -> None:
        raise NotImplementedError

    async def sit(self) -> bool:
        """Take a seat at the table this session watches (in its lobby, or for the next game
        once this one is over); False when the host refused (its words already on their way)."""
        raise NotImplementedError

    async def close(self) -> None:
        """Leave the table and release the connection."""

    def unheard_for(self) -> float:
        """Seconds the host has been silent when it should have answered (0: it is not late):
        a stalled link shows a stale table, and the player is told why before the host is
        called gone (``ekpeer.net.client.Client.unheard_for``)."""
        return 0.0


SessionFactory = Callable[..., Session]


# ---------------------------------------------------------------------------- scripted
class FakeSession(Session):
    """Replays given host messages and records what the app sends (tests, snapshots)."""

    def __init__(self, messages: list[dict[str, Any]] | None = None, name: str = "ann") -> None:
        self.name = name
        self.queue: asyncio.Queue[dict[str, Any]] = asyncio.Queue()
        self.sent: list[tuple[str, Any]] = []
        self.unheard = 0.0      # seconds the scripted host is late (see Session.unheard_for)
        for msg in messages or []:
            self.queue.put_nowait(msg)

    def push(self, type_: str, body: dict[str, Any]) -> None:
        self.queue.put_nowait({"type": type_, "body": body})

    def unheard_for(self) -> float:
        return self.unheard

    async def recv(self) -> dict[str, Any]:
        msg = await self.queue.get()
        if msg.get("type") == "closed":
            raise SessionClosed("closed")
        return msg

    async def lobby_set(self, settings: dict[str, Any]) -> None:
        self.sent.append(("lobby_set", settings))

    async def ready(self, ready: bool = True, picks: dict[str, list[str]] | None = None) -> None:
        self.sent.append(("ready", ready) if picks is None else ("ready", ready, picks))

    async def start(self) -> None:
        self.sent.append(("start", None))

    async def move(self, move: dict[str, Any]) -> None:
        self.sent.append(("move", move))

    async def rematch(self) -> None:
        self.sent.append(("rematch", None))

    async def sit(self) -> bool:
        self.sent.append(("sit", None))
        return True

    async def close(self) -> None:
        self.sent.append(("close", None))
        self.queue.put_nowait({"type": "closed", "body": {}})


# ---------------------------------------------------------------------------- network
class HostHere(Protocol):
    """A host this player runs in their own process (``ekpeer play``, ``ekpeer host``):
    ``ekpeer.net.hosted.LocalHost``, given by the composition root. The session starts it,
    sits at it (over ``endpoint`` in ``ctx``: inproc) and stops it; it knows nothing else
    of it, so the client loads no host, engine or plugin."""

    endpoint: str
    ctx: Any
    table: str
    #: a seat the host dealt this player ahead (straight to the table), resumed by this token
    token: str | None
    #: what others type to join, when they may
    address: str | None

    async def start(self, name: str, table: str, settings: dict[str, Any] | None, deal: bool) -> None: ...

    async def seated(self) -> None: ...

    async def close(self) -> None: ...


class NetSession(Session):
    """A seat at a table on a host, through ``ekpeer.net.client.Client``.

    With ``create`` the player makes the table (and so may edit its settings); otherwise
    it joins ``table``, or the first table still in its lobby; with ``watch`` it watches
    ``table``, or the first table playing (a late friend, who may :meth:`sit` at the next
    game). With ``host`` the player runs that host here: it starts before the session
    connects to it, and stops after.
    """

    def __init__(self, endpoint: str, name: str = "you", table: str | None = None, create: bool = False,
                 settings: dict[str, Any] | None = None, autostart: bool = False,
                 password: str | None = None, *, host: HostHere | None = None,
                 insecure: bool = False, watch: bool = False, start_screen: bool = False) -> None:
        self.endpoint = endpoint
        self.start_screen = start_screen    # chosen there: a refusal names its boxes, not flags
        self.watch = watch
        self.password = password
        self.name = name
        self.table = table
        self.create = create
        self.settings = settings
        self.autostart = autostart
        self.host = host
        self.insecure = insecure        # --insecure: an address without the host's key is allowed
        self.allow_create: bool | None = None     # the host makes new tables (its hello says)
        self.keypair: tuple[bytes, bytes] | None = None
        self.token: str | None = None
        self.ctx: Any = None
        self.client: Any = None
        self.queue: asyncio.Queue[dict[str, Any]] = asyncio.Queue()
        self._forward: asyncio.Task | None = None

    async def open(self) -> None:
        """Connect and sit down; refused (or failed), the connection is closed before the
        refusal is raised: a client left open after a refused hello reconnected every few
        seconds, for good, with nothing to say (the host's ``no_hello`` strikes piled up
        against an address friends share)."""
        try:
            await self._open()
        except BaseException:
            await self._drop_client()
            raise

    async def _drop_client(self) -> None:
        """Stop reading and close the connection, if any, and forget it (a refused or failed
        open; a browser seat's saved seat refused, before it sits again by name)."""
        if self._forward is not None:
            self._forward.cancel()
            self._forward = None
        if self.client is not None:
            with contextlib.suppress(Exception):
                await self.client.close()
            self.client = None

    async def _open(self) -> None:
        from ..net.client import Client, HostNotAnswering, RequestError

        host = self.host
        if host is not None:
            await host.start(self.name, self.table or "play", self.settings, self.autostart)
            self.endpoint, self.ctx, self.table = host.endpoint, host.ctx, host.table
            self.token, self.address = host.token, host.address
            self.addresses = list(getattr(host, "addresses", None) or [])   # each network's, when several
        # the address carries the host's key (tcp://h:p#KEY); keyless needs --insecure. Straight
        # to the table (autostart), the host's lobby choices (every plugin loaded) are not needed.
        self.client = Client(self.endpoint, self.name, insecure=self.insecure, keypair=self.keypair,
                             token=self.token, choices=not self.autostart, ctx=self.ctx)
        try:
            hello = await self.client.connect()
        except HostNotAnswering as exc:     # words that name the causes, a changed key among them
            raise SessionClosed(str(exc)) from None
        self.allow_create = hello.get("allow_create")     # a full table's refusal points to a new one
        table = self.table
        named = table is not None       # --table NAME: that table, or a refusal naming those there
        resume = hello.get("resume")
        if table is None and not self.create and not self.watch and isinstance(resume, dict):
            table = resume.get("table")     # our seat in a game on: back to it, not a new seat
        if table is None and not self.create:
            tables = hello.get("tables") or []
            open_ = [t for t in tables if t.get("phase") == "lobby" and t.get("taken", 0) < t.get("seats", 0)]
            if self.watch:      # the game on is what a late friend came to see
                open_ = [t for t in tables if t.get("phase") != "lobby"] or open_
            table = (open_ or tables or [{"table": "main"}])[0]["table"]
        self._forward = asyncio.get_running_loop().create_task(self._pump())
        self.table = table or "main"    # the table a refusal names: the one we asked for
        try:
            joined = await self.client.join(table or "main", self.name, password=self.password,
                                            spectator=self.watch,
                                            create=True if self.create else (False if named else None))
        except RequestError as exc:
            if exc.code == "no_table":      # a typo in --table: the tables there, in words
                from .refusals import no_table

                raise SessionClosed(no_table(table or "main", self.endpoint, hello)) from None
            if exc.code == "bad_password":   # the host's own words, and the way on from here
                from .refusals import password_refused

                raise SessionClosed(password_refused(table or "main", exc.message, bool(self.password),
                                                     self.start_screen)) from None
            raise
        self.table = joined.get("table", table)
        asked, self.name = self.name, joined.get("seat") or self.name
        by_key = joined.get("resumed") and joined.get("by_key") and asked != self.name
        self.asked_name = asked if by_key else None
        self.bot_played = bool(joined.get("resumed") and joined.get("bot_played"))
        away = joined.get("away")
        self.away = float(away) if joined.get("resumed") and isinstance(away, int | float) else None
        self.restarted = bool(joined.get("resumed") and joined.get("restarted") is True)
        # a seat back at the host this process started with --resume: that host is what went,
        # even when the journal had the seat played by a bot long before (its "away" was the
        # time since the crash, said as our connection's drop)
        self.own_host_restarted = bool(host is not None and getattr(host, "resume", False)
                                       and joined.get("resumed"))
        if self.watch:
            return
        if not (self.token and joined.get("resumed")):      # else a seat dealt for us: playing
            if self.create and self.settings:
                await self._request("lobby_set", **lobby_settings(self.settings))
            if self.autostart:
                await self._request("ready", True)
                await self._request("start")
        if host is not None:
            await host.seated()

    def kept_notice(self) -> str | None:
        """The unfinished games the host run here set aside as it started (without
        ``--resume``), in words with the way to play them on; said once (None after)."""
        from ..net.journal_kept import kept_notice

        return kept_notice(getattr(self.host, "journal", None))

    def taken_back_notice(self) -> str | None:
        """The unfinished games the host run here took back from a ``kept-<time>/`` folder for
        this ``--resume``, in words with that folder; said once (None after)."""
        from ..net.journal_kept import taken_back_notice

        return taken_back_notice(getattr(self.host, "journal", None))

    async def _pump(self) -> None:
        async for msg in self.client.messages():
            if msg.type == "connection" and msg.body.get("state") == "replaced":
                # the same player joined again in another window: that one has the seat now
                words = _("You joined table {table} again in another window (the same player, from the "
                          "same data folder): that window has your seat now.").format(table=self.table)
                self.queue.put_nowait({"type": "closed", "body": {"reason": words}})
                return
            self.queue.put_nowait({"type": msg.type, "body": msg.body})

    async def _request(self, what: str, *args: Any, **kwargs: Any) -> None:
        from ..net.client import RequestError

        try:
            await getattr(self.client, what)(*args, **kwargs)
        except RequestError as exc:
            self.queue.put_nowait({"type": "reply", "body": {"ok": False, "code": exc.code,
                                                             "message": exc.message}})

    async def recv(self) -> dict[str, Any]:
        return from_host(await self.queue.get())

    def unheard_for(self) -> float:
        client = self.client
        return client.unheard_for() if client is not None else 0.0

    async def lobby_set(self, settings: dict[str, Any]) -> None:
        await self._request("lobby_set", **settings)

    async def ready(self, ready: bool = True, picks: dict[str, list[str]] | None = None) -> None:
        await self._request("ready", ready, picks)

    async def start(self) -> None:
        await self._request("start")

    async def move(self, move: dict[str, Any]) -> None:
        reply = await self.client.move(move, check=False)
        if not reply.get("ok", True):
            self.queue.put_nowait({"type": "reply", "body": reply})

    async def rematch(self) -> None:
        await self._request("rematch")

    async def sit(self) -> bool:
        from ..net.client import RequestError

        try:
            joined = await self.client.join(self.table or "main", self.name, password=self.password)
        except RequestError as exc:     # the reply in words (refusals.join_refused), never the code
            from .refusals import join_refused

            words = join_refused(exc.code, exc.message, str(self.table or "main"), self.name,
                                 body=exc.body, allow_create=self.allow_create, watching=self.watch)
            refusal = {"ok": False, "code": exc.code, "message": words}
            self.queue.put_nowait({"type": "reply", "body": refusal})
            return False
        self.watch = False
        self.name = joined.get("seat") or self.name
        return True

    async def close(self) -> None:
        """Leave the table and disconnect; a player who runs the host here does not ``leave``
        first: the host's ``closing`` is the one word the others read ("ann left the game: a bot
        plays for them" came just before "the host closed the table"), and a ``--resume`` finds
        the seat as it was."""
        if self.host is not None:
            # the host first: it tells everyone it closes while our connection still stands (our
            # socket going first was heard as a drop: "ann lost connection (a bot plays for ann
            # in 30 s ...)" just above "The host closed the table")
            await self.host.close()
        if self.client is not None:
            if self.host is None:
                with contextlib.suppress(Exception):
                    await asyncio.wait_for(self.client.leave(), 1.0)
            await self.client.close()
        if self._forward is not None:
            self._forward.cancel()
        self.queue.put_nowait({"type": "closed", "body": {}})
