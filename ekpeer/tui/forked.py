"""``ekpeer play``'s host and its connection in a child process, forked before Textual loads.

Most of the client's start is importing Textual, on one core of the machine. ``ekpeer play``
forks first: the child opens the session the command made (a
:class:`~ekpeer.tui.session.NetSession` with its :class:`~ekpeer.net.hosted.LocalHost`: host on
loopback, this player's client over inproc, the game dealt), importing the host, the engine
and ZeroMQ on the other core meanwhile, and the player's first view is waiting in a pipe by
the time the app asks for it. This module imports none of them: the child gets them from the
session it is handed.

The pipe carries the session, not the game: each way a length-prefixed msgpack frame, the
app's calls (``{"call": "move", "args": [...]}``) one way and the messages the in-child
client received (``{"type", "body"}``, this player's own view only) the other. The child
stops when its pipe reaches end of file, which happens when the app closes the session or
its process ends however it ends.

POSIX only, and only while no thread runs (a forked child keeps the forking thread alone);
elsewhere ``ekpeer play`` hosts in the app's own process. Imports stay light here: this
module loads before the fork, in both processes.
"""

from __future__ import annotations

import os
import signal
import struct
import sys
import time
from collections.abc import Callable
from typing import Any

from .session import Session, SessionClosed, SessionFactory, from_host

_LENGTH = struct.Struct("!I")
MAX_FRAME = 64 * 1024 * 1024      # a snapshot with the whole catalog is well under 1 MiB
LOG_NAME = "play-host.log"        # <data>/logs/: the child's stderr, should it fail
CALLS = ("lobby_set", "ready", "start", "move", "rematch")


def can_fork() -> bool:
    """A fork is safe here: POSIX, no thread running yet, and not turned off with
    ``EKPEER_FORK_HOST=0``."""
    if not hasattr(os, "fork") or os.environ.get("EKPEER_FORK_HOST", "1") == "0":
        return False
    threading = sys.modules.get("threading")
    return threading is None or threading.active_count() == 1


def fork_session(make: Callable[[], Session]) -> ForkedSession:
    """Fork; the child opens ``make()`` and serves it over two pipes until the parent goes."""
    to_child_r, to_child_w = os.pipe()
    to_parent_r, to_parent_w = os.pipe()
    pid = os.fork()
    if pid == 0:
        os.close(to_child_w)
        os.close(to_parent_r)
        _child(make, to_child_r, to_parent_w)   # never returns
    os.close(to_child_r)
    os.close(to_parent_w)
    return ForkedSession(pid, to_parent_r, to_child_w)


def forked_factory(forked: ForkedSession, fallback: SessionFactory) -> SessionFactory:
    """The app's first ``play`` session is ``forked``; any other (a table started again after
    leaving, or a host or join chosen instead) is made by ``fallback`` in this process."""
    unused = [forked]

    def make(*args: Any, **kwargs: Any) -> Session:
        mode = kwargs.get("mode", args[0] if args else "play")
        if unused and mode == "play":
            return unused.pop()
        if unused:
            unused.pop().discard()
        return fallback(*args, **kwargs)

    return make


# ---------------------------------------------------------------------------- framing
def _frame(obj: dict[str, Any]) -> bytes:
    import msgpack

    body = msgpack.packb(obj, use_bin_type=True)
    return _LENGTH.pack(len(body)) + body


class _Frames:
    """Splits a byte stream into the msgpack frames of :func:`_frame`."""

    def __init__(self) -> None:
        self.buffer = bytearray()

    def feed(self, data: bytes) -> list[dict[str, Any]]:
        import msgpack

        self.buffer += data
        out = []
        while len(self.buffer) >= _LENGTH.size:
            (size,) = _LENGTH.unpack_from(self.buffer)
            if size > MAX_FRAME:
                raise ValueError(f"frame of {size} bytes")
            if len(self.buffer) < _LENGTH.size + size:
                break
            body = bytes(self.buffer[_LENGTH.size:_LENGTH.size + size])
            del self.buffer[:_LENGTH.size + size]
            out.append(msgpack.unpackb(body, raw=False))
        return out


async def _pipes(read_fd: int, write_fd: int, on_frame: Callable[[dict[str, Any]], None],
                 on_eof: Callable[[], None]) -> Any:
    """Asyncio transports over the two pipe ends; returns the writing one."""
    import asyncio

    loop = asyncio.get_running_loop()
    frames = _Frames()

    class Reader(asyncio.Protocol):
        def data_received(self, data: bytes) -> None:
            try:
                for frame in frames.feed(data):
                    on_frame(frame)
            except ValueError:
                on_eof()

        def eof_received(self) -> bool:
            on_eof()
            return False

        def connection_lost(self, exc: BaseException | None) -> None:
            on_eof()

    await loop.connect_read_pipe(Reader, os.fdopen(read_fd, "rb", buffering=0))
    writer, _ = await loop.connect_write_pipe(asyncio.Protocol, os.fdopen(write_fd, "wb", buffering=0))
    return writer


# ---------------------------------------------------------------------------- the app's side
class ForkedSession(Session):
    """The app's end: each call goes down the pipe, each message comes up it."""

    def __init__(self, pid: int, read_fd: int, write_fd: int) -> None:
        import asyncio

        self.pid = pid
        self._read_fd, self._write_fd = read_fd, write_fd
        self._writer: Any = None
        self.queue: asyncio.Queue[dict[str, Any]] = asyncio.Queue()
        self._opened: asyncio.Future[dict[str, Any]] | None = None
        self._gone = False

    async def open(self) -> None:
        import asyncio

        self._opened = asyncio.get_running_loop().create_future()
        self._writer = await _pipes(self._read_fd, self._write_fd, self._received, self._ended)
        body = await self._opened
        self.name = body.get("name") or self.name
        self.address = body.get("address")

    def _received(self, frame: dict[str, Any]) -> None:
        kind = frame.get("type")
        if kind == "_opened" and self._opened is not None and not self._opened.done():
            self._opened.set_result(frame.get("body") or {})
        elif kind == "_failed" and self._opened is not None and not self._opened.done():
            self._opened.set_exception(SessionClosed(str((frame.get("body") or {}).get("reason"))))
        else:
            self.queue.put_nowait(frame)

    def _ended(self) -> None:
        if self._gone:
            return
        self._gone = True
        reason = "the host process stopped"
        if self._opened is not None and not self._opened.done():
            self._opened.set_exception(SessionClosed(reason))
        self.queue.put_nowait({"type": "closed", "body": {"reason": reason}})
        if not self._reap(wait=0):   # its pipe closes a moment before the process is gone
            import asyncio

            asyncio.get_running_loop().call_later(0.5, self._reap, 0)

    async def recv(self) -> dict[str, Any]:
        return from_host(await self.queue.get())

    def _call(self, name: str, *args: Any) -> None:
        if self._writer is not None and not self._gone:
            self._writer.write(_frame({"call": name, "args": list(args)}))

    async def lobby_set(self, settings: dict[str, Any]) -> None:
        self._call("lobby_set", settings)

    async def ready(self, ready: bool = True, picks: dict[str, list[str]] | None = None) -> None:
        self._call("ready", ready, picks)

    async def start(self) -> None:
        self._call("start")

    async def move(self, move: dict[str, Any]) -> None:
        self._call("move", move)

    async def rematch(self) -> None:
        self._call("rematch")

    async def close(self) -> None:
        """Leave the table: the child closes its session and host, then exits."""
        import asyncio

        self._call("close")
        self._gone = True
        if self._writer is not None:
            self._writer.close()
        deadline = time.monotonic() + 2.0
        while not self._reap(wait=0) and time.monotonic() < deadline:
            await asyncio.sleep(0.01)
        self._reap(wait=None)
        self.queue.put_nowait({"type": "closed", "body": {}})

    def discard(self) -> None:
        """Never opened (the player chose another table): end the child without waiting."""
        self._gone = True
        for fd in (self._read_fd, self._write_fd):
            try:
                os.close(fd)
            except OSError:
                pass
        self._reap(wait=None)

    def _reap(self, wait: float | None) -> bool:
        """Collect the child's exit status; with ``wait=None``, kill it first if still there
        after a moment. True once it is gone."""
        deadline = time.monotonic() + (0.5 if wait is None else wait)
        while True:
            try:
                pid, _ = os.waitpid(self.pid, os.WNOHANG)
            except ChildProcessError:
                return True
            if pid:
                return True
            if time.monotonic() >= deadline:
                if wait is None:
                    os.kill(self.pid, signal.SIGKILL)
                    os.waitpid(self.pid, 0)
                    return True
                return False
            time.sleep(0.005)


# ---------------------------------------------------------------------------- the child
def _child(make: Callable[[], Session], read_fd: int, write_fd: int) -> None:
    """The forked process: serve ``make()`` until the parent goes, then exit (never return)."""
    code = 1
    try:
        # the terminal is the app's: Ctrl+C is its key there, and nothing here may write to it
        signal.signal(signal.SIGINT, signal.SIG_IGN)
        null = os.open(os.devnull, os.O_RDWR)
        for fd in (0, 1, 2):
            os.dup2(null, fd)
        os.close(null)
        _log_to_file()
        import asyncio

        asyncio.run(_serve(make, read_fd, write_fd))
        code = 0
    except BaseException:
        import traceback

        traceback.print_exc()
    finally:
        if "ekpeer.bots.pool" in sys.modules:   # os._exit runs no atexit: stop the search workers
            sys.modules["ekpeer.bots.pool"].shutdown(ending=True)
        sys.stderr.flush()
        os._exit(code)


def _log_to_file() -> None:
    try:
        from ..net.security import data_dir

        path = data_dir() / "logs"
        path.mkdir(parents=True, exist_ok=True)
        fd = os.open(path / LOG_NAME, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    except (ImportError, OSError):
        return
    os.dup2(fd, 2)
    os.close(fd)


async def _serve(make: Callable[[], Session], read_fd: int, write_fd: int) -> None:
    import asyncio

    from .. import collector

    loop = asyncio.get_running_loop()
    parent_gone = asyncio.Event()
    calls: asyncio.Queue[dict[str, Any]] = asyncio.Queue()
    writer = await _pipes(read_fd, write_fd, calls.put_nowait, parent_gone.set)
    session = make()
    try:
        await session.open()
    except Exception as exc:
        writer.write(_frame({"type": "_failed", "body": {"reason": _words(exc)}}))
        await _drain(writer)
        return
    writer.write(_frame({"type": "_opened", "body": {"name": session.name,
                                                     "address": getattr(session, "address", None)}}))
    # the app paused the collector for its start; this process hosts from now on
    collector.serve()

    async def pump() -> None:
        try:
            while True:
                writer.write(_frame(await session.recv()))
        except SessionClosed as exc:
            writer.write(_frame({"type": "closed", "body": {"reason": str(exc)}}))
        except Exception as exc:
            writer.write(_frame({"type": "closed", "body": {"reason": _words(exc)}}))

    async def serve_calls() -> None:
        while True:
            call = await calls.get()
            name, args = call.get("call"), call.get("args") or []
            if name == "close":
                return
            if name not in CALLS:
                continue
            try:
                await getattr(session, name)(*args)
            except Exception as exc:  # the app hears it as a refused request
                writer.write(_frame({"type": "reply", "body": {"ok": False, "code": "error",
                                                               "message": _words(exc)}}))

    tasks = [loop.create_task(pump()), loop.create_task(serve_calls()),
             loop.create_task(parent_gone.wait())]
    await asyncio.wait(tasks[1:], return_when=asyncio.FIRST_COMPLETED)
    for t in tasks:
        t.cancel()
    try:
        await asyncio.wait_for(session.close(), 3.0)
    except Exception:
        pass
    await _drain(writer)


async def _drain(writer: Any) -> None:
    import asyncio

    writer.close()
    for _ in range(100):   # what is still buffered, for a parent that is still there
        if writer.is_closing() and writer.get_write_buffer_size() == 0:
            break
        await asyncio.sleep(0.01)


def _words(exc: BaseException) -> str:
    return str(exc) or type(exc).__name__
