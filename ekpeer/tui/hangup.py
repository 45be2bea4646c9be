"""The client ends when its terminal or its input goes away.

A Textual app does not exit when its input closes. Linux's driver keeps selecting a
descriptor that reads empty (a core spent spinning, for ever) or its input thread dies on
``EIO`` when the terminal closes, and the web driver (``ekpeer serve``) just stops reading
when the web server that feeds it is gone. Either way the client would run on with nobody
at it, holding a seat the host then waits for.

So every ``ekpeer`` command that runs the client wraps ``app.run()`` in
:func:`exit_on_hangup`: a thread sleeps in ``poll()`` on the input descriptor asking for
no event at all, which the kernel still wakes for the ones it always reports: ``POLLHUP``
(the terminal's other side or the pipe's writer is gone), ``POLLERR``, ``POLLNVAL`` (no
such descriptor). It reads nothing, so it never races the driver for keys. The app is
then asked to exit, and if it has not within a few seconds (a stuck worker), the process
ends itself. A client started with no terminal at all (input from ``/dev/null``, a file,
or closed) is refused at once with words instead of spinning.
"""

from __future__ import annotations

import contextlib
import os
import select
import sys
import threading
from collections.abc import Iterator
from typing import Any

from ..i18n import N_, _

HUNG_UP = 129                 # 128 + SIGHUP, the shell's code for a process its terminal left
# Linux only: macOS's poll() answers POLLNVAL for terminals, and Windows has no poll()
WATCHABLE = sys.platform.startswith("linux") and hasattr(select, "poll")
HANGUP_EVENTS = (select.POLLHUP | select.POLLERR | select.POLLNVAL) if WATCHABLE else 0
NO_TERMINAL = N_("ekpeer: the client needs a terminal, and its input is not one. Run it in a terminal "
                 "(a friend with only a browser gets a seat through `ekpeer serve`).")


def own_input_driver() -> bool:
    """Whether Textual reads its input from something other than a terminal (``TEXTUAL_DRIVER``,
    as ``ekpeer serve`` sets it for the web driver, which reads packets from a pipe)."""
    return bool(os.environ.get("TEXTUAL_DRIVER"))


def has_terminal(fd: int = 0) -> bool:
    try:
        return os.isatty(fd)
    except OSError:
        return False


class HangupWatch:
    """A daemon thread that asks ``app`` to exit when ``fd`` hangs up (see the module's docstring)."""

    def __init__(self, app: Any, fd: int = 0, grace: float = 5.0) -> None:
        self.app = app
        self.fd = fd
        self.grace = grace
        self.hung_up = threading.Event()
        self.done = threading.Event()          # app.run() has returned: nothing left to stop
        self._wake_r, self._wake_w = os.pipe()
        self._thread = threading.Thread(target=self._watch, name="ekpeer-hangup", daemon=True)

    def start(self) -> None:
        self._thread.start()

    def stop(self) -> None:
        self.done.set()
        with contextlib.suppress(OSError):
            os.write(self._wake_w, b"x")
        self._thread.join(1.0)
        for fd in (self._wake_r, self._wake_w):
            with contextlib.suppress(OSError):
                os.close(fd)

    def _watch(self) -> None:
        poller = select.poll()
        poller.register(self.fd, 0)            # no event asked: only hangups and errors wake it
        poller.register(self._wake_r, select.POLLIN)
        while not self.done.is_set():
            try:
                ready = poller.poll()
            except InterruptedError:
                continue
            for fd, events in ready:
                if fd == self._wake_r:
                    return
                if events & HANGUP_EVENTS:
                    self._hang_up()
                    return

    def _hang_up(self) -> None:
        self.hung_up.set()
        # the last resort first: if the app cannot end (its loop stuck), the process does
        force = threading.Timer(self.grace, self._force)
        force.daemon = True
        force.start()
        while not self.done.is_set():
            try:
                self.app.call_from_thread(self.app.exit, None, HUNG_UP)
                return
            except RuntimeError:               # not running yet (or already ending): look again
                if self.done.wait(0.1):
                    return

    def _force(self) -> None:
        if not self.done.is_set():
            with contextlib.suppress(Exception):
                sys.stderr.write("ekpeer: the terminal went away and the client did not end; ending it\n")
            os._exit(HUNG_UP)


@contextlib.contextmanager
def exit_on_hangup(app: Any, fd: int = 0) -> Iterator[HangupWatch | None]:
    """Run the block (``app.run()``) with a :class:`HangupWatch` on ``fd``.

    Without a terminal on ``fd`` (and no driver of its own, as the web driver has) the
    client is refused at once: ``SystemExit(2)`` with words. Objects that are not Textual
    apps (tests' stand-ins) run unwatched, and so does every app off Linux.
    """
    if not hasattr(app, "call_from_thread"):
        yield None
        return
    if not own_input_driver() and not has_terminal(fd):
        sys.stderr.write(_(NO_TERMINAL) + "\n")
        raise SystemExit(2)
    if not WATCHABLE:
        yield None
        return
    watch = HangupWatch(app, fd)
    watch.start()
    try:
        yield watch
    finally:
        watch.stop()
