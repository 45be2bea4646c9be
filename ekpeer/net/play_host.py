"""The loopback host of ``ekpeer play``, in a process of its own.

One person playing alone still has a real host: the client talks to it over ZeroMQ on
loopback like any other seat. Running that host in a child process (rather than in the
client's event loop) gives the bots' thinking and every rule decision a core of their own,
so the table never stutters while bots move, and lets the host start (imports, key pair,
dealing the game) while the client is still drawing its first screen.

Parent side: :func:`spawn` starts ``python -m ekpeer.net.play_host`` and sends it one JSON
line of settings on its stdin; :meth:`PlayHost.ready` reads back one JSON line with the
address to connect to (and the dealt seat's token). The child serves until its stdin closes
(the client quit, or died: the pipe closes with it) or it is sent SIGTERM.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import signal
import subprocess
import sys
import tempfile
from typing import IO, Any


class PlayHostError(Exception):
    """The host process could not start (its last words are in the message)."""


class PlayHost:
    """A host process serving one table on loopback (parent side)."""

    def __init__(self, proc: subprocess.Popen, errors: IO[bytes]) -> None:
        self.proc = proc
        self.errors = errors
        self.info: dict[str, Any] | None = None

    async def ready(self, timeout: float = 20.0) -> dict[str, Any]:
        """The child's one line: ``{"endpoint", "table", "token"?}``, or why it failed."""
        if self.info is not None:
            return self.info
        assert self.proc.stdout is not None
        try:
            line = await asyncio.wait_for(asyncio.to_thread(self.proc.stdout.readline), timeout)
        except TimeoutError:
            self.kill()
            raise PlayHostError(f"the host process did not start within {timeout:.0f} s") from None
        try:
            info = json.loads(line) if line else None
        except ValueError:
            info = None
        if not isinstance(info, dict) or "error" in info or "endpoint" not in info:
            said = info.get("error") if isinstance(info, dict) else None
            self.kill()
            raise PlayHostError(said or f"the host process stopped: {self.last_words() or 'no output'}")
        self.info = info
        return info

    def last_words(self) -> str:
        with contextlib.suppress(OSError, ValueError):
            self.errors.seek(0)
            lines = self.errors.read().decode("utf-8", "replace").strip().splitlines()
            return lines[-1] if lines else ""
        return ""

    async def close(self, timeout: float = 2.0) -> None:
        """Close its stdin (the child's cue to close its table and exit), then make sure."""
        with contextlib.suppress(OSError, ValueError):
            if self.proc.stdin is not None:
                self.proc.stdin.close()
        try:
            await asyncio.wait_for(asyncio.to_thread(self.proc.wait), timeout)
        except TimeoutError:
            self.kill()
        with contextlib.suppress(OSError, ValueError):
            self.errors.close()

    def kill(self) -> None:
        if self.proc.poll() is None:
            with contextlib.suppress(OSError):
                self.proc.kill()
            with contextlib.suppress(subprocess.TimeoutExpired):
                self.proc.wait(2.0)


def spawn(*, name: str, settings: dict[str, Any], think: tuple[float, float], autostart: bool,
          insecure: bool = False, save_replays: str | None = None, table: str = "play") -> PlayHost:
    """Start the host process now; it deals at once with ``autostart`` (the seat for ``name``)."""
    config = {"name": name, "settings": settings, "think": list(think), "autostart": autostart,
              "insecure": insecure, "save_replays": save_replays, "table": table}
    errors = tempfile.TemporaryFile()
    proc = subprocess.Popen(
        [sys.executable, "-m", "ekpeer.net.play_host"],
        stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=errors,
        # its own session: the terminal's Ctrl+C or Ctrl+Z reach the client, which then
        # closes the table in order; the host never prints over the client's screen
        start_new_session=True, close_fds=True)
    assert proc.stdin is not None
    proc.stdin.write(json.dumps(config).encode() + b"\n")
    proc.stdin.flush()
    return PlayHost(proc, errors)


# ---------------------------------------------------------------------- child side
async def serve(config: dict[str, Any]) -> int:
    from .host import Host
    from .lobby import SettingsError
    from .protocol import ProtocolError
    from .security import join_address, load_keypair

    insecure = bool(config.get("insecure"))
    think = config.get("think") or (0.3, 0.7)
    host = Host("tcp://127.0.0.1:0", think=(float(think[0]), float(think[1])), secure=not insecure)
    if config.get("save_replays"):
        from ..replays import ReplaySaver

        host.game_over_hooks.append(ReplaySaver(config["save_replays"]))
    endpoint = await host.start()
    port = endpoint.rsplit(":", 1)[1]
    info: dict[str, Any] = {"endpoint": f"tcp://127.0.0.1:{port}", "table": config.get("table") or "play"}
    if not insecure:
        info["endpoint"] = join_address(info["endpoint"], host.public_key)
    if config.get("autostart"):
        # the seat is dealt for this user's client key (the client reads the same key file)
        key = None if insecure else load_keypair("client")[0].decode("ascii")
        try:
            name = str(config.get("name") or "you")
            seat = host.deal(info["table"], config.get("settings") or {}, name, key)
        except (SettingsError, ProtocolError):
            pass        # the client then goes the usual way (join, settings, start), which says why
        else:
            info["token"] = seat.token
            info["table"] = next(t.id for t in host.tables.values() if seat in t.seats)
    sys.stdout.write(json.dumps(info) + "\n")
    sys.stdout.flush()

    loop = asyncio.get_running_loop()
    stop = asyncio.Event()
    for sig in (signal.SIGTERM, signal.SIGINT, signal.SIGHUP):
        with contextlib.suppress(ValueError, NotImplementedError, RuntimeError):
            loop.add_signal_handler(sig, stop.set)
    # stdin closing (the client quit or died) ends the table
    loop.add_reader(0, lambda: stop.set() if not os.read(0, 4096) else None)
    await stop.wait()
    loop.remove_reader(0)
    with contextlib.suppress(Exception):
        await asyncio.wait_for(host.close(), 2.0)
    return 0


def main() -> int:
    line = sys.stdin.buffer.readline()
    try:
        config = json.loads(line)
        if not isinstance(config, dict):
            raise ValueError("not an object")
    except ValueError as exc:
        sys.stdout.write(json.dumps({"error": f"bad play-host config: {exc}"}) + "\n")
        return 2
    try:
        return asyncio.run(serve(config))
    except Exception as exc:   # said on stdout for the client to show, and in full on stderr
        import traceback

        traceback.print_exc()
        with contextlib.suppress(OSError, ValueError):
            sys.stdout.write(json.dumps({"error": f"the host could not start: {exc}"}) + "\n")
            sys.stdout.flush()
        return 1


if __name__ == "__main__":
    sys.exit(main())
