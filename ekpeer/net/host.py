"""The host: tables, lobbies and the rules engine behind one ZeroMQ ROUTER socket.

Everything that touches a table runs synchronously inside the asyncio loop (frame
handlers, timer callbacks, bot callbacks), so a table never sees two changes at once.
Clients only ever receive their own ``player_view`` and the events they may see; the
host sets every move's ``by`` from the sender's seat and times reaction windows, turns
and choices itself.

This module is the :class:`Host` itself: the socket, its lifecycle (start, close, restore
from the crash journal), sending frames, and dispatching what comes in. The
rest lives beside it: :mod:`~ekpeer.net.seats` (connections and seats),
:mod:`~ekpeer.net.table` (a table's lobby and game), :mod:`~ekpeer.net.table_timers` (its
timers and bots) and :mod:`~ekpeer.net.journal_sync` (the journal's appends and fsyncs).
They never import this module: each says what it may call on its host (``TableHost``,
``TimerHost``, ``JournalHost``) and :class:`Host` is all of those.
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import json
import os
import random
import secrets
import time
import traceback
from collections.abc import Callable
from pathlib import Path
from typing import Any

import zmq
import zmq.asyncio

from .. import i18n
from ..engine import IllegalMove, Move
from ..engine.replay import replay
from ..i18n import Said
from ..plugins import ruleset
from . import limits, security
from . import lobby as lobby_mod
from . import protocol as P
from .gate import Gate
from .journal import Journal
from .journal_sync import JournalSync
from .seats import Seat, Session, new_token, seconds_gone
from .table import HISTORY, MAX_SPECTATORS, SNAPSHOT_EVENTS, WATCHER_KEYS, Table
from .table_timers import RESOLVE

__all__ = ["HISTORY", "MAX_SPECTATORS", "RECV_BATCH", "RESOLVE", "SNAPSHOT_EVENTS", "Host", "Seat",
           "Session", "Table", "serve", "stdout_logger"]

RECV_BATCH = 64        # frames handled per wake of the receiving task
CLOSING = "the host closed the table"   # what every client is told when the host stops on purpose
CLOSING_LINGER_MS = 250                 # how long the closing frames may take to leave
REPLACED_LINGER = 1.0   # seconds a connection told it lost its seat (``replaced``) is kept, then dropped
SEED_BITS = 256        # a game's seed from the OS: far past any search (at least 128 asked)


def stdout_logger(record: dict[str, Any]) -> None:
    """JSON lines on stdout (the headless host's structured log).

    Stopping never depends on stdout: with ``| tee log`` the same ctrl+c that stops the host
    kills ``tee`` first, and a host that died of the broken pipe would tell nobody that it
    closed its tables. A stdout that is closed, broken or gone is let go
    (``ekpeer.net.logsink``) and the host carries on without its log."""
    from .logsink import write_line

    write_line(json.dumps(record, default=str))


def asked_language(body: dict[str, Any], had: str | None) -> str | None:
    """The language a hello or join asks for (``lang``): a well-formed tag, English as None;
    a malformed one is ignored (the client gets English, or what it asked before)."""
    if "lang" not in body:
        return had
    lang = i18n.normalize(body.get("lang"))
    return None if lang is None or lang.split("_")[0] == i18n.DEFAULT else lang


class Host:
    """Serves any number of tables on one ROUTER socket."""

    def __init__(self, bind: str = "tcp://127.0.0.1:0", *, think: tuple[float, float] = (0.0, 0.0),
                 seed: int | None = None, log: Callable[[dict[str, Any]], None] | None = None,
                 allow_create: bool = True, max_tables: int = 1000, max_sessions: int = 10000,
                 ping_seconds: float = 1.0, idle_seconds: float = 5.0,
                 rate: float = 50.0, burst: float = 100.0,
                 max_strikes: int = 200, heartbeat_ms: int = limits.ZMTP_HEARTBEAT_MS,
                 ctx: zmq.asyncio.Context | None = None, secure: bool = True,
                 keypair: tuple[bytes, bytes] | None = None, journal: Journal | str | None = None,
                 hello_seconds: float = limits.HELLO_SECONDS, handshake_ms: int = 5000,
                 max_per_key: int = limits.PER_KEY, local: bool = False,
                 max_per_address: int = limits.PER_ADDRESS,
                 pending_per_address: int = limits.PENDING_PER_ADDRESS,
                 max_connections: int = limits.MAX_CONNECTIONS,
                 tables_per_key: int = limits.TABLES_PER_KEY,
                 tables_per_address: int = limits.TABLES_PER_ADDRESS,
                 unread_per_peer: int = limits.UNREAD_PER_PEER,
                 unread_per_address: int = limits.UNREAD_PER_ADDRESS,
                 guesses: limits.GuessBook | None = None,
                 table_defaults: dict[str, Any] | None = None) -> None:
        self.bind_to = bind
        self.audit = os.environ.get("EKPEER_AUDIT_CARDS", "") not in ("", "0")   # conservation per move
        self.secure = secure
        self.keypair = (keypair or security.load_keypair("host")) if secure else None
        self.journal = Journal(journal) if isinstance(journal, str) else journal
        self.hello_seconds = hello_seconds      # a connection must say hello within this
        self.handshake_ms = handshake_ms        # ZMTP/CURVE handshake deadline for a new TCP connection
        self.max_per_key = max_per_key          # connections at once from one client key
        self.max_per_address = max_per_address  # connections at once from one remote address
        self.pending_per_address = pending_per_address
        self.max_connections = max_connections
        self.tables_per_key, self.tables_per_address = tables_per_key, tables_per_address
        self.tables_made: dict[str, int] = {}   # "key:K" / "addr:A" -> tables made that still exist
        self.unread_per_peer, self.unread_per_address = unread_per_peer, unread_per_address
        self.unread: dict[str, int] = {}        # remote address -> bytes sent and not acknowledged
        self.guesses = guesses or limits.GuessBook()
        #: table passwords set, per key and per address: each is a scrypt hash on the event loop
        self.password_sets = limits.GuessBook(free=limits.FREE_PASSWORD_SETS, delay=limits.PASSWORD_SET_EVERY,
                                              delay_max=limits.PASSWORD_SET_EVERY,
                                              forget=limits.PASSWORD_SET_FORGET)
        self.gate: Gate | None = None
        self.local = local                      # also serve clients in this process over inproc
        self.local_endpoint = ""
        self.per_key: dict[str | None, int] = {}
        self._zap = False
        self.think = think
        self.seed = seed                        # None: every deal from the OS (see new_seed)
        self.rng = random.Random(seed)
        self._log = log
        self.allow_create = allow_create
        #: what a table a player creates starts from (its creator changes it in the lobby):
        #: the headless host's table flags (``lobby.created_defaults``), else the defaults
        self.table_defaults = dict(table_defaults or {})
        self.max_tables = max_tables
        self.max_sessions = max_sessions
        self.ping_seconds = ping_seconds
        self.idle_seconds = idle_seconds
        self.rate, self.burst, self.max_strikes = rate, burst, max_strikes
        # error replies have their own, smaller budget (a fuzzing host raises both)
        self.err_rate = min(rate, 10.0) if rate <= 50 else rate
        self.err_burst = 20.0 if burst <= 100 else burst
        self.heartbeat_ms = heartbeat_ms
        self.ctx = ctx or zmq.asyncio.Context.instance()
        self.sock: zmq.asyncio.Socket | None = None
        self.endpoint = ""
        self.tables: dict[str, Table] = {}
        self.sessions: dict[bytes, Session] = {}
        self.blocked: dict[bytes, float] = {}   # ROUTER identities ignored until (loop time)
        self.blocked_keys: dict[str, float] = {}   # client keys ignored until: a flooder's new
        # connection comes with a new identity, but with the same key
        self._ids = 0
        self._tasks: list[asyncio.Task] = []
        self.loop: asyncio.AbstractEventLoop = None  # type: ignore[assignment]
        self.stats = {"frames_in": 0, "frames_out": 0, "bytes_out": 0, "errors": 0}
        self.send_hook: Callable[[Session, bytes], None] | None = None   # tests: see every frame sent
        self._raw: zmq.Socket | None = None     # the ROUTER as a plain socket (non-blocking I/O)
        self._kicking = False
        self.journal_sync = JournalSync(self)      # journal appends, and their fsyncs
        self.game_over_hooks: list[Callable[[Table], Any]] = []   # called with a table whose game ended
        self._aside_logged = 0                          # journal files set aside, already logged
        self._taken_back_logged = False                 # journal.taken_back, already logged

    def new_seed(self, rng: random.Random) -> int:
        """A seed for a game's deal or a bot: :data:`SEED_BITS` bits from the OS, so that no
        player can search the seeds for the one that deals the hand they were dealt.

        Only a host made with an explicit ``seed`` (tests, ``--seed`` for debugging) draws
        them from ``rng`` instead, as before: the same seed deals the same games. Either way
        the seed goes into the journal (replays and crash recovery stay exact), never to a
        client."""
        if self.seed is None:
            return secrets.randbits(SEED_BITS)
        return rng.randrange(2**31)

    @property
    def public_key(self) -> bytes | None:
        return self.keypair[0] if self.keypair else None

    @property
    def address(self) -> str:
        """The endpoint with the host's public key (``tcp://h:p/KEY``): what clients are told
        (bound to every interface: the first of :attr:`addresses`, never ``0.0.0.0``)."""
        return self.addresses[0]

    @property
    def addresses(self) -> list[str]:
        """Every address another machine may use (``ekpeer.net.reach``): one, unless the host
        is bound to every interface of a machine without a default route."""
        from .reach import is_wildcard, public_hosts

        if not self.endpoint.startswith("tcp://") or not is_wildcard(self.endpoint):
            return [security.join_address(self.endpoint, self.public_key)]
        return [self.address_for(h) for h in public_hosts(self.endpoint)]

    def address_for(self, hostname: str) -> str:
        port = self.endpoint.rsplit(":", 1)[-1]
        return security.join_address(f"tcp://{hostname}:{port}", self.public_key)

    # ------------------------------------------------------------------ guards
    def fail(self, where: str, exc: BaseException, **fields: Any) -> None:
        """A structured line for an exception that a handler or timer survived."""
        self.stats["exceptions"] = self.stats.get("exceptions", 0) + 1
        tb = traceback.extract_tb(exc.__traceback__)
        at = [f"{f.filename.rsplit('/', 1)[-1]}:{f.lineno}:{f.name}" for f in tb[-4:]]
        self.log("handler_error", level="error", where=where, error=repr(exc)[:500],
                 exc_type=type(exc).__name__, at=at, **fields)

    def call_later(self, delay: float, fn: Callable[..., Any], *args: Any) -> asyncio.TimerHandle:
        """``loop.call_later`` whose callback can never raise into the loop."""

        def guarded() -> None:
            try:
                fn(*args)
            except Exception as exc:
                self.fail("timer", exc, callback=getattr(fn, "__name__", "?"))

        return self.loop.call_later(delay, guarded)

    def guard_io(self, fn: Callable[..., Any], *args: Any) -> Any:
        """Journal writes: a full disk is logged, never raised into a game (None then)."""
        try:
            return fn(*args)
        except OSError as exc:
            self.stats["journal_errors"] = self.stats.get("journal_errors", 0) + 1
            self.log("journal_error", level="error", error=repr(exc))
            return None

    def check_password(self, table: Table, session: Session, password: str | None) -> None:
        """A table's password, with guesses slowed down per client key and per address (a new
        connection or a new key does not start afresh); every wrong one is logged."""
        who = self.makers(session)
        now = self.loop.time()
        wait = self.guesses.wait(who, now)
        if wait > 0:
            raise P.ProtocolError("rate_limited", Said("too many wrong passwords: try again in {seconds} s",
                                                       seconds=round(wait)),
                                  retry_after=round(wait, 1))
        if table.password_ok(password):
            self.guesses.right(who)
            return
        owed = self.guesses.wrong(who, now) if password else 0.0
        if password:
            self.log("bad_password", level="warning", table=table.id, key=(session.key or "")[:8],
                     address=session.address, wait=owed)
        # in the words of the one refused, as the host's other refusals (the English for logs)
        if not password:
            message = Said("this table needs its password")
        elif owed:
            message = Said("wrong password for this table (the next guess is heard in {seconds} s)",
                           seconds=round(owed))
        else:
            message = Said("wrong password for this table")
        raise P.ProtocolError("bad_password", message)

    def journal_append(self, table: Table, records: list[dict[str, Any]]) -> None:
        """Write ``records`` to ``table``'s journal before any frame tells of them; fsynced
        right after (:class:`~ekpeer.net.journal_sync.JournalSync`)."""
        self.journal_sync.append(table.id, records)

    def journal_rewrite(self, table: Table, records: list[dict[str, Any]]) -> None:
        """Replace ``table``'s journal with ``records`` before any frame tells of them (atomic);
        the rename's fsync right after (:class:`~ekpeer.net.journal_sync.JournalSync`)."""
        self.journal_sync.rewrite(table.id, records)

    # ------------------------------------------------------------------ lifecycle
    def log(self, event: str, level: str = "info", **fields: Any) -> None:
        if self._log is not None:
            self._log({"ts": round(time.time(), 3), "level": level, "event": event, **fields})

    def add_table(self, table_id: str, settings: dict[str, Any] | None = None, *, autostart: bool = True,
                  title: str = "", description: str = "", created: bool = False) -> Table:
        base = table_id
        n = 2
        while table_id in self.tables:
            table_id = f"{base}-{n}"
            n += 1
        checked = lobby_mod.check(settings or {})
        table = Table(self, table_id, checked, autostart, title, description, created)
        self.tables[table_id] = table
        table.journal_lobby()
        self.log("table_added", table=table_id, autostart=autostart,
                 settings={**checked, "password": bool(checked.get("password"))})
        return table

    def deal(self, table_id: str, settings: dict[str, Any], name: str, key: str | None) -> Seat:
        """A table made by its first player and dealt at once (``ekpeer play --start``).

        The seat is taken for the client key ``key`` and the game starts with bots in the
        other seats before that client has even connected: it then resumes the seat with its
        token (``join`` with the token: a ``lobby``, then the ``snapshot``). Raises
        :class:`~ekpeer.net.lobby.SettingsError` or :class:`~ekpeer.net.protocol.ProtocolError`
        (and keeps no table) when the settings do not make a game."""
        table = self.add_table(table_id, settings, autostart=False, created=True)
        seat = Seat(name=name, token=new_token(), key=key, ready=True)
        table.seats.append(seat)
        table.creator = seat
        try:
            table.start_game()
        except Exception:
            self.remove_table(table)
            raise
        return seat

    def no_table_words(self, table_id: str) -> str:
        """The ``no_table`` refusal's message: the tables there (the first page's, as ``hello``
        lists them), so a mistyped ``--table`` is seen as a typo and the right name is at hand."""
        names = list(itertools.islice(self.tables, limits.HELLO_PAGE))
        more = ", ..." if len(self.tables) > len(names) else ""
        there = f"its tables: {', '.join(names)}{more}" if names else "it has no tables"
        return f"no table {table_id!r} here; {there}"

    def count_password_set(self, session: Session) -> None:
        """A table password set costs a scrypt hash on the event loop: a few free per client key
        and per address, then one every ``PASSWORD_SET_EVERY`` seconds (``rate_limited``)."""
        who, now = self.makers(session), self.loop.time()
        wait = self.password_sets.wait(who, now)
        if wait > 0:
            raise P.ProtocolError("rate_limited", Said("a table's password may be set again in {seconds} s",
                                                       seconds=round(wait)))
        self.password_sets.wrong(who, now)

    def makers(self, session: Session) -> list[str]:
        """Who a session is, for the budgets kept per client key and per remote address
        (the key first; an inproc session has no address)."""
        out = [f"key:{session.key}"]
        if session.address is not None:
            out.append(f"addr:{session.address}")
        return out

    def remove_table(self, table: Table) -> None:
        table.cancel_all()
        if self.tables.get(table.id) is table:
            del self.tables[table.id]
            for who in table.makers:
                left = self.tables_made.get(who, 1) - 1
                if left > 0:
                    self.tables_made[who] = left
                else:
                    self.tables_made.pop(who, None)
            if self.journal is not None:
                self.guard_io(self.journal.remove, table.id)
            self.log("table_removed", table=table.id)

    def restore(self) -> list[str]:
        """Bring back every table of the journal, each game exactly where its move log left it.

        People's seats wait for their owners (same token, same client key) for the grace
        period, then a bot plays them, as after any dropped connection; a seat its person had
        left, or a bot had taken over after its grace, is played by its bot at once, as it was
        (the game's record says so: :meth:`Table.journal_seats`), and its person may come back."""
        if self.journal is None:
            return []
        self.loop = self.loop or asyncio.get_event_loop()
        restored = []
        for state in self.journal.load():
            rec = state["table"]
            try:
                settings = lobby_mod.check(rec["settings"])
            except (lobby_mod.SettingsError, KeyError, TypeError) as exc:
                self.journal_broken(state, f"its settings do not check here: {exc}")
                continue
            table_id = rec["id"]
            table = Table(self, table_id, settings, bool(rec.get("autostart", True)), rec.get("title", ""),
                          rec.get("description", ""), bool(rec.get("created")))
            table.games = int(rec.get("games", 0))
            # who watched: let in again past the password, and told the host started again
            watchers = list(state.get("watchers") or {})[-WATCHER_KEYS:]
            table.watcher_keys, table.watchers_at_start = dict.fromkeys(watchers), set(watchers)
            game_rec = state["game"]
            if game_rec is not None and not state["over"]:
                try:
                    rules = ruleset(game_rec["plugins"])
                    game = replay(rules, game_rec["origin"], [], hosted=True)
                    for move in state["moves"]:     # each move's events: the snapshots' history
                        table.remember(game.apply(Move.from_dict(move)))
                except Exception as exc:    # set aside as it is: never rewritten as an empty lobby
                    self.journal_broken(state, f"its moves do not replay: {exc!r}"[:500])
                    continue
                if game is not None and not game.over:
                    now = self.loop.time()
                    for s in game_rec["seats"]:
                        seat = Seat(name=s["name"], token=s.get("token"), key=s.get("key"),
                                    kind=s.get("kind"), ready=True, left=bool(s.get("left")),
                                    takeover=bool(s.get("takeover") or s.get("left")),
                                    token_sha256=s.get("token_sha256"))
                        seat.bot, seat.bot_seed = None, self.new_seed(table.rng)
                        seat.rematch = seat.kind is not None
                        table.seats.append(seat)
                        if s.get("creator"):
                            table.creator = seat
                    table.game = game
                    cone = state.get("cone")
                    table.cone = cone if isinstance(cone, str) and table.seat(cone) is not None else None
                    table.catalog = rules.catalog()
                    table.games = int(game_rec.get("games", table.games))
                    table.phase = "playing"
                    table.cards0 = (replay(rules, game.origin, [], hosted=True).all_cards() if self.audit
                                    else None)
                    self.tables[table_id] = table
                    for seat, s in zip(table.seats, game_rec["seats"], strict=True):
                        if seat.human and not seat.takeover:
                            seat.gone_since, seat.gone_at_start = now, True
                            table.start_grace(seat)
                        elif seat.human and not seat.left:      # covered: away since its drop
                            seat.gone_since = now - seconds_gone(s.get("gone_at"))
                    table.journal_game([{"t": "move", "m": m.to_dict()} for m in game.log])
                    table.clock_restarted = True    # in full: said so on every screen
                    table.schedule()
                    restored.append(table_id)
                    self.log("table_restored", table=table_id, moves=len(game.log), game=table.games,
                             seats=[s.name for s in table.seats])
                    continue
            if table.created:
                self.guard_io(self.journal.remove, table_id)
                continue
            self.tables[table_id] = table
            table.journal_lobby()
            restored.append(table_id)
            self.log("table_restored", table=table_id, moves=0, game=table.games, seats=[])
        self.log_journal_aside()
        return restored

    def journal_broken(self, state: dict[str, Any], reason: str) -> None:
        """A table's journal that loads but cannot be played on: set aside untouched (the other
        tables resume), said loudly by :meth:`log_journal_aside`."""
        assert self.journal is not None
        self.guard_io(self.journal.set_file_aside, Path(state["path"]), reason)

    def log_journal_aside(self) -> None:
        """Say, loudly, each journal file set aside since the last call (broken, or kept by a
        start without ``--resume``): where it is now and why."""
        journal = self.journal
        if journal is None:
            return
        for entry in journal.set_aside[self._aside_logged:]:
            if entry["kind"] == "kept":
                self.log("journal_kept", level="warning", path=entry["path"], reason=entry["reason"],
                         help="to play them on, start again with --resume")
            else:
                self.log("journal_broken", level="error", path=entry["path"], reason=entry["reason"],
                         help="set aside as it was: nothing in it was played on, nothing overwritten; "
                              "the other tables resume")
        self._aside_logged = len(journal.set_aside)
        taken = getattr(journal, "taken_back", None)
        if taken and not self._taken_back_logged:
            self._taken_back_logged = True
            self.log("journal_taken_back", level="warning", path=taken["path"], games=int(taken["count"]),
                     reason="no unfinished game was in the journal folder: the newest kept by a "
                            "start without --resume is played on")

    async def start(self) -> str:
        self.loop = asyncio.get_running_loop()
        sock = self.ctx.socket(zmq.ROUTER)
        sock.setsockopt(zmq.LINGER, 0)
        sock.setsockopt(zmq.ROUTER_MANDATORY, 1)
        # frames up to TOO_LARGE_FRAME reach the host (which answers too_large past
        # MAX_CLIENT_FRAME); ZeroMQ counts CURVE's own bytes in MAXMSGSIZE, so they are added
        sock.setsockopt(zmq.MAXMSGSIZE, P.TOO_LARGE_FRAME + (P.CURVE_OVERHEAD if self.secure else 0))
        if self.heartbeat_ms > 0:   # never by default: limits.ZMTP_HEARTBEAT_MS says why
            sock.setsockopt(zmq.HEARTBEAT_IVL, self.heartbeat_ms)
            sock.setsockopt(zmq.HEARTBEAT_TIMEOUT, self.heartbeat_ms * 3)
            sock.setsockopt(zmq.HEARTBEAT_TTL, self.heartbeat_ms * 3)
        sock.setsockopt(zmq.SNDHWM, limits.SNDHWM)
        sock.setsockopt(zmq.RCVHWM, limits.RCVHWM)
        sock.setsockopt(zmq.HANDSHAKE_IVL, self.handshake_ms)
        if self.secure:
            assert self.keypair is not None
            security.start_zap(self.ctx)
            self._zap = True
            security.secure_server(sock, self.keypair)
        try:
            sock.bind(self.bind_to)
        except zmq.ZMQError:
            sock.close(linger=0)
            if self._zap:
                security.stop_zap(self.ctx)
                self._zap = False
            raise
        self.sock = sock
        self._raw = zmq.Socket.shadow(sock.underlying)
        self.endpoint = sock.getsockopt_string(zmq.LAST_ENDPOINT)
        if self.endpoint.startswith("tcp://"):
            self.gate = Gate(now=self.loop.time, log=self.log, hello_seconds=self.hello_seconds,
                             per_address=self.max_per_address, pending_per_address=self.pending_per_address,
                             max_connections=limits.fd_budget(self.max_connections))
            self.gate.watch(self._raw, self.ctx, int(self.endpoint.rsplit(":", 1)[1]))
            assert self.gate.monitor is not None
            self.loop.add_reader(self.gate.monitor.getsockopt(zmq.FD), self.gate.drain)
        if self.local:
            # a second door for clients in this process (the host's own player): no TCP, no
            # CURVE handshake; their frames carry no key and are given security.LOCAL_KEY
            self.local_endpoint = f"inproc://ekpeer-host-{id(self):x}"
            sock.bind(self.local_endpoint)
        self._tasks = [asyncio.create_task(self._recv_loop()), asyncio.create_task(self._sweep_loop())]
        self.log_journal_aside()
        if self.secure:
            self.log("listening", endpoint=self.endpoint, address=self.address, addresses=self.addresses,
                     tables=list(self.tables), secure=True, fingerprint=security.fingerprint(self.public_key))
        else:
            self.log("listening", endpoint=self.endpoint, address=self.address, addresses=self.addresses,
                     tables=list(self.tables), secure=False)
            self.log("insecure", level="warning", message=security.INSECURE_WARNING)
        return self.endpoint

    async def close(self, reason: str = CLOSING, by: str | None = None) -> None:
        """Stop: every connection is told first (``closing``, in words) that the host is going on
        purpose, so that nobody waits for a host that will not answer. ``by``: the player whose
        client runs this host (``ekpeer host``), named to the others ("if ann's host resumes")."""
        told = 0
        body: dict[str, Any] = {"reason": reason, **({"by": by} if by else {})}
        for sess in list(self.sessions.values()):
            told += self.send(sess, "closing", body)
        for table in list(self.tables.values()):
            table.stop()
        for t in self._tasks:
            t.cancel()
        for t in self._tasks:
            try:
                await t
            except (asyncio.CancelledError, Exception):
                pass
        await self.journal_sync.close()     # the last moves' fsyncs
        if self.gate is not None:
            if self.gate.monitor is not None:
                with contextlib.suppress(Exception):
                    self.loop.remove_reader(self.gate.monitor.getsockopt(zmq.FD))
            self.gate.close()
            self.gate = None
        if self.sock is not None:
            # the closing frames may still be queued: a moment for them to go (never for more)
            self.sock.close(linger=CLOSING_LINGER_MS if told else 0)
            self.sock = None
        self._raw = None
        if self._zap:
            security.stop_zap(self.ctx)
            self._zap = False
        if self.journal is not None:
            self.journal.close()
        self.log("stopped", frames_in=self.stats["frames_in"], frames_out=self.stats["frames_out"],
                 fsyncs=self.stats.get("fsyncs", 0))

    # ------------------------------------------------------------------ sending
    def _next_id(self) -> int:
        self._ids += 1
        return self._ids

    def send(self, session: Session, type_: str, body: dict[str, Any] | None = None, re: int | None = None,
             packed: bytes | None = None) -> bool:
        if session.dead or self.sock is None:
            return False
        data = P.encode_packed(type_, packed if packed is not None else P.pack_body(body or {}),
                               self._next_id(), re, session.seq + 1)
        if len(data) > P.MAX_HOST_FRAME:         # a bug on our side: never more than clients take
            self.log("frame_too_large", level="error", type=type_, size=len(data))
            return False
        session.seq += 1
        return self.send_now(session, data)

    def send_now(self, session: Session, data: bytes) -> bool:
        raw = self._raw
        if session.dead or raw is None or self.sock is None:
            return False
        if self.send_hook is not None:
            self.send_hook(session, data)
        # straight through the socket (DONTWAIT never waits): no future per frame; one check of
        # the socket's edge-triggered events per loop pass instead (_kick)
        try:
            raw.send_multipart([session.ident, data], flags=zmq.DONTWAIT)
        except zmq.ZMQError as exc:
            reason = "unreachable" if exc.errno == zmq.EHOSTUNREACH else "slow"
            session.dead = True
            self.loop.call_soon(self.drop, session, reason)
            return False
        finally:
            if not self._kicking:
                self._kicking = True
                self.loop.call_soon(self._kick)
        n = len(data)
        self.stats["frames_out"] += 1
        self.stats["bytes_out"] += n
        session.sent += n
        if session.sent - session.marked >= limits.ACK_MARK:
            session.marks.append((session.seq, session.sent))
            session.marked = session.sent
        address = session.address
        if address is not None:
            self.unread[address] = self.unread.get(address, 0) + n
        if session.sent - session.acked > self.unread_per_peer or (
                address is not None and self.unread[address] > self.unread_per_address):
            self.unread_too_much(session)
        return True

    def acked(self, session: Session, seen: int) -> None:
        """The peer says it has read every frame up to ``seen``: those bytes are no longer owed."""
        if seen > session.seq:                  # frames never sent: a claim, not an ack
            return
        if seen == session.seq:
            done = session.sent
            session.marks.clear()
        else:
            done = session.acked
            marks = session.marks
            while marks and marks[0][0] <= seen:
                done = marks.popleft()[1]
        if done > session.acked:
            if session.address is not None:
                left = self.unread.get(session.address, 0) - (done - session.acked)
                if left > 0:
                    self.unread[session.address] = left
                else:
                    self.unread.pop(session.address, None)
            session.acked = done

    def unread_too_much(self, session: Session) -> None:
        """A peer that does not read what it is sent: dropped and cut before the host holds more."""
        owed = session.sent - session.acked
        self.log("unread_dropped", level="warning", address=session.address,
                 key=(session.key or "")[:8], unread=owed,
                 limit=self.unread_per_peer if owed > self.unread_per_peer else self.unread_per_address)
        session.dead = True
        self.loop.call_soon(self.drop, session, "unread")

    def _kick(self) -> None:
        """After sends straight through the socket: wake the receiving side if frames wait
        (the socket's descriptor is edge-triggered; zmq.asyncio does this after each send)."""
        self._kicking = False
        sock = self.sock
        if sock is not None:
            with contextlib.suppress(Exception):
                sock._schedule_remaining_events()  # type: ignore[attr-defined]

    def reply(self, session: Session, re: int | None, body: dict[str, Any]) -> None:
        self.send(session, "reply", body, re=re)

    def error_reply(self, session: Session, re: int | None, code: str, message: str, **extra: Any) -> None:
        self.stats["errors"] += 1
        now = self.loop.time()
        session.err_tokens = min(self.err_burst, session.err_tokens + (now - session.stamp) * self.err_rate)
        if session.err_tokens < 1:
            return
        session.err_tokens -= 1
        # a refusal's words in the language of the person refused (English for programs and logs)
        self.reply(session, re, P.error(code, i18n.in_lang(message, session.lang), **extra))

    # ------------------------------------------------------------------ sessions
    def detach(self, session: Session) -> None:
        if session.table is not None:
            session.table.leave(session)

    def replaced(self, session: Session, table: str, seat: str) -> None:
        """``session`` lost its seat to a newer connection of the same client key (the player
        joined again: a restarted terminal, or a second window with the same data dir). It is
        told so (a ``replaced`` refusal, without ``re``), so that a window still open does not
        take the seat back, then dropped once the words have had a moment to leave."""
        if session.dead:
            return
        self.log("replaced", table=table, seat=seat, key=(session.key or "")[:8])
        self.error_reply(session, None, "replaced",
                         f"you joined table {table} again as {seat} on another connection with your key "
                         "(another window, or a restarted one): that one has the seat now")

        def gone() -> None:
            if self.sessions.get(session.ident) is session:
                self.drop(session, "replaced")

        self.call_later(REPLACED_LINGER, gone)

    def drop(self, session: Session, reason: str) -> None:
        """Forget a connection; its seat (if any) waits for its return for the grace period."""
        session.dead = True
        if session.address is not None and session.sent > session.acked:
            left = self.unread.get(session.address, 0) - (session.sent - session.acked)
            if left > 0:
                self.unread[session.address] = left
            else:
                self.unread.pop(session.address, None)
            session.acked = session.sent
        if session.conn is not None and self.gate is not None and reason not in ("unreachable",):
            self.gate.cut(session.conn, reason)     # frees what ZeroMQ queued for it, too
        if self.sessions.get(session.ident) is session:
            del self.sessions[session.ident]
            left = self.per_key.get(session.key, 1) - 1
            if left > 0:
                self.per_key[session.key] = left
            else:
                self.per_key.pop(session.key, None)
        table, seat = session.table, session.seat
        session.table, session.seat = None, None
        if table is not None:
            if session.spectator:
                if session in table.spectators:
                    table.spectators.remove(session)
                    table.broadcast_lobby()     # one fewer watching, on every screen
                    table.maybe_abandon()       # the last one watching a game nobody plays
            elif seat is not None and seat.session is session:
                # silent past --idle: gone since it was last heard, not since the sweep noticed
                table.seat_gone(seat, reason, since=session.last_seen if reason == "idle" else None)

    async def _sweep_loop(self) -> None:
        while True:
            await asyncio.sleep(min(1.0, self.idle_seconds / 3))
            now = self.loop.time()
            if self.gate is not None:
                self.gate.drain()
                for conn in self.gate.sweep():          # never said hello, frames or not
                    sess = self.sessions.get(conn.ident) if conn.ident is not None else None
                    if sess is not None and sess.conn is conn:
                        self.drop(sess, "no_hello")
            for sess in list(self.sessions.values()):
                if now - sess.last_seen > self.idle_seconds:
                    self.drop(sess, "idle")
                elif not sess.said_hello and now - sess.stamp0 > self.hello_seconds:
                    self.drop(sess, "no_hello")
            for ident, until in list(self.blocked.items()):
                if until < now:
                    del self.blocked[ident]
            for k, until in list(self.blocked_keys.items()):
                if until < now:
                    del self.blocked_keys[k]

    # ------------------------------------------------------------------ receiving
    async def _recv_loop(self) -> None:
        assert self.sock is not None
        while True:
            try:
                frames = await self.sock.recv_multipart(copy=False)
            except asyncio.CancelledError:
                raise
            except zmq.ZMQError as exc:
                self.log("recv_error", level="error", error=repr(exc))
                await asyncio.sleep(0.01)
                continue
            self._on_recv(frames)
            # then whatever else is already waiting, without a future per message (a bounded
            # batch, so timers and fsync completions get their turn)
            raw = self._raw
            for _ in range(RECV_BATCH):
                if raw is None or self.sock is None:
                    break
                try:
                    frames = raw.recv_multipart(flags=zmq.NOBLOCK, copy=False)
                except zmq.Again:
                    break
                except zmq.ZMQError:
                    break
                self._on_recv(frames)

    def _on_recv(self, frames: list[Any]) -> None:
        try:
            gate = self.gate
            fd = None
            if gate is not None:
                gate.drain()        # the gate knows a connection before its first frame
                fd = security.peer_fd(frames[-1])
            key = security.peer_key(frames[-1]) if self.secure else None
            if key is None and self.secure and self.local_endpoint and fd is None:
                # CURVE and ZAP give every TCP peer its key: a frame without one came in
                # through the inproc endpoint, from inside this process
                key = security.LOCAL_KEY
            self.on_frames([f.bytes for f in frames], key, fd)
        except Exception as exc:  # never let one message stop the host
            self.fail("recv", exc)

    def on_frames(self, parts: list[bytes], key: str | None = None, fd: int | None = None) -> None:
        self.stats["frames_in"] += 1
        ident = parts[0]
        conn = self.gate.conn_of(fd, ident) if self.gate is not None else None
        if ident in self.blocked or (conn is not None and conn.cut):
            return
        if self.secure and key is None:       # cannot happen with CURVE + ZAP; refuse rather than trust
            return
        now = self.loop.time()
        session = self.sessions.get(ident)
        if session is not None and session.key != key:
            # a different key behind a reused ROUTER identity: never let it inherit the session
            self.log("identity_mismatch", level="warning")
            self.drop(session, "identity_mismatch")
            session = None
        if session is None:
            if len(self.sessions) >= self.max_sessions or (key is not None and key in self.blocked_keys):
                if conn is not None and self.gate is not None:
                    self.gate.cut(conn, "blocked")
                return
            if self.per_key.get(key, 0) >= self.max_per_key and key is not None:
                self.blocked[ident] = now + 5.0
                self.log("too_many_connections", level="warning", key=key[:8], limit=self.max_per_key)
                if conn is not None and self.gate is not None:
                    self.gate.cut(conn, "key_connections")
                return
            session = Session(ident, last_seen=now, tokens=self.burst, stamp=now, key=key)
            session.stamp0 = conn.opened if conn is not None else now
            session.conn = conn
            session.address = conn.address if conn is not None else None
            self.sessions[ident] = session
            self.per_key[key] = self.per_key.get(key, 0) + 1
        session.last_seen = now
        session.tokens = min(self.burst, session.tokens + (now - session.stamp) * self.rate)
        session.err_tokens = min(self.err_burst, session.err_tokens + (now - session.stamp) * self.err_rate)
        session.stamp = now
        if session.tokens < 1:
            session.strikes += 1
            if session.strikes > self.max_strikes:
                self.log("flood_dropped", level="warning", strikes=session.strikes)
                self.blocked[ident] = now + 30.0
                if key is not None and key != security.LOCAL_KEY:
                    self.blocked_keys[key] = now + 30.0
                self.drop(session, "flood")
                return
            self.error_reply(session, None, "rate_limited",
                             Said("slow down: at most {rate} messages a second", rate=format(self.rate, "g")))
            return
        session.tokens -= 1
        if session.strikes and session.tokens > self.burst / 2:
            session.strikes = 0
        if len(parts) != 2:
            self.error_reply(session, None, "bad_frame", "send exactly one frame per message")
            return
        try:
            env = P.decode(parts[1])
        except P.ProtocolError as exc:
            session.strikes += 1
            self.error_reply(session, exc.re, exc.code, exc.message, **exc.extra)
            return
        try:
            self.dispatch(session, env)
        except P.ProtocolError as exc:
            self.error_reply(session, env.id, exc.code, exc.message, **exc.extra)
        except Exception as exc:  # a bug on our side: logged, answered, survived
            table = session.table.id if session.table is not None else None
            self.fail("dispatch", exc, type=env.type, table=table)
            self.error_reply(session, env.id, "internal",
                             Said("the host failed on this message (logged)"))

    def seat_to_resume(self, session: Session, token: str | None, name: str | None) -> dict[str, str] | None:
        """The seat a hello may come back to: the one its token opens, else a seat of a game on
        that this key took under this name (a player who runs the same ``ekpeer join`` again
        after a drop: without it, a host with a table in its lobby seated them there, a new
        player, while a bot went on playing their game). One who left on purpose comes back
        too, as the leave dialog promises ("joining again gives you your seat back"). Under
        another name, the one seat of a game on this key took (:meth:`Table.held_by_key`)."""
        for table in self.tables.values():
            for seat in table.seats:
                if not table.owns(seat, session):
                    continue
                if token and seat.has_token(token):
                    return {"table": table.id, "seat": seat.name}
                if not token and name and seat.name == name and seat.human and seat.key is not None \
                        and table.phase != "lobby":
                    return {"table": table.id, "seat": seat.name}
        if not token:       # under another name: the one seat of a game on this key took
            for table in self.tables.values():
                seat = table.held_by_key(session)
                if seat is not None:
                    return {"table": table.id, "seat": seat.name}
        return None

    def dispatch(self, session: Session, env: P.Envelope) -> None:
        body, t = env.body, env.type
        if t == "ping":
            seen = body.get("seen")
            if seen is not None:
                self.acked(session, seen)
            self.reply(session, env.id, P.ok(time=time.time()))
            return
        if t == "hello":
            version = P.negotiate(body["versions"])
            session.version = version
            session.said_hello = True
            if session.conn is not None and self.gate is not None:
                self.gate.said_hello(session.conn)
            resume = self.seat_to_resume(session, body.get("token"), body.get("name"))
            session.lean = body.get("choices") is False
            session.lang = asked_language(body, session.lang)
            extra = {} if session.lean else {"choices": lobby_mod.choices_in(session.lang)}
            page = body.get("page") or 0
            start = page * limits.HELLO_PAGE
            shown = itertools.islice(self.tables.values(), start, start + limits.HELLO_PAGE)
            self.reply(session, env.id, P.ok(versions=list(P.SUPPORTED), version=version,
                                              tables=[tb.summary() for tb in shown],
                                              page=page, page_size=limits.HELLO_PAGE,
                                              table_count=len(self.tables),
                                              ping_seconds=self.ping_seconds,
                                              max_frame=P.MAX_CLIENT_FRAME, resume=resume,
                                              allow_create=self.allow_create, **extra))
            return
        if not session.said_hello:
            # a join before hello used to seat a player whom the hello deadline then dropped:
            # a seat in every lobby for 5 s that nobody could play
            raise P.ProtocolError("hello_first", f"say hello before {t}")
        if t == "join":
            session.lang = asked_language(body, session.lang)
            name = body.get("name")
            table = self.tables.get(body["table"])
            if table is None:
                # create: false (ekpeer join --table NAME): a typo must not seat the player
                # alone at a new table, so it is refused with the tables there
                if not self.allow_create or body.get("token") or body.get("spectator") \
                        or body.get("create") is False:
                    raise P.ProtocolError("no_table", self.no_table_words(body["table"]))
                if len(self.tables) >= self.max_tables:
                    raise P.ProtocolError("host_full", Said("this host serves no more tables"))
                makers = self.makers(session)
                for who, limit in zip(makers, (self.tables_per_key, self.tables_per_address), strict=False):
                    if self.tables_made.get(who, 0) >= limit:
                        self.log("tables_refused", level="warning", who=who[:13], limit=limit)
                        raise P.ProtocolError("host_full", Said(
                            "you have made {limit} tables on this host already (from this key or this "
                            "address): leave one first", limit=limit))
                if isinstance(body.get("password"), str) and body["password"]:
                    self.count_password_set(session)        # its hash, budgeted as a lobby_set's
                try:
                    table = self.add_table(body["table"], {**self.table_defaults,
                                                           "password": body.get("password")},
                                           autostart=False, created=True)
                except lobby_mod.SettingsError as exc:
                    raise P.ProtocolError("bad_settings", exc.said) from None
                table.makers = makers
                for who in makers:
                    self.tables_made[who] = self.tables_made.get(who, 0) + 1
            result = table.join(session, name, body.get("token"), bool(body.get("spectator")),
                                body.get("password"))
            self.reply(session, env.id, P.ok(table=table.id, **result))
            if table.phase == "lobby" and not body.get("spectator") and body.get("token") is None:
                pass
            return
        table = session.table
        if table is None:
            raise P.ProtocolError("not_joined", "join a table first")
        if t == "leave":
            table.leave(session)
            self.reply(session, env.id, P.ok())
            return
        if session.spectator:
            raise P.ProtocolError("spectator", Said("spectators only watch"))
        if t == "lobby_set":
            table.set_settings(session, body["settings"])
        elif t == "ready":
            # checked before the one reply
            table.refuse_outside_lobby(session, Said("ready is for seated players in the lobby"))
            if "picks" in body:
                table.set_picks(session, body["picks"])
            self.reply(session, env.id, P.ok())
            self.after_reply(session, table.set_ready, session, bool(body.get("ready", True)))
            return
        elif t == "start":
            table.request_start(session)
        elif t == "rematch":
            if table.phase != "over" or session.seat is None:
                raise P.ProtocolError("not_over", Said("rematch is for seated players after a game"))
            self.reply(session, env.id, P.ok())
            self.after_reply(session, table.request_rematch, session)
            return
        elif t == "move":
            self.on_move(session, table, env)
            return
        self.reply(session, env.id, P.ok())

    def after_reply(self, session: Session, fn: Callable[..., Any], *args: Any) -> None:
        """Work after a request's one reply: a refusal now is told without ``re`` (no second reply)."""
        try:
            fn(*args)
        except P.ProtocolError as exc:
            self.error_reply(session, None, exc.code, exc.message, **exc.extra)

    def on_move(self, session: Session, table: Table, env: P.Envelope) -> None:
        seat = session.seat
        assert seat is not None
        try:
            move = Move.from_dict(env.body["move"])
        except IllegalMove as exc:
            raise P.ProtocolError(exc.code, table.refusal(exc)) from None
        if move.do in ("resolve", "fizzle"):
            raise P.ProtocolError("host_only", "the host closes reaction windows when their timer runs out")
        err = table.apply(seat, move, re=env.id, session=session)
        if err is not None:     # in the words of the one refused (a plugin's reason by its catalog)
            raise P.ProtocolError(err.code, table.refusal(err))
        self.reply(session, env.id, P.ok())


async def serve(host: Host, stop: asyncio.Event) -> None:
    await host.start()
    try:
        await stop.wait()
    finally:
        await host.close()
