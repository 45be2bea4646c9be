"""The client library: one DEALER connection to a host, used by the Textual client and remote bots.

    client = Client("tcp://127.0.0.1:5555", name="ann")
    await client.connect()                      # hello (version negotiation)
    joined = await client.join("base")          # a seat and its token
    await client.ready()
    async for msg in client.messages():         # lobby, snapshot, update, timer, reply, closing
        ...
    await client.move({"do": "draw"})

Replies to requests are matched by id; an error reply raises :class:`RequestError` (pass
``check=False`` to get the body instead). The client pings the host every ``ping_seconds``
(1 s, or as often as the host's hello asks); any frame from the host shows it is there.
When the host falls silent for ``silence_seconds`` (3.5 s), forgets it, or a sequence
number is skipped, it reconnects on a fresh socket, again and again until the host answers,
and resumes its seat with the token (a fresh ``snapshot`` follows). A host that falls silent
is said in a ``connection`` message of the client's own (``{state: "lost", reason}``), and
its end in another: ``{state: "back", attempts}`` once the seat is resumed (with ``away`` and
``bot_played`` as below when the host had noticed the drop: then it never left, the link
failed; but with ``restarted: true`` the host was started again with the seat empty, so it
was the host that went), or ``{state: "refused",
code, message}`` when the host answers but has no seat for us any more. A seat resumed after
a drop the host noticed, the client not having called the host gone (a connection reset for
a second or two), is ``{state: "rejoined", reason, away, bot_played}`` (``away``: seconds the
host had the seat without a connection). A seat taken back
by a newer connection of the same client key (the player joined again in another window) is
``{state: "replaced", message}``. After ``refused`` or ``replaced`` the client closes its
socket and connects no more (a socket left open is connected again by ZeroMQ itself).
"""

from __future__ import annotations

import asyncio
import contextlib
import random
import statistics
from collections import deque
from collections.abc import AsyncIterator, Callable, Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import zmq
import zmq.asyncio

from .. import i18n
from . import known_hosts as known_hosts_mod
from . import limits, security
from . import protocol as P

if TYPE_CHECKING:       # the client library needs no engine: a move is sent as the data it is
    from ..engine import Move

#: Seconds without a frame from the host before the client calls it gone (it pings every
#: second, and the host answers every ping) and says so (a ``connection`` message).
SILENCE = 3.5


#: Pings' round trips kept for the estimate of the one-way delay (:meth:`Client.delay`).
ROUND_TRIPS = 5
#: The most seconds a clock is shortened by: a round trip that took longer (a reconnect, a host
#: busy for a moment) says nothing of the next frame's trip, and must not wipe a clock out.
MOST_DELAY = 2.0
#: A round trip longer than this many times the recent ones' usual (their median), plus
#: :data:`STALL_MARGIN`, was a stall (a lossy link holding frames back for a second or two),
#: not the link's lag: the delay leaves it out (see :func:`steady_trip`).
STALL_FACTOR = 2.0
STALL_MARGIN = 0.1
#: Seconds of silence beyond a usual round trip, a ping awaiting its answer, before the host is
#: said to be late (:meth:`Client.unheard_for`): a ping goes every second and is answered at once.
QUIET_SECONDS = 1.5


#: Bytes read before the client pings early to acknowledge them (the host's budget is far above).
ACK_BYTES = 256 * 1024
#: Frames read from the socket in one go before the loop gets its turn (the rest right after).
READ_BATCH = 256
# pyzmq's constants as plain ints: an int & an enum.Flag goes through Python code each time
_EVENTS, _POLLIN, _DONTWAIT = int(zmq.EVENTS), int(zmq.POLLIN), int(zmq.DONTWAIT)


def _selector(loop: asyncio.AbstractEventLoop) -> Any:
    """What watches a descriptor for ``loop``: the loop itself, or on Windows' proactor loop
    (which has no ``add_reader``) pyzmq's stand-in."""
    try:
        from zmq.asyncio import _get_selector  # type: ignore[attr-defined]
    except ImportError:         # a pyzmq without it: selector loops only
        return loop
    return _get_selector(loop)


def steady_trip(trips: Iterable[float]) -> float:
    """The round trip a clock is shortened by: the longest of ``trips`` that is not a stall.

    The longest, for a clock that ends a little early beats one that ends late (see
    :attr:`Client.delay`); but one stalled ping (a 2 s "round trip" on a LAN link that held its
    frames back) cut every clock of the next five seconds by a second. So, with three trips or
    more to judge by, a trip more than :data:`STALL_FACTOR` times their median (the low one) plus
    :data:`STALL_MARGIN` is left out: a steadily lagged link's trips are all about its median and
    all count, and a link that grew slower counts in full once most trips say so."""
    trips = list(trips)
    if len(trips) < 3:
        return max(trips, default=0.0)
    ceiling = statistics.median_low(trips) * STALL_FACTOR + STALL_MARGIN
    return max(t for t in trips if t <= ceiling)


class RequestError(Exception):
    def __init__(self, code: str, message: str, body: dict[str, Any] | None = None) -> None:
        super().__init__(f"{code}: {message}")
        self.code = code
        self.message = message
        self.body = body or {}


class HostNotAnswering(TimeoutError):
    """The host said nothing to our hello (a TimeoutError, as callers caught before). CurveZMQ
    gives a client no error for a wrong key (a host just never answers one it cannot decrypt),
    so the words name that cause too."""

    def __init__(self, client: Client, seconds: float) -> None:
        trust = client.trust
        where = trust.hostport if trust is not None else client.address
        if trust is not None and trust.source == "known":
            words = (f"No answer from {where} within {seconds:g} s to the key this client trusted on an "
                     f"earlier visit (fingerprint {trust.fingerprint}). Either the host is not running "
                     "or cannot be reached, or its key changed (a new install, or another machine now "
                     "at that address): ask the host for its whole address (tcp://HOST:PORT/KEY) and "
                     f"compare fingerprints; `ekpeer forget-host {where}` forgets the old key.")
        elif trust is not None and trust.source == "lan" and trust.status == "new":
            words = (f"No answer from {where} within {seconds:g} s to the key the LAN advertised for it "
                     f"(fingerprint {trust.fingerprint}). Either the host is not running or cannot be "
                     "reached, or that key was a look-alike's: anyone on the network can advertise a key "
                     "for this address, and the real host stays silent to it. Nothing was remembered. "
                     "Ask the host for its whole address (tcp://HOST:PORT/KEY).")
        else:
            words = (f"No answer from {where} within {seconds:g} s. Is the host running, and is the "
                     "address right? A host also stays silent to an address with another key than "
                     "its own: use the whole address it shows (tcp://HOST:PORT/KEY).")
        super().__init__(words)


@dataclass(slots=True)
class Message:
    type: str
    body: dict[str, Any]
    id: int
    re: int | None
    seq: int | None


class Client:
    def __init__(self, endpoint: str, name: str | None = None, *, token: str | None = None,
                 ctx: zmq.asyncio.Context | None = None, ping_seconds: float = 1.0,
                 silence_seconds: float | None = None, request_timeout: float = 10.0,
                 reconnect: bool = True, heartbeat_ms: int = limits.ZMTP_HEARTBEAT_MS,
                 on_message: Callable[[Message], Any] | None = None,
                 raw_hook: Callable[[bytes], None] | None = None,
                 keypair: tuple[bytes, bytes] | None = None, insecure: bool = False,
                 password: str | None = None, choices: bool = True, known_hosts: Any = True,
                 lang: str | None = None) -> None:
        # ``endpoint`` is an address ``tcp://HOST:PORT/HOSTKEY``: the key pins the host (CurveZMQ).
        # Without a key the client refuses to connect unless ``insecure`` (plain TCP, loopback debugging).
        self.endpoint = endpoint
        self.address, self.server_key = security.split_address(endpoint)
        # known hosts (``known_hosts``: True, the user's file; None: none): a key the address gives
        # is checked against them (another key for a known host raises HostKeyChanged); without a
        # key, a trusted earlier visit's is used. A new key is remembered once the host answers.
        self.known_hosts = known_hosts_mod.store(known_hosts)
        self.trust = known_hosts_mod.trust_for(self.known_hosts, self.address, self.server_key,
                                               lookup=not insecure)
        if self.trust is not None:
            self.server_key = self.trust.key
        # in this process (inproc://) nothing goes on a wire: no key, and nothing insecure
        keyless = self.server_key is None and not security.is_local(self.address)
        if keyless and not insecure:
            raise security.AddressError(
                f"{endpoint!r} carries no host key and none is known for it: use the whole address the "
                "host shows (tcp://HOST:PORT/KEY), or `ekpeer join HOST:PORT` to find its key on the LAN; "
                "connecting without encryption needs --insecure")
        self.insecure = keyless
        self.keypair = keypair
        self.password = password
        self.choices = choices          # False: no lobby choices wanted (straight to the table)
        # the language the host's card words come in (hello and join ``lang``); None: the client's
        self.lang = lang
        self.name = name
        self.token = token
        self.table: str | None = None
        self.seat: str | None = None
        self.spectator = False
        self.ctx = ctx or zmq.asyncio.Context.instance()
        self.ping_seconds = ping_seconds
        self._silence_given = silence_seconds is not None
        self._ping_sooner = asyncio.Event()     # set when the host asks for pings more often
        self.silence_seconds = silence_seconds or max(SILENCE, ping_seconds * 3)
        self.request_timeout = request_timeout
        self.auto_reconnect = reconnect
        self.heartbeat_ms = heartbeat_ms
        self.on_message = on_message
        self.raw_hook = raw_hook
        # A plain socket (of ``ctx``: inproc reaches a host in this process), written without
        # waiting and read when the loop sees its descriptor readable: no future per frame,
        # which zmq.asyncio makes (half a client's time per frame went to it).
        self.sock: zmq.Socket | None = None
        self._frames: deque[bytes] = deque()        # read from the socket, not yet handled
        self._frames_come: asyncio.Future | None = None     # the receiving task waits on it
        self._watched: tuple[Any, int] | None = None        # (selector, descriptor) watched
        self.version: int | None = None
        self.hello_reply: dict[str, Any] = {}
        self.last_seq = 0
        self.reconnects = 0
        self._ids = 0
        self._pending: dict[int, asyncio.Future] = {}
        self._queue: asyncio.Queue[Message] = asyncio.Queue()
        self._tasks: list[asyncio.Task] = []
        self._last_heard = 0.0
        self._closed = False
        self._resyncing = False
        self._unacked = 0               # bytes read since the host was last told (ping ``seen``)
        self._asked_at: dict[int, float] = {}   # ping and hello ids, and when they went (loop time)
        self._round_trips: deque[float] = deque(maxlen=ROUND_TRIPS)     # pings' only
        self._hellos: set[int] = set()          # which of those ids are hellos
        self._hello_trip: float | None = None   # the last hello's, until a ping was timed

    # ------------------------------------------------------------------ connection
    def _open(self) -> None:
        sock = self.ctx.socket(zmq.DEALER, socket_class=zmq.Socket)
        sock.setsockopt(zmq.LINGER, 0)
        sock.setsockopt(zmq.MAXMSGSIZE, P.MAX_HOST_FRAME + P.CURVE_OVERHEAD)
        if self.heartbeat_ms > 0:   # never by default: limits.ZMTP_HEARTBEAT_MS says why
            sock.setsockopt(zmq.HEARTBEAT_IVL, self.heartbeat_ms)
            sock.setsockopt(zmq.HEARTBEAT_TIMEOUT, self.heartbeat_ms * 3)
            sock.setsockopt(zmq.HEARTBEAT_TTL, self.heartbeat_ms * 3)
        sock.setsockopt(zmq.RECONNECT_IVL, 100)
        sock.setsockopt(zmq.RECONNECT_IVL_MAX, 2000)
        if self.server_key is not None:
            if self.keypair is None:
                self.keypair = security.load_keypair("client")
            security.secure_client(sock, self.server_key, self.keypair)
        sock.connect(self.address)
        self.sock = sock
        self.last_seq = 0
        self._unacked = 0
        self._asked_at.clear()      # the old socket's pings are never answered on this one
        self._hellos.clear()
        loop = asyncio.get_running_loop()
        self._last_heard = loop.time()
        selector = _selector(loop)
        fd = sock.getsockopt(zmq.FD)
        selector.add_reader(fd, self._on_readable, sock)
        self._watched = (selector, fd)

    def _close_socket(self) -> None:
        """Stop watching the socket, close it and forget what it read and nobody handled."""
        if self._watched is not None:
            selector, fd = self._watched
            with contextlib.suppress(Exception):
                selector.remove_reader(fd)
            self._watched = None
        if self.sock is not None:
            self.sock.close(linger=0)
            self.sock = None
        self._frames.clear()

    def _on_readable(self, sock: zmq.Socket) -> None:
        """Read what the socket holds (up to ``READ_BATCH`` frames, then again on the loop's
        next pass) for the receiving task. ZeroMQ's descriptor is edge-triggered: it says
        "readable" once, so everything waiting is read now, and :meth:`_send` looks again
        after each send (a send may take the edge without a frame being read)."""
        if sock is not self.sock:
            return
        frames = self._frames
        try:
            for _ in range(READ_BATCH):
                if not sock.getsockopt(_EVENTS) & _POLLIN:
                    break
                frames.append(sock.recv(_DONTWAIT))
            else:
                asyncio.get_running_loop().call_soon(self._on_readable, sock)
        except zmq.ZMQError:
            pass
        waiter = self._frames_come
        if frames and waiter is not None and not waiter.done():
            waiter.set_result(None)

    def _send(self, frame: bytes) -> None:
        """Send ``frame`` without waiting (``zmq.Again`` when the queue to the host is full),
        then look for frames the send's look at the socket left unsaid (see :meth:`_on_readable`)."""
        sock = self.sock
        if sock is None:
            raise ConnectionError("not connected")
        sock.send(frame, _DONTWAIT)
        self._on_readable(sock)

    async def connect(self) -> dict[str, Any]:
        """Open the connection and say hello; returns the host's hello reply."""
        self._open()
        if not self._tasks:
            self._tasks = [asyncio.create_task(self._recv_loop()), asyncio.create_task(self._keepalive())]
        # the first hello has its own deadline (the keepalive leaves a client that was never
        # answered alone): a host silent by then is said in words, not as a reconnect
        first = min(self.request_timeout, max(2 * self.silence_seconds, 1.0))
        try:
            reply = await self.hello(timeout=first)
        except TimeoutError:
            raise HostNotAnswering(self, first) from None
        known_hosts_mod.confirmed(self.known_hosts, self.trust)     # a first visit: remembered now
        return reply

    async def close(self) -> None:
        self._closed = True
        for t in self._tasks:
            t.cancel()
        for t in self._tasks:
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await t
        self._tasks = []
        for fut in self._pending.values():
            if not fut.done():
                fut.set_exception(ConnectionError("client closed"))
        self._pending.clear()
        self._close_socket()

    async def __aenter__(self) -> Client:
        await self.connect()
        return self

    async def __aexit__(self, *exc: Any) -> None:
        await self.close()

    # ------------------------------------------------------------------ requests
    def send_raw(self, frame: bytes) -> None:
        """Send one frame as is (tests and tools)."""
        self._send(frame)

    async def request(self, type_: str, body: dict[str, Any] | None = None, *, check: bool = True,
                      timeout: float | None = None) -> dict[str, Any]:
        if self.sock is None:
            raise ConnectionError("not connected")
        self._ids += 1
        msg_id = self._ids
        fut: asyncio.Future = asyncio.get_running_loop().create_future()
        self._pending[msg_id] = fut
        if type_ in ("hello", "ping"):      # answered at once by the host: a round trip to time
            self._asked(msg_id, hello=type_ == "hello")
        try:
            try:
                self._send(P.encode(type_, body or {}, msg_id))
            except zmq.ZMQError as exc:     # a full queue: the host has read nothing for long
                raise ConnectionError(f"cannot send to the host ({exc})") from None
            reply = await asyncio.wait_for(fut, timeout or self.request_timeout)
        finally:
            self._pending.pop(msg_id, None)
        if check and not reply.get("ok"):
            raise RequestError(reply.get("code", "error"), reply.get("message", ""), reply)
        return reply

    def language(self) -> str | None:
        """The language to ask the host for: ``lang`` if given, else the client's own (None: English)."""
        lang = self.lang if self.lang is not None else i18n.current()
        return None if lang == i18n.DEFAULT else lang

    async def hello(self, timeout: float | None = None) -> dict[str, Any]:
        body: dict[str, Any] = {"versions": list(P.SUPPORTED)}
        if self.name:
            body["name"] = self.name
        if self.token:
            body["token"] = self.token
        if not self.choices:
            body["choices"] = False
        lang = self.language()
        if lang:
            body["lang"] = lang
        reply = await self.request("hello", body, timeout=timeout)
        self.version = reply.get("version")
        self.hello_reply = reply
        self._adopt_ping(reply.get("ping_seconds"))
        return reply

    def _adopt_ping(self, asked: Any) -> None:
        """Ping at least as often as the host asks (``ping_seconds`` in its hello reply): a host
        that drops a silent connection sooner (``--idle``) says so there, and a client pinging
        slower than that would be dropped while it is only quiet."""
        if isinstance(asked, int | float) and not isinstance(asked, bool) \
                and 0.05 <= asked < self.ping_seconds:
            self.ping_seconds = float(asked)
            if not self._silence_given:
                self.silence_seconds = max(SILENCE, self.ping_seconds * 3)
            self._ping_sooner.set()

    async def join(self, table: str, name: str | None = None, token: str | None = None,
                   spectator: bool = False, password: str | None = None,
                   create: bool | None = None) -> dict[str, Any]:
        """Sit (or watch) at ``table``. ``create``: False when the player named a table that must
        exist (a typo is refused with the tables there, never a new table), True to make it; None
        leaves it to the host (it makes a missing table when it allows that)."""
        body: dict[str, Any] = {"table": table}
        if create is not None:
            body["create"] = create
        password = password or self.password
        if password:
            body["password"] = password
            self.password = password
        name = name or self.name
        token = token or (self.token if table == self.table or self.table is None else None)
        if name:
            body["name"] = name
        if token and not spectator:
            body["token"] = token
        if spectator:
            body["spectator"] = True
        lang = self.language()
        if lang:
            body["lang"] = lang
        try:
            reply = await self.request("join", body)
        except RequestError as exc:
            if exc.code == "bad_token" and body.get("token") == self.token:
                self.token = None       # the seat is gone: a join without a token sits anew
            raise
        self.table, self.spectator = reply.get("table", table), spectator
        if reply.get("token"):
            self.token = reply["token"]
        self.seat = reply.get("seat")
        return reply

    async def lobby_set(self, **settings: Any) -> dict[str, Any]:
        return await self.request("lobby_set", {"settings": settings})

    async def ready(self, ready: bool = True, picks: dict[str, list[str]] | None = None) -> dict[str, Any]:
        body: dict[str, Any] = {"ready": ready}
        if picks is not None:
            body["picks"] = picks
        return await self.request("ready", body)

    async def start(self) -> dict[str, Any]:
        return await self.request("start")

    async def move(self, move: Move | dict[str, Any], check: bool = True) -> dict[str, Any]:
        data = dict(move) if isinstance(move, dict) else move.to_dict()
        data.pop("by", None)
        return await self.request("move", {"move": data}, check=check)

    async def rematch(self) -> dict[str, Any]:
        return await self.request("rematch")

    async def leave(self) -> dict[str, Any]:
        reply = await self.request("leave")
        self.table, self.seat, self.token = None, None, None
        return reply

    async def ping(self) -> dict[str, Any]:
        return await self.request("ping")

    # ------------------------------------------------------------------ incoming
    async def messages(self) -> AsyncIterator[Message]:
        """Every message from the host that is not a reply to a request, in order."""
        while True:
            yield await self._queue.get()

    async def next_message(self, timeout: float | None = None) -> Message:
        return await asyncio.wait_for(self._queue.get(), timeout)

    async def _recv_loop(self) -> None:
        loop = asyncio.get_running_loop()
        frames = self._frames
        while not self._closed:
            if not frames:
                # the socket's reader (_on_readable) says when frames come
                self._frames_come = loop.create_future()
                try:
                    await self._frames_come
                finally:
                    self._frames_come = None
                continue
            # frames of a socket closed by a reconnect were forgotten with it (_close_socket)
            frame = frames.popleft()
            self._last_heard = loop.time()
            if self.raw_hook is not None:
                self.raw_hook(frame)
            try:
                env = P.decode(frame, P.MAX_HOST_FRAME, P.MAX_HOST_DEPTH, P.HOST_TYPES)
            except P.ProtocolError:
                continue
            if env.seq is not None:
                if self.last_seq and env.seq != self.last_seq + 1 and self.table and not self._resyncing:
                    asyncio.ensure_future(self._resync("sequence gap"))
                self.last_seq = env.seq
            self._unacked += len(frame)
            if self._unacked >= ACK_BYTES:     # much read since the last ping: say so now
                self._ping()
            if env.type == "reply" and env.re is not None:
                self._answered(env.re)
            if env.type == "reply" and env.re is not None and env.re in self._pending:
                fut = self._pending[env.re]
                if not fut.done():
                    fut.set_result(env.body)
                if env.body.get("code") == "not_joined" and self.table and not self._resyncing:
                    asyncio.ensure_future(self._resync("host forgot us"))
                continue
            if env.type == "reply" and env.body.get("code") == "not_joined" and self.table \
                    and not self._resyncing:
                asyncio.ensure_future(self._resync("host forgot us"))
            if env.type == "reply" and env.re is None and env.body.get("code") == "replaced":
                await self._replaced(env.body)
                continue
            msgs = [Message(env.type, env.body, env.id, env.re, env.seq)]
            timer = env.body.get("timer") if env.type in ("update", "snapshot") else None
            if env.type == "timer":
                self._on_time(env.body)
            elif isinstance(timer, dict):
                self._on_time(timer)
            if env.type == "snapshot":
                timer = None        # (the snapshot's running clock is read from it, not apart)
            if isinstance(timer, dict):     # the timer a move (re)started rides in its update
                msgs.append(Message("timer", timer, env.id, None, None))
            for msg in msgs:
                if self.on_message is not None:
                    try:
                        result = self.on_message(msg)
                        if asyncio.iscoroutine(result):
                            await result
                    except Exception:
                        pass
                self._queue.put_nowait(msg)
            if env.type == "update":
                # whoever waits for this view gets it now, before the frames behind it (the
                # move's ok reply, other updates) are decoded
                await asyncio.sleep(0)

    async def _keepalive(self) -> None:
        loop = asyncio.get_running_loop()
        while not self._closed:
            gap = self.ping_seconds * (0.8 + 0.4 * random.random())
            with contextlib.suppress(TimeoutError):     # woken early when the host asks for more
                await asyncio.wait_for(self._ping_sooner.wait(), gap)
            self._ping_sooner.clear()
            if self.sock is None or self._resyncing or not self.hello_reply:
                continue        # nothing to resync before the host first answered (connect waits)
            if loop.time() - self._last_heard > self.silence_seconds and self.auto_reconnect:
                await self._resync("host silent")
                continue
            self._ping()

    def _ping(self) -> None:
        """A ping that tells the host how far this client has read (``seen``: the host keeps
        only so many bytes unread for a connection, then drops it)."""
        if self.sock is None:
            return
        self._ids += 1
        self._asked(self._ids)
        try:
            self._send(P.encode("ping", {"seen": self.last_seq}, self._ids))
        except (zmq.ZMQError, ConnectionError):     # a full queue: a lost ping is no error
            return
        self._unacked = 0

    # ------------------------------------------------------------------ the trip's time
    def _asked(self, msg_id: int, hello: bool = False) -> None:
        """A request the host answers at once went now: its reply times a round trip (a
        ``hello``'s apart: see :attr:`delay`)."""
        asked = self._asked_at
        asked[msg_id] = asyncio.get_running_loop().time()
        if hello:
            self._hellos.add(msg_id)
        while len(asked) > 4 * ROUND_TRIPS:     # pings lost on the way are never answered
            del asked[next(iter(asked))]

    def _answered(self, re: int) -> None:
        sent = self._asked_at.pop(re, None)
        if sent is None:
            return
        trip = max(0.0, asyncio.get_running_loop().time() - sent)
        if re in self._hellos:
            self._hellos.discard(re)
            self._hello_trip = trip
        else:
            self._round_trips.append(trip)

    @property
    def delay(self) -> float:
        """Seconds a frame from the host is thought to take to get here: half the longest of the
        last :data:`ROUND_TRIPS` pings' round trips but a stall's (the host answers them at once),
        at most :data:`MOST_DELAY`; 0 before any was timed.

        Pings only, kept across a reconnect (the link is the same): a hello is the first frame
        of a fresh socket, and its trip holds the socket's connecting and handshake too (over a
        stranger's 250 ms relay it came to 2 s, and every clock ran 1 s short after each
        reconnect). A hello's trip is used only until the first ping came back, the best there
        is then: a clock that ends a little early beats one that ends late.

        The longest, not the average: a clock that ends a little early here costs a player a
        fraction of a second, one that ends late tells them they may still Nope when the host
        has closed the window (a stranger on a 250 ms link pressed Nope at 0.3 s and was refused).
        The longest but a stall's (:func:`steady_trip`): one ping held back 2 s on a lossy link
        cut every clock of the next five seconds by a second.
        """
        if not self._round_trips:
            return 0.0 if self._hello_trip is None else min(MOST_DELAY, self._hello_trip / 2)
        return min(MOST_DELAY, steady_trip(self._round_trips) / 2)

    def unheard_for(self) -> float:
        """Seconds the host has said nothing, once that is longer than it should be: a ping went
        after its last frame and is not answered, and the silence passed :data:`QUIET_SECONDS`
        (the pings' gap, if longer) and a usual round trip; else 0. A host with nothing to say
        still answers pings, so a silence this long means frames held back on the way (the
        player's screen stands stale meanwhile). 0 while reconnecting: the ``connection``
        messages say that."""
        if self.sock is None or self._closed or self._resyncing or not self.hello_reply:
            return 0.0
        heard = self._last_heard
        if not any(sent > heard for sent in self._asked_at.values()):
            return 0.0      # nothing asked since the host last spoke: nothing awaited
        silent = asyncio.get_running_loop().time() - heard
        usual = statistics.median_low(self._round_trips) if self._round_trips else 0.0
        return silent if silent >= max(QUIET_SECONDS, self.ping_seconds * 1.5) + usual else 0.0

    def _on_time(self, timer: dict[str, Any]) -> None:
        """A clock from the host (a ``timer``, or one an update or snapshot carries), made the
        host's deadline as seen here: its ``remaining`` (the seconds left when the host sent it;
        all of ``seconds`` when absent) less the time the frame took to come (:attr:`delay`,
        said in the client's own field ``delay``). So a lagged player's bar reaches 0 when the
        host's does, not a trip later (docs/protocol.md, Timers)."""
        left = timer.get("remaining", timer.get("seconds"))
        if not isinstance(left, int | float) or isinstance(left, bool):
            return
        delay = self.delay
        timer["remaining"] = round(max(0.0, float(left) - delay), 3)
        timer["delay"] = round(delay, 3)

    async def reconnect(self) -> None:
        """Drop the socket, open a fresh one and resume the seat (or spectating) if any."""
        await self._resync("asked")

    async def _tell(self, state: str, **fields: Any) -> None:
        """A ``connection`` message of the client's own to whoever reads :meth:`messages`."""
        msg = Message("connection", {"state": state, **fields}, 0, None, None)
        if self.on_message is not None:
            with contextlib.suppress(Exception):
                result = self.on_message(msg)
                if asyncio.iscoroutine(result):
                    await result
        self._queue.put_nowait(msg)

    async def _resync(self, reason: str) -> None:
        if self._resyncing or self._closed:
            return
        self._resyncing = True
        lost = reason == "host silent"      # the host is gone: say so, and say when it is back
        try:
            down = False
            if lost:        # how long it has really been silent, and whether our own network is down
                silent = asyncio.get_running_loop().time() - self._last_heard
                down = await self._own_network_down()
                await self._tell("lost", reason=reason, silent_seconds=round(silent, 1),
                                 own_network_down=down)
            self.reconnects += 1
            for fut in self._pending.values():
                if not fut.done():
                    fut.set_exception(ConnectionError(f"reconnecting: {reason}"))
            self._close_socket()
            self._open()
            attempts = 0
            while not self._closed:
                attempts += 1
                try:
                    await self.hello()
                    joined: dict[str, Any] = {}
                    if self.table:
                        if self.spectator:      # (its reply says whether the host started again)
                            joined = await self.join(self.table, spectator=True)
                        elif self.token:
                            joined = await self.join(self.table, token=self.token)
                        else:   # no token left to resume by: never "back" at a seat the host lacks
                            raise RequestError("bad_token", "no seat at this table has a token of "
                                                            "yours any more")
                    if lost:
                        # the host's word on our drop, when it saw one: then it was our link
                        # that failed, not the host that went (README: "back after 2 s")
                        said = {"away": joined["away"], "bot_played": bool(joined.get("bot_played"))} \
                            if isinstance(joined.get("away"), int | float) else {}
                        if joined.get("restarted") is True:     # a host started again: it was gone
                            said["restarted"] = True
                        await self._tell("back", attempts=attempts, **said)
                    elif isinstance(joined.get("away"), int | float):
                        # a drop the host saw (every other table said so) though this client
                        # never went silent long enough to call the host gone: said all the same
                        await self._tell("rejoined", reason=reason, away=joined["away"],
                                         bot_played=bool(joined.get("bot_played")),
                                         **({"restarted": True} if joined.get("restarted") is True else {}))
                    return
                except RequestError as exc:     # the host refused: the seat is gone
                    # nothing to come back to: the seat is forgotten and the client reconnects no
                    # more, so that no later reconnect says "back" with no seat at the host (a
                    # stranger was told he was in his seat again, at a table the host did not have)
                    self.table, self.seat, self.token, self.spectator = None, None, None, False
                    self.auto_reconnect = False
                    # and its socket closes: ZeroMQ would connect it again by itself each time
                    # the host cut it, its keepalive pinging without a hello, and the host
                    # logged no_hello against the address every 6 s while the dialog stayed
                    # open (an address `ekpeer serve`'s browser seats share, or a household's)
                    self._give_up("the host refused the seat")
                    await self._tell("refused", code=exc.code, message=exc.message)
                    return
                except (TimeoutError, ConnectionError):
                    if lost and await self._own_network_down() != down:
                        down = not down
                        await self._tell("network", own_network_down=down)
                    await asyncio.sleep(0.2)
        finally:
            self._resyncing = False

    async def _replaced(self, body: dict[str, Any]) -> None:
        """Our seat went to a newer connection of this client key (the player joined again
        elsewhere: another window, a restarted terminal). This one lets it go for good: no
        reconnect takes the seat back (two windows would take it from each other in turn), and
        the socket closes, so that nothing connects again on its own. Said to the reader in a
        ``connection`` message, ``{state: "replaced", message}``."""
        self.auto_reconnect = False
        self.table, self.seat, self.token = None, None, None
        self._give_up("the seat was taken on another connection")
        await self._tell("replaced", code="replaced", message=str(body.get("message") or ""))

    def _give_up(self, why: str) -> None:
        """This client has nothing left at the host (its seat refused, or taken on another
        connection): it stops and its socket closes, so that nothing connects again on its own
        until the player acts (a new client: their join command, the start screen)."""
        self._closed = True
        for fut in self._pending.values():
            if not fut.done():
                fut.set_exception(ConnectionError(why))
        self._close_socket()

    async def _own_network_down(self) -> bool:
        """Has this machine no route to the host (its own network down)? (ekpeer.net.reach)"""
        if not self.address.startswith("tcp://"):
            return False
        from .own_network import no_route

        host, _, port = self.address[len("tcp://"):].rpartition(":")
        loop = asyncio.get_running_loop()
        try:
            return await asyncio.wait_for(loop.run_in_executor(None, no_route, host, int(port)), 2.0)
        except (TimeoutError, ValueError, OSError):
            return False
