"""The headless host's log lines, written so that a closed or broken stdout never stops it.

``ekpeer host --headless ... | tee log``: a ctrl+c reaches ``tee`` as well as the host, and
the host's next line meets a broken pipe. That line, and every one after, is dropped: the
stream is pointed at ``/dev/null`` (so that Python's own flush at exit cannot fail either,
which would end the process with status 120), and the host goes on to tell its clients that
it closed the table. The same for a stdout closed before the start (``>&-``), where
``sys.stdout`` is None.
"""

from __future__ import annotations

import contextlib
import os
import sys

_gone: set[str] = set()         # the streams let go of ("stdout", "stderr")


def write_line(line: str, stream: str = "stdout") -> bool:
    """Write ``line`` and a newline to ``sys.stdout`` (or ``sys.stderr``) and flush it; False
    (and nothing raised) once the stream is closed or broken."""
    if stream in _gone:
        return False
    out = getattr(sys, stream, None)
    try:
        if out is None:
            raise OSError(f"{stream} is closed")
        out.write(line + "\n")
        out.flush()
        return True
    except (OSError, ValueError):       # BrokenPipeError, EBADF, "I/O operation on closed file"
        let_go(stream)
        return False


def let_go(stream: str = "stdout") -> None:
    """Stop writing to ``stream``: its file descriptor becomes ``/dev/null``, its buffer is dropped."""
    _gone.add(stream)
    out = getattr(sys, stream, None)
    if out is None:      # closed before the start: its descriptor may be another file's now
        return
    fd = 1 if stream == "stdout" else 2
    with contextlib.suppress(Exception):
        if out.fileno() == fd:
            null = os.open(os.devnull, os.O_WRONLY)
            os.dup2(null, fd)
            os.close(null)
            out.flush()        # what the broken pipe held goes to /dev/null now
            return
    with contextlib.suppress(OSError):
        setattr(sys, stream, open(os.devnull, "w"))  # noqa: SIM115 - lives as long as the process


def hold_standard_descriptors() -> None:
    """A stdout or stderr closed before the start (``>&-``) gets ``/dev/null`` on its descriptor
    now, before anything else opens: otherwise the next file, socket or event loop opened takes
    descriptor 1 or 2, and whatever is written "to stdout" would land in it."""
    for fd in (1, 2):
        try:
            os.fstat(fd)
        except OSError:
            with contextlib.suppress(OSError):
                null = os.open(os.devnull, os.O_WRONLY)
                if null != fd:
                    os.dup2(null, fd)
                    os.close(null)
