"""The small async session the Textual client talks through.

A session sends lobby actions and moves, and hands back incoming messages as plain dicts
shaped like docs/protocol.md: ``{"type": "lobby" | "snapshot" | "update" | "timer" |
"reply", "body": {...}}``. The app never knows whether a host runs in this process or
across the network:

* :class:`LocalSession` runs the rules engine in process with bots in the other seats.
  Tests use it (with no delays), and ``ekpeer play`` falls back to it when no network
  host is installed.
* :class:`NetSession` adapts ``ekpeer.net.client`` (the ZeroMQ client library).
"""

from __future__ import annotations

import asyncio
import contextlib
import random
import time
from collections.abc import Callable
from typing import Any

from ..table_settings import BOT_KINDS, DEFAULTS, lobby_settings
from .presets import BOT_NAMES, DEFAULT_SETTINGS, EXTRA_SETTINGS, load_config

__all__ = ["BOT_KINDS", "BOT_NAMES", "DEFAULT_SETTINGS", "EXTRA_SETTINGS", "load_config"]


class SessionClosed(Exception):
    """The session ended (the host went away or the player left)."""


def from_host(msg: dict[str, Any]) -> dict[str, Any]:
    """A message a host sent, or :class:`SessionClosed` when it says the table is closing."""
    if msg["type"] in ("closing", "closed"):
        raise SessionClosed(str((msg.get("body") or {}).get("reason", "the host closed the table")))
    return msg


def lobby_choices() -> dict[str, Any]:
    """Every installed plugin with its decks and variants, as the host's lobby offers them
    (the in-process session plays host, so it asks the host's own lobby module)."""
    from ..net.lobby import choices

    return choices()


class Session:
    """What the app needs from a connection to a host."""

    name: str = "you"
    #: What other players should type to join (``tcp://HOST:PORT``), when this player hosts.
    address: str | None = None

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

    async def close(self) -> None:
        """Leave the table and release the connection."""


SessionFactory = Callable[..., Session]


# ---------------------------------------------------------------------------- scripted
class FakeSession(Session):
    """Replays given host messages and records what the app sends (tests, snapshots)."""

    def __init__(self, messages: list[dict[str, Any]] | None = None, name: str = "ann") -> None:
        self.name = name
        self.queue: asyncio.Queue[dict[str, Any]] = asyncio.Queue()
        self.sent: list[tuple[str, Any]] = []
        for msg in messages or []:
            self.queue.put_nowait(msg)

    def push(self, type_: str, body: dict[str, Any]) -> None:
        self.queue.put_nowait({"type": type_, "body": body})

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

    async def close(self) -> None:
        self.sent.append(("close", None))
        self.queue.put_nowait({"type": "closed", "body": {}})


# ---------------------------------------------------------------------------- in process
class LocalSession(Session):
    """A host in this process: the engine, bots in the other seats, reaction timers.

    ``bot_delay`` spaces bot moves so a person can follow them; tests pass 0.
    """

    def __init__(self, name: str = "you", settings: dict[str, Any] | None = None,
                 bot_delay: float = 0.4, seed: int | None = None, autostart: bool = False) -> None:
        self.name = name
        self.settings = dict(DEFAULT_SETTINGS)
        self.settings.update(settings or {})
        self.bot_delay = bot_delay
        self.seed = random.randrange(1 << 30) if seed is None else seed
        self.autostart = autostart
        self.queue: asyncio.Queue[dict[str, Any]] = asyncio.Queue()
        self.game: Any = None
        self.bots: dict[str, Any] = {}
        self.is_ready = False
        self.picks: dict[str, list[str]] | None = None
        self._wake = asyncio.Event()
        self._driver: asyncio.Task | None = None
        self._choices: dict[str, Any] | None = None
        self._closed = False

    # -------------------------------------------------------------- plumbing
    def _send(self, type_: str, body: dict[str, Any]) -> None:
        self.queue.put_nowait({"type": type_, "body": body})

    async def open(self) -> None:
        if self.autostart:  # straight to the table: the lobby (and every plugin's choices) is not needed
            await self.start()
        else:
            self._send("lobby", self._lobby())

    async def recv(self) -> dict[str, Any]:
        msg = await self.queue.get()
        if msg.get("type") == "closed":
            raise SessionClosed("the session was closed")
        return msg

    def _lobby(self) -> dict[str, Any]:
        if self._choices is None:
            self._choices = lobby_choices()
        s = self.settings
        seats = [{"name": self.name, "ready": self.is_ready, "bot": None, "connected": True, "you": True}]
        for name in self._bot_names():
            seats.append({"name": name, "ready": True, "bot": s["bots"], "connected": True, "you": False})
        from ..net.lobby import table_plugins

        settings = dict(s)
        options = dict(settings.get("options") or {})
        if isinstance(options.get("custom"), dict):     # only your own picks, as a host shows them
            custom = {k: v for k, v in options["custom"].items() if k != "picks"}
            if self.picks:
                custom["picks"] = {self.name: self.picks}
            options["custom"] = custom
        settings["options"] = options
        settings["password"] = bool(settings.get("password"))
        return {"table": "local", "you": self.name, "creator": True, "settings": settings,
                "seats": seats, "choices": self._choices, "started": self.game is not None,
                "plugins": table_plugins(list(s["expansions"]))}

    def _bot_names(self) -> list[str]:
        others = [n for n in BOT_NAMES if n != self.name]
        return others[: max(0, int(self.settings["seats"]) - 1)]

    # -------------------------------------------------------------- lobby
    async def lobby_set(self, settings: dict[str, Any]) -> None:
        for key, value in settings.items():
            if key in DEFAULTS:
                self.settings[key] = value
        self.is_ready = False       # as a host does: changed settings clear everyone's ready
        self._send("lobby", self._lobby())

    async def ready(self, ready: bool = True, picks: dict[str, list[str]] | None = None) -> None:
        if picks is not None:
            from ..plugins import ruleset

            custom = (self.settings.get("options") or {}).get("custom")
            if not isinstance(custom, dict):
                self._send("reply", {"ok": False, "code": "bad_settings",
                                     "message": "this table does not use a custom deck"})
                return
            mine = {"custom": {**custom, "picks": {self.name: picks}}}
            reason = ruleset(list(self.settings["expansions"])).check_options([self.name], mine)
            if reason:
                self._send("reply", {"ok": False, "code": "bad_settings", "message": reason})
                return
            self.picks = picks
        self.is_ready = ready
        self._send("lobby", self._lobby())

    async def start(self) -> None:
        from ..bots import make_bot
        from ..engine import player_view
        from ..engine.view import visible_events
        from ..plugins import ruleset

        s = self.settings
        names = [self.name, *self._bot_names()]
        rules = ruleset(list(s["expansions"]))
        deck = s.get("deck") or None
        if deck and deck not in rules.decks:
            deck = None
        options = dict(s.get("options") or {})
        if isinstance(options.get("custom"), dict):
            picks = {self.name: self.picks} if self.picks else {}
            options["custom"] = {**options["custom"], "picks": picks}
        self.game = rules.new_game(names, seed=self.seed, deck=deck, variants=s.get("variants") or (),
                                   options=options or None)
        kind = s["bots"] if s["bots"] in BOT_KINDS else "heuristic"
        self.bots = {n: make_bot(kind, seed=self.seed + i) for i, n in enumerate(names) if n != self.name}
        self._send("snapshot", {"view": player_view(self.game, self.name), "catalog": rules.catalog(),
                                "events": visible_events(self.game.events, self.name)})
        if self._driver is not None:
            self._driver.cancel()
        self._driver = asyncio.get_running_loop().create_task(self._drive())

    async def rematch(self) -> None:
        self.seed += 1
        await self.start()

    async def close(self) -> None:
        self._closed = True
        if self._driver is not None:
            self._driver.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await self._driver
        self.queue.put_nowait({"type": "closed", "body": {}})

    # -------------------------------------------------------------- play
    async def move(self, move: dict[str, Any]) -> None:
        from ..engine import IllegalMove, Move

        if self.game is None:
            self._send("reply", {"ok": False, "code": "not_started", "message": "the game has not started"})
            return
        data = dict(move)
        data["by"] = self.name
        try:
            self._apply(Move.from_dict(data))
        except IllegalMove as exc:
            self._send("reply", {"ok": False, "code": exc.code, "message": exc.message})

    def _apply(self, move: Any) -> None:
        from ..engine import player_view
        from ..engine.view import visible_events

        self.game.apply(move)
        self._send("update", {"view": player_view(self.game, self.name),
                              "events": visible_events(self.game.events, self.name)})
        self._wake.set()

    async def _wait(self, timeout: float | None) -> None:
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(self._wake.wait(), timeout)

    async def _bot_move(self, player: str, react: bool = False) -> bool:
        """Ask a bot for its move after the delay; False if it passes or the table moved on."""
        from ..engine import IllegalMove, player_view

        game = self.game
        before = len(game.log)
        if self.bot_delay:
            await asyncio.sleep(self.bot_delay)
        if len(game.log) != before or game.over:
            return True  # someone moved meanwhile: look again
        bot = self.bots[player]
        moves = game.legal_moves(player)
        if not moves:
            return False
        view = player_view(game, player) if bot.needs_view else None
        move = bot.react(view, moves) if react else bot.act(view, moves)
        if move is None:
            return False
        try:
            self._apply(move)
        except IllegalMove:
            return False
        return True

    async def _drive(self) -> None:
        """Run bots and timers until the game ends (the host's job, in miniature)."""
        from ..engine import Move

        game = self.game
        window: tuple | None = None
        deadline = 0.0
        asked = False
        turn_seen: tuple | None = None
        while not game.over and not self._closed:
            self._wake.clear()
            if game.awaiting:
                window = None
                bot_choice = next((c for c in game.awaiting if c.player in self.bots), None)
                if bot_choice is not None:
                    await self._bot_move(bot_choice.player)
                else:
                    await self._wait(None)
                continue
            if game.stack:
                top = game.stack[-1]
                key = (len(game.stack), id(top), top.nopes, len(game.log))
                if key != window:
                    window, asked = key, False
                    seconds = float(self.settings["reaction_seconds"])
                    deadline = time.monotonic() + seconds
                    self._send("timer", {"kind": "reaction", "seconds": seconds})
                if not asked:
                    asked = True
                    for player in game.players:
                        if player in self.bots and game.status[player] != "out" and game.legal_moves(player):
                            if await self._bot_move(player, react=True):
                                break
                    if key != window or len(game.log) != key[3]:
                        continue
                left = deadline - time.monotonic()
                if left <= 0:
                    self._apply(Move("resolve"))
                else:
                    await self._wait(left)
                continue
            window = None
            current = game.current
            turn_key = (game.turn_number, current)
            if turn_key != turn_seen:
                turn_seen = turn_key
                self._send("timer", {"kind": "turn", "seconds": float(self.settings["turn_seconds"]),
                                     "player": current})
            if current in self.bots:
                await self._bot_move(current)
            else:
                await self._wait(None)


def local_factory(bot_delay: float = 0.4, seed: int | None = None) -> SessionFactory:
    """A session factory for tests and offline play: every mode runs in this process."""

    def make(mode: str = "play", name: str = "you", settings: dict[str, Any] | None = None,
             autostart: bool = False, **_: Any) -> Session:
        return LocalSession(name=name, settings=settings, bot_delay=bot_delay, seed=seed, autostart=autostart)

    return make


# ---------------------------------------------------------------------------- network
class NetSession(Session):
    """A seat at a table on a network host, through ``ekpeer.net.client.Client``.

    With ``create`` the player makes the table (and so may edit its settings); otherwise
    it joins ``table``, or the first table still in its lobby.
    """

    def __init__(self, endpoint: str, name: str = "you", table: str | None = None, create: bool = False,
                 settings: dict[str, Any] | None = None, autostart: bool = False,
                 password: str | None = None) -> None:
        self.endpoint = endpoint
        self.password = password
        self.name = name
        self.table = table
        self.create = create
        self.settings = settings
        self.autostart = autostart
        self.client: Any = None
        self.queue: asyncio.Queue[dict[str, Any]] = asyncio.Queue()
        self._forward: asyncio.Task | None = None

    async def open(self) -> None:
        from ..net.client import Client

        # the address carries the host's key (tcp://h:p#KEY); keyless needs --insecure. Straight
        # to the table (autostart), the host's lobby choices (every plugin loaded) are not needed.
        self.client = Client(self.endpoint, self.name, insecure=getattr(self, "insecure", False),
                             keypair=getattr(self, "keypair", None), token=getattr(self, "token", None),
                             choices=not self.autostart, ctx=getattr(self, "ctx", None))
        hello = await self.client.connect()
        table = self.table
        if table is None and not self.create:
            tables = hello.get("tables") or []
            open_ = [t for t in tables if t.get("phase") == "lobby" and t.get("taken", 0) < t.get("seats", 0)]
            table = (open_ or tables or [{"table": "main"}])[0]["table"]
        self._forward = asyncio.get_running_loop().create_task(self._pump())
        from ..net.client import RequestError

        try:
            joined = await self.client.join(table or "main", self.name, password=self.password)
        except RequestError as exc:
            if exc.code == "bad_password":   # the host's own words, plainly
                raise SessionClosed(f"Table {table or 'main'}: {exc.message}. "
                                    "Join again with the table's password (--password).") from None
            raise
        self.table = joined.get("table", table)
        self.name = joined.get("seat") or self.name
        if getattr(self, "token", None) and joined.get("resumed"):  # a seat dealt for us (HostedSession)
            return
        if self.create and self.settings:
            await self._request("lobby_set", **lobby_settings(self.settings))
        if self.autostart:
            await self._request("ready", True)
            await self._request("start")

    async def _pump(self) -> None:
        async for msg in self.client.messages():
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

    async def close(self) -> None:
        if self.client is not None:
            with contextlib.suppress(Exception):
                await asyncio.wait_for(self.client.leave(), 1.0)
            await self.client.close()
        if self._forward is not None:
            self._forward.cancel()
        self.queue.put_nowait({"type": "closed", "body": {}})


class HostedSession(NetSession):
    """Runs a network host in this process (in the app's own event loop) and sits at it first.

    ``ekpeer play`` binds it to loopback; ``ekpeer host`` binds it where others can reach it
    and shows them ``address``.
    """

    def __init__(self, name: str = "you", settings: dict[str, Any] | None = None, bind: str = "tcp://127.0.0.1:0",
                 think: tuple[float, float] = (0.3, 0.7), autostart: bool = False, table: str = "play",
                 public_host: str | None = None, discovery: bool = False) -> None:
        super().__init__("", name, table=table, create=True, settings=settings, autostart=autostart)
        self.bind = bind
        self.think = think
        self.public_host = public_host
        self.discovery = discovery
        self.host: Any = None
        self.advertiser: Any = None

    async def open(self) -> None:
        from ..net.host import Host

        self.host = Host(self.bind, think=self.think, secure=not getattr(self, "insecure", False),
                         journal=getattr(self, "journal", None), local=True)
        self.host.game_over_hooks.extend(getattr(self, "game_over_hooks", ()))   # --save-replays
        if getattr(self, "resume", False):
            self.host.loop = asyncio.get_running_loop()
            self.host.restore()
        await self.host.start()
        # this player sits at the host in its own process: over inproc (no TCP, no handshake)
        self.endpoint = self.host.local_endpoint
        self.ctx = self.host.ctx
        if self.public_host:
            self.address = self.host.address_for(self.public_host)
        if self.autostart and not getattr(self, "resume", False):
            self._deal()
        await super().open()
        if self.discovery:  # after the table exists, so that it is advertised at once
            from ..net.discovery import advertise

            self.advertiser = await advertise(self.host, public_host=self.public_host)

    def _deal(self) -> None:
        """Straight to the table: the host deals the game with this player's seat taken for
        the in-process client's key (``LOCAL_KEY``) before the client connects; the client
        then resumes the seat by its token (one join instead of join, lobby_set, ready and
        start, and no lobby choices)."""
        from ..net import protocol
        from ..net.lobby import SettingsError
        from ..net.security import LOCAL_KEY

        key = None if getattr(self, "insecure", False) else LOCAL_KEY      # see Host(local=True)
        try:
            seat = self.host.deal(self.table or "play", lobby_settings(self.settings), self.name, key)
        except (SettingsError, protocol.ProtocolError):
            return      # the usual way (join, lobby_set, ready, start) says what is wrong
        self.token = seat.token
        self.table = next(t.id for t in self.host.tables.values() if seat in t.seats)

    async def close(self) -> None:
        await super().close()
        if self.advertiser is not None:
            with contextlib.suppress(Exception):
                await self.advertiser.close()
            self.advertiser = None
        if self.host is not None:
            with contextlib.suppress(Exception):
                await self.host.close()


def net_available() -> bool:
    """Whether the network host can run here, found without importing it (zmq and the host
    load only when a session opens, after the first frame is drawn)."""
    from importlib.util import find_spec

    try:
        return find_spec("zmq") is not None and find_spec("ekpeer.net.host") is not None
    except (ImportError, ValueError):
        return False


def lan_address() -> str:
    """This machine's address as others on the network see it (best effort)."""
    import socket

    with contextlib.suppress(OSError):
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
            s.connect(("10.255.255.255", 1))
            return s.getsockname()[0]
    return socket.gethostname()


def network_factory(think: tuple[float, float] = (0.3, 0.7), bind: str = "tcp://127.0.0.1:0",
                    public_host: str | None = None, discovery: bool = True, insecure: bool = False,
                    journal: Any = None, resume: bool = False) -> SessionFactory:
    """Sessions backed by the real host and client: play (loopback host), host, join.

    ``insecure``: plain TCP (no CurveZMQ) for loopback debugging; ``journal``/``resume``:
    the hosted table's crash journal (``ekpeer host --resume``)."""
    inner = _network_factory(think, bind, public_host, discovery)

    def make(*args: Any, **kwargs: Any) -> Session:
        session = inner(*args, **kwargs)
        session.insecure = insecure  # type: ignore[attr-defined]
        if isinstance(session, HostedSession) and kwargs.get("mode", args[0] if args else "play") == "host":
            session.journal, session.resume = journal, resume  # type: ignore[attr-defined]
        return session

    return make


def _network_factory(think: tuple[float, float], bind: str, public_host: str | None,
                     discovery: bool) -> SessionFactory:
    def make(mode: str = "play", name: str = "you", settings: dict[str, Any] | None = None,
             autostart: bool = False, address: str | None = None, table: str | None = None,
             password: str | None = None, **_: Any) -> Session:
        if mode == "join":
            return NetSession(address or "tcp://127.0.0.1:5555", name, table=table, password=password)
        if mode == "host":
            return HostedSession(name, settings, bind=bind if bind != "tcp://127.0.0.1:0" else "tcp://0.0.0.0:5555",
                                 think=think, autostart=autostart, table=table or "main",
                                 public_host=public_host or lan_address(), discovery=discovery)
        return HostedSession(name, settings, bind="tcp://127.0.0.1:0", think=think, autostart=autostart,
                             table=table or "play")

    return make
